//! Replaying headless, through the crate's public API.

use std::io::{self, Write};

use rogue_game::{GameConfig, Part, RngKind};
use rogue_replay::{play, replay, replay_into};
use rogue_trace_format::keys::UP;
use rogue_trace_format::{Trace, JOIN};

#[test]
fn the_streamed_trace_is_the_one_held_in_memory() {
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let keys: Vec<char> = "jjllq".chars().collect();
    let mut out = Vec::new();
    replay_into(&mut out, &config, 80, 24, &keys).unwrap();
    let held = replay(&config, 80, 24, &keys);
    assert_eq!(String::from_utf8(out).unwrap(), held.to_text());
    // q ends the game: step 0 and one step per key before it.
    assert_eq!(held.steps.len(), 5);
    assert_eq!(held.steps[4].number, 4);
}

#[test]
fn a_special_key_is_one_step_after_the_last_of_its_bytes() {
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let keys = ['l', UP, 'j'];
    let trace = replay(&config, 80, 24, &keys);
    let told: Vec<_> = trace.steps.iter().map(|s| (s.number, s.key)).collect();
    assert_eq!(
        told,
        [(0, None), (1, Some('l')), (2, Some(UP)), (3, Some('j'))]
    );
    // The C original moves on none of ESC, '[' and 'A'.
    assert_eq!(trace.steps[2].text, trace.steps[1].text);
    let plain = replay(&config, 80, 24, &['l', 'j']);
    assert_eq!(trace.steps[3].text, plain.steps[2].text);
}

#[test]
fn a_burst_shows_the_screen_of_all_its_keys_played_in_order() {
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let keys = ['h', 'l', JOIN, 'j', JOIN, 'l', 'k'];
    let trace = replay(&config, 80, 24, &keys);
    let told: Vec<_> = trace.steps.iter().map(|s| (s.number, s.key)).collect();
    assert_eq!(
        told,
        [(0, None), (1, Some('h')), (6, Some('l')), (7, Some('k'))]
    );
    let plain = replay(&config, 80, 24, &['h', 'l', 'j', 'l', 'k']);
    assert_eq!(trace.steps[2].text, plain.steps[4].text);
    assert_eq!(trace.steps[3].text, plain.steps[5].text);
    assert_eq!(Trace::parse(&trace.to_text()).unwrap().steps, trace.steps);
    // A quit in a burst ends the game: the burst had no screen, and
    // every key of it counts as typed.
    let quit = ['l', 'q', JOIN, 'j'];
    let played = play(&config, (80, 24), &quit, "");
    assert_eq!(played.trace.steps.len(), 2);
    assert!(played.outcome.stopped().is_none(), "{:?}", played.outcome);
}

#[test]
fn a_resize_draws_the_same_game_again_at_the_new_size() {
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let smaller = rogue_trace_format::resize_key(60, 20).unwrap();
    let larger = rogue_trace_format::resize_key(100, 30).unwrap();
    let keys = ['l', smaller, 'j', larger];
    let trace = replay(&config, 80, 24, &keys);
    assert_eq!(trace.steps.len(), 5);
    let plain = |cols, rows, keys: &[char]| {
        replay(&config, cols, rows, keys)
            .steps
            .last()
            .unwrap()
            .clone()
    };
    // Each screen is the one a game played at that size shows.
    assert_eq!(trace.steps[2].text, plain(60, 20, &['l']).text);
    assert_eq!(trace.steps[3].text, plain(60, 20, &['l', 'j']).text);
    assert_eq!(trace.steps[4].text, plain(100, 30, &['l', 'j']).text);
    assert_eq!(trace.steps[4].colours, plain(100, 30, &['l', 'j']).colours);
    // Read back as v2, whose reader expects cursors: the same steps.
    assert_eq!(Trace::parse(&trace.to_text()).unwrap().steps, trace.steps);
}

#[cfg(unix)]
#[test]
fn a_suspend_shows_the_main_screen_and_the_resume_the_game_without_the_keys_typed_meanwhile(
) {
    use rogue_trace_format::{RESUME, SUSPEND};
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let keys = ['l', SUSPEND, 'j', RESUME, 'k'];
    let trace = replay(&config, 80, 24, &keys);
    assert_eq!(trace.steps.len(), 6);
    let blank = vec![" ".repeat(80); 24];
    assert_eq!(trace.steps[2].text, blank);
    assert_eq!(trace.steps[3].text, blank);
    let plain = |keys: &[char]| {
        replay(&config, 80, 24, keys).steps.last().unwrap().clone()
    };
    // The C original never reads the 'j' typed while it was stopped.
    assert_eq!(trace.steps[4].text, plain(&['l']).text);
    assert_eq!(trace.steps[5].text, plain(&['l', 'k']).text);
    assert_ne!(trace.steps[5].text, plain(&['l', 'j', 'k']).text);
    // Read back as v2, whose reader expects cursors: the same steps.
    assert_eq!(Trace::parse(&trace.to_text()).unwrap().steps, trace.steps);
}

#[test]
fn a_failing_writer_returns_its_error() {
    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::other("disk full"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let config = GameConfig::new(Part::LAST, 1, RngKind::Glibc);
    let err = replay_into(&mut Full, &config, 10, 5, &['j']).unwrap_err();
    assert_eq!(err.to_string(), "disk full");
}
