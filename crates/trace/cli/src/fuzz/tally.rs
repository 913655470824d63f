//! What a campaign saw, case by case, and its summary, counted as it plays
//! or, by `fuzz-report`, from its shards' records.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::compared::sides_line;
use crate::coverage::Coverage;
use crate::error::Failure;
use crate::flags::CONFIRMING;
use crate::fuzz::grouping::Kind;
use crate::fuzz::stop::Reason;
use crate::io_util::outln;

/// The most groups reported in full.
pub const MAX_GROUPS: usize = 100;

/// The most group names counted past [`MAX_GROUPS`].
const MAX_NAMES: usize = 10_000;

/// The most case numbers a group lists.
const CASES_LISTED: usize = 10;

/// Past this share of the cases (and this many), cases whose player
/// starts elsewhere point to the port's seed or generator.
const FIRST_SCREEN_SHARE: f64 = 0.5;
const FIRST_SCREEN_CASES: u32 = 5;

/// What one case showed; in a record, a word or its difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seen {
    /// The sides did not differ, and compared something.
    Identical,
    /// The sides did not differ, but showed blank screens at every step.
    Blank,
    /// Both sides stopped early, alike.
    StoppedAlike,
    /// The sides differed once, but not when played again with the slower
    /// settle that confirms a difference: timing-dependent.
    #[serde(rename = "timing-dependent")]
    Timing,
    /// The sides differ.
    #[serde(untagged)]
    Differs(Difference),
}

/// A differing case's group and first difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difference {
    /// The group's name.
    pub group: String,
    /// Its first difference's kind, as a person reads it.
    pub kind: String,
    /// Whether it differs from the first screen on, the player elsewhere.
    pub first_screen: bool,
    /// The larger screen it was played again on, if drawn on a smaller one.
    pub again_at: Option<(u16, u16)>,
    /// The group and kind of each other kind it met after its first difference.
    #[serde(default)]
    pub also: Vec<(String, String)>,
}

/// A group of differences.
#[derive(Default)]
pub struct Group {
    pub name: String,
    /// The first case found in it.
    pub first: u32,
    cases: Vec<u32>,
    pub count: u32,
    kinds: Vec<(String, u32)>,
    /// The lines of the summary.
    pub lines: Vec<String>,
}

/// What a campaign has seen so far.
#[derive(Default)]
pub struct Tally {
    pub groups: Vec<Group>,
    known: HashMap<String, usize>,
    unlisted: HashMap<String, u32>,
    uncounted: u32,
    /// Cases counted.
    pub run: u32,
    pub differing: u32,
    /// Cases whose first difference is the first screen, the player elsewhere.
    first_screen: u32,
    /// Cases whose sides did not differ, but that covered nothing.
    covered_nothing: u32,
    /// Cases that differed only once: timing-dependent.
    timing: Vec<u32>,
    /// What the cases covered, summed.
    covered: Coverage,
    /// What the comparison left out.
    pub narrowed: Option<String>,
}

/// How a campaign ended early, for its summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cut {
    /// Why it stopped, if it stopped early.
    pub reason: Option<Reason>,
    /// Cases started but not finished (their programs ended).
    pub cut_short: u32,
    /// Cases of the campaign never started.
    pub not_played: u32,
}

impl Tally {
    /// A tally of a campaign whose comparison left out `narrowed`, if anything.
    pub fn narrowed(narrowed: Option<String>) -> Tally {
        Tally {
            narrowed,
            ..Tally::default()
        }
    }

    /// Counts the case `number`, which showed `seen`.
    pub fn count(
        &mut self,
        number: u32,
        seen: &Seen,
        covered: &Coverage,
    ) -> (Vec<Option<usize>>, String) {
        self.run += 1;
        self.covered.add(covered);
        let line = match seen {
            Seen::Identical => "identical".into(),
            Seen::Timing => format!("differed, but played again with a slower settle ({CONFIRMING}) identical: timing-dependent"),
            Seen::Blank => "covered nothing: both screens blank at every step".into(),
            Seen::StoppedAlike => "covered nothing past where both sides stopped early, alike".into(),
            Seen::Differs(d) => return self.differs(number, d),
        };
        self.covered_nothing +=
            u32::from(matches!(seen, Seen::Blank | Seen::StoppedAlike));
        self.timing
            .extend((*seen == Seen::Timing).then_some(number));
        (Vec::new(), line)
    }

