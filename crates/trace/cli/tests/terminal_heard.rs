//! All of the terminal a player sees, besides its screens, is compared:
//! every mode and setting a side leaves for the shell after it (its text
//! colours, mouse reporting, application cursor keys, line wrap, the
//! window's title), the bell at the key that rang it, a blank's
//! background, and the words written after the game however it ended
//! (`^C` too). Each plant of the stand-in `planted.c` is a port with one
//! such bug: `compare` finds it and names it for what it is, and `fuzz`
//! finds it in one group, whatever the key its cases end on.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{planted, rogue_trace, scratch_path, text};

/// Each plant, the plant of the reference it is compared with (none, or
/// one that shares all but the bug), and how the difference is named:
/// as `compare` and `fuzz` name it.
const PLANTS: [(&str, &str, &str); 8] = [
    ("colour-left", "", "the two sides leave the terminal in different states: the port left it with the text colours and attributes left set (blue on the default colour)"),
    ("mouse-left", "", "the two sides leave the terminal in different states: the port left it with mouse reporting on (on a button's press and release)"),
    ("title", "", "the two sides leave the terminal in different states: the port left it with the window title set to \"planted\""),
    ("nowrap-left", "", "the two sides leave the terminal in different states: the port left it with line wrap (autowrap) off"),
    ("appkeys-left", "", "the two sides leave the terminal in different states: the port left it with application cursor keys on (arrows sent as ESC O A)"),
    ("bell", "", "the terminal hears otherwise: the port rang the bell (^G); the reference did not"),
    ("grey-blank", "blank", "a blank cell is drawn on another background (the same blank)"),
    ("goodbye-sigint", "sigint", "the last words differ"),
];

/// `planted --seed SEED`, planted with `plant` unless it is empty.
fn side(seed: &str, plant: &str) -> String {
    match plant {
        "" => format!("{} --seed {seed}", planted()),
        _ => format!("{} --seed {seed} --plant {plant}", planted()),
    }
}

#[test]
fn compare_finds_each_bug_and_names_it() {
    // Seed 1's field has floor (a blank one, planted so); four steps up
    // from the middle of eight rows reach the wall.
    for (plant, reference, named) in PLANTS {
        let keys = if plant.contains("sigint") {
            "kk\\x03"
        } else {
            "kkkkq"
        };
        let mut args = vec!["compare", "--part", "1", "--size", "30x8"];
        let port = side("1", plant);
        args.extend(["--keys", keys, "--port", &port, "--"]);
        let words = shell_words::split(&side("1", reference)).unwrap();
        args.extend(words.iter().map(String::as_str));
        let out = rogue_trace(&args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{plant}: {stdout}");
        let first = format!("its first difference, as fuzz names it: {named}");
        assert!(stdout.contains(&first), "{plant}: {stdout}");
        // Against itself, every plant is identical.
        let mut args = vec!["compare", "--part", "1", "--size", "30x8"];
        args.extend(["--keys", keys, "--port", &port, "--"]);
        let words = shell_words::split(&port).unwrap();
        args.extend(words.iter().map(String::as_str));
        let same = rogue_trace(&args);
        let stdout = text(&same.stdout);
        assert_eq!(same.status.code(), Some(0), "{plant}: {stdout}");
    }
}

#[test]
fn the_words_after_a_game_ended_by_ctrl_c_are_compared_and_shown() {
    let port = side("1", "goodbye-sigint");
    let reference = side("1", "sigint");
    let mut args = vec!["compare", "--part", "1", "--size", "30x8"];
    args.extend(["--keys", "kk\\x03", "--port", &port, "--"]);
    let words = shell_words::split(&reference).unwrap();
    args.extend(words.iter().map(String::as_str));
    let stdout = text(&rogue_trace(&args).stdout);
    assert!(
        stdout.contains("the port ended: the program exited with status 1 on its last key\n  its last words:\n    | Goodbye!"),
        "{stdout}"
    );
    assert!(stdout.contains("their last words differ"), "{stdout}");
}

#[test]
fn fuzz_finds_each_bug_in_one_group_whatever_its_cases_end_on() {
    for (plant, reference, named) in PLANTS {
        let out_dir = scratch_path(&format!("fuzz-{plant}"));
        let port = side("{seed}", plant);
        let mut args = vec![
            "fuzz",
            "--cases",
            "16",
            "--seed",
            "3",
            "--keep-going",
            "--rng",
            "glibc",
            "--out",
            out_dir.to_str().unwrap(),
            "--port",
            &port,
            "--",
        ];
        // Short walks, one case in eight ending on q. The stand-in's walls
        // are the screen's edges: a bump on a small screen is none at the
        // map's size, which names every case, so those walks go up and
        // down at that size. A walk of the default keys ends on ^C one
        // case in 24: these walks type it among the moves.
        let walks: &[&str] = match plant {
            "bell" => &[
                "--size",
                "100x25",
                "--alphabet",
                "jk",
                "--keys-per-case",
                "60",
            ],
            "goodbye-sigint" => {
                &["--alphabet", "hjkl\\x03", "--keys-per-case", "10"]
            }
            _ => &["--keys-per-case", "30"],
        };
        args.splice(1..1, walks.iter().copied());
        let words = shell_words::split(&side("{seed}", reference)).unwrap();
        args.extend(words.iter().map(String::as_str));
        let out = rogue_trace(&args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{plant}: {stdout}");
        assert!(
            stdout.contains(&format!("difference 1: {named}")),
            "{plant}: {stdout}"
        );
        assert!(
            stdout.contains("1 distinct difference(s)"),
            "{plant}: one bug, one group: {stdout}"
        );
    }
}
