//! The reader's error: what went wrong, and where (bit offset, block,
//! record).

use core::fmt;
use std::string::String;

use crate::schema::{record_name, BlockId};

/// What kind of problem a [`ReadError`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The input is not a bitstream LLVM could read (bad magic, truncated
    /// block, bad abbreviation...).
    Bitstream(llvmext_core::ErrorKind),
    /// A file-level problem (wrapper, module index).
    Container(String),
    /// A record whose operands are malformed: too few, out of range, of
    /// the wrong type, a count the input cannot hold.
    Malformed(String),
    /// A value, type or metadata ID that names nothing, or a forward
    /// reference that is never resolved.
    BadReference(String),
    /// A well-formed construct this reader (the LLVM 19 model) cannot
    /// represent, or a code from a newer producer it does not know.
    Unsupported(String),
}

/// An error reading bitcode: its kind, the bit offset in the input where
/// the offending record (or block) starts, the block it is in and the
/// record code, and the producer of the module when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// What went wrong.
    pub kind: ReadErrorKind,
    /// Bit offset from the start of the input.
    pub bit: u64,
    /// The block the record is in.
    pub block: Option<BlockId>,
    /// The record code (in `block`).
    pub code: Option<u32>,
    /// The module's producer (`IDENTIFICATION`), when it has one.
    pub producer: Option<String>,
}

impl ReadError {
    pub(crate) fn new(kind: ReadErrorKind, bit: u64) -> Self {
        ReadError { kind, bit, block: None, code: None, producer: None }
    }

    /// The message without the location.
    pub fn message(&self) -> String {
        use std::string::ToString;
        match &self.kind {
            ReadErrorKind::Bitstream(k) => k.to_string(),
            ReadErrorKind::Container(m)
            | ReadErrorKind::Malformed(m)
            | ReadErrorKind::BadReference(m)
            | ReadErrorKind::Unsupported(m) => m.clone(),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())?;
        match (self.block, self.code) {
            (Some(b), Some(c)) => {
                let bname = b.name().unwrap_or("unknown block");
                match record_name(b, c) {
                    Some(n) => write!(f, " (record {n} in {bname})")?,
                    None => write!(f, " (record code {c} in {bname})")?,
                }
            }
            (Some(b), None) => write!(f, " (in {})", b.name().unwrap_or("unknown block"))?,
            _ => {}
        }
        if let (ReadErrorKind::Unsupported(_), Some(p)) = (&self.kind, &self.producer) {
            write!(f, " [written by {p}; this reader reads the LLVM 19 model]")?;
        }
        write!(f, " at bit {}", self.bit)
    }
}

impl std::error::Error for ReadError {}
