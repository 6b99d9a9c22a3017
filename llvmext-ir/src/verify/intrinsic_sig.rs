//! Intrinsic signatures: a call to a known `llvm.*` intrinsic must use a
//! declaration whose type fits LLVM 19's type descriptor for it
//! (`Verifier::visitIntrinsicCall` over `Intrinsic::matchIntrinsicSignature`),
//! named with the mangling of its overloaded types; `immarg` arguments must
//! be integer or float constants; intrinsics cannot be defined.
//!
//! The descriptors are LLVM's `IIT_Table` / `IIT_LongEncodingTable`
//! (generated into `intrinsic_table.rs`), decoded as
//! `Intrinsic::getIntrinsicInfoTableEntries` does.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::constant::ConstKind;
use crate::id::{TypeId, Value};
use crate::inst::CallData;
use crate::intrinsic_table::{IIT, IIT_LONG};
use crate::intrinsics::find;
use crate::module::{Function, Module};
use crate::types::{FloatKind, TypeKind};

/// One IIT descriptor (`Intrinsic::IITDescriptor`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum D {
    Void,
    VarArg,
    Mmx,
    Amx,
    Token,
    Metadata,
    Float(FloatKind),
    Int(u32),
    Svcount,
    Vector(u32, bool),
    Ptr(u32),
    Struct(u32),
    /// The argument-info byte: number `>> 3`, kind `& 7`.
    Argument(u32),
    Extend(u32),
    Trunc(u32),
    HalfVec(u32),
    SameVecWidth(u32),
    /// Overload argument number, reference argument number.
    VecOfAnyPtrsToElt(u32, u32),
    Subdivide2(u32),
    Subdivide4(u32),
    VecElement(u32),
    VecOfBitcastsToInt(u32),
}

const AK_ANY: u32 = 0;
const AK_ANY_INTEGER: u32 = 1;
const AK_ANY_FLOAT: u32 = 2;
const AK_ANY_VECTOR: u32 = 3;
const AK_ANY_POINTER: u32 = 4;
const AK_MATCH_TYPE: u32 = 7;

