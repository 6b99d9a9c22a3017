//! `llvmext-objcopy` on ELF objects made at test time by clang-19,
//! clang++-19 and llvm-mc-19 from real code: every object is rebuilt through
//! `llvmext_obj::elf::ElfBuilder`, and the `llvm-readobj-19` dump of the copy
//! must equal that of the input. Objects that LLVM wrote must come out
//! byte-identical (the builder lays files out as LLVM's `ELFObjectWriter`).

mod support;

#[path = "../examples/llvmext-objcopy/elf.rs"]
#[allow(dead_code)]
mod objcopy_elf;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use support::corpus::{c_sources, cached_object};
use support::tools::{run_ok, tool};

/// The full `llvm-readobj-19` dump the issue names.
const FULL_DUMP: &[&str] = &[
    "--file-headers",
    "--sections",
    "--section-data",
    "--relocations",
    "--symbols",
    "--section-groups",
];

/// The `llvm-readobj-19` dump with `flags`, without the file name line;
/// panics if readobj prints a warning.
fn readobj(path: &Path, flags: &[&str]) -> String {
    let out = run_ok(Command::new(tool("llvm-readobj-19")).args(flags).arg(path));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.trim().is_empty(), "llvm-readobj-19 warned on {}:\n{stderr}", path.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("File: "))
        .collect::<Vec<_>>()
        .join("\n")
}

struct Outcome {
    name: String,
    identical: bool,
}

/// Copies `input` with the example's ELF half, writes the copy next to the
/// test's scratch files and checks the readobj dumps agree.
fn check(name: &str, input: &Path, scratch: &Path) -> Outcome {
    let data = std::fs::read(input).unwrap_or_else(|e| panic!("{}: {e}", input.display()));
    let copy = objcopy_elf::copy(&data).unwrap_or_else(|e| panic!("{name}: copy failed: {e}"));
    let out = scratch.join(format!("{}.copy.o", name.replace('/', "_")));
    std::fs::write(&out, &copy).unwrap();
    let identical = copy == data;
    if !identical {
        let (a, b) = (readobj(input, FULL_DUMP), readobj(&out, FULL_DUMP));
        if a != b {
            let diff: Vec<String> = a
                .lines()
                .zip(b.lines())
                .filter(|(x, y)| x != y)
                .take(10)
                .map(|(x, y)| format!("-{x}\n+{y}"))
                .collect();
            panic!("{name}: readobj dumps differ (first lines):\n{}", diff.join("\n"));
        }
    } else {
        // Identical bytes dump identically; the headers are still read back
        // by llvm-readobj-19, which must not warn.
        let _ = readobj(&out, &["--file-headers", "--sections", "--section-groups"]);
    }
    Outcome { name: name.to_owned(), identical }
}

fn scratch_dir(label: &str) -> PathBuf {
    let dir = support::cache::target_dir().join("llvmext-tests").join(label);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `jobs` on all CPUs, collecting what they return.
fn parallel<T: Send, R: Send>(jobs: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let n = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    let queue = Mutex::new(jobs.into_iter().enumerate().collect::<Vec<_>>());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..n {
            s.spawn(|| loop {
                let job = queue.lock().unwrap().pop();
                let Some((i, job)) = job else { break };
                let r = f(job);
                results.lock().unwrap().push((i, r));
            });
        }
    });
    let mut r = results.into_inner().unwrap();
    r.sort_by_key(|(i, _)| *i);
    r.into_iter().map(|(_, r)| r).collect()
}

fn report(label: &str, outcomes: &[Outcome]) {
    let same = outcomes.iter().filter(|o| o.identical).count();
    eprintln!("{label}: {same} of {} copies byte-identical", outcomes.len());
    let differing: Vec<&str> =
        outcomes.iter().filter(|o| !o.identical).map(|o| o.name.as_str()).collect();
    // Every input here was written by LLVM 19, whose layout the builder
    // reproduces.
    assert!(differing.is_empty(), "{label}: copies not byte-identical: {differing:?}");
}

/// `-isystem` for the glibc headers of a cross target (from Debian's
/// `libc6-dev-*-cross`, which `scripts/install-deps.sh` installs).
fn cross_includes(target: &str) -> Vec<String> {
    if target.starts_with("x86_64") {
        return Vec::new();
    }
    let (dir, package) = match target {
        "i686-linux-gnu" => ("/usr/i686-linux-gnu/include", "libc6-dev-i386-cross"),
        "aarch64-linux-gnu" => ("/usr/aarch64-linux-gnu/include", "libc6-dev-arm64-cross"),
        _ => panic!("no C headers known for {target}"),
    };
    assert!(
        Path::new(dir).join("stdio.h").is_file(),
        "C headers for {target} missing: install Debian package {package} \
         (apt-get install -y {package}, or run scripts/install-deps.sh)"
    );
    vec!["-isystem".into(), dir.into()]
}

