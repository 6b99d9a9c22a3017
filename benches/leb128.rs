//! LEB128 encode/decode throughput: `llvmext::core::leb128` against the
//! `leb128` crate, on one deterministic data set of 100 000 values whose
//! encoded lengths are mixed as in real object files and bitcode: 50% one
//! byte, 25% two, 15% three or four, 10% five to ten.
//!
//! Run with `cargo bench --bench leb128`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use llvmext::core::leb128::{self as ours, Reader};

const COUNT: usize = 100_000;

/// xorshift64: a fixed, dependency-free source of bits.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// An encoded length drawn from the mix above.
    fn len(&mut self) -> u32 {
        match self.next() % 100 {
            0..=49 => 1,
            50..=74 => 2,
            75..=89 => 3 + (self.next() % 2) as u32,
            _ => 5 + (self.next() % 6) as u32,
        }
    }
}

/// Unsigned values with the mixed encoded lengths.
fn unsigned_values() -> Vec<u64> {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    (0..COUNT)
        .map(|_| {
            let len = rng.len();
            let bits = 7 * len;
            let r = rng.next();
            let v = if len == 1 {
                r & 0x7f
            } else {
                (r & (u64::MAX >> 64u32.saturating_sub(bits))) | 1 << (bits - 7)
            };
            assert_eq!(ours::uleb128_size(v), len as usize);
            v
        })
        .collect()
}

/// Signed values, half of them negative, with the mixed encoded lengths.
fn signed_values() -> Vec<i64> {
    let mut rng = XorShift(0xD1B5_4A32_D192_ED03);
    (0..COUNT)
        .map(|_| {
            let len = rng.len();
            // A magnitude of 7 * len - 1 significant bits at most (plus the
            // sign bit, 7 * len; at most 63 plus the sign bit), and more
            // than 7 * (len - 1) - 1, so that the length is exactly `len`.
            let r = rng.next();
            let m = if len == 1 {
                r & 0x3f
            } else {
                let top = (7 * len - 1).min(63);
                (r & (u64::MAX >> (64 - top))) | 1 << (7 * len - 8)
            };
            let v = if r >> 63 == 1 { !m as i64 } else { m as i64 };
            assert_eq!(ours::sleb128_size(v), len as usize);
            v
        })
        .collect()
}

fn encode_unsigned(values: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    for &v in values {
        ours::write_uleb128(&mut out, v);
    }
    out
}

fn encode_signed(values: &[i64]) -> Vec<u8> {
    let mut out = Vec::new();
    for &v in values {
        ours::write_sleb128(&mut out, v);
    }
    out
}

/// Walks `bytes` with [`Reader`], summing the values.
fn sum_uleb128_llvmext(bytes: &[u8]) -> u64 {
    let mut r = Reader::new(bytes);
    let mut sum = 0u64;
    while !r.is_empty() {
        sum = sum.wrapping_add(r.read_uleb128().unwrap());
    }
    sum
}

/// Walks `bytes` with the `leb128` crate, summing the values.
fn sum_uleb128_crate(mut bytes: &[u8]) -> u64 {
    let mut sum = 0u64;
    while !bytes.is_empty() {
        sum = sum.wrapping_add(leb128::read::unsigned(&mut bytes).unwrap());
    }
    sum
}

fn sum_sleb128_llvmext(bytes: &[u8]) -> i64 {
    let mut r = Reader::new(bytes);
    let mut sum = 0i64;
    while !r.is_empty() {
        sum = sum.wrapping_add(r.read_sleb128().unwrap());
    }
    sum
}

fn sum_sleb128_crate(mut bytes: &[u8]) -> i64 {
    let mut sum = 0i64;
    while !bytes.is_empty() {
        sum = sum.wrapping_add(leb128::read::signed(&mut bytes).unwrap());
    }
    sum
}

fn uleb128_decode(c: &mut Criterion) {
    let values = unsigned_values();
    let bytes = encode_unsigned(&values);
    // Both sides decode the same values.
    let expected = values.iter().fold(0u64, |a, &v| a.wrapping_add(v));
    assert_eq!(sum_uleb128_llvmext(&bytes), expected);
    assert_eq!(sum_uleb128_crate(&bytes), expected);

    let mut g = c.benchmark_group("uleb128_decode");
    g.throughput(Throughput::Elements(COUNT as u64));
    g.bench_function(BenchmarkId::from_parameter("llvmext"), |b| {
        b.iter(|| sum_uleb128_llvmext(black_box(&bytes)))
    });
    g.bench_function(BenchmarkId::from_parameter("leb128_crate"), |b| {
        b.iter(|| sum_uleb128_crate(black_box(&bytes)))
    });
    g.finish();
}

fn sleb128_decode(c: &mut Criterion) {
    let values = signed_values();
    let bytes = encode_signed(&values);
    let expected = values.iter().fold(0i64, |a, &v| a.wrapping_add(v));
    assert_eq!(sum_sleb128_llvmext(&bytes), expected);
    assert_eq!(sum_sleb128_crate(&bytes), expected);

    let mut g = c.benchmark_group("sleb128_decode");
    g.throughput(Throughput::Elements(COUNT as u64));
    g.bench_function(BenchmarkId::from_parameter("llvmext"), |b| {
        b.iter(|| sum_sleb128_llvmext(black_box(&bytes)))
    });
    g.bench_function(BenchmarkId::from_parameter("leb128_crate"), |b| {
        b.iter(|| sum_sleb128_crate(black_box(&bytes)))
    });
    g.finish();
}

