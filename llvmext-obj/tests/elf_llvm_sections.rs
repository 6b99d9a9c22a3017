//! LLVM's special sections written through `ElfBuilder` (the encoders of
//! `llvmext_obj::llvm` plus `ElfBuilder::add_encoded` / `set_addrsig`) and
//! read back by llvm-readobj-19's own decoders of those sections; the object
//! also links with ld.lld-19 -r.

use std::process::Command;

use llvmext_obj::elf::*;
use llvmext_obj::llvm::bb_addr_map::{self, BbEntry, BbRange, BlockMetadata, FunctionMap};
use llvmext_obj::llvm::cg_profile::CgProfileBuilder;
use llvmext_obj::llvm::deplibs::DependentLibrariesBuilder;
use llvmext_obj::llvm::linker_options::LinkerOptionsBuilder;
use llvmext_obj::llvm::SymbolRef;

fn readobj(path: &std::path::Path, flag: &str) -> String {
    let out = Command::new("llvm-readobj-19").arg(flag).arg(path).output().unwrap_or_else(|e| {
        panic!("cannot run llvm-readobj-19 ({e}): install Debian package llvm-19")
    });
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Only the lines after the file header, trimmed, without blank lines.
fn body(s: &str) -> Vec<String> {
    s.lines()
        .skip_while(|l| !l.starts_with("LoadName"))
        .skip(1)
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn special_sections_decode_in_llvm_readobj() {
    let mut b = ElfBuilder::new(Class::Elf64, Endian::Little, Machine::X86_64);
    let fmt = b.format();
    let text_flags = SectionFlags::ALLOC | SectionFlags::EXECINSTR;
    let text = b
        .add_section(SectionSpec::new(b".text", SectionType::PROGBITS, text_flags).align(16))
        .unwrap();
    // f: call g; ret     g: ret
    b.append_data(text, &[0xe8, 0, 0, 0, 0, 0xc3, 0xc3], 1).unwrap();
    let f = b
        .add_symbol(SymbolSpec::defined(b"f", Binding::GLOBAL, SymbolType::FUNC, text, 0, 6))
        .unwrap();
    let g = b
        .add_symbol(SymbolSpec::defined(b"g", Binding::GLOBAL, SymbolType::FUNC, text, 6, 1))
        .unwrap();
    let h = b.add_symbol(SymbolSpec::undefined(b"h")).unwrap();
    b.add_reloc(text, Reloc::new(1, Some(g), RelocX86_64::PLT32, -4)).unwrap();

    let opts = b
        .add_section(SectionSpec::new(
            b".linker-options",
            SectionType::LLVM_LINKER_OPTIONS,
            SectionFlags::EXCLUDE,
        ))
        .unwrap();
    let mut lo = LinkerOptionsBuilder::new();
    lo.pair("lib", "m").unwrap().pair("stack", "8192").unwrap();
    b.set_data(opts, lo.finish()).unwrap();

    let deps = b
        .add_section(
            SectionSpec::new(
                b".deplibs",
                SectionType::LLVM_DEPENDENT_LIBRARIES,
                SectionFlags::MERGE | SectionFlags::STRINGS,
            )
            .entsize(1),
        )
        .unwrap();
    let mut dl = DependentLibrariesBuilder::new();
    dl.add("foo").unwrap().add("bar").unwrap();
    b.set_data(deps, dl.finish()).unwrap();

    let bbmap = b
        .add_section(
            SectionSpec::new(
                b".llvm_bb_addr_map",
                SectionType::LLVM_BB_ADDR_MAP,
                SectionFlags::NONE,
            )
            .link_order(text),
        )
        .unwrap();
    let meta_ret = BlockMetadata { has_return: true, ..Default::default() };
    let funcs = vec![
        FunctionMap {
            version: 2,
            ranges: vec![BbRange::new(
                SymbolRef::new(f),
                vec![
                    BbEntry::new(
                        0,
                        0,
                        5,
                        BlockMetadata { can_fall_through: true, ..Default::default() },
                    ),
                    BbEntry::new(1, 5, 1, meta_ret),
                ],
            )],
            features: Default::default(),
            pgo: Default::default(),
        },
        FunctionMap {
            version: 2,
            ranges: vec![BbRange::new(SymbolRef::new(g), vec![BbEntry::new(0, 0, 1, meta_ret)])],
            features: Default::default(),
            pgo: Default::default(),
        },
    ];
    let enc = bb_addr_map::encode(&funcs, fmt).unwrap();
    b.add_encoded(bbmap, &enc).unwrap();

    let cg = b
        .add_section(
            SectionSpec::new(
                b".llvm.call-graph-profile",
                SectionType::LLVM_CALL_GRAPH_PROFILE,
                SectionFlags::EXCLUDE,
            )
            .entsize(8),
        )
        .unwrap();
    let mut prof = CgProfileBuilder::new();
    prof.add(f, g, 42).add(g, h, 7);
    b.add_encoded(cg, &prof.encode(fmt)).unwrap();
    b.set_addrsig(&[g, f]).unwrap();

    let bytes = b.write().unwrap();
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("llvmext-elf-llvm-sections");
    std::fs::create_dir_all(&dir).unwrap();
    let obj = dir.join("special.o");
    std::fs::write(&obj, &bytes).unwrap();

    assert_eq!(
        body(&readobj(&obj, "--cg-profile")),
        [
            "CGProfile [",
            "CGProfileEntry {",
            "From: f (1)",
            "To: g (2)",
            "Weight: 42",
            "}",
            "CGProfileEntry {",
            "From: g (2)",
            "To: h (3)",
            "Weight: 7",
            "}",
            "]"
        ]
    );
    assert_eq!(body(&readobj(&obj, "--addrsig")), ["Addrsig [", "Sym: g (2)", "Sym: f (1)", "]"]);
    let lo = readobj(&obj, "--elf-linker-options");
    assert!(lo.contains("lib: m") && lo.contains("stack: 8192"), "{lo}");
    let dl = readobj(&obj, "--dependent-libraries");
    assert_eq!(body(&dl), ["DependentLibs [", "foo", "bar", "]"]);
    let bb = readobj(&obj, "--bb-addr-map");
    // (llvm-readobj-19 does not apply the relocations of a relocatable
    // object here: both functions show address 0.)
    for want in ["Size: 0x5", "Offset: 0x5", "HasReturn: Yes", "CanFallThrough: Yes"] {
        assert!(bb.contains(want), "no `{want}` in:\n{bb}");
    }
    assert_eq!(bb.matches("Function {").count(), 2, "{bb}");
    assert_eq!(bb.matches("ID: ").count(), 3, "{bb}");
    let relocs = readobj(&obj, "--relocations");
    for want in [
        "0x2 R_X86_64_64 f 0x0",
        "0x15 R_X86_64_64 g 0x0",
        "Section (9) .rel.llvm.call-graph-profile {",
        "0x8 R_X86_64_NONE h",
    ] {
        assert!(relocs.contains(want), "no `{want}` in:\n{relocs}");
    }

    // A relocatable link keeps and merges the sections.
    let out = dir.join("linked.o");
    let st =
        Command::new("ld.lld-19").arg("-r").arg(&obj).arg("-o").arg(&out).status().unwrap_or_else(
            |e| panic!("cannot run ld.lld-19 ({e}): install Debian package lld-19"),
        );
    assert!(st.success());
}
