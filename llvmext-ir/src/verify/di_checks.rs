//! Debug-info checks (LLVM's `Verifier::visitDI*`, `visitMDNode`, and the
//! `!dbg` attachment rules of `visitFunction` / `visitInstruction`), with
//! LLVM's messages. They are LLVM's `CheckDI` failures: `llvm-as` prints
//! them, drops the module's debug info ("ignoring invalid debug info") and
//! goes on, so they are reported with [`VerifyError::debug_info`] set.
//!
//! Only nodes reachable from the module (functions' and instructions'
//! attachments, debug records, metadata arguments, globals' attachments,
//! named metadata) are checked, as LLVM walks them, each once.
//!
//! [`VerifyError::debug_info`]: super::VerifyError::debug_info

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::di::{DiField, DiKind, DiLocation, DiNode, Field as F};
use crate::id::{MdId, Value};
use crate::inst::{DbgRecord, InstKind};
use crate::metadata::MdNode;
use crate::module::{Function, Module};

/// A list field of `DICompileUnit`: its name, the message when it is not
/// a tuple, the message for a bad element, and what an element must be.
type ListRule = (F, &'static str, &'static str, fn(&W<'_>, Option<MdId>) -> bool);

/// A debug-info fault: where (the function's name, if in one) and what.
pub(super) struct DiFault {
    pub func: Option<String>,
    pub message: &'static str,
}

struct W<'m> {
    m: &'m Module,
    /// Nodes already walked, by index.
    seen: Vec<bool>,
    out: Vec<DiFault>,
    func: Option<String>,
}

/// What a metadata operand is, as the checks ask.
#[derive(Clone, Copy, PartialEq, Eq)]
enum K {
    /// `null`, or not a node.
    None,
    Di(DiKind),
    Tuple,
    String,
    Value,
    ArgList,
}

fn kind(m: &Module, id: Option<MdId>) -> K {
    match id.and_then(|i| m.md.get(i)) {
        Some(MdNode::Di(d)) => K::Di(d.kind),
        Some(MdNode::Location(_)) => K::Di(DiKind::LOCATION),
        Some(MdNode::Tuple(_)) => K::Tuple,
        Some(MdNode::String(_)) => K::String,
        Some(MdNode::Value(..)) => K::Value,
        Some(MdNode::ArgList(_)) => K::ArgList,
        _ => K::None,
    }
}

fn is_type_kind(k: K) -> bool {
    matches!(
        k,
        K::Di(
            DiKind::BASIC_TYPE
                | DiKind::DERIVED_TYPE
                | DiKind::COMPOSITE_TYPE
                | DiKind::SUBROUTINE_TYPE
                | DiKind::STRING_TYPE
        )
    )
}

fn is_local_scope_kind(k: K) -> bool {
    matches!(k, K::Di(DiKind::SUBPROGRAM | DiKind::LEXICAL_BLOCK | DiKind::LEXICAL_BLOCK_FILE))
}

fn is_scope_kind(k: K) -> bool {
    is_type_kind(k)
        || is_local_scope_kind(k)
        || matches!(
            k,
            K::Di(
                DiKind::FILE
                    | DiKind::COMPILE_UNIT
                    | DiKind::NAMESPACE
                    | DiKind::MODULE
                    | DiKind::COMMON_BLOCK
            )
        )
}

fn is_di_node_kind(k: K) -> bool {
    matches!(k, K::Di(d) if !matches!(
        d,
        DiKind::LOCATION | DiKind::EXPRESSION | DiKind::GLOBAL_VARIABLE_EXPRESSION | DiKind::ASSIGN_ID
    ))
}

/// A node check: `Err` with LLVM's message at the first fault.
type Check = Result<(), &'static str>;

/// `Err(message)` unless `ok`.
fn ensure(ok: bool, message: &'static str) -> Check {
    if ok {
        Ok(())
    } else {
        Err(message)
    }
}

/// Whether a `DISubprogram` is a definition (`DISPFlagDefinition`, or the
/// old `isDefinition:` field, true by default).
fn sp_definition(d: &DiNode) -> bool {
    match d.field(F::SpFlags) {
        DiField::UInt(v) => v & 8 != 0,
        _ => d.uint(F::IsDefinition) != 0,
    }
}

/// The operations of a `DIExpression` node.
fn expr_ops(n: &DiNode) -> &[u64] {
    match n.fields.first() {
        Some(DiField::Ops(ops)) => ops,
        _ => &[],
    }
}

fn md(n: &DiNode, f: F) -> Option<MdId> {
    match n.field(f) {
        DiField::Md(m) => *m,
        _ => None,
    }
}

impl<'m> W<'m> {
    fn fail(&mut self, message: &'static str) {
        self.out.push(DiFault { func: self.func.clone(), message });
    }

    fn k(&self, id: Option<MdId>) -> K {
        kind(self.m, id)
    }

    fn is_type(&self, id: Option<MdId>) -> bool {
        id.is_none() || is_type_kind(self.k(id))
    }

    fn is_scope(&self, id: Option<MdId>) -> bool {
        id.is_none() || is_scope_kind(self.k(id))
    }

    fn di(&self, id: Option<MdId>) -> Option<&'m DiNode> {
        match self.m.md.get(id?)? {
            MdNode::Di(d) => Some(d),
            _ => None,
        }
    }

    fn loc(&self, id: Option<MdId>) -> Option<&'m DiLocation> {
        match self.m.md.get(id?)? {
            MdNode::Location(l) => Some(l),
            _ => None,
        }
    }

    fn sp_is_definition(&self, id: Option<MdId>) -> bool {
        self.di(id).is_some_and(sp_definition)
    }

    fn tuple(&self, id: MdId) -> Option<&'m [Option<MdId>]> {
        match self.m.md.get(id)? {
            MdNode::Tuple(t) => Some(t),
            _ => None,
        }
    }

    fn string_len(&self, id: Option<MdId>) -> usize {
        match id.and_then(|i| self.m.md.get(i)) {
            Some(MdNode::String(s)) => s.len(),
            _ => 0,
        }
    }

    /// `visitMDNode`: the node's own rules, then its operands (iteratively).
    fn walk(&mut self, root: MdId, allow_locs: bool) {
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            match self.seen.get_mut(id.0 as usize) {
                Some(s) if !*s => *s = true,
                _ => continue,
            }
            let mut ops: Vec<Option<MdId>> = Vec::new();
            match self.m.md.get(id) {
                Some(MdNode::Di(d)) => {
                    self.node(id, d);
                    crate::di::md_operands(d.as_ref(), &mut ops);
                }
                Some(n @ MdNode::Location(l)) => {
                    if let Err(message) = self.location(l) {
                        self.fail(message);
                    }
                    n.node_operands(&mut ops);
                }
                Some(MdNode::Tuple(t)) => ops.extend_from_slice(t),
                Some(MdNode::ArgList(a)) => ops.extend(a.iter().map(|x| Some(*x))),
                _ => {}
            }
            for op in ops.into_iter().flatten().rev() {
                if !allow_locs && self.k(Some(op)) == K::Di(DiKind::LOCATION) {
                    self.fail("DILocation not allowed within this metadata node");
                }
                stack.push(op);
            }
        }
    }

    /// The checks of one node, a function per family as LLVM's Verifier
    /// has (`visitDILocation`, the types, `visitDICompileUnit`, ...).
    fn node(&mut self, id: MdId, n: &DiNode) {
        let distinct = self.m.md.is_distinct(id);
        let r = match n.kind {
            // (Locations are `MdNode::Location`s, checked in `walk`.)
            DiKind::BASIC_TYPE
            | DiKind::STRING_TYPE
            | DiKind::DERIVED_TYPE
            | DiKind::COMPOSITE_TYPE
            | DiKind::SUBROUTINE_TYPE => self.type_node(n),
            DiKind::FILE => self.file(n),
            DiKind::COMPILE_UNIT => self.compile_unit(n, distinct),
            DiKind::SUBPROGRAM => self.subprogram(n, distinct),
            DiKind::LEXICAL_BLOCK
            | DiKind::LEXICAL_BLOCK_FILE
            | DiKind::NAMESPACE
            | DiKind::COMMON_BLOCK
            | DiKind::MODULE => self.scope_node(n),
            DiKind::GLOBAL_VARIABLE
            | DiKind::LOCAL_VARIABLE
            | DiKind::LABEL
            | DiKind::GLOBAL_VARIABLE_EXPRESSION => self.variable(n),
            _ => self.other_node(n, distinct),
        };
        if let Err(message) = r {
            self.fail(message);
        }
    }

    fn file_ok(&self, n: &DiNode) -> bool {
        md(n, F::File).is_none_or(|f| self.k(Some(f)) == K::Di(DiKind::FILE))
    }

    /// `visitDILocation`.
    fn location(&self, n: &DiLocation) -> Check {
        let scope = Some(n.scope);
        ensure(is_local_scope_kind(self.k(scope)), "location requires a valid scope")?;
        if let Some(ia) = n.inlined_at {
            ensure(self.k(Some(ia)) == K::Di(DiKind::LOCATION), "inlined-at should be a location")?;
        }
        if self.k(scope) == K::Di(DiKind::SUBPROGRAM) {
            ensure(self.sp_is_definition(scope), "scope points into the type hierarchy")?;
        }
        Ok(())
    }

    /// `visitDIBasicType`, `visitDIStringType`, `visitDIDerivedType`,
    /// `visitDICompositeType`, `visitDISubroutineType`.
    fn type_node(&self, n: &DiNode) -> Check {
        let tag = n.uint(F::Tag);
        match n.kind {
            DiKind::BASIC_TYPE => ensure(matches!(tag, 0x24 | 0x3b | 0x12), "invalid tag"),
            DiKind::STRING_TYPE => ensure(tag == 0x12, "invalid tag"),
            DiKind::DERIVED_TYPE => {
                ensure(self.file_ok(n), "invalid file")?;
                let static_member = n.uint(F::Flags) & (1 << 12) != 0;
                ensure(
                    matches!(
                        tag,
                        0x16 | 0x0f
                            | 0x1f
                            | 0x10
                            | 0x42
                            | 0x26
                            | 0x4b
                            | 0x35
                            | 0x37
                            | 0x47
                            | 0x4300
                            | 0x0d
                            | 0x1c
                            | 0x2a
                            | 0x20
                            | 0x43
                    ) || (tag == 0x34 && static_member),
                    "invalid tag",
                )?;
                if tag == 0x1f {
                    ensure(self.is_type(md(n, F::ExtraData)), "invalid pointer to member type")?;
                }
                ensure(self.is_scope(md(n, F::Scope)), "invalid scope")?;
                ensure(self.is_type(md(n, F::BaseType)), "invalid base type")
            }
            DiKind::COMPOSITE_TYPE => {
                ensure(self.file_ok(n), "invalid file")?;
                ensure(
                    matches!(tag, 0x01 | 0x13 | 0x17 | 0x04 | 0x02 | 0x33 | 0x2b),
                    "invalid tag",
                )?;
                ensure(self.is_scope(md(n, F::Scope)), "invalid scope")?;
                ensure(self.is_type(md(n, F::BaseType)), "invalid base type")?;
                if let Some(e) = md(n, F::Elements) {
                    ensure(self.tuple(e).is_some(), "invalid composite elements")?;
                }
                ensure(self.is_type(md(n, F::VtableHolder)), "invalid vtable holder")?;
                if tag == 0x01 {
                    ensure(md(n, F::BaseType).is_some(), "array types must have a base type")?;
                }
                Ok(())
            }
            _ => {
                if let Some(t) = md(n, F::Types) {
                    let types = self.tuple(t).ok_or("invalid composite elements")?;
                    ensure(types.iter().all(|x| self.is_type(*x)), "invalid subroutine type ref")?;
                }
                Ok(())
            }
        }
    }

    /// `visitDIFile`.
    fn file(&self, n: &DiNode) -> Check {
        if let Some(sum) = md(n, F::Checksum) {
            let want = match n.uint(F::Checksumkind) {
                1 => 32,
                2 => 40,
                3 => 64,
                _ => return Err("invalid checksum kind"),
            };
            ensure(self.string_len(Some(sum)) == want, "invalid checksum length")?;
            let hex = match self.m.md.get(sum) {
                Some(MdNode::String(s)) => s.iter().all(u8::is_ascii_hexdigit),
                _ => false,
            };
            ensure(hex, "invalid checksum")?;
        }
        Ok(())
    }

    /// `visitDICompileUnit`.
    fn compile_unit(&self, n: &DiNode, distinct: bool) -> Check {
        ensure(distinct, "compile units must be distinct")?;
        let file = md(n, F::File);
        ensure(self.k(file) == K::Di(DiKind::FILE), "invalid file")?;
        let fname = self.di(file).and_then(|f| md(f, F::Filename));
        ensure(self.string_len(fname) != 0, "invalid filename")?;
        let lists: [ListRule; 5] = [
            (F::Enums, "invalid enum list", "invalid enum type", |w, o| {
                w.k(o) == K::Di(DiKind::COMPOSITE_TYPE)
                    && w.di(o).is_some_and(|d| d.uint(F::Tag) == 0x04)
            }),
            (F::RetainedTypes, "invalid retained type list", "invalid retained type", |w, o| {
                o.is_some()
                    && (is_type_kind(w.k(o))
                        || (w.k(o) == K::Di(DiKind::SUBPROGRAM) && !w.sp_is_definition(o)))
            }),
            (F::Globals, "invalid global variable list", "invalid global variable ref", |w, o| {
                w.k(o) == K::Di(DiKind::GLOBAL_VARIABLE_EXPRESSION)
            }),
            (F::Imports, "invalid imported entity list", "invalid imported entity ref", |w, o| {
                w.k(o) == K::Di(DiKind::IMPORTED_ENTITY)
            }),
            (F::Macros, "invalid macro list", "invalid macro ref", |w, o| {
                matches!(w.k(o), K::Di(DiKind::MACRO | DiKind::MACRO_FILE))
            }),
        ];
        for (field, list_msg, item_msg, ok) in lists {
            if let Some(l) = md(n, field) {
                let items = self.tuple(l).ok_or(list_msg)?;
                ensure(items.iter().all(|o| ok(self, *o)), item_msg)?;
            }
        }
        Ok(())
    }

    /// `visitDISubprogram`.
    fn subprogram(&self, n: &DiNode, distinct: bool) -> Check {
        ensure(self.is_scope(md(n, F::Scope)), "invalid scope")?;
        if md(n, F::File).is_some() {
            ensure(self.file_ok(n), "invalid file")?;
        } else {
            ensure(n.uint(F::Line) == 0, "line specified with no file")?;
        }
        if let Some(t) = md(n, F::Type) {
            ensure(self.k(Some(t)) == K::Di(DiKind::SUBROUTINE_TYPE), "invalid subroutine type")?;
        }
        ensure(self.is_type(md(n, F::ContainingType)), "invalid containing type")?;
        if let Some(d) = md(n, F::Declaration) {
            ensure(
                self.k(Some(d)) == K::Di(DiKind::SUBPROGRAM) && !self.sp_is_definition(Some(d)),
                "invalid subprogram declaration",
            )?;
        }
        if let Some(r) = md(n, F::RetainedNodes) {
            let items = self.tuple(r).ok_or("invalid retained nodes list")?;
            ensure(
                items.iter().all(|o| {
                    matches!(
                        self.k(*o),
                        K::Di(DiKind::LOCAL_VARIABLE | DiKind::LABEL | DiKind::IMPORTED_ENTITY)
                    )
                }),
                "invalid retained nodes, expected DILocalVariable, DILabel or DIImportedEntity",
            )?;
        }
        let unit = md(n, F::Unit);
        if sp_definition(n) {
            ensure(distinct, "subprogram definitions must be distinct")?;
            ensure(unit.is_some(), "subprogram definitions must have a compile unit")?;
            ensure(self.k(unit) == K::Di(DiKind::COMPILE_UNIT), "invalid unit type")
        } else {
            ensure(unit.is_none(), "subprogram declarations must not have a compile unit")?;
            ensure(
                md(n, F::Declaration).is_none(),
                "subprogram declaration must not have a declaration field",
            )
        }
    }

    /// `visitDILexicalBlockBase`, `visitDINamespace`, `visitDICommonBlock`,
    /// `visitDIModule`.
    fn scope_node(&self, n: &DiNode) -> Check {
        match n.kind {
            DiKind::LEXICAL_BLOCK | DiKind::LEXICAL_BLOCK_FILE => {
                let scope = md(n, F::Scope);
                ensure(is_local_scope_kind(self.k(scope)), "invalid local scope")?;
                if self.k(scope) == K::Di(DiKind::SUBPROGRAM) {
                    ensure(self.sp_is_definition(scope), "scope points into the type hierarchy")?;
                }
                if n.kind == DiKind::LEXICAL_BLOCK {
                    ensure(
                        n.uint(F::Line) != 0 || n.uint(F::Column) == 0,
                        "cannot have column info without line info",
                    )?;
                }
                Ok(())
            }
            DiKind::MODULE => ensure(self.string_len(md(n, F::Name)) != 0, "anonymous module"),
            _ => match md(n, F::Scope) {
                Some(s) => ensure(is_scope_kind(self.k(Some(s))), "invalid scope ref"),
                None => Ok(()),
            },
        }
    }

    /// `visitDIGlobalVariable`, `visitDILocalVariable`, `visitDILabel`,
    /// `visitDIGlobalVariableExpression`.
    fn variable(&self, n: &DiNode) -> Check {
        if n.kind == DiKind::GLOBAL_VARIABLE_EXPRESSION {
            ensure(self.k(md(n, F::Var)) == K::Di(DiKind::GLOBAL_VARIABLE), "missing variable")?;
            if let (Some(var), Some(e)) = (md(n, F::Var), md(n, F::Expr)) {
                if let Some(msg) = self.fragment_fault(var, e) {
                    return Err(msg);
                }
            }
            return Ok(());
        }
        if let Some(s) = md(n, F::Scope) {
            ensure(is_scope_kind(self.k(Some(s))), "invalid scope")?;
        }
        ensure(self.file_ok(n), "invalid file")?;
        let local_scope = is_local_scope_kind(self.k(md(n, F::Scope)));
        match n.kind {
            DiKind::GLOBAL_VARIABLE => {
                ensure(self.is_type(md(n, F::Type)), "invalid type ref")?;
                if n.uint(F::IsDefinition) != 0 {
                    ensure(md(n, F::Type).is_some(), "missing global variable type")?;
                }
                Ok(())
            }
            DiKind::LOCAL_VARIABLE => {
                ensure(self.is_type(md(n, F::Type)), "invalid type ref")?;
                ensure(local_scope, "local variable requires a valid scope")?;
                ensure(self.k(md(n, F::Type)) != K::Di(DiKind::SUBROUTINE_TYPE), "invalid type")
            }
            _ => ensure(local_scope, "label requires a valid scope"),
        }
    }

    /// The other kinds' checks (`GenericDINode`, `DISubrange`, `DIMacro`,
    /// template parameters, `DIExpression`, `DIImportedEntity`,
    /// `DIAssignID`).
    fn other_node(&self, n: &DiNode, distinct: bool) -> Check {
        let tag = n.uint(F::Tag);
        match n.kind {
            DiKind::GENERIC_DI_NODE => ensure(tag != 0, "invalid tag"),
            DiKind::SUBRANGE => {
                let given = |f: F| !matches!(n.field(f), DiField::Absent | DiField::Md(None));
                ensure(
                    !(given(F::Count) && given(F::UpperBound)),
                    "Subrange can have any one of count or upperBound",
                )
            }
            DiKind::MACRO => {
                ensure(matches!(n.uint(F::Type), 1 | 2), "invalid macinfo type")?;
                ensure(self.string_len(md(n, F::Name)) != 0, "anonymous macro")
            }
            DiKind::TEMPLATE_TYPE_PARAMETER | DiKind::TEMPLATE_VALUE_PARAMETER => {
                ensure(self.is_type(md(n, F::Type)), "invalid type ref")
            }
            DiKind::EXPRESSION => {
                ensure(crate::di::expression_is_valid(expr_ops(n)), "invalid expression")
            }
            DiKind::IMPORTED_ENTITY => {
                ensure(matches!(tag, 0x3a | 0x08), "invalid tag")?;
                if let Some(s) = md(n, F::Scope) {
                    ensure(is_scope_kind(self.k(Some(s))), "invalid scope for imported entity")?;
                }
                let e = md(n, F::Entity);
                ensure(e.is_none() || is_di_node_kind(self.k(e)), "invalid imported entity")
            }
            DiKind::ASSIGN_ID => ensure(distinct, "DIAssignID must be distinct"),
            _ => Ok(()),
        }
    }

    /// The subprogram a local scope is in (following scopes up).
    fn subprogram_of(&self, mut scope: Option<MdId>) -> Option<MdId> {
        for _ in 0..10_000 {
            match self.k(scope) {
                K::Di(DiKind::SUBPROGRAM) => return scope,
                K::Di(DiKind::LEXICAL_BLOCK | DiKind::LEXICAL_BLOCK_FILE) => {
                    scope = md(self.di(scope)?, F::Scope)
                }
                _ => return None,
            }
        }
        None
    }

    /// The subprogram of the outermost location of `loc` (through
    /// `inlinedAt`).
    fn loc_subprogram(&self, mut loc: MdId) -> Option<MdId> {
        for _ in 0..10_000 {
            let d = self.loc(Some(loc))?;
            match d.inlined_at {
                Some(ia) if self.k(Some(ia)) == K::Di(DiKind::LOCATION) => loc = ia,
                _ => return self.subprogram_of(Some(d.scope)),
            }
        }
        None
    }

    fn function(&mut self, f: &Function) {
        let dbg = self.m.md.find_kind("dbg");
        let loop_kind = self.m.md.find_kind("llvm.loop");
        let mut sp = None;
        for &(k, id) in &f.md {
            if Some(k) == dbg {
                if self.k(Some(id)) != K::Di(DiKind::SUBPROGRAM) {
                    self.fail("function !dbg attachment must be a subprogram");
                } else {
                    sp = Some(id);
                }
            }
            self.walk(id, true);
        }
        // verifyFnArgs: the variable seen for each argument number.
        let mut fn_args: Vec<Option<MdId>> = Vec::new();
        let placed =
            f.blocks.iter().flat_map(|b| b.insts.iter()).filter_map(|i| f.insts.get(i.0 as usize));
        for inst in placed {
            for &(k, id) in &inst.md {
                let is_dbg = Some(k) == dbg;
                if is_dbg {
                    if self.k(Some(id)) != K::Di(DiKind::LOCATION) {
                        self.fail("invalid !dbg metadata attachment");
                        continue;
                    }
                    if let Some(sp) = sp {
                        if self.loc_subprogram(id).is_some_and(|s| s != sp) {
                            self.fail("!dbg attachment points at wrong subprogram for function");
                        }
                    }
                }
                self.walk(id, is_dbg || Some(k) == loop_kind);
            }
            for r in &inst.dbg_records {
                let before = self.out.len();
                self.record(r);
                if let (true, Some(_), DbgRecord::Variable { variable, dbg_loc, .. }) =
                    (self.out.len() == before, sp, r)
                {
                    self.fn_arg(&mut fn_args, *variable, Some(*dbg_loc));
                }
                match r {
                    DbgRecord::Variable {
                        location, variable, expression, dbg_loc, assign, ..
                    } => {
                        for id in [location, variable, expression, dbg_loc] {
                            self.walk(*id, true);
                        }
                        if let Some((a, b, c)) = assign {
                            for id in [a, b, c] {
                                self.walk(*id, true);
                            }
                        }
                    }
                    DbgRecord::Label { label, dbg_loc } => {
                        self.walk(*label, true);
                        self.walk(*dbg_loc, true);
                    }
                }
            }
            if let InstKind::Call { call, .. } = &inst.kind {
                let before = self.out.len();
                self.dbg_intrinsic(call, inst);
                let var = self.dbg_call(call).and_then(|(_, arg)| arg(1));
                if let (Some(var), true, Some(_)) = (var, self.out.len() == before, sp) {
                    let loc = dbg.and_then(|d| inst.md.iter().find(|e| e.0 == d)).map(|e| e.1);
                    self.fn_arg(&mut fn_args, var, loc);
                }
                for a in &call.args {
                    if let Value::Metadata(id) = a {
                        self.walk(*id, false);
                    }
                }
            }
        }
    }

    /// A location operand: a value, a `DIArgList` or an empty tuple.
    fn is_location(&self, id: MdId) -> bool {
        match self.m.md.get(id) {
            Some(MdNode::Value(..) | MdNode::ArgList(_)) => true,
            Some(MdNode::Tuple(t)) => t.is_empty(),
            _ => false,
        }
    }

    /// `verifyFragmentExpression`: a `DW_OP_LLVM_fragment` must lie inside
    /// the variable and not cover all of it.
    fn fragment_fault(&self, var: MdId, expr: MdId) -> Option<&'static str> {
        let v = self.di(Some(var))?;
        let ops = expr_ops(self.di(Some(expr))?);
        if !crate::di::expression_is_valid(ops) {
            return None;
        }
        let (offset, size) = crate::di::expression_fragment(ops)?;
        // Artificial variables (clang's anonymous-union members) are exempt.
        if v.kind == DiKind::LOCAL_VARIABLE && v.uint(F::Flags) & (1 << 6) != 0 {
            return None;
        }
        let var_size = self.variable_size(md(v, F::Type))?;
        if size.checked_add(offset).is_none_or(|end| end > var_size) {
            return Some("fragment is larger than or outside of variable");
        }
        (size == var_size).then_some("fragment covers entire variable")
    }

    /// `DIVariable::getSizeInBits`: the type's size, looking through
    /// derived types whose own size is 0.
    fn variable_size(&self, mut ty: Option<MdId>) -> Option<u64> {
        for _ in 0..10_000 {
            let d = self.di(ty)?;
            let k = K::Di(d.kind);
            if is_type_kind(k) {
                let size = d.uint(F::Size);
                if size != 0 {
                    return Some(size);
                }
            }
            if k != K::Di(DiKind::DERIVED_TYPE) {
                return None;
            }
            ty = md(d, F::BaseType);
        }
        None
    }

    /// `Verifier::visit(DbgVariableRecord&)` / `visit(DbgLabelRecord&)`.
    /// LLVM's `verifyFnArgs`: in a function with debug info, two variables
    /// (not inlined) may not describe one argument.
    fn fn_arg(&mut self, seen: &mut Vec<Option<MdId>>, var: MdId, loc: Option<MdId>) {
        if self.loc(loc).is_some_and(|l| l.inlined_at.is_some()) {
            return;
        }
        let Some(v) = self.di(Some(var)) else { return };
        let n = v.uint(F::Arg) as usize;
        if n == 0 {
            return;
        }
        if seen.len() < n {
            seen.resize(n, None);
        }
        if seen[n - 1].replace(var).is_some_and(|prev| prev != var) {
            self.fail("conflicting debug info for argument");
        }
    }

    fn record(&mut self, r: &DbgRecord) {
        match r {
            DbgRecord::Variable { location, variable, expression, assign, dbg_loc, .. } => {
                if !self.is_location(*location) {
                    return self.fail("invalid #dbg record address/value");
                }
                if self.k(Some(*variable)) != K::Di(DiKind::LOCAL_VARIABLE) {
                    return self.fail("invalid #dbg record variable");
                }
                if self.k(Some(*expression)) != K::Di(DiKind::EXPRESSION) {
                    return self.fail("invalid #dbg record expression");
                }
                if let Some((id, addr, addr_expr)) = assign {
                    if self.k(Some(*id)) != K::Di(DiKind::ASSIGN_ID) {
                        return self.fail("invalid #dbg_assign DIAssignID");
                    }
                    let addr_ok = match self.m.md.get(*addr) {
                        Some(MdNode::Value(..)) => true,
                        Some(MdNode::Tuple(t)) => t.is_empty(),
                        _ => false,
                    };
                    if !addr_ok {
                        return self.fail("invalid #dbg_assign address");
                    }
                    if self.k(Some(*addr_expr)) != K::Di(DiKind::EXPRESSION) {
                        return self.fail("invalid #dbg_assign address expression");
                    }
                }
                let var = self.di(Some(*variable));
                if !self.is_type(var.and_then(|v| md(v, F::Type))) {
                    return self.fail("invalid type ref");
                }
                if self.k(Some(*dbg_loc)) != K::Di(DiKind::LOCATION) {
                    return self.fail("invalid #dbg record DILocation");
                }
                let var_sp = self.subprogram_of(var.and_then(|v| md(v, F::Scope)));
                let loc_sp = self.subprogram_of(self.loc(Some(*dbg_loc)).map(|l| l.scope));
                if let (Some(a), Some(b)) = (var_sp, loc_sp) {
                    if a != b {
                        return self.fail(
                            "mismatched subprogram between #dbg record variable and DILocation",
                        );
                    }
                }
                if let Some(msg) = self.fragment_fault(*variable, *expression) {
                    self.fail(msg);
                }
            }
            DbgRecord::Label { label, dbg_loc } => {
                if self.k(Some(*label)) != K::Di(DiKind::LABEL) {
                    return self.fail("invalid #dbg_label intrinsic variable");
                }
                if self.k(Some(*dbg_loc)) != K::Di(DiKind::LOCATION) {
                    return;
                }
                let label_sp =
                    self.subprogram_of(self.di(Some(*label)).and_then(|l| md(l, F::Scope)));
                let loc_sp = self.subprogram_of(self.loc(Some(*dbg_loc)).map(|l| l.scope));
                if let (Some(a), Some(b)) = (label_sp, loc_sp) {
                    if a != b {
                        self.fail(
                            "mismatched subprogram between #dbg_label label and !dbg attachment",
                        );
                    }
                }
            }
        }
    }

    /// `visitDbgIntrinsic` for `llvm.dbg.declare` / `llvm.dbg.value` /
    /// `llvm.dbg.assign` calls (the form LLVM verifies a text module in).
    /// Which debug intrinsic `call` calls (`declare`, `value`, `assign`),
    /// and its metadata operand `i` (the old four-operand
    /// `llvm.dbg.value(value, offset, var, expr)`, which LLVM upgrades
    /// before it verifies, skips its offset).
    fn dbg_call<'c>(
        &self,
        call: &'c crate::inst::CallData,
    ) -> Option<(&'static str, impl Fn(usize) -> Option<MdId> + 'c)> {
        let fi = super::intrinsic_sig::direct_callee(self.m, call)?;
        let f = self.m.functions.get(fi)?;
        let kind: &'static str = match f.common.name.as_deref() {
            Some(b"llvm.dbg.declare") => "declare",
            Some(b"llvm.dbg.value") => "value",
            Some(b"llvm.dbg.assign") => "assign",
            _ => return None,
        };
        // A call of another type is refused elsewhere ("Intrinsic called
        // with incompatible signature").
        if f.ty != call.fn_ty {
            return None;
        }
        let old = kind == "value" && call.args.len() == 4;
        let arg = move |i: usize| match call.args.get(if old && i > 0 { i + 1 } else { i }) {
            Some(Value::Metadata(id)) => Some(*id),
            _ => None,
        };
        Some((kind, arg))
    }

    fn dbg_intrinsic(&mut self, call: &crate::inst::CallData, inst: &crate::inst::Inst) {
        let Some((kind, arg)) = self.dbg_call(call) else { return };
        macro_rules! msg {
            ($($k:literal => $m:literal),*) => {
                match kind { $($k => $m,)* _ => "" }
            };
        }
        if !arg(0).is_some_and(|l| self.is_location(l)) {
            return self.fail(msg!(
                "declare" => "invalid llvm.dbg.declare intrinsic address/value",
                "value" => "invalid llvm.dbg.value intrinsic address/value",
                "assign" => "invalid llvm.dbg.assign intrinsic address/value"
            ));
        }
        if self.k(arg(1)) != K::Di(DiKind::LOCAL_VARIABLE) {
            return self.fail(msg!(
                "declare" => "invalid llvm.dbg.declare intrinsic variable",
                "value" => "invalid llvm.dbg.value intrinsic variable",
                "assign" => "invalid llvm.dbg.assign intrinsic variable"
            ));
        }
        if self.k(arg(2)) != K::Di(DiKind::EXPRESSION) {
            return self.fail(msg!(
                "declare" => "invalid llvm.dbg.declare intrinsic expression",
                "value" => "invalid llvm.dbg.value intrinsic expression",
                "assign" => "invalid llvm.dbg.assign intrinsic expression"
            ));
        }
        if kind == "assign" {
            if self.k(arg(3)) != K::Di(DiKind::ASSIGN_ID) {
                return self.fail("invalid llvm.dbg.assign intrinsic DIAssignID");
            }
            let addr_ok = match arg(4).and_then(|a| self.m.md.get(a)) {
                Some(MdNode::Value(..)) => true,
                Some(MdNode::Tuple(t)) => t.is_empty(),
                _ => false,
            };
            if !addr_ok {
                return self.fail("invalid llvm.dbg.assign intrinsic address");
            }
            if self.k(arg(5)) != K::Di(DiKind::EXPRESSION) {
                return self.fail("invalid llvm.dbg.assign intrinsic address expression");
            }
        }
        let dbg = self.m.md.find_kind("dbg");
        let loc = dbg.and_then(|d| inst.md.iter().find(|e| e.0 == d)).map(|e| e.1);
        match loc {
            // A broken !dbg attachment is reported elsewhere.
            Some(l) if self.k(Some(l)) != K::Di(DiKind::LOCATION) => return,
            Some(_) => {}
            None => {
                return self.fail(msg!(
                    "declare" => "llvm.dbg.declare intrinsic requires a !dbg attachment",
                    "value" => "llvm.dbg.value intrinsic requires a !dbg attachment",
                    "assign" => "llvm.dbg.assign intrinsic requires a !dbg attachment"
                ));
            }
        }
        let var = arg(1).and_then(|v| self.di(Some(v)));
        let var_sp = self.subprogram_of(var.and_then(|v| md(v, F::Scope)));
        let loc_sp = self.subprogram_of(self.loc(loc).map(|l| l.scope));
        if let (Some(a), Some(b)) = (var_sp, loc_sp) {
            if a != b {
                return self.fail(msg!(
                    "declare" => "mismatched subprogram between llvm.dbg.declare variable and !dbg attachment",
                    "value" => "mismatched subprogram between llvm.dbg.value variable and !dbg attachment",
                    "assign" => "mismatched subprogram between llvm.dbg.assign variable and !dbg attachment"
                ));
            }
        }
        if let (Some(v), Some(e)) = (arg(1), arg(2)) {
            if let Some(m) = self.fragment_fault(v, e) {
                self.fail(m);
            }
        }
    }
}

