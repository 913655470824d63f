//! Choosing a field of view: the C tutorial's or another tutorial's.

use std::fmt;
use std::str::FromStr;

use rogue_types::{Entity, Map};

use crate::{clear_fov_within, radius, rays, symmetric, SightTable, RADIUS};

/// A way of computing what the player sees, after one of the tutorials.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FovMode {
    /// The C tutorial's `makeFOV` (radius 15): the default, untouched.
    Tutorial,
    /// Albert Ford's symmetric shadowcasting, as libtcod's
    /// `FOV_SYMMETRIC_SHADOWCAST` with `light_walls` (python-tcod
    /// tutorial, radius 8).
    Symmetric,
    /// Bresenham rays to a circle of the radius, each up to and including
    /// the first tile that blocks sight (Caves of Zircon, radius 9).
    Rays,
    /// The rays of [`FovMode::Rays`] as a fog of war: what they reveal stays
    /// revealed and is drawn as if visible (Caves of Zircon).
    Fog,
    /// Every tile within the radius, walls or not; `Tab` turns it off and
    /// on (BearLibTerminal tutorial, radius 4).
    Radius,
}

impl FovMode {
    /// Every mode, the default first.
    pub const ALL: [FovMode; 5] = [
        FovMode::Tutorial,
        FovMode::Symmetric,
        FovMode::Rays,
        FovMode::Fog,
        FovMode::Radius,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            FovMode::Tutorial => "tutorial",
            FovMode::Symmetric => "symmetric",
            FovMode::Rays => "rays",
            FovMode::Fog => "fog",
            FovMode::Radius => "radius",
        }
    }

    /// The radius of the tutorial the mode comes from.
    pub const fn default_radius(self) -> i32 {
        match self {
            FovMode::Tutorial => RADIUS,
            FovMode::Symmetric => symmetric::DEFAULT_RADIUS,
            FovMode::Rays | FovMode::Fog => rays::DEFAULT_RADIUS,
            FovMode::Radius => radius::DEFAULT_RADIUS,
        }
    }
}

impl fmt::Display for FovMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a field-of-view name that is not one of [`FovMode::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFovMode(pub String);

impl fmt::Display for UnknownFovMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown field of view '{}' (expected tutorial, symmetric, rays, fog or radius)",
            self.0
        )
    }
}

impl std::error::Error for UnknownFovMode {}

impl FromStr for FovMode {
    type Err = UnknownFovMode;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FovMode::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| UnknownFovMode(s.to_string()))
    }
}

/// A field of view in play: its mode, its radius, and whether it is on
/// (only [`FovMode::Radius`] can be turned off, with `Tab`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fov {
    /// How it is computed.
    pub mode: FovMode,
    /// How far the player sees.
    pub radius: i32,
    /// Whether it is on; when off the whole map is shown.
    pub enabled: bool,
    /// The tiles the last `make` lit, for `clear` (all modes but the
    /// tutorial's, which clears its square as the C does).
    lit: Vec<usize>,
    /// The tutorial's walks, made at its first `make`.
    table: Option<SightTable>,
}

impl Fov {
    /// A field of view of `mode`, with its own radius unless `radius` is given.
    pub fn new(mode: FovMode, radius: Option<i32>) -> Fov {
        Fov {
            mode,
            radius: radius.unwrap_or(mode.default_radius()),
            enabled: true,
            lit: Vec::new(),
            table: None,
        }
    }

    /// `makeFOV` for this mode: marks what the player sees as visible (and,
    /// but for [`FovMode::Radius`], seen). The tutorial's lights what
    /// `make_fov_within` lights, from a [`SightTable`] of its walks.
    pub fn make(&mut self, map: &mut Map, player: &Entity) {
        let (pos, radius, lit) = (player.pos, self.radius, &mut self.lit);
        match self.mode {
            FovMode::Tutorial => self.table(map).make(map, player),
            FovMode::Symmetric => symmetric::make(map, pos, radius, lit),
            FovMode::Rays | FovMode::Fog => rays::make(map, pos, radius, lit),
            FovMode::Radius => radius::make(map, pos, radius, lit),
        }
    }

    /// `clearFOV` for this mode: nothing is visible any more. The tutorial
    /// clears the square around the player, as the C does; the other modes
    /// clear just the tiles they lit.
    pub fn clear(&mut self, map: &mut Map, player: &Entity) {
        match self.mode {
            FovMode::Tutorial => clear_fov_within(map, player, self.radius),
            _ => {
                let tiles = map.tiles_mut();
                for index in self.lit.drain(..) {
                    tiles[index].visible = false;
                }
            }
        }
    }

    /// The tutorial's table for this radius and the size of `map`, made
    /// when there is none yet.
    fn table(&mut self, map: &Map) -> &SightTable {
        let (radius, height, width) = (self.radius, map.height(), map.width());
        let table = (self.table.take())
            .filter(|table| table.fits(radius, height, width))
            .unwrap_or_else(|| SightTable::new(radius, height, width));
        self.table.insert(table)
    }

    /// Whether `Tab` turns this field of view off and on.
    pub fn toggles_with_tab(&self) -> bool {
        self.mode == FovMode::Radius
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_defaults_follow_the_tutorials() {
        for mode in FovMode::ALL {
            assert_eq!(mode.name().parse::<FovMode>(), Ok(mode));
        }
        let radii: Vec<i32> = FovMode::ALL.iter().map(|m| m.default_radius()).collect();
        assert_eq!(radii, vec![15, 8, 9, 9, 4]);
        assert!("bright"
            .parse::<FovMode>()
            .unwrap_err()
            .to_string()
            .contains("expected tutorial, symmetric"));
    }
}
