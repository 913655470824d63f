//! The C tutorial's field of view from a table of its walks: the tiles
//! [`make_fov_within`] lights, without walking a line for each of them.
//!
//! `lineOfSight` reads the same cells for the same offset between target
//! and origin, wherever they are on the map, and sees the target when all
//! of them are transparent, in whatever order they are read. A
//! [`SightTable`] records each walk's cells once for a radius and a map
//! size, by running [`line_of_sight`] itself on a stand-in map that notes
//! every cell it is asked about, and files the walks in a tree by their
//! cells from the player outwards: walks that start alike share their first
//! cells, and a cell that blocks sight cuts off every walk through it at
//! once. The tests check it against [`make_fov_within`].

use std::cell::RefCell;

use rogue_types::{Entity, Map, Position};

use crate::{get_distance, is_in_map, line_of_sight, make_fov_within, Transparency};

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
/// light, for one radius and maps of up to one size, as a tree of the
/// cells they read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SightTable {
    radius: i32,
    /// The largest map the table serves: rows, columns.
    size: (i32, i32),
    /// The tree, depth first: each node followed by the nodes under it.
    nodes: Vec<Node>,
    /// Targets relative to the player: first those next to the player,
    /// whose walks read nothing, then those of each node in turn.
    targets: Vec<Position>,
    /// How many targets are next to the player.
    near: usize,
}

impl SightTable {
    /// The table for `radius` on maps of up to `height` rows and `width`
    /// columns: the targets of `makeFOV`'s square closer than `radius` that
    /// such a map can hold with the player, filed by the cells their walks
    /// read. Targets whose walk never reaches the player (only the player's
    /// own tile) can never be lit by it and are left out.
    pub fn new(radius: i32, height: i32, width: i32) -> SightTable {
        let mut walks = Vec::new();
        let origin = Position::new(0, 0);
        for dy in (-radius..radius).filter(|dy| dy.abs() < height) {
            for dx in (-radius..radius).filter(|dx| dx.abs() < width) {
                let target = Position::new(dy, dx);
                if get_distance(origin, target) >= radius {
                    continue;
                }
                let walk = Recorder::new(dy.abs().max(dx.abs()));
                if line_of_sight(&walk, origin, target) {
                    let mut cells = walk.cells.into_inner();
                    cells.reverse();
                    walks.push((cells, target));
                }
            }
        }
        // In this order, walks that start alike are side by side, and a
        // walk comes right before the walks that go on from where it ends.
        walks.sort_unstable();
        let mut table = SightTable {
            radius,
            size: (height, width),
            nodes: Vec::new(),
            targets: Vec::new(),
            near: 0,
        };
        let mut path: Vec<usize> = Vec::new();
        for (cells, target) in walks {
            let shared = (path.iter().zip(&cells))
                .take_while(|&(&node, &cell)| table.nodes[node].cell == cell)
                .count();
            for node in path.drain(shared..) {
                table.nodes[node].end = table.nodes.len() as u32;
            }
            for &cell in &cells[shared..] {
                path.push(table.nodes.len());
                let at = table.targets.len() as u32;
                table.nodes.push(Node {
                    cell,
                    targets: (at, at),
                    end: 0,
                });
            }
            table.targets.push(target);
            match path.last() {
                Some(&node) => table.nodes[node].targets.1 += 1,
                None => table.near += 1,
            }
        }
        for node in path {
            table.nodes[node].end = table.nodes.len() as u32;
        }
        table
    }

    /// Whether this is the table for `radius` and maps of `height` rows and
    /// `width` columns.
    pub fn fits(&self, radius: i32, height: i32, width: i32) -> bool {
        (self.radius, self.size) == (radius, (height, width))
    }

    /// `makeFOV` from the table: lights the same tiles as
    /// [`make_fov_within`] with the table's radius (and calls it on a map
    /// larger than the table's).
    ///
    /// # Panics
    /// If the player is off the map, as [`make_fov_within`] does.
    #[doc(alias = "makeFOV")]
    pub fn make(&self, map: &mut Map, player: &Entity) {
        let (height, width) = self.size;
        if map.height() > height || map.width() > width {
            return make_fov_within(map, player, self.radius);
        }
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
        let walks = walks(&SightTable::new(7, 21, 21));
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
        // Tables for this map's size, for a larger one, and for a smaller
        // one (which leaves the map to the walks).
        let sizes = [(30, 41), (60, 50), (10, 41)];
        for (radius, (height, width)) in [1, 2, 5, 15, 40]
            .into_iter()
            .flat_map(|r| sizes.map(|s| (r, s)))
        {
            let table = SightTable::new(radius, height, width);
            for (y, x) in [(15, 20), (1, 1), (0, 0), (29, 40), (3, 38), (0, 17)] {
                let (mut want, mut got) = (map.clone(), map.clone());
                make_fov_within(&mut want, &player_at(y, x), radius);
                table.make(&mut got, &player_at(y, x));
                assert_eq!(
                    got, want,
                    "radius {radius}, {height}x{width}, at ({y}, {x})"
                );
            }
        }
    }
}