#[test]
fn clang_objects_of_real_c_copy_identically() {
    let scratch = scratch_dir("objcopy-elf-c");
    let configs: [(&str, &[&str]); 3] = [
        ("O0", &["-O0"]),
        ("O2g", &["-O2", "-g"]),
        ("O2fs", &["-O2", "-ffunction-sections", "-fdata-sections"]),
    ];
    let targets = ["x86_64-linux-gnu", "i686-linux-gnu", "aarch64-linux-gnu"];
    let mut jobs = Vec::new();
    for src in c_sources(true) {
        for target in targets {
            for (label, flags) in configs {
                // sqlite3 once per target, optimized with debug info.
                if src.name == "sqlite3" && label != "O2g" {
                    continue;
                }
                // `__int128` does not exist on 32-bit targets.
                if src.name == "c/sched" && target.starts_with("i686") {
                    continue;
                }
                jobs.push((src.clone(), target, label, flags));
            }
        }
    }
    let outcomes = parallel(jobs, |(src, target, label, flags)| {
        let mut args = vec!["-c".to_owned(), format!("--target={target}")];
        args.extend(cross_includes(target));
        args.extend(flags.iter().map(|s| s.to_string()));
        args.extend(src.flags.iter().cloned());
        let obj = cached_object("clang-19", &args, &src.path);
        check(&format!("{}.{target}.{label}", src.name), &obj, &scratch)
    });
    assert!(outcomes.len() >= 100, "only {} objects", outcomes.len());
    report("clang-19 C objects", &outcomes);
}

#[test]
fn clang_cxx_comdat_objects_copy_identically() {
    let scratch = scratch_dir("objcopy-elf-cxx");
    let src = support::cache::repo_root().join("testdata/cxx/templates.cpp");
    let mut jobs = Vec::new();
    for target in ["x86_64-linux-gnu", "i686-linux-gnu", "aarch64-linux-gnu", "riscv64-linux-gnu"] {
        for flags in [&["-O0", "-g"][..], &["-O2", "-ffunction-sections"][..]] {
            jobs.push((target, flags));
        }
    }
    let outcomes = parallel(jobs, |(target, flags)| {
        let mut args = vec!["-c".to_owned(), format!("--target={target}")];
        args.extend(flags.iter().map(|s| s.to_string()));
        let obj = cached_object("clang++-19", &args, &src);
        let data = std::fs::read(&obj).unwrap();
        assert!(
            data.windows(7).any(|w| w == b".group\0"),
            "{target}: expected COMDAT groups in the C++ object"
        );
        check(&format!("templates.{target}.{}", flags.join("")), &obj, &scratch)
    });
    report("clang++-19 objects", &outcomes);
}

#[test]
fn llvm_mc_feature_objects_copy_identically() {
    let scratch = scratch_dir("objcopy-elf-mc");
    let dir = support::cache::repo_root().join("testdata/elf");
    let cases = [
        ("x86_64", "x86_64-linux-gnu", ""),
        ("i386", "i686-linux-gnu", ""),
        ("aarch64", "aarch64-linux-gnu", ""),
        ("riscv64", "riscv64-linux-gnu", "-mattr=+relax"),
        ("ppc64be", "powerpc64-linux-gnu", ""),
        ("armv7", "armv7-linux-gnueabihf", ""),
    ];
    let outcomes = parallel(cases.to_vec(), |(name, triple, attr)| {
        let mut args = vec!["-filetype=obj".to_owned(), format!("-triple={triple}")];
        if !attr.is_empty() {
            args.push(attr.to_owned());
        }
        let src = dir.join(format!("features-{name}.s"));
        let obj = cached_object("llvm-mc-19", &args, &src);
        check(&format!("features-{name}"), &obj, &scratch)
    });
    report("llvm-mc-19 feature objects", &outcomes);
}

