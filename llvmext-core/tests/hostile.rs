//! Hostile input for the bitstream reader: random bytes, mutations of a
//! realistic stream, hand-made malformed streams (each with the expected
//! error kind and bit offset), and a bound on the largest single allocation
//! (measured with a counting global allocator local to this test binary).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use llvmext_core::bits::BitWriter;
use llvmext_core::bitstream::{
    Abbrev, AbbrevOp, BitstreamReader, BitstreamWriter, BlockHeader, Entry, Item, DEFAULT_MAX_DEPTH,
};
use llvmext_core::{Error, ErrorKind};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Counting allocator: per thread (tests run on their own threads), the size
// of the largest single allocation or reallocation and the number of them,
// while tracking is on (inside `measure`, except where the test's own
// bookkeeping runs `untracked`).

struct Counting;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
    static TRACK: Cell<bool> = const { Cell::new(false) };
}

fn note(size: usize) {
    if TRACK.try_with(Cell::get).unwrap_or(false) {
        let _ = LARGEST.try_with(|m| m.set(m.get().max(size)));
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
    }
}

/// Runs `f` without counting its allocations (the test's own bookkeeping).
fn untracked<R>(f: impl FnOnce() -> R) -> R {
    let was = TRACK.with(|t| t.replace(false));
    let r = f();
    TRACK.with(|t| t.set(was));
    r
}

// SAFETY: forwards to the system allocator; the bookkeeping does not
// allocate (const-initialized thread-locals of `Cell<usize>`).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f`, returning its result, the largest single allocation it made and
/// how many allocations it made (on this thread).
fn measure<R>(f: impl FnOnce() -> R) -> (R, usize, usize) {
    LARGEST.with(|m| m.set(0));
    ALLOCS.with(|c| c.set(0));
    let was = TRACK.with(|t| t.replace(true));
    let r = f();
    TRACK.with(|t| t.set(was));
    (r, LARGEST.with(Cell::get), ALLOCS.with(Cell::get))
}

/// The allocation bound for an input of `len` bytes.
fn alloc_bound(len: usize) -> usize {
    64 * len + 64 * 1024
}

// ---------------------------------------------------------------------------
// Walking.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Enter every block.
    EnterAll,
    /// Skip every other sub-block (by count).
    SkipOdd,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Ev {
    Enter(BlockHeader),
    Skip(BlockHeader),
    End,
    Define,
    Record { id: u32, code: u32, ops: Vec<u64>, blob: Option<Vec<u8>> },
}

/// Walks `data` fully, checking the reader's invariants on the way; returns
/// what was seen and the error that stopped it, if any.
fn walk_with(data: &[u8], mode: Mode, max_depth: usize) -> (Vec<Ev>, Option<Error>) {
    let len_bits = data.len() as u64 * 8;
    let mut r = BitstreamReader::with_max_depth(data, max_depth);
    let mut evs = Vec::new();
    let mut ops = Vec::new();
    let mut met = 0usize;
    let mut open: Vec<BlockHeader> = Vec::new();
    let mut steps = 0u64;
    let err = loop {
        steps += 1;
        // Every advance consumes at least one bit.
        assert!(steps <= len_bits + 1, "the walk does not terminate");
        let before = r.bit_position();
        let e = match r.advance() {
            Ok(Some(e)) => e,
            Ok(None) => {
                assert!(r.at_end());
                assert_eq!(r.depth(), 0);
                assert!(open.is_empty());
                break None;
            }
            Err(e) => break Some(e),
        };
        assert!(r.bit_position() > before);
        assert!(r.bit_position() <= len_bits);
        match e {
            Entry::SubBlock { block_id } => {
                let skip = mode == Mode::SkipOdd && met % 2 == 1;
                met += 1;
                let depth = r.depth();
                if skip {
                    match r.skip_block() {
                        Ok(h) => {
                            assert_eq!(h.block_id, block_id);
                            assert_eq!(r.bit_position(), h.end_bit());
                            assert_eq!(r.depth(), depth);
                            untracked(|| evs.push(Ev::Skip(h)));
                        }
                        Err(e) => break Some(e),
                    }
                } else {
                    match r.enter_block() {
                        Ok(h) => {
                            assert_eq!(h.block_id, block_id);
                            assert_eq!(r.bit_position(), h.body_bit);
                            assert!(h.end_bit() <= len_bits);
                            if let Some(parent) = open.last() {
                                assert!(h.end_bit() <= parent.end_bit());
                            }
                            assert!((1..=32).contains(&h.abbrev_width));
                            assert_eq!(r.depth(), depth + 1);
                            assert!(r.depth() <= max_depth);
                            untracked(|| {
                                open.push(h);
                                evs.push(Ev::Enter(h));
                            });
                        }
                        Err(e) => break Some(e),
                    }
                }
            }
            Entry::EndBlock => {
                open.pop().expect("END_BLOCK only inside a block");
                let p = r.bit_position();
                assert!(p % 32 == 0 || p == len_bits);
                untracked(|| evs.push(Ev::End));
            }
            Entry::DefineAbbrev => untracked(|| evs.push(Ev::Define)),
            Entry::Record(id) => match r.read_record(id, &mut ops) {
                Ok(rec) => {
                    assert_eq!(rec.abbrev_id, id);
                    if let Some(b) = rec.blob {
                        let start = b.as_ptr() as usize - data.as_ptr() as usize;
                        assert!(start + b.len() <= data.len());
                        assert_eq!(start % 4, 0, "blobs start on a word boundary");
                    }
                    untracked(|| {
                        evs.push(Ev::Record {
                            id,
                            code: rec.code,
                            ops: ops.clone(),
                            blob: rec.blob.map(<[u8]>::to_vec),
                        })
                    });
                }
                Err(e) => break Some(e),
            },
        }
    };
    if let Some(e) = &err {
        assert!(e.bit_offset() <= len_bits, "{e}: offset past the input ({len_bits} bits)");
        assert!(!e.to_string().is_empty());
    }
    (evs, err)
}

fn walk(data: &[u8]) -> (Vec<Ev>, Option<Error>) {
    walk_with(data, Mode::EnterAll, DEFAULT_MAX_DEPTH)
}

