//! Choosing a field of view: the C tutorial's or another tutorial's. A mode
//! is one row of [`FovMode::ALL`], the way a part is one row of `Part::ALL`.

use std::fmt;
use std::str::FromStr;

use rogue_fov::{clear_fov, make_fov};
use rogue_types::{Entity, Map};

use crate::map_ext::MapExt;
use crate::{
    radius, rays, restrictive, symmetric, tutorial, zircon, TUTORIAL_RADIUS,
};

/// What the map shows of a tile that was seen but is out of sight now: the
/// part of a field of view that the drawing reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Memory {
    /// Seen tiles stay on the map in `SEEN_COLOR` (the C tutorial's `seen`).
    Dimmed,
    /// Seen tiles stay on the map as if visible (a fog of war).
    Revealed,
    /// Nothing is remembered: only what is visible now is drawn.
    Nothing,
}

/// How a mode computes what the player sees: each one a sibling module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// The C tutorial's `fov.c`: `make_fov` and `clear_fov`, or
    /// [`tutorial`] at another radius.
    Tutorial,
    /// [`symmetric`]: libtcod's `FOV_SYMMETRIC_SHADOWCAST`.
    Symmetric,
    /// [`restrictive`]: libtcod's `FOV_RESTRICTIVE` (MRPAS).
    Restrictive,
    /// [`rays`]: Caves of Zircon's rays, the blocking tile included.
    Rays,
    /// [`zircon::lines`]: the Zircon Kotlin tutorial's lines, the blocking
    /// tile excluded.
    Lines,
    /// [`radius`]: every tile within the radius, walls or not.
    Disc,
}

/// A way of computing and showing what the player sees, after one of the
/// tutorials: one row of [`FovMode::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FovMode {
    /// The name used on the command line.
    pub name: &'static str,
    /// How it is computed.
    pub algorithm: Algorithm,
    /// The radius of the tutorial it comes from.
    pub default_radius: i32,
    /// What the map shows of tiles seen before.
    pub memory: Memory,
    /// `Some(on at start)` when `Tab` turns it off and on; `None` when it
    /// is always on.
    pub tab: Option<bool>,
    /// The tutorial and library function it reproduces.
    pub reproduces: &'static str,
}

impl FovMode {
    /// The C tutorial's `makeFOV` (radius 15): the default, untouched.
    pub const TUTORIAL: FovMode = FovMode {
        name: "tutorial",
        algorithm: Algorithm::Tutorial,
        default_radius: TUTORIAL_RADIUS,
        memory: Memory::Dimmed,
        tab: None,
        reproduces: "the C tutorial, fov.c makeFOV",
    };
    /// Symmetric shadowcasting with lit walls (radius 8).
    pub const SYMMETRIC: FovMode = FovMode {
        name: "symmetric",
        algorithm: Algorithm::Symmetric,
        default_radius: symmetric::DEFAULT_RADIUS,
        memory: Memory::Dimmed,
        tab: None,
        reproduces:
            "libtcod FOV_SYMMETRIC_SHADOWCAST (compute_fov, light_walls=True)",
    };
    /// The python-tcod tutorial's field of view (radius 8).
    pub const RESTRICTIVE: FovMode = FovMode {
        name: "restrictive",
        algorithm: Algorithm::Restrictive,
        default_radius: restrictive::DEFAULT_RADIUS,
        memory: Memory::Dimmed,
        tab: None,
        reproduces: "python-tcod tutorial, tcod.map.compute_fov(radius=8): FOV_RESTRICTIVE",
    };
    /// Caves of Zircon's rays; seen tiles dimmed (radius 9).
    pub const RAYS: FovMode = FovMode {
        name: "rays",
        algorithm: Algorithm::Rays,
        default_radius: rays::DEFAULT_RADIUS,
        memory: Memory::Dimmed,
        tab: None,
        reproduces: "Caves of Zircon, World.findVisiblePositionsFor",
    };
    /// Caves of Zircon's rays as its fog of war: revealed tiles stay as if
    /// visible (radius 9).
    pub const FOG: FovMode = FovMode {
        name: "fog",
        algorithm: Algorithm::Rays,
        default_radius: rays::DEFAULT_RADIUS,
        memory: Memory::Revealed,
        tab: None,
        reproduces: "Caves of Zircon, FogOfWar over findVisiblePositionsFor",
    };
    /// The Zircon Kotlin tutorial's lines; walls are never lit, explored
    /// tiles dimmed (radius 11).
    pub const LINES: FovMode = FovMode {
        name: "lines",
        algorithm: Algorithm::Lines,
        default_radius: zircon::LINES_RADIUS,
        memory: Memory::Dimmed,
        tab: None,
        reproduces:
            "Zircon Kotlin tutorial (roguelikedev 2020), Part 3 UpdateFovAction",
    };
    /// The BearLibTerminal tutorial's disc (radius 4), off until `Tab`.
    pub const RADIUS: FovMode = FovMode {
        name: "radius",
        algorithm: Algorithm::Disc,
        default_radius: radius::DEFAULT_RADIUS,
        memory: Memory::Nothing,
        tab: Some(false),
        reproduces: "BearLibTerminal tutorial, Map::isinFov and drawAll",
    };

    /// Every mode, the default first.
    pub const ALL: [FovMode; 7] = [
        FovMode::TUTORIAL,
        FovMode::SYMMETRIC,
        FovMode::RESTRICTIVE,
        FovMode::RAYS,
        FovMode::FOG,
        FovMode::LINES,
        FovMode::RADIUS,
    ];

