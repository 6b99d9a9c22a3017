//! The bitcode reader on hostile input: truncations at every block
//! boundary of real `.bc` files, corrupted operands (out-of-range value,
//! type and metadata ids, huge counts), cyclic forward references and
//! 10 000- to 100 000-deep nesting. Every read runs on a thread with a
//! 1 MiB stack under a counting allocator: it must return `Ok` or an `Err`
//! located inside the input with a message, never panic, never overflow
//! the stack, and never allocate more than 64 times the input size plus
//! 16 MiB at peak.
//!
//! The real inputs are built at test time by `llvm-as-19` and `clang-19`
//! (Debian packages `llvm-19` and `clang-19`); a missing tool fails the
//! test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use llvmext_bitcode::read::{read, ReadError, Reader};
use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, Entry};

// ----- a counting allocator (per thread, only while measuring) -----

struct Counting;

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static CUR: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn note(delta: isize) {
    let _ = MEASURING.try_with(|m| {
        if m.get() {
            let _ = CUR.try_with(|c| {
                let n = c.get() + delta;
                c.set(n);
                let _ = PEAK.try_with(|p| p.set(p.get().max(n)));
            });
        }
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note(l.size() as isize);
        System.alloc(l)
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        note(l.size() as isize);
        System.alloc_zeroed(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        note(-(l.size() as isize));
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        note(new as isize - l.size() as isize);
        System.realloc(p, l, new)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What one hostile read gave.
#[derive(Debug)]
enum Outcome {
    Ok,
    Err(ReadError),
}

/// Reads `bytes` whole (and, if that works, again lazily through
/// [`Reader`], one body at a time) on a thread with a 1 MiB stack; checks
/// the error's location and message and the peak allocation.
fn check(label: &str, bytes: &[u8]) -> Outcome {
    check_peak(label, bytes).0
}

/// [`check`], with the peak allocation in bytes.
fn check_peak(label: &str, bytes: &[u8]) -> (Outcome, usize) {
    let data = bytes.to_vec();
    let label2 = label.to_owned();
    let h = std::thread::Builder::new()
        .name(format!("read {label}"))
        .stack_size(1 << 20)
        .spawn(move || {
            CUR.with(|c| c.set(0));
            PEAK.with(|p| p.set(0));
            MEASURING.with(|m| m.set(true));
            let r = read(&data);
            let lazy = match &r {
                Ok(_) => {
                    let mut lz = Reader::new(&data).expect("lazy reader fails where read works");
                    let with: Vec<usize> = lz.functions_with_bodies().collect();
                    for i in with.into_iter().rev() {
                        lz.read_function(i).expect("a lazy body fails where read works");
                    }
                    true
                }
                Err(_) => false,
            };
            let _ = lazy;
            let r = r.map(drop);
            MEASURING.with(|m| m.set(false));
            let peak = PEAK.with(|p| p.get()).max(0) as usize;
            let limit = 64 * data.len() + (16 << 20);
            assert!(
                peak <= limit,
                "{label2}: peak allocation {peak} bytes for a {}-byte input (limit {limit})",
                data.len()
            );
            (r, peak)
        })
        .expect("spawn reader thread");
    let (r, peak) = match h.join() {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{label}: the reader panicked: {msg}");
        }
    };
    let out = match r {
        Ok(()) => Outcome::Ok,
        Err(e) => {
            assert!(
                e.bit <= bytes.len() as u64 * 8,
                "{label}: error at bit {} past the {}-byte input: {e}",
                e.bit,
                bytes.len()
            );
            assert!(!e.message().is_empty(), "{label}: empty message: {e:?}");
            assert!(!e.to_string().is_empty());
            Outcome::Err(e)
        }
    };
    (out, peak)
}

fn expect_err(label: &str, bytes: &[u8]) -> ReadError {
    match check(label, bytes) {
        Outcome::Err(e) => e,
        Outcome::Ok => panic!("{label}: read succeeded, an error was expected"),
    }
}

// ----- real inputs -----

fn find_tool(name: &str, package: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file()).unwrap_or_else(|| {
        panic!("required tool `{name}` not found on PATH: install Debian package {package}")
    })
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("running {cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
}

const LL: &str = r#"source_filename = "hostile.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i32, ptr }
%list = type { ptr, %pair, [4 x i16] }
%opaque = type opaque

@g = global i32 42, align 4
@arr = internal constant [4 x i16] [i16 1, i16 2, i16 3, i16 4]
@s = private unnamed_addr constant [6 x i8] c"hello\00"
@p = global %pair { i32 7, ptr @g }
@l = global %list { ptr @l, %pair { i32 1, ptr null }, [4 x i16] zeroinitializer }
@v = global <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>
@gep = global ptr getelementptr inbounds ([4 x i16], ptr @arr, i64 0, i64 2)
@al = alias i32, ptr @g
@big = global i128 170141183460469231731687303715884105727
@d = global double 3.5

declare i32 @printf(ptr, ...)
declare i32 @__gxx_personality_v0(...)
declare void @may_throw(i32)

define i32 @sum(i32 %n) !dbg !10 {
entry:
  br label %loop, !dbg !15
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add nsw i32 %acc, %i, !dbg !15
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  call void @llvm.dbg.value(metadata i32 %acc.next, metadata !14, metadata !DIExpression()), !dbg !15
  ret i32 %acc.next
}

define i32 @sw(i32 %x) {
entry:
  switch i32 %x, label %def [
    i32 0, label %a
    i32 1, label %b
    i32 7, label %a
  ]
a:
  br label %def
b:
  %y = mul i32 %x, 3
  br label %def
def:
  %r = phi i32 [ %x, %entry ], [ 1, %a ], [ %y, %b ]
  ret i32 %r
}

define void @inv(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @may_throw(i32 %x) to label %ok unwind label %lp
ok:
  %f = load i32, ptr @g
  store i32 %f, ptr @g
  %s = select i1 true, i32 %f, i32 %x
  %a = alloca [8 x i8]
  %q = getelementptr [8 x i8], ptr %a, i64 0, i64 3
  %e = extractvalue %pair { i32 1, ptr null }, 0
  %vv = load <4 x float>, ptr @v
  %el = extractelement <4 x float> %vv, i32 2
  %cv = fptosi float %el to i32
  %cx = cmpxchg ptr @g, i32 %e, i32 %cv seq_cst seq_cst
  %rmw = atomicrmw add ptr @g, i32 1 monotonic
  call i32 (ptr, ...) @printf(ptr @s, i32 %s, i32 %rmw)
  ret void
lp:
  %lpad = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lpad
}

define ptr @fwd(i1 %c) {
entry:
  br label %f
t:
  %x = getelementptr i8, ptr %later, i64 1
  ret ptr %x
f:
  %later = getelementptr i8, ptr @g, i64 4
  br i1 %c, label %t, label %t
}

declare void @llvm.dbg.value(metadata, metadata, metadata)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!named = !{!5, !6}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "hostile.c", directory: "/tmp")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !{!"a string", i32 7, !6, null}
!6 = distinct !{!6, !5}
!10 = distinct !DISubprogram(name: "sum", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!11 = !DISubroutineType(types: !12)
!12 = !{!13, !13}
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DILocalVariable(name: "acc", scope: !10, file: !1, line: 4, type: !13)
!15 = !DILocation(line: 5, column: 7, scope: !10)
"#;

const C: &str = r#"#include <stdio.h>
#include <string.h>
struct node { int key; const char *name; struct node *next; double w[3]; };
static struct node nodes[4] = {{1, "one", &nodes[1], {1.0, 2.0, 3.0}}, {2, "two", 0, {0}}};
enum color { RED, GREEN = 5, BLUE };
int lookup(int key, enum color c) {
  for (struct node *n = nodes; n; n = n->next)
    if (n->key == key) return (int)strlen(n->name) + c;
  switch (key) { case 1: return 10; case 2: return 20; case 9: return 90; default: return -1; }
}
double mean(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += v[i] * v[i];
  return n ? s / n : 0;
}
int main(int argc, char **argv) {
  double v[3] = {1, 2, 3};
  printf("%d %f\n", lookup(argc, BLUE), mean(v, 3));
  return argv[0][0] == 'x';
}
"#;

/// `(hand-written .ll through llvm-as-19, C through clang-19 -g -O2)`.
fn inputs() -> &'static (Vec<u8>, Vec<u8>) {
    static INPUTS: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("llvmext-read-hostile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = |n: &str| -> PathBuf { dir.join(n) };
        std::fs::write(p("m.ll"), LL).unwrap();
        std::fs::write(p("c.c"), C).unwrap();
        run(Command::new(find_tool("llvm-as-19", "llvm-19"))
            .arg(p("m.ll"))
            .arg("-o")
            .arg(p("m.bc")));
        run(Command::new(find_tool("clang-19", "clang-19"))
            .args(["-c", "-emit-llvm", "-g", "-O2"])
            .arg(p("c.c"))
            .arg("-o")
            .arg(p("c.bc")));
        let m = std::fs::read(p("m.bc")).unwrap();
        let c = std::fs::read(p("c.bc")).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        // Both read cleanly to begin with.
        for (n, b) in [("m.bc", &m), ("c.bc", &c)] {
            match check_peak(n, b) {
                (Outcome::Ok, peak) => {
                    // The counting allocator sees the reader's allocations.
                    assert!(peak > b.len(), "{n}: peak {peak}");
                    println!("{n}: {} bytes, peak allocation {peak} bytes", b.len());
                }
                (Outcome::Err(e), _) => panic!("{n} does not read: {e}"),
            }
        }
        (m, c)
    })
}

fn real() -> [(&'static str, &'static [u8]); 2] {
    let (m, c) = inputs();
    [("m.bc", m.as_slice()), ("c.bc", c.as_slice())]
}

// ----- the stream's structure, and rewriting it -----

/// Every block of a raw bitcode file: `(block id, start byte, end byte)`
/// (the `ENTER_SUBBLOCK`'s word and the end of the declared length).
fn blocks(bytes: &[u8]) -> Vec<(u32, usize, usize)> {
    let mut r = BitstreamReader::new(&bytes[4..]);
    let mut ops = Vec::new();
    let mut out = Vec::new();
    while let Some(e) = r.advance().expect("a real file walks") {
        match e {
            Entry::SubBlock { block_id } => {
                let h = r.enter_block().unwrap();
                out.push((
                    block_id,
                    4 + (h.start_bit / 8) as usize,
                    4 + (h.end_bit() / 8) as usize,
                ));
            }
            Entry::Record(id) => {
                r.read_record(id, &mut ops).unwrap();
            }
            Entry::EndBlock | Entry::DefineAbbrev => {}
        }
    }
    out
}

/// Where a record is: its block, code and (file-wide) index.
struct At<'o> {
    block: u32,
    code: u32,
    index: usize,
    ops: &'o [u64],
}

