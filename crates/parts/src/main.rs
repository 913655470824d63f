//! `rogue-parts`: writes one part of the tutorial as a Cargo project of
//! its own (`make part PART=N OUT=DIR`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// rogue-parts: one part of the C tutorial, in Rust, as a project of its own
#[derive(Parser, Debug)]
#[command(name = "rogue-parts", bin_name = "rogue-parts", version)]
struct Cli {
    /// The part to write, 0 to 4
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=4))]
    part: u8,

    /// The folder to write it to; it must not exist yet
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

fn main() -> ExitCode {
    let cli: Cli = match rogue_options::parse_args("rogue-parts") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    match rogue_parts::export(&root, cli.part, &cli.out) {
        Ok(files) => {
            println!(
                "Part {} written to {} ({} files). Play it with:\n  cd {} && cargo run --release",
                cli.part,
                cli.out.display(),
                files.len(),
                cli.out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("rogue-parts: {e}");
            ExitCode::from(2)
        }
    }
}
