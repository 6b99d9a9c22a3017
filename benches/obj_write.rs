//! Building and writing a big relocatable object: `llvmext::obj::elf::ElfBuilder`
//! against the `object` crate's `write::Object`, on the same content.
//!
//! The content is an x86-64 ELF64 LE object shaped like a big C++ compiler
//! output (`-ffunction-sections`, many relocations). At scale 1x:
//!
//! - 1 002 sections: 1 000 `.text.<mangled name>` sections (1 to 15 KiB each,
//!   about 8 MiB in all, aligned to 16), `.rodata` (1 MiB, aligned to 32) and
//!   `.data` (the rest up to 10 MiB, aligned to 8): 10 MiB of section data;
//! - 100 000 symbols: the 1 002 section symbols and 98 998 named ones with
//!   mangled C++ (and some C) names of 11 to 259 bytes (64 on average,
//!   6.4 MB of string table): 40% defined functions
//!   in the text sections, 15% defined objects in `.rodata`/`.data`, 45%
//!   undefined; of the defined ones a quarter are local, of the global ones
//!   10% are weak and 20% hidden;
//! - 1 000 000 RELA relocations spread over the sections in proportion to
//!   their size (one every ~10 bytes): in text, `R_X86_64_PLT32` against
//!   functions (60%), `R_X86_64_PC32` against objects (30%) and against
//!   `.rodata`'s section symbol (10%); in `.rodata`, `R_X86_64_64` against
//!   text section symbols (jump tables); in `.data`, `R_X86_64_64` against
//!   functions and objects.
//!
//! Scale 2x doubles every count (2 000 text sections, 200 000 symbols,
//! 2 000 000 relocations, 20 MiB). The input (names, bytes, relocation
//! lists) is prepared once; the timed part is the whole job with each
//! writer's API: add the sections (copying their bytes in with
//! `append_data` / `append_section_data`), the symbols and the relocations,
//! then write the file to a `Vec<u8>`. Before timing, both outputs are
//! parsed with `object::read` and checked to hold the same sections, bytes,
//! symbols and relocations.
//!
//! Each writer writes into one output buffer kept across iterations (its
//! capacity reused, as a JIT or compiler writing object after object does).
//!
//! Run with `cargo bench --bench obj_write`. With `OBJ_WRITE_ONCE=llvmext`
//! (or `object`, or `both`) and optionally `OBJ_WRITE_SCALE=2` (or `1,2`),
//! the binary skips criterion: it builds and writes the object once (for
//! `valgrind --tool=callgrind`; into the file `OBJ_WRITE_OUT` if that is
//! set), or `OBJ_WRITE_REPEAT` times, writers and scales taking turns (on a
//! noisy machine, turns compare better than runs one after the other), and
//! prints the fastest and median times.

use std::collections::HashMap;
use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use llvmext::obj::elf as ours;
use object::read::elf::{ElfFile64, Sym as _};
use object::write as ow;
use object::{Object as _, ObjectSection as _, ObjectSymbol as _};

/// xorshift64: a fixed, dependency-free source of bits.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len() as u64) as usize]
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SecKind {
    Text,
    Rodata,
    Data,
}

