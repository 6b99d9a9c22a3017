//! # llvmext-bitcode — LLVM IR bitcode
//!
//! Built on [`llvmext_core`]'s generic bitstream container. What exists:
//!
//! - a **reader** ([`read`](mod@read), with the `ir` feature): bitcode of LLVM 13 to
//!   22 producers into [`llvmext_ir`]'s model, lazily (globals and
//!   declarations first, each function body on demand), every error a
//!   value with the bit offset, block and record; its printed text equals
//!   `llvm-dis-19`'s byte for byte on every file LLVM 19 reads;
//! - a **writer** ([`write`](mod@write), with the `ir` feature): the model as
//!   LLVM 19 bitcode, the bytes `llvm-as-19` writes for the same module
//!   (value and metadata numbering, abbreviations, use-list orders, the
//!   irsymtab and string table), the module verified first;
//! - the **schema** ([`schema`]): block IDs and record codes of LLVM IR
//!   bitcode, as open newtype constants with their names, one source of
//!   truth for the analyzer, the reader and the writer;
//! - **containers** ([`container`]): the wrapper header (read by
//!   [`container::parse`], written by [`llvmext_core::magic::wrap`]),
//!   multi-module files with each module's identification (producer,
//!   epoch) and string table (read by [`container::parse`], written as
//!   `llvm-cat -b` writes them by [`container::concat_modules`]), the
//!   symbol table, bitcode embedded in objects (`.llvmbc`, `.llvm.lto`);
//! - **ThinLTO summaries** ([`summary`]): a module's summary index read as
//!   LLVM 19 reads it and printed as `llvm-dis-19` prints it;
//! - an **analyzer** ([`analyzer`]) whose output matches
//!   `llvm-bcanalyzer-19`, and a re-encoder ([`reencode`]) that writes a
//!   stream back byte for byte.
//!
//! The reader and the writer need the `ir` feature (on by default), which
//! brings in `llvmext-ir`; without it the crate is the analyzer, the schema
//! and the containers alone.
//!
//! It must not depend on `llvmext-obj` or `llvmext-asm`.
//!
//! # Writing and reading bitcode
//!
//! A module from `.ll` text (or built with `llvmext_ir::builder`) written
//! as the bitcode `llvm-as-19` writes, read back lazily, and its records
//! listed as `llvm-bcanalyzer-19 -dump` lists them:
//!
//! ```
//! # #[cfg(feature = "ir")] {
//! use llvmext_bitcode::{analyzer, read, write};
//!
//! let text = "define i32 @add(i32 %a, i32 %b) {\n  %s = add nsw i32 %a, %b\n  ret i32 %s\n}\n";
//! let module = llvmext_ir::parse::parse(text.as_bytes(), "add.ll")?;
//! let bc = write(&module)?; // verified first: a broken module is an error
//! assert_eq!(&bc[..4], b"BC\xC0\xDE");
//!
//! let back = read(&bc)?;
//! assert!(back.to_string().contains("%s = add nsw i32 %a, %b"));
//!
//! let mut dump = Vec::new();
//! let opts = analyzer::Options { dump: true, ..Default::default() };
//! analyzer::analyze(&bc, "add.bc", &opts, &mut dump)?;
//! assert!(String::from_utf8(dump)?.contains("<FUNCTION_BLOCK NumWords="));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod analyzer;
#[cfg(feature = "ir")]
pub mod codes;
pub mod container;
#[cfg(feature = "ir")]
pub mod read;
pub mod reencode;
pub mod schema;
pub mod summary;
#[cfg(feature = "ir")]
pub mod write;

/// [`read::read`]: the first module of a bitcode file, every body read.
#[cfg(feature = "ir")]
pub use read::read;
/// [`write::write`] and its variants: a module as LLVM 19 bitcode.
#[cfg(feature = "ir")]
pub use write::{write, write_into, write_with, WriteError, WriteOptions};

pub use llvmext_core as core;
#[cfg(feature = "ir")]
pub use llvmext_ir as ir;

/// A scratch directory for the unit tests' files: `tmp/<name>` in the
/// target directory the test binary was built in (cargo's
/// `CARGO_TARGET_TMPDIR`, which only integration tests are given). One
/// fixed place per test module, reused by every run, so the files of
/// earlier runs do not pile up in the system's temporary directory.
#[cfg(test)]
pub(crate) fn test_scratch_dir(name: &str) -> std::path::PathBuf {
    // The binary is `<target>/<profile>/deps/<crate>-<hash>`.
    let exe = std::env::current_exe().expect("the test binary's path");
    let target = exe.ancestors().nth(3).expect("a test binary under <target>/<profile>/deps");
    let dir = target.join("tmp").join(name);
    std::fs::create_dir_all(&dir).expect("create the tests' scratch directory");
    dir
}
