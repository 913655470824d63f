//! The campaign's record: one JSON object a line, written into `--out` as
//! the campaign goes, so that a campaign's shards can be counted as one
//! (`fuzz-report`) and a campaign stopped keeps what it finished. Its lines:
//! the campaign, each case in order, each group's lines once its first case
//! is reported, and last how it ended.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::coverage::Coverage;
use crate::error::Failure;
use crate::fuzz::tally::Seen;

/// The version of the record's lines.
const VERSION: u64 = 1;

/// What makes two records parts of one campaign: they must agree on all of it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    pub seed: u64,
    pub cases: u32,
    pub keys_per_case: u32,
    /// The sides, by name and command.
    pub names: [String; 2],
    /// `--shard K/N`: this record's shard, K of N (1 of 1 unsharded).
    pub shard: (u32, u32),
}

/// A record's line after the first.
#[derive(Deserialize)]
#[serde(untagged)]
enum Line {
    Case {
        case: u32,
        said: String,
        covered: Vec<u64>,
        seen: Seen,
    },
    Group {
        group: String,
        case: u32,
        lines: Vec<String>,
    },
    Ended {
        ended: Ended,
    },
}

/// How a campaign ended: why it stopped, if early, and cases cut short.
#[derive(Serialize, Deserialize)]
struct Ended {
    stopped: Option<String>,
    cut_short: u32,
}

/// A record being written.
pub struct Writer {
    file: BufWriter<File>,
    path: PathBuf,
}

