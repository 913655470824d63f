//! The Rust twin of `room.c`: rooms and the L-shaped corridors between them.

use rogue_types::{Map, Position, Room};

/// `createRoom`: a room at `(y, x)` of the given size, its centre found
/// with integer division.
#[doc(alias = "createRoom")]
pub fn create_room(y: i32, x: i32, height: i32, width: i32) -> Room {
    Room {
        pos: Position::new(y, x),
        center: Position::new(y + height / 2, x + width / 2),
        height,
        width,
    }
}

/// `addRoomToMap`: carves every tile of the room into floor. Tiles outside
/// the map are skipped (the C original writes them out of bounds; rooms of
/// `setupMap` always fit).
#[doc(alias = "addRoomToMap")]
pub fn add_room_to_map(map: &mut Map, room: &Room) {
    for y in room.pos.y..room.pos.y + room.height {
        for x in room.pos.x..room.pos.x + room.width {
            if let Some(tile) = map.get_mut(y, x) {
                tile.carve();
            }
        }
    }
}

/// `connectRoomCenters`: carves an L-shaped corridor from `center_one` to
/// `center_two`, horizontal leg first, one step at a time.
#[doc(alias = "connectRoomCenters")]
pub fn connect_room_centers(
    map: &mut Map,
    center_one: Position,
    center_two: Position,
) {
    let mut temp = center_one;
    loop {
        if ((temp.x - 1) - center_two.x).abs() < (temp.x - center_two.x).abs() {
            temp.x -= 1;
        } else if ((temp.x + 1) - center_two.x).abs()
            < (temp.x - center_two.x).abs()
        {
            temp.x += 1;
        } else if ((temp.y + 1) - center_two.y).abs()
            < (temp.y - center_two.y).abs()
        {
            temp.y += 1;
        } else if ((temp.y - 1) - center_two.y).abs()
            < (temp.y - center_two.y).abs()
        {
            temp.y -= 1;
        } else {
            break;
        }
        if let Some(tile) = map.get_mut(temp.y, temp.x) {
            tile.carve();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::ColorPair;

    fn floor(map: &Map) -> Vec<(i32, i32)> {
        let mut cells = Vec::new();
        for y in 0..map.height() {
            for x in 0..map.width() {
                if map[Position::new(y, x)].walkable {
                    cells.push((y, x));
                }
            }
        }
        cells
    }

    #[test]
    fn centre_uses_integer_division() {
        let room = create_room(3, 10, 7, 5);
        assert_eq!(room.center, Position::new(6, 12));
        assert_eq!(create_room(1, 1, 3, 5).center, Position::new(2, 3));
        assert_eq!(create_room(15, 80, 9, 19).center, Position::new(19, 89));
    }

    #[test]
    fn room_covers_exactly_its_rectangle() {
        let mut map = Map::walls(10, 10, ColorPair::NONE);
        add_room_to_map(&mut map, &create_room(2, 3, 3, 4));
        let expected: Vec<_> =
            (2..5).flat_map(|y| (3..7).map(move |x| (y, x))).collect();
        assert_eq!(floor(&map), expected);
        let tile = map[Position::new(2, 3)];
        assert!(tile.transparent && tile.ch == '.');
    }

    #[test]
    fn corridor_is_horizontal_then_vertical_without_the_start() {
        let mut map = Map::walls(10, 10, ColorPair::NONE);
        connect_room_centers(
            &mut map,
            Position::new(2, 6),
            Position::new(5, 3),
        );
        // Left from (2,6) to (2,3), then down to (5,3); the start is not carved.
        assert_eq!(
            floor(&map),
            vec![(2, 3), (2, 4), (2, 5), (3, 3), (4, 3), (5, 3)]
        );
    }

    #[test]
    fn corridor_going_right_and_up() {
        let mut map = Map::walls(10, 10, ColorPair::NONE);
        connect_room_centers(
            &mut map,
            Position::new(7, 1),
            Position::new(5, 3),
        );
        assert_eq!(floor(&map), vec![(5, 3), (6, 3), (7, 2), (7, 3)]);
    }

    #[test]
    fn corridor_between_equal_centres_carves_nothing() {
        let mut map = Map::walls(4, 4, ColorPair::NONE);
        connect_room_centers(
            &mut map,
            Position::new(1, 1),
            Position::new(1, 1),
        );
        assert!(floor(&map).is_empty());
    }
}
