//! Decodes arbitrary bytes as a sequence of ULEB128 and of SLEB128 values
//! with every batch decoder (`decode_*leb128_all`, `Reader::read_*_into`
//! with a buffer size taken from the input) and checks each against the
//! one-value slice decoders: the same values, the same count, the same
//! error kind and offset. On x86-64 with BMI2 this runs the `unsafe` block
//! decoder, so it is also a memory-safety check of it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use llvmext_core::leb128::{self, Error, Reader};

/// The values the slice decoder `read` finds back to back in `buf`, and the
/// error (kind and absolute offset) that stops it, if any.
fn scalar<T>(
    buf: &[u8],
    read: fn(&[u8]) -> Result<(T, usize), Error>,
) -> (Vec<T>, Option<(leb128::ErrorKind, usize)>) {
    let mut pos = 0;
    let mut vals = Vec::new();
    while pos < buf.len() {
        match read(&buf[pos..]) {
            Ok((v, n)) => {
                vals.push(v);
                pos += n;
            }
            Err(e) => return (vals, Some((e.kind(), pos + e.offset()))),
        }
    }
    (vals, None)
}

/// One signedness: the whole-buffer decoder `all` and the reader's bulk
/// read `into` (with pieces of `cap` values) against the slice decoder
/// `read`.
fn check<T: Copy + Default + PartialEq + std::fmt::Debug>(
    data: &[u8],
    cap: usize,
    read: fn(&[u8]) -> Result<(T, usize), Error>,
    all: fn(&[u8], &mut Vec<T>) -> Result<usize, Error>,
    into: fn(&mut Reader, &mut [T]) -> Result<usize, Error>,
) {
    let (expected, err) = scalar(data, read);
    let mut out = Vec::new();
    let got = all(data, &mut out);
    assert_eq!(got.map_err(|e| (e.kind(), e.offset())).err(), err);
    assert_eq!(out, expected);
    let mut r = Reader::new(data);
    let mut piece = vec![T::default(); cap];
    let mut pieces = Vec::new();
    loop {
        match into(&mut r, &mut piece) {
            Ok(0) => break,
            Ok(n) => pieces.extend_from_slice(&piece[..n]),
            Err(e) => {
                assert_eq!(Some((e.kind(), e.offset())), err);
                break;
            }
        }
    }
    assert_eq!(pieces, expected);
}

fuzz_target!(|input: &[u8]| {
    let Some((&cap, data)) = input.split_first() else { return };
    let cap = cap as usize * 3 + 1;
    check(data, cap, leb128::read_uleb128, leb128::decode_uleb128_all, |r, out| {
        r.read_uleb128_into(out)
    });
    check(data, cap, leb128::read_sleb128, leb128::decode_sleb128_all, |r, out| {
        r.read_sleb128_into(out)
    });
});
