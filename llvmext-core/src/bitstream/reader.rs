//! The bitstream reader: LLVM's `BitstreamCursor`, bounds-checked.

use alloc::vec::Vec;

use smallvec::SmallVec;

use super::{
    abbrev_id, blockinfo_code, AbbrevOp, Abbrevs, BlockInfo, ScopeAbbrevs, BLOCKINFO_BLOCK_ID,
    BLOCK_ID_WIDTH, BLOCK_SIZE_WIDTH, CODE_LEN_WIDTH, MAX_CHUNK_WIDTH, TOP_LEVEL_ABBREV_WIDTH,
};
use crate::bits::{decode_char6, fail_at, peek_at, vbr6_record, BitReader, Fail};
use crate::error::{Error, ErrorKind, Result};

/// The nesting limit used by [`BitstreamReader::new`]. LLVM's own bitcode
/// nests at most four blocks deep.
pub const DEFAULT_MAX_DEPTH: usize = 256;

/// What [`BitstreamReader::advance`] found next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// `ENTER_SUBBLOCK` with this block ID: call
    /// [`enter_block`](BitstreamReader::enter_block) or
    /// [`skip_block`](BitstreamReader::skip_block) (the next `advance`
    /// skips it otherwise).
    SubBlock {
        /// The block ID.
        block_id: u32,
    },
    /// `END_BLOCK`: the current block ended; the reader is back in its
    /// parent.
    EndBlock,
    /// A record with this abbreviation ID (3 = unabbreviated): call
    /// [`read_record`](BitstreamReader::read_record) or
    /// [`skip_record`](BitstreamReader::skip_record).
    Record(u32),
    /// A `DEFINE_ABBREV`, already read and registered (in `BLOCKINFO`: for
    /// the current `SETBID` block ID).
    DefineAbbrev,
}

/// The header of a sub-block, returned when entering or skipping it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockHeader {
    /// The block ID.
    pub block_id: u32,
    /// Width of abbreviation IDs inside the block.
    pub abbrev_width: u32,
    /// Declared length of the block body in 32-bit words.
    pub length_words: u32,
    /// Bit offset of the `ENTER_SUBBLOCK` abbreviation ID.
    pub start_bit: u64,
    /// Bit offset of the first bit of the body (after the length word).
    pub body_bit: u64,
}

impl BlockHeader {
    /// Bit offset just past the block, per its declared length.
    pub fn end_bit(&self) -> u64 {
        self.body_bit + u64::from(self.length_words) * 32
    }
}

/// A decoded record's code, abbreviation and blob; its operands are in the
/// buffer passed to [`BitstreamReader::read_record`], or in the
/// [`Item::Record`] of [`BitstreamReader::next_item`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record<'a> {
    /// The record code (truncated to 32 bits, as LLVM does).
    pub code: u32,
    /// The abbreviation ID it was read with (3 = unabbreviated).
    pub abbrev_id: u32,
    /// The blob operand, borrowed from the input.
    pub blob: Option<&'a [u8]>,
}

/// What [`BitstreamReader::next_item`] found: an [`Entry`], with a record
/// already decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item<'r, 'a> {
    /// `ENTER_SUBBLOCK` with this block ID: call
    /// [`enter_block`](BitstreamReader::enter_block) or
    /// [`skip_block`](BitstreamReader::skip_block) (the next call skips it
    /// otherwise).
    SubBlock {
        /// The block ID.
        block_id: u32,
    },
    /// `END_BLOCK`: the current block ended; the reader is back in its
    /// parent.
    EndBlock,
    /// A `DEFINE_ABBREV`, already read and registered.
    DefineAbbrev,
    /// A record, decoded.
    Record {
        /// Its code, abbreviation ID and blob.
        record: Record<'a>,
        /// Its operands (without the code), in a buffer of the reader that
        /// the next call reuses.
        ops: &'r [u64],
    },
}

#[derive(Debug, Clone, Copy)]
struct Scope {
    block_id: u32,
    end_bit: u64,
    prev_width: u32,
    saved: ScopeAbbrevs,
    prev_blockinfo_bid: Option<u32>,
}

