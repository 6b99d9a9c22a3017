//! The COFF object builder and writer.

use super::consts::{
    check_reloc_machine, reloc_field_size, Machine, RelocType, SectionFlags, Selection,
    StorageClass, SymbolType, WeakSearch,
};
use crate::core::raw::coff as raw;
use crate::error::{Error, ErrorKind, Result};
use crate::ids::{id_type, next_tag};
use crate::strtab::{FinalStringTable, StringTable, StrtabKind};

/// The most sections an object without bigobj can have
/// (`COFF::MaxNumberOfSections16`).
pub const MAX_SECTIONS_16: u32 = 65_279;
/// The most sections a bigobj object can have (section numbers are
/// signed 32-bit).
pub const MAX_SECTIONS_32: u32 = i32::MAX as u32;

/// The size of an auxiliary symbol record: a symbol record's
/// (`raw::Symbol::size(false)`), 20 bytes in bigobj.
const SYMBOL16_SIZE: usize = 18;
/// The size of a bigobj auxiliary record (`raw::Symbol::size(true)`), and
/// of the raw auxiliary records [`CoffBuilder::add_aux_record`] keeps.
const SYMBOL32_SIZE: usize = 20;
const NAME_SIZE: usize = 8;
/// From this many relocations on, a section's count overflows into its
/// first relocation record (LLVM: `>= 0xffff`).
const RELOC_OVERFLOW: usize = 0xffff;

id_type!(
    /// A section of one [`CoffBuilder`].
    SectionId,
    "The position of the section in the order it was added (not its section number: see [`CoffLayout::section_number`])."
);
id_type!(
    /// A symbol of one [`CoffBuilder`].
    SymbolId,
    "The position of the symbol in the order it was added (not its symbol table index: see [`CoffLayout::symbol_index`])."
);

/// A section to add with [`CoffBuilder::add_section`]: its name, its
/// characteristics and alignment, and whether it gets its section symbol
/// now — as [`elf::SectionSpec`](crate::elf::SectionSpec) for ELF.
///
/// ```
/// use llvmext_obj::coff::{CoffBuilder, Machine, SectionFlags, SectionSpec};
/// let mut b = CoffBuilder::new(Machine::AMD64);
/// let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT).align(16))?;
/// assert_eq!(b.append_data(text, &[0xc3], 1)?, 0);
/// # Ok::<(), llvmext_obj::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionSpec<'a> {
    /// The name (a long one goes to the string table).
    pub name: &'a [u8],
    /// The characteristics (an alignment field in them is used unless
    /// [`align`](Self::align) is set).
    pub flags: SectionFlags,
    /// The alignment: a power of two up to 8192 (`None`: the flags', else 1).
    pub align: Option<u64>,
    /// Whether the section symbol is added with the section (LLVM adds one
    /// for every section).
    pub symbol: bool,
}

impl<'a> SectionSpec<'a> {
    /// A section named `name` with characteristics `flags`, with its
    /// section symbol.
    pub fn new(name: &'a [u8], flags: SectionFlags) -> Self {
        SectionSpec { name, flags, align: None, symbol: true }
    }

    /// With alignment `align` (a power of two up to 8192).
    pub fn align(self, align: u64) -> Self {
        SectionSpec { align: Some(align), ..self }
    }

    /// Without its section symbol (added later with
    /// [`CoffBuilder::add_section_symbol`], or never).
    pub fn without_symbol(self) -> Self {
        SectionSpec { symbol: false, ..self }
    }
}

/// Whether the object uses the bigobj format (`ANON_OBJECT_HEADER_BIGOBJ`,
/// 32-bit section numbers, 20-byte symbol records).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BigObj {
    /// As LLVM decides: bigobj exactly when there are more than 65 279
    /// sections.
    #[default]
    Auto,
    /// Always bigobj.
    Always,
    /// Never: more than 65 279 sections is an error.
    Never,
}

/// The `SectionNumber` of a symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolSection {
    /// `IMAGE_SYM_UNDEFINED` (0): undefined, or common with a non-zero
    /// value.
    Undefined,
    /// `IMAGE_SYM_ABSOLUTE` (-1).
    Absolute,
    /// `IMAGE_SYM_DEBUG` (-2).
    Debug,
    /// Defined in a section of this builder (its number is assigned at
    /// layout).
    Section(SectionId),
    /// Any other number, written as is.
    Number(i32),
}

/// A symbol to add with [`CoffBuilder::add_symbol`].
///
/// ```
/// use llvmext_obj::coff::{StorageClass, Symbol, SymbolSection, SymbolType};
/// let s = Symbol::undefined(b"puts").with_type(SymbolType::FUNCTION);
/// assert_eq!(s.storage_class, StorageClass::EXTERNAL);
/// assert_eq!(s.section, SymbolSection::Undefined);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symbol<'a> {
    /// The name (long names go to the string table).
    pub name: &'a [u8],
    /// The value: the offset in its section, the absolute value, or the
    /// size of a common symbol.
    pub value: u32,
    /// Where it is defined.
    pub section: SymbolSection,
    /// Its type.
    pub ty: SymbolType,
    /// Its storage class.
    pub storage_class: StorageClass,
}

impl<'a> Symbol<'a> {
    /// An external (global) symbol defined at `value` in `section`.
    pub fn external(name: &'a [u8], section: SectionId, value: u32) -> Self {
        Symbol {
            name,
            value,
            section: SymbolSection::Section(section),
            ty: SymbolType::NULL,
            storage_class: StorageClass::EXTERNAL,
        }
    }

    /// A static (local) symbol defined at `value` in `section`.
    pub fn local(name: &'a [u8], section: SectionId, value: u32) -> Self {
        Symbol { storage_class: StorageClass::STATIC, ..Symbol::external(name, section, value) }
    }

    /// An undefined external symbol.
    pub fn undefined(name: &'a [u8]) -> Self {
        Symbol {
            name,
            value: 0,
            section: SymbolSection::Undefined,
            ty: SymbolType::NULL,
            storage_class: StorageClass::EXTERNAL,
        }
    }

    /// An external absolute symbol with `value`.
    pub fn absolute(name: &'a [u8], value: u32) -> Self {
        Symbol { section: SymbolSection::Absolute, value, ..Symbol::undefined(name) }
    }

    /// A common symbol of `size` bytes (external, undefined, value = size;
    /// its alignment, if any, goes in `.drectve` as `-aligncomm:`).
    pub fn common(name: &'a [u8], size: u32) -> Self {
        Symbol { value: size, ..Symbol::undefined(name) }
    }

    /// The same symbol with type `ty` (e.g. [`SymbolType::FUNCTION`]).
    pub fn with_type(self, ty: SymbolType) -> Self {
        Symbol { ty, ..self }
    }