/// `DecodeIITType`: one type from `infos` at `*next` (the table is LLVM's,
/// so the nesting is shallow; a malformed entry yields `None`).
fn decode(next: &mut usize, infos: &[u8], last: u8, out: &mut Vec<D>, depth: u32) -> Option<()> {
    if depth > 16 {
        return None;
    }
    let scalable = last == 43;
    let info = *infos.get(*next)?;
    *next += 1;
    let arg = |next: &mut usize| -> u32 {
        if *next == infos.len() {
            0
        } else {
            *next += 1;
            u32::from(infos[*next - 1])
        }
    };
    let vec = |n: u32, next: &mut usize, out: &mut Vec<D>| {
        out.push(D::Vector(n, scalable));
        decode(next, infos, info, out, depth + 1)
    };
    let mut struct_elts = 2;
    match info {
        0 => out.push(D::Void),
        29 => out.push(D::VarArg),
        17 => out.push(D::Mmx),
        51 => out.push(D::Amx),
        18 => out.push(D::Token),
        19 => out.push(D::Metadata),
        6 => out.push(D::Float(FloatKind::Half)),
        48 => out.push(D::Float(FloatKind::BFloat)),
        7 => out.push(D::Float(FloatKind::Float)),
        8 => out.push(D::Float(FloatKind::Double)),
        41 => out.push(D::Float(FloatKind::Fp128)),
        52 => out.push(D::Float(FloatKind::PpcFp128)),
        1 => out.push(D::Int(1)),
        57 => out.push(D::Int(2)),
        58 => out.push(D::Int(4)),
        59 => out.push(D::Svcount),
        2 => out.push(D::Int(8)),
        3 => out.push(D::Int(16)),
        4 => out.push(D::Int(32)),
        5 => out.push(D::Int(64)),
        35 => out.push(D::Int(128)),
        28 => return vec(1, next, out),
        9 => return vec(2, next, out),
        53 => return vec(3, next, out),
        10 => return vec(4, next, out),
        60 => return vec(6, next, out),
        11 => return vec(8, next, out),
        61 => return vec(10, next, out),
        12 => return vec(16, next, out),
        13 => return vec(32, next, out),
        16 => return vec(64, next, out),
        47 => return vec(128, next, out),
        50 => return vec(256, next, out),
        36 => return vec(512, next, out),
        37 => return vec(1024, next, out),
        54 => out.push(D::Ptr(10)),
        55 => out.push(D::Ptr(20)),
        14 => out.push(D::Ptr(0)),
        27 => {
            let a = u32::from(*infos.get(*next)?);
            *next += 1;
            out.push(D::Ptr(a));
        }
        15 => out.push(D::Argument(arg(next))),
        25 => out.push(D::Extend(arg(next))),
        26 => out.push(D::Trunc(arg(next))),
        30 => out.push(D::HalfVec(arg(next))),
        31 => out.push(D::SameVecWidth(arg(next))),
        34 => {
            let a = arg(next);
            let r = arg(next);
            out.push(D::VecOfAnyPtrsToElt(a, r));
        }
        20 => out.push(D::Struct(0)),
        21..=24 | 38..=40 | 49 => {
            struct_elts += match info {
                21 => 0,
                22 => 1,
                23 => 2,
                24 => 3,
                38 => 4,
                39 => 5,
                40 => 6,
                _ => 7,
            };
            out.push(D::Struct(struct_elts));
            for _ in 0..struct_elts {
                decode(next, infos, info, out, depth + 1)?;
            }
        }
        44 => out.push(D::Subdivide2(arg(next))),
        45 => out.push(D::Subdivide4(arg(next))),
        42 => out.push(D::VecElement(arg(next))),
        43 => return decode(next, infos, info, out, depth + 1),
        46 => out.push(D::VecOfBitcastsToInt(arg(next))),
        _ => return None,
    }
    Some(())
}

/// `getIntrinsicInfoTableEntries` for the intrinsic at `index`.
fn table(index: usize) -> Option<Vec<D>> {
    let word = *IIT.get(index)?;
    let mut nibbles: Vec<u8> = Vec::new();
    let (infos, mut next): (&[u8], usize) = if word >> 31 != 0 {
        (IIT_LONG, (word & 0x7fff_ffff) as usize)
    } else {
        let mut w = word;
        loop {
            nibbles.push((w & 0xf) as u8);
            w >>= 4;
            if w == 0 {
                break;
            }
        }
        (&nibbles, 0)
    };
    let mut out = Vec::new();
    decode(&mut next, infos, 0, &mut out, 0)?;
    while next != infos.len() && infos[next] != 0 {
        decode(&mut next, infos, 0, &mut out, 0)?;
    }
    Some(out)
}

/// A type built from an overloaded one: a scalar, maybe as vector elements.
#[derive(Clone, Copy)]
enum Scalar {
    Int(u32),
    Float(FloatKind),
    Type(TypeId),
}

struct Matcher<'m> {
    m: &'m Module,
    arg_tys: Vec<TypeId>,
    deferred: Vec<(TypeId, usize)>,
}

