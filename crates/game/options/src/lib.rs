//! The command line, read with `clap`: any error is one line
//! ([`one_line`]) before curses starts.
//!
//! From Part 3, where `srand()` comes, `--seed` and `--rng` choose the
//! dungeon ([`SeedArgs`]): the C original seeds with the time, so a run
//! can only be played again if the seed can be given.
//!
//! The options that `rogue` and `rogue-trace` share are each defined once,
//! with their help and errors: `--part`, `--seed`, `--rng`, `--fov`,
//! `--radius` ([`GameArgs`]) and `--size` ([`SizeArg`]).

use std::sync::LazyLock;

use clap::builder::PossibleValue;
use clap::{Args, ValueEnum};
use rogue_fov_modes::FovMode;
use rogue_game::RngKind;
use rogue_game::{GameConfig, Part};

/// The options that choose the dungeon: the seed and the generator.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct SeedArgs {
    /// Build the dungeon the C original builds after srand(N) (0-4294967295)
    #[arg(
        long,
        value_name = "N",
        value_parser = parse_seed,
        allow_hyphen_values = true
    )]
    pub seed: Option<u32>,

    /// The C library whose rand() to reproduce [default: the platform's,
    /// glibc on Unix, msvc on Windows]
    #[arg(long, value_name = "KIND")]
    pub rng: Option<Rng>,
}

impl SeedArgs {
    /// The seed given, else `default_seed()` (the time, as the C original
    /// seeds), and the generator given, else the platform's.
    pub fn seed_and_rng(
        &self,
        default_seed: impl FnOnce() -> u32,
    ) -> (u32, RngKind) {
        let seed = self.seed.unwrap_or_else(default_seed);
        (seed, self.rng.map_or(RngKind::platform(), |r| r.0))
    }
}

/// The options that choose the game: part, seed, generator, field of view.
#[derive(Args, Clone, Debug, PartialEq, Eq)]
pub struct GameArgs {
    /// Play the program as it stands at the end of Part N of the tutorial
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_part)]
    pub part: Part,

    /// The seed and the generator.
    #[command(flatten)]
    pub dungeon: SeedArgs,

    /// The field of view (Part 4), after one of the tutorials; see docs/fov.md
    #[arg(long, value_name = "MODE", default_value = "tutorial", long_help = fov_help())]
    pub fov: Fov,

    /// The field of view's radius (1-100) [default: the mode's own]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(1..=100))]
    pub radius: Option<i32>,
}

impl GameArgs {
    /// The game these options ask for, the seed from `default_seed` when
    /// none is given; an error for `--fov` or `--radius` before Part 4.
    pub fn config(
        &self,
        default_seed: impl FnOnce() -> u32,
    ) -> Result<GameConfig, String> {
        let fov_given = self.fov.0 != FovMode::TUTORIAL;
        if !self.part.fov && (fov_given || self.radius.is_some()) {
            let option = if fov_given { "--fov" } else { "--radius" };
            return Err(format!(
                "{option} needs --part 4: Part {} has no field of view",
                self.part.number
            ));
        }
        let (seed, rng) = self.dungeon.seed_and_rng(default_seed);
        Ok(GameConfig {
            fov: self.fov.0,
            radius: self.radius,
            ..GameConfig::new(self.part, seed, rng)
        })
    }
}

/// `--size COLSxROWS`, the screen of a replay or a capture.
#[derive(Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeArg {
    /// The screen, columns by rows (at most 1000x1000, a trace's bound)
    #[arg(long, value_name = "COLSxROWS", default_value = "100x25", value_parser = rogue_trace_format::parse_size)]
    pub size: (u16, u16),
}

/// `--rng`: a C library's `rand()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(pub RngKind);