/// Every debug-info fault of `m`.
pub(super) fn check(m: &Module) -> Vec<DiFault> {
    let mut w = W { m, seen: vec![false; m.md.len()], out: Vec::new(), func: None };
    for f in &m.functions {
        w.func = Some(
            f.common.name.as_ref().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
        );
        w.function(f);
    }
    w.func = None;
    for g in &m.globals {
        for &(_, id) in &g.md {
            w.walk(id, true);
        }
    }
    for n in &m.named_md {
        let cu = &*n.name == b"llvm.dbg.cu";
        if n.name.starts_with(b"llvm.dbg.") && !cu {
            w.fail("unrecognized named metadata node in the llvm.dbg namespace");
        }
        for &id in n.ops.iter() {
            if cu && kind(m, Some(id)) != K::Di(DiKind::COMPILE_UNIT) {
                w.fail("invalid compile unit");
            }
            w.walk(id, true);
        }
    }
    // verifyCompileUnits: every compile unit reached is listed.
    let listed: Vec<MdId> = m
        .named_md
        .iter()
        .filter(|n| &*n.name == b"llvm.dbg.cu")
        .flat_map(|n| n.ops.iter().copied())
        .collect();
    for (i, &seen) in w.seen.iter().enumerate() {
        let id = MdId(i as u32);
        if seen && kind(m, Some(id)) == K::Di(DiKind::COMPILE_UNIT) && !listed.contains(&id) {
            w.out.push(DiFault { func: None, message: "DICompileUnit not listed in llvm.dbg.cu" });
        }
    }
    w.out
}
