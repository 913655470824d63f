//! The capture's library stays out of the program's way: the program's
//! files are numbered as they would be without it, `errno` after a read
//! is the read's, and a program that closes every file (`close_range`,
//! not `close()`) and opens its own finds nothing of the capture's in
//! them. A C program of its own, typing its keys through the library.

#![cfg(target_os = "linux")] // the library is preloaded on Linux

mod common;

use common::{fixture, rogue_trace, text};

use rogue_testkit::compile_c;
use rogue_trace_format::Trace;

#[test]
fn the_library_keeps_out_of_the_program_s_files_and_errno() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-trace-own-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let program = compile_c(&fixture("own_files.c"), &dir, "own_files", &[]);
    let out = rogue_trace(&[
        "capture",
        "--every",
        "--size",
        "40x8",
        "--keys",
        "abcdq",
        "--",
        program.to_str().unwrap(),
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let trace = Trace::parse(&text(&out.stdout)).unwrap();
    let last = &trace.steps[4].text;
    // After `c`, its own file takes 3.
    let told = ["a", "b", "c", "d"].into_iter().zip([3, 3, 3, 4]);
    for (row, (key, next)) in last[1..5].iter().zip(told) {
        assert_eq!(
            row.trim_end(),
            format!("key {key} errno 0 next file {next}"),
            "{last:?}"
        );
    }
    let mine = std::fs::read_to_string(dir.join("mine.txt")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(mine, "mine");
}