struct SecIn {
    name: Vec<u8>,
    kind: SecKind,
    align: u64,
    data: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum SymKind {
    Section,
    Func,
    Object,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bind {
    Local,
    Global,
    Weak,
}

struct SymIn {
    name: Vec<u8>,
    kind: SymKind,
    bind: Bind,
    hidden: bool,
    /// `None`: undefined.
    section: Option<u32>,
    value: u64,
    size: u64,
}

#[derive(Clone, Copy)]
struct RelIn {
    offset: u64,
    symbol: u32,
    r_type: u32,
    addend: i64,
}

struct Input {
    sections: Vec<SecIn>,
    symbols: Vec<SymIn>,
    /// Per section, in offset order.
    relocs: Vec<Vec<RelIn>>,
}

impl Input {
    fn data_bytes(&self) -> usize {
        self.sections.iter().map(|s| s.data.len()).sum()
    }

    fn reloc_count(&self) -> usize {
        self.relocs.iter().map(Vec::len).sum()
    }
}

const R_X86_64_64: u32 = 1;
const R_X86_64_PC32: u32 = 2;
const R_X86_64_PLT32: u32 = 4;

const WORDS: &[&str] = &[
    "llvm",
    "clang",
    "std",
    "detail",
    "DenseMap",
    "SmallVector",
    "StringRef",
    "Value",
    "Instruction",
    "BasicBlock",
    "Function",
    "Module",
    "APInt",
    "Twine",
    "raw_ostream",
    "MachineInstr",
    "SelectionDAG",
    "TargetLowering",
    "iterator",
    "allocator",
    "basic_string",
    "char_traits",
    "vector",
    "unique_ptr",
    "shared_ptr",
    "optional",
    "ArrayRef",
    "Type",
    "Constant",
    "GlobalValue",
    "AsmPrinter",
    "MCStreamer",
    "MCSymbol",
    "MCExpr",
    "Parser",
    "Lexer",
    "Sema",
    "Decl",
    "Expr",
    "Stmt",
    "ASTContext",
    "ScalarEvolution",
    "LoopInfo",
    "DominatorTree",
    "PassManager",
    "AnalysisManager",
    "visit",
    "get",
    "set",
    "create",
    "emit",
    "lower",
    "run",
    "find",
    "insert",
    "erase",
    "push_back",
    "operator",
    "begin",
    "end",
];

const PARAMS: &[&str] = &[
    "v",
    "i",
    "j",
    "m",
    "b",
    "Pc",
    "PKc",
    "RKS_",
    "S0_",
    "NS_9StringRefE",
    "PNS_5ValueE",
    "RKNS_5TwineE",
    "St6vectorIiSaIiEE",
    "jj",
    "PvS_",
    "NSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
];

/// A mangled C++ name (or, one time in ten, a C name), unique through `n`.
fn mangled_name(rng: &mut XorShift, n: usize, prefix: &str) -> Vec<u8> {
    use std::fmt::Write as _;
    let mut s = String::new();
    if rng.below(10) == 0 {
        let _ = write!(s, "{}_{}_{n}", rng.pick(WORDS).to_ascii_lowercase(), rng.pick(WORDS));
        return s.into_bytes();
    }
    s.push_str(prefix);
    s.push('N');
    if rng.below(8) == 0 {
        s.push_str("12_GLOBAL__N_1");
    }
    for _ in 0..1 + rng.below(4) {
        let w = rng.pick(WORDS);
        let _ = write!(s, "{}{w}", w.len());
        if rng.below(6) == 0 {
            // A template argument list.
            s.push('I');
            for _ in 0..1 + rng.below(3) {
                let w = rng.pick(WORDS);
                let _ = write!(s, "N{}{w}E", w.len());
            }
            s.push('E');
        }
    }
    let last = format!("{}{n}", rng.pick(WORDS));
    let _ = write!(s, "{}{last}E", last.len());
    for _ in 0..1 + rng.below(3) {
        s.push_str(rng.pick(PARAMS));
    }
    s.into_bytes()
}

/// The content at `scale` (1 or 2).
fn input(scale: usize) -> Input {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ scale as u64);
    let n_text = 1_000 * scale;
    let n_symbols = 100_000 * scale;
    let n_relocs = 1_000_000 * scale;
    let total_bytes = 10 * 1024 * 1024 * scale;

    // Symbol kinds first (section names use function names).
    let n_sections = n_text + 2;
    let n_named = n_symbols - n_sections;
    let n_func = n_named * 40 / 100;
    let n_obj = n_named * 15 / 100;
    let mut named: Vec<SymIn> = Vec::with_capacity(n_named);
    for i in 0..n_named {
        let (kind, prefix) = if i < n_func {
            (SymKind::Func, "_Z")
        } else if i < n_func + n_obj {
            let p = rng.pick(&["_ZL", "_ZTV", "_ZTI", "_ZTS", "_Z"]);
            (SymKind::Object, p)
        } else if rng.below(4) == 0 {
            (SymKind::Object, "_Z")
        } else {
            (SymKind::Func, "_Z")
        };
        let defined = i < n_func + n_obj;
        let bind = if !defined {
            Bind::Global
        } else if rng.below(4) == 0 {
            Bind::Local
        } else if rng.below(10) == 0 {
            Bind::Weak
        } else {
            Bind::Global
        };
        let hidden = defined && bind != Bind::Local && rng.below(5) == 0;
        named.push(SymIn {
            name: mangled_name(&mut rng, i, prefix),
            kind,
            bind,
            hidden,
            section: None,
            value: 0,
            size: 0,
        });
    }

    // Sections.
    let mut sections = Vec::with_capacity(n_sections);
    let mut text_bytes = 0;
    for t in 0..n_text {
        let size = 1024 + rng.below(14 * 1024 + 1) as usize;
        text_bytes += size;
        let mut name = b".text.".to_vec();
        name.extend_from_slice(&named[t * n_func / n_text].name);
        sections.push(SecIn { name, kind: SecKind::Text, align: 16, data: vec![0; size] });
    }
    let rodata = 1024 * 1024 * scale;
    sections.push(SecIn {
        name: b".rodata".to_vec(),
        kind: SecKind::Rodata,
        align: 32,
        data: vec![0; rodata],
    });
    sections.push(SecIn {
        name: b".data".to_vec(),
        kind: SecKind::Data,
        align: 8,
        data: vec![0; total_bytes - text_bytes - rodata],
    });
    for s in &mut sections {
        for chunk in s.data.chunks_mut(8) {
            let r = rng.next().to_le_bytes();
            chunk.copy_from_slice(&r[..chunk.len()]);
        }
    }
    let rodata_ix = n_text as u32;
    let data_ix = n_text as u32 + 1;

    // Place the defined symbols: functions spread over the text sections,
    // objects over .rodata and .data.
    for (i, s) in named.iter_mut().enumerate().take(n_func + n_obj) {
        let sec = if i < n_func {
            (i * n_text / n_func) as u32
        } else if rng.below(2) == 0 {
            rodata_ix
        } else {
            data_ix
        };
        let len = sections[sec as usize].data.len() as u64;
        let value = rng.below(len);
        s.section = Some(sec);
        s.value = value;
        s.size = rng.below(len - value).min(4096);
    }

    let mut symbols: Vec<SymIn> = (0..n_sections as u32)
        .map(|i| SymIn {
            name: Vec::new(),
            kind: SymKind::Section,
            bind: Bind::Local,
            hidden: false,
            section: Some(i),
            value: 0,
            size: 0,
        })
        .collect();
    symbols.extend(named);
    let funcs: Vec<u32> =
        (0..symbols.len() as u32).filter(|&i| symbols[i as usize].kind == SymKind::Func).collect();
    let objects: Vec<u32> = (0..symbols.len() as u32)
        .filter(|&i| symbols[i as usize].kind == SymKind::Object)
        .collect();

    // Relocations, in proportion to the section sizes.
    let mut relocs = Vec::with_capacity(n_sections);
    let mut given = 0;
    for (k, s) in sections.iter().enumerate() {
        let len = s.data.len();
        let count = if k + 1 == n_sections {
            n_relocs - given
        } else {
            (n_relocs as u128 * len as u128 / total_bytes as u128) as usize
        };
        given += count;
        let stride = (len / count) as u64;
        assert!(stride >= 8, "relocations too dense");
        let list = (0..count as u64)
            .map(|j| {
                let offset = j * stride + rng.below(stride - 7);
                match s.kind {
                    SecKind::Text => match rng.below(10) {
                        0..=5 => RelIn {
                            offset,
                            symbol: rng.pick(&funcs),
                            r_type: R_X86_64_PLT32,
                            addend: -4,
                        },
                        6..=8 => RelIn {
                            offset,
                            symbol: rng.pick(&objects),
                            r_type: R_X86_64_PC32,
                            addend: -4,
                        },
                        _ => RelIn {
                            offset,
                            symbol: rodata_ix,
                            r_type: R_X86_64_PC32,
                            addend: rng.below(rodata as u64) as i64 - 4,
                        },
                    },
                    SecKind::Rodata => {
                        let t = rng.below(n_text as u64) as u32;
                        let tlen = sections[t as usize].data.len() as u64;
                        RelIn {
                            offset,
                            symbol: t,
                            r_type: R_X86_64_64,
                            addend: rng.below(tlen) as i64,
                        }
                    }
                    SecKind::Data => {
                        let pool = if rng.below(2) == 0 { &funcs } else { &objects };
                        RelIn { offset, symbol: rng.pick(pool), r_type: R_X86_64_64, addend: 0 }
                    }
                }
            })
            .collect::<Vec<_>>();
        relocs.push(list);
    }
    assert_eq!(symbols.len(), n_symbols);
    Input { sections, symbols, relocs }
}

/// The whole job with `llvmext::obj::elf::ElfBuilder`, into a new buffer.
fn write_llvmext(input: &Input) -> Vec<u8> {
    let mut out = Vec::new();
    write_llvmext_into(input, &mut out);
    out
}

/// The whole job with `llvmext::obj::elf::ElfBuilder`, into `out` (whose
/// capacity is reused).
fn write_llvmext_into(input: &Input, out: &mut Vec<u8>) {
    use ours::{
        Binding, SectionFlags, SectionType, SymbolPlace, SymbolSpec, SymbolType, Visibility,
    };
    let mut b =
        ours::ElfBuilder::new(ours::Class::Elf64, ours::Endian::Little, ours::Machine::X86_64);
    let mut secs = Vec::with_capacity(input.sections.len());
    for s in &input.sections {
        let flags = match s.kind {
            SecKind::Text => SectionFlags::ALLOC | SectionFlags::EXECINSTR,
            SecKind::Rodata => SectionFlags::ALLOC,
            SecKind::Data => SectionFlags::ALLOC | SectionFlags::WRITE,
        };
        let id =
            b.add_section(ours::SectionSpec::new(&s.name, SectionType::PROGBITS, flags)).unwrap();
        b.append_data(id, &s.data, s.align).unwrap();
        secs.push(id);
    }
    let mut syms = Vec::with_capacity(input.symbols.len());
    for s in &input.symbols {
        let id = if s.kind == SymKind::Section {
            b.add_section_symbol(secs[s.section.unwrap() as usize]).unwrap()
        } else {
            let place = match s.section {
                Some(i) => SymbolPlace::Section(secs[i as usize]),
                None => SymbolPlace::Undefined,
            };
            let kind = match (s.section, s.kind) {
                (None, _) => SymbolType::NOTYPE,
                (_, SymKind::Func) => SymbolType::FUNC,
                _ => SymbolType::OBJECT,
            };
            let binding = match s.bind {
                Bind::Local => Binding::LOCAL,
                Bind::Global => Binding::GLOBAL,
                Bind::Weak => Binding::WEAK,
            };
            let visibility = if s.hidden { Visibility::HIDDEN } else { Visibility::DEFAULT };
            b.add_symbol(SymbolSpec {
                name: &s.name,
                binding,
                kind,
                visibility,
                other: 0,
                place,
                value: s.value,
                size: s.size,
            })
            .unwrap()
        };
        syms.push(id);
    }
    for (k, list) in input.relocs.iter().enumerate() {
        for r in list {
            let reloc =
                ours::Reloc::new(r.offset, Some(syms[r.symbol as usize]), r.r_type, r.addend);
            b.add_reloc(secs[k], reloc).unwrap();
        }
    }
    b.write_into(out).unwrap()
}

/// The whole job with `object::write::Object`, into a new buffer.
fn write_object(input: &Input) -> Vec<u8> {
    let mut out = Vec::new();
    write_object_into(input, &mut out);
    out
}

/// The whole job with `object::write::Object`, into `out` (whose capacity
/// is reused).
fn write_object_into(input: &Input, out: &mut Vec<u8>) {
    let mut o = ow::Object::new(
        object::BinaryFormat::Elf,
        object::Architecture::X86_64,
        object::Endianness::Little,
    );
    let mut secs = Vec::with_capacity(input.sections.len());
    for s in &input.sections {
        let kind = match s.kind {
            SecKind::Text => object::SectionKind::Text,
            SecKind::Rodata => object::SectionKind::ReadOnlyData,
            SecKind::Data => object::SectionKind::Data,
        };
        let id = o.add_section(Vec::new(), s.name.clone(), kind);
        o.append_section_data(id, &s.data, s.align);
        secs.push(id);
    }
    let mut syms = Vec::with_capacity(input.symbols.len());
    for s in &input.symbols {
        let id = if s.kind == SymKind::Section {
            o.section_symbol(secs[s.section.unwrap() as usize])
        } else {
            let section = match s.section {
                Some(i) => ow::SymbolSection::Section(secs[i as usize]),
                None => ow::SymbolSection::Undefined,
            };
            let scope = match (s.bind, s.hidden) {
                (Bind::Local, _) => object::SymbolScope::Compilation,
                (_, true) => object::SymbolScope::Linkage,
                (_, false) => object::SymbolScope::Dynamic,
            };
            o.add_symbol(ow::Symbol {
                name: s.name.clone(),
                value: s.value,
                size: s.size,
                kind: if s.kind == SymKind::Func {
                    object::SymbolKind::Text
                } else {
                    object::SymbolKind::Data
                },
                scope,
                weak: s.bind == Bind::Weak,
                section,
                flags: object::SymbolFlags::None,
            })
        };
        syms.push(id);
    }
    for (k, list) in input.relocs.iter().enumerate() {
        for r in list {
            o.add_relocation(
                secs[k],
                ow::Relocation {
                    offset: r.offset,
                    symbol: syms[r.symbol as usize],
                    addend: r.addend,
                    flags: object::RelocationFlags::Elf { r_type: r.r_type },
                },
            )
            .unwrap();
        }
    }
    out.clear();
    o.emit(out).unwrap()
}

type SymKey<'a> = (&'a [u8], u8, u8, &'a [u8], u64, u64);

/// Sections (name -> data, relocations) and symbols of an object, with
/// section indexes replaced by names.
#[allow(clippy::type_complexity)]
fn contents(
    bytes: &[u8],
) -> (HashMap<&[u8], (&[u8], Vec<(u64, usize, u32, i64)>)>, Vec<SymKey<'_>>) {
    let f = ElfFile64::<object::LittleEndian>::parse(bytes).expect("parses");
    let endian = f.endian();
    let mut sections = HashMap::new();
    for s in f.sections() {
        let name = s.name_bytes().unwrap();
        if s.kind() == object::SectionKind::Metadata || name.is_empty() {
            continue;
        }
        let relocs = s
            .relocations()
            .map(|(off, r)| {
                let object::RelocationTarget::Symbol(sym) = r.target() else { panic!() };
                let object::RelocationFlags::Elf { r_type } = r.flags() else { panic!() };
                (off, sym.0, r_type, r.addend())
            })
            .collect();
        let old = sections.insert(name, (s.data().unwrap(), relocs));
        assert!(old.is_none(), "unique section names");
    }
    let symbols = f
        .symbols()
        .map(|s| {
            let e = s.elf_symbol();
            let sec: &[u8] = match s.section_index() {
                Some(i) => f.section_by_index(i).unwrap().name_bytes().unwrap(),
                None => b"",
            };
            (
                s.name_bytes().unwrap(),
                e.st_info(),
                e.st_other(),
                sec,
                e.st_value(endian),
                e.st_size(endian),
            )
        })
        .collect();
    (sections, symbols)
}

/// Both writers' outputs hold the same content as `input`.
fn check(input: &Input, ours: &[u8], theirs: &[u8]) {
    let (a_secs, a_syms) = contents(ours);
    let (b_secs, b_syms) = contents(theirs);
    assert_eq!(a_syms.len(), input.symbols.len());
    assert_eq!(a_syms.len(), b_syms.len());
    for (k, (x, y)) in a_syms.iter().zip(&b_syms).enumerate() {
        assert_eq!(x, y, "symbol {}", k + 1);
    }
    assert_eq!(a_secs.len(), input.sections.len());
    assert_eq!(a_secs.len(), b_secs.len());
    let mut nrel = 0;
    for s in &input.sections {
        let (ad, ar) = &a_secs[&s.name[..]];
        let (bd, br) = &b_secs[&s.name[..]];
        assert_eq!(*ad, &s.data[..]);
        assert_eq!(*bd, &s.data[..]);
        assert_eq!(ar, br, "relocations of {}", String::from_utf8_lossy(&s.name));
        nrel += ar.len();
    }
    assert_eq!(nrel, input.reloc_count());
    // llvm-readobj, where installed, accepts ours.
    let path = std::env::temp_dir().join(format!("obj_write_bench_{}.o", std::process::id()));
    if std::fs::write(&path, ours).is_ok() {
        if let Ok(out) = std::process::Command::new("llvm-readobj-19")
            .arg("--file-headers")
            .arg("--sections")
            .arg(&path)
            .output()
        {
            assert!(
                out.status.success() && out.stderr.is_empty(),
                "llvm-readobj-19: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let _ = std::fs::remove_file(&path);
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("obj_write");
    g.sample_size(10).sampling_mode(SamplingMode::Flat);
    for scale in [1, 2] {
        let input = input(scale);
        let ours = write_llvmext(&input);
        let theirs = write_object(&input);
        check(&input, &ours, &theirs);
        eprintln!(
            "obj_write {scale}x: {} sections, {} symbols, {} relocations, {} bytes of data; \
             output {} bytes (llvmext), {} bytes (object)",
            input.sections.len(),
            input.symbols.len(),
            input.reloc_count(),
            input.data_bytes(),
            ours.len(),
            theirs.len()
        );
        drop((ours, theirs));
        // Each writer writes into one buffer kept across iterations, as a
        // JIT or a compiler writing object after object would.
        let mut reuse = Vec::new();
        g.throughput(Throughput::Elements(input.reloc_count() as u64));
        let id = format!("{scale}x");
        g.bench_with_input(BenchmarkId::new("llvmext", &id), &input, |b, i| {
            b.iter(|| write_llvmext_into(black_box(i), &mut reuse))
        });
        let mut reuse = Vec::new();
        g.bench_with_input(BenchmarkId::new("object", &id), &input, |b, i| {
            b.iter(|| write_object_into(black_box(i), &mut reuse))
        });
    }
    g.finish();
}

/// `OBJ_WRITE_ONCE=llvmext|object|both`: builds and writes the object at
/// each scale of `OBJ_WRITE_SCALE` (`1`, `2` or `1,2`; default 1)
/// `OBJ_WRITE_REPEAT` times (default 1), the writers and scales taking
/// turns, and prints the fastest and the median time of each.
fn once(which: &str) {
    let scales: Vec<usize> = std::env::var("OBJ_WRITE_SCALE")
        .unwrap_or_else(|_| "1".to_owned())
        .split(',')
        .map(|s| s.trim().parse().expect("OBJ_WRITE_SCALE is a list of numbers"))
        .collect();
    let repeat = std::env::var("OBJ_WRITE_REPEAT").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let inputs: Vec<Input> = scales.iter().map(|&s| input(s)).collect();
    type Writer = fn(&Input) -> Vec<u8>;
    let llvmext: (&str, Writer) = ("llvmext", write_llvmext);
    let object: (&str, Writer) = ("object", write_object);
    let writers = match which {
        "llvmext" => vec![llvmext],
        "object" => vec![object],
        "both" => vec![llvmext, object],
        _ => panic!("OBJ_WRITE_ONCE is llvmext, object or both"),
    };
    if let Ok(path) = std::env::var("OBJ_WRITE_OUT") {
        std::fs::write(path, writers[0].1(&inputs[0])).expect("writes OBJ_WRITE_OUT");
    }
    let mut times = vec![Vec::new(); writers.len() * inputs.len()];
    for _ in 0..repeat.max(1) {
        for (i, input) in inputs.iter().enumerate() {
            for (k, (_, write)) in writers.iter().enumerate() {
                let t = std::time::Instant::now();
                black_box(write(black_box(input)));
                times[i * writers.len() + k].push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    for (i, scale) in scales.iter().enumerate() {
        for (k, (name, _)) in writers.iter().enumerate() {
            let t = &mut times[i * writers.len() + k];
            t.sort_by(f64::total_cmp);
            eprintln!(
                "{name} {scale}x: fastest {:.1} ms, median {:.1} ms ({} runs)",
                t[0],
                t[t.len() / 2],
                t.len()
            );
        }
    }
}

fn main() {
    if let Ok(which) = std::env::var("OBJ_WRITE_ONCE") {
        once(&which);
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
