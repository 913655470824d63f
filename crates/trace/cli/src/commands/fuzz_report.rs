//! `rogue-trace fuzz-report`: the shards of a campaign, played apart
//! (`fuzz --shard K/N`), counted as one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::Args;

use crate::coverage::Coverage;
use crate::error::Failure;
use crate::fuzz::record::{self, Campaign, Record};
use crate::fuzz::stop::Reason;
use crate::fuzz::tally::{Cut, Seen, Tally};
use crate::io_util::{errln, outln};

#[derive(Args, Debug)]
pub struct FuzzReportArgs {
    /// The shards' --out folders (each holding a campaign.jsonl), or
    /// their record files
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
}

/// Reads the records of one campaign's shards, and prints its summary.
pub fn run(args: FuzzReportArgs) -> Result<u8, Failure> {
    let mut records = Vec::new();
    for dir in &args.dirs {
        for path in record_files(dir)? {
            records.push(record::read(&path)?);
        }
    }
    let campaign = one_campaign(&records)?;
    let cases = cases_in_order(&records)?;
    let mut tally = Tally::default();
    for (&number, (_, seen, covered)) in &cases {
        tally.count(number, seen, covered);
    }
    for group in &mut tally.groups {
        group.lines = lines_of(&records, &group.name, group.first);
    }
    let cut = cut(&records, &campaign, cases.len());
    let (k, n) = (records.len(), campaign.shard.1);
    errln!(
        "fuzz-report: {k} record(s) of {n} shard(s), {} case(s) of {}",
        cases.len(),
        campaign.cases
    )?;
    let missing = missing_shards(&records, n);
    let status = tally.summary(campaign.seed, &campaign.names, &cut)?;
    // A campaign not all played is no verdict of identical.
    let unfinished = unfinished(&records);
    if !missing.is_empty() {
        outln!("fuzz-report: shard(s) {missing} of {n} missing: their cases are not counted, and the campaign is not whole")?;
    }
    for path in &unfinished {
        outln!("fuzz-report: {} did not play its shard to the end (stopped early, or killed before its end was written)", path.display())?;
    }
    let whole = missing.is_empty() && unfinished.is_empty();
    Ok(if whole { status } else { status.max(1) })
}

/// The records whose shard was not played to its end.
fn unfinished(records: &[Record]) -> Vec<&Path> {
    let outside =
        |said: &str| Reason::of_said(said).is_some_and(Reason::is_outside);
    let unfinished = records.iter().filter(|r| match &r.ended {
        None => true,
        Some((stopped, _)) => stopped.as_deref().is_some_and(outside),
    });
    unfinished.map(|r| r.path.as_path()).collect()
}

/// The records `dir` holds (`campaign*.jsonl`), or `dir` if a file.
fn record_files(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    if dir.is_file() {
        return Ok(vec![dir.to_path_buf()]);
    }
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.starts_with("campaign") && name.ends_with(".jsonl")
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{} holds no campaign record (campaign.jsonl): give the --out folders of fuzz", dir.display()).into());
    }
    Ok(files)
}

/// The campaign every record is a shard of; an error if two differ.
fn one_campaign(records: &[Record]) -> Result<Campaign, Failure> {
    let first = &records[0];
    for other in &records[1..] {
        // The shards' own numbers aside, they must agree on all of it.
        let whole = |c: &Campaign| Campaign {
            shard: (0, c.shard.1),
            ..c.clone()
        };
        if whole(&first.campaign) != whole(&other.campaign) {
            return Err(format!(
                "{} and {} are not shards of one campaign: their seeds, cases, keys, shard counts or sides differ",
                first.path.display(),
                other.path.display()
            ).into());
        }
    }
    Ok(first.campaign.clone())
}

/// Every case of every record, by number; an error for a case in two.
fn cases_in_order(
    records: &[Record],
) -> Result<BTreeMap<u32, (&Path, Seen, Coverage)>, Failure> {
    let mut cases = BTreeMap::new();
    for record in records {
        for (number, _, seen, covered) in &record.cases {
            let case = (record.path.as_path(), seen.clone(), covered.clone());
            if let Some((other, ..)) = cases.insert(*number, case) {
                return Err(format!(
                    "case {number} is in both {} and {}: give each shard once",
                    other.display(),
                    record.path.display()
                )
                .into());
            }
        }
    }
    Ok(cases)
}

/// The lines recorded of the group `name` with its first case `first`.
fn lines_of(records: &[Record], name: &str, first: u32) -> Vec<String> {
    let mut groups = records.iter().flat_map(|r| &r.groups);
    let group = groups.find(|(n, case, _)| n == name && *case == first);
    group.map(|(_, _, lines)| lines.clone()).unwrap_or_default()
}

/// How the merged campaign was cut.
fn cut(records: &[Record], campaign: &Campaign, counted: usize) -> Cut {
    let ended = records.iter().filter_map(|r| r.ended.as_ref());
    let said = ended.clone().filter_map(|e| e.0.as_deref());
    let reason = said.filter_map(Reason::of_said).find(|r| r.is_outside());
    let cut_short = ended.map(|e| e.1).sum();
    Cut {
        reason,
        cut_short,
        not_played: (campaign.cases as usize)
            .saturating_sub(counted + cut_short as usize)
            as u32,
    }
}

/// The shards of `n` no record holds, said as a list.
fn missing_shards(records: &[Record], n: u32) -> String {
    let held = |k: &u32| records.iter().any(|r| r.campaign.shard.0 == *k);
    let missing: Vec<String> = (1..=n)
        .filter(|k| !held(k))
        .map(|k| k.to_string())
        .collect();
    missing.join(", ")
}
