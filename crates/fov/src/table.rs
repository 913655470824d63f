//! The C tutorial's field of view from a table of its walks: the tiles
//! [`make_fov_within`](crate::make_fov_within) lights, without walking a line for each of them.
//!
//! `lineOfSight` reads the same cells for the same offset between target
//! and origin, wherever they are on the map, and sees the target when all
//! of them are transparent, in whatever order they are read. A
//! [`SightTable`] records each walk's cells once for a radius, by running
//! [`line_of_sight`] itself on a stand-in map that notes every cell it is
//! asked about, and files the walks in a tree by their cells from the
//! player outwards: walks that start alike share their first cells, and a
//! cell that blocks sight cuts off every walk through it at once. The tests
//! check it against [`make_fov_within`](crate::make_fov_within).

use std::cell::RefCell;
use std::collections::BTreeMap;

use rogue_types::{Entity, Map, Position};

use crate::{get_distance, is_in_map, line_of_sight, Transparency};

/// A cell of the tree: a cell some walks read, relative to the player, at
/// the end of the cells read before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    cell: Position,
    /// The targets whose walks end here, in [`SightTable::targets`].
    targets: (u32, u32),
    /// The index after the last node under this one.
    end: u32,
}

/// The walks of `lineOfSight` to the player from every tile `makeFOV` may
/// light, for one radius, as a tree of the cells they read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SightTable {
    radius: i32,
    /// The tree, depth first: each node followed by the nodes under it.
    nodes: Vec<Node>,
    /// Targets relative to the player: first those next to the player,
    /// whose walks read nothing, then those of each node in turn.
    targets: Vec<Position>,
    /// How many targets are next to the player.
    near: usize,
}

/// The tree as it is built: the targets whose walks end at a cell, and the
/// next cells of the walks that go on.
#[derive(Default)]
struct Branch {
    targets: Vec<Position>,
    next: BTreeMap<(i32, i32), Branch>,
}

impl SightTable {
    /// The table for `radius`: the targets of `makeFOV`'s square closer
    /// than `radius`, filed by the cells their walks read. Targets whose
    /// walk never reaches the player (only the player's own tile) can never
    /// be lit by it and are left out.
    pub fn new(radius: i32) -> SightTable {
        let origin = Position::new(0, 0);
        let mut root = Branch::default();
        for dy in -radius..radius {
            for dx in -radius..radius {
                let target = Position::new(dy, dx);
                if get_distance(origin, target) >= radius {
                    continue;
                }
                let walk = Recorder::new(dy.abs().max(dx.abs()));
                if line_of_sight(&walk, origin, target) {
                    let cells = walk.cells.into_inner();
                    let end = cells.iter().rev().fold(&mut root, |branch, cell| {
                        branch.next.entry((cell.y, cell.x)).or_default()
                    });
                    end.targets.push(target);
                }
            }
        }
        let mut table = SightTable {
            radius,
            nodes: Vec::new(),
            targets: root.targets,
            near: 0,
        };
        table.near = table.targets.len();
        for ((y, x), branch) in root.next {
            table.add(Position::new(y, x), branch);
        }
        table
    }

    /// Adds `branch`, reached at `cell`, and everything under it.
    fn add(&mut self, cell: Position, branch: Branch) {
        let index = self.nodes.len();
        let start = self.targets.len() as u32;
        self.targets.extend(branch.targets);
        self.nodes.push(Node {
            cell,
            targets: (start, self.targets.len() as u32),
            end: 0,
        });
        for ((y, x), next) in branch.next {
            self.add(Position::new(y, x), next);
        }
        self.nodes[index].end = self.nodes.len() as u32;
    }

    /// The radius the table is for.
    pub fn radius(&self) -> i32 {
        self.radius
    }

    /// `makeFOV` from the table: lights the same tiles as
    /// [`make_fov_within`](crate::make_fov_within) with the table's radius.
    ///
    /// # Panics
    /// If the player is off the map, as [`make_fov_within`](crate::make_fov_within) does.
    #[doc(alias = "makeFOV")]
    pub fn make(&self, map: &mut Map, player: &Entity) {
        let pos = player.pos;
        let tile = &mut map[pos];
        tile.visible = true;
        tile.seen = true;
        light(map, pos, &self.targets[..self.near]);
        let mut i = 0;
        while let Some(node) = self.nodes.get(i) {
            // A cell off the grid is only on walks from targets off the
            // grid: it blocks them, as it blocks sight.
            if map.is_transparent(pos.y + node.cell.y, pos.x + node.cell.x) {
                let (start, end) = node.targets;
                light(map, pos, &self.targets[start as usize..end as usize]);
                i += 1;
            } else {
                i = node.end as usize;
            }
        }
    }
}

