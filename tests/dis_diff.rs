//! `llvmext-dis` (examples/llvmext-dis.rs: `llvmext_bitcode::read`, the
//! verifier, the printer) against `llvm-dis-19` (Debian package `llvm-19`),
//! byte for byte, on every bitcode input llvm-dis-19 reads:
//!
//! - the corpus of `support::corpus()`: clang-19 C at -O0/-O2 with and
//!   without -g (in-repo sources, sqlite3, zlib, bzip2, lz4), llvm-as-19
//!   output, a wrapped file, ThinLTO modules, bitcode extracted from ELF
//!   objects (`.llvmbc` of `-fembed-bitcode`, `.llvm.lto` of
//!   `-ffat-lto-objects`), and two `llvm-cat -b` files of 2 and 3 modules;
//!   rustc's bitcode (LLVM 22) is in the corpus too, but llvm-dis-19 refuses
//!   it ("Unknown attribute kind (102)"): those files are listed with
//!   llvm-dis-19's reason and what our reader did, not compared;
//! - every module of the hand-written `.ll` suites
//!   (`llvmext-ir/tests/data/{handwritten,langref}`) that llvm-as-19
//!   accepts, assembled by it.
//!
//! llvm-dis-19 runs in the input's directory on the file's name, so the
//! `; ModuleID` line names that file; ours is given the same name. Its
//! outputs (one per module) and the `.bc` of the hand-written modules are
//! cached under `target/llvmext-corpus/dis/`, keyed by the input's bytes and
//! the tool's version.
//!
//! Texts are compared whole: for a module with a ThinLTO summary
//! (`-flto=thin`, fat LTO objects) that includes the summary index printed
//! after the module (`^0 = module: ...`, `llvmext_bitcode::summary`); the
//! inputs that have one are counted in the report. A file of several
//! modules gives one output per module (`FILE.0.ll`, `FILE.1.ll`... as
//! llvm-dis-19 names them), each compared.
//!
//! The corpus test prints a summary (`N identical of M`), groups the
//! failures by their shape (the error message with numbers blanked, or the
//! first differing line's difference) and prints the 10 largest groups with
//! an example each (the first differing line with context from both sides);
//! every failure in detail goes to `target/llvmext-corpus/dis/report.txt`.
//! `LLVMEXT_DIS_ONLY=substring` restricts it to inputs whose name holds the
//! substring (e.g. `zlib/`, `.O0.g`, `handwritten/names`).
//!
//! The command-line tests run the built example binary (`cargo build
//! --example llvmext-dis`, a no-op when `cargo test --all-targets` built
//! it) on files, standard input, `-o -`, a multi-module file, and errors.

mod support;

#[path = "../examples/llvmext-dis.rs"]
#[allow(dead_code)]
mod dis;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use support::cache::{cached_dir, corpus_dir, repo_root, KeyHasher, ScratchDir};
use support::tools::{describe, tool, tool_version};
use support::{corpus, corpus_file};

/// Bump to rebuild every cached file of this test.
const VERSION: u64 = 1;

// ---------------------------------------------------------------------------
// Inputs and llvm-dis-19's outputs.
// ---------------------------------------------------------------------------

/// One bitcode input.
struct Input {
    /// Its name in reports: a corpus name (`zlib/inflate.O2.g`) or
    /// `<suite>/<file>:<module>` for a hand-written module.
    name: String,
    /// Where the `.bc` comes from.
    source: Source,
}

enum Source {
    /// A corpus file.
    Corpus(PathBuf),
    /// A hand-written module's text, assembled by llvm-as-19 when used.
    Suite(Vec<u8>),
}

/// The file-name-safe form of a name.
fn stem(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '_' })
        .collect()
}

fn dis_dir() -> PathBuf {
    let d = corpus_dir().join("dis");
    fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    d
}

/// The modules (`;--- name` separated) of every `.ll` file of the
/// hand-written suites.
fn suite_inputs() -> Vec<Input> {
    let mut out = Vec::new();
    for suite in ["handwritten", "langref"] {
        let dir = repo_root().join("llvmext-ir/tests/data").join(suite);
        let mut files: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ll"))
            .collect();
        files.sort();
        for path in files {
            let file = path.file_stem().unwrap().to_string_lossy().into_owned();
            let text = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let mut mods: Vec<(String, Vec<u8>)> = Vec::new();
            for line in text.split_inclusive(|&b| b == b'\n') {
                if let Some(rest) = line.strip_prefix(b";--- ") {
                    let name = String::from_utf8_lossy(rest).trim().to_string();
                    mods.push((name, Vec::new()));
                } else if let Some(last) = mods.last_mut() {
                    last.1.extend_from_slice(line);
                }
            }
            for (module, text) in mods {
                let name = format!("{suite}/{file}:{module}");
                out.push(Input { name, source: Source::Suite(text) });
            }
        }
    }
    out
}

