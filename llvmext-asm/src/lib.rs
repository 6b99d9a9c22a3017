//! # llvmext-asm — placeholder for an MC-style assembler
//!
//! This crate holds no assembler yet: today it only re-exports
//! [`llvmext_core`] (as [`core`]) and [`llvmext_obj`] (as [`obj`]). It
//! reserves the place of the MC layer in the llvmext family, planned on top
//! of `llvmext-obj`'s object builders; until it lands, emit objects with
//! `llvmext-obj` directly. The `llvmext` facade does not enable it by
//! default (its `asm` feature).
#![deny(missing_docs)]

pub use llvmext_core as core;
pub use llvmext_obj as obj;
