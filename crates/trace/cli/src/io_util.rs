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

/// Where a file being written goes: written into a temporary file beside
/// it (removed if given up) and put in its place once complete, or, for a
/// device or a pipe, which is not ours to replace, written in place.
pub struct Placement {
    /// The file the user named.
    path: PathBuf,
    /// The file beside it, and whether it replaces one (`--force`).
    beside: Option<(tempfile::NamedTempFile, bool)>,
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
        let file_there = [&existing, &target]
            .iter()
            .any(|m| m.as_ref().is_some_and(std::fs::Metadata::is_file));
        if let Some(target) = target.as_ref().filter(|_| !file_there) {
            if target.is_dir() {
                return Err(cannot(&"it is a directory"));
            }
            let file = OpenOptions::new().write(true).open(path);
            let path = path.to_path_buf();
            let file = file.map_err(|e| cannot(&e))?;
            return Ok((file, Placement { path, beside: None }));
        }
        if existing.is_some() && !force {
            return Err(cannot(
                &"it already exists (give --force to replace it)",
            ));
        }
        let temp = temporary_beside(path, target.filter(|m| m.is_file()))
            .map_err(|e| {
                cannot(&format_args!("cannot create a file beside it: {e}"))
            })?;
        let file = temp.as_file().try_clone().map_err(|e| cannot(&e))?;
        let beside = Some((temp, existing.is_some()));
        Ok((
            file,
            Placement {
                path: path.to_path_buf(),
                beside,
            },
        ))
    }

    /// The failure for a write error.
    pub fn error(&self, e: io::Error) -> Failure {
        Failure::writing(&format!("'{}'", self.path.display()), e)
    }

    /// Puts the file, complete and its writer flushed, in its place.
    pub fn commit(self) -> Result<(), Failure> {
        let path = self.path;
        let error = |e| Failure::writing(&format!("'{}'", path.display()), e);
        let Some((temp, replace)) = self.beside else {
            return Ok(());
        };
        temp.as_file().sync_all().map_err(error)?;
        let placed = match replace {
            true => temp.persist(&path),
            false => temp.persist_noclobber(&path),
        };
        placed.map(drop).map_err(|e| error(e.error))
    }
}

/// A new file in the folder of `path`, named after it, with the
/// permissions of the file it replaces (`was`), or a new file's.
fn temporary_beside(
    path: &Path,
    was: Option<std::fs::Metadata>,
) -> io::Result<tempfile::NamedTempFile> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // As a new file is made: read and write for all, but the umask.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let temp = builder.tempfile_in(folder)?;
    // The replacement keeps what the user let others do with the file (not
    // a link's own mode, which means nothing).
    if let Some(was) = was {
        temp.as_file().set_permissions(was.permissions())?;
    }
    Ok(temp)
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
