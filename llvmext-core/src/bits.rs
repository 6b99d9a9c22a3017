//! Bit-level writing and reading, laid out exactly as LLVM's bitstream:
//! fields are packed starting at the least significant bit of little-endian
//! 32-bit words.
//!
//! ```
//! use llvmext_core::bits::{BitReader, BitWriter};
//!
//! let mut w = BitWriter::new();
//! w.write(0b101, 3);
//! w.write_vbr(1000, 6);
//! w.write_signed_vbr(-5, 4);
//! w.write_char6(b'z').unwrap();
//! let bytes = w.finish();
//! assert_eq!(bytes.len() % 4, 0);
//!
//! let mut r = BitReader::new(&bytes);
//! assert_eq!(r.read(3).unwrap(), 0b101);
//! assert_eq!(r.read_vbr64(6).unwrap(), 1000);
//! assert_eq!(r.read_signed_vbr(4).unwrap(), -5);
//! assert_eq!(r.read_char6().unwrap(), b'z');
//! ```

use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};

/// Encodes a byte as char6 (`[a-zA-Z0-9._]` → 0..=63), or `None`.
#[inline]
pub const fn encode_char6(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'.' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// Decodes a 6-bit char6 value (only the low 6 bits are used).
#[inline]
pub const fn decode_char6(v: u8) -> u8 {
    const TABLE: &[u8; 64] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
    TABLE[(v & 63) as usize]
}

/// Whether every byte of `s` is representable in char6.
pub fn is_char6(s: &[u8]) -> bool {
    s.iter().all(|&c| encode_char6(c).is_some())
}

/// LLVM's sign rotation for signed VBR: non-negative `v` becomes `v << 1`,
/// negative `v` becomes `(-v << 1) | 1` (`i64::MIN` becomes `1`).
#[inline]
pub const fn encode_signed(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        (v.wrapping_neg() as u64) << 1 | 1
    }
}

/// Inverse of [`encode_signed`], as LLVM's `decodeSignRotatedValue` (`1`,
/// "minus zero", decodes to `i64::MIN`).
#[inline]
pub const fn decode_signed(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        ((v >> 1) as i64).wrapping_neg()
    } else {
        i64::MIN
    }
}

#[inline]
const fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Writes bit fields into little-endian 32-bit words, as LLVM's
/// `BitstreamWriter` does.
#[derive(Debug, Clone, Default)]
pub struct BitWriter {
    out: Vec<u8>,
    /// Pending bits, least significant first; fewer than 32 of them.
    cur: u64,
    nbits: u32,
}

impl BitWriter {
    /// An empty writer.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty writer with room for `bytes` bytes of output.
    pub fn with_capacity(bytes: usize) -> Self {
        BitWriter { out: Vec::with_capacity(bytes), cur: 0, nbits: 0 }
    }

    /// The number of bits written so far.
    #[inline]
    pub fn bit_position(&self) -> u64 {
        self.out.len() as u64 * 8 + u64::from(self.nbits)
    }

    #[inline]
    fn push32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    /// Writes the low `width` bits of `value` (`width` in 0..=64; higher bits
    /// of `value` are ignored).
    ///
    /// # Panics
    /// If `width > 64`.
    #[inline]
    pub fn write(&mut self, value: u64, width: u32) {
        assert!(width <= 64, "bit field wider than 64 bits");
        if width <= 32 {
            self.write32(value & low_mask(width), width);
        } else {
            self.write32(value & 0xffff_ffff, 32);
            self.write32((value >> 32) & low_mask(width - 32), width - 32);
        }
    }

    /// `value` must already fit in `width` ≤ 32 bits.
    #[inline(always)]
    fn write32(&mut self, value: u64, width: u32) {
        self.cur |= value << self.nbits;
        self.nbits += width;
        if self.nbits >= 32 {
            self.push32(self.cur as u32);
            self.cur >>= 32;
            self.nbits -= 32;
        }
    }

    /// Writes `value` as VBR-`width`: chunks of `width - 1` payload bits, the
    /// top bit of each chunk set when more follow (`width` in 2..=32).
    ///
    /// # Panics
    /// If `width` is outside 2..=32.
    #[inline]
    pub fn write_vbr(&mut self, mut value: u64, width: u32) {
        assert!((2..=32).contains(&width), "VBR width must be in 2..=32");
        let threshold = 1u64 << (width - 1);
        if value < threshold {
            self.write32(value, width);
            return;
        }
        while value >= threshold {
            self.write32((value & (threshold - 1)) | threshold, width);
            value >>= width - 1;
        }
        self.write32(value, width);
    }

    /// Writes `value` sign-rotated ([`encode_signed`]) as VBR-`width`.
    #[inline]
    pub fn write_signed_vbr(&mut self, value: i64, width: u32) {
        self.write_vbr(encode_signed(value), width);
    }

    /// Writes `c` as a 6-bit char6 field.
    pub fn write_char6(&mut self, c: u8) -> Result<()> {
        match encode_char6(c) {
            Some(v) => {
                self.write32(u64::from(v), 6);
                Ok(())
            }
            None => Err(Error::new(ErrorKind::NotChar6 { value: c.into() }, self.bit_position())),
        }
    }

