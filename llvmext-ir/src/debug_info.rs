//! Whole-module debug-info operations LLVM performs when it reads a module:
//! [`strip_debug_info`] (LLVM's `StripDebugInfo`) and
//! [`upgrade_debug_info`] (LLVM's `UpgradeDebugInfo`, which `llvm-as` runs
//! on every module it parses).
//!
//! `llvm-as` keeps a module's debug info only if the module flag
//! `"Debug Info Version"` is [`DEBUG_METADATA_VERSION`] and the debug info
//! is valid; otherwise it strips it and warns. [`parse::parse`] does the
//! same, and [`parse::parse_with`] hands back the warning.
//!
//! ```
//! use llvmext_ir::debug_info::{upgrade_debug_info, DebugInfoWarning};
//! // A `!dbg` attachment but no "Debug Info Version" flag: stripped.
//! let src = "define void @f() {\n  ret void, !dbg !0\n}\n\
//!            !0 = !DILocation(line: 1, scope: !1)\n\
//!            !1 = distinct !DISubprogram(name: \"f\", spFlags: 0)\n";
//! let opts = llvmext_ir::parse::ParseOptions::default().upgrade_debug_info(false);
//! let mut m = llvmext_ir::parse::parse_with(src.as_bytes(), "a.ll", &opts)?.module;
//! let w = upgrade_debug_info(&mut m).unwrap();
//! assert_eq!(w, DebugInfoWarning::InvalidVersion { module: "a.ll".into(), version: 0 });
//! assert_eq!(w.to_string(), "ignoring debug info with an invalid version (0) in a.ll");
//! assert!(!llvmext_ir::write::print(&m).contains("!dbg"));
//! # Ok::<(), llvmext_ir::parse::ParseError>(())
//! ```
//!
//! [`parse::parse`]: crate::parse::parse
//! [`parse::parse_with`]: crate::parse::parse_with

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use hashbrown::{HashMap, HashSet};

use crate::constant::ConstKind;
use crate::id::{GlobalRef, MdId, MdKindId, Value};
use crate::inst::InstKind;
use crate::metadata::MdNode;
use crate::module::Module;
use crate::verify::VerifyError;

/// The debug-info metadata version LLVM 19 writes and accepts
/// (`llvm::DEBUG_METADATA_VERSION`).
pub const DEBUG_METADATA_VERSION: u32 = 3;

/// What [`upgrade_debug_info`] did, as LLVM's diagnostic says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DebugInfoWarning {
    /// The module's `"Debug Info Version"` flag is missing (`version` 0)
    /// or not [`DEBUG_METADATA_VERSION`]: its debug info was stripped.
    InvalidVersion {
        /// The module's identifier (the file name `llvm-as` was given).
        module: String,
        /// The version found.
        version: u32,
    },
    /// The debug info failed the verifier's debug-info checks: it was
    /// stripped. `llvm-as` prints `errors` before the warning.
    InvalidDebugInfo {
        /// The module's identifier.
        module: String,
        /// The debug-info faults found (each has
        /// [`VerifyError::debug_info`] set).
        errors: Vec<VerifyError>,
    },
}

impl fmt::Display for DebugInfoWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DebugInfoWarning::InvalidVersion { module, version } => {
                write!(f, "ignoring debug info with an invalid version ({version}) in {module}")
            }
            DebugInfoWarning::InvalidDebugInfo { module, .. } => {
                write!(f, "ignoring invalid debug info in {module}")
            }
        }
    }
}

/// The module's `"Debug Info Version"` flag (0 when there is none or it is
/// not an integer), read as `llvm::getDebugMetadataVersionFromModule` does.
pub fn debug_metadata_version(m: &Module) -> u32 {
    let Some(flags) = m.named_md.iter().find(|n| n.name == "llvm.module.flags") else {
        return 0;
    };
    for &op in &flags.ops {
        let Some(MdNode::Tuple(ops)) = m.md.get(op) else { continue };
        if ops.len() < 3 {
            continue;
        }
        let key = ops[1].and_then(|k| m.md.get(k));
        if !matches!(key, Some(MdNode::String(s)) if &**s == b"Debug Info Version") {
            continue;
        }
        return match ops[2].and_then(|v| m.md.get(v)) {
            Some(MdNode::Value(_, Value::Const(c))) => match m.consts.kind(*c) {
                Some(ConstKind::Int(i)) => i.limbs().first().map_or(0, |&l| l as u32),
                _ => 0,
            },
            _ => 0,
        };
    }
    0
}

