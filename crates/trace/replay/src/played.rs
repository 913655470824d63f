//! The built-in port played as the C original plays in a terminal: its
//! replay, its cursor where the C original hides it, and how it ends and
//! leaves the terminal, as a capture of the C original says them.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use rogue_game::GameConfig;
use rogue_trace_format::burst::burst_end;
use rogue_trace_format::classes::{Look, PLAIN, WHITE};
use rogue_trace_format::diff::HEARD_BELLS;
use rogue_trace_format::played::{
    last_lines, Ending, Exit, Left, Outcome, Played, Signal, Stopped,
};
use rogue_trace_format::{stderr, suspended_after, Cursor};

/// Plays `keys` headless on a `cols` by `rows` screen, ending (at `^C`,
/// `^\` too) and leaving the terminal as the C original would on `term`.
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
    // The game ended on the key (or burst) after its last screen, or on a
    // signal that came while it still played.
    // (Part 0 draws no screen: it ended at start-up.)
    let last = trace.steps.last().map(|s| s.number);
    let (keys_typed, exit, left) = match signalled {
        Some((i, exit, left)) if last >= Some(i) => (i + 1, exit, left),
        _ => {
            let typed = last.map_or(0, |n| burst_end(keys, n));
            (typed, Exit::Status(0), Left::RESTORED)
        }
    };
    // What escape sequences the C's curses writes as it ends, it does not
    // say.
    let left = Left {
        heard_at_end: None,
        ..left
    };
    let last_words = Vec::new();
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
/// it: hidden, but at the top left corner while `^Z` has it suspended.
fn cursor_at(keys: &[char], number: usize) -> Cursor {
    if cfg!(unix) && suspended_after(keys, number) {
        Cursor::At { y: 0, x: 0 }
    } else {
        Cursor::Hidden
    }
}

/// How the C original ends on a terminal `term` without `smcup` (its last
/// screen its last words) or `civis` (the cursor left shown).
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

/// Whether the C original hides the cursor at every screen on `term`: on
/// the Windows console, or where `term` has `civis` for `curs_set(0)`.
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

/// The first of `keys` that ends the C original by a signal (Unix), and
/// how: `^C` exits with status 1, the terminal restored; `^\` kills it,
/// the terminal left in curses' modes (the pen the `@`'s if `coloured`).
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
