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

/// `llvmext-opt FILE -o OUT.bc` (no `-S`): exit status, bitcode, messages.
fn opt_bc(src: &Path, out_file: &Path) -> (u8, String) {
    let args: Vec<String> = [&src.display().to_string(), "-o", &out_file.display().to_string()]
        .map(|s| s.to_string())
        .to_vec();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = opt::run(&args, &mut out, &mut err);
    assert!(out.is_empty(), "{}: wrote to stdout", src.display());
    (rc, String::from_utf8_lossy(&err).into_owned())
}

/// Whether `ours` and `theirs` hold the same module as LLVM reads it: the
/// texts llvm-dis-19 prints are equal (the `; ModuleID` line aside), or
/// differ only in the order of `; preds = ` comments — the one trace of
/// use-list orders in the text — and `theirs` has a USELIST block.
fn same_module(ours: &Path, theirs: &Path) -> Result<(), String> {
    let dis = |p: &Path| {
        let out = Command::new(tool("llvm-dis-19")).arg(p).arg("-o").arg("-").output().unwrap();
        assert!(out.status.success(), "llvm-dis-19 {}", p.display());
        without_module_id(&String::from_utf8_lossy(&out.stdout)).to_string()
    };
    let (a, b) = (dis(ours), dis(theirs));
    let Some(diff) = first_difference(&a, &b) else { return Ok(()) };
    let no_preds = |s: &str| -> Vec<String> {
        s.lines()
            .map(|l| l.split("; preds = ").next().unwrap_or(l).trim_end().to_string())
            .collect()
    };
    let stats = support::stats::walk(&fs::read(theirs).unwrap()).unwrap();
    if stats.blocks.contains_key(&18) /* USELIST_BLOCK_ID */ && no_preds(&a) == no_preds(&b) {
        return Ok(());
    }
    Err(diff)
}

