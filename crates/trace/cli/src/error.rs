//! The error every command returns: below every module that fails.

/// A failure: the message and the exit status.
#[derive(Debug)]
pub struct Failure(pub String, pub u8);

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure(message, 2)
    }
}
