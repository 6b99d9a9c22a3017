//! The type rules of LLVM IR, shared by the [builder](crate::builder), the
//! [parser](crate::parse) and the [verifier](crate::verify): one function
//! per instruction family behind [`check_inst`], LLVM's `castIsValid`
//! ([`cast_valid`]), and the rules on global values
//! ([`check_global_var`], [`check_common`]).
//!
//! A broken rule is a [`CheckError`]: its [`kind`](CheckError::kind), the
//! instruction's opcode, the index of the operand at fault (in the order
//! of [`InstKind::for_each_operand`]) and the types involved, printed; its
//! [`message`](CheckError::message) is worded as LLVM's verifier words it.
//!
//! ```
//! use llvmext_ir::prelude::*;
//!
//! let mut m = Module::named("demo");
//! let mut b = Builder::new(&mut m);
//! let (i32t, i64t) = (b.int(32)?, b.int(64)?);
//! let fty = b.fn_type(i32t, &[i32t, i64t])?;
//! let f = b.define_function("f", fty)?;
//! let mut fb = b.func(f)?;
//! let entry = fb.block("entry");
//! fb.position_at_end(entry);
//! let (x, y) = (fb.arg(0)?, fb.arg(1)?);
//! let e = fb.add(x, y, "s").unwrap_err();
//! assert_eq!(e.kind, ErrorKind::TypeMismatch);
//! assert_eq!((e.opcode, e.operand), (Some("add"), Some(1)));
//! assert_eq!(e.types, ["i32", "i64"]);
//! assert_eq!(e.to_string(), "add: operand 1: types i32 and i64 differ");
//! assert_eq!(e.message, "Both operands to a binary operator are not of the same type!");
//! # Ok::<(), BuildError>(())
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::constant::ConstKind;
use crate::id::{BlockId, ConstId, GlobalRef, TypeId, Value};
use crate::inst::{flags, BinOp, CallData, CastOp, Clause, InstKind, Ordering, RmwOp};
use crate::module::{Function, GlobalCommon, GlobalVar, Linkage, Module};
use crate::types::{TypeError, TypeKind, Types};

/// What kind of rule a [`CheckError`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Two types that must be equal differ (the operands of a binary
    /// operator or compare, a phi's incoming value and the phi, a call
    /// argument and its parameter, a returned value and the return type, a
    /// switch case and the condition...). [`CheckError::types`] holds the
    /// expected type first, then the type of the operand at fault.
    TypeMismatch,
    /// An operand's type is not one the instruction accepts (`fadd` of
    /// `i32`, a branch on `i32`, a load from a non-pointer, an invalid
    /// cast...). [`CheckError::types`] holds the types involved.
    OperandType,
    /// The result type is not what the operands give.
    ResultType,
    /// A call with the wrong number of arguments.
    ArgumentCount,
    /// A value that must be a constant is not one, or is out of range (a
    /// switch case, a struct index, a shuffle mask, an aggregate index).
    InvalidConstant,
    /// An id that does not exist: a value, block, constant, type,
    /// function, global or metadata node.
    NoSuchId,
    /// A value the [`FunctionBuilder`](crate::builder::FunctionBuilder)
    /// handed out for another function (an instruction result or an
    /// argument).
    ForeignValue,
    /// A block of another function.
    ForeignBlock,
    /// A value of a kind not allowed here: metadata outside a call
    /// argument, inline assembly outside a callee, the "result" of a void
    /// instruction, a phi expected but something else given.
    ValueKind,
    /// Flags, fast-math flags, atomic orderings or alignments the
    /// instruction cannot have.
    Attribute,
    /// Where an instruction goes: no insertion block, a block that already
    /// ended, a phi after a non-phi, a name on a void instruction.
    Placement,
    /// A rule on global values: linkage, visibility, DLL storage,
    /// initializer, comdat, attributes.
    Global,
    /// A type could not be made ([`TypeError`]).
    Type,
    /// Any other rule (the message says which).
    Other,
}

/// A broken IR rule: what the builder returns for an instruction or
/// global it refuses, and what the verifier reports (as its message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckError {
    /// What kind of rule.
    pub kind: ErrorKind,
    /// The instruction's opcode keyword (`add`, `icmp`, `getelementptr`,
    /// `br`...), when the error is about an instruction.
    pub opcode: Option<&'static str>,
    /// The operand at fault, numbered as
    /// [`InstKind::for_each_operand`] numbers them (a call's argument `i`
    /// is operand `i`; a switch's case `k` is operand `k + 1`; a phi's
    /// incoming value `k` is operand `k`).
    pub operand: Option<u32>,
    /// The types involved, printed as in `.ll` text (for
    /// [`ErrorKind::TypeMismatch`]: the expected type, then the operand's).
    pub types: Vec<String>,
    /// What is wrong, worded as LLVM's verifier words it where it has a
    /// message.
    pub message: String,
}

