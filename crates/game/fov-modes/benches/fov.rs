//! `make bench`: microseconds per field of view for every mode and for two
//! published Rust field-of-view crates, on the same maps, in the same run,
//! with each one's ratio to the fastest peer.
//!
//! Our modes are timed for a full move: clearing the previous field of
//! view and making the new one, on the game's `Map`. The peers are timed
//! for computing alone (their maps keep a whole-grid visibility array,
//! which they would have to clear in full).
//!
//! `tutorial` is `fov.c`, whose `isInMap` keeps it inside the C's 100x25
//! map: it is timed on the first dungeon's positions only, and not on the
//! larger maps, where it would compute almost nothing.

use std::hint::black_box;
use std::time::{Duration, Instant};

use adam_fov_rs::IVec2;
use doryen_fov::{FovAlgorithm, FovRecursiveShadowCasting, MapData};
use rogue_crand::{GlibcRand, MsvcRand};
use rogue_fov_modes::{filled, walls, yx, Algorithm, Fov, FovMode, MapExt};
use rogue_game::RngKind;
use rogue_map::{create_map_tiles, setup_map};
use rogue_types::{Entity, Map, Position, Tile, MAP_HEIGHT, MAP_WIDTH};

/// A map and the positions the player stands on in turn.
struct Scene {
    name: String,
    /// Whether its first 100x25 cells are a dungeon of the game's size,
    /// where `fov.c` works.
    game_sized: bool,
    map: Map,
    positions: Vec<Position>,
}

/// The dungeons of the golden traces, every walkable position.
fn golden_dungeons() -> Scene {
    let seeds = [
        (RngKind::Glibc, 1),
        (RngKind::Glibc, 42),
        (RngKind::Glibc, 1000),
        (RngKind::Glibc, 1_732_147_200),
        (RngKind::Glibc, 2_147_483_647),
        (RngKind::Msvc, 42),
        (RngKind::Msvc, 1_732_147_200),
    ];
    // One scene per dungeon would make a long table: the dungeons are laid
    // side by side, a wall column between them, into one 25-row map.
    let width = 101 * seeds.len() as i32;
    let mut map = walls(25, width);
    let mut positions = Vec::new();
    for (i, (rng, seed)) in seeds.into_iter().enumerate() {
        let mut dungeon = create_map_tiles();
        setup_map(&mut dungeon, &mut rng.seeded(seed));
        for y in 0..25 {
            for x in 0..100 {
                let tile = dungeon[yx(y, x)];
                let at = yx(y, x + 101 * i as i32);
                map[at] = tile;
                if tile.walkable {
                    positions.push(at);
                }
            }
        }
    }
    Scene {
        name: format!("golden dungeons 100x25 ({} positions)", positions.len()),
        game_sized: true,
        map,
        positions,
    }
}

fn floor() -> Tile {
    rogue_fov_modes::floor()
}

/// A 512x512 map with 40% random walls, 256 random floor positions.
fn random_walls() -> Scene {
    let mut rng = GlibcRand::new(512);
    let mut map = walls(512, 512);
    for tile in map.tiles.iter_mut().flatten() {
        if rng.rand() % 100 >= 40 {
            *tile = floor();
        }
    }
    let mut positions = Vec::new();
    while positions.len() < 256 {
        let p = yx(rng.rand() % 512, rng.rand() % 512);
        if map[p].walkable {
            positions.push(p);
        }
    }
    Scene {
        name: "512x512, 40% walls".into(),
        game_sized: false,
        map,
        positions,
    }
}

/// A 2000x2000 open map, 64 random positions.
fn open_map() -> Scene {
    let mut rng = MsvcRand::new(2000);
    let map = filled(2000, 2000, floor());
    let positions = (0..64)
        .map(|_| yx(rng.rand() * 61 % 2000, rng.rand() * 67 % 2000))
        .collect();
    Scene {
        name: "2000x2000 open".into(),
        game_sized: false,
        map,
        positions,
    }
}

