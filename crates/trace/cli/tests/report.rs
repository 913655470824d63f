//! `--html` reports, as a reader opens them: from disk, in a real browser
//! (headless Chromium), and small enough to open at once.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rogue_trace_format::Trace;

fn rogue_trace(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rogue-trace"))
        .args(args)
        .output()
        .expect("rogue-trace runs")
}

/// A scratch folder of this test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("rogue-trace-report-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The port's trace of `keys` on seed 42, written to `path`.
fn replay(path: &Path, keys: &str) -> Trace {
    replay_seed(path, keys, "42")
}

/// The port's trace of `keys` on `seed`, written to `path`.
fn replay_seed(path: &Path, keys: &str, seed: &str) -> Trace {
    let out = rogue_trace(&[
        "replay",
        "--seed",
        seed,
        "--rng",
        "glibc",
        "--keys",
        keys,
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    Trace::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `trace` with the first wall of step `n` turned into `%`, written to
/// `path`; the cell changed.
fn plant(trace: &Trace, n: usize, path: &Path) -> (usize, usize) {
    let mut planted = trace.clone();
    let step = &mut planted.steps[n];
    let (y, x) = step
        .text
        .iter()
        .enumerate()
        .find_map(|(y, row)| row.find('#').map(|x| (y, x)))
        .expect("a wall");
    step.text[y].replace_range(x..=x, "%");
    std::fs::write(path, planted.to_text()).unwrap();
    (y, x)
}

/// The rows of the screen in the element `id` of a page's DOM: each row's
/// text, and the columns of its marked cells.
#[cfg(unix)]
fn screen(dom: &str, id: &str) -> Vec<(String, Vec<usize>)> {
    let start = dom.find(&format!("id=\"{id}\"")).expect("the screen");
    let start = start + dom[start..].find("<pre").unwrap();
    let start = start + dom[start..].find('>').unwrap() + 1;
    let end = start + dom[start..].find("</pre>").unwrap();
    let mut rows = vec![(String::new(), Vec::new())];
    let mut rest = &dom[start..end];
    while !rest.is_empty() {
        if let Some(span) = rest.strip_prefix("<span class=\"") {
            let (class, after) = span.split_once("\">").unwrap();
            let (text, after) = after.split_once("</span>").unwrap();
            let text = text
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            let row = rows.last_mut().unwrap();
            if class.contains("rg-mark") {
                row.1.push(row.0.chars().count());
            }
            row.0.push_str(&text);
            rest = after;
        } else if let Some(after) = rest.strip_prefix('\n') {
            rows.push((String::new(), Vec::new()));
            rest = after;
        } else {
            panic!("unexpected in the screen: {}", &rest[..rest.len().min(40)]);
        }
    }
    rows.pop();
    rows
}

#[test]
#[cfg(unix)] // Chromium, as the tests install it (`make test-deps`)
fn a_report_shows_the_first_difference_in_a_browser() {
    let dir = scratch("browser");
    let a = replay(&dir.join("a.trace"), "jjjlllkkhhjj");
    let (y, x) = plant(&a, 7, &dir.join("b.trace"));
    let page = dir.join("report.html");
    let out = rogue_trace(&[
        "diff",
        dir.join("a.trace").to_str().unwrap(),
        dir.join("b.trace").to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "the exit status of diff");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    let dom = rogue_testkit::chromium_dom(&page);
    assert!(
        dom.contains("step 7 of 12 (key 'k'): 1 cell(s) differ"),
        "the report opens at the first difference"
    );
    let b =
        Trace::parse(&std::fs::read_to_string(dir.join("b.trace")).unwrap())
            .unwrap();
    for (id, trace) in [("screen-a", &a), ("screen-b", &b)] {
        let rows = screen(&dom, id);
        let texts: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
        assert_eq!(texts, trace.steps[7].text, "{id}: the screen as text");
        for (row, (_, marks)) in rows.iter().enumerate() {
            let expected = if row == y { vec![x] } else { vec![] };
            assert_eq!(marks, &expected, "{id}: marked cells of row {row}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn identical_traces_give_a_report_that_says_so() {
    let dir = scratch("same");
    replay(&dir.join("a.trace"), "jjl");
    let a = dir.join("a.trace");
    let page = dir.join("same.html");
    let out = rogue_trace(&[
        "diff",
        a.to_str().unwrap(),
        a.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("\"identical\":true"));
    assert!(html.contains("\"summary\":\"identical: 4 steps compared\""));
    // An existing file is not overwritten.
    let again = rogue_trace(&[
        "diff",
        a.to_str().unwrap(),
        a.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_report_of_2000_steps_stays_under_2_mb() {
    let dir = scratch("size");
    let walk: String = (0..2000u32)
        .map(|i| ['h', 'j', 'k', 'l'][((i * 7 + i / 13) % 4) as usize])
        .collect();
    let a = replay(&dir.join("a.trace"), &walk);
    assert_eq!(a.steps.len(), 2001);
    plant(&a, 1000, &dir.join("b.trace"));
    let page = dir.join("big.html");
    let out = rogue_trace(&[
        "diff",
        dir.join("a.trace").to_str().unwrap(),
        dir.join("b.trace").to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let size = std::fs::metadata(&page).unwrap().len();
    assert!(size < 2_000_000, "{size} bytes");
    // Another dungeon: every step differs, nearly every cell.
    replay_seed(&dir.join("c.trace"), &walk, "7");
    let other = dir.join("other.html");
    let out = rogue_trace(&[
        "diff",
        "--screens-only",
        dir.join("a.trace").to_str().unwrap(),
        dir.join("c.trace").to_str().unwrap(),
        "--html",
        other.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let size = std::fs::metadata(&other).unwrap().len();
    assert!(size < 2_000_000, "{size} bytes");
    let _ = std::fs::remove_dir_all(dir);
}
