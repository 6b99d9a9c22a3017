//! Differential tests against `llvm-mc-19`.
//!
//! A mock [`DwarfSink`] lays out the sections the emitters write (fragments,
//! relaxation of the advance fragments, fixups resolved to constants or
//! relocations) while the code sections are "external": a small directive
//! scanner feeds the `.cfi_*` / `.file` / `.loc` directives of an assembly
//! file to the API, taking the position of every statement from a copy of
//! the file that `llvm-mc-19` assembled with a probe label (`__dwprobe_N:`)
//! inserted before each statement. The produced `.eh_frame`, `.debug_frame`,
//! `.debug_line` and `.debug_line_str` (bytes, relocations, alignment) must
//! equal `llvm-mc-19`'s for the unmodified file.

use super::cfi::{self, CfiOp, CfiState, CfiTarget};
use super::line::{self, LineParams, LineTable, LocOptions};
use super::regs::{self, X86Mode};
use super::{DwarfSection, DwarfSink};
use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget};
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

// ---------------------------------------------------------------- mock sink

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sym(usize);
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sec(usize);
#[derive(Clone, Copy, Debug)]
struct Expr(usize);

#[derive(Clone, Debug)]
enum ExprNode {
    Sym(Sym),
    Sub(Expr, Expr),
    Add(Expr, i64),
}

#[derive(Clone, Debug)]
enum SymDef {
    Undef,
    Ext(Sec, u64),
    Gen(Sec, usize),
}

#[derive(Clone, Debug)]
enum Frag {
    Bytes(Vec<u8>),
    Label,
    Value(Expr, u8),
    Align(u64),
    FrameAdv(Sym, Sym),
    LineAdv(i64, Sym, Sym),
}

struct MockSec {
    name: String,
    generated: bool,
    frags: Vec<Frag>,
    pos: u64,
    size: u64,
    align: u64,
    end_sym: Option<Sym>,
}

struct Mock {
    syms: Vec<SymDef>,
    names: Vec<String>,
    by_name: HashMap<String, Sym>,
    exprs: Vec<ExprNode>,
    secs: Vec<MockSec>,
    cur: Sec,
    min_inst_alignment: u64,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Reloc {
    offset: u64,
    r_type: u32,
    target: String,
    addend: i64,
}

/// One laid-out section: bytes with relocated fields zero, relocations,
/// alignment.
#[derive(Debug, PartialEq, Eq)]
struct OutSec {
    bytes: Vec<u8>,
    relocs: Vec<Reloc>,
    align: u64,
}

fn dwarf_section_name(k: DwarfSection) -> &'static str {
    match k {
        DwarfSection::EhFrame => ".eh_frame",
        DwarfSection::DebugFrame => ".debug_frame",
        DwarfSection::DebugLine => ".debug_line",
        DwarfSection::DebugLineStr => ".debug_line_str",
    }
}

const GENERATED: [&str; 4] = [".eh_frame", ".debug_frame", ".debug_line", ".debug_line_str"];

impl Mock {
    fn new() -> Self {
        let mut m = Mock {
            syms: Vec::new(),
            names: Vec::new(),
            by_name: HashMap::new(),
            exprs: Vec::new(),
            secs: Vec::new(),
            cur: Sec(0),
            min_inst_alignment: 1,
        };
        m.cur = m.sec_by_name(".text");
        m
    }

    fn sec_by_name(&mut self, name: &str) -> Sec {
        if let Some(i) = self.secs.iter().position(|s| s.name == name) {
            return Sec(i);
        }
        self.secs.push(MockSec {
            name: name.to_owned(),
            generated: GENERATED.contains(&name),
            frags: Vec::new(),
            pos: 0,
            size: 0,
            align: 1,
            end_sym: None,
        });
        Sec(self.secs.len() - 1)
    }

    fn named_sym(&mut self, name: &str) -> Sym {
        if let Some(s) = self.by_name.get(name) {
            return *s;
        }
        let s = Sym(self.syms.len());
        self.syms.push(SymDef::Undef);
        self.names.push(name.to_owned());
        self.by_name.insert(name.to_owned(), s);
        s
    }

    fn push(&mut self, f: Frag) {
        let sec = &mut self.secs[self.cur.0];
        assert!(sec.generated, "mock: data emitted into code section {}", sec.name);
        sec.frags.push(f);
    }

    fn sym_off(&self, s: Sym, offsets: &[Vec<u64>]) -> Option<(Sec, u64)> {
        match self.syms[s.0] {
            SymDef::Undef => None,
            SymDef::Ext(sec, off) => Some((sec, off)),
            SymDef::Gen(sec, frag) => Some((sec, offsets[sec.0][frag])),
        }
    }

    fn diff(&self, hi: Sym, lo: Sym, offsets: &[Vec<u64>]) -> u64 {
        let (sh, oh) = self.sym_off(hi, offsets).expect("advance: undefined label");
        let (sl, ol) = self.sym_off(lo, offsets).expect("advance: undefined label");
        assert_eq!(sh, sl, "advance across sections");
        oh.wrapping_sub(ol)
    }

    fn frag_bytes(&self, f: &Frag, offsets: &[Vec<u64>], off: u64) -> Vec<u8> {
        match f {
            Frag::Bytes(b) => b.clone(),
            Frag::Label => Vec::new(),
            Frag::Value(_, size) => vec![0; usize::from(*size)],
            Frag::Align(a) => vec![0; (off.next_multiple_of(*a) - off) as usize],
            Frag::FrameAdv(last, label) => {
                let mut v = Vec::new();
                cfi::encode_advance_loc(
                    self.diff(*label, *last, offsets),
                    self.min_inst_alignment,
                    &mut v,
                );
                v
            }
            Frag::LineAdv(d, last, label) => {
                let mut v = Vec::new();
                line::encode_line_advance(
                    &LineParams::default(),
                    self.min_inst_alignment,
                    *d,
                    self.diff(*label, *last, offsets),
                    &mut v,
                );
                v
            }
        }
    }

    /// Lays out every generated section to a fixpoint; returns the fragment
    /// offsets.
    fn layout(&self) -> Vec<Vec<u64>> {
        let mut offsets: Vec<Vec<u64>> =
            self.secs.iter().map(|s| vec![0; s.frags.len() + 1]).collect();
        for _ in 0..100 {
            let mut changed = false;
            for (si, s) in self.secs.iter().enumerate() {
                if !s.generated {
                    continue;
                }
                let mut off = 0u64;
                for (fi, f) in s.frags.iter().enumerate() {
                    if offsets[si][fi] != off {
                        offsets[si][fi] = off;
                        changed = true;
                    }
                    off += self.frag_bytes(f, &offsets, off).len() as u64;
                }
                let n = s.frags.len();
                if offsets[si][n] != off {
                    offsets[si][n] = off;
                    changed = true;
                }
            }
            if !changed {
                return offsets;
            }
        }
        panic!("mock layout did not converge");
    }

