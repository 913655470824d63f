//! Each part of the C tutorial as a program of its own: `make part`.
//!
//! A part is a plain Cargo workspace, a snapshot of the program at the end
//! of that part of the C tutorial, as the C's branches are: a crate per C
//! module, and a `rogue-main` crate for `main.c`. Parts 0 to 3 are folders
//! of this crate (`crates/parts/part-N`). Part 4 is the game's own
//! tutorial crates (`crates/tutorial/types`, ... `crates/tutorial/main`,
//! exported as `crates/types`, ... `crates/main`), which
//! `crates/parts/part-4` only gives a workspace manifest: the code a
//! reader of Part 4 follows is the code the game runs.
//!
//! A part's crates are named as the game's, but each part has a version of
//! its own (`0.N.0`, the repository `0.5.0`), so that parts and the
//! repository can share one `CARGO_TARGET_DIR`: cargo tells crates of one
//! name apart by version and by path inside their workspace.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The parts there are: 0 to 4.
pub const PARTS: std::ops::RangeInclusive<u8> = 0..=4;

/// The tutorial's crates, which Part 4 is: one per C module, and `main`.
pub const TUTORIAL_CRATES: [&str; 9] = [
    "types", "crand", "map", "room", "player", "fov", "draw", "engine", "main",
];

/// A part's files, by path relative to its folder, and their text.
pub type View = BTreeMap<PathBuf, String>;

/// Part `part` of the repository at `root`: every file of its folder (for
/// Part 4, its manifest and the tutorial's crates, their manifests and
/// sources), the repository's `Cargo.lock`, a `.gitignore` and a README.
///
/// # Errors
/// A part that does not exist, or a file that cannot be read.
pub fn view(root: &Path, part: u8) -> Result<View, String> {
    if !PARTS.contains(&part) {
        return Err(format!("there is no Part {part}: parts are 0 to 4"));
    }
    let folder = root.join(format!("crates/parts/part-{part}"));
    let mut files = View::new();
    let read = |path: &Path| {
        fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
    };
    for file in files_under(&folder).map_err(|e| e.to_string())? {
        let relative = file.strip_prefix(&folder).unwrap_or(&file);
        files.insert(relative.to_path_buf(), read(&file)?);
    }
    if part == 4 {
        for name in TUTORIAL_CRATES {
            let dir = root.join("crates/tutorial").join(name);
            let mut sources = vec![dir.join("Cargo.toml")];
            sources.extend(
                files_under(&dir.join("src"))
                    .map_err(|e| format!("{}: {e}", dir.display()))?,
            );
            for file in sources {
                let relative = file.strip_prefix(&dir).unwrap_or(&file);
                let exported = Path::new("crates").join(name).join(relative);
                files.insert(exported, read(&file)?);
            }
        }
    }
    files.insert("Cargo.lock".into(), read(&root.join("Cargo.lock"))?);
    // Built programs, and what `rogue-trace fuzz` writes by default when
    // a part page runs it in the project.
    files.insert(".gitignore".into(), "/target\n/fuzz-failures\n".into());
    files.insert("README.md".into(), README.into());
    Ok(files)
}

/// Writes Part `part` into `out`, which must not exist yet: a standalone
/// Cargo project that needs nothing from this repository, with its own
/// `Cargo.lock` ([`own_lock`]). Returns the files written.
///
/// # Errors
/// If `out` exists (nothing is overwritten), or as [`view`], writing and
/// [`own_lock`].
pub fn export(
    root: &Path,
    part: u8,
    out: &Path,
) -> Result<Vec<PathBuf>, String> {
    if out.exists() || out.is_symlink() {
        return Err(format!(
            "{} already exists: give a folder that does not exist yet, or remove it first",
            out.display()
        ));
    }
    let view = view(root, part)?;
    write_view(&view, out).map_err(|e| format!("{}: {e}", out.display()))?;
    own_lock(out)?;
    Ok(view.into_keys().collect())
}

/// Makes the `Cargo.lock` of the part written in `dir` (the repository's,
/// as [`view`] gives it) the part's own: cargo re-resolves only the part's
/// crates (`cargo update --workspace --offline`), which drops every
/// package the part does not use and keeps the others at the repository's
/// versions. A build of the part then keeps it as it is.
///
/// # Errors
/// If cargo fails: the part is written, with the repository's lock.
pub fn own_lock(dir: &Path) -> Result<(), String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["update", "--workspace", "--offline", "--quiet"])
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cargo: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let said = String::from_utf8_lossy(&out.stderr);
    Err(format!(
        "{}: its Cargo.lock is still the repository's, as cargo failed to prune it: {}",
        dir.display(),
        said.lines().find(|l| !l.trim().is_empty()).unwrap_or_default()
    ))
}

