//! LLVM's special ELF sections: a typed builder (encoder) and a decoder for
//! each.
//!
//! | module | section | `sh_type` |
//! |---|---|---|
//! | [`linker_options`] | `.linker-options` | [`SHT_LLVM_LINKER_OPTIONS`](consts::SHT_LLVM_LINKER_OPTIONS) |
//! | [`deplibs`] | `.deplibs` | [`SHT_LLVM_DEPENDENT_LIBRARIES`](consts::SHT_LLVM_DEPENDENT_LIBRARIES) |
//! | [`cg_profile`] | `.llvm.call-graph-profile` | [`SHT_LLVM_CALL_GRAPH_PROFILE`](consts::SHT_LLVM_CALL_GRAPH_PROFILE) |
//! | [`addrsig`] | `.llvm_addrsig` | [`SHT_LLVM_ADDRSIG`](consts::SHT_LLVM_ADDRSIG) |
//! | [`sympart`] | `.llvm_sympart` | [`SHT_LLVM_SYMPART`](consts::SHT_LLVM_SYMPART) |
//! | [`bb_addr_map`] | `.llvm_bb_addr_map` | [`SHT_LLVM_BB_ADDR_MAP`](consts::SHT_LLVM_BB_ADDR_MAP) |
//! | [`offloading`] | `.llvm.offloading` | [`SHT_LLVM_OFFLOADING`](consts::SHT_LLVM_OFFLOADING) |
//! | [`lto`] | `.llvm.lto` | [`SHT_LLVM_LTO`](consts::SHT_LLVM_LTO) |
//! | [`jt_sizes`] | `.llvm_jump_table_sizes` | [`SHT_LLVM_JT_SIZES`](consts::SHT_LLVM_JT_SIZES) |
//! | [`cfi_jump_table`] | (any name) | [`SHT_LLVM_CFI_JUMP_TABLE`](consts::SHT_LLVM_CFI_JUMP_TABLE) |
//! | [`callgraph`] | `.llvm.callgraph` | [`SHT_LLVM_CALL_GRAPH`](consts::SHT_LLVM_CALL_GRAPH) |
//!
//! PC sections (`!pcsections` metadata) are in [`crate::pcsections`].
//!
//! ## Relocations
//!
//! Several of these sections hold addresses (or symbol references) that a
//! relocatable object expresses with relocations. Their encoders return an
//! [`Encoded`]: the section bytes plus a list of [`Reloc`] *requests*, each
//! naming a symbol by the caller's own handle type `S` (a symbol id of the
//! ELF builder, a name, ...), an addend and a target-neutral [`RelocKind`];
//! the object writer maps the kind to the machine's relocation type. The
//! bytes under a relocation are zero: a writer that uses `SHT_REL` (no
//! explicit addend) must store the addend in the field itself.
//!
//! Decoders take relocations in the same form (the addend of an `SHT_REL`
//! relocation being the value stored in the field) and give addresses as an
//! [`Address`]: the raw field value and its offset, which
//! [`RelocMap::get`] resolves to the relocation that applies there.
//!
//! All decoders treat their input as hostile: they return an [`Error`] with
//! the byte offset of the problem, never panic, and never reserve memory in
//! proportion to a length field before checking it against the input.

pub mod addrsig;
pub mod bb_addr_map;
pub mod callgraph;
pub mod cfi_jump_table;
pub mod cg_profile;
pub mod consts;
pub mod deplibs;
pub mod jt_sizes;
pub mod linker_options;
pub mod lto;
pub mod offloading;
pub mod sympart;

pub(crate) mod read;

use crate::error::{Error, Result};

/// Byte order of the target (the ELF builder's).
pub use crate::elf::Endian;

/// The two properties of the object file that the section encodings depend
/// on: byte order and address (pointer) size.
///
/// ```
/// use llvmext_obj::llvm::Format;
/// assert_eq!(Format::ELF64_LE.pointer_size(), 8);
/// assert_eq!(Format::ELF32_BE.pointer_size(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Format {
    /// Byte order.
    pub endian: Endian,
    /// 64-bit addresses (`ELFCLASS64`) rather than 32-bit.
    pub is_64: bool,
}

impl Format {
    /// ELFCLASS64, little-endian (x86-64, AArch64, RISC-V 64, ...).
    pub const ELF64_LE: Format = Format { endian: Endian::Little, is_64: true };
    /// ELFCLASS32, little-endian (i386, ARM, ...).
    pub const ELF32_LE: Format = Format { endian: Endian::Little, is_64: false };
    /// ELFCLASS64, big-endian (s390x, PowerPC 64 BE, ...).
    pub const ELF64_BE: Format = Format { endian: Endian::Big, is_64: true };
    /// ELFCLASS32, big-endian.
    pub const ELF32_BE: Format = Format { endian: Endian::Big, is_64: false };

