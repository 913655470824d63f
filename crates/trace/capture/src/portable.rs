//! Where there is no Unix (Windows, through ConPTY): the session sees only
//! the program's output, so a screen has settled when the output pauses
//! ([`crate::Settle::Quiet`]).

use std::path::{Path, PathBuf};

use portable_pty::MasterPty;

use crate::State;

/// What the session sees of the program beyond its output: nothing.
pub struct Observer;

impl Observer {
    /// Observes nothing.
    pub fn new(
        _master: &dyn MasterPty,
        _pid: Option<u32>,
        _job: bool,
    ) -> Observer {
        Observer
    }

    /// No device to write to.
    pub fn tty(&self) -> Option<&Path> {
        None
    }

    /// The program cannot be watched.
    pub fn observable(&self) -> bool {
        false
    }

    /// Not as far as can be seen.
    pub fn alone(&self) -> bool {
        false
    }

    /// Not seen: the program cannot be watched.
    pub fn reader(&self) -> Option<u32> {
        None
    }

    /// Not known: the program cannot be watched.
    pub fn key_typed(&self) -> bool {
        false
    }

    /// Not known: the program cannot be watched.
    pub fn sleeps(&self) -> Option<u64> {
        None
    }

    /// Not known: the program cannot be watched.
    pub fn cpu_ticks(&self) -> Option<u64> {
        None
    }

    /// Never asked: the program cannot be watched.
    pub fn state(&mut self) -> State {
        State::Gone
    }

    /// Nothing to count; never canonical mode as far as is known.
    pub fn typing(&mut self, _master: &dyn MasterPty, _bytes: &[u8]) -> bool {
        false
    }

    /// Nothing to expect.
    pub fn expect_resize(&mut self) {}

    /// The program is about to be resumed: nothing is watched here.
    pub fn expect_wake(&mut self) {}

    /// Whether the program is suspended: never seen here.
    pub fn suspended(&self) -> bool {
        false
    }
}

/// No device here.
pub fn tty_name(_master: &dyn MasterPty) -> Option<PathBuf> {
    None
}

/// Unknown here.
pub fn line_modes(_master: &dyn MasterPty) -> Option<(bool, bool)> {
    None
}

/// Nothing to do: no core dumps to keep from.
pub fn no_core_dumps() {}

/// ConPTY ends the program's console with it: only the program is killed,
/// by the caller.
pub fn end_group(_pid: u32) -> bool {
    false
}