/// More than 65 280 sections: `e_shnum` moves into section 0's `sh_size`
/// and symbols in high sections go through `.symtab_shndx`.
#[test]
fn objects_with_extended_section_indexes_copy_identically() {
    let scratch = scratch_dir("objcopy-elf-many");
    let src = scratch.join("many-sections.s");
    let mut asm = String::from("\t.text\n\t.globl first\nfirst:\tret\n");
    for i in 0..65_300 {
        asm.push_str(&format!("\t.section .s{i},\"a\",@progbits\n\t.byte {}\n", i & 0xff));
    }
    asm.push_str("\t.globl last\nlast:\t.byte 1\n\t.data\n\t.quad last\n");
    std::fs::write(&src, asm).unwrap();
    let args = vec!["-filetype=obj".to_owned(), "-triple=x86_64-linux-gnu".into()];
    let obj = cached_object("llvm-mc-19", &args, &src);
    let data = std::fs::read(&obj).unwrap();
    assert!(data.windows(14).any(|w| w == b".symtab_shndx\0"), "no .symtab_shndx in the input");
    let copy = objcopy_elf::copy(&data).unwrap();
    assert!(copy == data, "65 300-section object not copied byte-identically");
    let out = scratch.join("many.copy.o");
    std::fs::write(&out, &copy).unwrap();
    let headers = run_ok(Command::new(tool("llvm-readobj-19")).arg("--file-headers").arg(&out));
    let text = String::from_utf8_lossy(&headers.stdout);
    assert!(text.contains("SectionHeaderCount: 0 (65"), "{text}");
}

/// Truncated and corrupted objects give an error or a copy, never a panic.
#[test]
fn hostile_objects_never_panic() {
    let dir = support::cache::repo_root().join("testdata/elf");
    let mut inputs = Vec::new();
    for (name, triple) in [("x86_64", "x86_64-linux-gnu"), ("ppc64be", "powerpc64-linux-gnu")] {
        let args = vec!["-filetype=obj".to_owned(), format!("-triple={triple}")];
        let obj = cached_object("llvm-mc-19", &args, &dir.join(format!("features-{name}.s")));
        inputs.push(std::fs::read(obj).unwrap());
    }
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut runs = 0;
    for data in &inputs {
        for len in 0..data.len() {
            let _ = objcopy_elf::copy(&data[..len]);
            runs += 1;
        }
        for _ in 0..20_000 {
            let mut d = data.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() as usize) % d.len();
                d[i] ^= 1 << (next() % 8);
            }
            if let Ok(copy) = objcopy_elf::copy(&d) {
                // A copy of a corrupted object must itself be a copyable object.
                objcopy_elf::copy(&copy).unwrap_or_else(|e| panic!("copy of a copy: {e}"));
            }
            runs += 1;
        }
    }
    assert!(runs > 40_000);
}

/// One corrupted field of a clang-19 object: (label, patch). The patch gets
/// the object's bytes and the layout of its section header table.
type Patch = (&'static str, fn(&mut Vec<u8>, &Shdrs));

/// Where the fields of an ELF object's section headers are.
struct Shdrs {
    is64: bool,
    shoff: usize,
    /// Section indexes by name.
    index: std::collections::HashMap<String, usize>,
    symoff: usize,
    relaoff: usize,
}

impl Shdrs {
    fn read(d: &[u8]) -> Shdrs {
        use object::read::elf::{FileHeader, SectionHeader};
        use object::{elf, Endianness};
        let (is64, shoff) = match d[4] {
            2 => (true, u64::from_le_bytes(d[0x28..0x30].try_into().unwrap()) as usize),
            _ => (false, u32::from_le_bytes(d[0x20..0x24].try_into().unwrap()) as usize),
        };
        let mut index = std::collections::HashMap::new();
        let mut offs = Vec::new();
        fn walk<F: FileHeader<Endian = Endianness>>(
            d: &[u8],
            index: &mut std::collections::HashMap<String, usize>,
            offs: &mut Vec<u64>,
        ) {
            let h = F::parse(d).unwrap();
            let en = h.endian().unwrap();
            let secs = h.sections(en, d).unwrap();
            for (i, s) in secs.iter().enumerate() {
                let name = String::from_utf8_lossy(secs.section_name(en, s).unwrap());
                index.insert(name.into_owned(), i);
                offs.push(s.sh_offset(en).into());
            }
        }
        if is64 {
            walk::<elf::FileHeader64<Endianness>>(d, &mut index, &mut offs);
        } else {
            walk::<elf::FileHeader32<Endianness>>(d, &mut index, &mut offs);
        }
        let symoff = offs[index[".symtab"]] as usize;
        let relaoff = offs[index[if is64 { ".rela.text" } else { ".rel.text" }]] as usize;
        Shdrs { is64, shoff, index, symoff, relaoff }
    }

    /// Writes `v` into field `f` (offsets in a 64- and a 32-bit header,
    /// size in a 64-bit one) of the header of section `name`.
    fn set(&self, d: &mut [u8], name: &str, f: (usize, usize, usize), v: u64) {
        let (o64, o32, size) = f;
        let (entry, o, size) = if self.is64 { (64, o64, size) } else { (40, o32, size.min(4)) };
        let at = self.shoff + entry * self.index[name] + o;
        d[at..at + size].copy_from_slice(&v.to_le_bytes()[..size]);
    }

    /// The file offset of section `name`'s contents.
    fn offset_of(&self, d: &[u8], name: &str) -> usize {
        let (entry, o) = if self.is64 { (64, 24) } else { (40, 16) };
        let at = self.shoff + entry * self.index[name] + o;
        let mut v = [0u8; 8];
        let n = if self.is64 { 8 } else { 4 };
        v[..n].copy_from_slice(&d[at..at + n]);
        u64::from_le_bytes(v) as usize
    }

    fn rel(&self) -> &'static str {
        if self.is64 {
            ".rela.text"
        } else {
            ".rel.text"
        }
    }
}

