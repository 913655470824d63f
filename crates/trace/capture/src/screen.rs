//! The screen model: the emulated terminal's screen (`vt100`), or the
//! Windows console's cells, read back as a trace step, cell by cell. A
//! cell's full [`Look`] is built only for a cell of no class (`?`): this
//! halves the time of a step, what limits a capture of every step.

use std::cell::RefCell;

use rogue_trace_format::classes::{class_of_colours, Colour, Look, ODD, PLAIN};
use rogue_trace_format::keys::bytes_told;
use rogue_trace_format::played::Left;
use rogue_trace_format::{Cursor, OddCell, Step};

/// The look of a `vt100` cell, or of its screen's pen, blinking or not.
macro_rules! look_of {
    ($c:expr, $blinks:expr) => {{
        let c = $c;
        let flags = [c.bold(), c.italic(), c.underline(), c.inverse(), c.dim()];
        let flags = flags.into_iter().chain([$blinks]);
        let names = rogue_trace_format::classes::ATTRIBUTES;
        let on = names.into_iter().zip(flags).filter(|f| f.1);
        Look {
            fg: colour(c.fgcolor()),
            bg: colour(c.bgcolor()),
            attributes: on.map(|f| f.0).collect(),
        }
    }};
}

/// What a step needs of a cell besides its character.
pub(crate) trait Appearance {
    /// The class of the cell if it is not blank.
    fn class(&self) -> char;
    /// Its full look (asked only of a cell of class `?`).
    fn look(&self) -> Look;
    /// Its look if it is blank: its background, and its foreground where
    /// inverse or underline shows it; `None` if plain, as on black (curses
    /// erases with the terminal's own colours or white on black).
    fn blank(&self) -> Option<Look>;
}

impl Appearance for Look {
    fn class(&self) -> char {
        Look::class(self)
    }

    fn look(&self) -> Look {
        self.clone()
    }

    fn blank(&self) -> Option<Look> {
        let bg = Some(self.bg).filter(|&bg| bg != Colour::Index(0))?;
        let attributes = Vec::new();
        Some(Look {
            fg: Colour::Default,
            bg,
            attributes,
        })
    }
}

/// A `vt100` cell, and whether it blinks.
impl Appearance for (Option<&vt100::Cell>, bool) {
    fn class(&self) -> char {
        match self.0 {
            Some(c)
                if c.bold()
                    || c.italic()
                    || c.underline()
                    || c.inverse()
                    || c.dim()
                    || self.1 =>
            {
                ODD
            }
            Some(c) => {
                class_of_colours(colour(c.fgcolor()), colour(c.bgcolor()))
            }
            None => PLAIN,
        }
    }

    fn look(&self) -> Look {
        let of = |c: &vt100::Cell| look_of!(c, self.1);
        self.0.map_or_else(|| Look::of_class(PLAIN), of)
    }

    fn blank(&self) -> Option<Look> {
        let plain = [vt100::Color::Default, vt100::Color::Idx(0)];
        let c = self.0.filter(|c| {
            c.inverse() || c.underline() || !plain.contains(&c.bgcolor())
        })?;
        let mut look = look_of!(c, false);
        look.attributes
            .retain(|&a| a == "inverse" || a == "underline");
        if look.attributes.is_empty() {
            look.fg = Colour::Default;
        }
        Some(look)
    }
}

/// The emulated screen as step `number`: characters, colour classes, and
/// the look of cells that are neither pair 1, pair 2 nor plain.
pub fn screen_step(
    screen: &vt100::Screen,
    number: usize,
    key: Option<char>,
) -> Step {
    screen_step_since(screen, None, None, number, key)
}

