//! Bitstream container benchmarks.
//!
//! - `bitstream_walk/*`: a full walk of the largest corpus file (SQLite's
//!   amalgamation compiled by `clang-19 -O2 -g`, ~10 MB): every block
//!   entered, every record decoded through its abbreviation, with
//!   `next_item` (operands in the reader's buffer) and with `advance` +
//!   `read_record` (operands copied into a caller's buffer); and a lazy
//!   walk that skips function bodies in O(1) as a reader that decodes
//!   bodies on demand does.
//! - `bitstream_write/*`: writing a stream of abbreviated and unabbreviated
//!   records with `BitstreamWriter`.
//!
//! The corpus is built (and cached under `target/llvmext-corpus/`) by the
//! test harness in `tests/support/`, which needs `clang-19`.
//! Figures and commands: BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use llvmext::core::bitstream::{Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, Entry, Item};
use llvmext::core::magic;

#[path = "../tests/support/mod.rs"]
mod support;

/// Enters every block and decodes every record; returns a checksum.
fn full_walk(stream: &[u8], skip_block: Option<u32>) -> u64 {
    let mut r = BitstreamReader::new(stream);
    let mut ops = Vec::with_capacity(256);
    let mut sum = 0u64;
    while let Some(e) = r.advance().expect("valid corpus file") {
        match e {
            Entry::SubBlock { block_id } if Some(block_id) == skip_block => {
                r.skip_block().expect("valid corpus file");
            }
            Entry::SubBlock { .. } => {
                r.enter_block().expect("valid corpus file");
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops).expect("valid corpus file");
                sum = sum.wrapping_add(u64::from(rec.code)).wrapping_add(ops.len() as u64);
            }
            Entry::EndBlock | Entry::DefineAbbrev => {}
        }
    }
    sum
}

/// [`full_walk`] through `next_item`.
fn item_walk(stream: &[u8]) -> u64 {
    let mut r = BitstreamReader::new(stream);
    let mut sum = 0u64;
    while let Some(item) = r.next_item().expect("valid corpus file") {
        match item {
            Item::SubBlock { .. } => {
                r.enter_block().expect("valid corpus file");
            }
            Item::Record { record, ops } => {
                sum = sum.wrapping_add(u64::from(record.code)).wrapping_add(ops.len() as u64);
            }
            Item::EndBlock | Item::DefineAbbrev => {}
        }
    }
    sum
}

fn walk(c: &mut Criterion) {
    let data = std::fs::read(support::largest_with_debug()).expect("corpus file");
    let stream = &magic::strip_wrapper(&data).expect("bitcode")[4..];
    let mut g = c.benchmark_group("bitstream_walk");
    g.throughput(Throughput::Bytes(data.len() as u64));
    g.sample_size(20);
    assert_eq!(item_walk(stream), full_walk(stream, None));
    g.bench_function("next_item_walk_sqlite_O2_g", |b| b.iter(|| item_walk(black_box(stream))));
    g.bench_function("full_walk_sqlite_O2_g", |b| b.iter(|| full_walk(black_box(stream), None)));
    // FUNCTION_BLOCK (12) skipped by its length word, as a lazy reader does.
    g.bench_function("skip_function_bodies_sqlite_O2_g", |b| {
        b.iter(|| full_walk(black_box(stream), Some(12)))
    });
    g.finish();
}

fn write(c: &mut Criterion) {
    const N: u64 = 200_000;
    let mut g = c.benchmark_group("bitstream_write");
    g.throughput(Throughput::Elements(N));
    g.bench_function("records_200k", |b| {
        b.iter(|| {
            let mut w = BitstreamWriter::with_capacity(4 << 20);
            w.emit_magic(*b"BC\xC0\xDE");
            w.enter_block(12, 4);
            let a = w
                .define_abbrev(Abbrev::new([
                    AbbrevOp::Literal(20),
                    AbbrevOp::Vbr(6),
                    AbbrevOp::Fixed(4),
                    AbbrevOp::Vbr(8),
                ]))
                .unwrap();
            let s = w
                .define_abbrev(Abbrev::new([
                    AbbrevOp::Literal(1),
                    AbbrevOp::Array,
                    AbbrevOp::Char6,
                ]))
                .unwrap();
            let name = b"sqlite3VdbeExec".map(u64::from);
            for i in 0..N {
                match i % 4 {
                    0 | 1 => w.emit_record(20, &[i & 63, i & 15, i], Some(a)).unwrap(),
                    2 => w.emit_record(1, &name, Some(s)).unwrap(),
                    _ => w.emit_record(34, &[i, 0, 1 << 40, 7], None).unwrap(),
                }
            }
            w.exit_block().unwrap();
            black_box(w.finish())
        })
    });
    g.finish();
}

criterion_group!(benches, walk, write);
criterion_main!(benches);
