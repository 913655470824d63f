//! Keys as traces write them and as a person reads them.

use rogue_trace_format::*;

#[test]
fn a_resize_is_written_by_its_size_and_read_back() {
    let resize = rogue_trace_format::resize_key(60, 20).unwrap();
    let keys = ['j', resize, 'k'];
    assert_eq!(escape_keys(&keys), "j\\{60x20}k");
    assert_eq!(unescape_keys("j\\{60x20}k").unwrap(), keys);
    assert_eq!(key_literal(resize), "a resize to 60x20");
    for bad in ["\\{60x}", "\\{0x5}", "\\{256x5}", "\\{60x20"] {
        let err = unescape_keys(bad).unwrap_err();
        assert!(err.contains("nor a resize"), "{bad}: {err}");
    }
}

#[test]
fn keys_round_trip_through_escapes() {
    let keys: Vec<char> = "hj k\\\t\n\r\0\x1b\u{7f}é€😀'\"".chars().collect();
    let text = escape_keys(&keys);
    assert_eq!(
        text,
        "hj k\\\\\\t\\n\\r\\x00\\x1b\\x7f\\xe9\\u20ac\\U0001f600'\""
    );
    assert_eq!(unescape_keys(&text).unwrap(), keys);
}

#[test]
fn literals_are_python_reprs() {
    assert_eq!(key_literal('j'), "'j'");
    assert_eq!(key_literal(' '), "' '");
    assert_eq!(key_literal('\''), "\"'\"");
    assert_eq!(key_literal('\\'), "'\\\\'");
    assert_eq!(key_literal('\0'), "'\\x00'");
    assert_eq!(key_literal('é'), "'é'");
    for key in ['j', ' ', '\'', '\\', '\0', '\x1b', 'é', '\n'] {
        assert_eq!(parse_key_literal(&key_literal(key)), Ok(key));
    }
}

#[test]
fn a_special_key_is_named_for_a_person_and_escaped_in_a_trace() {
    use rogue_trace_format::keys::{PAGE_DOWN, SPECIAL_KEYS, UP};
    assert_eq!(key_literal(UP), "Up");
    assert_eq!(key_literal(PAGE_DOWN), "Page Down");
    assert_eq!(char_literal(UP), "'\\uf700'");
    assert_eq!(char_literal('\u{e000}'), "'\\ue000'");
    assert_eq!(escape_keys(&[UP, 'j']), "\\uf700j");
    for key in SPECIAL_KEYS {
        assert_eq!(parse_key_literal(&key_literal(key)), Ok(key));
        assert_eq!(parse_key_literal(&char_literal(key)), Ok(key));
    }
    assert!(parse_key_literal("Sideways").is_err());
}

#[test]
fn bad_escapes_are_errors() {
    assert!(unescape_keys("\\q").is_err());
    assert!(unescape_keys("ab\\").is_err());
    assert!(unescape_keys("\\x4").is_err());
    assert!(parse_key_literal("'ab'").is_err());
    assert!(parse_key_literal("j").is_err());
}