/// Lights the `targets` around `pos` that are inside the map (`isInMap`).
fn light(map: &mut Map, pos: Position, targets: &[Position]) {
    for target in targets {
        let (y, x) = (pos.y + target.y, pos.x + target.x);
        if is_in_map(map, y, x) {
            if let Some(tile) = map.get_mut(y, x) {
                tile.visible = true;
                tile.seen = true;
            }
        }
    }
}

/// A stand-in map for [`line_of_sight`] that notes the cells it is asked
/// about, all transparent until the walk has gone further than any walk
/// that reaches its origin does.
struct Recorder {
    cells: RefCell<Vec<Position>>,
    limit: usize,
}

impl Recorder {
    /// A recorder for a walk of at most `steps` steps along its longer axis.
    fn new(steps: i32) -> Recorder {
        Recorder {
            cells: RefCell::new(Vec::new()),
            limit: steps as usize,
        }
    }
}

impl Transparency for Recorder {
    fn is_transparent(&self, y: i32, x: i32) -> bool {
        let mut cells = self.cells.borrow_mut();
        cells.push(Position::new(y, x));
        cells.len() <= self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::make_fov_within;
    use rogue_types::{ColorPair, Tile, VISIBLE_COLOR};

    fn player_at(y: i32, x: i32) -> Entity {
        Entity {
            pos: Position::new(y, x),
            ch: '@',
            color: VISIBLE_COLOR,
        }
    }

    /// Every target of the table with the cells its walk reads, from the
    /// player outwards.
    fn walks(table: &SightTable) -> Vec<(Position, Vec<Position>)> {
        let near = table.targets[..table.near].iter();
        let mut walks: Vec<_> = near.map(|&t| (t, Vec::new())).collect();
        let mut path: Vec<&Node> = Vec::new();
        for (i, node) in table.nodes.iter().enumerate() {
            while path.last().is_some_and(|up| up.end as usize <= i) {
                path.pop();
            }
            path.push(node);
            let (start, end) = node.targets;
            for &target in &table.targets[start as usize..end as usize] {
                walks.push((target, path.iter().map(|n| n.cell).collect()));
            }
        }
        walks
    }

    #[test]
    fn each_walk_is_the_cells_line_of_sight_reads() {
        let mut floor = Tile::wall(ColorPair::NONE);
        floor.carve();
        let open = Map::filled(21, 21, floor);
        let player = Position::new(10, 10);
        let walks = walks(&SightTable::new(7));
        // Every tile of the 14x14 square closer than 7 but the player's.
        assert_eq!(walks.len(), 144);
        for (target, cells) in walks {
            let target = Position::new(10 + target.y, 10 + target.x);
            assert!(line_of_sight(&open, player, target));
            // Walling any cell of the walk blocks sight; walling any other
            // cell between player and target does not.
            for y in player.y.min(target.y)..=player.y.max(target.y) {
                for x in player.x.min(target.x)..=player.x.max(target.x) {
                    let mut map = open.clone();
                    map[Position::new(y, x)] = Tile::wall(ColorPair::NONE);
                    let read = cells.contains(&Position::new(y - 10, x - 10));
                    assert_eq!(!line_of_sight(&map, player, target), read);
                }
            }
        }
    }

    #[test]
    fn lights_what_make_fov_within_lights() {
        let mut floor = Tile::wall(ColorPair::NONE);
        floor.carve();
        // Pillars every few cells, so walks are blocked in many ways.
        let mut map = Map::filled(30, 41, floor);
        for (i, tile) in map.tiles_mut().iter_mut().enumerate() {
            if i % 7 == 0 || i % 11 == 3 {
                *tile = Tile::wall(ColorPair::NONE);
            }
        }
        for radius in [1, 2, 5, 15, 40] {
            let table = SightTable::new(radius);
            for (y, x) in [(15, 20), (1, 1), (0, 0), (29, 40), (3, 38), (0, 17)] {
                let (mut want, mut got) = (map.clone(), map.clone());
                make_fov_within(&mut want, &player_at(y, x), radius);
                table.make(&mut got, &player_at(y, x));
                assert_eq!(got, want, "radius {radius} at ({y}, {x})");
            }
        }
    }
}
