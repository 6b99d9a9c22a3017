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
