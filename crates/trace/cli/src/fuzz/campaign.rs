//! A `fuzz` campaign: the cases played one after the other, each
//! difference grouped by its first difference's kind ([`Kind`]), each
//! group reported once and shrunk, and the summary at the end.

use std::collections::HashMap;
use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use rogue_game::GameConfig;

use crate::case::{
    command_line, diff_options, free_name, report_outcome, run_case,
    sides_line, write_traces, Case, Outcome, Sides,
};
use crate::commands::fuzz::FuzzArgs;
use crate::fuzz::grouping::{first_difference, FirstDifference, Kind};
use crate::fuzz::shrink::shrink;
use crate::fuzz::walks::{draw_case, Draw};
use crate::verdict::Verdict;
use crate::Failure;

/// The most groups reported in full (traces, reports, shrinking); any
/// more are counted.
const MAX_GROUPS: usize = 100;

/// The most group names counted past [`MAX_GROUPS`]; the cases past
/// those are counted together.
const MAX_NAMES: usize = 10_000;

/// The most case numbers a group lists.
const CASES_LISTED: usize = 10;

/// Past this share of the cases (and at least [`FIRST_SCREEN_CASES`]
/// cases), cases whose player starts elsewhere point to the port's seed
/// or generator.
const FIRST_SCREEN_SHARE: f64 = 0.5;
const FIRST_SCREEN_CASES: u32 = 5;

/// A group of differences: its name, the cases that showed it, the kinds
/// of their first differences where the group has more than one, and what
/// was written of it.
struct Group {
    name: String,
    cases: Vec<u32>,
    count: u32,
    kinds: Vec<(String, u32)>,
    /// The lines of the summary: the case found and the case shrunk, their
    /// reproduce lines and files.
    lines: Vec<String>,
}

/// What a campaign has seen so far.
#[derive(Default)]
struct Tally {
    groups: Vec<Group>,
    known: HashMap<String, usize>,
    unlisted: HashMap<String, u32>,
    uncounted: u32,
    run: u32,
    differing: u32,
    /// Cases whose first difference is the first screen, the player
    /// elsewhere.
    first_screen: u32,
    /// Cases whose sides did not differ, but that covered nothing: blank
    /// screens on both sides at every step, or both sides stopped early
    /// alike.
    covered_nothing: u32,
}

/// Plays `args.cases` cases drawn from `seed` between `sides`, the
/// built-in port's game being `base` and the walks' keys `alphabet` (the
/// default walks without); prints each group once, and the summary.
/// Exit status 0 if every case was identical, else 1.
pub fn run(
    args: &FuzzArgs,
    sides: &Sides,
    base: &GameConfig,
    alphabet: Option<&[char]>,
    seed: u64,
) -> Result<u8, Failure> {
    let names = sides.names(base, None);
    eprintln!(
        "fuzz: {} case(s) of {} keys, --seed {seed}; {}",
        args.cases,
        args.keys_per_case,
        sides_line(&names)
    );
    let mut draw = Draw::new(seed);
    let bar = progress_bar(args.cases);
    let mut tally = Tally::default();
    for n in 1..=args.cases {
        let case = draw_case(&mut draw, args, base, alphabet);
        let options = diff_options(false, args.chars);
        let outcome = run_case(sides, &args.flags, &case, options)
            .inspect_err(|_| bar.abandon())?;
        tally.run = n;
        bar.inc(1);
        let differs = tally
            .play(args, sides, (n, &case), outcome, &bar)
            .inspect_err(|_| bar.abandon())?;
        if differs && !args.keep_going {
            break;
        }
    }
    bar.finish_and_clear();
    Ok(tally.summary(seed, &names))
}

/// The progress bar of `cases` cases.
fn progress_bar(cases: u32) -> ProgressBar {
    let bar = ProgressBar::new(u64::from(cases));
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} cases, {per_sec}, {elapsed} {msg}",
        )
        .expect("a valid template"),
    );
    bar
}

/// The group a differing case falls in ([`Kind::group`]), and its first
/// difference's kind, as a person reads it; the report's
/// line for both if no screen or ending tells it.
fn group_name(
    first: Option<&FirstDifference>,
    outcome: &Outcome,
) -> (String, String) {
    match first {
        Some(d) => (d.kind.group(), d.kind.in_group()),
        None => {
            let line = format!("the screens differ: {}", outcome.report.line);
            (line.clone(), line)
        }
    }
}

