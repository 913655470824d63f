//! `rogue-trace fuzz`: the port against a reference program on random
//! cases; each difference found is shrunk to a smaller case that still
//! shows its cause.
//!
//! Each case draws a seed (any `u32`), a generator, a terminal size and a
//! random walk with stray keys, all from one generator seeded by `--seed`,
//! so a run is the same every time for the same `--seed` (a generator or a
//! size given is still drawn, and set aside, so that the rest of each case
//! stays the same).
//!
//! A difference is known by its signature ([`signature`]): with
//! `--keep-going`, every case is played and each signature is reported
//! once.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use clap::Parser;
use generator::Draw;
use indicatif::{ProgressBar, ProgressStyle};
use rogue_game::{GameConfig, RngKind};
use rogue_options::{GameArgs, Rng};
use rogue_trace_format::classes::Look;
use rogue_trace_format::diff::{
    cell_shown, cells_differing_as, on_console, DiffOptions,
};
use rogue_trace_format::{key_literal, parse_size, unescape_keys, Step};

use crate::compare::{
    command_line, diff_options, free_name, report_outcome, run_case,
    sides_line, write_traces, Case, Outcome, Sides, SidesArgs, MAX_CELLS,
    ROLES,
};
use crate::{CaptureFlags, CharsArg, Failure};

/// How differences are grouped, for `fuzz --help`.
const GROUPING_HELP: &str = "Differences are grouped by their signature: for screens that differ, \
what differs (characters, colours or both) in the first differing cell of the first differing screen \
(cells read row by row), with what each side shows there (character and colours, not where); \
for a side that stops before its last key, which side and how (exited, with its status; \
kept busy without waiting for a key; drew nothing). \
Each group is reported once: the first case found in it, and that case shrunk. \
A smaller screen or fewer keys are kept only while the shrunk case's first differing screen \
still holds a cell, at the same row and column, that differs with the same two contents \
in the found case's first differing screen. A case where a side stops is not shrunk.";

#[derive(Args, Debug)]
#[command(after_help = GROUPING_HELP)]
pub struct FuzzArgs {
    /// How many cases to play
    #[arg(long, value_name = "N", default_value = "100", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    cases: u32,
    /// The seed of the cases (default: the current time, printed)
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Keys typed in each case
    #[arg(long, value_name = "K", default_value = "60", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    keys_per_case: u32,
    /// The generator of every case [default: glibc or msvc, drawn for
    /// each case]
    #[arg(long, value_name = "KIND")]
    rng: Option<Rng>,
    /// The screen of every case, COLSxROWS, or a range COLSxROWS-COLSxROWS
    /// each case draws its columns and rows from (from 1x1 to 1000x1000)
    #[arg(long, value_name = "SIZE", default_value = "20x8-120x40", value_parser = parse_size_range)]
    size: SizeRange,
    /// The keys of the walks, written as --keys: each drawn at random and
    /// typed 1 to 6 times in a row (not q or \x00, which end the game)
    /// [default: h, j, k and l, with now and then a stray key: x, space,
    /// tab, ., 1, H, return, escape, ~ or Q]
    #[arg(long, value_name = "KEYS", allow_hyphen_values = true)]
    alphabet: Option<String>,
    /// Play every case, each difference reported once (grouped as said
    /// below), and end with a summary; else stop at the first difference
    #[arg(long)]
    keep_going: bool,
    /// Options of the built-in port's game, e.g. "--fov rays --radius 5"
    /// (each case sets its seed and generator; not with --port, whose
    /// options go in its COMMAND)
    #[arg(
        long,
        value_name = "ARGS",
        default_value = "",
        allow_hyphen_values = true,
        conflicts_with = "port"
    )]
    port_args: String,
    #[command(flatten)]
    flags: CaptureFlags,
    #[command(flatten)]
    sides: SidesArgs,
    #[command(flatten)]
    chars: CharsArg,
    /// Where to write the traces of each difference, the case found and
    /// the case shrunk (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
    out: PathBuf,
    /// Also write HTML reports of each difference, the case found and the
    /// case shrunk, into DIR (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by each case's
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    command: Vec<OsString>,
}

