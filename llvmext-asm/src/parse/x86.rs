//! x86 instruction statements in AT&T syntax: prefixes, the mnemonic and
//! the operands (`%reg`, `$imm`, `seg:disp(base,index,scale)`, `*`
//! indirection, AVX-512 `{%k}`/`{z}`/`{1toN}`/`{rn-sae}`), matched and
//! encoded by [`crate::target::x86`].

use super::lexer::{Punct, Tok, Token};
use super::Parser;
use crate::diag::Loc;
use crate::expr::{Expr, ExprId};
use crate::target::x86::{self as t, ExprKind, Mem, Operand, Prefixes, Reg, Rounding, Value};
use smallvec::SmallVec;

/// What an AVX-512 decoration in braces is.
pub(crate) enum Decoration {
    /// An operand of its own: a mask (`{%k1}`) or zeroing (`{z}`).
    Operand(Operand<ExprId>),
    /// `{1toN}`: broadcast the memory operand before it.
    Broadcast(u8),
}

impl Parser<'_> {
    /// The value of an operand expression for the matcher.
    pub(crate) fn value(&self, e: ExprId) -> Value<ExprId> {
        let ex = self.st.exprs();
        match ex.get(e) {
            Expr::Const(c) => Value::Const(c),
            Expr::Sym(s, v) => {
                let kind = if self.st.sym(s).name.as_bytes() == b"_GLOBAL_OFFSET_TABLE_" {
                    ExprKind::GlobalOffsetTable
                } else {
                    ExprKind::SymbolRef
                };
                Value::Expr { expr: e, variant: v, kind }
            }
            Expr::Binary(_, l, r) => {
                let kind = match ex.get(l) {
                    Expr::Sym(s, _)
                        if self.st.sym(s).name.as_bytes() == b"_GLOBAL_OFFSET_TABLE_" =>
                    {
                        if matches!(ex.get(r), Expr::Sym(..)) {
                            ExprKind::GlobalOffsetTableSymDiff
                        } else {
                            ExprKind::GlobalOffsetTable
                        }
                    }
                    _ => ExprKind::Other,
                };
                Value::Expr { expr: e, variant: t::Variant::None, kind }
            }
            Expr::Unary(..) => {
                Value::Expr { expr: e, variant: t::Variant::None, kind: ExprKind::Other }
            }
        }
    }

    /// The token after the current one, without moving.
    pub(crate) fn peek(&mut self) -> Token {
        let saved_lexer = self.frames.last().expect("a frame").lexer.clone();
        let saved_tok = self.tok();
        let nframes = self.frames.len();
        self.lex();
        let t = self.tok();
        if self.frames.len() == nframes {
            self.frames.last_mut().expect("a frame").lexer = saved_lexer;
        }
        self.tok = saved_tok;
        t
    }

    /// `%name`: a register (the `%` is the current token).
    fn register(&mut self) -> Result<Reg, ()> {
        let loc = self.loc();
        let start = self.tok().start;
        self.lex();
        if self.tok().kind != Tok::Ident {
            self.error(loc, "invalid register name");
            return Err(());
        }
        let name = self.ident(self.tok());
        self.lex();
        // `%st(3)`.
        if name.eq_ignore_ascii_case("st") && self.is(Punct::LParen) {
            let save_loc = self.loc();
            self.lex();
            if self.tok().kind == Tok::Int && !self.tok().big && self.tok().int < 8 {
                let n = self.tok().int;
                self.lex();
                if self.eat(Punct::RParen) {
                    if let Some(r) = t::parse_reg(&format!("st({n})")) {
                        return Ok(r);
                    }
                }
            }
            self.error(save_loc, "invalid stack index");
            return Err(());
        }
        match t::parse_reg(&name) {
            Some(r) => Ok(r),
            None => {
                // Marked from `%` to the name's end, as llvm-mc marks it.
                let width = self.prev_end.saturating_sub(start) as u32;
                self.error_width(loc, width, "invalid register name");
                Err(())
            }
        }
    }

    /// The `(base, index, scale)` part of a memory operand (at `(`).
    fn mem_tail(&mut self, m: &mut Mem<ExprId>) -> Result<(), ()> {
        self.lex(); // (
        if self.is(Punct::Percent) {
            m.base = Some(self.register()?);
        }
        if self.eat(Punct::Comma) {
            if self.is(Punct::Percent) {
                let il = self.loc();
                let r = self.register()?;
                m.index = Some(r);
                let _ = il;
                if self.eat(Punct::Comma) {
                    let sl = self.loc();
                    let s = self.parse_absolute()?;
                    if !matches!(s, 1 | 2 | 4 | 8) {
                        self.error(sl, "scale factor in address must be 1, 2, 4 or 8");
                        return Err(());
                    }
                    m.scale = s as u8;
                }
            } else if !self.is(Punct::RParen) {
                // `(,1)`-style: a scale without an index.
                let sl = self.loc();
                let s = self.parse_absolute()?;
                if s != 1 {
                    self.error(sl, "scale factor without index register is ignored");
                }
            }
        }
        if !self.eat(Punct::RParen) {
            let l = self.loc();
            self.error(l, "unexpected token in memory operand");
            return Err(());
        }
        Ok(())
    }

    /// A memory operand (displacement and/or `(...)`), with `seg` given.
    fn memory(&mut self, seg: Option<Reg>) -> Result<Mem<ExprId>, ()> {
        let mut m =
            Mem { seg, disp: Value::Const(0), base: None, index: None, scale: 1, broadcast: None };
        let is_tail = self.is(Punct::LParen) && {
            let n = self.peek();
            n.kind == Tok::Punct(Punct::Percent) || n.kind == Tok::Punct(Punct::Comma)
        };
        if !is_tail {
            let e = self.parse_expr()?;
            m.disp = self.value(e);
        }
        if self.is(Punct::LParen) {
            self.mem_tail(&mut m)?;
        }
        Ok(m)
    }

    fn operand(
        &mut self,
        ops: &mut SmallVec<[Operand<ExprId>; 4]>,
        locs: &mut SmallVec<[(Loc, u32); 4]>,
    ) -> Result<(), ()> {
        let loc = self.loc();
        let (start, first) = (self.tok().start, locs.len());
        locs.push((loc, 1));
        if self.is(Punct::Dollar) {
            self.lex();
            let e = self.parse_expr()?;
            ops.push(Operand::Imm(self.value(e)));
        } else if self.is(Punct::Star) {
            self.lex();
            if self.is(Punct::Percent) {
                let r = self.register()?;
                if self.is(Punct::Colon) {
                    self.lex();
                    let m = self.memory(Some(r))?;
                    ops.push(Operand::IndirectMem(m));
                } else {
                    ops.push(Operand::IndirectReg(r));
                }
            } else {
                let m = self.memory(None)?;
                ops.push(Operand::IndirectMem(m));
            }
        } else if self.is(Punct::Percent) {
            let r = self.register()?;
            if self.is(Punct::Colon) {
                if !r.is_segment() {
                    self.error(loc, "invalid segment register");
                    return Err(());
                }
                self.lex();
                let m = self.memory(Some(r))?;
                ops.push(Operand::Mem(m));
            } else {
                ops.push(Operand::Reg(r));
            }
        } else if self.is(Punct::LCurly) {
            // `{rn-sae}` … `{sae}`.
            self.lex();
            let mut word = String::new();
            while !self.is(Punct::RCurly) && !self.at_eol() {
                word.push_str(self.tok_str());
                self.lex();
            }
            if !self.eat(Punct::RCurly) {
                self.error(loc, "Expected } at this point");
                return Err(());
            }
            let r = match word.as_str() {
                "rn-sae" => Rounding::RnSae,
                "rd-sae" => Rounding::RdSae,
                "ru-sae" => Rounding::RuSae,
                "rz-sae" => Rounding::RzSae,
                "sae" => Rounding::Sae,
                _ => {
                    self.error(loc, "Invalid rounding mode.");
                    return Err(());
                }
            };
            ops.push(Operand::Rounding(r));
        } else {
            let m = self.memory(None)?;
            ops.push(Operand::Mem(m));
        }
        // The operand's columns, for its error's marker.
        locs[first].1 = self.prev_end.saturating_sub(start).max(1) as u32;
        // AVX-512 decorations.
        while self.is(Punct::LCurly) {
            let dl = self.loc();
            let dstart = self.tok().start;
            match self.avx512_decoration()? {
                Decoration::Operand(o) => {
                    ops.push(o);
                    locs.push((dl, self.prev_end.saturating_sub(dstart).max(1) as u32));
                }
                Decoration::Broadcast(n) => match ops.last_mut() {
                    Some(Operand::Mem(m)) => m.broadcast = Some(n),
                    _ => {
                        self.error(dl, "Expected 1to<NUM> at this point");
                        return Err(());
                    }
                },
            }
        }
        Ok(())
    }

    /// One AVX-512 decoration in braces, at `{`: a write mask (`{%k1}`,
    /// `{k1}` in Intel syntax), `{z}`, or a broadcast `{1toN}` for the
    /// operand before it.
    pub(crate) fn avx512_decoration(&mut self) -> Result<Decoration, ()> {
        let dl = self.loc();
        self.lex(); // {
        let d = if !self.intel && self.is(Punct::Percent) {
            Decoration::Operand(Operand::Mask(self.register()?))
        } else if let Some(r) = self.intel.then(|| self.intel_reg()).flatten() {
            self.lex();
            Decoration::Operand(Operand::Mask(r))
        } else if self.tok().kind == Tok::Ident && self.tok_str() == "z" {
            self.lex();
            Decoration::Operand(Operand::Zeroing)
        } else if self.tok().kind == Tok::Int {
            // LLVM points a bad broadcast at its count.
            let dl = self.loc();
            let n = if self.tok().big { 0 } else { self.tok().int };
            self.lex();
            let word = if self.tok().kind == Tok::Ident {
                self.tok_str().to_string()
            } else {
                String::new()
            };
            let count = word.strip_prefix("to").and_then(|c| c.parse::<u8>().ok());
            match (n, count) {
                (1, Some(c)) => {
                    self.lex();
                    Decoration::Broadcast(c)
                }
                _ => {
                    self.error(dl, "Expected 1to<NUM> at this point");
                    return Err(());
                }
            }
        } else {
            self.error(dl, "Expected { at this point");
            return Err(());
        };
        if !self.eat(Punct::RCurly) {
            let l = self.loc();
            self.error(l, "Expected } at this point");
            return Err(());
        }
        Ok(d)
    }

    /// The comma-separated AT&T operands up to the end of the statement,
    /// each with its place and width.
    pub(crate) fn att_operands(
        &mut self,
        ops: &mut SmallVec<[Operand<ExprId>; 4]>,
        locs: &mut SmallVec<[(Loc, u32); 4]>,
    ) -> Result<(), ()> {
        if self.at_eol() {
            return Ok(());
        }
        loop {
            self.operand(ops, locs)?;
            if self.at_eol() {
                return Ok(());
            }
            if !self.eat(Punct::Comma) {
                let l = self.loc();
                self.error(l, "unexpected token in argument list");
                return Err(());
            }
        }
    }

    /// An instruction statement; `first` is the mnemonic (or a prefix)
    /// already eaten.
    pub(crate) fn instruction(
        &mut self,
        first: std::borrow::Cow<'_, str>,
        first_tok: Token,
        loc: Loc,
    ) -> Result<(), ()> {
        let _ = first_tok;
        let mut prefixes = Prefixes::default();
        let lower = |s: std::borrow::Cow<'_, str>| -> String {
            if s.bytes().any(|b| b.is_ascii_uppercase()) {
                s.to_ascii_lowercase()
            } else {
                s.into_owned()
            }
        };
        let mut mnemonic = lower(first);
        let mut mloc = loc;
        // Prefix words before the mnemonic (`lock`, `rep`, `{vex3}`): a
        // prefix word is short, and only then worth a look.
        while self.tok().kind == Tok::Ident && mnemonic.len() <= 7 && prefixes.add(&mnemonic) {
            mloc = self.loc();
            mnemonic = lower(self.ident(self.tok()));
            self.lex();
        }
        // A prefix alone on its statement (`rep; movsl`, `lock`): its byte,
        // as LLVM emits it as an instruction of its own.
        if self.at_eol() {
            if let Some(b) = t::prefix_byte(self.st.mode(), &mnemonic) {
                if !matches!(
                    mnemonic.as_str(),
                    "{vex}" | "{vex2}" | "{vex3}" | "{evex}" | "{disp8}" | "{disp32}"
                ) {
                    self.st.emit_bytes(&[b]);
                    return Ok(());
                }
            }
        }
        if self.intel {
            return self.intel_instruction(mnemonic, prefixes, mloc);
        }
        let mut ops: SmallVec<[Operand<ExprId>; 4]> = SmallVec::new();
        let mut locs: SmallVec<[(Loc, u32); 4]> = SmallVec::new();
        self.att_operands(&mut ops, &mut locs)?;
        let mode = self.st.mode();
        match self.st.matcher.match_att(mode, &prefixes, &mnemonic, &ops) {
            Ok(inst) => {
                self.st.emit_instruction(&inst, mloc);
                Ok(())
            }
            Err(e) => {
                // llvm-mc marks the operand it names, or the mnemonic it
                // does not know; other messages get the caret alone.
                let (l, width) = match e.operand {
                    Some(i) => locs.get(i).copied().unwrap_or((mloc, 1)),
                    None if e.message.starts_with("invalid instruction mnemonic") => {
                        (mloc, mnemonic.chars().count() as u32)
                    }
                    None => (mloc, 1),
                };
                self.error_width(l, width, e.message);
                Err(())
            }
        }
    }
}
