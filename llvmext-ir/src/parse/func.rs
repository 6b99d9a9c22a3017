//! Function bodies: blocks, instructions, local values and their forward
//! references, debug records.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use hashbrown::HashMap;

use super::lexer::Tok;
use super::md::MdRef;
use super::{err, Key, Parser, R};
use crate::attr::{Attr, AttrList};
use crate::constant::ConstKind;
use crate::id::{BlockId, MdId, TypeId, Value};
use crate::inst::CallConv;
use crate::inst::*;
use crate::metadata::MdNode;
use crate::module::{Block, Function, InlineAsm, Module};
use crate::name::ByteStr;
use crate::types::TypeKind;

const FWD: u32 = 0x8000_0000;

#[derive(Debug, Clone, Copy)]
pub(crate) enum Local {
    Val(Value),
    Blk(BlockId),
    FwdVal(u32),
    FwdBlk(u32),
}

pub(crate) struct FnState<'a> {
    #[allow(dead_code)]
    fi: u32,
    params: Vec<TypeId>,
    ret: TypeId,
    locals: HashMap<Key<'a>, Local>,
    next_num: u32,
    fwd_vals: Vec<(TypeId, u32, Option<Value>, Key<'a>)>,
    fwd_blocks: Vec<(u32, Option<BlockId>, Key<'a>)>,
    insts: Vec<Inst>,
    blocks: Vec<Block>,
    md_fixups: Vec<(MdId, TypeId, Value)>,
    records: Vec<DbgRecord>,
    /// `uselistorder` directives after the blocks: where, the value and
    /// the indexes (their count checked once the body is complete).
    uselist: Vec<(u32, Value, Vec<u32>)>,
}

/// The index of block `key` of `f` (numbered blocks counted as LLVM
/// numbers local values).
pub(crate) fn find_block(f: &Function, m: &Module, key: &Key<'_>) -> Option<u32> {
    match key {
        Key::N(n) => {
            f.blocks.iter().position(|b| b.name.as_deref() == Some(&n[..])).map(|i| i as u32)
        }
        Key::I(want) => {
            let mut n = f.args.iter().filter(|a| a.name.is_none()).count() as u32;
            for (bi, b) in f.blocks.iter().enumerate() {
                if b.name.is_none() {
                    if n == *want {
                        return Some(bi as u32);
                    }
                    n += 1;
                }
                for &i in &b.insts {
                    let inst = f.inst(i);
                    if inst.name.is_none() && m.types.get(inst.ty) != Some(&TypeKind::Void) {
                        n += 1;
                    }
                }
            }
            None
        }
    }
}

enum Comma {
    None,
    Md,
    Other,
}

/// What an instruction's parser shares with `parse_inst`: the opcode as
/// written, where the instruction starts, and whether the instruction's tail ended at a
/// `, !md` attachment (the memory instructions read `, align N` and may
/// meet the attachments' comma first).
pub(crate) struct InstCx<'a> {
    op: &'a [u8],
    /// Where the instruction starts (its name, if any).
    start: u32,
    md_next: bool,
}

