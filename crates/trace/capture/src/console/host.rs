//! The process that hosts a captured program's console: a copy of the
//! capturing program, started with [`HOST_ARG`] on a console of its own.
//! It makes the program's screen buffer, starts the program on it, and
//! answers the capture's requests (`wire`) on its standard input
//! and output, with its own console's calls (`buffers`), until
//! the capture closes the pipe; then it ends the program and exits.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, BufWriter};
use std::process::{Child, Command, Stdio};

use super::buffers::{
    input_mode, new_screen_buffer, open_console, pending_input, read_cursor,
    read_screen, show_afresh, size_buffer, write_records,
};
use super::wire::{encode_cells, encode_cursor, write_reply, Request};
use super::{focus_record, key_records};

/// The first argument that makes a program a console's host:
/// `PROGRAM --rogue-capture-console-host COLS ROWS COMMAND...`.
pub const HOST_ARG: &str = "--rogue-capture-console-host";

/// Serves as a console's host, and exits, if this process was started as
/// one ([`HOST_ARG`]); a program that captures on Windows calls it first.
pub fn serve_if_asked() {
    let mut args = std::env::args_os().skip(1);
    if args.next().as_deref() != Some(OsStr::new(HOST_ARG)) {
        return;
    }
    let args: Vec<OsString> = args.collect();
    std::process::exit(serve(&args));
}

/// Starts the program `args` gives and answers requests until the pipe
/// closes; the host's exit status.
fn serve(args: &[OsString]) -> i32 {
    let mut replies = BufWriter::new(io::stdout().lock());
    let mut requests = io::stdin().lock();
    let mut hosted = match Hosted::start(args) {
        Ok(hosted) => hosted,
        Err(e) => {
            let _ = write_reply(&mut replies, &Err(e));
            return 2;
        }
    };
    if write_reply(&mut replies, &Ok(Vec::new())).is_err() {
        return 1;
    }
    while let Ok(Some(request)) = Request::read_from(&mut requests) {
        let reply = hosted.answer(request);
        if write_reply(&mut replies, &reply).is_err() {
            break;
        }
    }
    hosted.end();
    0
}

/// The program on this console, and the console's input buffer.
struct Hosted {
    child: Child,
    input: File,
    cols: u16,
    rows: u16,
}

impl Hosted {
    /// Makes a screen buffer of `COLS` by `ROWS` and starts `COMMAND` on it
    /// (`args`: `COLS ROWS COMMAND...`), a focus record waiting to be read.
    fn start(args: &[OsString]) -> io::Result<Hosted> {
        let [cols, rows, program, args @ ..] = args else {
            return Err(io::Error::other("no size and command to host"));
        };
        let (cols, rows) = (number(cols)?, number(rows)?);
        let input = open_console("CONIN$")?;
        let screen = new_screen_buffer()?;
        size_buffer(&screen, cols, rows)?;
        show_afresh(&screen, &input);
        write_records(&input, &[focus_record()])?;
        let child = Command::new(program)
            .args(args)
            .stdin(Stdio::from(input.try_clone()?))
            .stdout(Stdio::from(screen.try_clone()?))
            .stderr(Stdio::from(screen))
            .spawn()
            .map_err(|e| {
                io::Error::other(format!(
                    "cannot start {}: {e}",
                    program.to_string_lossy()
                ))
            })?;
        Ok(Hosted {
            child,
            input,
            cols,
            rows,
        })
    }

    /// Does what `request` asks; the reply's body.
    fn answer(&mut self, request: Request) -> io::Result<Vec<u8>> {
        match request {
            Request::Key(key) => {
                write_records(&self.input, &key_records(key))?;
                Ok(Vec::new())
            }
            Request::Pending => {
                Ok(pending_input(&self.input)?.to_le_bytes().to_vec())
            }
            Request::Screen => {
                Ok(encode_cells(&read_screen(self.cols, self.rows)?))
            }
            Request::Cursor => Ok(encode_cursor(read_cursor()?)),
            Request::InputMode => {
                Ok(input_mode(&self.input)?.to_le_bytes().to_vec())
            }
            Request::Exited => Ok(match self.child.try_wait()? {
                // On Windows every exit status has a code.
                Some(status) => {
                    (status.code().unwrap_or(-1) as u32).to_le_bytes().to_vec()
                }
                None => Vec::new(),
            }),
            Request::End => {
                self.end();
                Ok(Vec::new())
            }
        }
    }

    /// Ends the program, if it has not ended.
    fn end(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// A size given on the command line.
fn number(arg: &OsStr) -> io::Result<u16> {
    arg.to_str()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| io::Error::other(format!("{arg:?} is not a size")))
}
