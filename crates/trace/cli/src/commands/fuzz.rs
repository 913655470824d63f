//! `rogue-trace fuzz`: the port against a reference program on random
//! cases; each difference found is shrunk to a smaller case that still
//! shows its cause (the machinery: [`crate::fuzz`]).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser};
use rogue_game::GameConfig;
use rogue_options::{GameArgs, Rng};

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::case::{Sides, SidesArgs, MAX_CELLS};
use crate::error::Failure;
use crate::flags::{CaptureFlags, ComparedArgs};
use crate::fuzz::campaign::{self, Config};
use crate::fuzz::walks::{alphabet, parse_size_range, Shape, SizeRange};

/// How differences are grouped and shrunk, for `fuzz --help`.
const GROUPING_HELP: &str = "Each differing case is named by its differences, as a porter would name them \
from the C's own drawing rules (a tile in sight drawn in the visible colour, a tile seen before in the \
seen colour, any other blank, the player @ last). The first difference is the first screen that \
differs, unless a side ended before it where the other did not end alike. A differing screen is named \
by every one of these it shows, the first naming it: a first screen drawn late, a blank screen after \
a resume, a row one side never draws; a player drawn with another character; the player is elsewhere \
(the @ cells differ), or a key that moves one side's player and not the other's; \
the map differs (a cell drawn on both sides, with other characters); \
a cell is seen on one side, never on the other (a tile on one side, blank on the other); \
a cell is lit on one side and only remembered on the other (the same character, \
in the visible colour on one side and the seen colour on the other), unless one side shows cells in both \
colours and the other in one only: then a colour differs, not the field of view (a port drawing \
remembered cells in the visible colour); \
a cell is drawn in other colours (the same character); \
a blank cell is drawn on another background (the same blank); \
an attribute differs (the same character and colours, bold or another attribute on one side only). \
A screen the same on both sides, its cursor not (shown on one side and hidden on the other, \
or shown at another cell), is named \"the cursor differs\"; one whose terminal rang the bell where the \
other's did not, or heard an escape sequence the emulator does not handle that the other never wrote, \
\"the terminal hears otherwise\". \
A side that, after a resize, still shows its screen before it, cut or padded to the new size, where \
the other drew the game again, \"did not draw the game again after a resize\"; one that, at ^Z, \
still shows its game where the other's terminal shows its main screen, \"did not suspend at ^Z\". \
After keys typed at once (a burst), a side whose player is where only its first keys lead, or where \
they lead played last first, the other's where all lead in order, is named \"keys typed at once: \
the port dropped some\" or \"... played them in another order\". \
Where the players stand apart, the map, the field of view and the cursor that follow from it are not \
counted, nor the players apart where each stands where the keys lead on its own side's map. Parts 0 to 2 have no field of view: a tile on one side, blank on the other, is the map's. \
A side that crashed (a signal such as SIGSEGV, a Rust, Go or Python panic) is named \"a side crashed\", \
at the key or resize it crashed at; any other that ended \"a side stopped or died\", with how each side that ended there did: \
its exit status, the signal that killed it, or that it drew nothing, kept busy or slept without \
waiting for a key (and after which key, with the bytes a special key is sent as). \
The port's first screen more than 1 s later than the reference's, or its answer to a key more than \
0.3 s later than the reference's to the same key, late again when the case is played again, is \
\"the port's first screen comes late\" or \"the port answers a key late\", named after all else. \
A case counts in the group of its first difference and in that of each other kind it met after. \
Cases of one name are one group, except that a key moving one side's player only is grouped by the side, whatever the key, and that a cell seen on one side only and a cell lit on one side \
only are one group, \"the field of view differs\" (a field of view of another radius shows the one or \
the other first). A case drawn on a screen smaller than the dungeon (100x25) is played again on a \
screen of at least 100x25 and named by what differs there, so that one bug is one group whatever the \
screen; alike there, it is \"draws outside the terminal: differs only on screens smaller than the map\"; \
a side that crashed on the small screen only keeps the crash's group, whatever differs there. \
Each group is reported once: the first case found in it, and that case shrunk. \
When more than half of the cases, and at least 5, differ from the first screen on with the player \
starting elsewhere in another dungeon (its walls and floors differ; not rooms a cell off), the summary says to check the port's seed and \
generator (rogue-trace rand). \
A smaller case is kept only while its first difference is the found case's (for a kind met after \
the first, while it shows a difference of that kind): \
typed by the same key (or both the first screen), of the same kind, each player the found case \
shows still shown. The keys are cut after it, then taken out in chunks; then the screen is made as \
small as the box holding both players and every cell that differs there at the found case's size \
(for a side that ended, both players on the screen before), if the difference is kept there at the \
same step, every one of those cells and players shown; a difference found with neither player in view \
is first played on a screen grown just enough to show one, if it is kept there. \
A case where a side drew nothing, kept busy or slept is not shrunk.";

