//! LEB128 ("little-endian base 128") variable-length integers, as LLVM reads
//! and writes them.
//!
//! Each byte carries seven payload bits, least significant group first; the
//! high bit (`0x80`) says that another byte follows. Unsigned values
//! (ULEB128) are zero-extended, signed ones (SLEB128) are sign-extended from
//! bit 6 of the last byte.
//!
//! # Decoding rules
//!
//! The decoders follow LLVM's `decodeULEB128`/`decodeSLEB128`
//! (`llvm/Support/LEB128.h`) with one strictness: an encoding may be at most
//! as long as the widest encoding of the target type (10 bytes for 64 bits,
//! 5 for 32, 19 for 128), and that last byte must hold nothing but the
//! remaining value bits (or, for signed types, their sign extension) and must
//! not have its continuation bit set. Concretely:
//!
//! | type | last possible byte | allowed values of that byte |
//! |---|---|---|
//! | `u32` | 5th | `0x00..=0x0f` |
//! | `i32` | 5th | `0x00..=0x07`, `0x78..=0x7f` |
//! | `u64` | 10th | `0x00`, `0x01` |
//! | `i64` | 10th | `0x00`, `0x7f` |
//! | `u128` | 19th | `0x00..=0x03` |
//! | `i128` | 19th | `0x00`, `0x01`, `0x7e`, `0x7f` |
//!
//! Anything else there is [`ErrorKind::Overflow`], reported at that byte.
//! LLVM also accepts longer runs of redundant padding (e.g. eleven bytes
//! `80 … 80 00` for a `u64` zero); these are rejected here. Non-minimal
//! encodings that stay within the length limit (such as `80 00` for zero, as
//! the padded writers produce) are accepted. Input that ends while the
//! continuation bit is still set (including empty input) is
//! [`ErrorKind::Truncated`], reported at the offset where the missing byte
//! would be.
//!
//! # Speed
//!
//! Everything is portable Rust with no per-value allocation, and safe but
//! for one x86-64 path of the batch decoders (below):
//!
//! - The slice decoders load eight bytes at once when at least eight remain,
//!   locate the terminating byte with one bit scan and gather the 7-bit
//!   groups with shifts and masks, so values of up to 8 bytes (56 bits)
//!   decode without a data-dependent branch.
//! - [`Reader`] goes further for sequences: it computes where every value in
//!   the next 64 bytes ends in one pass, so the position of the next value
//!   never waits on decoding the current one.
//! - The batch decoders ([`decode_uleb128_all`], [`decode_sleb128_all`],
//!   [`Reader::read_uleb128_into`], [`Reader::read_sleb128_into`]) decode
//!   several values per step without a branch on their lengths: the high
//!   bits of the eight bytes at the current position index a 256-entry
//!   table that says how many values (up to four) end among them, how many
//!   bytes they take, and where each sits in the gathered 7-bit groups;
//!   every step writes four slots and moves on by the table's counts. Each
//!   step waits on the previous one for its position, so the input is cut
//!   (about every 1000 bytes) into two halves at a value boundary, decoded
//!   by two interleaved steps whose chains overlap. Values longer than
//!   eight bytes take a branch; the last few bytes, and anything invalid,
//!   go to the slice decoder.
//! - On x86-64 CPUs with BMI2 (checked at run time with the `std` feature,
//!   at compile time without it), the batch decoders first take the input
//!   64 bytes at a time: one SSE2 pass marks where every value in the
//!   block ends, and each value is then one load at the byte after the
//!   previous end and one `pext` of its payload bits, written straight
//!   into the output. The only chain from value to value is clearing one
//!   bit of the block's mask. Steps decode exactly 16 values each, so that
//!   the loop's trip count does not depend on the data; values of nine or
//!   ten bytes are patched afterwards; anything invalid is left to the
//!   portable path, which reports it. This is the crate's only `unsafe` code
//!   (intrinsics, and loads from fixed-size windows); it is checked
//!   against the slice decoders by unit tests, property tests and a fuzz
//!   target (`fuzz/fuzz_targets/leb128_batch.rs`).
//! - The encoders scatter the groups the same way and append them with one
//!   fixed-size copy followed by a truncation.

use alloc::vec::Vec;
use core::fmt;

#[cfg(target_arch = "x86_64")]
mod x86;
/// What the batch decoders write to: on x86-64, a [`Sink`] that the BMI2
/// path can also write into directly.
#[cfg(target_arch = "x86_64")]
use x86::Direct as BatchSink;
#[cfg(not(target_arch = "x86_64"))]
use Sink as BatchSink;

/// The high bit of every byte of a little-endian `u64`.
const CONT: u64 = 0x8080_8080_8080_8080;
/// The low 56 bits: what eight LEB128 bytes carry.
const LOW56: u64 = (1 << 56) - 1;

/// What went wrong while decoding; see [`Error::kind`].
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended while the continuation bit of the last byte was set
    /// (or there was no byte at all).
    Truncated,
    /// The encoded value does not fit the target type, or the encoding is
    /// longer than the widest one the type allows.
    Overflow,
}

/// The item that was being decoded, for [`Error`]'s message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item {
    /// An unsigned LEB128 of this many bits.
    Unsigned(u8),
    /// A signed LEB128 of this many bits.
    Signed(u8),
    /// A single raw byte ([`Reader::read_u8`]).
    Byte,
}

/// A LEB128 decoding error: what went wrong ([`kind`](Error::kind)) and
/// where ([`offset`](Error::offset)).
///
/// ```
/// use llvmext_core::leb128::{read_uleb128, ErrorKind};
///
/// let err = read_uleb128(&[0x80, 0x80]).unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Truncated);
/// assert_eq!(err.offset(), 2);
/// assert_eq!(err.to_string(), "truncated ULEB128 at byte offset 2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error {
    offset: usize,
    kind: ErrorKind,
    item: Item,
}

impl Error {
    #[inline]
    const fn new(kind: ErrorKind, offset: usize, item: Item) -> Self {
        Error { offset, kind, item }
    }

    #[cold]
    const fn truncated(offset: usize, item: Item) -> Self {
        Self::new(ErrorKind::Truncated, offset, item)
    }

    #[cold]
    const fn overflow(offset: usize, item: Item) -> Self {
        Self::new(ErrorKind::Overflow, offset, item)
    }

    #[inline]
    const fn shifted(self, base: usize) -> Self {
        Error { offset: self.offset + base, ..self }
    }

    /// What went wrong.
    #[inline]
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Where it went wrong: the byte offset, in the slice that was given
    /// (for [`Reader`], in the reader's whole data), of the byte found to be
    /// bad. For [`ErrorKind::Truncated`] this is the length of the input,
    /// where the missing byte would be.
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, bits) = match self.item {
            Item::Unsigned(bits) => ("ULEB128", bits),
            Item::Signed(bits) => ("SLEB128", bits),
            Item::Byte => ("input", 8),
        };
        match self.kind {
            ErrorKind::Truncated => write!(f, "truncated {name} at byte offset {}", self.offset),
            ErrorKind::Overflow => {
                write!(f, "{name} overflows {bits} bits at byte offset {}", self.offset)
            }
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}

#[cfg(feature = "std")]
impl From<Error> for std::io::Error {
    /// [`ErrorKind::Truncated`] becomes [`std::io::ErrorKind::UnexpectedEof`],
    /// [`ErrorKind::Overflow`] [`std::io::ErrorKind::InvalidData`]; the
    /// [`Error`] is kept as the payload.
    fn from(err: Error) -> Self {
        let kind = match err.kind {
            ErrorKind::Truncated => std::io::ErrorKind::UnexpectedEof,
            ErrorKind::Overflow => std::io::ErrorKind::InvalidData,
        };
        std::io::Error::new(kind, err)
    }
}

const U32: Item = Item::Unsigned(32);
const U64: Item = Item::Unsigned(64);
const U128: Item = Item::Unsigned(128);
const I32: Item = Item::Signed(32);
const I64: Item = Item::Signed(64);
const I128: Item = Item::Signed(128);

// ---------------------------------------------------------------------------
// Bit gathering and scattering
// ---------------------------------------------------------------------------

/// Gathers the low seven bits of each byte of `x` into a contiguous 56-bit
/// value, byte 0 lowest (the high bit of each byte is ignored).
///
/// Three steps pair up 7-, 14- and 28-bit fields; written so that only three
/// 64-bit constants are needed, which keeps the hot loops short.
#[inline(always)]
const fn gather(x: u64) -> u64 {
    // Bytes to 14-bit fields in 16-bit lanes: lo | hi << 7.
    let x = (x & 0x007f_007f_007f_007f) | ((x >> 1) & 0x3f80_3f80_3f80_3f80);
    // To 28-bit fields in 32-bit lanes: lo + hi << 16 becomes lo + hi << 14.
    let x = x - 3 * ((x >> 2) & 0x0fff_c000_0fff_c000);
    // To 56 bits.
    (x & 0x0fff_ffff) | ((x >> 32) << 28)
}

