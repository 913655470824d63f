//! Ctrl-C and Ctrl-Break on the Windows console, ended as the C original
//! ends: the handler only records the event and wakes nobody; the main
//! thread, the only one that touches curses, sees it when the game waits
//! for a key, ends the game and restores the console. Then [`end_after`]
//! lets the handler return "not handled", and the system's own handler
//! ends the process, exactly as it ends the C original, which has no
//! handler of its own.

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use windows_sys::core::BOOL;
use windows_sys::Win32::System::Console::{
    SetConsoleCtrlHandler, CTRL_BREAK_EVENT, CTRL_C_EVENT,
};

/// Whether Ctrl-C or Ctrl-Break was pressed.
static PRESSED: AtomicBool = AtomicBool::new(false);
/// Whether the game has ended and restored the console.
static RESTORED: Mutex<bool> = Mutex::new(false);
/// Wakes the handler once the console is restored.
static RESTORED_NOW: Condvar = Condvar::new();

/// The console's handler: records the event, waits until the game has
/// restored the console, then hands the event on to the system's handler.
unsafe extern "system" fn on_event(event: u32) -> BOOL {
    if event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT {
        PRESSED.store(true, Ordering::SeqCst);
        let mut restored = RESTORED.lock().unwrap_or_else(|e| e.into_inner());
        while !*restored {
            restored = RESTORED_NOW
                .wait(restored)
                .unwrap_or_else(|e| e.into_inner());
        }
    }
    0
}

/// Installs the handler. Call it before curses starts.
pub fn watch() -> io::Result<()> {
    // SAFETY: `on_event` is a handler for the life of the process.
    if unsafe { SetConsoleCtrlHandler(Some(on_event), 1) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// `Some(2)` (`SIGINT`'s number, as on Unix) once Ctrl-C or Ctrl-Break
/// was pressed.
pub fn pending() -> Option<i32> {
    PRESSED.load(Ordering::SeqCst).then_some(2)
}

/// Ends the process as Ctrl-C ends a program without a handler, once the
/// game has restored the console: the handler returns and the system's
/// handler ends the process. Should that not happen, the process ends
/// with the status Windows gives a program ended by Ctrl-C.
pub fn end_after(_signal: i32) -> ! {
    *RESTORED.lock().unwrap_or_else(|e| e.into_inner()) = true;
    RESTORED_NOW.notify_all();
    std::thread::sleep(Duration::from_secs(5));
    // STATUS_CONTROL_C_EXIT.
    std::process::exit(0xC000_013A_u32 as i32)
}
