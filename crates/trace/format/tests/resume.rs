//! The resume module, through the crate's public API.

use rogue_trace_format::*;

#[test]
fn the_resume_is_neither_a_resize_nor_a_special_key() {
    assert!(is_resume(RESUME) && is_event(RESUME));
    assert!(!rogue_trace_format::is_resize(RESUME));
    assert!(rogue_trace_format::key_name(RESUME).is_none());
    assert!(!is_event('\x1a') && !is_resume('j'));
    assert!(suspends(&['j', SUSPEND]) && suspends(&[RESUME]));
    assert!(!suspends(&['j', 'k']));
    let keys = ['j', SUSPEND, 'k', RESUME, 'l'];
    let told: Vec<bool> = (0..6).map(|n| suspended_after(&keys, n)).collect();
    assert_eq!(told, [false, false, true, true, false, false]);
}
