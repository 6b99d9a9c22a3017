//! `llvmext_bitcode::analyzer` against `llvm-bcanalyzer-19`: for every
//! corpus file (clang-19 C at -O0/-O2 with and without -g, real-world C,
//! rustc/LLVM 22, llvm-as-19, a wrapper file, llvm-cat-19 multi-module
//! files, ThinLTO modules, bitcode extracted from objects, and the non-IR
//! bitstreams clang writes: serialized diagnostics `DIAG`, remarks `RMRK`),
//! the `-dump` trace and the summary must be byte-identical.

mod support;

use std::path::Path;
use std::process::Command;

use llvmext::bitcode::analyzer::{analyze, Options};
use support::{corpus, other_bitstreams, tool, CorpusFile};

fn llvm(args: &[&str], file: &Path) -> Vec<u8> {
    let out = Command::new(tool("llvm-bcanalyzer-19"))
        .args(args)
        .arg(file)
        .output()
        .expect("run llvm-bcanalyzer-19");
    assert!(out.status.success(), "llvm-bcanalyzer-19 {args:?} {} failed", file.display());
    out.stdout
}

fn ours(opts: &Options, file: &Path) -> Vec<u8> {
    let data = std::fs::read(file).unwrap();
    let mut out = Vec::new();
    analyze(&data, &file.to_string_lossy(), opts, &mut out)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    out
}

/// The first differing line, for a readable failure.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    for (i, (x, y)) in a.lines().zip(b.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  llvmext: {x}\n  llvm:    {y}", i + 1);
        }
    }
    format!("lengths differ: {} vs {} lines", a.lines().count(), b.lines().count())
}

fn check(args: &[&str], opts: Options) {
    let mut failures = Vec::new();
    let files = corpus();
    assert!(files.len() >= 70, "corpus too small: {}", files.len());
    assert!(other_bitstreams().len() >= 4, "too few non-IR bitstreams");
    for f in files.iter().chain(other_bitstreams()) {
        let theirs = llvm(args, &f.path);
        let mine = ours(&opts, &f.path);
        if mine != theirs {
            failures.push(format!("{} ({args:?}): {}", f.name, first_difference(&mine, &theirs)));
        }
    }
    assert!(failures.is_empty(), "{} files differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn dump_is_byte_identical() {
    check(&["-dump"], Options { dump: true, ..Options::default() });
}

#[test]
fn summary_is_byte_identical() {
    check(&[], Options::default());
}

#[test]
fn dump_variants_are_byte_identical() {
    // The options that change the trace, on files with blobs, metadata
    // strings and BLOCKINFO (the -g builds).
    let variants: [(&[&str], Options); 3] = [
        (
            &["-dump", "--dump-blockinfo", "-show-binary-blobs"],
            Options {
                dump: true,
                dump_blockinfo: true,
                show_binary_blobs: true,
                ..Options::default()
            },
        ),
        (
            &["-dump", "-non-symbolic"],
            Options { dump: true, symbolic: false, ..Options::default() },
        ),
        (&["-disable-histogram"], Options { histogram: false, ..Options::default() }),
    ];
    let with_debug_info = corpus().iter().filter(|f| f.debug_info && f.size() < 2_000_000);
    let files: Vec<&CorpusFile> = with_debug_info.chain(other_bitstreams()).collect();
    for f in files {
        for (args, opts) in &variants {
            let theirs = llvm(args, &f.path);
            let mine = ours(opts, &f.path);
            assert!(mine == theirs, "{} {args:?}: {}", f.name, first_difference(&mine, &theirs));
        }
    }
}
