//! Acceptance of the bitcode writer (issue 15), independent of byte
//! identity with `llvm-as-19`: whatever bytes [`write()`] gives, LLVM must
//! take them for the module they stand for.
//!
//! The modules: the in-repo C and C++ (`testdata/c`, `testdata/cxx`)
//! compiled by `clang-19 -S -emit-llvm` at -O0 and -O2, with and without
//! `-g`; the hand-written `.ll` of llvmext-ir's tests
//! (`llvmext-ir/tests/data/{handwritten,langref}/*.ll`, split at `;--- name`
//! lines); and, with
//! `LLVMEXT_WRITE_EXTRA=DIR`, every `.ll` of `DIR` (e.g.
//! `target/llvmext-corpus/ir`: SQLite, zlib, bzip2, lz4, rustc, C++).
//! Each module that `llvm-as-19` accepts and [`parse`] reads is written
//! with [`write()`] and checked:
//!
//! 1. **bcanalyzer**: `llvm-bcanalyzer-19 --dump` reads our file without
//!    a complaint (exit 0, no "error" on stderr, no invalid or mismatched
//!    record marked in the dump; LLVM 19's analyzer has no `-verify`, see
//!    [`bcanalyzer`]);
//! 2. **dis**: `llvm-dis-19` of our file is the text `llvm-dis-19` prints
//!    for llvm-as-19's file, byte for byte (both read from standard input,
//!    so that the `; ModuleID` line is the same);
//! 3. **object** (compiled modules only, not the hand-written ones, which
//!    need not be compilable): `clang-19 -c -O0 m.bc -o m.o` run in two
//!    directories, one holding our `m.bc` and one llvm-as-19's, gives
//!    byte-identical objects. No `-fno-ident` is needed: `.comment` holds
//!    the module's own `llvm.ident`, and nothing in the object depends on
//!    the directory clang runs in (the same file compiled in two
//!    directories gives the same bytes). A module from which clang-19
//!    compiles neither file (a test module of the extra directory with a
//!    `gc` strategy no backend has) is counted n/a, with clang's message;
//! 4. **llvm22**: LLVM 22.1 (llvmlite 0.50.0) parses our file and its
//!    verifier accepts the module: one python process per worker reads
//!    paths on its standard input and answers a line per file;
//! 5. **roundtrip**: our reader's module of our file
//!    ([`llvmext_bitcode::read::read`]) prints, with
//!    [`llvmext_ir::write::print_bytes`], as the parsed module does.
//!
//! Before them, our parser must read every module llvm-as-19 reads
//! (**parse**) and **write** must succeed. Each check is counted and
//! every failure listed with the module and its first difference (the
//! line of text, or the offset and bytes of the objects); the test fails
//! if any check fails. [`KNOWN_LLVM22`] may excuse an LLVM 22 refusal that
//! is LLVM's own: the test proves it by LLVM 22 refusing llvm-as-19's file
//! of the module with the same message.
//!
//! The misuse test ([`broken_modules_are_refused`]) writes modules the
//! verifier rejects: `Err(WriteError::Invalid(..))` naming the fault
//! (worded as LLVM's verifier, which `llvm-as-19` must print for the same
//! `.ll`), no panic, and [`write_into`] leaves its vector as it was.
//!
//! Tools are those of Debian's `llvm-19` and `clang-19` packages and the
//! pip package `llvmlite==0.50.0` (`scripts/install-deps.sh` installs them
//! all); a missing one fails the test, naming what to install. Work files
//! go to `$TMPDIR/llvmext-write-accept-PID/`, removed when every check
//! passes and kept (the path is printed) otherwise. Run it with
//! `cargo test -p llvmext-bitcode --test write_accept`; for the extra
//! corpus, in release mode:
//! `LLVMEXT_WRITE_EXTRA=target/llvmext-corpus/ir cargo test --release -p
//! llvmext-bitcode --test write_accept -- --nocapture`.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use llvmext_bitcode::write::{write, write_into, WriteError, WriteOptions};
use llvmext_ir::parse::parse;

