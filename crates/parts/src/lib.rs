//! Each part of the C tutorial as a program of its own.
//!
//! The game's sources hold every part at once: what a later part adds or
//! changes is marked in `//@` comments ([`marker`]). Filtering every file
//! for Part N gives that part's *view*: a Cargo workspace of the crates
//! the part's `rogue` binary needs, as the part has them, which compiles
//! and plays that part of the tutorial and nothing later.
//!
//! Which crates and files a view holds follows from the markers too: the
//! crates are those the filtered `crates/rogue/Cargo.toml` depends on, and
//! their dependencies in turn; the files of a crate are those its filtered
//! `lib.rs` or `main.rs` declares with `mod`.

pub mod marker;

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

pub use marker::{filter, filter_manifest, Build};

/// The parts there are: 0 to 4.
pub const PARTS: std::ops::RangeInclusive<u8> = 0..=4;

/// A view: its files, by path relative to the workspace, and their text.
pub type View = BTreeMap<PathBuf, String>;

/// Part `part`'s view of the repository at `root`: the workspace's
/// `Cargo.toml` and `Cargo.lock`, a README, and every file of every crate
/// the part's binary needs, filtered.
///
/// # Errors
/// A file that cannot be read, or a marker that is wrong (with its file).
pub fn view(root: &Path, part: u8) -> Result<View, String> {
    let build = Build::Part(part);
    let read = |path: &Path| {
        fs::read_to_string(root.join(path))
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    let in_file = |path: &Path, e: String| format!("{}: {e}", path.display());
    let mut files = View::new();
    let manifest = Path::new("Cargo.toml");
    let workspace = filter_manifest(&read(manifest)?, build)
        .map_err(|e| in_file(manifest, e))?;
    let crate_dirs = workspace_crates(&workspace);
    files.insert(manifest.into(), workspace);
    files.insert("Cargo.lock".into(), read(Path::new("Cargo.lock"))?);
    files.insert(".gitignore".into(), "/target\n".into());

    let mut pending = vec![PathBuf::from("crates/rogue")];
    while let Some(dir) = pending.pop() {
        let manifest = dir.join("Cargo.toml");
        if files.contains_key(&manifest) {
            continue;
        }
        let text = filter_manifest(&read(&manifest)?, build)
            .map_err(|e| in_file(&manifest, e))?;
        for dependency in dependencies(&text) {
            let dir = crate_dirs.get(&dependency).ok_or(format!(
                "{}: `{dependency}` is not a crate of the workspace in Part {part}",
                manifest.display()
            ))?;
            pending.push(dir.clone());
        }
        files.insert(manifest, text);
        let root_file = ["src/lib.rs", "src/main.rs"]
            .map(|f| dir.join(f))
            .into_iter()
            .filter(|f| root.join(f).exists())
            .collect::<Vec<_>>();
        let mut sources = root_file;
        while let Some(path) = sources.pop() {
            let text = filter(&read(&path)?, build, "//@")
                .map_err(|e| in_file(&path, e))?;
            let here = path.parent().unwrap_or(Path::new(""));
            sources.extend(
                modules(&text)
                    .into_iter()
                    .map(|m| here.join(format!("{m}.rs"))),
            );
            files.insert(path, text);
        }
    }
    files.insert("README.md".into(), readme(part, &files));
    Ok(files)
}

/// Writes Part `part`'s view into `out`, which must not exist yet: a
/// standalone Cargo project that needs nothing from this repository.
/// Returns the files written.
///
/// # Errors
/// If `out` exists (nothing is overwritten), or as [`view`] and writing.
pub fn export(
    root: &Path,
    part: u8,
    out: &Path,
) -> Result<Vec<PathBuf>, String> {
    if out.exists() || out.is_symlink() {
        return Err(format!(
            "{} already exists; give a folder that does not exist yet",
            out.display()
        ));
    }
    let view = view(root, part)?;
    write_view(&view, out).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(view.into_keys().collect())
}

/// Writes `view` under `out`, and removes the files of an earlier view
/// that this one has not. Every file is written anew, so that cargo, which
/// tells a view's crates from another's of the same path by their times,
/// builds them again.
///
/// # Errors
/// As writing and removing files.
pub fn write_view(view: &View, out: &Path) -> io::Result<()> {
    for (path, text) in view {
        let file = out.join(path);
        if let Some(dir) = file.parent() {
            fs::create_dir_all(dir)?;
        }
        fs::write(&file, text)?;
    }
    let crates = out.join("crates");
    if crates.is_dir() {
        for file in files_under(&crates)? {
            let relative = file.strip_prefix(out).unwrap_or(&file);
            if !view.contains_key(relative) {
                fs::remove_file(&file)?;
            }
        }
    }
    Ok(())
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            found.extend(files_under(&path)?);
        } else {
            found.push(path);
        }
    }
    Ok(found)
}

