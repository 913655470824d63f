//! A terminal in memory: the game played without curses, for replays.

use pancurses::{chtype, Input, A_CHARTEXT, A_COLOR, COLOR_PAIR};
use rogue_draw::Screen;
use rogue_engine::Terminal;

use crate::game::{play_game, Game, GameConfig};

/// A cell of a screen in memory: its character and its colour pair.
pub type Cell = (char, u8);

/// A blank cell: a space in the terminal's own colours.
const BLANK: Cell = (' ', 0);

/// A screen in memory: what `mvaddch` put where, clipped to its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemScreen {
    cols: usize,
    cells: Vec<Cell>,
}

impl MemScreen {
    /// A blank screen of `rows` by `cols`.
    pub fn new(rows: u16, cols: u16) -> Self {
        MemScreen {
            cols: usize::from(cols),
            cells: vec![BLANK; usize::from(rows) * usize::from(cols)],
        }
    }

    /// The rows of cells, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        self.cells.chunks(self.cols.max(1))
    }

    /// The screen at a new size, blank, as a resized terminal's before
    /// the game draws on it again.
    fn resize(&mut self, rows: u16, cols: u16) {
        *self = MemScreen::new(rows, cols);
    }

    /// A blank screen of the same size: the terminal's main screen, as a
    /// curses program suspended by `^Z` leaves it (blank, the game having
    /// drawn on the alternate screen alone).
    fn blank(&self) -> MemScreen {
        MemScreen {
            cols: self.cols,
            cells: vec![BLANK; self.cells.len()],
        }
    }

    /// The characters, row by row.
    pub fn text(&self) -> Vec<String> {
        self.rows()
            .map(|row| row.iter().map(|c| c.0).collect())
            .collect()
    }
}

impl Screen for MemScreen {
    fn clear(&mut self) {
        self.cells.fill(BLANK);
    }

    /// Puts the character of `ch` in the colour pair of `ch`; a place off
    /// the screen is left alone, as curses leaves it.
    fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
        let (Ok(y), Ok(x)) = (usize::try_from(y), usize::try_from(x)) else {
            return;
        };
        let character = char::from((ch & A_CHARTEXT) as u8);
        let pair = ((ch & A_COLOR) / COLOR_PAIR(1)) as u8;
        if x < self.cols {
            if let Some(cell) = self.cells.get_mut(y * self.cols + x) {
                *cell = (character, pair);
            }
        }
    }
}

/// What is typed into a terminal in memory: a key, a resize of the
/// terminal, which the game reads as `KEY_RESIZE` (as curses gives it),
/// or a suspend (`^Z`) and a resume (a shell's `fg`), which it never
/// reads: curses leaves the game's screen for the terminal's main screen
/// as the game stops, and draws the game again as it is resumed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A key.
    Key(Input),
    /// `^Z`: the game stops; the keys typed until it is resumed are never
    /// read (the terminal, back in its own line mode, holds them for a
    /// line that never comes).
    Suspend,
    /// The game resumed after a `^Z`.
    Resume,
    /// The terminal resized to `rows` by `cols`.
    Resize {
        /// Rows.
        rows: u16,
        /// Columns.
        cols: u16,
    },
}

/// A [`Terminal`] in memory: draws on a [`MemScreen`], takes its keys (and
/// resizes) from an iterator, and calls `settled` with the screen each
/// time the game waits for a key (as `getch()` refreshes the real screen),
/// including after the last key.
pub struct Headless<K, F> {
    screen: MemScreen,
    keys: K,
    settled: F,
    /// Whether the game is suspended (`^Z`, not resumed yet).
    suspended: bool,
}

impl<K, F> Headless<K, F>
where
    K: Iterator<Item = Typed>,
    F: FnMut(&MemScreen),
{
    /// A blank screen of `rows` by `cols`.
    pub fn new(rows: u16, cols: u16, keys: K, settled: F) -> Self {
        Headless {
            screen: MemScreen::new(rows, cols),
            keys,
            settled,
            suspended: false,
        }
    }
}

impl<K, F> Screen for Headless<K, F> {
    fn clear(&mut self) {
        self.screen.clear();
    }

    fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
        self.screen.mvaddch(y, x, ch);
    }
}