/// [`walk`] through [`BitstreamReader::next_item`], whose fast paths decode
/// records without checking the end of the input first.
fn walk_items(data: &[u8]) -> (Vec<Ev>, Option<Error>) {
    let len_bits = data.len() as u64 * 8;
    let mut r = BitstreamReader::new(data);
    let mut evs = Vec::new();
    let err = loop {
        let before = r.bit_position();
        let item = match r.next_item() {
            Ok(Some(item)) => item,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let ev = match item {
            Item::SubBlock { .. } => match r.enter_block() {
                Ok(h) => Ev::Enter(h),
                Err(e) => break Some(e),
            },
            Item::EndBlock => Ev::End,
            Item::DefineAbbrev => Ev::Define,
            Item::Record { record, ops } => {
                if let Some(b) = record.blob {
                    let start = b.as_ptr() as usize - data.as_ptr() as usize;
                    assert!(start + b.len() <= data.len());
                }
                untracked(|| Ev::Record {
                    id: record.abbrev_id,
                    code: record.code,
                    ops: ops.to_vec(),
                    blob: record.blob.map(<[u8]>::to_vec),
                })
            }
        };
        assert!(r.bit_position() > before);
        assert!(r.bit_position() <= len_bits);
        untracked(|| evs.push(ev));
    };
    (evs, err)
}

/// The error a full walk of `data` stops with (there must be one).
fn walk_err(data: &[u8]) -> Error {
    walk(data).1.expect("malformed input must give an error")
}

/// Every walk variant on `data`, measuring allocations; returns the first
/// walk's error.
fn walk_all(data: &[u8]) -> Option<Error> {
    let ((full, err), largest, _) = measure(|| walk(data));
    assert!(
        largest <= alloc_bound(data.len()),
        "allocated {largest} bytes for {} input bytes",
        data.len()
    );
    // The fused path sees the same entries and stops with the same error.
    let ((items, items_err), largest, _) = measure(|| walk_items(data));
    assert!(largest <= alloc_bound(data.len()), "next_item allocated {largest} bytes");
    assert_eq!(items, full);
    assert_eq!(items_err, err);
    let (_, largest, _) = measure(|| walk_with(data, Mode::SkipOdd, DEFAULT_MAX_DEPTH));
    assert!(largest <= alloc_bound(data.len()));
    let (shallow, _) = walk_with(data, Mode::EnterAll, 3);
    // A smaller nesting limit sees a prefix of the same entries.
    assert!(shallow.len() <= full.len());
    assert_eq!(shallow[..], full[..shallow.len()]);
    err
}

// ---------------------------------------------------------------------------
// (a) Random bytes.

/// A valid block header (width `w`) so that random bytes after it are read
/// as the block's contents.
fn header_then(w: u32, abbrevs: bool, tail: &[u8]) -> Vec<u8> {
    let mut b = BitWriter::new();
    b.write(1, 2);
    b.write_vbr(8, 8);
    b.write_vbr(w.into(), 4);
    b.align32();
    b.write(u64::from(u32::MAX), 32); // patched below
    if abbrevs {
        // Two abbreviations, so that IDs 4 and 5 mean something.
        define_w(&mut b, w, &[AbbrevOp::Fixed(3), AbbrevOp::Array, AbbrevOp::Vbr(6)]);
        define_w(&mut b, w, &[AbbrevOp::Literal(1), AbbrevOp::Char6, AbbrevOp::Blob]);
    }
    b.write_bytes(tail);
    let mut bytes = b.finish();
    let words = (bytes.len() / 4 - 2) as u32;
    bytes[4..8].copy_from_slice(&words.to_le_bytes());
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random bytes never panic, always terminate, and any error points
    /// inside the input.
    #[test]
    fn random_bytes(data in prop::collection::vec(any::<u8>(), 0..4096)) {
        walk_all(&data);
    }

    /// Random bytes inside a valid block header (with or without
    /// abbreviations defined first) reach the record decoders.
    #[test]
    fn random_block_contents(
        w in 2u32..=8,
        abbrevs in any::<bool>(),
        tail in prop::collection::vec(any::<u8>(), 0..2048),
    ) {
        let data = header_then(w, abbrevs, &tail);
        let err = walk_all(&data);
        if let Some(e) = err {
            // The header is valid: errors come from the body.
            prop_assert!(e.bit_offset() >= 64, "{}", e);
        }
    }

    /// Random 32-bit words biased towards small field values (zeros and
    /// ones are frequent in real streams).
    #[test]
    fn random_sparse_words(words in prop::collection::vec(
        prop_oneof![4 => 0u32..16, 2 => any::<u32>(), 1 => Just(u32::MAX), 1 => (0u32..32).prop_map(|s| 1 << s)],
        0..512,
    )) {
        let data: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        walk_all(&data);
        walk_all(&header_then(4, true, &data));
    }
}

// ---------------------------------------------------------------------------
// (b) Mutations of a realistic stream.

/// A stream shaped like LLVM bitcode (without the magic): identification
/// block, a module block holding BLOCKINFO, a type-like block with local
/// abbreviations, a function-like block with nested blocks using BLOCKINFO
/// abbreviations, blobs, and a string table.
fn realistic() -> Vec<u8> {
    let mut w = BitstreamWriter::new();
    // IDENTIFICATION
    w.enter_block(13, 5);
    let s = w
        .define_abbrev(Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Array, AbbrevOp::Char6]))
        .unwrap();
    w.emit_record(1, &b"LLVM19.1.7".map(u64::from), Some(s)).unwrap();
    let e = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(2), AbbrevOp::Vbr(6)])).unwrap();
    w.emit_record(2, &[0], Some(e)).unwrap();
    w.exit_block().unwrap();
    // MODULE
    w.enter_block(8, 3);
    w.emit_record(1, &[2], None).unwrap();
    w.enter_blockinfo_block();
    let vst8 =
        Abbrev::new([AbbrevOp::Fixed(3), AbbrevOp::Vbr(8), AbbrevOp::Array, AbbrevOp::Fixed(8)]);
    let vst6 =
        Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Vbr(8), AbbrevOp::Array, AbbrevOp::Char6]);
    let settype = Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Fixed(4)]);
    let integer = Abbrev::new([AbbrevOp::Literal(4), AbbrevOp::Vbr(8)]);
    let null = Abbrev::new([AbbrevOp::Literal(2)]);
    assert_eq!(w.define_blockinfo_abbrev(14, vst8).unwrap(), 4);
    assert_eq!(w.define_blockinfo_abbrev(14, vst6).unwrap(), 5);
    assert_eq!(w.define_blockinfo_abbrev(11, settype).unwrap(), 4);
    assert_eq!(w.define_blockinfo_abbrev(11, integer).unwrap(), 5);
    assert_eq!(w.define_blockinfo_abbrev(11, null).unwrap(), 6);
    w.emit_record(2, &b"CONSTANTS".map(u64::from), None).unwrap();
    w.emit_record(3, &[4, b'I'.into(), b'N'.into(), b'T'.into()], None).unwrap();
    w.exit_block().unwrap();
    // TYPE
    w.enter_block(17, 4);
    let ptr = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(25), AbbrevOp::Vbr(8)])).unwrap();
    let func = w
        .define_abbrev(Abbrev::new([
            AbbrevOp::Literal(21),
            AbbrevOp::Fixed(1),
            AbbrevOp::Array,
            AbbrevOp::Fixed(4),
        ]))
        .unwrap();
    w.emit_record(1, &[5], None).unwrap();
    w.emit_record(25, &[0], Some(ptr)).unwrap();
    w.emit_record(7, &[32], None).unwrap();
    w.emit_record(21, &[0, 1, 1, 1], Some(func)).unwrap();
    w.emit_record(16, &[], None).unwrap();
    w.exit_block().unwrap();
    // A record with a large operand and a blob.
    let blob = w
        .define_abbrev(Abbrev::new([AbbrevOp::Literal(16), AbbrevOp::Vbr(6), AbbrevOp::Blob]))
        .unwrap();
    w.emit_record_with_blob(16, &[3], b"source_file.c", Some(blob)).unwrap();
    w.emit_record(8, &[0, 1, 2, u64::MAX, 1 << 40, 0, 0, 3], None).unwrap();
    // FUNCTION with CONSTANTS and VST inside.
    w.enter_block(12, 4);
    w.emit_record(1, &[1], None).unwrap();
    w.enter_block(11, 4);
    w.emit_record(1, &[1], Some(4)).unwrap();
    w.emit_record(4, &[2], Some(5)).unwrap();
    w.emit_record(2, &[], Some(6)).unwrap();
    w.exit_block().unwrap();
    w.emit_record(2, &[2, 1, 0], None).unwrap();
    w.emit_record(10, &[1], None).unwrap();
    w.enter_block(14, 4);
    w.emit_record(3, &[3, b'b'.into()], Some(4)).unwrap();
    w.emit_record(1, &[1, b'a'.into(), b'r'.into(), b'g'.into()], Some(5)).unwrap();
    w.exit_block().unwrap();
    w.exit_block().unwrap();
    w.exit_block().unwrap();
    // STRTAB
    w.enter_block(23, 3);
    let b = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Blob])).unwrap();
    w.emit_record_with_blob(1, &[], b"f19.1.7f.llmain", Some(b)).unwrap();
    w.exit_block().unwrap();
    w.finish()
}

