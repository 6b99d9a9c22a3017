//! `PARAMATTR_GROUP_BLOCK_ID` and `PARAMATTR_BLOCK_ID` as LLVM 19's
//! `writeAttributeGroupTable` and `writeAttributeTable` write them: a
//! `GRP_CODE_ENTRY` per group in the enumerator's order (`[id, index,
//! attributes...]`, each attribute a kind of encoding — 0 enum, 1 integer,
//! 3/4 string without/with a value, 6 type, 7 constant range, 8 range
//! list — then its kind code and value), then an `ENTRY` per attribute
//! list naming its groups. The kind codes are the reader's table read
//! backwards ([`crate::read::attrs::CODE_KEYWORDS`]).

use std::sync::OnceLock;

use llvmext_core::bits::encode_signed;
use llvmext_core::bitstream::BitstreamWriter;
use llvmext_ir::attr::{Attr, AttrKind};
use llvmext_ir::int::IntValue;

use super::enumerate::{Ty, TypeOrder};
use super::{push_chars, sext, WriteError};
use crate::read::attrs::CODE_KEYWORDS;
use crate::schema::{AttributeCode, BlockId};

/// The bitcode code of an attribute kind (`getAttrKindEncoding`).
fn kind_code(k: AttrKind) -> Option<u64> {
    static TABLE: OnceLock<Vec<(AttrKind, u64)>> = OnceLock::new();
    let t = TABLE.get_or_init(|| {
        CODE_KEYWORDS
            .iter()
            .filter_map(|&(code, kw)| AttrKind::from_keyword(kw).map(|k| (k, u64::from(code.0))))
            .collect()
    });
    t.iter().find(|(x, _)| *x == k).map(|&(_, c)| c)
}

/// `getActiveWords`: the words up to the highest set bit, at least one.
fn active_words(v: &IntValue) -> &[u64] {
    let l = v.limbs();
    let n = l.iter().rposition(|&w| w != 0).map_or(1, |i| i + 1);
    &l[..n.min(l.len())]
}

/// `emitConstantRange` with its bit width.
fn range(out: &mut Vec<u64>, bits: u32, lo: &IntValue, hi: &IntValue) {
    out.push(u64::from(bits));
    if bits > 64 {
        let (l, h) = (active_words(lo), active_words(hi));
        out.push(l.len() as u64 | (h.len() as u64) << 32);
        out.extend(l.iter().map(|&w| encode_signed(w as i64)));
        out.extend(h.iter().map(|&w| encode_signed(w as i64)));
    } else {
        out.push(encode_signed(sext(lo)));
        out.push(encode_signed(sext(hi)));
    }
}

/// Writes both attribute blocks (nothing when the module has no
/// attributes).
pub(crate) fn write_attributes(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
) -> Result<(), WriteError> {
    let m = order.module();
    if order.attr_groups.is_empty() {
        return Ok(());
    }
    w.enter_block(BlockId::PARAMATTR_GROUP.0, 3);
    let mut rec: Vec<u64> = Vec::new();
    for (n, &(idx, set)) in order.attr_groups.iter().enumerate() {
        rec.clear();
        rec.push(n as u64 + 1);
        rec.push(u64::from(idx));
        for a in m.attrs.get(set).iter() {
            let code = |k: AttrKind| {
                kind_code(k).ok_or(WriteError::Internal("an attribute kind without a code"))
            };
            match a {
                Attr::Enum(k) => rec.extend([0, code(*k)?]),
                Attr::Int(k, v) => rec.extend([1, code(*k)?, *v]),
                Attr::String(key, value) => {
                    rec.push(if value.is_empty() { 3 } else { 4 });
                    push_chars(&mut rec, key);
                    rec.push(0);
                    if !value.is_empty() {
                        push_chars(&mut rec, value);
                        rec.push(0);
                    }
                }
                Attr::Type(k, t) => {
                    let id = order
                        .index(&Ty::Id(*t))
                        .ok_or(WriteError::Internal("an attribute's type not numbered"))?;
                    rec.extend([6, code(*k)?, u64::from(id)]);
                }
                Attr::Range(k, _, lo, hi) => {
                    rec.extend([7, code(*k)?]);
                    range(&mut rec, lo.bits(), lo, hi);
                }
                Attr::Initializes(list) => {
                    let k = a.kind().ok_or(WriteError::Internal("initializes"))?;
                    rec.extend([8, code(k)?, list.len() as u64, 64]);
                    for &(lo, hi) in list.iter() {
                        rec.push(encode_signed(lo));
                        rec.push(encode_signed(hi));
                    }
                }
            }
        }
        w.emit_record(AttributeCode::GRP_CODE_ENTRY.0, &rec, None)?;
    }
    w.exit_block()?;
    w.enter_block(BlockId::PARAMATTR.0, 3);
    for list in &order.attr_lists {
        rec.clear();
        for (idx, set) in list.sets() {
            let id = order
                .group_id(idx, set)
                .ok_or(WriteError::Internal("an attribute group not numbered"))?;
            rec.push(u64::from(id));
        }
        w.emit_record(AttributeCode::ENTRY.0, &rec, None)?;
    }
    w.exit_block()?;
    Ok(())
}
