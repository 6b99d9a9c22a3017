//! The order in which LLVM 19's bitcode writer numbers a module's types
//! (`ValueEnumerator`'s constructor): the first one to reach a type gives
//! it its number, subtypes before the type, an identified struct marked
//! before its body so that cycles end. Global values come first (their
//! pointer types, then value types, function attributes' types), then
//! initializers, aliasees, resolvers and a function's personality, prefix
//! and prologue, the `metadata` type, module-level metadata (the constants
//! it holds), and the function bodies: argument types, attached metadata,
//! per instruction its debug records, its operands (constants walked
//! through their operands without being numbered), the types an
//! instruction names (shuffle mask, GEP source, allocated type), its own
//! type, a call's attributes and function type, its attachments and its
//! location's operands.
//!
//! This is the type half of the enumerator; values and metadata ids come
//! with the rest of the writer (issue 15).

use hashbrown::{HashMap, HashSet};
use llvmext_ir::constant::{ConstKind, ExprOp};
use llvmext_ir::id::{AttrListId, AttrSetId, ComdatId, ConstId, GlobalRef, MdId, TypeId, Value};
use llvmext_ir::inst::{Clause, DbgRecord, InstKind};
use llvmext_ir::metadata::MdNode;
use llvmext_ir::types::TypeKind;
use llvmext_ir::Module;

/// A type as the enumerator sees it: one of the module's, or one it may
/// not hold (the pointer type of a global in an address space nothing
/// else uses, `metadata`, `label`), with the same kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Ty {
    /// A type of the module's arena.
    Id(TypeId),
    /// A type the arena does not hold.
    Extra(TypeKind),
}

/// Where a type being numbered is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// An identified struct whose body is being walked.
    Open,
    /// Numbered: its index in the order.
    Done(u32),
}

/// The types of `m` in LLVM 19's writer order.
pub(crate) struct TypeOrder<'m> {
    m: &'m Module,
    marks: HashMap<Ty, Mark>,
    /// The order.
    pub types: Vec<Ty>,
    /// Constants reached at module level (`ValueMap`'s constants, and
    /// those being numbered).
    values: HashSet<ConstId>,
    /// The module-level value table in order: global values, then
    /// constants as `EnumerateValue` appends them.
    pub value_list: Vec<Val>,
    /// Ids in `value_list`.
    value_ids: HashMap<Val, u32>,
    /// The same for the arena's types and constants, by id (`u32::MAX`:
    /// none), filled once numbering is done.
    dense_types: Vec<u32>,
    dense_consts: Vec<u32>,
    /// The arena's types numbered so far (by id).
    seen_ids: Vec<bool>,
    /// Where the constants start in `value_list`.
    pub first_const: usize,
    /// The module's `i64` constants by value and its `ptr null` (what a
    /// synthetic value is when the arena has it).
    i64s: Option<(HashMap<i64, ConstId>, Option<ConstId>)>,
    /// Metadata reached (`MetadataMap`): the function tag and id of each.
    md_map: MdMap,
    /// Metadata in order of id (`MDs`): the walk's order until
    /// [`organize_metadata`](Self::organize_metadata), then the module's
    /// (`md_module` long) followed by each function's.
    md_list: Vec<MdItem>,
    /// How many of `md_list` are the module's, and of those strings.
    md_module: (usize, usize),
    /// Each function's part of `md_list` (by function tag): start, end and
    /// how many strings.
    md_functions: HashMap<u32, (usize, usize, usize)>,
    /// The `i64` metadata the walk reached, by value (a `DISubrange`
    /// bound is the arena's `i64 N` metadata when it holds one).
    md_ints: HashMap<i64, MdItem>,
    /// The function tag of the metadata the walk reaches now.
    tag: u32,
    /// Comdats in order of first reach (`Comdats`).
    pub comdats: Vec<ComdatId>,
    /// Attribute groups (`AttributeGroupMap`): (index, set) -> id (from 1).
    groups: HashMap<(u32, AttrSetId), u32>,
    /// The groups in order.
    pub attr_groups: Vec<(u32, AttrSetId)>,
    /// Attribute lists (`AttributeListMap`) -> id (from 1).
    lists: HashMap<AttrListKey, u32>,
    /// The lists in order.
    pub attr_lists: Vec<AttrListKey>,
}

