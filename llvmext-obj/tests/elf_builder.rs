//! ElfBuilder: misuse is an error (never a panic), and what it writes reads
//! back as built (checked with the `object` crate's reader).

use llvmext_obj::elf::*;
use llvmext_obj::ErrorKind;
use object::read::elf::{FileHeader, SectionHeader, Sym};
use object::{elf, Endianness};

fn x86_64() -> ElfBuilder {
    ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64)
}

fn text(b: &mut ElfBuilder) -> SectionId {
    let flags = SectionFlags::ALLOC | SectionFlags::EXECINSTR;
    b.add_section(SectionSpec::new(b".text", SectionType::PROGBITS, flags).align(16)).unwrap()
}

#[test]
fn ids_of_another_builder_are_rejected() {
    let mut a = x86_64();
    let mut b = x86_64();
    let ta = text(&mut a);
    let tb = text(&mut b);
    let sa = a.add_symbol(SymbolSpec::undefined(b"x")).unwrap();
    let foreign = |e: llvmext_obj::Error| matches!(e.kind(), ErrorKind::ForeignId { .. });
    assert!(foreign(b.append_data(ta, b"x", 1).unwrap_err()));
    assert!(foreign(b.add_reloc(tb, Reloc::new(0, Some(sa), RelocX86_64::R64, 0)).unwrap_err()));
    assert!(foreign(b.add_group(sa, true).unwrap_err()));
    assert!(foreign(b.set_addrsig(&[sa]).unwrap_err()));
    let spec = SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, ta, 0, 0);
    assert!(foreign(b.add_symbol(spec).unwrap_err()));
    assert!(foreign(
        b.add_section(
            SectionSpec::new(b".x", SectionType::PROGBITS, SectionFlags::NONE).link_order(ta)
        )
        .unwrap_err()
    ));
}

#[test]
fn misuse_is_an_error() {
    let mut b = x86_64();
    let bad = SectionSpec::new(b".x", SectionType::PROGBITS, SectionFlags::NONE).align(3);
    assert!(matches!(b.add_section(bad).unwrap_err().kind(), ErrorKind::BadAlignment { align: 3 }));
    let t = text(&mut b);
    assert!(matches!(
        b.append_data(t, b"x", 6).unwrap_err().kind(),
        ErrorKind::BadAlignment { .. }
    ));
    let bss =
        b.add_section(SectionSpec::new(b".bss", SectionType::NOBITS, SectionFlags::ALLOC)).unwrap();
    assert!(b.append_data(bss, b"x", 1).is_err());
    assert!(b.set_nobits_size(t, 4).is_err());
    let s = b.add_symbol(SymbolSpec::undefined(b"g")).unwrap();
    b.add_group(s, true).unwrap();
    // A group nothing joined.
    assert!(b.write().is_err());

    // SHT_REL keeps addends in the section's bytes.
    let mut b = ElfBuilder::new(Class::Elf32, Endian::Little, Machine::I386);
    let t = text(&mut b);
    b.append_data(t, &[0; 8], 1).unwrap();
    let s = b.add_symbol(SymbolSpec::undefined(b"f")).unwrap();
    b.add_reloc(t, Reloc::new(0, Some(s), Reloc386::PC32, -4)).unwrap();
    assert!(b.write().is_err());

    // ELFCLASS32 fields.
    let mut b = ElfBuilder::new(Class::Elf32, Endian::Big, Machine::PPC);
    let t = text(&mut b);
    let spec = SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, t, 1 << 40, 0);
    b.add_symbol(spec).unwrap();
    assert!(matches!(b.write().unwrap_err().kind(), ErrorKind::DoesNotFit { .. }));
    let mut b = ElfBuilder::new(Class::Elf32, Endian::Little, Machine::ARM);
    let t = text(&mut b);
    b.add_reloc(t, Reloc::new(0, None, 0x1234u32, 0)).unwrap();
    assert!(matches!(b.write().unwrap_err().kind(), ErrorKind::DoesNotFit { .. }));
}

