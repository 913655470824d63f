//! A program's standard error is read apart from its screen: its words are
//! recorded at the key that made them, still show on the emulated screen
//! as a terminal shows them, and the program's standard error is still a
//! terminal of the screen's size, resized with it.
#![cfg(unix)]

use std::ffi::OsString;

use rogue_capture::{capture, CaptureOptions, Settle};
use rogue_trace_format::stderr::Stderr;
use rogue_trace_format::Trace;

/// The trace of `command` captured with `options`.
fn traced(command: &[OsString], options: &CaptureOptions) -> Trace {
    let mut steps = Vec::new();
    let recorded = capture(command, options, None, |step| {
        steps.push(step);
        Ok(())
    })
    .expect("the capture runs");
    recorded.with_steps(steps).trace
}

/// A program that says whether its standard error is a terminal and its
/// size, then shows each key typed on its second row; `h` bumps a wall,
/// which it says on its standard error; `q` ends it, saying goodbye there.
const SCRIPT: &str = r#"
stty raw -echo
[ -t 2 ] && tty=yes || tty=no
printf 'stderr tty %s %s' "$tty" "$(stty size <&2)"
while k=$(dd bs=1 count=1 2>/dev/null); do
  [ "$k" = h ] && printf 'bump at 3,4\n' >&2
  [ "$k" = q ] && { printf 'bye\n' >&2; break; }
  printf '\033[2;1Hkey %s' "$k"
done
stty sane
"#;

fn options(keys: &str, preload: bool) -> CaptureOptions {
    CaptureOptions {
        cols: 40,
        rows: 6,
        keys: keys.chars().collect(),
        every: true,
        term: "xterm".into(),
        env: Vec::new(),
        settle: Settle::default(),
        preload,
        part: None,
        rng: None,
        seed: None,
    }
}

#[test]
fn words_on_standard_error_are_recorded_at_their_key_and_shown() {
    let command = ["sh", "-c", SCRIPT].map(OsString::from);
    for preload in [false, true] {
        let trace = traced(&command, &options("lhlq", preload));
        assert_eq!(trace.steps[0].text[0].trim_end(), "stderr tty yes 6 40");
        let stderr = Stderr::of_header(&trace.header).expect("read apart");
        assert_eq!(
            stderr.words,
            [(2, "bump at 3,4\n".to_string()), (4, "bye\n".to_string())],
            "preload {preload}"
        );
        assert_eq!(stderr.cut_at, None);
        // On the screen where a terminal shows them: behind the key shown.
        let shown = &trace.steps[2].text;
        assert_eq!(shown[1].trim_end(), "key hbump at 3,4", "{shown:?}");
        let quiet = traced(&command, &options("llq", preload));
        let stderr = Stderr::of_header(&quiet.header).unwrap();
        assert_eq!(stderr.words, [(3, "bye\n".to_string())]);
    }
}

#[test]
fn standard_error_s_terminal_keeps_the_screen_s_size() {
    use rogue_capture::PtySession;
    use std::time::Duration;
    let script = "stty size <&2; read x; stty size <&2";
    let command = ["sh", "-c", script].map(OsString::from);
    let mut session =
        PtySession::spawn(&command, 40, 6, "xterm", &[]).expect("it starts");
    // Its first size said, it waits for a line.
    session.settle(&Settle::default());
    assert!(session.screen().contents().contains("6 40"));
    session.resize(50, 9).expect("it resizes");
    session.send(b"\n").expect("a key");
    session.wait_exit(Duration::from_secs(10)).expect("it ends");
    let shown = session.screen().contents();
    assert!(shown.contains("9 50"), "{shown}");
}
