//! Integer constants of any width (1 to 2^23 bits), printed as `llvm-dis`
//! prints them: `true`/`false` for `i1`, else the value read as signed, in
//! decimal. Decimal printing and parsing take near-linear time in the
//! width (divide and conquer over powers of ten with Karatsuba
//! multiplication and Newton reciprocals; schoolbook below a few thousand
//! bits).
//!
//! ```
//! use llvmext_ir::int::IntValue;
//! assert_eq!(IntValue::from_u64(32, 0xffff_ffff).unwrap().to_string(), "-1");
//! assert_eq!(IntValue::from_u64(1, 1).unwrap().to_string(), "true");
//! let big = IntValue::from_limbs(128, &[0, 1]).unwrap(); // 2^64
//! assert_eq!(big.to_string(), "18446744073709551616");
//! ```

use alloc::vec::Vec;
use core::fmt;

use crate::types::{TypeError, MAX_INT_BITS};

mod nat;

pub(crate) use nat::from_decimal;

/// An integer value of a given width, as little-endian 64-bit limbs (bits
/// above the width are zero).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IntValue {
    bits: u32,
    limbs: Vec<u64>,
}

impl IntValue {
    /// The value `limbs` (little-endian; bits past `bits` are dropped) as an
    /// `i{bits}`.
    pub fn from_limbs(bits: u32, limbs: &[u64]) -> Result<Self, TypeError> {
        if bits == 0 || bits > MAX_INT_BITS {
            return Err(TypeError::IntWidth(bits));
        }
        let n = bits.div_ceil(64) as usize;
        let mut v: Vec<u64> = limbs.iter().copied().take(n).collect();
        v.resize(n, 0);
        let mut r = IntValue { bits, limbs: v };
        r.clear_top();
        Ok(r)
    }

    /// `v` truncated to `bits`.
    pub fn from_u64(bits: u32, v: u64) -> Result<Self, TypeError> {
        Self::from_limbs(bits, &[v])
    }

    /// `v` sign-extended or truncated to `bits`.
    pub fn from_i64(bits: u32, v: i64) -> Result<Self, TypeError> {
        let n = bits.div_ceil(64) as usize;
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = alloc::vec![fill; n.max(1)];
        limbs[0] = v as u64;
        Self::from_limbs(bits, &limbs)
    }

    fn clear_top(&mut self) {
        let r = self.bits % 64;
        if r != 0 {
            if let Some(top) = self.limbs.last_mut() {
                *top &= (1u64 << r) - 1;
            }
        }
    }

    /// The width.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The limbs, little-endian.
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// Whether the sign bit is set.
    pub fn is_negative(&self) -> bool {
        let b = self.bits - 1;
        self.limbs[(b / 64) as usize] >> (b % 64) & 1 == 1
    }

    /// The magnitude of the value read as signed.
    fn magnitude(&self) -> Vec<u64> {
        let mut m = self.limbs.clone();
        if self.is_negative() {
            // Two's complement negation within the width.
            let mut carry = true;
            for l in &mut m {
                let (v, c) = (!*l).overflowing_add(u64::from(carry));
                *l = v;
                carry = c;
            }
            let r = self.bits % 64;
            if r != 0 {
                if let Some(top) = m.last_mut() {
                    *top &= (1u64 << r) - 1;
                }
            }
            // The most negative value: its magnitude is 2^(bits-1), which
            // the masking above keeps.
        }
        m
    }
}

impl fmt::Display for IntValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.bits == 1 {
            return f.write_str(if self.limbs[0] & 1 == 1 { "true" } else { "false" });
        }
        if self.is_negative() {
            f.write_str("-")?;
        }
        let m = self.magnitude();
        if m.len() <= 2 {
            let v = u128::from(m[0]) | u128::from(m.get(1).copied().unwrap_or(0)) << 64;
            return write!(f, "{v}");
        }
        let digits = nat::to_decimal(&m);
        f.write_str(core::str::from_utf8(&digits).map_err(|_| fmt::Error)?)
    }
}
