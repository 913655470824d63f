//! The game state and its loop: `main.c` and `gameLoop`.

//@ part 1-1: use rogue_draw::Screen;
//@ part 2-4: use rogue_draw::{draw_everything, Screen};
//@ part 1-1: use rogue_player::{create_player, handle_input};
//@ part 1-1: use rogue_types::{Entity, Key, Position};
//@ part 2-2: use rogue_map::{create_map_tiles, setup_map};
//@ part 2-2: use rogue_player::{create_player, handle_input};
//@ part 2-2: use rogue_types::{Entity, Key, Map};
//@ part 3-4: use rogue_crand::RngKind;
//@ part 3-3: use rogue_map::{create_map_tiles, setup_map};
//@ part 3-3: use rogue_player::{create_player, handle_input};
//@ part 3-3: use rogue_types::{Entity, Key, Map};
//@ part 4-4: use rogue_fov::make_fov;
//@ part 4-4: use rogue_map::{create_map_tiles, setup_map};
//@ part 4-4: use rogue_player::{create_player, handle_input};
//@ part 4-4: use rogue_types::{Entity, Key, Map, VISIBLE_COLOR};
//@ game {
use rogue_crand::RngKind;
use rogue_draw::{draw_everything, Screen};
use rogue_fov::{Fov, FovMode};
use rogue_map::{create_map_tiles, setup_map, setup_single_room_map};
use rogue_player::{create_player, handle_input, handle_input_without_map};
use rogue_types::{ColorPair, Entity, Key, Map, Position, VISIBLE_COLOR};

use crate::part::{MapKind, Part};
//@ }

/// A terminal the game can be played on: a screen to draw on and keys.
pub trait Terminal: Screen {
    /// `getch()`: shows what was drawn and waits for the next key. `None`
    /// when no key can come any more (input closed).
    fn getch(&mut self) -> Option<Key>;
}

//@ part 3+ {
/// What a run of the game is: the `srand()` it starts from.
//@ game {
/// And which part, and which field of view.
//@ }
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    //@ game {
    /// The part of the tutorial to play.
    pub part: Part,
    //@ }
    /// The seed given to `srand()`.
    pub seed: u32,
    /// Which C library's `rand()` to reproduce.
    pub rng: RngKind,
    //@ game {
    /// The field of view, for the parts that have one.
    pub fov: FovMode,
    /// The field of view's radius, if not the mode's own.
    pub radius: Option<i32>,
    //@ }
}
//@ }

//@ game {
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
//@ }

//@ part 1-1: /// What the C original keeps in its global `player`.
//@ part 2-4: /// What the C original keeps in its globals `map` and `player`.
//@ game {
/// What the C original keeps in its globals `map` and `player`, and the
/// field of view of `--fov`.
//@ }
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    //@ part 2-4: /// The dungeon.
    //@ part 2-4: pub map: Map,
    //@ game {
    /// The dungeon, if the part has one.
    pub map: Option<Map>,
    //@ }
    /// The player.
    pub player: Entity,
    //@ game {
    /// The field of view, if the part has one.
    pub fov: Option<Fov>,
    //@ }
}

