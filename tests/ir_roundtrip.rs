//! `llvmext-opt -S` on the textual IR corpus (clang-19 C and C++ at -O0/-O2
//! with and without -g, in-repo sources and real-world C libraries fetched
//! through cargo, and rustc's LLVM 22 output): for every file our output
//! must equal `llvm-as-19 FILE -o - | llvm-dis-19 -o -` byte for byte, the
//! `; ModuleID` line aside. rustc files that llvm-as-19 rejects are counted
//! with the reason.

mod support;

#[path = "../examples/llvmext-opt.rs"]
#[allow(dead_code)]
mod opt;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use support::ir_corpus::{downgraded, ir_corpus, reference, IrFile};
use support::tools::tool;

fn without_module_id(s: &str) -> &str {
    match s.strip_prefix("; ModuleID = ") {
        Some(rest) => rest.split_once('\n').map_or("", |(_, r)| r),
        None => s,
    }
}

/// Fails listing `failures` (of `total` files) unless there are none.
fn assert_none_differ(failures: &[String], total: usize) {
    assert!(failures.is_empty(), "{} of {total} differ:\n{}", failures.len(), failures.join("\n"));
}

/// The first differing line, with its number and both texts.
fn first_difference(ours: &str, theirs: &str) -> Option<String> {
    let (a, b) = (without_module_id(ours), without_module_id(theirs));
    if a == b {
        return None;
    }
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return Some(format!("line {} (after ModuleID):\n  ours:   {x}\n  theirs: {y}", i + 2));
        }
    }
    Some(format!(
        "one output is a prefix of the other: {} lines ours, {} theirs",
        a.lines().count(),
        b.lines().count()
    ))
}

/// Parse, verify and print `f` as `llvmext-opt -S` does.
fn opt_s(path: &Path) -> Result<String, String> {
    let args = vec!["-S".to_string(), path.display().to_string(), "-o".into(), "-".into()];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = opt::run(&args, &mut out, &mut err);
    if rc != 0 {
        return Err(String::from_utf8_lossy(&err).into_owned());
    }
    String::from_utf8(out).map_err(|e| format!("output is not UTF-8: {e}"))
}

fn compare(name: &str, path: &Path, reference: &Path, failures: &mut Vec<String>) {
    let theirs = fs::read_to_string(reference).unwrap();
    match opt_s(path) {
        Err(e) => failures.push(format!("{name}: {e}")),
        Ok(ours) => {
            if let Some(d) = first_difference(&ours, &theirs) {
                failures.push(format!("{name}: {d}"));
            }
        }
    }
}

/// Compares `f`; a rustc file llvm-as-19 rejects is counted in `rejected`
/// by llvm-as's reason and compared in its LLVM 19 spelling instead.
fn check(f: &IrFile, failures: &mut Vec<String>, rejected: &mut BTreeMap<String, Vec<String>>) {
    match reference(&f.path) {
        Ok(r) => compare(&f.name, &f.path, &r, failures),
        Err(msg) => {
            assert!(f.is_rustc(), "llvm-as-19 rejected clang's {}: {msg}", f.name);
            // llvm-as's message and the text at its caret (the LLVM 22 syntax).
            let mut lines = msg.lines();
            let first = lines.next().unwrap_or("");
            let (src, caret) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
            let at = caret.find('^').unwrap_or(0);
            let word: String =
                src.chars().skip(at).take_while(|c| !matches!(c, ',' | ' ')).collect();
            let why = format!("{} at `{word}`", first.rsplit(" error: ").next().unwrap_or(""));
            rejected.entry(why).or_default().push(f.name.clone());
            // Our parser reads LLVM 19 syntax: it must reject the file with a
            // located error, never panic.
            if let Ok(text) = opt_s(&f.path) {
                failures.push(format!(
                    "{}: accepted LLVM 22 syntax llvm-as-19 rejects ({} bytes out)",
                    f.name,
                    text.len()
                ));
            }
            let dg = downgraded(f);
            match reference(&dg) {
                Ok(r) => compare(&format!("{} (LLVM 19 spelling)", f.name), &dg, &r, failures),
                Err(e) => failures
                    .push(format!("{}: llvm-as-19 rejects even the LLVM 19 spelling: {e}", f.name)),
            }
        }
    }
}