    /// Size in bytes of an address: 4 or 8.
    pub fn pointer_size(self) -> u8 {
        if self.is_64 {
            8
        } else {
            4
        }
    }

    /// The absolute relocation kind of a pointer-sized field.
    pub fn abs_kind(self) -> RelocKind {
        if self.is_64 {
            RelocKind::Abs64
        } else {
            RelocKind::Abs32
        }
    }

    pub(crate) fn put_u16(self, out: &mut Vec<u8>, v: u16) {
        out.extend_from_slice(&match self.endian {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        });
    }

    pub(crate) fn put_u32(self, out: &mut Vec<u8>, v: u32) {
        out.extend_from_slice(&match self.endian {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        });
    }

    pub(crate) fn put_u64(self, out: &mut Vec<u8>, v: u64) {
        out.extend_from_slice(&match self.endian {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        });
    }

    /// Appends `v` as an unsigned integer of `size` bytes (1..=8) in this
    /// byte order; the value is truncated to the size.
    pub(crate) fn put_uint(self, out: &mut Vec<u8>, v: u64, size: u8) {
        let size = usize::from(size.clamp(1, 8));
        match self.endian {
            Endian::Little => out.extend_from_slice(&v.to_le_bytes()[..size]),
            Endian::Big => out.extend_from_slice(&v.to_be_bytes()[8 - size..]),
        }
    }

    /// Appends a pointer-sized value; errors if it does not fit ELFCLASS32.
    pub(crate) fn put_addr(self, out: &mut Vec<u8>, v: u64, field: &'static str) -> Result<()> {
        if self.is_64 {
            self.put_u64(out, v);
        } else {
            let v32 = u32::try_from(v)
                .map_err(|_| Error::new(crate::error::ErrorKind::DoesNotFit { field, value: v }))?;
            self.put_u32(out, v32);
        }
        Ok(())
    }
}

/// What a relocation request asks for, independent of the machine: the
/// object writer maps it to `R_X86_64_*`, `R_AARCH64_*`, ...
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelocKind {
    /// No relocation of the field: only marks a reference to the symbol
    /// (`R_*_NONE`, as the call-graph profile uses).
    None,
    /// A 32-bit absolute address `S + A` (`R_X86_64_32`/`R_386_32`,
    /// `R_AARCH64_ABS32`).
    Abs32,
    /// A 64-bit absolute address `S + A` (`R_X86_64_64`, `R_AARCH64_ABS64`).
    Abs64,
    /// A 32-bit PC-relative value `S + A - P` (`R_X86_64_PC32`,
    /// `R_AARCH64_PREL32`).
    PcRel32,
    /// A 64-bit PC-relative value `S + A - P` (`R_X86_64_PC64`,
    /// `R_AARCH64_PREL64`).
    PcRel64,
    /// The target's direct jump to a function, the field being the branch
    /// instruction's displacement (`R_X86_64_PLT32`/`R_386_PLT32` on the
    /// 4-byte displacement, addend −4 included) or the instruction itself
    /// (`R_AARCH64_JUMP26`).
    Branch,
}

impl RelocKind {
    /// Size in bytes of the field the relocation applies to (`None`: 0;
    /// `Branch`: 4).
    pub fn size(self) -> u8 {
        match self {
            RelocKind::None => 0,
            RelocKind::Abs32 | RelocKind::PcRel32 | RelocKind::Branch => 4,
            RelocKind::Abs64 | RelocKind::PcRel64 => 8,
        }
    }
}

/// A relocation, as requested by an encoder or as given to a decoder.
///
/// `S` is the caller's symbol handle.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reloc<S> {
    /// Offset of the relocated field within the section.
    pub offset: u64,
    /// The symbol the relocation refers to.
    pub symbol: S,
    /// The addend.
    pub addend: i64,
    /// What is computed.
    pub kind: RelocKind,
}

/// A symbol plus a constant: the address `symbol + addend`.
///
/// Where LLVM refers to a temporary label (`.Lfunc_begin0`), the relocation
/// goes against the section symbol with the label's offset as addend; the
/// caller chooses which by the `SymbolRef` it passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SymbolRef<S> {
    /// The symbol.
    pub symbol: S,
    /// The addend.
    pub addend: i64,
}

impl<S> SymbolRef<S> {
    /// `symbol + 0`.
    pub fn new(symbol: S) -> Self {
        SymbolRef { symbol, addend: 0 }
    }

    /// `symbol + addend`.
    pub fn with_addend(symbol: S, addend: i64) -> Self {
        SymbolRef { symbol, addend }
    }
}

/// Section contents produced by an encoder, with the relocations the object
/// writer must emit for them (in the order LLVM emits them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Encoded<S> {
    /// The section bytes (zeros under relocated fields).
    pub bytes: Vec<u8>,
    /// Relocations against the section.
    pub relocs: Vec<Reloc<S>>,
}