/// `text` assembled by llvm-as-19 (cached), or its message when it refuses.
fn assemble(name: &str, text: &[u8]) -> Result<PathBuf, String> {
    let mut key = KeyHasher::new();
    key.u64(VERSION).str("llvm-as-19").str(&tool_version("llvm-as-19")).bytes(text);
    let file = format!("{}.bc", stem(name));
    let dir = cached_dir(&dis_dir(), &format!("as-{}", stem(name)), key.finish(), |d| {
        let mut child = Command::new(tool("llvm-as-19"))
            .args(["-", "-o"])
            .arg(d.join(&file))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("llvm-as-19: {e}"))?;
        let mut stdin = child.stdin.take().unwrap();
        let input = text.to_vec();
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let out = child.wait_with_output().map_err(|e| format!("llvm-as-19: {e}"))?;
        let _ = writer.join();
        if !out.status.success() {
            let _ = fs::remove_file(d.join(&file));
            fs::write(d.join("rejected.txt"), &out.stderr).map_err(|e| e.to_string())?;
        }
        Ok(())
    });
    match fs::read(dir.join("rejected.txt")) {
        Ok(msg) => Err(String::from_utf8_lossy(&msg).into_owned()),
        Err(_) => Ok(dir.join(file)),
    }
}

/// What llvm-dis-19 made of a file.
struct Reference {
    /// One text per module (empty when it refused the file).
    texts: Vec<PathBuf>,
    /// Its standard error.
    stderr: String,
    /// Whether it succeeded.
    ok: bool,
}

/// `llvm-dis-19 FILE -o OUT`, run in the file's directory (so the
/// `; ModuleID` names the file as `FILE`), cached.
fn reference(name: &str, bc: &Path) -> Reference {
    let bytes = fs::read(bc).unwrap_or_else(|e| panic!("{}: {e}", bc.display()));
    let file = bc.file_name().unwrap().to_string_lossy().into_owned();
    let mut key = KeyHasher::new();
    key.u64(VERSION).str("llvm-dis-19").str(&tool_version("llvm-dis-19")).str(&file);
    key.bytes(&bytes);
    let dir = cached_dir(&dis_dir(), &format!("ref-{}", stem(name)), key.finish(), |d| {
        let mut c = Command::new(tool("llvm-dis-19"));
        c.arg(&file).arg("-o").arg(d.join("out.ll")).current_dir(bc.parent().unwrap());
        let out = c.output().map_err(|e| format!("{}: {e}", describe(&c)))?;
        fs::write(d.join("stderr.txt"), &out.stderr).map_err(|e| e.to_string())?;
        let outputs = outputs_of(d);
        if !out.status.success() {
            for o in outputs {
                let _ = fs::remove_file(o);
            }
            fs::write(d.join("failed"), b"").map_err(|e| e.to_string())?;
            return Ok(());
        }
        if outputs.is_empty() {
            return Err(format!("`{}` wrote nothing", describe(&c)));
        }
        for (i, o) in outputs.iter().enumerate() {
            fs::rename(o, d.join(format!("{i}.ll"))).map_err(|e| e.to_string())?;
        }
        Ok(())
    });
    let stderr =
        String::from_utf8_lossy(&fs::read(dir.join("stderr.txt")).unwrap_or_default()).into_owned();
    if dir.join("failed").exists() {
        return Reference { texts: Vec::new(), stderr, ok: false };
    }
    let texts = (0..).map(|i| dir.join(format!("{i}.ll"))).take_while(|p| p.is_file()).collect();
    Reference { texts, stderr, ok: true }
}

/// What `llvm-dis-19 ... -o DIR/out.ll` wrote: `out.ll`, or `out.ll.0`,
/// `out.ll.1`... for a file of several modules.
fn outputs_of(dir: &Path) -> Vec<PathBuf> {
    let single = dir.join("out.ll");
    if single.is_file() {
        return vec![single];
    }
    (0..).map(|i| dir.join(format!("out.ll.{i}"))).take_while(|p| p.is_file()).collect()
}

/// The size of the ThinLTO summary llvm-dis-19 printed after the module
/// (from `\n^0 = module: ...` on), 0 if none.
fn summary_len(text: &[u8]) -> usize {
    const AT: &[u8] = b"\n\n^0 = module: ";
    match text.windows(AT.len()).position(|w| w == AT) {
        Some(i) => text.len() - i - 1,
        None => 0,
    }
}

// ---------------------------------------------------------------------------
// Ours, with panics caught and located.
// ---------------------------------------------------------------------------

thread_local! {
    /// While set, a panic on this thread records its location and message
    /// here instead of printing them.
    static PANIC: RefCell<Option<Panic>> = const { RefCell::new(None) };
}

/// Installs (once) a panic hook that records panics of threads running
/// [`catching`] and hands every other panic to the default hook.
fn install_panic_hook() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let recorded = PANIC.with(|p| {
                let mut p = p.borrow_mut();
                if p.is_none() {
                    return false;
                }
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "(no message)".into());
                let at = info.location().map(|l| format!("{}:{}", l.file(), l.line()));
                *p = Some(Panic { at: at.unwrap_or_else(|| "?".into()), msg });
                true
            });
            if !recorded {
                default(info);
            }
        }));
    });
}

/// A panic caught by [`catching`]: where and what.
#[derive(Debug, Clone, Default)]
struct Panic {
    at: String,
    msg: String,
}

impl Panic {
    /// Its group key: the location, and the message with numbers blanked.
    fn key(&self) -> String {
        format!("panic at {}: {}", self.at, shape(&self.msg))
    }
}

