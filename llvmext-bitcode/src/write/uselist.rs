//! Use-list orders: the `USELIST` blocks `llvm-as` writes (it preserves
//! use-list orders) wherever the order of a value's uses in memory differs
//! from the order a bitcode reader will rebuild.
//!
//! LLVM's writer compares two orders (`predictUseListOrder` in LLVM 19's
//! `ValueEnumerator.cpp`): the reader's, which follows from the order in
//! which values are numbered (`orderModule`), and the one in memory. The
//! model holds no use lists, so the second is rebuilt here the way
//! LLParser builds it from the module's text (its global values in the
//! order the parser met them, `Module::definition_order`; for a module
//! not read from text, as LLVM prints them: variables, aliases, ifuncs,
//! then functions): each new use goes
//! to the head of its value's list; a constant adds the uses of its
//! operands when first parsed; an instruction adds its uses in the order
//! its constructor sets them; a name used before its definition is a
//! placeholder whose uses move, head first, to the value when it is
//! defined (`replaceAllUsesWith`), a constant using the placeholder moving
//! all its uses of it at once, in operand order (an in-place update).
//! Functions get the three `ptr null` operands LLVM gives any function
//! with a personality, prefix or prologue; `uselistorder` directives
//! reorder a value's uses at the end of their function's body (or after
//! the functions, at the top level), `uselistorder_bb` a block's.
//!
//! The shuffles are kept per function and for the module, each list in
//! the order LLVM writes it (the reverse of prediction order).

use hashbrown::HashMap;
use llvmext_core::bitstream::BitstreamWriter;
use llvmext_ir::constant::ConstKind;
use llvmext_ir::id::{BlockId as Bb, ConstId, GlobalRef, InstId, Value};
use llvmext_ir::inst::{Clause, DbgRecord, InstKind};
use llvmext_ir::metadata::MdNode;
use llvmext_ir::types::TypeKind;
use llvmext_ir::Module;

use super::enumerate::{is_data_aggregate, TypeOrder, Val};
use super::function::FunctionValues;
use super::{internal, WriteError};
use crate::schema::{BlockId, UseListCode};

/// A value that has uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum UVal {
    /// A global value.
    G(GlobalRef),
    /// A constant (never a `ConstKind::Global`).
    C(ConstId),
    /// The `ptr null` of functions' operands, when the arena lacks one.
    Null,
    /// Inline asm.
    Asm(u32),
    /// Argument `a` of function `f`.
    Arg(u32, u32),
    /// Block `b` of function `f`.
    Bb(u32, u32),
    /// An instruction of function `f`.
    I(u32, InstId),
    /// The placeholder of a global value referred to before it is defined.
    FwdG(GlobalRef),
    /// The placeholder of an instruction used before it is defined.
    FwdI(u32, InstId),
    /// The placeholder of a `blockaddress` of a function whose body is
    /// not parsed yet.
    FwdBa(ConstId),
}

/// What uses a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum User {
    G(GlobalRef),
    C(ConstId),
    I(u32, InstId),
}

/// A use: its user and operand number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Use {
    user: User,
    op: u32,
}

/// One use-list order to write: the value and the shuffle (for each use
/// in the reader's order, its index in memory).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shuffle {
    pub value: UVal,
    pub shuffle: Vec<u32>,
}

/// The module's use-list orders, in the order LLVM writes them.
#[derive(Debug, Default)]
pub(crate) struct UseLists {
    /// The module-level block's.
    pub module: Vec<Shuffle>,
    /// Each function's (by index).
    pub functions: HashMap<usize, Vec<Shuffle>>,
}

/// An operand: a value or a block.
#[derive(Clone, Copy)]
enum Op {
    V(Value),
    B(Bb),
}

/// The operands of an instruction in the order its constructor sets them,
/// with their operand numbers.
fn inst_operands(k: &InstKind, out: &mut Vec<(Op, u32)>) {
    out.clear();
    match k {
        InstKind::Ret(_)
        | InstKind::Br(_)
        | InstKind::CondBr { .. }
        | InstKind::Switch { .. }
        | InstKind::IndirectBr { .. }
        | InstKind::Call { .. }
        | InstKind::Invoke { .. }
        | InstKind::CallBr { .. }
        | InstKind::CatchSwitch { .. }
        | InstKind::CatchRet { .. }
        | InstKind::CleanupRet { .. }
        | InstKind::CatchPad { .. }
        | InstKind::CleanupPad { .. }
        | InstKind::Phi { .. }
        | InstKind::LandingPad { .. } => out.extend(inst_operands_vec(k)),
        k => {
            // The constructor sets them in operand order.
            let mut n = 0;
            k.for_each_operand(|x| {
                out.push((Op::V(x), n));
                n += 1;
            });
        }
    }
}

