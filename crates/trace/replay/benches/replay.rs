//! `make bench`: how fast `rogue-trace replay` plays and writes 10,000
//! keys (it should take well under a second), against what the game alone
//! costs, in the same run.
//!
//! Rows, best of three runs each, all on the same random `hjkl` keys:
//! - the game alone: every key handled (moves, field of view), nothing drawn;
//! - the game drawn: the same, drawing every screen in memory, as the
//!   headless terminal does;
//! - replay: the whole `rogue-trace replay`, every screen written as a v1
//!   trace (about 5 KB a step) to a sink.

use std::hint::black_box;
use std::io;
use std::time::{Duration, Instant};

use pancurses::Input;
use rogue_crand::GlibcRand;
use rogue_game::RngKind;
use rogue_game::{replay, Game, GameConfig, Part};
use rogue_replay::replay_into;

const KEYS: usize = 10_000;

/// The best of three runs of `run`.
fn best_of_three(mut run: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
    let mut rng = GlibcRand::new(1);
    let keys: Vec<char> = (0..KEYS)
        .map(|_| ['h', 'j', 'k', 'l'][rng.rand() as usize % 4])
        .collect();
    let (cols, rows) = (100, 25);

    let game = best_of_three(|| {
        let mut game = Game::new(&config);
        game.start();
        for &key in &keys {
            game.handle_input(Input::Character(key));
        }
        black_box(&game);
    });
    let drawn = best_of_three(|| {
        let keys = keys.iter().map(|&c| Input::Character(c));
        black_box(replay(&config, rows, cols, keys, |screen| {
            black_box(screen);
        }));
    });
    let mut written = 0;
    let traced = best_of_three(|| {
        let mut sink = Counter(0);
        replay_into(&mut sink, &config, cols, rows, &keys)
            .expect("a sink takes everything");
        written = sink.0;
    });

    println!(
        "replay: {KEYS} random hjkl keys, seed 42 (glibc), {cols}x{rows}; best of 3; \
         ratio = time / the game alone's"
    );
    println!(
        "\n{:<44} {:>9} {:>12} {:>7}",
        "", "seconds", "keys/s", "ratio"
    );
    for (name, time) in [
        ("the game alone (keys, field of view)", game),
        ("the game drawn (every screen, in memory)", drawn),
        ("replay (every screen written as a trace)", traced),
    ] {
        let seconds = time.as_secs_f64();
        println!(
            "{name:<44} {seconds:>9.3} {:>12.0} {:>7.2}",
            KEYS as f64 / seconds,
            seconds / game.as_secs_f64()
        );
    }
    println!("\ntrace written: {:.0} MB", written as f64 / 1e6);
}

/// A sink that counts the bytes written to it.
struct Counter(usize);

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
