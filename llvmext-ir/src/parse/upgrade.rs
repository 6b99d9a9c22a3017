//! What `llvm-as-19 | llvm-dis-19` does to a parsed module beyond the
//! grammar, as LLVM's `AutoUpgrade` does it on text input:
//!
//! - calls of the old debug intrinsics (`llvm.dbg.declare`, `.value`,
//!   `.assign`, `.label`) become debug records (`#dbg_declare`, ...) placed
//!   where the call stood, and the intrinsics' declarations go
//!   (`upgradeDbgIntrinsicToDbgRecord`);
//! - intrinsics renamed or re-typed since: typed-pointer manglings
//!   (`llvm.memcpy.p0i8.p0i8.i64` → `llvm.memcpy.p0.p0.i64`,
//!   `remangleIntrinsicFunction`), `llvm.stacksave`/`stackrestore`/
//!   `prefetch` gaining their pointer overload, `llvm.ctlz`/`cttz` with one
//!   argument, `llvm.objectsize` with two or three, `llvm.var.annotation`/
//!   `ptr.annotation` with four, `llvm.experimental.vector.reduce.*`
//!   (`UpgradeIntrinsicFunction` and `UpgradeIntrinsicCall`).
//!
//! An upgraded intrinsic is declared anew at the end of the module (LLVM
//! creates the new declaration with `Intrinsic::getDeclaration`, which
//! appends it) and the old declaration is removed, so the printed order is
//! LLVM's.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::constant::ConstKind;
use crate::id::{GlobalRef, MdId, MdKindId, Value};
use crate::inst::{CallData, DbgKind, DbgRecord, InstKind, TailKind};
use crate::metadata::MdNode;
use crate::module::{Function, Module};
use crate::name::ByteStr;
use crate::types::TypeKind;

/// How calls of an old intrinsic change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fix {
    /// Only the callee changes (a new name for the same type).
    Rename,
    /// `ctlz`/`cttz`: append `i1 false` (`is_zero_poison`).
    AppendFalse,
    /// `objectsize`: pad to four arguments with `i1 false`.
    ObjectSize,
    /// `var.annotation`/`ptr.annotation`: append `ptr null`.
    AppendNullPtr,
}

/// Upgrades `m` in place (see the module docs). `debug_info` runs where
/// LLParser runs `UpgradeDebugInfo`: after the intrinsic upgrades, while
/// debug intrinsics are still calls (the verifier's debug-info checks see
/// that form), before they become debug records.
pub(crate) fn upgrade(m: &mut Module, debug_info: impl FnOnce(&mut Module)) {
    module_flags(m);
    let mut remove = vec![false; m.functions.len()];
    intrinsic_upgrades(m, &mut remove);
    debug_info(m);
    remove.resize(m.functions.len(), false);
    dbg_intrinsics_to_records(m, &mut remove);
    if remove.iter().any(|&r| r) {
        remove_functions(m, &remove);
    }
}

/// LLVM's `UpgradeModuleFlags` (the behaviours it changes): "PIC Level"
/// from Error (1) or Max (7) to Min (8), "PIE Level" from Error to Max,
/// "branch-target-enforcement" and "sign-return-address*" from Error to
/// Min.
fn module_flags(m: &mut Module) {
    let Some(k) = m.named_md.iter().position(|n| n.name.as_bytes() == b"llvm.module.flags") else {
        return;
    };
    for i in 0..m.named_md[k].ops.len() {
        let op = m.named_md[k].ops[i];
        let Some(MdNode::Tuple(ops)) = m.md.get(op) else { continue };
        let [Some(b), Some(id), v] = ops[..] else { continue };
        let Some(MdNode::String(name)) = m.md.get(id) else { continue };
        let Some(&MdNode::Value(ty, Value::Const(c))) = m.md.get(b) else { continue };
        let Some(ConstKind::Int(iv)) = m.consts.kind(c) else { continue };
        let behavior = iv.limbs()[0];
        let name: &[u8] = name;
        let new = match name {
            b"PIC Level" if behavior == 1 || behavior == 7 => 8,
            b"PIE Level" if behavior == 1 => 7,
            b"branch-target-enforcement" if behavior == 1 => 8,
            n if n.starts_with(b"sign-return-address") && behavior == 1 => 8,
            _ => continue,
        };
        let Ok(nc) = m.consts.int_u64(&m.types, ty, new) else { continue };
        let nb = m.md.get_or_insert(MdNode::Value(ty, Value::Const(nc)));
        let node = m.md.get_or_insert(MdNode::Tuple(vec![Some(nb), Some(id), v].into()));
        m.named_md[k].ops[i] = node;
    }
}

