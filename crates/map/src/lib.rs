//! The Rust twin of `map.c`: the dungeon's tiles and the rooms carved in it.

//@ part 2-2: use rogue_types::{Map, Position, MAP_HEIGHT, MAP_WIDTH};
//@ part 3-3: use rogue_crand::CRand;
//@ part 3-3: use rogue_room::{add_room_to_map, connect_room_centers, create_room};
//@ part 3-3: use rogue_types::{Map, Position, Room, MAP_HEIGHT, MAP_WIDTH};
//@ part 4+ {
use rogue_crand::CRand;
use rogue_room::{add_room_to_map, connect_room_centers, create_room};
use rogue_types::{ColorPair, Map, Position, Room, MAP_HEIGHT, MAP_WIDTH};
//@ }

/// `createMapTiles`: a `MAP_HEIGHT` by `MAP_WIDTH` map of walls.
//@ part 4+ {
/// Each is drawn with colour pair `color` (the game gives `VISIBLE_COLOR`
/// in Part 4, and no colour, `ColorPair::NONE`, before).
//@ }
#[doc(alias = "createMapTiles")]
//@ part 2-3: pub fn create_map_tiles() -> Map {
pub fn create_map_tiles(color: ColorPair) -> Map {
    //@ part 4+
    //@ part 2-3: Map::walls(MAP_HEIGHT, MAP_WIDTH)
    Map::walls(MAP_HEIGHT, MAP_WIDTH, color) //@ part 4+
}

//@ part 3+ {
/// `setupMap`: carves 5 to 15 random rooms, each joined to
/// the one before by an L-shaped corridor, calling `rand()` in the C order.
/// Returns the start position, the centre of the first room. `rng` is
/// `rand()`, seeded by `main` (the C keeps it in the C library).
#[doc(alias = "setupMap")]
pub fn setup_map(map: &mut Map, rng: &mut impl CRand) -> Position {
    let n_rooms = rng.rand() % 11 + 5;
    let mut rooms: Vec<Room> = Vec::with_capacity(n_rooms as usize);
    for i in 0..n_rooms as usize {
        let y = rng.rand() % (MAP_HEIGHT - 10) + 1;
        let x = rng.rand() % (MAP_WIDTH - 20) + 1;
        let height = rng.rand() % 7 + 3;
        let width = rng.rand() % 15 + 5;
        rooms.push(create_room(y, x, height, width));
        add_room_to_map(map, &rooms[i]);
        if i > 0 {
            connect_room_centers(map, rooms[i - 1].center, rooms[i].center);
        }
    }
    log::info!("{n_rooms} rooms: {rooms:?}"); //@ game
    rooms[0].center
}
//@ }

//@ part 2-2 {
/// `setupMap` as Part 2 writes it: one fixed room, rows 5 to 14 and columns
/// 40 to 59. Returns the start position `(10, 50)`.
//@ game {
/// (The game keeps it beside Part 3's for `--part 2`.)
//@ }
#[doc(alias = "setupMap")]
//@ part 2-2: pub fn setup_map(map: &mut Map) -> Position {
pub fn setup_single_room_map(map: &mut Map) -> Position {
    //@ game
    for y in 5..15 {
        for x in 40..60 {
            map[Position::new(y, x)].carve();
        }
    }
    Position::new(10, 50)
}
//@ }

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_crand::{GlibcRand, MsvcRand};

    fn walkable(map: &Map) -> usize {
        map.tiles().iter().filter(|t| t.walkable).count()
    }

    #[test]
    fn single_room_is_ten_by_twenty() {
        let mut map = create_map_tiles(ColorPair::NONE);
        assert_eq!(setup_single_room_map(&mut map), Position::new(10, 50));
        assert_eq!(walkable(&map), 200);
        assert!(
            map[Position::new(5, 40)].walkable
                && map[Position::new(14, 59)].walkable
        );
        assert!(
            !map[Position::new(4, 40)].walkable
                && !map[Position::new(14, 60)].walkable
        );
    }

    #[test]
    fn seed_42_glibc_starts_in_its_first_room() {
        // srand(42): 71876166 % 11 + 5 = 11 rooms; the first at
        // y = 708592740 % 15 + 1 = 1, x = 1483128881 % 80 + 1 = 2,
        // height = 907283241 % 7 + 3 = 7, width = 442951012 % 15 + 5 = 12,
        // so the start is (1 + 7 / 2, 2 + 12 / 2) = (4, 8).
        let mut map = create_map_tiles(ColorPair::NONE);
        let start = setup_map(&mut map, &mut GlibcRand::new(42));
        assert_eq!(start, Position::new(4, 8));
        assert!(map[start].walkable);
    }

    #[test]
    fn generation_consumes_one_plus_four_calls_per_room() {
        for seed in [0, 1, 42, 1000, u32::MAX] {
            let mut rng = MsvcRand::new(seed);
            let mut map = create_map_tiles(ColorPair::NONE);
            setup_map(&mut map, &mut rng);
            let mut count = MsvcRand::new(seed);
            let n_rooms = count.rand() % 11 + 5;
            for _ in 0..4 * n_rooms {
                count.rand();
            }
            assert_eq!(rng.rand(), count.rand(), "seed {seed}");
        }
    }

    #[test]
    fn border_is_never_carved() {
        for seed in 0..200 {
            let mut map = create_map_tiles(ColorPair::NONE);
            setup_map(&mut map, &mut GlibcRand::new(seed));
            for x in 0..MAP_WIDTH {
                assert!(!map[Position::new(0, x)].walkable);
                assert!(!map[Position::new(MAP_HEIGHT - 1, x)].walkable);
            }
            for y in 0..MAP_HEIGHT {
                assert!(!map[Position::new(y, 0)].walkable);
                assert!(!map[Position::new(y, MAP_WIDTH - 1)].walkable);
            }
        }
    }
}
