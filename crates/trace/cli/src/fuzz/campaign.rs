//! A `fuzz` campaign: what it plays, on how many jobs, and how it gathers
//! what they gave: each case counted, recorded and grouped, each group's
//! first case reported and shrunk, and the summary, also when stopped early.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use rogue_trace_format::{escape_keys, resize_key, resize_of, JOIN};

use crate::case::{
    command_line, differs_again, free_name, report_outcome, run_case,
    write_traces, Case, Sides,
};
use crate::compared::{sides_line, Compared};
use crate::coverage::Coverage;
use crate::error::Failure;
use crate::flags::{CaptureFlags, ComparedArgs};
use crate::fuzz::grouping::{
    another_dungeon, differences, FirstDifference, Kind, DUNGEON,
};
use crate::fuzz::record::{self, Writer};
use crate::fuzz::shrink::shrink;
use crate::fuzz::stop::{self, Reason};
use crate::fuzz::tally::{case_line, Cut, Difference, Seen, Tally};
use crate::fuzz::walks::{draw_case, Shape};
use crate::fuzz::workers::{play_in_order, Flow};
use crate::io_util::{errln, out, outln};
use crate::verdict::Verdict;

/// A campaign, as `fuzz`'s options give it.
pub struct Config {
    /// What every case shares.
    pub shape: Shape,
    /// The campaign's cases, numbered from 1.
    pub cases: u32,
    /// The campaign's seed: case k is drawn from it and k alone.
    pub seed: u64,
    /// Play every case; else stop at the first difference.
    pub keep_going: bool,
    /// Stop once this many groups are found.
    pub max_differences: Option<u32>,
    /// Cases played side by side.
    pub jobs: usize,
    /// The shard played, K of N: every Nth case from K (1 of 1: all).
    pub shard: (u32, u32),
    /// Stop once this long has passed.
    pub time_limit: Option<Duration>,
    /// How programs are captured.
    pub flags: CaptureFlags,
    /// What the comparison leaves out (`--chars`, `--ignore-cursor`).
    pub compared: ComparedArgs,
    /// Where traces and the record are written.
    pub out: PathBuf,
    /// Where HTML reports are written, if anywhere.
    pub html: Option<PathBuf>,
}

impl Config {
    /// The numbers of the cases this campaign plays: every one, or its shard's.
    pub fn numbers(&self) -> Vec<u32> {
        let (k, n) = self.shard;
        (k..=self.cases).step_by(n as usize).collect()
    }
}

/// What a job gave for one case.
enum Played {
    /// The case, and what it gave.
    Done(Case, Box<Compared>),
    /// Its programs were ended as the campaign stopped.
    CutShort,
    /// A program could not run.
    Failed(Failure),
}

/// Plays the campaign `config` between `sides`; prints its groups, summary.
pub fn run(config: &Config, sides: &Sides) -> Result<u8, Failure> {
    let names = sides.names(&config.shape.base, None);
    let numbers = config.numbers();
    errln!("{}", opening(config, &names, numbers.len()))?;
    std::fs::create_dir_all(&config.out)
        .map_err(|e| format!("cannot create {}: {e}", config.out.display()))?;
    let campaign = record::Campaign {
        seed: config.seed,
        cases: config.cases,
        keys_per_case: config.shape.keys_per_case as u32,
        names: names.clone(),
        shard: config.shard,
    };
    let path = free_name(&config.out, "campaign", "jsonl")?;
    let mut record = Writer::create(&path, &campaign)?;
    stop::on_signals();
    let _timer = config.time_limit.map(stop::after);
    let mut gather = Gather {
        config,
        sides,
        record: &mut record,
        tally: Tally::narrowed(config.compared.options(true, false).compared()),
        bar: progress_bar(numbers.len()),
        cut_short: 0,
        failure: None,
    };
    let taken = play_in_order(
        config.jobs,
        2 * config.jobs,
        &numbers,
        |n| play(config, sides, n),
        stop::stopping,
        |n, played| gather.take(n, played),
    );
    if let Some(failure) = gather.failure {
        gather.bar.abandon();
        return Err(failure);
    }
    gather.bar.finish_and_clear();
    let (tally, cut_short) = (gather.tally, gather.cut_short);
    let reason = stop::reason();
    let cut = Cut {
        reason,
        cut_short,
        not_played: (numbers.len() - taken) as u32,
    };
    record.ended(reason.map(Reason::said), cut_short)?;
    let printed = tally.summary(config.seed, &names, &cut).and_then(|status| {
        if let (Some(Reason::Enough), Some(k)) = (reason, config.max_differences) {
            outln!(
                "fuzz: stopped once {k} distinct difference(s) were found (--max-differences): {} case(s) never started",
                cut.not_played
            )?;
        }
        errln!("fuzz: the campaign's record: {}", record.path().display())?;
        Ok(status)
    });
    match (reason, printed) {
        (Some(Reason::Interrupted), Ok(_)) => Ok(130),
        (Some(Reason::Interrupted), Err(f)) if f.is_closed() => Ok(130),
        (_, printed) => printed,
    }
}

