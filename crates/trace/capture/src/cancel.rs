//! Ending every capture at once: what a tool that runs many captures side
//! by side (`rogue-trace fuzz`) calls when it is interrupted or out of
//! time, so that no program, pseudo-terminal or temporary folder is left
//! behind.
//!
//! Every program a [`crate::PtySession`] starts is registered here until
//! ended; [`end_every_capture`] ends each one's process group (Unix), and
//! keeps new ones from starting.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::platform;

/// Whether [`end_every_capture`] was called.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// The process ids of the programs running under a capture.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Whether every capture is being ended: captures that return from now on
/// were cut short, and no new program starts.
pub fn stopping() -> bool {
    STOPPING.load(Ordering::SeqCst)
}

/// Ends every program running under a capture, and keeps any other from
/// starting. Safe to call from any thread, more than once.
pub fn end_every_capture() {
    // Marked first: a capture that sees its program die checks the mark
    // after, and knows it was cut short.
    STOPPING.store(true, Ordering::SeqCst);
    let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    for &pid in running.iter() {
        platform::end_group(pid);
    }
}

/// Registers `pid`, a program just started; false if it must end at once.
pub(crate) fn register(pid: u32) -> bool {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    if stopping() {
        return false;
    }
    running.push(pid);
    true
}

/// Forgets `pid`, a program that was ended.
pub(crate) fn forget(pid: u32) {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    running.retain(|&p| p != pid);
}
