//! A program's last words: the last lines it wrote outside its screens.
//!
//! In a pseudo-terminal they are what the terminal's main screen shows once
//! the program has ended, not the alternate screen curses draws on: what it
//! printed before it started curses (a usage line), after it left curses
//! (`endwin`), and its standard error, which goes to the same terminal,
//! written outside curses. A program that dies inside curses leaves the
//! alternate screen showing; its main screen is read all the same. On the
//! Windows console, which has no alternate screen, they are the last lines
//! the console shows once the program has ended, the game's own screen if
//! the program left it there.

use std::num::NonZeroU16;

/// The most lines kept.
pub const MAX_LINES: usize = 10;
/// The most characters kept of a line.
pub const MAX_CHARS: usize = 200;

/// The last words on an emulated terminal's main screen: each line
/// wrapped over several rows is one line.
pub fn of_screen(screen: &vt100::Screen) -> Vec<String> {
    let main = main_screen(screen);
    let screen = main.screen();
    let (rows, cols) = screen.size();
    let mut lines: Vec<String> = Vec::new();
    let mut wrapped = false;
    for (y, row) in (0..rows.get()).zip(screen.rows(0, cols.get())) {
        match lines.last_mut() {
            Some(line) if wrapped => line.push_str(&row),
            _ => lines.push(row),
        }
        wrapped = screen.row_wrapped(y);
    }
    last_lines(lines)
}

/// The main screen of `screen`, shown as it stands if the alternate one
/// is showing.
fn main_screen(screen: &vt100::Screen) -> vt100::Parser {
    let one = NonZeroU16::MIN;
    let mut parser = vt100::Parser::new(one, one, 0);
    *parser.screen_mut() = screen.clone();
    if screen.alternate_screen() {
        // Leaving the alternate screen, as `rmcup` does, shows the main
        // one as the program left it.
        parser.process(b"\x1b[?47l");
    }
    parser
}

/// The last [`MAX_LINES`] of `lines` that are not blank, each without its
/// trailing blanks and cut to [`MAX_CHARS`].
pub fn last_lines(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let kept: Vec<String> = lines
        .into_iter()
        .map(|line| line.trim_end().chars().take(MAX_CHARS).collect())
        .filter(|line: &String| !line.is_empty())
        .collect();
    let skip = kept.len().saturating_sub(MAX_LINES);
    kept.into_iter().skip(skip).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terminal(cols: u16, rows: u16, output: &[u8]) -> vt100::Parser {
        let size = |n| NonZeroU16::new(n).unwrap();
        let mut parser = vt100::Parser::new(size(rows), size(cols), 0);
        parser.process(output);
        parser
    }

    #[test]
    fn the_main_screen_is_read_not_the_alternate_one() {
        let before = b"usage: game\r\n\x1b[?1049h\x1b[H\x1b[2J@ the game";
        let inside = terminal(20, 5, before);
        assert!(inside.screen().alternate_screen());
        assert_eq!(of_screen(inside.screen()), ["usage: game"]);

        let mut after = before.to_vec();
        after.extend_from_slice(b"\x1b[?1049lbye\r\n\r\n  \r\nfailed: x > 0");
        let left = terminal(20, 6, &after);
        assert_eq!(
            of_screen(left.screen()),
            ["usage: game", "bye", "failed: x > 0"]
        );
    }

    #[test]
    fn a_wrapped_line_is_one_line_and_long_ones_are_cut() {
        let long = "x".repeat(MAX_CHARS + 30);
        let parser = terminal(100, 5, format!("{long}\r\nend").as_bytes());
        let words = of_screen(parser.screen());
        assert_eq!(words, ["x".repeat(MAX_CHARS), "end".to_string()]);
    }

    #[test]
    fn only_the_last_lines_are_kept() {
        let lines = (1..=15).map(|n| format!("line {n}  "));
        let kept = last_lines(lines);
        assert_eq!(kept.len(), MAX_LINES);
        assert_eq!(kept.first().map(String::as_str), Some("line 6"));
        assert_eq!(kept.last().map(String::as_str), Some("line 15"));
    }
}
