//! How `compare` and `fuzz` name a difference, each bug once, by its
//! cause. The ports are `tests/fixtures/dungeon.c`, a stand-in of Part 4
//! drawn from its seed, each with a bug of its own planted, against
//! itself; and what a walk covered, its rooms among it.

#![cfg(unix)] // a Unix pseudo-terminal

mod common;

use common::{fixture, rogue, rogue_trace, scratch_path, text};

use std::path::PathBuf;
use std::sync::OnceLock;

use rogue_testkit::compile_c;

/// `dungeon.c`, compiled once.
fn dungeon() -> &'static str {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY
        .get_or_init(|| {
            compile_c(
                &fixture("dungeon.c"),
                &scratch_path("bin"),
                "dungeon",
                &[],
            )
        })
        .to_str()
        .unwrap()
}

/// `compare ARGS` of the port planted with `plant` against the dungeon:
/// its exit status and output.
fn compare(plant: &str, args: &[&str]) -> (Option<i32>, String) {
    let port = format!("{} --seed {{seed}} --plant {plant}", dungeon());
    let mut all = vec!["compare", "--rng", "glibc", "--port", &port];
    all.extend(args);
    all.extend(["--", dungeon(), "--seed", "{seed}"]);
    let out = rogue_trace(&all);
    (out.status.code(), text(&out.stdout) + &text(&out.stderr))
}

/// The line naming the first difference, as fuzz names it.
fn named(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|l| l.starts_with("its first difference, as fuzz names it: "))
        .unwrap_or_else(|| panic!("a name: {stdout}"))
}

#[test]
fn remembered_cells_in_the_visible_colour_are_a_colour_not_the_field_of_view() {
    let (status, out) =
        compare("remembered-lit", &["--seed", "3", "--walk", "30"]);
    assert_eq!(status, Some(1), "{out}");
    let name = named(&out);
    assert!(
        name.contains("a colour differs, not the field of view"),
        "{name}"
    );
    // A few cells left lit after a move: more cells lit than the
    // reference, the field of view's.
    let (status, out) = compare("clear-fov", &["--seed", "3", "--walk", "30"]);
    assert_eq!(status, Some(1), "{out}");
    let name = named(&out);
    assert!(
        name.contains("the field of view differs: a cell is lit"),
        "{name}"
    );
}

#[test]
fn seen_cells_drawn_bold_are_an_attribute() {
    let (status, out) = compare("bold", &["--seed", "3", "--walk", "30"]);
    assert_eq!(status, Some(1), "{out}");
    let name = named(&out);
    assert!(
        name.contains(
            "an attribute differs: a cell is drawn bold on one side only"
        ),
        "{name}"
    );
}

/// `fuzz ARGS` of the port planted with `plant` against the dungeon, on
/// screens from 30x8 to 120x30, writing into a scratch folder of its
/// own: its exit status and output.
fn fuzz(plant: &str, args: &[&str]) -> (Option<i32>, String) {
    fuzz_on("30x8-120x30", plant, args)
}

/// [`fuzz`] on screens of `sizes`.
fn fuzz_on(sizes: &str, plant: &str, args: &[&str]) -> (Option<i32>, String) {
    let out = scratch_path(&format!("fuzz-{plant}-{sizes}"));
    let _ = std::fs::remove_dir_all(&out);
    let port = format!("{} --seed {{seed}} --plant {plant}", dungeon());
    let mut all = vec!["fuzz", "--out", out.to_str().unwrap()];
    all.extend(["--rng", "glibc", "--keep-going", "--size", sizes]);
    all.extend(["--port", &port]);
    all.extend(args);
    all.extend(["--", dungeon(), "--seed", "{seed}"]);
    let out = rogue_trace(&all);
    (out.status.code(), text(&out.stdout))
}

/// The names of the groups a campaign's summary lists.
fn groups(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("difference "))
        .filter_map(|l| l.split_once(": ").map(|(_, name)| name))
        .map(|name| name.rsplit_once(" (").map_or(name, |(n, _)| n))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_port_drawing_outside_a_small_terminal_is_one_group() {
    let (status, out) = fuzz("unclipped", &["--cases", "10", "--seed", "4"]);
    assert_eq!(status, Some(1), "{out}");
    assert_eq!(
        groups(&out),
        ["draws outside the terminal: differs only on screens smaller than the map (100x25)"],
        "{out}"
    );
}

#[test]
fn a_map_bug_is_one_group_whatever_the_screen() {
    let (status, out) = fuzz("short", &["--cases", "10", "--seed", "4"]);
    assert_eq!(status, Some(1), "{out}");
    let found: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("(drawn at "))
        .collect();
    assert!(!found.is_empty(), "a case found on a small screen: {out}");
    assert_eq!(
        groups(&out),
        ["the map differs (a cell drawn on both sides, with other characters)"],
        "{out}"
    );
}

#[test]
fn a_crash_found_with_the_player_out_of_view_is_shrunk_with_it_in_view() {
    // On screens of 4 to 6 rows, the player starts out of view; the port
    // crashes at its third key on a screen narrower than the map.
    let (status, out) = fuzz_on(
        "20x4-30x6",
        "crash-narrow",
        &["--cases", "2", "--seed", "1"],
    );
    assert_eq!(status, Some(1), "{out}");
    let found = out.lines().find(|l| l.starts_with("(drawn at "));
    assert!(
        found.is_some_and(|l| l.contains("both sides were alike")),
        "found on a small screen only: {out}"
    );
    let shrunk: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("shrunk to "))
        .collect();
    assert_eq!(shrunk.len(), 1, "{out}");
    assert!(
        shrunk[0].contains("killed by SIGSEGV")
            && shrunk[0].ends_with("its last screen before shows both players"),
        "{}",
        shrunk[0]
    );
}

