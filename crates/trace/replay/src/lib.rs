//! The port played headless into a trace: `rogue-trace replay`.
//!
//! The game plays on an in-memory screen ([`Headless`](rogue_game::Headless),
//! no curses) through the very loop it plays in a terminal (the C
//! original's Part 4 through the tutorial's own `game_loop`), and every
//! screen it shows becomes a step. Played as a program is captured
//! ([`play`]), it ends and leaves its terminal as the C original does.

mod played;

pub use played::play;

use std::io::{self, Write};

use pancurses::Input;
use rogue_fov_modes::FovMode;
use rogue_game::{replay_typed, GameConfig, MemScreen, Typed};
use rogue_trace_format::classes::class_of_pair;
use rogue_trace_format::keys::{is_special_key, key_bytes};
use rogue_trace_format::{
    is_resume, resize_of, settles, write_step, Header, Step, Trace, JOIN,
    SUSPEND,
};

/// The screen as step `number` of a trace.
pub fn step_of(screen: &MemScreen, number: usize, key: Option<char>) -> Step {
    let class = |row: &[(char, _)]| {
        row.iter()
            .map(|&(ch, pair)| class_of_pair(ch, pair))
            .collect()
    };
    Step {
        number,
        key,
        text: screen.text(),
        colours: screen.rows().map(class).collect(),
        ..Step::default()
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
        // A headless replay has no terminal, and no cursor.
        cursors: false,
    }
}

/// What the game reads for `keys`, as the C original (no `keypad()`) reads
/// them: a special key as its bytes in normal cursor mode, a resize as
/// `KEY_RESIZE`, `^Z` (Unix) and the resume unread, a burst's join
/// nothing; with, for each key, how many inputs have been read once it has.
fn inputs(keys: &[char]) -> (Vec<Typed>, Vec<usize>) {
    let mut inputs = Vec::with_capacity(keys.len());
    let mut ends = Vec::with_capacity(keys.len());
    let byte = |b: &u8| Typed::Key(Input::Character(char::from(*b)));
    for &key in keys {
        if let Some((cols, rows)) = resize_of(key) {
            inputs.push(Typed::Resize { rows, cols });
        } else if key == SUSPEND && cfg!(unix) {
            inputs.push(Typed::Suspend);
        } else if is_resume(key) {
            inputs.push(Typed::Resume);
        } else if is_special_key(key) {
            inputs.extend(key_bytes(key, false).iter().map(byte));
        } else if key != JOIN {
            inputs.push(Typed::Key(Input::Character(key)));
        }
        ends.push(inputs.len());
    }
    (inputs, ends)
}

/// Plays `keys` headless and calls `each` with every step: the screen
/// before the first key and after each key the game handled (for a
/// special key, after the last of its bytes; for a burst, after its last
/// key: curses reads keys typed at once one by one).
fn for_each_step(
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
    mut each: impl FnMut(Step),
) {
    let (typed, ends) = inputs(keys);
    // Inputs read so far: the game waits for the next one.
    let mut read = 0;
    replay_typed(config, rows, cols, typed, |screen| {
        if read == 0 {
            each(step_of(screen, 0, None));
        } else if let Ok(i) = ends.binary_search(&read) {
            // A join reads nothing: its end is the key's before it, and
            // neither settles.
            if settles(keys, i + 1) {
                each(step_of(screen, i + 1, Some(keys[i])));
            }
        }
        read += 1;
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

    #[test]
    fn a_special_key_is_its_bytes_in_normal_cursor_mode() {
        use rogue_trace_format::keys::{F1, UP};
        let (inputs_read, ends) = inputs(&['j', UP, F1, 'é']);
        let c = |k| Typed::Key(Input::Character(k));
        let bytes = ['j', '\x1b', '[', 'A', '\x1b', 'O', 'P', 'é'];
        assert_eq!(inputs_read, bytes.map(c));
        assert_eq!(ends, [1, 4, 7, 8]);
    }
}
