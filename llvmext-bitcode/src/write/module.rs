//! The module block's own records as LLVM 19's `writeComdats` and
//! `writeModuleInfo` write them: `COMDAT` records (names into the string
//! table first), then triple, datalayout, module asm, section and GC names
//! (each once, numbered from 1 in order of first use), the abbreviation
//! for simple global variables (its type, alignment and section fields as
//! wide as the module needs), `SOURCE_FILENAME` with an abbreviation of
//! its own, and a `GLOBALVAR`, `FUNCTION`, `ALIAS` and `IFUNC` record per
//! global value, names as offsets into the string table.

use std::collections::HashMap;

use llvmext_core::bits::is_char6;
use llvmext_core::bitstream::{Abbrev, AbbrevOp, BitstreamWriter};
use llvmext_ir::module::{Linkage, ThreadLocal, Visibility};

use super::enumerate::{Ty, TypeOrder, Val};
use super::types::string_record;
use super::{internal, log2_ceil, WriteError};
use crate::codes;
use crate::schema::layout;
use crate::schema::ModuleCode as M;

/// The string table as LLVM's `StringTableBuilder(RAW)` builds it: each
/// distinct string once, in order of first addition, no terminators.
#[derive(Debug, Default)]
pub(crate) struct Strtab {
    bytes: Vec<u8>,
    offsets: HashMap<Vec<u8>, u64>,
}

impl Strtab {
    /// The offset of `s`, added if new (the empty string too: it takes
    /// the offset where it is first added).
    pub(crate) fn add(&mut self, s: &[u8]) -> u64 {
        if let Some(&o) = self.offsets.get(s) {
            return o;
        }
        let o = self.bytes.len() as u64;
        self.bytes.extend_from_slice(s);
        self.offsets.insert(s.to_vec(), o);
        o
    }

