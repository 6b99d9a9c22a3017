//! `.llvm.callgraph` (`SHT_LLVM_CALL_GRAPH`, LLVM 21+, format version 0):
//! per function, whether it may be called indirectly, its type id, its
//! direct callees and the type ids of its indirect calls
//! (`llvm/docs/CallGraphSection.md`).
//!
//! ```text
//! u8 version (0); u8 flags: bit 0 indirect target, bit 1 has direct callees,
//!                           bit 2 has indirect callees, bits 3-7 reserved
//! uintptr function entry (relocated); u64 function type id (target order)
//! if bit 1: ULEB128 count, count x uintptr callee (relocated)
//! if bit 2: ULEB128 count, count x u64 type id
//! ```
//!
//! LLVM gives the section `SHF_LINK_ORDER` with `sh_link` = the function's
//! text section (one section per text section).
//!
//! ```
//! use llvmext_obj::llvm::callgraph::{decode, encode, CallGraphFunction};
//! use llvmext_obj::llvm::{Format, SymbolRef};
//! let f = CallGraphFunction {
//!     is_indirect_target: true,
//!     entry: SymbolRef::new("ball"),
//!     type_id: 0,
//!     direct_callees: vec![SymbolRef::new("foo")],
//!     indirect_type_ids: vec![42],
//! };
//! let enc = encode(&[f], Format::ELF64_LE).unwrap();
//! assert_eq!(&enc.bytes[..2], [0, 7]);
//! assert_eq!(enc.relocs.iter().map(|r| r.offset).collect::<Vec<_>>(), [2, 19]);
//! let d = decode(&enc.bytes, Format::ELF64_LE).unwrap();
//! assert_eq!(d[0].indirect_type_ids, [42]);
//! ```

use super::read::Cursor;
use super::{Address, Encoded, Format, Reloc, RelocMap, SymbolRef};
use crate::error::{Error, Result};
use llvmext_core::leb128::write_uleb128;

/// Conventional section name.
pub const NAME: &str = ".llvm.callgraph";
/// The format version this module reads and writes.
pub const VERSION: u8 = 0;

/// Flag bit: the function may be called indirectly.
pub const FLAG_INDIRECT_TARGET: u8 = 1;
/// Flag bit: a direct-callee list follows.
pub const FLAG_HAS_DIRECT_CALLEES: u8 = 2;
/// Flag bit: an indirect-call type-id list follows.
pub const FLAG_HAS_INDIRECT_CALLEES: u8 = 4;

/// One function's record; `A` is a [`SymbolRef`] to encode, an [`Address`]
/// when decoded.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CallGraphFunction<A> {
    /// Whether the function may be called indirectly.
    pub is_indirect_target: bool,
    /// The function's entry.
    pub entry: A,
    /// The function's type id (0 if unknown or not an indirect target).
    pub type_id: u64,
    /// Unique direct callees.
    pub direct_callees: Vec<A>,
    /// Unique type ids of the indirect calls.
    pub indirect_type_ids: Vec<u64>,
}

impl CallGraphFunction<Address> {
    /// Replaces each address by the relocation that applies to it.
    pub fn resolve<S: Clone>(
        &self,
        relocs: &RelocMap<'_, S>,
    ) -> Result<CallGraphFunction<SymbolRef<S>>> {
        let get = |a: &Address| {
            relocs
                .get(a.offset)
                .map(|r| SymbolRef { symbol: r.symbol.clone(), addend: r.addend })
                .ok_or_else(|| Error::malformed("call graph address has no relocation", a.offset))
        };
        Ok(CallGraphFunction {
            is_indirect_target: self.is_indirect_target,
            entry: get(&self.entry)?,
            type_id: self.type_id,
            direct_callees: self.direct_callees.iter().map(get).collect::<Result<_>>()?,
            indirect_type_ids: self.indirect_type_ids.clone(),
        })
    }
}