impl Writer {
    /// Starts the record `path` (a new file) of `campaign`.
    pub fn create(path: &Path, campaign: &Campaign) -> Result<Writer, Failure> {
        let file = File::create_new(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let mut writer = Writer {
            file: BufWriter::new(file),
            path: path.to_path_buf(),
        };
        let mut campaign = json!(campaign);
        campaign["version"] = json!(VERSION);
        writer.line(&json!({ "campaign": campaign }))?;
        Ok(writer)
    }

    /// Where it is written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records the case `number`, what it showed and what it covered.
    pub fn case(
        &mut self,
        number: u32,
        said: &str,
        seen: &Seen,
        covered: &Coverage,
    ) -> Result<(), Failure> {
        let counts = covered.counts();
        self.line(&json!({ "case": number, "said": said, "covered": counts, "seen": seen }))
    }

    /// Records the lines of the group `name`, its first case `number`.
    pub fn group(
        &mut self,
        name: &str,
        number: u32,
        lines: &[String],
    ) -> Result<(), Failure> {
        self.line(&json!({ "group": name, "case": number, "lines": lines }))
    }

    /// Records how the campaign ended.
    pub fn ended(
        &mut self,
        stopped: Option<&str>,
        cut_short: u32,
    ) -> Result<(), Failure> {
        let stopped = stopped.map(str::to_string);
        self.line(&json!({ "ended": Ended { stopped, cut_short } }))
    }

    /// Writes `value` on a line of its own, flushed: a kill keeps it.
    fn line(&mut self, value: &Value) -> Result<(), Failure> {
        let path = self.path.display();
        let written =
            writeln!(self.file, "{value}").and_then(|()| self.file.flush());
        written.map_err(|e| format!("cannot write {path}: {e}").into())
    }
}

/// A record read back.
#[derive(Default)]
pub struct Record {
    /// Where it was read from.
    pub path: PathBuf,
    pub campaign: Campaign,
    /// Its cases: number, as said, what it showed, and what it covered.
    pub cases: Vec<(u32, String, Seen, Coverage)>,
    /// Each group's lines, by its name and the case they are of.
    pub groups: Vec<(String, u32, Vec<String>)>,
    /// Whether it says how it ended, and cases cut short.
    pub ended: Option<(Option<String>, u32)>,
}

/// Reads the record `path`.
pub fn read(path: &Path) -> Result<Record, Failure> {
    let bad =
        |what: String| Failure::from(format!("{}: {what}", path.display()));
    let file =
        File::open(path).map_err(|e| bad(format!("cannot read it: {e}")))?;
    let mut lines = BufReader::new(file).lines().enumerate();
    let mut next = || -> Result<Option<(usize, Value)>, Failure> {
        let Some((i, line)) = lines.next() else {
            return Ok(None);
        };
        let line = line.map_err(|e| bad(format!("cannot read it: {e}")))?;
        let value = serde_json::from_str(&line).map_err(|e| {
            bad(format!("line {}: not a line of a fuzz record: {e}", i + 1))
        })?;
        Ok(Some((i + 1, value)))
    };
    let Some((_, first)) = next()? else {
        return Err(bad("empty: not a fuzz record".into()));
    };
    let campaign = first.get("campaign").filter(|c| c["version"] == VERSION);
    let campaign = campaign.and_then(|c| Campaign::deserialize(c).ok());
    let campaign = campaign.ok_or_else(|| {
        bad("line 1: not the start of a fuzz record (version 1)".into())
    })?;
    let path = path.to_path_buf();
    let mut record = Record {
        path,
        campaign,
        ..Record::default()
    };
    while let Some((i, value)) = next()? {
        let line = serde_json::from_value(value).ok();
        record.add(line).ok_or_else(|| {
            bad(format!("line {i}: not a line of a fuzz record"))
        })?;
    }
    Ok(record)
}

impl Record {
    /// Adds a line after the first; `None` if it is none of the kinds.
    fn add(&mut self, line: Option<Line>) -> Option<()> {
        match line? {
            Line::Case {
                case,
                said,
                covered,
                seen,
            } => {
                let covered = Coverage::from_counts(&covered)?;
                self.cases.push((case, said, seen, covered));
            }
            Line::Group { group, case, lines } => {
                self.groups.push((group, case, lines))
            }
            Line::Ended { ended } => {
                self.ended = Some((ended.stopped, ended.cut_short))
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::tally::Difference;

    #[test]
    fn a_record_reads_back_as_written() {
        let dir = std::env::temp_dir()
            .join(format!("rogue-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("campaign.jsonl");
        let _ = std::fs::remove_file(&path);
        let names = ["a \"c\"".into(), "b\nd".into()];
        let (seed, cases, keys_per_case) = (u64::MAX, 9, 100);
        let campaign = Campaign {
            seed,
            cases,
            keys_per_case,
            names,
            shard: (2, 3),
        };
        let differs = Seen::Differs(Difference {
            group: "the map differs".into(),
            kind: "the map differs".into(),
            first_screen: true,
            again_at: Some((100, 25)),
            also: vec![("the cursor differs".into(), "the cursor".into())],
        });
        let mut writer = Writer::create(&path, &campaign).unwrap();
        assert!(Writer::create(&path, &campaign).is_err(), "overwritten");
        let covered = Coverage {
            cases: 1,
            stood: 4,
            ..Coverage::default()
        };
        let said = "part 1 size 9x9";
        let seens = [Seen::Identical, Seen::StoppedAlike, Seen::Blank];
        let seens = [&seens[..], &[Seen::Timing, differs]].concat();
        for (n, seen) in (1..).zip(&seens) {
            writer.case(n, said, seen, &covered).unwrap();
        }
        writer.group("the map differs", 2, &["x".into()]).unwrap();
        writer.ended(Some("interrupted"), 1).unwrap();
        drop(writer);
        let record = read(&path).unwrap();
        assert_eq!(record.campaign, campaign);
        let case = |(n, seen)| (n, said.into(), seen, covered.clone());
        let cases: Vec<_> = (1..).zip(seens).map(case).collect();
        assert_eq!(record.cases, cases);
        let group = ("the map differs".into(), 2, vec!["x".into()]);
        assert_eq!(record.groups, vec![group]);
        assert_eq!(record.ended, Some((Some("interrupted".into()), 1)));
        std::fs::write(&path, "{\"campaign\": 3}\n").unwrap();
        assert!(read(&path).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
