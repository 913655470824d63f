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
        /// Whether it said so on its standard error's terminal too: if
        /// not, the capture had read every word written there.
        on_stderr: bool,
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

    /// Whether one more byte may end a string held back: the standard
    /// error's terminal is read to its end only where it does.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    fn ends_within_one(&self) -> bool {
        self.held.starts_with(START) && self.held.ends_with(&END[..1])
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
        protocol::WAIT | protocol::WAIT_READ => Some(Chunk::Wait {
            typed: count,
            pid,
            on_stderr: kind == protocol::WAIT,
        }),
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
#[cfg(target_os = "linux")]
pub fn spawn_readers(
    master: &dyn MasterPty,
    stderr: Option<&dyn MasterPty>,
) -> io::Result<Receiver<Chunk>> {
    let mut output = Source::new(master, Some, false)?;
    let mut stderr = stderr
        .map(|m| Source::new(m, of_stderr, true))
        .transpose()?;
    let ready = Ready::new(&output, stderr.as_ref())?;
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
            let Ok([out, err]) = ready.wait() else { return };
            let waits = |chunks: &[Chunk]| {
                chunks.iter().any(|c| matches!(c, Chunk::Wait { .. }))
            };
            let mut chunks = Vec::new();
            if out != 0 {
                chunks = output.read(&mut buf, true).unwrap_or_default();
                ready.forget(&output);
            }
            // Once the program's terminal or this one hangs up, nothing
            // more is said on it: it is read to its end.
            let to_end = output.ended || err & libc::EPOLLHUP as u32 != 0;
            let err = stderr.as_mut().filter(|_| err != 0 || waits(&chunks));
            for chunk in
                err.map(|e| e.drain(&mut buf, to_end)).unwrap_or_default()
            {
                held_bytes += match &chunk {
                    Chunk::Stderr(bytes) => bytes.len(),
                    Chunk::StderrMark(None) => BUFFER,
                    _ => 0,
                };
                held.push(chunk);
            }
            if let Some(e) = &stderr {
                ready.forget(e);
            }
            let ended = output.ended && stderr.as_ref().is_none_or(|e| e.ended);
            let flush =
                !chunks.is_empty() || output.ended || held_bytes >= BUFFER;
            let words = match flush {
                true => std::mem::take(&mut held),
                false => Vec::new(),
            };
            held_bytes *= usize::from(!flush);
            if !send(words) || !send(chunks) || ended {
                return;
            }
        }
    });
    Ok(rx)
}

/// Reads the terminal of `master`'s output on a thread of its own, as
/// chunks, its end said ([`Chunk::Closed`]).
#[cfg(not(target_os = "linux"))]
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
#[cfg(target_os = "linux")]
fn of_stderr(chunk: Chunk) -> Option<Chunk> {
    match chunk {
        Chunk::Output(bytes) => Some(Chunk::Stderr(bytes)),
        Chunk::Wait { typed, .. } => Some(Chunk::StderrMark(Some(typed))),
        Chunk::Marker => Some(Chunk::StderrMark(None)),
        _ => None,
    }
}

/// A terminal's master side, read into chunks until its end.
#[cfg(target_os = "linux")]
struct Source {
    file: std::fs::File,
    splitter: Splitter,
    /// Each chunk as the session takes it.
    map: fn(Chunk) -> Option<Chunk>,
    /// Whether its last byte is left unread until it ends a string of the
    /// capture's (the standard error's terminal): the library, seeing a
    /// byte there, knows that words came since ([`protocol::WAIT_READ`]).
    keeps_last: bool,
    ended: bool,
}

