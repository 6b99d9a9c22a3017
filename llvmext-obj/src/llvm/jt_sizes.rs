//! `.llvm_jump_table_sizes` (`SHT_LLVM_JT_SIZES`, LLVM 20+): for each jump
//! table, its address and its number of entries, both pointer-sized (the
//! address with an absolute relocation), as `AsmPrinter` emits with
//! `-emit-jump-table-sizes-section`.
//!
//! LLVM gives the section flags 0 (`SHF_GROUP` when the function is in a
//! COMDAT); on COFF it is an `IMAGE_SCN_MEM_DISCARDABLE` data section of
//! the same name.
//!
//! ```
//! use llvmext_obj::llvm::jt_sizes::{decode, JumpTableSizesBuilder};
//! use llvmext_obj::llvm::{Format, SymbolRef};
//! let mut b = JumpTableSizesBuilder::new();
//! b.add(SymbolRef::with_addend(".rodata", 16), 7);
//! let enc = b.encode(Format::ELF64_LE).unwrap();
//! assert_eq!(enc.bytes.len(), 16);
//! assert_eq!(enc.relocs[0].addend, 16);
//! let t = decode(&enc.bytes, Format::ELF64_LE).unwrap();
//! assert_eq!((t[0].address.offset, t[0].entries), (0, 7));
//! ```

use super::read::Cursor;
use super::{Address, Encoded, Format, SymbolRef};
use crate::error::{Error, Result};

/// Conventional section name.
pub const NAME: &str = ".llvm_jump_table_sizes";

/// A decoded entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JumpTableSize {
    /// The jump table's address field.
    pub address: Address,
    /// Its number of entries.
    pub entries: u64,
}

/// Collects jump tables.
#[derive(Debug, Clone)]
pub struct JumpTableSizesBuilder<S> {
    tables: Vec<(SymbolRef<S>, u64)>,
}

impl<S> Default for JumpTableSizesBuilder<S> {
    fn default() -> Self {
        JumpTableSizesBuilder { tables: Vec::new() }
    }
}

impl<S: Clone> JumpTableSizesBuilder<S> {
    /// No tables yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a jump table at `table` with `entries` entries.
    pub fn add(&mut self, table: SymbolRef<S>, entries: u64) -> &mut Self {
        self.tables.push((table, entries));
        self
    }

    /// The section bytes and relocations; errors if a count does not fit
    /// a 32-bit pointer.
    pub fn encode(&self, format: Format) -> Result<Encoded<S>> {
        let mut e = Encoded::default();
        for (sym, n) in &self.tables {
            e.abs_addr(sym.clone(), format);
            format.put_addr(&mut e.bytes, *n, "jump table entry count")?;
        }
        Ok(e)
    }
}

/// Decodes the section.
pub fn decode(data: &[u8], format: Format) -> Result<Vec<JumpTableSize>> {
    let entry = 2 * usize::from(format.pointer_size());
    if data.len() % entry != 0 {
        return Err(Error::truncated("jump table size entry", data.len() as u64));
    }
    let mut c = Cursor::new(data);
    let mut out = Vec::with_capacity(data.len() / entry);
    while !c.is_empty() {
        let address = c.addr(format, "jump table address")?;
        let entries = c.addr(format, "jump table entry count")?.value;
        out.push(JumpTableSize { address, entries });
    }
    Ok(out)
}