impl<'m> TypeOrder<'m> {
    /// Numbers the types of `m`.
    pub(crate) fn new(m: &'m Module) -> TypeOrder<'m> {
        let mut e = TypeOrder {
            m,
            marks: HashMap::new(),
            types: Vec::new(),
            values: HashSet::new(),
            value_list: Vec::new(),
            value_ids: HashMap::new(),
            dense_types: Vec::new(),
            dense_consts: Vec::new(),
            seen_ids: vec![false; m.types.len()],
            first_const: 0,
            i64s: None,
            md_map: MdMap { ids: vec![MdIndex::ABSENT; m.md.len()], ints: HashMap::new() },
            md_list: Vec::new(),
            md_module: (0, 0),
            md_functions: HashMap::new(),
            md_ints: HashMap::new(),
            tag: 0,
            groups: HashMap::new(),
            comdats: Vec::new(),
            attr_groups: Vec::new(),
            lists: HashMap::new(),
            attr_lists: Vec::new(),
        };
        e.run();
        e.organize_metadata();
        e.densify();
        e
    }

    /// Fills the id-indexed tables of types and constants.
    fn densify(&mut self) {
        let m = self.m;
        self.dense_types = vec![u32::MAX; m.types.len()];
        for (t, mark) in &self.marks {
            if let (Ty::Id(id), Mark::Done(i)) = (t, mark) {
                if let Some(x) = self.dense_types.get_mut(id.index()) {
                    *x = *i;
                }
            }
        }
        self.dense_consts = vec![u32::MAX; m.consts.len()];
        for (v, &i) in &self.value_ids {
            if let Val::Const(c) = v {
                if let Some(x) = self.dense_consts.get_mut(c.0 as usize) {
                    *x = i;
                }
            }
        }
    }

    /// The number of type `t` (`None`: not in the table).
    pub(crate) fn index(&self, t: &Ty) -> Option<u32> {
        if let Ty::Id(id) = t {
            if let Some(&i) = self.dense_types.get(id.index()) {
                if i != u32::MAX {
                    return Some(i);
                }
            }
        }
        match self.marks.get(&self.norm(t.clone())) {
            Some(Mark::Done(i)) => Some(*i),
            _ => None,
        }
    }

    /// The value id of `v` in the module-level table.
    pub(crate) fn value_id(&self, v: Val) -> Option<u32> {
        let v = match v {
            Val::Const(c) => match self.m.consts.kind(c) {
                Some(ConstKind::Global(g)) => Val::Global(*g),
                _ => {
                    if let Some(&i) = self.dense_consts.get(c.0 as usize) {
                        if i != u32::MAX {
                            return Some(i);
                        }
                    }
                    v
                }
            },
            v => v,
        };
        self.value_ids.get(&v).copied()
    }

    fn push_value(&mut self, v: Val) {
        if !self.value_ids.contains_key(&v) {
            self.value_ids.insert(v, self.value_list.len() as u32);
            self.value_list.push(v);
        }
    }

    /// The module's `i64` constants by value and its `ptr null` (what a
    /// synthetic value is when the arena has it).
    fn known_consts(&mut self) -> &(HashMap<i64, ConstId>, Option<ConstId>) {
        let m = self.m;
        self.i64s.get_or_insert_with(|| {
            let i64_ty = m.types.find(&TypeKind::Int(64));
            let ptr_ty = m.types.find(&TypeKind::Ptr(0));
            let mut ints = HashMap::new();
            let mut null = None;
            for (id, ty, k) in m.consts.iter() {
                if Some(ty) == i64_ty {
                    match k {
                        ConstKind::Int(v) => {
                            ints.entry(v.limbs().first().copied().unwrap_or(0) as i64)
                                .or_insert(id);
                        }
                        ConstKind::Zero => {
                            ints.entry(0).or_insert(id);
                        }
                        _ => {}
                    }
                }
                if Some(ty) == ptr_ty && matches!(k, ConstKind::Null | ConstKind::Zero) {
                    null.get_or_insert(id);
                }
            }
            (ints, null)
        })
    }

    /// The arena's `i64 v`, if it has one.
    fn i64_const(&mut self, v: i64) -> Option<ConstId> {
        self.known_consts().0.get(&v).copied()
    }

    /// `EnumerateValue` of a constant the arena may not hold (an `i64` of a
    /// `DISubrange`, a function's `ptr null` operand placeholder).
    fn synthetic(&mut self, v: Val) {
        let found = match v {
            Val::I64(x) => self.i64_const(x),
            Val::NullPtr => self.known_consts().1,
            _ => None,
        };
        if let Some(c) = found {
            return self.value(c);
        }
        match v {
            Val::I64(_) => self.ty(Ty::Extra(TypeKind::Int(64))),
            _ => self.ptr(0),
        }
        self.push_value(v);
    }

    /// The id (from 1) of comdat `c` (numbered as global objects that
    /// have them are reached).
    pub(crate) fn comdat_id(&self, c: ComdatId) -> Option<u32> {
        self.comdats.iter().position(|&x| x == c).map(|i| i as u32 + 1)
    }

    /// The attribute list id of global variable `k` (`None`: none).
    pub(crate) fn global_attr_list(&self, k: usize) -> Option<u32> {
        let g = self.m.globals.get(k)?;
        let key = AttrListKey::new(&self.m.attrs, g.attrs, g.attrs, &[]);
        self.lists.get(&AttrListKey { ret: None, ..key }).copied()
    }

    /// The attribute list id of function `k` (`None`: none).
    pub(crate) fn function_attr_list(&self, k: usize) -> Option<u32> {
        let f = self.m.functions.get(k)?;
        let l = self.m.attrs.get_list(f.attrs);
        let key = AttrListKey::new(&self.m.attrs, l.func, l.ret, &l.params);
        self.lists.get(&key).copied()
    }

    /// The id (from 1) of attribute list `l` as a call site holds it
    /// (`getAttributeListID`; `None`: the empty list, written as 0).
    pub(crate) fn attr_list_id(&self, l: AttrListId) -> Option<u32> {
        let list = self.m.attrs.get_list(l);
        let key = AttrListKey::new(&self.m.attrs, list.func, list.ret, &list.params);
        self.lists.get(&key).copied()
    }

    /// The id (from 1) of attribute group (`index`, `set`).
    pub(crate) fn group_id(&self, index: u32, set: AttrSetId) -> Option<u32> {
        self.groups.get(&(index, set)).copied()
    }

    /// The module.
    pub(crate) fn module(&self) -> &'m Module {
        self.m
    }

    /// The kind of `t`.
    pub(crate) fn kind<'a>(&'a self, t: &'a Ty) -> Option<&'a TypeKind> {
        match t {
            Ty::Id(id) => self.m.types.get(*id),
            Ty::Extra(k) => Some(k),
        }
    }

    /// `Extra` kinds the arena holds become `Id`s (one key per type).
    fn norm(&self, t: Ty) -> Ty {
        match t {
            Ty::Extra(k) => match self.m.types.find(&k) {
                Some(id) => Ty::Id(id),
                None => Ty::Extra(k),
            },
            t => t,
        }
    }

