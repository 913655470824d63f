//! Recording a program on the Windows console itself: `rogue-trace
//! capture` on Windows, and under Wine.
//!
//! Each capture runs the program on a console of its own, so that two at
//! once do not share keys and screens: a windowless copy of the capturing
//! program (`host`) starts it there and does what the capture asks on a
//! pipe (`link`). A program that captures calls [`serve_if_asked`] first.
//!
//! Keys go into the console's input buffer (a key-down and a key-up
//! record each), screens come out of the active screen buffer
//! (`buffers`), their attributes read by [`Look::of_console`].
//!
//! A screen has settled when the input buffer has drained and the screen
//! then held still for [`HELD_STILL`]: PDCurses's `getch` reads a key's
//! key-up only in the next `getch`, after its `refresh`. At start-up a
//! focus record stands in for the key-up.

mod buffers;
pub mod host;
mod link;
mod wire;

use std::ffi::OsString;
use std::io;
use std::thread;
use std::time::{Duration, Instant};

use rogue_trace_format::classes::Look;
use rogue_trace_format::keys;
use rogue_trace_format::{Cursor, Step};
use windows_sys::Win32::System::Console::{
    ENABLE_ECHO_INPUT, ENABLE_LINE_INPUT, ENHANCED_KEY, FOCUS_EVENT,
    INPUT_RECORD, KEY_EVENT, LEFT_ALT_PRESSED, LEFT_CTRL_PRESSED,
    SHIFT_PRESSED,
};
use windows_sys::Win32::UI::Input::KeyboardAndMouse::{
    MapVirtualKeyW, VkKeyScanW, MAPVK_VK_TO_VSC, VK_DELETE, VK_DOWN, VK_END,
    VK_F1, VK_HOME, VK_INSERT, VK_LEFT, VK_NEXT, VK_PRIOR, VK_RIGHT, VK_UP,
};

pub use host::serve_if_asked;

use crate::last_words;
use crate::recording::{Recording, EXIT_WAIT};
use crate::settle::look_pause;
use crate::Ending;
use crate::{Exit, Left, Settle, Settled, Timing};

/// How long the screen must hold still once the input has drained.
pub const HELD_STILL: Duration = Duration::from_millis(20);

/// How often, at most, the console is looked at while waiting.
const LOOK_EVERY: Duration = Duration::from_millis(1);

/// A program running on a console of its own, through its host.
pub struct ConsoleSession {
    host: link::Host,
    cols: u16,
    /// The last screen read: characters and attributes, row by row.
    cells: Vec<(u16, u16)>,
    /// The cursor as the screen last settled.
    cursor: Cursor,
    exited: bool,
}

