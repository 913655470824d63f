//! The port played headless into a trace: `rogue-trace replay`.
//!
//! The game plays on an in-memory screen ([`Headless`](rogue_game::Headless),
//! no curses) through the very loop it plays in a terminal (the C
//! original's Part 4 through the tutorial's own `game_loop`), and every
//! screen it shows becomes a step.

use std::io::{self, Write};

use pancurses::Input;
use rogue_fov_modes::FovMode;
use rogue_game::{replay as play, GameConfig, MemScreen};
use rogue_trace_format::classes::class_of_pair;
use rogue_trace_format::{write_step, Header, Step, Trace};

/// The screen as step `number` of a trace.
pub fn step_of(screen: &MemScreen, number: usize, key: Option<char>) -> Step {
    let classes = screen
        .rows()
        .map(|row| {
            row.iter()
                .map(|&(ch, pair)| class_of_pair(ch, pair))
                .collect()
        })
        .collect();
    Step {
        number,
        key,
        text: screen.text(),
        colours: classes,
        odd: Vec::new(),
    }
}

/// The header of a replay of `config` with `keys` on a `cols` by `rows`
/// screen; a field of view other than the C original's is named in it.
pub fn header(
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
) -> Header {
    let mut extra = Vec::new();
    if config.part.fov
        && (config.fov != FovMode::TUTORIAL || config.radius.is_some())
    {
        extra.push(format!("fov: {}", config.fov));
        let radius = config.radius.unwrap_or(config.fov.default_radius);
        extra.push(format!("radius: {radius}"));
    }
    Header {
        program: format!(
            "rogue-trace replay {} (headless port)",
            env!("CARGO_PKG_VERSION")
        ),
        part: Some(config.part.number),
        rng: Some(config.rng.name().to_string()),
        seed: Some(config.seed),
        cols,
        rows,
        keys: keys.to_vec(),
        extra,
    }
}

/// Plays `keys` headless and calls `each` with every step: the screen
/// before the first key and after each key the game handled.
fn for_each_step(
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
    mut each: impl FnMut(Step),
) {
    let mut number = 0;
    let mut previous: Option<char> = None;
    let typed = keys.iter().map(|&c| Input::Character(c));
    play(config, rows, cols, typed, |screen| {
        each(step_of(screen, number, previous));
        previous = keys.get(number).copied();
        number += 1;
    });
}

/// Plays `keys` headless and records every step.
pub fn replay(
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
) -> Trace {
    let mut steps = Vec::with_capacity(keys.len() + 1);
    for_each_step(config, cols, rows, keys, |step| steps.push(step));
    Trace {
        header: header(config, cols, rows, keys),
        steps,
    }
}

/// Plays `keys` headless and writes the trace to `out` step by step,
/// without keeping the steps.
pub fn replay_into(
    out: &mut impl Write,
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
) -> io::Result<()> {
    let mut text = String::new();
    header(config, cols, rows, keys).write(&mut text);
    out.write_all(text.as_bytes())?;
    let mut result = Ok(());
    for_each_step(config, cols, rows, keys, |step| {
        if result.is_ok() {
            text.clear();
            write_step(&mut text, &step);
            result = out.write_all(text.as_bytes());
        }
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_game::Part;
    use rogue_game::RngKind;

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
}
