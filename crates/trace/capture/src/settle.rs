//! Settling: knowing that a screen is complete, the program waiting for
//! the next key with everything it wrote on the screen.
//!
//! A program given the capture's library says itself when it waits
//! ([`crate::preload`]). Else, on Linux, it is watched through `/proc`
//! ([`crate::watch`]), a marker behind its output telling when all came
//! out; elsewhere, or with [`Settle::Quiet`], output pauses.

use std::time::{Duration, Instant};

use crate::PtySession;

/// How long to wait when output pauses ([`Settle::Quiet`]), and the limits
/// of any wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Output must pause this long for the screen to count as settled.
    pub quiet: Duration,
    /// How long to wait for the first output after start-up or a key.
    pub first_output: Duration,
    /// How long a program may keep drawing, or not wait for a key.
    pub busy_limit: Duration,
    /// How long a watched program may work on the CPU after a key, no read
    /// pending, before it is [`Settled::Hung`].
    pub hang_limit: Duration,
    /// With [`Settle::Observe`], how long output must then pause as well
    /// (a slower settle, that a timer due later than the watch looks
    /// cannot fool either).
    pub pause: Duration,
    /// With [`Settle::Observe`], whether a timer due within the busy limit
    /// is waited out once a screen, the screen unchanged since the key (it
    /// may bring the answer late); and again while each is due sooner than
    /// the last, as a runtime cuts a long sleep into waits of a second at
    /// most.
    pub patient: bool,
}

impl Default for Timing {
    fn default() -> Self {
        Timing {
            quiet: Duration::from_millis(60),
            first_output: Duration::from_millis(1500),
            busy_limit: Duration::from_secs(5),
            hang_limit: Duration::from_secs(1),
            pause: Duration::ZERO,
            patient: false,
        }
    }
}

/// How to tell that a screen has settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settle {
    /// By watching the program (Linux; elsewhere as `Quiet`): settled when
    /// it waits for the next key with its output drained.
    Observe(Timing),
    /// By the clock: settled when output pauses for `quiet`.
    Quiet(Timing),
}

impl Settle {
    /// The limits of any wait.
    pub fn timing(&self) -> &Timing {
        match self {
            Settle::Observe(t) | Settle::Quiet(t) => t,
        }
    }
}

impl Default for Settle {
    fn default() -> Self {
        Settle::Observe(Timing::default())
    }
}

/// How a wait for the screen ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The screen settled.
    Quiet {
        /// Whether the program wrote anything during the wait.
        drew: bool,
    },
    /// The program closed the terminal (it exited).
    Exited,
    /// The program did not wait for a key within the busy limit.
    Busy,
    /// After a key, the program kept at work for [`Timing::hang_limit`].
    Hung,
}

/// What the watched program is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Asleep in a read or poll, every byte typed read; a timer of a
    /// second or more due within this, if any.
    Waiting(Option<Duration>),
    /// Every thread asleep, none in a read of input, every byte typed
    /// read: a program that sleeps between polls for keys, or asleep; the
    /// soonest timer due, if any.
    Asleep(Option<Duration>),
    /// Running, or bytes typed not read yet (or a signal typed not taken).
    Busy,
    /// No process left.
    Gone,
}

