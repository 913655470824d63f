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

/// The radius of the python-tcod tutorial.
pub const DEFAULT_RADIUS: i32 = 8;

/// Quadrants as `(dy per depth, dx per depth, dy per column, dx per
/// column)`: east, south, north, west, in libtcod's order.
const QUADRANTS: [(i32, i32, i32, i32); 4] =
    [(0, 1, 1, 0), (1, 0, 0, 1), (-1, 0, 0, -1), (0, -1, -1, 0)];

/// Marks what the player at `pos` sees within `radius` (libtcod's test:
/// `dx² + dy² < radius²`) as visible and seen.
pub fn make(map: &mut Map, pos: Position, radius: i32) {
    let Some(origin) = map.index_of(pos.y, pos.x) else {
        return;
    };
    let tile = &mut map.tiles_mut()[origin];
    tile.visible = true;
    tile.seen = true;
    for quadrant in QUADRANTS {
        let mut scan = Scan {
            map: &mut *map,
            pos,
            quadrant,
            radius,
        };
        scan.row(1, -1.0, 1.0);
    }
}

/// One quadrant's scan.
struct Scan<'a> {
    map: &'a mut Map,
    pos: Position,
    quadrant: (i32, i32, i32, i32),
    radius: i32,
}

impl Scan<'_> {
    /// Scans the row at `depth` between the two slopes, then the rows
    /// behind it (libtcod's `scan`).
    fn row(&mut self, mut depth: i32, mut slope_low: f32, slope_high: f32) {
        let (dy_depth, dx_depth, dy_col, dx_col) = self.quadrant;
        let radius_squared = self.radius * self.radius;
        // Every tile of a row at depth >= radius is beyond the radius.
        while depth < self.radius {
            let (row_y, row_x) = (self.pos.y + depth * dy_depth, self.pos.x + depth * dx_depth);
            if !self.map.contains(row_y, row_x) {
                return;
            }
            let depth_f = depth as f32;
            let column_min = round_half_up(depth_f * slope_low);
            let column_max = round_half_down(depth_f * slope_high);
            let mut prev_is_wall = false;
            for column in column_min..=column_max {
                let (y, x) = (row_y + column * dy_col, row_x + column * dx_col);
                let Some(i) = self.map.index_of(y, x) else {
                    continue;
                };
                let tile = &mut self.map.tiles_mut()[i];
                let is_wall = !tile.transparent;
                let symmetric =
                    column as f32 >= depth_f * slope_low && column as f32 <= depth_f * slope_high;
                if (is_wall || symmetric) && depth * depth + column * column < radius_squared {
                    tile.visible = true;
                    tile.seen = true;
                }
                if prev_is_wall && !is_wall {
                    slope_low = slope(depth, column);
                }
                if column != column_min && !prev_is_wall && is_wall {
                    self.row(depth + 1, slope_low, slope(depth, column));
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
    (n * (1.0 + f32::EPSILON)).round() as i32
}

/// libtcod's `round_half_down`: `roundf(n * (1 - FLT_EPSILON))`.
fn round_half_down(n: f32) -> i32 {
    (n * (1.0 - f32::EPSILON)).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use rogue_types::{ColorPair, Tile};

    fn map_of(rows: &[&str]) -> Map {
        let mut map = Map::walls(rows.len() as i32, rows[0].len() as i32, ColorPair::NONE);
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch == '.' {
                    map[Position::new(y as i32, x as i32)].carve();
                }
            }
        }
        map
    }

    fn lit(map: &Map) -> Vec<String> {
        (0..map.height())
            .map(|y| {
                map.row(y)
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
        let mut map = map_of(&[".......", ".......", "...#...", ".......", "......."]);
        make(&mut map, Position::new(2, 1), 8);
        assert_eq!(
            lit(&map),
            vec!["*******", "****** ", "****   ", "****** ", "*******"]
        );
    }

    #[test]
    fn the_radius_test_is_strict() {
        let mut map = Map::filled(21, 21, {
            let mut t = Tile::wall(ColorPair::NONE);
            t.carve();
            t
        });
        make(&mut map, Position::new(10, 10), 3);
        let count = map.tiles().iter().filter(|t| t.visible).count();
        // dx² + dy² < 9: the 5x5 square (corners: 8 < 9).
        assert_eq!(count, 25);
        assert!(map[Position::new(10, 12)].visible && !map[Position::new(10, 13)].visible);
    }

    #[test]
    fn walls_bordering_the_lit_area_are_lit() {
        let mut map = map_of(&["#####", "#...#", "#...#", "#####"]);
        make(&mut map, Position::new(1, 1), 8);
        assert!(map.tiles().iter().all(|t| t.visible));
    }

    #[test]
    fn rounding_matches_libtcod_ties() {
        assert_eq!(round_half_up(2.5), 3);
        assert_eq!(round_half_up(-2.5), -3);
        assert_eq!(round_half_down(2.5), 2);
        assert_eq!(round_half_down(-2.5), -2);
    }
}
