//! Evaluation of expressions, layout and relaxation to a fixpoint, and
//! fixups turned into bytes or relocations: LLVM's `MCAssembler` and the
//! relocation half of its `ELFObjectWriter`.

use crate::diag::Loc;
use crate::expr::{Expr, ExprId, UnaryOp, Variant};
use crate::fixup::Fixup;
use crate::section::{FragmentId, FragmentKind, SectionId};
use crate::streamer::{Arch, ObjectStreamer};
use crate::symbol::{SymbolDef, SymbolId};
use crate::target::x86;
use llvmext_obj::elf::{Binding, SectionFlags, SymbolType};
use smallvec::SmallVec;

/// How deep a chain of symbol assignments may go before evaluation gives
/// up (a cycle, or hostile input).
const MAX_DEPTH: u32 = 1000;

/// A symbol reference in a relocatable value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SymRef {
    pub sym: SymbolId,
    pub variant: Variant,
}

/// A relocatable value: `A - B + C` (LLVM's `MCValue`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct RelocValue {
    pub a: Option<SymRef>,
    pub b: Option<SymRef>,
    pub c: i64,
}

impl RelocValue {
    fn constant(c: i64) -> RelocValue {
        RelocValue { a: None, b: None, c }
    }

    pub fn is_absolute(&self) -> bool {
        self.a.is_none() && self.b.is_none()
    }
}

/// Where an expression's value lives (LLVM's `findAssociatedFragment`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Assoc {
    Absolute,
    Undefined,
    Section(SectionId),
}

/// The section a symbol's value lives in.
pub(crate) fn symbol_assoc(st: &ObjectStreamer, sym: SymbolId, depth: u32) -> Assoc {
    if depth > MAX_DEPTH {
        return Assoc::Undefined;
    }
    match st.symbols[sym.index()].def {
        SymbolDef::Undefined | SymbolDef::Common { .. } => Assoc::Undefined,
        SymbolDef::Label { section, .. } => Assoc::Section(section),
        SymbolDef::Variable(e) => expr_assoc(st, e, depth + 1),
    }
}

fn expr_assoc(st: &ObjectStreamer, e: ExprId, depth: u32) -> Assoc {
    if depth > MAX_DEPTH {
        return Assoc::Undefined;
    }
    match st.exprs.get(e) {
        Expr::Const(_) => Assoc::Absolute,
        Expr::Sym(s, _) => symbol_assoc(st, s, depth + 1),
        Expr::Unary(_, a) => expr_assoc(st, a, depth + 1),
        Expr::Binary(op, a, b) => {
            let l = expr_assoc(st, a, depth + 1);
            let r = expr_assoc(st, b, depth + 1);
            if l == Assoc::Absolute {
                return r;
            }
            if r == Assoc::Absolute {
                return l;
            }
            if op == crate::expr::BinaryOp::Sub {
                return Assoc::Absolute;
            }
            if l != Assoc::Undefined {
                l
            } else {
                r
            }
        }
    }
}

/// Evaluation context: before layout (fold differences across fixed-size
/// data only) or after.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    st: &'a ObjectStreamer,
    layout: bool,
    in_set: bool,
}

/// The offset of a symbol in its section after layout (labels and
/// assignments of `A - B + C`); `None` when undefined.
pub(crate) fn symbol_offset(st: &ObjectStreamer, sym: SymbolId, depth: u32) -> Option<i64> {
    if depth > MAX_DEPTH {
        return None;
    }
    if let Some(p) = place(st, sym) {
        let base = frag_offset(st, p.section as usize, p.fragment as usize);
        return Some((base + p.offset as u64) as i64);
    }
    match st.symbols[sym.index()].def {
        SymbolDef::Label { section, fragment, offset } => {
            let base = frag_offset(st, section.index(), fragment.index());
            Some((base + offset) as i64)
        }
        SymbolDef::Variable(e) => {
            let v = eval(Ctx { st, layout: true, in_set: true }, e, depth + 1).ok()?;
            let mut off = v.c;
            if let Some(a) = v.a {
                off = off.wrapping_add(symbol_offset(st, a.sym, depth + 1)?);
            }
            if let Some(b) = v.b {
                off = off.wrapping_sub(symbol_offset(st, b.sym, depth + 1)?);
            }
            Some(off)
        }
        _ => None,
    }
}

/// Where a label is: section, fragment and offset in it.
fn label_place(st: &ObjectStreamer, sym: SymbolId) -> Option<(SectionId, FragmentId, u64)> {
    if let Some(p) = place(st, sym) {
        return Some((SectionId(p.section), FragmentId(p.fragment), p.offset as u64));
    }
    match st.symbols[sym.index()].def {
        SymbolDef::Label { section, fragment, offset } => Some((section, fragment, offset)),
        _ => None,
    }
}

/// Tries to fold `A - B` into a constant (LLVM's
/// `AttemptToFoldSymbolOffsetDifference`).
fn fold_difference(cx: Ctx<'_>, a: &mut Option<SymRef>, b: &mut Option<SymRef>, c: &mut i64) {
    let (Some(ra), Some(rb)) = (*a, *b) else { return };
    if ra.variant != Variant::None || rb.variant != Variant::None {
        return;
    }
    let st = cx.st;
    let places = (label_place(st, ra.sym), label_place(st, rb.sym));
    let seca = match places {
        // Two labels (defined, in their sections): the usual case.
        (Some((seca, ..)), Some((secb, ..))) => {
            if seca != secb {
                return;
            }
            seca
        }
        _ => {
            let sa = &st.symbols[ra.sym.index()];
            let sb = &st.symbols[rb.sym.index()];
            if !sa.is_defined() || !sb.is_defined() {
                return;
            }
            let (Assoc::Section(seca), Assoc::Section(secb)) =
                (symbol_assoc(st, ra.sym, 0), symbol_assoc(st, rb.sym, 0))
            else {
                return;
            };
            if seca != secb {
                return;
            }
            seca
        }
    };
    // Two labels of one fragment: their distance, without a layout.
    if let (Some((_, fa, oa)), Some((_, fb, ob))) = places {
        if fa == fb {
            *c = c.wrapping_add(oa as i64 - ob as i64);
            *a = None;
            *b = None;
            return;
        }
    }
    if cx.layout {
        let (Some(oa), Some(ob)) = (symbol_offset(st, ra.sym, 0), symbol_offset(st, rb.sym, 0))
        else {
            return;
        };
        *c = c.wrapping_add(oa.wrapping_sub(ob));
        *a = None;
        *b = None;
        return;
    }
    // Before layout: only when both are labels with fixed-size data
    // between them.
    let (Some((_, fa, oa)), Some((_, fb, ob))) = places else {
        return;
    };
    let sec = &st.sections[seca.index()];
    let mut disp = oa as i64 - ob as i64;
    let (lo, hi, sign) = if fa.index() >= fb.index() { (fb, fa, 1) } else { (fa, fb, -1) };
    // With subsections (not yet in order): only within one, whose
    // fragments are those of that subsection between the two.
    let subs = sec.frag_subsections.as_deref();
    if subs.is_some_and(|s| s[lo.index()] != s[hi.index()]) {
        return;
    }
    for (i, f) in sec.fragments[lo.index()..hi.index()].iter().enumerate() {
        if subs.is_some_and(|s| s[lo.index() + i] != s[lo.index()]) {
            continue;
        }
        match f.kind {
            FragmentKind::Data { len, .. } => disp += sign * len as i64,
            FragmentKind::Fill { size, count, .. } => match st.exprs.get(count) {
                Expr::Const(n) => disp += sign * n.max(0).wrapping_mul(size as i64),
                _ => return,
            },
            _ => return,
        }
    }
    *c = c.wrapping_add(disp);
    *a = None;
    *b = None;
}

