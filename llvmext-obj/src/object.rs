//! One API for ELF and COFF: an [`Object`] is built with the same calls
//! whatever the format, and lowered to an [`ElfBuilder`]
//! or a [`CoffBuilder`] when written.
//!
//! It covers what a JIT or a small compiler needs — sections of code, data,
//! read-only data and zero-initialized data; symbols defined in them or
//! undefined; relocations of the target-neutral kinds of
//! [`RelocKind`]; COMDATs declared in one call with their symbol — and
//! hides what the formats spell differently:
//!
//! - **section names** of [`Object::add_subsection`] (`.text.f` in ELF,
//!   `.text$f` in COFF) and the flags of each [`SectionKind`];
//! - **relocation types** (`R_X86_64_PLT32` or `IMAGE_REL_AMD64_REL32` for a
//!   [`RelocKind::Branch`]) and **addends**: an addend is always given as in
//!   ELF, the value being `S + A` (absolute kinds) or `S + A - P` (PC-relative
//!   kinds, `P` the address of the field). Where the format keeps addends in
//!   the section's bytes (COFF, and ELF of i386) the writer stores it there,
//!   converted: a COFF `REL32` counts from the end of its 4-byte field, so the
//!   bytes hold `A + 4`;
//! - **COMDATs**: in ELF a `GRP_COMDAT` group signed by the symbol, holding
//!   the sections; in COFF the first section carries the selection and the
//!   symbol (right after its section symbol, as LLVM writes it), the others
//!   are associative to it;
//! - ELF objects get the empty `.note.GNU-stack` section compilers emit (a
//!   non-executable stack; GNU ld warns without it), unless
//!   [`Object::set_note_gnu_stack`] turns it off.
//!
//! Misuse is an [`Error`], never a panic and never bytes: an id of another
//! object, a relocation outside its section's bytes or of a kind the
//! architecture lacks, an addend the field cannot hold, two global
//! definitions of one name, a COMDAT whose symbol is not defined in its
//! first section, a section in two COMDATs, data in a zero-initialized
//! section, an alignment that is not a power of two (or, in COFF, above
//! 8192).
//!
//! The low-level builders stay available for everything else (any section
//! type or flag, weak externals, groups that are not COMDATs, raw
//! relocation types, LLVM's byte-for-byte layouts).
//!
//! ```
//! use llvmext_obj::llvm::RelocKind;
//! use llvmext_obj::object::*;
//!
//! for format in [BinaryFormat::Elf, BinaryFormat::Coff] {
//!     let mut obj = Object::new(format, Architecture::X86_64);
//!     let text = obj.add_section(b".text", SectionKind::Text)?;
//!     // call puts; ret
//!     obj.append_data(text, &[0xe8, 0, 0, 0, 0, 0xc3], 16)?;
//!     let puts = obj.add_symbol(Symbol::undefined(b"puts").kind(SymbolKind::Text))?;
//!     obj.add_symbol(Symbol::defined(b"f", text, 0, 6).kind(SymbolKind::Text))?;
//!     obj.add_reloc(text, Reloc { offset: 1, symbol: puts, kind: RelocKind::Branch, addend: -4 })?;
//!     let bytes = obj.write()?;
//!     assert!(bytes.starts_with(b"\x7fELF") || bytes.starts_with(&[0x64, 0x86]));
//! }
//! # Ok::<(), llvmext_obj::Error>(())
//! ```

use crate::coff::{self, CoffBuilder};
use crate::elf::{self, ElfBuilder};
use crate::error::{Error, ErrorKind, Result};
use crate::ids::{id_type, next_tag};
use crate::llvm::RelocKind;

/// The object file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BinaryFormat {
    /// ELF (Linux, the BSDs, ...).
    Elf,
    /// COFF (Windows `.obj`).
    Coff,
}

/// The architecture (and so the ELF class and machine or COFF machine).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Architecture {
    /// x86-64: ELFCLASS64 `EM_X86_64` (RELA), COFF `AMD64`.
    X86_64,
    /// i386: ELFCLASS32 `EM_386` (REL: addends in the bytes), COFF `I386`
    /// (C symbols carry their leading `_` in the names given here).
    I386,
}

