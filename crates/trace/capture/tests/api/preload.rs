//! Which programs can take the capture's library, and why not; the keys
//! it is given to type, in their FIFO.

use std::ffi::OsStr;

use rogue_capture::preload::takes_preload;
#[cfg(target_os = "linux")]
use {
    rogue_capture::preload::Typist,
    rogue_capture::preload::{refusal, Refusal},
    rogue_capture::protocol::{BURST, FRAME},
    std::fs::File,
    std::io::{self, Read},
    std::path::Path,
};

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
fn a_program_for_another_machine_or_cut_short_is_refused_and_says_why() {
    let me = std::fs::read(std::env::current_exe().unwrap()).unwrap();
    let dir = std::env::temp_dir()
        .join(format!("rogue-preload-refusal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let mine = write("mine", &me);
    assert_eq!(refusal(mine.as_os_str()), None);
    let mut other = me.clone();
    other[18] ^= 0x40;
    let other = write("other", &other);
    assert_eq!(refusal(other.as_os_str()), Some(Refusal::Foreign));
    // The header only: its program headers are not there.
    let cut = write("cut", &me[..64]);
    assert_eq!(refusal(cut.as_os_str()), Some(Refusal::NotAProgram));
    let script = write("script", b"#!/bin/sh\n");
    assert_eq!(refusal(script.as_os_str()), None);
    assert_eq!(refusal(OsStr::new("no-such-program-here")), None);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The typist's FIFO, opened here for reading without blocking.
#[cfg(target_os = "linux")]
fn fifo_of(typist: &Typist) -> File {
    use std::os::unix::fs::OpenOptionsExt;
    let (_, path) = typist.env(&[], Path::new("/dev/tty"))[1].clone();
    let mut options = std::fs::OpenOptions::new();
    options.read(true).custom_flags(libc::O_NONBLOCK);
    options.open(path).unwrap()
}

/// What can be read now of `fifo`, and whether the typist has closed it
/// (its end is read).
#[cfg(target_os = "linux")]
fn fifo_holds(fifo: &mut File) -> (Vec<u8>, bool) {
    let mut read = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match fifo.read(&mut buf) {
            Ok(0) => return (read, true),
            Ok(n) => read.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                return (read, false)
            }
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_burst_goes_in_framed_with_its_count_a_special_key_s_in_its_mode() {
    use rogue_trace_format::{keys::UP, JOIN};
    let keys = ['j', 'l', JOIN, 'l', 'k', JOIN, UP];
    let mut typist = Typist::new(&keys).unwrap();
    let mut fifo = fifo_of(&typist);
    typist.start().unwrap();
    let burst = [b'j', BURST, 3, 2, b'l', b'l'].to_vec();
    assert_eq!(fifo_holds(&mut fifo), (burst, false));
    typist.reached(4, true).unwrap();
    let up = [BURST, 3, 4, b'k', 0x1b, b'O', b'A'].to_vec();
    assert_eq!(fifo_holds(&mut fifo), (up, true));
}

#[test]
#[cfg(target_os = "linux")]
fn a_special_key_goes_in_once_the_program_waits_for_it_in_its_mode() {
    use rogue_trace_format::keys::{HOME, UP};
    let keys = ['j', UP, 'k', HOME];
    let mut typist = Typist::new(&keys).unwrap();
    let mut fifo = fifo_of(&typist);
    typist.start().unwrap();
    assert_eq!(fifo_holds(&mut fifo), (b"j".to_vec(), false));
    // Waits said again, or for keys already in, add nothing.
    typist.reached(0, true).unwrap();
    assert_eq!(fifo_holds(&mut fifo), (vec![], false));
    typist.reached(1, true).unwrap();
    let up = [FRAME, 3, 0x1b, b'O', b'A', b'k'].to_vec();
    assert_eq!(fifo_holds(&mut fifo), (up, false));
    typist.reached(3, false).unwrap();
    let home = [FRAME, 4, 0x1b, b'[', b'1', b'~'].to_vec();
    assert_eq!(fifo_holds(&mut fifo), (home, true));
}

#[test]
#[cfg(target_os = "linux")]
fn keys_past_the_fifo_s_size_wait_their_turn() {
    let keys: Vec<char> = "é".repeat(50_000).chars().collect();
    let mut typist = Typist::new(&keys).unwrap();
    let mut fifo = fifo_of(&typist);
    typist.start().unwrap();
    let (mut read, mut closed) = fifo_holds(&mut fifo);
    assert!(!closed, "a FIFO holds less than 100 KB: the rest waits");
    while !closed {
        typist.top_up().unwrap();
        let more;
        (more, closed) = fifo_holds(&mut fifo);
        read.extend(more);
    }
    assert_eq!(String::from_utf8(read).unwrap(), "é".repeat(50_000));
}
