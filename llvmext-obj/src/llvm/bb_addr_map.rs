//! `.llvm_bb_addr_map` (`SHT_LLVM_BB_ADDR_MAP`): the address and size of
//! every basic block of every function, with optional PGO analysis data.
//!
//! Versions 2 to 5 as the newest LLVM defines them (`BBAddrMap.h`,
//! `decodeBBAddrMapPayload`); LLVM 19 writes version 2, LLVM 22 version 5.
//! Per function:
//!
//! ```text
//! u8 version; feature: u8 (version < 5) or u16 (version 5, target order)
//! if MultiBBRange: ULEB128 number of ranges (> 0)
//! each range: pointer-sized base address (relocated); ULEB128 number of blocks
//!   unless OmitBBEntries, each block:
//!     ULEB128 id; ULEB128 offset from the end of the previous block
//!     if CallsiteEndOffsets: ULEB128 count, each ULEB128 delta from the previous
//!     ULEB128 size (from the last callsite end); ULEB128 metadata
//!     if BBHash: u64 hash (target order)
//! if FuncEntryCount: ULEB128 entry count
//! if BBFreq or BrProb, for each block of all ranges:
//!   if BBFreq: ULEB128 frequency;  if PostLinkCfg: ULEB128 post-link frequency
//!   if BrProb: ULEB128 successor count, each: ULEB128 id, ULEB128 probability,
//!              and if PostLinkCfg ULEB128 post-link edge frequency
//! ```
//!
//! Without MultiBBRange the single range's base address comes before its
//! block count, in the same way. The section has `SHF_LINK_ORDER` with
//! `sh_link` = the function's text section (plus `SHF_GROUP` when that is in
//! a group), one section per text section.
//!
//! The model ([`FunctionMap`]) holds block offsets relative to the range's
//! base, full block sizes and callsite end offsets relative to the block
//! start, as LLVM's `BBAddrMap` does; the encoder computes the deltas and
//! writes minimal ULEB128s (LLVM's assembler can pad a ULEB128 label
//! difference after relaxation; the decoder accepts padded ones). The
//! decoder rejects offsets that overflow 32 bits, where LLVM wraps.
//!
//! ```
//! use llvmext_obj::llvm::bb_addr_map::*;
//! use llvmext_obj::llvm::{Format, SymbolRef};
//! let f = FunctionMap {
//!     version: 2,
//!     features: Features::default(),
//!     ranges: vec![BbRange::new(
//!         SymbolRef::new("f"),
//!         vec![BbEntry::new(0, 0, 5, BlockMetadata { has_return: true, ..Default::default() })],
//!     )],
//!     pgo: PgoAnalysis::default(),
//! };
//! let enc = encode(&[f], Format::ELF64_LE).unwrap();
//! assert_eq!(enc.bytes, [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 5, 1]);
//! let back = decode(&enc.bytes, Format::ELF64_LE).unwrap();
//! assert_eq!(back[0].ranges[0].base.offset, 2);
//! assert_eq!(back[0].ranges[0].blocks[0].size, 5);
//! ```

use super::read::Cursor;
use super::{Address, Encoded, Format, Reloc, RelocMap, SymbolRef};
use crate::error::{Error, Result};
use llvmext_core::leb128::write_uleb128;

/// Conventional section name.
pub const NAME: &str = ".llvm_bb_addr_map";
/// Oldest version supported.
pub const MIN_VERSION: u8 = 2;
/// Newest version supported (the newest LLVM's).
pub const MAX_VERSION: u8 = 5;

/// The feature bits of a function entry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Features {
    /// Bit 0: PGO function entry count.
    pub func_entry_count: bool,
    /// Bit 1: PGO block frequencies.
    pub bb_freq: bool,
    /// Bit 2: PGO branch probabilities.
    pub br_prob: bool,
    /// Bit 3: several block ranges (basic-block sections).
    pub multi_bb_range: bool,
    /// Bit 4: block entries left out (only counts remain).
    pub omit_bb_entries: bool,
    /// Bit 5: callsite end offsets (version 3+).
    pub callsite_end_offsets: bool,
    /// Bit 6: block hashes (version 4+).
    pub bb_hash: bool,
    /// Bit 7: post-link CFG frequencies (version 5+).
    pub post_link_cfg: bool,
}

