//! The Caves of Zircon field of view: Zircon's lines to Zircon's ring.
//!
//! Caves of Zircon's `World.findVisiblePositionsFor`: a ring
//! (`EllipseFactory.buildEllipse(center, center + (radius, radius))`), and
//! for each of its cells the line from the player
//! (`LineFactory.buildLine(center, ringPos)`), taken cell by cell in a
//! do-while: each cell is taken, and the walk goes on while the cell just
//! taken does not block sight, so the wall that stops a line is seen. The
//! shapes are [`crate::zircon`]'s, as Zircon draws them.

use rogue_types::{Map, Position};

use crate::map_ext::{yx, MapExt};

use crate::mode::light;
use crate::zircon::{ellipse_between, line};

/// The radius of the Caves of Zircon tutorial.
pub const DEFAULT_RADIUS: i32 = 9;

/// `findVisiblePositionsFor`: marks the cells of every line from `pos` to
/// the ring of `radius`, up to and including the first one that blocks
/// sight, as visible and seen; appends the offset of every tile it newly
/// makes visible to `lit`. A cell outside the map has no block, so it does
/// not block (`isVisionBlockedAt` is false there).
pub fn make(map: &mut Map, pos: Position, radius: i32, lit: &mut Vec<usize>) {
    let corner = yx(pos.y + radius, pos.x + radius);
    for ring in ellipse_between(pos, corner) {
        for cell in line(pos, ring) {
            let index = map.index_of(cell.y, cell.x);
            if let Some(index) = index {
                light(map, index, lit);
            }
            if index.is_some_and(|i| !map.tile(i).transparent) {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{filled, floor, wall, walls, yx};

    #[test]
    fn rays_stop_at_and_light_the_first_wall() {
        let mut map = walls(3, 12);
        for x in 1..11 {
            map[yx(1, x)] = floor();
        }
        map[yx(1, 6)] = wall();
        make(&mut map, yx(1, 2), 9, &mut Vec::new());
        let lit = |x| map[yx(1, x)].visible;
        assert!(lit(1) && lit(5) && lit(6), "up to and including the wall");
        assert!(!lit(7) && !lit(9), "nothing behind it");
        assert!(map[yx(1, 6)].seen);
    }

    #[test]
    fn on_open_ground_every_ring_cell_is_lit() {
        let mut map = filled(21, 21, floor());
        let pos = yx(10, 10);
        make(&mut map, pos, 9, &mut Vec::new());
        for cell in crate::zircon::ellipse(pos, 9, 9) {
            assert!(map[cell].visible, "{cell:?}");
        }
    }

    #[test]
    fn radius_zero_sees_nothing() {
        let mut map = walls(3, 3);
        make(&mut map, yx(1, 1), 0, &mut Vec::new());
        assert!(map.tiles.iter().flatten().all(|t| !t.visible));
    }
}