/// Byte offsets where the top-level blocks of `data` start, and its length.
fn top_level_boundaries(data: &[u8]) -> Vec<usize> {
    let mut r = BitstreamReader::new(data);
    let mut out = vec![0];
    while let Some(Entry::SubBlock { .. }) = r.advance().unwrap() {
        let h = r.skip_block().unwrap();
        out.push((h.end_bit() / 8) as usize);
    }
    out
}

#[test]
fn realistic_stream_reads_cleanly() {
    let data = realistic();
    let (evs, err) = walk(&data);
    assert_eq!(err, None);
    assert_eq!(evs.iter().filter(|e| matches!(e, Ev::Enter(_))).count(), 8);
    let blobs: Vec<&[u8]> = evs
        .iter()
        .filter_map(|e| match e {
            Ev::Record { blob: Some(b), .. } => Some(&b[..]),
            _ => None,
        })
        .collect();
    assert_eq!(blobs, [&b"source_file.c"[..], b"f19.1.7f.llmain"]);
    assert_eq!(top_level_boundaries(&data).len(), 4);
    assert_eq!(walk_all(&data), None);
}

#[test]
fn realistic_stream_every_bit_flipped() {
    let data = realistic();
    let (clean, _) = walk(&data);
    // Byte ranges of blob contents: flipping a bit there changes only that
    // blob.
    let blob_ranges = {
        let mut r = BitstreamReader::new(&data);
        let mut ops = Vec::new();
        let mut v = Vec::new();
        while let Some(e) = r.advance().unwrap() {
            match e {
                Entry::SubBlock { .. } => drop(r.enter_block().unwrap()),
                Entry::Record(id) => {
                    if let Some(b) = r.read_record(id, &mut ops).unwrap().blob {
                        let start = b.as_ptr() as usize - data.as_ptr() as usize;
                        v.push(start..start + b.len());
                    }
                }
                _ => {}
            }
        }
        v
    };
    assert_eq!(blob_ranges.len(), 2);
    let mut errors = 0;
    for bit in 0..data.len() * 8 {
        let mut m = data.clone();
        m[bit / 8] ^= 1 << (bit % 8);
        let err = walk_all(&m);
        errors += usize::from(err.is_some());
        if blob_ranges.iter().any(|r| r.contains(&(bit / 8))) {
            let (evs, err) = walk(&m);
            assert_eq!(err, None, "flip in a blob at bit {bit}");
            assert_eq!(evs.len(), clean.len());
            let diffs: Vec<_> = evs.iter().zip(&clean).filter(|(a, b)| a != b).collect();
            assert_eq!(diffs.len(), 1, "only the blob changes (bit {bit})");
            assert!(matches!(diffs[0].0, Ev::Record { blob: Some(_), .. }));
        }
    }
    // Many flips are detected (most hit structure).
    assert!(errors > data.len(), "{errors} errors for {} flips", data.len() * 8);
}

#[test]
fn realistic_stream_truncated_everywhere() {
    let data = realistic();
    let starts = top_level_boundaries(&data);
    for cut in 0..data.len() {
        let t = &data[..cut];
        let err = walk_all(t);
        // The top-level block that the cut falls in.
        let Some(&s) = starts.iter().rev().find(|&&s| s <= cut) else { unreachable!() };
        if cut == s {
            assert_eq!(err, None, "cut at a top-level boundary ({cut}) is a valid stream");
            continue;
        }
        let err = err.unwrap_or_else(|| panic!("truncation at byte {cut} not detected"));
        assert!(err.bit_offset() <= cut as u64 * 8);
        if cut >= s + 8 {
            // The header is complete: its length runs past the input.
            assert!(matches!(err.kind(), ErrorKind::BlockPastEnd { .. }), "cut {cut}: {err}");
            assert_eq!(err.bit_offset(), s as u64 * 8, "cut {cut}");
        } else if cut >= s + 4 {
            assert_eq!(err.kind(), &ErrorKind::UnexpectedEnd { bits: 32 }, "cut {cut}");
            assert_eq!(err.bit_offset(), (s as u64 + 4) * 8, "cut {cut}");
        } else {
            assert!(matches!(err.kind(), ErrorKind::UnexpectedEnd { .. }), "cut {cut}: {err}");
        }
    }
}

