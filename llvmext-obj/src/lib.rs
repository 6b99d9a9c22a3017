//! # llvmext-obj — relocatable object files (skeleton)
//!
//! This crate will hold two-phase (layout, then write) builders for:
//!
//! - **ELF** (32/64-bit, little/big endian; x86-64, i386, AArch64, ARM,
//!   RISC-V): sections with any type/flags/link/info/entsize, COMDAT groups,
//!   symbol tables ordered as ELF and LLVM require, typed relocations, string
//!   tables with tail merging;
//! - **COFF** (i386, AMD64, ARM64, and bigobj): section characteristics, long
//!   section names, COMDAT selections and associative sections, weak externals;
//! - **LLVM's special sections** (`SHT_LLVM_*`: linker options, dependent
//!   libraries, call-graph profile, address-significance tables, BB address
//!   maps, offloading, ...) and PC-sections metadata, each with a builder and a
//!   decoder.
//!
//! It depends only on `llvmext-core` (for LEB128), never on the IR. Nothing is
//! implemented yet; see the project's issue tracker.
#![deny(missing_docs)]

pub use llvmext_core as core;
