//! The emulated terminal: what a program wrote, taken in by an emulator
//! (`vt100`), its screen read back as trace steps ([`crate::screen`]),
//! and as much of the output kept as a capture needs.

use std::cell::RefCell;
use std::num::NonZeroU16;

use rogue_trace_format::Step;

use crate::filter::Filter;
use crate::last_words;
use crate::screen::{left_of, terminal_step, Beyond};
use crate::Left;

/// The most bytes kept of what a program wrote since its screen last
/// settled: enough for a panic's message or a traceback.
const SINCE_SETTLED: usize = 64 * 1024;

/// How much of the program's output a terminal keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(windows, allow(dead_code))]
pub(crate) enum Kept {
    /// All of it ([`Terminal::raw`]).
    All,
    /// What is not taken yet ([`Terminal::take_new`]).
    UntilTaken,
    /// None.
    Nothing,
}

/// An emulated terminal and the output it was given.
pub(crate) struct Terminal {
    parser: vt100::Parser<Beyond>,
    raw: Vec<u8>,
    /// How much of the output is kept, and how much of it is taken.
    kept: Kept,
    taken: usize,
    /// Whether anything was written.
    drew: bool,
    /// How many times the screen was changed, by output or a resize.
    changes: usize,
    /// Copies of the screen as it last settled and as it settled before,
    /// each with the count of changes it was taken at.
    settled: Option<(usize, vt100::Screen)>,
    before: Option<(usize, vt100::Screen)>,
    /// What was written since (its first [`SINCE_SETTLED`] bytes).
    since_settled: Vec<u8>,
    /// What the emulator does not draw, done before it takes output in.
    filter: Filter,
    /// The step last read, and the count of changes it was read at.
    read: RefCell<Option<(usize, Step)>>,
}

impl Terminal {
    /// A blank terminal of `cols` by `rows`.
    pub(crate) fn new(cols: NonZeroU16, rows: NonZeroU16) -> Terminal {
        Terminal {
            parser: vt100::Parser::new_with_callbacks(
                rows,
                cols,
                0,
                Beyond::default(),
            ),
            raw: Vec::new(),
            kept: Kept::All,
            taken: 0,
            drew: false,
            changes: 0,
            settled: None,
            before: None,
            since_settled: Vec::new(),
            filter: Filter::default(),
            read: RefCell::default(),
        }
    }

