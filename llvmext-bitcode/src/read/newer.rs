//! What producers newer than LLVM 19 (LLVM 20–22: rustc 1.95, clang 22,
//! `zig cc`, Zig's own writer) write, read into the LLVM 19 model.
//!
//! LLVM 19 itself rejects such bitcode (unknown attribute kinds, record
//! lengths it does not know). This reader reads it in the spellings LLVM 19
//! understands where a spelling means the same, drops what only adds
//! information LLVM 19 has no words for (documented below, each with why
//! the result is still a faithful module), and fails with a located
//! [`ReadError`](super::ReadError) naming the record and the construct for
//! everything else — never a silent drop. The conversions:
//!
//! | newer form | LLVM 19 form | where |
//! |---|---|---|
//! | `declare void @llvm.lifetime.start.p0(ptr)` (LLVM 22 removed the size) | `(i64 immarg, ptr)`; every call gets `i64 -1` first, its call-site parameter attributes shifted by one | [`lifetime_type`] from `MODULE_CODE_FUNCTION`, [`Cx::lifetime_call`] from `INST_CALL` |
//! | `icmp samesign` | `icmp` | `INST_CMP2` in `function.rs` |
//! | `captures(none)`, other `captures(...)`, `memory` with `errnomem`/`target_memN`, fact-only kinds | `nocapture`, dropped, folded, dropped | `attrs.rs` (its module documentation) |
//! | `DISubprogram` `keyInstructions`, `DILocation` `atomGroup`/`atomRank` (LLVM 21 Key Instructions) | dropped | `di.rs` |
//! | `DILabel` `column` (LLVM 21) | dropped | `di.rs` |
//!
//! Why each is faithful:
//!
//! - **Lifetime markers.** LLVM 22 dropped the size operand of
//!   `llvm.lifetime.start/end` because it was always the whole object (`-1`
//!   or the alloca's size) and is ignored; LLVM 22's own AutoUpgrade reads
//!   LLVM 19's two-operand calls by dropping the size. The way back is
//!   `i64 -1` ("the whole object"), which LLVM 19 accepts for any alloca.
//!   Done when the declaration is read (so a lazily read body sees the same
//!   type), for a function named `llvm.lifetime.{start,end}.p<N>` of type
//!   `void (ptr addrspace(N))` only; calls of it with that function type
//!   become the two-operand calls.
//! - **`samesign`** (LLVM 20) makes an `icmp` poison when its operands'
//!   signs differ. LLVM 19's reader ignores the flags operand of an `icmp`
//!   (it reads it for `fcmp` only), so this is what LLVM 19 itself does;
//!   without the flag the comparison is defined in more cases, a valid
//!   refinement of the original.
//! - **Key Instructions** (clang 22 `-g` at `-O1` and above) chooses
//!   `is_stmt` line-table entries from atom groups; a function whose
//!   `DISubprogram` has no `keyInstructions` flag gets LLVM's older
//!   heuristic, which is all LLVM 19 has. Dropping the flag and the atoms
//!   gives the module the same producer writes with `-gno-key-instructions`
//!   (checked by `tests/read_newer.rs` on `zig cc` output).
//! - **`DILabel` column** is the label's source column; LLVM 19 labels have
//!   a line only, which clang 19 wrote for the same source.
//!
//! Unrepresentable, and so errors naming the record: the other LLVM 20–22
//! debug-info fields (`DILabel` `isArtificial`/`coroSuspendIdx`, the
//! `DIBasicType`/`DICompositeType` fields of LLVM 20–21, `DISubrangeType`,
//! `DIFixedPointType`, versioned language names, non-constant sizes), the
//! attribute kinds listed in `attrs.rs` (sanitizer requests, `nooutline`,
//! `denormal_fpenv`), and any record code LLVM 19 does not know.

use llvmext_ir::attr::AttrList;
use llvmext_ir::constant::ConstKind;
use llvmext_ir::id::{AttrListId, AttrSetId, GlobalRef, TypeId, Value};
use llvmext_ir::int::IntValue;
use llvmext_ir::types::{TypeKind, Types};

use super::{Cx, ReadError};

