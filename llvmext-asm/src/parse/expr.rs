//! Expressions in GNU syntax: LLVM's operators and precedence (GNU mode:
//! `||` 1, `&&` 2, comparisons 3, `+ -` 4, `| ! & ^` 5, `* / % << >>` 6),
//! primaries (integers, symbols with `@` variants, `.`, `1b`/`1f`,
//! parentheses, unary `- ~ ! +`), constant folding as the parser does it.

use super::lexer::{Punct, Tok};
use super::Parser;
use crate::diag::Loc;
use crate::expr::{BinaryOp, Expr, ExprId, UnaryOp, Variant};

/// How deep an expression may nest before the parser refuses it (the
/// explicit bound that keeps hostile input from overflowing the stack).
const MAX_EXPR_DEPTH: u32 = 1000;

fn binop(p: Punct) -> Option<(BinaryOp, u8)> {
    Some(match p {
        Punct::PipePipe => (BinaryOp::LOr, 1),
        Punct::AmpAmp => (BinaryOp::LAnd, 2),
        Punct::EqualEqual => (BinaryOp::Eq, 3),
        Punct::ExclaimEqual | Punct::LessGreater => (BinaryOp::Ne, 3),
        Punct::Less => (BinaryOp::Lt, 3),
        Punct::LessEqual => (BinaryOp::Le, 3),
        Punct::Greater => (BinaryOp::Gt, 3),
        Punct::GreaterEqual => (BinaryOp::Ge, 3),
        Punct::Plus => (BinaryOp::Add, 4),
        Punct::Minus => (BinaryOp::Sub, 4),
        Punct::Pipe => (BinaryOp::Or, 5),
        Punct::Exclaim => (BinaryOp::OrNot, 5),
        Punct::Caret => (BinaryOp::Xor, 5),
        Punct::Amp => (BinaryOp::And, 5),
        Punct::Star => (BinaryOp::Mul, 6),
        Punct::Slash => (BinaryOp::Div, 6),
        Punct::Percent => (BinaryOp::Mod, 6),
        Punct::LessLess => (BinaryOp::Shl, 6),
        Punct::GreaterGreater => (BinaryOp::AShr, 6),
        _ => return None,
    })
}