/// Writes `bytes` (a raw stream) again, entry for entry as
/// `llvmext_bitcode::reencode` does, replacing the operands of the records
/// `edit` returns new ones for (with their abbreviation when it can hold
/// them, unabbreviated otherwise).
fn rewrite(bytes: &[u8], edit: &mut dyn FnMut(&At<'_>) -> Option<Vec<u64>>) -> Vec<u8> {
    rewrite_padded(bytes, 0, edit)
}

/// [`rewrite`], with a block of about `pad` bytes the reader skips at the
/// end of the module block.
fn rewrite_padded(
    bytes: &[u8],
    pad: usize,
    edit: &mut dyn FnMut(&At<'_>) -> Option<Vec<u64>>,
) -> Vec<u8> {
    let mut stack = Vec::new();
    let mut r = BitstreamReader::new(&bytes[4..]);
    let mut w = BitstreamWriter::with_capacity(bytes.len() + 64);
    w.emit_magic(bytes[..4].try_into().unwrap());
    let mut ops = Vec::new();
    let mut setbid: Option<u32> = None;
    let mut index = 0;
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { block_id } => {
                let h = r.enter_block().unwrap();
                w.enter_block(block_id, h.abbrev_width);
                stack.push(block_id);
            }
            Entry::EndBlock => {
                if stack.pop() == Some(MODULE) && pad > 0 {
                    w.enter_block(99, 2);
                    let zeros = vec![0u64; 8000];
                    for _ in 0..pad / 6000 + 1 {
                        w.emit_record(1, &zeros, None).unwrap();
                    }
                    w.exit_block().unwrap();
                }
                w.exit_block().unwrap()
            }
            Entry::DefineAbbrev => {
                let a = if r.block_id() == Some(0) {
                    let bid = setbid.unwrap();
                    let n = r.block_info().entry(bid).map_or(0, |e| e.num_abbrevs());
                    r.block_info().abbrev(bid, n - 1)
                } else {
                    r.abbrev(3 + r.num_abbrevs() as u32)
                }
                .unwrap()
                .to_vec();
                w.define_abbrev(Abbrev::new(a)).unwrap();
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops).unwrap();
                let block = r.block_id().unwrap();
                if block == 0 && rec.code == 1 {
                    setbid = ops.first().map(|&b| b as u32);
                }
                let new = edit(&At { block, code: rec.code, index, ops: &ops });
                index += 1;
                let abbrev = (id != 3).then_some(id);
                let ops = new.as_deref().unwrap_or(&ops);
                let res = match rec.blob {
                    Some(blob) => w.emit_record_with_blob(rec.code, ops, blob, abbrev),
                    None => w.emit_record(rec.code, ops, abbrev),
                };
                if res.is_err() {
                    assert!(rec.blob.is_none(), "cannot re-emit a blob record unabbreviated");
                    w.emit_record(rec.code, ops, None).unwrap();
                }
            }
        }
    }
    w.finish()
}