impl CheckError {
    /// An error of `kind` with `message` and nothing else known.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        CheckError { kind, opcode: None, operand: None, types: Vec::new(), message: message.into() }
    }

    /// The same error about operand `i`.
    pub fn at_operand(mut self, i: usize) -> Self {
        self.operand = Some(u32::try_from(i).unwrap_or(u32::MAX));
        self
    }

    /// The same error about the instruction `opcode` (kept if already set).
    pub fn in_opcode(mut self, opcode: &'static str) -> Self {
        self.opcode.get_or_insert(opcode);
        self
    }

    /// The same error naming `types` (printed with `types_arena`).
    pub fn with_types(mut self, types_arena: &Types, types: &[TypeId]) -> Self {
        self.types = types.iter().map(|&t| types_arena.display(t).to_string()).collect();
        self
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(op) = self.opcode {
            write!(f, "{op}: ")?;
        }
        if let Some(i) = self.operand {
            write!(f, "operand {i}: ")?;
        }
        match (self.kind, self.types.as_slice()) {
            (ErrorKind::TypeMismatch, [a, b]) => write!(f, "types {a} and {b} differ"),
            (_, []) => f.write_str(&self.message),
            (_, [t]) => write!(f, "{} (type {t})", self.message),
            (_, tys) => write!(f, "{} (types {})", self.message, tys.join(", ")),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CheckError {}

impl From<TypeError> for CheckError {
    fn from(e: TypeError) -> Self {
        CheckError::new(ErrorKind::Type, e.to_string())
    }
}

type R<T> = Result<T, CheckError>;

fn err<T>(kind: ErrorKind, msg: &str) -> R<T> {
    Err(CheckError::new(kind, msg))
}

/// An error of `kind` about operand `i` naming `tys`.
fn bad<T>(t: &Ty<'_>, kind: ErrorKind, i: usize, tys: &[TypeId], msg: &str) -> R<T> {
    Err(CheckError::new(kind, msg).at_operand(i).with_types(t.0, tys))
}

// ---------------------------------------------------------------------------
// Type predicates
// ---------------------------------------------------------------------------

/// Type queries used by the checks (all total: an unknown id is "nothing").
pub(crate) struct Ty<'a>(pub(crate) &'a Types);

impl<'a> Ty<'a> {
    pub(crate) fn kind(&self, t: TypeId) -> Option<&'a TypeKind> {
        self.0.get(t)
    }
    /// The element type of a vector, else `t`.
    pub(crate) fn scalar(&self, t: TypeId) -> TypeId {
        match self.kind(t) {
            Some(TypeKind::Vector { elem, .. }) => *elem,
            _ => t,
        }
    }
    /// `(len, scalable)` of a vector.
    pub(crate) fn vec(&self, t: TypeId) -> Option<(u32, bool)> {
        match self.kind(t) {
            Some(TypeKind::Vector { len, scalable, .. }) => Some((*len, *scalable)),
            _ => None,
        }
    }
    pub(crate) fn int_bits(&self, t: TypeId) -> Option<u32> {
        match self.kind(t) {
            Some(TypeKind::Int(b)) => Some(*b),
            _ => None,
        }
    }
    pub(crate) fn is_int(&self, t: TypeId) -> bool {
        self.int_bits(t).is_some()
    }
    pub(crate) fn is_int_or_vec(&self, t: TypeId) -> bool {
        self.is_int(self.scalar(t))
    }
    pub(crate) fn is_fp(&self, t: TypeId) -> bool {
        matches!(self.kind(t), Some(TypeKind::Float(_)))
    }
    pub(crate) fn is_fp_or_vec(&self, t: TypeId) -> bool {
        self.is_fp(self.scalar(t))
    }
    pub(crate) fn ptr_as(&self, t: TypeId) -> Option<u32> {
        match self.kind(t) {
            Some(TypeKind::Ptr(a)) => Some(*a),
            _ => None,
        }
    }
    pub(crate) fn is_ptr(&self, t: TypeId) -> bool {
        self.ptr_as(t).is_some()
    }
    pub(crate) fn is_ptr_or_vec(&self, t: TypeId) -> bool {
        self.is_ptr(self.scalar(t))
    }
    pub(crate) fn is_i1_or_vec(&self, t: TypeId) -> bool {
        self.int_bits(self.scalar(t)) == Some(1)
    }
    pub(crate) fn is_void(&self, t: TypeId) -> bool {
        matches!(self.kind(t), Some(TypeKind::Void))
    }
    pub(crate) fn is_token(&self, t: TypeId) -> bool {
        matches!(self.kind(t), Some(TypeKind::Token))
    }
    pub(crate) fn is_aggregate(&self, t: TypeId) -> bool {
        matches!(
            self.kind(t),
            Some(TypeKind::Array { .. } | TypeKind::Struct { .. } | TypeKind::Named(_))
        )
    }
    /// LLVM's `isFirstClassType`: anything but `void` and function types.
    pub(crate) fn is_first_class(&self, t: TypeId) -> bool {
        !matches!(self.kind(t), None | Some(TypeKind::Void | TypeKind::Function { .. }))
    }
    /// Struct fields (literal or identified with a body).
    pub(crate) fn fields(&self, t: TypeId) -> Option<&'a [TypeId]> {
        match self.kind(t)? {
            TypeKind::Struct { fields, .. } => Some(fields),
            TypeKind::Named(_) => self.0.named_body(t)?.1.map(|b| b.fields),
            _ => None,
        }
    }
    /// The size in bits of a primitive type (int, float, fixed or
    /// scalable vector of those), as `(bits, scalable)`; `None` for others.
    pub(crate) fn prim_bits(&self, t: TypeId) -> Option<(u64, bool)> {
        match self.kind(t)? {
            TypeKind::Int(b) => Some((u64::from(*b), false)),
            TypeKind::Float(k) => Some((u64::from(k.bits()), false)),
            TypeKind::X86Amx => Some((8192, false)),
            TypeKind::X86Mmx => Some((64, false)),
            TypeKind::Vector { elem, len, scalable } => {
                let (e, _) = self.prim_bits(*elem)?;
                Some((e * u64::from(*len), *scalable))
            }
            _ => None,
        }
    }
    /// LLVM's `isSized`, without recursion (an identified struct that
    /// contains itself is unsized).
    pub(crate) fn is_sized(&self, t: TypeId) -> bool {
        // Explicit DFS: (type, next child), and the identified structs on
        // the current path.
        let mut stack: Vec<(TypeId, usize)> = Vec::new();
        let mut path: Vec<TypeId> = Vec::new();
        let mut done: hashbrown::HashSet<TypeId> = hashbrown::HashSet::new();
        stack.push((t, 0));
        while let Some(&mut (ty, ref mut next)) = stack.last_mut() {
            let children: &[TypeId] = match self.kind(ty) {
                None => return false,
                Some(
                    TypeKind::Int(_)
                    | TypeKind::Float(_)
                    | TypeKind::Ptr(_)
                    | TypeKind::Vector { .. }
                    | TypeKind::X86Amx
                    | TypeKind::X86Mmx,
                ) => &[],
                Some(TypeKind::TargetExt { .. }) => &[],
                Some(TypeKind::Array { elem, .. }) => core::slice::from_ref(elem),
                Some(TypeKind::Struct { fields, .. }) => fields,
                Some(TypeKind::Named(_)) => match self.0.named_body(ty) {
                    Some((_, Some(b))) => b.fields,
                    _ => return false,
                },
                Some(_) => return false,
            };
            if *next == 0 && matches!(self.kind(ty), Some(TypeKind::Named(_))) {
                if path.contains(&ty) {
                    return false;
                }
                path.push(ty);
            }
            if let Some(&c) = children.get(*next) {
                *next += 1;
                if !done.contains(&c) {
                    stack.push((c, 0));
                }
            } else {
                if matches!(self.kind(ty), Some(TypeKind::Named(_))) {
                    path.pop();
                }
                done.insert(ty);
                stack.pop();
            }
        }
        true
    }
    pub(crate) fn show(&self, t: TypeId) -> String {
        self.0.display(t).to_string()
    }
}

pub(crate) fn same_count(t: &Ty<'_>, a: TypeId, b: TypeId) -> bool {
    t.vec(a) == t.vec(b)
}

// ---------------------------------------------------------------------------
// The shared instruction checks
// ---------------------------------------------------------------------------

use ErrorKind as K;

/// The type of operand `v` in `f`, or an error naming what does not exist
/// ([`ErrorKind::NoSuchId`]) or may not be an operand
/// ([`ErrorKind::ValueKind`]). An instruction or argument id out of range
/// for `f` is an error here, so a value of another function that `f` does
/// not have is caught by the verifier too.
pub fn operand_type(m: &Module, f: &Function, v: Value) -> R<TypeId> {
    let t = match v {
        Value::Const(c) => m.consts.ty(c).ok_or_else(|| {
            CheckError::new(K::NoSuchId, "operand is a constant that does not exist")
        })?,
        Value::Arg(n) => m.value_type(f, v).ok_or_else(|| {
            CheckError::new(K::NoSuchId, format!("operand is argument {n}, which does not exist"))
        })?,
        Value::Inst(i) => {
            let inst = f.insts.get(i.0 as usize).ok_or_else(|| {
                CheckError::new(
                    K::NoSuchId,
                    format!("operand is instruction {}, which does not exist", i.0),
                )
            })?;
            if Ty(&m.types).is_void(inst.ty) {
                return err(K::ValueKind, "operand is an instruction that has no value (void)");
            }
            inst.ty
        }
        Value::Metadata(md) => {
            if m.md.get(md).is_none() {
                return err(K::NoSuchId, "operand is metadata that does not exist");
            }
            return err(K::ValueKind, "metadata is only allowed as a call argument");
        }
        Value::InlineAsm(_) => {
            return err(K::ValueKind, "inline assembly is only allowed as a callee")
        }
    };
    if m.types.get(t).is_none() {
        return err(K::NoSuchId, "operand has a type that does not exist");
    }
    Ok(t)
}