impl ValueEnum for Rng {
    fn value_variants<'a>() -> &'a [Self] {
        &[Rng(RngKind::Glibc), Rng(RngKind::Msvc)]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// `--fov`: a row of [`FovMode::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fov(pub FovMode);

/// Every mode, as `--fov` values.
static FOV_VALUES: LazyLock<Vec<Fov>> =
    LazyLock::new(|| FovMode::ALL.map(Fov).to_vec());

impl ValueEnum for Fov {
    fn value_variants<'a>() -> &'a [Self] {
        &FOV_VALUES
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let mode = self.0;
        let tab = match mode.tab {
            Some(true) => "; Tab turns it off and on",
            Some(false) => "; off at start, Tab turns it on and off",
            None => "",
        };
        let help =
            format!("{}, radius {}{tab}", mode.reproduces, mode.default_radius);
        Some(PossibleValue::new(mode.name).help(help))
    }
}

/// The long help of `--fov`: which modes Tab toggles, from the table.
fn fov_help() -> String {
    format!(
        "The field of view (Part 4), after one of the tutorials; see docs/fov.md. \
         Tab turns it off and on only in: {} (in the other modes Tab does nothing)",
        FovMode::tab_names().join(", ")
    )
}

/// `--part`: 0 to 4.
fn parse_part(text: &str) -> Result<Part, String> {
    text.parse::<u8>()
        .ok()
        .and_then(Part::get)
        .ok_or_else(|| "expected 0, 1, 2, 3 or 4".to_string())
}

/// `--seed`: an unsigned 32-bit integer, as `srand()` takes.
fn parse_seed(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| "expected an integer from 0 to 4294967295".to_string())
}

/// Reads the command line of `program` into `T`: `Err` with the exit
/// status when the program should stop at once, after printing help or the
/// version (0), or an error on one line on standard error (2).
pub fn parse_args<T: clap::Parser>(
    program: &str,
) -> Result<T, std::process::ExitCode> {
    T::try_parse().map_err(|e| {
        if e.use_stderr() {
            eprintln!("{program}: {}", one_line(&e));
            std::process::ExitCode::from(2)
        } else {
            let _ = e.print();
            std::process::ExitCode::SUCCESS
        }
    })
}

/// A `clap` error as one line, without the `error: ` prefix and with a
/// pointer to `--help`; help and version texts are returned as they are.
pub fn one_line(error: &clap::Error) -> String {
    let text = error.to_string();
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let joined = message.join(" ");
    let first = joined.strip_prefix("error: ").unwrap_or(&joined);
    let tip = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("tip: "))
        .map(|t| format!("; {t}"))
        .unwrap_or_default();
    format!("{first}{tip} (try --help)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        size: SizeArg,
    }

    fn parse(args: &[&str]) -> Result<Cli, String> {
        Cli::try_parse_from(std::iter::once("x").chain(args.iter().copied()))
            .map_err(|e| one_line(&e))
    }

    #[test]
    fn defaults_are_the_c_original() {
        let cli = parse(&[]).unwrap();
        let config = cli.game.config(|| 7).unwrap();
        assert_eq!(config, GameConfig::new(Part::LAST, 7, RngKind::platform()));
        assert_eq!(cli.size.size, (100, 25));
    }

    #[test]
    fn every_option_is_read() {
        let args = [
            "--part",
            "4",
            "--seed=4294967295",
            "--rng",
            "msvc",
            "--fov",
            "fog",
            "--radius",
            "12",
            "--size",
            "80x24",
        ];
        let cli = parse(&args).unwrap();
        let config = cli.game.config(|| 0).unwrap();
        assert_eq!((config.seed, config.rng), (u32::MAX, RngKind::Msvc));
        assert_eq!((config.fov, config.radius), (FovMode::FOG, Some(12)));
        assert_eq!(cli.size.size, (80, 24));
    }

    #[test]
    fn bad_values_are_one_line_naming_the_value_and_what_is_accepted() {
        let cases: [(&[&str], &str); 10] = [
            (
                &["--fov", "x-ray"],
                "invalid value 'x-ray' for '--fov <MODE>'",
            ),
            (
                &["--radius", "0"],
                "invalid value '0' for '--radius <N>': 0 is not in 1..=100",
            ),
            (
                &["--seed", "-1"],
                "invalid value '-1' for '--seed <N>': expected an integer from 0 to 4294967295",
            ),
            (
                &["--seed", "abc"],
                "expected an integer from 0 to 4294967295",
            ),
            (&["--rng", "foo"], "invalid value 'foo' for '--rng <KIND>'"),
            (
                &["--part", "9"],
                "invalid value '9' for '--part <N>': expected 0, 1, 2, 3 or 4",
            ),
            (
                &["--size", "65535x65535"],
                "is not COLSxROWS from 1x1 to 1000x1000 (e.g. 100x25)",
            ),
            (&["--size", "0x5"], "from 1x1"),
            (&["--frobnicate"], "unexpected argument '--frobnicate'"),
            (&["--seed"], "a value is required for '--seed <N>'"),
        ];
        for (args, expected) in cases {
            let err = parse(args).expect_err(&format!("{args:?}"));
            assert!(err.contains(expected), "{args:?}: {err}");
            assert!(err.ends_with("(try --help)"), "{args:?}: {err}");
            assert!(!err.contains('\n'), "{args:?}: one line");
        }
        let fov = parse(&["--fov", "x-ray"]).unwrap_err();
        for mode in FovMode::ALL {
            assert!(fov.contains(mode.name), "{fov}");
        }
    }

    #[test]
    fn the_field_of_view_is_refused_before_part_4() {
        for args in [
            &["--part", "3", "--fov", "rays"][..],
            &["--part", "0", "--radius", "3"],
        ] {
            let cli = parse(args).unwrap();
            let err = cli.game.config(|| 0).unwrap_err();
            assert!(err.contains("needs --part 4"), "{err}");
        }
        assert!(parse(&["--part", "3"]).unwrap().game.config(|| 0).is_ok());
    }

    #[test]
    fn help_names_every_mode_and_which_toggle() {
        use clap::CommandFactory;
        let help = Cli::command().render_long_help().to_string();
        for mode in FovMode::ALL {
            assert!(help.contains(mode.name), "{help}");
        }
        assert!(
            help.contains("Tab turns it off and on only in: radius"),
            "{help}"
        );
    }
}
