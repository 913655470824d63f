//! The terminals' output, read on a thread of their own, with the
//! capture's own strings taken out of it ([`crate::protocol`]).

use std::io::{self, Read};
use std::sync::mpsc::{channel, Receiver};
use std::thread;

use portable_pty::MasterPty;

use crate::protocol::{self, END, START};

/// What the reader hands on, in the order it came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chunk {
    /// Output, as the program wrote it.
    Output(Vec<u8>),
    /// The program waits for a key.
    Wait {
        /// Keys typed so far.
        typed: usize,
        /// The process that waits.
        pid: u32,
    },
    /// The program types no more keys, this many typed.
    Handback(usize),
    /// A process of the program called these of the functions `--pin`
    /// replaces (the bits of [`crate::pin::Called`]).
    Called {
        /// The functions.
        bits: usize,
        /// The process.
        pid: u32,
    },
    /// The capture's marker.
    Marker,
    /// Words on the program's standard error ([`crate::words`]).
    Stderr(Vec<u8>),
    /// On the standard error's terminal: the program says it waits for a
    /// key, this many typed (`Some`), or the capture's marker (`None`).
    StderrMark(Option<usize>),
    /// The program's terminal closed: nothing more comes from it.
    Closed,
}

/// The longest body there is (`handback;` and two numbers).
const LONGEST: usize = 40;

/// Takes the capture's strings out of output that comes in pieces.
#[derive(Debug, Default)]
pub struct Splitter {
    /// Bytes held back: they may be the start of a string.
    held: Vec<u8>,
}

impl Splitter {
    /// The chunks of `bytes`, read after what came before.
    pub fn split(&mut self, bytes: &[u8]) -> Vec<Chunk> {
        let mut data = std::mem::take(&mut self.held);
        data.extend_from_slice(bytes);
        let mut chunks = Vec::new();
        let mut from = 0;
        let mut i = 0;
        while let Some(at) = data[i..].iter().position(|&b| b == 0x1b) {
            let at = i + at;
            let rest = &data[at..];
            if rest.len() < START.len() && START.starts_with(rest) {
                self.held = rest.to_vec();
                data.truncate(at);
                break;
            }
            let parsed = rest.strip_prefix(START).and_then(|body| {
                let end = body
                    .windows(END.len())
                    .take(LONGEST)
                    .position(|w| w == END);
                match end {
                    Some(end) => Some(parse(&body[..end]).map(|c| (c, end))),
                    // Unfinished: wait for the rest, unless it is too long.
                    None if body.len() < LONGEST + END.len() => None,
                    None => Some(None),
                }
            });
            match parsed {
                None if rest.starts_with(START) => {
                    self.held = rest.to_vec();
                    data.truncate(at);
                    break;
                }
                Some(Some((chunk, end))) => {
                    if at > from {
                        chunks.push(Chunk::Output(data[from..at].to_vec()));
                    }
                    chunks.push(chunk);
                    from = at + START.len() + end + END.len();
                    i = from;
                }
                _ => i = at + 1,
            }
        }
        if data.len() > from {
            chunks.push(Chunk::Output(data[from..].to_vec()));
        }
        chunks
    }

    /// What is still held back, as output (at the end of the stream).
    pub fn rest(&mut self) -> Option<Chunk> {
        let held = std::mem::take(&mut self.held);
        (!held.is_empty()).then_some(Chunk::Output(held))
    }
}

/// A string's body as a chunk, if it is one of the capture's.
fn parse(body: &[u8]) -> Option<Chunk> {
    let text = std::str::from_utf8(body).ok()?;
    if text == protocol::SETTLED {
        return Some(Chunk::Marker);
    }
    let (kind, numbers) = text.split_once(';')?;
    let (count, pid) = numbers.split_once(';')?;
    let (count, pid) = (count.parse().ok()?, pid.parse().ok()?);
    match kind {
        protocol::WAIT => Some(Chunk::Wait { typed: count, pid }),
        protocol::HANDBACK => Some(Chunk::Handback(count)),
        protocol::CALLED => Some(Chunk::Called { bits: count, pid }),
        _ => None,
    }
}