/// [`inst_operands`], as a new list.
fn inst_operands_vec(k: &InstKind) -> Vec<(Op, u32)> {
    use InstKind::*;
    let v = |x: &Value| Op::V(*x);
    let b = |x: &Bb| Op::B(*x);
    let seq = |ops: Vec<Op>| -> Vec<(Op, u32)> {
        ops.into_iter().enumerate().map(|(i, o)| (o, i as u32)).collect()
    };
    match k {
        Ret(x) => seq(x.iter().map(v).collect()),
        Br(d) => vec![(b(d), 0)],
        CondBr { cond, then_dest, else_dest } => {
            vec![(v(cond), 0), (b(else_dest), 1), (b(then_dest), 2)]
        }
        Switch { cond, default, cases } => {
            let mut out = vec![(v(cond), 0), (b(default), 1)];
            for (i, (c, d)) in cases.iter().enumerate() {
                out.push((Op::V(Value::Const(*c)), 2 + 2 * i as u32));
                out.push((b(d), 3 + 2 * i as u32));
            }
            out
        }
        IndirectBr { addr, dests } => {
            let mut ops = vec![v(addr)];
            ops.extend(dests.iter().map(b));
            seq(ops)
        }
        Call { call, .. } | Invoke { call, .. } | CallBr { call, .. } => {
            let n = call.args.len() as u32;
            let bundles: Vec<Value> =
                call.bundles.iter().flat_map(|x| x.inputs.iter().copied()).collect();
            let nb = bundles.len() as u32;
            let mut out: Vec<(Op, u32)> =
                call.args.iter().enumerate().map(|(i, a)| (v(a), i as u32)).collect();
            let mut next = n + nb;
            match k {
                Invoke { normal, unwind, .. } => {
                    out.push((b(normal), next));
                    out.push((b(unwind), next + 1));
                    next += 2;
                }
                CallBr { default, indirect, .. } => {
                    out.push((b(default), next));
                    next += 1;
                    for d in indirect {
                        out.push((b(d), next));
                        next += 1;
                    }
                }
                _ => {}
            }
            out.push((v(&call.callee), next));
            out.extend(bundles.iter().enumerate().map(|(i, a)| (v(a), n + i as u32)));
            out
        }
        Resume(x) | Freeze(x) | VaArg(x) => vec![(v(x), 0)],
        CatchSwitch { parent, handlers, unwind } => {
            let mut ops = vec![v(parent)];
            ops.extend(unwind.iter().map(b));
            ops.extend(handlers.iter().map(b));
            seq(ops)
        }
        CatchRet { pad, dest } => vec![(v(pad), 0), (b(dest), 1)],
        CleanupRet { pad, unwind } => {
            let mut ops = vec![v(pad)];
            ops.extend(unwind.iter().map(b));
            seq(ops)
        }
        CatchPad { parent, args } | CleanupPad { parent, args } => {
            let mut ops: Vec<Op> = args.iter().map(v).collect();
            ops.push(v(parent));
            seq(ops)
        }
        Phi { incoming, .. } => seq(incoming.iter().map(|(x, _)| v(x)).collect()),
        LandingPad { clauses, .. } => seq(clauses
            .iter()
            .map(|c| {
                let (Clause::Catch(x) | Clause::Filter(x)) = c;
                v(x)
            })
            .collect()),
        k => {
            let mut ops = Vec::new();
            k.for_each_operand(|x| ops.push(Op::V(x)));
            seq(ops)
        }
    }
}

/// Every value of the module with uses as a dense index (placeholders
/// aside): global values, constants, the synthetic `ptr null`, inline asm,
/// then each function's arguments, blocks and instructions.
struct Dense {
    /// Where functions, aliases and ifuncs start among global values.
    globals: [u32; 3],
    consts: u32,
    null: u32,
    asm: u32,
    /// Per function: where its arguments start, and its argument and block
    /// counts.
    functions: Vec<(u32, u32, u32)>,
    len: u32,
}

impl Dense {
    fn new(m: &Module) -> Dense {
        let nv = m.globals.len() as u32;
        let nf = m.functions.len() as u32;
        let na = m.aliases.len() as u32;
        let ni = m.ifuncs.len() as u32;
        let consts = nv + nf + na + ni;
        let null = consts + m.consts.len() as u32;
        let asm = null + 1;
        let mut next = asm + m.inline_asm.len() as u32;
        let mut functions = Vec::with_capacity(m.functions.len());
        for f in &m.functions {
            let (a, b) = (f.args.len() as u32, f.blocks.len() as u32);
            functions.push((next, a, b));
            next += a + b + f.insts.len() as u32;
        }
        Dense { globals: [nv, nv + nf, nv + nf + na], consts, null, asm, functions, len: next }
    }

    fn global(&self, g: GlobalRef) -> u32 {
        match g {
            GlobalRef::Var(k) => k,
            GlobalRef::Func(k) => self.globals[0] + k,
            GlobalRef::Alias(k) => self.globals[1] + k,
            GlobalRef::IFunc(k) => self.globals[2] + k,
        }
    }

    /// The index of `v` (`None`: a placeholder, or out of range).
    fn idx(&self, v: UVal) -> Option<u32> {
        let i = match v {
            UVal::G(g) => self.global(g),
            UVal::C(c) => self.consts + c.0,
            UVal::Null => self.null,
            UVal::Asm(k) => self.asm + k,
            UVal::Arg(f, a) => self.functions.get(f as usize)?.0 + a,
            UVal::Bb(f, b) => {
                let (s, a, _) = *self.functions.get(f as usize)?;
                s + a + b
            }
            UVal::I(f, i) => {
                let (s, a, b) = *self.functions.get(f as usize)?;
                s + a + b + i.0
            }
            UVal::FwdG(_) | UVal::FwdI(..) | UVal::FwdBa(_) => return None,
        };
        (i < self.len).then_some(i)
    }

    fn user(&self, u: &User) -> Option<u32> {
        match *u {
            User::G(g) => self.idx(UVal::G(g)),
            User::C(c) => self.idx(UVal::C(c)),
            User::I(f, i) => self.idx(UVal::I(f, i)),
        }
    }
}

/// Each value's uses, oldest first (the list in memory is the reverse).
struct Lists {
    start: Vec<u32>,
    uses: Vec<Use>,
}

impl Lists {
    fn of(&self, i: u32) -> &[Use] {
        let (a, b) = (self.start[i as usize] as usize, self.start[i as usize + 1] as usize);
        &self.uses[a..b]
    }
}

