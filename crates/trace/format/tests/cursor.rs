//! The cursor module, through the crate's public API.

use rogue_trace_format::Cursor;

#[test]
fn reads_what_it_writes() {
    for cursor in [Cursor::Hidden, Cursor::At { y: 12, x: 41 }] {
        assert_eq!(cursor.to_string().parse::<Cursor>(), Ok(cursor));
    }
    assert!("12".parse::<Cursor>().is_err());
    assert!("shown".parse::<Cursor>().is_err());
}

#[test]
fn a_difference_is_told_only_between_recorded_cursors() {
    let at = Cursor::At { y: 3, x: 7 };
    let names = ["A", "B"];
    assert_eq!(
        Cursor::difference(Cursor::Hidden, at, names).unwrap(),
        "A's cursor is hidden, B's is shown at row 3, column 7"
    );
    assert_eq!(
        Cursor::difference(at, Cursor::At { y: 3, x: 8 }, names).unwrap(),
        "A's cursor is shown at row 3, column 7, B's is at row 3, column 8"
    );
    assert_eq!(Cursor::difference(Cursor::Unknown, at, names), None);
    assert_eq!(Cursor::difference(at, at, names), None);
}
