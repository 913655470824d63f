//! One case played on both sides, for `compare` and `fuzz`, at the same
//! time on the same seed, generator, size and keys; its traces and report.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use rogue_capture::pin::Pin;
use rogue_capture::{CaptureOptions, Seen};
use rogue_game::{GameConfig, Part, RngKind};
use rogue_trace_format::diff::{diff, DiffOptions, Report};
use rogue_trace_format::played::{endings, Played};
use rogue_trace_format::report::html_played;

use crate::compared::{late_answers, Compared, Late, ROLES};
use crate::error::Failure;
use crate::flags::{
    capture_options, check_pin, pin, CaptureFlags, ComparedArgs,
};
use crate::fuzz::grouping::differences;
use crate::fuzz::stop::stopping;
use crate::io_util::{errln, write_page};
use crate::verdict::{looks_like, Verdict};

/// The reference's pinning and the port, for `compare` and `fuzz`.
#[derive(Args, Clone, Debug)]
pub struct SidesArgs {
    /// Pin the reference's seed (the C original): make its time() return
    /// the seed and, with --rng msvc, its srand()/rand() Microsoft's
    /// (Linux, LD_PRELOAD)
    #[arg(long)]
    pub pin: bool,
    /// The port to compare, instead of the built-in port: COMMAND is one
    /// argument, split into words as a shell would (no shell runs), with
    /// `{seed}` and `{rng}` replaced as in the reference's; it is captured
    /// as the reference is, at the same time
    #[arg(long, value_name = "COMMAND")]
    pub port: Option<String>,
    /// Pin the port's seed, as --pin pins the reference's (a port in C)
    #[arg(long, requires = "port")]
    pub pin_port: bool,
}

/// The two programs compared.
#[derive(Clone, Debug)]
pub struct Sides {
    /// The reference's command, `{seed}` and `{rng}` in it.
    pub reference: Vec<OsString>,
    /// Whether the reference is pinned.
    pub pin: bool,
    /// The port's command as given to `--port`, and its words.
    pub port: Option<(String, Vec<OsString>)>,
    /// Whether the port is pinned.
    pub pin_port: bool,
}

impl Sides {
    /// The sides `args` and the reference's words give, both playing `part`,
    /// captured with `flags`.
    pub fn new(
        args: &SidesArgs,
        reference: &[OsString],
        (part, flags): (Part, &CaptureFlags),
    ) -> Result<Sides, Failure> {
        if reference.iter().any(|w| w == "--") {
            return Err(String::from("the reference's command holds a second `--`: give your port with --port 'COMMAND'").into());
        }
        check_pins(args, part)?;
        check_seeded(reference, (args.pin, flags), part, 0)?;
        let port = match &args.port {
            None => None,
            Some(text) => {
                let words = shell_words::split(text)
                    .map_err(|e| format!("invalid value for --port: {e}"))?;
                if words.is_empty() {
                    return Err(String::from("--port is empty: give the port's command, e.g. --port './myport --seed {seed}'").into());
                }
                let words: Vec<OsString> =
                    words.into_iter().map(OsString::from).collect();
                check_seeded(&words, (args.pin_port, flags), part, 1)?;
                Some((text.clone(), words))
            }
        };
        Ok(Sides {
            reference: reference.to_vec(),
            pin: args.pin,
            port,
            pin_port: args.pin_port,
        })
    }

    /// The sides that would play their own generator, not the one a case gives.
    pub fn unnamed_rng(&self) -> Option<String> {
        let takes =
            |command: &[OsString], pinned| pinned || holds(command, "{rng}");
        let reference = takes(&self.reference, self.pin);
        let port = self.port.as_ref();
        let port = port.is_none_or(|(_, words)| takes(words, self.pin_port));
        match (reference, port) {
            (true, true) => None,
            (false, false) => Some(
                "neither side's command has {rng}, and neither is pinned"
                    .into(),
            ),
            // The side that does not take it.
            (takes, _) => Some(format!(
                "{}'s command has no {{rng}} and it is not pinned",
                ROLES[usize::from(takes)]
            )),
        }
    }

