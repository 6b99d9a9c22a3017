//! COFF's file headers (regular and bigobj), section header, symbol record
//! and relocation record, as the PE/COFF specification lays them out
//! (always little-endian).
//!
//! ```
//! use llvmext_core::raw::coff::{FileHeader, SectionHeader};
//!
//! let mut bytes = [0u8; FileHeader::SIZE + SectionHeader::SIZE];
//! FileHeader { machine: 0x8664, number_of_sections: 1, ..FileHeader::default() }
//!     .write(&mut bytes);
//! let s = SectionHeader { name: *b".text\0\0\0", characteristics: 0x6050_0020, ..Default::default() };
//! s.write(&mut bytes[FileHeader::SIZE..]);
//! assert_eq!(FileHeader::parse(&bytes).unwrap().number_of_sections, 1);
//! assert_eq!(SectionHeader::parse(&bytes[FileHeader::SIZE..]).unwrap(), s);
//! ```

use super::{Fields, FieldsMut};

fn fields(bytes: &[u8], size: usize) -> Option<Fields<'_>> {
    (bytes.len() >= size).then_some(Fields { bytes, at: 0, big_endian: false })
}

fn fields_mut(bytes: &mut [u8]) -> FieldsMut<'_> {
    FieldsMut { bytes, at: 0, big_endian: false }
}

/// The magic of a bigobj header (`ANON_OBJECT_HEADER_BIGOBJ`'s class id).
pub const BIGOBJ_MAGIC: [u8; 16] = [
    0xc7, 0xa1, 0xba, 0xd1, 0xee, 0xba, 0xa9, 0x4b, 0xaf, 0x20, 0xfa, 0xf6, 0x6a, 0xa4, 0xdc, 0xb8,
];

/// The file header of a regular object (`IMAGE_FILE_HEADER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FileHeader {
    /// `Machine` (`IMAGE_FILE_MACHINE_*`).
    pub machine: u16,
    /// `NumberOfSections`.
    pub number_of_sections: u16,
    /// `TimeDateStamp`.
    pub time_date_stamp: u32,
    /// `PointerToSymbolTable`.
    pub pointer_to_symbol_table: u32,
    /// `NumberOfSymbols` (records, auxiliary ones included).
    pub number_of_symbols: u32,
    /// `SizeOfOptionalHeader` (0 in objects).
    pub size_of_optional_header: u16,
    /// `Characteristics`.
    pub characteristics: u16,
}

impl FileHeader {
    /// 20 bytes.
    pub const SIZE: usize = 20;

    /// The header at the start of `bytes`.
    pub fn parse(bytes: &[u8]) -> Option<FileHeader> {
        let mut f = fields(bytes, Self::SIZE)?;
        Some(FileHeader {
            machine: f.u16(),
            number_of_sections: f.u16(),
            time_date_stamp: f.u32(),
            pointer_to_symbol_table: f.u32(),
            number_of_symbols: f.u32(),
            size_of_optional_header: f.u16(),
            characteristics: f.u16(),
        })
    }

    /// Writes the header at the start of `out` (at least 20 bytes; panics
    /// if shorter).
    pub fn write(&self, out: &mut [u8]) {
        let mut f = fields_mut(out);
        f.u16(self.machine);
        f.u16(self.number_of_sections);
        f.u32(self.time_date_stamp);
        f.u32(self.pointer_to_symbol_table);
        f.u32(self.number_of_symbols);
        f.u16(self.size_of_optional_header);
        f.u16(self.characteristics);
    }
}

/// The file header of a bigobj object (`ANON_OBJECT_HEADER_BIGOBJ`):
/// 32-bit section numbers, 20-byte symbol records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BigObjHeader {
    /// `Sig1` (0, `IMAGE_FILE_MACHINE_UNKNOWN`).
    pub sig1: u16,
    /// `Sig2` (0xffff).
    pub sig2: u16,
    /// `Version` (2).
    pub version: u16,
    /// `Machine`.
    pub machine: u16,
    /// `TimeDateStamp`.
    pub time_date_stamp: u32,
    /// `ClassID`: [`BIGOBJ_MAGIC`].
    pub class_id: [u8; 16],
    /// `SizeOfData`, `Flags`, `MetaDataSize`, `MetaDataOffset` (0 in
    /// objects).
    pub reserved: [u32; 4],
    /// `NumberOfSections`.
    pub number_of_sections: u32,
    /// `PointerToSymbolTable`.
    pub pointer_to_symbol_table: u32,
    /// `NumberOfSymbols`.
    pub number_of_symbols: u32,
}

