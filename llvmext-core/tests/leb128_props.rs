//! Property and vector tests for `llvmext_core::leb128`.
//!
//! Oracles:
//! - the `leb128` crate (0.2) for minimal encodings of `u64`/`i64` and for
//!   decoding arbitrary bytes as `u64`/`i64`;
//! - a transcription of LLVM's `encodeULEB128`/`encodeSLEB128` with `PadTo`
//!   (below, [`llvm_encode_uleb`]/[`llvm_encode_sleb`]) for padded layouts
//!   and for the 128-bit types;
//! - hand-checked vectors.
//!
//! Where the `leb128` crate and this module differ on arbitrary input:
//! - `::leb128::read::unsigned` accepts exactly what `read_uleb128` accepts
//!   (it too requires the 10th byte to be `0x00` or `0x01`), and
//!   `::leb128::read::signed` exactly what `read_sleb128` accepts (10th byte
//!   `0x00` or `0x7f`), with the same value and length. Only the errors
//!   differ in form: running out of input is `Error::IoError(UnexpectedEof)`
//!   there, and after spotting an overflow the crate keeps reading until a
//!   byte without the continuation bit, so an overflow followed by a
//!   truncation is an `IoError` there but `Overflow` here.
//! - The crate has no 32-bit readers. Its `u64`/`i64` readers accept
//!   encodings of a value that fits in 32 bits but is longer than 5 bytes
//!   (e.g. `80 80 80 80 80 00`); `read_uleb128_u32`/`read_sleb128_i32`
//!   reject those with `Overflow` at the 5th byte, as they do values that
//!   don't fit.
//! - LLVM's own decoders (not the crate) accept padding of any length
//!   (e.g. eleven bytes `80 … 80 00` for 0); this module rejects encodings
//!   longer than the type's widest one.

use llvmext_core::leb128::{self, ErrorKind, Reader};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Reference implementations
// ---------------------------------------------------------------------------

/// LLVM's `encodeULEB128(Value, OS, PadTo)`, transcribed for `u128`.
fn llvm_encode_uleb(mut value: u128, pad_to: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut count = 0;
    loop {
        let mut byte = (value & 0x7f) as u8;
        value >>= 7;
        count += 1;
        if value != 0 || count < pad_to {
            byte |= 0x80;
        }
        out.push(byte);
        if value == 0 {
            break;
        }
    }
    if count < pad_to {
        while count < pad_to - 1 {
            out.push(0x80);
            count += 1;
        }
        out.push(0x00);
    }
    out
}

/// LLVM's `encodeSLEB128(Value, OS, PadTo)`, transcribed for `i128`.
fn llvm_encode_sleb(mut value: i128, pad_to: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut count = 0;
    loop {
        let mut byte = (value & 0x7f) as u8;
        value >>= 7;
        let more = !((value == 0 && byte & 0x40 == 0) || (value == -1 && byte & 0x40 != 0));
        count += 1;
        if more || count < pad_to {
            byte |= 0x80;
        }
        out.push(byte);
        if !more {
            break;
        }
    }
    if count < pad_to {
        let pad_value = if value < 0 { 0x7f } else { 0x00 };
        while count < pad_to - 1 {
            out.push(pad_value | 0x80);
            count += 1;
        }
        out.push(pad_value);
    }
    out
}

fn crate_uleb(v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    ::leb128::write::unsigned(&mut out, v).unwrap();
    out
}

fn crate_sleb(v: i64) -> Vec<u8> {
    let mut out = Vec::new();
    ::leb128::write::signed(&mut out, v).unwrap();
    out
}

/// `(kind, offset)` of an error, for compact assertions.
fn ko(e: llvmext_core::leb128::Error) -> (ErrorKind, usize) {
    (e.kind(), e.offset())
}

// ---------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------

/// `u64`s spread over all bit lengths, so every encoded length is common.
fn any_len_u64() -> impl Strategy<Value = u64> {
    (0u32..=64, any::<u64>()).prop_map(|(bits, x)| x.checked_shr(64 - bits).unwrap_or(0))
}

/// `i64`s spread over all bit lengths.
fn any_len_i64() -> impl Strategy<Value = i64> {
    (1u32..=64, any::<i64>()).prop_map(|(bits, x)| x >> (64 - bits))
}

fn any_len_u128() -> impl Strategy<Value = u128> {
    (0u32..=128, any::<u128>()).prop_map(|(bits, x)| x.checked_shr(128 - bits).unwrap_or(0))
}

fn any_len_i128() -> impl Strategy<Value = i128> {
    (1u32..=128, any::<i128>()).prop_map(|(bits, x)| x >> (128 - bits))
}

/// Bytes biased towards continuation bytes and boundary payloads, so that
/// random slices often hold long and borderline encodings.
fn leb_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        2 => any::<u8>(),
        3 => 0x80u8..=0xff,
        2 => prop::sample::select(vec![
            0x00u8, 0x01, 0x02, 0x03, 0x04, 0x07, 0x08, 0x0f, 0x10, 0x3f, 0x40, 0x70, 0x77, 0x78,
            0x7c, 0x7d, 0x7e, 0x7f, 0x80, 0x81, 0xff,
        ]),
    ]
}

fn leb_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(leb_byte(), 0..24)
}

// ---------------------------------------------------------------------------
// Known vectors
// ---------------------------------------------------------------------------

