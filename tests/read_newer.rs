//! Bitcode from producers newer than LLVM 19, read into the LLVM 19 model
//! (`llvmext_bitcode::read`, see its `newer` conversions):
//!
//! - rustc (LLVM 22): each crate of `testdata/rust/` is compiled once into
//!   `.bc` and `.ll` (`support::newer::rustc_pairs`); our reading of the
//!   `.bc`, printed, must equal our parse of rustc's `.ll` made LLVM
//!   19-readable by `support::ir_corpus::downgrade_to_llvm19`, printed, byte
//!   for byte: two independent routes into the model agree.
//! - LLVM 22 itself (llvmlite 0.50, LLVM 22.1) reads the rustc files, a few
//!   clang-19 corpus files and the Zig files: per function (in module
//!   name) its block count and instruction count equal ours (every
//!   function but intrinsic declarations, which LLVM 22 upgrades).
//! - Zig 0.17 (`zig cc`, clang 22.1, and Zig's self-hosted bitcode
//!   writer): each file reads, verifies, and its printing is accepted by
//!   `llvm-as-19`; clang 22's Key Instructions, which the reader drops,
//!   leave the module `-gno-key-instructions` gives.
//!
//! - Zig's own writer (and `zig cc` without Key Instructions) read by us,
//!   printed, equals LLVM 22's printing of the same file (llvmlite's
//!   `str(module)`), downgraded, parsed by us, printed (block labels'
//!   `; preds =` comments aside: they follow use-list order, which the text
//!   does not carry).
//!
//! A missing llvmlite or Zig wheel fails with the pip command to install it
//! (`scripts/install-deps.sh` installs both).

mod support;

use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use llvmext_bitcode::read::read;
use llvmext_ir::write::print_with_id;
use llvmext_ir::Module;
use support::corpus_file;
use support::ir_corpus::downgrade_to_llvm19;
use support::newer::{llvm22_counts, llvm22_text, rustc_pairs, zig_files, zig_version, Counts};
use support::tools::tool;

fn lines(t: &str) -> Vec<&str> {
    t.strip_suffix('\n').unwrap_or(t).split('\n').collect()
}

fn context(lines: &[&str], at: usize) -> String {
    let mut s = String::new();
    let from = at.saturating_sub(3);
    for (i, l) in lines.iter().enumerate().skip(from).take(at + 3 - from) {
        let mark = if i == at { ">" } else { " " };
        let l: String = if l.chars().count() > 300 {
            l.chars().take(300).chain(Some('…')).collect()
        } else {
            (*l).into()
        };
        let _ = writeln!(s, "      {mark}{:6} {l}", i + 1);
    }
    s
}

/// The first differing line of two texts, with context from both.
fn first_difference(a_name: &str, a: &str, b_name: &str, b: &str) -> Option<String> {
    if a == b {
        return None;
    }
    let (la, lb) = (lines(a), lines(b));
    let at = la.iter().zip(&lb).take_while(|(x, y)| x == y).count();
    Some(format!(
        "first difference at line {} ({} vs {} lines)\n    {a_name}:\n{}    {b_name}:\n{}",
        at + 1,
        la.len(),
        lb.len(),
        context(&la, at),
        context(&lb, at)
    ))
}

fn read_file(path: &Path) -> Result<Module, String> {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read(&bytes).map_err(|e| e.to_string())
}

/// Our per-function counts, in module order.
fn our_counts(m: &Module) -> Counts {
    m.functions
        .iter()
        .map(|f| {
            let name = f.common.name.as_ref().map(|n| n.as_bytes().to_vec()).unwrap_or_default();
            (name, f.blocks.len(), f.blocks.iter().map(|b| b.insts.len()).sum())
        })
        .collect()
}