/// A cursor over a bitstream (without its 4-byte magic): LLVM's
/// `BitstreamCursor`, with every read bounds-checked, no allocation
/// proportional to an untrusted length, bounded nesting, and block-info
/// (`BLOCKINFO`) processing built in.
///
/// ```
/// use llvmext_core::bitstream::{BitstreamReader, Entry};
/// # let bytes = {
/// #   let mut w = llvmext_core::bitstream::BitstreamWriter::new();
/// #   w.enter_block(9, 2); w.emit_record(7, &[1, 2, 3], None).unwrap(); w.exit_block().unwrap();
/// #   w.finish() };
/// // Count the records of every block, entering all of them.
/// let mut r = BitstreamReader::new(&bytes);
/// let mut ops = Vec::new();
/// let mut records = 0;
/// while let Some(entry) = r.advance().unwrap() {
///     match entry {
///         Entry::SubBlock { .. } => { r.enter_block().unwrap(); }
///         Entry::Record(id) => { r.read_record(id, &mut ops).unwrap(); records += 1; }
///         Entry::EndBlock | Entry::DefineAbbrev => {}
///     }
/// }
/// assert_eq!(records, 1);
/// ```
#[derive(Debug, Clone)]
pub struct BitstreamReader<'a> {
    bits: BitReader<'a>,
    width: u32,
    scopes: Vec<Scope>,
    abbrevs: Abbrevs,
    /// `Some(bid)` after `SETBID` while the current block is `BLOCKINFO`;
    /// `None` elsewhere.
    blockinfo_bid: Option<u32>,
    in_blockinfo: bool,
    pending: Option<(u32, u64)>,
    max_depth: usize,
    scratch: Vec<u64>,
    /// Where records are decoded: code and operand count of an
    /// unabbreviated record in 0..2, then its operands; always a few
    /// elements longer than needed, so that decoders may store whole
    /// groups.
    buf: Vec<u64>,
    /// Where in `buf` the operands of the last record of
    /// [`next_item`](Self::next_item) are.
    ops_range: (usize, usize),
}

impl<'a> BitstreamReader<'a> {
    /// A reader at the start of `data`, which holds the stream after its
    /// magic (the reader does not look at magics; see [`crate::magic`]).
    pub fn new(data: &'a [u8]) -> Self {
        Self::with_max_depth(data, DEFAULT_MAX_DEPTH)
    }

    /// A reader that refuses blocks nested more than `max_depth` deep.
    pub fn with_max_depth(data: &'a [u8], max_depth: usize) -> Self {
        BitstreamReader {
            bits: BitReader::new(data),
            width: TOP_LEVEL_ABBREV_WIDTH,
            scopes: Vec::new(),
            abbrevs: Abbrevs::new(),
            blockinfo_bid: None,
            in_blockinfo: false,
            pending: None,
            max_depth,
            scratch: Vec::new(),
            buf: Vec::new(),
            ops_range: (0, 0),
        }
    }

