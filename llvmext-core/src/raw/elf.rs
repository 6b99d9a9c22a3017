//! ELF's file header, section header, symbol and relocation entries
//! (`Elf32_*` and `Elf64_*` of the System V gABI), in either byte order.
//!
//! ```
//! use llvmext_core::raw::elf::{Encoding, FileHeader, SectionHeader};
//!
//! let enc = Encoding { is64: true, big_endian: false };
//! let mut bytes = vec![0u8; FileHeader::size(enc) + SectionHeader::size(enc)];
//! let h = FileHeader { e_type: 1, e_machine: 62, e_shoff: 64, e_shnum: 1, ..FileHeader::new(enc) };
//! h.write(enc, &mut bytes);
//! assert_eq!(&bytes[..4], b"\x7fELF");
//! assert_eq!(Encoding::from_ident(&bytes), Some(enc));
//! let back = FileHeader::parse(&bytes, enc).unwrap();
//! assert_eq!((back.e_shoff, back.e_shentsize, back.e_ehsize), (64, 64, 64));
//! ```

use super::{Fields, FieldsMut};

/// The class (`ELFCLASS32`/`ELFCLASS64`) and byte order
/// (`ELFDATA2LSB`/`ELFDATA2MSB`) of a file: how its structures are laid
/// out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoding {
    /// `ELFCLASS64`: 8-byte addresses and offsets.
    pub is64: bool,
    /// `ELFDATA2MSB`.
    pub big_endian: bool,
}

impl Encoding {
    /// The encoding `e_ident` names (its magic, `EI_CLASS` and `EI_DATA`);
    /// `None` for another magic or an unknown class or byte order.
    pub fn from_ident(ident: &[u8]) -> Option<Encoding> {
        if ident.len() < 6 || ident[..4] != *b"\x7fELF" {
            return None;
        }
        let is64 = match ident[4] {
            1 => false,
            2 => true,
            _ => return None,
        };
        let big_endian = match ident[5] {
            1 => false,
            2 => true,
            _ => return None,
        };
        Some(Encoding { is64, big_endian })
    }

    /// The size of an address or offset (`Elf32_Addr`, `Elf64_Off`).
    pub fn word_size(self) -> usize {
        if self.is64 {
            8
        } else {
            4
        }
    }

    fn fields(self, bytes: &[u8], size: usize) -> Option<Fields<'_>> {
        (bytes.len() >= size).then_some(Fields { bytes, at: 0, big_endian: self.big_endian })
    }

    fn fields_mut(self, bytes: &mut [u8]) -> FieldsMut<'_> {
        FieldsMut { bytes, at: 0, big_endian: self.big_endian }
    }
}

impl Fields<'_> {
    fn word(&mut self, enc: Encoding) -> u64 {
        self.uint(enc.word_size())
    }
}

impl FieldsMut<'_> {
    fn word(&mut self, enc: Encoding, v: u64) {
        self.uint(enc.word_size(), v)
    }
}

/// Where a field is in a structure, in `ELFCLASS32` and in `ELFCLASS64`
/// (for errors that point at the field; the tests check each against
/// [`write`](FileHeader::write)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldAt {
    /// Its offset in the 32-bit structure.
    pub elf32: u8,
    /// Its offset in the 64-bit structure.
    pub elf64: u8,
}

impl FieldAt {
    /// Its offset in a structure of `enc`.
    pub fn get(self, enc: Encoding) -> u64 {
        u64::from(if enc.is64 { self.elf64 } else { self.elf32 })
    }
}

