//! The tutorial's field of view from a [`SightTable`] lights exactly what
//! the C function, [`make_fov_within`], lights, on any map.

use proptest::prelude::*;
use rogue_fov::{make_fov_within, SightTable};
use rogue_types::{ColorPair, Entity, Map, Position, VISIBLE_COLOR};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_table_lights_what_the_walks_light(
        (height, width, walls) in (1..40i32, 1..60i32).prop_flat_map(|(h, w)| {
            (Just(h), Just(w), prop::collection::vec(prop::bool::weighted(0.3), (h * w) as usize))
        }),
        at in (0..40i32, 0..60i32),
        radius in 1..40i32,
    ) {
        let mut map = Map::walls(height, width, VISIBLE_COLOR);
        for (tile, &wall) in map.tiles_mut().iter_mut().zip(&walls) {
            if !wall {
                tile.carve();
            }
        }
        let player = Entity {
            pos: Position::new(at.0 % height, at.1 % width),
            ch: '@',
            color: ColorPair::NONE,
        };
        let (mut want, mut got) = (map.clone(), map);
        make_fov_within(&mut want, &player, radius);
        SightTable::new(radius, height, width).make(&mut got, &player);
        prop_assert_eq!(got, want);
    }
}
