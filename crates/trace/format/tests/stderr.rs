//! The stderr module, through the crate's public API.

use crate::Trace;
use rogue_trace_format::stderr::*;
use rogue_trace_format::*;

#[test]
fn words_round_trip_through_the_header_and_old_readers_skip_them() {
    let stderr = Stderr {
        words: vec![
            (0, "starting\n".into()),
            (12, "bump at 3,4\n'x' \\ \u{1b}é".into()),
        ],
        cut_at: None,
    };
    let text = "# screen trace v1\n# program: x\n# size: 2x1\n# keys: \n== step 0 key -\nab\n-- colours\n  \n";
    let mut trace = Trace::parse(text).unwrap();
    assert_eq!(Stderr::of_header(&trace.header), None, "not read");
    set_header(&mut trace.header, &stderr);
    let written = trace.to_text();
    assert!(
        written
            .contains("# stderr: 12 'bump at 3,4\\n\\'x\\' \\\\ \\x1b\\xe9'\n"),
        "{written}"
    );
    let back = Trace::parse(&written).unwrap();
    assert_eq!(Stderr::of_header(&back.header), Some(stderr.clone()));
    assert_eq!(back.steps, trace.steps);
    assert_eq!(stderr.at(12), Some("bump at 3,4\n'x' \\ \u{1b}é"));
    assert_eq!(stderr.at(3), None);
    // Read and nothing written: known to be nothing.
    let mut quiet = Trace::parse(text).unwrap();
    set_header(&mut quiet.header, &Stderr::default());
    let back = Trace::parse(&quiet.to_text()).unwrap();
    assert_eq!(Stderr::of_header(&back.header), Some(Stderr::default()));
    let cut = Stderr {
        cut_at: Some(65536),
        ..Stderr::default()
    };
    set_header(&mut quiet.header, &cut);
    assert_eq!(Stderr::of_header(&quiet.header), Some(cut));
}
