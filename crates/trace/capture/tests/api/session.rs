//! A program started in a pseudo-terminal, as `execvp` starts it.

use std::ffi::OsString;
use std::time::Duration;

use rogue_capture::PtySession;

#[test]
fn a_script_without_its_interpreter_line_is_run_by_the_shell() {
    let dir = std::env::temp_dir()
        .join(format!("rogue-capture-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("plain");
    std::fs::write(&script, "echo \"from a plain script: $1\"\n").unwrap();
    let mut mode = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut mode, 0o755);
    std::fs::set_permissions(&script, mode).unwrap();
    // Found by its bare name in the program's own PATH.
    let path = vec![("PATH".into(), dir.to_string_lossy().into_owned())];
    let command = ["plain", "hi"].map(OsString::from);
    let mut session =
        PtySession::spawn(&command, 40, 2, "", &path).expect("it starts");
    session.wait_exit(Duration::from_secs(10)).expect("it ends");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(session.screen().contents(), "from a plain script: hi");
}
