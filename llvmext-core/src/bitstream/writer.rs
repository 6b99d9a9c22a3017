//! The bitstream writer: LLVM's `BitstreamWriter`.

use alloc::vec::Vec;

use super::{
    abbrev_id, blockinfo_code, Abbrev, AbbrevOp, Abbrevs, BlockInfo, ScopeAbbrevs,
    BLOCKINFO_BLOCK_ID, BLOCK_ID_WIDTH, BLOCK_SIZE_WIDTH, CODE_LEN_WIDTH, MAX_CHUNK_WIDTH,
    TOP_LEVEL_ABBREV_WIDTH,
};
use crate::bits::{encode_char6, BitWriter};
use crate::error::{Error, ErrorKind, Result};

#[derive(Debug, Clone, Copy)]
struct Scope {
    block_id: u32,
    size_word_bit: u64,
    prev_width: u32,
    saved: ScopeAbbrevs,
    prev_blockinfo_bid: Option<u32>,
}

/// Writes a bitstream bit for bit as LLVM's `BitstreamWriter`: blocks with
/// backpatched lengths, abbreviations (local or registered in `BLOCKINFO`),
/// records with or without an abbreviation, blobs.
///
/// Records are checked against their abbreviation; a record that does not fit
/// returns an error and leaves the stream as it was before the call.
///
/// ```
/// use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
///
/// let mut w = BitstreamWriter::new();
/// w.emit_magic(*b"BC\xC0\xDE");
/// // BLOCKINFO: an abbreviation for every block with ID 14.
/// w.enter_blockinfo_block();
/// let id = w
///     .define_blockinfo_abbrev(14, Abbrev::new([AbbrevOp::Fixed(3), AbbrevOp::Vbr(8)]))
///     .unwrap();
/// w.exit_block().unwrap();
/// w.enter_block(14, 4);
/// w.emit_record(1, &[300], Some(id)).unwrap();
/// w.emit_record_with_blob(2, &[], b"raw bytes", None).unwrap_err(); // a blob needs an abbreviation
/// w.exit_block().unwrap();
/// let bytes = w.finish();
/// assert_eq!(&bytes[..4], b"BC\xC0\xDE");
/// assert_eq!(bytes.len() % 4, 0);
/// ```
#[derive(Debug, Clone)]
pub struct BitstreamWriter {
    bits: BitWriter,
    width: u32,
    scopes: Vec<Scope>,
    abbrevs: Abbrevs,
    blockinfo_bid: Option<u32>,
    in_blockinfo: bool,
}

impl Default for BitstreamWriter {
    fn default() -> Self {
        Self::new()
    }
}

impl BitstreamWriter {
    /// An empty writer at the top level.
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// An empty writer with room for `bytes` bytes of output.
    pub fn with_capacity(bytes: usize) -> Self {
        BitstreamWriter {
            bits: BitWriter::with_capacity(bytes),
            width: TOP_LEVEL_ABBREV_WIDTH,
            scopes: Vec::new(),
            abbrevs: Abbrevs::new(),
            blockinfo_bid: None,
            in_blockinfo: false,
        }
    }

    /// The bit-level writer underneath, for raw fields.
    pub fn bits_mut(&mut self) -> &mut BitWriter {
        &mut self.bits
    }

    /// The number of bits written so far.
    pub fn bit_position(&self) -> u64 {
        self.bits.bit_position()
    }

    /// How many blocks are open.
    pub fn depth(&self) -> usize {
        self.scopes.len()
    }

    /// The abbreviation-ID width in force.
    pub fn abbrev_width(&self) -> u32 {
        self.width
    }

    /// What has been registered through `BLOCKINFO` so far.
    pub fn block_info(&self) -> &BlockInfo {
        &self.abbrevs.info
    }

    /// Writes a 4-byte magic (normally at the very start).
    pub fn emit_magic(&mut self, magic: [u8; 4]) {
        self.bits.write_bytes(&magic);
    }