impl Parser<'_> {
    /// Parses an expression, folding constants as LLVM's parser does
    /// (symbol differences stay symbolic until layout).
    pub(crate) fn parse_expr(&mut self) -> Result<ExprId, ()> {
        let start = self.st.exprs().len();
        let e = self.parse_binary(0, 0)?;
        let e = self.fold(e);
        // A constant needs one node: drop the tree it was folded from.
        if let Some(c) = self.st.exprs().as_const(e) {
            if e.index() + 1 != start + 1 || self.st.exprs().len() != start + 1 {
                self.st.exprs_mut().truncate(start);
                return Ok(self.st.exprs_mut().constant(c));
            }
        }
        Ok(e)
    }

    /// [`Parser::parse_expr`], and where LLVM places the expression (for
    /// errors found once it is laid out).
    pub(crate) fn parse_expr_loc(&mut self) -> Result<(ExprId, Loc), ()> {
        let e = self.parse_expr()?;
        Ok((e, self.expr_loc))
    }

    /// Parses an expression whose value must be known now (`.if`, `.fill`
    /// counts, `.p2align`).
    pub(crate) fn parse_absolute(&mut self) -> Result<i64, ()> {
        let loc = self.loc();
        let start = self.st.exprs().len();
        let e = self.parse_expr()?;
        match self.st.evaluate_now(e) {
            Some(v) => {
                self.st.exprs_mut().truncate(start);
                Ok(v)
            }
            None => {
                self.error(loc, "expected absolute expression");
                Err(())
            }
        }
    }

    /// A binary expression whose operators bind tighter than `min_prec`.
    pub(crate) fn parse_binary_from(&mut self, min_prec: u8) -> Result<ExprId, ()> {
        self.parse_binary(min_prec, 0)
    }

    /// Folds a tree of constants into one constant node.
    pub(crate) fn fold(&mut self, e: ExprId) -> ExprId {
        match self.st.exprs().get(e) {
            Expr::Const(_) | Expr::Sym(..) => e,
            _ => match crate::assembler::fold_constant(self.st, e) {
                Some(v) => self.st.exprs_mut().constant(v),
                None => e,
            },
        }
    }

    fn parse_binary(&mut self, min_prec: u8, depth: u32) -> Result<ExprId, ()> {
        let mut lhs = self.parse_primary(depth)?;
        while let Tok::Punct(p) = self.tok().kind {
            let Some((op, prec)) = binop(p) else { break };
            if prec <= min_prec {
                break;
            }
            let op_loc = self.loc();
            self.lex();
            let rhs = self.parse_binary(prec, depth + 1)?;
            // Constants fold as they come, so that a long chain of them
            // (`1+1+…`) never becomes a deep tree.
            let ex = self.st.exprs();
            if let (Some(a), Some(b)) = (ex.as_const(lhs), ex.as_const(rhs)) {
                if let Some(v) = op.fold(a, b) {
                    if lhs.index() + 1 == rhs.index() && rhs.index() + 1 == ex.len() {
                        self.st.exprs_mut().truncate(lhs.index());
                    }
                    lhs = self.st.exprs_mut().constant(v);
                    continue;
                }
            }
            lhs = self.st.exprs_mut().binary(op, lhs, rhs);
            self.expr_loc = op_loc;
        }
        Ok(lhs)
    }

    fn parse_primary(&mut self, depth: u32) -> Result<ExprId, ()> {
        if depth > MAX_EXPR_DEPTH {
            let l = self.loc();
            self.error(l, "expression is too deeply nested");
            return Err(());
        }
        let t = self.tok();
        let loc = self.loc();
        self.expr_loc = loc;
        match t.kind {
            Tok::Int => {
                let v = t.int as i64;
                if t.big {
                    // LLVM's lexer makes a literal of more than 64 bits a
                    // `BigNum`, which its expression parser refuses so.
                    self.error(loc, "literal value out of range for directive");
                    return Err(());
                }
                self.lex();
                // `1b` / `1f`: a directional label.
                if self.tok().kind == Tok::Ident && self.tok().start == t.end {
                    let s = self.tok_str();
                    let back = match s {
                        "b" | "B" => Some(true),
                        "f" | "F" => Some(false),
                        _ => None,
                    };
                    if let Some(back) = back {
                        self.lex();
                        let Some(sym) = self.directional(v as u64, back) else {
                            self.error(loc, "directional label undefined");
                            return Err(());
                        };
                        let variant = self.parse_variant()?;
                        return Ok(self.st.sym_expr(sym, variant));
                    }
                }
                Ok(self.st.exprs_mut().constant(v))
            }
            Tok::Ident | Tok::Str => {
                let name: std::borrow::Cow<'_, [u8]> = if t.kind == Tok::Str {
                    let mut v = Vec::new();
                    let _ = super::lexer::unescape(self.text(t), &mut v);
                    std::borrow::Cow::Owned(String::from_utf8_lossy(&v).into_owned().into_bytes())
                } else {
                    // An identifier is ASCII.
                    self.token_bytes(t)
                };
                self.lex();
                if *name == *b"." {
                    // The current location: a temporary label here.
                    let sym = self.st.temp_symbol();
                    self.st.emit_label(sym, loc);
                    return Ok(self.st.sym_expr(sym, Variant::None));
                }
                let variant = self.parse_variant()?;
                let sym = self.st.symbol_ascii(&name);
                // An absolute variable is substituted now, as LLVM's
                // parser does (later reassignment does not change it).
                if variant == Variant::None {
                    if let crate::symbol::SymbolDef::Variable(v) = self.st.sym(sym).def() {
                        if let Some(c) = self.st.evaluate_now(v) {
                            if crate::assembler::fold_constant(self.st, v).is_some() {
                                return Ok(self.st.exprs_mut().constant(c));
                            }
                        }
                    }
                }
                Ok(self.st.sym_expr(sym, variant))
            }
            Tok::Punct(Punct::LParen) => {
                self.lex();
                let e = self.parse_binary(0, depth + 1)?;
                if !self.eat(Punct::RParen) {
                    let l = self.loc();
                    self.error(l, "expected ')'");
                    return Err(());
                }
                Ok(e)
            }
            Tok::Punct(p @ (Punct::Minus | Punct::Tilde | Punct::Exclaim | Punct::Plus)) => {
                self.lex();
                let a = self.parse_primary(depth + 1)?;
                let op = match p {
                    Punct::Minus => UnaryOp::Neg,
                    Punct::Tilde => UnaryOp::Not,
                    Punct::Exclaim => UnaryOp::LNot,
                    _ => UnaryOp::Plus,
                };
                self.expr_loc = loc;
                if let Some(c) = self.st.exprs().as_const(a) {
                    return Ok(self.st.exprs_mut().constant(op.fold(c)));
                }
                Ok(self.st.exprs_mut().add(Expr::Unary(op, a)))
            }
            Tok::Error(m) => {
                self.error(loc, m.message());
                Err(())
            }
            Tok::Real => {
                self.error(loc, "invalid token in expression");
                Err(())
            }
            _ => {
                self.error(loc, "unknown token in expression");
                Err(())
            }
        }
    }

    /// An optional `@variant` after a symbol.
    fn parse_variant(&mut self) -> Result<Variant, ()> {
        if !self.is(Punct::At) {
            return Ok(Variant::None);
        }
        self.lex();
        let loc = self.loc();
        if self.tok().kind != Tok::Ident {
            self.error(loc, "expected symbol variant after '@'");
            return Err(());
        }
        let name = self.tok_str().to_string();
        match Variant::from_name(&name) {
            Some(v) => {
                self.lex();
                Ok(v)
            }
            None => {
                self.error(loc, format!("invalid variant '{name}'"));
                Err(())
            }
        }
    }
}