/// A reader that only skips top-level blocks checks their lengths just as
/// carefully: every word-aligned cut inside a block is an error.
#[test]
fn realistic_stream_truncated_skipping() {
    let data = realistic();
    let starts = top_level_boundaries(&data);
    for cut in (0..data.len()).step_by(4) {
        let t = &data[..cut];
        let mut r = BitstreamReader::new(t);
        let res = (|| -> Result<(), Error> {
            while let Some(e) = r.advance()? {
                assert!(matches!(e, Entry::SubBlock { .. }));
                r.skip_block()?;
            }
            Ok(())
        })();
        if starts.contains(&cut) {
            res.unwrap();
        } else {
            let err = res.unwrap_err();
            assert!(
                matches!(
                    err.kind(),
                    ErrorKind::BlockPastEnd { .. } | ErrorKind::UnexpectedEnd { .. }
                ),
                "{err}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Inserting and deleting bytes, and overwriting words, anywhere.
    #[test]
    fn realistic_stream_edits(
        edits in prop::collection::vec(
            (0u8..3, any::<prop::sample::Index>(), any::<u8>(), any::<u32>()), 1..6),
    ) {
        let mut m = realistic();
        for (kind, at, byte, word) in edits {
            let i = at.index(m.len() + 1);
            match kind {
                0 => m.insert(i, byte),
                1 if i < m.len() => { m.remove(i); }
                _ => {
                    let i = i & !3;
                    if i + 4 <= m.len() {
                        m[i..i + 4].copy_from_slice(&word.to_le_bytes());
                    }
                }
            }
        }
        walk_all(&m);
    }
}

// ---------------------------------------------------------------------------
// (c) Specific malformed inputs.

/// A top-level ENTER_SUBBLOCK header (block `id`, abbrev width `width`,
/// length `words`), 64 bits.
fn enter(b: &mut BitWriter, outer_width: u32, id: u32, width: u32, words: u32) {
    b.write(1, outer_width);
    b.write_vbr(id.into(), 8);
    b.write_vbr(width.into(), 4);
    b.align32();
    b.write(words.into(), 32);
}

/// A stream whose single top-level block (ID 8, abbrev width 4) holds the
/// fields `body` writes, padded with zero words to `total_bytes` (the block
/// length covering everything); returns the bytes.
fn block_with(total_bytes: usize, body: impl FnOnce(&mut BitWriter)) -> Vec<u8> {
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 4, 0);
    body(&mut b);
    let mut bytes = b.finish();
    if bytes.len() < total_bytes {
        bytes.resize(total_bytes, 0);
    }
    let words = (bytes.len() / 4 - 2) as u32;
    bytes[4..8].copy_from_slice(&words.to_le_bytes());
    bytes
}

/// Writes a DEFINE_ABBREV (abbrev width 4) of `ops`, as the writer would.
fn define(b: &mut BitWriter, ops: &[AbbrevOp]) {
    define_w(b, 4, ops);
}

/// Writes a DEFINE_ABBREV of `ops` in a block with abbrev width `width`.
fn define_w(b: &mut BitWriter, width: u32, ops: &[AbbrevOp]) {
    b.write(2, width);
    b.write_vbr(ops.len() as u64, 5);
    for op in ops {
        match *op {
            AbbrevOp::Literal(v) => {
                b.write(1, 1);
                b.write_vbr(v, 8);
            }
            other => {
                b.write(0, 1);
                b.write(other.encoding().unwrap().into(), 3);
                if let AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) = other {
                    b.write_vbr(w.into(), 5);
                }
            }
        }
    }
}

fn assert_error(data: &[u8], kind: ErrorKind, bit: u64) {
    let (err, largest, _) = measure(|| walk_err(data));
    assert_eq!(err.kind(), &kind, "{err}");
    assert_eq!(err.bit_offset(), bit, "{err}");
    assert!(
        largest <= alloc_bound(data.len()),
        "allocated {largest} bytes for {} bytes",
        data.len()
    );
    walk_all(data);
}

#[test]
fn block_longer_than_input() {
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 3, 1000);
    b.write(0, 64);
    let data = b.finish();
    // Nothing at all is allocated: the length is checked before the block is
    // entered.
    let ((_, err), _, allocs) = measure(|| {
        let mut r = BitstreamReader::new(&data);
        let e = r.advance();
        (e, r.enter_block().unwrap_err())
    });
    assert_eq!(allocs, 0, "allocations before the length check");
    assert_eq!(err.kind(), &ErrorKind::BlockPastEnd { words: 1000 });
    assert_eq!(err.bit_offset(), 0);
    assert_error(&data, ErrorKind::BlockPastEnd { words: 1000 }, 0);
    // Skipping it is refused the same way.
    let mut r = BitstreamReader::new(&data);
    r.advance().unwrap();
    assert_eq!(r.skip_block().unwrap_err().kind(), &ErrorKind::BlockPastEnd { words: 1000 });
    // u32::MAX words.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 3, u32::MAX);
    assert_error(&b.finish(), ErrorKind::BlockPastEnd { words: u32::MAX.into() }, 0);
    // Exactly the input is fine; one word more is not.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 3, 1);
    b.write(0, 32); // END_BLOCK (width 3) and padding
    let ok = b.finish();
    assert_eq!(walk(&ok).1, None);
    let mut bad = ok.clone();
    bad[4] = 2;
    assert_error(&bad, ErrorKind::BlockPastEnd { words: 2 }, 0);
}

#[test]
fn nested_block_longer_than_parent() {
    // Outer block of 4 words; an inner block (at bit 64, inside it) claims
    // 10 words although the input has room: the parent bounds it.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 4, 4);
    enter(&mut b, 4, 9, 4, 10);
    for _ in 0..12 {
        b.write(0, 32);
    }
    let data = b.finish();
    assert_error(&data, ErrorKind::BlockPastEnd { words: 10 }, 64);
}

