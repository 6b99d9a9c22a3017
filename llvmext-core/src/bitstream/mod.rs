//! The generic bitstream container (LLVM's `llvm/Bitstream`): blocks,
//! abbreviations, the `BLOCKINFO` block, records and blobs. Nothing here knows
//! LLVM IR; the same container carries bitcode, clang's serialized
//! diagnostics and AST files, and optimization remarks.
//!
//! - [`BitstreamWriter`] writes blocks (with backpatched lengths),
//!   abbreviation definitions (local or in `BLOCKINFO`) and records, bit for
//!   bit as LLVM's `BitstreamWriter`.
//! - [`BitstreamReader`] walks a stream as LLVM's `BitstreamCursor`:
//!   [`advance`](BitstreamReader::advance) yields [`Entry`]s, sub-blocks are
//!   entered or skipped in O(1), records decode into a caller-owned buffer
//!   and blobs are returned as slices of the input.
//!   [`next_item`](BitstreamReader::next_item) does both steps at once and
//!   leaves the operands in the reader's own buffer: the fast way through
//!   a whole stream.

mod reader;
mod writer;

pub use reader::{BitstreamReader, BlockHeader, Entry, Item, Record, DEFAULT_MAX_DEPTH};
pub use writer::BitstreamWriter;

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use smallvec::SmallVec;

/// The builtin abbreviation IDs, valid in every block.
pub mod abbrev_id {
    /// `END_BLOCK`: leave the current block.
    pub const END_BLOCK: u32 = 0;
    /// `ENTER_SUBBLOCK`: start a nested block.
    pub const ENTER_SUBBLOCK: u32 = 1;
    /// `DEFINE_ABBREV`: define an abbreviation for the rest of the block.
    pub const DEFINE_ABBREV: u32 = 2;
    /// `UNABBREV_RECORD`: a record with every field as VBR6.
    pub const UNABBREV_RECORD: u32 = 3;
    /// The first ID given to defined abbreviations.
    pub const FIRST_APPLICATION_ABBREV: u32 = 4;
}

/// The block ID of the standard `BLOCKINFO` block.
pub const BLOCKINFO_BLOCK_ID: u32 = 0;

/// Record codes of the `BLOCKINFO` block.
pub mod blockinfo_code {
    /// `SETBID: [blockid]` — following records describe this block ID.
    pub const SETBID: u32 = 1;
    /// `BLOCKNAME: [name...]`.
    pub const BLOCKNAME: u32 = 2;
    /// `SETRECORDNAME: [code, name...]`.
    pub const SETRECORDNAME: u32 = 3;
}

/// Width of the abbreviation-ID width field of `ENTER_SUBBLOCK` (VBR4).
pub const CODE_LEN_WIDTH: u32 = 4;
/// Width of the block ID field of `ENTER_SUBBLOCK` (VBR8).
pub const BLOCK_ID_WIDTH: u32 = 8;
/// Width of the block length field (a 32-bit word count).
pub const BLOCK_SIZE_WIDTH: u32 = 32;
/// Abbreviation-ID width at the top level of a stream.
pub const TOP_LEVEL_ABBREV_WIDTH: u32 = 2;
/// The widest `Fixed`/`VBR` abbreviation operand LLVM accepts.
pub const MAX_CHUNK_WIDTH: u32 = 32;

/// One operand of an abbreviation.
///
/// `Fixed(0)` and `Vbr(0)` are kept as written (LLVM reads them as a literal
/// 0), so a re-encoded stream stays identical to its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbbrevOp {
    /// A constant; nothing is stored in the record.
    Literal(u64),
    /// A fixed-width field of 0..=32 bits.
    Fixed(u8),
    /// A VBR field with chunks of 0..=32 bits.
    Vbr(u8),
    /// A VBR6 element count followed by that many elements encoded as the
    /// next (last) operand.
    Array,
    /// A 6-bit `[a-zA-Z0-9._]` character.
    Char6,
    /// A VBR6 byte count, 32-bit alignment, the bytes, 32-bit alignment.
    Blob,
}

impl AbbrevOp {
    /// The 3-bit encoding value of a non-literal operand (1..=5).
    pub fn encoding(&self) -> Option<u8> {
        match self {
            AbbrevOp::Literal(_) => None,
            AbbrevOp::Fixed(_) => Some(1),
            AbbrevOp::Vbr(_) => Some(2),
            AbbrevOp::Array => Some(3),
            AbbrevOp::Char6 => Some(4),
            AbbrevOp::Blob => Some(5),
        }
    }

    /// Whether this operand is a scalar that can be an array element:
    /// `Fixed`/`Vbr` of non-zero width, or `Char6`.
    pub fn is_array_element(&self) -> bool {
        matches!(self, AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if *w > 0)
            || matches!(self, AbbrevOp::Char6)
    }
}

