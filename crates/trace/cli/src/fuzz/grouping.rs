//! How `fuzz` tells one bug from another: a case's first difference and
//! its kind, named from the C's drawing rules (`drawEverything`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use rogue_game::{Game, GameConfig};
use rogue_trace_format::burst::{burst_end, burst_start};
use rogue_trace_format::classes::{Look, ATTRIBUTES, BLUE, PLAIN, WHITE};
use rogue_trace_format::diff::{
    cells_differing_as, heard_apart, heard_told, on_console,
};
use rogue_trace_format::played::{Exit, Played, StderrDifference, Stopped};
use rogue_trace_format::{
    char_literal, is_resize, key_told, Step, Trace, JOIN, RESUME, SUSPEND,
};

use crate::compared::{Compared, LATE_KEY, LATE_START, ROLES};

/// How a side played keys typed at once otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ahead {
    /// It dropped some: its player is where this many of them lead.
    Led(usize),
    /// Its player is where they lead played last first.
    LastFirst,
    /// Its player stands where the other's does, and its screen is the
    /// one the C's game shows with them played last first: what was seen
    /// on the way differs.
    SeenLastFirst,
}

/// What a difference is, in a porter's words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// One side's first screen blank, where the other drew: who.
    LateFirstScreen(usize),
    /// One side's screen blank after a resume, the other's drawn: who.
    BlankAfterResume(usize),
    /// One side's screen blank at every step, the other's drawn: who.
    NothingInView(usize),
    /// A row one side has never drawn, where the other draws it: who, row.
    RowNeverDrawn(usize, usize),
    /// A side draws its player with another character: who, and which.
    Glyph(usize, char),
    /// The `@` cells differ.
    Player,
    /// A key moved one side's player and not the other's: who, the key.
    Moves(usize, char),
    /// A cell drawn on both sides, with other characters.
    Map,
    /// A tile on one side, blank on the other, in a part without sight.
    MapBlank,
    /// A cell blank on one side, a tile on the other.
    Seen,
    /// A cell in the visible colour on one side, the seen on the other.
    Lit,
    /// One side draws the visible and the seen colour alike.
    OneColour,
    /// A cell in other colours, its character the same.
    Colours,
    /// Blank cells on another background (a blank on black is plain).
    Background,
    /// A cell with other attributes: those found on one side only.
    Attributes(Vec<&'static str>),
    /// A side ended where the other went on, or both apart: how each did.
    Stopped(Vec<String>),
    /// A side crashed where the other did not: how each crashed.
    Crash(Vec<String>),
    /// Both ended alike, but left the terminal otherwise: how each did.
    Terminal(Vec<String>),
    /// Both ended alike, but left other words on the main screen.
    LastWords,
    /// The same screen, the cursor shown otherwise.
    Cursor,
    /// At `^Z`, a side still showed its game: who did not suspend.
    NotSuspended(String),
    /// After a resize, a side did not draw again: who.
    NotRedrawn(String),
    /// Words on standard error on one side only, or other: who.
    Stderr(String),
    /// Keys typed at once, a burst: who played them otherwise, how, of
    /// how many.
    TypedAhead(usize, Ahead, usize),
    /// A side's terminal heard what the other's did not: a bell at the
    /// same key, or an escape sequence the emulator leaves unhandled that
    /// the other never wrote, by its bytes; who, and what
    /// ([`rogue_trace_format::diff::heard_told`]).
    Heard(String),
    /// The port answered late, played twice: a key (else its first screen).
    Late(bool),
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::LateFirstScreen(side) => write!(f, "{} draws its first screen late (blank at start-up, where {} drew its game)", ROLES[*side], ROLES[1 - side]),
            Kind::BlankAfterResume(side) => write!(f, "{} shows a blank screen after a resume (it does not draw its game again when continued after ^Z)", ROLES[*side]),
            Kind::NothingInView(side) => write!(f, "{} shows nothing at any step, where {} drew its game (drawn outside the terminal, or not drawn)", ROLES[*side], ROLES[1 - side]),
            Kind::RowNeverDrawn(side, row) => write!(f, "{} never draws row {row} (blank at every step, where {} draws it)", ROLES[*side], ROLES[1 - side]),
            Kind::Glyph(side, glyph) => write!(f, "{} draws its player as {} (the other's @ on the same cell)", ROLES[*side], char_literal(*glyph)),
            Kind::Player => write!(f, "the player is elsewhere (the @ cells differ)"),
            Kind::Moves(side, key) => write!(f, "{} moves {}'s player, not {}'s", key_told(*key), ROLES[*side], ROLES[1 - side]),
            Kind::Map => write!(f, "the map differs (a cell drawn on both sides, with other characters)"),
            Kind::MapBlank => write!(f, "the map differs (a tile on one side, blank on the other; this part has no field of view)"),
            Kind::Seen => write!(f, "a cell is seen on one side, never on the other (a tile on one side, blank on the other)"),
            Kind::Lit => write!(f, "a cell is lit on one side and only remembered on the other (the same character, in the visible colour on one side and the seen colour on the other)"),
            Kind::OneColour => write!(f, "a colour differs, not the field of view: the seen colour is drawn as the visible one: one side draws the remembered cells in the visible colour, or the lit ones in the seen colour (the same cells seen; only their colour differs)"),
            Kind::Colours => write!(f, "a cell is drawn in other colours (the same character)"),
            Kind::Background => write!(f, "a blank cell is drawn on another background (the same blank)"),
            Kind::Attributes(names) => write!(f, "an attribute differs: a cell is drawn {} on one side only (the same character and colours)", names.join(" and ")),
            Kind::Stopped(hows) => write!(f, "a side stopped or died: {}", hows.join(", ")),
            Kind::Crash(hows) => write!(f, "a side crashed: {}", hows.join(", ")),
            Kind::Terminal(hows) => write!(f, "the two sides leave the terminal in different states: {}", hows.join("; ")),
            Kind::NotSuspended(who) => write!(f, "{who} did not suspend at ^Z (its game stayed on the screen where the other's left it, stopped)"),
            Kind::NotRedrawn(who) => write!(f, "{who} did not draw the game again after a resize (its screen before, cut or padded to the new size)"),
            Kind::Cursor => write!(f, "the cursor differs (shown on one side and hidden on the other, or at another cell; the screens the same; --ignore-cursor leaves it out, to find what else differs)"),
            Kind::LastWords => write!(f, "the last words differ (what a side left on the terminal's main screen: words after leaving curses, its standard error, a game drawn outside the alternate screen)"),
            Kind::Stderr(who) => write!(f, "writes to standard error: {who}"),
            Kind::Heard(told) => write!(f, "the terminal hears otherwise: {told}"),
            Kind::Late(false) => write!(f, "the port's first screen comes late (more than {} s after the reference's)", LATE_START.as_secs_f64()),
            Kind::Late(true) => write!(f, "the port answers a key late (more than {} s after the reference's answer to the same key)", LATE_KEY.as_secs_f64()),
            Kind::TypedAhead(_, Ahead::Led(led), n) => write!(f, "{} (its player is where {led} of the {n} keys lead; the other's, where all {n} do)", self.group()),
            Kind::TypedAhead(_, Ahead::LastFirst, n) => write!(f, "{} (its player is where the {n} keys lead played last first; the other's, where they lead in order)", self.group()),
            Kind::TypedAhead(_, Ahead::SeenLastFirst, n) => write!(f, "{} (both players stand in the same cell, but its screen is the one the {n} keys give played last first: it saw other cells on the way; the other's, played in order)", self.group()),
        }
    }
}

