//! The terminal's output, read on a thread of its own, with the capture's
//! own strings taken out of it: APC strings (`ESC _ … ESC \`) that no
//! program writes, named `rogue-trace-…`:
//!
//! - `rogue-trace-wait;N;PID`: the preloaded library says the program (its
//!   process `PID`) waits for a key, `N` keys having been typed
//!   (`preload/preload.c`);
//! - `rogue-trace-handback;N;PID`: it types no more keys, `N` typed;
//! - `rogue-trace-called;F;PID`: the process `PID` called the functions
//!   `F` that `--pin` replaces, `time()` pinned or not ([`crate::pin`]);
//! - `rogue-trace-settled`: the marker the capture writes to the terminal
//!   behind the program's output, to know it has all come out.

use std::io::Read;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread;

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
    /// Words on the program's standard error ([`crate::stderr`]).
    Stderr(Vec<u8>),
    /// On the standard error's terminal: the program says it waits for a
    /// key, this many typed (`Some`), or the capture's marker (`None`).
    StderrMark(Option<usize>),
    /// The program's terminal closed: nothing more comes from it.
    Closed,
}

/// How the capture's strings start.
const START: &[u8] = b"\x1b_rogue-trace-";
/// How they end.
const END: &[u8] = b"\x1b\\";
/// The longest body there is (`handback;` and two numbers).
const LONGEST: usize = 40;

/// The marker, as written to the terminal.
pub const MARKER: &[u8] = b"\x1b_rogue-trace-settled\x1b\\";

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
    if text == "settled" {
        return Some(Chunk::Marker);
    }
    let (kind, numbers) = text.split_once(';')?;
    let (count, pid) = numbers.split_once(';')?;
    let (count, pid) = (count.parse().ok()?, pid.parse().ok()?);
    match kind {
        "wait" => Some(Chunk::Wait { typed: count, pid }),
        "handback" => Some(Chunk::Handback(count)),
        "called" => Some(Chunk::Called { bits: count, pid }),
        _ => None,
    }
}

/// Reads the terminal's output on a thread of its own, as chunks; the
/// channel closes when the program closes the terminal.
pub fn spawn_reader(reader: Box<dyn Read + Send>) -> Receiver<Chunk> {
    let (tx, rx) = channel();
    read_on(reader, tx, Some);
    rx
}

/// Reads the terminal's output, and the standard error's terminal's if
/// given, on threads of their own, as chunks into one channel: the
/// output's end is said ([`Chunk::Closed`]), as the standard error's
/// terminal outlives the program.
pub fn spawn_readers(
    reader: Box<dyn Read + Send>,
    stderr: Option<Box<dyn Read + Send>>,
) -> Receiver<Chunk> {
    let (tx, rx) = channel();
    if let Some(stderr) = stderr {
        read_on(stderr, tx.clone(), of_stderr);
    }
    read_on(reader, tx, Some);
    rx
}

/// A chunk of the standard error's terminal as the session takes it.
fn of_stderr(chunk: Chunk) -> Option<Chunk> {
    match chunk {
        Chunk::Output(bytes) => Some(Chunk::Stderr(bytes)),
        Chunk::Wait { typed, .. } => Some(Chunk::StderrMark(Some(typed))),
        Chunk::Marker => Some(Chunk::StderrMark(None)),
        _ => None,
    }
}

/// Reads `reader` on a thread of its own, each chunk as `map` makes it.
fn read_on(
    mut reader: Box<dyn Read + Send>,
    tx: Sender<Chunk>,
    map: fn(Chunk) -> Option<Chunk>,
) {
    thread::spawn(move || {
        let mut buf = vec![0u8; 65536];
        let mut splitter = Splitter::default();
        loop {
            match reader.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let chunks = splitter.split(&buf[..n]);
                    for chunk in chunks.into_iter().filter_map(map) {
                        if tx.send(chunk).is_err() {
                            return;
                        }
                    }
                }
            }
        }
        if let Some(rest) = splitter.rest().and_then(map) {
            let _ = tx.send(rest);
        }
        // The standard error's terminal outlives the program: its end is
        // not the end of the program's output.
        if map(Chunk::Closed) == Some(Chunk::Closed) {
            let _ = tx.send(Chunk::Closed);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(s: &[u8]) -> Chunk {
        Chunk::Output(s.to_vec())
    }

    #[test]
    fn strings_are_taken_out_wherever_the_reads_cut_them() {
        let stream: &[u8] = b"ab\x1b[1mc\x1b_rogue-trace-wait;12;4194304\x1b\\d\x1b_rogue-trace-settled\x1b\\\x1b_rogue-trace-handback;3;77\x1b\\e\x1b_rogue-trace-called;4;78\x1b\\";
        let want = vec![
            out(b"ab\x1b[1mc"),
            Chunk::Wait {
                typed: 12,
                pid: 4_194_304,
            },
            out(b"d"),
            Chunk::Marker,
            Chunk::Handback(3),
            out(b"e"),
            Chunk::Called { bits: 4, pid: 78 },
        ];
        for cut in 0..stream.len() {
            let mut splitter = Splitter::default();
            let mut chunks = splitter.split(&stream[..cut]);
            chunks.extend(splitter.split(&stream[cut..]));
            chunks.extend(splitter.rest());
            // Output pieces cut apart are joined to compare.
            let mut joined: Vec<Chunk> = Vec::new();
            for chunk in chunks {
                match (joined.last_mut(), chunk) {
                    (Some(Chunk::Output(a)), Chunk::Output(b)) => a.extend(b),
                    (_, chunk) => joined.push(chunk),
                }
            }
            assert_eq!(joined, want, "cut at {cut}");
        }
    }

    #[test]
    fn other_strings_and_unfinished_ones_stay_output() {
        let mut splitter = Splitter::default();
        let other = b"\x1b_rogue-trace-what;1;2\x1b\\\x1b_rogue-trace-wait;1\x1b\\\x1b_other\x1b\\";
        assert_eq!(splitter.split(other), vec![out(other)]);
        let long = [START, &[b'9'; 100]].concat();
        assert_eq!(splitter.split(&long), vec![out(&long)]);
        assert_eq!(splitter.split(b"\x1b_rogue"), vec![]);
        assert_eq!(splitter.rest(), Some(out(b"\x1b_rogue")));
    }
}