/// The campaign's first line: its cases, shard, jobs and sides.
fn opening(config: &Config, names: &[String; 2], played: usize) -> String {
    let (k, n) = config.shard;
    let shard = match n {
        1 => String::new(),
        _ => format!(
            ", shard {k}/{n} ({played} of them: every {n}th from case {k})"
        ),
    };
    format!(
        "fuzz: {} case(s) of {} keys, --seed {}{shard}, {} job(s); {}",
        config.cases,
        config.shape.keys_per_case,
        config.seed,
        config.jobs,
        sides_line(names)
    )
}

/// Plays the case `number`, on a job's thread.
fn play(config: &Config, sides: &Sides, number: u32) -> Played {
    let case = draw_case(config.seed, number, &config.shape);
    let options = config.compared.options(true, false);
    match run_case(sides, &config.flags, &case, options) {
        // A stop ends the programs under way: what they gave after it is
        // not theirs.
        _ if stop::stopping() => Played::CutShort,
        Ok(outcome) => Played::Done(case, Box::new(outcome)),
        Err(failure) => Played::Failed(failure),
    }
}

/// The progress bar of `cases` cases.
fn progress_bar(cases: usize) -> ProgressBar {
    let bar = ProgressBar::new(cases as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} cases, {per_sec}, {elapsed} {msg}",
        )
        .expect("a valid template"),
    );
    bar
}

/// What the calling thread does with the cases' results, in order.
struct Gather<'a> {
    config: &'a Config,
    sides: &'a Sides,
    record: &'a mut Writer,
    tally: Tally,
    bar: ProgressBar,
    cut_short: u32,
    failure: Option<Failure>,
}

impl Gather<'_> {
    /// Takes the result of the case `number`.
    fn take(&mut self, number: u32, played: Played) -> Flow {
        self.bar.inc(1);
        let counted = match played {
            Played::Done(case, outcome) => self.count(number, &case, *outcome),
            Played::CutShort => {
                self.cut_short += 1;
                Ok(Flow::Go)
            }
            Played::Failed(failure) => Err(failure),
        };
        // A stop ends the programs a confirmation or a shrink plays too.
        if counted.is_err() && stop::stopping() {
            self.cut_short += 1;
            return Flow::Go;
        }
        // A failure (its output closed, too) ends the campaign: the cases
        // under way are not needed, and their programs end at once.
        counted.unwrap_or_else(|failure| {
            stop::end_every_capture();
            self.failure = Some(failure);
            Flow::Stop
        })
    }

    /// Counts the case `number`, `case`, which gave `outcome`.
    fn count(
        &mut self,
        number: u32,
        case: &Case,
        mut outcome: Compared,
    ) -> Result<Flow, Failure> {
        let config = self.config;
        let covered =
            Coverage::of(&outcome.reference.trace, &case.keys, &case.config);
        let (seen, grouped) = if outcome.differs() {
            if !differs_again(self.sides, &config.flags, case, &mut outcome)? {
                (Seen::Timing, None)
            } else {
                let grouped = at_map_size(config, self.sides, case, outcome)?;
                (Seen::Differs(difference(&grouped)), Some(grouped))
            }
        } else {
            (alike(&outcome), None)
        };
        let (groups, line) = self.tally.count(number, &seen, &covered);
        self.record.case(number, &case.said(), &seen, &covered)?;
        let mut what =
            format!("case {number}/{}: {}: {line}", config.cases, case.said());
        // Played again alike, it is told with the command that plays it.
        let timing = seen == Seen::Timing;
        if timing {
            let again = reproduce(config, self.sides, case);
            what.push_str(&format!("; reproduce: {again}"));
        }
        let (differing, n) = (self.tally.differing, self.tally.groups.len());
        self.bar
            .set_message(format!("{differing} differing, {n} group(s)"));
        // On a terminal, the bar counts the cases alike; a log gets every
        // case.
        if grouped.is_some() || timing || !std::io::stderr().is_terminal() {
            self.bar.suspend(|| errln!("fuzz: {what}"))?;
        }
        let Some(grouped) = grouped else {
            return Ok(Flow::Go);
        };
        // A group's first case is reported in full, shrunk to its kind.
        let new = groups.iter().enumerate().filter_map(|(i, g)| {
            let g = (*g)?;
            (self.tally.groups[g - 1].count == 1).then_some((i, g))
        });
        for (i, group) in new.collect::<Vec<_>>() {
            let lines = self.bar.suspend(|| {
                report_difference(
                    config,
                    self.sides,
                    (group, number),
                    (&grouped, i),
                )
            })?;
            self.record.group(
                &self.tally.groups[group - 1].name,
                number,
                &lines,
            )?;
            self.tally.groups[group - 1].lines = lines;
        }
        let enough = match config.max_differences {
            Some(k) => self.tally.groups.len() >= k as usize,
            None => !config.keep_going,
        };
        if enough {
            stop::enough();
            return Ok(Flow::Stop);
        }
        Ok(Flow::Go)
    }
}

