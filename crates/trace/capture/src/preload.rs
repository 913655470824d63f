//! The library a capture preloads into the program it records
//! (`LD_PRELOAD`, Linux): `preload/preload.c`, built with this crate and
//! embedded in it, written to a private temporary folder for each run.
//!
//! It pins the C original's seed and generator ([`crate::pin`]), and it
//! lets the program type its own keys: the capture puts the keys in a
//! FIFO ([`Typist`]), and the program, each time it waits for a key, says
//! so in its output and takes the next one (see `preload/preload.c`).
//! Nothing waits on anything but the program itself, so a capture goes at
//! the program's own speed, with the screens a typist sees.
//!
//! A program that cannot take the library (linked statically, setuid, for
//! another machine) says nothing, and the capture types its keys itself.
//! macOS would need the library built as a `.dylib` with its functions in
//! an `__interpose` section and `DYLD_INSERT_LIBRARIES`; Windows has no
//! equivalent.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The library, as built for this platform.
#[cfg(preload_library)]
const LIBRARY: Option<&[u8]> = Some(include_bytes!(concat!(
    env!("OUT_DIR"),
    "/librogue_preload.so"
)));
#[cfg(not(preload_library))]
const LIBRARY: Option<&[u8]> = None;

/// The variable naming the FIFO of keys.
const KEYS: &str = "ROGUE_KEYS";

/// The library written out for one run, removed when dropped.
#[derive(Debug)]
pub struct Preload {
    dir: PathBuf,
}

impl Preload {
    /// Writes the library into a private temporary folder.
    pub fn new() -> io::Result<Preload> {
        let library = LIBRARY.ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::Unsupported,
                "preloading a library needs LD_PRELOAD, which only Linux has here",
            )
        })?;
        // Two captures running at once (both sides of `compare`) may ask
        // in the same nanosecond: a count tells their folders apart.
        static MADE: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "rogue-preload-{}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        create_private_dir(&dir)?;
        let preload = Preload { dir };
        std::fs::write(preload.library(), library)?;
        Ok(preload)
    }

    /// Where the library is.
    pub fn library(&self) -> PathBuf {
        self.dir.join("librogue_preload.so")
    }

    /// `LD_PRELOAD` with the library first, then what `env` (else this
    /// process's environment) preloads already.
    pub fn ld_preload(&self, env: &[(String, String)]) -> (String, String) {
        let mut value = self.library().to_string_lossy().into_owned();
        let theirs = match env.iter().rev().find(|(n, _)| n == "LD_PRELOAD") {
            Some((_, v)) => Some(v.clone()),
            None => std::env::var("LD_PRELOAD").ok(),
        };
        if let Some(theirs) = theirs.filter(|t| !t.is_empty()) {
            value = format!("{value}:{theirs}");
        }
        ("LD_PRELOAD".into(), value)
    }
}

impl Drop for Preload {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether the library is built for this platform.
pub fn available() -> bool {
    LIBRARY.is_some()
}

/// Whether `program` (as found on the `PATH`) can take the library: a
/// script, or a dynamically linked program for this machine. A program
/// for another machine would have the dynamic linker complain on the
/// terminal.
pub fn takes_preload(program: &OsStr) -> bool {
    let Some(path) = find_program(program) else {
        return false;
    };
    let mut head = [0u8; 20];
    let Ok(n) = File::open(&path).and_then(|mut f| {
        use std::io::Read;
        f.read(&mut head)
    }) else {
        return false;
    };
    let head = &head[..n];
    if head.starts_with(b"#!") {
        return true;
    }
    // e_ident: magic, class, data; then e_type (2 bytes), e_machine.
    let ours_64 = cfg!(target_pointer_width = "64");
    head.len() == 20
        && head.starts_with(b"\x7fELF")
        && head[4] == if ours_64 { 2 } else { 1 }
        && head[5] == if cfg!(target_endian = "little") { 1 } else { 2 }
        && elf_machine(head) == Some(MACHINE)
}

/// The ELF machine of this build.
#[cfg(target_arch = "x86_64")]
const MACHINE: u16 = 62;
#[cfg(target_arch = "aarch64")]
const MACHINE: u16 = 183;
#[cfg(target_arch = "x86")]
const MACHINE: u16 = 3;
#[cfg(not(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_arch = "x86"
)))]
const MACHINE: u16 = u16::MAX;

fn elf_machine(head: &[u8]) -> Option<u16> {
    let bytes = [*head.get(18)?, *head.get(19)?];
    Some(if cfg!(target_endian = "little") {
        u16::from_le_bytes(bytes)
    } else {
        u16::from_be_bytes(bytes)
    })
}

