//! The module's `METADATA_BLOCK` as LLVM 19's `writeModuleMetadata` writes
//! it: the abbreviations for `DILocation` and `GenericDINode` records and
//! for the index, the strings in one blob, an `INDEX_OFFSET` placeholder
//! when there are more than 25 other items, a record per value and node in
//! the enumerator's order (strings, values, distinct nodes, uniqued nodes),
//! the `INDEX` of their bit positions, the named metadata, and the
//! attachments of declarations and global variables.
//!
//! A function's own metadata (what only it reaches) is written in its
//! function block by the same record code ([`write_items`]).

use llvmext_core::bits::BitWriter;
use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use llvmext_ir::di::{DiField, DiKind, DiNode, Field as F};
use llvmext_ir::id::MdId;
use llvmext_ir::metadata::MdNode;
use llvmext_ir::Value;

use super::enumerate::{sorted_attachments, MdItem, Ty, TypeOrder, Val};
use super::{internal, WriteError};
use crate::schema::layout::{self, OperandKind};
use crate::schema::{BlockId, MetadataCode as C};

/// `bitcode-mdindex-threshold`: more non-string items than this get an
/// index.
const INDEX_THRESHOLD: usize = 25;

/// `DW_TAG_LLVM_ptrauth_type`: a `DIDerivedType` whose alignment word is
/// the pointer-authentication data.
const TAG_PTRAUTH: u64 = 0x4300;

/// The abbreviations records of one metadata block may use.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Abbrevs {
    /// `createDILocationAbbrev` (defined up front in the module's block,
    /// on first use in a function's).
    location: Option<u32>,
    /// `createGenericDINodeAbbrev`.
    generic: Option<u32>,
    /// Whether to define the two on first use.
    lazy: bool,
}

/// `createDILocationAbbrev`.
fn location_abbrev() -> Abbrev {
    use AbbrevOp::{Fixed, Literal, Vbr};
    Abbrev::new([
        Literal(u64::from(C::LOCATION.0)),
        Fixed(1),
        Vbr(6),
        Vbr(8),
        Vbr(6),
        Vbr(6),
        Fixed(1),
    ])
}

/// `createGenericDINodeAbbrev`.
fn generic_abbrev() -> Abbrev {
    use AbbrevOp::{Array, Fixed, Literal, Vbr};
    Abbrev::new([
        Literal(u64::from(C::GENERIC_DEBUG.0)),
        Fixed(1),
        Vbr(6),
        Fixed(1),
        Vbr(6),
        Array,
        Vbr(6),
    ])
}

