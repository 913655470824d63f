//! The BearLibTerminal tutorial's field of view: a plain disc of light.

use rogue_types::{Map, Position};

use crate::map_ext::MapExt;

use crate::mode::light;

/// The radius of the BearLibTerminal tutorial.
pub const DEFAULT_RADIUS: i32 = 4;

/// `isinFov` over the square around `pos`: marks every tile whose distance,
/// `sqrt(dx² + dy²)`, is at most `radius` as visible and seen. Walls do not
/// block. The mode remembers nothing (`Memory::Nothing`), so the drawing
/// shows only what is visible. Appends the offset of every tile it newly
/// makes visible to `lit`.
pub fn make(map: &mut Map, pos: Position, radius: i32, lit: &mut Vec<usize>) {
    for y in pos.y - radius..=pos.y + radius {
        for x in pos.x - radius..=pos.x + radius {
            let (dx, dy) = (f64::from(x - pos.x), f64::from(y - pos.y));
            if (dx * dx + dy * dy).sqrt() <= f64::from(radius) {
                if let Some(index) = map.index_of(y, x) {
                    light(map, index, lit);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{walls, yx};

    #[test]
    fn lights_a_disc_through_walls() {
        let mut map = walls(11, 11);
        make(&mut map, yx(5, 5), 4, &mut Vec::new());
        let lit = |y, x| map[yx(y, x)].visible;
        assert!(lit(5, 1) && lit(1, 5) && lit(9, 5) && lit(5, 9));
        assert!(lit(8, 7)); // 3² + 2² = 13 <= 16
        assert!(!lit(8, 8)); // 18 > 16
        assert_eq!(
            map.tiles.iter().flatten().filter(|t| t.visible).count(),
            49
        );
    }
}
