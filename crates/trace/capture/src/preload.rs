//! The library a capture preloads into the program it records
//! (`LD_PRELOAD`, Linux): `preload/preload.c`, built with this crate and
//! embedded in it, written to a private temporary folder for each run.
//!
//! It pins the C original's seed and generator ([`crate::pin`]), and lets
//! the program type its own keys from a FIFO ([`Typist`]), saying in its
//! output each time it waits for one: a capture goes at its own speed.
//! A program that cannot take the library (static, setuid, for another
//! machine) says nothing, and the capture types its keys itself.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rogue_trace_format::burst::{burst_bytes, burst_end};
use rogue_trace_format::keys::is_special_key;

use crate::{program, protocol};

/// The library, as built for this platform.
#[cfg(preload_library)]
const LIBRARY: Option<&[u8]> = Some(include_bytes!(concat!(
    env!("OUT_DIR"),
    "/librogue_preload.so"
)));
#[cfg(not(preload_library))]
const LIBRARY: Option<&[u8]> = None;

/// The library written out for one run, in a private temporary folder
/// removed when dropped.
#[derive(Debug)]
pub struct Preload {
    dir: tempfile::TempDir,
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
        let dir = tempfile::Builder::new()
            .prefix("rogue-preload-")
            .tempdir()?;
        let preload = Preload { dir };
        std::fs::write(preload.library(), library)?;
        Ok(preload)
    }

    /// Where the library is.
    pub fn library(&self) -> PathBuf {
        self.dir.path().join("librogue_preload.so")
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

/// Whether the library is built for this platform.
pub fn available() -> bool {
    LIBRARY.is_some()
}

/// Why a program cannot take the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It cannot be read, to tell.
    Unread,
    /// It is neither a script nor an ELF program.
    NotAProgram,
    /// It is an ELF program for another machine.
    Foreign,
    /// It is linked statically.
    Static,
    /// It is setuid or setgid to someone else.
    Setuid,
}

impl Refusal {
    /// What it is, after the program's name.
    pub fn says(self) -> &'static str {
        match self {
            Refusal::Unread => "cannot be read",
            Refusal::NotAProgram => "is neither a script nor an ELF program",
            Refusal::Foreign => "is a program for another machine",
            Refusal::Static => "is statically linked",
            Refusal::Setuid => {
                "is setuid or setgid, and the dynamic linker ignores LD_PRELOAD for it"
            }
        }
    }
}

/// Whether `program` (as found on the `PATH`) can take the library.
pub fn takes_preload(program: &OsStr) -> bool {
    find_program(program).is_some_and(|path| refusal_of(&path).is_none())
}

/// Why `program` (as found on the `PATH`) cannot take the library, if it
/// is found and cannot.
pub fn refusal(program: &OsStr) -> Option<Refusal> {
    refusal_of(&find_program(program)?)
}

fn refusal_of(path: &Path) -> Option<Refusal> {
    use std::io::{Read, Seek, SeekFrom};
    let mut head = Vec::with_capacity(64);
    let Ok(mut file) = File::open(path).and_then(|mut file| {
        (&mut file).take(64).read_to_end(&mut head).map(|_| file)
    }) else {
        return Some(Refusal::Unread);
    };
    let head = &head[..];
    if head.starts_with(b"#!") {
        return None;
    }
    if !head.starts_with(b"\x7fELF") || head.len() < 20 {
        return Some(Refusal::NotAProgram);
    }
    // e_ident: magic, class, data; then e_type (2 bytes), e_machine.
    let ours_64 = cfg!(target_pointer_width = "64");
    let ours = head[4] == if ours_64 { 2 } else { 1 }
        && head[5] == if cfg!(target_endian = "little") { 1 } else { 2 }
        && number(head, 18, 2) == Some(MACHINE.into());
    if !ours {
        return Some(Refusal::Foreign);
    }
    if setuid_to_another(path) {
        return Some(Refusal::Setuid);
    }
    // The program headers: one of type PT_INTERP names the dynamic
    // linker; a static program (static-pie too) has none.
    // e_phoff (its width), e_phentsize and e_phnum.
    let [at, width, size_at, count_at] = if ours_64 {
        [32, 8, 54, 56]
    } else {
        [28, 4, 42, 44]
    };
    let (offset, size, count) = (
        number(head, at, width),
        number(head, size_at, 2),
        number(head, count_at, 2),
    );
    let (Some(offset), Some(size), Some(count)) = (offset, size, count) else {
        return Some(Refusal::NotAProgram);
    };
    // A program has a dozen entries of 56 bytes or so.
    if size < 4 || size * count > 1 << 16 {
        return Some(Refusal::NotAProgram);
    }
    let mut table = vec![0u8; (size * count) as usize];
    let read = file
        .seek(SeekFrom::Start(offset))
        .and_then(|_| file.read_exact(&mut table));
    if read.is_err() {
        return Some(Refusal::NotAProgram);
    }
    const PT_INTERP: u64 = 3;
    let interpreted = table
        .chunks_exact(size as usize)
        .any(|entry| number(entry, 0, 4) == Some(PT_INTERP));
    (!interpreted).then_some(Refusal::Static)
}

/// The unsigned number of `len` bytes at `at`, in this machine's order.
fn number(bytes: &[u8], at: usize, len: usize) -> Option<u64> {
    let field = bytes.get(at..at + len)?;
    let mut buf = [0u8; 8];
    let at = if cfg!(target_endian = "little") {
        0
    } else {
        8 - len
    };
    buf[at..at + len].copy_from_slice(field);
    Some(u64::from_ne_bytes(buf))
}

