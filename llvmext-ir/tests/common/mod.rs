//! Shared by the differential tests: running an LLVM 19 tool as a filter.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tool - -o -` with `input` on stdin and returns its stdout; a
/// missing tool fails the test naming the Debian package to install.
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
