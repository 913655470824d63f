//! `--html` reports, as a reader opens them: from disk, in a real browser
//! (headless Chromium), and small enough to open at once.

mod common;
use common::{rogue_trace, scratch};

use std::path::Path;
#[cfg(unix)]
use std::path::PathBuf;

use rogue_trace_format::Trace;

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
    // Characters only: the page says that colours were ignored.
    let chars = dir.join("chars.html");
    let out = rogue_trace(&[
        "diff",
        "--chars",
        dir.join("a.trace").to_str().unwrap(),
        dir.join("b.trace").to_str().unwrap(),
        "--html",
        chars.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let dom = rogue_testkit::chromium_dom(&chars);
    assert!(
        dom.contains("different, characters only (colours ignored): 1 of 13")
            && dom.contains("Compared: characters only (colours ignored)."),
        "the page says what was compared"
    );
    assert!(dom.contains("rogue-trace diff") && dom.contains(" --chars"));
    let _ = std::fs::remove_dir_all(dir);
}

/// What a script run after the report's own leaves on the body, as
/// `data-visits`: the step label as the page opens, then after each click
/// of the first-difference button and four of the next-difference one;
/// and whether the buttons can be clicked.
#[cfg(unix)]
const VISIT: &str = "<script>(function () {
  function label() { return document.getElementById('step-label').textContent; }
  var first = document.getElementById('first-difference');
  var next = document.getElementById('next-difference');
  var seen = [label()];
  first.click();
  seen.push(label());
  for (var i = 0; i < 4; i++) { next.click(); seen.push(label()); }
  document.body.setAttribute('data-visits', JSON.stringify({
    labels: seen, enabled: !first.disabled && !next.disabled,
    missing: document.querySelector('#screen-b .missing') ? document.querySelector('#screen-b .missing').textContent : null
  }));
})();</script>\n</body>";

/// The value [`VISIT`] left in a page's DOM.
#[cfg(unix)]
fn visits(dom: &str) -> serde_json::Value {
    let start = dom.find("data-visits=\"").expect("visited") + 13;
    let end = start + dom[start..].find('"').unwrap();
    let json = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap()
}