    /// Pads with zero bits to the next 32-bit boundary.
    #[inline]
    pub fn align32(&mut self) {
        if self.nbits > 0 {
            self.push32(self.cur as u32);
            self.cur = 0;
            self.nbits = 0;
        }
    }

    /// Writes raw bytes. At a byte boundary this is a copy; otherwise each
    /// byte is written as an 8-bit field.
    pub fn write_bytes(&mut self, bytes: &[u8]) {
        if self.nbits % 8 != 0 {
            for &b in bytes {
                self.write32(u64::from(b), 8);
            }
            return;
        }
        let mut rest = bytes;
        // Fill the pending word byte by byte, then copy whole words.
        while self.nbits != 0 && !rest.is_empty() {
            self.write32(u64::from(rest[0]), 8);
            rest = &rest[1..];
        }
        let whole = rest.len() & !3;
        self.out.extend_from_slice(&rest[..whole]);
        for &b in &rest[whole..] {
            self.write32(u64::from(b), 8);
        }
    }

    /// Overwrites the 32 bits starting at `bit_pos` with `value`
    /// (little-endian), as LLVM's `BackpatchWord`. Those bits must already
    /// have been written; `bit_pos` need not be byte aligned (LLVM patches
    /// the metadata index offset wherever its record ended).
    ///
    /// # Panics
    /// If the 32 bits were not all written yet.
    pub fn backpatch_u32(&mut self, bit_pos: u64, value: u32) {
        self.backpatch(bit_pos, u64::from(value), 32);
    }

    /// Overwrites the `width` bits (at most 64) starting at `bit_pos` with
    /// the low bits of `value`, least significant first (LLVM's
    /// `BackpatchWord64` is `width` 64). Those bits must already have been
    /// written; the position does not move.
    ///
    /// # Panics
    /// If `width > 64` or the bits were not all written yet.
    pub fn backpatch(&mut self, bit_pos: u64, value: u64, width: u32) {
        assert!(width <= 64, "bit field wider than 64 bits");
        assert!(
            bit_pos + u64::from(width) <= self.bit_position(),
            "backpatch past the written bits"
        );
        let done = self.out.len() as u64 * 8;
        let mut at = bit_pos;
        let mut left = width;
        let mut v = value;
        while left > 0 {
            if at >= done {
                // The rest is in the pending bits.
                let shift = at - done;
                let mask = if left == 64 { u64::MAX } else { (1u64 << left) - 1 };
                self.cur = (self.cur & !(mask << shift)) | ((v & mask) << shift);
                return;
            }
            // Within one byte of the written words.
            let bit = (at % 8) as u32;
            let n = (8 - bit).min(left);
            let mask = (((1u32 << n) - 1) << bit) as u8;
            let byte = &mut self.out[(at / 8) as usize];
            *byte = (*byte & !mask) | (((v as u32) << bit) as u8 & mask);
            v = if n == 64 { 0 } else { v >> n };
            at += u64::from(n);
            left -= n;
        }
    }

    /// A snapshot of the writer's position, for [`restore_state`](Self::restore_state).
    pub fn clone_state(&self) -> BitWriterState {
        BitWriterState { len: self.out.len(), cur: self.cur, nbits: self.nbits }
    }

    /// Rolls back to a snapshot taken earlier by
    /// [`clone_state`](Self::clone_state) (discarding what was written since).
    pub fn restore_state(&mut self, state: BitWriterState) {
        self.out.truncate(state.len);
        self.cur = state.cur;
        self.nbits = state.nbits;
    }

    /// The complete 32-bit words written so far (pending bits excluded).
    pub fn words_written(&self) -> &[u8] {
        &self.out
    }

    /// Pads to a 32-bit boundary and returns the bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.align32();
        self.out
    }
}

/// Why a hot-path read failed; turned into an [`Error`] on the cold path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fail {
    /// The input ended.
    End,
    /// A VBR value does not fit in this many bits.
    VbrTooLong(u32),
}

/// A saved position of a [`BitWriter`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BitWriterState {
    len: usize,
    cur: u64,
    nbits: u32,
}

/// A bounds-checked bit cursor over a byte slice, reading fields as LLVM's
/// `SimpleBitstreamCursor` does (little-endian, least significant bit
/// first).
///
/// The cursor is just a bit position: every read loads the (unaligned)
/// 64-bit word under it, so a field costs a load, a shift and a mask, and a
/// VBR value of several chunks is decoded from that word in one step. The
/// state is two words and a position, which the compiler keeps in
/// registers across a whole record.
#[derive(Debug, Clone, Copy)]
pub struct BitReader<'a> {
    data: &'a [u8],
    /// The current bit position (at most `len_bits`).
    pos: u64,
}

/// Constants for decoding VBR-`W` chunks in parallel from a 57-bit window:
/// the chunks that fit are `0..N`, chunk `j` at bits `W*j..W*j+W`, its
/// payload in the low `W-1` bits and its continuation flag in the top bit.
struct VbrCompress<const W: u32>;

