//! The bitcode corpus: real compiler output, built at test time and cached
//! under `target/llvmext-corpus/`.
//!
//! | group | producer | sources | configurations |
//! |---|---|---|---|
//! | `c/*` | clang-19 | `testdata/c/*.c` | `-O0`, `-O0 -g`, `-O2`, `-O2 -g` |
//! | `sqlite3`, `zlib/*`, `bzip2/*`, `lz4/*` | clang-19 | C bundled in `-sys` crates (see `testdata/c-corpus/Cargo.toml`), fetched with `cargo vendor` | same four |
//! | `cxx/templates` | clang-19 | `testdata/cxx/templates.cpp` (templates, exceptions) | same four |
//! | `clang13/*` … `clang16/*` | clang-13 … clang-16 | `c/*`, `cxx/templates`, `zlib/inflate` | same four |
//! | `rust/*` | rustc (LLVM 22) | `testdata/rust/*.rs` | `opt-level` 0/2, with and without `-g` |
//! | `llvm-as/*` | llvm-as-19 | `clang-19 -S -emit-llvm` of a C file | `-O2 -g` |
//! | `wrapper/*` | — | one clang `.bc` inside a bitcode wrapper header | |
//! | `llvm-cat/*` | llvm-cat-19 `-b` | two clang modules in one file; three ThinLTO modules | |
//! | `thinlto/*` | clang-19 `-flto=thin` | two in-repo C files, two zlib files | `-O2`, `-O2 -g` |
//! | `embed/*` | clang-19 `-fembed-bitcode -c` | ELF objects; the corpus file is their `.llvmbc` | |
//! | `fatlto/*` | clang-19 `-ffat-lto-objects -flto=thin -c` | ELF objects; the corpus file is their `.llvm.lto` | |
//!
//! [`other_bitstreams`] (not IR, so not in [`corpus()`]) adds clang's
//! serialized diagnostics (`diag/*`, magic `DIAG`, from `-Weverything`) and
//! bitstream optimization remarks (`remarks/*`, magic `RMRK`).
//!
//! Embedded bitcode is extracted with `llvm-objcopy-19 --dump-section` and
//! cross-checked against `llvmext_bitcode::container::find_embedded_bitcode`
//! when the file is built; [`Kind::Extracted`] names the object.
//!
//! Everything is keyed by source content, flags and tool versions (see
//! [`super::cache`]), so a warm run only hashes sources. A cold build is
//! about two CPU-minutes (75 files, ~75 MB), most of it `sqlite3.c` at
//! `-O2`; compiles run on a thread per core, slowest first.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use super::cache::{cached_dir, cached_file, corpus_dir, repo_root, KeyHasher};
use super::tools::{self, cargo, tool, tool_version, try_run_ok};

/// Bump to rebuild every corpus file (e.g. after changing how files are
/// made in a way the key does not capture).
const HARNESS_VERSION: u64 = 1;

/// Which tool wrote a corpus file's bitcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Producer {
    /// `clang-19 -c -emit-llvm`.
    Clang19,
    /// `rustc --emit=llvm-bc` (LLVM 22).
    Rustc,
    /// `llvm-as-19` of clang-19's textual IR.
    LlvmAs19,
    /// `llvm-cat-19 -b` (several modules in one file).
    LlvmCat19,
    /// `clang-N -c -emit-llvm`, N an older LLVM (13 to 16).
    OldClang(u8),
}

impl Producer {
    /// How the producer string of its `IDENTIFICATION` block starts.
    pub fn llvm_prefix(&self) -> String {
        match self {
            Producer::Rustc => "LLVM22".into(),
            Producer::OldClang(v) => format!("LLVM{v}"),
            _ => "LLVM19".into(),
        }
    }
}

/// What a corpus file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A bitcode file, as its producer wrote it.
    Bitcode,
    /// Bitcode extracted from section `section` of the ELF object `object`
    /// (`.llvmbc` from `-fembed-bitcode`, `.llvm.lto` from
    /// `-ffat-lto-objects`).
    Extracted {
        /// The object file the bitcode was embedded in.
        object: PathBuf,
        /// The section it came from.
        section: &'static str,
    },
    /// Clang serialized diagnostics (`--serialize-diagnostics`, magic
    /// `DIAG`): a bitstream, not IR.
    SerializedDiagnostics,
    /// Bitstream optimization remarks (`-fsave-optimization-record=bitstream`,
    /// magic `RMRK`): a bitstream, not IR.
    Remarks,
}

impl Kind {
    /// Whether the file is LLVM IR bitcode (everything [`corpus()`] returns).
    pub fn is_ir(&self) -> bool {
        matches!(self, Kind::Bitcode | Kind::Extracted { .. })
    }
}