    /// Takes in what the program wrote, as a terminal shows it
    /// ([`Filter`]).
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        self.filter.feed(&mut self.parser, bytes);
        self.changes += 1;
        self.drew |= !bytes.is_empty();
        let room = SINCE_SETTLED.saturating_sub(self.since_settled.len());
        self.since_settled
            .extend_from_slice(&bytes[..bytes.len().min(room)]);
        if self.kept != Kept::Nothing {
            self.raw.extend_from_slice(bytes);
        }
    }

    /// The emulated screen and modes.
    pub(crate) fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// The screen as step `number` of a trace: the rows that did not
    /// change since the step read last (on a copy of its screen taken as it
    /// settled) are taken from that step, not read again, unless a cell
    /// blinked, which the copy does not keep.
    pub(crate) fn step(&self, number: usize, key: Option<char>) -> Step {
        let read = self.read.borrow();
        let blink = self.filter.blink.as_ref().map(vt100::Parser::screen);
        let base = read.as_ref().filter(|_| blink.is_none());
        let base = base.and_then(|(at, step)| {
            let copies = [&self.settled, &self.before];
            let copy = copies.into_iter().flatten().find(|c| c.0 == *at)?;
            Some((&copy.1, step))
        });
        let step = terminal_step(&self.parser, blink, base, number, key);
        drop(read);
        *self.read.borrow_mut() = Some((self.changes, step.clone()));
        step
    }

    /// The alternate screen as the program left it, as step 0, if it drew
    /// anything there.
    pub(crate) fn drawn_before_leaving(&self) -> Option<Step> {
        let alternate = last_words::alternate_screen(self.screen());
        let mut step = crate::screen_step(alternate.screen(), 0, None);
        // Where its cursor stood there is not kept.
        step.cursor = rogue_trace_format::Cursor::Unknown;
        let blank = |row: &String| row.trim().is_empty();
        let drew = !step.text.iter().all(blank) || !step.odd.is_empty();
        drew.then_some(step)
    }

    /// Gives the screen a new size.
    pub(crate) fn resize(&mut self, cols: NonZeroU16, rows: NonZeroU16) {
        let blink = self.filter.blink.iter_mut().map(|b| b.screen_mut());
        for screen in [self.parser.screen_mut()].into_iter().chain(blink) {
            screen.set_size(rows, cols);
        }
        self.changes += 1;
    }

    /// Whether anything was written.
    pub(crate) fn drew(&self) -> bool {
        self.drew
    }

    /// How much of the output to keep from now on.
    #[cfg_attr(windows, allow(dead_code))]
    pub(crate) fn keep(&mut self, kept: Kept) {
        self.kept = kept;
    }

    /// Everything written so far, as raw bytes (unless less is kept).
    pub(crate) fn raw(&self) -> &[u8] {
        &self.raw
    }

    /// What was written since the last call.
    pub(crate) fn take_new(&mut self) -> Vec<u8> {
        let new = self.raw[self.taken..].to_vec();
        if self.kept == Kept::All {
            self.taken = self.raw.len();
        } else {
            self.raw.clear();
            self.taken = 0;
        }
        new
    }

    /// Notes the screen as it stands as the one settled on.
    pub(crate) fn note_settled(&mut self) {
        let copy = (self.changes, self.screen().clone());
        self.before = self.settled.replace(copy);
        self.since_settled.clear();
    }

    /// Whether the screen, its cells and modes, is the one last settled on
    /// (blank, before one has settled).
    pub(crate) fn unchanged_since_settled(&self) -> bool {
        match &self.settled {
            Some((_, settled)) => {
                settled.state_formatted() == self.screen().state_formatted()
            }
            None => self.screen().contents().trim().is_empty(),
        }
    }

    /// Whether a screen has settled yet.
    pub(crate) fn has_settled(&self) -> bool {
        self.settled.is_some()
    }

    /// The last words of a program that has ended.
    pub(crate) fn last_words(&self) -> Vec<String> {
        let settled: Option<Vec<String>> =
            self.settled.as_ref().map(|(_, s)| {
                let (_, cols) = s.size();
                s.rows(0, cols.get()).collect()
            });
        last_words::of_ended(
            self.screen(),
            settled.as_deref(),
            &self.since_settled,
        )
    }

    /// How the program left the terminal: the screen's modes, and the
    /// line modes `(canonical, echo)` where they are read.
    pub(crate) fn left(&self, line_modes: Option<(bool, bool)>) -> Left {
        let mut left = left_of(&self.parser, line_modes);
        // The pen blinks where the emulator of blinking's is bold.
        let blinks = self
            .filter
            .blink
            .as_ref()
            .is_some_and(|b| b.screen().bold());
        if let Some(pen) = left.pen.as_mut().filter(|_| blinks) {
            pen.attributes
                .push(rogue_trace_format::classes::ATTRIBUTES[5]);
        }
        left
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fed(kept: Kept) -> Terminal {
        let size = NonZeroU16::new(20).unwrap();
        let mut terminal = Terminal::new(size, size);
        terminal.keep(kept);
        terminal.feed(b"hello");
        terminal
    }

    #[test]
    fn output_is_kept_as_asked_and_always_seen() {
        let mut all = fed(Kept::All);
        assert_eq!(all.take_new(), b"hello");
        assert_eq!(all.take_new(), b"");
        assert_eq!(all.raw(), b"hello");
        let mut until_taken = fed(Kept::UntilTaken);
        assert_eq!(until_taken.take_new(), b"hello");
        assert_eq!(until_taken.raw(), b"");
        let nothing = fed(Kept::Nothing);
        assert_eq!(nothing.raw(), b"");
        assert!(nothing.drew());
        assert_eq!(nothing.screen().contents(), "hello");
    }

    #[test]
    fn a_step_taking_rows_from_the_one_before_reads_as_a_fresh_one() {
        let size = NonZeroU16::new(6).unwrap();
        let mut terminal = Terminal::new(size, size);
        let writes: [&[u8]; 6] = [
            b"\x1b[2;1Habc\x1b[4;2H\x1b[31mred",
            b"\x1b[2;2HX",
            b"\x1b[4;3H\x1b[0;44m \x1b[1mB",
            b"\x1b[?1049h\x1b[1;1Halt",
            b"",
            b"\x1b[?1049l\x1b[6;1Hend",
        ];
        for (n, bytes) in writes.into_iter().enumerate() {
            terminal.feed(bytes);
            if n == 4 {
                terminal.resize(NonZeroU16::new(5).unwrap(), size);
            }
            terminal.note_settled();
            let fresh = crate::screen_step(terminal.screen(), n, None);
            let mut step = terminal.step(n, None);
            step.heard.clear();
            assert_eq!(step, fresh, "after write {n}");
        }
    }
}
