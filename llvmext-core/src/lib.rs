//! # llvmext-core — the bits and bytes of LLVM's formats
//!
//! `no_std` + `alloc`; the default `std` feature adds [`std::error::Error`]
//! impls and `std::io` adapters.
//!
//! - [`leb128`]: unsigned/signed LEB128 encode and decode, sizes, padded
//!   encodings (as LLVM's `encodeULEB128(Value, OS, PadTo)`).
//! - [`bits`]: a bit-level writer ([`bits::BitWriter`]) and reader
//!   ([`bits::BitReader`]) for fixed fields, VBR, signed VBR and char6, laid
//!   out in little-endian 32-bit words exactly as LLVM's `BitstreamWriter`.
//! - [`bitstream`]: the generic bitstream container — abbreviations, blocks,
//!   `BLOCKINFO`, records and blobs — with a writer
//!   ([`bitstream::BitstreamWriter`]) and a zero-copy reader
//!   ([`bitstream::BitstreamReader`]). It knows nothing of LLVM IR.
//! - [`magic`]: stream magics (`'BC' 0xC0DE` and others) and the bitcode
//!   wrapper header (`0x0B17C0DE`).
//! - [`raw`]: the on-disk structures of ELF and COFF (headers, symbols,
//!   relocations) as typed structs, shared by the object writers, their
//!   readers and the bitcode container.
//!
//! ```
//! use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter, BitstreamReader, Entry};
//!
//! // Write a block holding one abbreviated record with a char6 array.
//! let mut w = BitstreamWriter::new();
//! w.emit_magic(*b"TEST");
//! w.enter_block(8, 3);
//! let abbrev = w.define_abbrev(Abbrev::new([
//!     AbbrevOp::Literal(1),
//!     AbbrevOp::Array,
//!     AbbrevOp::Char6,
//! ])).unwrap();
//! w.emit_record(1, &[b'h' as u64, b'i' as u64], Some(abbrev)).unwrap();
//! w.exit_block().unwrap();
//! let bytes = w.finish();
//!
//! // Read it back.
//! let mut r = BitstreamReader::new(&bytes[4..]);
//! let Some(Entry::SubBlock { block_id: 8, .. }) = r.advance().unwrap() else { panic!() };
//! r.enter_block().unwrap();
//! let mut ops = Vec::new();
//! loop {
//!     match r.advance().unwrap().unwrap() {
//!         Entry::Record(id) => {
//!             let rec = r.read_record(id, &mut ops).unwrap();
//!             assert_eq!(rec.code, 1);
//!             assert_eq!(ops, [b'h' as u64, b'i' as u64]);
//!         }
//!         Entry::DefineAbbrev => {}
//!         Entry::EndBlock => break,
//!         Entry::SubBlock { .. } => unreachable!(),
//!     }
//! }
//! ```
#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod bits;
pub mod bitstream;
mod error;
pub mod leb128;
pub mod magic;
pub mod raw;

pub use error::{Error, ErrorKind, Result};