/// Runs `f`, turning a panic into `Err` with its location and message.
fn catching<T>(f: impl FnOnce() -> T) -> Result<T, Panic> {
    install_panic_hook();
    PANIC.with(|p| *p.borrow_mut() = Some(Panic::default()));
    let r = catch_unwind(AssertUnwindSafe(f));
    let p = PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
    r.map_err(|payload| {
        if !p.at.is_empty() {
            return p;
        }
        // Resumed from another thread (whose panic the default hook
        // printed): the message alone.
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".into());
        Panic { at: "another thread".into(), msg }
    })
}

/// Why ours did not give a text for a module.
enum Refusal {
    Failure(dis::Failure),
    Panic(Panic),
}

/// Our texts of the modules of `bytes` (read, debug info upgraded,
/// verified, printed, as `llvmext-dis` does; `id` on the ModuleID line),
/// with the warnings printed: for each module in order, its text or why
/// not (and nothing after the first refusal).
struct Ours {
    texts: Vec<Vec<u8>>,
    refusal: Option<(usize, Refusal)>,
    stderr: String,
}

fn ours(bytes: &[u8], id: &str) -> Ours {
    let mut o = Ours { texts: Vec::new(), refusal: None, stderr: String::new() };
    let mut err = Vec::new();
    let mut count = 1;
    let mut index = 0;
    let mut context = llvmext::bitcode::read::Context::new();
    while index < count {
        let step = catching(|| {
            let (m, s) = dis::load(bytes, index, id, true, &mut context, &mut err)?;
            if index == 0 {
                count = dis::module_count(bytes)?.max(1);
            }
            let mut text = Vec::new();
            dis::print(&m, s.as_ref(), id, &mut text).expect("printing into memory");
            Ok(text)
        });
        match step {
            Ok(Ok(text)) => o.texts.push(text),
            Ok(Err(f)) => o.refusal = Some((index, Refusal::Failure(f))),
            Err(p) => o.refusal = Some((index, Refusal::Panic(p))),
        }
        if o.refusal.is_some() {
            break;
        }
        index += 1;
    }
    o.stderr = String::from_utf8_lossy(&err).into_owned();
    o
}

// ---------------------------------------------------------------------------
// Comparing, and the shape of a difference.
// ---------------------------------------------------------------------------

/// A failure's group key and its full description.
struct Problem {
    key: String,
    detail: String,
}

/// `s` with what varies from file to file blanked: quoted strings, `%`/`@`
/// names, numbers; cut to 90 characters.
fn shape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    let name_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '$' | '.' | '_' | '-');
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let mut escaped = false;
                for d in chars.by_ref() {
                    if d == '"' && !escaped {
                        break;
                    }
                    escaped = d == '\\' && !escaped;
                }
                out.push_str("\"…\"");
            }
            '%' | '@' => {
                out.push(c);
                if chars.peek() == Some(&'"') {
                    continue;
                }
                let mut any = false;
                while chars.peek().is_some_and(|&d| name_char(d)) {
                    chars.next();
                    any = true;
                }
                if any {
                    out.push('_');
                }
            }
            d if d.is_ascii_digit() => {
                while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                    chars.next();
                }
                out.push('N');
            }
            _ => out.push(c),
        }
    }
    // A list of like items reads as one: `%_, %_, %_` -> `%_, …`.
    let mut items: Vec<&str> = out.split(", ").collect();
    let n = items.len();
    items.dedup();
    let mut out = items.join(", ");
    if items.len() < n {
        out.push_str(", …");
    }
    if out.chars().count() > 90 {
        out = out.chars().take(89).collect::<String>() + "…";
    }
    out
}

/// The tokens of `s` (split at spaces and commas), sorted.
fn tokens(s: &str) -> Vec<&str> {
    let mut t: Vec<&str> = s.split([' ', ',']).filter(|t| !t.is_empty()).collect();
    t.sort_unstable();
    t
}

/// What kind of line `line` is: the opcode of an instruction, the keyword
/// starting a line, the `!DI...` kind of a metadata node, a block label.
fn line_kind(line: &str) -> String {
    let t = line.trim_start();
    if let Some((label, comment)) = line.split_once(':') {
        if !label.starts_with(' ') && !label.contains(' ') && comment.trim_start().starts_with(';')
        {
            let preds = comment.contains("; preds = ");
            return if preds { "block label (preds)" } else { "block label" }.into();
        }
    }
    let t = match t.split_once(" = ") {
        Some((lhs, rhs)) if lhs.starts_with(['%', '!', '@', '#', '^']) => {
            let rhs = rhs.trim_start_matches("distinct ");
            if lhs.starts_with('!') {
                return rhs.split(['(', ' ']).next().unwrap_or("").to_string() + " node";
            }
            rhs
        }
        _ => t,
    };
    shape(t.split([' ', '(']).next().unwrap_or(""))
}

/// The differing middles of two lines (common prefix and suffix removed,
/// widened to whole tokens).
fn difference(theirs: &str, ours: &str) -> (String, String) {
    let (t, o): (Vec<char>, Vec<char>) = (theirs.chars().collect(), ours.chars().collect());
    let mut p = t.iter().zip(&o).take_while(|(a, b)| a == b).count();
    let max_s = t.len().min(o.len()) - p;
    let mut s = t.iter().rev().zip(o.iter().rev()).take(max_s).take_while(|(a, b)| a == b).count();
    let boundary =
        |c: &char| matches!(c, ' ' | ',' | '(' | ')' | '{' | '}' | '<' | '>' | '[' | ']');
    while p > 0 && !boundary(&t[p - 1]) {
        p -= 1;
    }
    while s > 0 && !boundary(&t[t.len() - s]) {
        s -= 1;
    }
    let mid = |v: &[char]| v[p..v.len() - s].iter().collect::<String>();
    (mid(&t), mid(&o))
}

