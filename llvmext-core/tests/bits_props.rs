//! Properties of the bit-level writer and reader (`llvmext_core::bits`):
//! every `BitWriter` primitive reads back through `BitReader` in random
//! interleavings, positions agree at every step, and known byte sequences
//! match what LLVM's `BitstreamWriter` writes.

use llvmext_core::bits::{
    decode_char6, decode_signed, encode_char6, encode_signed, is_char6, BitReader, BitWriter,
};
use llvmext_core::ErrorKind;
use proptest::prelude::*;

/// Every char6 character, in encoding order.
const CHAR6: &[u8; 64] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// LLVM's `emitSignedInt64` (BitcodeWriter.cpp), transcribed on `u64`.
fn llvm_emit_signed(v: u64) -> u64 {
    if (v as i64) >= 0 {
        v << 1
    } else {
        (v.wrapping_neg() << 1) | 1
    }
}

/// LLVM's `decodeSignRotatedValue` (BitcodeReader.cpp), transcribed.
fn llvm_decode_sign_rotated(v: u64) -> u64 {
    if v & 1 == 0 {
        return v >> 1;
    }
    if v != 1 {
        return (v >> 1).wrapping_neg();
    }
    // There is no such thing as -0 with integers. "-0" really means MININT.
    1u64 << 63
}

// ---------------------------------------------------------------------------
// Random programs of writer primitives.

#[derive(Debug, Clone)]
enum Op {
    /// `write(value, width)`; the reader sees `value & mask(width)`.
    Fixed(u64, u32),
    /// `write_vbr(value, width)`, read with `read_vbr64`.
    Vbr64(u64, u32),
    /// `write_vbr(value, width)` of a 32-bit value, read with `read_vbr`.
    Vbr32(u32, u32),
    /// `write_signed_vbr(value, width)`.
    Signed(i64, u32),
    /// `write_char6(c)` of a valid character.
    Char6(u8),
    /// `align32()` on both sides.
    Align,
    /// `write_bytes(bytes)` at whatever position (aligned or not).
    Bytes(Vec<u8>),
    /// Pads to a byte boundary with a zero field, writes `initial` as a
    /// 32-bit field, then backpatches it to `patched` — immediately (the word
    /// may still be partly pending in the writer) or after the whole program.
    Patch { initial: u32, patched: u32, immediately: bool },
}

fn any_u64_interesting() -> impl Strategy<Value = u64> {
    prop_oneof![
        4 => any::<u64>(),
        2 => (0u32..64).prop_map(|s| 1u64 << s),
        2 => (0u32..64).prop_map(|s| (1u64 << s).wrapping_sub(1)),
        1 => Just(0u64),
        1 => Just(u64::MAX),
        2 => 0u64..300,
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (any_u64_interesting(), 0u32..=64).prop_map(|(v, w)| Op::Fixed(v, w)),
        3 => (any_u64_interesting(), 2u32..=32).prop_map(|(v, w)| Op::Vbr64(v, w)),
        2 => (any::<u32>(), 2u32..=32).prop_map(|(v, w)| Op::Vbr32(v, w)),
        2 => (
            prop_oneof![any::<i64>(), Just(i64::MIN), Just(i64::MAX), -300i64..300],
            2u32..=32
        )
            .prop_map(|(v, w)| Op::Signed(v, w)),
        2 => (0usize..64).prop_map(|i| Op::Char6(CHAR6[i])),
        1 => Just(Op::Align),
        2 => proptest::collection::vec(any::<u8>(), 0..40).prop_map(Op::Bytes),
        1 => (any::<u32>(), any::<u32>(), any::<bool>())
            .prop_map(|(initial, patched, immediately)| Op::Patch { initial, patched, immediately }),
    ]
}

/// What the reader must see for one op, and where it starts.
#[derive(Debug, Clone)]
struct Expect {
    op: Op,
    /// Bit position of the op's first field (after padding, for `Patch`).
    start: u64,
    /// Bit position after the op.
    end: u64,
}