    /// The same symbol with storage class `class`.
    pub fn with_storage_class(self, class: StorageClass) -> Self {
        Symbol { storage_class: class, ..self }
    }
}

/// A relocation to add with [`CoffBuilder::add_reloc`]: the shape of
/// [`elf::Reloc`](crate::elf::Reloc).
///
/// COFF keeps addends in the section's bytes: a non-zero `addend` is added,
/// when the relocation is added, to the little-endian value already in the
/// field (whose size the type gives: 8 bytes for `ADDR64`, 2 for
/// `SECTION`, 4 for the others; relocations encoded in ARM64 instructions
/// take no addend here). For `REL32` the field counts from its own end:
/// `call rel32` to `f` is `REL32` with addend 0 where ELF writes `-4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reloc {
    /// The offset of the field in the section (`VirtualAddress`).
    pub offset: u64,
    /// The symbol it refers to (COFF relocations always name one: `None`
    /// is refused).
    pub symbol: Option<SymbolId>,
    /// The `Type` number.
    pub r_type: u16,
    /// Added to the value in the field's bytes.
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
struct SectionData {
    name: Vec<u8>,
    /// Characteristics without the alignment field and `LNK_NRELOC_OVFL`.
    flags: u32,
    /// The alignment field (already shifted into place).
    align_bits: u32,
    data: Vec<u8>,
    bss_size: u32,
    /// `(offset, symbol index, type)`.
    relocs: Vec<(u32, u32, u16)>,
    selection: u8,
    associated: Option<u32>,
    checksum: Option<u32>,
    symbol: Option<u32>,
}

impl SectionData {
    fn is_uninitialized(&self) -> bool {
        self.flags & SectionFlags::CNT_UNINITIALIZED_DATA.0 != 0
    }

    fn size(&self) -> u32 {
        if self.is_uninitialized() {
            self.bss_size
        } else {
            // `set_data`/`append_data` keep it within u32.
            self.data.len() as u32
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum SecRef {
    Index(u32),
    Number(i32),
}

#[derive(Debug, Clone)]
enum SymKind {
    /// Auxiliary records given by the caller (each up to 20 bytes).
    Plain(Vec<[u8; SYMBOL32_SIZE]>),
    /// The section symbol of a section (one section-definition record).
    SectionDef(u32),
    /// A weak external (one weak-external record).
    Weak { default: Option<u32>, search: u32 },
    /// A `.file` symbol; the name fills its auxiliary records.
    File(Vec<u8>),
}

#[derive(Debug, Clone)]
struct SymbolData {
    name: (usize, usize),
    value: u32,
    section: SecRef,
    ty: u16,
    class: u8,
    kind: SymKind,
}

/// A COFF relocatable object being built.
///
/// Sections, symbols and relocations are added in any order; [`layout`]
/// assigns section numbers, symbol-table indices and file offsets exactly
/// as LLVM 19's `WinCOFFObjectWriter` does, and [`write`] produces the
/// bytes:
///
/// - section numbers: every non-associative section in the order added,
///   then the associative ones (LLVM avoids forward associative
///   references), unless [`set_llvm_section_numbering`] turned it off;
/// - the file: header, section headers by number, then for each section in
///   the order added its raw data (none for uninitialized data) and its
///   relocations, no padding; the symbol table in the order symbols were
///   added; the string table (section names first, then symbol names longer
///   than 8 bytes, tail-merged);
/// - section-definition records carry the JamCRC (initial value 0) of the
///   section's bytes, as LLVM computes them for every section with raw data.
///
/// LLVM's symbol order, to produce the same objects: for each section its
/// section symbol (from [`add_section`]) and, for a COMDAT, the COMDAT
/// symbol right after; then the other symbols in the assembler's order, each
/// weak external followed by its default `.weak.NAME.default.UNIQUE`; the
/// `.file` symbols last. For ARM64, LLVM also adds, after a section's
/// symbol and COMDAT symbol, a `$L<section>_<n>` label (class `LABEL`) for
/// every 1 MiB of a larger section; those are ordinary symbols here.
///
/// ```
/// use llvmext_obj::coff::{
///     CoffBuilder, Machine, Reloc, RelocAmd64, SectionFlags, SectionSpec, Symbol,
/// };
/// let mut b = CoffBuilder::new(Machine::AMD64);
/// let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT))?;
/// b.set_alignment(text, 16)?;
/// // call puts; ret
/// b.set_data(text, vec![0xe8, 0, 0, 0, 0, 0xc3])?;
/// b.add_symbol(Symbol::external(b"main", text, 0))?;
/// let puts = b.add_symbol(Symbol::undefined(b"puts"))?;
/// b.add_reloc(text, Reloc::new(1, Some(puts), RelocAmd64::REL32, 0))?;
/// let bytes = b.write()?;
/// assert_eq!(&bytes[..2], &[0x64, 0x86]);
/// # Ok::<(), llvmext_obj::Error>(())
/// ```
///
/// [`layout`]: CoffBuilder::layout
/// [`write`]: CoffBuilder::write
/// [`add_section`]: CoffBuilder::add_section
/// [`set_llvm_section_numbering`]: CoffBuilder::set_llvm_section_numbering
#[derive(Debug, Clone)]
pub struct CoffBuilder {
    tag: u32,
    revision: u64,
    machine: Machine,
    bigobj: BigObj,
    timestamp: u32,
    characteristics: u16,
    llvm_numbering: bool,
    sections: Vec<SectionData>,
    symbols: Vec<SymbolData>,
    names: Vec<u8>,
}

/// The JamCRC (CRC-32 without the final inversion) of `data` with initial
/// value 0: the checksum LLVM writes in section-definition records.
///
/// ```
/// assert_eq!(llvmext_obj::coff::checksum(&[]), 0);
/// assert_eq!(llvmext_obj::coff::checksum(&[1, 0, 0, 0]), 0xb8bc_6765);
/// ```
pub fn checksum(data: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut t = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 { 0xedb8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            t[i] = c;
            i += 1;
        }
        t
    };
    let mut crc = 0u32;
    for &b in data {
        crc = TABLE[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    crc
}

/// Encodes a string-table offset as a section name: `/N` in decimal up to
/// 9 999 999, `//` and six base-64 digits above (LLVM's
/// `COFF::encodeSectionName`).
///
/// ```
/// use llvmext_obj::coff::encode_section_name;
/// assert_eq!(&encode_section_name(4).unwrap(), b"/4\0\0\0\0\0\0");
/// assert_eq!(&encode_section_name(10_000_000).unwrap(), b"//AAmJaA");
/// ```
pub fn encode_section_name(offset: u64) -> Result<[u8; 8]> {
    let mut out = [0u8; 8];
    if offset <= 9_999_999 {
        let s = format!("/{offset}");
        out[..s.len()].copy_from_slice(s.as_bytes());
        return Ok(out);
    }
    if offset <= 0xf_ffff_ffff {
        const ALPHABET: &[u8; 64] =
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        out[0] = b'/';
        out[1] = b'/';
        let mut v = offset;
        for i in (2..8).rev() {
            out[i] = ALPHABET[(v % 64) as usize];
            v /= 64;
        }
        return Ok(out);
    }
    Err(Error::new(ErrorKind::StringTableOverflow { size: offset }))
}

impl CoffBuilder {
    /// An empty object for `machine`: no bigobj unless needed, time stamp 0
    /// and header characteristics 0 (what LLVM writes by default).
    pub fn new(machine: Machine) -> Self {
        CoffBuilder {
            tag: next_tag(),
            revision: 0,
            machine,
            bigobj: BigObj::Auto,
            timestamp: 0,
            characteristics: 0,
            llvm_numbering: true,
            sections: Vec::new(),
            symbols: Vec::new(),
            names: Vec::new(),
        }
    }

    /// The machine.
    pub fn machine(&self) -> Machine {
        self.machine
    }

    /// Chooses the bigobj format (default [`BigObj::Auto`]).
    pub fn set_bigobj(&mut self, mode: BigObj) {
        self.revision += 1;
        self.bigobj = mode;
    }

    /// Sets the header's `TimeDateStamp` (LLVM writes 0 unless asked for
    /// incremental-linker compatibility, which clang does for MSVC targets).
    pub fn set_timestamp(&mut self, timestamp: u32) {
        self.revision += 1;
        self.timestamp = timestamp;
    }

    /// Sets the header's `Characteristics` (not written in bigobj headers).
    pub fn set_characteristics(&mut self, characteristics: u16) {
        self.revision += 1;
        self.characteristics = characteristics;
    }

    /// Whether sections are numbered as LLVM does (non-associative sections
    /// first, then associative ones; the default), or in the order added.
    /// Raw data is always laid out in the order added.
    pub fn set_llvm_section_numbering(&mut self, llvm: bool) {
        self.revision += 1;
        self.llvm_numbering = llvm;
    }

    /// The number of sections.
    pub fn section_count(&self) -> usize {
        self.sections.len()
    }

    /// The number of symbols (not counting auxiliary records).
    pub fn symbol_count(&self) -> usize {
        self.symbols.len()
    }

    fn section_index(&self, id: SectionId) -> Result<usize> {
        if id.tag != self.tag || id.index as usize >= self.sections.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "section" }));
        }
        Ok(id.index as usize)
    }

