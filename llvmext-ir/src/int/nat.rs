//! Natural numbers as little-endian 64-bit limbs, with the few operations
//! radix conversion needs, in near-linear time: Karatsuba multiplication,
//! Newton reciprocals with Barrett division, and divide-and-conquer
//! decimal parsing and printing over the powers `10^(19·2^k)`.
//!
//! Small sizes take the schoolbook paths (which are also the reference the
//! tests compare the fast paths against).

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// `10^19`, the largest power of ten in a limb.
pub(crate) const CHUNK: u64 = 10_000_000_000_000_000_000;
/// Decimal digits per [`CHUNK`].
pub(crate) const CHUNK_DIGITS: usize = 19;

/// Below this many limbs (of the shorter operand) multiplication is
/// schoolbook.
const KARATSUBA: usize = 32;
/// Below this many limbs a reciprocal is a schoolbook division.
const RECIP_SCHOOL: usize = 48;
/// Below this many limbs printing is repeated division by `10^19`.
const PRINT_SCHOOL: usize = 40;
/// Below this many 19-digit chunks parsing is Horner's rule.
const PARSE_SCHOOL: usize = 40;

/// `v` without its high zero limbs.
pub(crate) fn trimmed(v: &[u64]) -> &[u64] {
    let n = v.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
    &v[..n]
}

fn trim(v: &mut Vec<u64>) {
    let n = trimmed(v).len();
    v.truncate(n);
}

/// Compares two numbers (high zero limbs allowed).
pub(crate) fn cmp(a: &[u64], b: &[u64]) -> Ordering {
    let (a, b) = (trimmed(a), trimmed(b));
    a.len().cmp(&b.len()).then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `acc += b` (`acc` at least as long as `b`); returns the carry out.
fn add_into(acc: &mut [u64], b: &[u64]) -> bool {
    let mut carry = false;
    for (i, a) in acc.iter_mut().enumerate() {
        let y = match b.get(i) {
            Some(&y) => y,
            None if !carry => break,
            None => 0,
        };
        let (s1, c1) = a.overflowing_add(y);
        let (s2, c2) = s1.overflowing_add(u64::from(carry));
        *a = s2;
        carry = c1 || c2;
    }
    carry
}

/// `acc -= b` (`acc` at least as long as `b`); returns the borrow out.
fn sub_into(acc: &mut [u64], b: &[u64]) -> bool {
    let mut borrow = false;
    for (i, a) in acc.iter_mut().enumerate() {
        let y = match b.get(i) {
            Some(&y) => y,
            None if !borrow => break,
            None => 0,
        };
        let (s1, c1) = a.overflowing_sub(y);
        let (s2, c2) = s1.overflowing_sub(u64::from(borrow));
        *a = s2;
        borrow = c1 || c2;
    }
    borrow
}

/// `a + b`.
fn add(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut r = Vec::with_capacity(a.len() + 1);
    r.extend_from_slice(a);
    r.push(0);
    add_into(&mut r, b);
    trim(&mut r);
    r
}

/// `a -= b` where `a >= b`.
fn sub_assign(a: &mut Vec<u64>, b: &[u64]) {
    let b = trimmed(b);
    debug_assert!(cmp(a, b) != Ordering::Less);
    let borrow = sub_into(a, b);
    debug_assert!(!borrow);
    trim(a);
}

/// `a·m + c` in place (a growing number).
fn mul_small_add(a: &mut Vec<u64>, m: u64, c: u64) {
    let mut carry = u128::from(c);
    for l in a.iter_mut() {
        let x = u128::from(*l) * u128::from(m) + carry;
        *l = x as u64;
        carry = x >> 64;
    }
    if carry != 0 {
        a.push(carry as u64);
    }
}

/// Divides `n` by `d` in place, returning the remainder.
pub(crate) fn div_small(n: &mut [u64], d: u64) -> u64 {
    let mut rem: u128 = 0;
    for l in n.iter_mut().rev() {
        let cur = rem << 64 | u128::from(*l);
        *l = (cur / u128::from(d)) as u64;
        rem = cur % u128::from(d);
    }
    rem as u64
}

/// Schoolbook `out += a·b` (`out` at least `a.len() + b.len()` long).
fn mul_school(a: &[u64], b: &[u64], out: &mut [u64]) {
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let mut carry: u128 = 0;
        for (j, &y) in b.iter().enumerate() {
            let t = u128::from(x) * u128::from(y) + u128::from(out[i + j]) + carry;
            out[i + j] = t as u64;
            carry = t >> 64;
        }
        let mut k = i + b.len();
        while carry != 0 {
            let t = u128::from(out[k]) + carry;
            out[k] = t as u64;
            carry = t >> 64;
            k += 1;
        }
    }
}