/// Writes `ops`, checking the writer's position after each, and returns the
/// bytes and the expectations.
fn write_program(ops: &[Op]) -> (Vec<u8>, Vec<Expect>) {
    let mut w = BitWriter::new();
    let mut expects = Vec::new();
    let mut late_patches = Vec::new();
    for op in ops {
        let before = w.bit_position();
        let mut start = before;
        match op {
            Op::Fixed(v, width) => {
                w.write(*v, *width);
                assert_eq!(w.bit_position(), before + u64::from(*width));
            }
            Op::Vbr64(v, width) => {
                w.write_vbr(*v, *width);
                let chunks = vbr_chunks(*v, *width);
                assert_eq!(w.bit_position(), before + chunks * u64::from(*width));
            }
            Op::Vbr32(v, width) => {
                w.write_vbr(u64::from(*v), *width);
                let chunks = vbr_chunks(u64::from(*v), *width);
                assert_eq!(w.bit_position(), before + chunks * u64::from(*width));
            }
            Op::Signed(v, width) => {
                w.write_signed_vbr(*v, *width);
                let chunks = vbr_chunks(llvm_emit_signed(*v as u64), *width);
                assert_eq!(w.bit_position(), before + chunks * u64::from(*width));
            }
            Op::Char6(c) => {
                w.write_char6(*c).unwrap();
                assert_eq!(w.bit_position(), before + 6);
            }
            Op::Align => {
                w.align32();
                assert_eq!(w.bit_position(), before.next_multiple_of(32));
            }
            Op::Bytes(b) => {
                w.write_bytes(b);
                assert_eq!(w.bit_position(), before + 8 * b.len() as u64);
            }
            Op::Patch { initial, patched, immediately } => {
                let pad = (8 - (before % 8) as u32) % 8;
                w.write(0, pad);
                start = w.bit_position();
                assert_eq!(start % 8, 0);
                w.write(u64::from(*initial), 32);
                if *immediately {
                    w.backpatch_u32(start, *patched);
                } else {
                    late_patches.push((start, *patched));
                }
                assert_eq!(w.bit_position(), start + 32);
            }
        }
        expects.push(Expect { op: op.clone(), start, end: w.bit_position() });
        assert_eq!(
            w.words_written().len() as u64 * 8,
            w.bit_position() / 32 * 32,
            "words_written must hold exactly the complete words"
        );
    }
    let total = w.bit_position();
    for (at, v) in late_patches {
        w.backpatch_u32(at, v);
        assert_eq!(w.bit_position(), total, "backpatch must not move the position");
    }
    let bytes = w.finish();
    assert_eq!(bytes.len() % 4, 0);
    assert_eq!(bytes.len() as u64 * 8, total.next_multiple_of(32));
    (bytes, expects)
}

fn vbr_chunks(mut v: u64, width: u32) -> u64 {
    let mut n = 1;
    while v >> (width - 1) != 0 {
        v >>= width - 1;
        n += 1;
    }
    n
}

