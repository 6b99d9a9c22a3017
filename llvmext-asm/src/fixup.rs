//! Fixups (LLVM's `MCFixup`): a place in a fragment whose bytes depend on
//! an expression, resolved at layout or turned into a relocation.

use crate::diag::Loc;
use crate::ids::ExprId;
pub use crate::target::x86::FixupKind;

/// A fixup.
#[derive(Debug, Clone, Copy)]
pub struct Fixup {
    /// The offset in its fragment.
    pub offset: u32,
    /// What kind of field it is (size, PC-relative, x86 relaxation hints).
    pub kind: FixupKind,
    /// The value to store (for PC-relative kinds, relative to the
    /// fixup's own address).
    pub value: ExprId,
    /// Where in the source it comes from.
    pub loc: Loc,
}
