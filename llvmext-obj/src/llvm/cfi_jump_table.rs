//! `SHT_LLVM_CFI_JUMP_TABLE` (LLVM 21+): the code of a CFI jump table, one
//! fixed-size entry per function, `sh_entsize` = the entry size.
//!
//! Each `sh_entsize`-sized slice holding exactly one relocation is a jump
//! table entry branching to that relocation's target; the linker may
//! replace it by the function body. The section is otherwise an ordinary
//! `SHF_ALLOC | SHF_EXECINSTR` code section (any name; LLVM uses the jump
//! table function's section, e.g. `.text..L.cfi.jumptable`).
//!
//! [`CfiJumpTableBuilder`] writes entries as LLVM's `LowerTypeTests`
//! does for x86-64 and AArch64; [`decode`] is target-neutral.
//!
//! ```
//! use llvmext_obj::llvm::cfi_jump_table::{decode, CfiJumpTableBuilder, EntryKind};
//! use llvmext_obj::llvm::RelocKind;
//! let mut b = CfiJumpTableBuilder::new(EntryKind::X86_64);
//! b.add("f").add("g");
//! let enc = b.encode();
//! assert_eq!(b.entry_size(), 8);
//! assert_eq!(&enc.bytes[..8], [0xe9, 0, 0, 0, 0, 0xcc, 0xcc, 0xcc]);
//! assert_eq!((enc.relocs[1].offset, enc.relocs[1].kind), (9, RelocKind::Branch));
//! let entries = decode(&enc.bytes, 8, &enc.relocs).unwrap();
//! assert_eq!(entries[1].target.map(|r| r.symbol), Some("g"));
//! ```

use super::{Encoded, Reloc, RelocKind, RelocMap, SymbolRef};
use crate::error::{Error, Result};

/// The shape of an entry.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// `jmp f@plt; int3; int3; int3` — 8 bytes.
    X86_64,
    /// `endbr64; jmp f@plt`, padded with `int3` to 16 bytes (with
    /// `cf-protection=branch`).
    X86_64Ibt,
    /// `b f` — 4 bytes.
    AArch64,
    /// `bti c; b f` — 8 bytes (with branch target enforcement).
    AArch64Bti,
}

impl EntryKind {
    /// Entry size (`sh_entsize`).
    pub fn size(self) -> u8 {
        match self {
            EntryKind::X86_64 | EntryKind::AArch64Bti => 8,
            EntryKind::X86_64Ibt => 16,
            EntryKind::AArch64 => 4,
        }
    }

    /// The entry's bytes (branch field zero) and the offset of the
    /// relocated field within it, with its addend.
    fn template(self) -> (&'static [u8], u8, i64) {
        const X86: [u8; 8] = [0xe9, 0, 0, 0, 0, 0xcc, 0xcc, 0xcc];
        const X86_IBT: [u8; 16] =
            [0xf3, 0x0f, 0x1e, 0xfa, 0xe9, 0, 0, 0, 0, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc];
        // `b #0` is 0x14000000; `bti c` is 0xd503245f (instructions are
        // always little-endian on AArch64).
        const A64: [u8; 4] = [0, 0, 0, 0x14];
        const A64_BTI: [u8; 8] = [0x5f, 0x24, 0x03, 0xd5, 0, 0, 0, 0x14];
        match self {
            EntryKind::X86_64 => (&X86, 1, -4),
            EntryKind::X86_64Ibt => (&X86_IBT, 5, -4),
            EntryKind::AArch64 => (&A64, 0, 0),
            EntryKind::AArch64Bti => (&A64_BTI, 4, 0),
        }
    }
}

/// Builds a jump table.
#[derive(Debug, Clone)]
pub struct CfiJumpTableBuilder<S> {
    kind: EntryKind,
    targets: Vec<S>,
}

impl<S: Clone> CfiJumpTableBuilder<S> {
    /// An empty table of `kind` entries.
    pub fn new(kind: EntryKind) -> Self {
        CfiJumpTableBuilder { kind, targets: Vec::new() }
    }

    /// Adds an entry jumping to `target`.
    pub fn add(&mut self, target: S) -> &mut Self {
        self.targets.push(target);
        self
    }

    /// `sh_entsize` for the section.
    pub fn entry_size(&self) -> u64 {
        u64::from(self.kind.size())
    }

    /// The code and its [`RelocKind::Branch`] relocations.
    pub fn encode(&self) -> Encoded<S> {
        let (tmpl, at, addend) = self.kind.template();
        let mut e = Encoded::default();
        for t in &self.targets {
            let start = e.bytes.len();
            e.bytes.extend_from_slice(&tmpl[..usize::from(at)]);
            e.reloc(SymbolRef::with_addend(t.clone(), addend), RelocKind::Branch);
            e.bytes.extend_from_slice(&tmpl[usize::from(at)..]);
            debug_assert_eq!(e.bytes.len() - start, tmpl.len());
        }
        e
    }
}

/// One `sh_entsize` slice of a decoded table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CfiJumpTableEntry<'a, 'r, S> {
    /// Offset of the slice.
    pub offset: u64,
    /// Its bytes.
    pub bytes: &'a [u8],
    /// The slice's relocation if it has exactly one (then it is a jump
    /// table entry), else `None`.
    pub target: Option<&'r Reloc<S>>,
}

/// Splits a section into its `entsize` slices and finds each one's
/// relocation.
pub fn decode<'a, 'r, S>(
    data: &'a [u8],
    entsize: u64,
    relocs: &'r [Reloc<S>],
) -> Result<Vec<CfiJumpTableEntry<'a, 'r, S>>> {
    let size = match usize::try_from(entsize) {
        Ok(s) if s > 0 => s,
        _ => return Err(Error::malformed(format!("bad CFI jump table entry size {entsize}"), 0)),
    };
    if data.len() % size != 0 {
        return Err(Error::truncated("CFI jump table entry", data.len() as u64));
    }
    let map = RelocMap::new(relocs);
    Ok(data
        .chunks(size)
        .enumerate()
        .map(|(i, bytes)| {
            let offset = (i * size) as u64;
            let mut it = map.range(offset, offset + entsize);
            let target = match (it.next(), it.next()) {
                (Some(r), None) => Some(r),
                _ => None,
            };
            CfiJumpTableEntry { offset, bytes, target }
        })
        .collect())
}