/// Writes the module's metadata block (nothing when the module has no
/// metadata and no named metadata).
pub(crate) fn write_module_metadata(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
) -> Result<(), WriteError> {
    let m = order.module();
    let (items, strings) = order.module_metadata();
    if items.is_empty() && m.named_md.is_empty() {
        return Ok(());
    }
    w.enter_block(BlockId::METADATA.0, 4);
    let mut abbrevs = Abbrevs {
        location: Some(w.define_abbrev(location_abbrev())?),
        generic: Some(w.define_abbrev(generic_abbrev())?),
        lazy: false,
    };
    let offset_abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(C::INDEX_OFFSET.0)),
        AbbrevOp::Fixed(32),
        AbbrevOp::Fixed(32),
    ]))?;
    let index_abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(C::INDEX.0)),
        AbbrevOp::Array,
        AbbrevOp::Vbr(6),
    ]))?;
    write_strings(w, order, &items[..strings])?;
    let rest = &items[strings..];
    let indexed = rest.len() > INDEX_THRESHOLD;
    if indexed {
        w.emit_record(C::INDEX_OFFSET.0, &[0, 0], Some(offset_abbrev))?;
    }
    let after_offset = w.bit_position();
    let mut positions = Vec::with_capacity(if indexed { rest.len() } else { 0 });
    write_items(w, order, rest, &mut abbrevs, indexed.then_some(&mut positions))?;
    if indexed {
        // The offset (from the end of its own record) to the index, in
        // the 64 bits the placeholder holds; the index delta-encoded.
        let at = w.bit_position();
        w.bits_mut().backpatch(after_offset - 64, at - after_offset, 64);
        let mut prev = after_offset;
        for p in positions.iter_mut() {
            let here = *p;
            *p = here - prev;
            prev = here;
        }
        w.emit_record(C::INDEX.0, &positions, Some(index_abbrev))?;
    }
    write_named(w, order)?;
    // Declarations' attachments, then every global variable's.
    let mut rec = Vec::new();
    let decls = m.functions.iter().enumerate().filter(|(_, f)| f.blocks.is_empty());
    let decls = decls.map(|(k, f)| (llvmext_ir::id::GlobalRef::Func(k as u32), &f.md));
    let globals = m
        .globals
        .iter()
        .enumerate()
        .map(|(k, g)| (llvmext_ir::id::GlobalRef::Var(k as u32), &g.md));
    for (g, md) in decls.chain(globals) {
        if md.is_empty() {
            continue;
        }
        rec.clear();
        rec.push(u64::from(order.value_id(Val::Global(g)).ok_or_else(|| internal("global id"))?));
        for (k, n) in sorted_attachments(md) {
            rec.push(u64::from(k.0));
            rec.push(id(order, n)?);
        }
        w.emit_record(C::GLOBAL_DECL_ATTACHMENT.0, &rec, None)?;
    }
    w.exit_block()?;
    Ok(())
}

/// `writeMetadataStrings`: the count, the offset of the characters in the
/// blob, and the blob (the lengths as VBR6, to a 32-bit boundary, then the
/// characters).
pub(crate) fn write_strings(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
    strings: &[MdItem],
) -> Result<(), WriteError> {
    if strings.is_empty() {
        return Ok(());
    }
    let m = order.module();
    let text = |it: &MdItem| match it {
        MdItem::Id(id) => match m.md.get(*id) {
            Some(MdNode::String(s)) => Ok(&s[..]),
            _ => Err(internal("a metadata string expected")),
        },
        MdItem::I64(_) => Err(internal("a metadata string expected")),
    };
    let mut lengths = BitWriter::new();
    let mut chars = 0usize;
    for s in strings {
        let s = text(s)?;
        lengths.write_vbr(s.len() as u64, 6);
        chars += s.len();
    }
    let mut blob = lengths.finish();
    let offset = blob.len() as u64;
    blob.reserve(chars);
    for s in strings {
        blob.extend_from_slice(text(s)?);
    }
    let abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(C::STRINGS.0)),
        AbbrevOp::Vbr(6),
        AbbrevOp::Vbr(6),
        AbbrevOp::Blob,
    ]))?;
    w.emit_record_with_blob(C::STRINGS.0, &[strings.len() as u64, offset], &blob, Some(abbrev))?;
    Ok(())
}