    fn id(&mut self, t: TypeId) {
        // Most types are numbered already: found without hashing.
        if self.seen_ids.get(t.index()).copied().unwrap_or(false) {
            return;
        }
        self.ty(Ty::Id(t));
    }

    fn ptr(&mut self, addrspace: u32) {
        self.ty(Ty::Extra(TypeKind::Ptr(addrspace)));
    }

    /// The subtypes of `t` in LLVM's `subtypes()` order.
    fn subtypes(&self, t: &Ty) -> Vec<Ty> {
        let Some(k) = self.kind(t) else { return Vec::new() };
        match k {
            TypeKind::Vector { elem, .. } | TypeKind::Array { elem, .. } => vec![Ty::Id(*elem)],
            TypeKind::Struct { fields, .. } => fields.iter().map(|&f| Ty::Id(f)).collect(),
            TypeKind::Named(_) => match t {
                Ty::Id(id) => self
                    .m
                    .types
                    .named_body(*id)
                    .and_then(|(_, b)| b)
                    .map(|b| b.fields.iter().map(|&f| Ty::Id(f)).collect())
                    .unwrap_or_default(),
                Ty::Extra(_) => Vec::new(),
            },
            TypeKind::Function { ret, params, .. } => {
                core::iter::once(*ret).chain(params.iter().copied()).map(Ty::Id).collect()
            }
            TypeKind::TargetExt { types, .. } => types.iter().map(|&t| Ty::Id(t)).collect(),
            _ => Vec::new(),
        }
    }