    fn linear(&self, e: Expr, coef: i64, terms: &mut Vec<(Sym, i64)>, c: &mut i64) {
        match &self.exprs[e.0] {
            ExprNode::Sym(s) => terms.push((*s, coef)),
            ExprNode::Sub(a, b) => {
                self.linear(*a, coef, terms, c);
                self.linear(*b, -coef, terms, c);
            }
            ExprNode::Add(a, k) => {
                *c += coef * k;
                self.linear(*a, coef, terms, c);
            }
        }
    }

    fn output(&self, x86_64: bool) -> HashMap<String, OutSec> {
        let offsets = self.layout();
        let mut out = HashMap::new();
        for (si, s) in self.secs.iter().enumerate() {
            if !s.generated || s.frags.is_empty() {
                continue;
            }
            let mut bytes = Vec::new();
            let mut relocs = Vec::new();
            for (fi, f) in s.frags.iter().enumerate() {
                let off = offsets[si][fi];
                assert_eq!(off, bytes.len() as u64);
                if let Frag::Value(e, size) = f {
                    let mut terms = Vec::new();
                    let mut c = 0i64;
                    self.linear(*e, 1, &mut terms, &mut c);
                    // Group by base: a section, or an undefined symbol.
                    let mut bases: Vec<(String, i64)> = Vec::new();
                    for (sym, k) in terms {
                        let (base, o) = match self.sym_off(sym, &offsets) {
                            Some((sec, o)) => (self.secs[sec.0].name.clone(), o),
                            None => (format!("sym:{}", self.names[sym.0]), 0),
                        };
                        c += k * o as i64;
                        match bases.iter_mut().find(|(b, _)| *b == base) {
                            Some((_, kk)) => *kk += k,
                            None => bases.push((base, k)),
                        }
                    }
                    bases.retain(|(_, k)| *k != 0);
                    let size_u = usize::from(*size);
                    if bases.is_empty() {
                        bytes.extend_from_slice(&c.to_le_bytes()[..size_u]);
                        continue;
                    }
                    let plus: Vec<_> = bases.iter().filter(|(_, k)| *k == 1).collect();
                    let minus: Vec<_> = bases.iter().filter(|(_, k)| *k == -1).collect();
                    assert!(plus.len() == 1 && bases.len() <= 2, "mock: unsupported expression");
                    let pcrel = minus.len() == 1;
                    if pcrel {
                        assert_eq!(minus[0].0, s.name, "mock: pc-relative to another section");
                        c += off as i64;
                    }
                    let target = plus[0].0.trim_start_matches("sym:").to_owned();
                    let r_type = match (x86_64, pcrel, size) {
                        (true, false, 4) => 10,
                        (true, false, 8) => 1,
                        (true, true, 4) => 2,
                        (true, true, 8) => 24,
                        (false, false, 4) => 1,
                        (false, true, 4) => 2,
                        _ => panic!("mock: no relocation for size {size}"),
                    };
                    relocs.push(Reloc { offset: off, r_type, target, addend: c });
                    bytes.extend(std::iter::repeat_n(0, size_u));
                } else {
                    bytes.extend(self.frag_bytes(f, &offsets, off));
                }
            }
            relocs.sort();
            out.insert(s.name.clone(), OutSec { bytes, relocs, align: s.align });
        }
        out
    }
}

impl DwarfSink for Mock {
    type Sym = Sym;
    type Section = Sec;
    type Expr = Expr;

    fn section(&mut self, kind: DwarfSection) -> Sec {
        self.sec_by_name(dwarf_section_name(kind))
    }
    fn current_section(&self) -> Sec {
        self.cur
    }
    fn switch_section(&mut self, s: Sec) {
        self.cur = s;
    }
    fn temp_label(&mut self) -> Sym {
        self.syms.push(SymDef::Undef);
        self.names.push(format!(".Ltmp{}", self.syms.len()));
        Sym(self.syms.len() - 1)
    }
    fn emit_label(&mut self, s: Sym) {
        let sec = &self.secs[self.cur.0];
        self.syms[s.0] = if sec.generated {
            let n = sec.frags.len();
            self.push(Frag::Label);
            SymDef::Gen(self.cur, n)
        } else {
            SymDef::Ext(self.cur, sec.pos)
        };
    }
    fn emit_bytes(&mut self, b: &[u8]) {
        self.push(Frag::Bytes(b.to_vec()));
    }
    fn sym_expr(&mut self, s: Sym) -> Expr {
        self.exprs.push(ExprNode::Sym(s));
        Expr(self.exprs.len() - 1)
    }
    fn sub_expr(&mut self, a: Expr, b: Expr) -> Expr {
        self.exprs.push(ExprNode::Sub(a, b));
        Expr(self.exprs.len() - 1)
    }
    fn add_const_expr(&mut self, a: Expr, c: i64) -> Expr {
        self.exprs.push(ExprNode::Add(a, c));
        Expr(self.exprs.len() - 1)
    }
    fn emit_value(&mut self, e: Expr, size: u8) {
        self.push(Frag::Value(e, size));
    }
    fn emit_value_align(&mut self, align: u64) {
        let sec = &mut self.secs[self.cur.0];
        sec.align = sec.align.max(align);
        self.push(Frag::Align(align));
    }
    fn emit_advance_frame_addr(&mut self, last: Sym, label: Sym) {
        self.push(Frag::FrameAdv(last, label));
    }
    fn emit_advance_line_addr(&mut self, line_delta: i64, last: Sym, label: Sym) {
        self.push(Frag::LineAdv(line_delta, last, label));
    }
    fn section_begin_sym(&mut self, s: Sec) -> Sym {
        let name = format!("section_begin:{}", self.secs[s.0].name);
        let sym = self.named_sym(&name);
        self.syms[sym.0] =
            if self.secs[s.0].generated { SymDef::Gen(s, 0) } else { SymDef::Ext(s, 0) };
        if self.secs[s.0].generated {
            // A label fragment at the very start.
            if self.secs[s.0].frags.is_empty() {
                self.secs[s.0].frags.push(Frag::Label);
            } else {
                assert!(matches!(self.secs[s.0].frags[0], Frag::Label));
            }
        }
        sym
    }
    fn section_end_sym(&mut self, s: Sec) -> Sym {
        if let Some(e) = self.secs[s.0].end_sym {
            return e;
        }
        assert!(!self.secs[s.0].generated);
        let e = self.temp_label();
        self.syms[e.0] = SymDef::Ext(s, self.secs[s.0].size);
        self.secs[s.0].end_sym = Some(e);
        self.cur = s;
        e
    }
    fn symbol_name(&self, s: Sym) -> &str {
        &self.names[s.0]
    }
}

// ------------------------------------------------------------- llvm-mc side

fn tmpdir() -> PathBuf {
    crate::test_scratch_dir("llvmext-asm-dwarf")
}

fn run(cmd: &mut Command) -> std::process::Output {
    match cmd.output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run {cmd:?} ({e}): install llvm-19 (llvm-mc-19, clang-19)"),
    }
}

