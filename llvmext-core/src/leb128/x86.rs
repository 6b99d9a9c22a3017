//! Batch decoding with BMI2 on x86-64, chosen at run time.
//!
//! This module holds the only `unsafe` code of the crate: functions compiled
//! for the BMI1, BMI2 and POPCNT extensions, which may only be called once
//! the CPU is known to have them, and the unaligned loads they make from
//! fixed-size windows whose bounds are shown at each load.
//!
//! The input is taken in steps of 16 values, each starting at a value. One
//! SSE2 pass finds where every value in the next 64 bytes ends (one bit per
//! byte); each value is then one unaligned 8-byte load at the byte after
//! the previous end, and one `pext` that keeps the payload bits of its
//! bytes. The only chain from one value to the next is clearing the lowest
//! bit of the mask, so values decode at the CPU's throughput, not at the
//! latency of a load, and the fixed count keeps the loop's branches
//! predictable. Values of nine or ten bytes, found from runs of eight
//! continuation bytes, are decoded again afterwards. Where 64 bytes hold
//! fewer than 16 values, one block decodes all that end in them; anything
//! invalid is left, undecoded, to the portable decoders, which report it.
#![allow(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]
// Intrinsics are safe to call from functions with their features only since
// Rust 1.87; the crate supports 1.80, where these blocks are required.
#![allow(unused_unsafe)]

use super::{finish_long, Sink, SliceSink, Word, CONT};
use alloc::vec::Vec;
use core::arch::x86_64::{
    __m128i, _andn_u64, _blsmsk_u64, _mm_loadu_si128, _mm_movemask_epi8, _pext_u64,
};
use core::mem::{align_of, size_of};

/// How many bytes one block covers, and the most values it yields.
const BLOCK: usize = 64;
/// A block and the bytes after it that an 8-byte load at offset `BLOCK`
/// reads.
const WINDOW: usize = BLOCK + 8;

/// Whether this CPU can run [`decode_blocks`]'s fast path.
#[inline]
fn available() -> bool {
    #[cfg(feature = "std")]
    {
        std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(feature = "std"))]
    {
        cfg!(all(target_feature = "bmi1", target_feature = "bmi2", target_feature = "popcnt"))
    }
}

/// A [`Sink`] that [`decode_blocks`] can also write into directly.
pub(super) trait Direct: Sink {
    /// Where the next [`BLOCK`] values may be written, as `u64` bits, if the
    /// sink has (or now makes) room for them.
    fn room(&mut self) -> Option<*mut u64>;

    /// Takes in the first `k` values written at the last [`Direct::room`].
    ///
    /// # Safety
    ///
    /// The last call to `room` returned a pointer, nothing else touched the
    /// sink since, `k <= BLOCK`, and the first `k` slots were written.
    unsafe fn commit(&mut self, k: usize);
}

/// `out` as a pointer to `u64` slots: [`Word`] is implemented only for
/// `u64` and `i64`, which have the same size, alignment and valid bit
/// patterns (checked here at compile time too).
#[inline(always)]
fn as_u64_slots<T: Word>(out: *mut T) -> *mut u64 {
    const {
        assert!(size_of::<T>() == size_of::<u64>() && align_of::<T>() == align_of::<u64>());
    }
    out.cast()
}

impl<T: Word> Direct for Vec<T>
where
    Vec<T>: Sink,
{
    #[inline(always)]
    fn room(&mut self) -> Option<*mut u64> {
        self.reserve(BLOCK);
        Some(as_u64_slots(self.spare_capacity_mut().as_mut_ptr().cast::<T>()))
    }

    #[inline(always)]
    unsafe fn commit(&mut self, k: usize) {
        // SAFETY: `room` reserved the slots, and the caller wrote them.
        unsafe { self.set_len(self.len() + k) }
    }
}

