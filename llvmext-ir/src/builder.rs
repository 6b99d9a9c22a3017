//! A type-checked builder over the module model, in the style of Zig's
//! bitcode `Builder` and `wasm-encoder`: types, constants, globals,
//! functions, blocks and every instruction kind of [`inst`](crate::inst),
//! each checked when it is built. A wrong operand type is a [`BuildError`]
//! value — never a panic, and never a module the verifier would refuse later.
//!
//! The instruction rules live in one function, [`check_inst`], which the
//! [`verify`](crate::verify) module runs on every instruction too, so a
//! module from the parser gets the same checks as one from the builder.
//!
//! ```
//! use llvmext_ir::builder::Builder;
//! use llvmext_ir::inst::IntPred;
//! use llvmext_ir::Module;
//!
//! let mut m = Module::new();
//! let mut b = Builder::new(&mut m);
//! let i32t = b.int(32)?;
//! let fty = b.fn_type(i32t, &[i32t, i32t], false)?;
//! let f = b.define_function("max", fty)?;
//! let mut fb = b.func(f)?;
//! let entry = fb.block("entry");
//! fb.position_at_end(entry);
//! let (x, y) = (fb.arg(0)?, fb.arg(1)?);
//! let gt = fb.icmp(IntPred::Sgt, x, y, "gt")?;
//! let r = fb.select(gt, x, y, "r")?;
//! fb.ret(Some(r))?;
//! // Type errors are values:
//! let one = fb.const_int(i32t, 1)?;
//! assert!(fb.fadd(one, one, "").is_err());
//! assert!(fb.br_cond(x, entry, entry).is_err());
//! drop(fb);
//! assert!(llvmext_ir::verify::verify(&m).is_ok());
//! # Ok::<(), llvmext_ir::builder::BuildError>(())
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::attr::{Attr, AttrKind, AttrList, AttrListId};
use crate::constant::{ConstId, ConstKind};
use crate::float::FloatValue;
use crate::inst::{
    flags, BinOp, CallData, CastOp, Clause, FloatPred, Inst, InstId, InstKind, IntPred, Ordering,
    RmwOp, SyncScope, TailKind,
};
use crate::int::IntValue;
use crate::metadata::{MdId, MdNode};
use crate::module::{
    Arg, Block, BlockId, CallConv, Function, GlobalCommon, GlobalRef, GlobalVar, Linkage, Module,
    NamedMd, Value,
};
use crate::types::{FloatKind, TypeError, TypeId, TypeKind, Types};

/// Why something could not be built (or, from [`check_inst`], why an
/// instruction is ill-typed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    /// What is wrong, worded like LLVM's verifier where it has a message.
    pub message: String,
}

impl BuildError {
    /// An error with `message`.
    pub fn new(message: impl Into<String>) -> Self {
        BuildError { message: message.into() }
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BuildError {}

impl From<&str> for BuildError {
    fn from(s: &str) -> Self {
        BuildError::new(s)
    }
}

impl From<String> for BuildError {
    fn from(s: String) -> Self {
        BuildError { message: s }
    }
}

impl From<TypeError> for BuildError {
    fn from(e: TypeError) -> Self {
        BuildError::new(e.to_string())
    }
}

type R<T> = Result<T, BuildError>;

fn err<T>(msg: &str) -> R<T> {
    Err(BuildError::new(msg))
}

fn name_of(name: &str) -> crate::module::Name {
    if name.is_empty() {
        None
    } else {
        Some(name.into())
    }
}

// ---------------------------------------------------------------------------
// Type predicates
// ---------------------------------------------------------------------------

/// Type queries used by the checks (all total: an unknown id is "nothing").
struct Ty<'a>(&'a Types);

impl<'a> Ty<'a> {
    fn kind(&self, t: TypeId) -> Option<&'a TypeKind> {
        self.0.get(t)
    }
    /// The element type of a vector, else `t`.
    fn scalar(&self, t: TypeId) -> TypeId {
        match self.kind(t) {
            Some(TypeKind::Vector { elem, .. }) => *elem,
            _ => t,
        }
    }
    /// `(len, scalable)` of a vector.
    fn vec(&self, t: TypeId) -> Option<(u32, bool)> {
        match self.kind(t) {
            Some(TypeKind::Vector { len, scalable, .. }) => Some((*len, *scalable)),
            _ => None,
        }
    }
    fn int_bits(&self, t: TypeId) -> Option<u32> {
        match self.kind(t) {
            Some(TypeKind::Int(b)) => Some(*b),
            _ => None,
        }
    }
    fn is_int(&self, t: TypeId) -> bool {
        self.int_bits(t).is_some()
    }
    fn is_int_or_vec(&self, t: TypeId) -> bool {
        self.is_int(self.scalar(t))
    }
    fn is_fp(&self, t: TypeId) -> bool {
        matches!(self.kind(t), Some(TypeKind::Float(_)))
    }
    fn is_fp_or_vec(&self, t: TypeId) -> bool {
        self.is_fp(self.scalar(t))
    }
    fn ptr_as(&self, t: TypeId) -> Option<u32> {
        match self.kind(t) {
            Some(TypeKind::Ptr(a)) => Some(*a),
            _ => None,
        }
    }
    fn is_ptr(&self, t: TypeId) -> bool {
        self.ptr_as(t).is_some()
    }
    fn is_ptr_or_vec(&self, t: TypeId) -> bool {
        self.is_ptr(self.scalar(t))
    }
    fn is_i1_or_vec(&self, t: TypeId) -> bool {
        self.int_bits(self.scalar(t)) == Some(1)
    }
    fn is_void(&self, t: TypeId) -> bool {
        matches!(self.kind(t), Some(TypeKind::Void))
    }
    fn is_token(&self, t: TypeId) -> bool {
        matches!(self.kind(t), Some(TypeKind::Token))
    }
    fn is_aggregate(&self, t: TypeId) -> bool {
        matches!(
            self.kind(t),
            Some(TypeKind::Array { .. } | TypeKind::Struct { .. } | TypeKind::Named(_))
        )
    }
    /// LLVM's `isFirstClassType`: anything but `void` and function types.
    fn is_first_class(&self, t: TypeId) -> bool {
        !matches!(self.kind(t), None | Some(TypeKind::Void | TypeKind::Function { .. }))
    }
    /// Struct fields (literal or identified with a body).
    fn fields(&self, t: TypeId) -> Option<&'a [TypeId]> {
        match self.kind(t)? {
            TypeKind::Struct { fields, .. } => Some(fields),
            TypeKind::Named(_) => self.0.named_body(t)?.1.map(|b| b.fields),
            _ => None,
        }
    }
    /// The size in bits of a primitive type (int, float, fixed or
    /// scalable vector of those), as `(bits, scalable)`; `None` for others.
    fn prim_bits(&self, t: TypeId) -> Option<(u64, bool)> {
        match self.kind(t)? {
            TypeKind::Int(b) => Some((u64::from(*b), false)),
            TypeKind::Float(k) => Some((u64::from(k.bits()), false)),
            TypeKind::X86Amx => Some((8192, false)),
            TypeKind::Vector { elem, len, scalable } => {
                let (e, _) = self.prim_bits(*elem)?;
                Some((e * u64::from(*len), *scalable))
            }
            _ => None,
        }
    }
    /// LLVM's `isSized`, without recursion (an identified struct that
    /// contains itself is unsized).
    fn is_sized(&self, t: TypeId) -> bool {
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
                    | TypeKind::X86Amx,
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
    fn show(&self, t: TypeId) -> String {
        self.0.display(t).to_string()
    }
}

fn same_count(t: &Ty<'_>, a: TypeId, b: TypeId) -> bool {
    t.vec(a) == t.vec(b)
}

// ---------------------------------------------------------------------------
// The shared instruction checks
// ---------------------------------------------------------------------------

/// The type of operand `v` in `f`, or an error naming what does not exist.
pub fn operand_type(m: &Module, f: &Function, v: Value) -> R<TypeId> {
    let t = match v {
        Value::Const(c) => m.consts.ty(c).ok_or("operand is a constant that does not exist")?,
        Value::Arg(n) => m
            .value_type(f, v)
            .ok_or_else(|| format!("operand is argument {n}, which does not exist"))?,
        Value::Inst(i) => {
            let inst = f
                .insts
                .get(i.0 as usize)
                .ok_or_else(|| format!("operand is instruction {}, which does not exist", i.0))?;
            if Ty(&m.types).is_void(inst.ty) {
                return err("operand is an instruction that has no value (void)");
            }
            inst.ty
        }
        Value::Metadata(md) => {
            if m.md.get(md).is_none() {
                return err("operand is metadata that does not exist");
            }
            return err("metadata is only allowed as a call argument");
        }
        Value::InlineAsm(_) => return err("inline assembly is only allowed as a callee"),
    };
    if m.types.get(t).is_none() {
        return err("operand has a type that does not exist");
    }
    Ok(t)
}

fn block_ok(f: &Function, b: BlockId) -> R<()> {
    if (b.0 as usize) < f.blocks.len() {
        Ok(())
    } else {
        Err(BuildError::new(format!("branch to block {}, which does not exist", b.0)))
    }
}

fn fn_sig(types: &Types, fty: TypeId) -> Option<(TypeId, &[TypeId], bool)> {
    match types.get(fty)? {
        TypeKind::Function { ret, params, vararg } => Some((*ret, params, *vararg)),
        _ => None,
    }
}

