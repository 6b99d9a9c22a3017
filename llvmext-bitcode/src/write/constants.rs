//! The module-level `CONSTANTS_BLOCK` as LLVM 19's `writeConstants` writes
//! it (`isGlobal`): four abbreviations of its own (aggregate, 8-bit
//! string, 7-bit and char6 C string) after BLOCKINFO's, a `SETTYPE`
//! whenever the type changes, then a record per constant in the
//! enumerator's order: `NULL` (unabbreviated, as LLVM 19 writes it, its
//! BLOCKINFO abbreviation unused) for every null value (zero integers, `+0.0`,
//! `null`, `none`, `zeroinitializer`), `POISON`, `UNDEF`, `INTEGER`
//! (sign-rotated) or `WIDE_INTEGER`, `FLOAT` (the bits), `CSTRING`/`STRING`
//! for byte arrays, `DATA` for arrays and vectors of plain numbers,
//! `AGGREGATE` (value ids) for the others, and the constant expressions.

use llvmext_core::bits::{encode_signed, is_char6};
use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use llvmext_ir::constant::{expr_flags, ConstKind, ExprOp};
use llvmext_ir::float::FloatValue;
use llvmext_ir::id::{ConstId, GlobalRef};
use llvmext_ir::types::TypeKind;

use super::blockinfo::ids;
use super::enumerate::{Ty, TypeOrder, Val};
use super::{internal, log2_ceil, push_chars, sext, WriteError};
use crate::codes;
use crate::schema::{BlockId, ConstantsCode as C};

/// An entry of a constants block: a constant of the value table, or (in
/// a function's block) an inline asm callee, which LLVM numbers among the
/// function's constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ConstEntry {
    /// A constant (or a synthetic `i64`/`ptr null`) of the value table.
    Val(Val),
    /// `Module::inline_asm[i]` (`CST_CODE_INLINEASM`).
    InlineAsm(u32),
}

/// Writes the module's constants (nothing when it has none).
pub(crate) fn write_module_constants(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
) -> Result<(), WriteError> {
    let (first, last) = (order.first_const, order.value_list.len());
    let entries: Vec<ConstEntry> =
        order.value_list[first..last].iter().map(|&v| ConstEntry::Val(v)).collect();
    let value_id = |c: ConstId| order.value_id(Val::Const(c)).map(u64::from);
    write_constants(w, order, &entries, Some(last), &value_id)
}