impl<T: Word> Direct for SliceSink<'_, T> {
    #[inline(always)]
    fn room(&mut self) -> Option<*mut u64> {
        let spare = self.out.get_mut(self.filled..)?;
        (spare.len() >= BLOCK).then(|| as_u64_slots(spare.as_mut_ptr()))
    }

    #[inline(always)]
    unsafe fn commit(&mut self, k: usize) {
        self.filled += k;
    }
}

/// Decodes values from the start of `buf` in steps of 16 values (or, where
/// 64 bytes hold fewer, a block of 64 bytes), as long as a whole window is
/// left, at least 64 more values may be decoded (`max`), the sink has room
/// for 64, and the values are valid; appends them to `sink`. Returns how many values were
/// decoded and how many bytes they took, so that the portable decoders can
/// go on from there: `(0, 0)` if the CPU lacks BMI2.
#[inline]
pub(super) fn decode_blocks<const SIGNED: bool, S: Direct>(
    buf: &[u8],
    max: usize,
    sink: &mut S,
) -> (usize, usize) {
    if buf.len() < WINDOW || max < BLOCK || !available() {
        return (0, 0);
    }
    // SAFETY: `available` said that the CPU has BMI1, BMI2 and POPCNT.
    unsafe { blocks::<SIGNED, S>(buf, max, sink) }
}

/// [`decode_blocks`] once the CPU is known to have the features.
#[target_feature(enable = "bmi1,bmi2,popcnt")]
unsafe fn blocks<const SIGNED: bool, S: Direct>(
    buf: &[u8],
    max: usize,
    sink: &mut S,
) -> (usize, usize) {
    let (mut count, mut pos) = (0, 0);
    while max - count >= BLOCK {
        let Some(window) = buf.get(pos..).and_then(|rest| rest.first_chunk::<WINDOW>()) else {
            break;
        };
        let Some(out) = sink.room() else {
            break;
        };
        // Fixed steps while they fit the room, the input and `max`.
        let mut k = 0;
        let mut at = pos;
        while k + STEP <= BLOCK.min(max - count) {
            let Some(window) = buf.get(at..).and_then(|rest| rest.first_chunk::<WINDOW>()) else {
                break;
            };
            // SAFETY: the caller has the features; `k + STEP <= BLOCK`.
            match unsafe { step::<SIGNED>(window, out.add(k)) } {
                Some(used) => {
                    k += STEP;
                    at += used;
                }
                None => break,
            }
        }
        if k > 0 {
            // SAFETY: the steps wrote `k <= BLOCK` slots.
            unsafe { sink.commit(k) };
            count += k;
            pos = at;
            continue;
        }
        // SAFETY: the caller has the features `block` is compiled for, and
        // `room` gave `BLOCK` slots.
        let (k, used) = unsafe { block::<SIGNED>(window, out) };
        // SAFETY: `block` wrote `k <= BLOCK` slots, and nothing came between.
        unsafe { sink.commit(k) };
        if used == 0 {
            break;
        }
        count += k;
        pos += used;
    }
    (count, pos)
}

/// The eight bytes of `window` at `at`, little-endian.
///
/// # Safety
///
/// `at + 8 <= WINDOW`.
#[inline(always)]
unsafe fn load(window: &[u8; WINDOW], at: usize) -> u64 {
    debug_assert!(at + 8 <= WINDOW);
    // SAFETY: the caller keeps the eight bytes within the window.
    unsafe { window.as_ptr().add(at).cast::<u64>().read_unaligned() }.to_le()
}

/// The payload of the value whose bytes start `w` and whose end is among
/// them: its 7-bit groups gathered by `pext`, sign-extended for SLEB128.
#[inline]
#[target_feature(enable = "bmi1,bmi2,popcnt")]
unsafe fn short_value<const SIGNED: bool>(w: u64) -> u64 {
    // SAFETY (all three): the caller has BMI1 and BMI2.
    let ends = unsafe { _andn_u64(w, CONT) };
    // The payload bits of the bytes up to and including the first end.
    let mask = unsafe { _blsmsk_u64(ends) } & !CONT;
    let v = unsafe { _pext_u64(w, mask) };
    if SIGNED {
        // `64 - bits`, modulo 64 as the shifts take it.
        let unused = mask.count_ones().wrapping_neg();
        (v.wrapping_shl(unused) as i64).wrapping_shr(unused) as u64
    } else {
        v
    }
}

