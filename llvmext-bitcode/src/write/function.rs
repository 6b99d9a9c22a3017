//! Function bodies as LLVM 19's `writeFunction` writes them, and the
//! module-level value symbol table that points at them.
//!
//! A function's values are numbered as `ValueEnumerator::incorporateFunction`
//! does, after the module's values: the arguments, then the constants its
//! instructions use that the module level has not numbered (in operand
//! order, each constant's operands first, a `shufflevector`'s mask after
//! the instruction's operands; inline asm callees among them), then the
//! instructions with a result. `OptimizeConstants` does not reorder them:
//! llvm-as preserves use-list orders, which turns it off.
//!
//! The `FUNCTION_BLOCK` holds `DECLAREBLOCKS`, the function's `CONSTANTS`
//! block, its `METADATA` block (the metadata writer's, through
//! [`FunctionMd`]), a record per instruction with operands relative to the
//! instruction's own id (a forward reference followed by its type), each
//! followed by its `DEBUG_LOC`/`DEBUG_LOC_AGAIN` and its debug records,
//! `BLOCKADDR_USERS`, the function's `VALUE_SYMTAB` (entries in the order
//! of LLVM's `StringMap` buckets, see [`symtab_order`]), then
//! `METADATA_ATTACHMENT` and `USELIST` blocks (hooks again).

use hashbrown::{HashMap, HashSet};
use llvmext_core::bits::{encode_signed, is_char6};
use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use llvmext_ir::constant::ConstKind;
use llvmext_ir::id::{ConstId, GlobalRef, InstId, MdId, TypeId, Value};
use llvmext_ir::inst::{Clause, DbgKind, DbgRecord, InstKind, Ordering, TailKind};
use llvmext_ir::metadata::MdNode;
use llvmext_ir::module::Function;
use llvmext_ir::types::TypeKind;
use llvmext_ir::Module;

use super::blockinfo::ids;
use super::constants::{write_constants, ConstEntry};
use super::enumerate::{ConstOp, Ty, TypeOrder, Val};
use super::module::encoded_align;
use super::{internal, WriteError};
use crate::codes;
use crate::read::function::encode_fast_math;
use crate::schema::{BlockId, FunctionCode as F, ValueSymtabCode as Vst};

/// The message of the error [`write_function`] gives when [`FunctionMd`]
/// does not know a metadata id it needs.
pub(crate) const NO_MD_ID: &str = "a metadata id the metadata writer does not give";

/// What the metadata writer does inside one function (its ids after
/// `incorporateFunction`, and the blocks it writes there).
/// [`write_function`] calls the hooks where LLVM 19 writes those blocks.
pub(crate) trait FunctionMd {
    /// `VE.getMetadataOrNullID(md)`: 0 for `None`, else the node's id + 1
    /// (a function-local `ValueAsMetadata` or `DIArgList` included);
    /// `None` when unknown (the function is then not written).
    fn md_or_null_id(&self, md: Option<MdId>) -> Option<u64>;
    /// Writes the function-level `METADATA` block (nothing if LLVM writes
    /// none), after the function's constants.
    fn write_function_metadata(
        &mut self,
        w: &mut BitstreamWriter,
        values: &FunctionValues,
    ) -> Result<(), WriteError>;
    /// Writes `METADATA_ATTACHMENT`; called only when LLVM writes one:
    /// the function has attachments of its own, or an instruction has one
    /// other than `!dbg`.
    fn write_attachments(
        &mut self,
        w: &mut BitstreamWriter,
        values: &FunctionValues,
    ) -> Result<(), WriteError>;
    /// Writes the function's `USELIST_BLOCK` (llvm-as preserves use-list
    /// orders), last in the function block; nothing by default.
    fn write_use_lists(
        &mut self,
        _w: &mut BitstreamWriter,
        _values: &FunctionValues,
    ) -> Result<(), WriteError> {
        Ok(())
    }
}

/// The ids of one function's values (`incorporateFunction`): module
/// values first (`0..num_module`), the arguments, the function's constants
/// ([`Self::constants`]), then the instructions that have a result.
#[derive(Debug)]
pub(crate) struct FunctionValues {
    /// The function (index in `Module::functions`).
    pub func: usize,
    /// `NumModuleValues`.
    pub num_module: u32,
    /// The number of arguments.
    pub num_args: u32,
    /// The function-level constants, in id order from
    /// `num_module + num_args`.
    pub constants: Vec<ConstEntry>,
    /// Ids of the function-level constants.
    const_ids: HashMap<ConstId, u32>,
    /// Ids of the inline asm callees (`Module::inline_asm` index).
    asm_ids: HashMap<u32, u32>,
    /// The id of the first instruction (`CstEnd`).
    pub first_inst: u32,
    /// Ids of the instructions with a result, by `InstId`.
    inst_ids: Vec<Option<u32>>,
    /// One past the last id.
    pub end: u32,
}

/// A value id or type id as LLVM's 32-bit `unsigned`.
fn id32(n: usize) -> Result<u32, WriteError> {
    u32::try_from(n).map_err(|_| WriteError::TooLarge("more than 2^32 values"))
}

impl FunctionValues {
    /// Numbers function `func` of `order`'s module as `incorporateFunction`
    /// does.
    pub(crate) fn new(order: &TypeOrder<'_>, func: usize) -> Result<FunctionValues, WriteError> {
        let m = order.module();
        let f = m.functions.get(func).ok_or(internal("an unknown function"))?;
        let num_module = id32(order.value_list.len())?;
        let num_args = match m.types.get(f.ty) {
            Some(TypeKind::Function { params, .. }) => id32(params.len())?,
            _ => return Err(internal("a function whose type is no function type")),
        };
        let mut v = FunctionValues {
            func,
            num_module,
            num_args,
            constants: Vec::new(),
            const_ids: HashMap::new(),
            asm_ids: HashMap::new(),
            first_inst: 0,
            inst_ids: vec![None; f.insts.len()],
            end: 0,
        };
        let first_const = num_module.checked_add(num_args).ok_or(internal("ids"))?;
        let mut ops = Vec::new();
        for b in &f.blocks {
            for &i in &b.insts {
                let inst = f.insts.get(i.0 as usize).ok_or(internal("an unknown instruction"))?;
                ops.clear();
                inst.kind.for_each_operand(|o| ops.push(o));
                if let InstKind::ShuffleVector { mask, .. } = inst.kind {
                    ops.push(Value::Const(mask));
                }
                for &o in &ops {
                    match o {
                        Value::Const(c) => v.constant(order, c, first_const)?,
                        Value::InlineAsm(k) if !v.asm_ids.contains_key(&k) => {
                            let id = first_const + id32(v.constants.len())?;
                            v.asm_ids.insert(k, id);
                            v.constants.push(ConstEntry::InlineAsm(k));
                        }
                        _ => {}
                    }
                }
            }
        }
        v.first_inst = first_const + id32(v.constants.len())?;
        let mut next = v.first_inst;
        for b in &f.blocks {
            for &i in &b.insts {
                let inst = f.insts.get(i.0 as usize).ok_or(internal("an unknown instruction"))?;
                if !matches!(m.types.get(inst.ty), Some(TypeKind::Void)) {
                    if let Some(slot) = v.inst_ids.get_mut(i.0 as usize) {
                        *slot = Some(next);
                    }
                    next = next.checked_add(1).ok_or(WriteError::TooLarge("ids"))?;
                }
            }
        }
        v.end = next;
        Ok(v)
    }