/// The inverse of [`gather`]: spreads `v` (which must be below `1 << 56`)
/// over eight bytes, seven bits each, with the high bit of every byte clear.
#[inline(always)]
const fn scatter(v: u64) -> u64 {
    // 28-bit halves to 32-bit lanes.
    let x = (v & 0x0fff_ffff) | ((v >> 28) << 32);
    // lo + hi << 14 becomes lo + hi << 16 in each lane.
    let x = x + 3 * (x & 0x0fff_c000_0fff_c000);
    // lo + hi << 7 becomes lo + hi << 8 in each 16-bit lane.
    x + (x & 0x3f80_3f80_3f80_3f80)
}

/// Decodes from eight bytes loaded as a little-endian word: the gathered
/// payload (not sign-extended) and the length, if a terminating byte is
/// among them.
#[inline(always)]
fn decode_word(w: u64) -> Option<(u64, usize)> {
    // One bit per byte whose continuation bit is clear.
    let ends = !w & CONT;
    if ends == 0 {
        return None;
    }
    let len = (ends.trailing_zeros() / 8) as usize + 1;
    Some((gather(w) & PAYLOAD_MASKS[len % 16], len))
}

/// The first eight bytes of `buf` as a little-endian word, if there are
/// eight.
#[inline(always)]
fn load8(buf: &[u8]) -> Option<u64> {
    buf.first_chunk::<8>().map(|chunk| u64::from_le_bytes(*chunk))
}

/// `1 << (7 * len - 1)`: the sign bit of an SLEB128 of `len` bytes, for
/// `len` in `1..=8` (other entries are unused).
const SIGN_BITS: [u64; 16] = {
    let mut t = [0; 16];
    let mut len = 1;
    while len <= 8 {
        t[len] = 1 << (7 * len - 1);
        len += 1;
    }
    t
};

/// `(1 << (7 * len)) - 1`: the payload bits of a LEB128 of `len` bytes, for
/// `len` in `1..=8` (other entries are unused).
const PAYLOAD_MASKS: [u64; 16] = {
    let mut t = [0; 16];
    let mut len = 1;
    while len <= 8 {
        t[len] = (1 << (7 * len)) - 1;
        len += 1;
    }
    t
};

/// Sign-extends the `7 * len` payload bits in `x` (`len` in `1..=8`),
/// without a variable shift.
#[inline(always)]
fn sign_extend_len(x: u64, len: usize) -> i64 {
    let sign = SIGN_BITS[len % 16];
    (x ^ sign).wrapping_sub(sign) as i64
}

/// Sign-extends the low `bits` bits of `x` (`1..=64`).
#[inline(always)]
const fn sign_extend(x: u64, bits: u32) -> i64 {
    let s = 64 - bits;
    ((x << s) as i64) >> s
}

// ---------------------------------------------------------------------------
// Byte-at-a-time decoders (short input, 128-bit types)
// ---------------------------------------------------------------------------

macro_rules! unsigned_bytewise {
    ($name:ident, $t:ty, $item:expr) => {
        /// Byte-at-a-time decoder; accepts any input.
        #[inline(always)]
        fn $name(buf: &[u8]) -> Result<($t, usize), Error> {
            const BITS: u32 = <$t>::BITS;
            const LAST: usize = BITS.div_ceil(7) as usize - 1;
            const LAST_MAX: u8 = (1u8 << (BITS - 7 * LAST as u32)) - 1;
            let mut value: $t = 0;
            let mut i = 0;
            loop {
                let Some(&b) = buf.get(i) else {
                    return Err(Error::truncated(i, $item));
                };
                if i == LAST {
                    if b > LAST_MAX {
                        return Err(Error::overflow(i, $item));
                    }
                    return Ok((value | (b as $t) << (7 * LAST), i + 1));
                }
                value |= ((b & 0x7f) as $t) << (7 * i);
                if b < 0x80 {
                    return Ok((value, i + 1));
                }
                i += 1;
            }
        }
    };
}

macro_rules! signed_bytewise {
    ($name:ident, $t:ty, $ut:ty, $item:expr) => {
        /// Byte-at-a-time decoder; accepts any input.
        #[inline(always)]
        fn $name(buf: &[u8]) -> Result<($t, usize), Error> {
            const BITS: u32 = <$t>::BITS;
            const LAST: usize = BITS.div_ceil(7) as usize - 1;
            // Value bits held by the last possible byte; the rest of its
            // seven payload bits must repeat the top one.
            const SHIFT: u32 = 8 - (BITS - 7 * LAST as u32);
            let mut value: $ut = 0;
            let mut i = 0;
            loop {
                let Some(&b) = buf.get(i) else {
                    return Err(Error::truncated(i, $item));
                };
                if i == LAST {
                    let extended = ((((b << SHIFT) as i8) >> SHIFT) as u8) & 0x7f;
                    if b != extended {
                        return Err(Error::overflow(i, $item));
                    }
                    return Ok(((value | (b as $ut) << (7 * LAST)) as $t, i + 1));
                }
                value |= ((b & 0x7f) as $ut) << (7 * i);
                if b < 0x80 {
                    let s = BITS - 7 * (i as u32 + 1);
                    return Ok((((value << s) as $t) >> s, i + 1));
                }
                i += 1;
            }
        }
    };
}

unsigned_bytewise!(uleb_u32_bytewise, u32, U32);
unsigned_bytewise!(uleb_u64_bytewise, u64, U64);
unsigned_bytewise!(uleb_u128_bytewise, u128, U128);
signed_bytewise!(sleb_i32_bytewise, i32, u32, I32);
signed_bytewise!(sleb_i64_bytewise, i64, u64, I64);
signed_bytewise!(sleb_i128_bytewise, i128, u128, I128);

// ---------------------------------------------------------------------------
// Slice decoders
// ---------------------------------------------------------------------------

/// The result of an inner decoder, small enough to come back in registers
/// from out-of-line code: `(value bits, length)`, or, with a length of 0,
/// `(offset << 1 | overflow, 0)`. The [`Item`] is added by the caller.
type Packed = (u64, usize);

#[cold]
const fn fail(kind: ErrorKind, offset: usize) -> Packed {
    ((offset as u64) << 1 | matches!(kind, ErrorKind::Overflow) as u64, 0)
}

#[inline(always)]
fn pack<T>(r: Result<(T, usize), Error>, bits: impl Fn(T) -> u64) -> Packed {
    match r {
        Ok((v, n)) => (bits(v), n),
        Err(e) => fail(e.kind, e.offset),
    }
}

#[inline(always)]
fn unpack(p: Packed, item: Item) -> Result<(u64, usize), Error> {
    if p.1 != 0 {
        Ok(p)
    } else {
        let kind = if p.0 & 1 != 0 { ErrorKind::Overflow } else { ErrorKind::Truncated };
        Err(Error::new(kind, (p.0 >> 1) as usize, item))
    }
}

/// ULEB128 `u64`: the branch-free common case inline.
#[inline(always)]
fn uleb64(buf: &[u8]) -> Packed {
    if let Some(w) = load8(buf) {
        if let Some(r) = decode_word(w) {
            return r;
        }
    }
    uleb64_slow(buf)
}

/// ULEB128 `u64` with fewer than eight bytes left, or nine or more bytes
/// long.
#[inline(never)]
fn uleb64_slow(buf: &[u8]) -> Packed {
    let Some(w) = load8(buf) else {
        return pack(uleb_u64_bytewise(buf), |v| v);
    };
    // Eight continuation bytes.
    let low = gather(w);
    let Some(&b8) = buf.get(8) else {
        return fail(ErrorKind::Truncated, 8);
    };
    if b8 < 0x80 {
        return (low | (b8 as u64) << 56, 9);
    }
    let Some(&b9) = buf.get(9) else {
        return fail(ErrorKind::Truncated, 9);
    };
    if b9 > 1 {
        return fail(ErrorKind::Overflow, 9);
    }
    (low | ((b8 & 0x7f) as u64) << 56 | (b9 as u64) << 63, 10)
}

