//! Showing a recorded screen: `rogue-trace show`, as text, in colour on a
//! terminal, or as a standalone SVG or HTML picture.

use std::fmt::Write;

use crate::classes::{Colour, Look, ATTRIBUTES};
use crate::escape::key_literal;
use crate::format::{Step, Trace};

/// The heading of step `n` of `trace`.
fn heading(trace: &Trace, step: &Step) -> String {
    let key = step
        .key
        .map_or_else(|| "- (before the first key)".to_string(), key_literal);
    let last = trace.steps.last().map_or(0, |s| s.number);
    let (cols, rows) = trace.size_at(step.number);
    format!("step {} of {last} (key {key}), {cols}x{rows}", step.number)
}

/// The screen of `step` with a heading; in colour (ANSI escapes) when
/// `colour` is set.
pub fn render(trace: &Trace, step: &Step, colour: bool) -> String {
    let mut out = heading(trace, step);
    out.push('\n');
    for (y, text) in step.text.iter().enumerate() {
        if !colour {
            out.push_str(text);
            out.push('\n');
            continue;
        }
        let mut current: Option<Look> = None;
        for (ch, look) in text.chars().zip(step.looks(y)) {
            if current.as_ref() != Some(&look) {
                out.push_str(&ansi(&look));
                current = Some(look);
            }
            out.push(ch);
        }
        out.push_str("\x1b[0m\n");
    }
    out
}

/// The escape sequence that sets a look.
fn ansi(look: &Look) -> String {
    let colour = |c: Colour, base: u8| match c {
        Colour::Default => format!("{}", base + 9),
        Colour::Index(i) if i < 8 => format!("{}", base + i),
        Colour::Index(i) => format!("{}8;5;{i}", base / 10),
        Colour::Rgb(r, g, b) => format!("{}8;2;{r};{g};{b}", base / 10),
    };
    let mut codes =
        vec!["0".to_string(), colour(look.fg, 30), colour(look.bg, 40)];
    for (name, code) in ATTRIBUTES.into_iter().zip(["1", "3", "4", "7", "2"]) {
        if look.has(name) {
            codes.push(code.to_string());
        }
    }
    format!("\x1b[{}m", codes.join(";"))
}

/// Cell width and height of a picture, in pixels.
const CELL: (usize, usize) = (9, 18);
/// The picture's background, and the terminal's default foreground.
const BACKGROUND: &str = "#000000";
const FOREGROUND: &str = "#e5e5e5";

/// Runs of cells of one look in a row: `(first column, text, look)`.
fn runs(step: &Step, y: usize) -> Vec<(usize, String, Look)> {
    let mut runs: Vec<(usize, String, Look)> = Vec::new();
    let text = step.text.get(y).map_or("", String::as_str);
    for (x, (ch, look)) in text.chars().zip(step.looks(y)).enumerate() {
        match runs.last_mut() {
            Some((_, s, l)) if *l == look => s.push(ch),
            _ => runs.push((x, ch.to_string(), look)),
        }
    }
    runs
}

/// The foreground and background of a look, as `#rrggbb`, inverse applied,
/// the foreground [`readable`].
fn colours(look: &Look) -> (String, String) {
    let (mut fg, mut bg) = (look.fg.hex(FOREGROUND), look.bg.hex(BACKGROUND));
    if look.has("inverse") {
        std::mem::swap(&mut fg, &mut bg);
    }
    (readable(&fg, &bg), bg)
}

/// The contrast a page asks of text: 4.5:1 (WCAG AA).
const CONTRAST: f64 = 4.5;

/// `fg` as a picture shows it on `bg`: mixed with white in steps of 1/32
/// until it reads at [`CONTRAST`] or better.
fn readable(fg: &str, bg: &str) -> String {
    let (Some(fg_rgb), Some(bg_rgb)) = (rgb(fg), rgb(bg)) else {
        return fg.to_string();
    };
    (0..=32)
        .map(|step| {
            let mix = |c: u8| {
                let c = f64::from(c);
                (c + (255.0 - c) * f64::from(step) / 32.0).round() as u8
            };
            [mix(fg_rgb[0]), mix(fg_rgb[1]), mix(fg_rgb[2])]
        })
        .find(|c| contrast(*c, bg_rgb) >= CONTRAST)
        .map_or_else(
            || fg.to_string(),
            |[r, g, b]| format!("#{r:02x}{g:02x}{b:02x}"),
        )
}

