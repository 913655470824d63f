//! `rogue-docs-check`: what `docs/` shows is what the project is.
//!
//! Every part page is replayed step by step into its part (see
//! [`replay`]), and every generated block of every page (see [`page`]) is
//! generated again and compared: the items shown from the sources, the
//! pictures of screens, the figures printed by examples, the report. `make
//! test` runs it; `rogue-docs-check --write` writes the blocks and
//! pictures anew. It also checks that `docs/index.md` and
//! `docs/SUMMARY.md` (the book's contents) link every page, and, given
//! `C_REPO=<git dir>` (a clone of the C tutorial's repository), that every
//! link into the C tutorial's branches points at what it names (see
//! [`c_links`]). The workflows pages walk through run as written (see
//! [`workflow`]), a part page's on the reader's program of the part and,
//! given the C's, on the C's (see [`part_run`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use std::io::{Read, Write};

use clap::{Parser, Subcommand};
use rogue_options::{GameArgs, SizeArg};

mod book;
mod c_links;
mod notes;
mod page;
mod part_run;
mod replay;
mod snippet;
mod workflow;

/// rogue-docs-check: what docs/ shows is what the project is
#[derive(Parser, Debug)]
#[command(name = "rogue-docs-check", bin_name = "rogue-docs-check")]
struct Cli {
    /// Write the generated blocks and pictures anew, instead of checking
    /// them
    #[arg(long)]
    write: bool,

    /// Replay only this part page, saying each step, then run its
    /// workflow blocks
    #[arg(long, value_name = "PAGE", conflicts_with = "write")]
    page: Option<PathBuf>,

    #[command(subcommand)]
    command: Option<Tool>,
}

/// What else it does.
#[derive(Subcommand, Debug)]
enum Tool {
    /// The mdBook preprocessor of docs/book.toml: reads the book (JSON) on
    /// standard input, writes it back with a caption above each step and
    /// each part page's files at its end
    Book {
        #[command(subcommand)]
        supports: Option<Supports>,
    },
}

/// mdBook's question to a preprocessor.
#[derive(Subcommand, Debug)]
enum Supports {
    /// Exits 0 if the preprocessor works for RENDERER (only `html`)
    Supports {
        /// The renderer mdBook asks about
        renderer: String,
    },
}

use page::{check_page, Sources};

/// The arguments of a screen marker: a replay.
#[derive(Parser, Debug)]
#[command(no_binary_name = true)]
struct ScreenArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    size: SizeArg,
    /// The keys typed.
    #[arg(long, default_value = "")]
    keys: String,
}