/// SLEB128 `i64` (as `u64` bits): the branch-free common case inline.
#[inline(always)]
fn sleb64(buf: &[u8]) -> Packed {
    if let Some(w) = load8(buf) {
        if let Some((x, len)) = decode_word(w) {
            return (sign_extend_len(x, len) as u64, len);
        }
    }
    sleb64_slow(buf)
}

/// SLEB128 `i64` with fewer than eight bytes left, or nine or more bytes
/// long.
#[inline(never)]
fn sleb64_slow(buf: &[u8]) -> Packed {
    let Some(w) = load8(buf) else {
        return pack(sleb_i64_bytewise(buf), |v| v as u64);
    };
    let low = gather(w);
    let Some(&b8) = buf.get(8) else {
        return fail(ErrorKind::Truncated, 8);
    };
    if b8 < 0x80 {
        return (sign_extend(low | (b8 as u64) << 56, 63) as u64, 9);
    }
    let Some(&b9) = buf.get(9) else {
        return fail(ErrorKind::Truncated, 9);
    };
    if b9 != 0x00 && b9 != 0x7f {
        return fail(ErrorKind::Overflow, 9);
    }
    (low | ((b8 & 0x7f) as u64) << 56 | (b9 as u64) << 63, 10)
}

/// Decodes a ULEB128 `u64` from the start of `buf`, returning the value and
/// the number of bytes it took.
///
/// See the [module documentation](self) for what is accepted; error offsets
/// are relative to `buf`.
///
/// ```
/// use llvmext_core::leb128::{read_uleb128, ErrorKind};
///
/// assert_eq!(read_uleb128(&[0xE5, 0x8E, 0x26, 0xFF]), Ok((624_485, 3)));
/// // A non-minimal (padded) encoding is fine.
/// assert_eq!(read_uleb128(&[0x80, 0x80, 0x00]), Ok((0, 3)));
///
/// let err = read_uleb128(&[0xE5, 0x8E]).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::Truncated, 2));
/// ```
#[inline]
pub fn read_uleb128(buf: &[u8]) -> Result<(u64, usize), Error> {
    unpack(uleb64(buf), U64)
}

/// Decodes an SLEB128 `i64` from the start of `buf`, returning the value and
/// the number of bytes it took.
///
/// See the [module documentation](self) for what is accepted; error offsets
/// are relative to `buf`.
///
/// ```
/// use llvmext_core::leb128::read_sleb128;
///
/// assert_eq!(read_sleb128(&[0xC0, 0xBB, 0x78]), Ok((-123_456, 3)));
/// assert_eq!(read_sleb128(&[0x7F]), Ok((-1, 1)));
/// ```
#[inline]
pub fn read_sleb128(buf: &[u8]) -> Result<(i64, usize), Error> {
    unpack(sleb64(buf), I64).map(|(v, n)| (v as i64, n))
}

#[inline(never)]
fn uleb32_short(buf: &[u8]) -> Packed {
    pack(uleb_u32_bytewise(buf), u64::from)
}

#[inline(never)]
fn sleb32_short(buf: &[u8]) -> Packed {
    pack(sleb_i32_bytewise(buf), |v| v as u64)
}

/// Decodes a ULEB128 `u32` from the start of `buf`, returning the value and
/// the number of bytes it took.
///
/// At most five bytes are read; the fifth must be `0x00..=0x0f`, otherwise
/// the result is [`ErrorKind::Overflow`] at that byte.
///
/// ```
/// use llvmext_core::leb128::{read_uleb128_u32, ErrorKind};
///
/// assert_eq!(read_uleb128_u32(&[0xFF, 0xFF, 0xFF, 0xFF, 0x0F]), Ok((u32::MAX, 5)));
/// let err = read_uleb128_u32(&[0xFF, 0xFF, 0xFF, 0xFF, 0x1F]).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::Overflow, 4));
/// ```
#[inline]
pub fn read_uleb128_u32(buf: &[u8]) -> Result<(u32, usize), Error> {
    let p = match load8(buf) {
        Some(w) => match decode_word(w) {
            Some((x, len)) if len <= 5 && x <= u32::MAX as u64 => (x, len),
            _ => fail(ErrorKind::Overflow, 4),
        },
        None => uleb32_short(buf),
    };
    unpack(p, U32).map(|(v, n)| (v as u32, n))
}

/// Decodes an SLEB128 `i32` from the start of `buf`, returning the value and
/// the number of bytes it took.
///
/// At most five bytes are read; the fifth must be `0x00..=0x07` or
/// `0x78..=0x7f`, otherwise the result is [`ErrorKind::Overflow`] at that
/// byte.
///
/// ```
/// use llvmext_core::leb128::read_sleb128_i32;
///
/// assert_eq!(read_sleb128_i32(&[0x80, 0x80, 0x80, 0x80, 0x78]), Ok((i32::MIN, 5)));
/// ```
#[inline]
pub fn read_sleb128_i32(buf: &[u8]) -> Result<(i32, usize), Error> {
    let p = match load8(buf) {
        Some(w) => match decode_word(w) {
            Some((x, len)) if len <= 5 => {
                let v = sign_extend_len(x, len);
                if v as i32 as i64 == v {
                    (v as u64, len)
                } else {
                    fail(ErrorKind::Overflow, 4)
                }
            }
            _ => fail(ErrorKind::Overflow, 4),
        },
        None => sleb32_short(buf),
    };
    unpack(p, I32).map(|(v, n)| (v as i32, n))
}

/// Byte-at-a-time `u128` decoder, out of line.
#[inline(never)]
fn uleb128_slow(buf: &[u8]) -> Result<(u128, usize), Error> {
    uleb_u128_bytewise(buf)
}

/// Byte-at-a-time `i128` decoder, out of line.
#[inline(never)]
fn sleb128_slow(buf: &[u8]) -> Result<(i128, usize), Error> {
    sleb_i128_bytewise(buf)
}

/// Decodes a ULEB128 `u128` from the start of `buf`, returning the value and
/// the number of bytes it took.
///
/// At most 19 bytes are read; the 19th must be `0x00..=0x03`.
///
/// ```
/// use llvmext_core::leb128::read_uleb128_u128;
///
/// assert_eq!(read_uleb128_u128(&[0x80, 0x80, 0x01]), Ok((1 << 14, 3)));
/// ```
#[inline]
pub fn read_uleb128_u128(buf: &[u8]) -> Result<(u128, usize), Error> {
    match buf.first() {
        Some(&b) if b < 0x80 => Ok((b as u128, 1)),
        _ => uleb128_slow(buf),
    }
}

/// Decodes an SLEB128 `i128` from the start of `buf`, returning the value and
/// the number of bytes it took.
///
/// At most 19 bytes are read; the 19th must be `0x00`, `0x01`, `0x7e` or
/// `0x7f`.
///
/// ```
/// use llvmext_core::leb128::read_sleb128_i128;
///
/// assert_eq!(read_sleb128_i128(&[0x80, 0x7F]), Ok((-128, 2)));
/// ```
#[inline]
pub fn read_sleb128_i128(buf: &[u8]) -> Result<(i128, usize), Error> {
    match buf.first() {
        Some(&b) if b < 0x80 => Ok((((b << 1) as i8 >> 1) as i128, 1)),
        _ => sleb128_slow(buf),
    }
}

// ---------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------

/// The number of bytes of the minimal ULEB128 encoding of `v` (1 to 10).
///
/// ```
/// use llvmext_core::leb128::uleb128_size;
///
/// assert_eq!(uleb128_size(127), 1);
/// assert_eq!(uleb128_size(128), 2);
/// assert_eq!(uleb128_size(u64::MAX), 10);
/// ```
#[inline]
pub const fn uleb128_size(v: u64) -> usize {
    // ceil(bits / 7) for bits in 1..=64.
    let bits = 64 - (v | 1).leading_zeros() as usize;
    (bits * 9 + 64) / 64
}

/// The number of bytes of the minimal SLEB128 encoding of `v` (1 to 10).
///
/// ```
/// use llvmext_core::leb128::sleb128_size;
///
/// assert_eq!(sleb128_size(63), 1);
/// assert_eq!(sleb128_size(64), 2);
/// assert_eq!(sleb128_size(-64), 1);
/// assert_eq!(sleb128_size(-65), 2);
/// assert_eq!(sleb128_size(i64::MIN), 10);
/// ```
#[inline]
pub const fn sleb128_size(v: i64) -> usize {
    // Significant bits including the sign bit, in 1..=64.
    let bits = 65 - ((v ^ (v >> 63)) as u64).leading_zeros() as usize;
    (bits * 9 + 64) / 64
}

// ---------------------------------------------------------------------------
// Encoders
// ---------------------------------------------------------------------------