/// Decodes all of `bytes` with the `leb128` crate into `out`: the same job
/// as [`ours::decode_uleb128_all`].
fn decode_all_uleb128_crate(mut bytes: &[u8], out: &mut Vec<u64>) {
    while !bytes.is_empty() {
        out.push(leb128::read::unsigned(&mut bytes).unwrap());
    }
}

fn decode_all_sleb128_crate(mut bytes: &[u8], out: &mut Vec<i64>) {
    while !bytes.is_empty() {
        out.push(leb128::read::signed(&mut bytes).unwrap());
    }
}

fn uleb128_decode_all(c: &mut Criterion) {
    let values = unsigned_values();
    let bytes = encode_unsigned(&values);
    let mut out = Vec::with_capacity(COUNT);
    assert_eq!(ours::decode_uleb128_all(&bytes, &mut out), Ok(COUNT));
    assert_eq!(out, values);
    out.clear();
    decode_all_uleb128_crate(&bytes, &mut out);
    assert_eq!(out, values);

    let mut g = c.benchmark_group("uleb128_decode_all");
    g.throughput(Throughput::Elements(COUNT as u64));
    g.bench_function(BenchmarkId::from_parameter("llvmext"), |b| {
        b.iter(|| {
            out.clear();
            ours::decode_uleb128_all(black_box(&bytes), &mut out).unwrap();
            black_box(out.len())
        })
    });
    g.bench_function(BenchmarkId::from_parameter("leb128_crate"), |b| {
        b.iter(|| {
            out.clear();
            decode_all_uleb128_crate(black_box(&bytes), &mut out);
            black_box(out.len())
        })
    });
    g.finish();
}

fn sleb128_decode_all(c: &mut Criterion) {
    let values = signed_values();
    let bytes = encode_signed(&values);
    let mut out = Vec::with_capacity(COUNT);
    assert_eq!(ours::decode_sleb128_all(&bytes, &mut out), Ok(COUNT));
    assert_eq!(out, values);
    out.clear();
    decode_all_sleb128_crate(&bytes, &mut out);
    assert_eq!(out, values);

    let mut g = c.benchmark_group("sleb128_decode_all");
    g.throughput(Throughput::Elements(COUNT as u64));
    g.bench_function(BenchmarkId::from_parameter("llvmext"), |b| {
        b.iter(|| {
            out.clear();
            ours::decode_sleb128_all(black_box(&bytes), &mut out).unwrap();
            black_box(out.len())
        })
    });
    g.bench_function(BenchmarkId::from_parameter("leb128_crate"), |b| {
        b.iter(|| {
            out.clear();
            decode_all_sleb128_crate(black_box(&bytes), &mut out);
            black_box(out.len())
        })
    });
    g.finish();
}

fn uleb128_encode(c: &mut Criterion) {
    let values = unsigned_values();
    let ours_bytes = encode_unsigned(&values);
    let mut theirs = Vec::new();
    for &v in &values {
        leb128::write::unsigned(&mut theirs, v).unwrap();
    }
    assert_eq!(ours_bytes, theirs);
    let len = ours_bytes.len();
    let mut g = c.benchmark_group("uleb128_encode");
    g.throughput(Throughput::Elements(COUNT as u64));
    g.bench_function(BenchmarkId::from_parameter("llvmext"), |b| {
        let mut out = Vec::with_capacity(len + 16);
        b.iter(|| {
            out.clear();
            for &v in black_box(&values) {
                ours::write_uleb128(&mut out, v);
            }
            black_box(out.len())
        })
    });
    g.bench_function(BenchmarkId::from_parameter("leb128_crate"), |b| {
        let mut out = Vec::with_capacity(len + 16);
        b.iter(|| {
            out.clear();
            for &v in black_box(&values) {
                leb128::write::unsigned(&mut out, v).unwrap();
            }
            black_box(out.len())
        })
    });
    g.finish();
}

fn sleb128_encode(c: &mut Criterion) {
    let values = signed_values();
    let ours_bytes = encode_signed(&values);
    let mut theirs = Vec::new();
    for &v in &values {
        leb128::write::signed(&mut theirs, v).unwrap();
    }
    assert_eq!(ours_bytes, theirs);
    let len = ours_bytes.len();
    let mut g = c.benchmark_group("sleb128_encode");
    g.throughput(Throughput::Elements(COUNT as u64));
    g.bench_function(BenchmarkId::from_parameter("llvmext"), |b| {
        let mut out = Vec::with_capacity(len + 16);
        b.iter(|| {
            out.clear();
            for &v in black_box(&values) {
                ours::write_sleb128(&mut out, v);
            }
            black_box(out.len())
        })
    });
    g.bench_function(BenchmarkId::from_parameter("leb128_crate"), |b| {
        let mut out = Vec::with_capacity(len + 16);
        b.iter(|| {
            out.clear();
            for &v in black_box(&values) {
                leb128::write::signed(&mut out, v).unwrap();
            }
            black_box(out.len())
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    uleb128_decode,
    sleb128_decode,
    uleb128_decode_all,
    sleb128_decode_all,
    uleb128_encode,
    sleb128_encode
);
criterion_main!(benches);
