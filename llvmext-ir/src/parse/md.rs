//! Metadata: numbered and named nodes, strings, values as metadata,
//! specialized nodes, attachments. A node is built as soon as it is read;
//! one that refers to numbered nodes not yet built (the usual case: `.ll`
//! text defines a node's operands after it) goes into the arena with
//! placeholder operands and is not uniqued. When the whole module is read,
//! those nodes are finished bottom-up (so equal uniqued nodes become one)
//! and every holder is patched, as LLParser resolves its temporaries.

use alloc::borrow::Cow;
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use hashbrown::HashMap;

use super::lexer::Tok;
use super::{err, PErr, Parser, R};
use crate::di::{self, DiKind, DiRaw};
use crate::id::{MdId, MdKindId, Value};
use crate::metadata::MdNode;
use crate::module::{Module, NamedMd};
use crate::types::TypeKind;

/// Placeholder ids handed to holders and to provisional nodes until the
/// end: `PH | index` into `pending`, `PH | SLOT | n` for `!n`, `PH | RAW |
/// k` for the `k`-th provisional node.
pub(crate) const PH: u32 = 0x8000_0000;
const SLOT: u32 = 0x4000_0000;
const RAW: u32 = 0x2000_0000;
const IDX: u32 = 0x1fff_ffff;

/// A metadata reference while parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MdRef {
    /// Built already (`None`: `null`).
    Final(Option<MdId>),
    /// `!N`.
    Slot(u32),
    /// A provisional node.
    Raw(u32),
    /// A value (`ty value`) whose text starts at this offset, read once
    /// the module's types and globals are known (see
    /// [`Parser::parse_md_tail`]).
    Deferred(u32),
}

#[derive(Debug, Clone)]
pub(crate) enum RawDi<'a> {
    Int(&'a str),
    Str(Cow<'a, [u8]>),
    Ident(&'a str),
    Or(Vec<RawDi<'a>>),
    Md(MdRef),
    /// `{a, null, ...}`: `GenericDINode`'s `operands:`.
    List(Vec<MdRef>),
}

/// A node in the arena whose operands are placeholders until the end.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RawNode {
    /// Its arena id while provisional.
    prov: MdId,
    /// Its final id: set from the start for a `distinct` node, and for a
    /// node on a cycle of uniqued nodes (which stays apart, as in LLVM).
    fin: Option<MdId>,
    /// Finished already (by [`Parser::prefinish_raw`]).
    done: bool,
}

/// `!N` → (its definition, its first use or definition): a vector for the
/// dense numbers files have, an ordered map for numbers far beyond them
/// (so a hostile `!4000000000` allocates nothing large); entries move from
/// the map into the vector as it grows past them.
#[derive(Debug, Default)]
pub(crate) struct Slots {
    dense: Vec<(Option<MdRef>, u32)>,
    used: usize,
    sparse: BTreeMap<u32, (Option<MdRef>, u32)>,
}

/// A dense entry not in use.
const UNUSED: u32 = u32::MAX;

impl Slots {
    fn get(&self, n: u32) -> Option<&(Option<MdRef>, u32)> {
        match self.dense.get(n as usize) {
            Some(e) if e.1 != UNUSED => Some(e),
            Some(_) => None,
            None => self.sparse.get(&n),
        }
    }

    /// The entry of `n`, made with first use `loc` if new.
    fn entry(&mut self, n: u32, loc: u32) -> &mut (Option<MdRef>, u32) {
        let i = n as usize;
        if i >= self.dense.len() && i < 4 * self.used + 4096 {
            self.dense.resize(i + 1, (None, UNUSED));
            if !self.sparse.is_empty() {
                let above = self.sparse.split_off(&n.saturating_add(1));
                for (k, e) in core::mem::replace(&mut self.sparse, above) {
                    self.dense[k as usize] = e;
                }
            }
        }
        match self.dense.get_mut(i) {
            Some(e) => {
                if e.1 == UNUSED {
                    *e = (None, loc);
                    self.used += 1;
                }
                e
            }
            None => self.sparse.entry(n).or_insert((None, loc)),
        }
    }

    fn iter(&self) -> impl Iterator<Item = (u32, &(Option<MdRef>, u32))> {
        self.dense
            .iter()
            .enumerate()
            .filter(|(_, e)| e.1 != UNUSED)
            .map(|(i, e)| (i as u32, e))
            .chain(self.sparse.iter().map(|(&n, e)| (n, e)))
    }
}

#[derive(Debug, Default)]
pub(crate) struct MdState<'a> {
    /// `!N`: its definition and first use.
    slots: Slots,
    raw: Vec<RawNode>,
    /// Placeholder index → reference.
    pending: Vec<MdRef>,
    /// Named metadata names already defined (index into `named_md`).
    named: HashMap<Cow<'a, [u8]>, usize>,
    /// Field scratch space of `parse_specialized`.
    scratch: Vec<(&'a str, RawDi<'a>, u32)>,
    /// Values as metadata are skipped and read later (`MdRef::Deferred`):
    /// set while reading trailing metadata on a thread of its own.
    defer_values: bool,
    /// After a merge: how the first part's ids and placeholders map into
    /// the merged arena (applied to its holders by `md_finish`).
    remap: Option<Remap>,
    /// Provisional nodes from here on were read first (by text order):
    /// the bottom-up finish starts with them, as a serial read would.
    raw_first: usize,
    /// Nodes a tail read apart could not finish, in its walk's order.
    blocked: Vec<u32>,
    /// The tail read apart marked nodes on cycles of uniqued nodes.
    uniqued_cycles: bool,
}

/// How a first part's metadata ids map into the arena of a merge.
#[derive(Debug)]
struct Remap {
    /// Old node id → new id.
    ids: Vec<MdId>,
    raw_off: u32,
    pend_off: u32,
}

impl Remap {
    fn placeholder(&self, id: MdId) -> MdId {
        let x = id.0 & IDX;
        match id.0 & (SLOT | RAW) {
            SLOT => id,
            RAW => MdId(PH | RAW | (x + self.raw_off)),
            _ => MdId(PH | (x + self.pend_off)),
        }
    }

    /// The new id of an old id or placeholder.
    fn apply(&self, id: MdId) -> MdId {
        if id.0 & PH != 0 {
            self.placeholder(id)
        } else {
            self.ids.get(id.0 as usize).copied().unwrap_or(MdId(u32::MAX))
        }
    }
}

/// Trailing metadata read on its own (see [`Parser::parse_md_tail`]).
#[cfg(feature = "std")]
pub(crate) struct MdTail<'a> {
    md: crate::metadata::Metadata,
    st: MdState<'a>,
    named_md: Vec<NamedMd>,
}