impl Default for BigObjHeader {
    fn default() -> Self {
        BigObjHeader {
            sig1: 0,
            sig2: 0xffff,
            version: 2,
            machine: 0,
            time_date_stamp: 0,
            class_id: BIGOBJ_MAGIC,
            reserved: [0; 4],
            number_of_sections: 0,
            pointer_to_symbol_table: 0,
            number_of_symbols: 0,
        }
    }
}

impl BigObjHeader {
    /// 56 bytes.
    pub const SIZE: usize = 56;

    /// The header at the start of `bytes`, if it is one (the signatures,
    /// a version of at least 2 and the class id checked).
    pub fn parse(bytes: &[u8]) -> Option<BigObjHeader> {
        let mut f = fields(bytes, Self::SIZE)?;
        let (sig1, sig2, version, machine, time_date_stamp) =
            (f.u16(), f.u16(), f.u16(), f.u16(), f.u32());
        let mut class_id = [0u8; 16];
        class_id.copy_from_slice(&bytes[12..28]);
        f.at = 28;
        let reserved = [f.u32(), f.u32(), f.u32(), f.u32()];
        let h = BigObjHeader {
            sig1,
            sig2,
            version,
            machine,
            time_date_stamp,
            class_id,
            reserved,
            number_of_sections: f.u32(),
            pointer_to_symbol_table: f.u32(),
            number_of_symbols: f.u32(),
        };
        (sig1 == 0 && sig2 == 0xffff && version >= 2 && class_id == BIGOBJ_MAGIC).then_some(h)
    }

    /// Writes the header at the start of `out` (at least 56 bytes; panics
    /// if shorter).
    pub fn write(&self, out: &mut [u8]) {
        let mut f = fields_mut(out);
        f.u16(self.sig1);
        f.u16(self.sig2);
        f.u16(self.version);
        f.u16(self.machine);
        f.u32(self.time_date_stamp);
        f.bytes[12..28].copy_from_slice(&self.class_id);
        f.at = 28;
        for r in self.reserved {
            f.u32(r);
        }
        f.u32(self.number_of_sections);
        f.u32(self.pointer_to_symbol_table);
        f.u32(self.number_of_symbols);
    }
}

/// A section header (`IMAGE_SECTION_HEADER`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SectionHeader {
    /// `Name`: up to 8 bytes, NUL-padded, or `/N` / `//BASE64` naming an
    /// offset in the string table.
    pub name: [u8; 8],
    /// `VirtualSize` (0 in objects).
    pub virtual_size: u32,
    /// `VirtualAddress` (0 in objects).
    pub virtual_address: u32,
    /// `SizeOfRawData`.
    pub size_of_raw_data: u32,
    /// `PointerToRawData`.
    pub pointer_to_raw_data: u32,
    /// `PointerToRelocations`.
    pub pointer_to_relocations: u32,
    /// `PointerToLinenumbers`.
    pub pointer_to_linenumbers: u32,
    /// `NumberOfRelocations` (0xffff with `LNK_NRELOC_OVFL`: the count is
    /// in the first relocation record).
    pub number_of_relocations: u16,
    /// `NumberOfLinenumbers`.
    pub number_of_linenumbers: u16,
    /// `Characteristics` (`IMAGE_SCN_*`).
    pub characteristics: u32,
}

impl SectionHeader {
    /// 40 bytes.
    pub const SIZE: usize = 40;

    /// The header at the start of `bytes`.
    pub fn parse(bytes: &[u8]) -> Option<SectionHeader> {
        let mut f = fields(bytes, Self::SIZE)?;
        let mut name = [0u8; 8];
        name.copy_from_slice(&bytes[..8]);
        f.at = 8;
        Some(SectionHeader {
            name,
            virtual_size: f.u32(),
            virtual_address: f.u32(),
            size_of_raw_data: f.u32(),
            pointer_to_raw_data: f.u32(),
            pointer_to_relocations: f.u32(),
            pointer_to_linenumbers: f.u32(),
            number_of_relocations: f.u16(),
            number_of_linenumbers: f.u16(),
            characteristics: f.u32(),
        })
    }

