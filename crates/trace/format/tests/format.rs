//! Reading and writing traces, v1 and v2, through the crate's public API.

use rogue_trace_format::*;

const SMALL: &str = "# screen trace v1\n# program: test\n# part: 4\n# rng: glibc\n# seed: 42\n# size: 3x2\n# keys: j\\x00\n# note: kept\n== step 0 key -\n #.\n @ \n-- colours\n wb\n w \n== step 1 key 'j'\n.. \n?@ \n-- colours\nww \n?w \n?? 1 0 1 0 bold\n";

#[test]
fn parses_header_steps_and_odd_colours() {
    let t = Trace::parse(SMALL).unwrap();
    assert_eq!(t.header.keys, vec!['j', '\0']);
    assert_eq!((t.header.cols, t.header.rows), (3, 2));
    assert_eq!(t.header.extra, vec!["note: kept"]);
    assert_eq!(t.steps.len(), 2);
    assert_eq!(t.steps[0].key, None);
    assert_eq!(t.steps[1].key, Some('j'));
    assert_eq!(t.steps[1].text, vec![".. ", "?@ "]);
    assert_eq!((t.steps[1].odd[0].y, t.steps[1].odd[0].x), (1, 0));
    assert_eq!(t.steps[1].odd[0].look.to_string(), "1 0 bold");
}

#[test]
fn header_values_may_be_missing_and_are_not_invented() {
    let text = SMALL.replace("# part: 4\n# rng: glibc\n# seed: 42\n", "");
    let t = Trace::parse(&text).unwrap();
    assert_eq!(
        (t.header.part, t.header.rng.clone(), t.header.seed),
        (None, None, None)
    );
    assert_eq!(t.to_text(), text);
}

#[test]
fn a_sparse_trace_numbers_its_last_step_by_its_key() {
    let text = SMALL
        .replace("# note: kept", "# steps: first and last")
        .replace("== step 1 key", "== step 9 key");
    let t = Trace::parse(&text).unwrap();
    assert_eq!(t.steps[1].number, 9);
    assert_eq!(t.to_text(), text);
    let dense = SMALL.replace("== step 1 key", "== step 9 key");
    assert!(Trace::parse(&dense).is_err());
}

#[test]
fn a_declared_size_beyond_the_bound_is_refused() {
    let text = SMALL.replace("# size: 3x2", "# size: 65535x65535");
    let err = Trace::parse(&text).unwrap_err();
    assert!(err.message.contains("from 1x1 to 1000x1000"), "{err}");
}

#[test]
fn round_trips_exactly() {
    let t = Trace::parse(SMALL).unwrap();
    assert_eq!(t.to_text(), SMALL);
    assert_eq!(Trace::parse(&t.to_text()).unwrap(), t);
}

#[test]
fn a_resume_is_a_step_of_its_own_in_v2() {
    let text = "# screen trace v2\n# program: test\n# size: 2x1\n# keys: \\x1a\\{fg}\n== step 0 key -\n@.\n-- colours\nww\n== step 1 key '\\x1a'\n  \n-- colours\n  \n== step 2 resume\n@.\n-- colours\nww\n";
    let t = Trace::parse(text).unwrap();
    assert_eq!(t.header.keys, vec!['\x1a', RESUME]);
    assert_eq!(t.steps[2].key, Some(RESUME));
    assert_eq!(t.to_text(), text);
    let v1 = text.replace("trace v2", "trace v1");
    let err = Trace::parse(&v1).unwrap_err();
    assert!(err.message.contains("resume the program"), "{err}");
}

#[test]
fn a_trace_with_a_resize_is_v2_each_step_at_its_own_size() {
    let text = "# screen trace v2\n# program: test\n# size: 3x2\n# keys: j\\{2x1}k\n== step 0 key -\n #.\n @ \n-- colours\n wb\n w \n== step 1 key 'j'\n.. \n?@ \n-- colours\nww \nww \n== step 2 resize 2x1\n.@\n-- colours\nww\n== step 3 key 'k'\n@.\n-- colours\nww\n";
    let t = Trace::parse(text).unwrap();
    assert_eq!(t.header.keys[1], resize_key(2, 1).unwrap());
    assert_eq!(t.steps[2].key, resize_key(2, 1));
    assert_eq!(t.steps[3].text, vec!["@."]);
    assert_eq!((t.size_at(1), t.size_at(3)), ((3, 2), (2, 1)));
    assert_eq!(t.to_text(), text);
    let unresized = Trace::parse(SMALL).unwrap();
    assert!(unresized.to_text().starts_with("# screen trace v1\n"));
    let wrong = text.replace("\n.@\n", "\n.@ \n");
    let err = Trace::parse(&wrong).unwrap_err();
    assert_eq!(err.line, 18, "{err}");
}

