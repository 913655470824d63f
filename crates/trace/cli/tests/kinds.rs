//! How `compare` and `fuzz` name each kind of difference a case holds:
//! a key that moves one side's player, a player drawn with another
//! character, a crash at the key or resize that caused it, a first screen
//! drawn late, a blank screen after a resume, a row never drawn, two bugs
//! at once; and what they say of the part and the comparison. The ports
//! are `tests/fixtures/planted.c`, planted, against itself, and Part 2's
//! stand-in, `tests/fixtures/part2.c`.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{fixture, rogue_trace, scratch_path, text};

use std::sync::OnceLock;

use rogue_testkit::compile_c;

/// The fixture `NAME.c`, compiled once with `flags`.
fn built(name: &str, flags: &[&str]) -> String {
    let source = fixture(&format!("{name}.c"));
    compile_c(&source, &scratch_path("bin"), name, flags)
        .to_str()
        .unwrap()
        .to_string()
}

/// `planted.c`, compiled once.
fn planted() -> &'static str {
    static BINARY: OnceLock<String> = OnceLock::new();
    BINARY.get_or_init(|| built("planted", &[]))
}

/// `compare ARGS` of planted.c planted with `plant` against itself: its
/// exit status and output.
fn compare(plant: &str, args: &[&str]) -> (Option<i32>, String) {
    let port = format!("{} --seed {{seed}} --plant {plant}", planted());
    let mut all = vec!["compare", "--seed", "3", "--rng", "glibc"];
    all.extend(["--port", &port]);
    all.extend(args);
    all.extend(["--", planted(), "--seed", "{seed}"]);
    let out = rogue_trace(&all);
    (out.status.code(), text(&out.stdout) + &text(&out.stderr))
}

/// The line naming the first difference, as fuzz names it.
fn named(out: &str) -> &str {
    out.lines()
        .find_map(|l| {
            l.strip_prefix("its first difference, as fuzz names it: ")
        })
        .unwrap_or_else(|| panic!("a name: {out}"))
}

/// `fuzz ARGS` of planted.c planted with `plant` against itself, writing
/// into a scratch folder of its own: its exit status and output.
fn fuzz(plant: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = scratch_path(&format!("fuzz-{plant}-{}", args.join("-")));
    let _ = std::fs::remove_dir_all(&out);
    let port = format!("{} --seed {{seed}} --plant {plant}", planted());
    let mut all = vec!["fuzz", "--out", out.to_str().unwrap()];
    all.extend(["--rng", "glibc", "--keep-going", "--port", &port]);
    all.extend(args);
    all.extend(["--", planted(), "--seed", "{seed}"]);
    let out = rogue_trace(&all);
    (out.status.code(), text(&out.stdout))
}

/// The names of the groups a campaign's summary lists.
fn groups(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("difference "))
        .filter(|l| l.contains(" case(s): "))
        .filter_map(|l| l.split_once(": ").map(|(_, name)| name))
        .map(|name| name.rsplit_once(" (").map_or(name, |(n, _)| n))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_key_that_moves_one_side_s_player_is_named_with_the_key() {
    let (status, out) = compare("wasd", &["--keys", "jjwl"]);
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        named(&out),
        "the player is elsewhere (the @ cells differ): 'w' moves the port's player, not the reference's, at step 3, typed by 'w'"
    );
}

#[test]
fn keys_swapped_for_others_are_named_each_way_though_the_players_part() {
    let (status, out) = fuzz(
        "wasd-only",
        &["--cases", "2", "--seed", "1", "--alphabet", "hjklwasd"],
    );
    assert_eq!(status, Some(1), "{out}");
    let found = groups(&out);
    for side in [
        "the reference's player, not the port's",
        "the port's player, not the reference's",
    ] {
        let group = format!(
            "the player is elsewhere (the @ cells differ): a key moves {side}"
        );
        assert!(found.contains(&group), "{group}: {out}");
    }
    assert!(
        out.lines().any(|l| l.starts_with("behind difference(s) ")
            && l.contains("`--alphabet`")),
        "{out}"
    );
}

