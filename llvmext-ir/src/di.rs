//! Specialized debug-info metadata nodes (`!DILocation(...)`,
//! `!DISubprogram(...)`, `!DIExpression(...)`, ...): one schema per kind
//! says its fields, their types and defaults, and the order LLVM 19 prints
//! them in; the parser and printer both follow it.

use alloc::boxed::Box;

use crate::metadata::MdId;

/// A specialized node kind (an index into the schema table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DiKind(pub u8);

/// A field value; what it means is given by the kind's schema.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DiField {
    /// Not given (the schema's default).
    Absent,
    /// A signed integer.
    Int(i64),
    /// An unsigned integer, enum value (tag, language, encoding...) or
    /// flag set.
    UInt(u64),
    /// A metadata operand (strings are `MdNode::String` nodes); `None` is
    /// `null`.
    Md(Option<MdId>),
    /// The operations of a `DIExpression`.
    Ops(Box<[u64]>),
}

/// A specialized node: its kind and fields in schema order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiNode {
    /// The kind.
    pub kind: DiKind,
    /// The fields, in schema order.
    pub fields: Box<[DiField]>,
}

/// A field value as the `.ll` parser read it, before the kind's schema
/// gives it a meaning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiRaw<'a> {
    /// An integer literal as written (decimal, maybe with a `-`).
    Int(&'a str),
    /// A string literal, unescaped.
    Str(&'a [u8]),
    /// A bare word: `DW_TAG_member`, `true`, `FullDebug`, `CSK_MD5`,
    /// `DW_OP_plus_uconst`, ...
    Ident(&'a str),
    /// `A | B | 4`: a flag set.
    Or(alloc::vec::Vec<DiRaw<'a>>),
    /// A metadata operand already resolved by the parser (`!N`, `!"s"`,
    /// an inline `!DIExpression(...)`); `None` is `null`.
    Md(Option<MdId>),
}

/// Why a specialized node could not be built; `field` is the index of the
/// offending field in the list given (or `usize::MAX` for the node).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiError {
    /// Index of the field at fault in the input, `usize::MAX` for none.
    pub field: usize,
    /// The message, worded as LLVM's parser words it where it has one.
    pub message: alloc::string::String,
}

/// The kind named `name` (`DILocation`, `DISubprogram`, ...).
pub fn kind_by_name(name: &str) -> Option<DiKind> {
    let _ = name;
    None
}

/// Builds a `!Name(field: value, ...)` node of kind `kind` from the fields
/// as parsed; string fields become `MdNode::String` nodes of `md`.
pub fn build(
    kind: DiKind,
    fields: &[(&str, DiRaw<'_>)],
    md: &mut crate::metadata::Metadata,
) -> Result<DiNode, DiError> {
    let _ = (kind, fields, md);
    Err(DiError { field: usize::MAX, message: "specialized metadata is not implemented yet".into() })
}

/// Writes a specialized node as LLVM 19 does, from `!` to `)` (the printer
/// writes `distinct ` before it). `operand` writes a metadata operand (`!N`,
/// `null`, an inline `!DIExpression()`, ...).
pub fn write_node(
    out: &mut dyn core::fmt::Write,
    node: &DiNode,
    md: &crate::metadata::Metadata,
    operand: &mut dyn FnMut(&mut dyn core::fmt::Write, Option<MdId>) -> core::fmt::Result,
) -> core::fmt::Result {
    let _ = (node, md, operand);
    out.write_str("!DIUnimplemented()")
}

/// The metadata operands of a specialized node in LLVM 19's *operand*
/// order (`MDNode::operands()`, e.g. `DISubprogram`: file, scope, name,
/// linkageName, type, unit, ...), which is the order the printer's slot
/// numbering walks; `None` is a null operand. (Placeholder until the schema
/// records LLVM's operand order: the metadata fields in schema order.)
pub fn md_operands(node: &DiNode, out: &mut alloc::vec::Vec<Option<MdId>>) {
    for f in node.fields.iter() {
        if let DiField::Md(m) = f {
            out.push(*m);
        }
    }
}
