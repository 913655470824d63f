//! Zircon's shapes, as its `LineFactory` and `EllipseFactory` draw them, and
//! the Zircon Kotlin tutorial's field of view made of them.
//!
//! Ported from Hexworks/zircon, `zircon.core/src/commonMain/kotlin/org/
//! hexworks/zircon/api/shape/` (`LineFactory.kt`, `EllipseFactory.kt`;
//! Zircon 2020.x, unchanged since). Zircon's positions are `(x, y)`; here
//! they are [`Position`]s, row first. A Zircon shape is a set that keeps
//! its insertion order (Kotlin's `toSet`), so these return each cell once,
//! in Zircon's order.

use std::collections::HashSet;

use rogue_types::{Map, Position};

use crate::map_ext::{yx, MapExt};

use crate::mode::light;

/// The radius of the Zircon Kotlin tutorial's ring: `Size.create(11, 11)`,
/// which Zircon takes as semi-axes, although the tutorial calls it a
/// diameter.
pub const LINES_RADIUS: i32 = 11;

/// `LineFactory.buildLine(from, to)`: Abrash's Bresenham, always drawn from
/// the end with the smaller row and reversed when `from` is the lower end,
/// so `line(a, b)` is `line(b, a)` reversed. When the row and the column
/// change by as much, the line steps along the rows; the minor axis steps
/// when the error term is `>= 0`.
pub fn line(from: Position, to: Position) -> Vec<Position> {
    let (p1, p2) = if from.y > to.y {
        (to, from)
    } else {
        (from, to)
    };
    let (delta_x, delta_y) = (p2.x - p1.x, p2.y - p1.y);
    let left_to_right = delta_x > 0;
    let delta_x = delta_x.abs();
    let mut cells = if delta_x > delta_y {
        line_along_x(p1, delta_x, delta_y, left_to_right)
    } else {
        line_along_y(p1, delta_x, delta_y, left_to_right)
    };
    if from.y > to.y {
        cells.reverse();
    }
    cells
}

/// `createLine0`: one cell per column, the row stepping down when the
/// error term is `>= 0`.
fn line_along_x(
    start: Position,
    delta_x: i32,
    delta_y: i32,
    left_to_right: bool,
) -> Vec<Position> {
    let (mut x, mut y) = (start.x, start.y);
    let mut error_term = 2 * delta_y - delta_x;
    let mut cells = vec![start];
    for _ in 0..delta_x {
        if error_term >= 0 {
            y += 1;
            error_term += 2 * delta_y - 2 * delta_x;
        } else {
            error_term += 2 * delta_y;
        }
        x += if left_to_right { 1 } else { -1 };
        cells.push(yx(y, x));
    }
    cells
}

/// `createLine1`: one cell per row, the column stepping when the error
/// term is `>= 0`.
fn line_along_y(
    start: Position,
    delta_x: i32,
    delta_y: i32,
    left_to_right: bool,
) -> Vec<Position> {
    let (mut x, mut y) = (start.x, start.y);
    let mut error_term = 2 * delta_x - delta_y;
    let mut cells = vec![start];
    for _ in 0..delta_y {
        if error_term >= 0 {
            x += if left_to_right { 1 } else { -1 };
            error_term += 2 * delta_x - 2 * delta_y;
        } else {
            error_term += 2 * delta_x;
        }
        y += 1;
        cells.push(yx(y, x));
    }
    cells
}

/// `EllipseFactory.buildEllipse(EllipseParameters(center, Size(a, b)))`:
/// the Bresenham ellipse with semi-axes `a` (columns) and `b` (rows), each
/// cell once, in Zircon's order. `a == b` gives a circle of radius `a`.
pub fn ellipse(center: Position, a: i32, b: i32) -> Vec<Position> {
    let mut shape = Shape::default();
    let (a2, b2) = (a * a, b * b);
    let (mut x, mut y) = (0, b);
    let mut sigma = 2 * b2 + a2 * (1 - 2 * b);
    while b2 * x <= a2 * y {
        shape.add_mirrored(center, x, y);
        if sigma >= 0 {
            sigma += 4 * a2 * (1 - y);
            y -= 1;
        }
        sigma += b2 * (4 * x + 6);
        x += 1;
    }
    let (mut x, mut y) = (a, 0);
    let mut sigma = 2 * a2 + b2 * (1 - 2 * a);
    while a2 * y <= b2 * x {
        shape.add_mirrored(center, x, y);
        if sigma >= 0 {
            sigma += 4 * b2 * (1 - x);
            x -= 1;
        }
        sigma += a2 * (4 * y + 6);
        y += 1;
    }
    shape.cells
}

/// `EllipseFactory.buildEllipse(from, to)`: the ellipse around `from`
/// through the corner `to`; empty when `from == to`.
pub fn ellipse_between(from: Position, to: Position) -> Vec<Position> {
    if from == to {
        return Vec::new();
    }
    ellipse(from, (from.x - to.x).abs(), (from.y - to.y).abs())
}

/// A set of cells that keeps the order they were first added in.
#[derive(Default)]
struct Shape {
    cells: Vec<Position>,
    known: HashSet<(i32, i32)>,
}

impl Shape {
    /// The four cells `(±x, ±y)` around `center`, in Zircon's order.
    fn add_mirrored(&mut self, center: Position, x: i32, y: i32) {
        for (dx, dy) in [(x, y), (-x, y), (x, -y), (-x, -y)] {
            let cell = yx(center.y + dy, center.x + dx);
            if self.known.insert((cell.y, cell.x)) {
                self.cells.push(cell);
            }
        }
    }
}