impl<const W: u32> VbrCompress<W> {
    /// Whole chunks in a window (at most 16, so four steps compress them).
    const N: u32 = if 57 / W < 16 { 57 / W } else { 16 };
    /// The continuation bits of those chunks.
    const CONT: u64 = cont_mask(W, Self::N);
    /// The step masks of [`compress_with`].
    const STEPS: [u64; 4] = compress_steps(W, Self::N);
    /// Every chunk's payload bits.
    const PAYLOAD: u64 = payload_mask(W, Self::N);

    /// Packs the payloads of all chunks of `win` contiguously (chunk 0 in
    /// the low bits).
    #[inline(always)]
    fn compress(win: u64) -> u64 {
        compress_with(win, Self::PAYLOAD, &Self::STEPS)
    }
}

/// The continuation bits of VBR-`w` chunks `0..n`.
const fn cont_mask(w: u32, n: u32) -> u64 {
    let mut m = 0u64;
    let mut j = 0;
    while j < n {
        m |= 1u64 << (j * w + w - 1);
        j += 1;
    }
    m
}

/// The payload bits of VBR-`w` chunks `0..n`.
const fn payload_mask(w: u32, n: u32) -> u64 {
    let mut m = 0u64;
    let mut j = 0;
    while j < n {
        m |= ((1u64 << (w - 1)) - 1) << (j * w);
        j += 1;
    }
    m
}

/// Step masks for packing the payloads of VBR-`w` chunks `0..n` (`n` ≤
/// 16): in step `s`, every chunk `j` with bit `s` of `j` set moves right by
/// `2^s`. Before step `s`, chunk `j` sits at `w*j - (j mod 2^s)`; the mask
/// selects the payloads that move. Steps past the last needed are zero.
const fn compress_steps(w: u32, n: u32) -> [u64; 4] {
    let mut steps = [0u64; 4];
    let mut s = 0;
    while s < 4 {
        let mut j = 0;
        while j < n {
            if (j >> s) & 1 == 1 {
                let at = w * j - (j & ((1 << s) - 1));
                steps[s as usize] |= ((1u64 << (w - 1)) - 1) << at;
            }
            j += 1;
        }
        s += 1;
    }
    steps
}

/// Packs the payloads (`payload` bits) of `win` contiguously with the
/// masks of [`compress_steps`].
#[inline(always)]
fn compress_with(win: u64, payload: u64, steps: &[u64; 4]) -> u64 {
    let mut x = win & payload;
    let mut s = 0;
    while s < 4 {
        let m = steps[s];
        x = (x & !m) | ((x & m) >> (1u32 << s));
        s += 1;
    }
    x
}

/// The little-endian `u64` in an 8-byte slice (one unaligned load).
#[inline(always)]
fn load8(b: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[..8]);
    u64::from_le_bytes(a)
}

/// Loads up to 8 bytes at byte `i` of `data` (zeros past its end).
#[cold]
fn load_tail(data: &[u8], i: usize) -> u64 {
    let mut tmp = [0u8; 8];
    let tail = data.get(i..).unwrap_or(&[]);
    let n = tail.len().min(8);
    tmp[..n].copy_from_slice(&tail[..n]);
    u64::from_le_bytes(tmp)
}

/// A VBR value decoded chunk by chunk starting at bit `pos`, for any width
/// and for values too long for one window: returns the value and the bit
/// position after it. Rejects values that need more chunks than `limit`
/// bits hold, or that would lose set bits.
#[inline(never)]
fn vbr_slow(
    data: &[u8],
    mut pos: u64,
    width: u32,
    limit: u32,
) -> core::result::Result<(u64, u64), Fail> {
    let len_bits = data.len() as u64 * 8;
    let hi = 1u64 << (width - 1);
    let mut result = 0u64;
    let mut shift = 0u32;
    loop {
        if pos + u64::from(width) > len_bits {
            return Err(Fail::End);
        }
        let i = (pos >> 3) as usize;
        let word = match data.get(i..i + 8) {
            Some(b) => load8(b),
            None => load_tail(data, i),
        };
        let piece = (word >> (pos & 7)) & low_mask(width);
        pos += u64::from(width);
        let payload = piece & (hi - 1);
        let room = limit - shift;
        if room < 64 && payload >> room != 0 {
            // Set bits would be shifted out of the result type.
            return Err(Fail::VbrTooLong(limit));
        }
        result |= payload << shift;
        if piece & hi == 0 {
            return Ok((result, pos));
        }
        shift += width - 1;
        if shift >= limit {
            return Err(Fail::VbrTooLong(limit));
        }
    }
}

/// Outcome of decoding a multi-chunk VBR value from a window.
enum Multi {
    /// The value and the number of bits it took.
    Done(u64, u32),
    /// Not decodable from the window (too long, or might lose bits).
    Slow,
}

