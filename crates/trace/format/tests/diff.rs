//! The diff module, through the crate's public API.

use rogue_trace_format::classes::CONSOLE;
use rogue_trace_format::diff::*;
use rogue_trace_format::*;

const BASE: &str = "# screen trace v1\n# program: t\n# part: 4\n# rng: glibc\n# seed: 1\n# size: 4x2\n# keys: jj\n== step 0 key -\n #. \n @  \n-- colours\n wb \n w  \n== step 1 key 'j'\n #. \n .@ \n-- colours\n wb \n ww \n== step 2 key 'j'\n #. \n .@ \n-- colours\n wb \n ww \n";

fn trace(text: &str) -> Trace {
    Trace::parse(text).unwrap()
}

#[test]
fn identical_traces_say_so() {
    let r = diff(&trace(BASE), &trace(BASE), DiffOptions::default());
    assert!(r.identical, "{}", r.text);
    assert_eq!(r.line, "identical: 3 steps compared");
}

/// `BASE` as v2, each step's cursor given.
fn with_cursors(cursors: [&str; 3]) -> Trace {
    let mut t = trace(BASE);
    t.header.cursors = true;
    for (step, cursor) in t.steps.iter_mut().zip(cursors) {
        step.cursor = cursor.parse().unwrap();
    }
    trace(&t.to_text())
}

#[test]
fn a_cursor_shown_where_the_other_hides_it_differs_on_its_own() {
    let hidden = with_cursors(["hidden"; 3]);
    let shown = with_cursors(["hidden", "1 3", "1 3"]);
    let r = diff(&hidden, &shown, DiffOptions::default());
    assert_eq!(
        (r.identical, r.differing_steps.clone()),
        (false, vec![1, 2])
    );
    assert_eq!(r.differing_cells, 0);
    assert!(
        r.text.starts_with("step 1 differs (key 'j'): the cursor: A's cursor is hidden, B's is shown at row 1, column 3\n"),
        "{}",
        r.text
    );
    assert!(
        r.line.contains(
            "0 cells in all, the cursor differing at 2 of those steps"
        ),
        "{}",
        r.line
    );
    let elsewhere = with_cursors(["hidden", "1 3", "0 0"]);
    let r = diff(&shown, &elsewhere, DiffOptions::default());
    assert_eq!(r.differing_steps, vec![2]);
    assert!(
        r.text.contains(
            "A's cursor is shown at row 1, column 3, B's is at row 0, column 0"
        ),
        "{}",
        r.text
    );
}

#[test]
fn an_ignored_cursor_is_left_out_and_said_to_be() {
    let hidden = with_cursors(["hidden"; 3]);
    let shown = with_cursors(["hidden", "1 3", "1 3"]);
    let ignoring = DiffOptions {
        ignore_cursor: true,
        ..DiffOptions::default()
    };
    let r = diff(&hidden, &shown, ignoring);
    assert!(r.identical, "{}", r.text);
    assert_eq!(r.line, "identical, the cursor ignored: 3 steps compared");
    let both = DiffOptions {
        chars: true,
        ..ignoring
    };
    assert_eq!(
        both.compared().as_deref(),
        Some("characters only (colours ignored), the cursor ignored")
    );
    assert_eq!(DiffOptions::default().compared(), None);
}

#[test]
fn a_cursor_not_recorded_on_one_side_is_not_compared() {
    let r = diff(
        &with_cursors(["1 1"; 3]),
        &trace(BASE),
        DiffOptions::default(),
    );
    assert!(r.identical, "{}", r.text);
}

#[test]
fn a_console_capture_cannot_tell_plain_from_white_on_black() {
    let plain = BASE.replace(" w  \n== step 1", "    \n== step 1");
    let plain = plain.replace(
        " .@ \n-- colours\n wb \n ww \n== step 2",
        " .@ \n-- colours\n wb \n  w \n== step 2",
    );
    let r = diff(&trace(BASE), &trace(&plain), DiffOptions::default());
    assert_eq!(
        (r.identical, r.differing_steps.clone()),
        (false, vec![0, 1])
    );
    let console =
        BASE.replace("# keys: jj\n", &format!("# keys: jj\n# {CONSOLE}\n"));
    let r = diff(&trace(&console), &trace(&plain), DiffOptions::default());
    assert!(r.identical, "{}", r.text);
    // Blue is still not white.
    let blue = plain.replace(" wb \n  w \n== step 2", " ww \n  w \n== step 2");
    let r = diff(&trace(&console), &trace(&blue), DiffOptions::default());
    assert_eq!(r.differing_steps, vec![1]);
}

