//! Recording any terminal program in a pseudo-terminal: `rogue-trace capture`.
//!
//! The program runs in a pseudo-terminal (the module `pty`), started with
//! `posix_spawn` on Linux (the module `spawn`), found as `execvp` finds it
//! (the module `program`); its output goes through a terminal emulator
//! (the module `terminal`), read back as trace steps ([`screen`]), in a
//! session ([`session`]). Keys are typed one at a time, each once the
//! screen has settled ([`record`]): the program waits for the next key
//! ([`settle`]). On Linux a program that takes the capture's library
//! ([`preload`], speaking [`protocol`]) says so itself and types its own
//! keys; another is watched through `/proc` ([`watch`]). Elsewhere, or
//! with [`Settle::Quiet`], a screen has settled when output pauses.
//!
//! The program's standard error is read apart on a second pseudo-terminal
//! ([`words`]; Unix). A program whose keys hold `^Z` runs as a shell's job
//! (Unix), resumed as `fg` does ([`PtySession::resume`]). A capture says
//! how the program ended ([`Outcome`], [`Exit`]: a played program's
//! models, [`rogue_trace_format::played`]) and its last words
//! ([`last_words`]). On Windows, [`capture`] runs the program on the
//! console itself (the module `console`).

pub mod cancel;
pub mod cast;
#[cfg(windows)]
pub mod console;
mod filter;
#[cfg(unix)]
mod job;
pub mod last_words;
pub mod output;
pub mod pin;
#[cfg(not(unix))]
#[path = "portable.rs"]
mod platform;
#[cfg(unix)]
#[path = "unix.rs"]
mod platform;
pub mod preload;
mod program;
#[path = "../preload/protocol.rs"]
pub mod protocol;
mod pty;
pub mod record;
mod recording;
pub mod screen;
pub mod session;
pub mod settle;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod spawn;
mod terminal;
#[cfg(target_os = "linux")]
pub mod watch;
pub mod words;

pub use pin::Seen;
pub use record::{capture, CaptureOptions, Recorded};
pub use rogue_trace_format::played::{
    Ending, Exit, Left, Outcome, Signal, Stopped,
};
pub use screen::screen_step;
pub use session::PtySession;
pub use settle::{Settle, Settled, State, Timing};
pub use vt100;
