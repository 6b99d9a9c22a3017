//! Bitcode from producers newer than LLVM 19, built at test time and cached
//! under `target/llvmext-corpus/newer/`, and LLVM 22's own reading of a
//! bitcode file through llvmlite.
//!
//! | group | producer | sources | configurations |
//! |---|---|---|---|
//! | `rustc/*` | rustc (LLVM 22), one run `--emit=llvm-bc=…,llvm-ir=…` | `testdata/rust/*.rs` | `opt-level` 0/2, with and without `-g` |
//! | `zig-cc/*` | `python3 -m ziglang cc -c -emit-llvm` (clang 22.1) | `testdata/c/{interp,strings}.c` | `-O2 -g0`, `-O2 -g`, `-O0 -g`; `interp.c` also `-O2 -g -gno-key-instructions` |
//! | `zig/*` | Zig's self-hosted bitcode writer, `python3 -m ziglang build-obj -femit-llvm-bc=… -fno-emit-bin` | `testdata/zig/*.zig` | `-O ReleaseFast`, `-O Debug` |
//!
//! The rustc `.bc` and `.ll` of a crate come from one rustc run, so they
//! are the same module written twice. Zig is the `ziglang` Python wheel
//! (`pip install ziglang==0.17.0`), llvmlite the `llvmlite==0.50.0` wheel
//! (LLVM 22.1); both are installed by `scripts/install-deps.sh`, and a
//! missing one is a test failure naming the pip command, never a skip.
//! Zig targets `x86_64-linux-gnu` explicitly (its native triple names the
//! host's kernel and glibc versions) and keeps its caches under
//! `target/llvmext-corpus/newer/zig-cache/`.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::cache::{cached_dir, cached_file, corpus_dir, repo_root, KeyHasher};
use super::tools::{describe, tool, tool_version, try_run_ok};

/// Bump to rebuild every file.
const VERSION: u64 = 1;

/// The pip command that installs the Zig wheel.
pub const PIP_ZIG: &str = "pip install ziglang==0.17.0";
/// The pip command that installs llvmlite (LLVM 22.1).
pub const PIP_LLVMLITE: &str = "pip install llvmlite==0.50.0";

fn newer_dir() -> PathBuf {
    let d = corpus_dir().join("newer");
    fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    d
}

fn stem_of(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' }).collect()
}

fn sources(dir: &str, ext: &str) -> Vec<PathBuf> {
    let d = repo_root().join(dir);
    let mut v: Vec<PathBuf> = fs::read_dir(&d)
        .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no .{ext} sources in {}", d.display());
    v
}

/// One crate compiled by rustc into `.bc` and `.ll` in the same run.
#[derive(Debug, Clone)]
pub struct RustcPair {
    /// E.g. `rustc/shapes.O2.g`.
    pub name: String,
    /// The bitcode.
    pub bc: PathBuf,
    /// rustc's textual IR of the same module (LLVM 22 syntax).
    pub ll: PathBuf,
}