    /// The generator to play every case of `part` on when none is given.
    pub fn platform_rng(
        &self,
        part: Part,
        command: &str,
    ) -> Result<Option<RngKind>, Failure> {
        let Some(why) = self.unnamed_rng().filter(|_| part.seeds()) else {
            return Ok(None);
        };
        let rng = RngKind::platform();
        errln!(
            "{command}: {why}: played on {rng}, the platform's generator, only (--rng chooses another)"
        )?;
        Ok(Some(rng))
    }

    /// Both sides by name and command, for `case`'s seed and generator.
    pub fn names(
        &self,
        config: &GameConfig,
        case: Option<&Case>,
    ) -> [String; 2] {
        let shown = |command: &[OsString]| {
            let words = match case {
                Some(case) => substituted(command, case),
                None => command.to_vec(),
            };
            format!("`{}`", joined(&words))
        };
        let port = match &self.port {
            Some((_, words)) => shown(words),
            None => built_in(config),
        };
        [
            format!("{}, {}", ROLES[0], shown(&self.reference)),
            format!("{}, {port}", ROLES[1]),
        ]
    }
}

/// The built-in port and the options of its game.
fn built_in(config: &GameConfig) -> String {
    let mut words = vec!["rogue-replay".to_string()];
    words.extend(game_words(config));
    format!("the built-in port ({})", words.join(" "))
}

/// `--part`, and `--fov` and `--radius` where not the defaults.
fn game_words(c: &GameConfig) -> Vec<String> {
    let mut words = vec!["--part".into(), c.part.number.to_string()];
    if c.part.fov && c.fov != GameConfig::default().fov {
        words.extend(["--fov".into(), c.fov.name.into()]);
    }
    if let Some(radius) = c.radius {
        words.extend(["--radius".into(), radius.to_string()]);
    }
    words
}

/// Words joined as a shell would read them back.
fn joined(words: &[OsString]) -> String {
    shell_words::join(words.iter().map(|w| w.to_string_lossy().into_owned()))
}

/// One case: the game and what is typed on what screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The built-in port's game, both sides' seed and generator.
    pub config: GameConfig,
    /// Columns and rows.
    pub size: (u16, u16),
    /// The keys typed.
    pub keys: Vec<char>,
}

impl Case {
    /// The stem of the names of its files.
    pub fn stem(&self) -> String {
        let c = &self.config;
        match c.part.seeds() {
            true => format!("seed{}-{}", c.seed, c.rng),
            false => format!("part{}", c.part.number),
        }
    }

    /// The game as a log says it.
    pub fn said(&self) -> String {
        let c = &self.config;
        let (cols, rows) = self.size;
        match c.part.seeds() {
            true => format!("seed {} rng {} size {cols}x{rows}", c.seed, c.rng),
            false => format!("part {} size {cols}x{rows}", c.part.number),
        }
    }
}

/// The command with `{seed}` and `{rng}` filled in.
fn substituted(command: &[OsString], case: &Case) -> Vec<OsString> {
    command
        .iter()
        .map(|arg| {
            let text = arg.to_string_lossy();
            if !text.contains("{seed}") && !text.contains("{rng}") {
                return arg.clone();
            }
            let text = text.replace("{seed}", &case.config.seed.to_string());
            OsString::from(text.replace("{rng}", case.config.rng.name()))
        })
        .collect()
}

/// Refuses `--pin` and `--pin-port` for a part whose program never seeds.
fn check_pins(args: &SidesArgs, part: Part) -> Result<(), Failure> {
    for (given, option) in [(args.pin, "--pin"), (args.pin_port, "--pin-port")]
    {
        if given {
            check_pin(option, part)?;
        }
    }
    Ok(())
}