/// Assembles `src` with llvm-mc-19; panics with its stderr on failure.
fn llvm_mc(src: &str, triple: &str, args: &[&str], name: &str) -> Vec<u8> {
    let d = tmpdir();
    let s = d.join(format!("{name}.s"));
    let o = d.join(format!("{name}.o"));
    std::fs::write(&s, src).expect("write .s");
    let out = run(Command::new("llvm-mc-19")
        .arg(format!("-triple={triple}"))
        .arg("-filetype=obj")
        .arg("-fdebug-compilation-dir=/comp/dir")
        .args(args)
        .arg(&s)
        .arg("-o")
        .arg(&o));
    assert!(
        out.status.success(),
        "llvm-mc-19 failed on {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&o).expect("read .o")
}

fn llvm_sections(obj: &[u8]) -> HashMap<String, OutSec> {
    let f = object::File::parse(obj).expect("parse llvm-mc object");
    let rela = f.architecture() == object::Architecture::X86_64;
    let mut out = HashMap::new();
    for s in f.sections() {
        let name = s.name().unwrap_or("").to_owned();
        if !GENERATED.contains(&name.as_str()) {
            continue;
        }
        let mut bytes = s.data().expect("section data").to_vec();
        let mut relocs = Vec::new();
        for (off, r) in s.relocations() {
            let RelocationFlags::Elf { r_type } = r.flags() else { panic!("not ELF") };
            let target = match r.target() {
                RelocationTarget::Symbol(i) => {
                    let sym = f.symbol_by_index(i).expect("reloc symbol");
                    if sym.kind() == object::SymbolKind::Section {
                        let si = sym.section_index().expect("section symbol index");
                        f.section_by_index(si).expect("section").name().unwrap_or("").to_owned()
                    } else {
                        sym.name().unwrap_or("").to_owned()
                    }
                }
                t => panic!("unexpected relocation target {t:?}"),
            };
            let size = if matches!((rela, r_type), (true, 1) | (true, 24)) { 8 } else { 4 };
            let o = off as usize;
            let addend = if rela {
                r.addend()
            } else {
                i64::from(i32::from_le_bytes(bytes[o..o + 4].try_into().expect("4 bytes")))
            };
            bytes[o..o + size].fill(0);
            relocs.push(Reloc { offset: off, r_type, target, addend });
        }
        relocs.sort();
        out.insert(name, OutSec { bytes, relocs, align: s.align() });
    }
    out
}

// --------------------------------------------------------- directive scanner

#[derive(Debug, PartialEq)]
enum Kind {
    Blank,
    Label(String),
    Instr,
    Data,
    Cfi,
    Loc,
    File,
    Section,
    Other,
}

fn strip_comment(line: &str) -> &str {
    let mut in_str = false;
    let mut esc = false;
    for (i, c) in line.char_indices() {
        if in_str {
            if esc {
                esc = false;
            } else if c == '\\' {
                esc = true;
            } else if c == '"' {
                in_str = false;
            }
        } else if c == '"' {
            in_str = true;
        } else if c == '#' {
            return &line[..i];
        }
    }
    line
}

const DATA: [&str; 14] = [
    ".byte", ".short", ".value", ".2byte", ".long", ".4byte", ".int", ".quad", ".8byte", ".ascii",
    ".asciz", ".string", ".uleb128", ".sleb128",
];

fn classify(line: &str) -> Kind {
    let t = strip_comment(line).trim();
    if t.is_empty() {
        return Kind::Blank;
    }
    if let Some(l) = t.strip_suffix(':') {
        if !l.contains(char::is_whitespace) && !l.contains('"') {
            return Kind::Label(l.to_owned());
        }
    }
    let word = t.split(|c: char| c.is_whitespace()).next().unwrap_or("");
    if !word.starts_with('.') {
        return Kind::Instr;
    }
    match word {
        ".loc" => Kind::Loc,
        ".file" => Kind::File,
        ".text" | ".data" | ".bss" | ".section" | ".pushsection" | ".popsection" | ".previous" => {
            Kind::Section
        }
        w if w.starts_with(".cfi_") => Kind::Cfi,
        w if DATA.contains(&w) => Kind::Data,
        _ => Kind::Other,
    }
}

/// Splits the operands: strings (unescaped) and bare words, at commas and
/// white space.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' {
            let mut v = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => match chars.next() {
                        Some('n') => v.push('\n'),
                        Some('t') => v.push('\t'),
                        Some(d @ '0'..='7') => {
                            let mut n = d.to_digit(8).unwrap_or(0);
                            for _ in 0..2 {
                                if let Some(&d) = chars.peek() {
                                    if let Some(x) = d.to_digit(8) {
                                        n = n * 8 + x;
                                        chars.next();
                                        continue;
                                    }
                                }
                                break;
                            }
                            v.push(char::from(n as u8));
                        }
                        Some(o) => v.push(o),
                        None => {}
                    },
                    c => v.push(c),
                }
            }
            out.push(format!("\"{v}"));
        } else if c == ',' || c.is_whitespace() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn int(s: &str) -> i64 {
    let (neg, t) = match s.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, s),
    };
    let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).unwrap_or_else(|_| panic!("bad int {s}")) as i64
    } else {
        t.parse::<u64>().unwrap_or_else(|_| panic!("bad int {s}")) as i64
    };
    if neg {
        v.wrapping_neg()
    } else {
        v
    }
}

/// A test input and how to assemble it.
struct Case {
    name: String,
    src: String,
    triple: &'static str,
    args: Vec<String>,
}

fn dwarf_version_arg(args: &[String]) -> u16 {
    args.iter()
        .find_map(|a| a.strip_prefix("-dwarf-version=").and_then(|v| v.parse().ok()))
        .unwrap_or(4)
}

