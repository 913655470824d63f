//! Why a campaign stops before its last case: ^C or SIGTERM, its time
//! limit, enough differences found, or a failure (its output closed, a
//! program that cannot run, a panic). The first reason given stands;
//! every stop ends every capture under way at once
//! ([`rogue_capture::cancel`]), so that the programs, their terminals and
//! temporary files go with it.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Why a campaign stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// ^C (SIGINT) or SIGTERM.
    Interrupted,
    /// `--time-limit` ran out.
    TimeLimit,
    /// `--max-differences` groups were found, or the first difference
    /// without `--keep-going`.
    Enough,
    /// The campaign cannot go on: it ends with its failure.
    Failed,
}

const REASONS: [Reason; 4] = [
    Reason::Interrupted,
    Reason::TimeLimit,
    Reason::Enough,
    Reason::Failed,
];

impl Reason {
    /// The reason as a campaign's record says it.
    pub fn said(self) -> &'static str {
        match self {
            Reason::Interrupted => "interrupted",
            Reason::TimeLimit => "time-limit",
            Reason::Enough => "enough",
            Reason::Failed => "failed",
        }
    }

    /// The reason a record says, if it is one.
    pub fn of_said(said: &str) -> Option<Reason> {
        REASONS.into_iter().find(|r| r.said() == said)
    }

    /// Whether it came from outside (a signal, the clock) or a failure:
    /// the campaign was not played to its end.
    pub fn is_outside(self) -> bool {
        self != Reason::Enough
    }
}

/// The reason a campaign stopped, if it did: 0 for none, else 1 + its
/// place in [`REASONS`].
static STOPPED: AtomicU8 = AtomicU8::new(0);

/// Stops the campaign for `reason`, unless it already stopped; whether
/// this was the first reason.
fn stop(reason: Reason) -> bool {
    let code = 1 + REASONS.iter().position(|&r| r == reason).unwrap_or(0);
    STOPPED
        .compare_exchange(0, code as u8, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok()
}

/// Why the campaign stopped, if it did.
pub fn reason() -> Option<Reason> {
    match STOPPED.load(Ordering::SeqCst) {
        0 => None,
        code => REASONS.get(usize::from(code) - 1).copied(),
    }
}

/// Whether the campaign was stopped from outside (a signal, the clock):
/// the captures under way were ended, and what they gave is not theirs.
pub fn from_outside() -> bool {
    reason().is_some_and(Reason::is_outside)
}

/// Stops the campaign (unless it stopped already, for another reason): no
/// case starts from now on, and the captures under way end at once, cut
/// short.
fn stop_now(reason: Reason) {
    stop(reason);
    rogue_capture::cancel::end_every_capture();
}

/// Stops the campaign because it found what it looked for: no case starts
/// from now on; those under way end at once, their results unused.
pub fn enough() {
    stop_now(Reason::Enough);
}

/// Stops the campaign because it cannot go on; also what a panic does,
/// on any thread, in any command: every program a capture started ends.
pub fn failed() {
    stop_now(Reason::Failed);
}

/// Stops the campaign on ^C (SIGINT) or SIGTERM, from a thread that waits
/// for them; a second one ends the process at once, whatever the campaign
/// is doing (Unix; on Windows, ^C ends the process as it did).
pub fn on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGINT, SIGTERM};
        // Without the handlers (which cannot fail for these signals but
        // on a broken system), ^C ends the process as it did.
        if let Ok(mut signals) =
            signal_hook::iterator::Signals::new([SIGINT, SIGTERM])
        {
            std::thread::spawn(move || {
                let mut signals = signals.forever();
                if signals.next().is_some() {
                    stop_now(Reason::Interrupted);
                }
                if signals.next().is_some() {
                    rogue_capture::cancel::end_every_capture();
                    std::process::exit(130);
                }
            });
        }
    }
}

/// Stops the campaign once `limit` has passed, from a thread that waits
/// for it; the campaign's end drops the returned sender, which ends the
/// thread.
pub fn after(limit: Duration) -> mpsc::Sender<()> {
    let (done, ended) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(limit)
        {
            stop_now(Reason::TimeLimit);
        }
    });
    done
}
