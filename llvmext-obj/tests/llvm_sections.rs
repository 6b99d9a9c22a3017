//! LLVM's special sections and PC sections against LLVM itself:
//! objects produced by llvm-mc-19 / clang-19 / llc-19 / clang-offload-packager-19
//! (and rustc, whose LLVM 22 writes what LLVM 19 cannot), decoded by our
//! decoders and re-encoded byte for byte; hand-derived bytes where no
//! installed LLVM writes the format; and hostile inputs.

use llvmext_obj::llvm::{
    addrsig, bb_addr_map, callgraph, cfi_jump_table, cg_profile, consts, deplibs, jt_sizes,
    linker_options, lto, offloading, sympart, Format, Reloc, RelocKind, RelocMap, SymbolRef,
};
use llvmext_obj::pcsections as pcs;
use object::read::elf::{ElfFile64, FileHeader, SectionHeader};
use object::{
    LittleEndian as LE, Object, ObjectSection, ObjectSymbol, RelocationTarget, SymbolKind,
};
use std::path::{Path, PathBuf};
use std::process::Command;

const F64: Format = Format::ELF64_LE;

// ---------------------------------------------------------------------------
// Tools and objects

fn testdata(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/llvm-sections").join(name)
}

/// A fresh path for `name`: tests run in parallel and several assemble the
/// same source, so each call gets its own file (one written by llvm-mc-19
/// while another test reads it would be read truncated).
fn tmp(name: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("llvmext-llvm-sections");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{n}-{name}"))
}