impl ConsoleSession {
    /// Starts `command` on a console of its own, `cols` by `rows`, with
    /// the extra environment `env`.
    pub fn spawn(
        command: &[OsString],
        cols: u16,
        rows: u16,
        env: &[(String, String)],
    ) -> io::Result<ConsoleSession> {
        if command.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no command to run",
            ));
        }
        let mut session = ConsoleSession {
            host: link::Host::start(command, cols, rows, env)?,
            cols,
            cells: Vec::new(),
            cursor: Cursor::Unknown,
            exited: false,
        };
        session.cells = session.read_screen()?;
        Ok(session)
    }

    /// Types `key`: its key-down and key-up records.
    pub fn send(&mut self, key: char) -> io::Result<()> {
        self.host.type_key(key)
    }

    /// Waits until the screen has settled, the program has exited, or it
    /// kept busy past the limit (`first`: at start-up).
    pub fn settle(&mut self, how: &Settle, first: bool) -> Settled {
        let (timing, drain, still) = match how {
            Settle::Observe(t) => (t, true, HELD_STILL),
            Settle::Quiet(t) => (t, false, t.quiet),
        };
        let Timing {
            first_output,
            busy_limit,
            ..
        } = *timing;
        let start = Instant::now();
        let deadline = start
            + busy_limit
            + if first { first_output } else { Duration::ZERO };
        let mut still_since = start;
        // When the screen last changed: the pause between looks grows
        // with the time since.
        let mut changed_at = start;
        loop {
            if self.has_exited() {
                if let Ok(cells) = self.read_screen() {
                    self.cells = cells;
                }
                return Settled::Exited;
            }
            // The screen is read only once the program has read the key:
            // until then it holds still from now on at the earliest.
            if drain && self.pending_input() != Some(0) {
                still_since = Instant::now();
            } else {
                match self.read_screen() {
                    Ok(cells) if cells != self.cells => {
                        self.cells = cells;
                        still_since = Instant::now();
                        changed_at = still_since;
                    }
                    Ok(_) => {}
                    Err(_) => return Settled::Busy,
                }
                if still_since.elapsed() >= still {
                    return Settled::Quiet { drew: true };
                }
            }
            if Instant::now() >= deadline {
                if let Ok(cells) = self.read_screen() {
                    self.cells = cells;
                }
                return Settled::Busy;
            }
            thread::sleep(look_pause(changed_at.elapsed()).max(LOOK_EVERY));
        }
    }

    /// The screen as step `number` of a trace.
    pub fn step(&self, number: usize, key: Option<char>) -> Step {
        let cells = self.cells.iter().map(|&(unit, attributes)| {
            let ch = char::from_u32(u32::from(unit))
                .filter(|c| !c.is_control())
                .unwrap_or(' ');
            (ch, Look::of_console(attributes))
        });
        let mut step =
            crate::screen::step_of_cells(number, key, self.cols, cells);
        step.cursor = self.cursor;
        step
    }

    /// How the program left its console: the cursor, and its input's echo
    /// and line modes.
    pub fn left(&mut self) -> Left {
        let cursor = self.host.cursor().ok();
        let mode = self.host.input_mode().ok();
        Left {
            cursor_hidden: cursor.map(|(shown, _, _)| !shown),
            echo: mode.map(|m| m & ENABLE_ECHO_INPUT != 0),
            canonical: mode.map(|m| m & ENABLE_LINE_INPUT != 0),
            ..Left::default()
        }
    }

    /// Reads where the cursor is, as the screen has settled.
    pub fn read_cursor(&mut self) {
        self.cursor = match self.host.cursor() {
            Ok((false, _, _)) => Cursor::Hidden,
            Ok((true, x, y)) => Cursor::At { y, x },
            Err(_) => Cursor::Unknown,
        };
    }

    /// How the program ended (a crash's NTSTATUS named), within `timeout`.
    pub fn exit_status(&mut self, timeout: Duration) -> Exit {
        let start = Instant::now();
        loop {
            match self.host.exited() {
                Ok(Some(status)) => return Exit::of_status(status),
                Ok(None) if start.elapsed() < timeout => {
                    thread::sleep(look_pause(start.elapsed()).max(LOOK_EVERY))
                }
                _ => return Exit::Unknown,
            }
        }
    }

    /// Ends the program, and its console with it.
    pub fn kill(&mut self) {
        self.host.end();
        self.exited = true;
    }

    /// Whether the screen is blank.
    pub fn blank(&self) -> bool {
        self.cells.iter().all(|&(unit, _)| unit == u16::from(b' '))
    }

    /// Whether the program has exited (or its host, with it).
    fn has_exited(&mut self) -> bool {
        self.exited |= !matches!(self.host.exited(), Ok(None));
        self.exited
    }

    /// How many input records wait to be read.
    fn pending_input(&mut self) -> Option<u32> {
        self.host.pending_input().ok()
    }

    /// The active screen buffer's cells, as (character, attributes).
    fn read_screen(&mut self) -> io::Result<Vec<(u16, u16)>> {
        self.host.screen()
    }
}