    /// The underlying bit cursor.
    pub fn bits(&self) -> &BitReader<'a> {
        &self.bits
    }

    /// The current bit offset.
    #[inline]
    pub fn bit_position(&self) -> u64 {
        self.bits.bit_position()
    }

    /// Whether the whole input has been consumed.
    pub fn at_end(&self) -> bool {
        self.bits.at_end()
    }

    /// How many blocks are open.
    pub fn depth(&self) -> usize {
        self.scopes.len()
    }

    /// The ID of the innermost open block.
    pub fn block_id(&self) -> Option<u32> {
        self.scopes.last().map(|s| s.block_id)
    }

    /// The abbreviation-ID width in force.
    pub fn abbrev_width(&self) -> u32 {
        self.width
    }

    /// Moves to bit `bit` of the current block (LLVM's `JumpToBit`), e.g.
    /// to the `ENTER_SUBBLOCK` of a block remembered earlier: a sub-block
    /// returned by [`advance`](Self::advance) and not entered is forgotten.
    /// `bit` must lie inside the current block (or the input, at the top
    /// level).
    pub fn jump_to_bit(&mut self, bit: u64) -> Result<()> {
        if bit > self.end_limit() {
            return Err(Error::new(
                ErrorKind::JumpPastEnd { target: bit },
                self.bits.bit_position(),
            ));
        }
        self.pending = None;
        self.bits.jump_to_bit(bit)
    }

    /// What `BLOCKINFO` has said so far.
    pub fn block_info(&self) -> &BlockInfo {
        &self.abbrevs.info
    }

    /// The operands of the abbreviation with ID `id` in the current block,
    /// if defined.
    pub fn abbrev(&self, id: u32) -> Option<&[AbbrevOp]> {
        self.abbrevs.get(id)
    }

    /// The number of abbreviations visible in the current block.
    pub fn num_abbrevs(&self) -> usize {
        self.abbrevs.count()
    }

    #[cold]
    fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.bits.bit_position())
    }

    fn end_limit(&self) -> u64 {
        self.scopes.last().map_or(self.bits.len_bits(), |s| s.end_bit)
    }

    /// Reads the next entry and, if it is a record, decodes it: the
    /// combination of [`advance`](Self::advance) and
    /// [`read_record`](Self::read_record), with the operands in a buffer
    /// owned by the reader (no copy). This is the fastest way through a
    /// stream. `Ok(None)` at the end of the input outside of any block.
    ///
    /// ```
    /// use llvmext_core::bitstream::{BitstreamReader, Item};
    /// # let bytes = {
    /// #   let mut w = llvmext_core::bitstream::BitstreamWriter::new();
    /// #   w.enter_block(9, 2); w.emit_record(7, &[1, 2, 3], None).unwrap(); w.exit_block().unwrap();
    /// #   w.finish() };
    /// let mut r = BitstreamReader::new(&bytes);
    /// let mut sum = 0;
    /// while let Some(item) = r.next_item().unwrap() {
    ///     match item {
    ///         Item::SubBlock { .. } => { r.enter_block().unwrap(); }
    ///         Item::Record { record, ops } => sum += record.code as u64 + ops.iter().sum::<u64>(),
    ///         Item::EndBlock | Item::DefineAbbrev => {}
    ///     }
    /// }
    /// assert_eq!(sum, 7 + 1 + 2 + 3);
    /// ```
    #[inline]
    pub fn next_item(&mut self) -> Result<Option<Item<'_, 'a>>> {
        if self.pending.is_none() && !self.in_blockinfo {
            let data = self.bits.data();
            let pos = self.bits.bit_position();
            let len_bits = self.bits.len_bits();
            let at = pos + u64::from(self.width);
            if at <= len_bits {
                let id = (peek_at(data, pos) & !(u64::MAX << self.width)) as u32;
                if id == abbrev_id::UNABBREV_RECORD {
                    if let Some((end, total)) = vbr6_record(data, at, &mut self.buf) {
                        if end <= len_bits {
                            self.bits.set_position(end);
                            let code = self.buf[0] as u32;
                            let record = Record { code, abbrev_id: id, blob: None };
                            self.ops_range = (2, total);
                            return Ok(Some(Item::Record { record, ops: &self.buf[2..total] }));
                        }
                    }
                } else if id >= abbrev_id::FIRST_APPLICATION_ABBREV {
                    if let Some(aops) = self.abbrevs.get(id) {
                        if let Some((end, code, n, blob)) =
                            abbreviated_fast(data, at, aops, &mut self.buf)
                        {
                            if end <= len_bits {
                                self.bits.set_position(end);
                                let record = Record { code, abbrev_id: id, blob };
                                self.ops_range = (0, n);
                                return Ok(Some(Item::Record { record, ops: &self.buf[..n] }));
                            }
                        }
                    }
                }
            }
        }
        self.next_item_slow()
    }

    /// [`next_item`](Self::next_item) for everything but plain records.
    #[inline(never)]
    fn next_item_slow(&mut self) -> Result<Option<Item<'_, 'a>>> {
        Ok(Some(match self.advance()? {
            None => return Ok(None),
            Some(Entry::SubBlock { block_id }) => Item::SubBlock { block_id },
            Some(Entry::EndBlock) => Item::EndBlock,
            Some(Entry::DefineAbbrev) => Item::DefineAbbrev,
            Some(Entry::Record(id)) => {
                let mut ops = core::mem::take(&mut self.buf);
                let r = self.read_record(id, &mut ops);
                self.ops_range = (0, ops.len());
                self.buf = ops;
                Item::Record { record: r?, ops: &self.buf }
            }
        }))
    }

    /// The operands of the record [`next_item`](Self::next_item) returned
    /// last (the same slice as in its [`Item::Record`]), for when the
    /// reader is needed again while they are in use.
    pub fn record_ops(&self) -> &[u64] {
        self.buf.get(self.ops_range.0..self.ops_range.1).unwrap_or(&[])
    }

    /// Reads the next entry; `Ok(None)` at the end of the input outside of
    /// any block. A sub-block returned by the previous call and neither
    /// entered nor skipped is skipped first.
    #[inline]
    pub fn advance(&mut self) -> Result<Option<Entry>> {
        if self.pending.is_some() {
            self.skip_block()?;
        }
        if self.scopes.is_empty() && self.bits.at_end() {
            return Ok(None);
        }
        let start = self.bits.bit_position();
        let id = fixed(&mut self.bits, self.width)? as u32;
        match id {
            abbrev_id::END_BLOCK => {
                let Some(scope) = self.scopes.pop() else {
                    return Err(Error::new(ErrorKind::EndBlockAtTopLevel, start));
                };
                self.bits.align32();
                self.abbrevs.exit(scope.saved);
                self.width = scope.prev_width;
                self.in_blockinfo = self.scopes.last().is_some_and(|s| s.block_id == 0);
                self.blockinfo_bid = scope.prev_blockinfo_bid;
                Ok(Some(Entry::EndBlock))
            }
            abbrev_id::ENTER_SUBBLOCK => {
                let block_id = self.bits.read_vbr(BLOCK_ID_WIDTH)?;
                self.pending = Some((block_id, start));
                Ok(Some(Entry::SubBlock { block_id }))
            }
            abbrev_id::DEFINE_ABBREV => {
                self.read_abbrev()?;
                Ok(Some(Entry::DefineAbbrev))
            }
            _ => Ok(Some(Entry::Record(id))),
        }
    }

    fn read_header(&mut self) -> Result<BlockHeader> {
        let Some((block_id, start_bit)) = self.pending.take() else {
            return Err(self.err(ErrorKind::NoPendingBlock));
        };
        let abbrev_width = self.bits.read_vbr(CODE_LEN_WIDTH)?;
        if abbrev_width == 0 || abbrev_width > MAX_CHUNK_WIDTH {
            return Err(Error::new(ErrorKind::BadAbbrevWidth { width: abbrev_width }, start_bit));
        }
        self.bits.align32();
        let length_words = self.bits.read(BLOCK_SIZE_WIDTH)? as u32;
        let body_bit = self.bits.bit_position();
        let header = BlockHeader { block_id, abbrev_width, length_words, start_bit, body_bit };
        if header.end_bit() > self.end_limit() {
            return Err(Error::new(
                ErrorKind::BlockPastEnd { words: length_words.into() },
                start_bit,
            ));
        }
        Ok(header)
    }

    /// Enters the sub-block [`advance`](Self::advance) just returned: reads
    /// its header, checks its length against the input, and makes its
    /// abbreviations (from `BLOCKINFO`, then local) current. Entering
    /// block 0 starts a new `BLOCKINFO`.
    pub fn enter_block(&mut self) -> Result<BlockHeader> {
        if self.scopes.len() >= self.max_depth {
            let start = self.pending.map_or(self.bits.bit_position(), |p| p.1);
            return Err(Error::new(ErrorKind::NestingTooDeep { limit: self.max_depth }, start));
        }
        let h = self.read_header()?;
        let saved = self.abbrevs.enter(h.block_id);
        self.scopes.push(Scope {
            block_id: h.block_id,
            end_bit: h.end_bit(),
            prev_width: self.width,
            saved,
            prev_blockinfo_bid: self.blockinfo_bid,
        });
        self.width = h.abbrev_width;
        self.in_blockinfo = h.block_id == BLOCKINFO_BLOCK_ID;
        self.blockinfo_bid = None;
        Ok(h)
    }

    /// Skips the sub-block [`advance`](Self::advance) just returned, in
    /// O(1), using its declared length.
    pub fn skip_block(&mut self) -> Result<BlockHeader> {
        let h = self.read_header()?;
        self.bits.jump_to_bit(h.end_bit())?;
        Ok(h)
    }

    fn read_abbrev(&mut self) -> Result<()> {
        let start = self.bits.bit_position();
        let n = self.bits.read_vbr(5)?;
        // Every operand takes at least 4 bits.
        if u64::from(n) * 4 > self.bits.remaining_bits() {
            return Err(Error::new(ErrorKind::ImplausibleSize { count: n.into() }, start));
        }
        let mut abbrev: SmallVec<[AbbrevOp; 8]> = SmallVec::new();
        for _ in 0..n {
            if self.bits.read(1)? == 1 {
                abbrev.push(AbbrevOp::Literal(self.bits.read_vbr64(8)?));
                continue;
            }
            let enc_at = self.bits.bit_position();
            let enc = self.bits.read(3)? as u8;
            let op = match enc {
                1 | 2 => {
                    let w = self.bits.read_vbr64(5)?;
                    if w > u64::from(MAX_CHUNK_WIDTH) {
                        return Err(Error::new(
                            ErrorKind::AbbrevWidthTooLarge { width: w },
                            enc_at,
                        ));
                    }
                    if enc == 1 {
                        AbbrevOp::Fixed(w as u8)
                    } else {
                        AbbrevOp::Vbr(w as u8)
                    }
                }
                3 => AbbrevOp::Array,
                4 => AbbrevOp::Char6,
                5 => AbbrevOp::Blob,
                _ => {
                    return Err(Error::new(
                        ErrorKind::InvalidAbbrevEncoding { encoding: enc },
                        enc_at,
                    ))
                }
            };
            abbrev.push(op);
        }
        if abbrev.is_empty() {
            return Err(Error::new(ErrorKind::EmptyAbbrev, start));
        }
        if self.in_blockinfo {
            let Some(bid) = self.blockinfo_bid else {
                return Err(Error::new(ErrorKind::MalformedBlockInfo, start));
            };
            self.abbrevs.info.add_abbrev(bid, &abbrev);
        } else {
            self.abbrevs.push_local(&abbrev);
        }
        Ok(())
    }

    /// Decodes the record whose abbreviation ID [`advance`](Self::advance)
    /// returned. Its operands (without the code) replace the contents of
    /// `ops`; a blob operand is returned as a slice of the input. Inside
    /// `BLOCKINFO`, `SETBID`/`BLOCKNAME`/`SETRECORDNAME` also take effect.
    #[inline]
    pub fn read_record(&mut self, abbrev_id: u32, ops: &mut Vec<u64>) -> Result<Record<'a>> {
        // Decode optimistically, checking the end of the input once for the
        // whole record, with a local copy of the cursor (kept in registers).
        // A record that runs past the end, or has a value too long for its
        // type, is decoded again with every read checked, for the error.
        // `None`: the fast decoder declined (see `abbreviated_fast`).
        let mut bits = self.bits;
        let fast = if abbrev_id == abbrev_id::UNABBREV_RECORD {
            Some(read_unabbrev::<false>(&mut bits, ops))
        } else {
            match self.abbrevs.get(abbrev_id) {
                Some(abbrev) => {
                    let data = bits.data();
                    abbreviated_fast(data, bits.bit_position(), abbrev, &mut self.buf).map(
                        |(end, code, n, blob)| {
                            // Past the input if it overran: caught below.
                            bits = BitReader::with_position(data, end);
                            ops.clear();
                            ops.extend_from_slice(&self.buf[..n]);
                            Ok(Record { code, abbrev_id, blob })
                        },
                    )
                }
                None => Some(Err(Error::new(
                    ErrorKind::UnknownAbbrev { id: abbrev_id },
                    // At the ID itself, which `advance` just read.
                    self.bits.bit_position().saturating_sub(self.width.into()),
                ))),
            }
        };
        let record = match fast {
            Some(Ok(record)) if !bits.overran() => {
                self.bits = bits;
                record
            }
            Some(Err(e)) if !bits.overran() => return Err(e),
            _ => self.read_record_checked(abbrev_id, ops)?,
        };
        if self.in_blockinfo {
            self.blockinfo_record(record.code, ops)?;
        }
        Ok(record)
    }

    /// [`read_record`](Self::read_record) with every read checked.
    #[cold]
    #[inline(never)]
    fn read_record_checked(&mut self, abbrev_id: u32, ops: &mut Vec<u64>) -> Result<Record<'a>> {
        let mut bits = self.bits;
        let result = if abbrev_id == abbrev_id::UNABBREV_RECORD {
            read_unabbrev::<true>(&mut bits, ops)
        } else {
            let abbrev = self.abbrevs.get(abbrev_id).unwrap_or(&[]);
            read_abbreviated(&mut bits, abbrev, ops).map(|(code, blob)| Record {
                code,
                abbrev_id,
                blob,
            })
        };
        self.bits = bits;
        result
    }

    /// Reads past a record, returning its code.
    pub fn skip_record(&mut self, abbrev_id: u32) -> Result<u32> {
        let mut scratch = core::mem::take(&mut self.scratch);
        let r = self.read_record(abbrev_id, &mut scratch);
        self.scratch = scratch;
        r.map(|r| r.code)
    }

    fn blockinfo_record(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        let bad = |s: &Self| s.err(ErrorKind::MalformedBlockInfo);
        match code {
            blockinfo_code::SETBID => {
                let Some(&bid) = ops.first() else { return Err(bad(self)) };
                let bid = bid as u32;
                self.abbrevs.info.entry_mut(bid);
                self.blockinfo_bid = Some(bid);
            }
            blockinfo_code::BLOCKNAME => {
                let Some(bid) = self.blockinfo_bid else { return Err(bad(self)) };
                let name = ops.iter().map(|&c| c as u8).collect();
                self.abbrevs.info.entry_mut(bid).name = Some(name);
            }
            blockinfo_code::SETRECORDNAME => {
                let Some(bid) = self.blockinfo_bid else { return Err(bad(self)) };
                let Some((&rc, name)) = ops.split_first() else { return Err(bad(self)) };
                let name = name.iter().map(|&c| c as u8).collect();
                self.abbrevs.info.entry_mut(bid).record_names.push((rc as u32, name));
            }
            _ => {}
        }
        Ok(())
    }
}

