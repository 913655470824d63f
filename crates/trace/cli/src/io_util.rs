//! Reading traces and writing results, with one wording for errors.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use rogue_capture::cast;
use rogue_trace_format::Trace;

use crate::Failure;

/// Reads and parses a trace, or an asciinema recording (asciicast v2 or
/// v3, told apart by its content) as a trace; errors name the file and the
/// line.
pub fn read_trace(path: &Path) -> Result<Trace, Failure> {
    let name = path.display();
    let too_large = || {
        Failure(
            format!(
                "'{name}' is larger than {} MiB: not read",
                cast::MAX_BYTES >> 20
            ),
            2,
        )
    };
    let text = read_at_most(path, cast::MAX_BYTES as u64)
        .map_err(|e| Failure(format!("cannot read '{name}': {e}"), 2))?
        .ok_or_else(too_large)?;
    if cast::is_cast(&text) {
        return cast::read(&text).map_err(|e| match e.line {
            0 => Failure(format!("{name}: {}", e.message), 2),
            line => Failure(format!("{name}:{line}: {}", e.message), 2),
        });
    }
    Trace::parse(&text)
        .map_err(|e| Failure(format!("{name}:{}: {}", e.line, e.message), 2))
}

/// The text of the file at `path`, or `None` if it is longer than `limit`
/// bytes. A regular file's size is checked first; a pipe or a device has
/// none, and no more than the limit, and one byte to tell that it is over,
/// is read.
pub fn read_at_most(path: &Path, limit: u64) -> io::Result<Option<String>> {
    if std::fs::metadata(path).is_ok_and(|m| m.len() > limit) {
        return Ok(None);
    }
    let mut text = String::new();
    File::open(path)?
        .take(limit + 1)
        .read_to_string(&mut text)?;
    Ok((text.len() as u64 <= limit).then_some(text))
}

/// Where a command writes: standard output, or a file it creates. An
/// existing regular file is never overwritten; a device (such as
/// `/dev/null`) or a pipe may be written to.
pub enum Output {
    /// Standard output.
    Stdout(io::StdoutLock<'static>),
    /// A file, and its name.
    File(BufWriter<File>, PathBuf, bool),
}

impl Output {
    /// Standard output for `None` or `-`, else the file `path`, created.
    pub fn create(path: Option<&Path>) -> Result<Output, Failure> {
        let Some(path) = path.filter(|p| *p != Path::new("-")) else {
            return Ok(Output::Stdout(io::stdout().lock()));
        };
        let exists_as_file = std::fs::metadata(path).is_ok_and(|m| m.is_file());
        let created = !path.exists();
        let file = if exists_as_file {
            Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "it already exists; remove it or choose another name",
            ))
        } else if path.exists() {
            OpenOptions::new().write(true).open(path)
        } else {
            OpenOptions::new().write(true).create_new(true).open(path)
        };
        let file = file.map_err(|e| {
            Failure(format!("cannot write '{}': {e}", path.display()), 2)
        })?;
        Ok(Output::File(
            BufWriter::new(file),
            path.to_path_buf(),
            created,
        ))
    }

    /// The failure for a write error.
    pub fn error(&self, e: io::Error) -> Failure {
        match self {
            Output::Stdout(_) => {
                Failure(format!("cannot write the output: {e}"), 2)
            }
            Output::File(_, path, _) => {
                Failure(format!("cannot write '{}': {e}", path.display()), 2)
            }
        }
    }

    /// Flushes what is left.
    /// Gives up the output: a file this created is removed, unwritten, so
    /// that a command that failed leaves nothing behind.
    pub fn discard(self) {
        if let Output::File(out, path, true) = self {
            drop(out.into_parts());
            let _ = std::fs::remove_file(path);
        }
    }

    pub fn finish(mut self) -> Result<(), Failure> {
        self.flush().map_err(|e| self.error(e))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(buf),
            Output::File(out, _, _) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::File(out, _, _) => out.flush(),
        }
    }
}