/// `--port-args`, read as the built-in port's own options.
#[derive(Parser, Debug)]
#[command(name = "--port-args", no_binary_name = true)]
struct PortArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// `--size`: the smallest and the largest screen a case may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    min: (u16, u16),
    max: (u16, u16),
}

/// Reads `COLSxROWS` or `COLSxROWS-COLSxROWS`.
fn parse_size_range(text: &str) -> Result<SizeRange, String> {
    let Some((min, max)) = text.split_once('-') else {
        let size = parse_size(text)?;
        return Ok(SizeRange {
            min: size,
            max: size,
        });
    };
    let (min, max) = (parse_size(min)?, parse_size(max)?);
    if min.0 > max.0 || min.1 > max.1 {
        return Err(format!(
            "the range '{text}' does not run from the smaller size to the larger in both columns and rows"
        ));
    }
    Ok(SizeRange { min, max })
}

impl SizeRange {
    /// A size drawn from the range, columns then rows.
    fn draw(&self, draw: &mut Draw) -> (u16, u16) {
        let mut side = |min: u16, max: u16| {
            min + draw.below(u32::from(max - min) + 1) as u16
        };
        let cols = side(self.min.0, self.max.0);
        (cols, side(self.min.1, self.max.1))
    }
}

/// Keys a walk is made of, and the stray keys mixed in (never `q` or NUL,
/// which end the game).
const WALK: [char; 4] = ['h', 'j', 'k', 'l'];
const STRAY: [char; 10] =
    ['x', ' ', '\t', '.', '1', 'H', '\r', '\x1b', '~', 'Q'];

/// The most differences reported in full (traces, reports, shrinking);
/// any more are counted.
const MAX_GROUPS: usize = 100;
/// The most signatures counted past [`MAX_GROUPS`]; the cases past those
/// are counted together.
const MAX_SIGNATURES: usize = 10_000;
/// The most case numbers a group lists.
const CASES_LISTED: usize = 10;

/// The built-in port's game of `--port-args`; an error for an option each
/// case sets.
fn port_game(port_args: &str) -> Result<GameConfig, Failure> {
    let words = shell_words::split(port_args).map_err(|e| {
        Failure(format!("invalid value for --port-args: {e}"), 2)
    })?;
    let port = PortArgs::try_parse_from(words).map_err(|e| {
        Failure(
            format!(
                "invalid value for --port-args: {}",
                rogue_options::one_line(&e)
            ),
            2,
        )
    })?;
    let dungeon = &port.game.dungeon;
    let set = if dungeon.seed.is_some() {
        Some("--seed")
    } else if dungeon.rng.is_some() {
        Some("--rng")
    } else {
        None
    };
    if let Some(option) = set {
        return Err(Failure(
            format!("--port-args cannot hold {option}: each case sets the seed and the generator (fuzz --rng sets one generator for every case)"),
            2,
        ));
    }
    Ok(port.game.config(|| 0)?)
}

/// The keys of `--alphabet`, if given.
fn alphabet(text: Option<&str>) -> Result<Option<Vec<char>>, Failure> {
    let Some(text) = text else { return Ok(None) };
    let keys = unescape_keys(text)
        .map_err(|e| Failure(format!("invalid keys in --alphabet: {e}"), 2))?;
    if keys.is_empty() {
        return Err(Failure("--alphabet is empty: give the keys to draw walks from, e.g. --alphabet hjkl".into(), 2));
    }
    if let Some(&end) = keys.iter().find(|&&k| k == 'q' || k == '\0') {
        return Err(Failure(
            format!(
                "--alphabet holds {}, which ends the game: every case types all its keys",
                key_literal(end)
            ),
            2,
        ));
    }
    Ok(Some(keys))
}

/// A difference reported: its signature, the cases that showed it, and
/// what was written of it.
struct Group {
    signature: String,
    cases: Vec<u32>,
    count: u32,
    /// The lines of the summary: the case found and the case shrunk, their
    /// reproduce lines and files.
    lines: Vec<String>,
}