impl Drop for ConsoleSession {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A focus record, which PDCurses reads and drops.
fn focus_record() -> INPUT_RECORD {
    let mut record = INPUT_RECORD {
        EventType: FOCUS_EVENT as u16,
        ..Default::default()
    };
    record.Event.FocusEvent.bSetFocus = 1;
    record
}

/// The key-down and key-up records of `key`: a special key's virtual-key
/// code, or the key's UTF-16 unit(s) as the keyboard layout types them.
fn key_records(key: char) -> Vec<INPUT_RECORD> {
    if let Some((vk, state)) = special_vk(key) {
        return pressed(vk, 0, state).to_vec();
    }
    let mut units = [0u16; 2];
    let units = key.encode_utf16(&mut units);
    let mut records = Vec::new();
    for &unit in units.iter() {
        // SAFETY: plain arguments.
        let scan = unsafe { VkKeyScanW(unit) };
        let (vk, shift) = if scan == -1 {
            (0, 0)
        } else {
            ((scan & 0xff) as u16, (scan >> 8) as u8)
        };
        let state = [
            (1, SHIFT_PRESSED),
            (2, LEFT_CTRL_PRESSED),
            (4, LEFT_ALT_PRESSED),
        ]
        .iter()
        .filter(|(bit, _)| shift & bit != 0)
        .fold(0, |s, (_, flag)| s | flag);
        records.extend(pressed(vk, unit, state));
    }
    records
}

/// A special key's virtual-key code and control-key state (enhanced, not
/// the number pad's twin).
fn special_vk(key: char) -> Option<(u16, u32)> {
    let f1 = u32::from(keys::F1);
    let vk = match key {
        keys::UP => VK_UP,
        keys::DOWN => VK_DOWN,
        keys::LEFT => VK_LEFT,
        keys::RIGHT => VK_RIGHT,
        keys::INSERT => VK_INSERT,
        keys::DELETE => VK_DELETE,
        keys::HOME => VK_HOME,
        keys::END => VK_END,
        keys::PAGE_UP => VK_PRIOR,
        keys::PAGE_DOWN => VK_NEXT,
        f if (f1..f1 + 12).contains(&u32::from(f)) => {
            return Some((VK_F1 + (u32::from(f) - f1) as u16, 0));
        }
        _ => return None,
    };
    Some((vk, ENHANCED_KEY))
}

/// The key-down and key-up records of the key `vk` typing `unit` (0 for
/// none), with the control keys of `state` down.
fn pressed(vk: u16, unit: u16, state: u32) -> [INPUT_RECORD; 2] {
    // SAFETY: plain arguments.
    let scan_code =
        unsafe { MapVirtualKeyW(u32::from(vk), MAPVK_VK_TO_VSC) } as u16;
    [1, 0].map(|down| {
        let mut record = INPUT_RECORD {
            EventType: KEY_EVENT as u16,
            ..Default::default()
        };
        // SAFETY: the key member of the union, for a key record.
        let event = unsafe { &mut record.Event.KeyEvent };
        event.bKeyDown = down;
        event.wRepeatCount = 1;
        event.wVirtualKeyCode = vk;
        event.wVirtualScanCode = scan_code;
        event.uChar.UnicodeChar = unit;
        event.dwControlKeyState = state;
        record
    })
}

impl Recording for ConsoleSession {
    fn settle_on(&mut self, how: &Settle, first: bool) -> Settled {
        let settled = self.settle(how, first);
        self.read_cursor();
        settled
    }

    fn type_keys(&mut self, keys: &[char]) -> io::Result<()> {
        let typed = keys.iter().filter(|&&k| k != rogue_trace_format::JOIN);
        typed.map(|&k| self.send(k)).collect()
    }

    fn step_of(&self, number: usize, key: Option<char>) -> Step {
        self.step(number, key)
    }

    fn nothing_seen(&self) -> bool {
        self.blank()
    }

    fn new_output(&mut self) -> Vec<u8> {
        Vec::new()
    }

    fn ending(&mut self) -> Ending {
        let exit = self.exit_status(EXIT_WAIT);
        Ending {
            exit,
            left: self.left(),
            last_words: last_words::last_lines(self.step(0, None).text),
        }
    }

    fn end(&mut self) {
        self.kill();
    }
}
