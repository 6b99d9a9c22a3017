//! x86 instructions in Intel syntax (`.intel_syntax noprefix`): operands
//! in Intel order (destination first), registers without `%`, immediates
//! without `$`, memory as `[size ptr] [seg:][base + index*scale + disp]`,
//! AVX-512 `{k}`/`{z}`/`{1toN}`. Each line becomes the AT&T operands it
//! means (reversed) and goes through the same matcher, as LLVM's Intel
//! parser produces the same instructions as its AT&T one.

use super::lexer::{Punct, Tok};
use super::x86::Decoration;
use super::Parser;
use crate::diag::Loc;
use crate::expr::{BinaryOp, ExprId, UnaryOp};
use crate::target::x86::{self as t, Mem, Operand, Prefixes, Reg, Value};
use smallvec::SmallVec;

/// An Intel operand with the decorations written after it.
struct IntelOp {
    op: Operand<ExprId>,
    /// `{%k}`/`{z}` after it (AVX-512), kept with it when the list turns.
    decorations: SmallVec<[Operand<ExprId>; 2]>,
    /// The size a `byte/word/dword/qword ptr` gave it, as an AT&T suffix.
    suffix: Option<char>,
    loc: Loc,
}

fn size_keyword(word: &str) -> Option<Option<char>> {
    Some(match word.to_ascii_lowercase().as_str() {
        "byte" => Some('b'),
        "word" => Some('w'),
        "dword" => Some('l'),
        "qword" => Some('q'),
        "xmmword" | "ymmword" | "zmmword" | "tbyte" | "oword" | "fword" | "mmword" => None,
        _ => return None,
    })
}

/// The AT&T size letter of a general-purpose register.
fn gp_size(name: &str) -> Option<char> {
    let n = name.to_ascii_lowercase();
    Some(match n.as_str() {
        "al" | "bl" | "cl" | "dl" | "ah" | "bh" | "ch" | "dh" | "sil" | "dil" | "spl" | "bpl" => {
            'b'
        }
        "ax" | "bx" | "cx" | "dx" | "si" | "di" | "sp" | "bp" => 'w',
        "eax" | "ebx" | "ecx" | "edx" | "esi" | "edi" | "esp" | "ebp" => 'l',
        "rax" | "rbx" | "rcx" | "rdx" | "rsi" | "rdi" | "rsp" | "rbp" => 'q',
        _ if n.starts_with('r') && n[1..].chars().next().is_some_and(|c| c.is_ascii_digit()) => {
            match n.chars().last() {
                Some('b') => 'b',
                Some('w') => 'w',
                Some('d') => 'l',
                _ => 'q',
            }
        }
        _ => return None,
    })
}

fn is_branch(m: &str) -> bool {
    m == "jmp" || m == "call" || m.starts_with('j') || m.starts_with("loop") || m == "xbegin"
}

