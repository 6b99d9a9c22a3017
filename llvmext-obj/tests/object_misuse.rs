//! Misuse of the format-neutral `object::Object` is an error value naming
//! the problem — never a panic, never bytes — in both formats.

use llvmext_obj::llvm::RelocKind;
use llvmext_obj::object::*;
use llvmext_obj::{Error, ErrorKind};

const FORMATS: [BinaryFormat; 2] = [BinaryFormat::Elf, BinaryFormat::Coff];

fn message(e: Error) -> String {
    e.to_string()
}

/// An object with 8 bytes of code, a global `f` at 0 and an undefined `g`.
fn base(format: BinaryFormat) -> (Object, SectionId, SymbolId, SymbolId) {
    let mut o = Object::new(format, Architecture::X86_64);
    let text = o.add_section(b".text", SectionKind::Text).unwrap();
    o.append_data(text, &[0x90; 8], 16).unwrap();
    let f = o.add_symbol(Symbol::defined(b"f", text, 0, 8).kind(SymbolKind::Text)).unwrap();
    let g = o.add_symbol(Symbol::undefined(b"g")).unwrap();
    (o, text, f, g)
}

#[test]
fn an_id_of_another_object() {
    for format in FORMATS {
        let (mut a, text, _, g) = base(format);
        let (b, other_text, _, other_g) = base(format);
        drop(b);
        let r = Reloc { offset: 0, symbol: other_g, kind: RelocKind::Abs32, addend: 0 };
        let e = a.add_reloc(text, r).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::ForeignId { what: "symbol" });
        let r = Reloc { offset: 0, symbol: g, kind: RelocKind::Abs32, addend: 0 };
        let e = a.add_reloc(other_text, r).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::ForeignId { what: "section" });
    }
}

#[test]
fn a_relocation_outside_its_section() {
    for format in FORMATS {
        let (mut o, text, _, g) = base(format);
        // A 4-byte field at 6 of 8 bytes.
        o.add_reloc(text, Reloc { offset: 6, symbol: g, kind: RelocKind::PcRel32, addend: -4 })
            .unwrap();
        let e = message(o.write().unwrap_err());
        assert!(
            e.contains("relocation at offset 6 of section '.text' (8 bytes)"),
            "{format:?}: {e}"
        );
        assert!(e.contains("outside the section"), "{e}");
    }
}

#[test]
fn a_relocation_kind_the_target_lacks() {
    for format in FORMATS {
        let mut o = Object::new(format, Architecture::I386);
        let text = o.add_section(b".text", SectionKind::Text).unwrap();
        o.append_data(text, &[0; 8], 1).unwrap();
        let g = o.add_symbol(Symbol::undefined(b"g")).unwrap();
        let r = Reloc { offset: 0, symbol: g, kind: RelocKind::Abs64, addend: 0 };
        let e = message(o.add_reloc(text, r).unwrap_err());
        assert!(e.contains("Abs64 does not exist for I386"), "{format:?}: {e}");
    }
}

#[test]
fn an_addend_the_field_cannot_hold() {
    // COFF and i386 ELF keep addends in the bytes: a 32-bit field.
    for (format, arch) in
        [(BinaryFormat::Coff, Architecture::X86_64), (BinaryFormat::Elf, Architecture::I386)]
    {
        let mut o = Object::new(format, arch);
        let data = o.add_section(b".data", SectionKind::Data).unwrap();
        o.append_data(data, &[0; 4], 4).unwrap();
        let g = o.add_symbol(Symbol::undefined(b"g")).unwrap();
        let r = Reloc { offset: 0, symbol: g, kind: RelocKind::Abs32, addend: 1 << 40 };
        o.add_reloc(data, r).unwrap();
        let e = o.write().unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::DoesNotFit { field: "relocation addend", .. }),
            "{e}"
        );
    }
}

#[test]
fn two_global_definitions_of_one_name() {
    for format in FORMATS {
        let (mut o, text, _, _) = base(format);
        let e = message(o.add_symbol(Symbol::defined(b"f", text, 4, 0)).unwrap_err());
        assert!(e.contains("symbol 'f' is already defined"), "{e}");
        // A local of that name is fine, as in assembly.
        o.add_symbol(Symbol::defined(b"f", text, 4, 0).scope(SymbolScope::Local)).unwrap();
        // An undefined symbol is global.
        let e =
            message(o.add_symbol(Symbol::undefined(b"h").scope(SymbolScope::Local)).unwrap_err());
        assert!(e.contains("undefined symbol 'h' declared local"), "{e}");
    }
}