/// What a case whose sides do not differ, `outcome`, showed.
fn alike(outcome: &Compared) -> Seen {
    match outcome.verdict() {
        Verdict::Blank => Seen::Blank,
        Verdict::StoppedAlike => Seen::StoppedAlike,
        _ => Seen::Identical,
    }
}

/// The group and first difference of `grouped`, and the kinds it met after.
fn difference(grouped: &Grouped) -> Difference {
    let first = grouped.firsts.first();
    let (group, kind) = group_name(grouped, first);
    let also = grouped.firsts.iter().skip(1);
    let (outcome, config) = (&grouped.outcome, &grouped.case.config);
    let player =
        first.is_some_and(|d| d.key.is_none() && d.kind == Kind::Player);
    Difference {
        group,
        kind,
        first_screen: grouped.small_only.is_none()
            && player
            && config.part.seeds()
            && another_dungeon(outcome, config),
        again_at: grouped.drawn_at.map(|_| grouped.case.size),
        also: also.map(|d| group_name(grouped, Some(d))).collect(),
    }
}

/// The group of a differing case's difference `first`.
fn group_name(
    grouped: &Grouped,
    first: Option<&FirstDifference>,
) -> (String, String) {
    let (group, kind) = match first {
        Some(d) => (d.kind.group(), d.kind.in_group()),
        None => {
            let line =
                format!("the screens differ: {}", grouped.outcome.report.line);
            (line.clone(), line)
        }
    };
    if grouped.small_only.is_none() {
        return (group, kind);
    }
    if first.is_some_and(|d| matches!(d.kind, Kind::Crash(_))) {
        let (cols, rows) = DUNGEON;
        return (
            group,
            format!(
                "{kind}, on screens smaller than the map ({cols}x{rows}) only"
            ),
        );
    }
    let only = small_only(first);
    (only.clone(), format!("{only}; on the small screen: {kind}"))
}

/// The group of a case that differs only on screens smaller than the dungeon.
fn small_only(first: Option<&FirstDifference>) -> String {
    let (cols, rows) = DUNGEON;
    let only =
        format!("differs only on screens smaller than the map ({cols}x{rows})");
    match first.map(|d| &d.kind) {
        Some(Kind::Stopped(_) | Kind::Terminal(_) | Kind::LastWords) => only,
        _ => format!("draws outside the terminal: {only}"),
    }
}

/// A differing case as it is grouped and reported.
struct Grouped {
    case: Case,
    outcome: Compared,
    /// Its differences ([`differences`]), its first first.
    firsts: Vec<FirstDifference>,
    drawn_at: Option<(u16, u16)>,
    /// Differing on small screens only: what the map's size showed.
    small_only: Option<&'static str>,
}

/// `size`, columns and rows, each at least the dungeon's.
fn at_least_the_map((cols, rows): (u16, u16)) -> (u16, u16) {
    (cols.max(DUNGEON.0), rows.max(DUNGEON.1))
}

