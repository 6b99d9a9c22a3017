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
//! pulls in nothing of bitcode, objects or assembly.
//!
//! # Building a module
//!
//! Everything a builder user needs is in the [`prelude`]. A function with a
//! loop, phis, a switch, a string global and a call to `printf`; it
//! verifies, and prints as `llvm-dis-19` would print it (`llvm-as-19`
//! accepts the text: the crate's tests check this):
//!
//! ```
#![doc = include_str!("../doc/front_page.rs")]
//!
//! let m = build()?;
//! llvmext_ir::verify::verify(&m).expect("the module verifies");
//! let text = m.to_string();
//! assert!(text.starts_with("; ModuleID = 'count'\n"));
//! assert!(text.contains(r#"@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1"#));
//! assert!(text.contains("switch i32 %i, label %other ["));
//! assert!(text.contains("%i = phi i32 [ 0, %entry ], [ %i.next, %latch ]"));
//! assert!(text.contains("call i32 (ptr, ...) @printf(ptr @.str, i32 %sum.next)"));
//! # Ok::<(), BuildError>(())
//! ```
//!
//! Mistakes are [`BuildError`](builder::BuildError) values with a
//! [`kind`](typecheck::ErrorKind), the opcode, the operand index and the
//! types — including a value or block of one function used in another.
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[macro_use]
mod keyword;

pub mod attr;
pub mod builder;
pub mod constant;
pub mod datalayout;
pub mod debug_info;
pub mod di;
pub mod float;
pub mod fold;
pub mod id;
pub mod inst;
pub mod int;
mod interner;
mod intrinsic_table;
pub mod intrinsics;
pub mod metadata;
pub mod module;
pub mod name;
pub mod parse;
pub mod pcsections;
pub mod typecheck;
pub mod types;
pub mod verify;
pub mod write;

pub use module::{Module, Value};

/// What a builder user needs, in one import: `use llvmext_ir::prelude::*;`.
pub mod prelude {
    pub use crate::builder::{
        BlockRef, BuildError, Builder, ErrorKind, FunctionBuilder, GepFlags, GlobalBuilder,
        ValueRef, VarArg,
    };
    pub use crate::constant::ConstId;
    pub use crate::inst::{
        flags, fmf, BinOp, CastOp, FloatPred, InstId, IntPred, Ordering, RmwOp, TailKind,
    };
    pub use crate::module::{
        CallConv, ComdatId, ComdatKind, DllStorage, GlobalRef, Linkage, Module, ThreadLocal,
        UnnamedAddr, Value, Visibility,
    };
    pub use crate::types::{FloatKind, TypeId};
    pub use crate::verify::verify;
}
