//! The port played headless into a trace: `rogue-trace replay`.

use rogue_draw::MemScreen;
use rogue_engine::{replay as play, GameConfig};
use rogue_fov::FovMode;
use rogue_types::Key;

use std::io::{self, Write};

use crate::format::{write_step_header, Header, Step, Trace, COLOURS_LINE};

/// The screen as a trace step.
pub fn step_of(screen: &MemScreen, key: Option<char>) -> Step {
    Step {
        key,
        text: screen.text(),
        colours: screen.colour_classes(),
        odd: Vec::new(),
    }
}

/// The header of a replay of `config` with `keys` on a `cols` by `rows`
/// screen.
pub fn header(config: &GameConfig, cols: u16, rows: u16, keys: &[char]) -> Header {
    Header {
        program: format!(
            "rogue-trace replay {} (headless port)",
            env!("CARGO_PKG_VERSION")
        ),
        part: config.part.number,
        rng: config.rng.name().to_string(),
        seed: config.seed,
        cols,
        rows,
        keys: keys.to_vec(),
        extra: fov_lines(config),
    }
}

/// Header lines naming a field of view other than the C original's.
fn fov_lines(config: &GameConfig) -> Vec<String> {
    let mut lines = Vec::new();
    if config.fov != FovMode::Tutorial || config.radius.is_some() {
        lines.push(format!("fov: {}", config.fov));
        let radius = config.radius.unwrap_or(config.fov.default_radius());
        lines.push(format!("radius: {radius}"));
    }
    lines
}

/// Plays `keys` headless and records every step: the screen before the
/// first key and after each key the game handled.
pub fn replay(config: &GameConfig, cols: u16, rows: u16, keys: &[char]) -> Trace {
    let mut steps = Vec::with_capacity(keys.len() + 1);
    for_each_step(config, cols, rows, keys, |_, key, screen| {
        steps.push(step_of(screen, key));
    });
    Trace {
        header: header(config, cols, rows, keys),
        steps,
    }
}

/// Plays `keys` headless and writes the trace of every step to `out` as
/// it goes, without keeping the steps.
pub fn replay_into(
    out: &mut impl Write,
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
) -> io::Result<()> {
    let mut head = String::new();
    header(config, cols, rows, keys).write(&mut head);
    let mut buf = head.into_bytes();
    let mut result = Ok(());
    for_each_step(config, cols, rows, keys, |n, key, screen| {
        let mut line = String::new();
        write_step_header(&mut line, n, key);
        buf.extend_from_slice(line.as_bytes());
        screen.write_text(&mut buf);
        buf.extend_from_slice(COLOURS_LINE.as_bytes());
        screen.write_colour_classes(&mut buf);
        if buf.len() >= 1 << 16 && result.is_ok() {
            result = out.write_all(&buf);
            buf.clear();
        }
    });
    result?;
    out.write_all(&buf)
}

/// Plays `keys` headless and calls `step` with each step's number, the key
/// that led to it (none for step 0) and the screen.
fn for_each_step(
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
    mut step: impl FnMut(usize, Option<char>, &MemScreen),
) {
    let mut n = 0;
    play(
        config,
        rows,
        cols,
        keys.iter().map(|&c| Key::Char(c)),
        |screen| {
            step(n, n.checked_sub(1).map(|i| keys[i]), screen);
            n += 1;
        },
    );
}