    /// `EnumerateType`, with an explicit stack (types can nest deeply).
    fn ty(&mut self, t: Ty) {
        let t = self.norm(t);
        if self.marks.contains_key(&t) {
            return;
        }
        // (type, its subtypes, the next subtype to visit)
        let mut stack: Vec<(Ty, Vec<Ty>, usize)> = Vec::new();
        self.open(&t);
        let subs = self.subtypes(&t);
        stack.push((t, subs, 0));
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let sub = self.norm(top.1[top.2].clone());
                top.2 += 1;
                if self.marks.contains_key(&sub) {
                    continue;
                }
                self.open(&sub);
                let subs = self.subtypes(&sub);
                stack.push((sub, subs, 0));
                continue;
            }
            let Some((t, _, _)) = stack.pop() else { break };
            // A struct reached again deeper than it started is numbered
            // there; an open mark (or none) is numbered now.
            if let Some(Mark::Done(_)) = self.marks.get(&t) {
                continue;
            }
            self.marks.insert(t.clone(), Mark::Done(self.types.len() as u32));
            if let Ty::Id(id) = t {
                if let Some(x) = self.seen_ids.get_mut(id.index()) {
                    *x = true;
                }
            }
            self.types.push(t);
        }
    }

    /// Marks an identified struct open before its body is walked.
    fn open(&mut self, t: &Ty) {
        if matches!(self.kind(t), Some(TypeKind::Named(_))) {
            self.marks.insert(t.clone(), Mark::Open);
        }
    }

    fn global_ptr(&mut self, g: GlobalRef) {
        self.ptr(self.m.global_addrspace(g));
    }

    /// The operands of constant `c` as LLVM holds them (none for the
    /// constants LLVM keeps as plain data), then the GEP source type.
    pub(crate) fn const_operands(&self, c: ConstId) -> (Vec<ConstOp>, Option<TypeId>) {
        let m = self.m;
        let Some(k) = m.consts.kind(c) else { return (Vec::new(), None) };
        match k {
            ConstKind::Struct(els) => (els.iter().map(|&e| ConstOp::C(e)).collect(), None),
            ConstKind::Array(els) | ConstKind::Vector(els) => {
                if self.is_data(els) {
                    (Vec::new(), None)
                } else {
                    (els.iter().map(|&e| ConstOp::C(e)).collect(), None)
                }
            }
            ConstKind::Splat(e) => {
                if self.is_data(core::slice::from_ref(e)) {
                    (Vec::new(), None)
                } else {
                    let n = match m.consts.ty(c).and_then(|t| m.types.get(t)) {
                        Some(TypeKind::Vector { len, .. }) => *len as usize,
                        Some(TypeKind::Array { len, .. }) => *len as usize,
                        _ => 1,
                    };
                    (vec![ConstOp::C(*e); n.min(1 << 20)], None)
                }
            }
            ConstKind::Global(_) => (Vec::new(), None),
            ConstKind::Expr { op, ops, source_ty, .. } => {
                let v = ops.iter().map(|&o| ConstOp::C(o)).collect();
                (v, if *op == ExprOp::GetElementPtr { *source_ty } else { None })
            }
            ConstKind::BlockAddress { func, .. } => (vec![ConstOp::G(*func), ConstOp::Block], None),
            ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => (vec![ConstOp::G(*g)], None),
            ConstKind::PtrAuth { ptr, key, disc, addr_disc } => {
                ([*ptr, *key, *disc, *addr_disc].map(ConstOp::C).to_vec(), None)
            }
            _ => (Vec::new(), None),
        }
    }

    /// The bytes of constant `c` if LLVM holds it as a string (a
    /// `ConstantDataArray` of `i8`: `c"..."`, or an `i8` array of plain
    /// numbers, or a splat of one).
    pub(crate) fn byte_array(&self, c: ConstId) -> Option<Vec<u8>> {
        let m = self.m;
        let ty = m.consts.ty(c)?;
        let TypeKind::Array { elem, len } = m.types.get(ty)? else { return None };
        if !matches!(m.types.get(*elem), Some(TypeKind::Int(8))) {
            return None;
        }
        let byte = |e: ConstId| match m.consts.kind(e) {
            Some(ConstKind::Int(v)) => v.limbs().first().map(|&x| x as u8),
            _ => None,
        };
        match m.consts.kind(c)? {
            ConstKind::Bytes(b) => Some(b.to_vec()),
            ConstKind::Array(els) if self.is_data_aggregate(els) => {
                els.iter().map(|&e| byte(e)).collect()
            }
            ConstKind::Splat(e) if self.is_data_aggregate(core::slice::from_ref(e)) => {
                // (Longer splats are refused by the constants writer.)
                let b = byte(*e)?;
                (*len <= super::MAX_SPLAT).then(|| vec![b; *len as usize])
            }
            _ => None,
        }
    }

    /// Whether an array or vector of these elements is a `ConstantData*`.
    pub(crate) fn is_data_aggregate(&self, els: &[ConstId]) -> bool {
        is_data_aggregate(self.m, els)
    }

    /// Whether an aggregate of these elements is a `ConstantData*` in LLVM
    /// (elements of a simple integer or float type, each a plain number).
    fn is_data(&self, els: &[ConstId]) -> bool {
        is_data(self.m, els)
    }

    /// `EnumerateValue` for a constant (types only; globals are numbered
    /// already and their initializers come separately): its type, then
    /// its operands', then a GEP's source type.
    fn value(&mut self, c: ConstId) {
        self.walk_const(c, true);
    }

    /// `EnumerateOperandType` for a constant: its type, and if it is not
    /// numbered, its operands' types, without numbering it.
    fn operand_const(&mut self, c: ConstId) {
        self.walk_const(c, false);
    }

    /// The two constant walks, with an explicit stack (constants nest as
    /// deeply as types): `number` for `EnumerateValue` (each constant
    /// once), else `EnumerateOperandType` (stops at numbered constants).
    fn walk_const(&mut self, c: ConstId, number: bool) {
        let mut stack = vec![Step::Const(c)];
        while let Some(step) = stack.pop() {
            let c = match step {
                Step::Const(c) => c,
                Step::Finish(c) => {
                    self.push_value(Val::Const(c));
                    continue;
                }
                Step::Global(g) => {
                    self.global_ptr(g);
                    continue;
                }
                Step::Type(t) => {
                    self.id(t);
                    continue;
                }
                Step::Label => {
                    // (`EnumerateValue` skips a block operand; the operand
                    // walk takes its type.)
                    if !number {
                        self.ty(Ty::Extra(TypeKind::Label));
                    }
                    continue;
                }
            };
            if number {
                if !self.values.insert(c) {
                    continue;
                }
                if let Some(t) = self.m.consts.ty(c) {
                    self.id(t);
                }
            } else {
                if let Some(t) = self.m.consts.ty(c) {
                    self.id(t);
                }
                if self.values.contains(&c) {
                    continue;
                }
            }
            if let Some(ConstKind::Global(g)) = self.m.consts.kind(c) {
                self.global_ptr(*g);
                continue;
            }
            let (ops, source) = self.const_operands(c);
            if number {
                if ops.is_empty() {
                    self.push_value(Val::Const(c));
                } else {
                    // Post-order: the operands, the GEP source type, then
                    // the constant itself.
                    stack.push(Step::Finish(c));
                }
            }
            if let Some(s) = source {
                stack.push(Step::Type(s));
            }
            for op in ops.into_iter().rev() {
                stack.push(match op {
                    ConstOp::C(o) => Step::Const(o),
                    ConstOp::G(g) => Step::Global(g),
                    ConstOp::Block => Step::Label,
                });
            }
        }
    }

    /// `EnumerateOperandType`.
    fn operand(&mut self, f: &llvmext_ir::module::Function, v: Value) {
        match v {
            Value::Const(c) => self.operand_const(c),
            Value::Arg(a) => {
                if let Some(TypeKind::Function { params, .. }) = self.m.types.get(f.ty) {
                    if let Some(&t) = params.get(a as usize) {
                        self.id(t);
                    }
                }
            }
            Value::Inst(i) => {
                if let Some(inst) = f.insts.get(i.0 as usize) {
                    self.id(inst.ty);
                }
            }
            Value::InlineAsm(_) => self.ptr(0),
            Value::Metadata(_) => {}
        }
    }

    /// `EnumerateAttributes`: the list (numbered if new), its groups
    /// (function, return, then parameter sets; numbered if new) and the
    /// types of a new group's type attributes.
    fn attributes(&mut self, l: AttrListId) {
        let list = self.m.attrs.get_list(l);
        let key = AttrListKey::new(&self.m.attrs, list.func, list.ret, &list.params);
        self.attribute_list(key);
    }

    fn attribute_list(&mut self, key: AttrListKey) {
        let m = self.m;
        if key.is_empty() {
            return;
        }
        if !self.lists.contains_key(&key) {
            self.lists.insert(key.clone(), self.attr_lists.len() as u32 + 1);
            self.attr_lists.push(key.clone());
        }
        for (idx, s) in key.sets() {
            if self.groups.contains_key(&(idx, s)) {
                continue;
            }
            self.groups.insert((idx, s), self.attr_groups.len() as u32 + 1);
            self.attr_groups.push((idx, s));
            for a in m.attrs.get(s).iter() {
                if let llvmext_ir::attr::Attr::Type(_, t) = a {
                    self.id(*t);
                }
            }
        }
    }

    /// `EnumerateMetadata(F, MD)`: numbers `md` and what it reaches,
    /// post-order, strings and values as they are reached; distinct nodes
    /// under uniqued ones are delayed until the uniqued subgraph is done,
    /// as LLVM does. `f` is the function tag (0: the module).
    fn metadata(&mut self, f: u32, md: MdId) {
        let m = self.m;
        let Some(first) = self.md_impl(f, MOp::Node(md)) else { return };
        let mut delayed: Vec<MdId> = Vec::new();
        let mut work: Vec<(MdId, Vec<MOp>, usize)> = vec![(first, self.node_ops(first), 0)];
        while let Some(top) = work.last_mut() {
            let n = top.0;
            let mut next = None;
            while top.2 < top.1.len() {
                let op = top.1[top.2];
                top.2 += 1;
                if let Some(op) = self.md_impl(f, op) {
                    next = Some(op);
                    break;
                }
            }
            if let Some(op) = next {
                if m.md.is_distinct(op) && !m.md.is_distinct(n) {
                    delayed.push(op);
                } else {
                    work.push((op, self.node_ops(op), 0));
                }
                continue;
            }
            work.pop();
            self.md_list.push(MdItem::Id(n));
            let id = self.md_list.len() as u32;
            if let Some(e) = self.md_map.get_mut(MdItem::Id(n)) {
                e.id = id;
            }
            if work.last().is_none_or(|w| m.md.is_distinct(w.0)) {
                for d in delayed.drain(..) {
                    work.push((d, self.node_ops(d), 0));
                }
            }
        }
    }

    /// `enumerateMetadataImpl`: maps `op` (tagged `f`) if new, giving
    /// strings and values their id at once (and numbering a value's
    /// constant); a new node is returned, to be walked. An item met again
    /// from another function becomes the module's, with what it reaches.
    fn md_impl(&mut self, f: u32, op: MOp) -> Option<MdId> {
        let item = self.md_item(op);
        if let Some(e) = self.md_map.get(item) {
            if e.f != 0 && e.f != f {
                self.drop_function(item);
            }
            return None;
        }
        self.md_map.insert(item, MdIndex { f, id: 0 });
        let leaf = |e: &mut Self| {
            e.md_list.push(item);
            let id = e.md_list.len() as u32;
            if let Some(x) = e.md_map.get_mut(item) {
                x.id = id;
            }
        };
        match item {
            MdItem::I64(v) => {
                leaf(self);
                self.synthetic(Val::I64(v));
                None
            }
            MdItem::Id(id) => match self.m.md.get(id) {
                Some(MdNode::Value(_, Value::Const(c))) => {
                    leaf(self);
                    self.value(*c);
                    None
                }
                Some(MdNode::Tuple(_) | MdNode::Di(_) | MdNode::Location(_)) => Some(id),
                _ => {
                    leaf(self);
                    None
                }
            },
        }
    }

    /// The item LLVM's map keys `op` by: an `i64` bound is the arena's
    /// `i64 N` metadata when it has one.
    fn md_item(&mut self, op: MOp) -> MdItem {
        match op {
            MOp::Node(id) => MdItem::Id(id),
            MOp::I64(v) => {
                if let Some(&i) = self.md_ints.get(&v) {
                    return i;
                }
                let m = self.m;
                let found = self.i64_const(v).and_then(|c| {
                    let t = m.types.find(&TypeKind::Int(64))?;
                    m.md.find(&MdNode::Value(t, Value::Const(c)))
                });
                let i = found.map_or(MdItem::I64(v), MdItem::Id);
                self.md_ints.insert(v, i);
                i
            }
        }
    }

    /// `dropFunctionFromMetadata`: `item` and, through the operands of
    /// numbered nodes, what it reaches become the module's.
    fn drop_function(&mut self, item: MdItem) {
        let mut work: Vec<MdId> = Vec::new();
        let push = |e: &mut Self, item: MdItem, work: &mut Vec<MdId>| {
            let Some(x) = e.md_map.get_mut(item) else { return };
            if x.f == 0 {
                return;
            }
            x.f = 0;
            if x.id != 0 {
                if let MdItem::Id(id) = item {
                    if e.m.md.get(id).is_some_and(MdNode::is_node) {
                        work.push(id);
                    }
                }
            }
        };
        push(self, item, &mut work);
        while let Some(n) = work.pop() {
            for op in self.node_ops(n) {
                let item = match op {
                    MOp::Node(id) => MdItem::Id(id),
                    MOp::I64(v) => match self.md_ints.get(&v) {
                        Some(&i) => i,
                        None => continue,
                    },
                };
                push(self, item, &mut work);
            }
        }
    }

    /// `organizeMetadata`: ids by function tag, then strings, values,
    /// distinct nodes and uniqued nodes, then the walk's order; the
    /// module's from 1, each function's after the module's.
    fn organize_metadata(&mut self) {
        let m = self.m;
        let class = |item: &MdItem| match item {
            MdItem::I64(_) => 1u8,
            MdItem::Id(id) => match m.md.get(*id) {
                Some(MdNode::String(_)) => 0,
                Some(n) if n.is_node() => {
                    if m.md.is_distinct(*id) {
                        2
                    } else {
                        3
                    }
                }
                _ => 1,
            },
        };
        let mut order: Vec<(u32, u8, u32, MdItem)> = self
            .md_list
            .iter()
            .map(|it| {
                let e = self.md_map.get(*it).unwrap_or(MdIndex { f: 0, id: 0 });
                (e.f, class(it), e.id, *it)
            })
            .collect();
        order.sort_unstable_by_key(|&(f, c, id, _)| (f, c, id));
        self.md_list = order.iter().map(|o| o.3).collect();
        let module = order.iter().take_while(|o| o.0 == 0).count();
        let strings = order[..module].iter().filter(|o| o.1 == 0).count();
        self.md_module = (module, strings);
        let mut i = module;
        while i < order.len() {
            let f = order[i].0;
            let end = i + order[i..].iter().take_while(|o| o.0 == f).count();
            let strings = order[i..end].iter().filter(|o| o.1 == 0).count();
            self.md_functions.insert(f, (i, end, strings));
            i = end;
        }
        for (k, o) in order.iter().enumerate() {
            // A function's ids follow the module's.
            let (start, base) = match self.md_functions.get(&o.0) {
                Some(&(s, _, _)) if o.0 != 0 => (s, module),
                _ => (0, 0),
            };
            if let Some(e) = self.md_map.get_mut(o.3) {
                e.id = (base + k - start + 1) as u32;
            }
        }
    }

    /// The module's metadata in id order, and how many of them (the first
    /// ones) are strings.
    pub(crate) fn module_metadata(&self) -> (&[MdItem], usize) {
        (&self.md_list[..self.md_module.0], self.md_module.1)
    }

    /// Function `k`'s own metadata in id order (ids after the module's),
    /// and how many (the first ones) are strings.
    pub(crate) fn function_metadata(&self, k: usize) -> (&[MdItem], usize) {
        match self.md_functions.get(&self.function_tag(k)) {
            Some(&(s, e, n)) => (&self.md_list[s..e], n),
            None => (&[], 0),
        }
    }

    /// LLVM's metadata id of `item` (from 1; a function's own metadata
    /// only while that function is written).
    pub(crate) fn md_id(&self, item: MdItem) -> Option<u32> {
        self.md_map.get(item).map(|e| e.id).filter(|&i| i != 0)
    }

    /// The item an `i64` bound of a node is (see [`md_item`](Self::md_item)).
    pub(crate) fn md_int(&self, v: i64) -> MdItem {
        self.md_ints.get(&v).copied().unwrap_or(MdItem::I64(v))
    }

    /// The value id of the `i64 v` a metadata item [`MdItem::I64`] holds
    /// (the arena's constant when it has one).
    pub(crate) fn int_value_id(&self, v: i64) -> Option<u32> {
        match self.i64s.as_ref().and_then(|(ints, _)| ints.get(&v)) {
            Some(&c) => self.value_id(Val::Const(c)),
            None => self.value_id(Val::I64(v)),
        }
    }

    /// `getMetadataFunctionID`: function `k`'s value id + 1.
    pub(crate) fn function_tag(&self, k: usize) -> u32 {
        (self.m.globals.len() + k + 1) as u32
    }

    /// The operands of node `id` in LLVM's operand order, the integers LLVM
    /// holds as `i64` constants among them (a `DISubrange`'s bounds, a
    /// `DICompositeType`'s rank).
    fn node_ops(&self, id: MdId) -> Vec<MOp> {
        use llvmext_ir::di::DiField;
        let m = self.m;
        let mut out = Vec::new();
        match m.md.get(id) {
            Some(MdNode::Di(d)) => {
                for &f in llvmext_ir::di::operand_fields(d.kind) {
                    match d.field(f) {
                        DiField::Int(v) => out.push(MOp::I64(*v)),
                        DiField::UInt(v) => out.push(MOp::I64(*v as i64)),
                        DiField::Md(Some(x)) => out.push(MOp::Node(*x)),
                        DiField::List(l) => out.extend(l.iter().flatten().map(|&x| MOp::Node(x))),
                        _ => {}
                    }
                }
            }
            Some(n) => {
                let mut v = Vec::new();
                n.node_operands(&mut v);
                out.extend(v.into_iter().flatten().map(MOp::Node));
            }
            None => {}
        }
        out
    }

    /// A metadata operand of an instruction or record: local values are
    /// left for the function; an argument list's constants are walked.
    fn md_operand(&mut self, md: MdId) {
        let f = self.tag;
        match self.m.md.get(md) {
            Some(MdNode::Value(_, Value::Const(_))) => self.metadata(f, md),
            Some(MdNode::Value(..)) => {}
            Some(MdNode::ArgList(args)) => {
                for &a in args.iter() {
                    if let Some(MdNode::Value(_, Value::Const(_))) = self.m.md.get(a) {
                        self.metadata(f, a);
                    }
                }
            }
            _ => self.metadata(f, md),
        }
    }

    fn run(&mut self) {
        let m = self.m;
        for (k, g) in m.globals.iter().enumerate() {
            self.ptr(g.addrspace);
            self.push_value(Val::Global(GlobalRef::Var(k as u32)));
            if let Some(c) = g.comdat {
                if !self.comdats.contains(&c) {
                    self.comdats.push(c);
                }
            }
            self.id(g.ty);
        }
        for (k, f) in m.functions.iter().enumerate() {
            self.ptr(f.addrspace);
            self.push_value(Val::Global(GlobalRef::Func(k as u32)));
            if let Some(c) = f.comdat {
                if !self.comdats.contains(&c) {
                    self.comdats.push(c);
                }
            }
            self.id(f.ty);
            self.attributes(f.attrs);
        }
        for (k, a) in m.aliases.iter().enumerate() {
            self.ptr(a.addrspace);
            self.push_value(Val::Global(GlobalRef::Alias(k as u32)));
            self.id(a.ty);
        }
        for (k, i) in m.ifuncs.iter().enumerate() {
            self.ptr(i.addrspace);
            self.push_value(Val::Global(GlobalRef::IFunc(k as u32)));
            self.id(i.ty);
        }
        self.first_const = self.value_list.len();
        for g in &m.globals {
            if let Some(c) = g.init {
                self.value(c);
            }
            // `getAttributesAsList(FunctionIndex)`: a list of the one set.
            let key = AttrListKey::new(&m.attrs, g.attrs, g.attrs, &[]);
            let key = AttrListKey { ret: None, ..key };
            self.attribute_list(key);
        }
        for a in &m.aliases {
            self.value(a.aliasee);
        }
        for i in &m.ifuncs {
            self.value(i.resolver);
        }
        for f in &m.functions {
            // A function with any of the three holds all three, `ptr null`
            // in the ones not set (`allocHungoffUselist`).
            let ops = [f.personality, f.prefix, f.prologue];
            if ops.iter().any(Option::is_some) {
                for c in ops {
                    match c {
                        Some(c) => self.value(c),
                        None => self.synthetic(Val::NullPtr),
                    }
                }
            }
        }
        self.ty(Ty::Extra(TypeKind::Metadata));
        for n in &m.named_md {
            for &op in n.ops.iter() {
                self.metadata(0, op);
            }
        }
        for g in &m.globals {
            for (_, md) in sorted_attachments(&g.md) {
                self.metadata(0, md);
            }
        }
        let dbg = llvmext_ir::metadata::DBG;
        for (k, f) in m.functions.iter().enumerate() {
            if let Some(TypeKind::Function { params, .. }) = m.types.get(f.ty) {
                for &p in params.iter() {
                    self.id(p);
                }
            }
            let tag = self.function_tag(k);
            let defined = !f.blocks.is_empty();
            for (_, md) in sorted_attachments(&f.md) {
                self.metadata(if defined { tag } else { 0 }, md);
            }
            self.tag = tag;
            for b in &f.blocks {
                for &i in &b.insts {
                    let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                    for r in &inst.dbg_records {
                        match r {
                            DbgRecord::Label { label, dbg_loc } => {
                                self.metadata(tag, *label);
                                self.metadata(tag, *dbg_loc);
                            }
                            DbgRecord::Variable {
                                location,
                                variable,
                                expression,
                                assign,
                                dbg_loc,
                                ..
                            } => {
                                self.md_operand(*location);
                                self.metadata(tag, *expression);
                                self.metadata(tag, *variable);
                                self.metadata(tag, *dbg_loc);
                                if let Some((id, addr, addr_expr)) = assign {
                                    self.md_operand(*addr);
                                    self.metadata(tag, *id);
                                    self.metadata(tag, *addr_expr);
                                }
                            }
                        }
                    }
                    self.inst_operands(f, &inst.kind);
                    match &inst.kind {
                        InstKind::ShuffleVector { mask, .. } => {
                            if let Some(t) = m.consts.ty(*mask) {
                                self.id(t);
                            }
                        }
                        InstKind::Gep { source_ty, .. } => self.id(*source_ty),
                        InstKind::Alloca { ty, .. } => self.id(*ty),
                        _ => {}
                    }
                    self.id(inst.ty);
                    if let InstKind::Call { call, .. }
                    | InstKind::Invoke { call, .. }
                    | InstKind::CallBr { call, .. } = &inst.kind
                    {
                        self.attributes(call.attrs);
                        self.id(call.fn_ty);
                    }
                    for (k, md) in sorted_attachments(&inst.md) {
                        if k != dbg {
                            self.metadata(tag, md);
                        }
                    }
                    if let Some(&(_, loc)) = inst.md.iter().find(|(k, _)| *k == dbg) {
                        let mut ops = Vec::new();
                        if let Some(n) = m.md.get(loc) {
                            n.node_operands(&mut ops);
                        }
                        for op in ops.into_iter().flatten() {
                            self.metadata(tag, op);
                        }
                    }
                }
            }
            self.tag = 0;
        }
    }

    /// An instruction's operands in LLVM's order, blocks included (a block
    /// operand is of type `label`); metadata operands are walked as
    /// metadata.
    fn inst_operands(&mut self, f: &llvmext_ir::module::Function, k: &InstKind) {
        let label = |e: &mut Self| e.ty(Ty::Extra(TypeKind::Label));
        let val = |e: &mut Self, v: Value| match v {
            Value::Metadata(md) => e.md_operand(md),
            v => e.operand(f, v),
        };
        match k {
            InstKind::Br(_) => label(self),
            InstKind::CondBr { cond, .. } => {
                val(self, *cond);
                label(self);
            }
            InstKind::Switch { cond, cases, .. } => {
                val(self, *cond);
                label(self);
                for c in cases.iter() {
                    val(self, Value::Const(c.0));
                }
            }
            InstKind::IndirectBr { addr, .. } => {
                val(self, *addr);
                label(self);
            }
            InstKind::Invoke { call, .. } | InstKind::CallBr { call, .. } => {
                for &a in &call.args {
                    val(self, a);
                }
                for b in &call.bundles {
                    for &a in &b.inputs {
                        val(self, a);
                    }
                }
                label(self);
                val(self, call.callee);
            }
            InstKind::CatchSwitch { parent, handlers, unwind } => {
                val(self, *parent);
                if unwind.is_some() || !handlers.is_empty() {
                    label(self);
                }
            }
            InstKind::CatchRet { pad, .. } => {
                val(self, *pad);
                label(self);
            }
            InstKind::CleanupRet { pad, unwind } => {
                val(self, *pad);
                if unwind.is_some() {
                    label(self);
                }
            }
            InstKind::LandingPad { clauses, .. } => {
                for c in clauses {
                    let (Clause::Catch(v) | Clause::Filter(v)) = c;
                    val(self, *v);
                }
            }
            k => {
                let mut ops = Vec::new();
                k.for_each_operand(|v| ops.push(v));
                for v in ops {
                    val(self, v);
                }
            }
        }
    }
}

