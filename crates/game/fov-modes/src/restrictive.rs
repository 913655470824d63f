//! Mingos' Restrictive Precise Angle Shadowcasting (MRPAS), cell for cell as
//! libtcod computes it for `FOV_RESTRICTIVE`, the default algorithm of
//! python-tcod's `tcod.map.compute_fov`, which the python-tcod tutorial
//! calls with `radius=8`.
//!
//! Ported from libtcod's `src/libtcod/fov_restrictive.c` ("MRPAS v1.2",
//! libtcod 1.16 to 2.x, as bundled by python-tcod 21), with `light_walls`
//! on, python-tcod's default:
//!
//! - the map is scanned in four quadrants, each in two octants: one by
//!   rows away from the player (the "vertical edge"), one by columns (the
//!   "horizontal edge");
//! - a cell is lit unless the two cells behind it towards the player are
//!   both unlit or opaque, or an obstacle's angle range of the line before
//!   covers it (a floor cell's centre, a wall's whole width);
//! - the radius is a square: a scan stops after `radius` lines, so the
//!   corners of the square are lit (`max_radius` in libtcod);
//! - the quirk of the column octant is kept: after an obstacle that
//!   overlaps the cell, its loop skips the next obstacle (`++idx` in the
//!   loop body as well as in its step).

use rogue_types::{Map, Position};

use crate::map_ext::{yx, MapExt};

use crate::mode::light;

/// The radius of the python-tcod tutorial.
pub const DEFAULT_RADIUS: i32 = 8;

/// `TCOD_map_compute_fov_restrictive_shadowcasting` with `light_walls`:
/// marks the player's tile and what it sees within `radius` lines as
/// visible and seen, appending the offset of every tile it newly makes
/// visible to `lit`. It reads the visible flags it sets, as libtcod reads
/// its `fov` flags, so nothing may be visible when it starts.
pub fn make(map: &mut Map, pos: Position, radius: i32, lit: &mut Vec<usize>) {
    let Some(origin) = map.index_of(pos.y, pos.x) else {
        return;
    };
    light(map, origin, lit);
    let mut obstacles = Obstacles::default();
    let width = map.width();
    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let rows = Octant {
            line: (dy, 0),
            cell: (0, dx),
            skips_after_overlap: false,
        };
        let columns = Octant {
            line: (0, dx),
            cell: (dy, 0),
            skips_after_overlap: true,
        };
        for octant in [rows, columns] {
            octant.scan(map, pos, radius, width, &mut obstacles, lit);
        }
    }
}

/// One octant: lines of cells away from the player, each line a step of
/// `line` (dy, dx) further, its cells steps of `cell` from the axis.
struct Octant {
    line: (i32, i32),
    cell: (i32, i32),
    /// libtcod's column octant steps its obstacle index twice after an
    /// obstacle that overlaps the cell.
    skips_after_overlap: bool,
}

/// The angle ranges of the obstacles found so far in an octant
/// (`start_angle`, `end_angle`).
#[derive(Default)]
struct Obstacles {
    start: Vec<f64>,
    end: Vec<f64>,
}

impl Octant {
    /// The cell `cell` steps along line `line`.
    fn at(&self, pos: Position, line: i32, cell: i32) -> Position {
        yx(
            pos.y + line * self.line.0 + cell * self.cell.0,
            pos.x + line * self.line.1 + cell * self.cell.1,
        )
    }

    /// One octant of `compute_quadrant`: lines outwards while some cell of
    /// the line before was lit, up to `radius` lines and the map's edge.
    fn scan(
        &self,
        map: &mut Map,
        pos: Position,
        radius: i32,
        width: i32,
        obstacles: &mut Obstacles,
        lit: &mut Vec<usize>,
    ) {
        // Flat offsets of one line and one cell back, as libtcod's `c - ...`.
        let line_back = (self.line.0 * width + self.line.1) as isize;
        let cell_back = (self.cell.0 * width + self.cell.1) as isize;
        let line_in_map = |map: &Map, line: i32| {
            let p = self.at(pos, line, 0);
            map.contains(p.y, p.x)
        };
        obstacles.start.clear();
        obstacles.end.clear();
        let (mut iteration, mut in_last_line, mut min_angle) = (1, 0, 0.0_f64);
        let mut done = !line_in_map(map, 1);
        while !done {
            let slopes_per_cell = 1.0 / f64::from(iteration);
            let half_slopes = slopes_per_cell * 0.5;
            let mut cell = ((min_angle + half_slopes) / slopes_per_cell) as i32;
            done = true;
            while cell <= iteration {
                let p = self.at(pos, iteration, cell);
                let Some(c) = map.index_of(p.y, p.x) else {
                    break;
                };
                let centre_slope = f64::from(cell) * slopes_per_cell;
                let slopes = (
                    centre_slope - half_slopes,
                    centre_slope,
                    centre_slope + half_slopes,
                );
                let behind = [
                    c as isize - line_back,
                    c as isize - line_back - cell_back,
                ];
                let (visible, extended) = if in_last_line > 0 {
                    self.test(map, c, behind, slopes, obstacles, in_last_line)
                } else {
                    (true, false)
                };
                if visible {
                    done = false;
                    light(map, c, lit);
                    if !map.tile(c).transparent {
                        if min_angle >= slopes.0 {
                            min_angle = slopes.2;
                            done |= cell == iteration;
                        } else if !extended {
                            obstacles.start.push(slopes.0);
                            obstacles.end.push(slopes.2);
                        }
                    }
                }
                cell += 1;
            }
            done |= iteration == radius;
            iteration += 1;
            in_last_line = obstacles.start.len();
            done |= !line_in_map(map, iteration);
        }
    }

    /// Whether the cell at flat offset `c` is visible past the obstacles of
    /// the lines before, and whether it extended one of them (a wall that
    /// overlaps an obstacle widens it instead of adding one).
    fn test(
        &self,
        map: &Map,
        c: usize,
        behind: [isize; 2],
        (start_slope, centre_slope, end_slope): (f64, f64, f64),
        obstacles: &mut Obstacles,
        in_last_line: usize,
    ) -> (bool, bool) {
        let lit_floor = |i: isize| {
            usize::try_from(i)
                .ok()
                .and_then(|i| {
                    (i < (map.height() * map.width()) as usize)
                        .then(|| map.tile(i))
                })
                .is_some_and(|t| t.visible && t.transparent)
        };
        if !lit_floor(behind[0]) && !lit_floor(behind[1]) {
            return (false, false);
        }
        let transparent = map.tile(c).transparent;
        let (mut visible, mut extended) = (true, false);
        let mut idx = 0;
        while idx < in_last_line && visible {
            let (start, end) =
                (&mut obstacles.start[idx], &mut obstacles.end[idx]);
            if start_slope <= *end && end_slope >= *start {
                if transparent {
                    visible = !(centre_slope > *start && centre_slope < *end);
                } else if start_slope >= *start && end_slope <= *end {
                    visible = false;
                } else {
                    *start = start.min(start_slope);
                    *end = end.max(end_slope);
                    extended = true;
                }
                if self.skips_after_overlap {
                    idx += 1;
                }
            }
            idx += 1;
        }
        (visible, extended)
    }
}