/// The rebuilt in-memory use lists and the numbering that predicts the
/// reader's.
struct Builder<'o, 'm> {
    m: &'m Module,
    dense: &'o Dense,
    /// Every use with its value's index, oldest first (`u32::MAX`: taken
    /// off again).
    uses: Vec<(u32, Use)>,
    /// The uses of placeholders, oldest first.
    fwd: HashMap<UVal, Vec<Use>>,
    /// Constants created so far.
    created: Vec<bool>,
    /// Global values defined so far (by dense index).
    defined: Vec<bool>,
    /// The arena's `ptr null`, if it has one.
    null: Option<ConstId>,
    /// Functions whose body has been reached.
    bodies: Vec<bool>,
    /// `blockaddress`es of functions whose body is not reached yet.
    pending: HashMap<u32, Vec<ConstId>>,
    /// Reusable lists.
    vals: Vec<ConstId>,
    ops: Vec<(Op, u32)>,
}

impl<'o, 'm> Builder<'o, 'm> {
    /// The value a constant is: a global (or its placeholder) or itself.
    fn const_value(&self, c: ConstId) -> UVal {
        match self.m.consts.kind(c) {
            Some(ConstKind::BlockAddress { func: GlobalRef::Func(f), .. })
                if !self.has_body(*f) =>
            {
                UVal::FwdBa(c)
            }
            Some(ConstKind::Global(g)) => self.global_value(*g),
            _ => UVal::C(c),
        }
    }

    /// A global value, or its placeholder while it is not defined.
    fn global_value(&self, g: GlobalRef) -> UVal {
        if self.defined.get(self.dense.global(g) as usize).copied().unwrap_or(false) {
            UVal::G(g)
        } else {
            UVal::FwdG(g)
        }
    }

    fn has_body(&self, f: u32) -> bool {
        self.bodies.get(f as usize).copied().unwrap_or(false)
    }

    fn is_created(&self, c: ConstId) -> bool {
        self.created.get(c.0 as usize).copied().unwrap_or(true)
    }

    fn add(&mut self, v: UVal, u: Use) {
        match self.dense.idx(v) {
            Some(i) => self.uses.push((i, u)),
            None => self.fwd.entry(v).or_default().push(u),
        }
    }

    /// Parses constant `c`: creates it and what it is made of that does not
    /// exist yet, operands first, each new one using its operands.
    fn create(&mut self, c: ConstId) {
        let mut stack = vec![(c, false)];
        while let Some((c, done)) = stack.pop() {
            if matches!(self.m.consts.kind(c), Some(ConstKind::Global(_))) {
                continue;
            }
            if done {
                if let Some(ConstKind::BlockAddress { func: GlobalRef::Func(f), .. }) =
                    self.m.consts.kind(c)
                {
                    if !self.has_body(*f) {
                        // A placeholder until the body is reached.
                        let list = self.pending.entry(*f).or_default();
                        if !list.contains(&c) {
                            list.push(c);
                        }
                        continue;
                    }
                }
                if !self.is_created(c) {
                    if let Some(x) = self.created.get_mut(c.0 as usize) {
                        *x = true;
                    }
                    for (i, op) in llvm_operands(self.m, c).into_iter().enumerate() {
                        let v = match op {
                            COp::C(o) => self.const_value(o),
                            COp::G(g) => self.global_value(g),
                            COp::Block(f, b) => UVal::Bb(f, b),
                        };
                        self.add(v, Use { user: User::C(c), op: i as u32 });
                    }
                }
                continue;
            }
            if self.is_created(c) {
                continue;
            }
            stack.push((c, true));
            for op in llvm_operands(self.m, c).into_iter().rev() {
                if let COp::C(o) = op {
                    if !self.is_created(o) {
                        stack.push((o, false));
                    }
                }
            }
        }
    }

    /// `replaceAllUsesWith` from a placeholder: its uses, head first, go to
    /// the head of `to`'s list; a constant's all at once, in operand order.
    fn rauw(&mut self, from: UVal, to: UVal) {
        if self.fwd.is_empty() {
            return;
        }
        let Some(list) = self.fwd.remove(&from) else { return };
        let Some(to) = self.dense.idx(to) else { return };
        let mut moved = vec![false; list.len()];
        let target = &mut self.uses;
        for i in (0..list.len()).rev() {
            if moved[i] {
                continue;
            }
            match list[i].user {
                User::C(c) => {
                    let mut mine: Vec<usize> = (0..list.len())
                        .filter(|&j| !moved[j] && list[j].user == User::C(c))
                        .collect();
                    mine.sort_by_key(|&j| list[j].op);
                    for j in mine {
                        moved[j] = true;
                        target.push((to, list[j]));
                    }
                }
                _ => {
                    moved[i] = true;
                    target.push((to, list[i]));
                }
            }
        }
    }

    fn define(&mut self, g: GlobalRef) {
        if let Some(x) = self.defined.get_mut(self.dense.global(g) as usize) {
            *x = true;
        }
        self.rauw(UVal::FwdG(g), UVal::G(g));
    }

    /// The uses LLParser makes, in the module's text order (the order the
    /// parser met the global values in, when the module keeps it; else
    /// variables, aliases, ifuncs, then functions, as printed).
    fn run(&mut self) {
        let m = self.m;
        let count = m.globals.len() + m.aliases.len() + m.ifuncs.len() + m.functions.len();
        let printed: Vec<GlobalRef>;
        let order: &[GlobalRef] = if m.definition_order.len() == count {
            &m.definition_order
        } else {
            let vars = (0..m.globals.len()).map(|k| GlobalRef::Var(k as u32));
            let aliases = (0..m.aliases.len()).map(|k| GlobalRef::Alias(k as u32));
            let ifuncs = (0..m.ifuncs.len()).map(|k| GlobalRef::IFunc(k as u32));
            let funcs = (0..m.functions.len()).map(|k| GlobalRef::Func(k as u32));
            printed = vars.chain(aliases).chain(ifuncs).chain(funcs).collect();
            &printed
        };
        for &me in order {
            match me {
                GlobalRef::Func(k) => self.function(k as usize),
                g => {
                    // A global value's operand is parsed before the value
                    // is made (and replaces its placeholder), then set.
                    let op = match g {
                        GlobalRef::Var(k) => m.globals.get(k as usize).and_then(|x| x.init),
                        GlobalRef::Alias(k) => m.aliases.get(k as usize).map(|x| x.aliasee),
                        GlobalRef::IFunc(k) => m.ifuncs.get(k as usize).map(|x| x.resolver),
                        GlobalRef::Func(_) => None,
                    };
                    if let Some(c) = op {
                        self.create(c);
                    }
                    self.define(me);
                    if let Some(c) = op {
                        let v = self.const_value(c);
                        self.add(v, Use { user: User::G(me), op: 0 });
                    }
                }
            }
        }
        // Top-level `uselistorder` directives (after the functions).
        for o in m.value_use_orders.iter().filter(|o| o.func.is_none()) {
            if let Some(v) = value_of(m, 0, o.value) {
                self.sort_uses(v, &o.order);
            }
        }
    }

