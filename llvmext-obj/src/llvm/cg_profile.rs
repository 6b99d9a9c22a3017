//! `.llvm.call-graph-profile` (`SHT_LLVM_CALL_GRAPH_PROFILE`): weighted
//! call edges for the linker's section ordering (`.cg_profile a, b, 42`).
//!
//! As LLVM 19 writes it, each entry is an 8-byte weight (in the target's
//! byte order); the edge's `from` and `to` symbols are two `R_*_NONE`
//! relocations at the entry's offset, `from` first. The section has flags
//! [`SHF_EXCLUDE`](super::consts::SHF_EXCLUDE), `sh_entsize` 8 and
//! `sh_link` = the symbol table; LLVM puts its relocations in an `SHT_REL`
//! section (`.rel.llvm.call-graph-profile`) even on targets that otherwise
//! use `SHT_RELA`. A symbol only named by a `.cg_profile` directive that is
//! undefined becomes a weak undefined symbol (the writer's business).
//!
//! ```
//! use llvmext_obj::llvm::cg_profile::{decode, CgProfileBuilder};
//! use llvmext_obj::llvm::{Format, RelocKind};
//! let mut b = CgProfileBuilder::new();
//! b.add("f", "g", 42);
//! let enc = b.encode(Format::ELF64_LE);
//! assert_eq!(enc.bytes, [42, 0, 0, 0, 0, 0, 0, 0]);
//! assert_eq!(enc.relocs.len(), 2);
//! assert!(enc.relocs.iter().all(|r| r.offset == 0 && r.kind == RelocKind::None));
//! let edges = decode(&enc.bytes, Format::ELF64_LE, &enc.relocs).unwrap();
//! assert_eq!((edges[0].from, edges[0].to, edges[0].weight), ("f", "g", 42));
//! ```

use super::read::Cursor;
use super::{Encoded, Format, Reloc, RelocKind, RelocMap, SymbolRef};
use crate::error::{Error, Result};

/// Conventional section name.
pub const NAME: &str = ".llvm.call-graph-profile";
/// `sh_entsize`.
pub const ENTSIZE: u64 = 8;

/// One weighted edge.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CgProfileEntry<S> {
    /// The caller.
    pub from: S,
    /// The callee.
    pub to: S,
    /// The edge weight.
    pub weight: u64,
}

/// Collects call-graph-profile edges.
#[derive(Debug, Clone)]
pub struct CgProfileBuilder<S> {
    entries: Vec<CgProfileEntry<S>>,
}

impl<S> Default for CgProfileBuilder<S> {
    fn default() -> Self {
        CgProfileBuilder { entries: Vec::new() }
    }
}

impl<S: Clone> CgProfileBuilder<S> {
    /// No edges yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an edge (`.cg_profile from, to, weight`).
    pub fn add(&mut self, from: S, to: S, weight: u64) -> &mut Self {
        self.entries.push(CgProfileEntry { from, to, weight });
        self
    }

    /// The edges added.
    pub fn entries(&self) -> &[CgProfileEntry<S>] {
        &self.entries
    }

    /// The section bytes and its `R_*_NONE` relocation pairs.
    pub fn encode(&self, format: Format) -> Encoded<S> {
        let mut e = Encoded::default();
        for entry in &self.entries {
            e.reloc(SymbolRef::new(entry.from.clone()), RelocKind::None);
            e.reloc(SymbolRef::new(entry.to.clone()), RelocKind::None);
            format.put_u64(&mut e.bytes, entry.weight);
        }
        e
    }
}

/// Decodes the section given its relocations: each 8-byte entry must have
/// exactly two relocations at its offset (`from`, then `to`, in the order
/// given), and there must be no others.
pub fn decode<S: Clone>(
    data: &[u8],
    format: Format,
    relocs: &[Reloc<S>],
) -> Result<Vec<CgProfileEntry<S>>> {
    if data.len() % 8 != 0 {
        return Err(Error::truncated("call-graph profile entry", data.len() as u64));
    }
    let map = RelocMap::new(relocs);
    if let Some(r) = map.iter().find(|r| r.offset % 8 != 0 || r.offset >= data.len() as u64) {
        return Err(Error::malformed(
            "call-graph profile relocation is not at the start of an entry",
            r.offset,
        ));
    }
    let mut c = Cursor::new(data);
    let mut out = Vec::with_capacity(data.len() / 8);
    while !c.is_empty() {
        let at = c.offset();
        let weight = c.u64(format, "call-graph profile weight")?;
        let mut it = map.all_at(at);
        let (Some(from), Some(to), None) = (it.next(), it.next(), it.next()) else {
            return Err(Error::malformed(
                "call-graph profile entry needs exactly two relocations (from, to)",
                at,
            ));
        };
        out.push(CgProfileEntry { from: from.symbol.clone(), to: to.symbol.clone(), weight });
    }
    Ok(out)
}