impl Game {
    //@ part 1-1: /// The body of `main()` before the loop: `createPlayer` at (10, 20).
    //@ part 1-1: pub fn new() -> Game {
    //@ part 1-1:     Game {
    //@ part 1-1:         player: create_player(Position::new(10, 20)),
    //@ part 1-1:     }
    //@ part 1-1: }
    //@ part 2-2: /// The body of `main()` before the loop: `createMapTiles`,
    //@ part 2-2: /// `setupMap` and `createPlayer`.
    //@ part 2-2: pub fn new() -> Game {
    //@ part 2-2:     let mut map = create_map_tiles();
    //@ part 2-2:     let start = setup_map(&mut map);
    //@ part 2-2:     Game {
    //@ part 2-2:         map,
    //@ part 2-2:         player: create_player(start),
    //@ part 2-2:     }
    //@ part 2-2: }
    //@ part 3-4: /// The body of `main()` before the loop: `srand(seed)`,
    //@ part 3-4: /// `createMapTiles`, `setupMap` and `createPlayer`.
    //@ part 3-4: pub fn new(config: &GameConfig) -> Game {
    //@ part 3-3:     let mut map = create_map_tiles();
    //@ part 4-4:     let mut map = create_map_tiles(VISIBLE_COLOR);
    //@ part 3-4:     let mut rng = config.rng.seeded(config.seed);
    //@ part 3-4:     let start = setup_map(&mut map, &mut rng);
    //@ part 3-4:     Game {
    //@ part 3-4:         map,
    //@ part 3-3:         player: create_player(start),
    //@ part 4-4:         player: create_player(start, VISIBLE_COLOR),
    //@ part 3-4:     }
    //@ part 3-4: }
    //@ game {
    /// The body of `main()` before the loop: `srand(seed)` if the part calls
    /// it, `createMapTiles`, `setupMap` and `createPlayer`.
    pub fn new(config: &GameConfig) -> Game {
        let part = config.part;
        let color = if part.color {
            VISIBLE_COLOR
        } else {
            ColorPair::NONE
        };
        let (map, start) = match part.map {
            None => (None, Position::new(10, 20)),
            Some(kind) => {
                let mut map = create_map_tiles(color);
                let start = match kind {
                    MapKind::SingleRoom => setup_single_room_map(&mut map),
                    MapKind::RandomRooms => {
                        log::info!(
                            "srand({}) with the {} rand()",
                            config.seed,
                            config.rng
                        );
                        setup_map(&mut map, &mut config.rng.seeded(config.seed))
                    }
                };
                (Some(map), start)
            }
        };
        log::info!("part {}: the player starts at {start:?}", part.number);
        Game {
            map,
            player: create_player(start, color),
            fov: part.fov.then(|| Fov::new(config.fov, config.radius)),
        }
    }
    //@ }

    //@ part 4+ {
    /// What `gameLoop` does before its first draw: the first field of view.
    pub fn start(&mut self) {
        //@ part 4-4: make_fov(&mut self.map, &self.player);
        //@ game {
        if let (Some(fov), Some(map)) = (&mut self.fov, &mut self.map) {
            fov.make(map, &self.player);
        }
        //@ }
    }
    //@ }

    /// One key of the loop: `handleInput(ch)`.
    pub fn handle_input(&mut self, key: Key) {
        //@ part 1-1: handle_input(key, &mut self.player);
        //@ part 2-3: handle_input(key, &mut self.player, &self.map);
        //@ part 4-4: handle_input(key, &mut self.player, &mut self.map);
        //@ game {
        let before = self.player.pos;
        if let Some(fov) = &mut self.fov {
            if key == Key::Char('\t') {
                fov.toggle();
            }
        }
        match &mut self.map {
            Some(map) => {
                handle_input(key, &mut self.player, map, self.fov.as_mut())
            }
            None => handle_input_without_map(key, &mut self.player),
        }
        log::debug!("key {key:?}: {before:?} -> {:?}", self.player.pos);
        //@ }
    }

    //@ part 1-1: /// Part 1's drawing, in its `main()`: `clear()`, then the player.
    //@ part 2-4: /// `drawEverything()`.
    //@ game {
    /// `drawEverything()` for this part.
    //@ }
    pub fn draw(&self, screen: &mut impl Screen) {
        //@ part 1-1: screen.clear();
        //@ part 1-1: let player = &self.player;
        //@ part 1-1: screen.mvaddch(player.pos.y, player.pos.x, player.ch);
        //@ part 2-4: draw_everything(screen, &self.map, &self.player);
        //@ game {
        let memory = self.fov.as_ref().and_then(Fov::memory);
        draw_everything(
            screen,
            self.map.as_ref().map(|m| (m, memory)),
            &self.player,
        );
        //@ }
    }
}

//@ part 1-2: impl Default for Game {
//@ part 1-2:     /// [`Game::new`].
//@ part 1-2:     fn default() -> Game {
//@ part 1-2:         Game::new()
//@ part 1-2:     }
//@ part 1-2: }
//@ part 1-2:
/// `gameLoop`: draws, then reads keys until `q` or NUL
/// (`while(ch = getch())`), handling and drawing each.
//@ part 1-1 {
/// (Part 1's `main()` holds this loop; `gameLoop` comes in Part 2.)
//@ }
//@ part 4+ {
/// From Part 4 it makes the first field of view before the first draw.
//@ }
/// It also ends when no more keys can come (the C original would spin).
/// Returns the key that ended it, if one did.
#[doc(alias = "gameLoop")]
pub fn game_loop(term: &mut impl Terminal, game: &mut Game) -> Option<Key> {
    game.start(); //@ part 4+
    game.draw(term);

    while let Some(key) = term.getch() {
        if key == Key::Char('\0') || key == Key::Char('q') {
            return Some(key);
        }
        game.handle_input(key);
        game.draw(term);
    }
    None
}
