//! Constant folding as LLVM 19's `ConstantExpr::get*` does it when a
//! constant expression is built (`ConstantFold.cpp`): what the `.ll` parser
//! makes of `add (i64 2, i64 3)` or `extractelement (<2 x i32> <i32 1,
//! i32 2>, i32 1)` is what llvm-as-19 makes of it. An expression that does
//! not fold is interned as an expression; operands of vectors are folded
//! element by element.

use alloc::vec::Vec;

use crate::constant::{ConstKind, Constants, ExprOp};
use crate::float::FloatValue;
use crate::id::{ConstId, TypeId};
use crate::int::IntValue;
use crate::types::{FloatKind, TypeKind, Types};

/// Vectors longer than this are folded element by element only when an
/// operand lists its elements (the work is then bounded by the text), as
/// LLVM folds them at any length; a result made lane by lane out of
/// compact operands (a `splat` of 10^8 elements) stays unfolded.
const MAX_FOLD_ELEMS: u32 = 1 << 12;

/// Whether `v` lists its elements (so folding it lane by lane costs no
/// more than reading it did).
fn explicit(c: &Constants, v: ConstId) -> bool {
    matches!(c.kind(v), Some(ConstKind::Vector(_)))
}

fn expr(c: &mut Constants, ty: TypeId, op: ExprOp, flags: u8, ops: &[ConstId]) -> ConstId {
    c.intern_raw(ty, ConstKind::Expr { op, flags, ops: ops.into(), source_ty: None, inrange: None })
}

/// A fixed vector type's element type and length.
fn fixed_vector(t: &Types, ty: TypeId) -> Option<(TypeId, u32)> {
    match t.get(ty) {
        Some(&TypeKind::Vector { elem, len, scalable: false }) => Some((elem, len)),
        _ => None,
    }
}

fn is_undef(c: &Constants, x: ConstId) -> bool {
    matches!(c.kind(x), Some(ConstKind::Undef | ConstKind::Poison))
}

fn is_poison(c: &Constants, x: ConstId) -> bool {
    matches!(c.kind(x), Some(ConstKind::Poison))
}

fn int(c: &Constants, x: ConstId) -> Option<&IntValue> {
    match c.kind(x) {
        Some(ConstKind::Int(v)) => Some(v),
        _ => None,
    }
}

/// The constant a vector constant holds at `i`, if it is a constant of
/// elements (`getAggregateElement`).
fn element(t: &Types, c: &mut Constants, v: ConstId, i: u64) -> Option<ConstId> {
    let (elem, len) = fixed_vector(t, c.ty(v)?)?;
    if i >= u64::from(len) {
        return None;
    }
    match c.kind(v)?.clone() {
        ConstKind::Vector(e) => e.get(i as usize).copied(),
        ConstKind::Splat(e) => Some(e),
        ConstKind::Zero => c.zero(t, elem).ok(),
        ConstKind::Undef => Some(c.undef(elem)),
        ConstKind::Poison => Some(c.poison(elem)),
        _ => None,
    }
}

/// The value of `v` when it is a splat (`getSplatValue`).
fn splat_value(t: &Types, c: &mut Constants, v: ConstId) -> Option<ConstId> {
    let (elem, _) = fixed_vector(t, c.ty(v)?)?;
    match c.kind(v)?.clone() {
        ConstKind::Splat(e) => Some(e),
        ConstKind::Zero => c.zero(t, elem).ok(),
        ConstKind::Vector(e) if e.len() == 1 => Some(e[0]),
        _ => None,
    }
}

/// Whether `v` is a vector constant made of elements (LLVM's
/// `ConstantVector`/`ConstantDataVector`, not `zeroinitializer`, `undef`
/// or an expression).
fn is_elements(c: &Constants, v: ConstId) -> bool {
    matches!(c.kind(v), Some(ConstKind::Vector(_) | ConstKind::Splat(_)))
}