/// `program` as the shell finds it: a path if it holds a `/`, else the
/// first such file on the `PATH`.
fn find_program(program: &OsStr) -> Option<PathBuf> {
    let path = Path::new(program);
    if path.components().count() > 1 || path.is_absolute() {
        return path.is_file().then(|| path.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(program))
        .find(|p| p.is_file())
}

/// The keys of a capture, in a FIFO the preloaded program takes them
/// from, with the library that does.
///
/// The keys go in only once the capture has seen the program wait for
/// the first and found it alone ([`Typist::start`]): a program of several
/// processes (a shell running it, Wine's console) is watched instead
/// ([`Typist::refuse`]), as one process's waits are not the program's.
/// Until then the library waits for its first key.
#[derive(Debug)]
pub struct Typist {
    preload: Preload,
    /// The FIFO, opened for reading and writing: never blocks the open,
    /// and the program's end never sees it closed before the capture
    /// closes it.
    fifo: Option<File>,
    /// The keys' bytes not in the FIFO yet.
    unsent: Vec<u8>,
    /// Whether the keys go in.
    started: bool,
}

impl Typist {
    /// The library, and an empty FIFO for `keys`.
    pub fn new(keys: &[char]) -> io::Result<Typist> {
        let preload = Preload::new()?;
        let path = preload.dir.join("keys");
        make_fifo(&path)?;
        let fifo = open_fifo(&path)?;
        Ok(Typist {
            preload,
            fifo: Some(fifo),
            unsent: keys.iter().collect::<String>().into_bytes(),
            started: false,
        })
    }

    /// The environment that loads the library and gives it the keys to
    /// type into the terminal `tty`, with `env`'s own preloads after it.
    pub fn env(
        &self,
        env: &[(String, String)],
        tty: &Path,
    ) -> Vec<(String, String)> {
        let keys = self.preload.dir.join("keys");
        vec![
            self.preload.ld_preload(env),
            (KEYS.into(), keys.to_string_lossy().into_owned()),
            ("ROGUE_TTY".into(), tty.to_string_lossy().into_owned()),
        ]
    }

    /// The program types its keys: they go in.
    pub fn start(&mut self) -> io::Result<()> {
        self.started = true;
        self.top_up()
    }

    /// The program does not type its keys: the FIFO closes empty, and the
    /// library, finding its end, types none.
    pub fn refuse(&mut self) {
        self.unsent.clear();
        self.fifo = None;
    }

    /// Puts as many keys in the FIFO as it holds, once started; once all
    /// are in, closes it, so the program finds its end after the last.
    pub fn top_up(&mut self) -> io::Result<()> {
        let Some(fifo) = self.fifo.as_mut().filter(|_| self.started) else {
            return Ok(());
        };
        while !self.unsent.is_empty() {
            match fifo.write(&self.unsent) {
                Ok(n) => {
                    self.unsent.drain(..n);
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    return Ok(())
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.fifo = None;
        Ok(())
    }
}

#[cfg(unix)]
fn create_private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(dir)
}

#[cfg(not(unix))]
fn create_private_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir(dir)
}

#[cfg(unix)]
fn make_fifo(path: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(io::Error::other)?;
    // SAFETY: mkfifo reads the NUL-terminated path it is given.
    if unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn make_fifo(_path: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

#[cfg(unix)]
fn open_fifo(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_fifo(_path: &Path) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_test_binary_takes_the_library_and_a_text_file_does_not() {
        let me = std::env::current_exe().unwrap();
        assert_eq!(takes_preload(me.as_os_str()), cfg!(target_os = "linux"));
        let text = std::env::temp_dir()
            .join(format!("rogue-preload-text-{}", std::process::id()));
        std::fs::write(&text, "not a program").unwrap();
        assert!(!takes_preload(text.as_os_str()));
        std::fs::remove_file(&text).unwrap();
        assert!(!takes_preload(OsStr::new("no-such-program-here")));
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn keys_past_the_fifo_s_size_wait_their_turn() {
        let keys: Vec<char> = "é".repeat(50_000).chars().collect();
        let mut typist = Typist::new(&keys).unwrap();
        let (_, path) = typist.env(&[], Path::new("/dev/tty"))[1].clone();
        let mut reader = std::fs::File::open(&path).unwrap();
        typist.start().unwrap();
        assert!(!typist.unsent.is_empty(), "a FIFO holds less than 100 KB");
        assert!(typist.fifo.is_some());
        let mut read = Vec::new();
        let mut buf = vec![0; 65536];
        while !typist.unsent.is_empty() || typist.fifo.is_some() {
            use std::io::Read;
            let n = reader.read(&mut buf).unwrap();
            read.extend_from_slice(&buf[..n]);
            typist.top_up().unwrap();
        }
        use std::io::Read;
        reader.read_to_end(&mut read).unwrap();
        assert_eq!(String::from_utf8(read).unwrap(), "é".repeat(50_000));
    }
}
