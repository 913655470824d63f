//! `rogue-trace completions SHELL`: the shell's completion script for
//! every command and option, written from their definitions.

use std::io::Write;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::error::Failure;
use crate::io_util::Output;

/// The options of `rogue-trace completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell whose script to print
    #[arg(value_name = "SHELL")]
    shell: Shell,
}

/// Prints the script on standard output.
pub fn run(args: CompletionsArgs) -> Result<u8, Failure> {
    let mut script = Vec::new();
    clap_complete::generate(
        args.shell,
        &mut crate::Cli::command(),
        "rogue-trace",
        &mut script,
    );
    let mut out = Output::create(None, false)?;
    out.write_all(&script).map_err(|e| out.error(e))?;
    out.finish().map(|()| 0)
}