/// Modules LLVM 22 refuses for reasons of its own, with the reason: the
/// test requires LLVM 22 to refuse llvm-as-19's file of the module with
/// the same message (and fails if LLVM 22 comes to accept ours).
const KNOWN_LLVM22: &[(&str, &str)] = &[
    (
        "handwritten/callconv.ll:cc-numbers",
        "every calling convention number 0..1023 on a declaration: LLVM 22's verifier \
         requires an i1 first argument for one of them (cc124, amdgpu_gfx_whole_wave, \
         new since LLVM 19)",
    ),
    (
        "handwritten/constfold.ll:constfold-cf2",
        "`mul` constant expressions in global initializers: LLVM 22 removed them and \
         its reader refuses them there (\"unsupported constant expression of type mul\")",
    ),
    (
        "handwritten/constfold.ll:constfold-cf3",
        "`mul` constant expressions in global initializers, as constfold-cf2",
    ),
    (
        "handwritten/debuginfo.ll:label-location-not-a-location",
        "a #dbg_label record whose location is a DIBasicType, which LLVM 19 reads: \
         LLVM 22's reader fails an assertion (cast<DILocation>) and aborts",
    ),
];

/// The pip package of LLVM 22.
const PIP_LLVMLITE: &str = "pip install llvmlite==0.50.0";

/// Tool invocations in flight at once (two shared CPUs).
const WORKERS: usize = 2;

/// The Debian package of an LLVM 19 tool.
fn package(tool: &str) -> &'static str {
    if tool.starts_with("clang") {
        "clang-19"
    } else {
        "llvm-19"
    }
}

/// `Command` for the LLVM 19 tool `name`, which must be on `PATH`.
///
/// # Panics
/// If it is not, naming the Debian package to install.
fn tool(name: &str) -> Command {
    let found = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()));
    assert!(
        found,
        "required tool `{name}` not found on PATH: install Debian package {} \
         (apt-get install -y llvm-19 clang-19, or scripts/install-deps.sh)",
        package(name)
    );
    Command::new(name)
}

/// Runs `cmd`, panicking only if it cannot be started.
fn output(cmd: &mut Command) -> Output {
    cmd.output().unwrap_or_else(|e| panic!("cannot run {:?}: {e}", cmd.get_program()))
}

/// `Err` with the command's stderr unless it exits successfully.
fn checked(cmd: &mut Command) -> Result<Output, String> {
    let out = output(cmd);
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!("{} ({}): {}", program(cmd), out.status, stderr_head(&out.stderr)))
    }
}

/// The program a command runs, for messages.
fn program(cmd: &Command) -> String {
    cmd.get_program().to_string_lossy().into_owned()
}

/// The first lines of a tool's diagnostics, on one line.
fn stderr_head(e: &[u8]) -> String {
    let s = String::from_utf8_lossy(e);
    let lines: Vec<&str> = s.lines().take(4).collect();
    lines.join(" | ")
}

/// One module of the corpus.
struct Input {
    /// `file` or `file.ll:module`.
    name: String,
    /// Its `.ll` text.
    text: Vec<u8>,
    /// The file llvm-as-19 and the parser read it from (`None`: written to
    /// the work directory first).
    path: Option<PathBuf>,
    /// Made by a compiler (checked with `clang-19 -c`), not hand-written.
    compiled: bool,
}

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `.ll` files of `dir` (those with extension `ll`), sorted.
fn ll_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    v.sort();
    v
}

/// The modules of a hand-written file: split at `;--- name` lines, or the
/// whole file when it has none.
fn split_modules(file: &str, src: &[u8], out: &mut Vec<Input>) {
    let mut cur: Option<Input> = None;
    let mut any = false;
    for line in src.split_inclusive(|&b| b == b'\n') {
        if let Some(rest) = line.strip_prefix(b";--- ") {
            out.extend(cur.take());
            any = true;
            let n = String::from_utf8_lossy(rest).trim().to_owned();
            cur = Some(Input {
                name: format!("{file}:{n}"),
                text: Vec::new(),
                path: None,
                compiled: false,
            });
        } else if let Some(m) = cur.as_mut() {
            m.text.extend_from_slice(line);
        }
    }
    out.extend(cur);
    if !any {
        out.push(Input { name: file.to_owned(), text: src.to_vec(), path: None, compiled: false });
    }
}

