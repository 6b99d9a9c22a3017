//! The one error type of the object writers and section decoders.

use std::borrow::Cow;
use std::fmt;

/// What went wrong while building, writing or decoding an object file.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// An id (section, symbol, group, ...) that belongs to another builder,
    /// or that is out of range for this one.
    ForeignId {
        /// What kind of id it was.
        what: &'static str,
    },
    /// An alignment that is not a power of two (or is zero where the format
    /// needs at least 1).
    BadAlignment {
        /// The requested alignment.
        align: u64,
    },
    /// A string table grew past what its offsets can address.
    StringTableOverflow {
        /// The size the table would have had.
        size: u64,
    },
    /// More sections than the format can index (COFF without bigobj:
    /// 65 279).
    TooManySections {
        /// How many there were.
        count: u64,
        /// The most the format allows.
        limit: u64,
    },
    /// A value does not fit the field that holds it (a 64-bit address in
    /// an ELFCLASS32 file, a relocation type wider than the format's).
    DoesNotFit {
        /// The field.
        field: &'static str,
        /// The value.
        value: u64,
    },
    /// A layout too large to allocate: the alignment of a section pads the
    /// file with more zeros than the writer allows (an `sh_addralign` of
    /// 2^33 or 2^62 from a hostile object), or past 2^64 bytes.
    FileTooLarge {
        /// The section's index in the section header table.
        section: u32,
        /// Its name.
        name: String,
        /// Its alignment.
        align: u64,
        /// The size the file would have had (`None`: 2^64 bytes or more).
        size: Option<u64>,
        /// The most padding the writer allows.
        limit: u64,
    },
    /// A combination the format cannot express, or misuse of the builder.
    Invalid(Cow<'static, str>),
    /// Input ended inside a structure being decoded.
    Truncated {
        /// The structure.
        what: &'static str,
    },
    /// Input that is not what the format allows.
    Malformed(Cow<'static, str>),
}

/// An error with, for decoders, the byte offset in the input where it was
/// found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    offset: Option<u64>,
}

impl Error {
    /// An error of `kind` with no position.
    pub fn new(kind: ErrorKind) -> Self {
        Error { kind, offset: None }
    }

    /// An error of `kind` at byte `offset` of the input.
    pub fn at(kind: ErrorKind, offset: u64) -> Self {
        Error { kind, offset: Some(offset) }
    }

    /// A builder misuse or inexpressible combination.
    pub fn invalid(msg: impl Into<Cow<'static, str>>) -> Self {
        Error::new(ErrorKind::Invalid(msg.into()))
    }

    /// Malformed input at byte `offset`.
    pub fn malformed(msg: impl Into<Cow<'static, str>>, offset: u64) -> Self {
        Error::at(ErrorKind::Malformed(msg.into()), offset)
    }

    /// Truncated input: `what` did not fit before byte `offset`.
    pub fn truncated(what: &'static str, offset: u64) -> Self {
        Error::at(ErrorKind::Truncated { what }, offset)
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The byte offset in the input, for decoding errors.
    pub fn offset(&self) -> Option<u64> {
        self.offset
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::ForeignId { what } => {
                write!(f, "{what} id does not belong to this builder")
            }
            ErrorKind::BadAlignment { align } => {
                write!(f, "alignment {align} is not a power of two")
            }
            ErrorKind::StringTableOverflow { size } => {
                write!(f, "string table of {size} bytes is too large for its offsets")
            }
            ErrorKind::TooManySections { count, limit } => {
                write!(f, "{count} sections, the format allows at most {limit}")
            }
            ErrorKind::DoesNotFit { field, value } => {
                write!(f, "value {value:#x} does not fit in {field}")
            }
            ErrorKind::FileTooLarge { section, name, align, size, limit } => {
                write!(f, "section [index {section}] '{name}': alignment {align:#x} ")?;
                match size {
                    Some(size) => write!(
                        f,
                        "makes the file {size:#x} bytes, with more than the {limit:#x} bytes of \
                         alignment padding the writer allows"
                    ),
                    None => f.write_str("makes the file 2^64 bytes or more"),
                }
            }
            ErrorKind::Invalid(m) => f.write_str(m),
            ErrorKind::Truncated { what } => write!(f, "truncated {what}"),
            ErrorKind::Malformed(m) => f.write_str(m),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(o) => write!(f, "{} at byte {o}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for Error {}

/// The result type of this crate.
pub type Result<T, E = Error> = core::result::Result<T, E>;