/// Whether an array or vector of these elements is a `ConstantData*`.
pub(crate) fn is_data_aggregate(m: &Module, els: &[ConstId]) -> bool {
    !els.is_empty() && is_data(m, els)
}

/// Whether an aggregate of these elements is a `ConstantData*` in LLVM
/// (every element a simple integer or floating-point constant).
fn is_data(m: &Module, els: &[ConstId]) -> bool {
    els.iter().all(|&e| {
        let simple_ty = match m.consts.ty(e).and_then(|t| m.types.get(t)) {
            Some(TypeKind::Int(8 | 16 | 32 | 64)) => true,
            Some(TypeKind::Float(f)) => {
                matches!(f.keyword(), "half" | "bfloat" | "float" | "double")
            }
            _ => false,
        };
        simple_ty && matches!(m.consts.kind(e), Some(ConstKind::Int(_) | ConstKind::Float(_)))
    })
}

/// Attachments in kind order (`getAllMetadata` sorts them by kind id,
/// keeping the order of one kind's).
pub(crate) fn sorted_attachments(
    list: &[(llvmext_ir::id::MdKindId, MdId)],
) -> Vec<(llvmext_ir::id::MdKindId, MdId)> {
    let mut v = list.to_vec();
    v.sort_by_key(|(k, _)| k.0);
    v
}