    /// Counts the case `number`, whose sides differ as `d` says.
    fn differs(
        &mut self,
        number: u32,
        d: &Difference,
    ) -> (Vec<Option<usize>>, String) {
        self.differing += 1;
        self.first_screen += u32::from(d.first_screen);
        let named = std::iter::once((&d.group, &d.kind))
            .chain(d.also.iter().map(|(g, k)| (g, k)));
        let mut groups = Vec::new();
        let mut told = Vec::new();
        for (i, (name, kind)) in named.enumerate() {
            let group = self.group_of(name, number);
            let label = group.map_or_else(
                || format!("a difference past the first {MAX_GROUPS} groups"),
                |group| format!("difference {group}"),
            );
            told.push(format!("{label}: {}", case_line(name, kind, i == 0)));
            if let Some(group) = group {
                self.groups[group - 1].add(number, kind);
            }
            groups.push(group);
        }
        let mut line = format!("differs ({}", told[0]);
        if told.len() > 1 {
            line += &format!("; then also {}", told[1..].join("; "));
        }
        line.push(')');
        if let Some((cols, rows)) = d.again_at {
            line.push_str(&format!("; drawn on a screen smaller than the map at some step (its size, or a resize), it is grouped as played again at {cols}x{rows}"));
        }
        (groups, line)
    }

    /// The group `name`'s number from 1, `None` past [`MAX_GROUPS`].
    fn group_of(&mut self, name: &str, number: u32) -> Option<usize> {
        if let Some(&i) = self.known.get(name) {
            return Some(i + 1);
        }
        if self.groups.len() < MAX_GROUPS {
            self.known.insert(name.to_string(), self.groups.len());
            let (name, first) = (name.to_string(), number);
            self.groups.push(Group {
                name,
                first,
                ..Group::default()
            });
            return Some(self.groups.len());
        }
        if self.unlisted.len() < MAX_NAMES || self.unlisted.contains_key(name) {
            *self.unlisted.entry(name.to_string()).or_default() += 1;
        } else {
            self.uncounted += 1;
        }
        None
    }

    /// Prints the summary of the campaign `seed`, cut as `cut` says.
    pub fn summary(
        &self,
        seed: u64,
        names: &[String; 2],
        cut: &Cut,
    ) -> Result<u8, Failure> {
        print_cut(cut, self.run)?;
        let status = self.verdict(seed, names)?;
        if self.covered.cases > 0 {
            outln!(
                "fuzz: covered over {} case(s) (the reference's screens): {}",
                self.covered.cases,
                self.covered
            )?;
        }
        Ok(status)
    }

    /// Prints the verdict of the campaign `seed` between the sides `names`.
    fn verdict(&self, seed: u64, names: &[String; 2]) -> Result<u8, Failure> {
        let run = self.run;
        if let Some(narrowed) = &self.narrowed {
            outln!("fuzz: compared {narrowed}: differences in what was left out are not counted")?;
        }
        let distinct = self.groups.len() + self.unlisted.len();
        let timing = self.timing.len() as u32;
        let alike = run - self.differing - self.covered_nothing - timing;
        let mut nothing = match self.covered_nothing {
            0 => String::new(),
            n => format!(", {n} that covered nothing (blank screens on both sides at every step, or both stopped early alike)"),
        };
        if timing > 0 {
            let cases: Vec<String> =
                self.timing.iter().map(u32::to_string).collect();
            nothing.push_str(&format!(", {timing} timing-dependent (case(s) {}: each differed only once; played again with a slower settle, {CONFIRMING}, it was identical)", cases.join(", ")));
        }
        if distinct == 0 && nothing.is_empty() {
            outln!(
                "fuzz: {run} case(s) identical (--seed {seed}); {}",
                sides_line(names)
            )?;
            return Ok(u8::from(run == 0));
        }
        if distinct == 0 {
            outln!(
                "fuzz: {run} case(s) run (--seed {seed}), none differing: {alike} identical{nothing}; {}",
                sides_line(names)
            )?;
            // Not one case compared anything: that is no verdict.
            return Ok(u8::from(alike + timing == 0));
        }
        outln!(
            "\nfuzz: {run} case(s) run (--seed {seed}): {alike} identical{nothing}, {} differing, {distinct} distinct difference(s)",
            self.differing
        )?;
        outln!("{}", sides_line(names))?;
        outln!("differences are grouped by kind, as a porter would name it: a case counts in the group of its first difference and in that of each kind it met after (see fuzz --help)")?;
        for (i, group) in self.groups.iter().enumerate() {
            print_group(i + 1, group)?;
        }
        self.print_unlisted()?;
        self.print_first_screen_hint()?;
        self.print_apart_hint()?;
        Ok(1)
    }