impl Kind {
    /// The group of the differences of this kind, named.
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
            Kind::TypedAhead(side, led, _) => format!(
                "keys typed at once: {} {}",
                ROLES[*side],
                ["played them in another order", "dropped some"]
                    [usize::from(matches!(led, Ahead::Led(_)))]
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

    /// Whether it is the map or the field of view: what is drawn where.
    fn shapes_what_is_seen(&self) -> bool {
        matches!(self, Kind::Seen | Kind::Lit | Kind::Map | Kind::MapBlank)
    }

    /// Whether it is a side that ended.
    pub fn ended(&self) -> bool {
        matches!(self, Kind::Stopped(_) | Kind::Crash(_))
    }

    /// Whether it may follow from the players standing apart.
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

/// The screen of the C's dungeon, `MAP_WIDTH` by `MAP_HEIGHT`.
pub const DUNGEON: (u16, u16) = (100, 25);

/// A case's first difference: where, what typed it, its kind, its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstDifference {
    /// The first differing screen, or the first a side has none for.
    pub step: usize,
    /// The key typed just before; `None` for the first screen.
    pub key: Option<char>,
    pub kind: Kind,
    /// The cells that differ on its screen, row and column.
    pub cells: BTreeSet<(usize, usize)>,
    /// Where the reference's and the port's `@` are, if shown.
    pub players: [Option<(usize, usize)>; 2],
}

impl FirstDifference {
    /// A `kind` at `step` of `outcome`, no cell, each player as last shown.
    fn at(outcome: &Compared, step: usize, kind: Kind) -> FirstDifference {
        let shown = |p: &Played| {
            let last = p.trace.steps.iter().rfind(|s| s.number <= step);
            last.and_then(player)
        };
        FirstDifference {
            step,
            key: outcome.reference.key_at(step),
            kind,
            cells: BTreeSet::new(),
            players: [shown(&outcome.reference), shown(&outcome.port)],
        }
    }

    /// The smallest screen that shows both players and every differing cell.
    pub fn view(&self) -> Option<(u16, u16)> {
        let shown = self.cells.iter().chain(self.players.iter().flatten());
        let corner =
            shown.fold(None, |corner: Option<(usize, usize)>, &(y, x)| {
                let (rows, cols) = corner.unwrap_or((0, 0));
                Some((rows.max(y + 1), cols.max(x + 1)))
            })?;
        Some((corner.1 as u16, corner.0 as u16))
    }

    /// Whether `self` keeps `found` as a shrunk case must.
    pub fn keeps(&self, found: &FirstDifference) -> bool {
        let shown = |d: &FirstDifference| d.players.map(|p| p.is_some());
        let lost = shown(found).iter().zip(shown(self)).any(|(&f, s)| f && !s);
        let burst = matches!(found.kind, Kind::TypedAhead(..));
        let kind = self.kind == found.kind
            || burst && self.kind.group() == found.kind.group();
        self.key == found.key && kind && !lost
    }

