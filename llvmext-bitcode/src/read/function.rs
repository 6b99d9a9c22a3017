//! Function blocks: instructions, their debug locations and records,
//! function-level constants and metadata, value names, attachments and
//! block use-list orders — as LLVM 19's `parseFunctionBody` reads them.

use hashbrown::HashMap;
use llvmext_core::bitstream::Item;
use llvmext_ir::id::{AttrListId, BlockId as Bb, InstId, MdId, TypeId, Value};
use llvmext_ir::inst::{
    flags, fmf, BinOp, Bundle, CallConv, CallData, CastOp, Clause, DbgKind, DbgRecord, Inst,
    InstKind, Ordering, SyncScope, TailKind,
};
use llvmext_ir::metadata::MdNode;
use llvmext_ir::module::{Block, BlockUseOrder};
use llvmext_ir::name::ByteStr;
use llvmext_ir::types::TypeKind;

use super::constants::sign_rotated;
use super::metadata::{Deferred, FnVals, LOCAL};
use super::{Cx, ReadError, Slot};
use crate::codes;
use crate::schema::{
    AtomicOrderingCode as O, BinaryOpcode as B, BlockId, CastOpcode as C, FunctionCode as F,
    RmwOperation as R,
};

/// Forward references to instruction values: `Value::Inst(InstId(FWD | k))`
/// for the `k`-th function-local value.
const FWD: u32 = 0x8000_0000;

/// The state of one function body.
struct Body {
    func: u32,
    /// Module-level value count.
    nmod: usize,
    /// Function-local values: arguments, constants, instruction results.
    local: Vec<Slot>,
    /// Types given with forward references, by local index.
    fwd: HashMap<usize, TypeId>,
    blocks: Vec<Block>,
    /// Where each block's instructions start in `insts` (a block's are
    /// contiguous: `cur` only moves on).
    starts: Vec<u32>,
    insts: Vec<Inst>,
    cur: usize,
    pending_bundles: Vec<Bundle>,
    /// How many blocks `DECLAREBLOCKS` declared; `blocks` grows to it as
    /// instructions fill them (a huge count costs nothing until then).
    nblocks: usize,
    last_loc: Option<MdId>,
    relative: bool,
}

impl Body {
    fn next_val(&self) -> u64 {
        (self.nmod + self.local.len()) as u64
    }
}

/// LLVM's `getDecodedFastMathFlags`.
pub(crate) fn fast_math(v: u64) -> u8 {
    let mut f = 0;
    if v & 1 != 0 {
        return fmf::FAST;
    }
    if v & 2 != 0 {
        f |= fmf::NNAN;
    }
    if v & 4 != 0 {
        f |= fmf::NINF;
    }
    if v & 8 != 0 {
        f |= fmf::NSZ;
    }
    if v & 16 != 0 {
        f |= fmf::ARCP;
    }
    if v & 32 != 0 {
        f |= fmf::CONTRACT;
    }
    if v & 64 != 0 {
        f |= fmf::AFN;
    }
    if v & 128 != 0 {
        f |= fmf::REASSOC;
    }
    f
}

/// LLVM's encoding of fast-math flags in a record (the inverse of
/// [`fast_math`], for the writer): `reassoc` is bit 7, the others keep the
/// model's bits 1 to 6 (bit 0, the old `fast`, is never written).
pub(crate) fn encode_fast_math(f: u8) -> u64 {
    let mut v = u64::from(f & !fmf::REASSOC & 0x7f);
    if f & fmf::REASSOC != 0 {
        v |= 128;
    }
    v
}