    fn symbol_index(&self, id: SymbolId) -> Result<usize> {
        if id.tag != self.tag || id.index as usize >= self.symbols.len() {
            return Err(Error::new(ErrorKind::ForeignId { what: "symbol" }));
        }
        Ok(id.index as usize)
    }

    fn section_mut(&mut self, id: SectionId) -> Result<&mut SectionData> {
        let i = self.section_index(id)?;
        self.revision += 1;
        Ok(&mut self.sections[i])
    }

    /// Adds a section as `spec` describes it and, unless
    /// [`SectionSpec::without_symbol`] says otherwise, its section symbol as
    /// LLVM does (static, named like the section, with a section-definition
    /// auxiliary record; a COMDAT section needs one, since its selection is
    /// written there: add it later with
    /// [`add_section_symbol`](Self::add_section_symbol)).
    ///
    /// The alignment is [`SectionSpec::align`]'s, else the alignment field
    /// of the flags, else 1 byte (LLVM's default). `LNK_NRELOC_OVFL` is
    /// ignored (the writer sets it when needed).
    pub fn add_section(&mut self, spec: SectionSpec<'_>) -> Result<SectionId> {
        let id = self.push_section(spec.name, spec.flags, spec.align)?;
        if spec.symbol {
            self.add_section_symbol(id)?;
        }
        Ok(id)
    }

    fn push_section(
        &mut self,
        name: &[u8],
        flags: SectionFlags,
        align: Option<u64>,
    ) -> Result<SectionId> {
        let align = match align {
            Some(a) => a,
            None => u64::from(flags.alignment()?.unwrap_or(1)),
        };
        let align_bits = SectionFlags::align(align)?.0;
        if self.sections.len() >= MAX_SECTIONS_32 as usize {
            return Err(Error::new(ErrorKind::TooManySections {
                count: self.sections.len() as u64 + 1,
                limit: u64::from(MAX_SECTIONS_32),
            }));
        }
        self.revision += 1;
        let index = self.sections.len() as u32;
        self.sections.push(SectionData {
            name: name.to_vec(),
            flags: flags.0 & !(SectionFlags::ALIGN_MASK.0 | SectionFlags::LNK_NRELOC_OVFL.0),
            align_bits,
            data: Vec::new(),
            bss_size: 0,
            relocs: Vec::new(),
            selection: 0,
            associated: None,
            checksum: None,
            symbol: None,
        });
        Ok(SectionId { tag: self.tag, index })
    }

    /// Adds the section symbol of `section`: static, value 0, named like the
    /// section, with its section-definition auxiliary record (size,
    /// relocation count, checksum, number or associated section, COMDAT
    /// selection — all filled in at layout). A section has at most one.
    pub fn add_section_symbol(&mut self, section: SectionId) -> Result<SymbolId> {
        let si = self.section_index(section)?;
        if self.sections[si].symbol.is_some() {
            return Err(Error::invalid("the section already has a section symbol"));
        }
        let name = self.sections[si].name.clone();
        let id = self.push_symbol(
            &name,
            0,
            SecRef::Index(si as u32),
            0,
            StorageClass::STATIC.0,
            SymKind::SectionDef(si as u32),
        )?;
        self.sections[si].symbol = Some(id.index);
        Ok(id)
    }

    /// The section symbol of `section`, if it has one.
    pub fn section_symbol(&self, section: SectionId) -> Result<Option<SymbolId>> {
        let si = self.section_index(section)?;
        Ok(self.sections[si].symbol.map(|index| SymbolId { tag: self.tag, index }))
    }

    /// Sets the alignment of `section`: a power of two no larger than 8192.
    pub fn set_alignment(&mut self, section: SectionId, align: u64) -> Result<()> {
        let bits = SectionFlags::align(align)?.0;
        self.section_mut(section)?.align_bits = bits;
        Ok(())
    }