#[test]
fn a_player_drawn_with_another_character_is_named_by_it() {
    let (status, out) = compare("player-glyph", &["--keys", "jl"]);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        named(&out).starts_with("the port draws its player as '?'"),
        "{out}"
    );
    // Shrunk, the port's player is in view, drawn as it draws it.
    let (status, out) = fuzz(
        "player-glyph",
        &["--cases", "1", "--seed", "2", "--size", "30x8-40x12"],
    );
    assert_eq!(status, Some(1), "{out}");
    let shrunk = out.lines().find(|l| l.starts_with("shrunk to ")).unwrap();
    assert!(shrunk.contains("shows both players"), "{shrunk}");
}

#[test]
fn a_player_starting_elsewhere_in_the_same_field_is_not_told_to_check_the_seed()
{
    let (status, out) = fuzz(
        "second-start",
        &["--cases", "6", "--seed", "4", "--size", "40x12"],
    );
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        groups(&out),
        ["the player is elsewhere (the @ cells differ)"],
        "{out}"
    );
    assert!(
        !out.contains("may not build the dungeon of the seed"),
        "{out}"
    );
}

#[test]
fn a_crash_is_named_a_crash_at_the_key_or_resize_that_caused_it() {
    let keys = ["--size", "40x12", "--keys", "jl\\{30x8}jjlq"];
    let (status, out) = compare("crash-shrink", &keys);
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        named(&out),
        "a side crashed: the port panicked at src/draw.rs:40:9 (exited with status 101), at step 3, after a resize to 30x8"
    );
    let (status, out) = compare("go-panic", &keys);
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        named(&out),
        "a side crashed: the port panicked (Go: runtime error: index out of range) (exited with status 2), at step 4, typed by 'j'"
    );
    // The key it stopped at is named on the verdict's line.
    assert!(
        out.contains("after 4 key(s); the screens before are recorded; the last key typed: key 4 of 7 ('j')"),
        "{out}"
    );
    let (status, out) = compare("python-traceback", &keys);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        named(&out).starts_with("a side crashed: the port raised IndexError: list index out of range (Python)"),
        "{out}"
    );
}

#[test]
fn a_crash_at_a_shrink_is_one_group_named_a_crash() {
    let (status, out) = fuzz(
        "crash-shrink",
        &["--cases", "10", "--seed", "3", "--size", "30x8-120x30"],
    );
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        groups(&out),
        ["a side crashed: the port panicked at src/draw.rs:40:9 (exited with status 101)"],
        "{out}"
    );
}

#[test]
fn a_late_first_screen_and_a_blank_screen_after_a_resume_are_named_so() {
    let (status, out) = compare("late-first", &["--keys", "jjlq"]);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        named(&out).starts_with("the port draws its first screen late"),
        "{out}"
    );
    assert!(!out.contains("after it, the case also shows"), "{out}");
    let keys = ["--keys", "jj\\x1a\\{fg}lq"];
    let (status, out) = compare("blank-after-fg", &keys);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        named(&out).starts_with(
            "the port shows a blank screen after a resume (it does not draw its game again when continued after ^Z), at step 4"
        ),
        "{out}"
    );
}

#[test]
fn a_port_blank_at_its_only_step_shows_nothing_and_is_not_late() {
    // No key typed but the quit key: the port's one screen is blank, its
    // game never drawn, and nothing says it would have come later.
    let (status, out) = compare("undrawn", &["--keys", ""]);
    assert_eq!(status, Some(1), "{out}");
    assert!(
        named(&out).starts_with("the port shows nothing at any step"),
        "{out}"
    );
    assert!(!out.contains("first screen late"), "{out}");
}

#[test]
fn another_character_on_the_reference_s_at_is_not_the_player_once_apart() {
    // The port's '@' is never shown; the reference's walks up onto the
    // port's row of 'q', where the rest of the screen is alike.
    let (status, out) = compare("boxed", &["--keys", "kkj"]);
    assert_eq!(status, Some(1), "{out}");
    assert!(named(&out).starts_with("the player is elsewhere"), "{out}");
    assert!(!out.contains("draws its player as"), "{out}");
}