/// Reads one op at the reader's position and compares it with what was
/// written.
fn read_op(r: &mut BitReader<'_>, e: &Expect) {
    match &e.op {
        Op::Fixed(v, width) => {
            assert_eq!(r.read(*width).unwrap(), v & mask(*width), "fixed({width})")
        }
        Op::Vbr64(v, width) => assert_eq!(r.read_vbr64(*width).unwrap(), *v, "vbr64({width})"),
        Op::Vbr32(v, width) => assert_eq!(r.read_vbr(*width).unwrap(), *v, "vbr32({width})"),
        Op::Signed(v, width) => {
            assert_eq!(r.read_signed_vbr(*width).unwrap(), *v, "signed vbr({width})")
        }
        Op::Char6(c) => assert_eq!(r.read_char6().unwrap(), *c),
        Op::Align => r.align32(),
        Op::Bytes(b) => {
            if r.bit_position() % 8 == 0 {
                assert_eq!(r.read_bytes(b.len()).unwrap(), &b[..]);
            } else {
                let err = r.read_bytes(b.len()).unwrap_err();
                assert_eq!(err.kind(), &ErrorKind::Unaligned);
                for &x in b {
                    assert_eq!(r.read(8).unwrap(), u64::from(x));
                }
            }
        }
        Op::Patch { patched, .. } => {
            let pad = ((8 - r.bit_position() % 8) % 8) as u32;
            assert_eq!(r.read(pad).unwrap(), 0);
            assert_eq!(r.bit_position(), e.start);
            assert_eq!(r.read(32).unwrap(), u64::from(*patched));
        }
    }
    assert_eq!(r.bit_position(), e.end, "reader position after {:?}", e.op);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random interleavings of every primitive read back exactly, with the
    /// writer and reader agreeing on the bit position before and after
    /// every op.
    #[test]
    fn random_programs_round_trip(ops in proptest::collection::vec(op(), 0..60)) {
        let (bytes, expects) = write_program(&ops);
        let mut r = BitReader::new(&bytes);
        prop_assert_eq!(r.len_bits(), bytes.len() as u64 * 8);
        for e in &expects {
            let before = r.bit_position();
            if !matches!(e.op, Op::Patch { .. }) {
                prop_assert_eq!(before, e.start);
            }
            read_op(&mut r, e);
            prop_assert_eq!(r.remaining_bits(), r.len_bits() - r.bit_position());
        }
        // Only zero padding (fewer than 32 bits) is left.
        let left = r.remaining_bits();
        prop_assert!(left < 32);
        let pos = r.bit_position();
        if left > 0 {
            #[allow(clippy::clone_on_copy)] // BitReader may or may not be Copy
            let mut r2 = r.clone();
            prop_assert_eq!(r2.read(left as u32).unwrap(), 0);
            prop_assert!(r2.at_end());
        }
        let err = r.read(left as u32 + 1).unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::UnexpectedEnd { bits: left as u32 + 1 });
        prop_assert_eq!(err.bit_offset(), pos);
        prop_assert_eq!(r.bit_position(), pos, "a failed read must not move the cursor");
    }

    /// `jump_to_bit(start)` followed by a read gives the same value as the
    /// sequential read, for every op, visiting them in a random order.
    #[test]
    fn jump_then_read_equals_sequential(
        ops in proptest::collection::vec(op(), 1..40),
        order in proptest::collection::vec(any::<prop::sample::Index>(), 1..40),
    ) {
        let (bytes, expects) = write_program(&ops);
        let mut r = BitReader::new(&bytes);
        for ix in order {
            let i = ix.index(expects.len());
            let e = &expects[i];
            // For Patch the op begins with the padding, at the previous
            // op's end.
            let begin = if i == 0 { 0 } else { expects[i - 1].end };
            r.jump_to_bit(begin).unwrap();
            prop_assert_eq!(r.bit_position(), begin);
            read_op(&mut r, e);
        }
        // Jumping to the very end is allowed, one bit further is not.
        let end = r.len_bits();
        r.jump_to_bit(end).unwrap();
        prop_assert!(r.at_end());
        let err = r.jump_to_bit(end + 1).unwrap_err();
        prop_assert_eq!(err.kind(), &ErrorKind::JumpPastEnd { target: end + 1 });
    }

    /// A single fixed field of any width at any bit offset.
    #[test]
    fn fixed_any_width_any_offset(
        pre in 0u32..64, v in any::<u64>(), width in 0u32..=64, post in 0u32..=64,
    ) {
        let mut w = BitWriter::new();
        w.write(u64::MAX, pre);
        w.write(v, width);
        w.write(0x5555_5555_5555_5555, post);
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        prop_assert_eq!(r.read(pre).unwrap(), mask(pre));
        prop_assert_eq!(r.read(width).unwrap(), v & mask(width));
        prop_assert_eq!(r.read(post).unwrap(), 0x5555_5555_5555_5555 & mask(post));
    }

    /// VBR-n of any u64 for every n in 2..=32; `read_vbr` for values below
    /// 2^32, and `read_vbr` of larger values is `VbrTooLong`, not a
    /// truncated value.
    #[test]
    fn vbr_every_width(v in any_u64_interesting(), width in 2u32..=32, pre in 0u32..32) {
        let mut w = BitWriter::new();
        w.write(0, pre);
        w.write_vbr(v, width);
        let end = w.bit_position();
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        r.read(pre).unwrap();
        prop_assert_eq!(r.read_vbr64(width).unwrap(), v);
        prop_assert_eq!(r.bit_position(), end);
        r.jump_to_bit(u64::from(pre)).unwrap();
        match u32::try_from(v) {
            Ok(v32) => {
                prop_assert_eq!(r.read_vbr(width).unwrap(), v32);
                prop_assert_eq!(r.bit_position(), end);
            }
            Err(_) => {
                let err = r.read_vbr(width).unwrap_err();
                prop_assert_eq!(err.kind(), &ErrorKind::VbrTooLong { limit: 32 });
                prop_assert_eq!(err.bit_offset(), u64::from(pre), "at the start of the field");
            }
        }
    }

    /// Sign rotation is LLVM's, in both directions, for every input.
    #[test]
    fn signed_rotation_matches_llvm(v in any::<i64>(), u in any::<u64>()) {
        prop_assert_eq!(encode_signed(v), llvm_emit_signed(v as u64));
        prop_assert_eq!(decode_signed(encode_signed(v)), v);
        prop_assert_eq!(decode_signed(u) as u64, llvm_decode_sign_rotated(u));
    }

    /// Raw bytes written at any bit offset read back, by `read_bytes` when
    /// aligned and by 8-bit fields otherwise.
    #[test]
    fn bytes_at_any_offset(pre in 0u32..=64, data in proptest::collection::vec(any::<u8>(), 0..64)) {
        let mut w = BitWriter::new();
        w.write(0x2AAA_AAAA_AAAA_AAAA, pre);
        w.write_bytes(&data);
        w.write(0b101, 3);
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        prop_assert_eq!(r.read(pre).unwrap(), 0x2AAA_AAAA_AAAA_AAAA & mask(pre));
        if pre % 8 == 0 {
            prop_assert_eq!(r.read_bytes(data.len()).unwrap(), &data[..]);
            // Byte-aligned writes are laid out exactly as the input bytes.
            let at = pre as usize / 8;
            prop_assert_eq!(&bytes[at..at + data.len()], &data[..]);
        } else {
            for &b in &data {
                prop_assert_eq!(r.read(8).unwrap(), u64::from(b));
            }
        }
        prop_assert_eq!(r.read(3).unwrap(), 0b101);
    }
}

/// How a VBR read ends, per a straightforward chunk-by-chunk decoder (LLVM's
/// `ReadVBR64`, plus the check that no set bit is shifted out).
#[derive(Debug, PartialEq, Eq)]
enum VbrOutcome {
    Value(u64, u64),
    TooLong,
    End,
}

fn reference_vbr(data: &[u8], mut pos: u64, width: u32, limit: u32) -> VbrOutcome {
    let len = data.len() as u64 * 8;
    let bit = |p: u64| (data[(p / 8) as usize] >> (p % 8)) & 1;
    let hi = 1u64 << (width - 1);
    let (mut result, mut shift) = (0u64, 0u32);
    loop {
        if pos + u64::from(width) > len {
            return VbrOutcome::End;
        }
        let mut piece = 0u64;
        for i in 0..u64::from(width) {
            piece |= u64::from(bit(pos + i)) << i;
        }
        pos += u64::from(width);
        let payload = piece & (hi - 1);
        if limit - shift < 64 && payload >> (limit - shift) != 0 {
            return VbrOutcome::TooLong;
        }
        result |= payload << shift;
        if piece & hi == 0 {
            return VbrOutcome::Value(result, pos);
        }
        shift += width - 1;
        if shift >= limit {
            return VbrOutcome::TooLong;
        }
    }
}