/// Whether `name` is `llvm.lifetime.start.p<N>` or `llvm.lifetime.end.p<N>`.
fn is_lifetime(name: &[u8]) -> bool {
    let rest = name
        .strip_prefix(b"llvm.lifetime.start.p")
        .or_else(|| name.strip_prefix(b"llvm.lifetime.end.p"));
    rest.is_some_and(|r| !r.is_empty() && r.iter().all(u8::is_ascii_digit))
}

/// LLVM 19's type `void (i64, ptr addrspace(N))` for a function `name`d as
/// a lifetime marker and declared with LLVM 22's `void (ptr addrspace(N))`;
/// `None` for anything else.
pub(crate) fn lifetime_type(types: &mut Types, name: Option<&[u8]>, fty: TypeId) -> Option<TypeId> {
    if !name.is_some_and(is_lifetime) {
        return None;
    }
    let Some(TypeKind::Function { ret, params, vararg: false }) = types.get(fty) else {
        return None;
    };
    let (ret, ptr) = match (types.get(*ret), &params[..]) {
        (Some(TypeKind::Void), [p]) if matches!(types.get(*p), Some(TypeKind::Ptr(_))) => {
            (*ret, *p)
        }
        _ => return None,
    };
    let i64 = types.int(64).ok()?;
    types.function(ret, &[i64, ptr], false).ok()
}

impl Cx<'_> {
    /// A call of a lifetime marker whose declaration [`lifetime_type`]
    /// converted, with LLVM 22's function type `fty`: LLVM 19's function
    /// type, `i64 -1` put before the pointer, and the call-site parameter
    /// attributes moved one place on. Anything else is left as it is.
    pub(crate) fn lifetime_call(
        &mut self,
        callee: Value,
        fty: &mut TypeId,
        args: &mut Vec<Value>,
        attrs: &mut AttrListId,
    ) -> Result<(), ReadError> {
        let Value::Const(c) = callee else { return Ok(()) };
        let Some(&ConstKind::Global(GlobalRef::Func(f))) = self.m.consts.kind(c) else {
            return Ok(());
        };
        if !self.lifetime_fns.contains(&f) || args.len() != 1 {
            return Ok(());
        }
        let new_ty = self.m.functions[f as usize].ty;
        let Some(TypeKind::Function { params, .. }) = self.m.types.get(new_ty) else {
            return Ok(());
        };
        let i64 = params[0];
        if lifetime_type(&mut self.m.types, Some(b"llvm.lifetime.start.p0"), *fty) != Some(new_ty) {
            return Ok(());
        }
        let minus_one = IntValue::from_i64(64, -1).map_err(|e| self.bad(format!("{e:?}")))?;
        let size = self
            .m
            .consts
            .int(&self.m.types, i64, minus_one)
            .map_err(|e| self.bad(format!("{e:?}")))?;
        args.insert(0, Value::Const(size));
        *fty = new_ty;
        let list = self.m.attrs.get_list(*attrs).clone();
        if !list.params.is_empty() {
            let mut params = Vec::with_capacity(list.params.len() + 1);
            params.push(AttrSetId::EMPTY);
            params.extend_from_slice(&list.params);
            *attrs = self.m.attrs.list(AttrList { params: params.into(), ..list });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetime_names() {
        assert!(is_lifetime(b"llvm.lifetime.start.p0"));
        assert!(is_lifetime(b"llvm.lifetime.end.p5"));
        assert!(!is_lifetime(b"llvm.lifetime.start.p"));
        assert!(!is_lifetime(b"llvm.lifetime.start.p0i8"));
        assert!(!is_lifetime(b"llvm.invariant.start.p0"));
    }

    #[test]
    fn lifetime_types() {
        let mut t = Types::new();
        let void = t.void();
        let ptr = t.ptr(0).unwrap();
        let i64 = t.int(64).unwrap();
        let new = t.function(void, &[ptr], false).unwrap();
        let old = t.function(void, &[i64, ptr], false).unwrap();
        let name = Some(&b"llvm.lifetime.end.p0"[..]);
        assert_eq!(lifetime_type(&mut t, name, new), Some(old));
        // LLVM 19's own declaration, and other functions, stay.
        assert_eq!(lifetime_type(&mut t, name, old), None);
        assert_eq!(lifetime_type(&mut t, Some(b"f"), new), None);
    }
}