fn symbolic_add(
    cx: Ctx<'_>,
    l: RelocValue,
    ra: Option<SymRef>,
    rb: Option<SymRef>,
    rc: i64,
) -> Option<RelocValue> {
    let (mut la, mut lb) = (l.a, l.b);
    let (mut ra, mut rb) = (ra, rb);
    let mut c = l.c.wrapping_add(rc);
    fold_difference(cx, &mut la, &mut lb, &mut c);
    fold_difference(cx, &mut la, &mut rb, &mut c);
    fold_difference(cx, &mut ra, &mut lb, &mut c);
    fold_difference(cx, &mut ra, &mut rb, &mut c);
    if (la.is_some() && ra.is_some()) || (lb.is_some() && rb.is_some()) {
        return None;
    }
    Some(RelocValue { a: la.or(ra), b: lb.or(rb), c })
}

/// Why an expression has no relocatable value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EvalError {
    /// Not representable as `A - B + C`.
    NotRelocatable,
    /// Too deep (a cycle of assignments).
    TooDeep,
}

fn eval(cx: Ctx<'_>, e: ExprId, depth: u32) -> Result<RelocValue, EvalError> {
    if depth > MAX_DEPTH {
        return Err(EvalError::TooDeep);
    }
    let st = cx.st;
    match st.exprs.get(e) {
        Expr::Const(c) => Ok(RelocValue::constant(c)),
        Expr::Sym(sym, variant) => {
            // A label (known without its symbol from layout on) is itself.
            if place(st, sym).is_some() {
                return Ok(RelocValue { a: Some(SymRef { sym, variant }), b: None, c: 0 });
            }
            let s = &st.symbols[sym.index()];
            if let SymbolDef::Variable(v) = s.def {
                let expand = (variant == Variant::None || cx.layout) && !s.weakref() && {
                    cx.in_set || !matches!(symbol_assoc(st, sym, 0), Assoc::Section(_))
                };
                if expand {
                    if let Ok(r) = eval(cx, v, depth + 1) {
                        if variant == Variant::None {
                            return Ok(r);
                        }
                        if r.is_absolute() {
                            return Ok(RelocValue {
                                a: Some(SymRef { sym, variant }),
                                b: None,
                                c: 0,
                            });
                        }
                        match r {
                            RelocValue { a: Some(a), b: None, c: 0 }
                                if a.variant == Variant::None =>
                            {
                                return Ok(RelocValue {
                                    a: Some(SymRef { sym: a.sym, variant }),
                                    b: None,
                                    c: 0,
                                })
                            }
                            _ => return Err(EvalError::NotRelocatable),
                        }
                    } else if depth + 1 > MAX_DEPTH {
                        return Err(EvalError::TooDeep);
                    }
                }
            }
            Ok(RelocValue { a: Some(SymRef { sym, variant }), b: None, c: 0 })
        }
        Expr::Unary(op, a) => {
            let v = eval(cx, a, depth + 1)?;
            match op {
                UnaryOp::Plus => Ok(v),
                _ if v.is_absolute() => Ok(RelocValue::constant(op.fold(v.c))),
                UnaryOp::Neg => {
                    if v.a.is_some() && v.b.is_none() {
                        return Err(EvalError::NotRelocatable);
                    }
                    Ok(RelocValue { a: v.b, b: v.a, c: v.c.wrapping_neg() })
                }
                _ => Err(EvalError::NotRelocatable),
            }
        }
        Expr::Binary(op, a, b) => {
            let l = eval(cx, a, depth + 1)?;
            let r = eval(cx, b, depth + 1)?;
            if !l.is_absolute() || !r.is_absolute() {
                return match op {
                    crate::expr::BinaryOp::Add => symbolic_add(cx, l, r.a, r.b, r.c),
                    crate::expr::BinaryOp::Sub => symbolic_add(cx, l, r.b, r.a, r.c.wrapping_neg()),
                    _ => None,
                }
                .ok_or(EvalError::NotRelocatable);
            }
            op.fold(l.c, r.c).map(RelocValue::constant).ok_or(EvalError::NotRelocatable)
        }
    }
}

/// The value of `e` when it holds no symbol at all (constants and
/// operators only).
pub fn fold_constant(st: &ObjectStreamer, e: ExprId) -> Option<i64> {
    fn go(st: &ObjectStreamer, e: ExprId, depth: u32) -> Option<i64> {
        if depth > MAX_DEPTH {
            return None;
        }
        match st.exprs.get(e) {
            Expr::Const(c) => Some(c),
            Expr::Sym(..) => None,
            Expr::Unary(op, a) => Some(op.fold(go(st, a, depth + 1)?)),
            Expr::Binary(op, a, b) => op.fold(go(st, a, depth + 1)?, go(st, b, depth + 1)?),
        }
    }
    go(st, e, 0)
}

/// `e` as a constant: after layout (`after_layout`) or before it (with
/// differences folded across fixed-size data only).
pub(crate) fn evaluate_absolute(st: &ObjectStreamer, e: ExprId, after_layout: bool) -> Option<i64> {
    if let Expr::Const(c) = st.exprs.get(e) {
        return Some(c);
    }
    let v = eval(Ctx { st, layout: after_layout, in_set: false }, e, 0).ok()?;
    v.is_absolute().then_some(v.c)
}

/// `e` as a relocatable value.
pub(crate) fn evaluate_relocatable(
    st: &ObjectStreamer,
    e: ExprId,
    after_layout: bool,
    in_set: bool,
) -> Option<RelocValue> {
    eval(Ctx { st, layout: after_layout, in_set }, e, 0).ok()
}

/// The outcome of evaluating a fixup.
struct FixupValue {
    target: RelocValue,
    value: i64,
    resolved: bool,
}

/// LLVM's `MCAssembler::evaluateFixup` for ELF.
fn evaluate_fixup(
    st: &ObjectStreamer,
    sec: SectionId,
    frag: (usize, usize),
    f: &Fixup,
) -> Result<FixupValue, &'static str> {
    let Some(target) = evaluate_relocatable(st, f.value, true, false) else {
        return Err("expected relocatable expression");
    };
    if let Some(b) = target.b {
        if b.variant != Variant::None {
            return Err("unsupported subtraction of qualified symbol");
        }
    }
    let pcrel = f.kind.is_pc_rel();
    // A `.reloc` relocation is never resolved.
    let literal = matches!(f.kind, x86::FixupKind::Literal(_));
    let resolved = if literal {
        false
    } else if pcrel {
        match (target.a, target.b) {
            (Some(a), None) if place(st, a.sym).is_some_and(|p| p.local) => {
                a.variant == Variant::None && place(st, a.sym).is_some_and(|p| p.section == sec.0)
            }
            (Some(a), None) => {
                let s = &st.symbols[a.sym.index()];
                a.variant == Variant::None
                    && s.is_defined()
                    && !matches!(s.def, SymbolDef::Common { .. })
                    && s.binding() == Binding::LOCAL
                    && s.kind != SymbolType::GNU_IFUNC
                    && symbol_assoc(st, a.sym, 0) == Assoc::Section(sec)
            }
            _ => false,
        }
    } else {
        target.is_absolute()
    };
    let mut value = target.c;
    if let Some(a) = target.a {
        if let Some(o) = symbol_offset(st, a.sym, 0) {
            // A label (its place known) is defined and not common.
            if place(st, a.sym).is_some()
                || st.symbols[a.sym.index()].is_defined()
                    && !matches!(st.symbols[a.sym.index()].def, SymbolDef::Common { .. })
            {
                value = value.wrapping_add(o);
            }
        }
    }
    if let Some(b) = target.b {
        if let Some(o) = symbol_offset(st, b.sym, 0) {
            value = value.wrapping_sub(o);
        }
    }
    if pcrel {
        let base = frag_offset(st, frag.0, frag.1);
        value = value.wrapping_sub((base + f.offset as u64) as i64);
    }
    Ok(FixupValue { target, value, resolved })
}

