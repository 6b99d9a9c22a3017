//! Floating-point constants, bit-exact in every LLVM format, printed as
//! `llvm-dis` prints them.
//!
//! `float` and `double` values print in decimal (`1.500000e+00`: six
//! significant digits and a padding `0`) when that reads back as the same
//! double, else as the hex digits of the value as a double, without leading
//! zeros (`0x3FB99999A0000000` for the `float` 0.1, `0x1` for the smallest
//! subnormal double). The
//! other formats always print in hex with a letter for the format:
//! `0xH` half, `0xR` bfloat, `0xK` x86_fp80, `0xL` fp128, `0xM` ppc_fp128
//! (LLVM's `AsmWriter`).
//!
//! ```
//! use llvmext_ir::float::FloatValue;
//! assert_eq!(FloatValue::Double(1.5f64.to_bits()).to_string(), "1.500000e+00");
//! assert_eq!(FloatValue::Float(0.1f32.to_bits()).to_string(), "0x3FB99999A0000000");
//! assert_eq!(FloatValue::Half(0x3C00).to_string(), "0xH3C00");
//! ```

use alloc::string::String;
use core::fmt::{self, Write as _};

use crate::types::FloatKind;

/// A floating-point value of one of LLVM's formats, as its bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatValue {
    /// `half`.
    Half(u16),
    /// `bfloat`.
    BFloat(u16),
    /// `float`.
    Float(u32),
    /// `double`.
    Double(u64),
    /// `x86_fp80`: the low 80 bits (64-bit significand with its explicit
    /// integer bit, then sign and exponent in bits 64..80).
    X86Fp80(u128),
    /// `fp128`.
    Fp128(u128),
    /// `ppc_fp128`: the high-order double in the low 64 bits, the
    /// low-order double in the high 64 bits (LLVM's `APInt` layout).
    PpcFp128(u128),
}

impl FloatValue {
    /// `+0.0` in format `kind`.
    pub fn zero(kind: FloatKind) -> Self {
        match kind {
            FloatKind::Half => FloatValue::Half(0),
            FloatKind::BFloat => FloatValue::BFloat(0),
            FloatKind::Float => FloatValue::Float(0),
            FloatKind::Double => FloatValue::Double(0),
            FloatKind::X86Fp80 => FloatValue::X86Fp80(0),
            FloatKind::Fp128 => FloatValue::Fp128(0),
            FloatKind::PpcFp128 => FloatValue::PpcFp128(0),
        }
    }

    /// Whether this is `+0.0` (LLVM's `isNullValue` for floats).
    pub fn is_pos_zero(self) -> bool {
        match self {
            FloatValue::Half(b) | FloatValue::BFloat(b) => b == 0,
            FloatValue::Float(b) => b == 0,
            FloatValue::Double(b) => b == 0,
            FloatValue::X86Fp80(b) | FloatValue::Fp128(b) | FloatValue::PpcFp128(b) => b == 0,
        }
    }

    /// The format.
    pub fn kind(self) -> FloatKind {
        match self {
            FloatValue::Half(_) => FloatKind::Half,
            FloatValue::BFloat(_) => FloatKind::BFloat,
            FloatValue::Float(_) => FloatKind::Float,
            FloatValue::Double(_) => FloatKind::Double,
            FloatValue::X86Fp80(_) => FloatKind::X86Fp80,
            FloatValue::Fp128(_) => FloatKind::Fp128,
            FloatValue::PpcFp128(_) => FloatKind::PpcFp128,
        }
    }
}

/// A `float`'s bits widened to a `double`'s, exactly (NaN payloads kept,
/// signaling NaNs staying signaling, as LLVM's printer keeps them).
fn widen(bits: u32) -> u64 {
    let sign = u64::from(bits >> 31) << 63;
    let exp = (bits >> 23) & 0xff;
    let man = u64::from(bits & 0x7f_ffff);
    if exp == 0xff {
        return sign | 0x7ff << 52 | man << 29;
    }
    f64::from(f32::from_bits(bits)).to_bits() | sign
}

/// Multiplies a little-endian big integer by `m`.
fn big_mul(big: &mut alloc::vec::Vec<u64>, m: u64) {
    let mut carry = 0u128;
    for limb in big.iter_mut() {
        let v = u128::from(*limb) * u128::from(m) + carry;
        *limb = v as u64;
        carry = v >> 64;
    }
    if carry != 0 {
        big.push(carry as u64);
    }
}

/// Divides a little-endian big integer by `d` (truncating); returns the
/// remainder.
fn big_div(big: &mut alloc::vec::Vec<u64>, d: u64) -> u64 {
    let mut rem = 0u128;
    for limb in big.iter_mut().rev() {
        let cur = (rem << 64) | u128::from(*limb);
        *limb = (cur / u128::from(d)) as u64;
        rem = cur % u128::from(d);
    }
    while big.last() == Some(&0) {
        big.pop();
    }
    rem as u64
}

fn big_bits(big: &[u64]) -> u32 {
    match big.last() {
        Some(&top) => (big.len() as u32 - 1) * 64 + (64 - top.leading_zeros()),
        None => 0,
    }
}

