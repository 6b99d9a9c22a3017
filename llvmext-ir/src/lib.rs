//! # llvmext-ir — the LLVM IR model
//!
//! This crate holds the in-memory model of LLVM IR and everything that works
//! on it without touching bitcode:
//!
//! - **model**: index-based arenas with `Copy` ids — interned types
//!   ([`types`]: integers of any width, every float format,
//!   `ptr addrspace(N)`, vectors, arrays, structs, functions, target
//!   extension types), interned constants, globals, functions, basic
//!   blocks, instructions, attributes and metadata;
//! - **builder**: a type-checked instruction builder, in the style of Zig's
//!   bitcode `Builder`;
//! - **verifier**: the structural checks `opt -verify` performs;
//! - **text form**: a `.ll` printer matching `llvm-dis` byte for byte and a
//!   parser accepting what `llvm-as` accepts, with `file:line:col` diagnostics.
//!
//! It depends on nothing else in the family, so a tool that only needs the IR
//! pulls in nothing of bitcode, objects or assembly. Implemented so far: the
//! type arena ([`types`]), bit-exact float constants of every format
//! ([`float`]) and integer constants of any width ([`int`]); the rest is tracked in the project's issues.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod attr;
pub mod builder;
pub mod constant;
pub mod datalayout;
pub mod di;
pub mod float;
pub mod inst;
pub mod int;
mod intrinsic_table;
pub mod intrinsics;
pub mod metadata;
pub mod module;
pub mod name;
pub mod parse;
pub mod pcsections;
pub mod types;
pub mod verify;
pub mod write;

pub use module::{Module, Value};
