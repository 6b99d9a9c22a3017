//! Shared by the differential tests: running an LLVM 19 tool as a filter.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tool - -o -` with `input` on stdin and returns its stdout; a
/// missing tool fails the test naming the Debian package to install.
#[allow(dead_code)] // (not every test crate uses both helpers)
pub fn run(tool: &str, input: &[u8]) -> Vec<u8> {
    let mut child = Command::new(tool)
        .args(["-", "-o", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {tool} ({e}): install Debian package llvm-19"));
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{tool} failed:\n{}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// `llvm-as-19 - -o /dev/null` on `src`: `Ok(stderr)` when it accepts the
/// module (its warnings), `Err(stderr)` when it refuses it.
#[allow(dead_code)]
pub fn llvm_as_verdict(src: &[u8]) -> Result<String, String> {
    let mut child = Command::new("llvm-as-19")
        .args(["-", "-o", "/dev/null"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("llvm-as-19 (Debian package llvm-19)");
    let mut stdin = child.stdin.take().unwrap();
    let input = src.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    if out.status.success() {
        Ok(err)
    } else {
        Err(err)
    }
}
