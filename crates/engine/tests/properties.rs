//! Whatever the seed and the keys, the game never panics, never reads
//! outside the map, and keeps its invariants.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rogue_crand::{GlibcRand, RngKind};
use rogue_draw::MemScreen;
use rogue_engine::{Game, GameConfig, Part};
use rogue_fov::{clear_fov, get_distance, is_in_map, RADIUS};
use rogue_types::{Key, Position};

/// Checks the invariants of a game of any part; panics with `context`.
fn check_invariants(game: &Game, context: &str) {
    let Some(map) = &game.map else {
        return;
    };
    let pos = game.player.pos;
    assert!(
        map.get(pos.y, pos.x).is_some_and(|t| t.walkable),
        "{context}: the player is not on floor"
    );
    if !game.part.fov {
        assert!(
            map.tiles().iter().all(|t| !t.visible && !t.seen),
            "{context}: a field of view without one"
        );
        return;
    }
    for y in 0..map.height() {
        for x in 0..map.width() {
            let tile = map[Position::new(y, x)];
            assert!(
                !tile.visible || tile.seen,
                "{context}: ({y}, {x}) visible but not seen"
            );
            if tile.visible && Position::new(y, x) != pos {
                assert!(
                    is_in_map(map, y, x),
                    "{context}: ({y}, {x}) visible outside the map"
                );
                assert!(
                    get_distance(pos, Position::new(y, x)) < RADIUS,
                    "{context}: ({y}, {x}) visible beyond the radius"
                );
            }
        }
    }
    let mut cleared = map.clone();
    clear_fov(&mut cleared, &game.player);
    assert!(
        cleared.tiles().iter().all(|t| !t.visible),
        "{context}: visible after clear_fov"
    );
}

/// Plays `keys` as the game loop does (up to `q` or NUL), drawing every
/// turn on a small screen, and checks the invariants after each key.
fn play_checked(config: &GameConfig, keys: &[Key]) {
    let mut game = Game::new(config);
    let mut screen = MemScreen::new(7, 13);
    game.start();
    game.draw(&mut screen);
    check_invariants(&game, "start");
    for (i, &key) in keys.iter().enumerate() {
        if key == Key::Char('q') || key == Key::Char('\0') {
            break;
        }
        game.handle_input(key);
        game.draw(&mut screen);
        check_invariants(&game, &format!("{config:?} after key {i} ({key:?})"));
    }
}

fn any_key() -> impl Strategy<Value = Key> {
    prop_oneof![
        8 => prop::sample::select(vec!['h', 'j', 'k', 'l']).prop_map(Key::Char),
        2 => any::<char>().prop_map(Key::Char),
        1 => Just(Key::Resize),
        1 => any::<i32>().prop_map(Key::Other),
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
}

/// 10,000 seeds of each generator, 1,000 random keys each, headless
/// (`make soak`, in release: it takes minutes in a debug build).
#[test]
#[ignore = "long: run with `make soak`"]
fn soak_10000_seeds_of_1000_keys() {
    let started = std::time::Instant::now();
    let mut keys_rng = GlibcRand::seed_from_u64(2026);
    for seed in 0..10_000u32 {
        let rng = if seed % 2 == 0 {
            RngKind::Glibc
        } else {
            RngKind::Msvc
        };
        let seed = seed.wrapping_mul(2_654_435_761);
        let keys: Vec<Key> = (0..1000)
            .map(|_| match keys_rng.next_u32() % 10 {
                0 => Key::Char(char::from_u32(keys_rng.next_u32() % 0x11_0000).unwrap_or('?')),
                n => Key::Char(['h', 'j', 'k', 'l'][n as usize % 4]),
            })
            .collect();
        play_checked(&GameConfig::new(Part::LAST, seed, rng), &keys);
    }
    println!(
        "soak: 10,000 seeds x 1,000 keys in {:.1?}",
        started.elapsed()
    );
}