pub fn run(args: FuzzArgs) -> Result<u8, Failure> {
    let sides = Sides::new(&args.sides, &args.command)?;
    let base = port_game(&args.port_args)?;
    let alphabet = alphabet(args.alphabet.as_deref())?;
    let cells = (u64::from(args.keys_per_case) + 1)
        * u64::from(args.size.max.0)
        * u64::from(args.size.max.1);
    if cells > MAX_CELLS {
        return Err(Failure(
            format!(
                "a case keeps both traces in memory: {} keys at up to {}x{} is {cells} cells, more than {MAX_CELLS}; give fewer --keys-per-case or a smaller --size",
                args.keys_per_case, args.size.max.0, args.size.max.1
            ),
            2,
        ));
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    });
    let names = sides.names(&base, None);
    eprintln!(
        "fuzz: {} case(s) of {} keys, --seed {seed}; {}",
        args.cases,
        args.keys_per_case,
        sides_line(&names)
    );
    let mut draw = Draw::new(seed);
    let bar = ProgressBar::new(u64::from(args.cases));
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} cases, {per_sec}, {elapsed} {msg}",
        )
        .expect("a valid template"),
    );
    let log_each = !std::io::stderr().is_terminal();
    let options = diff_options(false, args.chars);
    let mut groups: Vec<Group> = Vec::new();
    let mut known: HashMap<String, usize> = HashMap::new();
    let mut unlisted: HashMap<String, u32> = HashMap::new();
    let mut uncounted = 0;
    let mut run_count = 0;
    let mut differing = 0;
    for n in 1..=args.cases {
        let case = draw_case(&mut draw, &args, &base, alphabet.as_deref());
        let outcome = run_case(&sides, &args.flags, &case, options)
            .inspect_err(|_| bar.abandon())?;
        run_count = n;
        bar.inc(1);
        let what = |result: &str| {
            format!(
                "case {n}/{}: seed {} rng {} size {}x{}: {result}",
                args.cases,
                case.config.seed,
                case.config.rng,
                case.size.0,
                case.size.1
            )
        };
        if !outcome.differs() {
            if log_each {
                eprintln!("fuzz: {}", what("identical"));
            } else {
                bar.set_message(what("identical"));
            }
            continue;
        }
        differing += 1;
        let sig = signature(&outcome);
        let (number, new) = match known.get(&sig) {
            Some(&i) => (Some(i + 1), false),
            None if groups.len() < MAX_GROUPS => {
                groups.push(Group {
                    signature: sig.clone(),
                    cases: Vec::new(),
                    count: 0,
                    lines: Vec::new(),
                });
                known.insert(sig.clone(), groups.len() - 1);
                (Some(groups.len()), true)
            }
            None => {
                if unlisted.len() < MAX_SIGNATURES
                    || unlisted.contains_key(&sig)
                {
                    *unlisted.entry(sig.clone()).or_default() += 1;
                } else {
                    uncounted += 1;
                }
                (None, false)
            }
        };
        let label = number.map_or_else(
            || format!("a difference past the first {MAX_GROUPS}"),
            |number| format!("difference {number}"),
        );
        let line = what(&format!("differs ({label}: {sig})"));
        bar.suspend(|| eprintln!("fuzz: {line}"));
        if let Some(number) = number {
            let g = &mut groups[number - 1];
            g.count += 1;
            if g.cases.len() < CASES_LISTED {
                g.cases.push(n);
            }
            if new {
                let lines = bar.suspend(|| {
                    report_difference(&args, &sides, (number, n), case, outcome)
                });
                g.lines = lines.inspect_err(|_| bar.abandon())?;
            }
        }
        if !args.keep_going {
            break;
        }
    }
    bar.finish_and_clear();
    let distinct = groups.len() + unlisted.len();
    if distinct == 0 {
        println!(
            "fuzz: {run_count} case(s) identical (--seed {seed}); {}",
            sides_line(&names)
        );
        return Ok(0);
    }
    println!(
        "\nfuzz: {run_count} case(s) run (--seed {seed}): {} identical, {differing} differing, {distinct} distinct difference(s)",
        run_count - differing
    );
    println!("{}", sides_line(&names));
    println!(
        "differences are grouped by what differs first: the first differing cell's two contents at the first differing screen, or which side stopped and how (see fuzz --help)"
    );
    for (i, g) in groups.iter().enumerate() {
        let listed: Vec<String> =
            g.cases.iter().map(|c| c.to_string()).collect();
        let more = if g.count as usize > listed.len() {
            ", ..."
        } else {
            ""
        };
        println!(
            "difference {}: {} ({} case(s): {}{more})",
            i + 1,
            g.signature,
            g.count,
            listed.join(", ")
        );
        for line in &g.lines {
            println!("  {line}");
        }
    }
    if !unlisted.is_empty() {
        let cases: u32 = unlisted.values().sum();
        println!(
            "and {} more distinct difference(s) in {cases} case(s), neither written nor shrunk: the first {MAX_GROUPS} are",
            unlisted.len()
        );
    }
    if uncounted > 0 {
        println!(
            "and {uncounted} more differing case(s), not told apart: the first {MAX_SIGNATURES} signatures past those are counted"
        );
    }
    Ok(1)
}

