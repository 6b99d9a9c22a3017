//! Metadata: numbered and named nodes, strings, values as metadata,
//! specialized nodes, attachments. Nodes with references to numbered nodes
//! are kept raw until the whole module is read, then built bottom-up (so
//! equal uniqued nodes become one) and every holder is patched.

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use hashbrown::HashMap;

use super::lexer::Tok;
use super::{err, PErr, Parser, R};
use crate::di::{self, DiKind, DiRaw};
use crate::metadata::{MdId, MdKindId, MdNode};
use crate::module::{Module, NamedMd, Value};
use crate::types::TypeKind;

/// Placeholder ids handed to holders until the end: `PH | index`.
pub(crate) const PH: u32 = 0x8000_0000;

/// A metadata reference while parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MdRef {
    /// Built already (`None`: `null`).
    Final(Option<MdId>),
    /// `!N`.
    Slot(u32),
    /// A raw node.
    Raw(u32),
}

#[derive(Debug, Clone)]
pub(crate) enum RawDi<'a> {
    Int(&'a str),
    Str(Cow<'a, [u8]>),
    Ident(&'a str),
    Or(Vec<RawDi<'a>>),
    Md(MdRef),
}

#[derive(Debug)]
pub(crate) enum RawKind<'a> {
    Tuple(Vec<MdRef>),
    Di(DiKind, Vec<(&'a str, RawDi<'a>, u32)>),
}

#[derive(Debug)]
pub(crate) struct RawNode<'a> {
    distinct: bool,
    kind: RawKind<'a>,
    loc: u32,
}

#[derive(Debug, Default)]
pub(crate) struct MdState<'a> {
    /// `!N`: its definition and first use.
    slots: HashMap<u32, (Option<MdRef>, u32)>,
    raw: Vec<RawNode<'a>>,
    /// Placeholder index → reference.
    pending: Vec<MdRef>,
    /// Named metadata names already defined (index into `named_md`).
    named: HashMap<Cow<'a, [u8]>, usize>,
    /// Built ids of raw nodes.
    raw_ids: Vec<Option<MdId>>,
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
        if let MdRef::Final(Some(id)) = r {
            return id;
        }
        let k = self.md.pending.len() as u32;
        self.md.pending.push(r);
        MdId(PH | k)
    }

    fn use_slot(&mut self, n: u32, loc: u32) -> MdRef {
        self.md.slots.entry(n).or_insert((None, loc));
        MdRef::Slot(n)
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
    pub fn value_as_md(&mut self, ty: crate::types::TypeId) -> R<MdRef> {
        let v = if self.f.is_some() {
            self.parse_value(ty)?
        } else {
            Value::Const(self.parse_const(ty)?)
        };
        Ok(MdRef::Final(Some(self.local_md(ty, v))))
    }

    /// `!{ ... }` after the `!`.
    fn parse_md_tuple(&mut self, distinct: bool) -> R<MdRef> {
        let loc = self.loc();
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
        if ops.iter().all(|r| refs_final(r).is_some()) {
            let node = MdNode::Tuple(ops.iter().map(|r| refs_final(r).flatten()).collect());
            let id = if distinct {
                self.m.md.push_distinct(node)
            } else {
                self.m.md.get_or_insert(node)
            };
            return Ok(MdRef::Final(Some(id)));
        }
        let k = self.md.raw.len() as u32;
        self.md.raw.push(RawNode { distinct, kind: RawKind::Tuple(ops), loc });
        Ok(MdRef::Raw(k))
    }

    /// `!DIxxx(...)` or `!DIArgList(...)` (current token the `!name`).
    fn parse_specialized(&mut self, distinct: bool) -> R<MdRef> {
        let loc = self.loc();
        let t = self.text();
        let name = core::str::from_utf8(&t[1..]).unwrap_or("");
        if name == "DIArgList" {
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
        let mut fields: Vec<(&'a str, RawDi<'a>, u32)> = Vec::new();
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
        let all_final =
            fields.iter().all(|(_, v, _)| !matches!(v, RawDi::Md(MdRef::Slot(_) | MdRef::Raw(_))));
        if all_final {
            let id = self.build_di(kind, &fields, distinct, loc, None)?;
            return Ok(MdRef::Final(Some(id)));
        }
        let k = self.md.raw.len() as u32;
        self.md.raw.push(RawNode { distinct, kind: RawKind::Di(kind, fields), loc });
        Ok(MdRef::Raw(k))
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
        distinct: bool,
        loc: u32,
        into: Option<MdId>,
    ) -> R<MdId> {
        fn conv<'b>(v: &'b RawDi<'_>, res: &dyn Fn(MdRef) -> Option<MdId>) -> DiRaw<'b> {
            match v {
                RawDi::Int(s) => DiRaw::Int(s),
                RawDi::Str(s) => DiRaw::Str(s),
                RawDi::Ident(s) => DiRaw::Ident(s),
                RawDi::Or(v) => DiRaw::Or(v.iter().map(|x| conv(x, res)).collect()),
                RawDi::Md(r) => DiRaw::Md(res(*r)),
            }
        }
        let node = {
            let st = &self.md;
            let res = |r: MdRef| -> Option<MdId> { st.final_of(r) };
            let raw: Vec<(&str, DiRaw<'_>)> =
                fields.iter().map(|(n, v, _)| (*n, conv(v, &res))).collect();
            di::build(kind, &raw, &mut self.m.md)
        };
        let node = match node {
            Ok(n) => n,
            Err(e) => {
                let at = fields.get(e.field).map_or(loc, |f| f.2);
                return err(at, e.message);
            }
        };
        let node = MdNode::Di(node);
        Ok(match into {
            Some(id) => {
                self.m.md.replace(id, node);
                id
            }
            None if distinct => self.m.md.push_distinct(node),
            None => self.m.md.get_or_insert(node),
        })
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
        let e = self.md.slots.entry(n).or_insert((None, loc - 1));
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
        for (&n, &(def, loc)) in &self.md.slots {
            if def.is_none() && undef.map_or(true, |(_, l)| loc < l) {
                undef = Some((n, loc));
            }
        }
        if let Some((n, loc)) = undef {
            return err(loc, format!("use of undefined metadata '!{n}'"));
        }
        let nraw = self.md.raw.len();
        self.md.raw_ids = alloc::vec![None; nraw];
        let mut state: Vec<u8> = alloc::vec![0; nraw];
        for i in 0..nraw {
            if self.md.raw[i].distinct {
                self.md.raw_ids[i] =
                    Some(self.m.md.push_distinct(MdNode::Tuple(Vec::new().into())));
            }
        }
        let mut stack: Vec<(u32, u32)> = Vec::new();
        for root in 0..nraw {
            if state[root] != 0 {
                continue;
            }
            state[root] = 1;
            stack.push((root as u32, 0));
            while let Some(&mut (i, ref mut pos)) = stack.last_mut() {
                let child = self.md.child(i as usize, *pos as usize);
                match child {
                    Some(c) => {
                        *pos += 1;
                        if let Some(j) = c {
                            let j = j as usize;
                            match state[j] {
                                0 => {
                                    state[j] = 1;
                                    stack.push((j as u32, 0));
                                }
                                1 if self.md.raw_ids[j].is_none() => {
                                    self.md.raw_ids[j] = Some(
                                        self.m.md.push_ununiqued(MdNode::Tuple(Vec::new().into())),
                                    );
                                }
                                _ => {}
                            }
                        }
                    }
                    None => {
                        stack.pop();
                        state[i as usize] = 2;
                        self.build_raw(i as usize)?;
                    }
                }
            }
        }
        // Placeholders.
        let pending = core::mem::take(&mut self.md.pending);
        let mut map: Vec<MdId> = Vec::with_capacity(pending.len());
        for r in pending {
            map.push(self.md.final_of(r).unwrap_or(MdId(u32::MAX)));
        }
        let fix = |id: &mut MdId| {
            if id.0 & PH != 0 {
                if let Some(&f) = map.get((id.0 & !PH) as usize) {
                    *id = f;
                }
            }
        };
        for n in &mut self.m.named_md {
            n.ops.iter_mut().for_each(fix);
        }
        for g in &mut self.m.globals {
            g.md.iter_mut().for_each(|(_, id)| fix(id));
        }
        for f in &mut self.m.functions {
            f.md.iter_mut().for_each(|(_, id)| fix(id));
            for inst in &mut f.insts {
                inst.md.iter_mut().for_each(|(_, id)| fix(id));
                for r in &mut inst.dbg_records {
                    match r {
                        crate::inst::DbgRecord::Variable {
                            location,
                            variable,
                            expression,
                            assign,
                            dbg_loc,
                            ..
                        } => {
                            fix(location);
                            fix(variable);
                            fix(expression);
                            fix(dbg_loc);
                            if let Some((a, b, c)) = assign {
                                fix(a);
                                fix(b);
                                fix(c);
                            }
                        }
                        crate::inst::DbgRecord::Label { label, dbg_loc } => {
                            fix(label);
                            fix(dbg_loc);
                        }
                    }
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

    fn build_raw(&mut self, i: usize) -> R<()> {
        let node = core::mem::replace(&mut self.md.raw[i].kind, RawKind::Tuple(Vec::new()));
        let distinct = self.md.raw[i].distinct;
        let loc = self.md.raw[i].loc;
        let pre = self.md.raw_ids[i];
        let id = match &node {
            RawKind::Tuple(ops) => {
                let v: alloc::boxed::Box<[Option<MdId>]> =
                    ops.iter().map(|r| self.md.final_of(*r)).collect();
                let n = MdNode::Tuple(v);
                match pre {
                    Some(id) => {
                        self.m.md.replace(id, n);
                        id
                    }
                    None if distinct => self.m.md.push_distinct(n),
                    None => self.m.md.get_or_insert(n),
                }
            }
            RawKind::Di(kind, fields) => self.build_di(*kind, fields, distinct, loc, pre)?,
        };
        self.md.raw_ids[i] = Some(id);
        self.md.raw[i].kind = node;
        Ok(())
    }
}

impl<'a> MdState<'a> {
    /// The raw node a reference leads to, if any.
    fn raw_of(&self, r: MdRef) -> Option<u32> {
        let mut r = r;
        for _ in 0..4 {
            match r {
                MdRef::Raw(k) => return Some(k),
                MdRef::Slot(n) => match self.slots.get(&n) {
                    Some(&(Some(d), _)) => r = d,
                    _ => return None,
                },
                MdRef::Final(_) => return None,
            }
        }
        None
    }

    /// The built id of `r` (after building).
    fn final_of(&self, r: MdRef) -> Option<MdId> {
        match r {
            MdRef::Final(x) => x,
            MdRef::Raw(k) => self.raw_ids.get(k as usize).copied().flatten(),
            MdRef::Slot(n) => match self.slots.get(&n) {
                Some(&(Some(MdRef::Final(x)), _)) => x,
                Some(&(Some(MdRef::Raw(k)), _)) => self.raw_ids.get(k as usize).copied().flatten(),
                _ => None,
            },
        }
    }

    /// The `pos`-th child of raw node `i`: `None` past the end,
    /// `Some(None)` for a child that is not a raw node.
    fn child(&self, i: usize, pos: usize) -> Option<Option<u32>> {
        match &self.raw.get(i)?.kind {
            RawKind::Tuple(ops) => ops.get(pos).map(|r| self.raw_of(*r)),
            RawKind::Di(_, fields) => {
                let mut n = 0;
                for (_, v, _) in fields {
                    if let RawDi::Md(r) = v {
                        if n == pos {
                            return Some(self.raw_of(*r));
                        }
                        n += 1;
                    }
                }
                None
            }
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