    /// The names of every mode, for help and error texts: `a, b or c`.
    pub fn names() -> String {
        let names: Vec<&str> = FovMode::ALL.iter().map(|m| m.name).collect();
        let (last, rest) = names.split_last().expect("there are modes");
        format!("{} or {last}", rest.join(", "))
    }

    /// The names of the modes that `Tab` turns off and on.
    pub fn tab_names() -> Vec<&'static str> {
        FovMode::ALL
            .iter()
            .filter(|m| m.tab.is_some())
            .map(|m| m.name)
            .collect()
    }
}

impl fmt::Display for FovMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// The error for a field-of-view name that is not one of [`FovMode::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFovMode(pub String);

impl fmt::Display for UnknownFovMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown field of view '{}' (expected {})",
            self.0,
            FovMode::names()
        )
    }
}

impl std::error::Error for UnknownFovMode {}

impl FromStr for FovMode {
    type Err = UnknownFovMode;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        FovMode::ALL
            .into_iter()
            .find(|m| m.name == s)
            .ok_or_else(|| UnknownFovMode(s.to_string()))
    }
}

/// A field of view in play: its mode, its radius, and whether it is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fov {
    /// How it is computed and shown.
    pub mode: FovMode,
    /// How far the player sees.
    pub radius: i32,
    /// Whether it is on; when off the whole map is shown.
    pub enabled: bool,
    /// The tiles the last `make` lit, for `clear` (all modes but the
    /// tutorial's, which clears its square as the C does).
    lit: Vec<usize>,
}

impl Fov {
    /// A field of view of `mode`, with its own radius unless `radius` is
    /// given, on or off at start as the mode says.
    pub fn new(mode: FovMode, radius: Option<i32>) -> Fov {
        Fov {
            mode,
            radius: radius.unwrap_or(mode.default_radius),
            enabled: mode.tab.unwrap_or(true),
            lit: Vec::new(),
        }
    }

    /// `makeFOV` for this mode: marks what the player sees as visible and
    /// seen. The tutorial's is `make_fov`, the C function (at another
    /// radius, [`tutorial::make_within`]).
    pub fn make(&mut self, map: &mut Map, player: &Entity) {
        let (pos, radius, lit) = (player.pos, self.radius, &mut self.lit);
        match self.mode.algorithm {
            Algorithm::Tutorial if radius == TUTORIAL_RADIUS => {
                make_fov(map, player)
            }
            Algorithm::Tutorial => tutorial::make_within(map, player, radius),
            Algorithm::Symmetric => symmetric::make(map, pos, radius, lit),
            Algorithm::Restrictive => restrictive::make(map, pos, radius, lit),
            Algorithm::Rays => rays::make(map, pos, radius, lit),
            Algorithm::Lines => zircon::lines(map, pos, radius, lit),
            Algorithm::Disc => radius::make(map, pos, radius, lit),
        }
    }

    /// `clearFOV` for this mode: nothing is visible any more. The tutorial's
    /// is `clear_fov_within`, the C function; the other modes clear just the
    /// tiles they lit.
    pub fn clear(&mut self, map: &mut Map, player: &Entity) {
        match self.mode.algorithm {
            Algorithm::Tutorial if self.radius == TUTORIAL_RADIUS => {
                clear_fov(map, player)
            }
            Algorithm::Tutorial => {
                tutorial::clear_within(map, player, self.radius)
            }
            _ => {
                for index in self.lit.drain(..) {
                    map.tile_mut(index).visible = false;
                }
            }
        }
    }

    /// Whether this is the C tutorial's own field of view, `fov.c` at its
    /// radius.
    pub fn is_tutorial(&self) -> bool {
        self.mode == FovMode::TUTORIAL && self.radius == TUTORIAL_RADIUS
    }

    /// `Tab`: turns the field of view off or on, in the modes that toggle.
    pub fn toggle(&mut self) {
        if self.mode.tab.is_some() {
            self.enabled = !self.enabled;
        }
    }

    /// What the map shows now: `None` when the field of view is off (every
    /// tile in its own colour), else what the mode remembers.
    pub fn memory(&self) -> Option<Memory> {
        self.enabled.then_some(self.mode.memory)
    }
}

/// Marks the tile at `index` visible and seen, noting it in `lit` if it was
/// not visible: how every mode but the tutorial's lights a tile.
#[inline]
pub(crate) fn light(map: &mut Map, index: usize, lit: &mut Vec<usize>) {
    let tile = map.tile_mut(index);
    if !tile.visible {
        tile.visible = true;
        lit.push(index);
    }
    tile.seen = true;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_defaults_follow_the_tutorials() {
        for mode in FovMode::ALL {
            assert_eq!(mode.name.parse::<FovMode>(), Ok(mode));
        }
        let radii: Vec<i32> =
            FovMode::ALL.iter().map(|m| m.default_radius).collect();
        assert_eq!(radii, vec![15, 8, 8, 9, 9, 11, 4]);
        assert!("bright"
            .parse::<FovMode>()
            .unwrap_err()
            .to_string()
            .contains("expected tutorial, symmetric, restrictive, rays, fog, lines or radius"));
    }

    #[test]
    fn only_radius_toggles_and_it_starts_off() {
        assert_eq!(FovMode::tab_names(), vec!["radius"]);
        let mut fov = Fov::new(FovMode::RADIUS, None);
        assert_eq!(fov.memory(), None);
        fov.toggle();
        assert_eq!(fov.memory(), Some(Memory::Nothing));
        let mut tutorial = Fov::new(FovMode::TUTORIAL, None);
        tutorial.toggle();
        assert_eq!(tutorial.memory(), Some(Memory::Dimmed));
    }
}
