//! Writing the IR model as LLVM 19 bitcode (issue 15, under way; not
//! public yet). Built so far, each checked against `llvm-as-19` on real
//! modules: the enumerator's type, attribute and module-level value orders
//! ([`enumerate`]), the shared abbreviations ([`blockinfo`]), the type
//! table ([`types`]), the attribute blocks ([`attrs`]), the module block's
//! own records and the string table's module part ([`module`]), the
//! module's constants ([`constants`]) and the context's names (metadata
//! kinds, bundle tags, sync scopes: [`names`]); the IDENTIFICATION and
//! STRTAB blocks ([`module`]). Metadata, function bodies, value symbol
//! tables (and the VSTOFFSET backpatch), use-list orders, the irsymtab
//! (llvm-as-19 writes one for modules with a target) and the public
//! `write` come next. The value and metadata numbering, the other blocks and the
//! public `write` come next.

pub(crate) mod attrs;
pub(crate) mod blockinfo;
pub(crate) mod constants;
pub(crate) mod enumerate;
pub(crate) mod metadata;
pub(crate) mod module;
pub(crate) mod names;
pub(crate) mod symtab;
pub(crate) mod types;

#[cfg(test)]
mod symtab_tests;
#[cfg(test)]
mod tests;

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

/// Why a module could not be written.
#[derive(Debug)]
pub(crate) enum WriteError {
    /// The bitstream writer refused a record (a value too wide for its
    /// abbreviation, say).
    Bitstream(llvmext_core::Error),
    /// A module LLVM could hold but this writer will not write whole (it
    /// says what).
    TooLarge(&'static str),
    /// A fault of the writer itself: a module the verifier accepts should
    /// never give this.
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
            WriteError::Bitstream(e) => write!(f, "{e}"),
            WriteError::TooLarge(what) => write!(f, "too large to write: {what}"),
            WriteError::Internal(what) => write!(f, "internal error of the writer: {what}"),
        }
    }
}
