//! Reading traces and writing results, with one wording for errors.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use rogue_capture::cast;
use rogue_trace_format::diff::Report;
use rogue_trace_format::{report, Trace};

use crate::error::Failure;

/// `print!`, `println!` and `eprintln!` that fail as a [`Failure`].
macro_rules! out {
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(&mut std::io::stdout(), format_args!($($arg)*))
            .map_err(|e| $crate::error::Failure::writing("the output", e))
    };
}
macro_rules! outln {
    ($($arg:tt)*) => { $crate::io_util::out!("{}\n", format_args!($($arg)*)) };
}
macro_rules! errln {
    ($($arg:tt)*) => {
        std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("{}\n", format_args!($($arg)*)))
            .map_err(|e| $crate::error::Failure::writing("the log", e))
    };
}
pub(crate) use {errln, out, outln};

/// Reads and parses a trace, or an asciinema recording.
pub fn read_trace(path: &Path) -> Result<Trace, Failure> {
    let name = path.display();
    let mib = cast::MAX_BYTES >> 20;
    let text = read_at_most(path, cast::MAX_BYTES as u64)
        .map_err(|e| format!("cannot read '{name}': {e}"))?
        .ok_or_else(|| {
            format!("'{name}' is larger than {mib} MiB: not read")
        })?;
    if cast::is_cast(&text) {
        return cast::read(&text).map_err(|e| match e.line {
            0 => format!("{name}: {}", e.message).into(),
            line => format!("{name}:{line}: {}", e.message).into(),
        });
    }
    Ok(Trace::parse(&text)
        .map_err(|e| format!("{name}:{}: {}", e.line, e.message))?)
}

/// The text of the file at `path`, or `None` if it is longer than `limit`
/// bytes (a pipe read no further than one byte over).
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

/// Where a command writes: standard output, or a file, an existing one
/// replaced only with `force`, through a file beside it renamed over it.
/// Dropped unfinished, it leaves nothing behind.
pub struct Output {
    /// Standard output, or the file being written.
    writer: Box<dyn Write>,
    /// Where the file goes once complete; none for standard output.
    placement: Option<Placement>,
}

impl Output {
    /// Standard output for `None` or `-`, else the file `path`.
    pub fn create(path: Option<&Path>, force: bool) -> Result<Output, Failure> {
        let Some(path) = path.filter(|p| *p != Path::new("-")) else {
            let writer = Box::new(io::stdout().lock());
            return Ok(Output {
                writer,
                placement: None,
            });
        };
        let (file, placement) = Placement::open(path, force)?;
        let writer = Box::new(BufWriter::new(file));
        Ok(Output {
            writer,
            placement: Some(placement),
        })
    }

    /// The failure for a write error.
    pub fn error(&self, e: io::Error) -> Failure {
        match &self.placement {
            Some(placement) => placement.error(e),
            None => Failure::writing("the output", e),
        }
    }

    /// Flushes what is left and puts the file (closed) in its place.
    pub fn finish(mut self) -> Result<(), Failure> {
        self.writer.flush().map_err(|e| self.error(e))?;
        drop(self.writer);
        self.placement.map_or(Ok(()), Placement::commit)
    }
}

/// Where a file being written goes, and what to undo if it is given up.
pub struct Placement {
    /// The file the user named.
    path: PathBuf,
    how: Written,
    /// The file being written, to sync before it replaces the user's.
    sync: Option<File>,
    /// Whether the file is in its place (nothing to undo).
    done: bool,
}

/// How a [`Placement`]'s file is written.
#[derive(Debug, PartialEq, Eq)]
enum Written {
    /// Created where it goes, which held nothing.
    Created,
    /// In place: a device or a pipe, which is not ours to remove.
    InPlace,
    /// Into this temporary file beside it, renamed over it once complete.
    Beside(PathBuf),
}

impl Placement {
    /// Opens the file `path` for writing.
    pub fn open(
        path: &Path,
        force: bool,
    ) -> Result<(File, Placement), Failure> {
        let cannot = |why: &dyn std::fmt::Display| -> Failure {
            format!("cannot write '{}': {why}", path.display()).into()
        };
        // Not followed: a link is the user's name for the file, and is what
        // --force replaces (never the file it points to).
        let existing = std::fs::symlink_metadata(path).ok();
        let target = std::fs::metadata(path).ok();
        let is_file = |m: &Option<std::fs::Metadata>| {
            m.as_ref().is_some_and(std::fs::Metadata::is_file)
        };
        let (file, how) = if existing.is_none() {
            let file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .map_err(|e| cannot(&e))?;
            (file, Written::Created)
        } else if is_file(&existing) || is_file(&target) || target.is_none() {
            if !force {
                return Err(cannot(
                    &"it already exists (give --force to replace it)",
                ));
            }
            let (file, temp) = temporary_beside(path).map_err(|e| {
                cannot(&format_args!("cannot create a file beside it: {e}"))
            })?;
            // The replacement keeps what the user let others do with the
            // file (not a link's own mode, which means nothing).
            if let Some(m) = target.as_ref().filter(|m| m.is_file()) {
                let _ = file.set_permissions(m.permissions());
            }
            (file, Written::Beside(temp))
        } else if target.as_ref().is_some_and(std::fs::Metadata::is_dir) {
            return Err(cannot(&"it is a directory"));
        } else {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| cannot(&e))?;
            (file, Written::InPlace)
        };
        let sync = match how {
            Written::Beside(_) => file.try_clone().ok(),
            _ => None,
        };
        let placement = Placement {
            path: path.to_path_buf(),
            how,
            sync,
            done: false,
        };
        Ok((file, placement))
    }

    /// The failure for a write error.
    pub fn error(&self, e: io::Error) -> Failure {
        Failure::writing(&format!("'{}'", self.path.display()), e)
    }

    /// Puts the file, complete and its writer flushed, in its place.
    pub fn commit(mut self) -> Result<(), Failure> {
        if let Some(file) = self.sync.take() {
            file.sync_all().map_err(|e| self.error(e))?;
        }
        if let Written::Beside(temp) = &self.how {
            std::fs::rename(temp, &self.path).map_err(|e| self.error(e))?;
        }
        self.done = true;
        Ok(())
    }
}

impl Drop for Placement {
    /// An unfinished file is removed (the user's it was to replace kept).
    fn drop(&mut self) {
        let unfinished = match &self.how {
            Written::Created => &self.path,
            Written::Beside(temp) => temp,
            Written::InPlace => return,
        };
        if !self.done {
            let _ = std::fs::remove_file(unfinished);
        }
    }
}

/// A new file in the folder of `path`, named after it.
fn temporary_beside(path: &Path) -> io::Result<(File, PathBuf)> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let mut n = std::process::id();
    loop {
        let temp = folder.join(format!(".{name}.{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                n = n.wrapping_add(1);
            }
            Err(e) => return Err(e),
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// Writes the HTML report of comparing `a` with `b` to `path`.
pub fn write_report(
    path: &Path,
    force: bool,
    a: report::Side,
    b: report::Side,
    found: &Report,
    commands: &[String],
) -> Result<(), Failure> {
    write_page(path, force, &report::html(a, b, found, commands))
}

/// Writes a report's `page` to `path`, and says where.
pub fn write_page(path: &Path, force: bool, page: &str) -> Result<(), Failure> {
    let mut out = Output::create(Some(path), force)?;
    out.write_all(page.as_bytes()).map_err(|e| out.error(e))?;
    out.finish()?;
    errln!("report: {}", path.display())
}