fn vbr_chunk_stream() -> impl Strategy<Value = (u32, u32, Vec<u64>, bool, Vec<u8>, u32)> {
    (1u32..=32, 0u32..64).prop_flat_map(|(width, pre)| {
        let payload_max = (1u64 << (width - 1)) - 1;
        let payload = prop_oneof![
            3 => 0..=payload_max,
            1 => Just(0u64),
            1 => Just(payload_max),
        ];
        (
            Just(width),
            Just(pre),
            prop_oneof![
                4 => prop::collection::vec(payload.clone(), 1..8),
                2 => prop::collection::vec(payload.clone(), 8..20),
                1 => prop::collection::vec(payload, 20..80),
            ],
            // Terminated, or continuation on every chunk.
            prop::bool::weighted(0.9),
            prop::collection::vec(any::<u8>(), 0..24),
            // Bits of the chunk stream cut off the end (0 = none).
            prop_oneof![4 => Just(0u32), 1 => 1u32..40],
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// Any chunk sequence — canonical or not (zero-payload continuation
    /// chunks), terminated or not, followed by arbitrary bytes or cut short —
    /// decodes as the chunk-by-chunk reference does, for every width, every
    /// starting offset, and both result sizes.
    #[test]
    fn vbr_decoding_matches_reference((width, pre, payloads, terminated, tail, cut) in vbr_chunk_stream()) {
        let mut w = BitWriter::new();
        w.write(0x5A5A_5A5A_5A5A_5A5A, pre);
        let n = payloads.len();
        for (i, &p) in payloads.iter().enumerate() {
            let cont = i + 1 < n || !terminated;
            w.write(p | if cont { 1 << (width - 1) } else { 0 }, width);
        }
        let mut bits_end = w.bit_position();
        w.align32();
        w.write_bytes(&tail);
        let mut data = w.finish();
        if cut > 0 {
            bits_end = bits_end.saturating_sub(u64::from(cut)).max(u64::from(pre));
            data.truncate(bits_end.div_ceil(8) as usize);
        }
        for limit in [64u32, 32] {
            let mut r = BitReader::new(&data);
            r.read(pre).unwrap();
            let got = if limit == 64 {
                r.read_vbr64(width).map(|v| (v, r.bit_position()))
            } else {
                r.read_vbr(width).map(|v| (u64::from(v), r.bit_position()))
            };
            let want = reference_vbr(&data, u64::from(pre), width, limit);
            match (&want, &got) {
                (VbrOutcome::Value(v, p), Ok((gv, gp))) => {
                    prop_assert_eq!((v, p), (gv, gp), "width {} limit {}", width, limit);
                }
                (VbrOutcome::TooLong, Err(e)) => {
                    // Without a terminator in the input the reader may call
                    // it the end of the input; see
                    // `overlong_unterminated_vbr_is_too_long`.
                    prop_assert_eq!(e.kind(), &ErrorKind::VbrTooLong { limit });
                    prop_assert_eq!(e.bit_offset(), u64::from(pre));
                }
                (VbrOutcome::End, Err(e)) => {
                    prop_assert!(matches!(e.kind(), ErrorKind::UnexpectedEnd { .. }), "{}", e);
                }
                _ => prop_assert!(false, "width {} limit {}: want {:?}, got {:?}", width, limit, want, got),
            }
            if let Err(e) = &got {
                prop_assert!(e.bit_offset() <= r.len_bits());
            }
            // Signed VBR decodes the same bits.
            if limit == 64 {
                let mut r = BitReader::new(&data);
                r.read(pre).unwrap();
                let s = r.read_signed_vbr(width);
                match &want {
                    VbrOutcome::Value(v, _) => prop_assert_eq!(s.unwrap(), decode_signed(*v)),
                    _ => prop_assert!(s.is_err()),
                }
            }
        }
    }
}

/// A VBR field whose chunks already exceed the result size before the input
/// ends is too long (LLVM: "Unterminated VBR" once 32/64 bits are reached),
/// not an unexpected end: 12 VBR4 chunks 0b1000 (payload 0, continue) are 33
/// payload bits after the 11th.
#[test]
fn overlong_unterminated_vbr_is_too_long() {
    let data = [0x88u8; 6]; // 12 chunks of 0b1000, then the input ends
    let err = BitReader::new(&data).read_vbr(4).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::VbrTooLong { limit: 32 }, "{err}");
    // VBR6 into 64 bits: 13 chunks with continuation, 14th missing.
    let bytes = raw_chunks(&[0x20; 13], 6);
    let data = &bytes[..10]; // 80 bits: 13 chunks (78 bits) and 2 more
    let err = BitReader::new(data).read_vbr64(6).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::VbrTooLong { limit: 64 }, "{err}");
}

// ---------------------------------------------------------------------------
// Known answers: bytes worked out by hand (fields packed LSB-first into
// little-endian 32-bit words).

#[test]
fn known_bitcode_magic() {
    let mut w = BitWriter::new();
    w.write(0x42, 8);
    w.write(0x43, 8);
    w.write(0x0, 4);
    w.write(0xC, 4);
    w.write(0xE, 4);
    w.write(0xD, 4);
    assert_eq!(w.finish(), b"BC\xC0\xDE");
}

#[test]
fn known_enter_subblock_header() {
    // What LLVM writes after the magic for the identification block:
    // abbrev ID 1 (width 2), block ID 13 (VBR8), code width 5 (VBR4),
    // align, length word 5 — as in every clang-19 .bc file.
    let mut w = BitWriter::new();
    w.write(1, 2);
    w.write_vbr(13, 8);
    w.write_vbr(5, 4);
    w.align32();
    w.write(5, 32);
    assert_eq!(w.finish(), [0x35, 0x14, 0, 0, 5, 0, 0, 0]);
}

#[test]
fn known_vbr6_1000() {
    // 1000 = 0b11111_01000: chunk 0b1_01000 (0x28) then 0b0_11111 (0x1F):
    // 0x28 | 0x1F << 6 = 0x7E8.
    let mut w = BitWriter::new();
    w.write_vbr(1000, 6);
    assert_eq!(w.bit_position(), 12);
    assert_eq!(w.finish(), [0xE8, 0x07, 0, 0]);
}

#[test]
fn known_vbr_small_values_single_chunk() {
    // VBR4 of 7 is one chunk 0b0111; VBR4 of 8 is 0b1000, 0b0001.
    let mut w = BitWriter::new();
    w.write_vbr(7, 4);
    w.write_vbr(8, 4);
    assert_eq!(w.bit_position(), 12);
    assert_eq!(w.finish(), [0x87, 0x01, 0, 0]);
}

#[test]
fn known_field_straddling_words() {
    let mut w = BitWriter::new();
    w.write(1, 1);
    w.write(0xFFFF_FFFF, 32);
    assert_eq!(w.finish(), [0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0, 0, 0]);

    // A 64-bit field at bit 4: 0xA | v << 4.
    let mut w = BitWriter::new();
    w.write(0xA, 4);
    w.write(0x0123_4567_89AB_CDEF, 64);
    assert_eq!(w.finish(), [0xFA, 0xDE, 0xBC, 0x9A, 0x78, 0x56, 0x34, 0x12, 0x00, 0, 0, 0]);
}

#[test]
fn known_fixed_masks_high_bits() {
    let mut w = BitWriter::new();
    w.write(0xFFFF, 4); // only 0xF
    w.write(0x0, 4);
    w.write(u64::MAX, 0); // nothing
    w.write(0x1_0000_0001, 33);
    // 0x0F | 0x1_0000_0001 << 8 = 0x100_0000_010F: words 0x0000010F,
    // 0x00000100.
    assert_eq!(w.finish(), [0x0F, 0x01, 0, 0, 0x00, 0x01, 0, 0]);
}

#[test]
fn known_signed_vbr() {
    // -1 → 0b11 (3), i64::MIN → 1 ("minus zero"), 5 → 10 = 0b1010 as VBR4 =
    // chunks 0b1010 (payload 2, cont) 0b0001.
    let mut w = BitWriter::new();
    w.write_signed_vbr(-1, 4);
    w.write_signed_vbr(i64::MIN, 4);
    w.write_signed_vbr(5, 4);
    assert_eq!(w.bit_position(), 16);
    assert_eq!(w.finish(), [0x13, 0x1A, 0, 0]);
}

#[test]
fn known_char6() {
    // a=0, Z=51, 9=61, .=62, _=63 → 0 | 51<<6 | 61<<12 | 62<<18 | 63<<24.
    let mut w = BitWriter::new();
    for c in *b"aZ9._" {
        w.write_char6(c).unwrap();
    }
    assert_eq!(w.finish(), [0xC0, 0xDC, 0xFB, 0x3F]);
}

#[test]
fn known_unaligned_bytes() {
    // 0xF | 0x12 << 4 | 0x34 << 12 = 0x3412F.
    let mut w = BitWriter::new();
    w.write(0xF, 4);
    w.write_bytes(&[0x12, 0x34]);
    assert_eq!(w.finish(), [0x2F, 0x41, 0x03, 0x00]);

    // Byte aligned but inside a word: 0xAB, then 5 bytes, then 3 bits.
    let mut w = BitWriter::new();
    w.write(0xAB, 8);
    w.write_bytes(&[1, 2, 3, 4, 5]);
    w.write(0b111, 3);
    assert_eq!(w.finish(), [0xAB, 1, 2, 3, 4, 5, 0x07, 0]);
}

#[test]
fn known_align32() {
    let mut w = BitWriter::new();
    w.align32(); // no-op at 0
    assert_eq!(w.bit_position(), 0);
    w.write(0b11, 2);
    w.align32();
    assert_eq!(w.bit_position(), 32);
    w.align32(); // no-op on a boundary
    assert_eq!(w.bit_position(), 32);
    w.write(0x7, 3);
    assert_eq!(w.finish(), [3, 0, 0, 0, 7, 0, 0, 0]);
}

#[test]
fn known_backpatch() {
    // Patch a word that is complete.
    let mut w = BitWriter::new();
    w.write(0, 32);
    w.write(5, 3);
    w.backpatch_u32(0, 0xDEAD_BEEF);
    assert_eq!(w.finish(), [0xEF, 0xBE, 0xAD, 0xDE, 0x05, 0, 0, 0]);

    // Patch 32 bits at bit 8: three bytes in a complete word, one pending.
    let mut w = BitWriter::new();
    w.write(0xFF, 8);
    w.write(0, 32);
    assert_eq!(w.words_written().len(), 4);
    w.backpatch_u32(8, 0x1122_3344);
    w.write(0x1, 1); // pending bits after the patch are kept
    assert_eq!(w.finish(), [0xFF, 0x44, 0x33, 0x22, 0x11, 0x01, 0, 0]);

    // Patch a word entirely in the pending bits is not possible (fewer than
    // 32 pending), but one at bit 24 leaves three bytes pending.
    let mut w = BitWriter::new();
    w.write(0xABCDEF, 24);
    w.write(0, 32);
    w.write(0x3, 2);
    w.backpatch_u32(24, 0x0403_0201);
    assert_eq!(w.finish(), [0xEF, 0xCD, 0xAB, 0x01, 0x02, 0x03, 0x04, 0x03]);
}

#[test]
fn finish_pads_to_words() {
    for bits in 0..=96u32 {
        let mut w = BitWriter::new();
        for _ in 0..bits {
            w.write(1, 1);
        }
        let bytes = w.finish();
        assert_eq!(bytes.len() as u32 * 8, bits.next_multiple_of(32), "{bits} bits");
        let ones: u32 = bytes.iter().map(|b| b.count_ones()).sum();
        assert_eq!(ones, bits);
    }
}

#[test]
fn clone_and_restore_state() {
    let mut w = BitWriter::new();
    w.write(0x3, 5);
    let s = w.clone_state();
    w.write(u64::MAX, 64);
    w.write_bytes(&[9; 17]);
    w.restore_state(s);
    assert_eq!(w.bit_position(), 5);
    w.write(0x1, 3);
    assert_eq!(w.finish(), [0x23, 0, 0, 0]);
}

// ---------------------------------------------------------------------------
// char6.

#[test]
fn char6_every_valid_char() {
    for (i, &c) in CHAR6.iter().enumerate() {
        assert_eq!(encode_char6(c), Some(i as u8));
        assert_eq!(decode_char6(i as u8), c);
        // Only the low six bits are used.
        assert_eq!(decode_char6(i as u8 | 0xC0), c);
        let mut w = BitWriter::new();
        w.write(1, 1);
        w.write_char6(c).unwrap();
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        r.read(1).unwrap();
        assert_eq!(r.read_char6().unwrap(), c);
        assert_eq!(u32::from_le_bytes(bytes[..4].try_into().unwrap()), 1 | (i as u32) << 1);
    }
    assert!(is_char6(CHAR6));
    assert!(is_char6(b""));
}

#[test]
fn char6_invalid_chars_are_errors() {
    let mut invalid = 0;
    for c in 0..=255u8 {
        if CHAR6.contains(&c) {
            continue;
        }
        invalid += 1;
        assert_eq!(encode_char6(c), None, "{c:#x}");
        assert!(!is_char6(&[b'a', c]));
        let mut w = BitWriter::new();
        w.write(0x5, 3);
        let err = w.write_char6(c).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::NotChar6 { value: c.into() });
        assert_eq!(err.bit_offset(), 3);
        assert_eq!(w.bit_position(), 3, "a failed write must not write");
        assert_eq!(w.finish(), [5, 0, 0, 0]);
    }
    assert_eq!(invalid, 256 - 64);
}