/// The corpus (see the file's documentation).
fn inputs(work: &Path) -> Vec<Input> {
    let root = root();
    let mut out = Vec::new();
    let mut sources = Vec::new();
    for dir in ["testdata/c", "testdata/cxx"] {
        let mut v: Vec<PathBuf> = fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "c" || e == "cpp"))
            .collect();
        v.sort();
        sources.extend(v);
    }
    assert!(sources.len() >= 5, "in-repo C and C++ sources missing");
    let cc = fs::canonicalize(work).unwrap().join("cc");
    fs::create_dir_all(&cc).unwrap();
    let jobs: Vec<(PathBuf, &str, &[&str])> = sources
        .iter()
        .flat_map(|s| {
            [
                ("O0", &["-O0"][..]),
                ("O2", &["-O2"][..]),
                ("O0.g", &["-O0", "-g"][..]),
                ("O2.g", &["-O2", "-g"][..]),
            ]
            .map(|(tag, flags)| (s.clone(), tag, flags))
        })
        .collect();
    let compiled = parallel(
        &jobs,
        || (),
        |(), (src, tag, flags)| {
            let stem = src.file_stem().unwrap().to_string_lossy();
            let ll = cc.join(format!("{stem}.{tag}.ll"));
            let mut c = tool("clang-19");
            c.args(*flags).args(["-S", "-emit-llvm", "-o"]).arg(&ll).arg(src);
            if src.extension().is_some_and(|e| e == "cpp") {
                c.arg("-fexceptions");
            }
            checked(&mut c).unwrap_or_else(|e| panic!("{e}"));
            Input {
                name: format!("{stem}.{tag}"),
                text: fs::read(&ll).unwrap(),
                path: Some(ll),
                compiled: true,
            }
        },
    );
    out.extend(compiled);
    if let Some(dir) = std::env::var_os("LLVMEXT_WRITE_EXTRA") {
        let dir = fs::canonicalize(&dir).expect("LLVMEXT_WRITE_EXTRA: a directory");
        for p in ll_files(&dir) {
            out.push(Input {
                name: p.file_name().unwrap().to_string_lossy().into_owned(),
                text: fs::read(&p).unwrap(),
                path: Some(p),
                compiled: true,
            });
        }
    }
    let data = root.join("llvmext-ir/tests/data");
    for suite in ["handwritten", "langref"] {
        for p in ll_files(&data.join(suite)) {
            let file = p.file_name().unwrap().to_string_lossy().into_owned();
            split_modules(&format!("{suite}/{file}"), &fs::read(&p).unwrap(), &mut out);
        }
    }
    // Not `tests/data/di_kinds.ll`: llvm-as-19's verifier crashes on it
    // ("invalid template parameter", SIGSEGV), so nothing compares.
    out
}

/// `f` over `items` on [`WORKERS`] threads, each with its own state made
/// by `init`; results in the items' order.
fn parallel<T: Sync, S, R: Send>(
    items: &[T],
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| {
                let mut state = init();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(k) else { break };
                    let r = f(&mut state, item);
                    results.lock().unwrap()[k] = Some(r);
                }
            });
        }
    });
    results.into_inner().unwrap().into_iter().map(|r| r.expect("every item done")).collect()
}

/// The checks, in the order they are reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Check {
    /// [`parse`] reads a module llvm-as-19 reads.
    Parse,
    /// [`write()`] gives bytes.
    Write,
    /// 1: `llvm-bcanalyzer-19 --dump` ([`bcanalyzer`]).
    Bcanalyzer,
    /// 2: `llvm-dis-19` prints ours as llvm-as-19's.
    Dis,
    /// 3: `clang-19 -c` compiles ours to llvm-as-19's object.
    Object,
    /// 4: LLVM 22 reads and verifies ours.
    Llvm22,
    /// 5: our reader gives back the module.
    RoundTrip,
}

/// Every check, in report order.
const CHECKS: [Check; 7] = [
    Check::Parse,
    Check::Write,
    Check::Bcanalyzer,
    Check::Dis,
    Check::Object,
    Check::Llvm22,
    Check::RoundTrip,
];

impl Check {
    /// Its line in the report.
    fn label(self) -> &'static str {
        match self {
            Check::Parse => "our parser reads what llvm-as-19 reads",
            Check::Write => "write() gives bytes",
            Check::Bcanalyzer => "1 llvm-bcanalyzer-19 --dump clean",
            Check::Dis => "2 llvm-dis-19 text = llvm-as-19's",
            Check::Object => "3 clang-19 -c object = llvm-as-19's",
            Check::Llvm22 => "4 LLVM 22 parse + verify",
            Check::RoundTrip => "5 read(write(m)) prints as m",
        }
    }
}