/// One file of the corpus.
#[derive(Debug, Clone)]
pub struct CorpusFile {
    /// A short unique name, e.g. `sqlite3.O2.g`, `zlib/inflate.O0`.
    pub name: String,
    /// The built file.
    pub path: PathBuf,
    /// The tool that produced the bitcode.
    pub producer: Producer,
    /// The source it was made from (repo-relative or `<crate>/<path>`).
    pub source: String,
    /// Optimization level (0 or 2).
    pub opt_level: u8,
    /// Whether it carries debug info (`-g`).
    pub debug_info: bool,
    /// Whether the file starts with a bitcode wrapper header.
    pub wrapped: bool,
    /// How many modules the file holds (0 for non-IR bitstreams).
    pub modules: usize,
    /// What the file is (`path` is always a bitstream file).
    pub kind: Kind,
    /// Whether the modules carry a ThinLTO summary (`GLOBALVAL_SUMMARY`
    /// block): clang's `-flto=thin`, and every rustc file.
    pub thin_lto: bool,
}

impl CorpusFile {
    /// The file's bytes.
    pub fn read(&self) -> Vec<u8> {
        fs::read(&self.path).unwrap_or_else(|e| panic!("cannot read {}: {e}", self.path.display()))
    }

    /// The file's size in bytes.
    pub fn size(&self) -> u64 {
        fs::metadata(&self.path).map(|m| m.len()).unwrap_or(0)
    }
}

#[derive(Debug, Clone)]
enum Recipe {
    /// `<tool> -c -emit-llvm <args> <src>` (`tool`: clang-19, or an older
    /// clang).
    Clang { tool: String, src: PathBuf, args: Vec<String> },
    /// `rustc --emit=llvm-bc` of a library crate.
    Rustc { src: PathBuf, args: Vec<String> },
    /// `clang-19 -S -emit-llvm <args> <src>`, then `llvm-as-19`.
    ClangThenLlvmAs { src: PathBuf, args: Vec<String> },
    /// Another corpus file inside a wrapper header.
    Wrap { input: String },
    /// `llvm-cat-19 -b` of other corpus files.
    Cat { inputs: Vec<String> },
    /// `clang-19 -c <args> <src>` to an ELF object (cached next to the
    /// corpus file), then its section `section` dumped by `llvm-objcopy-19`
    /// and cross-checked against `container::find_embedded_bitcode`.
    Embedded { src: PathBuf, args: Vec<String>, section: &'static str },
    /// `clang-19 -c <args> <src> --serialize-diagnostics <out>`.
    Diagnostics { src: PathBuf, args: Vec<String> },
    /// `clang-19 -c <args> <src> -fsave-optimization-record=bitstream`.
    Remarks { src: PathBuf, args: Vec<String> },
}

impl Recipe {
    /// The extension of the corpus file it makes.
    fn ext(&self) -> &'static str {
        match self {
            Recipe::Diagnostics { .. } => "dia",
            Recipe::Remarks { .. } => "opt.bitstream",
            _ => "bc",
        }
    }
}

#[derive(Debug, Clone)]
struct Spec {
    file: CorpusFile,
    recipe: Recipe,
    /// Rough relative cost, to start the slow builds first.
    cost: u64,
}

/// The four configurations every C and Rust source is built in.
const CONFIGS: [(u8, bool); 4] = [(0, false), (0, true), (2, false), (2, true)];

fn config_suffix(opt: u8, debug: bool) -> String {
    format!(".O{opt}{}", if debug { ".g" } else { "" })
}

fn config_args(opt: u8, debug: bool) -> Vec<String> {
    let mut args = vec![format!("-O{opt}")];
    if debug {
        args.push("-g".into());
    }
    args
}

/// Flags of `libsqlite3-sys`'s bundled build (the platform-independent part).
const SQLITE_DEFINES: &[&str] = &[
    "-DSQLITE_CORE",
    "-DSQLITE_DEFAULT_FOREIGN_KEYS=1",
    "-DSQLITE_ENABLE_API_ARMOR",
    "-DSQLITE_ENABLE_COLUMN_METADATA",
    "-DSQLITE_ENABLE_DBSTAT_VTAB",
    "-DSQLITE_ENABLE_FTS3",
    "-DSQLITE_ENABLE_FTS3_PARENTHESIS",
    "-DSQLITE_ENABLE_FTS5",
    "-DSQLITE_ENABLE_JSON1",
    "-DSQLITE_ENABLE_LOAD_EXTENSION=1",
    "-DSQLITE_ENABLE_MEMORY_MANAGEMENT",
    "-DSQLITE_ENABLE_RTREE",
    "-DSQLITE_ENABLE_STAT4",
    "-DSQLITE_SOUNDEX",
    "-DSQLITE_THREADSAFE=1",
    "-DSQLITE_USE_URI",
    "-DHAVE_USLEEP=1",
    "-DHAVE_ISNAN",
    "-DHAVE_LOCALTIME_R",
];

