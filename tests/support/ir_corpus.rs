//! The textual IR corpus: `.ll` files written at test time by clang-19
//! (`-S -emit-llvm`, C and C++, `-O0`/`-O2`, with and without `-g`, from the
//! in-repo sources and the real-world C libraries of [`super::corpus::c_sources`])
//! and by rustc (`--emit=llvm-ir`, LLVM 22), each with its reference
//! `llvm-as-19 FILE -o - | llvm-dis-19 -o -`, all cached under
//! `target/llvmext-corpus/ir/`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use super::cache::{cached_file, corpus_dir, repo_root, KeyHasher};
use super::corpus::c_sources;
use super::tools::{tool, tool_version, try_run_ok};

/// Bump to rebuild every file.
const VERSION: u64 = 1;

/// One `.ll` file of the corpus.
#[derive(Debug, Clone)]
pub struct IrFile {
    /// A short unique name, e.g. `c/interp.O2.g`, `rust/shapes.O0`.
    pub name: String,
    /// The `.ll` file.
    pub path: PathBuf,
    /// `clang-19`, `clang++-19` or `rustc`.
    pub producer: &'static str,
    /// Optimization level.
    pub opt_level: u8,
    /// `-g`.
    pub debug_info: bool,
}

impl IrFile {
    /// Whether the producer is rustc (LLVM 22 syntax, which LLVM 19 may
    /// reject).
    pub fn is_rustc(&self) -> bool {
        self.producer == "rustc"
    }
}

fn stem_of(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '_' }).collect()
}

/// `tool args... src -o OUT`, cached by the source bytes, tool version and
/// arguments.
fn cached_output(name: &str, tool_name: &str, args: &[String], src: &Path, ext: &str) -> PathBuf {
    let dir = corpus_dir().join("ir");
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let bytes = fs::read(src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    let mut key = KeyHasher::new();
    key.u64(VERSION).str(tool_name).str(&tool_version(tool_name)).bytes(&bytes);
    for a in args {
        key.str(a);
    }
    cached_file(&dir, &stem_of(name), ext, key.finish(), |_, out| {
        let mut c = Command::new(tool(tool_name));
        c.args(args).arg(src).arg("-o").arg(out).current_dir(repo_root());
        try_run_ok(&mut c).map(drop)
    })
}

/// The reference printing of `ll`: `llvm-as-19 ll -o - | llvm-dis-19 -o -`,
/// cached next to it; `Err` with llvm-as-19's message when it rejects the
/// file (rustc's LLVM 22 syntax).
pub fn reference(ll: &Path) -> Result<PathBuf, String> {
    let dir = corpus_dir().join("ir");
    let bytes = fs::read(ll).unwrap_or_else(|e| panic!("{}: {e}", ll.display()));
    let mut key = KeyHasher::new();
    key.u64(VERSION).str("llvm-as-19|llvm-dis-19").str(&tool_version("llvm-as-19")).bytes(&bytes);
    let base = format!("{}.ref-{:016x}", ll.file_stem().unwrap().to_string_lossy(), key.finish());
    let done = dir.join(format!("{base}.ll"));
    let rejected = dir.join(format!("{base}.rejected"));
    if done.is_file() {
        return Ok(done);
    }
    if let Ok(msg) = fs::read_to_string(&rejected) {
        return Err(msg);
    }
    let tmp = dir.join(format!("{base}.{}.tmp", std::process::id()));
    let a = Command::new(tool("llvm-as-19"))
        .arg(ll)
        .arg("-o")
        .arg(&tmp)
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("llvm-as-19: {e}"));
    if !a.status.success() {
        let msg = String::from_utf8_lossy(&a.stderr).into_owned();
        let _ = fs::remove_file(&tmp);
        let _ = fs::write(&rejected, &msg);
        return Err(msg);
    }
    let tmp_ll = dir.join(format!("{base}.{}.tmp.ll", std::process::id()));
    let mut d = Command::new(tool("llvm-dis-19"));
    d.arg(&tmp).arg("-o").arg(&tmp_ll);
    try_run_ok(&mut d).unwrap_or_else(|e| panic!("{e}"));
    let _ = fs::remove_file(&tmp);
    fs::rename(&tmp_ll, &done).unwrap_or_else(|e| panic!("{}: {e}", done.display()));
    Ok(done)
}

struct Job {
    name: String,
    tool: &'static str,
    args: Vec<String>,
    src: PathBuf,
    opt: u8,
    debug: bool,
}

