//! `symmetric` shadowcasting is symmetric between floor tiles, on any map.

use proptest::prelude::*;
use rogue_fov_modes::{symmetric, yx};
use rogue_types::{Map, Position};

/// A map from a wall pattern (`true` = wall), `size` by `size`.
fn map_from(pattern: &[bool], size: i32) -> Map {
    let mut map = rogue_fov_modes::walls(size, size);
    for (tile, &wall) in map.tiles.iter_mut().flatten().zip(pattern) {
        if !wall {
            *tile = rogue_fov_modes::floor();
        }
    }
    map
}

fn sees(map: &Map, from: Position, to: Position, radius: i32) -> bool {
    let mut view = map.clone();
    symmetric::make(&mut view, from, radius, &mut Vec::new());
    view[to].visible
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn floor_tiles_see_each_other_both_ways(
        walls in prop::collection::vec(prop::bool::weighted(0.35), 24 * 24),
        a in (0..24i32, 0..24i32),
        b in (0..24i32, 0..24i32),
        radius in 1..30i32,
    ) {
        let map = map_from(&walls, 24);
        let (a, b) = (yx(a.0, a.1), yx(b.0, b.1));
        prop_assume!(map[a].transparent && map[b].transparent);
        prop_assert_eq!(sees(&map, a, b, radius), sees(&map, b, a, radius));
    }

    #[test]
    fn every_floor_pair_of_a_map_agrees(
        walls in prop::collection::vec(prop::bool::weighted(0.3), 12 * 12),
    ) {
        let map = map_from(&walls, 12);
        let floor: Vec<Position> = (0..12)
            .flat_map(|y| (0..12).map(move |x| yx(y, x)))
            .filter(|&p| map[p].transparent)
            .collect();
        let views: Vec<Map> = floor
            .iter()
            .map(|&p| {
                let mut view = map.clone();
                symmetric::make(&mut view, p, 10, &mut Vec::new());
                view
            })
            .collect();
        for (i, &a) in floor.iter().enumerate() {
            for (j, &b) in floor.iter().enumerate() {
                prop_assert_eq!(views[i][b].visible, views[j][a].visible, "{:?} and {:?}", a, b);
            }
        }
    }
}
