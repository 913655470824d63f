//! How a capture's program ended: early, before its last key
//! ([`Stopped`]); on its last key, as a program that quits on the quit
//! key typed last does; or not at all, the capture ending it.

use std::fmt;

use crate::ending::Ending;

/// Why a capture stopped before its last key's screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The program ended after `keys_typed` keys, before the last.
    Exited {
        /// Keys typed before it ended.
        keys_typed: usize,
        /// How it ended, and its last words.
        ending: Ending,
    },
    /// The program drew nothing at start-up.
    NeverDrew,
    /// The program kept drawing, or did not wait for a key, after
    /// `keys_typed` keys.
    KeptDrawing {
        /// Keys typed before it.
        keys_typed: usize,
        /// Whether it used next to no CPU time meanwhile: asleep in
        /// something other than a wait for a key (a `sleep`, a lock, a
        /// pipe), not busy (where that can be told: Linux).
        asleep: bool,
        /// Whether it was seen at work on the CPU, no read of input
        /// pending, for the hang limit after its key (Linux): hung, told
        /// within that limit, not the whole busy limit.
        hung: bool,
    },
}

impl Stopped {
    /// A program hung after `keys_typed` keys.
    pub fn hung(keys_typed: usize) -> Stopped {
        Stopped::KeptDrawing {
            keys_typed,
            asleep: false,
            hung: true,
        }
    }
}

impl fmt::Display for Stopped {
    /// One line: its last words are [`Outcome::ending`]'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::Exited { keys_typed, ending } => write!(
                f,
                "the program {} after {keys_typed} key(s); the screens before are recorded",
                ending.how()
            ),
            Stopped::NeverDrew => write!(f, "the program drew nothing at start-up; the blank screen is recorded"),
            Stopped::KeptDrawing { keys_typed, hung: true, .. } => write!(
                f,
                "the program kept busy without waiting for a key after {keys_typed} key(s), at work on the CPU with no read of input pending for the hang limit (--hang-limit-ms, 1000 ms by default): hung; the settled screens before are recorded"
            ),
            Stopped::KeptDrawing { keys_typed, asleep: false, .. } => write!(
                f,
                "the program kept busy without waiting for a key after {keys_typed} key(s), for the whole busy limit (--busy-limit, 5 s by default); the settled screens before are recorded"
            ),
            Stopped::KeptDrawing { keys_typed, asleep: true, .. } => write!(
                f,
                "the program slept without waiting for a key after {keys_typed} key(s) (asleep, using no CPU, outside any wait for input: a sleep, a lock, a pipe), for the whole busy limit (--busy-limit, 5 s by default); the settled screens before are recorded"
            ),
        }
    }
}

/// How a capture's program ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It was still running once its last key's screen had settled: the
    /// capture ended it.
    StillRunning,
    /// It ended on its last key, every key typed: a program that quits on
    /// the quit key typed last, or one that crashes on it. The screens
    /// before are recorded, as for a key that ends the game in a replay.
    EndedOnLastKey(Ending),
    /// It stopped early.
    Stopped(Stopped),
}

impl Outcome {
    /// The outcome of a capture of `keys` keys that stopped as `stopped`
    /// says, if it did: having ended after every key is ending on the
    /// last.
    pub(crate) fn of(stopped: Option<Stopped>, keys: usize) -> Outcome {
        match stopped {
            None => Outcome::StillRunning,
            Some(Stopped::Exited { keys_typed, ending })
                if keys_typed == keys && keys > 0 =>
            {
                Outcome::EndedOnLastKey(ending)
            }
            Some(stopped) => Outcome::Stopped(stopped),
        }
    }

    /// Why it stopped early, if it did.
    pub fn stopped(&self) -> Option<&Stopped> {
        match self {
            Outcome::Stopped(stopped) => Some(stopped),
            _ => None,
        }
    }

    /// How the program ended and its last words, if it ended by itself.
    pub fn ending(&self) -> Option<&Ending> {
        match self {
            Outcome::EndedOnLastKey(ending)
            | Outcome::Stopped(Stopped::Exited { ending, .. }) => Some(ending),
            _ => None,
        }
    }

