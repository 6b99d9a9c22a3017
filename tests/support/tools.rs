//! The external oracles: LLVM 19 tools from Debian's `llvm-19 clang-19
//! lld-19` packages, `rustc` and `cargo`.
//!
//! A missing tool is a test failure, never a skip: [`tool`] panics with the
//! package to install.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, OnceLock};

/// The one command that installs every LLVM oracle the tests use.
pub const APT_INSTALL: &str = "apt-get install -y llvm-19 clang-19 lld-19";

/// The Debian package that ships `name`.
pub fn debian_package(name: &str) -> &'static str {
    match name {
        "clang-19" | "clang++-19" | "clang-cpp-19" => "clang-19",
        "ld.lld-19" | "lld-19" | "lld-link-19" | "ld64.lld-19" | "wasm-ld-19" => "lld-19",
        "rustc" | "cargo" => "rustc",
        "clang-13" => "clang-13",
        "clang-14" => "clang-14",
        "clang-15" => "clang-15",
        "clang-16" => "clang-16",
        _ => "llvm-19",
    }
}

fn find_in_path(name: &str) -> Option<PathBuf> {
    let candidate = Path::new(name);
    if candidate.components().count() > 1 {
        return candidate.is_file().then(|| candidate.to_path_buf());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// The path of the tool `name` (e.g. `clang-19`, `llvm-bcanalyzer-19`,
/// `rustc`), looked up on `PATH` once per process.
///
/// # Panics
/// If the tool is not installed, naming the Debian package to install.
pub fn tool(name: &str) -> PathBuf {
    static FOUND: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let found = FOUND.get_or_init(Default::default);
    if let Some(p) = found.lock().unwrap_or_else(|e| e.into_inner()).get(name) {
        return p.clone();
    }
    let Some(path) = find_in_path(name) else {
        if matches!(name, "rustc" | "cargo") {
            panic!(
                "required tool `{name}` not found on PATH: install a Rust toolchain \
                 (rustup, or Debian package rustc)"
            );
        }
        panic!(
            "required tool `{name}` not found on PATH: install Debian package {} ({APT_INSTALL})",
            debian_package(name)
        );
    };
    found.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_owned(), path.clone());
    path
}

/// The `cargo` running the tests (`$CARGO`), or the one on `PATH`.
pub fn cargo() -> PathBuf {
    match std::env::var_os("CARGO") {
        Some(c) if Path::new(&c).is_file() => PathBuf::from(c),
        _ => tool("cargo"),
    }
}

/// The version banner of a tool (`rustc -vV`, otherwise `--version`), cached
/// per process. It is part of every corpus cache key, so upgrading a tool
/// rebuilds what it produced.
pub fn tool_version(name: &str) -> String {
    static VERSIONS: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    let versions = VERSIONS.get_or_init(Default::default);
    if let Some(v) = versions.lock().unwrap_or_else(|e| e.into_inner()).get(name) {
        return v.clone();
    }
    let flag = if name == "rustc" { "-vV" } else { "--version" };
    let out = run_ok(Command::new(tool(name)).arg(flag));
    let v = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    versions.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_owned(), v.clone());
    v
}

/// Renders a command line for messages.
pub fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs `cmd` to completion, capturing its output.
///
/// # Panics
/// If it cannot be started.
pub fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap_or_else(|e| panic!("cannot run `{}`: {e}", describe(cmd)))
}

/// Runs `cmd` and returns its output, or an error message with its stderr
/// if it exits unsuccessfully.
pub fn try_run_ok(cmd: &mut Command) -> Result<Output, String> {
    let out = run(cmd);
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!(
            "`{}` failed ({}):\n{}{}",
            describe(cmd),
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Runs `cmd`, panicking with its stderr unless it succeeds.
pub fn run_ok(cmd: &mut Command) -> Output {
    try_run_ok(cmd).unwrap_or_else(|e| panic!("{e}"))
}

/// `Command::new(tool(name))` with `args`.
pub fn command<I, S>(name: &str, args: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut c = Command::new(tool(name));
    c.args(args);
    c
}

/// The binary of example `name`, built by cargo in the profile the test
/// runs in (a no-op when `cargo test --all-targets` built it already).
pub fn example_binary(name: &str) -> PathBuf {
    static BINS: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let bins = BINS.get_or_init(Default::default);
    if let Some(p) = bins.lock().unwrap_or_else(|e| e.into_inner()).get(name) {
        return p.clone();
    }
    let mut c = Command::new(cargo());
    c.args(["build", "--quiet", "--example", name, "--message-format=json"]);
    c.arg("--manifest-path").arg(super::cache::repo_root().join("Cargo.toml"));
    let exe = std::env::current_exe().unwrap();
    if exe.parent().and_then(Path::parent).is_some_and(|p| p.ends_with("release")) {
        c.arg("--release");
    }
    let out =
        c.stderr(std::process::Stdio::inherit()).output().unwrap_or_else(|e| panic!("cargo: {e}"));
    assert!(out.status.success(), "cargo build --example {name} failed");
    let json = String::from_utf8_lossy(&out.stdout);
    let tag = format!("\"name\":\"{name}\"");
    let line = json
        .lines()
        .find(|l| l.contains("\"compiler-artifact\"") && l.contains(&tag))
        .unwrap_or_else(|| panic!("cargo build --example {name} names no artifact"));
    let at = line.find("\"executable\":\"").expect("an executable") + 14;
    let path = &line[at..at + line[at..].find('"').expect("a closing quote")];
    let path = PathBuf::from(path.replace("\\\\", "\\"));
    bins.lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_owned(), path.clone());
    path
}
