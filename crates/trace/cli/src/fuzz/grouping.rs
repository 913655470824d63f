//! How `fuzz` tells one bug from another: a case's first difference (its
//! first differing screen, or a side that ended where the other did not)
//! and its kind, named as a porter would name it from the C's own drawing
//! rules (`drawEverything`): a tile in sight is drawn in the visible
//! colour, a tile seen before in the seen colour, any other left blank, and
//! the player `@` drawn last.

use std::collections::BTreeSet;
use std::fmt;

use rogue_trace_format::classes::{Look, ATTRIBUTES, BLUE, PLAIN, WHITE};
use rogue_trace_format::diff::{
    cells_differing_as, heard_apart, heard_told, on_console,
};
use rogue_trace_format::played::Played;
use rogue_trace_format::{is_resize, key_told, Step, Trace, SUSPEND};

use crate::compared::{Compared, ROLES};

/// What a first difference is, in a porter's words; the kinds of a screen
/// in order of precedence, the first a screen shows naming it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The `@` cells differ.
    Player,
    /// A cell drawn on both sides, with other characters.
    Map,
    /// A cell blank on one side, a tile on the other.
    Seen,
    /// A cell in the visible colour on one side, in the seen colour on the
    /// other, its character the same.
    Lit,
    /// The same cells seen, with the same characters, but one side draws
    /// the visible and the seen colour alike: every cell the other side
    /// shows remembered it shows lit (or every lit one remembered).
    OneColour,
    /// A cell in other colours, its character the same, not the visible
    /// and the seen colour.
    Colours,
    /// Blank cells on another background (a blank on black is plain,
    /// as curses takes the terminal's own colours for white on black).
    Background,
    /// A cell with other attributes (bold, ...), its character and
    /// colours the same: the attributes found on one side only.
    Attributes(Vec<&'static str>),
    /// A side ended where the other went on, or both ended apart: how each
    /// that ended there did
    /// ([`rogue_trace_format::played::Played::how`]).
    Stopped(Vec<String>),
    /// Both sides ended alike, but left the terminal otherwise: how
    /// each that did not restore it left it.
    Terminal(Vec<String>),
    /// Both sides ended alike, the terminal left alike, but what they
    /// left on its main screen differs.
    LastWords,
    /// The same screen, but the cursor shown on one side and hidden on
    /// the other, or shown at another cell.
    Cursor,
    /// At `^Z`, a side still showed its game where the other, suspended,
    /// left the terminal's main screen: who did not suspend.
    NotSuspended(String),
    /// After a resize, a side showed its screen before it, cut or padded
    /// to the new size, where the other drew again: who did not.
    NotRedrawn(String),
    /// A side wrote to its standard error where the other did not, or
    /// other words: who did ([`crate::stderr::who`]).
    Stderr(String),
    /// A side's terminal heard what the other's did not: a bell at the
    /// same key, or an escape sequence the emulator leaves unhandled that
    /// the other never wrote, by its bytes; who, and what
    /// ([`rogue_trace_format::diff::heard_told`]).
    Heard(String),
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Player => write!(f, "the player is elsewhere (the @ cells differ)"),
            Kind::Map => write!(f, "the map differs (a cell drawn on both sides, with other characters)"),
            Kind::Seen => write!(f, "a cell is seen on one side, never on the other (a tile on one side, blank on the other)"),
            Kind::Lit => write!(f, "a cell is lit on one side and only remembered on the other (the same character, in the visible colour on one side and the seen colour on the other)"),
            Kind::OneColour => write!(f, "{ONE_COLOUR}: one side draws the remembered cells in the visible colour, or the lit ones in the seen colour (the same cells seen; only their colour differs)"),
            Kind::Colours => write!(f, "a cell is drawn in other colours (the same character)"),
            Kind::Background => write!(f, "a blank cell is drawn on another background (the same blank)"),
            Kind::Attributes(names) => write!(f, "{}: a cell is drawn {} on one side only (the same character and colours)", ATTRIBUTE, names.join(" and ")),
            Kind::Stopped(hows) => {
                write!(f, "a side stopped or died: {}", hows.join(", "))
            }
            Kind::Terminal(hows) => write!(
                f,
                "the two sides leave the terminal in different states: {}",
                hows.join("; ")
            ),
            Kind::NotSuspended(who) => write!(f, "{who} did not suspend at ^Z (its game stayed on the screen where the other's left it, stopped)"),
            Kind::NotRedrawn(who) => write!(f, "{who} did not draw the game again after a resize (its screen before, cut or padded to the new size)"),
            Kind::Cursor => write!(f, "the cursor differs (shown on one side and hidden on the other, or at another cell; the screens the same; --ignore-cursor leaves it out, to find what else differs)"),
            Kind::LastWords => write!(f, "the last words differ (what a side left on the terminal's main screen: words after leaving curses, its standard error, a game drawn outside the alternate screen)"),
            Kind::Stderr(who) => {
                write!(f, "writes to standard error: {who}")
            }
            Kind::Heard(told) => write!(f, "the terminal hears otherwise: {told}"),
        }
    }
}