impl Parser<'_> {
    /// The register an identifier token names, if it is one (a name
    /// followed by `(` is a symbol: `st(1)` aside).
    pub(crate) fn intel_reg(&mut self) -> Option<Reg> {
        if self.tok().kind != Tok::Ident {
            return None;
        }
        let name = self.ident(self.tok());
        t::parse_reg(&name)
    }

    /// `[ … ]`: base, index*scale and a displacement in any order.
    fn intel_brackets(&mut self, m: &mut Mem<ExprId>) -> Result<(), ()> {
        self.lex(); // [
        let mut disp: Option<ExprId> = None;
        let mut negative = false;
        loop {
            let loc = self.loc();
            if let Some(r) = self.intel_reg() {
                if negative {
                    self.error(loc, "invalid base+index expression");
                    return Err(());
                }
                self.lex();
                if self.eat(Punct::Star) {
                    // The scale: a term (`rcx*4-0x40` scales by 4).
                    let sl = self.loc();
                    let se = self.parse_binary_from(5)?;
                    let Some(s) = self.st.evaluate_now(se) else {
                        self.error(sl, "expected absolute expression");
                        return Err(());
                    };
                    if !matches!(s, 1 | 2 | 4 | 8) {
                        self.error(loc, "scale factor in address must be 1, 2, 4 or 8");
                        return Err(());
                    }
                    m.index = Some(r);
                    m.scale = s as u8;
                } else if m.base.is_none() {
                    m.base = Some(r);
                } else if m.index.is_none() {
                    m.index = Some(r);
                    m.scale = 1;
                } else {
                    self.error(loc, "invalid base+index expression");
                    return Err(());
                }
            } else if self.tok().kind == Tok::Int
                && self.peek().kind == Tok::Punct(Punct::Star)
                && {
                    // `4*rcx`: a scale before its register.
                    let saved = self.clone_position();
                    self.lex();
                    self.lex();
                    let r = self.intel_reg();
                    self.restore_position(saved);
                    r.is_some()
                }
            {
                let s = self.tok().int as i64;
                self.lex();
                self.lex();
                let r = self.intel_reg().expect("checked");
                self.lex();
                if !matches!(s, 1 | 2 | 4 | 8) {
                    self.error(loc, "scale factor in address must be 1, 2, 4 or 8");
                    return Err(());
                }
                m.index = Some(r);
                m.scale = s as u8;
            } else {
                // A term of the displacement: operators above `+`/`-`.
                let term = self.parse_binary_from(4)?;
                let term = if negative {
                    self.st.exprs_mut().add(crate::expr::Expr::Unary(UnaryOp::Neg, term))
                } else {
                    term
                };
                disp = Some(match disp {
                    None => term,
                    Some(d) => self.st.exprs_mut().binary(BinaryOp::Add, d, term),
                });
            }
            if self.eat(Punct::RBrac) {
                break;
            }
            if self.eat(Punct::Plus) {
                negative = false;
            } else if self.eat(Punct::Minus) {
                negative = true;
            } else {
                let l = self.loc();
                self.error(l, "unexpected token in memory operand");
                return Err(());
            }
        }
        if let Some(d) = disp {
            let d = self.fold(d);
            m.disp = self.value(d);
        }
        Ok(())
    }

    fn intel_operand(&mut self, branch: bool) -> Result<IntelOp, ()> {
        let loc = self.loc();
        let mut suffix = None;
        let mut sized = false;
        // `dword ptr`.
        if self.tok().kind == Tok::Ident {
            let w = self.ident(self.tok());
            if let Some(s) = size_keyword(&w) {
                let n = self.peek();
                if n.kind == Tok::Ident && self.text(n).eq_ignore_ascii_case(b"ptr") {
                    self.lex();
                    self.lex();
                    suffix = s;
                    sized = true;
                }
            }
        }
        let mut op;
        let mut seg = None;
        // A segment override `fs:`.
        if let Some(r) = self.intel_reg() {
            if r.is_segment() && self.peek().kind == Tok::Punct(Punct::Colon) {
                self.lex();
                self.lex();
                seg = Some(r);
            }
        }
        if self.is(Punct::LBrac) {
            let mut m = Mem {
                seg,
                disp: Value::Const(0),
                base: None,
                index: None,
                scale: 1,
                broadcast: None,
            };
            self.intel_brackets(&mut m)?;
            op = Operand::Mem(m);
        } else if let (Some(r), None) = (self.intel_reg(), seg) {
            self.lex();
            op = Operand::Reg(r);
            if sized {
                self.error(loc, "invalid operand for instruction");
                return Err(());
            }
        } else {
            // `offset sym`, an immediate, or a displacement then `[...]`
            // (`sym[rip]`), or a branch target.
            let mut is_offset = false;
            if self.tok().kind == Tok::Ident
                && self.ident(self.tok()).eq_ignore_ascii_case("offset")
            {
                self.lex();
                is_offset = true;
            }
            let e = self.parse_expr()?;
            let v = self.value(e);
            if self.is(Punct::LBrac) {
                let mut m =
                    Mem { seg, disp: v, base: None, index: None, scale: 1, broadcast: None };
                let mut inner = Mem {
                    seg: None,
                    disp: Value::Const(0),
                    base: None,
                    index: None,
                    scale: 1,
                    broadcast: None,
                };
                self.intel_brackets(&mut inner)?;
                m.base = inner.base;
                m.index = inner.index;
                m.scale = inner.scale;
                if !matches!(inner.disp, Value::Const(0)) {
                    self.error(loc, "unexpected token in memory operand");
                    return Err(());
                }
                op = Operand::Mem(m);
            } else if seg.is_some() || sized || (branch && !is_offset) {
                op = Operand::Mem(Mem {
                    seg,
                    disp: v,
                    base: None,
                    index: None,
                    scale: 1,
                    broadcast: None,
                });
            } else {
                op = Operand::Imm(v);
            }
        }
        let mut decorations = SmallVec::new();
        while self.is(Punct::LCurly) {
            let dl = self.loc();
            match self.avx512_decoration()? {
                Decoration::Operand(o) => decorations.push(o),
                Decoration::Broadcast(n) => match &mut op {
                    Operand::Mem(m) => m.broadcast = Some(n),
                    _ => {
                        self.error(dl, "Expected 1to<NUM> at this point");
                        return Err(());
                    }
                },
            }
        }
        if let (true, Operand::Mem(m)) = (branch, &op) {
            if m.base.is_some() || m.index.is_some() || sized {
                // `jmp qword ptr [rax]`: indirect.
                op = Operand::IndirectMem(*m);
            }
        }
        if let (true, Operand::Reg(r)) = (branch, &op) {
            op = Operand::IndirectReg(*r);
        }
        Ok(IntelOp { op, decorations, suffix, loc })
    }

    /// An instruction in Intel syntax; `mnemonic` (lowercase, prefixes
    /// taken) is eaten.
    pub(crate) fn intel_instruction(
        &mut self,
        mnemonic: String,
        prefixes: Prefixes,
        mloc: Loc,
    ) -> Result<(), ()> {
        let branch = is_branch(&mnemonic);
        let mut iops: SmallVec<[IntelOp; 4]> = SmallVec::new();
        if !self.at_eol() {
            loop {
                iops.push(self.intel_operand(branch)?);
                if self.at_eol() {
                    break;
                }
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "unexpected token in argument list");
                    return Err(());
                }
            }
        }
        // AT&T order: the operands reversed, each followed by its
        // decorations.
        let mut ops: SmallVec<[Operand<ExprId>; 4]> = SmallVec::new();
        let mut locs: SmallVec<[Loc; 4]> = SmallVec::new();
        for io in iops.iter().rev() {
            ops.push(io.op);
            locs.push(io.loc);
            for d in &io.decorations {
                ops.push(*d);
                locs.push(io.loc);
            }
        }
        let suffix = iops.iter().find_map(|o| o.suffix);
        let reg_size = |o: &IntelOp| match o.op {
            Operand::Reg(r) => gp_size(r.name()),
            _ => None,
        };
        // The AT&T spellings of the Intel-only mnemonics.
        let name = match (mnemonic.as_str(), suffix, iops.first().and_then(reg_size)) {
            ("movzx" | "movsx", Some(src @ ('b' | 'w')), Some(dst)) => {
                format!("mov{}{src}{dst}", if mnemonic == "movzx" { 'z' } else { 's' })
            }
            ("movsxd", _, _) => "movslq".to_string(),
            _ => mnemonic.clone(),
        };
        let mode = self.st.mode();
        let first = self.st.matcher.match_att(mode, &prefixes, &name, &ops);
        let result = match (first, suffix) {
            (Ok(i), _) => Ok(i),
            (Err(e), Some(s)) => self
                .st
                .matcher
                .match_att(mode, &prefixes, &format!("{name}{s}"), &ops)
                .map_err(|_| e),
            (Err(e), None) => Err(e),
        };
        match result {
            Ok(inst) => {
                self.st.emit_instruction(&inst, mloc);
                Ok(())
            }
            Err(e) => {
                let l = match e.operand {
                    Some(i) => locs.get(i).copied().unwrap_or(mloc),
                    None => mloc,
                };
                self.error(l, e.message);
                Err(())
            }
        }
    }
}