/// The scientific form LLVM tries first: `APFloat::toString(Str, 6, 0,
/// false)` of the finite, nonzero double `bits`, step for step — the exact
/// value `N * 2^e` becomes `N * 5^-e * 10^e`, low decimal digits are cut
/// off by a *truncating* division down to about 20 bits
/// (`AdjustToPrecision` on the integer), trailing zeros are dropped, and
/// only then are the digits rounded half up to six. So `1e-06`, whose double
/// is 9.99999999999999954748e-07, comes out `9.999990e-07` (the truncation
/// left six nines), which does not read back as the same double: LLVM then
/// prints hex. The digits are written `d.dddddde[+-]XX`, zero-padded to six
/// after the point. (A `float` widened to `double` has the same exact value,
/// so one routine serves both.)
fn decimal(bits: u64) -> String {
    let neg = bits >> 63 != 0;
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut sig, mut exp2) =
        if biased == 0 { (frac, -1074) } else { (frac | 1 << 52, biased - 1075) };
    let tz = sig.trailing_zeros();
    sig >>= tz;
    exp2 += tz as i32;
    let mut big = alloc::vec![sig];
    let mut exp10: i32 = 0;
    if exp2 > 0 {
        for _ in 0..exp2 {
            big_mul(&mut big, 2);
        }
    } else if exp2 < 0 {
        let mut t = -exp2;
        while t > 0 {
            let k = t.min(27);
            big_mul(&mut big, 5u64.pow(k as u32));
            t -= k;
        }
        exp10 = exp2;
    }
    // AdjustToPrecision on the integer: 196/59 overestimates lg2(10).
    let required: u32 = (6 * 196u32).div_ceil(59);
    let have = big_bits(&big);
    if have > required {
        let mut tens = (have - required) * 59 / 196;
        exp10 += tens as i32;
        while tens > 0 {
            let k = tens.min(19);
            big_div(&mut big, 10u64.pow(k));
            tens -= k;
        }
    }
    // Digits, least significant first, trailing zeros dropped.
    let mut digits: alloc::vec::Vec<u8> = alloc::vec::Vec::new();
    let mut in_trail = true;
    while !big.is_empty() {
        let d = big_div(&mut big, 10) as u8;
        if in_trail && d == 0 {
            exp10 += 1;
        } else {
            digits.push(b'0' + d);
            in_trail = false;
        }
    }
    // AdjustToPrecision on the digits: round half up to six.
    let n = digits.len();
    if n > 6 {
        let mut first = n - 6;
        if digits[first - 1] < b'5' {
            while first < n && digits[first] == b'0' {
                first += 1;
            }
        } else {
            for d in digits[first..].iter_mut() {
                if *d == b'9' {
                    first += 1;
                } else {
                    *d += 1;
                    break;
                }
            }
        }
        exp10 += first as i32;
        digits.drain(..first);
        if digits.is_empty() {
            digits.push(b'1');
        }
    }
    let nd = digits.len();
    let exp = exp10 + nd as i32 - 1;
    let mut out = String::with_capacity(16);
    if neg {
        out.push('-');
    }
    out.push(digits[nd - 1] as char);
    out.push('.');
    for i in (0..nd - 1).rev() {
        out.push(digits[i] as char);
    }
    for _ in nd - 1..6 {
        out.push('0');
    }
    out.push('e');
    out.push(if exp < 0 { '-' } else { '+' });
    let a = exp.unsigned_abs();
    if a < 10 {
        out.push('0');
    }
    let _ = write!(out, "{a}");
    out
}

fn zero_text(bits: u64) -> String {
    String::from(if bits >> 63 != 0 { "-0.000000e+00" } else { "0.000000e+00" })
}

fn write_single_or_double(f: &mut fmt::Formatter<'_>, bits: u64) -> fmt::Result {
    let v = f64::from_bits(bits);
    if v.is_finite() {
        let s = if v == 0.0 { zero_text(bits) } else { decimal(bits) };
        if s.parse::<f64>().is_ok_and(|r| r == v) {
            return f.write_str(&s);
        }
    }
    // `format_hex(bits, 0)`: no leading zeros.
    write!(f, "0x{bits:X}")
}

impl fmt::Display for FloatValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FloatValue::Double(b) => write_single_or_double(f, b),
            FloatValue::Float(b) => write_single_or_double(f, widen(b)),
            FloatValue::Half(b) => write!(f, "0xH{b:04X}"),
            FloatValue::BFloat(b) => write!(f, "0xR{b:04X}"),
            FloatValue::X86Fp80(b) => {
                let hi = ((b >> 64) & 0xffff) as u16;
                write!(f, "0xK{hi:04X}{:016X}", b as u64)
            }
            FloatValue::Fp128(b) => write!(f, "0xL{:016X}{:016X}", b as u64, (b >> 64) as u64),
            FloatValue::PpcFp128(b) => write!(f, "0xM{:016X}{:016X}", b as u64, (b >> 64) as u64),
        }
    }
}
