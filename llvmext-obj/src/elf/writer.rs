//! The ELF builder: sections, symbols, groups and relocations are added in
//! any order; [`ElfBuilder::write`] lays the file out once (sizes and
//! offsets first) and writes every byte once.
//!
//! The layout is the one LLVM's `ELFObjectWriter` produces: `.strtab`
//! (holding section and symbol names) is section 1; each section is
//! followed in the section table by its relocation section, and a COMDAT
//! group's `SHT_GROUP` section comes right before its first member; then
//! `.llvm_addrsig`, `.symtab` and, when needed, `.symtab_shndx`. In the
//! file, section contents come first in that order, then the groups, the
//! symbol table, the relocations, the address-significance table, the
//! string table and the section headers. An object LLVM wrote, rebuilt
//! through this builder with its sections and symbols in the same order, is
//! byte-identical.

use super::consts::{
    shn, Binding, Machine, OsAbi, RelocType, SectionFlags, SectionType, SymbolType, Visibility,
    GRP_COMDAT,
};
use crate::error::{Error, ErrorKind, Result};
use crate::ids::{id_type, next_tag};
use crate::strtab::{StrId, StringTable, StrtabKind};
use llvmext_core::raw::elf as raw;

/// ELFCLASS32 or ELFCLASS64.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// 32-bit: 4-byte addresses, `Elf32_*` structures.
    Elf32,
    /// 64-bit.
    Elf64,
}

/// The byte order of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endian {
    /// `ELFDATA2LSB`.
    Little,
    /// `ELFDATA2MSB`.
    Big,
}

id_type!(
    /// A section of an [`ElfBuilder`].
    SectionId,
    "The position in the order of addition to the builder (not the section header index)."
);
id_type!(
    /// A symbol of an [`ElfBuilder`].
    SymbolId,
    "The position in the order of addition to the builder (not the symbol table index)."
);
id_type!(
    /// A section group (`SHT_GROUP`) of an [`ElfBuilder`].
    GroupId,
    "The position in the order of addition to the builder."
);

/// What a section's `sh_link` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Link {
    /// What LLVM writes for the section's type: the symbol table for
    /// `SHT_REL`/`SHT_RELA`/`SHT_SYMTAB_SHNDX`/`SHT_GROUP`/
    /// `SHT_LLVM_CALL_GRAPH_PROFILE`/`SHT_LLVM_ADDRSIG`, else 0.
    #[default]
    Default,
    /// The index of a section (`SHF_LINK_ORDER` sections name the section
    /// they are linked to this way).
    Section(SectionId),
    /// The symbol table's index.
    Symtab,
    /// A number written as is.
    Raw(u32),
}

/// What a section's `sh_info` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Info {
    /// 0 (the relocation, symbol table and group sections the builder makes
    /// get theirs computed).
    #[default]
    Default,
    /// The index of a section.
    Section(SectionId),
    /// The final symbol-table index of a symbol.
    Symbol(SymbolId),
    /// A number written as is.
    Raw(u32),
}

/// The header fields of a section.
#[derive(Debug, Clone)]
pub struct SectionSpec<'a> {
    /// The name (several sections may share one, as LLVM's `unique`
    /// sections do).
    pub name: &'a [u8],
    /// `sh_type`.
    pub sh_type: SectionType,
    /// `sh_flags`. `SHF_GROUP` is added for a section in a group.
    pub flags: SectionFlags,
    /// `sh_addralign`: a power of two, or 0 (no alignment, written as 0).
    pub align: u64,
    /// `sh_entsize` (LLVM 19 writes 0 for `SHT_INIT_ARRAY` and the like;
    /// newer LLVM writes the pointer size).
    pub entsize: u64,
    /// `sh_addr` (0 in relocatable objects).
    pub addr: u64,
    /// `sh_link`.
    pub link: Link,
    /// `sh_info`.
    pub info: Info,
    /// The group the section belongs to.
    pub group: Option<GroupId>,
}

impl<'a> SectionSpec<'a> {
    /// A section named `name` of `sh_type` with `flags`, aligned to 1, with
    /// everything else 0 or default.
    pub fn new(name: &'a [u8], sh_type: SectionType, flags: SectionFlags) -> Self {
        SectionSpec {
            name,
            sh_type,
            flags,
            align: 1,
            entsize: 0,
            addr: 0,
            link: Link::Default,
            info: Info::Default,
            group: None,
        }
    }

    /// The same spec with `sh_addralign` = `align`.
    pub fn align(mut self, align: u64) -> Self {
        self.align = align;
        self
    }

    /// The same spec with `sh_entsize` = `entsize`.
    pub fn entsize(mut self, entsize: u64) -> Self {
        self.entsize = entsize;
        self
    }

    /// The same spec in `group`.
    pub fn group(mut self, group: GroupId) -> Self {
        self.group = Some(group);
        self
    }

    /// The same spec with `SHF_LINK_ORDER` and `sh_link` naming `to`.
    pub fn link_order(mut self, to: SectionId) -> Self {
        self.flags |= SectionFlags::LINK_ORDER;
        self.link = Link::Section(to);
        self
    }
}

/// Where a symbol is defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolPlace {
    /// Undefined (`SHN_UNDEF`). An undefined group signature that no
    /// relocation uses gets its group's section index, as LLVM writes it.
    Undefined,
    /// `SHN_ABS`.
    Absolute,
    /// `SHN_COMMON` (the value is the alignment).
    Common,
    /// In a section.
    Section(SectionId),
    /// A reserved section index written as is (e.g. a processor-specific
    /// `SHN_*`).
    Reserved(u16),
}

/// A symbol.
#[derive(Debug, Clone)]
pub struct SymbolSpec<'a> {
    /// The name (ignored for `STT_SECTION` symbols, which have none).
    pub name: &'a [u8],
    /// The binding.
    pub binding: Binding,
    /// The type.
    pub kind: SymbolType,
    /// The visibility.
    pub visibility: Visibility,
    /// The bits of `st_other` above the visibility.
    pub other: u8,
    /// Where it is defined.
    pub place: SymbolPlace,
    /// `st_value`.
    pub value: u64,
    /// `st_size`.
    pub size: u64,
}

impl<'a> SymbolSpec<'a> {
    /// An undefined global symbol without a type.
    pub fn undefined(name: &'a [u8]) -> Self {
        SymbolSpec {
            name,
            binding: Binding::GLOBAL,
            kind: SymbolType::NOTYPE,
            visibility: Visibility::DEFAULT,
            other: 0,
            place: SymbolPlace::Undefined,
            value: 0,
            size: 0,
        }
    }

    /// A symbol defined at `value` in `section`, of `size` bytes.
    pub fn defined(
        name: &'a [u8],
        binding: Binding,
        kind: SymbolType,
        section: SectionId,
        value: u64,
        size: u64,
    ) -> Self {
        SymbolSpec {
            name,
            binding,
            kind,
            visibility: Visibility::DEFAULT,
            other: 0,
            place: SymbolPlace::Section(section),
            value,
            size,
        }
    }
}