#[test]
fn array_count_implausible() {
    // Array length 2^31 with 40 bytes of input.
    let mut at = 0;
    let data = block_with(40, |b| {
        define(b, &[AbbrevOp::Literal(1), AbbrevOp::Array, AbbrevOp::Fixed(8)]);
        b.write(4, 4);
        at = b.bit_position();
        b.write_vbr(1 << 31, 6);
    });
    assert_eq!(data.len(), 40);
    assert_error(&data, ErrorKind::ImplausibleSize { count: 1 << 31 }, at);
    // The largest count the rest of the input can hold (the zero padding
    // is valid elements) is read; one more is implausible.
    for (elt, bits) in [
        (AbbrevOp::Fixed(1), 1u64),
        (AbbrevOp::Vbr(2), 2),
        (AbbrevOp::Char6, 6),
        (AbbrevOp::Vbr(32), 32),
    ] {
        let build = |extra: u64, at: &mut u64| {
            block_with(4096, |b| {
                define(b, &[AbbrevOp::Literal(1), AbbrevOp::Array, elt]);
                b.write(4, 4);
                *at = b.bit_position();
                // The count as four VBR6 chunks, whatever its value.
                let n = (4096 * 8 - (*at + 24)) / bits + extra;
                for i in 0..4 {
                    b.write((n >> (5 * i)) & 31 | if i < 3 { 32 } else { 0 }, 6);
                }
            })
        };
        let data = build(0, &mut at);
        let n = (4096 * 8 - (at + 24)) / bits;
        let ((evs, err), largest, _) = measure(|| walk(&data));
        // What is left after the array: zero bits, an END_BLOCK if there
        // are at least 4 of them.
        let rem = (4096 * 8 - (at + 24)) % bits;
        if rem >= 4 {
            assert_eq!(err, None, "{elt:?}");
        } else {
            assert_eq!(err.unwrap().kind(), &ErrorKind::UnexpectedEnd { bits: 4 }, "{elt:?}");
        }
        // Zero bits are 0, or 'a' in char6.
        let zero = if elt == AbbrevOp::Char6 { u64::from(b'a') } else { 0 };
        let rec = Ev::Record { id: 4, code: 1, ops: vec![zero; n as usize], blob: None };
        assert!(evs[2] == rec, "{elt:?}: not {n} elements");
        assert!(largest <= alloc_bound(data.len()), "{largest}");
        let data = build(1, &mut at);
        assert_error(&data, ErrorKind::ImplausibleSize { count: n + 1 }, at);
    }
}

/// Unabbreviated records with an implausible operand count: (input,
/// count, first bit of the count field, bit after it).
fn unabbrev_count_cases() -> Vec<(Vec<u8>, u64, u64, u64)> {
    let mut cases = Vec::new();
    // 2^30 ops in 40 bytes; u32::MAX ops in 1 MB.
    for (count, total) in [(1u64 << 30, 40usize), (u32::MAX.into(), 1 << 20)] {
        let (mut at, mut after) = (0, 0);
        let data = block_with(total, |b| {
            b.write(3, 4);
            b.write_vbr(7, 6);
            at = b.bit_position();
            b.write_vbr(count, 6);
            after = b.bit_position();
        });
        cases.push((data, count, at, after));
    }
    cases
}

/// Like the array count and the DEFINE_ABBREV operand count, an implausible
/// operand count of an unabbreviated record is reported at the start of its
/// field.
#[test]
fn unabbrev_op_count_implausible() {
    for (data, count, at, _) in unabbrev_count_cases() {
        assert_error(&data, ErrorKind::ImplausibleSize { count }, at);
    }
}

#[test]
fn define_abbrev_op_count_implausible() {
    let mut at = 0;
    let data = block_with(64, |b| {
        b.write(2, 4);
        at = b.bit_position();
        b.write_vbr(1 << 20, 5);
    });
    assert_error(&data, ErrorKind::ImplausibleSize { count: 1 << 20 }, at);
    // Zero operands.
    let data = block_with(64, |b| {
        b.write(2, 4);
        at = b.bit_position();
        b.write_vbr(0, 5);
    });
    assert_error(&data, ErrorKind::EmptyAbbrev, at);
}

#[test]
fn invalid_abbrev_encodings() {
    for enc in [0u8, 6, 7] {
        let mut at = 0;
        let data = block_with(64, |b| {
            b.write(2, 4);
            b.write_vbr(2, 5);
            b.write(1, 1);
            b.write_vbr(3, 8); // literal 3
            b.write(0, 1);
            at = b.bit_position();
            b.write(enc.into(), 3);
        });
        assert_error(&data, ErrorKind::InvalidAbbrevEncoding { encoding: enc }, at);
    }
}

#[test]
fn abbrev_width_too_large() {
    for (enc, width) in [(1u64, 33u64), (2, 33), (1, 1 << 40), (2, u32::MAX.into())] {
        let mut at = 0;
        let data = block_with(64, |b| {
            b.write(2, 4);
            b.write_vbr(2, 5);
            b.write(1, 1);
            b.write_vbr(3, 8);
            b.write(0, 1);
            at = b.bit_position();
            b.write(enc, 3);
            b.write_vbr(width, 5);
        });
        assert_error(&data, ErrorKind::AbbrevWidthTooLarge { width }, at);
    }
    // 32 is the limit and fine.
    let data = block_with(0, |b| {
        define(b, &[AbbrevOp::Literal(3), AbbrevOp::Fixed(32), AbbrevOp::Vbr(32)]);
        b.write(0, 4);
    });
    assert_eq!(walk(&data).1, None);
}

#[test]
fn unknown_abbrev_ids() {
    for id in [4u64, 5, 15] {
        let mut at_id = 0;
        let data = block_with(64, |b| {
            if id == 5 {
                define(b, &[AbbrevOp::Literal(1)]);
            }
            at_id = b.bit_position();
            b.write(id, 4);
        });
        // Reported at the ID field, like every other field error.
        assert_error(&data, ErrorKind::UnknownAbbrev { id: id as u32 }, at_id);
    }
    // An abbreviation of a closed sibling block is not visible.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 4, 5);
    enter(&mut b, 4, 9, 4, 1);
    define(&mut b, &[AbbrevOp::Literal(1)]);
    b.write(0, 4);
    b.align32();
    let at_id = b.bit_position();
    b.write(4, 4);
    b.write(0, 32);
    b.write(0, 32);
    let data = b.finish();
    assert_error(&data, ErrorKind::UnknownAbbrev { id: 4 }, at_id);
}

