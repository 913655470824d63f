//! The error every command returns: below every module that fails.

use std::io;

/// A failure: the message and the exit status; without a message, the
/// quiet end of a command whose output was closed ([`Failure::closed`]).
#[derive(Debug)]
pub struct Failure(pub String, pub u8);

/// The exit status of a command whose output was closed before it ended
/// (its reader, such as `head`, stopped reading): 0, as other
/// command-line tools end then.
pub const CLOSED: u8 = 0;

impl Failure {
    /// The quiet end of a command whose output was closed: nothing said.
    pub fn closed() -> Failure {
        Failure(String::new(), CLOSED)
    }

    /// Whether it is [`Failure::closed`].
    pub fn is_closed(&self) -> bool {
        self.0.is_empty()
    }

    /// The failure of a write to `what`: a closed output (a broken pipe)
    /// ends the command quietly.
    pub fn writing(what: &str, e: io::Error) -> Failure {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Failure::closed(),
            _ => Failure(format!("cannot write {what}: {e}"), 2),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure(message, 2)
    }
}