impl Features {
    /// The feature bits.
    pub fn encode(self) -> u16 {
        [
            self.func_entry_count,
            self.bb_freq,
            self.br_prob,
            self.multi_bb_range,
            self.omit_bb_entries,
            self.callsite_end_offsets,
            self.bb_hash,
            self.post_link_cfg,
        ]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u16::from(b) << i))
    }

    /// The features of `bits`, `None` if an unknown bit is set.
    pub fn decode(bits: u16) -> Option<Self> {
        if bits > 0xff {
            return None;
        }
        let b = |i: u16| bits & (1 << i) != 0;
        Some(Features {
            func_entry_count: b(0),
            bb_freq: b(1),
            br_prob: b(2),
            multi_bb_range: b(3),
            omit_bb_entries: b(4),
            callsite_end_offsets: b(5),
            bb_hash: b(6),
            post_link_cfg: b(7),
        })
    }

    /// Whether any PGO analysis is present.
    pub fn has_pgo_analysis(self) -> bool {
        self.func_entry_count || self.bb_freq || self.br_prob
    }

    /// Whether per-block PGO data is present.
    pub fn has_pgo_bb_data(self) -> bool {
        self.bb_freq || self.br_prob
    }

    /// The oldest version that can encode these features.
    pub fn min_version(self) -> u8 {
        if self.post_link_cfg {
            5
        } else if self.bb_hash {
            4
        } else if self.callsite_end_offsets {
            3
        } else {
            2
        }
    }
}

/// Per-block flags.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct BlockMetadata {
    /// Bit 0: ends with a return (or tail call).
    pub has_return: bool,
    /// Bit 1: ends with a tail call.
    pub has_tail_call: bool,
    /// Bit 2: is an exception-handling pad.
    pub is_eh_pad: bool,
    /// Bit 3: can fall through to the next block.
    pub can_fall_through: bool,
    /// Bit 4: ends with an indirect branch.
    pub has_indirect_branch: bool,
}

impl BlockMetadata {
    /// The metadata value.
    pub fn encode(self) -> u32 {
        u32::from(self.has_return)
            | u32::from(self.has_tail_call) << 1
            | u32::from(self.is_eh_pad) << 2
            | u32::from(self.can_fall_through) << 3
            | u32::from(self.has_indirect_branch) << 4
    }

    /// The metadata of `v`, `None` if an unknown bit is set.
    pub fn decode(v: u32) -> Option<Self> {
        if v > 0x1f {
            return None;
        }
        Some(BlockMetadata {
            has_return: v & 1 != 0,
            has_tail_call: v & 2 != 0,
            is_eh_pad: v & 4 != 0,
            can_fall_through: v & 8 != 0,
            has_indirect_branch: v & 16 != 0,
        })
    }
}

/// One basic block.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct BbEntry {
    /// The block's id.
    pub id: u32,
    /// Offset of the block from the range's base address.
    pub offset: u32,
    /// Size of the block in bytes.
    pub size: u32,
    /// Flags.
    pub metadata: BlockMetadata,
    /// End offsets of the calls in the block, from the block start,
    /// non-decreasing (with [`Features::callsite_end_offsets`]).
    pub callsite_end_offsets: Vec<u32>,
    /// The block hash (with [`Features::bb_hash`]).
    pub hash: u64,
}

impl BbEntry {
    /// A block without callsites or hash.
    pub fn new(id: u32, offset: u32, size: u32, metadata: BlockMetadata) -> Self {
        BbEntry { id, offset, size, metadata, ..Default::default() }
    }
}

/// A contiguous range of blocks (the function, or one of its basic-block
/// sections).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct BbRange<A> {
    /// The range's base address: a [`SymbolRef`] to encode, an [`Address`]
    /// when decoded.
    pub base: A,
    /// The blocks (empty with [`Features::omit_bb_entries`]).
    pub blocks: Vec<BbEntry>,
    /// With [`Features::omit_bb_entries`], the block count recorded in
    /// place of the entries; 0 otherwise.
    pub omitted_blocks: u32,
}

impl<A> BbRange<A> {
    /// A range with these blocks.
    pub fn new(base: A, blocks: Vec<BbEntry>) -> Self {
        BbRange { base, blocks, omitted_blocks: 0 }
    }
}

