//! `rogue-trace completions SHELL` and `rogue-trace man [COMMAND]`: the
//! scripts and pages cover every command and flag that `--help` lists.

mod common;

#[cfg(unix)]
use std::io::Write;
#[cfg(unix)]
use std::process::{Command, Stdio};

use common::{rogue_trace, text};

/// The commands `rogue-trace --help` lists, `help` aside.
fn commands() -> Vec<String> {
    let help = text(&rogue_trace(&["--help"]).stdout);
    let listed = help
        .split_once("Commands:")
        .expect("--help lists the commands")
        .1;
    let names: Vec<String> = listed
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .map(|line| line.split_whitespace().next().unwrap().to_string())
        .filter(|name| name != "help")
        .collect();
    assert!(names.len() >= 10, "{help}");
    names
}

/// The long flags `rogue-trace COMMAND --help` lists.
fn flags(command: &str) -> Vec<String> {
    let help = text(&rogue_trace(&[command, "--help"]).stdout);
    let mut flags: Vec<String> = help
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with('-'))
        .flat_map(|line| line.split([' ', ',', '=', '<', '[']))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(str::to_string)
        .collect();
    flags.dedup();
    assert!(flags.contains(&"--help".to_string()), "{command}: {help}");
    flags
}

/// What `rogue-trace ARGS` prints, which must succeed.
fn printed(args: &[&str]) -> String {
    let out = rogue_trace(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// Bash runs the script: a Unix shell, which the Windows tests (under
/// Wine) do not have.
#[cfg(unix)]
#[test]
fn the_bash_script_parses_and_completes_every_command() {
    let script = printed(&["completions", "bash"]);
    let mut bash = Command::new("bash")
        .args(["-n", "-s"])
        .stdin(Stdio::piped())
        .spawn()
        .expect("bash runs");
    bash.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    assert!(bash.wait().unwrap().success(), "bash -n refuses the script");
    // The script loaded, its function asked for the first word.
    let function = script
        .split("complete -F ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the script registers a function");
    let complete = format!(
        "{script}\nCOMP_WORDS=(rogue-trace '') COMP_CWORD=1\n\
         {function} rogue-trace '' rogue-trace\nprintf '%s\\n' \"${{COMPREPLY[@]}}\""
    );
    let out = Command::new("bash")
        .args(["-c", &complete])
        .output()
        .unwrap();
    let offered = text(&out.stdout);
    let offered: Vec<&str> = offered.lines().collect();
    for command in commands() {
        assert!(
            offered.contains(&command.as_str()),
            "{command}: {offered:?}"
        );
    }
}

#[test]
fn every_shell_has_a_script_naming_every_command() {
    let commands = commands();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = printed(&["completions", shell]);
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell}: {command}");
        }
    }
}

#[test]
fn the_man_page_names_every_command_and_each_page_every_flag() {
    // roff writes a hyphen as \-.
    let page = |args: &[&str]| printed(args).replace("\\-", "-");
    let overview = page(&["man"]);
    assert!(overview.contains(".TH rogue-trace 1"), "{overview}");
    for command in commands() {
        let named = format!("rogue-trace-{command}(1)");
        assert!(overview.contains(&named), "{named}: {overview}");
        let own = page(&["man", &command]);
        let title = format!(".TH rogue-trace-{command} 1");
        assert!(own.contains(&title) && own.contains(".SH OPTIONS"), "{own}");
        for flag in flags(&command) {
            assert!(own.contains(&flag), "{command} {flag}: {own}");
        }
    }
}

#[test]
fn an_unknown_shell_or_command_is_one_line_and_exit_2() {
    for (args, said) in [
        (&["completions", "tcsh"][..], "invalid value 'tcsh'"),
        (
            &["man", "dif"][..],
            "no command 'dif': one of capture, replay",
        ),
    ] {
        let out = rogue_trace(args);
        let error = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(
            error.starts_with("rogue-trace: ") && error.contains(said),
            "{error}"
        );
    }
}