/// The `-sys` crates' sources, fetched by `cargo vendor` into
/// `target/llvmext-corpus/vendor-<key>/` (offline from cargo's cache when
/// possible). The key covers `testdata/c-corpus/Cargo.{toml,lock}`.
pub fn vendor_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let manifest = repo_root().join("testdata/c-corpus/Cargo.toml");
        let lock = repo_root().join("testdata/c-corpus/Cargo.lock");
        let read = |p: &Path| fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let key = KeyHasher::new()
            .u64(HARNESS_VERSION)
            .bytes(&read(&manifest))
            .bytes(&read(&lock))
            .finish();
        cached_dir(&corpus_dir(), "vendor", key, |dir| {
            let vendor = |offline: bool| {
                let mut c = Command::new(cargo());
                c.arg("vendor").arg("--manifest-path").arg(&manifest);
                c.args(["--versioned-dirs", "--locked", "--quiet"]);
                if offline {
                    c.arg("--offline");
                }
                c.arg(dir);
                try_run_ok(&mut c)
            };
            // Offline first (fast, works without network when cargo's cache
            // has the crates), then online.
            vendor(true).or_else(|_| vendor(false)).map(drop)
        })
    })
    .clone()
}

/// The vendored crate directory whose name starts with `<name>-`.
pub fn vendored_crate(name: &str) -> PathBuf {
    let dir = vendor_dir();
    let prefix = format!("{name}-");
    let mut found: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter(|e| {
            e.file_name().to_str().is_some_and(|n| {
                n.strip_prefix(&prefix).is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
            })
        })
        .map(|e| e.path())
        .collect();
    found.sort();
    found.pop().unwrap_or_else(|| panic!("crate {name} missing from {}", dir.display()))
}

fn crate_relative(path: &Path) -> String {
    let vendor = vendor_dir();
    match path.strip_prefix(&vendor) {
        Ok(rel) => rel.display().to_string(),
        Err(_) => path.strip_prefix(repo_root()).unwrap_or(path).display().to_string(),
    }
}

fn file_len(p: &Path) -> u64 {
    fs::metadata(p).map(|m| m.len()).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every corpus file's recipe, without building anything (but vendoring
/// the `-sys` crates, which is quick once cached).
fn specs() -> &'static [Spec] {
    static SPECS: OnceLock<Vec<Spec>> = OnceLock::new();
    SPECS.get_or_init(make_specs)
}