/// A metadata item as LLVM's `MetadataMap` keys it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum MdItem {
    /// A string, value or node of the arena.
    Id(MdId),
    /// An `i64` constant as metadata the arena does not hold (a
    /// `DISubrange` bound written as an integer).
    I64(i64),
}

/// Where a metadata item is: its function tag (0: the module's) and id
/// (from 1; 0 while a node's operands are walked).
#[derive(Debug, Clone, Copy)]
struct MdIndex {
    f: u32,
    id: u32,
}

impl MdIndex {
    /// Not reached.
    const ABSENT: MdIndex = MdIndex { f: u32::MAX, id: 0 };
}

/// `MetadataMap`: the arena's items by id, `i64` items by value.
struct MdMap {
    ids: Vec<MdIndex>,
    ints: HashMap<i64, MdIndex>,
}

impl MdMap {
    fn get(&self, item: MdItem) -> Option<MdIndex> {
        match item {
            MdItem::Id(id) => self.ids.get(id.0 as usize).copied().filter(|e| e.f != u32::MAX),
            MdItem::I64(v) => self.ints.get(&v).copied(),
        }
    }

    fn get_mut(&mut self, item: MdItem) -> Option<&mut MdIndex> {
        match item {
            MdItem::Id(id) => self.ids.get_mut(id.0 as usize).filter(|e| e.f != u32::MAX),
            MdItem::I64(v) => self.ints.get_mut(&v),
        }
    }

