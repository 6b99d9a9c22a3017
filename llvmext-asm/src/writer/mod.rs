//! Object writers: hand the laid-out sections, symbols and relocations to
//! `llvmext_obj`'s builders (no file layout of their own).

pub mod elf;