// ---------------------------------------------------------------------------
// Signed rotation edge cases.

#[test]
fn signed_rotation_known_values() {
    assert_eq!(encode_signed(0), 0);
    assert_eq!(encode_signed(1), 2);
    assert_eq!(encode_signed(-1), 3);
    assert_eq!(encode_signed(i64::MAX), u64::MAX - 1);
    assert_eq!(encode_signed(i64::MIN + 1), u64::MAX);
    assert_eq!(encode_signed(i64::MIN), 1, "LLVM emits i64::MIN as 'minus zero'");
    assert_eq!(decode_signed(1), i64::MIN);
    assert_eq!(decode_signed(0), 0);
    assert_eq!(decode_signed(3), -1);
    assert_eq!(decode_signed(u64::MAX), i64::MIN + 1);
    assert_eq!(decode_signed(u64::MAX - 1), i64::MAX);
    for v in [0, 1, -1, 63, -64, i64::MAX, i64::MIN, i64::MIN + 1] {
        for width in 2..=32 {
            let mut w = BitWriter::new();
            w.write_signed_vbr(v, width);
            let bytes = w.finish();
            let mut r = BitReader::new(&bytes);
            assert_eq!(r.read_signed_vbr(width).unwrap(), v, "{v} as vbr{width}");
        }
    }
}

