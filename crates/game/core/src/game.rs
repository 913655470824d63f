//! The game's state and its loop, for every part and every field of view.

use pancurses::{chtype, Input};
use rogue_draw::{draw_entity, draw_everything, Screen};
use rogue_engine::{game_loop, Terminal};
use rogue_fov_modes::{Fov, FovMode, Memory};
use rogue_map::{create_map_tiles, setup_map};
use rogue_player::create_player;
use rogue_types::{Entity, Map, Position, MAP_HEIGHT, MAP_WIDTH};

use crate::part::{MapKind, Part};
use crate::rng::RngKind;

/// What a run of the game is: the part, the `srand()` it starts from, and
/// the field of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// The part of the tutorial to play.
    pub part: Part,
    /// The seed given to `srand()`.
    pub seed: u32,
    /// Which C library's `rand()` to reproduce.
    pub rng: RngKind,
    /// The field of view, for the parts that have one.
    pub fov: FovMode,
    /// The field of view's radius, if not the mode's own.
    pub radius: Option<i32>,
}

impl GameConfig {
    /// Part `part` of the C original with `srand(seed)` and the `rng`
    /// generator, and its own field of view.
    pub fn new(part: Part, seed: u32, rng: RngKind) -> Self {
        GameConfig {
            part,
            seed,
            rng,
            fov: FovMode::TUTORIAL,
            radius: None,
        }
    }
}

impl Default for GameConfig {
    /// Part 4, seed 0, the platform's generator, the C field of view.
    fn default() -> Self {
        GameConfig::new(Part::LAST, 0, RngKind::platform())
    }
}

/// What the C original keeps in its globals `map` and `player`, and the
/// field of view of `--fov`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The part played.
    pub part: Part,
    /// The dungeon, if the part has one.
    pub map: Option<Map>,
    /// The player.
    pub player: Entity,
    /// The field of view, if the part has one.
    pub fov: Option<Fov>,
}

impl Game {
    /// The body of `main()` before the loop, as the part has it: the map
    /// (none in Part 1, one room in Part 2, random rooms from `srand(seed)`
    /// after) and the player. Before Part 4 nothing has a colour, and every
    /// tile is shown.
    pub fn new(config: &GameConfig) -> Game {
        let part = config.part;
        let (map, start) = match part.map {
            None => (None, Position { y: 10, x: 20 }),
            Some(kind) => {
                let mut map = create_map_tiles();
                let start = match kind {
                    MapKind::SingleRoom => setup_single_room(&mut map),
                    MapKind::RandomRooms => {
                        log::info!(
                            "srand({}) with the {} rand()",
                            config.seed,
                            config.rng
                        );
                        setup_map(&mut map, &mut config.rng.seeded(config.seed))
                    }
                };
                if !part.color {
                    show_every_tile_plain(&mut map);
                }
                (Some(map), start)
            }
        };
        log::info!("part {}: the player starts at {start:?}", part.number);
        let mut player = create_player(start);
        if !part.color {
            player.color = 0;
        }
        Game {
            part,
            map,
            player,
            fov: part.fov.then(|| Fov::new(config.fov, config.radius)),
        }
    }

    /// Whether this is the C original's own Part 4 (`fov.c` at its radius),
    /// which the tutorial's own `game_loop` plays.
    pub fn tutorial(&self) -> bool {
        self.map.is_some() && self.fov.as_ref().is_some_and(Fov::is_tutorial)
    }

    /// What the game does before its first screen: the first field of
    /// view.
    pub fn start(&mut self) {
        if let (Some(fov), Some(map)) = (&mut self.fov, &mut self.map) {
            fov.make(map, &self.player);
        }
    }

    /// `handleInput` as the part has it: `hjkl` move, onto a walkable tile
    /// once there is a map, the field of view cleared and made again around
    /// every key; `Tab` turns the field of view off and on in the modes
    /// that allow it.
    pub fn handle_input(&mut self, input: Input) {
        let before = self.player.pos;
        let new_pos = step(input, before);
        if let Some(fov) = &mut self.fov {
            if input == Input::Character('\t') {
                fov.toggle();
            }
        }
        match &mut self.map {
            None => self.player.pos = new_pos,
            Some(map) if map[new_pos].walkable => {
                if let Some(fov) = &mut self.fov {
                    fov.clear(map, &self.player);
                }
                self.player.pos = new_pos;
                if let Some(fov) = &mut self.fov {
                    fov.make(map, &self.player);
                }
            }
            Some(_) => {}
        }
        log::debug!("key {input:?}: {before:?} -> {:?}", self.player.pos);
    }

    /// `drawEverything` as the part has it: the player alone in Part 1;
    /// the tutorial's own drawing where the field of view dims what was
    /// seen, and before Part 4; else what the field of view shows.
    pub fn draw(&self, screen: &mut impl Screen) {
        let Some(map) = &self.map else {
            screen.clear();
            draw_entity(screen, &self.player);
            return;
        };
        match self.fov.as_ref().map(Fov::memory) {
            None | Some(Some(Memory::Dimmed)) => {
                draw_everything(screen, map, &self.player)
            }
            Some(memory) => {
                screen.clear();
                draw_as_remembered(screen, map, memory);
                draw_entity(screen, &self.player);
            }
        }
    }
}

