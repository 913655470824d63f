//! The console's own calls, on the console of the process that makes
//! them: its input buffer (`CONIN$`), a screen buffer made for the
//! program, and the active screen buffer (`CONOUT$`) read back cell by
//! cell.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};

use windows_sys::Win32::Foundation::{GENERIC_READ, GENERIC_WRITE, HANDLE};
use windows_sys::Win32::Security::SECURITY_ATTRIBUTES;
use windows_sys::Win32::Storage::FileSystem::{
    FILE_SHARE_READ, FILE_SHARE_WRITE,
};
use windows_sys::Win32::System::Console::{
    CreateConsoleScreenBuffer, FlushConsoleInputBuffer, GetConsoleCursorInfo,
    GetConsoleMode, GetConsoleScreenBufferInfo, GetConsoleScreenBufferInfoEx,
    GetNumberOfConsoleInputEvents, ReadConsoleOutputW,
    SetConsoleActiveScreenBuffer, SetConsoleScreenBufferInfoEx,
    SetConsoleScreenBufferSize, SetConsoleWindowInfo, WriteConsoleInputW,
    CHAR_INFO, CONSOLE_CURSOR_INFO, CONSOLE_SCREEN_BUFFER_INFO,
    CONSOLE_SCREEN_BUFFER_INFOEX, CONSOLE_TEXTMODE_BUFFER, COORD, INPUT_RECORD,
    SMALL_RECT,
};

/// Opens `CONIN$` or `CONOUT$`: this console's input, or its active
/// screen buffer.
pub(super) fn open_console(name: &str) -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open(name)
}

/// A new screen buffer of this console, its handle inheritable.
pub(super) fn new_screen_buffer() -> io::Result<File> {
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

/// Shows `buffer`, and empties the input buffer `input`.
pub(super) fn show_afresh(buffer: &File, input: &File) {
    // SAFETY: both handles are open.
    unsafe {
        SetConsoleActiveScreenBuffer(buffer.as_raw_handle());
        FlushConsoleInputBuffer(input.as_raw_handle());
    }
}

/// Sizes `buffer` and its window to `cols` by `rows`.
pub(super) fn size_buffer(
    buffer: &File,
    cols: u16,
    rows: u16,
) -> io::Result<()> {
    let handle = buffer.as_raw_handle();
    let failed = |what: &str| {
        io::Error::other(format!(
            "cannot make the console {cols}x{rows} ({what}: {})",
            io::Error::last_os_error()
        ))
    };
    allow_window(buffer, cols, rows);
    let info =
        buffer_info(buffer).map_err(|_| failed("its size cannot be read"))?;
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

/// Asks for a window of at least `cols` by `rows` (Wine's takes it,
/// Windows' keeps its own).
fn allow_window(buffer: &File, cols: u16, rows: u16) {
    let handle = buffer.as_raw_handle();
    let mut info = CONSOLE_SCREEN_BUFFER_INFOEX {
        cbSize: std::mem::size_of::<CONSOLE_SCREEN_BUFFER_INFOEX>() as u32,
        ..Default::default()
    };
    // SAFETY: the handle is open; `info` is written, its size given.
    if unsafe { GetConsoleScreenBufferInfoEx(handle, &mut info) } == 0 {
        return;
    }
    let (c, r) = (cols as i16, rows as i16);
    let most = &mut info.dwMaximumWindowSize;
    if most.X >= c && most.Y >= r {
        return;
    }
    (most.X, most.Y) = (most.X.max(c), most.Y.max(r));
    info.dwSize.X = info.dwSize.X.max(c);
    info.dwSize.Y = info.dwSize.Y.max(r);
    // SAFETY: as above; a refusal shows in the size read next.
    unsafe { SetConsoleScreenBufferInfoEx(handle, &info) };
}

/// The size and window of `buffer`.
fn buffer_info(buffer: &File) -> io::Result<CONSOLE_SCREEN_BUFFER_INFO> {
    let mut info: CONSOLE_SCREEN_BUFFER_INFO =
        // SAFETY: a plain struct of integers.
        unsafe { std::mem::zeroed() };
    // SAFETY: the handle is open; `info` is written.
    if unsafe { GetConsoleScreenBufferInfo(buffer.as_raw_handle(), &mut info) }
        == 0
    {
        return Err(io::Error::last_os_error());
    }
    Ok(info)
}

/// Writes every record into the console's input buffer `input`.
pub(super) fn write_records(
    input: &File,
    records: &[INPUT_RECORD],
) -> io::Result<()> {
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

/// How many records wait to be read in the input buffer `input`.
pub(super) fn pending_input(input: &File) -> io::Result<u32> {
    let mut count = 0;
    // SAFETY: the handle is open and `count` is written.
    let ok = unsafe {
        GetNumberOfConsoleInputEvents(input.as_raw_handle(), &mut count)
    };
    if ok == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(count)
}

/// The active screen buffer's cursor: whether it is shown, and its
/// column and row in the buffer.
pub(super) fn read_cursor() -> io::Result<(bool, u16, u16)> {
    let active = open_console("CONOUT$")?;
    let mut cursor = CONSOLE_CURSOR_INFO {
        dwSize: 0,
        bVisible: 0,
    };
    // SAFETY: the handle is open; `cursor` is written.
    if unsafe { GetConsoleCursorInfo(active.as_raw_handle(), &mut cursor) } == 0
    {
        return Err(io::Error::last_os_error());
    }
    let at = buffer_info(&active)?.dwCursorPosition;
    let (x, y) = (at.X.max(0) as u16, at.Y.max(0) as u16);
    Ok((cursor.bVisible != 0, x, y))
}

/// The input mode of the console's input buffer `input`
/// (`ENABLE_ECHO_INPUT`, `ENABLE_LINE_INPUT`, ...).
pub(super) fn input_mode(input: &File) -> io::Result<u32> {
    let mut mode = 0;
    // SAFETY: the handle is open and `mode` is written.
    if unsafe { GetConsoleMode(input.as_raw_handle(), &mut mode) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(mode)
}

/// The active screen buffer's top left `cols` by `rows`, as (character,
/// attributes), row by row, blank beyond the buffer.
pub(super) fn read_screen(cols: u16, rows: u16) -> io::Result<Vec<(u16, u16)>> {
    let active = open_console("CONOUT$")?;
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
    let read_cols = (region.Right + 1).max(0) as usize;
    let read_rows = (region.Bottom + 1).max(0) as usize;
    let width = usize::from(cols);
    Ok(cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if i / width >= read_rows || i % width >= read_cols {
                (u16::from(b' '), 0x07)
            } else {
                // SAFETY: the console fills the UTF-16 member.
                (unsafe { c.Char.UnicodeChar }, c.Attributes)
            }
        })
        .collect())
}