#[test]
fn a_built_object_reads_back() {
    let mut b = ElfBuilder::new(Class::Elf64, Endian::Big, Machine::AARCH64);
    let t = text(&mut b);
    b.append_data(t, &[0xd6, 0x5f, 0x03, 0xc0], 4).unwrap();
    let g_text = b
        .add_section(SectionSpec::new(
            b".text.g",
            SectionType::PROGBITS,
            SectionFlags::ALLOC | SectionFlags::EXECINSTR,
        ))
        .unwrap();
    b.append_data(g_text, &[0; 8], 4).unwrap();
    let meta = b
        .add_section(
            SectionSpec::new(b".meta", SectionType::PROGBITS, SectionFlags::ALLOC).link_order(t),
        )
        .unwrap();
    b.append_data(meta, &[1, 2, 3], 1).unwrap();
    let bss = b
        .add_section(
            SectionSpec::new(
                b".bss",
                SectionType::NOBITS,
                SectionFlags::ALLOC | SectionFlags::WRITE,
            )
            .align(32),
        )
        .unwrap();
    b.set_nobits_size(bss, 100).unwrap();
    // Globals before locals in the order of addition: the table puts locals
    // first.
    let f = b
        .add_symbol(SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, t, 0, 4))
        .unwrap();
    let ext = b.add_symbol(SymbolSpec::undefined(b"ext")).unwrap();
    let l = b
        .add_symbol(SymbolSpec::defined(b"local", Binding::LOCAL, SymbolType::OBJECT, bss, 8, 8))
        .unwrap();
    let g = b
        .add_symbol(SymbolSpec::defined(b"g", Binding::WEAK, SymbolType::FUNC, g_text, 0, 8))
        .unwrap();
    let grp = b.add_group(g, true).unwrap();
    b.set_group(g_text, grp).unwrap();
    b.add_reloc(g_text, Reloc::new(0, Some(ext), RelocAarch64::CALL26, 0)).unwrap();
    b.add_reloc(g_text, Reloc::new(4, Some(l), RelocAarch64::ADR_PREL_PG_HI21, 8)).unwrap();
    b.set_addrsig(&[f, g]).unwrap();
    let bytes = b.write().unwrap();

    let h = elf::FileHeader64::<Endianness>::parse(&*bytes).unwrap();
    let en = h.endian().unwrap();
    assert_eq!(en, Endianness::Big);
    let sections = h.sections(en, &*bytes).unwrap();
    let names: Vec<&str> = sections
        .iter()
        .map(|s| std::str::from_utf8(sections.section_name(en, s).unwrap()).unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "",
            ".strtab",
            ".text",
            ".group",
            ".text.g",
            ".rela.text.g",
            ".meta",
            ".bss",
            ".llvm_addrsig",
            ".symtab"
        ]
    );
    let group = sections.section(object::SectionIndex(3)).unwrap();
    let (flag, members) = group.group(en, &*bytes).unwrap().unwrap();
    assert_eq!(flag, elf::GRP_COMDAT);
    let members: Vec<u32> = members.iter().map(|m| m.get(en)).collect();
    assert_eq!(members, [4, 5]);
    assert_eq!(sections.section(object::SectionIndex(6)).unwrap().sh_link(en), 2);
    let rela = sections.section(object::SectionIndex(5)).unwrap();
    assert_eq!(rela.sh_flags(en), u64::from(elf::SHF_GROUP));
    assert_eq!(rela.sh_info(en), 4);
    let bss_h = sections.section(object::SectionIndex(7)).unwrap();
    assert_eq!((bss_h.sh_size(en), bss_h.sh_addralign(en)), (100, 32));

    let symtab = sections.symbols(en, &*bytes, elf::SHT_SYMTAB).unwrap();
    let syms: Vec<(&str, u8)> = symtab
        .iter()
        .skip(1)
        .map(|s| (std::str::from_utf8(s.name(en, symtab.strings()).unwrap()).unwrap(), s.st_bind()))
        .collect();
    assert_eq!(syms, [("local", 0), ("f", 1), ("ext", 1), ("g", 2)]);
    let symtab_h = sections.section(symtab.section()).unwrap();
    assert_eq!(symtab_h.sh_info(en), 2, "sh_info = first non-local");
    assert_eq!(group.sh_info(en), 4, "the signature's final index");

    let (relas, _) = rela.rela(en, &*bytes).unwrap().unwrap();
    use object::read::elf::Rela as _;
    let r: Vec<(u64, u32, u32, i64)> = relas
        .iter()
        .map(|r| (r.r_offset(en), r.r_sym(en, false), r.r_type(en, false), r.r_addend(en)))
        .collect();
    assert_eq!(r, [(0, 3, 0x11b, 0), (4, 1, 0x113, 8)]);
    // The address-significance table names f and g by their final indices.
    let addrsig = sections.section(object::SectionIndex(8)).unwrap();
    assert_eq!(addrsig.data(en, &*bytes).unwrap(), [2, 4]);
}