impl<'a> Parser<'a> {
    fn fs(&mut self) -> &mut FnState<'a> {
        self.f.as_mut().expect("in a function")
    }

    fn key_display(key: &Key<'_>) -> String {
        match key {
            Key::N(n) => {
                let mut s = String::new();
                let _ = crate::types::write_name(&mut s, n);
                format!("%{s}")
            }
            Key::I(i) => format!("%{i}"),
        }
    }

    pub fn parse_body(&mut self, fi: u32, args: Vec<(Key<'a>, u32)>, next_arg: u32) -> R<()> {
        let fty = self.m.functions[fi as usize].ty;
        let (ret, params) = match self.m.types.get(fty) {
            Some(TypeKind::Function { ret, params, .. }) => (*ret, params.to_vec()),
            _ => return self.fail("invalid function type"),
        };
        let mut locals = HashMap::new();
        for (k, i) in args {
            let kl = self.loc();
            if locals.insert(k, Local::Val(Value::Arg(i))).is_some() {
                return err(kl, "redefinition of argument");
            }
        }
        self.f = Some(FnState {
            fi,
            params,
            ret,
            locals,
            next_num: next_arg,
            fwd_vals: Vec::new(),
            fwd_blocks: Vec::new(),
            insts: Vec::new(),
            blocks: Vec::new(),
            md_fixups: Vec::new(),
            records: Vec::new(),
            uselist: Vec::new(),
        });
        let r = self.parse_blocks();
        let st = self.f.take();
        r?;
        let Some(mut st) = st else { return Ok(()) };
        // Unresolved forward references.
        if let Some((_, loc, _, key)) =
            st.fwd_vals.iter().filter(|x| x.2.is_none()).min_by_key(|x| x.1)
        {
            return err(*loc, format!("use of undefined value '{}'", Self::key_display(key)));
        }
        if let Some((loc, _, key)) =
            st.fwd_blocks.iter().filter(|x| x.1.is_none()).min_by_key(|x| x.0)
        {
            return err(*loc, format!("use of undefined value '{}'", Self::key_display(key)));
        }
        let vals: Vec<Option<Value>> = st.fwd_vals.iter().map(|x| x.2).collect();
        let blks: Vec<Option<BlockId>> = st.fwd_blocks.iter().map(|x| x.1).collect();
        if !vals.is_empty() || !blks.is_empty() {
            for inst in &mut st.insts {
                inst.kind.for_each_operand_mut(|v| {
                    if let Value::Inst(InstId(i)) = *v {
                        if i & FWD != 0 {
                            if let Some(Some(r)) = vals.get((i & !FWD) as usize) {
                                *v = *r;
                            }
                        }
                    }
                });
                inst.kind.for_each_block_mut(|b| {
                    if b.0 & FWD != 0 {
                        if let Some(Some(r)) = blks.get((b.0 & !FWD) as usize) {
                            *b = *r;
                        }
                    }
                });
            }
        }
        for (id, ty, v) in core::mem::take(&mut st.md_fixups) {
            let v = match v {
                Value::Inst(InstId(i)) if i & FWD != 0 => {
                    vals.get((i & !FWD) as usize).copied().flatten().unwrap_or(v)
                }
                _ => v,
            };
            self.m.md.replace(id, MdNode::Value(ty, v));
        }
        let f = &mut self.m.functions[fi as usize];
        // Growth slack would stay for the module's lifetime.
        f.insts = st.insts;
        f.insts.shrink_to_fit();
        f.blocks = st.blocks;
        f.blocks.shrink_to_fit();
        for b in &mut f.blocks {
            b.insts.shrink_to_fit();
        }
        for (loc, v, order) in st.uselist {
            let n = order.len();
            if let Value::Inst(_) | Value::Arg(_) = v {
                let f = &self.m.functions[fi as usize];
                let mut uses = 0usize;
                for b in &f.blocks {
                    for i in &b.insts {
                        if let Some(inst) = f.insts.get(i.0 as usize) {
                            let mut k = inst.kind.clone();
                            k.for_each_operand_mut(|x| uses += usize::from(*x == v));
                        }
                    }
                }
                super::check_use_count(loc, uses, n)?;
            }
            self.m.value_use_orders.push(crate::module::ValueUseOrder {
                func: Some(fi),
                value: v,
                order: order.into(),
            });
        }
        Ok(())
    }

    fn parse_blocks(&mut self) -> R<()> {
        loop {
            if self.is("uselistorder") && !self.fs().blocks.is_empty() {
                // LLParser: the directives follow the last block.
                while !self.eat_tok(Tok::RBrace) {
                    let loc = self.loc();
                    if !self.eat("uselistorder") {
                        return self.fail("expected uselistorder directive");
                    }
                    let ty = self.parse_type()?;
                    let v = self.parse_value(ty)?;
                    self.expect(Tok::Comma, "comma in uselistorder directive")?;
                    let order = self.parse_uselist_indexes()?;
                    self.fs().uselist.push((loc, v, order));
                }
                return Ok(());
            }
            if self.eat_tok(Tok::RBrace) {
                if self.fs().blocks.is_empty() {
                    return self.fail("function body requires at least one basic block");
                }
                return Ok(());
            }
            // A block label.
            let loc = self.loc();
            let key = match self.tok.kind {
                Tok::Label => {
                    let t = self.text();
                    let k = Key::N(alloc::borrow::Cow::Borrowed(&t[..t.len() - 1]));
                    self.bump();
                    Some(k)
                }
                Tok::LabelStr => {
                    let t = self.text();
                    let k = Key::N(super::lexer::unescape(&t[1..t.len() - 2]));
                    self.bump();
                    Some(k)
                }
                Tok::LabelId => {
                    let t = self.text();
                    // LLVM keeps the number modulo 2^32 (an `unsigned`).
                    let n = t[..t.len() - 1].iter().fold(0u32, |n, &d| {
                        n.wrapping_mul(10).wrapping_add(u32::from(d.wrapping_sub(b'0')))
                    });
                    self.bump();
                    // LLParser's NameID is an `int` whose -1 means "no
                    // number": label 4294967295 is an unnumbered block.
                    if n == u32::MAX {
                        None
                    } else {
                        let next = self.fs().next_num;
                        if n < next {
                            return err(
                                loc,
                                format!("label expected to be numbered '{next}' or greater"),
                            );
                        }
                        self.fs().next_num = n.wrapping_add(1);
                        Some(Key::I(n))
                    }
                }
                Tok::Eof => return self.fail("found end of file when expecting more instructions"),
                _ => None,
            };
            let key = match key {
                Some(k) => k,
                None => {
                    let n = self.fs().next_num;
                    self.fs().next_num = self.fs().next_num.wrapping_add(1);
                    Key::I(n)
                }
            };
            let name = match &key {
                Key::N(n) => Some(ByteStr::from(&**n)),
                Key::I(_) => None,
            };
            let st = self.fs();
            let id = BlockId(st.blocks.len() as u32);
            st.blocks.push(Block { name, insts: Vec::new() });
            match st.locals.get(&key).copied() {
                Some(Local::FwdBlk(k)) => {
                    st.fwd_blocks[k as usize].1 = Some(id);
                    st.locals.insert(key, Local::Blk(id));
                }
                Some(Local::FwdVal(_)) | Some(Local::Val(_)) | Some(Local::Blk(_)) => {
                    return err(loc, String::from("redefinition of label"));
                }
                None => {
                    st.locals.insert(key, Local::Blk(id));
                }
            }
            // Instructions up to a terminator.
            loop {
                if self.tok.kind == Tok::DbgRecord {
                    if self.seen_dbg_calls {
                        return self.fail(
                            "debug record should not appear in a module containing debug info intrinsics",
                        );
                    }
                    self.seen_dbg_records = true;
                    let r = self.parse_dbg_record()?;
                    self.fs().records.push(r);
                    continue;
                }
                if self.parse_inst()? {
                    break;
                }
            }
        }
    }

    fn parse_dbg_record(&mut self) -> R<DbgRecord> {
        let t = self.text();
        let kind = match t {
            b"#dbg_value" => Some(DbgKind::Value),
            b"#dbg_declare" => Some(DbgKind::Declare),
            b"#dbg_assign" => Some(DbgKind::Assign),
            b"#dbg_label" => None,
            _ => return self.fail("expected debug record type"),
        };
        self.bump();
        self.expect(Tok::LParen, "'(' here")?;
        let r = match kind {
            None => {
                let l = self.parse_md_operand()?;
                self.expect(Tok::Comma, "',' here")?;
                let d = self.parse_md_operand()?;
                DbgRecord::Label { label: self.md_holder(l), dbg_loc: self.md_holder(d) }
            }
            Some(k) => {
                let loc = self.parse_dbg_location()?;
                self.expect(Tok::Comma, "',' here")?;
                let var = self.parse_md_operand()?;
                self.expect(Tok::Comma, "',' here")?;
                let expr = self.parse_md_operand()?;
                self.expect(Tok::Comma, "',' here")?;
                let assign = if k == DbgKind::Assign {
                    let id = self.parse_md_operand()?;
                    self.expect(Tok::Comma, "',' here")?;
                    let addr = self.parse_dbg_location()?;
                    self.expect(Tok::Comma, "',' here")?;
                    let ae = self.parse_md_operand()?;
                    self.expect(Tok::Comma, "',' here")?;
                    Some((self.md_holder(id), addr, self.md_holder(ae)))
                } else {
                    None
                };
                let dl = self.parse_md_operand()?;
                DbgRecord::Variable {
                    kind: k,
                    location: loc,
                    variable: self.md_holder(var),
                    expression: self.md_holder(expr),
                    assign,
                    dbg_loc: self.md_holder(dl),
                }
            }
        };
        self.expect(Tok::RParen, "')' here")?;
        Ok(r)
    }

    /// A debug record's location: a value, `!DIArgList(...)`, `!{}`.
    fn parse_dbg_location(&mut self) -> R<MdId> {
        let r = self.parse_md_operand()?;
        Ok(self.md_holder(r))
    }

    /// A value (or forward reference) as metadata; forward references get
    /// a node filled in at the end of the function.
    pub fn local_md(&mut self, ty: TypeId, v: Value) -> MdId {
        if let Value::Inst(InstId(i)) = v {
            if i & FWD != 0 {
                let id = self.m.md.push_ununiqued(MdNode::Value(ty, v));
                if let Some(st) = self.f.as_mut() {
                    st.md_fixups.push((id, ty, v));
                }
                return id;
            }
        }
        self.m.md.get_or_insert(MdNode::Value(ty, v))
    }

    fn value_ty(&self, v: Value) -> Option<TypeId> {
        let st = self.f.as_ref()?;
        match v {
            Value::Arg(n) => st.params.get(n as usize).copied(),
            Value::Inst(InstId(i)) if i & FWD != 0 => {
                st.fwd_vals.get((i & !FWD) as usize).map(|x| x.0)
            }
            Value::Inst(InstId(i)) => st.insts.get(i as usize).map(|x| x.ty),
            Value::Const(c) => self.m.consts.ty(c),
            Value::Metadata(_) => self.m.types.find(&TypeKind::Metadata),
            Value::InlineAsm(i) => self.m.inline_asm.get(i as usize).map(|a| a.ty),
        }
    }

    /// A value of type `ty` (local, constant, or metadata for `metadata`).
    pub fn parse_value(&mut self, ty: TypeId) -> R<Value> {
        let loc = self.loc();
        match self.tok.kind {
            Tok::LocalVar | Tok::LocalId if self.f.is_some() => {
                let key = if self.tok.kind == Tok::LocalId {
                    Key::I(self.var_num()?)
                } else {
                    Key::N(self.var_name())
                };
                self.bump();
                self.local_value(key, ty, loc)
            }
            _ => {
                if self.m.types.get(ty) == Some(&TypeKind::Metadata) {
                    let r = if self.tok.kind == Tok::Exclaim || self.tok.kind == Tok::MetadataVar {
                        self.parse_md_operand()?
                    } else {
                        let t = self.parse_type()?;
                        self.value_as_md(t)?
                    };
                    return Ok(Value::Metadata(self.md_holder(r)));
                }
                if self.is("asm") {
                    return self.fail("inline asm is only valid as a callee");
                }
                Ok(Value::Const(self.parse_const(ty)?))
            }
        }
    }

    fn local_value(&mut self, key: Key<'a>, ty: TypeId, loc: u32) -> R<Value> {
        let found = self.fs().locals.get(&key).copied();
        match found {
            Some(Local::Val(v)) => {
                let vt = self.value_ty(v);
                if vt != Some(ty) {
                    let got = vt.map(|t| self.m.types.display(t).to_string()).unwrap_or_default();
                    return err(
                        loc,
                        format!(
                            "'{}' defined with type '{}' but expected '{}'",
                            Self::key_display(&key),
                            got,
                            self.m.types.display(ty)
                        ),
                    );
                }
                Ok(v)
            }
            Some(Local::FwdVal(k)) => {
                let st = self.fs();
                let ft = st.fwd_vals[k as usize].0;
                if ft != ty {
                    return err(
                        loc,
                        format!(
                            "'{}' defined with type '{}' but expected '{}'",
                            Self::key_display(&key),
                            self.m.types.display(ft),
                            self.m.types.display(ty)
                        ),
                    );
                }
                Ok(Value::Inst(InstId(FWD | k)))
            }
            Some(Local::Blk(_)) | Some(Local::FwdBlk(_)) => err(
                loc,
                format!(
                    "'{}' defined with type 'label' but expected '{}'",
                    Self::key_display(&key),
                    self.m.types.display(ty)
                ),
            ),
            None => {
                if let Key::I(n) = key {
                    if n < self.fs().next_num {
                        return err(loc, format!("use of undefined value '%{n}'"));
                    }
                }
                if matches!(
                    self.m.types.get(ty),
                    Some(TypeKind::Void | TypeKind::Label | TypeKind::Function { .. })
                ) {
                    return err(loc, "invalid use of a non-first-class type");
                }
                let st = self.fs();
                let k = st.fwd_vals.len() as u32;
                st.fwd_vals.push((ty, loc, None, key.clone()));
                st.locals.insert(key, Local::FwdVal(k));
                Ok(Value::Inst(InstId(FWD | k)))
            }
        }
    }

    /// `label %bb` (the `label` keyword included).
    fn parse_label(&mut self) -> R<BlockId> {
        self.expect_kw("label")?;
        self.parse_block_ref()
    }

    fn parse_block_ref(&mut self) -> R<BlockId> {
        let loc = self.loc();
        let key = match self.tok.kind {
            Tok::LocalVar => Key::N(self.var_name()),
            Tok::LocalId => Key::I(self.var_num()?),
            _ => return self.fail("expected a basic block"),
        };
        self.bump();
        let st = self.fs();
        match st.locals.get(&key).copied() {
            Some(Local::Blk(b)) => Ok(b),
            Some(Local::FwdBlk(k)) => Ok(BlockId(FWD | k)),
            Some(Local::Val(_)) | Some(Local::FwdVal(_)) => {
                err(loc, format!("'{}' is not a basic block", Self::key_display(&key)))
            }
            None => {
                if let Key::I(n) = key {
                    if n < st.next_num {
                        return err(loc, format!("use of undefined value '%{n}'"));
                    }
                }
                let k = st.fwd_blocks.len() as u32;
                st.fwd_blocks.push((loc, None, key.clone()));
                st.locals.insert(key, Local::FwdBlk(k));
                Ok(BlockId(FWD | k))
            }
        }
    }

    fn typed_value(&mut self) -> R<(TypeId, Value)> {
        let t = self.parse_type()?;
        let v = self.parse_value(t)?;
        Ok((t, v))
    }

    fn comma(&mut self) -> Comma {
        if !self.eat_tok(Tok::Comma) {
            return Comma::None;
        }
        if self.tok.kind == Tok::MetadataVar {
            Comma::Md
        } else {
            Comma::Other
        }
    }

    fn parse_ordering(&mut self) -> R<Ordering> {
        let o = match Ordering::from_keyword(self.text()) {
            Some(o) if o != Ordering::NotAtomic && self.tok.kind == Tok::Ident => o,
            _ => return self.fail("Expected ordering on atomic instruction"),
        };
        self.bump();
        Ok(o)
    }

    fn parse_scope(&mut self) -> R<SyncScope> {
        if !self.eat("syncscope") {
            return Ok(None);
        }
        self.expect(Tok::LParen, "'(' in syncscope")?;
        let s = self.parse_str_utf8()?;
        self.expect(Tok::RParen, "')' after syncscope")?;
        Ok(Some(s))
    }

    fn parse_fmf(&mut self) -> u8 {
        let mut f = 0;
        loop {
            let b = match self.text() {
                b"fast" => fmf::FAST,
                b"nnan" => fmf::NNAN,
                b"ninf" => fmf::NINF,
                b"nsz" => fmf::NSZ,
                b"arcp" => fmf::ARCP,
                b"contract" => fmf::CONTRACT,
                b"afn" => fmf::AFN,
                b"reassoc" => fmf::REASSOC,
                _ => return f,
            };
            if self.tok.kind != Tok::Ident {
                return f;
            }
            f |= b;
            self.bump();
        }
    }

    /// `, align N` style options after a memory instruction; returns the
    /// alignment and whether a metadata attachment follows.
    fn parse_align_tail(&mut self) -> R<(u64, bool)> {
        let mut align = 0;
        loop {
            match self.comma() {
                Comma::None => return Ok((align, false)),
                Comma::Md => return Ok((align, true)),
                Comma::Other => {
                    let loc = self.loc();
                    if self.eat("align") {
                        align = self.parse_align_value(loc)?;
                    } else {
                        return self.fail("expected metadata or 'align'");
                    }
                }
            }
        }
    }

    /// The store size of `t` in bytes as LLVM's DataLayout gives it, for
    /// the default alignment of `atomicrmw` and `cmpxchg`.
    fn store_size(&self, t: TypeId) -> u64 {
        self.dl.store_size(&self.m.types, t).unwrap_or(1)
    }

    /// The alignment LLParser gives a `load`/`store` of `t` that names
    /// none: its ABI alignment (an unsized type is an error).
    fn default_abi_align(&self, t: TypeId, loc: u32, what: &str) -> R<u64> {
        match self.dl.abi_align(&self.m.types, t) {
            Some(a) => Ok(a),
            None => err(loc, what.to_string()),
        }
    }

    fn scalar_of(&self, t: TypeId) -> Option<&TypeKind> {
        match self.m.types.get(t) {
            Some(TypeKind::Vector { elem, .. }) => self.m.types.get(*elem),
            x => x,
        }
    }

    fn cmp_result(&mut self, t: TypeId) -> R<TypeId> {
        let i1 = self.m.types.int(1);
        let i1 = self.tmap(0, i1)?;
        match self.m.types.get(t).cloned() {
            Some(TypeKind::Vector { len, scalable, .. }) => {
                let r = self.m.types.vector(i1, len, scalable);
                self.tmap(0, r)
            }
            _ => Ok(i1),
        }
    }

    /// One instruction; returns whether it was a terminator.
    fn parse_inst(&mut self) -> R<bool> {
        let start = self.loc();
        let mut name: Option<Key<'a>> = None;
        if matches!(self.tok.kind, Tok::LocalVar | Tok::LocalId) {
            name = if self.tok.kind == Tok::LocalId {
                // As for labels, LLParser's -1 "no number": unnamed.
                Some(self.var_num()?).filter(|&n| n != u32::MAX).map(Key::I)
            } else {
                Some(Key::N(self.var_name()))
            };
            self.bump();
            self.expect(Tok::Equal, "'=' after instruction name")?;
        }
        if self.tok.kind == Tok::Eof {
            return self.fail("found end of file when expecting more instructions");
        }
        if self.tok.kind != Tok::Ident {
            return self.fail("expected instruction opcode");
        }
        let op_loc = self.loc();
        let op = self.text();
        self.bump();
        let mut cx = InstCx { op, start, md_next: false };
        let (kind, ty): (InstKind, TypeId) = if let Some(bop) = BinOp::from_keyword(op) {
            self.parse_binary(bop)?
        } else if let Some(cop) = CastOp::from_keyword(op) {
            self.parse_cast(cop, op_loc)?
        } else {
            match op {
                b"ret" => self.parse_ret()?,
                b"br" => self.parse_br()?,
                b"switch" => self.parse_switch()?,
                b"indirectbr" => self.parse_indirectbr()?,
                b"invoke" => self.parse_invoke()?,
                b"callbr" => self.parse_callbr()?,
                b"resume" => self.parse_resume()?,
                b"unreachable" => self.parse_unreachable()?,
                b"catchswitch" => self.parse_catchswitch()?,
                b"catchret" => self.parse_catchret()?,
                b"cleanupret" => self.parse_cleanupret()?,
                b"catchpad" | b"cleanuppad" => self.parse_pad(&mut cx)?,
                b"fneg" => self.parse_fneg()?,
                b"icmp" => self.parse_icmp()?,
                b"fcmp" => self.parse_fcmp()?,
                b"select" => self.parse_select()?,
                b"va_arg" => self.parse_va_arg()?,
                b"extractelement" => self.parse_extractelement()?,
                b"insertelement" => self.parse_insertelement()?,
                b"shufflevector" => self.parse_shufflevector()?,
                b"phi" => self.parse_phi(&mut cx)?,
                b"landingpad" => self.parse_landingpad()?,
                b"freeze" => self.parse_freeze()?,
                b"call" | b"tail" | b"musttail" | b"notail" => self.parse_call(&mut cx)?,
                b"alloca" => self.parse_alloca(&mut cx)?,
                b"load" => self.parse_load(&mut cx)?,
                b"store" => self.parse_store(&mut cx)?,
                b"fence" => self.parse_fence()?,
                b"cmpxchg" => self.parse_cmpxchg(&mut cx)?,
                b"atomicrmw" => self.parse_atomicrmw(&mut cx)?,
                b"getelementptr" => self.parse_gep(&mut cx)?,
                b"extractvalue" | b"insertvalue" => self.parse_aggregate(&mut cx)?,
                _ => return err(op_loc, "expected instruction opcode"),
            }
        };
        let term = kind.is_terminator();
        // Metadata attachments.
        let mut md = crate::inst::Attachments::new();
        if cx.md_next || matches!(self.comma_if_md(), Some(true)) {
            // Mostly one (`!dbg`): room for exactly that, not Vec's four.
            md.reserve_exact(1);
            loop {
                if self.tok.kind != Tok::MetadataVar {
                    return self.fail("expected metadata after comma");
                }
                md.push(self.parse_md_attachment()?);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
        }
        let is_void = self.m.types.get(ty) == Some(&TypeKind::Void);
        let st = self.fs();
        let id = InstId(st.insts.len() as u32);
        let records = core::mem::take(&mut st.records);
        let mut iname = None;
        match name {
            Some(key) => {
                if is_void {
                    return err(start, "instructions returning void cannot have a name");
                }
                if let Key::I(n) = key {
                    if n < st.next_num {
                        return err(
                            start,
                            format!(
                                "instruction expected to be numbered '%{}' or greater",
                                st.next_num
                            ),
                        );
                    }
                    st.next_num = n.wrapping_add(1);
                } else if let Key::N(n) = &key {
                    iname = Some(ByteStr::from(&**n));
                }
                self.define_local(key, Value::Inst(id), ty, start)?;
            }
            None => {
                if !is_void {
                    let n = st.next_num;
                    st.next_num = st.next_num.wrapping_add(1);
                    self.define_local(Key::I(n), Value::Inst(id), ty, start)?;
                }
            }
        }
        let st = self.fs();
        st.insts.push(Inst { kind, ty, name: iname, md, dbg_records: records });
        if let Some(b) = st.blocks.last_mut() {
            b.insts.push(id);
        }
        Ok(term)
    }

    /// `ret` (the opcode read).
    fn parse_ret(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let tl = self.loc();
        let t = self.parse_type()?;
        let want = self.fs().ret;
        Ok(if t == void {
            if want != void {
                return err(
                    tl,
                    format!(
                        "value doesn't match function result type '{}'",
                        self.m.types.display(want)
                    ),
                );
            }
            (InstKind::Ret(None), void)
        } else {
            let v = self.parse_value(t)?;
            if t != want {
                return err(
                    tl,
                    format!(
                        "value doesn't match function result type '{}'",
                        self.m.types.display(want)
                    ),
                );
            }
            (InstKind::Ret(Some(v)), void)
        })
    }

    /// `br` (the opcode read).
    fn parse_br(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let tl = self.loc();
        let t = self.parse_type()?;
        Ok(match self.m.types.get(t) {
            Some(TypeKind::Label) => {
                let b = self.parse_block_ref()?;
                (InstKind::Br(b), void)
            }
            Some(TypeKind::Int(1)) => {
                let c = self.parse_value(t)?;
                self.expect(Tok::Comma, "',' after branch condition")?;
                let a = self.parse_label()?;
                self.expect(Tok::Comma, "',' after true destination")?;
                let b = self.parse_label()?;
                (InstKind::CondBr { cond: c, then_dest: a, else_dest: b }, void)
            }
            _ => return err(tl, "branch condition must have 'i1' type"),
        })
    }

    /// `switch` (the opcode read).
    fn parse_switch(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let (t, c) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after switch condition")?;
        let d = self.parse_label()?;
        self.expect(Tok::LBrack, "'[' with switch table")?;
        let mut cases = Vec::new();
        while !self.eat_tok(Tok::RBrack) {
            let cl = self.loc();
            let ct = self.parse_type()?;
            if ct != t {
                return err(cl, "case value is not a constant integer");
            }
            let cv = self.parse_const(ct)?;
            self.expect(Tok::Comma, "',' after case value")?;
            let b = self.parse_label()?;
            cases.push((cv, b));
            if self.tok.kind == Tok::Eof {
                return self.fail("expected ']'");
            }
        }
        Ok((InstKind::Switch { cond: c, default: d, cases }, void))
    }

    /// `indirectbr` (the opcode read).
    fn parse_indirectbr(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let (_, a) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after indirectbr address")?;
        self.expect(Tok::LBrack, "'[' with indirectbr")?;
        let mut dests = Vec::new();
        if !self.eat_tok(Tok::RBrack) {
            loop {
                dests.push(self.parse_label()?);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrack, "']' at end of block list")?;
        }
        Ok((InstKind::IndirectBr { addr: a, dests }, void))
    }

    /// `invoke` (the opcode read).
    fn parse_invoke(&mut self) -> R<(InstKind, TypeId)> {
        let (call, ty) = self.parse_call_common(false)?;
        self.expect_kw("to")?;
        let n = self.parse_label()?;
        self.expect_kw("unwind")?;
        let u = self.parse_label()?;
        Ok((InstKind::Invoke { call: Box::new(call), normal: n, unwind: u }, ty))
    }

    /// `callbr` (the opcode read).
    fn parse_callbr(&mut self) -> R<(InstKind, TypeId)> {
        let (call, ty) = self.parse_call_common(false)?;
        self.expect_kw("to")?;
        let d = self.parse_label()?;
        self.expect(Tok::LBrack, "'[' in callbr")?;
        let mut ind = Vec::new();
        if !self.eat_tok(Tok::RBrack) {
            loop {
                ind.push(self.parse_label()?);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrack, "']' at end of block list")?;
        }
        Ok((InstKind::CallBr { call: Box::new(call), default: d, indirect: ind }, ty))
    }

    /// `resume` (the opcode read).
    fn parse_resume(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let (_, v) = self.typed_value()?;
        Ok((InstKind::Resume(v), void))
    }

    /// `unreachable` (the opcode read).
    fn parse_unreachable(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        Ok((InstKind::Unreachable, void))
    }

    /// `catchswitch` (the opcode read).
    fn parse_catchswitch(&mut self) -> R<(InstKind, TypeId)> {
        self.expect_kw("within")?;
        let parent = self.parse_pad_parent()?;
        self.expect(Tok::LBrack, "'[' with catchswitch labels")?;
        let mut handlers = Vec::new();
        loop {
            handlers.push(self.parse_label()?);
            if !self.eat_tok(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrack, "']' after catchswitch labels")?;
        self.expect_kw("unwind")?;
        let unwind = if self.eat("to") {
            self.expect_kw("caller")?;
            None
        } else {
            Some(self.parse_label()?)
        };
        let tok = self.m.types.token();
        Ok((InstKind::CatchSwitch { parent, handlers, unwind }, tok))
    }

    /// `catchret` (the opcode read).
    fn parse_catchret(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        self.expect_kw("from")?;
        let tok = self.m.types.token();
        let pad = self.parse_value(tok)?;
        self.expect_kw("to")?;
        let d = self.parse_label()?;
        Ok((InstKind::CatchRet { pad, dest: d }, void))
    }

    /// `cleanupret` (the opcode read).
    fn parse_cleanupret(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        self.expect_kw("from")?;
        let tok = self.m.types.token();
        let pad = self.parse_value(tok)?;
        self.expect_kw("unwind")?;
        let unwind = if self.eat("to") {
            self.expect_kw("caller")?;
            None
        } else {
            Some(self.parse_label()?)
        };
        Ok((InstKind::CleanupRet { pad, unwind }, void))
    }

    /// `catchpad`, `cleanuppad` (the opcode read).
    fn parse_pad(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let op = cx.op;
        let catch = op == b"catchpad";
        self.expect_kw("within")?;
        let parent = self.parse_pad_parent()?;
        self.expect(Tok::LBrack, "'[' here")?;
        let mut args = Vec::new();
        if !self.eat_tok(Tok::RBrack) {
            loop {
                args.push(self.typed_value()?.1);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrack, "']' here")?;
        }
        let tok = self.m.types.token();
        Ok(if catch {
            (InstKind::CatchPad { parent, args }, tok)
        } else {
            (InstKind::CleanupPad { parent, args }, tok)
        })
    }

    /// `fneg` (the opcode read).
    fn parse_fneg(&mut self) -> R<(InstKind, TypeId)> {
        let f = self.parse_fmf();
        let tl = self.loc();
        let (t, v) = self.typed_value()?;
        if !matches!(self.scalar_of(t), Some(TypeKind::Float(_))) {
            return err(tl, "invalid operand type for instruction");
        }
        Ok((InstKind::FNeg { val: v, fmf: f }, t))
    }

    /// `icmp` (the opcode read).
    fn parse_icmp(&mut self) -> R<(InstKind, TypeId)> {
        let mut fl = 0;
        if self.eat("samesign") {
            fl |= flags::SAMESIGN;
        }
        let Some(pred) = IntPred::from_keyword(self.text()) else {
            return self.fail("expected icmp predicate (e.g. 'eq')");
        };
        self.bump();
        let tl = self.loc();
        let (t, a) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after compare value")?;
        let b = self.parse_value(t)?;
        if !matches!(self.scalar_of(t), Some(TypeKind::Int(_) | TypeKind::Ptr(_))) {
            return err(tl, "icmp requires integer operands");
        }
        let rt = self.cmp_result(t)?;
        Ok((InstKind::ICmp { pred, lhs: a, rhs: b, flags: fl }, rt))
    }

    /// `fcmp` (the opcode read).
    fn parse_fcmp(&mut self) -> R<(InstKind, TypeId)> {
        let f = self.parse_fmf();
        let Some(pred) = FloatPred::from_keyword(self.text()) else {
            return self.fail("expected fcmp predicate (e.g. 'oeq')");
        };
        self.bump();
        let tl = self.loc();
        let (t, a) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after compare value")?;
        let b = self.parse_value(t)?;
        if !matches!(self.scalar_of(t), Some(TypeKind::Float(_))) {
            return err(tl, "fcmp requires floating point operands");
        }
        let rt = self.cmp_result(t)?;
        Ok((InstKind::FCmp { pred, lhs: a, rhs: b, fmf: f }, rt))
    }

    /// `select` (the opcode read).
    fn parse_select(&mut self) -> R<(InstKind, TypeId)> {
        let f = self.parse_fmf();
        let (_, c) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after select condition")?;
        let (t, a) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after select value")?;
        let tl = self.loc();
        let (t2, b) = self.typed_value()?;
        if t != t2 {
            return err(tl, "select values must have same type");
        }
        Ok((InstKind::Select { cond: c, then_val: a, else_val: b, fmf: f }, t))
    }

    /// `va_arg` (the opcode read).
    fn parse_va_arg(&mut self) -> R<(InstKind, TypeId)> {
        let (_, v) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after vaarg operand")?;
        let t = self.parse_type()?;
        Ok((InstKind::VaArg(v), t))
    }

    /// `extractelement` (the opcode read).
    fn parse_extractelement(&mut self) -> R<(InstKind, TypeId)> {
        let tl = self.loc();
        let (t, v) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after extract value")?;
        let (_, i) = self.typed_value()?;
        let Some(TypeKind::Vector { elem, .. }) = self.m.types.get(t).cloned() else {
            return err(tl, "invalid extractelement operands");
        };
        Ok((InstKind::ExtractElement { vec: v, idx: i }, elem))
    }

    /// `insertelement` (the opcode read).
    fn parse_insertelement(&mut self) -> R<(InstKind, TypeId)> {
        let (t, v) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after insertelement value")?;
        let (_, e) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after insertelement value")?;
        let (_, i) = self.typed_value()?;
        Ok((InstKind::InsertElement { vec: v, elt: e, idx: i }, t))
    }

    /// `shufflevector` (the opcode read).
    fn parse_shufflevector(&mut self) -> R<(InstKind, TypeId)> {
        let tl = self.loc();
        let (t, a) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after shuffle mask")?;
        let (_, b) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after shuffle value")?;
        let mt = self.parse_type()?;
        let mask = self.parse_const(mt)?;
        let (Some(TypeKind::Vector { elem, .. }), Some(TypeKind::Vector { len, scalable, .. })) =
            (self.m.types.get(t).cloned(), self.m.types.get(mt).cloned())
        else {
            return err(tl, "invalid shufflevector operands");
        };
        let rt = self.m.types.vector(elem, len, scalable);
        let rt = self.tmap(tl, rt)?;
        Ok((InstKind::ShuffleVector { a, b, mask }, rt))
    }

    /// `phi` (the opcode read).
    fn parse_phi(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let f = self.parse_fmf();
        let t = self.parse_type()?;
        let mut incoming = Vec::new();
        loop {
            self.expect(Tok::LBrack, "'[' in phi value list")?;
            let v = self.parse_value(t)?;
            self.expect(Tok::Comma, "',' after insertelement value")?;
            let b = self.parse_block_ref()?;
            self.expect(Tok::RBrack, "']' in phi value list")?;
            incoming.push((v, b));
            match self.comma() {
                Comma::None => break,
                Comma::Md => {
                    cx.md_next = true;
                    break;
                }
                Comma::Other => {}
            }
        }
        Ok((InstKind::Phi { incoming, fmf: f }, t))
    }

    /// `landingpad` (the opcode read).
    fn parse_landingpad(&mut self) -> R<(InstKind, TypeId)> {
        let t = self.parse_type()?;
        let cleanup = self.eat("cleanup");
        let mut clauses = Vec::new();
        loop {
            if self.eat("catch") {
                clauses.push(Clause::Catch(self.typed_value()?.1));
            } else if self.eat("filter") {
                clauses.push(Clause::Filter(self.typed_value()?.1));
            } else {
                break;
            }
        }
        Ok((InstKind::LandingPad { cleanup, clauses }, t))
    }

    /// `freeze` (the opcode read).
    fn parse_freeze(&mut self) -> R<(InstKind, TypeId)> {
        let (t, v) = self.typed_value()?;
        Ok((InstKind::Freeze(v), t))
    }

    /// `call`, `tail call`, `musttail call`, `notail call` (the opcode read).
    fn parse_call(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let op = cx.op;
        let tail = match op {
            b"tail" => TailKind::Tail,
            b"musttail" => TailKind::MustTail,
            b"notail" => TailKind::NoTail,
            _ => TailKind::None,
        };
        if tail != TailKind::None {
            self.expect_kw("call")?;
        }
        let (call, ty) = self.parse_call_common(true)?;
        Ok((InstKind::Call { call: Box::new(call), tail }, ty))
    }

    /// `alloca` (the opcode read).
    fn parse_alloca(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let mut inalloca = false;
        let mut swifterror = false;
        loop {
            if self.eat("inalloca") {
                inalloca = true;
            } else if self.eat("swifterror") {
                swifterror = true;
            } else {
                break;
            }
        }
        let tloc = self.loc();
        let t = self.parse_type()?;
        let i32t = self.m.types.int(32);
        let i32t = self.tmap(0, i32t)?;
        let one = self.m.consts.int_u64(&self.m.types, i32t, 1);
        let mut count = Value::Const(self.tmap(0, one)?);
        let mut align = 0;
        let mut asp = 0;
        loop {
            match self.comma() {
                Comma::None => break,
                Comma::Md => {
                    cx.md_next = true;
                    break;
                }
                Comma::Other => {
                    let loc = self.loc();
                    if self.eat("align") {
                        align = self.parse_align_value(loc)?;
                    } else if self.is("addrspace") {
                        asp = self.parse_opt_addrspace()?;
                    } else {
                        count = self.typed_value()?.1;
                    }
                }
            }
        }
        if align == 0 {
            match self.dl.pref_align(&self.m.types, t) {
                Some(a) => align = a,
                None => return err(tloc, "Cannot allocate unsized type"),
            }
        }
        let pt = self.m.types.ptr(asp);
        let pt = self.tmap(cx.start, pt)?;
        Ok((InstKind::Alloca { ty: t, count, align, addrspace: asp, inalloca, swifterror }, pt))
    }

    /// `load` (the opcode read).
    fn parse_load(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let atomic = self.eat("atomic");
        let volatile = self.eat("volatile");
        let tloc = self.loc();
        let t = self.parse_type()?;
        self.expect(Tok::Comma, "comma after load's type")?;
        let pl = self.loc();
        let (pt, p) = self.typed_value()?;
        if !matches!(self.m.types.get(pt), Some(TypeKind::Ptr(_))) {
            return err(pl, "load operand must be a pointer");
        }
        let mut scope = None;
        let mut ordering = Ordering::NotAtomic;
        if atomic {
            scope = self.parse_scope()?;
            ordering = self.parse_ordering()?;
        }
        let (mut align, m) = self.parse_align_tail()?;
        if align == 0 && ordering != Ordering::NotAtomic {
            return err(pl, "atomic load must have explicit non-zero alignment");
        }
        if align == 0 {
            align = self.default_abi_align(t, tloc, "loading unsized types is not allowed")?;
        }
        cx.md_next = m;
        Ok((InstKind::Load { ptr: p, align, volatile, ordering, scope }, t))
    }

    /// `store` (the opcode read).
    fn parse_store(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let atomic = self.eat("atomic");
        let volatile = self.eat("volatile");
        let vloc = self.loc();
        let (vt, v) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after store operand")?;
        let pl = self.loc();
        let (pt, p) = self.typed_value()?;
        if !matches!(self.m.types.get(pt), Some(TypeKind::Ptr(_))) {
            return err(pl, "store operand must be a pointer");
        }
        let mut scope = None;
        let mut ordering = Ordering::NotAtomic;
        if atomic {
            scope = self.parse_scope()?;
            ordering = self.parse_ordering()?;
        }
        let (mut align, m) = self.parse_align_tail()?;
        if align == 0 && ordering != Ordering::NotAtomic {
            return err(vloc, "atomic store must have explicit non-zero alignment");
        }
        if align == 0 {
            align = self.default_abi_align(vt, vloc, "storing unsized types is not allowed")?;
        }
        cx.md_next = m;
        Ok((InstKind::Store { val: v, ptr: p, align, volatile, ordering, scope }, void))
    }

    /// `fence` (the opcode read).
    fn parse_fence(&mut self) -> R<(InstKind, TypeId)> {
        let void = self.m.types.void();
        let scope = self.parse_scope()?;
        let ordering = self.parse_ordering()?;
        Ok((InstKind::Fence { ordering, scope }, void))
    }

    /// `cmpxchg` (the opcode read).
    fn parse_cmpxchg(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let weak = self.eat("weak");
        let volatile = self.eat("volatile");
        let (_, p) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after cmpxchg address")?;
        let (t, c) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after cmpxchg cmp operand")?;
        let n = self.parse_value_typed_as(t)?;
        let scope = self.parse_scope()?;
        let success = self.parse_ordering()?;
        let failure = self.parse_ordering()?;
        let (mut align, m) = self.parse_align_tail()?;
        if align == 0 {
            align = self.store_size(t);
        }
        cx.md_next = m;
        let i1 = self.m.types.int(1);
        let i1 = self.tmap(0, i1)?;
        let rt = self.m.types.literal_struct(&[t, i1], false);
        let rt = self.tmap(cx.start, rt)?;
        Ok((
            InstKind::CmpXchg {
                ptr: p,
                cmp: c,
                new: n,
                success,
                failure,
                scope,
                weak,
                volatile,
                align,
            },
            rt,
        ))
    }

    /// `atomicrmw` (the opcode read).
    fn parse_atomicrmw(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let volatile = self.eat("volatile");
        // `usub_cond` and `usub_sat` came after LLVM 19.
        let rop = match RmwOp::from_keyword(self.text()) {
            Some(RmwOp::USubCond | RmwOp::USubSat) | None => {
                return self.fail("expected binary operation in atomicrmw")
            }
            Some(op) => op,
        };
        self.bump();
        let (_, p) = self.typed_value()?;
        self.expect(Tok::Comma, "',' after atomicrmw address")?;
        let (t, v) = self.typed_value()?;
        let scope = self.parse_scope()?;
        let ordering = self.parse_ordering()?;
        let (mut align, m) = self.parse_align_tail()?;
        if align == 0 {
            align = self.store_size(t);
        }
        cx.md_next = m;
        Ok((InstKind::AtomicRmw { op: rop, ptr: p, val: v, ordering, scope, volatile, align }, t))
    }

    /// `getelementptr` (the opcode read).
    fn parse_gep(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let mut fl = 0;
        loop {
            if self.eat("inbounds") {
                fl |= flags::INBOUNDS | flags::NUSW;
            } else if self.eat("nusw") {
                fl |= flags::NUSW;
            } else if self.eat("nuw") {
                fl |= flags::NUW;
            } else {
                break;
            }
        }
        let src_ty = self.parse_type()?;
        self.expect(Tok::Comma, "comma after getelementptr's type")?;
        let bl = self.loc();
        let (bt, base) = self.typed_value()?;
        let mut vec_len: Option<(u32, bool)> = match self.m.types.get(bt) {
            Some(TypeKind::Ptr(_)) => None,
            Some(&TypeKind::Vector { elem, len, scalable })
                if matches!(self.m.types.get(elem), Some(TypeKind::Ptr(_))) =>
            {
                Some((len, scalable))
            }
            _ => return err(bl, "base of getelementptr must be a pointer"),
        };
        let mut indices = Vec::new();
        loop {
            match self.comma() {
                Comma::None => break,
                Comma::Md => {
                    cx.md_next = true;
                    break;
                }
                Comma::Other => {
                    let il = self.loc();
                    let (it, iv) = self.typed_value()?;
                    match self.m.types.get(it) {
                        Some(TypeKind::Int(_)) => {}
                        Some(&TypeKind::Vector { elem, len, scalable })
                            if matches!(self.m.types.get(elem), Some(TypeKind::Int(_))) =>
                        {
                            if vec_len.is_none() {
                                vec_len = Some((len, scalable));
                            }
                        }
                        _ => return err(il, "getelementptr index must be an integer"),
                    }
                    indices.push(iv);
                }
            }
        }
        let rt = match vec_len {
            None => bt,
            Some((len, sc)) => {
                let pt = match self.m.types.get(bt) {
                    Some(&TypeKind::Vector { elem, .. }) => elem,
                    _ => bt,
                };
                let r = self.m.types.vector(pt, len, sc);
                self.tmap(bl, r)?
            }
        };
        Ok((InstKind::Gep { source_ty: src_ty, base, indices, flags: fl }, rt))
    }

    /// `extractvalue`, `insertvalue` (the opcode read).
    fn parse_aggregate(&mut self, cx: &mut InstCx<'a>) -> R<(InstKind, TypeId)> {
        let op = cx.op;
        let ext = op == b"extractvalue";
        let tl = self.loc();
        let (t, agg) = self.typed_value()?;
        let mut val = None;
        if !ext {
            self.expect(Tok::Comma, "',' after insertvalue operand")?;
            val = Some(self.typed_value()?.1);
        }
        let mut indices = Vec::new();
        loop {
            match self.comma() {
                Comma::None => break,
                Comma::Md => {
                    cx.md_next = true;
                    break;
                }
                Comma::Other => indices.push(self.parse_u32()?),
            }
        }
        if indices.is_empty() {
            return err(tl, "expected index");
        }
        let mut cur = t;
        for &i in &indices {
            cur = match self.m.types.get(cur) {
                Some(&TypeKind::Array { elem, len }) if u64::from(i) < len => elem,
                Some(TypeKind::Struct { fields, .. }) => match fields.get(i as usize) {
                    Some(&f) => f,
                    None => return err(tl, "invalid indices for extractvalue"),
                },
                Some(TypeKind::Named(_)) => match self
                    .m
                    .types
                    .named_body(cur)
                    .and_then(|(_, b)| b)
                    .and_then(|b| b.fields.get(i as usize).copied())
                {
                    Some(f) => f,
                    None => return err(tl, "invalid indices for extractvalue"),
                },
                _ => {
                    return err(
                        tl,
                        if ext {
                            "invalid indices for extractvalue"
                        } else {
                            "invalid indices for insertvalue"
                        },
                    )
                }
            };
        }
        Ok(if ext {
            (InstKind::ExtractValue { agg, indices }, cur)
        } else {
            (InstKind::InsertValue { agg, val: val.unwrap_or(agg), indices }, t)
        })
    }

    /// `add` ... `frem` (the opcode read): flags, then two operands.
    fn parse_binary(&mut self, bop: BinOp) -> R<(InstKind, TypeId)> {
        let mut flags = 0;
        let mut f = 0;
        if bop.is_float() {
            f = self.parse_fmf();
        } else {
            loop {
                let b = match (bop, self.text()) {
                    (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl, b"nuw") => flags::NUW,
                    (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl, b"nsw") => flags::NSW,
                    (BinOp::UDiv | BinOp::SDiv | BinOp::LShr | BinOp::AShr, b"exact") => {
                        flags::EXACT
                    }
                    (BinOp::Or, b"disjoint") => flags::DISJOINT,
                    _ => break,
                };
                if self.tok.kind != Tok::Ident {
                    break;
                }
                flags |= b;
                self.bump();
            }
        }
        let tl = self.loc();
        let (t, a) = self.typed_value()?;
        self.expect(Tok::Comma, "',' in arithmetic operation")?;
        let b = self.parse_value(t)?;
        let ok = match self.scalar_of(t) {
            Some(TypeKind::Int(_)) => !bop.is_float(),
            Some(TypeKind::Float(_)) => bop.is_float(),
            _ => false,
        };
        if !ok {
            return err(tl, "invalid operand type for instruction");
        }
        Ok((InstKind::Binary { op: bop, lhs: a, rhs: b, flags, fmf: f }, t))
    }

    /// `trunc` ... `addrspacecast` (the opcode read at `op_loc`).
    fn parse_cast(&mut self, cop: CastOp, op_loc: u32) -> R<(InstKind, TypeId)> {
        let mut fl = 0;
        loop {
            let b = match (cop, self.text()) {
                (CastOp::Trunc, b"nuw") => flags::NUW,
                (CastOp::Trunc, b"nsw") => flags::NSW,
                (CastOp::ZExt | CastOp::UIToFP, b"nneg") => flags::NNEG,
                _ => break,
            };
            if self.tok.kind != Tok::Ident {
                break;
            }
            fl |= b;
            self.bump();
        }
        let f = self.parse_fmf();
        let (st, v) = self.typed_value()?;
        self.expect_kw("to")?;
        let dt = self.parse_type()?;
        if !crate::typecheck::cast_valid(&self.m.types, cop, st, dt) {
            return err(
                op_loc,
                format!(
                    "invalid cast opcode for cast from '{}' to '{}'",
                    self.m.types.display(st),
                    self.m.types.display(dt)
                ),
            );
        }
        Ok((InstKind::Cast { op: cop, val: v, flags: fl, fmf: f }, dt))
    }

    fn comma_if_md(&mut self) -> Option<bool> {
        if self.tok.kind == Tok::Comma {
            self.bump();
            return Some(true);
        }
        None
    }

    fn parse_value_typed_as(&mut self, t: TypeId) -> R<Value> {
        let tl = self.loc();
        let (t2, v) = self.typed_value()?;
        if t2 != t {
            return err(tl, "compare value and new value type do not match");
        }
        Ok(v)
    }

    fn define_local(&mut self, key: Key<'a>, v: Value, ty: TypeId, loc: u32) -> R<()> {
        let st = self.f.as_mut().expect("in a function");
        match st.locals.get(&key).copied() {
            None => {
                st.locals.insert(key, Local::Val(v));
                Ok(())
            }
            Some(Local::FwdVal(k)) => {
                let ft = st.fwd_vals[k as usize].0;
                if ft != ty {
                    return err(
                        loc,
                        format!(
                            "instruction forward referenced with type '{}'",
                            self.m.types.display(ft)
                        ),
                    );
                }
                st.fwd_vals[k as usize].2 = Some(v);
                st.locals.insert(key, Local::Val(v));
                Ok(())
            }
            Some(Local::FwdBlk(_)) => err(loc, "instruction forward referenced with type 'label'"),
            Some(_) => err(
                loc,
                format!(
                    "multiple definition of local value named '{}'",
                    Self::key_display(&key).trim_start_matches('%')
                ),
            ),
        }
    }

    fn parse_pad_parent(&mut self) -> R<Value> {
        let tok = self.m.types.token();
        if self.eat("none") {
            let c = self.m.consts.zero(&self.m.types, tok);
            return Ok(Value::Const(self.tmap(0, c)?));
        }
        self.parse_value(tok)
    }

    /// The common part of `call`, `invoke`, `callbr` (after the opcode):
    /// returns the call and the result type.
    fn parse_call_common(&mut self, is_call: bool) -> R<(CallData, TypeId)> {
        let f = if is_call { self.parse_fmf() } else { 0 };
        let cc = self.parse_opt_cc()?;
        let mut ret_attrs = Vec::new();
        self.parse_param_attrs(&mut ret_attrs)?;
        let asp = self.parse_opt_addrspace()?;
        let tl = self.loc();
        let t = self.parse_type()?;
        let given_fn = matches!(self.m.types.get(t), Some(TypeKind::Function { .. }));
        let ret = match self.m.types.get(t) {
            Some(TypeKind::Function { ret, .. }) => *ret,
            _ => t,
        };
        // The callee.
        let callee_loc = self.loc();
        let callee_tok = self.tok;
        let mut asm_info = None;
        if self.is("asm") {
            self.bump();
            let mut side = false;
            let mut astack = false;
            let mut intel = false;
            let mut unwind = false;
            loop {
                if self.eat("sideeffect") {
                    side = true;
                } else if self.eat("alignstack") {
                    astack = true;
                } else if self.eat("inteldialect") {
                    intel = true;
                } else if self.eat("unwind") {
                    unwind = true;
                } else {
                    break;
                }
            }
            let a = self.parse_str()?;
            self.expect(Tok::Comma, "',' after inline asm string")?;
            let c = self.parse_str()?;
            asm_info = Some((a.into_owned(), c.into_owned(), side, astack, intel, unwind));
        } else if !matches!(
            self.tok.kind,
            Tok::LocalVar | Tok::LocalId | Tok::GlobalVar | Tok::GlobalId
        ) {
            // A constant callee (e.g. null, a constant expression) is parsed
            // below once the pointer type is known.
        } else {
            // Parsed later too (needs the pointer type).
        }
        if callee_tok.kind == Tok::GlobalVar
            && matches!(
                &self.src[callee_tok.start as usize..callee_tok.end as usize],
                b"@llvm.dbg.declare" | b"@llvm.dbg.value" | b"@llvm.dbg.assign"
            )
        {
            if self.seen_dbg_records {
                return err(
                    tl,
                    "llvm.dbg intrinsic should not appear in a module using non-intrinsic debug info",
                );
            }
            self.seen_dbg_calls = true;
        }
        // Arguments, parsed before the callee value is resolved (we need
        // the types to build the function type).
        let callee_val = if asm_info.is_none() {
            let pt = self.m.types.ptr(asp);
            let pt = self.tmap(callee_loc, pt)?;
            Some(self.parse_value(pt)?)
        } else {
            None
        };
        self.expect(Tok::LParen, "'(' in call")?;
        let mut args = Vec::new();
        let mut arg_tys = Vec::new();
        let mut arg_attrs = Vec::new();
        let mut saw_dots = false;
        if !self.eat_tok(Tok::RParen) {
            loop {
                if self.eat_tok(Tok::DotDotDot) {
                    saw_dots = true;
                    break;
                }
                let at = self.parse_type()?;
                let mut pa = Vec::new();
                self.parse_param_attrs(&mut pa)?;
                let v = if self.m.types.get(at) == Some(&TypeKind::Metadata) {
                    let r = if self.tok.kind == Tok::Exclaim || self.tok.kind == Tok::MetadataVar {
                        self.parse_md_operand()?
                    } else {
                        let vt = self.parse_type()?;
                        self.value_as_md(vt)?
                    };
                    Value::Metadata(self.md_holder(r))
                } else {
                    self.parse_value(at)?
                };
                arg_tys.push(at);
                arg_attrs.push(self.m.attrs.set(pa));
                args.push(v);
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')' at end of argument list")?;
        }
        let fn_ty = if given_fn {
            if let Some(TypeKind::Function { params, vararg, .. }) = self.m.types.get(t) {
                let np = params.len();
                if args.len() < np || (!*vararg && args.len() > np) {
                    return err(callee_loc, "invalid number of arguments");
                }
                for (i, p) in params.iter().enumerate() {
                    if arg_tys[i] != *p {
                        return err(
                            callee_loc,
                            format!(
                                "argument is not of expected type '{}'",
                                self.m.types.display(*p)
                            ),
                        );
                    }
                }
            }
            t
        } else {
            if matches!(self.m.types.get(t), Some(TypeKind::Label | TypeKind::Metadata)) {
                return err(tl, "Invalid result type for LLVM function");
            }
            let _ = saw_dots;
            let r = self.m.types.function(t, &arg_tys, false);
            self.tmap(tl, r)?
        };
        let callee = match (callee_val, asm_info) {
            (Some(v), _) => v,
            (None, Some((a, c, side, astack, intel, unwind))) => {
                let ia = InlineAsm {
                    ty: fn_ty,
                    asm: a.into(),
                    constraints: c.into(),
                    side_effects: side,
                    align_stack: astack,
                    intel_dialect: intel,
                    can_throw: unwind,
                };
                let idx = match self.m.inline_asm.iter().position(|x| *x == ia) {
                    Some(i) => i,
                    None => {
                        self.m.inline_asm.push(ia);
                        self.m.inline_asm.len() - 1
                    }
                };
                Value::InlineAsm(idx as u32)
            }
            (None, None) => return err(callee_loc, "expected callee"),
        };
        // Function attributes and operand bundles.
        let mut fn_attrs: Vec<Attr> = Vec::new();
        let mut align = None;
        self.parse_fn_attrs(&mut fn_attrs, &mut align)?;
        if let Some(a) = align {
            if let Some(k) = crate::attr::AttrKind::from_keyword("align") {
                fn_attrs.push(Attr::Int(k, a));
            }
        }
        let mut bundles = Vec::new();
        if self.eat_tok(Tok::LBrack) {
            loop {
                let tag = self.parse_str_utf8()?;
                self.expect(Tok::LParen, "'(' in operand bundle")?;
                let mut inputs = Vec::new();
                if !self.eat_tok(Tok::RParen) {
                    loop {
                        let (_, v) = self.typed_value()?;
                        inputs.push(v);
                        if !self.eat_tok(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RParen, "')' at end of operand bundle")?;
                }
                bundles.push(Bundle { tag, inputs });
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RBrack, "']' at end of operand bundles")?;
        }
        let fset = self.m.attrs.set(fn_attrs);
        let rset = self.m.attrs.set(ret_attrs);
        let attrs = self.m.attrs.list(AttrList { func: fset, ret: rset, params: arg_attrs.into() });
        let _ = ConstKind::Null;
        let _ = MdRef::Final(None);
        Ok((
            CallData {
                cc: CallConv(cc),
                attrs,
                fn_ty,
                callee,
                args,
                bundles,
                fmf: f,
                addrspace: asp,
            },
            ret,
        ))
    }
}