/// An abbreviation: the list of operands describing a record's layout. The
/// first operand gives the record code.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Abbrev {
    ops: SmallVec<[AbbrevOp; 8]>,
}

impl Abbrev {
    /// An abbreviation with the given operands.
    pub fn new(ops: impl IntoIterator<Item = AbbrevOp>) -> Self {
        Abbrev { ops: ops.into_iter().collect() }
    }

    /// The operands.
    #[inline]
    pub fn ops(&self) -> &[AbbrevOp] {
        &self.ops
    }

    /// Appends an operand.
    pub fn push(&mut self, op: AbbrevOp) {
        self.ops.push(op);
    }

    /// Checks what LLVM's writer asserts: at least one operand, widths at
    /// most 32, the code operand scalar, an array second to last followed by
    /// an element encoding, a blob last.
    pub fn validate(&self) -> Result<(), crate::ErrorKind> {
        use crate::ErrorKind as K;
        let n = self.ops.len();
        if n == 0 {
            return Err(K::EmptyAbbrev);
        }
        if matches!(self.ops[0], AbbrevOp::Array | AbbrevOp::Blob) {
            return Err(K::AbbrevStartsWithArrayOrBlob);
        }
        for (i, op) in self.ops.iter().enumerate() {
            match *op {
                AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) if u32::from(w) > MAX_CHUNK_WIDTH => {
                    return Err(K::AbbrevWidthTooLarge { width: w.into() })
                }
                AbbrevOp::Array => {
                    if i + 2 != n {
                        return Err(K::ArrayNotSecondToLast);
                    }
                    if !self.ops[i + 1].is_array_element() {
                        return Err(K::BadArrayElement);
                    }
                }
                AbbrevOp::Blob if i + 1 != n => return Err(K::BlobNotLast),
                _ => {}
            }
        }
        Ok(())
    }
}

/// Abbreviations stored flat: every operand in one vector, each
/// abbreviation a range of it (16 bytes per operand, nothing per
/// abbreviation beyond its range).
#[derive(Debug, Clone, Default)]
struct OpStore {
    ops: Vec<AbbrevOp>,
    ranges: Vec<(u32, u32)>,
}

impl OpStore {
    /// Appends an abbreviation; returns its index.
    fn push(&mut self, ops: &[AbbrevOp]) -> u32 {
        let i = self.ranges.len() as u32;
        self.ranges.push((self.ops.len() as u32, ops.len() as u32));
        self.ops.extend_from_slice(ops);
        i
    }

    #[inline]
    fn get(&self, i: usize) -> Option<&[AbbrevOp]> {
        let &(start, len) = self.ranges.get(i)?;
        self.ops.get(start as usize..(start + len) as usize)
    }

    fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Keeps the first `n` abbreviations.
    fn truncate(&mut self, n: usize) {
        if let Some(&(start, _)) = self.ranges.get(n) {
            self.ops.truncate(start as usize);
            self.ranges.truncate(n);
        }
    }
}

/// What a `BLOCKINFO` block says about one block ID.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BlockInfoEntry {
    /// The block ID described.
    pub block_id: u32,
    /// `BLOCKNAME`, if given (the last one wins, as in LLVM).
    pub name: Option<Vec<u8>>,
    /// `SETRECORDNAME` entries, in stream order.
    pub record_names: Vec<(u32, Vec<u8>)>,
    /// Index of this block ID's abbreviation list in [`BlockInfo::lists`].
    list: u32,
    /// Length of that list.
    num_abbrevs: u32,
}

impl BlockInfoEntry {
    /// The number of abbreviations registered for this block ID.
    pub fn num_abbrevs(&self) -> usize {
        self.num_abbrevs as usize
    }

    /// The name given to record `code` by `SETRECORDNAME`, if any (the first
    /// one wins, as in LLVM's analyzer).
    pub fn record_name(&self, code: u32) -> Option<&[u8]> {
        self.record_names.iter().find(|(c, _)| *c == code).map(|(_, n)| n.as_slice())
    }
}

/// The contents of the current `BLOCKINFO` block: per block ID, names and
/// abbreviations. A new `BLOCKINFO` block replaces it, as in LLVM.
///
/// Lookups and insertions are logarithmic in the number of block IDs
/// described. Abbreviation lists are never moved or dropped while the
/// stream is open, so blocks entered under an earlier `BLOCKINFO` keep
/// theirs without copying them.
#[derive(Debug, Clone, Default)]
pub struct BlockInfo {
    /// The current `BLOCKINFO`'s entries, in order of first mention.
    entries: Vec<BlockInfoEntry>,
    /// Block ID → index in `entries`.
    index: BTreeMap<u32, u32>,
    /// Abbreviation lists (indices into `arena`) of every `BLOCKINFO` seen.
    lists: Vec<Vec<u32>>,
    /// Every abbreviation ever registered.
    arena: OpStore,
}