#[cfg(target_os = "linux")]
impl Source {
    /// `master` on a descriptor of its own; that of the standard error's
    /// terminal (`stderr`) does not block and keeps its last byte.
    fn new(
        master: &dyn MasterPty,
        map: fn(Chunk) -> Option<Chunk>,
        stderr: bool,
    ) -> io::Result<Source> {
        use std::os::fd::BorrowedFd;
        let fd = master.as_raw_fd().ok_or(io::ErrorKind::Unsupported)?;
        // SAFETY: `master` keeps `fd` open while it is borrowed here;
        // fcntl sets the flags of the copy, which this function owns.
        let file = unsafe {
            let owned = BorrowedFd::borrow_raw(fd).try_clone_to_owned()?;
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if stderr
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
            keeps_last: stderr,
            ended: false,
        })
    }

    /// Reads once, all there is or all but the last byte (`to_end` reads
    /// it too); `None` if nothing was read. At its end, what was held back
    /// and its end.
    fn read(&mut self, buf: &mut [u8], to_end: bool) -> Option<Vec<Chunk>> {
        let len = match self.keeps_last && !to_end {
            true => self.all_but_last(buf.len())?,
            false => buf.len(),
        };
        let chunks = match self.file.read(&mut buf[..len]) {
            Ok(n @ 1..) => self.splitter.split(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                ) =>
            {
                return None
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
        Some(chunks.into_iter().filter_map(self.map).collect())
    }

    /// How many bytes to read: all but the last, unless it ends a string
    /// of the capture's, or all once the other side has closed; `None`
    /// for none now. (Polled first, the terminal takes in what is in
    /// flight.)
    fn all_but_last(&self, most: usize) -> Option<usize> {
        use std::os::fd::AsRawFd;
        match waiting(self.file.as_raw_fd()) {
            // A read says what is left, and that it has ended.
            None | Some((_, true)) => Some(most),
            Some((0, _)) => None,
            Some((1, _)) if self.splitter.ends_within_one() => Some(1),
            Some((1, _)) => None,
            Some((n, _)) => Some((n - 1).min(most)),
        }
    }

    /// Reads all there is now (its reads return at once), or all but its
    /// last byte ([`Source::read`]).
    fn drain(&mut self, buf: &mut [u8], to_end: bool) -> Vec<Chunk> {
        let mut chunks = Vec::new();
        while let Some(more) = self.read(buf, to_end) {
            chunks.extend(more);
            if self.ended {
                break;
            }
        }
        chunks
    }
}

/// The two terminals' master sides, waited on together (`epoll`): the
/// output's while there is some to read, the standard error's each time
/// more comes (its last byte may be left unread).
#[cfg(target_os = "linux")]
struct Ready(std::os::fd::OwnedFd);

#[cfg(target_os = "linux")]
impl Ready {
    /// Waits on `output` and `stderr`.
    fn new(output: &Source, stderr: Option<&Source>) -> io::Result<Ready> {
        use std::os::fd::{AsRawFd, FromRawFd};
        // SAFETY: epoll_create1 returns a new descriptor, owned here.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: as above.
        let ready = Ready(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) });
        for (i, source, how) in
            [(0, Some(output), 0), (1, stderr, libc::EPOLLET)]
        {
            let Some(source) = source else { continue };
            let mut event = libc::epoll_event {
                events: (libc::EPOLLIN | how) as u32,
                u64: i,
            };
            let fd = source.file.as_raw_fd();
            // SAFETY: epoll_ctl reads the event given.
            let add = unsafe {
                libc::epoll_ctl(
                    ready.0.as_raw_fd(),
                    libc::EPOLL_CTL_ADD,
                    fd,
                    &mut event,
                )
            };
            if add != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(ready)
    }

    /// Waits for either; the events of each, `[output, stderr]`.
    fn wait(&self) -> io::Result<[u32; 2]> {
        use std::os::fd::AsRawFd;
        let mut events = [libc::epoll_event { events: 0, u64: 0 }; 2];
        // SAFETY: epoll_wait fills at most the two entries given.
        let n = unsafe {
            libc::epoll_wait(self.0.as_raw_fd(), events.as_mut_ptr(), 2, -1)
        };
        let mut ready = [0; 2];
        match n {
            ..0 if io::Error::last_os_error().kind()
                == io::ErrorKind::Interrupted => {}
            ..0 => return Err(io::Error::last_os_error()),
            n => {
                for event in &events[..n as usize] {
                    ready[(event.u64 as usize).min(1)] |= event.events;
                }
            }
        }
        Ok(ready)
    }

    /// Waits no more on `source` once it has ended.
    fn forget(&self, source: &Source) {
        use std::os::fd::AsRawFd;
        if source.ended {
            // SAFETY: epoll_ctl takes no event to delete.
            unsafe {
                libc::epoll_ctl(
                    self.0.as_raw_fd(),
                    libc::EPOLL_CTL_DEL,
                    source.file.as_raw_fd(),
                    std::ptr::null_mut(),
                );
            }
        }
    }
}

/// The bytes waiting to be read on the terminal `fd`, and whether its
/// other side has closed; `None` if it cannot be told. (Polled first, the
/// terminal takes in what is in flight.)
#[cfg(target_os = "linux")]
pub(crate) fn waiting(fd: std::os::fd::RawFd) -> Option<(usize, bool)> {
    let mut one = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let mut n: libc::c_int = 0;
    // SAFETY: poll reads and fills the one entry; FIONREAD writes n.
    let told = unsafe {
        libc::poll(&mut one, 1, 0) >= 0
            && libc::ioctl(fd, libc::FIONREAD, &mut n) == 0
    };
    let closed = one.revents & (libc::POLLHUP | libc::POLLERR) != 0;
    told.then(|| (usize::try_from(n).unwrap_or(0), closed))
}
