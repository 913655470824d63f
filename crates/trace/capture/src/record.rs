//! Recording: the keys typed one at a time, each screen settled a step.

use std::ffi::OsString;
use std::io;
use std::time::Instant;

use rogue_trace_format::burst::burst_end;
use rogue_trace_format::played::{Played, Times};
use rogue_trace_format::stderr::{set_header, Stderr};
use rogue_trace_format::{
    is_event, resume::SUSPEND, Header, Step, Trace, FIRST_AND_LAST,
};

#[cfg(windows)]
use crate::console;
use crate::pin::{Asked, Seen};
use crate::protocol::BURST_MAX;
use crate::recording::Recording;
use crate::settle::{grown, Said};
use crate::{cast, Settle, Settled};
use crate::{Outcome, Stopped};

/// What to capture.
#[derive(Clone, Debug)]
pub struct CaptureOptions {
    /// Columns of the terminal.
    pub cols: u16,
    /// Rows of the terminal.
    pub rows: u16,
    /// The keys to type, one at a time.
    pub keys: Vec<char>,
    /// Keep every step (else step 0 and the last).
    pub every: bool,
    /// The `TERM` the program gets.
    pub term: String,
    /// Extra environment; with [`crate::pin::Pin::env`] the capture fails
    /// unless the program took the pin by its first screen.
    pub env: Vec<(String, String)>,
    /// How to tell that a screen has settled.
    pub settle: Settle,
    /// Whether the program may type its own keys with the capture's
    /// library ([`crate::preload`]), with [`Settle::Observe`].
    pub preload: bool,
    /// The header's `part`, if given.
    pub part: Option<u8>,
    /// The header's `rng`, if given.
    pub rng: Option<String>,
    /// The header's `seed`, if given.
    pub seed: Option<u32>,
}

/// The header of a capture of `command` with `options`.
fn header(command: &[OsString], options: &CaptureOptions) -> Header {
    let program = command
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    let mut extra = Vec::new();
    if !options.every {
        extra.push(FIRST_AND_LAST.to_string());
    }
    let on = if cfg!(windows) {
        extra.push(rogue_trace_format::classes::CONSOLE.to_string());
        "on the Windows console".to_string()
    } else {
        extra.push(rogue_trace_format::diff::HEARD_ALL.to_string());
        format!("TERM={}", options.term)
    };
    Header {
        program: format!(
            "{program} (captured by rogue-trace {}, {on})",
            env!("CARGO_PKG_VERSION"),
        ),
        part: options.part,
        rng: options.rng.clone(),
        seed: options.seed,
        cols: options.cols,
        rows: options.rows,
        keys: options.keys.clone(),
        extra,
        cursors: true,
    }
}

/// A wait for the screen, to tell an asleep program from a busy one.
struct Wait {
    ticks: Option<u64>,
    since: Instant,
}

impl Wait {
    fn start(session: &impl Recording) -> Wait {
        Wait {
            ticks: session.recent_cpu_ticks(),
            since: Instant::now(),
        }
    }

    /// How a program that did not wait for a key stopped: asleep if it
    /// used under a twentieth of the wait on the CPU.
    fn gave_up(&self, session: &impl Recording, keys_typed: usize) -> Stopped {
        let used = grown(self.ticks, session.cpu_ticks());
        let waited = self.since.elapsed().as_millis() as u64 / 10;
        let asleep = used.is_some_and(|used| used * 20 < waited);
        Stopped::KeptDrawing {
            keys_typed,
            asleep,
            hung: false,
        }
    }
}

/// What a capture recorded beside the steps it handed on.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The trace's header, with the program's standard error if read apart.
    pub header: Header,
    /// How the program ended: early, on its last key, or by the capture.
    pub outcome: Outcome,
    /// What was seen of how the program seeds.
    pub seen: Seen,
    /// How long it took to answer.
    pub times: Times,
}

impl Recorded {
    /// The capture held in memory, its steps `steps` (those handed on).
    pub fn with_steps(self, steps: Vec<Step>) -> Played {
        Played {
            trace: Trace {
                header: self.header,
                steps,
            },
            outcome: self.outcome,
            times: Some(self.times),
        }
    }
}

