//! The words a program writes to its standard error, read apart from its
//! screen on a second terminal (the module `pty`; Unix): shown on the
//! emulated screen, as a terminal shows them, and recorded at each step,
//! the number of keys typed when they were written.
//!
//! The step of the words is known from a mark on the standard error's
//! terminal once the screen has settled: the capture's marker, or the
//! wait said there by a program that types its own keys
//! ([`crate::protocol::STDERR_TTY`]). The words before it were written at
//! that step.

use rogue_trace_format::stderr::Stderr;

/// The most bytes of words kept of a program's standard error.
pub const MAX_KEPT: usize = 64 * 1024;

/// The words read so far, by step.
#[derive(Debug, Default)]
pub(crate) struct Words {
    /// Words whose step is not known yet.
    pending: Vec<u8>,
    /// Words by step, in order.
    steps: Vec<(usize, Vec<u8>)>,
    /// Bytes kept, of [`MAX_KEPT`].
    kept: usize,
    /// Whether more came than was kept.
    cut: bool,
    /// Whether the program types its own keys and says its waits here.
    by_program: bool,
    /// Whether it is known yet if the program types its own keys.
    decided: bool,
    /// The waits it said here before that was known: how many keys typed,
    /// and how many bytes of words not placed yet came before.
    held: Vec<(usize, usize)>,
    /// The capture's markers written here, and seen come out.
    markers: (u64, u64),
    /// The most keys typed the program said here it waited with.
    said: Option<usize>,
    /// Whether the program, typing its own keys, does not say waits here.
    unsaid: bool,
    /// Words read but not shown on the screen yet, and where the program
    /// said here it waits among them (keys typed, and bytes before).
    unshown: Vec<u8>,
    unshown_waits: Vec<(usize, usize)>,
}

impl Words {
    /// Words came: shown once the screen of their key is read
    /// ([`Words::take_shown`]), or now, once more than [`MAX_KEPT`] wait.
    pub(crate) fn take(&mut self, bytes: &[u8]) -> Option<Vec<u8>> {
        self.unshown.extend_from_slice(bytes);
        let room = MAX_KEPT.saturating_sub(self.kept);
        let kept = bytes.len().min(room);
        self.pending.extend_from_slice(&bytes[..kept]);
        self.kept += kept;
        self.cut |= kept < bytes.len();
        (self.unshown.len() > MAX_KEPT).then(|| self.take_shown(None))
    }

    /// Whether the program types its own keys and says its waits here.
    pub(crate) fn by_program(&self) -> bool {
        self.by_program
    }

    /// The program hands the typing back: it says its waits no more.
    pub(crate) fn hand_back(&mut self) {
        self.by_program = false;
    }

    /// Whether the program, typing its own keys, does not say waits here.
    pub(crate) fn unsaid(&mut self, found: bool) -> bool {
        self.unsaid |= found;
        self.unsaid
    }

    /// The capture wrote its marker here.
    pub(crate) fn marked(&mut self) {
        self.markers.0 += 1;
    }

    /// Whether a marker written here has not come out yet.
    pub(crate) fn awaits_marker(&self) -> bool {
        self.markers.1 < self.markers.0
    }

    /// The capture's marker came out, `keys_typed` typed: the words to
    /// show (placed at that step unless the program says its waits here).
    pub(crate) fn marker_seen(&mut self, keys_typed: usize) -> Vec<u8> {
        self.markers.1 += 1;
        if !self.by_program {
            self.place(keys_typed);
        }
        self.take_shown(None)
    }

    /// The program said here that it waits for a key, `typed` typed: the
    /// words before were written then, if it types its own keys.
    pub(crate) fn said_wait(&mut self, typed: usize) {
        self.said = self.said.max(Some(typed));
        self.unshown_waits.push((typed, self.unshown.len()));
        if !self.decided {
            self.held.push((typed, self.pending.len()));
        } else if self.by_program {
            self.place(typed);
        }
    }