    /// The table's bytes.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

/// `isDSOLocal()`: as written, or implied (`maybeSetDsoLocal`: local
/// linkage, or a visibility other than default unless `extern_weak`).
fn dso_local(c: &llvmext_ir::module::GlobalCommon) -> bool {
    c.dso_local
        || matches!(c.linkage, Linkage::Private | Linkage::Internal)
        || (c.visibility != Visibility::Default && c.linkage != Linkage::ExternWeak)
}

/// A function's 16 bits of subclass data after LLVM 19's
/// `setCallingConv` (bits 4–13 the convention; a number past 1023 runs
/// into bit 14, has-GC, and bit 15) and `setGC` (bit 14).
fn function_bits(f: &llvmext_ir::module::Function) -> u64 {
    let bits = (u64::from(f.cc.0) << 4) & 0xffff;
    if f.gc.is_some() {
        bits | 1 << 14
    } else {
        bits
    }
}

/// The calling convention LLVM 19 holds for `f` (see [`function_bits`]).
fn calling_conv(f: &llvmext_ir::module::Function) -> u64 {
    (function_bits(f) >> 4) & 1023
}

/// The GC name LLVM 19 holds for `f`: its own, or the empty name of a
/// context that has none for it when a calling convention past 1023 set
/// the has-GC bit (see [`function_bits`]).
fn gc_name(f: &llvmext_ir::module::Function) -> Option<&[u8]> {
    match &f.gc {
        Some(g) => Some(g.as_bytes()),
        None if function_bits(f) & 1 << 14 != 0 => Some(b""),
        None => None,
    }
}

/// `getEncodedAlign`: 0 for none, else log2 + 1.
pub(crate) fn encoded_align(a: u64) -> u64 {
    if a == 0 {
        0
    } else {
        u64::from(a.trailing_zeros()) + 1
    }
}

/// Writes the comdats and the module information; names go into `strtab`.
pub(crate) fn write_module_info(
    w: &mut BitstreamWriter,
    order: &TypeOrder<'_>,
    strtab: &mut Strtab,
) -> Result<(), WriteError> {
    let m = order.module();
    let ty = |t: Ty| order.index(&t).map(u64::from).ok_or(internal("a type not numbered"));
    // writeComdats.
    for &c in &order.comdats {
        let cd = m.comdats.get(c.0 as usize).ok_or(internal("an unknown comdat"))?;
        let kind = codes::comdat::encode(cd.kind).ok_or(internal("a comdat kind"))?;
        let rec = [strtab.add(&cd.name), cd.name.len() as u64, u64::from(kind.0)];
        w.emit_record(M::COMDAT.0, &rec, None)?;
    }
    // writeModuleInfo.
    if let Some(t) = m.triple.as_deref().filter(|t| !t.is_empty()) {
        string_record(w, M::TRIPLE.0, t.as_bytes(), None)?;
    }
    if let Some(dl) = m.datalayout.as_deref().filter(|d| !d.is_empty()) {
        string_record(w, M::DATALAYOUT.0, dl.as_bytes(), None)?;
    }
    if !m.module_asm.is_empty() {
        let mut asm = Vec::new();
        for line in &m.module_asm {
            asm.extend_from_slice(line);
            asm.push(b'\n');
        }
        string_record(w, M::ASM.0, &asm, None)?;
    }
    let mut sections: HashMap<&[u8], u64> = HashMap::new();
    let mut gcs: HashMap<&[u8], u64> = HashMap::new();
    let mut max_align = 0u64;
    let mut max_global_type = 0u64;
    for g in &m.globals {
        max_align = max_align.max(g.align);
        max_global_type = max_global_type.max(ty(Ty::Id(g.ty))?);
        if let Some(s) = &g.section {
            if !sections.contains_key(&**s) {
                string_record(w, M::SECTIONNAME.0, s, None)?;
                let n = sections.len() as u64 + 1;
                sections.insert(s, n);
            }
        }
    }
    for f in &m.functions {
        max_align = max_align.max(f.align);
        if let Some(s) = &f.section {
            if !sections.contains_key(&**s) {
                string_record(w, M::SECTIONNAME.0, s, None)?;
                let n = sections.len() as u64 + 1;
                sections.insert(s, n);
            }
        }
        if let Some(gc) = gc_name(f) {
            if !gcs.contains_key(gc) {
                string_record(w, M::GCNAME.0, gc, None)?;
                let n = gcs.len() as u64 + 1;
                gcs.insert(gc, n);
            }
        }
    }
    let mut simple_gvar = None;
    if !m.globals.is_empty() {
        let align_op = if max_align == 0 {
            AbbrevOp::Literal(0)
        } else {
            AbbrevOp::Fixed(log2_ceil(encoded_align(max_align) + 1))
        };
        let section_op = if sections.is_empty() {
            AbbrevOp::Literal(0)
        } else {
            AbbrevOp::Fixed(log2_ceil(sections.len() as u64 + 1))
        };
        simple_gvar = Some(w.define_abbrev(Abbrev::new([
            AbbrevOp::Literal(u64::from(M::GLOBALVAR.0)),
            // The name's string-table offset and size.
            AbbrevOp::Vbr(8),
            AbbrevOp::Vbr(8),
            AbbrevOp::Fixed(log2_ceil(max_global_type + 1)),
            AbbrevOp::Vbr(6),
            AbbrevOp::Vbr(6),
            AbbrevOp::Fixed(5),
            align_op,
            section_op,
        ]))?);
    }
    // SOURCE_FILENAME, with an abbreviation chosen by its characters.
    let src: &[u8] = m.source_filename.as_deref().unwrap_or(&[]);
    let char_op = if is_char6(src) {
        AbbrevOp::Char6
    } else if src.iter().all(|&b| b < 128) {
        AbbrevOp::Fixed(7)
    } else {
        AbbrevOp::Fixed(8)
    };
    let file_abbrev = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(M::SOURCE_FILENAME.0)),
        AbbrevOp::Array,
        char_op,
    ]))?;
    let ops: Vec<u64> = src.iter().map(|&b| u64::from(b)).collect();
    w.emit_record(M::SOURCE_FILENAME.0, &ops, Some(file_abbrev))?;

    let name = |n: &Option<llvmext_ir::name::ByteStr>| -> Vec<u8> {
        n.as_ref().map(|b| b.as_bytes().to_vec()).unwrap_or_default()
    };
    let linkage = |l: Linkage| codes::linkage::encode(l).ok_or(internal("a linkage"));
    let visibility = |v: Visibility| codes::visibility::encode(v).unwrap_or(0);
    let tls = |t: ThreadLocal| codes::thread_local::encode(t).unwrap_or(0);
    let value_id =
        |v: Val| order.value_id(v).map(u64::from).ok_or(internal("a value not numbered"));
    // Each record filled by the positions of its layout in the schema (the
    // reader reads by the same constants); names go into the string table
    // first, then the partition.
    let plus_one = |c: Option<llvmext_ir::id::ConstId>| -> Result<u64, WriteError> {
        Ok(match c {
            Some(c) => value_id(Val::Const(c))? + 1,
            None => 0,
        })
    };
    let comdat_id = |c: Option<llvmext_ir::id::ComdatId>| -> Result<u64, WriteError> {
        Ok(match c {
            Some(cd) => u64::from(order.comdat_id(cd).ok_or(internal("a comdat"))?),
            None => 0,
        })
    };
    let mut rec: Vec<u64> = Vec::new();
    for (k, g) in m.globals.iter().enumerate() {
        use layout::global_var as l;
        rec.clear();
        rec.resize(l::FIELDS.len(), 0);
        let c = &g.common;
        let n = name(&c.name);
        rec[l::STRTAB_OFFSET] = strtab.add(&n);
        rec[l::STRTAB_SIZE] = n.len() as u64;
        rec[l::TYPE] = ty(Ty::Id(g.ty))?;
        rec[l::FLAGS] = u64::from(g.addrspace) << 2 | 2 | u64::from(g.constant);
        rec[l::INIT] = plus_one(g.init)?;
        rec[l::LINKAGE] = linkage(c.linkage)?;
        rec[l::ALIGN] = encoded_align(g.align);
        rec[l::SECTION] = g.section.as_ref().map_or(0, |s| sections[&**s]);
        let attrs_list = order.global_attr_list(k);
        let long = c.thread_local != ThreadLocal::NotThreadLocal
            || c.visibility != Visibility::Default
            || c.unnamed_addr != llvmext_ir::module::UnnamedAddr::None
            || g.externally_initialized
            || c.dll != llvmext_ir::module::DllStorage::Default
            || g.comdat.is_some()
            || attrs_list.is_some()
            || dso_local(c)
            || c.partition.as_ref().is_some_and(|p| !p.as_bytes().is_empty())
            || c.sanitizer != 0
            || g.code_model.is_some();
        let abbrev = if long {
            rec[l::VISIBILITY] = visibility(c.visibility);
            rec[l::THREAD_LOCAL] = tls(c.thread_local);
            rec[l::UNNAMED_ADDR] = codes::unnamed_addr::encode(c.unnamed_addr).unwrap_or(0);
            rec[l::EXTERNALLY_INITIALIZED] = u64::from(g.externally_initialized);
            rec[l::DLL_STORAGE_CLASS] = codes::dll::encode(c.dll).unwrap_or(0);
            rec[l::COMDAT] = comdat_id(g.comdat)?;
            rec[l::ATTRIBUTES] = attrs_list.map_or(0, u64::from);
            rec[l::DSO_LOCAL] = u64::from(dso_local(c));
            let p = name(&c.partition);
            rec[l::PARTITION_OFFSET] = strtab.add(&p);
            rec[l::PARTITION_SIZE] = p.len() as u64;
            rec[l::SANITIZER] = u64::from(c.sanitizer);
            rec[l::CODE_MODEL] = g
                .code_model
                .as_deref()
                .and_then(|cm| codes::code_model::TABLE.iter().find(|p| p.1 == cm))
                .map_or(0, |p| p.0);
            None
        } else {
            // The short form: the operands every producer writes.
            rec.truncate(l::LAYOUT.required);
            simple_gvar
        };
        w.emit_record(M::GLOBALVAR.0, &rec, abbrev)?;
    }
    for (k, f) in m.functions.iter().enumerate() {
        use layout::function as l;
        rec.clear();
        rec.resize(l::FIELDS.len(), 0);
        let c = &f.common;
        let n = name(&c.name);
        rec[l::STRTAB_OFFSET] = strtab.add(&n);
        rec[l::STRTAB_SIZE] = n.len() as u64;
        rec[l::TYPE] = ty(Ty::Id(f.ty))?;
        rec[l::CALLING_CONV] = calling_conv(f);
        rec[l::IS_PROTO] = u64::from(f.is_declaration());
        rec[l::LINKAGE] = linkage(c.linkage)?;
        rec[l::PARAMATTRS] = order.function_attr_list(k).map_or(0, u64::from);
        rec[l::ALIGN] = encoded_align(f.align);
        rec[l::SECTION] = f.section.as_ref().map_or(0, |s| sections[&**s]);
        rec[l::VISIBILITY] = visibility(c.visibility);
        rec[l::GC] = gc_name(f).map_or(0, |g| gcs[g]);
        rec[l::UNNAMED_ADDR] = codes::unnamed_addr::encode(c.unnamed_addr).unwrap_or(0);
        rec[l::PROLOGUE] = plus_one(f.prologue)?;
        rec[l::DLL_STORAGE_CLASS] = codes::dll::encode(c.dll).unwrap_or(0);
        rec[l::COMDAT] = comdat_id(f.comdat)?;
        rec[l::PREFIX] = plus_one(f.prefix)?;
        rec[l::PERSONALITY] = plus_one(f.personality)?;
        rec[l::DSO_LOCAL] = u64::from(dso_local(c));
        rec[l::ADDRSPACE] = u64::from(f.addrspace);
        let p = name(&c.partition);
        rec[l::PARTITION_OFFSET] = strtab.add(&p);
        rec[l::PARTITION_SIZE] = p.len() as u64;
        w.emit_record(M::FUNCTION.0, &rec, None)?;
    }
    for a in &m.aliases {
        use layout::alias as l;
        rec.clear();
        rec.resize(l::FIELDS.len(), 0);
        let c = &a.common;
        let n = name(&c.name);
        rec[l::STRTAB_OFFSET] = strtab.add(&n);
        rec[l::STRTAB_SIZE] = n.len() as u64;
        rec[l::TYPE] = ty(Ty::Id(a.ty))?;
        rec[l::ADDRSPACE] = u64::from(a.addrspace);
        rec[l::ALIASEE] = value_id(Val::Const(a.aliasee))?;
        rec[l::LINKAGE] = linkage(c.linkage)?;
        rec[l::VISIBILITY] = visibility(c.visibility);
        rec[l::DLL_STORAGE_CLASS] = codes::dll::encode(c.dll).unwrap_or(0);
        rec[l::THREAD_LOCAL] = tls(c.thread_local);
        rec[l::UNNAMED_ADDR] = codes::unnamed_addr::encode(c.unnamed_addr).unwrap_or(0);
        rec[l::DSO_LOCAL] = u64::from(dso_local(c));
        let p = name(&c.partition);
        rec[l::PARTITION_OFFSET] = strtab.add(&p);
        rec[l::PARTITION_SIZE] = p.len() as u64;
        w.emit_record(M::ALIAS.0, &rec, None)?;
    }
    for i in &m.ifuncs {
        use layout::ifunc as l;
        rec.clear();
        rec.resize(l::FIELDS.len(), 0);
        let c = &i.common;
        let n = name(&c.name);
        rec[l::STRTAB_OFFSET] = strtab.add(&n);
        rec[l::STRTAB_SIZE] = n.len() as u64;
        rec[l::TYPE] = ty(Ty::Id(i.ty))?;
        rec[l::ADDRSPACE] = u64::from(i.addrspace);
        rec[l::RESOLVER] = value_id(Val::Const(i.resolver))?;
        rec[l::LINKAGE] = linkage(c.linkage)?;
        rec[l::VISIBILITY] = visibility(c.visibility);
        rec[l::DSO_LOCAL] = u64::from(dso_local(c));
        let p = name(&c.partition);
        rec[l::PARTITION_OFFSET] = strtab.add(&p);
        rec[l::PARTITION_SIZE] = p.len() as u64;
        w.emit_record(M::IFUNC.0, &rec, None)?;
    }
    // writeValueSymbolTableForwardDecl: a 32-bit placeholder the writer
    // fills in once the function blocks are written.
    let vst = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(M::VSTOFFSET.0)),
        AbbrevOp::Fixed(32),
    ]))?;
    w.emit_record(M::VSTOFFSET.0, &[0], Some(vst))?;
    Ok(())
}

