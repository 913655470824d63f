//! `rogue-trace compare`: one case, the reference program captured and the
//! port replayed on the same seed, generator, size and keys, and compared.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use clap::Args;
use rogue_capture::capture;
use rogue_game::GameConfig;
use rogue_options::{GameArgs, SizeArg};
use rogue_trace_format::diff::{diff, DiffOptions, Report};
use rogue_trace_format::report::Side;
use rogue_trace_format::{escape_keys, Trace};

use crate::{
    capture_options, pin, write_report, CaptureFlags, Failure, HtmlArg,
    KeysArgs,
};

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The port's game: its part, field of view and radius; --seed and
    /// --rng are the reference's too
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub size: SizeArg,
    #[command(flatten)]
    pub keys: KeysArgs,
    #[command(flatten)]
    pub flags: CaptureFlags,
    /// Show every differing step, not only the first
    #[arg(long)]
    pub all: bool,
    /// Print one line only, for scripts
    #[arg(long)]
    pub brief: bool,
    /// Write both traces into DIR (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub html: HtmlArg,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by the seed and the generator
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    pub command: Vec<OsString>,
}

/// One case: the game and what is typed on what screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The port's game, the reference's seed and generator.
    pub config: GameConfig,
    /// Columns and rows.
    pub size: (u16, u16),
    /// The keys typed.
    pub keys: Vec<char>,
}

/// What a case gave.
pub struct Outcome {
    /// The reference's trace.
    pub reference: Trace,
    /// The port's trace.
    pub port: Trace,
    /// The comparison.
    pub report: Report,
}

/// The reference command with `{seed}` and `{rng}` filled in.
fn substituted(command: &[OsString], case: &Case) -> Vec<OsString> {
    command
        .iter()
        .map(|arg| {
            let text = arg.to_string_lossy();
            if text.contains("{seed}") || text.contains("{rng}") {
                let text = text
                    .replace("{seed}", &case.config.seed.to_string())
                    .replace("{rng}", case.config.rng.name());
                OsString::from(text)
            } else {
                arg.clone()
            }
        })
        .collect()
}

/// Whether the reference gets the seed: pinned, or through its arguments.
pub fn check_seeded(command: &[OsString], pinned: bool) -> Result<(), Failure> {
    let named = command
        .iter()
        .any(|a| a.to_string_lossy().contains("{seed}"));
    if pinned || named {
        Ok(())
    } else {
        Err(Failure(
            "the reference would pick its own seed: give --pin (the C original) or put {seed} in its arguments".into(),
            2,
        ))
    }
}

/// Captures the reference and replays the port for `case`. An error (exit
/// status 2) when the reference cannot run or stops before every key.
pub fn run_case(
    command: &[OsString],
    flags: &CaptureFlags,
    case: &Case,
) -> Result<Outcome, Failure> {
    let rng = case.config.rng.name().to_string();
    let pin = if flags.pin {
        Some(pin(case.config.seed, &rng)?)
    } else {
        None
    };
    let env = pin.as_ref().map(|p| p.env()).unwrap_or_default();
    let every = CaptureFlags {
        every: true,
        ..flags.clone()
    };
    let header = (
        Some(case.config.part.number),
        Some(case.config.seed),
        Some(rng),
    );
    let options =
        capture_options(case.size, case.keys.clone(), &every, header, env);
    let command = substituted(command, case);
    let captured = capture(&command, &options)
        .map_err(|e| Failure(format!("the reference cannot run: {e}"), 2))?;
    if let Some(why) = captured.stopped {
        return Err(Failure(format!("the reference stopped: {why}"), 2));
    }
    let (cols, rows) = case.size;
    let port = rogue_replay::replay(&case.config, cols, rows, &case.keys);
    let report = diff(
        &captured.trace,
        &port,
        DiffOptions {
            screens_only: true,
            all: false,
            ..Default::default()
        },
    );
    Ok(Outcome {
        reference: captured.trace,
        port,
        report,
    })
}

/// Writes both traces of `outcome` into `dir`, under names no file has.
pub fn write_traces(
    dir: &Path,
    stem: &str,
    outcome: &Outcome,
) -> Result<(PathBuf, PathBuf), Failure> {
    let reference = free_name(dir, stem, "reference.trace")?;
    let port = free_name(dir, stem, "port.trace")?;
    write_both(&reference, &port, outcome)?;
    Ok((reference, port))
}