impl BlockInfo {
    /// The entry for `block_id`, if the `BLOCKINFO` block mentioned it.
    pub fn entry(&self, block_id: u32) -> Option<&BlockInfoEntry> {
        self.index.get(&block_id).map(|&i| &self.entries[i as usize])
    }

    /// Every entry, by ascending block ID.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = &BlockInfoEntry> + '_ {
        self.index.values().map(|&i| &self.entries[i as usize])
    }

    /// Whether the current `BLOCKINFO` described no block.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The operands of the `i`-th abbreviation registered for `block_id`.
    pub fn abbrev(&self, block_id: u32, i: usize) -> Option<&[AbbrevOp]> {
        let e = self.entry(block_id)?;
        let idx = *self.lists[e.list as usize].get(i)?;
        self.arena.get(idx as usize)
    }

    fn entry_mut(&mut self, block_id: u32) -> &mut BlockInfoEntry {
        let next = self.entries.len() as u32;
        let i = *self.index.entry(block_id).or_insert(next);
        if i == next {
            let list = self.lists.len() as u32;
            self.lists.push(Vec::new());
            self.entries.push(BlockInfoEntry { block_id, list, ..Default::default() });
        }
        &mut self.entries[i as usize]
    }

    /// Forgets the entries (a new `BLOCKINFO` block starts); lists and
    /// abbreviations stay for the blocks still open.
    fn reset(&mut self) {
        self.entries.clear();
        self.index.clear();
    }

    /// Registers `abbrev` for `block_id`; returns how many it now has.
    fn add_abbrev(&mut self, block_id: u32, ops: &[AbbrevOp]) -> u32 {
        let idx = self.arena.push(ops);
        let e = self.entry_mut(block_id);
        e.num_abbrevs += 1;
        let (list, n) = (e.list, e.num_abbrevs);
        self.lists[list as usize].push(idx);
        n
    }
}

/// Which abbreviations the innermost open block sees: the first
/// `info_count` of a `BLOCKINFO` list (as it was when the block was
/// entered, like LLVM's copy), then the locals from `locals_base` on.
#[derive(Debug, Clone, Copy)]
struct ScopeAbbrevs {
    list: u32,
    info_count: u32,
    locals_base: u32,
}

/// The abbreviations of the open blocks, shared by reader and writer.
#[derive(Debug, Clone)]
struct Abbrevs {
    info: BlockInfo,
    /// Local abbreviations of every open block, outermost first.
    locals: OpStore,
    cur: ScopeAbbrevs,
}

impl Abbrevs {
    fn new() -> Self {
        Abbrevs {
            info: BlockInfo::default(),
            locals: OpStore::default(),
            cur: ScopeAbbrevs { list: 0, info_count: 0, locals_base: 0 },
        }
    }

    /// Starts block `block_id`; returns the enclosing block's view, for
    /// [`exit`](Self::exit). Entering block 0 starts a new `BLOCKINFO`.
    fn enter(&mut self, block_id: u32) -> ScopeAbbrevs {
        let saved = self.cur;
        let (list, info_count) =
            self.info.entry(block_id).map_or((0, 0), |e| (e.list, e.num_abbrevs));
        self.cur = ScopeAbbrevs { list, info_count, locals_base: self.locals.len() as u32 };
        if block_id == BLOCKINFO_BLOCK_ID {
            self.info.reset();
        }
        saved
    }

    /// Leaves the innermost block, back to the `saved` view.
    fn exit(&mut self, saved: ScopeAbbrevs) {
        self.locals.truncate(self.cur.locals_base as usize);
        self.cur = saved;
    }

    /// The operands of the abbreviation with ID `id` in the innermost
    /// block.
    #[inline]
    fn get(&self, id: u32) -> Option<&[AbbrevOp]> {
        let i = id.wrapping_sub(abbrev_id::FIRST_APPLICATION_ABBREV);
        if i < self.cur.info_count {
            let idx = self.info.lists[self.cur.list as usize][i as usize];
            return self.info.arena.get(idx as usize);
        }
        let local = (i - self.cur.info_count) as usize;
        self.locals.get(self.cur.locals_base as usize + local)
    }

    /// How many abbreviations the innermost block sees.
    fn count(&self) -> usize {
        self.cur.info_count as usize + self.locals.len() - self.cur.locals_base as usize
    }

    /// Defines a local abbreviation; returns its ID.
    fn push_local(&mut self, ops: &[AbbrevOp]) -> u32 {
        self.locals.push(ops);
        abbrev_id::FIRST_APPLICATION_ABBREV + self.count() as u32 - 1
    }
}
