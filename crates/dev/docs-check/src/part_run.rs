//! A part page's workflows: the reader's own program of the part, and the
//! C's, played as the page's last section says.
//!
//! The blocks of Part N's page run in `target/docs-run/part-0N`, emptied
//! first: the folder that holds a reader's projects. `rogue` there is the
//! reader's project, the part as `make part PART=N` writes it, built with
//! `cargo build`, its program where `cargo run` leaves it,
//! `rogue/target/debug/rogue-main` (the builds share the replay's target
//! folder, so the part's libraries are built once). Each block runs in
//! the folder its step note names (`sh-not-here REASON`: `rogue`;
//! `sh-not-here .. REASON`: the folder above it), with the project's
//! `rogue` and `rogue-trace` first on the `PATH`.
//!
//! Given `C_REPO=<git dir of a clone of the C tutorial>`,
//! `c-roguelike-tutorial` there is a clone of it, as a reader clones it
//! from GitHub; given `ROGUE_C_ORIGINAL=<the C's Part 4, built>`, Part 4's
//! `c-part-4` is that program. A block that names `c-roguelike-tutorial`
//! runs only with `C_REPO`; one that names `c-part-N`, the C's Part N,
//! only with `C_REPO` (a block before it builds it from the clone) or, for
//! Part 4, `ROGUE_C_ORIGINAL`. The others are skipped, each with why.
//!
//! A slip (`<!-- slip: FILE -->` and its diff) is applied to the project
//! for the run block after it, which runs on the program built with it;
//! the file is put back, and the program built again, before the next.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::notes::Folder;
use crate::replay::patch;
use crate::workflow::{
    check_output, items, path_with, run_block, Block, Item, Ran, Skip,
};

/// Where the C's programs come from.
pub struct CSources<'a> {
    /// A git dir of the C tutorial (`C_REPO`).
    pub repo: Option<&'a Path>,
    /// The C's Part 4, built (`ROGUE_C_ORIGINAL`).
    pub original: Option<&'a Path>,
}

/// The reader's project: its folder, and the target folder its builds
/// share.
struct Project {
    dir: PathBuf,
    target: PathBuf,
}

