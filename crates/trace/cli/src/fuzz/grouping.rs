//! How `fuzz` tells one bug from another: a case's first difference (its
//! first differing screen, or a side that ended where the other did not)
//! and its kind, named as a porter would name it from the C's own drawing
//! rules (`drawEverything`): a tile in sight is drawn in the visible
//! colour, a tile seen before in the seen colour, any other left blank, and
//! the player `@` drawn last.

use std::collections::BTreeSet;
use std::fmt;

use rogue_game::{Game, GameConfig};
use rogue_trace_format::classes::{Look, ATTRIBUTES, BLUE, PLAIN, WHITE};
use rogue_trace_format::diff::{
    cells_differing_as, heard_apart, heard_told, on_console,
};
use rogue_trace_format::played::{Exit, Played, StderrDifference, Stopped};
use rogue_trace_format::{
    char_literal, is_resize, key_told, Step, Trace, RESUME, SUSPEND,
};

use crate::compared::{Compared, ROLES};

/// What a difference is, in a porter's words; the kinds of a screen in
/// order of precedence, the first a screen shows naming it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Nothing drawn on one side's first screen, where the other drew:
    /// who drew late.
    LateFirstScreen(usize),
    /// A blank screen on one side after a resume, where the other drew
    /// its game again: who.
    BlankAfterResume(usize),
    /// A row one side has never drawn, where the other draws it, the row
    /// above alike on both: who, and the row.
    RowNeverDrawn(usize, usize),
    /// A side draws its player with another character: who, and the
    /// character.
    Glyph(usize, char),
    /// The `@` cells differ: at the first screen, or after a key that
    /// moved both players apart.
    Player,
    /// A key moved one side's player and not the other's: who moved, and
    /// the key.
    Moves(usize, char),
    /// A cell drawn on both sides, with other characters.
    Map,
    /// A tile on one side, blank on the other, in a part without a field
    /// of view (Parts 0 to 2): the map's.
    MapBlank,
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
    /// A side crashed (a signal, a Rust, Go or Python panic) where the
    /// other did not: how each that crashed did.
    Crash(Vec<String>),
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
            Kind::LateFirstScreen(side) => write!(f, "{} draws its first screen late (blank at start-up, where {} drew its game)", ROLES[*side], ROLES[1 - side]),
            Kind::BlankAfterResume(side) => write!(f, "{} shows a blank screen after a resume (it does not draw its game again when continued after ^Z)", ROLES[*side]),
            Kind::RowNeverDrawn(side, row) => write!(f, "{} never draws row {row} (blank at every step, where {} draws it)", ROLES[*side], ROLES[1 - side]),
            Kind::Glyph(side, glyph) => write!(f, "{} draws its player as {} (the other's @ on the same cell)", ROLES[*side], char_literal(*glyph)),
            Kind::Player => write!(f, "the player is elsewhere (the @ cells differ)"),
            Kind::Moves(side, key) => write!(f, "{} moves {}'s player, not {}'s", key_told(*key), ROLES[*side], ROLES[1 - side]),
            Kind::Map => write!(f, "the map differs (a cell drawn on both sides, with other characters)"),
            Kind::MapBlank => write!(f, "the map differs (a tile on one side, blank on the other; this part has no field of view)"),
            Kind::Seen => write!(f, "a cell is seen on one side, never on the other (a tile on one side, blank on the other)"),
            Kind::Lit => write!(f, "a cell is lit on one side and only remembered on the other (the same character, in the visible colour on one side and the seen colour on the other)"),
            Kind::OneColour => write!(f, "{ONE_COLOUR}: one side draws the remembered cells in the visible colour, or the lit ones in the seen colour (the same cells seen; only their colour differs)"),
            Kind::Colours => write!(f, "a cell is drawn in other colours (the same character)"),
            Kind::Background => write!(f, "a blank cell is drawn on another background (the same blank)"),
            Kind::Attributes(names) => write!(f, "{}: a cell is drawn {} on one side only (the same character and colours)", ATTRIBUTE, names.join(" and ")),
            Kind::Stopped(hows) => {
                write!(f, "a side stopped or died: {}", hows.join(", "))
            }
            Kind::Crash(hows) => {
                write!(f, "a side crashed: {}", hows.join(", "))
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
    /// a place or leaves it. A key that moves one side's player only is
    /// grouped by the side, whatever the key.
    pub fn group(&self) -> String {
        match self {
            Kind::Seen | Kind::Lit => FIELD_OF_VIEW.to_string(),
            Kind::RowNeverDrawn(side, _) => format!(
                "{} never draws a row {} draws (blank at every step)",
                ROLES[*side],
                ROLES[1 - side]
            ),
            Kind::Moves(side, _) => format!(
                "{}: a key moves {}'s player, not {}'s",
                Kind::Player,
                ROLES[*side],
                ROLES[1 - side]
            ),
            kind => kind.to_string(),
        }
    }

    /// The kind for a person, with its group where the group is wider.
    pub fn in_group(&self) -> String {
        match self {
            Kind::Seen | Kind::Lit => format!("{FIELD_OF_VIEW}: {self}"),
            Kind::Moves(..) => format!("{}: {self}", Kind::Player),
            kind => kind.to_string(),
        }
    }

    /// Whether it is a side that ended ([`Kind::Stopped`] or
    /// [`Kind::Crash`]).
    pub fn ended(&self) -> bool {
        matches!(self, Kind::Stopped(_) | Kind::Crash(_))
    }

    /// Whether it may follow from the players standing apart: the map,
    /// the field of view and the cursor differ where the players stand.
    fn follows_the_player(&self) -> bool {
        matches!(
            self,
            Kind::Map
                | Kind::RowNeverDrawn(..)
                | Kind::MapBlank
                | Kind::Seen
                | Kind::Lit
                | Kind::OneColour
                | Kind::Cursor
        )
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

/// Every difference of `outcome`, one a group, its first difference
/// first: its first differing screen, unless a side ended before it where
/// the other did not end alike; words on standard error written at or
/// before that screen (and before a side ended, or as it ended leaving
/// other last words) first. Then each other kind its screens show before
/// a side ended, at the first step that shows it, how a side ended, and
/// its words on standard error.
pub fn differences(outcome: &Compared) -> Vec<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let stop = stop_step(outcome);
    let screens = screen_differences(outcome, stop);
    let stderr = stderr_first(outcome, stop, screens.first().map(|d| d.step));
    let early = stderr
        .clone()
        .filter(|f| screens.first().is_none_or(|s| f.step <= s.step));
    let mut found: Vec<FirstDifference> = early.into_iter().collect();
    found.extend(screens);
    // A side that drew nothing at start-up, the other drawing, drew its
    // first screen late: named so alone.
    let late = found
        .iter()
        .any(|d| matches!(d.kind, Kind::LateFirstScreen(_)));
    let never_drew = outcome
        .sides()
        .iter()
        .any(|p| p.outcome.stopped() == Some(&Stopped::NeverDrew));
    if let Some(step) = stop.filter(|_| !(late && never_drew)) {
        let before = step.checked_sub(1);
        let player_at =
            |t: &Trace| before.and_then(|s| screen(t, s)).and_then(player);
        found.push(FirstDifference {
            step,
            key: outcome.reference.key_at(step),
            kind: ending_kind(outcome).unwrap_or_else(|| ended(outcome, step)),
            cells: BTreeSet::new(),
            players: [player_at(a), player_at(b)],
        });
    }
    found.extend(stderr);
    // What a side's terminal heard and the other's did not, at its step
    // (before a screen that differs there).
    if let Some(heard) =
        differing_heard(outcome).filter(|h| stop.is_none_or(|t| h.step < t))
    {
        let at = found.iter().position(|d| d.step > heard.step);
        found.insert(at.unwrap_or(found.len()), heard);
    }
    let mut groups = BTreeSet::new();
    found.retain(|d| groups.insert(d.kind.group()));
    found
}

/// The first step both sides have where one side's terminal heard what
/// the other's did not ([`heard_apart`]), as a difference.
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

/// How the sides that ended at `step` did: crashed, if one crashed
/// ([`crashed`]), else stopped.
fn ended(outcome: &Compared, step: usize) -> Kind {
    let crashes: Vec<String> = ROLES
        .iter()
        .zip(outcome.sides())
        .filter(|(_, p)| screens_before_end(&p.trace) == step)
        .filter_map(|(role, p)| Some(format!("{role} {}", crashed(p)?)))
        .collect();
    match crashes.is_empty() {
        true => Kind::Stopped(hows(outcome, step)),
        false => Kind::Crash(crashes),
    }
}

/// The signals that say a program crashed.
const CRASH_SIGNALS: [&str; 7] = [
    "SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT", "SIGTRAP", "SIGSYS",
];

/// Whether `words` are a panic's or an uncaught exception's: Rust's
/// `panicked at`, Go's `panic:` and `goroutine`, Python's traceback.
pub fn crash_words(words: &str) -> bool {
    [
        "panicked at",
        "panic: ",
        "goroutine ",
        "Traceback (most recent call",
    ]
    .iter()
    .any(|w| words.contains(w))
}

/// How `played` crashed, if it did: killed by a signal of a crash, a
/// crash's exit code (Windows), or a Rust, Go or Python panic its words
/// (on standard error or left on the screen) tell: "panicked at
/// src/map.rs:12:9 (exited with status 101)", "panicked (Go: runtime
/// error: index out of range) (exited with status 2)".
pub fn crashed(played: &Played) -> Option<String> {
    let ending = played.ending()?;
    let exit = ending.exit;
    match exit {
        Exit::Killed(signal) => {
            let name = signal.to_string();
            let crash = CRASH_SIGNALS.iter().any(|s| name.starts_with(s));
            return crash.then(|| exit.to_string());
        }
        Exit::Crashed(_) => return Some(exit.to_string()),
        _ if exit.success() || ending.panic_place().is_some() => {
            let place = ending.panic_place();
            return place.map(|p| format!("panicked at {p} ({exit})"));
        }
        _ => {}
    }
    let stderr = played.stderr();
    let written = stderr
        .iter()
        .flat_map(|s| s.steps().filter_map(|t| s.at(t)));
    let words: Vec<&str> = written
        .flat_map(str::lines)
        .chain(ending.last_words.iter().map(String::as_str))
        .collect();
    let go = words.iter().find_map(|l| l.trim().strip_prefix("panic: "));
    let go = go.filter(|_| words.iter().any(|l| l.starts_with("goroutine ")));
    if let Some(message) = go {
        let message = message.split(" [").next().unwrap_or(message);
        return Some(format!("panicked (Go: {message}) ({exit})"));
    }
    let traceback = words.iter().position(|l| l.starts_with("Traceback ("))?;
    let error = words[traceback..]
        .iter()
        .rfind(|l| !l.starts_with(' ') && l.contains(": "))?;
    Some(format!("raised {error} (Python) ({exit})"))
}

/// The first words on standard error that differ, as the first
/// difference, if they came no later than the first differing screen,
/// at step `screens`, and before the step `stop` a side ended at (or at
/// it, if the endings differ in their last words alone). A crash's words
/// are its crash's, not words of their own.
fn stderr_first(
    outcome: &Compared,
    stop: Option<usize>,
    screens: Option<usize>,
) -> Option<FirstDifference> {
    let words =
        |d: &StderrDifference| d.words.iter().flatten().any(|w| crash_words(w));
    let differences = outcome.stderr_differences().into_iter();
    let first = differences.into_iter().find(|d| !words(d))?;
    let step = first.step;
    let words_only = ending_kind(outcome) == Some(Kind::LastWords);
    let before_stop =
        stop.is_none_or(|t| step < t || (step == t && words_only));
    if !before_stop || screens.is_some_and(|s| s < step) {
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

/// What a step's kinds are read against: the part's field of view, the
/// players before, the rows each side has drawn so far.
struct Walk<'a> {
    traces: [&'a Trace; 2],
    fov: bool,
    key: Option<char>,
    step: usize,
    /// Where the players stood at the step before, if there was one.
    before: Option<[Option<(usize, usize)>; 2]>,
    /// The screens of the step before, if there was one.
    screens_before: Option<[&'a Step; 2]>,
    /// Whether the players stood apart at some step before.
    apart_before: bool,
    /// The rows each side drew something in, at a step before.
    drawn: [BTreeSet<usize>; 2],
}

/// Each kind the screens show before a side ended, at the first step
/// that shows it, in step order (a step's kinds in order of precedence).
/// Where the players stand apart, the map, the field of view and the
/// cursor follow from where they stand, and from then on, the players
/// too: only the kinds that do not are met there.
fn screen_differences(
    outcome: &Compared,
    stop: Option<usize>,
) -> Vec<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let console = on_console(a, b);
    let options = outcome.report.options;
    let mut walk = Walk {
        traces: [a, b],
        fov: outcome.part.fov,
        key: None,
        step: 0,
        before: None,
        screens_before: None,
        apart_before: false,
        drawn: Default::default(),
    };
    let written: BTreeSet<usize> = outcome
        .stderr_differences()
        .iter()
        .map(|d| d.step)
        .collect();
    let mut found: Vec<FirstDifference> = Vec::new();
    for step_a in &a.steps {
        let Some(step_b) = screen(b, step_a.number) else {
            continue;
        };
        if stop.is_some_and(|t| step_a.number >= t) {
            break;
        }
        // A resize starts a screen of its own rows.
        if outcome
            .reference
            .key_at(step_a.number)
            .is_some_and(is_resize)
        {
            walk.drawn = Default::default();
        }
        let at = players_of(step_a, step_b).map(|s| s.map(|(p, _)| p));
        let cells: BTreeSet<(usize, usize)> =
            cells_differing_as(step_a, step_b, console, options)
                .into_iter()
                .collect();
        let cursor = options.cursor_difference(step_a, step_b).is_some();
        // Words on standard error show on the terminal until the next
        // redraw: they name their step.
        let words = written.contains(&step_a.number);
        if (!cells.is_empty() || cursor) && !words {
            walk.step = step_a.number;
            walk.key = outcome.reference.key_at(step_a.number);
            let mut kinds = walk.kinds([step_a, step_b], &cells, cursor);
            let apart = at[0] != at[1];
            let all = kinds.clone();
            kinds.retain(|k| {
                !(apart || walk.apart_before) || !k.follows_the_player()
            });
            if walk.apart_before {
                kinds.retain(|k| !matches!(k, Kind::Player | Kind::Moves(..)));
            }
            if found.is_empty() && kinds.is_empty() {
                kinds = all.into_iter().take(1).collect();
            }
            for kind in kinds {
                found.push(FirstDifference {
                    step: step_a.number,
                    key: walk.key,
                    kind,
                    cells: cells.clone(),
                    players: at,
                });
            }
        }
        for (drawn, step) in walk.drawn.iter_mut().zip([step_a, step_b]) {
            drawn.extend(rows_drawn(step));
        }
        walk.apart_before |= at[0] != at[1];
        walk.before = Some(at);
        walk.screens_before = Some([step_a, step_b]);
    }
    let mut groups = BTreeSet::new();
    found.retain(|d| groups.insert(d.kind.group()));
    found
}

/// The rows of a screen with something drawn in them.
fn rows_drawn(step: &Step) -> impl Iterator<Item = usize> + '_ {
    let rows = step.text.iter().enumerate();
    rows.filter(|(_, r)| !r.trim().is_empty()).map(|(y, _)| y)
}

/// Whether a screen is blank.
fn blank(step: &Step) -> bool {
    step.text.iter().all(|row| row.trim().is_empty())
}

impl Walk<'_> {
    /// The kinds of a differing step, `a` against `b`, whose differing
    /// cells are `cells`, in order of precedence: a screen named by its
    /// cause whole (not drawn again after a resize or a resume, not
    /// suspended, a first screen drawn late), or the rows one side never
    /// draws, then the kinds of the other cells, then the cursor.
    fn kinds(
        &self,
        [a, b]: [&Step; 2],
        cells: &BTreeSet<(usize, usize)>,
        cursor: bool,
    ) -> Vec<Kind> {
        let whole = match self.key {
            Some(k) if is_resize(k) => not_redrawn(self.traces, self.step),
            Some(SUSPEND) => not_suspended([a, b]),
            _ => None,
        };
        let one_blank = match (blank(a), blank(b)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        };
        let whole = whole.or(match (self.key, one_blank) {
            (None, Some(side)) => Some(Kind::LateFirstScreen(side)),
            (Some(RESUME), Some(side)) => Some(Kind::BlankAfterResume(side)),
            _ => None,
        });
        if let Some(kind) = whole {
            return vec![kind];
        }
        let missing = self.rows_never_drawn([a, b]);
        let mut kinds: Vec<Kind> = Vec::new();
        let mut add = |kind: Kind| {
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        };
        for &(side, row) in &missing {
            add(Kind::RowNeverDrawn(side, row));
        }
        let standing = players_of(a, b);
        let glyphs: Vec<(usize, (usize, usize), char)> = (0..2)
            .filter_map(|side| {
                let (at, glyph) = standing[side]?;
                (glyph != '@').then_some((side, at, glyph))
            })
            .collect();
        for &(side, _, glyph) in &glyphs {
            add(Kind::Glyph(side, glyph));
        }
        let rest = cells.iter().filter(|(y, x)| {
            !missing.iter().any(|m| m.1 == *y)
                && !glyphs.iter().any(|g| g.1 == (*y, *x))
        });
        let looked: Vec<[(char, Look); 2]> =
            rest.map(|&(y, x)| [cell(a, y, x), cell(b, y, x)]).collect();
        let ranks: BTreeSet<u8> =
            looked.iter().map(|[a, b]| cell_kind(a, b)).collect();
        let at = standing.map(|s| s.map(|(p, _)| p));
        for rank in ranks {
            add(match rank {
                0 => match self.player_kind(at) {
                    Some(kind) => kind,
                    None => continue,
                },
                1 => Kind::Map,
                2 if !self.fov => Kind::MapBlank,
                2 => Kind::Seen,
                3 if !self.fov => Kind::Colours,
                3 if one_colour(a, b) => Kind::OneColour,
                3 => Kind::Lit,
                4 if looked
                    .iter()
                    .filter(|[a, b]| cell_kind(a, b) == 4)
                    .flatten()
                    .all(|c| c.0 == ' ') =>
                {
                    Kind::Background
                }
                4 => Kind::Colours,
                _ => Kind::Attributes(attributes_apart(&looked)),
            });
        }
        if cursor {
            add(Kind::Cursor);
        }
        kinds
    }

    /// The kind of the players' cells differing, the players now at
    /// `at`: a key that moved one side's player where both stood on one
    /// cell before, else the player elsewhere; `None` where the player
    /// moved onto a cell the two maps drew otherwise at the step before
    /// (a floor on one side, a wall on the other): the map's, not the
    /// player's.
    fn player_kind(&self, at: [Option<(usize, usize)>; 2]) -> Option<Kind> {
        let key = self.key.filter(|&k| !rogue_trace_format::is_event(k));
        let Some([Some(p), Some(q)]) = self.before else {
            return Some(Kind::Player);
        };
        let Some(key) = key.filter(|_| p == q) else {
            return Some(Kind::Player);
        };
        let moved = [at[0] != Some(p), at[1] != Some(p)];
        let to = (0..2).filter(|&i| moved[i]).filter_map(|i| at[i]);
        let screens = self.screens_before?;
        let drawn_apart = to.clone().any(|(y, x)| {
            let [a, b] = screens.map(|s| cell(s, y, x).0);
            a != b && a != ' ' && b != ' '
        });
        Some(match moved {
            _ if drawn_apart => return None,
            [true, false] => Kind::Moves(0, key),
            [false, true] => Kind::Moves(1, key),
            _ => Kind::Player,
        })
    }

    /// Each side, and a row it has never drawn at this step or before,
    /// where the other draws the row now and the row above is drawn and
    /// alike on both: a row left out of the drawing (the bottom row of
    /// a loop one short), not a field of view.
    fn rows_never_drawn(&self, [a, b]: [&Step; 2]) -> Vec<(usize, usize)> {
        let text = |s: &Step, y: usize| {
            s.text
                .get(y)
                .map_or(String::new(), |r| r.trim_end().to_string())
        };
        let rows = a.text.len().min(b.text.len());
        let mut missing = Vec::new();
        for (side, [mine, theirs]) in [(0, [a, b]), (1, [b, a])] {
            let row = (1..rows).find(|&y| {
                !self.drawn[side].contains(&y)
                    && text(mine, y).is_empty()
                    && !text(theirs, y).is_empty()
                    && !text(a, y - 1).is_empty()
                    && text(a, y - 1) == text(b, y - 1)
            });
            missing.extend(row.map(|y| (side, y)));
        }
        missing
    }
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

/// Where each side's player stands on two screens of one step, and what
/// it is drawn as: its `@`, or, on a side with no `@`, the character on
/// the other's `@` cell, if the other side draws that character nowhere
/// (a player drawn with another character).
pub fn players_of(a: &Step, b: &Step) -> [Option<((usize, usize), char)>; 2] {
    let at = [player(a), player(b)];
    let steps = [a, b];
    [0, 1].map(|side| {
        if let Some(p) = at[side] {
            return Some((p, '@'));
        }
        let (y, x) = at[1 - side]?;
        let glyph = cell(steps[side], y, x).0;
        let elsewhere = steps[1 - side].text.iter().any(|r| r.contains(glyph));
        (glyph != ' ' && !elsewhere).then_some(((y, x), glyph))
    })
}

/// Where the first `@` of a screen is, row and column.
pub fn player(step: &Step) -> Option<(usize, usize)> {
    step.text
        .iter()
        .enumerate()
        .find_map(|(y, row)| row.chars().position(|c| c == '@').map(|x| (y, x)))
}

/// Whether the port's first screen shows another dungeon than the
/// reference's, broadly ([`dungeons_differ`]), its walls and floors
/// other: where the reference plays the dungeon of `config`'s seed (its
/// player starts where that dungeon starts it), a tile the port shows
/// that is not that dungeon's; else a cell both sides draw at some step,
/// with other tiles ([`walls_differ`]). A player starting elsewhere in
/// the seed's dungeon, or a field of view that shows other cells of it,
/// is not another dungeon.
pub fn another_dungeon(outcome: &Compared, config: &GameConfig) -> bool {
    let firsts = outcome.sides().map(|p| screen(&p.trace, 0));
    let [Some(a), Some(b)] = firsts else {
        return true;
    };
    if !dungeons_differ(a, b) {
        return false;
    }
    let game = Game::new(config);
    let start = (game.player.pos.y as usize, game.player.pos.x as usize);
    match game.map.filter(|_| player(a) == Some(start)) {
        Some(map) => tiles(b).any(|(y, x, c)| {
            let tile = map.tiles.get(y).and_then(|row| row.get(x));
            tile.is_some_and(|t| t.ch != c)
        }),
        None => walls_differ(outcome),
    }
}

/// Whether the two sides' walls and floors differ: a cell both draw at
/// some step, with other tiles (not the player elsewhere in one dungeon,
/// nor a field of view that shows other cells of it).
fn walls_differ(outcome: &Compared) -> bool {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    a.steps.iter().any(|step_a| {
        screen(b, step_a.number).is_some_and(|step_b| {
            tiles(step_a).any(|(y, x, c)| {
                let theirs = cell(step_b, y, x).0;
                theirs != c && theirs != ' ' && theirs != '@'
            })
        })
    })
}

/// Whether two first screens show other dungeons, broadly: not one
/// dungeon with its rooms moved by a cell (an off-by-one in placing
/// them), where the players stand at most a cell apart and nearly every
/// tile one side draws is the other's, a cell over. Only a broad
/// difference, of dungeons whose walls differ ([`walls_differ`]), hints
/// that the port's seed or generator differ.
fn dungeons_differ(a: &Step, b: &Step) -> bool {
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
        kinds_of(a, b, None).remove(0)
    }

    /// The kinds of `b` against `a`, a step of Part 4 after the key `.`,
    /// both players on `before` at the step before, if given.
    fn kinds_of(
        a: &Step,
        b: &Step,
        before: Option<(usize, usize)>,
    ) -> Vec<Kind> {
        let cells = cells_differing_as(a, b, false, Default::default());
        let trace = Trace::parse(
            "# screen trace v1\n# program: t\n# size: 1x1\n# keys: \n",
        )
        .unwrap();
        let walk = Walk {
            traces: [&trace, &trace],
            fov: true,
            key: Some('.'),
            step: 1,
            before: before.map(|p| [Some(p), Some(p)]),
            screens_before: Some([a, a]),
            apart_before: false,
            drawn: [(0..a.text.len()).collect(), (0..b.text.len()).collect()],
        };
        walk.kinds([a, b], &cells.into_iter().collect(), false)
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
    fn a_step_is_named_by_every_kind_it_holds() {
        let a = step(&["#.@.#", "#...#"], &["wwwww", "bbbbb"]);
        // The port's player on the same cell drawn '?', a wall for a
        // floor, a remembered cell blue where the reference's is white.
        let b = step(&["#.?##", "#...#"], &["wwwww", "bbbbw"]);
        assert_eq!(
            kinds_of(&a, &b, Some((0, 2))),
            [Kind::Glyph(1, '?'), Kind::Map, Kind::Lit]
        );
        assert_eq!(
            Kind::Glyph(1, '?').to_string(),
            "the port draws its player as '?' (the other's @ on the same cell)"
        );
        // A key that moves the port's player alone.
        let moved = step(&["#..@#", "#...#"], &["wwwww", "bbbbb"]);
        let kind = kinds_of(&a, &moved, Some((0, 2))).remove(0);
        assert_eq!(kind, Kind::Moves(1, '.'));
        assert_eq!(
            kind.in_group(),
            "the player is elsewhere (the @ cells differ): '.' moves the port's player, not the reference's"
        );
        assert!(kind
            .group()
            .ends_with("a key moves the port's player, not the reference's"));
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
