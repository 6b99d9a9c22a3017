//! The one error type of the bit-level layers: what went wrong, and at which
//! bit of the stream.

use core::fmt;

/// What went wrong while reading or writing a bit-level stream.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended before a field of `bits` bits could be read.
    UnexpectedEnd {
        /// How many bits the field needed.
        bits: u32,
    },
    /// A VBR-encoded value needs more chunks than its result type holds
    /// (LLVM: "Unterminated VBR"), or loses set bits.
    VbrTooLong {
        /// The width of the result in bits (32 or 64).
        limit: u32,
    },
    /// A field width outside what the operation supports.
    InvalidWidth {
        /// The offending width.
        width: u32,
    },
    /// A jump to a bit position past the end of the input.
    JumpPastEnd {
        /// The requested bit position.
        target: u64,
    },
    /// A byte-oriented read at a position that is not byte aligned.
    Unaligned,
    /// An abbreviation ID that is neither builtin nor defined in this block.
    UnknownAbbrev {
        /// The abbreviation ID read from the stream.
        id: u32,
    },
    /// A `DEFINE_ABBREV` operand with an encoding value other than 1..=5.
    InvalidAbbrevEncoding {
        /// The 3-bit encoding value read.
        encoding: u8,
    },
    /// A `Fixed` or `VBR` abbreviation operand wider than 32 bits.
    AbbrevWidthTooLarge {
        /// The declared width.
        width: u64,
    },
    /// A `DEFINE_ABBREV` with no operands.
    EmptyAbbrev,
    /// An abbreviation whose first operand (the record code) is an array or a
    /// blob.
    AbbrevStartsWithArrayOrBlob,
    /// An array operand that is not the second-to-last operand.
    ArrayNotSecondToLast,
    /// An array whose element operand is not a `Fixed`, `VBR` or `Char6`
    /// encoding (LLVM treats `Fixed(0)`/`VBR(0)` as literals, which are not
    /// element encodings either).
    BadArrayElement,
    /// A blob operand that is not the last operand.
    BlobNotLast,
    /// An element count (array, operand list, abbreviation) larger than the
    /// remaining input can hold.
    ImplausibleSize {
        /// The count read from the stream.
        count: u64,
    },
    /// A blob that runs past the end of the input.
    BlobPastEnd {
        /// The blob length in bytes.
        len: u64,
    },
    /// A sub-block whose declared length runs past the end of the input (or
    /// past the end of its enclosing block).
    BlockPastEnd {
        /// The declared length in 32-bit words.
        words: u64,
    },
    /// A sub-block declaring an abbreviation-ID width of 0 or more than 32.
    BadAbbrevWidth {
        /// The declared width.
        width: u32,
    },
    /// Blocks nested deeper than the reader's limit.
    NestingTooDeep {
        /// The limit in force.
        limit: usize,
    },
    /// `END_BLOCK` outside of any block.
    EndBlockAtTopLevel,
    /// A record or abbreviation inside `BLOCKINFO` that is malformed (e.g. an
    /// abbreviation before any `SETBID`, or `SETBID` without an operand).
    MalformedBlockInfo,
    /// A call that needs a pending sub-block (`enter_block`/`skip_block`) made
    /// when the last entry was not `SubBlock`.
    NoPendingBlock,
    /// Writer: a value does not fit the operand of the abbreviation.
    ValueDoesNotFit {
        /// Index of the value in the record (0 = the record code).
        index: usize,
        /// The value.
        value: u64,
    },
    /// Writer: a record's values do not match the abbreviation's operands.
    RecordDoesNotMatchAbbrev,
    /// Writer: a character that char6 cannot represent.
    NotChar6 {
        /// The value.
        value: u64,
    },
    /// Writer: an abbreviation ID that does not fit the block's
    /// abbreviation-ID width.
    AbbrevIdTooWide {
        /// The abbreviation ID.
        id: u32,
        /// The block's abbreviation-ID width.
        width: u32,
    },
    /// Writer: `exit_block` with no block open.
    NoOpenBlock,
    /// The input does not start with the expected magic.
    BadMagic,
    /// A bitcode wrapper header that is truncated or whose offset/size point
    /// outside the file.
    BadWrapper,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            UnexpectedEnd { bits } => write!(f, "unexpected end of stream reading {bits} bits"),
            VbrTooLong { limit } => write!(f, "VBR value does not fit in {limit} bits"),
            InvalidWidth { width } => write!(f, "invalid field width {width}"),
            JumpPastEnd { target } => write!(f, "jump to bit {target} past the end of the stream"),
            Unaligned => write!(f, "byte read at a position that is not byte aligned"),
            UnknownAbbrev { id } => write!(f, "invalid abbreviation ID {id}"),
            InvalidAbbrevEncoding { encoding } => {
                write!(f, "invalid abbreviation operand encoding {encoding}")
            }
            AbbrevWidthTooLarge { width } => {
                write!(f, "fixed or VBR abbreviation operand with width {width} > 32")
            }
            EmptyAbbrev => write!(f, "abbreviation with no operands"),
            AbbrevStartsWithArrayOrBlob => write!(f, "abbreviation starts with an array or a blob"),
            ArrayNotSecondToLast => write!(f, "array operand not second to last"),
            BadArrayElement => write!(f, "array element is not a fixed, VBR or char6 encoding"),
            BlobNotLast => write!(f, "blob operand not last"),
            ImplausibleSize { count } => {
                write!(f, "element count {count} exceeds what the remaining input can hold")
            }
            BlobPastEnd { len } => write!(f, "blob of {len} bytes runs past the end of the stream"),
            BlockPastEnd { words } => {
                write!(f, "block of {words} words runs past the end of its container")
            }
            BadAbbrevWidth { width } => write!(f, "invalid abbreviation ID width {width}"),
            NestingTooDeep { limit } => write!(f, "blocks nested deeper than {limit}"),
            EndBlockAtTopLevel => write!(f, "END_BLOCK outside of any block"),
            MalformedBlockInfo => write!(f, "malformed BLOCKINFO block"),
            NoPendingBlock => write!(f, "no sub-block header was just read"),
            ValueDoesNotFit { index, value } => {
                write!(f, "value {value} at index {index} does not fit its abbreviation operand")
            }
            RecordDoesNotMatchAbbrev => write!(f, "record does not match its abbreviation"),
            NotChar6 { value } => write!(f, "value {value} is not a char6 character"),
            AbbrevIdTooWide { id, width } => {
                write!(f, "abbreviation ID {id} does not fit in {width} bits")
            }
            NoOpenBlock => write!(f, "no block is open"),
            BadMagic => write!(f, "unexpected magic number"),
            BadWrapper => write!(f, "invalid bitcode wrapper header"),
        }
    }
}

/// An error from a bit-level reader or writer: an [`ErrorKind`] and the bit
/// offset (from the start of the buffer the reader was given, or of the
/// writer's output) where it was detected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    bit: u64,
}

impl Error {
    /// Creates an error of `kind` at bit offset `bit`.
    #[cold]
    pub fn new(kind: ErrorKind, bit: u64) -> Self {
        Error { kind, bit }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The bit offset at which it was detected.
    pub fn bit_offset(&self) -> u64 {
        self.bit
    }

    /// The same error moved by `bits` (for streams embedded at an offset in a
    /// larger file, such as wrapped bitcode).
    pub fn offset_by(mut self, bits: u64) -> Self {
        self.bit += bits;
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at bit {}", self.kind, self.bit)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

/// Result type of the bit-level layers.
pub type Result<T> = core::result::Result<T, Error>;
