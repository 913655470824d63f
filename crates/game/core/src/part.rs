//! What each part of the C tutorial has: the differences between chapters.

/// How the dungeon of a part is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapKind {
    /// Part 2: one fixed room.
    SingleRoom,
    /// Parts 3 and 4: random rooms joined by corridors, from `rand()`.
    RandomRooms,
}

/// The program as it stands at the end of one part of the C tutorial,
/// described by the features it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// The part's number, 0 to 4.
    pub number: u8,
    /// Whether there is a game at all (Part 0 only enters and leaves curses).
    pub plays: bool,
    /// The dungeon, if any (Part 1 has none: an `@` on an empty screen).
    pub map: Option<MapKind>,
    /// Whether colour pairs are used (and required of the terminal).
    pub color: bool,
    /// Whether the player has a field of view.
    pub fov: bool,
}

impl Part {
    /// Every part, in order.
    pub const ALL: [Part; 5] = [
        Part {
            number: 0,
            plays: false,
            map: None,
            color: false,
            fov: false,
        },
        Part {
            number: 1,
            plays: true,
            map: None,
            color: false,
            fov: false,
        },
        Part {
            number: 2,
            plays: true,
            map: Some(MapKind::SingleRoom),
            color: false,
            fov: false,
        },
        Part {
            number: 3,
            plays: true,
            map: Some(MapKind::RandomRooms),
            color: false,
            fov: false,
        },
        Part {
            number: 4,
            plays: true,
            map: Some(MapKind::RandomRooms),
            color: true,
            fov: true,
        },
    ];

    /// The last part: the full game.
    pub const LAST: Part = Part::ALL[4];

    /// The part numbered `number`, if there is one.
    pub fn get(number: u8) -> Option<Part> {
        Part::ALL.get(usize::from(number)).copied()
    }

    /// Whether its program seeds the generator, `srand(time(NULL))` at
    /// start-up: from Part 3 on, whose rooms are drawn with `rand()`. A
    /// part that does not has no seed or generator to give or pin.
    pub fn seeds(self) -> bool {
        self.map == Some(MapKind::RandomRooms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_numbered_in_order_and_only_five() {
        for (i, part) in Part::ALL.iter().enumerate() {
            assert_eq!(usize::from(part.number), i);
            assert_eq!(Part::get(i as u8), Some(*part));
        }
        assert_eq!(Part::get(5), None);
        assert_eq!(Part::LAST.number, 4);
    }

    #[test]
    fn only_the_parts_with_random_rooms_seed() {
        let seeding: Vec<u8> = Part::ALL
            .iter()
            .filter(|p| p.seeds())
            .map(|p| p.number)
            .collect();
        assert_eq!(seeding, [3, 4]);
    }
}