    /// Writes no alignment field at all for `section` (LLVM always writes
    /// one; other producers may not).
    pub fn clear_alignment(&mut self, section: SectionId) -> Result<()> {
        self.section_mut(section)?.align_bits = 0;
        Ok(())
    }

    /// Replaces the contents of an initialized section.
    pub fn set_data(&mut self, section: SectionId, data: impl Into<Vec<u8>>) -> Result<()> {
        let data = data.into();
        let s = self.section_mut(section)?;
        if s.is_uninitialized() {
            return Err(Error::invalid("an uninitialized-data section has no contents"));
        }
        if data.len() > u32::MAX as usize {
            return Err(Error::new(ErrorKind::DoesNotFit {
                field: "SizeOfRawData",
                value: data.len() as u64,
            }));
        }
        s.data = data;
        Ok(())
    }

    /// Appends `bytes` to an initialized section at the next multiple of
    /// `align` (a power of two up to 8192; 0 and 1 mean none), padding
    /// with zeros, raises the section's alignment to `align`, and returns
    /// the offset they start at — as [`ElfBuilder::append_data`] does.
    ///
    /// [`ElfBuilder::append_data`]: crate::elf::ElfBuilder::append_data
    pub fn append_data(&mut self, section: SectionId, bytes: &[u8], align: u64) -> Result<u64> {
        let align = align.max(1);
        let bits = SectionFlags::align(align)?.0;
        let s = self.section_mut(section)?;
        if s.is_uninitialized() {
            return Err(Error::invalid("an uninitialized-data section has no contents"));
        }
        let start = (s.data.len() as u64).next_multiple_of(align);
        let end = start + bytes.len() as u64;
        if end > u64::from(u32::MAX) {
            return Err(Error::new(ErrorKind::DoesNotFit { field: "SizeOfRawData", value: end }));
        }
        s.data.resize(start as usize, 0);
        s.data.extend_from_slice(bytes);
        // The alignment field grows with the exponent; 1 leaves it as is
        // (none, after clear_alignment).
        if align > 1 && bits > s.align_bits {
            s.align_bits = bits;
        }
        Ok(start)
    }

    /// Sets the size of an uninitialized-data section
    /// (`CNT_UNINITIALIZED_DATA`).
    pub fn set_uninitialized_size(&mut self, section: SectionId, size: u32) -> Result<()> {
        let s = self.section_mut(section)?;
        if !s.is_uninitialized() {
            return Err(Error::invalid(
                "only an uninitialized-data section (CNT_UNINITIALIZED_DATA) has a size \
                 without contents",
            ));
        }
        s.bss_size = size;
        Ok(())
    }

    /// The size of `section` (its contents, or its uninitialized size).
    pub fn section_size(&self, section: SectionId) -> Result<u32> {
        Ok(self.sections[self.section_index(section)?].size())
    }

    /// Makes `section` a COMDAT with `selection` (any selection but
    /// [`Selection::ASSOCIATIVE`], see
    /// [`set_associative`](Self::set_associative)); also sets
    /// `LNK_COMDAT`. The COMDAT symbol is the first symbol after the section
    /// symbol defined in the section: add it right after.
    pub fn set_comdat(&mut self, section: SectionId, selection: Selection) -> Result<()> {
        if selection == Selection::ASSOCIATIVE {
            return Err(Error::invalid(
                "associative COMDATs name their associated section: use set_associative",
            ));
        }
        if selection.0 == 0 {
            return Err(Error::invalid("COMDAT selection 0 is not a selection"));
        }
        let s = self.section_mut(section)?;
        s.selection = selection.0;
        s.associated = None;
        s.flags |= SectionFlags::LNK_COMDAT.0;
        Ok(())
    }

    /// Declares a COMDAT in one call: makes `section` a COMDAT with
    /// `selection` (as [`set_comdat`](Self::set_comdat)) and adds `symbol`,
    /// defined in it, as its COMDAT symbol — the symbol the linker selects
    /// by, which COFF takes to be the first symbol defined in the section
    /// after its section symbol. Errors: a symbol not in `section`, a
    /// section without its section symbol (where the selection is
    /// written), or one that already has a symbol defined in it.
    ///
    /// ```
    /// use llvmext_obj::coff::{CoffBuilder, Machine, SectionFlags, SectionSpec, Selection, Symbol};
    /// let mut b = CoffBuilder::new(Machine::AMD64);
    /// let flags = SectionFlags::TEXT;
    /// let text = b.add_section(SectionSpec::new(b".text$inline_f", flags).align(16))?;
    /// b.append_data(text, &[0xc3], 1)?;
    /// let f = b.add_comdat(text, Selection::ANY, Symbol::external(b"inline_f", text, 0))?;
    /// # let _ = f;
    /// # b.write()?;
    /// # Ok::<(), llvmext_obj::Error>(())
    /// ```
    pub fn add_comdat(
        &mut self,
        section: SectionId,
        selection: Selection,
        symbol: Symbol<'_>,
    ) -> Result<SymbolId> {
        let si = self.section_index(section)?;
        if symbol.section != SymbolSection::Section(section) {
            return Err(Error::invalid("a COMDAT symbol is defined in its COMDAT section"));
        }
        let Some(own) = self.sections[si].symbol else {
            return Err(Error::invalid(
                "a COMDAT section needs its section symbol (where the selection is written)",
            ));
        };
        let taken = self.symbols[own as usize + 1..]
            .iter()
            .any(|s| matches!(s.section, SecRef::Index(k) if k as usize == si));
        if taken {
            return Err(Error::invalid(format!(
                "section '{}' already has a symbol defined in it: its COMDAT symbol would be \
                 that one",
                String::from_utf8_lossy(&self.sections[si].name)
            )));
        }
        self.set_comdat(section, selection)?;
        self.add_symbol(symbol)
    }

    /// Makes `section` an associative COMDAT of `associated` (linked if and
    /// only if that section is); also sets `LNK_COMDAT`.
    pub fn set_associative(&mut self, section: SectionId, associated: SectionId) -> Result<()> {
        let target = self.section_index(associated)?;
        let si = self.section_index(section)?;
        if si == target {
            return Err(Error::invalid("a section cannot be associative with itself"));
        }
        let s = self.section_mut(section)?;
        s.selection = Selection::ASSOCIATIVE.0;
        s.associated = Some(target as u32);
        s.flags |= SectionFlags::LNK_COMDAT.0;
        Ok(())
    }

    /// Writes `checksum` in the section-definition record of `section`
    /// instead of the JamCRC of its contents.
    pub fn set_checksum(&mut self, section: SectionId, checksum: u32) -> Result<()> {
        self.section_mut(section)?.checksum = Some(checksum);
        Ok(())
    }

