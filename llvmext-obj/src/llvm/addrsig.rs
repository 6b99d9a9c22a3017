//! `.llvm_addrsig` (`SHT_LLVM_ADDRSIG`): the address-significant symbols,
//! as ULEB128 symbol-table indices.
//!
//! The section has flags [`SHF_EXCLUDE`](super::consts::SHF_EXCLUDE) and
//! `sh_link` = the symbol table. Because its contents are symbol indices,
//! it can only be encoded once the symbol table is ordered: collect the
//! symbols in an [`AddrsigBuilder`] while building, then call
//! [`AddrsigBuilder::encode`] with the final index of each.
//!
//! ```
//! use llvmext_obj::llvm::addrsig::{decode, AddrsigBuilder};
//! let mut b = AddrsigBuilder::new();
//! b.add("g").add("f").add("g").add("unused");
//! // ... the writer orders its symbol table; "unused" is not in it ...
//! let bytes = b.encode(|s| match *s { "g" => Some(2), "f" => Some(300), _ => None });
//! assert_eq!(bytes, [0x02, 0xac, 0x02, 0x02]);
//! assert_eq!(decode(&bytes).unwrap(), [2, 300, 2]);
//! ```

use super::read::Cursor;
use crate::error::Result;
use llvmext_core::leb128;

/// Conventional section name.
pub const NAME: &str = ".llvm_addrsig";

/// Collects address-significant symbols (by the caller's handle) until
/// the symbol table is final.
#[derive(Debug, Clone)]
pub struct AddrsigBuilder<S> {
    symbols: Vec<S>,
}

impl<S> Default for AddrsigBuilder<S> {
    fn default() -> Self {
        AddrsigBuilder { symbols: Vec::new() }
    }
}

impl<S> AddrsigBuilder<S> {
    /// No symbols yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Marks `sym` address-significant (`.addrsig_sym sym`). Order and
    /// duplicates are kept, as LLVM keeps them.
    pub fn add(&mut self, sym: S) -> &mut Self {
        self.symbols.push(sym);
        self
    }

    /// The symbols added.
    pub fn symbols(&self) -> &[S] {
        &self.symbols
    }

    /// Encodes the table given each symbol's final symbol-table index.
    /// Symbols for which `index_of` returns `None` or 0 (not in the symbol
    /// table) are left out, as LLVM leaves them out.
    pub fn encode(&self, mut index_of: impl FnMut(&S) -> Option<u32>) -> Vec<u8> {
        encode_indices(self.symbols.iter().filter_map(|s| index_of(s).filter(|&i| i != 0)))
    }
}

/// Encodes symbol-table indices as the section contents.
pub fn encode_indices(indices: impl IntoIterator<Item = u32>) -> Vec<u8> {
    let mut out = Vec::new();
    for i in indices {
        leb128::write_uleb128(&mut out, u64::from(i));
    }
    out
}

/// Iterates over the symbol indices of a section; each item is an error if
/// the ULEB128 is truncated or does not fit 32 bits.
pub fn iter(data: &[u8]) -> impl Iterator<Item = Result<u32>> + '_ {
    let mut c = Cursor::new(data);
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed || c.is_empty() {
            return None;
        }
        let r = c.uleb_u32("address-significance symbol index");
        failed = r.is_err();
        Some(r)
    })
}

/// Decodes all symbol indices.
pub fn decode(data: &[u8]) -> Result<Vec<u32>> {
    iter(data).collect()
}