// ---------------------------------------------------------------------------
// VBR that does not fit: an error, never a wrapped value.

/// `err` is `VbrTooLong { limit }` for the field starting at bit `start`
/// (and reported there).
fn assert_vbr_too_long(err: &llvmext_core::Error, limit: u32, start: u64) {
    assert_eq!(err.kind(), &ErrorKind::VbrTooLong { limit }, "{err}");
    assert_eq!(err.bit_offset(), start, "{err}: at the start of the field");
}

/// Writes `chunks` as raw `width`-bit fields.
fn raw_chunks(chunks: &[u64], width: u32) -> Vec<u8> {
    let mut w = BitWriter::new();
    for &c in chunks {
        w.write(c, width);
    }
    w.finish()
}

#[test]
fn vbr64_thirteen_chunks_fit_exactly() {
    // 12 chunks of 0x3F (payload 31, continue) then 0x01 (payload 1 at bit
    // 60, stop): 2^61 - 1.
    let mut chunks = vec![0x3F; 12];
    chunks.push(0x01);
    let bytes = raw_chunks(&chunks, 6);
    let mut r = BitReader::new(&bytes);
    assert_eq!(r.read_vbr64(6).unwrap(), (1u64 << 61) - 1);
    assert_eq!(r.bit_position(), 78);

    // The largest VBR6: payload 0xF at bit 60.
    let mut chunks = vec![0x3F; 12];
    chunks.push(0x0F);
    let bytes = raw_chunks(&chunks, 6);
    assert_eq!(BitReader::new(&bytes).read_vbr64(6).unwrap(), u64::MAX);
}