#[test]
fn a_crash_on_a_small_screen_keeps_its_group_where_the_map_s_size_differs_too()
{
    // Every room a column over, on every screen; on a screen smaller than
    // the map, the port crashes at start. Played again at 100x25, such a
    // case differs too, but does not crash.
    let (status, out) = fuzz_on(
        "90x20-140x40",
        "shifted+crash-small",
        &["--cases", "6", "--seed", "2"],
    );
    assert_eq!(status, Some(1), "{out}");
    let crash =
        "a side crashed: the port was killed by SIGSEGV (segmentation fault)";
    assert!(groups(&out).iter().any(|g| g == crash), "{out}");
    assert!(
        out.contains("the crash was not there")
            && out.contains(", on screens smaller than the map (100x25) only"),
        "{out}"
    );
    assert!(
        groups(&out)
            .iter()
            .any(|g| g.starts_with("the player is elsewhere")),
        "{out}"
    );
}

/// The places of the players the report's `players:` line gives, row
/// and column, A's then B's.
fn players(stdout: &str) -> Vec<(usize, usize)> {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("players: "))
        .unwrap_or_else(|| panic!("a players line: {stdout}"));
    line.split("; ")
        .filter_map(|side| side.split_once("'s @ at row "))
        .filter_map(|(_, at)| at.split_once(", column "))
        .map(|(y, x)| (y.parse().unwrap(), x.parse().unwrap()))
        .collect()
}

#[test]
fn the_report_says_where_each_player_stands() {
    // Rooms one column to the right: the port's @ starts a column over.
    let (status, out) = compare("shifted", &["--seed", "5", "--keys", ""]);
    assert_eq!(status, Some(1), "{out}");
    let at = players(&out);
    assert_eq!(at.len(), 2, "{out}");
    assert_eq!((at[1].0, at[1].1), (at[0].0, at[0].1 + 1), "{out}");
}

#[test]
fn rooms_a_cell_off_are_not_told_to_check_the_seed() {
    let hint = "the port may not build the dungeon of the seed and generator";
    let cases = ["--cases", "6", "--seed", "4"];
    // Every room one column over: the player starts a cell off, in the
    // same dungeon.
    let (status, out) = fuzz_on("100x25", "shifted", &cases);
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("the player is elsewhere"), "{out}");
    assert!(!out.contains(hint), "{out}");
    // Rooms from another seed: another dungeon.
    let (status, out) = fuzz_on("100x25", "reseed", &cases);
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains(hint), "{out}");
}

#[test]
fn chars_says_it_compared_the_characters_alone() {
    // The player a cell over: cells that differ in character and colour.
    let (status, out) = compare("shifted", &["--seed", "5", "--keys", ""]);
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("): characters and colours, "), "{out}");
    let (status, out) =
        compare("shifted", &["--seed", "5", "--keys", "", "--chars"]);
    assert_eq!(status, Some(1), "{out}");
    assert!(out.contains("): characters (colours ignored), "), "{out}");
    assert!(!out.contains("characters and colours"), "{out}");
}

#[test]
fn compare_s_report_names_the_first_difference_as_fuzz_does() {
    let dir = scratch_path("report");
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("remembered-lit.html");
    let _ = std::fs::remove_file(&page);
    let html = page.to_str().unwrap();
    let args = ["--seed", "3", "--walk", "30", "--html", html];
    let (status, out) = compare("remembered-lit", &args);
    assert_eq!(status, Some(1), "{out}");
    let written = std::fs::read_to_string(&page).unwrap();
    assert!(
        written.contains("its first difference, as fuzz names it: a colour differs, not the field of view"),
        "{out}"
    );
}

/// The line of what a walk covered.
fn covered(stdout: &str) -> &str {
    stdout
        .lines()
        .find(|l| l.contains("covered"))
        .unwrap_or_else(|| panic!("what was covered: {stdout}"))
}

#[test]
fn the_rooms_entered_are_said_of_the_seed_s_dungeon_only() {
    // The dungeon stand-in is not the seed's dungeon of Part 4.
    let (_, out) = compare("shifted", &["--seed", "3", "--walk", "20"]);
    assert!(!covered(&out).contains("room"), "{out}");
    let rogue = rogue();
    let reference = [rogue.as_str(), "--seed", "{seed}", "--rng", "{rng}"];
    let mut args = vec!["compare", "--seed", "3", "--rng", "glibc", "--"];
    args.extend(reference);
    let out = text(&rogue_trace(&args).stdout);
    let line = covered(&out);
    assert!(
        line.contains(" room(s) seen (")
            && line.contains(" in the seed's dungeon)"),
        "{out}"
    );
    let dir = scratch_path("fuzz-rooms");
    let _ = std::fs::remove_dir_all(&dir);
    let mut args =
        vec!["fuzz", "--cases", "2", "--seed", "1", "--size", "100x25"];
    args.extend(["--out", dir.to_str().unwrap(), "--"]);
    args.extend(reference);
    let out = text(&rogue_trace(&args).stdout);
    assert!(
        covered(&out).contains("room(s) seen (")
            && covered(&out)
                .contains("in the 2 of 2 case(s) whose dungeon is known"),
        "{out}"
    );
}
