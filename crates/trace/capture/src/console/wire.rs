//! The pipe between a capture and the process that hosts its program's
//! console ([`super::host`]): a request is a byte and its argument, a
//! reply says ok with what was asked, or why not. Numbers are
//! little-endian `u32`s; a reply's body is as long as its length says.

use std::io::{self, Read, Write};

/// What a capture asks of the console's host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Request {
    /// Type this key.
    Key(char),
    /// How many input records wait to be read: a `u32`.
    Pending,
    /// The active screen buffer's cells: character and attributes, two
    /// `u16`s each.
    Screen,
    /// The active screen buffer's cursor: shown (a byte, 1 or 0), its
    /// column and row (a `u16` each).
    Cursor,
    /// The console input buffer's mode: a `u32`.
    InputMode,
    /// Whether the program has exited: nothing if not, else its exit
    /// code, a `u32`.
    Exited,
    /// End the program.
    End,
}

impl Request {
    /// The request as written on the pipe.
    pub(super) fn encode(self) -> Vec<u8> {
        match self {
            Request::Key(key) => {
                let mut bytes = vec![b'k'];
                bytes.extend(u32::from(key).to_le_bytes());
                bytes
            }
            Request::Pending => vec![b'p'],
            Request::Screen => vec![b's'],
            Request::Cursor => vec![b'c'],
            Request::InputMode => vec![b'm'],
            Request::Exited => vec![b'x'],
            Request::End => vec![b'e'],
        }
    }

    /// The next request on `pipe`; `None` once the pipe has closed.
    pub(super) fn read_from(
        pipe: &mut impl Read,
    ) -> io::Result<Option<Request>> {
        let mut op = [0u8];
        match pipe.read_exact(&mut op) {
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Ok(None)
            }
            other => other?,
        }
        Ok(Some(match op[0] {
            b'k' => {
                let code = read_u32(pipe)?;
                Request::Key(char::from_u32(code).ok_or_else(|| {
                    invalid(format!("{code:#x} is not a character"))
                })?)
            }
            b'p' => Request::Pending,
            b's' => Request::Screen,
            b'c' => Request::Cursor,
            b'm' => Request::InputMode,
            b'x' => Request::Exited,
            b'e' => Request::End,
            other => {
                return Err(invalid(format!("unknown request {other:#x}")))
            }
        }))
    }
}

/// Writes `reply` on `pipe`: ok and its body, or the error's message.
pub(super) fn write_reply(
    pipe: &mut impl Write,
    reply: &io::Result<Vec<u8>>,
) -> io::Result<()> {
    let (tag, body) = match reply {
        Ok(body) => (0u8, body.clone()),
        Err(e) => (1u8, e.to_string().into_bytes()),
    };
    let mut bytes = vec![tag];
    bytes.extend((body.len() as u32).to_le_bytes());
    bytes.extend(body);
    pipe.write_all(&bytes)?;
    pipe.flush()
}

/// Reads a reply from `pipe`: its body, or the host's error.
pub(super) fn read_reply(pipe: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut tag = [0u8];
    pipe.read_exact(&mut tag)?;
    let len = read_u32(pipe)? as usize;
    let mut body = vec![0u8; len];
    pipe.read_exact(&mut body)?;
    match tag[0] {
        0 => Ok(body),
        _ => Err(io::Error::other(
            String::from_utf8_lossy(&body).into_owned(),
        )),
    }
}

/// Cells as a reply's body.
pub(super) fn encode_cells(cells: &[(u16, u16)]) -> Vec<u8> {
    cells
        .iter()
        .flat_map(|&(unit, attributes)| {
            let [a, b] = unit.to_le_bytes();
            let [c, d] = attributes.to_le_bytes();
            [a, b, c, d]
        })
        .collect()
}

/// The cells of a reply's body.
pub(super) fn decode_cells(body: &[u8]) -> Vec<(u16, u16)> {
    body.chunks_exact(4)
        .map(|c| {
            (
                u16::from_le_bytes([c[0], c[1]]),
                u16::from_le_bytes([c[2], c[3]]),
            )
        })
        .collect()
}