impl<S> Default for Encoded<S> {
    fn default() -> Self {
        Encoded { bytes: Vec::new(), relocs: Vec::new() }
    }
}

impl<S> Encoded<S> {
    pub(crate) fn reloc(&mut self, sym: SymbolRef<S>, kind: RelocKind) {
        self.relocs.push(Reloc {
            offset: self.bytes.len() as u64,
            symbol: sym.symbol,
            addend: sym.addend,
            kind,
        });
    }

    /// Appends a pointer-sized zero field with an absolute relocation to
    /// `sym`.
    pub(crate) fn abs_addr(&mut self, sym: SymbolRef<S>, format: Format) {
        self.reloc(sym, format.abs_kind());
        self.bytes.resize(self.bytes.len() + usize::from(format.pointer_size()), 0);
    }
}

/// A decoded address field: the value stored in the section and where.
///
/// In a relocatable object the value is usually zero and a relocation at
/// `offset` says what the address is (see [`RelocMap`]); in a linked file
/// the value is the address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Address {
    /// Byte offset of the field within the section.
    pub offset: u64,
    /// The value stored in the field.
    pub value: u64,
}

/// Relocations of one section, indexed by offset for the decoders.
///
/// ```
/// use llvmext_obj::llvm::{Reloc, RelocKind, RelocMap};
/// let relocs = [Reloc { offset: 8, symbol: "f", addend: 0, kind: RelocKind::Abs64 }];
/// let map = RelocMap::new(&relocs);
/// assert_eq!(map.get(8).map(|r| r.symbol), Some("f"));
/// assert!(map.get(0).is_none());
/// ```
#[derive(Debug, Clone)]
pub struct RelocMap<'r, S> {
    relocs: &'r [Reloc<S>],
    /// Indices into `relocs`, stably sorted by offset.
    order: Vec<usize>,
}

impl<'r, S> RelocMap<'r, S> {
    /// Indexes `relocs` (in any order).
    pub fn new(relocs: &'r [Reloc<S>]) -> Self {
        let mut order: Vec<usize> = (0..relocs.len()).collect();
        order.sort_by_key(|&i| relocs[i].offset);
        RelocMap { relocs, order }
    }

    /// The first relocation at `offset` (in the order given).
    pub fn get(&self, offset: u64) -> Option<&'r Reloc<S>> {
        self.all_at(offset).next()
    }

    /// All relocations at `offset`, in the order given.
    pub fn all_at(&self, offset: u64) -> impl Iterator<Item = &'r Reloc<S>> + '_ {
        let start = self.order.partition_point(|&i| self.relocs[i].offset < offset);
        self.order[start..].iter().map(|&i| &self.relocs[i]).take_while(move |r| r.offset == offset)
    }

    /// All relocations with `start <= offset < end`, by offset.
    pub fn range(&self, start: u64, end: u64) -> impl Iterator<Item = &'r Reloc<S>> + '_ {
        let from = self.order.partition_point(|&i| self.relocs[i].offset < start);
        self.order[from..].iter().map(|&i| &self.relocs[i]).take_while(move |r| r.offset < end)
    }

    /// All relocations, by offset.
    pub fn iter(&self) -> impl Iterator<Item = &'r Reloc<S>> + '_ {
        self.order.iter().map(|&i| &self.relocs[i])
    }

    /// Number of relocations.
    pub fn len(&self) -> usize {
        self.relocs.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.relocs.is_empty()
    }
}

/// Iterator over the NUL-terminated strings of a string-list section
/// ([`linker_options`], [`deplibs`]); the strings are returned without
/// their NUL.
#[derive(Debug, Clone)]
pub struct CStrings<'a> {
    data: &'a [u8],
}

impl<'a> CStrings<'a> {
    /// Checks that `data` is empty or ends with a NUL byte.
    pub(crate) fn new(data: &'a [u8], what: &'static str) -> Result<Self> {
        match data.last() {
            None | Some(0) => Ok(CStrings { data }),
            Some(_) => Err(Error::truncated(what, data.len() as u64)),
        }
    }
}

impl<'a> Iterator for CStrings<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let nul = self.data.iter().position(|&b| b == 0)?;
        let (s, rest) = self.data.split_at(nul);
        self.data = &rest[1..];
        Some(s)
    }
}

/// Appends `s` and a NUL byte; errors if `s` contains a NUL.
pub(crate) fn put_cstr(out: &mut Vec<u8>, s: &[u8], what: &'static str) -> Result<()> {
    if s.contains(&0) {
        return Err(Error::invalid(format!("{what} contains a NUL byte")));
    }
    out.extend_from_slice(s);
    out.push(0);
    Ok(())
}