fn check_align(align: u64) -> R<()> {
    if align != 0 && !align.is_power_of_two() {
        return err("alignment is not a power of 2");
    }
    if align > 1 << 32 {
        return err("huge alignment values are unsupported");
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
fn indexed_aggregate(types: &Types, agg: TypeId, indices: &[u32]) -> Option<TypeId> {
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
/// indexed type, or an error.
fn gep_indexed(m: &Module, source: TypeId, indices: &[Value]) -> R<TypeId> {
    let t = Ty(&m.types);
    let mut cur = source;
    for &ix in indices.iter().skip(1) {
        cur = match t.kind(cur) {
            Some(TypeKind::Array { elem, .. }) | Some(TypeKind::Vector { elem, .. }) => *elem,
            Some(TypeKind::Struct { .. } | TypeKind::Named(_)) => {
                let fields = t.fields(cur).ok_or("GEP into an opaque struct")?;
                let Some(i) = struct_index(m, ix) else {
                    return err(
                        "invalid getelementptr indices: a struct index must be a constant i32",
                    );
                };
                *fields
                    .get(i as usize)
                    .ok_or("invalid getelementptr indices: struct index out of range")?
            }
            _ => return err("invalid getelementptr indices"),
        };
    }
    Ok(cur)
}

/// The vector length a GEP's result has, if any (checking that the base
/// and vector indices agree).
fn gep_vector(
    m: &Module,
    f: &Function,
    base_ty: TypeId,
    indices: &[Value],
) -> R<Option<(u32, bool)>> {
    let t = Ty(&m.types);
    let mut width = t.vec(base_ty);
    for &ix in indices {
        let it = operand_type(m, f, ix)?;
        if !t.is_int_or_vec(it) {
            return err("GEP indexes must be integers");
        }
        if let Some(w) = t.vec(it) {
            match width {
                None => width = Some(w),
                Some(x) if x == w => {}
                Some(_) => return err("Vector GEP result width doesn't match operand's"),
            }
        }
    }
    Ok(width)
}

fn cast_valid(t: &Ty<'_>, op: CastOp, src: TypeId, dst: TypeId) -> bool {
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

fn check_call(m: &Module, f: &Function, call: &CallData, ty: TypeId) -> R<()> {
    let t = Ty(&m.types);
    let (ret, params, vararg) =
        fn_sig(&m.types, call.fn_ty).ok_or("Callee is not of function type!")?;
    match call.callee {
        Value::InlineAsm(i) => {
            let a = m.inline_asm.get(i as usize).ok_or("inline assembly that does not exist")?;
            if a.ty != call.fn_ty {
                return err("inline assembly type does not match the call's function type");
            }
        }
        v => {
            let ct = operand_type(m, f, v)?;
            if !t.is_ptr(ct) {
                return err("Called function must be a pointer!");
            }
        }
    }
    if call.args.len() < params.len() || (!vararg && call.args.len() != params.len()) {
        return err("Incorrect number of arguments passed to called function!");
    }
    for (i, &a) in call.args.iter().enumerate() {
        let at = match a {
            Value::Metadata(md) => {
                if m.md.get(md).is_none() {
                    return err("operand is metadata that does not exist");
                }
                match m.types.find(&TypeKind::Metadata) {
                    Some(mt) => mt,
                    None => return err("Call parameter type does not match function signature!"),
                }
            }
            _ => operand_type(m, f, a)?,
        };
        if let Some(&p) = params.get(i) {
            if p != at {
                return err("Call parameter type does not match function signature!");
            }
        } else if matches!(t.kind(at), Some(TypeKind::Metadata)) {
            return err("metadata is not allowed as a variadic argument");
        }
    }
    for b in &call.bundles {
        for &v in &b.inputs {
            operand_type(m, f, v)?;
        }
    }
    if ty != ret {
        return err("call result type does not match the callee's return type");
    }
    Ok(())
}

/// Checks one instruction of `f` — its operands' types, the result type
/// `ty`, the ids it names — as the builder does before adding it and the
/// verifier does for every instruction. Rules and messages follow LLVM's
/// `Verifier` and the instruction classes' `isValidOperands`.
pub fn check_inst(m: &Module, f: &Function, kind: &InstKind, ty: TypeId) -> R<()> {
    let t = Ty(&m.types);
    if t.kind(ty).is_none() {
        return err("instruction has a type that does not exist");
    }
    let void = t.is_void(ty);
    let need_void = |what: &str| -> R<()> {
        if void {
            Ok(())
        } else {
            Err(BuildError::new(format!("{what} must have void result type!")))
        }
    };
    let op = |v: Value| operand_type(m, f, v);
    match kind {
        InstKind::Ret(v) => {
            need_void("Ret")?;
            let (ret, ..) = fn_sig(&m.types, f.ty).ok_or("function type is not a function type")?;
            match v {
                None if t.is_void(ret) => {}
                None => {
                    return err("Function return type does not match operand type of return inst!")
                }
                Some(_) if t.is_void(ret) => {
                    return err(
                        "Found return instr that returns non-void in Function of void return type!",
                    )
                }
                Some(v) => {
                    if op(*v)? != ret {
                        return err(
                            "Function return type does not match operand type of return inst!",
                        );
                    }
                }
            }
        }
        InstKind::Br(b) => {
            need_void("Branch")?;
            block_ok(f, *b)?;
        }
        InstKind::CondBr { cond, then_dest, else_dest } => {
            need_void("Branch")?;
            if t.int_bits(op(*cond)?) != Some(1) {
                return err("Branch condition is not 'i1' type!");
            }
            block_ok(f, *then_dest)?;
            block_ok(f, *else_dest)?;
        }
        InstKind::Switch { cond, default, cases } => {
            need_void("Switch")?;
            let ct = op(*cond)?;
            if !t.is_int(ct) {
                return err("Switch condition must be an integer!");
            }
            block_ok(f, *default)?;
            let mut seen = hashbrown::HashSet::new();
            for &(c, b) in cases {
                if m.consts.ty(c) != Some(ct) {
                    return err("Switch constants must all be same type as switch value!");
                }
                if !matches!(m.consts.kind(c), Some(ConstKind::Int(_))) {
                    return err("case value is not a constant integer");
                }
                if !seen.insert(c) {
                    return err("Duplicate integer as switch case");
                }
                block_ok(f, b)?;
            }
        }
        InstKind::IndirectBr { addr, dests } => {
            need_void("Indirectbr")?;
            if !t.is_ptr(op(*addr)?) {
                return err("Indirectbr operand must have pointer type!");
            }
            for &d in dests {
                block_ok(f, d)?;
            }
        }
        InstKind::Invoke { call, normal, unwind } => {
            check_call(m, f, call, ty)?;
            block_ok(f, *normal)?;
            block_ok(f, *unwind)?;
        }
        InstKind::CallBr { call, default, indirect } => {
            check_call(m, f, call, ty)?;
            block_ok(f, *default)?;
            for &d in indirect {
                block_ok(f, d)?;
            }
        }
        InstKind::Resume(v) => {
            need_void("Resume")?;
            op(*v)?;
        }
        InstKind::CatchSwitch { parent, handlers, unwind } => {
            if !t.is_token(ty) || !t.is_token(op(*parent)?) {
                return err("CatchSwitchInst must be of token type and within a token");
            }
            if handlers.is_empty() {
                return err("CatchSwitchInst cannot have empty handler list");
            }
            for &h in handlers {
                block_ok(f, h)?;
            }
            if let Some(u) = unwind {
                block_ok(f, *u)?;
            }
        }
        InstKind::CatchRet { pad, dest } => {
            need_void("CatchReturnInst")?;
            if !t.is_token(op(*pad)?) {
                return err("CatchReturnInst needs to be provided a CatchPad");
            }
            block_ok(f, *dest)?;
        }
        InstKind::CleanupRet { pad, unwind } => {
            need_void("CleanupReturnInst")?;
            if !t.is_token(op(*pad)?) {
                return err("CleanupReturnInst needs to be provided a CleanupPad");
            }
            if let Some(u) = unwind {
                block_ok(f, *u)?;
            }
        }
        InstKind::Unreachable => need_void("Unreachable")?,
        InstKind::FNeg { val, .. } => {
            let vt = op(*val)?;
            if !t.is_fp_or_vec(vt) {
                return err("FNeg operator only works with float types!");
            }
            if vt != ty {
                return err("Unary operators must have same type for operands and result!");
            }
        }
        InstKind::Binary { op: bop, lhs, rhs, flags: fl, fmf } => {
            let (a, b) = (op(*lhs)?, op(*rhs)?);
            if a != b {
                return err("Both operands to a binary operator are not of the same type!");
            }
            use BinOp::*;
            match bop {
                Add | Sub | Mul | SDiv | UDiv | SRem | URem => {
                    if !t.is_int_or_vec(a) {
                        return err("Integer arithmetic operators only work with integral types!");
                    }
                    if a != ty {
                        return err("Integer arithmetic operators must have same type for operands and result!");
                    }
                }
                FAdd | FSub | FMul | FDiv | FRem => {
                    if !t.is_fp_or_vec(a) {
                        return err("Floating-point arithmetic operators only work with floating-point types!");
                    }
                    if a != ty {
                        return err("Floating-point arithmetic operators must have same type for operands and result!");
                    }
                }
                And | Or | Xor => {
                    if !t.is_int_or_vec(a) {
                        return err("Logical operators only work with integral types!");
                    }
                    if a != ty {
                        return err(
                            "Logical operators must have same type for operands and result!",
                        );
                    }
                }
                Shl | LShr | AShr => {
                    if !t.is_int_or_vec(a) {
                        return err("Shifts only work with integral types!");
                    }
                    if a != ty {
                        return err("Shift return type must be same as operands!");
                    }
                }
            }
            let allowed = match bop {
                Add | Sub | Mul | Shl => flags::NUW | flags::NSW,
                UDiv | SDiv | LShr | AShr => flags::EXACT,
                Or => flags::DISJOINT,
                _ => 0,
            };
            if fl & !allowed != 0 {
                return Err(BuildError::new(format!("invalid flags for '{}'", bop.keyword())));
            }
            if *fmf != 0 && !bop.is_float() {
                return err("fast-math flags are only valid on floating-point operations");
            }
        }
        InstKind::ExtractElement { vec, idx } => {
            let (vt, it) = (op(*vec)?, op(*idx)?);
            if t.vec(vt).is_none() || !t.is_int(it) {
                return err("Invalid extractelement operands!");
            }
            if ty != t.scalar(vt) {
                return err("extractelement result type must be the vector's element type");
            }
        }
        InstKind::InsertElement { vec, elt, idx } => {
            let (vt, et, it) = (op(*vec)?, op(*elt)?, op(*idx)?);
            if t.vec(vt).is_none() || et != t.scalar(vt) || !t.is_int(it) {
                return err("Invalid insertelement operands!");
            }
            if ty != vt {
                return err("insertelement result type must be the vector type");
            }
        }
        InstKind::ShuffleVector { a, b, mask } => {
            let (at, bt) = (op(*a)?, op(*b)?);
            let Some((_, scalable)) = t.vec(at) else {
                return err("Invalid shufflevector operands!");
            };
            if at != bt {
                return err("Invalid shufflevector operands!");
            }
            let mt = m.consts.ty(*mask).ok_or("shufflevector mask that does not exist")?;
            let Some((mlen, mscal)) = t.vec(mt) else {
                return err("Invalid shufflevector operands!");
            };
            if t.int_bits(t.scalar(mt)) != Some(32) || mscal != scalable {
                return err("Invalid shufflevector operands!");
            }
            let mk = m.consts.kind(*mask);
            let ok_mask = match mk {
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
                    const_u64(m, *e).is_some_and(|x| x < limit)
                }
                Some(ConstKind::Int(_)) => false,
                _ => false,
            };
            if !ok_mask {
                return err("Invalid shufflevector operands!");
            }
            let want = m.types.find(&TypeKind::Vector { elem: t.scalar(at), len: mlen, scalable });
            if want != Some(ty) {
                return err("shufflevector result type must be a vector of the mask's length");
            }
        }
        InstKind::ExtractValue { agg, indices } => {
            let at = op(*agg)?;
            let Some(r) = indexed_aggregate(&m.types, at, indices) else {
                return err("Invalid ExtractValueInst operands!");
            };
            if r != ty {
                return err("extractvalue result type must be the indexed type");
            }
        }
        InstKind::InsertValue { agg, val, indices } => {
            let (at, vt) = (op(*agg)?, op(*val)?);
            if indexed_aggregate(&m.types, at, indices) != Some(vt) {
                return err("Invalid InsertValueInst operands!");
            }
            if at != ty {
                return err("insertvalue result type must be the aggregate type");
            }
        }
        InstKind::Alloca { ty: aty, count, align, addrspace, .. } => {
            if !t.is_sized(*aty) {
                return err("Cannot allocate unsized type");
            }
            if !t.is_int(op(*count)?) {
                return err("Alloca array size must have integer type");
            }
            check_align(*align)?;
            if t.ptr_as(ty) != Some(*addrspace) {
                return err("alloca result must be a pointer in the alloca's address space");
            }
        }
        InstKind::Load { ptr, align, ordering, .. } => {
            if !t.is_ptr(op(*ptr)?) {
                return err("Load operand must be a pointer.");
            }
            if !t.is_first_class(ty) || !t.is_sized(ty) {
                return err("loading unsized types is not allowed");
            }
            check_align(*align)?;
            if matches!(ordering, Ordering::Release | Ordering::AcqRel) {
                return err("Load cannot have Release ordering");
            }
            if *ordering != Ordering::NotAtomic {
                if !(t.is_int(ty) || t.is_ptr(ty) || t.is_fp(ty)) {
                    return err(
                        "atomic load operand must have integer, pointer, or floating point type!",
                    );
                }
                if *align == 0 {
                    return err("atomic load must have explicit non-zero alignment");
                }
            }
        }
        InstKind::Store { val, ptr, align, ordering, .. } => {
            need_void("Store")?;
            let vt = op(*val)?;
            if !t.is_ptr(op(*ptr)?) {
                return err("Store operand must be a pointer.");
            }
            if !t.is_sized(vt) {
                return err("storing unsized types is not allowed");
            }
            check_align(*align)?;
            if matches!(ordering, Ordering::Acquire | Ordering::AcqRel) {
                return err("Store cannot have Acquire ordering");
            }
            if *ordering != Ordering::NotAtomic {
                if !(t.is_int(vt) || t.is_ptr(vt) || t.is_fp(vt)) {
                    return err(
                        "atomic store operand must have integer, pointer, or floating point type!",
                    );
                }
                if *align == 0 {
                    return err("atomic store must have explicit non-zero alignment");
                }
            }
        }
        InstKind::Fence { ordering, .. } => {
            need_void("Fence")?;
            if !matches!(
                ordering,
                Ordering::Acquire | Ordering::Release | Ordering::AcqRel | Ordering::SeqCst
            ) {
                return err("fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.");
            }
        }
        InstKind::CmpXchg { ptr, cmp, new, success, failure, align, .. } => {
            if !t.is_ptr(op(*ptr)?) {
                return err("cmpxchg operand must be a pointer.");
            }
            let (ct, nt) = (op(*cmp)?, op(*new)?);
            if !(t.is_int(ct) || t.is_ptr(ct)) {
                return err("cmpxchg operand must have integer or pointer type");
            }
            if ct != nt {
                return err("Expected value type does not match new value type!");
            }
            if matches!(success, Ordering::NotAtomic | Ordering::Unordered) {
                return err("cmpxchg instructions must be atomic.");
            }
            if matches!(failure, Ordering::NotAtomic | Ordering::Unordered) {
                return err("cmpxchg instructions must be atomic.");
            }
            if matches!(failure, Ordering::Release | Ordering::AcqRel) {
                return err("invalid cmpxchg failure ordering");
            }
            check_align(*align)?;
            let i1 = m.types.find(&TypeKind::Int(1));
            let want = i1.and_then(|i1| {
                m.types.find(&TypeKind::Struct { fields: Box::new([ct, i1]), packed: false })
            });
            if want != Some(ty) {
                return err("cmpxchg result type must be { T, i1 }");
            }
        }
        InstKind::AtomicRmw { op: rop, ptr, val, ordering, align, .. } => {
            if !t.is_ptr(op(*ptr)?) {
                return err("atomicrmw operand must be a pointer.");
            }
            let vt = op(*val)?;
            match rop {
                RmwOp::Xchg => {
                    if !(t.is_int(vt) || t.is_fp(vt) || t.is_ptr(vt)) {
                        return err("atomicrmw xchg operand must have integer, floating point or pointer type");
                    }
                }
                RmwOp::FAdd | RmwOp::FSub | RmwOp::FMax | RmwOp::FMin => {
                    if !t.is_fp_or_vec(vt) {
                        return Err(BuildError::new(format!(
                            "atomicrmw {} operand must have floating-point or fixed vector of floating-point type!",
                            rop.keyword()
                        )));
                    }
                }
                _ => {
                    if !t.is_int(vt) {
                        return Err(BuildError::new(format!(
                            "atomicrmw {} operand must have integer type!",
                            rop.keyword()
                        )));
                    }
                }
            }
            if matches!(ordering, Ordering::NotAtomic | Ordering::Unordered) {
                return err("atomicrmw instructions cannot be unordered.");
            }
            check_align(*align)?;
            if vt != ty {
                return err("atomicrmw result type must be the operand type");
            }
        }
        InstKind::Gep { source_ty, base, indices, .. } => {
            let bt = op(*base)?;
            if !t.is_ptr_or_vec(bt) {
                return err("GEP base pointer is not a vector or a vector of pointers");
            }
            if !t.is_sized(*source_ty) {
                return err("GEP into unsized type!");
            }
            gep_indexed(m, *source_ty, indices)?;
            let width = gep_vector(m, f, bt, indices)?;
            let p = m.types.find(&TypeKind::Ptr(t.ptr_as(t.scalar(bt)).unwrap_or(0)));
            let want = match (p, width) {
                (Some(p), None) => Some(p),
                (Some(p), Some((len, scalable))) => {
                    m.types.find(&TypeKind::Vector { elem: p, len, scalable })
                }
                _ => None,
            };
            if want != Some(ty) {
                return err("GEP is not of right type for indices!");
            }
        }
        InstKind::Cast { op: cop, val, .. } => {
            let st = op(*val)?;
            if !cast_valid(&t, *cop, st, ty) {
                return Err(BuildError::new(format!(
                    "invalid cast opcode for cast from '{}' to '{}'",
                    t.show(st),
                    t.show(ty)
                )));
            }
        }
        InstKind::ICmp { lhs, rhs, .. } => {
            let (a, b) = (op(*lhs)?, op(*rhs)?);
            if a != b {
                return err("Both operands to ICmp instruction are not of the same type!");
            }
            if !(t.is_int_or_vec(a) || t.is_ptr_or_vec(a)) {
                return err("Invalid operand types for ICmp instruction");
            }
            if !t.is_i1_or_vec(ty) || !same_count(&t, a, ty) {
                return err("icmp result must be i1 or a vector of i1 of the operands' length");
            }
        }
        InstKind::FCmp { lhs, rhs, .. } => {
            let (a, b) = (op(*lhs)?, op(*rhs)?);
            if a != b {
                return err("Both operands to FCmp instruction are not of the same type!");
            }
            if !t.is_fp_or_vec(a) {
                return err("Invalid operand types for FCmp instruction");
            }
            if !t.is_i1_or_vec(ty) || !same_count(&t, a, ty) {
                return err("fcmp result must be i1 or a vector of i1 of the operands' length");
            }
        }
        InstKind::Phi { incoming, .. } => {
            if !t.is_first_class(ty)
                || matches!(t.kind(ty), Some(TypeKind::Label | TypeKind::Metadata))
            {
                return err("PHI node must have a first-class type");
            }
            if t.is_token(ty) {
                return err("PHI nodes cannot have token type!");
            }
            for &(v, b) in incoming {
                if op(v)? != ty {
                    return err("PHI node operands are not the same type as the result!");
                }
                block_ok(f, b)?;
            }
        }
        InstKind::Select { cond, then_val, else_val, .. } => {
            let (ct, a, b) = (op(*cond)?, op(*then_val)?, op(*else_val)?);
            if a != b || t.is_token(a) || !t.is_i1_or_vec(ct) {
                return err("Invalid operands for select instruction!");
            }
            if t.vec(ct).is_some() && !same_count(&t, ct, a) {
                return err("Invalid operands for select instruction!");
            }
            if a != ty {
                return err("Select values must have same type as select instruction!");
            }
        }
        InstKind::Freeze(v) => {
            if op(*v)? != ty {
                return err("freeze result type must be the operand type");
            }
        }
        InstKind::Call { call, .. } => check_call(m, f, call, ty)?,
        InstKind::VaArg(v) => {
            if !t.is_ptr(op(*v)?) {
                return err("va_arg operand must be a pointer");
            }
            if !t.is_first_class(ty) {
                return err("va_arg result must be a first-class type");
            }
        }
        InstKind::LandingPad { cleanup, clauses } => {
            if !cleanup && clauses.is_empty() {
                return err("LandingPadInst needs at least one clause or to be a cleanup.");
            }
            if !t.is_first_class(ty) {
                return err("landingpad result must be a first-class type");
            }
            for c in clauses {
                match *c {
                    Clause::Catch(v) => {
                        if !t.is_ptr(op(v)?) {
                            return err("Catch operand does not have pointer type!");
                        }
                    }
                    Clause::Filter(v) => {
                        if !matches!(t.kind(op(v)?), Some(TypeKind::Array { .. })) {
                            return err("Filter operand is not an array of constants!");
                        }
                    }
                }
            }
        }
        InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
            if !t.is_token(ty) || !t.is_token(op(*parent)?) {
                return err("funclet pads must be of token type and within a token");
            }
            for &a in args {
                op(a)?;
            }
        }
    }
    if !void && !t.is_first_class(ty) {
        return err("Instruction returns a non-scalar type!");
    }
    Ok(())
}

/// Whether `kind` ends a block.
pub fn is_terminator(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Ret(_)
            | InstKind::Br(_)
            | InstKind::CondBr { .. }
            | InstKind::Switch { .. }
            | InstKind::IndirectBr { .. }
            | InstKind::Invoke { .. }
            | InstKind::CallBr { .. }
            | InstKind::Resume(_)
            | InstKind::CatchSwitch { .. }
            | InstKind::CatchRet { .. }
            | InstKind::CleanupRet { .. }
            | InstKind::Unreachable
    )
}

/// The blocks a terminator can go to, in operand order (duplicates kept,
/// as LLVM's successor list keeps them).
pub fn successors(kind: &InstKind) -> Vec<BlockId> {
    match kind {
        InstKind::Br(b) => alloc::vec![*b],
        InstKind::CondBr { then_dest, else_dest, .. } => alloc::vec![*then_dest, *else_dest],
        InstKind::Switch { default, cases, .. } => {
            let mut v = alloc::vec![*default];
            v.extend(cases.iter().map(|c| c.1));
            v
        }
        InstKind::IndirectBr { dests, .. } => dests.clone(),
        InstKind::Invoke { normal, unwind, .. } => alloc::vec![*normal, *unwind],
        InstKind::CallBr { default, indirect, .. } => {
            let mut v = alloc::vec![*default];
            v.extend(indirect.iter().copied());
            v
        }
        InstKind::CatchSwitch { handlers, unwind, .. } => {
            let mut v = Vec::new();
            v.extend(unwind.iter().copied());
            v.extend(handlers.iter().copied());
            v
        }
        InstKind::CatchRet { dest, .. } => alloc::vec![*dest],
        InstKind::CleanupRet { unwind, .. } => unwind.iter().copied().collect(),
        _ => Vec::new(),
    }
}

// ---------------------------------------------------------------------------
// The module builder
// ---------------------------------------------------------------------------

/// Builds into a [`Module`]: types, constants, globals, functions and
/// metadata. Instructions go through a [`FunctionBuilder`] from
/// [`func`](Self::func).
pub struct Builder<'m> {
    /// The module being built (everything the builder makes is plain data
    /// in it; reading and adjusting fields directly is fine).
    pub m: &'m mut Module,
}

