//! The command line of `rogue`, read before curses starts.

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use log::LevelFilter;
use rogue_crand::RngKind;
use rogue_engine::Part;
use rogue_fov::FovMode;

/// The usage text of `--help`.
pub const HELP: &str = "\
rogue: the C roguelike tutorial's game, in Rust

Usage: rogue [OPTIONS]

Options:
  --part N           play the program as it stands at the end of Part N (0-4, default 4)
  --seed N           build the dungeon the C original builds after srand(N)
                     (0-4294967295; default: the current Unix time, as the C does)
  --rng KIND         the C library rand() to reproduce: glibc or msvc
                     (default: the platform's, glibc on Unix, msvc on Windows)
  --fov MODE         the field of view: tutorial (the C original's, default), symmetric,
                     restrictive, rays, fog, lines or radius; see docs/fov.md.
                     Tab turns the field of view off and on in radius mode only
                     (it starts off there); in every other mode Tab does nothing
  --radius N         the field of view's radius (1-100; default: the mode's own)
  --log FILE         write a log to FILE (the seed and generator at info, so a run can be replayed)
  --log-level LEVEL  error, warn, info (default), debug (each key and move) or trace
  -h, --help         print this help
  -V, --version      print the version

Keys: h left, j down, k up, l right, q quit.
";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play.
    Play(Options),
    /// Print the help.
    Help,
    /// Print the version.
    Version,
}

/// The options of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The part to play.
    pub part: Part,
    /// `--seed`, or `None` for the current time.
    pub seed: Option<u32>,
    /// The generator.
    pub rng: RngKind,
    /// `--fov`.
    pub fov: FovMode,
    /// `--radius`.
    pub radius: Option<i32>,
    /// `--log`.
    pub log: Option<PathBuf>,
    /// `--log-level`.
    pub log_level: LevelFilter,
}

/// A command line that cannot be run, with the one line that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<lexopt::Error> for CliError {
    fn from(e: lexopt::Error) -> Self {
        let message = match e {
            lexopt::Error::MissingValue {
                option: Some(option),
            } => {
                format!("missing value for '{option}'")
            }
            lexopt::Error::UnexpectedOption(option) => format!("unknown option '{option}'"),
            lexopt::Error::UnexpectedArgument(arg) => {
                format!("unexpected argument '{}'", arg.to_string_lossy())
            }
            other => other.to_string(),
        };
        CliError(format!("{message} (try --help)"))
    }
}

