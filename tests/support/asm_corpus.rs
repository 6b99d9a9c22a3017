//! The assembler corpus: GAS-syntax `.s` files from real compilers and
//! hand-written assembly, each with the object `llvm-mc-19 -filetype=obj`
//! makes of it, built at test time and cached under
//! `target/llvmext-corpus/asm/`; and [`diff_objects`], which says where two
//! ELF objects first differ.
//!
//! | group | producer | sources | configurations | triples |
//! |---|---|---|---|---|
//! | `c/*`, `zlib/*`, `bzip2/*`, `lz4/*`, `sqlite3` | `clang-19 -S` | [`c_sources`]`(true)` | [`C_CONFIGS`] (six) | [`TRIPLES`] (both; `c/sched` x86-64 only: `__int128`) |
//! | `cxx/*` | `clang++-19 -S -O2 -fexceptions` | `testdata/cxx/*.cpp` | one | both |
//! | `rust/*` | `rustc --emit=asm` (LLVM 22) | `testdata/rust/*.rs` | `-Copt-level=2`; `-Copt-level=0 -Cdebuginfo=2` | x86-64 |
//! | `blake3/*` | `clang-19 -E` (preprocessed) | the `blake3` crate's `c/*_x86-64_unix.S` (Intel syntax; the crate has no i686 `.S`) | one | x86-64 |
//!
//! [`Scope::Sample`] (what CI runs) is all of it except SQLite, which it
//! takes at `-O2 -g` x86-64 only (its `.s` is ~190 MB; the other eleven
//! SQLite files add ~10 minutes of clang). [`Scope::Full`]
//! (`LLVMEXT_ASM_CORPUS=full`, `scripts/asm-corpus-full.sh`) is the whole
//! matrix.
//!
//! Every file is compiled with the repository as working directory and is
//! keyed (see [`super::cache`]) by the source's bytes, its repo- or
//! crate-relative name, the flags and the tool's version; a reference
//! object by its `.s`'s key, llvm-mc-19's version and the llvm-mc flags. A
//! file llvm-mc-19 rejects (rustc's LLVM 22 may write what LLVM 19 does not
//! know) is cached as a rejection with llvm-mc-19's messages, so a warm
//! run starts no tool at all.
//!
//! Each entry carries the DWARF version llvm-mc-19 is told
//! (`-dwarf-version=N`, and the same to our assembler): 5 for clang's `-g`,
//! 4 otherwise. llvm-mc-19's own default is 4 (checked), and a `.file 0`
//! directive (clang's DWARF 5 output) raises it to 5 whatever the flag.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::cache::{cached_file, corpus_dir, repo_root, KeyHasher};
use super::corpus::{c_sources, vendor_dir, vendored_crate};
use super::tools::{describe, run, tool, tool_version, try_run_ok};

/// Bump to rebuild every `.s` and reference object of this corpus.
const ASM_HARNESS_VERSION: u64 = 1;

/// The environment variable that selects the [`Scope`]: `full` for the
/// whole matrix, `sample` (or unset) for CI's sample.
pub const CORPUS_ENV: &str = "LLVMEXT_ASM_CORPUS";

/// Which part of the corpus a run covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// CI's fixed sample: everything but SQLite, plus SQLite at `-O2 -g`
    /// for x86-64.
    Sample,
    /// Every source at every configuration for every triple.
    Full,
}

impl Scope {
    /// The scope `LLVMEXT_ASM_CORPUS` asks for (`sample` when unset).
    ///
    /// # Panics
    /// On any other value than `sample` or `full`.
    pub fn from_env() -> Scope {
        match std::env::var(CORPUS_ENV) {
            Err(_) => Scope::Sample,
            Ok(v) if v.is_empty() || v == "sample" => Scope::Sample,
            Ok(v) if v == "full" => Scope::Full,
            Ok(v) => panic!("{CORPUS_ENV}={v}: expected `sample` or `full`"),
        }
    }
}

/// The triples C and C++ are compiled for (clang's `--target=` and
/// llvm-mc's `-triple=`).
pub const TRIPLES: [&str; 2] = ["x86_64-linux-gnu", "i686-linux-gnu"];

/// The C configurations: name suffix, clang flags, and the DWARF version
/// llvm-mc-19 is told.
pub const C_CONFIGS: [(&str, &[&str], u16); 6] = [
    ("O0", &["-O0"], 4),
    ("O2", &["-O2"], 4),
    ("O2.g", &["-O2", "-g"], 5),
    ("O2.gdwarf-4", &["-O2", "-gdwarf-4"], 4),
    ("O2.sections", &["-O2", "-ffunction-sections", "-fdata-sections"], 4),
    ("O2.fPIC", &["-O2", "-fPIC"], 4),
];

/// The one SQLite file of the sample.
pub const SQLITE_SAMPLE: &str = "sqlite3.x86_64.O2.g";

/// Who wrote the assembly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Producer {
    /// `clang-19 -S` of C.
    Clang,
    /// `clang++-19 -S` of C++.
    ClangXX,
    /// `rustc --emit=asm` (LLVM 22).
    Rustc,
    /// A crate's hand-written `.S`, preprocessed by `clang-19 -E`.
    HandWritten,
}

#[derive(Debug, Clone)]
enum Recipe {
    /// `tool -S <args> <src> -o OUT` (the args hold `--target=`).
    Compile { tool: &'static str, src: PathBuf, args: Vec<String> },
    /// `rustc <args> --emit=asm -o OUT <src>`.
    Rustc { src: PathBuf, args: Vec<String> },
    /// `clang-19 -E <args> <src> -o OUT`.
    Preprocess { src: PathBuf, args: Vec<String> },
}

/// One `.s` file of the corpus (not built until [`AsmEntry::source`]).
#[derive(Debug, Clone)]
pub struct AsmEntry {
    /// A unique name: `<group>/<stem>.<arch>.<config>`, e.g.
    /// `zlib/inflate.i686.O2.g`, `sqlite3.x86_64.O2.g`.
    pub name: String,
    /// The triple llvm-mc-19 and our assembler get.
    pub triple: &'static str,
    /// The DWARF version both assemblers get.
    pub dwarf_version: u16,
    /// Who wrote it.
    pub producer: Producer,
    /// Whether CI's sample includes it.
    pub in_sample: bool,
    recipe: Recipe,
    /// A guess at how long it takes to build (for scheduling the slowest
    /// first).
    pub cost: u64,
}

/// What llvm-mc-19 made of a `.s` file.
#[derive(Debug, Clone)]
pub enum Reference {
    /// The object (cached).
    Object(PathBuf),
    /// llvm-mc-19 failed: its messages.
    Rejected {
        /// Its first `error:` line without the file name (`line:col: error:
        /// message`), then the source line it points at.
        reason: String,
        /// Everything it printed.
        stderr: String,
    },
}

/// Marks a cached rejection (an object starts with `\x7fELF` instead).
const REJECTED_MARKER: &[u8] = b"LLVMEXT-ASM-CORPUS: rejected by llvm-mc-19\n";

/// `target/llvmext-corpus/asm/`, created on first use.
pub fn asm_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = corpus_dir().join("asm");
        fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
        d
    })
    .clone()
}

