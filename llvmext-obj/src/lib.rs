//! # llvmext-obj — relocatable object files
//!
//! Two-phase (lay out, then write) builders for:
//!
//! - **ELF** ([`elf`]): 32/64-bit, little/big endian; sections with any
//!   type/flags/link/info/entsize, COMDAT groups, symbol tables ordered as
//!   ELF and LLVM require, typed relocations, string tables with tail
//!   merging — laid out as LLVM's `ELFObjectWriter` does;
//! - **COFF** ([`coff`]): i386, AMD64, ARM64 and bigobj; section
//!   characteristics, long section names, COMDAT selections and associative
//!   sections, weak externals;
//! - **LLVM's special sections** ([`llvm`]: `SHT_LLVM_*` linker options,
//!   dependent libraries, call-graph profile, address-significance tables,
//!   BB address maps, offloading, ...), each with a builder and a decoder;
//! - **PC sections** ([`pcsections`]): `!pcsections` metadata as the
//!   sections `llc` emits for it;
//! - **one API for both formats** ([`object`]): an [`object::Object`] of
//!   either format built with the same calls (code, data, symbols,
//!   target-neutral relocations with ELF-style addends, COMDATs declared
//!   in one call), lowered to the ELF or COFF builder when written.
//!
//! It depends only on `llvmext-core` (for LEB128), never on the IR.
//!
//! # Emitting a function as ELF and as COFF
//!
//! The same calls whatever the format (what a JIT or a small compiler
//! does): a function `answer` returning 42 and calling the external
//! `helper`, as an x86-64 ELF object and as an AMD64 COFF object. The
//! ELF builder ([`elf::ElfBuilder`]) and the COFF builder
//! ([`coff::CoffBuilder`]) underneath stay available for everything
//! format-specific.
//!
//! ```
//! use llvmext_obj::llvm::RelocKind;
//! use llvmext_obj::object::{
//!     Architecture, BinaryFormat, Object, Reloc, SectionKind, Symbol, SymbolKind,
//! };
//!
//! fn emit(format: BinaryFormat) -> llvmext_obj::Result<Vec<u8>> {
//!     let mut obj = Object::new(format, Architecture::X86_64);
//!     let text = obj.add_section(b".text", SectionKind::Text)?;
//!     // call helper; mov eax, 42; ret
//!     let code = [0xe8, 0, 0, 0, 0, 0xb8, 42, 0, 0, 0, 0xc3];
//!     let at = obj.append_data(text, &code, 16)?;
//!     let f = Symbol::defined(b"answer", text, at, code.len() as u64).kind(SymbolKind::Text);
//!     obj.add_symbol(f)?;
//!     let helper = obj.add_symbol(Symbol::undefined(b"helper").kind(SymbolKind::Text))?;
//!     let call = Reloc { offset: at + 1, symbol: helper, kind: RelocKind::Branch, addend: -4 };
//!     obj.add_reloc(text, call)?;
//!     obj.write()
//! }
//!
//! let elf = emit(BinaryFormat::Elf)?;
//! assert_eq!(&elf[..4], b"\x7fELF");
//! let coff = emit(BinaryFormat::Coff)?;
//! assert_eq!(&coff[..2], &0x8664u16.to_le_bytes()); // IMAGE_FILE_MACHINE_AMD64
//! # Ok::<(), llvmext_obj::Error>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub use llvmext_core as core;

pub mod coff;
mod consts;
pub mod elf;
pub mod error;
mod ids;
pub mod llvm;
pub mod object;
pub mod pcsections;
pub mod strtab;

pub use error::{Error, ErrorKind, Result};