/// Decodes a VBR-`W` value of several chunks from `win`, the 64 bits at
/// its start (at least 57 from the input, zeros past its end): the
/// terminating chunk is the first whose continuation bit is clear, and the
/// payloads are packed together in four mask-and-shift steps (see
/// [`VbrCompress`]). A terminator found in the zeros past the end of the
/// input makes the value end past the input, which the caller rejects.
#[inline(always)]
fn multi_w<const W: u32>(win: u64, limit: u32) -> Multi {
    let stop = !win & VbrCompress::<W>::CONT;
    let consumed = stop.trailing_zeros() + 1;
    if stop == 0 {
        return Multi::Slow;
    }
    let payload = W - 1;
    if consumed == 2 * W && 2 * payload <= limit {
        // Two chunks, the most common case.
        let m = !(u64::MAX << payload);
        return Multi::Done((win & m) | ((win >> W) & m) << payload, consumed);
    }
    let payload_bits = consumed / W * payload;
    if payload_bits > limit {
        return Multi::Slow;
    }
    Multi::Done(VbrCompress::<W>::compress(win) & !(u64::MAX << payload_bits), consumed)
}

/// [`multi_w`] for a width known only at run time.
#[inline(never)]
fn multi_dyn(win: u64, width: u32, limit: u32) -> Multi {
    macro_rules! dispatch {
        ($($w:literal)*) => {
            match width {
                $($w => multi_w::<$w>(win, limit),)*
                _ => Multi::Slow,
            }
        };
    }
    dispatch!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28)
}