    /// `EnumerateValue` of a function's constant operand: nothing if the
    /// module or the function numbered it, else its operands, then it.
    fn constant(
        &mut self,
        order: &TypeOrder<'_>,
        c: ConstId,
        first: u32,
    ) -> Result<(), WriteError> {
        let m = order.module();
        // Most operands are numbered already.
        if self.const_ids.contains_key(&c)
            || matches!(m.consts.kind(c), Some(ConstKind::Global(_)))
            || order.value_id(Val::Const(c)).is_some()
        {
            return Ok(());
        }
        // (constant, operands walked)
        let mut stack = vec![(c, false)];
        while let Some((c, done)) = stack.pop() {
            if done {
                if !self.const_ids.contains_key(&c) {
                    self.const_ids.insert(c, first + id32(self.constants.len())?);
                    self.constants.push(ConstEntry::Val(Val::Const(c)));
                }
                continue;
            }
            if self.const_ids.contains_key(&c)
                || matches!(m.consts.kind(c), Some(ConstKind::Global(_)))
                || order.value_id(Val::Const(c)).is_some()
            {
                continue;
            }
            if m.consts.kind(c).is_none() {
                return Err(internal("an unknown constant"));
            }
            stack.push((c, true));
            let (ops, _) = order.const_operands(c);
            for op in ops.into_iter().rev() {
                if let ConstOp::C(o) = op {
                    stack.push((o, false));
                }
            }
        }
        Ok(())
    }

    /// The id of a constant (the module's or the function's).
    pub(crate) fn const_id(&self, order: &TypeOrder<'_>, c: ConstId) -> Option<u32> {
        order.value_id(Val::Const(c)).or_else(|| self.const_ids.get(&c).copied())
    }

    /// The id of `v` (`None` for metadata, whose id the metadata writer
    /// gives, and for values this function does not have).
    pub(crate) fn value_id(&self, order: &TypeOrder<'_>, v: Value) -> Option<u32> {
        match v {
            Value::Const(c) => self.const_id(order, c),
            Value::Arg(a) => (a < self.num_args).then(|| self.num_module + a),
            Value::Inst(i) => self.inst_ids.get(i.0 as usize).copied().flatten(),
            Value::InlineAsm(k) => self.asm_ids.get(&k).copied(),
            Value::Metadata(_) => None,
        }
    }

    /// The id of instruction `i` (`None`: it has no result).
    pub(crate) fn inst_id(&self, i: InstId) -> Option<u32> {
        self.inst_ids.get(i.0 as usize).copied().flatten()
    }
}

/// What the function writer needs of the module once: its names' ids and
/// its data layout's alloca address space.
pub(crate) struct FunctionContext<'o, 'm> {
    /// The module's numbering.
    order: &'o TypeOrder<'m>,
    /// Operand bundle tag ids (`getOperandBundleTagID`).
    tags: HashMap<Box<str>, u64>,
    /// Sync scope ids (`SyncScope::SingleThread` 0, `System` 1, then the
    /// module's in order of first use).
    scopes: HashMap<Box<str>, u64>,
    /// The data layout's alloca address space (an `alloca` in another
    /// writes its own).
    alloca_addrspace: u32,
    /// Per function, the blocks named by `blockaddress`es LLParser meets
    /// before its body (in global initializers, aliasees and earlier
    /// functions' bodies): their names enter its symbol table first.
    early_blocks: HashMap<u32, Vec<u32>>,
}

impl<'o, 'm> FunctionContext<'o, 'm> {
    /// The context of `order`'s module.
    #[cfg(test)]
    pub(crate) fn new(order: &'o TypeOrder<'m>) -> FunctionContext<'o, 'm> {
        let (tags, scopes) = super::names::names_in_use(order.module());
        Self::with_names(order, &tags, &scopes)
    }

    /// [`new`](Self::new), the bundle tags and sync scope names given in
    /// order ([`names_in_use`](super::names::names_in_use)).
    pub(crate) fn with_names(
        order: &'o TypeOrder<'m>,
        tags: &[Box<str>],
        scopes: &[Box<str>],
    ) -> FunctionContext<'o, 'm> {
        let m = order.module();
        let tags = tags.iter().enumerate().map(|(i, t)| (t.clone(), i as u64)).collect();
        let scopes = scopes.iter().enumerate().map(|(i, t)| (t.clone(), i as u64)).collect();
        let alloca_addrspace = m
            .datalayout
            .as_deref()
            .and_then(|d| llvmext_ir::datalayout::DataLayout::parse(d).ok())
            .map_or(0, |d| d.alloca_addrspace());
        let early_blocks = early_blockaddress_blocks(m);
        FunctionContext { order, tags, scopes, alloca_addrspace, early_blocks }
    }

    /// The id of a type.
    fn type_id(&self, t: Ty) -> Result<u64, WriteError> {
        self.order.index(&t).map(u64::from).ok_or(internal("a type not numbered"))
    }

    /// The id of a type of the arena.
    fn tid(&self, t: TypeId) -> Result<u64, WriteError> {
        self.type_id(Ty::Id(t))
    }

    /// `getEncodedSyncScopeID`: the scope's id in the context.
    fn scope_id(&self, s: &Option<Box<str>>) -> Result<u64, WriteError> {
        let name: &str = s.as_deref().unwrap_or("");
        self.scopes.get(name).copied().ok_or(internal("an unknown sync scope"))
    }
}

/// One function being written: its numbering and the metadata hooks.
struct Body<'a, 'o, 'm> {
    /// The module's part.
    cx: &'a FunctionContext<'o, 'm>,
    /// The function.
    f: &'m Function,
    /// Its numbering.
    v: &'a FunctionValues,
    /// The metadata ids.
    md: &'a dyn FunctionMd,
}