impl Project {
    /// `cargo build` in the project, its program copied to where `cargo
    /// run` leaves it in the project's own `target`.
    fn build(&self) -> Result<(), String> {
        let out = Command::new(env!("CARGO"))
            .args(["build", "--quiet"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env_remove("RUSTFLAGS")
            .output()
            .map_err(|e| format!("cargo: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "{}: the reader's project does not build:\n{}",
                self.dir.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let program = format!("rogue-main{}", std::env::consts::EXE_SUFFIX);
        let into = self.dir.join("target/debug");
        fs::create_dir_all(&into).map_err(|e| e.to_string())?;
        fs::copy(
            self.target.join("debug").join(&program),
            into.join(&program),
        )
        .map_err(|e| format!("{program}: {e}"))?;
        Ok(())
    }

    /// Puts back the file a slip changed, if one did, and applies
    /// `slip`, if given (its note's line, its file, its diff); builds
    /// again if either changed the project.
    fn settle(
        &self,
        slip: Option<(usize, String, String)>,
        planted: &mut Option<(String, String)>,
    ) -> Result<(), String> {
        let changed = planted.is_some() || slip.is_some();
        if let Some((file, before)) = planted.take() {
            fs::write(self.dir.join(&file), before)
                .map_err(|e| format!("{file}: {e}"))?;
        }
        if let Some((line, file, diff)) = slip {
            let path = self.dir.join(&file);
            let before = fs::read_to_string(&path)
                .map_err(|e| format!("line {line}: {file}: {e}"))?;
            let slipped = patch(&before, &diff)
                .map_err(|e| format!("line {line}: {file}: {e}"))?;
            fs::write(&path, slipped).map_err(|e| format!("{file}: {e}"))?;
            *planted = Some((file, before));
        }
        if changed {
            self.build()?;
        }
        Ok(())
    }
}

/// Why a block of Part `part`'s page cannot run with the C's programs
/// `c` gives, if it cannot.
fn why_skipped(block: &Block, part: u8, c: &CSources<'_>) -> Option<String> {
    const REPO: &str = "C_REPO=<git dir of a clone of the C tutorial>";
    if block.commands.contains("c-roguelike-tutorial") && c.repo.is_none() {
        return Some(format!(
            "it needs the C tutorial's repository ({REPO} gives a clone)"
        ));
    }
    let program = format!("c-part-{part}");
    let built = c.repo.is_some() || (part == 4 && c.original.is_some());
    if !block.commands.contains(&program) || built {
        return None;
    }
    let or = if part == 4 {
        "; ROGUE_C_ORIGINAL=<the C's Part 4, built> gives it"
    } else {
        ""
    };
    Some(format!(
        "it runs the C's Part {part}, `{program}` ({REPO} builds it{or})"
    ))
}

/// The scratch folder of Part `part`'s page, emptied, with the reader's
/// project written out and built, and the C's repository or program
/// where `c` gives them.
fn prepare(
    root: &Path,
    part: u8,
    scratch: &Path,
    target: &Path,
    c: &CSources<'_>,
) -> Result<Project, String> {
    let here = |e: std::io::Error| format!("{}: {e}", scratch.display());
    if scratch.exists() {
        fs::remove_dir_all(scratch).map_err(here)?;
    }
    fs::create_dir_all(scratch).map_err(here)?;
    let project = Project {
        dir: scratch.join("rogue"),
        target: target.to_path_buf(),
    };
    rogue_parts::export(root, part, &project.dir)?;
    project.build()?;
    if let Some(repo) = c.repo {
        let out = Command::new("git")
            .args(["clone", "-q"])
            .arg(repo)
            .arg(scratch.join("c-roguelike-tutorial"))
            .output()
            .map_err(|e| format!("git clone: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "git clone {}: {}",
                repo.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    if let Some(original) = c.original.filter(|_| part == 4) {
        fs::copy(original, scratch.join("c-part-4"))
            .map_err(|e| format!("{}: {e}", original.display()))?;
    }
    Ok(project)
}

/// The folder a part page's block runs in, as its step note says.
fn folder(block: &Block, scratch: &Path) -> Result<PathBuf, String> {
    match block.folder {
        Some(Folder::Project) => Ok(scratch.join("rogue")),
        Some(Folder::Parent | Folder::Any) => Ok(scratch.to_path_buf()),
        Some(Folder::Repo) => Err(format!(
            "line {}: a run block runs in a reader's folders, never in \
             this repository's checkout",
            block.line
        )),
        None => Err(format!(
            "line {}: a part page's run block needs a step note \
             (`<!-- step: sh-not-here [..] REASON -->`) before its block: \
             the book's caption, and its folder",
            block.line
        )),
    }
}

/// Runs the workflow blocks of Part `part`'s page in `scratch` (the
/// check's is `target/docs-run/part-0N`), the builds in `target`, with the
/// programs of `bin` (`rogue`, `rogue-trace`) on the `PATH` and the C's as
/// `c` gives.
pub fn run_part_page(
    root: &Path,
    (part, page): (u8, &str),
    (scratch, target): (&Path, &Path),
    bin: &Path,
    c: &CSources<'_>,
) -> Ran {
    let mut ran = Ran::default();
    let items = match items(page) {
        Ok(items) if items.is_empty() => return ran,
        Ok(items) => items,
        Err(problems) => {
            ran.problems = problems;
            return ran;
        }
    };
    match prepare(root, part, scratch, target, c) {
        Ok(project) => {
            run_items(&mut ran, &items, &project, scratch, bin, (part, c))
        }
        Err(e) => ran.problems.push(e),
    }
    ran
}

/// Runs `items` for [`run_part_page`], into `ran`.
fn run_items(
    ran: &mut Ran,
    items: &[Item],
    project: &Project,
    scratch: &Path,
    bin: &Path,
    (part, c): (u8, &CSources<'_>),
) {
    let path = path_with(bin);
    let (mut slip, mut planted, mut last) = (None, None, None);
    for item in items {
        match item {
            Item::Slip(line, file, diff) => {
                slip = Some((*line, file.clone(), diff.clone()));
            }
            Item::Run(block) => {
                let planting = slip.take();
                last = None;
                if let Some(why) = why_skipped(block, part, c) {
                    ran.skipped.push(Skip {
                        line: block.line,
                        why,
                    });
                    continue;
                }
                let run = folder(block, scratch).and_then(|dir| {
                    project.settle(planting, &mut planted)?;
                    run_block(block, &dir, &path)
                });
                match run {
                    Ok(printed) => {
                        ran.ran += 1;
                        last = Some(printed);
                    }
                    Err(e) => ran.problems.push(e),
                }
            }
            Item::Output(line, shown) => {
                check_output(ran, *line, shown, last.as_ref());
            }
        }
    }
    if let Some((line, ..)) = slip {
        ran.problems
            .push(format!("line {line}: a slip with no run block after it"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(commands: &str) -> Block {
        Block {
            line: 7,
            status: 0,
            folder: Some(Folder::Project),
            commands: commands.into(),
        }
    }

    #[test]
    fn blocks_that_need_the_c_are_skipped_without_it_and_say_why() {
        let none = CSources {
            repo: None,
            original: None,
        };
        let repo = CSources {
            repo: Some(Path::new("/c")),
            original: None,
        };
        let original = CSources {
            repo: None,
            original: Some(Path::new("/c4")),
        };
        let clone = block("git -C ../c-roguelike-tutorial checkout Part_02");
        let play = block("rogue-trace compare --part 2 -- ../c-part-2");
        let mine = block("rogue-trace compare --part 2 -- rogue --part 2");
        assert!(why_skipped(&clone, 2, &none).unwrap().contains("C_REPO"));
        assert!(why_skipped(&play, 2, &none).unwrap().contains("c-part-2"));
        assert_eq!(why_skipped(&mine, 2, &none), None);
        assert_eq!(why_skipped(&clone, 2, &repo), None);
        assert_eq!(why_skipped(&play, 2, &repo), None);
        // The C's Part 4 built is Part 4's only, and clones nothing.
        assert!(why_skipped(&play, 2, &original).is_some());
        let play_4 = block("rogue-trace compare -- ../c-part-4");
        assert_eq!(why_skipped(&play_4, 4, &original), None);
        let why = why_skipped(&play_4, 4, &none).unwrap();
        assert!(why.contains("ROGUE_C_ORIGINAL"), "{why}");
        let clone_4 = block("git -C ../c-roguelike-tutorial checkout Part_04");
        assert!(why_skipped(&clone_4, 4, &original).is_some());
    }

    #[test]
    fn a_block_runs_where_its_step_note_says() {
        let scratch = Path::new("/s");
        let mut b = block("x");
        assert_eq!(folder(&b, scratch).unwrap(), Path::new("/s/rogue"));
        b.folder = Some(Folder::Parent);
        assert_eq!(folder(&b, scratch).unwrap(), Path::new("/s"));
        b.folder = Some(Folder::Repo);
        assert!(folder(&b, scratch).unwrap_err().starts_with("line 7:"));
        b.folder = None;
        assert!(folder(&b, scratch).unwrap_err().contains("step note"));
    }

    /// A Part 2 page's blocks: the project as `make part` writes it and
    /// built; a slip for the next block only, built in and taken out; the
    /// folders the step notes name; what a block printed checked; the C's
    /// blocks skipped without it.
    #[cfg(unix)]
    const PAGE: &str = "\
<!-- run -->
<!-- step: sh-not-here it looks at the program -->
```sh
test -x target/debug/rogue-main
grep -q 'for y in 5..15' crates/map/src/lib.rs
```
<!-- slip: crates/map/src/lib.rs -->
<!-- step: show -->
```diff
@@
-    for y in 5..15 {
+    for y in 5..14 {
```
<!-- run: 3 -->
<!-- step: sh-not-here it keeps the slipped program -->
```sh
grep -q 'for y in 5..14' crates/map/src/lib.rs
cp target/debug/rogue-main ../slipped
exit 3
```
<!-- run -->
<!-- step: sh-not-here .. it looks from above -->
```sh
grep -c 'for y in 5..15' rogue/crates/map/src/lib.rs
! cmp -s rogue/target/debug/rogue-main slipped
ls
```
<!-- run-output -->
<!-- step: show -->
```text
1
rogue
slipped
```
<!-- run -->
<!-- step: sh-not-here it plays the C -->
```sh
../c-part-2
```
";

    #[test]
    #[cfg(unix)] // runs `sh`, which Wine's tests have not
    fn a_part_page_runs_on_the_part_built_and_a_slip_holds_for_one_block() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
        let scratch = std::env::temp_dir()
            .join(format!("docs-part-run-test-{}", std::process::id()));
        // The replay's target folder, which the check's builds share.
        let target = root.join("target/docs-replay/target");
        let none = CSources {
            repo: None,
            original: None,
        };
        let ran = run_part_page(
            &root,
            (2, PAGE),
            (&scratch, &target),
            Path::new("/nonexistent"),
            &none,
        );
        assert_eq!(ran.problems, Vec::<String>::new());
        assert_eq!(ran.stale, Vec::<String>::new());
        assert_eq!(ran.ran, 3);
        assert_eq!(ran.printed, vec![Some("1\nrogue\nslipped\n".into())]);
        assert_eq!(ran.skipped.len(), 1);
        assert_eq!(ran.skipped[0].line, 35);
        assert!(ran.skipped[0].why.contains("C_REPO"));
        let written = rogue_parts::view(&root, 2).unwrap();
        let map = Path::new("crates/map/src/lib.rs");
        assert_eq!(
            fs::read_to_string(scratch.join("rogue").join(map)).unwrap(),
            written[map]
        );
        fs::remove_dir_all(&scratch).unwrap();
    }
}