impl Kind {
    /// The group of the differences of this kind, named: one bug, one
    /// group. A cell seen on one side only and a cell lit on one side only
    /// are one group, the field of view's: a field of view of another
    /// radius shows the one or the other first, as the player comes into
    /// a place or leaves it.
    pub fn group(&self) -> String {
        match self {
            Kind::Seen | Kind::Lit => FIELD_OF_VIEW.to_string(),
            kind => kind.to_string(),
        }
    }

    /// The kind for a person, with its group where the group is wider.
    pub fn in_group(&self) -> String {
        match self {
            Kind::Seen | Kind::Lit => format!("{FIELD_OF_VIEW}: {self}"),
            kind => kind.to_string(),
        }
    }
}

/// The group of [`Kind::Seen`] and [`Kind::Lit`].
pub const FIELD_OF_VIEW: &str = "the field of view differs";

/// The screen of the C's dungeon, `MAP_WIDTH` by `MAP_HEIGHT`: the size
/// a difference is named at.
pub const DUNGEON: (u16, u16) = (100, 25);

/// What [`Kind::OneColour`] says first.
const ONE_COLOUR: &str =
    "a colour differs, not the field of view: the seen colour is drawn as the visible one";

/// What [`Kind::Attributes`] says first.
const ATTRIBUTE: &str = "an attribute differs";

/// A case's first difference: where, what typed it, its kind, and what
/// its screen shows of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstDifference {
    /// The step: the first differing screen, or the first a side has no
    /// screen for, having ended.
    pub step: usize,
    /// The key typed just before; `None` for the first screen.
    pub key: Option<char>,
    /// Its kind.
    pub kind: Kind,
    /// The cells that differ on its screen, row and column (none when a
    /// side ended).
    pub cells: BTreeSet<(usize, usize)>,
    /// Where the reference's and the port's `@` are on its screen (when a
    /// side ended, on the last screen both have), if shown.
    pub players: [Option<(usize, usize)>; 2],
}

impl FirstDifference {
    /// The smallest screen, columns and rows, that shows both players and
    /// every differing cell; `None` if there is nothing to show.
    pub fn view(&self) -> Option<(u16, u16)> {
        let shown = self.cells.iter().chain(self.players.iter().flatten());
        let corner =
            shown.fold(None, |corner: Option<(usize, usize)>, &(y, x)| {
                let (rows, cols) = corner.unwrap_or((0, 0));
                Some((rows.max(y + 1), cols.max(x + 1)))
            })?;
        Some((corner.1 as u16, corner.0 as u16))
    }

    /// Whether `self` is `found`'s first difference as a shrunk case must
    /// keep it: typed by the same key (or both the first screen), of the
    /// same kind, each player shown that `found` shows.
    pub fn keeps(&self, found: &FirstDifference) -> bool {
        let shown = |d: &FirstDifference| d.players.map(|p| p.is_some());
        let lost = shown(found).iter().zip(shown(self)).any(|(&f, s)| f && !s);
        self.key == found.key && self.kind == found.kind && !lost
    }

