//! The Rust twin of `room.c`: rooms, and the corridors between them.

use rogue_types::{Map, Position, Room};

/// `createRoom`: a room of `height` by `width` from (`y`, `x`), with its
/// center.
#[doc(alias = "createRoom")]
pub fn create_room(y: i32, x: i32, height: i32, width: i32) -> Room {
    Room {
        height,
        width,
        pos: Position { y, x },
        center: Position {
            y: y + height / 2,
            x: x + width / 2,
        },
    }
}

/// `addRoomToMap`: turns the room's tiles into floor, which sight passes
/// through.
#[doc(alias = "addRoomToMap")]
pub fn add_room_to_map(map: &mut Map, room: Room) {
    for y in room.pos.y..room.pos.y + room.height {
        for x in room.pos.x..room.pos.x + room.width {
            let tile = &mut map[Position { y, x }];
            tile.ch = '.';
            tile.walkable = true;
            tile.transparent = true;
        }
    }
}

/// `connectRoomCenters`: digs a corridor from one center to the other, a
/// step at a time, columns first.
#[doc(alias = "connectRoomCenters")]
pub fn connect_room_centers(
    map: &mut Map,
    center_one: Position,
    center_two: Position,
) {
    let mut temp = center_one;
    loop {
        let (dx, dy) = (temp.x - center_two.x, temp.y - center_two.y);
        if (dx - 1).abs() < dx.abs() {
            temp.x -= 1;
        } else if (dx + 1).abs() < dx.abs() {
            temp.x += 1;
        } else if (dy + 1).abs() < dy.abs() {
            temp.y += 1;
        } else if (dy - 1).abs() < dy.abs() {
            temp.y -= 1;
        } else {
            break;
        }
        let tile = &mut map[temp];
        tile.ch = '.';
        tile.walkable = true;
        tile.transparent = true;
    }
}