/// `key`, or, for a resize, a resize to at least the dungeon's size.
fn resized_to_the_map(key: char) -> char {
    let grown = resize_of(key).and_then(|size| {
        let (cols, rows) = at_least_the_map(size);
        resize_key(cols, rows)
    });
    grown.unwrap_or(key)
}

/// The differing `case` as it is grouped.
fn at_map_size(
    config: &Config,
    sides: &Sides,
    case: &Case,
    outcome: Compared,
) -> Result<Grouped, Failure> {
    let firsts = differences(&outcome);
    let as_played = |firsts, small_only| Grouped {
        case: case.clone(),
        outcome,
        firsts,
        drawn_at: None,
        small_only,
    };
    // Named by its cause already, whatever the screen's size.
    let named = firsts.first().map(|f| &f.kind);
    let named = matches!(
        named,
        Some(Kind::NotRedrawn(_) | Kind::NotSuspended(_) | Kind::Late(_))
    );
    let larger = Case {
        size: at_least_the_map(case.size),
        keys: case.keys.iter().map(|&k| resized_to_the_map(k)).collect(),
        ..case.clone()
    };
    let options = config.compared.options(true, false);
    let again = (!named && larger != *case)
        .then(|| run_case(sides, &config.flags, &larger, options));
    // Stopped from outside, the case is grouped as played.
    let Some(again) = again.filter(|_| !stop::stopping()) else {
        return Ok(as_played(firsts, None));
    };
    let again = again?;
    let again_firsts = differences(&again);
    // A crash on the small screen alone keeps its group, whatever the
    // larger one shows.
    let crash = |f: &[FirstDifference]| {
        let d = f.iter().find(|d| matches!(d.kind, Kind::Crash(_)));
        d.map(|d| d.kind.group())
    };
    let lost = crash(&firsts).is_some_and(|c| crash(&again_firsts) != Some(c));
    if again_firsts.is_empty() || lost {
        let (firsts, small_only) = small_only_kept(firsts, &again, lost);
        return Ok(as_played(firsts, small_only));
    }
    Ok(Grouped {
        case: larger,
        outcome: again,
        firsts: again_firsts,
        drawn_at: Some(case.size),
        small_only: None,
    })
}

/// The kinds a case keeps that its play at the map's size, `again`, does
/// not group, a crash `lost` there; and what that size showed, where only
/// the small screen's kinds are kept.
fn small_only_kept(
    firsts: Vec<FirstDifference>,
    again: &Compared,
    lost: bool,
) -> (Vec<FirstDifference>, Option<&'static str>) {
    let alike = !again.differs();
    let small_only = match alike {
        true => Some("both sides were alike"),
        false => lost.then_some("the crash was not there"),
    };
    // Differing on small screens only, a case is one group, and a crash's.
    let kept = |(i, d): &(usize, FirstDifference)| {
        small_only.is_none()
            || *i == 0 && alike
            || matches!(d.kind, Kind::Crash(_))
    };
    let firsts = firsts.into_iter().enumerate().filter(kept);
    (firsts.map(|(_, d)| d).collect(), small_only)
}