/// A successor edge in the PGO data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PgoSuccessor {
    /// The successor's block id.
    pub id: u32,
    /// Raw branch probability numerator (of 2^31).
    pub prob: u32,
    /// Post-link edge frequency (with [`Features::post_link_cfg`]).
    pub post_link_freq: u32,
}

/// Per-block PGO data.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PgoBlock {
    /// Raw block frequency (with [`Features::bb_freq`]).
    pub freq: u64,
    /// Post-link block frequency (with [`Features::post_link_cfg`]).
    pub post_link_freq: u32,
    /// Successors (with [`Features::br_prob`]).
    pub successors: Vec<PgoSuccessor>,
}

/// The PGO analysis map of a function. Fields whose feature is off are
/// ignored by the encoder and zero/empty when decoded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PgoAnalysis {
    /// Function entry count (with [`Features::func_entry_count`]).
    pub func_entry_count: u64,
    /// One per block of all ranges, in order (with
    /// [`Features::has_pgo_bb_data`]).
    pub blocks: Vec<PgoBlock>,
}

/// The map of one function.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FunctionMap<A> {
    /// Encoding version, 2..=5.
    pub version: u8,
    /// Features.
    pub features: Features,
    /// The block ranges; the first is the function entry. Exactly one
    /// unless [`Features::multi_bb_range`].
    pub ranges: Vec<BbRange<A>>,
    /// PGO data.
    pub pgo: PgoAnalysis,
}

impl<A> FunctionMap<A> {
    /// Converts every range's base address with `f`.
    pub fn try_map_bases<B, E>(
        self,
        mut f: impl FnMut(A) -> Result<B, E>,
    ) -> Result<FunctionMap<B>, E> {
        let mut ranges = Vec::with_capacity(self.ranges.len());
        for r in self.ranges {
            ranges.push(BbRange {
                base: f(r.base)?,
                blocks: r.blocks,
                omitted_blocks: r.omitted_blocks,
            });
        }
        Ok(FunctionMap { version: self.version, features: self.features, ranges, pgo: self.pgo })
    }
}

impl FunctionMap<Address> {
    /// Replaces each base address by the relocation that applies to it (in
    /// a relocatable object); errors if one has none.
    pub fn resolve<S: Clone>(self, relocs: &RelocMap<'_, S>) -> Result<FunctionMap<SymbolRef<S>>> {
        self.try_map_bases(|a| {
            relocs
                .get(a.offset)
                .map(|r| SymbolRef { symbol: r.symbol.clone(), addend: r.addend })
                .ok_or_else(|| {
                    Error::malformed("BB address map base address has no relocation", a.offset)
                })
        })
    }
}

/// Encodes function maps into section contents and the relocations of
/// their base addresses.
pub fn encode<S: Clone>(funcs: &[FunctionMap<SymbolRef<S>>], format: Format) -> Result<Encoded<S>> {
    let mut e = Encoded::default();
    for f in funcs {
        encode_one(&mut e, f, format)?;
    }
    Ok(e)
}

