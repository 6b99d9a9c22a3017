//! PC sections: the `!pcsections` metadata of LLVM IR lowered to sections
//! of program counters (`llvm/docs/PCSectionsMetadata.rst`,
//! `AsmPrinter::emitPCSections`).
//!
//! Metadata is a list of operands: a section name (optionally
//! `name!options`), then tuples of constants to emit after each PC, then
//! possibly another section name, and so on ([`PcSectionsMd`]). For every
//! section named:
//!
//! - a *function* (metadata on the function) gets its start as a
//!   PC-relative entry, then its size as 4 bytes (or ULEB128 with option
//!   `C`), then the constants;
//! - a group of *instructions* sharing one metadata node gets the PC of
//!   each instruction, one after another, then the constants **once** for
//!   the group (that is what LLVM does, whatever the documentation says).
//!
//! A PC entry stored at `entry` holds `pc - entry` (a PC-relative
//! relocation, so the final binary needs no dynamic relocation; a reader
//! computes `entry + *entry`). It is 32 bits wide, pointer-sized with the
//! medium and large code models. Option `C` writes integer constants of 2
//! to 8 bytes as ULEB128. Constants are written in the target byte order.
//!
//! Each section is created per text section with flags
//! `SHF_WRITE | SHF_ALLOC | SHF_LINK_ORDER`, `sh_link` = the text section
//! ([`SECTION_FLAGS`]; add `SHF_GROUP` if the text section is in a group):
//! use one [`PcSectionsEmitter`] per text section.
//!
//! LLVM keeps the instruction groups of a function in a hash map, so the
//! order of groups that share a section differs between runs of `llc`; the
//! emitter writes them in the order given.
//!
//! ```
//! use llvmext_obj::pcsections::*;
//! use llvmext_obj::llvm::{Format, RelocKind, SymbolRef};
//! let mut em = PcSectionsEmitter::new(Format::ELF64_LE, CodeModel::Small);
//! let text = SymbolRef::with_addend(".text", 0x20);
//! // Function metadata !{!"sec.funcs!C", !{i32 7}} on a 15-byte function.
//! let md = PcSectionsMd::new("sec.funcs!C").aux(vec![AuxConst::int(4, 7)]);
//! em.function(text, 15, &md).unwrap();
//! // Two instructions at +3 and +9 sharing !{!"sec.a"}.
//! em.instructions(text, &PcSectionsMd::new("sec.a"), &[3, 9]).unwrap();
//! let secs = em.finish();
//! assert_eq!(secs[0].name, "sec.funcs");
//! assert_eq!(secs[0].contents.bytes, [0, 0, 0, 0, 15, 7]);
//! let r = &secs[1].contents.relocs;
//! assert_eq!((r[1].offset, r[1].addend, r[1].kind), (4, 0x29, RelocKind::PcRel32));
//!
//! // Decoding: the relocations delimit the entries.
//! let entries = decode(&secs[0].contents.bytes, &secs[0].contents.relocs, 4).unwrap();
//! let layout = AuxLayout { function_size: true, compressed: true, consts: vec![4] };
//! let aux = decode_aux(entries[0].trailing, &layout, Format::ELF64_LE).unwrap();
//! assert_eq!((aux.function_size, aux.consts), (Some(15), vec![7]));
//! ```

use crate::error::{Error, Result};
use crate::llvm::consts::{SHF_ALLOC, SHF_LINK_ORDER, SHF_WRITE};
use crate::llvm::{Encoded, Format, Reloc, RelocKind, RelocMap, SymbolRef};
use llvmext_core::leb128::write_uleb128;

/// Flags of a PC section (`SHF_GROUP` is added when the text section is
/// in a group).
pub const SECTION_FLAGS: u64 = SHF_WRITE | SHF_ALLOC | SHF_LINK_ORDER;

