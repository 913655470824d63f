//! What the capture and its preloaded library (`preload.c`, beside this
//! file, checked by a test here to say the same) say to each other: the
//! environment, the strings written behind the program's output, and the
//! keys. The strings are APC strings (`ESC _ … ESC \`):
//!
//! - `rogue-trace-wait;N;PID`: the program (its process `PID`) waits for
//!   a key, `N` keys having been typed;
//! - `rogue-trace-wait-read;N;PID`: the same, said on its terminal
//!   only, the capture having read every word on its standard error's;
//! - `rogue-trace-handback;N;PID`: it types no more keys, `N` typed;
//! - `rogue-trace-called;F;PID`: the process `PID` called the functions
//!   `F` (bits: [`CALLED_TIME`], ...) that `--pin` replaces, `time()`
//!   pinned or not ([`crate::pin`]);
//! - `rogue-trace-settled`: the capture's own marker, written to a
//!   terminal behind the program's output, to know it has all come out.

/// The FIFO of keys the library types ([`crate::preload::Typist`]).
pub const KEYS: &str = "ROGUE_KEYS";
/// The terminal it types into: the capture's, not one the program opens.
pub const TTY: &str = "ROGUE_TTY";
/// The program's standard error's terminal, read apart: the library says
/// its waits there too.
pub const STDERR_TTY: &str = "ROGUE_STDERR_TTY";
/// The descriptor of that terminal's master side, inherited: the library
/// says a wait there only if the capture has not read all words.
pub const STDERR_MASTER: &str = "ROGUE_STDERR_MASTER";
/// The seed `time()` returns, pinned ([`crate::pin`]).
pub const PIN_SEED: &str = "ROGUE_PIN_SEED";
/// The generator pinned: `msvc` replaces `srand()` and `rand()`.
pub const PIN_RNG: &str = "ROGUE_PIN_RNG";

/// How the strings start.
pub const START: &[u8] = b"\x1b_rogue-trace-";
/// How they end.
pub const END: &[u8] = b"\x1b\\";
/// The program waits for a key.
pub const WAIT: &str = "wait";
/// The program waits for a key, all words on standard error's terminal
/// read: it says so only on its own terminal.
pub const WAIT_READ: &str = "wait-read";
/// The program types no more keys.
pub const HANDBACK: &str = "handback";
/// A process called pinned functions.
pub const CALLED: &str = "called";
/// The capture's marker.
pub const SETTLED: &str = "settled";
/// The marker, as written to a terminal.
pub const MARKER: &[u8] = b"\x1b_rogue-trace-settled\x1b\\";

/// `time()`, called from the program's own code.
pub const CALLED_TIME: usize = 1;
/// `srand()`, pinned.
pub const CALLED_SRAND: usize = 2;
/// `rand()`, pinned.
pub const CALLED_RAND: usize = 4;
/// `srand()`, unpinned, given the value `time()` returned.
pub const CALLED_CLOCK_SEED: usize = 16;

/// The byte that starts a special key's bytes to type: a length follows,
/// then the bytes. No UTF-8 character starts with it.
pub const FRAME: u8 = 0xff;
/// The byte that starts a burst, keys typed at once: the count of keys
/// and joins it stands for follows, then a length and the bytes.
pub const BURST: u8 = 0xfe;
/// The most bytes a framed key or burst holds.
pub const KEY_MAX: usize = 255;
/// The most keys and joins of a burst the library types (each key at most
/// 5 bytes): the capture types a longer one.
pub const BURST_MAX: usize = 50;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_library_says_what_the_capture_reads() {
        let c = include_str!("preload.c");
        let said = [
            format!("\"{KEYS}\""),
            format!("\"{TTY}\""),
            format!("\"{STDERR_TTY}\""),
            format!("\"{STDERR_MASTER}\""),
            format!("\"{WAIT_READ}\""),
            format!("\"{PIN_SEED}\""),
            format!("\"{PIN_RNG}\""),
            format!("\"\\033_rogue-trace-{CALLED};%d;%d\\033\\\\\""),
            "\"\\033_rogue-trace-%s;%lu;%d\\033\\\\\"".to_string(),
            format!("notice(fd, \"{WAIT}\")"),
            format!("notice(fd, \"{HANDBACK}\")"),
            format!("CALLED_TIME = {CALLED_TIME},"),
            format!("CALLED_SRAND = {CALLED_SRAND},"),
            format!("CALLED_RAND = {CALLED_RAND},"),
            format!("CALLED_CLOCK_SEED = {CALLED_CLOCK_SEED}\n"),
            format!("#define FRAME {FRAME:#x}"),
            format!("#define KEY_MAX {KEY_MAX}"),
            format!("#define BURST {BURST:#x}"),
        ];
        for words in said {
            assert!(c.contains(&words), "preload.c does not say {words}");
        }
        assert_eq!(MARKER, [START, SETTLED.as_bytes(), END].concat());
    }
}