impl<'a> BitReader<'a> {
    /// A cursor at bit 0 of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        BitReader { data, pos: 0 }
    }

    /// The whole input.
    #[inline]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The current bit position.
    #[inline(always)]
    pub fn bit_position(&self) -> u64 {
        self.pos
    }

    /// The input length in bits.
    #[inline(always)]
    pub fn len_bits(&self) -> u64 {
        self.data.len() as u64 * 8
    }

    /// Bits left to read.
    #[inline(always)]
    pub fn remaining_bits(&self) -> u64 {
        self.len_bits() - self.pos
    }

    /// Whether every bit has been consumed.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.len_bits()
    }

    #[inline(always)]
    fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    /// A cursor at bit `pos` of `data` (which the caller keeps in range or
    /// checks with [`overran`](Self::overran)).
    #[inline(always)]
    pub(crate) fn with_position(data: &'a [u8], pos: u64) -> Self {
        BitReader { data, pos }
    }

    /// Moves to bit `target`, which the caller has checked.
    #[inline(always)]
    pub(crate) fn set_position(&mut self, target: u64) {
        debug_assert!(target <= self.len_bits());
        self.pos = target;
    }

    /// Moves to bit `target` (at most the input length in bits).
    pub fn jump_to_bit(&mut self, target: u64) -> Result<()> {
        if target > self.len_bits() {
            return Err(self.err(ErrorKind::JumpPastEnd { target }));
        }
        self.pos = target;
        Ok(())
    }

    /// The 64 bits starting at the current position (at least 57 of them
    /// from the input; bits past its end read as zeros).
    #[inline(always)]
    fn peek(&self) -> u64 {
        peek_at(self.data, self.pos)
    }

    /// Moves `width` bits on, if the input has them.
    #[inline(always)]
    fn advance_by(&mut self, width: u32) -> core::result::Result<(), Fail> {
        let next = self.pos + u64::from(width);
        if next > self.len_bits() {
            return Err(Fail::End);
        }
        self.pos = next;
        Ok(())
    }

    /// Reads a `width`-bit field (`width` in 0..=64).
    #[inline]
    pub fn read(&mut self, width: u32) -> Result<u64> {
        if width > 64 {
            return Err(self.err(ErrorKind::InvalidWidth { width }));
        }
        self.fast_read(width).map_err(|f| self.fail(f, width))
    }

    /// The hot-path read: `width` ≤ 64, a register-sized result. The full
    /// [`Error`] is built by [`fail`](Self::fail) only on the cold path.
    #[inline(always)]
    pub(crate) fn fast_read(&mut self, width: u32) -> core::result::Result<u64, Fail> {
        if width > 57 {
            return self.read_wide(width);
        }
        let v = self.peek() & !(u64::MAX << width);
        self.advance_by(width)?;
        Ok(v)
    }

    /// A field of 58..=64 bits.
    #[cold]
    fn read_wide(&mut self, width: u32) -> core::result::Result<u64, Fail> {
        if u64::from(width) > self.remaining_bits() {
            return Err(Fail::End);
        }
        let low = self.fast_read(32)?;
        let high = self.fast_read(width - 32)?;
        Ok(low | high << 32)
    }

    /// Turns a hot-path failure into an [`Error`] at the current position.
    #[inline(always)]
    pub(crate) fn fail(&self, f: Fail, width: u32) -> Error {
        fail_at(f, width, self.pos)
    }

    /// Reads a VBR-`width` value that must fit in 32 bits (LLVM's
    /// `ReadVBR`). `width` must be in 1..=32.
    #[inline]
    pub fn read_vbr(&mut self, width: u32) -> Result<u32> {
        if width == 0 || width > 32 {
            return Err(self.err(ErrorKind::InvalidWidth { width }));
        }
        self.fast_vbr(width, 32).map(|v| v as u32).map_err(|f| self.fail(f, width))
    }

    /// Reads a VBR-`width` value of up to 64 bits (LLVM's `ReadVBR64`).
    /// `width` must be in 1..=32.
    #[inline]
    pub fn read_vbr64(&mut self, width: u32) -> Result<u64> {
        if width == 0 || width > 32 {
            return Err(self.err(ErrorKind::InvalidWidth { width }));
        }
        self.fast_vbr(width, 64).map_err(|f| self.fail(f, width))
    }

    /// The hot-path VBR read: `width` in 1..=32, `limit` 32 or 64 (bits of
    /// the result).
    #[inline(always)]
    pub(crate) fn fast_vbr(&mut self, width: u32, limit: u32) -> core::result::Result<u64, Fail> {
        if width == 6 {
            return self.fast_vbr6(limit);
        }
        let win = self.peek();
        if width <= SHORT_MAX_WIDTH {
            if let Some((v, len)) = vbr_short(win, width, limit) {
                self.advance_by(len)?;
                return Ok(v);
            }
            return self.vbr_slow(width, limit);
        }
        let first = win & !(u64::MAX << width);
        if first >> (width - 1) == 0 {
            self.advance_by(width)?;
            return Ok(first);
        }
        match multi_dyn(win, width, limit) {
            Multi::Done(v, bits) => {
                self.advance_by(bits)?;
                Ok(v)
            }
            Multi::Slow => self.vbr_slow(width, limit),
        }
    }

    /// VBR6, the width of every unabbreviated field: values of up to four
    /// chunks (20 bits) take no branch on their length.
    #[inline(always)]
    pub(crate) fn fast_vbr6(&mut self, limit: u32) -> core::result::Result<u64, Fail> {
        let Some((v, len)) = vbr6_short(self.peek()) else {
            return self.vbr_slow(6, limit);
        };
        self.advance_by(len)?;
        Ok(v)
    }

    /// A `width`-bit field (`width` ≤ 57) read without checking the end of
    /// the input: past it, zeros are read and the position runs past
    /// [`len_bits`](Self::len_bits), which [`overran`](Self::overran)
    /// reports. For decoding a whole record optimistically and checking
    /// once.
    #[inline(always)]
    pub(crate) fn fixed_unchecked(&mut self, width: u32) -> u64 {
        let v = self.peek() & !(u64::MAX << width);
        self.pos += u64::from(width);
        v
    }

    /// A VBR-`width` value (`width` in 1..=32) read as
    /// [`fixed_unchecked`](Self::fixed_unchecked) does. A value that is
    /// too long (or ends past the input) moves the position far past the
    /// end, so that [`overran`](Self::overran) reports it.
    #[inline(always)]
    pub(crate) fn vbr_unchecked(&mut self, width: u32, limit: u32) -> u64 {
        let win = self.peek();
        if width <= SHORT_MAX_WIDTH {
            if let Some((v, len)) = vbr_short(win, width, limit) {
                self.pos += u64::from(len);
                return v;
            }
        } else {
            let first = win & !(u64::MAX << width);
            if first >> (width - 1) == 0 {
                self.pos += u64::from(width);
                return first;
            }
        }
        let (v, pos) = Self::vbr_unchecked_slow(self.data, self.pos, width, limit);
        self.pos = pos;
        v
    }

    /// [`vbr_unchecked`](Self::vbr_unchecked), with VBR6 payloads packed
    /// before the length is known. Measured on real bitcode: faster where
    /// each value is pushed onto a vector (the operand loops of
    /// `read_record`), slower among the other fields of the fused path.
    #[inline(always)]
    pub(crate) fn vbr_unchecked_runs(&mut self, width: u32, limit: u32) -> u64 {
        if width == 6 {
            if let Some((v, len)) = vbr6_short(self.peek()) {
                self.pos += u64::from(len);
                return v;
            }
            let (v, pos) = Self::vbr_unchecked_slow(self.data, self.pos, 6, limit);
            self.pos = pos;
            return v;
        }
        self.vbr_unchecked(width, limit)
    }

    /// The multi-chunk and failing cases of
    /// [`vbr_unchecked`](Self::vbr_unchecked), by value (so that the
    /// caller's cursor stays in registers): the value and the new position.
    #[inline(never)]
    pub(crate) fn vbr_unchecked_slow(
        data: &'a [u8],
        pos: u64,
        width: u32,
        limit: u32,
    ) -> (u64, u64) {
        let r = BitReader { data, pos };
        let fast = if width == 6 {
            r.vbr6_long(limit)
        } else {
            match multi_dyn(r.peek(), width, limit) {
                Multi::Done(v, bits) => Some((v, bits)),
                Multi::Slow => None,
            }
        };
        if let Some((v, bits)) = fast {
            return (v, pos + u64::from(bits));
        }
        if r.overran() {
            return (0, pos);
        }
        match vbr_slow(data, pos, width, limit) {
            Ok((v, pos)) => (v, pos),
            Err(_) => (0, OVERRUN),
        }
    }

    /// Whether an unchecked read went past the end of the input.
    #[inline(always)]
    pub(crate) fn overran(&self) -> bool {
        self.pos > self.len_bits()
    }

    /// A VBR6 value of 5 to 13 chunks (up to 64 bits, as the
    /// two's-complement forward references of unabbreviated records are),
    /// decoded from two windows: its value and length, or `None` for the
    /// chunk-by-chunk path (longer, too wide for `limit`, or malformed).
    #[inline(always)]
    fn vbr6_long(&self, limit: u32) -> Option<(u64, u32)> {
        let win = self.peek();
        if let Multi::Done(v, bits) = multi_w::<6>(win, limit) {
            return Some((v, bits));
        }
        if limit < 64 {
            return None;
        }
        // No terminator in the first nine chunks: 45 payload bits, then at
        // most four more chunks with at most 19 payload bits.
        let low = VbrCompress::<6>::compress(win);
        let next = BitReader { data: self.data, pos: self.pos + 54 };
        let (high, len2) = vbr6_short(next.peek())?;
        if high >> 19 != 0 {
            return None;
        }
        Some((low | high << 45, 54 + len2))
    }

    /// Values too long for the window, or near the end of the input.
    #[cold]
    #[inline(never)]
    fn vbr_slow(&mut self, width: u32, limit: u32) -> core::result::Result<u64, Fail> {
        if width == 6 {
            if let Some((v, bits)) = self.vbr6_long(limit) {
                self.advance_by(bits)?;
                return Ok(v);
            }
        }
        let (v, pos) = vbr_slow(self.data, self.pos, width, limit)?;
        self.pos = pos;
        Ok(v)
    }

    /// Reads a signed VBR-`width` value (sign in bit 0, see
    /// [`decode_signed`]).
    #[inline]
    pub fn read_signed_vbr(&mut self, width: u32) -> Result<i64> {
        Ok(decode_signed(self.read_vbr64(width)?))
    }

    /// Reads a 6-bit char6 field and decodes it.
    #[inline]
    pub fn read_char6(&mut self) -> Result<u8> {
        Ok(decode_char6(self.read(6)? as u8))
    }

    /// Skips to the next 32-bit boundary (or to the end of the input if that
    /// comes first), as LLVM's `SkipToFourByteBoundary`.
    #[inline]
    pub fn align32(&mut self) {
        self.pos = self.pos.next_multiple_of(32).min(self.len_bits());
    }

    /// Returns the next `len` bytes without copying and moves past them. The
    /// position must be byte aligned.
    pub fn read_bytes(&mut self, len: usize) -> Result<&'a [u8]> {
        if self.pos % 8 != 0 {
            return Err(self.err(ErrorKind::Unaligned));
        }
        let start = (self.pos / 8) as usize;
        match start.checked_add(len) {
            Some(end) if end <= self.data.len() => {
                self.pos = end as u64 * 8;
                Ok(&self.data[start..end])
            }
            _ => Err(self.err(ErrorKind::UnexpectedEnd {
                bits: u32::try_from(len.saturating_mul(8)).unwrap_or(u32::MAX),
            })),
        }
    }
}

