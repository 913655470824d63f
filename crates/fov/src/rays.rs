//! The Caves of Zircon field of view: Bresenham rays to a circle.

use rogue_types::{Map, Position};

/// The radius of the Caves of Zircon tutorial.
pub const DEFAULT_RADIUS: i32 = 9;

/// Casts a Bresenham line from `pos` to every cell of the circle of
/// `radius` around it and marks the cells of each line as visible and seen,
/// up to and including the first one that blocks sight (a do-while, so the
/// walls that stop a ray are seen). Cells outside the map stop a ray.
/// Appends the offset of every tile it newly makes visible to `lit`.
pub fn make(map: &mut Map, pos: Position, radius: i32, lit: &mut Vec<usize>) {
    for end in circle(pos, radius) {
        for cell in line(pos, end) {
            let Some(index) = map.index_of(cell.y, cell.x) else {
                break;
            };
            let tile = &mut map.tiles_mut()[index];
            if !tile.visible {
                tile.visible = true;
                lit.push(index);
            }
            tile.seen = true;
            if !tile.transparent && cell != pos {
                break;
            }
        }
    }
}

/// The cells of the midpoint (Bresenham) circle of `radius` around
/// `center`, as Zircon's `EllipseFactory` draws a circle; duplicates are
/// kept (they cast the same ray twice).
pub fn circle(center: Position, radius: i32) -> Vec<Position> {
    let mut cells = Vec::with_capacity(8 * radius.max(1) as usize);
    let (mut x, mut y) = (radius, 0);
    let mut err = 1 - radius;
    while x >= y {
        for (dy, dx) in [
            (y, x),
            (x, y),
            (x, -y),
            (y, -x),
            (-y, -x),
            (-x, -y),
            (-x, y),
            (-y, x),
        ] {
            cells.push(Position::new(center.y + dy, center.x + dx));
        }
        y += 1;
        if err < 0 {
            err += 2 * y + 1;
        } else {
            x -= 1;
            err += 2 * (y - x) + 1;
        }
    }
    cells
}

/// The cells of the Bresenham line from `from` to `to`, both included.
pub fn line(from: Position, to: Position) -> impl Iterator<Item = Position> {
    let (dx, dy) = ((to.x - from.x).abs(), -(to.y - from.y).abs());
    let (sx, sy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let mut err = dx + dy;
    let mut cell = Some(from);
    std::iter::from_fn(move || {
        let current = cell?;
        cell = (current != to).then(|| {
            let mut next = current;
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                next.x += sx;
            }
            if e2 <= dx {
                err += dx;
                next.y += sy;
            }
            next
        });
        Some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::ColorPair;

    #[test]
    fn lines_include_both_ends() {
        let cells: Vec<_> = line(Position::new(0, 0), Position::new(2, 5)).collect();
        assert_eq!(cells.first(), Some(&Position::new(0, 0)));
        assert_eq!(cells.last(), Some(&Position::new(2, 5)));
        assert_eq!(cells.len(), 6);
        assert_eq!(line(Position::new(3, 3), Position::new(3, 3)).count(), 1);
    }

    #[test]
    fn the_circle_is_at_the_radius() {
        let c = Position::new(0, 0);
        for cell in circle(c, 9) {
            let d2 = cell.y * cell.y + cell.x * cell.x;
            assert!((64..=100).contains(&d2), "{cell:?}");
        }
        assert!(circle(c, 9).contains(&Position::new(0, 9)));
    }

    #[test]
    fn rays_stop_at_and_light_the_first_wall() {
        let mut map = Map::walls(3, 12, ColorPair::NONE);
        for x in 1..11 {
            map[Position::new(1, x)].carve();
        }
        map[Position::new(1, 6)] = rogue_types::Tile::wall(ColorPair::NONE);
        make(&mut map, Position::new(1, 2), 9, &mut Vec::new());
        let lit = |x| map[Position::new(1, x)].visible;
        assert!(lit(1) && lit(5) && lit(6), "up to and including the wall");
        assert!(!lit(7) && !lit(9), "nothing behind it");
        assert!(map[Position::new(1, 6)].seen);
    }
}