/// The Zircon Kotlin tutorial's field of view (roguelikedev 2020, "Part 3 -
/// Field of view", `UpdateFovAction`): for every cell of the ring of
/// `radius`, the line from the player to it, without the cells already
/// visible (`filterNot`), up to but not including the first one that blocks
/// sight (`takeWhile`). Walls are never lit. A cell outside the map holds
/// nothing that blocks, so a line goes on past it. Marks what it lights
/// visible and seen (the tutorial's `isExplored`) and appends the offset of
/// each to `lit`.
pub fn lines(map: &mut Map, pos: Position, radius: i32, lit: &mut Vec<usize>) {
    for ring in ellipse(pos, radius, radius) {
        let cells = line(pos, ring)
            .into_iter()
            .filter(|c| !map.get(c.y, c.x).is_some_and(|t| t.visible))
            .take_while(|c| map.get(c.y, c.x).is_none_or(|t| t.transparent))
            .collect::<Vec<_>>();
        for cell in cells {
            if let Some(index) = map.index_of(cell.y, cell.x) {
                light(map, index, lit);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{floor, wall, walls, yx};

    /// Zircon's positions are `(x, y)`.
    fn xy(points: &[(i32, i32)]) -> Vec<Position> {
        points.iter().map(|&(x, y)| yx(y, x)).collect()
    }

    /// A line's two ends and its cells, as Zircon's `(x, y)`.
    type LineCase = ((i32, i32), (i32, i32), &'static [(i32, i32)]);

    /// Zircon's `LineFactoryTest`, every case.
    #[test]
    fn zircon_line_factory_test_vectors() {
        let cases: [LineCase; 8] = [
            ((0, 0), (2, 0), &[(0, 0), (1, 0), (2, 0)]),
            ((2, 0), (0, 0), &[(2, 0), (1, 0), (0, 0)]),
            ((0, 0), (0, 2), &[(0, 0), (0, 1), (0, 2)]),
            ((0, 2), (0, 0), &[(0, 2), (0, 1), (0, 0)]),
            (
                (0, 0),
                (5, 4),
                &[(0, 0), (1, 1), (2, 2), (3, 2), (4, 3), (5, 4)],
            ),
            (
                (5, 4),
                (0, 0),
                &[(5, 4), (4, 3), (3, 2), (2, 2), (1, 1), (0, 0)],
            ),
            (
                (0, 0),
                (4, 5),
                &[(0, 0), (1, 1), (2, 2), (2, 3), (3, 4), (4, 5)],
            ),
            (
                (4, 5),
                (0, 0),
                &[(4, 5), (3, 4), (2, 3), (2, 2), (1, 1), (0, 0)],
            ),
        ];
        for (from, to, expected) in cases {
            let (from, to) = (xy(&[from])[0], xy(&[to])[0]);
            assert_eq!(line(from, to), xy(expected), "{from:?} -> {to:?}");
        }
    }

    #[test]
    fn a_line_is_the_reverse_line_reversed() {
        let o = yx(0, 0);
        for y in -12..=12 {
            for x in -12..=12 {
                let p = yx(y, x);
                let mut back = line(p, o);
                back.reverse();
                assert_eq!(line(o, p), back, "{p:?}");
                assert_eq!(line(o, p).first(), Some(&o));
                assert_eq!(line(o, p).last(), Some(&p));
            }
        }
    }

    #[test]
    fn rays_above_the_player_break_ties_from_the_ring() {
        // (dx, dy) = (8, -4): drawn from the ring point, the lower end.
        let o = yx(0, 0);
        let ray = line(o, yx(-4, 8));
        assert_eq!(ray[1], yx(0, 1));
        // Below the player, drawn from the player: the row steps first.
        let down = line(o, yx(4, 8));
        assert_eq!(down[1], yx(1, 1));
    }

    #[test]
    fn a_circle_is_a_set_at_the_radius() {
        let c = yx(0, 0);
        for r in 1..=30 {
            let ring = ellipse(c, r, r);
            let unique: HashSet<_> = ring.iter().map(|p| (p.y, p.x)).collect();
            assert_eq!(unique.len(), ring.len(), "radius {r}: duplicates");
            for p in &ring {
                let d2 = p.y * p.y + p.x * p.x;
                assert!(
                    (r - 1) * (r - 1) < d2 && d2 <= (r + 1) * (r + 1),
                    "{p:?}"
                );
            }
            // Symmetric under every reflection and the diagonal swap.
            for p in &ring {
                for q in [yx(-p.y, p.x), yx(p.y, -p.x), yx(p.x, p.y)] {
                    assert!(
                        unique.contains(&(q.y, q.x)),
                        "radius {r}: {p:?} without {q:?}"
                    );
                }
            }
        }
        assert_eq!(ellipse(c, 9, 9).len(), 52);
        assert_eq!(ellipse(c, 1, 1), xy(&[(0, 1), (0, -1), (1, 0), (-1, 0)]));
    }

    #[test]
    fn an_ellipse_between_equal_points_is_empty() {
        let p = yx(3, 4);
        assert!(ellipse_between(p, p).is_empty());
        assert_eq!(ellipse_between(p, yx(6, 7)), ellipse(p, 3, 3));
    }

    #[test]
    fn lines_never_light_walls_and_stop_before_them() {
        let mut map = walls(3, 16);
        for x in 1..15 {
            map[yx(1, x)] = floor();
        }
        map[yx(1, 6)] = wall();
        lines(&mut map, yx(1, 2), LINES_RADIUS, &mut Vec::new());
        let lit = |x| map[yx(1, x)].visible;
        assert!(lit(1) && lit(2) && lit(5));
        assert!(!lit(6) && !lit(7), "the wall and what is behind it");
        assert!(map
            .tiles
            .iter()
            .flatten()
            .all(|t| t.transparent || !t.visible));
        assert!(map.tiles.iter().flatten().all(|t| t.visible == t.seen));
    }
}