#[test]
fn bad_array_elements() {
    for elt in [
        AbbrevOp::Array,
        AbbrevOp::Blob,
        AbbrevOp::Literal(5),
        AbbrevOp::Fixed(0),
        AbbrevOp::Vbr(0),
    ] {
        let mut at = 0;
        let data = block_with(64, |b| {
            define(b, &[AbbrevOp::Literal(1), AbbrevOp::Array, elt]);
            b.write(4, 4);
            at = b.bit_position();
            b.write_vbr(1, 6);
        });
        assert_error(&data, ErrorKind::BadArrayElement, at);
    }
    // An array that is not second to last.
    let mut at = 0;
    let data = block_with(64, |b| {
        define(b, &[AbbrevOp::Literal(1), AbbrevOp::Array, AbbrevOp::Fixed(8), AbbrevOp::Fixed(8)]);
        b.write(4, 4);
        at = b.bit_position();
        b.write_vbr(1, 6);
    });
    assert_error(&data, ErrorKind::ArrayNotSecondToLast, at);
    let data = block_with(64, |b| {
        define(b, &[AbbrevOp::Literal(1), AbbrevOp::Array]);
        b.write(4, 4);
        at = b.bit_position();
        b.write_vbr(1, 6);
    });
    assert_error(&data, ErrorKind::ArrayNotSecondToLast, at);
}

#[test]
fn abbrev_starting_with_array_or_blob() {
    for first in [AbbrevOp::Array, AbbrevOp::Blob] {
        let mut at = 0;
        let data = block_with(64, |b| {
            define(b, &[first, AbbrevOp::Fixed(8)]);
            b.write(4, 4);
            at = b.bit_position();
        });
        assert_error(&data, ErrorKind::AbbrevStartsWithArrayOrBlob, at);
    }
}

#[test]
fn blob_past_end() {
    for (len, total) in [(100u64, 40usize), (u32::MAX.into(), 64), (5, 19)] {
        let mut b = BitWriter::new();
        enter(&mut b, 2, 8, 4, 0);
        define(&mut b, &[AbbrevOp::Literal(1), AbbrevOp::Blob]);
        b.write(4, 4);
        let at = b.bit_position();
        b.write_vbr(len, 6);
        let mut data = b.finish();
        data.resize(total.max(data.len()), 0xAA);
        let words = (data.len() / 4 - 2) as u32;
        data[4..8].copy_from_slice(&words.to_le_bytes());
        assert_error(&data, ErrorKind::BlobPastEnd { len }, at);
    }
    // A blob that ends exactly at the end of the input (padding included)
    // is read; without its padding it is not.
    let build = |pad: bool| {
        let mut b = BitWriter::new();
        enter(&mut b, 2, 8, 4, 0);
        define(&mut b, &[AbbrevOp::Literal(1), AbbrevOp::Blob]);
        b.write(4, 4);
        b.write_vbr(5, 6);
        b.align32();
        b.write_bytes(b"hello");
        let mut data = b.finish();
        if !pad {
            data.truncate(data.len() - 3);
        }
        let words = (data.len() / 4 - 2) as u32;
        data[4..8].copy_from_slice(&words.to_le_bytes());
        data
    };
    let (evs, err) = walk(&build(true));
    assert!(matches!(err.as_ref().map(Error::kind), Some(ErrorKind::UnexpectedEnd { .. })));
    assert!(evs.iter().any(|e| matches!(e, Ev::Record { blob: Some(b), .. } if b == b"hello")));
    let err = walk_err(&build(false));
    assert_eq!(err.kind(), &ErrorKind::BlobPastEnd { len: 5 });
}

#[test]
fn end_block_at_top_level() {
    assert_error(&[0, 0, 0, 0], ErrorKind::EndBlockAtTopLevel, 0);
    // After a complete block.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 3, 1);
    b.write(0, 32); // END_BLOCK, aligned
    b.write(0, 2); // END_BLOCK at the top level
    let data = b.finish();
    assert_error(&data, ErrorKind::EndBlockAtTopLevel, 96);
}

#[test]
fn bad_abbrev_width_in_enter_subblock() {
    for width in [0u32, 33, 1000, u32::MAX] {
        let mut b = BitWriter::new();
        b.write(0, 32);
        b.write(0, 32);
        let mut data = b.finish();
        let mut b = BitWriter::new();
        b.write(1, 2);
        b.write_vbr(8, 8);
        b.write_vbr(width.into(), 4);
        b.align32();
        b.write(1, 32);
        let mut hdr = b.finish();
        hdr.append(&mut data);
        assert_error(&hdr, ErrorKind::BadAbbrevWidth { width }, 0);
        // Also refused when skipping: the header is the same.
        let mut r = BitstreamReader::new(&hdr);
        r.advance().unwrap();
        assert_eq!(r.skip_block().unwrap_err().kind(), &ErrorKind::BadAbbrevWidth { width });
    }
    // Nested, at bit 64.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 8, 4, 4);
    enter(&mut b, 4, 9, 0, 1);
    b.write(0, 64);
    assert_error(&b.finish(), ErrorKind::BadAbbrevWidth { width: 0 }, 64);
}

/// `n` nested blocks (ID 8, abbrev width 2), written with the writer.
fn deep(n: usize) -> Vec<u8> {
    let mut w = BitstreamWriter::new();
    for _ in 0..n {
        w.enter_block(8, 2);
    }
    w.emit_record(1, &[1], None).unwrap();
    w.finish()
}

#[test]
fn nesting_too_deep() {
    let data = deep(10_000);
    // Every header is 64 bits: block k starts at bit 64 k.
    for limit in [DEFAULT_MAX_DEPTH, 4, 1] {
        let (evs, err) = measure(|| walk_with(&data, Mode::EnterAll, limit)).0;
        let err = err.unwrap();
        assert_eq!(err.kind(), &ErrorKind::NestingTooDeep { limit });
        assert_eq!(err.bit_offset(), 64 * limit as u64);
        assert_eq!(evs.len(), limit, "entered exactly {limit} blocks");
    }
    assert_error(&data, ErrorKind::NestingTooDeep { limit: 256 }, 64 * 256);
    // The refused block can still be skipped, and the walk goes on.
    let mut r = BitstreamReader::with_max_depth(&data, 4);
    for _ in 0..4 {
        r.advance().unwrap();
        r.enter_block().unwrap();
    }
    r.advance().unwrap();
    r.enter_block().unwrap_err();
    let h = r.skip_block().unwrap();
    assert_eq!(h.start_bit, 256);
    for _ in 0..4 {
        assert_eq!(r.advance().unwrap(), Some(Entry::EndBlock));
    }
    assert_eq!(r.advance().unwrap(), None);
    // max_depth 0: not even one block.
    let (evs, err) = walk_with(&data, Mode::EnterAll, 0);
    assert!(evs.is_empty());
    assert_eq!(err.unwrap().kind(), &ErrorKind::NestingTooDeep { limit: 0 });
    // Exactly at the limit is fine.
    assert_eq!(walk(&deep(256)).1, None);
    assert_eq!(walk_with(&deep(4), Mode::EnterAll, 4).1, None);
}