/// Reads the terminal of `master`'s output, and the standard error's
/// terminal's if given, on one thread, as chunks into one channel, the
/// output's end said ([`Chunk::Closed`]). Output that holds a wait the
/// library said has the standard error's terminal read first, where it
/// said it before.
#[cfg(unix)]
pub fn spawn_readers(
    master: &dyn MasterPty,
    stderr: Option<&dyn MasterPty>,
) -> io::Result<Receiver<Chunk>> {
    let mut output = Source::new(master, Some, false)?;
    let mut stderr = stderr
        .map(|m| Source::new(m, of_stderr, true))
        .transpose()?;
    let (tx, rx) = channel();
    thread::spawn(move || {
        let mut buf = vec![0u8; BUFFER];
        // Words held until output comes (a wait said on both terminals
        // wakes the session once), the capture's marker, or a buffer's
        // worth.
        let (mut held, mut held_bytes) = (Vec::new(), 0);
        let send =
            |chunks: Vec<Chunk>| chunks.into_iter().all(|c| tx.send(c).is_ok());
        loop {
            let mut fds = [Some(&output), stderr.as_ref()].map(Source::poll_fd);
            // SAFETY: poll reads and fills the two entries it is given.
            let failed = unsafe { libc::poll(fds.as_mut_ptr(), 2, -1) } < 0
                && io::Error::last_os_error().kind()
                    != io::ErrorKind::Interrupted;
            let waits = |chunks: &[Chunk]| {
                chunks.iter().any(|c| matches!(c, Chunk::Wait { .. }))
            };
            let mut chunks = Vec::new();
            if fds[0].revents != 0 {
                chunks = output.read(&mut buf);
            }
            let err = stderr
                .as_mut()
                .filter(|_| fds[1].revents != 0 || waits(&chunks));
            for chunk in err.map(|e| e.drain(&mut buf)).unwrap_or_default() {
                held_bytes += match &chunk {
                    Chunk::Stderr(bytes) => bytes.len(),
                    Chunk::StderrMark(None) => BUFFER,
                    _ => 0,
                };
                held.push(chunk);
            }
            let ended = output.ended && stderr.as_ref().is_none_or(|e| e.ended);
            let flush =
                !chunks.is_empty() || output.ended || held_bytes >= BUFFER;
            let words = match flush {
                true => std::mem::take(&mut held),
                false => Vec::new(),
            };
            held_bytes *= usize::from(!flush);
            if failed || !send(words) || !send(chunks) || ended {
                return;
            }
        }
    });
    Ok(rx)
}

/// Reads the terminal of `master`'s output on a thread of its own, as
/// chunks, its end said ([`Chunk::Closed`]).
#[cfg(not(unix))]
pub fn spawn_readers(
    master: &dyn MasterPty,
    _stderr: Option<&dyn MasterPty>,
) -> io::Result<Receiver<Chunk>> {
    let mut reader = master.try_clone_reader().map_err(io::Error::other)?;
    let (tx, rx) = channel();
    thread::spawn(move || {
        let (mut buf, mut splitter) = (vec![0u8; BUFFER], Splitter::default());
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            if splitter
                .split(&buf[..n])
                .into_iter()
                .any(|c| tx.send(c).is_err())
            {
                return;
            }
        }
        for chunk in splitter.rest().into_iter().chain([Chunk::Closed]) {
            let _ = tx.send(chunk);
        }
    });
    Ok(rx)
}

/// How much is read at once.
const BUFFER: usize = 65536;

/// A chunk of the standard error's terminal as the session takes it.
#[cfg(unix)]
fn of_stderr(chunk: Chunk) -> Option<Chunk> {
    match chunk {
        Chunk::Output(bytes) => Some(Chunk::Stderr(bytes)),
        Chunk::Wait { typed, .. } => Some(Chunk::StderrMark(Some(typed))),
        Chunk::Marker => Some(Chunk::StderrMark(None)),
        _ => None,
    }
}

/// A terminal's master side, read into chunks until its end.
#[cfg(unix)]
struct Source {
    file: std::fs::File,
    splitter: Splitter,
    /// Each chunk as the session takes it.
    map: fn(Chunk) -> Option<Chunk>,
    ended: bool,
}

#[cfg(unix)]
impl Source {
    /// `master` on a descriptor of its own, not blocking if `nonblocking`.
    fn new(
        master: &dyn MasterPty,
        map: fn(Chunk) -> Option<Chunk>,
        nonblocking: bool,
    ) -> io::Result<Source> {
        use std::os::fd::BorrowedFd;
        let fd = master.as_raw_fd().ok_or(io::ErrorKind::Unsupported)?;
        // SAFETY: `master` keeps `fd` open while it is borrowed here;
        // fcntl sets the flags of the copy, which this function owns.
        let file = unsafe {
            let owned = BorrowedFd::borrow_raw(fd).try_clone_to_owned()?;
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if nonblocking
                && libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) != 0
            {
                return Err(io::Error::last_os_error());
            }
            owned.into()
        };
        let splitter = Splitter::default();
        Ok(Source {
            file,
            splitter,
            map,
            ended: false,
        })
    }

    /// Reads once (nothing if it would block); at its end, what was held
    /// back and its end.
    fn read(&mut self, buf: &mut [u8]) -> Vec<Chunk> {
        let chunks = match self.file.read(buf) {
            Ok(n @ 1..) => self.splitter.split(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                ) =>
            {
                Vec::new()
            }
            // The other side closed (EIO on Linux), or nothing more.
            _ => {
                self.ended = true;
                self.splitter
                    .rest()
                    .into_iter()
                    .chain([Chunk::Closed])
                    .collect()
            }
        };
        chunks.into_iter().filter_map(self.map).collect()
    }

    /// Reads all there is now (its reads return at once).
    fn drain(&mut self, buf: &mut [u8]) -> Vec<Chunk> {
        let mut chunks = Vec::new();
        while let more @ [_, ..] = &self.read(buf)[..] {
            chunks.extend_from_slice(more);
        }
        chunks
    }

    /// The descriptor of `source` as `poll` takes it (none once ended).
    fn poll_fd(source: Option<&Source>) -> libc::pollfd {
        use std::os::fd::AsRawFd;
        let fd = source
            .filter(|s| !s.ended)
            .map_or(-1, |s| s.file.as_raw_fd());
        libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        }
    }
}