/// `op` of two integers of one width.
fn int_op(op: ExprOp, x: &IntValue, y: &IntValue) -> Option<IntValue> {
    let (a, b) = (x.limbs(), y.limbs());
    let n = a.len();
    let mut r = alloc::vec![0u64; n];
    match op {
        ExprOp::Add => {
            let mut carry = 0u64;
            for i in 0..n {
                let (s, c1) = a[i].overflowing_add(b[i]);
                let (s, c2) = s.overflowing_add(carry);
                r[i] = s;
                carry = u64::from(c1 || c2);
            }
        }
        ExprOp::Sub => {
            let mut borrow = 0u64;
            for i in 0..n {
                let (s, b1) = a[i].overflowing_sub(b[i]);
                let (s, b2) = s.overflowing_sub(borrow);
                r[i] = s;
                borrow = u64::from(b1 || b2);
            }
        }
        ExprOp::Mul => {
            // Schoolbook, kept to `n` limbs: the product wraps at the width.
            for i in 0..n {
                let mut carry = 0u128;
                for j in 0..n - i {
                    let t = u128::from(a[i]) * u128::from(b[j]) + u128::from(r[i + j]) + carry;
                    r[i + j] = t as u64;
                    carry = t >> 64;
                }
            }
        }
        ExprOp::Xor => {
            for i in 0..n {
                r[i] = a[i] ^ b[i];
            }
        }
        _ => return None,
    }
    IntValue::from_limbs(x.bits(), &r).ok()
}

/// The identity of `op` as a constant of `ty` (`getBinOpIdentity`): 0 for
/// `add`, `sub` (right only) and `xor`, 1 for `mul`.
fn identity(t: &Types, c: &mut Constants, op: ExprOp, ty: TypeId) -> Option<ConstId> {
    let scalar = fixed_vector(t, ty).map_or(ty, |(e, _)| e);
    let Some(&TypeKind::Int(bits)) = t.get(scalar) else { return None };
    let v = match op {
        ExprOp::Add | ExprOp::Sub | ExprOp::Xor => 0,
        ExprOp::Mul => 1,
        _ => return None,
    };
    let s = c.int(t, scalar, IntValue::from_u64(bits, v).ok()?).ok()?;
    if scalar == ty {
        Some(s)
    } else {
        c.splat(t, ty, s).ok()
    }
}

/// `op a, b` of type `ty` (`add`, `sub`, `mul`, `xor`) with `flags`
/// (`nuw`/`nsw`, kept only when the expression stays one).
pub fn binary(
    t: &Types,
    c: &mut Constants,
    op: ExprOp,
    flags: u8,
    a: ConstId,
    b: ConstId,
    ty: TypeId,
) -> ConstId {
    folded_binary(t, c, op, a, b, ty).unwrap_or_else(|| expr(c, ty, op, flags, &[a, b]))
}

fn folded_binary(
    t: &Types,
    c: &mut Constants,
    op: ExprOp,
    a: ConstId,
    b: ConstId,
    ty: TypeId,
) -> Option<ConstId> {
    // Identities first, whatever the other operand.
    if let Some(id) = identity(t, c, op, ty) {
        if op != ExprOp::Sub && a == id {
            return Some(b);
        }
        if b == id {
            return Some(a);
        }
    }
    if is_poison(c, a) || is_poison(c, b) {
        return Some(c.poison(ty));
    }
    let vector = fixed_vector(t, ty);
    if vector.is_none() && (is_undef(c, a) || is_undef(c, b)) {
        return Some(match op {
            ExprOp::Xor if is_undef(c, a) && is_undef(c, b) => c.zero(t, ty).ok()?,
            ExprOp::Mul if is_undef(c, a) && is_undef(c, b) => a,
            ExprOp::Mul => {
                // X * undef is undef if X is odd, else 0.
                let odd = int(c, a).or(int(c, b)).is_some_and(|v| v.limbs()[0] & 1 == 1);
                if odd {
                    c.undef(ty)
                } else {
                    c.zero(t, ty).ok()?
                }
            }
            _ => c.undef(ty),
        });
    }
    match (int(c, a).cloned(), int(c, b).cloned()) {
        (_, Some(y)) if op == ExprOp::Mul && y.limbs().iter().all(|&l| l == 0) => return Some(b),
        (Some(x), Some(y)) => {
            let r = int_op(op, &x, &y)?;
            return c.int(t, ty, r).ok();
        }
        // A constant integer on the left of a commutative operation moves
        // to the right (the flags are not carried over).
        (Some(_), None) if op != ExprOp::Sub => return Some(binary(t, c, op, 0, b, a, ty)),
        _ => {}
    }
    let (elem, len) = vector?;
    if let (Some(x), Some(y)) = (splat_value(t, c, a), splat_value(t, c, b)) {
        let r = binary(t, c, op, 0, x, y, elem);
        return c.splat(t, ty, r).ok();
    }
    if len > MAX_FOLD_ELEMS && !explicit(c, a) && !explicit(c, b) {
        return None;
    }
    let mut out = Vec::with_capacity(len as usize);
    for i in 0..u64::from(len) {
        let x = extract_element_at(t, c, a, i, elem);
        let y = extract_element_at(t, c, b, i, elem);
        out.push(binary(t, c, op, 0, x, y, elem));
    }
    c.vector(t, ty, &out).ok()
}

