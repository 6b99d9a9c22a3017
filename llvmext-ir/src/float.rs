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

/// The scientific form LLVM tries first (`APFloat::toString` with precision
/// 6 and no padding): the value rounded to six significant digits, written
/// `d.ddddd0e[+-]XX` (the seventh digit is padding, always `0`). Ties round
/// differently there (half up) than here (half even), but a tie means seven
/// significant digits, which six never read back as, so both end in hex.
fn decimal(v: f64) -> String {
    let mut raw = String::new();
    let _ = write!(raw, "{v:.5e}");
    let (mantissa, exp) = raw.split_once('e').unwrap_or((&raw, "0"));
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    let mut out = String::with_capacity(16);
    out.push_str(mantissa);
    out.push('0');
    out.push('e');
    out.push(sign);
    if digits.len() < 2 {
        out.push('0');
    }
    out.push_str(digits);
    out
}

fn write_single_or_double(f: &mut fmt::Formatter<'_>, bits: u64) -> fmt::Result {
    let v = f64::from_bits(bits);
    if v.is_finite() {
        let s = decimal(v);
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