/// A fixed field on the hot path (width ≤ 32, checked when the abbreviation
/// was read).
#[inline(always)]
fn fixed(bits: &mut BitReader<'_>, width: u32) -> Result<u64> {
    bits.fast_read(width).map_err(|f| bits.fail(f, width))
}

/// A fixed field of a record: checked (`C`), or unchecked and validated
/// once per record by [`BitReader::overran`].
#[inline(always)]
fn field<const C: bool>(bits: &mut BitReader<'_>, width: u32) -> Result<u64> {
    if C {
        fixed(bits, width)
    } else {
        Ok(bits.fixed_unchecked(width))
    }
}

/// A VBR64 field of a record (width in 1..=32), checked or not as
/// [`field`].
#[inline(always)]
fn vbr64<const C: bool>(bits: &mut BitReader<'_>, width: u32) -> Result<u64> {
    if C {
        bits.fast_vbr(width, 64).map_err(|f| bits.fail(f, width))
    } else {
        Ok(bits.vbr_unchecked_runs(width, 64))
    }
}

/// A VBR32 field of a record (width in 1..=32), checked or not as
/// [`field`].
#[inline(always)]
fn vbr32<const C: bool>(bits: &mut BitReader<'_>, width: u32) -> Result<u32> {
    if C {
        bits.fast_vbr(width, 32).map(|v| v as u32).map_err(|f| bits.fail(f, width))
    } else {
        Ok(bits.vbr_unchecked_runs(width, 32) as u32)
    }
}