#[test]
fn a_burst_has_one_step_after_its_last_key() {
    let text = "# screen trace v2\n# program: test\n# size: 2x1\n# keys: l\\{+}lh\n== step 0 key -\n@.\n-- colours\nww\n== step 3 key 'l'\n.@\n-- colours\nww\n== step 4 key 'h'\n@.\n-- colours\nww\n";
    let t = Trace::parse(text).unwrap();
    assert_eq!(t.header.keys, vec!['l', JOIN, 'l', 'h']);
    assert_eq!(t.steps[1].number, 3);
    assert_eq!(t.to_text(), text);
    let inside = text.replace("step 3 key", "step 1 key");
    assert!(Trace::parse(&inside).is_err(), "no step inside a burst");
    let v1 = text.replace("trace v2", "trace v1");
    let err = Trace::parse(&v1).unwrap_err();
    assert!(err.message.contains("typed at once"), "{err}");
}

#[test]
fn a_v2_trace_says_each_steps_cursor_and_a_v1_reads_as_before() {
    let v2 = SMALL
        .replace("# screen trace v1", "# screen trace v2")
        .replace("== step 1", "-- cursor hidden\n== step 1")
        + "-- cursor 1 2\n";
    let t = Trace::parse(&v2).unwrap();
    assert!(t.header.cursors);
    assert_eq!(t.steps[0].cursor, Cursor::Hidden);
    assert_eq!(t.steps[1].cursor, Cursor::At { y: 1, x: 2 });
    assert_eq!(t.to_text(), v2);
    let v1 = Trace::parse(SMALL).unwrap();
    assert!(!v1.header.cursors);
    assert!(v1.steps.iter().all(|s| s.cursor == Cursor::Unknown));
    let in_v1 = SMALL.replace("== step 1", "-- cursor hidden\n== step 1");
    assert!(Trace::parse(&in_v1).is_err(), "a v1 trace has no cursor");
    let bad = v2.replace("-- cursor 1 2", "-- cursor here");
    let err = Trace::parse(&bad).unwrap_err();
    assert!(err.message.contains("'here' is not"), "{err}");
}

#[test]
fn errors_name_the_line() {
    let cases = [
        (
            SMALL.replace("# screen trace v1", "# screen trace v3"),
            1,
            "expected '# screen trace v1' or '# screen trace v2'",
        ),
        (
            SMALL.replace("# keys: j", "# keys: \\{2x1}"),
            7,
            "the first line must be '# screen trace v2'",
        ),
        (
            SMALL.replace("# seed: 42", "# seed: x"),
            5,
            "seed 'x' is not a number",
        ),
        (
            SMALL.replace("# size: 3x2", "# size: 3by2"),
            6,
            "is not COLSxROWS",
        ),
        (
            SMALL.replace(" #.\n", " #\n"),
            10,
            "screen row has 2 characters",
        ),
        (
            SMALL.replace("== step 1", "== step 2"),
            15,
            "expected step 1, found step 2",
        ),
        (SMALL.replace("ww \n", "wz \n"), 19, "colour class 'z'"),
        (
            SMALL.replace("-- colours\nww", "-- colors\nww"),
            18,
            "expected '-- colours'",
        ),
        (
            SMALL[..SMALL.len() - 40].to_string(),
            17,
            "the file ends where a screen row should be",
        ),
    ];
    for (text, line, message) in cases {
        let err = Trace::parse(&text).expect_err(message);
        assert_eq!(err.line, line, "{message}: {err}");
        assert!(err.message.contains(message), "{err}");
    }
}
