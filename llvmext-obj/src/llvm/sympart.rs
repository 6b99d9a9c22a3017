//! `.llvm_sympart` (`SHT_LLVM_SYMPART`): puts a symbol in a partition
//! (<https://lld.llvm.org/Partitions.html>).
//!
//! Each section holds the partition name, NUL-terminated, then a
//! pointer-sized field with an absolute relocation to the symbol. LLVM
//! emits one section per symbol (same name, `unique` ids), flags 0.
//!
//! ```
//! use llvmext_obj::llvm::{sympart, Format, RelocKind, SymbolRef};
//! let enc = sympart::encode(b"libp.so", SymbolRef::new("f"), Format::ELF64_LE).unwrap();
//! assert_eq!(&enc.bytes[..8], b"libp.so\0");
//! assert_eq!((enc.relocs[0].offset, enc.relocs[0].kind), (8, RelocKind::Abs64));
//! let p = sympart::decode(&enc.bytes, Format::ELF64_LE, &enc.relocs).unwrap();
//! assert_eq!((p.partition, p.symbol.symbol), (&b"libp.so"[..], "f"));
//! ```

use super::read::Cursor;
use super::{put_cstr, Encoded, Format, Reloc, RelocMap, SymbolRef};
use crate::error::{Error, Result};

/// Conventional section name.
pub const NAME: &str = ".llvm_sympart";

/// A decoded symbol partition specification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolPartition<'a, S> {
    /// The partition name.
    pub partition: &'a [u8],
    /// The symbol (from the relocation on the address field).
    pub symbol: SymbolRef<S>,
}

/// Encodes one section: `partition`, NUL, and an address field relocated
/// to `symbol`.
pub fn encode<S>(partition: &[u8], symbol: SymbolRef<S>, format: Format) -> Result<Encoded<S>> {
    let mut e = Encoded::default();
    put_cstr(&mut e.bytes, partition, "partition name")?;
    e.abs_addr(symbol, format);
    Ok(e)
}

/// Decodes one section given its relocations; the address field must be
/// exactly pointer-sized, at the end of the section, with a relocation.
pub fn decode<'a, S: Clone>(
    data: &'a [u8],
    format: Format,
    relocs: &[Reloc<S>],
) -> Result<SymbolPartition<'a, S>> {
    let mut c = Cursor::new(data);
    let partition = c.cstr("partition name")?;
    let addr = c.addr(format, "partitioned symbol address")?;
    if !c.is_empty() {
        return Err(Error::malformed("trailing bytes after symbol partition entry", c.offset()));
    }
    let r = RelocMap::new(relocs).get(addr.offset).ok_or_else(|| {
        Error::malformed("symbol partition address has no relocation", addr.offset)
    })?;
    Ok(SymbolPartition {
        partition,
        symbol: SymbolRef { symbol: r.symbol.clone(), addend: r.addend },
    })
}
