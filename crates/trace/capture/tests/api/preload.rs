//! Which programs can take the capture's library, and why not.

use std::ffi::OsStr;

use rogue_capture::preload::{refusal, takes_preload, Refusal};

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