#[inline(always)]
fn read_scalar<const C: bool>(bits: &mut BitReader<'_>, op: AbbrevOp) -> Result<u64> {
    match op {
        AbbrevOp::Literal(v) => Ok(v),
        AbbrevOp::Fixed(w) => field::<C>(bits, w.into()),
        AbbrevOp::Vbr(0) => Ok(0),
        AbbrevOp::Vbr(w) => vbr64::<C>(bits, w.into()),
        AbbrevOp::Char6 => Ok(decode_char6(field::<C>(bits, 6)? as u8).into()),
        AbbrevOp::Array | AbbrevOp::Blob => unreachable!("checked by the caller"),
    }
}

/// Decodes an unabbreviated record (code, operand count and operands, all
/// VBR6) into `ops`.
#[inline(always)]
fn read_unabbrev<'a, const C: bool>(
    bits: &mut BitReader<'a>,
    ops: &mut Vec<u64>,
) -> Result<Record<'a>> {
    ops.clear();
    let code = vbr32::<C>(bits, 6)?;
    let at = bits.bit_position();
    let n = vbr32::<C>(bits, 6)?;
    if u64::from(n) * 6 > bits.len_bits().saturating_sub(bits.bit_position()) {
        return Err(Error::new(ErrorKind::ImplausibleSize { count: n.into() }, at));
    }
    if C {
        ops.reserve(n as usize);
        for _ in 0..n {
            ops.push(vbr64::<C>(bits, 6)?);
        }
    } else {
        // A local cursor, which the loop keeps in registers.
        ops.reserve(n as usize);
        let mut b = *bits;
        for _ in 0..n {
            ops.push(b.vbr_unchecked_runs(6, 64));
        }
        *bits = b;
    }
    Ok(Record { code, abbrev_id: abbrev_id::UNABBREV_RECORD, blob: None })
}