/// A position far past any input, set by an unchecked read that failed
/// (and small enough that the reads after it cannot overflow).
const OVERRUN: u64 = 1 << 62;

/// A VBR6 value of at most four chunks at the start of `win`, and its
/// length in bits; `None` if it is longer. No branch on the length.
#[inline(always)]
fn vbr6_short(win: u64) -> Option<(u64, u32)> {
    let len = (!win & VBR_CONT4[6]).trailing_zeros() + 1;
    if len > 24 {
        return None;
    }
    // Packing does not wait for the length.
    let packed =
        (win & 0x1f) | ((win >> 1) & 0x3e0) | ((win >> 2) & 0x7c00) | ((win >> 3) & 0xf8000);
    Some((packed & VBR6_MASK[len as usize], len))
}

/// Payload masks of a VBR6 value by its length in bits (6, 12, 18, 24).
const VBR6_MASK: [u64; 25] = {
    let mut m = [0u64; 25];
    let mut len = 0;
    while len < 25 {
        m[len] = (1u64 << (len / 6 * 5)) - 1;
        len += 1;
    }
    m
};

/// The widest VBR chunk for which [`vbr_short`] works (four chunks fit a
/// 57-bit window).
const SHORT_MAX_WIDTH: u32 = 14;

/// The continuation bits of the first four VBR-`w` chunks, by `w`.
const VBR_CONT4: [u64; SHORT_MAX_WIDTH as usize + 1] = {
    let mut t = [0u64; SHORT_MAX_WIDTH as usize + 1];
    let mut w = 1;
    while w <= SHORT_MAX_WIDTH {
        let mut j = 0;
        while j < 4 {
            t[w as usize] |= 1 << (j * w + w - 1);
            j += 1;
        }
        w += 1;
    }
    t
};

/// A VBR-`width` value (`width` in 1..=[`SHORT_MAX_WIDTH`]) of at most four
/// chunks at the start of `win`, and its length in bits; `None` if it is
/// longer or does not fit in `limit` bits. No branch on the length: the
/// bits after the terminating chunk are cleared, then the payloads of four
/// chunks are packed.
#[inline(always)]
fn vbr_short(win: u64, width: u32, limit: u32) -> Option<(u64, u32)> {
    let len = (!win & VBR_CONT4[width as usize]).trailing_zeros() + 1;
    if len > 4 * width {
        return None;
    }
    let win = win & !(u64::MAX << len);
    let p = width - 1;
    let m = !(u64::MAX << p);
    let v = (win & m)
        | ((win >> width) & m) << p
        | ((win >> (2 * width)) & m) << (2 * p)
        | ((win >> (3 * width)) & m) << (3 * p);
    // As chunk by chunk: set bits past `limit`, or a fourth chunk that
    // starts at or past `limit`, make the value too long.
    if limit < 64 && (v >> limit != 0 || (len > 3 * width && 3 * p >= limit)) {
        return None;
    }
    Some((v, len))
}

