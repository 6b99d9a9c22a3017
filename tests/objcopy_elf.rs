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

use llvmext::core::raw::elf as raw;
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

/// An ELF object's section headers, by name, to corrupt through
/// `llvmext_core::raw::elf` (the structures' one description).
struct Shdrs {
    enc: raw::Encoding,
    shoff: usize,
    /// Section indexes by name.
    index: std::collections::HashMap<String, usize>,
    headers: Vec<raw::SectionHeader>,
}

impl Shdrs {
    fn read(d: &[u8]) -> Shdrs {
        let enc = raw::Encoding::from_ident(d).unwrap();
        let h = raw::FileHeader::parse(d, enc).unwrap();
        let shoff = h.e_shoff as usize;
        let size = raw::SectionHeader::size(enc);
        let headers: Vec<raw::SectionHeader> = (0..usize::from(h.e_shnum))
            .map(|i| raw::SectionHeader::parse(&d[shoff + i * size..], enc).unwrap())
            .collect();
        let names = headers[usize::from(h.e_shstrndx)];
        let names = &d[names.sh_offset as usize..][..names.sh_size as usize];
        let index = headers
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let name = &names[s.sh_name as usize..];
                let name = &name[..name.iter().position(|&c| c == 0).unwrap()];
                (String::from_utf8_lossy(name).into_owned(), i)
            })
            .collect();
        Shdrs { enc, shoff, index, headers }
    }

    /// Changes the header of section `name` with `f`.
    fn set(&self, d: &mut [u8], name: &str, f: impl Fn(&mut raw::SectionHeader)) {
        let i = self.index[name];
        let mut h = self.headers[i];
        f(&mut h);
        let size = raw::SectionHeader::size(self.enc);
        h.write(self.enc, &mut d[self.shoff + i * size..]);
    }

    /// Changes the file header with `f`.
    fn set_header(&self, d: &mut [u8], f: impl Fn(&mut raw::FileHeader)) {
        let mut h = raw::FileHeader::parse(d, self.enc).unwrap();
        f(&mut h);
        h.write(self.enc, d);
    }

    /// The file offset of section `name`'s contents.
    fn offset_of(&self, name: &str) -> usize {
        self.headers[self.index[name]].sh_offset as usize
    }

    /// Changes entry `k` of the symbol table with `f`.
    fn set_symbol(&self, d: &mut [u8], k: usize, f: impl Fn(&mut raw::Symbol)) {
        let at = self.offset_of(".symtab") + k * raw::Symbol::size(self.enc);
        let mut sym = raw::Symbol::parse(&d[at..], self.enc).unwrap();
        f(&mut sym);
        sym.write(self.enc, &mut d[at..]);
    }

    fn rel(&self) -> &'static str {
        if self.enc.is64 {
            ".rela.text"
        } else {
            ".rel.text"
        }
    }
}

/// Corrupted objects: llvmext-objcopy refuses exactly what llvm-objcopy-19
/// refuses, with its message (the section index or name and the value
/// found; after the file name where llvm-objcopy prints it), and copies
/// what llvm-objcopy-19 copies.
#[test]
fn corrupted_objects_are_refused_as_llvm_objcopy_refuses_them() {
    let scratch = scratch_dir("objcopy-elf-refusals");
    let src = support::cache::repo_root().join("testdata/elf/refusals.cpp");
    let patches: &[Patch] = &[
        ("symtab-entsize", |d, s| s.set(d, ".symtab", |h| h.sh_entsize = 23)),
        ("rel-entsize-0", |d, s| s.set(d, s.rel(), |h| h.sh_entsize = 0)),
        ("rel-entsize-16", |d, s| s.set(d, s.rel(), |h| h.sh_entsize = 16)),
        ("sh_name-past-shstrtab", |d, s| s.set(d, ".text", |h| h.sh_name = 5000)),
        ("shstrndx-99", |d, s| s.set_header(d, |h| h.e_shstrndx = 99)),
        ("shstrndx-progbits", |d, s| s.set_header(d, |h| h.e_shstrndx = s.index[".text"] as u16)),
        ("e_shentsize", |d, s| s.set_header(d, |h| h.e_shentsize = 32)),
        ("e_shoff-past-eof", |d, s| s.set_header(d, |h| h.e_shoff = 100_000)),
        ("e_shnum-past-eof", |d, s| s.set_header(d, |h| h.e_shnum = 200)),
        ("rel-link-99", |d, s| s.set(d, s.rel(), |h| h.sh_link = 99)),
        ("rel-link-text", |d, s| s.set(d, s.rel(), |h| h.sh_link = s.index[".text"] as u32)),
        ("rel-info-99", |d, s| s.set(d, s.rel(), |h| h.sh_info = 99)),
        ("symtab-link-99", |d, s| s.set(d, ".symtab", |h| h.sh_link = 99)),
        ("symtab-link-text", |d, s| s.set(d, ".symtab", |h| h.sh_link = s.index[".text"] as u32)),
        ("strtab-progbits", |d, s| s.set(d, ".strtab", |h| h.sh_type = 1)),
        ("two-symtabs", |d, s| s.set(d, ".llvm_addrsig", |h| h.sh_type = 2)),
        ("text-offset-past-eof", |d, s| s.set(d, ".text", |h| h.sh_offset = 100_000)),
        ("text-size-past-eof", |d, s| s.set(d, ".text", |h| h.sh_size = 100_000)),
        ("symtab-size", |d, s| {
            let n = raw::Symbol::size(s.enc) as u64 * 3 + 5;
            s.set(d, ".symtab", |h| h.sh_size = n)
        }),
        ("rel-size", |d, s| s.set(d, s.rel(), |h| h.sh_size = 25)),
        ("symbol-section-50", |d, s| s.set_symbol(d, 2, |sym| sym.st_shndx = 50)),
        ("st_name-past-strtab", |d, s| s.set_symbol(d, 2, |sym| sym.st_name = 90_000)),
        ("reloc-symbol-99", |d, s| {
            let (enc, rela) = (s.enc, s.enc.is64);
            let at = s.offset_of(s.rel());
            let mut r = raw::Relocation::parse(&d[at..], enc, rela).unwrap();
            r.r_info = raw::Relocation::info(enc, 99, r.r_type(enc));
            r.write(enc, rela, &mut d[at..]);
        }),
        ("group-size", |d, s| s.set(d, ".group", |h| h.sh_size = 6)),
        ("group-member-99", |d, s| {
            let at = s.offset_of(".group") + 4;
            d[at..at + 4].copy_from_slice(&99u32.to_le_bytes());
        }),
        ("group-info-99", |d, s| s.set(d, ".group", |h| h.sh_info = 99)),
        ("group-link-text", |d, s| s.set(d, ".group", |h| h.sh_link = s.index[".text"] as u32)),
        ("group-link-99", |d, s| s.set(d, ".group", |h| h.sh_link = 99)),
        // Accepted by llvm-objcopy-19.
        ("group-entsize-8", |d, s| s.set(d, ".group", |h| h.sh_entsize = 8)),
        ("align-3", |d, s| s.set(d, ".text", |h| h.sh_addralign = 3)),
        ("align-0", |d, s| s.set(d, ".text", |h| h.sh_addralign = 0)),
        ("align-6-data", |d, s| s.set(d, ".data", |h| h.sh_addralign = 6)),
        ("symtab-info-99", |d, s| s.set(d, ".symtab", |h| h.sh_info = 99)),
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
