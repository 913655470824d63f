//! How a played program ended, through the crate's public API.

use rogue_trace_format::burst::JOIN;
use rogue_trace_format::classes::{Colour, Look};
use rogue_trace_format::played::*;

#[test]
fn exits_read_as_a_porter_says_them() {
    assert_eq!(Exit::Status(1).to_string(), "exited with status 1");
    assert_eq!(
        Exit::of_code(0xC000_0005).to_string(),
        "crashed with 0xC0000005 (access violation)"
    );
    assert_eq!(
        Exit::of_code(0xC000_0409).to_string(),
        "crashed with 0xC0000409 (stack buffer overrun, or a fail-fast abort)"
    );
    assert_eq!(Exit::of_code(3), Exit::Status(3));
    assert_eq!(
        Exit::of_code(0xC000_0142).to_string(),
        "exited with status 0xC0000142"
    );
    assert!(Exit::Status(0).success() && !Exit::Status(2).success());
    assert_eq!(Signal(200).to_string(), "signal 200");
}

#[cfg(unix)]
#[test]
fn signals_are_named_by_this_system_s_numbers() {
    let killed = |n| Exit::Killed(Signal(n)).to_string();
    assert_eq!(
        killed(libc::SIGSEGV),
        "was killed by SIGSEGV (segmentation fault)"
    );
    assert_eq!(killed(libc::SIGABRT), "was killed by SIGABRT (aborted)");
    assert_eq!(killed(libc::SIGKILL), "was killed by SIGKILL (killed)");
}

#[cfg(unix)]
#[test]
fn a_status_says_the_signal_that_ended_the_process() {
    let status = |script: &str| {
        std::process::Command::new("sh")
            .args(["-c", script])
            .status()
            .expect("sh runs")
    };
    assert_eq!(Exit::of_status(status("exit 3")), Exit::Status(3));
    assert_eq!(
        Exit::of_status(status("kill -SEGV $$")),
        Exit::Killed(Signal(libc::SIGSEGV))
    );
}

#[test]
fn an_ending_shows_its_last_words_a_line_each() {
    let mut ending = Ending {
        exit: Exit::Status(3),
        left: Left::RESTORED,
        last_words: vec!["usage: game SEED".into(), "bad seed".into()],
    };
    assert_eq!(
        ending.to_string(),
        "exited with status 3; its last words:\n  | usage: game SEED\n  | bad seed"
    );
    ending.left = Left {
        alternate_screen: Some(true),
        cursor_hidden: Some(true),
        echo: None,
        ..Left::RESTORED
    };
    ending.last_words.clear();
    assert_eq!(
        ending.to_string(),
        "exited with status 3, leaving the terminal on the alternate screen, with the cursor hidden"
    );
    assert!(Left::default().not_restored().is_empty(), "nothing read");
    // Beside another side's, only what differs from it.
    let alternate = Left {
        alternate_screen: Some(true),
        ..Left::RESTORED
    };
    let titled = Left {
        window_title: Some("rogue".into()),
        ..alternate.clone()
    };
    assert_eq!(
        titled.unlike(&alternate),
        ["with the window title set to \"rogue\""]
    );
    assert!(alternate.unlike(&titled).is_empty());
}

#[test]
fn the_first_two_lines_and_the_last_are_kept() {
    let lines = (1..=15).map(|n| format!("line {n}  "));
    let kept = last_lines(lines);
    assert_eq!(kept.len(), MAX_LINES);
    assert_eq!(kept[..3], ["line 1", "line 2", "line 8"]);
    assert_eq!(kept.last().map(String::as_str), Some("line 15"));
}

fn exited(keys_typed: usize, code: u32) -> Stopped {
    Stopped::Exited {
        keys_typed,
        ending: Ending {
            exit: Exit::Status(code),
            left: Left::RESTORED,
            last_words: Vec::new(),
        },
    }
}