/// A case's group, `name`, and its first difference's kind, `kind`, on
/// one line.
fn case_line(name: &str, kind: &str) -> String {
    if kind == name {
        name.to_string()
    } else {
        format!("{name}; its first difference: {kind}")
    }
}

/// The screen of the C's dungeon, `MAP_WIDTH` by `MAP_HEIGHT`.
const DUNGEON: (u16, u16) = (100, 25);

/// A differing case as it is grouped and reported: the case, what it
/// gave, its first difference, and the size it was drawn at if it was
/// played again on a larger screen ([`in_view`]).
struct Grouped {
    case: Case,
    outcome: Outcome,
    first: Option<FirstDifference>,
    drawn_at: Option<(u16, u16)>,
}

/// The differing `case` as it is grouped: as played, unless its first
/// differing screen shows neither player (a screen smaller than the
/// dungeon, the difference away from both players, where it cannot show
/// what differs at the player's place); then played again on a screen
/// as large as the dungeon, if it differs there too.
fn in_view(
    args: &FuzzArgs,
    sides: &Sides,
    case: &Case,
    outcome: Outcome,
) -> Result<Grouped, Failure> {
    let first = first_difference(&outcome);
    let unseen = first.as_ref().is_some_and(|d| {
        !matches!(d.kind, Kind::Stopped(_)) && d.players == [None, None]
    });
    let size = (case.size.0.max(DUNGEON.0), case.size.1.max(DUNGEON.1));
    if unseen && size != case.size {
        let larger = Case {
            size,
            ..case.clone()
        };
        let options = diff_options(false, args.chars);
        let again = run_case(sides, &args.flags, &larger, options)?;
        if let Some(first) = first_difference(&again) {
            return Ok(Grouped {
                case: larger,
                outcome: again,
                first: Some(first),
                drawn_at: Some(case.size),
            });
        }
    }
    Ok(Grouped {
        case: case.clone(),
        outcome,
        first,
        drawn_at: None,
    })
}

impl Tally {
    /// Logs the `n`th case, `case`, and groups its outcome if it differs,
    /// reporting a new group in full; whether it differs.
    fn play(
        &mut self,
        args: &FuzzArgs,
        sides: &Sides,
        (n, case): (u32, &Case),
        outcome: Outcome,
        bar: &ProgressBar,
    ) -> Result<bool, Failure> {
        let what = |result: &str| {
            format!("case {n}/{}: {}: {result}", args.cases, case.said())
        };
        if !outcome.differs() {
            let result = self.alike(&outcome);
            if std::io::stderr().is_terminal() {
                bar.set_message(what(result));
            } else {
                eprintln!("fuzz: {}", what(result));
            }
            return Ok(false);
        }
        self.differing += 1;
        let grouped = in_view(args, sides, case, outcome)?;
        let (number, line) = self.count(n, &grouped);
        bar.suspend(|| eprintln!("fuzz: {}", what(&line)));
        // A group's first case is reported in full.
        let new = number.filter(|&i| self.groups[i - 1].count == 1);
        if let Some(number) = new {
            let lines = bar.suspend(|| {
                report_difference(args, sides, (number, n), grouped)
            })?;
            self.groups[number - 1].lines = lines;
        }
        Ok(true)
    }