impl<'m> Builder<'m> {
    /// A builder adding to `m`.
    pub fn new(m: &'m mut Module) -> Self {
        Builder { m }
    }

    // ----- types -----

    /// `void`.
    pub fn void(&self) -> TypeId {
        self.m.types.void()
    }
    /// `iN`.
    pub fn int(&mut self, bits: u32) -> R<TypeId> {
        Ok(self.m.types.int(bits)?)
    }
    /// A float format.
    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.m.types.float(kind)
    }
    /// `ptr addrspace(N)`.
    pub fn ptr(&mut self, addrspace: u32) -> R<TypeId> {
        Ok(self.m.types.ptr(addrspace)?)
    }
    /// `<len x elem>` / `<vscale x len x elem>`.
    pub fn vector(&mut self, elem: TypeId, len: u32, scalable: bool) -> R<TypeId> {
        Ok(self.m.types.vector(elem, len, scalable)?)
    }
    /// `[len x elem]`.
    pub fn array(&mut self, elem: TypeId, len: u64) -> R<TypeId> {
        Ok(self.m.types.array(elem, len)?)
    }
    /// A literal struct.
    pub fn struct_type(&mut self, fields: &[TypeId], packed: bool) -> R<TypeId> {
        Ok(self.m.types.literal_struct(fields, packed)?)
    }
    /// An identified struct `%name` with a body (`None`: opaque).
    pub fn named_struct(&mut self, name: &str, body: Option<(&[TypeId], bool)>) -> R<TypeId> {
        let t = self.m.types.named_struct(name)?;
        if let Some((fields, packed)) = body {
            self.m.types.set_body(t, fields, packed)?;
        }
        Ok(t)
    }
    /// A function type.
    pub fn fn_type(&mut self, ret: TypeId, params: &[TypeId], vararg: bool) -> R<TypeId> {
        Ok(self.m.types.function(ret, params, vararg)?)
    }

    // ----- constants -----

    /// An integer constant of `iN` type `ty` (sign-extended or truncated
    /// from `v`).
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> R<ConstId> {
        let bits =
            Ty(&self.m.types).int_bits(ty).ok_or("integer constant of a non-integer type")?;
        Ok(self.m.consts.int(&self.m.types, ty, IntValue::from_i64(bits, v)?)?)
    }
    /// A float constant of `float` or `double` type `ty` (rounded from `v`
    /// for `float`).
    pub fn const_float(&mut self, ty: TypeId, v: f64) -> R<ConstId> {
        let fv = match self.m.types.get(ty) {
            Some(TypeKind::Float(FloatKind::Double)) => FloatValue::Double(v.to_bits()),
            Some(TypeKind::Float(FloatKind::Float)) => FloatValue::Float((v as f32).to_bits()),
            _ => return err("const_float needs a float or double type (use const_float_bits)"),
        };
        Ok(self.m.consts.float(&self.m.types, ty, fv)?)
    }
    /// A float constant of any format, bit-exact.
    pub fn const_float_bits(&mut self, ty: TypeId, v: FloatValue) -> R<ConstId> {
        Ok(self.m.consts.float(&self.m.types, ty, v)?)
    }
    /// The zero value of `ty` (`0`, `0.0`, `null`, `none`, `zeroinitializer`).
    pub fn const_zero(&mut self, ty: TypeId) -> R<ConstId> {
        Ok(self.m.consts.zero(&self.m.types, ty)?)
    }
    /// `undef` of `ty`.
    pub fn const_undef(&mut self, ty: TypeId) -> R<ConstId> {
        first_class_const(&self.m.types, ty)?;
        Ok(self.m.consts.undef(ty))
    }
    /// `poison` of `ty`.
    pub fn const_poison(&mut self, ty: TypeId) -> R<ConstId> {
        first_class_const(&self.m.types, ty)?;
        Ok(self.m.consts.poison(ty))
    }
    /// An array constant.
    pub fn const_array(&mut self, ty: TypeId, elems: &[ConstId]) -> R<ConstId> {
        Ok(self.m.consts.array(&self.m.types, ty, elems)?)
    }
    /// A struct constant.
    pub fn const_struct(&mut self, ty: TypeId, elems: &[ConstId]) -> R<ConstId> {
        Ok(self.m.consts.structure(&self.m.types, ty, elems)?)
    }
    /// A vector constant.
    pub fn const_vector(&mut self, ty: TypeId, elems: &[ConstId]) -> R<ConstId> {
        Ok(self.m.consts.vector(&self.m.types, ty, elems)?)
    }
    /// `c"..."` of type `[len x i8]`.
    pub fn const_bytes(&mut self, bytes: &[u8]) -> R<ConstId> {
        let i8t = self.m.types.int(8)?;
        let at = self.m.types.array(i8t, bytes.len() as u64)?;
        Ok(self.m.consts.bytes(&self.m.types, at, bytes)?)
    }
    /// A global value as a constant (its pointer).
    pub fn global_ref(&mut self, g: GlobalRef) -> R<ConstId> {
        let a = global_addrspace(self.m, g).ok_or("global value that does not exist")?;
        let p = self.m.types.ptr(a)?;
        Ok(self.m.consts.global(p, g))
    }

    // ----- globals -----

    /// A global variable of value type `ty` with every other field at its
    /// default: adjust the fields, then [`add_global`](Self::add_global).
    pub fn global_template(&self, name: &str, ty: TypeId) -> GlobalVar {
        GlobalVar {
            common: GlobalCommon { name: name_of(name), ..GlobalCommon::default() },
            ..GlobalVar::new(ty)
        }
    }

    /// Adds a global variable after checking it (initializer type, linkage
    /// rules, alignment).
    pub fn add_global(&mut self, g: GlobalVar) -> R<GlobalRef> {
        check_global_var(self.m, &g)?;
        self.m.globals.push(g);
        Ok(GlobalRef::Var(self.m.globals.len() as u32 - 1))
    }

    /// A plain global: `@name = [constant|global] ty init`.
    pub fn global(
        &mut self,
        name: &str,
        ty: TypeId,
        init: Option<ConstId>,
        constant: bool,
    ) -> R<GlobalRef> {
        let mut g = self.global_template(name, ty);
        g.init = init;
        g.constant = constant;
        self.add_global(g)
    }

    /// A function of type `fn_ty` (a declaration until it gets a block).
    pub fn declare_function(&mut self, name: &str, fn_ty: TypeId) -> R<GlobalRef> {
        let n = fn_sig(&self.m.types, fn_ty).ok_or("function type expected")?.1.len();
        self.m.functions.push(Function {
            common: GlobalCommon { name: name_of(name), ..GlobalCommon::default() },
            args: alloc::vec![Arg::default(); n],
            ..Function::new(fn_ty)
        });
        Ok(GlobalRef::Func(self.m.functions.len() as u32 - 1))
    }

    /// A function to be defined: the same as
    /// [`declare_function`](Self::declare_function); it becomes a
    /// definition with its first block.
    pub fn define_function(&mut self, name: &str, fn_ty: TypeId) -> R<GlobalRef> {
        self.declare_function(name, fn_ty)
    }

    /// The function `f` for adjusting fields (calling convention, section,
    /// linkage...).
    pub fn function_mut(&mut self, f: GlobalRef) -> R<&mut Function> {
        match f {
            GlobalRef::Func(i) => self
                .m
                .functions
                .get_mut(i as usize)
                .ok_or_else(|| BuildError::new("no such function")),
            _ => err("not a function"),
        }
    }

    /// An attribute by keyword with no argument (`nounwind`, `noinline`...).
    pub fn attr(&self, keyword: &str) -> R<Attr> {
        AttrKind::from_keyword(keyword)
            .map(Attr::Enum)
            .ok_or_else(|| BuildError::new(format!("unknown attribute '{keyword}'")))
    }

    /// An attribute list: function, return and parameter attributes.
    pub fn attr_list(
        &mut self,
        func: Vec<Attr>,
        ret: Vec<Attr>,
        params: Vec<Vec<Attr>>,
    ) -> AttrListId {
        let func = self.m.attrs.set(func);
        let ret = self.m.attrs.set(ret);
        let params: Vec<_> = params.into_iter().map(|p| self.m.attrs.set(p)).collect();
        self.m.attrs.list(AttrList { func, ret, params: params.into() })
    }

    /// Sets a function's attribute list (parameters checked against its
    /// type's parameter count).
    pub fn set_function_attrs(&mut self, f: GlobalRef, list: AttrListId) -> R<()> {
        let n = self.m.attrs.get_list(list).params.len();
        let fun = self.function_mut(f)?;
        if n > fun.args.len() {
            return err("attributes for more parameters than the function has");
        }
        fun.attrs = list;
        Ok(())
    }

    /// Names argument `n` of `f`.
    pub fn set_arg_name(&mut self, f: GlobalRef, n: u32, name: &str) -> R<()> {
        let fun = self.function_mut(f)?;
        let a = fun.args.get_mut(n as usize).ok_or("no such argument")?;
        a.name = name_of(name);
        Ok(())
    }

    /// A builder for the body of function `f`.
    pub fn func(&mut self, f: GlobalRef) -> R<FunctionBuilder<'_>> {
        let GlobalRef::Func(i) = f else { return err("not a function") };
        if (i as usize) >= self.m.functions.len() {
            return err("no such function");
        }
        Ok(FunctionBuilder { m: self.m, f: i as usize, cur: None })
    }

    // ----- metadata -----

    /// `!"s"`.
    pub fn md_string(&mut self, s: &[u8]) -> MdId {
        self.m.md.get_or_insert(MdNode::String(s.into()))
    }
    /// `!{...}` (`None`: `null`), uniqued.
    pub fn md_tuple(&mut self, ops: &[Option<MdId>]) -> R<MdId> {
        self.md_ops_ok(ops)?;
        Ok(self.m.md.get_or_insert(MdNode::Tuple(ops.into())))
    }
    /// `distinct !{...}`.
    pub fn md_distinct_tuple(&mut self, ops: &[Option<MdId>]) -> R<MdId> {
        self.md_ops_ok(ops)?;
        Ok(self.m.md.push_distinct(MdNode::Tuple(ops.into())))
    }
    fn md_ops_ok(&self, ops: &[Option<MdId>]) -> R<()> {
        if ops.iter().flatten().any(|&o| self.m.md.get(o).is_none()) {
            return err("metadata operand that does not exist");
        }
        Ok(())
    }
    /// A constant as metadata (`i32 1`, `ptr @g`).
    pub fn md_const(&mut self, c: ConstId) -> R<MdId> {
        let ty = self.m.consts.ty(c).ok_or("constant that does not exist")?;
        Ok(self.m.md.get_or_insert(MdNode::Value(ty, Value::Const(c))))
    }
    /// Appends `ops` to named metadata `!name` (created if new).
    pub fn named_md(&mut self, name: &str, ops: &[MdId]) -> R<()> {
        if ops.iter().any(|&o| self.m.md.get(o).is_none()) {
            return err("metadata operand that does not exist");
        }
        if let Some(n) = self.m.named_md.iter_mut().find(|n| &*n.name == name) {
            n.ops.extend_from_slice(ops);
        } else {
            self.m.named_md.push(NamedMd { name: name.into(), ops: ops.to_vec() });
        }
        Ok(())
    }
    /// Attaches `!kind md` to a global variable or function.
    pub fn attach_global(&mut self, g: GlobalRef, kind: &str, md: MdId) -> R<()> {
        if self.m.md.get(md).is_none() {
            return err("metadata that does not exist");
        }
        let k = self.m.md.kind_id(kind);
        let list = match g {
            GlobalRef::Var(i) => {
                &mut self.m.globals.get_mut(i as usize).ok_or("no such global")?.md
            }
            GlobalRef::Func(i) => {
                &mut self.m.functions.get_mut(i as usize).ok_or("no such function")?.md
            }
            _ => return err("metadata attaches to global variables and functions"),
        };
        list.retain(|(kk, _)| *kk != k);
        list.push((k, md));
        Ok(())
    }
}