/// Lays out fragments `valid..=upto` of section `si` from the current
/// encodings (LLVM's `ensureValid`): what is before stays as it is.
fn ensure_valid(st: &ObjectStreamer, si: usize, upto: usize) {
    let sec = &st.sections[si];
    let n = sec.fragments.len();
    let upto = upto.min(n.saturating_sub(1));
    let valid = &sec.layout.valid;
    let mut j = valid.get();
    if n == 0 || j > upto {
        return;
    }
    let mut off = match j {
        0 => 0,
        _ => {
            let p = &sec.fragments[j - 1];
            p.offset.get() + p.size.get()
        }
    };
    // Noted all at once at the end (an evaluation inside may lay out the
    // rest of the section itself: it notes those first, and they are not
    // resized again here).
    let mut resized: SmallVec<[u32; 8]> = SmallVec::new();
    while j <= upto {
        let f = &sec.fragments[j];
        f.offset.set(off);
        // Valid up to `j`'s offset while its size is computed (an `.org`
        // or a `.fill` may look at earlier fragments).
        valid.set(j);
        let size = fragment_size(st, si, j, off);
        if f.size.replace(size) != size && st.layout_pass.get() != 0 {
            resized.push(j as u32);
        }
        off = off.saturating_add(size);
        j += 1;
        valid.set(j);
    }
    if !resized.is_empty() {
        sec.layout.resized.extend(&resized);
    }
}

/// Starts section `si`'s layout for the pass under way at its first
/// query in the pass: LLVM 19 lays a section out afresh then, from the
/// sizes of that moment. When none of its fragments changed size since
/// its last layout (and nothing outside it decides its sizes), that
/// layout would be the one it has, so it is kept. Returns the layout's
/// generation.
fn start_section_layout(st: &ObjectStreamer, si: usize) -> u32 {
    let lay = &st.sections[si].layout;
    let pass = st.layout_pass.get();
    if lay.pass.get() != pass {
        lay.pass.set(pass);
        if lay.dirty.get() || lay.dynamic.get() {
            lay.dirty.set(false);
            lay.valid.set(0);
            lay.generation.set(lay.generation.get().wrapping_add(1));
            lay.resized.clear();
        }
    }
    lay.generation.get()
}

/// The offset of fragment `fi` of section `si` (or the section's end for
/// one past the last), laying the section out that far if needed.
pub(crate) fn frag_offset(st: &ObjectStreamer, si: usize, fi: usize) -> u64 {
    let sec = &st.sections[si];
    if sec.fragments.is_empty() {
        return 0;
    }
    lay_out(st, si);
    let last = sec.fragments.len() - 1;
    match sec.fragments.get(fi) {
        Some(f) => f.offset.get(),
        None => {
            let f = &sec.fragments[last];
            f.offset.get() + f.size.get()
        }
    }
}

/// Lays section `si` out if it is not (starting its layout for the pass
/// under way at its first query): what asking for an offset in it does
/// first.
fn lay_out(st: &ObjectStreamer, si: usize) {
    let sec = &st.sections[si];
    if st.layout_pass.get() != 0 {
        start_section_layout(st, si);
    }
    // The whole section at once (LLVM 19's `ensureValid(Section)`).
    if let Some(last) = sec.fragments.len().checked_sub(1) {
        if sec.layout.valid.get() <= last {
            ensure_valid(st, si, last);
        }
    }
}

/// Forgets the layout of section `si` from fragment `from` on.
fn invalidate_from(st: &ObjectStreamer, si: usize, from: usize) {
    let v = &st.sections[si].layout.valid;
    if v.get() > from {
        v.set(from);
    }
}

/// `e` when it is the difference of two labels of one section (the
/// usual shape of LEB128 and DWARF values), without the general
/// evaluator.
fn label_difference(st: &ObjectStreamer, e: ExprId) -> Option<i64> {
    let Expr::Binary(crate::expr::BinaryOp::Sub, a, b) = st.exprs.get(e) else { return None };
    let (Expr::Sym(x, Variant::None), Expr::Sym(y, Variant::None)) =
        (st.exprs.get(a), st.exprs.get(b))
    else {
        return None;
    };
    match (label_place(st, x), label_place(st, y)) {
        (Some((sx, _, _)), Some((sy, _, _))) if sx == sy => Some(label_delta(st, x, y)),
        _ => None,
    }
}

/// The bytes from label `b` to label `a` after layout.
fn label_delta(st: &ObjectStreamer, a: SymbolId, b: SymbolId) -> i64 {
    if let (Some((sa, fa, oa)), Some((sb, fb, ob))) = (label_place(st, a), label_place(st, b)) {
        if sa == sb && fa == fb {
            return oa as i64 - ob as i64;
        }
    }
    match (symbol_offset(st, a, 0), symbol_offset(st, b, 0)) {
        (Some(x), Some(y)) => x.wrapping_sub(y),
        _ => 0,
    }
}

/// The padding of `.prefalign` fragment `fi` of section `si` laid out at
/// `off` (the newest LLVM's `relaxPrefAlign`): the body is what lies between the
/// fragment and label `end` (fragments after this one at their current
/// sizes, as LLVM sums them); the alignment the smallest power of two at
/// least the body's size, at most `2^log2`, never less than chosen before
/// (alignment padding inside the body depends on this padding: a value
/// that only grows ends the cycle). An `end` before the fragment keeps the
/// padding of the alignment chosen so far; one outside the section is an
/// error after layout.
fn pref_align_padding(
    st: &ObjectStreamer,
    si: usize,
    fi: usize,
    off: u64,
    end: SymbolId,
    log2: u8,
    chosen: &crate::section::Cell8,
) -> u64 {
    let sec = &st.sections[si];
    let align = |log2: u8| 1u64 << log2.min(63);
    let pad = |a: u64| (a - off % a) % a;
    let Some((es, ef, eo)) = label_place(st, end) else { return pad(align(chosen.get())) };
    if es.index() != si || ef.index() <= fi {
        return pad(align(chosen.get()));
    }
    let mut body = eo;
    for f in &sec.fragments[fi + 1..ef.index()] {
        body = body.saturating_add(encoded_size(st, si, f).unwrap_or_else(|| f.size.get()));
    }
    // bit_ceil(body), as a power of two (bit_ceil(0) is 1).
    let fit = if body <= 1 { 0 } else { 64 - (body - 1).leading_zeros() as u8 };
    let new = fit.min(log2).max(chosen.get());
    chosen.set(new);
    pad(align(new))
}

/// The size of fragment `f` of section `si` that its contents decide
/// (data, an encoding, a count); `None` for the kinds whose size depends
/// on where they are laid out (alignment, `.org`, `.prefalign`).
fn encoded_size(st: &ObjectStreamer, si: usize, f: &crate::section::Fragment) -> Option<u64> {
    let sec = &st.sections[si];
    Some(match &f.kind {
        FragmentKind::Data { len, .. } => *len as u64,
        FragmentKind::Relaxable(i) => sec.relaxables[*i as usize].bytes.len() as u64,
        FragmentKind::Leb { size, .. }
        | FragmentKind::DwarfLine { size, .. }
        | FragmentKind::DwarfFrame { size, .. } => *size as u64,
        FragmentKind::Nops { count, .. } => *count,
        &FragmentKind::Fill { size, count, .. } => match evaluate_absolute(st, count, true) {
            Some(n) if n > 0 => (n as u64).saturating_mul(size as u64),
            _ => 0,
        },
        FragmentKind::Align(_) | FragmentKind::Org { .. } | FragmentKind::PrefAlign { .. } => {
            return None
        }
    })
}