/// `extractelement (v, i)` for a known lane `i` (an expression if `v` is
/// not a constant of elements).
fn extract_element_at(t: &Types, c: &mut Constants, v: ConstId, i: u64, elem: TypeId) -> ConstId {
    if let Some(e) = element(t, c, v, i) {
        return e;
    }
    let i32t = t.find(&TypeKind::Int(32));
    let idx = i32t.and_then(|i32t| c.int(t, i32t, IntValue::from_u64(32, i).ok()?).ok());
    match idx {
        Some(idx) => extract_element(t, c, v, idx, elem),
        None => c.undef(elem),
    }
}

/// `extractelement (v, idx)` of type `ty`.
pub fn extract_element(
    t: &Types,
    c: &mut Constants,
    v: ConstId,
    idx: ConstId,
    ty: TypeId,
) -> ConstId {
    let folded = (|| {
        if is_poison(c, v) || is_undef(c, idx) {
            return Some(c.poison(ty));
        }
        if is_undef(c, v) {
            return Some(c.undef(ty));
        }
        let i = int(c, idx)?;
        let (_, len) = fixed_vector(t, c.ty(v)?)?;
        let lane = if i.limbs()[1..].iter().any(|&l| l != 0) { u64::MAX } else { i.limbs()[0] };
        if lane >= u64::from(len) {
            return Some(c.poison(ty));
        }
        let inserted = match c.kind(v) {
            Some(ConstKind::Expr { op: ExprOp::InsertElement, ops, .. }) => Some(ops.clone()),
            _ => None,
        };
        if let Some(ops) = inserted {
            let at = ops.get(2).and_then(|&x| int(c, x)).map(|x| x.limbs()[0]);
            match at {
                Some(at) if at == lane => return ops.get(1).copied(),
                Some(_) => {
                    let inner = *ops.first()?;
                    return Some(extract_element(t, c, inner, idx, ty));
                }
                None => {}
            }
        }
        element(t, c, v, lane)
    })();
    folded.unwrap_or_else(|| expr(c, ty, ExprOp::ExtractElement, 0, &[v, idx]))
}

/// `insertelement (v, e, idx)` of type `ty`.
pub fn insert_element(
    t: &Types,
    c: &mut Constants,
    v: ConstId,
    e: ConstId,
    idx: ConstId,
    ty: TypeId,
) -> ConstId {
    let folded = (|| {
        if is_undef(c, idx) {
            return Some(c.poison(ty));
        }
        if matches!(c.kind(v), Some(ConstKind::Zero)) && c.is_null_value(e) {
            return Some(v);
        }
        let i = int(c, idx)?;
        let (elem, len) = fixed_vector(t, ty)?;
        let lane = if i.limbs()[1..].iter().any(|&l| l != 0) { u64::MAX } else { i.limbs()[0] };
        if lane >= u64::from(len) {
            return Some(c.poison(ty));
        }
        if len > MAX_FOLD_ELEMS && !explicit(c, v) {
            return None;
        }
        let mut out = Vec::with_capacity(len as usize);
        for k in 0..u64::from(len) {
            out.push(if k == lane { e } else { extract_element_at(t, c, v, k, elem) });
        }
        c.vector(t, ty, &out).ok()
    })();
    folded.unwrap_or_else(|| expr(c, ty, ExprOp::InsertElement, 0, &[v, e, idx]))
}

/// `shufflevector (a, b, mask)` of type `ty`.
pub fn shuffle_vector(
    t: &Types,
    c: &mut Constants,
    a: ConstId,
    b: ConstId,
    mask: ConstId,
    ty: TypeId,
) -> ConstId {
    let folded = (|| {
        let (elem, n) = fixed_vector(t, ty)?;
        let (_, src) = fixed_vector(t, c.ty(a)?)?;
        if n > MAX_FOLD_ELEMS && !explicit(c, mask) {
            return None;
        }
        // The mask's lanes; -1 for undef or poison.
        let mut lanes = Vec::with_capacity(n as usize);
        for k in 0..u64::from(n) {
            let m = element(t, c, mask, k)?;
            lanes.push(match c.kind(m) {
                Some(ConstKind::Int(v)) => {
                    if v.limbs()[1..].iter().any(|&l| l != 0) {
                        i64::MAX
                    } else {
                        v.limbs()[0] as u32 as i64
                    }
                }
                Some(ConstKind::Undef | ConstKind::Poison) => -1,
                _ => return None,
            });
        }
        if lanes.iter().all(|&l| l == -1) {
            return Some(c.poison(ty));
        }
        if lanes.iter().all(|&l| l == 0) {
            let e = extract_element_at(t, c, a, 0, elem);
            return if c.is_null_value(e) { c.zero(t, ty).ok() } else { c.splat(t, ty, e).ok() };
        }
        let src = i64::from(src);
        let mut out = Vec::with_capacity(n as usize);
        for l in lanes {
            out.push(if l < 0 || l >= 2 * src {
                c.undef(elem)
            } else if l >= src {
                extract_element_at(t, c, b, (l - src) as u64, elem)
            } else {
                extract_element_at(t, c, a, l as u64, elem)
            });
        }
        c.vector(t, ty, &out).ok()
    })();
    folded.unwrap_or_else(|| expr(c, ty, ExprOp::ShuffleVector, 0, &[a, b, mask]))
}

