//! A recording of the game made with asciinema itself (Debian's
//! `asciinema rec --stdin`, in a pseudo-terminal) reads as a trace the same
//! as the game's headless replay, as asciicast v2 and converted to v3.

#![cfg(unix)] // a Unix pseudo-terminal

use std::ffi::OsString;

use rogue_capture::{cast, Outcome, Settle};
use rogue_game::{GameConfig, RngKind};
use rogue_testkit::{record, required_program, same_steps};
use rogue_trace_format::diff::{diff, DiffOptions};
use serde_json::Value;

/// asciicast v2 as v3: the terminal's size under `term`, and each event's
/// time as the interval since the one before.
fn to_v3(v2: &str) -> String {
    let mut lines = v2.lines();
    let header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let v3 = serde_json::json!({
        "version": 3,
        "term": {"cols": header["width"], "rows": header["height"]},
        "timestamp": header["timestamp"],
    });
    let mut out = format!("{v3}\n# converted from asciicast v2\n");
    let mut last = 0.0;
    for line in lines.filter(|l| !l.trim().is_empty()) {
        let event: Value = serde_json::from_str(line).unwrap();
        let time = event[0].as_f64().unwrap();
        let interval = ((time - last) * 1e6).round() / 1e6;
        last = time;
        let event = serde_json::json!([interval, event[1], event[2]]);
        out.push_str(&format!("{event}\n"));
    }
    out
}

#[test]
fn a_recording_made_with_asciinema_diffs_clean_against_the_replay() {
    let asciinema = required_program(&["asciinema"], "asciinema");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("rogue-asciinema-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.cast");
    let game = format!("{} --seed 42 --rng glibc", env!("CARGO_BIN_EXE_rogue"));
    let command: Vec<OsString> = vec![
        asciinema.into(),
        "rec".into(),
        "--stdin".into(),
        "--quiet".into(),
        "--command".into(),
        game.into(),
        file.clone().into(),
    ];
    let keys: Vec<char> = "jjjlllkkhx.lljq".chars().collect();
    // asciinema keeps its configuration under this folder, not the user's.
    let env = [(
        "ASCIINEMA_CONFIG_HOME".to_string(),
        dir.join("config").display().to_string(),
    )];
    let (_, ended) = record(
        &command,
        (100, 25),
        &keys,
        "screen-256color",
        &env,
        Settle::default(),
    );
    assert!(
        matches!(&ended, Outcome::EndedOnLastKey(e) if e.exit.success()),
        "asciinema ends with the game, on its last key: {ended:?}"
    );
    let v2 = std::fs::read_to_string(&file).expect("asciinema wrote it");
    let config = GameConfig {
        seed: 42,
        rng: RngKind::Glibc,
        ..GameConfig::default()
    };
    // Its keys end with the quit key, as a replay's do.
    let played = &keys[..];
    let replay = rogue_replay::replay(&config, 100, 25, played);
    for (version, text) in [("v2", v2.clone()), ("v3", to_v3(&v2))] {
        let recorded = cast::read(&text)
            .unwrap_or_else(|e| panic!("{version}: {e}\n{text}"));
        assert_eq!(recorded.header.keys, played, "{version}: its keys");
        let timestamp = cast::timestamp(&text).unwrap();
        assert!(timestamp.is_some_and(|t| t > 0), "{version}: {timestamp:?}");
        let report = diff(&recorded, &replay, DiffOptions::default());
        assert!(report.identical, "{version}: {}", report.text);
        same_steps(&recorded.steps, &replay.steps, version);
    }
    let _ = std::fs::remove_dir_all(dir);
}
