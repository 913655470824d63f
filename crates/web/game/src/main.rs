//! The game in a web page: Part 4 of the C original with any field of
//! view (`--fov MODE`), on the dungeon of `--seed N` (else of the clock, as
//! the C seeds it), glibc's `rand()`.
//!
//! It plays the game's own loop ([`rogue_game::play_game`]) on the page's
//! curses, the same code `rogue` plays in a terminal.

use std::time::{SystemTime, UNIX_EPOCH};

use rogue_fov_modes::FovMode;
use rogue_game::{play_game, Game, GameConfig, Part, RngKind};

fn main() {
    let config = match config(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("rogue: {message}");
            std::process::exit(2);
        }
    };
    let window = pancurses::initscr();
    pancurses::noecho();
    pancurses::curs_set(0);
    pancurses::start_color();
    pancurses::init_pair(1, pancurses::COLOR_WHITE, pancurses::COLOR_BLACK);
    pancurses::init_pair(2, pancurses::COLOR_BLUE, pancurses::COLOR_BLACK);
    let mut game = Game::new(&config);
    let mut window = window;
    play_game(&mut window, &mut game);
    pancurses::endwin();
}

/// The game of the arguments: `--seed N`, `--fov MODE`, in any order.
fn config(
    mut args: impl Iterator<Item = String>,
) -> Result<GameConfig, String> {
    let now = SystemTime::now().duration_since(UNIX_EPOCH);
    let part = Part::get(4).ok_or("no Part 4")?;
    let mut config = GameConfig::new(
        part,
        now.map_or(0, |t| t.as_secs() as u32),
        RngKind::Glibc,
    );
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--seed" => {
                config.seed = value.parse().map_err(|_| {
                    format!("--seed takes a number from 0 to {}", u32::MAX)
                })?;
            }
            "--fov" => {
                config.fov =
                    value.parse::<FovMode>().map_err(|e| e.to_string())?;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(config)
}