    /// Writes the header at the start of `out` (at least 40 bytes; panics
    /// if shorter).
    pub fn write(&self, out: &mut [u8]) {
        out[..8].copy_from_slice(&self.name);
        let mut f = fields_mut(out);
        f.at = 8;
        f.u32(self.virtual_size);
        f.u32(self.virtual_address);
        f.u32(self.size_of_raw_data);
        f.u32(self.pointer_to_raw_data);
        f.u32(self.pointer_to_relocations);
        f.u32(self.pointer_to_linenumbers);
        f.u16(self.number_of_relocations);
        f.u16(self.number_of_linenumbers);
        f.u32(self.characteristics);
    }
}

/// A symbol record (`IMAGE_SYMBOL`, 18 bytes; `IMAGE_SYMBOL_EX` of bigobj,
/// 20 bytes, whose section number is 32-bit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Symbol {
    /// `Name`: up to 8 bytes, or 4 zero bytes and a string-table offset.
    pub name: [u8; 8],
    /// `Value`.
    pub value: u32,
    /// `SectionNumber`: 1-based, 0 undefined, -1 absolute, -2 debug
    /// (sign-extended from 16 bits in a regular object).
    pub section_number: i32,
    /// `Type`.
    pub ty: u16,
    /// `StorageClass`.
    pub storage_class: u8,
    /// `NumberOfAuxSymbols`.
    pub number_of_aux_symbols: u8,
}

impl Symbol {
    /// 18 bytes, or 20 in bigobj.
    pub fn size(bigobj: bool) -> usize {
        if bigobj {
            20
        } else {
            18
        }
    }

    /// The record at the start of `bytes`.
    pub fn parse(bytes: &[u8], bigobj: bool) -> Option<Symbol> {
        let mut f = fields(bytes, Self::size(bigobj))?;
        let mut name = [0u8; 8];
        name.copy_from_slice(&bytes[..8]);
        f.at = 8;
        let value = f.u32();
        let section_number = if bigobj { f.u32() as i32 } else { i32::from(f.u16() as i16) };
        Some(Symbol {
            name,
            value,
            section_number,
            ty: f.u16(),
            storage_class: f.u8(),
            number_of_aux_symbols: f.u8(),
        })
    }

    /// The string-table offset of a long name (`None` for a short one).
    pub fn name_offset(&self) -> Option<u32> {
        (self.name[..4] == [0; 4])
            .then(|| u32::from_le_bytes([self.name[4], self.name[5], self.name[6], self.name[7]]))
    }

    /// Writes the record at the start of `out` (at least
    /// [`size`](Self::size) bytes; panics if shorter).
    #[inline]
    pub fn write(&self, bigobj: bool, out: &mut [u8]) {
        out[..8].copy_from_slice(&self.name);
        let mut f = fields_mut(out);
        f.at = 8;
        f.u32(self.value);
        if bigobj {
            f.u32(self.section_number as u32);
        } else {
            f.u16(self.section_number as u16);
        }
        f.u16(self.ty);
        f.u8(self.storage_class);
        f.u8(self.number_of_aux_symbols);
    }
}

/// The auxiliary record of a section's symbol (`IMAGE_AUX_SYMBOL`'s
/// section definition): the section's size, relocation count, checksum,
/// and COMDAT selection and associated section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AuxSectionDefinition {
    /// `Length`: the section's size.
    pub length: u32,
    /// `NumberOfRelocations` (0xffff when it overflows).
    pub number_of_relocations: u16,
    /// `NumberOfLinenumbers`.
    pub number_of_linenumbers: u16,
    /// `CheckSum` (CRC-32 of the contents, for COMDAT `EXACT_MATCH`).
    pub check_sum: u32,
    /// `Number` and, in bigobj, `HighNumber` above it: the associated
    /// section of an associative COMDAT (the section itself, as LLVM
    /// writes it, otherwise).
    pub number: u32,
    /// `Selection` (`IMAGE_COMDAT_SELECT_*`, 0 if not a COMDAT).
    pub selection: u8,
}

impl AuxSectionDefinition {
    /// The record at the start of `bytes` (18 bytes at least).
    pub fn parse(bytes: &[u8]) -> Option<AuxSectionDefinition> {
        let mut f = fields(bytes, 18)?;
        let (length, number_of_relocations, number_of_linenumbers, check_sum) =
            (f.u32(), f.u16(), f.u16(), f.u32());
        let low = f.u16();
        let selection = f.u8();
        f.at += 1;
        let high = f.u16();
        Some(AuxSectionDefinition {
            length,
            number_of_relocations,
            number_of_linenumbers,
            check_sum,
            number: u32::from(low) | u32::from(high) << 16,
            selection,
        })
    }