    /// Where it is, for a person: `the first screen`, or `step N, typed by
    /// KEY`.
    pub fn place(&self) -> String {
        match self.key {
            None => "the first screen".to_string(),
            Some(key) if rogue_trace_format::is_event(key) => {
                format!("step {}, after {}", self.step, key_told(key))
            }
            Some(key) => {
                format!("step {}, typed by {}", self.step, key_told(key))
            }
        }
    }
}

/// The first difference of `outcome`, if it differs: its first differing
/// screen, unless a side ended before it where the other did not end
/// alike; words on standard error written at or before that screen (and
/// before a side ended, or as it ended leaving other last words) first.
pub fn first_difference(outcome: &Compared) -> Option<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let stop = stop_step(outcome);
    let screens =
        differing_screen(outcome).filter(|s| stop.is_none_or(|t| s.0 < t));
    let key_of = |step| outcome.reference.key_at(step);
    let stderr = stderr_first(outcome, stop, screens.as_ref());
    let cursor = differing_cursor(outcome)
        .filter(|&c| stop.is_none_or(|t| c < t))
        .filter(|&c| screens.as_ref().is_none_or(|s| c < s.0));
    if let Some(found) = stderr.filter(|f| cursor.is_none_or(|c| f.step <= c)) {
        return Some(found);
    }
    let heard = differing_heard(outcome)
        .filter(|h| stop.is_none_or(|t| h.step < t))
        .filter(|h| screens.as_ref().is_none_or(|s| h.step < s.0))
        .filter(|h| cursor.is_none_or(|c| h.step < c));
    if let Some(found) = heard {
        return Some(found);
    }
    if let Some(step) = cursor {
        let (step_a, step_b) = (screen(a, step)?, screen(b, step)?);
        return Some(FirstDifference {
            step,
            key: key_of(step),
            kind: Kind::Cursor,
            cells: BTreeSet::new(),
            players: [player(step_a), player(step_b)],
        });
    }
    if let Some((step, cells)) = screens {
        let (step_a, step_b) = (screen(a, step)?, screen(b, step)?);
        let kind = match key_of(step) {
            Some(k) if is_resize(k) => not_redrawn([a, b], step),
            Some(SUSPEND) => not_suspended([step_a, step_b]),
            _ => None,
        };
        let kind = kind.unwrap_or_else(|| screen_kind(step_a, step_b, &cells));
        return Some(FirstDifference {
            step,
            key: key_of(step),
            kind,
            cells,
            players: [player(step_a), player(step_b)],
        });
    }
    let step = stop?;
    let before = step.checked_sub(1);
    let player_at =
        |t: &Trace| before.and_then(|s| screen(t, s)).and_then(player);
    Some(FirstDifference {
        step,
        key: key_of(step),
        kind: ending_kind(outcome)
            .unwrap_or_else(|| Kind::Stopped(hows(outcome, step))),
        cells: BTreeSet::new(),
        players: [player_at(a), player_at(b)],
    })
}

/// The first words on standard error that differ, as the first
/// difference, if they came no later than the first differing screen
/// `screens`, and before the step `stop` a side ended at (or at it, if
/// the endings differ in their last words alone).
fn stderr_first(
    outcome: &Compared,
    stop: Option<usize>,
    screens: Option<&(usize, BTreeSet<(usize, usize)>)>,
) -> Option<FirstDifference> {
    let first = outcome.stderr_differences().into_iter().next()?;
    let step = first.step;
    let words_only = ending_kind(outcome) == Some(Kind::LastWords);
    let before_stop =
        stop.is_none_or(|t| step < t || (step == t && words_only));
    if !before_stop || screens.is_some_and(|s| s.0 < step) {
        return None;
    }
    let shown = |p: &Played| {
        let last = p.trace.steps.iter().rfind(|s| s.number <= step);
        last.and_then(player)
    };
    Some(FirstDifference {
        step,
        key: outcome.reference.key_at(step),
        kind: Kind::Stderr(crate::stderr::who(&first)),
        cells: BTreeSet::new(),
        players: [shown(&outcome.reference), shown(&outcome.port)],
    })
}

