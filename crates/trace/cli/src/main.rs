//! `rogue-trace`: record, replay, compare and fuzz screen traces; a thin
//! command line over `rogue-trace-format`, `rogue-replay` and `rogue-capture`.

mod case;
mod commands;
mod compared;
mod coverage;
mod error;
mod flags;
mod fuzz;
mod io_util;
mod stderr;
mod verdict;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::{Parser, Subcommand};

use error::Failure;

use commands::{
    capture, compare, completions, diff, fuzz as fuzz_command, fuzz_report,
    man, rand, replay, show,
};

/// Record, replay, compare and fuzz screen traces of a port of the C roguelike tutorial against the C original
#[derive(Parser, Debug)]
#[command(name = "rogue-trace", bin_name = "rogue-trace", version, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The help's end: how keys are written, and a closed output.
const AFTER_HELP: &str = "KEYS are written as in a trace's header: plain characters, with \\\\, \\n, \\x00, \\u00e9 ... for the others. A keys file holds the same, its final newline ignored.

A command whose output is closed before it ends (its reader, such as head, stopped reading) ends at once and quietly, with exit status 0, and ends the programs it started; a fuzz campaign stopped by ^C or SIGTERM exits 130 all the same.";

#[derive(Subcommand, Debug)]
enum Command {
    /// Run a program in a pseudo-terminal, type keys one at a time, and
    /// record the screen after each has settled
    Capture(capture::CaptureArgs),
    /// Play the port headless and record every step
    Replay(replay::ReplayArgs),
    /// Compare two traces: exit 0 if identical, 1 if they differ, 2 if a
    /// file cannot be read
    Diff(diff::DiffArgs),
    /// Print a recorded screen, or draw it as an SVG or HTML picture
    Show(show::ShowArgs),
    /// Play a reference program and the port (the built-in one, or your
    /// program with --port) on the same seed, size and keys, both at once,
    /// and compare: exit 0 if identical, 1 if not (or if both stop before
    /// their last key, or show blank screens only)
    Compare(compare::CompareArgs),
    /// Compare the port (the built-in one, or your program with --port)
    /// with a reference program on random seeds, sizes and walks; shrink
    /// each difference to a smaller case that still shows it
    Fuzz(fuzz_command::FuzzArgs),
    /// Merge the --out folders of a campaign's shards (fuzz --shard K/N)
    /// into the summary the whole campaign prints: exit 0 if every case
    /// was identical, 1 if not, 2 if they are not one campaign's
    FuzzReport(fuzz_report::FuzzReportArgs),
    /// Print the C library's rand() values after srand(N), one a line, to
    /// check a port's generator against
    Rand(rand::RandArgs),
    /// Print the completion script of a shell (bash, zsh, fish, elvish,
    /// powershell) for rogue-trace's commands and options
    Completions(completions::CompletionsArgs),
    /// Print the manual page of rogue-trace, or of one of its commands,
    /// as roff (`rogue-trace man diff | man -l -`)
    Man(man::ManArgs),
}

fn main() -> ExitCode {
    // On Windows, each capture's program runs on a console of its own,
    // hosted by a copy of rogue-trace started for it.
    #[cfg(windows)]
    rogue_capture::console::serve_if_asked();
    let standard = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        said_on_one_line(info);
        // With RUST_BACKTRACE, the standard message and its backtrace too.
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            standard(info);
        }
    }));
    let cli: Cli = match rogue_options::parse_args("rogue-trace") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let result = match cli.command {
        Command::Capture(args) => capture::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Show(args) => show::run(args),
        Command::Compare(args) => compare::run(args),
        Command::Fuzz(args) => fuzz_command::run(args),
        Command::FuzzReport(args) => fuzz_report::run(args),
        Command::Rand(args) => rand::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure(message, code)) => {
            // A closed output's says nothing; nor a failure a panic, said
            // already, brought about.
            if !message.is_empty() && !PANICKED.load(Ordering::SeqCst) {
                let _ = writeln!(io::stderr(), "rogue-trace: {message}");
            }
            ExitCode::from(code)
        }
    }
}

/// Whether a thread panicked.
static PANICKED: AtomicBool = AtomicBool::new(false);

/// A panic, on any thread, said once on one line; every capture ended.
fn said_on_one_line(info: &std::panic::PanicHookInfo) {
    rogue_capture::cancel::end_every_capture();
    if !PANICKED.swap(true, Ordering::SeqCst) {
        let said = info.to_string().replace('\n', " ");
        let _ = writeln!(io::stderr(), "rogue-trace: internal error: {said}");
    }
}