#[test]
fn malformed_blockinfo() {
    // DEFINE_ABBREV before SETBID.
    let mut b = BitWriter::new();
    enter(&mut b, 2, 0, 2, 0);
    b.write(2, 2);
    let at = b.bit_position();
    b.write_vbr(1, 5);
    b.write(1, 1);
    b.write_vbr(1, 8);
    let mut data = b.finish();
    data.resize(32, 0);
    let words = (data.len() / 4 - 2) as u32;
    data[4..8].copy_from_slice(&words.to_le_bytes());
    assert_error(&data, ErrorKind::MalformedBlockInfo, at);

    // BLOCKNAME before SETBID; SETBID without operand; SETRECORDNAME without
    // operands: all after reading the record.
    for (code, ops) in [(2u64, vec![b'x' as u64]), (1, vec![]), (3, vec![])] {
        let mut b = BitWriter::new();
        enter(&mut b, 2, 0, 2, 0);
        if code == 3 {
            b.write(3, 2);
            b.write_vbr(1, 6);
            b.write_vbr(1, 6);
            b.write_vbr(8, 6);
        }
        b.write(3, 2);
        b.write_vbr(code, 6);
        b.write_vbr(ops.len() as u64, 6);
        for &v in &ops {
            b.write_vbr(v, 6);
        }
        let after = b.bit_position();
        let mut data = b.finish();
        data.resize(32, 0);
        let words = (data.len() / 4 - 2) as u32;
        data[4..8].copy_from_slice(&words.to_le_bytes());
        assert_error(&data, ErrorKind::MalformedBlockInfo, after);
    }
}

/// Streams with a VBR field too long for its result: (input, limit, first
/// bit of the field, bit after its last chunk).
fn vbr_too_long_cases() -> Vec<(Vec<u8>, u32, u64, u64)> {
    let mut cases = Vec::new();
    // An operand of an unabbreviated record with 13 continued VBR6 chunks.
    let mut at = 0;
    let data = block_with(64, |b| {
        b.write(3, 4);
        b.write_vbr(1, 6);
        b.write_vbr(1, 6);
        at = b.bit_position();
        for _ in 0..13 {
            b.write(0x3F, 6);
        }
    });
    cases.push((data, 64, at, at + 13 * 6));
    // A record code wider than 32 bits.
    let data = block_with(64, |b| {
        b.write(3, 4);
        at = b.bit_position();
        b.write_vbr(1 << 32, 6);
        b.write_vbr(0, 6);
    });
    cases.push((data, 32, at, at + 7 * 6));
    // A block ID wider than 32 bits.
    let mut b = BitWriter::new();
    b.write(1, 2);
    b.write_vbr(1 << 33, 8);
    b.write(0, 64);
    cases.push((b.finish(), 32, 2, 2 + 5 * 8));
    // A Vbr(8) abbreviation operand with a final chunk above bit 63.
    let data = block_with(64, |b| {
        define(b, &[AbbrevOp::Literal(1), AbbrevOp::Vbr(8)]);
        b.write(4, 4);
        at = b.bit_position();
        for _ in 0..9 {
            b.write(0xFF, 8);
        }
        b.write(0x02, 8); // payload 2 at bit 63: bit 64 set
    });
    cases.push((data, 64, at, at + 10 * 8));
    cases
}

#[test]
fn vbr_too_long_in_stream() {
    for (data, limit, start, end) in vbr_too_long_cases() {
        let (err, largest, _) = measure(|| walk_err(&data));
        assert_eq!(err.kind(), &ErrorKind::VbrTooLong { limit }, "{err}");
        // At the first bit of the field, like the other field errors.
        assert_eq!(err.bit_offset(), start, "{err}: field {start}..{end}");
        assert!(largest <= alloc_bound(data.len()));
        walk_all(&data);
    }
}

#[test]
fn no_pending_block() {
    let data = deep(1);
    let mut r = BitstreamReader::new(&data);
    assert_eq!(r.enter_block().unwrap_err().kind(), &ErrorKind::NoPendingBlock);
    assert_eq!(r.skip_block().unwrap_err().kind(), &ErrorKind::NoPendingBlock);
    r.advance().unwrap();
    r.enter_block().unwrap();
    assert_eq!(r.enter_block().unwrap_err().kind(), &ErrorKind::NoPendingBlock);
    assert_eq!(r.advance().unwrap(), Some(Entry::Record(3)));
    assert_eq!(r.skip_block().unwrap_err().kind(), &ErrorKind::NoPendingBlock);
}

// ---------------------------------------------------------------------------
// (d) Memory bound with huge length fields.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// A huge count in any of the length fields of an otherwise plausible
    /// stream never leads to a large allocation.
    #[test]
    fn huge_length_fields_allocate_little(
        which in 0u8..5,
        count in prop_oneof![Just(u32::MAX as u64), (1u64 << 20)..(1u64 << 32), 0u64..100_000],
        filler in prop::collection::vec(any::<u8>(), 0..4096),
        elt in prop_oneof![Just(AbbrevOp::Fixed(1)), Just(AbbrevOp::Char6), Just(AbbrevOp::Vbr(2))],
    ) {
        let data = block_with(0, |b| match which {
            0 => {
                define(b, &[AbbrevOp::Literal(1), AbbrevOp::Array, elt]);
                b.write(4, 4);
                b.write_vbr(count, 6);
                b.write_bytes(&filler);
            }
            1 => {
                b.write(3, 4);
                b.write_vbr(1, 6);
                b.write_vbr(count, 6);
                b.write_bytes(&filler);
            }
            2 => {
                define(b, &[AbbrevOp::Literal(1), AbbrevOp::Vbr(6), AbbrevOp::Blob]);
                b.write(4, 4);
                b.write_vbr(3, 6);
                b.write_vbr(count, 6);
                b.write_bytes(&filler);
            }
            3 => {
                b.write(2, 4);
                b.write_vbr(count, 5);
                b.write_bytes(&filler);
            }
            _ => {
                b.write(1, 4);
                b.write_vbr(9, 8);
                b.write_vbr(3, 4);
                b.align32();
                b.write(count & 0xFFFF_FFFF, 32);
                b.write_bytes(&filler);
            }
        });
        let (_, largest, _) = measure(|| walk(&data));
        prop_assert!(largest <= alloc_bound(data.len()), "{} bytes for {} input bytes", largest, data.len());
        walk_all(&data);
    }
}