/// The kind of a difference in the endings alone: both sides ended the
/// same way after the same keys, but left the terminal otherwise, or
/// other last words.
fn ending_kind(outcome: &Compared) -> Option<Kind> {
    let (a, b) = (outcome.reference.ending()?, outcome.port.ending()?);
    let same_keys = outcome.reference.typed() == outcome.port.typed();
    if a.exit != b.exit || !same_keys {
        return None;
    }
    if !a.left.agrees(&b.left) {
        let hows = ROLES
            .iter()
            .zip([a, b])
            .filter(|(_, e)| !e.left.not_restored().is_empty())
            .map(|(role, e)| {
                format!("{role} left it {}", e.left.not_restored().join(", "))
            })
            .collect();
        return Some(Kind::Terminal(hows));
    }
    (a.last_words != b.last_words).then_some(Kind::LastWords)
}

/// The step `number` of `trace`, if it has one.
pub fn screen(trace: &Trace, number: usize) -> Option<&Step> {
    trace.steps.iter().find(|s| s.number == number)
}

/// The first screen both sides have that differs, and its differing cells.
fn differing_screen(
    outcome: &Compared,
) -> Option<(usize, BTreeSet<(usize, usize)>)> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let console = on_console(a, b);
    let options = outcome.report.options;
    a.steps.iter().find_map(|step_a| {
        let step_b = screen(b, step_a.number)?;
        let cells = cells_differing_as(step_a, step_b, console, options);
        (!cells.is_empty())
            .then(|| (step_a.number, cells.into_iter().collect()))
    })
}

/// The side that, at a `^Z`, still shows its game where the other's
/// screen is blank (the terminal's main screen, its program stopped): a
/// program that reads `^Z` as a key (raw mode) instead of suspending.
fn not_suspended([a, b]: [&Step; 2]) -> Option<Kind> {
    let blank = |s: &Step| s.text.iter().all(|row| row.trim().is_empty());
    match (blank(a), blank(b)) {
        (true, false) => Some(Kind::NotSuspended(ROLES[1].to_string())),
        (false, true) => Some(Kind::NotSuspended(ROLES[0].to_string())),
        _ => None,
    }
}

/// The side that, at the resize of `step`, still shows its screen before
/// it where the other drew again: a program that ignores the resize
/// (`KEY_RESIZE`, `SIGWINCH`). A terminal keeps a screen nobody draws
/// again cut or padded to the new size, its top rows gone if it shrank
/// below the cursor; curses draws the game again from the top left. So a
/// side not drawn again is one whose screen is its screen before with top
/// rows gone where drawing again would keep them, or, on a terminal
/// grown, its screen before padded where the other's is not.
fn not_redrawn(sides: [&Trace; 2], step: usize) -> Option<Kind> {
    let [a, b] = sides.map(|t| around(t, step));
    let ((a_before, a_now), (b_before, b_now)) = (a?, b?);
    let grew = a_now.text.len() >= a_before.text.len()
        && a_now.text.first().map(|r| r.chars().count())
            >= a_before.text.first().map(|r| r.chars().count());
    let top = [kept(a_before, a_now, 0), kept(b_before, b_now, 0)];
    let shifted =
        [(a_before, a_now), (b_before, b_now)].map(|(before, now)| {
            (1..before.text.len()).any(|g| kept(before, now, g))
        });
    let stale = [0, 1]
        .map(|i| (shifted[i] && !top[i]) || (grew && top[i] && !top[1 - i]));
    match stale {
        [true, false] => Some(Kind::NotRedrawn(ROLES[0].to_string())),
        [false, true] => Some(Kind::NotRedrawn(ROLES[1].to_string())),
        _ => None,
    }
}

/// The screens of `trace` before step `step` and at it.
fn around(trace: &Trace, step: usize) -> Option<(&Step, &Step)> {
    let before = step.checked_sub(1).and_then(|s| screen(trace, s))?;
    Some((before, screen(trace, step)?))
}

/// Whether `now` is `before`, its top `gone` rows gone, cut or padded
/// with blanks to its size, its colours too.
fn kept(before: &Step, now: &Step, gone: usize) -> bool {
    let fits = |old: &[String], new: &[String]| {
        new.iter().enumerate().all(|(y, row)| {
            let was = old.get(y + gone).map_or("", String::as_str);
            let mut was = was.chars();
            row.chars().all(|c| c == was.next().unwrap_or(' '))
        })
    };
    fits(&before.text, &now.text) && fits(&before.colours, &now.colours)
}