    /// A function: its header's constants, the function (replacing its
    /// placeholder), its operands, then its body.
    fn function(&mut self, k: usize) {
        let Some(f) = self.m.functions.get(k) else { return };
        let me = GlobalRef::Func(k as u32);
        // Text order: prefix, prologue, personality.
        for c in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
            self.create(c);
        }
        self.define(me);
        // setPersonalityFn, setPrefixData, setPrologueData: the first
        // allocates three operands holding `ptr null`.
        let mut allocated = false;
        for (op, c) in [(0u32, f.personality), (1, f.prefix), (2, f.prologue)] {
            let Some(c) = c else { continue };
            if !allocated {
                allocated = true;
                let null = self.null.map_or(UVal::Null, UVal::C);
                for i in 0..3 {
                    self.add(null, Use { user: User::G(me), op: i });
                }
            }
            // `Op<i>().set(C)`: off null's list, onto C's.
            let null = self.null.map_or(UVal::Null, UVal::C);
            if let Some(n) = self.dense.idx(null) {
                let here = Use { user: User::G(me), op };
                if let Some(p) = self.uses.iter().rposition(|x| *x == (n, here)) {
                    self.uses[p].0 = u32::MAX;
                }
            }
            let v = self.const_value(c);
            self.add(v, Use { user: User::G(me), op });
        }
        self.body(k);
    }

    fn body(&mut self, k: usize) {
        let m = self.m;
        let f = &m.functions[k];
        let fk = k as u32;
        if f.is_declaration() {
            return;
        }
        // `resolveForwardRefBlockAddresses`: the blockaddresses met before
        // the body are made now, by label (numbered before named, numbers
        // and names in order), each replacing its placeholder.
        if let Some(x) = self.bodies.get_mut(k) {
            *x = true;
        }
        let mut pending = self.pending.remove(&fk).unwrap_or_default();
        let slots = block_slots(m, f);
        let label = |c: &ConstId| match m.consts.kind(*c) {
            Some(ConstKind::BlockAddress { block, .. }) => {
                match f.blocks.get(*block as usize).and_then(|b| b.name.as_ref()) {
                    Some(n) => (1u8, 0u32, n.as_bytes().to_vec()),
                    None => (0, slots.get(*block as usize).copied().unwrap_or(0), Vec::new()),
                }
            }
            _ => (2, 0, Vec::new()),
        };
        pending.sort_by_key(label);
        for c in pending {
            self.create(c);
            self.rauw(UVal::FwdBa(c), UVal::C(c));
        }
        let mut defined = vec![false; f.insts.len()];
        for b in &f.blocks {
            for &i in &b.insts {
                let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                // Constants are made as parsed (a call's callee after its
                // arguments and bundles, as `for_each_operand` gives them).
                let mut vals = core::mem::take(&mut self.vals);
                vals.clear();
                // The debug records printed before the instruction come
                // first (the constants their locations hold), then the
                // operands (a metadata operand's constants among them).
                let md_consts =
                    |md: llvmext_ir::id::MdId, vals: &mut Vec<ConstId>| match m.md.get(md) {
                        Some(MdNode::Value(_, Value::Const(c))) => vals.push(*c),
                        Some(MdNode::ArgList(args)) => {
                            for &a in args.iter() {
                                if let Some(MdNode::Value(_, Value::Const(c))) = m.md.get(a) {
                                    vals.push(*c);
                                }
                            }
                        }
                        _ => {}
                    };
                for r in &inst.dbg_records {
                    if let DbgRecord::Variable { location, assign, .. } = r {
                        md_consts(*location, &mut vals);
                        if let Some((_, addr, _)) = assign {
                            md_consts(*addr, &mut vals);
                        }
                    }
                }
                let mut ops = core::mem::take(&mut self.ops);
                inst_operands(&inst.kind, &mut ops);
                // (A call's callee is parsed after its arguments and
                // bundles, though its uses are set before the bundles'.)
                let callee = match &inst.kind {
                    InstKind::Call { call, .. }
                    | InstKind::Invoke { call, .. }
                    | InstKind::CallBr { call, .. } => Some(call.callee),
                    _ => None,
                };
                // (The callee is a call's last operand.)
                let callee_no = callee.and_then(|_| ops.iter().map(|o| o.1).max());
                for &(op, no) in ops.iter() {
                    match op {
                        Op::V(_) if Some(no) == callee_no => {}
                        Op::V(Value::Const(c)) => vals.push(c),
                        Op::V(Value::Metadata(md)) => md_consts(md, &mut vals),
                        _ => {}
                    }
                }
                if let Some(Value::Const(c)) = callee {
                    vals.push(c);
                }
                for &c in &vals {
                    if !self.is_created(c) {
                        self.create(c);
                    }
                }
                self.vals = vals;
                for &(op, no) in ops.iter() {
                    let v = match op {
                        Op::B(bb) => UVal::Bb(fk, bb.0),
                        Op::V(Value::Const(c)) => self.const_value(c),
                        Op::V(Value::Arg(a)) => UVal::Arg(fk, a),
                        Op::V(Value::Inst(j)) => {
                            if defined.get(j.0 as usize).copied().unwrap_or(false) {
                                UVal::I(fk, j)
                            } else {
                                UVal::FwdI(fk, j)
                            }
                        }
                        Op::V(Value::InlineAsm(a)) => UVal::Asm(a),
                        Op::V(Value::Metadata(_)) => continue,
                    };
                    self.add(v, Use { user: User::I(fk, i), op: no });
                }
                self.ops = ops;
                if let Some(d) = defined.get_mut(i.0 as usize) {
                    *d = true;
                }
                self.rauw(UVal::FwdI(fk, i), UVal::I(fk, i));
            }
        }
        // The body's `uselistorder` directives, after its blocks.
        for o in m.value_use_orders.iter().filter(|o| o.func == Some(fk)) {
            if let Some(v) = value_of(m, fk, o.value) {
                self.sort_uses(v, &o.order);
            }
        }
    }

    /// `sortUseListOrder`: use `i` of `v`'s list in memory moves to place
    /// `order[i]` (nothing if the counts differ, as LLParser refuses it).
    fn sort_uses(&mut self, v: UVal, order: &[u32]) {
        let Some(i) = self.dense.idx(v) else { return };
        let slots: Vec<usize> = (0..self.uses.len()).filter(|&s| self.uses[s].0 == i).collect();
        if slots.len() != order.len() {
            return;
        }
        // In memory newest first: the reverse of the slots' order.
        let mut mem: Vec<(u32, Use)> =
            slots.iter().rev().zip(order).map(|(&s, &o)| (o, self.uses[s].1)).collect();
        mem.sort_by_key(|&(o, _)| o);
        for (&s, (_, u)) in slots.iter().zip(mem.into_iter().rev()) {
            self.uses[s].1 = u;
        }
    }
}

