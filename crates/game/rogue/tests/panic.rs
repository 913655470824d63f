//! A panic in the middle of a game restores the terminal before its
//! message is printed, through the same restore as every other way out.
//!
//! The panic is reached without any hook in the shipped `rogue`: this test
//! runs itself in a pseudo-terminal, and there plays the game through the
//! engine's `play_with` with a terminal that panics on `!`.

#[cfg(unix)]
fn main() {
    unix::main();
}

/// Elsewhere there is no pseudo-terminal to play in.
#[cfg(not(unix))]
fn main() {
    println!("panic: needs a Unix pseudo-terminal; not run here");
}

/// The test itself.
#[cfg(unix)]
mod unix {
    use pancurses::{chtype, Input};
    use rogue_draw::Screen;
    use rogue_game::{play_game, Curses, GameConfig, Part, RngKind, Terminal};
    use rogue_testkit::{assert_restored, exit_code, screen_now, start_with};

    /// Set in the environment of the copy of this test that plays.
    const CHILD: &str = "ROGUE_PANIC_TEST_CHILD";

    /// The game's terminal, but `!` panics.
    struct PanicOnBang<'a>(&'a mut Curses);

    impl Screen for PanicOnBang<'_> {
        fn clear(&mut self) {
            self.0.clear();
        }

        fn mvaddch(&mut self, y: i32, x: i32, ch: chtype) {
            self.0.mvaddch(y, x, ch);
        }
    }

    impl Terminal for PanicOnBang<'_> {
        fn getch(&mut self) -> Option<Input> {
            let key = self.0.getch();
            if key == Some(Input::Character('!')) {
                panic!("a panic in the middle of the game");
            }
            key
        }
    }

    pub fn main() {
        if std::env::var_os(CHILD).is_some() {
            rogue_game::install_panic_hook();
            rogue_game::watch_signals().expect("signals watched");
            let config = GameConfig::new(Part::LAST, 1, RngKind::Glibc);
            rogue_game::play_with(&config, |curses, game| {
                play_game(&mut PanicOnBang(curses), game)
            });
            return;
        }
        let me = std::env::current_exe().expect("this test's path");
        let env = [(CHILD.to_string(), "1".to_string())];
        let mut session = start_with(
            me.to_str().unwrap(),
            &[],
            100,
            25,
            "screen-256color",
            &env,
        );
        screen_now(&mut session);
        session.send(b"jj!").unwrap();
        assert_eq!(exit_code(&mut session, "the panic"), 101);
        assert_restored(&session);
        assert_eq!(
            session.line_modes(),
            Some((true, true)),
            "canonical mode and echo"
        );
        let raw = String::from_utf8_lossy(session.raw_output()).to_string();
        let restored =
            raw.rfind("\x1b[?1049l").expect("the terminal is restored");
        let message = raw
            .find("a panic in the middle of the game")
            .expect("the message is shown");
        assert!(
            message > restored,
            "the message was written before the terminal was restored"
        );
        println!("panic: the terminal is restored, then the message is shown");
    }
}
