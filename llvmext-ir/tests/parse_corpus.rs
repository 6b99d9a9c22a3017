//! The parser over clang-19 output: every C and C++ source of `testdata`
//! at -O0 and -O2, with and without -g, generated at test time.

use std::path::{Path, PathBuf};
use std::process::Command;

use llvmext_ir::parse::parse;

fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let mut v = Vec::new();
    for dir in ["c", "cxx"] {
        if let Ok(rd) = std::fs::read_dir(root.join(dir)) {
            for e in rd.flatten() {
                let p = e.path();
                if matches!(p.extension().and_then(|x| x.to_str()), Some("c" | "cpp" | "cc")) {
                    v.push(p);
                }
            }
        }
    }
    v.sort();
    assert!(!v.is_empty(), "no sources found");
    v
}

fn clang(src: &Path, opt: &str, g: bool) -> Vec<u8> {
    let mut c = Command::new("clang-19");
    c.args(["-S", "-emit-llvm", opt, "-o", "-", "-w"]);
    if src.extension().is_some_and(|e| e != "c") {
        c.arg("-std=c++17");
    }
    if g {
        c.arg("-g");
    }
    let out = c.arg(src).output().expect("clang-19 (install Debian package clang-19)");
    assert!(
        out.status.success(),
        "clang-19 failed on {}: {}",
        src.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Counts what llvm-dis-19 prints after a round trip through llvm-as-19.
fn reference_counts(ll: &[u8]) -> (usize, usize, usize) {
    let dis = common::run("llvm-dis-19", &common::run("llvm-as-19", ll));
    let text = String::from_utf8_lossy(&dis);
    let defs = text.lines().filter(|l| l.starts_with("define ")).count();
    let decls = text.lines().filter(|l| l.starts_with("declare ")).count();
    let globals = text
        .lines()
        .filter(|l| l.starts_with('@') && (l.contains(" global ") || l.contains(" constant ")))
        .count();
    (defs, decls, globals)
}

#[path = "common/mod.rs"]
mod common;

#[test]
fn clang_output_without_debug_info_parses() {
    let mut n = 0;
    for src in sources() {
        for opt in ["-O0", "-O2"] {
            let ll = clang(&src, opt, false);
            let m = parse(&ll, "in.ll").unwrap_or_else(|e| panic!("{} {opt}: {e}", src.display()));
            let (defs, decls, globals) = reference_counts(&ll);
            let our_defs = m.functions.iter().filter(|f| !f.is_declaration()).count();
            let our_decls = m.functions.iter().filter(|f| f.is_declaration()).count();
            assert_eq!(our_defs, defs, "{} {opt}: definitions", src.display());
            assert_eq!(our_decls, decls, "{} {opt}: declarations", src.display());
            assert_eq!(m.globals.len(), globals, "{} {opt}: globals", src.display());
            assert!(m.triple.is_some() && m.datalayout.is_some());
            // Real compiler output verifies.
            if let Err(e) = llvmext_ir::verify::verify(&m) {
                panic!("{} {opt}: the verifier refuses clang's output: {e:#?}", src.display());
            }
            // Every instruction operand resolved (no placeholder left).
            for f in &m.functions {
                for inst in &f.insts {
                    for md in &inst.md {
                        assert!((md.1 .0 as usize) < m.md.len(), "unresolved metadata");
                    }
                }
                let count: usize = f.blocks.iter().map(|b| b.insts.len()).sum();
                assert_eq!(count, f.insts.len());
            }
            n += 1;
        }
    }
    assert!(n >= 8);
}

#[test]
fn clang_output_with_debug_info_parses() {
    for src in sources() {
        for opt in ["-O0", "-O2"] {
            let ll = clang(&src, opt, true);
            let m =
                parse(&ll, "in.ll").unwrap_or_else(|e| panic!("{} {opt} -g: {e}", src.display()));
            assert!(!m.functions.is_empty());
            if let Err(e) = llvmext_ir::verify::verify(&m) {
                panic!("{} {opt} -g: the verifier refuses clang's output: {e:#?}", src.display());
            }
        }
    }
}