/// Whether side `side` (the reference 0, the port 1) gets `part`'s seed;
/// if not, the `--part` that fits it ([`part_fits`]) or how to give it.
fn check_seeded(
    command: &[OsString],
    (pinned, flags): (bool, &CaptureFlags),
    part: Part,
    side: usize,
) -> Result<(), Failure> {
    if pinned || !part.seeds() || holds(command, "{seed}") {
        return Ok(());
    }
    let role = ROLES[side];
    let pin = ["--pin (the C original)", "--pin-port (a port in C)"][side];
    let options =
        capture_options((100, 25), vec![], (flags, true), NONE, vec![]);
    Err(match part_fits(command, &options) {
        Some(fits) => format!("{role} is compared as Part {}, which seeds, but it never called time(), and {fits}", part.number),
        None => format!("{role} would pick its own seed: give {pin} or put {{seed}} in its arguments"),
    }.into())
}

/// No part, seed or generator in a trace's header.
const NONE: (Option<u8>, Option<u32>, Option<String>) = (None, None, None);

/// Where `command`, played unpinned with no key at 100x25 with `options`,
/// never called time() and its screen looks like a part that never seeds:
/// "its first screen looks like Part 2's (why): give --part 2".
fn part_fits(command: &[OsString], options: &CaptureOptions) -> Option<String> {
    let (keys, env) = (Vec::new(), Vec::new());
    let options = CaptureOptions {
        cols: 100,
        rows: 25,
        keys,
        env,
        ..options.clone()
    };
    let (played, seen) = captured(command, &options, ROLES[0]).ok()?;
    let (part, why) = looks_like(&played).filter(|_| !seen.timed)?;
    Some(format!("its first screen looks like Part {part}'s ({why}), a part that never seeds: give --part {part}, without a seed or a pin"))
}

/// Whether a word of `command` holds `what`.
fn holds(command: &[OsString], what: &str) -> bool {
    command.iter().any(|a| a.to_string_lossy().contains(what))
}

/// Plays `case` on both sides at the same time; where the port answered
/// late, plays it again, and keeps the first late answer late again.
pub fn run_case(
    sides: &Sides,
    flags: &CaptureFlags,
    case: &Case,
    compared: DiffOptions,
) -> Result<Compared, Failure> {
    let mut outcome = play_case(sides, flags, case, compared)?;
    let late = late_answers(outcome.sides());
    if late.is_empty() {
        return Ok(outcome);
    }
    if let Some(again) = play_again(sides, flags, case, &outcome, Doubt::Late)?
    {
        let again = late_answers(again.sides());
        let confirmed = |l: &&Late| again.iter().any(|a| a.key == l.key);
        outcome.late = late.iter().find(confirmed).copied();
    }
    Ok(outcome)
}

/// What a case is played again to confirm ([`play_again`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doubt {
    /// The port's late answers: the case played again as it was, once.
    Late,
    /// A difference: played to it with the slower settle, late ones confirmed.
    Differs,
}

/// `case`, which gave `first`, played again to confirm `doubt` (`None`: not).
pub fn play_again(
    sides: &Sides,
    flags: &CaptureFlags,
    case: &Case,
    first: &Compared,
    doubt: Doubt,
) -> Result<Option<Compared>, Failure> {
    let compared = DiffOptions {
        all: false,
        ..first.report.options
    };
    let (flags, keys) = match doubt {
        Doubt::Late => (Some(flags.clone()), case.keys.len()),
        Doubt::Differs => {
            let first = differences(first).first().map(|d| d.step);
            (flags.confirming(), first.unwrap_or(usize::MAX))
        }
    };
    let Some(flags) = flags.filter(|_| !stopping()) else {
        return Ok(None);
    };
    let cut = Case {
        keys: case.keys[..keys.min(case.keys.len())].to_vec(),
        ..case.clone()
    };
    let again = match doubt {
        Doubt::Late => play_case(sides, &flags, &cut, compared),
        Doubt::Differs => run_case(sides, &flags, &cut, compared),
    };
    again.map(Some)
}