impl<'m> Matcher<'m> {
    fn kind(&self, t: TypeId) -> Option<&'m TypeKind> {
        self.m.types.get(t)
    }

    fn vector(&self, t: TypeId) -> Option<(TypeId, u32, bool)> {
        match self.kind(t)? {
            TypeKind::Vector { elem, len, scalable } => Some((*elem, *len, *scalable)),
            _ => None,
        }
    }

    fn scalar_is(&self, t: TypeId, s: Scalar) -> bool {
        match s {
            Scalar::Int(w) => self.kind(t) == Some(&TypeKind::Int(w)),
            Scalar::Float(k) => self.kind(t) == Some(&TypeKind::Float(k)),
            Scalar::Type(x) => t == x,
        }
    }

    /// Whether `t` is `s`, or a vector of `s` of `shape` when given.
    fn is(&self, t: TypeId, s: Scalar, shape: Option<(u32, bool)>) -> bool {
        match shape {
            Some((n, sc)) => match self.vector(t) {
                Some((e, len, scal)) => len == n && scal == sc && self.scalar_is(e, s),
                None => false,
            },
            None => self.scalar_is(t, s),
        }
    }

    fn scalar_of(&self, t: TypeId) -> Scalar {
        match self.kind(t) {
            Some(TypeKind::Int(w)) => Scalar::Int(*w),
            Some(TypeKind::Float(k)) => Scalar::Float(*k),
            _ => Scalar::Type(t),
        }
    }

    fn is_int_or_int_vec(&self, t: TypeId) -> bool {
        let s = self.vector(t).map_or(t, |v| v.0);
        matches!(self.kind(s), Some(TypeKind::Int(_)))
    }

    fn is_fp_or_fp_vec(&self, t: TypeId) -> bool {
        let s = self.vector(t).map_or(t, |v| v.0);
        matches!(self.kind(s), Some(TypeKind::Float(_)))
    }

    /// `matchIntrinsicType`: true on mismatch.
    fn mismatch(&mut self, ty: TypeId, infos: &[D], pos: &mut usize, deferred: bool) -> bool {
        let Some(&d) = infos.get(*pos) else { return true };
        let here = *pos;
        *pos += 1;
        let defer = |me: &mut Self| {
            me.deferred.push((ty, here));
            false
        };
        let k = self.kind(ty);
        match d {
            D::Void => k != Some(&TypeKind::Void),
            D::VarArg => true,
            D::Mmx => k != Some(&TypeKind::X86Mmx),
            D::Amx => k != Some(&TypeKind::X86Amx),
            D::Token => k != Some(&TypeKind::Token),
            D::Metadata => k != Some(&TypeKind::Metadata),
            D::Float(f) => k != Some(&TypeKind::Float(f)),
            D::Int(w) => k != Some(&TypeKind::Int(w)),
            D::Svcount => {
                !matches!(k, Some(TypeKind::TargetExt { name, .. }) if &**name == "aarch64.svcount")
            }
            D::Vector(n, scalable) => match self.vector(ty) {
                Some((e, len, sc)) if len == n && sc == scalable => {
                    self.mismatch(e, infos, pos, deferred)
                }
                _ => true,
            },
            D::Ptr(a) => k != Some(&TypeKind::Ptr(a)),
            D::Struct(n) => {
                let Some(TypeKind::Struct { fields, packed: false }) = k else { return true };
                if fields.len() != n as usize {
                    return true;
                }
                fields.iter().any(|&f| self.mismatch(f, infos, pos, deferred))
            }
            D::Argument(info) => {
                let (num, kind) = ((info >> 3) as usize, info & 7);
                if num < self.arg_tys.len() {
                    return ty != self.arg_tys[num];
                }
                if num > self.arg_tys.len() || kind == AK_MATCH_TYPE {
                    return deferred || defer(self);
                }
                self.arg_tys.push(ty);
                match kind {
                    AK_ANY => false,
                    AK_ANY_INTEGER => !self.is_int_or_int_vec(ty),
                    AK_ANY_FLOAT => !self.is_fp_or_fp_vec(ty),
                    AK_ANY_VECTOR => self.vector(ty).is_none(),
                    AK_ANY_POINTER => !matches!(k, Some(TypeKind::Ptr(_))),
                    _ => true,
                }
            }
            D::Extend(info) | D::Trunc(info) => {
                let num = (info >> 3) as usize;
                let Some(&r) = self.arg_tys.get(num) else { return deferred || defer(self) };
                let ext = matches!(d, D::Extend(_));
                let resize = |s: Scalar| -> Option<Scalar> {
                    Some(match s {
                        Scalar::Int(w) => Scalar::Int(if ext { w.checked_mul(2)? } else { w / 2 }),
                        Scalar::Float(f) => Scalar::Float(match (f, ext) {
                            (FloatKind::Half, true) => FloatKind::Float,
                            (FloatKind::Float, true) => FloatKind::Double,
                            (FloatKind::Double, false) => FloatKind::Float,
                            (FloatKind::Float, false) => FloatKind::Half,
                            _ => return None,
                        }),
                        Scalar::Type(_) => return None,
                    })
                };
                match self.vector(r) {
                    Some((e, n, sc)) => match resize(self.scalar_of(e)) {
                        Some(s) => !self.is(ty, s, Some((n, sc))),
                        None => true,
                    },
                    None => match self.kind(r) {
                        Some(TypeKind::Int(w)) => {
                            let w = if ext { w.saturating_mul(2) } else { w / 2 };
                            k != Some(&TypeKind::Int(w))
                        }
                        _ => true,
                    },
                }
            }
            D::HalfVec(info) => {
                let num = (info >> 3) as usize;
                let Some(&r) = self.arg_tys.get(num) else { return deferred || defer(self) };
                match self.vector(r) {
                    Some((e, n, sc)) => !self.is(ty, Scalar::Type(e), Some((n / 2, sc))),
                    None => true,
                }
            }
            D::SameVecWidth(info) => {
                let num = (info >> 3) as usize;
                let Some(&r) = self.arg_tys.get(num) else {
                    // Skip the element descriptor as LLVM does (one slot).
                    *pos += 1;
                    return deferred || defer(self);
                };
                let (rv, tv) = (self.vector(r), self.vector(ty));
                if rv.is_some() != tv.is_some() {
                    return true;
                }
                let mut elt = ty;
                if let (Some((_, rn, rs)), Some((te, tn, ts))) = (rv, tv) {
                    if rn != tn || rs != ts {
                        return true;
                    }
                    elt = te;
                }
                self.mismatch(elt, infos, pos, deferred)
            }
            D::VecOfAnyPtrsToElt(_, refn) => {
                let refn = refn as usize;
                if refn >= self.arg_tys.len() {
                    if deferred {
                        return true;
                    }
                    self.arg_tys.push(ty);
                    return defer(self);
                }
                if !deferred {
                    self.arg_tys.push(ty);
                }
                let (Some((_, rn, rs)), Some((te, tn, ts))) =
                    (self.vector(self.arg_tys[refn]), self.vector(ty))
                else {
                    return true;
                };
                if rn != tn || rs != ts {
                    return true;
                }
                !matches!(self.kind(te), Some(TypeKind::Ptr(_)))
            }
            D::VecElement(info) => {
                let num = (info >> 3) as usize;
                let Some(&r) = self.arg_tys.get(num) else { return deferred || defer(self) };
                self.vector(r).is_none_or(|(e, _, _)| ty != e)
            }
            D::Subdivide2(info) | D::Subdivide4(info) => {
                let num = (info >> 3) as usize;
                let Some(&r) = self.arg_tys.get(num) else { return deferred || defer(self) };
                let Some((e, mut n, sc)) = self.vector(r) else { return true };
                let mut s = self.scalar_of(e);
                for _ in 0..if matches!(d, D::Subdivide2(_)) { 1 } else { 2 } {
                    n = n.saturating_mul(2);
                    s = match s {
                        Scalar::Int(w) => Scalar::Int(w / 2),
                        Scalar::Float(FloatKind::Double) => Scalar::Float(FloatKind::Float),
                        Scalar::Float(FloatKind::Float) => Scalar::Float(FloatKind::Half),
                        _ => return true,
                    };
                }
                !self.is(ty, s, Some((n, sc)))
            }
            D::VecOfBitcastsToInt(info) => {
                let num = (info >> 3) as usize;
                let Some(&r) = self.arg_tys.get(num) else { return deferred || defer(self) };
                let Some((e, n, sc)) = self.vector(r) else { return true };
                if self.vector(ty).is_none() {
                    return true;
                }
                let bits = match self.kind(e) {
                    Some(TypeKind::Int(w)) => *w,
                    Some(TypeKind::Float(f)) => f.bits(),
                    _ => return true,
                };
                !self.is(ty, Scalar::Int(bits), Some((n, sc)))
            }
        }
    }
}