/// The constant that names function `i`, if the module has one.
fn fn_consts(m: &Module) -> Vec<Option<crate::id::ConstId>> {
    let mut out = vec![None; m.functions.len()];
    for (id, _, k) in m.consts.iter() {
        if let ConstKind::Global(GlobalRef::Func(i)) = k {
            if let Some(slot) = out.get_mut(*i as usize) {
                slot.get_or_insert(id);
            }
        }
    }
    out
}

/// Whether a constant other than the global itself refers to `c` (then
/// the function is used as a value and is left alone).
fn used_in_constants(m: &Module, c: crate::id::ConstId) -> bool {
    m.consts.iter().any(|(_, _, k)| match k {
        ConstKind::Array(ops) | ConstKind::Struct(ops) | ConstKind::Vector(ops) => ops.contains(&c),
        ConstKind::Expr { ops, .. } => ops.contains(&c),
        ConstKind::PtrAuth { .. } => k.ptr_auth_operands().is_some_and(|o| o.contains(&c)),
        _ => false,
    })
}

/// Whether `v` appears among `f`'s operands other than as the callee of a
/// `call` (the only use the upgrades rewrite).
fn used_otherwise(m: &Module, c: crate::id::ConstId) -> bool {
    let v = Value::Const(c);
    for f in &m.functions {
        for inst in &f.insts {
            match &inst.kind {
                InstKind::Call { call, .. } => {
                    if call.args.contains(&v) || call.bundles.iter().any(|b| b.inputs.contains(&v))
                    {
                        return true;
                    }
                }
                k => {
                    let mut found = false;
                    k.for_each_operand(|x| found |= x == v);
                    if found {
                        return true;
                    }
                }
            }
        }
    }
    for i in 0..m.md.len() {
        if let Some(MdNode::Value(_, x)) = m.md.get(crate::id::MdId(i as u32)) {
            if *x == v {
                return true;
            }
        }
    }
    false
}

fn name_of(f: &Function) -> &[u8] {
    f.common.name.as_deref().unwrap_or(b"")
}

