//! How long a played program took to answer, told on one line.

use std::time::Duration;

use rogue_trace_format::played::Times;

#[test]
fn times_are_told_by_the_first_screen_the_median_and_the_worst() {
    let ms = Duration::from_millis;
    let times = Times {
        first_screen: Some(ms(40)),
        keys: vec![ms(10), ms(1_520), ms(20)],
    };
    assert_eq!(
        times.told(&['j', 'l', 'k']),
        "first screen 0.04 s, keys 0.02 s (median), 1.52 s at worst (key 2, 'l')"
    );
    assert_eq!(
        Times::default().told(&[]),
        "first screen none, no key answered"
    );
}
