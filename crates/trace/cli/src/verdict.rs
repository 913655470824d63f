//! What a case's verdict says: whether the two sides differ, or are
//! identical over something, or stopped alike, or blank; and how each side
//! ended where that is news.

use rogue_trace_format::burst::keys_in;
use rogue_trace_format::classes::PLAIN;
use rogue_trace_format::key_literal;
use rogue_trace_format::played::{Outcome, Played, Stopped};

use crate::compared::{sides_line, Compared, ROLES};
use crate::fuzz::grouping::blank;

/// What a case showed, all told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same screens, not all blank, and both sides ended alike.
    Identical,
    /// The screens differ, or the sides ended differently.
    Different,
    /// Both sides stopped before their last key, alike.
    StoppedAlike,
    /// The same screens, but blank on both sides at every step.
    Blank,
}

impl Verdict {
    /// The exit status `compare` gives it: 0 if identical, else 1.
    pub fn status(self) -> u8 {
        u8::from(self != Verdict::Identical)
    }
}

impl Compared {
    /// What the case showed.
    pub fn verdict(&self) -> Verdict {
        if self.differs() {
            Verdict::Different
        } else if self.stopped_alike().is_some() {
            Verdict::StoppedAlike
        } else if self.blank() {
            Verdict::Blank
        } else {
            Verdict::Identical
        }
    }

    /// Whether the case shows a difference.
    pub fn differs(&self) -> bool {
        self.screens_differ()
            || !self.reference.alike(&self.port)
            || !self.stderr_differences().is_empty()
            || self.late.is_some()
    }

    /// Whether the screens differ.
    pub fn screens_differ(&self) -> bool {
        !self.report.identical && !self.no_screens()
    }

    /// Whether both sides showed blank screens only, the same at every step.
    pub fn blank(&self) -> bool {
        let all_blank = |p: &&Played| p.trace.steps.iter().all(blank);
        !self.differs()
            && !self.no_screens()
            && self.sides().iter().all(all_blank)
    }

    /// How both sides stopped before their last key, if they stopped alike.
    pub fn stopped_alike(&self) -> Option<&Stopped> {
        let stopped = self.reference.outcome.stopped()?;
        let as_its_part = !self.part.plays
            && matches!(stopped, Stopped::Exited { keys_typed: 0, .. });
        let alike = self.reference.alike(&self.port);
        (alike && !as_its_part).then_some(stopped)
    }

    /// Whether neither side drew a screen.
    fn no_screens(&self) -> bool {
        self.sides().iter().all(|p| p.trace.steps.is_empty())
    }

    /// Each side that ended where, or as, the other did not, and how.
    pub fn stops(&self) -> Vec<String> {
        if self.reference.alike(&self.port) {
            return Vec::new();
        }
        let mut stops: Vec<String> = ROLES
            .iter()
            .zip(self.sides())
            .filter(|(_, played)| !played.still_running())
            .map(|(role, played)| ended_line(played, role))
            .collect();
        let n = self.reference.typed();
        if self.port_went_on() && n > 0 {
            stops.push(format!(
                "{} went on after {}, where {} ended",
                ROLES[1],
                self.reference.key_of(n),
                ROLES[0]
            ));
        }
        if let [Some(a), Some(b)] = self.sides().map(|p| p.ending()) {
            let same_end = a.exit == b.exit && a.left_alike(b);
            if same_end && a.last_words != b.last_words {
                stops.push("their last words differ: what each left on the terminal's main screen once it ended (its words after leaving curses, its standard error, or a game drawn outside the alternate screen)".into());
            }
        }
        stops
    }

    /// The result on one line, both sides named.
    pub fn line(&self) -> String {
        format!("{} ({})", self.result(), sides_line(&self.names))
    }

