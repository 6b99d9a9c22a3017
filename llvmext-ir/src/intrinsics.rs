//! LLVM 19's intrinsics: their names and the attributes LLVM gives them.
//!
//! `llvm-as` (through `UpgradeIntrinsicFunction`) replaces the attributes
//! written on a declaration of a known intrinsic with the intrinsic's own
//! (`Intrinsic::getAttributes`), so `declare void @llvm.lifetime.start.p0(i64
//! immarg, ptr nocapture) #1` carries what LLVM 19 says, whatever `#1` said.
//! The parser does the same through [`apply_intrinsic_attributes`].
//!
//! ```
//! use llvmext_ir::intrinsics::is_intrinsic;
//! assert!(is_intrinsic("llvm.memcpy.p0.p0.i64"));
//! assert!(is_intrinsic("llvm.trap"));
//! assert!(!is_intrinsic("llvm.trap.x")); // not overloaded
//! assert!(!is_intrinsic("memcpy"));
//! ```

use alloc::vec::Vec;

use crate::attr::{Attr, AttrCategory, AttrKind, AttrList, Attrs};
use crate::id::{AttrListId, AttrSetId};
use crate::intrinsic_table::{BUCKETS, LISTS, NAMES, SETS};
use crate::module::Module;

/// Intrinsic `name` (`llvm.` and all) found by LLVM's rule: the longest
/// table name equal to `name`, or, for an overloaded intrinsic, followed in
/// `name` by `.` and type suffixes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    /// The index into [`LISTS`] of its attribute list.
    pub list: usize,
    /// Its index in LLVM's table (LLVM's intrinsic ID minus one).
    pub index: usize,
    /// The length of its base name in `name` (`llvm.` included).
    pub base_len: usize,
}

/// Looks intrinsic `name` up (see [`Found`]).
pub(crate) fn find(name: &str) -> Option<Found> {
    let rest = name.strip_prefix("llvm.")?.as_bytes();
    let first = *rest.first()?;
    let mut prev: Vec<u8> = Vec::with_capacity(64);
    let mut best: Option<Found> = None;
    // The table is sorted within runs (target-independent names, then each
    // target's); every run of one first letter starts a fresh line.
    for (i, &(c, start, first_index)) in BUCKETS.iter().enumerate() {
        if c != first {
            continue;
        }
        let end = BUCKETS.get(i + 1).map_or(NAMES.len(), |b| b.1 as usize);
        let Some(run) = NAMES.get(start as usize..end) else { continue };
        prev.clear();
        for (n, line) in run.lines().enumerate() {
            let b = line.as_bytes();
            let Some((&k, tail)) = b.split_first() else { continue };
            let shared = usize::from(k.wrapping_sub(b'0'));
            let Some(sep) = tail.iter().position(|&c| c == b'+' || c == b'=') else { continue };
            prev.truncate(shared.min(prev.len()));
            prev.extend_from_slice(&tail[..sep]);
            if prev.as_slice() > rest {
                // Sorted: no later name of this run is a prefix of `rest`.
                break;
            }
            let overloaded = tail[sep] == b'+';
            let matches = rest == &prev[..]
                || (overloaded
                    && rest.len() > prev.len()
                    && rest.starts_with(&prev)
                    && rest[prev.len()] == b'.');
            if matches && best.is_none_or(|f| prev.len() + 5 > f.base_len) {
                let list = core::str::from_utf8(&tail[sep + 1..]).ok()?.parse().ok()?;
                best =
                    Some(Found { list, index: first_index as usize + n, base_len: prev.len() + 5 });
            }
        }
    }
    best
}

fn lookup(name: &str) -> Option<usize> {
    find(name).map(|f| f.list)
}

/// Whether `name` names an LLVM 19 intrinsic.
pub fn is_intrinsic(name: &str) -> bool {
    lookup(name).is_some()
}

/// The attribute list LLVM 19 gives intrinsic `name`, interned in `attrs`.
pub fn intrinsic_attrs(attrs: &mut Attrs, name: &str) -> Option<AttrListId> {
    let list = LISTS.get(lookup(name)?)?;
    let mut out = AttrList::default();
    let mut params: Vec<AttrSetId> = Vec::new();
    for &(index, set) in list.iter() {
        let items = SETS.get(usize::from(set))?;
        let mut v = Vec::with_capacity(items.len());
        for &(kw, n) in items.iter() {
            let k = AttrKind::from_keyword(kw)?;
            v.push(match k.category() {
                AttrCategory::Int => Attr::Int(k, n),
                _ => Attr::Enum(k),
            });
        }
        let id = attrs.set(v);
        match index {
            u32::MAX => out.func = id,
            0 => out.ret = id,
            i => {
                let i = i as usize - 1;
                if params.len() <= i {
                    params.resize(i + 1, AttrSetId::EMPTY);
                }
                params[i] = id;
            }
        }
    }
    out.params = params.into();
    Some(attrs.list(out))
}

/// Gives every declared intrinsic of `m` LLVM 19's attributes for it, as
/// `llvm-as` does.
pub fn apply_intrinsic_attributes(m: &mut Module) {
    for f in m.functions.iter_mut() {
        let Some(name) = f.common.name.as_deref() else { continue };
        if !name.starts_with(b"llvm.") {
            continue;
        }
        let Ok(name) = core::str::from_utf8(name) else { continue };
        if let Some(list) = intrinsic_attrs(&mut m.attrs, name) {
            f.attrs = list;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lookups() {
        for n in [
            "llvm.eh.typeid.for.p0",
            "llvm.ucmp.i8.i32",
            "llvm.lifetime.start.p0",
            "llvm.fabs.f64",
            "llvm.memcpy.p0.p0.i64",
            "llvm.abs.i32",
            "llvm.smax.i32",
            "llvm.fmuladd.f64",
            "llvm.x86.sse2.pause",
            "llvm.dbg.declare",
            "llvm.umin.i64",
        ] {
            assert!(super::lookup(n).is_some(), "{n}");
        }
    }
}