/// Runs `tool args`; a missing tool fails the test naming its package.
fn run(tool: &str, package: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run {tool} ({e}): install the Debian package {package}")
    });
    assert!(
        out.status.success(),
        "{tool} {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn mc(src: &Path, out: &Path) -> Vec<u8> {
    run(
        "llvm-mc-19",
        "llvm-19",
        &[
            "-filetype=obj",
            "-triple=x86_64-linux-gnu",
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
    );
    std::fs::read(out).unwrap()
}

/// One section of an x86-64 ELF object, with its relocations (symbols by
/// name; a section symbol by its section's name).
#[derive(Debug, Clone)]
struct Sec {
    index: usize,
    name: String,
    sh_type: u32,
    sh_flags: u64,
    sh_link: u32,
    sh_entsize: u64,
    data: Vec<u8>,
    relocs: Vec<Reloc<String>>,
}

struct Obj {
    sections: Vec<Sec>,
    /// (index, name, section index, value, is function)
    symbols: Vec<(usize, String, Option<usize>, u64, bool)>,
}

fn kind_of(r_type: u32) -> RelocKind {
    match r_type {
        0 => RelocKind::None,
        1 => RelocKind::Abs64,
        2 => RelocKind::PcRel32,
        4 => RelocKind::Branch,
        10 => RelocKind::Abs32,
        24 => RelocKind::PcRel64,
        // Code relocations the tests never compare.
        _ => RelocKind::None,
    }
}

fn parse(data: &[u8]) -> Obj {
    let file = ElfFile64::<LE>::parse(data).unwrap();
    let endian = file.endian();
    let sym_name = |i: object::SymbolIndex| -> String {
        let s = file.symbol_by_index(i).unwrap();
        if s.kind() == SymbolKind::Section {
            file.section_by_index(s.section_index().unwrap()).unwrap().name().unwrap().to_owned()
        } else {
            s.name().unwrap().to_owned()
        }
    };
    let mut sections = Vec::new();
    for s in file.sections() {
        let h = s.elf_section_header();
        let mut relocs = Vec::new();
        for (offset, r) in s.relocations() {
            let object::RelocationFlags::Elf { r_type } = r.flags() else { panic!() };
            let RelocationTarget::Symbol(i) = r.target() else { panic!() };
            relocs.push(Reloc {
                offset,
                symbol: sym_name(i),
                addend: r.addend(),
                kind: kind_of(r_type),
            });
        }
        sections.push(Sec {
            index: s.index().0,
            name: s.name().unwrap().to_owned(),
            sh_type: h.sh_type(endian),
            sh_flags: h.sh_flags(endian),
            sh_link: h.sh_link(endian),
            sh_entsize: h.sh_entsize(endian),
            data: s.data().unwrap().to_vec(),
            relocs,
        });
    }
    let symbols = file
        .symbols()
        .map(|s| {
            (
                s.index().0,
                s.name().unwrap_or("").to_owned(),
                s.section_index().map(|i| i.0),
                s.address(),
                s.kind() == SymbolKind::Text,
            )
        })
        .collect();
    let _ = file.elf_header().e_machine(endian);
    Obj { sections, symbols }
}

impl Obj {
    fn all(&self, name: &str) -> Vec<&Sec> {
        self.sections.iter().filter(|s| s.name == name).collect()
    }

    fn one(&self, name: &str) -> &Sec {
        let v = self.all(name);
        assert_eq!(v.len(), 1, "sections named {name}");
        v[0]
    }

    fn section_name(&self, index: usize) -> &str {
        &self.sections.iter().find(|s| s.index == index).unwrap().name
    }

    /// The function symbol at `sym + addend` (a section symbol or a
    /// function symbol).
    fn function_at(&self, r: &SymbolRef<String>) -> (String, u64) {
        let (sec, base) = match self.sections.iter().find(|s| s.name == r.symbol) {
            Some(s) => (s.index, 0),
            None => {
                let s = self.symbols.iter().find(|s| s.1 == r.symbol).unwrap();
                (s.2.unwrap(), s.3)
            }
        };
        let addr = base + r.addend as u64;
        let f = self
            .symbols
            .iter()
            .find(|s| s.4 && s.2 == Some(sec) && s.3 == addr)
            .unwrap_or_else(|| panic!("no function at {}+{addr:#x}", self.section_name(sec)));
        (f.1.clone(), addr)
    }
}

fn assert_same_relocs(ours: &[Reloc<String>], llvm: &[Reloc<String>], what: &str) {
    assert_eq!(ours, llvm, "{what}: relocations differ");
}

// ---------------------------------------------------------------------------
// llvm-mc-19: linker options, deplibs, cg profile, addrsig, sympart

fn misc_obj() -> Obj {
    parse(&mc(&testdata("misc.s"), &tmp("misc.o")))
}

#[test]
fn linker_options_llvm_mc() {
    let obj = misc_obj();
    let s = obj.one(linker_options::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_LINKER_OPTIONS);
    assert_eq!(s.sh_flags, consts::SHF_EXCLUDE);
    let opts = linker_options::LinkerOptions::parse(&s.data).unwrap();
    let pairs: Vec<_> = opts.pairs().collect();
    assert_eq!(pairs, [(&b"lib"[..], &b"foo"[..]), (b"libpath", b"/opt/x")]);
    let mut b = linker_options::LinkerOptionsBuilder::new();
    b.pair("lib", "foo").unwrap().option(&["libpath", "/opt/x"]).unwrap();
    assert_eq!(b.finish(), s.data);
}

#[test]
fn deplibs_llvm_mc() {
    let obj = misc_obj();
    let s = obj.one(deplibs::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_DEPENDENT_LIBRARIES);
    assert_eq!(s.sh_flags, deplibs::FLAGS);
    assert_eq!(s.sh_entsize, deplibs::ENTSIZE);
    let libs: Vec<_> = deplibs::DependentLibraries::parse(&s.data).unwrap().iter().collect();
    assert_eq!(libs, [&b"libA"[..], b"m", b"libA"]);
    let mut b = deplibs::DependentLibrariesBuilder::new();
    for l in ["libA", "m", "libA"] {
        b.add(l).unwrap();
    }
    assert_eq!(b.finish(), s.data);
}

#[test]
fn cg_profile_llvm_mc() {
    let obj = misc_obj();
    let s = obj.one(cg_profile::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_CALL_GRAPH_PROFILE);
    assert_eq!(s.sh_flags, consts::SHF_EXCLUDE);
    assert_eq!(s.sh_entsize, cg_profile::ENTSIZE);
    // LLVM puts the relocations in an SHT_REL section even on x86-64.
    let rel = obj.sections.iter().find(|r| r.name == ".rel.llvm.call-graph-profile").unwrap();
    assert_eq!(rel.sh_type, 9);
    let edges = cg_profile::decode(&s.data, F64, &s.relocs).unwrap();
    let got: Vec<_> = edges.iter().map(|e| (e.from.as_str(), e.to.as_str(), e.weight)).collect();
    // `.Ltmp` is a temporary: its section symbol stands for it.
    assert_eq!(
        got,
        [("f", "g", 42), ("g", "ext", 7), (".text", "f", 3), ("h", "f", 0x1_2345_6789)]
    );
    let mut b = cg_profile::CgProfileBuilder::new();
    for e in &edges {
        b.add(e.from.clone(), e.to.clone(), e.weight);
    }
    let enc = b.encode(F64);
    assert_eq!(enc.bytes, s.data);
    assert_same_relocs(&enc.relocs, &s.relocs, "cg profile");
}

#[test]
fn addrsig_llvm_mc() {
    let obj = misc_obj();
    let s = obj.one(addrsig::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_ADDRSIG);
    assert_eq!(s.sh_flags, consts::SHF_EXCLUDE);
    let symtab = obj.sections.iter().find(|x| x.name == ".symtab").unwrap();
    assert_eq!(s.sh_link as usize, symtab.index);
    let idx = addrsig::decode(&s.data).unwrap();
    let names: Vec<&str> = idx
        .iter()
        .map(|&i| obj.symbols.iter().find(|s| s.0 == i as usize).unwrap().1.as_str())
        .collect();
    // Order and duplicates kept; the never-referenced undefined symbol is
    // not in the symbol table and so left out.
    assert_eq!(names, ["g", "f", "g", "h"]);
    let mut b = addrsig::AddrsigBuilder::new();
    for n in ["g", "f", "g", "h", "unused_undef"] {
        b.add(n);
    }
    let bytes = b.encode(|n| obj.symbols.iter().find(|s| s.1 == *n).map(|s| s.0 as u32));
    assert_eq!(bytes, s.data);
}

#[test]
fn sympart_llvm_mc() {
    let obj = misc_obj();
    let secs = obj.all(sympart::NAME);
    assert_eq!(secs.len(), 2);
    let expect = [(&b"libpart.so"[..], "f", 0), (&b"p2"[..], ".text", 1)];
    for (s, (part, sym, addend)) in secs.iter().zip(expect) {
        assert_eq!(s.sh_type, consts::SHT_LLVM_SYMPART);
        assert_eq!(s.sh_flags, 0);
        let p = sympart::decode(&s.data, F64, &s.relocs).unwrap();
        assert_eq!((p.partition, p.symbol.symbol.as_str(), p.symbol.addend), (part, sym, addend));
        let enc = sympart::encode(part, p.symbol.clone(), F64).unwrap();
        assert_eq!(enc.bytes, s.data);
        assert_same_relocs(&enc.relocs, &s.relocs, "sympart");
    }
}

// ---------------------------------------------------------------------------
// BB address map: clang-19 (version 2) checked against llvm-readobj-19

/// Renders decoded maps as `llvm-readobj-19 --bb-addr-map
/// --elf-output-style=JSON` prints them.
fn bb_json(obj: &Obj, maps: &[bb_addr_map::FunctionMap<SymbolRef<String>>]) -> String {
    let b = |v: bool| if v { "true" } else { "false" };
    let mut out = String::new();
    for (i, f) in maps.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (name, at) = obj.function_at(&f.ranges[0].base);
        out += &format!("{{\"Function\":{{\"At\":{at},\"Name\":\"{name}\",\"BB Ranges\":[");
        for (j, r) in f.ranges.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            let (_, base) = obj.function_at(&r.base);
            out += &format!("{{\"Base Address\":{base},\"BB Entries\":[");
            for (k, e) in r.blocks.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                let m = e.metadata;
                out += &format!(
                    "{{\"ID\":{},\"Offset\":{},\"Size\":{},\"HasReturn\":{},\"HasTailCall\":{},\"IsEHPad\":{},\"CanFallThrough\":{},\"HasIndirectBranch\":{}}}",
                    e.id, e.offset, e.size, b(m.has_return), b(m.has_tail_call), b(m.is_eh_pad),
                    b(m.can_fall_through), b(m.has_indirect_branch)
                );
            }
            out += "]}";
        }
        out += "]";
        if f.features.has_pgo_analysis() {
            out += ",\"PGO analyses\":{";
            let mut parts = Vec::new();
            if f.features.func_entry_count {
                parts.push(format!("\"FuncEntryCount\":{}", f.pgo.func_entry_count));
            }
            if f.features.has_pgo_bb_data() {
                let bbs: Vec<String> = f
                    .pgo
                    .blocks
                    .iter()
                    .map(|pb| {
                        let mut p = Vec::new();
                        if f.features.bb_freq {
                            p.push(format!("\"Frequency\":{}", pb.freq));
                        }
                        if f.features.br_prob {
                            let s: Vec<String> = pb
                                .successors
                                .iter()
                                .map(|s| format!("{{\"ID\":{},\"Probability\":{}}}", s.id, s.prob))
                                .collect();
                            p.push(format!("\"Successors\":[{}]", s.join(",")));
                        }
                        format!("{{{}}}", p.join(","))
                    })
                    .collect();
                parts.push(format!("\"PGO BB entries\":[{}]", bbs.join(",")));
            }
            out += &parts.join(",");
            out += "}";
        }
        out += "}}";
    }
    out
}

