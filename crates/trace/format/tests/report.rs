//! The HTML report's data, through the crate's public API.

use rogue_trace_format::cursor::Cursor;
use rogue_trace_format::diff::{diff, DiffOptions};
use rogue_trace_format::played::{
    Ending, Exit, Left, Outcome, Played, Stopped,
};
use rogue_trace_format::report::{html, html_played, Side};
use rogue_trace_format::Trace;
use serde_json::{json, Value};

const A: &str = "# screen trace v1\n# program: a\n# size: 4x2\n# keys: j\n\
    == step 0 key -\n#.. \n @  \n-- colours\nwbb \n w  \n\
    == step 1 key 'j'\n#.. \n    \n-- colours\nwbb \n    \n";

/// One side of a report.
fn side<'a>(name: &'a str, trace: &'a Trace) -> Side<'a> {
    Side { name, trace }
}

/// The data a report's page holds.
fn data(page: &str) -> Value {
    let start = page.find("application/json\">").unwrap() + 18;
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end].replace("<\\/", "</")).unwrap()
}

#[test]
fn a_resized_step_has_its_size_and_its_changes_from_blank() {
    let text =
        "# screen trace v2\n# program: a\n# size: 4x2\n# keys: \\{2x1}\n\
        == step 0 key -\n#.. \n @  \n-- colours\nwbb \n w  \n\
        == step 1 resize 2x1\n#.\n-- colours\nwb\n";
    let a = Trace::parse(text).unwrap();
    let report = diff(&a, &a, DiffOptions::default());
    let page = html(side("a.trace", &a), side("a.trace", &a), &report, &[]);
    let data = data(&page);
    let resized = &data["a"]["steps"][1];
    assert_eq!(resized["size"], json!([2, 1]));
    assert_eq!(resized["text"], json!([[0, 0, "#."]]));
    assert_eq!(data["a"]["steps"][0]["size"], json!([4, 2]));
}

#[test]
fn a_report_tells_the_steps_whose_cursors_differ() {
    let mut a = Trace::parse(&A.replace("v1", "v2")).unwrap();
    let mut b = a.clone();
    a.steps.iter_mut().for_each(|s| s.cursor = Cursor::Hidden);
    b.steps[0].cursor = Cursor::Hidden;
    b.steps[1].cursor = Cursor::At { y: 1, x: 2 };
    let report = diff(&a, &b, DiffOptions::default());
    let page = html(side("a", &a), side("b", &b), &report, &[]);
    let data = data(&page);
    assert_eq!(
        data["cursors"],
        json!({"1": "A's cursor is hidden, B's is shown at row 1, column 2"})
    );
    assert_eq!(data["differences"], json!({}));
}

#[test]
fn a_report_holds_both_traces_and_the_differing_cells() {
    let a = Trace::parse(A).unwrap();
    let b = Trace::parse(&A.replace("#.. \n    \n", "#.# \n    \n")).unwrap();
    let report = diff(&a, &b, DiffOptions::default());
    let page = html(
        side("a.trace", &a),
        side("b.trace", &b),
        &report,
        &["rogue-trace diff a.trace b.trace".to_string()],
    );
    assert!(!page.contains("http"), "nothing from the network");
    assert!(page.contains("RogueGrid"));
    let data = data(&page);
    assert_eq!(data["identical"], false);
    assert_eq!(data["differences"]["1"], json!([[0, 2, 1]]));
    assert_eq!(
        data["a"]["steps"][0]["text"],
        json!([[0, 0, "#.."], [1, 1, "@"]])
    );
    assert_eq!(data["a"]["steps"][1]["text"], json!([[1, 1, " "]]));
    // B's first step is A's; its second is its own.
    assert_eq!(data["b"]["steps"][0]["same"], true);
    assert_eq!(
        data["b"]["steps"][1]["text"],
        json!([[0, 2, "#"], [1, 1, " "]])
    );
    assert_eq!(data["commands"][0], "rogue-trace diff a.trace b.trace");
}

