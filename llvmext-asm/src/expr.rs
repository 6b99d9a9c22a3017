//! Expressions, as LLVM's `MCExpr`: constants, symbol references with an
//! `@` variant, unary and binary operators, kept in an arena
//! ([`Exprs`]) and named by [`ExprId`].
//!
//! Evaluation (to a constant or to a relocatable value `A - B + C`) needs
//! the symbols and, for symbols defined by labels, the layout: it lives in
//! [`crate::assembler`].

pub use crate::ids::ExprId;
use crate::ids::SymbolId;

/// The `@` modifier of a symbol reference (LLVM's
/// `MCSymbolRefExpr::VariantKind`, the ELF x86 ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Variant {
    /// No modifier.
    #[default]
    None,
    /// `@PLT`.
    Plt,
    /// `@GOT`.
    Got,
    /// `@GOTPCREL`.
    GotPcRel,
    /// `@GOTPCREL_NORELAX`.
    GotPcRelNoRelax,
    /// `@GOTOFF`.
    GotOff,
    /// `@GOTPC`.
    GotPc,
    /// `@GOTTPOFF`.
    GotTpOff,
    /// `@TPOFF`.
    TpOff,
    /// `@NTPOFF`.
    NtpOff,
    /// `@DTPOFF`.
    DtpOff,
    /// `@INDNTPOFF`.
    IndNtpOff,
    /// `@GOTNTPOFF`.
    GotNtpOff,
    /// `@TLSGD`.
    TlsGd,
    /// `@TLSLD`.
    TlsLd,
    /// `@TLSLDM`.
    TlsLdm,
    /// `@TLSCALL`.
    TlsCall,
    /// `@TLSDESC`.
    TlsDesc,
    /// `@SIZE`.
    Size,
    /// `@ABS8`.
    Abs8,
    /// `@PLTOFF`.
    PltOff,
    /// The reference of a `.weakref` alias to its target (never written
    /// by hand).
    Weakref,
}

