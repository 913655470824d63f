//! How a capture's program ended: the model of a played program's
//! ([`rogue_trace_format::played`]), which a capture gives as the
//! built-in port does.

pub use rogue_trace_format::played::{Outcome, Stopped};