/// The file header (`Elf32_Ehdr`, `Elf64_Ehdr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FileHeader {
    /// `e_ident`: the magic, class, byte order, version, OS ABI and ABI
    /// version, then padding.
    pub e_ident: [u8; 16],
    /// The file type (`ET_REL` = 1).
    pub e_type: u16,
    /// The machine (`EM_X86_64` = 62).
    pub e_machine: u16,
    /// The file version (1).
    pub e_version: u32,
    /// The entry point.
    pub e_entry: u64,
    /// The offset of the program header table.
    pub e_phoff: u64,
    /// The offset of the section header table.
    pub e_shoff: u64,
    /// Processor-specific flags.
    pub e_flags: u32,
    /// The size of this header.
    pub e_ehsize: u16,
    /// The size of a program header.
    pub e_phentsize: u16,
    /// The number of program headers.
    pub e_phnum: u16,
    /// The size of a section header.
    pub e_shentsize: u16,
    /// The number of section headers (0 when it is in section 0's
    /// `sh_size`).
    pub e_shnum: u16,
    /// The index of the section name string table (`SHN_XINDEX`, 0xffff,
    /// when it is in section 0's `sh_link`).
    pub e_shstrndx: u16,
}

impl FileHeader {
    /// Where `e_shoff` is.
    pub const E_SHOFF_AT: FieldAt = FieldAt { elf32: 0x20, elf64: 0x28 };
    /// Where `e_shentsize` is.
    pub const E_SHENTSIZE_AT: FieldAt = FieldAt { elf32: 0x2e, elf64: 0x3a };
    /// Where `e_shnum` is.
    pub const E_SHNUM_AT: FieldAt = FieldAt { elf32: 0x30, elf64: 0x3c };
    /// Where `e_shstrndx` is.
    pub const E_SHSTRNDX_AT: FieldAt = FieldAt { elf32: 0x32, elf64: 0x3e };

    /// 52 or 64 bytes.
    pub fn size(enc: Encoding) -> usize {
        if enc.is64 {
            64
        } else {
            52
        }
    }

    /// A header of `enc` with the magic, class, byte order and versions
    /// set, the sizes of this header and of a section header, the rest 0.
    pub fn new(enc: Encoding) -> FileHeader {
        let mut e_ident = [0u8; 16];
        e_ident[..4].copy_from_slice(b"\x7fELF");
        e_ident[4] = if enc.is64 { 2 } else { 1 };
        e_ident[5] = if enc.big_endian { 2 } else { 1 };
        e_ident[6] = 1;
        FileHeader {
            e_ident,
            e_version: 1,
            e_ehsize: Self::size(enc) as u16,
            e_shentsize: SectionHeader::size(enc) as u16,
            ..FileHeader::default()
        }
    }

    /// The header at the start of `bytes`.
    pub fn parse(bytes: &[u8], enc: Encoding) -> Option<FileHeader> {
        let mut f = enc.fields(bytes, Self::size(enc))?;
        let mut e_ident = [0u8; 16];
        e_ident.copy_from_slice(&bytes[..16]);
        f.at = 16;
        Some(FileHeader {
            e_ident,
            e_type: f.u16(),
            e_machine: f.u16(),
            e_version: f.u32(),
            e_entry: f.word(enc),
            e_phoff: f.word(enc),
            e_shoff: f.word(enc),
            e_flags: f.u32(),
            e_ehsize: f.u16(),
            e_phentsize: f.u16(),
            e_phnum: f.u16(),
            e_shentsize: f.u16(),
            e_shnum: f.u16(),
            e_shstrndx: f.u16(),
        })
    }

    /// Writes the header at the start of `out` (at least
    /// [`size`](Self::size) bytes; panics if shorter). Addresses and
    /// offsets are truncated to 32 bits in `ELFCLASS32`.
    pub fn write(&self, enc: Encoding, out: &mut [u8]) {
        out[..16].copy_from_slice(&self.e_ident);
        let mut f = enc.fields_mut(out);
        f.at = 16;
        f.u16(self.e_type);
        f.u16(self.e_machine);
        f.u32(self.e_version);
        f.word(enc, self.e_entry);
        f.word(enc, self.e_phoff);
        f.word(enc, self.e_shoff);
        f.u32(self.e_flags);
        f.u16(self.e_ehsize);
        f.u16(self.e_phentsize);
        f.u16(self.e_phnum);
        f.u16(self.e_shentsize);
        f.u16(self.e_shnum);
        f.u16(self.e_shstrndx);
    }
}

