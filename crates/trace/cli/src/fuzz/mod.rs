//! What `rogue-trace fuzz` is made of: the cases it draws ([`walks`]),
//! how it tells differences apart ([`grouping`]), how it shrinks one
//! ([`shrink`]); the campaign that plays them ([`campaign`]) on jobs
//! side by side ([`workers`]), counts them ([`tally`]), records them
//! ([`record`]) and stops early when told ([`stop`]).

pub mod campaign;
pub mod grouping;
pub mod record;
pub mod shrink;
pub mod stop;
pub mod tally;
pub mod walks;
pub mod workers;