/// LLVM's `getMangledTypeStr`; `None` for an unnamed identified struct
/// (LLVM then makes a unique name, which is not checked here).
fn mangle(m: &Module, t: TypeId, out: &mut String, depth: u32) -> Option<()> {
    if depth > 64 {
        return None;
    }
    match m.types.get(t)? {
        TypeKind::Ptr(a) => out.push_str(&format!("p{a}")),
        TypeKind::Array { elem, len } => {
            out.push_str(&format!("a{len}"));
            mangle(m, *elem, out, depth + 1)?;
        }
        TypeKind::Named(_) => {
            let (name, _) = m.types.named_body(t)?;
            if name.is_empty() || name.iter().all(|b| b.is_ascii_digit()) {
                return None;
            }
            out.push_str("s_");
            out.push_str(core::str::from_utf8(name).ok()?);
            out.push('s');
        }
        TypeKind::Struct { fields, .. } => {
            out.push_str("sl_");
            for f in fields.iter() {
                mangle(m, *f, out, depth + 1)?;
            }
            out.push('s');
        }
        TypeKind::Function { ret, params, vararg } => {
            out.push_str("f_");
            mangle(m, *ret, out, depth + 1)?;
            for p in params.iter() {
                mangle(m, *p, out, depth + 1)?;
            }
            if *vararg {
                out.push_str("vararg");
            }
            out.push('f');
        }
        TypeKind::Vector { elem, len, scalable } => {
            if *scalable {
                out.push_str("nx");
            }
            out.push_str(&format!("v{len}"));
            mangle(m, *elem, out, depth + 1)?;
        }
        TypeKind::TargetExt { name, types, ints } => {
            out.push('t');
            out.push_str(name);
            for p in types.iter() {
                out.push('_');
                mangle(m, *p, out, depth + 1)?;
            }
            for i in ints.iter() {
                out.push_str(&format!("_{i}"));
            }
            out.push('t');
        }
        TypeKind::Void => out.push_str("isVoid"),
        TypeKind::Metadata => out.push_str("Metadata"),
        TypeKind::Float(f) => out.push_str(match f {
            FloatKind::Half => "f16",
            FloatKind::BFloat => "bf16",
            FloatKind::Float => "f32",
            FloatKind::Double => "f64",
            FloatKind::X86Fp80 => "f80",
            FloatKind::Fp128 => "f128",
            FloatKind::PpcFp128 => "ppcf128",
        }),
        TypeKind::X86Amx => out.push_str("x86amx"),
        TypeKind::X86Mmx => out.push_str("x86mmx"),
        TypeKind::Int(w) => out.push_str(&format!("i{w}")),
        TypeKind::Label | TypeKind::Token => {}
    }
    Some(())
}