/// `CONT` on the first `n - 1` bytes: the continuation bits of an `n`-byte
/// encoding, for `n` in `1..=8` (other entries are unused).
const CONT_MASKS: [u64; 16] = {
    let mut t = [0; 16];
    let mut n = 1;
    while n <= 8 {
        t[n] = CONT & ((1 << (8 * (n - 1))) - 1);
        n += 1;
    }
    t
};

/// The first eight bytes of the `n`-byte encoding (`n` in `1..=8`) of the
/// 7-bit groups of `v` (below `1 << 56`), as a little-endian word; bytes
/// past `n` are unspecified.
#[inline(always)]
fn encode_short(v: u64, n: usize) -> u64 {
    scatter(v) | CONT_MASKS[n % 16]
}

/// Writes the encoding of `v`'s 7-bit groups (already truncated or
/// sign-extended as the caller needs) of length `n` into `buf`; `top` is the
/// tenth byte, if any. Bytes past `n` get unspecified contents.
#[inline(always)]
fn encode_groups(v: u64, n: usize, top: u8, buf: &mut [u8; 10]) {
    if n <= 8 {
        buf[..8].copy_from_slice(&encode_short(v & LOW56, n).to_le_bytes());
    } else {
        encode_long(v, n, top, buf);
    }
}

/// [`encode_groups`] for nine or ten bytes.
#[inline(never)]
fn encode_long(v: u64, n: usize, top: u8, buf: &mut [u8; 10]) {
    let cont9 = if n == 10 { 0x80 } else { 0 };
    buf[..8].copy_from_slice(&(scatter(v & LOW56) | CONT).to_le_bytes());
    buf[8] = ((v >> 56) as u8 & 0x7f) | cont9;
    buf[9] = top;
}

/// Encodes `v` as a minimal ULEB128 into `buf`, returning the length.
///
/// The encoding is `buf[..len]`; the contents of `buf[len..]` are
/// unspecified afterwards.
///
/// ```
/// use llvmext_core::leb128::encode_uleb128;
///
/// let mut buf = [0; 10];
/// let n = encode_uleb128(624_485, &mut buf);
/// assert_eq!(&buf[..n], [0xE5, 0x8E, 0x26]);
/// ```
#[inline]
pub fn encode_uleb128(v: u64, buf: &mut [u8; 10]) -> usize {
    let n = uleb128_size(v);
    encode_groups(v, n, (v >> 63) as u8, buf);
    n
}

/// Encodes `v` as a minimal SLEB128 into `buf`, returning the length.
///
/// The encoding is `buf[..len]`; the contents of `buf[len..]` are
/// unspecified afterwards.
///
/// ```
/// use llvmext_core::leb128::encode_sleb128;
///
/// let mut buf = [0; 10];
/// let n = encode_sleb128(-123_456, &mut buf);
/// assert_eq!(&buf[..n], [0xC0, 0xBB, 0x78]);
/// ```
#[inline]
pub fn encode_sleb128(v: i64, buf: &mut [u8; 10]) -> usize {
    let n = sleb128_size(v);
    encode_groups(v as u64, n, (v >> 63) as u8 & 0x7f, buf);
    n
}

/// Appends `buf[..n]` to `out` with one fixed-size copy.
#[inline(always)]
fn append<const N: usize>(out: &mut Vec<u8>, buf: &[u8; N], n: usize) {
    let start = out.len();
    out.extend_from_slice(buf);
    out.truncate(start + n);
}

/// Appends the minimal ULEB128 encoding of `v` to `out`, returning the number
/// of bytes written.
///
/// ```
/// use llvmext_core::leb128::write_uleb128;
///
/// let mut out = Vec::new();
/// assert_eq!(write_uleb128(&mut out, 624_485), 3);
/// assert_eq!(write_uleb128(&mut out, 0), 1);
/// assert_eq!(out, [0xE5, 0x8E, 0x26, 0x00]);
/// ```
#[inline]
pub fn write_uleb128(out: &mut Vec<u8>, v: u64) -> usize {
    let n = uleb128_size(v);
    if n <= 8 {
        append(out, &encode_short(v, n).to_le_bytes(), n);
    } else {
        let mut buf = [0; 10];
        encode_long(v, n, (v >> 63) as u8, &mut buf);
        append(out, &buf, n);
    }
    n
}

/// Appends the minimal SLEB128 encoding of `v` to `out`, returning the number
/// of bytes written.
///
/// ```
/// use llvmext_core::leb128::write_sleb128;
///
/// let mut out = Vec::new();
/// write_sleb128(&mut out, -123_456);
/// assert_eq!(out, [0xC0, 0xBB, 0x78]);
/// ```
#[inline]
pub fn write_sleb128(out: &mut Vec<u8>, v: i64) -> usize {
    let n = sleb128_size(v);
    if n <= 8 {
        append(out, &encode_short(v as u64 & LOW56, n).to_le_bytes(), n);
    } else {
        let mut buf = [0; 10];
        encode_long(v as u64, n, (v >> 63) as u8 & 0x7f, &mut buf);
        append(out, &buf, n);
    }
    n
}

/// Appends the minimal ULEB128 encoding of a `u128` to `out`, returning the
/// number of bytes written (1 to 19).
///
/// ```
/// use llvmext_core::leb128::write_uleb128_u128;
///
/// let mut out = Vec::new();
/// assert_eq!(write_uleb128_u128(&mut out, u128::MAX), 19);
/// assert_eq!(out[18], 0x03);
/// ```
#[inline]
pub fn write_uleb128_u128(out: &mut Vec<u8>, mut v: u128) -> usize {
    let mut buf = [0u8; 19];
    let mut n = 0;
    loop {
        let byte = v as u8 & 0x7f;
        v >>= 7;
        if v == 0 {
            buf[n] = byte;
            n += 1;
            break;
        }
        buf[n] = byte | 0x80;
        n += 1;
    }
    append(out, &buf, n);
    n
}

/// Appends the minimal SLEB128 encoding of an `i128` to `out`, returning the
/// number of bytes written (1 to 19).
///
/// ```
/// use llvmext_core::leb128::write_sleb128_i128;
///
/// let mut out = Vec::new();
/// write_sleb128_i128(&mut out, -129);
/// assert_eq!(out, [0xFF, 0x7E]);
/// ```
#[inline]
pub fn write_sleb128_i128(out: &mut Vec<u8>, mut v: i128) -> usize {
    let mut buf = [0u8; 19];
    let mut n = 0;
    loop {
        let byte = v as u8 & 0x7f;
        v >>= 7;
        // Done once the rest is the sign extension of the byte's bit 6.
        if (v == 0 && byte & 0x40 == 0) || (v == -1 && byte & 0x40 != 0) {
            buf[n] = byte;
            n += 1;
            break;
        }
        buf[n] = byte | 0x80;
        n += 1;
    }
    append(out, &buf, n);
    n
}

/// Appends the ULEB128 encoding of `v` padded to at least `pad_to` bytes,
/// returning the number of bytes written (`max(uleb128_size(v), pad_to)`).
///
/// This is LLVM's `encodeULEB128(Value, OS, PadTo)`: when the minimal
/// encoding is shorter than `pad_to`, its last byte gets the continuation
/// bit, `0x80` bytes follow up to `pad_to - 1` bytes, and a final `0x00`
/// ends it. The value is unchanged, so fields can be patched in place later.
///
/// Note that [`read_uleb128`] rejects encodings longer than 10 bytes, so a
/// `pad_to` above 10 produces bytes that LLVM reads but this module does not.
///
/// ```
/// use llvmext_core::leb128::{read_uleb128, write_uleb128_padded};
///
/// let mut out = Vec::new();
/// assert_eq!(write_uleb128_padded(&mut out, 0, 3), 3);
/// assert_eq!(out, [0x80, 0x80, 0x00]);
///
/// out.clear();
/// assert_eq!(write_uleb128_padded(&mut out, 624_485, 5), 5);
/// assert_eq!(out, [0xE5, 0x8E, 0xA6, 0x80, 0x00]);
/// assert_eq!(read_uleb128(&out), Ok((624_485, 5)));
///
/// // Already long enough: no padding.
/// out.clear();
/// assert_eq!(write_uleb128_padded(&mut out, 624_485, 2), 3);
/// ```
pub fn write_uleb128_padded(out: &mut Vec<u8>, v: u64, pad_to: usize) -> usize {
    let start = out.len();
    let n = write_uleb128(out, v);
    pad(out, start, n, pad_to, 0x00)
}