fn first_class_const(types: &Types, ty: TypeId) -> R<()> {
    match types.get(ty) {
        None => err("type that does not exist"),
        Some(TypeKind::Void | TypeKind::Function { .. } | TypeKind::Label | TypeKind::Metadata) => {
            err("constants of this type do not exist")
        }
        _ => Ok(()),
    }
}

/// The address space of global value `g`, if it exists.
pub(crate) fn global_addrspace(m: &Module, g: GlobalRef) -> Option<u32> {
    match g {
        GlobalRef::Var(i) => m.globals.get(i as usize).map(|x| x.addrspace),
        GlobalRef::Func(i) => m.functions.get(i as usize).map(|x| x.addrspace),
        GlobalRef::Alias(i) => m.aliases.get(i as usize).map(|x| x.addrspace),
        GlobalRef::IFunc(i) => m.ifuncs.get(i as usize).map(|x| x.addrspace),
    }
}

/// The checks on a global variable LLVM's verifier and LangRef state
/// (shared with the verifier).
pub fn check_global_var(m: &Module, g: &GlobalVar) -> R<()> {
    let t = Ty(&m.types);
    let c = &g.common;
    if t.kind(g.ty).is_none() {
        return err("global variable with a type that does not exist");
    }
    if !t.is_first_class(g.ty)
        || matches!(t.kind(g.ty), Some(TypeKind::Label | TypeKind::Metadata | TypeKind::Token))
    {
        return err("invalid type for global variable");
    }
    check_common(c)?;
    match g.init {
        None => {
            if !matches!(c.linkage, Linkage::External | Linkage::ExternWeak) {
                return err("Global is external, but doesn't have external or weak linkage!");
            }
        }
        Some(init) => {
            if m.consts.ty(init) != Some(g.ty) {
                return err(
                    "Global variable initializer type does not match global variable type!",
                );
            }
            if c.linkage == Linkage::ExternWeak {
                return err("extern_weak linkage is only valid on declarations");
            }
        }
    }
    if c.linkage == Linkage::Common {
        if !g.init.is_some_and(|i| m.consts.is_null_value(i)) {
            return err("'common' global must have a zero initializer!");
        }
        if g.constant {
            return err("'common' global may not be marked constant!");
        }
        if g.comdat.is_some() {
            return err("'common' global may not be in a Comdat!");
        }
    }
    if c.linkage == Linkage::Appending && !matches!(t.kind(g.ty), Some(TypeKind::Array { .. })) {
        return err("Only global arrays can have appending linkage!");
    }
    if let Some(cd) = g.comdat {
        if (cd.0 as usize) >= m.comdats.len() {
            return err("comdat that does not exist");
        }
    }
    check_align(g.align)?;
    Ok(())
}