fn make_specs() -> Vec<Spec> {
    let mut specs = Vec::new();
    let mut c_source = |group: &str, src: PathBuf, extra: &[String]| {
        let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
        let len = file_len(&src);
        for (opt, debug) in CONFIGS {
            let mut args = vec![format!("-O{opt}")];
            if debug {
                args.push("-g".into());
            }
            args.extend(extra.iter().cloned());
            let base = if group.is_empty() { stem.clone() } else { format!("{group}/{stem}") };
            specs.push(Spec {
                file: CorpusFile {
                    name: format!("{base}{}", config_suffix(opt, debug)),
                    path: PathBuf::new(),
                    producer: Producer::Clang19,
                    source: crate_relative(&src),
                    opt_level: opt,
                    debug_info: debug,
                    wrapped: false,
                    modules: 1,
                    kind: Kind::Bitcode,
                    thin_lto: false,
                },
                recipe: Recipe::Clang { tool: "clang-19".into(), src: src.clone(), args },
                cost: len * if opt > 0 { 4 } else { 1 } * if debug { 5 } else { 4 } / 4,
            });
        }
    };

    // In-repo C, then real-world C from the -sys crates.
    let sources = c_sources(true);
    for src in &sources {
        c_source(&src.group, src.path.clone(), &src.flags);
    }
    // C++ (templates, exceptions: invoke and landingpad).
    let cxx = repo_root().join("testdata/cxx/templates.cpp");
    c_source("cxx", cxx.clone(), &[]);
    // Older producers: clang 13 to 16 on the in-repo C and C++ and one zlib
    // file, in the same four configurations.
    for v in 13u8..=16 {
        let mut old: Vec<(String, PathBuf, Vec<String>)> = sources
            .iter()
            .filter(|s| s.group == "c" || s.name == "zlib/inflate")
            .map(|s| (s.name.clone(), s.path.clone(), s.flags.clone()))
            .collect();
        old.push(("cxx/templates".into(), cxx.clone(), Vec::new()));
        for (name, src, flags) in old {
            for (opt, debug) in CONFIGS {
                let mut args = config_args(opt, debug);
                args.extend(flags.iter().cloned());
                specs.push(Spec {
                    file: CorpusFile {
                        name: format!("clang{v}/{name}{}", config_suffix(opt, debug)),
                        path: PathBuf::new(),
                        producer: Producer::OldClang(v),
                        source: crate_relative(&src),
                        opt_level: opt,
                        debug_info: debug,
                        wrapped: false,
                        modules: 1,
                        kind: Kind::Bitcode,
                        thin_lto: false,
                    },
                    recipe: Recipe::Clang { tool: format!("clang-{v}"), src: src.clone(), args },
                    cost: file_len(&src),
                });
            }
        }
    }
    let c_dir = repo_root().join("testdata/c");
    let zlib_src = sources.iter().find(|s| s.group == "zlib").expect("zlib sources");
    let zlib = zlib_src.path.parent().expect("zlib directory").to_path_buf();
    let zflags = zlib_src.flags.clone();

    // Rust (LLVM 22 producer).
    let rs_dir = repo_root().join("testdata/rust");
    let mut rs_files: Vec<PathBuf> = fs::read_dir(&rs_dir)
        .unwrap_or_else(|e| panic!("{}: {e}", rs_dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    rs_files.sort();
    assert!(!rs_files.is_empty(), "no Rust sources in {}", rs_dir.display());
    for src in &rs_files {
        let stem = src.file_stem().unwrap().to_string_lossy().into_owned();
        for (opt, debug) in CONFIGS {
            let mut args = vec![
                "--edition=2021".to_owned(),
                "--crate-type=lib".into(),
                format!("--crate-name=corpus_{stem}"),
                "-Ccodegen-units=1".into(),
                format!("-Copt-level={opt}"),
            ];
            if debug {
                args.push("-Cdebuginfo=2".into());
            }
            specs.push(Spec {
                file: CorpusFile {
                    name: format!("rust/{stem}{}", config_suffix(opt, debug)),
                    path: PathBuf::new(),
                    producer: Producer::Rustc,
                    source: crate_relative(src),
                    opt_level: opt,
                    debug_info: debug,
                    wrapped: false,
                    modules: 1,
                    kind: Kind::Bitcode,
                    // rustc's bitcode always carries a ThinLTO summary.
                    thin_lto: true,
                },
                recipe: Recipe::Rustc { src: src.clone(), args },
                cost: file_len(src) * 40,
            });
        }
    }

    // Textual IR through llvm-as-19.
    let ll_src = c_dir.join("interp.c");
    specs.push(Spec {
        file: CorpusFile {
            name: "llvm-as/interp.O2.g".into(),
            path: PathBuf::new(),
            producer: Producer::LlvmAs19,
            source: crate_relative(&ll_src),
            opt_level: 2,
            debug_info: true,
            wrapped: false,
            modules: 1,
            kind: Kind::Bitcode,
            thin_lto: false,
        },
        recipe: Recipe::ClangThenLlvmAs { src: ll_src, args: vec!["-O2".into(), "-g".into()] },
        cost: 0,
    });

    // A wrapper header around one clang module.
    specs.push(Spec {
        file: CorpusFile {
            name: "wrapper/strings.O2.g".into(),
            path: PathBuf::new(),
            producer: Producer::Clang19,
            source: "testdata/c/strings.c".into(),
            opt_level: 2,
            debug_info: true,
            wrapped: true,
            modules: 1,
            kind: Kind::Bitcode,
            thin_lto: false,
        },
        recipe: Recipe::Wrap { input: "c/strings.O2.g".into() },
        cost: 0,
    });

    // Two modules in one file.
    specs.push(Spec {
        file: CorpusFile {
            name: "llvm-cat/geometry+sched.O2".into(),
            path: PathBuf::new(),
            producer: Producer::LlvmCat19,
            source: "testdata/c/geometry.c + testdata/c/sched.c".into(),
            opt_level: 2,
            debug_info: true,
            wrapped: false,
            modules: 2,
            kind: Kind::Bitcode,
            thin_lto: false,
        },
        recipe: Recipe::Cat { inputs: vec!["c/geometry.O2".into(), "c/sched.O2.g".into()] },
        cost: 0,
    });

    // ThinLTO modules (with a GLOBALVAL_SUMMARY block), bitcode embedded in
    // ELF objects, and the non-IR bitstreams clang writes.
    let repo_c = |f: &str| (c_dir.join(format!("{f}.c")), Vec::<String>::new(), format!("c/{f}"));
    let zlib_c = |f: &str| (zlib.join(format!("{f}.c")), zflags.to_vec(), format!("zlib/{f}"));
    struct Extra {
        group: &'static str,
        file: (PathBuf, Vec<String>, String),
        opt: u8,
        debug: bool,
        kind: Kind,
        thin_lto: bool,
    }
    let mut extras = Vec::new();
    for file in [repo_c("interp"), repo_c("sched"), zlib_c("inflate"), zlib_c("deflate")] {
        for debug in [false, true] {
            let (group, kind) = ("thinlto", Kind::Bitcode);
            extras.push(Extra { group, file: file.clone(), opt: 2, debug, kind, thin_lto: true });
        }
    }
    let embed = |section| Kind::Extracted { object: PathBuf::new(), section };
    for (file, opt, debug) in
        [(repo_c("strings"), 0, false), (repo_c("strings"), 2, true), (zlib_c("trees"), 2, false)]
    {
        let kind = embed(".llvmbc");
        extras.push(Extra { group: "embed", file, opt, debug, kind, thin_lto: false });
    }
    for (file, opt, debug) in [
        (repo_c("geometry"), 2, false),
        (repo_c("geometry"), 2, true),
        (zlib_c("inflate"), 2, true),
    ] {
        let kind = embed(".llvm.lto");
        extras.push(Extra { group: "fatlto", file, opt, debug, kind, thin_lto: true });
    }
    for file in [repo_c("interp"), zlib_c("inflate")] {
        let kind = Kind::SerializedDiagnostics;
        extras.push(Extra { group: "diag", file, opt: 0, debug: false, kind, thin_lto: false });
    }
    for (file, debug) in [(repo_c("interp"), false), (zlib_c("deflate"), true)] {
        let kind = Kind::Remarks;
        extras.push(Extra { group: "remarks", file, opt: 2, debug, kind, thin_lto: false });
    }
    for e in extras {
        let (src, flags, base) = e.file;
        let mut args = config_args(e.opt, e.debug);
        args.extend(flags);
        let mut name = format!("{}/{base}{}", e.group, config_suffix(e.opt, e.debug));
        let recipe = match &e.kind {
            Kind::Bitcode => {
                args.push("-flto=thin".into());
                Recipe::Clang { tool: "clang-19".into(), src: src.clone(), args }
            }
            Kind::Extracted { section, .. } => {
                if e.thin_lto {
                    args.extend(["-flto=thin".into(), "-ffat-lto-objects".into()]);
                } else {
                    args.push("-fembed-bitcode".into());
                }
                Recipe::Embedded { src: src.clone(), args, section }
            }
            Kind::SerializedDiagnostics => {
                name = format!("{}/{base}.Weverything", e.group);
                args.push("-Weverything".into());
                Recipe::Diagnostics { src: src.clone(), args }
            }
            Kind::Remarks => Recipe::Remarks { src: src.clone(), args },
        };
        specs.push(Spec {
            file: CorpusFile {
                name,
                path: PathBuf::new(),
                producer: Producer::Clang19,
                source: crate_relative(&src),
                opt_level: e.opt,
                debug_info: e.debug,
                wrapped: false,
                modules: usize::from(e.kind.is_ir()),
                kind: e.kind,
                thin_lto: e.thin_lto,
            },
            recipe,
            cost: file_len(&src) * if e.debug { 5 } else { 4 },
        });
    }

    // Three ThinLTO modules (with their summaries) in one file.
    specs.push(Spec {
        file: CorpusFile {
            name: "llvm-cat/thinlto3.O2".into(),
            path: PathBuf::new(),
            producer: Producer::LlvmCat19,
            source: "testdata/c/interp.c + testdata/c/sched.c + <zlib>/inflate.c".into(),
            opt_level: 2,
            debug_info: true,
            wrapped: false,
            modules: 3,
            kind: Kind::Bitcode,
            thin_lto: true,
        },
        recipe: Recipe::Cat {
            inputs: vec![
                "thinlto/c/interp.O2".into(),
                "thinlto/c/sched.O2.g".into(),
                "thinlto/zlib/inflate.O2".into(),
            ],
        },
        cost: 0,
    });

    let mut names: Vec<&str> = specs.iter().map(|s| s.file.name.as_str()).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len(), "duplicate corpus names");
    specs
}

/// Hash of a file's contents, computed once per process.
fn content_hash(path: &Path) -> u64 {
    static HASHES: OnceLock<Mutex<HashMap<PathBuf, u64>>> = OnceLock::new();
    let hashes = HASHES.get_or_init(Default::default);
    if let Some(h) = hashes.lock().unwrap_or_else(|e| e.into_inner()).get(path) {
        return *h;
    }
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let h = KeyHasher::new().bytes(&bytes).finish();
    hashes.lock().unwrap_or_else(|e| e.into_inner()).insert(path.to_path_buf(), h);
    h
}

fn spec(name: &str) -> &'static Spec {
    specs()
        .iter()
        .find(|s| s.file.name == name)
        .unwrap_or_else(|| panic!("no corpus file named {name}"))
}