    /// Opens a block with ID `block_id` whose abbreviation IDs are
    /// `abbrev_width` bits wide. Abbreviations registered in `BLOCKINFO` for
    /// `block_id` become available as IDs 4, 5, …; opening block 0 starts a
    /// new `BLOCKINFO`.
    ///
    /// # Panics
    /// If `abbrev_width` is 0 or greater than 32.
    pub fn enter_block(&mut self, block_id: u32, abbrev_width: u32) {
        assert!(
            (1..=MAX_CHUNK_WIDTH).contains(&abbrev_width),
            "abbreviation ID width must be in 1..=32"
        );
        self.bits.write(abbrev_id::ENTER_SUBBLOCK.into(), self.width);
        self.bits.write_vbr(block_id.into(), BLOCK_ID_WIDTH);
        self.bits.write_vbr(abbrev_width.into(), CODE_LEN_WIDTH);
        self.bits.align32();
        let size_word_bit = self.bits.bit_position();
        self.bits.write(0, BLOCK_SIZE_WIDTH);
        let saved = self.abbrevs.enter(block_id);
        self.scopes.push(Scope {
            block_id,
            size_word_bit,
            prev_width: self.width,
            saved,
            prev_blockinfo_bid: self.blockinfo_bid,
        });
        self.width = abbrev_width;
        self.in_blockinfo = block_id == BLOCKINFO_BLOCK_ID;
        self.blockinfo_bid = None;
    }

    /// Opens the `BLOCKINFO` block with 2-bit abbreviation IDs, as LLVM's
    /// `EnterBlockInfoBlock`.
    pub fn enter_blockinfo_block(&mut self) {
        self.enter_block(BLOCKINFO_BLOCK_ID, 2);
    }

    /// Closes the innermost block: writes `END_BLOCK`, aligns to 32 bits and
    /// backpatches the block's length.
    pub fn exit_block(&mut self) -> Result<()> {
        let Some(scope) = self.scopes.pop() else {
            return Err(Error::new(ErrorKind::NoOpenBlock, self.bits.bit_position()));
        };
        self.bits.write(abbrev_id::END_BLOCK.into(), self.width);
        self.bits.align32();
        let words = (self.bits.bit_position() - scope.size_word_bit - 32) / 32;
        self.bits.backpatch_u32(scope.size_word_bit, words as u32);
        self.abbrevs.exit(scope.saved);
        self.width = scope.prev_width;
        self.in_blockinfo = self.scopes.last().is_some_and(|s| s.block_id == BLOCKINFO_BLOCK_ID);
        self.blockinfo_bid = scope.prev_blockinfo_bid;
        Ok(())
    }