/// The continuation bits of the first 64 bytes of `window`, one per byte.
#[inline(always)]
fn continuations(window: &[u8; WINDOW]) -> u64 {
    let ptr = window.as_ptr().cast::<__m128i>();
    let mut cont = 0;
    for i in 0..BLOCK / 16 {
        // SAFETY: the 16 bytes at `16 * i` are within the first 64 of the
        // window; SSE2 is part of x86-64.
        let bits = unsafe { _mm_movemask_epi8(_mm_loadu_si128(ptr.add(i))) };
        cont |= (bits as u32 as u64) << (16 * i);
    }
    cont
}

/// How many values [`step`] decodes.
const STEP: usize = 16;

/// Decodes exactly [`STEP`] values from the start of `window` into `out`,
/// if they all end among its first 64 bytes and are valid: returns the
/// bytes they take, or `None` (with `out` partly written).
///
/// The loop has a fixed trip count, so that the only branches that depend
/// on the data are whether a step is possible and whether it holds a value
/// of nine bytes or more.
///
/// # Safety
///
/// The CPU has the features, and `out` points to `STEP` writable slots.
#[inline(always)]
unsafe fn step<const SIGNED: bool>(window: &[u8; WINDOW], out: *mut u64) -> Option<usize> {
    let cont = continuations(window);
    let ends = !cont;
    if (ends.count_ones() as usize) < STEP {
        return None;
    }
    let mut rest = ends;
    // SAFETY: within the window.
    let mut w = unsafe { load(window, 0) };
    let mut end = 0;
    for i in 0..STEP {
        end = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        // SAFETY: `i < STEP`; the caller has the features; `end + 1 <= 64`.
        unsafe {
            out.add(i).write(short_value::<SIGNED>(w));
            w = load(window, end + 1);
        }
    }
    let used = end + 1;
    // SAFETY: the caller has the features; the 16 values were written.
    unsafe { patch_long::<SIGNED>(window, cont, ends, used, out) }.ok()?;
    Some(used)
}

/// Decodes again, into their slots of `out`, the values of nine bytes or
/// more among those that end before byte `used` of `window` (which starts
/// at a value): those that start where eight continuation bytes do. `cont`
/// and `ends` are the window's continuation and end bits. On an invalid or
/// too long value, returns its index and offset, having patched those
/// before it.
///
/// # Safety
///
/// The CPU has the features, and `out` has a written slot for each value
/// that ends before `used`.
#[inline(always)]
unsafe fn patch_long<const SIGNED: bool>(
    window: &[u8; WINDOW],
    cont: u64,
    ends: u64,
    used: usize,
    out: *mut u64,
) -> Result<(), (usize, usize)> {
    let cont = cont & (u64::MAX >> (64 - used));
    let run = cont & (cont >> 1);
    let run = run & (run >> 2);
    let run = run & (run >> 4);
    let mut long = run & (ends << 1 | 1);
    while long != 0 {
        let start = long.trailing_zeros() as usize;
        long &= long - 1;
        let end = start + (ends >> start).trailing_zeros() as usize;
        let index = (ends & ((1 << start) - 1)).count_ones() as usize;
        // SAFETY: the caller has the features, and `index` is the slot of a
        // value that ends before `used`.
        match unsafe { long_value::<SIGNED>(window, start, end) } {
            Some(v) => unsafe { out.add(index).write(v) },
            None => return Err((index, start)),
        }
    }
    Ok(())
}