/// `bytes` with operand `j` of the records of `block`/`code` set to `v`
/// (all of them, or the `nth` only).
fn set_op(bytes: &[u8], block: u32, code: u32, nth: Option<usize>, j: usize, v: u64) -> Vec<u8> {
    let mut seen = 0;
    rewrite(bytes, &mut |a| {
        if a.block != block || a.code != code || j >= a.ops.len() {
            return None;
        }
        seen += 1;
        if nth.is_some_and(|n| n + 1 != seen) {
            return None;
        }
        let mut o = a.ops.to_vec();
        o[j] = v;
        Some(o)
    })
}

// Block ids and record codes used below.
const MODULE: u32 = 8;
const CONSTANTS: u32 = 11;
const FUNCTION: u32 = 12;
const METADATA: u32 = 15;
const TYPES: u32 = 17;

fn sample(what: &str, e: &ReadError) {
    println!("{what}: {e}");
}

// ----- (a) truncation -----

#[test]
fn truncated_at_every_block_boundary_and_word() {
    for (name, bytes) in real() {
        let bl = blocks(bytes);
        assert!(bl.len() > 10, "{name}: {} blocks", bl.len());
        // The reader needs the module block and the string table; a cut
        // after both (in the trailing SYMTAB) may read.
        let needed = bl.iter().filter(|b| b.0 == MODULE || b.0 == 23).map(|b| b.2).max().unwrap();
        let mut cuts: Vec<usize> = bl.iter().flat_map(|b| [b.1, b.2]).collect();
        cuts.extend((0..bytes.len().min(4096)).step_by(4));
        cuts.extend([1, 2, 3, 5, 6, 7, bytes.len() - 1]);
        cuts.sort_unstable();
        cuts.dedup();
        let mut errs = 0;
        for cut in cuts.into_iter().filter(|&c| c < bytes.len()) {
            let label = format!("{name} cut at byte {cut}");
            match check(&label, &bytes[..cut]) {
                Outcome::Err(e) => {
                    if errs == 0 || cut == 100 {
                        sample(&label, &e);
                    }
                    errs += 1;
                }
                Outcome::Ok => {
                    assert!(cut >= needed, "{label}: a truncated module reads")
                }
            }
        }
        assert!(errs > 100, "{name}: only {errs} errors");
    }
}