/// A relocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reloc {
    /// `r_offset`: where in the section.
    pub offset: u64,
    /// The symbol (`None`: symbol index 0).
    pub symbol: Option<SymbolId>,
    /// `r_type`.
    pub r_type: u32,
    /// The addend (`SHT_RELA`); must be 0 where the section's relocations
    /// are `SHT_REL`, which keep it in the section's bytes.
    pub addend: i64,
    /// The machine of a typed relocation constant, checked against the
    /// builder's (`None` for a raw number).
    pub machine: Option<Machine>,
}

impl Reloc {
    /// A relocation of type `r_type` (a machine's typed constant or a raw
    /// number) at `offset` against `symbol` with `addend`.
    pub fn new(offset: u64, symbol: Option<SymbolId>, r_type: impl RelocType, addend: i64) -> Self {
        Reloc { offset, symbol, r_type: r_type.raw(), addend, machine: r_type.machine() }
    }
}

#[derive(Debug, Clone)]
enum Contents {
    Bytes(Vec<u8>),
    NoBits(u64),
}

#[derive(Debug, Clone)]
struct Section {
    name: Box<[u8]>,
    sh_type: SectionType,
    flags: SectionFlags,
    align: u64,
    entsize: u64,
    addr: u64,
    link: Link,
    info: Info,
    group: Option<u32>,
    contents: Contents,
    relocs: Vec<Rel>,
}

/// A relocation as the builder keeps it: its symbol checked and reduced to
/// an index, in 24 bytes.
#[derive(Debug, Clone, Copy)]
struct Rel {
    offset: u64,
    addend: i64,
    /// The builder index of the symbol plus 1; 0 for none.
    symbol: u32,
    r_type: u32,
}

#[derive(Debug, Clone)]
struct Symbol {
    /// Where the name is in the builder's `sym_names`.
    name: (usize, usize),
    binding: Binding,
    kind: SymbolType,
    other: u8,
    place: SymbolPlace,
    value: u64,
    size: u64,
    signature_of: Option<u32>,
}

#[derive(Debug, Clone)]
struct Group {
    signature: u32,
    comdat: bool,
}

/// A relocatable ELF object being built.
///
/// ```
/// use llvmext_obj::elf::*;
/// let mut b = ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64);
/// let text = b.add_section(
///     SectionSpec::new(b".text", SectionType::PROGBITS, SectionFlags::ALLOC | SectionFlags::EXECINSTR)
///         .align(16),
/// ).unwrap();
/// // call puts@PLT; ret
/// b.append_data(text, &[0xe8, 0, 0, 0, 0, 0xc3], 1).unwrap();
/// let puts = b.add_symbol(SymbolSpec::undefined(b"puts")).unwrap();
/// b.add_symbol(SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, text, 0, 6)).unwrap();
/// b.add_reloc(text, Reloc::new(1, Some(puts), RelocX86_64::PLT32, -4)).unwrap();
/// let bytes = b.write().unwrap();
/// assert_eq!(&bytes[..4], b"\x7fELF");
/// ```
#[derive(Debug, Clone)]
pub struct ElfBuilder {
    tag: u32,
    class: Class,
    endian: Endian,
    machine: Machine,
    os_abi: OsAbi,
    abi_version: u8,
    e_flags: u32,
    rela: bool,
    sections: Vec<Section>,
    symbols: Vec<Symbol>,
    /// The names of the symbols, one after the other.
    sym_names: Vec<u8>,
    /// Per symbol: whether a relocation or the address-significance table
    /// uses it (kept apart from the symbols: relocations set it at random
    /// places, and a small table stays in cache).
    used_in_reloc: Vec<bool>,
    groups: Vec<Group>,
    addrsig: Option<Vec<u32>>,
    /// Whether `write` refuses a relocation whose field is not inside its
    /// section's bytes (on unless an assembler turned it off).
    check_reloc_fields: bool,
}

/// Whether relocations of `machine` carry explicit addends (`SHT_RELA`),
/// as LLVM's target writers decide.
pub fn uses_rela(class: Class, machine: Machine) -> bool {
    match machine {
        Machine::I386 | Machine::ARM | Machine::MIPS => false,
        Machine::X86_64 | Machine::AARCH64 | Machine::RISCV | Machine::PPC64 => true,
        Machine::PPC | Machine::SPARC | Machine::SPARCV9 | Machine::S390 => true,
        Machine::LOONGARCH | Machine::HEXAGON | Machine::AMDGPU | Machine::VE => true,
        _ => class == Class::Elf64,
    }
}

impl ElfBuilder {
    /// An empty object for `machine`, with relocations as the machine's ABI
    /// has them (REL for i386 and ARM, RELA for x86-64, AArch64, RISC-V).
    pub fn new(class: Class, endian: Endian, machine: Machine) -> Self {
        ElfBuilder {
            tag: next_tag(),
            class,
            endian,
            machine,
            os_abi: OsAbi::NONE,
            abi_version: 0,
            e_flags: 0,
            rela: uses_rela(class, machine),
            sections: Vec::new(),
            symbols: Vec::new(),
            sym_names: Vec::new(),
            used_in_reloc: Vec::new(),
            groups: Vec::new(),
            addrsig: None,
            check_reloc_fields: true,
        }
    }

    /// Lets relocations point past their section's bytes. An assembler
    /// writes an explicit `.reloc` wherever its source says (llvm-mc does:
    /// a `.reloc` at a section's end is how some code marks it); the
    /// check `write` makes otherwise catches a caller's mistake.
    pub fn allow_relocs_outside_contents(&mut self) {
        self.check_reloc_fields = false;
    }

    /// The file's class.
    pub fn class(&self) -> Class {
        self.class
    }

    /// The file's byte order.
    pub fn endian(&self) -> Endian {
        self.endian
    }

    /// Sets `EI_OSABI`.
    pub fn set_os_abi(&mut self, os_abi: OsAbi) {
        self.os_abi = os_abi;
    }

    /// Sets `EI_ABIVERSION`.
    pub fn set_abi_version(&mut self, v: u8) {
        self.abi_version = v;
    }

    /// Sets `e_flags`.
    pub fn set_e_flags(&mut self, flags: u32) {
        self.e_flags = flags;
    }

    /// Chooses `SHT_RELA` (true) or `SHT_REL` (false) relocation sections.
    pub fn set_rela(&mut self, rela: bool) {
        self.rela = rela;
    }