#[test]
fn a_report_lists_the_words_on_standard_error_by_step_and_key() {
    let mut a = Trace::parse(A).unwrap();
    let b = Trace::parse(A).unwrap();
    let words = rogue_trace_format::stderr::Stderr {
        words: vec![(1, "bump\n".into())],
        cut_at: None,
    };
    rogue_trace_format::stderr::set_header(&mut a.header, &words);
    let report = diff(&a, &b, DiffOptions::default());
    let page = html(side("a", &a), side("b", &b), &report, &[]);
    let data = data(&page);
    assert_eq!(
        data["a"]["stderr"],
        json!([{"n": 1, "key": "'j'", "words": "bump\n"}])
    );
    assert_eq!(data["a"]["also"], "", "not said twice");
    assert_eq!(data["b"]["stderr"], Value::Null, "not read");
}

#[test]
fn a_report_of_characters_only_says_so_and_outlines_characters_only() {
    let a = Trace::parse(A).unwrap();
    // B: a wall where A has floor, and A's wall in blue.
    let b = Trace::parse(&A.replace(
        "#.. \n    \n-- colours\nwbb ",
        "#.# \n    \n-- colours\nbbb ",
    ))
    .unwrap();
    let page = |options| {
        let report = diff(&a, &b, options);
        data(&html(side("a", &a), side("b", &b), &report, &[]))
    };
    let both = page(DiffOptions::default());
    assert_eq!(both["differences"]["1"], json!([[0, 0, 1], [0, 2, 1]]));
    assert_eq!(both["compared"], Value::Null);
    let chars = page(DiffOptions {
        chars: true,
        ..Default::default()
    });
    assert_eq!(chars["differences"]["1"], json!([[0, 2, 1]]));
    assert_eq!(chars["compared"], "characters only (colours ignored)");
    assert!(chars["summary"]
        .as_str()
        .unwrap()
        .starts_with("different, characters only (colours ignored): "));
}

#[test]
fn a_step_only_one_side_has_is_a_difference_and_endings_are_told() {
    let a = Trace::parse(A).unwrap();
    // B ended after step 0: it has no step 1.
    let b = Trace::parse(&A[..A.find("== step 1").unwrap()]).unwrap();
    let report = diff(&a, &b, DiffOptions::default());
    assert!(!report.identical);
    let played = |trace: &Trace, outcome| Played {
        trace: trace.clone(),
        outcome,
        times: None,
    };
    let ending = Ending {
        exit: Exit::Status(2),
        left: Left::RESTORED,
        last_words: vec!["Segmentation fault".to_string()],
    };
    let (a_played, b_played) = (
        played(&a, Outcome::StillRunning),
        played(
            &b,
            Outcome::Stopped(Stopped::Exited {
                keys_typed: 1,
                ending,
            }),
        ),
    );
    let page = html_played(["a", "b"], [&a_played, &b_played], &report, &[]);
    let told = data(&page);
    assert_eq!(told["only"], json!({"1": "a"}));
    assert_eq!(told["differences"], json!({}));
    assert_eq!(
        told["a"]["ended"],
        json!({
            "how": "was still running after its last key (the capture ended it)",
            "last_words": []
        })
    );
    assert_eq!(
        told["b"]["ended"],
        json!({
            "how": "exited with status 2 at key 1 of 1 ('j'): no screen from step 1 on",
            "last_words": ["Segmentation fault"]
        })
    );
    // A trace of its first and last steps lacks the others by design.
    let sparse = Trace::parse(
        &A.replace("# keys: j\n", "# keys: jj\n# steps: first and last\n"),
    )
    .unwrap();
    let page = html(side("a", &a), side("s", &sparse), &report, &[]);
    assert_eq!(data(&page)["only"], json!({}));
}

#[test]
fn nothing_in_a_trace_ends_the_data_early() {
    let a = Trace::parse(&A.replace("# program: a", "# program: </script>"))
        .unwrap();
    let report = diff(&a, &a, DiffOptions::default());
    let page = html(side("<b>", &a), side("<b>", &a), &report, &[]);
    assert_eq!(data(&page)["a"]["program"], "</script>");
    assert!(page.contains("<title>rogue-trace: &lt;b&gt; and &lt;b&gt;"));
}