impl MdState<'_> {
    pub fn init_kinds(&mut self, _m: &mut Module) {}
}

fn refs_final(r: &MdRef) -> Option<Option<MdId>> {
    match *r {
        MdRef::Final(x) => Some(x),
        _ => None,
    }
}

impl<'a> Parser<'a> {
    /// A holder's id for `r`: final, or a placeholder patched at the end.
    pub fn md_holder(&mut self, r: MdRef) -> MdId {
        match r {
            MdRef::Final(Some(id)) => return id,
            MdRef::Slot(n) if n <= IDX => return MdId(PH | SLOT | n),
            MdRef::Raw(k) if k <= IDX => return MdId(PH | RAW | k),
            _ => {}
        }
        let k = (self.md.pending.len() as u32).min(IDX);
        self.md.pending.push(r);
        MdId(PH | k)
    }

    fn use_slot(&mut self, n: u32, loc: u32) -> MdRef {
        match self.md.slots.entry(n, loc).0 {
            // Defined and built already: no placeholder needed.
            Some(r @ MdRef::Final(_)) => r,
            _ => MdRef::Slot(n),
        }
    }

    /// `!N` after the `!`.
    fn parse_slot_ref(&mut self) -> R<MdRef> {
        let loc = self.loc();
        if self.tok.kind != Tok::Int {
            return self.fail("expected metadata number");
        }
        let t = self.text();
        let n = super::parse_u32(t)
            .ok_or_else(|| PErr { pos: loc, msg: "expected metadata number".into() })?;
        self.bump();
        Ok(self.use_slot(n, loc))
    }

    /// An attachment `!kind !N` (the current token is the `!kind`).
    pub fn parse_md_attachment(&mut self) -> R<(MdKindId, MdId)> {
        let name = self.var_name();
        let k = self.m.md.kind_id(&String::from_utf8_lossy(&name));
        self.bump();
        let r = self.parse_md_node()?;
        Ok((k, self.md_holder(r)))
    }

    /// `!N`, `!{...}`, `!DIxxx(...)` (a node, not a string or value).
    fn parse_md_node(&mut self) -> R<MdRef> {
        if self.tok.kind == Tok::MetadataVar {
            return self.parse_specialized(false);
        }
        if self.tok.kind != Tok::Exclaim {
            return self.fail("expected metadata node");
        }
        self.bump();
        match self.tok.kind {
            Tok::Int => self.parse_slot_ref(),
            Tok::LBrace => self.parse_md_tuple(false),
            _ => self.fail("expected metadata node"),
        }
    }