/// The number each unnamed block of `f` has in its text (`%N`): arguments
/// and unnamed instruction results share the count.
fn block_slots(m: &Module, f: &llvmext_ir::module::Function) -> Vec<u32> {
    let mut n = 0u32;
    n += f.args.iter().filter(|a| a.name.is_none()).count() as u32;
    let mut out = vec![0; f.blocks.len()];
    for (bi, b) in f.blocks.iter().enumerate() {
        if b.name.is_none() {
            out[bi] = n;
            n += 1;
        }
        for &i in &b.insts {
            let Some(inst) = f.insts.get(i.0 as usize) else { continue };
            let void = matches!(m.types.get(inst.ty), Some(TypeKind::Void));
            if inst.name.is_none() && !void {
                n += 1;
            }
        }
    }
    out
}

/// An operand of a constant as LLVM holds it.
#[derive(Clone, Copy)]
enum COp {
    C(ConstId),
    G(GlobalRef),
    Block(u32, u32),
}

/// The operands LLVM's constant `c` has (none for data and null values).
fn llvm_operands(m: &Module, c: ConstId) -> Vec<COp> {
    let Some(k) = m.consts.kind(c) else { return Vec::new() };
    if m.consts.is_null_value(c) {
        return Vec::new();
    }
    match k {
        ConstKind::Struct(els) => els.iter().map(|&e| COp::C(e)).collect(),
        ConstKind::Array(els) | ConstKind::Vector(els) => {
            if is_data_aggregate(m, els) {
                Vec::new()
            } else {
                els.iter().map(|&e| COp::C(e)).collect()
            }
        }
        ConstKind::Splat(e) => {
            if is_data_aggregate(m, core::slice::from_ref(e)) {
                return Vec::new();
            }
            let n = match m.consts.ty(c).and_then(|t| m.types.get(t)) {
                Some(TypeKind::Vector { len, .. }) => *len as usize,
                Some(TypeKind::Array { len, .. }) => *len as usize,
                _ => 1,
            };
            vec![COp::C(*e); n.min(1 << 16)]
        }
        ConstKind::Expr { ops, .. } => ops.iter().map(|&o| COp::C(o)).collect(),
        ConstKind::BlockAddress { func, block } => {
            let f = match func {
                GlobalRef::Func(k) => *k,
                _ => u32::MAX,
            };
            vec![COp::G(*func), COp::Block(f, *block)]
        }
        ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => vec![COp::G(*g)],
        ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
            [*ptr, *key, *disc, *addr_disc].map(COp::C).to_vec()
        }
        _ => Vec::new(),
    }
}

/// `OrderMap`: the reader's numbering of values (by dense index; 0: not
/// numbered), which are predicted already, and the last global value's id.
struct OrderMap {
    ids: Vec<u32>,
    predicted: Vec<bool>,
    next: u32,
    last_global_value: u32,
}

impl OrderMap {
    fn id(&self, i: u32) -> u32 {
        self.ids.get(i as usize).copied().unwrap_or(0)
    }
    fn is_global_value(&self, id: u32) -> bool {
        id <= self.last_global_value
    }
}

/// The value of an operand of a constant (for ordering and prediction).
fn cop_value(m: &Module, op: COp) -> Option<UVal> {
    match op {
        COp::C(c) => Some(match m.consts.kind(c) {
            Some(ConstKind::Global(g)) => UVal::G(*g),
            _ => UVal::C(c),
        }),
        COp::G(g) => Some(UVal::G(g)),
        COp::Block(..) => None,
    }
}

