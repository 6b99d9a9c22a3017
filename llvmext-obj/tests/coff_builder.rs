//! `llvmext_obj::coff`: API misuse returns errors (never panics), and what
//! the builder writes reads back with the `object` crate.

use llvmext_obj::coff::{
    checksum, BigObj, CoffBuilder, Machine, Reloc, RelocAmd64, RelocArm64, RelocI386, SectionFlags,
    SectionSpec, Selection, StorageClass, Symbol, SymbolSection, WeakSearch,
};
use llvmext_obj::ErrorKind;
use object::read::coff::CoffFile;
use object::{Object, ObjectComdat, ObjectSection, ObjectSymbol, RelocationTarget};

fn kind<T: std::fmt::Debug>(r: llvmext_obj::Result<T>) -> ErrorKind {
    r.unwrap_err().kind().clone()
}

#[test]
fn ids_of_another_builder_are_rejected() {
    let mut a = CoffBuilder::new(Machine::AMD64);
    let mut b = CoffBuilder::new(Machine::AMD64);
    let sa = a.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    let ya = a.add_symbol(Symbol::undefined(b"x")).unwrap();
    let sb = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    let foreign_section = ErrorKind::ForeignId { what: "section" };
    let foreign_symbol = ErrorKind::ForeignId { what: "symbol" };
    assert_eq!(kind(b.set_data(sa, vec![1])), foreign_section);
    assert_eq!(kind(b.set_alignment(sa, 4)), foreign_section);
    assert_eq!(kind(b.add_symbol(Symbol::external(b"y", sa, 0))), foreign_section);
    assert_eq!(kind(b.set_associative(sb, sa)), foreign_section);
    assert_eq!(kind(b.add_section_symbol(sa)), foreign_section);
    let r = Reloc::new(0, Some(ya), RelocAmd64::ADDR64, 0);
    assert_eq!(kind(b.add_reloc(sb, r)), foreign_symbol);
    assert_eq!(kind(b.add_weak_external(b"w", Some(ya), WeakSearch::ALIAS)), foreign_symbol);
    assert_eq!(kind(b.add_aux_record(ya, &[0; 18])), foreign_symbol);
    // A layout belongs to its builder.
    let la = a.layout().unwrap();
    assert_eq!(kind(b.write_layout(&la)), ErrorKind::ForeignId { what: "layout" });
    assert_eq!(kind(la.section_number(sb)), foreign_section);
    assert!(la.section_number(sa).is_ok());
}

#[test]
fn bad_alignments_are_rejected() {
    let mut b = CoffBuilder::new(Machine::I386);
    let s = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    for align in [0u64, 3, 6, 12, 16_384, 1 << 40] {
        assert_eq!(kind(b.set_alignment(s, align)), ErrorKind::BadAlignment { align });
    }
    for align in [1u64, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192] {
        b.set_alignment(s, align).unwrap();
    }
    // An alignment field of 15 does not exist.
    let r = b.add_section(SectionSpec::new(b".bad", SectionFlags(0x00f0_0040)));
    assert!(matches!(kind(r), ErrorKind::BadAlignment { .. }));
}

#[test]
fn too_many_sections_without_bigobj_is_an_error() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    b.set_bigobj(BigObj::Never);
    for _ in 0..65_279 {
        b.add_section(SectionSpec::new(b".s", SectionFlags::RDATA).without_symbol()).unwrap();
    }
    assert!(!b.layout().unwrap().is_bigobj());
    b.add_section(SectionSpec::new(b".s", SectionFlags::RDATA).without_symbol()).unwrap();
    assert_eq!(kind(b.write()), ErrorKind::TooManySections { count: 65_280, limit: 65_279 });
    b.set_bigobj(BigObj::Auto);
    assert!(b.layout().unwrap().is_bigobj());
    let bytes = b.write().unwrap();
    let file = object::read::coff::CoffBigFile::<&[u8]>::parse(&*bytes).unwrap();
    assert_eq!(file.sections().count(), 65_280);
}