#[test]
fn known_vectors() {
    let cases_u: &[(u64, &[u8])] = &[
        (0, &[0x00]),
        (1, &[0x01]),
        (127, &[0x7f]),
        (128, &[0x80, 0x01]),
        (624_485, &[0xE5, 0x8E, 0x26]),
        (u64::MAX, &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]),
        (1 << 63, &[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01]),
        ((1 << 63) - 1, &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]),
    ];
    for &(v, bytes) in cases_u {
        let mut out = Vec::new();
        assert_eq!(leb128::write_uleb128(&mut out, v), bytes.len(), "{v}");
        assert_eq!(out, bytes, "{v:#x}");
        assert_eq!(leb128::read_uleb128(bytes), Ok((v, bytes.len())));
        assert_eq!(leb128::uleb128_size(v), bytes.len());
    }
    let cases_s: &[(i64, &[u8])] = &[
        (0, &[0x00]),
        (-1, &[0x7f]),
        (63, &[0x3f]),
        (64, &[0xc0, 0x00]),
        (-64, &[0x40]),
        (-65, &[0xbf, 0x7f]),
        (-123_456, &[0xC0, 0xBB, 0x78]),
        (i64::MIN, &[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f]),
        (i64::MAX, &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00]),
    ];
    for &(v, bytes) in cases_s {
        let mut out = Vec::new();
        assert_eq!(leb128::write_sleb128(&mut out, v), bytes.len(), "{v}");
        assert_eq!(out, bytes, "{v}");
        assert_eq!(leb128::read_sleb128(bytes), Ok((v, bytes.len())));
        assert_eq!(leb128::sleb128_size(v), bytes.len());
    }
    // Decoding stops at the terminator, whatever follows.
    let mut long = vec![0xE5, 0x8E, 0x26];
    long.extend([0xff; 13]);
    assert_eq!(leb128::read_uleb128(&long), Ok((624_485, 3)));
    assert_eq!(leb128::read_uleb128_u32(&long), Ok((624_485, 3)));
    assert_eq!(leb128::read_uleb128_u128(&long), Ok((624_485, 3)));

    let mut out = Vec::new();
    leb128::write_uleb128_u128(&mut out, u128::MAX);
    let mut expected = vec![0xff; 18];
    expected.push(0x03);
    assert_eq!(out, expected);
    out.clear();
    leb128::write_sleb128_i128(&mut out, i128::MIN);
    let mut expected = vec![0x80; 18];
    expected.push(0x7e);
    assert_eq!(out, expected);
}

#[test]
fn known_padded_vectors() {
    // Worked out from LLVM's LEB128.h: the last natural byte gets the
    // continuation bit, then pad bytes (0x80; signed: PadValue | 0x80 with
    // PadValue = 0x7f for negative values), then PadValue without it.
    let u: &[(u64, usize, &[u8])] = &[
        (0, 0, &[0x00]),
        (0, 1, &[0x00]),
        (0, 2, &[0x80, 0x00]),
        (0, 3, &[0x80, 0x80, 0x00]),
        (1, 2, &[0x81, 0x00]),
        (1, 3, &[0x81, 0x80, 0x00]),
        (0x80, 2, &[0x80, 0x01]),
        (0x80, 3, &[0x80, 0x81, 0x00]),
        (0x80, 4, &[0x80, 0x81, 0x80, 0x00]),
        (624_485, 5, &[0xE5, 0x8E, 0xA6, 0x80, 0x00]),
        (624_485, 1, &[0xE5, 0x8E, 0x26]),
    ];
    for &(v, pad_to, bytes) in u {
        let mut out = vec![0xAA];
        assert_eq!(leb128::write_uleb128_padded(&mut out, v, pad_to), bytes.len());
        assert_eq!(&out[1..], bytes, "{v} padded to {pad_to}");
        assert_eq!(out[0], 0xAA);
    }
    let s: &[(i64, usize, &[u8])] = &[
        (0, 2, &[0x80, 0x00]),
        (0, 3, &[0x80, 0x80, 0x00]),
        (-1, 2, &[0xff, 0x7f]),
        (-1, 3, &[0xff, 0xff, 0x7f]),
        (1, 3, &[0x81, 0x80, 0x00]),
        (0x3f, 2, &[0xbf, 0x00]),
        (0x7f, 3, &[0xff, 0x80, 0x00]),
        (0x7f, 4, &[0xff, 0x80, 0x80, 0x00]),
        (0x80, 3, &[0x80, 0x81, 0x00]),
        (-0x40, 3, &[0xc0, 0xff, 0x7f]),
        (-0x41, 3, &[0xbf, 0xff, 0x7f]),
        (-123_456, 5, &[0xC0, 0xBB, 0xF8, 0xFF, 0x7F]),
    ];
    for &(v, pad_to, bytes) in s {
        let mut out = vec![0xAA];
        assert_eq!(leb128::write_sleb128_padded(&mut out, v, pad_to), bytes.len());
        assert_eq!(&out[1..], bytes, "{v} padded to {pad_to}");
        assert_eq!(out[0], 0xAA);
    }
}