/// Runs `step` over the positions for about `budget`, five times; the best
/// mean time per call, in microseconds.
fn time_per_call(
    positions: &[Position],
    budget: Duration,
    mut step: impl FnMut(Position),
) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        let mut calls = 0usize;
        while start.elapsed() < budget {
            for &p in positions {
                step(p);
            }
            calls += positions.len();
        }
        best = best.min(start.elapsed().as_secs_f64() * 1e6 / calls as f64);
    }
    best
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let budget = Duration::from_millis(if quick { 20 } else { 200 });
    let scenes = [golden_dungeons(), random_walls(), open_map()];
    println!(
        "field of view: microseconds per call; ratio = time / fastest peer's (lower is faster)"
    );
    println!("ours: clear + make on the game's map; peers: compute only");
    println!(
        "tutorial: fov.c's isInMap keeps it in 100x25: the first dungeon only\n"
    );
    println!(
        "{:<40} {:>6}  {:<22} {:>10} {:>8}",
        "map", "radius", "algorithm", "us/call", "ratio"
    );
    for scene in &scenes {
        for radius in [8, 15, 60] {
            let mut rows: Vec<(String, f64)> = Vec::new();
            rows.push((
                "peer doryen-fov".into(),
                doryen(scene, radius, budget),
            ));
            rows.push(("peer adam_fov_rs".into(), adam(scene, radius, budget)));
            let fastest_peer =
                rows.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
            // One row per algorithm: `fog` computes what `rays` does.
            let mut timed = Vec::new();
            for mode in FovMode::ALL {
                if timed.contains(&mode.algorithm) {
                    continue;
                }
                timed.push(mode.algorithm);
                let positions: Vec<Position> =
                    if mode.algorithm == Algorithm::Tutorial {
                        scene
                            .positions
                            .iter()
                            .copied()
                            .filter(|p| p.x < MAP_WIDTH && p.y < MAP_HEIGHT)
                            .collect()
                    } else {
                        scene.positions.clone()
                    };
                let tutorial = mode.algorithm == Algorithm::Tutorial;
                if tutorial && (!scene.game_sized || positions.is_empty()) {
                    continue;
                }
                rows.push((
                    mode.name.to_string(),
                    ours(scene, &positions, mode, radius, budget),
                ));
            }
            for (name, us) in rows {
                println!(
                    "{:<40} {:>6}  {:<22} {:>10.3} {:>8.2}",
                    scene.name,
                    radius,
                    name,
                    us,
                    us / fastest_peer
                );
            }
        }
    }
}

fn ours(
    scene: &Scene,
    positions: &[Position],
    mode: FovMode,
    radius: i32,
    budget: Duration,
) -> f64 {
    let mut fov = Fov::new(mode, Some(radius));
    let mut map = scene.map.clone();
    let mut player = Entity {
        pos: positions[0],
        ch: '@',
        color: 0,
    };
    fov.make(&mut map, &player);
    time_per_call(positions, budget, |p| {
        fov.clear(&mut map, &player);
        player.pos = p;
        fov.make(black_box(&mut map), &player);
    })
}

fn doryen(scene: &Scene, radius: i32, budget: Duration) -> f64 {
    let (w, h) = (scene.map.width() as usize, scene.map.height() as usize);
    let mut data = MapData::new(w, h);
    for (i, tile) in scene.map.tiles.iter().flatten().enumerate() {
        data.transparent[i] = tile.transparent;
    }
    let mut algorithm = FovRecursiveShadowCasting::new();
    time_per_call(&scene.positions, budget, |p| {
        algorithm.compute_fov(
            black_box(&mut data),
            p.x as usize,
            p.y as usize,
            radius as usize,
            true,
        );
    })
}

fn adam(scene: &Scene, radius: i32, budget: Duration) -> f64 {
    let (w, h) = (scene.map.width() as usize, scene.map.height() as usize);
    let opaque: Vec<bool> = scene
        .map
        .tiles
        .iter()
        .flatten()
        .map(|t| !t.transparent)
        .collect();
    let mut visible = vec![false; w * h];
    time_per_call(&scene.positions, budget, |p| {
        adam_fov_rs::compute_fov(
            IVec2::new(p.x, p.y),
            radius as usize,
            [w as u32, h as u32],
            |q: IVec2| opaque[q.y as usize * w + q.x as usize],
            |q: IVec2| visible[q.y as usize * w + q.x as usize] = true,
        );
        black_box(&mut visible);
    })
}