/// The final value of an operand (after every placeholder is resolved).
fn value_of(m: &Module, f: u32, v: Value) -> Option<UVal> {
    Some(match v {
        Value::Const(c) => match m.consts.kind(c) {
            Some(ConstKind::Global(g)) => UVal::G(*g),
            _ => UVal::C(c),
        },
        Value::Arg(a) => UVal::Arg(f, a),
        Value::Inst(i) => UVal::I(f, i),
        Value::InlineAsm(a) => UVal::Asm(a),
        Value::Metadata(_) => return None,
    })
}

struct Predictor<'o, 'm> {
    m: &'m Module,
    dense: &'o Dense,
    om: OrderMap,
    lists: Lists,
    /// A reusable list of operands.
    scratch: Vec<Value>,
    /// Predictions in order, with their function (`None`: the module).
    stack: Vec<(Option<usize>, Shuffle)>,
}

impl Predictor<'_, '_> {
    /// `orderValue`: a constant's (or global value's) operands that are
    /// neither blocks nor global values first, then the value itself.
    fn order_value(&mut self, v: UVal) {
        // Most values are numbered already, or have no operands to walk.
        if let Some(i) = self.dense.idx(v) {
            if self.om.id(i) != 0 {
                return;
            }
            if !matches!(v, UVal::C(_) | UVal::G(_)) {
                self.om.next += 1;
                self.om.ids[i as usize] = self.om.next;
                return;
            }
        }
        let mut stack = vec![(v, false)];
        while let Some((v, done)) = stack.pop() {
            let Some(i) = self.dense.idx(v) else { continue };
            if self.om.id(i) != 0 {
                continue;
            }
            if done {
                self.om.next += 1;
                self.om.ids[i as usize] = self.om.next;
                continue;
            }
            stack.push((v, true));
            let ops: Vec<UVal> = match v {
                UVal::C(c) => llvm_operands(self.m, c)
                    .into_iter()
                    .filter_map(|o| cop_value(self.m, o))
                    .collect(),
                UVal::G(g) => global_operands(self, g),
                _ => Vec::new(),
            };
            for o in ops.into_iter().rev() {
                if !matches!(o, UVal::G(_)) {
                    stack.push((o, false));
                }
            }
        }
    }

    /// `orderConstantValue`: a constant or inline asm operand.
    fn order_operand_constant(&mut self, f: u32, v: Value) {
        if let Some(u @ (UVal::C(_) | UVal::G(_) | UVal::Asm(_))) = value_of(self.m, f, v) {
            self.order_value(u);
        }
    }

    /// `orderModule` (LLVM 19): global values in reverse, each after its
    /// initializer (aliasee, resolver, function operands); then per
    /// defined function its blocks, the constants its metadata operands
    /// hold, its arguments, and each instruction after its constant
    /// operands.
    fn order_module(&mut self) {
        let m = self.m;
        for k in (0..m.globals.len()).rev() {
            self.order_value(UVal::G(GlobalRef::Var(k as u32)));
        }
        for k in (0..m.aliases.len()).rev() {
            self.order_value(UVal::G(GlobalRef::Alias(k as u32)));
        }
        for k in (0..m.ifuncs.len()).rev() {
            self.order_value(UVal::G(GlobalRef::IFunc(k as u32)));
        }
        for k in (0..m.functions.len()).rev() {
            self.order_value(UVal::G(GlobalRef::Func(k as u32)));
        }
        self.om.last_global_value = self.om.next;
        for (k, f) in m.functions.iter().enumerate() {
            if f.is_declaration() {
                continue;
            }
            let fk = k as u32;
            for b in 0..f.blocks.len() {
                self.order_value(UVal::Bb(fk, b as u32));
            }
            // Metadata is read before the instructions.
            for b in &f.blocks {
                for &i in &b.insts {
                    let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                    for r in &inst.dbg_records {
                        if let DbgRecord::Variable { location, assign, .. } = r {
                            self.order_md_constants(fk, *location);
                            if let Some((_, addr, _)) = assign {
                                self.order_md_constants(fk, *addr);
                            }
                        }
                    }
                    // (Only calls have metadata operands.)
                    if let InstKind::Call { call, .. } = &inst.kind {
                        for a in &call.args {
                            if let Value::Metadata(md) = a {
                                self.order_md_constants(fk, *md);
                            }
                        }
                    }
                }
            }
            for a in 0..f.args.len() {
                self.order_value(UVal::Arg(fk, a as u32));
            }
            // Each instruction after its constant operands.
            for b in &f.blocks {
                for &i in &b.insts {
                    let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                    let mut ops = core::mem::take(&mut self.scratch);
                    ops.clear();
                    inst.kind.for_each_operand(|v| ops.push(v));
                    for &v in &ops {
                        self.order_operand_constant(fk, v);
                    }
                    self.scratch = ops;
                    self.order_value(UVal::I(fk, i));
                }
            }
        }
    }

    /// The constants of a `ValueAsMetadata` or `DIArgList` operand.
    fn order_md_constants(&mut self, f: u32, md: llvmext_ir::id::MdId) {
        let m = self.m;
        match m.md.get(md) {
            Some(MdNode::Value(_, v)) => self.order_operand_constant(f, *v),
            Some(MdNode::ArgList(args)) => {
                for &a in args.iter() {
                    if let Some(MdNode::Value(_, v)) = m.md.get(a) {
                        self.order_operand_constant(f, *v);
                    }
                }
            }
            _ => {}
        }
    }

    /// The id of a use's user.
    fn user_id(&self, u: &User) -> u32 {
        self.dense.user(u).map_or(0, |i| self.om.id(i))
    }

