//! The port played headless into a trace: `rogue-trace replay`.

use rogue_draw::MemScreen;
use rogue_engine::{replay as play, GameConfig};
use rogue_fov::FovMode;
use rogue_types::Key;

use std::io::{self, Write};
use std::mem;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread;

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
    if config.fov != FovMode::TUTORIAL || config.radius.is_some() {
        lines.push(format!("fov: {}", config.fov));
        let radius = config.radius.unwrap_or(config.fov.default_radius);
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

/// How many screens the game hands over to be written at a time.
const BATCH: usize = 64;

/// A screen the game showed, with its step number and the key that led to it.
struct Shot {
    n: usize,
    key: Option<char>,
    screen: MemScreen,
}

/// Plays `keys` headless and writes the trace of every step to `out` as
/// it goes, without keeping the steps. The game plays on a thread of its
/// own and hands its screens over in batches; this thread writes them, so
/// playing and writing share the time of two cores.
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
    thread::scope(|scope| {
        let (full, shots) = mpsc::sync_channel(2);
        let (spare, spares) = mpsc::channel();
        scope.spawn(move || play_in_batches(config, cols, rows, keys, full, spares));
        for batch in shots {
            for shot in &batch {
                write_step(&mut buf, shot);
                if buf.len() >= 1 << 16 {
                    out.write_all(&buf)?;
                    buf.clear();
                }
            }
            // The game may have finished: then it takes no more batches.
            let _ = spare.send(batch);
        }
        out.write_all(&buf)
    })
}

/// Appends a step of the trace to `buf`.
fn write_step(buf: &mut Vec<u8>, shot: &Shot) {
    let mut line = String::new();
    write_step_header(&mut line, shot.n, shot.key);
    buf.extend_from_slice(line.as_bytes());
    shot.screen.write_text(buf);
    buf.extend_from_slice(COLOURS_LINE.as_bytes());
    shot.screen.write_colour_classes(buf);
}

/// Plays `keys` headless and sends the screens to `full` in batches of
/// [`BATCH`], filling the batches that come back on `spares` again. Stops
/// sending when nobody receives any more (the writer failed).
fn play_in_batches(
    config: &GameConfig,
    cols: u16,
    rows: u16,
    keys: &[char],
    full: SyncSender<Vec<Shot>>,
    spares: Receiver<Vec<Shot>>,
) {
    let mut batch = Vec::with_capacity(BATCH);
    let mut filled = 0;
    let mut writing = true;
    for_each_step(config, cols, rows, keys, |n, key, screen| {
        if !writing {
            return;
        }
        match batch.get_mut(filled) {
            Some(Shot {
                n: old_n,
                key: old_key,
                screen: old,
            }) => {
                (*old_n, *old_key) = (n, key);
                old.clone_from(screen);
            }
            None => batch.push(Shot {
                n,
                key,
                screen: screen.clone(),
            }),
        }
        filled += 1;
        if filled == BATCH {
            let next = spares
                .try_recv()
                .unwrap_or_else(|_| Vec::with_capacity(BATCH));
            writing = full.send(mem::replace(&mut batch, next)).is_ok();
            filled = 0;
        }
    });
    batch.truncate(filled);
    let _ = full.send(batch);
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

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_crand::RngKind;
    use rogue_engine::Part;

    /// A writer that takes `room` bytes, then fails.
    struct Full {
        room: usize,
    }

    impl Write for Full {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if buf.len() > self.room {
                return Err(io::Error::other("no room left"));
            }
            self.room -= buf.len();
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn keys(n: usize) -> Vec<char> {
        "hjkllkjjhhlkkjl".chars().cycle().take(n).collect()
    }

    #[test]
    fn written_as_it_goes_is_the_trace_kept_in_memory() {
        let config = GameConfig::new(Part::LAST, 42, RngKind::Glibc);
        // Fewer steps than a batch, exactly two batches, and a few more.
        for n in [3, 2 * BATCH - 1, 5 * BATCH + 7] {
            let keys = keys(n);
            let mut out = Vec::new();
            replay_into(&mut out, &config, 100, 25, &keys).unwrap();
            let kept = replay(&config, 100, 25, &keys);
            assert_eq!(kept.steps.len(), n + 1);
            assert!(
                String::from_utf8(out).unwrap() == kept.to_text(),
                "{n} keys"
            );
        }
    }

    #[test]
    fn a_writer_that_fails_ends_the_replay_with_its_error() {
        let config = GameConfig::new(Part::LAST, 7, RngKind::Msvc);
        let keys = keys(20 * BATCH);
        for room in [0, 100, 1 << 16, 1 << 20] {
            let err = replay_into(&mut Full { room }, &config, 100, 25, &keys).unwrap_err();
            assert_eq!(err.to_string(), "no room left");
        }
    }
}