    fn insert(&mut self, item: MdItem, e: MdIndex) {
        match item {
            MdItem::Id(id) => {
                if let Some(x) = self.ids.get_mut(id.0 as usize) {
                    *x = e;
                }
            }
            MdItem::I64(v) => {
                self.ints.insert(v, e);
            }
        }
    }
}

/// A value of the module-level table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Val {
    /// A global value.
    Global(GlobalRef),
    /// A constant of the arena (never a `ConstKind::Global`).
    Const(ConstId),
    /// An `i64` the arena does not hold (a `DISubrange` bound).
    I64(i64),
    /// A `ptr null` the arena does not hold.
    NullPtr,
}

/// An attribute list by what it holds (LLVM's `AttributeList` is uniqued
/// by content: a global variable's list of one function set is the list
/// of a function with those attributes only): `None` for an empty set,
/// trailing empty parameter sets dropped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct AttrListKey {
    /// Function attributes (index `0xFFFFFFFF`).
    pub func: Option<AttrSetId>,
    /// Return attributes (index 0).
    pub ret: Option<AttrSetId>,
    /// Parameter attributes (index 1 on).
    pub params: Vec<Option<AttrSetId>>,
}

impl AttrListKey {
    fn new(
        attrs: &llvmext_ir::attr::Attrs,
        func: AttrSetId,
        ret: AttrSetId,
        params: &[AttrSetId],
    ) -> AttrListKey {
        let some = |s: AttrSetId| (!attrs.get(s).is_empty()).then_some(s);
        let mut params: Vec<Option<AttrSetId>> = params.iter().map(|&s| some(s)).collect();
        while params.last() == Some(&None) {
            params.pop();
        }
        AttrListKey { func: some(func), ret: some(ret), params }
    }

