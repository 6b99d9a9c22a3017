//! `!tbaa` access tags (LLVM's `TBAAVerifier::visitTBAAMetadata`): the
//! struct-path format (old and new), scalar type nodes, base (struct type)
//! nodes, offsets along the access path.
//!
//! `llvm-as` first upgrades an old scalar tag `!tbaa !N` (one whose first
//! operand is not a node, or with fewer than 3 operands) to
//! `!{!N, !N, i64 0}` (`UpgradeInstWithTBAATag`); the tags here are read as
//! upgraded, so the messages are the ones LLVM gives for such input.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use crate::constant::ConstKind;
use crate::id::{MdId, Value};
use crate::inst::InstKind;
use crate::metadata::MdNode;
use crate::module::Module;

/// A node as the TBAA verifier sees it: one of the module's, or one made
/// by the upgrade of an old-style tag.
#[derive(Clone, PartialEq, Eq)]
enum N {
    Id(MdId),
    Made(Vec<Op>),
}

/// An operand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Null,
    Md(MdId),
    /// `i64 0` made by the upgrade.
    Zero64,
}

struct T<'m> {
    m: &'m Module,
}

impl<'m> T<'m> {
    fn ops(&self, n: &N) -> Vec<Op> {
        match n {
            N::Made(v) => v.clone(),
            N::Id(id) => match self.m.md.get(*id) {
                Some(node) => {
                    let mut v = Vec::new();
                    node.node_operands(&mut v);
                    v.into_iter().map(|o| o.map_or(Op::Null, Op::Md)).collect()
                }
                None => Vec::new(),
            },
        }
    }

    fn is_node(&self, o: Op) -> bool {
        match o {
            Op::Md(id) => self.m.md.get(id).is_some_and(MdNode::is_node),
            _ => false,
        }
    }

    fn node(&self, o: Op) -> Option<N> {
        self.is_node(o).then(|| match o {
            Op::Md(id) => N::Id(id),
            _ => unreachable!(),
        })
    }

    fn is_string(&self, o: Op) -> bool {
        matches!(o, Op::Md(id) if matches!(self.m.md.get(id), Some(MdNode::String(_))))
    }

    /// A constant integer operand: (bit width, value truncated to 128 bits).
    fn int(&self, o: Op) -> Option<(u32, u128)> {
        match o {
            Op::Zero64 => Some((64, 0)),
            Op::Md(id) => match self.m.md.get(id)? {
                MdNode::Value(_, Value::Const(c)) => match self.m.consts.kind(*c)? {
                    ConstKind::Int(v) => {
                        let l = v.limbs();
                        let lo = u128::from(l.first().copied().unwrap_or(0));
                        let hi = u128::from(l.get(1).copied().unwrap_or(0));
                        Some((v.bits(), mask(v.bits(), lo | (hi << 64))))
                    }
                    _ => None,
                },
                _ => None,
            },
            Op::Null => None,
        }
    }

    fn is_root(&self, n: &N) -> bool {
        self.ops(n).len() < 2
    }

    fn is_scalar(&self, n: &N, visited: &mut Vec<N>) -> bool {
        let ops = self.ops(n);
        if ops.len() != 2 && ops.len() != 3 {
            return false;
        }
        if !self.is_string(ops[0]) {
            return false;
        }
        if ops.len() == 3 && self.int(ops[2]).is_none_or(|(_, v)| v != 0) {
            return false;
        }
        let Some(parent) = self.node(ops[1]) else { return false };
        if visited.contains(&parent) {
            return false;
        }
        visited.push(parent.clone());
        self.is_root(&parent) || self.is_scalar(&parent, visited)
    }

    fn scalar(&self, n: &N) -> bool {
        self.is_scalar(n, &mut Vec::new())
    }