// ----- (b) corrupted operands -----

#[test]
fn corrupted_operands_of_every_record() {
    const HUGE: [u64; 3] = [1 << 32, 1 << 60, u64::MAX];
    for (name, bytes) in real() {
        // The rewriter reproduces the file exactly.
        assert_eq!(rewrite(bytes, &mut |_| None), bytes, "{name}: rewriting changes the file");
        let mut total = 0;
        let records = {
            let mut n = 0;
            rewrite(bytes, &mut |_| {
                n += 1;
                None
            });
            n
        };
        // Every record of the small file, a stride through the large one.
        let stride = if records > 400 { 3 } else { 1 };
        for k in (0..records).step_by(stride) {
            let mut info = None;
            let _ = rewrite(bytes, &mut |a| {
                if a.index == k {
                    info = Some((a.block, a.code, a.ops.len()));
                }
                None
            });
            let (block, code, n) = info.unwrap();
            if block == 0 || block == 13 || block == 14 {
                // BLOCKINFO, IDENTIFICATION and VALUE_SYMTAB carry nothing
                // the reader trusts.
                continue;
            }
            for j in 0..n.min(4) {
                for (vi, &v) in HUGE.iter().enumerate() {
                    if (k + j + vi) % 2 == 1 && stride > 1 {
                        continue;
                    }
                    let out = rewrite(bytes, &mut |a| {
                        (a.index == k).then(|| {
                            let mut o = a.ops.to_vec();
                            o[j] = v;
                            o
                        })
                    });
                    let label =
                        format!("{name}: record {k} (block {block} code {code}) op {j} = {v}");
                    if let Outcome::Err(e) = check(&label, &out) {
                        if total % 400 == 0 {
                            sample(&label, &e);
                        }
                    }
                    total += 1;
                }
            }
        }
        assert!(total > 200, "{name}: {total} corruptions");
    }
}

