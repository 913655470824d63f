//! Screen traces: what a terminal program showed after every key.
//!
//! A trace (`docs/trace-format.md`) records each cell's character and
//! colour class before the first key and after each key. This crate reads
//! and writes traces ([`Trace`]), compares two ([`diff`]), shows a screen
//! ([`show`]) and models a program played ([`played`]).

pub mod burst;
pub mod classes;
pub mod cursor;
pub mod diff;
mod escape;
mod format;
pub mod keys;
pub mod played;
pub mod report;
pub mod resize;
pub mod resume;
pub mod show;
pub mod stderr;

pub use burst::{settles, JOIN};
pub use cursor::Cursor;
pub use escape::{
    char_literal, escape_keys, key_literal, parse_key_literal, unescape_keys,
};
pub use format::{
    parse_size, write_step, write_step_header, Header, OddCell, ParseError,
    Step, Trace, FIRST_AND_LAST, MAX_SIZE,
};
pub use keys::{key_bytes, key_name, key_told, SPECIAL_KEYS};
pub use resize::{is_resize, resize_key, resize_of, size_after};
pub use resume::{
    is_event, is_resume, suspended_after, suspends, RESUME, SUSPEND,
};