/// `out = a·b`, `out` zeroed and exactly `a.len() + b.len()` long.
fn mul_into(a: &[u64], b: &[u64], out: &mut [u64]) {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if b.len() < KARATSUBA {
        mul_school(a, b, out);
        return;
    }
    if a.len() >= 2 * b.len() {
        // Unbalanced: slices of `a` as long as `b`.
        let mut tmp = vec![0u64; 2 * b.len()];
        for (i, chunk) in a.chunks(b.len()).enumerate() {
            let t = &mut tmp[..chunk.len() + b.len()];
            t.fill(0);
            mul_into(chunk, b, t);
            add_into(&mut out[i * b.len()..], trimmed(t));
        }
        return;
    }
    // Karatsuba: a = a1·B^h + a0, b = b1·B^h + b0 (b.len() > h).
    let h = a.len() / 2;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let z0 = mul(a0, b0);
    let z2 = mul(a1, b1);
    let mut z1 = mul(&add(a0, a1), &add(b0, b1));
    sub_assign(&mut z1, &z0);
    sub_assign(&mut z1, &z2);
    out[..z0.len()].copy_from_slice(&z0);
    out[2 * h..2 * h + z2.len()].copy_from_slice(&z2);
    add_into(&mut out[h..], &z1);
}

/// `a·b`, trimmed.
pub(crate) fn mul(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = (trimmed(a), trimmed(b));
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u64; a.len() + b.len()];
    mul_into(a, b, &mut out);
    trim(&mut out);
    out
}

/// Schoolbook (Knuth's algorithm D) `(n / d, n % d)`, trimmed; `d` nonzero.
pub(crate) fn divmod_school(n: &[u64], d: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (n, d) = (trimmed(n), trimmed(d));
    assert!(!d.is_empty(), "division by zero");
    if cmp(n, d) == Ordering::Less {
        return (Vec::new(), n.to_vec());
    }
    if d.len() == 1 {
        let mut q = n.to_vec();
        let r = div_small(&mut q, d[0]);
        trim(&mut q);
        return (q, if r == 0 { Vec::new() } else { vec![r] });
    }
    // Normalize so the divisor's top bit is set.
    let s = d[d.len() - 1].leading_zeros();
    let shl = |v: &[u64], extra: usize| -> Vec<u64> {
        let mut r = vec![0u64; v.len() + extra];
        for (i, &x) in v.iter().enumerate() {
            r[i] |= x << s;
            if s != 0 {
                r[i + 1] |= x >> (64 - s);
            }
        }
        r
    };
    let dn = {
        let mut v = shl(d, 1);
        v.pop();
        v
    };
    let mut un = shl(n, 1);
    let nd = dn.len();
    let m = un.len() - nd;
    let mut q = vec![0u64; m];
    let top = u128::from(dn[nd - 1]);
    let second = u128::from(dn[nd - 2]);
    const B: u128 = 1 << 64;
    for j in (0..m).rev() {
        let num = u128::from(un[j + nd]) << 64 | u128::from(un[j + nd - 1]);
        let mut qhat = num / top;
        let mut rhat = num % top;
        while qhat >= B || qhat * second > (rhat << 64 | u128::from(un[j + nd - 2])) {
            qhat -= 1;
            rhat += top;
            if rhat >= B {
                break;
            }
        }
        // un[j..j+nd+1] -= qhat·dn
        let mut borrow: u128 = 0;
        let mut carry: u128 = 0;
        for i in 0..nd {
            let p = qhat * u128::from(dn[i]) + carry;
            carry = p >> 64;
            let (v, b1) = un[i + j].overflowing_sub(p as u64);
            let (v, b2) = v.overflowing_sub(borrow as u64);
            un[i + j] = v;
            borrow = u128::from(b1 || b2);
        }
        let (v, b1) = un[j + nd].overflowing_sub(carry as u64);
        let (v, b2) = v.overflowing_sub(borrow as u64);
        un[j + nd] = v;
        if b1 || b2 {
            // Added back once: qhat was one too big.
            qhat -= 1;
            let mut c = false;
            for i in 0..nd {
                let (s1, c1) = un[i + j].overflowing_add(dn[i]);
                let (s2, c2) = s1.overflowing_add(u64::from(c));
                un[i + j] = s2;
                c = c1 || c2;
            }
            un[j + nd] = un[j + nd].wrapping_add(u64::from(c));
        }
        q[j] = qhat as u64;
    }
    // Unnormalize the remainder.
    let mut r = vec![0u64; nd];
    for i in 0..nd {
        r[i] = un[i] >> s;
        if s != 0 {
            r[i] |= un[i + 1] << (64 - s);
        }
    }
    trim(&mut q);
    trim(&mut r);
    (q, r)
}