/// `target/llvmext-corpus/asm/report/`, where mismatch reports go.
pub fn report_dir() -> PathBuf {
    let d = asm_dir().join("report");
    fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
    d
}

/// A path named relative to the vendor directory (crate directories carry
/// their version) or the repository, so keys do not depend on where either
/// lives.
fn relative(path: &Path) -> String {
    match path.strip_prefix(vendor_dir()) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => path.strip_prefix(repo_root()).unwrap_or(path).display().to_string(),
    }
}

fn file_len(p: &Path) -> u64 {
    fs::metadata(p).map(|m| m.len()).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `-isystem` for the glibc headers of a cross target (Debian's
/// `libc6-dev-i386-cross`, which `scripts/install-deps.sh` installs).
///
/// # Panics
/// If the headers are missing, naming the package.
fn cross_includes(triple: &str) -> Vec<String> {
    if triple.starts_with("x86_64") {
        return Vec::new();
    }
    let (dir, package) = ("/usr/i686-linux-gnu/include", "libc6-dev-i386-cross");
    assert!(
        Path::new(dir).join("stdio.h").is_file(),
        "C headers for {triple} missing: install Debian package {package} \
         (apt-get install -y {package}, or run scripts/install-deps.sh)"
    );
    vec!["-isystem".into(), dir.into()]
}

/// `x86_64` or `i686`, for names.
fn arch(triple: &str) -> &str {
    triple.split('-').next().unwrap_or(triple)
}

/// Every entry of `scope`, slowest first.
pub fn entries(scope: Scope) -> Vec<AsmEntry> {
    let mut out: Vec<AsmEntry> =
        all_entries().iter().filter(|e| scope == Scope::Full || e.in_sample).cloned().collect();
    out.sort_by_key(|e| std::cmp::Reverse(e.cost));
    out
}

/// The entry called `name` (see [`AsmEntry::name`]).
///
/// # Panics
/// If there is none.
pub fn entry(name: &str) -> AsmEntry {
    all_entries()
        .iter()
        .find(|e| e.name == name)
        .cloned()
        .unwrap_or_else(|| panic!("no assembler corpus entry named {name}"))
}

fn all_entries() -> &'static [AsmEntry] {
    static ALL: OnceLock<Vec<AsmEntry>> = OnceLock::new();
    ALL.get_or_init(make_entries)
}

fn sorted_files(dir: &Path, pred: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&pred))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no corpus sources in {}", dir.display());
    v
}