/// Where ours and LLVM 22's counts differ (at most a few lines).
/// Compared by name (LLVM 22 moves the declarations of intrinsics it
/// upgrades to the end), intrinsic declarations left out.
fn compare_counts(name: &str, ours: &Counts, theirs: &Counts) -> Option<String> {
    // Intrinsic declarations aside: LLVM 22 upgrades an LLVM 19 file's
    // lifetime markers, leaving renamed old declarations behind.
    let keep = |c: &&(Vec<u8>, usize, usize)| !(c.1 == 0 && c.0.starts_with(b"llvm."));
    let mut ours: Counts = ours.iter().filter(keep).cloned().collect();
    let mut theirs: Counts = theirs.iter().filter(keep).cloned().collect();
    ours.sort();
    theirs.sort();
    if ours == theirs {
        return None;
    }
    let mut s = format!("{name}: {} functions (ours) vs {} (LLVM 22)\n", ours.len(), theirs.len());
    let mut shown = 0;
    for i in 0..ours.len().max(theirs.len()) {
        let (o, t) = (ours.get(i), theirs.get(i));
        if o != t && shown < 5 {
            shown += 1;
            let show = |c: Option<&(Vec<u8>, usize, usize)>| match c {
                Some((n, b, k)) => {
                    format!("{} {b} blocks {k} instructions", String::from_utf8_lossy(n))
                }
                None => "-".into(),
            };
            let _ = writeln!(s, "    #{i}: ours {} | LLVM 22 {}", show(o), show(t));
        }
    }
    Some(s)
}

#[test]
fn rustc_bitcode_reads_as_its_own_text_parses() {
    let pairs = rustc_pairs();
    assert!(pairs.len() >= 8, "the rustc pairs are missing");
    let mut failures = Vec::new();
    let mut lines_compared = 0;
    for p in &pairs {
        let id = "m.bc";
        let ours_bc = match read_file(&p.bc) {
            Ok(m) => print_with_id(&m, id),
            Err(e) => {
                failures.push(format!("{}: reading the .bc: {e}", p.name));
                continue;
            }
        };
        let text = fs::read_to_string(&p.ll).unwrap_or_else(|e| panic!("{}: {e}", p.ll.display()));
        let down = downgrade_to_llvm19(&text);
        let ours_ll = match llvmext_ir::parse::parse(down.as_bytes(), "m.ll") {
            Ok(m) => print_with_id(&m, id),
            Err(e) => {
                failures.push(format!("{}: parsing the downgraded .ll: {e}", p.name));
                continue;
            }
        };
        lines_compared += lines(&ours_ll).len();
        if let Some(d) = first_difference("read(.bc)", &ours_bc, "parse(.ll)", &ours_ll) {
            failures.push(format!("{}: {d}", p.name));
        }
    }
    eprintln!(
        "{} rustc crates: {} identical ({lines_compared} lines of .ll)",
        pairs.len(),
        pairs.len() - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        pairs.len(),
        failures.join("\n")
    );
}

/// The clang-19 files LLVM 22 also reads, beside the rustc and Zig files.
const CLANG19: &[&str] =
    &["c/interp.O2.g", "c/strings.O0.g", "c/geometry.O0", "zlib/inflate.O2", "bzip2/compress.O2.g"];

