//! The built-in port played as the C original plays in a terminal: its
//! replay, its cursor where the C original hides it, and how it ends and
//! leaves the terminal, as a capture of the C original says them.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use rogue_game::GameConfig;
use rogue_trace_format::classes::{Look, PLAIN, WHITE};
use rogue_trace_format::diff::HEARD_BELLS;
use rogue_trace_format::played::{
    last_lines, Ending, Exit, Left, Outcome, Played, Signal, Stopped,
};
use rogue_trace_format::{stderr, suspended_after, Cursor};

/// Plays `keys` headless on a `cols` by `rows` screen, as the C original
/// plays them on a terminal of type `term`: a key that a terminal turns
/// into a signal (`^C`, `^\`) ends it there, and it ends and leaves the
/// terminal as the C original would there.
pub fn play(
    config: &GameConfig,
    (cols, rows): (u16, u16),
    keys: &[char],
    term: &str,
) -> Played {
    let coloured = || config.part.color && has_capability(term, "setaf");
    let signalled = signal_key(keys, coloured);
    let before = signalled.as_ref().map_or(keys.len(), |(i, ..)| *i);
    let mut trace = crate::replay(config, cols, rows, &keys[..before]);
    trace.header.keys = keys.to_vec();
    if hides_cursor(term) {
        trace.header.cursors = true;
        for step in &mut trace.steps {
            step.cursor = cursor_at(keys, step.number);
        }
    }
    // It writes nothing to standard error, as the C original writes nothing.
    stderr::set_header(&mut trace.header, &Default::default());
    // It rings no bell, as the C original rings none; what escape
    // sequences the C original writes, its curses' own, it does not say.
    trace.header.extra.push(HEARD_BELLS.to_string());
    // A key that ends the game has no screen, so with fewer screens than
    // keys after the first, the game ended on the key after the last
    // screen (with no screen at all, at start-up, as Part 0 does); still
    // playing when a signal came, the signal ended it there.
    let screens = trace.steps.len();
    let (keys_typed, exit, left) = match signalled {
        Some((i, exit, left)) if screens > i => (i + 1, exit, left),
        _ => (screens, Exit::Status(0), Left::RESTORED),
    };
    let last_words = Vec::new();
    // What escape sequences the C's curses writes as it ends, it does not
    // say.
    let left = Left {
        heard_at_end: None,
        ..left
    };
    let ending = Ending {
        exit,
        left,
        last_words,
    };
    let stopped = (keys_typed <= keys.len())
        .then_some(Stopped::Exited { keys_typed, ending });
    let mut played = Played {
        trace,
        outcome: Outcome::of(stopped, keys.len()),
    };
    if cfg!(unix) {
        as_the_terminal_leaves_it(&mut played, term);
    }
    played
}

/// The cursor of the C original at step `number` of `keys`, where it hides
/// it: hidden, but while a `^Z` has it suspended, shown where the
/// terminal's main screen had it as curses started (its top left corner:
/// nothing was written before).
fn cursor_at(keys: &[char], number: usize) -> Cursor {
    if cfg!(unix) && suspended_after(keys, number) {
        Cursor::At { y: 0, x: 0 }
    } else {
        Cursor::Hidden
    }
}

/// How the C original ends on a terminal of type `term` that lacks what
/// curses would use: with no alternate screen (no `smcup`: `vt100`) its
/// game stays on the terminal once it has ended, its last screen its last
/// words, as a capture reads them off the terminal's screen; with no way
/// to hide the cursor (no `civis`), a game killed inside curses leaves it
/// shown.
fn as_the_terminal_leaves_it(played: &mut Played, term: &str) {
    let (Outcome::EndedOnLastKey(ending)
    | Outcome::Stopped(Stopped::Exited { ending, .. })) = &mut played.outcome
    else {
        return;
    };
    if !has_capability(term, "smcup") {
        if let Some(last) = played.trace.steps.last() {
            ending.last_words = last_lines(last.text.iter().cloned());
        }
        ending.left.alternate_screen = Some(false);
    }
    if !hides_cursor(term) {
        ending.left.cursor_hidden = Some(false);
    }
}

/// Whether the C original hides the cursor at every screen on a terminal
/// of type `term`: on the Windows console always; on Unix, where the
/// terminal's description has `civis` for its `curs_set(0)` (a terminal
/// without it, `vt100`, shows the cursor where curses leaves it, which
/// the built-in port does not say, so it is not compared). Every part but
/// Part 0, which draws no screen, calls `curs_set(0)` before its first
/// screen.
fn hides_cursor(term: &str) -> bool {
    cfg!(windows) || has_capability(term, "civis")
}

/// Whether the description of the terminal `term` has the capability
/// `name`, as `tput` says (Unix); each asked once.
fn has_capability(term: &str, name: &str) -> bool {
    type Known = BTreeMap<(String, String), bool>;
    static KNOWN: Mutex<Known> = Mutex::new(BTreeMap::new());
    let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
    let key = (term.to_string(), name.to_string());
    *known.entry(key).or_insert_with(|| {
        !term.is_empty()
            && Command::new("tput")
                .args(["-T", term, name])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
    })
}

/// The first of `keys` that a terminal in curses' mode turns into a
/// signal that ends the C original (Unix), and how it ends it: `^C`,
/// `SIGINT`, which ncurses' own handler takes, restoring the terminal and
/// exiting with status 1; `^\`, `SIGQUIT`, which kills it, its terminal
/// left as curses set it (the alternate screen, the cursor hidden, echo
/// and line input off, and, if `coloured` (a part that draws in colour
/// on a terminal that has them), the text in the colours of the player
/// `@`, drawn last: white on black). The replay reads no signal, so its
/// game is cut there.
fn signal_key(
    keys: &[char],
    coloured: impl Fn() -> bool,
) -> Option<(usize, Exit, Left)> {
    let quit = || Left {
        alternate_screen: Some(true),
        cursor_hidden: Some(true),
        echo: Some(false),
        canonical: Some(false),
        pen: Some(Look::of_class(if coloured() { WHITE } else { PLAIN })),
        ..Left::RESTORED
    };
    let signalled = keys.iter().enumerate().find_map(|(i, &key)| match key {
        '\x03' => Some((i, Exit::Status(1), Left::RESTORED)),
        '\x1c' => Some((i, Exit::Killed(Signal(SIGQUIT)), quit())),
        _ => None,
    });
    signalled.filter(|_| cfg!(unix))
}

/// `SIGQUIT`'s number on Unix.
const SIGQUIT: i32 = 3;