/// Lines `at-3 ..= at+3` of `lines`, numbered, `at` marked.
fn context(lines: &[&[u8]], at: usize) -> String {
    let mut s = String::new();
    let from = at.saturating_sub(3);
    for (i, line) in lines.iter().enumerate().skip(from).take(at + 4 - from) {
        let mut l = String::from_utf8_lossy(line).into_owned();
        if l.chars().count() > 300 {
            l = l.chars().take(299).collect::<String>() + "…";
        }
        let mark = if i == at { '>' } else { ' ' };
        let _ = writeln!(s, "      {mark}{:>7} {l}", i + 1);
    }
    if at >= lines.len() {
        let _ = writeln!(s, "      >{:>7} (end of text)", at + 1);
    }
    s
}

/// The lines of `t` (without a last empty one).
fn lines(t: &[u8]) -> Vec<&[u8]> {
    let t = t.strip_suffix(b"\n").unwrap_or(t);
    t.split(|&b| b == b'\n').collect()
}

/// The first difference between our text and llvm-dis-19's, as a problem.
fn compare(ours: &[u8], theirs: &[u8]) -> Option<Problem> {
    if ours == theirs {
        return None;
    }
    let (o, t) = (lines(ours), lines(theirs));
    let at = o.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let text = |l: Option<&&[u8]>| l.map(|l| String::from_utf8_lossy(l).into_owned());
    let key = match (text(t.get(at)), text(o.get(at))) {
        (Some(tl), Some(ol)) => {
            let (tm, om) = difference(&tl, &ol);
            let (ts, os) = (shape(&tm), shape(&om));
            let kind = line_kind(&tl);
            if ts != os {
                format!("{kind}: llvm-dis-19 «{ts}», ours «{os}»")
            } else if tokens(&tm) == tokens(&om) {
                format!("{kind}: the same items in another order")
            } else {
                format!("{kind}: other names or numbers in «{ts}»")
            }
        }
        (Some(tl), None) => format!("ours ends early; llvm-dis-19 goes on with «{}»", shape(&tl)),
        (None, Some(ol)) => format!("ours goes on after llvm-dis-19's end with «{}»", shape(&ol)),
        // Same lines, but one text lacks the final newline.
        (None, None) => "final newline".to_string(),
    };
    let detail = format!(
        "first difference at line {}\n    llvm-dis-19:\n{}    llvmext:\n{}",
        at + 1,
        context(&t, at),
        context(&o, at)
    );
    Some(Problem { key, detail })
}

fn refusal_problem(module: usize, r: &Refusal) -> Problem {
    let (key, detail) = match r {
        Refusal::Panic(p) => (p.key(), format!("panic at {}: {}", p.at, p.msg)),
        Refusal::Failure(dis::Failure::Read(e)) => {
            (format!("read error: {}", shape(&e.to_string())), e.to_string())
        }
        Refusal::Failure(dis::Failure::Container(e)) => {
            (format!("container error: {}", shape(&e.to_string())), e.to_string())
        }
        Refusal::Failure(dis::Failure::Summary(e)) => {
            (format!("summary error: {}", shape(&e.to_string())), e.to_string())
        }
        Refusal::Failure(dis::Failure::Broken(errs)) => {
            let first = errs.first().map(|e| e.message.as_str()).unwrap_or("");
            let all: Vec<String> = errs.iter().take(5).map(|e| e.to_string()).collect();
            (
                format!("verifier: {}", shape(first)),
                format!("{} faults: {}", errs.len(), all.join("; ")),
            )
        }
        Refusal::Failure(dis::Failure::Write(e)) => (format!("write error: {e}"), e.to_string()),
    };
    Problem { key, detail: format!("module {module}: {detail}") }
}

/// The `warning:` lines of a tool's messages, without the program name.
fn warnings(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.split_once(": warning: ").map(|(_, w)| format!("warning: {w}")))
        .collect()
}

// ---------------------------------------------------------------------------
// The corpus test.
// ---------------------------------------------------------------------------

enum Outcome {
    /// Every module identical.
    Identical,
    /// llvm-dis-19 refuses the file: its message, and what ours did.
    Refused { theirs: String, ours: String },
    /// llvm-as-19 refuses the hand-written module: not an input.
    NotAssembled,
    /// Differences, errors or panics.
    Failed(Vec<Problem>),
}

struct Checked {
    name: String,
    outcome: Outcome,
    modules: usize,
    bytes: u64,
    /// Bytes of ThinLTO summary llvm-dis-19 printed after the modules
    /// (compared with the rest).
    summary: usize,
    ours: Duration,
    theirs: Duration,
}