fn stem_of(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

fn make_entries() -> Vec<AsmEntry> {
    let mut out = Vec::new();
    for src in c_sources(true) {
        let len = file_len(&src.path);
        for triple in TRIPLES {
            // `__int128` does not exist on 32-bit targets.
            if src.name == "c/sched" && !triple.starts_with("x86_64") {
                continue;
            }
            for (config, flags, dwarf) in C_CONFIGS {
                let name = format!("{}.{}.{config}", src.name, arch(triple));
                let mut args = vec![format!("--target={triple}")];
                args.extend(flags.iter().map(|s| s.to_string()));
                args.extend(cross_includes(triple));
                args.extend(src.flags.iter().cloned());
                let in_sample = src.name != "sqlite3" || name == SQLITE_SAMPLE;
                out.push(AsmEntry {
                    name,
                    triple,
                    dwarf_version: dwarf,
                    producer: Producer::Clang,
                    in_sample,
                    recipe: Recipe::Compile { tool: "clang-19", src: src.path.clone(), args },
                    cost: len * if config == "O0" { 1 } else { 3 },
                });
            }
        }
    }
    let cxx = sorted_files(&repo_root().join("testdata/cxx"), |n| n.ends_with(".cpp"));
    for src in cxx {
        for triple in TRIPLES {
            let mut args = vec![format!("--target={triple}"), "-O2".into(), "-fexceptions".into()];
            args.extend(cross_includes(triple));
            out.push(AsmEntry {
                name: format!("cxx/{}.{}.O2.eh", stem_of(&src), arch(triple)),
                triple,
                dwarf_version: 4,
                producer: Producer::ClangXX,
                in_sample: true,
                cost: file_len(&src) * 20,
                recipe: Recipe::Compile { tool: "clang++-19", src: src.clone(), args },
            });
        }
    }
    let rust = sorted_files(&repo_root().join("testdata/rust"), |n| n.ends_with(".rs"));
    for src in rust {
        let stem = stem_of(&src);
        // rustc writes DWARF 4 (`.file 1 ...`, no MD5) on Linux.
        let configs: [(&str, &[&str]); 2] =
            [("O", &["-Copt-level=2"]), ("debug", &["-Copt-level=0", "-Cdebuginfo=2"])];
        for (config, flags) in configs {
            let mut args = vec![
                "--edition=2021".to_owned(),
                "--crate-type=lib".into(),
                format!("--crate-name=corpus_{stem}"),
                "--target=x86_64-unknown-linux-gnu".into(),
                "-Ccodegen-units=1".into(),
            ];
            args.extend(flags.iter().map(|s| s.to_string()));
            out.push(AsmEntry {
                name: format!("rust/{stem}.x86_64.{config}"),
                triple: "x86_64-unknown-linux-gnu",
                dwarf_version: 4,
                producer: Producer::Rustc,
                in_sample: true,
                cost: file_len(&src) * 200,
                recipe: Recipe::Rustc { src: src.clone(), args },
            });
        }
    }
    let blake3 = vendored_crate("blake3").join("c");
    for src in sorted_files(&blake3, |n| n.ends_with("_x86-64_unix.S")) {
        let triple = "x86_64-linux-gnu";
        out.push(AsmEntry {
            name: format!("blake3/{}.x86_64", stem_of(&src)),
            triple,
            dwarf_version: 4,
            producer: Producer::HandWritten,
            in_sample: true,
            cost: file_len(&src),
            recipe: Recipe::Preprocess { src, args: vec![format!("--target={triple}")] },
        });
    }
    out
}

impl AsmEntry {
    /// The name as a file stem (`/` replaced).
    pub fn stem(&self) -> String {
        self.name.replace('/', "_")
    }

    /// The llvm-mc flags before the input file: `-triple=T -filetype=obj
    /// -dwarf-version=N`.
    pub fn mc_args(&self) -> Vec<String> {
        vec![
            format!("-triple={}", self.triple),
            "-filetype=obj".into(),
            format!("-dwarf-version={}", self.dwarf_version),
        ]
    }

    /// The command that wrote the `.s` (for reports), with the vendor
    /// directory as `<vendor>` and paths relative to the repository.
    pub fn producer_command(&self) -> String {
        let (tool, src, args, how) = match &self.recipe {
            Recipe::Compile { tool, src, args } => (*tool, src, args, "-S"),
            Recipe::Rustc { src, args } => ("rustc", src, args, "--emit=asm"),
            Recipe::Preprocess { src, args } => ("clang-19", src, args, "-E"),
        };
        let vendor = vendor_dir().display().to_string();
        let mut s = format!("{tool} {how}");
        for a in args {
            s.push(' ');
            s.push_str(&a.replace(&vendor, "<vendor>"));
        }
        let _ = write!(s, " {}", relative(src).replace(&vendor, "<vendor>"));
        s
    }

    /// The cache key of the `.s` file.
    fn s_key(&self) -> u64 {
        let (tool, src, args) = match &self.recipe {
            Recipe::Compile { tool, src, args } => (*tool, src, args),
            Recipe::Rustc { src, args } => ("rustc", src, args),
            Recipe::Preprocess { src, args } => ("clang-19 -E", src, args),
        };
        let version = tool_version(tool.split(' ').next().unwrap());
        let bytes = fs::read(src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
        let mut h = KeyHasher::new();
        h.u64(ASM_HARNESS_VERSION).str(&self.name).str(tool).str(&version);
        h.str(&relative(src)).bytes(&bytes);
        let vendor = vendor_dir().display().to_string();
        for a in args {
            h.str(&a.replace(&vendor, "<vendor>"));
        }
        h.finish()
    }

    /// The `.s` file, built (and cached) on first use.
    ///
    /// # Panics
    /// If the producer fails or is missing.
    pub fn source(&self) -> PathBuf {
        let key = self.s_key();
        cached_file(&asm_dir(), &self.stem(), "s", key, |_, out| {
            let mut c = match &self.recipe {
                Recipe::Compile { tool: t, src, args } => {
                    let mut c = Command::new(tool(t));
                    c.arg("-S").args(args).arg(src).arg("-o").arg(out);
                    c
                }
                Recipe::Rustc { src, args } => {
                    let mut c = Command::new(tool("rustc"));
                    c.args(args).arg("--emit=asm").arg("-o").arg(out).arg(src);
                    c
                }
                Recipe::Preprocess { src, args } => {
                    let mut c = Command::new(tool("clang-19"));
                    c.arg("-E").args(args).arg(src).arg("-o").arg(out);
                    c
                }
            };
            // The repository as working directory keeps the compilation
            // directory in debug info stable.
            c.current_dir(repo_root());
            try_run_ok(&mut c).map(drop)
        })
    }

    /// What llvm-mc-19 makes of `s` (this entry's [`source`](Self::source)),
    /// cached.
    pub fn reference(&self, s: &Path) -> Reference {
        let mut h = KeyHasher::new();
        h.u64(ASM_HARNESS_VERSION).str("llvm-mc").str(&tool_version("llvm-mc-19"));
        h.u64(self.s_key());
        // The `.s` file's own bytes: its key leaves out where the vendored
        // sources are, which debug info records, so a `.s` made from
        // another checkout has the same key and other bytes.
        let s_bytes = fs::read(s).unwrap_or_else(|e| panic!("{}: {e}", s.display()));
        h.bytes(&s_bytes);
        drop(s_bytes);
        for a in self.mc_args() {
            h.str(&a);
        }
        let stem = format!("{}.ref", self.stem());
        let file = cached_file(&asm_dir(), &stem, "mcout", h.finish(), |scratch, out| {
            let obj = scratch.join("ref.o");
            let mut c = Command::new(tool("llvm-mc-19"));
            c.args(self.mc_args()).arg(s).arg("-o").arg(&obj);
            let o = run(&mut c);
            if o.status.success() {
                return fs::rename(&obj, out).map_err(|e| e.to_string());
            }
            let mut text = REJECTED_MARKER.to_vec();
            text.extend_from_slice(
                format!("`{}` exited with {}\n", describe(&c), o.status).as_bytes(),
            );
            text.extend_from_slice(&o.stderr);
            fs::write(out, text).map_err(|e| e.to_string())
        });
        let head = {
            let mut buf = [0u8; 4];
            let n = fs::File::open(&file)
                .and_then(|mut f| std::io::Read::read(&mut f, &mut buf))
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            buf[..n].to_vec()
        };
        if head == b"\x7fELF" {
            return Reference::Object(file);
        }
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let stderr =
            text.strip_prefix(std::str::from_utf8(REJECTED_MARKER).unwrap()).unwrap_or(&text);
        Reference::Rejected { reason: first_error(stderr), stderr: stderr.to_owned() }
    }
}

/// The first `error:` line of llvm-mc-style messages without the file
/// name, with the source line after it (trimmed, at most 80 characters):
/// `12:3: error: unknown directive | .foo 1`.
pub fn first_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let Some(i) = lines.iter().position(|l| l.contains("error:")) else {
        return lines.iter().find(|l| !l.trim().is_empty()).unwrap_or(&"(no message)").to_string();
    };
    let line = lines[i];
    // Drop `path:` before `line:col: error:`.
    let at = line.find(": error:").unwrap_or(0);
    let before = &line[..at];
    let mut parts = before.rsplitn(3, ':');
    let (col, ln) = (parts.next(), parts.next());
    let mut s = match (ln, col) {
        (Some(l), Some(c)) if l.parse::<u32>().is_ok() && c.parse::<u32>().is_ok() => {
            format!("{l}:{c}{}", &line[at..])
        }
        _ => line.to_owned(),
    };
    if let Some(src) = lines.get(i + 1) {
        let src: String = src.trim().chars().take(80).collect();
        if !src.is_empty() && !src.contains("error:") {
            let _ = write!(s, " | {src}");
        }
    }
    s
}

/// The message of an llvm-mc-style error line (after `error: `), for
/// grouping: `unknown directive`.
pub fn error_message(line: &str) -> String {
    let m = line.split_once("error: ").map_or(line, |(_, m)| m);
    m.split(" | ").next().unwrap_or(m).to_owned()
}

/// Runs `f` over `items` on [`std::thread::available_parallelism`]
/// threads, taking items in order, and returns the results in order.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).max(1);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads.min(items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|r| r.expect("every item mapped"))
        .collect()
}

