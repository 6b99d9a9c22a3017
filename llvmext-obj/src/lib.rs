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
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub use llvmext_core as core;

pub mod coff;
mod consts;
pub mod elf;
pub mod error;
pub mod llvm;
pub mod object;
pub mod pcsections;
pub mod strtab;

pub use error::{Error, ErrorKind, Result};
