//! A terminal in memory: the game played without curses, for replays.

use rogue_draw::{MemScreen, Screen};
use rogue_types::{ColorPair, Key};

use crate::game::{game_loop, Game, GameConfig, Terminal};

/// A [`Terminal`] in memory: draws on a [`MemScreen`], takes its keys from
/// an iterator, and calls `settled` with the screen each time the game
/// waits for a key (as `getch()` refreshes the real screen), including
/// after the last key.
pub struct Headless<K, F> {
    screen: MemScreen,
    keys: K,
    settled: F,
}

impl<K, F> Headless<K, F>
where
    K: Iterator<Item = Key>,
    F: FnMut(&MemScreen),
{
    /// A blank screen of `rows` by `cols`.
    pub fn new(rows: u16, cols: u16, keys: K, settled: F) -> Self {
        Headless {
            screen: MemScreen::new(rows, cols),
            keys,
            settled,
        }
    }
}

impl<K, F> Screen for Headless<K, F> {
    fn clear(&mut self) {
        self.screen.clear();
    }

    fn mvaddch(&mut self, y: i32, x: i32, ch: char, color: ColorPair) {
        self.screen.mvaddch(y, x, ch, color);
    }
}

impl<K, F> Terminal for Headless<K, F>
where
    K: Iterator<Item = Key>,
    F: FnMut(&MemScreen),
{
    fn getch(&mut self) -> Option<Key> {
        (self.settled)(&self.screen);
        self.keys.next()
    }
}

/// Plays `keys` headless on a `rows` by `cols` screen and calls `settled`
/// with the screen before the first key and after each key the game
/// handled. The game stops at `q` or NUL, or when the keys run out.
pub fn replay(
    config: &GameConfig,
    rows: u16,
    cols: u16,
    keys: impl IntoIterator<Item = Key>,
    settled: impl FnMut(&MemScreen),
) -> Game {
    let mut game = Game::new(config);
    if config.part.plays {
        let mut term = Headless::new(rows, cols, keys.into_iter(), settled);
        game_loop(&mut term, &mut game);
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Part;

    fn screens(part: u8, keys: &str) -> Vec<Vec<String>> {
        let config = GameConfig::new(
            Part::get(part).unwrap(),
            0,
            rogue_crand::RngKind::Glibc,
        );
        let mut out = Vec::new();
        replay(&config, 25, 100, keys.chars().map(Key::Char), |s| {
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
            fov: rogue_fov::FovMode::RADIUS,
            ..GameConfig::new(Part::LAST, 42, rogue_crand::RngKind::Glibc)
        };
        let mut shots = Vec::new();
        replay(&config, 25, 100, "\t\t".chars().map(Key::Char), |s| {
            shots.push(s.text())
        });
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
        let config =
            GameConfig::new(Part::LAST, 42, rogue_crand::RngKind::Glibc);
        let mut shots = Vec::new();
        replay(&config, 25, 100, "\t".chars().map(Key::Char), |s| {
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