#[test]
fn llvm22_counts_equal_ours() {
    let mut files: Vec<(String, std::path::PathBuf)> = Vec::new();
    for p in rustc_pairs() {
        files.push((p.name.clone(), p.bc.clone()));
    }
    for n in CLANG19 {
        files.push((format!("clang-19 {n}"), corpus_file(n).path));
    }
    for z in zig_files() {
        files.push((z.name.clone(), z.bc.clone()));
    }
    let paths: Vec<&Path> = files.iter().map(|f| f.1.as_path()).collect();
    let theirs = llvm22_counts(&paths);
    let mut failures = Vec::new();
    let (mut functions, mut insts) = (0, 0);
    for (name, path) in &files {
        let ours = match read_file(path) {
            Ok(m) => our_counts(&m),
            Err(e) => {
                failures.push(format!("{name}: our reader: {e}"));
                continue;
            }
        };
        match &theirs[path] {
            Ok(t) => {
                functions += t.len();
                insts += t.iter().map(|c| c.2).sum::<usize>();
                failures.extend(compare_counts(name, &ours, t));
            }
            Err(e) => failures.push(format!("{name}: LLVM 22 refuses it: {e}")),
        }
    }
    eprintln!(
        "{} files, {functions} functions, {insts} instructions: {} agree with LLVM 22",
        files.len(),
        files.len() - failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `llvm-as-19` accepts `text` (our printing in LLVM 19 syntax).
fn llvm_as_19_accepts(text: &str) -> Result<(), String> {
    let mut c = Command::new(tool("llvm-as-19"));
    c.args(["-", "-o", "/dev/null"]).stdin(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().unwrap_or_else(|e| panic!("llvm-as-19: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let bytes = text.as_bytes().to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&bytes));
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("llvm-as-19: {e}"));
    let _ = writer.join();
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

#[test]
fn zig_bitcode_reads_into_the_llvm19_model() {
    let files = zig_files();
    eprintln!("zig {}: {} files", zig_version(), files.len());
    let mut failures = Vec::new();
    for z in &files {
        let m = match read_file(&z.bc) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{}: {e}", z.name));
                continue;
            }
        };
        if let Err(errs) = llvmext_ir::verify::verify(&m) {
            let first: Vec<String> = errs.iter().take(3).map(|e| e.to_string()).collect();
            failures.push(format!(
                "{}: {} verifier errors: {}",
                z.name,
                errs.len(),
                first.join("; ")
            ));
            continue;
        }
        let text = print_with_id(&m, "m.bc");
        if let Err(e) = llvm_as_19_accepts(&text) {
            failures.push(format!("{}: llvm-as-19 rejects our printing: {e}", z.name));
        }
    }
    eprintln!(
        "{} of {} Zig files read, verify and assemble with llvm-as-19",
        files.len() - failures.len(),
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Dropping Key Instructions (LLVM 21 debug info) is faithful: `zig cc -O2
/// -g` read equals `zig cc -O2 -g -gno-key-instructions` read.
#[test]
fn key_instructions_read_as_without_them() {
    let files = zig_files();
    let find =
        |n: &str| files.iter().find(|z| z.name == n).unwrap_or_else(|| panic!("no {n}")).bc.clone();
    let with = read_file(&find("zig-cc/interp.O2.g")).unwrap_or_else(|e| panic!("{e}"));
    let without = read_file(&find("zig-cc/interp.O2.g.no-key-instructions"))
        .unwrap_or_else(|e| panic!("{e}"));
    let (a, b) = (print_with_id(&with, "m.bc"), print_with_id(&without, "m.bc"));
    if let Some(d) = first_difference("key instructions", &a, "-gno-key-instructions", &b) {
        panic!("{d}");
    }
    assert!(a.contains("DISubprogram("), "no debug info read");
}

/// `text` without the `column:` of `!DILabel`s (LLVM 21), which the
/// reader drops (read/newer.rs).
fn without_label_columns(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match (line.contains("= !DILabel("), line.find(", column: ")) {
            (true, Some(at)) => {
                let digits = line[at + 10..].bytes().take_while(u8::is_ascii_digit).count();
                out.push_str(&line[..at]);
                out.push_str(&line[at + 10 + digits..]);
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// `text` without the `; preds = ...` comments of block labels.
fn without_preds(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match line.find("; preds = ") {
            Some(at) if !line.starts_with(' ') => {
                out.push_str(line[..at].trim_end());
                out.push('\n');
            }
            _ => out.push_str(line),
        }
    }
    out
}

/// Zig's own bitcode writer, read by us, printed, equals LLVM 22's printing
/// of the same file (llvmlite) made LLVM 19-readable by
/// `downgrade_to_llvm19`, parsed by us, printed.
#[test]
fn zig_bitcode_reads_as_llvm22_prints_it() {
    let files = zig_files();
    let mut failures = Vec::new();
    let mut n = 0;
    for z in files.iter().filter(|z| {
        z.self_hosted || !z.name.contains(".g") || z.name.ends_with("no-key-instructions")
    }) {
        n += 1;
        let ours = match read_file(&z.bc) {
            Ok(m) => print_with_id(&m, "m.bc"),
            Err(e) => {
                failures.push(format!("{}: {e}", z.name));
                continue;
            }
        };
        let text = match llvm22_text(&z.bc) {
            Ok(p) => fs::read_to_string(p).unwrap(),
            Err(e) => {
                failures.push(format!("{}: LLVM 22 refuses it: {e}", z.name));
                continue;
            }
        };
        let down = without_label_columns(&downgrade_to_llvm19(&text));
        let theirs = match llvmext_ir::parse::parse(down.as_bytes(), "m.ll") {
            Ok(m) => print_with_id(&m, "m.bc"),
            Err(e) => {
                failures.push(format!("{}: parsing LLVM 22's text: {e}", z.name));
                continue;
            }
        };
        // The `; preds =` comments follow use-list order, which a bitcode
        // reader and a text parser build differently (our reading prints
        // LLVM 22's own comment; the parse of its text cannot).
        let (ours, theirs) = (without_preds(&ours), without_preds(&theirs));
        if let Some(d) = first_difference("read(.bc)", &ours, "parse(LLVM 22 text)", &theirs) {
            failures.push(format!("{}: {d}", z.name));
        }
    }
    eprintln!("{n} Zig files: {} identical to LLVM 22's reading", n - failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