    /// A metadata operand inside a node or as a call argument.
    pub fn parse_md_operand(&mut self) -> R<MdRef> {
        self.enter()?;
        let r = self.parse_md_operand_inner();
        self.leave();
        r
    }

    fn parse_md_operand_inner(&mut self) -> R<MdRef> {
        match self.tok.kind {
            Tok::Exclaim => {
                self.bump();
                match self.tok.kind {
                    Tok::Int => self.parse_slot_ref(),
                    Tok::LBrace => self.parse_md_tuple(false),
                    Tok::Str => {
                        let s = self.str_value();
                        self.bump();
                        Ok(MdRef::Final(Some(
                            self.m.md.get_or_insert(MdNode::String(s.into_owned().into())),
                        )))
                    }
                    _ => self.fail("expected metadata operand"),
                }
            }
            Tok::MetadataVar => self.parse_specialized(false),
            Tok::Ident if self.is("null") => {
                self.bump();
                Ok(MdRef::Final(None))
            }
            _ if self.md.defer_values => {
                let pos = self.tok.start;
                self.skip_value()?;
                Ok(MdRef::Deferred(pos))
            }
            _ => {
                // A value as metadata.
                let tloc = self.loc();
                let ty = self.parse_type()?;
                if matches!(
                    self.m.types.get(ty),
                    Some(TypeKind::Metadata | TypeKind::Void | TypeKind::Label)
                ) {
                    return err(tloc, "invalid metadata-value-metadata roundtrip");
                }
                self.value_as_md(ty)
            }
        }
    }

    /// `ty value` as metadata (the type already read).
    pub fn value_as_md(&mut self, ty: crate::id::TypeId) -> R<MdRef> {
        let v = if self.f.is_some() {
            self.parse_value(ty)?
        } else {
            Value::Const(self.parse_const(ty)?)
        };
        Ok(MdRef::Final(Some(self.local_md(ty, v))))
    }

    /// `!{ ... }` after the `!`.
    fn parse_md_tuple(&mut self, distinct: bool) -> R<MdRef> {
        self.expect(Tok::LBrace, "'{' here")?;
        let mut ops = Vec::new();
        if !self.eat_tok(Tok::RBrace) {
            loop {
                ops.push(self.parse_md_operand()?);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "end of metadata node")?;
        }
        let provisional = ops.iter().any(|r| refs_final(r).is_none());
        let node = MdNode::Tuple(
            ops.into_iter()
                .map(|r| match r {
                    MdRef::Final(x) => x,
                    r => Some(self.md_holder(r)),
                })
                .collect(),
        );
        Ok(self.add_node(node, distinct, provisional))
    }

    /// A node just read: built and uniqued (unless `distinct`), or, with
    /// placeholder operands, provisional until the end.
    fn add_node(&mut self, node: MdNode, distinct: bool, provisional: bool) -> MdRef {
        if !provisional {
            let id = if distinct {
                self.m.md.push_distinct(node)
            } else {
                self.m.md.get_or_insert(node)
            };
            return MdRef::Final(Some(id));
        }
        let prov =
            if distinct { self.m.md.push_distinct(node) } else { self.m.md.push_ununiqued(node) };
        let k = self.md.raw.len() as u32;
        self.md.raw.push(RawNode { prov, fin: distinct.then_some(prov), done: false });
        MdRef::Raw(k)
    }