#[test]
fn huge_counts() {
    let (m, _) = inputs();
    let cases: &[(&str, u32, u32, usize, &[u64])] = &[
        ("DECLAREBLOCKS", FUNCTION, 1, 0, &[1 << 32, 1 << 60, u64::MAX, 100_000]),
        ("NUMENTRY", TYPES, 1, 0, &[1 << 32, 1 << 60, u64::MAX]),
        ("array type size", TYPES, 11, 0, &[1 << 32, 1 << 60, u64::MAX]),
        ("vector type size", TYPES, 12, 0, &[1 << 32, 1 << 60, u64::MAX]),
        ("integer width", TYPES, 7, 0, &[1 << 24, 1 << 32, 1 << 60]),
        ("METADATA_STRINGS count", METADATA, 35, 0, &[1 << 32, 1 << 60, u64::MAX]),
        ("METADATA_STRINGS offset", METADATA, 35, 1, &[1 << 32, 1 << 60, u64::MAX]),
        ("function name size", MODULE, 8, 1, &[1 << 32, 1 << 60, u64::MAX]),
        ("function name offset", MODULE, 8, 0, &[1 << 32, 1 << 60, u64::MAX]),
        ("global name size", MODULE, 7, 1, &[1 << 32, 1 << 60, u64::MAX]),
        ("constant type", CONSTANTS, 1, 0, &[1 << 32, 1 << 60, 9999]),
        ("metadata kind", 22, 6, 0, &[1 << 32, 1 << 60]),
    ];
    for &(what, block, code, j, vals) in cases {
        for &v in vals {
            let out = set_op(m, block, code, None, j, v);
            assert_ne!(&out, m, "{what}: nothing to corrupt");
            let label = format!("{what} = {v}");
            match check(&label, &out) {
                Outcome::Err(e) => sample(&label, &e),
                Outcome::Ok => println!("{label}: reads"),
            }
        }
    }
    // Raw bitstream counts: an unabbreviated record claiming 2^60
    // operands, an abbreviated array of 2^32 elements and a blob of 2^60
    // bytes.
    for (what, kind) in [("operand count", 0), ("array length", 1), ("blob length", 2)] {
        let mut w = module_writer();
        let a = match kind {
            1 => Some(Abbrev::new([AbbrevOp::Literal(16), AbbrevOp::Array, AbbrevOp::Fixed(8)])),
            2 => Some(Abbrev::new([AbbrevOp::Literal(16), AbbrevOp::Blob])),
            _ => None,
        }
        .map(|a| w.define_abbrev(a).unwrap());
        let b = w.bits_mut();
        b.write(u64::from(a.unwrap_or(3)), 3);
        if kind == 0 {
            b.write_vbr(16, 6);
        }
        b.write_vbr(if kind == 1 { 1 << 32 } else { 1 << 60 }, 6);
        for _ in 0..64 {
            b.write(0x55, 8);
        }
        let out = w.finish();
        let e = expect_err(what, &out);
        sample(what, &e);
    }
}