/// `writeMetadataRecords`: a record per item (no strings), each one's bit
/// position noted in `positions` when given.
pub(crate) fn write_items(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
    items: &[MdItem],
    abbrevs: &mut Abbrevs,
    mut positions: Option<&mut Vec<u64>>,
) -> Result<(), WriteError> {
    let m = order.module();
    let mut rec: Vec<u64> = Vec::new();
    for &item in items {
        if let Some(p) = positions.as_deref_mut() {
            p.push(w.bit_position());
        }
        rec.clear();
        let (code, abbrev) = match item {
            MdItem::I64(v) => {
                let t = order
                    .index(&Ty::Extra(llvmext_ir::types::TypeKind::Int(64)))
                    .ok_or_else(|| internal("i64 type"))?;
                let c = order.int_value_id(v).ok_or_else(|| internal("i64 constant"))?;
                rec.extend([u64::from(t), u64::from(c)]);
                (C::VALUE, None)
            }
            MdItem::Id(id) => {
                let node = m.md.get(id).ok_or_else(|| internal("metadata id"))?;
                let distinct = m.md.is_distinct(id);
                match node {
                    MdNode::String(_) => return Err(internal("a string among the records")),
                    MdNode::Value(t, v) => {
                        let t = order.index(&Ty::Id(*t)).ok_or_else(|| internal("value type"))?;
                        let c = match v {
                            Value::Const(c) => order.value_id(Val::Const(*c)),
                            _ => None,
                        };
                        let c = c.ok_or_else(|| internal("a value of metadata"))?;
                        rec.extend([u64::from(t), u64::from(c)]);
                        (C::VALUE, None)
                    }
                    MdNode::Tuple(ops) => {
                        for &o in ops.iter() {
                            rec.push(or_null(order, o)?);
                        }
                        (if distinct { C::DISTINCT_NODE } else { C::NODE }, None)
                    }
                    MdNode::Location(l) => {
                        // The layout's order, spelled out on this hot path.
                        const _: () = {
                            use layout::md_location as l;
                            assert!(l::LINE == 1 && l::COLUMN == 2 && l::SCOPE == 3);
                            assert!(l::INLINED_AT == 4 && l::IMPLICIT == 5);
                        };
                        rec.extend([
                            u64::from(distinct),
                            u64::from(l.line),
                            u64::from(l.column),
                            self::id(order, l.scope)?,
                            or_null(order, l.inlined_at)?,
                            u64::from(l.implicit),
                        ]);
                        (
                            C::LOCATION,
                            lazy(w, &mut abbrevs.location, abbrevs.lazy, location_abbrev)?,
                        )
                    }
                    MdNode::Di(d) => {
                        let code = di_record(order, d, distinct, &mut rec)?;
                        let abbrev = if code == C::GENERIC_DEBUG {
                            lazy(w, &mut abbrevs.generic, abbrevs.lazy, generic_abbrev)?
                        } else {
                            None
                        };
                        (code, abbrev)
                    }
                    _ => return Err(internal("metadata without a module-level record")),
                }
            }
        };
        w.emit_record(code.0, &rec, abbrev)?;
    }
    Ok(())
}

/// An abbreviation defined up front, or (`lazy`) on first use.
fn lazy(
    w: &mut BitstreamWriter,
    slot: &mut Option<u32>,
    lazy: bool,
    make: fn() -> Abbrev,
) -> Result<Option<u32>, WriteError> {
    if slot.is_none() && lazy {
        *slot = Some(w.define_abbrev(make())?);
    }
    Ok(*slot)
}

/// `writeNamedMetadata`: per named node its name (one character per
/// operand, an abbreviation of 8-bit characters) and its operands' ids.
fn write_named(w: &mut BitstreamWriter, order: &TypeOrder<'_>) -> Result<(), WriteError> {
    let m = order.module();
    if m.named_md.is_empty() {
        return Ok(());
    }
    let abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(C::NAME.0)),
        AbbrevOp::Array,
        AbbrevOp::Fixed(8),
    ]))?;
    let mut rec = Vec::new();
    for n in &m.named_md {
        rec.clear();
        rec.extend(n.name.iter().map(|&b| u64::from(b)));
        w.emit_record(C::NAME.0, &rec, Some(abbrev))?;
        rec.clear();
        for &op in &n.ops {
            rec.push(id(order, op)?);
        }
        w.emit_record(C::NAMED_NODE.0, &rec, None)?;
    }
    Ok(())
}

/// `getMetadataOrNullID`: 0 for null, else the id (from 1).
fn or_null(order: &TypeOrder<'_>, md: Option<MdId>) -> Result<u64, WriteError> {
    match md {
        None => Ok(0),
        Some(x) => {
            order.md_id(MdItem::Id(x)).map(u64::from).ok_or_else(|| internal("unnumbered metadata"))
        }
    }
}

/// `getMetadataID`: the id from 0.
fn id(order: &TypeOrder<'_>, md: MdId) -> Result<u64, WriteError> {
    Ok(or_null(order, Some(md))? - 1)
}