/// The cache key of a spec: everything its output depends on.
fn source_key(h: &mut KeyHasher, src: &Path, args: &[String]) {
    // Sources are named repo/crate-relative so the key does not depend on
    // where the checkout or the vendor directory lives; vendored crate
    // directories carry their version.
    h.str(&crate_relative(src)).u64(content_hash(src));
    for a in args {
        let a = a.replace(&vendor_dir().display().to_string(), "<vendor>");
        h.str(&a);
    }
}

/// The cache key of an `Embedded` spec's object file.
fn object_key(spec: &Spec, src: &Path, args: &[String]) -> u64 {
    let mut h = KeyHasher::new();
    h.u64(HARNESS_VERSION).str(&spec.file.name).str("clang -c object");
    h.str(&tool_version("clang-19"));
    source_key(&mut h, src, args);
    h.finish()
}

fn key(spec: &Spec) -> u64 {
    let mut h = KeyHasher::new();
    h.u64(HARNESS_VERSION).str(&spec.file.name);
    match &spec.recipe {
        Recipe::Clang { tool, src, args } => {
            h.str("clang").str(&tool_version(tool));
            source_key(&mut h, src, args);
        }
        Recipe::Rustc { src, args } => {
            h.str("rustc").str(&tool_version("rustc"));
            source_key(&mut h, src, args);
        }
        Recipe::ClangThenLlvmAs { src, args } => {
            h.str("clang -S | llvm-as").str(&tool_version("clang-19"));
            h.str(&tool_version("llvm-as-19"));
            source_key(&mut h, src, args);
        }
        Recipe::Wrap { input } => {
            h.str("wrap").u64(key(self::spec(input)));
        }
        Recipe::Cat { inputs } => {
            h.str("llvm-cat -b").str(&tool_version("llvm-cat-19"));
            for i in inputs {
                h.u64(key(self::spec(i)));
            }
        }
        Recipe::Embedded { src, args, section } => {
            h.str("objcopy --dump-section").str(section).str(&tool_version("llvm-objcopy-19"));
            h.u64(object_key(spec, src, args));
        }
        Recipe::Diagnostics { src, args } => {
            h.str("clang --serialize-diagnostics").str(&tool_version("clang-19"));
            source_key(&mut h, src, args);
        }
        Recipe::Remarks { src, args } => {
            h.str("clang -fsave-optimization-record=bitstream").str(&tool_version("clang-19"));
            source_key(&mut h, src, args);
        }
    }
    h.finish()
}

