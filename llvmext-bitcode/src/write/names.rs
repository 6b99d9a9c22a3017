//! The three blocks of names an LLVM context holds, as LLVM 19's writer
//! writes them: `METADATA_KIND_BLOCK` (every kind, fixed and registered, by
//! id), `OPERAND_BUNDLE_TAGS_BLOCK` (the fixed tags, then those the module
//! uses, in order of first use) and `SYNC_SCOPE_NAMES_BLOCK`
//! (`singlethread`, the system scope `""`, then the module's own, in order
//! of first use). Names are written a character per operand, sign-extended
//! through a `char` as LLVM appends them.

use llvmext_core::bitstream::BitstreamWriter;
use llvmext_ir::inst::InstKind;
use llvmext_ir::Module;

use super::{push_chars, WriteError};
use crate::schema::{BlockId, MetadataCode, OperandBundleTagCode, SyncScopeNameCode};

/// The operand bundle tags an LLVM 19 context registers first
/// (`LLVMContext::LLVMContext`), in their fixed order.
pub(crate) const FIXED_BUNDLE_TAGS: &[&str] = &[
    "deopt",
    "funclet",
    "gc-transition",
    "cfguardtarget",
    "preallocated",
    "gc-live",
    "clang.arc.attachedcall",
    "ptrauth",
    "kcfi",
    "convergencectrl",
];

/// The names a module's instructions use: the bundle tags (the fixed ones,
/// then the others in order of first use) and the sync scope names
/// (`singlethread`, the system scope `""`, then the module's in order of
/// first use), in one walk over the instructions.
pub(crate) fn names_in_use(m: &Module) -> (Vec<Box<str>>, Vec<Box<str>>) {
    let mut tags: Vec<Box<str>> = FIXED_BUNDLE_TAGS.iter().map(|&t| t.into()).collect();
    let mut scopes: Vec<Box<str>> = vec!["singlethread".into(), "".into()];
    for f in &m.functions {
        for inst in &f.insts {
            match &inst.kind {
                InstKind::Call { call, .. }
                | InstKind::Invoke { call, .. }
                | InstKind::CallBr { call, .. } => {
                    for b in &call.bundles {
                        if !tags.contains(&b.tag) {
                            tags.push(b.tag.clone());
                        }
                    }
                }
                InstKind::Load { scope, .. }
                | InstKind::Store { scope, .. }
                | InstKind::Fence { scope, .. }
                | InstKind::CmpXchg { scope, .. }
                | InstKind::AtomicRmw { scope, .. } => {
                    if let Some(s) = scope {
                        if !scopes.iter().any(|n| n == s) {
                            scopes.push(s.clone());
                        }
                    }
                }
                _ => {}
            }
        }
    }
    (tags, scopes)
}

/// The metadata kinds an LLVM 19 context holds after parsing `m`: the
/// module's, and `heapallocsite` when LLParser's `UpgradeDebugInfo` had to
/// strip debug info of another version (or none) from a module with
/// attachments other than `!dbg` (`stripDebugInfo` clears that kind by
/// name on each such instruction, registering it).
pub(crate) fn metadata_kinds(m: &Module) -> Vec<&str> {
    use llvmext_ir::debug_info::{debug_metadata_version, DEBUG_METADATA_VERSION};
    let mut kinds: Vec<&str> = (0..m.md.kind_count())
        .map(|k| m.md.kind_name(llvmext_ir::id::MdKindId(k as u32)))
        .collect();
    let dbg = llvmext_ir::metadata::DBG;
    let stripped = debug_metadata_version(m) != DEBUG_METADATA_VERSION
        && m.functions.iter().any(|f| f.insts.iter().any(|i| i.md.iter().any(|(k, _)| *k != dbg)));
    if stripped && !kinds.contains(&"heapallocsite") {
        kinds.push("heapallocsite");
    }
    kinds
}

/// Writes the three blocks, one after the other (as the tests compare
/// them; a file has the module's metadata between the first and the
/// others).
#[cfg(test)]
pub(crate) fn write_names(w: &mut BitstreamWriter, m: &Module) -> Result<(), WriteError> {
    write_metadata_kinds(w, m)?;
    let (tags, scopes) = names_in_use(m);
    write_bundle_tags_and_sync_scopes(w, &tags, &scopes)
}

/// `writeModuleMetadataKinds`: every kind by id (nothing without kinds).
pub(crate) fn write_metadata_kinds(w: &mut BitstreamWriter, m: &Module) -> Result<(), WriteError> {
    let mut rec: Vec<u64> = Vec::new();
    let kinds = metadata_kinds(m);
    if !kinds.is_empty() {
        w.enter_block(BlockId::METADATA_KIND.0, 3);
        for (k, name) in kinds.iter().enumerate() {
            rec.clear();
            rec.push(k as u64);
            push_chars(&mut rec, name.as_bytes());
            w.emit_record(MetadataCode::KIND.0, &rec, None)?;
        }
        w.exit_block()?;
    }
    Ok(())
}

/// `writeOperandBundleTags` and `writeSyncScopeNames`.
pub(crate) fn write_bundle_tags_and_sync_scopes(
    w: &mut BitstreamWriter,
    tags: &[Box<str>],
    scopes: &[Box<str>],
) -> Result<(), WriteError> {
    let mut rec: Vec<u64> = Vec::new();
    w.enter_block(BlockId::OPERAND_BUNDLE_TAGS.0, 3);
    for t in tags {
        rec.clear();
        push_chars(&mut rec, t.as_bytes());
        w.emit_record(OperandBundleTagCode::TAG.0, &rec, None)?;
    }
    w.exit_block()?;
    w.enter_block(BlockId::SYNC_SCOPE_NAMES.0, 2);
    for s in scopes {
        rec.clear();
        push_chars(&mut rec, s.as_bytes());
        w.emit_record(SyncScopeNameCode::NAME.0, &rec, None)?;
    }
    w.exit_block()?;
    Ok(())
}
