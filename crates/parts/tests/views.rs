//! What each part's program holds, and how it is written out.

use std::path::PathBuf;

use rogue_parts::{export, view, PARTS};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every line of Part `part`'s sources, with its file.
fn lines(part: u8) -> Vec<(PathBuf, String)> {
    view(&root(), part)
        .unwrap_or_else(|e| panic!("Part {part}: {e}"))
        .into_iter()
        .filter(|(path, _)| path.starts_with("crates"))
        .flat_map(|(path, text)| {
            text.lines()
                .map(|l| (path.clone(), l.to_string()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn no_part_holds_what_a_later_part_adds() {
    // (what comes later, the first part that has it)
    let later: [(&str, u8); 9] = [
        ("ColorPair", 4),
        ("COLOR_PAIR", 4),
        ("transparent", 4),
        (".visible", 4),
        (".seen", 4),
        ("make_fov", 4),
        ("srand", 3),
        ("--seed", 3),
        ("Map", 2),
    ];
    for part in PARTS {
        for (path, line) in lines(part) {
            for (word, from) in later {
                assert!(
                    part >= from || !line.contains(word),
                    "Part {part} has `{word}` of Part {from}: {}: {line}",
                    path.display()
                );
            }
            for word in ["Memory", "FovMode", "Part::", "rogue_trace", "log::"]
            {
                assert!(
                    !line.contains(word),
                    "Part {part} has the game's `{word}`: {}: {line}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn parts_depend_only_on_their_own_crates_and_crates_io() {
    for part in PARTS {
        let files = view(&root(), part).unwrap();
        for (path, text) in &files {
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            for line in text.lines().filter(|l| l.contains("{ path = \"")) {
                assert!(
                    line.contains("{ path = \"crates/"),
                    "Part {part}: {}: {line}",
                    path.display()
                );
                let dir = line.split('"').nth(1).unwrap();
                let manifest = PathBuf::from(dir).join("Cargo.toml");
                assert!(
                    files.contains_key(&manifest),
                    "Part {part}: {dir} is not written"
                );
            }
        }
    }
}

#[test]
fn a_folder_that_exists_is_never_written_to() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mine.txt"), "the user's").unwrap();
    let err = export(&root(), 2, &dir).unwrap_err();
    assert!(err.contains("already exists"), "{err}");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1);
    assert_eq!(
        std::fs::read_to_string(dir.join("mine.txt")).unwrap(),
        "the user's"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg(unix)] // writing a part runs cargo, which Wine's tests cannot
fn a_written_part_is_a_workspace_with_a_readme() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-part3-{}", std::process::id()));
    let files = export(&root(), 3, &dir).unwrap();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "crates/main/src/main.rs",
    ] {
        assert!(
            files.iter().any(|f| f == std::path::Path::new(needed)),
            "{needed}"
        );
        assert!(dir.join(needed).exists(), "{needed}");
    }
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(readme.contains("`0.N.0` is Part N") && readme.contains("--seed"));
    // git leaves out what cargo builds and what `rogue-trace fuzz` writes.
    let ignored = std::fs::read_to_string(dir.join(".gitignore")).unwrap();
    assert_eq!(
        ignored.lines().collect::<Vec<_>>(),
        ["/target", "/fuzz-failures"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The packages of a `Cargo.lock`: name, version and checksum (none for
/// the project's own crates).
#[cfg(unix)]
fn packages(lock: &str) -> Vec<(String, String, Option<String>)> {
    lock.split("[[package]]")
        .skip(1)
        .map(|block| {
            let field = |key: &str| {
                block.lines().find_map(|l| {
                    l.strip_prefix(key)
                        .and_then(|v| v.strip_prefix(" = \""))
                        .and_then(|v| v.strip_suffix('"'))
                        .map(str::to_string)
                })
            };
            let name = field("name").expect("a package has a name");
            let version = field("version").expect("a package has a version");
            (name, version, field("checksum"))
        })
        .collect()
}

#[test]
#[cfg(unix)] // writing a part runs cargo, which Wine's tests cannot
fn a_written_part_s_lock_holds_its_packages_at_the_repository_s_versions() {
    let repository =
        std::fs::read_to_string(root().join("Cargo.lock")).unwrap();
    let repository = packages(&repository);
    for part in [1, 4] {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("rogue-part-lock-{part}-{}", std::process::id()));
        export(&root(), part, &dir).unwrap();
        let lock = std::fs::read_to_string(dir.join("Cargo.lock")).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let found = packages(&lock);
        let ours: Vec<&str> = found
            .iter()
            .filter(|(_, _, sum)| sum.is_none())
            .map(|(name, version, _)| {
                assert_eq!(version, &format!("0.{part}.0"), "Part {part}");
                name.as_str()
            })
            .collect();
        let crates = if part == 1 { 3 } else { 9 };
        assert_eq!(ours.len(), crates, "Part {part}: {ours:?}");
        assert!(ours.contains(&"rogue-main"), "Part {part}: {ours:?}");
        for package in found.iter().filter(|(_, _, sum)| sum.is_some()) {
            assert!(
                repository.contains(package),
                "Part {part}: {package:?} is not the repository's"
            );
        }
        let names: Vec<&str> = found.iter().map(|p| p.0.as_str()).collect();
        assert!(names.contains(&"pancurses"), "Part {part}: {names:?}");
        for unused in ["clap", "serde_json", "portable-pty", "rogue-game"] {
            assert!(!names.contains(&unused), "Part {part} locks {unused}");
        }
    }
}

#[test]
#[cfg(unix)] // runs make, which Wine's tests have not
fn make_part_refuses_a_folder_that_exists_on_one_line() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-make-part-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mine.txt"), "the user's").unwrap();
    let out = std::process::Command::new("make")
        .args(["--no-print-directory", "part", "PART=2"])
        .arg(format!("OUT={}", dir.display()))
        .current_dir(root())
        .output()
        .expect("make runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let said = format!("OUT={} exists already", dir.display());
    assert!(stderr.contains(&said), "{stderr}");
    assert!(stderr.contains("give another OUT, or remove"), "{stderr}");
    assert!(out.stdout.is_empty());
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_command_refuses_bad_input_on_one_line() {
    let taken = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let taken = taken.to_str().unwrap();
    let cases: [(&[&str], &str); 3] = [
        (
            &["--part", "5", "--out", "x"],
            "invalid value '5' for '--part <N>'",
        ),
        (&["--part", "2"], "--out <DIR>"),
        (&["--part", "2", "--out", taken], "already exists"),
    ];
    for (args, expected) in cases {
        let out = rogue_testkit::output_of(
            std::process::Command::new(env!("CARGO_BIN_EXE_rogue-parts"))
                .args(args),
        )
        .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

/// The C branch's code lines of each part: lines of its `.c` and `.h`
/// files that are neither blank nor comments, counted on the C tutorial's
/// branches `Part_00` to `Part_04`.
const C_LINES: [usize; 5] = [7, 71, 174, 241, 409];

/// Code lines of Rust: neither blank nor starting with `//`.
fn rust_lines(text: &str) -> usize {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .count()
}

#[test]
fn every_part_is_within_one_and_a_half_times_its_c_and_25_lines() {
    println!("| part | C | budget | Rust |");
    println!("|---|---|---|---|");
    for part in PARTS {
        let rust: usize = view(&root(), part)
            .unwrap()
            .iter()
            .filter(|(path, _)| path.extension().is_some_and(|e| e == "rs"))
            .map(|(_, text)| rust_lines(text))
            .sum();
        let c = C_LINES[usize::from(part)];
        let budget = c * 3 / 2 + 25;
        println!("| {part} | {c} | {budget} | {rust} |");
        assert!(rust <= budget, "Part {part}: {rust} lines, over {budget}");
    }
}

#[test]
fn a_part_has_only_the_c_s_modules_of_that_part() {
    let modules: [&[&str]; 5] = [
        &["main"],
        &["main", "player", "types"],
        &["draw", "engine", "main", "map", "player", "types"],
        &[
            "crand", "draw", "engine", "main", "map", "player", "room", "types",
        ],
        &[
            "crand", "draw", "engine", "fov", "main", "map", "player", "room",
            "types",
        ],
    ];
    for part in PARTS {
        let crates: std::collections::BTreeSet<String> = view(&root(), part)
            .unwrap()
            .keys()
            .filter_map(|p| {
                let mut parts = p.components();
                (parts.next()?.as_os_str() == "crates")
                    .then(|| parts.next())
                    .flatten()
                    .map(|c| c.as_os_str().to_string_lossy().to_string())
            })
            .collect();
        let expected: Vec<&str> = modules[usize::from(part)].to_vec();
        assert_eq!(
            crates.iter().map(String::as_str).collect::<Vec<_>>(),
            expected,
            "Part {part}"
        );
    }
}

#[test]
fn no_part_and_no_tutorial_crate_holds_a_marker() {
    for part in PARTS {
        for (path, text) in view(&root(), part).unwrap() {
            for (n, line) in text.lines().enumerate() {
                let marked = ["//@", "#@"]
                    .iter()
                    .any(|m| line.trim_start().starts_with(m));
                assert!(!marked, "Part {part}: {}:{}", path.display(), n + 1);
            }
        }
    }
}