    /// The words written before the program said it waits with `typed`
    /// keys typed, or all of them (`None`): to show now.
    pub(crate) fn take_shown(&mut self, typed: Option<usize>) -> Vec<u8> {
        let end = match typed {
            None => self.unshown.len(),
            Some(n) => self
                .unshown_waits
                .iter()
                .filter(|(t, _)| *t <= n)
                .map(|(_, at)| *at)
                .max()
                .unwrap_or(0),
        };
        self.unshown_waits.retain_mut(|(_, at)| {
            *at = at.saturating_sub(end);
            *at > 0
        });
        self.unshown.drain(..end).collect()
    }

    /// The most keys typed the program said here it waited with.
    pub(crate) fn said_up_to(&self) -> Option<usize> {
        self.said
    }

    /// Whether the program types its own keys is known: the waits said
    /// before place their words, or are forgotten.
    pub(crate) fn decide(&mut self, by_program: bool) {
        if self.decided {
            return;
        }
        self.decided = true;
        self.by_program = by_program;
        let mut placed = 0;
        for (typed, before) in std::mem::take(&mut self.held) {
            if by_program && before > placed {
                let rest = self.pending.split_off(before - placed);
                self.place(typed);
                self.pending = rest;
                placed = before;
            }
        }
    }

    /// The words not placed yet were written at `step`.
    pub(crate) fn place(&mut self, step: usize) {
        if self.pending.is_empty() {
            return;
        }
        let words = std::mem::take(&mut self.pending);
        match self.steps.last_mut() {
            Some((last, before)) if *last == step => before.extend(words),
            _ => self.steps.push((step, words)),
        }
    }

    /// The record, the words not placed yet written at `step`.
    pub(crate) fn finish(&mut self, step: usize) -> Stderr {
        self.place(step);
        let words = self
            .steps
            .iter()
            .map(|(step, bytes)| (*step, text(bytes)))
            .collect();
        Stderr {
            words,
            cut_at: self.cut.then_some(MAX_KEPT),
        }
    }
}

/// Words as text, the terminal's line ends (`\r\n`) as `\n`.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace("\r\n", "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_placed_at_their_step_and_cut_past_the_limit() {
        let mut words = Words::default();
        words.place(0);
        words.take(b"bump\r\n");
        words.place(2);
        words.take(b"a");
        words.take(b"b");
        words.place(2);
        words.take(b"bye\r\n");
        let told = words.finish(5);
        assert_eq!(
            told.words,
            [(2, "bump\nab".to_string()), (5, "bye\n".to_string())]
        );
        assert_eq!(told.cut_at, None);
        // Waits said before it is known that the program types its keys.
        let mut held = Words::default();
        held.take(b"up\r\n");
        held.said_wait(0);
        held.take(b"bump\r\n");
        held.said_wait(1);
        held.take(b"late");
        held.decide(true);
        held.said_wait(2);
        let told = held.finish(3);
        assert_eq!(
            told.words,
            [(0, "up\n".into()), (1, "bump\n".into()), (2, "late".into())]
        );
        // Shown up to where the program said it waits, or all.
        let mut shown = Words::default();
        shown.take(b"one");
        shown.said_wait(1);
        shown.take(b"two");
        shown.said_wait(2);
        shown.take(b"three");
        assert_eq!(shown.take_shown(Some(1)), b"one");
        assert_eq!(shown.take_shown(Some(1)), b"");
        assert_eq!(shown.take_shown(Some(2)), b"two");
        assert_eq!(shown.take_shown(None), b"three");
        let mut refused = Words::default();
        refused.take(b"up");
        refused.said_wait(0);
        refused.decide(false);
        refused.said_wait(0);
        assert_eq!(refused.finish(4).words, [(4, "up".into())]);
        let mut long = Words::default();
        long.take(&vec![b'x'; MAX_KEPT + 10]);
        long.take(b"more");
        let told = long.finish(1);
        assert_eq!(told.words[0].1.len(), MAX_KEPT);
        assert_eq!(told.cut_at, Some(MAX_KEPT));
    }
}