fn check(input: &Input) -> Checked {
    let mut c = Checked {
        name: input.name.clone(),
        outcome: Outcome::Identical,
        modules: 0,
        bytes: 0,
        summary: 0,
        ours: Duration::ZERO,
        theirs: Duration::ZERO,
    };
    let bc = match &input.source {
        Source::Corpus(p) => p.clone(),
        Source::Suite(text) => match assemble(&input.name, text) {
            Ok(p) => p,
            Err(_) => {
                c.outcome = Outcome::NotAssembled;
                return c;
            }
        },
    };
    let t = Instant::now();
    let r = reference(&input.name, &bc);
    c.theirs = t.elapsed();
    let bytes = fs::read(&bc).unwrap_or_else(|e| panic!("{}: {e}", bc.display()));
    c.bytes = bytes.len() as u64;
    let id = bc.file_name().unwrap().to_string_lossy().into_owned();
    let t = Instant::now();
    let o = ours(&bytes, &id);
    c.ours = t.elapsed();
    if !r.ok {
        let theirs = r.stderr.lines().next().unwrap_or("").to_string();
        let theirs = theirs.split_once(": error: ").map_or(theirs.clone(), |(_, m)| m.into());
        let ours = match &o.refusal {
            None => format!("read {} module(s)", o.texts.len()),
            Some((_, Refusal::Panic(p))) => {
                c.outcome = Outcome::Failed(vec![Problem {
                    key: p.key(),
                    detail: format!(
                        "(llvm-dis-19 refuses it: {theirs}) panic at {}: {}",
                        p.at, p.msg
                    ),
                }]);
                return c;
            }
            Some((i, r)) => refusal_problem(*i, r).key,
        };
        c.outcome = Outcome::Refused { theirs, ours };
        return c;
    }
    c.modules = r.texts.len();
    let mut problems = Vec::new();
    for (i, path) in r.texts.iter().enumerate() {
        let text = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        c.summary += summary_len(&text);
        match o.texts.get(i) {
            Some(ours) => {
                if let Some(mut p) = compare(ours, &text) {
                    if r.texts.len() > 1 {
                        p.detail = format!("module {i}: {}", p.detail);
                    }
                    problems.push(p);
                }
            }
            None => {
                if let Some((at, refusal)) = &o.refusal {
                    problems.push(refusal_problem(*at, refusal));
                } else {
                    let (n, m) = (o.texts.len(), r.texts.len());
                    problems.push(Problem {
                        key: format!("module count: ours {n}, llvm-dis-19 {m}"),
                        detail: format!("ours read {n} module(s), llvm-dis-19 {m}"),
                    });
                }
                break;
            }
        }
    }
    if o.refusal.is_none() && o.texts.len() > r.texts.len() {
        let (n, m) = (o.texts.len(), r.texts.len());
        problems.push(Problem {
            key: format!("module count: ours {n}, llvm-dis-19 {m}"),
            detail: format!("ours read {n} module(s), llvm-dis-19 {m}"),
        });
    }
    let (tw, ow) = (warnings(&r.stderr), warnings(&o.stderr));
    if tw != ow {
        problems.push(Problem {
            key: "warnings differ".into(),
            detail: format!("llvm-dis-19: {tw:?}\n    ours: {ow:?}"),
        });
    }
    if !problems.is_empty() {
        c.outcome = Outcome::Failed(problems);
    }
    c
}

/// The inputs, restricted by `LLVMEXT_DIS_ONLY` when it is set.
fn inputs(only: Option<&str>) -> Vec<Input> {
    let mut all: Vec<Input> = corpus()
        .iter()
        .map(|f| Input { name: f.name.clone(), source: Source::Corpus(f.path.clone()) })
        .collect();
    all.extend(suite_inputs());
    all.retain(|i| only.is_none_or(|s| i.name.contains(s)));
    // Biggest first, so the two threads finish together.
    let size = |i: &Input| match &i.source {
        Source::Corpus(p) => fs::metadata(p).map_or(0, |m| m.len()),
        Source::Suite(t) => t.len() as u64,
    };
    all.sort_by_key(|i| std::cmp::Reverse(size(i)));
    all
}

