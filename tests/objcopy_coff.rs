//! The COFF writer of `llvmext-obj` and the COFF half of `llvmext-objcopy`
//! against LLVM 19 (Debian packages `llvm-19 clang-19 lld-19`):
//!
//! - objects assembled by `llvm-mc-19` from `testdata/coff/*.s` (every
//!   `.section` flag letter, COMDATs of every selection incl. associative,
//!   long names, weak externals, `.secrel32`/`.secidx`/`@IMGREL`, ARM64
//!   `:secrel_lo12:`/`:secrel_hi12:`, ARM64 offset labels, `.drectve`,
//!   common symbols, `.file`, addrsig) and compiled by `clang-19`/`clang++-19`
//!   (`testdata/coff/features.c`, the COMDAT-heavy `templates.cpp`) for
//!   x86_64, i686 and aarch64 `-pc-windows-msvc`, with and without `-g`
//!   (CodeView) and `-ffunction-sections`, are rebuilt through the builder:
//!   `llvm-readobj-19` prints the same for input and output, the outputs are
//!   byte-identical, and `llvm-readobj-19` warns about none of them;
//! - relocation-count overflow (65 534, 65 535, 70 000 relocations) and
//!   bigobj (more than 65 279 sections) are byte-identical to `llvm-mc-19`;
//! - objects built from scratch link with `lld-link-19` (an AMD64 and an
//!   i386 executable, an ARM64 DLL; regular and bigobj give the same image);
//! - a 65 280-section object from scratch is bigobj and reads back;
//! - truncated and corrupted inputs give errors, never a panic.

mod support;

#[path = "../examples/llvmext-objcopy/coff.rs"]
mod coff;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use llvmext::obj::coff::{
    BigObj, CoffBuilder, Machine, Reloc, RelocAmd64, RelocArm64, RelocI386, SectionFlags,
    SectionSpec, Selection, StorageClass, Symbol, SymbolType, WeakSearch,
};
use llvmext::obj::ErrorKind;
use support::cache::{repo_root, target_dir, ScratchDir};
use support::tools::{command, describe, run, run_ok};

const TRIPLES: [&str; 3] =
    ["x86_64-pc-windows-msvc", "i686-pc-windows-msvc", "aarch64-pc-windows-msvc"];

const READOBJ_FLAGS: [&str; 8] = [
    "--file-headers",
    "--sections",
    "--section-data",
    "--relocations",
    "--symbols",
    "--coff-directives",
    "--addrsig",
    "--unwind",
];

fn scratch(label: &str) -> ScratchDir {
    let dir = target_dir().join("llvmext-coff-tests");
    fs::create_dir_all(&dir).unwrap();
    ScratchDir::new(&dir, label)
}

fn testdata(name: &str) -> PathBuf {
    repo_root().join("testdata/coff").join(name)
}