/// Writes `view` under `out`, and removes the files and folders of an
/// earlier view under its `crates` that this one has not (the tests write
/// each part again into the same folder).
///
/// # Errors
/// As writing and removing files.
pub fn write_view(view: &View, out: &Path) -> io::Result<()> {
    for (path, text) in view {
        let file = out.join(path);
        if let Some(dir) = file.parent() {
            fs::create_dir_all(dir)?;
        }
        if fs::read_to_string(&file).ok().as_deref() != Some(text) {
            fs::write(&file, text)?;
        }
    }
    let crates = out.join("crates");
    if crates.is_dir() {
        for file in files_under(&crates)? {
            let relative = file.strip_prefix(out).unwrap_or(&file);
            if !view.contains_key(relative) {
                fs::remove_file(&file)?;
            }
        }
        remove_empty_folders(&crates)?;
    }
    Ok(())
}

/// Removes every empty folder under `dir`.
fn remove_empty_folders(dir: &Path) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            remove_empty_folders(&path)?;
            if fs::read_dir(&path)?.next().is_none() {
                fs::remove_dir(&path)?;
            }
        }
    }
    Ok(())
}

/// Every file under `dir`, sorted; none if it does not exist.
fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    if !dir.is_dir() {
        return Ok(found);
    }
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            found.extend(files_under(&path)?);
        } else {
            found.push(path);
        }
    }
    found.sort();
    Ok(found)
}

/// The README of a written part: what it is, how to run it, its files.
/// It names no part: the reader's project starts as one part and becomes
/// the next as a page is followed, and its crates' version, which the
/// page's first step changes, says which part it is.
pub const README: &str = "\
# The C roguelike tutorial in Rust

A part of the C roguelike tutorial
(<https://github.com/ignaoya/c-roguelike-tutorial>), in Rust: a crate per
C module, and `rogue-main` for `main.c`. Which part, its crates' version
says, in `Cargo.toml`: `0.N.0` is Part N, which plays exactly as the C
program of the C repository's branch `Part_0N` (the description in
`crates/main/Cargo.toml` names the part too). It is GPL-3.0-or-later,
as the C tutorial.

```sh
cargo run --release
```

You need Rust, a C compiler and the ncurses development files (on
Debian/Ubuntu, as root or with sudo: `apt-get install build-essential
libncurses-dev pkg-config`). On Windows, pancurses compiles PDCurses
from its C sources, with MSVC's or MinGW's C compiler.

Part 0 starts curses and ends it at once: it takes no key. From Part 1
on, the keys are `h` left, `j` down, `k` up, `l` right, `q` quit. From
Part 3 on, like the C original, it seeds `rand()` with the time; `cargo
run --release -- --seed N` builds the dungeon of `srand(N)` instead
(`-- --help` says so). Its `rand()` is glibc's, value for value, or
Microsoft's when built for Windows.

## Files

Each crate of `crates/` is the twin of a C file: `crates/main` of
`main.c`, `crates/types` of `rogue.h`, `crates/map` of `map.c`, and so
on; `crates/crand`, from Part 3 on, is the C library's `srand()` and
`rand()`.
";

#[cfg(test)]
mod tests {
    use super::*;

    fn root() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn part_4_is_the_tutorial_s_crates_as_they_are() {
        let view = view(&root(), 4).unwrap();
        let fov = view.get(Path::new("crates/fov/src/lib.rs")).unwrap();
        let ours =
            fs::read_to_string(root().join("crates/tutorial/fov/src/lib.rs"))
                .unwrap();
        assert_eq!(fov, &ours);
        assert!(view.contains_key(Path::new("crates/main/src/main.rs")));
        assert!(!view.keys().any(|p| p.starts_with("crates/fov/tests")));
    }

    #[test]
    fn a_part_s_readme_is_every_part_s_and_says_how_to_tell_them_apart() {
        for part in PARTS {
            let files = view(&root(), part).unwrap();
            assert_eq!(files[Path::new("README.md")], README, "Part {part}");
            let manifest = &files[Path::new("Cargo.toml")];
            assert!(
                manifest.contains(&format!("version = \"0.{part}.0\"")),
                "Part {part}: {manifest}"
            );
        }
        assert!(README.contains("`0.N.0` is Part N"), "{README}");
        assert!(!README.contains("tree/Part_0"), "{README}");
    }

    #[test]
    fn there_is_no_part_5() {
        assert!(view(&root(), 5).is_err());
    }
}