/// Runs one case: returns the number of sections compared.
fn check(case: &Case) -> usize {
    let x86_64 = case.triple.starts_with("x86_64");
    let mode = if x86_64 { X86Mode::X86_64 } else { X86Mode::I386 };
    let args: Vec<&str> = case.args.iter().map(String::as_str).collect();
    let reference = llvm_mc(&case.src, case.triple, &args, &case.name);

    // The probed copy.
    let lines: Vec<&str> = case.src.lines().collect();
    let kinds: Vec<Kind> = lines.iter().map(|l| classify(l)).collect();
    let mut probed = String::new();
    for (i, (l, k)) in lines.iter().zip(&kinds).enumerate() {
        if matches!(
            k,
            Kind::Label(_) | Kind::Instr | Kind::Data | Kind::Cfi | Kind::Loc | Kind::Other
        ) {
            probed.push_str(&format!("__dwprobe_{i}:\n"));
        }
        probed.push_str(l);
        probed.push('\n');
    }
    let pobj = llvm_mc(&probed, case.triple, &args, &format!("{}-probed", case.name));
    let pf = object::File::parse(&*pobj).expect("parse probed object");
    let mut probes: HashMap<usize, (String, u64)> = HashMap::new();
    for s in pf.symbols() {
        if let Some(n) = s.name().ok().and_then(|n| n.strip_prefix("__dwprobe_")) {
            let sec = s
                .section_index()
                .and_then(|i| pf.section_by_index(i).ok())
                .and_then(|s| s.name().ok().map(str::to_owned))
                .unwrap_or_default();
            probes.insert(n.parse().expect("probe number"), (sec, s.address()));
        }
    }
    // The probes must not change the line table.
    let ref_secs = llvm_sections(&reference);
    let probed_secs = llvm_sections(&pobj);
    assert_eq!(
        ref_secs.get(".debug_line").map(|s| &s.bytes),
        probed_secs.get(".debug_line").map(|s| &s.bytes),
        "{}: probe labels changed .debug_line",
        case.name
    );

    let mut mock = Mock::new();
    for s in pf.sections() {
        let name = s.name().unwrap_or("").to_owned();
        if !GENERATED.contains(&name.as_str()) {
            let sec = mock.sec_by_name(&name);
            mock.secs[sec.0].size = s.size();
        }
    }
    let mut cfi_state: CfiState<Sym, Sec> = CfiState::new();
    let mut lines_t: LineTable<Sym, Sec> = LineTable::new(dwarf_version_arg(&case.args));
    let mut stack: Vec<(Sec, Sec)> = Vec::new(); // (current, previous)
    let mut prev = mock.cur;

    for (i, (l, k)) in lines.iter().zip(&kinds).enumerate() {
        let t = strip_comment(l).trim();
        if let Some((secname, pos)) = probes.get(&i) {
            let cur = &mock.secs[mock.cur.0];
            assert_eq!(&cur.name, secname, "{}: line {}: section tracking", case.name, i + 1);
            let c = mock.cur.0;
            mock.secs[c].pos = *pos;
        }
        let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let toks = tokens(rest);
        let switch = |mock: &mut Mock, lt: &mut LineTable<Sym, Sec>, prev: &mut Sec, to: Sec| {
            if to != mock.cur {
                lt.on_section_change();
                *prev = mock.cur;
                mock.cur = to;
            }
        };
        match k {
            Kind::Blank | Kind::Other => {}
            Kind::Label(name) => {
                let s = mock.named_sym(name);
                let cur = mock.cur;
                if !mock.secs[cur.0].generated {
                    mock.syms[s.0] = SymDef::Ext(cur, mock.secs[cur.0].pos);
                }
            }
            Kind::Instr | Kind::Data => lines_t.on_emit(&mut mock),
            Kind::Section => {
                let to = match word {
                    ".text" | ".data" | ".bss" => Some(mock.sec_by_name(word)),
                    ".section" | ".pushsection" => {
                        let n = toks[0].trim_start_matches('"').to_owned();
                        Some(mock.sec_by_name(&n))
                    }
                    ".previous" => Some(prev),
                    ".popsection" => None,
                    _ => unreachable!(),
                };
                if word == ".pushsection" {
                    stack.push((mock.cur, prev));
                }
                match to {
                    Some(to) => switch(&mut mock, &mut lines_t, &mut prev, to),
                    None => {
                        let (c, p) = stack.pop().expect("popsection");
                        switch(&mut mock, &mut lines_t, &mut prev, c);
                        prev = p;
                    }
                }
            }
            Kind::File => {
                if toks.is_empty() || toks[0].starts_with('"') {
                    continue;
                }
                let n = int(&toks[0]) as u64;
                let strs: Vec<&str> =
                    toks[1..].iter().take_while(|t| t.starts_with('"')).map(|t| &t[1..]).collect();
                let (dir, name) = if strs.len() == 2 { (strs[0], strs[1]) } else { ("", strs[0]) };
                let mut md5 = None;
                let mut source = None;
                let mut j = 1 + strs.len();
                while j < toks.len() {
                    match toks[j].as_str() {
                        "md5" => {
                            let h = toks[j + 1].trim_start_matches("0x");
                            let v = u128::from_str_radix(h, 16).expect("md5");
                            md5 = Some(v.to_be_bytes());
                        }
                        "source" => source = Some(toks[j + 1][1..].to_owned()),
                        o => panic!("{}: .file: {o}", case.name),
                    }
                    j += 2;
                }
                lines_t.file_directive(n, dir, name, md5, source.as_deref()).expect(".file");
            }
            Kind::Loc => {
                let mut nums = Vec::new();
                let mut j = 0;
                while j < toks.len()
                    && toks[j].starts_with(|c: char| c.is_ascii_digit())
                    && nums.len() < 3
                {
                    nums.push(int(&toks[j]));
                    j += 1;
                }
                let mut o = LocOptions::default();
                while j < toks.len() {
                    match toks[j].as_str() {
                        "prologue_end" => o.prologue_end = true,
                        "epilogue_begin" => o.epilogue_begin = true,
                        "basic_block" => o.basic_block = true,
                        "is_stmt" => {
                            j += 1;
                            o.is_stmt = Some(int(&toks[j]));
                        }
                        "isa" => {
                            j += 1;
                            o.isa = Some(int(&toks[j]));
                        }
                        "discriminator" => {
                            j += 1;
                            o.discriminator = Some(int(&toks[j]));
                        }
                        w => panic!("{}: .loc: {w}", case.name),
                    }
                    j += 1;
                }
                let line_no = nums.get(1).copied().unwrap_or(0);
                let col = nums.get(2).copied().unwrap_or(0);
                lines_t.loc_directive(&mut mock, nums[0], line_no, col, &o).expect(".loc");
            }
            Kind::Cfi => {
                let reg = |s: &str| regs::parse_cfi_register(s, mode).expect("register");
                let r = match word {
                    ".cfi_startproc" => {
                        cfi_state.start_proc(&mut mock, toks.first().is_some_and(|t| t == "simple"))
                    }
                    ".cfi_endproc" => cfi_state.end_proc(&mut mock),
                    ".cfi_sections" => {
                        cfi_state.sections(
                            toks.iter().any(|t| t == ".eh_frame"),
                            toks.iter().any(|t| t == ".debug_frame"),
                        );
                        Ok(())
                    }
                    ".cfi_personality" | ".cfi_lsda" => {
                        let enc = int(&toks[0]);
                        assert!(cfi::is_valid_eh_encoding(enc));
                        if enc == 0xff {
                            Ok(())
                        } else {
                            let s = mock.named_sym(&toks[1]);
                            if word == ".cfi_personality" {
                                cfi_state.personality(s, enc as u8)
                            } else {
                                cfi_state.lsda(s, enc as u8)
                            }
                        }
                    }
                    ".cfi_signal_frame" => cfi_state.signal_frame(),
                    ".cfi_return_column" => cfi_state.return_column(reg(&toks[0])),
                    _ => {
                        let op = match word {
                            ".cfi_def_cfa" => {
                                CfiOp::DefCfa { reg: reg(&toks[0]), offset: int(&toks[1]) }
                            }
                            ".cfi_def_cfa_offset" => CfiOp::DefCfaOffset(int(&toks[0])),
                            ".cfi_adjust_cfa_offset" => CfiOp::AdjustCfaOffset(int(&toks[0])),
                            ".cfi_def_cfa_register" => CfiOp::DefCfaRegister(reg(&toks[0])),
                            ".cfi_offset" => {
                                CfiOp::Offset { reg: reg(&toks[0]), offset: int(&toks[1]) }
                            }
                            ".cfi_rel_offset" => {
                                CfiOp::RelOffset { reg: reg(&toks[0]), offset: int(&toks[1]) }
                            }
                            ".cfi_restore" => CfiOp::Restore(reg(&toks[0])),
                            ".cfi_undefined" => CfiOp::Undefined(reg(&toks[0])),
                            ".cfi_same_value" => CfiOp::SameValue(reg(&toks[0])),
                            ".cfi_register" => CfiOp::Register(reg(&toks[0]), reg(&toks[1])),
                            ".cfi_remember_state" => CfiOp::RememberState,
                            ".cfi_restore_state" => CfiOp::RestoreState,
                            ".cfi_window_save" => CfiOp::WindowSave,
                            ".cfi_escape" => {
                                CfiOp::Escape(toks.iter().map(|t| int(t) as u8).collect())
                            }
                            ".cfi_label" => CfiOp::Label(mock.named_sym(&toks[0])),
                            ".cfi_llvm_def_aspace_cfa" => CfiOp::LlvmDefAspaceCfa {
                                reg: reg(&toks[0]),
                                offset: int(&toks[1]),
                                address_space: int(&toks[2]),
                            },
                            w => panic!("{}: unhandled {w}", case.name),
                        };
                        cfi_state.add(&mut mock, op)
                    }
                };
                r.unwrap_or_else(|e| panic!("{}: line {}: {e}", case.name, i + 1));
            }
        }
    }
    cfi_state.finish().expect("finish");
    assert!(lines_t.check_files().is_empty());
    let target = match (x86_64, case.args.iter().any(|a| a == "-large-code-model")) {
        (true, false) => CfiTarget::x86_64(),
        (true, true) => CfiTarget::x86_64_large(),
        (false, _) => CfiTarget::i386(),
    };
    cfi_state.emit(&mut mock, &target, lines_t.dwarf_version());
    let ptr = if x86_64 { 8 } else { 4 };
    lines_t.emit(&mut mock, "/comp/dir", ptr, 1, &LineParams::default());

    let mine = mock.output(x86_64);
    let mut n = 0;
    for name in GENERATED {
        let a = mine.get(name);
        let b = ref_secs.get(name);
        if a != b {
            let dump = |o: Option<&OutSec>| match o {
                None => "(absent)".to_owned(),
                Some(s) => format!(
                    "align {} relocs {:?}\n{}",
                    s.align,
                    s.relocs,
                    s.bytes
                        .chunks(16)
                        .map(|c| c.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" "))
                        .collect::<Vec<_>>()
                        .join("\n")
                ),
            };
            panic!("{}: {name} differs\nmine:\n{}\nllvm-mc-19:\n{}", case.name, dump(a), dump(b));
        }
        if a.is_some() {
            n += 1;
        }
    }
    n
}