    /// The result: the verdict and what the case covered.
    pub fn result(&self) -> String {
        let by = self
            .report
            .options
            .compared()
            .map_or_else(String::new, |c| format!(", {c}"));
        match self.verdict() {
            Verdict::Identical => format!("identical{by}: {}", self.covered()),
            Verdict::Blank => format!(
                "covered nothing{by}: both screens were blank at every step ({}); is the screen large enough to show the game?",
                self.covered()
            ),
            Verdict::StoppedAlike => format!(
                "stopped early{by}, alike: each side {}; identical up to there: {}",
                self.reference.stopped_at().expect("stopped"),
                self.steps_compared()
            ),
            Verdict::Different => self.different(),
        }
    }

    /// The result of a case that shows a difference.
    fn different(&self) -> String {
        if let Some(drew) = self.drew_before_leaving() {
            return format!("different: {drew}");
        }
        let mut stops = self.stops();
        stops.extend(self.stderr_told());
        stops.extend(self.late.map(|late| late.to_string()));
        if stops.is_empty() {
            return self.report.line.clone();
        }
        let screens = if self.no_screens() {
            "neither side drew a screen".to_string()
        } else if self.screens_differ() {
            let line = &self.report.line;
            line.strip_prefix("different: ").unwrap_or(line).to_string()
        } else {
            format!("the screens were identical, {}", self.steps_compared())
        };
        format!("different: {}; {screens}", stops.join("; "))
    }

    /// One side alone drew a screen and left before it waited for a key,
    /// as the other did: what it drew, its first rows that show anything.
    fn drew_before_leaving(&self) -> Option<String> {
        let at_start = |p: &Played| {
            matches!(
                p.outcome.stopped(),
                Some(Stopped::Exited { keys_typed: 0, .. })
            )
        };
        let drew = self.sides().map(|p| p.trace.steps.first());
        let (side, step) = match drew {
            [Some(step), None] => (0, step),
            [None, Some(step)] => (1, step),
            _ => return None,
        };
        let alike = self.reference.alike(&self.port);
        (alike && self.sides().iter().all(|p| at_start(p))).then_some(())?;
        let rows: Vec<String> = (step.text.iter().enumerate())
            .filter(|(_, row)| !row.trim().is_empty())
            .take(2)
            .map(|(y, row)| format!("row {y}: \"{}\"", row.trim()))
            .collect();
        Some(format!(
            "{} drew a screen before it left curses ({}), {} drew none; each {} at start-up",
            ROLES[side],
            rows.join(", "),
            ROLES[1 - side],
            self.sides()[side].ending().map_or_else(String::new, |e| e.exit.to_string()),
        ))
    }

    /// The steps compared, and the keys typed.
    fn steps_compared(&self) -> String {
        let steps = self.report.steps_compared;
        let keys = self.reference.keys();
        let typed = self.reference.typed().min(self.port.typed());
        let (n, typed) =
            (keys_in(keys), keys_in(&keys[..typed.min(keys.len())]));
        let keys = match (typed, n) {
            (0, 0) => "no key typed (the first screen only)".to_string(),
            (1, 1) => "1 key typed".to_string(),
            (typed, n) if typed == n => format!("{n} keys typed"),
            (typed, n) => format!("{typed} of {n} keys typed"),
        };
        match steps {
            1 => format!("1 step compared, {keys}"),
            _ => format!("{steps} steps compared, {keys}"),
        }
    }

    /// What an identical case covered.
    fn covered(&self) -> String {
        let ending = self.reference.ending().map(|e| e.exit);
        if self.no_screens() {
            let how = ending.map_or_else(String::new, |e| format!(" {e}"));
            let part = match self.part.plays {
                false => format!("as Part {} does", self.part.number),
                true => "as Part 0 does (give --part 0)".to_string(),
            };
            return format!(
                "neither side drew a screen: each{how} at start-up, {part}"
            );
        }
        let steps = self.steps_compared();
        match (&self.reference.outcome, self.reference.keys().last()) {
            (Outcome::EndedOnLastKey(ending), Some(&key)) => format!(
                "{steps}, each side {} on the last key ({})",
                ending.exit,
                key_literal(key)
            ),
            _ => steps,
        }
    }