    /// Where it is, for a person.
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

/// Every difference of `outcome`, one a group, its first difference first,
/// then the kinds its screens show, how a side ended, its standard error.
pub fn differences(outcome: &Compared) -> Vec<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let stop = stop_step(outcome);
    let screens = screen_differences(outcome, stop);
    let stderr = stderr_first(outcome, stop, screens.first().map(|d| d.step));
    let first = screens.first();
    let early = stderr
        .clone()
        .filter(|f| first.is_none_or(|s| f.step <= s.step));
    let mut found: Vec<FirstDifference> = early.into_iter().collect();
    found.extend(screens);
    // A first screen drawn late is named so alone.
    let late = |d: &FirstDifference| {
        matches!(d.kind, Kind::LateFirstScreen(_) | Kind::NothingInView(_))
    };
    let late = found.iter().any(late);
    let never_drew = never_drew(outcome).contains(&true);
    if let Some(step) = stop.filter(|_| !(late && never_drew)) {
        let player_at = |t: &Trace| {
            t.steps.iter().rfind(|s| s.number < step).and_then(player)
        };
        found.push(FirstDifference {
            step,
            key: outcome.reference.key_at(step),
            kind: ending_kind(outcome).unwrap_or_else(|| ended(outcome, step)),
            cells: BTreeSet::new(),
            players: [player_at(a), player_at(b)],
        });
    }
    found.extend(stderr);
    // Then what a side's terminal heard and the other's did not, at its
    // step (before a screen that differs there).
    let heard =
        differing_heard(outcome).filter(|h| stop.is_none_or(|t| h.step < t));
    for d in moves_alone(outcome, stop).into_iter().chain(heard) {
        let at = found.iter().position(|f| f.step > d.step);
        found.insert(at.unwrap_or(found.len()), d);
    }
    // The port's late answer, played twice, is named after all else.
    found.extend(outcome.late.map(|late| {
        let step = late.key.map_or(0, |(n, _)| n);
        FirstDifference::at(outcome, step, Kind::Late(late.key.is_some()))
    }));
    let mut groups = BTreeSet::new();
    found.retain(|d| groups.insert(d.kind.group()));
    // A row never drawn, or one colour for lit and remembered cells, met
    // after a field of view or a map that differs follows from it.
    if found.first().is_some_and(|d| d.kind.shapes_what_is_seen()) {
        let first = found.remove(0);
        found.retain(|d| {
            !matches!(d.kind, Kind::RowNeverDrawn(..) | Kind::OneColour)
        });
        found.insert(0, first);
    }
    found
}

/// Whether each side drew nothing at start-up (within the busy limit).
fn never_drew(outcome: &Compared) -> [bool; 2] {
    outcome
        .sides()
        .map(|p| p.outcome.stopped() == Some(&Stopped::NeverDrew))
}

/// The first step where one side's terminal heard what the other's did not.
fn differing_heard(outcome: &Compared) -> Option<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    a.steps.iter().find_map(|step_a| {
        let step_b = screen(b, step_a.number)?;
        let (side, what) = heard_apart([a, b], [step_a, step_b]).pop()?;
        let kind = Kind::Heard(heard_told(ROLES, side, &what));
        Some(FirstDifference::at(outcome, step_a.number, kind))
    })
}

/// How the sides that ended at `step` did: crashed, or else stopped.
fn ended(outcome: &Compared, step: usize) -> Kind {
    let sides = ROLES.iter().zip(outcome.sides());
    let ended = sides.filter(|(_, p)| screens_before_end(&p.trace) == step);
    let crashes: Vec<String> = ended
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

/// Whether `words` are a Rust, Go, Python or Node.js panic's.
pub fn crash_words(words: &str) -> bool {
    [
        "panicked at",
        "panic: ",
        "goroutine ",
        "Traceback (most recent call",
        "Node.js v",
    ]
    .iter()
    .any(|w| words.contains(w))
}

/// How `played` crashed, if it did.
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
    let last = ending.last_words.iter().map(String::as_str);
    let words: Vec<&str> = written.flat_map(str::lines).chain(last).collect();
    uncaught(&words).map(|how| format!("{how} ({exit})"))
}

/// The Go panic or uncaught Python or Node.js exception `words` tell of.
fn uncaught(words: &[&str]) -> Option<String> {
    let go = words.iter().find_map(|l| l.trim().strip_prefix("panic: "));
    let go = go.filter(|_| words.iter().any(|l| l.starts_with("goroutine ")));
    if let Some(message) = go {
        let message = message.split(" [").next().unwrap_or(message);
        return Some(format!("panicked (Go: {message})"));
    }
    // Python's traceback ends on its error; Node.js's error comes before
    // the line that names Node.js's version.
    let starts = |w: &str| words.iter().position(|l| l.starts_with(w));
    let (from, raised, language) =
        match (starts("Traceback ("), starts("Node.js v")) {
            (Some(from), _) => (from, "raised", "Python"),
            (None, Some(_)) => (0, "threw", "Node.js"),
            _ => return None,
        };
    let error = |l: &&&str| !l.starts_with(' ') && l.contains(": ");
    let error = words[from..].iter().rfind(error)?;
    Some(format!("{raised} {error} ({language})"))
}

/// The first words on standard error that differ.
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
    let kind = Kind::Stderr(crate::stderr::who(&first));
    Some(FirstDifference::at(outcome, step, kind))
}

/// The kind of a difference in the endings alone, both alike otherwise.
fn ending_kind(outcome: &Compared) -> Option<Kind> {
    let (a, b) = (outcome.reference.ending()?, outcome.port.ending()?);
    let same_keys = outcome.reference.typed() == outcome.port.typed();
    if a.exit != b.exit || !same_keys {
        return None;
    }
    if !a.left_alike(b) {
        // What each side left otherwise than the other.
        let lefts = a.lefts(b);
        let unlike = [lefts[0].unlike(&lefts[1]), lefts[1].unlike(&lefts[0])];
        let sides = ROLES.iter().zip(unlike).filter(|(_, u)| !u.is_empty());
        let hows =
            sides.map(|(role, u)| format!("{role} left it {}", u.join(", ")));
        return Some(Kind::Terminal(hows.collect()));
    }
    (a.last_words != b.last_words).then_some(Kind::LastWords)
}

/// The step `number` of `trace`, if it has one.
pub fn screen(trace: &Trace, number: usize) -> Option<&Step> {
    trace.steps.iter().find(|s| s.number == number)
}