/// Many BLOCKINFO abbreviations for one block ID, then that block nested
/// as deep as the reader allows. A reader that copies the BLOCKINFO
/// abbreviations into every nested block's scope needs depth ×
/// abbreviations memory (20 MB in one allocation for this 30 KB input, 460
/// MB for 550 KB before the fix); it must stay within the bound.
#[test]
fn blockinfo_abbrevs_times_depth_allocate_little() {
    let abbrevs = 20_000;
    let mut w = BitstreamWriter::new();
    w.enter_blockinfo_block();
    for _ in 0..abbrevs {
        w.define_blockinfo_abbrev(8, Abbrev::new([AbbrevOp::Char6])).unwrap();
    }
    w.exit_block().unwrap();
    for _ in 0..DEFAULT_MAX_DEPTH {
        w.enter_block(8, 2);
    }
    let data = w.finish();
    assert!(data.len() < 40_000, "{}", data.len());
    let ((evs, err), largest, _) = measure(|| walk(&data));
    assert_eq!(err, None);
    assert_eq!(evs.iter().filter(|e| matches!(e, Ev::Enter(_))).count(), DEFAULT_MAX_DEPTH + 1);
    assert!(
        largest <= alloc_bound(data.len()),
        "one allocation of {largest} bytes for {} input bytes",
        data.len()
    );
}

/// Many distinct block IDs in BLOCKINFO (descending). Inserting each
/// `SETBID` at the front of a sorted vector is quadratic (22 s in debug for
/// these 80 000 SETBIDs, about 330 KB; two minutes in release for 735 KB
/// before the fix); the walk must take well under two seconds.
#[test]
fn many_setbids_take_linear_time() {
    let n = 80_000u64;
    let mut w = BitstreamWriter::new();
    w.enter_blockinfo_block();
    for i in (1..=n).rev() {
        w.emit_record(1, &[i], None).unwrap();
    }
    w.exit_block().unwrap();
    let data = w.finish();
    let t = std::time::Instant::now();
    let (evs, err) = walk(&data);
    let took = t.elapsed();
    assert_eq!(err, None);
    assert_eq!(evs.len(), n as usize + 2);
    assert!(took < std::time::Duration::from_secs(2), "{n} SETBIDs took {took:?}");
}

/// The record decoder reads optimistically and checks the end once per
/// record; a VBR operand that is too long for 64 bits must still be
/// reported at its own first bit, whichever window (first or second) it
/// overflows in, in unabbreviated records and in VBR arrays alike.
#[test]
fn overlong_vbr_operands_in_records() {
    // Raw VBR6 chunk sequences (payloads, continuation added) that LLVM's
    // ReadVBR64 rejects: 14 chunks, and 13 chunks with payload above bit 63.
    let overlong: [Vec<u64>; 2] = [vec![31; 14], {
        let mut v = vec![31; 12];
        v.push(0b10000);
        v
    }];
    for chunks in &overlong {
        for abbreviated in [false, true] {
            let mut at = 0;
            let data = block_with(256, |b| {
                if abbreviated {
                    define(b, &[AbbrevOp::Literal(9), AbbrevOp::Array, AbbrevOp::Vbr(6)]);
                    b.write(4, 4);
                    b.write_vbr(3, 6);
                } else {
                    b.write(3, 4);
                    b.write_vbr(9, 6);
                    b.write_vbr(3, 6);
                }
                b.write_vbr(u64::MAX, 6);
                at = b.bit_position();
                for (i, &c) in chunks.iter().enumerate() {
                    let more = if i + 1 < chunks.len() { 32 } else { 0 };
                    b.write(c | more, 6);
                }
                b.write_vbr(1, 6);
            });
            assert_error(&data, ErrorKind::VbrTooLong { limit: 64 }, at);
        }
    }
}

/// Long operands (9 to 13 VBR6 chunks: one or two windows) cut off at
/// every byte: the error is at the first bit of the first operand the cut
/// leaves incomplete, exactly as a field-by-field read reports it.
#[test]
fn long_vbr_operands_truncated_everywhere() {
    let values = [u64::MAX, 1 << 45, (1 << 45) - 1, 1 << 63, 0x0123_4567_89ab_cdef];
    let mut b = BitWriter::new();
    // A top-level unabbreviated record (abbreviation IDs are 2 bits wide).
    b.write(3, 2);
    b.write_vbr(9, 6);
    let count_at = b.bit_position();
    b.write_vbr(values.len() as u64, 6);
    let ops_at = b.bit_position();
    let mut spans = Vec::new();
    for &v in &values {
        let start = b.bit_position();
        b.write_vbr(v, 6);
        spans.push((start, b.bit_position()));
    }
    let full = b.finish();
    let mut ops = Vec::new();
    let mut r = BitstreamReader::new(&full);
    let Some(Entry::Record(id)) = r.advance().unwrap() else { panic!("no record") };
    r.read_record(id, &mut ops).unwrap();
    assert_eq!(ops, values);
    let mut checked = 0;
    for cut in (ops_at.div_ceil(8) as usize)..full.len() {
        let cut_bits = cut as u64 * 8;
        let Some(&(first_cut, _)) = spans.iter().find(|&&(_, end)| end > cut_bits) else {
            continue;
        };
        let data = &full[..cut];
        let mut r = BitstreamReader::new(data);
        let Some(Entry::Record(id)) = r.advance().unwrap() else { panic!("no record") };
        let err = r.read_record(id, &mut ops).unwrap_err();
        if cut_bits - ops_at < values.len() as u64 * 6 {
            let count = values.len() as u64;
            assert_eq!(err.kind(), &ErrorKind::ImplausibleSize { count }, "cut {cut}: {err}");
            assert_eq!(err.bit_offset(), count_at, "cut {cut}: {err}");
        } else {
            assert!(matches!(err.kind(), ErrorKind::UnexpectedEnd { .. }), "cut {cut}: {err}");
            assert_eq!(err.bit_offset(), first_cut, "cut {cut}: {err}");
        }
        checked += 1;
    }
    assert!(checked > 30, "only {checked} cuts checked");
}