fn fragment_size(st: &ObjectStreamer, si: usize, fi: usize, off: u64) -> u64 {
    let f = &st.sections[si].fragments[fi];
    if let Some(size) = encoded_size(st, si, f) {
        return size;
    }
    match &f.kind {
        FragmentKind::PrefAlign { end, log2, chosen, .. } => {
            pref_align_padding(st, si, fi, off, *end, *log2, chosen)
        }
        FragmentKind::Align(a) => {
            let align = a.align.max(1);
            let pad = (align - off % align) % align;
            if pad > a.max {
                0
            } else {
                pad
            }
        }
        &FragmentKind::Org { target, .. } => match evaluate_relocatable(st, target, true, false) {
            Some(RelocValue { a: None, b: None, c }) => (c as u64).saturating_sub(off),
            Some(RelocValue { a: Some(a), b: None, c }) => symbol_offset(st, a.sym, 0)
                .map_or(0, |o| (o.wrapping_add(c) as u64).saturating_sub(off)),
            _ => 0,
        },
        _ => 0,
    }
}

/// Where a label is, as layout and the writer look it up (12 bytes: a
/// lookup of a label among hundreds of thousands reads a table a fraction
/// of the size of the symbols).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    /// The section (`u32::MAX`: see the symbol: not a label, or an offset
    /// beyond 32 bits).
    section: u32,
    fragment: u32,
    offset: u32,
    /// A local label that is not an `STT_GNU_IFUNC` (what a relocation
    /// asks of its symbol before it may name the section instead; neither
    /// changes once parsing is done).
    local: bool,
}

impl Place {
    fn of(s: &crate::symbol::Symbol) -> Place {
        match s.def {
            SymbolDef::Label { section, fragment, offset } => match u32::try_from(offset) {
                Ok(offset) => Place {
                    section: section.0,
                    fragment: fragment.0,
                    offset,
                    local: s.binding() == Binding::LOCAL && s.kind != SymbolType::GNU_IFUNC,
                },
                Err(_) => Place::SEE_SYMBOL,
            },
            _ => Place::SEE_SYMBOL,
        }
    }

    const SEE_SYMBOL: Place = Place { section: u32::MAX, fragment: 0, offset: 0, local: false };
}

/// Symbol `sym`'s place when it is a label and the table is made.
fn place(st: &ObjectStreamer, sym: SymbolId) -> Option<Place> {
    st.places.get(sym.index()).copied().filter(|p| p.section != u32::MAX)
}

/// Makes `st.places`, the labels' places, from the symbols (whose
/// definitions do not change after parsing); two threads share a long
/// table.
fn find_places(st: &mut ObjectStreamer) {
    let mut places = vec![Place::SEE_SYMBOL; st.symbols.len()];
    let symbols = &st.symbols;
    let fill = |places: &mut [Place], from: usize| {
        for (i, p) in places.iter_mut().enumerate() {
            *p = Place::of(&symbols[from + i]);
        }
    };
    if places.len() >= PARALLEL_PLACES
        && std::thread::available_parallelism().is_ok_and(|p| p.get() > 1)
    {
        let half = places.len() / 2;
        let (a, b) = places.split_at_mut(half);
        std::thread::scope(|scope| {
            scope.spawn(|| fill(b, half));
            fill(a, 0);
        });
    } else {
        fill(&mut places, 0);
    }
    st.places = places;
}

/// How many symbols make a second thread worth starting for their places.
const PARALLEL_PLACES: usize = 1 << 16;

/// Lays out every section, relaxing instructions and re-encoding LEBs and
/// DWARF advances until nothing changes, as LLVM 19's `MCAssembler::layout`
/// does: each pass lays every section out from the current sizes, then
/// relaxes every fragment of every section against that layout (a
/// fragment's growth moves the others only in the next pass); passes
/// repeat while anything changed. With alignment padding (which shrinks
/// as code before it grows) this order decides which fixpoint is reached,
/// so it is LLVM's, not a faster one. Then checks what only the final
/// layout shows.
pub(crate) fn layout(st: &mut ObjectStreamer) {
    find_places(st);
    let order: Vec<usize> = st.section_order.iter().map(|s| s.index()).collect();
    let debug = std::env::var_os("LLVMEXT_ASM_DEBUG").is_some();
    // `.prefalign` fragments, checked and their alignments applied after.
    let mut pref_aligns: Vec<(usize, usize)> = Vec::new();
    for sec in st.sections.iter_mut() {
        let n = sec.fragments.len();
        sec.layout.resized.reset(n);
    }
    for (si, sec) in st.sections.iter().enumerate() {
        let mut dynamic = false;
        for (fi, f) in sec.fragments.iter().enumerate() {
            match f.kind {
                FragmentKind::Fill { count, .. } => {
                    dynamic |= !matches!(st.exprs.get(count), Expr::Const(_))
                }
                FragmentKind::Org { .. } => dynamic = true,
                FragmentKind::PrefAlign { .. } => pref_aligns.push((si, fi)),
                _ => {}
            }
        }
        sec.layout.dynamic.set(dynamic);
        sec.layout.dirty.set(true);
        sec.layout.pass.set(0);
    }
    // The first pass relaxes every fragment and notes, per section, the
    // ones a later pass may change; later passes go through those only.
    let mut pending: Vec<Vec<Pending>> = vec![Vec::new(); st.sections.len()];
    // The LEB128s whose value is not the distance between two labels of
    // one section: only those may turn out not absolute.
    let mut other_lebs: Vec<(u32, u32)> = Vec::new();
    let mut passes = 0u32;
    loop {
        passes += 1;
        st.layout_pass.set(passes);
        let t = std::time::Instant::now();
        let mut changed = 0usize;
        for &si in &order {
            let ts = std::time::Instant::now();
            if passes == 1 {
                let mut list = Vec::with_capacity(pending_count(st, si));
                for fi in 0..st.sections[si].fragments.len() {
                    let Some(pair) = fragment_pair(st, si, fi) else { continue };
                    if matches!(pair, LabelPair::Other)
                        && matches!(st.sections[si].fragments[fi].kind, FragmentKind::Leb { .. })
                    {
                        other_lebs.push((si as u32, fi as u32));
                    }
                    let mut item = Pending::new(fi, pair);
                    note_jump(st, si, &mut item);
                    if relax_pending(st, si, &mut item) {
                        st.sections[si].layout.dirty.set(true);
                        changed += 1;
                    }
                    if !matches!(pair, LabelPair::SameFragment) {
                        list.push(item);
                    }
                }
                pending[si] = list;
            } else {
                for item in pending[si].iter_mut() {
                    if relax_pending(st, si, item) {
                        st.sections[si].layout.dirty.set(true);
                        changed += 1;
                    }
                }
            }
            if debug && ts.elapsed().as_micros() > 500 {
                eprintln!(
                    "  {} {:?} ({} pending)",
                    st.sections[si].name,
                    ts.elapsed(),
                    pending[si].len()
                );
            }
        }
        if debug {
            eprintln!("layout pass {passes}: {changed} fragments changed size, {:?}", t.elapsed());
        }
        if changed == 0 || passes > 100_000 {
            break;
        }
    }
    drop(pending);
    st.layout_pass.set(0);
    for si in 0..st.sections.len() {
        invalidate_from(st, si, 0);
        let n = st.sections[si].fragments.len();
        if n > 0 {
            ensure_valid(st, si, n - 1);
        }
    }
    check_fragments(st, &other_lebs, &pref_aligns);
    // `.prefalign` raises its section's alignment to the one it chose
    // (LLVM's `ensureMinAlignment`).
    for &(si, fi) in &pref_aligns {
        if let FragmentKind::PrefAlign { ref chosen, .. } = st.sections[si].fragments[fi].kind {
            let a = 1u64 << chosen.get().min(63);
            let sec = &mut st.sections[si];
            sec.align = sec.align.max(a);
        }
    }
}

