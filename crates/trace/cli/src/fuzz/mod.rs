//! What `rogue-trace fuzz` is made of: the cases it draws, how it groups and
//! shrinks differences, and the campaign that plays, counts and records them.

pub mod campaign;
pub mod grouping;
pub mod record;
pub mod shrink;
pub mod stop;
pub mod tally;
pub mod walks;
pub mod workers;