/// [`Settle::Observe`]: waits for the program to wait for a key, then for
/// its output, looking less often the longer it is still ([`look_pause`]).
pub(crate) fn observed(session: &mut PtySession, timing: &Timing) -> Settled {
    let mut deadline = Instant::now() + timing.busy_limit;
    let mut drew = false;
    let mut still_since = Instant::now();
    // Read from /proc only once the program is seen asleep.
    let mut still: Option<Stillness> = None;
    // Whether it has threads, and their sleeps when last seen waiting.
    let (mut threaded, mut waited) = (None, None);
    let mut patience = Patience::new(timing);
    // Only a key's screen: the first may be slow to come.
    let mut hang = session
        .terminal
        .has_settled()
        .then(|| Hang::start(session, timing));
    loop {
        if take_output(session) {
            drew = true;
            still_since = Instant::now();
            still = None;
        }
        if session.types_itself() {
            return Settled::Quiet { drew };
        }
        match session.observer.state() {
            // Threads are looked at one after the other: one may have
            // woken another between two looks (a runtime's threads
            // handing work on). Seen waiting twice, none having slept
            // again between, it waits.
            State::Waiting(_)
                if *threaded
                    .get_or_insert_with(|| !session.observer.alone())
                    && waited != session.observer.sleeps() =>
            {
                waited = session.observer.sleeps();
            }
            State::Waiting(due) => {
                let Some(more) = session.sync() else {
                    return Settled::Exited;
                };
                drew |= more;
                // Waiting at start-up, nothing written: it may wait for a
                // timer (Node.js's loop), so its first output is waited
                // for, within the busy limit.
                let left = deadline.saturating_duration_since(Instant::now());
                if !drew && hang.is_none() && !left.is_zero() {
                    if let Some(chunk) = session.next_chunk(left) {
                        drew |= session.take(chunk);
                    }
                    continue;
                }
                // Patient, the screen unchanged: a timer that may bring
                // the answer is waited out, the busy limit put off.
                if let Some(due) =
                    due.filter(|&d| patience.waits_for(d, session))
                {
                    drew |= patience.wait_out(session, due, &mut deadline);
                    continue;
                }
                // Still waiting once the marker is back: a key passed
                // on through a terminal of the program's own (as
                // asciinema passes it on) may not have woken its
                // reader yet at the first look.
                if session.types_itself()
                    || matches!(session.observer.state(), State::Waiting(_))
                {
                    return Settled::Quiet { drew };
                }
            }
            State::Gone => return exited(session, drew),
            // Patient, asleep with a timer due, the screen unchanged: the
            // timer is waited out (a sleep before the answer is drawn).
            State::Asleep(Some(due)) if patience.waits_for(due, session) => {
                drew |= patience.wait_out(session, due, &mut deadline);
                continue;
            }
            // Having drawn, or read the key typed: a poller's screen.
            State::Asleep(_)
                if (drew || session.observer.key_typed())
                    && still
                        .get_or_insert_with(|| Stillness::start(session))
                        .polling(session, timing) =>
            {
                let Some(more) = session.sync() else {
                    return Settled::Exited;
                };
                return Settled::Quiet { drew: drew | more };
            }
            State::Busy | State::Asleep(_) if Instant::now() >= deadline => {
                return Settled::Busy
            }
            State::Busy | State::Asleep(_)
                if hang.as_mut().is_some_and(|h| h.hung(session)) =>
            {
                return Settled::Hung
            }
            // A thread at work (a JVM compiling in the background)
            // starts the watch for polling anew.
            State::Busy => still = None,
            State::Asleep(_)
                if still.as_ref().is_some_and(|s| s.worked(session)) =>
            {
                still = None
            }
            State::Asleep(_) => {}
        }
        if session.closed() || session.has_exited() {
            return exited(session, drew);
        }
        let pause = look_pause(still_since.elapsed());
        if let Some(chunk) = session.next_chunk(pause) {
            if session.take(chunk) {
                drew = true;
                still_since = Instant::now();
                still = None;
            }
        }
    }
}

/// A timer due this late or later may be a longer sleep a runtime waits
/// out a second at a time (Go's).
const RUNTIME_WAIT: Duration = Duration::from_millis(990);

/// The timers a patient settle ([`Timing::patient`]) waits out: the last
/// one, if no output came since, and how much longer than the busy limit
/// it may still wait.
struct Patience {
    on: bool,
    last: Option<Duration>,
    left: Duration,
}

impl Patience {
    fn new(timing: &Timing) -> Patience {
        Patience {
            on: timing.patient,
            last: None,
            left: timing.busy_limit,
        }
    }

    /// Whether a timer due in `due` is waited out: the screen unchanged
    /// since it last settled (blank, before), the timer the first, or due
    /// sooner than the last, or a runtime's second.
    fn waits_for(&self, due: Duration, session: &PtySession) -> bool {
        let sooner = |last| due < last || due >= RUNTIME_WAIT;
        self.on
            && due < self.left
            && self.last.is_none_or(sooner)
            && session.terminal.unchanged_since_settled()
    }

    /// Waits the timer due in `due` out, `deadline` put off by as much;
    /// whether output came.
    fn wait_out(
        &mut self,
        session: &mut PtySession,
        due: Duration,
        deadline: &mut Instant,
    ) -> bool {
        (*deadline, self.left) = (*deadline + due, self.left - due);
        let more = session.drain(due + SLOWEST_LOOK);
        self.last = (!more).then_some(due);
        more
    }
}

/// [`Settle::Quiet`]: waits until the program has drawn and paused.
pub(crate) fn quiet(session: &mut PtySession, timing: &Timing) -> Settled {
    let start = Instant::now();
    let mut last_output: Option<Instant> = None;
    loop {
        if session.types_itself() {
            return Settled::Quiet {
                drew: last_output.is_some(),
            };
        }
        if session.closed() {
            return Settled::Exited;
        }
        let now = Instant::now();
        if now.duration_since(start) >= timing.busy_limit + timing.first_output
        {
            return Settled::Busy;
        }
        let wait = match last_output {
            Some(t) => (t + timing.quiet).saturating_duration_since(now),
            None => {
                (start + timing.first_output).saturating_duration_since(now)
            }
        };
        match session.next_chunk(wait) {
            Some(chunk) => {
                if session.take(chunk) {
                    last_output = Some(Instant::now());
                }
            }
            None if session.closed() => return Settled::Exited,
            None => {
                return Settled::Quiet {
                    drew: last_output.is_some(),
                };
            }
        }
    }
}

/// The program exited: reads what it wrote last (settled if it typed its
/// own keys and said it waited).
fn exited(session: &mut PtySession, drew: bool) -> Settled {
    let drew = session.drain(Duration::from_secs(2)) | drew;
    if session.types_itself() {
        Settled::Quiet { drew }
    } else {
        Settled::Exited
    }
}