/// `writeConstants`: a `CONSTANTS_BLOCK` of `entries` (nothing when there
/// are none). `global` is `Some(LastVal)` for the module's block, which
/// defines its four abbreviations (the aggregate one as wide as
/// `LastVal + 1` needs); a function's block (`None`) has none of them, so
/// its aggregates and strings are written unabbreviated. `value_id` gives
/// the id of a constant operand (the function's own constants, or the
/// module's).
pub(crate) fn write_constants(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
    entries: &[ConstEntry],
    global: Option<usize>,
    value_id: &dyn Fn(ConstId) -> Option<u64>,
) -> Result<(), WriteError> {
    let m = order.module();
    if entries.is_empty() {
        return Ok(());
    }
    w.enter_block(BlockId::CONSTANTS.0, 4);
    let lit = |c: C| AbbrevOp::Literal(u64::from(c.0));
    let (mut aggregate, mut string8, mut cstring7, mut cstring6) = (None, None, None, None);
    if let Some(last) = global {
        aggregate = Some(w.define_abbrev(Abbrev::new([
            lit(C::AGGREGATE),
            AbbrevOp::Array,
            AbbrevOp::Fixed(log2_ceil(last as u64 + 1)),
        ]))?);
        string8 = Some(w.define_abbrev(Abbrev::new([
            lit(C::STRING),
            AbbrevOp::Array,
            AbbrevOp::Fixed(8),
        ]))?);
        cstring7 = Some(w.define_abbrev(Abbrev::new([
            lit(C::CSTRING),
            AbbrevOp::Array,
            AbbrevOp::Fixed(7),
        ]))?);
        cstring6 = Some(w.define_abbrev(Abbrev::new([
            lit(C::CSTRING),
            AbbrevOp::Array,
            AbbrevOp::Char6,
        ]))?);
    }
    let type_id = |t: Ty| order.index(&t).map(u64::from).ok_or(internal("a type not numbered"));
    let value_id = |c: ConstId| value_id(c).ok_or(internal("a constant not numbered"));
    let global_id = |g: GlobalRef| {
        order.value_id(Val::Global(g)).map(u64::from).ok_or(internal("a global not numbered"))
    };
    let const_ty = |c: ConstId| m.consts.ty(c).ok_or(internal("a constant without a type"));
    let mut last_ty: Option<u64> = None;
    let mut rec: Vec<u64> = Vec::new();
    for e in entries {
        rec.clear();
        let v = match e {
            ConstEntry::Val(v) => v,
            ConstEntry::InlineAsm(k) => {
                let a = m.inline_asm.get(*k as usize).ok_or(internal("an unknown inline asm"))?;
                let ty = type_id(Ty::Extra(TypeKind::Ptr(0)))?;
                if last_ty != Some(ty) {
                    last_ty = Some(ty);
                    w.emit_record(C::SETTYPE.0, &[ty], Some(ids::CONSTANTS_SETTYPE))?;
                }
                // [fnty, flags, asmstrsize, asmstr..., constraintsize, constraints...]
                rec.push(type_id(Ty::Id(a.ty))?);
                rec.push(
                    u64::from(a.side_effects)
                        | u64::from(a.align_stack) << 1
                        | u64::from(a.intel_dialect) << 2
                        | u64::from(a.can_throw) << 3,
                );
                rec.push(a.asm.len() as u64);
                push_chars(&mut rec, &a.asm);
                rec.push(a.constraints.len() as u64);
                push_chars(&mut rec, &a.constraints);
                w.emit_record(C::INLINEASM.0, &rec, None)?;
                continue;
            }
        };
        let ty = match v {
            Val::Const(c) => type_id(Ty::Id(const_ty(*c)?))?,
            Val::I64(_) => type_id(Ty::Extra(TypeKind::Int(64)))?,
            Val::NullPtr => type_id(Ty::Extra(TypeKind::Ptr(0)))?,
            Val::Global(_) => return Err(internal("a global among the constants")),
        };
        if last_ty != Some(ty) {
            last_ty = Some(ty);
            w.emit_record(C::SETTYPE.0, &[ty], Some(ids::CONSTANTS_SETTYPE))?;
        }
        let c = match *v {
            Val::I64(0) | Val::NullPtr => {
                w.emit_record(C::NULL.0, &[], None)?;
                continue;
            }
            Val::I64(x) => {
                w.emit_record(C::INTEGER.0, &[encode_signed(x)], Some(ids::CONSTANTS_INTEGER))?;
                continue;
            }
            Val::Const(c) => c,
            Val::Global(_) => return Err(internal("a global among the constants")),
        };
        let kind = m.consts.kind(c).ok_or(internal("an unknown constant"))?;
        let cty = const_ty(c)?;
        if m.consts.is_null_value(c) || matches!(kind, ConstKind::NoneToken) {
            w.emit_record(C::NULL.0, &[], None)?;
            continue;
        }
        let (code, abbrev): (C, Option<u32>) = match kind {
            ConstKind::Poison => (C::POISON, None),
            ConstKind::Undef => (C::UNDEF, None),
            ConstKind::Int(v) => {
                if v.bits() <= 64 {
                    rec.push(encode_signed(sext(v)));
                    (C::INTEGER, Some(ids::CONSTANTS_INTEGER))
                } else {
                    let l = v.limbs();
                    let n = l.iter().rposition(|&x| x != 0).map_or(1, |i| i + 1);
                    rec.extend(l[..n.min(l.len())].iter().map(|&x| encode_signed(x as i64)));
                    (C::WIDE_INTEGER, None)
                }
            }
            ConstKind::Float(f) => {
                float_words(&mut rec, f);
                (C::FLOAT, None)
            }
            _ if order.byte_array(c).is_some() => {
                let b = order.byte_array(c).unwrap_or_default();
                let cstring = b.last() == Some(&0) && !b[..b.len() - 1].contains(&0);
                let body = if cstring { &b[..b.len() - 1] } else { &b[..] };
                rec.extend(body.iter().map(|&x| u64::from(x)));
                if cstring {
                    let abbrev = if is_char6(body) {
                        cstring6
                    } else if body.iter().all(|&x| x < 128) {
                        cstring7
                    } else {
                        None
                    };
                    (C::CSTRING, abbrev)
                } else {
                    (C::STRING, string8)
                }
            }
            ConstKind::Bytes(b) => {
                rec.extend(b.iter().map(|&x| u64::from(x)));
                (C::DATA, None)
            }
            ConstKind::Array(els) | ConstKind::Vector(els) if order.is_data_aggregate(els) => {
                for &e in els.iter() {
                    data_element(&mut rec, m, e);
                }
                (C::DATA, None)
            }
            ConstKind::Splat(e) if order.is_data_aggregate(core::slice::from_ref(e)) => {
                for _ in 0..splat_len(m, cty)? {
                    data_element(&mut rec, m, *e);
                }
                (C::DATA, None)
            }
            ConstKind::Array(els) | ConstKind::Vector(els) | ConstKind::Struct(els) => {
                for &e in els.iter() {
                    rec.push(value_id(e)?);
                }
                (C::AGGREGATE, aggregate)
            }
            ConstKind::Splat(e) => {
                let id = value_id(*e)?;
                rec.extend(std::iter::repeat_n(id, splat_len(m, cty)?));
                (C::AGGREGATE, aggregate)
            }
            ConstKind::Expr { op, flags, ops, source_ty, inrange } => {
                let op0 = *ops.first().ok_or(internal("an expression without operands"))?;
                if let Some(cast) = codes::expr_cast::encode(*op) {
                    rec.push(u64::from(cast.0));
                    rec.push(type_id(Ty::Id(const_ty(op0)?))?);
                    rec.push(value_id(op0)?);
                    (C::CE_CAST, Some(ids::CONSTANTS_CE_CAST))
                } else if let Some(bin) = codes::expr_binop::encode(*op) {
                    let op1 = *ops.get(1).ok_or(internal("a binary expression"))?;
                    rec.extend([u64::from(bin.0), value_id(op0)?, value_id(op1)?]);
                    let mut f = 0;
                    if flags & expr_flags::NUW != 0 {
                        f |= 1;
                    }
                    if flags & expr_flags::NSW != 0 {
                        f |= 2;
                    }
                    if f != 0 {
                        rec.push(f);
                    }
                    (C::CE_BINOP, None)
                } else {
                    match op {
                        ExprOp::GetElementPtr => {
                            let src = source_ty.ok_or(internal("a GEP without its source type"))?;
                            rec.push(type_id(Ty::Id(src))?);
                            let mut f = 0;
                            if flags & expr_flags::INBOUNDS != 0 {
                                f |= 1;
                            }
                            if flags & expr_flags::NUSW != 0 {
                                f |= 2;
                            }
                            if flags & expr_flags::NUW != 0 {
                                f |= 4;
                            }
                            rec.push(f);
                            let code = match inrange {
                                Some((lo, hi)) => {
                                    rec.extend([64, encode_signed(*lo), encode_signed(*hi)]);
                                    C::CE_GEP_WITH_INRANGE
                                }
                                None => C::CE_GEP,
                            };
                            for &o in ops.iter() {
                                rec.push(type_id(Ty::Id(const_ty(o)?))?);
                                rec.push(value_id(o)?);
                            }
                            (code, None)
                        }
                        ExprOp::ExtractElement => {
                            let idx = *ops.get(1).ok_or(internal("extractelement"))?;
                            rec.extend([
                                type_id(Ty::Id(const_ty(op0)?))?,
                                value_id(op0)?,
                                type_id(Ty::Id(const_ty(idx)?))?,
                                value_id(idx)?,
                            ]);
                            (C::CE_EXTRACTELT, None)
                        }
                        ExprOp::InsertElement => {
                            let (elt, idx) = match ops.get(1..3) {
                                Some(&[e, i]) => (e, i),
                                _ => return Err(internal("insertelement")),
                            };
                            rec.extend([
                                value_id(op0)?,
                                value_id(elt)?,
                                type_id(Ty::Id(const_ty(idx)?))?,
                                value_id(idx)?,
                            ]);
                            (C::CE_INSERTELT, None)
                        }
                        ExprOp::ShuffleVector => {
                            let (b, mask) = match ops.get(1..3) {
                                Some(&[b, k]) => (b, k),
                                _ => return Err(internal("shufflevector")),
                            };
                            let aty = const_ty(op0)?;
                            let code = if aty == cty {
                                C::CE_SHUFFLEVEC
                            } else {
                                rec.push(type_id(Ty::Id(aty))?);
                                C::CE_SHUFVEC_EX
                            };
                            rec.extend([value_id(op0)?, value_id(b)?, value_id(mask)?]);
                            (code, None)
                        }
                        _ => return Err(internal("a constant expression LLVM 19 has not")),
                    }
                }
            }
            ConstKind::BlockAddress { func, block } => {
                let GlobalRef::Func(_) = func else {
                    return Err(internal("a blockaddress of no function"));
                };
                let a = m.global_addrspace(*func);
                rec.extend([
                    type_id(Ty::Extra(TypeKind::Ptr(a)))?,
                    global_id(*func)?,
                    u64::from(*block),
                ]);
                (C::BLOCKADDRESS, None)
            }
            ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                let a = m.global_addrspace(*g);
                rec.extend([type_id(Ty::Extra(TypeKind::Ptr(a)))?, global_id(*g)?]);
                let code = if matches!(kind, ConstKind::NoCfi(_)) {
                    C::NO_CFI_VALUE
                } else {
                    C::DSO_LOCAL_EQUIVALENT
                };
                (code, None)
            }
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                // [ptr, key, disc, addrdisc]: absolute value ids.
                for o in [ptr, key, disc, addr_disc] {
                    rec.push(value_id(*o)?);
                }
                (C::PTRAUTH, None)
            }
            _ => return Err(internal("a constant kind the writer does not know")),
        };
        w.emit_record(code.0, &rec, abbrev)?;
    }
    w.exit_block()?;
    Ok(())
}

