//! Walks arbitrary bytes as a bitstream: every block entered (or, in a second
//! pass, every odd-numbered block skipped), every record read. Also runs the
//! magic/wrapper helpers and the raw `BitReader` primitives, and walks again
//! with `next_item` (records decoded without per-field end checks), which
//! must see the same entries and stop with the same error. Anything may be
//! an error; nothing may panic, loop or break the invariants asserted here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use llvmext_core::bits::BitReader;
use llvmext_core::bitstream::{BitstreamReader, Entry, Item};
use llvmext_core::magic::{self, StreamKind};
use llvmext_core::{Error, ErrorKind};

fn check_err(e: &Error, len_bits: u64) {
    assert!(e.bit_offset() <= len_bits, "error {e} past the input ({len_bits} bits)");
    // Display must not panic.
    let _ = e.to_string();
}

/// Walks `data`; skips every odd sub-block (by count) if `skip_odd`.
/// Returns the number of entries seen.
fn walk(data: &[u8], skip_odd: bool, max_depth: usize) -> usize {
    let len_bits = data.len() as u64 * 8;
    let mut r = BitstreamReader::with_max_depth(data, max_depth);
    let mut ops = Vec::new();
    let mut entries = 0usize;
    let mut blocks = 0usize;
    loop {
        let before = r.bit_position();
        let entry = match r.advance() {
            Ok(Some(e)) => e,
            Ok(None) => {
                assert!(r.at_end());
                assert_eq!(r.depth(), 0);
                break;
            }
            Err(e) => {
                check_err(&e, len_bits);
                break;
            }
        };
        entries += 1;
        assert!(r.bit_position() > before, "advance made no progress");
        assert!(r.bit_position() <= len_bits);
        match entry {
            Entry::SubBlock { block_id } => {
                blocks += 1;
                let depth = r.depth();
                if skip_odd && blocks.is_multiple_of(2) {
                    match r.skip_block() {
                        Ok(h) => {
                            assert_eq!(h.block_id, block_id);
                            assert_eq!(r.bit_position(), h.end_bit());
                            assert_eq!(r.depth(), depth);
                        }
                        Err(e) => {
                            check_err(&e, len_bits);
                            break;
                        }
                    }
                } else {
                    match r.enter_block() {
                        Ok(h) => {
                            assert_eq!(h.block_id, block_id);
                            assert_eq!(r.bit_position(), h.body_bit);
                            assert!(h.end_bit() <= len_bits);
                            assert!((1..=32).contains(&h.abbrev_width));
                            assert_eq!(r.abbrev_width(), h.abbrev_width);
                            assert_eq!(r.depth(), depth + 1);
                            assert_eq!(r.block_id(), Some(block_id));
                            assert!(r.depth() <= max_depth);
                        }
                        Err(e) => {
                            check_err(&e, len_bits);
                            break;
                        }
                    }
                }
            }
            Entry::EndBlock => {
                let p = r.bit_position();
                assert!(p.is_multiple_of(32) || p == len_bits);
            }
            Entry::DefineAbbrev => {}
            Entry::Record(id) => {
                let known = id == 3 || r.abbrev(id).is_some();
                match r.read_record(id, &mut ops) {
                    Ok(rec) => {
                        assert!(known);
                        assert_eq!(rec.abbrev_id, id);
                        if let Some(b) = rec.blob {
                            assert!(b.len() as u64 * 8 <= len_bits);
                            // The blob is a slice of the input.
                            let start = b.as_ptr() as usize - data.as_ptr() as usize;
                            assert!(start + b.len() <= data.len());
                        }
                        assert!(r.bit_position() <= len_bits);
                    }
                    Err(e) => {
                        check_err(&e, len_bits);
                        break;
                    }
                }
            }
        }
    }
    let _ = r.block_info().entries().len();
    entries
}

/// One entry of a trace: a block entered, an end, a definition, or a
/// record (abbreviation ID, code, operands, blob).
#[derive(Debug, PartialEq)]
enum Ev {
    Enter(u32),
    End,
    Define,
    Record(u32, u32, Vec<u64>, Option<Vec<u8>>),
}

