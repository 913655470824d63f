//! Recording a program on the Windows console itself: `rogue-trace
//! capture` on Windows, and under Wine.
//!
//! The program runs on this process's own console, on a screen buffer of
//! its own, the size of the capture; the buffer that was showing is shown
//! again at the end, so nothing of the user's console is overwritten.
//! Keys go into the console's input buffer (`WriteConsoleInputW`, a
//! key-down and a key-up record each), and screens come out of the active
//! screen buffer (`ReadConsoleOutputW`), characters and attributes; the
//! attributes become looks in one place, [`Look::of_console`].
//!
//! A screen has settled when the console's input buffer has drained and
//! the screen has then held still for [`HELD_STILL`]. Draining is a sharp
//! signal for a curses program: PDCurses's `getch` returns on the key-down
//! record and reads the key-up only in the next `getch`, after its
//! `refresh`; so once both records are gone, the screen of that key has
//! been written. At start-up a focus record, which PDCurses reads and
//! drops, stands in for the key-up. PDCurses's `getch` then naps 50 ms
//! before it looks for the next key, so holding still for less than that
//! costs no time.

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use rogue_trace_format::classes::Look;
use rogue_trace_format::Step;
use windows_sys::Win32::Foundation::{GENERIC_READ, GENERIC_WRITE, HANDLE};
use windows_sys::Win32::Security::SECURITY_ATTRIBUTES;
use windows_sys::Win32::Storage::FileSystem::{
    FILE_SHARE_READ, FILE_SHARE_WRITE,
};
use windows_sys::Win32::System::Console::{
    CreateConsoleScreenBuffer, FlushConsoleInputBuffer,
    GetConsoleScreenBufferInfo, GetNumberOfConsoleInputEvents,
    ReadConsoleOutputW, SetConsoleActiveScreenBuffer,
    SetConsoleScreenBufferSize, SetConsoleWindowInfo, WriteConsoleInputW,
    CHAR_INFO, CONSOLE_SCREEN_BUFFER_INFO, CONSOLE_TEXTMODE_BUFFER, COORD,
    FOCUS_EVENT, INPUT_RECORD, KEY_EVENT, LEFT_ALT_PRESSED, LEFT_CTRL_PRESSED,
    SHIFT_PRESSED, SMALL_RECT,
};
use windows_sys::Win32::UI::Input::KeyboardAndMouse::{
    MapVirtualKeyW, VkKeyScanW, MAPVK_VK_TO_VSC,
};

use crate::{Exit, Settle, Settled, Timing};

/// How long the screen must hold still once the input has drained.
pub const HELD_STILL: Duration = Duration::from_millis(20);

/// How often the console is looked at while waiting.
const LOOK_EVERY: Duration = Duration::from_millis(1);

/// A program running on this console, on a screen buffer of its own.
pub struct ConsoleSession {
    child: Child,
    input: File,
    /// The buffer that was showing before, shown again at the end.
    before: File,
    cols: u16,
    rows: u16,
    /// The last screen read: characters and attributes, row by row.
    cells: Vec<(u16, u16)>,
    exited: bool,
}