impl Body<'_, '_, '_> {
    /// `getValueID`: a value's id, a metadata operand's metadata id.
    fn vid(&self, v: Value) -> Result<u32, WriteError> {
        match v {
            Value::Metadata(md) => {
                let id = self.md.md_or_null_id(Some(md)).ok_or(internal(NO_MD_ID))?;
                let id = id.checked_sub(1).ok_or(internal("a null metadata operand"))?;
                u32::try_from(id).map_err(|_| WriteError::TooLarge("metadata ids"))
            }
            v => self.v.value_id(self.cx.order, v).ok_or(internal("an operand without an id")),
        }
    }

    /// `getMetadataID`.
    fn md_id(&self, md: MdId) -> Result<u64, WriteError> {
        let id = self.md.md_or_null_id(Some(md)).ok_or(internal(NO_MD_ID))?;
        id.checked_sub(1).ok_or(internal("a null metadata operand"))
    }

    /// The type of an operand.
    fn ty_of(&self, v: Value) -> Result<Ty, WriteError> {
        let m = self.cx.order.module();
        Ok(match v {
            Value::Const(c) => Ty::Id(m.consts.ty(c).ok_or(internal("an unknown constant"))?),
            Value::Arg(a) => match m.types.get(self.f.ty) {
                Some(TypeKind::Function { params, .. }) => {
                    Ty::Id(*params.get(a as usize).ok_or(internal("an unknown argument"))?)
                }
                _ => return Err(internal("a function type")),
            },
            Value::Inst(i) => {
                Ty::Id(self.f.insts.get(i.0 as usize).ok_or(internal("an unknown instruction"))?.ty)
            }
            Value::InlineAsm(_) => Ty::Extra(TypeKind::Ptr(0)),
            Value::Metadata(_) => Ty::Extra(TypeKind::Metadata),
        })
    }

    /// `pushValue`: the id relative to `inst` (32-bit, wrapping).
    fn push(&self, vals: &mut Vec<u64>, v: Value, inst: u32) -> Result<(), WriteError> {
        vals.push(u64::from(inst.wrapping_sub(self.vid(v)?)));
        Ok(())
    }

    /// `pushValueAndType`: the relative id, and the type of a forward
    /// reference (`true` then).
    fn push_typed(&self, vals: &mut Vec<u64>, v: Value, inst: u32) -> Result<bool, WriteError> {
        let id = self.vid(v)?;
        vals.push(u64::from(inst.wrapping_sub(id)));
        if id >= inst {
            vals.push(self.cx.type_id(self.ty_of(v)?)?);
            return Ok(true);
        }
        Ok(false)
    }

    /// `pushValueSigned` (phi operands).
    fn push_signed(&self, vals: &mut Vec<u64>, v: Value, inst: u32) -> Result<(), WriteError> {
        let diff = i64::from(inst as i32) - i64::from(self.vid(v)? as i32);
        vals.push(encode_signed(diff));
        Ok(())
    }

    /// `writeOperandBundles`.
    fn bundles(
        &self,
        w: &mut BitstreamWriter,
        call: &llvmext_ir::inst::CallData,
        inst: u32,
    ) -> Result<(), WriteError> {
        for b in &call.bundles {
            let mut rec =
                vec![*self.cx.tags.get(&b.tag).ok_or(internal("an unknown bundle tag"))?];
            for &i in &b.inputs {
                self.push_typed(&mut rec, i, inst)?;
            }
            w.emit_record(F::OPERAND_BUNDLE.0, &rec, None)?;
        }
        Ok(())
    }

    /// The fixed arguments (`pushValue`) and the variadic ones
    /// (`pushValueAndType`) of a call.
    fn args(
        &self,
        vals: &mut Vec<u64>,
        call: &llvmext_ir::inst::CallData,
        inst: u32,
    ) -> Result<(), WriteError> {
        let m = self.cx.order.module();
        let nparams = match m.types.get(call.fn_ty) {
            Some(TypeKind::Function { params, .. }) => params.len(),
            _ => return Err(internal("a call of no function type")),
        };
        for (k, &a) in call.args.iter().enumerate() {
            if k < nparams {
                self.push(vals, a, inst)?;
            } else {
                self.push_typed(vals, a, inst)?;
            }
        }
        Ok(())
    }

    /// `getAttributeListID` of a call site's list (0: none).
    fn attr_list(&self, l: llvmext_ir::id::AttrListId) -> u64 {
        self.cx.order.attr_list_id(l).map_or(0, u64::from)
    }

    /// `writeInstruction`.
    fn instruction(
        &self,
        w: &mut BitstreamWriter,
        inst: &llvmext_ir::inst::Inst,
        id: u32,
    ) -> Result<(), WriteError> {
        let cx = self.cx;
        let mut vals: Vec<u64> = Vec::with_capacity(8);
        let mut abbrev: Option<u32> = None;
        let block = |b: llvmext_ir::id::BlockId| u64::from(b.0);
        let ordering = |o: Ordering| {
            codes::ordering::encode(o).map(|c| u64::from(c.0)).ok_or(internal("an ordering"))
        };
        let code = match &inst.kind {
            InstKind::Cast { op, val, flags, fmf: fm } => {
                if !self.push_typed(&mut vals, *val, id)? {
                    abbrev = Some(ids::FUNCTION_INST_CAST);
                }
                vals.push(cx.tid(inst.ty)?);
                vals.push(u64::from(codes::cast::encode(*op).ok_or(internal("a cast"))?.0));
                let f = cast_flags(*op, *flags, *fm);
                if f != 0 {
                    if abbrev.is_some() {
                        abbrev = Some(ids::FUNCTION_INST_CAST_FLAGS);
                    }
                    vals.push(f);
                }
                F::INST_CAST
            }
            InstKind::Binary { op, lhs, rhs, flags, fmf: fm } => {
                if !self.push_typed(&mut vals, *lhs, id)? {
                    abbrev = Some(ids::FUNCTION_INST_BINOP);
                }
                self.push(&mut vals, *rhs, id)?;
                let code = if op.is_float() {
                    codes::fp_binop::encode(*op)
                } else {
                    codes::int_binop::encode(*op)
                };
                vals.push(u64::from(code.ok_or(internal("a binary operator"))?.0));
                let f = binop_flags(*op, *flags, *fm);
                if f != 0 {
                    if abbrev.is_some() {
                        abbrev = Some(ids::FUNCTION_INST_BINOP_FLAGS);
                    }
                    vals.push(f);
                }
                F::INST_BINOP
            }
            InstKind::FNeg { val, fmf: fm } => {
                if !self.push_typed(&mut vals, *val, id)? {
                    abbrev = Some(ids::FUNCTION_INST_UNOP);
                }
                vals.push(0); // UNOP_FNEG
                let f = encode_fast_math(*fm);
                if f != 0 {
                    if abbrev.is_some() {
                        abbrev = Some(ids::FUNCTION_INST_UNOP_FLAGS);
                    }
                    vals.push(f);
                }
                F::INST_UNOP
            }
            InstKind::Gep { source_ty, base, indices, flags } => {
                abbrev = Some(ids::FUNCTION_INST_GEP);
                vals.push(gep_flags(*flags));
                vals.push(cx.tid(*source_ty)?);
                self.push_typed(&mut vals, *base, id)?;
                for &i in indices {
                    self.push_typed(&mut vals, i, id)?;
                }
                F::INST_GEP
            }
            InstKind::ExtractValue { agg, indices } => {
                self.push_typed(&mut vals, *agg, id)?;
                vals.extend(indices.iter().map(|&i| u64::from(i)));
                F::INST_EXTRACTVAL
            }
            InstKind::InsertValue { agg, val, indices } => {
                self.push_typed(&mut vals, *agg, id)?;
                self.push_typed(&mut vals, *val, id)?;
                vals.extend(indices.iter().map(|&i| u64::from(i)));
                F::INST_INSERTVAL
            }
            InstKind::Select { cond, then_val, else_val, fmf: fm } => {
                self.push_typed(&mut vals, *then_val, id)?;
                self.push(&mut vals, *else_val, id)?;
                self.push_typed(&mut vals, *cond, id)?;
                let f = encode_fast_math(*fm);
                if f != 0 {
                    vals.push(f);
                }
                F::INST_VSELECT
            }
            InstKind::ExtractElement { vec, idx } => {
                self.push_typed(&mut vals, *vec, id)?;
                self.push_typed(&mut vals, *idx, id)?;
                F::INST_EXTRACTELT
            }
            InstKind::InsertElement { vec, elt, idx } => {
                self.push_typed(&mut vals, *vec, id)?;
                self.push(&mut vals, *elt, id)?;
                self.push_typed(&mut vals, *idx, id)?;
                F::INST_INSERTELT
            }
            InstKind::ShuffleVector { a, b, mask } => {
                self.push_typed(&mut vals, *a, id)?;
                self.push(&mut vals, *b, id)?;
                self.push(&mut vals, Value::Const(*mask), id)?;
                F::INST_SHUFFLEVEC
            }
            InstKind::ICmp { pred, lhs, rhs, .. } => {
                // (`samesign` is LLVM 20's: LLVM 19 writes no flags here.)
                self.push_typed(&mut vals, *lhs, id)?;
                self.push(&mut vals, *rhs, id)?;
                vals.push(codes::int_pred::encode(*pred).ok_or(internal("a predicate"))?);
                F::INST_CMP2
            }
            InstKind::FCmp { pred, lhs, rhs, fmf: fm } => {
                self.push_typed(&mut vals, *lhs, id)?;
                self.push(&mut vals, *rhs, id)?;
                vals.push(codes::float_pred::encode(*pred).ok_or(internal("a predicate"))?);
                let f = encode_fast_math(*fm);
                if f != 0 {
                    vals.push(f);
                }
                F::INST_CMP2
            }
            InstKind::Ret(None) => {
                abbrev = Some(ids::FUNCTION_INST_RET_VOID);
                F::INST_RET
            }
            InstKind::Ret(Some(v)) => {
                if !self.push_typed(&mut vals, *v, id)? {
                    abbrev = Some(ids::FUNCTION_INST_RET_VAL);
                }
                F::INST_RET
            }
            InstKind::Br(d) => {
                vals.push(block(*d));
                F::INST_BR
            }
            InstKind::CondBr { cond, then_dest, else_dest } => {
                vals.push(block(*then_dest));
                vals.push(block(*else_dest));
                self.push(&mut vals, *cond, id)?;
                F::INST_BR
            }
            InstKind::Switch { cond, default, cases } => {
                vals.push(cx.type_id(self.ty_of(*cond)?)?);
                self.push(&mut vals, *cond, id)?;
                vals.push(block(*default));
                for &(c, d) in cases {
                    vals.push(u64::from(self.vid(Value::Const(c))?));
                    vals.push(block(d));
                }
                F::INST_SWITCH
            }
            InstKind::IndirectBr { addr, dests } => {
                vals.push(cx.type_id(self.ty_of(*addr)?)?);
                self.push(&mut vals, *addr, id)?;
                vals.extend(dests.iter().map(|&d| block(d)));
                F::INST_INDIRECTBR
            }
            InstKind::Invoke { call, normal, unwind } => {
                self.bundles(w, call, id)?;
                vals.push(self.attr_list(call.attrs));
                vals.push(u64::from(call.cc.0) | 1 << 13);
                vals.push(block(*normal));
                vals.push(block(*unwind));
                vals.push(cx.tid(call.fn_ty)?);
                self.push_typed(&mut vals, call.callee, id)?;
                self.args(&mut vals, call, id)?;
                F::INST_INVOKE
            }
            InstKind::CallBr { call, default, indirect } => {
                self.bundles(w, call, id)?;
                vals.push(self.attr_list(call.attrs));
                vals.push(u64::from(call.cc.0) << 1 | 1 << 15);
                vals.push(block(*default));
                vals.push(indirect.len() as u64);
                vals.extend(indirect.iter().map(|&d| block(d)));
                vals.push(cx.tid(call.fn_ty)?);
                self.push_typed(&mut vals, call.callee, id)?;
                self.args(&mut vals, call, id)?;
                F::INST_CALLBR
            }
            InstKind::Call { call, tail } => {
                self.bundles(w, call, id)?;
                vals.push(self.attr_list(call.attrs));
                let f = encode_fast_math(call.fmf);
                let is_tail = matches!(tail, TailKind::Tail | TailKind::MustTail);
                vals.push(
                    u64::from(call.cc.0) << 1
                        | u64::from(is_tail)
                        | u64::from(*tail == TailKind::MustTail) << 14
                        | 1 << 15
                        | u64::from(*tail == TailKind::NoTail) << 16
                        | u64::from(f != 0) << 17,
                );
                if f != 0 {
                    vals.push(f);
                }
                vals.push(cx.tid(call.fn_ty)?);
                self.push_typed(&mut vals, call.callee, id)?;
                self.args(&mut vals, call, id)?;
                F::INST_CALL
            }
            InstKind::Resume(v) => {
                self.push_typed(&mut vals, *v, id)?;
                F::INST_RESUME
            }
            InstKind::CleanupRet { pad, unwind } => {
                self.push(&mut vals, *pad, id)?;
                if let Some(u) = unwind {
                    vals.push(block(*u));
                }
                F::INST_CLEANUPRET
            }
            InstKind::CatchRet { pad, dest } => {
                self.push(&mut vals, *pad, id)?;
                vals.push(block(*dest));
                F::INST_CATCHRET
            }
            InstKind::CatchPad { parent, args } | InstKind::CleanupPad { parent, args } => {
                self.push(&mut vals, *parent, id)?;
                vals.push(args.len() as u64);
                for &a in args {
                    self.push_typed(&mut vals, a, id)?;
                }
                if matches!(inst.kind, InstKind::CatchPad { .. }) {
                    F::INST_CATCHPAD
                } else {
                    F::INST_CLEANUPPAD
                }
            }
            InstKind::CatchSwitch { parent, handlers, unwind } => {
                self.push(&mut vals, *parent, id)?;
                vals.push(handlers.len() as u64);
                vals.extend(handlers.iter().map(|&d| block(d)));
                if let Some(u) = unwind {
                    vals.push(block(*u));
                }
                F::INST_CATCHSWITCH
            }
            InstKind::Unreachable => {
                abbrev = Some(ids::FUNCTION_INST_UNREACHABLE);
                F::INST_UNREACHABLE
            }
            InstKind::Phi { incoming, fmf: fm } => {
                vals.push(cx.tid(inst.ty)?);
                for &(v, b) in incoming {
                    self.push_signed(&mut vals, v, id)?;
                    vals.push(block(b));
                }
                let f = encode_fast_math(*fm);
                if f != 0 {
                    vals.push(f);
                }
                F::INST_PHI
            }
            InstKind::LandingPad { cleanup, clauses } => {
                vals.push(cx.tid(inst.ty)?);
                vals.push(u64::from(*cleanup));
                vals.push(clauses.len() as u64);
                for c in clauses {
                    let (kind, v) = match c {
                        Clause::Catch(v) => (0, v),
                        Clause::Filter(v) => (1, v),
                    };
                    vals.push(kind);
                    self.push_typed(&mut vals, *v, id)?;
                }
                F::INST_LANDINGPAD
            }
            InstKind::Alloca { ty, count, align, addrspace, inalloca, swifterror } => {
                vals.push(cx.tid(*ty)?);
                vals.push(cx.type_id(self.ty_of(*count)?)?);
                vals.push(u64::from(self.vid(*count)?));
                // AllocaPackedValues: align's low 5 bits, inalloca,
                // explicit type, swifterror, align's high 3 bits.
                let a = encoded_align(*align);
                vals.push(
                    (a & 0x1f)
                        | u64::from(*inalloca) << 5
                        | 1 << 6
                        | u64::from(*swifterror) << 7
                        | (a >> 5) << 8,
                );
                if *addrspace != cx.alloca_addrspace {
                    vals.push(u64::from(*addrspace));
                }
                F::INST_ALLOCA
            }
            InstKind::Load { ptr, align, volatile, ordering: o, scope } => {
                let atomic = *o != Ordering::NotAtomic;
                if !self.push_typed(&mut vals, *ptr, id)? && !atomic {
                    abbrev = Some(ids::FUNCTION_INST_LOAD);
                }
                vals.push(cx.tid(inst.ty)?);
                vals.push(encoded_align(*align));
                vals.push(u64::from(*volatile));
                if atomic {
                    vals.push(ordering(*o)?);
                    vals.push(cx.scope_id(scope)?);
                    F::INST_LOADATOMIC
                } else {
                    F::INST_LOAD
                }
            }
            InstKind::Store { val, ptr, align, volatile, ordering: o, scope } => {
                self.push_typed(&mut vals, *ptr, id)?;
                self.push_typed(&mut vals, *val, id)?;
                vals.push(encoded_align(*align));
                vals.push(u64::from(*volatile));
                if *o != Ordering::NotAtomic {
                    vals.push(ordering(*o)?);
                    vals.push(cx.scope_id(scope)?);
                    F::INST_STOREATOMIC
                } else {
                    F::INST_STORE
                }
            }
            InstKind::CmpXchg { ptr, cmp, new, success, failure, scope, weak, volatile, align } => {
                self.push_typed(&mut vals, *ptr, id)?;
                self.push_typed(&mut vals, *cmp, id)?;
                self.push(&mut vals, *new, id)?;
                vals.push(u64::from(*volatile));
                vals.push(ordering(*success)?);
                vals.push(cx.scope_id(scope)?);
                vals.push(ordering(*failure)?);
                vals.push(u64::from(*weak));
                vals.push(encoded_align(*align));
                F::INST_CMPXCHG
            }
            InstKind::AtomicRmw { op, ptr, val, ordering: o, scope, volatile, align } => {
                self.push_typed(&mut vals, *ptr, id)?;
                self.push_typed(&mut vals, *val, id)?;
                vals.push(u64::from(codes::rmw::encode(*op).ok_or(internal("an rmw op"))?.0));
                vals.push(u64::from(*volatile));
                vals.push(ordering(*o)?);
                vals.push(cx.scope_id(scope)?);
                vals.push(encoded_align(*align));
                F::INST_ATOMICRMW
            }
            InstKind::Fence { ordering: o, scope } => {
                vals.push(ordering(*o)?);
                vals.push(cx.scope_id(scope)?);
                F::INST_FENCE
            }
            InstKind::VaArg(v) => {
                vals.push(cx.type_id(self.ty_of(*v)?)?);
                self.push(&mut vals, *v, id)?;
                vals.push(cx.tid(inst.ty)?);
                F::INST_VAARG
            }
            InstKind::Freeze(v) => {
                self.push_typed(&mut vals, *v, id)?;
                F::INST_FREEZE
            }
            _ => return Err(internal("an instruction the writer does not know")),
        };
        w.emit_record(code.0, &vals, abbrev)?;
        Ok(())
    }

    /// The debug records after an instruction (LLVM 19 writes records,
    /// not intrinsic calls).
    fn debug_records(
        &self,
        w: &mut BitstreamWriter,
        records: &[DbgRecord],
        id: u32,
    ) -> Result<(), WriteError> {
        let m = self.cx.order.module();
        for r in records {
            let mut vals: Vec<u64> = Vec::with_capacity(7);
            match r {
                DbgRecord::Label { label, dbg_loc } => {
                    vals.push(self.md_id(*dbg_loc)?);
                    vals.push(self.md_id(*label)?);
                    w.emit_record(F::DEBUG_RECORD_LABEL.0, &vals, None)?;
                }
                DbgRecord::Variable { kind, location, variable, expression, assign, dbg_loc } => {
                    vals.push(self.md_id(*dbg_loc)?);
                    vals.push(self.md_id(*variable)?);
                    vals.push(self.md_id(*expression)?);
                    match kind {
                        DbgKind::Value => {
                            // A value that is no forward reference is
                            // written as itself (relative), else the
                            // metadata's id.
                            let plain = match m.md.get(*location) {
                                Some(MdNode::Value(_, v)) => {
                                    let mut tmp = Vec::with_capacity(2);
                                    let fwd = self.push_typed(&mut tmp, *v, id)?;
                                    (!fwd).then(|| tmp[0])
                                }
                                _ => None,
                            };
                            match plain {
                                Some(rel) => {
                                    vals.push(rel);
                                    w.emit_record(
                                        F::DEBUG_RECORD_VALUE_SIMPLE.0,
                                        &vals,
                                        Some(ids::FUNCTION_DEBUG_RECORD_VALUE),
                                    )?;
                                }
                                None => {
                                    vals.push(self.md_id(*location)?);
                                    w.emit_record(F::DEBUG_RECORD_VALUE.0, &vals, None)?;
                                }
                            }
                        }
                        DbgKind::Declare => {
                            vals.push(self.md_id(*location)?);
                            w.emit_record(F::DEBUG_RECORD_DECLARE.0, &vals, None)?;
                        }
                        DbgKind::Assign => {
                            let (aid, addr, addr_expr) =
                                assign.ok_or(internal("a dbg_assign without its id"))?;
                            vals.push(self.md_id(*location)?);
                            vals.push(self.md_id(aid)?);
                            vals.push(self.md_id(addr_expr)?);
                            vals.push(self.md_id(addr)?);
                            w.emit_record(F::DEBUG_RECORD_ASSIGN.0, &vals, None)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// `getOptimizationFlags` of a binary operator: `nuw` (bit 0) and `nsw`
/// (bit 1) of `add`, `sub`, `mul`, `shl`; `exact` (bit 0) of the
/// divisions and right shifts; `disjoint` (bit 0) of `or`; fast-math flags
/// of the float operators.
fn binop_flags(op: llvmext_ir::inst::BinOp, flags: u8, fm: u8) -> u64 {
    use llvmext_ir::inst::{flags as fl, BinOp as B};
    match op {
        B::Add | B::Sub | B::Mul | B::Shl => {
            u64::from(flags & fl::NUW != 0) | u64::from(flags & fl::NSW != 0) << 1
        }
        B::UDiv | B::SDiv | B::LShr | B::AShr => u64::from(flags & fl::EXACT != 0),
        B::Or => u64::from(flags & fl::DISJOINT != 0),
        _ if op.is_float() => encode_fast_math(fm),
        _ => 0,
    }
}

/// `getOptimizationFlags` of a cast: `nneg` of `zext` and `uitofp`,
/// `nuw`/`nsw` of `trunc`, fast-math flags of `fptrunc` and `fpext`.
fn cast_flags(op: llvmext_ir::inst::CastOp, flags: u8, fm: u8) -> u64 {
    use llvmext_ir::inst::{flags as fl, CastOp as C};
    match op {
        C::ZExt | C::UIToFP => u64::from(flags & fl::NNEG != 0),
        C::Trunc => u64::from(flags & fl::NUW != 0) | u64::from(flags & fl::NSW != 0) << 1,
        C::FPTrunc | C::FPExt => encode_fast_math(fm),
        _ => 0,
    }
}

/// A GEP's flags: `inbounds` (bit 0, which implies `nusw`), `nusw`
/// (bit 1), `nuw` (bit 2).
fn gep_flags(flags: u8) -> u64 {
    use llvmext_ir::inst::flags as fl;
    let inbounds = flags & fl::INBOUNDS != 0;
    u64::from(inbounds)
        | u64::from(inbounds || flags & fl::NUSW != 0) << 1
        | u64::from(flags & fl::NUW != 0) << 2
}

/// Whether two `!dbg` locations are one node in LLVM (one id, or two
/// uniqued locations with the same fields).
fn same_location(m: &Module, a: MdId, b: MdId) -> bool {
    if a == b {
        return true;
    }
    if m.md.is_distinct(a) || m.md.is_distinct(b) {
        return false;
    }
    match (m.md.get(a), m.md.get(b)) {
        (Some(MdNode::Location(x)), Some(MdNode::Location(y))) => x == y,
        _ => false,
    }
}

/// Writes function `func`'s `FUNCTION_BLOCK` as `writeFunction` does and
/// returns the bit where it starts (`FunctionToBitcodeIndex`, for the
/// module's value symbol table). `values` is its numbering
/// ([`FunctionValues::new`]); `md` the metadata writer's part.
pub(crate) fn write_function(
    w: &mut BitstreamWriter,
    cx: &FunctionContext<'_, '_>,
    values: &FunctionValues,
    md: &mut dyn FunctionMd,
) -> Result<u64, WriteError> {
    let order = cx.order;
    let m = order.module();
    let f = m.functions.get(values.func).ok_or(internal("an unknown function"))?;
    let start = w.bit_position();
    w.enter_block(BlockId::FUNCTION.0, 4);
    w.emit_record(F::DECLAREBLOCKS.0, &[f.blocks.len() as u64], None)?;
    let const_id = |c: ConstId| values.const_id(order, c).map(u64::from);
    write_constants(w, order, &values.constants, None, &const_id)?;
    md.write_function_metadata(w, values)?;

    let dbg = llvmext_ir::metadata::DBG;
    let mut needs_attachment = !f.md.is_empty();
    let mut last_loc: Option<MdId> = None;
    let mut id = values.first_inst;
    for b in &f.blocks {
        for &i in &b.insts {
            let inst = f.insts.get(i.0 as usize).ok_or(internal("an unknown instruction"))?;
            {
                let body = Body { cx, f, v: values, md: &*md };
                body.instruction(w, inst, id)?;
            }
            if values.inst_id(i).is_some() {
                id = id.checked_add(1).ok_or(WriteError::TooLarge("ids"))?;
            }
            needs_attachment |= inst.md.iter().any(|&(k, _)| k != dbg);
            if let Some(&(_, loc)) = inst.md.iter().find(|(k, _)| *k == dbg) {
                if last_loc.is_some_and(|l| same_location(m, l, loc)) {
                    w.emit_record(F::DEBUG_LOC_AGAIN.0, &[], None)?;
                } else {
                    let Some(MdNode::Location(l)) = m.md.get(loc) else {
                        return Err(internal("a !dbg attachment that is no DILocation"));
                    };
                    let scope = md.md_or_null_id(Some(l.scope)).ok_or(internal(NO_MD_ID))?;
                    let inlined = md.md_or_null_id(l.inlined_at).ok_or(internal(NO_MD_ID))?;
                    let rec = [
                        u64::from(l.line),
                        u64::from(l.column),
                        scope,
                        inlined,
                        u64::from(l.implicit),
                    ];
                    w.emit_record(F::DEBUG_LOC.0, &rec, None)?;
                    last_loc = Some(loc);
                }
            }
            if !inst.dbg_records.is_empty() {
                let body = Body { cx, f, v: values, md: &*md };
                body.debug_records(w, &inst.dbg_records, id)?;
            }
        }
    }
    let users = blockaddress_users(m, values.func);
    if !users.is_empty() {
        let mut rec = Vec::with_capacity(users.len());
        for u in users {
            let g = order.value_id(Val::Global(GlobalRef::Func(u)));
            rec.push(u64::from(g.ok_or(internal("a function not numbered"))?));
        }
        w.emit_record(F::BLOCKADDR_USERS.0, &rec, None)?;
    }
    write_function_symtab(w, m, values, &cx.early_blocks)?;
    if needs_attachment {
        md.write_attachments(w, values)?;
    }
    md.write_use_lists(w, values)?;
    w.exit_block()?;
    Ok(start)
}

/// The functions other than `func` whose instructions use a
/// `blockaddress` of one of `func`'s blocks, directly or through constants
/// (`BLOCKADDR_USERS`), in the order LLVM's walk of the use lists finds
/// them: block by block, the most recent use first.
fn blockaddress_users(m: &Module, func: usize) -> Vec<u32> {
    let is_ours = |c: ConstId| {
        matches!(m.consts.kind(c), Some(ConstKind::BlockAddress { func: GlobalRef::Func(g), .. })
            if *g as usize == func)
    };
    if !m.consts.iter().any(|(c, _, _)| is_ours(c)) {
        return Vec::new();
    }
    // Per block: the functions using it, in use order.
    let mut per_block: HashMap<u32, Vec<u32>> = HashMap::new();
    for (fi, g) in m.functions.iter().enumerate() {
        if fi == func {
            continue;
        }
        for inst in &g.insts {
            let mut ops = Vec::new();
            inst.kind.for_each_operand(|o| ops.push(o));
            for o in ops {
                let Value::Const(c) = o else { continue };
                let mut seen = HashSet::new();
                let mut stack = vec![c];
                while let Some(c) = stack.pop() {
                    if !seen.insert(c) {
                        continue;
                    }
                    match m.consts.kind(c) {
                        Some(ConstKind::BlockAddress { block, .. }) if is_ours(c) => {
                            per_block.entry(*block).or_default().push(fi as u32);
                        }
                        Some(ConstKind::Global(_)) | None => {}
                        Some(
                            ConstKind::Struct(els) | ConstKind::Array(els) | ConstKind::Vector(els),
                        ) => stack.extend(els.iter().copied()),
                        Some(ConstKind::Splat(e)) => stack.push(*e),
                        Some(ConstKind::Expr { ops, .. }) => stack.extend(ops.iter().copied()),
                        Some(k @ ConstKind::PtrAuth { .. }) => {
                            stack.extend(k.ptr_auth_operands().into_iter().flatten())
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    let mut out: Vec<u32> = Vec::new();
    let nblocks = m.functions.get(func).map_or(0, |f| f.blocks.len() as u32);
    for b in 0..nblocks {
        if let Some(users) = per_block.get(&b) {
            for &u in users.iter().rev() {
                if !out.contains(&u) {
                    out.push(u);
                }
            }
        }
    }
    out
}

/// A named value of a function's symbol table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Named {
    /// An argument.
    Arg(u32),
    /// A block.
    Block(u32),
    /// An instruction.
    Inst(InstId),
}

/// The named values of `f` in the order LLParser puts their names into
/// the function's `ValueSymbolTable`: the arguments; the blocks of this
/// function a `blockaddress` met before the body names (sorted by name,
/// as `resolveForwardRefBlockAddresses` walks its map); then in text
/// order each block at its label or at its first mention (a forward
/// reference creates the block, named) and each instruction once parsed.
pub(crate) fn symtab_insertions<'m>(
    m: &'m Module,
    func: usize,
    early: &[u32],
) -> Vec<(Named, &'m [u8])> {
    let Some(f) = m.functions.get(func) else { return Vec::new() };
    let mut out: Vec<(Named, &'m [u8])> = Vec::new();
    for (k, a) in f.args.iter().enumerate() {
        if let Some(n) = &a.name {
            out.push((Named::Arg(k as u32), n.as_bytes()));
        }
    }
    let mut seen = vec![false; f.blocks.len()];
    let mut mention = |b: u32, out: &mut Vec<(Named, &'m [u8])>| {
        if let Some(s) = seen.get_mut(b as usize) {
            if !*s {
                *s = true;
                if let Some(n) = f.blocks.get(b as usize).and_then(|x| x.name.as_ref()) {
                    out.push((Named::Block(b), n.as_bytes()));
                }
            }
        }
    };
    // The blocks of blockaddresses in global initializers and in earlier
    // functions' bodies, by name.
    let mut early: Vec<(&'m [u8], u32)> = early
        .iter()
        .filter_map(|&b| {
            f.blocks.get(b as usize).and_then(|x| x.name.as_ref()).map(|n| (n.as_bytes(), b))
        })
        .collect();
    early.sort();
    early.dedup();
    for (_, b) in early {
        mention(b, &mut out);
    }
    for (bi, b) in f.blocks.iter().enumerate() {
        mention(bi as u32, &mut out);
        for &i in &b.insts {
            let Some(inst) = f.insts.get(i.0 as usize) else { continue };
            // Blockaddresses of this function among the operands, then the
            // labels, in text order (a phi's value and block by pairs).
            let mut roots = Vec::new();
            let mut labels: Vec<u32> = Vec::new();
            match &inst.kind {
                InstKind::Phi { incoming, .. } => {
                    for &(v, blk) in incoming {
                        if let Value::Const(c) = v {
                            for x in blockaddresses_in(m, func, vec![c]) {
                                mention(x, &mut out);
                            }
                        }
                        mention(blk.0, &mut out);
                    }
                }
                k => {
                    k.for_each_operand(|o| {
                        if let Value::Const(c) = o {
                            roots.push(c);
                        }
                    });
                    match k {
                        InstKind::CatchSwitch { handlers, unwind, .. } => {
                            labels.extend(handlers.iter().map(|h| h.0));
                            labels.extend(unwind.iter().map(|u| u.0));
                        }
                        k => k.for_each_successor(|s| labels.push(s.0)),
                    }
                }
            }
            for x in blockaddresses_in(m, func, roots) {
                mention(x, &mut out);
            }
            for l in labels {
                mention(l, &mut out);
            }
            if let Some(n) = &inst.name {
                out.push((Named::Inst(i), n.as_bytes()));
            }
        }
    }
    out
}

/// Per function, the blocks `blockaddress` constants name before its body
/// (see [`FunctionContext`]): one walk over the module's constants, in
/// text order.
pub(crate) fn early_blockaddress_blocks(m: &Module) -> HashMap<u32, Vec<u32>> {
    let mut out: HashMap<u32, Vec<u32>> = HashMap::new();
    let any = m.consts.iter().any(|(_, _, k)| matches!(k, ConstKind::BlockAddress { .. }));
    if !any {
        return out;
    }
    let mut roots: Vec<ConstId> = m.globals.iter().filter_map(|g| g.init).collect();
    roots.extend(m.aliases.iter().map(|a| a.aliasee));
    let found = |roots: Vec<ConstId>, before: usize, out: &mut HashMap<u32, Vec<u32>>| {
        let mut seen = HashSet::new();
        let mut stack: Vec<ConstId> = roots;
        while let Some(c) = stack.pop() {
            if !seen.insert(c) {
                continue;
            }
            match m.consts.kind(c) {
                Some(ConstKind::BlockAddress { func: GlobalRef::Func(g), block })
                    if *g as usize >= before =>
                {
                    out.entry(*g).or_default().push(*block)
                }
                Some(ConstKind::Struct(els) | ConstKind::Array(els) | ConstKind::Vector(els)) => {
                    stack.extend(els.iter().copied())
                }
                Some(ConstKind::Splat(e)) => stack.push(*e),
                Some(ConstKind::Expr { ops, .. }) => stack.extend(ops.iter().copied()),
                Some(k @ ConstKind::PtrAuth { .. }) => {
                    stack.extend(k.ptr_auth_operands().into_iter().flatten())
                }
                _ => {}
            }
        }
    };
    found(roots, 0, &mut out);
    for (k, g) in m.functions.iter().enumerate() {
        let mut roots = Vec::new();
        for inst in &g.insts {
            inst.kind.for_each_operand(|o| {
                if let Value::Const(c) = o {
                    roots.push(c);
                }
            });
        }
        // (Only later functions' blocks are met before their body.)
        found(roots, k + 1, &mut out);
    }
    out
}

/// The blocks of function `func` named by `blockaddress` constants within
/// `roots` (through constant operands, not through globals), in the order
/// a depth-first walk meets them.
fn blockaddresses_in(m: &Module, func: usize, roots: Vec<ConstId>) -> Vec<u32> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<ConstId> = roots.into_iter().rev().collect();
    while let Some(c) = stack.pop() {
        if !seen.insert(c) {
            continue;
        }
        match m.consts.kind(c) {
            Some(ConstKind::BlockAddress { func: GlobalRef::Func(g), block })
                if *g as usize == func =>
            {
                out.push(*block)
            }
            Some(ConstKind::Struct(els) | ConstKind::Array(els) | ConstKind::Vector(els)) => {
                stack.extend(els.iter().rev().copied())
            }
            Some(ConstKind::Splat(e)) => stack.push(*e),
            Some(ConstKind::Expr { ops, .. }) => stack.extend(ops.iter().rev().copied()),
            Some(k @ ConstKind::PtrAuth { .. }) => {
                stack.extend(k.ptr_auth_operands().into_iter().flatten().rev())
            }
            _ => {}
        }
    }
    out
}

/// The entries of LLVM 19's `StringMap` after inserting `keys` in order
/// (no removals), in iteration (bucket) order: indices into `keys`.
///
/// The table starts with 16 buckets at the first insertion; a key's
/// bucket is the low bits of `xxh3_64bits(key)` truncated to 32 bits,
/// probed quadratically (`+1`, `+2`, ...) past taken buckets; after an
/// insertion that leaves more than 3/4 of the buckets full the table
/// doubles, re-placing the entries in old bucket order with the same
/// probing. (The rehash in place for tombstones never happens without
/// removals.) A key met again keeps its first place.
pub(crate) fn string_map_order(keys: &[&[u8]]) -> Vec<usize> {
    let mut buckets: Vec<Option<(u32, usize)>> = Vec::new();
    let mut items = 0usize;
    for (k, key) in keys.iter().enumerate() {
        if buckets.is_empty() {
            buckets = vec![None; 16];
        }
        let hash = xxhash_rust::xxh3::xxh3_64(key) as u32;
        let mask = buckets.len() - 1;
        let mut b = hash as usize & mask;
        let mut probe = 1;
        let mut dup = false;
        while let Some((h, j)) = buckets[b] {
            if h == hash && keys[j] == *key {
                dup = true;
                break;
            }
            b = (b + probe) & mask;
            probe += 1;
        }
        if dup {
            continue;
        }
        buckets[b] = Some((hash, k));
        items += 1;
        if items * 4 > buckets.len() * 3 {
            let size = buckets.len() * 2;
            let mut grown: Vec<Option<(u32, usize)>> = vec![None; size];
            for (h, j) in buckets.iter().flatten().copied() {
                let mut nb = h as usize & (size - 1);
                let mut probe = 1;
                while grown[nb].is_some() {
                    nb = (nb + probe) & (size - 1);
                    probe += 1;
                }
                grown[nb] = Some((h, j));
            }
            buckets = grown;
        }
    }
    buckets.into_iter().flatten().map(|(_, j)| j).collect()
}

/// The named values of function `func` in the order LLVM 19 writes its
/// value symbol table (`symtab_insertions` through [`string_map_order`]).
pub(crate) fn symtab_order<'m>(
    m: &'m Module,
    func: usize,
    early: &[u32],
) -> Vec<(Named, &'m [u8])> {
    let ins = symtab_insertions(m, func, early);
    let keys: Vec<&[u8]> = ins.iter().map(|e| e.1).collect();
    string_map_order(&keys).into_iter().filter_map(|i| ins.get(i).copied()).collect()
}

/// `getStringEncoding`'s classes of names.
enum Chars {
    /// Every byte in `[a-zA-Z0-9._]`.
    Char6,
    /// Every byte below 128.
    Seven,
    /// Any bytes.
    Eight,
}

/// `getStringEncoding`.
fn chars(s: &[u8]) -> Chars {
    if is_char6(s) {
        Chars::Char6
    } else if s.iter().all(|&b| b < 128) {
        Chars::Seven
    } else {
        Chars::Eight
    }
}

/// `writeFunctionLevelValueSymbolTable` (nothing when no value is named):
/// `VST_ENTRY` [value id, name] for arguments and instructions,
/// `VST_BBENTRY` [block index, name] for blocks, abbreviated by the
/// name's characters (a block name that is not char6 takes the 8-bit
/// entry abbreviation, whose code is a field).
fn write_function_symtab(
    w: &mut BitstreamWriter,
    m: &Module,
    values: &FunctionValues,
    early: &HashMap<u32, Vec<u32>>,
) -> Result<(), WriteError> {
    let early = early.get(&(values.func as u32)).map_or(&[][..], Vec::as_slice);
    let names = symtab_order(m, values.func, early);
    if names.is_empty() {
        return Ok(());
    }
    w.enter_block(BlockId::VALUE_SYMTAB.0, 4);
    let mut rec: Vec<u64> = Vec::new();
    for (v, name) in names {
        rec.clear();
        let enc = chars(name);
        let (code, id, abbrev) = match v {
            Named::Block(b) => {
                let a = match enc {
                    Chars::Char6 => ids::VST_BBENTRY_6,
                    _ => ids::VST_ENTRY_8,
                };
                (Vst::BBENTRY, b, a)
            }
            Named::Arg(_) | Named::Inst(_) => {
                let id = match v {
                    Named::Arg(a) => values.num_module + a,
                    Named::Inst(i) => values.inst_id(i).ok_or(internal("a named void value"))?,
                    Named::Block(_) => 0,
                };
                let a = match enc {
                    Chars::Char6 => ids::VST_ENTRY_6,
                    Chars::Seven => ids::VST_ENTRY_7,
                    Chars::Eight => ids::VST_ENTRY_8,
                };
                (Vst::ENTRY, id, a)
            }
        };
        rec.push(u64::from(id));
        rec.extend(name.iter().map(|&b| u64::from(b)));
        w.emit_record(code.0, &rec, Some(abbrev))?;
    }
    w.exit_block()?;
    Ok(())
}

/// The bit of the `VSTOFFSET` placeholder word, read right after
/// [`write_module_info`](super::module::write_module_info) returns: that
/// record is the last it writes, a 32-bit fixed field ending at the
/// writer's position (`writeValueSymbolTableForwardDecl`).
pub(crate) fn vst_offset_placeholder(w: &BitstreamWriter) -> u64 {
    w.bit_position() - 32
}

/// `writeGlobalValueSymbolTable`: backpatches the `VSTOFFSET` placeholder
/// at bit `placeholder` with the table's offset, then writes the module's
/// `VALUE_SYMTAB` block: its `FNENTRY` abbreviation ([value id, offset],
/// both VBR8) and an entry per defined function in module order. Offsets
/// are in 32-bit words from one word before `bitcode_start` (the bit where
/// the IDENTIFICATION block starts: the `BC` magic's, for a module alone
/// in its file); `starts` gives each defined function's block start as
/// [`write_function`] returned it.
pub(crate) fn write_module_symtab(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
    starts: &[(usize, u64)],
    placeholder: u64,
    bitcode_start: u64,
) -> Result<(), WriteError> {
    let m = order.module();
    let word = |bit: u64| -> Result<u64, WriteError> {
        let rel = bit.checked_sub(bitcode_start).ok_or(internal("a block before the module"))?;
        if rel % 32 != 0 {
            return Err(internal("a block not 32-bit aligned"));
        }
        Ok(rel / 32 + 1)
    };
    let here = word(w.bit_position())?;
    let here = u32::try_from(here).map_err(|_| WriteError::TooLarge("a module of 16 GiB"))?;
    w.bits_mut().backpatch_u32(placeholder, here);
    w.enter_block(BlockId::VALUE_SYMTAB.0, 4);
    let abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(Vst::FNENTRY.0)),
        AbbrevOp::Vbr(8),
        AbbrevOp::Vbr(8),
    ]))?;
    for (k, f) in m.functions.iter().enumerate() {
        if f.is_declaration() {
            continue;
        }
        let start = starts
            .iter()
            .find(|s| s.0 == k)
            .map(|s| s.1)
            .ok_or(internal("a function body not written"))?;
        let id = order
            .value_id(Val::Global(GlobalRef::Func(k as u32)))
            .ok_or(internal("a function not numbered"))?;
        w.emit_record(Vst::FNENTRY.0, &[u64::from(id), word(start)?], Some(abbrev))?;
    }
    w.exit_block()?;
    Ok(())
}
