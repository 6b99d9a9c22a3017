//! Shared by the differential tests: running an LLVM 19 tool as a filter.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tool args...` with `input` fed to its stdin (from a thread, so a
/// tool that writes before it has read everything cannot block) and
/// returns what it did; a missing tool fails the test naming the Debian
/// package to install.
#[allow(dead_code)] // (not every test crate uses every helper)
pub fn filter(tool: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {tool} ({e}): install Debian package llvm-19"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

/// Runs `tool - -o -` with `input` on stdin and returns its stdout (the
/// tool must succeed).
#[allow(dead_code)]
pub fn run(tool: &str, input: &[u8]) -> Vec<u8> {
    let out = filter(tool, &["-", "-o", "-"], input);
    assert!(out.status.success(), "{tool} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// `llvm-as-19 - -o /dev/null` on `src`: `Ok(stderr)` when it accepts the
/// module (its warnings), `Err(stderr)` when it refuses it.
#[allow(dead_code)]
pub fn llvm_as_verdict(src: &[u8]) -> Result<String, String> {
    let out = filter("llvm-as-19", &["-", "-o", "/dev/null"], src);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        Ok(err)
    } else {
        Err(err)
    }
}