/// Every block entered, through `advance` + `read_record`.
fn trace_checked(data: &[u8]) -> (Vec<Ev>, Option<Error>) {
    let mut r = BitstreamReader::new(data);
    let (mut evs, mut ops) = (Vec::new(), Vec::new());
    let err = loop {
        match r.advance() {
            Ok(None) => break None,
            Err(e) => break Some(e),
            Ok(Some(Entry::SubBlock { block_id })) => match r.enter_block() {
                Ok(_) => evs.push(Ev::Enter(block_id)),
                Err(e) => break Some(e),
            },
            Ok(Some(Entry::EndBlock)) => evs.push(Ev::End),
            Ok(Some(Entry::DefineAbbrev)) => evs.push(Ev::Define),
            Ok(Some(Entry::Record(id))) => match r.read_record(id, &mut ops) {
                Ok(rec) => evs.push(Ev::Record(id, rec.code, ops.clone(), rec.blob.map(<[u8]>::to_vec))),
                Err(e) => break Some(e),
            },
        }
    };
    (evs, err)
}

/// The same walk through `next_item`.
fn trace_items(data: &[u8]) -> (Vec<Ev>, Option<Error>) {
    let len_bits = data.len() as u64 * 8;
    let mut r = BitstreamReader::new(data);
    let mut evs = Vec::new();
    let err = loop {
        let ev = match r.next_item() {
            Ok(None) => break None,
            Err(e) => break Some(e),
            Ok(Some(Item::SubBlock { block_id })) => Ev::Enter(block_id),
            Ok(Some(Item::EndBlock)) => Ev::End,
            Ok(Some(Item::DefineAbbrev)) => Ev::Define,
            Ok(Some(Item::Record { record, ops })) => {
                Ev::Record(record.abbrev_id, record.code, ops.to_vec(), record.blob.map(<[u8]>::to_vec))
            }
        };
        assert!(r.bit_position() <= len_bits);
        if let Ev::Record(_, _, ops, _) = &ev {
            assert_eq!(r.record_ops(), &ops[..]);
        }
        if let Ev::Enter(_) = ev {
            if let Err(e) = r.enter_block() {
                break Some(e);
            }
        }
        evs.push(ev);
    };
    (evs, err)
}

/// Bit `p` of `data`.
fn bit(data: &[u8], p: u64) -> u64 {
    u64::from((data[(p / 8) as usize] >> (p % 8)) & 1)
}

/// A `width`-bit field at `pos`, bit by bit; `None` past the end.
fn ref_read(data: &[u8], pos: u64, width: u32) -> Option<u64> {
    if pos + u64::from(width) > data.len() as u64 * 8 {
        return None;
    }
    Some((0..u64::from(width)).fold(0, |v, i| v | bit(data, pos + i) << i))
}

#[derive(Debug, PartialEq)]
enum Vbr {
    Value(u64, u64),
    TooLong,
    End,
}

/// A VBR value at `pos`, chunk by chunk (LLVM's `ReadVBR64`, plus the
/// check that no set bit is shifted out of the result).
fn ref_vbr(data: &[u8], mut pos: u64, width: u32, limit: u32) -> Vbr {
    let hi = 1u64 << (width - 1);
    let (mut result, mut shift) = (0u64, 0u32);
    loop {
        let Some(piece) = ref_read(data, pos, width) else { return Vbr::End };
        pos += u64::from(width);
        let payload = piece & (hi - 1);
        if limit - shift < 64 && payload >> (limit - shift) != 0 {
            return Vbr::TooLong;
        }
        result |= payload << shift;
        if piece & hi == 0 {
            return Vbr::Value(result, pos);
        }
        shift += width - 1;
        if shift >= limit {
            return Vbr::TooLong;
        }
    }
}

/// Compares a VBR read with the reference.
fn check_vbr(
    data: &[u8],
    before: u64,
    width: u32,
    limit: u32,
    got: &Result<u64, Error>,
    after: u64,
) {
    if width == 0 || width > 32 {
        assert!(got.is_err());
        return;
    }
    match (ref_vbr(data, before, width, limit), got) {
        (Vbr::Value(v, p), Ok(g)) => {
            assert_eq!((v, p), (*g, after), "vbr{width} limit {limit} at {before}");
        }
        (Vbr::TooLong, Err(e)) => {
            assert!(
                matches!(e.kind(), ErrorKind::VbrTooLong { .. } | ErrorKind::UnexpectedEnd { .. }),
                "{e}"
            );
        }
        (Vbr::End, Err(e)) => {
            assert!(matches!(e.kind(), ErrorKind::UnexpectedEnd { .. }), "{e}");
        }
        (want, got) => {
            panic!("vbr{width} limit {limit} at bit {before}: want {want:?}, got {got:?}")
        }
    }
}