/// Decodes the values that end among the first 64 bytes of `window`, which
/// starts at a value, into `out`. Returns how many there are and how many
/// bytes they take; stops early, before a value, if that value is invalid
/// or longer than ten bytes (`(0, 0)` if it is the first).
///
/// # Safety
///
/// The CPU has the features, and `out` points to `BLOCK` writable slots.
#[inline(never)]
#[target_feature(enable = "bmi1,bmi2,popcnt")]
unsafe fn block<const SIGNED: bool>(window: &[u8; WINDOW], out: *mut u64) -> (usize, usize) {
    let cont = continuations(window);
    let ends = !cont;
    if ends == 0 {
        return (0, 0);
    }
    // The bytes up to the last end are decoded here.
    let used = 64 - ends.leading_zeros() as usize;
    // First every value as if it were eight bytes at most (a longer one
    // gets its first eight bytes' payload); its position comes from `ends`
    // alone.
    let mut rest = ends;
    // SAFETY: within the window.
    let mut w = unsafe { load(window, 0) };
    let mut k = 0;
    loop {
        let end = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        // SAFETY: `k` counts the bits of `ends` already cleared from
        // `rest`, fewer than `BLOCK` here; the caller has the features.
        unsafe { out.add(k).write(short_value::<SIGNED>(w)) };
        k += 1;
        // The next value's bytes (past the last value: unused).
        // SAFETY: `end + 1 <= 64`.
        w = unsafe { load(window, end + 1) };
        if rest == 0 {
            break;
        }
    }
    // Then the values of nine bytes or more, again: those that start where
    // eight continuation bytes do.
    // SAFETY: the caller has the features; every value was written.
    match unsafe { patch_long::<SIGNED>(window, cont, ends, used, out) } {
        Ok(()) => (k, used),
        Err(stop) => stop,
    }
}