#[derive(Args, Debug)]
#[command(after_help = GROUPING_HELP)]
pub struct FuzzArgs {
    /// How many cases to play
    #[arg(long, value_name = "N", default_value = "100", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub cases: u32,
    /// The seed of the cases (default: the current time, printed)
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Keys typed in each case, the quit key included where a case ends
    /// with it
    #[arg(long, value_name = "K", default_value = "100", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub keys_per_case: u32,
    /// The generator of every case [default: glibc or msvc, drawn for
    /// each case]
    #[arg(long, value_name = "KIND")]
    pub rng: Option<Rng>,
    /// The screen of every case, COLSxROWS, or a range COLSxROWS-COLSxROWS
    /// each case draws its columns and rows from (from 1x1 to 1000x1000)
    #[arg(long, value_name = "SIZE", default_value = "20x8-120x40", value_parser = parse_size_range)]
    pub size: SizeRange,
    /// The keys of the walks, written as --keys: each drawn at random and
    /// typed 1 to 6 times in a row (not q or \x00, which end the game; no
    /// case ends with q) [default: runs of h and l, 1 to 12 keys long, and
    /// of j and k, 1 to 4 long, the moves; one draw in 4 instead a single
    /// other key: one time in 2 a printable ASCII key but q, one in 4 a
    /// control key a terminal passes through in curses' mode (^A to ^_
    /// and DEL, but not ^C, ^\ or ^Z, which send signals, nor ^S or ^Q,
    /// which stop and start the output), one in 4 a special key (the
    /// arrows, Home, End, Page Up, Page Down, Insert, Delete, F1 to F12)
    /// sent as the terminal sends it in the mode the program set; and 1
    /// case in 4 ends with a key that ends the game: q in half of them,
    /// NUL, ^C and ^\ a sixth each (on Windows, NUL for ^C and ^\)]
    #[arg(long, value_name = "KEYS", allow_hyphen_values = true)]
    pub alphabet: Option<String>,
    /// Play every case, each difference reported once (grouped as said
    /// below), and end with a summary; else stop at the first difference
    #[arg(long)]
    pub keep_going: bool,
    /// Stop once K distinct differences (groups) are found, with the
    /// summary (plays every case until then, as --keep-going does)
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_differences: Option<u32>,
    /// Cases played side by side, each in terminals of its own; the
    /// campaign's cases, groups, files and summary are the same for any N
    /// [default: the machine's cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Play one shard of the campaign: every Nth case from case K (K from 1
    /// to N), numbered as in the whole campaign; `rogue-trace fuzz-report`
    /// merges the shards' --out folders into the whole campaign's summary
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Stop the campaign after this long (e.g. 90s, 10m, 1h 30m), with the
    /// summary of the cases finished; those under way are ended and said
    /// cut short
    #[arg(long, value_name = "TIME", value_parser = parse_time_limit)]
    pub time_limit: Option<Duration>,
    /// The part both sides play, 0 to 4, as `--port-args --part N` plays
    /// it with the built-in port: Parts 0 to 2 never seed, so their cases
    /// give no seed or generator, and neither side needs `{seed}` (nor
    /// takes --pin) [default: 4]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=4))]
    pub part: Option<u8>,
    /// Options of the built-in port's game, e.g. "--fov rays --radius 5"
    /// (each case sets its seed and generator; not with --port, whose
    /// options go in its COMMAND)
    #[arg(
        long,
        value_name = "ARGS",
        default_value = "",
        allow_hyphen_values = true,
        conflicts_with = "port"
    )]
    pub port_args: String,
    #[command(flatten)]
    pub flags: CaptureFlags,
    #[command(flatten)]
    pub sides: SidesArgs,
    #[command(flatten)]
    pub compared: ComparedArgs,
    /// Where to write the campaign's record (campaign.jsonl, read by
    /// fuzz-report) and the traces of each difference, the case found and
    /// the case shrunk (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
    pub out: PathBuf,
    /// Also write HTML reports of each difference, the case found and the
    /// case shrunk, into DIR (created if needed; no file is overwritten)
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,
    /// The reference program and its arguments (after --); `{seed}` and
    /// `{rng}` in them are replaced by each case's
    #[arg(last = true, required = true, value_name = "REFERENCE")]
    pub command: Vec<OsString>,
}