    /// `!DIxxx(...)` or `!DIArgList(...)` (current token the `!name`).
    fn parse_specialized(&mut self, distinct: bool) -> R<MdRef> {
        let loc = self.loc();
        let t = self.text();
        let name = core::str::from_utf8(&t[1..]).unwrap_or("");
        if name == "DIArgList" {
            if self.md.defer_values {
                return self.fail("DIArgList outside a function");
            }
            self.bump();
            self.expect(Tok::LParen, "'(' here")?;
            let mut ops = Vec::new();
            if !self.eat_tok(Tok::RParen) {
                loop {
                    let ty = self.parse_type()?;
                    match self.value_as_md(ty)? {
                        MdRef::Final(Some(id)) => ops.push(id),
                        _ => return self.fail("expected value"),
                    }
                    if !self.eat_tok(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RParen, "')' here")?;
            }
            return Ok(MdRef::Final(Some(self.m.md.get_or_insert(MdNode::ArgList(ops.into())))));
        }
        let Some(kind) = di::kind_by_name(name) else {
            return err(loc, format!("expected metadata type ('!{name}' is not implemented)"));
        };
        self.bump();
        self.expect(Tok::LParen, "'(' here")?;
        let mut fields = core::mem::take(&mut self.md.scratch);
        fields.clear();
        let r = self.parse_specialized_fields(kind, distinct, loc, &mut fields);
        self.md.scratch = fields;
        r
    }

    fn parse_specialized_fields(
        &mut self,
        kind: DiKind,
        distinct: bool,
        loc: u32,
        fields: &mut Vec<(&'a str, RawDi<'a>, u32)>,
    ) -> R<MdRef> {
        if !self.eat_tok(Tok::RParen) {
            loop {
                let floc = self.loc();
                let fname: &'a str = if self.tok.kind == Tok::Label {
                    let t = self.text();
                    let n = core::str::from_utf8(&t[..t.len() - 1]).unwrap_or("");
                    self.bump();
                    n
                } else {
                    ""
                };
                let v = self.parse_di_value()?;
                fields.push((fname, v, floc));
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')' here")?;
        }
        // Operands not built yet become placeholders.
        let mut provisional = false;
        for (_, v, _) in fields.iter_mut() {
            let refs: &mut [MdRef] = match v {
                RawDi::Md(r) => core::slice::from_mut(r),
                RawDi::List(l) => l,
                _ => continue,
            };
            for r in refs {
                if matches!(r, MdRef::Slot(_) | MdRef::Raw(_) | MdRef::Deferred(_)) {
                    provisional = true;
                    *r = MdRef::Final(Some(self.md_holder(*r)));
                }
            }
        }
        let node = self.build_di(kind, fields, loc)?;
        Ok(self.add_node(node, distinct, provisional))
    }

    fn parse_di_value(&mut self) -> R<RawDi<'a>> {
        let first = self.parse_di_atom()?;
        if self.tok.kind != Tok::Bar {
            return Ok(first);
        }
        let mut v = alloc::vec![first];
        while self.eat_tok(Tok::Bar) {
            v.push(self.parse_di_atom()?);
        }
        Ok(RawDi::Or(v))
    }

    fn parse_di_atom(&mut self) -> R<RawDi<'a>> {
        let src = self.src;
        let t: &'a [u8] = src.get(self.tok.start as usize..self.tok.end as usize).unwrap_or(&[]);
        match self.tok.kind {
            Tok::Int | Tok::Float => {
                self.bump();
                Ok(RawDi::Int(core::str::from_utf8(t).unwrap_or("")))
            }
            Tok::Str => {
                let s = self.str_value();
                self.bump();
                Ok(RawDi::Str(s))
            }
            // `extraData: i64 40`, `count: i64 5`: a typed value as metadata.
            Tok::Ident if looks_like_type(t) => Ok(RawDi::Md(self.parse_md_operand()?)),
            // `operands: {!1, null}` (LLParser's `MDFieldList`).
            Tok::LBrace => {
                self.bump();
                let mut list = Vec::new();
                if !self.eat_tok(Tok::RBrace) {
                    loop {
                        list.push(self.parse_md_operand()?);
                        if !self.eat_tok(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RBrace, "'}' here")?;
                }
                Ok(RawDi::List(list))
            }
            Tok::Ident if t != b"null" => {
                self.bump();
                Ok(RawDi::Ident(core::str::from_utf8(t).unwrap_or("")))
            }
            _ => Ok(RawDi::Md(self.parse_md_operand()?)),
        }
    }