fn dbg_intrinsics_to_records(m: &mut Module, remove: &mut [bool]) {
    let consts = fn_consts(m);
    // Which functions are old debug intrinsics, and of which kind.
    let mut kinds: Vec<(crate::id::ConstId, usize, &'static str)> = Vec::new();
    for (i, f) in m.functions.iter().enumerate() {
        let kind = match name_of(f) {
            b"llvm.dbg.declare" => "declare",
            b"llvm.dbg.value" => "value",
            b"llvm.dbg.assign" => "assign",
            b"llvm.dbg.label" => "label",
            _ => continue,
        };
        if !f.blocks.is_empty() {
            continue;
        }
        let Some(c) = consts[i] else {
            remove[i] = true;
            continue;
        };
        if used_in_constants(m, c) || used_otherwise(m, c) {
            continue;
        }
        kinds.push((c, i, kind));
    }
    if kinds.is_empty() {
        return;
    }
    let dbg = m.md.find_kind("dbg");
    let fn_tys: Vec<_> = m.functions.iter().map(|f| f.ty).collect();
    let mut still_used = vec![false; kinds.len()];
    for fi in 0..m.functions.len() {
        let f = &mut m.functions[fi];
        if f.blocks.is_empty() {
            continue;
        }
        let Function { blocks, insts, .. } = f;
        for b in blocks.iter_mut() {
            let mut pending: Vec<DbgRecord> = Vec::new();
            let mut kept = Vec::with_capacity(b.insts.len());
            for &id in &b.insts {
                let inst = &mut insts[id.0 as usize];
                let converted = match &inst.kind {
                    InstKind::Call { call, .. } => match call.callee {
                        // A call of another type than the declaration stays
                        // a call (the verifier refuses it, as LLVM does).
                        Value::Const(c)
                            if kinds.iter().any(|k| k.0 == c && call.fn_ty != fn_tys[k.1]) =>
                        {
                            if let Some(k) = kinds.iter().position(|k| k.0 == c) {
                                still_used[k] = true;
                            }
                            None
                        }
                        Value::Const(c) => kinds.iter().position(|k| k.0 == c).and_then(|k| {
                            let r =
                                record_of(kinds[k].2, call, dbg.and_then(|d| loc_of(&inst.md, d)));
                            if r.is_none() {
                                // Malformed: the call stays, and so does
                                // the declaration.
                                still_used[k] = true;
                            }
                            r
                        }),
                        _ => None,
                    },
                    _ => None,
                };
                match converted {
                    // A call that LLVM drops without a record (an old
                    // `dbg.value` with a nonzero offset).
                    Some(None) => {}
                    Some(Some(r)) => pending.push(r),
                    None => {
                        if !pending.is_empty() {
                            pending.append(&mut inst.dbg_records);
                            inst.dbg_records = core::mem::take(&mut pending);
                        }
                        kept.push(id);
                    }
                }
            }
            b.insts = kept;
        }
    }
    for (k, &(_, i, _)) in kinds.iter().enumerate() {
        remove[i] = !still_used[k];
    }
}

fn loc_of(md: &[(MdKindId, MdId)], dbg: MdKindId) -> Option<MdId> {
    md.iter().find(|e| e.0 == dbg).map(|e| e.1)
}

/// The record for a call of `llvm.dbg.<kind>`; `Some(None)` when LLVM
/// drops the call.
fn record_of(kind: &str, call: &CallData, loc: Option<MdId>) -> Option<Option<DbgRecord>> {
    let md = |i: usize| match call.args.get(i) {
        Some(Value::Metadata(id)) => Some(*id),
        _ => None,
    };
    let dbg_loc = loc?;
    Some(Some(match kind {
        "label" => DbgRecord::Label { label: md(0)?, dbg_loc },
        "declare" => DbgRecord::Variable {
            kind: DbgKind::Declare,
            location: md(0)?,
            variable: md(1)?,
            expression: md(2)?,
            assign: None,
            dbg_loc,
        },
        "assign" => DbgRecord::Variable {
            kind: DbgKind::Assign,
            location: md(0)?,
            variable: md(1)?,
            expression: md(2)?,
            assign: Some((md(3)?, md(4)?, md(5)?)),
            dbg_loc,
        },
        _ => {
            // An old `dbg.value(metadata, i64 offset, metadata, metadata)`:
            // kept only with a zero offset (a metadata operand there is not
            // a constant, and LLVM drops the call).
            let (v, e) = if call.args.len() == 4 {
                match call.args[1] {
                    Value::Const(_) => (2, 3),
                    _ => return Some(None),
                }
            } else {
                (1, 2)
            };
            DbgRecord::Variable {
                kind: DbgKind::Value,
                location: md(0)?,
                variable: md(v)?,
                expression: md(e)?,
                assign: None,
                dbg_loc,
            }
        }
    }))
}

/// `p0i8` → `p0`: a typed-pointer mangling component reduced to the opaque
/// pointer's.
fn remangle(name: &[u8]) -> Option<Vec<u8>> {
    if name.windows(2).any(|w| w == b"s_") {
        // Struct manglings hold dots; leave them to the exact rules.
        return None;
    }
    let mut out = Vec::with_capacity(name.len());
    let mut changed = false;
    for (i, part) in name.split(|&c| c == b'.').enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        let digits = part.iter().skip(1).take_while(|c| c.is_ascii_digit()).count();
        if i > 1 && part.first() == Some(&b'p') && digits > 0 && part.len() > 1 + digits {
            out.extend_from_slice(&part[..1 + digits]);
            changed = true;
        } else {
            out.extend_from_slice(part);
        }
    }
    changed.then_some(out)
}