/// The opcode a pair of casts `first` then `second` makes, from `src`
/// through `mid` to `dst` (`CastInst::isEliminableCastPair` with a 64-bit
/// intermediate pointer size, as `foldConstantCastPair` calls it).
fn cast_pair(
    t: &Types,
    first: ExprOp,
    second: ExprOp,
    src: TypeId,
    mid: TypeId,
    dst: TypeId,
) -> Option<ExprOp> {
    use ExprOp::*;
    let bits = |ty: TypeId| -> Option<u32> {
        let scalar = fixed_vector(t, ty).map_or(ty, |(e, _)| e);
        match t.get(scalar) {
            Some(&TypeKind::Int(b)) => Some(b),
            _ => None,
        }
    };
    let space = |ty: TypeId| -> Option<u32> {
        let scalar = fixed_vector(t, ty).map_or(ty, |(e, _)| e);
        match t.get(scalar) {
            Some(&TypeKind::Ptr(a)) => Some(a),
            _ => None,
        }
    };
    let is_int = |ty: TypeId| matches!(t.get(ty), Some(TypeKind::Int(_)));
    let is_vec = |ty: TypeId| fixed_vector(t, ty).is_some();
    match (first, second) {
        // Allowed: the first cast's opcode.
        (Trunc, Trunc) | (PtrToInt, Trunc) => Some(first),
        // A no-op second cast keeps the first, into an integer.
        (Trunc | PtrToInt, BitCast) => (!is_vec(src) && is_int(dst)).then_some(first),
        // A no-op first cast from an integer keeps the second.
        (BitCast, Trunc | IntToPtr) => is_int(src).then_some(second),
        (PtrToInt, IntToPtr) => {
            if space(src)? != space(dst)? {
                return None;
            }
            (bits(mid)? == 64).then_some(BitCast)
        }
        (IntToPtr, PtrToInt) => {
            let (s, d) = (bits(src)?, bits(dst)?);
            (s <= 64 && s == d).then_some(BitCast)
        }
        (AddrSpaceCast, AddrSpaceCast) => {
            Some(if space(src)? != space(dst)? { AddrSpaceCast } else { BitCast })
        }
        (AddrSpaceCast, BitCast) => Some(first),
        (BitCast, AddrSpaceCast) => Some(AddrSpaceCast),
        _ => None,
    }
}

/// `op (v to dst)` for the casts LLVM 19 still writes as constant
/// expressions (`trunc`, `ptrtoint`, `inttoptr`, `bitcast`,
/// `addrspacecast`); the cast is valid.
pub fn cast(t: &mut Types, c: &mut Constants, op: ExprOp, v: ConstId, dst: TypeId) -> ConstId {
    folded_cast(t, c, op, v, dst).unwrap_or_else(|| expr(c, dst, op, 0, &[v]))
}

/// The bits of an integer or float constant, as limbs, and their width.
fn scalar_bits(c: &Constants, v: ConstId) -> Option<(Vec<u64>, u32)> {
    match c.kind(v)? {
        ConstKind::Int(x) => Some((x.limbs().to_vec(), x.bits())),
        ConstKind::Float(f) => {
            let (bits, w): (u128, u32) = match *f {
                FloatValue::Half(b) | FloatValue::BFloat(b) => (u128::from(b), 16),
                FloatValue::Float(b) => (u128::from(b), 32),
                FloatValue::Double(b) => (u128::from(b), 64),
                FloatValue::X86Fp80(b) => (b, 80),
                FloatValue::Fp128(b) => (b, 128),
                FloatValue::PpcFp128(_) => return None,
            };
            Some((alloc::vec![bits as u64, (bits >> 64) as u64], w))
        }
        _ => None,
    }
}