/// Whether `case` differs again played to confirm it (true if not played).
/// A key answered late so, the screens alike, makes `outcome` the whole
/// case played so.
pub fn differs_again(
    sides: &Sides,
    flags: &CaptureFlags,
    case: &Case,
    outcome: &mut Compared,
) -> Result<bool, Failure> {
    let again = play_again(sides, flags, case, outcome, Doubt::Differs)?;
    let Some(again) = again else { return Ok(true) };
    let patient = flags.confirming().filter(|_| !stopping());
    if let Some(patient) =
        patient.filter(|_| again.late.is_some() && !again.screens_differ())
    {
        *outcome = run_case(sides, &patient, case, outcome.report.options)?;
    }
    Ok(again.differs())
}

/// Plays `case` on both sides at the same time, once.
fn play_case(
    sides: &Sides,
    flags: &CaptureFlags,
    case: &Case,
    compared: DiffOptions,
) -> Result<Compared, Failure> {
    // The pins' libraries live as long as the captures that load them.
    let (_pins, [reference_options, port_options]) =
        side_options(sides, flags, case)?;
    let reference_command = substituted(&sides.reference, case);
    let (reference, port) = std::thread::scope(|scope| {
        let port = scope.spawn(|| play_port(sides, case, &port_options));
        let reference =
            captured(&reference_command, &reference_options, ROLES[0]);
        let port = port
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (reference, port)
    });
    let ((reference, reference_seen), (port, port_seen)) = (reference?, port?);
    let report = diff(&reference.trace, &port.trace, compared);
    Ok(Compared {
        reference,
        port,
        report,
        names: sides.names(&case.config, Some(case)),
        part: case.config.part,
        clock_seeded: [reference_seen, port_seen]
            .map(|seen| seen.clock_seeded && case.config.part.seeds()),
        late: None,
    })
}

/// How each side, the reference and the port, is captured.
fn side_options(
    sides: &Sides,
    flags: &CaptureFlags,
    case: &Case,
) -> Result<([Option<Pin>; 2], [CaptureOptions; 2]), Failure> {
    let rng = case.config.rng.name().to_string();
    let seeds = case.config.part.seeds();
    let options = |pin: &Option<Pin>| {
        let header = (
            Some(case.config.part.number),
            seeds.then_some(case.config.seed),
            seeds.then(|| rng.clone()),
        );
        let env = pin.as_ref().map(|p| p.env()).unwrap_or_default();
        let keys = case.keys.clone();
        capture_options(case.size, keys, (flags, true), header, env)
    };
    let pin_if =
        |pinned: bool| pinned.then(|| pin(case.config.seed, &rng)).transpose();
    let pins = [pin_if(sides.pin)?, pin_if(sides.pin_port)?];
    let both = [options(&pins[0]), options(&pins[1])];
    Ok((pins, both))
}

/// Plays the port's side of `case`.
fn play_port(
    sides: &Sides,
    case: &Case,
    options: &CaptureOptions,
) -> Result<(Played, Seen), Failure> {
    let Some((_, command)) = &sides.port else {
        let (config, term) = (&case.config, &options.term);
        let played = rogue_replay::play(config, case.size, &case.keys, term);
        return Ok((played, Seen::default()));
    };
    captured(&substituted(command, case), options, ROLES[1])
}

/// `command` captured as `role`'s side, and what was seen of how it seeds.
fn captured(
    command: &[OsString],
    options: &CaptureOptions,
    role: &str,
) -> Result<(Played, Seen), Failure> {
    let mut steps = Vec::new();
    let recorded = rogue_capture::capture(command, options, None, |step| {
        steps.push(step);
        Ok(())
    })
    .map_err(|e| {
        // A pinned side that fails may be of a part that never seeds.
        let fits = (!options.env.is_empty())
            .then(|| part_fits(command, options))
            .flatten();
        let fits = fits.map_or_else(String::new, |f| format!("; {f}"));
        let e = e.to_string(); // `--pin` is `--pin-port` on the port's side
        let e = match e.strip_prefix("--pin") {
            Some(rest) if role == ROLES[1] => format!("--pin-port{rest}"),
            _ => e,
        };
        format!("{role} cannot run: {e}{fits}")
    })?;
    let seen = recorded.seen;
    Ok((recorded.with_steps(steps), seen))
}