    fn encode_abbrev(&mut self, abbrev: &Abbrev) {
        self.bits.write(abbrev_id::DEFINE_ABBREV.into(), self.width);
        self.bits.write_vbr(abbrev.ops().len() as u64, 5);
        for op in abbrev.ops() {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.bits.write(1, 1);
                    self.bits.write_vbr(v, 8);
                }
                other => {
                    self.bits.write(0, 1);
                    self.bits.write(other.encoding().unwrap_or(0).into(), 3);
                    if let AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) = other {
                        self.bits.write_vbr(w.into(), 5);
                    }
                }
            }
        }
    }

    /// Writes a `DEFINE_ABBREV` and returns the abbreviation's ID. In the
    /// current block this is the next free ID; inside `BLOCKINFO` the
    /// abbreviation is registered for the block ID of the last `SETBID`
    /// (an error if there was none) and the ID it will have there is
    /// returned.
    pub fn define_abbrev(&mut self, abbrev: Abbrev) -> Result<u32> {
        let at = self.bits.bit_position();
        abbrev.validate().map_err(|k| Error::new(k, at))?;
        if self.in_blockinfo {
            let Some(bid) = self.blockinfo_bid else {
                return Err(Error::new(ErrorKind::MalformedBlockInfo, at));
            };
            self.encode_abbrev(&abbrev);
            let n = self.abbrevs.info.add_abbrev(bid, abbrev.ops());
            return Ok(abbrev_id::FIRST_APPLICATION_ABBREV + n - 1);
        }
        self.encode_abbrev(&abbrev);
        Ok(self.abbrevs.push_local(abbrev.ops()))
    }

    /// Registers `abbrev` for every later block with ID `block_id`, as LLVM's
    /// `EmitBlockInfoAbbrev`: must be called inside `BLOCKINFO`; writes a
    /// `SETBID` first when the block ID changes. Returns the abbreviation ID
    /// the abbreviation will have in those blocks.
    pub fn define_blockinfo_abbrev(&mut self, block_id: u32, abbrev: Abbrev) -> Result<u32> {
        if !self.in_blockinfo {
            return Err(Error::new(ErrorKind::MalformedBlockInfo, self.bits.bit_position()));
        }
        abbrev.validate().map_err(|k| Error::new(k, self.bits.bit_position()))?;
        if self.blockinfo_bid != Some(block_id) {
            self.emit_record(blockinfo_code::SETBID, &[block_id.into()], None)?;
        }
        self.define_abbrev(abbrev)
    }

    /// Writes a record: unabbreviated (`abbrev` = `None`: code, operand count
    /// and every operand as VBR6) or with the abbreviation of that ID, whose
    /// first operand encodes `code`. An array operand takes all remaining
    /// values; a blob operand takes the remaining values as bytes.
    #[inline]
    pub fn emit_record(&mut self, code: u32, ops: &[u64], abbrev: Option<u32>) -> Result<()> {
        self.emit_record_impl(code, ops, None, abbrev)
    }

    /// Writes a record whose abbreviation (required) ends in a blob operand,
    /// taking the blob's bytes from `blob`.
    pub fn emit_record_with_blob(
        &mut self,
        code: u32,
        ops: &[u64],
        blob: &[u8],
        abbrev: Option<u32>,
    ) -> Result<()> {
        self.emit_record_impl(code, ops, Some(blob), abbrev)
    }

    fn emit_record_impl(
        &mut self,
        code: u32,
        ops: &[u64],
        blob: Option<&[u8]>,
        abbrev: Option<u32>,
    ) -> Result<()> {
        let Some(id) = abbrev else {
            if blob.is_some() {
                return Err(Error::new(
                    ErrorKind::RecordDoesNotMatchAbbrev,
                    self.bits.bit_position(),
                ));
            }
            self.bits.write(abbrev_id::UNABBREV_RECORD.into(), self.width);
            self.bits.write_vbr(code.into(), 6);
            self.bits.write_vbr(ops.len() as u64, 6);
            for &v in ops {
                self.bits.write_vbr(v, 6);
            }
            self.after_record(code, ops);
            return Ok(());
        };
        let at = self.bits.bit_position();
        let Some(abbrev) = self.abbrevs.get(id) else {
            return Err(Error::new(ErrorKind::UnknownAbbrev { id }, at));
        };
        if self.width < 32 && id >> self.width != 0 {
            return Err(Error::new(ErrorKind::AbbrevIdTooWide { id, width: self.width }, at));
        }
        let saved = self.bits.clone_state();
        self.bits.write(id.into(), self.width);
        if let Err(kind) = write_abbreviated(&mut self.bits, abbrev, code, ops, blob) {
            self.bits.restore_state(saved);
            return Err(Error::new(kind, at));
        }
        self.after_record(code, ops);
        Ok(())
    }

    fn after_record(&mut self, code: u32, ops: &[u64]) {
        if self.in_blockinfo && code == blockinfo_code::SETBID {
            if let Some(&bid) = ops.first() {
                self.blockinfo_bid = Some(bid as u32);
            }
        }
    }

    /// A writer that continues this one's stream from here in another
    /// buffer (on another thread, say): same abbreviation width, the same
    /// abbreviations (`BLOCKINFO`'s and the open block's), nothing written.
    /// What it writes — whole blocks — is put back with
    /// [`append_fork`](Self::append_fork). `None` unless the stream is at
    /// a 32-bit boundary (as it is after a block ends), since a fork's
    /// bits start at one.
    ///
    /// ```
    /// use llvmext_core::bitstream::BitstreamWriter;
    /// let mut whole = BitstreamWriter::new();
    /// whole.enter_block(8, 3);
    /// for id in [12, 13] {
    ///     whole.enter_block(id, 4);
    ///     whole.emit_record(1, &[7], None).unwrap();
    ///     whole.exit_block().unwrap();
    /// }
    /// let mut split = BitstreamWriter::new();
    /// split.enter_block(8, 3);
    /// split.enter_block(12, 4);
    /// split.emit_record(1, &[7], None).unwrap();
    /// split.exit_block().unwrap();
    /// let mut fork = split.fork().unwrap();
    /// fork.enter_block(13, 4);
    /// fork.emit_record(1, &[7], None).unwrap();
    /// fork.exit_block().unwrap();
    /// split.append_fork(fork).unwrap();
    /// assert_eq!(split.finish(), whole.finish());
    /// ```
    pub fn fork(&self) -> Option<BitstreamWriter> {
        if self.bits.bit_position() % 32 != 0 || self.in_blockinfo {
            return None;
        }
        Some(BitstreamWriter {
            bits: BitWriter::new(),
            width: self.width,
            scopes: Vec::new(),
            abbrevs: self.abbrevs.clone(),
            blockinfo_bid: None,
            in_blockinfo: false,
        })
    }

    /// Appends what `fork` (made by [`fork`](Self::fork) at this writer's
    /// current position) wrote. Both must be at a 32-bit boundary, and the
    /// fork must have no block open; otherwise an error, and nothing is
    /// appended.
    pub fn append_fork(&mut self, fork: BitstreamWriter) -> Result<()> {
        let at = self.bits.bit_position();
        if at % 32 != 0 || fork.bits.bit_position() % 32 != 0 || !fork.scopes.is_empty() {
            return Err(Error::new(ErrorKind::Unaligned, at));
        }
        self.bits.write_bytes(&fork.bits.finish());
        Ok(())
    }

    /// Closes any block still open, pads to 32 bits and returns the bytes.
    pub fn finish(mut self) -> Vec<u8> {
        while self.exit_block().is_ok() {}
        self.bits.finish()
    }
}

