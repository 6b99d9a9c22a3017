//! The hand-written differential suite: every module of
//! `tests/data/handwritten/*.ll` (modules are separated by `;--- name`
//! lines) is given to `llvm-as-19` and to llvmext-ir (parse, verify,
//! print). Where llvm-as-19 accepts, our text must equal
//! `llvm-as-19 | llvm-dis-19` byte for byte after the `; ModuleID` line;
//! where it refuses, we must refuse too, with a located error. The
//! warnings llvm-as-19 prints (invalid debug info it drops) must be ours.
//!
//! The files are IR of the kind people type (the language reference's
//! examples, tutorials, old spellings LLVM still upgrades), which compilers
//! never print. All mismatches are collected and reported together.

mod common;

use std::path::Path;

use llvmext_ir::parse::ParseOptions;

/// The `(name, text)` modules of one suite file.
fn split(src: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut mods: Vec<(String, Vec<u8>)> = Vec::new();
    for line in src.split_inclusive(|&b| b == b'\n') {
        if let Some(rest) = line.strip_prefix(b";--- ") {
            let name = String::from_utf8_lossy(rest).trim().to_string();
            mods.push((name, Vec::new()));
        } else if let Some(last) = mods.last_mut() {
            last.1.extend_from_slice(line);
        }
    }
    mods
}

/// The `warning: ...` lines of a tool's stderr.
fn warnings(stderr: &str) -> Vec<String> {
    stderr.lines().filter(|l| l.starts_with("warning: ")).map(String::from).collect()
}

/// `llvm-as-19 | llvm-dis-19` of `src` and llvm-as-19's warnings, or its
/// error.
fn llvm(src: &[u8]) -> Result<(Vec<u8>, Vec<String>), String> {
    let out = common::filter("llvm-as-19", &["-", "-o", "-"], src);
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let w = warnings(&String::from_utf8_lossy(&out.stderr));
    Ok((common::run("llvm-dis-19", &out.stdout), w))
}

/// Ours: parse, verify, print (as `llvmext-opt -S` does), and the warnings
/// — the same whether the trailing metadata is read on a second thread or
/// not.
fn ours(src: &[u8]) -> Result<(Vec<u8>, Vec<String>), String> {
    let serial = ours_with(src, &Default::default());
    let split = ParseOptions::default().parallel(true).parallel_min_len(0);
    assert_eq!(
        ours_with(src, &split),
        serial,
        "a parallel read differs from the serial read of\n{}",
        String::from_utf8_lossy(src)
    );
    serial
}

fn ours_with(src: &[u8], opts: &ParseOptions) -> Result<(Vec<u8>, Vec<String>), String> {
    let p = llvmext_ir::parse::parse_with(src, "<stdin>", opts).map_err(|e| e.to_string())?;
    if let Err(errs) = llvmext_ir::verify::verify(&p.module) {
        return Err(errs.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"));
    }
    let w = p.warnings.iter().map(|w| format!("warning: {w}")).collect();
    Ok((llvmext_ir::write::print_bytes(&p.module, "<stdin>"), w))
}

fn after_id(s: &[u8]) -> &[u8] {
    match s.iter().position(|&b| b == b'\n') {
        Some(i) if s.starts_with(b"; ModuleID") => &s[i + 1..],
        _ => s,
    }
}

/// Runs every module of the `.ll` files of `tests/data/<sub>`; returns
/// (identical, rejected by both), failing on any mismatch.
fn run_suite(sub: &str) -> (usize, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(sub);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    files.sort();
    let (mut accepted, mut rejected, mut failures) = (0, 0, Vec::new());
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read(path).unwrap();
        let mods = split(&src);
        assert!(!mods.is_empty(), "{file}: no ';--- name' module");
        for (name, text) in mods {
            let at = format!("{file}:{name}");
            match (llvm(&text), ours(&text)) {
                (Ok((theirs, their_w)), Ok((ours, our_w))) => {
                    if their_w != our_w {
                        failures.push(format!(
                            "{at}: warnings differ\n--- llvm-as-19\n{}\n--- ours\n{}",
                            their_w.join("\n"),
                            our_w.join("\n")
                        ));
                    } else if after_id(&theirs) == after_id(&ours) {
                        accepted += 1;
                    } else {
                        failures.push(format!(
                            "{at}: printed text differs\n--- llvm-dis-19\n{}\n--- ours\n{}",
                            String::from_utf8_lossy(after_id(&theirs)),
                            String::from_utf8_lossy(after_id(&ours))
                        ));
                    }
                }
                (Err(e), Err(our)) => {
                    // A located error: `<stdin>:LINE:COL: error: ...` from the
                    // parser, or a verifier message naming what is wrong.
                    if our.trim().is_empty() {
                        failures.push(format!("{at}: empty error (llvm-as-19: {e})"));
                    } else {
                        rejected += 1;
                    }
                }
                (Ok(_), Err(our)) => {
                    failures.push(format!("{at}: llvm-as-19 accepts, we reject: {our}"))
                }
                (Err(e), Ok(_)) => {
                    failures.push(format!("{at}: llvm-as-19 rejects ({}), we accept", e.trim()))
                }
            }
        }
    }
    eprintln!("{sub}: {accepted} modules identical, {rejected} rejected by both");
    assert!(
        failures.is_empty(),
        "{} of {} modules differ:\n\n{}",
        failures.len(),
        accepted + rejected + failures.len(),
        failures.join("\n\n")
    );
    (accepted, rejected)
}

#[test]
fn handwritten_modules_match_llvm_as_and_llvm_dis() {
    let (accepted, rejected) = run_suite("handwritten");
    assert!(
        accepted + rejected >= 100,
        "the suite holds {} modules; keep it at 100 or more",
        accepted + rejected
    );
}

/// The IR examples of the language reference (seed 004), extracted by
/// `scripts/extract-langref-examples.py` into `tests/data/langref/`.
#[test]
fn language_reference_examples_match_llvm_as_and_llvm_dis() {
    let (accepted, rejected) = run_suite("langref");
    assert!(accepted >= 15, "only {accepted} examples accepted (and {rejected} rejected)");
}