/// Without `-S`, `llvmext-opt` writes bitcode as `opt` does: the bytes
/// `llvm-as-19` writes (`opt-19` with no passes writes the same) for
/// clang-19's output of the in-repo C and C++ sources at `-O0` and
/// `-O2 -g`; for the hand-written modules (every corner of the IR) the
/// same bytes for most, and for all the same module as llvm-dis-19 prints
/// it (the writer's gaps — use-list orders, LLVM's quirks on absurd
/// calling conventions — are the bitcode tests' business). A module LLVM
/// refuses is refused, leaving the output as it was.
#[test]
fn cli_writes_bitcode_as_llvm_as() {
    let dir = support::cache::corpus_dir().join("ir").join("bitcode-output");
    fs::create_dir_all(&dir).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = Vec::new();
    for (src, compiler) in [
        ("testdata/c/geometry.c", "clang-19"),
        ("testdata/c/interp.c", "clang-19"),
        ("testdata/c/sched.c", "clang-19"),
        ("testdata/c/strings.c", "clang-19"),
        ("testdata/cxx/templates.cpp", "clang++-19"),
    ] {
        for flags in [&["-O0"][..], &["-O2", "-g"][..]] {
            let stem = Path::new(src).file_stem().unwrap().to_string_lossy().into_owned();
            let ll = dir.join(format!("{stem}{}.ll", flags.join("")));
            let mut c = Command::new(tool(compiler));
            c.args(["-S", "-emit-llvm"]).args(flags).arg(root.join(src)).arg("-o").arg(&ll);
            assert!(c.status().unwrap().success(), "{src}");
            inputs.push(ll);
        }
    }
    let clang_outputs = inputs.len();
    let data = root.join("llvmext-ir/tests/data/handwritten");
    let mut files: Vec<_> = fs::read_dir(&data).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in files {
        let text = fs::read(&file).unwrap();
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        for (i, module) in split_modules(&text).into_iter().enumerate() {
            let src = dir.join(format!("{stem}-{i}.ll"));
            fs::write(&src, module).unwrap();
            inputs.push(src);
        }
    }
    // llvm-as-19 drops debug info of version 0 and then refuses the module
    // for the compile unit it left behind ("DICompileUnit not listed in
    // llvm.dbg.cu"); llvmext's verifier accepts it (with -S too).
    let known_disagreements = ["debuginfo-45.ll"];
    let (mut identical, mut same_module_only, mut refused) = (0, Vec::new(), 0);
    let mut failures = Vec::new();
    for (k, src) in inputs.iter().enumerate() {
        let file_name = src.file_name().unwrap().to_string_lossy();
        if known_disagreements.contains(&&*file_name) {
            continue;
        }
        let (ours, theirs) = (dir.join("ours.bc"), dir.join("theirs.bc"));
        fs::write(&ours, "untouched").unwrap();
        let _ = fs::remove_file(&theirs);
        let llvm =
            Command::new(tool("llvm-as-19")).arg(src).arg("-o").arg(&theirs).output().unwrap();
        let (rc, err) = opt_bc(src, &ours);
        let what = src.display();
        match (rc, llvm.status.success()) {
            (0, true) => {
                if fs::read(&ours).unwrap() == fs::read(&theirs).unwrap() {
                    identical += 1;
                } else if k < clang_outputs {
                    failures.push(format!("{what}: bitcode differs from llvm-as-19's"));
                } else {
                    match same_module(&ours, &theirs) {
                        Ok(()) => same_module_only.push(file_name.into_owned()),
                        Err(diff) => failures.push(format!(
                            "{what}: bitcode differs from llvm-as-19's, and llvm-dis-19 \
                             prints another module: {diff}"
                        )),
                    }
                }
            }
            (1, false) => {
                refused += 1;
                if fs::read(&ours).unwrap() != b"untouched" {
                    failures.push(format!("{what}: a refused module replaced the output"));
                }
                if err.is_empty() {
                    failures.push(format!("{what}: refused without a message"));
                }
            }
            (rc, llvm_ok) => failures.push(format!(
                "{what}: exit status {rc}, llvm-as-19 {}: {err}{}",
                if llvm_ok { "accepts it" } else { "refuses it" },
                String::from_utf8_lossy(&llvm.stderr)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!(
        "{identical} byte-identical, {} the same module in other bytes ({}), {refused} refused",
        same_module_only.len(),
        same_module_only.join(", ")
    );
    assert!(identical >= 150 && refused > 50, "{identical} identical, {refused} refused");
    // opt-19 itself writes what llvm-as-19 writes.
    let src = &inputs[0];
    let opt_out = dir.join("opt.bc");
    let st = Command::new(tool("opt-19")).arg(src).arg("-o").arg(&opt_out).status().unwrap();
    assert!(st.success());
    let (rc, err) = opt_bc(src, &dir.join("ours.bc"));
    assert_eq!(rc, 0, "{err}");
    assert!(fs::read(opt_out).unwrap() == fs::read(dir.join("ours.bc")).unwrap());
}

/// Bitcode on standard output: written when it is not a terminal or with
/// `-f`; to a terminal, as `opt-19`, the warning of LLVM's
/// `CheckBitcodeOutputToConsole`, no output and exit status 0. Errors:
/// a broken module (exit 1, the output untouched), an output that cannot
/// be created (the system's message, as opt-19 prints it).
#[test]
fn cli_bitcode_output_to_stdout_and_errors() {
    let dir = support::cache::corpus_dir().join("ir").join("bitcode-cli");
    fs::create_dir_all(&dir).unwrap();
    let src = dir.join("f.ll");
    fs::write(&src, "define i32 @f(i32 %x) {\n  %y = mul i32 %x, 3\n  ret i32 %y\n}\n").unwrap();
    let theirs = Command::new(tool("llvm-as-19")).arg(&src).arg("-o").arg("-").output().unwrap();
    assert!(theirs.status.success());
    let run = |args: &[&str], tty: bool| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let rc = opt::run_on(&args, &mut out, &mut err, tty);
        (rc, out, String::from_utf8(err).unwrap())
    };
    let path = src.display().to_string();
    // `-o -` and no `-o` both mean standard output.
    for args in [&[path.as_str(), "-o", "-"][..], &[path.as_str()], &["-o", "-", path.as_str()]] {
        let (rc, out, err) = run(args, false);
        assert_eq!((rc, err.as_str()), (0, ""), "{args:?}");
        assert!(out == theirs.stdout, "{args:?}");
        // A terminal: the warning, nothing written, success (as opt-19).
        let (rc, out, err) = run(args, true);
        assert_eq!((rc, out.len()), (0, 0), "{args:?}");
        assert_eq!(
            err,
            "WARNING: You're attempting to print out a bitcode file.\n\
             This is inadvisable as it may cause display problems. If\n\
             you REALLY want to taste LLVM bitcode first-hand, you\n\
             can force output with the `-f' option.\n\n"
        );
        // `-f` forces it.
        let forced: Vec<&str> = args.iter().copied().chain(["-f"]).collect();
        let (rc, out, err) = run(&forced, true);
        assert_eq!((rc, err.as_str()), (0, ""), "{forced:?}");
        assert!(out == theirs.stdout, "{forced:?}");
    }
    // Text to a terminal is fine.
    let (rc, out, _) = run(&["-S", &path], true);
    assert_eq!(rc, 0);
    assert!(out.starts_with(b"; ModuleID = "));

    // A broken module: the verifier's findings, then opt's message.
    let bad = dir.join("broken.ll");
    fs::write(
        &bad,
        "define i32 @f() {\n  %a = add i32 %b, 1\n  %b = add i32 1, 1\n  ret i32 %a\n}\n",
    )
    .unwrap();
    let out_file = dir.join("broken.bc");
    fs::write(&out_file, "untouched").unwrap();
    let (rc, err) = opt_bc(&bad, &out_file);
    assert_eq!(rc, 1);
    assert!(err.contains("Instruction does not dominate all uses!"), "{err}");
    assert!(
        err.ends_with(&format!("llvmext-opt: {}: error: input module is broken!\n", bad.display()))
    );
    assert_eq!(fs::read(&out_file).unwrap(), b"untouched");
    let (rc, out, _) = run(&[&bad.display().to_string(), "-o", "-"], false);
    assert_eq!((rc, out.len()), (1, 0));

    // An output that cannot be created: the system's message alone.
    let nowhere = dir.join("no-such-dir").join("out.bc");
    let (rc, err) = opt_bc(&src, &nowhere);
    let theirs = Command::new(tool("opt-19")).arg(&src).arg("-o").arg(&nowhere).output().unwrap();
    assert_eq!((rc, theirs.status.code()), (1, Some(1)));
    assert_eq!(err, String::from_utf8_lossy(&theirs.stderr));
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