/// What a step's kinds are read against.
struct Walk<'a> {
    traces: [&'a Trace; 2],
    fov: bool,
    key: Option<char>,
    step: usize,
    before: Option<[Option<(usize, usize)>; 2]>,
    screens_before: Option<[&'a Step; 2]>,
    apart_before: bool,
    /// Whether each side drew nothing at start-up: later than the busy limit.
    never_drew: [bool; 2],
    /// The rows each side drew something in, at a step before.
    drawn: [BTreeSet<usize>; 2],
}

/// Each kind the screens show before a side ended, at its first step.
fn screen_differences(
    outcome: &Compared,
    stop: Option<usize>,
) -> Vec<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let console = on_console(a, b);
    let options = outcome.report.options;
    let mut walk = Walk::new([a, b], outcome.part.fov);
    walk.never_drew = never_drew(outcome);
    let written = outcome.stderr_differences();
    let mut found: Vec<FirstDifference> = Vec::new();
    for step_a in &a.steps {
        let Some(step_b) = screen(b, step_a.number) else {
            continue;
        };
        if stop.is_some_and(|t| step_a.number >= t) {
            break;
        }
        (walk.step, walk.key) =
            (step_a.number, outcome.reference.key_at(step_a.number));
        // A resize starts a screen of its own rows.
        if walk.key.is_some_and(is_resize) {
            walk.drawn = Default::default();
        }
        let at = players_of(step_a, step_b).map(|s| s.map(|(p, _)| p));
        let cells = BTreeSet::from_iter(cells_differing_as(
            step_a, step_b, console, options,
        ));
        let cursor = options.cursor_difference(step_a, step_b).is_some();
        // Words on standard error show on the terminal until the next
        // redraw: they name their step.
        let words = written.iter().any(|d| d.step == step_a.number);
        if (!cells.is_empty() || cursor) && !words {
            let all = walk.kinds([step_a, step_b], &cells, cursor);
            let (before, apart) = (walk.apart_before, at[0] != at[1]);
            let placed = |k: &Kind| {
                matches!(
                    k,
                    Kind::Player
                        | Kind::Moves(..)
                        | Kind::TypedAhead(..)
                        | Kind::Glyph(..)
                )
            };
            let mut kinds = all.iter().filter(|k| {
                !((apart || before) && k.follows_the_player()
                    || before && placed(k))
            });
            let first =
                kinds.next().or(all.first().filter(|_| found.is_empty()));
            found.extend(first.into_iter().chain(kinds).map(|kind| {
                FirstDifference {
                    step: step_a.number,
                    key: walk.key,
                    kind: kind.clone(),
                    cells: cells.clone(),
                    players: at,
                }
            }));
        }
        for (drawn, step) in walk.drawn.iter_mut().zip([step_a, step_b]) {
            drawn.extend(rows_drawn(step));
        }
        walk.apart_before |= at[0] != at[1];
        walk.before = Some(at);
        walk.screens_before = Some([step_a, step_b]);
    }
    found
}

/// The rows of a screen with something drawn in them.
fn rows_drawn(step: &Step) -> impl Iterator<Item = usize> + '_ {
    let rows = step.text.iter().enumerate();
    rows.filter(|(_, r)| !r.trim().is_empty()).map(|(y, _)| y)
}

/// Each key that moves one side's player, typed three times or more
/// (alone, not in a burst) with both players in view, and never the
/// other's, though the other's moves at other keys: named at its first
/// such step, however far apart the players already stand.
fn moves_alone(
    outcome: &Compared,
    stop: Option<usize>,
) -> Vec<FirstDifference> {
    let (a, b) = (&outcome.reference.trace, &outcome.port.trace);
    let keys = outcome.reference.keys();
    // Per key: its first step, times typed, each side's moves there.
    let mut tally: BTreeMap<char, (usize, usize, [usize; 2])> = BTreeMap::new();
    let mut moved_at_all = [false; 2];
    for pair in a.steps.windows(2) {
        let n = pair[1].number;
        let alone = n >= 2 && keys.get(n - 2) != Some(&JOIN);
        let Some(key) = outcome.reference.key_at(n).filter(|_| alone) else {
            continue;
        };
        if stop.is_some_and(|t| n >= t) {
            break;
        }
        if rogue_trace_format::is_event(key) {
            continue;
        }
        let (Some(before), Some(now)) =
            (screen(b, pair[0].number), screen(b, n))
        else {
            continue;
        };
        let at = [[&pair[0], &pair[1]], [before, now]].map(|s| s.map(player));
        let Some(moved) = at
            .iter()
            .map(|[p, q]| Some(p.zip(*q)?).map(|_| p != q))
            .collect::<Option<Vec<bool>>>()
        else {
            continue;
        };
        // A side that stands still against a wall where the other walks
        // on is the dungeon's difference, not the key's.
        if moved[0] != moved[1] && !open_ahead(at, [&pair[0], before], &moved) {
            continue;
        }
        let (step, typed, moves) = tally.entry(key).or_insert((n, 0, [0; 2]));
        *typed += 1;
        for side in 0..2 {
            moved_at_all[side] |= moved[side];
            if moved[side] && moves[side] == 0 {
                *step = n;
            }
            moves[side] += usize::from(moved[side]);
        }
    }
    let found = tally.into_iter().filter_map(|(key, (step, typed, moves))| {
        let side = usize::from(moves[0] == 0);
        let alone = typed >= 3 && (moves[0] == 0) != (moves[1] == 0);
        let kind = Kind::Moves(side, key);
        (alone && moved_at_all[1 - side])
            .then(|| FirstDifference::at(outcome, step, kind))
    });
    found.collect()
}

/// Whether the side that did not move had a floor where the other moved
/// to, from the screens `before` the key: its players `at`, before and
/// after.
fn open_ahead(
    at: [[Option<(usize, usize)>; 2]; 2],
    before: [&Step; 2],
    moved: &[bool],
) -> bool {
    let (mover, still) = if moved[0] { (0, 1) } else { (1, 0) };
    let [Some(from), Some(to)] = at[mover] else {
        return false;
    };
    let Some((y, x)) = at[still][0] else {
        return false;
    };
    let y = (y + to.0).checked_sub(from.0);
    let x = (x + to.1).checked_sub(from.1);
    y.zip(x)
        .is_some_and(|(y, x)| cell(before[still], y, x).0 == '.')
}

/// Whether a screen is blank.
pub fn blank(step: &Step) -> bool {
    step.text.iter().all(|row| row.trim().is_empty())
}

