//! Writing [`llvmext_ir`]'s model as LLVM 19 bitcode: [`write()`] gives the
//! bytes `llvm-as-19` writes for the same module (the same value and
//! metadata numbering, records, abbreviations, symbol and string tables),
//! after checking the module with the verifier so that LLVM never meets a
//! record it calls invalid.
//!
//! ```
//! use llvmext_bitcode::write::{write_with, WriteOptions};
//! let m = llvmext_ir::parse::parse(b"@g = global i32 42\n", "g.ll")?;
//! // A compiler names itself in the IDENTIFICATION block.
//! let bc = write_with(&m, &WriteOptions::default().producer("mycc 1.0"))?;
//! let r = llvmext_bitcode::read::Reader::new(&bc)?;
//! assert_eq!(r.identification().producer.as_deref(), Some("mycc 1.0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The pieces, each checked against `llvm-as-19` by its tests: the
//! enumerator's orders (`enumerate`), BLOCKINFO (`blockinfo`), the type
//! table (`types`), the attribute blocks (`attrs`), the module block's own
//! records, IDENTIFICATION and STRTAB (`module`), constants
//! (`constants`), metadata (`metadata`), function bodies and value symbol
//! tables (`function`), the use-list orders llvm-as preserves
//! (`uselist`: the in-memory order LLParser gives a module's uses is
//! rebuilt from the module and compared with the reader's), the context's
//! names (`names`), the irsymtab (`symtab`, with target triples in
//! `triple`), the file (`file`).
//!
//! On the project's corpus (C and C++ through clang-19, SQLite, zlib,
//! bzip2, lz4, rustc output, hand-written modules) the output is
//! llvm-as-19's byte for byte, but for hand-written modules whose use
//! lists llvm-as builds from what the model does not keep (constants
//! folded away while parsing, intrinsic upgrades); those differ in USELIST
//! blocks alone. The text order of global values and `uselistorder` and
//! `uselistorder_bb` directives are kept by the model and applied.

pub(crate) mod attrs;
pub(crate) mod blockinfo;
pub(crate) mod constants;
pub(crate) mod enumerate;
mod file;
pub(crate) mod function;
pub(crate) mod metadata;
pub(crate) mod module;
pub(crate) mod names;
pub(crate) mod symtab;
pub(crate) mod triple;
pub(crate) mod types;
pub(crate) mod uselist;

#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod function_tests;
#[cfg(test)]
mod symtab_tests;
#[cfg(test)]
mod tests;

pub use file::{write, write_into, write_with, WriteOptions, LLVM19_PRODUCER};

/// The largest splat written element by element (a longer one is
/// refused as [`WriteError::TooLarge`] rather than cut short).
pub(crate) const MAX_SPLAT: u64 = 1 << 24;

/// `Log2_32_Ceil`: the bits for values below `n` (0 for `n` <= 1).
pub(crate) fn log2_ceil(n: u64) -> u8 {
    if n <= 1 {
        0
    } else {
        (64 - (n - 1).leading_zeros()) as u8
    }
}

/// An integer of at most 64 bits sign-extended to `i64`
/// (`APInt::getSExtValue`).
pub(crate) fn sext(v: &llvmext_ir::int::IntValue) -> i64 {
    let raw = v.limbs().first().copied().unwrap_or(0);
    match v.bits() {
        0 | 64.. => raw as i64,
        b => ((raw << (64 - b)) as i64) >> (64 - b),
    }
}

/// Appends a string's bytes as LLVM's `Record.append` takes them from a
/// (signed, on x86) `char` into 64-bit operands: bytes of 0x80 and more
/// sign-extended.
pub(crate) fn push_chars(out: &mut Vec<u64>, s: &[u8]) {
    out.extend(s.iter().map(|&b| b as i8 as i64 as u64));
}

fn internal(what: &'static str) -> WriteError {
    WriteError::Internal(what)
}

/// Why a module was not written.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteError {
    /// The verifier found the module broken (every finding, each naming
    /// the global, function, block and instruction): LLVM would refuse
    /// the bitcode.
    Invalid(Vec<llvmext_ir::verify::VerifyError>),
    /// A module LLVM could hold but this writer will not write whole (it
    /// says what: a splat of more than 2^24 elements, more than 2^32
    /// values, ...).
    TooLarge(&'static str),
    /// The bitstream writer refused a record (a value too wide for its
    /// abbreviation).
    Bitstream(llvmext_core::Error),
    /// A fault of the writer itself, naming what it could not find: a
    /// module the verifier accepts should never give this.
    Internal(&'static str),
}

impl From<llvmext_core::Error> for WriteError {
    fn from(e: llvmext_core::Error) -> Self {
        WriteError::Bitstream(e)
    }
}

impl core::fmt::Display for WriteError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            WriteError::Invalid(errors) => {
                write!(f, "the module is broken")?;
                match errors.as_slice() {
                    [] => Ok(()),
                    [e] => write!(f, ": {e}"),
                    [e, rest @ ..] => write!(f, ": {e} (and {} more)", rest.len()),
                }
            }
            WriteError::Bitstream(e) => write!(f, "{e}"),
            WriteError::TooLarge(what) => write!(f, "too large to write: {what}"),
            WriteError::Internal(what) => write!(f, "internal error of the writer: {what}"),
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteError::Invalid(e) => e.first().map(|e| e as _),
            _ => None,
        }
    }
}
