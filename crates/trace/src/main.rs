//! `rogue-trace`: record, replay and compare screen traces.
//!
//! See `rogue-trace --help` and `docs/diffing.md`.

use std::ffi::OsString;
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use rogue_crand::RngKind;
use rogue_engine::{GameConfig, Part};
use rogue_fov::FovMode;
use rogue_trace::capture::{capture, CaptureOptions, Timing};
use rogue_trace::diff::{diff, Verdict};
use rogue_trace::{parse_size, replay, show, unescape_keys, Trace};

const HELP: &str = "\
rogue-trace: record, replay and compare screen traces (format v1)

Usage:
  rogue-trace capture [--size COLSxROWS] [--keys KEYS | --keys-file F] [--every] [--out FILE]
                      [--part N] [--seed N] [--rng glibc|msvc] [--quiet-ms MS] -- CMD [ARGS...]
      Run CMD in a pseudo-terminal (default 100x25, TERM=screen-256color or $ROGUE_TRACE_TERM),
      type the keys one at a time, and record the screen after each has settled
      (every step with --every, else step 0 and the last). --part/--seed/--rng only
      fill in the trace's header.
  rogue-trace replay [--part N] [--seed N] [--rng glibc|msvc] [--size COLSxROWS]
                     [--fov MODE] [--radius N] [--keys KEYS | --keys-file F] [--out FILE]
      Play the port headless and record every step (default part 4, seed 0, the
      platform's generator, 100x25, the C original's field of view).
  rogue-trace diff A B
      Compare two traces: exit 0 if identical, 1 at the first difference, 2 if a
      file cannot be read.
  rogue-trace show FILE [--step N]
      Print a recorded screen (default: the last step), in colour on a terminal.

KEYS are written as in a trace's header: plain characters, with \\\\, \\n, \\x00, \\u00e9 ...
for the others. A keys file holds the same, its final newline ignored.
";

/// A failure: the message and the exit status.
struct Failure(String, u8);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Self {
        Failure(e.to_string(), 2)
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let result = match args.next().as_ref().and_then(|a| a.to_str()) {
        Some("capture") => run_capture(args),
        Some("replay") => run_replay(args),
        Some("diff") => run_diff(args),
        Some("show") => run_show(args),
        Some("-h" | "--help" | "help") => {
            print!("{HELP}");
            Ok(0)
        }
        Some("-V" | "--version") => {
            println!("rogue-trace {}", env!("CARGO_PKG_VERSION"));
            Ok(0)
        }
        Some(other) => Err(Failure(
            format!(
                "unknown command '{other}' (expected capture, replay, diff or show; try --help)"
            ),
            2,
        )),
        None => Err(Failure(
            "no command given (expected capture, replay, diff or show; try --help)".into(),
            2,
        )),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure(message, code)) => {
            eprintln!("rogue-trace: {message}");
            ExitCode::from(code)
        }
    }
}

/// A command-line argument, owned.
enum Opt {
    Long(String),
    Short(char),
    Value(OsString),
}

/// The next argument.
fn next_arg(parser: &mut lexopt::Parser) -> Result<Option<Opt>, Failure> {
    Ok(parser.next()?.map(|arg| match arg {
        lexopt::Arg::Long(name) => Opt::Long(name.to_string()),
        lexopt::Arg::Short(c) => Opt::Short(c),
        lexopt::Arg::Value(v) => Opt::Value(v),
    }))
}

/// The error for an argument the command does not take.
fn unexpected(opt: Opt) -> Failure {
    let what = match opt {
        Opt::Long(name) => format!("unknown option '--{name}'"),
        Opt::Short(c) => format!("unknown option '-{c}'"),
        Opt::Value(v) => format!("unexpected argument '{}'", v.to_string_lossy()),
    };
    Failure(format!("{what} (try --help)"), 2)
}

/// Options shared by `capture` and `replay`.
struct Common {
    cols: u16,
    rows: u16,
    keys: Vec<char>,
    out: Option<OsString>,
    part: Part,
    seed: u32,
    rng: RngKind,
}

impl Common {
    fn new() -> Self {
        Common {
            cols: 100,
            rows: 25,
            keys: Vec::new(),
            out: None,
            part: Part::LAST,
            seed: 0,
            rng: RngKind::platform(),
        }
    }