// ---------------------------------------------------------------------
// ELF comparison
// ---------------------------------------------------------------------

const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_GROUP: u32 = 17;
const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;
const SHF_EXECINSTR: u64 = 4;

/// One section header and its bytes.
#[derive(Debug, Clone)]
struct Section<'a> {
    name: String,
    ty: u32,
    flags: u64,
    addr: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
    data: &'a [u8],
}

impl Section<'_> {
    /// The header fields (not the file offset, which follows from the
    /// sizes before it).
    fn fields(&self) -> [(&'static str, u64); 8] {
        [
            ("sh_type", self.ty as u64),
            ("sh_flags", self.flags),
            ("sh_addr", self.addr),
            ("sh_size", self.size),
            ("sh_link", self.link as u64),
            ("sh_info", self.info as u64),
            ("sh_addralign", self.align),
            ("sh_entsize", self.entsize),
        ]
    }
}

/// A little-endian ELF relocatable object, parsed just enough to compare.
struct Elf<'a> {
    is64: bool,
    machine: u16,
    /// e_ident and the header fields that do not follow from the layout.
    header: Vec<(&'static str, u64)>,
    sections: Vec<Section<'a>>,
}

fn rd(d: &[u8], off: usize, n: usize) -> Result<u64, String> {
    let b = d
        .get(off..off + n)
        .ok_or_else(|| format!("truncated: {n} bytes at offset {off:#x} past the end"))?;
    let mut v = 0u64;
    for (i, x) in b.iter().enumerate() {
        v |= (*x as u64) << (8 * i);
    }
    Ok(v)
}

fn c_str(d: &[u8], off: usize) -> String {
    let Some(tail) = d.get(off..) else { return format!("<bad name offset {off:#x}>") };
    let end = tail.iter().position(|&b| b == 0).unwrap_or(tail.len());
    String::from_utf8_lossy(&tail[..end]).into_owned()
}

