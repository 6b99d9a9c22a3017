//! `.deplibs` (`SHT_LLVM_DEPENDENT_LIBRARIES`): library specifiers for the
//! linker to add, as NUL-terminated strings.
//!
//! LLVM gives the section flags `SHF_MERGE | SHF_STRINGS` and
//! `sh_entsize` 1 ([`FLAGS`], [`ENTSIZE`]).
//!
//! ```
//! use llvmext_obj::llvm::deplibs::{DependentLibraries, DependentLibrariesBuilder};
//! let mut b = DependentLibrariesBuilder::new();
//! b.add("libfoo").unwrap().add("m").unwrap();
//! let bytes = b.finish();
//! assert_eq!(bytes, b"libfoo\0m\0");
//! let libs: Vec<_> = DependentLibraries::parse(&bytes).unwrap().iter().collect();
//! assert_eq!(libs, [&b"libfoo"[..], b"m"]);
//! ```

use super::consts::{SHF_MERGE, SHF_STRINGS};
use super::{put_cstr, CStrings};
use crate::error::Result;

/// Conventional section name.
pub const NAME: &str = ".deplibs";
/// Section flags LLVM uses.
pub const FLAGS: u64 = SHF_MERGE | SHF_STRINGS;
/// `sh_entsize` LLVM uses.
pub const ENTSIZE: u64 = 1;

/// Builds the contents of a `.deplibs` section.
#[derive(Debug, Clone, Default)]
pub struct DependentLibrariesBuilder {
    bytes: Vec<u8>,
}

impl DependentLibrariesBuilder {
    /// An empty section.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a library specifier (duplicates are kept, as LLVM keeps
    /// them).
    pub fn add(&mut self, lib: &str) -> Result<&mut Self> {
        put_cstr(&mut self.bytes, lib.as_bytes(), "dependent library")?;
        Ok(self)
    }

    /// The section contents.
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// A decoded `.deplibs` section.
#[derive(Debug, Clone, Copy)]
pub struct DependentLibraries<'a> {
    data: &'a [u8],
}

impl<'a> DependentLibraries<'a> {
    /// Checks that the section is empty or ends with a NUL.
    pub fn parse(data: &'a [u8]) -> Result<Self> {
        CStrings::new(data, "dependent library string")?;
        Ok(DependentLibraries { data })
    }

    /// The library specifiers, without NULs.
    pub fn iter(&self) -> CStrings<'a> {
        CStrings { data: self.data }
    }
}
