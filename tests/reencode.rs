//! Re-encoding every corpus file through `BitstreamWriter` gives back the
//! same bytes: clang-19 (C at -O0/-O2, with and without -g, real-world C),
//! rustc (LLVM 22), llvm-as-19, a wrapper file, llvm-cat-19 multi-module
//! files, ThinLTO modules, bitcode extracted from objects (`.llvmbc`,
//! `.llvm.lto`), and the non-IR bitstreams clang writes (serialized
//! diagnostics, remarks).

mod support;

use llvmext::bitcode::reencode::reencode;
use support::{corpus, other_bitstreams};

#[test]
fn every_corpus_file_reencodes_byte_identically() {
    let mut failures = Vec::new();
    let files = corpus();
    assert!(files.len() >= 70, "corpus too small: {}", files.len());
    assert!(other_bitstreams().len() >= 4, "too few non-IR bitstreams");
    for f in files.iter().chain(other_bitstreams()) {
        let data = f.read();
        match reencode(&data) {
            Ok(out) if out == data => {}
            Ok(out) => {
                let at = out
                    .iter()
                    .zip(&data)
                    .position(|(a, b)| a != b)
                    .unwrap_or(out.len().min(data.len()));
                failures.push(format!(
                    "{}: {} bytes vs {} bytes, first difference at byte {at}",
                    f.name,
                    out.len(),
                    data.len()
                ));
            }
            Err(e) => failures.push(format!("{}: error: {e}", f.name)),
        }
    }
    assert!(failures.is_empty(), "{} files differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_changed_file_is_detected() {
    // The comparison above looks at the input, not at a fixed answer: a
    // different valid file re-encodes to itself, not to the original.
    use llvmext::core::bitstream::BitstreamWriter;
    let mut w = BitstreamWriter::new();
    w.emit_magic(*b"BC\xC0\xDE");
    w.enter_block(8, 3);
    w.emit_record(1, &[5], None).unwrap();
    w.exit_block().unwrap();
    let mut bytes = w.finish();
    let canonical = bytes.clone();
    assert_eq!(reencode(&bytes).unwrap(), canonical);
    // Flip one bit in the record's operand: still valid, different bytes.
    bytes[12] ^= 0x40;
    let again = reencode(&bytes).unwrap();
    assert_eq!(again, bytes, "a valid variant re-encodes to itself");
    assert_ne!(again, canonical);
}