/// The record of a specialized node: its code, and its operands in `rec`.
///
/// Each operand comes from the record's layout in
/// [`layout::DI_RECORDS`](crate::schema::layout::DI_RECORDS): the field it
/// names, encoded as its [`OperandKind`] says; operand 0 is `distinct` with
/// the record's flag bits. What no single field gives (an enumerator's
/// value, an expression's elements, a generic node's operands, a file's
/// optional checksum and source, a namespace's flag) is added after.
fn di_record(
    order: &TypeOrder<'_>,
    d: &DiNode,
    distinct: bool,
    rec: &mut Vec<u64>,
) -> Result<C, WriteError> {
    // A field as `getMetadataOrNullID` writes it: a node or string, or an
    // integer bound (an `i64` constant as metadata).
    let md = |f: F| -> Result<u64, WriteError> {
        match d.field(f) {
            DiField::Absent | DiField::Md(None) => Ok(0),
            DiField::Md(Some(x)) => or_null(order, Some(*x)),
            DiField::Int(v) => order
                .md_id(order.md_int(*v))
                .map(u64::from)
                .ok_or_else(|| internal("unnumbered integer bound")),
            DiField::UInt(v) => order
                .md_id(order.md_int(*v as i64))
                .map(u64::from)
                .ok_or_else(|| internal("unnumbered integer bound")),
            _ => Err(internal("a metadata field of another type")),
        }
    };
    let u = |f: F| d.uint(f);
    if d.kind == DiKind::LOCATION {
        return Err(internal("a location outside MdNode::Location"));
    }
    let r =
        layout::di_record(d.kind).ok_or_else(|| internal("a debug-info kind without a record"))?;
    for (i, op) in r.layout.fields[..r.len].iter().enumerate() {
        rec.push(match (op.di, op.kind) {
            (None, _) if i == 0 => r.head | u64::from(distinct),
            (None, OperandKind::PtrAuthData) => {
                // The pointer-authentication data is the alignment word.
                if u(F::Tag) == TAG_PTRAUTH {
                    u(F::Align)
                } else {
                    0
                }
            }
            (None, _) => 0,
            (Some(f), OperandKind::MdIdPlusOne) => md(f)?,
            (Some(f), OperandKind::AddrSpacePlusOne) => u(f).wrapping_add(1) & 0xffff_ffff,
            // Integers, flags and booleans; a signed field (`thisAdjustment`,
            // an `int`) sign-extended into the 64-bit operand.
            (Some(f), _) => u(f),
        });
    }
    match d.kind {
        DiKind::GENERIC_DI_NODE => {
            if let DiField::List(ops) = d.field(F::Operands) {
                for &o in ops.iter() {
                    rec.push(or_null(order, o)?);
                }
            }
        }
        DiKind::ENUMERATOR => {
            let unsigned = u(F::IsUnsigned) != 0;
            rec[layout::md_enumerator::FLAGS] |= u64::from(unsigned) << 1;
            let (bits, words) = enumerator_value(d.field(F::Value), unsigned)?;
            rec[layout::md_enumerator::BIT_WIDTH] = bits;
            rec.extend(words);
        }
        DiKind::FILE => {
            use layout::md_file as l;
            if !matches!(d.field(F::Checksum), DiField::Md(Some(_))) {
                rec[l::CHECKSUM_KIND] = 0;
                rec[l::CHECKSUM] = 0;
            }
            if !matches!(d.field(F::Source), DiField::Md(Some(_))) {
                rec.truncate(l::SOURCE);
            }
        }
        DiKind::NAMESPACE => rec[layout::md_namespace::FLAGS] |= u(F::ExportSymbols) << 1,
        DiKind::EXPRESSION => {
            if let Some(DiField::Ops(ops)) = d.fields.first() {
                rec.extend_from_slice(ops);
            }
        }
        _ => {}
    }
    Ok(C(r.layout.code))
}