/// Whether `path` is setuid or setgid to a user or group not ours.
#[cfg(unix)]
fn setuid_to_another(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    // SAFETY: geteuid and getegid only read this process's ids.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    (meta.mode() & 0o4000 != 0 && meta.uid() != uid)
        || (meta.mode() & 0o2000 != 0 && meta.gid() != gid)
}

#[cfg(not(unix))]
fn setuid_to_another(_path: &Path) -> bool {
    false
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

/// `program` as found on this process's `PATH`.
fn find_program(program: &OsStr) -> Option<PathBuf> {
    program::find(program, std::env::var_os("PATH").as_deref())
}

/// The keys of a capture, in a FIFO the preloaded program takes them from,
/// once it waits for the first alone ([`Typist::decide`]).
///
/// A key goes in as its UTF-8 bytes; a special key only once the program
/// waits for it ([`Typist::reached`]), as the terminal in its mode sends
/// it, in a frame ([`protocol::FRAME`]); keys typed at once in a frame of
/// their own ([`protocol::BURST`]).
#[derive(Debug)]
pub struct Typist {
    preload: Preload,
    /// The FIFO, opened for reading and writing, so that it never blocks
    /// nor closes before the capture closes it.
    fifo: Option<File>,
    /// The keys to type.
    keys: Vec<char>,
    /// How many of them have their bytes in `unsent` or the FIFO.
    queued: usize,
    /// The queued keys' bytes not in the FIFO yet.
    unsent: Vec<u8>,
    /// Whether the keys go in.
    started: bool,
    /// Whether the program was found to type its keys or not.
    decided: bool,
}

impl Typist {
    /// The library, and an empty FIFO for `keys`.
    pub fn new(keys: &[char]) -> io::Result<Typist> {
        let preload = Preload::new()?;
        let path = preload.dir.path().join("keys");
        let mut typist = Typist {
            fifo: Some(fifo(&path)?),
            preload,
            keys: keys.to_vec(),
            queued: 0,
            unsent: Vec::new(),
            started: false,
            decided: false,
        };
        typist.queue();
        Ok(typist)
    }

    /// Queues the keys up to the next special key, or burst holding one.
    fn queue(&mut self) {
        while self.queued < self.keys.len() {
            let end = burst_end(&self.keys, self.queued);
            if self.keys[self.queued..end]
                .iter()
                .any(|&k| is_special_key(k))
            {
                return;
            }
            self.put(end, false);
        }
    }

    /// Queues the keys up to `end`, as sent in the cursor keys' mode
    /// `application`: a key as its bytes, framed if special, a burst in a
    /// frame of its own ([`protocol::BURST`]).
    fn put(&mut self, end: usize, application: bool) {
        let keys = &self.keys[self.queued..end];
        let bytes = burst_bytes(keys, application);
        let (count, len) = (keys.len() as u8, bytes.len() as u8);
        if keys.len() > 1 {
            self.unsent.extend([protocol::BURST, count, len]);
        } else if is_special_key(keys[0]) {
            self.unsent.extend([protocol::FRAME, len]);
        }
        self.unsent.extend(bytes);
        self.queued = end;
    }

    /// The environment that loads the library and gives it the keys to
    /// type into the terminal `tty`, with `env`'s own preloads after it.
    pub fn env(
        &self,
        env: &[(String, String)],
        tty: &Path,
    ) -> Vec<(String, String)> {
        let keys = self.preload.dir.path().join("keys");
        vec![
            self.preload.ld_preload(env),
            (protocol::KEYS.into(), keys.to_string_lossy().into_owned()),
            (protocol::TTY.into(), tty.to_string_lossy().into_owned()),
        ]
    }

    /// The program types its keys: they go in.
    pub fn start(&mut self) -> io::Result<()> {
        self.started = true;
        self.top_up()
    }

    /// The program waits for its first key: whether it types its keys (it
    /// does if `alone()`, one process, and they can go in), decided once.
    pub fn decide(&mut self, alone: impl FnOnce() -> bool) -> bool {
        if !self.decided {
            self.decided = true;
            if !alone() || self.start().is_err() {
                self.refuse();
            }
        }
        self.started
    }

    /// Whether the program was found to type its keys.
    pub fn typing(&self) -> bool {
        self.decided && self.started
    }

    /// The program does not type its keys: the FIFO closes empty.
    pub fn refuse(&mut self) {
        self.started = false;
        self.unsent.clear();
        self.queued = self.keys.len();
        self.fifo = None;
    }

    /// The program waits for a key, `typed` typed: a special key (or a
    /// burst holding one) goes in as sent in its cursor keys' mode, and
    /// the keys after it follow.
    pub fn reached(
        &mut self,
        typed: usize,
        application_cursor: bool,
    ) -> io::Result<()> {
        if typed != self.queued || typed >= self.keys.len() {
            return Ok(());
        }
        self.put(burst_end(&self.keys, typed), application_cursor);
        self.queue();
        self.top_up()
    }

    /// Puts as many queued keys in the FIFO as it holds, once started,
    /// closing it after the last.
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
        if self.queued == self.keys.len() {
            self.fifo = None;
        }
        Ok(())
    }
}

/// A new FIFO at `path`, opened for reading and writing without blocking.
#[cfg(unix)]
fn fifo(path: &Path) -> io::Result<File> {
    use std::os::unix::{ffi::OsStrExt, fs::OpenOptionsExt};
    let c_path = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(io::Error::other)?;
    // SAFETY: mkfifo reads the NUL-terminated path it is given.
    if unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) } != 0 {
        return Err(io::Error::last_os_error());
    }
    std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn fifo(_path: &Path) -> io::Result<File> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}