/// Every `.ll` file of the corpus (built on a thread per core on a cold
/// run, slowest first). `with_sqlite` adds sqlite3.c, the largest input
/// (about 30 MB of `.ll` at `-O2 -g`).
pub fn ir_corpus(with_sqlite: bool) -> Vec<IrFile> {
    let mut jobs = Vec::new();
    for (opt, debug) in [(0u8, false), (0, true), (2, false), (2, true)] {
        let suffix = format!(".O{opt}{}", if debug { ".g" } else { "" });
        let mut cflags = vec!["-S".to_string(), "-emit-llvm".into(), format!("-O{opt}")];
        if debug {
            cflags.push("-g".into());
        }
        for s in c_sources(with_sqlite) {
            let mut args = cflags.clone();
            args.extend(s.flags.iter().cloned());
            jobs.push(Job {
                name: format!("{}{suffix}", s.name),
                tool: "clang-19",
                args,
                src: s.path.clone(),
                opt,
                debug,
            });
        }
        let cxx = repo_root().join("testdata/cxx");
        let mut cxx_files: Vec<PathBuf> =
            fs::read_dir(&cxx).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        cxx_files.sort();
        for src in cxx_files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "cpp")) {
            let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
            let mut args = cflags.clone();
            args.push("-std=c++17".into());
            jobs.push(Job {
                name: format!("cxx/{stem}{suffix}"),
                tool: "clang++-19",
                args,
                src,
                opt,
                debug,
            });
        }
        let rust = repo_root().join("testdata/rust");
        let mut rs_files: Vec<PathBuf> = fs::read_dir(&rust)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        rs_files.sort();
        for src in rs_files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "rs")) {
            let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
            let mut args = vec![
                "--crate-type=lib".to_string(),
                "--emit=llvm-ir".into(),
                "--edition=2021".into(),
                format!("-Copt-level={opt}"),
            ];
            if debug {
                args.push("-Cdebuginfo=2".into());
            }
            jobs.push(Job {
                name: format!("rust/{stem}{suffix}"),
                tool: "rustc",
                args,
                src,
                opt,
                debug,
            });
        }
    }
    // Slowest first: bigger sources, -O2.
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| {
        let j = &jobs[i];
        std::cmp::Reverse(
            fs::metadata(&j.src).map(|m| m.len()).unwrap_or(0) * (1 + u64::from(j.opt)),
        )
    });
    let queue = Mutex::new(order.into_iter());
    let results: Mutex<Vec<(usize, PathBuf)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let next = queue.lock().unwrap().next();
                let Some(i) = next else { break };
                let j = &jobs[i];
                let p = cached_output(&j.name, j.tool, &j.args, &j.src, "ll");
                results.lock().unwrap().push((i, p));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    results
        .into_iter()
        .map(|(i, path)| {
            let j = &jobs[i];
            IrFile {
                name: j.name.clone(),
                path,
                producer: j.tool,
                opt_level: j.opt,
                debug_info: j.debug,
            }
        })
        .collect()
}

/// `text` (rustc's LLVM 22 IR) rewritten into LLVM 19 syntax where the
/// newer syntax has a plain older spelling or adds only information LLVM 19
/// has no words for: `captures(none)` → `nocapture`, other `captures(...)`
/// dropped, `icmp samesign` → `icmp`, `nocreateundeforpoison` and
/// `dead_on_return` dropped, `target_memN: none` memory locations dropped,
/// and the size operand LLVM 22 removed from `llvm.lifetime.start/end`
/// put back (`i64 -1`, `i64 immarg` in the declaration).
pub fn downgrade_to_llvm19(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let mut l = line.replace("captures(none)", "nocapture");
        while let Some(i) = l.find(" captures(") {
            let Some(j) = l[i..].find(')') else { break };
            l.replace_range(i..i + j + 1, "");
        }
        l = l.replace("icmp samesign ", "icmp ");
        l = l.replace(" nocreateundeforpoison", "").replace(" dead_on_return", "");
        for n in 0..8 {
            l = l.replace(&format!(", target_mem{n}: none"), "");
        }
        l = l.replace(", errnomem: none", "");
        for which in ["start", "end"] {
            let from = format!("@llvm.lifetime.{which}.p0(ptr ");
            let to = if l.starts_with("declare") {
                format!("@llvm.lifetime.{which}.p0(i64 immarg, ptr ")
            } else {
                format!("@llvm.lifetime.{which}.p0(i64 -1, ptr ")
            };
            l = l.replace(&from, &to);
        }
        out.push_str(&l);
    }
    out
}

/// `f` downgraded by [`downgrade_to_llvm19`], cached next to it.
pub fn downgraded(f: &IrFile) -> PathBuf {
    let dir = corpus_dir().join("ir");
    let text = fs::read_to_string(&f.path).unwrap_or_else(|e| panic!("{}: {e}", f.path.display()));
    let mut key = KeyHasher::new();
    key.u64(VERSION).str("downgrade-1").bytes(text.as_bytes());
    cached_file(&dir, &format!("{}.llvm19", stem_of(&f.name)), "ll", key.finish(), |_, out| {
        fs::write(out, downgrade_to_llvm19(&text)).map_err(|e| e.to_string())
    })
}
