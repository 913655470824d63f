//! The error every command returns: below every module that fails.

use std::io;

/// A failure: the message and the exit status; status 0, nothing said,
/// for a command whose output was closed before it ended.
#[derive(Debug)]
pub struct Failure(pub String, pub u8);

impl Failure {
    /// The failure of a write to `what`.
    pub fn writing(what: &str, e: io::Error) -> Failure {
        match e.kind() {
            io::ErrorKind::BrokenPipe => Failure(String::new(), 0),
            _ => Failure::from(format!("cannot write {what}: {e}")),
        }
    }

    /// Whether it is a closed output's.
    pub fn is_closed(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure(message, 2)
    }
}