fn encode_one<S: Clone>(
    e: &mut Encoded<S>,
    f: &FunctionMap<SymbolRef<S>>,
    format: Format,
) -> Result<()> {
    let feat = f.features;
    if !(MIN_VERSION..=MAX_VERSION).contains(&f.version) {
        return Err(Error::invalid(format!("unsupported BB address map version {}", f.version)));
    }
    if feat.min_version() > f.version {
        return Err(Error::invalid(format!(
            "BB address map features {:#x} need version {} (have {})",
            feat.encode(),
            feat.min_version(),
            f.version
        )));
    }
    if f.ranges.is_empty() {
        return Err(Error::invalid("BB address map function without ranges"));
    }
    if !feat.multi_bb_range && f.ranges.len() != 1 {
        return Err(Error::invalid("several BB ranges need the MultiBBRange feature"));
    }
    let out = &mut e.bytes;
    out.push(f.version);
    if f.version < 5 {
        out.push(feat.encode() as u8);
    } else {
        format.put_u16(out, feat.encode());
    }
    if feat.multi_bb_range {
        write_uleb128(out, f.ranges.len() as u64);
    }
    let mut total_blocks = 0usize;
    for r in &f.ranges {
        e.abs_addr(r.base.clone(), format);
        let out = &mut e.bytes;
        if feat.omit_bb_entries {
            if !r.blocks.is_empty() {
                return Err(Error::invalid("OmitBBEntries set but blocks given"));
            }
            write_uleb128(out, u64::from(r.omitted_blocks));
            continue;
        }
        if r.omitted_blocks != 0 {
            return Err(Error::invalid("omitted_blocks set without OmitBBEntries"));
        }
        write_uleb128(out, r.blocks.len() as u64);
        let mut prev_end = 0u32;
        for b in &r.blocks {
            let delta = b.offset.checked_sub(prev_end).ok_or_else(|| {
                Error::invalid(format!("BB {} starts before the end of the previous block", b.id))
            })?;
            write_uleb128(out, u64::from(b.id));
            write_uleb128(out, u64::from(delta));
            let mut last = 0u32;
            if feat.callsite_end_offsets {
                write_uleb128(out, b.callsite_end_offsets.len() as u64);
                for &cs in &b.callsite_end_offsets {
                    let d = cs.checked_sub(last).ok_or_else(|| {
                        Error::invalid(format!("BB {}: callsite end offsets decrease", b.id))
                    })?;
                    write_uleb128(out, u64::from(d));
                    last = cs;
                }
            } else if !b.callsite_end_offsets.is_empty() {
                return Err(Error::invalid(
                    "callsite end offsets need the CallsiteEndOffsets feature",
                ));
            }
            let rest = b.size.checked_sub(last).ok_or_else(|| {
                Error::invalid(format!("BB {}: callsite end beyond the block end", b.id))
            })?;
            write_uleb128(out, u64::from(rest));
            write_uleb128(out, u64::from(b.metadata.encode()));
            if feat.bb_hash {
                format.put_u64(out, b.hash);
            }
            prev_end = b
                .offset
                .checked_add(b.size)
                .ok_or_else(|| Error::invalid(format!("BB {}: end does not fit 32 bits", b.id)))?;
        }
        total_blocks += r.blocks.len();
    }
    let out = &mut e.bytes;
    if feat.has_pgo_analysis() {
        if feat.func_entry_count {
            write_uleb128(out, f.pgo.func_entry_count);
        }
        if feat.has_pgo_bb_data() {
            if f.pgo.blocks.len() != total_blocks {
                return Err(Error::invalid(format!(
                    "PGO analysis has {} blocks, the map {}",
                    f.pgo.blocks.len(),
                    total_blocks
                )));
            }
            for pb in &f.pgo.blocks {
                if feat.bb_freq {
                    write_uleb128(out, pb.freq);
                }
                if feat.post_link_cfg {
                    write_uleb128(out, u64::from(pb.post_link_freq));
                }
                if feat.br_prob {
                    write_uleb128(out, pb.successors.len() as u64);
                    for s in &pb.successors {
                        write_uleb128(out, u64::from(s.id));
                        write_uleb128(out, u64::from(s.prob));
                        if feat.post_link_cfg {
                            write_uleb128(out, u64::from(s.post_link_freq));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Decodes all function maps of a section.
pub fn decode(data: &[u8], format: Format) -> Result<Vec<FunctionMap<Address>>> {
    iter(data, format).collect()
}

/// Decodes the function maps of a section one at a time; after an error
/// the iterator ends.
pub fn iter(
    data: &[u8],
    format: Format,
) -> impl Iterator<Item = Result<FunctionMap<Address>>> + '_ {
    let mut c = Cursor::new(data);
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed || c.is_empty() {
            return None;
        }
        let r = decode_one(&mut c, format);
        failed = r.is_err();
        Some(r)
    })
}

/// Decodes the maps and resolves their base addresses with `relocs`.
pub fn decode_with_relocs<S: Clone>(
    data: &[u8],
    format: Format,
    relocs: &[Reloc<S>],
) -> Result<Vec<FunctionMap<SymbolRef<S>>>> {
    let map = RelocMap::new(relocs);
    iter(data, format).map(|f| f?.resolve(&map)).collect()
}

fn decode_one(c: &mut Cursor<'_>, format: Format) -> Result<FunctionMap<Address>> {
    let at = c.offset();
    let version = c.u8("BB address map version")?;
    if !(MIN_VERSION..=MAX_VERSION).contains(&version) {
        return Err(Error::malformed(format!("unsupported BB address map version: {version}"), at));
    }
    let feat_at = c.offset();
    let bits = if version < 5 {
        u16::from(c.u8("BB address map feature")?)
    } else {
        c.u16(format, "BB address map feature")?
    };
    let feat = Features::decode(bits).ok_or_else(|| {
        Error::malformed(format!("invalid encoding for BBAddrMap::Features: {bits:#x}"), feat_at)
    })?;
    if feat.min_version() > version {
        return Err(Error::malformed(
            format!(
                "BB address map version {version} cannot have features {bits:#x} (needs version {})",
                feat.min_version()
            ),
            feat_at,
        ));
    }
    let num_ranges = if feat.multi_bb_range {
        let at = c.offset();
        let n = c.uleb_u32("number of BB ranges")?;
        if n == 0 {
            return Err(Error::malformed("invalid zero number of BB ranges", at));
        }
        n
    } else {
        1
    };
    let mut ranges = Vec::new();
    let mut total_blocks = 0usize;
    for _ in 0..num_ranges {
        let base = c.addr(format, "BB range base address")?;
        let num_blocks = c.uleb_u32("number of basic blocks")?;
        if feat.omit_bb_entries {
            ranges.push(BbRange { base, blocks: Vec::new(), omitted_blocks: num_blocks });
            continue;
        }
        let mut blocks = Vec::new();
        let mut prev_end = 0u32;
        for _ in 0..num_blocks {
            let id = c.uleb_u32("BB id")?;
            let off_at = c.offset();
            let delta = c.uleb_u32("BB offset")?;
            let offset = prev_end
                .checked_add(delta)
                .ok_or_else(|| Error::malformed("BB offset overflows 32 bits", off_at))?;
            let mut callsite_end_offsets = Vec::new();
            let mut last = 0u32;
            if feat.callsite_end_offsets {
                let n = c.uleb_u32("number of callsites")?;
                for _ in 0..n {
                    let at = c.offset();
                    let d = c.uleb_u32("callsite end offset")?;
                    last = last.checked_add(d).ok_or_else(|| {
                        Error::malformed("callsite end offset overflows 32 bits", at)
                    })?;
                    callsite_end_offsets.push(last);
                }
            }
            let size_at = c.offset();
            let size = c
                .uleb_u32("BB size")?
                .checked_add(last)
                .ok_or_else(|| Error::malformed("BB size overflows 32 bits", size_at))?;
            let md_at = c.offset();
            let md = c.uleb_u32("BB metadata")?;
            let metadata = BlockMetadata::decode(md).ok_or_else(|| {
                Error::malformed(format!("invalid encoding for BBEntry::Metadata: {md:#x}"), md_at)
            })?;
            let hash = if feat.bb_hash { c.u64(format, "BB hash")? } else { 0 };
            prev_end = offset
                .checked_add(size)
                .ok_or_else(|| Error::malformed("BB end overflows 32 bits", size_at))?;
            blocks.push(BbEntry { id, offset, size, metadata, callsite_end_offsets, hash });
        }
        total_blocks += blocks.len();
        ranges.push(BbRange { base, blocks, omitted_blocks: 0 });
    }
    let mut pgo = PgoAnalysis::default();
    if feat.has_pgo_analysis() {
        if feat.func_entry_count {
            pgo.func_entry_count = c.uleb("function entry count")?;
        }
        if feat.has_pgo_bb_data() {
            for _ in 0..total_blocks {
                let mut pb = PgoBlock::default();
                if feat.bb_freq {
                    pb.freq = c.uleb("BB frequency")?;
                }
                if feat.post_link_cfg {
                    pb.post_link_freq = c.uleb_u32("post-link BB frequency")?;
                }
                if feat.br_prob {
                    let n = c.uleb("successor count")?;
                    for _ in 0..n {
                        let id = c.uleb_u32("successor BB id")?;
                        let prob = c.uleb_u32("branch probability")?;
                        let post_link_freq = if feat.post_link_cfg {
                            c.uleb_u32("post-link edge frequency")?
                        } else {
                            0
                        };
                        pb.successors.push(PgoSuccessor { id, prob, post_link_freq });
                    }
                }
                pgo.blocks.push(pb);
            }
        }
    }
    Ok(FunctionMap { version, features: feat, ranges, pgo })
}
