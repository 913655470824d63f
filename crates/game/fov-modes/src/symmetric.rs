//! Albert Ford's symmetric shadowcasting, cell for cell as libtcod's
//! `FOV_SYMMETRIC_SHADOWCAST` with `light_walls` computes it.
//!
//! The map is scanned in four quadrants, row by row away from the player.
//! A floor tile is visible when its centre lies between the row's two
//! slopes (so sight is symmetric between floor tiles); a wall is visible
//! when any part of it is. The slopes are `f32`, rounded as libtcod rounds
//! them, so that the result matches libtcod exactly, ties included. Unlike
//! libtcod, which scans the whole map and then drops what lies beyond the
//! radius, the scan stops at the radius: it never reads nor writes farther
//! than `radius - 1` rows and columns from the player, so its cost grows
//! with the radius, not with the map.

use rogue_types::{Map, Position};

use crate::map_ext::MapExt;

use crate::mode::light;

/// The radius of the python-tcod tutorial.
pub const DEFAULT_RADIUS: i32 = 8;

/// Quadrants as `(dy per depth, dx per depth, dy per column, dx per
/// column)`: east, south, north, west, in libtcod's order.
const QUADRANTS: [(i32, i32, i32, i32); 4] =
    [(0, 1, 1, 0), (1, 0, 0, 1), (-1, 0, 0, -1), (0, -1, -1, 0)];

/// Marks what the player at `pos` sees within `radius` (libtcod's test:
/// `dx² + dy² < radius²`) as visible and seen, and appends the offset of
/// every tile it newly makes visible to `lit`.
pub fn make(map: &mut Map, pos: Position, radius: i32, lit: &mut Vec<usize>) {
    let Some(origin) = map.index_of(pos.y, pos.x) else {
        return;
    };
    light(map, origin, lit);
    let reach = radius - 1;
    let inside = map.contains(pos.y - reach, pos.x - reach)
        && map.contains(pos.y + reach, pos.x + reach);
    for quadrant in QUADRANTS {
        let mut scan = Scan {
            map: &mut *map,
            pos,
            quadrant,
            radius,
            lit: &mut *lit,
        };
        if inside {
            scan.row::<false>(1, -1.0, 1.0);
        } else {
            scan.row::<true>(1, -1.0, 1.0);
        }
    }
}

/// One quadrant's scan.
struct Scan<'a> {
    map: &'a mut Map,
    pos: Position,
    quadrant: (i32, i32, i32, i32),
    radius: i32,
    lit: &'a mut Vec<usize>,
}

impl Scan<'_> {
    /// Scans the row at `depth` between the two slopes, then the rows
    /// behind it (libtcod's `scan`). `CHECKED` is false when every tile the
    /// scan can reach is known to be inside the map.
    fn row<const CHECKED: bool>(
        &mut self,
        mut depth: i32,
        mut slope_low: f32,
        slope_high: f32,
    ) {
        let (dy_depth, dx_depth, dy_col, dx_col) = self.quadrant;
        let width = self.map.width();
        let column_step = (dy_col * width + dx_col) as isize;
        let radius_squared = self.radius * self.radius;
        // Every tile of a row at depth >= radius is beyond the radius.
        while depth < self.radius {
            let (row_y, row_x) =
                (self.pos.y + depth * dy_depth, self.pos.x + depth * dx_depth);
            if CHECKED && !self.map.contains(row_y, row_x) {
                return;
            }
            let row_start = (row_y * width + row_x) as isize;
            let depth_f = depth as f32;
            let column_min = round_half_up(depth_f * slope_low);
            let column_max = round_half_down(depth_f * slope_high);
            let high = depth_f * slope_high;
            let mut low = depth_f * slope_low;
            // The radius test for this row: column² < radius² - depth²,
            // true of the whole row when its farthest column passes it.
            let room = radius_squared - depth * depth;
            let widest = column_min.abs().max(column_max.abs());
            let whole_row_within = widest * widest < room;
            let mut prev_is_wall = false;
            let mut column_f = column_min as f32;
            for column in column_min..=column_max {
                if CHECKED
                    && !self.map.contains(
                        row_y + column * dy_col,
                        row_x + column * dx_col,
                    )
                {
                    column_f += 1.0;
                    continue;
                }
                let index =
                    (row_start + column as isize * column_step) as usize;
                let is_wall = !self.map.tile(index).transparent;
                let symmetric = column_f >= low && column_f <= high;
                column_f += 1.0;
                if (is_wall || symmetric)
                    && (whole_row_within || column * column < room)
                {
                    light(self.map, index, self.lit);
                }
                if prev_is_wall && !is_wall {
                    slope_low = slope(depth, column);
                    low = depth_f * slope_low;
                }
                if column != column_min && !prev_is_wall && is_wall {
                    self.row::<CHECKED>(
                        depth + 1,
                        slope_low,
                        slope(depth, column),
                    );
                }
                prev_is_wall = is_wall;
            }
            if prev_is_wall {
                return;
            }
            depth += 1;
        }
    }
}

