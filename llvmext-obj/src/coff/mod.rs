//! COFF relocatable objects (`.obj`) as LLVM 19's `WinCOFFObjectWriter`
//! writes them: i386, AMD64 and ARM64 (any machine through [`Machine`]'s raw
//! value), regular and bigobj headers.
//!
//! [`CoffBuilder`] is a two-phase builder over plain, index-based data: add
//! sections ([`SectionFlags`], alignment, contents or an uninitialized size,
//! COMDAT [`Selection`]s and associative sections), symbols ([`Symbol`]:
//! external, static, undefined, absolute, common; weak externals with their
//! [`WeakSearch`]; section symbols; `.file` symbols) and relocations
//! ([`Reloc`] of a [`RelocI386`], [`RelocAmd64`], [`RelocArm64`] or a raw
//! number, with an addend stored in the bytes);
//! then [`CoffBuilder::layout`] numbers and places everything and
//! [`CoffBuilder::write`] produces the bytes. An object assembled by
//! `llvm-mc-19` or `clang-19` and rebuilt through the builder (same
//! sections, symbols and relocations in the same order) is byte-identical.
//!
//! Misuse is an [`Error`](crate::Error), never a panic: an id from another
//! builder ([`ErrorKind::ForeignId`](crate::ErrorKind::ForeignId)), an
//! alignment that is not a power of two up to 8192, more than 65 279
//! sections with [`BigObj::Never`], a string table or file past 4 GiB.
//!
//! A `.drectve` section is an ordinary section with
//! [`SectionFlags::DRECTVE`] (`LNK_INFO | LNK_REMOVE`) and 1-byte alignment:
//!
//! ```
//! use llvmext_obj::coff::{CoffBuilder, Machine, SectionFlags, SectionSpec, Selection, Symbol};
//! let mut b = CoffBuilder::new(Machine::I386);
//! let f = b.add_section(SectionSpec::new(b".text$f", SectionFlags::TEXT))?;
//! b.set_comdat(f, Selection::ANY)?;
//! b.append_data(f, &[0xc3], 16)?;
//! b.add_symbol(Symbol::external(b"_f", f, 0))?;
//! let d = b.add_section(SectionSpec::new(b".drectve", SectionFlags::DRECTVE))?;
//! b.set_data(d, &b" /DEFAULTLIB:libcmt"[..])?;
//! let obj = b.write()?;
//! assert_eq!(&obj[..4], &[0x4c, 0x01, 2, 0]);
//! # Ok::<(), llvmext_obj::Error>(())
//! ```

mod consts;
mod writer;

// The `ClassID` of a bigobj header (`COFF::BigObjMagic`), defined once
// with the other on-disk structures in `llvmext_core::raw::coff`.
/// The class id of a bigobj header (`ANON_OBJECT_HEADER_BIGOBJ`): the
/// constant of [`llvmext_core::raw::coff`], under the name this module
/// always had (a constant, not a re-export, so that tools reading this
/// crate's API alone see it).
pub const BIGOBJ_MAGIC: [u8; 16] = crate::core::raw::coff::BIGOBJ_MAGIC;
pub use consts::{
    Machine, RelocAmd64, RelocArm64, RelocI386, RelocType, SectionFlags, Selection, StorageClass,
    SymbolType, WeakSearch,
};
pub use writer::{
    checksum, encode_section_name, BigObj, CoffBuilder, CoffLayout, Reloc, SectionId, SectionSpec,
    Symbol, SymbolId, SymbolSection, MAX_SECTIONS_16, MAX_SECTIONS_32,
};