/// Appends the SLEB128 encoding of `v` padded to at least `pad_to` bytes,
/// returning the number of bytes written (`max(sleb128_size(v), pad_to)`).
///
/// This is LLVM's `encodeSLEB128(Value, OS, PadTo)`: when the minimal
/// encoding is shorter than `pad_to`, its last byte gets the continuation
/// bit, then pad bytes `0xff` (negative `v`) or `0x80` follow up to
/// `pad_to - 1` bytes, and a final `0x7f` or `0x00` ends it.
///
/// As with [`write_uleb128_padded`], a `pad_to` above 10 produces bytes that
/// [`read_sleb128`] rejects.
///
/// ```
/// use llvmext_core::leb128::write_sleb128_padded;
///
/// let mut out = Vec::new();
/// write_sleb128_padded(&mut out, -1, 3);
/// assert_eq!(out, [0xFF, 0xFF, 0x7F]);
/// ```
pub fn write_sleb128_padded(out: &mut Vec<u8>, v: i64, pad_to: usize) -> usize {
    let start = out.len();
    let n = write_sleb128(out, v);
    pad(out, start, n, pad_to, if v < 0 { 0x7f } else { 0x00 })
}

/// Pads the `n`-byte encoding at `out[start..]` to `pad_to` bytes with
/// `pad_value` as LLVM does; returns the final length.
fn pad(out: &mut Vec<u8>, start: usize, n: usize, pad_to: usize, pad_value: u8) -> usize {
    if n >= pad_to {
        return n;
    }
    out[start + n - 1] |= 0x80;
    out.resize(start + pad_to - 1, pad_value | 0x80);
    out.push(pad_value);
    pad_to
}

// ---------------------------------------------------------------------------
// Reader
// ---------------------------------------------------------------------------

/// How many bytes one block mask of a [`Reader`] covers.
const BLOCK: usize = 64;
/// A block and enough bytes after it for an 8-byte load plus two more bytes
/// at its last offset.
const WINDOW: usize = BLOCK + 16;
/// The window of a [`Reader`] that has none.
static NO_WINDOW: [u8; WINDOW] = [0; WINDOW];

/// A cursor over a byte slice for decoding sequences; errors carry absolute
/// offsets.
///
/// A failed read leaves the position where it was.
///
/// For speed, the reader keeps a bit mask of where the values in the next
/// 64 bytes end, computed eight bytes at a time; it then finds each value's
/// end by clearing one bit, so that decoding a value does not wait for the
/// previous one to be decoded.
///
/// ```
/// use llvmext_core::leb128::{ErrorKind, Reader};
///
/// let mut r = Reader::new(&[0x05, 0xE5, 0x8E, 0x26, 0x7F, 0x80]);
/// assert_eq!(r.read_u8(), Ok(5));
/// assert_eq!(r.read_uleb128(), Ok(624_485));
/// assert_eq!(r.read_sleb128(), Ok(-1));
/// assert_eq!(r.position(), 5);
/// let err = r.read_uleb128().unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::Truncated, 6));
/// assert_eq!(r.remaining(), [0x80]);
/// ```
#[derive(Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    /// `data[block..block + WINDOW]` while `ends` is not zero.
    window: &'a [u8; WINDOW],
    /// Where `window` starts in `data` (`<= pos`, and `pos < block + BLOCK`
    /// while `ends` is not zero).
    block: usize,
    /// Bit `i` is set if `window[i]` ends a value (has its high bit clear)
    /// and `block + i >= pos`.
    ends: u64,
}

impl fmt::Debug for Reader<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reader")
            .field("position", &self.pos)
            .field("len", &self.data.len())
            .finish_non_exhaustive()
    }
}

/// The bits of a block mask at and above offset `d` from the block start.
#[inline(always)]
fn from_offset(d: usize) -> u64 {
    if d < 64 {
        u64::MAX << d
    } else {
        0
    }
}

/// Gathers bit 7 of each byte of `x` (whose other bits must be clear) into
/// the low eight bits.
#[inline(always)]
const fn movemask(x: u64) -> u64 {
    ((x >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The eight bytes at `off` (`< BLOCK`) of a window, little-endian.
#[inline(always)]
fn window_u64(window: &[u8; WINDOW], off: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&window[off..off + 8]);
    u64::from_le_bytes(word)
}

/// The mask of terminating bytes (high bit clear) in a block, one bit per
/// byte.
#[inline(always)]
fn block_ends(window: &[u8; WINDOW]) -> u64 {
    let mut ends = 0;
    for i in 0..BLOCK / 8 {
        ends |= movemask(!window_u64(window, 8 * i) & CONT) << (8 * i);
    }
    ends
}

/// Completes a nine- or ten-byte value whose first eight bytes carried
/// `low`, given its length and bytes 8 and 9; `None` if it is invalid (or
/// longer).
#[inline(always)]
fn finish_long<const SIGNED: bool>(low: u64, len: usize, b8: u8, b9: u8) -> Option<u64> {
    let low = low | ((b8 & 0x7f) as u64) << 56;
    match len {
        9 if SIGNED => Some(sign_extend(low, 63) as u64),
        9 => Some(low),
        10 if SIGNED && (b9 == 0x00 || b9 == 0x7f) => Some(low | (b9 as u64) << 63),
        10 if !SIGNED && b9 <= 1 => Some(low | (b9 as u64) << 63),
        _ => None,
    }
}

/// The new state of a [`Reader`] after its out-of-line path.
struct Slow<'a> {
    packed: Packed,
    window: &'a [u8; WINDOW],
    block: usize,
    ends: u64,
}

/// A [`Reader`] read that the inline path could not do: the block mask is
/// exhausted (then it is refilled, if a whole window is left) or the value
/// is invalid. Decodes with the slice decoder.
#[inline(never)]
fn reader_slow<'a>(
    data: &'a [u8],
    pos: usize,
    mut window: &'a [u8; WINDOW],
    mut block: usize,
    mut ends: u64,
    signed: bool,
) -> Slow<'a> {
    let rest = data.get(pos..).unwrap_or_default();
    if ends == 0 {
        if let Some(w) = rest.first_chunk::<WINDOW>() {
            window = w;
            block = pos;
            ends = block_ends(w);
        }
    }
    let packed = if signed { sleb64(rest) } else { uleb64(rest) };
    if packed.1 != 0 && ends != 0 {
        ends &= from_offset((pos + packed.1).wrapping_sub(block));
    }
    Slow { packed, window, block, ends }
}