/// The next case of `draw`.
fn draw_case(
    draw: &mut Draw,
    args: &FuzzArgs,
    base: &GameConfig,
    alphabet: Option<&[char]>,
) -> Case {
    let seed = draw.next_u32();
    let drawn = if draw.below(2) == 0 {
        RngKind::Glibc
    } else {
        RngKind::Msvc
    };
    let size = args.size.draw(draw);
    Case {
        config: GameConfig {
            seed,
            rng: args.rng.map_or(drawn, |r| r.0),
            ..*base
        },
        size,
        keys: walk(draw, args.keys_per_case as usize, alphabet),
    }
}

/// Reports a new difference, the `number`th, found at case `n`: writes and
/// prints the case found, shrinks it (unless a side stopped) and writes and
/// prints the case shrunk. The lines for the summary.
fn report_difference(
    args: &FuzzArgs,
    sides: &Sides,
    (number, n): (usize, u32),
    case: Case,
    outcome: Outcome,
) -> Result<Vec<String>, Failure> {
    let mut lines = Vec::new();
    println!(
        "\nfuzz: difference {number}, found at case {n}: {}",
        signature(&outcome)
    );
    lines.extend(keep(args, sides, &case, &outcome, "found")?);
    if !outcome.stops().is_empty() {
        let line = "not shrunk: a side stopped (played again as found, it stops again)";
        println!("{line}");
        lines.push(line.to_string());
        return Ok(lines);
    }
    let Some(first) = first_difference(&outcome) else {
        return Ok(lines);
    };
    eprintln!("fuzz: shrinking difference {number}...");
    let options = diff_options(false, args.chars);
    let small = shrink(sides, &args.flags, options, case, &first)?;
    let outcome = run_case(sides, &args.flags, &small, options)?;
    let kept = first_difference(&outcome)
        .and_then(|d| d.cells.into_iter().find(|c| first.cells.contains(c)));
    let shrunk = match &kept {
        Some(cell) => format!(
            "shrunk to {}x{} and {} key(s); its first differing screen (step {}) still shows row {}, column {} as the case found did: A {}, B {}",
            small.size.0,
            small.size.1,
            small.keys.len(),
            outcome.report.differing_steps.first().copied().unwrap_or(0),
            cell.y,
            cell.x,
            shown(&cell.a),
            shown(&cell.b)
        ),
        None => "shrunk: the difference no longer shows when played again".to_string(),
    };
    println!("{shrunk}");
    lines.push(shrunk);
    lines.extend(keep(args, sides, &small, &outcome, "shrunk")?);
    Ok(lines)
}