    /// `verifyTBAABaseNode`: Err(message) or the offsets' bit width
    /// (`u32::MAX` when none).
    fn base_node(&self, n: &N, new_format: bool) -> Result<u32, String> {
        let ops = self.ops(n);
        if ops.len() < 2 {
            return Err("Base nodes must have at least two operands".into());
        }
        if ops.len() == 2 {
            return if self.scalar(n) { Ok(0) } else { Err(String::new()) };
        }
        if new_format {
            if ops.len() % 3 != 0 {
                return Err(
                    "Access tag nodes must have the number of operands that is a multiple of 3!"
                        .into(),
                );
            }
        } else if ops.len() % 2 != 1 {
            return Err("Struct tag nodes must have an odd number of operands!".into());
        }
        if new_format && self.int(ops[1]).is_none() {
            return Err("Type size nodes must be constants!".into());
        }
        if !new_format && !self.is_string(ops[0]) {
            return Err("Struct tag nodes have a string as their first operand".into());
        }
        let (first, per) = if new_format { (3, 3) } else { (1, 2) };
        let mut first_err: Option<String> = None;
        let fail = |msg: &str, first_err: &mut Option<String>| {
            if first_err.is_none() {
                *first_err = Some(msg.into());
            }
        };
        let mut prev: Option<u128> = None;
        let mut width = u32::MAX;
        let mut i = first;
        while i < ops.len() {
            let (fty, foff) = (ops[i], ops.get(i + 1).copied().unwrap_or(Op::Null));
            i += per;
            if !self.is_node(fty) {
                fail("Incorrect field entry in struct type node!", &mut first_err);
                continue;
            }
            let Some((bits, off)) = self.int(foff) else {
                fail("Offset entries must be constants!", &mut first_err);
                continue;
            };
            if width == u32::MAX {
                width = bits;
            }
            if bits != width {
                fail(
                    "Bitwidth between the offsets and struct type entries must match",
                    &mut first_err,
                );
                continue;
            }
            if prev.is_some_and(|p| p > off) {
                fail("Offsets must be increasing!", &mut first_err);
            }
            prev = Some(off);
            if new_format && self.int(ops.get(i - per + 2).copied().unwrap_or(Op::Null)).is_none() {
                fail("Member size entries must be constants!", &mut first_err);
                continue;
            }
        }
        match first_err {
            Some(e) => Err(e),
            None => Ok(width),
        }
    }

    /// `getFieldNodeFromTBAABaseNode`.
    fn field(
        &self,
        n: &N,
        offset: &mut u128,
        bits: u32,
        new_format: bool,
    ) -> Result<Option<N>, String> {
        let ops = self.ops(n);
        if ops.len() == 2 {
            return Ok(self.node(ops[1]));
        }
        let (first, per) = if new_format { (3, 3) } else { (1, 2) };
        let mut i = first;
        while i < ops.len() {
            let off = self.int(ops[i + 1]).map_or(0, |x| x.1);
            if off > *offset {
                if i == first {
                    return Err("Could not find TBAA parent in struct type node".into());
                }
                let p = i - per;
                *offset = mask(bits, offset.wrapping_sub(self.int(ops[p + 1]).map_or(0, |x| x.1)));
                return Ok(self.node(ops[p]));
            }
            i += per;
        }
        let last = ops.len() - per;
        *offset = mask(bits, offset.wrapping_sub(self.int(ops[last + 1]).map_or(0, |x| x.1)));
        Ok(self.node(ops[last]))
    }
}

fn mask(bits: u32, v: u128) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

/// Whether an instruction of kind `kind` may carry a `!tbaa` tag (then
/// [`check`]'s answer depends on the tag alone).
pub(super) fn is_access(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Load { .. }
            | InstKind::Store { .. }
            | InstKind::Call { .. }
            | InstKind::VaArg(_)
            | InstKind::AtomicRmw { .. }
            | InstKind::CmpXchg { .. }
    )
}