impl<'a> Reader<'a> {
    /// A reader at the start of `data`.
    #[inline]
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0, window: &NO_WINDOW, block: 0, ends: 0 }
    }

    /// How many bytes have been consumed.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The bytes not yet consumed.
    #[inline]
    pub fn remaining(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or_default()
    }

    /// Whether every byte has been consumed.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The inline path: the value ends where the lowest bit of the block
    /// mask says. Returns its value bits, or `None` if the mask is empty or
    /// the value is invalid.
    #[inline(always)]
    fn fast<const SIGNED: bool>(&mut self) -> Option<u64> {
        let ends = self.ends;
        if ends == 0 {
            return None;
        }
        // Offsets in the window: the value starts at `off` and ends before
        // `end`. (`off < BLOCK` holds; the `%` tells the compiler.)
        let off = self.pos.wrapping_sub(self.block) % BLOCK;
        let end = ends.trailing_zeros() as usize + 1;
        let len = end.wrapping_sub(off);
        let x = gather(window_u64(self.window, off));
        let x = if len <= 8 {
            let x = x & PAYLOAD_MASKS[len % 16];
            if SIGNED {
                sign_extend_len(x, len) as u64
            } else {
                x
            }
        } else {
            finish_long::<SIGNED>(x, len, self.window[off + 8], self.window[off + 9])?
        };
        self.ends = ends & (ends - 1);
        self.pos = self.block + end;
        Some(x)
    }

    #[inline(always)]
    fn slow(&mut self, signed: bool, item: Item) -> Result<u64, Error> {
        let s = reader_slow(self.data, self.pos, self.window, self.block, self.ends, signed);
        self.window = s.window;
        self.block = s.block;
        self.ends = s.ends;
        match unpack(s.packed, item) {
            Ok((v, n)) => {
                self.pos += n;
                Ok(v)
            }
            Err(e) => Err(e.shifted(self.pos)),
        }
    }

    /// Decodes a ULEB128 `u64` as [`read_uleb128`] does.
    #[inline]
    pub fn read_uleb128(&mut self) -> Result<u64, Error> {
        match self.fast::<false>() {
            Some(x) => Ok(x),
            None => self.slow(false, U64),
        }
    }

    /// Decodes an SLEB128 `i64` as [`read_sleb128`] does.
    #[inline]
    pub fn read_sleb128(&mut self) -> Result<i64, Error> {
        match self.fast::<true>() {
            Some(x) => Ok(x as i64),
            None => self.slow(true, I64).map(|v| v as i64),
        }
    }

    /// Decodes ULEB128 `u64`s into `out` until it is full or the data ends,
    /// as the batch decoder [`decode_uleb128_all`] does; returns how many
    /// were decoded.
    ///
    /// Values are decoded exactly as [`read_uleb128`](Reader::read_uleb128)
    /// would, one after the other. If a value is invalid after at least one
    /// good one, this returns the good ones and stays at the bad value, so
    /// that the next call returns the error (with its absolute offset);
    /// `Ok(0)` means `out` is empty or the data is all consumed.
    ///
    /// ```
    /// use llvmext_core::leb128::{ErrorKind, Reader};
    ///
    /// let mut r = Reader::new(&[0x01, 0xE5, 0x8E, 0x26, 0x03, 0x80]);
    /// let mut out = [0; 2];
    /// assert_eq!(r.read_uleb128_into(&mut out), Ok(2));
    /// assert_eq!(out, [1, 624_485]);
    /// assert_eq!(r.read_uleb128_into(&mut out), Ok(1));
    /// assert_eq!(out[0], 3);
    /// let err = r.read_uleb128_into(&mut out).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::Truncated, 6));
    /// assert_eq!(r.position(), 5);
    /// ```
    pub fn read_uleb128_into(&mut self, out: &mut [u64]) -> Result<usize, Error> {
        let max = out.len();
        let mut sink = SliceSink { out, filled: 0 };
        let (count, used, result) = decode_seq::<false, _>(self.remaining(), max, &mut sink);
        self.finish_bulk(count, used, result)
    }

    /// Decodes SLEB128 `i64`s into `out` until it is full or the data ends;
    /// see [`read_uleb128_into`](Reader::read_uleb128_into).
    ///
    /// ```
    /// use llvmext_core::leb128::Reader;
    ///
    /// let mut r = Reader::new(&[0x7F, 0xC0, 0xBB, 0x78]);
    /// let mut out = [0; 4];
    /// assert_eq!(r.read_sleb128_into(&mut out), Ok(2));
    /// assert_eq!(out[..2], [-1, -123_456]);
    /// assert!(r.is_empty());
    /// ```
    pub fn read_sleb128_into(&mut self, out: &mut [i64]) -> Result<usize, Error> {
        let max = out.len();
        let mut sink = SliceSink { out, filled: 0 };
        let (count, used, result) = decode_seq::<true, _>(self.remaining(), max, &mut sink);
        self.finish_bulk(count, used, result)
    }

    /// Moves past the `used` bytes of `count` values read in bulk; reports
    /// `result`'s error only if there are no values to return.
    fn finish_bulk(
        &mut self,
        count: usize,
        used: usize,
        result: Result<(), Error>,
    ) -> Result<usize, Error> {
        if used != 0 {
            self.pos += used;
            // The block mask no longer matches the position; rebuild it.
            self.ends = 0;
        }
        match result {
            Err(e) if count == 0 => Err(e.shifted(self.pos)),
            _ => Ok(count),
        }
    }

    /// Reads one raw byte.
    #[inline]
    pub fn read_u8(&mut self) -> Result<u8, Error> {
        match self.data.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                if self.ends != 0 {
                    self.ends &= from_offset(self.pos.wrapping_sub(self.block));
                }
                Ok(b)
            }
            None => Err(Error::truncated(self.pos, Item::Byte)),
        }
    }
}

// ---------------------------------------------------------------------------
// Batch decoding
// ---------------------------------------------------------------------------

/// How many bytes of input one batch segment covers (at most): small
/// enough that every offset into a segment's window and output buffer,
/// plus the room a step needs, stays below [`SEG_MASK`]` + 1`.
const SEG: usize = 1000;
/// A power of two above the last offset a fast step uses in a segment's
/// window or output buffer, minus one: indices are masked with it (a no-op)
/// to let the compiler drop bounds checks.
const SEG_MASK: usize = 1023;
/// The size of a segment's window: room for an 8-byte load at any masked
/// offset, and the two more bytes of a ten-byte value.
const SEG_WINDOW: usize = SEG_MASK + 1 + 16;
/// The size of a segment's output buffer: room for four slots at any
/// masked offset.
const SEG_OUT: usize = SEG_MASK + 1 + 4;

/// What one step of the batch decoders does for eight bytes starting at a
/// value, given their continuation bits (bit `i` set if byte `i` has its
/// high bit set): the values that end among them, at most four, are the
/// 7-bit groups gathered from the eight bytes, shifted right by `shifts`
/// and masked by `masks`; `count` is their number and `len` the bytes they
/// take. Unused slots have zero masks.
#[derive(Clone, Copy)]
struct Step {
    masks: [u64; 4],
    shifts: [u8; 4],
    count: u8,
    len: u8,
}

/// How many values one step decodes at most.
const STEP_VALUES: usize = 4;

/// [`Step`] for each byte of continuation bits (for `0xff`, no value).
static STEPS: [Step; 256] = {
    let mut t = [Step { masks: [0; 4], shifts: [0; 4], count: 0, len: 0 }; 256];
    let mut c = 0;
    while c < 256 {
        let (mut k, mut start, mut i) = (0, 0, 0);
        while i < 8 && k < STEP_VALUES {
            if c >> i & 1 == 0 {
                t[c].masks[k] = (1 << (7 * (i + 1 - start))) - 1;
                t[c].shifts[k] = 7 * start as u8;
                k += 1;
                start = i + 1;
            }
            i += 1;
        }
        t[c].count = k as u8;
        t[c].len = start as u8;
        c += 1;
    }
    t
};

/// For SLEB128, the sign bit of each value of a [`Step`] (the top bit of
/// its mask); zero for unused slots.
static STEP_SIGNS: [[u64; 4]; 256] = {
    let mut t = [[0; 4]; 256];
    let mut c = 0;
    while c < 256 {
        let mut k = 0;
        while k < STEP_VALUES {
            let m = STEPS[c].masks[k];
            t[c][k] = m ^ (m >> 1);
            k += 1;
        }
        c += 1;
    }
    t
};

/// Gathers bit 7 of each byte of `x` (whose other bits must be clear) into
/// the low eight bits.
#[inline(always)]
const fn movemask_high(x: u64) -> u64 {
    x.wrapping_mul(0x0002_0408_1020_4081) >> 56
}

/// One stream of back-to-back values that a segment decoder walks, from
/// offset `p` of the segment, storing them from offset `o` of its output
/// buffer.
struct Lane {
    /// Where the next value starts.
    p: usize,
    /// Where its value goes in the output buffer.
    o: usize,
    /// Fast steps are taken while `p < stop` (eight bytes before the
    /// lane's end); 0 once the lane is done.
    stop: usize,
    /// The lane's end: values must start before it (and, with `exact`,
    /// end at or before it).
    end: usize,
    /// Whether `end` is the end of a value, so that the lane must decode
    /// everything up to it.
    exact: bool,
}

impl Lane {
    fn new(p: usize, o: usize, end: usize, exact: bool) -> Self {
        Lane { p, o, stop: end.saturating_sub(7), end, exact }
    }

    fn done(&self) -> bool {
        self.stop == 0
    }
}

/// A fast step of `lane`: decodes the values that end among the eight
/// bytes at its position with one table lookup, writing four slots (or one
/// nine- or ten-byte value). Returns `false`, doing nothing, if the lane is
/// within eight bytes of its end, or has a value it cannot decode quickly.
///
/// `window` holds the segment, valid up to `avail` (zero-padded after).
#[inline(always)]
fn lane_step<const SIGNED: bool>(
    lane: &mut Lane,
    window: &[u8; SEG_WINDOW],
    avail: usize,
    out: &mut [u64; SEG_OUT],
) -> bool {
    if lane.p >= lane.stop {
        return false;
    }
    // The mask is a no-op (see `SEG_MASK`).
    let p = lane.p & SEG_MASK;
    let mut word = [0; 8];
    word.copy_from_slice(&window[p..p + 8]);
    let w = u64::from_le_bytes(word);
    let c = movemask_high(w & CONT) as usize % 256;
    if c == 0xff {
        return match long_value::<SIGNED>(window, p, avail) {
            Some((v, len)) => {
                out[lane.o & SEG_MASK] = v;
                lane.p += len;
                lane.o += 1;
                true
            }
            None => false,
        };
    }
    table_step::<SIGNED>(lane, w, c, out);
    true
}