impl<'a> Elf<'a> {
    fn parse(d: &'a [u8]) -> Result<Elf<'a>, String> {
        if d.get(..4) != Some(b"\x7fELF") {
            return Err("not an ELF file (no \\x7fELF magic)".into());
        }
        let is64 = match d.get(4) {
            Some(1) => false,
            Some(2) => true,
            c => return Err(format!("bad EI_CLASS {c:?}")),
        };
        if d.get(5) != Some(&1) {
            return Err("not little-endian".into());
        }
        let w = if is64 { 8 } else { 4 };
        let machine = rd(d, 18, 2)? as u16;
        let (shoff, flags_at) = (rd(d, 24 + 2 * w, w)? as usize, 24 + 3 * w);
        let ehsize = rd(d, flags_at + 4, 2)?;
        let shentsize = rd(d, flags_at + 10, 2)? as usize;
        let mut shnum = rd(d, flags_at + 12, 2)? as usize;
        let mut shstrndx = rd(d, flags_at + 14, 2)? as usize;
        let mut header = vec![("e_ident", rd(d, 0, 8)?), ("e_ident[8..]", rd(d, 8, 8)?)];
        header.push(("e_type", rd(d, 16, 2)?));
        header.push(("e_machine", machine as u64));
        header.push(("e_version", rd(d, 20, 4)?));
        header.push(("e_entry", rd(d, 24, w)?));
        header.push(("e_phoff", rd(d, 24 + w, w)?));
        header.push(("e_flags", rd(d, flags_at, 4)?));
        header.push(("e_ehsize", ehsize));
        header.push(("e_phnum", rd(d, flags_at + 8, 2)?));
        header.push(("e_shentsize", shentsize as u64));
        let want = if is64 { 64 } else { 40 };
        if shoff == 0 {
            return Ok(Elf { is64, machine, header, sections: Vec::new() });
        }
        if shentsize != want {
            return Err(format!("e_shentsize {shentsize}, expected {want}"));
        }
        // Extended numbering: the counts live in section 0.
        if shnum == 0 {
            shnum = rd(d, shoff + if is64 { 32 } else { 20 }, w)? as usize;
        }
        if shstrndx == 0xffff {
            shstrndx = rd(d, shoff + if is64 { 40 } else { 24 }, 4)? as usize;
        }
        header.push(("e_shnum (or section 0's sh_size)", shnum as u64));
        header.push(("e_shstrndx", shstrndx as u64));
        if shnum > d.len() / want {
            return Err(format!("{shnum} section headers do not fit in the file"));
        }
        let mut raw = Vec::with_capacity(shnum);
        for i in 0..shnum {
            let h = shoff + i * want;
            let g = |o64: usize, o32: usize, n64: usize, n32: usize| {
                if is64 {
                    rd(d, h + o64, n64)
                } else {
                    rd(d, h + o32, n32)
                }
            };
            let name = g(0, 0, 4, 4)? as usize;
            let ty = g(4, 4, 4, 4)? as u32;
            let flags = g(8, 8, 8, 4)?;
            let addr = g(16, 12, 8, 4)?;
            let offset = g(24, 16, 8, 4)? as usize;
            let size = g(32, 20, 8, 4)?;
            let link = g(40, 24, 4, 4)? as u32;
            let info = g(44, 28, 4, 4)? as u32;
            let align = g(48, 32, 8, 4)?;
            let entsize = g(56, 36, 8, 4)?;
            let data: &[u8] = if ty == SHT_NOBITS || i == 0 {
                &[]
            } else {
                d.get(offset..offset.saturating_add(size as usize)).ok_or_else(|| {
                    format!("section #{i}: {size:#x} bytes at {offset:#x} past the end")
                })?
            };
            raw.push((
                name,
                Section {
                    name: String::new(),
                    ty,
                    flags,
                    addr,
                    size,
                    link,
                    info,
                    align,
                    entsize,
                    data,
                },
            ));
        }
        let names: &[u8] = raw.get(shstrndx).map_or(&[], |s| s.1.data);
        let sections = raw
            .into_iter()
            .map(|(n, mut s)| {
                s.name = c_str(names, n);
                s
            })
            .collect();
        Ok(Elf { is64, machine, header, sections })
    }

    fn section_name(&self, i: usize) -> String {
        match self.sections.get(i) {
            Some(s) if !s.name.is_empty() => s.name.clone(),
            _ => format!("#{i}"),
        }
    }

    /// The symbols of the symbol table `s` as readable lines.
    fn symbols(&self, s: &Section<'_>) -> Vec<String> {
        let size = if self.is64 { 24 } else { 16 };
        let strtab: &[u8] = self.sections.get(s.link as usize).map_or(&[], |t| t.data);
        s.data
            .chunks_exact(size)
            .enumerate()
            .map(|(i, e)| {
                let f = |o: usize, n: usize| rd(e, o, n).unwrap_or(0);
                let (name, value, size, info, other, shndx) = if self.is64 {
                    (f(0, 4), f(8, 8), f(16, 8), f(4, 1), f(5, 1), f(6, 2))
                } else {
                    (f(0, 4), f(4, 4), f(8, 4), f(12, 1), f(13, 1), f(14, 2))
                };
                let bind = ["LOCAL", "GLOBAL", "WEAK"].get((info >> 4) as usize).copied();
                let kind = ["NOTYPE", "OBJECT", "FUNC", "SECTION", "FILE", "COMMON", "TLS"]
                    .get((info & 15) as usize)
                    .copied();
                let ndx = match shndx {
                    0 => "UND".to_owned(),
                    0xfff1 => "ABS".to_owned(),
                    0xfff2 => "COMMON".to_owned(),
                    0xffff => "XINDEX".to_owned(),
                    n => self.section_name(n as usize),
                };
                format!(
                    "#{i} `{}` value={value:#x} size={size} {} {} other={other:#x} section={ndx}",
                    c_str(strtab, name as usize),
                    bind.map_or(format!("bind={}", info >> 4), str::to_owned),
                    kind.map_or(format!("type={}", info & 15), str::to_owned),
                )
            })
            .collect()
    }

    /// What each symbol of the symbol table `s` is called in relocations
    /// and groups: `` `name` ``, or `section .text` for a section symbol
    /// (indices left out, so that a reordered symbol table shows only in
    /// the symbol table).
    fn symbol_names(&self, s: &Section<'_>) -> Vec<String> {
        let size = if self.is64 { 24 } else { 16 };
        let strtab: &[u8] = self.sections.get(s.link as usize).map_or(&[], |t| t.data);
        s.data
            .chunks_exact(size)
            .map(|e| {
                let f = |o: usize, n: usize| rd(e, o, n).unwrap_or(0);
                let (name, info, shndx) = if self.is64 {
                    (f(0, 4), f(4, 1), f(6, 2))
                } else {
                    (f(0, 4), f(12, 1), f(14, 2))
                };
                if info & 15 == 3 {
                    format!("section {}", self.section_name(shndx as usize))
                } else {
                    format!("`{}`", c_str(strtab, name as usize))
                }
            })
            .collect()
    }

    /// A `SHT_GROUP` section by names: its signature symbol, flags and
    /// members.
    fn group(&self, s: &Section<'_>) -> String {
        let names: Vec<String> =
            self.sections.get(s.link as usize).map(|t| self.symbol_names(t)).unwrap_or_default();
        let words: Vec<u64> = s.data.chunks_exact(4).map(|w| rd(w, 0, 4).unwrap_or(0)).collect();
        let members: Vec<String> =
            words.iter().skip(1).map(|&i| self.section_name(i as usize)).collect();
        format!(
            "signature {} flags {:#x} members [{}]",
            names.get(s.info as usize).map_or("?", String::as_str),
            words.first().copied().unwrap_or(0),
            members.join(" ")
        )
    }

    /// A `SHT_LLVM_ADDRSIG` section (ULEB128 symbol indices) by symbol
    /// names.
    fn addrsig(&self, s: &Section<'_>) -> Vec<String> {
        let names: Vec<String> =
            self.sections.get(s.link as usize).map(|t| self.symbol_names(t)).unwrap_or_default();
        let (mut out, mut v, mut shift) = (Vec::new(), 0u64, 0u32);
        for &b in s.data {
            v |= ((b & 0x7f) as u64) << shift.min(63);
            shift += 7;
            if b & 0x80 == 0 {
                out.push(names.get(v as usize).cloned().unwrap_or_else(|| format!("#{v}")));
                (v, shift) = (0, 0);
            }
        }
        out
    }

    /// The relocations of the REL/RELA section `s` as readable lines.
    fn relocations(&self, s: &Section<'_>) -> Vec<String> {
        let rela = s.ty == SHT_RELA;
        let size = match (self.is64, rela) {
            (true, true) => 24,
            (true, false) => 16,
            (false, true) => 12,
            (false, false) => 8,
        };
        let symtab = self.sections.get(s.link as usize);
        let names: Vec<String> = symtab.map(|t| self.symbol_names(t)).unwrap_or_default();
        s.data
            .chunks_exact(size)
            .enumerate()
            .map(|(i, e)| {
                let f = |o: usize, n: usize| rd(e, o, n).unwrap_or(0);
                let (offset, sym, ty, addend) = if self.is64 {
                    let info = f(8, 8);
                    (f(0, 8), info >> 32, info & 0xffff_ffff, rela.then(|| f(16, 8) as i64))
                } else {
                    let info = f(4, 4);
                    (f(0, 4), info >> 8, info & 0xff, rela.then(|| f(8, 4) as u32 as i32 as i64))
                };
                let sym_text = match sym {
                    0 => "none".to_owned(),
                    n => names.get(n as usize).cloned().unwrap_or_else(|| format!("#{n}")),
                };
                let mut line = format!(
                    "#{i} offset={offset:#x} {} sym={sym_text}",
                    reloc_type_name(self.machine, ty as u32)
                );
                if let Some(a) = addend {
                    let _ = write!(line, " addend={a}");
                }
                line
            })
            .collect()
    }
}

/// `R_X86_64_*` / `R_386_*` names of the common relocation types.
fn reloc_type_name(machine: u16, ty: u32) -> String {
    const X86_64: &[&str] = &[
        "NONE",
        "64",
        "PC32",
        "GOT32",
        "PLT32",
        "COPY",
        "GLOB_DAT",
        "JUMP_SLOT",
        "RELATIVE",
        "GOTPCREL",
        "32",
        "32S",
        "16",
        "PC16",
        "8",
        "PC8",
        "DTPMOD64",
        "DTPOFF64",
        "TPOFF64",
        "TLSGD",
        "TLSLD",
        "DTPOFF32",
        "GOTTPOFF",
        "TPOFF32",
        "PC64",
        "GOTOFF64",
        "GOTPC32",
        "GOT64",
        "GOTPCREL64",
        "GOTPC64",
        "GOTPLT64",
        "PLTOFF64",
        "SIZE32",
        "SIZE64",
        "GOTPC32_TLSDESC",
        "TLSDESC_CALL",
        "TLSDESC",
        "IRELATIVE",
        "RELATIVE64",
        "",
        "",
        "GOTPCRELX",
        "REX_GOTPCRELX",
    ];
    const I386: &[&str] = &[
        "NONE",
        "32",
        "PC32",
        "GOT32",
        "PLT32",
        "COPY",
        "GLOB_DAT",
        "JUMP_SLOT",
        "RELATIVE",
        "GOTOFF",
        "GOTPC",
        "32PLT",
        "",
        "",
        "TLS_TPOFF",
        "TLS_IE",
        "TLS_GOTIE",
        "TLS_LE",
        "TLS_GD",
        "TLS_LDM",
        "16",
        "PC16",
        "8",
        "PC8",
        "TLS_GD_32",
        "TLS_GD_PUSH",
        "TLS_GD_CALL",
        "TLS_GD_POP",
        "TLS_LDM_32",
        "TLS_LDM_PUSH",
        "TLS_LDM_CALL",
        "TLS_LDM_POP",
        "TLS_LDO_32",
        "TLS_IE_32",
        "TLS_LE_32",
        "TLS_DTPMOD32",
        "TLS_DTPOFF32",
        "TLS_TPOFF32",
        "SIZE32",
        "TLS_GOTDESC",
        "TLS_DESC_CALL",
        "TLS_DESC",
        "IRELATIVE",
        "GOT32X",
    ];
    let (prefix, table) = match machine {
        62 => ("R_X86_64_", X86_64),
        3 => ("R_386_", I386),
        _ => ("R_", &[][..]),
    };
    match table.get(ty as usize) {
        Some(n) if !n.is_empty() => format!("{prefix}{n}"),
        _ => format!("type={ty}"),
    }
}

/// Where two objects first differ.
#[derive(Debug, Clone)]
pub struct ObjDiff {
    /// One line: what differs first, e.g. `section .debug_line differs at
    /// offset 0x1c (ours 0x2f0 bytes, llvm-mc-19's 0x2f4)`.
    pub summary: String,
    /// A short key for counting mismatches by kind: `section .text`,
    /// `relocations .rela.text`, `symbol table`, `section headers`,
    /// `ELF header`, `file layout`, `unreadable object`.
    pub category: String,
    /// The names of every section that differs (header order).
    pub differing_sections: Vec<String>,
    /// More lines: the differing fields, bytes, symbols or relocations.
    pub detail: String,
    /// The first differing executable section, for a disassembly diff.
    pub code_section: Option<String>,
}

/// A hex dump of `d[from..to]`, 16 bytes a line, with offsets.
fn hex_window(d: &[u8], at: usize) -> String {
    let from = at.saturating_sub(32) & !15;
    let to = (from + 80).min(d.len());
    let mut s = String::new();
    let mut o = from;
    while o < to {
        let end = (o + 16).min(to);
        let _ = write!(s, "    {o:08x}:");
        for (k, b) in d[o..end].iter().enumerate() {
            let mark = if o + k == at { '>' } else { ' ' };
            let _ = write!(s, "{mark}{b:02x}");
        }
        s.push('\n');
        o = end;
    }
    if from >= d.len() {
        let _ = writeln!(s, "    (ends at {:#x})", d.len());
    }
    s
}

fn first_diff_index<T: PartialEq>(a: &[T], b: &[T]) -> Option<usize> {
    let n = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    (n < a.len() || n < b.len()).then_some(n)
}

/// Compares our object with llvm-mc-19's: `None` if they are
/// byte-identical, else where they first differ. Sections are looked at in
/// this order, so that the difference reported is the cause rather than a
/// consequence: content sections in header order, then relocation
/// sections, the symbol table, and the string tables last.
pub fn diff_objects(ours: &[u8], theirs: &[u8]) -> Option<ObjDiff> {
    if ours == theirs {
        return None;
    }
    let mk = |summary: String, category: &str, detail: String| ObjDiff {
        summary,
        category: category.to_owned(),
        differing_sections: Vec::new(),
        detail,
        code_section: None,
    };
    let t = match Elf::parse(theirs) {
        Ok(t) => t,
        Err(e) => {
            return Some(mk(
                format!("llvm-mc-19's object unreadable: {e}"),
                "harness",
                String::new(),
            ))
        }
    };
    let o = match Elf::parse(ours) {
        Ok(o) => o,
        Err(e) => {
            return Some(mk(
                format!("our object is not a readable ELF file: {e}"),
                "unreadable object",
                String::new(),
            ))
        }
    };
    // The ELF header.
    for ((name, a), (_, b)) in o.header.iter().zip(&t.header) {
        if a != b {
            return Some(mk(
                format!("ELF header differs: {name} ours {a:#x}, llvm-mc-19's {b:#x}"),
                "ELF header",
                String::new(),
            ));
        }
    }
    // The list of sections (names and types).
    let list = |e: &Elf<'_>| -> Vec<String> {
        e.sections.iter().map(|s| format!("{} (type {:#x})", s.name, s.ty)).collect()
    };
    let (lo, lt) = (list(&o), list(&t));
    if let Some(i) = first_diff_index(&lo, &lt) {
        let at = |l: &[String]| l.get(i).cloned().unwrap_or_else(|| "(none)".into());
        let mut detail = String::new();
        let _ = writeln!(detail, "  section list from #{}:", i.saturating_sub(2));
        for k in i.saturating_sub(2)..(i + 8).min(lo.len().max(lt.len())) {
            let a = lo.get(k).map_or("", String::as_str);
            let b = lt.get(k).map_or("", String::as_str);
            let mark = if a == b { ' ' } else { '!' };
            let _ = writeln!(detail, "  {mark} #{k:<5} {a:<44} | {b}");
        }
        return Some(mk(
            format!(
                "section headers differ: ours has {} sections, llvm-mc-19's {}; first difference at #{i}: ours {}, llvm-mc-19's {}",
                lo.len(),
                lt.len(),
                at(&lo),
                at(&lt)
            ),
            "section headers",
            detail,
        ));
    }
    // Section by section.
    let pairs: Vec<(usize, &Section<'_>, &Section<'_>)> = o
        .sections
        .iter()
        .zip(&t.sections)
        .enumerate()
        .filter(|(_, (a, b))| a.fields() != b.fields() || a.data != b.data)
        .map(|(i, (a, b))| (i, a, b))
        .collect();
    let differing: Vec<String> = pairs.iter().map(|(_, a, _)| a.name.clone()).collect();
    let rank = |s: &Section<'_>| match s.ty {
        SHT_REL | SHT_RELA => 1,
        SHT_GROUP | SHT_LLVM_ADDRSIG => 2,
        SHT_SYMTAB => 3,
        SHT_STRTAB => 4,
        _ => 0,
    };
    // Relocations and groups name symbols by index: when they agree by
    // symbol name, their difference is the symbol table's.
    let by_index = |a: &Section<'_>, b: &Section<'_>| match a.ty {
        SHT_REL | SHT_RELA => a.fields() == b.fields() && o.relocations(a) == t.relocations(b),
        SHT_GROUP => {
            let (mut fa, mut fb) = (a.fields(), b.fields());
            fa[5].1 = 0;
            fb[5].1 = 0;
            fa == fb && o.group(a) == t.group(b)
        }
        SHT_LLVM_ADDRSIG => {
            let (mut fa, mut fb) = (a.fields(), b.fields());
            fa[3].1 = 0;
            fb[3].1 = 0;
            fa == fb && o.addrsig(a) == t.addrsig(b)
        }
        _ => false,
    };
    let cause = pairs
        .iter()
        .filter(|(_, a, b)| !by_index(a, b))
        .min_by_key(|(i, a, _)| (rank(a), *i))
        .or_else(|| pairs.iter().min_by_key(|(i, a, _)| (rank(a), *i)));
    let Some(&(_, a, b)) = cause else {
        let at = ours.iter().zip(theirs).take_while(|(x, y)| x == y).count();
        let mut d = mk(
            format!(
                "file layout differs at file offset {at:#x} (headers and section contents identical; sizes {:#x} and {:#x})",
                ours.len(),
                theirs.len()
            ),
            "file layout",
            String::new(),
        );
        let _ = write!(
            d.detail,
            "  ours:\n{}  llvm-mc-19's:\n{}",
            hex_window(ours, at),
            hex_window(theirs, at)
        );
        return Some(d);
    };
    let mut detail = String::new();
    for ((name, x), (_, y)) in a.fields().iter().zip(b.fields().iter()) {
        if x != y {
            let _ = writeln!(detail, "  {name}: ours {x:#x}, llvm-mc-19's {y:#x}");
        }
    }
    let header_note =
        if detail.is_empty() { String::new() } else { " (and its header)".to_owned() };
    let mut diff = match a.ty {
        SHT_SYMTAB => {
            let (so, st) = (o.symbols(a), t.symbols(b));
            let i = first_diff_index(&so, &st).unwrap_or(0);
            let get = |l: &[String]| l.get(i).cloned().unwrap_or_else(|| "(none)".into());
            let _ = writeln!(detail, "  ours has {} symbols, llvm-mc-19's {}", so.len(), st.len());
            for k in i.saturating_sub(2)..(i + 6).min(so.len().max(st.len())) {
                let x = so.get(k).map_or("", String::as_str);
                let y = st.get(k).map_or("", String::as_str);
                let mark = if x == y { ' ' } else { '!' };
                let _ = writeln!(detail, "  {mark} ours:       {x}\n  {mark} llvm-mc-19: {y}");
            }
            mk(
                format!(
                    "symbol table differs{header_note} at symbol #{i}: ours {}, llvm-mc-19's {}",
                    get(&so),
                    get(&st)
                ),
                "symbol table",
                detail,
            )
        }
        SHT_REL | SHT_RELA => {
            let (ro, rt) = (o.relocations(a), t.relocations(b));
            let i = first_diff_index(&ro, &rt).unwrap_or(0);
            let get = |l: &[String]| l.get(i).cloned().unwrap_or_else(|| "(none)".into());
            let _ =
                writeln!(detail, "  ours has {} relocations, llvm-mc-19's {}", ro.len(), rt.len());
            for k in i.saturating_sub(2)..(i + 6).min(ro.len().max(rt.len())) {
                let x = ro.get(k).map_or("", String::as_str);
                let y = rt.get(k).map_or("", String::as_str);
                let mark = if x == y { ' ' } else { '!' };
                let _ = writeln!(detail, "  {mark} ours:       {x}\n  {mark} llvm-mc-19: {y}");
            }
            mk(
                format!(
                    "relocations differ in {}{header_note} at #{i}: ours {}, llvm-mc-19's {}",
                    a.name,
                    get(&ro),
                    get(&rt)
                ),
                &format!("relocations {}", a.name),
                detail,
            )
        }
        SHT_LLVM_ADDRSIG => {
            let (xo, xt) = (o.addrsig(a), t.addrsig(b));
            let i = first_diff_index(&xo, &xt).unwrap_or(0);
            let _ =
                writeln!(detail, "  ours:       {}\n  llvm-mc-19: {}", xo.join(" "), xt.join(" "));
            mk(
                format!("address-significance table {} differs at entry #{i}", a.name),
                "section .llvm_addrsig",
                detail,
            )
        }
        SHT_GROUP => {
            let _ = writeln!(detail, "  ours:       {}\n  llvm-mc-19: {}", o.group(a), t.group(b));
            mk(format!("group section {} differs{header_note}", a.name), "section .group", detail)
        }
        _ => {
            let at = a.data.iter().zip(b.data).take_while(|(x, y)| x == y).count();
            let where_ = if a.data == b.data {
                "header differs".to_owned()
            } else {
                let _ = write!(
                    detail,
                    "  ours at {at:#x}:\n{}  llvm-mc-19's at {at:#x}:\n{}",
                    hex_window(a.data, at),
                    hex_window(b.data, at)
                );
                format!("differs{header_note} at offset {at:#x}")
            };
            let mut d = mk(
                format!(
                    "section {} {where_} (ours {:#x} bytes, llvm-mc-19's {:#x})",
                    a.name, a.size, b.size
                ),
                &format!("section {}", a.name),
                detail,
            );
            if a.flags & SHF_EXECINSTR != 0 && a.data != b.data {
                d.code_section = Some(a.name.clone());
            }
            d
        }
    };
    diff.differing_sections = differing;
    Some(diff)
}