/// A `DIEnumerator` value as LLVM 19 holds it after parsing its literal
/// (`APSInt` of the literal's width: the bits the value needs, one more
/// for a signed non-negative one), written as the width and the words up
/// to the highest non-zero one (at least one), sign-rotated.
fn enumerator_value(v: &DiField, unsigned: bool) -> Result<(u64, Vec<u64>), WriteError> {
    let rotate = |w: u64| {
        let s = w as i64;
        if s < 0 {
            (w.wrapping_neg() << 1) | 1
        } else {
            w << 1
        }
    };
    // (negative, little-endian magnitude)
    let (negative, mag): (bool, Vec<u64>) = match v {
        DiField::UInt(u) => (false, vec![*u]),
        DiField::Int(i) if *i >= 0 => (false, vec![*i as u64]),
        DiField::Int(i) => (true, vec![i.unsigned_abs()]),
        DiField::Big { negative, magnitude } => (*negative, magnitude.to_vec()),
        DiField::Absent => (false, vec![0]),
        _ => return Err(internal("an enumerator value of another type")),
    };
    let bit_len = |w: &[u64]| -> u64 {
        match w.iter().rposition(|&x| x != 0) {
            Some(i) => i as u64 * 64 + u64::from(64 - w[i].leading_zeros()),
            None => 0,
        }
    };
    let (bits, words) = if negative {
        // The significant bits of -mag: those of mag - 1, plus the sign.
        let mut less = mag.clone();
        for w in less.iter_mut() {
            let (x, borrow) = w.overflowing_sub(1);
            *w = x;
            if !borrow {
                break;
            }
        }
        let bits = bit_len(&less) + 1;
        // Two's complement of mag in ceil(bits/64) words.
        let n = bits.div_ceil(64) as usize;
        let mut words: Vec<u64> = (0..n).map(|i| !mag.get(i).copied().unwrap_or(0)).collect();
        for w in words.iter_mut() {
            let (x, carry) = w.overflowing_add(1);
            *w = x;
            if !carry {
                break;
            }
        }
        // The top word's bits past the width are the sign, as APInt keeps
        // them (getRawData of a negative value has them set).
        (bits, words)
    } else {
        let active = bit_len(&mag);
        let bits = if unsigned { active.max(1) } else { active + 1 };
        let n = bits.div_ceil(64) as usize;
        let words: Vec<u64> = (0..n).map(|i| mag.get(i).copied().unwrap_or(0)).collect();
        (bits, words)
    };
    // `getActiveWords`: up to the highest non-zero word, at least one.
    // For a negative value whose width is not a multiple of 64, APInt
    // clears the bits above the width.
    let mut words = words;
    let top = bits % 64;
    if top != 0 {
        if let Some(last) = words.last_mut() {
            *last &= (1u64 << top) - 1;
        }
    }
    let active = words.iter().rposition(|&x| x != 0).map_or(1, |i| i + 1);
    words.truncate(active);
    if words.is_empty() {
        words.push(0);
    }
    Ok((bits, words.into_iter().map(rotate).collect()))
}

/// A function's metadata while its block is written
/// (`incorporateFunction`): the module's, the function's own (numbered
/// after the module's) and its function-local items — values of the
/// function as metadata, numbered after those in order of first use by
/// an instruction operand or a debug record, then argument lists.
pub(crate) struct FunctionMetadata<'a, 'm> {
    order: &'a TypeOrder<'m>,
    k: usize,
    /// The function-local items in id order.
    locals: Vec<MdId>,
    /// The function's use-list orders, in write order.
    use_lists: &'a [super::uselist::Shuffle],
    /// Their ids (from 1), by what they hold: LLVM has one
    /// `LocalAsMetadata` per value and one `DIArgList` per list of them,
    /// where the arena may hold a value as metadata under several ids (a
    /// forward reference resolved, say).
    local_ids: hashbrown::HashMap<LocalKey, u32>,
}

/// A function-local item by content.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum LocalKey {
    /// A value of the function as metadata.
    Value(Value),
    /// An argument list: its values (with their types: constants too).
    List(Vec<(llvmext_ir::id::TypeId, Value)>),
}