/// Writes both traces of `outcome`, with how each ended, to new files in `dir`.
pub fn write_traces(
    dir: &Path,
    stem: &str,
    outcome: &Compared,
) -> Result<(PathBuf, PathBuf), Failure> {
    let reference = free_name(dir, stem, "reference.trace")?;
    let port = free_name(dir, stem, "port.trace")?;
    let sides = outcome.sides();
    let paths = [&reference, &port].into_iter();
    for ((path, played), ended) in paths.zip(sides).zip(endings(sides)) {
        let mut trace = played.trace.clone();
        if let Some((how, _)) = ended {
            trace.header.extra.push(format!("ended: {how}"));
        }
        std::fs::File::create_new(path)
            .and_then(|mut f| f.write_all(trace.to_text().as_bytes()))
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    }
    Ok((reference, port))
}

/// `DIR/STEM.EXT`, or `DIR/STEM-N.EXT` for the first N no file has.
pub fn free_name(
    dir: &Path,
    stem: &str,
    ext: &str,
) -> Result<PathBuf, Failure> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create '{}': {e}", dir.display()))?;
    let name = |n| match n {
        0 => dir.join(format!("{stem}.{ext}")),
        _ => dir.join(format!("{stem}-{n}.{ext}")),
    };
    Ok((0..).map(name).find(|p| !p.exists()).expect("a free name"))
}

/// Writes the HTML report of `outcome` to `path`.
pub fn report_outcome(
    path: &Path,
    (force, named): (bool, Option<&str>),
    outcome: &Compared,
    commands: &[String],
) -> Result<(), Failure> {
    let line = match named {
        Some(name) => format!("{name}; {}", outcome.result()),
        None => outcome.result(),
    };
    let report = Report {
        identical: outcome.verdict() == Verdict::Identical,
        line,
        text: outcome.text(),
        ..outcome.report.clone()
    };
    let names = outcome.names.each_ref().map(String::as_str);
    let page = html_played(names, outcome.sides(), &report, commands);
    write_page(path, force, &page)
}

/// The `rogue-trace compare` command that plays `case` again, typing `keys`.
pub fn command_line(
    case: &Case,
    sides: &Sides,
    (flags, compared): (&CaptureFlags, ComparedArgs),
    keys: &[String],
) -> String {
    let c = &case.config;
    let mut words = vec!["rogue-trace".to_string(), "compare".into()];
    if sides.pin {
        words.push("--pin".into());
    }
    match &sides.port {
        Some((text, _)) => {
            words.extend(["--port".into(), text.clone()]);
            if sides.pin_port {
                words.push("--pin-port".into());
            }
            // The part is only the traces' header's here.
            if c.part.number != GameConfig::default().part.number {
                words.extend(["--part".into(), c.part.number.to_string()]);
            }
        }
        None => words.extend(["--part".into(), c.part.number.to_string()]),
    }
    if c.part.seeds() {
        words.extend(["--seed".into(), c.seed.to_string()]);
        words.extend(["--rng".into(), c.rng.name().into()]);
    }
    if sides.port.is_none() {
        words.extend(game_words(c).into_iter().skip(2));
    }
    words.extend(flags.words());
    words.extend(compared.words());
    words.extend(["--size".into(), format!("{}x{}", case.size.0, case.size.1)]);
    words.extend(keys.iter().cloned());
    words.push("--".into());
    let reference = sides.reference.iter();
    words.extend(reference.map(|a| a.to_string_lossy().into_owned()));
    shell_words::join(words)
}

/// The most cells `compare` and each case of `fuzz` hold.
pub const MAX_CELLS: u64 = 50_000_000;