/// The first fault of `!tbaa tag` on an instruction of kind `kind`, with
/// LLVM's message.
pub(super) fn check(m: &Module, kind: &InstKind, tag: MdId) -> Option<String> {
    let t = T { m };
    let raw = t.ops(&N::Id(tag));
    // UpgradeInstWithTBAATag.
    let struct_path = raw.len() >= 3 && t.is_node(raw[0]);
    let tag_ops: Vec<Op> = if struct_path || raw.is_empty() {
        raw
    } else if raw.len() == 3 {
        let scalar = N::Made(vec![raw[0], raw[1]]);
        // The made node is only reachable through the tag: keep it inline.
        return check_ops(&t, kind, &[], Some((scalar, raw[2])));
    } else {
        vec![Op::Md(tag), Op::Md(tag), Op::Zero64]
    };
    check_ops(&t, kind, &tag_ops, None)
}

fn check_ops(t: &T<'_>, kind: &InstKind, ops: &[Op], made: Option<(N, Op)>) -> Option<String> {
    // `made`: an upgraded 3-operand scalar tag <S, S, i64 0, flag>.
    let (base, access, offset_op, nops, flag): (Option<N>, Option<N>, Op, usize, Option<Op>) =
        match made {
            Some((s, flag)) => (Some(s.clone()), Some(s), Op::Zero64, 4, Some(flag)),
            None => {
                if ops.is_empty() {
                    return Some("TBAA metadata cannot have 0 operands".into());
                }
                (
                    t.node(ops[0]),
                    ops.get(1).and_then(|o| t.node(*o)),
                    ops.get(2).copied().unwrap_or(Op::Null),
                    ops.len(),
                    None,
                )
            }
        };
    if !is_access(kind) {
        return Some("This instruction shall not have a TBAA access tag!".into());
    }
    if base.is_none() || nops < 3 {
        return Some("Old-style TBAA is no longer allowed, use struct-path TBAA instead".into());
    }
    let new_format = access.as_ref().is_some_and(|a| {
        let o = t.ops(a);
        o.len() >= 3 && t.is_node(o[0])
    });
    if new_format {
        if nops != 4 && nops != 5 {
            return Some("Access tag metadata must have either 4 or 5 operands".into());
        }
    } else if nops >= 5 {
        return Some("Struct tag metadata must have either 3 or 4 operands".into());
    }
    if new_format && t.int(ops[3]).is_none() {
        return Some("Access size field must be a constant".into());
    }
    let imm_no = if new_format { 4 } else { 3 };
    if nops == imm_no + 1 {
        let op = flag.unwrap_or_else(|| ops[imm_no]);
        match t.int(op) {
            None => {
                return Some("Immutability tag on struct tag metadata must be a constant".into())
            }
            Some((_, v)) if v > 1 => {
                return Some(
                    "Immutability part of the struct tag metadata must be either 0 or 1".into(),
                )
            }
            _ => {}
        }
    }
    let (Some(mut base), Some(access)) = (base, access) else {
        return Some(
            "Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes"
                .into(),
        );
    };
    if !new_format && !t.scalar(&access) {
        return Some("Access type node must be a valid scalar type".into());
    }
    let Some((bits, mut offset)) = t.int(offset_op) else {
        return Some("Offset must be constant integer".into());
    };
    let mut seen_access = false;
    let mut path: Vec<N> = Vec::new();
    for _ in 0..10_000 {
        if t.is_root(&base) {
            break;
        }
        if path.contains(&base) {
            return Some("Cycle detected in struct path".into());
        }
        path.push(base.clone());
        let width = match t.base_node(&base, new_format) {
            Ok(w) => w,
            Err(e) if e.is_empty() => return None,
            Err(e) => return Some(e),
        };
        seen_access |= base == access;
        if (t.scalar(&base) || base == access) && offset != 0 {
            return Some("Offset not zero at the point of scalar access".into());
        }
        if !(width == bits || (width == 0 && offset == 0) || (new_format && width == u32::MAX)) {
            return Some("Access bit-width not the same as description bit-width".into());
        }
        if new_format && seen_access {
            break;
        }
        match t.field(&base, &mut offset, bits, new_format) {
            Ok(Some(n)) => base = n,
            Ok(None) => break,
            Err(e) => return Some(e),
        }
    }
    if !seen_access {
        return Some("Did not see access type in access path!".into());
    }
    None
}
