//! The analyzer on malformed input: truncations of a real file at every
//! block boundary and at random points, impossible block lengths,
//! corrupted abbreviation definitions, unknown abbreviation IDs, blobs past
//! the end and 10 000-deep nesting all give an error that names the problem
//! and its bit offset — never a panic, never unbounded output.

mod support;

use llvmext::bitcode::analyzer::{analyze, AnalyzeError, Options};
use llvmext::core::bitstream::{BitstreamReader, BitstreamWriter, Entry};
use support::corpus_file;

fn run(data: &[u8]) -> Result<Vec<u8>, AnalyzeError> {
    let mut out = Vec::new();
    let opts = Options { dump: true, ..Options::default() };
    analyze(data, "x.bc", &opts, &mut out).map(|()| out)
}

/// The error must say where: "... at bit N" with N inside the input.
fn assert_located(e: &AnalyzeError, len: usize) {
    let text = e.to_string();
    let bit: u64 = text
        .rsplit_once("at bit ")
        .and_then(|(_, n)| n.parse().ok())
        .unwrap_or_else(|| panic!("no bit offset in {text:?}"));
    assert!(bit <= len as u64 * 8 + 32, "{text}: past the input ({len} bytes)");
}

/// Byte offsets of every block start and end in `data` (a raw stream).
fn block_boundaries(data: &[u8]) -> Vec<usize> {
    let mut r = BitstreamReader::new(&data[4..]);
    let mut cuts = Vec::new();
    while let Some(e) = r.advance().unwrap() {
        match e {
            Entry::SubBlock { .. } => {
                let h = r.enter_block().unwrap();
                cuts.push(4 + (h.start_bit / 8) as usize);
                cuts.push(4 + (h.body_bit / 8) as usize);
            }
            Entry::EndBlock => cuts.push(4 + (r.bit_position() / 8) as usize),
            Entry::Record(id) => {
                r.skip_record(id).unwrap();
            }
            Entry::DefineAbbrev => {}
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

#[test]
fn truncations_at_every_block_boundary() {
    let f = corpus_file("c/interp.O2.g");
    let data = f.read();
    assert!(run(&data).is_ok());
    let cuts = block_boundaries(&data);
    assert!(cuts.len() > 50, "{} boundaries", cuts.len());
    let mut errors = 0;
    for &cut in &cuts {
        for len in [cut.saturating_sub(1), cut, cut + 1, cut + 4] {
            if len >= data.len() {
                continue;
            }
            match run(&data[..len]) {
                Ok(_) => {}
                Err(e) => {
                    assert_located(&e, len);
                    errors += 1;
                }
            }
        }
    }
    // Only cuts between top-level blocks leave a valid stream.
    assert!(errors > cuts.len(), "{errors} errors for {} cuts", cuts.len());
}

#[test]
fn corrupted_words_never_panic() {
    let data = corpus_file("zlib/inflate.O2.g").read();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..400 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mut bad = data.clone();
        let at = 4 + (x as usize % (bad.len() - 4));
        bad[at] ^= 1 << ((x >> 60) & 7);
        if let Err(e) = run(&bad) {
            assert_located(&e, bad.len());
        }
    }
}

fn stream(build: impl FnOnce(&mut BitstreamWriter)) -> Vec<u8> {
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    build(&mut w);
    w.finish()
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let data = stream(|w| {
        for _ in 0..10_000 {
            w.enter_block(8, 2);
        }
    });
    let e = run(&data).unwrap_err();
    assert!(e.to_string().contains("nested deeper than"), "{e}");
    assert_located(&e, data.len());
}

#[test]
fn impossible_block_length() {
    let mut data = stream(|w| {
        w.enter_block(8, 3);
        w.emit_record(1, &[2], None).unwrap();
        w.exit_block().unwrap();
    });
    // The length word of the block (after magic, 2+8+4 bits, aligned).
    data[8..12].copy_from_slice(&0x7fff_ffffu32.to_le_bytes());
    let e = run(&data).unwrap_err();
    assert!(e.to_string().contains("runs past the end"), "{e}");
    assert_located(&e, data.len());
}

#[test]
fn unknown_abbreviation_and_bad_definitions() {
    // Abbreviation ID 5 with no abbreviation defined.
    let mut b = llvmext::core::bits::BitWriter::new();
    b.write_bytes(b"BC\xC0\xDE");
    b.write(1, 2); // ENTER_SUBBLOCK
    b.write_vbr(8, 8);
    b.write_vbr(3, 4);
    b.align32();
    b.write(2, 32);
    b.write(5, 3);
    b.write(0, 32);
    let data = b.finish();
    let e = run(&data).unwrap_err();
    assert!(e.to_string().contains("invalid abbreviation ID 5"), "{e}");
    assert_located(&e, data.len());

    // DEFINE_ABBREV with encoding 7.
    let mut b = llvmext::core::bits::BitWriter::new();
    b.write_bytes(b"BC\xC0\xDE");
    b.write(1, 2);
    b.write_vbr(8, 8);
    b.write_vbr(3, 4);
    b.align32();
    b.write(2, 32);
    b.write(2, 3); // DEFINE_ABBREV
    b.write_vbr(1, 5);
    b.write(0, 1);
    b.write(7, 3);
    b.write(0, 32);
    let data = b.finish();
    let e = run(&data).unwrap_err();
    assert!(e.to_string().contains("encoding 7"), "{e}");
    assert_located(&e, data.len());
}

#[test]
fn blob_past_the_end() {
    use llvmext::core::bitstream::{Abbrev, AbbrevOp};
    let mut data = stream(|w| {
        w.enter_block(8, 3);
        let a = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(1), AbbrevOp::Blob])).unwrap();
        w.emit_record_with_blob(1, &[], &[0xAA; 64], Some(a)).unwrap();
        w.exit_block().unwrap();
    });
    data.truncate(data.len() - 40);
    let e = run(&data).unwrap_err();
    assert_located(&e, data.len());
}