#[test]
fn misuse_of_sections_and_symbols_is_an_error() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    let bss = b.add_section(SectionSpec::new(b".bss", SectionFlags::BSS)).unwrap();
    let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    assert!(matches!(kind(b.set_data(bss, vec![0])), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.append_data(bss, &[0], 1)), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.set_uninitialized_size(data, 4)), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.set_comdat(data, Selection::ASSOCIATIVE)), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.set_comdat(data, Selection(0))), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.set_associative(data, data)), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.add_section_symbol(data)), ErrorKind::Invalid(_)));
    let sec_sym = b.section_symbol(data).unwrap().unwrap();
    assert!(matches!(kind(b.add_aux_record(sec_sym, &[1])), ErrorKind::Invalid(_)));
    let plain = b.add_symbol(Symbol::external(b"plain", data, 0)).unwrap();
    assert!(matches!(kind(b.set_weak_default(plain, plain)), ErrorKind::Invalid(_)));
    assert!(matches!(kind(b.add_aux_record(plain, &[0; 21])), ErrorKind::DoesNotFit { .. }));
    // A relocation type of another machine.
    let r = Reloc::new(0, Some(plain), RelocArm64::ADDR64, 0);
    assert!(matches!(kind(b.add_reloc(data, r)), ErrorKind::Invalid(_)));
    let r = Reloc::new(0, Some(plain), RelocI386::DIR32, 0);
    assert!(matches!(kind(b.add_reloc(data, r)), ErrorKind::Invalid(_)));
    // A relocation whose field is outside the section's bytes.
    let r = Reloc::new(0, Some(plain), RelocAmd64::ADDR32, 0);
    assert!(matches!(kind(b.add_reloc(data, r)), ErrorKind::Invalid(_)));
    b.append_data(data, &[0; 8], 8).unwrap();
    let r = Reloc::new(6, Some(plain), RelocAmd64::ADDR32, 0);
    assert!(matches!(kind(b.add_reloc(data, r)), ErrorKind::Invalid(_)));
    assert_eq!(b.relocation_count(data).unwrap(), 0);
    // A raw type is fine anywhere.
    let r = Reloc::new(0, Some(plain), 0x11u16, 0);
    b.add_reloc(data, r).unwrap();

    // A weak external without default cannot be written.
    let w = b.add_weak_external(b"weak", None, WeakSearch::ALIAS).unwrap();
    assert!(matches!(kind(b.write()), ErrorKind::Invalid(_)));
    b.set_weak_default(w, plain).unwrap();
    // A 20-byte aux record needs bigobj.
    b.add_aux_record(plain, &[1; 20]).unwrap();
    assert!(matches!(kind(b.write()), ErrorKind::DoesNotFit { .. }));
    b.set_bigobj(BigObj::Always);
    let layout = b.layout().unwrap();
    // A layout is stale once the builder changes.
    b.set_timestamp(1);
    assert!(matches!(kind(b.write_layout(&layout)), ErrorKind::Invalid(_)));
    let layout = b.layout().unwrap();
    b.write_layout(&layout).unwrap();
    // A raw section number must fit 16 bits without bigobj.
    b.set_bigobj(BigObj::Never);
    b.add_symbol(Symbol { section: SymbolSection::Number(70_000), ..Symbol::undefined(b"n") })
        .unwrap();
    let mut c = CoffBuilder::new(Machine::AMD64);
    c.add_symbol(Symbol { section: SymbolSection::Number(70_000), ..Symbol::undefined(b"n") })
        .unwrap();
    assert!(matches!(kind(c.write()), ErrorKind::DoesNotFit { .. }));
    c.set_bigobj(BigObj::Always);
    c.write().unwrap();
    // At most 255 auxiliary records: a file name of 255 * 18 bytes fits.
    let mut d = CoffBuilder::new(Machine::AMD64);
    d.add_file(&[b'a'; 255 * 18]).unwrap();
    assert_eq!(d.layout().unwrap().symbol_table_entries(), 256);
    d.add_file(&[b'a'; 255 * 18 + 1]).unwrap();
    assert!(matches!(kind(d.layout()), ErrorKind::DoesNotFit { .. }));
}