/// The code model, which decides the PC entry size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CodeModel {
    /// Tiny.
    Tiny,
    /// Small (the default).
    Small,
    /// Kernel.
    Kernel,
    /// Medium.
    Medium,
    /// Large.
    Large,
}

impl CodeModel {
    /// Size of a PC entry: the pointer size with the medium and large code
    /// models, else 4.
    pub fn pc_entry_size(self, format: Format) -> u8 {
        match self {
            CodeModel::Medium | CodeModel::Large => format.pointer_size(),
            _ => 4,
        }
    }
}

/// An auxiliary constant from a metadata tuple.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AuxConst {
    /// An integer of `size` (1..=8) bytes (its store size), value
    /// zero-extended.
    Int {
        /// Store size in bytes.
        size: u8,
        /// The value; must fit `size` bytes.
        value: u64,
    },
    /// Any other constant, written as these bytes (never compressed).
    Bytes(Vec<u8>),
}

impl AuxConst {
    /// An integer constant of `size` bytes.
    pub fn int(size: u8, value: u64) -> Self {
        AuxConst::Int { size, value }
    }
}

/// One operand of `!pcsections` metadata.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MdOperand {
    /// A section name with optional `!options`.
    Section(String),
    /// A tuple of constants.
    Aux(Vec<AuxConst>),
}

/// A `!pcsections` metadata node.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PcSectionsMd {
    operands: Vec<MdOperand>,
}

impl PcSectionsMd {
    /// Metadata starting with section `name` (`"name"` or `"name!C"`).
    pub fn new(name: &str) -> Self {
        PcSectionsMd { operands: vec![MdOperand::Section(name.to_owned())] }
    }

    /// From raw operands (checked when used).
    pub fn from_operands(operands: Vec<MdOperand>) -> Self {
        PcSectionsMd { operands }
    }

    /// Appends another section name.
    pub fn section(mut self, name: &str) -> Self {
        self.operands.push(MdOperand::Section(name.to_owned()));
        self
    }

    /// Appends a tuple of constants.
    pub fn aux(mut self, consts: Vec<AuxConst>) -> Self {
        self.operands.push(MdOperand::Aux(consts));
        self
    }

    /// The operands.
    pub fn operands(&self) -> &[MdOperand] {
        &self.operands
    }