/// Writes the traces (and the report) of the case `what` (found or
/// shrunk) and prints its result; the lines for the summary.
fn keep(
    args: &FuzzArgs,
    sides: &Sides,
    case: &Case,
    outcome: &Outcome,
    what: &str,
) -> Result<Vec<String>, Failure> {
    let stem = format!("seed{}-{}-{what}", case.config.seed, case.config.rng);
    let (a, b) = write_traces(&args.out, &stem, outcome)?;
    let again = command_line(case, sides, &args.flags, args.chars);
    let mut lines = vec![
        format!("{what}: reproduce: {again}"),
        format!(
            "{what}: traces: {} (reference) and {} (port)",
            a.display(),
            b.display()
        ),
    ];
    if let Some(dir) = &args.html {
        let page = free_name(dir, &stem, "html")?;
        report_outcome(&page, false, outcome, std::slice::from_ref(&again))?;
        lines.push(format!("{what}: report: {}", page.display()));
    }
    println!("the case {what}:");
    print!("{}", outcome.text());
    println!(
        "traces: {} (reference) and {} (port)",
        a.display(),
        b.display()
    );
    println!("reproduce: {again}");
    Ok(lines)
}

/// A random walk of `n` keys: with `alphabet`, runs of keys drawn from it;
/// else runs of h, j, k and l, a stray key now and then.
fn walk(draw: &mut Draw, n: usize, alphabet: Option<&[char]>) -> Vec<char> {
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        let key = match alphabet {
            Some(alphabet) => {
                alphabet[draw.below(alphabet.len() as u32) as usize]
            }
            None if draw.below(8) == 0 => {
                keys.push(STRAY[draw.below(STRAY.len() as u32) as usize]);
                continue;
            }
            None => WALK[draw.below(4) as usize],
        };
        let run = 1 + draw.below(6) as usize;
        keys.extend(std::iter::repeat_n(key, run.min(n - keys.len())));
    }
    keys
}

/// What a side shows in a cell: its character and look (no look when
/// characters only are compared).
type Content = (char, Option<Look>);

/// A cell that differs between the two sides: where, and what each shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct CellDifference {
    y: usize,
    x: usize,
    a: Option<Content>,
    b: Option<Content>,
}

/// The first differing screen of a case: its step, and its differing
/// cells, row by row.
struct FirstDifference {
    step: usize,
    cells: HashSet<CellDifference>,
    first_cell: Option<CellDifference>,
}

/// The cells of row `y` of `step`, their looks as a console shows them
/// if `console`, or none if `chars` (characters only compared).
fn contents(step: &Step, y: usize, console: bool, chars: bool) -> Vec<Content> {
    let text = step.text.get(y).map_or("", String::as_str);
    let looks = step.looks(y).into_iter();
    let looks = looks.map(|l| {
        let look = if console { l.on_console() } else { l };
        (!chars).then_some(look)
    });
    text.chars().zip(looks).collect()
}

/// The differing cells of the first differing screen of `outcome`, with
/// what each side shows there, if a screen differs.
fn first_difference(outcome: &Outcome) -> Option<FirstDifference> {
    let number = *outcome.report.differing_steps.first()?;
    let (a, b) = (&outcome.reference, &outcome.port);
    let step = |t: &rogue_trace_format::Trace| {
        t.steps.iter().find(|s| s.number == number).cloned()
    };
    let (step_a, step_b) = (step(a)?, step(b)?);
    let console = on_console(a, b);
    let options = outcome.report.options;
    let mut rows: Option<(usize, Vec<Content>, Vec<Content>)> = None;
    let mut cells = HashSet::new();
    let mut first_cell = None;
    for (y, x) in cells_differing_as(&step_a, &step_b, console, options) {
        if rows.as_ref().is_none_or(|r| r.0 != y) {
            rows = Some((
                y,
                contents(&step_a, y, console, options.chars),
                contents(&step_b, y, console, options.chars),
            ));
        }
        let (_, row_a, row_b) = rows.as_ref().expect("the row");
        let cell = CellDifference {
            y,
            x,
            a: row_a.get(x).cloned(),
            b: row_b.get(x).cloned(),
        };
        first_cell.get_or_insert_with(|| cell.clone());
        cells.insert(cell);
    }
    Some(FirstDifference {
        step: number,
        cells,
        first_cell,
    })
}

/// A cell's content for a person: its character and its colours (only
/// its character when characters only are compared).
fn shown(content: &Option<Content>) -> String {
    content.as_ref().map_or_else(
        || "(nothing)".to_string(),
        |(ch, look)| match look {
            Some(look) => cell_shown(*ch, look),
            None => key_literal(*ch),
        },
    )
}

