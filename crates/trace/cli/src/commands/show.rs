//! `rogue-trace show`: a recorded screen printed, or drawn as SVG or HTML.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use rogue_trace_format::{show, Trace};

use crate::error::Failure;
use crate::flags::ForceArg;
use crate::io_util::{read_trace, Output};

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The trace
    file: PathBuf,
    /// The step to show (default: the last)
    #[arg(long, value_name = "N")]
    step: Option<usize>,
    /// Draw the screen as a standalone SVG picture
    #[arg(long, conflicts_with = "html")]
    svg: bool,
    /// Draw the screen as a standalone HTML page
    #[arg(long)]
    html: bool,
    /// Write to FILE (default: standard output); an existing file is
    /// replaced only with --force
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    force: ForceArg,
}

/// Prints or draws the step asked for.
pub fn run(args: ShowArgs) -> Result<u8, Failure> {
    let trace: Trace = read_trace(&args.file)?;
    let name = args.file.display();
    let (Some(first), Some(last)) = (trace.steps.first(), trace.steps.last())
    else {
        return Err(format!("'{name}' has no steps").into());
    };
    let n = args.step.unwrap_or(last.number);
    let step = trace.steps.iter().find(|s| s.number == n).ok_or_else(|| {
        let numbers: Vec<String> =
            trace.steps.iter().map(|s| s.number.to_string()).collect();
        let has = if trace.is_sparse() {
            format!("steps {}", numbers.join(" and "))
        } else {
            format!("steps {} to {}", first.number, last.number)
        };
        format!("invalid value '{n}' for --step: the trace has {has}")
    })?;
    let text = if args.svg {
        show::svg(&trace, step)
    } else if args.html {
        show::html(&trace, step)
    } else {
        let colour = args.out.is_none() && io::stdout().is_terminal();
        show::render(&trace, step, colour)
    };
    let mut out = Output::create(args.out.as_deref(), args.force.force)?;
    out.write_all(text.as_bytes()).map_err(|e| out.error(e))?;
    out.finish()?;
    Ok(0)
}
