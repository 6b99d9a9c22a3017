//! Stream magics and the bitcode wrapper header.
//!
//! ```
//! use llvmext_core::magic::{self, StreamKind, WrapperHeader};
//!
//! let bitcode = [0x42, 0x43, 0xC0, 0xDE, 0x35, 0x14, 0x00, 0x00];
//! let wrapped = magic::wrap(&bitcode, magic::cpu_type::X86_64);
//! assert_eq!(magic::identify(&wrapped), StreamKind::Wrapper);
//! let header = WrapperHeader::parse(&wrapped).unwrap();
//! assert_eq!(header.offset, 20);
//! assert_eq!(magic::strip_wrapper(&wrapped).unwrap(), &bitcode);
//! assert_eq!(magic::identify(&bitcode), StreamKind::LlvmIr);
//! ```

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};

/// The LLVM IR bitcode magic: `'B' 'C' 0xC0DE`.
pub const BITCODE_MAGIC: [u8; 4] = [0x42, 0x43, 0xC0, 0xDE];
/// The magic of clang's serialized diagnostics: `DIAG`.
pub const CLANG_DIAGNOSTICS_MAGIC: [u8; 4] = *b"DIAG";
/// The magic of clang's serialized AST / precompiled headers: `CPCH`.
pub const CLANG_AST_MAGIC: [u8; 4] = *b"CPCH";
/// The magic of LLVM's bitstream optimization remarks: `RMRK`.
pub const REMARKS_MAGIC: [u8; 4] = *b"RMRK";
/// The bitcode wrapper magic, `0x0B17C0DE`, stored little-endian.
pub const WRAPPER_MAGIC: u32 = 0x0B17_C0DE;

/// Darwin CPU type values written in the wrapper header by LLVM.
pub mod cpu_type {
    /// 64-bit ABI flag.
    pub const ABI64: u32 = 0x0100_0000;
    /// i386.
    pub const X86: u32 = 7;
    /// x86-64.
    pub const X86_64: u32 = X86 | ABI64;
    /// ARM.
    pub const ARM: u32 = 12;
    /// AArch64.
    pub const ARM64: u32 = ARM | ABI64;
    /// PowerPC.
    pub const POWERPC: u32 = 18;
    /// PowerPC 64.
    pub const POWERPC64: u32 = POWERPC | ABI64;
}

/// What a stream's first four bytes say it is.
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamKind {
    /// LLVM IR bitcode (`BC 0xC0DE`).
    LlvmIr,
    /// A bitcode wrapper header (`0x0B17C0DE`).
    Wrapper,
    /// Clang serialized diagnostics (`DIAG`).
    ClangSerializedDiagnostics,
    /// Clang serialized AST (`CPCH`).
    ClangSerializedAst,
    /// LLVM bitstream remarks (`RMRK`).
    Remarks,
    /// Some other bitstream, with its magic.
    Unknown([u8; 4]),
    /// Fewer than four bytes.
    TooShort,
}

/// Identifies a stream by its first four bytes.
pub fn identify(data: &[u8]) -> StreamKind {
    let Some(m) = data.get(..4) else { return StreamKind::TooShort };
    let m: [u8; 4] = m.try_into().unwrap_or_default();
    match m {
        BITCODE_MAGIC => StreamKind::LlvmIr,
        CLANG_DIAGNOSTICS_MAGIC => StreamKind::ClangSerializedDiagnostics,
        CLANG_AST_MAGIC => StreamKind::ClangSerializedAst,
        REMARKS_MAGIC => StreamKind::Remarks,
        _ if u32::from_le_bytes(m) == WRAPPER_MAGIC => StreamKind::Wrapper,
        _ => StreamKind::Unknown(m),
    }
}

/// The 20-byte bitcode wrapper header (Darwin style): five little-endian
/// 32-bit fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrapperHeader {
    /// Format version (0).
    pub version: u32,
    /// Byte offset of the bitcode from the start of the file.
    pub offset: u32,
    /// Size of the bitcode in bytes.
    pub size: u32,
    /// Darwin CPU type (see [`cpu_type`]).
    pub cpu_type: u32,
}

impl WrapperHeader {
    /// Size of the header in bytes.
    pub const SIZE: usize = 20;

    /// Parses the header at the start of `data`, checking the magic and that
    /// offset and size lie within `data` (as LLVM's
    /// `SkipBitcodeWrapperHeader`).
    pub fn parse(data: &[u8]) -> Result<Self> {
        let field = |i: usize| -> Result<u32> {
            data.get(i * 4..i * 4 + 4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap_or_default()))
                .ok_or(Error::new(ErrorKind::BadWrapper, (i * 32) as u64))
        };
        if field(0)? != WRAPPER_MAGIC {
            return Err(Error::new(ErrorKind::BadMagic, 0));
        }
        let h = WrapperHeader {
            version: field(1)?,
            offset: field(2)?,
            size: field(3)?,
            cpu_type: field(4)?,
        };
        let end = u64::from(h.offset) + u64::from(h.size);
        if end > data.len() as u64 {
            return Err(Error::new(ErrorKind::BadWrapper, 64));
        }
        Ok(h)
    }

    /// The wrapped bitcode within `data` (the whole file the header was
    /// parsed from).
    pub fn contents<'a>(&self, data: &'a [u8]) -> Result<&'a [u8]> {
        let start = self.offset as usize;
        data.get(start..start.saturating_add(self.size as usize))
            .ok_or(Error::new(ErrorKind::BadWrapper, 64))
    }

    /// Appends the header's 20 bytes.
    pub fn write(&self, out: &mut Vec<u8>) {
        for v in [WRAPPER_MAGIC, self.version, self.offset, self.size, self.cpu_type] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
}

/// Returns the bitcode inside a wrapper, or `data` itself if it does not
/// start with the wrapper magic.
pub fn strip_wrapper(data: &[u8]) -> Result<&[u8]> {
    if identify(data) != StreamKind::Wrapper {
        return Ok(data);
    }
    WrapperHeader::parse(data)?.contents(data)
}

/// Wraps `bitcode` as LLVM's `emitDarwinBCHeaderAndTrailer` does: header,
/// bitcode, zero padding to a multiple of 16 bytes.
pub fn wrap(bitcode: &[u8], cpu_type: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(WrapperHeader::SIZE + bitcode.len() + 15);
    WrapperHeader {
        version: 0,
        offset: WrapperHeader::SIZE as u32,
        size: bitcode.len() as u32,
        cpu_type,
    }
    .write(&mut out);
    out.extend_from_slice(bitcode);
    out.resize(out.len().next_multiple_of(16), 0);
    out
}