/// The slope of the line tangent to the left edge of a tile.
fn slope(depth: i32, column: i32) -> f32 {
    (2.0 * column as f32 - 1.0) / (2.0 * depth as f32)
}

/// libtcod's `round_half_up`: `roundf(n * (1 + FLT_EPSILON))`.
fn round_half_up(n: f32) -> i32 {
    round(n * (1.0 + f32::EPSILON))
}

/// libtcod's `round_half_down`: `roundf(n * (1 - FLT_EPSILON))`.
fn round_half_down(n: f32) -> i32 {
    round(n * (1.0 - f32::EPSILON))
}

/// `roundf` (halves away from zero) for the small numbers of a scan,
/// without a call into the maths library: below 2²³ the fraction
/// `n - trunc(n)` is exact.
#[inline]
fn round(n: f32) -> i32 {
    let whole = n as i32;
    let fraction = n - whole as f32;
    if fraction >= 0.5 {
        whole + 1
    } else if fraction <= -0.5 {
        whole - 1
    } else {
        whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{filled, floor, from_rows, yx};

    fn map_of(rows: &[&str]) -> Map {
        from_rows(rows)
    }

    fn lit(map: &Map) -> Vec<String> {
        (0..map.height())
            .map(|y| {
                map.tiles[y as usize]
                    .iter()
                    .map(|t| if t.visible { '*' } else { ' ' })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_pillar_casts_a_symmetric_shadow() {
        // The same case as python-tcod gives for a 7x5 open map with one
        // wall, seen from (2, 1).
        let mut map =
            map_of(&[".......", ".......", "...#...", ".......", "......."]);
        make(&mut map, yx(2, 1), 8, &mut Vec::new());
        assert_eq!(
            lit(&map),
            vec!["*******", "****** ", "****   ", "****** ", "*******"]
        );
    }

    #[test]
    fn the_radius_test_is_strict() {
        let mut map = filled(21, 21, floor());
        make(&mut map, yx(10, 10), 3, &mut Vec::new());
        let count = map.tiles.iter().flatten().filter(|t| t.visible).count();
        // dx² + dy² < 9: the 5x5 square (corners: 8 < 9).
        assert_eq!(count, 25);
        assert!(map[yx(10, 12)].visible && !map[yx(10, 13)].visible);
    }

    #[test]
    fn walls_bordering_the_lit_area_are_lit() {
        let mut map = map_of(&["#####", "#...#", "#...#", "#####"]);
        make(&mut map, yx(1, 1), 8, &mut Vec::new());
        assert!(map.tiles.iter().flatten().all(|t| t.visible));
    }

    #[test]
    fn round_is_roundf() {
        for i in -40_000..40_000 {
            let n = i as f32 / 64.0 + 0.003 * (i % 7) as f32;
            assert_eq!(round(n), n.round() as i32, "{n}");
        }
    }

    #[test]
    fn rounding_matches_libtcod_ties() {
        assert_eq!(round_half_up(2.5), 3);
        assert_eq!(round_half_up(-2.5), -3);
        assert_eq!(round_half_down(2.5), 2);
        assert_eq!(round_half_down(-2.5), -2);
    }
}