    /// Counts a case whose sides do not differ, `outcome`, apart if it
    /// covered nothing; its result for the log.
    fn alike(&mut self, outcome: &Outcome) -> &'static str {
        match outcome.verdict() {
            Verdict::Blank => {
                self.covered_nothing += 1;
                "covered nothing: both screens blank at every step"
            }
            Verdict::StoppedAlike => {
                self.covered_nothing += 1;
                "covered nothing past where both sides stopped early, alike"
            }
            _ => "identical",
        }
    }

    /// Counts the `n`th case, `grouped`, in its group: the group's number
    /// (`None` past [`MAX_GROUPS`]) and the case's line for the log.
    fn count(&mut self, n: u32, grouped: &Grouped) -> (Option<usize>, String) {
        let first = grouped.first.as_ref();
        if first.is_some_and(|d| d.key.is_none() && d.kind == Kind::Player) {
            self.first_screen += 1;
        }
        let (name, kind) = group_name(first, &grouped.outcome);
        let number = self.group_of(&name);
        let label = number.map_or_else(
            || format!("a difference past the first {MAX_GROUPS} groups"),
            |number| format!("difference {number}"),
        );
        let mut line =
            format!("differs ({label}: {})", case_line(&name, &kind));
        if grouped.drawn_at.is_some() {
            let (cols, rows) = grouped.case.size;
            line.push_str(&format!("; its first differing screen showed neither player, so it is grouped as played again at {cols}x{rows}"));
        }
        let Some(number) = number else {
            return (None, line);
        };
        let group = &mut self.groups[number - 1];
        group.count += 1;
        if group.cases.len() < CASES_LISTED {
            group.cases.push(n);
        }
        match group.kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += 1,
            None => group.kinds.push((kind, 1)),
        }
        (Some(number), line)
    }

    /// The number of the group `name`, counting from 1, made if new;
    /// `None` past [`MAX_GROUPS`], counted apart.
    fn group_of(&mut self, name: &str) -> Option<usize> {
        if let Some(&i) = self.known.get(name) {
            return Some(i + 1);
        }
        if self.groups.len() < MAX_GROUPS {
            self.groups.push(Group {
                name: name.to_string(),
                cases: Vec::new(),
                count: 0,
                kinds: Vec::new(),
                lines: Vec::new(),
            });
            self.known.insert(name.to_string(), self.groups.len() - 1);
            return Some(self.groups.len());
        }
        if self.unlisted.len() < MAX_NAMES || self.unlisted.contains_key(name) {
            *self.unlisted.entry(name.to_string()).or_default() += 1;
        } else {
            self.uncounted += 1;
        }
        None
    }

    /// Prints the summary; the exit status: 0 if no case differed and
    /// some case covered something, else 1.
    fn summary(&self, seed: u64, names: &[String; 2]) -> u8 {
        let run = self.run;
        let distinct = self.groups.len() + self.unlisted.len();
        let alike = run - self.differing - self.covered_nothing;
        let nothing = match self.covered_nothing {
            0 => String::new(),
            n => format!(", {n} that covered nothing (blank screens on both sides at every step, or both stopped early alike)"),
        };
        if distinct == 0 && nothing.is_empty() {
            println!(
                "fuzz: {run} case(s) identical (--seed {seed}); {}",
                sides_line(names)
            );
            return 0;
        }
        if distinct == 0 {
            println!(
                "fuzz: {run} case(s) run (--seed {seed}), none differing: {alike} identical{nothing}; {}",
                sides_line(names)
            );
            // Not one case compared anything: that is no verdict.
            return u8::from(alike == 0);
        }
        println!(
            "\nfuzz: {run} case(s) run (--seed {seed}): {alike} identical{nothing}, {} differing, {distinct} distinct difference(s)",
            self.differing
        );
        println!("{}", sides_line(names));
        println!("differences are grouped by the kind of their first difference, as a porter would name it (see fuzz --help)");
        for (i, group) in self.groups.iter().enumerate() {
            print_group(i + 1, group);
        }
        self.print_unlisted();
        self.print_first_screen_hint();
        1
    }

    /// The groups past [`MAX_GROUPS`], counted.
    fn print_unlisted(&self) {
        if !self.unlisted.is_empty() {
            let cases: u32 = self.unlisted.values().sum();
            println!(
                "and {} more distinct difference(s) in {cases} case(s), neither written nor shrunk: the first {MAX_GROUPS} are",
                self.unlisted.len()
            );
        }
        if self.uncounted > 0 {
            println!(
                "and {} more differing case(s), not told apart: the first {MAX_NAMES} names past those are counted",
                self.uncounted
            );
        }
    }

    /// When most cases differ from the first screen on, what to check.
    fn print_first_screen_hint(&self) {
        let share = f64::from(self.first_screen) / f64::from(self.run);
        if self.first_screen >= FIRST_SCREEN_CASES && share > FIRST_SCREEN_SHARE
        {
            println!(
                "{} of {} case(s) differ from the first screen on, the player starting elsewhere: the port may not build the dungeon of the seed and generator it is given; check the seed it is given and its rand() against `rogue-trace rand --rng RNG --seed N`",
                self.first_screen, self.run
            );
        }
    }
}