fn stem(name: &str) -> String {
    name.replace('/', "_")
}

/// Builds (or finds in the cache) one spec; its inputs must be built.
fn build(spec: &Spec, built: &HashMap<String, PathBuf>) -> PathBuf {
    let key = key(spec);
    cached_file(&corpus_dir(), &stem(&spec.file.name), spec.recipe.ext(), key, |scratch, out| {
        match &spec.recipe {
            Recipe::Clang { tool, src, args } => {
                let mut c = tools::command(tool, ["-c", "-emit-llvm"]);
                // The repository as working directory keeps DW_AT_comp_dir
                // stable.
                c.args(args).arg(src).arg("-o").arg(out).current_dir(repo_root());
                try_run_ok(&mut c).map(drop)
            }
            Recipe::Rustc { src, args } => {
                let mut c = Command::new(tool("rustc"));
                c.args(args).arg("--emit=llvm-bc").arg("-o").arg(out).arg(src);
                c.current_dir(repo_root());
                try_run_ok(&mut c).map(drop)
            }
            Recipe::ClangThenLlvmAs { src, args } => {
                let ll = scratch.join("text.ll");
                let mut c = tools::command("clang-19", ["-S", "-emit-llvm"]);
                c.args(args).arg(src).arg("-o").arg(&ll).current_dir(repo_root());
                try_run_ok(&mut c)?;
                let mut a = Command::new(tool("llvm-as-19"));
                a.arg(&ll).arg("-o").arg(out);
                try_run_ok(&mut a).map(drop)
            }
            Recipe::Wrap { input } => {
                let bc = fs::read(&built[input]).map_err(|e| e.to_string())?;
                let wrapped = llvmext_core::magic::wrap(&bc, llvmext_core::magic::cpu_type::X86_64);
                fs::write(out, wrapped).map_err(|e| e.to_string())
            }
            Recipe::Cat { inputs } => {
                let mut c = Command::new(tool("llvm-cat-19"));
                c.arg("-b");
                for i in inputs {
                    c.arg(&built[i]);
                }
                c.arg("-o").arg(out);
                try_run_ok(&mut c).map(drop)
            }
            Recipe::Embedded { section, .. } => {
                let object = build_object(spec).expect("an Embedded recipe");
                extract_section(&object, section, scratch, out)
            }
            Recipe::Diagnostics { src, args } => {
                let mut c = tools::command("clang-19", ["-c"]);
                c.args(args).arg(src).arg("-o").arg(scratch.join("discard.o"));
                c.arg("--serialize-diagnostics").arg(out).current_dir(repo_root());
                try_run_ok(&mut c).map(drop)
            }
            Recipe::Remarks { src, args } => {
                let mut c = tools::command("clang-19", ["-c"]);
                c.args(args).arg(src).arg("-o").arg(scratch.join("discard.o"));
                c.arg("-fsave-optimization-record=bitstream");
                c.arg("-foptimization-record-file=".to_owned() + &out.display().to_string());
                // clang-19 crashes (SIGSEGV in AsmPrinter::emitRemarksSection)
                // when it also puts the remarks section into an ELF object.
                c.args(["-mllvm", "-remarks-section=0"]).current_dir(repo_root());
                try_run_ok(&mut c).map(drop)
            }
        }
    })
}

/// The ELF object of an `Embedded` spec (built and cached on first use),
/// or `None` for other recipes.
fn build_object(spec: &Spec) -> Option<PathBuf> {
    let Recipe::Embedded { src, args, .. } = &spec.recipe else { return None };
    let key = object_key(spec, src, args);
    let stem = format!("{}.obj", stem(&spec.file.name));
    Some(cached_file(&corpus_dir(), &stem, "o", key, |_, out| {
        let mut c = tools::command("clang-19", ["-c"]);
        c.args(args).arg(src).arg("-o").arg(out).current_dir(repo_root());
        try_run_ok(&mut c).map(drop)
    }))
}

