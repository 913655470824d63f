//! Plays golden traces of the C original through one part's own code,
//! headless: the part's `game_loop` on a screen in memory, every step
//! compared with the trace, characters and colours. The parts test builds
//! this beside each part (filtered for it by the same `//@` markers); it
//! is no part of any part.
//!
//! Usage: `headless TRACE...`; exit status 1 at the first difference.

use std::process::ExitCode;

use rogue_draw::Screen;
//@ part 1-2: use rogue_engine::{game_loop, Game, Terminal};
//@ part 3-4: use rogue_engine::{game_loop, Game, GameConfig, Terminal};
use rogue_trace_format::classes::class_of_pair;
use rogue_trace_format::Trace;
//@ part 4+ {
use rogue_types::ColorPair;
//@ }
use rogue_types::Key;

/// A terminal in memory: its cells, the keys still to type and the
/// screens it showed, one each time the game waited for a key.
struct Memory {
    cols: usize,
    cells: Vec<(char, u8)>,
    keys: std::vec::IntoIter<char>,
    shown: Vec<Vec<(char, u8)>>,
}

impl Memory {
    /// `(ch, pair)` at `(y, x)`, dropped outside the screen as curses does.
    fn put(&mut self, y: i32, x: i32, cell: (char, u8)) {
        let (Ok(y), Ok(x)) = (usize::try_from(y), usize::try_from(x)) else {
            return;
        };
        if x < self.cols {
            if let Some(c) = self.cells.get_mut(y * self.cols + x) {
                *c = cell;
            }
        }
    }
}

impl Screen for Memory {
    fn clear(&mut self) {
        self.cells.fill((' ', 0));
    }

    //@ part 1-3: fn mvaddch(&mut self, y: i32, x: i32, ch: char) {
    //@ part 1-3:     self.put(y, x, (ch, 0));
    //@ part 1-3: }
    //@ part 4+ {
    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair) {
        self.put(y, x, (ch, color.0));
    }
    //@ }
}

impl Terminal for Memory {
    fn getch(&mut self) -> Option<Key> {
        self.shown.push(self.cells.clone());
        self.keys.next().map(Key::Char)
    }
}

/// The first difference between `trace` and this part's own screens.
fn check(trace: &Trace) -> Result<usize, String> {
    let h = &trace.header;
    let (cols, rows) = (usize::from(h.cols), usize::from(h.rows));
    let mut term = Memory {
        cols,
        cells: vec![(' ', 0); cols * rows],
        keys: h.keys.clone().into_iter(),
        shown: Vec::new(),
    };
    //@ part 1-2: let mut game = Game::new();
    //@ part 3-4: let rng = match h.rng.as_deref() {
    //@ part 3-4:     Some("msvc") => rogue_crand::RngKind::Msvc,
    //@ part 3-4:     _ => rogue_crand::RngKind::Glibc,
    //@ part 3-4: };
    //@ part 3-4: let seed = h.seed.unwrap_or(0);
    //@ part 3-4: let mut game = Game::new(&GameConfig { seed, rng });
    game_loop(&mut term, &mut game);
    if term.shown.len() != trace.steps.len() {
        return Err(format!(
            "{} screens, the trace has {}",
            term.shown.len(),
            trace.steps.len()
        ));
    }
    for (screen, step) in term.shown.iter().zip(&trace.steps) {
        for (y, row) in screen.chunks(cols).enumerate() {
            let text: String = row.iter().map(|c| c.0).collect();
            let colours: String = row.iter().map(|&(ch, pair)| class_of_pair(ch, pair)).collect();
            if text != step.text[y] || colours != step.colours[y] {
                return Err(format!("step {}, row {y} differs", step.number));
            }
        }
    }
    Ok(trace.steps.len())
}

fn main() -> ExitCode {
    for path in std::env::args().skip(1) {
        let checked = std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|text| Trace::parse(&text).map_err(|e| e.to_string()))
            .and_then(|trace| check(&trace));
        match checked {
            Ok(steps) => println!("{path}: {steps} steps, identical"),
            Err(e) => {
                println!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
