//! The bitcode corpus: real compiler output, built at test time and cached
//! under `target/llvmext-corpus/`.
//!
//! | group | producer | sources | configurations |
//! |---|---|---|---|
//! | `c/*` | clang-19 | `testdata/c/*.c` | `-O0`, `-O0 -g`, `-O2`, `-O2 -g` |
//! | `sqlite3`, `zlib/*`, `bzip2/*`, `lz4/*` | clang-19 | C bundled in `-sys` crates (see `testdata/c-corpus/Cargo.toml`), fetched with `cargo vendor` | same four |
//! | `rust/*` | rustc (LLVM 22) | `testdata/rust/*.rs` | `opt-level` 0/2, with and without `-g` |
//! | `llvm-as/*` | llvm-as-19 | `clang-19 -S -emit-llvm` of a C file | `-O2 -g` |
//! | `wrapper/*` | — | one clang `.bc` inside a bitcode wrapper header | |
//! | `llvm-cat/*` | llvm-cat-19 `-b` | two clang modules in one file | |
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
    /// How many modules the file holds.
    pub modules: usize,
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
    /// `clang-19 -c -emit-llvm <args> <src>`.
    Clang { src: PathBuf, args: Vec<String> },
    /// `rustc --emit=llvm-bc` of a library crate.
    Rustc { src: PathBuf, args: Vec<String> },
    /// `clang-19 -S -emit-llvm <args> <src>`, then `llvm-as-19`.
    ClangThenLlvmAs { src: PathBuf, args: Vec<String> },
    /// Another corpus file inside a wrapper header.
    Wrap { input: String },
    /// `llvm-cat-19 -b` of other corpus files.
    Cat { inputs: Vec<String> },
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
fn vendored_crate(name: &str) -> PathBuf {
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
                },
                recipe: Recipe::Clang { src: src.clone(), args },
                cost: len * if opt > 0 { 4 } else { 1 } * if debug { 5 } else { 4 } / 4,
            });
        }
    };

    // In-repo C.
    let c_dir = repo_root().join("testdata/c");
    let mut c_files: Vec<PathBuf> = fs::read_dir(&c_dir)
        .unwrap_or_else(|e| panic!("{}: {e}", c_dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    c_files.sort();
    assert!(!c_files.is_empty(), "no C sources in {}", c_dir.display());
    for src in &c_files {
        c_source("c", src.clone(), &[]);
    }

    // Real-world C from the -sys crates.
    let sqlite = vendored_crate("libsqlite3-sys").join("sqlite3");
    let defines: Vec<String> = SQLITE_DEFINES.iter().map(|s| s.to_string()).collect();
    c_source("", sqlite.join("sqlite3.c"), &defines);

    let zlib = vendored_crate("libz-sys").join("src/zlib");
    let zflags = [
        format!("-I{}", zlib.display()),
        "-DSTDC".into(),
        "-D_LARGEFILE64_SOURCE".into(),
        "-D_POSIX_SOURCE".into(),
    ];
    for f in ["deflate", "inflate", "trees"] {
        c_source("zlib", zlib.join(format!("{f}.c")), &zflags);
    }

    let bzip2 = vendored_crate("bzip2-sys").join("bzip2-1.0.8");
    let bflags = [format!("-I{}", bzip2.display()), "-D_FILE_OFFSET_BITS=64".into()];
    for f in ["blocksort", "compress", "decompress", "bzlib", "huffman"] {
        c_source("bzip2", bzip2.join(format!("{f}.c")), &bflags);
    }

    let lz4 = vendored_crate("lz4-sys").join("liblz4/lib");
    let lflags = [format!("-I{}", lz4.display()), "-DXXH_NAMESPACE=LZ4_".into()];
    for f in ["lz4", "lz4hc", "lz4frame"] {
        c_source("lz4", lz4.join(format!("{f}.c")), &lflags);
    }

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
        },
        recipe: Recipe::Cat { inputs: vec!["c/geometry.O2".into(), "c/sched.O2.g".into()] },
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
fn key(spec: &Spec) -> u64 {
    let mut h = KeyHasher::new();
    h.u64(HARNESS_VERSION).str(&spec.file.name);
    let source_key = |h: &mut KeyHasher, src: &Path, args: &[String]| {
        // Sources are named repo/crate-relative so the key does not depend
        // on where the checkout or the vendor directory lives; vendored
        // crate directories carry their version.
        h.str(&crate_relative(src)).u64(content_hash(src));
        for a in args {
            let a = a.replace(&vendor_dir().display().to_string(), "<vendor>");
            h.str(&a);
        }
    };
    match &spec.recipe {
        Recipe::Clang { src, args } => {
            h.str("clang").str(&tool_version("clang-19"));
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
    }
    h.finish()
}

fn stem(name: &str) -> String {
    name.replace('/', "_")
}

/// Builds (or finds in the cache) one spec; its inputs must be built.
fn build(spec: &Spec, built: &HashMap<String, PathBuf>) -> PathBuf {
    let key = key(spec);
    cached_file(&corpus_dir(), &stem(&spec.file.name), "bc", key, |scratch, out| {
        match &spec.recipe {
            Recipe::Clang { src, args } => {
                let mut c = tools::command("clang-19", ["-c", "-emit-llvm"]);
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
        }
    })
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

/// Every corpus file, built on first use (per process) and cached on disk.
pub fn corpus() -> &'static [CorpusFile] {
    static CORPUS: OnceLock<Vec<CorpusFile>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let names: Vec<&str> = specs().iter().map(|s| s.file.name.as_str()).collect();
        let built = build_all(&names);
        specs()
            .iter()
            .map(|s| CorpusFile { path: built[&s.file.name].clone(), ..s.file.clone() })
            .collect()
    })
}

/// One corpus file by name (building only it and its inputs).
pub fn corpus_file(name: &str) -> CorpusFile {
    let s = spec(name);
    let built = build_all(&[name]);
    CorpusFile { path: built[name].clone(), ..s.file.clone() }
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