    /// Writes the record at the start of `out` (18 bytes at least; panics
    /// if shorter); the unused bytes are left as they are.
    pub fn write(&self, out: &mut [u8]) {
        let mut f = fields_mut(out);
        f.u32(self.length);
        f.u16(self.number_of_relocations);
        f.u16(self.number_of_linenumbers);
        f.u32(self.check_sum);
        f.u16(self.number as u16);
        f.u8(self.selection);
        f.at += 1;
        f.u16((self.number >> 16) as u16);
    }
}

/// The auxiliary record of a weak external (`IMAGE_AUX_SYMBOL`'s weak
/// external): the symbol it falls back to and how the linker searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AuxWeakExternal {
    /// `TagIndex`: the symbol table index of the default definition.
    pub tag_index: u32,
    /// `Characteristics` (`IMAGE_WEAK_EXTERN_SEARCH_*`).
    pub characteristics: u32,
}

impl AuxWeakExternal {
    /// The record at the start of `bytes` (8 bytes at least; the rest of
    /// its 18 or 20 is unused).
    pub fn parse(bytes: &[u8]) -> Option<AuxWeakExternal> {
        let mut f = fields(bytes, 8)?;
        Some(AuxWeakExternal { tag_index: f.u32(), characteristics: f.u32() })
    }

    /// Writes the record at the start of `out` (8 bytes at least; panics
    /// if shorter).
    pub fn write(&self, out: &mut [u8]) {
        let mut f = fields_mut(out);
        f.u32(self.tag_index);
        f.u32(self.characteristics);
    }
}

/// A relocation record (`IMAGE_RELOCATION`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Relocation {
    /// `VirtualAddress`: the offset of the field in its section (the
    /// count of relocations in the first record of an overflowing
    /// section).
    pub virtual_address: u32,
    /// `SymbolTableIndex`.
    pub symbol_table_index: u32,
    /// `Type` (`IMAGE_REL_*`).
    pub ty: u16,
}

impl Relocation {
    /// 10 bytes.
    pub const SIZE: usize = 10;

    /// The record at the start of `bytes`.
    pub fn parse(bytes: &[u8]) -> Option<Relocation> {
        let mut f = fields(bytes, Self::SIZE)?;
        Some(Relocation { virtual_address: f.u32(), symbol_table_index: f.u32(), ty: f.u16() })
    }

    /// Writes the record at the start of `out` (at least 10 bytes; panics
    /// if shorter).
    #[inline]
    pub fn write(&self, out: &mut [u8]) {
        let mut f = fields_mut(out);
        f.u32(self.virtual_address);
        f.u32(self.symbol_table_index);
        f.u16(self.ty);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_have_the_spec_layout() {
        let mut b = [0u8; 56];
        let s = Symbol {
            name: *b"main\0\0\0\0",
            value: 0x10,
            section_number: -2,
            ty: 0x20,
            storage_class: 2,
            number_of_aux_symbols: 1,
        };
        s.write(false, &mut b);
        assert_eq!(&b[8..18], &[0x10, 0, 0, 0, 0xfe, 0xff, 0x20, 0, 2, 1]);
        assert_eq!(Symbol::parse(&b, false), Some(s));
        s.write(true, &mut b);
        assert_eq!(&b[12..16], &[0xfe, 0xff, 0xff, 0xff]);
        assert_eq!(Symbol::parse(&b, true), Some(s));
        assert_eq!(Symbol::parse(&b[..17], false), None);
        let r = Relocation { virtual_address: 4, symbol_table_index: 9, ty: 4 };
        r.write(&mut b);
        assert_eq!(Relocation::parse(&b), Some(r));
        let d = AuxSectionDefinition {
            length: 5,
            number_of_relocations: 2,
            number_of_linenumbers: 0,
            check_sum: 0xdead_beef,
            number: 0x0001_0002,
            selection: 5,
        };
        let mut r = [0u8; 20];
        d.write(&mut r);
        assert_eq!(r[12..18], [2, 0, 5, 0, 1, 0]);
        assert_eq!(AuxSectionDefinition::parse(&r), Some(d));
        let w = AuxWeakExternal { tag_index: 7, characteristics: 3 };
        w.write(&mut r);
        assert_eq!(AuxWeakExternal::parse(&r), Some(w));
        let h = BigObjHeader { machine: 0xaa64, number_of_sections: 70_000, ..Default::default() };
        h.write(&mut b);
        assert_eq!(BigObjHeader::parse(&b), Some(h));
        b[12] ^= 1;
        assert_eq!(BigObjHeader::parse(&b), None);
    }
}
