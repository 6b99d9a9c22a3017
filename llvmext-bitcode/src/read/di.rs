//! Debug-info metadata records (`METADATA_LOCATION` ... `METADATA_*`) into
//! [`DiNode`]s, as LLVM 19's `MetadataLoader` reads them.

use llvmext_ir::di::DiNode;
use llvmext_ir::id::MdId;
use llvmext_ir::metadata::Metadata;

use crate::schema::MetadataCode;

/// Resolves the metadata operands of a record while its node is built.
pub(crate) trait MdResolver {
    /// An operand stored as "ID + 1, 0 for null" (LLVM's `getMDOrNull`).
    fn md_or_null(&mut self, id_plus_one: u64) -> Result<Option<MdId>, String>;
    /// An operand stored as a plain ID (LLVM's `getMD`); never null.
    fn md(&mut self, id: u64) -> Result<MdId, String>;
    /// The metadata arena (to make a string node, e.g. for an upgrade).
    fn metadata(&mut self) -> &mut Metadata;
}

/// The node of a debug-info record: `Ok(None)` when `code` is not one of
/// them; with whether it is `distinct`.
pub(crate) fn decode_di(
    code: MetadataCode,
    ops: &[u64],
    r: &mut dyn MdResolver,
) -> Result<Option<(DiNode, bool)>, String> {
    let _ = (code, ops, r);
    Ok(None)
}