/// The producer LLVM 19.1.7's writer names in the IDENTIFICATION block
/// (`"LLVM" LLVM_VERSION_STRING`), the bitcode dialect this writer writes.
pub(crate) const LLVM19_PRODUCER: &str = "LLVM19.1.7";

/// The version string `irsymtab::build` puts in the string table
/// (`kExpectedProducerName`).
pub(crate) const LLVM19_VERSION: &str = "19.1.7";

/// `writeIdentificationBlock`: the producer (char6-abbreviated when it
/// can be) and the epoch (0).
pub(crate) fn write_identification(
    w: &mut BitstreamWriter,
    producer: &str,
) -> Result<(), WriteError> {
    use crate::schema::{BlockId, IdentificationCode as I};
    w.enter_block(BlockId::IDENTIFICATION.0, 5);
    let string = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(I::STRING.0)),
        AbbrevOp::Array,
        AbbrevOp::Char6,
    ]))?;
    let ops: Vec<u64> = producer.bytes().map(|b| u64::from(b as i8 as i32 as u32)).collect();
    w.emit_record(I::STRING.0, &ops, is_char6(producer.as_bytes()).then_some(string))?;
    let epoch =
        w.define_abbrev(Abbrev::new([AbbrevOp::Literal(u64::from(I::EPOCH.0)), AbbrevOp::Vbr(6)]))?;
    w.emit_record(I::EPOCH.0, &[0], Some(epoch))?;
    w.exit_block()?;
    Ok(())
}

/// `writeStrtab`: the table as one blob record.
pub(crate) fn write_strtab(w: &mut BitstreamWriter, strtab: &Strtab) -> Result<(), WriteError> {
    use crate::schema::{BlockId, StrtabCode};
    w.enter_block(BlockId::STRTAB.0, 3);
    let blob = w.define_abbrev(Abbrev::new([
        AbbrevOp::Literal(u64::from(StrtabCode::BLOB.0)),
        AbbrevOp::Blob,
    ]))?;
    w.emit_record_with_blob(StrtabCode::BLOB.0, &[], strtab.bytes(), Some(blob))?;
    w.exit_block()?;
    Ok(())
}