/// `FoldBitCast`: an integer or float constant reinterpreted.
fn fold_bitcast(t: &mut Types, c: &mut Constants, v: ConstId, dst: TypeId) -> Option<ConstId> {
    let src = c.ty(v)?;
    let (limbs, width) = scalar_bits(c, v)?;
    if let Some(&TypeKind::Int(bits)) = t.get(src) {
        // All ones stays all ones.
        let all = (0..bits).all(|b| limbs[(b / 64) as usize] >> (b % 64) & 1 == 1);
        if all {
            let scalar = fixed_vector(t, dst).map_or(dst, |(e, _)| e);
            if let Some(&TypeKind::Int(db)) = t.get(scalar) {
                let ones = alloc::vec![u64::MAX; db.div_ceil(64) as usize];
                let one = c.int(t, scalar, IntValue::from_limbs(db, &ones).ok()?).ok()?;
                return if scalar == dst { Some(one) } else { c.splat(t, dst, one).ok() };
            }
        }
    }
    if fixed_vector(t, dst).is_some() && fixed_vector(t, src).is_none() {
        // Scalar to vector: a vector-to-vector bitcast of `<1 x T> <v>`.
        let one = t.vector(src, 1, false).ok()?;
        let vv = c.vector(t, one, &[v]).ok()?;
        return Some(cast(t, c, ExprOp::BitCast, vv, dst));
    }
    let bits = u128::from(limbs[0]) | (u128::from(limbs.get(1).copied().unwrap_or(0)) << 64);
    match t.get(dst)?.clone() {
        TypeKind::Float(k) if matches!(c.kind(v), Some(ConstKind::Int(_))) => {
            let f = match (k, width) {
                (FloatKind::Half, 16) => FloatValue::Half(bits as u16),
                (FloatKind::BFloat, 16) => FloatValue::BFloat(bits as u16),
                (FloatKind::Float, 32) => FloatValue::Float(bits as u32),
                (FloatKind::Double, 64) => FloatValue::Double(bits as u64),
                (FloatKind::X86Fp80, 80) => FloatValue::X86Fp80(bits),
                (FloatKind::Fp128, 128) => FloatValue::Fp128(bits),
                _ => return None,
            };
            c.float(t, dst, f).ok()
        }
        TypeKind::Int(db) if matches!(c.kind(v), Some(ConstKind::Float(_))) && db == width => {
            let r = IntValue::from_limbs(db, &[bits as u64, (bits >> 64) as u64]).ok()?;
            c.int(t, dst, r).ok()
        }
        _ => None,
    }
}

fn folded_cast(
    t: &mut Types,
    c: &mut Constants,
    op: ExprOp,
    v: ConstId,
    dst: TypeId,
) -> Option<ConstId> {
    let src = c.ty(v)?;
    if op == ExprOp::BitCast && src == dst {
        return Some(v);
    }
    match c.kind(v)? {
        ConstKind::Poison => return Some(c.poison(dst)),
        ConstKind::Undef => return Some(c.undef(dst)),
        _ => {}
    }
    if c.is_null_value(v) && op != ExprOp::AddrSpaceCast {
        return c.zero(t, dst).ok();
    }
    if let Some(ConstKind::Expr { op: first, ops, .. }) = c.kind(v).cloned() {
        if first.is_cast() {
            let inner = *ops.first()?;
            let from = c.ty(inner)?;
            if let Some(new) = cast_pair(t, first, op, from, src, dst) {
                return Some(cast(t, c, new, inner, dst));
            }
        }
    }
    if let (Some((_, n)), Some((delem, dn))) = (fixed_vector(t, src), fixed_vector(t, dst)) {
        if is_elements(c, v) && n == dn {
            if let Some(s) = splat_value(t, c, v) {
                let r = cast(t, c, op, s, delem);
                return c.splat(t, dst, r).ok();
            }
            let mut out = Vec::with_capacity(n as usize);
            for i in 0..u64::from(n) {
                let e = element(t, c, v, i)?;
                out.push(cast(t, c, op, e, delem));
            }
            return c.vector(t, dst, &out).ok();
        }
    }
    if op == ExprOp::BitCast {
        return fold_bitcast(t, c, v, dst);
    }
    match (op, c.kind(v)?) {
        (ExprOp::Trunc, ConstKind::Int(x)) => {
            let Some(&TypeKind::Int(bits)) = t.get(dst) else { return None };
            let r = IntValue::from_limbs(bits, x.limbs()).ok()?;
            c.int(t, dst, r).ok()
        }
        _ => None,
    }
}