#[test]
fn a_row_never_drawn_is_one_group_whatever_the_screen() {
    let (status, out) = fuzz(
        "no-bottom-row",
        &["--cases", "4", "--seed", "2", "--size", "30x8-120x30"],
    );
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        groups(&out),
        ["the port never draws a row the reference draws (blank at every step)"],
        "{out}"
    );
}

#[test]
fn two_bugs_at_once_are_two_groups_each_shrunk_to_its_kind() {
    let (status, out) = fuzz(
        "overlap",
        &[
            "--cases",
            "3",
            "--seed",
            "1",
            "--size",
            "40x12",
            "--alphabet",
            "hjklwasd",
        ],
    );
    assert_eq!(status, Some(1), "{out}");
    let found = groups(&out);
    assert!(
        found.contains(&"the map differs (a cell drawn on both sides, with other characters)".to_string())
            && found.contains(&"the player is elsewhere (the @ cells differ): a key moves the port's player, not the reference's".to_string()),
        "{out}"
    );
    let shrunk: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("shrunk to "))
        .collect();
    assert_eq!(shrunk.len(), found.len(), "{out}");
    assert!(
        shrunk.iter().any(|l| l.contains(
            "keeping the difference: the player is elsewhere (the @ cells differ): "
        ) && l.contains("moves the port's player, not the reference's")),
        "{out}"
    );
    // Under the later group, each case's kind where it first met it, not
    // said to be the case's first difference (the map, in every case).
    let met = "  in its cases, first met as: the player is elsewhere (the @ \
               cells differ): '";
    assert!(out.lines().any(|l| l.starts_with(met)), "{out}");
    assert!(!out.contains("first differences:"), "{out}");
    assert!(
        out.contains("(a kind it met after its first difference): the player is elsewhere (the @ cells differ): a key moves the port's player, not the reference's; first met as: "),
        "{out}"
    );
    assert!(
        !out.contains("not the reference's; its first difference: "),
        "{out}"
    );
    // The case's verdict lists what it met after its first.
    let (_, out) = compare("overlap", &["--keys", "jjwl"]);
    assert!(
        out.lines().any(|l| l.starts_with("after it, the case also shows: the player is elsewhere (the @ cells differ): 'w' moves the port's player")),
        "{out}"
    );
}

#[test]
fn fuzz_says_what_the_comparison_left_out() {
    let (_, out) = fuzz("wasd", &["--cases", "1", "--seed", "1", "--chars"]);
    assert!(
        out.contains("fuzz: compared characters only (colours ignored): differences in what was left out are not counted"),
        "{out}"
    );
}

/// Part 2's stand-in, compiled once.
fn part2() -> &'static str {
    static BINARY: OnceLock<String> = OnceLock::new();
    BINARY.get_or_init(|| built("part2", &["-lncurses"]))
}

#[test]
fn parts_without_a_field_of_view_never_name_it() {
    let port = format!("{} --plant blank-floor", part2());
    let out = rogue_trace(&[
        "compare",
        "--part",
        "2",
        "--keys",
        "jl",
        "--port",
        &port,
        "--",
        part2(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        named(&stdout).starts_with("the map differs (a tile on one side, blank on the other; this part has no field of view)"),
        "{stdout}"
    );
    assert!(!stdout.contains("field of view differs"), "{stdout}");
}

#[test]
fn a_part_2_program_compared_as_part_4_is_told_its_part() {
    let port = format!("{} {{seed}}", part2());
    let out = rogue_trace(&[
        "compare",
        "--seed",
        "1",
        "--rng",
        "glibc",
        "--keys",
        "jl",
        "--port",
        &port,
        "--",
        part2(),
        "{seed}",
    ]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.lines().any(|l| l == "the reference's screens look like Part 2's (no colours, the @ starting at row 10, column 50), not Part 4's: give --part 2"),
        "{stdout}"
    );
}
