//! Metadata blocks: strings, tuples, values as metadata, specialized
//! debug-info nodes (decoded by [`super::di`]), named metadata, kinds and
//! global attachments.
//!
//! A block is read whole, then its nodes are built operands first, so a
//! uniqued node is made once and finds an equal node as the `.ll` parser's
//! would; a node met again while it is being built (a cycle), or deeper
//! than [`MAX_DEPTH`], is made apart first and filled in when its turn
//! comes. Function-local values as metadata (and argument lists holding
//! them) name instructions not read yet: they get a placeholder id that
//! the function reader replaces once the body is read.

use core::ops::Range;

use llvmext_core::bitstream::Item;
use llvmext_ir::id::{MdId, TypeId, Value};
use llvmext_ir::metadata::{MdNode, Metadata};
use llvmext_ir::module::NamedMd;
use llvmext_ir::types::TypeKind;

use super::di::{self, decode_di, MdResolver, MdValue, Upgrade};
use super::{Cx, ReadError, Slot};
use crate::schema::{BlockId, MetadataCode as M};

/// How deep nodes are built through their operands before the rest waits
/// for a later turn. A level through a debug-info node is over 10 KB of
/// stack in a debug build, and a 2 MiB thread must read any input.
const MAX_DEPTH: u32 = 32;

/// Placeholder ids for function-local metadata: `LOCAL | k`.
pub(crate) const LOCAL: u32 = 0xC000_0000;

#[derive(Debug, Clone)]
enum MdSlot {
    Done(MdId),
    Raw {
        code: u32,
        ops: Range<usize>,
        bit: u64,
    },
    /// Being built; with the id made apart if a cycle needed one.
    Building(Option<MdId>),
    /// Made apart (placeholder), not built yet: the id and the record.
    Pending(MdId, u32, Range<usize>, u64),
    /// Function-local: `deferred[k]`.
    Local(u32),
}

/// A function-local metadata item waiting for the body.
#[derive(Debug, Clone)]
pub(crate) enum Deferred {
    /// `LocalAsMetadata` of value id `1` with type `0`.
    Value(TypeId, u64),
    /// A `DIArgList` holding function-local values (metadata ids).
    ArgList(Vec<u64>),
    /// A value known (maybe a forward reference) as the location of a
    /// debug record.
    Loc(TypeId, Value),
}

/// The metadata list: module-level ids, then the current function's.
#[derive(Debug, Default)]
pub(crate) struct MdList {
    /// The module level's ids, once built (compact: a function's reading
    /// needs only these).
    module_ids: Vec<MdId>,
    /// Ids being read: the module's while its block is read, then the
    /// current function's (index: id − `module_ids.len()`).
    slots: Vec<MdSlot>,
    data: Vec<u64>,
    /// Function-local items of the current function.
    pub deferred: Vec<Deferred>,
    named: Vec<(Box<[u8]>, Vec<u64>)>,
    global_attachments: Vec<(u64, Vec<(u64, u64)>)>,
    pending_name: Option<Box<[u8]>>,
    /// Upgrades of old debug info the records asked for.
    pub upgrades: Vec<Upgrade>,
}

impl MdList {
    /// Forgets the current function's ids.
    pub(crate) fn end_function(&mut self) {
        self.slots.clear();
        self.slots.shrink_to(1 << 12);
        self.deferred.clear();
    }

    /// How many ids are defined.
    fn count(&self) -> usize {
        self.module_ids.len() + self.slots.len()
    }
}

/// What a function-level block needs to know of the function's values.
pub(crate) struct FnVals<'f> {
    /// Arguments and constants (value ids from the module's count on).
    pub local: &'f [Slot],
}