fn readobj_bb_json(path: &Path) -> String {
    let out = run(
        "llvm-readobj-19",
        "llvm-19",
        &["--bb-addr-map", "--elf-output-style=JSON", path.to_str().unwrap()],
    );
    let s = String::from_utf8(out).unwrap();
    let start = s.find("\"BBAddrMap\":[").unwrap() + "\"BBAddrMap\":[".len();
    let end = s.rfind("]}]").unwrap();
    // One "BBAddrMap" array per section: join them.
    s[start..end].replace("],\"BBAddrMap\":[", ",")
}

fn check_bb_addr_map_clang(extra: &[&str], tag: &str) {
    let out = tmp(&format!("bbmap-{tag}.o"));
    let mut args = vec!["-O2", "-c", "-fbasic-block-address-map"];
    args.extend_from_slice(extra);
    let src = testdata("bbmap.c");
    args.extend_from_slice(&[src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    run("clang-19", "clang-19", &args);
    let obj = parse(&std::fs::read(&out).unwrap());
    let mut all = Vec::new();
    let secs = obj.all(bb_addr_map::NAME);
    assert!(!secs.is_empty());
    for s in secs {
        assert_eq!(s.sh_type, consts::SHT_LLVM_BB_ADDR_MAP);
        assert_eq!(s.sh_flags & consts::SHF_LINK_ORDER, consts::SHF_LINK_ORDER);
        let maps = bb_addr_map::decode_with_relocs(&s.data, F64, &s.relocs).unwrap();
        assert!(maps.iter().all(|m| m.version == 2), "LLVM 19 writes version 2");
        let enc = bb_addr_map::encode(&maps, F64).unwrap();
        assert_eq!(enc.bytes, s.data, "{tag}: re-encoded bytes");
        assert_same_relocs(&enc.relocs, &s.relocs, tag);
        all.extend(maps);
    }
    assert_eq!(bb_json(&obj, &all), readobj_bb_json(&out), "{tag}: decoded vs llvm-readobj-19");
}

#[test]
fn bb_addr_map_clang19() {
    check_bb_addr_map_clang(&[], "plain");
}

#[test]
fn bb_addr_map_clang19_function_sections() {
    check_bb_addr_map_clang(&["-ffunction-sections"], "fsections");
}

#[test]
fn bb_addr_map_clang19_pgo_analysis_map() {
    check_bb_addr_map_clang(
        &["-mllvm", "-pgo-analysis-map=func-entry-count,bb-freq,br-prob"],
        "pgo",
    );
}

#[test]
fn bb_addr_map_clang19_basic_block_sections() {
    // Basic-block sections give MultiBBRange entries.
    check_bb_addr_map_clang(&["-fbasic-block-sections=all"], "bbsections");
}

// ---------------------------------------------------------------------------
// rustc (LLVM 22): BB address map version 5, jump table sizes, call graph

fn rustc_obj(tag: &str, llvm_args: &[&str]) -> Obj {
    let out = tmp(&format!("jumptable-{tag}.o"));
    let src = testdata("jumptable.rs");
    let mut args = vec!["-O", "--emit=obj", "--target=x86_64-unknown-linux-gnu"];
    let flags: Vec<String> = llvm_args.iter().map(|a| format!("llvm-args={a}")).collect();
    for f in &flags {
        args.extend_from_slice(&["-C", f]);
    }
    args.extend_from_slice(&[src.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    run("rustc", "rustc (rustup stable toolchain, LLVM 22)", &args);
    parse(&std::fs::read(&out).unwrap())
}

#[test]
fn bb_addr_map_llvm22_version5() {
    let obj = rustc_obj("bb", &["-basic-block-address-map"]);
    let secs = obj.all(bb_addr_map::NAME);
    assert!(!secs.is_empty());
    let mut saw_callsites = false;
    for s in secs {
        let maps = bb_addr_map::decode_with_relocs(&s.data, F64, &s.relocs).unwrap();
        for m in &maps {
            assert_eq!(m.version, 5);
            saw_callsites |= m.features.callsite_end_offsets;
            // The blocks tile the function: each block starts at or after
            // the previous end and its callsites lie inside it.
            let (name, _) = obj.function_at(&m.ranges[0].base);
            let fsize = obj.sections.iter().find(|x| x.name == format!(".text.{name}")).unwrap();
            let mut end = 0;
            for b in &m.ranges[0].blocks {
                assert!(b.offset >= end);
                assert!(b.callsite_end_offsets.iter().all(|&c| c <= b.size));
                end = b.offset + b.size;
            }
            assert!(end as usize <= fsize.data.len(), "{name}: blocks past the function");
        }
        let enc = bb_addr_map::encode(&maps, F64).unwrap();
        assert_eq!(enc.bytes, s.data);
        assert_same_relocs(&enc.relocs, &s.relocs, "bb addr map v5");
    }
    assert!(saw_callsites, "expected a function with calls (CallsiteEndOffsets)");
}

#[test]
fn jt_sizes_llvm22() {
    let obj = rustc_obj("jt", &["-emit-jump-table-sizes-section"]);
    let s = obj.one(jt_sizes::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_JT_SIZES);
    let tables = jt_sizes::decode(&s.data, F64).unwrap();
    assert_eq!(tables.len(), 1);
    assert_eq!(tables[0].entries, 7, "match arms 0..=6");
    let map = RelocMap::new(&s.relocs);
    let r = map.get(tables[0].address.offset).unwrap();
    assert_eq!(r.symbol, ".rodata.sw");
    let mut b = jt_sizes::JumpTableSizesBuilder::new();
    b.add(SymbolRef::with_addend(r.symbol.clone(), r.addend), 7);
    let enc = b.encode(F64).unwrap();
    assert_eq!(enc.bytes, s.data);
    assert_same_relocs(&enc.relocs, &s.relocs, "jt sizes");
}

#[test]
fn callgraph_llvm22() {
    let obj = rustc_obj("cg", &["--call-graph-section"]);
    let secs = obj.all(callgraph::NAME);
    assert_eq!(secs.len(), 3, "one per function section");
    let mut direct = Vec::new();
    for s in secs {
        assert_eq!(s.sh_type, consts::SHT_LLVM_CALL_GRAPH);
        assert_eq!(s.sh_flags, consts::SHF_LINK_ORDER);
        let funcs = callgraph::decode_with_relocs(&s.data, F64, &s.relocs).unwrap();
        for f in &funcs {
            direct.push((
                f.entry.symbol.clone(),
                f.direct_callees.iter().map(|c| c.symbol.clone()).collect::<Vec<_>>(),
            ));
        }
        let enc = callgraph::encode(&funcs, F64).unwrap();
        assert_eq!(enc.bytes, s.data);
        assert_same_relocs(&enc.relocs, &s.relocs, "callgraph");
    }
    // (LLVM 22 records no direct callees for these rustc functions; the
    // test vector below has some.)
    let mut names: Vec<_> = direct.iter().map(|d| d.0.as_str()).collect();
    names.sort();
    assert_eq!(names, ["calls", "leaf", "sw"]);
}

/// `.llvm.callgraph` as the newest LLVM writes it, taken from LLVM's
/// `llvm/test/tools/llvm-readobj/ELF/call-graph-info-relocatable-file.s`
/// (clang -fexperimental-call-graph-section on x86-64).
#[test]
fn callgraph_llvm_test_vector() {
    let hex = "00010000000000000000A220EFB89B695CF800010000000000000000A220EFB89B695CF8\
               000100000000000000005486BC59814B8E3000070000000000000000DC011AF8DE94940A\
               0300000000000000000000000000000000000000000000000002A220EFB89B695CF85486\
               BC59814B8E30";
    let data: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    // Record layout: 00 version, flags, 8-byte entry (relocated), 8-byte
    // type id; foo/bar/baz have flags 01 (indirect target only): 18 bytes
    // each, entries at 0x2, 0x14, 0x26. The caller (at 0x36) has flags 07,
    // entry at 0x38, type id 0x0A9494DEF81A01DC, 03 callees at 0x49, 0x51,
    // 0x59, 02 indirect type ids.
    let r = |offset: u64, s: &str| Reloc {
        offset,
        symbol: s.to_owned(),
        addend: 0,
        kind: RelocKind::Abs64,
    };
    let relocs = vec![
        r(0x2, "_Z3foov"),
        r(0x14, "_Z3barv"),
        r(0x26, "_Z3bazc"),
        r(0x38, "_Z6callerv"),
        r(0x49, "_Z3foov"),
        r(0x51, "_Z3barv"),
        r(0x59, "_Z3bazc"),
    ];
    let funcs = callgraph::decode_with_relocs(&data, F64, &relocs).unwrap();
    assert_eq!(funcs.len(), 4);
    assert!(funcs.iter().all(|f| f.is_indirect_target));
    assert_eq!(funcs[0].type_id, 0xF85C_699B_B8EF_20A2);
    assert_eq!(funcs[2].type_id, 0x308E_4B81_59BC_8654);
    assert_eq!(funcs[3].type_id, 0x0A94_94DE_F81A_01DC);
    let callees: Vec<_> = funcs[3].direct_callees.iter().map(|c| c.symbol.as_str()).collect();
    assert_eq!(callees, ["_Z3foov", "_Z3barv", "_Z3bazc"]);
    assert_eq!(funcs[3].indirect_type_ids, [0xF85C_699B_B8EF_20A2, 0x308E_4B81_59BC_8654]);
    let enc = callgraph::encode(&funcs, F64).unwrap();
    assert_eq!(enc.bytes, data);
    assert_eq!(enc.relocs, relocs);
}

// ---------------------------------------------------------------------------
// CFI jump table: LLVM 22's assembler via rustc +nightly global_asm!

#[test]
fn cfi_jump_table_llvm22() {
    let asm = std::fs::read_to_string(testdata("cfi_jump_table.s")).unwrap();
    let src = tmp("cfi.rs");
    std::fs::write(
        &src,
        format!(
            "#![feature(no_core, rustc_attrs, decl_macro)]\n#![no_core]\n#![allow(internal_features)]\n\
             #[rustc_builtin_macro]\nmacro global_asm($($t:tt)*) {{ /* built in */ }}\n\
             global_asm!(r#\"{asm}\"#, options(att_syntax));\n"
        ),
    )
    .unwrap();
    let out = tmp("cfi.o");
    run(
        "rustc",
        "rustc (rustup nightly toolchain, LLVM 22)",
        &[
            "+nightly",
            "--crate-type=lib",
            "--target=x86_64-unknown-linux-gnu",
            "--emit=obj",
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
    );
    let obj = parse(&std::fs::read(&out).unwrap());
    let s = obj.one(".text.cfi");
    assert_eq!(s.sh_type, consts::SHT_LLVM_CFI_JUMP_TABLE);
    assert_eq!(s.sh_flags, consts::SHF_ALLOC | consts::SHF_EXECINSTR);
    let mut b = cfi_jump_table::CfiJumpTableBuilder::new(cfi_jump_table::EntryKind::X86_64);
    b.add("f".to_owned()).add("g".to_owned());
    assert_eq!(s.sh_entsize, b.entry_size());
    let enc = b.encode();
    assert_eq!(enc.bytes, s.data);
    assert_same_relocs(&enc.relocs, &s.relocs, "cfi jump table");
    let entries = cfi_jump_table::decode(&s.data, s.sh_entsize, &s.relocs).unwrap();
    let targets: Vec<_> = entries.iter().map(|e| e.target.unwrap().symbol.as_str()).collect();
    assert_eq!(targets, ["f", "g"]);
}

/// AArch64 entries, hand-derived: `bti c` = 0xd503245f, `b f` = 0x14000000
/// with R_AARCH64_JUMP26 on the instruction (LowerTypeTests' AArch64 jump
/// table entry "bti c; b $0").
#[test]
fn cfi_jump_table_aarch64_hand_bytes() {
    let mut b = cfi_jump_table::CfiJumpTableBuilder::new(cfi_jump_table::EntryKind::AArch64Bti);
    b.add("f").add("g");
    let enc = b.encode();
    assert_eq!(b.entry_size(), 8);
    assert_eq!(
        enc.bytes,
        [0x5f, 0x24, 0x03, 0xd5, 0, 0, 0, 0x14, 0x5f, 0x24, 0x03, 0xd5, 0, 0, 0, 0x14]
    );
    assert_eq!(
        enc.relocs.iter().map(|r| (r.offset, r.addend)).collect::<Vec<_>>(),
        [(4, 0), (12, 0)]
    );
    // A slice with no relocation (padding) is not an entry.
    let entries = cfi_jump_table::decode(&enc.bytes, 8, &enc.relocs[..1]).unwrap();
    assert!(entries[0].target.is_some() && entries[1].target.is_none());
}

// ---------------------------------------------------------------------------
// Offloading: clang-offload-packager-19 (version 1)

#[test]
fn offloading_packager19() {
    let img1 = tmp("dev1.o");
    std::fs::write(&img1, b"\x7fELF device image one, 37 bytes long..").unwrap();
    let out = tmp("packed.bin");
    run(
        "clang-offload-packager-19",
        "clang-19",
        &[
            "-o",
            out.to_str().unwrap(),
            &format!(
                "--image=file={},triple=amdgcn-amd-amdhsa,arch=gfx90a,kind=openmp",
                img1.display()
            ),
        ],
    );
    let packed = std::fs::read(&out).unwrap();
    let bins = offloading::decode_section(&packed).unwrap();
    assert_eq!(bins.len(), 1);
    assert_eq!(bins[0].version, 1);
    let img = &bins[0].images[0];
    assert_eq!(img.offload_kind, offloading::OffloadKind::OPENMP);
    assert_eq!(img.image_kind, offloading::ImageKind::ELF_OBJECT);
    assert_eq!(img.string(b"triple"), Some(&b"amdgcn-amd-amdhsa"[..]));
    assert_eq!(img.string(b"arch"), Some(&b"gfx90a"[..]));
    assert_eq!(img.image, std::fs::read(&img1).unwrap());
    // Re-encoding the decoded image (same string order) gives the same bytes.
    assert_eq!(offloading::write(std::slice::from_ref(img), 1).unwrap(), packed);

    // Two binaries in one section, each 8-aligned; and versions 2 and 3.
    let mut sec = packed.clone();
    sec.extend_from_slice(&offloading::write(&[img.clone(), img.clone()], 2).unwrap());
    sec.extend_from_slice(&offloading::write(std::slice::from_ref(img), 3).unwrap());
    let bins = offloading::decode_section(&sec).unwrap();
    assert_eq!(
        bins.iter().map(|b| (b.version, b.images.len())).collect::<Vec<_>>(),
        [(1, 1), (2, 2), (3, 1)]
    );
    assert!(bins.iter().flat_map(|b| &b.images).all(|i| i == img));
}

#[test]
fn offloading_in_object_from_clang19() {
    // clang embeds the packager's output in an SHT_LLVM_OFFLOADING section
    // via -fembed-offload-object.
    let img = tmp("dev2.bin");
    std::fs::write(&img, b"device").unwrap();
    let packed = tmp("packed2.bin");
    run(
        "clang-offload-packager-19",
        "clang-19",
        &[
            "-o",
            packed.to_str().unwrap(),
            &format!(
                "--image=file={},triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda",
                img.display()
            ),
        ],
    );
    let c = tmp("host.c");
    std::fs::write(&c, "int main(void) { return 0; }\n").unwrap();
    let obj_path = tmp("host.o");
    run(
        "clang-19",
        "clang-19",
        &[
            "-c",
            c.to_str().unwrap(),
            "-Xclang",
            &format!("-fembed-offload-object={}", packed.display()),
            "-o",
            obj_path.to_str().unwrap(),
        ],
    );
    let obj = parse(&std::fs::read(&obj_path).unwrap());
    let s = obj.one(offloading::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_OFFLOADING);
    let bins = offloading::decode_section(&s.data).unwrap();
    assert_eq!(bins[0].images[0].offload_kind, offloading::OffloadKind::CUDA);
    assert_eq!(bins[0].images[0].image, b"device");
}

// ---------------------------------------------------------------------------
// Fat LTO: clang-19 -ffat-lto-objects

#[test]
fn lto_clang19() {
    let c = tmp("lto.c");
    std::fs::write(&c, "int f(int x) { return x * 3; }\n").unwrap();
    let o = tmp("lto.o");
    run(
        "clang-19",
        "clang-19",
        &[
            "-O2",
            "-flto",
            "-ffat-lto-objects",
            "-c",
            c.to_str().unwrap(),
            "-o",
            o.to_str().unwrap(),
        ],
    );
    let obj = parse(&std::fs::read(&o).unwrap());
    let s = obj.one(lto::NAME);
    assert_eq!(s.sh_type, consts::SHT_LLVM_LTO);
    assert_eq!(s.sh_flags, consts::SHF_EXCLUDE);
    let l = lto::LtoSection::new(&s.data).unwrap();
    assert!(!l.is_wrapped());
    assert_eq!(l.bitcode(), &s.data[..]);
}

// ---------------------------------------------------------------------------
// PC sections: llc-19

fn llc_pcsections(model: &str) -> Obj {
    let out = tmp(&format!("pcs-{model}.o"));
    let src = testdata("pcsections.ll");
    run(
        "llc-19",
        "llvm-19",
        &[
            "-O1",
            "-filetype=obj",
            &format!("-code-model={model}"),
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
    );
    parse(&std::fs::read(&out).unwrap())
}

fn check_pcsections(model: &str, cm: pcs::CodeModel) {
    let obj = llc_pcsections(model);
    let text = if model == "large" { ".ltext" } else { ".text" };
    let pc = cm.pc_entry_size(F64);
    let sec = |n: &str| obj.one(n);
    for n in ["sec.funcs", "sec.funcs2", "sec.a", "sec.b", "sec.c"] {
        let s = sec(n);
        assert_eq!(s.sh_flags, pcs::SECTION_FLAGS, "{n}");
        assert_eq!(obj.section_name(s.sh_link as usize), text);
    }
    let funcs = |name: &str| obj.symbols.iter().find(|s| s.1 == name).unwrap().3;
    let (foo_at, bar_at) = (funcs("foo"), funcs("bar"));

    // Decode what LLVM wrote.
    let d = |n: &str| pcs::decode(&sec(n).data, &sec(n).relocs, pc).unwrap();
    let funcs_e = d("sec.funcs");
    assert_eq!(funcs_e.len(), 1);
    assert_eq!(
        (funcs_e[0].target.symbol.as_str(), funcs_e[0].target.addend),
        (text, foo_at as i64)
    );
    let layout = pcs::AuxLayout { function_size: true, compressed: false, consts: vec![4, 8] };
    let aux = pcs::decode_aux(funcs_e[0].trailing, &layout, F64).unwrap();
    let foo_len = aux.function_size.unwrap();
    assert_eq!(aux.consts, [7, 9]);
    let funcs2 = d("sec.funcs2");
    let layout2 = pcs::AuxLayout { function_size: true, compressed: true, consts: vec![4, 8] };
    let aux2 = pcs::decode_aux(funcs2[0].trailing, &layout2, F64).unwrap();
    assert_eq!((funcs2[0].target.addend, aux2.consts.as_slice()), (bar_at as i64, &[7, 9][..]));
    let bar_len = aux2.function_size.unwrap();

    // sec.a: foo's two atomics (one group: PC, PC, then 01 0200 once), then
    // bar's store (no constants).
    let a = d("sec.a");
    assert_eq!(a.len(), 3);
    assert!(a[0].trailing.is_empty());
    assert_eq!(a[1].trailing, [1, 2, 0]);
    assert!(a[2].trailing.is_empty());
    // sec.b / sec.c: the `atomicrmw or` became a cmpxchg loop whose four
    // instructions share the node: four PCs, then the constants once.
    let b = d("sec.b");
    assert_eq!(b.len(), 4);
    assert!(b[..3].iter().all(|e| e.trailing.is_empty()));
    let lb = pcs::AuxLayout { function_size: false, compressed: true, consts: vec![8, 1, 4, 2] };
    assert_eq!(pcs::decode_aux(b[3].trailing, &lb, F64).unwrap().consts, [300, 200, 70000, 5]);
    let c = d("sec.c");
    assert_eq!(
        c.iter().map(|e| &e.target).collect::<Vec<_>>(),
        b.iter().map(|e| &e.target).collect::<Vec<_>>()
    );
    assert!(c.iter().all(|e| e.trailing.is_empty()));

    // Re-emit from the decoded facts and compare every section.
    let start_foo = SymbolRef::with_addend(text.to_owned(), foo_at as i64);
    let start_bar = SymbolRef::with_addend(text.to_owned(), bar_at as i64);
    let off = |e: &pcs::PcEntry<'_, String>, f: u64| (e.target.addend - f as i64) as u64;
    let i32c = |v| pcs::AuxConst::int(4, v);
    let i64c = |v| pcs::AuxConst::int(8, v);
    let mut em = pcs::PcSectionsEmitter::new(F64, cm);
    em.function(
        start_foo.clone(),
        foo_len,
        &pcs::PcSectionsMd::new("sec.funcs").aux(vec![i32c(7), i64c(9)]),
    )
    .unwrap();
    em.instructions(
        start_foo.clone(),
        &pcs::PcSectionsMd::new("sec.a")
            .aux(vec![pcs::AuxConst::int(1, 1), pcs::AuxConst::int(2, 2)]),
        &[off(&a[0], foo_at), off(&a[1], foo_at)],
    )
    .unwrap();
    em.instructions(
        start_foo,
        &pcs::PcSectionsMd::new("sec.b!C")
            .aux(vec![i64c(300), pcs::AuxConst::int(1, 200), i32c(70000)])
            .aux(vec![pcs::AuxConst::int(2, 5)])
            .section("sec.c"),
        &b.iter().map(|e| off(e, foo_at)).collect::<Vec<_>>(),
    )
    .unwrap();
    em.function(
        start_bar.clone(),
        bar_len,
        &pcs::PcSectionsMd::new("sec.funcs2!C").aux(vec![i32c(7), i64c(9)]),
    )
    .unwrap();
    em.instructions(start_bar, &pcs::PcSectionsMd::new("sec.a"), &[off(&a[2], bar_at)]).unwrap();
    let ours = em.finish();
    assert_eq!(ours.len(), 5);
    for o in &ours {
        let s = sec(&o.name);
        assert_eq!(o.contents.bytes, s.data, "{model}: {}", o.name);
        assert_same_relocs(&o.contents.relocs, &s.relocs, &o.name);
    }
}

#[test]
fn pcsections_llc19_small() {
    check_pcsections("small", pcs::CodeModel::Small);
}

#[test]
fn pcsections_llc19_large() {
    check_pcsections("large", pcs::CodeModel::Large);
}

// ---------------------------------------------------------------------------
// BB address map versions 3-5, hand-derived from the newest LLVM
// (BBAddrMap.h / BBAddrMap.cpp decodeBBAddrMapPayload)

#[test]
fn bb_addr_map_v3_v4_v5_hand_bytes() {
    use bb_addr_map::*;
    let md = |v| BlockMetadata::decode(v).unwrap();
    // Version 4, features 0x60 (CallsiteEndOffsets 0x20 | BBHash 0x40),
    // one range at `f`, two blocks, as the Extensions.rst example:
    //  BB0: offset 0, no callsites, size 5, metadata 8, hash 0x1122..
    //  BB1: offset 7 (2 bytes of padding), callsites ending at 3 and 4,
    //       size 9 (ends at 16), metadata 1, hash 2.
    #[rustfmt::skip]
    let v4: Vec<u8> = vec![
        4, 0x60,                    // version, feature byte
        0, 0, 0, 0, 0, 0, 0, 0,     // function address (relocated)
        2,                          // number of blocks
        0, 0, 0, 5, 8,              // BB0: id, offset, #callsites, size, metadata
        0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, // BB0 hash (LE)
        1, 2,                       // BB1: id 1, offset 7 - 5 = 2 from BB0's end
        2, 3, 1,                    // two callsites: ends at 3, 3 + 1 = 4
        5,                          // size after last callsite: 9 - 4
        1,                          // metadata HasReturn
        2, 0, 0, 0, 0, 0, 0, 0,     // BB1 hash
    ];
    let f = FunctionMap {
        version: 4,
        features: Features { callsite_end_offsets: true, bb_hash: true, ..Default::default() },
        ranges: vec![BbRange::new(
            SymbolRef::new("f"),
            vec![
                BbEntry { hash: 0x1122_3344_5566_7788, ..BbEntry::new(0, 0, 5, md(8)) },
                BbEntry {
                    callsite_end_offsets: vec![3, 4],
                    hash: 2,
                    ..BbEntry::new(1, 7, 9, md(1))
                },
            ],
        )],
        pgo: PgoAnalysis::default(),
    };
    let enc = encode(std::slice::from_ref(&f), F64).unwrap();
    assert_eq!(enc.bytes, v4);
    assert_eq!((enc.relocs[0].offset, enc.relocs[0].kind), (2, RelocKind::Abs64));
    assert_eq!(decode_with_relocs(&v4, F64, &enc.relocs).unwrap(), std::slice::from_ref(&f));

    // Version 3 with the same data but no hash: features 0x20.
    let f3 = FunctionMap {
        version: 3,
        features: Features { callsite_end_offsets: true, ..Default::default() },
        ranges: vec![BbRange::new(
            SymbolRef::new("f"),
            f.ranges[0].blocks.iter().map(|b| BbEntry { hash: 0, ..b.clone() }).collect(),
        )],
        pgo: PgoAnalysis::default(),
    };
    #[rustfmt::skip]
    let v3: Vec<u8> = vec![3, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 5, 8, 1, 2, 2, 3, 1, 5, 1];
    assert_eq!(encode(std::slice::from_ref(&f3), F64).unwrap().bytes, v3);
    assert_eq!(decode_with_relocs(&v3, F64, &enc.relocs).unwrap(), [f3]);

    // Version 5, big-endian ELF32: the feature field is a u16 in target
    // order. Features 0x8f = FuncEntryCount | BBFreq | BrProb | MultiBBRange
    // | PostLinkCfg; two ranges; PGO data with post-link frequencies.
    #[rustfmt::skip]
    let v5: Vec<u8> = vec![
        5, 0x00, 0x8f,              // version, feature (u16 BE)
        2,                          // number of ranges
        0, 0, 0, 0, 1,              // range 0: base (4 bytes), 1 block
        0, 0, 4, 0x18,              // BB0: id 0, offset 0, size 4, metadata 0x18
        0, 0, 0, 0, 1,              // range 1: base, 1 block
        3, 0, 2, 1,                 // BB3: id 3, offset 0, size 2, HasReturn
        0xe8, 0x07,                 // function entry count 1000
        0x80, 0x01, 9,              // BB0: frequency 128, post-link frequency 9
        1, 3, 0x80, 0x80, 0x80, 0x80, 0x08, 4, // 1 successor: id 3, prob 1<<31, post-link 4
        0x40, 0, 0,                 // BB3: frequency 64, post-link 0, 0 successors
    ];
    let fmt = Format::ELF32_BE;
    let f5 = FunctionMap {
        version: 5,
        features: Features::decode(0x8f).unwrap(),
        ranges: vec![
            BbRange::new(SymbolRef::new("f"), vec![BbEntry::new(0, 0, 4, md(0x18))]),
            BbRange::new(SymbolRef::new("f.cold"), vec![BbEntry::new(3, 0, 2, md(1))]),
        ],
        pgo: PgoAnalysis {
            func_entry_count: 1000,
            blocks: vec![
                PgoBlock {
                    freq: 128,
                    post_link_freq: 9,
                    successors: vec![PgoSuccessor { id: 3, prob: 1 << 31, post_link_freq: 4 }],
                },
                PgoBlock { freq: 64, post_link_freq: 0, successors: vec![] },
            ],
        },
    };
    let enc5 = encode(std::slice::from_ref(&f5), fmt).unwrap();
    assert_eq!(enc5.bytes, v5);
    assert_eq!(
        enc5.relocs.iter().map(|r| (r.offset, r.kind)).collect::<Vec<_>>(),
        [(4, RelocKind::Abs32), (13, RelocKind::Abs32)]
    );
    assert_eq!(decode_with_relocs(&v5, fmt, &enc5.relocs).unwrap(), [f5]);

    // OmitBBEntries (0x10) with a function entry count: counts only.
    let omit: Vec<u8> = vec![5, 0x11, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 6, 42];
    let d = decode(&omit, F64).unwrap();
    assert_eq!((d[0].ranges[0].omitted_blocks, d[0].pgo.func_entry_count), (6, 42));
    let relocs = [Reloc { offset: 3, symbol: "f", addend: 0, kind: RelocKind::Abs64 }];
    let back = decode_with_relocs(&omit, F64, &relocs).unwrap();
    assert_eq!(encode(&back, F64).unwrap().bytes, omit);

    // LLVM's checks: versions, feature bits needing newer versions, bad
    // metadata, zero ranges.
    for (bad, at) in [
        (&[1u8, 0][..], 0),  // version 1 unsupported
        (&[6, 0, 0][..], 0), // version 6 unsupported
        (&[2, 0x20][..], 1), // callsites need version 3
        (&[3, 0x40][..], 1), // hash needs version 4
        (&[4, 0x80][..], 1), // post-link CFG needs version 5
        (&[5, 0, 1][..], 1), // unknown feature bit 8
        (&[2, 8, 0][..], 2), // zero ranges
        (&[2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0x20][..], 14), // metadata 0x20
    ] {
        let e = decode(bad, F64).unwrap_err();
        assert_eq!(e.offset(), Some(at), "{bad:?}: {e}");
    }
}

/// `.llvm_jump_table_sizes` for ELF32 big-endian, hand-derived: two
/// pointer-sized fields per table.
#[test]
fn jt_sizes_elf32_be_hand_bytes() {
    let mut b = jt_sizes::JumpTableSizesBuilder::new();
    b.add(SymbolRef::new(".rodata"), 3).add(SymbolRef::with_addend(".rodata", 12), 0x0102_0304);
    let enc = b.encode(Format::ELF32_BE).unwrap();
    assert_eq!(enc.bytes, [0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 2, 3, 4]);
    assert_eq!(
        enc.relocs.iter().map(|r| (r.offset, r.addend, r.kind)).collect::<Vec<_>>(),
        [(0, 0, RelocKind::Abs32), (8, 12, RelocKind::Abs32)]
    );
    let d = jt_sizes::decode(&enc.bytes, Format::ELF32_BE).unwrap();
    assert_eq!(
        d.iter().map(|t| (t.address.offset, t.entries)).collect::<Vec<_>>(),
        [(0, 3), (8, 0x0102_0304)]
    );
    // A count over 32 bits does not fit ELF32.
    let mut big = jt_sizes::JumpTableSizesBuilder::new();
    big.add(SymbolRef::new(".rodata"), 1 << 32);
    assert!(big.encode(Format::ELF32_LE).is_err());
}

// ---------------------------------------------------------------------------
// Hostile input: every decoder over truncations and bit flips of valid
// sections, and over pseudo-random bytes; errors must carry an offset
// within the input and nothing may panic.

fn mutations(valid: &[u8]) -> Vec<Vec<u8>> {
    let mut v = Vec::new();
    for n in 0..valid.len() {
        v.push(valid[..n].to_vec());
    }
    for i in 0..valid.len() {
        for bit in [0x01u8, 0x10, 0x80, 0xff] {
            let mut m = valid.to_vec();
            m[i] ^= bit;
            v.push(m);
        }
    }
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for len in 0..200 {
        let mut m = Vec::with_capacity(len);
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            m.push(x as u8);
        }
        v.push(m);
    }
    v
}

fn check_err<T>(r: llvmext_obj::Result<T>, len: usize) {
    if let Err(e) = r {
        if let Some(o) = e.offset() {
            assert!(o <= len as u64 + 8, "error offset {o} beyond input of {len} bytes: {e}");
        }
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn hostile_inputs() {
    let obj = misc_obj();
    let cg = obj.one(cg_profile::NAME).clone();
    let sp = obj.all(sympart::NAME)[0].clone();
    let mut bbm = vec![];
    bbm.extend_from_slice(&obj.one(linker_options::NAME).data);
    let f = bb_addr_map::FunctionMap {
        version: 5,
        features: bb_addr_map::Features::decode(0xef).unwrap(),
        ranges: vec![bb_addr_map::BbRange::new(
            SymbolRef::new("f"),
            vec![bb_addr_map::BbEntry {
                callsite_end_offsets: vec![1, 3],
                size: 5,
                ..Default::default()
            }],
        )],
        pgo: bb_addr_map::PgoAnalysis {
            func_entry_count: 5,
            blocks: vec![bb_addr_map::PgoBlock {
                freq: 300,
                post_link_freq: 7,
                successors: vec![bb_addr_map::PgoSuccessor { id: 1, prob: 99, post_link_freq: 1 }],
            }],
        },
    };
    let bb = bb_addr_map::encode(&[f.clone(), f], F64).unwrap();
    let cgf = callgraph::CallGraphFunction {
        is_indirect_target: true,
        entry: SymbolRef::new("a"),
        type_id: 7,
        direct_callees: vec![SymbolRef::new("b"), SymbolRef::new("c")],
        indirect_type_ids: vec![1, 2],
    };
    let cgs = callgraph::encode(&[cgf.clone(), cgf], F64).unwrap();
    let img = offloading::OffloadingImage {
        image_kind: offloading::ImageKind::BITCODE,
        offload_kind: offloading::OffloadKind::HIP,
        flags: 0,
        strings: vec![(&b"triple"[..], &b"x"[..]), (b"arch", b"y")],
        image: b"0123456789",
    };
    let off1 = offloading::write(std::slice::from_ref(&img), 1).unwrap();
    let off2 = offloading::write(&[img.clone(), img], 2).unwrap();
    let mut pe = pcs::PcSectionsEmitter::new(F64, pcs::CodeModel::Small);
    pe.function(
        SymbolRef::new("t"),
        9,
        &pcs::PcSectionsMd::new("s!C").aux(vec![pcs::AuxConst::int(4, 300)]),
    )
    .unwrap();
    pe.instructions(SymbolRef::new("t"), &pcs::PcSectionsMd::new("s"), &[1, 2]).unwrap();
    let ps = pe.finish().remove(0).contents;
    let jt =
        jt_sizes::JumpTableSizesBuilder::new().add(SymbolRef::new("j"), 4).encode(F64).unwrap();

    let seeds: Vec<Vec<u8>> = vec![
        cg.data.clone(),
        sp.data.clone(),
        bbm,
        bb.bytes.clone(),
        cgs.bytes.clone(),
        off1,
        off2,
        ps.bytes.clone(),
        jt.bytes.clone(),
        addrsig::encode_indices([1, 300, 70000, u32::MAX]),
    ];
    let mut n = 0usize;
    for seed in &seeds {
        for m in mutations(seed) {
            let len = m.len();
            n += 1;
            check_err(linker_options::LinkerOptions::parse(&m), len);
            check_err(deplibs::DependentLibraries::parse(&m), len);
            check_err(addrsig::decode(&m), len);
            check_err(cg_profile::decode(&m, F64, &cg.relocs), len);
            check_err(sympart::decode(&m, F64, &sp.relocs), len);
            for fmt in [F64, Format::ELF32_BE] {
                check_err(bb_addr_map::decode(&m, fmt), len);
                check_err(bb_addr_map::decode_with_relocs(&m, fmt, &bb.relocs), len);
                check_err(callgraph::decode(&m, fmt), len);
                check_err(jt_sizes::decode(&m, fmt), len);
            }
            check_err(callgraph::decode_with_relocs(&m, F64, &cgs.relocs), len);
            check_err(offloading::decode_section(&m), len);
            check_err(lto::LtoSection::new(&m), len);
            check_err(cfi_jump_table::decode(&m, 8, &jt.relocs), len);
            check_err(cfi_jump_table::decode(&m, 0, &jt.relocs), len);
            for pc in [4, 8] {
                if let Ok(es) = pcs::decode(&m, &ps.relocs, pc) {
                    for e in es {
                        let l = pcs::AuxLayout {
                            function_size: true,
                            compressed: true,
                            consts: vec![4, 8],
                        };
                        check_err(pcs::decode_aux(e.trailing, &l, F64), e.trailing.len());
                    }
                }
            }
        }
    }
    assert!(n > 2000);

    // Offload headers whose counts claim more than the input holds fail
    // before anything is allocated for them.
    let mut huge = offloading::write(
        &[offloading::OffloadingImage {
            image_kind: offloading::ImageKind::NONE,
            offload_kind: offloading::OffloadKind::NONE,
            flags: offloading::OIF_METADATA,
            strings: vec![],
            image: b"",
        }],
        2,
    )
    .unwrap();
    huge[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(offloading::decode_section(&huge).is_err());
    let mut cgh = vec![0u8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    cgh.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0x0f]);
    let e = callgraph::decode(&cgh, F64).unwrap_err();
    assert_eq!(e.offset(), Some(18));
}
