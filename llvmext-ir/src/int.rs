//! Integer constants of any width (1 to 2^23 bits), printed as `llvm-dis`
//! prints them: `true`/`false` for `i1`, else the value read as signed, in
//! decimal. Printing takes time quadratic in the width (schoolbook
//! division by 10^19), which is instant up to thousands of bits.
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

/// Divides `n` (little-endian limbs) by `d` in place, returning the
/// remainder.
fn div_small(n: &mut [u64], d: u64) -> u64 {
    let mut rem: u128 = 0;
    for l in n.iter_mut().rev() {
        let cur = rem << 64 | u128::from(*l);
        *l = (cur / u128::from(d)) as u64;
        rem = cur % u128::from(d);
    }
    rem as u64
}

impl fmt::Display for IntValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.bits == 1 {
            return f.write_str(if self.limbs[0] & 1 == 1 { "true" } else { "false" });
        }
        let mut m = self.magnitude();
        // Chunks of 19 decimal digits, least significant first.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut chunks = Vec::new();
        let mut len = m.len();
        while len > 0 {
            chunks.push(div_small(&mut m[..len], CHUNK));
            while len > 0 && m[len - 1] == 0 {
                len -= 1;
            }
        }
        if self.is_negative() {
            f.write_str("-")?;
        }
        match chunks.split_last() {
            None => f.write_str("0"),
            Some((first, rest)) => {
                write!(f, "{first}")?;
                for c in rest.iter().rev() {
                    write!(f, "{c:019}")?;
                }
                Ok(())
            }
        }
    }
}
