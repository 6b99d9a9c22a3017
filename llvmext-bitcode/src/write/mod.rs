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
pub(crate) mod module;
pub(crate) mod names;
pub(crate) mod types;

#[cfg(test)]
mod tests;

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