/// A fragment a layout pass re-encodes: an instruction that may need a
/// longer form, a LEB128 or a DWARF advance (24 bytes: there is one per
/// line-table row and location-list entry).
#[derive(Clone, Copy)]
struct Pending {
    fragment: u32,
    /// When its value is the distance between two labels of one section
    /// (`u32::MAX`: it is not): that section, ...
    section: u32,
    /// ... the fragments of the two labels (`a - b`), ...
    a: u32,
    b: u32,
    /// ... and their offsets in those fragments (`offset(a) - offset(b)`;
    /// for a [`Pending::jump`], what the displacement adds to the
    /// distance from its fragment to its target's).
    adjust: i32,
    /// The generation of the section's layout the value was last computed
    /// at.
    generation: u32,
    /// An instruction whose one fixup is PC-relative to a local label of
    /// its own section plus a constant: resolved whatever the layout, its
    /// displacement the distance between the fragments plus `adjust`.
    jump: bool,
    /// Never changes again (an instruction in its longest form).
    done: bool,
}

impl Pending {
    fn new(fragment: usize, pair: LabelPair) -> Pending {
        let (section, a, b, adjust) = match pair {
            LabelPair::Section { section, a, b, adjust } => (section, a, b, adjust),
            _ => (u32::MAX, 0, 0, 0),
        };
        Pending {
            fragment: fragment as u32,
            section,
            a,
            b,
            adjust,
            generation: u32::MAX,
            jump: false,
            done: false,
        }
    }
}

/// Makes `item`, a relaxable instruction's, a [`Pending::jump`] when it is
/// one: its fixup evaluated once in full (whether it is resolved does not
/// depend on the layout: the symbol's binding, type and section do not
/// change), the displacement's part that does not change noted.
fn note_jump(st: &ObjectStreamer, si: usize, item: &mut Pending) {
    let fi = item.fragment as usize;
    let FragmentKind::Relaxable(ri) = st.sections[si].fragments[fi].kind else { return };
    let relax = &st.sections[si].relaxables[ri as usize];
    let ([f], true) = (&relax.fixups[..], item.section != u32::MAX) else { return };
    if !f.kind.is_pc_rel() {
        return;
    }
    let Ok(v) = evaluate_fixup(st, SectionId(si as u32), (si, fi), f) else { return };
    let (Some(a), None, true) = (v.target.a, v.target.b, v.resolved) else { return };
    let Some((s, tf, off)) = label_place(st, a.sym) else { return };
    if s.index() != si || tf.index() as u32 != item.a {
        return;
    }
    // displacement = target + c - (fragment + fixup offset).
    let fixed = (off as i64).wrapping_add(v.target.c).wrapping_sub(f.offset as i64);
    let Ok(adjust) = i32::try_from(fixed) else { return };
    debug_assert_eq!(
        frag_offset(st, si, tf.index()) as i64 + adjust as i64 - frag_offset(st, si, fi) as i64,
        v.value
    );
    item.adjust = adjust;
    item.jump = true;
}

/// Where two labels are, for a value that is the distance between them.
#[derive(Clone, Copy)]
enum LabelPair {
    /// In one fragment: the distance never changes.
    SameFragment,
    /// In two fragments of one section: label `a` at `adjust` bytes more
    /// into its fragment than label `b` into its; the distance changes
    /// only when the sizes of the fragments between them do.
    Section { section: u32, a: u32, b: u32, adjust: i32 },
    /// Anything else.
    Other,
}

fn label_pair(st: &ObjectStreamer, a: SymbolId, b: SymbolId) -> LabelPair {
    match (label_place(st, a), label_place(st, b)) {
        (Some((sa, fa, oa)), Some((sb, fb, ob))) if sa == sb => {
            if fa == fb {
                return LabelPair::SameFragment;
            }
            match i32::try_from(oa as i64 - ob as i64) {
                Ok(adjust) => LabelPair::Section {
                    section: sa.0,
                    a: fa.index() as u32,
                    b: fb.index() as u32,
                    adjust,
                },
                Err(_) => LabelPair::Other,
            }
        }
        _ => LabelPair::Other,
    }
}

/// How many fragments of section `si` may change size in a pass (an
/// upper bound on its pending list).
fn pending_count(st: &ObjectStreamer, si: usize) -> usize {
    st.sections[si]
        .fragments
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                FragmentKind::Relaxable(_)
                    | FragmentKind::Leb { .. }
                    | FragmentKind::DwarfLine { .. }
                    | FragmentKind::DwarfFrame { .. }
            )
        })
        .count()
}

/// What the size of fragment `fi` of section `si` depends on; `None` for
/// the kinds relaxation never changes (their sizes follow from the
/// layout alone).
fn fragment_pair(st: &ObjectStreamer, si: usize, fi: usize) -> Option<LabelPair> {
    Some(match st.sections[si].fragments[fi].kind {
        FragmentKind::Relaxable(ri) => {
            // A jump to a label of its own section (most are): its
            // displacement is the distance from the jump to the label.
            let item = &st.sections[si].relaxables[ri as usize];
            // Already in its longest form: it never changes again.
            x86::relaxation(&item.inst)?;
            let [f] = &item.fixups[..] else { return Some(LabelPair::Other) };
            // The target, plus a constant (a branch's `-1` or `-4`).
            let target = match st.exprs.get(f.value) {
                Expr::Sym(t, Variant::None) => t,
                Expr::Binary(crate::expr::BinaryOp::Add, t, c) => {
                    match (st.exprs.get(t), st.exprs.get(c)) {
                        (Expr::Sym(t, Variant::None), Expr::Const(_)) => t,
                        _ => return Some(LabelPair::Other),
                    }
                }
                _ => return Some(LabelPair::Other),
            };
            match label_place(st, target) {
                Some((ts, tf, _)) if ts.index() == si && tf.index() != fi => LabelPair::Section {
                    section: si as u32,
                    a: tf.index() as u32,
                    b: fi as u32,
                    adjust: 0,
                },
                _ => LabelPair::Other,
            }
        }
        FragmentKind::Leb { value, .. } => match st.exprs.get(value) {
            Expr::Binary(crate::expr::BinaryOp::Sub, a, b) => {
                match (st.exprs.get(a), st.exprs.get(b)) {
                    (Expr::Sym(x, Variant::None), Expr::Sym(y, Variant::None)) => {
                        label_pair(st, x, y)
                    }
                    _ => LabelPair::Other,
                }
            }
            _ => LabelPair::Other,
        },
        FragmentKind::DwarfLine { last, label, .. }
        | FragmentKind::DwarfFrame { last, label, .. } => label_pair(st, label, last),
        // Its padding depends on the sizes after it: re-checked every pass.
        FragmentKind::PrefAlign { .. } => LabelPair::Other,
        _ => return None,
    })
}

/// Whether the distance between fragments `a` and `b` of `section`,
/// computed at layout generation `seen`, is the same now: the layout is
/// that generation's, or the next one's and no fragment between the two
/// changed size. Asks for the layout only as computing the distance
/// would. Also returns the current generation.
fn same_distance(st: &ObjectStreamer, section: u32, a: u32, b: u32, seen: u32) -> (bool, u32) {
    let section = section as usize;
    let generation = start_section_layout(st, section);
    if seen == generation {
        return (true, generation);
    }
    if seen == generation.wrapping_sub(1) {
        let (from, to) = (a.min(b), a.max(b));
        lay_out(st, section);
        let resized = &st.sections[section].layout.resized;
        return (!resized.any_in(from as usize, to as usize), generation);
    }
    (false, generation)
}