// ---------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------

/// Lines of a tool's output with the lines naming the file dropped, so two
/// files' dumps compare.
fn dump(cmd: &mut Command, file: &Path) -> Vec<String> {
    let out = run(cmd.arg(file));
    let name = file.display().to_string();
    let mut lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.contains(&name))
        .map(|l| l.replace('\t', " "))
        .collect();
    if !out.status.success() {
        lines.push(format!(
            "({} failed: {})",
            describe(cmd),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    lines
}

/// The two dumps side by side from 20 lines before their first differing
/// line to 20 after (`!` marks differing lines), or `None` if they agree.
pub fn side_by_side(ours: &[String], theirs: &[String]) -> Option<String> {
    let p = first_diff_index(ours, theirs)?;
    let (from, to) = (p.saturating_sub(20), p + 21);
    let clip = |s: &str| -> String {
        if s.chars().count() > 70 {
            s.chars().take(69).chain(std::iter::once('…')).collect()
        } else {
            s.to_owned()
        }
    };
    let mut s = format!("  first differing line: {} (ours) / {} (llvm-mc-19)\n", p + 1, p + 1);
    let _ = writeln!(s, "  {:<6} {:<70} | llvm-mc-19", "line", "ours");
    for k in from..to.min(ours.len().max(theirs.len())) {
        let a = ours.get(k).map_or("", String::as_str);
        let b = theirs.get(k).map_or("", String::as_str);
        let mark = if a == b { ' ' } else { '!' };
        let _ = writeln!(s, "{mark} {:<6} {:<70} | {}", k + 1, clip(a), clip(b));
    }
    Some(s)
}

/// What our assembler did with an entry.
pub enum Ours<'a> {
    /// An object.
    Object(&'a [u8]),
    /// Errors (rendered as llvm-mc prints them) or a panic message.
    Failed(&'a str),
}

/// Writes the report of a mismatch to `report/<stem>.txt` (and our object,
/// if any, to `report/<stem>.ours.o`) and returns its path.
pub fn write_report(
    e: &AsmEntry,
    s: &Path,
    reference: &Path,
    ours: Ours<'_>,
    diff: Option<&ObjDiff>,
) -> PathBuf {
    let dir = report_dir();
    let path = dir.join(format!("{}.txt", e.stem()));
    let mut r = String::new();
    let _ = writeln!(r, "assembler corpus mismatch: {}", e.name);
    let _ = writeln!(r, "  source:    {}", s.display());
    let _ = writeln!(r, "  made by:   {}", e.producer_command());
    let _ = writeln!(
        r,
        "  reference: llvm-mc-19 {} <source> -o {}",
        e.mc_args().join(" "),
        reference.display()
    );
    match ours {
        Ours::Failed(msg) => {
            let _ = writeln!(r, "\nour assembler failed where llvm-mc-19 succeeds:\n");
            for l in msg.lines().take(60) {
                let _ = writeln!(r, "  {l}");
            }
        }
        Ours::Object(bytes) => {
            let obj = dir.join(format!("{}.ours.o", e.stem()));
            fs::write(&obj, bytes).unwrap_or_else(|err| panic!("{}: {err}", obj.display()));
            let _ = writeln!(r, "  ours:      {}", obj.display());
            if let Some(d) = diff {
                let _ = writeln!(r, "\n{}", d.summary);
                let n = d.differing_sections.len();
                let shown = d.differing_sections[..n.min(20)].join(" ");
                let more = if n > 20 { format!(" ... and {} more", n - 20) } else { String::new() };
                let _ = writeln!(r, "  differing sections ({n}): {shown}{more}");
                let _ = write!(r, "{}", d.detail);
                if let Some(code) = &d.code_section {
                    let mut c = Command::new(tool("llvm-objdump-19"));
                    c.args(["-d", "-r"]).arg(format!("--section={code}"));
                    let mut c2 = Command::new(tool("llvm-objdump-19"));
                    c2.args(["-d", "-r"]).arg(format!("--section={code}"));
                    let (a, b) = (dump(&mut c, &obj), dump(&mut c2, reference));
                    if let Some(sbs) = side_by_side(&a, &b) {
                        let _ = writeln!(r, "\nllvm-objdump-19 -d -r --section={code}:\n{sbs}");
                    }
                }
                let args = ["--sections", "--symbols", "--relocations"];
                let mut c = Command::new(tool("llvm-readobj-19"));
                c.args(args);
                let mut c2 = Command::new(tool("llvm-readobj-19"));
                c2.args(args);
                let (a, b) = (dump(&mut c, &obj), dump(&mut c2, reference));
                match side_by_side(&a, &b) {
                    Some(sbs) => {
                        let _ = writeln!(r, "\nllvm-readobj-19 {}:\n{sbs}", args.join(" "));
                    }
                    None => {
                        let _ =
                            writeln!(r, "\nllvm-readobj-19 {}: identical dumps", args.join(" "));
                    }
                }
            }
        }
    }
    fs::write(&path, r).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    path
}