/// Reports a new group, that of the `i`th difference of `grouped`.
fn report_difference(
    config: &Config,
    sides: &Sides,
    (number, n): (usize, u32),
    (grouped, i): (&Grouped, usize),
) -> Result<Vec<String>, Failure> {
    let first = grouped.firsts.get(i);
    let (name, kind) = group_name(grouped, first);
    let Grouped {
        case,
        outcome,
        drawn_at,
        small_only,
        ..
    } = grouped;
    let after = match i {
        0 => String::new(),
        _ => " (a kind it met after its first difference)".to_string(),
    };
    outln!(
        "\nfuzz: difference {number}, found at case {n}{after}: {}",
        case_line(&name, &kind, i == 0)
    )?;
    let (c, r) = case.size;
    if let Some((cols, rows)) = drawn_at {
        outln!("(drawn at {cols}x{rows}, smaller than the map; played again at {c}x{r}, and named by what differs there)")?;
    }
    if let Some(there) = small_only {
        outln!("(drawn at {c}x{r}; played again on a screen the map's size, {there})")?;
    }
    let named = format!("difference {number}: {name}");
    let mut lines = keep(config, sides, (case, outcome), ("found", &named))?;
    let Some(first) = first else { return Ok(lines) };
    if let Some(why) = unshrinkable(outcome) {
        let line = format!("not shrunk: {why}");
        outln!("{line}")?;
        lines.push(line);
        return Ok(lines);
    }
    errln!("fuzz: shrinking difference {number}...")?;
    let options = config.compared.options(true, false);
    let found = (first, i == 0);
    let shrunk = shrink(sides, &config.flags, options, case.clone(), found)
        .and_then(|(small, kept)| {
            let outcome = run_case(sides, &config.flags, &small, options)?;
            Ok((small, kept, outcome))
        });
    // Stopped from outside, what was shrunk is not kept.
    let (small, kept, outcome) = match shrunk {
        _ if stop::stopping() => {
            let line = "not shrunk: the campaign was stopped first".to_string();
            outln!("{line}")?;
            lines.push(line);
            return Ok(lines);
        }
        shrunk => shrunk?,
    };
    let shrunk = shrunk_line(&small, &kept, i == 0);
    outln!("{shrunk}")?;
    lines.push(shrunk);
    lines.extend(keep(config, sides, (&small, &outcome), ("shrunk", &named))?);
    Ok(lines)
}

/// Why a case is not shrunk, if it is not.
fn unshrinkable(outcome: &Compared) -> Option<&'static str> {
    use rogue_trace_format::played::Stopped;
    outcome.sides().iter().find_map(|p| match p.outcome.stopped()? {
        Stopped::NeverDrew => Some("a side drew nothing at start-up"),
        Stopped::KeptDrawing { .. } => {
            Some("a side kept busy or slept without waiting for a key, which each play would wait out")
        }
        _ => None,
    })
}

/// What a shrunk case kept of the found case's difference.
fn shrunk_line(small: &Case, kept: &FirstDifference, first: bool) -> String {
    let (cols, rows) = small.size;
    let players = match kept.players {
        [Some(_), Some(_)] => "both players",
        [Some(_), None] => "the reference's player (the port's shows no @)",
        [None, Some(_)] => "the port's player (the reference's shows no @)",
        [None, None] => "neither player (neither shows an @)",
    };
    let screen = match kept.kind {
        Kind::Stopped(_) | Kind::Crash(_) => {
            format!("its last screen before shows {players}")
        }
        Kind::Stderr(_) | Kind::Late(_) => {
            format!("its screen shows {players}")
        }
        _ if kept.cells.is_empty() => format!("its screen shows {players}"),
        _ => format!(
            "its screen shows {players} and the {} cell(s) that differ there",
            kept.cells.len()
        ),
    };
    format!(
        "shrunk to {cols}x{rows} and {} key(s), keeping the {}difference: {}, at {}; {screen}",
        small.keys.iter().filter(|&&k| k != JOIN).count(),
        if first { "first " } else { "" },
        kept.kind.in_group(),
        kept.place()
    )
}

/// The `compare` command that plays `case` again, its keys given.
fn reproduce(config: &Config, sides: &Sides, case: &Case) -> String {
    let keys = ["--keys".to_string(), escape_keys(&case.keys)];
    command_line(case, sides, (&config.flags, config.compared), &keys)
}

/// Writes the traces and the report (named `named`) of the case `what`.
fn keep(
    config: &Config,
    sides: &Sides,
    (case, outcome): (&Case, &Compared),
    (what, named): (&str, &str),
) -> Result<Vec<String>, Failure> {
    let stem = format!("{}-{what}", case.stem());
    let (a, b) = write_traces(&config.out, &stem, outcome)?;
    let (a, b) = (a.display(), b.display());
    let traces = format!("traces: {a} (reference) and {b} (port)");
    let again = reproduce(config, sides, case);
    let mut lines = vec![
        format!("{what}: reproduce: {again}"),
        format!("{what}: {traces}"),
    ];
    if let Some(dir) = &config.html {
        let page = free_name(dir, &stem, "html")?;
        let commands = std::slice::from_ref(&again);
        report_outcome(&page, (false, Some(named)), outcome, commands)?;
        lines.push(format!("{what}: report: {}", page.display()));
    }
    outln!("the case {what}:")?;
    out!("{}", outcome.text())?;
    outln!("{traces}\nreproduce: {again}")?;
    Ok(lines)
}