#[test]
fn vbr64_continuation_past_64_bits_is_an_error() {
    // 13 chunks with the continuation bit set: LLVM's "Unterminated VBR".
    for last in [0x20u64, 0x21, 0x3F] {
        let mut chunks = vec![0x3F; 12];
        chunks.push(last);
        chunks.push(0);
        let mut w = BitWriter::new();
        w.write(0b101, 3);
        for &c in &chunks {
            w.write(c, 6);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        r.read(3).unwrap();
        let err = r.read_vbr64(6).unwrap_err();
        assert_vbr_too_long(&err, 64, 3);
    }
    // All-continuation chunks of 0x3F for a long stretch.
    let bytes = raw_chunks(&[0x3F; 40], 6);
    let err = BitReader::new(&bytes).read_vbr64(6).unwrap_err();
    assert_vbr_too_long(&err, 64, 0);
}

#[test]
fn vbr64_final_chunk_with_bits_above_63_is_an_error() {
    // Payload 0x10 at bit 60 sets bit 64: must not wrap to a smaller value.
    for last in [0x10u64, 0x1F, 0x11] {
        let mut chunks = vec![0x3F; 12];
        chunks.push(last);
        let bytes = raw_chunks(&chunks, 6);
        let err = BitReader::new(&bytes).read_vbr64(6).unwrap_err();
        assert_vbr_too_long(&err, 64, 0);
    }
    // Same with VBR32: chunks of 31 bits; the third chunk (at bit 62) may
    // only carry 2 bits.
    let bytes = raw_chunks(&[0xFFFF_FFFF, 0xFFFF_FFFF, 0x3], 32);
    assert_eq!(BitReader::new(&bytes).read_vbr64(32).unwrap(), u64::MAX);
    let bytes = raw_chunks(&[0xFFFF_FFFF, 0xFFFF_FFFF, 0x4], 32);
    let err = BitReader::new(&bytes).read_vbr64(32).unwrap_err();
    assert_vbr_too_long(&err, 64, 0);
}

#[test]
fn vbr32_past_32_bits_is_an_error() {
    // VBR6 into 32 bits: 6 chunks of 5 bits, then a 7th at bit 30 may carry
    // 2 bits.
    let mut chunks = vec![0x3F; 6];
    chunks.push(0x03);
    let bytes = raw_chunks(&chunks, 6);
    assert_eq!(BitReader::new(&bytes).read_vbr(6).unwrap(), u32::MAX);
    assert_eq!(BitReader::new(&bytes).read_vbr64(6).unwrap(), u64::from(u32::MAX));

    let mut chunks = vec![0x3F; 6];
    chunks.push(0x04); // bit 32
    let bytes = raw_chunks(&chunks, 6);
    let err = BitReader::new(&bytes).read_vbr(6).unwrap_err();
    assert_vbr_too_long(&err, 32, 0);
    assert_eq!(BitReader::new(&bytes).read_vbr64(6).unwrap(), 1 << 32 | 0x3FFF_FFFF);

    let mut chunks = vec![0x3F; 6];
    chunks.push(0x20); // continuation at bit 30, payload 0
    chunks.push(0);
    let bytes = raw_chunks(&chunks, 6);
    let err = BitReader::new(&bytes).read_vbr(6).unwrap_err();
    assert_vbr_too_long(&err, 32, 0);
}

/// A `VbrTooLong` error points at the first bit of the VBR field, like every
/// other field error.
#[test]
fn vbr_too_long_points_at_field_start() {
    let cases: Vec<(u32, Vec<u64>, u32, u32)> = vec![
        // (pre bits, VBR6 chunks, limit, read width)
        (3, [vec![0x3F; 12], vec![0x20, 0]].concat(), 64, 6),
        (0, vec![0x3F; 40], 64, 6),
        (5, [vec![0x3F; 12], vec![0x10]].concat(), 64, 6),
        (0, [vec![0x3F; 6], vec![0x04]].concat(), 32, 6),
        (7, [vec![0x3F; 6], vec![0x20, 0]].concat(), 32, 6),
    ];
    for (pre, chunks, limit, width) in cases {
        let mut w = BitWriter::new();
        w.write(0, pre);
        for &c in &chunks {
            w.write(c, width);
        }
        let bytes = w.finish();
        let mut r = BitReader::new(&bytes);
        r.read(pre).unwrap();
        let err = if limit == 64 {
            r.read_vbr64(width).unwrap_err()
        } else {
            r.read_vbr(width).unwrap_err()
        };
        assert_eq!(err.kind(), &ErrorKind::VbrTooLong { limit });
        assert_eq!(err.bit_offset(), u64::from(pre), "{chunks:x?}");
    }
}

#[test]
fn vbr_truncated_is_unexpected_end() {
    // Continuation set on the last chunk that fits in the input.
    let bytes = raw_chunks(&[0x3F; 5], 6); // 30 bits + 2 zero padding bits
    let mut r = BitReader::new(&bytes);
    let err = r.read_vbr64(6).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnexpectedEnd { .. }), "{err}");
    assert!(err.bit_offset() <= 32);
}