/// As LLParser's `UpgradeCallsToIntrinsic` over the module's functions,
/// the declarations it adds on the way included (a function renamed out of
/// a new declaration's way is upgraded in its turn).
fn intrinsic_upgrades(m: &mut Module, remove: &mut Vec<bool>) {
    let mut next = 0;
    while next < m.functions.len() {
        let i = next;
        next += 1;
        remove.resize(m.functions.len(), false);
        if remove[i] || !m.functions[i].blocks.is_empty() {
            continue;
        }
        let name = name_of(&m.functions[i]).to_vec();
        if !name.starts_with(b"llvm.") {
            continue;
        }
        // A plain rename takes the name the signature mangles to (as LLVM
        // remangles after its upgrades: `lifetime.end.p5i8` declared on
        // `i8*` becomes `lifetime.end.p0`); otherwise LLVM remangles the
        // name from the signature.
        let from_sig = crate::verify::intrinsic_sig::remangled_name(m, &m.functions[i])
            .map(|n| (n.into_bytes(), Fix::Rename));
        let planned = match plan(m, i, &name) {
            Some((_, Fix::Rename)) if from_sig.is_some() => from_sig,
            Some(p) => Some(p),
            None => from_sig,
        };
        let Some((new_name, fix)) = planned else { continue };
        let Ok(new_name_s) = String::from_utf8(new_name) else { continue };
        if !crate::intrinsics::is_intrinsic(&new_name_s) {
            continue;
        }
        if replace(m, i, new_name_s, fix, remove) {
            remove[i] = true;
        }
    }
}

/// The new name and call fix for intrinsic `name` (function `i`).
fn plan(m: &Module, i: usize, name: &[u8]) -> Option<(Vec<u8>, Fix)> {
    let f = &m.functions[i];
    let Some(TypeKind::Function { ret, params, .. }) = m.types.get(f.ty) else { return None };
    let (ret, params) = (*ret, params.clone());
    let ptr_as = |t| match m.types.get(t) {
        Some(TypeKind::Ptr(a)) => Some(*a),
        _ => None,
    };
    let rest = &name[5..];
    if rest == b"stacksave" && params.is_empty() {
        return Some((format!("llvm.stacksave.p{}", ptr_as(ret)?).into_bytes(), Fix::Rename));
    }
    if rest == b"stackrestore" && params.len() == 1 {
        let a = ptr_as(params[0])?;
        return Some((format!("llvm.stackrestore.p{a}").into_bytes(), Fix::Rename));
    }
    if rest == b"prefetch" && params.len() == 4 {
        let a = ptr_as(params[0])?;
        return Some((format!("llvm.prefetch.p{a}").into_bytes(), Fix::Rename));
    }
    if let Some(tail) = rest.strip_prefix(b"experimental.vector.reduce.") {
        let mut n = b"llvm.vector.reduce.".to_vec();
        if let Some(v2) = tail.strip_prefix(b"v2.") {
            // `v2.fadd.f32.v4f32`: the new name is overloaded on the vector
            // only.
            let mut parts = v2.split(|&c| c == b'.');
            let op = parts.next()?;
            let vec = v2.rsplit(|&c| c == b'.').next()?;
            n.extend_from_slice(op);
            n.push(b'.');
            n.extend_from_slice(vec);
        } else {
            n.extend_from_slice(tail);
        }
        return Some((n, Fix::Rename));
    }
    if (rest.starts_with(b"ctlz.") || rest.starts_with(b"cttz.")) && params.len() == 1 {
        return Some((name.to_vec(), Fix::AppendFalse));
    }
    if rest.starts_with(b"objectsize.") && (params.len() == 2 || params.len() == 3) {
        let a = ptr_as(params[0])?;
        let r = format!("{}", m.types.display(ret));
        return Some((format!("llvm.objectsize.{r}.p{a}").into_bytes(), Fix::ObjectSize));
    }
    for base in [&b"var.annotation"[..], b"ptr.annotation"] {
        if rest.starts_with(base) && params.len() == 4 {
            let a0 = ptr_as(params[0])?;
            let a1 = ptr_as(params[1])?;
            let b = core::str::from_utf8(base).ok()?;
            let n = format!("llvm.{b}.p{a0}.p{a1}");
            return Some((n.into_bytes(), Fix::AppendNullPtr));
        }
    }
    remangle(name).map(|n| (n, Fix::Rename))
}

