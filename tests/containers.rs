//! `llvmext_bitcode::container` against LLVM 19's tools (Debian packages
//! `llvm-19 clang-19`) and the `object` crate:
//!
//! - module splitting on every corpus file — clang's single modules, ThinLTO
//!   modules with summaries, `llvm-cat-19 -b` multi-module files, wrapped
//!   bitcode, bitcode extracted from objects — agrees with
//!   `llvm-modextract-19` (module count, and each module's bytes: ours plus a
//!   `STRTAB` block equal `llvm-modextract-19 -b -n N`) and with
//!   `llvm-bcanalyzer-19` (producer strings, epochs, summary blocks);
//! - `container::concat_modules` writes what `llvm-cat-19 -b` writes, byte
//!   for byte (llvm-as-19, clang-19, ThinLTO, wrapped, multi-module and our
//!   own writer's inputs), and every module reads back;
//! - embedded-bitcode sections found in ELF objects (`.llvmbc`, `.llvmcmd`,
//!   `.llvm.lto`; 32/64-bit, both byte orders), Mach-O (`__LLVM,__bitcode`)
//!   and COFF (`.llvmbc`) equal what `llvm-objcopy-19 --dump-section` and the
//!   `object` crate extract;
//! - malformed objects and bitcode (truncated headers, tables past the end,
//!   name offsets out of range, huge counts, random corruption) give typed
//!   errors with offsets, never a panic.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use llvmext::bitcode::container::{
    self, find_embedded_bitcode, EmbeddedBitcode, EmbeddedKind, Error, ObjectFormat, SummaryKind,
};
use llvmext::core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use object::{Object, ObjectSection};
use support::analyzer::{self, DumpNode};
use support::cache::{corpus_dir, ScratchDir};
use support::tools::{command, run_ok};
use support::{corpus, corpus_file, CorpusFile, Kind};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The module count `llvm-modextract-19` reports for an out-of-range index.
fn llvm_module_count(path: &Path) -> usize {
    let out = command("llvm-modextract-19", ["-n", "1000000", "-o", "/dev/null"])
        .arg(path)
        .output()
        .expect("run llvm-modextract-19");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "llvm-modextract-19 -n 1000000 {}: {err}", path.display());
    let n = err
        .split("contains ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok());
    n.unwrap_or_else(|| panic!("unexpected llvm-modextract-19 message: {err}"))
}

/// `llvm-modextract-19 -b -n <i>`: the module's bytes plus a STRTAB block.
fn llvm_modextract_binary(path: &Path, i: usize, dir: &Path) -> Vec<u8> {
    let out = dir.join(format!("module{i}.bc"));
    let n = i.to_string();
    run_ok(command("llvm-modextract-19", ["-b", "-n", n.as_str(), "-o"]).arg(&out).arg(path));
    std::fs::read(&out).unwrap()
}

/// What `llvm-modextract -b` writes for a module: the magic, the module's
/// bytes, then LLVM's `writeStrtab` (a STRTAB block, abbreviation width 3,
/// one blob record through a `[literal 1, blob]` abbreviation).
fn standalone_module(m: &container::ModuleRange<'_>) -> Vec<u8> {
    let mut out = b"BC\xC0\xDE".to_vec();
    out.extend_from_slice(m.bytes);
    let mut w = BitstreamWriter::new();
    w.enter_block(23, 3);
    let a = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Blob])).unwrap();
    w.emit_record_with_blob(1, &[], m.strtab.unwrap_or(&[]), Some(a)).unwrap();
    w.exit_block().unwrap();
    out.extend_from_slice(&w.finish());
    out
}