/// What a section holds; it decides the section's type and flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SectionKind {
    /// Code: ELF `SHT_PROGBITS` `AX`, COFF `CNT_CODE | MEM_EXECUTE | MEM_READ`.
    Text,
    /// Writable data: ELF `SHT_PROGBITS` `WA`, COFF
    /// `CNT_INITIALIZED_DATA | MEM_READ | MEM_WRITE`.
    Data,
    /// Read-only data: ELF `SHT_PROGBITS` `A`, COFF
    /// `CNT_INITIALIZED_DATA | MEM_READ`.
    ReadOnlyData,
    /// Zero-initialized data, no bytes in the file: ELF `SHT_NOBITS` `WA`,
    /// COFF `CNT_UNINITIALIZED_DATA | MEM_READ | MEM_WRITE`.
    UninitializedData,
}

impl SectionKind {
    /// The usual name of the section of this kind in `format` (`.text`,
    /// `.data`, `.rodata` or COFF's `.rdata`, `.bss`).
    pub fn standard_name(self, format: BinaryFormat) -> &'static [u8] {
        match (self, format) {
            (SectionKind::Text, _) => b".text",
            (SectionKind::Data, _) => b".data",
            (SectionKind::ReadOnlyData, BinaryFormat::Coff) => b".rdata",
            (SectionKind::ReadOnlyData, _) => b".rodata",
            (SectionKind::UninitializedData, _) => b".bss",
        }
    }
}

/// What a symbol names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SymbolKind {
    /// Not said: ELF `STT_NOTYPE`, COFF type 0.
    #[default]
    Unknown,
    /// A function: ELF `STT_FUNC`, COFF type `0x20` (function).
    Text,
    /// A data object: ELF `STT_OBJECT`, COFF type 0.
    Data,
}

/// Whether a symbol is seen outside the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum SymbolScope {
    /// Local to the object: ELF `STB_LOCAL`, COFF `STATIC`.
    Local,
    /// Global: ELF `STB_GLOBAL`, COFF `EXTERNAL`.
    #[default]
    Global,
}

/// How the linker picks one of several COMDATs of one name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum ComdatSelection {
    /// Any one (ELF's only choice; COFF `SELECT_ANY`).
    #[default]
    Any,
    /// An error if there are several (COFF `NODUPLICATES`; not in ELF).
    NoDuplicates,
    /// All must have the same size (COFF `SAME_SIZE`; not in ELF).
    SameSize,
    /// All must have the same contents (COFF `EXACT_MATCH`; not in ELF).
    ExactMatch,
    /// The largest (COFF `LARGEST`; not in ELF).
    Largest,
}

id_type!(
    /// A section of one [`Object`].
    SectionId,
    "The position in the order of addition to the [`Object`]."
);
id_type!(
    /// A symbol of one [`Object`].
    SymbolId,
    "The position in the order of addition to the [`Object`]."
);
id_type!(
    /// A COMDAT of one [`Object`].
    ComdatId,
    "The position in the order of addition to the [`Object`]."
);

/// Where a symbol is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolSection {
    /// Undefined: defined by another object or library.
    Undefined,
    /// At an offset in a section of this object.
    Section(SectionId),
}

/// A symbol to add with [`Object::add_symbol`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbol<'a> {
    /// The name, as the linker sees it.
    pub name: &'a [u8],
    /// Where it is.
    pub section: SymbolSection,
    /// Its offset in the section.
    pub value: u64,
    /// Its size in bytes (ELF `st_size`; COFF keeps none).
    pub size: u64,
    /// What it names.
    pub kind: SymbolKind,
    /// Whether it is seen outside the object.
    pub scope: SymbolScope,
}

impl<'a> Symbol<'a> {
    /// A global symbol at `value` in `section`, of `size` bytes.
    pub fn defined(name: &'a [u8], section: SectionId, value: u64, size: u64) -> Self {
        Symbol {
            name,
            section: SymbolSection::Section(section),
            value,
            size,
            kind: SymbolKind::Unknown,
            scope: SymbolScope::Global,
        }
    }

    /// An undefined symbol (global).
    pub fn undefined(name: &'a [u8]) -> Self {
        Symbol {
            name,
            section: SymbolSection::Undefined,
            value: 0,
            size: 0,
            kind: SymbolKind::Unknown,
            scope: SymbolScope::Global,
        }
    }

    /// The same symbol naming a `kind`.
    pub fn kind(self, kind: SymbolKind) -> Self {
        Symbol { kind, ..self }
    }

