//! Why a campaign stops before its last case: ^C or SIGTERM, its time limit,
//! or enough differences found; every stop ends every capture under way.

use std::sync::{mpsc, Mutex, PoisonError};
use std::time::Duration;

pub use rogue_capture::cancel::{end_every_capture, stopping};

/// Why a campaign stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// ^C (SIGINT) or SIGTERM.
    Interrupted,
    /// `--time-limit` ran out.
    TimeLimit,
    /// `--max-differences` groups, or one without `--keep-going`, found.
    Enough,
}

impl Reason {
    /// The reason as a campaign's record says it.
    pub fn said(self) -> &'static str {
        match self {
            Reason::Interrupted => "interrupted",
            Reason::TimeLimit => "time-limit",
            Reason::Enough => "enough",
        }
    }

    /// The reason a record says, if it is one.
    pub fn of_said(said: &str) -> Option<Reason> {
        let reasons = [Reason::Interrupted, Reason::TimeLimit, Reason::Enough];
        reasons.into_iter().find(|r| r.said() == said)
    }

    /// Whether it came from outside.
    pub fn is_outside(self) -> bool {
        matches!(self, Reason::Interrupted | Reason::TimeLimit)
    }
}

/// The reason a campaign stopped, if it did.
static STOPPED: Mutex<Option<Reason>> = Mutex::new(None);

/// Why the campaign stopped, if it did.
pub fn reason() -> Option<Reason> {
    *STOPPED.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Stops the campaign for `reason`, unless it stopped already.
fn stop(reason: Reason) {
    let mut stopped = STOPPED.lock().unwrap_or_else(PoisonError::into_inner);
    stopped.get_or_insert(reason);
    drop(stopped);
    end_every_capture();
}

/// Stops the campaign because it found what it looked for.
pub fn enough() {
    stop(Reason::Enough);
}

/// Stops the campaign on ^C.
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
                for (n, _) in signals.forever().enumerate() {
                    stop(Reason::Interrupted);
                    if n > 0 {
                        std::process::exit(130);
                    }
                }
            });
        }
    }
}

/// Stops the campaign once `limit` has passed, from a thread that waits for it.
/// Dropping the sender it returns ends the thread.
pub fn after(limit: Duration) -> mpsc::Sender<()> {
    let (done, ended) = mpsc::channel::<()>();
    std::thread::spawn(move || {
        if let Err(mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(limit)
        {
            stop(Reason::TimeLimit);
        }
    });
    done
}