/// A cursor as a reply's body: shown, column, row.
pub(super) fn encode_cursor((shown, x, y): (bool, u16, u16)) -> Vec<u8> {
    let mut body = vec![u8::from(shown)];
    body.extend(x.to_le_bytes());
    body.extend(y.to_le_bytes());
    body
}

/// The cursor of a reply's body: shown, column, row.
pub(super) fn decode_cursor(body: &[u8]) -> io::Result<(bool, u16, u16)> {
    match body {
        &[shown, x0, x1, y0, y1] => Ok((
            shown != 0,
            u16::from_le_bytes([x0, x1]),
            u16::from_le_bytes([y0, y1]),
        )),
        _ => Err(invalid(format!("{} bytes for a cursor", body.len()))),
    }
}

/// A `u32` of a reply's body: the whole body.
pub(super) fn decode_u32(body: &[u8]) -> io::Result<u32> {
    let bytes: [u8; 4] = body
        .try_into()
        .map_err(|_| invalid(format!("{} bytes for a number", body.len())))?;
    Ok(u32::from_le_bytes(bytes))
}

fn read_u32(pipe: &mut impl Read) -> io::Result<u32> {
    let mut bytes = [0u8; 4];
    pipe.read_exact(&mut bytes)?;
    Ok(u32::from_le_bytes(bytes))
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_request_reads_back_as_written() {
        let requests = [
            Request::Key('j'),
            Request::Key('é'),
            Request::Key('\u{1F600}'),
            Request::Pending,
            Request::Screen,
            Request::Cursor,
            Request::InputMode,
            Request::Exited,
            Request::End,
        ];
        let bytes: Vec<u8> = requests.iter().flat_map(|r| r.encode()).collect();
        let mut pipe = &bytes[..];
        for request in requests {
            assert_eq!(Request::read_from(&mut pipe).unwrap(), Some(request));
        }
        assert_eq!(Request::read_from(&mut pipe).unwrap(), None);
    }

    #[test]
    fn a_request_cut_short_or_unknown_is_an_error() {
        let mut cut: &[u8] = &[b'k', 0x6a, 0];
        assert!(Request::read_from(&mut cut).is_err());
        let mut unknown: &[u8] = b"?";
        assert!(Request::read_from(&mut unknown).is_err());
        let mut surrogate: &[u8] = &[b'k', 0x00, 0xd8, 0, 0];
        assert!(Request::read_from(&mut surrogate).is_err());
    }

    #[test]
    fn replies_carry_their_body_or_the_hosts_error() {
        let mut pipe = Vec::new();
        write_reply(&mut pipe, &Ok(vec![1, 2, 3])).unwrap();
        write_reply(&mut pipe, &Err(io::Error::other("cannot start x")))
            .unwrap();
        write_reply(&mut pipe, &Ok(Vec::new())).unwrap();
        let mut from = &pipe[..];
        assert_eq!(read_reply(&mut from).unwrap(), vec![1, 2, 3]);
        let error = read_reply(&mut from).unwrap_err();
        assert_eq!(error.to_string(), "cannot start x");
        assert_eq!(read_reply(&mut from).unwrap(), Vec::<u8>::new());
        assert!(read_reply(&mut from).is_err(), "the pipe has closed");
    }

    #[test]
    fn cells_and_numbers_read_back_as_written() {
        let cells =
            vec![(u16::from(b'@'), 0x0e), (0x2500, 0x1f), (b' '.into(), 7)];
        assert_eq!(decode_cells(&encode_cells(&cells)), cells);
        assert_eq!(decode_u32(&7u32.to_le_bytes()).unwrap(), 7);
        let cursor = (true, 51, 10);
        assert_eq!(decode_cursor(&encode_cursor(cursor)).unwrap(), cursor);
        assert!(decode_cursor(&[1, 2]).is_err());
        assert!(decode_u32(&[1, 2]).is_err());
    }
}
