//! Attribute groups (`PARAMATTR_GRP_CODE_ENTRY`) into [`Attr`]s, as LLVM
//! 19's `BitcodeReader::parseAttributeGroupBlock` reads them.

use llvmext_ir::attr::Attr;
use llvmext_ir::id::TypeId;

/// What decoding a group needs from the rest of the reader.
pub(crate) struct AttrCtx<'a> {
    /// The type with this type-table index.
    pub types: &'a dyn Fn(u64) -> Option<TypeId>,
}

/// Decodes one `PARAMATTR_GRP_CODE_ENTRY` record: `[grpid, paramidx,
/// attr...]`; returns the group id and the parameter index (0xFFFFFFFF:
/// function, 0: return, N: parameter N-1), the attributes in `out`.
pub(crate) fn decode_group(
    ops: &[u64],
    ctx: &AttrCtx<'_>,
    out: &mut Vec<Attr>,
) -> Result<(u64, u64), String> {
    let _ = (ops, ctx, out);
    Err("attribute groups are not read yet".into())
}
