//! Whatever the seed and the keys, the game never panics, never reads
//! outside the map, and keeps its invariants.

use pancurses::Input;
use proptest::prelude::*;
use rogue_fov::{get_distance, is_in_map};
use rogue_fov_modes::{Algorithm, FovMode, MapExt};
use rogue_game::{CRandRng, Game, GameConfig, MemScreen, Part, RngKind};
use rogue_types::Position;

/// Checks the invariants of a game of any part; panics with `context`.
fn check_invariants(game: &Game, context: &str) {
    let Some(map) = &game.map else {
        return;
    };
    let pos = game.player.pos;
    let on_floor = map.get(pos.y, pos.x).is_some_and(|t| t.walkable);
    assert!(on_floor, "{context}: the player is not on floor");
    let Some(fov) = &game.fov else {
        let plain = map
            .tiles
            .iter()
            .flatten()
            .all(|t| t.visible && !t.seen && t.color == 0);
        assert!(plain, "{context}: before Part 4 every tile is shown plain");
        return;
    };
    for y in 0..map.height() {
        for x in 0..map.width() {
            let here = Position { y, x };
            let tile = map[here];
            if !tile.visible || here == pos {
                continue;
            }
            assert!(tile.seen, "{context}: ({y}, {x}) visible but not seen");
            let (dy, dx) = (y - pos.y, x - pos.x);
            let near = match fov.mode.algorithm {
                Algorithm::Tutorial => {
                    is_in_map(y, x) && get_distance(pos, here) < fov.radius
                }
                // libtcod's MRPAS scans `radius` lines: a square.
                Algorithm::Restrictive => dy.abs().max(dx.abs()) <= fov.radius,
                // Zircon's ring reaches half a cell past the radius.
                _ => dy * dy + dx * dx <= (fov.radius + 1) * (fov.radius + 1),
            };
            assert!(near, "{context}: ({y}, {x}) visible beyond the radius");
            if fov.mode.algorithm == Algorithm::Lines {
                assert!(tile.transparent, "{context}: ({y}, {x}) a lit wall");
            }
        }
    }
    let mut cleared = map.clone();
    fov.clone().clear(&mut cleared, &game.player);
    let dark = cleared.tiles.iter().flatten().all(|t| !t.visible);
    assert!(dark, "{context}: visible after clearing the field of view");
}

/// Plays `keys` as the game loop does (up to `q` or NUL), drawing every
/// turn on a small screen, and checks the invariants after each key: the
/// C original's Part 4 through the tutorial's own `handleInput`.
fn play_checked(config: &GameConfig, keys: &[Input]) {
    let mut game = Game::new(config);
    let mut screen = MemScreen::new(7, 13);
    game.start();
    game.draw(&mut screen);
    check_invariants(&game, "start");
    for (i, &key) in keys.iter().enumerate() {
        if key == Input::Character('q') || key == Input::Character('\0') {
            break;
        }
        match (game.tutorial(), &mut game.map) {
            (true, Some(map)) => {
                rogue_player::handle_input(key, map, &mut game.player)
            }
            _ => game.handle_input(key),
        }
        game.draw(&mut screen);
        check_invariants(&game, &format!("{config:?} after key {i} ({key:?})"));
    }
}

fn any_key() -> impl Strategy<Value = Input> {
    prop_oneof![
        8 => prop::sample::select(vec!['h', 'j', 'k', 'l']).prop_map(Input::Character),
        2 => any::<char>().prop_map(Input::Character),
        1 => Just(Input::KeyResize),
        1 => Just(Input::Character('\t')),
        1 => any::<i32>().prop_map(Input::Unknown),
    ]
}

fn any_rng() -> impl Strategy<Value = RngKind> {
    prop_oneof![Just(RngKind::Glibc), Just(RngKind::Msvc)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_seed_and_keys_keep_the_invariants(
        seed in any::<u32>(),
        rng in any_rng(),
        part in 1u8..=4,
        keys in prop::collection::vec(any_key(), 0..300),
    ) {
        let config = GameConfig::new(Part::get(part).unwrap(), seed, rng);
        play_checked(&config, &keys);
    }

    #[test]
    fn every_field_of_view_mode_keeps_its_invariants(
        seed in any::<u32>(),
        rng in any_rng(),
        fov in prop::sample::select(FovMode::ALL.to_vec()),
        radius in prop::option::of(1..=100i32),
        keys in prop::collection::vec(any_key(), 0..200),
    ) {
        let config = GameConfig { fov, radius, ..GameConfig::new(Part::LAST, seed, rng) };
        play_checked(&config, &keys);
    }
}

/// 10,000 seeds of each generator, 1,000 random keys each, headless
/// (`make soak`, in release: it takes minutes in a debug build).
#[test]
#[ignore = "long: run with `make soak`"]
fn soak_10000_seeds_of_1000_keys() {
    let started = std::time::Instant::now();
    let mut keys_rng = CRandRng(RngKind::Glibc.seeded(2026));
    for seed in 0..10_000u32 {
        let rng = if seed % 2 == 0 {
            RngKind::Glibc
        } else {
            RngKind::Msvc
        };
        let seed = seed.wrapping_mul(2_654_435_761);
        let keys: Vec<Input> = (0..1000)
            .map(|_| match keys_rng.random_range(0..10) {
                0 => Input::Character(keys_rng.random()),
                n => Input::Character(['h', 'j', 'k', 'l'][n % 4]),
            })
            .collect();
        play_checked(&GameConfig::new(Part::LAST, seed, rng), &keys);
    }
    println!(
        "soak: 10,000 seeds x 1,000 keys in {:.1?}",
        started.elapsed()
    );
}
