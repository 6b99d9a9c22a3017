//! # llvmext
//!
//! A pure-Rust, embeddable crate family for LLVM's formats. This facade
//! re-exports the member crates behind cargo features:
//!
//! | module | crate | feature | what it holds |
//! |---|---|---|---|
//! | [`core`] | `llvmext-core` | always | LEB128, bit-level reader/writer, the generic bitstream container, magics and the bitcode wrapper |
//! | `ir` | `llvmext-ir` | `ir` | the LLVM IR model, builder, verifier, `.ll` printer and parser |
//! | `bitcode` | `llvmext-bitcode` | `bitcode` | LLVM IR bitcode reader/writer, analyzer |
//! | `obj` | `llvmext-obj` | `obj` | ELF and COFF object writers, LLVM special sections |
//! | `asm` | `llvmext-asm` | `asm` | the MC layer and the x86 ELF assembler (`llvmext-mc`) |
//!
//! The features `std`, `ir`, `bitcode`, `obj` and `asm` are on by default.
//!
//! ```
//! use llvmext::core::leb128;
//! let mut out = Vec::new();
//! leb128::write_uleb128(&mut out, 624_485);
//! assert_eq!(out, [0xE5, 0x8E, 0x26]);
//! ```
#![no_std]
#![deny(missing_docs)]

pub use llvmext_core as core;

#[cfg(feature = "ir")]
pub use llvmext_ir as ir;

#[cfg(feature = "bitcode")]
pub use llvmext_bitcode as bitcode;

#[cfg(feature = "obj")]
pub use llvmext_obj as obj;

#[cfg(feature = "asm")]
pub use llvmext_asm as asm;

/// The code blocks of `README.md`, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
