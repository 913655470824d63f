//! `rogue-trace diff`: two traces compared, step by step and cell by cell.

use std::path::PathBuf;

use clap::Args;
use rogue_trace_format::diff::diff;
use rogue_trace_format::report;

use crate::error::Failure;
use crate::flags::{ComparedArgs, ForceArg, HtmlArg};
use crate::io_util::{out, outln, read_trace, write_report};

#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The first trace
    a: PathBuf,
    /// The second trace
    b: PathBuf,
    /// Show every differing step, not only the first
    #[arg(long)]
    all: bool,
    /// Compare the screens only, not the headers (seed, keys, ...)
    #[arg(long)]
    screens_only: bool,
    #[command(flatten)]
    compared: ComparedArgs,
    /// Print one line only, for scripts
    #[arg(long)]
    brief: bool,
    #[command(flatten)]
    html: HtmlArg,
    #[command(flatten)]
    force: ForceArg,
}

/// Compares the two traces: exit status 0 if identical, 1 if not.
pub fn run(args: DiffArgs) -> Result<u8, Failure> {
    let (a, b) = (read_trace(&args.a)?, read_trace(&args.b)?);
    let options = args.compared.options(args.screens_only, args.all);
    let report = diff(&a, &b, options);
    if let Some(path) = &args.html.html {
        let mut command = vec!["rogue-trace".to_string(), "diff".into()];
        command.extend([&args.a, &args.b].map(|p| p.display().to_string()));
        if args.screens_only {
            command.push("--screens-only".into());
        }
        command.extend(args.compared.words());
        let (name_a, name_b) =
            (args.a.display().to_string(), args.b.display().to_string());
        write_report(
            path,
            args.force.force,
            report::Side {
                name: &name_a,
                trace: &a,
            },
            report::Side {
                name: &name_b,
                trace: &b,
            },
            &report,
            &[shell_words::join(command)],
        )?;
    }
    if args.brief {
        outln!("{}", report.line)?;
    } else {
        outln!("A: {}\nB: {}", args.a.display(), args.b.display())?;
        out!("{}", report.text)?;
    }
    Ok(if report.identical { 0 } else { 1 })
}