/// The signature of a difference, by which differences are grouped: for
/// a side that stopped, which and how; else what differs in the first
/// differing cell of the first differing screen, and what each side shows
/// there.
fn signature(outcome: &Outcome) -> String {
    let stops: Vec<String> = ROLES
        .iter()
        .zip(&outcome.stopped)
        .filter_map(|(role, why)| {
            Some(format!("{role} {}", how(why.as_ref()?)))
        })
        .collect();
    if !outcome.stops().is_empty() {
        return stops.join(", ");
    }
    let Some(cell) = first_difference(outcome).and_then(|d| d.first_cell)
    else {
        return format!("screens: {}", outcome.report.line);
    };
    let char_of = |c: &Option<Content>| c.as_ref().map(|c| c.0);
    let look_of = |c: &Option<Content>| c.as_ref().map(|c| c.1.clone());
    let what = match (
        char_of(&cell.a) != char_of(&cell.b),
        look_of(&cell.a) != look_of(&cell.b),
    ) {
        (true, true) => "characters and colours",
        (true, false) => "characters",
        _ => "colours",
    };
    format!(
        "screens differ ({what}) first at a cell where A shows {} and B {}",
        shown(&cell.a),
        shown(&cell.b)
    )
}

/// How a side stopped, without the number of keys typed.
fn how(stopped: &rogue_capture::Stopped) -> String {
    use rogue_capture::Stopped;
    match stopped {
        Stopped::Exited { status, .. } => format!("exited ({status})"),
        Stopped::NeverDrew => "drew nothing at start-up".into(),
        Stopped::KeptDrawing { .. } => {
            "kept busy without waiting for a key".into()
        }
    }
}

/// A smaller case that still shows the cause of `found`'s difference: the
/// keys cut after the first differing step, then chunks of keys taken
/// out, then the screen made smaller, each kept only while the case's
/// first differing screen holds a cell that differs, with the same two
/// contents, at the same row and column, in the found case's.
fn shrink(
    sides: &Sides,
    flags: &CaptureFlags,
    options: DiffOptions,
    mut case: Case,
    found: &FirstDifference,
) -> Result<Case, Failure> {
    let keeps = |candidate: &Case| -> Result<bool, Failure> {
        let outcome = run_case(sides, flags, candidate, options)?;
        Ok(outcome.stops().is_empty()
            && first_difference(&outcome)
                .is_some_and(|d| keeps_cause(&found.cells, &d.cells)))
    };
    // The first differing screen is step `found.step`, after as many keys.
    if found.step < case.keys.len() {
        let cut = Case {
            keys: case.keys[..found.step].to_vec(),
            ..case.clone()
        };
        if keeps(&cut)? {
            case = cut;
        }
    }
    let mut chunks = 2;
    while case.keys.len() > 1 {
        let size = case.keys.len().div_ceil(chunks);
        let mut smaller = None;
        for start in (0..case.keys.len()).step_by(size) {
            let mut keys = case.keys.clone();
            keys.drain(start..(start + size).min(keys.len()));
            let candidate = Case {
                keys,
                ..case.clone()
            };
            if keeps(&candidate)? {
                smaller = Some(candidate);
                break;
            }
        }
        match smaller {
            Some(c) => {
                case = c;
                chunks = (chunks - 1).max(2);
            }
            None if chunks >= case.keys.len() => break,
            None => chunks = (chunks * 2).min(case.keys.len()),
        }
    }
    for axis in [0, 1] {
        loop {
            let side = if axis == 0 { case.size.0 } else { case.size.1 };
            let mut smaller = None;
            for new in [side / 2, side * 3 / 4] {
                if new == 0 || new >= side {
                    continue;
                }
                let mut size = case.size;
                *(if axis == 0 { &mut size.0 } else { &mut size.1 }) = new;
                let candidate = Case {
                    size,
                    ..case.clone()
                };
                if keeps(&candidate)? {
                    smaller = Some(candidate);
                    break;
                }
            }
            match smaller {
                Some(c) => case = c,
                None => break,
            }
        }
    }
    Ok(case)
}

