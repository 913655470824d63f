//! Each `rogue-trace` command, a file of its own: its options and what it
//! runs.

pub mod capture;
pub mod compare;
pub mod completions;
pub mod diff;
pub mod fuzz;
pub mod fuzz_report;
pub mod man;
pub mod rand;
pub mod replay;
pub mod show;