#[test]
fn layout_follows_llvm() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    b.set_alignment(text, 16).unwrap();
    let assoc = b.add_section(SectionSpec::new(b".xdata$f", SectionFlags::RDATA)).unwrap();
    let f = b.add_section(SectionSpec::new(b".text$f", SectionFlags::TEXT)).unwrap();
    b.set_comdat(f, Selection::ANY).unwrap();
    let fsym = b.add_symbol(Symbol::external(b"f", f, 0)).unwrap();
    b.set_associative(assoc, f).unwrap();
    let bss = b.add_section(SectionSpec::new(b".bss", SectionFlags::BSS)).unwrap();
    b.set_uninitialized_size(bss, 100).unwrap();
    b.set_data(text, vec![0xe8, 0, 0, 0, 0, 0xc3]).unwrap();
    b.set_data(assoc, vec![1, 2, 3, 4]).unwrap();
    b.set_data(f, vec![0xc3]).unwrap();
    b.add_reloc(text, Reloc::new(1, Some(fsym), RelocAmd64::REL32, 0)).unwrap();
    b.add_file(b"exactly_eighteen.c").unwrap();
    let layout = b.layout().unwrap();
    assert_eq!(layout.section_number(text).unwrap(), 1);
    assert_eq!(layout.section_number(f).unwrap(), 2);
    assert_eq!(layout.section_number(bss).unwrap(), 3);
    assert_eq!(layout.section_number(assoc).unwrap(), 4);
    // .text(+1) .xdata$f(+1) .text$f(+1) f .bss(+1) .file(+1)
    assert_eq!(layout.symbol_index(fsym).unwrap(), 6);
    assert_eq!(layout.symbol_table_entries(), 11);
    let bytes = b.write_layout(&layout).unwrap();
    assert_eq!(bytes.len() as u64, layout.file_size());

    // Raw data in the order added: .text at 20 + 4 * 40, then its
    // relocation, .xdata$f, .text$f.
    let file = CoffFile::<&[u8]>::parse(&*bytes).unwrap();
    let sections: Vec<_> = file.sections().collect();
    let names: Vec<_> = sections.iter().map(|s| s.name().unwrap()).collect();
    assert_eq!(names, [".text", ".text$f", ".bss", ".xdata$f"]);
    assert_eq!(sections[0].file_range(), Some((180, 6)));
    assert_eq!(sections[3].file_range(), Some((196, 4)));
    assert_eq!(sections[1].file_range(), Some((200, 1)));
    assert_eq!(sections[0].align(), 16);
    assert_eq!(sections[2].size(), 100);
    let relocs: Vec<_> = sections[0].relocations().collect();
    assert_eq!(relocs.len(), 1);
    let RelocationTarget::Symbol(target) = relocs[0].1.target() else { panic!() };
    assert_eq!(file.symbol_by_index(target).unwrap().name().unwrap(), "f");
    // Checksums: JamCRC of the contents.
    let aux = &bytes[layout.symbol_table_offset() as usize + 18..][..18];
    assert_eq!(
        u32::from_le_bytes(aux[8..12].try_into().unwrap()),
        checksum(&[0xe8, 0, 0, 0, 0, 0xc3])
    );
    // The COMDAT symbol.
    let sym = file.symbol_by_name("f").unwrap();
    assert!(sym.is_global());
    // The 18-byte file name takes exactly one aux record.
    let file_sym = &bytes[layout.symbol_table_offset() as usize + 9 * 18..][..36];
    assert_eq!(&file_sym[..5], b".file");
    assert_eq!(file_sym[16], StorageClass::FILE.0);
    assert_eq!(file_sym[17], 1);
    assert_eq!(&file_sym[18..], b"exactly_eighteen.c");
}

#[test]
fn long_names_and_overflowing_relocations() {
    let mut b = CoffBuilder::new(Machine::ARM64);
    let long = b.add_section(SectionSpec::new(b".rdata$long_name", SectionFlags::RDATA)).unwrap();
    let eight = b.add_section(SectionSpec::new(b".eight__", SectionFlags::RDATA)).unwrap();
    b.set_data(long, vec![0u8; 8 * 70_000]).unwrap();
    b.set_data(eight, vec![0u8; 8]).unwrap();
    let sym = b.add_symbol(Symbol::undefined(b"a_symbol_name_longer_than_8")).unwrap();
    let short = b.add_symbol(Symbol::undefined(b"name_8__")).unwrap();
    for i in 0..70_000u64 {
        let r = Reloc::new(8 * i, Some(sym), RelocArm64::ADDR64, 0);
        b.add_reloc(long, r).unwrap();
    }
    b.add_reloc(eight, Reloc::new(0, Some(short), RelocArm64::ADDR64, 0)).unwrap();
    let bytes = b.write().unwrap();
    // Section names go first in the string table.
    assert_eq!(&bytes[20..28], b"/4\0\0\0\0\0\0");
    assert_eq!(&bytes[60..68], b".eight__");
    let file = CoffFile::<&[u8]>::parse(&*bytes).unwrap();
    let s = file.section_by_name(".rdata$long_name").unwrap();
    let flags = u32::from_le_bytes(bytes[20 + 36..20 + 40].try_into().unwrap());
    assert_ne!(flags & SectionFlags::LNK_NRELOC_OVFL.0, 0);
    assert_eq!(u16::from_le_bytes([bytes[20 + 32], bytes[20 + 33]]), 0xffff);
    assert_eq!(s.relocations().count(), 70_000);
    assert_eq!(
        file.symbol_by_index(object::SymbolIndex(4)).unwrap().name().unwrap(),
        "a_symbol_name_longer_than_8"
    );
    assert!(file.symbols().any(|s| s.name() == Ok("name_8__")));
}

#[test]
fn flag_letters_and_drectve() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    let d = b
        .add_section(SectionSpec::new(
            b".drectve",
            SectionFlags::from_letters(b".drectve", "yni").unwrap(),
        ))
        .unwrap();
    b.set_data(d, &b" /DEFAULTLIB:x"[..]).unwrap();
    let bytes = b.write().unwrap();
    let flags = u32::from_le_bytes(bytes[56..60].try_into().unwrap());
    // LLVM's .drectve: LNK_INFO | LNK_REMOVE, 1-byte aligned.
    assert_eq!(flags, SectionFlags::DRECTVE.0 | 0x0010_0000);
}

