//! A `fuzz` campaign: the cases played one after the other, each
//! difference grouped by its signature, reported once and shrunk, and the
//! summary at the end.

use std::collections::HashMap;
use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use rogue_game::GameConfig;

use crate::case::{
    command_line, diff_options, free_name, report_outcome, run_case,
    sides_line, write_traces, Case, Outcome, Sides,
};
use crate::commands::fuzz::FuzzArgs;
use crate::fuzz::grouping::{first_difference, shown, signature};
use crate::fuzz::shrink::shrink;
use crate::fuzz::walks::{draw_case, Draw};
use crate::Failure;

/// The most differences reported in full (traces, reports, shrinking);
/// any more are counted.
const MAX_GROUPS: usize = 100;

/// The most signatures counted past [`MAX_GROUPS`]; the cases past those
/// are counted together.
const MAX_SIGNATURES: usize = 10_000;

/// The most case numbers a group lists.
const CASES_LISTED: usize = 10;

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

/// Plays `args.cases` cases drawn from `seed` between `sides`, the
/// built-in port's game being `base` and the walks' keys `alphabet` (the
/// default walks without); prints each difference once, and the summary.
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
        let case = draw_case(&mut draw, args, base, alphabet);
        let outcome = run_case(sides, &args.flags, &case, options)
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
                    report_difference(args, sides, (number, n), case, outcome)
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
