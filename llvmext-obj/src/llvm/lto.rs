//! `.llvm.lto` (`SHT_LLVM_LTO`): the module's bitcode, for fat LTO. LLVM
//! gives the section flags [`SHF_EXCLUDE`](super::consts::SHF_EXCLUDE).
//!
//! This is a thin wrapper that checks the contents start with bitcode
//! (`BC 0xC0DE`) or a bitcode wrapper header (`0x0B17C0DE`).
//!
//! ```
//! use llvmext_obj::llvm::lto::LtoSection;
//! let bc = [0x42, 0x43, 0xc0, 0xde, 0x35, 0x14, 0, 0];
//! assert_eq!(LtoSection::new(&bc).unwrap().bitcode(), bc);
//! assert!(LtoSection::new(b"ELF!").is_err());
//! ```

use crate::error::{Error, Result};
use llvmext_core::magic::{identify, StreamKind};

/// Conventional section name.
pub const NAME: &str = ".llvm.lto";

/// The contents of an `.llvm.lto` section (borrowed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LtoSection<'a> {
    bitcode: &'a [u8],
}

impl<'a> LtoSection<'a> {
    /// Wraps `bitcode` after checking its magic; this is both the builder
    /// (the section bytes are `bitcode` itself) and the decoder.
    pub fn new(bitcode: &'a [u8]) -> Result<Self> {
        match identify(bitcode) {
            StreamKind::LlvmIr | StreamKind::Wrapper => Ok(LtoSection { bitcode }),
            StreamKind::TooShort => Err(Error::truncated("bitcode magic", bitcode.len() as u64)),
            _ => Err(Error::malformed(".llvm.lto section does not start with bitcode magic", 0)),
        }
    }

    /// The bitcode (the whole section).
    pub fn bitcode(&self) -> &'a [u8] {
        self.bitcode
    }

    /// Whether it starts with a bitcode wrapper header.
    pub fn is_wrapped(&self) -> bool {
        identify(self.bitcode) == StreamKind::Wrapper
    }
}