/// Checks that block `b` exists in `f`.
pub fn block_ok(f: &Function, b: BlockId) -> R<()> {
    if (b.0 as usize) < f.blocks.len() {
        Ok(())
    } else {
        Err(CheckError::new(K::NoSuchId, format!("branch to block {}, which does not exist", b.0)))
    }
}

/// The `(return type, parameters, vararg)` of function type `fty`.
pub(crate) fn fn_sig(types: &Types, fty: TypeId) -> Option<(TypeId, &[TypeId], bool)> {
    match types.get(fty)? {
        TypeKind::Function { ret, params, vararg } => Some((*ret, params, *vararg)),
        _ => None,
    }
}

/// LLVM's limits on an `align N`: a power of two, at most 2^32.
pub fn check_align(align: u64) -> R<()> {
    if align != 0 && !align.is_power_of_two() {
        return err(K::Attribute, "alignment is not a power of 2");
    }
    if align > 1 << 32 {
        return err(K::Attribute, "huge alignment values are unsupported");
    }
    Ok(())
}

/// An integer constant's value as `u64` if it fits.
fn const_u64(m: &Module, c: ConstId) -> Option<u64> {
    match m.consts.kind(c)? {
        ConstKind::Int(v) => {
            let l = v.limbs();
            if l.iter().skip(1).all(|&x| x == 0) {
                l.first().copied()
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The struct index a GEP index selects: a constant `i32` or splat of one.
fn struct_index(m: &Module, v: Value) -> Option<u64> {
    let Value::Const(c) = v else { return None };
    let t = Ty(&m.types);
    let ty = m.consts.ty(c)?;
    if t.int_bits(t.scalar(ty)) != Some(32) {
        return None;
    }
    match m.consts.kind(c)? {
        ConstKind::Int(_) => const_u64(m, c),
        ConstKind::Zero => Some(0),
        ConstKind::Splat(e) => const_u64(m, *e),
        ConstKind::Vector(elems) => {
            let first = *elems.first()?;
            if elems.iter().all(|&e| e == first) {
                const_u64(m, first)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The type `indices` select in aggregate `agg` (extractvalue/insertvalue).
pub fn indexed_aggregate(types: &Types, agg: TypeId, indices: &[u32]) -> Option<TypeId> {
    let t = Ty(types);
    if indices.is_empty() {
        return None;
    }
    let mut cur = agg;
    for &i in indices {
        cur = match t.kind(cur)? {
            TypeKind::Array { elem, len } => {
                if u64::from(i) >= *len {
                    return None;
                }
                *elem
            }
            TypeKind::Struct { .. } | TypeKind::Named(_) => *t.fields(cur)?.get(i as usize)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// Walks a GEP's indices (after the first) through `source`: the final
/// indexed type, or an error (operand numbers count the base as 0).
fn gep_indexed(m: &Module, source: TypeId, indices: &[Value]) -> R<TypeId> {
    let t = Ty(&m.types);
    let mut cur = source;
    for (k, &ix) in indices.iter().enumerate().skip(1) {
        cur = match t.kind(cur) {
            Some(TypeKind::Array { elem, .. }) | Some(TypeKind::Vector { elem, .. }) => *elem,
            Some(TypeKind::Struct { .. } | TypeKind::Named(_)) => {
                let Some(fields) = t.fields(cur) else {
                    return bad(&t, K::OperandType, k + 1, &[cur], "GEP into an opaque struct");
                };
                let Some(i) = struct_index(m, ix) else {
                    return bad(
                        &t,
                        K::InvalidConstant,
                        k + 1,
                        &[cur],
                        "invalid getelementptr indices: a struct index must be a constant i32",
                    );
                };
                match fields.get(i as usize) {
                    Some(&f) => f,
                    None => {
                        return bad(
                            &t,
                            K::InvalidConstant,
                            k + 1,
                            &[cur],
                            "invalid getelementptr indices: struct index out of range",
                        )
                    }
                }
            }
            _ => return bad(&t, K::OperandType, k + 1, &[cur], "invalid getelementptr indices"),
        };
    }
    Ok(cur)
}

/// The vector length a GEP's result has, if any (checking that the base
/// and vector indices agree).
pub(crate) fn gep_vector(
    m: &Module,
    f: &Function,
    base_ty: TypeId,
    indices: &[Value],
) -> R<Option<(u32, bool)>> {
    let t = Ty(&m.types);
    let mut width = t.vec(base_ty);
    for (k, &ix) in indices.iter().enumerate() {
        let it = operand_type(m, f, ix).map_err(|e| e.at_operand(k + 1))?;
        if !t.is_int_or_vec(it) {
            return bad(&t, K::OperandType, k + 1, &[it], "GEP indexes must be integers");
        }
        if let Some(w) = t.vec(it) {
            match width {
                None => width = Some(w),
                Some(x) if x == w => {}
                Some(_) => {
                    return bad(
                        &t,
                        K::OperandType,
                        k + 1,
                        &[base_ty, it],
                        "Vector GEP result width doesn't match operand's",
                    )
                }
            }
        }
    }
    Ok(width)
}

/// LLVM's `CastInst::castIsValid`: whether `op` may cast a `src` value to
/// `dst` (the parser, the builder and the verifier all ask this).
pub fn cast_valid(types: &Types, op: CastOp, src: TypeId, dst: TypeId) -> bool {
    let t = &Ty(types);
    if !t.is_first_class(src)
        || !t.is_first_class(dst)
        || t.is_aggregate(src)
        || t.is_aggregate(dst)
    {
        return false;
    }
    let (ss, ds) = (t.scalar(src), t.scalar(dst));
    let same_ec = same_count(t, src, dst);
    let sbits = t.prim_bits(ss).map(|x| x.0);
    let dbits = t.prim_bits(ds).map(|x| x.0);
    use CastOp::*;
    match op {
        Trunc => t.is_int(ss) && t.is_int(ds) && same_ec && sbits > dbits,
        ZExt | SExt => t.is_int(ss) && t.is_int(ds) && same_ec && sbits < dbits,
        FPTrunc => t.is_fp(ss) && t.is_fp(ds) && same_ec && sbits > dbits,
        FPExt => t.is_fp(ss) && t.is_fp(ds) && same_ec && sbits < dbits,
        UIToFP | SIToFP => t.is_int(ss) && t.is_fp(ds) && same_ec,
        FPToUI | FPToSI => t.is_fp(ss) && t.is_int(ds) && same_ec,
        PtrToInt => t.is_ptr(ss) && t.is_int(ds) && same_ec,
        IntToPtr => t.is_int(ss) && t.is_ptr(ds) && same_ec,
        AddrSpaceCast => t.is_ptr(ss) && t.is_ptr(ds) && same_ec && t.ptr_as(ss) != t.ptr_as(ds),
        BitCast => {
            let (sp, dp) = (t.ptr_as(ss), t.ptr_as(ds));
            if sp.is_some() || dp.is_some() {
                if sp != dp {
                    return false;
                }
                return match (t.vec(src), t.vec(dst)) {
                    (Some(a), Some(b)) => a == b,
                    (Some(a), None) => a == (1, false),
                    (None, Some(b)) => b == (1, false),
                    (None, None) => true,
                };
            }
            match (t.prim_bits(src), t.prim_bits(dst)) {
                (Some(a), Some(b)) => a == b && a.0 != 0,
                _ => false,
            }
        }
    }
}

/// The context of one instruction's check.
struct Cx<'a> {
    m: &'a Module,
    f: &'a Function,
    t: Ty<'a>,
    /// The result type.
    ty: TypeId,
}

impl Cx<'_> {
    /// The type of operand number `i`, value `v`.
    fn op(&self, i: usize, v: Value) -> R<TypeId> {
        operand_type(self.m, self.f, v).map_err(|e| e.at_operand(i))
    }
    fn need_void(&self, what: &str) -> R<()> {
        if self.t.is_void(self.ty) {
            Ok(())
        } else {
            Err(CheckError::new(K::ResultType, format!("{what} must have void result type!"))
                .with_types(self.t.0, &[self.ty]))
        }
    }
    /// A [`ErrorKind::TypeMismatch`]: operand `i` of type `got` where
    /// `want` is needed.
    fn mismatch<T>(&self, i: usize, want: TypeId, got: TypeId, msg: &str) -> R<T> {
        bad(&self.t, K::TypeMismatch, i, &[want, got], msg)
    }
    /// An [`ErrorKind::OperandType`] about operand `i` of type `got`.
    fn op_type<T>(&self, i: usize, got: TypeId, msg: &str) -> R<T> {
        bad(&self.t, K::OperandType, i, &[got], msg)
    }
    /// An [`ErrorKind::ResultType`]: the result type is not `want`
    /// (`None`: no one type is expected).
    fn result<T>(&self, want: Option<TypeId>, msg: &str) -> R<T> {
        let tys: Vec<TypeId> = want.into_iter().chain([self.ty]).collect();
        Err(CheckError::new(K::ResultType, msg).with_types(self.t.0, &tys))
    }
    fn block(&self, b: BlockId) -> R<()> {
        block_ok(self.f, b)
    }
}

/// Checks one instruction of `f` — its operands' types, the result type
/// `ty`, the ids it names — as the builder does before adding it and the
/// verifier does for every instruction. Rules and messages follow LLVM's
/// `Verifier` and the instruction classes' `isValidOperands`; the error
/// carries the opcode, the operand at fault and the types.
pub fn check_inst(m: &Module, f: &Function, kind: &InstKind, ty: TypeId) -> R<()> {
    check_inst_inner(m, f, kind, ty).map_err(|e| e.in_opcode(kind.opcode()))
}

fn check_inst_inner(m: &Module, f: &Function, kind: &InstKind, ty: TypeId) -> R<()> {
    let cx = Cx { m, f, t: Ty(&m.types), ty };
    if cx.t.kind(ty).is_none() {
        return err(K::NoSuchId, "instruction has a type that does not exist");
    }
    use InstKind::*;
    match kind {
        Ret(_)
        | Br(_)
        | CondBr { .. }
        | Switch { .. }
        | IndirectBr { .. }
        | Resume(_)
        | CatchSwitch { .. }
        | CatchRet { .. }
        | CleanupRet { .. }
        | Unreachable => check_terminator(&cx, kind)?,
        Invoke { call, normal, unwind } => {
            check_call(&cx, call)?;
            cx.block(*normal)?;
            cx.block(*unwind)?;
        }
        CallBr { call, default, indirect } => {
            check_call(&cx, call)?;
            cx.block(*default)?;
            for &d in indirect {
                cx.block(d)?;
            }
        }
        Call { call, .. } => check_call(&cx, call)?,
        FNeg { .. } | Binary { .. } => check_arith(&cx, kind)?,
        ExtractElement { .. } | InsertElement { .. } | ShuffleVector { .. } => {
            check_vector(&cx, kind)?
        }
        ExtractValue { .. } | InsertValue { .. } => check_aggregate(&cx, kind)?,
        Alloca { .. }
        | Load { .. }
        | Store { .. }
        | Fence { .. }
        | CmpXchg { .. }
        | AtomicRmw { .. } => check_memory(&cx, kind)?,
        Gep { source_ty, base, indices, .. } => check_gep(&cx, *source_ty, *base, indices)?,
        Cast { op, val, .. } => {
            let st = cx.op(0, *val)?;
            if !cast_valid(&m.types, *op, st, ty) {
                let msg = format!(
                    "invalid cast opcode for cast from '{}' to '{}'",
                    cx.t.show(st),
                    cx.t.show(ty)
                );
                return bad(&cx.t, K::OperandType, 0, &[st, ty], &msg);
            }
        }
        ICmp { .. } | FCmp { .. } => check_cmp(&cx, kind)?,
        Phi { .. }
        | Select { .. }
        | Freeze(_)
        | VaArg(_)
        | LandingPad { .. }
        | CatchPad { .. }
        | CleanupPad { .. } => check_other(&cx, kind)?,
    }
    if !cx.t.is_void(ty) && !cx.t.is_first_class(ty) {
        return cx.result(None, "Instruction returns a non-scalar type!");
    }
    Ok(())
}

/// `call`, `invoke`, `callbr`: the callee's type, the arguments against
/// the parameters (argument `i` is operand `i`), the result type.
fn check_call(cx: &Cx<'_>, call: &CallData) -> R<()> {
    let (m, t) = (cx.m, &cx.t);
    let Some((ret, params, vararg)) = fn_sig(&m.types, call.fn_ty) else {
        return Err(CheckError::new(K::OperandType, "Callee is not of function type!")
            .with_types(t.0, &[call.fn_ty]));
    };
    let n_bundle: usize = call.bundles.iter().map(|b| b.inputs.len()).sum();
    let callee_op = call.args.len() + n_bundle;
    match call.callee {
        Value::InlineAsm(i) => {
            let Some(a) = m.inline_asm.get(i as usize) else {
                return Err(CheckError::new(K::NoSuchId, "inline assembly that does not exist")
                    .at_operand(callee_op));
            };
            if a.ty != call.fn_ty {
                return cx.mismatch(
                    callee_op,
                    call.fn_ty,
                    a.ty,
                    "inline assembly type does not match the call's function type",
                );
            }
        }
        v => {
            let ct = cx.op(callee_op, v)?;
            if !t.is_ptr(ct) {
                return cx.op_type(callee_op, ct, "Called function must be a pointer!");
            }
        }
    }
    if call.args.len() < params.len() || (!vararg && call.args.len() != params.len()) {
        let mut e = CheckError::new(
            K::ArgumentCount,
            "Incorrect number of arguments passed to called function!",
        )
        .with_types(t.0, &[call.fn_ty]);
        if call.args.len() > params.len() {
            e = e.at_operand(params.len());
        }
        return Err(e);
    }
    for (i, &a) in call.args.iter().enumerate() {
        let at = match a {
            Value::Metadata(md) => {
                if m.md.get(md).is_none() {
                    return Err(CheckError::new(
                        K::NoSuchId,
                        "operand is metadata that does not exist",
                    )
                    .at_operand(i));
                }
                match m.types.find(&TypeKind::Metadata) {
                    Some(mt) => mt,
                    None => {
                        return Err(CheckError::new(
                            K::TypeMismatch,
                            "Call parameter type does not match function signature!",
                        )
                        .at_operand(i))
                    }
                }
            }
            _ => cx.op(i, a)?,
        };
        if let Some(&p) = params.get(i) {
            if p != at {
                return cx.mismatch(
                    i,
                    p,
                    at,
                    "Call parameter type does not match function signature!",
                );
            }
        } else if matches!(t.kind(at), Some(TypeKind::Metadata)) {
            return Err(CheckError::new(
                K::ValueKind,
                "metadata is not allowed as a variadic argument",
            )
            .at_operand(i));
        }
    }
    let mut k = call.args.len();
    for b in &call.bundles {
        for &v in &b.inputs {
            cx.op(k, v)?;
            k += 1;
        }
    }
    if cx.ty != ret {
        return cx.result(Some(ret), "call result type does not match the callee's return type");
    }
    Ok(())
}

/// The terminators other than the call-like ones.
fn check_terminator(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (m, f, t) = (cx.m, cx.f, &cx.t);
    match kind {
        InstKind::Ret(v) => {
            cx.need_void("Ret")?;
            let Some((ret, ..)) = fn_sig(&m.types, f.ty) else {
                return err(K::NoSuchId, "function type is not a function type");
            };
            match v {
                None if t.is_void(ret) => {}
                None => {
                    return Err(CheckError::new(
                        K::TypeMismatch,
                        "Function return type does not match operand type of return inst!",
                    )
                    .with_types(t.0, &[ret, m.types.void()]))
                }
                Some(_) if t.is_void(ret) => {
                    return Err(CheckError::new(
                        K::TypeMismatch,
                        "Found return instr that returns non-void in Function of void return type!",
                    )
                    .at_operand(0))
                }
                Some(v) => {
                    let vt = cx.op(0, *v)?;
                    if vt != ret {
                        return cx.mismatch(
                            0,
                            ret,
                            vt,
                            "Function return type does not match operand type of return inst!",
                        );
                    }
                }
            }
        }
        InstKind::Br(b) => {
            cx.need_void("Branch")?;
            cx.block(*b)?;
        }
        InstKind::CondBr { cond, then_dest, else_dest } => {
            cx.need_void("Branch")?;
            let ct = cx.op(0, *cond)?;
            if t.int_bits(ct) != Some(1) {
                return cx.op_type(0, ct, "Branch condition is not 'i1' type!");
            }
            cx.block(*then_dest)?;
            cx.block(*else_dest)?;
        }
        InstKind::Switch { cond, default, cases } => {
            cx.need_void("Switch")?;
            let ct = cx.op(0, *cond)?;
            if !t.is_int(ct) {
                return cx.op_type(0, ct, "Switch condition must be an integer!");
            }
            cx.block(*default)?;
            let mut seen = hashbrown::HashSet::new();
            for (k, &(c, b)) in cases.iter().enumerate() {
                let Some(cty) = m.consts.ty(c) else {
                    return Err(
                        CheckError::new(K::NoSuchId, "case value does not exist").at_operand(k + 1)
                    );
                };
                if cty != ct {
                    return cx.mismatch(
                        k + 1,
                        ct,
                        cty,
                        "Switch constants must all be same type as switch value!",
                    );
                }
                if !matches!(m.consts.kind(c), Some(ConstKind::Int(_))) {
                    return Err(CheckError::new(
                        K::InvalidConstant,
                        "case value is not a constant integer",
                    )
                    .at_operand(k + 1));
                }
                if !seen.insert(c) {
                    return Err(CheckError::new(
                        K::InvalidConstant,
                        "Duplicate integer as switch case",
                    )
                    .at_operand(k + 1));
                }
                cx.block(b)?;
            }
        }
        InstKind::IndirectBr { addr, dests } => {
            cx.need_void("Indirectbr")?;
            let at = cx.op(0, *addr)?;
            if !t.is_ptr(at) {
                return cx.op_type(0, at, "Indirectbr operand must have pointer type!");
            }
            for &d in dests {
                cx.block(d)?;
            }
        }
        InstKind::Resume(v) => {
            cx.need_void("Resume")?;
            cx.op(0, *v)?;
        }
        InstKind::CatchSwitch { parent, handlers, unwind } => {
            let pt = cx.op(0, *parent)?;
            if !t.is_token(cx.ty) || !t.is_token(pt) {
                return cx.op_type(
                    0,
                    pt,
                    "CatchSwitchInst must be of token type and within a token",
                );
            }
            if handlers.is_empty() {
                return err(K::Other, "CatchSwitchInst cannot have empty handler list");
            }
            for &h in handlers {
                cx.block(h)?;
            }
            if let Some(u) = unwind {
                cx.block(*u)?;
            }
        }
        InstKind::CatchRet { pad, dest } => {
            cx.need_void("CatchReturnInst")?;
            let pt = cx.op(0, *pad)?;
            if !t.is_token(pt) {
                return cx.op_type(0, pt, "CatchReturnInst needs to be provided a CatchPad");
            }
            cx.block(*dest)?;
        }
        InstKind::CleanupRet { pad, unwind } => {
            cx.need_void("CleanupReturnInst")?;
            let pt = cx.op(0, *pad)?;
            if !t.is_token(pt) {
                return cx.op_type(0, pt, "CleanupReturnInst needs to be provided a CleanupPad");
            }
            if let Some(u) = unwind {
                cx.block(*u)?;
            }
        }
        InstKind::Unreachable => cx.need_void("Unreachable")?,
        _ => {}
    }
    Ok(())
}

/// `fneg` and the binary operators.
fn check_arith(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (t, ty) = (&cx.t, cx.ty);
    match kind {
        InstKind::FNeg { val, .. } => {
            let vt = cx.op(0, *val)?;
            if !t.is_fp_or_vec(vt) {
                return cx.op_type(0, vt, "FNeg operator only works with float types!");
            }
            if vt != ty {
                return cx.result(
                    Some(vt),
                    "Unary operators must have same type for operands and result!",
                );
            }
        }
        InstKind::Binary { op: bop, lhs, rhs, flags: fl, fmf } => {
            let (a, b) = (cx.op(0, *lhs)?, cx.op(1, *rhs)?);
            if a != b {
                return cx.mismatch(
                    1,
                    a,
                    b,
                    "Both operands to a binary operator are not of the same type!",
                );
            }
            use BinOp::*;
            let (ok, bad_ty, bad_res) = match bop {
                Add | Sub | Mul | SDiv | UDiv | SRem | URem => (
                    t.is_int_or_vec(a),
                    "Integer arithmetic operators only work with integral types!",
                    "Integer arithmetic operators must have same type for operands and result!",
                ),
                FAdd | FSub | FMul | FDiv | FRem => (
                    t.is_fp_or_vec(a),
                    "Floating-point arithmetic operators only work with floating-point types!",
                    "Floating-point arithmetic operators must have same type for operands and result!",
                ),
                And | Or | Xor => (
                    t.is_int_or_vec(a),
                    "Logical operators only work with integral types!",
                    "Logical operators must have same type for operands and result!",
                ),
                Shl | LShr | AShr => (
                    t.is_int_or_vec(a),
                    "Shifts only work with integral types!",
                    "Shift return type must be same as operands!",
                ),
            };
            if !ok {
                return cx.op_type(0, a, bad_ty);
            }
            if a != ty {
                return cx.result(Some(a), bad_res);
            }
            let allowed = match bop {
                Add | Sub | Mul | Shl => flags::NUW | flags::NSW,
                UDiv | SDiv | LShr | AShr => flags::EXACT,
                Or => flags::DISJOINT,
                _ => 0,
            };
            if fl & !allowed != 0 {
                return Err(CheckError::new(
                    K::Attribute,
                    format!("invalid flags for '{}'", bop.keyword()),
                ));
            }
            if *fmf != 0 && !bop.is_float() {
                return err(
                    K::Attribute,
                    "fast-math flags are only valid on floating-point operations",
                );
            }
        }
        _ => {}
    }
    Ok(())
}

/// `extractelement`, `insertelement`, `shufflevector`.
fn check_vector(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (m, t, ty) = (cx.m, &cx.t, cx.ty);
    match kind {
        InstKind::ExtractElement { vec, idx } => {
            let (vt, it) = (cx.op(0, *vec)?, cx.op(1, *idx)?);
            if t.vec(vt).is_none() {
                return cx.op_type(0, vt, "Invalid extractelement operands!");
            }
            if !t.is_int(it) {
                return cx.op_type(1, it, "Invalid extractelement operands!");
            }
            if ty != t.scalar(vt) {
                return cx.result(
                    Some(t.scalar(vt)),
                    "extractelement result type must be the vector's element type",
                );
            }
        }
        InstKind::InsertElement { vec, elt, idx } => {
            let (vt, et, it) = (cx.op(0, *vec)?, cx.op(1, *elt)?, cx.op(2, *idx)?);
            if t.vec(vt).is_none() {
                return cx.op_type(0, vt, "Invalid insertelement operands!");
            }
            if et != t.scalar(vt) {
                return cx.mismatch(1, t.scalar(vt), et, "Invalid insertelement operands!");
            }
            if !t.is_int(it) {
                return cx.op_type(2, it, "Invalid insertelement operands!");
            }
            if ty != vt {
                return cx.result(Some(vt), "insertelement result type must be the vector type");
            }
        }
        InstKind::ShuffleVector { a, b, mask } => {
            let (at, bt) = (cx.op(0, *a)?, cx.op(1, *b)?);
            let Some((_, scalable)) = t.vec(at) else {
                return cx.op_type(0, at, "Invalid shufflevector operands!");
            };
            if at != bt {
                return cx.mismatch(1, at, bt, "Invalid shufflevector operands!");
            }
            let Some(mt) = m.consts.ty(*mask) else {
                return err(K::NoSuchId, "shufflevector mask that does not exist");
            };
            let bad_mask = || -> R<()> {
                Err(CheckError::new(K::InvalidConstant, "Invalid shufflevector operands!")
                    .at_operand(2)
                    .with_types(t.0, &[mt]))
            };
            let Some((mlen, mscal)) = t.vec(mt) else { return bad_mask() };
            if t.int_bits(t.scalar(mt)) != Some(32) || mscal != scalable {
                return bad_mask();
            }
            let ok_mask = match m.consts.kind(*mask) {
                Some(ConstKind::Zero | ConstKind::Undef | ConstKind::Poison) => true,
                Some(ConstKind::Vector(elems)) if !scalable => {
                    let limit = u64::from(t.vec(at).map_or(0, |v| v.0)) * 2;
                    elems.iter().all(|&e| match m.consts.kind(e) {
                        Some(ConstKind::Undef | ConstKind::Poison) => true,
                        _ => const_u64(m, e).is_some_and(|x| x < limit),
                    })
                }
                Some(ConstKind::Splat(e)) if !scalable => {
                    let limit = u64::from(t.vec(at).map_or(0, |v| v.0)) * 2;
                    matches!(m.consts.kind(*e), Some(ConstKind::Undef | ConstKind::Poison))
                        || const_u64(m, *e).is_some_and(|x| x < limit)
                }
                _ => false,
            };
            if !ok_mask {
                return bad_mask();
            }
            let want = m.types.find(&TypeKind::Vector { elem: t.scalar(at), len: mlen, scalable });
            if want != Some(ty) {
                return cx.result(
                    want,
                    "shufflevector result type must be a vector of the mask's length",
                );
            }
        }
        _ => {}
    }
    Ok(())
}

/// `extractvalue`, `insertvalue`.
fn check_aggregate(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (m, ty) = (cx.m, cx.ty);
    match kind {
        InstKind::ExtractValue { agg, indices } => {
            let at = cx.op(0, *agg)?;
            let Some(r) = indexed_aggregate(&m.types, at, indices) else {
                return bad(
                    &cx.t,
                    K::InvalidConstant,
                    0,
                    &[at],
                    "Invalid ExtractValueInst operands!",
                );
            };
            if r != ty {
                return cx.result(Some(r), "extractvalue result type must be the indexed type");
            }
        }
        InstKind::InsertValue { agg, val, indices } => {
            let (at, vt) = (cx.op(0, *agg)?, cx.op(1, *val)?);
            match indexed_aggregate(&m.types, at, indices) {
                None => {
                    return bad(
                        &cx.t,
                        K::InvalidConstant,
                        0,
                        &[at],
                        "Invalid InsertValueInst operands!",
                    )
                }
                Some(want) if want != vt => {
                    return cx.mismatch(1, want, vt, "Invalid InsertValueInst operands!")
                }
                Some(_) => {}
            }
            if at != ty {
                return cx.result(Some(at), "insertvalue result type must be the aggregate type");
            }
        }
        _ => {}
    }
    Ok(())
}

/// `alloca`, `load`, `store`, `fence`, `cmpxchg`, `atomicrmw`.
fn check_memory(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (m, t, ty) = (cx.m, &cx.t, cx.ty);
    match kind {
        InstKind::Alloca { ty: aty, count, align, addrspace, .. } => {
            if !t.is_sized(*aty) {
                return Err(CheckError::new(K::OperandType, "Cannot allocate unsized type")
                    .with_types(t.0, &[*aty]));
            }
            let ct = cx.op(0, *count)?;
            if !t.is_int(ct) {
                return cx.op_type(0, ct, "Alloca array size must have integer type");
            }
            check_align(*align)?;
            if t.ptr_as(ty) != Some(*addrspace) {
                return cx
                    .result(None, "alloca result must be a pointer in the alloca's address space");
            }
        }
        InstKind::Load { ptr, align, ordering, .. } => {
            let pt = cx.op(0, *ptr)?;
            if !t.is_ptr(pt) {
                return cx.op_type(0, pt, "Load operand must be a pointer.");
            }
            if !t.is_first_class(ty) || !t.is_sized(ty) {
                return cx.result(None, "loading unsized types is not allowed");
            }
            check_align(*align)?;
            if matches!(ordering, Ordering::Release | Ordering::AcqRel) {
                return err(K::Attribute, "Load cannot have Release ordering");
            }
            if *ordering != Ordering::NotAtomic {
                if !(t.is_int(ty) || t.is_ptr(ty) || t.is_fp(ty)) {
                    return cx.result(
                        None,
                        "atomic load operand must have integer, pointer, or floating point type!",
                    );
                }
                if *align == 0 {
                    return err(K::Attribute, "atomic load must have explicit non-zero alignment");
                }
            }
        }
        InstKind::Store { val, ptr, align, ordering, .. } => {
            cx.need_void("Store")?;
            let vt = cx.op(0, *val)?;
            let pt = cx.op(1, *ptr)?;
            if !t.is_ptr(pt) {
                return cx.op_type(1, pt, "Store operand must be a pointer.");
            }
            if !t.is_sized(vt) {
                return cx.op_type(0, vt, "storing unsized types is not allowed");
            }
            check_align(*align)?;
            if matches!(ordering, Ordering::Acquire | Ordering::AcqRel) {
                return err(K::Attribute, "Store cannot have Acquire ordering");
            }
            if *ordering != Ordering::NotAtomic {
                if !(t.is_int(vt) || t.is_ptr(vt) || t.is_fp(vt)) {
                    return cx.op_type(
                        0,
                        vt,
                        "atomic store operand must have integer, pointer, or floating point type!",
                    );
                }
                if *align == 0 {
                    return err(K::Attribute, "atomic store must have explicit non-zero alignment");
                }
            }
        }
        InstKind::Fence { ordering, .. } => {
            cx.need_void("Fence")?;
            if !matches!(
                ordering,
                Ordering::Acquire | Ordering::Release | Ordering::AcqRel | Ordering::SeqCst
            ) {
                return err(K::Attribute, "fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.");
            }
        }
        InstKind::CmpXchg { ptr, cmp, new, success, failure, align, .. } => {
            let pt = cx.op(0, *ptr)?;
            if !t.is_ptr(pt) {
                return cx.op_type(0, pt, "cmpxchg operand must be a pointer.");
            }
            let (ct, nt) = (cx.op(1, *cmp)?, cx.op(2, *new)?);
            if !(t.is_int(ct) || t.is_ptr(ct)) {
                return cx.op_type(1, ct, "cmpxchg operand must have integer or pointer type");
            }
            if ct != nt {
                return cx.mismatch(
                    2,
                    ct,
                    nt,
                    "Expected value type does not match new value type!",
                );
            }
            if matches!(success, Ordering::NotAtomic | Ordering::Unordered)
                || matches!(failure, Ordering::NotAtomic | Ordering::Unordered)
            {
                return err(K::Attribute, "cmpxchg instructions must be atomic.");
            }
            if matches!(failure, Ordering::Release | Ordering::AcqRel) {
                return err(K::Attribute, "invalid cmpxchg failure ordering");
            }
            check_align(*align)?;
            let i1 = m.types.find(&TypeKind::Int(1));
            let want = i1.and_then(|i1| {
                m.types.find(&TypeKind::Struct { fields: Box::new([ct, i1]), packed: false })
            });
            if want != Some(ty) {
                return cx.result(want, "cmpxchg result type must be { T, i1 }");
            }
        }
        InstKind::AtomicRmw { op: rop, ptr, val, ordering, align, .. } => {
            let pt = cx.op(0, *ptr)?;
            if !t.is_ptr(pt) {
                return cx.op_type(0, pt, "atomicrmw operand must be a pointer.");
            }
            let vt = cx.op(1, *val)?;
            match rop {
                RmwOp::Xchg => {
                    if !(t.is_int(vt) || t.is_fp(vt) || t.is_ptr(vt)) {
                        return cx.op_type(1, vt, "atomicrmw xchg operand must have integer, floating point or pointer type");
                    }
                }
                RmwOp::FAdd | RmwOp::FSub | RmwOp::FMax | RmwOp::FMin => {
                    if !t.is_fp_or_vec(vt) {
                        let msg = format!(
                            "atomicrmw {} operand must have floating-point or fixed vector of floating-point type!",
                            rop.keyword()
                        );
                        return cx.op_type(1, vt, &msg);
                    }
                }
                _ => {
                    if !t.is_int(vt) {
                        let msg =
                            format!("atomicrmw {} operand must have integer type!", rop.keyword());
                        return cx.op_type(1, vt, &msg);
                    }
                }
            }
            if matches!(ordering, Ordering::NotAtomic | Ordering::Unordered) {
                return err(K::Attribute, "atomicrmw instructions cannot be unordered.");
            }
            check_align(*align)?;
            if vt != ty {
                return cx.result(Some(vt), "atomicrmw result type must be the operand type");
            }
        }
        _ => {}
    }
    Ok(())
}

/// `getelementptr` (the base is operand 0, index `k` operand `k + 1`).
fn check_gep(cx: &Cx<'_>, source_ty: TypeId, base: Value, indices: &[Value]) -> R<()> {
    let (m, t, ty) = (cx.m, &cx.t, cx.ty);
    let bt = cx.op(0, base)?;
    if !t.is_ptr_or_vec(bt) {
        return cx.op_type(0, bt, "GEP base pointer is not a vector or a vector of pointers");
    }
    if !t.is_sized(source_ty) {
        return Err(
            CheckError::new(K::OperandType, "GEP into unsized type!").with_types(t.0, &[source_ty])
        );
    }
    gep_indexed(m, source_ty, indices)?;
    let width = gep_vector(m, cx.f, bt, indices)?;
    let p = m.types.find(&TypeKind::Ptr(t.ptr_as(t.scalar(bt)).unwrap_or(0)));
    let want = match (p, width) {
        (Some(p), None) => Some(p),
        (Some(p), Some((len, scalable))) => {
            m.types.find(&TypeKind::Vector { elem: p, len, scalable })
        }
        _ => None,
    };
    if want != Some(ty) {
        return cx.result(want, "GEP is not of right type for indices!");
    }
    Ok(())
}

/// `icmp`, `fcmp`.
fn check_cmp(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (t, ty) = (&cx.t, cx.ty);
    let (lhs, rhs, int) = match kind {
        InstKind::ICmp { lhs, rhs, .. } => (lhs, rhs, true),
        InstKind::FCmp { lhs, rhs, .. } => (lhs, rhs, false),
        _ => return Ok(()),
    };
    let (a, b) = (cx.op(0, *lhs)?, cx.op(1, *rhs)?);
    if a != b {
        let msg = if int {
            "Both operands to ICmp instruction are not of the same type!"
        } else {
            "Both operands to FCmp instruction are not of the same type!"
        };
        return cx.mismatch(1, a, b, msg);
    }
    if int && !(t.is_int_or_vec(a) || t.is_ptr_or_vec(a)) {
        return cx.op_type(0, a, "Invalid operand types for ICmp instruction");
    }
    if !int && !t.is_fp_or_vec(a) {
        return cx.op_type(0, a, "Invalid operand types for FCmp instruction");
    }
    if !t.is_i1_or_vec(ty) || !same_count(t, a, ty) {
        return cx.result(
            None,
            if int {
                "icmp result must be i1 or a vector of i1 of the operands' length"
            } else {
                "fcmp result must be i1 or a vector of i1 of the operands' length"
            },
        );
    }
    Ok(())
}

/// `phi`, `select`, `freeze`, `va_arg`, `landingpad`, the funclet pads.
fn check_other(cx: &Cx<'_>, kind: &InstKind) -> R<()> {
    let (t, ty) = (&cx.t, cx.ty);
    match kind {
        InstKind::Phi { incoming, .. } => {
            if !t.is_first_class(ty)
                || matches!(t.kind(ty), Some(TypeKind::Label | TypeKind::Metadata))
            {
                return cx.result(None, "PHI node must have a first-class type");
            }
            if t.is_token(ty) {
                return cx.result(None, "PHI nodes cannot have token type!");
            }
            for (k, &(v, b)) in incoming.iter().enumerate() {
                let vt = cx.op(k, v)?;
                if vt != ty {
                    return cx.mismatch(
                        k,
                        ty,
                        vt,
                        "PHI node operands are not the same type as the result!",
                    );
                }
                cx.block(b).map_err(|e| e.at_operand(k))?;
            }
        }
        InstKind::Select { cond, then_val, else_val, .. } => {
            let (ct, a, b) = (cx.op(0, *cond)?, cx.op(1, *then_val)?, cx.op(2, *else_val)?);
            if !t.is_i1_or_vec(ct) {
                return cx.op_type(0, ct, "Invalid operands for select instruction!");
            }
            if a != b {
                return cx.mismatch(2, a, b, "Invalid operands for select instruction!");
            }
            if t.is_token(a) {
                return cx.op_type(1, a, "Invalid operands for select instruction!");
            }
            if t.vec(ct).is_some() && !same_count(t, ct, a) {
                return bad(
                    t,
                    K::OperandType,
                    0,
                    &[ct, a],
                    "Invalid operands for select instruction!",
                );
            }
            if a != ty {
                return cx
                    .result(Some(a), "Select values must have same type as select instruction!");
            }
        }
        InstKind::Freeze(v) => {
            let vt = cx.op(0, *v)?;
            if vt != ty {
                return cx.result(Some(vt), "freeze result type must be the operand type");
            }
        }
        InstKind::VaArg(v) => {
            let vt = cx.op(0, *v)?;
            if !t.is_ptr(vt) {
                return cx.op_type(0, vt, "va_arg operand must be a pointer");
            }
            if !t.is_first_class(ty) {
                return cx.result(None, "va_arg result must be a first-class type");
            }
        }
        InstKind::LandingPad { cleanup, clauses } => {
            if !cleanup && clauses.is_empty() {
                return err(
                    K::Other,
                    "LandingPadInst needs at least one clause or to be a cleanup.",
                );
            }
            if !t.is_first_class(ty) {
                return cx.result(None, "landingpad result must be a first-class type");
            }
            for (k, c) in clauses.iter().enumerate() {
                match *c {
                    Clause::Catch(v) => {
                        let vt = cx.op(k, v)?;
                        if !t.is_ptr(vt) {
                            return cx.op_type(k, vt, "Catch operand does not have pointer type!");
                        }
                    }
                    Clause::Filter(v) => {
                        let vt = cx.op(k, v)?;
                        if !matches!(t.kind(vt), Some(TypeKind::Array { .. })) {
                            return cx.op_type(
                                k,
                                vt,
                                "Filter operand is not an array of constants!",
                            );
                        }
                    }
                }
            }
        }
        InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
            let pt = cx.op(args.len(), *parent)?;
            if !t.is_token(ty) || !t.is_token(pt) {
                return cx.op_type(
                    args.len(),
                    pt,
                    "funclet pads must be of token type and within a token",
                );
            }
            for (k, &a) in args.iter().enumerate() {
                cx.op(k, a)?;
            }
        }
        _ => {}
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Global values
// ---------------------------------------------------------------------------

/// The address space of global value `g`, if it exists.
pub fn global_addrspace(m: &Module, g: GlobalRef) -> Option<u32> {
    match g {
        GlobalRef::Var(i) => m.globals.get(i as usize).map(|x| x.addrspace),
        GlobalRef::Func(i) => m.functions.get(i as usize).map(|x| x.addrspace),
        GlobalRef::Alias(i) => m.aliases.get(i as usize).map(|x| x.addrspace),
        GlobalRef::IFunc(i) => m.ifuncs.get(i as usize).map(|x| x.addrspace),
    }
}

/// LLVM's `Type::isScalableTy`: a scalable vector, or an aggregate holding
/// one (walked with an explicit stack; each identified struct once).
fn contains_scalable(types: &Types, ty: TypeId) -> bool {
    let mut stack = alloc::vec![ty];
    let mut seen = hashbrown::HashSet::new();
    while let Some(t) = stack.pop() {
        match types.get(t) {
            Some(TypeKind::Vector { scalable: true, .. }) => return true,
            Some(TypeKind::Array { elem, .. }) => stack.push(*elem),
            Some(TypeKind::Struct { fields, .. }) => stack.extend_from_slice(fields),
            Some(TypeKind::Named(_)) if seen.insert(t) => {
                if let Some((_, Some(b))) = types.named_body(t) {
                    stack.extend_from_slice(b.fields);
                }
            }
            _ => {}
        }
    }
    false
}

/// The checks on a global variable LLVM's verifier and LangRef state
/// (shared with the verifier).
pub fn check_global_var(m: &Module, g: &GlobalVar) -> R<()> {
    let t = Ty(&m.types);
    let c = &g.common;
    if t.kind(g.ty).is_none() {
        return err(K::NoSuchId, "global variable with a type that does not exist");
    }
    if !t.is_first_class(g.ty)
        || matches!(t.kind(g.ty), Some(TypeKind::Label | TypeKind::Metadata | TypeKind::Token))
    {
        return err(K::Global, "invalid type for global variable");
    }
    check_common(c)?;
    if contains_scalable(&m.types, g.ty) {
        return Err(CheckError::new(K::Global, "Globals cannot contain scalable types")
            .with_types(&m.types, &[g.ty]));
    }
    match g.init {
        None => {
            if !matches!(c.linkage, Linkage::External | Linkage::ExternWeak) {
                return err(
                    K::Global,
                    "Global is external, but doesn't have external or weak linkage!",
                );
            }
        }
        Some(init) => {
            if m.consts.ty(init) != Some(g.ty) {
                let it: alloc::vec::Vec<TypeId> =
                    [g.ty].into_iter().chain(m.consts.ty(init)).collect();
                return Err(CheckError::new(
                    K::TypeMismatch,
                    "Global variable initializer type does not match global variable type!",
                )
                .with_types(&m.types, &it));
            }
            if c.linkage == Linkage::ExternWeak {
                return err(K::Global, "extern_weak linkage is only valid on declarations");
            }
        }
    }
    if c.linkage == Linkage::Common {
        if !g.init.is_some_and(|i| m.consts.is_null_value(i)) {
            return err(K::Global, "'common' global must have a zero initializer!");
        }
        if g.constant {
            return err(K::Global, "'common' global may not be marked constant!");
        }
        if g.comdat.is_some() {
            return err(K::Global, "'common' global may not be in a Comdat!");
        }
    }
    if c.linkage == Linkage::Appending && !matches!(t.kind(g.ty), Some(TypeKind::Array { .. })) {
        return err(K::Global, "Only global arrays can have appending linkage!");
    }
    if let Some(cd) = g.comdat {
        if (cd.0 as usize) >= m.comdats.len() {
            return err(K::NoSuchId, "comdat that does not exist");
        }
    }
    check_align(g.align)?;
    Ok(())
}

/// Checks on what every global value has.
pub fn check_common(c: &GlobalCommon) -> R<()> {
    if c.linkage.is_local() {
        if c.visibility != crate::module::Visibility::Default {
            return err(K::Global, "symbol with local linkage must have default visibility");
        }
        if c.dll != crate::module::DllStorage::Default {
            return err(K::Global, "symbol with local linkage cannot have a DLL storage class");
        }
    }
    if c.dll == crate::module::DllStorage::Import && c.dso_local {
        return err(K::Global, "GlobalValue with DLLImport Storage is dso_local!");
    }
    Ok(())
}