/// What COFF forbids: a COMDAT flag without a selection, a section of both
/// initialized and uninitialized data, two external definitions of one name.
#[test]
fn forbidden_flags_and_twice_defined_names() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    let s = b
        .add_section(SectionSpec::new(b".text$x", SectionFlags::TEXT | SectionFlags::LNK_COMDAT))
        .unwrap();
    let e = b.write().unwrap_err();
    assert!(e.to_string().contains("IMAGE_SCN_LNK_COMDAT without a COMDAT selection"), "{e}");
    b.set_comdat(s, Selection::ANY).unwrap();
    b.write().unwrap();
    let both = SectionFlags::CNT_INITIALIZED_DATA | SectionFlags::CNT_UNINITIALIZED_DATA;
    let mut c = CoffBuilder::new(Machine::AMD64);
    c.add_section(SectionSpec::new(b".odd", both | SectionFlags::MEM_READ)).unwrap();
    let e = c.write().unwrap_err();
    assert!(e.to_string().contains("both initialized and uninitialized"), "{e}");

    let mut d = CoffBuilder::new(Machine::AMD64);
    let text = d.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    d.append_data(text, &[0xc3, 0xc3], 16).unwrap();
    d.add_symbol(Symbol::external(b"f", text, 0)).unwrap();
    d.write().unwrap();
    d.add_symbol(Symbol::external(b"f", text, 1)).unwrap();
    let e = d.write().unwrap_err();
    assert_eq!(e.to_string(), "symbol 'f' is defined twice (two external definitions of one name)");
}

/// `append_data` as in ELF: padded to the alignment, which the section
/// takes on; a bad alignment is an error.
#[test]
fn append_data_aligns_as_elf_does() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    assert_eq!(b.append_data(text, &[0xc3; 3], 1).unwrap(), 0);
    assert_eq!(b.append_data(text, &[0xc3], 32).unwrap(), 32);
    assert_eq!(b.append_data(text, &[0xc3], 4).unwrap(), 36);
    assert!(matches!(kind(b.append_data(text, &[0], 3)), ErrorKind::BadAlignment { align: 3 }));
    assert!(matches!(kind(b.append_data(text, &[0], 16384)), ErrorKind::BadAlignment { .. }));
    let bytes = b.write().unwrap();
    let file = CoffFile::<&[u8]>::parse(&*bytes).unwrap();
    let s = file.section_by_name(".text").unwrap();
    assert_eq!(s.align(), 32);
    assert_eq!(&s.data().unwrap()[..4], &[0xc3, 0xc3, 0xc3, 0]);
    assert_eq!(s.size(), 37);
}

/// A COMDAT declared in one call with its symbol; the misuses it catches.
#[test]
fn comdat_in_one_call() {
    let mut b = CoffBuilder::new(Machine::AMD64);
    let text = b.add_section(SectionSpec::new(b".text$f", SectionFlags::TEXT).align(16)).unwrap();
    let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    b.append_data(text, &[0xc3], 1).unwrap();
    let wrong = Symbol::external(b"f", data, 0);
    assert!(matches!(kind(b.add_comdat(text, Selection::ANY, wrong)), ErrorKind::Invalid(_)));
    b.add_comdat(text, Selection::ANY, Symbol::external(b"f", text, 0)).unwrap();
    let again = Symbol::external(b"g", text, 0);
    assert!(matches!(kind(b.add_comdat(text, Selection::ANY, again)), ErrorKind::Invalid(_)));
    let bare =
        b.add_section(SectionSpec::new(b".text$h", SectionFlags::TEXT).without_symbol()).unwrap();
    let h = Symbol::external(b"h", bare, 0);
    assert!(matches!(kind(b.add_comdat(bare, Selection::ANY, h)), ErrorKind::Invalid(_)));
    b.add_section_symbol(bare).unwrap();
    b.add_comdat(bare, Selection::NODUPLICATES, h).unwrap();
    let bytes = b.write().unwrap();
    let file = CoffFile::<&[u8]>::parse(&*bytes).unwrap();
    let comdats: Vec<(String, object::ComdatKind)> = file
        .comdats()
        .map(|c| (file.symbol_by_index(c.symbol()).unwrap().name().unwrap().to_owned(), c.kind()))
        .collect();
    assert_eq!(
        comdats,
        [
            ("f".to_owned(), object::ComdatKind::Any),
            ("h".to_owned(), object::ComdatKind::NoDuplicates)
        ]
    );
}
