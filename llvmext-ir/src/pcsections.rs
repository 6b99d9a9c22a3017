//! `!pcsections` metadata (seed 002, LLVM's `MDBuilder::createPCSections`
//! and `AsmPrinter::emitPCSections`): a tuple of section names, each
//! followed by tuples of auxiliary constants emitted after every PC in that
//! section.
//!
//! ```text
//! !0 = !{!"sec.a", !1, !2, !"sec.b!C", !1}
//! !1 = !{i32 7, i64 9}
//! ```
//!
//! A name may carry options after its first `!`; the option `C` asks for
//! constant integers of 2 to 8 bytes (and a function's size) to be written
//! as ULEB128.
//!
//! ```
//! use llvmext_ir::metadata::Metadata;
//! use llvmext_ir::pcsections::{self, SectionSpec};
//! let mut md = Metadata::new();
//! let n = pcsections::build(&mut md, &[SectionSpec { name: b"sec", uleb128: true, aux: &[] }]);
//! let secs = pcsections::decode(&md, n).unwrap();
//! assert_eq!(secs[0].name, b"sec");
//! assert!(secs[0].uleb128);
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::id::{ConstId, MdId, TypeId, Value};
use crate::metadata::{MdNode, Metadata};

/// One section of a `!pcsections` tuple.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PcSection<'m> {
    /// The section name (before any `!`).
    pub name: &'m [u8],
    /// The options (after the first `!`, without it; empty if none).
    pub options: &'m [u8],
    /// Option `C`: integer constants of 2 to 8 bytes as ULEB128.
    pub uleb128: bool,
    /// The auxiliary constant tuples that follow the name, in order.
    pub aux: Vec<MdId>,
}

/// Why a node is not `!pcsections` metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PcSectionsError {
    /// The id is not a tuple of the arena.
    NotATuple(MdId),
    /// The first operand is not a string.
    NoLeadingName,
    /// Operand `index` is neither a string nor a tuple.
    BadOperand(usize),
    /// Operand `operand` of an auxiliary tuple is not a constant.
    NotAConstant {
        /// The tuple.
        tuple: MdId,
        /// The operand's index in it.
        operand: usize,
    },
}

impl core::fmt::Display for PcSectionsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::NotATuple(id) => write!(f, "!pcsections !{} is not a tuple", id.0),
            Self::NoLeadingName => f.write_str("!pcsections must start with a section name"),
            Self::BadOperand(i) => {
                write!(f, "!pcsections operand {i} is neither a string nor a tuple")
            }
            Self::NotAConstant { tuple, operand } => {
                write!(f, "operand {operand} of auxiliary tuple !{} is not a constant", tuple.0)
            }
        }
    }
}

fn tuple(md: &Metadata, id: MdId) -> Result<&[Option<MdId>], PcSectionsError> {
    match md.get(id) {
        Some(MdNode::Tuple(ops)) => Ok(ops),
        _ => Err(PcSectionsError::NotATuple(id)),
    }
}

/// Decodes the `!pcsections` tuple `node` into its sections (a section
/// named twice appears twice, as the backend emits it twice).
pub fn decode(md: &Metadata, node: MdId) -> Result<Vec<PcSection<'_>>, PcSectionsError> {
    let ops = tuple(md, node)?;
    let mut out: Vec<PcSection<'_>> = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        let node = op.and_then(|id| md.get(id).map(|n| (id, n)));
        match node {
            Some((_, MdNode::String(s))) => {
                let (name, options) = match s.iter().position(|&b| b == b'!') {
                    Some(p) => (&s[..p], &s[p + 1..]),
                    None => (&s[..], &s[s.len()..]),
                };
                out.push(PcSection {
                    name,
                    options,
                    uleb128: options.contains(&b'C'),
                    aux: Vec::new(),
                });
            }
            Some((id, MdNode::Tuple(_))) => match out.last_mut() {
                Some(sec) => sec.aux.push(id),
                None => return Err(PcSectionsError::NoLeadingName),
            },
            _ if i == 0 => return Err(PcSectionsError::NoLeadingName),
            _ => return Err(PcSectionsError::BadOperand(i)),
        }
    }
    if out.is_empty() {
        return Err(PcSectionsError::NoLeadingName);
    }
    Ok(out)
}

/// The constants of an auxiliary tuple, with their types.
pub fn aux_constants(md: &Metadata, aux: MdId) -> Result<Vec<(TypeId, ConstId)>, PcSectionsError> {
    let ops = tuple(md, aux)?;
    let mut out = Vec::with_capacity(ops.len());
    for (i, op) in ops.iter().enumerate() {
        match op.and_then(|id| md.get(id)) {
            Some(MdNode::Value(ty, Value::Const(c))) => out.push((*ty, *c)),
            _ => return Err(PcSectionsError::NotAConstant { tuple: aux, operand: i }),
        }
    }
    Ok(out)
}

/// A section to build: its name, the `C` option, and its auxiliary tuples.
#[derive(Debug, Clone, Copy)]
pub struct SectionSpec<'a> {
    /// The section name (without options).
    pub name: &'a [u8],
    /// Add the `C` option (ULEB128 constants).
    pub uleb128: bool,
    /// The auxiliary tuples, each a list of typed constants.
    pub aux: &'a [&'a [(TypeId, ConstId)]],
}

/// Builds a `!pcsections` tuple (uniqued, as `MDBuilder::createPCSections`
/// makes it) and returns its id.
pub fn build(md: &mut Metadata, sections: &[SectionSpec<'_>]) -> MdId {
    let mut ops: Vec<Option<MdId>> = Vec::new();
    for s in sections {
        let mut name = s.name.to_vec();
        if s.uleb128 {
            name.extend_from_slice(b"!C");
        }
        ops.push(Some(md.get_or_insert(MdNode::String(name.into()))));
        for t in s.aux {
            let vals: Vec<Option<MdId>> = t
                .iter()
                .map(|&(ty, c)| Some(md.get_or_insert(MdNode::Value(ty, Value::Const(c)))))
                .collect();
            ops.push(Some(md.get_or_insert(MdNode::Tuple(vals.into()))));
        }
    }
    md.get_or_insert(MdNode::Tuple(Box::from(ops)))
}
