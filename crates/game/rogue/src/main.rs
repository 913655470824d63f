//! `rogue`: the game, around the tutorial's crates (whose own `main.c`
//! twin is `rogue-main`).
//!
//! Reads the command line and checks the terminal before curses starts,
//! opens the log, plays the chosen part of the C tutorial in the terminal
//! ([`rogue_game::play`]), and says in the log how the run ended and how
//! to replay it.

mod log_file;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Parser;
use log::LevelFilter;
use rogue_game::{Ending, GameConfig, Outcome};
use rogue_options::GameArgs;

/// rogue: the C roguelike tutorial's game, in Rust
#[derive(Parser, Debug)]
#[command(
    name = "rogue",
    bin_name = "rogue",
    version,
    after_help = "Keys: h left, j down, k up, l right, q quit."
)]
struct Cli {
    #[command(flatten)]
    game: GameArgs,

    /// Append a log to FILE: the seed and generator, how the run ended, the
    /// keys typed and the rogue-trace command that replays the run
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,

    /// How much to log (needs --log): error, warn, info, debug (each key and
    /// move) or trace
    #[arg(long, value_name = "LEVEL", requires = "log", value_parser = parse_level, default_value = "info")]
    log_level: LevelFilter,
}

/// `--log-level`: a `log` level name other than `off`.
fn parse_level(text: &str) -> Result<LevelFilter, String> {
    match text.parse::<LevelFilter>() {
        Ok(level) if level != LevelFilter::Off => Ok(level),
        _ => Err("expected error, warn, info, debug or trace".to_string()),
    }
}

fn main() -> ExitCode {
    let cli: Cli = match rogue_options::parse_args("rogue") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let config = match cli.game.config(unix_time_seed) {
        Ok(config) => config,
        Err(e) => return refuse(&format!("{e} (try --help)"), 2),
    };
    if let Err(e) = rogue_game::check_terminal() {
        return refuse(&e, 1);
    }
    if let Err(e) = check_size() {
        return refuse(&e, 1);
    }
    let log = match cli
        .log
        .as_deref()
        .map(|path| log_file::open(path, cli.log_level))
    {
        Some(Err(e)) => return refuse(&e, 2),
        Some(Ok(log)) => Some(log),
        None => None,
    };
    rogue_game::install_panic_hook();
    if let Err(e) = rogue_game::watch_signals() {
        return refuse(&format!("cannot watch for signals: {e}"), 1);
    }
    log::info!("{}", describe(&config));
    let outcome = rogue_game::play(&config);
    log_ending(&config, &outcome);
    if let Some(error) = log.and_then(|log| log.failure()) {
        eprintln!("rogue: the log could not be written: {error}");
    }
    match outcome.ending {
        Ending::Signal(signal) => rogue_game::end_after(signal),
        _ => ExitCode::SUCCESS,
    }
}

/// One line on standard error, before curses starts, and the exit status.
fn refuse(message: &str, status: u8) -> ExitCode {
    eprintln!("rogue: {message}");
    ExitCode::from(status)
}

/// Refuses a terminal larger than the game draws on.
fn check_size() -> Result<(), String> {
    #[cfg(unix)]
    if let Some((rows, cols)) = rogue_game::terminal_size() {
        let (max_rows, max_cols) = rogue_game::MAX_TERMINAL;
        if rows > max_rows || cols > max_cols {
            return Err(format!(
                "the terminal is {cols}x{rows}; rogue plays on terminals \
                 of up to {max_cols}x{max_rows}"
            ));
        }
    }
    Ok(())
}

/// `time(NULL)` as `srand()` receives it: the Unix time truncated to 32 bits.
fn unix_time_seed() -> u32 {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    secs as u32
}

/// The run in one line: part, seed, generator, field of view.
fn describe(config: &GameConfig) -> String {
    let fov = if config.part.fov {
        let radius = config.radius.unwrap_or(config.fov.default_radius);
        format!(", fov {} radius {radius}", config.fov)
    } else {
        String::new()
    };
    format!(
        "part {}, seed {}, rng {}{fov}",
        config.part.number, config.seed, config.rng
    )
}

/// Logs why the run ended, the keys typed, and the command that replays it.
fn log_ending(config: &GameConfig, outcome: &Outcome) {
    let why = match outcome.ending {
        Ending::Key('q') => "the game ended: q".to_string(),
        Ending::Key(c) => format!("the game ended: key {c:?}"),
        Ending::EndOfInput => "the game ended: end of input".to_string(),
        Ending::Signal(signal) => {
            format!("the game ended: signal {}", signal_name(signal))
        }
        Ending::NoColors => {
            "the game ended: the terminal has no colours".to_string()
        }
        Ending::NoGame => "Part 0 ends at once".to_string(),
    };
    log::info!("{why}");
    if matches!(outcome.ending, Ending::NoColors | Ending::NoGame) {
        return;
    }
    let keys = rogue_trace_format::escape_keys(&outcome.keys);
    let more = if outcome.keys.len() == rogue_game::KEYS_KEPT {
        " (the first ones)"
    } else {
        ""
    };
    log::info!("keys typed{more}: {keys}");
    let (rows, cols) = outcome.size;
    let mut command = vec![
        "rogue-trace".to_string(),
        "replay".into(),
        "--part".into(),
        config.part.number.to_string(),
        "--seed".into(),
        config.seed.to_string(),
        "--rng".into(),
        config.rng.to_string(),
    ];
    if config.part.fov {
        command.extend(["--fov".into(), config.fov.to_string()]);
        if let Some(radius) = config.radius {
            command.extend(["--radius".into(), radius.to_string()]);
        }
    }
    command.extend([
        "--size".into(),
        format!("{cols}x{rows}"),
        "--keys".into(),
        keys,
    ]);
    log::info!("replay it with: {}", shell_words::join(&command));
}

/// The name of a signal that ends the game.
fn signal_name(signal: i32) -> String {
    match signal {
        1 => "SIGHUP".to_string(),
        2 => "SIGINT".to_string(),
        15 => "SIGTERM".to_string(),
        other => format!("{other}"),
    }
}