/// Moves the calls of function `i` to a declaration named `new_name` (the
/// module's, or a new one at the end), fixing their arguments; false if the
/// function is used otherwise than as a callee.
fn replace(m: &mut Module, i: usize, new_name: String, fix: Fix, removed: &[bool]) -> bool {
    let consts = fn_consts(m);
    let old_c = consts[i];
    if let Some(c) = old_c {
        if used_in_constants(m, c) || used_otherwise(m, c) {
            return false;
        }
    }
    let Some(TypeKind::Function { ret, params, vararg }) = m.types.get(m.functions[i].ty).cloned()
    else {
        return false;
    };
    let i1 = m.types.int(1).ok();
    let mut new_params = params.to_vec();
    match fix {
        Fix::Rename => {}
        Fix::AppendFalse => new_params.push(i1.unwrap_or(ret)),
        Fix::ObjectSize => {
            while new_params.len() < 4 {
                new_params.push(i1.unwrap_or(ret));
            }
        }
        Fix::AppendNullPtr => new_params.push(params[0]),
    }
    let Ok(new_ty) = m.types.function(ret, &new_params, vararg) else { return false };
    let named =
        |c: &crate::module::GlobalCommon| c.name.as_ref().is_some_and(|n| n == new_name.as_str());
    let existing =
        m.functions.iter().enumerate().position(|(t, f)| {
            t != i && !removed.get(t).copied().unwrap_or(false) && named(&f.common)
        });
    if existing.is_none_or(|t| m.functions[t].ty != new_ty) {
        // As remangleIntrinsicFunction: whatever holds the name (another
        // function of another type, a variable, ...) makes room for the new
        // declaration as `NAME.renamed`.
        let renamed = ByteStr::from(alloc::format!("{new_name}.renamed"));
        let commons = m
            .globals
            .iter_mut()
            .map(|g| &mut g.common)
            .chain(m.aliases.iter_mut().map(|a| &mut a.common))
            .chain(m.ifuncs.iter_mut().map(|f| &mut f.common));
        for c in commons.chain(existing.map(|t| &mut m.functions[t].common)) {
            if named(c) {
                c.name = Some(renamed.clone());
            }
        }
    }
    let target = match existing.filter(|&t| m.functions[t].ty == new_ty) {
        Some(t) => t,
        None => {
            let old = &m.functions[i];
            let mut nf = Function::new(new_ty);
            nf.common = old.common.clone();
            nf.common.name = Some(ByteStr::from(new_name));
            nf.addrspace = old.addrspace;
            nf.args = vec![Default::default(); new_params.len()];
            m.functions.push(nf);
            if !m.definition_order.is_empty() {
                m.definition_order.push(GlobalRef::Func(m.functions.len() as u32 - 1));
            }
            m.functions.len() - 1
        }
    };
    let Some(old_c) = old_c else { return true };
    let ptr = m.consts.ty(old_c).unwrap_or(ret);
    let new_c = m.consts.global(ptr, GlobalRef::Func(target as u32));
    let fals = i1.and_then(|t| m.consts.int_u64(&m.types, t, 0).ok());
    let null = m.consts.ty(old_c).map(|t| m.consts.intern_raw(t, ConstKind::Null));
    let dbg = m.md.find_kind("dbg");
    for f in m.functions.iter_mut() {
        for inst in f.insts.iter_mut() {
            let InstKind::Call { call, tail } = &mut inst.kind else { continue };
            if call.callee != Value::Const(old_c) {
                continue;
            }
            call.callee = Value::Const(new_c);
            call.fn_ty = new_ty;
            if fix == Fix::Rename {
                continue;
            }
            match fix {
                Fix::AppendFalse | Fix::ObjectSize => {
                    let Some(fals) = fals else { continue };
                    while call.args.len() < new_params.len() {
                        call.args.push(Value::Const(fals));
                    }
                }
                Fix::AppendNullPtr => {
                    if let Some(null) = null {
                        call.args.push(Value::Const(null));
                    }
                }
                Fix::Rename => {}
            }
            // LLVM builds a new call: the attributes, the tail marker and
            // all metadata but the location are not carried over.
            call.attrs = Default::default();
            call.bundles.clear();
            *tail = TailKind::None;
            inst.md.retain(|e| Some(e.0) == dbg);
        }
    }
    true
}