/// The first step both sides have whose cursors differ, where they are
/// compared ([`rogue_trace_format::diff::DiffOptions::cursor_difference`]).
fn differing_cursor(outcome: &Compared) -> Option<usize> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let options = &outcome.report.options;
    a.steps.iter().find_map(|step_a| {
        let step_b = screen(b, step_a.number)?;
        options
            .cursor_difference(step_a, step_b)
            .map(|_| step_a.number)
    })
}

/// The first step both sides have where one side's terminal heard what
/// the other's did not ([`heard_apart`]), as a first difference.
fn differing_heard(outcome: &Compared) -> Option<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    a.steps.iter().find_map(|step_a| {
        let step_b = screen(b, step_a.number)?;
        let (side, what) = heard_apart([a, b], [step_a, step_b]).pop()?;
        Some(FirstDifference {
            step: step_a.number,
            key: outcome.reference.key_at(step_a.number),
            kind: Kind::Heard(heard_told(ROLES, side, &what)),
            cells: BTreeSet::new(),
            players: [player(step_a), player(step_b)],
        })
    })
}

/// The first step a side has no screen for, having ended where the other
/// did not end alike; `None` if the sides ended alike.
fn stop_step(outcome: &Compared) -> Option<usize> {
    if outcome.reference.alike(&outcome.port) {
        return None;
    }
    let sides = outcome.sides().into_iter();
    let ended = sides.filter(|played| !played.still_running());
    ended.map(|played| screens_before_end(&played.trace)).min()
}

/// How many screens a trace has in a row from step 0: the step after them
/// is the first its program did not draw.
fn screens_before_end(trace: &Trace) -> usize {
    trace
        .steps
        .iter()
        .enumerate()
        .take_while(|(i, s)| s.number == *i)
        .count()
}

/// How each side that ended at `step` did ([`Played::how`]).
fn hows(outcome: &Compared, step: usize) -> Vec<String> {
    ROLES
        .iter()
        .zip(outcome.sides())
        .filter(|(_, played)| {
            !played.still_running() && screens_before_end(&played.trace) == step
        })
        .map(|(role, played)| format!("{role} {}", played.how()))
        .chain(went_on(outcome))
        .collect()
}

/// "the port went on", if it did ([`Compared::port_went_on`]).
fn went_on(outcome: &Compared) -> Option<String> {
    outcome
        .port_went_on()
        .then(|| format!("{} went on", ROLES[1]))
}

/// Where the first `@` of a screen is, row and column.
pub fn player(step: &Step) -> Option<(usize, usize)> {
    step.text
        .iter()
        .enumerate()
        .find_map(|(y, row)| row.chars().position(|c| c == '@').map(|x| (y, x)))
}

/// Whether two first screens show other dungeons, broadly: not one
/// dungeon with its rooms moved by a cell (an off-by-one in placing
/// them), where the players stand at most a cell apart and nearly every
/// tile one side draws is the other's, a cell over. Only a broad
/// difference hints that the port's seed or generator differ.
pub fn dungeons_differ(a: &Step, b: &Step) -> bool {
    let near = match (player(a), player(b)) {
        (Some(p), Some(q)) => p.0.abs_diff(q.0) <= 1 && p.1.abs_diff(q.1) <= 1,
        _ => false,
    };
    let drawn: Vec<(usize, usize, char)> = tiles(a).collect();
    let same_moved = |(dy, dx): (isize, isize)| {
        let at = |y: usize, x: usize| {
            let (y, x) = (y.checked_add_signed(dy)?, x.checked_add_signed(dx)?);
            b.text.get(y)?.chars().nth(x)
        };
        drawn
            .iter()
            .filter(|&&(y, x, c)| at(y, x) == Some(c))
            .count()
    };
    let shifts = (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dy, dx)));
    let best = shifts.map(same_moved).max().unwrap_or(0);
    !(near && best * 10 >= drawn.len() * 9)
}

