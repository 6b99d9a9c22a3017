//! `TYPE_BLOCK_ID_NEW` as LLVM 19's `writeTypeTable` writes it: six
//! abbreviations (opaque pointer in address space 0, function, literal
//! struct, struct name, identified struct, array; type operands as fixed
//! fields of the width the table needs), the entry count, then a record a
//! type in the enumerator's order, an identified struct's or target
//! type's name in a `STRUCT_NAME` record before it (abbreviated when every
//! byte is a char6).

use llvmext_core::bits::is_char6;
use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use llvmext_ir::types::TypeKind;

use super::enumerate::{Ty, TypeOrder};
use super::WriteError;
use crate::schema::{BlockId, TypeCode};

/// Bits for a type index: `Log2_32_Ceil(types + 1)`.
pub(crate) fn type_bits(n: usize) -> u8 {
    super::log2_ceil(n as u64 + 1)
}

/// Writes the type table of `order` into `w` (inside the module block).
pub(crate) fn write_type_table(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
) -> Result<(), WriteError> {
    let bits = type_bits(order.types.len());
    w.enter_block(BlockId::TYPE_NEW.0, 4);
    let code = |c: TypeCode| AbbrevOp::Literal(u64::from(c.0));
    let fixed_ty = AbbrevOp::Fixed(bits);
    let ptr =
        w.define_abbrev(Abbrev::new([code(TypeCode::OPAQUE_POINTER), AbbrevOp::Literal(0)]))?;
    let func = w.define_abbrev(Abbrev::new([
        code(TypeCode::FUNCTION),
        AbbrevOp::Fixed(1),
        AbbrevOp::Array,
        fixed_ty,
    ]))?;
    let anon = w.define_abbrev(Abbrev::new([
        code(TypeCode::STRUCT_ANON),
        AbbrevOp::Fixed(1),
        AbbrevOp::Array,
        fixed_ty,
    ]))?;
    let name = w.define_abbrev(Abbrev::new([
        code(TypeCode::STRUCT_NAME),
        AbbrevOp::Array,
        AbbrevOp::Char6,
    ]))?;
    let named = w.define_abbrev(Abbrev::new([
        code(TypeCode::STRUCT_NAMED),
        AbbrevOp::Fixed(1),
        AbbrevOp::Array,
        fixed_ty,
    ]))?;
    let array =
        w.define_abbrev(Abbrev::new([code(TypeCode::ARRAY), AbbrevOp::Vbr(8), fixed_ty]))?;
    w.emit_record(TypeCode::NUMENTRY.0, &[order.types.len() as u64], None)?;
    let idx = |t: &Ty| -> Result<u64, WriteError> {
        order.index(t).map(u64::from).ok_or(WriteError::Internal("a type not numbered"))
    };
    let mut ops: Vec<u64> = Vec::new();
    for t in &order.types {
        ops.clear();
        let kind = order.kind(t).ok_or(WriteError::Internal("an unknown type id"))?;
        let id = |x| Ty::Id(x);
        let (c, abbrev) = match kind {
            TypeKind::Void => (TypeCode::VOID, None),
            TypeKind::Float(f) => (
                match f.keyword() {
                    "half" => TypeCode::HALF,
                    "bfloat" => TypeCode::BFLOAT,
                    "float" => TypeCode::FLOAT,
                    "double" => TypeCode::DOUBLE,
                    "x86_fp80" => TypeCode::X86_FP80,
                    "fp128" => TypeCode::FP128,
                    _ => TypeCode::PPC_FP128,
                },
                None,
            ),
            TypeKind::Label => (TypeCode::LABEL, None),
            TypeKind::Metadata => (TypeCode::METADATA, None),
            TypeKind::Token => (TypeCode::TOKEN, None),
            TypeKind::X86Amx => (TypeCode::X86_AMX, None),
            TypeKind::X86Mmx => (TypeCode::X86_MMX, None),
            TypeKind::Int(n) => {
                ops.push(u64::from(*n));
                (TypeCode::INTEGER, None)
            }
            TypeKind::Ptr(a) => {
                ops.push(u64::from(*a));
                (TypeCode::OPAQUE_POINTER, (*a == 0).then_some(ptr))
            }
            TypeKind::Function { ret, params, vararg } => {
                ops.push(u64::from(*vararg));
                ops.push(idx(&id(*ret))?);
                for &p in params.iter() {
                    ops.push(idx(&id(p))?);
                }
                (TypeCode::FUNCTION, Some(func))
            }
            TypeKind::Struct { fields, packed } => {
                ops.push(u64::from(*packed));
                for &f in fields.iter() {
                    ops.push(idx(&id(f))?);
                }
                (TypeCode::STRUCT_ANON, Some(anon))
            }
            TypeKind::Named(_) => {
                let Ty::Id(tid) = t else { return Err(WriteError::Internal("a named struct")) };
                let (n, body) = order
                    .module()
                    .types
                    .named_body(*tid)
                    .ok_or(WriteError::Internal("a named struct without its entry"))?;
                if !n.is_empty() {
                    string_record(w, TypeCode::STRUCT_NAME.0, n, Some(name))?;
                }
                match body {
                    None => {
                        ops.push(0);
                        (TypeCode::OPAQUE, None)
                    }
                    Some(b) => {
                        ops.push(u64::from(b.packed));
                        for &f in b.fields {
                            ops.push(idx(&id(f))?);
                        }
                        (TypeCode::STRUCT_NAMED, Some(named))
                    }
                }
            }
            TypeKind::Array { elem, len } => {
                ops.push(*len);
                ops.push(idx(&id(*elem))?);
                (TypeCode::ARRAY, Some(array))
            }
            TypeKind::Vector { elem, len, scalable } => {
                ops.push(u64::from(*len));
                ops.push(idx(&id(*elem))?);
                if *scalable {
                    ops.push(1);
                }
                (TypeCode::VECTOR, None)
            }
            TypeKind::TargetExt { name: n, types, ints } => {
                string_record(w, TypeCode::STRUCT_NAME.0, n.as_bytes(), Some(name))?;
                ops.push(types.len() as u64);
                for &t in types.iter() {
                    ops.push(idx(&id(t))?);
                }
                ops.extend(ints.iter().map(|&i| u64::from(i)));
                (TypeCode::TARGET_TYPE, None)
            }
        };
        w.emit_record(c.0, &ops, abbrev)?;
    }
    w.exit_block()?;
    Ok(())
}

/// LLVM's `writeStringRecord`: the bytes as operands, with `abbrev` (if
/// any) when they are all char6. LLVM passes each byte through a (signed,
/// on x86) `char` into an `unsigned`, so a byte of 0x80 or more is written
/// as `0xFFFFFF80` or more; readers keep its low byte.
pub(crate) fn string_record(
    w: &mut BitstreamWriter,
    code: u32,
    s: &[u8],
    abbrev: Option<u32>,
) -> Result<(), WriteError> {
    let ops: Vec<u64> = s.iter().map(|&b| u64::from(b as i8 as i32 as u32)).collect();
    w.emit_record(code, &ops, abbrev.filter(|_| is_char6(s)))?;
    Ok(())
}
