//! Finding the program a capture starts, as `execvp` finds it: a name
//! with a `/` in it is a path; a bare name is the first file of that name
//! that may be run in the folders of the program's `PATH`, an empty entry
//! being the current folder.

use std::ffi::{OsStr, OsString};
#[cfg(unix)]
use std::io;
use std::path::{Path, PathBuf};

/// Where `program` is: itself if it names a path, else the first file of
/// that name this process may run in the folders of `paths` (a `PATH`).
pub(crate) fn find(program: &OsStr, paths: Option<&OsStr>) -> Option<PathBuf> {
    if names_a_path(program) {
        return Some(PathBuf::from(program));
    }
    std::env::split_paths(paths?)
        .map(|dir| match dir.as_os_str().is_empty() {
            true => PathBuf::from(".").join(program),
            false => dir.join(program),
        })
        .find(|file| runnable(file))
}

/// The `PATH` a program gets: the last one set in `changes` (made to this
/// process's environment), else this process's.
#[cfg(unix)]
pub(crate) fn path_of(
    changes: &[(OsString, Option<OsString>)],
) -> Option<OsString> {
    match changes.iter().rev().find(|(name, _)| name == "PATH") {
        Some((_, value)) => value.clone(),
        None => std::env::var_os("PATH"),
    }
}

/// Fails as starting `program`, `changes` made, would, if it cannot be run.
#[cfg(unix)]
pub(crate) fn check_runnable(
    program: &OsStr,
    changes: &[(OsString, Option<OsString>)],
) -> io::Result<()> {
    match find(program, path_of(changes).as_deref()) {
        Some(file) if runnable(&file) => Ok(()),
        _ => Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "cannot start {}: no such program can be run",
                program.to_string_lossy()
            ),
        )),
    }
}

/// `program` as started from the folder `cwd`: a relative path joined to it.
pub(crate) fn in_folder(program: &OsStr, cwd: Option<&Path>) -> OsString {
    match cwd {
        Some(dir)
            if names_a_path(program) && Path::new(program).is_relative() =>
        {
            dir.join(program).into_os_string()
        }
        _ => program.to_os_string(),
    }
}

/// Whether `program` names a path rather than a program on the `PATH`.
fn names_a_path(program: &OsStr) -> bool {
    #[cfg(unix)]
    return std::os::unix::ffi::OsStrExt::as_bytes(program).contains(&b'/');
    #[cfg(not(unix))]
    return Path::new(program).components().count() > 1;
}

/// Whether `path` is a file this process may run.
#[cfg(unix)]
fn runnable(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c_path) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: access(2) reads the NUL-ended path it is given.
    let executable = unsafe { libc::access(c_path.as_ptr(), libc::X_OK) == 0 };
    executable && path.is_file()
}

/// Whether `path` is a file.
#[cfg(not(unix))]
fn runnable(path: &Path) -> bool {
    path.is_file()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_looked_up_in_the_path_and_a_path_is_itself() {
        let sh = find(OsStr::new("sh"), Some(OsStr::new("/nowhere:/bin")));
        assert_eq!(sh, Some(PathBuf::from("/bin/sh")));
        assert_eq!(find(OsStr::new("sh"), Some(OsStr::new("/nowhere"))), None);
        let path = find(OsStr::new("./x/y"), None);
        assert_eq!(path, Some(PathBuf::from("./x/y")));
        let changes = [("PATH".into(), Some("/bin".into()))];
        assert_eq!(path_of(&changes), Some("/bin".into()));
        assert!(check_runnable(OsStr::new("sh"), &changes).is_ok());
        let error = check_runnable(OsStr::new("no-such-program"), &changes);
        assert_eq!(error.unwrap_err().kind(), io::ErrorKind::NotFound);
        let cwd = Path::new("/here");
        assert_eq!(in_folder(OsStr::new("a/b"), Some(cwd)), "/here/a/b");
        assert_eq!(in_folder(OsStr::new("sh"), Some(cwd)), "sh");
    }
}