impl Cx<'_> {
    /// The metadata with id `id` once built (`LOCAL | k` for a
    /// function-local item).
    pub(crate) fn md_id(&self, id: u64) -> Result<MdId, ReadError> {
        let n = self.md.module_ids.len();
        if let Some(&m) = usize::try_from(id).ok().and_then(|i| self.md.module_ids.get(i)) {
            return Ok(m);
        }
        match usize::try_from(id).ok().and_then(|i| self.md.slots.get(i.checked_sub(n)?)) {
            Some(MdSlot::Done(m)) => Ok(*m),
            Some(MdSlot::Local(k)) => Ok(MdId(LOCAL | k)),
            Some(_) => Err(self.bad_ref(format!("metadata #{id} is not built"))),
            None => {
                Err(self
                    .bad_ref(format!("metadata #{id} out of range ({} defined)", self.md.count())))
            }
        }
    }

    pub(crate) fn read_md_kinds(&mut self) -> Result<(), ReadError> {
        self.each_record(BlockId::METADATA_KIND, |cx, code, ops| {
            if code == M::KIND.0 {
                cx.md_kind(ops)?;
            }
            Ok(())
        })
    }

    fn md_kind(&mut self, ops: &[u64]) -> Result<(), ReadError> {
        let (&n, name) = ops.split_first().ok_or_else(|| self.bad("KIND record too short"))?;
        let name = super::chars(name);
        let name = String::from_utf8_lossy(&name);
        let k = self.m.md.kind_id(&name);
        self.md_kinds.insert(n, k);
        Ok(())
    }

    /// Reads a metadata block: module level (`fv` is `None`) or the
    /// current function's.
    pub(crate) fn read_metadata_block(&mut self, fv: Option<&FnVals<'_>>) -> Result<(), ReadError> {
        let first = self.md.slots.len();
        loop {
            let start = self.r.bit_position();
            let item = match self.r.next_item() {
                Ok(x) => x,
                Err(e) => return Err(self.bs(e)),
            };
            match item {
                None => return Err(self.bad("METADATA_BLOCK not terminated")),
                Some(Item::EndBlock) => break,
                Some(Item::SubBlock { .. }) => {
                    self.r.skip_block().map_err(|e| self.bs(e))?;
                }
                Some(Item::DefineAbbrev) => {}
                Some(Item::Record { record, ops }) => {
                    let code = M(record.code);
                    match code {
                        M::STRINGS => {
                            let blob = record.blob;
                            let ops = ops.to_vec();
                            self.at = (start, BlockId::METADATA, Some(record.code));
                            self.md_strings(&ops, blob)?;
                        }
                        M::STRING_OLD => {
                            let s = super::chars(ops);
                            let id = self.m.md.get_or_insert(MdNode::String(s.into()));
                            self.md.slots.push(MdSlot::Done(id));
                        }
                        M::NAME => {
                            self.md.pending_name = Some(super::chars(ops).into());
                        }
                        M::NAMED_NODE => {
                            let v = ops.to_vec();
                            self.at = (start, BlockId::METADATA, Some(record.code));
                            let name = self
                                .md
                                .pending_name
                                .take()
                                .ok_or_else(|| self.bad("NAMED_NODE without a NAME"))?;
                            self.md.named.push((name, v));
                        }
                        M::KIND => {
                            let ops = ops.to_vec();
                            self.at = (start, BlockId::METADATA, Some(record.code));
                            self.md_kind(&ops)?;
                        }
                        M::GLOBAL_DECL_ATTACHMENT => {
                            let ops = ops.to_vec();
                            self.at = (start, BlockId::METADATA, Some(record.code));
                            if ops.len() % 2 == 0 {
                                return Err(
                                    self.bad("GLOBAL_DECL_ATTACHMENT needs a value and pairs")
                                );
                            }
                            let pairs = ops[1..].chunks(2).map(|p| (p[0], p[1])).collect();
                            self.md.global_attachments.push((ops[0], pairs));
                        }
                        M::INDEX_OFFSET | M::INDEX => {}
                        M::VALUE if fv.is_some() => {
                            let ops = ops.to_vec();
                            self.at = (start, BlockId::METADATA, Some(record.code));
                            self.md_fn_value(&ops, fv.unwrap())?;
                        }
                        M::ARG_LIST if fv.is_some() => {
                            // Function-level argument lists may hold local
                            // values: built with the body.
                            let k = self.md.deferred.len() as u32;
                            self.md.deferred.push(Deferred::ArgList(ops.to_vec()));
                            self.md.slots.push(MdSlot::Local(k));
                        }
                        _ => {
                            let s = self.md.data.len();
                            self.md.data.extend_from_slice(ops);
                            self.md.slots.push(MdSlot::Raw {
                                code: record.code,
                                ops: s..self.md.data.len(),
                                bit: start,
                            });
                        }
                    }
                }
            }
        }
        if self.md.count() >= LOCAL as usize {
            return Err(self.bad("too many metadata nodes"));
        }
        self.build_md_range(first)?;
        // Debug info of producers before LLVM 4 asks for upgrades beyond
        // its records (see `di::Upgrade`), which this reader does not
        // make: an error rather than a different module.
        if let Some(u) = self.md.upgrades.first() {
            return Err(self.unsupported(format!(
                "debug info that LLVM 19 upgrades outside its records ({u:?}; producers before LLVM 4)"
            )));
        }
        if fv.is_none() {
            // Keep the ids alone; the records' operands are done with.
            let slots = core::mem::take(&mut self.md.slots);
            let mut ids = Vec::with_capacity(slots.len());
            for s in slots {
                match s {
                    MdSlot::Done(m) => ids.push(m),
                    _ => return Err(self.bad("module-level metadata left unbuilt")),
                }
            }
            self.md.data = Vec::new();
            self.md.module_ids.extend(ids);

            self.finish_module_md()?;
        }
        Ok(())
    }

    /// `METADATA_STRINGS`: `[count, offsetsize]` and a blob of `count`
    /// VBR6 lengths (`offsetsize` bytes) followed by the characters.
    fn md_strings(&mut self, ops: &[u64], blob: Option<&[u8]>) -> Result<(), ReadError> {
        if ops.len() < 2 {
            return Err(self.bad("STRINGS record too short"));
        }
        let blob = blob.ok_or_else(|| self.bad("STRINGS record without a blob"))?;
        let (count, off) = (ops[0], ops[1]);
        let off = usize::try_from(off)
            .ok()
            .filter(|&o| o <= blob.len())
            .ok_or_else(|| self.bad("STRINGS offset past the blob"))?;
        // Each length takes at least 6 bits.
        if count.saturating_mul(6) > off as u64 * 8 {
            return Err(self.bad(format!("STRINGS count {count} does not fit its lengths")));
        }
        let mut lens = llvmext_core::bits::BitReader::new(&blob[..off]);
        let mut chars = &blob[off..];
        self.md.slots.reserve(count as usize);
        self.m.md.reserve(count as usize);
        for _ in 0..count {
            let n = lens.read_vbr(6).map_err(|_| self.bad("STRINGS lengths truncated"))? as usize;
            if n > chars.len() {
                return Err(self.bad("STRINGS string past the blob"));
            }
            let (s, rest) = chars.split_at(n);
            chars = rest;
            let id = self.m.md.get_or_insert(MdNode::String(s.into()));
            self.md.slots.push(MdSlot::Done(id));
        }
        Ok(())
    }

    /// `METADATA_VALUE` in a function: an argument or constant now, an
    /// instruction once the body is read.
    fn md_fn_value(&mut self, ops: &[u64], fv: &FnVals<'_>) -> Result<(), ReadError> {
        if ops.len() != 2 {
            return Err(self.bad("VALUE record needs a type and a value"));
        }
        let ty = self.ty(ops[0])?;
        if matches!(self.m.types.get(ty), Some(TypeKind::Metadata | TypeKind::Void)) {
            return Err(self.bad("VALUE of metadata or void type"));
        }
        let id = ops[1] as usize;
        let nmod = self.vals.len();
        let v =
            if id < nmod { Some(self.vals[id].v) } else { fv.local.get(id - nmod).map(|s| s.v) };
        match v {
            Some(v) => {
                let m = self.m.md.get_or_insert(MdNode::Value(ty, v));
                self.md.slots.push(MdSlot::Done(m));
            }
            None => {
                let k = self.md.deferred.len() as u32;
                self.md.deferred.push(Deferred::Value(ty, ops[1]));
                self.md.slots.push(MdSlot::Local(k));
            }
        }
        Ok(())
    }

    fn build_md_range(&mut self, first: usize) -> Result<(), ReadError> {
        let data = core::mem::take(&mut self.md.data);
        let mut res = Ok(());
        // Most records make a node (a few are deduplicated or folded): one
        // reservation rather than rehashing the nodes at every doubling.
        // The count is bounded by the block's bytes already read.
        self.m.md.reserve(self.md.slots.len().saturating_sub(first));
        for i in first..self.md.slots.len() {
            if matches!(self.md.slots[i], MdSlot::Raw { .. } | MdSlot::Pending(..)) {
                if let Err(e) = self.build_md(&data, i, 0) {
                    res = Err(e);
                    break;
                }
            }
        }
        self.md.data = data;
        self.md.data.clear();
        res
    }

    /// The id of node `i`, building it (and what it needs) if need be.
    fn get_md(&mut self, data: &[u64], i: u64, depth: u32) -> Result<MdId, ReadError> {
        let n = self.md.module_ids.len();
        if let Some(&m) = usize::try_from(i).ok().and_then(|i| self.md.module_ids.get(i)) {
            return Ok(m);
        }
        let Some(k) = usize::try_from(i).ok().and_then(|i| i.checked_sub(n)) else {
            return Err(self.bad_ref(format!("metadata #{i} out of range")));
        };
        let Some(slot) = self.md.slots.get(k) else {
            return Err(
                self.bad_ref(format!("metadata #{i} out of range ({} defined)", self.md.count()))
            );
        };
        match slot.clone() {
            MdSlot::Done(m) | MdSlot::Pending(m, ..) | MdSlot::Building(Some(m)) => Ok(m),
            MdSlot::Local(n) => Ok(MdId(LOCAL | n)),
            MdSlot::Building(None) => {
                let p = self.m.md.push_ununiqued(MdNode::Tuple(Box::new([])));
                self.md.slots[k] = MdSlot::Building(Some(p));
                Ok(p)
            }
            MdSlot::Raw { code, ops, bit } if depth >= MAX_DEPTH => {
                let p = self.m.md.push_ununiqued(MdNode::Tuple(Box::new([])));
                self.md.slots[k] = MdSlot::Pending(p, code, ops, bit);
                Ok(p)
            }
            MdSlot::Raw { .. } => self.build_md(data, k, depth + 1),
        }
    }

    fn build_md(&mut self, data: &[u64], k: usize, depth: u32) -> Result<MdId, ReadError> {
        let (code, range, bit, placeholder) = match self.md.slots[k].clone() {
            MdSlot::Raw { code, ops, bit } => (code, ops, bit, None),
            MdSlot::Pending(p, code, ops, bit) => (code, ops, bit, Some(p)),
            MdSlot::Done(m) => return Ok(m),
            _ => return Err(self.bad("metadata built twice")),
        };
        self.md.slots[k] = MdSlot::Building(placeholder);
        let ops = &data[range.clone()];
        self.at = (bit, BlockId::METADATA, Some(code));
        let (node, distinct) = self.md_node(data, code, ops, depth)?;
        let id = match self.md.slots[k] {
            MdSlot::Building(Some(p)) => {
                self.m.md.replace_as(p, node, distinct);
                p
            }
            _ if distinct => self.m.md.push_distinct(node),
            _ => {
                let id = self.m.md.get_or_insert(node);
                if let Some(MdNode::Location(l)) = self.m.md.get(id) {
                    // For `di_location`, which looks locations up by fields.
                    self.record_locs.insert(loc_key(l), id);
                }
                id
            }
        };
        self.md.slots[k] = MdSlot::Done(id);
        Ok(id)
    }

    /// Decodes one node record.
    fn md_node(
        &mut self,
        data: &[u64],
        code: u32,
        ops: &[u64],
        depth: u32,
    ) -> Result<(MdNode, bool), ReadError> {
        match M(code) {
            M::NODE | M::DISTINCT_NODE => {
                let mut v = Vec::with_capacity(ops.len());
                for &o in ops {
                    v.push(if o == 0 { None } else { Some(self.get_md(data, o - 1, depth)?) });
                }
                Ok((MdNode::Tuple(v.into()), code == M::DISTINCT_NODE.0))
            }
            M::VALUE => {
                if ops.len() != 2 {
                    return Err(self.bad("VALUE record needs a type and a value"));
                }
                let ty = self.ty(ops[0])?;
                let v = self
                    .vals
                    .get(ops[1] as usize)
                    .map(|s| s.v)
                    .ok_or_else(|| self.bad_ref(format!("value #{} out of range", ops[1])))?;
                Ok((MdNode::Value(ty, v), false))
            }
            M::ARG_LIST => {
                let mut v = Vec::with_capacity(ops.len());
                for &o in ops {
                    v.push(self.get_md(data, o, depth)?);
                }
                Ok((MdNode::ArgList(v.into()), false))
            }
            M::OLD_NODE | M::OLD_FN_NODE => {
                Err(self.unsupported("pre-3.6 metadata nodes (METADATA_OLD_NODE)"))
            }
            c => {
                let at = self.at;
                let mut res = Res { cx: self, data, depth, inner: None };
                let r = decode_di(c, ops, &mut res);
                let inner = res.inner.take();
                self.at = at;
                match r {
                    Ok(Some((node, distinct))) => Ok((MdNode::Di(node), distinct)),
                    Ok(None) => Err(self.unsupported(match c.name() {
                        Some(n) => format!("metadata record {n}"),
                        None => format!("unknown metadata record code {}", c.0),
                    })),
                    // An operand's own record failed: that error, where it
                    // was found.
                    Err(_) if inner.is_some() => Err(inner.unwrap()),
                    Err(m) if m.contains(di::UNREPRESENTABLE) => Err(self.unsupported(m)),
                    Err(m) => Err(self.bad(m)),
                }
            }
        }
    }

    /// Named metadata and global attachments, once the module's nodes are
    /// built.
    fn finish_module_md(&mut self) -> Result<(), ReadError> {
        for (name, ids) in core::mem::take(&mut self.md.named) {
            let mut ops = Vec::with_capacity(ids.len());
            for id in ids {
                ops.push(self.md_id(id)?);
            }
            self.m.named_md.push(NamedMd { name: llvmext_ir::name::ByteStr::from(name), ops });
        }
        for (v, pairs) in core::mem::take(&mut self.md.global_attachments) {
            let mut list = Vec::with_capacity(pairs.len());
            for (k, n) in pairs {
                let kind = *self
                    .md_kinds
                    .get(&k)
                    .ok_or_else(|| self.bad_ref(format!("metadata kind #{k} not defined")))?;
                list.push((kind, self.md_id(n)?));
            }
            let c = match self.vals.get(v as usize) {
                Some(Slot { v: Value::Const(c), .. }) => *c,
                _ => return Err(self.bad_ref(format!("attachment to value #{v}, not a global"))),
            };
            match self.m.consts.kind(c) {
                Some(llvmext_ir::constant::ConstKind::Global(llvmext_ir::id::GlobalRef::Var(
                    i,
                ))) => self.m.globals[*i as usize].md.extend(list),
                Some(llvmext_ir::constant::ConstKind::Global(llvmext_ir::id::GlobalRef::Func(
                    i,
                ))) => self.m.functions[*i as usize].md.extend(list),
                _ => {
                    return Err(self.bad_ref(format!(
                        "attachment to value #{v}, not a global variable or function"
                    )))
                }
            }
        }
        Ok(())
    }

    /// A `DILocation` (uniqued), as `FUNC_CODE_DEBUG_LOC` makes it: line
    /// and column as LLVM's `unsigned` fields hold them, a column past 16
    /// bits 0 (`DILocation::adjustColumn`).
    ///
    /// The hundreds of thousands of these in a large module are found by
    /// their fields in a table of the function's own (a location names a
    /// scope of its function, so two functions' locations are never
    /// equal), then among the locations metadata records made (by their
    /// fields too: a table of tens of thousands beside the arena's of
    /// hundreds of thousands of nodes); a new one goes into the arena
    /// apart (a compact `MdNode::Location`, no box), keeping the arena's
    /// table small.
    pub(crate) fn di_location(
        &mut self,
        line: u64,
        col: u64,
        scope: MdId,
        ia: Option<MdId>,
        implicit: bool,
    ) -> MdId {
        let line = line as u32;
        let col = match col as u32 {
            c if c >= 1 << 16 => 0,
            c => c,
        };
        let loc = llvmext_ir::di::DiLocation {
            line,
            column: col as u16,
            implicit,
            scope,
            inlined_at: ia,
        };
        let key = loc_key(&loc);
        if let Some(&id) = self.loc_cache.get(&key) {
            return id;
        }
        // A location equal to this one that a metadata record made
        // (uniqued), or a new one.
        let id = match self.record_locs.get(&key) {
            Some(&id) => id,
            None => self.m.md.push_ununiqued(MdNode::Location(loc)),
        };
        self.loc_cache.insert(key, id);
        id
    }
}