/// The function a call calls directly (its index), if any.
pub(super) fn direct_callee(m: &Module, call: &CallData) -> Option<usize> {
    m.called_function_index(call)
}

/// The first fault of a call to function `fi` (if it is a known intrinsic)
/// with LLVM's message.
pub(super) fn check_call(m: &Module, call: &CallData) -> Option<String> {
    let fi = direct_callee(m, call)?;
    let f = m.functions.get(fi)?;
    let name = f.common.name.as_deref()?;
    if !name.starts_with(b"llvm.") {
        return None;
    }
    let name = core::str::from_utf8(name).ok()?;
    if !name.starts_with("llvm.") {
        return None;
    }
    if f.ty != call.fn_ty {
        return Some("Intrinsic called with incompatible signature".into());
    }
    // `immarg` arguments (visitCallBase): constants only.
    for (i, a) in call.args.iter().enumerate() {
        let imm = |list| {
            m.attrs.get(m.attrs.param(list, i)).iter().any(|x| x.kind_keyword() == b"immarg")
        };
        if imm(call.attrs) || imm(f.attrs) {
            let ok = matches!(a, Value::Const(c) if matches!(m.consts.kind(*c), Some(ConstKind::Int(_) | ConstKind::Float(_))));
            if !ok {
                return Some("immarg operand has non-immediate parameter".into());
            }
        }
    }
    let found = find(name)?;
    if !f.is_declaration() {
        return Some("Intrinsic functions should never be defined!".into());
    }
    let expected = match mangled_name(m, f.ty, name, found) {
        Ok(e) => e?,
        Err(msg) => return Some(msg.into()),
    };
    if expected != name {
        return Some(format!(
            "Intrinsic name not mangled correctly for type arguments! Should be: {expected}"
        ));
    }
    None
}