    fn validate(&self) -> Result<()> {
        if !matches!(self.operands.first(), Some(MdOperand::Section(_))) {
            return Err(Error::invalid("!pcsections: first operand must be a section name"));
        }
        for op in &self.operands {
            match op {
                MdOperand::Section(s) => {
                    let (name, opts) = split_options(s);
                    if name.is_empty() {
                        return Err(Error::invalid("!pcsections: empty section name"));
                    }
                    if let Some(c) = opts.chars().find(|&c| c != '!' && c != 'C') {
                        return Err(Error::invalid(format!("!pcsections: invalid option '{c}'")));
                    }
                }
                MdOperand::Aux(consts) => {
                    for c in consts {
                        if let AuxConst::Int { size, value } = *c {
                            if !(1..=8).contains(&size) {
                                return Err(Error::invalid(format!(
                                    "!pcsections: integer size {size}"
                                )));
                            }
                            if size < 8 && value >> (8 * u32::from(size)) != 0 {
                                return Err(Error::new(crate::error::ErrorKind::DoesNotFit {
                                    field: "!pcsections constant",
                                    value,
                                }));
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// `"name!opts"` → (`"name"`, `"!opts"`).
fn split_options(s: &str) -> (&str, &str) {
    match s.find('!') {
        Some(i) => s.split_at(i),
        None => (s, ""),
    }
}

/// One output section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PcSection<S> {
    /// Its name (options stripped).
    pub name: String,
    /// Its bytes and relocations.
    pub contents: Encoded<S>,
}

/// Lowers `!pcsections` of the functions of one text section.
#[derive(Debug, Clone)]
pub struct PcSectionsEmitter<S> {
    format: Format,
    pc_size: u8,
    sections: Vec<PcSection<S>>,
}

impl<S: Clone> PcSectionsEmitter<S> {
    /// An emitter for `format` and `code_model`.
    pub fn new(format: Format, code_model: CodeModel) -> Self {
        Self::with_pc_size(format, code_model.pc_entry_size(format))
    }

    /// An emitter with an explicit PC entry size (4 or 8).
    pub fn with_pc_size(format: Format, pc_size: u8) -> Self {
        let pc_size = if pc_size == 8 { 8 } else { 4 };
        PcSectionsEmitter { format, pc_size, sections: Vec::new() }
    }

    /// The PC entry size.
    pub fn pc_size(&self) -> u8 {
        self.pc_size
    }

    fn section_index(&mut self, name: &str) -> usize {
        match self.sections.iter().position(|s| s.name == name) {
            Some(i) => i,
            None => {
                self.sections
                    .push(PcSection { name: name.to_owned(), contents: Encoded::default() });
                self.sections.len() - 1
            }
        }
    }

    fn pc(&mut self, sec: usize, target: SymbolRef<S>) {
        let kind = if self.pc_size == 8 { RelocKind::PcRel64 } else { RelocKind::PcRel32 };
        let c = &mut self.sections[sec].contents;
        c.reloc(target, kind);
        c.bytes.resize(c.bytes.len() + usize::from(self.pc_size), 0);
    }

    fn emit(&mut self, md: &PcSectionsMd, start: &SymbolRef<S>, pcs: Pcs<'_>) -> Result<()> {
        md.validate()?;
        if let Pcs::Function(size) = pcs {
            // A 4-byte size field (a section without option `C`) must hold it.
            let plain = md
                .operands
                .iter()
                .any(|o| matches!(o, MdOperand::Section(s) if !split_options(s).1.contains('C')));
            if plain && u32::try_from(size).is_err() {
                return Err(Error::new(crate::error::ErrorKind::DoesNotFit {
                    field: "!pcsections function size",
                    value: size,
                }));
            }
        }
        let mut sec = 0usize;
        let mut uleb = false;
        for op in &md.operands {
            match op {
                MdOperand::Section(s) => {
                    let (name, opts) = split_options(s);
                    uleb = opts.contains('C');
                    sec = self.section_index(name);
                    match pcs {
                        Pcs::Function(size) => {
                            self.pc(sec, start.clone());
                            let out = &mut self.sections[sec].contents.bytes;
                            if uleb {
                                write_uleb128(out, size);
                            } else {
                                self.format.put_u32(out, size as u32);
                            }
                        }
                        Pcs::Instructions(offsets) => {
                            for &off in offsets {
                                let addend = start.addend.wrapping_add(off as i64);
                                self.pc(sec, SymbolRef::with_addend(start.symbol.clone(), addend));
                            }
                        }
                    }
                }
                MdOperand::Aux(consts) => {
                    let out = &mut self.sections[sec].contents.bytes;
                    for c in consts {
                        match *c {
                            AuxConst::Int { size, value } if uleb && size > 1 => {
                                write_uleb128(out, value);
                            }
                            AuxConst::Int { size, value } => self.format.put_uint(out, value, size),
                            AuxConst::Bytes(ref b) => out.extend_from_slice(b),
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// A function with metadata `md`, starting at `start`, `size` bytes
    /// long. Nothing is written on error.
    pub fn function(&mut self, start: SymbolRef<S>, size: u64, md: &PcSectionsMd) -> Result<()> {
        self.emit(md, &start, Pcs::Function(size))
    }

    /// The instructions at `offsets` (from `start`, the function start)
    /// that share metadata `md`. Nothing is written on error.
    pub fn instructions(
        &mut self,
        start: SymbolRef<S>,
        md: &PcSectionsMd,
        offsets: &[u64],
    ) -> Result<()> {
        if offsets.is_empty() {
            return Ok(());
        }
        self.emit(md, &start, Pcs::Instructions(offsets))
    }

    /// The sections, in order of first use.
    pub fn finish(self) -> Vec<PcSection<S>> {
        self.sections
    }
}

#[derive(Clone, Copy)]
enum Pcs<'a> {
    Function(u64),
    Instructions(&'a [u64]),
}

/// A decoded PC entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PcEntry<'a, S> {
    /// Offset of the entry in the section.
    pub offset: u64,
    /// The PC, from the entry's relocation.
    pub target: SymbolRef<S>,
    /// The bytes after the PC field up to the next entry (or the end):
    /// a function size and constants, or nothing for all but the last PC
    /// of an instruction group. See [`decode_aux`].
    pub trailing: &'a [u8],
}

/// Splits a PC section into its entries using its relocations, which must
/// all be PC-relative of `pc_size` bytes (4 or 8), not overlap, and begin
/// with one at offset 0.
pub fn decode<'a, S: Clone>(
    data: &'a [u8],
    relocs: &[Reloc<S>],
    pc_size: u8,
) -> Result<Vec<PcEntry<'a, S>>> {
    let kind = match pc_size {
        4 => RelocKind::PcRel32,
        8 => RelocKind::PcRel64,
        _ => return Err(Error::invalid(format!("PC entry size {pc_size}"))),
    };
    let map = RelocMap::new(relocs);
    let sorted: Vec<&Reloc<S>> = map.iter().collect();
    if data.is_empty() && sorted.is_empty() {
        return Ok(Vec::new());
    }
    if sorted.first().is_none_or(|r| r.offset != 0) {
        return Err(Error::malformed("PC section does not start with a relocated PC entry", 0));
    }
    let mut out = Vec::with_capacity(sorted.len());
    for (i, r) in sorted.iter().enumerate() {
        if r.kind != kind {
            return Err(Error::malformed(
                format!("PC entry relocation is {:?}, expected {kind:?}", r.kind),
                r.offset,
            ));
        }
        let field_end = r.offset.saturating_add(u64::from(pc_size));
        let next = sorted.get(i + 1).map_or(data.len() as u64, |n| n.offset);
        if field_end > next || next > data.len() as u64 {
            return Err(Error::malformed(
                "PC entry overlaps the next one or the section end",
                r.offset,
            ));
        }
        out.push(PcEntry {
            offset: r.offset,
            target: SymbolRef { symbol: r.symbol.clone(), addend: r.addend },
            trailing: &data[field_end as usize..next as usize],
        });
    }
    Ok(out)
}

/// How to read the bytes after a PC entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct AuxLayout {
    /// A function size comes first (function entries).
    pub function_size: bool,
    /// The section had option `C`.
    pub compressed: bool,
    /// Store sizes (1..=8) of the integer constants that follow.
    pub consts: Vec<u8>,
}

/// The decoded trailing data of an entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct DecodedAux {
    /// The function size, for function entries.
    pub function_size: Option<u64>,
    /// The constants.
    pub consts: Vec<u64>,
}

/// Decodes an entry's trailing bytes by `layout`, which must use them all
/// (error offsets are within `bytes`).
pub fn decode_aux(bytes: &[u8], layout: &AuxLayout, format: Format) -> Result<DecodedAux> {
    let mut c = crate::llvm::read::Cursor::new(bytes);
    let mut out = DecodedAux::default();
    if layout.function_size {
        out.function_size = Some(if layout.compressed {
            c.uleb("function size")?
        } else {
            u64::from(c.u32(format, "function size")?)
        });
    }
    for &size in &layout.consts {
        if !(1..=8).contains(&size) {
            return Err(Error::invalid(format!("constant size {size}")));
        }
        out.consts.push(if layout.compressed && size > 1 {
            c.uleb("PC section constant")?
        } else {
            c.uint(format, size, "PC section constant")?
        });
    }
    if !c.is_empty() {
        return Err(Error::malformed("trailing bytes after PC entry data", c.offset()));
    }
    Ok(out)
}