#[test]
fn sizes_at_every_bit_length() {
    for bits in 0..=64u32 {
        for v in [
            1u64.checked_shl(bits).map_or(u64::MAX, |x| x - 1),
            1u64.checked_shl(bits).unwrap_or(0),
        ] {
            assert_eq!(leb128::uleb128_size(v), crate_uleb(v).len(), "{v:#x}");
            for s in [v as i64, !(v as i64)] {
                assert_eq!(leb128::sleb128_size(s), crate_sleb(s).len(), "{s}");
            }
        }
    }
    const _: () = assert!(leb128::uleb128_size(u64::MAX) == 10);
    const _: () = assert!(leb128::sleb128_size(-64) == 1);
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

#[test]
fn error_vectors() {
    use ErrorKind::{Overflow, Truncated};
    assert_eq!(leb128::read_uleb128(&[]).map_err(ko), Err((Truncated, 0)));
    assert_eq!(leb128::read_sleb128(&[]).map_err(ko), Err((Truncated, 0)));
    assert_eq!(leb128::read_uleb128_u32(&[]).map_err(ko), Err((Truncated, 0)));
    assert_eq!(leb128::read_sleb128_i32(&[]).map_err(ko), Err((Truncated, 0)));
    assert_eq!(leb128::read_uleb128_u128(&[]).map_err(ko), Err((Truncated, 0)));
    assert_eq!(leb128::read_sleb128_i128(&[]).map_err(ko), Err((Truncated, 0)));
    assert_eq!(leb128::read_uleb128(&[0x80, 0x80]).map_err(ko), Err((Truncated, 2)));
    assert_eq!(leb128::read_sleb128(&[0x80, 0x80]).map_err(ko), Err((Truncated, 2)));
    // Runs of continuation bytes: truncated at the end, until the 10th
    // byte, whose continuation bit is an overflow.
    for n in 1..=12 {
        let all_cont = vec![0x80; n];
        let expected = if n < 10 { (Truncated, n) } else { (Overflow, 9) };
        assert_eq!(leb128::read_uleb128(&all_cont).map_err(ko), Err(expected), "{n}");
        assert_eq!(leb128::read_sleb128(&all_cont).map_err(ko), Err(expected), "{n}");
    }

    // 10th byte with payload above 1, or with the continuation bit.
    let mut ten = vec![0xff; 9];
    ten.push(0x02);
    assert_eq!(leb128::read_uleb128(&ten).map_err(ko), Err((Overflow, 9)));
    ten[9] = 0x81;
    ten.push(0x00);
    assert_eq!(leb128::read_uleb128(&ten).map_err(ko), Err((Overflow, 9)));
    // 11-byte zero padding (LLVM would accept it).
    let mut eleven = vec![0x80; 10];
    eleven.push(0x00);
    assert_eq!(leb128::read_uleb128(&eleven).map_err(ko), Err((Overflow, 9)));
    assert_eq!(leb128::read_sleb128(&eleven).map_err(ko), Err((Overflow, 9)));
    let mut eleven_neg = vec![0xff; 10];
    eleven_neg.push(0x7f);
    assert_eq!(leb128::read_sleb128(&eleven_neg).map_err(ko), Err((Overflow, 9)));
    // ... and the same shapes one level down.
    assert_eq!(leb128::read_uleb128_u32(&[0x80; 6]).map_err(ko), Err((Overflow, 4)));
    assert_eq!(
        leb128::read_uleb128_u32(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x00]).map_err(ko),
        Err((Overflow, 4))
    );
    assert_eq!(
        leb128::read_uleb128_u32(&[0xff, 0xff, 0xff, 0xff, 0x10]).map_err(ko),
        Err((Overflow, 4))
    );
    assert_eq!(
        leb128::read_sleb128_i32(&[0xff, 0xff, 0xff, 0xff, 0x08]).map_err(ko),
        Err((Overflow, 4))
    );
    assert_eq!(
        leb128::read_sleb128_i32(&[0x80, 0x80, 0x80, 0x80, 0x77]).map_err(ko),
        Err((Overflow, 4))
    );
    // Truncated before the 5th byte; a 5th byte with the continuation bit
    // is an overflow even if nothing follows.
    assert_eq!(leb128::read_uleb128_u32(&[0x80; 4]).map_err(ko), Err((Truncated, 4)));
    assert_eq!(leb128::read_uleb128_u32(&[0x80; 5]).map_err(ko), Err((Overflow, 4)));

    // Messages say what and where.
    let e = leb128::read_uleb128(&[0x80; 7]).unwrap_err();
    assert_eq!(e.to_string(), "truncated ULEB128 at byte offset 7");
    let e = leb128::read_sleb128(&[0x80; 7]).unwrap_err();
    assert_eq!(e.to_string(), "truncated SLEB128 at byte offset 7");
    let mut bytes = vec![0x00, 0x00, 0x00];
    bytes.extend([0x80; 9]);
    bytes.push(0x02);
    let mut r = Reader::new(&bytes);
    for _ in 0..3 {
        r.read_uleb128().unwrap();
    }
    let e = r.read_uleb128().unwrap_err();
    assert_eq!(e.to_string(), "ULEB128 overflows 64 bits at byte offset 12");
    let e = leb128::read_sleb128_i32(&[0x80; 5]).unwrap_err();
    assert_eq!(e.to_string(), "SLEB128 overflows 32 bits at byte offset 4");
    let e = leb128::read_uleb128_u128(&[0x80; 19]).unwrap_err();
    assert_eq!(e.to_string(), "ULEB128 overflows 128 bits at byte offset 18");
    #[cfg(feature = "std")]
    {
        fn is_error<E: std::error::Error + Send + Sync + 'static>(_: &E) {}
        is_error(&e);
    }
}