#[inline(always)]
fn write_scalar(
    bits: &mut BitWriter,
    op: AbbrevOp,
    v: u64,
    index: usize,
) -> core::result::Result<(), ErrorKind> {
    match op {
        AbbrevOp::Literal(l) if l == v => {}
        AbbrevOp::Fixed(w) if w == 64 || v >> w == 0 => bits.write(v, w.into()),
        AbbrevOp::Vbr(0) if v == 0 => {}
        // VBR1 has no payload bits: only 0 is representable (one clear bit).
        AbbrevOp::Vbr(1) if v == 0 => bits.write(0, 1),
        AbbrevOp::Vbr(w) if w > 1 => bits.write_vbr(v, w.into()),
        AbbrevOp::Char6 => match u8::try_from(v).ok().and_then(encode_char6) {
            Some(c) => bits.write(c.into(), 6),
            None => return Err(ErrorKind::NotChar6 { value: v }),
        },
        _ => return Err(ErrorKind::ValueDoesNotFit { index, value: v }),
    }
    Ok(())
}

fn write_abbreviated(
    bits: &mut BitWriter,
    aops: &[AbbrevOp],
    code: u32,
    ops: &[u64],
    blob: Option<&[u8]>,
) -> core::result::Result<(), ErrorKind> {
    write_scalar(bits, aops[0], code.into(), 0)?;
    let mut j = 0;
    let mut i = 1;
    while i < aops.len() {
        match aops[i] {
            AbbrevOp::Array => {
                let elt = aops[i + 1];
                let rest = &ops[j..];
                bits.write_vbr(rest.len() as u64, 6);
                for (k, &v) in rest.iter().enumerate() {
                    write_scalar(bits, elt, v, j + k + 1)?;
                }
                j = ops.len();
                i += 2;
            }
            AbbrevOp::Blob => {
                match blob {
                    Some(b) => {
                        bits.write_vbr(b.len() as u64, 6);
                        bits.align32();
                        bits.write_bytes(b);
                    }
                    None => {
                        let rest = &ops[j..];
                        bits.write_vbr(rest.len() as u64, 6);
                        bits.align32();
                        for (k, &v) in rest.iter().enumerate() {
                            let Ok(byte) = u8::try_from(v) else {
                                return Err(ErrorKind::ValueDoesNotFit {
                                    index: j + k + 1,
                                    value: v,
                                });
                            };
                            bits.write(byte.into(), 8);
                        }
                        j = ops.len();
                    }
                }
                bits.align32();
                i += 1;
            }
            op => {
                let Some(&v) = ops.get(j) else {
                    return Err(ErrorKind::RecordDoesNotMatchAbbrev);
                };
                write_scalar(bits, op, v, j + 1)?;
                j += 1;
                i += 1;
            }
        }
    }
    let blob_used = aops.last() == Some(&AbbrevOp::Blob);
    if j != ops.len() || (blob.is_some() && !blob_used) {
        return Err(ErrorKind::RecordDoesNotMatchAbbrev);
    }
    Ok(())
}