/// The channels of `#rrggbb`.
fn rgb(hex: &str) -> Option<[u8; 3]> {
    let hex = hex.strip_prefix('#').filter(|h| h.len() == 6)?;
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// The contrast ratio of two colours (WCAG's relative luminance).
fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let luminance = |c: [u8; 3]| {
        let linear = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Escapes text for XML.
pub(crate) fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The screen of `step` as a standalone SVG: a monospace grid on black,
/// each cell in its real colours, lightened where too dark to read.
pub fn svg(trace: &Trace, step: &Step) -> String {
    let (cols, rows) = trace.size_at(step.number);
    let (cols, rows) = (usize::from(cols), usize::from(rows));
    let (w, h) = (cols * CELL.0, rows * CELL.1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"15\">"
    );
    let _ = writeln!(out, "<title>{}</title>", xml(&heading(trace, step)));
    let _ = writeln!(
        out,
        "<rect width=\"{w}\" height=\"{h}\" fill=\"{BACKGROUND}\"/>"
    );
    for y in 0..rows {
        for (x, text, look) in runs(step, y) {
            let (fg, bg) = colours(&look);
            let width = text.chars().count() * CELL.0;
            let (px, py) = (x * CELL.0, y * CELL.1);
            if bg != BACKGROUND {
                let _ = writeln!(
                    out,
                    "<rect x=\"{px}\" y=\"{py}\" width=\"{width}\" height=\"{}\" fill=\"{bg}\"/>",
                    CELL.1
                );
            }
            if text.trim().is_empty() {
                continue;
            }
            let bold = look.has("bold");
            let weight = if bold { " font-weight=\"bold\"" } else { "" };
            let _ = writeln!(
                out,
                "<text x=\"{px}\" y=\"{}\" textLength=\"{width}\" lengthAdjust=\"spacingAndGlyphs\" fill=\"{fg}\"{weight} xml:space=\"preserve\">{}</text>",
                py + CELL.1 - 5,
                xml(&text)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The screen of `step` as a standalone HTML page: a `<pre>` on black,
/// each run of cells in its real colours, lightened where too dark to read.
pub fn html(trace: &Trace, step: &Step) -> String {
    let title = xml(&heading(trace, step));
    let mut out = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body style=\"background:{BACKGROUND}\">\n<pre style=\"font-family:monospace;color:{FOREGROUND};background:{BACKGROUND};line-height:1.2\">"
    );
    for y in 0..step.text.len() {
        for (_, text, look) in runs(step, y) {
            let (fg, bg) = colours(&look);
            let bold = look.has("bold");
            let weight = if bold { ";font-weight:bold" } else { "" };
            let _ = write!(
                out,
                "<span style=\"color:{fg};background:{bg}{weight}\">{}</span>",
                xml(&text)
            );
        }
        out.push('\n');
    }
    out.push_str("</pre>\n</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_of_the_grid_renderer_reads_at_4_5_to_1_or_better() {
        let css = include_str!("../assets/grid.css");
        // The rules without their comments.
        let css: String = css
            .split("/*")
            .map(|part| part.split_once("*/").map_or(part, |(_, rest)| rest))
            .collect();
        let mut rules = 0;
        for rule in css.split('}') {
            let value = |name: &str| {
                rule.split(';').find_map(|d| {
                    let (key, value) = d.split_once(':')?;
                    let key = key.rsplit(['{', '\n']).next()?.trim();
                    (key == name).then(|| value.trim().to_string())
                })
            };
            if let (Some(fg), Some(bg)) = (value("color"), value("background"))
            {
                let (fg, bg) = (rgb(&fg).unwrap(), rgb(&bg).unwrap());
                assert!(contrast(fg, bg) >= CONTRAST, "{rule}");
                rules += 1;
            }
        }
        assert_eq!(
            rules, 6,
            "the screen's, the four classes' and the cursor's"
        );
    }

    #[test]
    fn pictures_read_at_4_5_to_1_or_better() {
        let black = [0, 0, 0];
        let blue = readable("#0000ee", "#000000");
        assert_ne!(blue, "#0000ee");
        assert!(contrast(rgb(&blue).unwrap(), black) >= CONTRAST);
        assert!(contrast(rgb("#0000ee").unwrap(), black) < 2.3);
        // White on black reads already, and stays.
        assert_eq!(readable("#e5e5e5", "#000000"), "#e5e5e5");
    }
}