/// Runs `command` in a pseudo-terminal (on Windows, the console), types the
/// keys and hands each recorded step to `each` as it settles; with `cast`,
/// writes an asciinema recording too (not on a console).
pub fn capture(
    command: &[OsString],
    options: &CaptureOptions,
    cast: Option<&mut cast::CastWriter>,
    each: impl FnMut(Step) -> io::Result<()>,
) -> io::Result<Recorded> {
    if let (Some(asked), Some(program)) =
        (Asked::of(&options.env), command.first())
    {
        asked.check_program(program)?;
    }
    let started = Instant::now();
    #[cfg(windows)]
    let session = console::ConsoleSession::spawn(
        command,
        options.cols,
        options.rows,
        &options.env,
    )?;
    #[cfg(not(windows))]
    let mut session = crate::PtySession::start(
        &crate::pty::Command {
            words: command,
            cols: options.cols,
            rows: options.rows,
            term: &options.term,
            env: &options.env,
            jobs: rogue_trace_format::suspends(&options.keys),
        },
        typist(command, options),
    )?;
    // A capture's output is as long as its keys make it: only a recording
    // needs it, and only until written.
    #[cfg(not(windows))]
    session.keep_output(if cast.is_some() {
        crate::terminal::Kept::UntilTaken
    } else {
        crate::terminal::Kept::Nothing
    });
    let mut times = Times::default();
    let recorded = record(session, options, cast, each, (started, &mut times));
    let (outcome, seen, stderr) = recorded?;
    let mut header = header(command, options);
    if let Some(stderr) = &stderr {
        set_header(&mut header, stderr);
    }
    Ok(Recorded {
        header,
        outcome,
        seen,
        times,
    })
}

/// Whether a program that types its own keys hands the typing back at
/// `keys[from]`: a resize, `^Z` or a resume, which only the capture makes;
/// `^C` or `^\`, typed once the program is seen in its read (typed as it
/// says it waits, before it reads, the signal would find it on its way to
/// the read: a handler that runs between reads, as Python's, would not
/// run until the next key); or a burst longer than the library types.
fn handed_back_at(keys: &[char], from: usize) -> bool {
    let signals = [SUSPEND, '\u{3}', '\u{1c}'];
    keys.get(from)
        .is_some_and(|&k| is_event(k) || signals.contains(&k))
        || burst_end(keys, from) - from > BURST_MAX
}

/// The keys a program types itself: those before the first handed back.
#[cfg_attr(windows, allow(dead_code))]
fn typed_by_program_keys(keys: &[char]) -> &[char] {
    let end = (0..keys.len()).find(|&i| handed_back_at(keys, i));
    &keys[..end.unwrap_or(keys.len())]
}

/// The keys for the program to type itself, if it may and can.
#[cfg(not(windows))]
fn typist(
    command: &[OsString],
    options: &CaptureOptions,
) -> Option<crate::preload::Typist> {
    use crate::preload;
    let program = command.first()?;
    // Settling by the clock is asked for as it is: no program types.
    let observe = matches!(options.settle, Settle::Observe(_));
    let keys = typed_by_program_keys(&options.keys);
    let may = options.preload && observe && !keys.is_empty();
    let can = preload::available() && preload::takes_preload(program);
    (may && can)
        .then(|| preload::Typist::new(keys).ok())
        .flatten()
}

/// The last settled screen: its step's number and key, whether it is
/// still to be recorded, and its step if made ahead.
struct Last {
    number: usize,
    key: Option<char>,
    pending: bool,
    /// Made before the last key is typed: a program that ends on that key
    /// leaves another screen behind.
    held: Option<Step>,
}

impl Last {
    /// Step `number`, after `key`, settled and still to be recorded.
    fn settled(number: usize, key: Option<char>) -> Last {
        Last {
            number,
            key,
            pending: true,
            held: None,
        }
    }