/// Re-encodes a pending fragment for the current layout unless its value
/// cannot have changed; whether its size changed.
fn relax_pending(st: &mut ObjectStreamer, si: usize, item: &mut Pending) -> bool {
    let fi = item.fragment as usize;
    if item.done {
        return false;
    }
    if item.section == u32::MAX {
        return relax_fragment(st, si, fi);
    }
    let (same, generation) = same_distance(st, item.section, item.a, item.b, item.generation);
    item.generation = generation;
    if same {
        return false;
    }
    if item.jump {
        let u = item.section as usize;
        let displacement = frag_offset(st, u, item.a as usize) as i64 + item.adjust as i64
            - frag_offset(st, u, fi) as i64;
        if (-128..=127).contains(&displacement) {
            return false;
        }
        let changed = relax_instruction(st, si, fi);
        if let FragmentKind::Relaxable(ri) = st.sections[si].fragments[fi].kind {
            item.done = x86::relaxation(&st.sections[si].relaxables[ri as usize].inst).is_none();
        }
        return changed;
    }
    if let FragmentKind::Relaxable(_) = st.sections[si].fragments[fi].kind {
        return relax_fragment(st, si, fi);
    }
    // The labels' distance straight from the fragments' offsets.
    let u = item.section as usize;
    let distance = frag_offset(st, u, item.a as usize) as i64
        - frag_offset(st, u, item.b as usize) as i64
        + item.adjust as i64;
    resize_for_value(st, si, fi, distance)
}

/// Re-encodes LEB128 or DWARF-advance fragment `fi` of section `si` for
/// value `v`; whether its size changed.
fn resize_for_value(st: &mut ObjectStreamer, si: usize, fi: usize, v: i64) -> bool {
    let kind = &mut st.sections[si].fragments[fi].kind;
    let (old, new) = match *kind {
        FragmentKind::Leb { signed, size, .. } => {
            // Padded to its size so far (it never shrinks).
            (size, encode_leb(v, signed, &mut [0; 10]).max(size as usize) as u8)
        }
        FragmentKind::DwarfLine { line_delta, size, .. } => (
            size,
            encoded_len(|out| {
                crate::dwarf::line::encode_line_advance(
                    &Default::default(),
                    1,
                    line_delta,
                    v as u64,
                    out,
                )
            }),
        ),
        FragmentKind::DwarfFrame { size, .. } => {
            (size, encoded_len(|out| crate::dwarf::cfi::encode_advance_loc(v as u64, 1, out)))
        }
        _ => return false,
    };
    if let FragmentKind::Leb { size, .. }
    | FragmentKind::DwarfLine { size, .. }
    | FragmentKind::DwarfFrame { size, .. } = kind
    {
        *size = new;
    }
    old != new
}

/// The length (at most 255) of what `encode` writes, written into a buffer
/// kept for the purpose (layout asks this of every DWARF advance).
fn encoded_len(encode: impl FnOnce(&mut Vec<u8>)) -> u8 {
    thread_local! {
        static BUF: core::cell::RefCell<Vec<u8>> = const { core::cell::RefCell::new(Vec::new()) };
    }
    BUF.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        encode(&mut b);
        b.len().min(255) as u8
    })
}

/// `v` as a ULEB128 (or SLEB128 when `signed`) in `buf`; its length.
pub(crate) fn encode_leb(v: i64, signed: bool, buf: &mut [u8; 10]) -> usize {
    if signed {
        llvmext_core::leb128::encode_sleb128(v, buf)
    } else {
        llvmext_core::leb128::encode_uleb128(v as u64, buf)
    }
}

fn leb(v: i64, signed: bool, pad_to: usize, out: &mut SmallVec<[u8; 8]>) {
    out.clear();
    let mut buf = [0u8; 10];
    let n = encode_leb(v, signed, &mut buf);
    out.extend_from_slice(&buf[..n]);
    if n < pad_to {
        // Pad with continuation bytes so that the LEB never shrinks.
        let last = out.len() - 1;
        out[last] |= 0x80;
        let fill = if signed && v < 0 { 0xff } else { 0x80 };
        for _ in n..pad_to - 1 {
            out.push(fill);
        }
        out.push(if signed && v < 0 { 0x7f } else { 0x00 });
    }
}

/// The encoding of a LEB128 fragment's value at the current layout,
/// padded to `pad_to` bytes.
fn leb_bytes(
    st: &ObjectStreamer,
    value: ExprId,
    signed: bool,
    pad_to: usize,
    out: &mut SmallVec<[u8; 8]>,
) {
    let v = match label_difference(st, value) {
        Some(v) => v,
        None => evaluate_absolute(st, value, true).unwrap_or(0),
    };
    leb(v, signed, pad_to, out);
}

/// Re-encodes fragment `fi` of section `si` for the current layout;
/// whether its size changed.
fn relax_fragment(st: &mut ObjectStreamer, si: usize, fi: usize) -> bool {
    let sec = SectionId(si as u32);
    let frag = &st.sections[si].fragments[fi];
    match frag.kind {
        FragmentKind::Relaxable(ri) => {
            let item = &st.sections[si].relaxables[ri as usize];
            if x86::relaxation(&item.inst).is_none() {
                return false;
            }
            let mut needs = false;
            for f in item.fixups.iter() {
                match evaluate_fixup(st, sec, (si, fi), f) {
                    Ok(v) => {
                        let abs8 = f.kind == x86::FixupKind::Data1
                            && v.target.a.is_some_and(|a| a.variant == Variant::Abs8);
                        if !abs8 && (!v.resolved || v.value < -128 || v.value > 127) {
                            needs = true;
                        }
                    }
                    Err(_) => needs = true,
                }
            }
            needs && relax_instruction(st, si, fi)
        }
        FragmentKind::Leb { value, .. } => {
            let v = match label_difference(st, value) {
                Some(v) => v,
                None => evaluate_absolute(st, value, true).unwrap_or(0),
            };
            resize_for_value(st, si, fi, v)
        }
        FragmentKind::DwarfLine { last, label, .. }
        | FragmentKind::DwarfFrame { last, label, .. } => {
            let v = label_delta(st, label, last);
            resize_for_value(st, si, fi, v)
        }
        FragmentKind::PrefAlign { end, log2, ref chosen, .. } => {
            // The padding the current sizes ask for, against the last
            // layout's: a change needs another pass (LLVM relaxes it as a
            // fragment).
            let off = frag_offset(st, si, fi);
            let f = &st.sections[si].fragments[fi];
            pref_align_padding(st, si, fi, off, end, log2, chosen) != f.size.get()
        }
        _ => false,
    }
}

/// Puts relaxable instruction fragment `fi` of section `si` in its longer
/// form; whether it changed.
fn relax_instruction(st: &mut ObjectStreamer, si: usize, fi: usize) -> bool {
    let FragmentKind::Relaxable(ri) = st.sections[si].fragments[fi].kind else { return false };
    let item = &st.sections[si].relaxables[ri as usize];
    let Some(relaxed) = x86::relaxation(&item.inst) else { return false };
    let loc = item.fixups.first().map_or(Loc::NONE, |f| f.loc);
    let mut bytes = Vec::new();
    let mut xf = Vec::new();
    if x86::encode(&relaxed, &mut bytes, &mut xf).is_err() {
        return false;
    }
    let nf: SmallVec<[Fixup; 2]> = xf.iter().map(|f| st.lower_fixup(f, loc)).collect();
    st.sections[si].relaxables[ri as usize] = crate::section::RelaxItem {
        inst: relaxed,
        bytes: SmallVec::from_slice(&bytes),
        fixups: nf,
    };
    true
}

