//! `.linker-options` (`SHT_LLVM_LINKER_OPTIONS`): options for the linker as
//! NUL-terminated strings, read in pairs (`"lib"`, `"m"`, `"libpath"`,
//! `"/opt/lib"`, ...).
//!
//! The section has flags [`SHF_EXCLUDE`](super::consts::SHF_EXCLUDE). LLVM
//! writes, for each `!llvm.linker.options` operand, all its strings in
//! order; [`LinkerOptionsBuilder::option`] does the same.
//!
//! ```
//! use llvmext_obj::llvm::linker_options::{LinkerOptions, LinkerOptionsBuilder};
//! let mut b = LinkerOptionsBuilder::new();
//! b.pair("lib", "m").unwrap();
//! let bytes = b.finish();
//! assert_eq!(bytes, b"lib\0m\0");
//! let opts = LinkerOptions::parse(&bytes).unwrap();
//! assert_eq!(opts.pairs().collect::<Vec<_>>(), [(&b"lib"[..], &b"m"[..])]);
//! ```

use super::{put_cstr, CStrings};
use crate::error::{Error, Result};

/// Conventional section name.
pub const NAME: &str = ".linker-options";

/// Builds the contents of a `.linker-options` section.
#[derive(Debug, Clone, Default)]
pub struct LinkerOptionsBuilder {
    bytes: Vec<u8>,
}

impl LinkerOptionsBuilder {
    /// An empty section.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a `key`, `value` pair.
    pub fn pair(&mut self, key: &str, value: &str) -> Result<&mut Self> {
        self.option(&[key, value])
    }

    /// Appends the strings of one option (as LLVM does for one
    /// `!llvm.linker.options` operand). Nothing is appended on error.
    pub fn option(&mut self, strings: &[&str]) -> Result<&mut Self> {
        let len = self.bytes.len();
        for s in strings {
            if let Err(e) = put_cstr(&mut self.bytes, s.as_bytes(), "linker option") {
                self.bytes.truncate(len);
                return Err(e);
            }
        }
        Ok(self)
    }

    /// The section contents so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The section contents.
    pub fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// A decoded `.linker-options` section (borrows the section bytes).
#[derive(Debug, Clone, Copy)]
pub struct LinkerOptions<'a> {
    data: &'a [u8],
}

impl<'a> LinkerOptions<'a> {
    /// Checks the section: empty, or NUL-terminated strings whose number is
    /// even (as `llvm-readobj --elf-linker-options` requires).
    pub fn parse(data: &'a [u8]) -> Result<Self> {
        let strings = CStrings::new(data, "linker option string")?;
        let mut count = 0usize;
        let mut last = 0usize;
        let mut at = 0usize;
        for s in strings {
            last = at;
            at += s.len() + 1;
            count += 1;
        }
        if count % 2 != 0 {
            return Err(Error::malformed(
                "linker options section has an odd number of strings",
                last as u64,
            ));
        }
        Ok(LinkerOptions { data })
    }

    /// All strings, in order, without their NULs.
    pub fn strings(&self) -> CStrings<'a> {
        CStrings { data: self.data }
    }

    /// The strings taken two at a time.
    pub fn pairs(&self) -> impl Iterator<Item = (&'a [u8], &'a [u8])> {
        let mut it = self.strings();
        std::iter::from_fn(move || Some((it.next()?, it.next()?)))
    }
}