    /// Adds a relocation to `section`, after the bytes it patches (its
    /// field must lie inside them). Relocations are written in the order
    /// added; a typed relocation type must belong to the builder's machine;
    /// a non-zero addend is added to the field's bytes (see [`Reloc`]).
    pub fn add_reloc(&mut self, section: SectionId, reloc: Reloc) -> Result<()> {
        check_reloc_machine(reloc.r_type, reloc.machine, self.machine)?;
        let Some(symbol) = reloc.symbol else {
            return Err(Error::invalid("a COFF relocation names a symbol"));
        };
        let sym = self.symbol_index(symbol)? as u32;
        let machine = self.machine;
        let si = self.section_index(section)?;
        let name = String::from_utf8_lossy(&self.sections[si].name).into_owned();
        let s = self.section_mut(section)?;
        let s_len = s.size();
        let outside = |what: &str| {
            Error::invalid(format!(
                "relocation at offset {} of section '{name}' ({s_len} bytes): {what}",
                reloc.offset
            ))
        };
        let size = reloc_field_size(machine, reloc.r_type);
        let end = reloc.offset.checked_add(u64::from(size.unwrap_or(1)));
        let inside = !s.is_uninitialized() && end.is_some_and(|e| e <= s.data.len() as u64);
        if !inside {
            return Err(outside("its field is outside the section's bytes"));
        }
        if reloc.addend != 0 {
            let Some(size) = size else {
                return Err(outside("this relocation type takes no addend in the bytes"));
            };
            let at = reloc.offset as usize;
            let field = &mut s.data[at..at + usize::from(size)];
            let mut raw = [0u8; 8];
            raw[..field.len()].copy_from_slice(field);
            let old = match size {
                2 => i64::from(i16::from_le_bytes([raw[0], raw[1]])),
                4 => i64::from(i32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]])),
                _ => i64::from_le_bytes(raw),
            };
            let new = old.checked_add(reloc.addend);
            match (new, size) {
                (Some(v), 2) if i16::try_from(v).is_ok() || u16::try_from(v).is_ok() => {
                    field.copy_from_slice(&(v as u16).to_le_bytes())
                }
                (Some(v), 4) if i32::try_from(v).is_ok() || u32::try_from(v).is_ok() => {
                    field.copy_from_slice(&(v as u32).to_le_bytes())
                }
                (Some(v), 8) => field.copy_from_slice(&v.to_le_bytes()),
                _ => {
                    return Err(Error::new(ErrorKind::DoesNotFit {
                        field: "relocation addend",
                        value: reloc.addend as u64,
                    }))
                }
            }
        }
        let offset = u32::try_from(reloc.offset).map_err(|_| {
            Error::new(ErrorKind::DoesNotFit { field: "VirtualAddress", value: reloc.offset })
        })?;
        s.relocs.push((offset, sym, reloc.r_type));
        Ok(())
    }

    /// Adds many relocations to `section` (none if one is refused).
    pub fn add_relocs(&mut self, section: SectionId, relocs: &[Reloc]) -> Result<()> {
        let si = self.section_index(section)?;
        let before = (self.sections[si].data.clone(), self.sections[si].relocs.len());
        for r in relocs {
            if let Err(e) = self.add_reloc(section, *r) {
                let s = &mut self.sections[si];
                s.data = before.0;
                s.relocs.truncate(before.1);
                return Err(e);
            }
        }
        Ok(())
    }

    /// The number of relocations of `section`.
    pub fn relocation_count(&self, section: SectionId) -> Result<usize> {
        Ok(self.sections[self.section_index(section)?].relocs.len())
    }

    fn push_symbol(
        &mut self,
        name: &[u8],
        value: u32,
        section: SecRef,
        ty: u16,
        class: u8,
        kind: SymKind,
    ) -> Result<SymbolId> {
        if self.symbols.len() >= u32::MAX as usize {
            return Err(Error::invalid("too many symbols"));
        }
        self.revision += 1;
        let start = self.names.len();
        self.names.extend_from_slice(name);
        let index = self.symbols.len() as u32;
        self.symbols.push(SymbolData {
            name: (start, name.len()),
            value,
            section,
            ty,
            class,
            kind,
        });
        Ok(SymbolId { tag: self.tag, index })
    }

    fn sec_ref(&self, section: SymbolSection) -> Result<SecRef> {
        Ok(match section {
            SymbolSection::Undefined => SecRef::Number(0),
            SymbolSection::Absolute => SecRef::Number(-1),
            SymbolSection::Debug => SecRef::Number(-2),
            SymbolSection::Number(n) => SecRef::Number(n),
            SymbolSection::Section(id) => SecRef::Index(self.section_index(id)? as u32),
        })
    }

    /// Adds a symbol, at the end of the symbol table.
    pub fn add_symbol(&mut self, symbol: Symbol<'_>) -> Result<SymbolId> {
        let section = self.sec_ref(symbol.section)?;
        self.push_symbol(
            symbol.name,
            symbol.value,
            section,
            symbol.ty.0,
            symbol.storage_class.0,
            SymKind::Plain(Vec::new()),
        )
    }

    /// Appends an auxiliary record of raw bytes (at most 18, or 20 in a
    /// bigobj object; zero-padded) to a symbol added with
    /// [`add_symbol`](Self::add_symbol).
    pub fn add_aux_record(&mut self, symbol: SymbolId, record: &[u8]) -> Result<()> {
        let i = self.symbol_index(symbol)?;
        if record.len() > SYMBOL32_SIZE {
            return Err(Error::new(ErrorKind::DoesNotFit {
                field: "auxiliary symbol record",
                value: record.len() as u64,
            }));
        }
        let SymKind::Plain(aux) = &mut self.symbols[i].kind else {
            return Err(Error::invalid(
                "section, weak-external and file symbols have their own auxiliary records",
            ));
        };
        let mut r = [0u8; SYMBOL32_SIZE];
        r[..record.len()].copy_from_slice(record);
        aux.push(r);
        self.revision += 1;
        Ok(())
    }

    /// Adds a weak external: an undefined symbol of class `WEAK_EXTERNAL`
    /// whose auxiliary record names the `default` symbol used when no
    /// definition is found (set it later with
    /// [`set_weak_default`](Self::set_weak_default) if it does not exist
    /// yet) and how to search (`.weak` in LLVM: [`WeakSearch::ALIAS`]).
    ///
    /// LLVM's default for `.weak foo` defined at `foo:` is a symbol
    /// `.weak.foo.default.UNIQUE` (external, where `foo` was defined; UNIQUE
    /// is the first external non-COMDAT definition), added right after.
    pub fn add_weak_external(
        &mut self,
        name: &[u8],
        default: Option<SymbolId>,
        search: WeakSearch,
    ) -> Result<SymbolId> {
        let default = default.map(|d| self.symbol_index(d).map(|i| i as u32)).transpose()?;
        self.push_symbol(
            name,
            0,
            SecRef::Number(0),
            0,
            StorageClass::WEAK_EXTERNAL.0,
            SymKind::Weak { default, search: search.0 },
        )
    }

    /// Sets the default symbol of the weak external `weak`.
    pub fn set_weak_default(&mut self, weak: SymbolId, default: SymbolId) -> Result<()> {
        let w = self.symbol_index(weak)?;
        let d = self.symbol_index(default)? as u32;
        let SymKind::Weak { default, .. } = &mut self.symbols[w].kind else {
            return Err(Error::invalid("not a weak external"));
        };
        *default = Some(d);
        self.revision += 1;
        Ok(())
    }

    /// Adds a `.file` symbol for `file_name` (class `FILE`, section
    /// `IMAGE_SYM_DEBUG`), the name in as many auxiliary records as it needs.
    pub fn add_file(&mut self, file_name: &[u8]) -> Result<SymbolId> {
        self.push_symbol(
            b".file",
            0,
            SecRef::Number(-2),
            0,
            StorageClass::FILE.0,
            SymKind::File(file_name.to_vec()),
        )
    }

    fn symbol_name(&self, s: &SymbolData) -> &[u8] {
        &self.names[s.name.0..s.name.0 + s.name.1]
    }

    fn aux_count(&self, s: &SymbolData, symbol_size: usize) -> usize {
        match &s.kind {
            SymKind::Plain(aux) => aux.len(),
            SymKind::SectionDef(_) | SymKind::Weak { .. } => 1,
            SymKind::File(name) => name.len().div_ceil(symbol_size),
        }
    }

    /// Lays the object out: bigobj or not, section numbers, symbol-table
    /// indices, file offsets and the string table.
    ///
    /// Errors: too many sections without bigobj, a weak external without a
    /// default, a string table or file past 4 GiB, an auxiliary record of
    /// 19 or 20 bytes without bigobj, a section number that does not fit.
    pub fn layout(&self) -> Result<CoffLayout> {
        self.check_sections_and_definitions()?;
        let n = self.sections.len();
        let bigobj = match self.bigobj {
            BigObj::Always => true,
            BigObj::Auto => n > MAX_SECTIONS_16 as usize,
            BigObj::Never => {
                if n > MAX_SECTIONS_16 as usize {
                    return Err(Error::new(ErrorKind::TooManySections {
                        count: n as u64,
                        limit: u64::from(MAX_SECTIONS_16),
                    }));
                }
                false
            }
        };
        let symbol_size = raw::Symbol::size(bigobj);

        // Section numbers.
        let mut numbers = vec![0u32; n];
        let mut by_number = Vec::with_capacity(n);
        let is_assoc = |s: &SectionData| s.selection == Selection::ASSOCIATIVE.0;
        if self.llvm_numbering {
            by_number.extend((0..n as u32).filter(|&i| !is_assoc(&self.sections[i as usize])));
            by_number.extend((0..n as u32).filter(|&i| is_assoc(&self.sections[i as usize])));
        } else {
            by_number.extend(0..n as u32);
        }
        for (k, &i) in by_number.iter().enumerate() {
            numbers[i as usize] = k as u32 + 1;
        }

        // Symbol-table indices.
        let mut symbol_indices = Vec::with_capacity(self.symbols.len());
        let mut next: u64 = 0;
        for s in &self.symbols {
            symbol_indices.push(next as u32);
            if let SymKind::Plain(aux) = &s.kind {
                if !bigobj && aux.iter().any(|r| r[SYMBOL16_SIZE..] != [0, 0]) {
                    return Err(Error::new(ErrorKind::DoesNotFit {
                        field: "auxiliary symbol record of 18 bytes",
                        value: SYMBOL32_SIZE as u64,
                    }));
                }
            }
            if let SymKind::Weak { default: None, .. } = s.kind {
                return Err(Error::invalid(format!(
                    "weak external '{}' has no default symbol",
                    String::from_utf8_lossy(self.symbol_name(s))
                )));
            }
            if let SecRef::Number(v) = s.section {
                if !bigobj && i16::try_from(v).is_err() {
                    return Err(Error::new(ErrorKind::DoesNotFit {
                        field: "16-bit symbol section number",
                        value: v as u32 as u64,
                    }));
                }
            }
            let naux = self.aux_count(s, symbol_size);
            if naux > usize::from(u8::MAX) {
                return Err(Error::new(ErrorKind::DoesNotFit {
                    field: "NumberOfAuxSymbols",
                    value: naux as u64,
                }));
            }
            next += 1 + naux as u64;
            if next > u64::from(u32::MAX) {
                return Err(Error::new(ErrorKind::DoesNotFit {
                    field: "NumberOfSymbols",
                    value: next,
                }));
            }
        }
        let symbol_count = next as u32;

        // The string table: section names, then symbol names, longer than 8.
        let mut strings = StringTable::new(StrtabKind::Coff);
        let section_strs: Vec<_> = self
            .sections
            .iter()
            .map(|s| (s.name.len() > NAME_SIZE).then(|| strings.add(&s.name)))
            .collect();
        let symbol_strs: Vec<_> = self
            .symbols
            .iter()
            .map(|s| {
                let name = self.symbol_name(s);
                (name.len() > NAME_SIZE).then(|| strings.add(name))
            })
            .collect();
        let strtab = strings.finalize()?;
        let offset_of = |id: Option<_>| id.map_or(0, |id| strtab.offset(id).unwrap_or(0));
        let section_name_offsets: Vec<u32> = section_strs.into_iter().map(offset_of).collect();
        let symbol_name_offsets: Vec<u32> = symbol_strs.into_iter().map(offset_of).collect();

        // File offsets.
        let header = if bigobj { raw::BigObjHeader::SIZE } else { raw::FileHeader::SIZE };
        let mut offset = (header + raw::SectionHeader::SIZE * n) as u64;
        let mut raw_offsets = vec![0u32; n];
        let mut reloc_offsets = vec![0u32; n];
        let too_big =
            |v: u64| Error::new(ErrorKind::DoesNotFit { field: "32-bit file offset", value: v });
        for (i, s) in self.sections.iter().enumerate() {
            if !s.is_uninitialized() {
                raw_offsets[i] = u32::try_from(offset).map_err(|_| too_big(offset))?;
                offset += s.data.len() as u64;
            }
            if !s.relocs.is_empty() {
                reloc_offsets[i] = u32::try_from(offset).map_err(|_| too_big(offset))?;
                let count = s.relocs.len() as u64 + u64::from(s.relocs.len() >= RELOC_OVERFLOW);
                offset += raw::Relocation::SIZE as u64 * count;
            }
        }
        let symtab_offset = u32::try_from(offset).map_err(|_| too_big(offset))?;
        let file_size =
            offset + u64::from(symbol_count) * symbol_size as u64 + strtab.size() as u64;
        if file_size > u64::from(u32::MAX) {
            return Err(too_big(file_size));
        }
        Ok(CoffLayout {
            tag: self.tag,
            revision: self.revision,
            bigobj,
            numbers,
            by_number,
            symbol_indices,
            symbol_count,
            raw_offsets,
            reloc_offsets,
            symtab_offset,
            strtab,
            section_name_offsets,
            symbol_name_offsets,
            file_size,
        })
    }

    /// Lays the object out and writes it.
    pub fn write(&self) -> Result<Vec<u8>> {
        let layout = self.layout()?;
        self.write_layout(&layout)
    }

    /// What the format forbids and the builder cannot see when it is
    /// added: a section flagged `IMAGE_SCN_LNK_COMDAT` without a selection
    /// ([`set_comdat`](Self::set_comdat) sets both), a section of both
    /// initialized and uninitialized data, two external definitions of one
    /// name.
    fn check_sections_and_definitions(&self) -> Result<()> {
        const BOTH: u32 =
            SectionFlags::CNT_INITIALIZED_DATA.0 | SectionFlags::CNT_UNINITIALIZED_DATA.0;
        for s in &self.sections {
            let name = || String::from_utf8_lossy(&s.name).into_owned();
            if s.flags & SectionFlags::LNK_COMDAT.0 != 0 && s.selection == 0 {
                return Err(Error::invalid(format!(
                    "section '{}' is flagged IMAGE_SCN_LNK_COMDAT without a COMDAT selection \
                     (use set_comdat or set_associative)",
                    name()
                )));
            }
            if s.flags & BOTH == BOTH {
                return Err(Error::invalid(format!(
                    "section '{}' is flagged as both initialized and uninitialized data",
                    name()
                )));
            }
        }
        let mut defined: Vec<&[u8]> = self
            .symbols
            .iter()
            .filter(|s| {
                s.class == StorageClass::EXTERNAL.0
                    && match s.section {
                        SecRef::Index(_) => true,
                        SecRef::Number(n) => n > 0,
                    }
            })
            .map(|s| &self.names[s.name.0..s.name.0 + s.name.1])
            .collect();
        defined.sort_unstable();
        match defined.windows(2).find(|w| w[0] == w[1]) {
            Some(w) => Err(Error::invalid(format!(
                "symbol '{}' is defined twice (two external definitions of one name)",
                String::from_utf8_lossy(w[0])
            ))),
            None => Ok(()),
        }
    }

    /// Writes the object with a layout from [`layout`](Self::layout) of
    /// this builder, unchanged since.
    pub fn write_layout(&self, layout: &CoffLayout) -> Result<Vec<u8>> {
        if layout.tag != self.tag {
            return Err(Error::new(ErrorKind::ForeignId { what: "layout" }));
        }
        if layout.revision != self.revision {
            return Err(Error::invalid("the builder changed after the layout was made"));
        }
        let bigobj = layout.bigobj;
        let symbol_size = raw::Symbol::size(bigobj);
        // Every byte has its place in the layout: fill a zeroed buffer of
        // the file's size (padding and unused fields stay zero).
        let mut w = Out { buf: vec![0u8; layout.file_size as usize], at: 0 };

        // File header.
        let number_of_sections = self.sections.len() as u32;
        if bigobj {
            raw::BigObjHeader {
                machine: self.machine.0,
                time_date_stamp: self.timestamp,
                number_of_sections,
                pointer_to_symbol_table: layout.symtab_offset,
                number_of_symbols: layout.symbol_count,
                ..raw::BigObjHeader::default()
            }
            .write(w.next(raw::BigObjHeader::SIZE));
        } else {
            raw::FileHeader {
                machine: self.machine.0,
                // `layout` checked that the count fits.
                number_of_sections: number_of_sections as u16,
                time_date_stamp: self.timestamp,
                pointer_to_symbol_table: layout.symtab_offset,
                number_of_symbols: layout.symbol_count,
                size_of_optional_header: 0,
                characteristics: self.characteristics,
            }
            .write(w.next(raw::FileHeader::SIZE));
        }

        // Section headers, by number.
        for &i in &layout.by_number {
            let i = i as usize;
            let s = &self.sections[i];
            let name = if s.name.len() > NAME_SIZE {
                encode_section_name(u64::from(layout.section_name_offsets[i]))?
            } else {
                short_name(&s.name)
            };
            let overflow = s.relocs.len() >= RELOC_OVERFLOW;
            let mut characteristics = s.flags | s.align_bits;
            if overflow {
                characteristics |= SectionFlags::LNK_NRELOC_OVFL.0;
            }
            raw::SectionHeader {
                name,
                size_of_raw_data: s.size(),
                pointer_to_raw_data: layout.raw_offsets[i],
                pointer_to_relocations: layout.reloc_offsets[i],
                number_of_relocations: if overflow { 0xffff } else { s.relocs.len() as u16 },
                characteristics,
                ..raw::SectionHeader::default()
            }
            .write(w.next(raw::SectionHeader::SIZE));
        }

        // Raw data and relocations, in the order added.
        for s in &self.sections {
            if !s.is_uninitialized() {
                w.next(s.data.len()).copy_from_slice(&s.data);
            }
            if s.relocs.is_empty() {
                continue;
            }
            let overflow = s.relocs.len() >= RELOC_OVERFLOW;
            let count = s.relocs.len() + usize::from(overflow);
            let mut records = w.next(raw::Relocation::SIZE * count);
            if overflow {
                // The real count, this record included, in the first one.
                let virtual_address = count as u32;
                raw::Relocation { virtual_address, ..raw::Relocation::default() }.write(records);
                records = &mut records[raw::Relocation::SIZE..];
            }
            let records = records.chunks_exact_mut(raw::Relocation::SIZE);
            for (&(virtual_address, sym, ty), record) in s.relocs.iter().zip(records) {
                raw::Relocation {
                    virtual_address,
                    symbol_table_index: layout.symbol_indices[sym as usize],
                    ty,
                }
                .write(record);
            }
        }
        debug_assert_eq!(w.at as u64, u64::from(layout.symtab_offset));

        // The symbol table.
        for (k, s) in self.symbols.iter().enumerate() {
            let name = self.symbol_name(s);
            let name = if name.len() > NAME_SIZE {
                let mut n = [0u8; NAME_SIZE];
                n[4..].copy_from_slice(&layout.symbol_name_offsets[k].to_le_bytes());
                n
            } else {
                short_name(name)
            };
            raw::Symbol {
                name,
                value: s.value,
                section_number: match s.section {
                    SecRef::Index(i) => layout.numbers[i as usize] as i32,
                    SecRef::Number(v) => v,
                },
                ty: s.ty,
                storage_class: s.class,
                // `layout` checked that the count fits.
                number_of_aux_symbols: self.aux_count(s, symbol_size) as u8,
            }
            .write(bigobj, w.next(symbol_size));
            // Auxiliary records: the buffer is zeroed, so only the fields
            // are written.
            match &s.kind {
                SymKind::Plain(aux) => {
                    for r in aux {
                        w.next(symbol_size).copy_from_slice(&r[..symbol_size]);
                    }
                }
                SymKind::SectionDef(si) => {
                    let sec = &self.sections[*si as usize];
                    let nrelocs: u16 = if sec.relocs.len() >= RELOC_OVERFLOW {
                        0xffff
                    } else {
                        sec.relocs.len() as u16
                    };
                    let crc = match sec.checksum {
                        Some(c) => c,
                        None if sec.is_uninitialized() => 0,
                        None => checksum(&sec.data),
                    };
                    let number = match sec.associated {
                        Some(a) if sec.selection == Selection::ASSOCIATIVE.0 => {
                            layout.numbers[a as usize]
                        }
                        _ => layout.numbers[*si as usize],
                    };
                    raw::AuxSectionDefinition {
                        length: sec.size(),
                        number_of_relocations: nrelocs,
                        number_of_linenumbers: 0,
                        check_sum: crc,
                        number,
                        selection: sec.selection,
                    }
                    .write(w.next(symbol_size));
                }
                SymKind::Weak { default, search } => {
                    // `layout` refused weak externals without a default.
                    let tag = default.map_or(0, |d| layout.symbol_indices[d as usize]);
                    raw::AuxWeakExternal { tag_index: tag, characteristics: *search }
                        .write(w.next(symbol_size));
                }
                SymKind::File(file) => {
                    let records = w.next(symbol_size * file.len().div_ceil(symbol_size));
                    records[..file.len()].copy_from_slice(file);
                }
            }
        }

        // The string table.
        let strtab = layout.strtab.bytes();
        w.next(strtab.len()).copy_from_slice(strtab);
        debug_assert_eq!(w.at, w.buf.len());
        Ok(w.buf)
    }
}