/// Decodes an abbreviated record starting at bit `pos` of `data` into
/// `buf[..n]` without checking the end of the input: returns the position
/// after it (past the input if it overran), its code, `n` and its blob.
/// `None` when the record needs the checked path (a malformed
/// abbreviation, an array or blob longer than the rest of the input could
/// hold), so that `buf` stays bounded by the input size.
#[inline(always)]
fn abbreviated_fast<'a>(
    data: &'a [u8],
    pos: u64,
    aops: &[AbbrevOp],
    buf: &mut Vec<u64>,
) -> Option<(u64, u32, usize, Option<&'a [u8]>)> {
    let (&first, rest) = aops.split_first()?;
    if buf.len() < rest.len() + 4 {
        buf.resize(rest.len() + 4, 0);
    }
    let mut b = BitReader::with_position(data, pos);
    let code = match first {
        AbbrevOp::Literal(v) => v,
        AbbrevOp::Fixed(w) => b.fixed_unchecked(w.into()),
        AbbrevOp::Vbr(0) => 0,
        AbbrevOp::Vbr(w) => b.vbr_unchecked(w.into(), 64),
        AbbrevOp::Char6 => decode_char6(b.fixed_unchecked(6) as u8).into(),
        AbbrevOp::Array | AbbrevOp::Blob => return None,
    } as u32;
    let mut k = 0;
    let mut blob = None;
    for (i, &op) in rest.iter().enumerate() {
        let v = match op {
            AbbrevOp::Literal(v) => v,
            AbbrevOp::Fixed(w) => b.fixed_unchecked(w.into()),
            AbbrevOp::Vbr(0) => 0,
            // The common widths, with their constants folded.
            AbbrevOp::Vbr(6) => b.vbr_unchecked(6, 64),
            AbbrevOp::Vbr(7) => b.vbr_unchecked(7, 64),
            AbbrevOp::Vbr(8) => b.vbr_unchecked(8, 64),
            AbbrevOp::Vbr(4) => b.vbr_unchecked(4, 64),
            AbbrevOp::Vbr(w) => b.vbr_unchecked(w.into(), 64),
            AbbrevOp::Char6 => decode_char6(b.fixed_unchecked(6) as u8).into(),
            AbbrevOp::Array => {
                let elt = *rest.get(i + 1)?;
                if i + 2 != rest.len() {
                    return None;
                }
                let n = b.vbr_unchecked(6, 32) as usize;
                let min_bits = match elt {
                    AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if w > 0 => u64::from(w),
                    AbbrevOp::Char6 => 6,
                    _ => return None,
                };
                if n as u64 * min_bits > b.len_bits().saturating_sub(b.bit_position()) {
                    return None;
                }
                if buf.len() < k + n + 4 {
                    buf.resize(k + n + 4, 0);
                }
                let dst = buf.get_mut(k..k + n)?;
                match elt {
                    AbbrevOp::Fixed(w) => {
                        for d in dst {
                            *d = b.fixed_unchecked(w.into());
                        }
                    }
                    AbbrevOp::Vbr(w) => {
                        for d in dst {
                            *d = b.vbr_unchecked(w.into(), 64);
                        }
                    }
                    _ => {
                        for d in dst {
                            *d = decode_char6(b.fixed_unchecked(6) as u8).into();
                        }
                    }
                }
                k += n;
                break;
            }
            AbbrevOp::Blob => {
                if i + 1 != rest.len() {
                    return None;
                }
                let n = b.vbr_unchecked(6, 32);
                if b.overran() {
                    return None;
                }
                b.align32();
                let start = b.bit_position();
                let end = start + n.div_ceil(4) * 32;
                if end > b.len_bits() {
                    return None;
                }
                let at = (start / 8) as usize;
                blob = Some(data.get(at..at + n as usize)?);
                b.set_position(end);
                break;
            }
        };
        *buf.get_mut(k)? = v;
        k += 1;
    }
    Some((b.bit_position(), code, k, blob))
}