/// Errors only the final layout shows: `.org` backwards, fills and LEBs
/// of expressions that are not absolute.
fn check_fragments(st: &mut ObjectStreamer, lebs: &[(u32, u32)], pref_aligns: &[(usize, usize)]) {
    // As llvm-mc-19 reports them: every LEB128 (in layout order), then
    // every fill.
    let mut errors: Vec<(Loc, String)> = Vec::new();
    for &(si, fi) in pref_aligns {
        if let FragmentKind::PrefAlign { end, .. } = st.sections[si].fragments[fi].kind {
            if label_place(st, end).is_none_or(|(s, _, _)| s.index() != si) {
                let name = st.symbols[end.index()].name.to_string();
                errors.push((
                    Loc::NONE,
                    format!(".prefalign end symbol '{name}' must be in the current section"),
                ));
            }
        }
    }
    for &(si, fi) in lebs {
        let (si, fi) = (si as usize, fi as usize);
        if let FragmentKind::Leb { value, signed, loc, .. } = st.sections[si].fragments[fi].kind {
            if evaluate_absolute(st, value, true).is_none() {
                let p = if signed { ".s" } else { ".u" };
                errors.push((loc, format!("{p}leb128 expression is not absolute")));
            }
        }
    }
    for &(sec, fi, loc) in &st.fill_locs {
        let frag = st.sections[sec.index()].fragments.get(fi as usize);
        if let Some(&FragmentKind::Fill { count, .. }) = frag.map(|f| &f.kind) {
            if evaluate_absolute(st, count, true).is_none() {
                errors.push((loc, "expected assembly-time absolute expression".into()));
            }
        }
    }
    for (loc, m) in errors {
        st.error(loc, m);
    }
}

/// A relocation as the writer hands it to the ELF builder.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Relocation {
    pub offset: u64,
    /// The symbol (a section's begin symbol for a relocation against the
    /// section); `None`: symbol 0.
    pub sym: Option<SymbolId>,
    pub r_type: u32,
    pub addend: i64,
}

/// The bytes of every section (fixups applied) and its relocations.
pub(crate) struct Output {
    pub contents: Vec<Vec<u8>>,
    pub relocs: Vec<Vec<Relocation>>,
}

/// What writing one section gave: its bytes, its relocations, and what
/// the relocations say of symbols.
#[derive(Default)]
struct SectionOutput {
    contents: Vec<u8>,
    relocs: Vec<Relocation>,
    errors: Vec<(Loc, String)>,
    tls: Vec<SymbolId>,
    used: Vec<SymbolId>,
    weakref_used: Vec<SymbolId>,
}

/// Writes the fragments' bytes, resolves every fixup, and records a
/// relocation for each one layout cannot resolve (LLVM's
/// `ELFObjectWriter::recordRelocation`). With many fixups, two threads
/// share the sections (the layout is done: everything they read is
/// settled); the output is the same.
pub(crate) fn finish_fixups(st: &mut ObjectStreamer) -> Output {
    let n = st.sections.len();
    let rela = st.arch == Arch::X86_64;
    let mut datas: Vec<Option<Vec<u8>>> = (0..n)
        .map(|si| {
            (!st.sections[si].is_virtual()).then(|| std::mem::take(&mut st.sections[si].data))
        })
        .collect();
    let st_ref: &ObjectStreamer = st;
    // Roughly what a section's output costs (a fixup about ten times a
    // fragment, an instruction that may be relaxed four).
    let weight = |si: usize| {
        let sec = &st_ref.sections[si];
        10 * sec.fixups.len() + 4 * sec.relaxables.len() + sec.fragments.len()
    };
    let total: usize = (0..n).map(weight).sum();
    let mut outs: Vec<SectionOutput> = (0..n).map(|_| SectionOutput::default()).collect();
    let threads =
        total >= PARALLEL_FIXUPS && std::thread::available_parallelism().is_ok_and(|p| p.get() > 1);
    if threads {
        // The sections in two sets of about equal work, the larger first.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&si| std::cmp::Reverse(weight(si)));
        let (mut wa, mut wb) = (0usize, 0usize);
        let mut mine: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut theirs: Vec<(usize, Vec<u8>)> = Vec::new();
        for si in order {
            let Some(data) = datas[si].take() else { continue };
            if wa <= wb {
                wa += weight(si);
                mine.push((si, data));
            } else {
                wb += weight(si);
                theirs.push((si, data));
            }
        }
        let done: Vec<(usize, SectionOutput)> = std::thread::scope(|scope| {
            let other = scope.spawn(|| {
                theirs
                    .into_iter()
                    .map(|(si, d)| (si, section_output(st_ref, si, d, rela)))
                    .collect()
            });
            let mut done: Vec<(usize, SectionOutput)> =
                mine.into_iter().map(|(si, d)| (si, section_output(st_ref, si, d, rela))).collect();
            match other.join() {
                Ok(v) => {
                    let v: Vec<(usize, SectionOutput)> = v;
                    done.extend(v);
                }
                Err(e) => std::panic::resume_unwind(e),
            }
            done
        });
        for (si, o) in done {
            outs[si] = o;
        }
    } else {
        for si in 0..n {
            if let Some(data) = datas[si].take() {
                outs[si] = section_output(st_ref, si, data, rela);
            }
        }
    }
    let mut contents = Vec::with_capacity(n);
    let mut relocs = Vec::with_capacity(n);
    let mut errors = Vec::new();
    for o in outs {
        for s in o.used {
            st.symbols[s.index()].set_used_in_reloc(true);
        }
        for s in o.weakref_used {
            st.symbols[s.index()].set_weakref_used_in_reloc(true);
        }
        for s in o.tls {
            st.symbols[s.index()].kind = SymbolType::TLS;
        }
        errors.extend(o.errors);
        contents.push(o.contents);
        relocs.push(o.relocs);
    }
    for (loc, m) in errors {
        st.error(loc, m);
    }
    Output { contents, relocs }
}

/// How much fixup work makes a second thread worth starting.
const PARALLEL_FIXUPS: usize = 1 << 19;