impl ConsoleSession {
    /// Starts `command` (program and arguments) on this console, on a new
    /// screen buffer of `cols` by `rows`, with the extra environment `env`.
    pub fn spawn(
        command: &[OsString],
        cols: u16,
        rows: u16,
        env: &[(String, String)],
    ) -> io::Result<ConsoleSession> {
        let (program, args) = command.split_first().ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "no command to run")
        })?;
        let not_a_console = |e: io::Error| {
            io::Error::other(format!(
                "capture on Windows needs a console to run the program on: {e}"
            ))
        };
        let input = open_console("CONIN$").map_err(not_a_console)?;
        let before = open_console("CONOUT$").map_err(not_a_console)?;
        let screen = new_screen_buffer()?;
        size_buffer(&screen, cols, rows)?;
        // SAFETY: both handles are open; the input buffer is ours to empty.
        unsafe {
            FlushConsoleInputBuffer(input.as_raw_handle());
            SetConsoleActiveScreenBuffer(screen.as_raw_handle());
        }
        write_records(&input, &[focus_record()])?;
        let child = Command::new(program)
            .args(args)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::from(input.try_clone()?))
            .stdout(Stdio::from(screen.try_clone()?))
            .stderr(Stdio::from(screen))
            .spawn()
            .map_err(|e| {
                restore(&before);
                io::Error::other(format!(
                    "cannot start {}: {e}",
                    program.to_string_lossy()
                ))
            })?;
        let mut session = ConsoleSession {
            child,
            input,
            before,
            cols,
            rows,
            cells: Vec::new(),
            exited: false,
        };
        session.cells = session.read_screen()?;
        Ok(session)
    }

    /// Types `key`: its key-down and key-up records, with the virtual-key
    /// code and shift state of the keyboard layout.
    pub fn send(&mut self, key: char) -> io::Result<()> {
        write_records(&self.input, &key_records(key))
    }

    /// Waits until the screen has settled, the program has exited, or it
    /// kept busy past the limit (at start-up, `first` adds the wait for
    /// the first output).
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
            thread::sleep(LOOK_EVERY);
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
        crate::screen::step_of_cells(number, key, self.cols, cells)
    }

    /// How the program ended (a crash's NTSTATUS named), waiting up to
    /// `timeout`.
    pub fn exit_status(&mut self, timeout: Duration) -> Exit {
        let deadline = Instant::now() + timeout;
        loop {
            match self.host.exited() {
                Ok(Some(status)) => return Exit::of_status(status),
                Ok(None) if Instant::now() < deadline => {
                    thread::sleep(Duration::from_millis(5))
                }
                _ => return Exit::Unknown,
            }
        }
    }

    /// Ends the program, and shows the buffer that was showing before.
    pub fn kill(&mut self) {
        if !self.has_exited() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
        self.exited = true;
        // SAFETY: the input handle is open.
        unsafe { FlushConsoleInputBuffer(self.input.as_raw_handle()) };
        restore(&self.before);
    }

    /// Whether the screen is blank.
    pub fn blank(&self) -> bool {
        self.cells.iter().all(|&(unit, _)| unit == u16::from(b' '))
    }

    fn has_exited(&mut self) -> bool {
        self.exited |= matches!(self.child.try_wait(), Ok(Some(_)));
        self.exited
    }

    /// How many input records wait to be read.
    fn pending_input(&self) -> Option<u32> {
        let mut count = 0;
        // SAFETY: the handle is open and `count` is written.
        let ok = unsafe {
            GetNumberOfConsoleInputEvents(
                self.input.as_raw_handle(),
                &mut count,
            )
        };
        (ok != 0).then_some(count)
    }

    /// The active screen buffer's top left `cols` by `rows`, as
    /// (character, attributes); what lies beyond the buffer is blank.
    fn read_screen(&self) -> io::Result<Vec<(u16, u16)>> {
        let active = open_console("CONOUT$")?;
        let (cols, rows) = (self.cols, self.rows);
        let mut cells =
            vec![CHAR_INFO::default(); usize::from(cols) * usize::from(rows)];
        let mut region = SMALL_RECT {
            Left: 0,
            Top: 0,
            Right: cols as i16 - 1,
            Bottom: rows as i16 - 1,
        };
        // SAFETY: `cells` holds `cols` by `rows` CHAR_INFOs, the size given.
        let ok = unsafe {
            ReadConsoleOutputW(
                active.as_raw_handle(),
                cells.as_mut_ptr(),
                COORD {
                    X: cols as i16,
                    Y: rows as i16,
                },
                COORD { X: 0, Y: 0 },
                &mut region,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        let read_cols = (region.Right + 1).max(0) as u16;
        let read_rows = (region.Bottom + 1).max(0) as u16;
        Ok(cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (y, x) = (i / usize::from(cols), i % usize::from(cols));
                if y >= usize::from(read_rows) || x >= usize::from(read_cols) {
                    (u16::from(b' '), 0x07)
                } else {
                    // SAFETY: the console fills the UTF-16 member.
                    (unsafe { c.Char.UnicodeChar }, c.Attributes)
                }
            })
            .collect())
    }
}

impl Drop for ConsoleSession {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Opens `CONIN$` or `CONOUT$`: this console's input, or its active
/// screen buffer.
fn open_console(name: &str) -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open(name)
}

