//! `musttail` calls (LLVM's `Verifier::verifyMustTailCall`): the call is
//! followed by an optional `bitcast` of its value and a `ret` of it; caller
//! and callee agree on varargs, return type, calling convention, parameter
//! types and the ABI-impacting parameter attributes.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::attr::Attr;
use crate::constant::ConstKind;
use crate::id::{AttrListId, GlobalRef, TypeId, Value};
use crate::inst::{CallConv, CallData, CastOp, InstKind};
use crate::module::{Block, Function, Module};
use crate::types::TypeKind;

/// LLVM's `CallingConv::Tail` (`tailcc`).
const TAILCC: CallConv = CallConv(18);
/// LLVM's `CallingConv::SwiftTail` (`swifttailcc`).
const SWIFTTAILCC: CallConv = CallConv(20);

/// The ABI-impacting parameter attributes (`getParameterABIAttributes`).
const ABI_ATTRS: &[&str] = &[
    "sret",
    "byval",
    "inalloca",
    "inreg",
    "alignstack",
    "swiftself",
    "swiftasync",
    "swifterror",
    "preallocated",
    "byref",
];

/// The ABI-impacting attributes of parameter `i` in `list`, in a
/// comparable form (`align` counts only with `byval` or `byref`).
fn abi_attrs(m: &Module, list: AttrListId, i: usize) -> Vec<Attr> {
    let set = m.attrs.get(m.attrs.param(list, i));
    let has = |kw: &[u8]| set.iter().any(|a| a.kind_keyword() == kw);
    let mut out: Vec<Attr> = set
        .iter()
        .filter(|a| {
            let kw = a.kind_keyword();
            ABI_ATTRS.iter().any(|k| k.as_bytes() == kw)
                || (kw == b"align" && (has(b"byval") || has(b"byref")))
        })
        .cloned()
        .collect();
    out.sort_by(|a, b| a.cmp_llvm(b));
    out
}

/// Types are congruent when equal, or both pointers in one address space.
fn congruent(m: &Module, a: TypeId, b: TypeId) -> bool {
    if a == b {
        return true;
    }
    matches!((m.types.get(a), m.types.get(b)), (Some(TypeKind::Ptr(x)), Some(TypeKind::Ptr(y))) if x == y)
}

/// The first fault of the `musttail` call `call`, at position `pos` of
/// `block` in `f`, with LLVM's message.
pub(super) fn check(
    m: &Module,
    f: &Function,
    block: &Block,
    pos: usize,
    call: &CallData,
) -> Option<String> {
    if matches!(call.callee, Value::InlineAsm(_)) {
        return Some("cannot use musttail call with inline asm".into());
    }
    let Some(TypeKind::Function { ret: cret, params: cparams, vararg: cva }) = m.types.get(f.ty)
    else {
        return None;
    };
    let Some(TypeKind::Function { ret: eret, params: eparams, vararg: eva }) =
        m.types.get(call.fn_ty)
    else {
        return None;
    };
    if cva != eva {
        return Some("cannot guarantee tail call due to mismatched varargs".into());
    }
    if !congruent(m, *cret, *eret) {
        return Some("cannot guarantee tail call due to mismatched return types".into());
    }
    if f.cc != call.cc {
        return Some("cannot guarantee tail call due to mismatched calling conv".into());
    }
    let id_at = |p: usize| block.insts.get(p).copied();
    let inst_at = |p: usize| id_at(p).and_then(|id| f.insts.get(id.0 as usize));
    let mut ret_val = Value::Inst(id_at(pos)?);
    let mut next = pos + 1;
    if let Some(InstKind::Cast { op: CastOp::BitCast, val, .. }) = inst_at(next).map(|i| &i.kind) {
        if *val != ret_val {
            return Some("bitcast following musttail call must use the call".into());
        }
        ret_val = Value::Inst(id_at(next)?);
        next += 1;
    }
    let Some(InstKind::Ret(rv)) = inst_at(next).map(|i| &i.kind) else {
        return Some("musttail call must precede a ret with an optional bitcast".into());
    };
    if let Some(v) = rv {
        let undef = matches!(v, Value::Const(c) if matches!(m.consts.kind(*c), Some(ConstKind::Undef | ConstKind::Poison)));
        if *v != ret_val && !undef {
            return Some("musttail call result must be returned".into());
        }
    }
    if call.cc == TAILCC || call.cc == SWIFTTAILCC {
        let cc = if call.cc == TAILCC { "tailcc" } else { "swifttailcc" };
        for (who, list, n) in
            [("caller", f.attrs, cparams.len()), ("callee", call.attrs, eparams.len())]
        {
            for i in 0..n {
                let abi = abi_attrs(m, list, i);
                for kw in ["inalloca", "inreg", "swifterror", "preallocated", "byref"] {
                    if abi.iter().any(|a| a.kind_keyword() == kw.as_bytes()) {
                        return Some(format!("{kw} attribute not allowed in {cc} musttail {who}"));
                    }
                }
            }
        }
        if *cva {
            return Some(format!("cannot guarantee {cc} tail call for varargs function"));
        }
        return None;
    }
    let intrinsic = match call.callee {
        Value::Const(c) => match m.consts.kind(c) {
            Some(ConstKind::Global(GlobalRef::Func(i))) => m
                .functions
                .get(*i as usize)
                .and_then(|g| g.common.name.as_deref())
                .is_some_and(|n| n.starts_with(b"llvm.")),
            _ => false,
        },
        _ => false,
    };
    if !intrinsic {
        if cparams.len() != eparams.len() {
            return Some("cannot guarantee tail call due to mismatched parameter counts".into());
        }
        if cparams.iter().zip(eparams.iter()).any(|(a, b)| !congruent(m, *a, *b)) {
            return Some("cannot guarantee tail call due to mismatched parameter types".into());
        }
    }
    for i in 0..cparams.len() {
        if abi_attrs(m, f.attrs, i) != abi_attrs(m, call.attrs, i) {
            return Some(
                "cannot guarantee tail call due to mismatched ABI impacting function attributes"
                    .into(),
            );
        }
    }
    None
}