/// A section header (`Elf32_Shdr`, `Elf64_Shdr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SectionHeader {
    /// The name: an offset in the section name string table.
    pub sh_name: u32,
    /// The type (`SHT_*`).
    pub sh_type: u32,
    /// The flags (`SHF_*`).
    pub sh_flags: u64,
    /// The address.
    pub sh_addr: u64,
    /// The file offset of the contents.
    pub sh_offset: u64,
    /// The size of the contents (in memory for `SHT_NOBITS`).
    pub sh_size: u64,
    /// A section index whose meaning depends on the type.
    pub sh_link: u32,
    /// Extra information whose meaning depends on the type.
    pub sh_info: u32,
    /// The alignment.
    pub sh_addralign: u64,
    /// The size of an entry, for tables.
    pub sh_entsize: u64,
}

impl SectionHeader {
    /// Where `sh_name` is.
    pub const SH_NAME_AT: FieldAt = FieldAt { elf32: 0, elf64: 0 };
    /// Where `sh_type` is.
    pub const SH_TYPE_AT: FieldAt = FieldAt { elf32: 4, elf64: 4 };
    /// Where `sh_flags` is.
    pub const SH_FLAGS_AT: FieldAt = FieldAt { elf32: 8, elf64: 8 };
    /// Where `sh_offset` is.
    pub const SH_OFFSET_AT: FieldAt = FieldAt { elf32: 16, elf64: 24 };
    /// Where `sh_size` is.
    pub const SH_SIZE_AT: FieldAt = FieldAt { elf32: 20, elf64: 32 };
    /// Where `sh_link` is.
    pub const SH_LINK_AT: FieldAt = FieldAt { elf32: 24, elf64: 40 };

    /// 40 or 64 bytes.
    pub fn size(enc: Encoding) -> usize {
        if enc.is64 {
            64
        } else {
            40
        }
    }

    /// The header at the start of `bytes`.
    pub fn parse(bytes: &[u8], enc: Encoding) -> Option<SectionHeader> {
        let mut f = enc.fields(bytes, Self::size(enc))?;
        Some(SectionHeader {
            sh_name: f.u32(),
            sh_type: f.u32(),
            sh_flags: f.word(enc),
            sh_addr: f.word(enc),
            sh_offset: f.word(enc),
            sh_size: f.word(enc),
            sh_link: f.u32(),
            sh_info: f.u32(),
            sh_addralign: f.word(enc),
            sh_entsize: f.word(enc),
        })
    }

    /// Writes the header at the start of `out` (at least
    /// [`size`](Self::size) bytes; panics if shorter).
    pub fn write(&self, enc: Encoding, out: &mut [u8]) {
        let mut f = enc.fields_mut(out);
        f.u32(self.sh_name);
        f.u32(self.sh_type);
        f.word(enc, self.sh_flags);
        f.word(enc, self.sh_addr);
        f.word(enc, self.sh_offset);
        f.word(enc, self.sh_size);
        f.u32(self.sh_link);
        f.u32(self.sh_info);
        f.word(enc, self.sh_addralign);
        f.word(enc, self.sh_entsize);
    }
}

/// A symbol table entry (`Elf32_Sym`, `Elf64_Sym`: the same fields in
/// another order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Symbol {
    /// The name: an offset in the symbol string table.
    pub st_name: u32,
    /// The binding (high 4 bits) and type (low 4 bits).
    pub st_info: u8,
    /// The visibility (low 2 bits) and other flags.
    pub st_other: u8,
    /// The section index (`SHN_*` above `0xff00`).
    pub st_shndx: u16,
    /// The value.
    pub st_value: u64,
    /// The size.
    pub st_size: u64,
}

impl Symbol {
    /// 16 or 24 bytes.
    pub fn size(enc: Encoding) -> usize {
        if enc.is64 {
            24
        } else {
            16
        }
    }

    /// The entry at the start of `bytes`.
    pub fn parse(bytes: &[u8], enc: Encoding) -> Option<Symbol> {
        let mut f = enc.fields(bytes, Self::size(enc))?;
        let st_name = f.u32();
        Some(if enc.is64 {
            let (st_info, st_other, st_shndx) = (f.u8(), f.u8(), f.u16());
            Symbol { st_name, st_info, st_other, st_shndx, st_value: f.uint(8), st_size: f.uint(8) }
        } else {
            let (st_value, st_size) = (f.uint(4), f.uint(4));
            Symbol {
                st_name,
                st_info: f.u8(),
                st_other: f.u8(),
                st_shndx: f.u16(),
                st_value,
                st_size,
            }
        })
    }