    /// `predictValueUseListOrderImpl`.
    fn predict_impl(&mut self, v: UVal, i: u32, f: Option<usize>, id: u32) {
        let uses = self.lists.of(i);
        // In memory, newest first; users not written are left out.
        let list: Vec<(Use, u32)> = uses
            .iter()
            .rev()
            .filter(|u| self.user_id(&u.user) != 0)
            .enumerate()
            .map(|(i, u)| (*u, i as u32))
            .collect();
        if list.len() < 2 {
            return;
        }
        // The reader's order: users numbered after the value newest first,
        // those before it (forward references) oldest first, unless the
        // value is a global value ("GlobalValue uses don't get reversed");
        // a user's operands by number, the same way round.
        let is_gv = self.om.is_global_value(id);
        let key = |u: &Use| -> (u8, i64, i64) {
            let l = self.user_id(&u.user);
            let (l, o) = (i64::from(l), i64::from(u.op));
            if !is_gv && l <= i64::from(id) {
                (1, l, o)
            } else {
                (0, -l, -o)
            }
        };
        let mut sorted = list.clone();
        sorted.sort_by_key(|(u, _)| key(u));
        if sorted.windows(2).all(|w| w[0].1 < w[1].1) {
            return;
        }
        let shuffle: Vec<u32> = sorted.iter().map(|(_, i)| *i).collect();
        self.stack.push((f, Shuffle { value: v, shuffle }));
    }

    /// `predictValueUseListOrder`.
    fn predict(&mut self, v: UVal, f: Option<usize>) {
        // Most values are predicted already.
        if self.dense.idx(v).is_some_and(|i| self.om.predicted[i as usize]) {
            return;
        }
        let mut work = vec![v];
        while let Some(v) = work.pop() {
            let Some(i) = self.dense.idx(v) else { continue };
            if self.om.predicted[i as usize] {
                continue;
            }
            self.om.predicted[i as usize] = true;
            let id = self.om.id(i);
            if self.lists.of(i).len() >= 2 {
                self.predict_impl(v, i, f, id);
            }
            // Into a constant's (or global's) constant operands, in order.
            let ops: Vec<UVal> = match v {
                UVal::C(c) => llvm_operands(self.m, c)
                    .into_iter()
                    .filter_map(|o| cop_value(self.m, o))
                    .collect(),
                UVal::G(g) => global_operands(self, g),
                _ => Vec::new(),
            };
            for o in ops.into_iter().rev() {
                work.push(o);
            }
        }
    }

    /// `PredictValueOrderFromMetadata`: the value(s) a metadata operand
    /// holds.
    fn predict_md(&mut self, f: u32, md: llvmext_ir::id::MdId, k: usize) {
        let m = self.m;
        let mut vals = Vec::new();
        match m.md.get(md) {
            Some(MdNode::Value(_, v)) => vals.push(*v),
            Some(MdNode::ArgList(args)) => {
                for &a in args.iter() {
                    if let Some(MdNode::Value(_, v)) = m.md.get(a) {
                        vals.push(*v);
                    }
                }
            }
            _ => {}
        }
        for v in vals {
            if let Some(u) = value_of(m, f, v) {
                self.predict(u, Some(k));
            }
        }
    }

    /// `predictUseListOrder`.
    fn run(&mut self) {
        let m = self.m;
        for (k, f) in m.functions.iter().enumerate().rev() {
            if f.is_declaration() {
                continue;
            }
            let fk = k as u32;
            for b in 0..f.blocks.len() {
                self.predict(UVal::Bb(fk, b as u32), Some(k));
            }
            for a in 0..f.args.len() {
                self.predict(UVal::Arg(fk, a as u32), Some(k));
            }
            for b in &f.blocks {
                for &i in &b.insts {
                    let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                    for r in &inst.dbg_records {
                        if let DbgRecord::Variable { location, assign, .. } = r {
                            self.predict_md(fk, *location, k);
                            if let Some((_, addr, _)) = assign {
                                self.predict_md(fk, *addr, k);
                            }
                        }
                    }
                    let mut ops = core::mem::take(&mut self.scratch);
                    ops.clear();
                    inst.kind.for_each_operand(|v| ops.push(v));
                    for &v in &ops {
                        match v {
                            Value::Metadata(md) => self.predict_md(fk, md, k),
                            v => {
                                if let Some(u @ (UVal::C(_) | UVal::G(_) | UVal::Asm(_))) =
                                    value_of(m, fk, v)
                                {
                                    self.predict(u, Some(k));
                                }
                            }
                        }
                    }
                    self.scratch = ops;
                    self.predict(UVal::I(fk, i), Some(k));
                }
            }
        }
        for k in 0..m.globals.len() {
            self.predict(UVal::G(GlobalRef::Var(k as u32)), None);
        }
        for k in 0..m.functions.len() {
            self.predict(UVal::G(GlobalRef::Func(k as u32)), None);
        }
        for k in 0..m.aliases.len() {
            self.predict(UVal::G(GlobalRef::Alias(k as u32)), None);
        }
        for k in 0..m.ifuncs.len() {
            self.predict(UVal::G(GlobalRef::IFunc(k as u32)), None);
        }
        for g in &m.globals {
            if let Some(init) = g.init.and_then(|c| value_of(m, 0, Value::Const(c))) {
                self.predict(init, None);
            }
        }
        for a in &m.aliases {
            if let Some(v) = value_of(m, 0, Value::Const(a.aliasee)) {
                self.predict(v, None);
            }
        }
        for i in &m.ifuncs {
            if let Some(v) = value_of(m, 0, Value::Const(i.resolver)) {
                self.predict(v, None);
            }
        }
        for f in &m.functions {
            for v in function_operands(self, f) {
                self.predict(v, None);
            }
        }
    }
}

/// A function's operands as LLVM holds them: none, or personality, prefix
/// and prologue with `ptr null` in those not set.
fn function_operands(p: &Predictor<'_, '_>, f: &llvmext_ir::module::Function) -> Vec<UVal> {
    let ops = [f.personality, f.prefix, f.prologue];
    if ops.iter().all(Option::is_none) {
        return Vec::new();
    }
    let null = null_const(p.m).map_or(UVal::Null, UVal::C);
    ops.iter().map(|c| c.and_then(|c| value_of(p.m, 0, Value::Const(c))).unwrap_or(null)).collect()
}