/// What happened to one module.
#[derive(Default)]
struct Outcome {
    /// Why it was not checked (llvm-as-19 refused it).
    skipped: Option<String>,
    /// Checks passed.
    passed: Vec<Check>,
    /// Checks failed, with the first difference.
    failed: Vec<(Check, String)>,
    /// Checks passed only through [`KNOWN_LLVM22`].
    known: Vec<(Check, String)>,
    /// Checks that do not apply: clang-19 compiles neither file.
    not_applicable: Vec<(Check, String)>,
}

impl Outcome {
    /// Counts `check` passed or failed by `r`.
    fn record(&mut self, check: Check, r: Result<(), String>) {
        match r {
            Ok(()) => self.passed.push(check),
            Err(e) => self.failed.push((check, e)),
        }
    }
}

/// The first differing line of two texts: its number and both lines,
/// the second named `theirs_name`.
fn first_line_difference(ours: &[u8], theirs: &[u8], theirs_name: &str) -> String {
    let (a, b) = (String::from_utf8_lossy(ours), String::from_utf8_lossy(theirs));
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut n = 0;
    loop {
        n += 1;
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => {}
            (None, None) => return "texts differ only in line endings".into(),
            (x, y) => {
                let show = |l: Option<&str>| {
                    l.map_or_else(
                        || "<end of text>".to_owned(),
                        |l| format!("{:?}", l.chars().take(200).collect::<String>()),
                    )
                };
                return format!("line {n}: ours {}, {theirs_name} {}", show(x), show(y));
            }
        }
    }
}

/// The first line of a tool's message that holds "error" (or the whole
/// message): what two failures are compared by.
fn first_error(msg: &str) -> &str {
    msg.split(" | ").find(|l| l.contains("error")).unwrap_or(msg)
}

/// The first differing byte of two files: its offset and 16 bytes of each.
fn first_byte_difference(ours: &[u8], theirs: &[u8]) -> String {
    let at =
        ours.iter().zip(theirs).position(|(a, b)| a != b).unwrap_or(ours.len().min(theirs.len()));
    let hex = |b: &[u8]| -> String {
        b[at.min(b.len())..(at + 16).min(b.len())].iter().map(|x| format!("{x:02x}")).collect()
    };
    format!(
        "{} and {} bytes, first difference at offset {at:#x}: ours {}, llvm-as-19's {}",
        ours.len(),
        theirs.len(),
        hex(ours),
        hex(theirs)
    )
}

/// `llvm-bcanalyzer-19 --dump` of `bc`: `Err` with the first complaint.
///
/// LLVM 19's analyzer has no `-verify` option (it went with LLVM 9's
/// rewrite); `--dump` is its strictest reading: it reads every block,
/// abbreviation, record and blob (metadata strings decoded), exits 1 with
/// `llvm-bcanalyzer: MESSAGE` on the first malformed one, and marks
/// inline a `METADATA_INDEX` whose offset does not match where it is
/// (`(offset mismatch: ...)`) and a malformed `METADATA_INDEX_OFFSET`
/// (`(Invalid record)`). Those marks are looked for in each record's tag
/// (before `/>`), not in the strings and blobs printed after it, which
/// hold the module's names. The dump is read as it comes (it runs to
/// hundreds of MiB for the largest modules).
fn bcanalyzer(bc: &Path) -> Result<(), String> {
    let mut c = tool("llvm-bcanalyzer-19");
    c.arg("--dump").arg(bc).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().unwrap_or_else(|e| panic!("cannot run llvm-bcanalyzer-19: {e}"));
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut complaint = None;
    let mut line = Vec::new();
    let mut n = 0;
    loop {
        line.clear();
        if stdout.read_until(b'\n', &mut line).unwrap_or(0) == 0 {
            break;
        }
        n += 1;
        let text = String::from_utf8_lossy(&line);
        let tag = text.trim_start();
        if complaint.is_some() || !tag.starts_with('<') {
            continue;
        }
        let tag = tag.split("/>").next().unwrap_or_default().to_ascii_lowercase();
        if ["error", "invalid", "mismatch"].iter().any(|w| tag.contains(w)) {
            complaint = Some(format!("dump line {n}: {}", text.trim()));
        }
    }
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() || err.to_ascii_lowercase().contains("error") {
        return Err(format!("{}: {}", o.status, stderr_head(&o.stderr)));
    }
    complaint.map_or(Ok(()), Err)
}

