//! The capture's strings taken out of a program's output.

use rogue_capture::output::{Chunk, Splitter};
use rogue_capture::protocol::START;

/// Output of the bytes `s`.
fn out(s: &[u8]) -> Chunk {
    Chunk::Output(s.to_vec())
}

#[test]
fn strings_are_taken_out_wherever_the_reads_cut_them() {
    let stream: &[u8] = b"ab\x1b[1mc\x1b_rogue-trace-wait;12;4194304\x1b\\d\x1b_rogue-trace-settled\x1b\\\x1b_rogue-trace-handback;3;77\x1b\\e\x1b_rogue-trace-called;4;78\x1b\\\x1b_rogue-trace-wait-read;13;5\x1b\\";
    let want = vec![
        out(b"ab\x1b[1mc"),
        Chunk::Wait {
            typed: 12,
            pid: 4_194_304,
            on_stderr: true,
        },
        out(b"d"),
        Chunk::Marker,
        Chunk::Handback(3),
        out(b"e"),
        Chunk::Called { bits: 4, pid: 78 },
        Chunk::Wait {
            typed: 13,
            pid: 5,
            on_stderr: false,
        },
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