    #[inline]
    fn check_section(&self, id: SectionId) -> Result<usize> {
        if id.tag != self.tag || id.index() >= self.sections.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "section" }));
        }
        Ok(id.index())
    }

    #[inline]
    fn check_symbol(&self, id: SymbolId) -> Result<usize> {
        if id.tag != self.tag || id.index() >= self.symbols.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "symbol" }));
        }
        Ok(id.index())
    }

    fn check_group(&self, id: GroupId) -> Result<usize> {
        if id.tag != self.tag || id.index() >= self.groups.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "group" }));
        }
        Ok(id.index())
    }

    fn check_align(align: u64) -> Result<()> {
        if align != 0 && !align.is_power_of_two() {
            return Err(Error::new(ErrorKind::BadAlignment { align }));
        }
        Ok(())
    }

    /// Adds a section (empty; see [`append_data`](Self::append_data),
    /// [`set_data`](Self::set_data), [`set_nobits_size`](Self::set_nobits_size)).
    pub fn add_section(&mut self, spec: SectionSpec<'_>) -> Result<SectionId> {
        Self::check_align(spec.align)?;
        if let Link::Section(s) = spec.link {
            self.check_section(s)?;
        }
        match spec.info {
            Info::Section(s) => drop(self.check_section(s)?),
            Info::Symbol(s) => drop(self.check_symbol(s)?),
            _ => {}
        }
        let group = match spec.group {
            Some(g) => Some(self.check_group(g)? as u32),
            None => None,
        };
        let name = || String::from_utf8_lossy(spec.name).into_owned();
        if spec.flags.0 & SectionFlags::GROUP.0 != 0 && group.is_none() {
            return Err(Error::invalid(format!(
                "section '{}': SHF_GROUP is set by the builder for a section given a group \
                 (SectionSpec::group), not by its flags",
                name()
            )));
        }
        if spec.flags.0 & SectionFlags::MERGE.0 != 0 && spec.entsize == 0 {
            return Err(Error::invalid(format!(
                "section '{}': SHF_MERGE needs the size of the entries merged (sh_entsize 0)",
                name()
            )));
        }
        let mut flags = spec.flags;
        if group.is_some() {
            flags |= SectionFlags::GROUP;
        }
        let contents = if spec.sh_type == SectionType::NOBITS {
            Contents::NoBits(0)
        } else {
            Contents::Bytes(Vec::new())
        };
        let index = u32::try_from(self.sections.len())
            .map_err(|_| Error::invalid("more than 2^32 sections"))?;
        self.sections.push(Section {
            name: spec.name.into(),
            sh_type: spec.sh_type,
            flags,
            align: spec.align,
            entsize: spec.entsize,
            addr: spec.addr,
            link: spec.link,
            info: spec.info,
            group,
            contents,
            relocs: Vec::new(),
        });
        Ok(SectionId { tag: self.tag, index })
    }

    /// Appends `bytes` to a section after padding it with zeros to a
    /// multiple of `align` (which also raises the section's alignment to
    /// at least `align`). Returns the offset of the bytes in the section.
    pub fn append_data(&mut self, section: SectionId, bytes: &[u8], align: u64) -> Result<u64> {
        let i = self.check_section(section)?;
        Self::check_align(align)?;
        let s = &mut self.sections[i];
        let Contents::Bytes(data) = &mut s.contents else {
            return Err(Error::invalid("data appended to an SHT_NOBITS section"));
        };
        let align = align.max(1);
        let len = data.len() as u64;
        // No allocation sized by the alignment alone.
        let start = len.checked_next_multiple_of(align).filter(|&start| {
            start - len <= MAX_ALIGNMENT_PADDING && usize::try_from(start).is_ok()
        });
        let Some(start) = start else {
            return Err(Error::invalid(format!(
                "alignment {align:#x} would pad section '{}' ({len} bytes) with more than the \
                 {MAX_ALIGNMENT_PADDING:#x} bytes of zeros the writer allows",
                String::from_utf8_lossy(&s.name)
            )));
        };
        data.resize(start as usize, 0);
        data.extend_from_slice(bytes);
        s.align = s.align.max(align);
        Ok(start)
    }

    /// Sets `sh_addralign` of `section` to any value, as read from an
    /// input object (llvm-objcopy copies `sh_addralign` = 3 or 6): the
    /// section is placed at a multiple of it, 0 and 1 meaning none.
    /// [`add_section`](Self::add_section) takes only powers of two, as the
    /// ELF specification asks. Alignments that would pad the file with more
    /// than 1 GiB of zeros fail [`write`](Self::write) with
    /// [`ErrorKind::FileTooLarge`].
    pub fn set_raw_alignment(&mut self, section: SectionId, align: u64) -> Result<()> {
        let i = self.check_section(section)?;
        self.sections[i].align = align;
        Ok(())
    }

    /// Replaces a section's contents by `bytes` (no copy).
    pub fn set_data(&mut self, section: SectionId, bytes: Vec<u8>) -> Result<()> {
        let i = self.check_section(section)?;
        let s = &mut self.sections[i];
        if matches!(s.contents, Contents::NoBits(_)) {
            return Err(Error::invalid("data given to an SHT_NOBITS section"));
        }
        s.contents = Contents::Bytes(bytes);
        Ok(())
    }

    /// Sets the size of an `SHT_NOBITS` section.
    pub fn set_nobits_size(&mut self, section: SectionId, size: u64) -> Result<()> {
        let i = self.check_section(section)?;
        let s = &mut self.sections[i];
        match &mut s.contents {
            Contents::NoBits(n) => *n = size,
            Contents::Bytes(_) => {
                return Err(Error::invalid("a size given to a section with data"))
            }
        }
        Ok(())
    }

    /// The current size of a section.
    pub fn section_size(&self, section: SectionId) -> Result<u64> {
        let i = self.check_section(section)?;
        Ok(match &self.sections[i].contents {
            Contents::Bytes(b) => b.len() as u64,
            Contents::NoBits(n) => *n,
        })
    }

    /// Adds a symbol. Symbols are written locals first, each half in the
    /// order of addition (as LLVM orders them).
    pub fn add_symbol(&mut self, spec: SymbolSpec<'_>) -> Result<SymbolId> {
        if let SymbolPlace::Section(s) = spec.place {
            self.check_section(s)?;
        }
        if let SymbolPlace::Reserved(v) = spec.place {
            if u32::from(v) < shn::LORESERVE {
                return Err(Error::invalid("a reserved section index below SHN_LORESERVE"));
            }
        }
        let index = u32::try_from(self.symbols.len())
            .ok()
            .filter(|&i| i < u32::MAX >> 8)
            .ok_or_else(|| Error::invalid("too many symbols"))?;
        let start = self.sym_names.len();
        if spec.kind != SymbolType::SECTION {
            self.sym_names.extend_from_slice(spec.name);
        }
        self.symbols.push(Symbol {
            name: (start, self.sym_names.len()),
            binding: spec.binding,
            kind: spec.kind,
            other: (spec.other & !3) | (spec.visibility.0 & 3),
            place: spec.place,
            value: spec.value,
            size: spec.size,
            signature_of: None,
        });
        self.used_in_reloc.push(false);
        Ok(SymbolId { tag: self.tag, index })
    }

    /// Adds the `STT_SECTION` symbol of `section` (local, value 0).
    pub fn add_section_symbol(&mut self, section: SectionId) -> Result<SymbolId> {
        self.add_symbol(SymbolSpec {
            name: b"",
            binding: Binding::LOCAL,
            kind: SymbolType::SECTION,
            visibility: Visibility::DEFAULT,
            other: 0,
            place: SymbolPlace::Section(section),
            value: 0,
            size: 0,
        })
    }

    /// Adds a section group whose signature is `signature`; `comdat` sets
    /// `GRP_COMDAT`. Sections join it through [`SectionSpec::group`]; the
    /// group section is placed before its first member.
    pub fn add_group(&mut self, signature: SymbolId, comdat: bool) -> Result<GroupId> {
        let s = self.check_symbol(signature)?;
        let index = self.groups.len() as u32;
        self.groups.push(Group { signature: s as u32, comdat });
        self.symbols[s].signature_of.get_or_insert(index);
        Ok(GroupId { tag: self.tag, index })
    }

    /// Puts `section` into `group` (as [`SectionSpec::group`] does when the
    /// section is added; for groups whose signature is defined in their own
    /// member).
    pub fn set_group(&mut self, section: SectionId, group: GroupId) -> Result<()> {
        let i = self.check_section(section)?;
        let g = self.check_group(group)?;
        let s = &mut self.sections[i];
        s.group = Some(g as u32);
        s.flags |= SectionFlags::GROUP;
        Ok(())
    }

    /// Sets a section's `sh_link` and `sh_info` after it was added (for
    /// links to sections added later).
    pub fn set_link_info(&mut self, section: SectionId, link: Link, info: Info) -> Result<()> {
        let i = self.check_section(section)?;
        if let Link::Section(s) = link {
            self.check_section(s)?;
        }
        match info {
            Info::Section(s) => drop(self.check_section(s)?),
            Info::Symbol(s) => drop(self.check_symbol(s)?),
            _ => {}
        }
        let s = &mut self.sections[i];
        s.link = link;
        s.info = info;
        Ok(())
    }

    /// Checks a relocation's symbol, marks it used and makes the record
    /// kept.
    #[inline]
    fn rel(&mut self, reloc: &Reloc) -> Result<Rel> {
        if let Some(m) = reloc.machine {
            if m != self.machine {
                return Err(Error::invalid(format!(
                    "{m} relocation type {} used in an object for machine {}",
                    reloc.r_type, self.machine
                )));
            }
        }
        let symbol = match reloc.symbol {
            Some(sym) => {
                let s = self.check_symbol(sym)?;
                self.used_in_reloc[s] = true;
                s as u32 + 1
            }
            None => 0,
        };
        Ok(Rel { offset: reloc.offset, addend: reloc.addend, symbol, r_type: reloc.r_type })
    }

    /// Adds a relocation to `section`.
    #[inline]
    pub fn add_reloc(&mut self, section: SectionId, reloc: Reloc) -> Result<()> {
        let i = self.check_section(section)?;
        let r = self.rel(&reloc)?;
        self.sections[i].relocs.push(r);
        Ok(())
    }

    /// Adds many relocations to `section`.
    pub fn add_relocs(&mut self, section: SectionId, relocs: &[Reloc]) -> Result<()> {
        let i = self.check_section(section)?;
        let start = self.sections[i].relocs.len();
        self.sections[i].relocs.reserve(relocs.len());
        for r in relocs {
            match self.rel(r) {
                Ok(r) => self.sections[i].relocs.push(r),
                Err(e) => {
                    self.sections[i].relocs.truncate(start);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// Adds the empty `.note.GNU-stack` section compilers put in every
    /// object (`SHT_PROGBITS`, no flags: the stack is not executable). GNU
    /// ld warns about an object without it ("missing .note.GNU-stack
    /// section implies executable stack") and makes the stack executable.
    ///
    /// ```
    /// use llvmext_obj::elf::{Class, ElfBuilder, Endian, Machine};
    /// let mut b = ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64);
    /// b.add_note_gnu_stack()?;
    /// let bytes = b.write()?;
    /// assert!(bytes.windows(16).any(|w| w == b".note.GNU-stack\0"));
    /// # Ok::<(), llvmext_obj::Error>(())
    /// ```
    pub fn add_note_gnu_stack(&mut self) -> Result<SectionId> {
        self.add_section(SectionSpec::new(
            b".note.GNU-stack",
            SectionType::PROGBITS,
            SectionFlags(0),
        ))
    }

    /// Asks for an `.llvm_addrsig` section listing `symbols` (the
    /// address-significant ones), written with their final symbol-table
    /// indices whatever order the table ends up in.
    pub fn set_addrsig(&mut self, symbols: &[SymbolId]) -> Result<()> {
        let mut list = Vec::with_capacity(symbols.len());
        for &s in symbols {
            let i = self.check_symbol(s)?;
            // LLVM marks them used in a relocation.
            self.used_in_reloc[i] = true;
            list.push(i as u32);
        }
        self.addrsig = Some(list);
        Ok(())
    }

    /// Lays the object out and writes it.
    pub fn write(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        self.write_into(&mut out)?;
        Ok(out)
    }

    /// Lays the object out and writes it into `out`, replacing what it
    /// held (its capacity is reused: a JIT or a compiler writing object
    /// after object saves the page faults of a fresh buffer).
    pub fn write_into(&self, out: &mut Vec<u8>) -> Result<()> {
        if self.check_reloc_fields {
            self.check_relocs()?;
        }
        self.check_definitions()?;
        Layout::new(self)?.write(self, out)
    }

    /// No name has two non-local definitions (global, weak or unique, in a
    /// section, absolute or common): a linker could not tell them apart.
    fn check_definitions(&self) -> Result<()> {
        let mut defined: Vec<&[u8]> = self
            .symbols
            .iter()
            .filter(|s| {
                s.binding != Binding::LOCAL
                    && s.kind != SymbolType::SECTION
                    && !matches!(s.place, SymbolPlace::Undefined | SymbolPlace::Reserved(_))
            })
            .map(|s| &self.sym_names[s.name.0..s.name.1])
            .collect();
        defined.sort_unstable();
        match defined.windows(2).find(|w| w[0] == w[1]) {
            Some(w) => Err(Error::invalid(format!(
                "symbol '{}' is defined twice (two non-local definitions of one name)",
                String::from_utf8_lossy(w[0])
            ))),
            None => Ok(()),
        }
    }

    /// Every relocation's field lies inside its section's bytes (its size
    /// known for x86-64, i386 and AArch64; elsewhere its offset at most the
    /// section's size).
    fn check_relocs(&self) -> Result<()> {
        for s in &self.sections {
            let len = match &s.contents {
                Contents::Bytes(b) => b.len() as u64,
                Contents::NoBits(_) if s.relocs.is_empty() => continue,
                Contents::NoBits(_) => 0,
            };
            for r in &s.relocs {
                let size = super::consts::reloc_field_size(self.machine, r.r_type).unwrap_or(0);
                if !matches!(r.offset.checked_add(size), Some(end) if end <= len) {
                    return Err(Error::invalid(format!(
                        "relocation at offset {} of section '{}' ({len} bytes): its {size}-byte \
                         field is outside the section's bytes",
                        r.offset,
                        String::from_utf8_lossy(&s.name)
                    )));
                }
            }
        }
        Ok(())
    }
}

/// An entry of the section table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Strtab,
    User(u32),
    Rel(u32),
    Group(u32),
    Addrsig,
    Symtab,
    SymtabShndx,
}

struct Layout {
    is64: bool,
    /// Section table order (without the null section).
    table: Vec<Entry>,
    names: Vec<StrId>,
    /// Ordinal (section index) of each user section, rel section, group.
    sec_ord: Vec<u32>,
    rel_ord: Vec<u32>,
    group_ord: Vec<u32>,
    /// Group members' ordinals, per group in creation order of the group
    /// sections.
    group_members: Vec<Vec<u32>>,
    /// Groups in the order their sections are written.
    group_order: Vec<u32>,
    symtab_ord: u32,
    strtab: crate::strtab::FinalStringTable,
    sym_names: Vec<Option<StrId>>,
    /// Symbols in table order (builder indices).
    sym_order: Vec<u32>,
    /// Final index of each builder symbol.
    sym_index: Vec<u32>,
    first_global: u32,
    shndx: Vec<u32>,
    need_shndx: bool,
    addrsig: Vec<u8>,
    /// File offset and size of every table entry.
    offsets: Vec<(u64, u64)>,
    shoff: u64,
    total: u64,
}

/// The most zeros the alignment of sections may put in a file, in total:
/// a larger alignment (`sh_addralign` = 2^33 or 2^62 in a hostile object)
/// is refused, not written as gigabytes of zeros nor allocated.
const MAX_ALIGNMENT_PADDING: u64 = 1 << 30;

/// The file offset as a layout advances, in 128 bits (sums of sizes and
/// alignments cannot overflow it), and the padding that section
/// alignments put in.
struct Cursor {
    off: u128,
    padding: u128,
    /// The first table entry whose alignment took the padding past
    /// [`MAX_ALIGNMENT_PADDING`], and that alignment.
    over: Option<(usize, u64)>,
}

impl Cursor {
    /// Aligns the offset for table entry `entry`, a section whose
    /// `sh_addralign` is `align` (any value, as llvm-objcopy lays out; 0
    /// and 1 mean none), and returns it.
    fn align_section(&mut self, align: u64, entry: usize) -> u64 {
        if align > 1 {
            let next = self.off.next_multiple_of(u128::from(align));
            self.padding += next - self.off;
            if self.over.is_none() && self.padding > u128::from(MAX_ALIGNMENT_PADDING) {
                self.over = Some((entry, align));
            }
            self.off = next;
        }
        self.at()
    }

    /// Aligns the offset to a word or 4 (the writer's own tables).
    fn align_fixed(&mut self, align: u64) -> u64 {
        self.off = self.off.next_multiple_of(u128::from(align));
        self.at()
    }

    fn advance(&mut self, size: u64) {
        self.off += u128::from(size);
    }

    /// The offset, truncated to 64 bits: exact unless `over` is set, which
    /// fails the layout.
    fn at(&self) -> u64 {
        self.off as u64
    }
}

impl Layout {
    fn new(b: &ElfBuilder) -> Result<Self> {
        let is64 = b.class == Class::Elf64;
        let word = if is64 { 8 } else { 4 };
        let mut table = vec![Entry::Strtab];
        let mut sec_ord = vec![0u32; b.sections.len()];
        let mut rel_ord = vec![0u32; b.sections.len()];
        let mut group_ord = vec![0u32; b.groups.len()];
        let mut group_members: Vec<Vec<u32>> = vec![Vec::new(); b.groups.len()];
        let mut group_order = Vec::new();
        for (i, s) in b.sections.iter().enumerate() {
            if let Some(g) = s.group {
                if group_ord[g as usize] == 0 {
                    table.push(Entry::Group(g));
                    group_ord[g as usize] = table.len() as u32;
                    group_order.push(g);
                }
            }
            table.push(Entry::User(i as u32));
            sec_ord[i] = table.len() as u32;
            if !s.relocs.is_empty() {
                table.push(Entry::Rel(i as u32));
                rel_ord[i] = table.len() as u32;
            }
            if let Some(g) = s.group {
                let m = &mut group_members[g as usize];
                m.push(sec_ord[i]);
                if rel_ord[i] != 0 {
                    m.push(rel_ord[i]);
                }
            }
        }
        if b.addrsig.is_some() {
            table.push(Entry::Addrsig);
        }
        table.push(Entry::Symtab);
        let symtab_ord = table.len() as u32;

        // Symbol section indexes, and whether any needs .symtab_shndx.
        let mut shndx = Vec::with_capacity(b.symbols.len());
        let mut need_shndx = false;
        for (s, &used_in_reloc) in b.symbols.iter().zip(&b.used_in_reloc) {
            let v = match s.place {
                SymbolPlace::Undefined => match s.signature_of {
                    Some(g) if !used_in_reloc => group_ord[g as usize],
                    _ => 0,
                },
                SymbolPlace::Absolute => u32::from(shn::ABS),
                SymbolPlace::Common => u32::from(shn::COMMON),
                SymbolPlace::Reserved(v) => u32::from(v),
                SymbolPlace::Section(id) => sec_ord[id.index()],
            };
            let reserved = matches!(
                s.place,
                SymbolPlace::Absolute | SymbolPlace::Common | SymbolPlace::Reserved(_)
            );
            if !reserved && v >= shn::LORESERVE {
                need_shndx = true;
            }
            // Reserved indexes are marked with the top bit.
            shndx.push(if reserved { v | 1 << 31 } else { v });
        }
        if need_shndx {
            table.push(Entry::SymtabShndx);
        }
        if b.groups.iter().enumerate().any(|(g, _)| group_ord[g] == 0) {
            return Err(Error::invalid("a section group without member sections"));
        }

        // Names.
        let mut st = StringTable::new(StrtabKind::Elf);
        let mut names = Vec::with_capacity(table.len());
        for e in &table {
            let id = match *e {
                Entry::Strtab => st.add(b".strtab"),
                Entry::User(i) => st.add(&b.sections[i as usize].name),
                Entry::Rel(i) => {
                    let s = &b.sections[i as usize];
                    let rela = b.rela && s.sh_type != SectionType::LLVM_CALL_GRAPH_PROFILE;
                    let prefix: &[u8] = if rela { b".rela" } else { b".rel" };
                    let mut n = Vec::with_capacity(prefix.len() + s.name.len());
                    n.extend_from_slice(prefix);
                    n.extend_from_slice(&s.name);
                    st.add(&n)
                }
                Entry::Group(_) => st.add(b".group"),
                Entry::Addrsig => st.add(b".llvm_addrsig"),
                Entry::Symtab => st.add(b".symtab"),
                Entry::SymtabShndx => st.add(b".symtab_shndx"),
            };
            names.push(id);
        }
        st.reserve_pushed(b.symbols.len(), b.sym_names.len());
        let mut sym_names = Vec::with_capacity(b.symbols.len());
        for s in &b.symbols {
            sym_names.push(if s.kind == SymbolType::SECTION {
                None
            } else {
                // Symbol names are mostly distinct: no hash table (equal
                // names still share their bytes).
                Some(st.push(&b.sym_names[s.name.0..s.name.1]))
            });
        }
        let strtab = st.finalize()?;

        // Symbol order: locals, then the rest, each in order of addition.
        let mut sym_order = Vec::with_capacity(b.symbols.len());
        sym_order.extend(
            (0..b.symbols.len() as u32)
                .filter(|&i| b.symbols[i as usize].binding == Binding::LOCAL),
        );
        let first_global = sym_order.len() as u32 + 1;
        sym_order.extend(
            (0..b.symbols.len() as u32)
                .filter(|&i| b.symbols[i as usize].binding != Binding::LOCAL),
        );
        let mut sym_index = vec![0u32; b.symbols.len()];
        for (k, &i) in sym_order.iter().enumerate() {
            sym_index[i as usize] = k as u32 + 1;
        }

        let mut addrsig = Vec::new();
        if let Some(list) = &b.addrsig {
            for &s in list {
                llvmext_core::leb128::write_uleb128(&mut addrsig, u64::from(sym_index[s as usize]));
            }
        }

        // File offsets, in LLVM's writing order.
        let mut offsets = vec![(0u64, 0u64); table.len()];
        let mut cur = Cursor { off: if is64 { 64 } else { 52 }, padding: 0, over: None };
        let nsyms = b.symbols.len() as u64 + 1;
        let symsize = if is64 { 24 } else { 16 };
        for (k, e) in table.iter().enumerate() {
            if let Entry::User(i) = *e {
                let s = &b.sections[i as usize];
                let start = cur.align_section(s.align, k);
                let size = match &s.contents {
                    Contents::Bytes(d) => {
                        cur.advance(d.len() as u64);
                        d.len() as u64
                    }
                    Contents::NoBits(n) => *n,
                };
                offsets[k] = (start, size);
            }
        }
        for &g in &group_order {
            let size = 4 * (1 + group_members[g as usize].len() as u64);
            offsets[group_ord[g as usize] as usize - 1] = (cur.align_fixed(4), size);
            cur.advance(size);
        }
        offsets[symtab_ord as usize - 1] = (cur.align_fixed(word), nsyms * symsize);
        cur.advance(nsyms * symsize);
        if need_shndx {
            offsets[table.len() - 1] = (cur.at(), nsyms * 4);
            cur.advance(nsyms * 4);
        }
        let rel_entsize = |s: &Section| -> u64 {
            let rela = b.rela && s.sh_type != SectionType::LLVM_CALL_GRAPH_PROFILE;
            match (is64, rela) {
                (true, true) => 24,
                (true, false) => 16,
                (false, true) => 12,
                (false, false) => 8,
            }
        };
        for (i, s) in b.sections.iter().enumerate() {
            if rel_ord[i] != 0 {
                let size = s.relocs.len() as u64 * rel_entsize(s);
                offsets[rel_ord[i] as usize - 1] = (cur.align_fixed(word), size);
                cur.advance(size);
            }
        }
        if b.addrsig.is_some() {
            let k = table.iter().position(|e| *e == Entry::Addrsig).unwrap_or(0);
            offsets[k] = (cur.at(), addrsig.len() as u64);
            cur.advance(addrsig.len() as u64);
        }
        offsets[0] = (cur.at(), strtab.size() as u64);
        cur.advance(strtab.size() as u64);
        let shoff = cur.align_fixed(word);
        let shentsize = if is64 { 64 } else { 40 };
        cur.advance((table.len() as u64 + 1) * shentsize);
        if let Some((k, align)) = cur.over {
            let Entry::User(i) = table[k] else { unreachable!("only sections pad") };
            return Err(Error::new(ErrorKind::FileTooLarge {
                section: k as u32 + 1,
                name: String::from_utf8_lossy(&b.sections[i as usize].name).into_owned(),
                align,
                size: u64::try_from(cur.off).ok(),
                limit: MAX_ALIGNMENT_PADDING,
            }));
        }
        // Below 2^64: the padding is bounded, the rest is bytes in memory.
        let total = cur.at();
        if !is64 && total > u64::from(u32::MAX) {
            return Err(Error::new(ErrorKind::DoesNotFit {
                field: "ELFCLASS32 file offset",
                value: total,
            }));
        }
        Ok(Layout {
            is64,
            table,
            names,
            sec_ord,
            rel_ord,
            group_ord,
            group_members,
            group_order,
            symtab_ord,
            strtab,
            sym_names,
            sym_order,
            sym_index,
            first_global,
            shndx,
            need_shndx,
            addrsig,
            offsets,
            shoff,
            total,
        })
    }

    fn write(&self, b: &ElfBuilder, dest: &mut Vec<u8>) -> Result<()> {
        let total = usize::try_from(self.total).map_err(|_| Error::invalid("object too large"))?;
        let mut buf = core::mem::take(dest);
        buf.clear();
        buf.resize(total, 0);
        let enc = raw::Encoding { is64: self.is64, big_endian: b.endian == Endian::Big };
        let mut out = Out { buf, enc };
        let result = self.fill(b, &mut out);
        *dest = out.buf;
        if result.is_err() {
            dest.clear();
        }
        result
    }

    fn fill(&self, b: &ElfBuilder, out: &mut Out) -> Result<()> {
        self.header(b, out);
        // Section contents.
        for (k, e) in self.table.iter().enumerate() {
            if let Entry::User(i) = *e {
                if let Contents::Bytes(d) = &b.sections[i as usize].contents {
                    let o = self.offsets[k].0 as usize;
                    out.buf[o..o + d.len()].copy_from_slice(d);
                }
            }
        }
        // Groups.
        for &g in &self.group_order {
            let mut o = self.offsets[self.group_ord[g as usize] as usize - 1].0 as usize;
            out.u32(o, if b.groups[g as usize].comdat { GRP_COMDAT } else { 0 });
            for &m in &self.group_members[g as usize] {
                o += 4;
                out.u32(o, m);
            }
        }
        self.symbols(b, out)?;
        self.relocations(b, out)?;
        if b.addrsig.is_some() {
            let k = self.table.iter().position(|e| *e == Entry::Addrsig).unwrap_or(0);
            let o = self.offsets[k].0 as usize;
            out.buf[o..o + self.addrsig.len()].copy_from_slice(&self.addrsig);
        }
        let o = self.offsets[0].0 as usize;
        out.buf[o..o + self.strtab.size()].copy_from_slice(self.strtab.bytes());
        self.section_headers(b, out)?;
        Ok(())
    }

    fn header(&self, b: &ElfBuilder, out: &mut Out) {
        let enc = out.enc;
        let mut h = raw::FileHeader::new(enc);
        h.e_ident[7] = b.os_abi.0;
        h.e_ident[8] = b.abi_version;
        let n = self.table.len() as u64 + 1;
        raw::FileHeader {
            e_type: 1, // ET_REL
            e_machine: b.machine.0,
            e_shoff: self.shoff,
            e_flags: b.e_flags,
            e_shnum: if n >= u64::from(shn::LORESERVE) { 0 } else { n as u16 },
            e_shstrndx: 1,
            ..h
        }
        .write(enc, &mut out.buf);
    }

    fn symbols(&self, b: &ElfBuilder, out: &mut Out) -> Result<()> {
        let k = self.symtab_ord as usize - 1;
        let base = self.offsets[k].0 as usize;
        let size = if self.is64 { 24 } else { 16 };
        let shndx_base = self.need_shndx.then(|| self.offsets[self.table.len() - 1].0 as usize);
        for (n, &i) in self.sym_order.iter().enumerate() {
            let s = &b.symbols[i as usize];
            let o = base + (n + 1) * size;
            let name = match self.sym_names[i as usize] {
                Some(id) => self.strtab.offset(id).unwrap_or(0),
                None => 0,
            };
            let raw = self.shndx[i as usize];
            let reserved = raw & 1 << 31 != 0;
            let idx = raw & !(1 << 31);
            let (field, extended) = if !reserved && idx >= shn::LORESERVE {
                (shn::XINDEX, idx)
            } else {
                (idx as u16, 0)
            };
            if let Some(sb) = shndx_base {
                out.u32(sb + (n + 1) * 4, extended);
            }
            let info = (s.binding.0 << 4) | (s.kind.0 & 0xf);
            if !self.is64 {
                if s.value > u64::from(u32::MAX) {
                    return Err(Error::new(ErrorKind::DoesNotFit {
                        field: "st_value",
                        value: s.value,
                    }));
                }
                if s.size > u64::from(u32::MAX) {
                    return Err(Error::new(ErrorKind::DoesNotFit {
                        field: "st_size",
                        value: s.size,
                    }));
                }
            }
            raw::Symbol {
                st_name: name,
                st_info: info,
                st_other: s.other,
                st_shndx: field,
                st_value: s.value,
                st_size: s.size,
            }
            .write(out.enc, &mut out.buf[o..o + size]);
        }
        Ok(())
    }

    fn relocations(&self, b: &ElfBuilder, out: &mut Out) -> Result<()> {
        let sym_of = |r: &Rel| match r.symbol {
            0 => 0,
            s => self.sym_index[s as usize - 1],
        };
        for (i, s) in b.sections.iter().enumerate() {
            if self.rel_ord[i] == 0 {
                continue;
            }
            let rela = b.rela && s.sh_type != SectionType::LLVM_CALL_GRAPH_PROFILE;
            let rel_addend = || {
                Error::invalid(
                    "an addend on a SHT_REL relocation (it belongs in the section's bytes)",
                )
            };
            if !rela && s.relocs.iter().any(|r| r.addend != 0) {
                return Err(rel_addend());
            }
            let enc = out.enc;
            let size = raw::Relocation::size(enc, rela);
            let o = self.offsets[self.rel_ord[i] as usize - 1].0 as usize;
            let dst = &mut out.buf[o..o + s.relocs.len() * size];
            for (r, d) in s.relocs.iter().zip(dst.chunks_exact_mut(size)) {
                if !self.is64 {
                    if r.offset > u64::from(u32::MAX) {
                        return Err(Error::new(ErrorKind::DoesNotFit {
                            field: "r_offset",
                            value: r.offset,
                        }));
                    }
                    if r.r_type > 0xff {
                        return Err(Error::new(ErrorKind::DoesNotFit {
                            field: "ELFCLASS32 r_type",
                            value: u64::from(r.r_type),
                        }));
                    }
                    if rela && i32::try_from(r.addend).is_err() {
                        return Err(Error::new(ErrorKind::DoesNotFit {
                            field: "ELFCLASS32 r_addend",
                            value: r.addend as u64,
                        }));
                    }
                }
                raw::Relocation {
                    r_offset: r.offset,
                    r_info: raw::Relocation::info(enc, sym_of(r), r.r_type),
                    r_addend: r.addend,
                }
                .write(enc, rela, d);
            }
        }
        Ok(())
    }

    fn section_headers(&self, b: &ElfBuilder, out: &mut Out) -> Result<()> {
        let n = self.table.len() as u64 + 1;
        let shentsize = if self.is64 { 64 } else { 40 };
        let word = if self.is64 { 8 } else { 4 };
        let mut o = self.shoff as usize;
        // The null section: its size holds the section count when e_shnum
        // cannot.
        let null_size = if n >= u64::from(shn::LORESERVE) { n } else { 0 };
        let enc = out.enc;
        let null = raw::SectionHeader { sh_size: null_size, ..Default::default() };
        null.write(enc, &mut out.buf[o..o + shentsize]);
        for (k, e) in self.table.iter().enumerate() {
            o += shentsize;
            let name = self.strtab.offset(self.names[k]).unwrap_or(0);
            let (off, size) = self.offsets[k];
            let symtab = self.symtab_ord;
            let (ty, flags, addr, link, info, align, entsize) = match *e {
                Entry::Strtab => (SectionType::STRTAB.0, 0, 0, 0, 0, 1, 0),
                Entry::User(i) => {
                    let s = &b.sections[i as usize];
                    let link = match s.link {
                        Link::Default => match s.sh_type {
                            SectionType::REL
                            | SectionType::RELA
                            | SectionType::CREL
                            | SectionType::SYMTAB_SHNDX
                            | SectionType::LLVM_CALL_GRAPH_PROFILE
                            | SectionType::LLVM_ADDRSIG
                            | SectionType::GROUP => symtab,
                            _ => 0,
                        },
                        Link::Section(id) => self.sec_ord[id.index()],
                        Link::Symtab => symtab,
                        Link::Raw(v) => v,
                    };
                    let info = match s.info {
                        Info::Default => 0,
                        Info::Section(id) => self.sec_ord[id.index()],
                        Info::Symbol(id) => self.sym_index[id.index()],
                        Info::Raw(v) => v,
                    };
                    (s.sh_type.0, s.flags.0, s.addr, link, info, s.align, s.entsize)
                }
                Entry::Rel(i) => {
                    let s = &b.sections[i as usize];
                    let rela = b.rela && s.sh_type != SectionType::LLVM_CALL_GRAPH_PROFILE;
                    let flags = if s.group.is_some() {
                        SectionFlags::GROUP.0
                    } else {
                        SectionFlags::INFO_LINK.0
                    };
                    let (ty, entsize) = match (rela, self.is64) {
                        (true, true) => (SectionType::RELA, 24),
                        (true, false) => (SectionType::RELA, 12),
                        (false, true) => (SectionType::REL, 16),
                        (false, false) => (SectionType::REL, 8),
                    };
                    (ty.0, flags, 0, symtab, self.sec_ord[i as usize], word, entsize)
                }
                Entry::Group(g) => {
                    let sig = self.sym_index[b.groups[g as usize].signature as usize];
                    (SectionType::GROUP.0, 0, 0, symtab, sig, 4, 4)
                }
                Entry::Addrsig => {
                    (SectionType::LLVM_ADDRSIG.0, SectionFlags::EXCLUDE.0, 0, symtab, 0, 1, 0)
                }
                Entry::Symtab => {
                    let size = if self.is64 { 24 } else { 16 };
                    (SectionType::SYMTAB.0, 0, 0, 1, self.first_global, word, size)
                }
                Entry::SymtabShndx => (SectionType::SYMTAB_SHNDX.0, 0, 0, symtab, 0, 4, 4),
            };
            if !self.is64 {
                for (field, v) in [("sh_flags", flags), ("sh_addr", addr), ("sh_size", size)] {
                    if v > u64::from(u32::MAX) {
                        return Err(Error::new(ErrorKind::DoesNotFit { field, value: v }));
                    }
                }
            }
            raw::SectionHeader {
                sh_name: name,
                sh_type: ty,
                sh_flags: flags,
                sh_addr: addr,
                sh_offset: off,
                sh_size: size,
                sh_link: link,
                sh_info: info,
                sh_addralign: align,
                sh_entsize: entsize,
            }
            .write(enc, &mut out.buf[o..o + shentsize]);
        }
        Ok(())
    }
}

/// The output buffer, written at absolute offsets.
struct Out {
    buf: Vec<u8>,
    enc: raw::Encoding,
}

impl Out {
    fn u32(&mut self, o: usize, v: u32) {
        let b = if self.enc.big_endian { v.to_be_bytes() } else { v.to_le_bytes() };
        self.buf[o..o + 4].copy_from_slice(&b);
    }
}

/// The relocation type `machine` uses for a target-neutral
/// [`RelocKind`](crate::llvm::RelocKind) of the special-section encoders
/// (`None` where the machine has none).
pub fn reloc_type_for(machine: Machine, kind: crate::llvm::RelocKind) -> Option<u32> {
    use super::consts::RelocX86_64 as X;
    use super::consts::{Reloc386 as I, RelocAarch64 as A, RelocArm as R, RelocRiscv as V};
    use crate::llvm::RelocKind as K;
    Some(match (machine, kind) {
        (_, K::None) => 0,
        (Machine::X86_64, K::Abs32) => X::R32.0,
        (Machine::X86_64, K::Abs64) => X::R64.0,
        (Machine::X86_64, K::PcRel32) => X::PC32.0,
        (Machine::X86_64, K::PcRel64) => X::PC64.0,
        (Machine::X86_64, K::Branch) => X::PLT32.0,
        (Machine::I386, K::Abs32) => I::R32.0,
        (Machine::I386, K::PcRel32) => I::PC32.0,
        (Machine::I386, K::Branch) => I::PLT32.0,
        (Machine::AARCH64, K::Abs32) => A::ABS32.0,
        (Machine::AARCH64, K::Abs64) => A::ABS64.0,
        (Machine::AARCH64, K::PcRel32) => A::PREL32.0,
        (Machine::AARCH64, K::PcRel64) => A::PREL64.0,
        (Machine::AARCH64, K::Branch) => A::JUMP26.0,
        (Machine::ARM, K::Abs32) => R::ABS32.0,
        (Machine::ARM, K::PcRel32) => R::REL32.0,
        (Machine::ARM, K::Branch) => R::JUMP24.0,
        (Machine::RISCV, K::Abs32) => V::R32.0,
        (Machine::RISCV, K::Abs64) => V::R64.0,
        (Machine::RISCV, K::PcRel32) => V::R32_PCREL.0,
        _ => return None,
    })
}

impl ElfBuilder {
    /// The class and byte order as the special-section encoders of
    /// [`crate::llvm`] and [`crate::pcsections`] take them.
    pub fn format(&self) -> crate::llvm::Format {
        crate::llvm::Format { endian: self.endian, is_64: self.class == Class::Elf64 }
    }

    /// Appends what a special-section encoder produced to `section`: its
    /// bytes, and its relocations as this machine's types (on `SHT_REL`
    /// machines the addends go into the bytes, as LLVM writes them).
    /// Returns the offset the bytes start at.
    pub fn add_encoded(
        &mut self,
        section: SectionId,
        encoded: &crate::llvm::Encoded<SymbolId>,
    ) -> Result<u64> {
        let i = self.check_section(section)?;
        let rel = !self.rela || self.sections[i].sh_type == SectionType::LLVM_CALL_GRAPH_PROFILE;
        let mut relocs = Vec::with_capacity(encoded.relocs.len());
        let mut bytes = encoded.bytes.clone();
        for r in &encoded.relocs {
            let ty = reloc_type_for(self.machine, r.kind).ok_or_else(|| {
                Error::invalid(format!("no {:?} relocation for machine {}", r.kind, self.machine))
            })?;
            let mut addend = r.addend;
            if rel && addend != 0 {
                let size = r.kind.size() as usize;
                let at = usize::try_from(r.offset).ok().filter(|&o| o + size <= bytes.len());
                let Some(at) = at else {
                    return Err(Error::invalid("a relocation outside its section's bytes"));
                };
                let be = self.endian == Endian::Big;
                match size {
                    4 => {
                        let v = addend as i32;
                        let b = if be { v.to_be_bytes() } else { v.to_le_bytes() };
                        bytes[at..at + 4].copy_from_slice(&b);
                    }
                    8 => {
                        let b = if be { addend.to_be_bytes() } else { addend.to_le_bytes() };
                        bytes[at..at + 8].copy_from_slice(&b);
                    }
                    _ => return Err(Error::invalid("an implicit addend this field cannot hold")),
                }
                addend = 0;
            }
            relocs.push((r.offset, r.symbol, ty, addend));
        }
        let start = self.append_data(section, &bytes, 1)?;
        let relocs: Vec<Reloc> = relocs
            .into_iter()
            .map(|(o, s, t, a)| Reloc {
                offset: start + o,
                symbol: Some(s),
                r_type: t,
                addend: a,
                machine: None,
            })
            .collect();
        self.add_relocs(section, &relocs)?;
        Ok(start)
    }
}