/// `matchIntrinsicSignature` + `Intrinsic::getName`: the name intrinsic
/// `found` must have for function type `fty` (`Ok(None)` where it cannot
/// be said, as for an unnamed struct argument), or the verifier's message
/// when the type does not fit the intrinsic's descriptor.
fn mangled_name(
    m: &Module,
    fty: TypeId,
    name: &str,
    found: crate::intrinsics::Found,
) -> Result<Option<String>, &'static str> {
    let Some(infos) = table(found.index) else { return Ok(None) };
    let Some(TypeKind::Function { ret, params, vararg }) = m.types.get(fty) else {
        return Ok(None);
    };
    let mut mt = Matcher { m, arg_tys: Vec::new(), deferred: Vec::new() };
    let mut pos = 0;
    if mt.mismatch(*ret, &infos, &mut pos, false) {
        return Err("Intrinsic has incorrect return type!");
    }
    let n_ret_deferred = mt.deferred.len();
    for &p in params.iter() {
        if mt.mismatch(p, &infos, &mut pos, false) {
            return Err("Intrinsic has incorrect argument type!");
        }
    }
    let mut i = 0;
    while i < mt.deferred.len() {
        let (t, mut at) = mt.deferred[i];
        if mt.mismatch(t, &infos, &mut at, true) {
            return Err(if i < n_ret_deferred {
                "Intrinsic has incorrect return type!"
            } else {
                "Intrinsic has incorrect argument type!"
            });
        }
        i += 1;
    }
    // matchIntrinsicVarArg.
    let rest = &infos[pos.min(infos.len())..];
    let bad_vararg = match rest {
        [] => *vararg,
        [D::VarArg] => !*vararg,
        _ => true,
    };
    if bad_vararg {
        return Err(if *vararg {
            "Intrinsic was not defined with variable arguments!"
        } else {
            "Callsite was not defined with variable arguments!"
        });
    }
    let mut expected = String::from(&name[..found.base_len]);
    for &t in &mt.arg_tys {
        expected.push('.');
        if mangle(m, t, &mut expected, 0).is_none() {
            return Ok(None);
        }
    }
    Ok(Some(expected))
}

/// LLVM's `Intrinsic::remangleIntrinsicFunction`, as the reader applies it:
/// the name a declared intrinsic should have when its own name mangles
/// other types than its signature's (`llvm.abs.i64` declared on `i32`
/// becomes `llvm.abs.i32`); `None` when the name is right or the
/// signature does not fit.
pub(crate) fn remangled_name(m: &Module, f: &Function) -> Option<String> {
    let name = core::str::from_utf8(f.common.name.as_deref()?).ok()?;
    if !name.starts_with("llvm.") || !f.is_declaration() {
        return None;
    }
    let found = find(name)?;
    let wanted = mangled_name(m, f.ty, name, found).ok()??;
    (wanted != name).then_some(wanted)
}

/// Function-level rules: an `llvm.*` function cannot have a body.
pub(super) fn check_function(f: &Function) -> Option<&'static str> {
    let name = f.common.name.as_deref()?;
    (name.starts_with(b"llvm.") && !f.is_declaration())
        .then_some("llvm intrinsics cannot be defined!")
}