/// As [`screen_step`], its cells blinking where they are bold in `blink`'s
/// ([`crate::filter`]), with the rows that are the same as in `before`'s
/// screen taken from its step: reading a cell is most of what a step
/// costs, and a key changes a few rows.
pub(crate) fn screen_step_since(
    screen: &vt100::Screen,
    blink: Option<&vt100::Screen>,
    before: Option<(&vt100::Screen, &Step)>,
    number: usize,
    key: Option<char>,
) -> Step {
    let (rows, cols) = screen.size();
    let before = before.filter(|(s, _)| s.size() == screen.size());
    let mut same = before.map(|(s, _)| screen.rows_diff(s, 0, cols.get()));
    let mut step = Step {
        number,
        key,
        ..Step::default()
    };
    for y in 0..rows.get() {
        match (same.as_mut().and_then(Iterator::next), before) {
            (Some(diff), Some((_, was))) if diff.is_empty() => {
                step.text.push(was.text[usize::from(y)].clone());
                step.colours.push(was.colours[usize::from(y)].clone());
                let odd = was.odd.iter().filter(|c| c.y == y).cloned();
                step.odd.extend(odd);
            }
            _ => push_row(
                &mut step,
                (0..cols.get()).map(|x| {
                    let cell = screen.cell(y, x);
                    let ch = cell.filter(|c| c.has_contents());
                    let ch = ch.and_then(|c| c.contents().chars().next());
                    let blinks = blink.and_then(|b| b.cell(y, x));
                    (
                        ch.unwrap_or(' '),
                        (cell, blinks.is_some_and(|c| c.bold())),
                    )
                }),
            ),
        }
    }
    step.cursor = cursor_of(screen);
    step
}

/// The emulated terminal as step `number`: its screen, blinking where
/// `blink`'s is bold, the rows the same as in `before`'s screen taken
/// from its step, and what it heard since the step before was read
/// ([`Beyond::heard_at`]).
pub(crate) fn terminal_step(
    parser: &vt100::Parser<Beyond>,
    blink: Option<&vt100::Screen>,
    before: Option<(&vt100::Screen, &Step)>,
    number: usize,
    key: Option<char>,
) -> Step {
    let screen = parser.screen();
    let mut step = screen_step_since(screen, blink, before, number, key);
    step.heard = parser.callbacks().heard_at(number);
    step
}

/// What the terminal receives beyond its screen's cells, which the
/// emulator hands over: bells, titles (and xterm's stack of them, pushed
/// and popped by curses' `smcup` and `rmcup`), autowrap, insert mode, and
/// every other sequence it leaves unhandled, named by its bytes, but those
/// that change nothing seen (the cursor's style, a hyperlink: `OSC 8`, and
/// the `ESC \` that ends it).
#[derive(Debug, Default)]
pub struct Beyond {
    /// The window's title and the icon's, and the stack of them.
    titles: (Vec<u8>, Vec<u8>),
    stack: Vec<(Vec<u8>, Vec<u8>)>,
    /// Autowrap turned off, insert mode on.
    no_wrap: bool,
    insert: bool,
    /// What was heard, and which of it the step last read took.
    heard: RefCell<Heard>,
}

/// Bells and unhandled sequences heard, in order, and where the step last
/// read began and ended among them.
#[derive(Debug, Default)]
struct Heard {
    events: Vec<String>,
    step: Option<usize>,
    from: usize,
    to: usize,
}

impl Beyond {
    /// What was heard for step `number`: everything since the step before
    /// it was last read (read again, the same step takes what came since
    /// too); nothing for a step before the last read.
    pub fn heard_at(&self, number: usize) -> Vec<String> {
        let mut heard = self.heard.borrow_mut();
        match heard.step {
            Some(last) if number < last => return Vec::new(),
            Some(last) if number == last => {}
            _ => {
                let to = heard.to;
                heard.events.drain(..to);
                (heard.step, heard.from) = (Some(number), 0);
            }
        }
        heard.to = heard.events.len();
        let mut told: Vec<String> = heard.events[heard.from..].to_vec();
        told.sort();
        told.dedup();
        told
    }

    /// What was heard since the step last read, each once, sorted.
    fn heard_since(&self) -> Vec<String> {
        let heard = self.heard.borrow();
        let mut told = heard.events[heard.to..].to_vec();
        told.sort();
        told
    }

    /// Hears `what`, once until the next step read takes it: a program
    /// that rings on and on between two steps costs no more.
    fn hear(&mut self, what: String) {
        let heard = self.heard.get_mut();
        if !heard.events[heard.to..].contains(&what) {
            heard.events.push(what);
        }
    }
}