/// Every `testdata/rust/*.rs` crate at `opt-level` 0 and 2, with and
/// without `-Cdebuginfo=2`, as `.bc` + `.ll` of one rustc run.
pub fn rustc_pairs() -> Vec<RustcPair> {
    let mut out = Vec::new();
    for src in sources("testdata/rust", "rs") {
        let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
        let bytes = fs::read(&src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        for (opt, debug) in [(0u8, false), (0, true), (2, false), (2, true)] {
            let name = format!("rustc/{stem}.O{opt}{}", if debug { ".g" } else { "" });
            let mut args = vec![
                "--edition=2021".to_owned(),
                "--crate-type=lib".into(),
                format!("--crate-name=corpus_{stem}"),
                "-Ccodegen-units=1".into(),
                format!("-Copt-level={opt}"),
            ];
            if debug {
                args.push("-Cdebuginfo=2".into());
            }
            let mut key = KeyHasher::new();
            key.u64(VERSION).str("rustc").str(&tool_version("rustc")).bytes(&bytes);
            for a in &args {
                key.str(a);
            }
            let rel = src.strip_prefix(repo_root()).unwrap_or(&src).to_path_buf();
            let dir = cached_dir(&newer_dir(), &stem_of(&name), key.finish(), |d| {
                let mut c = Command::new(tool("rustc"));
                c.args(&args);
                c.arg(format!(
                    "--emit=llvm-bc={},llvm-ir={}",
                    d.join("m.bc").display(),
                    d.join("m.ll").display()
                ));
                c.arg(&rel).current_dir(repo_root());
                try_run_ok(&mut c).map(drop)
            });
            out.push(RustcPair { name, bc: dir.join("m.bc"), ll: dir.join("m.ll") });
        }
    }
    out
}

/// A bitcode file from Zig: `zig cc` (clang 22.1) or Zig's own writer.
#[derive(Debug, Clone)]
pub struct ZigFile {
    /// E.g. `zig-cc/interp.O2.g`, `zig/errors.Debug`.
    pub name: String,
    /// The bitcode.
    pub bc: PathBuf,
    /// Whether Zig's self-hosted writer wrote it (not clang).
    pub self_hosted: bool,
}

/// `python3 -m ziglang ARGS…`, with Zig's caches under the corpus
/// directory.
fn zig_command() -> Command {
    let mut c = Command::new(python());
    c.args(["-m", "ziglang"]);
    let cache = newer_dir().join("zig-cache");
    c.env("ZIG_GLOBAL_CACHE_DIR", &cache).env("ZIG_LOCAL_CACHE_DIR", &cache);
    c
}

/// `python3` (the interpreter the wheels are installed for).
pub fn python() -> PathBuf {
    PathBuf::from("python3")
}

/// `python3 -m ziglang version`, once per process.
///
/// # Panics
/// If the `ziglang` wheel is missing, with the pip command to install it.
pub fn zig_version() -> String {
    static V: OnceLock<String> = OnceLock::new();
    V.get_or_init(|| {
        let mut c = zig_command();
        c.arg("version");
        match try_run_ok(&mut c) {
            Ok(o) => String::from_utf8_lossy(&o.stdout).trim().to_owned(),
            Err(e) => panic!(
                "Zig (the `ziglang` Python wheel) is required: {PIP_ZIG} \
                 (or scripts/install-deps.sh)\n{e}"
            ),
        }
    })
    .clone()
}

fn zig_file(name: String, src: &Path, args: &[String], self_hosted: bool) -> ZigFile {
    let bytes = fs::read(src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    let mut key = KeyHasher::new();
    key.u64(VERSION).str("zig").str(&zig_version()).bytes(&bytes);
    for a in args {
        key.str(a);
    }
    let bc = cached_file(&newer_dir(), &stem_of(&name), "bc", key.finish(), |_, out| {
        let mut c = zig_command();
        c.args(args);
        if self_hosted {
            c.arg(format!("-femit-llvm-bc={}", out.display())).arg("-fno-emit-bin").arg(src);
        } else {
            c.arg(src).arg("-o").arg(out);
        }
        c.current_dir(repo_root());
        try_run_ok(&mut c).map(drop)?;
        if out.is_file() {
            Ok(())
        } else {
            Err(format!("`{}` wrote no {}", describe(&c), out.display()))
        }
    });
    ZigFile { name, bc, self_hosted }
}

/// `zig cc` of two in-repo C files, and Zig's own writer on every
/// `testdata/zig/*.zig` (see the module documentation).
pub fn zig_files() -> Vec<ZigFile> {
    let mut out = Vec::new();
    for f in ["interp", "strings"] {
        let src = repo_root().join(format!("testdata/c/{f}.c"));
        for (suffix, flags) in
            [(".O2", &["-O2", "-g0"][..]), (".O2.g", &["-O2", "-g"]), (".O0.g", &["-O0", "-g"])]
        {
            let mut args: Vec<String> = ["cc", "-target", "x86_64-linux-gnu", "-c", "-emit-llvm"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            args.extend(flags.iter().map(|s| s.to_string()));
            out.push(zig_file(format!("zig-cc/{f}{suffix}"), &src, &args, false));
        }
    }
    // The same at -O2 -g without Key Instructions: what the reader's
    // dropping of them must give.
    let src = repo_root().join("testdata/c/interp.c");
    let args: Vec<String> = [
        "cc",
        "-target",
        "x86_64-linux-gnu",
        "-c",
        "-emit-llvm",
        "-O2",
        "-g",
        "-gno-key-instructions",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    out.push(zig_file("zig-cc/interp.O2.g.no-key-instructions".into(), &src, &args, false));
    for src in sources("testdata/zig", "zig") {
        let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
        for mode in ["ReleaseFast", "Debug"] {
            let args: Vec<String> = ["build-obj", "-target", "x86_64-linux-gnu", "-O", mode]
                .iter()
                .map(|s| s.to_string())
                .collect();
            out.push(zig_file(format!("zig/{stem}.{mode}"), &src, &args, true));
        }
    }
    out
}

/// Per-function shape of a module as LLVM 22 reads it: name bytes →
/// (blocks, instructions), in module order.
pub type Counts = Vec<(Vec<u8>, usize, usize)>;

const COUNTS_PY: &str = r#"
import sys
try:
    import llvmlite.binding as llvm
except ImportError as e:
    print("missing llvmlite:", e, file=sys.stderr)
    sys.exit(3)
for path in sys.argv[1:]:
    try:
        m = llvm.parse_bitcode(open(path, "rb").read())
    except Exception as e:
        print("@error", path, str(e).replace("\n", " "))
        continue
    print("@module", path)
    for f in m.functions:
        nb = ni = 0
        for b in f.blocks:
            nb += 1
            for i in b.instructions:
                ni += 1
        print(f.name.encode("utf-8", "surrogateescape").hex(), nb, ni)
"#;

/// LLVM 22's (llvmlite's) per-function block and instruction counts of
/// each file of `paths`: `Err` with LLVM 22's message for a file it
/// refuses.
///
/// # Panics
/// If llvmlite is missing, with the pip command to install it.
pub fn llvm22_counts(paths: &[&Path]) -> BTreeMap<PathBuf, Result<Counts, String>> {
    let mut c = Command::new(python());
    c.arg("-c").arg(COUNTS_PY).args(paths);
    let o = c.output().unwrap_or_else(|e| {
        panic!("cannot run `{}`: {e} (install python3 and then {PIP_LLVMLITE})", describe(&c))
    });
    if o.status.code() == Some(3) {
        panic!(
            "llvmlite (LLVM 22.1) is required: {PIP_LLVMLITE} (or scripts/install-deps.sh)\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    if !o.status.success() {
        panic!("`{}` failed ({}): {}", describe(&c), o.status, String::from_utf8_lossy(&o.stderr));
    }
    let mut out = BTreeMap::new();
    let mut cur: Option<(PathBuf, Counts)> = None;
    for line in String::from_utf8_lossy(&o.stdout).lines() {
        if let Some(rest) = line.strip_prefix("@module ") {
            if let Some((p, v)) = cur.take() {
                out.insert(p, Ok(v));
            }
            cur = Some((PathBuf::from(rest), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("@error ") {
            if let Some((p, v)) = cur.take() {
                out.insert(p, Ok(v));
            }
            let (p, msg) = rest.split_once(' ').unwrap_or((rest, ""));
            out.insert(PathBuf::from(p), Err(msg.to_owned()));
        } else {
            let mut it = line.split(' ');
            let (Some(h), Some(b), Some(i)) = (it.next(), it.next(), it.next()) else {
                panic!("unexpected llvmlite output line {line:?}");
            };
            let name = (0..h.len() / 2)
                .map(|k| u8::from_str_radix(&h[2 * k..2 * k + 2], 16).unwrap())
                .collect();
            let counts = (name, b.parse().unwrap(), i.parse().unwrap());
            cur.as_mut().expect("a module line first").1.push(counts);
        }
    }
    if let Some((p, v)) = cur.take() {
        out.insert(p, Ok(v));
    }
    out
}

/// LLVM 22's (llvmlite's) printing of `bc` (`str(module)`), cached next to
/// it as `<bc>.llvm22.ll`; `Err` with LLVM 22's message when it refuses it.
///
/// # Panics
/// If llvmlite is missing, with the pip command to install it.
pub fn llvm22_text(bc: &Path) -> Result<PathBuf, String> {
    let out = bc.with_extension("llvm22.ll");
    if out.is_file() {
        return Ok(out);
    }
    let py =
        "import sys\ntry:\n    import llvmlite.binding as llvm\nexcept ImportError as e:\n    \
              print('missing llvmlite:', e, file=sys.stderr); sys.exit(3)\n\
              m = llvm.parse_bitcode(open(sys.argv[1], 'rb').read())\n\
              open(sys.argv[2], 'w').write(str(m))\n";
    let tmp = bc.with_extension(format!("llvm22.{}.tmp", std::process::id()));
    let mut c = Command::new(python());
    c.arg("-c").arg(py).arg(bc).arg(&tmp);
    let o = c.output().unwrap_or_else(|e| {
        panic!("cannot run `{}`: {e} (install python3 and then {PIP_LLVMLITE})", describe(&c))
    });
    if o.status.code() == Some(3) {
        panic!("llvmlite (LLVM 22.1) is required: {PIP_LLVMLITE} (or scripts/install-deps.sh)");
    }
    if !o.status.success() {
        let _ = fs::remove_file(&tmp);
        return Err(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    fs::rename(&tmp, &out).map_err(|e| format!("{}: {e}", out.display()))?;
    Ok(out)
}