#[test]
fn ending_after_every_key_is_ending_on_the_last() {
    let on_last = Outcome::of(Some(exited(3, 0)), 3);
    assert!(matches!(on_last, Outcome::EndedOnLastKey(_)));
    assert!(on_last.clean() && on_last.stopped().is_none());
    assert_eq!(
        on_last.told(&['j', 'k', 'q']),
        "the program exited with status 0 on its last key"
    );
    // Two keys typed at once, then a third: three keys, four steps.
    let early = Outcome::of(Some(exited(4, 1)), 5);
    assert!(early.told(&['j', JOIN, 'k', 'q', 'l']).starts_with(
        "the program exited with status 1 after 3 key(s); the screens"
    ));
    let failed = Outcome::of(Some(exited(3, 1)), 3);
    assert!(!failed.clean());
    assert_eq!(failed.ending().map(|e| e.exit), Some(Exit::Status(1)));
}

#[test]
fn ending_before_the_last_key_is_stopping_early() {
    for (typed, keys) in [(2, 3), (0, 0), (0, 3)] {
        let early = Outcome::of(Some(exited(typed, 0)), keys);
        assert_eq!(early.stopped(), Some(&exited(typed, 0)), "{typed}");
        assert!(!early.clean());
    }
    let busy = Stopped::KeptDrawing {
        keys_typed: 3,
        asleep: false,
        hung: false,
    };
    assert_eq!(Outcome::of(Some(busy.clone()), 3), Outcome::Stopped(busy));
    let running = Outcome::of(None, 3);
    assert!(running.clean() && running.ending().is_none());
}

#[test]
fn outcomes_are_alike_with_the_same_last_words_and_terminal_left() {
    let worded = |words: &[&str], code| {
        Outcome::EndedOnLastKey(Ending {
            exit: Exit::Status(code),
            left: Left::RESTORED,
            last_words: words.iter().map(|w| w.to_string()).collect(),
        })
    };
    assert!(!worded(&["bye"], 0).alike(&worded(&[], 0)));
    assert!(worded(&["bye"], 0).alike(&worded(&["bye"], 0)));
    assert!(!worded(&["bye"], 0).alike(&worded(&["bye"], 1)));
    let on_console = |words: &[&str]| {
        Outcome::EndedOnLastKey(Ending {
            left: Left::default(),
            ..worded(words, 0).ending().unwrap().clone()
        })
    };
    // The console's last words are its last lines, the game's screen
    // itself: not compared, nor what cannot be read of the terminal.
    assert!(on_console(&["the map"]).alike(&worded(&[], 0)));
    let left_on = |alternate| {
        Outcome::EndedOnLastKey(Ending {
            left: Left {
                alternate_screen: Some(alternate),
                ..Left::RESTORED
            },
            ..worded(&[], 0).ending().unwrap().clone()
        })
    };
    assert!(!left_on(true).alike(&worded(&[], 0)));
    assert!(left_on(false).alike(&worded(&[], 0)));
    assert!(!worded(&[], 0).alike(&Outcome::StillRunning));
    let early = Outcome::Stopped(exited(2, 1));
    assert!(early.alike(&early) && !early.alike(&worded(&[], 1)));
    // Words after ^C (status 1) and ^\ are compared; a crash's are not.
    assert!(!worded(&["Goodbye!"], 1).alike(&worded(&[], 1)));
    let killed = |signal, words: &[&str]| Ending {
        exit: Exit::Killed(Signal(signal)),
        ..worded(words, 0).ending().unwrap().clone()
    };
    assert!(!killed(3, &["Goodbye!"]).alike(&killed(3, &[])));
    assert!(killed(11, &["at 0x7f3a"]).alike(&killed(11, &["at 0x7f3b"])));
    // Killed, a side leaves the pen it last drew with: not compared.
    let pen = |e: Ending| Ending {
        left: Left {
            pen: Some(Look {
                fg: Colour::Index(7),
                ..Left::RESTORED.pen.unwrap()
            }),
            ..e.left
        },
        ..e
    };
    assert!(pen(killed(3, &[])).alike(&killed(3, &[])));
    assert!(!pen(worded(&[], 1).ending().unwrap().clone())
        .alike(worded(&[], 1).ending().unwrap()));
}
