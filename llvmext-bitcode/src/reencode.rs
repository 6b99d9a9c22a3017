//! Re-encoding: read a bitstream file and write it back through
//! [`BitstreamWriter`], entry for entry — the same magic, blocks and
//! abbreviation widths, the same abbreviation definitions (local and in
//! `BLOCKINFO`), the same records with the same abbreviations, the same
//! blobs. For a file written by LLVM the result is byte-identical, which
//! shows that the writer half of the container lays out bits exactly as
//! LLVM's `BitstreamWriter`.
//!
//! ```
//! use llvmext_bitcode::reencode::reencode;
//! use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
//!
//! let mut w = BitstreamWriter::new();
//! w.emit_magic(*b"BC\xC0\xDE");
//! w.enter_block(8, 3);
//! let a = w.define_abbrev(Abbrev::new([AbbrevOp::Literal(16), AbbrevOp::Array, AbbrevOp::Char6])).unwrap();
//! w.emit_record(16, &b"x.c".map(u64::from), Some(a)).unwrap();
//! w.exit_block().unwrap();
//! let original = w.finish();
//! assert_eq!(reencode(&original).unwrap(), original);
//! ```

use llvmext_core::bitstream::{
    Abbrev, BitstreamReader, BitstreamWriter, Entry, BLOCKINFO_BLOCK_ID,
};
use llvmext_core::magic::{self, WrapperHeader};
use llvmext_core::{Error, ErrorKind};

/// Reads `data` (a bitstream with its 4-byte magic, optionally inside a
/// bitcode wrapper) and writes it again with [`BitstreamWriter`]. A wrapper
/// header and whatever follows the wrapped stream (padding) are copied.
pub fn reencode(data: &[u8]) -> Result<Vec<u8>, Error> {
    if magic::identify(data) == magic::StreamKind::Wrapper {
        let header = WrapperHeader::parse(data)?;
        let inner = header.contents(data)?;
        let start = header.offset as usize;
        let mut out = data[..start].to_vec();
        out.extend_from_slice(&reencode_stream(inner).map_err(|e| e.offset_by(start as u64 * 8))?);
        out.extend_from_slice(&data[start + inner.len()..]);
        return Ok(out);
    }
    reencode_stream(data)
}

fn reencode_stream(data: &[u8]) -> Result<Vec<u8>, Error> {
    let Some(magic) = data.get(..4) else {
        return Err(Error::new(ErrorKind::UnexpectedEnd { bits: 32 }, 0));
    };
    let mut r = BitstreamReader::new(&data[4..]);
    let mut w = BitstreamWriter::with_capacity(data.len());
    w.emit_magic([magic[0], magic[1], magic[2], magic[3]]);
    let mut ops = Vec::with_capacity(64);
    // The block ID of the last SETBID inside the BLOCKINFO block being read.
    let mut setbid: Option<u32> = None;
    // Reader errors are relative to the stream after its magic; writer
    // errors (input the writer cannot reproduce) are reported at the
    // reader's position. Both as offsets in the input, magic included.
    let rd = |e: Error| e.offset_by(32);
    let wr =
        |r: &BitstreamReader<'_>, e: Error| Error::new(e.kind().clone(), r.bit_position() + 32);
    while let Some(entry) = r.advance().map_err(rd)? {
        match entry {
            Entry::SubBlock { block_id } => {
                let h = r.enter_block().map_err(rd)?;
                w.enter_block(block_id, h.abbrev_width);
                if block_id == BLOCKINFO_BLOCK_ID {
                    setbid = None;
                }
            }
            Entry::EndBlock => {
                w.exit_block().map_err(|e| wr(&r, e))?;
            }
            Entry::DefineAbbrev => {
                let ops = if r.block_id() == Some(BLOCKINFO_BLOCK_ID) {
                    let bid = setbid.ok_or_else(|| {
                        Error::new(ErrorKind::MalformedBlockInfo, r.bit_position() + 32)
                    })?;
                    let info = r.block_info();
                    let n = info.entry(bid).map_or(0, |e| e.num_abbrevs());
                    info.abbrev(bid, n.wrapping_sub(1))
                } else {
                    r.abbrev(3 + r.num_abbrevs() as u32)
                };
                let Some(ops) = ops else {
                    return Err(Error::new(ErrorKind::MalformedBlockInfo, r.bit_position() + 32));
                };
                w.define_abbrev(Abbrev::new(ops.iter().copied())).map_err(|e| wr(&r, e))?;
            }
            Entry::Record(id) => {
                let rec = r.read_record(id, &mut ops).map_err(rd)?;
                if r.block_id() == Some(BLOCKINFO_BLOCK_ID) && rec.code == 1 {
                    setbid = ops.first().map(|&b| b as u32);
                }
                let abbrev = (id != 3).then_some(id);
                match rec.blob {
                    Some(blob) => w.emit_record_with_blob(rec.code, &ops, blob, abbrev),
                    None => w.emit_record(rec.code, &ops, abbrev),
                }
                .map_err(|e| wr(&r, e))?;
            }
        }
    }
    Ok(w.finish())
}