/// Values a run step writes (value 0 and [`RUN_SLOTS`]` - 1` more); a
/// step in which more values end is cut after them.
const RUN_SLOTS: usize = 6;

/// What the continuation bits of eight VBR6 chunks (one 48-bit step of a
/// run of VBR6 values) say. Value 0 of the step (which continues what
/// earlier steps carried) is `packed & mask0`; value `i` in
/// `1..RUN_SLOTS` is `(packed & masks[i - 1]) >> shifts[i - 1]`. One
/// cache line.
#[derive(Debug, Clone, Copy)]
#[repr(align(64))]
struct RunStep {
    mask0: u64,
    /// In-place masks of values 1.. (0 past the last).
    masks: [u64; RUN_SLOTS - 1],
    shifts: [u8; RUN_SLOTS - 1],
    /// Values that end in the step (0..=8).
    count: u8,
    /// The most chunks that may be carried into the step: what keeps
    /// value 0 within 12 chunks (60 bits, so that no shift overflows); -1
    /// if a later value is longer than six chunks. Past it, the record is
    /// finished value by value.
    room: i8,
    /// Chunks after the last value that ends (8 if none does).
    tail: u8,
    /// Where those chunks start in the packed payloads.
    tail_shift: u8,
    /// Bits up to the end of value [`RUN_SLOTS`]` - 1`, where a step in
    /// which more values end is cut.
    cut: u8,
}

/// The continuation bits of VBR6 chunks 0..8.
const RUN_CONT: u64 = cont_mask(6, 8);
/// A multiplier that maps the 256 patterns of [`RUN_CONT`] bits to 256
/// distinct top bytes (found by search; checked when the table is built).
const RUN_GATHER: u64 = 0x0080_4011_0080_8000;

/// The index into [`RUN_STEPS`] and [`RUN_ENDS`] of a window.
#[inline(always)]
const fn run_index(win: u64) -> usize {
    ((win & RUN_CONT).wrapping_mul(RUN_GATHER) >> 56) as usize
}

/// Bit `j` set: chunk `j` of a step ends a value. The pattern at each
/// [`run_index`].
const RUN_PATTERNS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut seen = [false; 256];
    let mut stops = 0u32;
    while stops < 256 {
        let mut win = 0u64;
        let mut j = 0;
        while j < 8 {
            if (stops >> j) & 1 == 0 {
                win |= 1 << (6 * j + 5);
            }
            j += 1;
        }
        let idx = run_index(win);
        assert!(!seen[idx], "RUN_GATHER does not separate the patterns");
        seen[idx] = true;
        t[idx] = stops as u8;
        stops += 1;
    }
    t
};

/// [`RunStep`]s by [`run_index`].
static RUN_STEPS: [RunStep; 256] = {
    let mut table = [RunStep {
        mask0: 0,
        masks: [0; RUN_SLOTS - 1],
        shifts: [0; RUN_SLOTS - 1],
        count: 0,
        room: 0,
        tail: 0,
        tail_shift: 0,
        cut: 0,
    }; 256];
    let mut idx = 0;
    while idx < 256 {
        let stops = RUN_PATTERNS[idx] as u32;
        let mut e = table[idx];
        e.mask0 = (1 << 40) - 1;
        e.room = 4;
        let mut start = 0u32;
        let mut c = 0usize;
        let mut j = 0u32;
        while j < 8 {
            if (stops >> j) & 1 == 1 {
                let chunks = j + 1 - start;
                if c == 0 {
                    e.mask0 = (1 << (5 * chunks)) - 1;
                    e.room = 12 - chunks as i8;
                } else if chunks > 6 {
                    e.room = -1;
                } else if c < RUN_SLOTS {
                    e.masks[c - 1] = ((1 << (5 * chunks)) - 1) << (5 * start);
                    e.shifts[c - 1] = (5 * start) as u8;
                }
                c += 1;
                if c == RUN_SLOTS {
                    e.cut = (6 * (j + 1)) as u8;
                }
                start = j + 1;
            }
            j += 1;
        }
        e.count = c as u8;
        e.tail = (8 - start) as u8;
        e.tail_shift = (5 * start) as u8;
        table[idx] = e;
        idx += 1;
    }
    table
};

/// `RUN_ENDS[idx][i]`: the bits from the start of a step to the end of
/// its value `i`.
static RUN_ENDS: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut idx = 0;
    while idx < 256 {
        let stops = RUN_PATTERNS[idx];
        let mut c = 0;
        let mut j = 0;
        while j < 8 {
            if (stops >> j) & 1 == 1 {
                table[idx][c] = 6 * (j as u8 + 1);
                c += 1;
            }
            j += 1;
        }
        idx += 1;
    }
    table
};