/// Plays `game` on `term` until `q`, a NUL or the end of input: the C
/// original's Part 4 through the tutorial's own `game_loop`, anything else
/// through the game's loop, which is the same loop around the part's own
/// moves and drawing. The key that ended it, if one did.
pub fn play_game(term: &mut impl Terminal, game: &mut Game) -> Option<Input> {
    let mut term = Watched { term, last: None };
    if game.tutorial() {
        if let Some(map) = &mut game.map {
            game_loop(&mut term, map, &mut game.player);
        }
    } else {
        game.start();
        game.draw(&mut term);
        while let Some(input) = term.getch() {
            if ends(input) {
                break;
            }
            game.handle_input(input);
            game.draw(&mut term);
        }
    }
    term.last.filter(|&input| ends(input))
}

/// Whether `input` ends the game, as in the C's loop: `q`, or a NUL.
fn ends(input: Input) -> bool {
    input == Input::Character('q') || input == Input::Character('\0')
}

/// A terminal whose keys are logged, the last one kept.
struct Watched<'a, T> {
    term: &'a mut T,
    last: Option<Input>,
}

impl<T: Screen> Screen for Watched<'_, T> {
    fn clear(&mut self) {
        self.term.clear();
    }

    fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
        self.term.mvaddch(y, x, ch);
    }
}

impl<T: Terminal> Terminal for Watched<'_, T> {
    fn getch(&mut self) -> Option<Input> {
        self.last = self.term.getch();
        if let Some(input) = self.last {
            log::debug!("key {input:?}");
        }
        self.last
    }
}

/// Where a key asks the player to go: `k` up, `j` down, `h` left, `l`
/// right; any other key stays in place.
fn step(input: Input, pos: Position) -> Position {
    let Position { y, x } = pos;
    match input {
        Input::Character('k') => Position {
            y: y.wrapping_sub(1),
            x,
        },
        Input::Character('j') => Position {
            y: y.wrapping_add(1),
            x,
        },
        Input::Character('h') => Position {
            y,
            x: x.wrapping_sub(1),
        },
        Input::Character('l') => Position {
            y,
            x: x.wrapping_add(1),
        },
        _ => pos,
    }
}

/// Part 2's `setupMap`: one room, rows 5 to 14 and columns 40 to 59; the
/// player starts at (10, 50).
fn setup_single_room(map: &mut Map) -> Position {
    for y in 5..15 {
        for x in 40..60 {
            let tile = &mut map[Position { y, x }];
            tile.ch = '.';
            tile.walkable = true;
            tile.transparent = true;
        }
    }
    Position { y: 10, x: 50 }
}

/// Before Part 4 every tile is drawn, in the terminal's own colours.
fn show_every_tile_plain(map: &mut Map) {
    for tile in map.tiles.iter_mut().flatten() {
        tile.visible = true;
        tile.color = 0;
    }
}

/// The map as a field of view that does not dim what was seen shows it:
/// everything (the field of view off), what was ever seen, or only what
/// is seen now; each in its own colour, the rest blank.
fn draw_as_remembered(
    screen: &mut impl Screen,
    map: &Map,
    memory: Option<Memory>,
) {
    for y in 0..MAP_HEIGHT {
        for x in 0..MAP_WIDTH {
            let tile = map[Position { y, x }];
            let shown = match memory {
                None => true,
                Some(Memory::Revealed) => tile.seen,
                Some(Memory::Nothing | Memory::Dimmed) => tile.visible,
            };
            let ch = if shown {
                tile.ch as chtype | tile.color
            } else {
                ' ' as chtype
            };
            screen.mvaddch(y, x, ch);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_steps_one_tile_and_others_stay() {
        let at = Position { y: 5, x: 5 };
        assert_eq!(step(Input::Character('k'), at), Position { y: 4, x: 5 });
        assert_eq!(step(Input::Character('j'), at), Position { y: 6, x: 5 });
        assert_eq!(step(Input::Character('h'), at), Position { y: 5, x: 4 });
        assert_eq!(step(Input::Character('l'), at), Position { y: 5, x: 6 });
        assert_eq!(step(Input::Character('K'), at), at);
        assert_eq!(step(Input::KeyResize, at), at);
    }

    #[test]
    fn only_the_c_original_s_part_4_is_the_tutorial_s() {
        let config = GameConfig::default();
        assert!(Game::new(&config).tutorial());
        let wider = GameConfig {
            radius: Some(10),
            ..config
        };
        assert!(!Game::new(&wider).tutorial());
        let rays = GameConfig {
            fov: FovMode::RAYS,
            ..config
        };
        assert!(!Game::new(&rays).tutorial());
        let part3 = GameConfig::new(Part::ALL[3], 0, RngKind::Glibc);
        assert!(!Game::new(&part3).tutorial());
    }
}