/// Drives the raw bit reader with operations taken from `ops` over `data`.
fn primitives(ops: &[u8], data: &[u8]) {
    let len_bits = data.len() as u64 * 8;
    let mut r = BitReader::new(data);
    for pair in ops.chunks(2) {
        let op = pair[0];
        let arg = u32::from(*pair.get(1).unwrap_or(&0));
        let before = r.bit_position();
        let res: Result<(), Error> = match op % 9 {
            0 => {
                let w = arg % 66;
                let got = r.read(w);
                if w > 64 {
                    assert_eq!(
                        got.as_ref().unwrap_err().kind(),
                        &ErrorKind::InvalidWidth { width: w }
                    );
                } else {
                    match (&got, ref_read(data, before, w)) {
                        (Ok(v), Some(want)) => assert_eq!(*v, want),
                        (Err(e), None) => {
                            assert!(matches!(e.kind(), ErrorKind::UnexpectedEnd { .. }), "{e}")
                        }
                        (got, want) => panic!("read({w}) at {before}: want {want:?}, got {got:?}"),
                    }
                }
                got.map(drop)
            }
            1 => {
                let w = arg % 34;
                let got = r.read_vbr(w).map(u64::from);
                check_vbr(data, before, w, 32, &got, r.bit_position());
                got.map(drop)
            }
            2 => {
                let w = arg % 34;
                let got = r.read_vbr64(w);
                check_vbr(data, before, w, 64, &got, r.bit_position());
                got.map(drop)
            }
            3 => r.read_signed_vbr(arg % 34).map(|_| ()),
            4 => {
                r.read_char6().map(|c| assert!(c.is_ascii_alphanumeric() || c == b'.' || c == b'_'))
            }
            5 => {
                r.align32();
                let p = r.bit_position();
                assert!(p.is_multiple_of(32) || p == len_bits);
                assert!(p >= before);
                Ok(())
            }
            6 => r.read_bytes(arg as usize).map(|b| assert_eq!(b.len(), arg as usize)),
            7 => {
                let target = (u64::from(arg) * 13) % (len_bits + 9);
                let res = r.jump_to_bit(target);
                if res.is_ok() {
                    assert_eq!(r.bit_position(), target);
                }
                res
            }
            _ => {
                // Sequential read vs. jump + read.
                let w = arg % 65;
                #[allow(clippy::clone_on_copy)]
                let mut r2 = r.clone();
                let a = r.read(w);
                let b = r2.jump_to_bit(before).and_then(|_| r2.read(w));
                assert_eq!(a, b);
                a.map(|_| ())
            }
        };
        match res {
            Ok(()) => assert!(r.bit_position() <= len_bits),
            Err(e) => check_err(&e, len_bits),
        }
        assert_eq!(r.remaining_bits(), len_bits - r.bit_position());
    }
}

fuzz_target!(|data: &[u8]| {
    let kind = magic::identify(data);
    let _ = magic::WrapperHeader::parse(data);
    let inner = match magic::strip_wrapper(data) {
        Ok(inner) => {
            if kind == StreamKind::Wrapper {
                assert!(inner.len() <= data.len());
            } else {
                assert_eq!(inner, data);
            }
            inner
        }
        Err(e) => {
            check_err(&e, data.len() as u64 * 8);
            data
        }
    };
    // The stream after its magic, when there is one.
    let body = match magic::identify(inner) {
        StreamKind::TooShort => inner,
        _ => &inner[4..],
    };
    let entered = walk(body, false, 64);
    assert_eq!(trace_items(body), trace_checked(body));
    let _ = walk(body, true, 64);
    let _ = entered;
    // Also without skipping the magic (arbitrary bytes at bit 0), with a
    // small nesting limit.
    let _ = walk(data, false, 4);

    // Primitives: the first byte says how many op bytes follow.
    if let Some((&n, rest)) = data.split_first() {
        let n = (n as usize).min(rest.len());
        primitives(&rest[..n], &rest[n..]);
    }
});