/// `llvm-readobj-19 FLAGS path`, without the `File:` line; panics if it
/// fails or prints anything on stderr (a warning).
fn readobj(path: &Path, flags: &[&str]) -> String {
    let out = run_ok(command("llvm-readobj-19", flags).arg(path));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.trim().is_empty(), "llvm-readobj-19 warns on {}:\n{err}", path.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("File: "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first line where two texts differ, with context.
fn first_difference(a: &str, b: &str) -> String {
    let (al, bl): (Vec<_>, Vec<_>) = (a.lines().collect(), b.lines().collect());
    let i = al.iter().zip(&bl).position(|(x, y)| x != y).unwrap_or(al.len().min(bl.len()));
    let from = i.saturating_sub(8);
    format!(
        "first difference at line {i}:\n--- input\n{}\n--- output\n{}",
        al[from..(i + 4).min(al.len())].join("\n"),
        bl[from..(i + 4).min(bl.len())].join("\n")
    )
}

/// The outcome of rebuilding one object.
struct Copied {
    name: String,
    identical: bool,
}

/// Copies `input` through the builder, checks `llvm-readobj-19` agrees on
/// input and output (and does not warn), and reports byte identity.
fn copy_and_compare(input: &Path, name: &str) -> Copied {
    let data = fs::read(input).unwrap();
    let out = coff::copy(&data).unwrap_or_else(|e| panic!("{name}: objcopy failed: {e}"));
    let out_path = input.with_extension("copy.obj");
    fs::write(&out_path, &out).unwrap();
    let a = readobj(input, &READOBJ_FLAGS);
    let b = readobj(&out_path, &READOBJ_FLAGS);
    assert!(a == b, "{name}: llvm-readobj-19 output differs; {}", first_difference(&a, &b));
    // The checksums LLVM wrote are the ones the builder computes.
    Copied { name: name.to_owned(), identical: data == out }
}

fn assemble(dir: &Path, triple: &str, source: &Path, name: &str) -> PathBuf {
    let out = dir.join(format!("{name}.obj"));
    run_ok(
        command("llvm-mc-19", ["-filetype=obj", &format!("-triple={triple}")])
            .arg(source)
            .arg("-o")
            .arg(&out),
    );
    out
}

#[test]
fn llvm_mc_objects_are_rebuilt_byte_identical() {
    let dir = scratch("mc");
    let mut results = Vec::new();
    for (triple, source) in
        TRIPLES.iter().zip(["x86_64.s", "i686.s", "aarch64.s"]).map(|(t, s)| (*t, testdata(s)))
    {
        let name = format!("llvm-mc {triple} {}", source.display());
        let obj = assemble(dir.path(), triple, &source, triple);
        results.push(copy_and_compare(&obj, &name));
    }
    let identical = results.iter().filter(|r| r.identical).count();
    eprintln!("llvm-mc objects: {identical} of {} byte-identical", results.len());
    for r in &results {
        assert!(r.identical, "{}: not byte-identical", r.name);
    }
}

#[test]
fn clang_objects_are_rebuilt_byte_identical() {
    let dir = scratch("clang");
    let configs: [&[&str]; 6] = [
        &[],
        &["-g"],
        &["-ffunction-sections", "-fdata-sections"],
        &["-O2", "-g", "-ffunction-sections"],
        &["-O1", "-gcodeview", "-gcolumn-info", "-ffunction-sections", "-fdata-sections"],
        // DWARF in COFF: long `.debug_*` section names.
        &["-O1", "-gdwarf"],
    ];
    let mut jobs = Vec::new();
    for triple in TRIPLES {
        for (k, flags) in configs.iter().enumerate() {
            for (compiler, source) in [("clang-19", "features.c"), ("clang++-19", "templates.cpp")]
            {
                jobs.push((triple, k, *flags, compiler, source));
            }
        }
    }
    let results: Vec<Copied> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|&(triple, k, flags, compiler, source)| {
                let dir = dir.path();
                s.spawn(move || {
                    let out = dir.join(format!("{source}.{triple}.{k}.obj"));
                    let mut cmd = command(compiler, ["-c", &format!("--target={triple}")]);
                    cmd.args(flags).arg(testdata(source)).arg("-o").arg(&out);
                    run_ok(&mut cmd);
                    copy_and_compare(&out, &describe(&cmd))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let identical = results.iter().filter(|r| r.identical).count();
    eprintln!("clang objects: {identical} of {} byte-identical", results.len());
    assert_eq!(results.len(), 36);
    for r in &results {
        assert!(r.identical, "{}: not byte-identical", r.name);
    }
}

#[test]
fn relocation_overflow_matches_llvm_mc() {
    let dir = scratch("nreloc");
    for count in [65_534u32, 65_535, 70_000] {
        let src = dir.path().join(format!("relocs{count}.s"));
        fs::write(
            &src,
            format!(
                ".data\n.rept {count}\n.quad target\n.endr\n.section .other,\"dr\"\n.long target\n"
            ),
        )
        .unwrap();
        let obj = assemble(dir.path(), "x86_64-pc-windows-msvc", &src, &format!("relocs{count}"));
        let copied = copy_and_compare(&obj, &format!("{count} relocations"));
        assert!(copied.identical, "{count} relocations: not byte-identical");
        let sections = readobj(&obj, &["--sections"]);
        assert_eq!(
            sections.contains("IMAGE_SCN_LNK_NRELOC_OVFL"),
            count >= 65_535,
            "{count} relocations"
        );
        let relocs = readobj(&obj.with_extension("copy.obj"), &["--relocations"]);
        assert_eq!(relocs.matches("IMAGE_REL_AMD64_ADDR64 target").count(), count as usize);
    }
}

#[test]
fn bigobj_matches_llvm_mc() {
    let dir = scratch("bigobj-mc");
    let mut src = String::from(".file \"a_file_name_split_over_two_bigobj_records.c\"\n");
    // With .text, .data and .bss: 65 283 sections.
    for i in 0..65_280 {
        src.push_str(&format!(".section .s${i},\"dr\"\n.byte {}\n", i & 0xff));
    }
    src.push_str(".section .s$0,\"dr\"\n.globl sym\nsym:\n.quad sym\n.secidx sym\n");
    let path = dir.path().join("big.s");
    fs::write(&path, src).unwrap();
    let obj = assemble(dir.path(), "x86_64-pc-windows-msvc", &path, "big");
    let data = fs::read(&obj).unwrap();
    assert_eq!(&data[2..4], &[0xff, 0xff], "llvm-mc-19 wrote no bigobj header");
    let out = coff::copy(&data).unwrap();
    assert!(out == data, "bigobj copy is not byte-identical");
    let copy_path = dir.path().join("big.copy.obj");
    fs::write(&copy_path, &out).unwrap();
    let flags = ["--file-headers", "--sections", "--symbols", "--relocations"];
    assert_eq!(readobj(&obj, &flags), readobj(&copy_path, &flags));
}

#[test]
fn bigobj_from_scratch_reads_back() {
    let dir = scratch("bigobj");
    let build = |mode: BigObj| {
        let mut b = CoffBuilder::new(Machine::AMD64);
        b.set_bigobj(mode);
        let mut last = None;
        for i in 0..65_280u32 {
            let s = b
                .add_section(SectionSpec::new(format!(".t${i}").as_bytes(), SectionFlags::RDATA))
                .unwrap();
            b.set_data(s, i.to_le_bytes().to_vec()).unwrap();
            last = Some(s);
        }
        let last = last.unwrap();
        let sym = b.add_symbol(Symbol::external(b"last_section_symbol", last, 2)).unwrap();
        b.add_reloc(last, Reloc::new(0, Some(sym), RelocAmd64::SECTION, 0)).unwrap();
        b.add_file(b"bigobj_from_scratch_with_a_long_file_name.c").unwrap();
        b
    };
    let never = build(BigObj::Never);
    let err = never.write().unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TooManySections { count: 65_280, limit: 65_279 });

    let auto = build(BigObj::Auto);
    let layout = auto.layout().unwrap();
    assert!(layout.is_bigobj());
    let bytes = auto.write_layout(&layout).unwrap();
    assert_eq!(&bytes[..4], &[0, 0, 0xff, 0xff]);
    let path = dir.path().join("scratch-big.obj");
    fs::write(&path, &bytes).unwrap();
    let headers = readobj(&path, &["--file-headers"]);
    assert!(headers.contains("SectionCount: 65280"), "{headers}");
    // 65 280 section symbols and aux records, the external, `.file` + 3.
    assert!(headers.contains("SymbolCount: 130565"), "{headers}");
    let syms = readobj(&path, &["--symbols", "--relocations"]);
    assert!(syms.contains("Section: .t$65279 (65280)"), "no symbol in section 65280");
    assert!(syms.contains("FileName: bigobj_from_scratch_with_a_long_file_name.c"));
    assert!(syms.contains("IMAGE_REL_AMD64_SECTION last_section_symbol"));
    // And the copy reproduces it.
    assert!(coff::copy(&bytes).unwrap() == bytes);
}

#[test]
fn long_names_past_seven_digits_use_base64() {
    let dir = scratch("base64");
    let mut b = CoffBuilder::new(Machine::AMD64);
    let s = b
        .add_section(SectionSpec::new(b".rdata$a_long_section_name", SectionFlags::RDATA))
        .unwrap();
    b.set_data(s, vec![1, 2, 3, 4]).unwrap();
    // Strings are laid out by their reversed bytes, descending: this name
    // ends in 'z' and goes first, pushing the section's name past 9 999 999.
    let mut big = vec![b'z'; 10_000_000];
    big[0] = b'_';
    b.add_symbol(Symbol::external(&big, s, 0)).unwrap();
    let bytes = b.write().unwrap();
    assert_eq!(&bytes[20..22], b"//");
    let path = dir.path().join("base64.obj");
    fs::write(&path, &bytes).unwrap();
    let sections = readobj(&path, &["--sections"]);
    assert!(sections.contains("Name: .rdata$a_long_section_name (2F 2F"), "{sections}");
    assert!(coff::copy(&bytes).unwrap() == bytes);
}

// ---------------------------------------------------------------------------
// Linking objects built from scratch
// ---------------------------------------------------------------------------

/// An AMD64 program: `start` calls a COMDAT helper and a weak external
/// (resolved to its default), reads data through REL32 and ADDR64, with an
/// associative section, a long section name, `.bss`, `.drectve` and `.file`.
fn amd64_program(bigobj: BigObj) -> Vec<u8> {
    let mut b = CoffBuilder::new(Machine::AMD64);
    b.set_bigobj(bigobj);
    let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    b.set_alignment(text, 16).unwrap();
    let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    b.set_alignment(data, 8).unwrap();
    let bss = b.add_section(SectionSpec::new(b".bss", SectionFlags::BSS)).unwrap();
    b.set_alignment(bss, 16).unwrap();
    b.set_uninitialized_size(bss, 64).unwrap();
    let helper_sec = b.add_section(SectionSpec::new(b".text$helper", SectionFlags::TEXT)).unwrap();
    b.set_comdat(helper_sec, Selection::ANY).unwrap();
    let helper = b
        .add_symbol(Symbol::external(b"helper", helper_sec, 0).with_type(SymbolType::FUNCTION))
        .unwrap();
    let rdata = b
        .add_section(SectionSpec::new(
            b".rdata$a_section_name_longer_than_eight",
            SectionFlags::from_letters(b".rdata", "dr").unwrap(),
        ))
        .unwrap();
    b.set_alignment(rdata, 4).unwrap();
    let assoc = b.add_section(SectionSpec::new(b".rdata$helper", SectionFlags::RDATA)).unwrap();
    b.set_associative(assoc, helper_sec).unwrap();
    let drectve = b.add_section(SectionSpec::new(b".drectve", SectionFlags::DRECTVE)).unwrap();

    // start: call helper; call optional; mov eax, [rip+value]; ret
    b.set_data(
        text,
        vec![
            0xe8, 0, 0, 0, 0, // call helper
            0xe8, 0, 0, 0, 0, // call optional
            0x8b, 0x05, 0, 0, 0, 0,    // mov eax, [rip+value]
            0xc3, // ret
            0xc3, // fallback: ret
        ],
    )
    .unwrap();
    b.set_data(helper_sec, vec![0xb8, 0x2a, 0, 0, 0, 0xc3]).unwrap(); // mov eax, 42; ret
    b.set_data(data, vec![0u8; 16]).unwrap();
    b.set_data(rdata, vec![0u8; 4]).unwrap();
    b.set_data(assoc, vec![0u8; 4]).unwrap();
    b.set_data(drectve, &b" /INCLUDE:keep_me"[..]).unwrap();

    let start =
        b.add_symbol(Symbol::external(b"start", text, 0).with_type(SymbolType::FUNCTION)).unwrap();
    let value = b.add_symbol(Symbol::local(b"value", data, 8)).unwrap();
    b.add_symbol(Symbol::external(b"keep_me", bss, 0)).unwrap();
    let optional = b.add_weak_external(b"optional", None, WeakSearch::ALIAS).unwrap();
    let default =
        b.add_symbol(Symbol::external(b".weak.optional.default.start", text, 17)).unwrap();
    b.set_weak_default(optional, default).unwrap();
    b.add_symbol(Symbol::absolute(b"absolute_value", 0x1234)).unwrap();
    b.add_symbol(Symbol::common(b"common_buffer", 32)).unwrap();
    b.add_file(b"amd64_program.c").unwrap();

    let rel = |offset: u64, symbol, ty: RelocAmd64| Reloc::new(offset, Some(symbol), ty, 0);
    b.add_reloc(text, rel(1, helper, RelocAmd64::REL32)).unwrap();
    b.add_reloc(text, rel(6, optional, RelocAmd64::REL32)).unwrap();
    b.add_reloc(text, rel(12, value, RelocAmd64::REL32)).unwrap();
    b.add_reloc(data, rel(0, start, RelocAmd64::ADDR64)).unwrap();
    b.add_reloc(rdata, rel(0, start, RelocAmd64::ADDR32NB)).unwrap();
    b.add_reloc(assoc, rel(0, helper, RelocAmd64::ADDR32NB)).unwrap();
    b.write().unwrap()
}

/// An i386 program: `_start` calls `_helper` (REL32) and loads a DIR32
/// address.
fn i386_program() -> Vec<u8> {
    let mut b = CoffBuilder::new(Machine::I386);
    let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    b.set_alignment(text, 16).unwrap();
    let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    b.set_alignment(data, 4).unwrap();
    // _start: call _helper; mov eax, [value]; ret  _helper: ret
    b.set_data(text, vec![0xe8, 0, 0, 0, 0, 0xa1, 0, 0, 0, 0, 0xc3, 0xc3]).unwrap();
    b.set_data(data, vec![7, 0, 0, 0]).unwrap();
    b.add_symbol(Symbol::external(b"_start", text, 0).with_type(SymbolType::FUNCTION)).unwrap();
    let helper = b.add_symbol(Symbol::local(b"_helper", text, 11)).unwrap();
    let value = b.add_symbol(Symbol::external(b"_value", data, 0)).unwrap();
    // What clang writes for i386: `@feat.00` = 1 (SAFESEH-compatible).
    b.add_symbol(Symbol::absolute(b"@feat.00", 1).with_storage_class(StorageClass::STATIC))
        .unwrap();
    b.add_reloc(text, Reloc::new(1, Some(helper), RelocI386::REL32, 0)).unwrap();
    b.add_reloc(text, Reloc::new(6, Some(value), RelocI386::DIR32, 0)).unwrap();
    b.write().unwrap()
}

/// An ARM64 DLL exporting `exported` (via `.drectve`), which calls a COMDAT
/// function and loads data through ADRP + ADD and LDR.
fn arm64_dll() -> Vec<u8> {
    let mut b = CoffBuilder::new(Machine::ARM64);
    let text = b.add_section(SectionSpec::new(b".text", SectionFlags::TEXT)).unwrap();
    b.set_alignment(text, 4).unwrap();
    let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    b.set_alignment(data, 8).unwrap();
    let f = b.add_section(SectionSpec::new(b".text$callee", SectionFlags::TEXT)).unwrap();
    b.set_alignment(f, 4).unwrap();
    b.set_comdat(f, Selection::NODUPLICATES).unwrap();
    let callee = b.add_symbol(Symbol::external(b"callee", f, 0)).unwrap();
    let drectve = b.add_section(SectionSpec::new(b".drectve", SectionFlags::DRECTVE)).unwrap();
    let words: [u32; 6] = [
        0x9400_0000, // bl callee
        0x9000_0000, // adrp x0, value
        0x9100_0000, // add x0, x0, :lo12:value
        0xb940_0001, // ldr w1, [x0, :lo12:value]
        0x2a01_03e0, // mov w0, w1
        0xd65f_03c0, // ret
    ];
    b.set_data(text, words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>()).unwrap();
    b.set_data(
        f,
        [0x5280_0540u32, 0xd65f_03c0].iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<_>>(),
    )
    .unwrap();
    b.set_data(data, vec![42, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    b.set_data(drectve, &b" /EXPORT:exported"[..]).unwrap();
    b.add_symbol(Symbol::external(b"exported", text, 0).with_type(SymbolType::FUNCTION)).unwrap();
    let value = b.add_symbol(Symbol::local(b"value", data, 0)).unwrap();
    let rel = |offset: u64, symbol, ty: RelocArm64| Reloc::new(offset, Some(symbol), ty, 0);
    b.add_reloc(text, rel(0, callee, RelocArm64::BRANCH26)).unwrap();
    b.add_reloc(text, rel(4, value, RelocArm64::PAGEBASE_REL21)).unwrap();
    b.add_reloc(text, rel(8, value, RelocArm64::PAGEOFFSET_12A)).unwrap();
    b.add_reloc(text, rel(12, value, RelocArm64::PAGEOFFSET_12L)).unwrap();
    b.write().unwrap()
}

fn lld_link(dir: &Path, obj: &[u8], name: &str, args: &[&str]) -> Vec<u8> {
    let obj_path = dir.join(format!("{name}.obj"));
    fs::write(&obj_path, obj).unwrap();
    // Everything the builder writes reads back without warnings.
    readobj(&obj_path, &READOBJ_FLAGS);
    let out = dir.join(format!("{name}.out"));
    let mut cmd = Command::new(support::tool("lld-link-19"));
    cmd.args(["/nodefaultlib", "/Brepro"]).args(args).arg(format!("/out:{}", out.display()));
    cmd.arg(&obj_path);
    let o = run(&mut cmd);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "`{}` failed:\n{err}", describe(&cmd));
    assert!(err.trim().is_empty(), "`{}` warns:\n{err}", describe(&cmd));
    fs::read(&out).unwrap()
}

#[test]
fn lld_link_accepts_objects_built_from_scratch() {
    let dir = scratch("link");
    let exe_args = ["/entry:start", "/subsystem:console"];
    let regular = lld_link(dir.path(), &amd64_program(BigObj::Auto), "amd64", &exe_args);
    let big = lld_link(dir.path(), &amd64_program(BigObj::Always), "amd64-bigobj", &exe_args);
    assert!(regular == big, "regular and bigobj objects link to different images");
    let headers = readobj(&dir.path().join("amd64.out"), &["--file-headers"]);
    assert!(headers.contains("IMAGE_FILE_MACHINE_AMD64"), "{headers}");

    lld_link(
        dir.path(),
        &i386_program(),
        "i386",
        &["/entry:start", "/subsystem:console", "/safeseh:no", "/machine:x86"],
    );

    lld_link(dir.path(), &arm64_dll(), "arm64", &["/dll", "/noentry", "/machine:arm64"]);
    let exports = readobj(&dir.path().join("arm64.out"), &["--coff-exports"]);
    assert!(exports.contains("Name: exported"), "{exports}");

    // The objects themselves survive objcopy unchanged.
    for obj in [amd64_program(BigObj::Auto), amd64_program(BigObj::Always), arm64_dll()] {
        assert!(coff::copy(&obj).unwrap() == obj);
    }
}

/// Objects laid out unlike LLVM (associative sections numbered among the
/// others, a checksum that is not the contents' JamCRC, raw auxiliary
/// records, no alignment field, header characteristics, a time stamp) are
/// reproduced too.
#[test]
fn objects_laid_out_unlike_llvm_survive_objcopy() {
    let dir = scratch("unlike-llvm");
    let mut b = CoffBuilder::new(Machine::AMD64);
    b.set_llvm_section_numbering(false);
    b.set_timestamp(0x6000_0000);
    b.set_characteristics(0x0004);
    let f = b.add_section(SectionSpec::new(b".text$f", SectionFlags::TEXT)).unwrap();
    b.set_comdat(f, Selection::LARGEST).unwrap();
    let fsym = b.add_symbol(Symbol::external(b"f", f, 0).with_type(SymbolType::FUNCTION)).unwrap();
    // A function-definition auxiliary record: tag index, size, line
    // numbers, next function.
    let mut aux = Vec::new();
    aux.extend_from_slice(&0u32.to_le_bytes());
    aux.extend_from_slice(&3u32.to_le_bytes());
    aux.extend_from_slice(&[0; 10]);
    b.add_aux_record(fsym, &aux).unwrap();
    let pdata = b.add_section(SectionSpec::new(b".pdata$f", SectionFlags::RDATA)).unwrap();
    b.set_associative(pdata, f).unwrap();
    let data = b.add_section(SectionSpec::new(b".data", SectionFlags::DATA)).unwrap();
    b.clear_alignment(data).unwrap();
    b.set_checksum(data, 0xdead_beef).unwrap();
    b.set_data(f, vec![0x90, 0x90, 0xc3]).unwrap();
    b.set_data(pdata, vec![0; 12]).unwrap();
    b.set_data(data, vec![1, 2, 3]).unwrap();
    let bss = b.add_section(SectionSpec::new(b".bss", SectionFlags::BSS)).unwrap();
    b.set_uninitialized_size(bss, 12).unwrap();
    for off in [0, 4] {
        b.add_reloc(pdata, Reloc::new(off, Some(fsym), RelocAmd64::ADDR32NB, 0)).unwrap();
    }
    let l = b.layout().unwrap();
    assert_eq!(l.section_number(pdata).unwrap(), 2);
    let bytes = b.write_layout(&l).unwrap();
    let path = dir.path().join("unlike.obj");
    fs::write(&path, &bytes).unwrap();
    let syms = readobj(&path, &["--symbols", "--sections"]);
    assert!(syms.contains("Checksum: 0xDEADBEEF"), "{syms}");
    assert!(syms.contains("AssocSection: .text$f (1)"), "{syms}");
    let out = coff::copy(&bytes).unwrap();
    assert!(out == bytes, "not byte-identical");
}

// ---------------------------------------------------------------------------
// Hostile input
// ---------------------------------------------------------------------------

#[test]
fn truncated_and_corrupted_objects_give_errors() {
    let dir = scratch("hostile");
    let obj = assemble(dir.path(), "x86_64-pc-windows-msvc", &testdata("x86_64.s"), "hostile");
    let data = fs::read(&obj).unwrap();
    // Every prefix: an error or (never, in practice) a valid object.
    let mut errors = 0;
    for len in 0..data.len() {
        if coff::copy(&data[..len]).is_err() {
            errors += 1;
        }
    }
    assert!(errors > data.len() / 2, "only {errors} truncations rejected");
    // Corrupt single bytes and runs of 0xff all over the headers and tables.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..20_000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut d = data.clone();
        let at = (seed % d.len() as u64) as usize;
        let len = 1 + (seed >> 32) as usize % 8;
        for b in &mut d[at..(at + len).min(data.len())] {
            *b = if seed & 1 == 0 { 0xff } else { (seed >> 8) as u8 };
        }
        let _ = coff::copy(&d);
    }
    assert!(coff::copy(b"MZ\x90\0 not an object").is_err());
}

/// Corrupted COFF objects: llvmext-objcopy refuses what llvm-objcopy-19
/// refuses (a symbol's section number past the section table; a name,
/// contents or relocations past the end of the file or the string table),
/// naming the symbol or section and the offset; and copies what it copies
/// (`/4` and `//AAAAAE` long section names, negative special section
/// numbers).
#[test]
fn corrupted_objects_are_refused_as_llvm_objcopy_refuses_them() {
    let dir = scratch("refusals");
    let obj = dir.path().join("features.obj");
    let mut cmd = command("clang-19", ["-c", "-O2", "--target=x86_64-pc-windows-msvc"]);
    run_ok(cmd.arg(testdata("features.c")).arg("-o").arg(&obj));
    let data = fs::read(&obj).unwrap();
    let u32_at = |d: &[u8], at: usize| u32::from_le_bytes(d[at..at + 4].try_into().unwrap());
    let nsections = u16::from_le_bytes([data[2], data[3]]) as usize;
    let symtab = u32_at(&data, 8) as usize;
    let first_section = 20;
    let long_name = move |d: &mut Vec<u8>, name: &[u8; 8]| {
        d[first_section..first_section + 8].copy_from_slice(name)
    };
    // (label, patch, what our message must name when both refuse)
    type Patch<'a> = (&'a str, Box<dyn Fn(&mut Vec<u8>)>, &'a str);
    let patches: Vec<Patch> = vec![
        (
            "symbol-section-past-table",
            Box::new(move |d| d[symtab + 12..symtab + 14].copy_from_slice(&50u16.to_le_bytes())),
            "section number out of range: symbol 0 '.text' names section 50 of",
        ),
        (
            "symbol-section-minus-5",
            Box::new(move |d| d[symtab + 12..symtab + 14].copy_from_slice(&(-5i16).to_le_bytes())),
            "",
        ),
        // The string table starts with its size: offset 4 is its first name.
        ("long-name-slash", Box::new(move |d| long_name(d, b"/4\0\0\0\0\0\0")), ""),
        ("long-name-base64", Box::new(move |d| long_name(d, b"//AAAAAE")), ""),
        (
            "long-name-past-strtab",
            Box::new(move |d| long_name(d, b"/999999\0")),
            "name of section 1: string table offset 999999 outside the table",
        ),
        (
            "contents-past-eof",
            Box::new(move |d| {
                let at = first_section + 20;
                d[at..at + 4].copy_from_slice(&100_000u32.to_le_bytes())
            }),
            "truncated contents of section 1: ",
        ),
        (
            "symbol-name-past-strtab",
            Box::new(move |d| {
                d[symtab..symtab + 8].copy_from_slice(&[0, 0, 0, 0, 0x90, 0x5f, 0x01, 0])
            }),
            "name of symbol 0: string table offset 90000 outside the table",
        ),
    ];
    assert!(nsections < 50);
    for (label, patch, ours_names) in &patches {
        let mut d = data.clone();
        patch(&mut d);
        let input = dir.path().join(format!("{label}.obj"));
        fs::write(&input, &d).unwrap();
        let llvm = run(Command::new(support::tools::tool("llvm-objcopy-19"))
            .arg(&input)
            .arg(dir.path().join("out.obj")));
        let ours = coff::copy(&d);
        match (llvm.status.success(), ours) {
            (true, Ok(copy)) => {
                assert!(ours_names.is_empty(), "{label}: llvm-objcopy-19 copies it");
                // The copy reads back as the input does.
                let out = dir.path().join(format!("{label}.copy.obj"));
                fs::write(&out, copy).unwrap();
                // (the builder spells a long name `/4`, as LLVM does)
                let names = |p: &Path| {
                    let dump = readobj(p, &["--sections", "--symbols"]);
                    let strip = |l: &str| match l.trim_start().starts_with("Name: ") {
                        true => l.split(" (").next().unwrap_or(l).to_owned(),
                        false => l.to_owned(),
                    };
                    dump.lines().map(strip).collect::<Vec<_>>().join("\n")
                };
                let (a, b) = (names(&input), names(&out));
                assert!(a == b, "{label}: {}", first_difference(&a, &b));
            }
            (true, Err(e)) => panic!("{label}: llvm-objcopy-19 copies it, ours refuses: {e}"),
            (false, Ok(_)) => panic!(
                "{label}: llvm-objcopy-19 refuses it ({}), ours copies it",
                String::from_utf8_lossy(&llvm.stderr).trim()
            ),
            (false, Err(e)) => {
                assert!(!ours_names.is_empty(), "{label}: ours refuses it: {e}");
                assert!(e.starts_with(ours_names), "{label}: {e}");
            }
        }
    }
}
