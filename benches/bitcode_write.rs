//! Bitcode writer benchmarks (`llvmext_bitcode::write`): the model of the
//! largest corpus module (SQLite's amalgamation, `clang-19 -O2 -g`, read
//! by our reader) written back as bitcode.
//!
//! - `bitcode_write/write_sqlite_O2_g`: model -> bytes, without the
//!   verifier (everything the writer does: numbering, use-list orders,
//!   every block, the irsymtab);
//! - `bitcode_write/write_verified_sqlite_O2_g`: the same with the verifier
//!   beside it, as `write` runs by default.
//!
//! Throughput is the size of the file written. The corpus is built (and
//! cached under `target/llvmext-corpus/`) by the test harness in
//! `tests/support/`, which needs `clang-19`. Whole-process figures against
//! llvm-as-19 and the commands: BENCHMARKS.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use llvmext::bitcode::write::{write_with, WriteOptions};

#[path = "../tests/support/mod.rs"]
mod support;

fn write(c: &mut Criterion) {
    let data = std::fs::read(support::largest_with_debug()).expect("corpus file");
    let m = llvmext::bitcode::read::read(&data).expect("corpus file reads");
    let unverified = WriteOptions::default().verify(None);
    let out = write_with(&m, &unverified).expect("corpus module writes");
    let mut g = c.benchmark_group("bitcode_write");
    g.throughput(Throughput::Bytes(out.len() as u64));
    g.sample_size(10);
    g.bench_function("write_sqlite_O2_g", |b| {
        b.iter(|| write_with(black_box(&m), &unverified).expect("writes"))
    });
    let verified = WriteOptions::default();
    g.bench_function("write_verified_sqlite_O2_g", |b| {
        b.iter(|| write_with(black_box(&m), &verified).expect("writes"))
    });
    g.finish();
}

criterion_group!(benches, write);
criterion_main!(benches);