/// `llvm-dis-19` of `bc`, read from standard input.
fn dis(bc: &Path) -> Result<Vec<u8>, String> {
    let f = fs::File::open(bc).map_err(|e| format!("{}: {e}", bc.display()))?;
    let mut c = tool("llvm-dis-19");
    c.args(["-", "-o", "-"]).stdin(f);
    checked(&mut c).map(|o| o.stdout)
}

/// `clang-19 -c -O0 m.bc -o m.o` in `dir`: the object's bytes.
fn object(dir: &Path) -> Result<Vec<u8>, String> {
    let mut c = tool("clang-19");
    c.args(["-c", "-O0", "m.bc", "-o", "m.o"]).current_dir(dir);
    checked(&mut c)?;
    fs::read(dir.join("m.o")).map_err(|e| format!("m.o: {e}"))
}

/// The python program LLVM 22 checks files with: a path a line on
/// standard input, `ok` or `err MESSAGE` a line on standard output.
const LLVM22_PY: &str = r#"
import sys
try:
    import llvmlite.binding as llvm
except ImportError as e:
    print("missing llvmlite:", e, file=sys.stderr)
    sys.exit(3)
print("ready", ".".join(map(str, llvm.llvm_version_info)), flush=True)
for line in sys.stdin:
    path = line.rstrip("\n")
    ctx = llvm.create_context()
    try:
        m = llvm.parse_bitcode(open(path, "rb").read(), ctx)
        try:
            m.verify()
        finally:
            m.close()
        print("ok", flush=True)
    except Exception as e:
        print("err", str(e).replace("\n", " | ")[:2000], flush=True)
    finally:
        ctx.close()
"#;

/// A running LLVM 22 (llvmlite) checker.
struct Llvm22 {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Llvm22 {
    /// Starts the checker and checks that it runs LLVM 22.
    ///
    /// # Panics
    /// If python3 or llvmlite is missing, with what to install.
    fn start() -> Llvm22 {
        let mut child = Command::new("python3")
            .args(["-c", LLVM22_PY])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Inherited: LLVM's own messages (a crash) show in the test's
            // output, and a full pipe cannot stall the checker.
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot run python3 ({e}): install python3, then {PIP_LLVMLITE}")
            });
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        if !line.starts_with("ready ") {
            let status = child.wait().unwrap();
            panic!(
                "llvmlite (LLVM 22.1) is required: {PIP_LLVMLITE} (or scripts/install-deps.sh); \
                 python3 exited with {status} (its message is above)"
            );
        }
        let version = line["ready ".len()..].trim();
        assert!(version.starts_with("22."), "llvmlite runs LLVM {version}, not 22: {PIP_LLVMLITE}");
        Llvm22 { child, stdin, stdout }
    }

    /// LLVM 22's verdict on `bc`; a checker that dies (LLVM aborting) is
    /// restarted and the file reported refused.
    fn check(&mut self, bc: &Path) -> Result<(), String> {
        let mut line = String::new();
        let sent = writeln!(self.stdin, "{}", bc.display()).and_then(|()| self.stdin.flush());
        if sent.is_ok() && self.stdout.read_line(&mut line).is_ok_and(|n| n > 0) {
            return match line.trim_end().strip_prefix("err") {
                Some(e) => Err(format!("LLVM 22: {}", e.trim())),
                None if line.trim_end() == "ok" => Ok(()),
                None => Err(format!("unexpected llvmlite answer {line:?}")),
            };
        }
        let status = self.child.wait().map(|s| s.to_string()).unwrap_or_default();
        *self = Llvm22::start();
        Err(format!("LLVM 22 crashed ({status}; its message is in the test's output)"))
    }
}