#[test]
fn opt_s_equals_llvm_as_then_llvm_dis_on_the_corpus() {
    let files = ir_corpus(true);
    let mut failures = Vec::new();
    let mut rejected = BTreeMap::new();
    let mut bytes = 0u64;
    for f in &files {
        check(f, &mut failures, &mut rejected);
        bytes += fs::metadata(&f.path).map(|m| m.len()).unwrap_or(0);
    }
    eprintln!(
        "{} files ({:.1} MB) compared, {} identical",
        files.len(),
        bytes as f64 / 1e6,
        files.len() - failures.len()
    );
    for (why, names) in &rejected {
        eprintln!("llvm-as-19 rejects {} rustc file(s): {why}: {}", names.len(), names.join(", "));
    }
    assert!(files.iter().filter(|f| f.is_rustc()).count() >= 8, "the corpus lost its rustc files");
    assert_none_differ(&failures, files.len());
}

/// Our printing is accepted by llvm-as-19 and comes back from llvm-dis-19
/// unchanged.
#[test]
fn printed_text_is_accepted_by_llvm_as_and_round_trips() {
    let files = ir_corpus(false);
    let mut failures = Vec::new();
    for f in files.iter().filter(|f| reference(&f.path).is_ok()) {
        let ours = match opt_s(&f.path) {
            Ok(o) => o,
            Err(e) => {
                failures.push(format!("{}: {e}", f.name));
                continue;
            }
        };
        let mut child = Command::new(tool("llvm-as-19"))
            .args(["-", "-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("llvm-as-19");
        let mut stdin = child.stdin.take().unwrap();
        let text = ours.clone();
        let writer = std::thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(text.as_bytes());
        });
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        if !out.status.success() {
            failures.push(format!(
                "{}: llvm-as-19 rejects our text: {}",
                f.name,
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let dis = Command::new(tool("llvm-dis-19"))
            .args(["-", "-o", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().unwrap().write_all(&out.stdout)?;
                c.wait_with_output()
            })
            .expect("llvm-dis-19");
        let again = String::from_utf8_lossy(&dis.stdout);
        if let Some(d) = first_difference(&ours, &again) {
            failures.push(format!("{}: not a fixed point: {d}", f.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn cli_errors_are_located_and_exit_1() {
    let dir = support::cache::corpus_dir().join("ir");
    fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad-undefined.ll");
    fs::write(&bad, "define i32 @f() {\n  ret i32 %x\n}\n").unwrap();
    let args = vec!["-S".to_string(), bad.display().to_string()];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(opt::run(&args, &mut out, &mut err), 1);
    let err = String::from_utf8(err).unwrap();
    let want = format!(
        "llvmext-opt: {}:2:11: error: use of undefined value '%x'\n  ret i32 %x\n          ^\n",
        bad.display()
    );
    assert_eq!(err, want);
    // llvm-as-19 says the same, after its own program name.
    let theirs =
        Command::new(tool("llvm-as-19")).arg(&bad).arg("-o").arg("/dev/null").output().unwrap();
    let theirs = String::from_utf8_lossy(&theirs.stderr);
    assert_eq!(theirs.split_once(": ").map(|x| x.1), want.split_once(": ").map(|x| x.1));
}

#[test]
fn cli_help_prints_usage_and_exits_0() {
    for flag in ["--help", "-help", "-h"] {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(opt::run(&[flag.to_string()], &mut out, &mut err), 0, "{flag}");
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("OVERVIEW: ") && out.contains("USAGE: llvmext-opt"), "{out}");
        assert!(err.is_empty());
    }
}

#[test]
fn cli_writes_non_utf8_bytes_exactly() {
    // A `gc` name and a string attribute's key are printed raw by LLVM 19:
    // the tool must pass their bytes through, not U+FFFD.
    let dir = support::cache::corpus_dir().join("ir");
    fs::create_dir_all(&dir).unwrap();
    let src = dir.join("raw-bytes.ll");
    fs::write(&src, b"define void @f() \"k\xfe\"=\"v\" gc \"g\xffc\" {\n  ret void\n}\n").unwrap();
    let args = vec!["-S".to_string(), src.display().to_string()];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(opt::run(&args, &mut out, &mut err), 0, "{}", String::from_utf8_lossy(&err));
    let bc = Command::new(tool("llvm-as-19")).arg(&src).arg("-o").arg("-").output().unwrap();
    assert!(bc.status.success());
    let mut dis = Command::new(tool("llvm-dis-19"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    dis.stdin.take().unwrap().write_all(&bc.stdout).unwrap();
    let theirs = dis.wait_with_output().unwrap().stdout;
    let skip = |b: &[u8]| b[b.iter().position(|&c| c == b'\n').unwrap() + 1..].to_vec();
    // llvm-dis names the source file; ours names it too (source_filename).
    assert_eq!(
        String::from_utf8_lossy(&skip(&out)).replace(&src.display().to_string(), "X"),
        String::from_utf8_lossy(&skip(&theirs)).replace(&src.display().to_string(), "X")
    );
    assert!(out.windows(3).any(|w| w == b"g\xffc"), "raw gc name bytes");
}

/// With a file output, `llvmext-opt` verifies and prints at once and runs
/// the debug-info checks beside the printer (reading the module again the
/// usual way when they find a fault): the file, the messages and the exit
/// status must be what the one-after-the-other path gives on stdout, for
/// every hand-written module (invalid and stale debug info among them), and
/// a refused module must leave the output file as it was.
#[test]
fn cli_file_output_equals_stdout_output() {
    let dir = support::cache::corpus_dir().join("ir").join("file-output");
    fs::create_dir_all(&dir).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("llvmext-ir/tests/data/handwritten");
    let mut files: Vec<_> = fs::read_dir(&data).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let (mut modules, mut refused) = (0, 0);
    for file in files {
        // (Some modules hold bytes that are not UTF-8: split the bytes.)
        let text = fs::read(&file).unwrap();
        for (i, module) in split_modules(&text).into_iter().enumerate() {
            let src = dir.join(format!("m{i}.ll"));
            fs::write(&src, module).unwrap();
            let out_file = dir.join("out.ll");
            fs::write(&out_file, "untouched").unwrap();
            let run = |output: &str| {
                let args: Vec<String> =
                    ["-S", &src.display().to_string(), "-o", output].map(String::from).to_vec();
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let rc = opt::run(&args, &mut out, &mut err);
                (rc, out, err)
            };
            let (rc_file, _, err_file) = run(&out_file.display().to_string());
            let (rc_out, stdout, err_out) = run("-");
            let what = format!("{}: module {i}", file.display());
            assert_eq!(rc_file, rc_out, "{what}");
            assert_eq!(
                String::from_utf8_lossy(&err_file),
                String::from_utf8_lossy(&err_out),
                "{what}"
            );
            let written = fs::read(&out_file).unwrap();
            if rc_out == 0 {
                assert_eq!(written, stdout, "{what}");
            } else {
                assert_eq!(written, b"untouched", "{what}: a refused module replaced the output");
                refused += 1;
            }
            modules += 1;
        }
    }
    assert!(modules > 200 && refused > 50, "{modules} modules, {refused} refused");
}

/// The modules of a hand-written suite file (separated by `;--- name`).
fn split_modules(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while let Some(p) = text[i..].windows(6).position(|w| w == b"\n;--- ") {
        out.push(&text[start..i + p + 1]);
        start = i + p + 1;
        i = start;
    }
    out.push(&text[start..]);
    out
}

/// Reading the trailing metadata on a second thread gives the module a
/// serial read gives: the same printed text, or the same error.
#[test]
fn parallel_read_equals_serial_read_on_the_corpus() {
    use llvmext::ir::parse::{parse_with, ParseOptions};
    let files = ir_corpus(true);
    let split = ParseOptions::default().parallel(true).parallel_min_len(0);
    let (mut failures, mut bytes) = (Vec::new(), 0);
    let print = |src: &[u8], opts: &ParseOptions| {
        parse_with(src, "in.ll", opts)
            .map(|p| llvmext::ir::write::print_bytes(&p.module, "in.ll"))
            .map_err(|e| e.to_string())
    };
    for f in &files {
        let src = fs::read(&f.path).unwrap();
        bytes += src.len();
        let serial = print(&src, &ParseOptions::default());
        let parallel = print(&src, &split);
        if serial != parallel {
            let d = match (&serial, &parallel) {
                (Ok(a), Ok(b)) => {
                    first_difference(&String::from_utf8_lossy(a), &String::from_utf8_lossy(b))
                        .unwrap_or_default()
                }
                (a, b) => format!(
                    "serial {:?}, parallel {:?}",
                    a.as_ref().map(|_| "ok"),
                    b.as_ref().map(|_| "ok")
                ),
            };
            failures.push(format!("{}: {d}", f.name));
        }
    }
    eprintln!("{} files ({:.1} MB) read both ways", files.len(), bytes as f64 / 1e6);
    assert!(files.len() > 20, "the corpus has only {} files", files.len());
    assert_none_differ(&failures, files.len());
}
