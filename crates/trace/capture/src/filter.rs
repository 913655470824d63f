//! What a terminal shows and the emulator (`vt100`) does not, done before
//! it takes output in: NEL (`ESC E`, curses' `CR LF`) as `CR LF`; the DEC
//! special graphics (`ESC ( 0`, `ESC ) 0` and SO: curses' lines) as xterm
//! draws them; blinking, as the bold of a second emulator from the first.

use crate::last_words::switched;

/// DEC special graphics, `_` to `~`, as xterm draws them (its table,
/// <https://invisible-island.net/xterm/ctlseqs/ctlseqs.html>), `_` blank.
const GRAPHICS: &str = " ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·";

/// What the output left unended, and the sets it chose.
#[derive(Default)]
pub(crate) struct Filter {
    /// An escape sequence begun and not ended.
    esc: Vec<u8>,
    /// Whether G0 and G1 are the special graphics, and G1 shifted to.
    graphics: [bool; 2],
    shifted: bool,
    /// The emulator of blinking, once a cell blinked.
    pub(crate) blink: Option<vt100::Parser>,
}

impl Filter {
    /// Takes in `bytes`, what the program wrote next, into `parser`.
    pub(crate) fn feed<C: vt100::Callbacks>(
        &mut self,
        parser: &mut vt100::Parser<C>,
        bytes: &[u8],
    ) {
        let mut out = Vec::with_capacity(bytes.len());
        let mut rest = bytes;
        while let [b, after @ ..] = rest {
            let b = *b;
            rest = after;
            // Text in the usual set goes on as it is, up to what may not.
            let special = |c: &u8| matches!(c, 0x1b | 0x0e | 0x0f);
            if self.esc.is_empty()
                && self.graphics == [false; 2]
                && !special(&b)
            {
                let n = rest.iter().position(special).unwrap_or(rest.len());
                out.push(b);
                out.extend_from_slice(&rest[..n]);
                rest = &rest[n..];
                continue;
            }
            if b == 0x1b {
                out.append(&mut self.esc);
            }
            if b == 0x1b || !self.esc.is_empty() {
                self.esc.push(b);
                self.ended(parser, &mut out);
            } else if b == 0x0e || b == 0x0f {
                self.shifted = b == 0x0e;
            } else if (0x5f..0x7f).contains(&b)
                && self.graphics[usize::from(self.shifted)]
            {
                let glyph = GRAPHICS.chars().nth(usize::from(b - 0x5f));
                out.extend(glyph.unwrap_or(' ').to_string().bytes());
            } else {
                out.push(b);
            }
        }
        parser.process(&out);
        self.blink.iter_mut().for_each(|blink| blink.process(&out));
    }

    /// Sends the escape sequence read if it is ended: NEL as `CR LF`, a
    /// rendition to the emulator of blinking as [`blinking`] says, which
    /// its first blinking starts; it takes the choice of a set itself.
    fn ended<C: vt100::Callbacks>(
        &mut self,
        parser: &mut vt100::Parser<C>,
        out: &mut Vec<u8>,
    ) {
        let (esc, last) = (&self.esc, self.esc[self.esc.len() - 1]);
        let ended = match esc.get(1) {
            None => false,
            Some(b'[') => esc.len() > 2 && (0x40..=0x7e).contains(&last),
            Some(_) => !(0x20..=0x2f).contains(&last),
        };
        let esc = match ended {
            true => std::mem::take(&mut self.esc),
            false => return,
        };
        let sgr = |p: &[u8]| p.iter().all(|c| b"0123456789;:".contains(c));
        match &esc[1..] {
            b"E" => out.extend(b"\r\n"),
            [g @ (b'(' | b')'), set @ (b'0' | b'B')] => {
                self.graphics[usize::from(*g == b')')] = *set == b'0';
            }
            // Blinking cared for only once it is met.
            [b'[', params @ .., b'm']
                if sgr(params)
                    && (self.blink.is_some()
                        || params.iter().any(|c| b"56".contains(c))) =>
            {
                let its = blinking(params);
                parser.process(out);
                self.blink.iter_mut().for_each(|blink| blink.process(out));
                out.clear();
                if self.blink.is_none() && its.contains(&&b";1"[..]) {
                    let erased = b"\x1b[m\x1b[2J";
                    self.blink = Some(switched(parser.screen(), true, erased));
                }
                parser.process(&esc);
                if let Some(blink) = &mut self.blink {
                    blink.process(
                        &[b"\x1b[39", &its.concat()[..], b"m"].concat(),
                    );
                }
            }
            _ => out.extend(esc),
        }
    }
}

/// What of a rendition's parameters the emulator of blinking is sent,
/// each after a `;`: blinking as bold, its end, and a reset.
fn blinking(params: &[u8]) -> Vec<&[u8]> {
    // How many parameters of a colour (`38;5;N`, `38;2;R;G;B`) are left.
    let mut colour = 0;
    let told = params.split(|&c| c == b';').map(|p| {
        let told = match (colour, p) {
            (0, b"5" | b"6") => Some(&b";1"[..]),
            (0, b"25") => Some(&b";22"[..]),
            (0, b"" | b"0") => Some(&b";0"[..]),
            _ => None,
        };
        colour = match (colour, p) {
            (0, b"38" | b"48" | b"58") => usize::MAX,
            (usize::MAX, b"5") => 1,
            (usize::MAX, b"2") => 3,
            (usize::MAX | 0, _) => 0,
            (n, _) => n - 1,
        };
        told
    });
    told.flatten().collect()
}