impl<'a> Walk<'a> {
    /// A walk of `traces` from their first step, with a field of view or not.
    fn new(traces: [&'a Trace; 2], fov: bool) -> Walk<'a> {
        Walk {
            traces,
            fov,
            key: None,
            step: 0,
            before: None,
            screens_before: None,
            apart_before: false,
            never_drew: [false; 2],
            drawn: Default::default(),
        }
    }

    /// The kinds of a differing step, `a` against `b`, in order of precedence.
    fn kinds(
        &self,
        [a, b]: [&Step; 2],
        cells: &BTreeSet<(usize, usize)>,
        cursor: bool,
    ) -> Vec<Kind> {
        let one_blank = match (blank(a), blank(b)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        };
        // At `^Z`, the side still showing its game did not suspend.
        let whole = match (self.key, one_blank) {
            (Some(k), _) if is_resize(k) => not_redrawn(self.traces, self.step),
            (Some(SUSPEND), blank) => blank
                .map(|side| Kind::NotSuspended(ROLES[1 - side].to_string())),
            // Blank throughout, it shows nothing; blank at start-up, late.
            (None | Some(RESUME), Some(side))
                if !self.never_drew[side]
                    && self.traces[side].steps.iter().all(blank) =>
            {
                Some(Kind::NothingInView(side))
            }
            (None, Some(side)) => Some(Kind::LateFirstScreen(side)),
            (Some(RESUME), Some(side)) => Some(Kind::BlankAfterResume(side)),
            _ => None,
        };
        if let Some(kind) = whole {
            return vec![kind];
        }
        let mut missing = self.rows_never_drawn([a, b]);
        // Rows missing where the field of view differs elsewhere too are
        // the field of view's (a shorter sight), not a drawing loop's.
        let sight_apart = cells.iter().any(|&(y, x)| {
            !missing.iter().any(|m| m.1 == y)
                && matches!(cell_kind(&cell(a, y, x), &cell(b, y, x)), 2 | 3)
        });
        if self.fov && sight_apart {
            missing.clear();
        }
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
        let seen_otherwise = ranks.iter().any(|r| matches!(r, 2 | 3));
        let reordered = (self.fov && seen_otherwise && at[0] == at[1])
            .then(|| self.seen_last_first([a, b]))
            .flatten();
        let mut coloured = looked.iter().filter(|[a, b]| cell_kind(a, b) == 4);
        let blanks = coloured.all(|[a, b]| a.0 == ' ' && b.0 == ' ');
        for rank in ranks {
            add(match rank {
                0 => match self.player_kind(at) {
                    Some(kind) => kind,
                    None => continue,
                },
                1 => Kind::Map,
                2 | 3 if reordered.is_some() => {
                    reordered.clone().unwrap_or(Kind::Seen)
                }
                2 if !self.fov => Kind::MapBlank,
                2 => Kind::Seen,
                3 if !self.fov => Kind::Colours,
                3 if one_colour(a, b) => Kind::OneColour,
                3 => Kind::Lit,
                4 if blanks => Kind::Background,
                4 => Kind::Colours,
                _ => Kind::Attributes(attributes_apart(&looked)),
            });
        }
        if cursor {
            add(Kind::Cursor);
        }
        kinds
    }

    /// The kind of the players' cells differing, the players now at `at`.
    fn player_kind(&self, at: [Option<(usize, usize)>; 2]) -> Option<Kind> {
        let key = self.key.filter(|&k| !rogue_trace_format::is_event(k));
        let Some([Some(p), Some(q)]) = self.before else {
            return Some(Kind::Player);
        };
        let Some(key) = key.filter(|_| p == q) else {
            return Some(Kind::Player);
        };
        // Each player where the keys lead on its own screen: the map's.
        let led =
            |s| Some(self.burst()?.iter().fold(p, |q, &k| step_from(s, q, k)));
        if self.screens_before.map(|s| s.map(led)) == Some(at) {
            return None;
        }
        if let Some(kind) = self.typed_ahead(p, at) {
            return Some(kind);
        }
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

    /// The keys of the burst just typed, in order (one key, typed alone).
    fn burst(&self) -> Option<Vec<char>> {
        let keys = self.traces[0].header.keys.get(..self.step)?;
        let start = burst_start(keys, self.step);
        let keys = keys[start..].iter().filter(|&&k| k != JOIN);
        Some(keys.copied().collect())
    }

    /// A side whose player is where some keys of the burst just typed lead
    /// (the first of them), or where they lead played last first, the
    /// other's where all of them lead in order, both from `from`.
    fn typed_ahead(
        &self,
        from: (usize, usize),
        at: [Option<(usize, usize)>; 2],
    ) -> Option<Kind> {
        let burst = self.burst()?;
        let screen = self.screens_before?[0];
        let lead = |keys: &mut dyn Iterator<Item = &char>| {
            Some(keys.fold(from, |p, &k| step_from(screen, p, k)))
        };
        let n = burst.len();
        let in_order = lead(&mut burst.iter());
        let side =
            (0..2).find(|&s| at[s] != in_order && at[1 - s] == in_order)?;
        let led = (1..n).find(|&k| lead(&mut burst[..k].iter()) == at[side]);
        let last_first = lead(&mut burst.iter().rev()) == at[side];
        let how = led.map_or(Ahead::LastFirst, Ahead::Led);
        (n > 1 && (led.is_some() || last_first))
            .then_some(Kind::TypedAhead(side, how, n))
    }

    /// The side whose screen is the one the C's game shows with the keys
    /// of the burst just typed played last first (its built-in port, on
    /// the reference's seed), the other's the one it shows with them in
    /// order, the two screens not the same.
    fn seen_last_first(&self, screens: [&Step; 2]) -> Option<Kind> {
        let header = &self.traces[0].header;
        let keys = header.keys.get(..self.step)?;
        let start = burst_start(keys, self.step);
        let ahead = |&k: &char| k != JOIN;
        let n = keys[start..].iter().filter(|k| ahead(k)).count();
        let part = rogue_game::Part::get(header.part?).filter(|_| n > 1)?;
        let rng = header.rng.as_deref()?.parse().ok()?;
        let config = GameConfig::new(part, header.seed?, rng);
        let mut last_first = keys[start..].iter().filter(|k| ahead(k)).rev();
        let reversed: Vec<char> = (keys.iter().enumerate())
            .map(|(i, k)| match i >= start && ahead(k) {
                true => last_first.next().copied().unwrap_or(*k),
                false => *k,
            })
            .collect();
        let (cols, rows) = (header.cols, header.rows);
        let [in_order, last_first] = [keys, &reversed[..]].map(|keys| {
            let game = rogue_replay::replay(&config, cols, rows, keys);
            game.steps.into_iter().find(|s| s.number == self.step)
        });
        let (in_order, last_first) = (in_order?, last_first?);
        let same =
            |a: &Step, b: &Step| a.text == b.text && a.colours == b.colours;
        if same(&in_order, &last_first) {
            return None;
        }
        let side = (0..2).find(|&s| {
            same(screens[s], &last_first) && same(screens[1 - s], &in_order)
        })?;
        Some(Kind::TypedAhead(side, Ahead::SeenLastFirst, n))
    }

    /// Each side's row it never drew, the other did, the row above alike.
    fn rows_never_drawn(&self, [a, b]: [&Step; 2]) -> Vec<(usize, usize)> {
        let text = |s: &Step, y: usize| {
            let row = s.text.get(y).map(|r| r.trim_end());
            row.unwrap_or_default().to_string()
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

/// Where the C's move on `key` takes a player at `(y, x)`, walls read off
/// `screen`: onto a floor (`.`, or the `@` standing on one) only.
fn step_from(
    screen: &Step,
    (y, x): (usize, usize),
    key: char,
) -> (usize, usize) {
    let (up, left) = (y.wrapping_sub(1), x.wrapping_sub(1));
    let to = "hjkl"
        .find(key)
        .map(|i| [(y, left), (y + 1, x), (up, x), (y, x + 1)][i]);
    to.filter(|&(y, x)| matches!(cell(screen, y, x).0, '.' | '@'))
        .unwrap_or((y, x))
}

/// The side showing its screen before the resize of `step`, cut or padded.
fn not_redrawn(sides: [&Trace; 2], step: usize) -> Option<Kind> {
    let [a, b] = sides.map(|t| around(t, step));
    let sides = [a?, b?];
    let (before, now) = sides[0];
    // Grown one way at least (the other maybe shrunk), or the same size.
    let width = |s: &Step| s.text.first().map_or(0, |r| r.chars().count());
    let [was, is] = [before, now].map(|s| [s.text.len(), width(s)]);
    let grew = is[0] > was[0] || is[1] > was[1] || is == was;
    let top = sides.map(|(before, now)| kept(before, now, 0, true));
    // Grown, the other side drew characters anew (not only blanks).
    let drew = sides.map(|(before, now)| !kept(before, now, 0, false));
    let shifted = sides.map(|(before, now)| {
        (1..before.text.len()).any(|g| kept(before, now, g, true))
    });
    // Grown, a side whose game fitted whole (blank at its last row and
    // column) would draw the same screen again: it cannot be told stale.
    let cut = sides.map(|(before, _)| {
        let edge = |row: &String| row.chars().last().is_some_and(|c| c != ' ');
        before.text.iter().any(edge)
            || before.text.last().is_some_and(|r| !r.trim().is_empty())
    });
    let stale = [0, 1].map(|i| {
        (shifted[i] && !top[i]) || (grew && top[i] && drew[1 - i] && cut[i])
    });
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

/// Whether `now` is `before` less its top `gone` rows (and `colours`).
fn kept(before: &Step, now: &Step, gone: usize, colours: bool) -> bool {
    let fits = |old: &[String], new: &[String]| {
        new.iter().enumerate().all(|(y, row)| {
            let was = old.get(y + gone).map_or("", String::as_str);
            let mut was = was.chars();
            row.chars().all(|c| c == was.next().unwrap_or(' '))
        })
    };
    fits(&before.text, &now.text)
        && (!colours || fits(&before.colours, &now.colours))
}

/// The first step a side has no screen for; `None` if both ended alike.
fn stop_step(outcome: &Compared) -> Option<usize> {
    if outcome.reference.alike(&outcome.port) {
        return None;
    }
    let sides = outcome.sides().into_iter();
    let ended = sides.filter(|played| !played.still_running());
    ended.map(|played| screens_before_end(&played.trace)).min()
}

/// The first step a trace lacks from step 0 on, a burst's keys typed in
/// one: the one its program ended before.
fn screens_before_end(trace: &Trace) -> usize {
    let keys = &trace.header.keys;
    let numbers = trace.steps.iter().map(|s| s.number);
    numbers.fold(
        0,
        |next, n| if n == next { burst_end(keys, n) } else { next },
    )
}

/// How each side that ended at `step` did ([`Played::how`]).
fn hows(outcome: &Compared, step: usize) -> Vec<String> {
    let sides = ROLES.iter().zip(outcome.sides());
    let ended = sides.filter(|(_, p)| {
        !p.still_running() && screens_before_end(&p.trace) == step
    });
    let went_on = outcome
        .port_went_on()
        .then(|| format!("{} went on", ROLES[1]));
    let hows = ended.map(|(role, played)| format!("{role} {}", played.how()));
    hows.chain(went_on).collect()
}

/// Where each side's player stands on a step's screens, and drawn as what
/// (with no `@`: a character the other lacks on its `@`, amid alike cells).
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
        // The cell itself and at most 3 of the 8 around it differ.
        let around = (y.max(1) - 1..y + 2)
            .flat_map(|r| (x.max(1) - 1..x + 2).map(move |c| (r, c)));
        let apart = around.filter(|&(r, c)| cell(a, r, c).0 != cell(b, r, c).0);
        (glyph != ' ' && !elsewhere && apart.count() <= 4)
            .then_some(((y, x), glyph))
    })
}

/// Where the first `@` of a screen is, row and column.
pub fn player(step: &Step) -> Option<(usize, usize)> {
    let at = |(y, row): (usize, &String)| {
        Some((y, row.chars().position(|c| c == '@')?))
    };
    step.text.iter().enumerate().find_map(at)
}

/// Whether the port's first screen shows another dungeon than the reference's.
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

/// Whether a cell both sides draw at some step has other tiles.
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

/// Whether two first screens show other dungeons, broadly.
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

/// Whether one side shows the visible and the seen colour, the other one.
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
    let apart = |[a, b]: &[(char, Look); 2], n: &str| a.1.has(n) != b.1.has(n);
    let named = |n: &&str| looked.iter().any(|cell| apart(cell, n));
    ATTRIBUTES.into_iter().filter(named).collect()
}

/// A cell's character and look, a blank if it has none.
fn cell(step: &Step, y: usize, x: usize) -> (char, Look) {
    let ch = step.text.get(y).and_then(|r| r.chars().nth(x));
    let ch = ch.unwrap_or(' ');
    let look = step.look(y, x);
    (ch, look.unwrap_or_else(|| Look::of_class(PLAIN)))
}

/// The rank of a differing cell's kind.
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

    /// Step 1, after `l`: its rows, and their colour classes.
    fn step(rows: &[&str], colours: &[&str]) -> Step {
        let own = |r: &[&str]| r.iter().map(|r| r.to_string()).collect();
        Step {
            number: 1,
            key: Some('l'),
            text: own(rows),
            colours: own(colours),
            ..Step::default()
        }
    }

    /// A trace of no step.
    fn trace() -> Trace {
        let header = "# screen trace v1\n# program: t\n# size: 1x1\n# keys: \n";
        Trace::parse(header).unwrap()
    }

    /// `b`'s kinds against `a`'s after `.`, both players on `before` if any.
    fn kinds_of(
        a: &Step,
        b: &Step,
        before: Option<(usize, usize)>,
    ) -> Vec<Kind> {
        let cells = cells_differing_as(a, b, false, Default::default());
        let trace = trace();
        let walk = Walk {
            key: Some('.'),
            step: 1,
            before: before.map(|p| [Some(p), Some(p)]),
            screens_before: Some([a, a]),
            drawn: [(0..a.text.len()).collect(), (0..b.text.len()).collect()],
            ..Walk::new([&trace, &trace], true)
        };
        walk.kinds([a, b], &cells.into_iter().collect(), false)
    }

    fn kind_of(a: &Step, b: &Step) -> Kind {
        kinds_of(a, b, None).remove(0)
    }

    #[test]
    fn a_blank_first_screen_is_late_unless_the_side_never_shows_anything() {
        let drawn = step(&["#.@.#"], &["wwwww"]);
        let blank = step(&["     "], &["     "]);
        let header =
            "# screen trace v1\n# program: t\n# size: 5x1\n# keys: l\n";
        let mut later = Trace::parse(header).unwrap();
        later.steps = vec![blank.clone(), drawn.clone()];
        let [mut never, mut once] = [0; 2].map(|_| later.clone());
        never.steps = vec![blank.clone(), blank.clone()];
        once.steps = vec![blank.clone()];
        let cells =
            cells_differing_as(&drawn, &blank, false, Default::default());
        let cells = cells.into_iter().collect();
        // A side ended at its first key, blank, shows nothing; one that
        // drew nothing at start-up (its capture gave up) is late.
        for (port, never_drew, kind) in [
            (&later, false, Kind::LateFirstScreen(1)),
            (&never, false, Kind::NothingInView(1)),
            (&once, false, Kind::NothingInView(1)),
            (&once, true, Kind::LateFirstScreen(1)),
        ] {
            let mut walk = Walk::new([&later, port], true);
            walk.never_drew[1] = never_drew;
            assert_eq!(walk.kinds([&drawn, &blank], &cells, false), [kind]);
        }
    }

    #[test]
    fn a_screen_kept_at_a_resize_is_stale_only_if_its_game_was_cut() {
        let header = "# screen trace v1\n# program: t\n# size: 4x2\n# keys: \n";
        let plain = |rows: &[&str], number| Step {
            number,
            text: rows.iter().map(|r| r.to_string()).collect(),
            colours: rows.iter().map(|r| " ".repeat(r.len())).collect(),
            ..Step::default()
        };
        let trace = |[before, now]: [&[&str]; 2]| {
            let mut t = Trace::parse(header).unwrap();
            t.steps = vec![plain(before, 0), plain(now, 1)];
            t
        };
        // Grown from 4x2 to 6x3: A keeps its screen, B draws more.
        let b = trace([&["#.@.", "#..."], &["#.@...", "#.....", "######"]]);
        let fitted =
            trace([&[".@. ", "    "], &[".@.   ", "      ", "      "]]);
        assert_eq!(not_redrawn([&fitted, &b], 1), None);
        let cut = trace([&["#.@.", "#..."], &["#.@.  ", "#...  ", "      "]]);
        let stale = Kind::NotRedrawn(ROLES[0].to_string());
        assert_eq!(not_redrawn([&cut, &b], 1), Some(stale.clone()));
        let b = trace([&["#.@.", "#..."], &["#.@..."]]);
        let cut = trace([&["#.@.", "#..."], &["#.@.  "]]);
        assert_eq!(not_redrawn([&cut, &b], 1), Some(stale));
    }

    #[test]
    fn a_side_against_a_wall_where_the_other_walks_on_is_not_the_key_s() {
        let w = "wwwww";
        let a = step(&["#....", "#.@..", "#...."], &[w, w, w]);
        let walled = step(&["#....", "#@#..", "#...."], &[w, w, w]);
        let open = step(&["#....", "#@...", "#...."], &[w, w, w]);
        // A's player goes right from (1, 2); B's stays on (1, 1).
        let at = [[Some((1, 2)), Some((1, 3))], [Some((1, 1)), Some((1, 1))]];
        assert!(!open_ahead(at, [&a, &walled], &[true, false]));
        assert!(open_ahead(at, [&a, &open], &[true, false]));
    }

    #[test]
    fn a_screen_is_named_by_its_first_kind_in_precedence() {
        let a = step(&["#.@.#", "#...#"], &["wwwww", "bbbbb"]);
        // The player one cell over, and the map, seen and lit besides;
        // every remembered cell in the visible colour, or a few.
        let kinds = [
            (["#..@ ", "#,..#"], ["wwww ", "bbbbw"], Kind::Player),
            (["#.@  ", "#,..#"], ["www  ", "bbbbw"], Kind::Map),
            (["#.@  ", "#...#"], ["www  ", "bbbbw"], Kind::Seen),
            (["#.@.#", "#...#"], ["wwwww", "bbbbw"], Kind::Lit),
            (["#.@.#", "#...#"], ["wwwww", "bbbb "], Kind::Colours),
            (["#.@.#", "#...#"], ["wwwww", "wwwww"], Kind::OneColour),
            (["#.@.#", "#...#"], ["wwwww", "wwbbb"], Kind::Lit),
        ];
        for (rows, colours, kind) in kinds {
            assert_eq!(kind_of(&a, &step(&rows, &colours)), kind, "{rows:?}");
        }
        let all_lit = step(&["#.@.#", "#...#"], &["wwwww", "wwwww"]);
        assert_eq!(kind_of(&all_lit, &a), Kind::OneColour);
        assert_eq!(Kind::Lit.group(), FIELD_OF_VIEW);
    }

    #[test]
    fn a_row_missing_where_the_sight_differs_elsewhere_is_the_field_of_view() {
        let trace = trace();
        let kinds = |a: &Step, b: &Step| {
            let cells = cells_differing_as(a, b, false, Default::default());
            let walk = Walk::new([&trace, &trace], true);
            walk.kinds([a, b], &cells.into_iter().collect(), false)
        };
        let w = "wwwww";
        let a = step(&["#...#", "#.@.#", "#...#"], &[w, w, w]);
        let bottom = step(&["#...#", "#.@.#", "     "], &[w, w, "     "]);
        assert_eq!(kinds(&a, &bottom), [Kind::RowNeverDrawn(1, 2)]);
        let short = step(&["  .  ", "#.@.#", "     "], &["  w  ", w, "     "]);
        assert_eq!(kinds(&a, &short), [Kind::Seen]);
    }

    #[test]
    fn a_step_is_named_by_every_kind_it_holds() {
        let a = step(&["#.@.#", "#...#"], &["wwwww", "bbbbb"]);
        // The port's player on the same cell drawn '?', a wall for a
        // floor, a remembered cell blue where the reference's is white.
        let b = step(&["#.?##", "#...#"], &["wwwww", "bbbbw"]);
        let kinds = [Kind::Glyph(1, '?'), Kind::Map, Kind::Lit];
        assert_eq!(kinds_of(&a, &b, Some((0, 2))), kinds);
        // Amid cells that differ, another character is not a player's.
        let boxed = step(&["#qqq#", "#qqq#"], &["wwwww", "bbbbb"]);
        assert_eq!(players_of(&a, &boxed)[1], None);
        // A key that moves the port's player alone.
        let moved = step(&["#..@#", "#...#"], &["wwwww", "bbbbb"]);
        let kinds = kinds_of(&a, &moved, Some((0, 2)));
        assert_eq!(kinds[0], Kind::Moves(1, '.'));
    }

    #[test]
    fn a_burst_stopped_by_a_wall_of_the_side_s_own_map_is_not_keys_dropped() {
        // Two keys: A walks two cells, B one, to a wall its map alone has.
        let rows = ["#.@...#", "#...@.#", "#.@.#.#", "#..@#.#"];
        let [a, a2, b, b2] = rows.map(|r| step(&[r], &["wwwwwww"]));
        let mut trace = trace();
        trace.header.keys = vec!['l', JOIN, 'l'];
        let walk = Walk {
            key: Some('l'),
            step: 3,
            before: Some([Some((0, 2)), Some((0, 2))]),
            screens_before: Some([&a, &b]),
            ..Walk::new([&trace, &trace], true)
        };
        let cells = cells_differing_as(&a2, &b2, false, Default::default());
        let found = walk.kinds([&a2, &b2], &cells.into_iter().collect(), false);
        assert_eq!(found, []);
    }

    #[test]
    fn the_view_holds_both_players_and_every_differing_cell() {
        let d = FirstDifference {
            step: 3,
            key: Some('y'),
            kind: Kind::Player,
            cells: [(2, 9), (4, 1)].into(),
            players: [Some((2, 9)), Some((1, 10))],
        };
        assert_eq!(d.view(), Some((11, 5)));
        let [mut nothing, mut one_player, mut key, mut kind] =
            [0; 4].map(|_| d.clone());
        (nothing.cells, nothing.players) = (BTreeSet::new(), [None, None]);
        assert_eq!(nothing.view(), None);
        // A player the found case shows is kept in view, the key and the
        // kind kept too.
        one_player.players[1] = None;
        assert!(d.keeps(&d) && !one_player.keeps(&d) && d.keeps(&one_player));
        (key.key, kind.kind) = (Some('u'), Kind::Map);
        assert!(!key.keeps(&d) && !kind.keeps(&d));
    }
}