    /// How long each side took to answer, on one line.
    pub fn times_line(&self) -> String {
        let told = ROLES.iter().zip(self.sides()).map(|(role, p)| {
            let times = p.times.as_ref().map(|t| t.told(p.keys()));
            let times = times.unwrap_or_else(|| "not measured".into());
            format!("{role}'s {times}")
        });
        format!("times: {}", told.collect::<Vec<_>>().join("; "))
    }

    /// The full result: [`Compared::details`], then the result line.
    pub fn text(&self) -> String {
        format!("{}{}\n", self.details(), self.line())
    }

    /// Each side that seeds from the clock, unpinned, and the option to pin it.
    pub fn clock_seeded(&self) -> Vec<String> {
        let pins = ["--pin", "--pin-port"];
        ROLES
            .iter()
            .zip(pins)
            .zip(self.clock_seeded)
            .filter(|&(_, seeded)| seeded)
            .map(|((role, pin), _)| {
                format!("{role} gave srand() the clock's time() before its first screen, unpinned: it seeds from the clock, not from --seed; give {pin}")
            })
            .collect()
    }

    /// Which `--part` fits, where a side's screens look like an earlier part's
    /// than the part compared: the reference's first, then the port's.
    pub fn part_told(&self) -> Option<String> {
        let compared = self.part.number;
        ROLES.iter().zip(self.sides()).find_map(|(role, played)| {
            let (part, why) = looks_like(played)?;
            (part < compared).then(|| {
                format!("{role}'s screens look like Part {part}'s ({why}), not Part {compared}'s: give --part {part}")
            })
        })
    }

    /// The result but for its line, ending with both sides' times.
    pub fn details(&self) -> String {
        let mut text = format!("A: {}\nB: {}\n", self.names[0], self.names[1]);
        for line in self.clock_seeded().into_iter().chain(self.part_told()) {
            text.push_str(&line);
            text.push('\n');
        }
        let verdict = self.verdict();
        let alike = self.reference.alike(&self.port);
        for (role, played) in ROLES.iter().zip(self.sides()) {
            let news = !alike || !played.outcome.clean();
            if verdict != Verdict::Identical && !played.still_running() && news
            {
                text.push_str(&played.ended_told(role));
            }
        }
        for line in self.stderr_lines() {
            text.push_str(&line);
            text.push('\n');
        }
        if !self.no_screens() {
            let summary = format!("{}\n", self.report.line);
            let body = self.report.text.strip_suffix(&summary);
            text.push_str(body.unwrap_or(&self.report.text));
        }
        text + &self.times_line() + "\n"
    }
}

/// How `played` ended, after `role`.
fn ended_line(played: &Played, role: &str) -> String {
    let line = played.ended_line(role);
    match played.outcome.stopped() {
        Some(Stopped::Exited { keys_typed, .. }) if *keys_typed > 0 => {
            format!(
                "{line}; the last key typed: {}",
                played.key_of(*keys_typed)
            )
        }
        _ => line,
    }
}

/// The part a side's screens look like, where they tell one, and why.
pub fn looks_like(played: &Played) -> Option<(u8, &'static str)> {
    let steps = &played.trace.steps;
    if steps.is_empty() {
        let at_start = matches!(
            played.outcome.stopped(),
            Some(Stopped::Exited { keys_typed: 0, ending }) if ending.exit.success()
        );
        return at_start
            .then_some((0, "no screen drawn, status 0 at start-up"));
    }
    let chars = || {
        steps
            .iter()
            .flat_map(|s| s.text.iter())
            .flat_map(|r| r.chars())
    };
    if chars().any(|c| c == '@') && chars().all(|c| c == ' ' || c == '@') {
        return Some((1, "an @ alone on a blank screen"));
    }
    let coloured = steps.iter().flat_map(|s| s.colours.iter());
    if coloured.flat_map(|r| r.chars()).any(|c| c != PLAIN) {
        return None;
    }
    let start = steps[0].text.get(10).and_then(|r| r.chars().nth(50));
    (start == Some('@'))
        .then_some((2, "no colours, the @ starting at row 10, column 50"))
}