/// A new screen buffer of this console, its handle inheritable.
fn new_screen_buffer() -> io::Result<File> {
    let inherit = SECURITY_ATTRIBUTES {
        nLength: std::mem::size_of::<SECURITY_ATTRIBUTES>() as u32,
        lpSecurityDescriptor: std::ptr::null_mut(),
        bInheritHandle: 1,
    };
    // SAFETY: plain arguments; the handle returned is checked.
    let handle: HANDLE = unsafe {
        CreateConsoleScreenBuffer(
            GENERIC_READ | GENERIC_WRITE,
            FILE_SHARE_READ | FILE_SHARE_WRITE,
            &inherit,
            CONSOLE_TEXTMODE_BUFFER,
            std::ptr::null(),
        )
    };
    if handle.is_null() || handle as isize == -1 {
        return Err(io::Error::other(format!(
            "cannot make a console screen buffer: {}",
            io::Error::last_os_error()
        )));
    }
    // SAFETY: the handle is open and owned by nothing else.
    Ok(File::from(unsafe { OwnedHandle::from_raw_handle(handle) }))
}

/// Sizes `buffer` and its window to `cols` by `rows`.
fn size_buffer(buffer: &File, cols: u16, rows: u16) -> io::Result<()> {
    let handle = buffer.as_raw_handle();
    let failed = |what: &str| {
        io::Error::other(format!(
            "cannot make the console {cols}x{rows} ({what}: {})",
            io::Error::last_os_error()
        ))
    };
    let mut info: CONSOLE_SCREEN_BUFFER_INFO =
        // SAFETY: a plain struct of integers.
        unsafe { std::mem::zeroed() };
    // SAFETY: the handle is open; `info` is written.
    if unsafe { GetConsoleScreenBufferInfo(handle, &mut info) } == 0 {
        return Err(failed("its size cannot be read"));
    }
    let (c, r) = (cols as i16, rows as i16);
    let most = info.dwMaximumWindowSize;
    if most.X < c || most.Y < r {
        return Err(io::Error::other(format!(
            "the console's window shows at most {}x{}, not {cols}x{rows}: make it larger",
            most.X, most.Y
        )));
    }
    // The buffer holds the window at every moment: grow it first, shrink
    // it last.
    let larger = COORD {
        X: info.dwSize.X.max(c),
        Y: info.dwSize.Y.max(r),
    };
    let window = SMALL_RECT {
        Left: 0,
        Top: 0,
        Right: c - 1,
        Bottom: r - 1,
    };
    // SAFETY: the handle is open; the structs are passed by pointer.
    unsafe {
        if SetConsoleScreenBufferSize(handle, larger) == 0 {
            return Err(failed("the buffer"));
        }
        if SetConsoleWindowInfo(handle, 1, &window) == 0 {
            return Err(failed("the window"));
        }
        if SetConsoleScreenBufferSize(handle, COORD { X: c, Y: r }) == 0 {
            return Err(failed("the buffer"));
        }
    }
    Ok(())
}

/// Shows `buffer` again.
fn restore(buffer: &File) {
    // SAFETY: the handle is open.
    unsafe { SetConsoleActiveScreenBuffer(buffer.as_raw_handle()) };
}

/// Writes every record into the console's input buffer.
fn write_records(input: &File, records: &[INPUT_RECORD]) -> io::Result<()> {
    let mut written = 0;
    // SAFETY: `records` is a slice of that many records.
    let ok = unsafe {
        WriteConsoleInputW(
            input.as_raw_handle(),
            records.as_ptr(),
            records.len() as u32,
            &mut written,
        )
    };
    if ok == 0 || written as usize != records.len() {
        return Err(io::Error::other(format!(
            "cannot type into the console: {}",
            io::Error::last_os_error()
        )));
    }
    Ok(())
}

/// A focus record: read and dropped by PDCurses, as by any program that
/// reads keys.
fn focus_record() -> INPUT_RECORD {
    let mut record = INPUT_RECORD {
        EventType: FOCUS_EVENT as u16,
        ..Default::default()
    };
    record.Event.FocusEvent.bSetFocus = 1;
    record
}

/// The key-down and key-up records of `key`: its UTF-16 unit(s), the
/// virtual-key code and shift state the keyboard layout gives it.
fn key_records(key: char) -> Vec<INPUT_RECORD> {
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
        // SAFETY: plain arguments.
        let scan_code =
            unsafe { MapVirtualKeyW(u32::from(vk), MAPVK_VK_TO_VSC) } as u16;
        for down in [1, 0] {
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
            records.push(record);
        }
    }
    records
}