// ------------------------------------------------------------------ inputs

fn case(name: &str, triple: &'static str, args: &[&str], src: &str) -> Case {
    Case {
        name: name.to_owned(),
        src: src.to_owned(),
        triple,
        args: args.iter().map(|s| (*s).to_owned()).collect(),
    }
}

fn run_cases(cases: &[Case]) -> (usize, usize) {
    let mut secs = 0;
    for c in cases {
        secs += check(c);
    }
    (cases.len(), secs)
}

const X64: &str = "x86_64-linux-gnu";
const I386: &str = "i386-linux-gnu";

#[test]
fn cfi_snippets() {
    let basic = "\t.text\nf:\n\t.cfi_startproc\n\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.cfi_offset %rbp, -16\n\tmovq %rsp, %rbp\n\t.cfi_def_cfa_register %rbp\n\tpopq %rbp\n\t.cfi_def_cfa %rsp, 8\n\tret\n\t.cfi_endproc\n";
    let ops = "\t.text\nf:\n\t.cfi_startproc\n\tnop\n\t.cfi_adjust_cfa_offset 16\n\t.cfi_rel_offset %rbx, 8\n\t.cfi_rel_offset %r12, -24\n\t.skip 63\n\t.cfi_remember_state\n\t.cfi_restore %rbx\n\t.cfi_restore 70\n\t.skip 1\n\t.cfi_restore_state\n\t.cfi_undefined %rip\n\t.cfi_same_value %r15\n\t.cfi_register %rbp, %rbx\n\t.skip 192\n\t.cfi_escape 0x2e, 0x10, 300\n\t.cfi_offset 70, -8\n\t.cfi_offset 70, 8\n\t.cfi_offset %rbp, 8\n\t.cfi_offset %rbp, -17\n\t.skip 65280\n\t.cfi_window_save\n\t.cfi_llvm_def_aspace_cfa %rsp, 8, 1\n\t.skip 70000\n\t.cfi_adjust_cfa_offset -100\n\t.cfi_def_cfa_offset 0\n\t.cfi_undefined 99999999999\n\tret\n\t.cfi_endproc\n";
    let multi = "\t.text\na:\n\t.cfi_startproc\n\tnop\n\t.cfi_endproc\nb:\n\t.cfi_startproc simple\n\t.cfi_def_cfa %rsp, 8\n\tnop\n\t.cfi_endproc\nc:\n\t.cfi_startproc\n\t.cfi_signal_frame\n\tnop\n\t.cfi_endproc\nd:\n\t.cfi_startproc\n\t.cfi_return_column %rbp\n\tnop\n\t.cfi_endproc\ne:\n\t.cfi_startproc\n\t.cfi_personality 0x9b, DW.ref.__gxx_personality_v0\n\t.cfi_lsda 0x1b, .Lexc\n\tnop\n\t.cfi_endproc\ng:\n\t.cfi_startproc\n\t.cfi_personality 0x3, __gxx_personality_v0\n\t.cfi_lsda 0x3, .Lexc\n\tnop\n\t.cfi_endproc\nh:\n\t.cfi_startproc\n\t.cfi_personality 0x0, zzz\n\t.cfi_personality 0xff\n\t.cfi_lsda 0xff\n\tnop\n\t.cfi_endproc\n\t.section .gcc_except_table,\"a\",@progbits\n\t.byte 1,2,3\n.Lexc:\n\t.byte 0xff\n";
    let nested = "\t.text\nf:\n\t.cfi_startproc\n\tpushq %rbp\n\t.cfi_def_cfa_offset 16\n\t.section .text.other,\"ax\",@progbits\ng:\n\t.cfi_startproc\n\tnop\n\t.cfi_offset %rbx, -24\n\tnop\n\t.cfi_endproc\n\t.text\n\tnop\n\t.cfi_offset %rbp, -16\n\tret\n\t.cfi_endproc\n";
    let simple_after = "\t.text\na:\n\t.cfi_startproc\n\t.cfi_def_cfa_offset 32\n\tnop\n\t.cfi_endproc\nb:\n\t.cfi_startproc simple\n\tnop\n\t.cfi_rel_offset %rbx, 0\n\t.cfi_adjust_cfa_offset 8\n\t.cfi_endproc\n";
    let label = "\t.text\nf:\n\t.cfi_startproc\n\tnop\n\t.cfi_label bar\n\tnop\n\t.cfi_label baz\n\t.cfi_def_cfa_offset 16\n\tret\n\t.cfi_endproc\n";
    let mut cases = vec![
        case("cfi-label", X64, &[], label),
        case("cfi-label-debug", X64, &[], &format!("\t.cfi_sections .debug_frame\n{label}")),
    ];
    for (n, s) in [
        ("basic", basic),
        ("ops", ops),
        ("multi", multi),
        ("nested", nested),
        ("simple_after", simple_after),
    ] {
        cases.push(case(&format!("cfi-{n}"), X64, &[], s));
        cases.push(case(&format!("cfi-{n}-large"), X64, &["-large-code-model"], s));
        for v in 2..=5 {
            let src = format!("\t.cfi_sections .eh_frame, .debug_frame\n{s}");
            cases.push(case(
                &format!("cfi-{n}-both-v{v}"),
                X64,
                &[&format!("-dwarf-version={v}")],
                &src,
            ));
            let src = format!("\t.cfi_sections .debug_frame\n{s}");
            cases.push(case(
                &format!("cfi-{n}-debug-v{v}"),
                X64,
                &[&format!("-dwarf-version={v}")],
                &src,
            ));
        }
        // i386: the same directives on 32-bit registers.
        let s32 = s
            .replace("%rbp", "%ebp")
            .replace("%rsp", "%esp")
            .replace("%rbx", "%ebx")
            .replace("%rip", "%eip")
            .replace("%r12", "%esi")
            .replace("%r15", "%edi")
            .replace("pushq", "pushl")
            .replace("popq", "popl")
            .replace("movq", "movl");
        cases.push(case(&format!("cfi-{n}-i386"), I386, &[], &s32));
        let src = format!("\t.cfi_sections .eh_frame, .debug_frame\n{s32}");
        cases.push(case(&format!("cfi-{n}-i386-both"), I386, &["-dwarf-version=3"], &src));
    }
    // .file 0 raises the DWARF version, hence the .debug_frame CIE version.
    cases.push(case(
        "cfi-file0",
        X64,
        &["-dwarf-version=2"],
        &format!("\t.cfi_sections .debug_frame\n\t.file 0 \"/d\" \"a.c\"\n{basic}"),
    ));
    let (n, secs) = run_cases(&cases);
    eprintln!("cfi snippets: {n} inputs, {secs} sections identical to llvm-mc-19");
}

