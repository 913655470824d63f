//! Printing a recorded screen: `rogue-trace show`.

use crate::escape::key_literal;
use crate::format::{Step, Trace};

/// The screen of `step`, with a heading; in colour (ANSI escapes: pair 1
/// white on black, pair 2 blue on black) when `colour` is set.
pub fn render(trace: &Trace, n: usize, colour: bool) -> String {
    let step: &Step = &trace.steps[n];
    let key = step
        .key
        .map_or_else(|| "- (before the first key)".to_string(), key_literal);
    let mut out = format!(
        "step {n} of {} (key {key}), {}x{}\n",
        trace.steps.len() - 1,
        trace.header.cols,
        trace.header.rows
    );
    for (text, classes) in step.text.iter().zip(&step.colours) {
        if !colour {
            out.push_str(text);
            out.push('\n');
            continue;
        }
        let mut current = ' ';
        for (ch, class) in text.chars().zip(classes.chars()) {
            if class != current {
                out.push_str(match class {
                    'w' => "\x1b[0;37;40m",
                    'b' => "\x1b[0;34;40m",
                    '?' => "\x1b[0;7m",
                    _ => "\x1b[0m",
                });
                current = class;
            }
            out.push(ch);
        }
        out.push_str("\x1b[0m\n");
    }
    out
}