/// Checks on what every global value has.
pub(crate) fn check_common(c: &GlobalCommon) -> R<()> {
    if c.linkage.is_local() {
        if c.visibility != crate::module::Visibility::Default {
            return err("symbol with local linkage must have default visibility");
        }
        if c.dll != crate::module::DllStorage::Default {
            return err("symbol with local linkage cannot have a DLL storage class");
        }
    }
    if c.dll == crate::module::DllStorage::Import && c.dso_local {
        return err("GlobalValue with DLLImport Storage is dso_local!");
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The function builder
// ---------------------------------------------------------------------------

/// Builds the body of one function: blocks and instructions, appended at
/// the end of the current block ([`position_at_end`](Self::position_at_end)).
/// Every instruction is checked by [`check_inst`] before it is added.
pub struct FunctionBuilder<'a> {
    m: &'a mut Module,
    f: usize,
    cur: Option<BlockId>,
}

macro_rules! binops {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&mut self, lhs: Value, rhs: Value, name: &str) -> R<Value> {
            self.binop(BinOp::$op, lhs, rhs, 0, 0, name)
        }
    )*};
}

macro_rules! casts {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&mut self, val: Value, to: TypeId, name: &str) -> R<Value> {
            self.cast(CastOp::$op, val, to, name)
        }
    )*};
}

