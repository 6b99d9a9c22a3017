//! # llvmext-bitcode — LLVM IR bitcode (skeleton)
//!
//! Built on [`llvmext_core`]'s generic bitstream container and on
//! [`llvmext_ir`]'s model, this crate will hold:
//!
//! - the **schema**: block IDs and record codes of LLVM IR bitcode for LLVM 14
//!   through 22, as open newtype constants, together with LLVM's standard
//!   abbreviations — one source of truth for reader and writer;
//! - a **reader** that borrows its input, decodes function bodies lazily and
//!   never trusts a length field;
//! - a **writer** with LLVM's value enumeration and abbreviations, producing
//!   bitcode that `clang` and `llc` accept;
//! - **containers**: the wrapper header, multi-module files, bitcode embedded
//!   in objects (`.llvmbc`, `.llvm.lto`);
//! - an **analyzer** whose dump matches `llvm-bcanalyzer -dump`.
//!
//! It must not depend on `llvmext-obj` or `llvmext-asm`. Nothing is
//! implemented yet; see the project's issue tracker.
#![deny(missing_docs)]

pub mod analyzer;
pub mod container;
pub mod reencode;
pub mod schema;

pub use llvmext_core as core;
pub use llvmext_ir as ir;