/// The tiles a screen draws: every cell but blanks and the player.
fn tiles(step: &Step) -> impl Iterator<Item = (usize, usize, char)> + '_ {
    step.text.iter().enumerate().flat_map(|(y, row)| {
        row.chars()
            .enumerate()
            .filter(|&(_, c)| c != ' ' && c != '@')
            .map(move |(x, c)| (y, x, c))
    })
}

/// The kind of a differing screen, `a` against `b`, whose differing cells
/// are `cells`: the first of [`Kind`]'s kinds one of them shows. Cells lit
/// on one side and remembered on the other are one colour drawn for
/// another ([`Kind::OneColour`]) where a side shows only one of the two
/// colours and the other both.
fn screen_kind(a: &Step, b: &Step, cells: &BTreeSet<(usize, usize)>) -> Kind {
    let looked: Vec<[(char, Look); 2]> = cells
        .iter()
        .map(|&(y, x)| [cell(a, y, x), cell(b, y, x)])
        .collect();
    let kinds: BTreeSet<u8> =
        looked.iter().map(|[a, b]| cell_kind(a, b)).collect();
    match kinds.first() {
        Some(0) => Kind::Player,
        Some(1) => Kind::Map,
        Some(2) => Kind::Seen,
        Some(3) if one_colour(a, b) => Kind::OneColour,
        Some(3) => Kind::Lit,
        Some(4) if looked.iter().flatten().all(|c| c.0 == ' ') => {
            Kind::Background
        }
        Some(4) => Kind::Colours,
        _ => Kind::Attributes(attributes_apart(&looked)),
    }
}

/// Whether one side shows cells in the visible and the seen colour and
/// the other in one of them only: one colour drawn for the other, not a
/// field of view that lights other cells.
fn one_colour(a: &Step, b: &Step) -> bool {
    let shows = |step: &Step, class: char| {
        let rows = step.colours.iter().zip(&step.text);
        rows.flat_map(|(c, t)| c.chars().zip(t.chars()))
            .any(|(c, ch)| c == class && ch != '@')
    };
    let both = |s: &Step| [shows(s, WHITE), shows(s, BLUE)];
    let (a, b) = (both(a), both(b));
    let one = |s: [bool; 2]| s[0] != s[1];
    (a == [true, true] && one(b)) || (b == [true, true] && one(a))
}

/// The attributes some differing cell has on one side only.
fn attributes_apart(looked: &[[(char, Look); 2]]) -> Vec<&'static str> {
    let apart = |[a, b]: &[(char, Look); 2]| {
        let one = |x: &Look, y: &Look| {
            x.attributes
                .iter()
                .filter(|n| !y.has(n))
                .copied()
                .collect::<Vec<_>>()
        };
        [one(&a.1, &b.1), one(&b.1, &a.1)].concat()
    };
    let names: BTreeSet<&str> = looked.iter().flat_map(apart).collect();
    ATTRIBUTES
        .into_iter()
        .filter(|n| names.contains(n))
        .collect()
}

/// A cell's character and look, a blank if it has none.
fn cell(step: &Step, y: usize, x: usize) -> (char, Look) {
    let ch = step
        .text
        .get(y)
        .and_then(|r| r.chars().nth(x))
        .unwrap_or(' ');
    let look = step.looks(y).into_iter().nth(x);
    (ch, look.unwrap_or_else(|| Look::of_class(PLAIN)))
}

