//! # llvmext-bitcode — LLVM IR bitcode
//!
//! Built on [`llvmext_core`]'s generic bitstream container. What exists:
//!
//! - the **schema** ([`schema`]): block IDs and record codes of LLVM IR
//!   bitcode, as open newtype constants with their names, one source of
//!   truth for the analyzer and the reader and writer to come;
//! - **containers** ([`container`]): the wrapper header, multi-module files
//!   with each module's identification (producer, epoch) and string table,
//!   the symbol table, bitcode embedded in objects (`.llvmbc`,
//!   `.llvm.lto`);
//! - an **analyzer** ([`analyzer`]) whose output matches
//!   `llvm-bcanalyzer-19`, and a re-encoder ([`reencode`]) that writes a
//!   stream back byte for byte.
//!
//! Reading bitcode into [`llvmext_ir`]'s model and writing it from there are
//! not implemented yet (the project's issues 14 and 15); they need the
//! `ir` feature (on by default), which brings in `llvmext-ir`. Without it
//! the crate is the analyzer, the schema and the containers alone.
//!
//! It must not depend on `llvmext-obj` or `llvmext-asm`.
#![deny(missing_docs)]

pub mod analyzer;
pub mod container;
#[cfg(feature = "ir")]
pub mod read;
pub mod reencode;
pub mod schema;

pub use llvmext_core as core;
#[cfg(feature = "ir")]
pub use llvmext_ir as ir;