/// The table path of a step: decodes the values that end among the eight
/// bytes `w` at the lane's position, given their continuation bits `c`
/// (not `0xff`), into four slots.
#[inline(always)]
fn table_step<const SIGNED: bool>(lane: &mut Lane, w: u64, c: usize, out: &mut [u64; SEG_OUT]) {
    table_slots::<SIGNED>(lane, gather(w), c, out);
}

/// [`table_step`] with the 7-bit groups of the eight bytes already
/// gathered in `g`.
#[inline(always)]
fn table_slots<const SIGNED: bool>(lane: &mut Lane, g: u64, c: usize, out: &mut [u64; SEG_OUT]) {
    let s = &STEPS[c];
    let mut v = [
        g & s.masks[0],
        (g >> s.shifts[1]) & s.masks[1],
        (g >> s.shifts[2]) & s.masks[2],
        (g >> s.shifts[3]) & s.masks[3],
    ];
    if SIGNED {
        for (v, &sign) in v.iter_mut().zip(&STEP_SIGNS[c]) {
            *v = (*v ^ sign).wrapping_sub(sign);
        }
    }
    // The mask is a no-op (see `SEG_MASK`).
    let o = lane.o & SEG_MASK;
    out[o..o + STEP_VALUES].copy_from_slice(&v);
    lane.p += s.len as usize;
    lane.o += s.count as usize;
}

/// A fast step of two lanes at once, as two [`lane_step`]s would do it,
/// but only if both can take the table path; otherwise does nothing and
/// returns `false`.
#[inline(always)]
fn pair_step<const SIGNED: bool>(
    a: &mut Lane,
    b: &mut Lane,
    window: &[u8; SEG_WINDOW],
    out: &mut [u64; SEG_OUT],
) -> bool {
    if a.p >= a.stop || b.p >= b.stop {
        return false;
    }
    let load = |p: usize| {
        let mut word = [0; 8];
        word.copy_from_slice(&window[p..p + 8]);
        u64::from_le_bytes(word)
    };
    let w = [load(a.p & SEG_MASK), load(b.p & SEG_MASK)];
    let c = [movemask_high(w[0] & CONT) as usize % 256, movemask_high(w[1] & CONT) as usize % 256];
    if (c[0] == 0xff) | (c[1] == 0xff) {
        return false;
    }
    // Both gathers first: the compiler allocates registers better.
    let g = [gather(w[0]), gather(w[1])];
    table_slots::<SIGNED>(a, g[0], c[0], out);
    table_slots::<SIGNED>(b, g[1], c[1], out);
    true
}

/// A value of nine or ten bytes at `window[p..]` (which has no terminating
/// byte among its first eight): the value bits and the length, or `None`
/// if it is longer, invalid, or not within the `avail` valid bytes.
#[cold]
#[inline(never)]
fn long_value<const SIGNED: bool>(
    window: &[u8; SEG_WINDOW],
    p: usize,
    avail: usize,
) -> Option<(u64, usize)> {
    let bytes = window.get(p..p + 10)?;
    let len = if bytes[8] < 0x80 { 9 } else { 10 };
    if p + len > avail {
        return None;
    }
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[..8]);
    let v = finish_long::<SIGNED>(gather(u64::from_le_bytes(word)), len, bytes[8], bytes[9])?;
    Some((v, len))
}

/// What [`lane_step`] could not do, with the slice decoder on `rest` (all
/// the input from the segment's start on): one value, or marks the lane
/// done at its end. On an error (offset relative to `rest`), marks it done
/// too.
#[inline(never)]
fn lane_resolve<const SIGNED: bool>(
    lane: &mut Lane,
    rest: &[u8],
    window: &[u8; SEG_WINDOW],
    out: &mut [u64; SEG_OUT],
) -> Result<(), Error> {
    if lane.p >= lane.end || (lane.p >= lane.stop && !lane.exact) {
        // An open end leaves the rest to the next segment.
        lane.stop = 0;
        return Ok(());
    }
    if lane.p >= lane.stop {
        // Fewer than eight bytes before an exact end: a table step with
        // the bytes from the end on taken as continuation bytes decodes
        // the values before it (the last one ends there).
        if let Some(bytes) = window.get(lane.p..lane.p + 8) {
            let mut word = [0; 8];
            word.copy_from_slice(bytes);
            let w = u64::from_le_bytes(word);
            let past = 0xff << (lane.end - lane.p);
            let c = (movemask_high(w & CONT) | past) as usize % 256;
            if c != 0xff {
                table_step::<SIGNED>(lane, w, c, out);
                return Ok(());
            }
        }
    }
    let tail = rest.get(lane.p..).unwrap_or_default();
    let packed = if SIGNED { sleb64(tail) } else { uleb64(tail) };
    match unpack(packed, if SIGNED { I64 } else { U64 }) {
        Ok((v, n)) => {
            out[lane.o & SEG_MASK] = v;
            lane.o += 1;
            lane.p += n;
            Ok(())
        }
        Err(e) => {
            lane.stop = 0;
            Err(e.shifted(lane.p))
        }
    }
}

/// Decodes the values that start in `rest[..limit]` (`64 <= limit <=
/// SEG`) with two interleaved lanes, the first up to the first value
/// boundary after the middle, the second from there; `window` holds the
/// start of `rest` (zero-padded if it is shorter). Calls `emit` with the
/// values in order.
///
/// Returns how many values were decoded, how many bytes they took, and the
/// error that stopped it, if any (offset relative to `rest`).
#[inline(always)]
fn decode_segment<const SIGNED: bool>(
    rest: &[u8],
    window: &[u8; SEG_WINDOW],
    limit: usize,
    out: &mut [u64; SEG_OUT],
    mut emit: impl FnMut(&[u64]),
) -> (usize, usize, Result<(), Error>) {
    let limit = limit.min(SEG).min(rest.len());
    let avail = rest.len().min(SEG_WINDOW);
    let mid = limit / 2;
    let split = rest.get(mid..limit).and_then(|r| r.iter().position(|&b| b < 0x80));
    let Some(q) = split.map(|i| mid + i + 1) else {
        // No boundary: one lane.
        let mut a = Lane::new(0, 0, limit, false);
        let mut result = Ok(());
        while !a.done() {
            if !lane_step::<SIGNED>(&mut a, window, avail, out) {
                result = lane_resolve::<SIGNED>(&mut a, rest, window, out);
            }
        }
        emit(&out[..a.o]);
        return (a.o, a.p, result);
    };
    let mut a = Lane::new(0, 0, q, true);
    // The second lane's values go after room for the first's and its
    // slack.
    let b_out = q + STEP_VALUES;
    let mut b = Lane::new(q, b_out, limit, false);
    let mut b_result = Ok(());
    loop {
        if pair_step::<SIGNED>(&mut a, &mut b, window, out) {
            continue;
        }
        let sa = lane_step::<SIGNED>(&mut a, window, avail, out);
        let sb = lane_step::<SIGNED>(&mut b, window, avail, out);
        if !sa && !a.done() {
            if let Err(e) = lane_resolve::<SIGNED>(&mut a, rest, window, out) {
                // The second lane's values come after this one.
                emit(&out[..a.o]);
                return (a.o, a.p, Err(e));
            }
        }
        if !sb && !b.done() {
            b_result = lane_resolve::<SIGNED>(&mut b, rest, window, out);
        }
        if a.done() && b.done() {
            break;
        }
    }
    emit(&out[..a.o]);
    emit(&out[b_out..b.o]);
    (a.o + (b.o - b_out), b.p, b_result)
}

/// A value of a batch decoder's output: `u64` or `i64` only (the x86-64
/// path writes both as `u64` bits).
trait Word: Copy {
    /// The value with these bits.
    fn from_bits(bits: u64) -> Self;
}

impl Word for u64 {
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        bits
    }
}

impl Word for i64 {
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        bits as i64
    }
}

/// Where the batch decoders put their values.
trait Sink {
    /// Appends values (as `u64` bits).
    fn extend(&mut self, vals: &[u64]);
}

impl Sink for Vec<u64> {
    #[inline(always)]
    fn extend(&mut self, vals: &[u64]) {
        self.extend_from_slice(vals);
    }
}

impl Sink for Vec<i64> {
    #[inline(always)]
    fn extend(&mut self, vals: &[u64]) {
        Extend::extend(self, vals.iter().map(|&v| v as i64));
    }
}

/// A [`Sink`] filling a slice from the start.
struct SliceSink<'a, T> {
    out: &'a mut [T],
    filled: usize,
}