/// One section's bytes (its buffer `data` taken out of it) with its fixups
/// applied, and its relocations.
fn section_output(st: &ObjectStreamer, si: usize, data: Vec<u8>, rela: bool) -> SectionOutput {
    let mut o = SectionOutput::default();
    let sec = &st.sections[si];
    let mut pending: Vec<(usize, Fixup, usize)> = Vec::new();
    // A section of data fragments only (debug info, read-only data)
    // keeps its buffer: the fragments are its bytes in order.
    let only_data = sec.fragments.iter().all(|f| matches!(f.kind, FragmentKind::Data { .. }));
    let (mut out, data) = if only_data {
        (data, Vec::new())
    } else {
        (Vec::with_capacity(sec.size() as usize), data)
    };
    let mut at = 0usize;
    for (fi, f) in sec.fragments.iter().enumerate() {
        let start = if only_data { at } else { out.len() };
        match &f.kind {
            &FragmentKind::Data { start: s, len, fix_start, fix_len } => {
                if !only_data {
                    out.extend_from_slice(&data[s as usize..(s + len) as usize]);
                }
                at += len as usize;
                for fx in &sec.fixups[fix_start as usize..(fix_start + fix_len) as usize] {
                    pending.push((start, *fx, fi));
                }
            }
            FragmentKind::Relaxable(ri) => {
                let item = &sec.relaxables[*ri as usize];
                out.extend_from_slice(&item.bytes);
                for fx in &item.fixups {
                    pending.push((start, *fx, fi));
                }
            }
            &FragmentKind::Leb { value, signed, size, .. } => {
                let mut b = SmallVec::new();
                leb_bytes(st, value, signed, size as usize, &mut b);
                out.extend_from_slice(&b);
            }
            &FragmentKind::DwarfLine { line_delta, last, label, .. } => {
                let delta = label_delta(st, label, last);
                crate::dwarf::line::encode_line_advance(
                    &Default::default(),
                    1,
                    line_delta,
                    delta as u64,
                    &mut out,
                );
            }
            &FragmentKind::DwarfFrame { last, label, .. } => {
                let delta = label_delta(st, label, last) as u64;
                crate::dwarf::cfi::encode_advance_loc(delta, 1, &mut out);
            }
            FragmentKind::Align(a) => {
                if a.nops {
                    x86::write_nops(st.mode, f.size.get(), &mut out);
                } else {
                    let fs = a.fill_size.max(1) as u64;
                    if f.size.get() % fs != 0 {
                        o.errors.push((Loc::NONE, "invalid padding".into()));
                    }
                    let b = (a.fill as u64).to_le_bytes();
                    for i in 0..f.size.get() {
                        out.push(b[(i % fs) as usize]);
                    }
                }
            }
            FragmentKind::Nops { .. } | FragmentKind::PrefAlign { nops: true, .. } => {
                x86::write_nops(st.mode, f.size.get(), &mut out);
            }
            &FragmentKind::PrefAlign { fill, .. } => {
                out.extend(std::iter::repeat_n(fill, f.size.get() as usize))
            }
            &FragmentKind::Fill { value, size, .. } => {
                let b = value.to_le_bytes();
                let size = size.max(1) as u64;
                for i in 0..f.size.get() {
                    out.push(b[(i % size) as usize]);
                }
            }
            &FragmentKind::Org { fill, .. } => {
                out.extend(std::iter::repeat_n(fill, f.size.get() as usize))
            }
        }
    }
    for (start, fx, fi) in pending {
        let sid = SectionId(si as u32);
        let frag_off = frag_offset(st, si, fi);
        let v = match evaluate_fixup(st, sid, (si, fi), &fx) {
            Ok(v) => v,
            Err(m) => {
                o.errors.push((fx.loc, m.into()));
                continue;
            }
        };
        let size = fx.kind.size() as usize;
        let mut fixed = v.value;
        if v.resolved {
            if fx.kind.is_pc_rel() && size < 8 {
                let bits = size as u32 * 8;
                let lo = -(1i64 << (bits - 1));
                let hi = (1i64 << (bits - 1)) - 1;
                if fixed < lo || fixed > hi {
                    let unit = if size == 1 { "byte" } else { "bytes" };
                    o.errors.push((
                        fx.loc,
                        format!("value of {fixed} is too large for field of {size} {unit}."),
                    ));
                }
            }
        } else {
            match record_relocation(st, sid, frag_off, &fx, v.target) {
                Ok((rel, tls, via_weakref)) => {
                    if let Some(t) = tls {
                        o.tls.push(t);
                    }
                    if let Some(s) = rel.sym {
                        if via_weakref {
                            o.weakref_used.push(s);
                        } else {
                            o.used.push(s);
                        }
                    }
                    fixed = rel.addend;
                    let mut rel = rel;
                    if !rela {
                        rel.addend = 0;
                    } else {
                        fixed = 0;
                    }
                    o.relocs.push(rel);
                }
                Err(m) => {
                    o.errors.push((fx.loc, m));
                    continue;
                }
            }
        }
        let at = start + fx.offset as usize;
        let b = (fixed as u64).to_le_bytes();
        if at + size <= out.len() {
            out[at..at + size].copy_from_slice(&b[..size]);
        }
    }
    o.contents = out;
    o
}

/// LLVM's `ELFObjectWriter::recordRelocation`: the relocation of a fixup
/// layout could not resolve, and the symbol to mark `STT_TLS`.
fn record_relocation(
    st: &ObjectStreamer,
    sec: SectionId,
    frag_off: u64,
    f: &Fixup,
    target: RelocValue,
) -> Result<(Relocation, Option<SymbolId>, bool), String> {
    let mut c = target.c;
    let fixup_offset = frag_off + f.offset as u64;
    let mut pcrel = f.kind.is_pc_rel();
    if let Some(b) = target.b {
        let sb = &st.symbols[b.sym.index()];
        if !sb.is_defined() {
            return Err(format!(
                "symbol '{}' can not be undefined in a subtraction expression",
                sb.name
            ));
        }
        if symbol_assoc(st, b.sym, 0) != Assoc::Section(sec) {
            return Err("Cannot represent a difference across sections".into());
        }
        pcrel = true;
        c = c
            .wrapping_add(fixup_offset as i64)
            .wrapping_sub(symbol_offset(st, b.sym, 0).unwrap_or(0));
    }
    let mut sym_a = target.a;
    let mut via_weakref = false;
    if let Some(a) = sym_a.filter(|a| place(st, a.sym).is_none()) {
        if let SymbolDef::Variable(v) = st.symbols[a.sym.index()].def {
            if let Expr::Sym(inner, Variant::Weakref) = st.exprs.get(v) {
                sym_a = Some(SymRef { sym: inner, variant: a.variant });
                via_weakref = true;
            }
        }
    }
    let variant = sym_a.map_or(Variant::None, |a| a.variant);
    let r_type = x86::elf::elf_reloc_type(st.arch == Arch::X86_64, st.mode, f.kind, variant, pcrel)
        .map_err(|e| e.to_string())?;
    let tls = if variant.is_tls() { sym_a.map(|a| a.sym) } else { None };
    let Some(a) = sym_a else {
        return Ok((
            Relocation { offset: fixup_offset, sym: None, r_type, addend: c },
            tls,
            via_weakref,
        ));
    };
    let a_sec = match place(st, a.sym) {
        Some(p) => Some(SectionId(p.section)),
        None => match symbol_assoc(st, a.sym, 0) {
            Assoc::Section(s) => Some(s),
            _ => None,
        },
    };
    // The call-graph profile names its symbols (for `--cg-profile`).
    let cg =
        st.sections[sec.index()].sh_type == llvmext_obj::elf::SectionType::LLVM_CALL_GRAPH_PROFILE;
    let with_symbol = cg || relocate_with_symbol(st, a, a_sec, c, r_type);
    if !with_symbol {
        let addend = c.wrapping_add(symbol_offset(st, a.sym, 0).unwrap_or(0));
        let sym = a_sec.map(|s| st.sections[s.index()].begin);
        return Ok((Relocation { offset: fixup_offset, sym, r_type, addend }, tls, via_weakref));
    }
    // A `.symver` renamed symbol: the relocation names the version.
    let sym = st.renames.get(&a.sym).copied().unwrap_or(a.sym);
    Ok((Relocation { offset: fixup_offset, sym: Some(sym), r_type, addend: c }, tls, via_weakref))
}

/// LLVM's `ELFObjectWriter::shouldRelocateWithSymbol`.
fn relocate_with_symbol(
    st: &ObjectStreamer,
    a: SymRef,
    a_sec: Option<SectionId>,
    c: i64,
    r_type: u32,
) -> bool {
    match a.variant {
        Variant::Got | Variant::Plt | Variant::GotPcRel | Variant::GotPcRelNoRelax => return true,
        _ => {}
    }
    // A local label (its place says so without the symbol), or:
    if !place(st, a.sym).is_some_and(|p| p.local) {
        let s = &st.symbols[a.sym.index()];
        if !s.is_defined() || matches!(s.def, SymbolDef::Common { .. }) {
            return true;
        }
        if s.binding() != Binding::LOCAL {
            return true;
        }
        if s.kind == SymbolType::GNU_IFUNC {
            return true;
        }
    }
    if let Some(sec) = a_sec {
        let flags = st.sections[sec.index()].flags;
        if flags.contains(SectionFlags::MERGE) {
            if c != 0 {
                return true;
            }
            // R_386_GOTOFF (9): gold before 2.34 ignored the addend.
            if st.arch == Arch::I386 && r_type == 9 {
                return true;
            }
        }
        if flags.contains(SectionFlags::TLS) {
            return true;
        }
    } else {
        // Absolute: no section symbol to use.
        return true;
    }
    false
}

impl ObjectStreamer {
    /// Evaluates `e` to a constant now, before layout (LLVM's
    /// `evaluateAsAbsolute` with the assembler: symbol differences fold
    /// when only fixed-size data lies between the two labels).
    pub fn evaluate_now(&self, e: ExprId) -> Option<i64> {
        evaluate_absolute(self, e, false)
    }
}