/// Encodes the records, flags derived from the lists being non-empty.
pub fn encode<S: Clone>(
    funcs: &[CallGraphFunction<SymbolRef<S>>],
    format: Format,
) -> Result<Encoded<S>> {
    let mut e = Encoded::default();
    for f in funcs {
        let flags = u8::from(f.is_indirect_target) * FLAG_INDIRECT_TARGET
            + u8::from(!f.direct_callees.is_empty()) * FLAG_HAS_DIRECT_CALLEES
            + u8::from(!f.indirect_type_ids.is_empty()) * FLAG_HAS_INDIRECT_CALLEES;
        e.bytes.push(VERSION);
        e.bytes.push(flags);
        e.abs_addr(f.entry.clone(), format);
        format.put_u64(&mut e.bytes, f.type_id);
        if !f.direct_callees.is_empty() {
            write_uleb128(&mut e.bytes, f.direct_callees.len() as u64);
            for c in &f.direct_callees {
                e.abs_addr(c.clone(), format);
            }
        }
        if !f.indirect_type_ids.is_empty() {
            write_uleb128(&mut e.bytes, f.indirect_type_ids.len() as u64);
            for &t in &f.indirect_type_ids {
                format.put_u64(&mut e.bytes, t);
            }
        }
    }
    Ok(e)
}

/// Decodes all records.
pub fn decode(data: &[u8], format: Format) -> Result<Vec<CallGraphFunction<Address>>> {
    let mut c = Cursor::new(data);
    let mut out = Vec::new();
    while !c.is_empty() {
        let at = c.offset();
        let version = c.u8("call graph format version")?;
        if version != VERSION {
            return Err(Error::malformed(
                format!("unsupported call graph format version {version}"),
                at,
            ));
        }
        let flags_at = c.offset();
        let flags = c.u8("call graph flags")?;
        if flags & !7 != 0 {
            return Err(Error::malformed(
                format!("reserved call graph flag bits set: {flags:#x}"),
                flags_at,
            ));
        }
        let entry = c.addr(format, "function entry address")?;
        let type_id = c.u64(format, "function type id")?;
        let mut direct_callees = Vec::new();
        if flags & FLAG_HAS_DIRECT_CALLEES != 0 {
            let n = count(&mut c, "number of direct callees", format.pointer_size())?;
            direct_callees.reserve(n);
            for _ in 0..n {
                direct_callees.push(c.addr(format, "direct callee address")?);
            }
        }
        let mut indirect_type_ids = Vec::new();
        if flags & FLAG_HAS_INDIRECT_CALLEES != 0 {
            let n = count(&mut c, "number of indirect target type ids", 8)?;
            indirect_type_ids.reserve(n);
            for _ in 0..n {
                indirect_type_ids.push(c.u64(format, "indirect target type id")?);
            }
        }
        out.push(CallGraphFunction {
            is_indirect_target: flags & FLAG_INDIRECT_TARGET != 0,
            entry,
            type_id,
            direct_callees,
            indirect_type_ids,
        });
    }
    Ok(out)
}

/// Decodes the records and resolves their addresses with `relocs`.
pub fn decode_with_relocs<S: Clone>(
    data: &[u8],
    format: Format,
    relocs: &[Reloc<S>],
) -> Result<Vec<CallGraphFunction<SymbolRef<S>>>> {
    let map = RelocMap::new(relocs);
    decode(data, format)?.iter().map(|f| f.resolve(&map)).collect()
}

/// A ULEB128 element count, checked against the bytes left.
fn count(c: &mut Cursor<'_>, what: &'static str, elem: u8) -> Result<usize> {
    let at = c.offset();
    let n = c.uleb(what)?;
    match usize::try_from(n) {
        Ok(n) if n <= c.remaining() / usize::from(elem) => Ok(n),
        _ => Err(Error::malformed(format!("{what} ({n}) exceeds the section"), at)),
    }
}
