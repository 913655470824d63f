//! What a capture needs of a program it runs, however it runs it: the
//! pseudo-terminal's session and the Windows console's both give it.

use std::io;
use std::time::{Duration, Instant};

use rogue_trace_format::stderr::Stderr;
use rogue_trace_format::Step;

use crate::pin::Called;
use crate::settle::Said;
use crate::Ending;
use crate::{Settle, Settled, Timing};

/// How long a program that closed its terminal or is gone may take to exit
/// before its status is unknown (generous: a loaded machine is slow).
pub(crate) const EXIT_WAIT: Duration = Duration::from_secs(10);

/// What a capture needs of a program it runs, in a pseudo-terminal or on
/// the Windows console.
pub(crate) trait Recording {
    /// Waits for the screen to settle; `first` at start-up.
    fn settle_on(&mut self, how: &Settle, first: bool) -> Settled;
    /// Types `keys` at once: one key, or a burst.
    fn type_keys(&mut self, keys: &[char]) -> io::Result<()>;
    /// The screen as step `number`.
    fn step_of(&self, number: usize, key: Option<char>) -> Step;
    /// What a program that left before it waited for a key had drawn on the
    /// alternate screen, if anything (curses leaves it at `endwin()`).
    fn drawn_before_leaving(&self) -> Option<Step> {
        None
    }
    /// Whether nothing has been seen of the program's screen.
    fn nothing_seen(&self) -> bool;
    /// What the program wrote since the last call (not on a console).
    fn new_output(&mut self) -> Vec<u8>;
    /// How it ended, and its last words, once it has.
    fn ending(&mut self) -> Ending;
    /// Ends it.
    fn end(&mut self);
    /// Whether the program types its own keys (it said it waits for one).
    fn types_itself(&self) -> bool {
        false
    }
    /// What the program typing its own keys says next.
    fn next_said(&mut self, _timing: &Timing) -> Said {
        Said::Busy
    }
    /// The CPU time the program has used, in clock ticks, if watched.
    fn cpu_ticks(&self) -> Option<u64> {
        None
    }
    /// [`Recording::cpu_ticks`], as read within the last tick.
    fn recent_cpu_ticks(&self) -> Option<u64> {
        self.cpu_ticks()
    }
    /// When the program's output last came, if seen apart from its screen.
    fn last_output(&self) -> Option<Instant> {
        None
    }
    /// How long the program took to answer since `since`: to its last
    /// output after it (a poller's screen settles a while after), else now.
    fn answered(&self, since: Instant) -> Duration {
        let drawn = self.last_output().filter(|&t| t > since);
        drawn.unwrap_or_else(Instant::now) - since
    }
    /// The pinned functions the program has called, as far as read.
    fn pin_called(&self) -> Called {
        Called::default()
    }
    /// What it wrote to its standard error, if read apart, the words not
    /// placed yet written at `step`.
    fn stderr(&mut self, _step: usize) -> Option<Stderr> {
        None
    }
}