    /// The groups past [`MAX_GROUPS`], counted.
    fn print_unlisted(&self) -> Result<(), Failure> {
        if !self.unlisted.is_empty() {
            let cases: u32 = self.unlisted.values().sum();
            outln!(
                "and {} more distinct difference(s) in {cases} case(s), neither written nor shrunk: the first {MAX_GROUPS} are",
                self.unlisted.len()
            )?;
        }
        if self.uncounted > 0 {
            outln!(
                "and {} more differing case(s), not told apart: the first {MAX_NAMES} names past those are counted",
                self.uncounted
            )?;
        }
        Ok(())
    }

    /// Where the players stand apart, what that hides, how to look past it.
    fn print_apart_hint(&self) -> Result<(), Failure> {
        let apart = Kind::Player.to_string();
        let apart = |n: &usize| self.groups[n - 1].name.starts_with(&apart);
        let groups: Vec<String> = (1..=self.groups.len())
            .filter(apart)
            .map(|n| n.to_string())
            .collect();
        if groups.is_empty() {
            return Ok(());
        }
        outln!(
            "behind difference(s) {}: once the players stand apart, what follows the player (the map and the field of view around it, the cursor) is not compared, and more may differ there; fix it first, or look past it with `--alphabet` and the keys each side moves on (or `compare --keys`)",
            groups.join(", ")
        )
    }

    /// When most cases differ from the first screen on, what to check.
    fn print_first_screen_hint(&self) -> Result<(), Failure> {
        let share = f64::from(self.first_screen) / f64::from(self.run.max(1));
        if self.first_screen < FIRST_SCREEN_CASES || share <= FIRST_SCREEN_SHARE
        {
            return Ok(());
        }
        outln!(
            "{} of {} case(s) differ from the first screen on, the player starting elsewhere in another dungeon (not rooms a cell off): the port may not build the dungeon of the seed and generator it is given; check the seed it is given and its rand() against `rogue-trace rand --rng RNG --seed N`, then where it puts its rooms, corridors and player",
            self.first_screen, self.run
        )
    }
}

impl Group {
    /// Counts the case `number`, whose first difference is `kind`.
    fn add(&mut self, number: u32, kind: &str) {
        self.count += 1;
        if self.cases.len() < CASES_LISTED {
            self.cases.push(number);
        }
        match self.kinds.iter_mut().find(|(k, _)| k == kind) {
            Some((_, count)) => *count += 1,
            None => self.kinds.push((kind.to_string(), 1)),
        }
    }
}

/// A case's group and the kind it first met it as, on one line: its first
/// difference where `first`.
pub fn case_line(name: &str, kind: &str, first: bool) -> String {
    match (kind == name, first) {
        (true, _) => name.to_string(),
        (false, true) => format!("{name}; its first difference: {kind}"),
        (false, false) => format!("{name}; first met as: {kind}"),
    }
}

/// The summary's line of a campaign that stopped early, `run` cases counted.
fn print_cut(cut: &Cut, run: u32) -> Result<(), Failure> {
    let why = match cut.reason {
        Some(Reason::Interrupted) => "interrupted (^C or SIGTERM)",
        Some(Reason::TimeLimit) => "stopped at its time limit (--time-limit)",
        _ => return Ok(()),
    };
    outln!(
        "\nfuzz: {why}: {run} case(s) finished and counted below, {} cut short (their programs ended, not counted), {} never started",
        cut.cut_short, cut.not_played
    )
}

/// The summary's lines of the `number`th group.
fn print_group(number: usize, g: &Group) -> Result<(), Failure> {
    let listed: Vec<String> = g.cases.iter().map(|c| c.to_string()).collect();
    let cut = g.count as usize > listed.len();
    let more = if cut { ", ..." } else { "" };
    let (name, count, listed) = (&g.name, g.count, listed.join(", "));
    outln!("difference {number}: {name} ({count} case(s): {listed}{more})")?;
    if g.kinds.len() > 1 || g.kinds.iter().any(|(k, _)| *k != g.name) {
        let kind =
            |(kind, count): &(String, u32)| format!("{kind} ({count} case(s))");
        let kinds: Vec<String> = g.kinds.iter().map(kind).collect();
        outln!("  in its cases, first met as: {}", kinds.join("; "))?;
    }
    g.lines.iter().try_for_each(|line| outln!("  {line}"))
}
