//! The keys module, through the crate's public API.

use rogue_trace_format::keys::*;

#[test]
fn a_special_key_is_told_with_the_bytes_it_is_sent_as() {
    assert_eq!(key_told('\u{f72c}'), "Page Up, sent as ESC [ 5 ~");
    assert_eq!(key_told('\u{f728}'), "Delete, sent as ESC [ 3 ~");
    assert_eq!(key_told('z'), "'z'");
}

#[test]
fn the_code_points_are_apple_s_function_keys() {
    assert_eq!(SPECIAL_KEYS.len(), 22);
    assert_eq!(u32::from(UP), 0xf700);
    assert_eq!(u32::from(RIGHT), 0xf703);
    let f: Vec<u32> = (1..=12)
        .map(|n| u32::from(key_named(&format!("F{n}")).unwrap()))
        .collect();
    assert_eq!(f, (0xf704..=0xf70f).collect::<Vec<u32>>());
    let rest = [INSERT, DELETE, HOME, END, PAGE_UP, PAGE_DOWN];
    let codes: Vec<u32> = rest.iter().map(|&k| u32::from(k)).collect();
    assert_eq!(codes, [0xf727, 0xf728, 0xf729, 0xf72b, 0xf72c, 0xf72d]);
}

#[test]
fn each_key_has_a_name_that_finds_it() {
    for key in SPECIAL_KEYS {
        let name = key_name(key).unwrap();
        assert_eq!(key_named(name), Some(key), "{name}");
    }
    assert_eq!(key_name(PAGE_DOWN), Some("Page Down"));
    assert_eq!(key_name('\u{f708}'), Some("F5"));
    assert_eq!(key_name('j'), None);
    assert_eq!(key_name('\u{f72a}'), None);
    assert!(!is_special_key('\u{f710}'));
}

#[test]
fn arrows_follow_the_cursor_mode_and_the_others_do_not() {
    assert_eq!(&*key_bytes(UP, false), b"\x1b[A");
    assert_eq!(&*key_bytes(UP, true), b"\x1bOA");
    assert_eq!(&*key_bytes(LEFT, false), b"\x1b[D");
    assert_eq!(&*key_bytes(RIGHT, true), b"\x1bOC");
    for mode in [false, true] {
        assert_eq!(&*key_bytes(HOME, mode), b"\x1b[1~");
        assert_eq!(&*key_bytes(F1, mode), b"\x1bOP");
        assert_eq!(&*key_bytes('\u{f70f}', mode), b"\x1b[24~");
        assert_eq!(&*key_bytes('j', mode), b"j");
        assert_eq!(&*key_bytes('é', mode), "é".as_bytes());
    }
}

#[test]
fn what_a_terminal_sends_reads_back_as_the_keys() {
    for mode in [false, true] {
        let keys: Vec<char> = "j"
            .chars()
            .chain(SPECIAL_KEYS)
            .chain("\x1bé".chars())
            .collect();
        let sent: Vec<u8> = keys
            .iter()
            .flat_map(|&k| key_bytes(k, mode).into_owned())
            .collect();
        let text = String::from_utf8(sent).unwrap();
        assert_eq!(keys_of_input(&text), keys, "application {mode}");
    }
    assert_eq!(
        keys_of_input("\x1b[Z\x1bO"),
        "\x1b[Z\x1bO".chars().collect::<Vec<_>>()
    );
}