/// LLVM's `UpgradeDebugInfo`, as `llvm-as` runs it on a parsed module:
/// when the `"Debug Info Version"` flag is current, the debug info is
/// checked ([`verify::verify_debug_info`](crate::verify::verify_debug_info))
/// and stripped if invalid; when it is not, the debug info is stripped.
/// Returns the warning LLVM prints, or `None` if nothing changed.
///
/// (LLVM also runs the rest of the verifier here and aborts on a broken
/// module; this function leaves that to [`verify::verify`](crate::verify::verify).)
pub fn upgrade_debug_info(m: &mut Module) -> Option<DebugInfoWarning> {
    let version = debug_metadata_version(m);
    let module = String::from(m.module_id.as_deref().unwrap_or("<stdin>"));
    if version == DEBUG_METADATA_VERSION {
        let errors = crate::verify::verify_debug_info(m);
        if errors.is_empty() {
            return None;
        }
        strip_debug_info(m);
        return Some(DebugInfoWarning::InvalidDebugInfo { module, errors });
    }
    strip_debug_info(m).then_some(DebugInfoWarning::InvalidVersion { module, version })
}

/// LLVM's `StripDebugInfo`: removes the `llvm.dbg.*` and `llvm.gcov` named
/// metadata, calls to `llvm.dbg.{declare,value,assign,label}`, debug
/// records, `!dbg` attachments of functions, instructions and global
/// variables, `!heapallocsite` and `!DIAssignID` attachments, and the
/// `DILocation`s inside `!llvm.loop` nodes. Returns whether anything
/// changed.
pub fn strip_debug_info(m: &mut Module) -> bool {
    let mut changed = false;
    let before = m.named_md.len();
    m.named_md.retain(|n| !(n.name.starts_with(b"llvm.dbg.") || n.name == "llvm.gcov"));
    changed |= m.named_md.len() != before;

    let dbg = m.md.find_kind("dbg");
    let lp = m.md.find_kind("llvm.loop");
    let heap = m.md.find_kind("heapallocsite");
    let assign = m.md.find_kind("DIAssignID");
    let dbg_fns: Vec<u32> = m
        .functions
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            matches!(
                f.common.name.as_deref(),
                Some(
                    b"llvm.dbg.declare"
                        | b"llvm.dbg.value"
                        | b"llvm.dbg.assign"
                        | b"llvm.dbg.label"
                )
            )
        })
        .map(|(i, _)| i as u32)
        .collect();
    let is_dbg_call = |m: &Module, k: &InstKind| match k {
        InstKind::Call { call, .. } => match call.callee {
            Value::Const(c) => matches!(
                m.consts.kind(c),
                Some(ConstKind::Global(GlobalRef::Func(i))) if dbg_fns.contains(i)
            ),
            _ => false,
        },
        _ => false,
    };
    let drop_kind = |md: &mut Vec<(MdKindId, MdId)>, k: Option<MdKindId>| -> bool {
        let Some(k) = k else { return false };
        let n = md.len();
        md.retain(|e| e.0 != k);
        md.len() != n
    };
    let drop_inst_kind = |md: &mut crate::inst::Attachments, k: Option<MdKindId>| -> bool {
        let Some(k) = k else { return false };
        let n = md.len();
        md.retain(|e| e.0 != k);
        md.len() != n
    };

    let mut loop_map: HashMap<MdId, Option<MdId>> = HashMap::new();
    for fi in 0..m.functions.len() {
        changed |= drop_kind(&mut m.functions[fi].md, dbg);
        loop_map.clear();
        for bi in 0..m.functions[fi].blocks.len() {
            let ids = core::mem::take(&mut m.functions[fi].blocks[bi].insts);
            let mut kept = Vec::with_capacity(ids.len());
            for id in ids {
                // (An id out of range is kept for the verifier to report.)
                let is_call = m.functions[fi]
                    .insts
                    .get(id.0 as usize)
                    .is_some_and(|i| !dbg_fns.is_empty() && is_dbg_call(m, &i.kind));
                if is_call {
                    changed = true;
                    continue;
                }
                kept.push(id);
                let Module { functions, md, .. } = &mut *m;
                let Some(inst) = functions[fi].insts.get_mut(id.0 as usize) else { continue };
                changed |= drop_inst_kind(&mut inst.md, dbg);
                if let Some(pos) = lp.and_then(|lk| inst.md.iter().position(|e| e.0 == lk)) {
                    let old = inst.md[pos].1;
                    let new = *loop_map.entry(old).or_insert_with(|| strip_loop_id(md, old));
                    match new {
                        Some(n) => inst.md[pos].1 = n,
                        None => {
                            inst.md.remove(pos);
                        }
                    }
                }
                drop_inst_kind(&mut inst.md, heap);
                drop_inst_kind(&mut inst.md, assign);
                inst.dbg_records.clear();
            }
            m.functions[fi].blocks[bi].insts = kept;
        }
    }
    for g in &mut m.globals {
        changed |= drop_kind(&mut g.md, dbg);
    }
    changed
}