/// The key of `md` if it is a function-local item.
fn local_key(m: &llvmext_ir::Module, md: MdId) -> Option<LocalKey> {
    match m.md.get(md)? {
        MdNode::Value(_, v) if !matches!(v, Value::Const(_)) => Some(LocalKey::Value(*v)),
        MdNode::ArgList(args) => {
            let mut list = Vec::with_capacity(args.len());
            for &a in args.iter() {
                match m.md.get(a)? {
                    MdNode::Value(t, v) => list.push((*t, *v)),
                    _ => return None,
                }
            }
            Some(LocalKey::List(list))
        }
        _ => None,
    }
}

impl<'a, 'm> FunctionMetadata<'a, 'm> {
    /// Numbers the function-local metadata of function `k`; `use_lists`
    /// are its use-list orders (written last in its block).
    pub(crate) fn new(
        order: &'a TypeOrder<'m>,
        k: usize,
        use_lists: &'a [super::uselist::Shuffle],
    ) -> Self {
        let m = order.module();
        let mut fm = FunctionMetadata {
            order,
            k,
            use_lists,
            locals: Vec::new(),
            local_ids: hashbrown::HashMap::new(),
        };
        let Some(f) = m.functions.get(k) else { return fm };
        let base = (order.module_metadata().0.len() + order.function_metadata(k).0.len()) as u32;
        let mut values: Vec<MdId> = Vec::new();
        let mut lists: Vec<MdId> = Vec::new();
        let mut add = |md: MdId| match m.md.get(md) {
            Some(MdNode::Value(_, v)) if !matches!(v, Value::Const(_)) => values.push(md),
            Some(MdNode::ArgList(args)) => {
                lists.push(md);
                for &a in args.iter() {
                    if let Some(MdNode::Value(_, v)) = m.md.get(a) {
                        if !matches!(v, Value::Const(_)) {
                            values.push(a);
                        }
                    }
                }
            }
            _ => {}
        };
        for b in &f.blocks {
            for &i in &b.insts {
                let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                inst.kind.for_each_operand(|v| {
                    if let Value::Metadata(md) = v {
                        add(md);
                    }
                });
                for r in &inst.dbg_records {
                    if let llvmext_ir::inst::DbgRecord::Variable { location, assign, .. } = r {
                        add(*location);
                        if let Some((_, addr, _)) = assign {
                            add(*addr);
                        }
                    }
                }
            }
        }
        for md in values.into_iter().chain(lists) {
            let Some(key) = local_key(m, md) else { continue };
            if !fm.local_ids.contains_key(&key) {
                fm.locals.push(md);
                fm.local_ids.insert(key, base + fm.locals.len() as u32);
            }
        }
        fm
    }

    /// `getMetadataOrNullID` inside the function: 0 for null, else the id
    /// (from 1).
    pub(crate) fn or_null(&self, md: Option<MdId>) -> Result<u64, WriteError> {
        match md {
            None => Ok(0),
            Some(x) => {
                let local = local_key(self.order.module(), x).and_then(|k| self.local_ids.get(&k));
                match local {
                    Some(&i) => Ok(u64::from(i)),
                    None => or_null(self.order, Some(x)),
                }
            }
        }
    }

    /// `getMetadataID` inside the function (from 0).
    pub(crate) fn id(&self, md: MdId) -> Result<u64, WriteError> {
        Ok(self.or_null(Some(md))? - 1)
    }