/// As many blocks as the rest of the input could hold, in a function
/// followed by a megabyte the reader skips.
#[test]
fn most_blocks_the_input_allows() {
    let (m, _) = inputs();
    let declare = |n: u64| {
        rewrite_padded(m, 1 << 20, &mut |a| (a.block == FUNCTION && a.code == 1).then(|| vec![n]))
    };
    // The record's bit, and the rest of the input after it in blocks of 4
    // bits (the reader's bound: a block's terminator takes 4 bits or more).
    let at = match check("DECLAREBLOCKS 2^40", &declare(1 << 40)) {
        Outcome::Err(e) => e.bit,
        Outcome::Ok => panic!("2^40 blocks read"),
    };
    let mut n = (declare(1 << 21).len() as u64 * 8 - at - 64) / 4;
    // Down to the most the reader takes.
    let mut out = declare(n);
    while let Outcome::Err(e) = check("DECLAREBLOCKS", &out) {
        if !e.message().contains("cannot fit") {
            break;
        }
        n -= n / 64;
        out = declare(n);
    }
    let what = format!("DECLAREBLOCKS {n} in {} bytes", out.len());
    let (o, peak) = check_peak(&what, &out);
    println!("{what}: peak {peak}");
    if let Outcome::Err(e) = o {
        sample(&what, &e);
    }
}