    /// Takes `arg` if it is one of the shared options.
    fn take(&mut self, arg: &Opt, parser: &mut lexopt::Parser) -> Result<bool, Failure> {
        let Opt::Long(name) = arg else {
            return Ok(false);
        };
        match name.as_str() {
            "size" => {
                let text = text(parser, "--size")?;
                let (cols, rows) =
                    parse_size(&text).map_err(|e| Failure(format!("invalid --size: {e}"), 2))?;
                if cols == 0 || rows == 0 {
                    return Err(Failure(
                        format!("invalid --size '{text}': a terminal needs at least 1x1"),
                        2,
                    ));
                }
                (self.cols, self.rows) = (cols, rows);
            }
            "keys" => self.keys = keys(&text(parser, "--keys")?, "--keys")?,
            "keys-file" => {
                let path = parser.value()?;
                let content = fs::read_to_string(&path).map_err(|e| {
                    Failure(
                        format!("cannot read keys file '{}': {e}", path.to_string_lossy()),
                        2,
                    )
                })?;
                let content = content.strip_suffix('\n').unwrap_or(&content);
                self.keys = keys(content, &path.to_string_lossy())?;
            }
            "out" => self.out = Some(parser.value()?),
            "part" => {
                let t = text(parser, "--part")?;
                self.part = t.parse::<u8>().ok().and_then(Part::get).ok_or_else(|| {
                    Failure(
                        format!("invalid value '{t}' for --part: expected 0, 1, 2, 3 or 4"),
                        2,
                    )
                })?;
            }
            "seed" => {
                let t = text(parser, "--seed")?;
                self.seed = t.parse().map_err(|_| {
                    Failure(format!("invalid value '{t}' for --seed: expected an integer from 0 to 4294967295"), 2)
                })?;
            }
            "rng" => {
                let t = text(parser, "--rng")?;
                self.rng = t.parse().map_err(|_| {
                    Failure(
                        format!("invalid value '{t}' for --rng: expected glibc or msvc"),
                        2,
                    )
                })?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Writes `text` to `--out` or standard output.
    fn write(&self, text: &str) -> Result<(), Failure> {
        match &self.out {
            Some(path) => fs::write(path, text)
                .map_err(|e| Failure(format!("cannot write '{}': {e}", path.to_string_lossy()), 2)),
            None => Ok(io::stdout().lock().write_all(text.as_bytes())?),
        }
    }
}

fn text(parser: &mut lexopt::Parser, flag: &str) -> Result<String, Failure> {
    parser
        .value()?
        .into_string()
        .map_err(|v| Failure(format!("invalid value {v:?} for {flag}: not valid text"), 2))
}

fn keys(text: &str, source: &str) -> Result<Vec<char>, Failure> {
    unescape_keys(text).map_err(|e| Failure(format!("invalid keys in {source}: {e}"), 2))
}

fn run_capture(args: impl Iterator<Item = OsString>) -> Result<u8, Failure> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut common = Common::new();
    let mut every = false;
    let mut timing = Timing::default();
    let mut command: Vec<OsString> = Vec::new();
    while let Some(arg) = next_arg(&mut parser)? {
        if common.take(&arg, &mut parser)? {
            continue;
        }
        match arg {
            Opt::Long(name) if name == "every" => every = true,
            Opt::Long(name) if name == "quiet-ms" => {
                let t = text(&mut parser, "--quiet-ms")?;
                let ms: u64 = t.parse().map_err(|_| {
                    Failure(
                        format!("invalid value '{t}' for --quiet-ms: expected milliseconds"),
                        2,
                    )
                })?;
                timing.quiet = Duration::from_millis(ms);
            }
            Opt::Value(v) => {
                command.push(v);
                command.extend(parser.raw_args()?);
            }
            other => return Err(unexpected(other)),
        }
    }
    if command.is_empty() {
        return Err(Failure(
            "capture needs a command to run, after --".into(),
            2,
        ));
    }
    let options = CaptureOptions {
        cols: common.cols,
        rows: common.rows,
        keys: common.keys.clone(),
        every,
        term: std::env::var("ROGUE_TRACE_TERM").unwrap_or_else(|_| "screen-256color".into()),
        env: Vec::new(),
        timing,
        part: common.part.number,
        rng: common.rng.name().to_string(),
        seed: common.seed,
    };
    let result = capture(&command, &options)?;
    common.write(&result.trace.to_text())?;
    match result.stopped {
        None => Ok(0),
        Some(why) => Err(Failure(format!("capture ended early: {why}"), 1)),
    }
}

fn run_replay(args: impl Iterator<Item = OsString>) -> Result<u8, Failure> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut common = Common::new();
    let mut fov = FovMode::TUTORIAL;
    let mut radius = None;
    while let Some(arg) = next_arg(&mut parser)? {
        match &arg {
            Opt::Long(name) if name == "fov" => {
                let t = text(&mut parser, "--fov")?;
                fov = t.parse().map_err(|_| {
                    Failure(format!("invalid value '{t}' for --fov: expected tutorial, symmetric, rays, fog or radius"), 2)
                })?;
            }
            Opt::Long(name) if name == "radius" => {
                let t = text(&mut parser, "--radius")?;
                radius = Some(t.parse::<i32>().ok().filter(|r| (1..=100).contains(r)).ok_or_else(|| {
                    Failure(format!("invalid value '{t}' for --radius: expected an integer from 1 to 100"), 2)
                })?);
            }
            _ if common.take(&arg, &mut parser)? => {}
            _ => return Err(unexpected(arg)),
        }
    }
    let config = GameConfig {
        fov,
        radius,
        ..GameConfig::new(common.part, common.seed, common.rng)
    };
    let write_error = |e: io::Error| Failure(format!("cannot write the trace: {e}"), 2);
    match &common.out {
        Some(path) => {
            let file = fs::File::create(path).map_err(|e| {
                Failure(format!("cannot write '{}': {e}", path.to_string_lossy()), 2)
            })?;
            let mut out = io::BufWriter::new(file);
            replay::replay_into(&mut out, &config, common.cols, common.rows, &common.keys)
                .and_then(|()| out.flush())
                .map_err(write_error)?;
        }
        None => {
            let mut out = io::stdout().lock();
            replay::replay_into(&mut out, &config, common.cols, common.rows, &common.keys)
                .map_err(write_error)?;
        }
    }
    Ok(0)
}

fn read_trace(path: &OsString) -> Result<Trace, Failure> {
    let name = path.to_string_lossy();
    let text =
        fs::read_to_string(path).map_err(|e| Failure(format!("cannot read '{name}': {e}"), 2))?;
    Trace::parse(&text).map_err(|e| Failure(format!("{name}:{}: {}", e.line, e.message), 2))
}

fn run_diff(args: impl Iterator<Item = OsString>) -> Result<u8, Failure> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut files = Vec::new();
    while let Some(arg) = next_arg(&mut parser)? {
        match arg {
            Opt::Value(v) => files.push(v),
            other => return Err(unexpected(other)),
        }
    }
    let [a, b] = files.as_slice() else {
        return Err(Failure(
            "diff needs two trace files: rogue-trace diff A B".into(),
            2,
        ));
    };
    let (ta, tb) = (read_trace(a)?, read_trace(b)?);
    println!("A: {}\nB: {}", a.to_string_lossy(), b.to_string_lossy());
    match diff(&ta, &tb) {
        Verdict::Same { steps } => {
            println!("identical: {steps} steps compared");
            Ok(0)
        }
        Verdict::Differ(report) => {
            print!("{report}");
            Ok(1)
        }
    }
}