    /// `writeFunctionMetadata`: the function's own strings and records and
    /// its function-local items (`value_id` gives a local value's id), in
    /// a block of its own; nothing when it has none.
    pub(crate) fn write_block(
        &self,
        w: &mut BitstreamWriter,
        value_id: &dyn Fn(Value) -> Option<u32>,
    ) -> Result<(), WriteError> {
        let (items, strings) = self.order.function_metadata(self.k);
        if items.is_empty() && self.locals.is_empty() {
            return Ok(());
        }
        let m = self.order.module();
        w.enter_block(BlockId::METADATA.0, 3);
        write_strings(w, self.order, &items[..strings])?;
        let mut abbrevs = Abbrevs { lazy: true, ..Abbrevs::default() };
        write_items(w, self.order, &items[strings..], &mut abbrevs, None)?;
        let mut rec: Vec<u64> = Vec::new();
        for &md in &self.locals {
            rec.clear();
            match m.md.get(md) {
                Some(MdNode::Value(t, v)) => {
                    let t = self.order.index(&Ty::Id(*t)).ok_or_else(|| internal("value type"))?;
                    let v = value_id(*v).ok_or_else(|| internal("a local value of metadata"))?;
                    rec.extend([u64::from(t), u64::from(v)]);
                    w.emit_record(C::VALUE.0, &rec, None)?;
                }
                Some(MdNode::ArgList(args)) => {
                    for &a in args.iter() {
                        rec.push(self.id(a)?);
                    }
                    w.emit_record(C::ARG_LIST.0, &rec, None)?;
                }
                _ => return Err(internal("a function-local item")),
            }
        }
        w.exit_block()?;
        Ok(())
    }

    /// `writeFunctionMetadataAttachment`, when the function or one of its
    /// instructions has attachments (other than `!dbg`): the function's,
    /// then per instruction its number among all instructions and its
    /// attachments, by kind.
    pub(crate) fn write_attachments(&self, w: &mut BitstreamWriter) -> Result<(), WriteError> {
        let m = self.order.module();
        let Some(f) = m.functions.get(self.k) else { return Ok(()) };
        let dbg = llvmext_ir::metadata::DBG;
        let any_inst = f.insts.iter().any(|i| i.md.iter().any(|(k, _)| *k != dbg));
        if f.md.is_empty() && !any_inst {
            return Ok(());
        }
        w.enter_block(BlockId::METADATA_ATTACHMENT.0, 3);
        let mut rec: Vec<u64> = Vec::new();
        if !f.md.is_empty() {
            for (k, n) in sorted_attachments(&f.md) {
                rec.push(u64::from(k.0));
                rec.push(self.id(n)?);
            }
            w.emit_record(C::ATTACHMENT.0, &rec, None)?;
        }
        let mut n = 0u64;
        for b in &f.blocks {
            for &i in &b.insts {
                let Some(inst) = f.insts.get(i.0 as usize) else { continue };
                let here = n;
                n += 1;
                if !inst.md.iter().any(|(k, _)| *k != dbg) {
                    continue;
                }
                rec.clear();
                rec.push(here);
                for (k, md) in sorted_attachments(&inst.md) {
                    if k != dbg {
                        rec.push(u64::from(k.0));
                        rec.push(self.id(md)?);
                    }
                }
                w.emit_record(C::ATTACHMENT.0, &rec, None)?;
            }
        }
        w.exit_block()?;
        Ok(())
    }
}

impl super::function::FunctionMd for FunctionMetadata<'_, '_> {
    fn md_or_null_id(&self, md: Option<MdId>) -> Option<u64> {
        self.or_null(md).ok()
    }

    fn write_function_metadata(
        &mut self,
        w: &mut BitstreamWriter,
        values: &super::function::FunctionValues,
    ) -> Result<(), WriteError> {
        let order = self.order;
        self.write_block(w, &|v| values.value_id(order, v))
    }

    fn write_attachments(
        &mut self,
        w: &mut BitstreamWriter,
        _values: &super::function::FunctionValues,
    ) -> Result<(), WriteError> {
        FunctionMetadata::write_attachments(self, w)
    }

    fn write_use_lists(
        &mut self,
        w: &mut BitstreamWriter,
        values: &super::function::FunctionValues,
    ) -> Result<(), WriteError> {
        let order = self.order;
        super::uselist::write_block(w, self.use_lists, &|v| {
            super::uselist::function_id(order, values, v)
        })
    }
}
