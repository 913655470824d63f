//! The Rust twin of `main.c`: Part 4 of the C roguelike tutorial, the
//! dungeon in colour, seen from where the player stands.
//!
//! Like the C, it seeds `rand()` with the time; `--seed N` gives the seed
//! instead, to play a dungeon again.

use std::time::{SystemTime, UNIX_EPOCH};

use pancurses::endwin;
use rogue_crand::Rand;
use rogue_engine::{close_game, curses_setup, game_loop};
use rogue_map::{create_map_tiles, setup_map};
use rogue_player::create_player;

/// `main`: sets curses up and, on a terminal with colours, builds the
/// dungeon, plays, and closes the game; else it only ends curses.
fn main() {
    let seed = seed();
    let (mut window, compatible_terminal) = curses_setup();

    if compatible_terminal {
        let mut rng = Rand::srand(seed);

        let mut map = create_map_tiles();
        let start_pos = setup_map(&mut map, &mut rng);
        let mut player = create_player(start_pos);

        game_loop(&mut window, &mut map, &mut player);

        close_game();
    } else {
        endwin();
    }
}

/// The seed: `--seed N`, or the time as `srand(time(NULL))` takes it.
/// `--help` says what the program takes; anything else is refused on one
/// line, before curses starts.
fn seed() -> u32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |t| t.as_secs() as u32),
        [flag, n] if flag == "--seed" => n.parse().unwrap_or_else(|_| {
            refuse(&format!("--seed takes a number from 0 to {}", u32::MAX))
        }),
        [flag] if flag == "--help" || flag == "-h" => help(),
        _ => refuse("usage: rogue-main [--seed N]"),
    }
}

/// `--help`: what the program takes, on standard output, and exit 0.
fn help() -> ! {
    println!("usage: rogue-main [--seed N]");
    println!(
        "--seed N: the dungeon of srand(N), N from 0 to {}",
        u32::MAX
    );
    println!("(else of the time, as the C's srand(time(NULL)) seeds it).");
    println!("Keys: h left, j down, k up, l right, q quit.");
    std::process::exit(0);
}

/// Says what is wrong on one line and exits with status 2.
fn refuse(message: &str) -> ! {
    eprintln!("rogue-main: {message}");
    std::process::exit(2);
}