impl Cx<'_> {
    /// Reads the function block at the reader's position (its
    /// `ENTER_SUBBLOCK`) into function `fi`.
    pub(crate) fn read_function_block(&mut self, fi: u32) -> Result<(), ReadError> {
        let start = self.r.bit_position();
        match self.r.advance().map_err(|e| self.bs(e))? {
            Some(llvmext_core::bitstream::Entry::SubBlock { block_id })
                if block_id == BlockId::FUNCTION.0 => {}
            _ => {
                self.at = (start, BlockId::FUNCTION, None);
                return Err(self.bad("no function block where one was found before"));
            }
        }
        self.enter(BlockId::FUNCTION)?;
        let fty = self.m.functions[fi as usize].ty;
        let params: Vec<TypeId> = match self.m.types.get(fty) {
            Some(TypeKind::Function { params, .. }) => params.to_vec(),
            _ => Vec::new(),
        };
        let mut b = Body {
            func: fi,
            nmod: self.vals.len(),
            local: params
                .iter()
                .enumerate()
                .map(|(i, &ty)| Slot { v: Value::Arg(i as u32), ty })
                .collect(),
            fwd: HashMap::new(),
            blocks: Vec::new(),
            starts: Vec::new(),
            insts: std::mem::take(&mut self.spare_insts),
            cur: 0,
            pending_bundles: Vec::new(),
            nblocks: 0,
            last_loc: None,
            relative: self.version >= 1,
        };
        let res = self.function_body(&mut b);
        self.md.end_function();
        self.loc_cache.clear();
        let mut insts = Vec::new();
        if res.is_ok() {
            insts.reserve_exact(b.insts.len());
            insts.append(&mut b.insts);
        }
        b.insts.clear();
        self.spare_insts = b.insts;
        res?;
        let mut blocks = b.blocks;
        blocks.shrink_to_fit();
        let n = insts.len() as u32;
        for (k, blk) in blocks.iter_mut().enumerate() {
            let end = b.starts.get(k + 1).copied().unwrap_or(n);
            blk.insts = (b.starts[k]..end).map(InstId).collect();
        }
        let f = &mut self.m.functions[fi as usize];
        f.blocks = blocks;
        f.insts = insts;
        Ok(())
    }

    fn function_body(&mut self, b: &mut Body) -> Result<(), ReadError> {
        let mut ops: Vec<u64> = Vec::new();
        let mut attachments: Vec<Vec<u64>> = Vec::new();
        let mut names: Vec<(bool, u64, Box<[u8]>)> = Vec::new();
        let mut use_orders: Vec<Vec<u64>> = Vec::new();
        let end_bit;
        loop {
            let start = self.r.bit_position();
            let item = match self.r.next_item() {
                Ok(x) => x,
                Err(e) => return Err(self.bs(e)),
            };
            match item {
                None => return Err(self.bad("FUNCTION_BLOCK not terminated")),
                Some(Item::EndBlock) => {
                    end_bit = start;
                    break;
                }
                Some(Item::DefineAbbrev) => {}
                Some(Item::SubBlock { block_id }) => {
                    let id = BlockId(block_id);
                    match id {
                        BlockId::CONSTANTS => {
                            self.enter(id)?;
                            let base = b.nmod + b.local.len();
                            self.read_constants(Some(&mut b.local), base)?;
                        }
                        BlockId::METADATA => {
                            self.enter(id)?;
                            let fv = FnVals { local: &b.local };
                            self.read_metadata_block(Some(&fv))?;
                        }
                        BlockId::METADATA_ATTACHMENT => {
                            self.enter(id)?;
                            self.each_record(id, |_, _, ops| {
                                attachments.push(ops.to_vec());
                                Ok(())
                            })?;
                        }
                        BlockId::VALUE_SYMTAB => {
                            self.enter(id)?;
                            self.each_record(id, |_, code, ops| {
                                if (code == 1 || code == 2) && !ops.is_empty() {
                                    names.push((code == 2, ops[0], super::chars(&ops[1..]).into()));
                                }
                                Ok(())
                            })?;
                        }
                        BlockId::USELIST => {
                            self.enter(id)?;
                            self.each_record(id, |_, code, ops| {
                                if code == 2 {
                                    use_orders.push(ops.to_vec());
                                }
                                Ok(())
                            })?;
                        }
                        _ => {
                            self.r.skip_block().map_err(|e| self.bs(e))?;
                        }
                    }
                }
                Some(Item::Record { record, ops: rops }) => {
                    ops.clear();
                    ops.extend_from_slice(rops);
                    self.at = (start, BlockId::FUNCTION, Some(record.code));
                    self.inst_record(b, F(record.code), &ops)?;
                }
            }
        }
        self.at = (end_bit, BlockId::FUNCTION, None);
        if b.cur < b.nblocks {
            return Err(self.bad(format!("function ends in block {} of {}", b.cur, b.nblocks)));
        }
        self.finish_body(b)?;
        // Names.
        for (bb, id, name) in names {
            if bb {
                let blk = b
                    .blocks
                    .get_mut(id as usize)
                    .ok_or_else(|| self.bad_ref(format!("name for block #{id} out of range")))?;
                blk.name = Some(ByteStr::from(name));
                continue;
            }
            let k = (id as usize)
                .checked_sub(b.nmod)
                .ok_or_else(|| self.bad_ref(format!("local name for module value #{id}")))?;
            match b.local.get(k).map(|s| s.v) {
                Some(Value::Arg(a)) => {
                    self.m.functions[b.func as usize].args[a as usize].name =
                        Some(ByteStr::from(name))
                }
                Some(Value::Inst(i)) => b.insts[i.0 as usize].name = Some(ByteStr::from(name)),
                _ => {
                    return Err(self
                        .bad_ref(format!("name for value #{id}, not an argument or instruction")))
                }
            }
        }
        // Attachments: [kind, md]* for the function, [inst, (kind, md)*]
        // for an instruction (counting every instruction).
        for a in attachments {
            let (target, pairs) =
                if a.len() % 2 == 1 { (Some(a[0]), &a[1..]) } else { (None, &a[..]) };
            let mut list = Vec::with_capacity(pairs.len() / 2);
            for p in pairs.chunks(2) {
                let kind = *self
                    .md_kinds
                    .get(&p[0])
                    .ok_or_else(|| self.bad_ref(format!("metadata kind #{} not defined", p[0])))?;
                list.push((kind, self.md_id(p[1])?));
            }
            match target {
                None => self.m.functions[b.func as usize].md.extend(list),
                Some(i) => {
                    let inst = b.insts.get_mut(i as usize).ok_or_else(|| {
                        self.bad_ref(format!("attachment to instruction #{i} out of range"))
                    })?;
                    inst.md.extend(list);
                }
            }
        }
        for o in use_orders {
            let Some((&bb, perm)) = o.split_last() else { continue };
            if bb as usize >= b.blocks.len() {
                continue;
            }
            let order: Option<Vec<u32>> = perm.iter().map(|&x| u32::try_from(x).ok()).collect();
            if let Some(mut order) = order {
                // The model's orders are relative to the use list a `.ll`
                // parser makes, where a `blockaddress` of the block is the
                // newest use; reading bitcode, it was made before the body
                // (the oldest use). Move it from the tail to the head.
                if self.block_addrs.contains(&(b.func, bb as u32)) && !order.is_empty() {
                    order.rotate_right(1);
                }
                self.m.block_use_orders.push(BlockUseOrder {
                    func: b.func,
                    block: Bb(bb as u32),
                    order: order.into(),
                });
            }
        }
        Ok(())
    }

    /// Forward references, function-local metadata, debug-record
    /// locations, once every instruction is read.
    fn finish_body(&mut self, b: &mut Body) -> Result<(), ReadError> {
        let nlocal = b.local.len();
        let mut bad_fwd = None;
        let local = &b.local;
        let resolve = |v: &mut Value, bad: &mut Option<usize>| {
            if let Value::Inst(InstId(x)) = *v {
                if x & FWD != 0 {
                    let k = (x & !FWD) as usize;
                    match local.get(k) {
                        Some(s) => *v = s.v,
                        None => *bad = Some(k),
                    }
                }
            }
        };
        for inst in &mut b.insts {
            inst.kind.for_each_operand_mut(|v| resolve(v, &mut bad_fwd));
            if let InstKind::Phi { incoming, .. } = &mut inst.kind {
                // (covered by for_each_operand_mut)
                let _ = incoming;
            }
        }
        if let Some(k) = bad_fwd {
            return Err(self.bad_ref(format!(
                "forward reference to value #{} never defined (the function has {} values)",
                b.nmod + k,
                b.nmod + nlocal
            )));
        }
        // Function-local metadata.
        let deferred = core::mem::take(&mut self.md.deferred);
        let mut ids: Vec<MdId> = Vec::with_capacity(deferred.len());
        for d in &deferred {
            let id = match d {
                Deferred::Value(ty, valno) => {
                    let v = self.fn_value_final(b, *valno)?;
                    self.m.md.get_or_insert(MdNode::Value(*ty, v))
                }
                Deferred::Loc(ty, v) => {
                    let mut v = *v;
                    let mut bad = None;
                    resolve(&mut v, &mut bad);
                    if bad.is_some() {
                        return Err(self.bad_ref("debug record location never defined"));
                    }
                    self.m.md.get_or_insert(MdNode::Value(*ty, v))
                }
                Deferred::ArgList(elems) => {
                    let mut v = Vec::with_capacity(elems.len());
                    for &e in elems {
                        let m = self.md_id(e)?;
                        v.push(match m.0 {
                            x if x & LOCAL == LOCAL => {
                                *ids.get((x & !LOCAL) as usize).ok_or_else(|| {
                                    self.bad_ref("argument list element defined after the list")
                                })?
                            }
                            _ => m,
                        });
                    }
                    self.m.md.get_or_insert(MdNode::ArgList(v.into()))
                }
            };
            ids.push(id);
        }
        let patch = |m: &mut MdId, bad: &mut bool| {
            if m.0 & LOCAL == LOCAL {
                match ids.get((m.0 & !LOCAL) as usize) {
                    Some(&id) => *m = id,
                    None => *bad = true,
                }
            }
        };
        let mut bad = false;
        for inst in &mut b.insts {
            inst.kind.for_each_operand_mut(|v| {
                if let Value::Metadata(m) = v {
                    patch(m, &mut bad);
                }
            });
            for r in &mut inst.dbg_records {
                r.for_each_md_mut(|m| patch(m, &mut bad));
            }
            for (_, m) in &mut inst.md {
                patch(m, &mut bad);
            }
        }
        if bad {
            return Err(self.bad_ref("function-local metadata out of range"));
        }
        Ok(())
    }

    fn fn_value_final(&self, b: &Body, valno: u64) -> Result<Value, ReadError> {
        let k = (valno as usize).checked_sub(b.nmod);
        match k.and_then(|k| b.local.get(k)) {
            Some(s) => Ok(s.v),
            None => match self.vals.get(valno as usize) {
                Some(s) => Ok(s.v),
                None => Err(self.bad_ref(format!("metadata names value #{valno}, never defined"))),
            },
        }
    }

    // ----- operands -----

    fn value_id(&self, b: &Body, raw: u64) -> u64 {
        if b.relative {
            (b.next_val() as u32).wrapping_sub(raw as u32) as u64
        } else {
            raw
        }
    }

    /// The value with id `id` of type `ty` (a forward reference if not
    /// defined yet).
    fn value_by_id(&mut self, b: &mut Body, id: u64, ty: TypeId) -> Result<Value, ReadError> {
        if matches!(self.m.types.get(ty), Some(TypeKind::Metadata)) {
            let m = self.md_id(id)?;
            return Ok(Value::Metadata(m));
        }
        let id = id as usize;
        if id < b.nmod {
            return Ok(self.vals[id].v);
        }
        let k = id - b.nmod;
        if let Some(s) = b.local.get(k) {
            return Ok(s.v);
        }
        // A forward reference: bounded by what the block could still define.
        if k > b.local.len() + (1 << 24) {
            return Err(self.bad_ref(format!("value #{id} out of range")));
        }
        b.fwd.entry(k).or_insert(ty);
        Ok(Value::Inst(InstId(FWD | k as u32)))
    }

    /// `getValue`: a relative id of known type.
    fn op(
        &mut self,
        b: &mut Body,
        ops: &[u64],
        i: &mut usize,
        ty: TypeId,
    ) -> Result<Value, ReadError> {
        let raw = *ops.get(*i).ok_or_else(|| self.bad("record too short for its operands"))?;
        *i += 1;
        let id = self.value_id(b, raw);
        self.value_by_id(b, id, ty)
    }

    /// `getValueTypePair`: a relative id, with its type when it is a
    /// forward reference.
    fn op_ty(
        &mut self,
        b: &mut Body,
        ops: &[u64],
        i: &mut usize,
    ) -> Result<(Value, TypeId), ReadError> {
        let raw = *ops.get(*i).ok_or_else(|| self.bad("record too short for its operands"))?;
        *i += 1;
        let id = self.value_id(b, raw);
        if id < b.next_val() {
            let id = id as usize;
            if id < b.nmod {
                let s = self.vals[id];
                return Ok((s.v, s.ty));
            }
            let s = b.local[id - b.nmod];
            return Ok((s.v, s.ty));
        }
        let t = *ops.get(*i).ok_or_else(|| self.bad("forward reference without its type"))?;
        *i += 1;
        let ty = self.ty(t)?;
        let v = self.value_by_id(b, id, ty)?;
        Ok((v, ty))
    }

    fn block(&self, b: &Body, v: u64) -> Result<Bb, ReadError> {
        if (v as usize) < b.nblocks {
            Ok(Bb(v as u32))
        } else {
            Err(self.bad_ref(format!("block #{v} out of range ({} blocks)", b.nblocks)))
        }
    }

    fn is_fp(&self, ty: TypeId) -> bool {
        match self.m.types.get(ty) {
            Some(TypeKind::Float(_)) => true,
            Some(TypeKind::Vector { elem, .. }) => {
                matches!(self.m.types.get(*elem), Some(TypeKind::Float(_)))
            }
            _ => false,
        }
    }

    /// Whether an instruction of result type `ty` takes fast-math flags
    /// (LLVM's `FPMathOperator` for calls, phis and selects).
    fn fp_math_type(&self, ty: TypeId) -> bool {
        let mut t = ty;
        loop {
            match self.m.types.get(t) {
                Some(TypeKind::Float(_)) => return true,
                Some(TypeKind::Vector { elem, .. }) | Some(TypeKind::Array { elem, .. }) => {
                    t = *elem
                }
                Some(TypeKind::Struct { fields, .. }) => {
                    // Homogeneous structs of floats.
                    return !fields.is_empty()
                        && fields.iter().all(|&f| f == fields[0])
                        && self.fp_math_type(fields[0]);
                }
                _ => return false,
            }
        }
    }

    fn i1_like(&mut self, ty: TypeId) -> Result<TypeId, ReadError> {
        let i1 = self.m.types.int(1).map_err(|e| self.bad(format!("{e:?}")))?;
        match self.m.types.get(ty).cloned() {
            Some(TypeKind::Vector { len, scalable, .. }) => {
                self.m.types.vector(i1, len, scalable).map_err(|e| self.bad(format!("{e:?}")))
            }
            _ => Ok(i1),
        }
    }

    fn fn_sig(&self, fty: TypeId) -> Result<(TypeId, Vec<TypeId>, bool), ReadError> {
        match self.m.types.get(fty) {
            Some(TypeKind::Function { ret, params, vararg }) => {
                Ok((*ret, params.to_vec(), *vararg))
            }
            _ => Err(self.bad("callee type is not a function type")),
        }
    }

    fn attrs(&self, v: u64) -> Result<AttrListId, ReadError> {
        if v == 0 {
            return Ok(AttrListId::EMPTY);
        }
        self.attr_lists
            .get((v - 1) as usize)
            .copied()
            .ok_or_else(|| self.bad_ref(format!("attribute list #{} out of range", v - 1)))
    }

    fn call_args(
        &mut self,
        b: &mut Body,
        ops: &[u64],
        i: &mut usize,
        params: &[TypeId],
        vararg: bool,
    ) -> Result<Vec<Value>, ReadError> {
        let mut args = Vec::with_capacity(params.len());
        for &p in params {
            if matches!(self.m.types.get(p), Some(TypeKind::Label)) {
                return Err(self.unsupported("label-typed call arguments (old asm goto)"));
            }
            args.push(self.op(b, ops, i, p)?);
        }
        if vararg {
            while *i < ops.len() {
                args.push(self.op_ty(b, ops, i)?.0);
            }
        } else if *i != ops.len() {
            return Err(self.bad(format!(
                "call has {} operands more than its function type takes",
                ops.len() - *i
            )));
        }
        Ok(args)
    }

    fn align_exp(&self, v: u64) -> Result<u64, ReadError> {
        match v {
            0 => Ok(0),
            1..=33 => Ok(1u64 << (v - 1)),
            _ => Err(self.bad(format!("invalid alignment exponent {v}"))),
        }
    }

    /// The alignment LLVM's reader gives an `alloca` (`pref`: the
    /// preferred alignment), `load` or `store` (the ABI alignment) whose
    /// record has none (Zig's writer leaves it out); an unsized type is an
    /// error, as in LLVM ("load of unsized type").
    fn default_align(&self, ty: TypeId, pref: bool, what: &str) -> Result<u64, ReadError> {
        let (dl, t) = (&self.dl, &self.m.types);
        let a = if pref { dl.pref_align(t, ty) } else { dl.abi_align(t, ty) };
        a.ok_or_else(|| self.bad(format!("{what} of unsized type")))
    }

    /// The `[align, vol, (ordering, ssid)]` operands of a load or store of
    /// `ty` from `ops[i]` on: an alignment left out is the type's ABI one
    /// (an error for an atomic access), as LLVM's reader gives it.
    fn access(
        &self,
        ops: &[u64],
        i: usize,
        atomic: bool,
        ty: TypeId,
        what: &str,
    ) -> Result<(u64, bool, Ordering, SyncScope), ReadError> {
        let mut align = self.align_exp(ops[i])?;
        if align == 0 && atomic {
            return Err(self.bad(format!("alignment missing from atomic {what}")));
        } else if align == 0 {
            align = self.default_align(ty, false, what)?;
        }
        let volatile = ops[i + 1] != 0;
        let (ord, scope) = if atomic {
            (ordering_of(ops[i + 2]), self.sync_scope(ops[i + 3])?)
        } else {
            (Ordering::NotAtomic, None)
        };
        Ok((align, volatile, ord, scope))
    }

    fn store_size_align(&self, ty: TypeId) -> u64 {
        self.dl.store_size(&self.m.types, ty).unwrap_or(0)
    }

    // ----- instructions -----

    fn push_inst(&mut self, b: &mut Body, kind: InstKind, ty: TypeId) -> Result<(), ReadError> {
        if b.cur >= b.nblocks {
            return Err(self.bad("instruction after the last block's terminator"));
        }
        if b.cur == b.blocks.len() {
            b.blocks.push(Block::default());
            b.starts.push(b.insts.len() as u32);
        }
        let term = kind.is_terminator();
        let id = InstId(b.insts.len() as u32);
        b.insts.push(Inst {
            kind,
            ty,
            name: None,
            md: Default::default(),
            dbg_records: Vec::new(),
        });
        if !matches!(self.m.types.get(ty), Some(TypeKind::Void)) {
            b.local.push(Slot { v: Value::Inst(id), ty });
        }
        if term {
            b.cur += 1;
        }
        Ok(())
    }

    fn last_inst(&self, b: &Body) -> Option<usize> {
        if b.insts.is_empty() {
            None
        } else {
            Some(b.insts.len() - 1)
        }
    }

    fn inst_record(&mut self, b: &mut Body, code: F, ops: &[u64]) -> Result<(), ReadError> {
        let void = self.m.types.void();
        let mut i = 0usize;
        let need = |cx: &Self, n: usize| -> Result<(), ReadError> {
            if ops.len() < n {
                Err(cx.bad(format!("record has {} operands, needs {n}", ops.len())))
            } else {
                Ok(())
            }
        };
        match code {
            F::DECLAREBLOCKS => {
                need(self, 1)?;
                let n = ops[0];
                if n == 0 || b.nblocks != 0 {
                    return Err(self.bad("invalid DECLAREBLOCKS"));
                }
                // Every block holds at least one instruction of a few bits.
                if n > self.r.bits().remaining_bits() / 4 {
                    return Err(self.bad(format!("{n} blocks cannot fit in the rest of the input")));
                }
                b.nblocks = n as usize;
            }
            F::INST_BINOP => {
                let (lhs, ty) = self.op_ty(b, ops, &mut i)?;
                let rhs = self.op(b, ops, &mut i, ty)?;
                need(self, i + 1)?;
                let fp = self.is_fp(ty);
                let op = (if fp {
                    codes::fp_binop::decode(B(code32(ops[i])))
                } else {
                    codes::int_binop::decode(B(code32(ops[i])))
                })
                .ok_or_else(|| self.bad(format!("invalid binary opcode {}", ops[i])))?;
                i += 1;
                let (mut fl, mut fm) = (0u8, 0u8);
                if let Some(&f) = ops.get(i) {
                    match op {
                        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
                            if f & 1 != 0 {
                                fl |= flags::NUW;
                            }
                            if f & 2 != 0 {
                                fl |= flags::NSW;
                            }
                        }
                        BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr => {
                            fl |= if f & 1 != 0 { flags::EXACT } else { 0 }
                        }
                        BinOp::Or => fl |= if f & 1 != 0 { flags::DISJOINT } else { 0 },
                        _ if fp => fm = fast_math(f),
                        _ => {}
                    }
                }
                self.push_inst(b, InstKind::Binary { op, lhs, rhs, flags: fl, fmf: fm }, ty)?;
            }
            F::INST_UNOP => {
                let (val, ty) = self.op_ty(b, ops, &mut i)?;
                need(self, i + 1)?;
                if ops[i] != 0 {
                    return Err(self.bad(format!("invalid unary opcode {}", ops[i])));
                }
                let fm = ops.get(i + 1).map_or(0, |&f| fast_math(f));
                self.push_inst(b, InstKind::FNeg { val, fmf: fm }, ty)?;
            }
            F::INST_CAST => {
                let (val, _) = self.op_ty(b, ops, &mut i)?;
                need(self, i + 2)?;
                let ty = self.ty(ops[i])?;
                let op = codes::cast::decode(C(code32(ops[i + 1])))
                    .ok_or_else(|| self.bad(format!("invalid cast opcode {}", ops[i + 1])))?;
                let (mut fl, mut fm) = (0u8, 0u8);
                if let Some(&f) = ops.get(i + 2) {
                    match op {
                        CastOp::ZExt | CastOp::UIToFP => {
                            fl |= if f & 1 != 0 { flags::NNEG } else { 0 }
                        }
                        CastOp::Trunc => {
                            if f & 1 != 0 {
                                fl |= flags::NUW;
                            }
                            if f & 2 != 0 {
                                fl |= flags::NSW;
                            }
                        }
                        _ if self.fp_math_type(ty) => fm = fast_math(f),
                        _ => {}
                    }
                }
                self.push_inst(b, InstKind::Cast { op, val, flags: fl, fmf: fm }, ty)?;
            }
            F::INST_GEP | F::INST_GEP_OLD | F::INST_INBOUNDS_GEP_OLD => {
                let (mut fl, src) = if code == F::INST_GEP {
                    need(self, 2)?;
                    let raw = ops[0];
                    let mut fl = 0u8;
                    if raw & 1 != 0 {
                        fl |= flags::INBOUNDS | flags::NUSW;
                    }
                    if raw & 2 != 0 {
                        fl |= flags::NUSW;
                    }
                    if raw & 4 != 0 {
                        fl |= flags::NUW;
                    }
                    i = 2;
                    (fl, Some(self.ty(ops[1])?))
                } else {
                    return Err(self.unsupported(
                        "getelementptr without a source element type (typed pointers)",
                    ));
                };
                let (base, bty) = self.op_ty(b, ops, &mut i)?;
                let mut indices = Vec::with_capacity(ops.len().saturating_sub(i));
                let mut rty = bty;
                while i < ops.len() {
                    let (v, t) = self.op_ty(b, ops, &mut i)?;
                    if let Some(&TypeKind::Vector { len, scalable, .. }) = self.m.types.get(t) {
                        if !matches!(self.m.types.get(rty), Some(TypeKind::Vector { .. })) {
                            rty = self
                                .m
                                .types
                                .vector(bty, len, scalable)
                                .map_err(|e| self.bad(format!("{e:?}")))?;
                        }
                    }
                    indices.push(v);
                }
                fl &= !0;
                let source_ty = src.unwrap_or(bty);
                self.push_inst(b, InstKind::Gep { source_ty, base, indices, flags: fl }, rty)?;
            }
            F::INST_SELECT | F::INST_VSELECT => {
                let (tv, ty) = self.op_ty(b, ops, &mut i)?;
                let fv = self.op(b, ops, &mut i, ty)?;
                let cond = if code == F::INST_VSELECT {
                    self.op_ty(b, ops, &mut i)?.0
                } else {
                    let i1 = self.m.types.int(1).map_err(|e| self.bad(format!("{e:?}")))?;
                    self.op(b, ops, &mut i, i1)?
                };
                let fm = if code == F::INST_VSELECT && self.fp_math_type(ty) {
                    ops.get(i).map_or(0, |&f| fast_math(f))
                } else {
                    0
                };
                self.push_inst(
                    b,
                    InstKind::Select { cond, then_val: tv, else_val: fv, fmf: fm },
                    ty,
                )?;
            }
            F::INST_EXTRACTELT => {
                let (vec, vty) = self.op_ty(b, ops, &mut i)?;
                let (idx, _) = self.op_ty(b, ops, &mut i)?;
                let ety = match self.m.types.get(vty) {
                    Some(TypeKind::Vector { elem, .. }) => *elem,
                    _ => return Err(self.bad("extractelement of a non-vector")),
                };
                self.push_inst(b, InstKind::ExtractElement { vec, idx }, ety)?;
            }
            F::INST_INSERTELT => {
                let (vec, vty) = self.op_ty(b, ops, &mut i)?;
                let ety = match self.m.types.get(vty) {
                    Some(TypeKind::Vector { elem, .. }) => *elem,
                    _ => return Err(self.bad("insertelement into a non-vector")),
                };
                let elt = self.op(b, ops, &mut i, ety)?;
                let (idx, _) = self.op_ty(b, ops, &mut i)?;
                self.push_inst(b, InstKind::InsertElement { vec, elt, idx }, vty)?;
            }
            F::INST_SHUFFLEVEC => {
                let (a, aty) = self.op_ty(b, ops, &mut i)?;
                let bv = self.op(b, ops, &mut i, aty)?;
                let (mask, mty) = self.op_ty(b, ops, &mut i)?;
                let Value::Const(mask) = mask else {
                    return Err(self.bad("shufflevector mask is not a constant"));
                };
                let (elem, scalable) = match self.m.types.get(aty) {
                    Some(TypeKind::Vector { elem, scalable, .. }) => (*elem, *scalable),
                    _ => return Err(self.bad("shufflevector of a non-vector")),
                };
                let len = match self.m.types.get(mty) {
                    Some(TypeKind::Vector { len, .. }) => *len,
                    _ => return Err(self.bad("shufflevector mask is not a vector")),
                };
                let rty = self
                    .m
                    .types
                    .vector(elem, len, scalable)
                    .map_err(|e| self.bad(format!("{e:?}")))?;
                self.push_inst(b, InstKind::ShuffleVector { a, b: bv, mask }, rty)?;
            }
            F::INST_CMP | F::INST_CMP2 => {
                let (lhs, ty) = self.op_ty(b, ops, &mut i)?;
                let rhs = self.op(b, ops, &mut i, ty)?;
                need(self, i + 1)?;
                let pred = ops[i];
                let rty = self.i1_like(ty)?;
                let extra = ops.get(i + 1).copied();
                let kind = if let Some(p) = codes::float_pred::decode(pred) {
                    InstKind::FCmp { pred: p, lhs, rhs, fmf: extra.map_or(0, fast_math) }
                } else if let Some(p) = codes::int_pred::decode(pred) {
                    // LLVM 19 ignores the flags of an icmp: `samesign`
                    // (LLVM 20) is dropped (see `newer`).
                    InstKind::ICmp { pred: p, lhs, rhs, flags: 0 }
                } else {
                    return Err(self.bad(format!("invalid comparison predicate {pred}")));
                };
                self.push_inst(b, kind, rty)?;
            }
            F::INST_RET => {
                let v = if ops.is_empty() { None } else { Some(self.op_ty(b, ops, &mut i)?.0) };
                self.push_inst(b, InstKind::Ret(v), void)?;
            }
            F::INST_BR => {
                need(self, 1)?;
                let t = self.block(b, ops[0])?;
                if ops.len() == 1 {
                    self.push_inst(b, InstKind::Br(t), void)?;
                } else {
                    need(self, 3)?;
                    let e = self.block(b, ops[1])?;
                    let i1 = self.m.types.int(1).map_err(|e| self.bad(format!("{e:?}")))?;
                    let mut k = 2;
                    let cond = self.op(b, ops, &mut k, i1)?;
                    self.push_inst(b, InstKind::CondBr { cond, then_dest: t, else_dest: e }, void)?;
                }
            }
            F::INST_SWITCH => {
                need(self, 3)?;
                if ops[0] >> 16 == 0x4B5 {
                    return Err(self.unsupported("the case-range switch format of LLVM 3.x"));
                }
                if ops.len() % 2 == 0 {
                    return Err(self.bad("SWITCH record has an odd number of case operands"));
                }
                let ty = self.ty(ops[0])?;
                let mut k = 1;
                let cond = self.op(b, ops, &mut k, ty)?;
                let default = self.block(b, ops[2])?;
                let mut cases = Vec::with_capacity((ops.len() - 3) / 2);
                for p in ops[3..].chunks(2) {
                    let v = self.value_by_id(b, p[0], ty)?;
                    let Value::Const(c) = v else {
                        return Err(self.bad("switch case is not a constant"));
                    };
                    cases.push((c, self.block(b, p[1])?));
                }
                self.push_inst(b, InstKind::Switch { cond, default, cases }, void)?;
            }
            F::INST_INDIRECTBR => {
                need(self, 2)?;
                let ty = self.ty(ops[0])?;
                let mut k = 1;
                let addr = self.op(b, ops, &mut k, ty)?;
                let mut dests = Vec::with_capacity(ops.len() - 2);
                for &d in &ops[2..] {
                    dests.push(self.block(b, d)?);
                }
                self.push_inst(b, InstKind::IndirectBr { addr, dests }, void)?;
            }
            F::INST_INVOKE => {
                need(self, 5)?;
                let attrs = self.attrs(ops[0])?;
                let cc_info = ops[1];
                let normal = self.block(b, ops[2])?;
                let unwind = self.block(b, ops[3])?;
                i = 4;
                let fty = if (cc_info >> 13) & 1 != 0 {
                    let t = self.ty(ops[i])?;
                    i += 1;
                    Some(t)
                } else {
                    None
                };
                let (callee, _) = self.op_ty(b, ops, &mut i)?;
                let fty = fty.ok_or_else(|| {
                    self.unsupported("invoke without an explicit function type (typed pointers)")
                })?;
                let (ret, params, vararg) = self.fn_sig(fty)?;
                let args = self.call_args(b, ops, &mut i, &params, vararg)?;
                let bundles = core::mem::take(&mut b.pending_bundles);
                let call = CallData {
                    cc: CallConv((cc_info & 0x3ff) as u32),
                    attrs,
                    fn_ty: fty,
                    callee,
                    args,
                    bundles,
                    fmf: 0,
                    addrspace: 0,
                };
                self.push_inst(b, InstKind::Invoke { call: Box::new(call), normal, unwind }, ret)?;
            }
            F::INST_CALLBR => {
                need(self, 4)?;
                let attrs = self.attrs(ops[0])?;
                let cc_info = ops[1];
                let default = self.block(b, ops[2])?;
                let n = ops[3] as usize;
                i = 4;
                if n > ops.len() {
                    return Err(self.bad("CALLBR indirect destination count"));
                }
                let mut indirect = Vec::with_capacity(n);
                for _ in 0..n {
                    let d = *ops.get(i).ok_or_else(|| self.bad("CALLBR too short"))?;
                    indirect.push(self.block(b, d)?);
                    i += 1;
                }
                let fty = if (cc_info >> 15) & 1 != 0 {
                    let t = self.ty(*ops.get(i).ok_or_else(|| self.bad("CALLBR too short"))?)?;
                    i += 1;
                    t
                } else {
                    return Err(self
                        .unsupported("callbr without an explicit function type (typed pointers)"));
                };
                let (callee, _) = self.op_ty(b, ops, &mut i)?;
                let (ret, params, vararg) = self.fn_sig(fty)?;
                let args = self.call_args(b, ops, &mut i, &params, vararg)?;
                let bundles = core::mem::take(&mut b.pending_bundles);
                let call = CallData {
                    cc: CallConv(((cc_info & 0x7ff) >> 1) as u32),
                    attrs,
                    fn_ty: fty,
                    callee,
                    args,
                    bundles,
                    fmf: 0,
                    addrspace: 0,
                };
                self.push_inst(
                    b,
                    InstKind::CallBr { call: Box::new(call), default, indirect },
                    ret,
                )?;
            }
            F::INST_CALL => {
                need(self, 3)?;
                let attrs = self.attrs(ops[0])?;
                let cc_info = ops[1];
                i = 2;
                let mut fm = 0;
                if (cc_info >> 17) & 1 != 0 {
                    fm = fast_math(*ops.get(i).ok_or_else(|| self.bad("CALL too short"))?);
                    i += 1;
                }
                let fty = if (cc_info >> 15) & 1 != 0 {
                    let t = self.ty(*ops.get(i).ok_or_else(|| self.bad("CALL too short"))?)?;
                    i += 1;
                    t
                } else {
                    return Err(
                        self.unsupported("call without an explicit function type (typed pointers)")
                    );
                };
                let (callee, _) = self.op_ty(b, ops, &mut i)?;
                let (ret, params, vararg) = self.fn_sig(fty)?;
                let mut args = self.call_args(b, ops, &mut i, &params, vararg)?;
                let (mut fty, mut attrs) = (fty, attrs);
                self.lifetime_call(callee, &mut fty, &mut args, &mut attrs)?;
                let tail = if cc_info & (1 << 14) != 0 {
                    TailKind::MustTail
                } else if cc_info & (1 << 16) != 0 {
                    TailKind::NoTail
                } else if cc_info & 1 != 0 {
                    TailKind::Tail
                } else {
                    TailKind::None
                };
                let bundles = core::mem::take(&mut b.pending_bundles);
                let call = CallData {
                    cc: CallConv(((cc_info >> 1) & 0x3ff) as u32),
                    attrs,
                    fn_ty: fty,
                    callee,
                    args,
                    bundles,
                    fmf: fm,
                    addrspace: 0,
                };
                self.push_inst(b, InstKind::Call { call: Box::new(call), tail }, ret)?;
            }
            F::INST_UNREACHABLE => self.push_inst(b, InstKind::Unreachable, void)?,
            F::INST_PHI => {
                need(self, 1)?;
                let ty = self.ty(ops[0])?;
                let n = (ops.len() - 1) / 2;
                let mut incoming = Vec::with_capacity(n);
                for k in 0..n {
                    let bb = self.block(b, ops[2 + 2 * k])?;
                    let raw = ops[1 + 2 * k];
                    let id = if b.relative {
                        (b.next_val() as i64).wrapping_sub(sign_rotated(raw)) as u64
                    } else {
                        raw
                    };
                    let v = self.value_by_id(b, id, ty)?;
                    incoming.push((v, bb));
                }
                let fm = if ops.len() % 2 == 0 { fast_math(ops[ops.len() - 1]) } else { 0 };
                self.push_inst(b, InstKind::Phi { incoming, fmf: fm }, ty)?;
            }
            F::INST_LANDINGPAD | F::INST_LANDINGPAD_OLD => {
                need(self, 1)?;
                let ty = self.ty(ops[0])?;
                i = 1;
                if code == F::INST_LANDINGPAD_OLD {
                    self.op_ty(b, ops, &mut i)?;
                }
                need(self, i + 2)?;
                let cleanup = ops[i] != 0;
                let n = ops[i + 1] as usize;
                i += 2;
                if n > ops.len() {
                    return Err(self.bad("LANDINGPAD clause count"));
                }
                let mut clauses = Vec::with_capacity(n);
                for _ in 0..n {
                    let ct = *ops.get(i).ok_or_else(|| self.bad("LANDINGPAD too short"))?;
                    i += 1;
                    let (v, _) = self.op_ty(b, ops, &mut i)?;
                    clauses.push(if ct == 0 { Clause::Catch(v) } else { Clause::Filter(v) });
                }
                self.push_inst(b, InstKind::LandingPad { cleanup, clauses }, ty)?;
            }
            F::INST_ALLOCA => {
                need(self, 4)?;
                let rec = ops[3];
                let inalloca = rec & (1 << 5) != 0;
                let explicit = rec & (1 << 6) != 0;
                let swifterror = rec & (1 << 7) != 0;
                if !explicit {
                    return Err(
                        self.unsupported("alloca without an explicit type (typed pointers)")
                    );
                }
                let ty = self.ty(ops[0])?;
                let opty = self.ty(ops[1])?;
                let count = self.value_by_id(b, ops[2], opty)?;
                let exp = (rec & 0x1f) | (((rec >> 8) & 0x7) << 5);
                let mut align = self.align_exp(exp)?;
                if align == 0 {
                    align = self.default_align(ty, true, "alloca")?;
                }
                let addrspace = if ops.len() == 5 {
                    u32::try_from(ops[4]).map_err(|_| self.bad("address space"))?
                } else {
                    self.dl.alloca_addrspace()
                };
                let rty = self.m.types.ptr(addrspace).map_err(|e| self.bad(format!("{e:?}")))?;
                self.push_inst(
                    b,
                    InstKind::Alloca { ty, count, align, addrspace, inalloca, swifterror },
                    rty,
                )?;
            }
            F::INST_LOAD | F::INST_LOADATOMIC => {
                let (ptr, _) = self.op_ty(b, ops, &mut i)?;
                let atomic = code == F::INST_LOADATOMIC;
                let rest = if atomic { 5 } else { 3 };
                if i + rest != ops.len() {
                    return Err(self.unsupported("load without an explicit type (typed pointers)"));
                }
                let ty = self.ty(ops[i])?;
                let (align, volatile, ord, scope) = self.access(ops, i + 1, atomic, ty, "load")?;
                self.push_inst(
                    b,
                    InstKind::Load { ptr, align, volatile, ordering: ord, scope },
                    ty,
                )?;
            }
            F::INST_STORE | F::INST_STOREATOMIC => {
                let (ptr, _) = self.op_ty(b, ops, &mut i)?;
                let (val, vty) = self.op_ty(b, ops, &mut i)?;
                let atomic = code == F::INST_STOREATOMIC;
                need(self, i + if atomic { 4 } else { 2 })?;
                let (align, volatile, ord, scope) = self.access(ops, i, atomic, vty, "store")?;
                self.push_inst(
                    b,
                    InstKind::Store { val, ptr, align, volatile, ordering: ord, scope },
                    void,
                )?;
            }
            F::INST_CMPXCHG => {
                let (ptr, _) = self.op_ty(b, ops, &mut i)?;
                let (cmp, cty) = self.op_ty(b, ops, &mut i)?;
                let new = self.op(b, ops, &mut i, cty)?;
                if ops.len() < i + 3 || ops.len() > i + 6 {
                    return Err(self.bad("CMPXCHG record size"));
                }
                let volatile = ops[i] != 0;
                let success = ordering_of(ops[i + 1]);
                let scope = self.sync_scope(ops[i + 2])?;
                let failure = match ops.get(i + 3) {
                    Some(&f) => ordering_of(f),
                    None => match success {
                        Ordering::AcqRel => Ordering::Acquire,
                        Ordering::Release => Ordering::Monotonic,
                        o => o,
                    },
                };
                let weak = ops.get(i + 4).is_some_and(|&w| w != 0);
                let align = match ops.get(i + 5) {
                    Some(&a) => self.align_exp(a)?,
                    None => self.store_size_align(cty),
                };
                let i1 = self.m.types.int(1).map_err(|e| self.bad(format!("{e:?}")))?;
                let rty = self
                    .m
                    .types
                    .literal_struct(&[cty, i1], false)
                    .map_err(|e| self.bad(format!("{e:?}")))?;
                self.push_inst(
                    b,
                    InstKind::CmpXchg {
                        ptr,
                        cmp,
                        new,
                        success,
                        failure,
                        scope,
                        weak,
                        volatile,
                        align,
                    },
                    rty,
                )?;
            }
            F::INST_ATOMICRMW => {
                let (ptr, _) = self.op_ty(b, ops, &mut i)?;
                let (val, vty) = self.op_ty(b, ops, &mut i)?;
                if !(ops.len() == i + 4 || ops.len() == i + 5) {
                    return Err(self.bad("ATOMICRMW record size"));
                }
                let op = codes::rmw::decode(R(code32(ops[i]))).ok_or_else(|| {
                    self.unsupported(format!(
                        "atomicrmw operation {} (newer than this reader's LLVM 19 model)",
                        ops[i]
                    ))
                })?;
                let volatile = ops[i + 1] != 0;
                let ord = ordering_of(ops[i + 2]);
                let scope = self.sync_scope(ops[i + 3])?;
                let align = match ops.get(i + 4) {
                    Some(&a) => self.align_exp(a)?,
                    None => self.store_size_align(vty),
                };
                self.push_inst(
                    b,
                    InstKind::AtomicRmw { op, ptr, val, ordering: ord, scope, volatile, align },
                    vty,
                )?;
            }
            F::INST_FENCE => {
                need(self, 2)?;
                let ord = ordering_of(ops[0]);
                let scope = self.sync_scope(ops[1])?;
                self.push_inst(b, InstKind::Fence { ordering: ord, scope }, void)?;
            }
            F::INST_VAARG => {
                need(self, 3)?;
                let opty = self.ty(ops[0])?;
                let mut k = 1;
                let v = self.op(b, ops, &mut k, opty)?;
                let ty = self.ty(ops[2])?;
                self.push_inst(b, InstKind::VaArg(v), ty)?;
            }
            F::INST_EXTRACTVAL | F::INST_INSERTVAL => {
                let (agg, aty) = self.op_ty(b, ops, &mut i)?;
                let val = if code == F::INST_INSERTVAL {
                    Some(self.op_ty(b, ops, &mut i)?.0)
                } else {
                    None
                };
                let mut indices = Vec::with_capacity(ops.len() - i);
                for &x in &ops[i..] {
                    indices.push(
                        u32::try_from(x).map_err(|_| self.bad("aggregate index out of range"))?,
                    );
                }
                if indices.is_empty() {
                    return Err(self.bad("extractvalue/insertvalue without indices"));
                }
                match val {
                    None => {
                        let ety =
                            llvmext_ir::typecheck::indexed_aggregate(&self.m.types, aty, &indices)
                                .ok_or_else(|| self.bad("invalid extractvalue indices"))?;
                        self.push_inst(b, InstKind::ExtractValue { agg, indices }, ety)?;
                    }
                    Some(val) => {
                        self.push_inst(b, InstKind::InsertValue { agg, val, indices }, aty)?
                    }
                }
            }
            F::INST_RESUME => {
                let (v, _) = self.op_ty(b, ops, &mut i)?;
                self.push_inst(b, InstKind::Resume(v), void)?;
            }
            F::INST_CLEANUPRET => {
                need(self, 1)?;
                let tok = self.m.types.token();
                let pad = self.op(b, ops, &mut i, tok)?;
                let unwind = if ops.len() == 2 { Some(self.block(b, ops[1])?) } else { None };
                self.push_inst(b, InstKind::CleanupRet { pad, unwind }, void)?;
            }
            F::INST_CATCHRET => {
                need(self, 2)?;
                let tok = self.m.types.token();
                let pad = self.op(b, ops, &mut i, tok)?;
                let dest = self.block(b, ops[1])?;
                self.push_inst(b, InstKind::CatchRet { pad, dest }, void)?;
            }
            F::INST_CATCHSWITCH => {
                need(self, 2)?;
                let tok = self.m.types.token();
                let parent = self.op(b, ops, &mut i, tok)?;
                let n = ops[i] as usize;
                i += 1;
                if n > ops.len() {
                    return Err(self.bad("CATCHSWITCH handler count"));
                }
                let mut handlers = Vec::with_capacity(n);
                for _ in 0..n {
                    let h = *ops.get(i).ok_or_else(|| self.bad("CATCHSWITCH too short"))?;
                    handlers.push(self.block(b, h)?);
                    i += 1;
                }
                let unwind = if i + 1 == ops.len() { Some(self.block(b, ops[i])?) } else { None };
                self.push_inst(b, InstKind::CatchSwitch { parent, handlers, unwind }, tok)?;
            }
            F::INST_CATCHPAD | F::INST_CLEANUPPAD => {
                need(self, 2)?;
                let tok = self.m.types.token();
                let parent = self.op(b, ops, &mut i, tok)?;
                let n = ops[i] as usize;
                i += 1;
                if n > ops.len() {
                    return Err(self.bad("pad argument count"));
                }
                let mut args = Vec::with_capacity(n);
                for _ in 0..n {
                    args.push(self.op_ty(b, ops, &mut i)?.0);
                }
                let kind = if code == F::INST_CATCHPAD {
                    InstKind::CatchPad { parent, args }
                } else {
                    InstKind::CleanupPad { parent, args }
                };
                self.push_inst(b, kind, tok)?;
            }
            F::INST_FREEZE => {
                let (v, ty) = self.op_ty(b, ops, &mut i)?;
                self.push_inst(b, InstKind::Freeze(v), ty)?;
            }
            F::OPERAND_BUNDLE => {
                need(self, 1)?;
                let tag = self.bundle_tags.get(ops[0] as usize).cloned().ok_or_else(|| {
                    self.bad_ref(format!("operand bundle tag #{} out of range", ops[0]))
                })?;
                i = 1;
                let mut inputs = Vec::with_capacity(ops.len() - 1);
                while i < ops.len() {
                    inputs.push(self.op_ty(b, ops, &mut i)?.0);
                }
                b.pending_bundles.push(Bundle { tag, inputs });
            }
            F::DEBUG_LOC => {
                need(self, 4)?;
                let last = self
                    .last_inst(b)
                    .ok_or_else(|| self.bad("DEBUG_LOC before any instruction"))?;
                let scope = if ops[2] == 0 { None } else { Some(self.md_id(ops[2] - 1)?) };
                let ia = if ops[3] == 0 { None } else { Some(self.md_id(ops[3] - 1)?) };
                let scope = scope.ok_or_else(|| self.bad("DEBUG_LOC without a scope"))?;
                let implicit = ops.get(4).is_some_and(|&v| v != 0);
                let loc = self.di_location(ops[0], ops[1], scope, ia, implicit);
                let dbg = llvmext_ir::metadata::DBG;
                b.insts[last].md.push((dbg, loc));
                b.last_loc = Some(loc);
            }
            F::DEBUG_LOC_AGAIN => {
                let last = self
                    .last_inst(b)
                    .ok_or_else(|| self.bad("DEBUG_LOC_AGAIN before any instruction"))?;
                let loc = b
                    .last_loc
                    .ok_or_else(|| self.bad("DEBUG_LOC_AGAIN without a previous location"))?;
                let dbg = llvmext_ir::metadata::DBG;
                b.insts[last].md.push((dbg, loc));
            }
            F::BLOCKADDR_USERS => {}
            F::DEBUG_RECORD_LABEL => {
                need(self, 2)?;
                let dbg_loc = self.md_id(ops[0])?;
                let label = self.md_id(ops[1])?;
                self.dbg_record(b, DbgRecord::Label { label, dbg_loc })?;
            }
            F::DEBUG_RECORD_VALUE
            | F::DEBUG_RECORD_DECLARE
            | F::DEBUG_RECORD_ASSIGN
            | F::DEBUG_RECORD_VALUE_SIMPLE => {
                need(self, 4)?;
                let dbg_loc = self.md_id(ops[0])?;
                let variable = self.md_id(ops[1])?;
                let expression = self.md_id(ops[2])?;
                let location = if code == F::DEBUG_RECORD_VALUE_SIMPLE {
                    let mut k = 3;
                    let (v, ty) = self.op_ty(b, ops, &mut k)?;
                    let k = self.md.deferred.len() as u32;
                    self.md.deferred.push(Deferred::Loc(ty, v));
                    MdId(LOCAL | k)
                } else {
                    self.md_id(ops[3])?
                };
                let kind = match code {
                    F::DEBUG_RECORD_DECLARE => DbgKind::Declare,
                    F::DEBUG_RECORD_ASSIGN => DbgKind::Assign,
                    _ => DbgKind::Value,
                };
                let assign = if code == F::DEBUG_RECORD_ASSIGN {
                    need(self, 7)?;
                    // [..., DIAssignID, address expression, address]
                    Some((self.md_id(ops[4])?, self.md_id(ops[6])?, self.md_id(ops[5])?))
                } else {
                    None
                };
                self.dbg_record(
                    b,
                    DbgRecord::Variable { kind, location, variable, expression, assign, dbg_loc },
                )?;
            }
            c => {
                return Err(self.unsupported(match c.name() {
                    Some(n) => format!("function record {n}"),
                    None => format!("unknown function record code {}", c.0),
                }))
            }
        }
        Ok(())
    }

    /// A debug record: the writer puts an instruction's records (which
    /// come before it) right after it and its location.
    fn dbg_record(&mut self, b: &mut Body, r: DbgRecord) -> Result<(), ReadError> {
        let Some(last) = b.insts.last_mut() else {
            return Err(self.bad("debug record before any instruction"));
        };
        last.dbg_records.reserve_exact(1);
        last.dbg_records.push(r);
        Ok(())
    }
}

/// An ordering code as LLVM 19 reads it (an unknown one: not atomic).
fn ordering_of(v: u64) -> Ordering {
    codes::ordering::decode(O(code32(v))).unwrap_or(Ordering::NotAtomic)
}

/// A record operand as a 32-bit code (`u32::MAX`, a code no table has,
/// when it does not fit).
fn code32(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}