impl vt100::Callbacks for Beyond {
    fn audible_bell(&mut self, _: &mut vt100::Screen) {
        self.hear("bell".into());
    }

    fn visual_bell(&mut self, _: &mut vt100::Screen) {
        self.hear("visual bell".into());
    }

    fn set_window_icon_name(&mut self, _: &mut vt100::Screen, name: &[u8]) {
        self.titles.1 = name.to_vec();
    }

    fn set_window_title(&mut self, _: &mut vt100::Screen, title: &[u8]) {
        self.titles.0 = title.to_vec();
    }

    fn unhandled_char(&mut self, _: &mut vt100::Screen, c: char) {
        self.hear(bytes_told(c.to_string().as_bytes()));
    }

    fn unhandled_control(&mut self, _: &mut vt100::Screen, b: u8) {
        self.hear(bytes_told(&[b]));
    }

    fn unhandled_escape(
        &mut self,
        _: &mut vt100::Screen,
        i1: Option<u8>,
        i2: Option<u8>,
        b: u8,
    ) {
        if i2.is_some() || (i1, b) != (None, b'\\') {
            let bytes = [Some(0x1b), i1, i2, Some(b)];
            self.hear(bytes_told(
                &bytes.into_iter().flatten().collect::<Vec<_>>(),
            ));
        }
    }

    fn unhandled_csi(
        &mut self,
        _: &mut vt100::Screen,
        i1: Option<u8>,
        i2: Option<u8>,
        params: &[&[u16]],
        c: char,
    ) {
        let first = params.first().and_then(|p| p.first()).copied();
        match (i1, first, c) {
            (Some(b'?'), Some(7), 'h' | 'l') => self.no_wrap = c == 'l',
            (None, Some(4), 'h' | 'l') => self.insert = c == 'h',
            (Some(b'?'), Some(12), 'h' | 'l') | (None, Some(34), 'h' | 'l') => {
            }
            // Blinking, which the filter keeps apart (`crate::filter`).
            (None, _, 'm')
                if params.iter().any(|p| matches!(p, [5 | 6 | 25])) => {}
            (None, Some(22), 't') => self.stack.push(self.titles.clone()),
            (None, Some(23), 't') => {
                let which = params.get(1).and_then(|p| p.first());
                let titles = self.stack.pop().unwrap_or_default();
                match which {
                    Some(1) => self.titles.1 = titles.1,
                    Some(2) => self.titles.0 = titles.0,
                    _ => self.titles = titles,
                }
            }
            _ => {
                let told: Vec<String> = params
                    .iter()
                    .map(|p| {
                        p.iter()
                            .map(u16::to_string)
                            .collect::<Vec<_>>()
                            .join(":")
                    })
                    .collect();
                let (marker, inter) = match i1 {
                    Some(m) if (0x3c..=0x3f).contains(&m) => (Some(m), i2),
                    other => (None, other.or(i2)),
                };
                let mut bytes = b"\x1b[".to_vec();
                bytes.extend(marker);
                bytes.extend(told.join(";").bytes());
                bytes.extend(inter);
                bytes.extend(c.to_string().bytes());
                self.hear(bytes_told(&bytes));
            }
        }
    }

    fn unhandled_osc(&mut self, _: &mut vt100::Screen, params: &[&[u8]]) {
        if params.first() == Some(&&b"8"[..]) {
            return;
        }
        let mut bytes = b"\x1b]".to_vec();
        bytes.extend(params.join(&b';'));
        bytes.push(7);
        self.hear(bytes_told(&bytes));
    }
}