/// Writes section `section` of `object` to `out`, as dumped by
/// `llvm-objcopy-19 --dump-section`, after checking that
/// `container::find_embedded_bitcode` finds exactly those bytes.
fn extract_section(object: &Path, section: &str, scratch: &Path, out: &Path) -> Result<(), String> {
    let dumped = scratch.join("section.bin");
    let mut c = Command::new(tool("llvm-objcopy-19"));
    c.arg(format!("--dump-section={section}={}", dumped.display()));
    c.arg(object).arg(scratch.join("copy.o"));
    try_run_ok(&mut c)?;
    let theirs = fs::read(&dumped).map_err(|e| format!("{}: {e}", dumped.display()))?;
    let bytes = fs::read(object).map_err(|e| format!("{}: {e}", object.display()))?;
    #[cfg(feature = "bitcode")]
    {
        let found = llvmext::bitcode::container::find_embedded_bitcode(&bytes)
            .map_err(|e| format!("{}: {e}", object.display()))?;
        let ours: Vec<_> = found.iter().filter(|s| s.section == section).collect();
        if ours.len() != 1 || ours[0].data != theirs.as_slice() {
            return Err(format!(
                "{}: find_embedded_bitcode disagrees with llvm-objcopy-19 on {section}: \
                 {} matching sections, {:?} bytes vs {} bytes",
                object.display(),
                ours.len(),
                ours.first().map(|s| s.data.len()),
                theirs.len()
            ));
        }
    }
    let _ = bytes;
    fs::write(out, theirs).map_err(|e| format!("{}: {e}", out.display()))
}

fn inputs(spec: &Spec) -> Vec<String> {
    match &spec.recipe {
        Recipe::Wrap { input } => vec![input.clone()],
        Recipe::Cat { inputs } => inputs.clone(),
        _ => Vec::new(),
    }
}

/// Builds `wanted` (names) and their inputs: independent compiles on a
/// thread per core, slowest first, then the derived files.
fn build_all(wanted: &[&str]) -> HashMap<String, PathBuf> {
    let mut order: Vec<&'static Spec> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    fn visit<'s>(
        name: &str,
        order: &mut Vec<&'s Spec>,
        seen: &mut std::collections::HashSet<String>,
        all: &'s [Spec],
    ) {
        if !seen.insert(name.to_owned()) {
            return;
        }
        let s = all.iter().find(|s| s.file.name == name).expect("known corpus name");
        for i in inputs(s) {
            visit(&i, order, seen, all);
        }
        order.push(s);
    }
    for n in wanted {
        visit(n, &mut order, &mut seen, specs());
    }
    let (derived, mut leaves): (Vec<_>, Vec<_>) =
        order.into_iter().partition(|s| !inputs(s).is_empty());
    leaves.sort_by_key(|s| std::cmp::Reverse(s.cost));

    // Resolve the tools (and their versions) before spawning threads so a
    // missing tool fails once, with its install hint.
    for s in leaves.iter().chain(&derived) {
        let _ = key(s);
    }

    let built = Mutex::new(HashMap::new());
    let queue = Mutex::new(leaves.into_iter());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 8);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let Some(s) = queue.lock().unwrap_or_else(|e| e.into_inner()).next() else {
                    break;
                };
                let p = build(s, &HashMap::new());
                built.lock().unwrap_or_else(|e| e.into_inner()).insert(s.file.name.clone(), p);
            });
        }
    });
    let mut built = built.into_inner().unwrap_or_else(|e| e.into_inner());
    for s in derived {
        let p = build(s, &built);
        built.insert(s.file.name.clone(), p);
    }
    built
}

/// The built file of a spec, with the object of embedded bitcode filled in.
fn finished(s: &Spec, path: &Path) -> CorpusFile {
    let mut f = CorpusFile { path: path.to_path_buf(), ..s.file.clone() };
    if let Kind::Extracted { object, .. } = &mut f.kind {
        *object = build_object(s).expect("an Embedded recipe");
    }
    f
}

fn built_where(pred: fn(&Kind) -> bool) -> Vec<CorpusFile> {
    let names: Vec<&str> =
        specs().iter().filter(|s| pred(&s.file.kind)).map(|s| s.file.name.as_str()).collect();
    let built = build_all(&names);
    specs()
        .iter()
        .filter(|s| pred(&s.file.kind))
        .map(|s| finished(s, &built[&s.file.name]))
        .collect()
}

/// Every LLVM IR bitcode file of the corpus (including bitcode extracted
/// from objects), built on first use (per process) and cached on disk.
pub fn corpus() -> &'static [CorpusFile] {
    static CORPUS: OnceLock<Vec<CorpusFile>> = OnceLock::new();
    CORPUS.get_or_init(|| built_where(Kind::is_ir))
}

