//! `rogue-trace man [COMMAND]`: the manual page (roff) of rogue-trace, or
//! of one of its commands, written from their definitions.

use clap::{Args, CommandFactory};
use clap_mangen::Man;

use crate::error::Failure;
use crate::io_util::Output;

/// The options of `rogue-trace man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// The command whose page to print, rogue-trace-COMMAND(1); without
    /// one, rogue-trace(1)
    #[arg(value_name = "COMMAND")]
    command: Option<String>,
}

/// Prints the page on standard output.
pub fn run(args: ManArgs) -> Result<u8, Failure> {
    let mut cli = crate::Cli::command().disable_help_subcommand(true);
    cli.build();
    let command = match &args.command {
        None => cli,
        Some(name) => cli.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> =
                cli.get_subcommands().map(|c| c.get_name()).collect();
            Failure::from(format!(
                "no command '{name}': one of {}",
                names.join(", ")
            ))
        })?,
    };
    let mut out = Output::create(None, false)?;
    Man::new(command)
        .source(concat!("rogue-trace ", env!("CARGO_PKG_VERSION")))
        .render(&mut out)
        .map_err(|e| out.error(e))?;
    out.finish().map(|()| 0)
}