fn run_show(args: impl Iterator<Item = OsString>) -> Result<u8, Failure> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut file = None;
    let mut step = None;
    while let Some(arg) = next_arg(&mut parser)? {
        match arg {
            Opt::Long(name) if name == "step" => {
                let t = text(&mut parser, "--step")?;
                step = Some(t.parse::<usize>().map_err(|_| {
                    Failure(
                        format!("invalid value '{t}' for --step: expected a step number"),
                        2,
                    )
                })?);
            }
            Opt::Value(v) if file.is_none() => file = Some(v),
            other => return Err(unexpected(other)),
        }
    }
    let file = file.ok_or_else(|| {
        Failure(
            "show needs a trace file: rogue-trace show FILE [--step N]".into(),
            2,
        )
    })?;
    let trace = read_trace(&file)?;
    if trace.steps.is_empty() {
        return Err(Failure(
            format!("'{}' has no steps", file.to_string_lossy()),
            2,
        ));
    }
    let last = trace.steps.len() - 1;
    let n = step.unwrap_or(last);
    if n > last {
        return Err(Failure(
            format!("invalid value '{n}' for --step: the trace has steps 0 to {last}"),
            2,
        ));
    }
    let stdout = io::stdout();
    let colour = stdout.is_terminal();
    stdout
        .lock()
        .write_all(show::render(&trace, n, colour).as_bytes())?;
    Ok(0)
}