/// The corpus's bitstream files that are not LLVM IR: clang serialized
/// diagnostics (`DIAG`) and bitstream remarks (`RMRK`).
pub fn other_bitstreams() -> &'static [CorpusFile] {
    static OTHERS: OnceLock<Vec<CorpusFile>> = OnceLock::new();
    OTHERS.get_or_init(|| built_where(|k| !k.is_ir()))
}

/// One corpus file by name (building only it and its inputs).
pub fn corpus_file(name: &str) -> CorpusFile {
    let s = spec(name);
    let built = build_all(&[name]);
    finished(s, &built[name])
}

/// The names of every corpus file, without building any.
pub fn corpus_names() -> Vec<String> {
    specs().iter().map(|s| s.file.name.clone()).collect()
}

/// The biggest file with debug info: `sqlite3.c` at `-O2 -g` (about 10 MB),
/// for benches.
pub fn largest_with_debug() -> PathBuf {
    corpus_file("sqlite3.O2.g").path
}

/// A C source file with the flags it needs: the in-repo sources under
/// `testdata/c/` and the real-world C of the `-sys` crates (sqlite3 when
/// asked for, zlib, bzip2, lz4).
#[derive(Debug, Clone)]
pub struct CSource {
    /// A short unique name, e.g. `c/interp`, `zlib/inflate`, `sqlite3`.
    pub name: String,
    /// The group (`c`, `zlib`, ...; empty for sqlite3).
    pub group: String,
    /// The source file.
    pub path: PathBuf,
    /// Include directories and defines.
    pub flags: Vec<String>,
}

/// Every C source the corpus compiles (see [`CSource`]).
pub fn c_sources(with_sqlite: bool) -> Vec<CSource> {
    let mut out = Vec::new();
    let mut add = |group: &str, path: PathBuf, flags: &[String]| {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let name = if group.is_empty() { stem } else { format!("{group}/{stem}") };
        out.push(CSource { name, group: group.to_owned(), path, flags: flags.to_vec() });
    };
    let c_dir = repo_root().join("testdata/c");
    let mut c_files: Vec<PathBuf> = fs::read_dir(&c_dir)
        .unwrap_or_else(|e| panic!("{}: {e}", c_dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    c_files.sort();
    assert!(!c_files.is_empty(), "no C sources in {}", c_dir.display());
    for src in c_files {
        add("c", src, &[]);
    }
    if with_sqlite {
        let sqlite = vendored_crate("libsqlite3-sys").join("sqlite3");
        let defines: Vec<String> = SQLITE_DEFINES.iter().map(|s| s.to_string()).collect();
        add("", sqlite.join("sqlite3.c"), &defines);
    }
    let zlib = vendored_crate("libz-sys").join("src/zlib");
    let zflags = [
        format!("-I{}", zlib.display()),
        "-DSTDC".into(),
        "-D_LARGEFILE64_SOURCE".into(),
        "-D_POSIX_SOURCE".into(),
    ];
    for f in ["deflate", "inflate", "trees"] {
        add("zlib", zlib.join(format!("{f}.c")), &zflags);
    }
    let bzip2 = vendored_crate("bzip2-sys").join("bzip2-1.0.8");
    let bflags = [format!("-I{}", bzip2.display()), "-D_FILE_OFFSET_BITS=64".into()];
    for f in ["blocksort", "compress", "decompress", "bzlib", "huffman"] {
        add("bzip2", bzip2.join(format!("{f}.c")), &bflags);
    }
    let lz4 = vendored_crate("lz4-sys").join("liblz4/lib");
    let lflags = [format!("-I{}", lz4.display()), "-DXXH_NAMESPACE=LZ4_".into()];
    for f in ["lz4", "lz4hc", "lz4frame"] {
        add("lz4", lz4.join(format!("{f}.c")), &lflags);
    }
    out
}

/// The object `tool args... -c src -o OUT` (clang-19, clang++-19 or
/// llvm-mc-19 style: `-o` is appended), cached under
/// `target/llvmext-corpus/objects/` by the source's bytes and the
/// arguments.
pub fn cached_object(tool_name: &str, args: &[String], src: &Path) -> PathBuf {
    let dir = corpus_dir().join("objects");
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let bytes = fs::read(src).unwrap_or_else(|e| panic!("{}: {e}", src.display()));
    let mut key = KeyHasher::new();
    key.u64(HARNESS_VERSION).str(tool_name).bytes(&bytes);
    for a in args {
        key.str(a);
    }
    // The stem names the source and the arguments, so that a rebuild for
    // changed source bytes replaces only the object of the same command.
    let mut args_key = KeyHasher::new();
    args_key.str(tool_name).str(&src.display().to_string());
    for a in args {
        args_key.str(a);
    }
    let src_stem: String = src
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let stem = format!("{src_stem}.{:08x}", args_key.finish() as u32);
    cached_file(&dir, &stem, "o", key.finish(), |_, out| {
        let mut c = Command::new(tool(tool_name));
        c.args(args).arg(src).arg("-o").arg(out);
        try_run_ok(&mut c).map(drop)
    })
}
