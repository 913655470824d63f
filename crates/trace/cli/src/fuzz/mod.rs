//! What `rogue-trace fuzz` is made of: the cases it draws ([`walks`]),
//! how it tells differences apart ([`grouping`]), how it shrinks one
//! ([`shrink`]), and the campaign that plays them ([`campaign`]).

pub mod campaign;
pub mod grouping;
pub mod shrink;
pub mod walks;