const SH_NAME: (usize, usize, usize) = (0, 0, 4);
const SH_TYPE: (usize, usize, usize) = (4, 4, 4);
const SH_OFFSET: (usize, usize, usize) = (24, 16, 8);
const SH_SIZE: (usize, usize, usize) = (32, 20, 8);
const SH_LINK: (usize, usize, usize) = (40, 24, 4);
const SH_INFO: (usize, usize, usize) = (44, 28, 4);
const SH_ALIGN: (usize, usize, usize) = (48, 32, 8);
const SH_ENTSIZE: (usize, usize, usize) = (56, 36, 8);

/// Corrupted objects: llvmext-objcopy refuses exactly what llvm-objcopy-19
/// refuses, with its message (the section index or name and the value
/// found; after the file name where llvm-objcopy prints it), and copies
/// what llvm-objcopy-19 copies.
#[test]
fn corrupted_objects_are_refused_as_llvm_objcopy_refuses_them() {
    let scratch = scratch_dir("objcopy-elf-refusals");
    let src = support::cache::repo_root().join("testdata/elf/refusals.cpp");
    let patches: &[Patch] = &[
        ("symtab-entsize", |d, s| s.set(d, ".symtab", SH_ENTSIZE, 23)),
        ("rel-entsize-0", |d, s| s.set(d, s.rel(), SH_ENTSIZE, 0)),
        ("rel-entsize-16", |d, s| s.set(d, s.rel(), SH_ENTSIZE, 16)),
        ("sh_name-past-shstrtab", |d, s| s.set(d, ".text", SH_NAME, 5000)),
        ("shstrndx-99", |d, s| {
            let at = if s.is64 { 0x3e } else { 0x32 };
            d[at..at + 2].copy_from_slice(&99u16.to_le_bytes());
        }),
        ("shstrndx-progbits", |d, s| {
            let at = if s.is64 { 0x3e } else { 0x32 };
            d[at..at + 2].copy_from_slice(&(s.index[".text"] as u16).to_le_bytes());
        }),
        ("e_shentsize", |d, s| {
            let at = if s.is64 { 0x3a } else { 0x2e };
            d[at..at + 2].copy_from_slice(&32u16.to_le_bytes());
        }),
        ("e_shoff-past-eof", |d, s| {
            if s.is64 {
                d[0x28..0x30].copy_from_slice(&100_000u64.to_le_bytes());
            } else {
                d[0x20..0x24].copy_from_slice(&100_000u32.to_le_bytes());
            }
        }),
        ("e_shnum-past-eof", |d, s| {
            let at = if s.is64 { 0x3c } else { 0x30 };
            d[at..at + 2].copy_from_slice(&200u16.to_le_bytes());
        }),
        ("rel-link-99", |d, s| s.set(d, s.rel(), SH_LINK, 99)),
        ("rel-link-text", |d, s| s.set(d, s.rel(), SH_LINK, s.index[".text"] as u64)),
        ("rel-info-99", |d, s| s.set(d, s.rel(), SH_INFO, 99)),
        ("symtab-link-99", |d, s| s.set(d, ".symtab", SH_LINK, 99)),
        ("symtab-link-text", |d, s| s.set(d, ".symtab", SH_LINK, s.index[".text"] as u64)),
        ("strtab-progbits", |d, s| s.set(d, ".strtab", SH_TYPE, 1)),
        ("two-symtabs", |d, s| s.set(d, ".llvm_addrsig", SH_TYPE, 2)),
        ("text-offset-past-eof", |d, s| s.set(d, ".text", SH_OFFSET, 100_000)),
        ("text-size-past-eof", |d, s| s.set(d, ".text", SH_SIZE, 100_000)),
        ("symtab-size", |d, s| {
            let n = if s.is64 { 24 * 3 + 5 } else { 16 * 3 + 5 };
            s.set(d, ".symtab", SH_SIZE, n)
        }),
        ("rel-size", |d, s| s.set(d, s.rel(), SH_SIZE, 25)),
        ("symbol-section-50", |d, s| {
            let at = s.symoff + if s.is64 { 24 * 2 + 6 } else { 16 * 2 + 14 };
            d[at..at + 2].copy_from_slice(&50u16.to_le_bytes());
        }),
        ("st_name-past-strtab", |d, s| {
            let at = s.symoff + if s.is64 { 24 * 2 } else { 16 * 2 };
            d[at..at + 4].copy_from_slice(&90_000u32.to_le_bytes());
        }),
        ("reloc-symbol-99", |d, s| {
            if s.is64 {
                let at = s.relaoff + 8;
                let info = u64::from_le_bytes(d[at..at + 8].try_into().unwrap());
                d[at..at + 8].copy_from_slice(&(99 << 32 | (info & 0xffff_ffff)).to_le_bytes());
            } else {
                let at = s.relaoff + 4;
                let info = u32::from_le_bytes(d[at..at + 4].try_into().unwrap());
                d[at..at + 4].copy_from_slice(&(99 << 8 | (info & 0xff)).to_le_bytes());
            }
        }),
        ("group-size", |d, s| s.set(d, ".group", SH_SIZE, 6)),
        ("group-member-99", |d, s| {
            let at = s.offset_of(d, ".group") + 4;
            d[at..at + 4].copy_from_slice(&99u32.to_le_bytes());
        }),
        ("group-info-99", |d, s| s.set(d, ".group", SH_INFO, 99)),
        ("group-link-text", |d, s| s.set(d, ".group", SH_LINK, s.index[".text"] as u64)),
        ("group-link-99", |d, s| s.set(d, ".group", SH_LINK, 99)),
        // Accepted by llvm-objcopy-19.
        ("group-entsize-8", |d, s| s.set(d, ".group", SH_ENTSIZE, 8)),
        ("align-3", |d, s| s.set(d, ".text", SH_ALIGN, 3)),
        ("align-0", |d, s| s.set(d, ".text", SH_ALIGN, 0)),
        ("align-6-data", |d, s| s.set(d, ".data", SH_ALIGN, 6)),
        ("symtab-info-99", |d, s| s.set(d, ".symtab", SH_INFO, 99)),
    ];
    let mut checked = 0;
    for target in ["x86_64-linux-gnu", "i686-linux-gnu"] {
        let args = vec!["-c".to_owned(), "-O2".to_owned(), format!("--target={target}")];
        let obj = cached_object("clang++-19", &args, &src);
        let data = std::fs::read(&obj).unwrap();
        let shdrs = Shdrs::read(&data);
        for (label, patch) in patches {
            let mut d = data.clone();
            patch(&mut d, &shdrs);
            let input = scratch.join(format!("{target}.{label}.o"));
            std::fs::write(&input, &d).unwrap();
            let out = Command::new(tool("llvm-objcopy-19"))
                .arg(&input)
                .arg(scratch.join("out.o"))
                .output()
                .unwrap();
            let what = format!("{target} {label}");
            let ours = objcopy_elf::validate(&d).and_then(|()| {
                objcopy_elf::copy(&d).map(|_| ()).map_err(|m| objcopy_elf::Refusal {
                    message: format!("(a copy error) {m}"),
                    names_file: true,
                })
            });
            if out.status.success() {
                if let Err(r) = ours {
                    panic!("{what}: llvm-objcopy-19 copies it, ours refuses: {}", r.message);
                }
            } else {
                let stderr = String::from_utf8_lossy(&out.stderr);
                let first = stderr.lines().next().unwrap_or("");
                let msg = first.split_once("error: ").map_or(first, |(_, m)| m);
                let file = format!("'{}': ", input.display());
                let (names_file, msg) = match msg.strip_prefix(&file) {
                    Some(rest) => (true, rest),
                    None => (false, msg),
                };
                match ours {
                    Ok(()) => panic!("{what}: llvm-objcopy-19 refuses it ({msg}), ours copies it"),
                    Err(r) => assert_eq!(
                        (r.names_file, r.message.as_str()),
                        (names_file, msg),
                        "{what}: (after the file name, message)"
                    ),
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * patches.len());
}
