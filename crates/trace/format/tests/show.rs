//! Showing a screen as text and as pictures, through the crate's public API.

use rogue_trace_format::show::{html, render, svg};
use rogue_trace_format::Trace;

const SMALL: &str = "# screen trace v1\n# program: t\n# size: 3x2\n# keys: j\n== step 0 key -\n #.\n @<\n-- colours\n wb\n w?\n?? 1 2 15 default bold\n";

#[test]
fn pictures_have_every_cell_in_its_colours() {
    let t = Trace::parse(SMALL).unwrap();
    let svg = svg(&t, &t.steps[0]);
    assert!(svg.starts_with(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"27\" height=\"36\""
    ));
    assert!(
        svg.contains("fill=\"#e5e5e5\" xml:space=\"preserve\">#</text>"),
        "{svg}"
    );
    // Blue (#0000ee) on black, mixed with white until it reads at 4.5:1.
    let blue = "#6868f5";
    assert!(
        svg.contains(&format!(
            "fill=\"{blue}\" xml:space=\"preserve\">.</text>"
        )),
        "{svg}"
    );
    assert!(
        svg.contains(
            "fill=\"#ffffff\" font-weight=\"bold\" xml:space=\"preserve\">&lt;</text>"
        ),
        "{svg}"
    );
    let html = html(&t, &t.steps[0]);
    assert!(
        html.contains(&format!(
            "<span style=\"color:{blue};background:#000000\">.</span>"
        )),
        "{html}"
    );
}

#[test]
fn text_has_a_heading_and_colour_only_on_request() {
    let t = Trace::parse(SMALL).unwrap();
    assert_eq!(
        render(&t, &t.steps[0], false),
        "step 0 of 0 (key - (before the first key)), 3x2\n #.\n @<\n"
    );
    let coloured = render(&t, &t.steps[0], true);
    assert!(coloured.contains("\x1b[0;37;40m#"), "{coloured:?}");
    assert!(
        coloured.contains("\x1b[0;97;49;1m<")
            || coloured.contains("\x1b[0;38;5;15;49;1m<"),
        "{coloured:?}"
    );
}
