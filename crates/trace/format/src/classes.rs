//! The colour classes of a trace: the one place their vocabulary lives.
//!
//! Every cell has a class: `w` (pair 1), `b` (pair 2), a space (the
//! terminal's own colours, and every blank), or `?`, its [`Look`] spelled
//! out (`15 default bold`).

use std::fmt;
use std::str::FromStr;

/// Pair 1's class: white on black, what the player sees.
pub const WHITE: char = 'w';
/// Pair 2's class: blue on black, what the player has seen.
pub const BLUE: char = 'b';
/// The class of the terminal's own colours, and of every blank character.
pub const PLAIN: char = ' ';
/// The class of any other look, spelled out after the colour block.
pub const ODD: char = '?';

/// Whether `c` is a colour class.
pub fn is_class(c: char) -> bool {
    matches!(c, WHITE | BLUE | PLAIN | ODD)
}

/// What each class means, for reports: `w white on black`, ...
pub fn describe(class: char) -> &'static str {
    match class {
        WHITE => "white on black (pair 1)",
        BLUE => "blue on black (pair 2)",
        PLAIN => "the terminal's own colours",
        _ => "another look",
    }
}

/// The class of a curses colour pair: `w` for 1, `b` for 2, a space for 0
/// (no pair), `?` for any other pair; a blank character is always plain.
pub fn class_of_pair(ch: char, pair: u8) -> char {
    match pair {
        _ if ch == ' ' => PLAIN,
        0 => PLAIN,
        1 => WHITE,
        2 => BLUE,
        _ => ODD,
    }
}

/// A colour as a terminal shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The terminal's default colour.
    Default,
    /// One of the 256 indexed colours (0-7 the classic eight).
    Index(u8),
    /// A true colour.
    Rgb(u8, u8, u8),
}

impl Colour {
    /// The colour as `#rrggbb` in the xterm palette (`default` as given).
    pub fn hex(self, default: &str) -> String {
        match self {
            Colour::Default => default.to_string(),
            Colour::Index(i) => {
                let (r, g, b) = xterm_rgb(i);
                Colour::Rgb(r, g, b).to_string()
            }
            rgb => rgb.to_string(),
        }
    }
}

/// The xterm palette: 16 system colours, a 6x6x6 cube, 24 greys.
fn xterm_rgb(i: u8) -> (u8, u8, u8) {
    const SYSTEM: [u32; 16] = [
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd,
        0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff,
        0x00ffff, 0xffffff,
    ];
    match i {
        0..=15 => {
            let [_, r, g, b] = SYSTEM[usize::from(i)].to_be_bytes();
            (r, g, b)
        }
        16..=231 => {
            let level = |v: u8| if v == 0 { 0 } else { 55 + 40 * v };
            let v = i - 16;
            (level(v / 36), level(v / 6 % 6), level(v % 6))
        }
        _ => {
            let g = 8 + 10 * (i - 232);
            (g, g, g)
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Colour::Default => f.write_str("default"),
            Colour::Index(i) => write!(f, "{i}"),
            Colour::Rgb(r, g, b) => write!(f, "#{r:02x}{g:02x}{b:02x}"),
        }
    }
}

impl FromStr for Colour {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let hex =
            |i: usize| u8::from_str_radix(s.get(i..i + 2).unwrap_or("x"), 16);
        match s {
            "default" => Ok(Colour::Default),
            _ if s.starts_with('#') && s.len() == 7 => {
                match (hex(1), hex(3), hex(5)) {
                    (Ok(r), Ok(g), Ok(b)) => Ok(Colour::Rgb(r, g, b)),
                    _ => Err(format!("'{s}' is not a colour")),
                }
            }
            _ => s
                .parse::<u8>()
                .map(Colour::Index)
                .map_err(|_| format!("'{s}' is not a colour")),
        }
    }
}

/// The attributes a look may have, in the order they are written.
pub const ATTRIBUTES: [&str; 6] =
    ["bold", "italic", "underline", "inverse", "dim", "blinking"];

/// The class of a non-blank cell without attributes, in these colours.
pub fn class_of_colours(fg: Colour, bg: Colour) -> char {
    match (fg, bg) {
        (Colour::Index(7), Colour::Index(0)) => WHITE,
        (Colour::Index(4), Colour::Index(0)) => BLUE,
        (Colour::Default, Colour::Default) => PLAIN,
        _ => ODD,
    }
}