/// The output of [`CoffBuilder::write_layout`]: a zeroed buffer of the
/// file's size and where the next structure goes.
struct Out {
    buf: Vec<u8>,
    at: usize,
}

impl Out {
    /// The next `len` bytes of the buffer (the layout sized it: panics if
    /// they are not there).
    #[inline]
    fn next(&mut self, len: usize) -> &mut [u8] {
        let start = self.at;
        self.at += len;
        &mut self.buf[start..self.at]
    }
}

/// A name of at most 8 bytes, NUL-padded to the 8-byte field.
#[inline]
fn short_name(name: &[u8]) -> [u8; NAME_SIZE] {
    let mut n = [0u8; NAME_SIZE];
    n[..name.len()].copy_from_slice(name);
    n
}

/// Where everything of a [`CoffBuilder`] goes: made by
/// [`CoffBuilder::layout`], consumed by [`CoffBuilder::write_layout`].
///
/// ```
/// use llvmext_obj::coff::{CoffBuilder, Machine, SectionFlags, SectionSpec};
/// let mut b = CoffBuilder::new(Machine::ARM64);
/// let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT))?;
/// let xdata = b.add_section(SectionSpec::new(b".xdata", SectionFlags::RDATA))?;
/// b.set_comdat(text, llvmext_obj::coff::Selection::ANY)?;
/// b.set_associative(xdata, text)?;
/// let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA))?;
/// let l = b.layout()?;
/// // Associative sections are numbered last.
/// assert_eq!(l.section_number(text)?, 1);
/// assert_eq!(l.section_number(data)?, 2);
/// assert_eq!(l.section_number(xdata)?, 3);
/// // Each section symbol takes two entries (itself and its aux record).
/// assert_eq!(l.symbol_index(b.section_symbol(data)?.unwrap())?, 4);
/// # Ok::<(), llvmext_obj::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct CoffLayout {
    tag: u32,
    revision: u64,
    bigobj: bool,
    numbers: Vec<u32>,
    by_number: Vec<u32>,
    symbol_indices: Vec<u32>,
    symbol_count: u32,
    raw_offsets: Vec<u32>,
    reloc_offsets: Vec<u32>,
    symtab_offset: u32,
    strtab: FinalStringTable,
    section_name_offsets: Vec<u32>,
    symbol_name_offsets: Vec<u32>,
    file_size: u64,
}