/// `B^k` (`B = 2^64`).
fn pow_b(k: usize) -> Vec<u64> {
    let mut v = vec![0u64; k + 1];
    v[k] = 1;
    v
}

/// `a - b` as sign and magnitude (`true` = negative).
fn sub_signed(a: &[u64], b: &[u64]) -> (bool, Vec<u64>) {
    if cmp(a, b) == Ordering::Less {
        let mut r = trimmed(b).to_vec();
        sub_assign(&mut r, a);
        (true, r)
    } else {
        let mut r = trimmed(a).to_vec();
        sub_assign(&mut r, b);
        (false, r)
    }
}

/// `floor(B^(2m) / d)` where `d` is trimmed, nonzero and `m` limbs long.
pub(crate) fn recip(d: &[u64]) -> Vec<u64> {
    let m = d.len();
    if m <= RECIP_SCHOOL {
        return divmod_school(&pow_b(2 * m), d).0;
    }
    // From the reciprocal of the top h limbs, relative error below
    // B^-(h-1); one Newton step squares it, to within a few units of the
    // result as 2h - 2 >= m + 1.
    let h = m / 2 + 2;
    let rh = recip(&d[m - h..]);
    let mut x = vec![0u64; m - h];
    x.extend_from_slice(&rh);
    let target = pow_b(2 * m);
    let (neg, e) = sub_signed(&target, &mul(d, &x));
    let xe = mul(&x, &e);
    let corr = xe.get(2 * m..).unwrap_or(&[]);
    if neg {
        let mut xx = x;
        if cmp(&xx, corr) == Ordering::Less {
            xx.clear();
        } else {
            sub_assign(&mut xx, corr);
        }
        x = xx;
    } else {
        x = add(&x, corr);
    }
    // Exact: the remainder B^(2m) - d·x must lie in [0, d).
    let (mut neg, mut r) = sub_signed(&target, &mul(d, &x));
    while neg {
        sub_assign(&mut x, &[1]);
        let s = sub_signed(d, &r);
        neg = s.0;
        r = s.1;
    }
    while cmp(&r, d) != Ordering::Less {
        x = add(&x, &[1]);
        sub_assign(&mut r, d);
    }
    trim(&mut x);
    x
}

/// `10^(19·2^k)` and, once needed, its reciprocal.
struct Pow {
    p: Vec<u64>,
    r: Option<Vec<u64>>,
}

/// The powers `10^(19·2^k)`, computed as needed.
#[derive(Default)]
struct Powers(Vec<Pow>);

impl Powers {
    fn get(&mut self, k: usize) -> &[u64] {
        while self.0.len() <= k {
            let p = match self.0.last() {
                None => vec![CHUNK],
                Some(l) => mul(&l.p, &l.p),
            };
            self.0.push(Pow { p, r: None });
        }
        &self.0[k].p
    }

    /// `(n / P_k, n % P_k)` for `n < P_k^2`.
    fn divmod(&mut self, n: &[u64], k: usize) -> (Vec<u64>, Vec<u64>) {
        self.get(k);
        let pw = &mut self.0[k];
        let d = &pw.p;
        let m = d.len();
        if m <= RECIP_SCHOOL {
            return divmod_school(n, d);
        }
        let r = pw.r.get_or_insert_with(|| recip(d));
        // Barrett: q = floor(floor(n / B^(m-1)) · R / B^(m+1)), at most 2
        // below the quotient as n < B^(2m).
        let top = n.get(m - 1..).unwrap_or(&[]);
        let qr = mul(top, r);
        let mut q = qr.get(m + 1..).unwrap_or(&[]).to_vec();
        let mut rem = trimmed(n).to_vec();
        sub_assign(&mut rem, &mul(&q, d));
        while cmp(&rem, d) != Ordering::Less {
            q = add(&q, &[1]);
            sub_assign(&mut rem, d);
        }
        trim(&mut q);
        (q, rem)
    }
}

