//! Relocatable ELF objects: constants ([`consts`]) and the builder
//! ([`ElfBuilder`]), laid out as LLVM's `ELFObjectWriter` lays them out.

pub mod consts;
mod writer;

pub use consts::*;
pub use writer::*;