impl Variant {
    /// The variant named `name` (after the `@`), case-insensitively, as
    /// LLVM's x86 ELF parser accepts it.
    pub fn from_name(name: &str) -> Option<Variant> {
        const TABLE: &[(&str, Variant)] = &[
            ("plt", Variant::Plt),
            ("got", Variant::Got),
            ("gotpcrel", Variant::GotPcRel),
            ("gotpcrel_norelax", Variant::GotPcRelNoRelax),
            ("gotoff", Variant::GotOff),
            ("gotpc", Variant::GotPc),
            ("gottpoff", Variant::GotTpOff),
            ("tpoff", Variant::TpOff),
            ("ntpoff", Variant::NtpOff),
            ("dtpoff", Variant::DtpOff),
            ("indntpoff", Variant::IndNtpOff),
            ("gotntpoff", Variant::GotNtpOff),
            ("tlsgd", Variant::TlsGd),
            ("tlsld", Variant::TlsLd),
            ("tlsldm", Variant::TlsLdm),
            ("tlscall", Variant::TlsCall),
            ("tlsdesc", Variant::TlsDesc),
            ("size", Variant::Size),
            ("abs8", Variant::Abs8),
            ("pltoff", Variant::PltOff),
        ];
        TABLE.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|&(_, v)| v)
    }

    /// Whether the variant is one of the thread-local ones (LLVM marks the
    /// symbol `STT_TLS` when a relocation uses it).
    pub fn is_tls(self) -> bool {
        matches!(
            self,
            Variant::GotTpOff
                | Variant::TpOff
                | Variant::NtpOff
                | Variant::DtpOff
                | Variant::IndNtpOff
                | Variant::GotNtpOff
                | Variant::TlsGd
                | Variant::TlsLd
                | Variant::TlsLdm
                | Variant::TlsCall
                | Variant::TlsDesc
        )
    }
}

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-x`.
    Neg,
    /// `~x`.
    Not,
    /// `!x` (1 when `x` is 0, else 0).
    LNot,
    /// `+x`.
    Plus,
}

/// A binary operator (LLVM's `MCBinaryExpr::Opcode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/` (signed; division by zero is an error).
    Div,
    /// `%` (signed).
    Mod,
    /// `&`.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
    /// `!` between two operands: `a | ~b`.
    OrNot,
    /// `<<`.
    Shl,
    /// `>>` (arithmetic, as in GNU mode).
    AShr,
    /// `&&`.
    LAnd,
    /// `||`.
    LOr,
    /// `==` (true is -1, as in GNU as).
    Eq,
    /// `!=` and `<>`.
    Ne,
    /// `<` (signed).
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

impl BinaryOp {
    /// Applies the operator to two constants; `None` for a division by
    /// zero.
    pub fn fold(self, l: i64, r: i64) -> Option<i64> {
        let b = |c: bool| if c { -1 } else { 0 };
        Some(match self {
            BinaryOp::Add => l.wrapping_add(r),
            BinaryOp::Sub => l.wrapping_sub(r),
            BinaryOp::Mul => l.wrapping_mul(r),
            BinaryOp::Div => {
                if r == 0 {
                    return None;
                }
                l.wrapping_div(r)
            }
            BinaryOp::Mod => {
                if r == 0 {
                    return None;
                }
                l.wrapping_rem(r)
            }
            BinaryOp::And => l & r,
            BinaryOp::Or => l | r,
            BinaryOp::Xor => l ^ r,
            BinaryOp::OrNot => l | !r,
            BinaryOp::Shl => (l as u64).wrapping_shl(r as u32) as i64,
            BinaryOp::AShr => l.wrapping_shr(r as u32),
            BinaryOp::LAnd => (l != 0 && r != 0) as i64,
            BinaryOp::LOr => (l != 0 || r != 0) as i64,
            BinaryOp::Eq => b(l == r),
            BinaryOp::Ne => b(l != r),
            BinaryOp::Lt => b(l < r),
            BinaryOp::Le => b(l <= r),
            BinaryOp::Gt => b(l > r),
            BinaryOp::Ge => b(l >= r),
        })
    }
}

impl UnaryOp {
    /// Applies the operator to a constant.
    pub fn fold(self, v: i64) -> i64 {
        match self {
            UnaryOp::Neg => v.wrapping_neg(),
            UnaryOp::Not => !v,
            UnaryOp::LNot => (v == 0) as i64,
            UnaryOp::Plus => v,
        }
    }
}

/// One node of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A constant.
    Const(i64),
    /// A symbol, with the `@` variant written after it.
    Sym(SymbolId, Variant),
    /// A unary operator applied to an expression.
    Unary(UnaryOp, ExprId),
    /// A binary operator.
    Binary(BinaryOp, ExprId, ExprId),
}

/// The arena of expressions of one assembly.
#[derive(Debug, Clone, Default)]
pub struct Exprs {
    nodes: Vec<Expr>,
}

impl Exprs {
    /// Moves the nodes into `storage` (empty, with room for more: memory
    /// another thread has already touched) and keeps that.
    pub(crate) fn adopt(&mut self, mut storage: Vec<Expr>) {
        if storage.is_empty() && storage.capacity() > self.nodes.len() {
            storage.append(&mut self.nodes);
            self.nodes = storage;
        }
    }

    /// Adds an expression node.
    pub fn add(&mut self, e: Expr) -> ExprId {
        let id = ExprId(self.nodes.len() as u32);
        self.nodes.push(e);
        id
    }

    /// A constant.
    pub fn constant(&mut self, v: i64) -> ExprId {
        self.add(Expr::Const(v))
    }

    /// A reference to `sym` without a variant.
    pub fn sym(&mut self, sym: SymbolId) -> ExprId {
        self.add(Expr::Sym(sym, Variant::None))
    }

    /// `a op b`.
    pub fn binary(&mut self, op: BinaryOp, a: ExprId, b: ExprId) -> ExprId {
        self.add(Expr::Binary(op, a, b))
    }

    /// The node `id` names.
    pub fn get(&self, id: ExprId) -> Expr {
        self.nodes[id.index()]
    }

    /// Forgets the nodes from `len` on (the parser drops the nodes of an
    /// expression it folded into a constant).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.nodes.truncate(len);
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The constant `id` is, when it is a constant node.
    pub fn as_const(&self, id: ExprId) -> Option<i64> {
        match self.get(id) {
            Expr::Const(v) => Some(v),
            _ => None,
        }
    }

    /// The symbol reference at the top of `id` (`foo@PLT`, not `foo+4`).
    pub fn as_sym(&self, id: ExprId) -> Option<(SymbolId, Variant)> {
        match self.get(id) {
            Expr::Sym(s, v) => Some((s, v)),
            _ => None,
        }
    }

    /// Calls `f` on every symbol `id` refers to, operands in order (an
    /// explicit stack: no recursion however deep the expression).
    pub fn for_each_sym(&self, id: ExprId, mut f: impl FnMut(SymbolId)) {
        // Most expressions are a symbol or two: no allocation for them.
        let mut stack: smallvec::SmallVec<[ExprId; 8]> = smallvec::smallvec![id];
        while let Some(e) = stack.pop() {
            match self.get(e) {
                Expr::Const(_) => {}
                Expr::Sym(s, _) => f(s),
                Expr::Unary(_, a) => stack.push(a),
                Expr::Binary(_, a, b) => {
                    stack.push(b);
                    stack.push(a);
                }
            }
        }
    }
}