#[test]
fn llvmext_dis_equals_llvm_dis_on_the_corpus() {
    let only = std::env::var("LLVMEXT_DIS_ONLY").ok().filter(|s| !s.is_empty());
    let start = Instant::now();
    let inputs = inputs(only.as_deref());
    assert!(!inputs.is_empty(), "LLVMEXT_DIS_ONLY={only:?} matches no input");
    let queue = Mutex::new(inputs.iter());
    let results = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some(i) = queue.lock().unwrap().next() else { break };
                let c = check(i);
                results.lock().unwrap().push(c);
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.name.cmp(&b.name));
    let wall = start.elapsed();

    let compared: Vec<&Checked> = results
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::Identical | Outcome::Failed(_)))
        .collect();
    let identical = compared.iter().filter(|c| matches!(c.outcome, Outcome::Identical)).count();
    let failed: Vec<&Checked> =
        compared.iter().copied().filter(|c| matches!(c.outcome, Outcome::Failed(_))).collect();
    let not_assembled =
        results.iter().filter(|c| matches!(c.outcome, Outcome::NotAssembled)).count();
    let suite = |c: &&Checked| c.name.contains(':');
    let (corpus_n, suite_n) = (
        compared.iter().filter(|c| !suite(c)).count(),
        compared.iter().filter(|c| suite(c)).count(),
    );
    let modules: usize = compared.iter().map(|c| c.modules).sum();
    let bytes: u64 = compared.iter().map(|c| c.bytes).sum();
    let ours: Duration = results.iter().map(|c| c.ours).sum();
    let theirs: Duration = results.iter().map(|c| c.theirs).sum();
    let with_summary: Vec<&&Checked> = compared.iter().filter(|c| c.summary > 0).collect();

    let mut report = String::new();
    let _ = writeln!(
        report,
        "llvmext-dis vs llvm-dis-19: {identical} identical of {} inputs ({corpus_n} corpus \
         files, {suite_n} hand-written modules assembled by llvm-as-19; {modules} modules, \
         {:.1} MB of bitcode){}",
        compared.len(),
        bytes as f64 / 1e6,
        only.as_ref().map(|s| format!(" [LLVMEXT_DIS_ONLY={s}]")).unwrap_or_default()
    );
    let _ = writeln!(
        report,
        "time: {wall:.1?} wall on {threads} threads; ours (read+verify+print) {ours:.1?}, \
         llvm-dis-19 side (cached after the first run) {theirs:.1?}"
    );
    let mut slowest: Vec<&Checked> = results.iter().collect();
    slowest.sort_by_key(|c| std::cmp::Reverse(c.ours));
    let slowest: Vec<String> =
        slowest.iter().take(4).map(|c| format!("{} {:.2?}", c.name, c.ours)).collect();
    let _ = writeln!(report, "slowest here: {}", slowest.join(", "));
    if not_assembled > 0 {
        let _ =
            writeln!(report, "llvm-as-19 refuses {not_assembled} hand-written modules: not inputs");
    }
    if !with_summary.is_empty() {
        let total: usize = with_summary.iter().map(|c| c.summary).sum();
        let _ = writeln!(
            report,
            "{} inputs carry a ThinLTO summary llvm-dis-19 prints after the module \
             ({total} bytes of `^N = ...` lines): compared with it",
            with_summary.len()
        );
    }
    let mut refused: BTreeMap<(String, String), Vec<&str>> = BTreeMap::new();
    for c in &results {
        if let Outcome::Refused { theirs, ours } = &c.outcome {
            refused.entry((theirs.clone(), ours.clone())).or_default().push(&c.name);
        }
    }
    for ((theirs, ours), names) in &refused {
        let _ = writeln!(
            report,
            "llvm-dis-19 refuses {} file(s), not compared: {theirs}\n    ours: {ours}\n    {}",
            names.len(),
            names.join(", ")
        );
    }

    // Failures grouped by shape, largest groups first.
    let mut groups: BTreeMap<&str, Vec<(&str, &Problem)>> = BTreeMap::new();
    let mut full = String::new();
    for c in &failed {
        if let Outcome::Failed(problems) = &c.outcome {
            for p in problems {
                groups.entry(&p.key).or_default().push((&c.name, p));
                let _ = writeln!(full, "{}: {}\n    [{}]\n", c.name, p.detail, p.key);
            }
        }
    }
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by_key(|(k, v)| (std::cmp::Reverse(v.len()), *k));
    let report_file = dis_dir().join("report.txt");
    if !failed.is_empty() {
        let _ = writeln!(
            report,
            "{} inputs fail, in {} groups; the {} largest (every failure in {}):",
            failed.len(),
            groups.len(),
            groups.len().min(10),
            report_file.display()
        );
        for (key, members) in groups.iter().take(10) {
            let names: Vec<&str> = members.iter().take(6).map(|m| m.0).collect();
            let more = members.len().saturating_sub(names.len());
            let _ = writeln!(
                report,
                "\n  [{}] {key}\n    {}{}",
                members.len(),
                names.join(", "),
                if more > 0 { format!(" and {more} more") } else { String::new() }
            );
            let (name, p) = members[0];
            let _ = writeln!(report, "    e.g. {name}: {}", p.detail.trim_end());
        }
    }
    let _ = fs::write(&report_file, format!("{report}\n{full}"));
    eprintln!("{report}");

    if only.is_none() {
        assert!(corpus_n >= 70, "only {corpus_n} corpus files compared");
        assert!(suite_n >= 150, "only {suite_n} hand-written modules compared");
        assert!(!with_summary.is_empty(), "no input with a ThinLTO summary");
        assert!(compared.iter().any(|c| c.modules > 2), "no input of several modules");
    }
    assert!(
        failed.is_empty(),
        "{} of {} inputs differ from llvm-dis-19 or fail (the groups are printed above; \
         every failure is in {})",
        failed.len(),
        compared.len(),
        report_file.display()
    );
}

// ---------------------------------------------------------------------------
// Pieces of the example that work without the reader.
// ---------------------------------------------------------------------------

/// The example's two-thread printing gives `write::print_bytes`'s text.
#[test]
fn print_equals_print_bytes() {
    let src = b"@g = global i32 0, !foo !0\n\
        define i32 @f(i32 %x) {\n  ret i32 %x, !bar !1\n}\n\
        !named = !{!0, !1}\n!0 = !{!\"x\"}\n!1 = !{i32 1, !0}\n";
    let m = llvmext::ir::parse::parse(src, "x.ll").unwrap();
    let mut ours = Vec::new();
    dis::print(&m, None, "x.bc", &mut ours).unwrap();
    assert_eq!(ours, llvmext::ir::write::print_bytes(&m, "x.bc"));
    assert!(ours.starts_with(b"; ModuleID = 'x.bc'\n"));
    assert!(String::from_utf8(ours).unwrap().contains("\n!0 = !{!\"x\"}\n!1 = !{i32 1, !0}\n"));
}