impl Drop for Llvm22 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs every check on one module in `dir` (its own directory).
fn check_module(input: &Input, dir: &Path, llvm22: &mut Llvm22) -> Outcome {
    let mut out = Outcome::default();
    let (ours_dir, llvm_dir) = (dir.join("ours"), dir.join("llvm"));
    fs::create_dir_all(&ours_dir).unwrap();
    fs::create_dir_all(&llvm_dir).unwrap();
    let ll = match &input.path {
        Some(p) => p.clone(),
        None => {
            let p = dir.join("m.ll");
            fs::write(&p, &input.text).unwrap();
            p
        }
    };
    let (ours_bc, llvm_bc) = (ours_dir.join("m.bc"), llvm_dir.join("m.bc"));
    let mut c = tool("llvm-as-19");
    c.arg(&ll).arg("-o").arg(&llvm_bc);
    if let Err(e) = checked(&mut c) {
        out.skipped = Some(format!("llvm-as-19 refuses it: {e}"));
        return out;
    }
    let m = match parse(&input.text, &ll.to_string_lossy()) {
        Ok(m) => m,
        Err(e) => {
            out.failed.push((Check::Parse, format!("our parser refuses it: {e}")));
            return out;
        }
    };
    out.passed.push(Check::Parse);
    let bytes = match write(&m) {
        Ok(b) => b,
        Err(e) => {
            out.failed.push((Check::Write, format!("{e}")));
            return out;
        }
    };
    out.passed.push(Check::Write);
    fs::write(&ours_bc, &bytes).unwrap();

    // 1. The analyzer.
    out.record(Check::Bcanalyzer, bcanalyzer(&ours_bc));

    // 2. The text llvm-dis-19 reads from each.
    out.record(
        Check::Dis,
        match (dis(&ours_bc), dis(&llvm_bc)) {
            (Ok(a), Ok(b)) if a == b => Ok(()),
            (Ok(a), Ok(b)) => Err(first_line_difference(&a, &b, "llvm-as-19's")),
            (Err(e), _) => Err(format!("llvm-dis-19 refuses ours: {e}")),
            (_, Err(e)) => Err(format!("llvm-dis-19 refuses llvm-as-19's: {e}")),
        },
    );

    // 3. The objects clang-19 compiles from each.
    if input.compiled {
        match (object(&ours_dir), object(&llvm_dir)) {
            (Ok(a), Ok(b)) if a == b => out.passed.push(Check::Object),
            (Ok(a), Ok(b)) => out.failed.push((Check::Object, first_byte_difference(&a, &b))),
            // A test module of the extra directory that no backend takes.
            (Err(a), Err(b)) if first_error(&a) == first_error(&b) => out.not_applicable.push((
                Check::Object,
                format!("clang-19 refuses llvm-as-19's file the same way: {}", first_error(&b)),
            )),
            (Err(e), theirs) => out.failed.push((
                Check::Object,
                format!("clang-19 refuses ours: {e} (llvm-as-19's: {:?})", theirs.err()),
            )),
            (_, Err(e)) => {
                out.failed.push((Check::Object, format!("clang-19 refuses llvm-as-19's: {e}")))
            }
        }
    }

    // 4. LLVM 22.
    match llvm22.check(&ours_bc) {
        Ok(()) => out.passed.push(Check::Llvm22),
        Err(ours) => match KNOWN_LLVM22.iter().find(|(n, _)| *n == input.name) {
            Some((_, why)) => match llvm22.check(&llvm_bc) {
                Err(theirs) if theirs == ours => {
                    out.known.push((Check::Llvm22, format!("{ours} ({why})")))
                }
                theirs => out.failed.push((
                    Check::Llvm22,
                    format!("{ours}; listed as known, but llvm-as-19's file gives {theirs:?}"),
                )),
            },
            None => {
                let theirs = llvm22.check(&llvm_bc);
                out.failed.push((Check::Llvm22, format!("{ours} (llvm-as-19's file: {theirs:?})")));
            }
        },
    }
    if out.passed.contains(&Check::Llvm22) && KNOWN_LLVM22.iter().any(|(n, _)| *n == input.name) {
        out.failed.push((Check::Llvm22, "listed in KNOWN_LLVM22 but accepted: remove it".into()));
    }

    // 5. Our reader.
    out.record(
        Check::RoundTrip,
        match llvmext_bitcode::read::read(&bytes) {
            Ok(back) => {
                let (a, b) = (
                    llvmext_ir::write::print_bytes(&back, "m"),
                    llvmext_ir::write::print_bytes(&m, "m"),
                );
                if a == b {
                    Ok(())
                } else {
                    Err(first_line_difference(&a, &b, "the parsed module's"))
                }
            }
            Err(e) => Err(format!("our reader refuses it: {e}")),
        },
    );
    out
}