#[test]
fn comdats_declared_wrongly() {
    for format in FORMATS {
        let (mut o, text, f, g) = base(format);
        let data = o.add_section(b".data", SectionKind::Data).unwrap();
        // The symbol must be defined in the first section.
        let e = message(o.add_comdat(f, &[data, text], ComdatSelection::Any).unwrap_err());
        assert!(
            e.contains("COMDAT symbol 'f' is not defined in the COMDAT's first section"),
            "{e}"
        );
        let e = message(o.add_comdat(g, &[text], ComdatSelection::Any).unwrap_err());
        assert!(e.contains("COMDAT symbol 'g'"), "{e}");
        let e = message(o.add_comdat(f, &[], ComdatSelection::Any).unwrap_err());
        assert!(e.contains("a COMDAT without sections"), "{e}");
        o.add_comdat(f, &[text, data], ComdatSelection::Any).unwrap();
        // A section in two COMDATs.
        let e = message(o.add_comdat(f, &[text], ComdatSelection::Any).unwrap_err());
        assert!(e.contains("section '.text' is already in a COMDAT"), "{e}");
        o.write().unwrap();
    }
    let (mut o, text, f, _) = base(BinaryFormat::Elf);
    let e = message(o.add_comdat(f, &[text], ComdatSelection::Largest).unwrap_err());
    assert!(e.contains("ELF COMDATs only support the selection Any, not Largest"), "{e}");
    let (mut o, text, f, _) = base(BinaryFormat::Coff);
    o.add_comdat(f, &[text], ComdatSelection::Largest).unwrap();
    o.write().unwrap();
}

#[test]
fn data_in_a_zero_initialized_section_and_bad_alignments() {
    for format in FORMATS {
        let (mut o, text, _, g) = base(format);
        let bss = o.add_section(b".bss", SectionKind::UninitializedData).unwrap();
        let e = message(o.append_data(bss, &[1], 1).unwrap_err());
        assert!(e.contains("data appended to a zero-initialized section"), "{e}");
        let r = Reloc { offset: 0, symbol: g, kind: RelocKind::Abs32, addend: 0 };
        let e = message(o.add_reloc(bss, r).unwrap_err());
        assert!(e.contains("a relocation in a zero-initialized section"), "{e}");
        let e = message(o.append_bss(text, 4, 4).unwrap_err());
        assert!(e.contains("zero bytes reserved in a section that holds data"), "{e}");
        assert_eq!(o.append_bss(bss, 10, 8).unwrap(), 0);
        assert_eq!(o.append_bss(bss, 4, 16).unwrap(), 16);
        let e = o.append_data(text, &[1], 3).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::BadAlignment { align: 3 });
        o.write().unwrap();
    }
    let (mut o, text, _, _) = base(BinaryFormat::Coff);
    let e = message(o.append_data(text, &[1], 16384).unwrap_err());
    assert!(e.contains("COFF sections align to at most 8192 bytes"), "{e}");
    let (mut o, text, _, _) = base(BinaryFormat::Elf);
    o.append_data(text, &[1], 16384).unwrap();
}

#[test]
fn huge_requests_are_errors_not_allocations() {
    for format in FORMATS {
        let (mut o, _, _, _) = base(format);
        let bss = o.add_section(b".bss", SectionKind::UninitializedData).unwrap();
        o.append_bss(bss, u64::MAX - 8, 1).unwrap();
        let e = message(o.append_bss(bss, 16, 1).unwrap_err());
        assert!(e.contains("section too large"), "{e}");
        let e = message(o.append_bss(bss, 1, 1 << 63).unwrap_err());
        assert!(e.contains("too large") || e.contains("align"), "{e}");
        // COFF sizes are 32-bit: written, it does not fit.
        if format == BinaryFormat::Coff {
            assert!(o.write().is_err());
        }
    }
}
