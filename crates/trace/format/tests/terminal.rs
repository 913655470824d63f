//! What the terminal heard and how a side left it, compared: a bell and
//! an unhandled escape sequence one side alone heard differ where both
//! traces say them, and what one side cannot read of the terminal is
//! named not compared.

use rogue_trace_format::diff::{diff, DiffOptions, HEARD_ALL, HEARD_BELLS};
use rogue_trace_format::played::Left;
use rogue_trace_format::Trace;

const BASE: &str = "# screen trace v1\n# program: t\n# part: 4\n# rng: glibc\n# seed: 1\n# size: 4x2\n# keys: jj\n== step 0 key -\n #. \n @  \n-- colours\n wb \n w  \n== step 1 key 'j'\n #. \n .@ \n-- colours\n wb \n ww \n== step 2 key 'j'\n #. \n .@ \n-- colours\n wb \n ww \n";

fn trace(text: &str) -> Trace {
    Trace::parse(text).unwrap()
}

#[test]
fn a_bell_and_a_sequence_one_side_alone_heard_differ_where_both_say_them() {
    let heard = |header: &str, step: usize, what: &str| {
        let mut t = trace(
            &BASE.replace("# keys: jj\n", &format!("# keys: jj\n# {header}\n")),
        );
        t.steps[step].heard.push(what.to_string());
        t
    };
    let (a, b) = (
        heard(HEARD_ALL, 2, "ESC [ 5 x"),
        heard(HEARD_ALL, 1, "bell"),
    );
    let all = DiffOptions {
        all: true,
        ..DiffOptions::default()
    };
    let r = diff(&a, &b, all);
    assert_eq!(r.differing_steps, [1, 2], "{}", r.text);
    assert!(
        r.text.contains(
            "step 1 differs (key 'j'): B rang the bell (^G); A did not"
        ),
        "{}",
        r.text
    );
    assert!(r.text.contains("step 2 differs (key 'j'): A wrote ESC [ 5 x, which the emulator does not handle; B never did"), "{}", r.text);
    assert!(
        r.line
            .contains("what the terminal heard (bells, escape sequences) at 2"),
        "{}",
        r.line
    );
    // The same sequence at another step is the same; a trace that says
    // its bells only compares no sequence, one that says nothing heard
    // compares nothing.
    let later = heard(HEARD_ALL, 1, "ESC [ 5 x");
    assert!(diff(&a, &later, DiffOptions::default()).identical);
    let bells_only = heard(HEARD_BELLS, 0, "bell");
    assert_eq!(
        diff(&a, &bells_only, DiffOptions::default()).differing_steps,
        [0]
    );
    assert!(diff(&trace(BASE), &b, DiffOptions::default()).identical);
    let back = Trace::parse(&b.to_text()).unwrap();
    assert_eq!(back.steps[1].heard, ["bell"]);
}

#[test]
fn what_one_side_cannot_read_of_the_terminal_is_named_not_compared() {
    let console = Left {
        cursor_hidden: Some(false),
        echo: Some(true),
        canonical: Some(true),
        ..Left::default()
    };
    let left_on = Left {
        mouse: Some("on every move"),
        window_title: Some("game".into()),
        ..Left::RESTORED
    };
    assert!(
        console.agrees(&left_on),
        "what one side reads is not compared"
    );
    assert!(!Left::RESTORED.agrees(&left_on));
    let unread = console.unread(&left_on);
    assert_eq!(unread.len(), 12);
    assert!(
        unread.contains(&"mouse reporting")
            && unread.contains(&"the window title")
    );
    assert!(Left::RESTORED.unread(&left_on).is_empty());
}