/// The element count of a splat's type; a splat of more than 2^24
/// elements (a record of that many operands) is refused rather than cut.
fn splat_len(m: &llvmext_ir::Module, ty: llvmext_ir::id::TypeId) -> Result<usize, WriteError> {
    let n = match m.types.get(ty) {
        Some(TypeKind::Vector { len, .. }) => u64::from(*len),
        Some(TypeKind::Array { len, .. }) => *len,
        _ => 1,
    };
    if n > super::MAX_SPLAT {
        return Err(WriteError::TooLarge("a splat constant of more than 2^24 elements"));
    }
    Ok(n as usize)
}

/// A `DATA` element: an integer zero-extended, a float's bits.
fn data_element(rec: &mut Vec<u64>, m: &llvmext_ir::Module, e: ConstId) {
    match m.consts.kind(e) {
        Some(ConstKind::Int(v)) => rec.push(v.limbs().first().copied().unwrap_or(0)),
        Some(ConstKind::Float(f)) => {
            let mut w = Vec::new();
            float_words(&mut w, f);
            rec.push(w.first().copied().unwrap_or(0));
        }
        _ => rec.push(0),
    }
}

/// A float's `FLOAT` operands: the bits (two words for the 80- and
/// 128-bit formats, the x87 one rearranged as LLVM writes it).
fn float_words(rec: &mut Vec<u64>, f: &FloatValue) {
    match *f {
        FloatValue::Half(b) | FloatValue::BFloat(b) => rec.push(u64::from(b)),
        FloatValue::Float(b) => rec.push(u64::from(b)),
        FloatValue::Double(b) => rec.push(b),
        FloatValue::X86Fp80(b) => {
            let (p0, p1) = (b as u64, (b >> 64) as u64);
            rec.push((p1 << 48) | (p0 >> 16));
            rec.push(p0 & 0xffff);
        }
        FloatValue::Fp128(b) | FloatValue::PpcFp128(b) => {
            rec.push(b as u64);
            rec.push((b >> 64) as u64);
        }
    }
}