#[test]
fn line_snippets() {
    let mut cases = Vec::new();
    let basic = "\t.file 1 \"/tmp/x\" \"a.c\"\n\t.text\n\t.loc 1 3 5\n\tnop\n\t.loc 1 4 0 prologue_end\n\tnop\n";
    let mut big = String::from("\t.file 1 \"a.c\"\n\t.file 2 \"sub/b.c\"\n\t.text\nf:\n");
    // Address deltas around the special-opcode limits, line deltas around
    // line_base/line_range, and the flags.
    let steps: [(i64, u32); 16] = [
        (0, 0),
        (1, 1),
        (-5, 3),
        (8, 17),
        (9, 18),
        (0, 17),
        (-6, 20),
        (100, 0),
        (3, 239),
        (2, 256),
        (0, 273),
        (1, 274),
        (-1000, 5),
        (0, 1000),
        (5, 70000),
        (1, 1),
    ];
    let mut line_no: i64 = 10;
    for (k, (dl, da)) in steps.iter().enumerate() {
        line_no = (line_no + dl).max(0);
        let file = 1 + k % 2;
        let extra = match k % 5 {
            0 => " is_stmt 0",
            1 => " basic_block epilogue_begin",
            2 => " isa 2 discriminator 7",
            3 => " is_stmt 1 prologue_end",
            _ => "",
        };
        big.push_str(&format!("\t.loc {file} {line_no} {}{extra}\n\tnop\n\t.skip {da}\n", k * 3));
    }
    // Two .loc in a row, a .loc dropped by a section switch, data after a
    // .loc, a second code section.
    big.push_str("\t.loc 1 50 1\n\t.loc 1 51 2\n\tnop\n\t.loc 1 52 3\n\t.section .text.b,\"ax\",@progbits\n\tnop\n\t.loc 2 7 1\n\tret\n\t.loc 2 8 1\n\t.long 5\n\t.text\n\t.loc 1 60\n\t.byte 1, 2\n\tnop\n");
    let md5 = "\t.file 0 \"/work\" \"m.c\" md5 0x00112233445566778899aabbccddeeff\n\t.file 1 \"/work\" \"m2.c\" md5 0x00112233445566778899aabbccddeef0\n\t.file 3 \"/work\" \"m.c\" md5 0x00112233445566778899aabbccddeeff\n\t.file 2 \"/usr/include\" \"stdio.h\" md5 0xffeeddccbbaa99887766554433221100\n\t.text\n\t.loc 0 1 1\n\tnop\n\t.loc 2 5 1\n\tnop\n\t.loc 1 9 1\n\tnop\n";
    let source = "\t.file 0 \"/work\" \"s.c\" source \"int x;\\n\"\n\t.file 1 \"/work/inc\" \"t.h\" source \"\"\n\t.file 2 \"u.h\"\n\t.text\n\t.loc 1 1\n\tnop\n";
    let dirs = "\t.file 1 \"a.c\"\n\t.file 3 \"/abs/dir/x.c\"\n\t.file 2 \"rel/dir/y.c\"\n\t.file 4 \"/comp/dir\" \"z.c\"\n\t.file 5 \"/cd/\" \"x.c\"\n\t.file 6 \"\" \"q/x.c\"\n\t.file 7 \"/abs/dir\" \"w.c\"\n\t.file 8 \"/\" \"r.c\"\n\t.file 9 \"/top.c\"\n\t.file 10 \"dir/\"\n\t.text\n\t.loc 9 1\n\tnop\n";
    let only_file = "\t.file 1 \"only.c\"\n\t.text\n\tnop\n";
    let wide = "\t.file 1 \"a.c\"\n\t.text\n\t.loc 1 4294967301 70000 isa 300 discriminator 4294967299\n\tnop\n\t.loc 1 2 3 is_stmt 0\n\tnop\n\t.loc 1 3 3\n\tnop\n";
    for (n, s) in [
        ("basic", basic),
        ("big", big.as_str()),
        ("dirs", dirs),
        ("only_file", only_file),
        ("wide", wide),
    ] {
        for v in 2..=5 {
            cases.push(case(&format!("line-{n}-v{v}"), X64, &[&format!("-dwarf-version={v}")], s));
        }
        cases.push(case(&format!("line-{n}-i386"), I386, &["-dwarf-version=5"], s));
        cases.push(case(&format!("line-{n}-default"), X64, &[], s));
    }
    for (n, s) in [("md5", md5), ("source", source)] {
        cases.push(case(&format!("line-{n}"), X64, &["-dwarf-version=5"], s));
        cases.push(case(&format!("line-{n}-v4"), X64, &["-dwarf-version=4"], s));
        cases.push(case(&format!("line-{n}-i386"), I386, &[], s));
    }
    let (n, secs) = run_cases(&cases);
    eprintln!("line snippets: {n} inputs, {secs} sections identical to llvm-mc-19");
}