/// The value of nine bytes or more at `window[start..=end]`: its payload
/// if it is valid and ten bytes at most.
#[cold]
#[inline(never)]
#[target_feature(enable = "bmi1,bmi2,popcnt")]
unsafe fn long_value<const SIGNED: bool>(
    window: &[u8; WINDOW],
    start: usize,
    end: usize,
) -> Option<u64> {
    let len = end + 1 - start;
    if len > 10 {
        return None;
    }
    // SAFETY: `start + 8 <= end < 64`.
    let w = unsafe { load(window, start) };
    // SAFETY: the caller has BMI2.
    let low = unsafe { _pext_u64(w, !CONT) };
    finish_long::<SIGNED>(low, len, window[start + 8], window[start + 9])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leb128::{read_sleb128, read_uleb128, write_sleb128_padded, write_uleb128_padded};
    use alloc::vec;

    /// xorshift64, for inputs without a dependency.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Checks `decode_blocks` on `buf` against the slice decoders: every
    /// value it reports is the one they decode at that offset, and it stops
    /// at a value boundary. Returns the ULEB128 count and bytes used.
    fn check(buf: &[u8]) -> (usize, usize) {
        let mut u = Vec::<u64>::new();
        let (n, used) = decode_blocks::<false, _>(buf, usize::MAX, &mut u);
        assert_eq!(u.len(), n);
        let mut pos = 0;
        for (i, &got) in u.iter().enumerate() {
            let (v, len) = read_uleb128(&buf[pos..]).unwrap();
            assert_eq!(got, v, "ULEB value {i} at byte {pos}");
            pos += len;
        }
        assert_eq!(pos, used);
        let mut s = Vec::<i64>::new();
        let (ns, used_s) = decode_blocks::<true, _>(buf, usize::MAX, &mut s);
        assert_eq!(s.len(), ns);
        let mut pos = 0;
        for (i, &got) in s.iter().enumerate() {
            let (v, len) = read_sleb128(&buf[pos..]).unwrap();
            assert_eq!(got, v, "SLEB value {i} at byte {pos}");
            pos += len;
        }
        assert_eq!(pos, used_s);
        (n, used)
    }

    #[test]
    fn matches_the_slice_decoders() {
        if !available() {
            // Nothing to test but the refusal.
            assert_eq!(
                decode_blocks::<false, _>(&[0; 1000], usize::MAX, &mut Vec::<u64>::new()),
                (0, 0)
            );
            return;
        }
        let mut state = 0x2545_F491_4F6C_DD1D;
        for round in 0..2000 {
            // Values of every length 1..=10, some padded, in runs that
            // cross block boundaries anywhere: one stream of ULEB128, one
            // of SLEB128.
            let (mut ubuf, mut sbuf) = (Vec::new(), Vec::new());
            while ubuf.len().min(sbuf.len()) < 300 + round % 200 {
                let r = next(&mut state);
                // Odd rounds: every length alike (most windows hold fewer
                // than 16 values: the block path); even rounds: mostly one
                // and two bytes, one value in 20 of nine or ten (the
                // 16-value steps, with long values among them).
                let len = if round % 2 == 1 {
                    1 + (r % 10) as u32
                } else {
                    match r % 20 {
                        0 => 9 + (r >> 40) as u32 % 2,
                        1..=12 => 1,
                        _ => 2,
                    }
                };
                let v = next(&mut state) >> (64 - (7 * len).min(64));
                let pad = if r >> 60 == 0 { (r >> 8) as usize % 11 } else { 0 };
                write_uleb128_padded(&mut ubuf, v, pad);
                write_sleb128_padded(&mut sbuf, v as i64, pad);
            }
            for (signed, buf) in [(false, &mut ubuf), (true, &mut sbuf)] {
                let mut u = Vec::<u64>::new();
                let mut s = Vec::<i64>::new();
                let (_, used) = if signed {
                    decode_blocks::<true, _>(buf, usize::MAX, &mut s)
                } else {
                    decode_blocks::<false, _>(buf, usize::MAX, &mut u)
                };
                assert!(used + WINDOW > buf.len(), "round {round}: stopped at {used}");
                check(buf);
                // A byte changed anywhere (often into an invalid value):
                // still only correct values, up to a boundary.
                let at = next(&mut state) as usize % buf.len();
                buf[at] = next(&mut state) as u8 | 0x80;
                check(buf);
            }
        }
    }

    #[test]
    fn stops_before_invalid_values() {
        if !available() {
            return;
        }
        // 100 one-byte values, then an eleven-byte one, then more.
        let mut buf = vec![0x01; 100];
        buf.extend_from_slice(&[0x80; 10]);
        buf.push(0x00);
        buf.extend_from_slice(&[0x02; 200]);
        let (n, used) = check(&buf);
        assert_eq!((n, used), (100, 100));
        // A ten-byte value whose last byte overflows.
        let mut buf = vec![0x01; 70];
        buf.extend_from_slice(&[0xff; 9]);
        buf.push(0x02);
        buf.extend_from_slice(&[0x03; 200]);
        assert_eq!(check(&buf), (70, 70));
        // Nine and ten bytes that are valid.
        let mut buf = vec![0x01; 70];
        buf.extend_from_slice(&[0xff; 9]);
        buf.push(0x01);
        buf.extend_from_slice(&[0xff; 8]);
        buf.push(0x7f);
        buf.extend_from_slice(&[0x03; 200]);
        let (n, _) = check(&buf);
        assert!(n > 72);
        // No end at all in the first block.
        assert_eq!(check(&[0x80; 200]), (0, 0));
        // `max` and room are respected.
        let mut out = Vec::<u64>::new();
        assert_eq!(decode_blocks::<false, _>(&[1; 1000], 63, &mut out), (0, 0));
        assert_eq!(decode_blocks::<false, _>(&[1; 1000], 200, &mut out), (192, 192));
        let mut slice = [0u64; 100];
        let mut sink = SliceSink { out: &mut slice, filled: 0 };
        assert_eq!(decode_blocks::<false, _>(&[1; 1000], 1000, &mut sink), (64, 64));
        assert_eq!(sink.filled, 64);
    }
}