/// The (producer, epoch) of each IDENTIFICATION block in
/// `llvm-bcanalyzer-19 -dump`.
fn llvm_identifications(path: &Path) -> Vec<(Option<String>, Option<u64>)> {
    let (nodes, _) = analyzer::dump(path, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut found = Vec::new();
    for n in &nodes {
        let DumpNode::Block { name, children, .. } = n else { continue };
        if name != "IDENTIFICATION_BLOCK_ID" {
            continue;
        }
        let (mut producer, mut epoch) = (None, None);
        for c in children {
            if let DumpNode::Record(r) = c {
                match r.name.as_str() {
                    // Unabbreviated (rustc's LLVM 22): no "record string".
                    "STRING" => {
                        producer = r
                            .string
                            .clone()
                            .or_else(|| Some(r.ops.iter().map(|&c| c as u8 as char).collect()))
                    }
                    "EPOCH" => epoch = r.ops.first().map(|&v| v as u64),
                    _ => {}
                }
            }
        }
        found.push((producer, epoch));
    }
    found
}

/// `llvm-objcopy-19 --dump-section <name>=…`.
fn objcopy_dump(object: &Path, section: &str, dir: &Path) -> Vec<u8> {
    let out = dir.join("dumped.bin");
    let _ = std::fs::remove_file(&out);
    let arg = format!("--dump-section={section}={}", out.display());
    run_ok(command("llvm-objcopy-19", [arg.as_str()]).arg(object).arg(dir.join("copy.o")));
    std::fs::read(&out).unwrap()
}

/// The embedded-bitcode sections the `object` crate sees: (name, file
/// offset, contents).
fn object_crate_sections(bytes: &[u8]) -> Vec<(String, u64, Vec<u8>)> {
    let file = object::File::parse(bytes).expect("object crate parses the object");
    let mut found = Vec::new();
    for s in file.sections() {
        let name = s.name().unwrap_or("").to_owned();
        let name = match s.segment_name().ok().flatten() {
            Some(seg) if file.format() == object::BinaryFormat::MachO => format!("{seg},{name}"),
            _ => name,
        };
        if [".llvmbc", ".llvmcmd", ".llvm.lto", "__LLVM,__bitcode", "__LLVM,__cmdline"]
            .contains(&name.as_str())
        {
            let offset = s.file_range().map_or(0, |r| r.0);
            found.push((name, offset, s.data().unwrap().to_vec()));
        }
    }
    found
}

/// Checks every section `find_embedded_bitcode` finds in `object` against
/// llvm-objcopy-19 and the object crate, and that the bitcode ones parse.
fn check_embedded<'a>(
    object: &Path,
    bytes: &'a [u8],
    format: ObjectFormat,
    dir: &Path,
) -> Vec<EmbeddedBitcode<'a>> {
    let what = object.display();
    let found = find_embedded_bitcode(bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
    let theirs = object_crate_sections(bytes);
    let ours: Vec<(String, u64, Vec<u8>)> =
        found.iter().map(|s| (s.section.clone(), s.offset, s.data.to_vec())).collect();
    assert_eq!(ours, theirs, "{what}: sections differ from the object crate's");
    for s in &found {
        assert_eq!(s.format, format, "{what}");
        assert_eq!(objcopy_dump(object, &s.section, dir), s.data, "{what}: {}", s.section);
        if s.kind.is_bitcode() {
            let file = s.parse().unwrap_or_else(|e| panic!("{what} {}: {e}", s.section));
            assert_eq!(file.modules.len(), 1, "{what} {}", s.section);
            let producer = file.modules[0].producer.as_deref().unwrap_or("");
            assert!(producer.starts_with("LLVM19"), "{what}: producer {producer:?}");
            // Mach-O embeds the bitcode inside a wrapper header.
            assert_eq!(file.wrapper.is_some(), format == ObjectFormat::MachO, "{what}");
        } else {
            assert!(s.data.starts_with(b"-cc1\0"), "{what}: command line {:?}", s.data);
        }
    }
    found
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Runs `find_embedded_bitcode` (and `parse` on what it finds) on
/// truncations and random corruptions of `object`: any result is fine, a
/// panic fails the test.
fn survives_corruption(object: &[u8], seed: u64) {
    let exercise = |data: &[u8]| {
        if let Ok(found) = find_embedded_bitcode(data) {
            for s in found {
                let _ = s.parse();
            }
        }
    };
    for len in 0..object.len().min(4096) {
        exercise(&object[..len]);
    }
    for len in (4096..object.len()).step_by(97) {
        exercise(&object[..len]);
    }
    let mut state = seed | 1;
    let mut data = object.to_vec();
    for _ in 0..3000 {
        data.copy_from_slice(object);
        for _ in 0..1 + xorshift(&mut state) % 4 {
            let i = (xorshift(&mut state) % data.len() as u64) as usize;
            let v = xorshift(&mut state);
            match v % 3 {
                0 => data[i] ^= 1 << ((v >> 8) % 8),
                1 => data[i] = 0xff,
                _ => data[i] = (v >> 16) as u8,
            }
        }
        exercise(&data);
    }
}

fn put_u16(b: &mut [u8], at: usize, v: u16) {
    b[at..at + 2].copy_from_slice(&v.to_le_bytes());
}
fn put_u32(b: &mut [u8], at: usize, v: u32) {
    b[at..at + 4].copy_from_slice(&v.to_le_bytes());
}
fn put_u64(b: &mut [u8], at: usize, v: u64) {
    b[at..at + 8].copy_from_slice(&v.to_le_bytes());
}
fn get_u64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

#[track_caller]
fn object_error(data: &[u8], message: &str, offset: u64) {
    let o = object_error_offset(data, message);
    assert_eq!(o, offset, "offset of {message:?}");
}

/// The offset of the object error `find_embedded_bitcode` must report.
#[track_caller]
fn object_error_offset(data: &[u8], message: &str) -> u64 {
    match find_embedded_bitcode(data) {
        Err(Error::Object { message: m, offset, .. }) => {
            assert!(m.contains(message), "message {m:?}, expected {message:?}");
            offset
        }
        other => panic!("expected an object error {message:?}, got {other:?}"),
    }
}

/// A header-free C file, so that any target compiles it.
const FREESTANDING_C: &str = "\
int add(int a, int b) { return a + b; }
static int counter;
int next(void) { return ++counter; }
const char *hello(void) { return \"hello, embedded bitcode\"; }
";

/// Compiles [`FREESTANDING_C`] for `target` with `flags` into `dir`.
fn compile_for(target: &str, flags: &[&str], dir: &Path) -> PathBuf {
    let src = dir.join("freestanding.c");
    std::fs::write(&src, FREESTANDING_C).unwrap();
    let out = dir.join(format!("{target}{}.o", flags.join("")));
    let mut c = command("clang-19", ["-c", "-O1", "-target", target]);
    c.args(flags).arg(&src).arg("-o").arg(&out);
    run_ok(&mut c);
    out
}

// ---------------------------------------------------------------------------
// Module splitting
// ---------------------------------------------------------------------------

#[test]
fn module_counts_match_llvm_modextract() {
    let files = corpus();
    assert!(files.iter().any(|f| f.modules == 3), "no three-module file");
    for f in files {
        let bytes = f.read();
        let file = container::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        assert_eq!(file.modules.len(), f.modules, "{}", f.name);
        assert_eq!(file.modules.len(), llvm_module_count(&f.path), "{}", f.name);
        assert_eq!(file.wrapper.is_some(), f.wrapped, "{}", f.name);
        // Modules follow each other, the first right after the magic
        // (`llvm-cat -b` puts a STRTAB after each module).
        let mut at = file.stream_offset + 4;
        for (i, m) in file.modules.iter().enumerate() {
            if i == 0 {
                assert_eq!(m.byte_range.start, at, "{}", f.name);
            }
            assert!(m.byte_range.start >= at, "{}", f.name);
            assert_eq!(&bytes[m.byte_range.clone()], m.bytes, "{}", f.name);
            assert_eq!(m.bytes[..].len() % 4, 0, "{}", f.name);
            assert!(m.identification_bit.is_some(), "{}: no IDENTIFICATION", f.name);
            assert!(m.strtab.is_some_and(|s| !s.is_empty()), "{}: no STRTAB", f.name);
            at = m.byte_range.end;
        }
        if let Some(symtab) = file.symtab {
            assert!(!symtab.is_empty() && file.strtab_for_symtab.is_some(), "{}", f.name);
        }
    }
}

#[test]
fn modules_extract_byte_identically_to_llvm_modextract() {
    let dir = ScratchDir::new(&corpus_dir(), "modextract");
    let mut checked = 0;
    for f in corpus().iter().filter(|f| f.size() < 3_000_000) {
        let bytes = f.read();
        let file = container::parse(&bytes).unwrap();
        for (i, m) in file.modules.iter().enumerate() {
            let theirs = llvm_modextract_binary(&f.path, i, dir.path());
            let ours = standalone_module(m);
            assert!(
                ours == theirs,
                "{} module {i}: {} bytes vs llvm-modextract-19 -b: {} bytes",
                f.name,
                ours.len(),
                theirs.len()
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} modules checked");
}

#[test]
fn producers_epochs_and_summaries_match_bcanalyzer() {
    for f in corpus().iter().filter(|f| f.size() < 2_000_000) {
        let bytes = f.read();
        let file = container::parse(&bytes).unwrap();
        let ours: Vec<(Option<String>, Option<u64>)> =
            file.modules.iter().map(|m| (m.producer.clone(), m.epoch)).collect();
        assert_eq!(ours, llvm_identifications(&f.path), "{}", f.name);
        for m in &file.modules {
            let p = m.producer.as_deref().unwrap_or("");
            let want = f.producer.llvm_prefix();
            assert!(p.starts_with(&want), "{}: producer {p:?}", f.name);
            assert_eq!(m.epoch, Some(0), "{}", f.name);
        }
        let summary = analyzer::summary(&f.path).unwrap();
        let theirs = summary.blocks.get(&20).map_or(0, |b| b.instances) as usize;
        let thin = file.modules.iter().filter(|m| m.summary == Some(SummaryKind::ThinLto)).count();
        assert_eq!(thin, theirs, "{}: GLOBALVAL_SUMMARY blocks", f.name);
        assert!(file.modules.iter().all(|m| m.summary != Some(SummaryKind::FullLto)));
        let expected = if f.thin_lto { f.modules } else { 0 };
        assert_eq!(thin, expected, "{}: modules with a ThinLTO summary", f.name);
    }
}

#[test]
fn llvm_cat_binary_copies_modules() {
    // `llvm-cat -b` appends each input module's bytes unchanged.
    for (cat, inputs) in [
        ("llvm-cat/geometry+sched.O2", &["c/geometry.O2", "c/sched.O2.g"][..]),
        (
            "llvm-cat/thinlto3.O2",
            &["thinlto/c/interp.O2", "thinlto/c/sched.O2.g", "thinlto/zlib/inflate.O2"][..],
        ),
    ] {
        let cat_bytes = corpus_file(cat).read();
        let cat_file = container::parse(&cat_bytes).unwrap();
        assert_eq!(cat_file.modules.len(), inputs.len(), "{cat}");
        for (m, input) in cat_file.modules.iter().zip(inputs) {
            let in_bytes = corpus_file(input).read();
            let in_file = container::parse(&in_bytes).unwrap();
            assert_eq!(in_file.modules.len(), 1);
            assert!(m.bytes == in_file.modules[0].bytes, "{cat}: module from {input} differs");
            assert_eq!(m.producer, in_file.modules[0].producer);
            assert_eq!(m.summary, in_file.modules[0].summary);
        }
    }
}

/// `llvm-cat-19 -b` of `inputs` (paths) into `out`.
fn llvm_cat_binary(inputs: &[&Path], out: &Path) -> Vec<u8> {
    let mut c = command("llvm-cat-19", ["-b", "-o"]);
    run_ok(c.arg(out).args(inputs));
    std::fs::read(out).unwrap()
}

/// `container::concat_modules` of every module of every input file.
fn our_cat(inputs: &[&Path]) -> Vec<u8> {
    let bytes: Vec<Vec<u8>> = inputs.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let files: Vec<_> = bytes.iter().map(|b| container::parse(b).unwrap()).collect();
    container::concat_modules(files.iter().flat_map(|f| &f.modules)).unwrap()
}

/// Every module of `cat` (the concatenation of `inputs`) is read back by
/// our reader as the module of its input file reads, and carries that
/// module's string table.
fn reads_back(cat: &[u8], inputs: &[&Path], what: &str) {
    use llvmext::bitcode::read::{read_with, ReadOptions};
    let file = container::parse(cat).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(file.symtab, None, "{what}: llvm-cat writes no SYMTAB");
    let mut i = 0;
    for input in inputs {
        let bytes = std::fs::read(input).unwrap();
        let alone = container::parse(&bytes).unwrap();
        for (k, m) in alone.modules.iter().enumerate() {
            let ours = &file.modules[i];
            assert!(ours.bytes == m.bytes, "{what}: module {i}");
            assert_eq!(ours.strtab, Some(m.strtab.unwrap_or(&[])), "{what}: module {i}");
            let expect = read_with(&bytes, &ReadOptions { module: k })
                .unwrap_or_else(|e| panic!("{what}: {}: {e}", input.display()));
            let got = read_with(cat, &ReadOptions { module: i })
                .unwrap_or_else(|e| panic!("{what}: module {i}: {e}"));
            assert_eq!(got.to_string(), expect.to_string(), "{what}: module {i}");
            i += 1;
        }
    }
    assert_eq!(file.modules.len(), i, "{what}");
}

const CAT_A_LL: &str = "\
%struct.pair = type { i32, ptr }
@g = global i32 3
@s = private unnamed_addr constant [6 x i8] c\"hello\\00\"
define i32 @f(i32 %x) {
  %y = add nsw i32 %x, 1
  ret i32 %y
}
";

const CAT_B_LL: &str = "\
target triple = \"x86_64-pc-linux-gnu\"
%struct.pair = type { i64, i64 }
declare i32 @f(i32)
define i32 @main() {
  %r = call i32 @f(i32 41)
  ret i32 %r
}
";

const CAT_C_SRC: &str = "\
struct point { int x, y; };
int manhattan(const struct point *p) { return (p->x < 0 ? -p->x : p->x) + (p->y < 0 ? -p->y : p->y); }
static const char *names[] = { \"zero\", \"one\" };
const char *name(int i) { return i >= 0 && i < 2 ? names[i] : \"many\"; }
";

#[test]
fn concat_equals_llvm_cat_binary() {
    let dir = ScratchDir::new(&corpus_dir(), "concat");
    let d = dir.path();
    // Hand-written modules through llvm-as-19 (with irsymtabs, which
    // llvm-cat drops); our own writer's output; clang-19 -O0/-O2 -g.
    std::fs::write(d.join("a.ll"), CAT_A_LL).unwrap();
    std::fs::write(d.join("b.ll"), CAT_B_LL).unwrap();
    for n in ["a", "b"] {
        let ll = d.join(format!("{n}.ll"));
        run_ok(command("llvm-as-19", ["-o"]).arg(d.join(format!("{n}.bc"))).arg(&ll));
        let m = llvmext::ir::parse::parse(&std::fs::read(&ll).unwrap(), "x.ll").unwrap();
        let ours = llvmext::bitcode::write::write_with(
            &m,
            &llvmext::bitcode::write::WriteOptions::default().producer("llvmext test"),
        )
        .unwrap();
        std::fs::write(d.join(format!("{n}.ours.bc")), ours).unwrap();
    }
    std::fs::write(d.join("c.c"), CAT_C_SRC).unwrap();
    for (name, flags) in [("c.O0.bc", &["-O0"][..]), ("c.O2g.bc", &["-O2", "-g"][..])] {
        let mut c = command("clang-19", ["-c", "-emit-llvm", "-o"]);
        run_ok(c.arg(d.join(name)).args(flags).arg(d.join("c.c")));
    }
    let p = |n: &str| d.join(n);
    let corpus = |n: &str| corpus_file(n).path.clone();
    let cases: Vec<(&str, Vec<PathBuf>)> = vec![
        ("llvm-as a+b", vec![p("a.bc"), p("b.bc")]),
        ("llvm-as b+a+a", vec![p("b.bc"), p("a.bc"), p("a.bc")]),
        ("llvmext a+b", vec![p("a.ours.bc"), p("b.ours.bc")]),
        ("mixed", vec![p("a.ours.bc"), p("b.bc"), p("c.O0.bc")]),
        ("clang -O0 + -O2 -g", vec![p("c.O0.bc"), p("c.O2g.bc")]),
        ("one module", vec![p("c.O2g.bc")]),
        ("corpus", vec![corpus("c/geometry.O2"), corpus("c/sched.O2.g")]),
        (
            "thinlto",
            vec![
                corpus("thinlto/c/interp.O2"),
                corpus("thinlto/c/sched.O2.g"),
                corpus("thinlto/zlib/inflate.O2"),
            ],
        ),
        // A wrapped input (the output is not wrapped) and a multi-module
        // input (every module is copied).
        ("wrapped", vec![corpus("wrapper/strings.O2.g"), p("a.bc")]),
        ("multi-module", vec![corpus("llvm-cat/geometry+sched.O2"), p("b.bc")]),
    ];
    for (i, (what, inputs)) in cases.iter().enumerate() {
        let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        let theirs = llvm_cat_binary(&inputs, &d.join(format!("cat{i}.bc")));
        let ours = our_cat(&inputs);
        if ours != theirs {
            let at = ours.iter().zip(&theirs).position(|(a, b)| a != b);
            panic!(
                "{what}: {} bytes vs llvm-cat-19 -b: {} bytes, first difference at {at:?}",
                ours.len(),
                theirs.len()
            );
        }
        reads_back(&ours, &inputs, what);
        // LLVM reads every module of ours too (llvm-dis-19 writes one
        // `.ll` per module).
        let path = d.join(format!("ours{i}.bc"));
        std::fs::write(&path, &ours).unwrap();
        let n = container::parse(&ours).unwrap().modules.len();
        assert_eq!(llvm_module_count(&path), n, "{what}");
        run_ok(command("llvm-dis-19", ["-o"]).arg(d.join(format!("ours{i}.ll"))).arg(&path));
    }
    // The corpus file llvm-cat-19 made is ours byte for byte.
    let cat = corpus_file("llvm-cat/geometry+sched.O2");
    let inputs = [corpus("c/geometry.O2"), corpus("c/sched.O2.g")];
    assert!(our_cat(&inputs.each_ref().map(PathBuf::as_path)) == cat.read());
    // No modules: the magic alone, as `llvm-cat -b` with no module.
    assert_eq!(container::concat_modules([]).unwrap(), b"BC\xC0\xDE");
}

#[test]
fn malformed_bitcode_is_an_error_not_a_panic() {
    let f = corpus_file("llvm-cat/thinlto3.O2");
    let bytes = f.read();
    let good = container::parse(&bytes).unwrap();
    assert_eq!(good.modules.len(), 3);

    // Truncations: at most as many modules, or an error; never a panic.
    for len in (0..bytes.len()).step_by(bytes.len() / 600 + 1) {
        match container::parse(&bytes[..len]) {
            Ok(file) => assert!(file.modules.len() <= 3),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    // Random corruption.
    let mut state = 0x9e37_79b9_7f4a_7c15;
    let mut data = bytes.clone();
    for _ in 0..600 {
        data.copy_from_slice(&bytes);
        let i = (xorshift(&mut state) % data.len() as u64) as usize;
        data[i] ^= 1 << (xorshift(&mut state) % 8);
        let _ = container::parse(&data);
    }

    // An IDENTIFICATION block followed by something other than MODULE.
    let second = &good.modules[1];
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    w.enter_block(13, 5);
    w.emit_record(2, &[0], None).unwrap();
    w.exit_block().unwrap();
    w.enter_block(23, 3);
    w.exit_block().unwrap();
    w.enter_block(8, 3);
    w.exit_block().unwrap();
    match container::parse(&w.finish()) {
        Err(Error::Bitcode { message, bit }) => {
            assert!(message.contains("not followed by a MODULE"), "{message}");
            // After the magic and the three words of IDENTIFICATION.
            assert_eq!(bit, 4 * 8 + 3 * 32, "{message}");
        }
        other => panic!("{other:?}"),
    }

    // A huge block length in the second module's MODULE block: its header
    // word follows the block ID at `module_bit` (rounded up to 32 bits).
    let mut huge = bytes.clone();
    let length_word = second.byte_range.start + (second.module_bit as usize + 4).div_ceil(32) * 4;
    huge[length_word..length_word + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    match container::parse(&huge) {
        Err(Error::Bitstream(e)) => {
            assert!(e.to_string().contains("bit"), "{e}");
        }
        other => panic!("{other:?}"),
    }

    // A wrapper whose size runs past the end, and a size not a multiple of 4.
    let mut wrapped = llvmext::core::magic::wrap(&bytes, llvmext::core::magic::cpu_type::X86_64);
    put_u32(&mut wrapped, 12, u32::MAX - 64);
    assert!(matches!(container::parse(&wrapped), Err(Error::Bitcode { .. })));
    assert!(matches!(container::parse(&bytes[..bytes.len() - 2]), Err(Error::Bitcode { .. })));
    // Not bitcode at all.
    let diag = support::other_bitstreams()
        .iter()
        .find(|f| f.kind == Kind::SerializedDiagnostics)
        .unwrap()
        .read();
    assert!(matches!(container::parse(&diag), Err(Error::Bitcode { bit: 0, .. })));
}

// ---------------------------------------------------------------------------
// Embedded bitcode
// ---------------------------------------------------------------------------

fn extracted() -> Vec<(&'static CorpusFile, PathBuf, &'static str)> {
    corpus()
        .iter()
        .filter_map(|f| match &f.kind {
            Kind::Extracted { object, section } => Some((f, object.clone(), *section)),
            _ => None,
        })
        .collect()
}

#[test]
fn embedded_bitcode_in_corpus_objects_matches_objcopy_and_object_crate() {
    let dir = ScratchDir::new(&corpus_dir(), "embedded");
    let files = extracted();
    assert!(files.iter().filter(|f| f.2 == ".llvmbc").count() >= 3);
    assert!(files.iter().filter(|f| f.2 == ".llvm.lto").count() >= 3);
    for (f, object, section) in files {
        let bytes = std::fs::read(&object).unwrap();
        let found = check_embedded(&object, &bytes, ObjectFormat::Elf, dir.path());
        let names: BTreeSet<&str> = found.iter().map(|s| s.section.as_str()).collect();
        let expected: BTreeSet<&str> = if section == ".llvmbc" {
            [".llvmbc", ".llvmcmd"].into()
        } else {
            [".llvm.lto"].into()
        };
        assert_eq!(names, expected, "{}", f.name);
        let s = found.iter().find(|s| s.section == section).unwrap();
        assert_eq!(s.data, f.read(), "{}: corpus file is not the section", f.name);
        let kind = if section == ".llvmbc" { EmbeddedKind::Bitcode } else { EmbeddedKind::FatLto };
        assert_eq!(s.kind, kind);
        let file = s.parse().unwrap();
        let want = f.thin_lto.then_some(SummaryKind::ThinLto);
        assert_eq!(file.modules[0].summary, want, "{}", f.name);
    }
}

#[test]
fn embedded_bitcode_in_every_object_format() {
    let dir = ScratchDir::new(&corpus_dir(), "formats");
    let cases: [(&str, &[&str], ObjectFormat, &[&str]); 13] = [
        ("x86_64-linux-gnu", &["-fembed-bitcode"], ObjectFormat::Elf, &[".llvmbc", ".llvmcmd"]),
        ("i686-linux-gnu", &["-fembed-bitcode"], ObjectFormat::Elf, &[".llvmbc", ".llvmcmd"]),
        ("powerpc-linux-gnu", &["-fembed-bitcode"], ObjectFormat::Elf, &[".llvmbc", ".llvmcmd"]),
        ("powerpc64-linux-gnu", &["-fembed-bitcode"], ObjectFormat::Elf, &[".llvmbc", ".llvmcmd"]),
        ("aarch64_be-linux-gnu", &["-fembed-bitcode"], ObjectFormat::Elf, &[".llvmbc", ".llvmcmd"]),
        ("i686-linux-gnu", &["-flto=thin", "-ffat-lto-objects"], ObjectFormat::Elf, &[".llvm.lto"]),
        (
            "powerpc-linux-gnu",
            &["-flto=thin", "-ffat-lto-objects"],
            ObjectFormat::Elf,
            &[".llvm.lto"],
        ),
        (
            "x86_64-apple-macos11",
            &["-fembed-bitcode"],
            ObjectFormat::MachO,
            &["__LLVM,__bitcode", "__LLVM,__cmdline"],
        ),
        (
            "arm64-apple-macos11",
            &["-fembed-bitcode"],
            ObjectFormat::MachO,
            &["__LLVM,__bitcode", "__LLVM,__cmdline"],
        ),
        (
            "i386-apple-macos10.13",
            &["-fembed-bitcode"],
            ObjectFormat::MachO,
            &["__LLVM,__bitcode", "__LLVM,__cmdline"],
        ),
        (
            "x86_64-pc-windows-msvc",
            &["-fembed-bitcode"],
            ObjectFormat::Coff,
            &[".llvmbc", ".llvmcmd"],
        ),
        (
            "i686-pc-windows-msvc",
            &["-fembed-bitcode"],
            ObjectFormat::Coff,
            &[".llvmbc", ".llvmcmd"],
        ),
        (
            "aarch64-pc-windows-msvc",
            &["-fembed-bitcode"],
            ObjectFormat::Coff,
            &[".llvmbc", ".llvmcmd"],
        ),
    ];
    for (target, flags, format, sections) in cases {
        let object = compile_for(target, flags, dir.path());
        let bytes = std::fs::read(&object).unwrap();
        let found = check_embedded(&object, &bytes, format, dir.path());
        let names: Vec<&str> = found.iter().map(|s| s.section.as_str()).collect();
        assert_eq!(names, sections, "{target} {flags:?}");
    }
    // An object without embedded bitcode.
    let plain = compile_for("x86_64-linux-gnu", &[], dir.path());
    assert_eq!(find_embedded_bitcode(&std::fs::read(plain).unwrap()).unwrap(), vec![]);
}

#[test]
fn malformed_elf_objects_are_typed_errors() {
    let (_, object, _) =
        extracted().into_iter().find(|(_, _, s)| *s == ".llvmbc").expect("an embed object");
    let good = std::fs::read(&object).unwrap();
    let found = find_embedded_bitcode(&good).unwrap();
    let bc = found.iter().find(|s| s.kind == EmbeddedKind::Bitcode).unwrap();
    let shoff = get_u64(&good, 0x28) as usize;
    let shnum = u16::from_le_bytes([good[0x3c], good[0x3d]]) as usize;
    let shstrndx = u16::from_le_bytes([good[0x3e], good[0x3f]]) as usize;
    let bc_hdr = shoff + bc.section_index * 64;
    let edit = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut d = good.clone();
        f(&mut d);
        d
    };

    object_error(&good[..3], "not an ELF, Mach-O or COFF object", 0);
    object_error(&good[..5], "truncated ELF identification", 5);
    object_error(&good[..40], "truncated ELF header", 40);
    object_error(&good[..63], "truncated ELF header", 63);
    object_error(&edit(&|d| d[4] = 3), "invalid EI_CLASS", 4);
    object_error(&edit(&|d| d[5] = 0), "invalid EI_DATA", 5);
    // The section header table past the end, or too long.
    object_error(&good[..shoff + 10], "section header table past the end", 0x28);
    object_error(&edit(&|d| put_u64(d, 0x28, u64::MAX - 8)), "section header table past", 0x28);
    object_error(&edit(&|d| put_u16(d, 0x3c, 0xffff)), "section header table past", 0x28);
    // Extended numbering with a huge count in section 0: no allocation.
    object_error(
        &edit(&|d| {
            put_u16(d, 0x3c, 0);
            put_u64(d, shoff + 32, u64::MAX);
        }),
        "section header table past",
        0x28,
    );
    object_error(&edit(&|d| put_u16(d, 0x3a, 63)), "e_shentsize", 0x3a);
    object_error(&edit(&|d| put_u16(d, 0x3e, shnum as u16)), "e_shstrndx", 0x3e);
    // The section name string table past the end of the file.
    let strtab_hdr = shoff + shstrndx * 64;
    object_error(
        &edit(&|d| put_u64(d, strtab_hdr + 32, u64::MAX)),
        "section contents past the end",
        strtab_hdr as u64 + 24,
    );
    // A name offset out of range; a name running off the string table.
    object_error(
        &edit(&|d| put_u32(d, bc_hdr, 0xffff_fff0)),
        "section name offset past the end",
        bc_hdr as u64,
    );
    // (Reported at the first header whose name runs off: any sh_name.)
    let strtab_size = get_u64(&good, strtab_hdr + 32);
    let at = object_error_offset(
        &edit(&|d| {
            let strtab_off = get_u64(d, strtab_hdr + 24) as usize;
            let last = strtab_off + strtab_size as usize - 1;
            d[last] = b'x';
            put_u32(d, bc_hdr, strtab_size as u32 - 1);
        }),
        "unterminated section name",
    );
    assert!(at >= shoff as u64 && at <= bc_hdr as u64 && (at - shoff as u64) % 64 == 0);
    // The bitcode section's contents out of range.
    for (field, value) in [(24, u64::MAX - 4), (24, good.len() as u64), (32, u64::MAX)] {
        object_error(
            &edit(&|d| put_u64(d, bc_hdr + field, value)),
            "section contents past the end",
            bc_hdr as u64 + 24,
        );
    }
    // SHT_NOBITS and compressed sections cannot hold bitcode.
    object_error(&edit(&|d| put_u32(d, bc_hdr + 4, 8)), "SHT_NOBITS", bc_hdr as u64 + 4);
    object_error(&edit(&|d| put_u64(d, bc_hdr + 8, 0x800)), "compressed", bc_hdr as u64 + 8);
    // Errors say where.
    let e = find_embedded_bitcode(&good[..40]).unwrap_err();
    assert_eq!(e.to_string(), "ELF: truncated ELF header at byte 40");
    let e = std::error::Error::source(&e);
    assert!(e.is_none());

    survives_corruption(&good, 1);
}

#[test]
fn malformed_macho_and_coff_objects_are_typed_errors() {
    let dir = ScratchDir::new(&corpus_dir(), "malformed");
    let macho =
        std::fs::read(compile_for("x86_64-apple-macos11", &["-fembed-bitcode"], dir.path()))
            .unwrap();
    let mut d = macho.clone();
    put_u32(&mut d, 16, u32::MAX); // ncmds
    object_error(&d, "load command past the end of the load commands", {
        // The first offset after the real commands.
        32 + u32::from_le_bytes(macho[20..24].try_into().unwrap()) as u64
    });
    let mut d = macho.clone();
    put_u32(&mut d, 20, u32::MAX); // sizeofcmds
    object_error(&d, "load commands past the end of the file", 20);
    let mut d = macho.clone();
    put_u32(&mut d, 32 + 4, 4); // first command's cmdsize
    object_error(&d, "invalid load command size", 36);
    object_error(&macho[..20], "truncated Mach-O header", 20);
    // The first command of a clang object is its one LC_SEGMENT_64.
    assert_eq!(u32::from_le_bytes(macho[32..36].try_into().unwrap()), 0x19);
    let mut d = macho.clone();
    put_u32(&mut d, 32 + 64, u32::MAX); // nsects
    object_error(&d, "section headers past the end of their load command", 96);
    survives_corruption(&macho, 2);

    let coff =
        std::fs::read(compile_for("x86_64-pc-windows-msvc", &["-fembed-bitcode"], dir.path()))
            .unwrap();
    let mut d = coff.clone();
    put_u16(&mut d, 2, 0xffff);
    object_error(&d, "section table past the end", 2);
    object_error(&coff[..19], "truncated COFF file header", 19);
    let found = find_embedded_bitcode(&coff).unwrap();
    let h = 20 + found[0].section_index * 40;
    let mut d = coff.clone();
    put_u32(&mut d, h + 20, u32::MAX - 2);
    object_error(&d, "section contents past the end", h as u64 + 20);
    survives_corruption(&coff, 3);

    let elf32_be =
        std::fs::read(compile_for("powerpc-linux-gnu", &["-fembed-bitcode"], dir.path())).unwrap();
    survives_corruption(&elf32_be, 4);
}