/// Line, column, scope, inlined-at (`u32::MAX`: none), implicit.
pub(crate) type LocKey = (u32, u32, u32, u32, bool);

/// The key [`Cx::di_location`] finds a location by.
fn loc_key(l: &llvmext_ir::di::DiLocation) -> LocKey {
    (l.line, u32::from(l.column), l.scope.0, l.inlined_at.map_or(u32::MAX, |m| m.0), l.implicit)
}

/// The resolver [`decode_di`] sees.
struct Res<'c, 'a, 'd> {
    cx: &'c mut Cx<'a>,
    data: &'d [u64],
    depth: u32,
    /// The first error of an operand's record, kept whole (the decoder
    /// sees only its message).
    inner: Option<ReadError>,
}

impl MdResolver for Res<'_, '_, '_> {
    fn md_or_null(&mut self, id_plus_one: u64) -> Result<Option<MdId>, String> {
        if id_plus_one == 0 {
            return Ok(None);
        }
        self.md(id_plus_one - 1).map(Some)
    }

    fn md(&mut self, id: u64) -> Result<MdId, String> {
        self.cx.get_md(self.data, id, self.depth).map_err(|e| {
            let m = e.message();
            self.inner.get_or_insert(e);
            m
        })
    }

    fn metadata(&mut self) -> &mut Metadata {
        &mut self.cx.m.md
    }

    fn md_value(&mut self, id: MdId) -> MdValue {
        use llvmext_ir::constant::ConstKind;
        use llvmext_ir::id::GlobalRef;
        let m = &self.cx.m;
        let Some(MdNode::Value(ty, Value::Const(c))) = m.md.get(id) else {
            return MdValue::Other;
        };
        match (m.consts.kind(*c), m.types.get(*ty)) {
            (Some(ConstKind::Int(v)), Some(&TypeKind::Int(bits))) if bits <= 64 => {
                let raw = v.limbs()[0];
                let value = if bits == 64 {
                    raw as i64
                } else {
                    ((raw << (64 - bits)) as i64) >> (64 - bits)
                };
                MdValue::ConstantInt { value, bits }
            }
            (Some(ConstKind::Null | ConstKind::Zero), Some(&TypeKind::Int(bits))) if bits <= 64 => {
                MdValue::ConstantInt { value: 0, bits }
            }
            (Some(ConstKind::Global(GlobalRef::Var(_))), _) => MdValue::GlobalVariable,
            (Some(ConstKind::Global(GlobalRef::Func(_))), _) => MdValue::Function,
            _ => MdValue::Other,
        }
    }

    fn upgrade(&mut self, upgrade: Upgrade) {
        self.cx.md.upgrades.push(upgrade);
    }
}