/// Packs the payloads of VBR6 chunks 0..8 of `win` into 40 contiguous
/// bits.
#[inline(always)]
fn pack8_vbr6(win: u64) -> u64 {
    const PAYLOAD: u64 = payload_mask(6, 8);
    const STEPS: [u64; 4] = compress_steps(6, 8);
    compress_with(win, PAYLOAD, &STEPS)
}

/// The unaligned 64 bits at bit `pos` of `data` (zeros past its end).
#[inline(always)]
pub(crate) fn peek_at(data: &[u8], pos: u64) -> u64 {
    let i = (pos >> 3) as usize;
    let word = match data.get(i..i + 8) {
        Some(b) => load8(b),
        None => load_tail(data, i),
    };
    word >> (pos & 7)
}

/// Writes the values of one run step: value 0 (continuing `carry`, which
/// has `carried` chunks) and the ones after it, whether they exist or
/// not.
#[inline(always)]
fn run_slots(e: &RunStep, x: u64, carry: u64, carried: u32, dst: &mut [u64; RUN_SLOTS]) {
    dst[0] = carry | (x & e.mask0) << (5 * carried);
    for ((d, &m), &s) in dst[1..].iter_mut().zip(&e.masks).zip(&e.shifts) {
        *d = (x & m) >> s;
    }
}

/// Decodes a record of VBR6 values (an unabbreviated record: code, operand
/// count, operands) starting at bit `pos` of `data` into `buf` (code at 0,
/// count at 1, operands from 2) without checking the end of the input
/// (zeros are read past it). Returns the position after the record (past
/// the input if it overran) and `2 + count`.
///
/// The values are decoded eight chunks (48 bits) at a time: a table
/// indexed by the eight continuation bits says where each value ends, so
/// that a step's load does not wait for the previous step's lengths. A
/// value that goes on into the next step is carried there.
///
/// `None` when the record needs the value-by-value path: a code or count
/// longer than six chunks, or a count larger than the rest of the input
/// could hold (checked before `buf` grows, so it stays bounded by the
/// input size).
#[inline(always)]
pub(crate) fn vbr6_record(data: &[u8], pos: u64, buf: &mut Vec<u64>) -> Option<(u64, usize)> {
    if buf.len() < 2 * RUN_SLOTS {
        buf.resize(2 * RUN_SLOTS, 0);
    }
    let win = peek_at(data, pos);
    let idx = run_index(win);
    let e = &RUN_STEPS[idx];
    // Code and count: both end here, within six chunks each.
    if e.count < 2 || e.room < 6 {
        return None;
    }
    let x = pack8_vbr6(win);
    run_slots(e, x, 0, 0, (&mut buf[..RUN_SLOTS]).try_into().ok()?);
    // A short record is complete (its count is at most six chunks, 30
    // bits, so this cannot overflow).
    let total = 2 + buf[1] as usize;
    let count = usize::from(e.count);
    if total <= count.min(RUN_SLOTS) {
        return Some((pos + u64::from(RUN_ENDS[idx][total - 1]), total));
    }
    if buf[1] * 6 > (data.len() as u64 * 8).saturating_sub(pos) {
        return None;
    }
    if buf.len() < total + RUN_SLOTS {
        buf.resize(total + RUN_SLOTS, 0);
    }
    let (mut k, mut carry, mut carried, mut pos) = if count > RUN_SLOTS {
        (RUN_SLOTS, 0, 0, pos + u64::from(e.cut))
    } else {
        (count, x >> e.tail_shift, u32::from(e.tail), pos + 48)
    };
    loop {
        let win = peek_at(data, pos);
        let idx = run_index(win);
        let e = &RUN_STEPS[idx];
        if carried as i32 > i32::from(e.room) {
            // A long value: the rest value by value, from the start of the
            // value in progress.
            let mut b = BitReader { data, pos: pos - 6 * u64::from(carried) };
            for d in buf.get_mut(k..total)? {
                *d = b.vbr_unchecked(6, 64);
            }
            return Some((b.pos, total));
        }
        let x = pack8_vbr6(win);
        let dst: &mut [u64; RUN_SLOTS] = (&mut buf[k..k + RUN_SLOTS]).try_into().ok()?;
        run_slots(e, x, carry, carried, dst);
        let count = usize::from(e.count);
        let done = count.min(RUN_SLOTS);
        if k + done >= total {
            return Some((pos + u64::from(RUN_ENDS[idx][total - k - 1]), total));
        }
        k += done;
        if count == 0 {
            carry = dst[0];
            carried += 8;
            pos += 48;
        } else if count <= RUN_SLOTS {
            carry = x >> e.tail_shift;
            carried = u32::from(e.tail);
            pos += 48;
        } else {
            carry = 0;
            carried = 0;
            pos += u64::from(e.cut);
        }
    }
}

/// The [`Error`] for a hot-path failure at bit `pos`.
#[cold]
#[inline(never)]
pub(crate) fn fail_at(f: Fail, width: u32, pos: u64) -> Error {
    match f {
        Fail::End => Error::new(ErrorKind::UnexpectedEnd { bits: width }, pos),
        Fail::VbrTooLong(limit) => Error::new(ErrorKind::VbrTooLong { limit }, pos),
    }
}