/// Schoolbook decimal digits of `n` (none for zero), left-padded with
/// zeros to `pad`.
fn print_school(n: &[u64], pad: usize, out: &mut Vec<u8>) {
    let mut m = trimmed(n).to_vec();
    let mut chunks = Vec::with_capacity(m.len() + 1);
    while !m.is_empty() {
        chunks.push(div_small(&mut m, CHUNK));
        trim(&mut m);
    }
    let mut digits: Vec<u8> = Vec::with_capacity(chunks.len() * CHUNK_DIGITS);
    for (i, &c) in chunks.iter().rev().enumerate() {
        let mut buf = [b'0'; CHUNK_DIGITS];
        let mut v = c;
        for b in buf.iter_mut().rev() {
            *b = b'0' + (v % 10) as u8;
            v /= 10;
        }
        if i == 0 {
            let skip = buf.iter().position(|&b| b != b'0').unwrap_or(CHUNK_DIGITS);
            digits.extend_from_slice(&buf[skip..]);
        } else {
            digits.extend_from_slice(&buf);
        }
    }
    out.extend(core::iter::repeat_n(b'0', pad.saturating_sub(digits.len())));
    out.extend_from_slice(&digits);
}

fn print_rec(n: &[u64], pad: usize, pw: &mut Powers, out: &mut Vec<u8>) {
    let n = trimmed(n);
    if n.len() <= PRINT_SCHOOL {
        return print_school(n, pad, out);
    }
    // The smallest k with n < P_k^2 = P_(k+1).
    let mut k = 0;
    while cmp(n, pw.get(k + 1)) != Ordering::Less {
        k += 1;
    }
    let low_digits = CHUNK_DIGITS << k;
    let (q, r) = pw.divmod(n, k);
    print_rec(&q, pad.saturating_sub(low_digits), pw, out);
    print_rec(&r, low_digits, pw, out);
}

/// The decimal digits of `n` (`"0"` for zero), by divide and conquer.
pub(crate) fn to_decimal(n: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    print_rec(n, 0, &mut Powers::default(), &mut out);
    if out.is_empty() {
        out.push(b'0');
    }
    out
}

/// The decimal digits of `n` (`"0"` for zero), schoolbook (quadratic).
#[cfg(test)]
pub(crate) fn to_decimal_school(n: &[u64]) -> Vec<u8> {
    let mut out = Vec::new();
    print_school(n, 0, &mut out);
    if out.is_empty() {
        out.push(b'0');
    }
    out
}

/// The 19-digit chunks of decimal digits `d` (all ASCII digits), least
/// significant first.
fn chunks_of(d: &[u8]) -> Vec<u64> {
    d.rchunks(CHUNK_DIGITS)
        .map(|c| c.iter().fold(0u64, |v, &b| v * 10 + u64::from(b - b'0')))
        .collect()
}

/// Horner's rule over chunks (most significant last), modulo `B^cap`.
fn horner(chunks: &[u64], cap: usize) -> Vec<u64> {
    let mut acc: Vec<u64> = Vec::new();
    for &c in chunks.iter().rev() {
        mul_small_add(&mut acc, CHUNK, c);
        acc.truncate(cap);
    }
    trim(&mut acc);
    acc
}

fn parse_rec(chunks: &[u64], pw: &mut Powers) -> Vec<u64> {
    if chunks.len() <= PARSE_SCHOOL {
        return horner(chunks, usize::MAX);
    }
    // low half: 2^k chunks, with 2^k < len <= 2^(k+1).
    let k = (usize::BITS - 1 - (chunks.len() - 1).leading_zeros()) as usize;
    let (lo, hi) = chunks.split_at(1 << k);
    let low = parse_rec(lo, pw);
    let high = parse_rec(hi, pw);
    let mut r = mul(&high, pw.get(k));
    r.resize(r.len().max(low.len()) + 1, 0);
    add_into(&mut r, &low);
    trim(&mut r);
    r
}

/// The value of decimal digits `d` (all ASCII digits) modulo `B^cap`,
/// trimmed: Horner's rule when the value or the cap is small, else
/// divide and conquer.
pub(crate) fn from_decimal(d: &[u8], cap: usize) -> Vec<u64> {
    let chunks = chunks_of(d);
    if cap.min(chunks.len()) <= 64 {
        return horner(&chunks, cap);
    }
    let mut v = parse_rec(&chunks, &mut Powers::default());
    v.truncate(cap);
    trim(&mut v);
    v
}