    /// Records the step now if every step is kept, or it is step 0; else,
    /// if the next key is the last, makes it ahead and holds it.
    fn keep(
        &mut self,
        session: &impl Recording,
        options: &CaptureOptions,
        each: &mut impl FnMut(Step) -> io::Result<()>,
    ) -> io::Result<()> {
        if !self.pending {
            return Ok(());
        }
        if options.every || self.number == 0 {
            each(session.step_of(self.number, self.key))?;
            self.pending = false;
        } else if burst_end(&options.keys, self.number) == options.keys.len() {
            self.held = Some(session.step_of(self.number, self.key));
        }
        Ok(())
    }

    /// Records the step if it is still to be: as held, or as the screen
    /// now shows it.
    fn finish(
        self,
        session: &impl Recording,
        each: &mut impl FnMut(Step) -> io::Result<()>,
    ) -> io::Result<()> {
        if !self.pending {
            return Ok(());
        }
        each(
            self.held
                .unwrap_or_else(|| session.step_of(self.number, self.key)),
        )
    }
}

/// Types the keys into `session` and records its steps, each made once the
/// next key is typed, as the program works on it.
fn record(
    mut session: impl Recording,
    options: &CaptureOptions,
    mut cast: Option<&mut cast::CastWriter>,
    mut each: impl FnMut(Step) -> io::Result<()>,
    (started, times): (Instant, &mut Times),
) -> io::Result<(Outcome, Seen, Option<Stderr>)> {
    let settle = options.settle;
    let wait = Wait::start(&session);
    let mut stopped = match session.settle_on(&settle, true) {
        Settled::Quiet { drew: true } => {
            times.first_screen = Some(session.answered(started));
            None
        }
        Settled::Quiet { drew: false } => Some(Stopped::NeverDrew),
        Settled::Busy if session.nothing_seen() => Some(Stopped::NeverDrew),
        Settled::Busy | Settled::Hung => Some(wait.gave_up(&session, 0)),
        Settled::Exited => Some(Stopped::Exited {
            keys_typed: 0,
            ending: session.ending(),
        }),
    };
    // A pinned program proves it took the pin before anything is recorded
    // (one that ended first is found by its ending).
    let ended = matches!(stopped, Some(Stopped::Exited { .. }));
    if let Some(asked) = Asked::of(&options.env).filter(|_| !ended) {
        if let Err(e) = asked.check_called(session.pin_called()) {
            session.end();
            return Err(e);
        }
    }
    // An unpinned one that called time() by then seeds from the clock.
    let seen = Seen::of(&options.env, session.pin_called());
    let mut last = Last::settled(0, None);
    last.pending = stopped.is_none();
    if stopped == Some(Stopped::NeverDrew) {
        each(session.step_of(0, None))?;
    }
    if let Some(Stopped::Exited { keys_typed: 0, .. }) = stopped {
        if let Some(step) = session.drawn_before_leaving() {
            each(step)?;
        }
    }
    let mut typed = 0;
    if stopped.is_none() && session.types_itself() {
        (typed, stopped) = typed_by_program(
            &mut session,
            options,
            cast.as_deref_mut(),
            &mut each,
            (&mut last, times),
        )?;
    }
    // Handed back at a resize, a `^Z` or a resume: the program is seen
    // in its read of the terminal first, for the signal to find it there
    // (sent while it is still on its way to the read, it would wake nothing).
    if stopped.is_none() && typed > 0 && handed_back_at(&options.keys, typed) {
        session.settle_on(&settle, false);
    }
    // Each key, or each burst at once, its screen settled after its last.
    while typed < options.keys.len() && stopped.is_none() {
        let end = burst_end(&options.keys, typed);
        let (keys, key) = (&options.keys[typed..end], options.keys[end - 1]);
        if let Some(cast) = cast.as_deref_mut() {
            cast.output(&session.new_output())?;
            cast.input(keys)?;
        }
        // A resize or a resume changes the screen at once: the step before
        // is made first.
        let written;
        if is_event(key) {
            last.keep(&session, options, &mut each)?;
            written = Instant::now();
            session.type_keys(keys)?;
        } else {
            written = Instant::now();
            session.type_keys(keys)?;
            last.keep(&session, options, &mut each)?;
        }
        let wait = Wait::start(&session);
        match session.settle_on(&settle, false) {
            Settled::Quiet { .. } => {
                // A burst's keys are answered by its one screen.
                times.keys.resize(end, session.answered(written));
                last = Last::settled(end, Some(key))
            }
            Settled::Exited => {
                stopped = Some(Stopped::Exited {
                    keys_typed: end,
                    ending: session.ending(),
                })
            }
            Settled::Busy => stopped = Some(wait.gave_up(&session, end)),
            Settled::Hung => stopped = Some(Stopped::hung(end)),
        }
        typed = end;
    }
    last.finish(&session, &mut each)?;
    let outcome = Outcome::of(stopped, options.keys.len());
    let stderr = session.stderr(outcome.keys_typed(options.keys.len()));
    if let Some(cast) = cast {
        cast.output(&session.new_output())?;
        cast.finish()?;
    }
    session.end();
    Ok((outcome, seen, stderr))
}

