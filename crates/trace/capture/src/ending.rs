//! How a captured program ended and how it left its terminal: the model
//! of a played program's ([`rogue_trace_format::played`]), which a capture
//! gives as the built-in port does.

pub use rogue_trace_format::played::{crash_name, Ending, Exit, Left, Signal};
