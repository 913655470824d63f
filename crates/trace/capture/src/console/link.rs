//! The capture's end of the pipe to a console's host ([`super::host`]):
//! the host started, a copy of this program on a console of its own, and
//! each request asked and its reply read.

use std::ffi::OsString;
use std::io::{self, BufReader, Write};
use std::os::windows::process::{CommandExt, ExitStatusExt};
use std::process::{
    Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio,
};

use windows_sys::Win32::Foundation::ERROR_INTERNAL_ERROR;
use windows_sys::Win32::System::Threading::CREATE_NO_WINDOW;

use super::host::HOST_ARG;
use super::wire::{
    decode_cells, decode_cursor, decode_u32, read_reply, Request,
};

/// Starts `host`, up to three times if a start fails with
/// `ERROR_INTERNAL_ERROR`, as Wine on a busy machine now and then does.
fn spawn(host: &mut Command) -> io::Result<Child> {
    let internal_error = Some(ERROR_INTERNAL_ERROR as i32);
    let mut tries = 1;
    loop {
        match host.spawn() {
            Err(e) if e.raw_os_error() == internal_error && tries < 3 => {
                tries += 1;
            }
            started => return started,
        }
    }
}

/// A console's host, its program started.
pub(super) struct Host {
    child: Child,
    /// The requests' pipe, closed to let the host go.
    requests: Option<ChildStdin>,
    replies: BufReader<ChildStdout>,
}

impl Host {
    /// Starts a host for `command` on a console of its own, `cols` by
    /// `rows`, the program given the extra environment `env`.
    pub(super) fn start(
        command: &[OsString],
        cols: u16,
        rows: u16,
        env: &[(String, String)],
    ) -> io::Result<Host> {
        let this = std::env::current_exe()?;
        // With no window, Windows (and Wine) gives the host a console
        // of its own, shown nowhere.
        let mut host = Command::new(&this);
        host.arg(HOST_ARG)
            .args([cols.to_string(), rows.to_string()])
            .args(command)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .creation_flags(CREATE_NO_WINDOW);
        let mut child = spawn(&mut host).map_err(|e| {
            io::Error::other(format!(
                "cannot start {} to host the program's console: {e}",
                this.display()
            ))
        })?;
        let (requests, replies) = (child.stdin.take(), child.stdout.take());
        let mut host = Host {
            child,
            requests,
            replies: BufReader::new(replies.expect("a piped output")),
        };
        read_reply(&mut host.replies).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => io::Error::other(format!(
                "{} did not host the program's console: a program that captures on Windows calls rogue_capture::console::serve_if_asked first",
                this.display()
            )),
            _ => e,
        })?;
        Ok(host)
    }

    /// Types `key` on the program's console.
    pub(super) fn type_key(&mut self, key: char) -> io::Result<()> {
        self.ask(Request::Key(key)).map(drop)
    }

    /// How many input records wait to be read.
    pub(super) fn pending_input(&mut self) -> io::Result<u32> {
        decode_u32(&self.ask(Request::Pending)?)
    }

    /// The active screen buffer's cells, row by row: (character,
    /// attributes).
    pub(super) fn screen(&mut self) -> io::Result<Vec<(u16, u16)>> {
        Ok(decode_cells(&self.ask(Request::Screen)?))
    }

    /// The active screen buffer's cursor: shown, column, row.
    pub(super) fn cursor(&mut self) -> io::Result<(bool, u16, u16)> {
        decode_cursor(&self.ask(Request::Cursor)?)
    }

    /// The console input buffer's mode.
    pub(super) fn input_mode(&mut self) -> io::Result<u32> {
        decode_u32(&self.ask(Request::InputMode)?)
    }

    /// The program's exit status, if it has exited.
    pub(super) fn exited(&mut self) -> io::Result<Option<ExitStatus>> {
        let body = self.ask(Request::Exited)?;
        if body.is_empty() {
            return Ok(None);
        }
        Ok(Some(ExitStatus::from_raw(decode_u32(&body)?)))
    }

    /// Ends the program and lets the host go.
    pub(super) fn end(&mut self) {
        if self.requests.is_some() {
            let _ = self.ask(Request::End);
            self.requests = None;
            let _ = self.child.wait();
        }
    }

    /// Asks `request` of the host; the reply's body.
    fn ask(&mut self, request: Request) -> io::Result<Vec<u8>> {
        let requests = self
            .requests
            .as_mut()
            .ok_or_else(|| io::Error::other("the program's console is gone"))?;
        requests.write_all(&request.encode())?;
        requests.flush()?;
        read_reply(&mut self.replies)
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.end();
    }
}