/// Whether a case's first differing screen, whose differing cells are
/// `cells`, still shows the cause of the found case's, `found`: a cell at
/// the same row and column that differs with the same two contents.
fn keeps_cause(
    found: &HashSet<CellDifference>,
    cells: &HashSet<CellDifference>,
) -> bool {
    cells.iter().any(|c| found.contains(c))
}

/// The generator of cases: glibc's `rand()` from a 64-bit seed.
mod generator {
    use rogue_crand::GlibcRand;

    pub struct Draw(GlibcRand);

    impl Draw {
        pub fn new(seed: u64) -> Draw {
            Draw(GlibcRand::new((seed ^ (seed >> 32)) as u32))
        }

        /// 32 random bits.
        pub fn next_u32(&mut self) -> u32 {
            let (a, b, c) = (
                self.0.rand() as u32,
                self.0.rand() as u32,
                self.0.rand() as u32,
            );
            (a << 17) ^ (b << 2) ^ c
        }

        /// A number below `n`.
        pub fn below(&mut self, n: u32) -> u32 {
            self.next_u32() % n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_one_size_or_a_range_from_smaller_to_larger() {
        let one = parse_size_range("80x24").unwrap();
        assert_eq!((one.min, one.max), ((80, 24), (80, 24)));
        let range = parse_size_range("20x8-120x40").unwrap();
        assert_eq!((range.min, range.max), ((20, 8), (120, 40)));
        assert!(parse_size_range("120x40-20x8").is_err());
        assert!(parse_size_range("20x8-120x4").is_err());
        assert!(parse_size_range("0x8-120x40").is_err());
        assert!(parse_size_range("20x8-1001x40").is_err());
        assert!(parse_size_range("20x8-").is_err());
    }

    #[test]
    fn sizes_are_drawn_within_the_range_as_before_ranges_were_given() {
        let range = parse_size_range("20x8-120x40").unwrap();
        let (mut a, mut b) = (Draw::new(5), Draw::new(5));
        for _ in 0..1000 {
            let size = range.draw(&mut a);
            let before = (20 + b.below(101) as u16, 8 + b.below(33) as u16);
            assert_eq!(size, before);
        }
        let one = parse_size_range("7x3").unwrap();
        assert_eq!(one.draw(&mut a), (7, 3));
    }

    #[test]
    fn walks_of_an_alphabet_hold_only_its_keys() {
        let alphabet = ['a', '\t', 'é'];
        let keys = walk(&mut Draw::new(1), 500, Some(&alphabet));
        assert_eq!(keys.len(), 500);
        assert!(keys.iter().all(|k| alphabet.contains(k)));
        assert!(alphabet.iter().all(|k| keys.contains(k)));
        assert_eq!(keys, walk(&mut Draw::new(1), 500, Some(&alphabet)));
        assert!(alphabet_of(Some("hjq")).is_err());
        assert!(alphabet_of(Some("")).is_err());
        assert_eq!(
            alphabet_of(Some("h\\tj")).unwrap(),
            Some(vec!['h', '\t', 'j'])
        );
    }

    fn alphabet_of(text: Option<&str>) -> Result<Option<Vec<char>>, String> {
        alphabet(text).map_err(|Failure(e, _)| e)
    }

    #[test]
    fn the_cause_is_kept_only_by_a_cell_alike_at_the_same_place() {
        let cell = |y, x, a: char, b: char| CellDifference {
            y,
            x,
            a: Some((a, Some(Look::of_class('w')))),
            b: Some((b, Some(Look::of_class('w')))),
        };
        let found: HashSet<_> =
            [cell(3, 4, '.', ' '), cell(5, 1, '#', '.')].into();
        let kept = [cell(0, 0, 'x', 'y'), cell(5, 1, '#', '.')].into();
        assert!(keeps_cause(&found, &kept));
        // The same place showing something else, or the same contents
        // elsewhere, is another difference.
        let moved = [cell(3, 5, '.', ' '), cell(5, 1, '#', ' ')].into();
        assert!(!keeps_cause(&found, &moved));
        assert!(!keeps_cause(&found, &HashSet::new()));
    }
}