    /// Whether `self` and `other` end alike: the same way, after the same
    /// keys, leaving the terminal alike, with the same last words
    /// ([`Ending::alike`]).
    pub fn alike(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::EndedOnLastKey(a), Outcome::EndedOnLastKey(b)) => {
                a.alike(b)
            }
            (
                Outcome::Stopped(Stopped::Exited {
                    keys_typed: k,
                    ending: a,
                }),
                Outcome::Stopped(Stopped::Exited {
                    keys_typed: l,
                    ending: b,
                }),
            ) => k == l && a.alike(b),
            _ => self == other,
        }
    }

    /// How many of `keys` keys the program took, the one it ended on
    /// included: every key if it was still running after its last.
    pub fn keys_typed(&self, keys: usize) -> usize {
        match self {
            Outcome::StillRunning | Outcome::EndedOnLastKey(_) => keys,
            Outcome::Stopped(Stopped::NeverDrew) => 0,
            Outcome::Stopped(
                Stopped::Exited { keys_typed, .. }
                | Stopped::KeptDrawing { keys_typed, .. },
            ) => *keys_typed,
        }
    }

    /// Whether the capture went as planned: every key typed, and the
    /// program still running or ended with status 0 on its last key.
    pub fn clean(&self) -> bool {
        match self {
            Outcome::StillRunning => true,
            Outcome::EndedOnLastKey(ending) => ending.exit.success(),
            Outcome::Stopped(_) => false,
        }
    }
}

impl fmt::Display for Outcome {
    /// One line: its last words are [`Outcome::ending`]'s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::StillRunning => write!(
                f,
                "the program was still running after its last key; the capture ended it"
            ),
            Outcome::EndedOnLastKey(ending) => {
                write!(f, "the program {} on its last key", ending.how())
            }
            Outcome::Stopped(stopped) => write!(f, "{stopped}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ending::{Exit, Left};

    fn exited(keys_typed: usize, code: u32) -> Stopped {
        Stopped::Exited {
            keys_typed,
            ending: Ending {
                exit: Exit::Status(code),
                left: Left::RESTORED,
                last_words: Vec::new(),
            },
        }
    }

    #[test]
    fn ending_after_every_key_is_ending_on_the_last() {
        let on_last = Outcome::of(Some(exited(3, 0)), 3);
        assert!(matches!(on_last, Outcome::EndedOnLastKey(_)));
        assert!(on_last.clean() && on_last.stopped().is_none());
        assert_eq!(
            on_last.to_string(),
            "the program exited with status 0 on its last key"
        );
        let failed = Outcome::of(Some(exited(3, 1)), 3);
        assert!(!failed.clean());
        assert_eq!(failed.ending().map(|e| e.exit), Some(Exit::Status(1)));
    }

    #[test]
    fn ending_before_the_last_key_is_stopping_early() {
        for (typed, keys) in [(2, 3), (0, 0), (0, 3)] {
            let early = Outcome::of(Some(exited(typed, 0)), keys);
            assert_eq!(early.stopped(), Some(&exited(typed, 0)), "{typed}");
            assert!(!early.clean());
        }
        let busy = Stopped::KeptDrawing {
            keys_typed: 3,
            asleep: false,
            hung: false,
        };
        assert_eq!(Outcome::of(Some(busy.clone()), 3), Outcome::Stopped(busy));
        let running = Outcome::of(None, 3);
        assert!(running.clean() && running.ending().is_none());
    }

    #[test]
    fn outcomes_are_alike_with_the_same_last_words_and_terminal_left() {
        let worded = |words: &[&str], code| {
            Outcome::EndedOnLastKey(Ending {
                exit: Exit::Status(code),
                left: Left::RESTORED,
                last_words: words.iter().map(|w| w.to_string()).collect(),
            })
        };
        assert!(!worded(&["bye"], 0).alike(&worded(&[], 0)));
        assert!(worded(&["bye"], 0).alike(&worded(&["bye"], 0)));
        assert!(!worded(&["bye"], 0).alike(&worded(&["bye"], 1)));
        let on_console = |words: &[&str]| {
            Outcome::EndedOnLastKey(Ending {
                left: Left::default(),
                ..worded(words, 0).ending().unwrap().clone()
            })
        };
        // The console's last words are its last lines, the game's screen
        // itself: not compared, nor what cannot be read of the terminal.
        assert!(on_console(&["the map"]).alike(&worded(&[], 0)));
        let left_on = |alternate| {
            Outcome::EndedOnLastKey(Ending {
                left: Left {
                    alternate_screen: Some(alternate),
                    ..Left::RESTORED
                },
                ..worded(&[], 0).ending().unwrap().clone()
            })
        };
        assert!(!left_on(true).alike(&worded(&[], 0)));
        assert!(left_on(false).alike(&worded(&[], 0)));
        assert!(!worded(&[], 0).alike(&Outcome::StillRunning));
        let early = Outcome::Stopped(exited(2, 1));
        assert!(early.alike(&early) && !early.alike(&worded(&[], 1)));
    }
}