/// A cell's look: its colours and attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// The foreground colour.
    pub fg: Colour,
    /// The background colour.
    pub bg: Colour,
    /// Its attributes, each one of [`ATTRIBUTES`], in that order.
    pub attributes: Vec<&'static str>,
}

impl Look {
    /// The class of a non-blank cell of this look: `w`, `b`, a space for
    /// the terminal's own colours, `?` for any other.
    pub fn class(&self) -> char {
        if !self.attributes.is_empty() {
            return ODD;
        }
        class_of_colours(self.fg, self.bg)
    }

    /// The look of a class other than `?`.
    pub fn of_class(class: char) -> Look {
        let (fg, bg) = match class {
            WHITE => (Colour::Index(7), Colour::Index(0)),
            BLUE => (Colour::Index(4), Colour::Index(0)),
            _ => (Colour::Default, Colour::Default),
        };
        Look {
            fg,
            bg,
            attributes: Vec::new(),
        }
    }

    /// Whether it has the attribute `name`.
    pub fn has(&self, name: &str) -> bool {
        self.attributes.contains(&name)
    }

    /// The look in words: "blue on the default colour, bold", "the
    /// terminal's own colours, dim".
    pub fn told(&self) -> String {
        const NAMES: [&str; 8] = [
            "black", "red", "green", "yellow", "blue", "magenta", "cyan",
            "white",
        ];
        let name = |c: Colour| match c {
            Colour::Default => "the default colour".to_string(),
            Colour::Index(i) if i < 8 => NAMES[usize::from(i)].to_string(),
            other => format!("colour {other}"),
        };
        let told = match (self.fg, self.bg) {
            (Colour::Default, Colour::Default) => describe(PLAIN).to_string(),
            (fg, bg) => format!("{} on {}", name(fg), name(bg)),
        };
        let attributes = self.attributes.iter().map(|a| format!(", {a}"));
        told + &attributes.collect::<String>()
    }
}

/// The header line of a trace read off a Windows console.
pub const CONSOLE: &str =
    "screen: a Windows console (its white on black is also plain)";

impl Look {
    /// The look of a Windows console cell's attributes (blue 1, green 2,
    /// red 4, intensity 8; foreground low, background next), as the
    /// terminal's indexed colours.
    pub fn of_console(attributes: u16) -> Look {
        let index = |bits: u16| -> u8 {
            let rgb = [(4, 1), (2, 2), (1, 4)]
                .iter()
                .filter(|(console, _)| bits & console != 0)
                .map(|(_, ansi)| ansi)
                .sum::<u8>();
            rgb + if bits & 8 != 0 { 8 } else { 0 }
        };
        let flags = [(0x4000, "inverse"), (0x8000, "underline")];
        let mut attributes_of: Vec<&'static str> = flags
            .iter()
            .filter(|(bit, _)| attributes & bit != 0)
            .map(|(_, name)| *name)
            .collect();
        attributes_of.sort_by_key(|a| ATTRIBUTES.iter().position(|b| b == a));
        Look {
            fg: Colour::Index(index(attributes & 0xf)),
            bg: Colour::Index(index(attributes >> 4 & 0xf)),
            attributes: attributes_of,
        }
    }

    /// The look as a Windows console shows it, where the terminal's own
    /// colours are white on black (PDCurses draws pair 0 as pair 1).
    pub fn on_console(&self) -> Look {
        let or = |colour, console| match colour {
            Colour::Default => Colour::Index(console),
            colour => colour,
        };
        Look {
            fg: or(self.fg, 7),
            bg: or(self.bg, 0),
            attributes: self.attributes.clone(),
        }
    }
}

impl fmt::Display for Look {
    /// `FG BG [ATTRIBUTES...]`, e.g. `15 default bold`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.fg, self.bg)?;
        for a in &self.attributes {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

impl FromStr for Look {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split(' ');
        let fg = words.next().unwrap_or_default().parse()?;
        let bg = words.next().ok_or("no background colour")?.parse()?;
        let mut attributes = Vec::new();
        for word in words {
            let known = ATTRIBUTES.iter().find(|a| **a == word);
            attributes.push(
                *known
                    .ok_or_else(|| format!("'{word}' is not an attribute"))?,
            );
        }
        Ok(Look { fg, bg, attributes })
    }
}