/// Takes in a bounded amount of what the reader has, up to a word from the
/// program; whether there was output.
fn take_output(session: &mut PtySession) -> bool {
    let mut any = false;
    for _ in 0..64 {
        if session.types_itself() {
            return any;
        }
        match session.next_chunk(Duration::ZERO) {
            Some(chunk) => any |= session.take(chunk),
            None => return any,
        }
    }
    any
}

/// The shortest and longest pauses between two looks at a program.
const QUICKEST_LOOK: Duration = Duration::from_micros(30);
const SLOWEST_LOOK: Duration = Duration::from_millis(20);

/// The pause before looking again at a program still for `still`: a
/// twentieth of that (a change is seen at most 5% late), within bounds.
pub(crate) fn look_pause(still: Duration) -> Duration {
    (still / 20).clamp(QUICKEST_LOOK, SLOWEST_LOOK)
}

/// A program asleep outside a read since a moment: if for [`POLLING`] (or
/// the quiet time) it sleeps [`POLLS`] times or more at next to no CPU, it
/// polls for keys between sleeps.
struct Stillness {
    since: Instant,
    ticks: Option<u64>,
    sleeps: Option<u64>,
}

/// How long a program must be seen polling, and how often it sleeps then.
const POLLING: Duration = Duration::from_millis(100);
const POLLS: u64 = 3;

impl Stillness {
    fn start(session: &mut PtySession) -> Stillness {
        Stillness {
            since: Instant::now(),
            ticks: session.cpu_ticks(),
            sleeps: session.observer.sleeps(),
        }
    }

    /// Whether the program is polling for keys.
    fn polling(&self, session: &mut PtySession, timing: &Timing) -> bool {
        let slept = grown(self.sleeps, session.observer.sleeps());
        self.since.elapsed() >= timing.quiet.max(POLLING)
            && !self.worked(session)
            && slept.is_some_and(|slept| slept >= POLLS)
    }

    /// Whether the program used more than a tick of CPU (or it is unknown).
    fn worked(&self, session: &PtySession) -> bool {
        let used = grown(self.ticks, session.cpu_ticks());
        used.is_none_or(|used| used > 1)
    }
}

/// A watch for a hang after a key: a program that used the CPU for a third
/// of a hang limit or more is hung; one that used less starts it anew.
pub(crate) struct Hang {
    since: Instant,
    ticks: Option<u64>,
    limit: Duration,
}

impl Hang {
    pub(crate) fn start(session: &PtySession, timing: &Timing) -> Hang {
        Hang {
            since: Instant::now(),
            ticks: session.recent_cpu_ticks(),
            limit: timing.hang_limit,
        }
    }

    /// Whether the program has kept at work for the hang limit.
    pub(crate) fn hung(&mut self, session: &PtySession) -> bool {
        let spent = self.since.elapsed();
        if spent < self.limit {
            return false;
        }
        let ticks = session.cpu_ticks();
        let used = grown(self.ticks, ticks);
        let waited = spent.as_millis() as u64 / 10;
        if used.is_some_and(|used| used * 3 >= waited) {
            return true;
        }
        self.since = Instant::now();
        self.ticks = ticks;
        false
    }
}

/// How much a count grew from `before` to `now`, where both are known.
pub(crate) fn grown(before: Option<u64>, now: Option<u64>) -> Option<u64> {
    before.zip(now).map(|(a, b)| b.saturating_sub(a))
}

/// What a program that types its own keys says next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    /// It waits for a key, this many typed: the screen has settled.
    Wait(usize),
    /// It types no more, this many typed.
    Handback(usize),
    /// It closed the terminal.
    Exited,
    /// It said nothing for the whole busy limit.
    Busy,
    /// It said nothing, at work on the CPU, for the hang limit.
    Hung,
}

/// Reads the output of a program that types its own keys up to what it
/// says next, within the busy and hang limits.
pub(crate) fn next_said(session: &mut PtySession, timing: &Timing) -> Said {
    let deadline = Instant::now() + timing.busy_limit;
    let mut hang = Hang::start(session, timing);
    loop {
        if let Some(said) = session.next_said_now() {
            return said;
        }
        if session.closed() {
            session.drain(Duration::from_secs(2));
            return Said::Exited;
        }
        let now = Instant::now();
        if now >= deadline {
            return Said::Busy;
        }
        if hang.hung(session) {
            return Said::Hung;
        }
        let look = (deadline - now).min(HANG_LOOK);
        if let Some(chunk) = session.next_chunk(look) {
            session.take(chunk);
        }
    }
}

/// How often a program typing its own keys is looked at for a hang.
const HANG_LOOK: Duration = Duration::from_millis(50);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_between_looks_grows_with_the_stillness_within_bounds() {
        let ms = Duration::from_millis;
        assert_eq!(look_pause(Duration::ZERO), QUICKEST_LOOK);
        assert_eq!(look_pause(ms(100)), ms(5));
        assert_eq!(look_pause(ms(400)), SLOWEST_LOOK);
        assert_eq!(look_pause(Duration::from_secs(60)), SLOWEST_LOOK);
    }
}