/// The summary's lines of the `number`th group: its name and cases, the
/// kinds of their first differences where it has more than its name,
/// and what was written of it.
fn print_group(number: usize, g: &Group) {
    let listed: Vec<String> = g.cases.iter().map(|c| c.to_string()).collect();
    let more = if g.count as usize > listed.len() {
        ", ..."
    } else {
        ""
    };
    println!(
        "difference {}: {} ({} case(s): {}{more})",
        number,
        g.name,
        g.count,
        listed.join(", ")
    );
    if g.kinds.len() > 1 || g.kinds.iter().any(|(k, _)| *k != g.name) {
        let kinds: Vec<String> = g
            .kinds
            .iter()
            .map(|(kind, count)| format!("{kind} ({count} case(s))"))
            .collect();
        println!("  first differences: {}", kinds.join("; "));
    }
    for line in &g.lines {
        println!("  {line}");
    }
}

/// Reports a new group: writes and prints the case found, shrinks it
/// (unless a side drew nothing or kept busy, which every play would wait
/// out) and writes and prints the case shrunk. The lines for the summary.
fn report_difference(
    args: &FuzzArgs,
    sides: &Sides,
    (number, n): (usize, u32),
    grouped: Grouped,
) -> Result<Vec<String>, Failure> {
    let Grouped {
        case,
        outcome,
        first,
        drawn_at,
    } = grouped;
    let (name, kind) = group_name(first.as_ref(), &outcome);
    println!(
        "\nfuzz: difference {number}, found at case {n}: {}",
        case_line(&name, &kind)
    );
    if let Some((cols, rows)) = drawn_at {
        let (c, r) = case.size;
        println!("(drawn at {cols}x{rows}, where its first differing screen showed neither player; played again at {c}x{r})");
    }
    let mut lines = keep(args, sides, &case, &outcome, "found")?;
    let Some(first) = first else { return Ok(lines) };
    if let Some(why) = unshrinkable(&outcome) {
        let line = format!("not shrunk: {why}");
        println!("{line}");
        lines.push(line);
        return Ok(lines);
    }
    eprintln!("fuzz: shrinking difference {number}...");
    let options = diff_options(false, args.chars);
    let (small, kept) = shrink(sides, &args.flags, options, case, &first)?;
    let outcome = run_case(sides, &args.flags, &small, options)?;
    let shrunk = shrunk_line(&small, &kept);
    println!("{shrunk}");
    lines.push(shrunk);
    lines.extend(keep(args, sides, &small, &outcome, "shrunk")?);
    Ok(lines)
}

/// Why a case is not shrunk, if it is not: a side drew nothing, or kept
/// busy, which every play would wait out.
fn unshrinkable(outcome: &Outcome) -> Option<&'static str> {
    use rogue_capture::{Outcome as Ended, Stopped};
    outcome.ended.iter().find_map(|ended| match ended {
        Ended::Stopped(Stopped::NeverDrew) => Some("a side drew nothing at start-up"),
        Ended::Stopped(Stopped::KeptDrawing { .. }) => {
            Some("a side kept busy without waiting for a key, which each play would wait out")
        }
        _ => None,
    })
}

/// What a shrunk case kept of the found case's first difference.
fn shrunk_line(small: &Case, kept: &FirstDifference) -> String {
    let (cols, rows) = small.size;
    let players = match kept.players {
        [Some(_), Some(_)] => "both players",
        [Some(_), None] => "the reference's player (the port's is out of view)",
        [None, Some(_)] => "the port's player (the reference's is out of view)",
        [None, None] => "neither player (both out of view)",
    };
    let screen = match kept.kind {
        Kind::Stopped(_) => format!("its last screen before shows {players}"),
        _ => format!(
            "its screen shows {players} and the {} cell(s) that differ there",
            kept.cells.len()
        ),
    };
    format!(
        "shrunk to {cols}x{rows} and {} key(s), keeping the first difference: {}, at {}; {screen}",
        small.keys.len(),
        kept.kind.in_group(),
        kept.place()
    )
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
    let stem = format!("{}-{what}", case.stem());
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