/// The value of decimal digits `d` modulo `B^cap`, one digit at a time
/// (quadratic; the reference for tests).
#[cfg(test)]
pub(crate) fn from_decimal_school(d: &[u8], cap: usize) -> Vec<u64> {
    let mut acc: Vec<u64> = Vec::new();
    for &c in d {
        mul_small_add(&mut acc, 10, u64::from(c - b'0'));
        acc.truncate(cap);
    }
    trim(&mut acc);
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64*, for reproducible random limbs.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn limbs(&mut self, n: usize) -> Vec<u64> {
            (0..n).map(|_| self.next()).collect()
        }
    }

    fn mul_ref(a: &[u64], b: &[u64]) -> Vec<u64> {
        let mut out = vec![0; a.len() + b.len()];
        mul_school(a, b, &mut out);
        trim(&mut out);
        out
    }

    #[test]
    fn karatsuba_matches_schoolbook() {
        let mut rng = Rng(7);
        for &(x, y) in &[(32, 32), (33, 40), (100, 37), (257, 256), (1000, 999), (64, 700)] {
            let a = rng.limbs(x);
            let b = rng.limbs(y);
            assert_eq!(mul(&a, &b), mul_ref(&a, &b), "{x}x{y}");
        }
        // All-ones operands stress the carries.
        let a = vec![u64::MAX; 300];
        assert_eq!(mul(&a, &a), mul_ref(&a, &a));
    }

    #[test]
    fn reciprocal_is_exact() {
        let mut rng = Rng(11);
        for m in [1, 2, 5, 48, 49, 50, 77, 100, 201, 400] {
            for top in [1u64, 0x8000_0000_0000_0000, u64::MAX, 12345] {
                let mut d = rng.limbs(m);
                d[m - 1] = top;
                let r = recip(&d);
                let (q, _) = divmod_school(&pow_b(2 * m), &d);
                assert_eq!(r, q, "m={m} top={top}");
            }
        }
    }

    #[test]
    fn division_by_powers() {
        let mut rng = Rng(3);
        let mut pw = Powers::default();
        for k in 0..8 {
            let m = pw.get(k).len();
            for n_len in [1, m, 2 * m - 1] {
                let mut n = rng.limbs(n_len);
                while cmp(&n, pw.get(k + 1)) != Ordering::Less {
                    n.pop();
                }
                let p = pw.get(k).to_vec();
                assert_eq!(pw.divmod(&n, k), divmod_school(&n, &p), "k={k}");
            }
        }
    }

    use proptest::prelude::*;

    fn limb() -> impl Strategy<Value = u64> {
        prop_oneof![any::<u64>(), Just(0), Just(u64::MAX), 0..10u64]
    }

    /// Mostly small numbers, some up to 3000 limbs.
    fn number() -> impl Strategy<Value = Vec<u64>> {
        prop_oneof![
            3 => proptest::collection::vec(limb(), 0..80),
            2 => proptest::collection::vec(limb(), 80..600),
            1 => proptest::collection::vec(limb(), 600..3000),
        ]
    }

    fn digits() -> impl Strategy<Value = Vec<u8>> {
        let d = prop_oneof![b'0'..=b'9', Just(b'9'), Just(b'0')];
        prop_oneof![
            3 => proptest::collection::vec(d.clone(), 1..1500),
            1 => proptest::collection::vec(d, 1500..40000),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        #[test]
        fn printing_matches_schoolbook(n in number()) {
            prop_assert_eq!(to_decimal(&n), to_decimal_school(&n));
        }

        #[test]
        fn parsing_matches_schoolbook(
            d in digits(),
            cap in prop_oneof![Just(1usize), Just(2), 60..70usize, 100..3000usize, Just(usize::MAX)],
        ) {
            prop_assert_eq!(from_decimal(&d, cap), from_decimal_school(&d, cap));
        }

        #[test]
        fn multiplication_matches_schoolbook(a in number(), b in number()) {
            prop_assert_eq!(mul(&a, &b), mul_ref(trimmed(&a), trimmed(&b)));
        }

        #[test]
        fn division_matches_schoolbook(n in number(), k in 0usize..7) {
            let mut pw = Powers::default();
            let mut n = n;
            while cmp(&n, pw.get(k + 1)) != Ordering::Less {
                n.pop();
            }
            let p = pw.get(k).to_vec();
            prop_assert_eq!(pw.divmod(&n, k), divmod_school(&n, &p));
        }

        #[test]
        fn round_trip(n in number()) {
            let d = to_decimal(&n);
            prop_assert_eq!(from_decimal(&d, usize::MAX), trimmed(&n).to_vec());
        }
    }
}