    /// The same symbol with `scope`.
    pub fn scope(self, scope: SymbolScope) -> Self {
        Symbol { scope, ..self }
    }
}

/// A relocation to add with [`Object::add_reloc`]: the field at `offset`
/// of its section gets `S + addend` (absolute kinds) or `S + addend - P`
/// (PC-relative kinds and [`RelocKind::Branch`], `P` the field's address),
/// `S` the address of `symbol`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reloc {
    /// The offset of the field in the section.
    pub offset: u64,
    /// The symbol.
    pub symbol: SymbolId,
    /// The field and how it is computed.
    pub kind: RelocKind,
    /// The addend, as ELF's RELA records hold it (`-4` for a `call rel32`
    /// on x86).
    pub addend: i64,
}

#[derive(Debug, Clone)]
struct Sec {
    name: Box<[u8]>,
    kind: SectionKind,
    align: u64,
    data: Vec<u8>,
    bss: u64,
    relocs: Vec<Rel>,
    comdat: Option<u32>,
}

#[derive(Debug, Clone, Copy)]
struct Rel {
    offset: u64,
    symbol: u32,
    kind: RelocKind,
    addend: i64,
}

#[derive(Debug, Clone)]
struct Sym {
    name: Box<[u8]>,
    section: Option<u32>,
    value: u64,
    size: u64,
    kind: SymbolKind,
    scope: SymbolScope,
}

#[derive(Debug, Clone)]
struct Comdat {
    symbol: u32,
    sections: Vec<u32>,
    selection: ComdatSelection,
}

/// A relocatable object of either format, built with the same calls (see
/// the [module documentation](self)).
#[derive(Debug, Clone)]
pub struct Object {
    tag: u32,
    format: BinaryFormat,
    arch: Architecture,
    note_gnu_stack: bool,
    sections: Vec<Sec>,
    symbols: Vec<Sym>,
    comdats: Vec<Comdat>,
}

/// The COFF symbol of `s`, defined in `section` or undefined.
fn coff_symbol(s: &Sym, section: Option<coff::SectionId>) -> Result<coff::Symbol<'_>> {
    let sym = match section {
        None => coff::Symbol::undefined(&s.name),
        Some(sec) => {
            let value = u32::try_from(s.value).map_err(|_| {
                Error::new(ErrorKind::DoesNotFit { field: "symbol value", value: s.value })
            })?;
            match s.scope {
                SymbolScope::Local => coff::Symbol::local(&s.name, sec, value),
                SymbolScope::Global => coff::Symbol::external(&s.name, sec, value),
            }
        }
    };
    Ok(match s.kind {
        SymbolKind::Text => sym.with_type(coff::SymbolType::FUNCTION),
        _ => sym,
    })
}

/// The size of the field a relocation of `kind` patches.
fn field_size(kind: RelocKind) -> u64 {
    match kind {
        RelocKind::Abs64 | RelocKind::PcRel64 => 8,
        RelocKind::None => 0,
        _ => 4,
    }
}

impl Object {
    /// An empty object of `format` for `arch`.
    pub fn new(format: BinaryFormat, arch: Architecture) -> Self {
        Object {
            tag: next_tag(),
            format,
            arch,
            note_gnu_stack: true,
            sections: Vec::new(),
            symbols: Vec::new(),
            comdats: Vec::new(),
        }
    }

    /// The format.
    pub fn format(&self) -> BinaryFormat {
        self.format
    }

    /// The architecture.
    pub fn architecture(&self) -> Architecture {
        self.arch
    }

    /// Whether an ELF object gets an empty `.note.GNU-stack` (a
    /// non-executable stack, as compilers mark it; on by default; COFF has
    /// no such section).
    pub fn set_note_gnu_stack(&mut self, on: bool) {
        self.note_gnu_stack = on;
    }

