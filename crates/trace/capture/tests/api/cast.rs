//! asciinema recordings read as traces, and written as a capture goes.

use std::io::{self, Write};

use rogue_capture::cast::{read, timestamp, CastWriter};

/// A 10x3 recording: `@` at the top left, moved right by `l`, then
/// `q` and the screen cleared.
const V2: &str = r#"{"version": 2, "width": 10, "height": 3}
[0.1, "o", "\u001b[H\u001b[2J@"]
[0.5, "i", "l"]
[0.51, "o", "\u001b[H \u001b[1;2H@"]
[0.9, "i", "q"]
[0.91, "o", "\u001b[H\u001b[2J"]
"#;

#[test]
fn a_v2_recording_is_a_trace_of_its_keys() {
    let trace = read(V2).unwrap();
    assert_eq!((trace.header.cols, trace.header.rows), (10, 3));
    // `q` is the last key, with no step: its screen is after endwin.
    assert_eq!(trace.header.keys, ['l', 'q']);
    let text: Vec<&str> =
        trace.steps.iter().map(|s| s.text[0].as_str()).collect();
    assert_eq!(text, ["@         ", " @        "]);
    assert_eq!(trace.steps[1].key, Some('l'));
    // Nothing after it is a key: the game has ended.
    let more = V2.replace(r#""i", "q"]"#, r#""i", "qj"]"#);
    assert_eq!(read(&more).unwrap().header.keys, ['l', 'q']);
    let first = V2.replace(r#""i", "l"]"#, r#""i", "\u0000"]"#);
    let first = read(&first).unwrap();
    assert_eq!(first.header.keys, ['\0']);
    assert_eq!(first.steps.len(), 1);
}

#[test]
fn the_timestamp_is_read_where_there_is_one() {
    assert_eq!(timestamp(V2), Ok(None));
    let v2 =
        V2.replace("\"height\": 3", "\"height\": 3, \"timestamp\": 1732147200");
    assert_eq!(timestamp(&v2), Ok(Some(1_732_147_200)));
    let v3 =
        r#"{"version": 3, "term": {"cols": 10, "rows": 3}, "timestamp": 42}"#;
    assert_eq!(timestamp(v3), Ok(Some(42)));
    for bad in [-1.0, 1.5] {
        let text = format!(r#"{{"version": 2, "timestamp": {bad}}}"#);
        let e = timestamp(&text).unwrap_err().to_string();
        assert!(e.starts_with("line 1: the header's timestamp"), "{e}");
    }
    assert!(timestamp("not json").is_err());
}

#[test]
fn a_v3_recording_reads_the_same() {
    let v3 = r#"{"version": 3, "term": {"cols": 10, "rows": 3}}
# a comment
[0.1, "o", "\u001b[H\u001b[2J@"]
[0.4, "i", "l"]
[0.01, "o", "\u001b[H \u001b[1;2H@"]
[0.39, "i", "q"]
[0.01, "o", "\u001b[H\u001b[2J"]
"#;
    let (a, b) = (read(V2).unwrap(), read(v3).unwrap());
    assert_eq!(a.steps, b.steps);
}

#[test]
fn keys_joined_in_one_event_are_steps_of_their_own() {
    let joined = r#"{"version": 2, "width": 10, "height": 3}
[0.1, "o", "@"]
[0.5, "i", "ll"]
[0.51, "o", "\u001b[1;1H @"]
[0.52, "o", "\u001b[1;2H @"]
[0.9, "i", "j"]
"#;
    let trace = read(joined).unwrap();
    let text: Vec<&str> =
        trace.steps.iter().map(|s| s.text[0].as_str()).collect();
    assert_eq!(
        text,
        ["@         ", " @        ", "  @       ", "  @       "]
    );
    let numbers: Vec<usize> = trace.steps.iter().map(|s| s.number).collect();
    assert_eq!(numbers, [0, 1, 2, 3]);
}

#[test]
fn bad_recordings_are_refused_with_their_line() {
    let cases = [
        ("", "the recording is empty"),
        ("{\"version\": 1, \"width\": 3}", "line 1: not an asciicast v2 or v3"),
        ("{\"version\": 2, \"width\": 0, \"height\": 3}", "line 1: the header's width"),
        ("{\"version\": 2, \"width\": 5000, \"height\": 3}", "line 1: the header's width"),
        ("{\"version\": 2, \"width\": 5, \"height\": 3}\n[0.1, \"o\"", "line 2: not a JSON event"),
        ("{\"version\": 2, \"width\": 5, \"height\": 3}\n[0.1, \"o\", 3]", "line 2: an event's code"),
        ("{\"version\": 2, \"width\": 5, \"height\": 3}\n[0.1, \"o\", \"x\"]", "no input events"),
        ("not json", "line 1: the header is not JSON"),
    ];
    for (text, expected) in cases {
        let e = read(text).unwrap_err().to_string();
        assert!(
            e.starts_with(expected) || e.contains(expected),
            "{text:?}: {e}"
        );
    }
    let many = format!(
        "{{\"version\": 2, \"width\": 1000, \"height\": 1000}}\n[0, \"i\", \"{}\"]",
        "j".repeat(60)
    );
    assert!(read(&many).unwrap_err().to_string().contains("cells"));
}

#[test]
fn a_special_key_is_recorded_as_sent_and_reads_back_as_the_key() {
    use rogue_trace_format::keys::{HOME, UP};
    let path = std::env::temp_dir()
        .join(format!("rogue-cast-special-{}.cast", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    let mut writer = CastWriter::new(Box::new(file), 10, 3, "t", 42).unwrap();
    writer.output(b"@").unwrap();
    writer.input(&[UP]).unwrap();
    // The program asks for application cursor keys, in two pieces.
    writer.output(b"\x1b[?1").unwrap();
    writer.output(b"h").unwrap();
    writer.input(&[UP]).unwrap();
    writer.input(&[HOME]).unwrap();
    writer.finish().unwrap();
    drop(writer);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let inputs: Vec<&str> =
        text.lines().filter(|l| l.contains("\"i\"")).collect();
    assert!(inputs[0].ends_with(r#""i","\u001b[A"]"#), "{text}");
    assert!(inputs[1].ends_with(r#""i","\u001bOA"]"#), "{text}");
    assert!(inputs[2].ends_with(r#""i","\u001b[1~"]"#), "{text}");
    assert_eq!(read(&text).unwrap().header.keys, [UP, UP, HOME]);
}

#[test]
fn what_is_written_reads_back() {
    struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let shared = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut writer =
        CastWriter::new(Box::new(Shared(shared.clone())), 10, 3, "t", 42)
            .unwrap();
    // An `é` cut in two by a read: written whole, in the next event.
    writer.output(b"\x1b[H\x1b[2J@\xc3").unwrap();
    writer.input(&['l']).unwrap();
    writer.output(b"\xa9\x1b[1;1H\x1b[1;2H@").unwrap();
    writer.finish().unwrap();
    let text = String::from_utf8(shared.lock().unwrap().clone()).unwrap();
    let trace = read(&text).unwrap();
    assert_eq!(timestamp(&text), Ok(Some(42)));
    assert_eq!(trace.steps[0].text[0], "@         ");
    assert_eq!(trace.steps[1].text[0], "@@        ");
    assert!(text.contains("\"o\",\"\u{e9}\\u001b[1;1H"), "{text}");
}

/// The first screen of a 10 by 3 recording that wrote `pieces`, one
/// output event each, and the look of each of its cells not plain.
fn first_screen(pieces: &[&str]) -> (Vec<String>, Vec<String>) {
    let mut cast =
        String::from("{\"version\": 2, \"width\": 10, \"height\": 3}\n");
    for piece in pieces {
        cast += &format!("[0.1, \"o\", {}]\n", serde_json::json!(piece));
    }
    let step = read(&(cast + "[0.5, \"i\", \"x\"]\n"))
        .unwrap()
        .steps
        .remove(0);
    let looks = step
        .odd
        .iter()
        .map(|o| format!("{} {} {}", o.y, o.x, o.look));
    (step.text, looks.collect())
}

#[test]
fn line_drawing_reads_as_the_glyphs_a_terminal_shows_however_it_is_sent() {
    let utf8 = first_screen(&["┌─┐\r\n│x│\r\n└─┘"]);
    assert_eq!(utf8.0, ["┌─┐       ", "│x│       ", "└─┘       "]);
    // As curses draws it under screen: G1 chosen, shifted to and back
    // (split anywhere), renditions and moves read as such in between.
    let shifted = [
        "\x1b(B\x1b)0\x0elqk\x1b[2;1Hx\x0f",
        "x\x0e\x1b[0m\x1b",
        "[2;3Hx\x1b",
        "Emqj\x0f",
    ];
    assert_eq!(first_screen(&shifted), utf8);
    // As under xterm: G0 chosen as the graphics and back.
    let g0 = "\x1b(0lqk\x1b(B\r\n\x1b(0x\x1b(Bx\x1b(0x\r\nmqj\x1b(B";
    assert_eq!(first_screen(&[g0]), utf8);
    // Shifted to with G1 left ASCII, or with a title set, letters stay.
    assert_eq!(first_screen(&["\x0elq\x1b]0;lq\x07"]).0[0], "lq        ");
    let plain = first_screen(&["lqk\r\nxxx\r\nmqj"]);
    assert_ne!(plain, utf8);
}

#[test]
fn a_blinking_cell_reads_as_blinking_and_only_it() {
    // Bold before any blinking; blinking with its colours, not by a
    // colour's index 5, kept by a rendition of other attributes.
    let pieces = [
        "\x1b[1ma\x1b[0;5;31mb",
        "\x1b[38;5;5mc\x1b[25md\x1b[0m\x1b[5m",
        "e\x1b[1mf\x1b[me",
    ];
    let (text, looks) = first_screen(&pieces);
    assert_eq!(text[0], "abcdefe   ");
    assert_eq!(
        looks,
        [
            "0 0 default default bold",
            "0 1 1 default blinking",
            "0 2 5 default blinking",
            "0 3 5 default",
            "0 4 default default blinking",
            "0 5 default default bold blinking",
        ]
    );
}