impl<'a> FunctionBuilder<'a> {
    fn fun(&self) -> &Function {
        &self.m.functions[self.f]
    }

    /// The module (for types, constants and metadata while building).
    pub fn module(&mut self) -> &mut Module {
        self.m
    }

    /// Argument `n` as a value.
    pub fn arg(&self, n: u32) -> R<Value> {
        if (n as usize) < self.fun().args.len() {
            Ok(Value::Arg(n))
        } else {
            Err(BuildError::new(format!("function has no argument {n}")))
        }
    }

    /// A new block at the end of the function (`""`: unnamed).
    pub fn block(&mut self, name: &str) -> BlockId {
        let f = &mut self.m.functions[self.f];
        f.blocks.push(Block { name: name_of(name), insts: Vec::new() });
        BlockId(f.blocks.len() as u32 - 1)
    }

    /// Appends the following instructions at the end of `b`.
    pub fn position_at_end(&mut self, b: BlockId) {
        self.cur = Some(b);
    }

    /// The block instructions go to.
    pub fn current_block(&self) -> Option<BlockId> {
        self.cur
    }

    /// The type of a value of this function.
    pub fn type_of(&self, v: Value) -> R<TypeId> {
        match v {
            Value::Metadata(_) => {
                self.m.types.find(&TypeKind::Metadata).ok_or_else(|| BuildError::new("metadata"))
            }
            Value::InlineAsm(i) => self
                .m
                .inline_asm
                .get(i as usize)
                .map(|a| a.ty)
                .ok_or_else(|| BuildError::new("no such inline asm")),
            _ => operand_type(self.m, self.fun(), v),
        }
    }

    // ----- constants, for convenience -----

    /// An integer constant value.
    pub fn const_int(&mut self, ty: TypeId, v: i64) -> R<Value> {
        Ok(Value::Const(Builder::new(self.m).const_int(ty, v)?))
    }
    /// A `float`/`double` constant value.
    pub fn const_float(&mut self, ty: TypeId, v: f64) -> R<Value> {
        Ok(Value::Const(Builder::new(self.m).const_float(ty, v)?))
    }
    /// A global value as an operand.
    pub fn global(&mut self, g: GlobalRef) -> R<Value> {
        Ok(Value::Const(Builder::new(self.m).global_ref(g)?))
    }
    /// `iN`.
    pub fn int_type(&mut self, bits: u32) -> R<TypeId> {
        Ok(self.m.types.int(bits)?)
    }

    // ----- the core -----

    /// Adds an instruction of any kind with result type `ty` after checking
    /// it; the typed methods below compute `ty` and call this.
    pub fn push(&mut self, kind: InstKind, ty: TypeId, name: &str) -> R<InstId> {
        let b = self.cur.ok_or("no current block: call position_at_end first")?;
        let f = &self.m.functions[self.f];
        let block = f.blocks.get(b.0 as usize).ok_or("the current block does not exist")?;
        if let Some(&last) = block.insts.last() {
            if f.insts.get(last.0 as usize).is_some_and(|i| is_terminator(&i.kind)) {
                return err("the block already ends with a terminator");
            }
            if matches!(kind, InstKind::Phi { .. })
                && block.insts.iter().any(|i| {
                    !matches!(
                        f.insts.get(i.0 as usize).map(|x| &x.kind),
                        Some(InstKind::Phi { .. })
                    )
                })
            {
                return err("PHI nodes not grouped at top of basic block!");
            }
        }
        check_inst(self.m, f, &kind, ty)?;
        if Ty(&self.m.types).is_void(ty) && !name.is_empty() {
            return err("Instruction has a name, but provides a void value!");
        }
        let f = &mut self.m.functions[self.f];
        let id = InstId(f.insts.len() as u32);
        f.insts.push(Inst {
            kind,
            ty,
            name: name_of(name),
            md: Vec::new(),
            dbg_records: Vec::new(),
        });
        if let Some(bl) = f.blocks.get_mut(b.0 as usize) {
            bl.insts.push(id);
        }
        Ok(id)
    }

    fn push_v(&mut self, kind: InstKind, ty: TypeId, name: &str) -> R<Value> {
        self.push(kind, ty, name).map(Value::Inst)
    }

    fn ty(&self, v: Value) -> R<TypeId> {
        operand_type(self.m, self.fun(), v)
    }

    fn void_ty(&self) -> TypeId {
        self.m.types.void()
    }

    /// The i1 type, or `<N x i1>` shaped like `like`.
    fn bool_like(&mut self, like: TypeId) -> R<TypeId> {
        let i1 = self.m.types.int(1)?;
        match Ty(&self.m.types).vec(like) {
            Some((len, scalable)) => Ok(self.m.types.vector(i1, len, scalable)?),
            None => Ok(i1),
        }
    }

    // ----- terminators -----