    fn section(&self, id: SectionId) -> Result<usize> {
        if id.tag != self.tag || id.index() >= self.sections.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "section" }));
        }
        Ok(id.index())
    }

    fn symbol(&self, id: SymbolId) -> Result<usize> {
        if id.tag != self.tag || id.index() >= self.symbols.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "symbol" }));
        }
        Ok(id.index())
    }

    fn check_align(&self, align: u64) -> Result<u64> {
        let align = align.max(1);
        if !align.is_power_of_two() {
            return Err(Error::new(ErrorKind::BadAlignment { align }));
        }
        if self.format == BinaryFormat::Coff && align > 8192 {
            return Err(Error::invalid(format!(
                "alignment {align}: COFF sections align to at most 8192 bytes"
            )));
        }
        Ok(align)
    }

    /// Adds an empty section named `name` holding `kind` (aligned to 1 until
    /// data raises it).
    pub fn add_section(&mut self, name: &[u8], kind: SectionKind) -> Result<SectionId> {
        let index = u32::try_from(self.sections.len())
            .map_err(|_| Error::invalid("more than 2^32 sections"))?;
        self.sections.push(Sec {
            name: name.into(),
            kind,
            align: 1,
            data: Vec::new(),
            bss: 0,
            relocs: Vec::new(),
            comdat: None,
        });
        Ok(SectionId { tag: self.tag, index })
    }

    /// Adds a section of `kind` for one function or object `name`, named as
    /// the format's linkers group them: `.text.name` in ELF, `.text$name` in
    /// COFF (the standard name of the kind, see
    /// [`SectionKind::standard_name`]).
    pub fn add_subsection(&mut self, kind: SectionKind, name: &[u8]) -> Result<SectionId> {
        let mut full = kind.standard_name(self.format).to_vec();
        full.push(if self.format == BinaryFormat::Coff { b'$' } else { b'.' });
        full.extend_from_slice(name);
        self.add_section(&full, kind)
    }

    /// Appends `bytes` to a section after zeros up to a multiple of `align`
    /// (a power of two; it raises the section's alignment to at least
    /// that). Returns the offset of the bytes in the section.
    pub fn append_data(&mut self, section: SectionId, bytes: &[u8], align: u64) -> Result<u64> {
        let i = self.section(section)?;
        let align = self.check_align(align)?;
        let s = &mut self.sections[i];
        if s.kind == SectionKind::UninitializedData {
            return Err(Error::invalid("data appended to a zero-initialized section"));
        }
        let start = (s.data.len() as u64)
            .checked_next_multiple_of(align)
            .ok_or_else(|| Error::invalid("section too large"))?;
        let start_usize =
            usize::try_from(start).map_err(|_| Error::invalid("section too large"))?;
        s.data.resize(start_usize, 0);
        s.data.extend_from_slice(bytes);
        s.align = s.align.max(align);
        Ok(start)
    }

    /// Reserves `size` zero bytes at the end of a zero-initialized section,
    /// aligned to `align`. Returns their offset.
    pub fn append_bss(&mut self, section: SectionId, size: u64, align: u64) -> Result<u64> {
        let i = self.section(section)?;
        let align = self.check_align(align)?;
        let s = &mut self.sections[i];
        if s.kind != SectionKind::UninitializedData {
            return Err(Error::invalid("zero bytes reserved in a section that holds data"));
        }
        let start = s
            .bss
            .checked_next_multiple_of(align)
            .ok_or_else(|| Error::invalid("section too large"))?;
        s.bss = start.checked_add(size).ok_or_else(|| Error::invalid("section too large"))?;
        s.align = s.align.max(align);
        Ok(start)
    }

    /// The current size of a section.
    pub fn section_size(&self, section: SectionId) -> Result<u64> {
        let s = &self.sections[self.section(section)?];
        Ok(match s.kind {
            SectionKind::UninitializedData => s.bss,
            _ => s.data.len() as u64,
        })
    }

    /// Adds a symbol. Two global definitions of one name are an error.
    pub fn add_symbol(&mut self, symbol: Symbol<'_>) -> Result<SymbolId> {
        let section = match symbol.section {
            SymbolSection::Undefined => None,
            SymbolSection::Section(s) => Some(self.section(s)? as u32),
        };
        if symbol.name.is_empty() {
            return Err(Error::invalid("a symbol without a name"));
        }
        if section.is_none() && symbol.scope == SymbolScope::Local {
            return Err(Error::invalid(format!(
                "undefined symbol '{}' declared local",
                String::from_utf8_lossy(symbol.name)
            )));
        }
        if section.is_some() && symbol.scope == SymbolScope::Global {
            let twice = self.symbols.iter().any(|s| {
                s.section.is_some() && s.scope == SymbolScope::Global && *s.name == *symbol.name
            });
            if twice {
                return Err(Error::invalid(format!(
                    "symbol '{}' is already defined",
                    String::from_utf8_lossy(symbol.name)
                )));
            }
        }
        let index = u32::try_from(self.symbols.len())
            .map_err(|_| Error::invalid("more than 2^32 symbols"))?;
        self.symbols.push(Sym {
            name: symbol.name.into(),
            section,
            value: symbol.value,
            size: symbol.size,
            kind: symbol.kind,
            scope: symbol.scope,
        });
        Ok(SymbolId { tag: self.tag, index })
    }

    /// Adds a relocation to `section` (checked against the section's bytes
    /// when the object is written, since data may come later).
    pub fn add_reloc(&mut self, section: SectionId, reloc: Reloc) -> Result<()> {
        let i = self.section(section)?;
        let symbol = self.symbol(reloc.symbol)? as u32;
        if self.sections[i].kind == SectionKind::UninitializedData {
            return Err(Error::invalid("a relocation in a zero-initialized section"));
        }
        self.reloc_type(reloc.kind)?;
        self.sections[i].relocs.push(Rel {
            offset: reloc.offset,
            symbol,
            kind: reloc.kind,
            addend: reloc.addend,
        });
        Ok(())
    }

    /// Declares a COMDAT: `sections` are kept or dropped together by the
    /// linker, which keeps one COMDAT of `symbol`'s name as `selection`
    /// says. `symbol` must be defined in the first of `sections`; a section
    /// belongs to at most one COMDAT. ELF allows only
    /// [`ComdatSelection::Any`].
    pub fn add_comdat(
        &mut self,
        symbol: SymbolId,
        sections: &[SectionId],
        selection: ComdatSelection,
    ) -> Result<ComdatId> {
        let sym = self.symbol(symbol)?;
        let mut members = Vec::with_capacity(sections.len());
        for &s in sections {
            let i = self.section(s)?;
            if self.sections[i].comdat.is_some() || members.contains(&(i as u32)) {
                return Err(Error::invalid(format!(
                    "section '{}' is already in a COMDAT",
                    String::from_utf8_lossy(&self.sections[i].name)
                )));
            }
            members.push(i as u32);
        }
        let Some(&first) = members.first() else {
            return Err(Error::invalid("a COMDAT without sections"));
        };
        if self.symbols[sym].section != Some(first) {
            return Err(Error::invalid(format!(
                "the COMDAT symbol '{}' is not defined in the COMDAT's first section",
                String::from_utf8_lossy(&self.symbols[sym].name)
            )));
        }
        if self.format == BinaryFormat::Elf && selection != ComdatSelection::Any {
            return Err(Error::invalid(format!(
                "ELF COMDATs only support the selection Any, not {selection:?}"
            )));
        }
        let index = self.comdats.len() as u32;
        for &m in &members {
            self.sections[m as usize].comdat = Some(index);
        }
        self.comdats.push(Comdat { symbol: sym as u32, sections: members, selection });
        Ok(ComdatId { tag: self.tag, index })
    }

    /// The format's relocation type of `kind` on this architecture.
    fn reloc_type(&self, kind: RelocKind) -> Result<u32> {
        let unsupported = || {
            Error::invalid(format!(
                "relocation kind {kind:?} does not exist for {:?} in {:?}",
                self.arch, self.format
            ))
        };
        match self.format {
            BinaryFormat::Elf => {
                if kind == RelocKind::None {
                    return Err(unsupported());
                }
                elf::reloc_type_for(self.elf_machine(), kind).ok_or_else(unsupported)
            }
            BinaryFormat::Coff => {
                use coff::{RelocAmd64 as A, RelocI386 as I};
                Ok(u32::from(match (self.arch, kind) {
                    (Architecture::X86_64, RelocKind::Abs64) => A::ADDR64.0,
                    (Architecture::X86_64, RelocKind::Abs32) => A::ADDR32.0,
                    (Architecture::X86_64, RelocKind::PcRel32 | RelocKind::Branch) => A::REL32.0,
                    (Architecture::I386, RelocKind::Abs32) => I::DIR32.0,
                    (Architecture::I386, RelocKind::PcRel32 | RelocKind::Branch) => I::REL32.0,
                    _ => return Err(unsupported()),
                }))
            }
        }
    }

    fn elf_machine(&self) -> elf::Machine {
        match self.arch {
            Architecture::X86_64 => elf::Machine::X86_64,
            Architecture::I386 => elf::Machine::I386,
        }
    }

    /// Checks every relocation against its section's bytes and returns
    /// each section's bytes with the addends the format keeps in them
    /// stored (`implicit`: whether the format keeps them there).
    fn patched_data(&self, implicit: bool) -> Result<Vec<Vec<u8>>> {
        let mut out = Vec::with_capacity(self.sections.len());
        for s in &self.sections {
            let mut data = s.data.clone();
            for r in &s.relocs {
                let size = field_size(r.kind);
                let end = r.offset.checked_add(size).filter(|&e| e <= data.len() as u64);
                if end.is_none() {
                    return Err(Error::invalid(format!(
                        "relocation at offset {} of section '{}' ({} bytes): its {size}-byte \
                         field is outside the section",
                        r.offset,
                        String::from_utf8_lossy(&s.name),
                        data.len()
                    )));
                }
                if !implicit {
                    continue;
                }
                // COFF REL32 counts from the end of the field.
                let stored = match (self.format, r.kind) {
                    (BinaryFormat::Coff, RelocKind::PcRel32 | RelocKind::Branch) => {
                        r.addend.checked_add(4)
                    }
                    _ => Some(r.addend),
                };
                let field = r.offset as usize..(r.offset + size) as usize;
                match (stored, size) {
                    (Some(v), 4) if i32::try_from(v).is_ok() => {
                        data[field].copy_from_slice(&(v as i32).to_le_bytes())
                    }
                    (Some(v), 8) => data[field].copy_from_slice(&v.to_le_bytes()),
                    _ => {
                        return Err(Error::new(ErrorKind::DoesNotFit {
                            field: "relocation addend",
                            value: r.addend as u64,
                        }))
                    }
                }
            }
            out.push(data);
        }
        Ok(out)
    }

    /// Lowers the object to its format's builder and writes it.
    pub fn write(&self) -> Result<Vec<u8>> {
        match self.format {
            BinaryFormat::Elf => self.elf()?.write(),
            BinaryFormat::Coff => self.coff()?.write(),
        }
    }

    /// The object as an [`ElfBuilder`], for what this layer does not cover
    /// (an error for a COFF object).
    pub fn to_elf(&self) -> Result<ElfBuilder> {
        if self.format != BinaryFormat::Elf {
            return Err(Error::invalid("not an ELF object"));
        }
        self.elf()
    }

    /// The object as a [`CoffBuilder`] (an error for an ELF object).
    pub fn to_coff(&self) -> Result<CoffBuilder> {
        if self.format != BinaryFormat::Coff {
            return Err(Error::invalid("not a COFF object"));
        }
        self.coff()
    }

    fn elf(&self) -> Result<ElfBuilder> {
        use elf::{Binding, SectionFlags as F, SectionSpec, SectionType, SymbolSpec, SymbolType};
        let machine = self.elf_machine();
        let class = match self.arch {
            Architecture::X86_64 => elf::Class::Elf64,
            Architecture::I386 => elf::Class::Elf32,
        };
        let rela = elf::uses_rela(class, machine);
        let data = self.patched_data(!rela)?;
        let mut b = ElfBuilder::new(class, elf::Endian::Little, machine);
        let mut secs = Vec::with_capacity(self.sections.len());
        for (s, bytes) in self.sections.iter().zip(data) {
            let (ty, flags) = match s.kind {
                SectionKind::Text => (SectionType::PROGBITS, F::ALLOC | F::EXECINSTR),
                SectionKind::Data => (SectionType::PROGBITS, F::ALLOC | F::WRITE),
                SectionKind::ReadOnlyData => (SectionType::PROGBITS, F::ALLOC),
                SectionKind::UninitializedData => (SectionType::NOBITS, F::ALLOC | F::WRITE),
            };
            let id = b.add_section(SectionSpec::new(&s.name, ty, flags).align(s.align))?;
            match s.kind {
                SectionKind::UninitializedData => b.set_nobits_size(id, s.bss)?,
                _ => b.set_data(id, bytes)?,
            }
            secs.push(id);
        }
        if self.note_gnu_stack {
            b.add_note_gnu_stack()?;
        }
        let mut syms = Vec::with_capacity(self.symbols.len());
        for s in &self.symbols {
            let spec = match s.section {
                None => SymbolSpec::undefined(&s.name),
                Some(i) => {
                    let binding = match s.scope {
                        SymbolScope::Local => Binding::LOCAL,
                        SymbolScope::Global => Binding::GLOBAL,
                    };
                    let kind = match s.kind {
                        SymbolKind::Text => SymbolType::FUNC,
                        SymbolKind::Data => SymbolType::OBJECT,
                        SymbolKind::Unknown => SymbolType::NOTYPE,
                    };
                    SymbolSpec::defined(&s.name, binding, kind, secs[i as usize], s.value, s.size)
                }
            };
            let spec = match (s.section, s.kind) {
                (None, SymbolKind::Text) => SymbolSpec { kind: SymbolType::FUNC, ..spec },
                (None, SymbolKind::Data) => SymbolSpec { kind: SymbolType::OBJECT, ..spec },
                _ => spec,
            };
            syms.push(b.add_symbol(spec)?);
        }
        for c in &self.comdats {
            let g = b.add_group(syms[c.symbol as usize], true)?;
            for &m in &c.sections {
                b.set_group(secs[m as usize], g)?;
            }
        }
        for (s, &id) in self.sections.iter().zip(&secs) {
            for r in &s.relocs {
                let ty = self.reloc_type(r.kind)?;
                let addend = if rela { r.addend } else { 0 };
                b.add_reloc(
                    id,
                    elf::Reloc::new(r.offset, Some(syms[r.symbol as usize]), ty, addend),
                )?;
            }
        }
        Ok(b)
    }

    fn coff(&self) -> Result<CoffBuilder> {
        use coff::{SectionFlags as F, Selection};
        let machine = match self.arch {
            Architecture::X86_64 => coff::Machine::AMD64,
            Architecture::I386 => coff::Machine::I386,
        };
        let data = self.patched_data(true)?;
        let mut b = CoffBuilder::new(machine);
        let mut secs = Vec::with_capacity(self.sections.len());
        let mut syms: Vec<Option<coff::SymbolId>> = vec![None; self.symbols.len()];
        // Sections in order; a COMDAT's first section gets its selection and
        // its symbol right after the section symbol, as LLVM writes them.
        for (i, (s, bytes)) in self.sections.iter().zip(data).enumerate() {
            let flags = match s.kind {
                SectionKind::Text => F::TEXT,
                SectionKind::Data => F::DATA,
                SectionKind::ReadOnlyData => F::RDATA,
                SectionKind::UninitializedData => F::BSS,
            };
            let id = b.add_section(coff::SectionSpec::new(&s.name, flags).align(s.align))?;
            match s.kind {
                SectionKind::UninitializedData => {
                    let size = u32::try_from(s.bss).map_err(|_| {
                        Error::new(ErrorKind::DoesNotFit { field: "SizeOfRawData", value: s.bss })
                    })?;
                    b.set_uninitialized_size(id, size)?
                }
                _ => b.set_data(id, bytes)?,
            }
            secs.push(id);
            let leads =
                s.comdat.map(|c| &self.comdats[c as usize]).filter(|c| c.sections[0] as usize == i);
            if let Some(c) = leads {
                let selection = match c.selection {
                    ComdatSelection::Any => Selection::ANY,
                    ComdatSelection::NoDuplicates => Selection::NODUPLICATES,
                    ComdatSelection::SameSize => Selection::SAME_SIZE,
                    ComdatSelection::ExactMatch => Selection::EXACT_MATCH,
                    ComdatSelection::Largest => Selection::LARGEST,
                };
                b.set_comdat(id, selection)?;
                let sym = &self.symbols[c.symbol as usize];
                syms[c.symbol as usize] = Some(b.add_symbol(coff_symbol(sym, Some(id))?)?);
            }
        }
        for c in &self.comdats {
            let leader = secs[c.sections[0] as usize];
            for &m in &c.sections[1..] {
                b.set_associative(secs[m as usize], leader)?;
            }
        }
        for (k, s) in self.symbols.iter().enumerate() {
            if syms[k].is_none() {
                let sym = coff_symbol(s, s.section.map(|i| secs[i as usize]))?;
                syms[k] = Some(b.add_symbol(sym)?);
            }
        }
        for (s, &id) in self.sections.iter().zip(&secs) {
            for r in &s.relocs {
                let ty = self.reloc_type(r.kind)? as u16;
                let symbol = syms[r.symbol as usize];
                // The addend is in the bytes already (`patched_data`).
                b.add_reloc(id, coff::Reloc::new(r.offset, symbol, ty, 0))?;
            }
        }
        Ok(b)
    }
}