fn main() -> ExitCode {
    let cli: Cli = match rogue_options::parse_args("rogue-docs-check") {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..");
    match cli.command {
        Some(Tool::Book {
            supports: Some(Supports::Supports { renderer }),
        }) => {
            return if renderer == "html" {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
        }
        Some(Tool::Book { supports: None }) => return preprocess(),
        None => {}
    }
    if let Some(page) = cli.page {
        return replay_one(&root, &page);
    }
    match run(&root, cli.write) {
        Ok(count) => {
            println!(
                "docs check: {count} generated block(s) match the project"
            );
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in &problems {
                eprintln!("docs check: {p}");
            }
            eprintln!(
                "docs check: {} problem(s); `cargo run -p rogue-docs-check -- --write` generates the blocks again",
                problems.len()
            );
            ExitCode::FAILURE
        }
    }
}

/// `book`, as mdBook runs it: `[context, book]` as JSON on standard
/// input, the book with its part pages rendered (see [`book`]) on
/// standard output.
fn preprocess() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("rogue-docs-check book: standard input: {e}");
        return ExitCode::from(2);
    }
    let mut book = match serde_json::from_str::<serde_json::Value>(&input) {
        Ok(serde_json::Value::Array(mut pair)) if pair.len() == 2 => {
            pair.swap_remove(1)
        }
        Ok(_) => {
            eprintln!(
                "rogue-docs-check book: standard input is not mdBook's [context, book]"
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("rogue-docs-check book: standard input: {e}");
            return ExitCode::from(2);
        }
    };
    let part = |path: &str| part_of(Path::new(path));
    if let Err(problems) = book::render_book(&mut book, &part) {
        for p in problems {
            eprintln!("rogue-docs-check book: docs/{p}");
        }
        return ExitCode::FAILURE;
    }
    let mut out = std::io::stdout().lock();
    let written = serde_json::to_writer(&mut out, &book)
        .map_err(|e| e.to_string())
        .and_then(|()| out.flush().map_err(|e| e.to_string()));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rogue-docs-check book: standard output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Where pages are replayed: a folder of `target`, and its own target
/// folder for the builds, kept from one run to the next.
fn scratch(root: &Path) -> PathBuf {
    root.join("target/docs-replay")
}

/// `--page PAGE`: replays one part page, step by step, saying each.
fn replay_one(root: &Path, page: &Path) -> ExitCode {
    let Some(part) = part_of(page) else {
        eprintln!("docs check: {} is not a part page", page.display());
        return ExitCode::from(2);
    };
    let text = match fs::read_to_string(page) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("docs check: {}: {e}", page.display());
            return ExitCode::from(2);
        }
    };
    let name = page.display().to_string();
    let mut problems =
        match replay_page(root, part, &text, &name, &mut |l| println!("{l}")) {
            Ok(count) => {
                println!("{name}: {count} steps replayed into Part {part}");
                Vec::new()
            }
            Err(problems) => problems,
        };
    if problems.is_empty() && text.contains("<!-- run") {
        let ran = workflows(root, page, &name, &text, &mut None);
        problems.extend(
            ran.problems
                .iter()
                .chain(&ran.stale)
                .map(|p| format!("{name}: {p}")),
        );
    }
    for p in &problems {
        eprintln!("docs check: {p}");
    }
    if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Replays a part page into its part; the number of steps.
fn replay_page(
    root: &Path,
    part: u8,
    text: &str,
    name: &str,
    log: &mut dyn FnMut(&str),
) -> Result<usize, Vec<String>> {
    let with_name = |ps: Vec<String>| {
        ps.into_iter()
            .map(|p| format!("{name}: {p}"))
            .collect::<Vec<_>>()
    };
    let steps = notes::steps(text).map_err(with_name)?;
    replay::replay(root, part, &steps, &scratch(root), &mut |l| {
        log(&format!("{name}: {l}"))
    })
    .map_err(with_name)?;
    Ok(steps.len())
}

/// The replay of a marker's arguments (`what` names the marker in
/// errors).
fn replay_of(
    what: &str,
    args: &str,
) -> Result<rogue_trace_format::Trace, String> {
    let words = shell_words::split(args)
        .map_err(|e| format!("{what} `{args}`: {e}"))?;
    let parsed = ScreenArgs::try_parse_from(words).map_err(|e| {
        format!("{what} `{args}`: {}", rogue_options::one_line(&e))
    })?;
    let config = parsed.game.config(|| 0)?;
    let keys = rogue_trace_format::unescape_keys(&parsed.keys)?;
    let (cols, rows) = parsed.size.size;
    Ok(rogue_replay::replay(&config, cols, rows, &keys))
}

/// The last screen of a replay: its picture and its characters.
fn screen(args: &str) -> Result<(String, String), String> {
    let trace = replay_of("screen", args)?;
    let last = trace
        .steps
        .last()
        .ok_or_else(|| format!("screen `{args}`: no step"))?;
    let text: Vec<&str> = last.text.iter().map(|r| r.trim_end()).collect();
    Ok((rogue_trace_format::show::svg(&trace, last), text.join("\n")))
}

/// The HTML report of the replays of `a` and `b` (replay arguments, as a
/// screen marker takes them).
fn report(a: &str, b: &str) -> Result<String, String> {
    let (trace_a, trace_b) = (replay_of("report", a)?, replay_of("report", b)?);
    let found = rogue_trace_format::diff::diff(
        &trace_a,
        &trace_b,
        rogue_trace_format::diff::DiffOptions::default(),
    );
    let commands = [
        format!("rogue-trace replay {a} --out a.trace"),
        format!("rogue-trace replay {b} --out b.trace"),
        "rogue-trace diff a.trace b.trace --html report.html".to_string(),
    ];
    let side = |name, trace| rogue_trace_format::report::Side { name, trace };
    Ok(rogue_trace_format::report::html(
        side("a.trace", &trace_a),
        side("b.trace", &trace_b),
        &found,
        &commands,
    ))
}

/// What a command prints, run from the project's root.
fn output(root: &Path, command: &str) -> Result<String, String> {
    let words =
        shell_words::split(command).map_err(|e| format!("`{command}`: {e}"))?;
    let (program, args) = words.split_first().ok_or("an empty command")?;
    let out = Command::new(program)
        .args(args)
        .current_dir(root)
        .output()
        .map_err(|e| format!("`{command}`: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`{command}` failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The folder of the programs a page's workflows run (`rogue`,
/// `rogue-trace`, `rogue-main`), built once, the first time a page asks.
fn workflow_bin(
    root: &Path,
    built: &mut Option<PathBuf>,
) -> Result<PathBuf, String> {
    if let Some(bin) = built {
        return Ok(bin.clone());
    }
    let status = Command::new(
        std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()),
    )
    .args([
        "build",
        "-q",
        "-p",
        "rogue",
        "-p",
        "rogue-trace",
        "-p",
        "rogue-main",
    ])
    .current_dir(root)
    .status()
    .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err(format!(
            "cargo build of the workflows' programs: {status}"
        ));
    }
    let bin = fs::canonicalize(root.join("target/debug"))
        .map_err(|e| format!("target/debug: {e}"))?;
    *built = Some(bin.clone());
    Ok(bin)
}

/// Runs a page's workflow blocks (see [`workflow`], and [`part_run`] for a
/// part page's), saying how many ran and how long they took, and each
/// block skipped, and why.
fn workflows(
    root: &Path,
    page: &Path,
    name: &str,
    text: &str,
    built: &mut Option<PathBuf>,
) -> workflow::Ran {
    let bin = match workflow_bin(root, built) {
        Ok(bin) => bin,
        Err(e) => {
            return workflow::Ran {
                problems: vec![e],
                ..Default::default()
            }
        }
    };
    let start = std::time::Instant::now();
    let stem = page.file_stem().and_then(|s| s.to_str()).unwrap_or("page");
    let original = std::env::var_os("ROGUE_C_ORIGINAL").map(PathBuf::from);
    let ran = match part_of(page) {
        Some(part) => {
            let repo = std::env::var_os("C_REPO").map(PathBuf::from);
            let c = part_run::CSources {
                repo: repo.as_deref(),
                original: original.as_deref(),
            };
            let run = root.join("target/docs-run").join(stem);
            let target = scratch(root).join("target");
            part_run::run_part_page(
                root,
                (part, text),
                (&run, &target),
                &bin,
                &c,
            )
        }
        None => workflow::run_page(root, stem, text, &bin, original.as_deref()),
    };
    if ran.ran > 0 {
        println!(
            "docs check: {name}: {} workflow block(s) run in target/docs-run/{stem} ({:.1} s)",
            ran.ran,
            start.elapsed().as_secs_f64()
        );
    }
    for skip in &ran.skipped {
        println!(
            "docs check: {name}: line {}: workflow block skipped: {}",
            skip.line, skip.why
        );
    }
    ran
}

/// The part a page shows: `part-0N.md` is Part N; any other page shows
/// the game's sources.
fn part_of(page: &Path) -> Option<u8> {
    let name = page
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    name.strip_prefix("part-0")
        .and_then(|rest| rest.strip_suffix(".md"))
        .and_then(|n| n.parse().ok())
}

/// Checks (or writes) every page of `docs/`; the number of generated
/// blocks, or every problem found.
fn run(root: &Path, write: bool) -> Result<usize, Vec<String>> {
    let docs = root.join("docs");
    let mut pages: Vec<PathBuf> = fs::read_dir(&docs)
        .map_err(|e| vec![format!("docs/: {e}")])?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    let read = |path: &str| {
        fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))
    };
    let run_command = |command: &str| output(root, command);
    let file = |path: &str| fs::read_to_string(docs.join(path)).ok();
    let sources = Sources {
        read: &read,
        screen: &screen,
        output: &run_command,
        report: &report,
        file: &file,
    };
    let mut count = 0;
    let mut problems = Vec::new();
    let mut built = None;
    for page in &pages {
        let name = page
            .strip_prefix(root)
            .unwrap_or(page)
            .display()
            .to_string();
        let text = fs::read_to_string(page)
            .map_err(|e| vec![format!("{name}: {e}")])?;
        let outcome = check_page(&text, &sources);
        count += outcome.blocks;
        if write {
            for (path, content) in &outcome.files {
                let target = docs.join(path);
                let _ = fs::create_dir_all(target.parent().unwrap_or(&docs));
                fs::write(&target, content)
                    .map_err(|e| vec![format!("{path}: {e}")])?;
            }
            if outcome.text != text {
                fs::write(page, &outcome.text)
                    .map_err(|e| vec![format!("{name}: {e}")])?;
            }
        } else {
            problems
                .extend(outcome.stale.iter().map(|p| format!("{name}: {p}")));
        }
        problems
            .extend(outcome.problems.iter().map(|p| format!("{name}: {p}")));
        if let Some(repo) = std::env::var_os("C_REPO") {
            problems.extend(c_links::check(&text, &name, Path::new(&repo)));
        }
        if let Some(part) = part_of(page) {
            // As the book shows it: every note read, the files listed.
            if let Err(found) = book::render(&text, part) {
                problems.extend(found.iter().map(|p| format!("{name}: {p}")));
            }
        }
        if let Some(part) = part_of(page).filter(|_| !write) {
            if text.contains("<!-- step: ") {
                match replay_page(root, part, &text, &name, &mut |_| {}) {
                    Ok(count) => println!(
                        "docs check: {name}: {count} steps replayed into Part {part}"
                    ),
                    Err(found) => problems.extend(found),
                }
            }
        }
        let runs = text.contains("<!-- run");
        if runs && (!write || text.contains("<!-- run-output -->")) {
            let ran = workflows(root, page, &name, &text, &mut built);
            let named = |p: &String| format!("{name}: {p}");
            problems.extend(ran.problems.iter().map(named));
            if !write {
                problems.extend(ran.stale.iter().map(named));
            } else if !ran.stale.is_empty() {
                let mended =
                    workflow::with_outputs(&outcome.text, &ran.printed);
                fs::write(page, mended)
                    .map_err(|e| vec![format!("{name}: {e}")])?;
            }
        }
    }
    match std::env::var_os("C_REPO") {
        Some(repo) => println!(
            "docs check: C links checked against {}",
            Path::new(&repo).display()
        ),
        None => println!(
            "docs check: C links not checked (C_REPO=<git dir of a clone of \
             the C tutorial> checks them)"
        ),
    }
    for contents in ["index.md", "SUMMARY.md"] {
        let text = fs::read_to_string(docs.join(contents)).unwrap_or_default();
        for page in &pages {
            let page = page
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            let itself = page == contents || page == "SUMMARY.md";
            if !itself && !text.contains(&format!("]({page})")) {
                problems.push(format!("docs/{contents}: no link to {page}"));
            }
        }
    }
    if problems.is_empty() {
        Ok(count)
    } else {
        Err(problems)
    }
}
