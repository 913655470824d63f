//! Prints maps, points of view and what a libtcod mode (`symmetric` or
//! `restrictive`, the first argument) sees from each, for
//! `tests/fov_vs_tcod.py` to compare with python-tcod.
//!
//! Output, one block per map:
//! `map HEIGHT WIDTH`, then HEIGHT rows of `#` (blocks sight) and `.`,
//! then for each point of view `pov Y X RADIUS` and a row per map row of
//! `1` (visible) and `0`.

use rogue_crand::GlibcRand;
use rogue_fov_modes::{restrictive, symmetric, walls, yx, MapExt};
use rogue_game::RngKind;
use rogue_map::{create_map_tiles, setup_map};
use rogue_types::{Map, Position, Tile};

/// A field of view of the `rogue_fov` modules: map, point of view, radius.
type Make = fn(&mut Map, Position, i32, &mut Vec<usize>);

fn main() {
    let make: Make = match std::env::args().nth(1).as_deref() {
        Some("symmetric") => symmetric::make,
        Some("restrictive") => restrictive::make,
        _ => {
            eprintln!("usage: tcod_cases symmetric|restrictive");
            std::process::exit(2);
        }
    };
    let mut out = String::new();
    // The game's dungeons: every walkable position at radius 8, and again
    // at a radius from 1 to 100.
    let mut radii = GlibcRand::new(8);
    for (rng, seed) in [
        (RngKind::Glibc, 1),
        (RngKind::Glibc, 42),
        (RngKind::Glibc, 1000),
        (RngKind::Msvc, 42),
        (RngKind::Msvc, 7),
    ] {
        let mut map = create_map_tiles();
        setup_map(&mut map, &mut rng.seeded(seed));
        let mut povs: Vec<(Position, i32)> =
            floor(&map).into_iter().map(|p| (p, 8)).collect();
        let others: Vec<(Position, i32)> = povs
            .iter()
            .map(|&(p, _)| (p, 1 + radii.rand() % 100))
            .collect();
        povs.extend(others);
        write_case(&mut out, &map, &povs, make);
    }
    // Random maps of every wall density, random points of view and radii.
    let mut rng = GlibcRand::new(2024);
    for case in 0..60 {
        let (height, width) = (8 + rng.rand() % 40, 8 + rng.rand() % 60);
        let density = case % 10 * 8;
        let mut map = walls(height, width);
        for tile in map.tiles.iter_mut().flatten() {
            if rng.rand() % 100 >= density {
                *tile = floor_tile();
            }
        }
        let povs: Vec<(Position, i32)> = (0..40)
            .map(|_| {
                (
                    yx(rng.rand() % height, rng.rand() % width),
                    1 + rng.rand() % 100,
                )
            })
            .collect();
        write_case(&mut out, &map, &povs, make);
    }
    print!("{out}");
}

fn floor_tile() -> Tile {
    rogue_fov_modes::floor()
}

fn floor(map: &Map) -> Vec<Position> {
    let mut cells = Vec::new();
    for y in 0..map.height() {
        for x in 0..map.width() {
            if map[yx(y, x)].walkable {
                cells.push(yx(y, x));
            }
        }
    }
    cells
}

fn write_case(
    out: &mut String,
    map: &Map,
    povs: &[(Position, i32)],
    make: Make,
) {
    out.push_str(&format!("map {} {}\n", map.height(), map.width()));
    for y in 0..map.height() {
        out.extend(map.tiles[y as usize].iter().map(|t| {
            if t.transparent {
                '.'
            } else {
                '#'
            }
        }));
        out.push('\n');
    }
    for &(pov, radius) in povs {
        let mut seen = map.clone();
        make(&mut seen, pov, radius, &mut Vec::new());
        out.push_str(&format!("pov {} {} {radius}\n", pov.y, pov.x));
        for y in 0..seen.height() {
            out.extend(seen.tiles[y as usize].iter().map(|t| {
                if t.visible {
                    '1'
                } else {
                    '0'
                }
            }));
            out.push('\n');
        }
    }
}