/// The repository's C sources (`../testdata/c`): only with the
/// `workspace-tests` feature (on in the workspace, off in the package).
#[cfg(feature = "workspace-tests")]
fn testdata_c() -> Vec<PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/c");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("testdata/c")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no C files in {}", dir.display());
    v
}

#[cfg(feature = "workspace-tests")]
#[test]
fn clang_output() {
    let variants: [(&str, &[&str], &'static str, &[&str]); 12] = [
        ("O0", &["-O0"], X64, &[]),
        ("O2", &["-O2"], X64, &[]),
        ("O0g", &["-O0", "-g"], X64, &[]),
        ("O2g", &["-O2", "-g"], X64, &[]),
        ("O2g-mc4", &["-O2", "-g"], X64, &["-dwarf-version=4"]),
        ("O2gdw4", &["-O2", "-gdwarf-4"], X64, &[]),
        ("O2gdw4-mc5", &["-O2", "-gdwarf-4"], X64, &["-dwarf-version=5"]),
        ("O1gdw2", &["-O1", "-gdwarf-2"], X64, &["-dwarf-version=2"]),
        ("O2g-nounwind", &["-O2", "-g", "-fno-asynchronous-unwind-tables"], X64, &[]),
        ("O2g-fs", &["-O2", "-g", "-ffunction-sections", "-fno-omit-frame-pointer"], X64, &[]),
        ("m32-O2g", &["-m32", "-O2", "-g"], I386, &[]),
        ("m32-O0gdw4", &["-m32", "-O0", "-gdwarf-4"], I386, &["-dwarf-version=4"]),
    ];
    let d = tmpdir();
    let mut cases = Vec::new();
    let mut skipped = 0;
    for c in testdata_c() {
        let stem = c.file_stem().and_then(|s| s.to_str()).unwrap_or("x").to_owned();
        for (vn, cflags, triple, mcargs) in &variants {
            let s = d.join(format!("{stem}-{vn}.s"));
            let mut cmd = Command::new("clang-19");
            if *triple == I386 {
                // Debian ships no 32-bit libc headers: the 64-bit ones and an
                // empty gnu/stubs-32.h do for these files.
                let stubs = d.join("inc32/gnu");
                std::fs::create_dir_all(&stubs).expect("mkdir");
                std::fs::write(stubs.join("stubs-32.h"), "").expect("stubs-32.h");
                cmd.arg("-idirafter").arg("/usr/include/x86_64-linux-gnu");
                cmd.arg("-idirafter").arg(d.join("inc32"));
            }
            let out = run(cmd
                .args(*cflags)
                .arg("-S")
                .arg("-fdebug-compilation-dir=/comp/dir")
                .arg(&c)
                .arg("-o")
                .arg(&s));
            if !out.status.success() && *triple == I386 {
                // (sched.c has __int128, which i386 lacks.)
                eprintln!("skipped {stem}-{vn}: {}", String::from_utf8_lossy(&out.stderr));
                skipped += 1;
                continue;
            }
            assert!(
                out.status.success(),
                "clang-19 failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let src = String::from_utf8_lossy(&std::fs::read(&s).expect("read clang output"))
                .into_owned();
            cases.push(case(&format!("{stem}-{vn}"), triple, mcargs, &src));
        }
    }
    let (n, secs) = run_cases(&cases);
    eprintln!(
        "clang-19 output: {n} inputs, {secs} sections identical to llvm-mc-19 ({skipped} skipped)"
    );
    assert!(secs >= n, "too few sections compared");
    assert!(skipped * 4 <= n, "too many inputs skipped");
}

// ------------------------------------------------------------- unit tests

#[test]
fn advance_loc_encodings() {
    let enc = |d| {
        let mut v = Vec::new();
        cfi::encode_advance_loc(d, 1, &mut v);
        v
    };
    assert_eq!(enc(0), Vec::<u8>::new());
    assert_eq!(enc(1), vec![0x41]);
    assert_eq!(enc(63), vec![0x7f]);
    assert_eq!(enc(64), vec![0x02, 64]);
    assert_eq!(enc(255), vec![0x02, 255]);
    assert_eq!(enc(256), vec![0x03, 0, 1]);
    assert_eq!(enc(0x10000), vec![0x04, 0, 0, 1, 0]);
    let mut v = Vec::new();
    cfi::encode_advance_loc(8, 4, &mut v);
    assert_eq!(v, vec![0x42]);
}

#[test]
fn line_advance_encodings() {
    let p = LineParams::default();
    let enc = |l, a| {
        let mut v = Vec::new();
        line::encode_line_advance(&p, 1, l, a, &mut v);
        v
    };
    assert_eq!(enc(0, 0), vec![1]);
    assert_eq!(enc(1, 0), vec![13 + 6]);
    assert_eq!(enc(-5, 0), vec![13]);
    assert_eq!(enc(9, 0), vec![3, 9, 1]);
    assert_eq!(enc(i64::MAX, 0), vec![0, 1, 1]);
    assert_eq!(enc(i64::MAX, 17), vec![8, 0, 1, 1]);
    assert_eq!(enc(i64::MAX, 5), vec![2, 5, 0, 1, 1]);
    assert_eq!(enc(0, 16), vec![13 + 5 + 16 * 14]);
    assert_eq!(enc(0, 17), vec![8, 13 + 5]);
    assert_eq!(enc(0, 18), vec![8, 13 + 5 + 14]);
    assert_eq!(enc(0, 1000), vec![2, 0xe8, 0x07, 18]);
    assert_eq!(enc(100, 1000), vec![3, 0xe4, 0, 2, 0xe8, 0x07, 1]);
    assert_eq!(
        enc(i64::MIN, 0),
        vec![3, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f, 1]
    );
}

#[test]
fn registers() {
    use X86Mode::*;
    assert_eq!(regs::parse_cfi_register("%rbp", X86_64), Some(6));
    assert_eq!(regs::parse_cfi_register("rbp", X86_64), Some(6));
    assert_eq!(regs::parse_cfi_register("6", X86_64), Some(6));
    assert_eq!(regs::parse_cfi_register("0x10", X86_64), Some(16));
    assert_eq!(regs::parse_cfi_register("%RSP", X86_64), Some(7));
    assert_eq!(regs::parse_cfi_register("%ebp", X86_64), Some(regs::INVALID_IN_FLAVOUR));
    assert_eq!(regs::parse_cfi_register("%ebp", I386), Some(5));
    assert_eq!(regs::parse_cfi_register("%rbp", I386), None);
    assert_eq!(regs::parse_cfi_register("%st(3)", I386), Some(14));
    assert_eq!(regs::parse_cfi_register("%xmm20", X86_64), Some(71));
    assert_eq!(regs::parse_cfi_register("%xmm8", I386), None);
    assert_eq!(regs::parse_cfi_register("%ax", I386), Some(regs::NO_DWARF_NUMBER));
    assert_eq!(regs::parse_cfi_register("%foo", X86_64), None);
    assert_eq!(regs::parse_cfi_register("%r16", X86_64), None);
}

/// Every register name llvm-mc-19 accepts in `.cfi_undefined`, both modes.
#[test]
fn registers_against_llvm_mc() {
    let mut names: Vec<String> = [
        "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "rip", "eax", "ebx", "ecx", "edx",
        "esi", "edi", "ebp", "esp", "eip", "ax", "bx", "cx", "dx", "si", "di", "bp", "sp", "ip",
        "al", "bl", "cl", "dl", "ah", "bh", "ch", "dh", "sil", "dil", "bpl", "spl", "eflags",
        "rflags", "es", "cs", "ss", "ds", "fs", "gs", "mxcsr", "ssp", "fpsr", "fpcr", "st",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    for i in 8..16 {
        for suf in ["", "d", "w", "b"] {
            names.push(format!("r{i}{suf}"));
        }
    }
    for i in 0..32 {
        names.extend([format!("xmm{i}"), format!("ymm{i}"), format!("zmm{i}")]);
    }
    for i in 0..8 {
        names.extend([format!("k{i}"), format!("st({i})"), format!("mm{i}"), format!("tmm{i}")]);
    }
    for i in 0..16 {
        names.extend([format!("cr{i}"), format!("dr{i}")]);
    }
    for (triple, mode) in [(X64, X86Mode::X86_64), (I386, X86Mode::I386)] {
        // One function per register; the FDE instructions then give the
        // numbers in order. Registers the mode rejects are left out.
        let expected: Vec<(String, u32)> = names
            .iter()
            .filter_map(|n| regs::dwarf_reg_number(n, mode).map(|r| (n.clone(), r)))
            .collect();
        let mut src = String::from("\t.text\n\t.cfi_startproc\n");
        for (n, _) in &expected {
            src.push_str(&format!("\t.cfi_undefined %{n}\n"));
        }
        src.push_str("\t.cfi_endproc\n");
        let obj = llvm_mc(&src, triple, &[], &format!("regs-{triple}"));
        let secs = llvm_sections(&obj);
        let eh = &secs[".eh_frame"].bytes;
        let cie_len = u32::from_le_bytes(eh[0..4].try_into().expect("len")) as usize;
        let fde = 4 + cie_len;
        let mut p = fde + 17;
        for (n, r) in &expected {
            assert_eq!(eh[p], 0x07, "{triple} {n}");
            let (v, len) = llvmext_core::leb128::read_uleb128(&eh[p + 1..]).expect("uleb");
            assert_eq!(v as u32, *r, "{triple}: %{n}");
            p += 1 + len;
        }
        // And the names we reject are rejected by llvm-mc too.
        for n in names.iter().filter(|n| regs::dwarf_reg_number(n, mode).is_none()) {
            let src = format!("\t.text\n\t.cfi_startproc\n\t.cfi_undefined %{n}\n\t.cfi_endproc\n");
            let d = tmpdir();
            let s = d.join("rej.s");
            std::fs::write(&s, src).expect("write");
            let out = run(Command::new("llvm-mc-19")
                .arg(format!("-triple={triple}"))
                .arg("-filetype=obj")
                .arg(&s)
                .arg("-o")
                .arg(d.join("rej.o")));
            assert!(!out.status.success(), "{triple}: llvm-mc-19 accepts %{n}");
        }
    }
}

#[test]
fn directive_errors() {
    let mut m = Mock::new();
    let mut c: CfiState<Sym, Sec> = CfiState::new();
    assert_eq!(c.end_proc(&mut m).unwrap_err().message, cfi::MSG_OUTSIDE_FRAME);
    assert_eq!(c.add(&mut m, CfiOp::RememberState).unwrap_err().message, cfi::MSG_OUTSIDE_FRAME);
    c.start_proc(&mut m, false).expect("start");
    assert_eq!(c.start_proc(&mut m, false).unwrap_err().message, cfi::MSG_NESTED_FRAME);
    assert_eq!(c.finish().unwrap_err().message, cfi::MSG_UNFINISHED_FRAME);
    let other = m.sec_by_name(".text.b");
    m.cur = other;
    c.start_proc(&mut m, false).expect("nested in another section");
    c.end_proc(&mut m).expect("end");
    c.end_proc(&mut m).expect("end");
    assert!(c.finish().is_ok());

    let mut l: LineTable<Sym, Sec> = LineTable::new(4);
    let o = LocOptions::default();
    assert_eq!(
        l.loc_directive(&mut m, 0, 1, 0, &o).unwrap_err().message,
        line::MSG_LOC_FILE_LT_ONE
    );
    assert_eq!(l.loc_directive(&mut m, 1, 1, 0, &o).unwrap_err().message, line::MSG_LOC_UNASSIGNED);
    l.file_directive(1, "", "a.c", None, None).expect("file");
    assert_eq!(
        l.file_directive(1, "", "a.c", None, None).unwrap_err().message,
        line::MSG_FILE_ALLOCATED
    );
    let w = l.file_directive(2, "", "b.c", Some([0; 16]), None).expect("file");
    assert_eq!(w.map(|e| e.message), Some(line::MSG_INCONSISTENT_MD5.to_owned()));
    assert_eq!(l.file_directive(3, "", "c.c", Some([0; 16]), None).expect("file"), None);
    let bad = LocOptions { is_stmt: Some(2), ..LocOptions::default() };
    assert_eq!(
        l.loc_directive(&mut m, 1, 1, 0, &bad).unwrap_err().message,
        "is_stmt value not 0 or 1"
    );
    let bad = LocOptions { isa: Some(-1), ..LocOptions::default() };
    assert_eq!(
        l.loc_directive(&mut m, 1, 1, 0, &bad).unwrap_err().message,
        "isa number less than zero"
    );
    l.file_directive(5, "", "e.c", None, None).expect("file");
    let errs: Vec<String> = l.check_files().into_iter().map(|e| e.message).collect();
    assert_eq!(errs, vec!["unassigned file number: 4 for .file directives".to_owned()]);
    assert!(l.file_directive(1 << 40, "", "huge.c", None, None).is_ok());
    assert!(l.file_directive(u64::from(u32::MAX), "", "huge.c", None, None).is_err());
}

#[test]
fn paths() {
    for (p, f, d) in [
        ("a.c", "a.c", ""),
        ("x/a.c", "a.c", "x"),
        ("/a.c", "a.c", "/"),
        ("/", "/", ""),
        ("dir/", ".", "dir"),
        ("a//b", "b", "a"),
        ("//net/x", "x", "//net/"),
        ("", "", ""),
    ] {
        assert_eq!(line::path_filename(p), f, "filename({p})");
        assert_eq!(line::path_parent(p), d, "parent_path({p})");
    }
}
