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
