//! The port played headless into a trace: `rogue-trace replay`.

use rogue_draw::MemScreen;
use rogue_engine::{replay as play, GameConfig};
use rogue_types::Key;

use crate::format::{Header, Step, Trace};

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
        extra: Vec::new(),
    }
}

/// Plays `keys` headless and records every step: the screen before the
/// first key and after each key the game handled.
pub fn replay(config: &GameConfig, cols: u16, rows: u16, keys: &[char]) -> Trace {
    let mut steps = Vec::with_capacity(keys.len() + 1);
    play(
        config,
        rows,
        cols,
        keys.iter().map(|&c| Key::Char(c)),
        |screen| {
            let key = steps.len().checked_sub(1).map(|i| keys[i]);
            steps.push(step_of(screen, key));
        },
    );
    Trace {
        header: header(config, cols, rows, keys),
        steps,
    }
}
