//! `rogue`: the Rust twin of `main.c`.
//!
//! Reads the command line (before curses starts), opens the log, then plays
//! the chosen part of the C tutorial in the terminal.

mod cli;

use std::fs::File;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use cli::{Command, Options, HELP};
use rogue_engine::{
    check_terminal, close_game, curses_setup, game_loop, restore_terminal_on_signals, Curses, Game,
    GameConfig,
};

fn main() -> ExitCode {
    let command = match cli::parse(std::env::args_os().skip(1)) {
        Ok(command) => command,
        Err(e) => {
            eprintln!("rogue: {e}");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Help => print!("{HELP}"),
        Command::Version => println!("rogue {}", env!("CARGO_PKG_VERSION")),
        Command::Play(options) => {
            if let Err(e) = open_log(&options) {
                eprintln!("rogue: {e}");
                return ExitCode::from(2);
            }
            if let Err(e) = check_terminal() {
                eprintln!("rogue: {e}");
                return ExitCode::from(1);
            }
            install_panic_hook();
            if let Err(e) = restore_terminal_on_signals() {
                eprintln!("rogue: cannot watch for signals: {e}");
                return ExitCode::from(1);
            }
            play(&options);
        }
    }
    ExitCode::SUCCESS
}

/// Set in the environment, makes `rogue` panic once curses has started: the
/// tests use it to check that the panic message is shown after the terminal
/// is restored.
const FORCE_PANIC: &str = "ROGUE_FORCE_PANIC";

/// `main()`: sets up curses, seeds `rand()`, builds the dungeon and plays.
#[doc(alias = "main")]
fn play(options: &Options) {
    let part = options.part;
    if !part.plays {
        // Part 0: initscr(); endwin();
        close_game(Curses::initscr());
        return;
    }
    let Some(mut curses) = curses_setup(part.color) else {
        return;
    };
    if std::env::var_os(FORCE_PANIC).is_some() {
        panic!("forced panic ({FORCE_PANIC} is set)");
    }
    let config = GameConfig {
        fov: options.fov,
        radius: options.radius,
        ..GameConfig::new(
            part,
            options.seed.unwrap_or_else(unix_time_seed),
            options.rng,
        )
    };
    let replay = format!(
        "rogue --part {} --seed {} --rng {} --fov {}{}",
        part.number,
        config.seed,
        config.rng,
        config.fov,
        config
            .radius
            .map_or(String::new(), |r| format!(" --radius {r}"))
    );
    log::info!(
        "part {}, seed {}, rng {}, fov {} (replay with: {replay})",
        part.number,
        config.seed,
        config.rng,
        config.fov
    );
    let mut game = Game::new(&config);
    game_loop(&mut curses, &mut game);
    close_game(curses);
}

/// `time(NULL)` as `srand()` receives it: the Unix time truncated to 32 bits.
fn unix_time_seed() -> u32 {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    secs as u32
}

/// Opens `--log FILE`; a file that cannot be created is an error.
fn open_log(options: &Options) -> Result<(), String> {
    let Some(path) = &options.log else {
        return Ok(());
    };
    let file = File::create(path)
        .map_err(|e| format!("cannot open log file '{}': {e}", path.display()))?;
    simplelog::WriteLogger::init(options.log_level, simplelog::Config::default(), file)
        .map_err(|e| format!("cannot start the log: {e}"))
}

/// Restores the terminal before a panic message is printed, so the message
/// is not lost on the curses screen.
fn install_panic_hook() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        Curses::restore_terminal();
        default_hook(info);
    }));
}