    /// Writes the entry at the start of `out` (at least
    /// [`size`](Self::size) bytes; panics if shorter).
    #[inline]
    pub fn write(&self, enc: Encoding, out: &mut [u8]) {
        let mut f = enc.fields_mut(out);
        f.u32(self.st_name);
        if enc.is64 {
            f.u8(self.st_info);
            f.u8(self.st_other);
            f.u16(self.st_shndx);
            f.uint(8, self.st_value);
            f.uint(8, self.st_size);
        } else {
            f.uint(4, self.st_value);
            f.uint(4, self.st_size);
            f.u8(self.st_info);
            f.u8(self.st_other);
            f.u16(self.st_shndx);
        }
    }
}

/// A relocation entry (`Elf32_Rel`/`Elf32_Rela`, `Elf64_Rel`/`Elf64_Rela`):
/// `r_addend` is written and read only for `SHT_RELA` entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Relocation {
    /// The offset of the field in its section.
    pub r_offset: u64,
    /// The symbol index and the type (see [`info`](Self::info)).
    pub r_info: u64,
    /// The addend (`SHT_RELA`).
    pub r_addend: i64,
}

impl Relocation {
    /// 8/12 (32-bit REL/RELA) or 16/24 (64-bit) bytes.
    pub fn size(enc: Encoding, rela: bool) -> usize {
        enc.word_size() * if rela { 3 } else { 2 }
    }

    /// `r_info` of symbol `sym` and type `r_type`: `sym << 8 | type` in
    /// 32-bit files, `sym << 32 | type` in 64-bit ones.
    pub fn info(enc: Encoding, sym: u32, r_type: u32) -> u64 {
        if enc.is64 {
            u64::from(sym) << 32 | u64::from(r_type)
        } else {
            u64::from(sym << 8 | (r_type & 0xff))
        }
    }

    /// The symbol index of `r_info`.
    pub fn sym(&self, enc: Encoding) -> u32 {
        if enc.is64 {
            (self.r_info >> 32) as u32
        } else {
            (self.r_info as u32) >> 8
        }
    }

    /// The type of `r_info`.
    pub fn r_type(&self, enc: Encoding) -> u32 {
        if enc.is64 {
            self.r_info as u32
        } else {
            self.r_info as u32 & 0xff
        }
    }

    /// The entry at the start of `bytes`.
    pub fn parse(bytes: &[u8], enc: Encoding, rela: bool) -> Option<Relocation> {
        let mut f = enc.fields(bytes, Self::size(enc, rela))?;
        let (r_offset, r_info) = (f.word(enc), f.word(enc));
        let r_addend = match (rela, enc.is64) {
            (false, _) => 0,
            (true, true) => f.uint(8) as i64,
            (true, false) => i64::from(f.u32() as i32),
        };
        Some(Relocation { r_offset, r_info, r_addend })
    }

