//! # llvmext-asm — an MC-style assembler (skeleton)
//!
//! This crate will hold LLVM's MC layer in Rust: expressions, fragments,
//! layout and relaxation to a fixpoint, fixups turned into relocations per
//! object format, DWARF CFI (`.eh_frame`) and line tables (`.debug_line`),
//! CodeView, a streamer API for JITs, the GAS-syntax parser, and the x86 /
//! x86-64 and AArch64 targets. Objects are written through `llvmext-obj`.
//! Nothing is implemented yet; see the project's issue tracker.
#![deny(missing_docs)]

pub use llvmext_core as core;
pub use llvmext_obj as obj;