/// How a program left the emulated terminal: its screen's modes, the pen
/// it writes in, the modes and titles kept beside it ([`Beyond`]), and
/// the line modes, `(canonical, echo)`, where they are read.
pub fn left_of(
    parser: &vt100::Parser<Beyond>,
    modes: Option<(bool, bool)>,
) -> Left {
    use vt100::MouseProtocolMode as Mode;
    let (screen, beyond) = (parser.screen(), parser.callbacks());
    let mouse = match screen.mouse_protocol_mode() {
        Mode::None => "",
        Mode::Press => "on a button's press",
        Mode::PressRelease => "on a button's press and release",
        Mode::ButtonMotion => "on a button's press, release and drag",
        Mode::AnyMotion => "on every move",
    };
    let title = |t: &[u8]| Some(String::from_utf8_lossy(t).into_owned());
    Left {
        alternate_screen: Some(screen.alternate_screen()),
        cursor_hidden: Some(screen.hide_cursor()),
        keypad: Some(screen.application_keypad()),
        cursor_keys: Some(screen.application_cursor()),
        echo: modes.map(|(_, echo)| echo),
        canonical: modes.map(|(canonical, _)| canonical),
        pen: Some(look_of!(screen, false)),
        mouse: Some(mouse),
        bracketed_paste: Some(screen.bracketed_paste()),
        autowrap: Some(!beyond.no_wrap),
        scroll_region: Some(scroll_region(screen)),
        insert: Some(beyond.insert),
        window_title: title(&beyond.titles.0),
        icon_title: title(&beyond.titles.1),
        heard_at_end: Some(beyond.heard_since()),
    }
}

/// Whether a scroll region narrower than the screen is set, which the
/// emulator keeps but does not show: on a copy, the cursor moved down as
/// far as it goes from a row inside the region stops at its bottom, and
/// then up as far as it goes at its top.
fn scroll_region(screen: &vt100::Screen) -> bool {
    let rows = screen.size().0.get();
    let mut probe = crate::last_words::switched(screen, false, b"");
    (1..=rows).any(|row| {
        probe.process(format!("\x1b[?6l\x1b[{row};1H\x1b[999B").as_bytes());
        let bottom = probe.screen().cursor_position().0;
        probe.process(b"\x1b[999A");
        (probe.screen().cursor_position().0, bottom) != (0, rows - 1)
    })
}

/// Where the emulated terminal shows its cursor: hidden, or at its
/// position.
fn cursor_of(screen: &vt100::Screen) -> Cursor {
    if screen.hide_cursor() {
        return Cursor::Hidden;
    }
    // Past the last column, a terminal shows it on the last one.
    let (y, x) = screen.cursor_position();
    let (_, cols) = screen.size();
    Cursor::At {
        y,
        x: x.min(cols.get() - 1),
    }
}

/// Step `number` of a screen `cols` wide, from its cells row by row, each
/// a character and its appearance.
#[cfg(windows)]
pub(crate) fn step_of_cells(
    number: usize,
    key: Option<char>,
    cols: u16,
    cells: impl Iterator<Item = (char, impl Appearance)>,
) -> Step {
    let mut step = Step {
        number,
        key,
        ..Step::default()
    };
    let mut cells = cells.peekable();
    while cells.peek().is_some() {
        push_row(&mut step, cells.by_ref().take(usize::from(cols)));
    }
    step
}

/// Adds a row to `step` from its cells; a blank character is always plain.
fn push_row(
    step: &mut Step,
    cells: impl Iterator<Item = (char, impl Appearance)>,
) {
    let y = step.text.len() as u16;
    let (mut text, mut colours) = (String::new(), String::new());
    for (x, (ch, appearance)) in (0u16..).zip(cells) {
        let blank = (ch == ' ').then(|| appearance.blank());
        let class = match &blank {
            Some(None) => PLAIN,
            Some(Some(_)) => ODD,
            None => appearance.class(),
        };
        if class == ODD {
            let look = blank.flatten().unwrap_or_else(|| appearance.look());
            step.odd.push(OddCell { y, x, look });
        }
        text.push(ch);
        colours.push(class);
    }
    step.text.push(text);
    step.colours.push(colours);
}

/// A colour as the emulator gives it.
fn colour(c: vt100::Color) -> Colour {
    match c {
        vt100::Color::Default => Colour::Default,
        vt100::Color::Idx(i) => Colour::Index(i),
        vt100::Color::Rgb(r, g, b) => Colour::Rgb(r, g, b),
    }
}