/// `--port-args`, read as the built-in port's own options.
#[derive(Parser, Debug)]
#[command(name = "--port-args", no_binary_name = true)]
struct PortArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// The built-in port's game of `--port-args`, playing `part` if given.
pub fn port_game(
    port_args: &str,
    part: Option<u8>,
) -> Result<GameConfig, Failure> {
    let mut words: Vec<String> =
        part.map_or_else(Vec::new, |n| vec!["--part".into(), n.to_string()]);
    let invalid = |e: &dyn std::fmt::Display| -> Failure {
        format!("invalid value for --port-args: {e}").into()
    };
    words.extend(shell_words::split(port_args).map_err(|e| invalid(&e))?);
    let port = PortArgs::try_parse_from(words)
        .map_err(|e| invalid(&rogue_options::one_line(&e)))?;
    let dungeon = &port.game.dungeon;
    let set = [
        (dungeon.seed.is_some(), "--seed"),
        (dungeon.rng.is_some(), "--rng"),
    ];
    if let Some((_, option)) = set.iter().find(|(given, _)| *given) {
        return Err(format!("--port-args cannot hold {option}: each case sets the seed and the generator (fuzz --rng sets one generator for every case)").into());
    }
    Ok(port.game.config(|| 0)?)
}

/// `--shard K/N`: 1 <= K <= N.
fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let parsed = text.split_once('/').and_then(|(k, n)| {
        Some((k.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?))
    });
    match parsed {
        Some((k, n)) if (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(format!(
            "'{text}' is not a shard K/N: N shards, K the one to play, from 1 to N (e.g. 2/4)"
        )),
    }
}

/// `--time-limit`: a time such as 90s, 10m or 1h 30m, more than none.
fn parse_time_limit(text: &str) -> Result<Duration, String> {
    match humantime::parse_duration(text) {
        Ok(limit) if limit > Duration::ZERO => Ok(limit),
        Ok(_) => Err("a time limit of none would play no case".into()),
        Err(e) => Err(format!(
            "'{text}' is not a time such as 90s, 10m or 1h 30m: {e}"
        )),
    }
}

/// Checks `args` and runs the campaign ([`campaign::run`]).
pub fn run(args: FuzzArgs) -> Result<u8, Failure> {
    let base = port_game(&args.port_args, args.part)?;
    let sides =
        Sides::new(&args.sides, &args.command, (base.part, &args.flags))?;
    let alphabet = alphabet(args.alphabet.as_deref())?;
    let cells = (u64::from(args.keys_per_case) + 1)
        * u64::from(args.size.max.0)
        * u64::from(args.size.max.1);
    if cells > MAX_CELLS {
        return Err(format!(
            "a case keeps both traces in memory: {} keys at up to {}x{} is {cells} cells, more than {MAX_CELLS}; give fewer --keys-per-case or a smaller --size",
            args.keys_per_case, args.size.max.0, args.size.max.1
        ).into());
    }
    let rng = match args.rng {
        Some(r) => Some(r.0),
        None => sides.platform_rng(base.part, "fuzz")?,
    };
    let now = SystemTime::now().duration_since(UNIX_EPOCH);
    let seed = args.seed.unwrap_or(now.map_or(0, |d| d.as_secs()));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.map_or(cores, |n| n as usize);
    let config = Config {
        shape: Shape {
            base,
            size: args.size,
            keys_per_case: args.keys_per_case as usize,
            alphabet,
            rng,
        },
        cases: args.cases,
        seed,
        keep_going: args.keep_going,
        max_differences: args.max_differences,
        jobs,
        shard: args.shard.unwrap_or((1, 1)),
        time_limit: args.time_limit,
        flags: args.flags,
        compared: args.compared,
        out: args.out,
        html: args.html,
    };
    campaign::run(&config, &sides)
}