/// `DIR/STEM.EXT`, or `DIR/STEM-N.EXT` for the first N no file has; `DIR`
/// is created if needed.
pub fn free_name(
    dir: &Path,
    stem: &str,
    ext: &str,
) -> Result<PathBuf, Failure> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure(format!("cannot create '{}': {e}", dir.display()), 2)
    })?;
    Ok((0..)
        .map(|n| match n {
            0 => dir.join(format!("{stem}.{ext}")),
            _ => dir.join(format!("{stem}-{n}.{ext}")),
        })
        .find(|p| !p.exists())
        .expect("a free name"))
}

/// Writes the reference's and the port's traces, creating both files.
fn write_both(
    reference: &Path,
    port: &Path,
    outcome: &Outcome,
) -> Result<(), Failure> {
    for (path, trace) in
        [(&reference, &outcome.reference), (&port, &outcome.port)]
    {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .and_then(|mut f| {
                std::io::Write::write_all(&mut f, trace.to_text().as_bytes())
            })
            .map_err(|e| {
                Failure(format!("cannot write '{}': {e}", path.display()), 2)
            })?;
    }
    Ok(())
}

/// Writes the HTML report of `outcome` to `path`.
pub fn report_outcome(
    path: &Path,
    outcome: &Outcome,
    commands: &[String],
) -> Result<(), Failure> {
    write_report(
        path,
        false,
        Side {
            name: "the reference",
            trace: &outcome.reference,
        },
        Side {
            name: "the port",
            trace: &outcome.port,
        },
        &outcome.report,
        commands,
    )
}

/// The `rogue-trace compare` command that plays `case` again.
pub fn command_line(
    case: &Case,
    flags: &CaptureFlags,
    command: &[OsString],
) -> String {
    let c = &case.config;
    let mut words = vec!["rogue-trace".to_string(), "compare".into()];
    if flags.pin {
        words.push("--pin".into());
    }
    words.extend(["--part".into(), c.part.number.to_string()]);
    words.extend([
        "--seed".into(),
        c.seed.to_string(),
        "--rng".into(),
        c.rng.name().into(),
    ]);
    if c.part.fov && c.fov != GameConfig::default().fov {
        words.extend(["--fov".into(), c.fov.name.into()]);
    }
    if let Some(radius) = c.radius {
        words.extend(["--radius".into(), radius.to_string()]);
    }
    words.extend(["--size".into(), format!("{}x{}", case.size.0, case.size.1)]);
    words.extend(["--keys".into(), escape_keys(&case.keys)]);
    words.push("--".into());
    words.extend(command.iter().map(|a| a.to_string_lossy().into_owned()));
    shell_words::join(words)
}

/// The most cells `compare` holds: it keeps both traces in memory.
const MAX_CELLS: u64 = 50_000_000;

pub fn run(args: CompareArgs) -> Result<u8, Failure> {
    check_seeded(&args.command, args.flags.pin)?;
    let case = Case {
        config: args.game.config(|| 0)?,
        size: args.size.size,
        keys: args.keys.keys()?,
    };
    let cells = (case.keys.len() as u64 + 1)
        * u64::from(case.size.0)
        * u64::from(case.size.1);
    if cells > MAX_CELLS {
        return Err(Failure(
            format!(
                "compare keeps both traces in memory: {} keys at {}x{} is {cells} cells, more than {MAX_CELLS}; \
                 capture and replay them with --out, then diff the files",
                case.keys.len(),
                case.size.0,
                case.size.1
            ),
            2,
        ));
    }
    let mut outcome = run_case(&args.command, &args.flags, &case)?;
    if args.all {
        outcome.report = diff(
            &outcome.reference,
            &outcome.port,
            DiffOptions {
                screens_only: true,
                all: true,
                ..Default::default()
            },
        );
    }
    if let Some(dir) = &args.out {
        let (a, b) = write_traces(
            dir,
            &format!("seed{}-{}", case.config.seed, case.config.rng),
            &outcome,
        )?;
        eprintln!(
            "traces: {} (reference) and {} (port)",
            a.display(),
            b.display()
        );
    }
    if let Some(path) = &args.html.html {
        let command = command_line(&case, &args.flags, &args.command);
        report_outcome(path, &outcome, &[command])?;
    }
    if args.brief {
        println!("{}", outcome.report.line);
    } else {
        println!("A: the reference, B: the port");
        print!("{}", outcome.report.text);
    }
    Ok(if outcome.report.identical { 0 } else { 1 })
}