// ---------------------------------------------------------------------------
// The built binary.
// ---------------------------------------------------------------------------

/// The `llvmext-dis` example binary, built (by cargo, in this test's
/// profile) if needed.
fn binary() -> PathBuf {
    support::tools::example_binary("llvmext-dis")
}

/// Runs `program args` in `dir`, with `stdin` as standard input.
fn run_in(dir: &Path, program: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut c = Command::new(program);
    c.args(args).current_dir(dir).stdout(Stdio::piped()).stderr(Stdio::piped());
    c.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = c.spawn().unwrap_or_else(|e| panic!("{}: {e}", describe(&c)));
    let writer = stdin.map(|b| {
        let mut s = child.stdin.take().unwrap();
        let b = b.to_vec();
        std::thread::spawn(move || {
            let _ = s.write_all(&b);
        })
    });
    let out = child.wait_with_output().unwrap();
    if let Some(w) = writer {
        let _ = w.join();
    }
    out
}

fn ours_cli(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    run_in(dir, &binary(), args, stdin)
}

fn theirs_cli(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    run_in(dir, &tool("llvm-dis-19"), args, stdin)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Two scratch directories holding the same files (one for each tool, so
/// that outputs named after the inputs do not collide).
fn scratch_pair(label: &str, files: &[(&str, &[u8])]) -> (ScratchDir, ScratchDir) {
    let pair = (ScratchDir::new(&dis_dir(), label), ScratchDir::new(&dis_dir(), label));
    for (name, bytes) in files {
        fs::write(pair.0.path().join(name), bytes).unwrap();
        fs::write(pair.1.path().join(name), bytes).unwrap();
    }
    pair
}

/// Errors, worded as llvm-dis-19 words them where it has the words.
#[test]
fn cli_errors_as_llvm_dis() {
    let (o, t) = scratch_pair("cli-errors", &[("garbage.bc", b"not bitcode\n"), ("empty.bc", b"")]);
    let (o, t) = (o.path(), t.path());
    fs::create_dir(o.join("adir")).unwrap();
    fs::create_dir(t.join("adir")).unwrap();
    // Same words, same status.
    for args in [&["missing.bc"][..], &["adir"], &["garbage.bc", "empty.bc", "-o", "x.ll"]] {
        let (ours, theirs) = (ours_cli(o, args, None), theirs_cli(t, args, None));
        assert_eq!(ours.status.code(), Some(1), "{args:?}: {}", stderr(&ours));
        assert_eq!(theirs.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&ours), stderr(&theirs), "{args:?}");
    }
    // The same words after the program's name.
    for args in [&["-o"][..], &["--bogus-option", "x.bc"]] {
        let (ours, theirs) = (ours_cli(o, args, None), theirs_cli(t, args, None));
        assert_eq!(ours.status.code(), Some(1), "{args:?}");
        assert_eq!(theirs.status.code(), Some(1), "{args:?}");
        // (llvm-dis-19 names itself by its path in the hint.)
        let path = tool("llvm-dis-19").display().to_string();
        let first = |s: String| {
            s.lines().next().unwrap_or("").replace(&path, "TOOL").replace("llvm-dis-19", "TOOL")
        };
        assert_eq!(
            first(stderr(&ours)).replace("llvmext-dis", "TOOL"),
            first(stderr(&theirs)),
            "{args:?}"
        );
    }
    // Bitcode the reader refuses: `llvmext-dis: error: ... at bit N`, no
    // output file, status 1 (llvm-dis-19 refuses these too).
    for (args, stdin) in [
        (&["garbage.bc"][..], None),
        (&["empty.bc", "-o", "-"], None),
        (&[][..], Some(&b"BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00\x00\x00\x00\x00"[..])),
    ] {
        let ours = ours_cli(o, args, stdin);
        let msg = stderr(&ours);
        assert_eq!(ours.status.code(), Some(1), "{args:?}: {msg}");
        assert!(
            msg.starts_with("llvmext-dis: error: ") && msg.trim_end().contains(" at bit "),
            "{args:?}: {msg}"
        );
        assert!(ours.stdout.is_empty(), "{args:?}");
        assert_eq!(theirs_cli(t, args, stdin).status.code(), Some(1), "{args:?}");
    }
    assert!(!o.join("garbage.ll").exists() && !o.join("empty.ll").exists());
    // A file without a module (LLVM stops looking fewer than 9 bytes before
    // the end): nothing written, status 0.
    let no_module = b"BC\xc0\xde\x35\x14\x00\x00";
    fs::write(o.join("none.bc"), no_module).unwrap();
    for (args, stdin) in [(&["none.bc"][..], None), (&[][..], Some(&no_module[..]))] {
        let ours = ours_cli(o, args, stdin);
        assert_eq!(ours.status.code(), Some(0), "{args:?}: {}", stderr(&ours));
        assert!(ours.stdout.is_empty() && ours.stderr.is_empty(), "{args:?}");
        let theirs = theirs_cli(t, &[], Some(no_module));
        assert!(theirs.status.success() && theirs.stdout.is_empty() && theirs.stderr.is_empty());
    }
    assert!(!o.join("none.ll").exists());
}

#[test]
fn cli_help_and_version() {
    for flag in ["--help", "-help", "-h"] {
        let out = ours_cli(&dis_dir(), &[flag], None);
        assert_eq!(out.status.code(), Some(0), "{flag}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("OVERVIEW: ") && text.contains("USAGE: llvmext-dis"), "{text}");
        assert!(text.contains("-o <filename>"), "{text}");
    }
    let out = ours_cli(&dis_dir(), &["--version"], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("llvmext-dis "));
}

/// The outputs llvm-dis-19 chooses, with its text: `FILE.bc` -> `FILE.ll`,
/// `-o OUT`, `-o -`, standard input (`'<stdin>'` as the ModuleID), a file
/// of two modules (`FILE.0.ll`, `FILE.1.ll`; `OUT.0`, `OUT.1`), several
/// inputs, `--disable-output`, and an output that cannot be written.
#[test]
fn cli_outputs_equal_llvm_dis() {
    let one = corpus_file("c/geometry.O0.g").read();
    let two = corpus_file("llvm-cat/geometry+sched.O2").read();
    let thin = corpus_file("thinlto/c/sched.O2").read();
    let (od, td) = scratch_pair(
        "cli-out",
        &[("geo.bc", &one), ("two.bc", &two), ("x.o", &one), ("thin.bc", &thin)],
    );
    let (od, td) = (od.path(), td.path());
    let same_files = |what: &str, names: &[&str]| {
        for n in names {
            let (a, b) = (fs::read(od.join(n)), fs::read(td.join(n)));
            let b = b.unwrap_or_else(|e| panic!("{what}: llvm-dis-19 wrote no {n}: {e}"));
            let a = a.unwrap_or_else(|e| panic!("{what}: ours wrote no {n}: {e}"));
            if let Some(p) = compare(&a, &b) {
                panic!("{what}: {n}: {}\n{}", p.key, p.detail);
            }
        }
    };
    let both = |args: &[&str], stdin: Option<&[u8]>| {
        let (ours, theirs) = (ours_cli(od, args, stdin), theirs_cli(td, args, stdin));
        assert!(theirs.status.success(), "llvm-dis-19 {args:?}: {}", stderr(&theirs));
        assert!(ours.status.success(), "{args:?}: {}", stderr(&ours));
        if let Some(p) = compare(&ours.stdout, &theirs.stdout) {
            panic!("{args:?}: standard output: {}\n{}", p.key, p.detail);
        }
        (ours, theirs)
    };
    both(&["geo.bc"], None);
    same_files("geo.bc", &["geo.ll"]);
    both(&["x.o"], None);
    same_files("x.o", &["x.o.ll"]);
    both(&["geo.bc", "-o", "named.ll"], None);
    same_files("-o named.ll", &["named.ll"]);
    let (ours, _) = both(&["geo.bc", "-o", "-"], None);
    assert!(ours.stdout.starts_with(b"; ModuleID = 'geo.bc'\n"));
    let (ours, _) = both(&[], Some(&one));
    assert!(ours.stdout.starts_with(b"; ModuleID = '<stdin>'\n"));
    both(&["-"], Some(&one));
    both(&["-", "-o", "-"], Some(&one));
    both(&["two.bc"], None);
    same_files("two.bc", &["two.0.ll", "two.1.ll"]);
    both(&["two.bc", "-o", "pair"], None);
    same_files("two.bc -o pair", &["pair.0", "pair.1"]);
    // From standard input without -o, both modules go to standard output.
    both(&[], Some(&two));
    // A ThinLTO module: its summary follows, naming the input as given
    // (`<stdin>` for standard input), into a file and to standard output.
    both(&["thin.bc"], None);
    same_files("thin.bc", &["thin.ll"]);
    let (ours, _) = both(&["-", "-o", "-"], Some(&thin));
    let text = String::from_utf8_lossy(&ours.stdout).into_owned();
    assert!(text.contains("\n\n^0 = module: (path: \"<stdin>\", hash: ("), "{text}");
    let (ours, _) = both(&["./thin.bc", "-o", "-"], None);
    assert!(String::from_utf8_lossy(&ours.stdout).contains("(path: \"./thin.bc\""));
    fs::remove_file(od.join("geo.ll")).unwrap();
    fs::remove_file(td.join("geo.ll")).unwrap();
    both(&["geo.bc", "two.bc"], None);
    same_files("two inputs", &["geo.ll", "two.0.ll", "two.1.ll"]);
    let ours = ours_cli(od, &["geo.bc", "--disable-output", "-o", "none.ll"], None);
    assert!(ours.status.success() && ours.stdout.is_empty(), "{}", stderr(&ours));
    assert!(!od.join("none.ll").exists());
    // An output that cannot be created: the system's message alone.
    let args = ["geo.bc", "-o", "no/such/dir/x.ll"];
    let (ours, theirs) = (ours_cli(od, &args, None), theirs_cli(td, &args, None));
    assert_eq!((ours.status.code(), theirs.status.code()), (Some(1), Some(1)));
    assert_eq!(stderr(&ours), stderr(&theirs));
}