/// Every value of the last possible byte, after a run of 0x80 or 0xff
/// continuation bytes, both with exactly that many bytes (byte-wise path)
/// and with more bytes after it (word-at-a-time path).
#[test]
fn last_byte_rules_exhaustive() {
    type Check = fn(&[u8]) -> Result<usize, (ErrorKind, usize)>;
    type Case = (&'static str, usize, fn(u8) -> bool, Check);
    let cases: [Case; 6] = [
        ("u32", 5, |b| b <= 0x0f, |s| leb128::read_uleb128_u32(s).map(|r| r.1).map_err(ko)),
        (
            "i32",
            5,
            |b| b <= 0x07 || (0x78..=0x7f).contains(&b),
            |s| leb128::read_sleb128_i32(s).map(|r| r.1).map_err(ko),
        ),
        ("u64", 10, |b| b <= 0x01, |s| leb128::read_uleb128(s).map(|r| r.1).map_err(ko)),
        (
            "i64",
            10,
            |b| b == 0x00 || b == 0x7f,
            |s| leb128::read_sleb128(s).map(|r| r.1).map_err(ko),
        ),
        ("u128", 19, |b| b <= 0x03, |s| leb128::read_uleb128_u128(s).map(|r| r.1).map_err(ko)),
        (
            "i128",
            19,
            |b| matches!(b, 0x00 | 0x01 | 0x7e | 0x7f),
            |s| leb128::read_sleb128_i128(s).map(|r| r.1).map_err(ko),
        ),
    ];
    for (name, width, ok, check) in cases {
        for fill in [0x80u8, 0xff] {
            for last in 0..=255u8 {
                let mut bytes = vec![fill; width - 1];
                bytes.push(last);
                let expected =
                    if ok(last) { Ok(width) } else { Err((ErrorKind::Overflow, width - 1)) };
                assert_eq!(check(&bytes), expected, "{name} {bytes:02x?}");
                bytes.extend([0x00; 9]);
                assert_eq!(check(&bytes), expected, "{name} {bytes:02x?}");
                bytes.truncate(width - 1);
                // Cut short before the last byte: truncated there.
                assert_eq!(check(&bytes), Err((ErrorKind::Truncated, width - 1)), "{name}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn u64_matches_leb128_crate(v in any_len_u64(), tail in leb_bytes()) {
        let ours = {
            let mut out = Vec::new();
            let n = leb128::write_uleb128(&mut out, v);
            prop_assert_eq!(n, out.len());
            out
        };
        let theirs = crate_uleb(v);
        prop_assert_eq!(&ours, &theirs);
        prop_assert_eq!(leb128::uleb128_size(v), ours.len());
        let mut buf = [0xAA; 10];
        let n = leb128::encode_uleb128(v, &mut buf);
        prop_assert_eq!(&buf[..n], &ours[..]);
        // With arbitrary bytes after it, the value decodes (on both sides)
        // and consumes exactly its own bytes.
        let mut stream = theirs.clone();
        stream.extend(&tail);
        prop_assert_eq!(leb128::read_uleb128(&stream), Ok((v, ours.len())));
        prop_assert_eq!(leb128::read_uleb128(&theirs), Ok((v, ours.len())));
        let mut s = &stream[..];
        prop_assert_eq!(::leb128::read::unsigned(&mut s).unwrap(), v);
        prop_assert_eq!(s, &tail[..]);
        // Wider and narrower readers agree.
        prop_assert_eq!(leb128::read_uleb128_u128(&stream), Ok((v as u128, ours.len())));
        if let Ok(v32) = u32::try_from(v) {
            prop_assert_eq!(leb128::read_uleb128_u32(&stream), Ok((v32, ours.len())));
        } else {
            prop_assert_eq!(leb128::read_uleb128_u32(&stream).unwrap_err().kind(), ErrorKind::Overflow);
        }
    }

    #[test]
    fn i64_matches_leb128_crate(v in any_len_i64(), tail in leb_bytes()) {
        let ours = {
            let mut out = Vec::new();
            let n = leb128::write_sleb128(&mut out, v);
            prop_assert_eq!(n, out.len());
            out
        };
        let theirs = crate_sleb(v);
        prop_assert_eq!(&ours, &theirs);
        prop_assert_eq!(leb128::sleb128_size(v), ours.len());
        let mut buf = [0xAA; 10];
        let n = leb128::encode_sleb128(v, &mut buf);
        prop_assert_eq!(&buf[..n], &ours[..]);
        let mut stream = theirs.clone();
        stream.extend(&tail);
        prop_assert_eq!(leb128::read_sleb128(&stream), Ok((v, ours.len())));
        prop_assert_eq!(leb128::read_sleb128(&theirs), Ok((v, ours.len())));
        let mut s = &stream[..];
        prop_assert_eq!(::leb128::read::signed(&mut s).unwrap(), v);
        prop_assert_eq!(s, &tail[..]);
        prop_assert_eq!(leb128::read_sleb128_i128(&stream), Ok((v as i128, ours.len())));
        if let Ok(v32) = i32::try_from(v) {
            prop_assert_eq!(leb128::read_sleb128_i32(&stream), Ok((v32, ours.len())));
        } else {
            prop_assert_eq!(leb128::read_sleb128_i32(&stream).unwrap_err().kind(), ErrorKind::Overflow);
        }
    }

    #[test]
    fn u32_i32_round_trip(u in any::<u32>(), i in any::<i32>(), bits in 0u32..32) {
        for u in [u, u >> bits] {
            let mut out = Vec::new();
            leb128::write_uleb128(&mut out, u.into());
            prop_assert_eq!(leb128::read_uleb128_u32(&out), Ok((u, out.len())));
        }
        for i in [i, i >> bits] {
            let mut out = Vec::new();
            leb128::write_sleb128(&mut out, i.into());
            prop_assert_eq!(leb128::read_sleb128_i32(&out), Ok((i, out.len())));
        }
    }

    #[test]
    fn u128_i128_round_trip(u in any_len_u128(), i in any_len_i128(), tail in leb_bytes()) {
        let mut out = Vec::new();
        let n = leb128::write_uleb128_u128(&mut out, u);
        prop_assert_eq!(&out, &llvm_encode_uleb(u, 0));
        prop_assert_eq!(n, out.len());
        out.extend(&tail);
        prop_assert_eq!(leb128::read_uleb128_u128(&out), Ok((u, n)));

        let mut out = Vec::new();
        let n = leb128::write_sleb128_i128(&mut out, i);
        prop_assert_eq!(&out, &llvm_encode_sleb(i, 0));
        prop_assert_eq!(n, out.len());
        out.extend(&tail);
        prop_assert_eq!(leb128::read_sleb128_i128(&out), Ok((i, n)));
    }

    #[test]
    fn padded_layout_and_round_trip(u in any_len_u64(), s in any_len_i64(), pad_to in 0usize..=20) {
        let mut out = vec![0x55];
        let n = leb128::write_uleb128_padded(&mut out, u, pad_to);
        prop_assert_eq!(n, leb128::uleb128_size(u).max(pad_to));
        prop_assert_eq!(&out[1..], &llvm_encode_uleb(u.into(), pad_to)[..]);
        if n <= 10 {
            prop_assert_eq!(leb128::read_uleb128(&out[1..]), Ok((u, n)));
        } else {
            // Longer than the widest u64 encoding: rejected at the 10th byte.
            prop_assert_eq!(leb128::read_uleb128(&out[1..]).map_err(ko), Err((ErrorKind::Overflow, 9)));
        }
        if n <= 19 {
            prop_assert_eq!(leb128::read_uleb128_u128(&out[1..]), Ok((u.into(), n)));
        }

        let mut out = vec![0x55];
        let n = leb128::write_sleb128_padded(&mut out, s, pad_to);
        prop_assert_eq!(n, leb128::sleb128_size(s).max(pad_to));
        prop_assert_eq!(&out[1..], &llvm_encode_sleb(s.into(), pad_to)[..]);
        if n <= 10 {
            prop_assert_eq!(leb128::read_sleb128(&out[1..]), Ok((s, n)));
        } else {
            prop_assert_eq!(leb128::read_sleb128(&out[1..]).map_err(ko), Err((ErrorKind::Overflow, 9)));
        }
        if n <= 19 {
            prop_assert_eq!(leb128::read_sleb128_i128(&out[1..]), Ok((s.into(), n)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Reader over random bytes, long enough for its 64-byte look-ahead:
    /// every read agrees with the slice decoder at the same position (value,
    /// length, error kind, absolute error offset), failed reads leave the
    /// position alone, and nothing panics.
    #[test]
    fn reader_matches_slice_decoders(
        data in prop::collection::vec(leb_byte(), 0..300),
        ops in prop::collection::vec(0u8..8, 1..120),
    ) {
        let mut r = Reader::new(&data);
        for op in ops {
            let pos = r.position();
            prop_assert_eq!(r.remaining(), &data[pos..]);
            prop_assert_eq!(r.is_empty(), pos == data.len());
            let rest = &data[pos..];
            // Mostly LEB128 reads; raw bytes now and then, as real formats
            // interleave them.
            let (got, expected) = match op {
                0..=3 => (
                    r.read_uleb128().map_err(ko),
                    leb128::read_uleb128(rest).map(|(v, n)| (v, pos + n)).map_err(ko),
                ),
                4..=6 => (
                    r.read_sleb128().map(|v| v as u64).map_err(ko),
                    leb128::read_sleb128(rest).map(|(v, n)| (v as u64, pos + n)).map_err(ko),
                ),
                _ => (
                    r.read_u8().map(u64::from).map_err(ko),
                    rest.first()
                        .map(|&b| (u64::from(b), pos + 1))
                        .ok_or((ErrorKind::Truncated, 0)),
                ),
            };
            match expected {
                Ok((v, new_pos)) => {
                    prop_assert_eq!(got, Ok(v));
                    prop_assert_eq!(r.position(), new_pos);
                }
                Err((kind, offset)) => {
                    prop_assert_eq!(got, Err((kind, pos + offset)));
                    prop_assert_eq!(r.position(), pos);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// Random bytes: nothing panics, and the 64-bit readers agree with the
    /// `leb128` crate on acceptance, value and length (see the top of this
    /// file for how the errors differ); the 32-bit readers agree with the
    /// 64-bit ones plus the 5-byte limit.
    #[test]
    fn random_bytes_u64_i64(bytes in leb_bytes()) {
        use ErrorKind::{Overflow, Truncated};

        let ours = leb128::read_uleb128(&bytes);
        let mut s = &bytes[..];
        let theirs = ::leb128::read::unsigned(&mut s);
        match (&ours, &theirs) {
            (Ok((v, n)), Ok(w)) => {
                prop_assert_eq!(v, w);
                prop_assert_eq!(*n, bytes.len() - s.len());
                prop_assert!(*n <= 10);
                // The accepted bytes are the value's encoding padded to n.
                prop_assert_eq!(&bytes[..*n], &llvm_encode_uleb((*v).into(), *n)[..]);
            }
            (Err(e), Err(::leb128::read::Error::IoError(io))) => {
                prop_assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
                if e.kind() == Truncated {
                    prop_assert_eq!(e.offset(), bytes.len());
                } else {
                    prop_assert_eq!(ko(*e), (Overflow, 9));
                }
            }
            (Err(e), Err(::leb128::read::Error::Overflow)) => {
                prop_assert_eq!(ko(*e), (Overflow, 9));
            }
            _ => prop_assert!(false, "disagree: {:?} vs {:?}", ours, theirs),
        }
        // u32 from the u64 result.
        let expected32 = match ours {
            Ok((v, n)) if n <= 5 && v <= u32::MAX.into() => Ok((v as u32, n)),
            Err(e) if e.kind() == Truncated && e.offset() <= 4 => Err((Truncated, e.offset())),
            _ => Err((Overflow, 4)),
        };
        prop_assert_eq!(leb128::read_uleb128_u32(&bytes).map_err(ko), expected32);
        // u128 extends u64.
        match ours {
            Ok((v, n)) => prop_assert_eq!(leb128::read_uleb128_u128(&bytes), Ok((v.into(), n))),
            Err(e) if e.kind() == Truncated => {
                prop_assert_eq!(leb128::read_uleb128_u128(&bytes).map_err(ko), Err(ko(e)))
            }
            Err(_) => {
                if let Ok((v, n)) = leb128::read_uleb128_u128(&bytes) {
                    prop_assert!(n > 9);
                    prop_assert_eq!(&bytes[..n], &llvm_encode_uleb(v, n)[..]);
                }
            }
        }

        let ours = leb128::read_sleb128(&bytes);
        let mut s = &bytes[..];
        let theirs = ::leb128::read::signed(&mut s);
        match (&ours, &theirs) {
            (Ok((v, n)), Ok(w)) => {
                prop_assert_eq!(v, w);
                prop_assert_eq!(*n, bytes.len() - s.len());
                prop_assert!(*n <= 10);
                prop_assert_eq!(&bytes[..*n], &llvm_encode_sleb((*v).into(), *n)[..]);
            }
            (Err(e), Err(::leb128::read::Error::IoError(io))) => {
                prop_assert_eq!(io.kind(), std::io::ErrorKind::UnexpectedEof);
                if e.kind() == Truncated {
                    prop_assert_eq!(e.offset(), bytes.len());
                } else {
                    prop_assert_eq!(ko(*e), (Overflow, 9));
                }
            }
            (Err(e), Err(::leb128::read::Error::Overflow)) => {
                prop_assert_eq!(ko(*e), (Overflow, 9));
            }
            _ => prop_assert!(false, "disagree: {:?} vs {:?}", ours, theirs),
        }
        let expected32 = match ours {
            Ok((v, n)) if n <= 5 && i32::try_from(v).is_ok() => Ok((v as i32, n)),
            Err(e) if e.kind() == Truncated && e.offset() <= 4 => Err((Truncated, e.offset())),
            _ => Err((Overflow, 4)),
        };
        prop_assert_eq!(leb128::read_sleb128_i32(&bytes).map_err(ko), expected32);
        match ours {
            Ok((v, n)) => prop_assert_eq!(leb128::read_sleb128_i128(&bytes), Ok((v.into(), n))),
            Err(e) if e.kind() == Truncated => {
                prop_assert_eq!(leb128::read_sleb128_i128(&bytes).map_err(ko), Err(ko(e)))
            }
            Err(_) => {
                if let Ok((v, n)) = leb128::read_sleb128_i128(&bytes) {
                    prop_assert!(n > 9);
                    prop_assert_eq!(&bytes[..n], &llvm_encode_sleb(v, n)[..]);
                }
            }
        }
    }

    /// Sequences written back to back (ULEB128, SLEB128 and raw bytes, as
    /// real formats mix them) read back in order, with positions.
    #[test]
    fn reader_sequences(items in prop::collection::vec((0u8..5, any_len_u64()), 0..160)) {
        let mut data = Vec::new();
        let mut ends = Vec::new();
        for &(kind, v) in &items {
            match kind {
                0 | 1 => leb128::write_uleb128(&mut data, v),
                2 | 3 => leb128::write_sleb128(&mut data, v as i64),
                _ => {
                    data.push(v as u8);
                    1
                }
            };
            ends.push(data.len());
        }
        let mut r = Reader::new(&data);
        for (&(kind, v), &end) in items.iter().zip(&ends) {
            match kind {
                0 | 1 => prop_assert_eq!(r.read_uleb128(), Ok(v)),
                2 | 3 => prop_assert_eq!(r.read_sleb128(), Ok(v as i64)),
                _ => prop_assert_eq!(r.read_u8(), Ok(v as u8)),
            }
            prop_assert_eq!(r.position(), end);
        }
        prop_assert!(r.is_empty());
        prop_assert_eq!(r.read_uleb128().map_err(ko), Err((ErrorKind::Truncated, data.len())));
        prop_assert_eq!(r.read_sleb128().map_err(ko), Err((ErrorKind::Truncated, data.len())));
        prop_assert_eq!(r.read_u8().map_err(ko), Err((ErrorKind::Truncated, data.len())));
    }

    /// The `std::io` adapters produce and consume the same bytes.
    #[cfg(feature = "std")]
    #[test]
    fn io_adapters(u in any_len_u64(), s in any_len_i64(), tail in leb_bytes()) {
        let mut w = Vec::new();
        let n = leb128::write_uleb128_to(&mut w, u).unwrap();
        let m = leb128::write_sleb128_to(&mut w, s).unwrap();
        let mut expected = Vec::new();
        leb128::write_uleb128(&mut expected, u);
        leb128::write_sleb128(&mut expected, s);
        prop_assert_eq!(&w, &expected);
        prop_assert_eq!(n + m, w.len());
        w.extend(&tail);
        let mut rd = &w[..];
        prop_assert_eq!(leb128::read_uleb128_from(&mut rd).unwrap(), u);
        prop_assert_eq!(leb128::read_sleb128_from(&mut rd).unwrap(), s);
        prop_assert_eq!(rd, &tail[..]);

        // Errors map onto io kinds, after consuming what was examined.
        let mut rd = &tail[..];
        match (leb128::read_uleb128(&tail), leb128::read_uleb128_from(&mut rd)) {
            (Ok((v, n)), Ok(x)) => {
                prop_assert_eq!(v, x);
                prop_assert_eq!(rd.len(), tail.len() - n);
            }
            (Err(e), Err(io)) => {
                let kind = match e.kind() {
                    ErrorKind::Truncated => std::io::ErrorKind::UnexpectedEof,
                    _ => std::io::ErrorKind::InvalidData,
                };
                prop_assert_eq!(io.kind(), kind);
                let inner = io.get_ref().and_then(|i| i.downcast_ref::<leb128::Error>());
                prop_assert_eq!(inner, Some(&e));
                prop_assert_eq!(rd.len(), tail.len() - (e.offset() + 1).min(tail.len()));
            }
            (a, b) => prop_assert!(false, "disagree: {:?} vs {:?}", a, b),
        }
    }
}

#[test]
fn reader_absolute_offsets() {
    let mut data = Vec::new();
    leb128::write_uleb128(&mut data, 624_485); // 3 bytes
    leb128::write_sleb128(&mut data, -123_456); // 3 bytes
    data.push(0x42);
    data.extend([0x80; 9]);
    data.push(0x02); // u64 overflow at absolute offset 16
    let mut r = Reader::new(&data);
    assert_eq!(r.read_uleb128(), Ok(624_485));
    assert_eq!(r.read_sleb128(), Ok(-123_456));
    assert_eq!(r.read_u8(), Ok(0x42));
    assert_eq!(r.position(), 7);
    let e = r.read_uleb128().unwrap_err();
    assert_eq!(ko(e), (ErrorKind::Overflow, 16));
    assert_eq!(r.position(), 7);
    // Read as signed, the 10th byte 0x02 is also bad.
    assert_eq!(r.read_sleb128().map_err(ko), Err((ErrorKind::Overflow, 16)));

    let truncated = [0x01, 0x02, 0xff, 0xff];
    let mut r = Reader::new(&truncated);
    r.read_uleb128().unwrap();
    r.read_uleb128().unwrap();
    assert_eq!(r.read_uleb128().map_err(ko), Err((ErrorKind::Truncated, 4)));
    assert_eq!(r.remaining(), [0xff, 0xff]);
    assert_eq!(r.read_u8(), Ok(0xff));
    assert_eq!(r.read_u8(), Ok(0xff));
    assert!(r.is_empty());
    let e = r.read_u8().unwrap_err();
    assert_eq!(ko(e), (ErrorKind::Truncated, 4));
}

// ---------------------------------------------------------------------------
// Batch decoders
// ---------------------------------------------------------------------------

/// What the batch decoders must produce for `buf`: the scalar decoder
/// applied back to back, stopping at the first error (absolute offset).
fn scalar_all<T>(
    buf: &[u8],
    read: impl Fn(&[u8]) -> Result<(T, usize), leb128::Error>,
) -> (Vec<T>, Result<usize, (ErrorKind, usize)>) {
    let mut vals = Vec::new();
    let mut pos = 0;
    while pos < buf.len() {
        match read(&buf[pos..]) {
            Ok((v, n)) => {
                vals.push(v);
                pos += n;
            }
            Err(e) => return (vals, Err((e.kind(), pos + e.offset()))),
        }
    }
    let n = vals.len();
    (vals, Ok(n))
}

/// A scalar decoder, as `u64` bits.
type ScalarU64 = fn(&[u8]) -> Result<(u64, usize), leb128::Error>;

/// Checks every batch decoder against [`scalar_all`] on `buf`, with the
/// [`Reader`] bulk calls given buffers of `cap` values.
fn check_batch(buf: &[u8], cap: usize) -> Result<(), TestCaseError> {
    // Whole-buffer decoders, appending after existing contents.
    let (expected, result) = scalar_all(buf, leb128::read_uleb128);
    let mut out = vec![7u64];
    let got = leb128::decode_uleb128_all(buf, &mut out).map_err(ko);
    prop_assert_eq!(got, result);
    prop_assert_eq!(&out[1..], &expected[..]);

    let (expected_s, result_s) = scalar_all(buf, leb128::read_sleb128);
    let mut out_s = vec![7i64];
    let got = leb128::decode_sleb128_all(buf, &mut out_s).map_err(ko);
    prop_assert_eq!(got, result_s);
    prop_assert_eq!(&out_s[1..], &expected_s[..]);

    // Reader bulk reads: the same values in pieces of at most `cap`, then
    // the error (if any) once no good value is left, with the position at
    // the bad value.
    let ends = |read: ScalarU64| {
        let mut pos = 0;
        let mut ends = Vec::new();
        while let Ok((_, n)) = read(buf.get(pos..).unwrap_or_default()) {
            pos += n;
            ends.push(pos);
        }
        ends
    };
    let u_ends = ends(leb128::read_uleb128);
    let s_ends = ends(|b| leb128::read_sleb128(b).map(|(v, n)| (v as u64, n)));

    let mut r = Reader::new(buf);
    let mut got = Vec::new();
    let mut piece = vec![0u64; cap];
    loop {
        match r.read_uleb128_into(&mut piece) {
            Ok(0) => {
                prop_assert!(cap == 0 || r.is_empty());
                break;
            }
            Ok(n) => {
                prop_assert!(n <= cap);
                got.extend_from_slice(&piece[..n]);
                prop_assert_eq!(r.position(), u_ends[got.len() - 1]);
            }
            Err(e) => {
                prop_assert_eq!(Err(ko(e)), result);
                prop_assert_eq!(r.position(), u_ends.last().copied().unwrap_or(0));
                break;
            }
        }
    }
    if cap != 0 {
        prop_assert_eq!(&got, &expected);
        // The reader is consistent afterwards.
        if result.is_ok() {
            prop_assert!(r.is_empty());
        }
        prop_assert_eq!(
            r.read_uleb128().map_err(ko),
            leb128::read_uleb128(r.remaining())
                .map(|(v, _)| v)
                .map_err(|e| (e.kind(), e.offset() + r.position()))
        );
    }

    let mut r = Reader::new(buf);
    let mut got = Vec::new();
    let mut piece = vec![0i64; cap];
    loop {
        match r.read_sleb128_into(&mut piece) {
            Ok(0) => break,
            Ok(n) => {
                got.extend_from_slice(&piece[..n]);
                prop_assert_eq!(r.position(), s_ends[got.len() - 1]);
            }
            Err(e) => {
                prop_assert_eq!(Err(ko(e)), result_s);
                prop_assert_eq!(r.position(), s_ends.last().copied().unwrap_or(0));
                break;
            }
        }
    }
    if cap != 0 {
        prop_assert_eq!(&got, &expected_s);
    }
    Ok(())
}

/// One item of a valid sequence: a value (its bits, for SLEB128) and the
/// length to pad its encoding to, if any (so that long encodings are
/// common).
fn seq_item() -> impl Strategy<Value = (u64, usize)> {
    (any_len_u64(), prop_oneof![3 => Just(0usize), 1 => 1usize..=10])
}

/// The encodings of `items` back to back.
fn encode_seq(items: &[(u64, usize)], signed: bool) -> Vec<u8> {
    let mut data = Vec::new();
    for &(v, pad) in items {
        if signed {
            leb128::write_sleb128_padded(&mut data, v as i64, pad);
        } else {
            leb128::write_uleb128_padded(&mut data, v, pad);
        }
    }
    data
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Valid sequences (long enough to span several chunks) decode to the
    /// values written, and agree with the scalar decoders; so do their
    /// prefixes and copies with a byte changed or appended.
    #[test]
    fn batch_valid_sequences(
        items in prop::collection::vec(seq_item(), 0..700),
        signed in any::<bool>(),
        cap in prop_oneof![Just(1usize), 1usize..100, 60usize..2000],
        cut in any::<prop::sample::Index>(),
        flip in any::<prop::sample::Index>(),
        byte in leb_byte(),
    ) {
        let data = encode_seq(&items, signed);
        let mut out = Vec::new();
        if signed {
            prop_assert_eq!(leb128::decode_sleb128_all(&data, &mut out), Ok(items.len()));
            let expected: Vec<i64> = items.iter().map(|&(v, _)| v as i64).collect();
            prop_assert_eq!(out, expected);
        } else {
            let mut out = Vec::new();
            prop_assert_eq!(leb128::decode_uleb128_all(&data, &mut out), Ok(items.len()));
            let expected: Vec<u64> = items.iter().map(|&(v, _)| v).collect();
            prop_assert_eq!(out, expected);
        }
        check_batch(&data, cap)?;
        if !data.is_empty() {
            check_batch(&data[..cut.index(data.len())], cap)?;
            let mut mutated = data.clone();
            mutated[flip.index(data.len())] = byte;
            check_batch(&mutated, cap)?;
        }
        let mut appended = data;
        appended.push(byte);
        check_batch(&appended, cap)?;
    }

    /// Random bytes, biased towards continuation bytes: the batch decoders
    /// agree with the scalar ones (values, count, error kind and offset).
    #[test]
    fn batch_random_bytes(
        data in prop::collection::vec(leb_byte(), 0..1500),
        cap in prop_oneof![1usize..80, 60usize..2000],
    ) {
        check_batch(&data, cap)?;
    }

    /// Runs of valid values broken by long runs of continuation bytes
    /// (overflows in the middle of a chunk or across its end).
    #[test]
    fn batch_overflow_runs(
        parts in prop::collection::vec((prop::collection::vec(seq_item(), 0..80), 9usize..80), 1..8),
        cap in 1usize..1000,
    ) {
        let mut data = Vec::new();
        for (items, run) in &parts {
            data.extend(encode_seq(items, false));
            data.extend(std::iter::repeat_n(0xffu8, *run));
            data.push(0x00);
        }
        check_batch(&data, cap)?;
    }
}

#[test]
fn batch_edge_cases() {
    let check = |buf: &[u8]| check_batch(buf, 64).unwrap();
    check(&[]);
    check(&[0x80]);
    // Exactly one chunk window and around it, of one-byte values and of
    // ten-byte values.
    for n in [63, 64, 65, 511, 512, 513, 527, 528, 529, 1100] {
        check(&vec![0x05; n]);
        let mut data = Vec::new();
        for i in 0..n {
            leb128::write_uleb128(&mut data, u64::MAX - i as u64);
        }
        check(&data);
        check(&data[..data.len() - 1]);
    }
    // 600 continuation bytes: an overflow at byte 9.
    let mut out = Vec::new();
    let err = leb128::decode_uleb128_all(&[0x80; 600], &mut out).unwrap_err();
    assert_eq!(ko(err), (ErrorKind::Overflow, 9));
    assert!(out.is_empty());
    // A `u64` whose tenth byte is 2, after 100 good values.
    let mut data = vec![0x01; 100];
    data.extend([0x80; 9]);
    data.extend([0x02; 600]);
    let err = leb128::decode_uleb128_all(&data, &mut out).unwrap_err();
    assert_eq!(ko(err), (ErrorKind::Overflow, 109));
    assert_eq!(out, [1; 100]);
    check(&data);
    // As an SLEB128 too (its tenth byte must be 0x00 or 0x7f).
    let mut s = Vec::new();
    assert_eq!(
        ko(leb128::decode_sleb128_all(&data, &mut s).unwrap_err()),
        (ErrorKind::Overflow, 109)
    );
}

// ---------------------------------------------------------------------------
// Batch decoders on the benchmark's kind of data
// ---------------------------------------------------------------------------

/// Values whose minimal encodings have the benchmark's mix of lengths (half
/// one byte, a quarter two, most of the rest three or four), plus values
/// at the edges of the fast paths: around 2^56 (eight/nine bytes), 2^63
/// (nine/ten bytes) and 2^64.
fn mixed_u64() -> impl Strategy<Value = u64> {
    let edges = prop::sample::select(vec![
        (1u64 << 56) - 1,
        1 << 56,
        (1 << 63) - 1,
        1 << 63,
        (1 << 63) + 1,
        u64::MAX - 1,
        u64::MAX,
        (1 << 49) - 1,
        1 << 49,
    ]);
    prop_oneof![
        50 => 0u64..0x80,
        25 => 0x80u64..0x4000,
        15 => 0x4000u64..1 << 28,
        7 => (28u32..=64, any::<u64>())
            .prop_map(|(bits, x)| x.checked_shr(64 - bits).unwrap_or(0)),
        3 => edges,
    ]
}

/// Signed values with the same mix of lengths, half of them negative, and
/// the signed edges (around ±2^55, ±2^62, `i64::MIN`/`MAX`).
fn mixed_i64() -> impl Strategy<Value = i64> {
    let edges = prop::sample::select(vec![
        (1i64 << 55) - 1,
        1 << 55,
        -(1 << 55),
        -(1 << 55) - 1,
        (1 << 62) - 1,
        1 << 62,
        -(1 << 62),
        -(1 << 62) - 1,
        i64::MAX,
        i64::MIN,
        i64::MIN + 1,
        -1,
        -64,
        -65,
    ]);
    prop_oneof![
        50 => -64i64..64,
        25 => -8192i64..8192,
        15 => -(1i64 << 27)..1 << 27,
        7 => (28u32..=64, any::<i64>()).prop_map(|(bits, x)| x >> (64 - bits)),
        3 => edges,
    ]
}

/// Decodes `bytes` with the `leb128` crate until it ends or fails: the
/// values read, and whether it read them all.
fn crate_all<T>(
    mut bytes: &[u8],
    read: impl Fn(&mut &[u8]) -> Result<T, ::leb128::read::Error>,
) -> (Vec<T>, bool) {
    let mut vals = Vec::new();
    while !bytes.is_empty() {
        match read(&mut bytes) {
            Ok(v) => vals.push(v),
            Err(_) => return (vals, false),
        }
    }
    (vals, true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Mixed-length sequences long enough for several batch segments: the
    /// batch decoders give the values written, as the `leb128` crate does;
    /// cut anywhere, or with an overflow (an eleven-byte run, or a bad
    /// tenth byte) put in at a value boundary, they agree with the scalar
    /// decoders (values, count, error kind and offset) and, up to the
    /// error, with the crate.
    #[test]
    fn batch_mixed_matches_scalar_and_crate(
        unsigned in prop::collection::vec(mixed_u64(), 0..2500),
        signed in prop::collection::vec(mixed_i64(), 0..2500),
        cut in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        overflow in prop::sample::select(vec![
            vec![0x80u8; 11],
            vec![0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02],
            vec![0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7e],
            vec![0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x81, 0x00],
        ]),
        cap in prop_oneof![1usize..100, 500usize..3000],
    ) {
        let u_data: Vec<u8> = unsigned.iter().flat_map(|&v| crate_uleb(v)).collect();
        let s_data: Vec<u8> = signed.iter().flat_map(|&v| crate_sleb(v)).collect();

        let mut out = Vec::new();
        prop_assert_eq!(leb128::decode_uleb128_all(&u_data, &mut out), Ok(unsigned.len()));
        prop_assert_eq!(&out, &unsigned);
        prop_assert_eq!(crate_all(&u_data, |b| ::leb128::read::unsigned(b)), (out, true));
        let mut out = Vec::new();
        prop_assert_eq!(leb128::decode_sleb128_all(&s_data, &mut out), Ok(signed.len()));
        prop_assert_eq!(&out, &signed);
        prop_assert_eq!(crate_all(&s_data, |b| ::leb128::read::signed(b)), (out, true));
        check_batch(&u_data, cap)?;
        check_batch(&s_data, cap)?;

        // Cut short: the values before the cut, then a truncation error
        // (unless the cut falls between values), as the crate reads them.
        for (data, signed) in [(&u_data, false), (&s_data, true)] {
            if data.is_empty() {
                continue;
            }
            let cut = &data[..cut.index(data.len())];
            check_batch(cut, cap)?;
            if signed {
                let mut out = Vec::new();
                let result = leb128::decode_sleb128_all(cut, &mut out);
                let (vals, ok) = crate_all(cut, |b| ::leb128::read::signed(b));
                prop_assert_eq!(out, vals);
                prop_assert_eq!(result.is_ok(), ok);
            } else {
                let mut out = Vec::new();
                let result = leb128::decode_uleb128_all(cut, &mut out);
                let (vals, ok) = crate_all(cut, |b| ::leb128::read::unsigned(b));
                prop_assert_eq!(out, vals);
                prop_assert_eq!(result.is_ok(), ok);
            }
        }

        // An overflow at a value boundary, with more values after it.
        let k = at.index(unsigned.len() + 1);
        let before: usize = unsigned[..k].iter().map(|&v| leb128::uleb128_size(v)).sum();
        let mut bad = u_data[..before].to_vec();
        bad.extend_from_slice(&overflow);
        bad.extend_from_slice(&u_data[before..]);
        let mut out = Vec::new();
        let err = leb128::decode_uleb128_all(&bad, &mut out).unwrap_err();
        prop_assert_eq!(err.kind(), ErrorKind::Overflow);
        prop_assert_eq!(&out[..], &unsigned[..k]);
        prop_assert_eq!(crate_all(&bad[..before], |b| ::leb128::read::unsigned(b)).0, out);
        check_batch(&bad, cap)?;
    }
}