    /// `ret void` (`None`) or `ret ty v`.
    pub fn ret(&mut self, v: Option<Value>) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Ret(v), vt, "")
    }
    /// `br label %dest`.
    pub fn br(&mut self, dest: BlockId) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Br(dest), vt, "")
    }
    /// `br i1 %cond, label %then, label %else`.
    pub fn br_cond(&mut self, cond: Value, then_dest: BlockId, else_dest: BlockId) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::CondBr { cond, then_dest, else_dest }, vt, "")
    }
    /// `switch`: cases are constants of the condition's integer type.
    pub fn switch(
        &mut self,
        cond: Value,
        default: BlockId,
        cases: &[(ConstId, BlockId)],
    ) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Switch { cond, default, cases: cases.to_vec() }, vt, "")
    }
    /// `indirectbr`.
    pub fn indirect_br(&mut self, addr: Value, dests: &[BlockId]) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::IndirectBr { addr, dests: dests.to_vec() }, vt, "")
    }
    /// `invoke` of `callee` (of function type `fn_ty`).
    pub fn invoke(
        &mut self,
        fn_ty: TypeId,
        callee: Value,
        args: &[Value],
        normal: BlockId,
        unwind: BlockId,
        name: &str,
    ) -> R<Value> {
        let ret = fn_sig(&self.m.types, fn_ty).ok_or("Callee is not of function type!")?.0;
        let call = Box::new(plain_call(fn_ty, callee, args));
        self.push_v(InstKind::Invoke { call, normal, unwind }, ret, name)
    }
    /// `callbr` of `callee` (usually inline assembly): falls through to
    /// `default`, may jump to `indirect`.
    #[allow(clippy::too_many_arguments)]
    pub fn call_br(
        &mut self,
        fn_ty: TypeId,
        callee: Value,
        args: &[Value],
        default: BlockId,
        indirect: &[BlockId],
        name: &str,
    ) -> R<Value> {
        let ret = fn_sig(&self.m.types, fn_ty).ok_or("Callee is not of function type!")?.0;
        let call = Box::new(plain_call(fn_ty, callee, args));
        self.push_v(InstKind::CallBr { call, default, indirect: indirect.to_vec() }, ret, name)
    }
    /// `catchswitch within %parent [handlers] unwind ...` (`parent`: a pad
    /// or `none`; `unwind`: `None` unwinds to the caller).
    pub fn catch_switch(
        &mut self,
        parent: Value,
        handlers: &[BlockId],
        unwind: Option<BlockId>,
        name: &str,
    ) -> R<Value> {
        let tok = self.m.types.token();
        self.push_v(
            InstKind::CatchSwitch { parent, handlers: handlers.to_vec(), unwind },
            tok,
            name,
        )
    }
    /// `catchpad within %catchswitch [args]`.
    pub fn catch_pad(&mut self, parent: Value, args: &[Value], name: &str) -> R<Value> {
        let tok = self.m.types.token();
        self.push_v(InstKind::CatchPad { parent, args: args.to_vec() }, tok, name)
    }
    /// `cleanuppad within %parent [args]`.
    pub fn cleanup_pad(&mut self, parent: Value, args: &[Value], name: &str) -> R<Value> {
        let tok = self.m.types.token();
        self.push_v(InstKind::CleanupPad { parent, args: args.to_vec() }, tok, name)
    }
    /// `catchret from %pad to label %dest`.
    pub fn catch_ret(&mut self, pad: Value, dest: BlockId) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::CatchRet { pad, dest }, vt, "")
    }
    /// `cleanupret from %pad unwind ...`.
    pub fn cleanup_ret(&mut self, pad: Value, unwind: Option<BlockId>) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::CleanupRet { pad, unwind }, vt, "")
    }
    /// `none`, the token constant (the parent of a top-level pad).
    pub fn const_none(&mut self) -> Value {
        let tok = self.m.types.token();
        Value::Const(self.m.consts.intern_raw(tok, ConstKind::NoneToken))
    }
    /// `resume ty %v`.
    pub fn resume(&mut self, v: Value) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Resume(v), vt, "")
    }
    /// `unreachable`.
    pub fn unreachable(&mut self) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Unreachable, vt, "")
    }

    // ----- arithmetic -----

    /// A binary operator with [`flags`] and fast-math flags.
    pub fn binop(
        &mut self,
        op: BinOp,
        lhs: Value,
        rhs: Value,
        flags: u8,
        fmf: u8,
        name: &str,
    ) -> R<Value> {
        let ty = self.ty(lhs)?;
        self.push_v(InstKind::Binary { op, lhs, rhs, flags, fmf }, ty, name)
    }

    binops! {
        /// `add` (two equal integer or integer-vector operands).
        add => Add;
        /// `sub`.
        sub => Sub;
        /// `mul`.
        mul => Mul;
        /// `udiv`.
        udiv => UDiv;
        /// `sdiv`.
        sdiv => SDiv;
        /// `urem`.
        urem => URem;
        /// `srem`.
        srem => SRem;
        /// `shl`.
        shl => Shl;
        /// `lshr`.
        lshr => LShr;
        /// `ashr`.
        ashr => AShr;
        /// `and`.
        and => And;
        /// `or`.
        or => Or;
        /// `xor`.
        xor => Xor;
        /// `fadd` (two equal float or float-vector operands).
        fadd => FAdd;
        /// `fsub`.
        fsub => FSub;
        /// `fmul`.
        fmul => FMul;
        /// `fdiv`.
        fdiv => FDiv;
        /// `frem`.
        frem => FRem;
    }

    /// `fneg`.
    pub fn fneg(&mut self, val: Value, name: &str) -> R<Value> {
        let ty = self.ty(val)?;
        self.push_v(InstKind::FNeg { val, fmf: 0 }, ty, name)
    }

    /// `icmp pred` (integers, pointers or vectors of them); the result is
    /// `i1` or a vector of `i1`.
    pub fn icmp(&mut self, pred: IntPred, lhs: Value, rhs: Value, name: &str) -> R<Value> {
        let a = self.ty(lhs)?;
        let ty = self.bool_like(a)?;
        self.push_v(InstKind::ICmp { pred, lhs, rhs, flags: 0 }, ty, name)
    }

    /// `fcmp pred` (floats or float vectors).
    pub fn fcmp(&mut self, pred: FloatPred, lhs: Value, rhs: Value, name: &str) -> R<Value> {
        let a = self.ty(lhs)?;
        let ty = self.bool_like(a)?;
        self.push_v(InstKind::FCmp { pred, lhs, rhs, fmf: 0 }, ty, name)
    }

    /// A cast to `to`, checked by LLVM's `castIsValid` rules.
    pub fn cast(&mut self, op: CastOp, val: Value, to: TypeId, name: &str) -> R<Value> {
        self.push_v(InstKind::Cast { op, val, flags: 0, fmf: 0 }, to, name)
    }

    casts! {
        /// `trunc` (to a narrower integer).
        trunc => Trunc;
        /// `zext` (to a wider integer).
        zext => ZExt;
        /// `sext`.
        sext => SExt;
        /// `fptrunc`.
        fptrunc => FPTrunc;
        /// `fpext`.
        fpext => FPExt;
        /// `fptoui`.
        fptoui => FPToUI;
        /// `fptosi`.
        fptosi => FPToSI;
        /// `uitofp`.
        uitofp => UIToFP;
        /// `sitofp`.
        sitofp => SIToFP;
        /// `ptrtoint`.
        ptrtoint => PtrToInt;
        /// `inttoptr`.
        inttoptr => IntToPtr;
        /// `bitcast`.
        bitcast => BitCast;
        /// `addrspacecast`.
        addrspacecast => AddrSpaceCast;
    }

    // ----- vectors and aggregates -----

    /// `extractelement`.
    pub fn extract_element(&mut self, vec: Value, idx: Value, name: &str) -> R<Value> {
        let vt = self.ty(vec)?;
        let ty = Ty(&self.m.types).scalar(vt);
        self.push_v(InstKind::ExtractElement { vec, idx }, ty, name)
    }
    /// `insertelement`.
    pub fn insert_element(&mut self, vec: Value, elt: Value, idx: Value, name: &str) -> R<Value> {
        let ty = self.ty(vec)?;
        self.push_v(InstKind::InsertElement { vec, elt, idx }, ty, name)
    }
    /// `shufflevector` with a mask of element indices (`None`: poison).
    pub fn shuffle_vector(
        &mut self,
        a: Value,
        b: Value,
        mask: &[Option<u32>],
        name: &str,
    ) -> R<Value> {
        let at = self.ty(a)?;
        let t = Ty(&self.m.types);
        let (_, scalable) = t.vec(at).ok_or("Invalid shufflevector operands!")?;
        let elem = t.scalar(at);
        if mask.is_empty() {
            return err("Invalid shufflevector operands!");
        }
        let len = u32::try_from(mask.len()).map_err(|_| BuildError::new("mask too long"))?;
        let i32t = self.m.types.int(32)?;
        let mty = self.m.types.vector(i32t, len, scalable)?;
        let mut elems = Vec::with_capacity(mask.len());
        for &x in mask {
            elems.push(match x {
                Some(i) => self.m.consts.int_u64(&self.m.types, i32t, u64::from(i))?,
                None => self.m.consts.poison(i32t),
            });
        }
        let mc = if scalable {
            if elems.iter().all(|&e| self.m.consts.is_null_value(e)) {
                self.m.consts.zero(&self.m.types, mty)?
            } else if elems
                .iter()
                .all(|&e| matches!(self.m.consts.kind(e), Some(ConstKind::Poison)))
            {
                self.m.consts.poison(mty)
            } else {
                return err("a scalable shufflevector mask must be zeroinitializer or poison");
            }
        } else {
            self.m.consts.vector(&self.m.types, mty, &elems)?
        };
        let ty = self.m.types.vector(elem, len, scalable)?;
        self.push_v(InstKind::ShuffleVector { a, b, mask: mc }, ty, name)
    }
    /// `extractvalue`.
    pub fn extract_value(&mut self, agg: Value, indices: &[u32], name: &str) -> R<Value> {
        let at = self.ty(agg)?;
        let ty = indexed_aggregate(&self.m.types, at, indices)
            .ok_or("Invalid ExtractValueInst operands!")?;
        self.push_v(InstKind::ExtractValue { agg, indices: indices.to_vec() }, ty, name)
    }
    /// `insertvalue`.
    pub fn insert_value(
        &mut self,
        agg: Value,
        val: Value,
        indices: &[u32],
        name: &str,
    ) -> R<Value> {
        let ty = self.ty(agg)?;
        self.push_v(InstKind::InsertValue { agg, val, indices: indices.to_vec() }, ty, name)
    }

    // ----- memory -----

    /// `alloca ty, align N` (one element, address space 0).
    pub fn alloca(&mut self, ty: TypeId, align: u64, name: &str) -> R<Value> {
        let i32t = self.m.types.int(32)?;
        let one = self.m.consts.int_u64(&self.m.types, i32t, 1)?;
        self.alloca_full(ty, Value::Const(one), align, 0, name)
    }
    /// `alloca ty, ity count, align N, addrspace(A)`.
    pub fn alloca_full(
        &mut self,
        ty: TypeId,
        count: Value,
        align: u64,
        addrspace: u32,
        name: &str,
    ) -> R<Value> {
        let p = self.m.types.ptr(addrspace)?;
        self.push_v(
            InstKind::Alloca { ty, count, align, addrspace, inalloca: false, swifterror: false },
            p,
            name,
        )
    }
    /// `load ty, ptr %p, align N`.
    pub fn load(&mut self, ty: TypeId, ptr: Value, align: u64, name: &str) -> R<Value> {
        self.push_v(
            InstKind::Load {
                ptr,
                align,
                volatile: false,
                ordering: Ordering::NotAtomic,
                scope: None,
            },
            ty,
            name,
        )
    }
    /// `load atomic ty, ptr %p ordering, align N`.
    pub fn load_atomic(
        &mut self,
        ty: TypeId,
        ptr: Value,
        ordering: Ordering,
        scope: SyncScope,
        align: u64,
        name: &str,
    ) -> R<Value> {
        self.push_v(InstKind::Load { ptr, align, volatile: false, ordering, scope }, ty, name)
    }
    /// `store ty %v, ptr %p, align N`.
    pub fn store(&mut self, val: Value, ptr: Value, align: u64) -> R<InstId> {
        let vt = self.void_ty();
        self.push(
            InstKind::Store {
                val,
                ptr,
                align,
                volatile: false,
                ordering: Ordering::NotAtomic,
                scope: None,
            },
            vt,
            "",
        )
    }
    /// `store atomic`.
    pub fn store_atomic(
        &mut self,
        val: Value,
        ptr: Value,
        ordering: Ordering,
        scope: SyncScope,
        align: u64,
    ) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Store { val, ptr, align, volatile: false, ordering, scope }, vt, "")
    }
    /// `fence`.
    pub fn fence(&mut self, ordering: Ordering, scope: SyncScope) -> R<InstId> {
        let vt = self.void_ty();
        self.push(InstKind::Fence { ordering, scope }, vt, "")
    }
    /// `cmpxchg ptr %p, ty %cmp, ty %new success failure, align N`; the
    /// result is `{ ty, i1 }`.
    #[allow(clippy::too_many_arguments)]
    pub fn cmpxchg(
        &mut self,
        ptr: Value,
        cmp: Value,
        new: Value,
        success: Ordering,
        failure: Ordering,
        align: u64,
        name: &str,
    ) -> R<Value> {
        let ct = self.ty(cmp)?;
        let i1 = self.m.types.int(1)?;
        let ty = self.m.types.literal_struct(&[ct, i1], false)?;
        self.push_v(
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                success,
                failure,
                scope: None,
                weak: false,
                volatile: false,
                align,
            },
            ty,
            name,
        )
    }
    /// `atomicrmw op ptr %p, ty %v ordering, align N`.
    pub fn atomic_rmw(
        &mut self,
        op: RmwOp,
        ptr: Value,
        val: Value,
        ordering: Ordering,
        align: u64,
        name: &str,
    ) -> R<Value> {
        let ty = self.ty(val)?;
        self.push_v(
            InstKind::AtomicRmw { op, ptr, val, ordering, scope: None, volatile: false, align },
            ty,
            name,
        )
    }
    /// `getelementptr [inbounds] source_ty, ptr %base, indices...`: the
    /// result is a pointer (or a vector of pointers) in the base's address
    /// space; struct indices must be constant `i32`s in range.
    pub fn gep(
        &mut self,
        source_ty: TypeId,
        base: Value,
        indices: &[Value],
        inbounds: bool,
        name: &str,
    ) -> R<Value> {
        let bt = self.ty(base)?;
        let t = Ty(&self.m.types);
        let a = t
            .ptr_as(t.scalar(bt))
            .ok_or("GEP base pointer is not a vector or a vector of pointers")?;
        let width = gep_vector(self.m, self.fun(), bt, indices)?;
        let p = self.m.types.ptr(a)?;
        let ty = match width {
            Some((len, scalable)) => self.m.types.vector(p, len, scalable)?,
            None => p,
        };
        let fl = if inbounds { flags::INBOUNDS } else { 0 };
        self.push_v(
            InstKind::Gep { source_ty, base, indices: indices.to_vec(), flags: fl },
            ty,
            name,
        )
    }

    // ----- other -----

    /// `phi ty` with no incoming values yet: add them with
    /// [`add_incoming`](Self::add_incoming) (loops need the back-edge value
    /// later).
    pub fn phi(&mut self, ty: TypeId, name: &str) -> R<Value> {
        self.push_v(InstKind::Phi { incoming: Vec::new(), fmf: 0 }, ty, name)
    }
    /// Adds `[value, block]` to a phi (value type must be the phi's type).
    pub fn add_incoming(&mut self, phi: Value, value: Value, block: BlockId) -> R<()> {
        let Value::Inst(id) = phi else { return err("not a phi") };
        let vt = self.ty(value)?;
        let f = &self.m.functions[self.f];
        block_ok(f, block)?;
        let inst = f.insts.get(id.0 as usize).ok_or("no such instruction")?;
        if !matches!(inst.kind, InstKind::Phi { .. }) {
            return err("not a phi");
        }
        if inst.ty != vt {
            return err("PHI node operands are not the same type as the result!");
        }
        if let Some(Inst { kind: InstKind::Phi { incoming, .. }, .. }) =
            self.m.functions[self.f].insts.get_mut(id.0 as usize)
        {
            incoming.push((value, block));
        }
        Ok(())
    }
    /// `select i1 %c, ty %a, ty %b`.
    pub fn select(
        &mut self,
        cond: Value,
        then_val: Value,
        else_val: Value,
        name: &str,
    ) -> R<Value> {
        let ty = self.ty(then_val)?;
        self.push_v(InstKind::Select { cond, then_val, else_val, fmf: 0 }, ty, name)
    }
    /// `freeze`.
    pub fn freeze(&mut self, v: Value, name: &str) -> R<Value> {
        let ty = self.ty(v)?;
        self.push_v(InstKind::Freeze(v), ty, name)
    }
    /// `call` of `callee` (a pointer) as function type `fn_ty`.
    pub fn call(&mut self, fn_ty: TypeId, callee: Value, args: &[Value], name: &str) -> R<Value> {
        self.call_full(plain_call(fn_ty, callee, args), TailKind::None, name)
    }
    /// `call` of function `f` of this module.
    pub fn call_function(&mut self, f: GlobalRef, args: &[Value], name: &str) -> R<Value> {
        let GlobalRef::Func(i) = f else { return err("not a function") };
        let fty = self.m.functions.get(i as usize).ok_or("no such function")?.ty;
        let callee = self.global(f)?;
        self.call(fty, callee, args, name)
    }
    /// A `call` with every field given.
    pub fn call_full(&mut self, call: CallData, tail: TailKind, name: &str) -> R<Value> {
        let ret = fn_sig(&self.m.types, call.fn_ty).ok_or("Callee is not of function type!")?.0;
        self.push_v(InstKind::Call { call: Box::new(call), tail }, ret, name)
    }
    /// `va_arg ptr %ap, ty`.
    pub fn va_arg(&mut self, ap: Value, ty: TypeId, name: &str) -> R<Value> {
        self.push_v(InstKind::VaArg(ap), ty, name)
    }
    /// `landingpad ty [cleanup] clauses`.
    pub fn landing_pad(
        &mut self,
        ty: TypeId,
        cleanup: bool,
        clauses: &[Clause],
        name: &str,
    ) -> R<Value> {
        self.push_v(InstKind::LandingPad { cleanup, clauses: clauses.to_vec() }, ty, name)
    }

    /// Attaches `!kind md` to instruction `v` (`!dbg`, `!tbaa`, custom).
    pub fn attach(&mut self, v: Value, kind: &str, md: MdId) -> R<()> {
        self.attach_inst(as_inst(v)?, kind, md)
    }
    /// Attaches `!kind md` to an instruction by id.
    pub fn attach_inst(&mut self, id: InstId, kind: &str, md: MdId) -> R<()> {
        if self.m.md.get(md).is_none() {
            return err("metadata that does not exist");
        }
        let k = self.m.md.kind_id(kind);
        let inst =
            self.m.functions[self.f].insts.get_mut(id.0 as usize).ok_or("no such instruction")?;
        inst.md.retain(|(kk, _)| *kk != k);
        inst.md.push((k, md));
        Ok(())
    }
    /// Sets the flags ([`flags`]) of a binary operator, cast, icmp or GEP,
    /// re-checking the instruction.
    pub fn set_flags(&mut self, v: Value, fl: u8) -> R<()> {
        let id = as_inst(v)?;
        let f = &self.m.functions[self.f];
        let mut inst = f.insts.get(id.0 as usize).ok_or("no such instruction")?.clone();
        match &mut inst.kind {
            InstKind::Binary { flags, .. }
            | InstKind::Cast { flags, .. }
            | InstKind::ICmp { flags, .. }
            | InstKind::Gep { flags, .. } => *flags = fl,
            _ => return err("this instruction has no flags"),
        }
        check_inst(self.m, f, &inst.kind, inst.ty)?;
        self.m.functions[self.f].insts[id.0 as usize] = inst;
        Ok(())
    }
}

fn as_inst(v: Value) -> R<InstId> {
    match v {
        Value::Inst(i) => Ok(i),
        _ => err("not an instruction"),
    }
}

fn plain_call(fn_ty: TypeId, callee: Value, args: &[Value]) -> CallData {
    CallData {
        cc: CallConv::C,
        attrs: AttrListId::EMPTY,
        fn_ty,
        callee,
        args: args.to_vec(),
        bundles: Vec::new(),
        fmf: 0,
        addrspace: 0,
    }
}