/// The operands of `id` if it is an `MDNode` (a tuple or a specialized
/// node), else `None`.
fn node_ops(md: &crate::metadata::Metadata, id: MdId) -> Option<Vec<Option<MdId>>> {
    let mut out = Vec::new();
    md.get(id)?.node_operands(&mut out).then_some(out)
}

fn is_di_location(md: &crate::metadata::Metadata, id: MdId) -> bool {
    matches!(md.get(id), Some(MdNode::Location(_)))
}

/// LLVM's `isDILocationReachable`, iterative (metadata graphs can be deep
/// and cyclic): marks in `reach` every node from which a `DILocation` is
/// reachable, and says whether `root` is one.
fn di_location_reachable(
    md: &crate::metadata::Metadata,
    visited: &mut HashSet<MdId>,
    reach: &mut HashSet<MdId>,
    root: Option<MdId>,
) -> bool {
    let Some(root) = root else { return false };
    node_ops(md, root).is_some() && {
        // Post-order walk: a node is reachable if it is a DILocation or any
        // operand is.
        let mut stack: Vec<(MdId, Vec<Option<MdId>>, usize)> = Vec::new();
        let enter = |id: MdId,
                     visited: &mut HashSet<MdId>,
                     reach: &HashSet<MdId>,
                     stack: &mut Vec<(MdId, Vec<Option<MdId>>, usize)>|
         -> Option<bool> {
            let ops = node_ops(md, id)?;
            if is_di_location(md, id) || reach.contains(&id) {
                return Some(true);
            }
            if !visited.insert(id) {
                return Some(false);
            }
            stack.push((id, ops, 0));
            None
        };
        if let Some(r) = enter(root, visited, reach, &mut stack) {
            return r;
        }
        let mut last = false;
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let op = top.1[top.2];
                top.2 += 1;
                let Some(op) = op else { continue };
                if enter(op, visited, reach, &mut stack) == Some(true) {
                    if let Some(top) = stack.last() {
                        reach.insert(top.0);
                    }
                }
            } else {
                let Some((id, _, _)) = stack.pop() else { break };
                last = reach.contains(&id);
                if last {
                    if let Some(parent) = stack.last() {
                        reach.insert(parent.0);
                    }
                }
            }
        }
        last
    }
}

/// LLVM's `isAllDILocation`: `root` is a DILocation, or a DILocation-
/// reachable node all of whose operands (its self-reference aside) are.
fn all_di_location(
    md: &crate::metadata::Metadata,
    visited: &mut HashSet<MdId>,
    all: &mut HashSet<MdId>,
    reach: &HashSet<MdId>,
    root: Option<MdId>,
    depth: u32,
) -> bool {
    let Some(id) = root else { return false };
    let Some(ops) = node_ops(md, id) else { return false };
    if is_di_location(md, id) || all.contains(&id) {
        return true;
    }
    if !reach.contains(&id) || !visited.insert(id) || depth > 256 {
        return false;
    }
    for op in ops {
        if op == Some(id) {
            continue;
        }
        if !all_di_location(md, visited, all, reach, op, depth + 1) {
            return false;
        }
    }
    all.insert(id);
    true
}