/// Decodes one abbreviated record into `ops` with every read checked (the
/// path that finds the exact error); returns its code and blob.
#[inline(always)]
fn read_abbreviated<'a>(
    bits: &mut BitReader<'a>,
    aops: &[AbbrevOp],
    ops: &mut Vec<u64>,
) -> Result<(u32, Option<&'a [u8]>)> {
    ops.clear();
    let code = match aops.first() {
        Some(AbbrevOp::Array | AbbrevOp::Blob) | None => {
            return Err(Error::new(ErrorKind::AbbrevStartsWithArrayOrBlob, bits.bit_position()))
        }
        Some(&op) => read_scalar::<true>(bits, op)? as u32,
    };
    let mut blob = None;
    let mut i = 1;
    while i < aops.len() {
        match aops[i] {
            AbbrevOp::Array => {
                let at = bits.bit_position();
                let n = vbr32::<true>(bits, 6)?;
                if i + 2 != aops.len() {
                    return Err(Error::new(ErrorKind::ArrayNotSecondToLast, at));
                }
                let elt = aops[i + 1];
                let min_bits = match elt {
                    AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if w > 0 => u64::from(w),
                    AbbrevOp::Char6 => 6,
                    _ => return Err(Error::new(ErrorKind::BadArrayElement, at)),
                };
                if u64::from(n) * min_bits > bits.len_bits().saturating_sub(bits.bit_position()) {
                    return Err(Error::new(ErrorKind::ImplausibleSize { count: n.into() }, at));
                }
                ops.reserve(n as usize);
                for _ in 0..n {
                    ops.push(read_scalar::<true>(bits, elt)?);
                }
                i += 2;
            }
            AbbrevOp::Blob => {
                let at = bits.bit_position();
                let n = vbr32::<true>(bits, 6)?;
                if bits.overran() {
                    return Err(fail_at(Fail::End, 6, at));
                }
                bits.align32();
                let start = bits.bit_position();
                let padded_end = start + u64::from(n).div_ceil(4) * 32;
                if padded_end > bits.len_bits() {
                    return Err(Error::new(ErrorKind::BlobPastEnd { len: n.into() }, at));
                }
                blob = Some(bits.read_bytes(n as usize)?);
                bits.jump_to_bit(padded_end)?;
                i += 1;
            }
            op => {
                ops.push(read_scalar::<true>(bits, op)?);
                i += 1;
            }
        }
    }
    Ok((code, blob))
}