/// The whole corpus through every check.
#[test]
fn written_files_are_accepted_by_llvm() {
    let work = std::env::temp_dir().join(format!("llvmext-write-accept-{}", std::process::id()));
    fs::create_dir_all(&work).unwrap();
    let start = std::time::Instant::now();
    let inputs = inputs(&work);
    let indexed: Vec<(usize, &Input)> = inputs.iter().enumerate().collect();
    let outcomes = parallel(&indexed, Llvm22::start, |llvm22, (k, input)| {
        let dir = work.join(format!("{k:04}"));
        let out = check_module(input, &dir, llvm22);
        if out.failed.is_empty() {
            let _ = fs::remove_dir_all(&dir);
        }
        out
    });

    let mut counts: BTreeMap<Check, [usize; 4]> = BTreeMap::new();
    let (mut skipped, mut checked_modules) = (Vec::new(), 0);
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    for (k, (input, out)) in inputs.iter().zip(&outcomes).enumerate() {
        if let Some(why) = &out.skipped {
            skipped.push(format!("{}: {why}", input.name));
            continue;
        }
        checked_modules += 1;
        for c in &out.passed {
            counts.entry(*c).or_default()[0] += 1;
        }
        for (c, e) in &out.failed {
            counts.entry(*c).or_default()[1] += 1;
            failures.push(format!("[{}] {} ({k:04}): {e}", c.label(), input.name));
        }
        for (c, e) in &out.known {
            counts.entry(*c).or_default()[2] += 1;
            notes.push(format!("known [{}] {}: {e}", c.label(), input.name));
        }
        for (c, e) in &out.not_applicable {
            counts.entry(*c).or_default()[3] += 1;
            notes.push(format!("n/a [{}] {}: {e}", c.label(), input.name));
        }
    }
    eprintln!(
        "write_accept: {} modules ({} compiled, {} hand-written), {checked_modules} checked, {} \
         skipped, in {:.1?}",
        inputs.len(),
        inputs.iter().filter(|i| i.compiled).count(),
        inputs.iter().filter(|i| !i.compiled).count(),
        skipped.len(),
        start.elapsed()
    );
    for c in CHECKS {
        let [p, f, k, na] = counts.get(&c).copied().unwrap_or_default();
        eprintln!("  {:<40} {p:>4} pass {f:>4} fail {k:>4} known {na:>4} n/a", c.label());
    }
    for s in &skipped {
        eprintln!("  skipped {}", s.chars().take(240).collect::<String>());
    }
    for k in &notes {
        eprintln!("  {}", k.chars().take(400).collect::<String>());
    }
    if failures.is_empty() {
        let _ = fs::remove_dir_all(&work);
    } else {
        eprintln!("work files of the failing modules kept in {}", work.display());
    }
    let compiled_checked = counts.get(&Check::Object).map_or(0, |c| c[0] + c[1]);
    assert!(compiled_checked >= 20, "only {compiled_checked} compiled modules checked");
    assert!(checked_modules >= 200, "only {checked_modules} modules checked");
    assert!(failures.is_empty(), "{} check failures:\n{}", failures.len(), failures.join("\n"));
}

/// A module of one function `f` as the builder makes it, then broken by
/// `breaking` (which gets the module).
fn broken_by_hand(breaking: impl FnOnce(&mut llvmext_ir::Module)) -> llvmext_ir::Module {
    use llvmext_ir::builder::Builder;
    let mut m = llvmext_ir::Module::named("broken");
    let mut b = Builder::new(&mut m);
    let i32t = b.int(32).unwrap();
    let i64t = b.int(64).unwrap();
    let fty = b.fn_type(i32t, &[i32t, i64t]).unwrap();
    let f = b.define_function("f", fty).unwrap();
    {
        let mut fb = b.func(f).unwrap();
        let entry = fb.block("entry");
        fb.position_at_end(entry);
        let x = fb.arg(0).unwrap();
        fb.ret(Some(x)).unwrap();
    }
    assert!(llvmext_ir::verify::verify(&m).is_ok(), "the unbroken module verifies");
    breaking(&mut m);
    m
}

