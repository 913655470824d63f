//! The resize module, through the crate's public API.

use rogue_trace_format::*;

#[test]
fn every_size_is_one_key_and_back() {
    for (cols, rows) in [(1, 1), (60, 20), (255, 1), (1, 255), (255, 255)] {
        let key = resize_key(cols, rows).unwrap();
        assert_eq!(resize_of(key), Some((cols, rows)));
    }
    assert_eq!(resize_key(0, 5), None);
    assert_eq!(resize_key(256, 5), None);
    assert_eq!(resize_of('j'), None);
    assert_eq!(resize_of('\u{f700}'), None);
    let past = u32::from(resize_key(255, 255).unwrap()) + 1;
    assert_eq!(resize_of(char::from_u32(past).unwrap()), None);
}

#[test]
fn the_size_after_some_keys_is_the_last_resize_s() {
    let keys = [
        'j',
        resize_key(60, 20).unwrap(),
        'k',
        resize_key(9, 8).unwrap(),
    ];
    assert_eq!(size_after(&keys, 0, (80, 24)), (80, 24));
    assert_eq!(size_after(&keys, 1, (80, 24)), (80, 24));
    assert_eq!(size_after(&keys, 3, (80, 24)), (60, 20));
    assert_eq!(size_after(&keys, 9, (80, 24)), (9, 8));
}