impl CoffLayout {
    /// Whether the object is written as bigobj.
    pub fn is_bigobj(&self) -> bool {
        self.bigobj
    }

    /// The section number (1-based) of `section`.
    pub fn section_number(&self, section: SectionId) -> Result<u32> {
        if section.tag != self.tag {
            return Err(Error::new(ErrorKind::ForeignId { what: "section" }));
        }
        self.numbers
            .get(section.index as usize)
            .copied()
            .ok_or(Error::new(ErrorKind::ForeignId { what: "section" }))
    }

    /// The symbol-table index of `symbol` (counting auxiliary records).
    pub fn symbol_index(&self, symbol: SymbolId) -> Result<u32> {
        if symbol.tag != self.tag {
            return Err(Error::new(ErrorKind::ForeignId { what: "symbol" }));
        }
        self.symbol_indices
            .get(symbol.index as usize)
            .copied()
            .ok_or(Error::new(ErrorKind::ForeignId { what: "symbol" }))
    }

    /// `NumberOfSymbols`: symbol records plus auxiliary records.
    pub fn symbol_table_entries(&self) -> u32 {
        self.symbol_count
    }

    /// The file offset of the symbol table.
    pub fn symbol_table_offset(&self) -> u32 {
        self.symtab_offset
    }

    /// The size of the string table, its 4-byte size field included.
    pub fn string_table_size(&self) -> usize {
        self.strtab.size()
    }

    /// The size of the whole file.
    pub fn file_size(&self) -> u64 {
        self.file_size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auxiliary_record_sizes_are_the_symbol_record_sizes() {
        assert_eq!(SYMBOL16_SIZE, raw::Symbol::size(false));
        assert_eq!(SYMBOL32_SIZE, raw::Symbol::size(true));
        assert_eq!(NAME_SIZE, raw::SectionHeader::default().name.len());
    }
}