#[test]
fn a_colour_only_difference_shows_the_characters_too() {
    let changed = BASE.replace(" ww \n== step 2", " wb \n== step 2");
    let r = diff(&trace(BASE), &trace(&changed), DiffOptions::default());
    assert!(!r.identical);
    assert_eq!((r.differing_steps.clone(), r.differing_cells), (vec![1], 1));
    assert!(
        r.text.contains(
            "step 1 differs (key 'j'): colours, 1 cell(s); rows and columns count from 0"
        ),
        "{}",
        r.text
    );
    assert!(r.text.contains("row   1     A | .@ |"), "{}", r.text);
    assert!(
        r.text.contains(
            "row 1, column 2: A '@' white on black (pair 1), B '@' blue on black (pair 2)"
        ),
        "{}",
        r.text
    );
}

#[test]
fn a_step_report_says_where_each_player_stands() {
    let moved = BASE.replace(
        " #. \n .@ \n-- colours\n wb \n ww \n== step 2",
        " #. \n@.  \n-- colours\n wb \nww  \n== step 2",
    );
    let r = diff(&trace(BASE), &trace(&moved), DiffOptions::default());
    assert!(
        r.text.contains(
            "players: A's @ at row 1, column 2; B's @ at row 1, column 0\n"
        ),
        "{}",
        r.text
    );
    let gone = BASE.replace(
        " .@ \n-- colours\n wb \n ww \n== step 2",
        " .. \n-- colours\n wb \n ww \n== step 2",
    );
    let r = diff(&trace(BASE), &trace(&gone), DiffOptions::default());
    assert!(r.text.contains("B shows no @"), "{}", r.text);
}

#[test]
fn every_differing_step_with_all_and_counts_at_the_end() {
    let changed = BASE.replace(" .@ \n", " .X \n");
    let first = diff(&trace(BASE), &trace(&changed), DiffOptions::default());
    assert_eq!(first.differing_steps, vec![1, 2]);
    assert!(
        first.text.contains("step 1 differs")
            && !first.text.contains("step 2 differs")
    );
    assert!(
        first.line.starts_with(
            "different: 2 of 3 steps compared differ, 2 cells in all; first at step 1"
        ),
        "{}",
        first.line
    );
    let all = diff(
        &trace(BASE),
        &trace(&changed),
        DiffOptions {
            all: true,
            ..Default::default()
        },
    );
    assert!(all.text.contains("step 2 differs"));
}

#[test]
fn odd_looks_are_named_in_words_with_their_attributes() {
    let changed = BASE
        .replace(" ww \n== step 2", " w? \n?? 1 2 15 default bold\n== step 2")
        .replace(" ww \n", " w? \n?? 1 2 7 0 dim blinking\n");
    let all = DiffOptions {
        all: true,
        ..DiffOptions::default()
    };
    let r = diff(&trace(BASE), &trace(&changed), all);
    let said = "B '@' colour 15 on the default colour, bold";
    assert!(r.text.contains(said), "{}", r.text);
    assert!(
        r.text.contains("white on black, dim, blinking"),
        "{}",
        r.text
    );
}

#[test]
fn missing_header_values_are_not_compared_and_screens_only_ignores_headers() {
    let no_seed = BASE.replace("# seed: 1\n", "");
    assert!(
        diff(&trace(BASE), &trace(&no_seed), DiffOptions::default()).identical
    );
    let other_seed = BASE.replace("# seed: 1\n", "# seed: 2\n");
    let r = diff(&trace(BASE), &trace(&other_seed), DiffOptions::default());
    assert!(!r.identical && r.text.contains("seed differs: A has 1, B has 2"));
    let screens = DiffOptions {
        screens_only: true,
        ..Default::default()
    };
    assert!(diff(&trace(BASE), &trace(&other_seed), screens).identical);
}

