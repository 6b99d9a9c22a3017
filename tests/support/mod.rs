//! Shared harness for the root package's integration tests and benches.
//!
//! - [`tools`]: find the LLVM 19 / rustc oracles ([`tool`]), failing loudly
//!   (never skipping) with the Debian package to install when one is missing.
//! - [`corpus`]: a bitcode corpus built at test time from C (in-repo sources
//!   and real-world libraries fetched through cargo) and Rust, cached under
//!   `target/llvmext-corpus/` ([`corpus()`], [`largest_with_debug`]).
//! - [`newer`]: bitcode from producers newer than LLVM 19 (rustc `.bc` +
//!   `.ll` of one run, `zig cc`, Zig's own writer) and LLVM 22's reading of
//!   it through llvmlite.
//! - [`stats`]: walks a stream with `llvmext_core`'s `BitstreamReader` and
//!   collects what `llvm-bcanalyzer` reports per block ID.
//! - [`asm_corpus`]: `.s` files from clang-19, clang++-19, rustc and
//!   hand-written assembly with llvm-mc-19's objects of them, cached under
//!   `target/llvmext-corpus/asm/`, and an ELF comparison that says where two
//!   objects first differ (for `tests/llvmext_mc.rs`).
//! - [`analyzer`]: runs `llvm-bcanalyzer-19` and parses its summary and
//!   `-dump` output.
//!
//! Use it from a test file with `mod support;`, from a bench with
//! `#[path = "../tests/support/mod.rs"] mod support;`. Nothing in here is
//! test-only (no `#[test]`, no `assert!`-style macros meant for tests).
#![allow(dead_code)]

pub mod analyzer;
pub mod asm_corpus;
pub mod cache;
pub mod corpus;
pub mod ir_corpus;
pub mod newer;
pub mod stats;
pub mod tools;

#[allow(unused_imports)]
pub use corpus::{
    corpus, corpus_file, largest_with_debug, other_bitstreams, CorpusFile, Kind, Producer,
};
#[allow(unused_imports)]
pub use tools::{tool, tool_version};