/// LLVM's `stripLoopMDLoc` (results are remembered in `done`, so a node
/// reached along many paths is rebuilt once; a cycle deeper than 256
/// nodes is left as it is instead of overflowing the stack as LLVM would).
fn strip_loop_md_loc(
    md: &mut crate::metadata::Metadata,
    all: &HashSet<MdId>,
    reach: &HashSet<MdId>,
    done: &mut HashMap<MdId, Option<MdId>>,
    id: MdId,
    depth: u32,
) -> Option<MdId> {
    if is_di_location(md, id) || all.contains(&id) {
        return None;
    }
    if !reach.contains(&id) || depth > 256 {
        return Some(id);
    }
    if let Some(&r) = done.get(&id) {
        return r;
    }
    let r = strip_loop_md_loc_node(md, all, reach, done, id, depth);
    done.insert(id, r);
    r
}

fn strip_loop_md_loc_node(
    md: &mut crate::metadata::Metadata,
    all: &HashSet<MdId>,
    reach: &HashSet<MdId>,
    done: &mut HashMap<MdId, Option<MdId>>,
    id: MdId,
    depth: u32,
) -> Option<MdId> {
    let Some(MdNode::Tuple(ops)) = md.get(id) else { return Some(id) };
    let ops = ops.to_vec();
    let mut args: Vec<Option<MdId>> = Vec::with_capacity(ops.len());
    let mut self_ref = false;
    for a in ops {
        match a {
            None => args.push(None),
            // A reference to the node itself (LLVM expects it only first).
            Some(a) if a == id => {
                self_ref = true;
                args.push(None);
            }
            Some(a) => {
                if let Some(n) = strip_loop_md_loc(md, all, reach, done, a, depth + 1) {
                    args.push(Some(n));
                }
            }
        }
    }
    if args.is_empty() || (self_ref && args.len() == 1) {
        return None;
    }
    let distinct = md.is_distinct(id);
    Some(if self_ref {
        self_referential(md, distinct, args)
    } else if distinct {
        md.push_distinct(MdNode::Tuple(args.into_boxed_slice()))
    } else {
        md.get_or_insert(MdNode::Tuple(args.into_boxed_slice()))
    })
}

/// LLVM's `stripDebugLocFromLoopID`: the loop id `n` without its
/// `DILocation`s (`Some(n)` if it has none, `None` if nothing else is left).
fn strip_loop_id(md: &mut crate::metadata::Metadata, n: MdId) -> Option<MdId> {
    let Some(ops) = node_ops(md, n) else { return Some(n) };
    if ops.is_empty() {
        return Some(n);
    }
    let mut visited = HashSet::new();
    visited.insert(n);
    let mut reach = HashSet::new();
    let mut any = false;
    for &op in &ops[1..] {
        any |= di_location_reachable(md, &mut visited, &mut reach, op);
    }
    if !any {
        return Some(n);
    }
    let mut visited = HashSet::new();
    let mut all = HashSet::new();
    if ops[1..].iter().all(|&op| all_di_location(md, &mut visited, &mut all, &reach, op, 0)) {
        return None;
    }
    // updateLoopMetadataDebugLocationsImpl: a new distinct, self-referential
    // node with the remaining operands.
    let mut args = vec![None];
    let mut done = HashMap::new();
    for &op in &ops[1..] {
        match op {
            None => args.push(None),
            Some(op) => {
                if let Some(x) = strip_loop_md_loc(md, &all, &reach, &mut done, op, 0) {
                    args.push(Some(x));
                }
            }
        }
    }
    Some(self_referential(md, true, args))
}

/// A new tuple of `args` whose first operand is the tuple itself (a loop
/// id); `distinct` or kept apart from equal nodes.
fn self_referential(
    md: &mut crate::metadata::Metadata,
    distinct: bool,
    mut args: Vec<Option<MdId>>,
) -> MdId {
    let empty = MdNode::Tuple(Box::default());
    let new = if distinct { md.push_distinct(empty) } else { md.push_ununiqued(empty) };
    args[0] = Some(new);
    md.replace(new, MdNode::Tuple(args.into_boxed_slice()));
    new
}