/// Reads the arguments (without the program name).
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, CliError> {
    use lexopt::prelude::*;
    let mut parser = lexopt::Parser::from_args(args);
    let mut options = Options {
        part: Part::LAST,
        seed: None,
        rng: RngKind::platform(),
        fov: FovMode::TUTORIAL,
        radius: None,
        log: None,
        log_level: LevelFilter::Info,
    };
    while let Some(arg) = parser.next()? {
        match arg {
            Long("part") => options.part = parse_part(&value_of(&mut parser, "--part")?)?,
            Long("seed") => options.seed = Some(parse_seed(&value_of(&mut parser, "--seed")?)?),
            Long("rng") => options.rng = parse_rng(&value_of(&mut parser, "--rng")?)?,
            Long("fov") => options.fov = parse_fov(&value_of(&mut parser, "--fov")?)?,
            Long("radius") => {
                options.radius = Some(parse_radius(&value_of(&mut parser, "--radius")?)?)
            }
            Long("log") => options.log = Some(parser.value()?.into()),
            Long("log-level") => {
                options.log_level = parse_level(&value_of(&mut parser, "--log-level")?)?
            }
            Short('h') | Long("help") => return Ok(Command::Help),
            Short('V') | Long("version") => return Ok(Command::Version),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(Command::Play(options))
}

/// The next value, as text.
fn value_of(parser: &mut lexopt::Parser, flag: &str) -> Result<String, CliError> {
    let value = parser.value()?;
    value
        .into_string()
        .map_err(|v| CliError(format!("invalid value {v:?} for {flag}: not valid text")))
}

/// `--part`: 0 to 4.
pub fn parse_part(text: &str) -> Result<Part, CliError> {
    text.parse::<u8>().ok().and_then(Part::get).ok_or_else(|| {
        CliError(format!(
            "invalid value '{text}' for --part: expected 0, 1, 2, 3 or 4"
        ))
    })
}

/// `--seed`: an unsigned 32-bit integer, as `srand()` takes.
pub fn parse_seed(text: &str) -> Result<u32, CliError> {
    text.parse::<u32>().map_err(|_| {
        CliError(format!(
            "invalid value '{text}' for --seed: expected an integer from 0 to 4294967295"
        ))
    })
}

/// `--rng`: glibc or msvc.
pub fn parse_rng(text: &str) -> Result<RngKind, CliError> {
    text.parse::<RngKind>().map_err(|_| {
        CliError(format!(
            "invalid value '{text}' for --rng: expected glibc or msvc"
        ))
    })
}

/// `--fov`: a field-of-view mode.
pub fn parse_fov(text: &str) -> Result<FovMode, CliError> {
    text.parse::<FovMode>().map_err(|_| {
        CliError(format!(
            "invalid value '{text}' for --fov: expected {}",
            FovMode::names()
        ))
    })
}

/// `--radius`: 1 to 100.
pub fn parse_radius(text: &str) -> Result<i32, CliError> {
    match text.parse::<i32>() {
        Ok(r) if (1..=100).contains(&r) => Ok(r),
        _ => Err(CliError(format!(
            "invalid value '{text}' for --radius: expected an integer from 1 to 100"
        ))),
    }
}

/// `--log-level`: a `log` level name.
pub fn parse_level(text: &str) -> Result<LevelFilter, CliError> {
    match text.parse::<LevelFilter>() {
        Ok(level) if level != LevelFilter::Off => Ok(level),
        _ => Err(CliError(format!(
            "invalid value '{text}' for --log-level: expected error, warn, info, debug or trace"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Command, CliError> {
        parse(args.iter().map(OsString::from))
    }

    fn options(args: &[&str]) -> Options {
        match run(args) {
            Ok(Command::Play(o)) => o,
            other => panic!("{args:?} gave {other:?}"),
        }
    }

    #[test]
    fn defaults_are_the_c_original() {
        let o = options(&[]);
        assert_eq!(o.part, Part::LAST);
        assert_eq!(o.seed, None);
        assert_eq!(o.rng, RngKind::platform());
        assert_eq!(o.log, None);
        assert_eq!(o.log_level, LevelFilter::Info);
        assert_eq!((o.fov, o.radius), (FovMode::TUTORIAL, None));
    }

    #[test]
    fn every_option_is_read() {
        let o = options(&[
            "--part",
            "2",
            "--seed=4294967295",
            "--rng",
            "msvc",
            "--log",
            "x.log",
            "--log-level",
            "debug",
            "--fov",
            "fog",
            "--radius",
            "12",
        ]);
        assert_eq!(o.fov, FovMode::FOG);
        assert_eq!(o.radius, Some(12));
        assert_eq!(o.part.number, 2);
        assert_eq!(o.seed, Some(u32::MAX));
        assert_eq!(o.rng, RngKind::Msvc);
        assert_eq!(o.log, Some(PathBuf::from("x.log")));
        assert_eq!(o.log_level, LevelFilter::Debug);
    }

    #[test]
    fn help_and_version() {
        assert_eq!(run(&["--help"]), Ok(Command::Help));
        assert_eq!(run(&["-h"]), Ok(Command::Help));
        assert_eq!(run(&["--version"]), Ok(Command::Version));
        assert_eq!(run(&["-V"]), Ok(Command::Version));
    }

    #[test]
    fn bad_values_name_the_value_and_what_is_accepted() {
        let cases: [(&[&str], &str); 10] = [
            (&["--fov", "x-ray"], "invalid value 'x-ray' for --fov: expected tutorial, symmetric, restrictive, rays, fog, lines or radius"),
            (&["--radius", "0"], "invalid value '0' for --radius: expected an integer from 1 to 100"),
            (
                &["--seed", "-1"],
                "invalid value '-1' for --seed: expected an integer from 0 to 4294967295",
            ),
            (
                &["--seed", "99999999999"],
                "invalid value '99999999999' for --seed",
            ),
            (&["--seed", "abc"], "invalid value 'abc' for --seed"),
            (
                &["--rng", "foo"],
                "invalid value 'foo' for --rng: expected glibc or msvc",
            ),
            (
                &["--part", "9"],
                "invalid value '9' for --part: expected 0, 1, 2, 3 or 4",
            ),
            (
                &["--log-level", "loud"],
                "invalid value 'loud' for --log-level",
            ),
            (&["--frobnicate"], "unknown option '--frobnicate'"),
            (&["--seed"], "missing value for '--seed'"),
        ];
        for (args, expected) in cases {
            let err = run(args).expect_err(&format!("{args:?}"));
            assert!(err.0.contains(expected), "{args:?}: {}", err.0);
            assert!(!err.0.contains('\n'), "{args:?}: one line");
        }
    }
}
