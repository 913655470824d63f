//! The burst module, through the crate's public API.

use rogue_trace_format::burst::*;

#[test]
fn a_burst_settles_once_after_its_last_key() {
    let keys = ['h', 'l', JOIN, 'l', JOIN, 'j', 'k'];
    let told: Vec<bool> = (0..=7).map(|n| settles(&keys, n)).collect();
    assert_eq!(told, [true, true, false, false, false, false, true, true]);
    assert_eq!(burst_end(&keys, 0), 1);
    assert_eq!(burst_end(&keys, 1), 6);
    assert_eq!(burst_end(&keys, 6), 7);
    assert_eq!([burst_start(&keys, 6), burst_start(&keys, 7)], [1, 6]);
}

#[test]
fn a_join_left_without_two_keys_around_it_is_taken_out() {
    let resize = rogue_trace_format::resize_key(60, 20).unwrap();
    let keys = [
        JOIN, 'h', JOIN, JOIN, 'l', JOIN, resize, 'j', JOIN, 'k', JOIN,
    ];
    assert_eq!(tidy(&keys), ['h', JOIN, 'l', resize, 'j', JOIN, 'k']);
}