impl<K, F> Terminal for Headless<K, F>
where
    K: Iterator<Item = Typed>,
    F: FnMut(&MemScreen),
{
    fn getch(&mut self) -> Option<Input> {
        loop {
            if self.suspended {
                (self.settled)(&self.screen.blank());
            } else {
                (self.settled)(&self.screen);
            }
            let input = match self.keys.next()? {
                Typed::Key(input) => input,
                Typed::Resize { rows, cols } => {
                    self.screen.resize(rows, cols);
                    Input::KeyResize
                }
                Typed::Suspend => {
                    self.suspended = true;
                    continue;
                }
                Typed::Resume => {
                    self.suspended = false;
                    continue;
                }
            };
            // A resize while suspended is read once resumed, as curses
            // finds the new size then.
            if !self.suspended || input == Input::KeyResize {
                return Some(input);
            }
        }
    }
}

/// Plays `config` headless on a `rows` by `cols` screen, typing `keys`,
/// through the very loop the game plays ([`play_game`]); `settled` sees
/// each screen the game waits on. The game as it ended.
pub fn replay(
    config: &GameConfig,
    rows: u16,
    cols: u16,
    keys: impl IntoIterator<Item = Input>,
    settled: impl FnMut(&MemScreen),
) -> Game {
    let typed = keys.into_iter().map(Typed::Key);
    replay_typed(config, rows, cols, typed, settled)
}

/// [`replay`], typing keys and resizes of the terminal: the game reads a
/// resize as `KEY_RESIZE`, does nothing with it, and draws again on the
/// screen of the new size. A suspend shows the terminal's main screen
/// (blank) until the resume, which shows the game again; the keys typed
/// meanwhile are lost.
pub fn replay_typed(
    config: &GameConfig,
    rows: u16,
    cols: u16,
    typed: impl IntoIterator<Item = Typed>,
    settled: impl FnMut(&MemScreen),
) -> Game {
    let mut game = Game::new(config);
    if config.part.plays {
        let mut term = Headless::new(rows, cols, typed.into_iter(), settled);
        play_game(&mut term, &mut game);
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Part;

    fn screens(part: u8, keys: &str) -> Vec<Vec<String>> {
        let config =
            GameConfig::new(Part::get(part).unwrap(), 0, crate::RngKind::Glibc);
        let mut out = Vec::new();
        replay(&config, 25, 100, keys.chars().map(Input::Character), |s| {
            out.push(s.text())
        });
        out
    }

    #[test]
    fn one_screen_before_the_first_key_and_one_after_each() {
        assert_eq!(screens(2, "hjkl").len(), 5);
    }

    #[test]
    fn q_and_nul_end_the_game_without_a_screen() {
        assert_eq!(screens(2, "hqjj").len(), 2);
        assert_eq!(screens(2, "h\0jj").len(), 2);
    }

    #[test]
    fn part_zero_shows_nothing() {
        assert!(screens(0, "hjkl").is_empty());
    }

    #[test]
    fn tab_turns_the_radius_light_on_and_off() {
        let config = GameConfig {
            fov: rogue_fov_modes::FovMode::RADIUS,
            ..GameConfig::new(Part::LAST, 42, crate::RngKind::Glibc)
        };
        let mut shots = Vec::new();
        replay(
            &config,
            25,
            100,
            "\t\t".chars().map(Input::Character),
            |s| shots.push(s.text()),
        );
        let lit = |shot: &Vec<String>| {
            shot.iter()
                .map(|r| r.chars().filter(|&c| c != ' ').count())
                .sum::<usize>()
        };
        // It starts off, as the BearLibTerminal tutorial's `fov = false`:
        // the whole 25x100 map; on: radius 4, a few dozen cells.
        assert_eq!(lit(&shots[0]), 2500);
        assert!(lit(&shots[1]) < 81, "{}", lit(&shots[1]));
        assert_eq!(shots[2], shots[0]);
    }

    #[test]
    fn tab_is_an_ordinary_key_for_the_tutorial() {
        let config = GameConfig::new(Part::LAST, 42, crate::RngKind::Glibc);
        let mut shots = Vec::new();
        replay(&config, 25, 100, "\t".chars().map(Input::Character), |s| {
            shots.push(s.text())
        });
        assert_eq!(shots[0], shots[1]);
    }

    #[test]
    fn part_one_walks_off_the_screen_and_back() {
        let up = "k".repeat(11);
        let down = "j".repeat(11);
        let shots = screens(1, &format!("{up}{down}"));
        assert_eq!(shots[0][10].find('@'), Some(20));
        assert!(shots[11].iter().all(|row| !row.contains('@')));
        assert_eq!(shots[22][10].find('@'), Some(20));
    }
}