/// `m` must be refused as broken with a finding whose text holds `want`;
/// `write_into` must leave its vector alone. Returns the message.
fn refused(what: &str, m: &llvmext_ir::Module, want: &str) -> String {
    let e = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| write(m))) {
        Ok(Ok(_)) => panic!("{what}: a broken module was written"),
        Ok(Err(e)) => e,
        Err(_) => panic!("{what}: the writer panicked"),
    };
    let WriteError::Invalid(findings) = &e else { panic!("{what}: {e:?}, not Invalid") };
    assert!(!findings.is_empty(), "{what}: Invalid without findings");
    assert!(
        findings.iter().any(|f| f.to_string().contains(want)),
        "{what}: no finding says {want:?}: {findings:?}"
    );
    let shown = e.to_string();
    assert!(shown.starts_with("the module is broken: "), "{what}: {shown}");
    assert!(!e.verify_errors().is_empty(), "{what}: verify_errors() empty");
    let mut out = b"kept".to_vec();
    let r = write_into(m, &WriteOptions::default(), &mut out);
    assert!(matches!(r, Err(WriteError::Invalid(_))), "{what}: write_into gave {r:?}");
    assert_eq!(out, b"kept", "{what}: write_into changed its output on error");
    eprintln!("{what}: {shown}");
    shown
}

/// Misuse: modules the verifier rejects are refused by name, with no
/// bytes and no panic.
#[test]
fn broken_modules_are_refused() {
    use llvmext_ir::id::Value;
    use llvmext_ir::inst::InstKind;

    // Built through the API: a block without a terminator...
    let m = broken_by_hand(|m| {
        let f = &mut m.functions[0];
        f.blocks[0].insts.clear();
    });
    let e = refused("no terminator", &m, "does not have terminator!");
    assert!(e.contains("'f'"), "names the function: {e}");
    // ... a `ret` of the wrong type (the builder refuses it; the model
    // takes anything) ...
    let m = broken_by_hand(|m| m.functions[0].insts[0].kind = InstKind::Ret(Some(Value::Arg(1))));
    refused(
        "ret of i64 from an i32 function",
        &m,
        "Function return type does not match operand type of return inst!",
    );
    // ... and an operand that does not exist.
    let m = broken_by_hand(|m| m.functions[0].insts[0].kind = InstKind::Ret(Some(Value::Arg(7))));
    let e = match write(&m) {
        Err(WriteError::Invalid(f)) => f,
        other => panic!("ret of a missing argument: {other:?}"),
    };
    assert!(!e.is_empty());

    // Parsed: what the parser takes but LLVM's verifier refuses; llvm-as-19
    // must refuse the same text with the same words.
    let cases: [(&str, &str, &str); 3] = [
        (
            "use before definition",
            "define i32 @f() {\nentry:\n  %a = add i32 %b, 1\n  %b = add i32 1, 1\n  ret i32 %a\n}\n",
            "Instruction does not dominate all uses!",
        ),
        (
            "branch to the entry block",
            "define void @f() {\nentry:\n  br label %entry\n}\n",
            "Entry block to function must not have predecessors!",
        ),
        (
            "phi after a non-phi",
            "define i32 @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\n\
             b:\n  %x = add i32 1, 2\n  %p = phi i32 [ 0, %entry ], [ 1, %a ]\n  ret i32 %p\n}\n",
            "PHI nodes not grouped at top of basic block!",
        ),
    ];
    let dir = std::env::temp_dir().join(format!("llvmext-write-misuse-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    for (what, text, want) in cases {
        let m = parse(text.as_bytes(), "broken.ll")
            .unwrap_or_else(|e| panic!("{what}: our parser refuses it: {e}"));
        refused(what, &m, want);
        let ll = dir.join("broken.ll");
        fs::write(&ll, text).unwrap();
        let mut c = tool("llvm-as-19");
        c.arg(&ll).arg("-o").arg(dir.join("broken.bc"));
        let o = output(&mut c);
        let said = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{what}: llvm-as-19 accepts it");
        assert!(said.contains(want), "{what}: llvm-as-19 says {said:?}, not {want:?}");
    }
    let _ = fs::remove_dir_all(&dir);
}