#[test]
fn dangling_and_cyclic_references() {
    let (m, _) = inputs();
    // The first phi's first incoming value: a forward reference 1000
    // values on, never defined (sign-rotated -1000).
    let out = set_op(m, FUNCTION, 16, Some(0), 1, (1000 << 1) | 1);
    let e = expect_err("phi of a never-defined value", &out);
    sample("phi of a never-defined value", &e);
    // Its block out of range.
    let out = set_op(m, FUNCTION, 16, Some(0), 2, 1 << 32);
    sample("phi of a missing block", &expect_err("phi block", &out));

    // A constant that is its own operand, and a two-constant cycle.
    for (what, recs) in [
        ("self-referential constant", vec![(10, vec![0, 0, 0])]),
        ("constant cycle", vec![(10, vec![0, 1, 1]), (10, vec![0, 0, 0])]),
        ("self-referential aggregate", vec![(7, vec![0])]),
    ] {
        let mut w = module_writer();
        w.enter_block(TYPES, 4);
        w.emit_record(1, &[2], None).unwrap();
        w.emit_record(7, &[32], None).unwrap(); // i32
        w.emit_record(18, &[0, 0], None).unwrap(); // { i32 }
        w.exit_block().unwrap();
        w.enter_block(CONSTANTS, 4);
        w.emit_record(1, &[if what.contains("aggregate") { 1 } else { 0 }], None).unwrap();
        for (code, ops) in &recs {
            w.emit_record(*code, ops, None).unwrap();
        }
        w.exit_block().unwrap();
        let out = w.finish();
        sample(what, &expect_err(what, &out));
    }

    // Metadata: a uniqued 2-cycle, a distinct self-reference, a 1000-node
    // forward cycle, uniqued and distinct.
    for (what, n, distinct) in [
        ("md 2-cycle", 2, false),
        ("md self", 1, true),
        ("md 1000-cycle", 1000, false),
        ("distinct md 1000-cycle", 1000, true),
    ] {
        let mut w = module_writer();
        w.enter_block(METADATA, 4);
        for k in 0..n {
            let next = (k + 1) % n;
            w.emit_record(if distinct { 5 } else { 3 }, &[next + 1], None).unwrap();
        }
        w.emit_record(4, &b"n".map(u64::from), None).unwrap();
        w.emit_record(10, &[0], None).unwrap();
        w.exit_block().unwrap();
        match check(what, &w.finish()) {
            Outcome::Err(e) => sample(what, &e),
            Outcome::Ok => println!("{what}: reads"),
        }
    }
    // A metadata operand out of range, and a named node of a missing node.
    for (what, code, ops) in [("md operand", 3u32, vec![1u64 << 40]), ("named node", 10, vec![77])]
    {
        let mut w = module_writer();
        w.enter_block(METADATA, 4);
        w.emit_record(3, &[], None).unwrap();
        if code == 10 {
            w.emit_record(4, &b"n".map(u64::from), None).unwrap();
        }
        w.emit_record(code, &ops, None).unwrap();
        w.exit_block().unwrap();
        sample(what, &expect_err(what, &w.finish()));
    }
}

// ----- (c) deep nesting -----

/// A writer inside a version-2 module block.
fn module_writer() -> BitstreamWriter {
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    w.enter_block(MODULE, 3);
    w.emit_record(1, &[2], None).unwrap();
    w
}

const DEEP: u64 = 10_000;

#[test]
fn deeply_nested_types() {
    for forward in [false, true] {
        let mut w = module_writer();
        w.enter_block(TYPES, 4);
        w.emit_record(1, &[DEEP + 1], None).unwrap();
        if forward {
            // Type k is [1 x type k+1]; the last is i8.
            for k in 0..DEEP {
                w.emit_record(11, &[1, k + 1], None).unwrap();
            }
            w.emit_record(7, &[8], None).unwrap();
        } else {
            w.emit_record(7, &[8], None).unwrap();
            for k in 0..DEEP {
                w.emit_record(11, &[2, k], None).unwrap();
            }
        }
        w.exit_block().unwrap();
        let what = format!("{DEEP} nested array types (forward: {forward})");
        match check(&what, &w.finish()) {
            Outcome::Err(e) => sample(&what, &e),
            Outcome::Ok => println!("{what}: reads"),
        }
    }
}

#[test]
fn deeply_nested_struct_constants() {
    for forward in [false, true] {
        let mut w = module_writer();
        w.enter_block(TYPES, 4);
        // Type 0 is i32, type k is { type k-1 }.
        w.emit_record(7, &[32], None).unwrap();
        for k in 0..DEEP {
            w.emit_record(18, &[0, k], None).unwrap();
        }
        w.exit_block().unwrap();
        w.enter_block(CONSTANTS, 4);
        if forward {
            // Value v has type DEEP - v and is { value v+1 }; the last is 0.
            for v in 0..DEEP {
                w.emit_record(1, &[DEEP - v], None).unwrap();
                w.emit_record(7, &[v + 1], None).unwrap();
            }
            w.emit_record(1, &[0], None).unwrap();
            w.emit_record(4, &[0], None).unwrap();
        } else {
            w.emit_record(1, &[0], None).unwrap();
            w.emit_record(4, &[2], None).unwrap();
            for v in 0..DEEP {
                w.emit_record(1, &[v + 1], None).unwrap();
                w.emit_record(7, &[v], None).unwrap();
            }
        }
        w.exit_block().unwrap();
        let what = format!("{DEEP} nested struct constants (forward: {forward})");
        match check(&what, &w.finish()) {
            Outcome::Err(e) => sample(&what, &e),
            Outcome::Ok => println!("{what}: reads"),
        }
    }
}

