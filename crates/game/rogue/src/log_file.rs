//! `--log FILE`: a log appended to the file, never truncating it, with
//! dated timestamps; a write that fails is reported once, after the game.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use log::LevelFilter;
use simplelog::{ConfigBuilder, WriteLogger};

/// The log of this run, to ask after the game whether it was all written.
pub struct Log {
    failure: Arc<Mutex<Option<io::Error>>>,
}

impl Log {
    /// The first write that failed, if one did.
    pub fn failure(&self) -> Option<io::Error> {
        self.failure.lock().ok()?.take()
    }
}

/// Opens `path` for appending (creating it if needed) and starts the log
/// at `level`; a path that cannot be written (a folder, a missing folder,
/// no permission) is an error, before anything is written.
pub fn open(path: &Path, level: LevelFilter) -> Result<Log, String> {
    let file = OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| {
            format!("cannot open log file '{}': {e}", path.display())
        })?;
    let failure = Arc::new(Mutex::new(None));
    let writer = Appender {
        file,
        failure: Arc::clone(&failure),
    };
    let config = ConfigBuilder::new()
        .set_time_format_rfc3339()
        .set_thread_level(LevelFilter::Off)
        .set_target_level(LevelFilter::Off)
        .build();
    WriteLogger::init(level, config, writer)
        .map_err(|e| format!("cannot start the log: {e}"))?;
    Ok(Log { failure })
}

/// The log file, noting the first write that fails.
struct Appender {
    file: File,
    failure: Arc<Mutex<Option<io::Error>>>,
}

impl Appender {
    /// Notes `error` if it is the first.
    fn note(&self, error: &io::Error) {
        if let Ok(mut failure) = self.failure.lock() {
            failure.get_or_insert_with(|| {
                io::Error::new(error.kind(), error.to_string())
            });
        }
    }
}

impl Write for Appender {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf).inspect_err(|e| self.note(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush().inspect_err(|e| self.note(e))
    }
}