    /// Writes the entry at the start of `out` (at least
    /// [`size`](Self::size) bytes; panics if shorter).
    #[inline]
    pub fn write(&self, enc: Encoding, rela: bool, out: &mut [u8]) {
        let mut f = enc.fields_mut(out);
        f.word(enc, self.r_offset);
        f.word(enc, self.r_info);
        if rela {
            f.word(enc, self.r_addend as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Encoding; 4] = [
        Encoding { is64: false, big_endian: false },
        Encoding { is64: false, big_endian: true },
        Encoding { is64: true, big_endian: false },
        Encoding { is64: true, big_endian: true },
    ];

    #[test]
    fn structures_round_trip_in_every_encoding() {
        for enc in ALL {
            let mut b = [0u8; 64];
            let sh = SectionHeader {
                sh_name: 1,
                sh_type: 2,
                sh_flags: 3,
                sh_addr: 4,
                sh_offset: 5,
                sh_size: 6,
                sh_link: 7,
                sh_info: 8,
                sh_addralign: 9,
                sh_entsize: 10,
            };
            sh.write(enc, &mut b);
            assert_eq!(SectionHeader::parse(&b, enc), Some(sh));
            let sym = Symbol {
                st_name: 1,
                st_info: 0x12,
                st_other: 2,
                st_shndx: 3,
                st_value: 4,
                st_size: 5,
            };
            sym.write(enc, &mut b);
            assert_eq!(Symbol::parse(&b, enc), Some(sym));
            let r = Relocation { r_offset: 8, r_info: Relocation::info(enc, 5, 4), r_addend: -4 };
            r.write(enc, true, &mut b);
            let back = Relocation::parse(&b, enc, true).unwrap();
            assert_eq!((back, back.sym(enc), back.r_type(enc)), (r, 5, 4));
            assert_eq!(Relocation::parse(&b[..Relocation::size(enc, true) - 1], enc, true), None);
        }
    }

    #[test]
    fn field_offsets_are_where_write_puts_the_fields() {
        for enc in ALL {
            let mut b = [0u8; 64];
            let h = FileHeader {
                e_shoff: 0xa1,
                e_shentsize: 0xa2,
                e_shnum: 0xa3,
                e_shstrndx: 0xa4,
                ..FileHeader::default()
            };
            h.write(enc, &mut b);
            let at = |f: FieldAt, size: usize| {
                let o = f.get(enc) as usize;
                b[if enc.big_endian { o + size - 1 } else { o }]
            };
            assert_eq!(at(FileHeader::E_SHOFF_AT, enc.word_size()), 0xa1);
            assert_eq!(at(FileHeader::E_SHENTSIZE_AT, 2), 0xa2);
            assert_eq!(at(FileHeader::E_SHNUM_AT, 2), 0xa3);
            assert_eq!(at(FileHeader::E_SHSTRNDX_AT, 2), 0xa4);
            let sh = SectionHeader {
                sh_name: 0xb1,
                sh_type: 0xb2,
                sh_flags: 0xb3,
                sh_offset: 0xb4,
                sh_size: 0xb5,
                sh_link: 0xb6,
                ..SectionHeader::default()
            };
            let mut b = [0u8; 64];
            sh.write(enc, &mut b);
            let at = |f: FieldAt, size: usize| {
                let o = f.get(enc) as usize;
                b[if enc.big_endian { o + size - 1 } else { o }]
            };
            let w = enc.word_size();
            assert_eq!(at(SectionHeader::SH_NAME_AT, 4), 0xb1);
            assert_eq!(at(SectionHeader::SH_TYPE_AT, 4), 0xb2);
            assert_eq!(at(SectionHeader::SH_FLAGS_AT, w), 0xb3);
            assert_eq!(at(SectionHeader::SH_OFFSET_AT, w), 0xb4);
            assert_eq!(at(SectionHeader::SH_SIZE_AT, w), 0xb5);
            assert_eq!(at(SectionHeader::SH_LINK_AT, 4), 0xb6);
        }
    }

    #[test]
    fn layouts_are_the_gabi_ones() {
        // Elf32_Sym: name, value, size, info, other, shndx.
        let enc = Encoding { is64: false, big_endian: false };
        let mut b = [0u8; 16];
        Symbol { st_name: 1, st_value: 2, st_size: 3, st_info: 4, st_other: 5, st_shndx: 6 }
            .write(enc, &mut b);
        assert_eq!(b, [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 5, 6, 0]);
        // Elf64_Ehdr: e_shoff at 0x28, e_shnum at 0x3c, big-endian.
        let enc = Encoding { is64: true, big_endian: true };
        let mut b = [0u8; 64];
        FileHeader { e_shoff: 0x1122, e_shnum: 7, ..FileHeader::new(enc) }.write(enc, &mut b);
        assert_eq!((b[0x2e], b[0x2f], b[0x3d]), (0x11, 0x22, 7));
        assert_eq!((b[4], b[5], b[6]), (2, 2, 1));
    }
}