impl<T: Word> Sink for SliceSink<'_, T> {
    #[inline(always)]
    fn extend(&mut self, vals: &[u64]) {
        let dst = self.out.get_mut(self.filled..).unwrap_or_default();
        for (slot, &v) in dst.iter_mut().zip(vals) {
            *slot = T::from_bits(v);
        }
        self.filled += vals.len();
    }
}

/// The shared loop of the batch decoders: decodes at most `max` values
/// from the start of `buf` into `sink`, a segment at a time with
/// [`decode_segment`], a short rest with the slice decoder.
///
/// Returns how many values were decoded, how many bytes they took, and the
/// error that stopped it, if any (offset relative to `buf`).
#[inline(always)]
fn decode_seq<const SIGNED: bool, S: BatchSink>(
    buf: &[u8],
    max: usize,
    sink: &mut S,
) -> (usize, usize, Result<(), Error>) {
    #[cfg(target_arch = "x86_64")]
    let (mut count, mut pos) = x86::decode_blocks::<SIGNED, S>(buf, max, sink);
    #[cfg(not(target_arch = "x86_64"))]
    let (mut count, mut pos) = (0, 0);
    if buf.len() - pos >= 64 && max - count >= 64 {
        let mut out = [0; SEG_OUT];
        let mut padded = [0; SEG_WINDOW];
        while count < max {
            let rest = buf.get(pos..).unwrap_or_default();
            // Each value takes at least a byte, so at most `limit` values
            // start within the first `limit` bytes.
            let limit = SEG.min(rest.len()).min(max - count);
            if limit < 64 {
                break;
            }
            let window = match rest.first_chunk::<SEG_WINDOW>() {
                Some(window) => window,
                None => {
                    padded[..rest.len()].copy_from_slice(rest);
                    padded[rest.len()..].fill(0);
                    &padded
                }
            };
            let (k, used, result) =
                decode_segment::<SIGNED>(rest, window, limit, &mut out, |vals| sink.extend(vals));
            count += k;
            pos += used;
            if let Err(e) = result {
                return (count, pos, Err(e.shifted(pos - used)));
            }
        }
    }
    while count < max {
        let rest = buf.get(pos..).unwrap_or_default();
        if rest.is_empty() {
            break;
        }
        let packed = if SIGNED { sleb64(rest) } else { uleb64(rest) };
        match unpack(packed, if SIGNED { I64 } else { U64 }) {
            Ok((v, n)) => {
                sink.extend(&[v]);
                count += 1;
                pos += n;
            }
            Err(e) => return (count, pos, Err(e.shifted(pos))),
        }
    }
    (count, pos, Ok(()))
}

/// Decodes `buf` as a sequence of ULEB128 `u64`s written back to back,
/// appending them to `out`; returns how many were appended.
///
/// Each value is decoded exactly as [`read_uleb128`] would at its offset.
/// On an error (offset relative to `buf`), `out` keeps every value before
/// the bad one. An empty `buf` is an empty sequence, not an error.
///
/// This is the fastest way to decode many values: with BMI2 (x86-64), a
/// 64-byte block at a time with one `pext` per value; otherwise up to four
/// at a time from each eight bytes. Neither branches on value lengths
/// (except for values of nine bytes or more); see the [module
/// documentation](self#speed).
///
/// ```
/// use llvmext_core::leb128::{decode_uleb128_all, ErrorKind};
///
/// let mut out = Vec::new();
/// assert_eq!(decode_uleb128_all(&[0x02, 0xE5, 0x8E, 0x26, 0x7F], &mut out), Ok(3));
/// assert_eq!(out, [2, 624_485, 127]);
///
/// // The last value is cut short: the others are kept.
/// out.clear();
/// let err = decode_uleb128_all(&[0x02, 0xE5, 0x8E], &mut out).unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (ErrorKind::Truncated, 3));
/// assert_eq!(out, [2]);
/// ```
pub fn decode_uleb128_all(buf: &[u8], out: &mut Vec<u64>) -> Result<usize, Error> {
    let (count, _, result) = decode_seq::<false, _>(buf, usize::MAX, out);
    result.map(|()| count)
}

/// Decodes `buf` as a sequence of SLEB128 `i64`s written back to back,
/// appending them to `out`; returns how many were appended.
///
/// Each value is decoded exactly as [`read_sleb128`] would at its offset;
/// errors are as for [`decode_uleb128_all`].
///
/// ```
/// use llvmext_core::leb128::decode_sleb128_all;
///
/// let mut out = Vec::new();
/// assert_eq!(decode_sleb128_all(&[0x7F, 0xC0, 0xBB, 0x78, 0x3F], &mut out), Ok(3));
/// assert_eq!(out, [-1, -123_456, 63]);
/// ```
pub fn decode_sleb128_all(buf: &[u8], out: &mut Vec<i64>) -> Result<usize, Error> {
    let (count, _, result) = decode_seq::<true, _>(buf, usize::MAX, out);
    result.map(|()| count)
}

// ---------------------------------------------------------------------------
// std::io adapters
// ---------------------------------------------------------------------------

/// Writes the minimal ULEB128 encoding of `v` to `w`, returning the number
/// of bytes written.
#[cfg(feature = "std")]
pub fn write_uleb128_to<W: std::io::Write + ?Sized>(w: &mut W, v: u64) -> std::io::Result<usize> {
    let mut buf = [0; 10];
    let n = encode_uleb128(v, &mut buf);
    w.write_all(&buf[..n])?;
    Ok(n)
}

/// Writes the minimal SLEB128 encoding of `v` to `w`, returning the number
/// of bytes written.
#[cfg(feature = "std")]
pub fn write_sleb128_to<W: std::io::Write + ?Sized>(w: &mut W, v: i64) -> std::io::Result<usize> {
    let mut buf = [0; 10];
    let n = encode_sleb128(v, &mut buf);
    w.write_all(&buf[..n])?;
    Ok(n)
}

/// A slice decoder, for [`read_from`].
#[cfg(feature = "std")]
type Decode<T> = fn(&[u8]) -> Result<(T, usize), Error>;

/// Reads bytes from `r` one at a time until they hold a complete encoding
/// (or ten bytes, the most a 64-bit value takes), then decodes them with
/// `decode`.
#[cfg(feature = "std")]
fn read_from<R: std::io::Read + ?Sized, T>(
    r: &mut R,
    item: Item,
    decode: Decode<T>,
) -> std::io::Result<T> {
    let mut buf = [0u8; 10];
    for (i, slot) in buf.iter_mut().enumerate() {
        let mut byte = [0u8];
        if let Err(e) = r.read_exact(&mut byte) {
            return Err(match e.kind() {
                std::io::ErrorKind::UnexpectedEof => Error::truncated(i, item).into(),
                _ => e,
            });
        }
        *slot = byte[0];
        if byte[0] < 0x80 {
            break;
        }
    }
    // Either a terminator was read, or ten bytes were, so `decode` sees a
    // complete encoding or reports an overflow at the tenth byte.
    decode(&buf).map(|(v, _)| v).map_err(Into::into)
}

/// Reads a ULEB128 `u64` from `r`, one byte at a time (wrap unbuffered
/// sources in a [`std::io::BufReader`]).
///
/// Stops right after the terminating byte, or after the byte found to
/// overflow (the tenth). Errors: [`std::io::ErrorKind::UnexpectedEof`] if
/// `r` ends mid-value, [`std::io::ErrorKind::InvalidData`] on overflow (both
/// carry an [`Error`] whose offset is counted from the first byte this call
/// read), or any other error from `r`.
///
/// ```
/// use llvmext_core::leb128::{read_uleb128_from, write_uleb128_to};
///
/// let mut out = Vec::new();
/// write_uleb128_to(&mut out, 624_485).unwrap();
/// let mut input = &out[..];
/// assert_eq!(read_uleb128_from(&mut input).unwrap(), 624_485);
/// assert!(input.is_empty());
///
/// let err = read_uleb128_from(&mut &[0x80][..]).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::UnexpectedEof);
/// ```
#[cfg(feature = "std")]
pub fn read_uleb128_from<R: std::io::Read + ?Sized>(r: &mut R) -> std::io::Result<u64> {
    read_from(r, U64, read_uleb128)
}

/// Reads an SLEB128 `i64` from `r`, one byte at a time; see
/// [`read_uleb128_from`] for where it stops and its errors.
#[cfg(feature = "std")]
pub fn read_sleb128_from<R: std::io::Read + ?Sized>(r: &mut R) -> std::io::Result<i64> {
    read_from(r, I64, read_sleb128)
}