/// A global value's operands (its initializer, aliasee, resolver or
/// function operands).
fn global_operands(p: &Predictor<'_, '_>, g: GlobalRef) -> Vec<UVal> {
    let m = p.m;
    let c = match g {
        GlobalRef::Var(k) => m.globals.get(k as usize).and_then(|x| x.init),
        GlobalRef::Alias(k) => m.aliases.get(k as usize).map(|x| x.aliasee),
        GlobalRef::IFunc(k) => m.ifuncs.get(k as usize).map(|x| x.resolver),
        GlobalRef::Func(k) => {
            return m.functions.get(k as usize).map_or(Vec::new(), |f| function_operands(p, f))
        }
    };
    c.and_then(|c| value_of(m, 0, Value::Const(c))).into_iter().collect()
}

/// The arena's `ptr null` (address space 0), if it has one.
fn null_const(m: &Module) -> Option<ConstId> {
    let ptr = m.types.find(&TypeKind::Ptr(0))?;
    m.consts
        .iter()
        .find(|(_, t, k)| *t == ptr && matches!(k, ConstKind::Null | ConstKind::Zero))
        .map(|(c, _, _)| c)
}

/// The use-list orders of module `m` (independent of the writer's
/// numbering: it may run beside it).
pub(crate) fn predict(m: &Module) -> UseLists {
    let null = null_const(m);
    let dense = Dense::new(m);
    let mut b = Builder {
        m,
        dense: &dense,
        uses: Vec::new(),
        fwd: HashMap::new(),
        created: vec![false; m.consts.len()],
        defined: vec![false; dense.consts as usize],
        null,
        bodies: vec![false; m.functions.len()],
        pending: HashMap::new(),
        vals: Vec::new(),
        ops: Vec::new(),
    };
    b.run();
    // Each value's uses together, in the order they came.
    let n = dense.len as usize;
    let mut start = vec![0u32; n + 1];
    for &(i, _) in &b.uses {
        if let Some(x) = start.get_mut(i as usize + 1) {
            *x += 1;
        }
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let placeholder = Use { user: User::C(ConstId(0)), op: 0 };
    let mut uses = vec![placeholder; start[n] as usize];
    for &(i, u) in &b.uses {
        if let Some(at) = fill.get_mut(i as usize) {
            uses[*at as usize] = u;
            *at += 1;
        }
    }
    drop(b);
    // `uselistorder_bb` directives (after the functions in the text):
    // use `i` of the list in memory moves to place `order[i]`.
    for d in &m.block_use_orders {
        let Some(i) = dense.idx(UVal::Bb(d.func, d.block.0)) else { continue };
        let (a, b) = (start[i as usize] as usize, start[i as usize + 1] as usize);
        let list = &mut uses[a..b];
        if list.len() != d.order.len() {
            continue;
        }
        // In memory newest first: the reverse of the list here.
        let mut mem: Vec<(u32, Use)> =
            list.iter().rev().zip(d.order.iter()).map(|(u, &o)| (o, *u)).collect();
        mem.sort_by_key(|&(o, _)| o);
        for (slot, (_, u)) in list.iter_mut().zip(mem.into_iter().rev()) {
            *slot = u;
        }
    }
    let mut p = Predictor {
        m,
        dense: &dense,
        om: OrderMap { ids: vec![0; n], predicted: vec![false; n], next: 0, last_global_value: 0 },
        lists: Lists { start, uses },
        scratch: Vec::new(),
        stack: Vec::new(),
    };
    p.order_module();
    p.run();
    let mut out = UseLists::default();
    // Written from the top of the stack down.
    for (f, s) in p.stack.into_iter().rev() {
        match f {
            None => out.module.push(s),
            Some(k) => out.functions.entry(k).or_default().push(s),
        }
    }
    out
}

/// Writes a `USELIST` block of `shuffles` (nothing if empty); `id` gives a
/// value's id where the block is.
pub(crate) fn write_block(
    w: &mut BitstreamWriter,
    shuffles: &[Shuffle],
    id: &dyn Fn(UVal) -> Option<u32>,
) -> Result<(), WriteError> {
    if shuffles.is_empty() {
        return Ok(());
    }
    w.enter_block(BlockId::USELIST.0, 3);
    let mut rec: Vec<u64> = Vec::new();
    for s in shuffles {
        rec.clear();
        rec.extend(s.shuffle.iter().map(|&i| u64::from(i)));
        let (code, v) = match s.value {
            UVal::Bb(_, b) => (UseListCode::BB, Some(b)),
            v => (UseListCode::DEFAULT, id(v)),
        };
        rec.push(u64::from(v.ok_or_else(|| internal("a use-list value without an id"))?));
        w.emit_record(code.0, &rec, None)?;
    }
    w.exit_block()?;
    Ok(())
}

/// A value's id at module level.
pub(crate) fn module_id(order: &TypeOrder<'_>, v: UVal) -> Option<u32> {
    match v {
        UVal::G(g) => order.value_id(Val::Global(g)),
        UVal::C(c) => order.value_id(Val::Const(c)),
        UVal::Null => order.value_id(Val::NullPtr),
        _ => None,
    }
}

/// A value's id inside a function.
pub(crate) fn function_id(order: &TypeOrder<'_>, values: &FunctionValues, v: UVal) -> Option<u32> {
    match v {
        UVal::C(c) => values.value_id(order, Value::Const(c)),
        UVal::Arg(_, a) => values.value_id(order, Value::Arg(a)),
        UVal::I(_, i) => values.value_id(order, Value::Inst(i)),
        UVal::Asm(a) => values.value_id(order, Value::InlineAsm(a)),
        v => module_id(order, v),
    }
}