/// The rank of a differing cell's kind: 0 the player, 1 the map, 2 seen,
/// 3 lit, 4 other colours, 5 other attributes.
fn cell_kind(
    (ch_a, look_a): &(char, Look),
    (ch_b, look_b): &(char, Look),
) -> u8 {
    let classes = [look_a.class(), look_b.class()];
    let lit_and_seen = classes == [WHITE, BLUE] || classes == [BLUE, WHITE];
    let colours = (look_a.fg, look_a.bg) != (look_b.fg, look_b.bg);
    match () {
        _ if (*ch_a == '@') != (*ch_b == '@') => 0,
        _ if ch_a != ch_b && *ch_a != ' ' && *ch_b != ' ' => 1,
        _ if ch_a != ch_b => 2,
        _ if lit_and_seen => 3,
        _ if colours => 4,
        _ => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(rows: &[&str], colours: &[&str]) -> Step {
        Step {
            number: 1,
            key: Some('l'),
            text: rows.iter().map(|r| r.to_string()).collect(),
            colours: colours.iter().map(|r| r.to_string()).collect(),
            odd: Vec::new(),
            cursor: Default::default(),
            heard: Vec::new(),
        }
    }

    fn kind_of(a: &Step, b: &Step) -> Kind {
        let cells = cells_differing_as(a, b, false, Default::default());
        screen_kind(a, b, &cells.into_iter().collect())
    }

    #[test]
    fn a_screen_is_named_by_its_first_kind_in_precedence() {
        let a = step(&["#.@.#", "#...#"], &["wwwww", "bbbbb"]);
        // The player one cell over, and the map, seen and lit besides.
        let moved = step(&["#..@ ", "#,..#"], &["wwww ", "bbbbw"]);
        assert_eq!(kind_of(&a, &moved), Kind::Player);
        let map = step(&["#.@  ", "#,..#"], &["www  ", "bbbbw"]);
        assert_eq!(kind_of(&a, &map), Kind::Map);
        let seen = step(&["#.@  ", "#...#"], &["www  ", "bbbbw"]);
        assert_eq!(kind_of(&a, &seen), Kind::Seen);
        let lit = step(&["#.@.#", "#...#"], &["wwwww", "bbbbw"]);
        assert_eq!(kind_of(&a, &lit), Kind::Lit);
        let odd = step(&["#.@.#", "#...#"], &["wwwww", "bbbb "]);
        assert_eq!(kind_of(&a, &odd), Kind::Colours);
    }

    #[test]
    fn one_colour_for_another_is_not_the_field_of_view() {
        let a = step(&["#.@.#", "#...#"], &["wwwww", "bbbbb"]);
        // Every remembered cell in the visible colour: no seen colour left.
        let all_lit = step(&["#.@.#", "#...#"], &["wwwww", "wwwww"]);
        assert_eq!(kind_of(&a, &all_lit), Kind::OneColour);
        assert_eq!(kind_of(&all_lit, &a), Kind::OneColour);
        // A few cells left lit, others still remembered: more cells lit.
        let some_lit = step(&["#.@.#", "#...#"], &["wwwww", "wwbbb"]);
        assert_eq!(kind_of(&a, &some_lit), Kind::Lit);
        assert_eq!(kind_of(&a, &some_lit).group(), FIELD_OF_VIEW);
    }

    #[test]
    fn an_attribute_alone_is_named() {
        let a = step(&["#.@.#", "#...#"], &["wwwww", "bbbbb"]);
        let mut bold = step(&["#.@.#", "#...#"], &["wwwww", "?bbbb"]);
        bold.odd = vec![rogue_trace_format::OddCell {
            y: 1,
            x: 0,
            look: Look {
                attributes: vec!["bold"],
                ..Look::of_class(BLUE)
            },
        }];
        let kind = kind_of(&a, &bold);
        assert_eq!(kind, Kind::Attributes(vec!["bold"]));
        assert!(kind.to_string().contains("drawn bold on one side only"));
    }

    #[test]
    fn the_view_holds_both_players_and_every_differing_cell() {
        let difference = FirstDifference {
            step: 3,
            key: Some('y'),
            kind: Kind::Player,
            cells: [(2, 9), (4, 1)].into(),
            players: [Some((2, 9)), Some((1, 10))],
        };
        assert_eq!(difference.view(), Some((11, 5)));
        let nothing = FirstDifference {
            cells: BTreeSet::new(),
            players: [None, None],
            ..difference.clone()
        };
        assert_eq!(nothing.view(), None);
        // A player the found case shows is kept in view, the key and the
        // kind kept too.
        let one_player = FirstDifference {
            players: [Some((2, 9)), None],
            ..difference.clone()
        };
        assert!(difference.keeps(&difference));
        assert!(!one_player.keeps(&difference));
        assert!(difference.keeps(&one_player));
        let other_key = FirstDifference {
            key: Some('u'),
            ..difference.clone()
        };
        assert!(!other_key.keeps(&difference));
        let other_kind = FirstDifference {
            kind: Kind::Map,
            ..difference.clone()
        };
        assert!(!other_kind.keeps(&difference));
    }
}