    fn build_di(
        &mut self,
        kind: DiKind,
        fields: &[(&'a str, RawDi<'a>, u32)],
        loc: u32,
    ) -> R<MdNode> {
        fn conv<'b>(v: &'b RawDi<'_>) -> DiRaw<'b> {
            match v {
                RawDi::Int(s) => DiRaw::Int(s),
                RawDi::Str(s) => DiRaw::Str(s),
                RawDi::Ident(s) => DiRaw::Ident(s),
                RawDi::Or(v) => DiRaw::Or(v.iter().map(conv).collect()),
                RawDi::Md(r) => DiRaw::Md(refs_final(r).flatten()),
                RawDi::List(l) => {
                    DiRaw::List(l.iter().map(|r| DiRaw::Md(refs_final(r).flatten())).collect())
                }
            }
        }
        let raw: Vec<(&str, DiRaw<'_>)> = fields.iter().map(|(n, v, _)| (*n, conv(v))).collect();
        match di::build(kind, &raw, &mut self.m.md) {
            Ok(n) => Ok(MdNode::Di(n)),
            Err(e) => {
                let at = fields.get(e.field).map_or(loc, |f| f.2);
                err(at, e.message)
            }
        }
    }

    /// `!N = [distinct] ...` at top level.
    pub fn md_parse_numbered(&mut self) -> R<()> {
        self.bump();
        let loc = self.loc();
        if self.tok.kind != Tok::Int {
            return self.fail("expected metadata number");
        }
        let n = super::parse_u32(self.text())
            .ok_or_else(|| PErr { pos: loc, msg: "expected metadata number".into() })?;
        self.bump();
        self.expect(Tok::Equal, "'=' here")?;
        let distinct = self.eat("distinct");
        let r = match self.tok.kind {
            Tok::MetadataVar => self.parse_specialized(distinct)?,
            Tok::Exclaim => {
                self.bump();
                if self.tok.kind != Tok::LBrace {
                    return self.fail("Expected '{' here");
                }
                self.parse_md_tuple(distinct)?
            }
            _ => return self.fail("expected metadata node"),
        };
        let e = self.md.slots.entry(n, loc - 1);
        if e.0.is_some() {
            return err(loc - 1, String::from("Metadata id is already used"));
        }
        e.0 = Some(r);
        Ok(())
    }

    /// `!name = !{...}` at top level.
    pub fn md_parse_named(&mut self) -> R<()> {
        let name = self.var_name();
        let name_s = crate::name::ByteStr::from(&*name);
        self.bump();
        self.expect(Tok::Equal, "'=' here")?;
        self.expect(Tok::Exclaim, "'!' here")?;
        self.expect(Tok::LBrace, "'{' here")?;
        let mut ops = Vec::new();
        if !self.eat_tok(Tok::RBrace) {
            loop {
                let r = if self.tok.kind == Tok::MetadataVar {
                    self.parse_specialized(false)?
                } else {
                    self.expect(Tok::Exclaim, "'!' here")?;
                    self.parse_slot_ref()?
                };
                let id = self.md_holder(r);
                ops.push(id);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrace, "'}' here")?;
        }
        match self.md.named.get(&name) {
            Some(&i) => self.m.named_md[i].ops.extend(ops),
            None => {
                self.md.named.insert(name, self.m.named_md.len());
                self.m.named_md.push(NamedMd { name: name_s, ops });
            }
        }
        Ok(())
    }

    /// Builds every raw node and patches every holder.
    pub fn md_finish(&mut self) -> R<()> {
        // Undefined slots.
        let mut undef: Option<(u32, u32)> = None;
        for (n, &(def, loc)) in self.md.slots.iter() {
            if def.is_none() && undef.is_none_or(|(_, l)| loc < l) {
                undef = Some((n, loc));
            }
        }
        if let Some((n, loc)) = undef {
            return err(loc, format!("use of undefined metadata '!{n}'"));
        }
        self.finish_raw();
        // Placeholders.
        let st = &self.md;
        let fix_named = |id: &mut MdId| {
            if id.0 & PH != 0 {
                *id = st.resolve(*id).unwrap_or(MdId(u32::MAX));
            }
        };
        for n in &mut self.m.named_md {
            n.ops.iter_mut().for_each(fix_named);
        }
        // The other holders were made before a merge, if there was one.
        let fix = |id: &mut MdId| {
            if let Some(r) = &st.remap {
                *id = r.apply(*id);
            }
            if id.0 & PH != 0 {
                *id = st.resolve(*id).unwrap_or(MdId(u32::MAX));
            }
        };
        for g in &mut self.m.globals {
            g.md.iter_mut().for_each(|(_, id)| fix(id));
        }
        for f in &mut self.m.functions {
            f.md.iter_mut().for_each(|(_, id)| fix(id));
            for inst in &mut f.insts {
                inst.md.iter_mut().for_each(|(_, id)| fix(id));
                for r in &mut inst.dbg_records {
                    r.for_each_md_mut(fix);
                }
                inst.kind.for_each_operand_mut(|v| {
                    if let Value::Metadata(id) = v {
                        fix(id);
                    }
                });
            }
        }
        Ok(())
    }

    /// Finishes the provisional nodes bottom-up: a node's placeholder
    /// operands are replaced by final ids, then it is uniqued (merging with
    /// an equal node), except `distinct` nodes and nodes on a cycle, which
    /// keep their ids.
    fn finish_raw(&mut self) {
        self.m.md.reserve(self.md.raw.iter().filter(|n| !n.done).count());
        // Those a tail read apart left, in its order (which is this walk's).
        for k in core::mem::take(&mut self.md.blocked) {
            self.finish_one(k as usize);
            self.md.raw[k as usize].done = true;
        }
        let nraw = self.md.raw.len();
        let first = self.md.raw_first.min(nraw);
        self.walk_raw((first..nraw).chain(0..first), |p, i| p.finish_one(i));
    }

    /// Finishes, in a tail read apart, the provisional nodes that wait for
    /// nothing read later (a deferred value, an undefined `!N`): the walk
    /// and the cycle marks are [`finish_raw`](Self::finish_raw)'s, and the
    /// nodes left wait in `blocked`, in the walk's order, for the end.
    #[cfg(feature = "std")]
    fn prefinish_raw(&mut self) {
        self.m.md.reserve(self.md.raw.len());
        let mut blocked = Vec::new();
        self.walk_raw(0..self.md.raw.len(), |p, i| {
            let mut ready = true;
            if let Some(node) = p.m.md.get(p.md.raw[i].prov) {
                for_each_ref(node, |id| {
                    if id.0 & PH != 0 && p.md.resolve(id).is_none() {
                        ready = false;
                    }
                });
            }
            if ready {
                p.finish_one(i);
                p.md.raw[i].done = true;
            } else {
                blocked.push(i as u32);
            }
        });
        self.md.blocked = blocked;
    }

    /// Walks the provisional nodes not yet done depth first from `roots`,
    /// calling `done` on each after its children (post-order). A node met
    /// again while on the walk's stack is on a cycle: unless `distinct`, it
    /// keeps its id and is not uniqued (as LLVM leaves such nodes).
    fn walk_raw(
        &mut self,
        roots: impl Iterator<Item = usize>,
        mut done: impl FnMut(&mut Self, usize),
    ) {
        // 0: not visited, 1: on the stack, 2: finished.
        let mut state: Vec<u8> = self.md.raw.iter().map(|n| if n.done { 2 } else { 0 }).collect();
        // Frames: (node, next child, end of its children in `kids`).
        let mut stack: Vec<(u32, u32, u32)> = Vec::new();
        let mut kids: Vec<u32> = Vec::new();
        for root in roots {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            let start = kids.len() as u32;
            self.raw_children(root, &mut kids);
            stack.push((root as u32, start, kids.len() as u32));
            while let Some(&mut (i, ref mut pos, end)) = stack.last_mut() {
                if *pos < end {
                    let j = kids[*pos as usize] as usize;
                    *pos += 1;
                    match state[j] {
                        0 => {
                            state[j] = 1;
                            let start = kids.len() as u32;
                            self.raw_children(j, &mut kids);
                            stack.push((j as u32, start, kids.len() as u32));
                        }
                        1 if self.md.raw[j].fin.is_none() => {
                            self.md.raw[j].fin = Some(self.md.raw[j].prov);
                            self.md.uniqued_cycles = true;
                        }
                        _ => {}
                    }
                } else {
                    stack.pop();
                    let start = stack.last().map_or(0, |f| f.2);
                    kids.truncate(start as usize);
                    state[i as usize] = 2;
                    done(self, i as usize);
                }
            }
        }
    }

    /// The provisional nodes node `i` refers to.
    fn raw_children(&self, i: usize, out: &mut Vec<u32>) {
        let Some(node) = self.m.md.get(self.md.raw[i].prov) else { return };
        for_each_ref(node, |id| {
            if let Some(k) = self.md.raw_of_id(id) {
                out.push(k);
            }
        });
    }

    fn finish_one(&mut self, i: usize) {
        let RawNode { prov, fin, .. } = self.md.raw[i];
        let mut node = self.m.md.take_ununiqued(prov);
        let st = &self.md;
        for_each_ref_mut(&mut node, |id| {
            if id.0 & PH != 0 {
                *id = st.resolve(*id).unwrap_or(MdId(u32::MAX));
            }
        });
        match fin {
            Some(_) => self.m.md.put_ununiqued(prov, node),
            None => self.md.raw[i].fin = Some(self.m.md.unique_at(prov, node)),
        }
    }
}

impl<'a> Parser<'a> {
    /// Skips a value (`ty value`, balanced over brackets) up to the `,`,
    /// `)` or `}` that ends it.
    fn skip_value(&mut self) -> R<()> {
        let mut depth = 0u32;
        loop {
            match self.tok.kind {
                Tok::LParen | Tok::LBrack | Tok::LBrace | Tok::Less => depth += 1,
                Tok::RParen | Tok::RBrack | Tok::RBrace | Tok::Greater if depth > 0 => depth -= 1,
                Tok::Comma | Tok::RParen | Tok::RBrace if depth == 0 => return Ok(()),
                Tok::Eof | Tok::Error(_) | Tok::RBrack | Tok::Greater => {
                    return self.fail("expected value");
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Reads the metadata statements from offset `at` to the end of `src`
    /// (nothing else may follow), without the rest of the module: values
    /// as metadata are left as [`MdRef::Deferred`] for
    /// [`resolve_deferred`](Self::resolve_deferred) after the merge.
    #[cfg(feature = "std")]
    pub(crate) fn parse_md_tail(src: &'a [u8], at: usize) -> R<MdTail<'a>> {
        let mut p = Parser::new(&src[..0]);
        p.src = src;
        p.lex = super::lexer::Lexer::new(src, at);
        p.bump();
        p.md.defer_values = true;
        loop {
            match p.tok.kind {
                Tok::Eof => break,
                Tok::Exclaim => p.md_parse_numbered()?,
                Tok::MetadataVar => p.md_parse_named()?,
                _ => return p.fail("expected metadata"),
            }
        }
        p.md.defer_values = false;
        p.prefinish_raw();
        Ok(MdTail {
            md: core::mem::take(&mut p.m.md),
            st: core::mem::take(&mut p.md),
            named_md: core::mem::take(&mut p.m.named_md),
        })
    }

    /// Merges trailing metadata read apart into this parser, which read
    /// everything before it: the tail's arena becomes the module's, this
    /// parser's nodes are added to it (uniqued again), and its
    /// placeholders are renumbered after the tail's.
    #[cfg(feature = "std")]
    pub(crate) fn merge_md_tail(&mut self, tail: MdTail<'a>) -> R<()> {
        let MdTail { md: mut arena, st: mut b, named_md } = tail;
        let a = &self.md;
        let nraw = b.raw.len() + a.raw.len();
        let npend = b.pending.len() + a.pending.len();
        // Provisional nodes before the tail are walked first: where they
        // lead into a cycle decides which of its nodes stays apart.
        if a.slots.iter().any(|(_, e)| e.0.is_some())
            || (b.uniqued_cycles && !a.raw.is_empty())
            || !self.m.named_md.is_empty()
            || nraw > IDX as usize
            || npend > IDX as usize
        {
            return err(0, "metadata before the trailing metadata");
        }
        // A use of a node the tail does not define: the serial read says
        // where.
        if a.slots.iter().any(|(n, _)| b.slots.get(n).is_none_or(|e| e.0.is_none())) {
            return err(0, "use of undefined metadata");
        }
        let old = core::mem::take(&mut self.m.md);
        arena.take_kinds(old.kinds_clone());
        let mut r = Remap {
            ids: Vec::with_capacity(old.len()),
            raw_off: b.raw.len() as u32,
            pend_off: b.pending.len() as u32,
        };
        for i in 0..old.len() as u32 {
            let id = MdId(i);
            let Some(node) = old.get(id) else { break };
            let mut node = node.clone();
            let mut bad = false;
            for_each_id_mut(&mut node, |x| {
                if x.0 & PH == 0 && x.0 >= i {
                    bad = true;
                }
                *x = r.apply(*x);
            });
            if bad {
                return err(0, "metadata refers to a later node");
            }
            let new = if old.is_uniqued(id) {
                arena.get_or_insert(node)
            } else if old.is_distinct(id) {
                arena.push_distinct(node)
            } else {
                arena.push_ununiqued(node)
            };
            r.ids.push(new);
        }
        b.raw_first = b.raw.len();
        for n in &a.raw {
            b.raw.push(RawNode {
                prov: r.apply(n.prov),
                fin: n.fin.map(|f| r.apply(f)),
                done: n.done,
            });
        }
        for &p in &a.pending {
            b.pending.push(match p {
                MdRef::Final(Some(x)) => MdRef::Final(Some(r.apply(x))),
                MdRef::Raw(k) => MdRef::Raw(k + r.raw_off),
                p => p,
            });
        }
        b.remap = Some(r);
        self.md = b;
        self.m.md = arena;
        self.m.named_md = named_md;
        Ok(())
    }

    /// Reads the values the trailing metadata left for later.
    #[cfg(feature = "std")]
    pub(crate) fn resolve_deferred(&mut self) -> R<()> {
        for k in 0..self.md.pending.len() {
            if let MdRef::Deferred(pos) = self.md.pending[k] {
                self.lex = super::lexer::Lexer::new(self.src, pos as usize);
                self.bump();
                self.md.pending[k] = self.parse_md_operand()?;
            }
        }
        Ok(())
    }
}

/// Calls `f` on each node id a node holds, `DIArgList` elements too.
#[cfg(feature = "std")]
fn for_each_id_mut(node: &mut MdNode, mut f: impl FnMut(&mut MdId)) {
    match node {
        MdNode::ArgList(ops) => ops.iter_mut().for_each(f),
        node => for_each_ref_mut(node, &mut f),
    }
}

/// Calls `f` on each node id a node holds (tuple elements, fields).
fn for_each_ref(node: &MdNode, mut f: impl FnMut(MdId)) {
    match node {
        MdNode::Tuple(ops) => ops.iter().flatten().for_each(|&id| f(id)),
        MdNode::Di(d) => {
            for field in d.fields.iter() {
                match field {
                    di::DiField::Md(Some(id)) => f(*id),
                    di::DiField::List(ops) => ops.iter().flatten().for_each(|&id| f(id)),
                    _ => {}
                }
            }
        }
        MdNode::Location(l) => {
            f(l.scope);
            if let Some(ia) = l.inlined_at {
                f(ia);
            }
        }
        _ => {}
    }
}

fn for_each_ref_mut(node: &mut MdNode, mut f: impl FnMut(&mut MdId)) {
    match node {
        MdNode::Tuple(ops) => ops.iter_mut().flatten().for_each(&mut f),
        MdNode::Di(d) => {
            for field in d.fields.iter_mut() {
                match field {
                    di::DiField::Md(Some(id)) => f(id),
                    di::DiField::List(ops) => ops.iter_mut().flatten().for_each(&mut f),
                    _ => {}
                }
            }
        }
        MdNode::Location(l) => {
            f(&mut l.scope);
            if let Some(ia) = &mut l.inlined_at {
                f(ia);
            }
        }
        _ => {}
    }
}

impl MdState<'_> {
    /// The provisional node a reference leads to, if any.
    fn raw_of(&self, r: MdRef) -> Option<u32> {
        match r {
            MdRef::Raw(k) => Some(k),
            MdRef::Slot(n) => match self.slots.get(n) {
                Some(&(Some(MdRef::Raw(k)), _)) => Some(k),
                _ => None,
            },
            MdRef::Final(_) | MdRef::Deferred(_) => None,
        }
    }

    /// The provisional node a placeholder id leads to, if any.
    fn raw_of_id(&self, id: MdId) -> Option<u32> {
        if id.0 & PH == 0 {
            return None;
        }
        let x = id.0 & IDX;
        match id.0 & (SLOT | RAW) {
            SLOT => self.raw_of(MdRef::Slot(x)),
            RAW => Some(x),
            0 => self.pending.get(x as usize).and_then(|&r| self.raw_of(r)),
            _ => None,
        }
    }

    /// The final id of a placeholder.
    fn resolve(&self, id: MdId) -> Option<MdId> {
        let x = id.0 & IDX;
        match id.0 & (SLOT | RAW) {
            SLOT => self.final_of(MdRef::Slot(x)),
            RAW => self.final_of(MdRef::Raw(x)),
            0 => self.final_of(*self.pending.get(x as usize)?),
            _ => None,
        }
    }

    /// The built id of `r` (after building).
    fn final_of(&self, r: MdRef) -> Option<MdId> {
        match r {
            MdRef::Final(x) => x,
            MdRef::Raw(k) => self.raw.get(k as usize).and_then(|n| n.fin),
            MdRef::Slot(n) => match self.slots.get(n) {
                Some(&(Some(MdRef::Final(x)), _)) => x,
                Some(&(Some(MdRef::Raw(k)), _)) => self.raw.get(k as usize).and_then(|n| n.fin),
                _ => None,
            },
            MdRef::Deferred(_) => None,
        }
    }
}

/// Whether a bare word in a specialized node's field is a type keyword
/// starting a typed value (`i64 40`, `ptr @g`) rather than an enum word.
fn looks_like_type(t: &[u8]) -> bool {
    matches!(
        t,
        b"ptr" | b"half" | b"bfloat" | b"float" | b"double" | b"x86_fp80" | b"fp128" | b"ppc_fp128"
    ) || (t.len() > 1 && t[0] == b'i' && t[1..].iter().all(u8::is_ascii_digit))
}