/// Removes the functions marked in `remove`, renumbering every reference.
fn remove_functions(m: &mut Module, remove: &[bool]) {
    let mut map = vec![u32::MAX; m.functions.len()];
    let mut next = 0u32;
    for (i, &r) in remove.iter().enumerate() {
        if !r {
            map[i] = next;
            next += 1;
        }
    }
    let mut i = 0;
    m.functions.retain(|_| {
        let keep = !remove[i];
        i += 1;
        keep
    });
    let fix = |g: &GlobalRef| match *g {
        GlobalRef::Func(i) => {
            let n = map.get(i as usize).copied().unwrap_or(u32::MAX);
            (n != u32::MAX && n != i).then_some(GlobalRef::Func(n))
        }
        _ => None,
    };
    m.block_use_orders.retain_mut(|o| match map.get(o.func as usize) {
        Some(&n) if n != u32::MAX => {
            o.func = n;
            true
        }
        _ => false,
    });
    m.definition_order.retain_mut(|g| match *g {
        GlobalRef::Func(f) => match map.get(f as usize) {
            Some(&n) if n != u32::MAX => {
                *g = GlobalRef::Func(n);
                true
            }
            _ => false,
        },
        _ => true,
    });
    m.value_use_orders.retain_mut(|o| match o.func.map(|f| map.get(f as usize)) {
        Some(Some(&n)) if n != u32::MAX => {
            o.func = Some(n);
            true
        }
        None => true,
        _ => false,
    });
    let mut changes = Vec::new();
    for (id, ty, k) in m.consts.iter() {
        let nk = match k {
            // A removed function's name: nothing uses it any more.
            ConstKind::Global(GlobalRef::Func(i)) if remove.get(*i as usize) == Some(&true) => {
                Some(ConstKind::Null)
            }
            ConstKind::Global(g) => fix(g).map(ConstKind::Global),
            ConstKind::DsoLocalEquivalent(g) => fix(g).map(ConstKind::DsoLocalEquivalent),
            ConstKind::NoCfi(g) => fix(g).map(ConstKind::NoCfi),
            ConstKind::BlockAddress { func, block } => {
                fix(func).map(|func| ConstKind::BlockAddress { func, block: *block })
            }
            _ => None,
        };
        if let Some(nk) = nk {
            changes.push((id, ty, nk));
        }
    }
    // Renumbering moves indices down only, so applying the changes in
    // creation order never makes two live constants equal.
    for (id, ty, k) in changes {
        m.consts.replace_kind(id, ty, k);
    }
}