/// Misuse the format forbids: an error naming the problem at `add_*` or
/// `write`, no bytes; and the `.note.GNU-stack` helper.
#[test]
fn forbidden_flags_twice_defined_names_and_foreign_relocations() {
    let kind = |r: llvmext_obj::Result<_>| -> ErrorKind {
        let e: llvmext_obj::Error = r.map(|_: SectionId| ()).unwrap_err();
        e.kind().clone()
    };
    let mut b = ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64);
    let merge = SectionSpec::new(b".rodata.str", SectionType::PROGBITS, SectionFlags::MERGE);
    let k = kind(b.add_section(merge));
    assert!(matches!(&k, ErrorKind::Invalid(m) if m.contains("SHF_MERGE")), "{k:?}");
    let grp = SectionSpec::new(b".text.g", SectionType::PROGBITS, SectionFlags::GROUP);
    let k = kind(b.add_section(grp));
    assert!(matches!(&k, ErrorKind::Invalid(m) if m.contains("SHF_GROUP")), "{k:?}");
    let ok = SectionSpec::new(b".rodata.str", SectionType::PROGBITS, SectionFlags::MERGE);
    b.add_section(ok.entsize(1)).unwrap();

    let text = b
        .add_section(SectionSpec::new(
            b".text",
            SectionType::PROGBITS,
            SectionFlags::ALLOC | SectionFlags::EXECINSTR,
        ))
        .unwrap();
    b.append_data(text, &[0xc3; 8], 16).unwrap();
    // An AArch64 relocation in an x86-64 object.
    let f = b.add_symbol(SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, text, 0, 1));
    let f = f.unwrap();
    let e = b.add_reloc(text, Reloc::new(0, Some(f), RelocAarch64::CALL26, 0)).unwrap_err();
    assert!(e.to_string().contains("relocation type"), "{e}");
    // A relocation outside the section's bytes: refused when written,
    // unless an assembler says its source put it there (`.reloc`).
    b.add_reloc(text, Reloc::new(6, Some(f), RelocX86_64::PC32, -4)).unwrap();
    let e = b.write().unwrap_err();
    assert!(e.to_string().contains("outside the section's bytes"), "{e}");
    b.allow_relocs_outside_contents();
    let bytes = b.write().expect("written as told");
    let file = object::read::elf::ElfFile64::<Endianness>::parse(&*bytes).unwrap();
    use object::{Object, ObjectSection};
    let rel = file.section_by_name(".text").unwrap().relocations().next().unwrap();
    assert_eq!(rel.0, 6);
}

#[test]
fn two_global_definitions_of_one_name_are_refused() {
    let mut b = ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64);
    let flags = SectionFlags::ALLOC | SectionFlags::EXECINSTR;
    let text = b.add_section(SectionSpec::new(b".text", SectionType::PROGBITS, flags)).unwrap();
    b.append_data(text, &[0xc3; 2], 1).unwrap();
    let def = |at| SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, text, at, 1);
    b.add_symbol(def(0)).unwrap();
    // Locals of one name are fine (two `static` variables of C functions).
    b.add_symbol(SymbolSpec::defined(b"s", Binding::LOCAL, SymbolType::OBJECT, text, 0, 1))
        .unwrap();
    b.add_symbol(SymbolSpec::defined(b"s", Binding::LOCAL, SymbolType::OBJECT, text, 1, 1))
        .unwrap();
    b.add_note_gnu_stack().unwrap();
    let bytes = b.write().unwrap();
    let file = object::read::elf::ElfFile64::<Endianness>::parse(&*bytes).unwrap();
    use object::{Object, ObjectSection};
    let note = file.section_by_name(".note.GNU-stack").unwrap();
    assert_eq!((note.size(), note.flags()), (0, object::SectionFlags::Elf { sh_flags: 0 }));
    b.add_symbol(def(1)).unwrap();
    let e = b.write().unwrap_err();
    assert_eq!(
        e.to_string(),
        "symbol 'f' is defined twice (two non-local definitions of one name)"
    );
}