#[test]
fn a_trace_without_steps_is_never_identical() {
    let empty = BASE[..BASE.find("== step 0").unwrap()].to_string();
    let r = diff(&trace(&empty), &trace(&empty), DiffOptions::default());
    assert!(!r.identical);
    assert!(r.line.contains("A has no steps"), "{}", r.line);
}

#[test]
fn a_sparse_trace_compares_its_first_and_last_steps_by_number() {
    let sparse = BASE
        .replace("# keys: jj\n", "# keys: jj\n# steps: first and last\n")
        .replace(
            "== step 1 key 'j'\n #. \n .@ \n-- colours\n wb \n ww \n",
            "",
        );
    let r = diff(&trace(BASE), &trace(&sparse), DiffOptions::default());
    assert!(r.identical, "{}", r.text);
    assert_eq!(r.steps_compared, 2);
}

#[test]
fn chars_ignores_a_difference_in_colour_alone_and_says_so() {
    let chars = DiffOptions {
        chars: true,
        ..Default::default()
    };
    // The '@' of step 1 blue in B: a look only.
    let blue = BASE.replace(" ww \n== step 2", " wb \n== step 2");
    let both = diff(&trace(BASE), &trace(&blue), DiffOptions::default());
    assert_eq!((both.identical, both.differing_steps), (false, vec![1]));
    let r = diff(&trace(BASE), &trace(&blue), chars);
    assert!(r.identical, "{}", r.text);
    assert_eq!(
        r.line,
        "identical, characters only (colours ignored): 3 steps compared"
    );
    assert_eq!(r.options, chars);
    // The same with an odd look, which a trace spells out cell by cell.
    let odd = BASE
        .replace(" ww \n== step 2", " w? \n?? 1 2 15 default bold\n== step 2");
    assert!(diff(&trace(BASE), &trace(&odd), chars).identical);
    assert!(
        !diff(&trace(BASE), &trace(&odd), DiffOptions::default()).identical
    );
}

#[test]
fn chars_still_finds_a_changed_character_and_counts_it_alone() {
    let chars = DiffOptions {
        chars: true,
        ..Default::default()
    };
    // Step 1: a '.' becomes '#' and, elsewhere, '@' turns blue.
    let changed = BASE.replace(
        " #. \n .@ \n-- colours\n wb \n ww \n== step 2",
        " ## \n .@ \n-- colours\n wb \n wb \n== step 2",
    );
    let both = diff(&trace(BASE), &trace(&changed), DiffOptions::default());
    assert_eq!(
        (
            both.identical,
            both.differing_steps.clone(),
            both.differing_cells
        ),
        (false, vec![1], 2)
    );
    let r = diff(&trace(BASE), &trace(&changed), chars);
    assert_eq!(
        (r.identical, r.differing_steps.clone(), r.differing_cells),
        (false, vec![1], 1)
    );
    assert!(
        r.line.starts_with(
            "different, characters only (colours ignored): 1 of 3 steps compared differ, 1 cells in all"
        ),
        "{}",
        r.line
    );
    assert!(
        r.text.contains(
            "step 1 differs (key 'j'): characters (colours ignored), 1 cell(s)"
        ),
        "{}",
        r.text
    );
    assert!(r.text.contains("row 0, column 2: A '.'"), "{}", r.text);
    assert!(!r.text.contains("  row 1, column 2:"), "{}", r.text);
    let (a, b) = (trace(BASE), trace(&changed));
    assert_eq!(
        cells_differing_as(&a.steps[1], &b.steps[1], false, chars),
        vec![(0, 2)]
    );
    assert_eq!(
        cells_differing_as(
            &a.steps[1],
            &b.steps[1],
            false,
            DiffOptions::default()
        ),
        vec![(0, 2), (1, 2)]
    );
}

#[test]
fn steps_only_one_trace_has_are_named_in_runs() {
    let short = BASE[..BASE.find("== step 1").unwrap()].to_string();
    let r = diff(&trace(BASE), &trace(&short), DiffOptions::default());
    assert!(!r.identical);
    assert!(
        r.line
            .ends_with("A has 3 steps, B has 1: step(s) 1, 2 only in A"),
        "{}",
        r.line
    );
}