/// Records a program that types its own keys, settled each time it says it
/// waits: how many it typed, and why it stopped early if it did.
fn typed_by_program(
    session: &mut impl Recording,
    options: &CaptureOptions,
    mut cast: Option<&mut cast::CastWriter>,
    each: &mut impl FnMut(Step) -> io::Result<()>,
    (last, times): (&mut Last, &mut Times),
) -> io::Result<(usize, Option<Stopped>)> {
    let keys = &options.keys;
    let timing = options.settle.timing();
    // After a key (or burst) the program exits or keeps busy, it has
    // typed it.
    let typed_after =
        |last: &Last| burst_end(keys, last.number).min(keys.len());
    let mut since = Instant::now();
    loop {
        let wait = Wait::start(session);
        match session.next_said(timing) {
            // Said again, by another of its processes: nothing new.
            Said::Wait(n) if n < last.number || n == last.number && n > 0 => {}
            Said::Wait(n) => {
                // Each key is typed as the program waits for it.
                times.keys.resize(n, since.elapsed());
                since = Instant::now();
                let key = n.checked_sub(1).and_then(|i| keys.get(i)).copied();
                *last = Last::settled(n, key);
                last.keep(session, options, each)?;
                // It types no resize, `^Z` nor resume: the capture makes
                // those, and types the keys after.
                if n >= keys.len() || handed_back_at(keys, n) {
                    return Ok((n, None));
                }
                if let Some(cast) = cast.as_deref_mut() {
                    cast.output(&session.new_output())?;
                    cast.input(&keys[n..burst_end(keys, n)])?;
                }
            }
            Said::Handback(n) => return Ok((n, None)),
            said => {
                let keys_typed = typed_after(last);
                let stopped = match said {
                    Said::Exited => Stopped::Exited {
                        keys_typed,
                        ending: session.ending(),
                    },
                    Said::Hung => Stopped::hung(keys_typed),
                    _ => wait.gave_up(session, keys_typed),
                };
                return Ok((keys_typed, Some(stopped)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_trace_format::{resize_key, RESUME};

    #[test]
    fn a_program_types_its_keys_up_to_the_first_resize_or_signal_key() {
        let resize = resize_key(40, 12).expect("a size");
        let suspends = ['j', 'h', SUSPEND, RESUME, 'l', resize, 'k'];
        assert_eq!(typed_by_program_keys(&suspends), ['j', 'h']);
        let resizes = ['j', resize, 'h', SUSPEND, RESUME];
        assert_eq!(typed_by_program_keys(&resizes), ['j']);
        assert_eq!(typed_by_program_keys(&['j', 'k']), ['j', 'k']);
        assert_eq!(typed_by_program_keys(&['j', RESUME, 'k']), ['j']);
        assert!(typed_by_program_keys(&[SUSPEND, RESUME]).is_empty());
        // ^C and ^\ are typed by the capture, once the program is seen
        // waiting in its read.
        assert_eq!(typed_by_program_keys(&['j', 'l', '\u{3}']), ['j', 'l']);
        assert_eq!(typed_by_program_keys(&['j', '\u{1c}', 'k']), ['j']);
    }
}