/// The workspace's crates, by package name: `name = { path = "DIR" … }`
/// lines of `[workspace.dependencies]`.
fn workspace_crates(manifest: &str) -> BTreeMap<String, PathBuf> {
    manifest
        .lines()
        .filter_map(|line| {
            let (name, rest) = line.split_once(" = { path = \"")?;
            let (dir, _) = rest.split_once('"')?;
            Some((name.trim().to_string(), PathBuf::from(dir)))
        })
        .collect()
}

/// The workspace crates a filtered crate manifest depends on: its lines
/// `rogue-… = …` or `rogue-….workspace = true`.
fn dependencies(manifest: &str) -> Vec<String> {
    manifest
        .lines()
        .filter(|l| l.starts_with("rogue-"))
        .filter_map(|l| l.split([' ', '.', '=']).next())
        .map(str::to_string)
        .collect()
}

/// The modules a filtered source file declares in files of their own:
/// `mod name;` and `pub mod name;`.
fn modules(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            l.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(str::to_string)
        })
        .collect()
}

/// The README of an exported part: what it is, how to play it, its files.
fn readme(part: u8, files: &View) -> String {
    let args = if part >= 3 {
        "\nLike the C original, it seeds `rand()` with the time. `--seed N` builds the\n\
         dungeon of `srand(N)`, and `--rng glibc` or `--rng msvc` picks whose `rand()`\n\
         to reproduce (the default is your platform's).\n"
    } else {
        ""
    };
    let list: String = files
        .keys()
        .filter(|p| p.starts_with("crates"))
        .map(|p| format!("- `{}`\n", p.display()))
        .collect();
    format!(
        "# The C roguelike tutorial in Rust, Part {part}\n\n\
         The program as it stands at the end of Part {part} of the C roguelike tutorial\n\
         (<https://github.com/ignaoya/c-roguelike-tutorial/tree/Part_0{part}>), in Rust.\n\
         It plays exactly as the C program of that part.\n\n\
         ```sh\ncargo run --release\n```\n\n\
         You need Rust, a C compiler and the ncurses development files (on\n\
         Debian/Ubuntu: `sudo apt-get install build-essential libncurses-dev\n\
         pkg-config`). On Windows, PDCurses is built from source by cargo.\n\
         Keys: `h` left, `j` down, `k` up, `l` right, `q` quit.\n{args}\n\
         ## Files\n\n{list}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_name_their_workspace_crates() {
        let workspace = "[workspace.dependencies]\nrogue-types = { path = \"crates/types\" }\npancurses = \"0.17\"\n";
        assert_eq!(
            workspace_crates(workspace),
            BTreeMap::from([(
                "rogue-types".to_string(),
                PathBuf::from("crates/types")
            )])
        );
        let krate = "[dependencies]\nrogue-types.workspace = true\nrogue-engine = { workspace = true, features = [\"x\"] }\nlog.workspace = true\n";
        assert_eq!(dependencies(krate), ["rogue-types", "rogue-engine"]);
    }

    #[test]
    fn modules_are_the_files_declared() {
        let source =
            "mod map;\npub mod radius;\nmod tests {\n}\nuse x::mod_y;\n";
        assert_eq!(modules(source), ["map", "radius"]);
    }
}