#[test]
fn long_metadata_chains() {
    for n in [DEEP, 10 * DEEP] {
        for (forward, distinct) in [(true, false), (true, true), (false, false)] {
            let mut w = module_writer();
            w.enter_block(METADATA, 4);
            for k in 0..n {
                let code = if distinct { 5 } else { 3 };
                let ops: Vec<u64> = if forward {
                    if k + 1 < n {
                        vec![k + 2]
                    } else {
                        vec![]
                    }
                } else if k == 0 {
                    vec![]
                } else {
                    vec![k]
                };
                w.emit_record(code, &ops, None).unwrap();
            }
            w.emit_record(4, &b"chain".map(u64::from), None).unwrap();
            w.emit_record(10, &[if forward { 0 } else { n - 1 }], None).unwrap();
            w.exit_block().unwrap();
            let what =
                format!("{n}-node metadata chain (forward: {forward}, distinct: {distinct})");
            match check(&what, &w.finish()) {
                Outcome::Err(e) => sample(&what, &e),
                Outcome::Ok => println!("{what}: reads"),
            }
        }
    }
}

#[test]
fn long_debug_info_chains() {
    // Lexical blocks each scoped in the next (forward) or the one before,
    // ending in a DIFile.
    for n in [DEEP, 10 * DEEP] {
        for forward in [true, false] {
            let mut w = module_writer();
            w.enter_block(METADATA, 4);
            if !forward {
                w.emit_record(16, &[0, 0, 0], None).unwrap();
            }
            for k in 0..n {
                // [distinct, scope, file, line, column], ids + 1.
                let scope = if forward { k + 2 } else { k + 1 };
                w.emit_record(22, &[1, scope, 0, k + 1, 1], None).unwrap();
            }
            if forward {
                w.emit_record(16, &[0, 0, 0], None).unwrap();
            }
            w.emit_record(4, &b"blocks".map(u64::from), None).unwrap();
            w.emit_record(10, &[if forward { 0 } else { n }], None).unwrap();
            w.exit_block().unwrap();
            let what = format!("{n} lexical blocks (forward: {forward})");
            match check(&what, &w.finish()) {
                Outcome::Err(e) => sample(&what, &e),
                Outcome::Ok => println!("{what}: reads"),
            }
        }
    }
}

#[test]
fn deeply_nested_blocks() {
    // 10 000 nested blocks in the module block.
    let mut w = module_writer();
    for _ in 0..DEEP {
        w.enter_block(METADATA, 4);
    }
    let out = w.finish();
    match check("10000 nested blocks", &out) {
        Outcome::Err(e) => sample("10000 nested blocks", &e),
        Outcome::Ok => println!("10000 nested blocks: reads"),
    }
}

// ----- regressions found by fuzzing (fuzz/fuzz_targets/bc_read.rs) -----

/// A datalayout with a non-ASCII character before an x86 layout: its
/// upgrade sliced the string inside the character.
#[test]
fn non_ascii_datalayout() {
    let (m, _) = inputs();
    let dl = "\u{e9}e-m:e-i64:64-f80:128-n8:16:32:64-S128";
    let ops: Vec<u64> = dl.bytes().map(u64::from).collect();
    let out = rewrite(m, &mut |a| (a.block == MODULE && a.code == 3).then(|| ops.clone()));
    assert_ne!(&out, m);
    if let Outcome::Err(e) = check("non-ASCII datalayout", &out) {
        sample("non-ASCII datalayout", &e);
    }
}