#[test]
#[cfg(unix)] // Chromium, as the tests install it (`make test-deps`)
fn a_step_one_side_lacks_is_a_difference_the_buttons_reach() {
    let dir = scratch("lacking");
    let a = replay(&dir.join("a.trace"), "jjjlllkkhhjj");
    plant(&a, 3, &dir.join("b.trace"));
    // B ends after step 10: steps 11 and 12 are A's only.
    let mut b =
        Trace::parse(&std::fs::read_to_string(dir.join("b.trace")).unwrap())
            .unwrap();
    b.steps.truncate(11);
    std::fs::write(dir.join("b.trace"), b.to_text()).unwrap();
    let page = dir.join("lacking.html");
    let out = rogue_trace(&[
        "diff",
        dir.join("a.trace").to_str().unwrap(),
        dir.join("b.trace").to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, html.replace("</body>", VISIT)).unwrap();
    let visited = visits(&rogue_testkit::chromium_dom(&page));
    assert_eq!(visited["enabled"], true, "{visited}");
    let labels: Vec<&str> = visited["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "step 3 of 12 (key 'j'): 1 cell(s) differ",
            "step 3 of 12 (key 'j'): 1 cell(s) differ",
            "step 11 of 12 (key 'j'): B has no screen",
            "step 12 of 12 (key 'j'): B has no screen",
            "step 3 of 12 (key 'j'): 1 cell(s) differ",
            "step 11 of 12 (key 'j'): B has no screen",
        ]
    );
    assert_eq!(visited["missing"], "no screen at this step", "{visited}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The stand-in of the C tutorial's Part 1 (`tests/fixtures/part1.c`),
/// compiled into `dir`.
#[cfg(unix)]
fn part1(dir: &Path) -> PathBuf {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/part1.c");
    rogue_testkit::compile_c(&source, dir, "part1", &["-lncurses"])
}

#[test]
#[cfg(unix)] // Chromium, as the tests install it (`make test-deps`)
fn a_report_of_a_crash_says_which_side_died_how_and_where() {
    let dir = scratch("crash");
    let program = part1(&dir);
    let program = program.to_str().unwrap();
    let page = dir.join("crash.html");
    // The port dies on x, the third of five keys.
    let port = format!("{program} --plant segv");
    let out = rogue_trace(&[
        "compare",
        "--part",
        "1",
        "--keys",
        "jjxll",
        "--html",
        page.to_str().unwrap(),
        "--port",
        &port,
        "--",
        program,
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, html.replace("</body>", VISIT)).unwrap();
    let dom = rogue_testkit::chromium_dom(&page);
    let how = "was killed by SIGSEGV (segmentation fault) at key 3 of 5 ('x'): no screen from step 3 on";
    assert!(dom.contains(how), "the side that died, how and where");
    assert!(
        dom.contains("part1: x: writing through a null pointer"),
        "its last words"
    );
    assert!(
        dom.contains(
            "different: the port stopped: the program was killed by SIGSEGV"
        ),
        "the verdict"
    );
    let visited = visits(&dom);
    assert_eq!(visited["enabled"], true, "{visited}");
    assert_eq!(
        visited["labels"][0], "step 3 of 5 (key 'x'): B has no screen",
        "{visited}"
    );
    assert_eq!(
        visited["missing"],
        format!("no screen at this step: it {how}"),
        "{visited}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// What a script run after the report's own measures of its screens, as
/// `data-geometry` on the body: the window's size, the cells' font size,
/// and each screen's box (left, top, right, bottom).
#[cfg(unix)]
const MEASURE: &str = "<script>(function () {
  function box(id) {
    var r = document.querySelector(id + ' pre').getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  }
  var pre = document.querySelector('#screen-a pre');
  document.body.setAttribute('data-geometry', JSON.stringify({
    window: [window.innerWidth, window.innerHeight],
    font: parseFloat(getComputedStyle(pre).fontSize),
    a: box('#screen-a'), b: box('#screen-b')
  }));
})();</script>\n</body>";

/// The geometry [`MEASURE`] left in a page's DOM.
#[cfg(unix)]
fn geometry(dom: &str) -> serde_json::Value {
    let start = dom.find("data-geometry=\"").expect("measured") + 15;
    let end = start + dom[start..].find('"').unwrap();
    let json = dom[start..end]
        .replace("&quot;", "\"")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap()
}

#[test]
#[cfg(unix)] // Chromium, as the tests install it (`make test-deps`)
fn both_screens_stand_side_by_side_in_a_window_1366_px_wide() {
    use rogue_trace_format::diff::{diff, DiffOptions};
    use rogue_trace_format::escape_keys;
    use rogue_trace_format::report::{html, Side};

    let dir = scratch("narrow");
    let walk = "jjjlllkkhhjj";
    let mut a = replay(&dir.join("a.trace"), walk);
    // 10,000 keys, and a command to run it again that types them all.
    let keys: Vec<char> = walk.chars().cycle().take(10_000).collect();
    a.header.keys = keys.clone();
    plant(&a, 7, &dir.join("b.trace"));
    let b =
        Trace::parse(&std::fs::read_to_string(dir.join("b.trace")).unwrap())
            .unwrap();
    let command = format!(
        "rogue-trace compare --seed 42 --rng glibc --size 100x25 --keys {} -- ./rogue-c {{seed}}",
        escape_keys(&keys)
    );
    let report = diff(&a, &b, DiffOptions::default());
    let page = html(
        Side {
            name: "a.trace",
            trace: &a,
        },
        Side {
            name: "b.trace",
            trace: &b,
        },
        &report,
        std::slice::from_ref(&command),
    );
    let path = dir.join("narrow.html");
    std::fs::write(&path, page.replace("</body>", MEASURE)).unwrap();
    let dom = rogue_testkit::chromium_dom_in(&path, (1366, 768));
    let g = geometry(&dom);
    // The page's part of the window: all its width, and what the
    // browser's own bars leave of its height.
    let window = g["window"].as_array().unwrap();
    let (width, height) =
        (window[0].as_f64().unwrap(), window[1].as_f64().unwrap());
    assert!(width == 1366.0 && (500.0..=768.0).contains(&height), "{g}");
    let side = |s: &str| -> Vec<f64> {
        g[s].as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect()
    };
    let (sa, sb) = (side("a"), side("b"));
    let [left, top, right, bottom] = [0, 1, 2, 3];
    assert!(sa[right] <= sb[left], "A left of B: {g}");
    assert!((sa[top] - sb[top]).abs() < 1.0, "on one line: {g}");
    assert!(sa[left] >= 0.0 && sb[right] <= width, "{g}");
    // Below the header, both screens whole in the window, unscrolled.
    assert!(sa[top] <= 300.0, "{g}");
    assert!(sa[bottom] <= height && sb[bottom] <= height, "{g}");
    assert!(g["font"].as_f64().unwrap() >= 8.0, "readable: {g}");
    // Folded, not dropped: every key and the whole command are there.
    assert!(dom.contains("10,000 keys: "), "the key count");
    assert!(dom.contains(&command), "the command");
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