    fn is_empty(&self) -> bool {
        self.func.is_none() && self.ret.is_none() && self.params.is_empty()
    }

    /// The non-empty sets with their indices, in `indexes()` order:
    /// function (`0xFFFFFFFF`), return (0), parameters (1 on).
    pub(crate) fn sets(&self) -> impl Iterator<Item = (u32, AttrSetId)> + '_ {
        let f = self.func.map(|s| (u32::MAX, s));
        let r = self.ret.map(|s| (0, s));
        let p = self.params.iter().enumerate().filter_map(|(i, s)| s.map(|s| (i as u32 + 1, s)));
        f.into_iter().chain(r).chain(p)
    }
}

/// An operand of a constant.
#[derive(Clone, Copy)]
pub(crate) enum ConstOp {
    /// A constant.
    C(ConstId),
    /// A global value.
    G(GlobalRef),
    /// The block of a `blockaddress`.
    Block,
}

/// An operand of a metadata node, for the walk.
#[derive(Clone, Copy)]
enum MOp {
    /// A node, string or value.
    Node(MdId),
    /// An integer LLVM holds as a `ConstantAsMetadata` of type `i64`.
    I64(i64),
}

/// What the constant walk does next.
#[derive(Clone, Copy)]
enum Step {
    Const(ConstId),
    /// All operands of this constant are numbered: number it.
    Finish(ConstId),
    Global(GlobalRef),
    Type(TypeId),
    Label,
}
