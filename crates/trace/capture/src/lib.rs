//! Recording any terminal program in a pseudo-terminal: `rogue-trace capture`.
//!
//! The program runs in a pseudo-terminal of a chosen size (the module
//! `pty`), started with `posix_spawn` on Linux (the module `spawn`), as
//! `portable-pty` starts it elsewhere, found as `execvp` finds it (the
//! module `program`); its output goes through a terminal emulator
//! (`vt100`, the module `terminal`), and the emulated screen is read back
//! as trace steps ([`screen`]). The session ([`session`]) holds them
//! together. Keys are typed one at a time, each once the screen has
//! settled ([`record`]).
//!
//! A screen has settled when the program waits for the next key
//! ([`settle`]). On Linux, a program that can take the capture's library
//! ([`preload`], which speaks with it as [`protocol`] says) says so
//! itself and types its own keys, at its own speed;
//! another is watched through `/proc` ([`watch`]), with a marker written
//! behind its output to know it has all come out. Elsewhere, or with
//! [`Settle::Quiet`], a screen has settled when output pauses for a quiet
//! time.
//!
//! The program's standard error is read apart from its screen, on a
//! second pseudo-terminal, its words recorded at the key that made them
//! and still shown on the screen ([`words`]; Unix).
//!
//! A program whose keys hold `^Z` (or the resume, `\{fg}`) runs as the
//! job of a shell with job control (Unix), so that `^Z` stops it as it
//! stops a program run by hand; the resume continues it as `fg` does
//! ([`PtySession::resume`]).
//!
//! A capture says how the program ended ([`Outcome`]): early, on its last
//! key, or not at all; and, when it ended by itself, how ([`Exit`]: its
//! status, or the signal that killed it, named) and its last words
//! ([`last_words`]).
//!
//! On Windows, [`capture`] runs the program on the console itself instead
//! (the module `console`, Windows only): keys go into the console's input
//! buffer and screens come out of its screen buffer.

pub mod cancel;
pub mod cast;
#[cfg(windows)]
pub mod console;
pub mod ending;
#[cfg(unix)]
mod job;
pub mod last_words;
pub mod outcome;
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
pub mod screen;
pub mod session;
pub mod settle;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod spawn;
mod terminal;
#[cfg(target_os = "linux")]
pub mod watch;
pub mod words;

pub use ending::{Ending, Exit, Left, Signal};
pub use outcome::{Outcome, Stopped};
pub use pin::Seen;
pub use record::{capture, Capture, CaptureOptions, Recorded};
pub use screen::screen_step;
pub use session::PtySession;
pub use settle::{Settle, Settled, State, Timing};
pub use vt100;