#[test]
fn reader_rejects_bad_widths() {
    let bytes = [0xFFu8; 16];
    let mut r = BitReader::new(&bytes);
    let err = r.read(65).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidWidth { width: 65 });
    assert_eq!(r.bit_position(), 0);
    // A VBR whose first chunk has the continuation bit set needs a width in
    // 1..=32.
    let err = r.read_vbr64(33).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidWidth { width: 33 });
    // A fixed field of width 0 reads nothing; VBR widths must be in 1..=32.
    let mut r = BitReader::new(&bytes);
    assert_eq!(r.read(0).unwrap(), 0);
    assert_eq!(r.read_vbr64(0).unwrap_err().kind(), &ErrorKind::InvalidWidth { width: 0 });
    assert_eq!(r.read_vbr(0).unwrap_err().kind(), &ErrorKind::InvalidWidth { width: 0 });
    assert_eq!(r.read_vbr(33).unwrap_err().kind(), &ErrorKind::InvalidWidth { width: 33 });
    assert_eq!(r.bit_position(), 0);
    // Width 1 (no payload bits) holds only 0.
    assert_eq!(BitReader::new(&[0]).read_vbr64(1).unwrap(), 0);
}

#[test]
fn reader_on_empty_and_odd_length_input() {
    let mut r = BitReader::new(&[]);
    assert!(r.at_end());
    assert_eq!(r.read(0).unwrap(), 0);
    let err = r.read(1).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnexpectedEnd { bits: 1 });
    assert_eq!(err.bit_offset(), 0);
    r.align32();
    assert_eq!(r.bit_position(), 0);

    // 5 bytes: align32 from bit 33 stops at the end of the input.
    let data = [0x01, 0x02, 0x03, 0x04, 0x05];
    let mut r = BitReader::new(&data);
    assert_eq!(r.read(33).unwrap(), 0x1_0403_0201);
    r.align32();
    assert_eq!(r.bit_position(), 40);
    assert!(r.at_end());
    // read(64) across the cache boundary at an odd offset.
    let data: Vec<u8> = (1..=20).collect();
    let mut r = BitReader::new(&data);
    r.read(4).unwrap();
    let expect = u128::from_le_bytes(data[..16].try_into().unwrap()) >> 4;
    assert_eq!(r.read(64).unwrap(), expect as u64);
    assert_eq!(r.read(64).unwrap(), (expect >> 64) as u64 | u64::from(data[16] & 0xF) << 60);
    assert_eq!(r.bit_position(), 132);
    assert_eq!(r.remaining_bits(), 160 - 132);
    let err = r.read(29).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::UnexpectedEnd { bits: 29 });
    assert_eq!(r.read(28).unwrap(), u64::from_le_bytes([17, 18, 19, 20, 0, 0, 0, 0]) >> 4);
}

#[test]
fn read_bytes_bounds() {
    let data = [1u8, 2, 3, 4, 5, 6];
    let mut r = BitReader::new(&data);
    assert_eq!(r.read_bytes(2).unwrap(), &[1, 2]);
    let err = r.read_bytes(5).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnexpectedEnd { .. }));
    assert_eq!(err.bit_offset(), 16);
    assert_eq!(r.bit_position(), 16, "a failed read_bytes must not move the cursor");
    let err = r.read_bytes(usize::MAX).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnexpectedEnd { .. }));
    assert_eq!(r.read_bytes(4).unwrap(), &[3, 4, 5, 6]);
    assert!(r.at_end());
    assert_eq!(r.read_bytes(0).unwrap(), &[] as &[u8]);
    r.jump_to_bit(3).unwrap();
    assert_eq!(r.read_bytes(1).unwrap_err().kind(), &ErrorKind::Unaligned);
}

#[test]
fn unaligned_backpatch_matches_writing_the_value() {
    // Patching any bit position gives the bytes of writing the patched
    // value there in the first place.
    for pre in 0..70u32 {
        for width in [1u32, 7, 32, 33, 64] {
            let value =
                0xA5C3_0F96_1234_5678u64 & if width == 64 { u64::MAX } else { (1 << width) - 1 };
            let mut a = BitWriter::new();
            let mut b = BitWriter::new();
            for i in 0..pre {
                a.write(u64::from(i % 3 == 0), 1);
                b.write(u64::from(i % 3 == 0), 1);
            }
            let at = a.bit_position();
            a.write(0, width);
            a.write(0x5, 3);
            a.backpatch(at, value, width);
            b.write(value, width);
            b.write(0x5, 3);
            assert_eq!(a.finish(), b.finish(), "pre {pre} width {width}");
        }
    }
}
