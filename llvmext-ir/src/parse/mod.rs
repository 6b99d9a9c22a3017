//! The `.ll` parser: reads what `llvm-as-19` accepts into a [`Module`].
//!
//! ```
//! let m = llvmext_ir::parse::parse(b"@g = global i32 7\n", "x.ll").unwrap();
//! assert_eq!(m.globals.len(), 1);
//! let e = llvmext_ir::parse::parse(b"foo\n", "x.ll").unwrap_err();
//! assert_eq!(e.to_string(), "x.ll:1:1: error: expected top-level entity\nfoo\n^");
//! ```
//!
//! Errors are located and worded as LLVM's `LLParser` words them. Nesting
//! of types, constants and metadata is bounded ([`MAX_DEPTH`]); nothing is
//! allocated by a count read from the input.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use hashbrown::HashMap;

use crate::attr::{Attr, AttrCategory, AttrKind, AttrList};
use crate::constant::{expr_flags, ConstKind, ExprOp};
use crate::datalayout::DataLayout;
use crate::float::FloatValue;
use crate::id::{ConstId, TypeId};
use crate::inst::{BinOp, CastOp};
use crate::int::IntValue;
use crate::module::*;
use crate::name::ByteStr;
use crate::types::{FloatKind, TypeKind};

mod func;
mod lexer;
mod md;
mod upgrade;

use lexer::{unescape, Lexer, Tok, Token};

/// How deeply types, constants and metadata may nest.
pub const MAX_DEPTH: u32 = 64;

/// A parse error, located at a line and column (1-based; a tab counts as one
/// column, as in LLVM).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line (1-based).
    pub line: u32,
    /// The column (1-based, in bytes).
    pub col: u32,
    /// The message, worded as LLVM's.
    pub message: String,
    /// The file name given to [`parse`].
    pub file: String,
    /// The text of the line at fault.
    pub source_line: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.message)?;
        // Tabs expand to 8-column stops, as LLVM's SourceMgr shows them.
        let mut shown = String::with_capacity(self.source_line.len());
        let mut caret = 0usize;
        for (i, ch) in self.source_line.chars().enumerate() {
            if i + 1 == self.col as usize {
                caret = shown.chars().count();
            }
            if ch == '\t' {
                let n = 8 - shown.chars().count() % 8;
                for _ in 0..n {
                    shown.push(' ');
                }
            } else {
                shown.push(ch);
            }
        }
        if self.col as usize > self.source_line.chars().count() {
            caret =
                shown.chars().count() + (self.col as usize - 1 - self.source_line.chars().count());
        }
        f.write_str(&shown)?;
        f.write_str("\n")?;
        for _ in 0..caret {
            f.write_str(" ")?;
        }
        f.write_str("^")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseError {}

/// An error inside the parser: a byte offset and a message.
#[derive(Debug)]
pub(crate) struct PErr {
    pos: u32,
    msg: String,
}

pub(crate) type R<T> = Result<T, PErr>;

fn located(src: &[u8], file: &str, pos: usize, msg: String) -> ParseError {
    let pos = pos.min(src.len());
    let line_start = src[..pos].iter().rposition(|&c| c == b'\n').map_or(0, |p| p + 1);
    let line = src[..line_start].iter().filter(|&&c| c == b'\n').count() as u32 + 1;
    let line_end =
        src[pos..].iter().position(|&c| c == b'\n' || c == b'\r').map_or(src.len(), |p| pos + p);
    let text = String::from_utf8_lossy(&src[line_start..line_end]).into_owned();
    let col = String::from_utf8_lossy(&src[line_start..pos]).chars().count() as u32 + 1;
    ParseError { line, col, message: msg, file: file.into(), source_line: text }
}

/// LLParser's `sortUseListOrder` checks: `value` with `uses` uses given
/// `n` indexes at `loc`.
pub(crate) fn check_use_count(loc: u32, uses: usize, n: usize) -> R<()> {
    if uses == 0 {
        return err(loc, "value has no uses");
    }
    if uses < 2 {
        return err(loc, "value only has one use");
    }
    if uses != n {
        return err(loc, format!("wrong number of indexes, expected {uses}"));
    }
    Ok(())
}

/// Parses a whole `.ll` module as `llvm-as` reads it. `file` names it in
/// errors and is the `source_filename` when the text gives none (as
/// `llvm-as` does).
///
/// Like `llvm-as`, this upgrades what LLVM 19 upgrades on read, and drops
/// debug info that has a stale `"Debug Info Version"` or fails the
/// debug-info checks ([`debug_info::upgrade_debug_info`]); use
/// [`parse_with`] to see the warning or to keep such debug info.
///
/// [`debug_info::upgrade_debug_info`]: crate::debug_info::upgrade_debug_info
pub fn parse(src: &[u8], file: &str) -> Result<Module, ParseError> {
    parse_with(src, file, &ParseOptions::default()).map(|p| p.module)
}

/// How [`parse_with`] reads a module.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Run [`debug_info::upgrade_debug_info`] on the module, as `llvm-as`
    /// does unless given `-disable-verify` (default `true`).
    ///
    /// [`debug_info::upgrade_debug_info`]: crate::debug_info::upgrade_debug_info
    pub upgrade_debug_info: bool,
    /// Read a module's trailing metadata (the `!N = ...` lines compilers
    /// print after the last function, half of a `-g` file) on a second
    /// thread while this one reads the rest (default `false`; needs the
    /// `std` feature, ignored without it). The module, its printed text
    /// and every error message are the same as without it: input the
    /// split does not fit is read again on one thread.
    pub parallel: bool,
    /// With [`parallel`](Self::parallel): the least length of trailing
    /// metadata text worth a thread (default 1 MiB).
    pub parallel_min_len: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions { upgrade_debug_info: true, parallel: false, parallel_min_len: 1 << 20 }
    }
}

impl ParseOptions {
    /// Sets [`upgrade_debug_info`](Self::upgrade_debug_info).
    pub fn upgrade_debug_info(mut self, on: bool) -> Self {
        self.upgrade_debug_info = on;
        self
    }

    /// Sets [`parallel`](Self::parallel).
    pub fn parallel(mut self, on: bool) -> Self {
        self.parallel = on;
        self
    }

    /// Sets [`parallel_min_len`](Self::parallel_min_len).
    pub fn parallel_min_len(mut self, len: usize) -> Self {
        self.parallel_min_len = len;
        self
    }
}

/// A parsed module and what LLVM would have warned about while reading it.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Parsed {
    /// The module.
    pub module: Module,
    /// Warnings (`llvm-as` prints them as `warning: ...` and goes on).
    pub warnings: Vec<crate::debug_info::DebugInfoWarning>,
}

/// [`parse`] with options, returning the warnings too.
///
/// ```
/// use llvmext_ir::parse::{parse_with, ParseOptions};
/// let src = b"define void @f() !dbg !0 {\n  ret void\n}\n\
///             !0 = distinct !DISubprogram(name: \"f\", spFlags: 0)\n";
/// let p = parse_with(src, "f.ll", &ParseOptions::default())?;
/// assert_eq!(p.warnings[0].to_string(),
///            "ignoring debug info with an invalid version (0) in f.ll");
/// # Ok::<(), llvmext_ir::parse::ParseError>(())
/// ```
pub fn parse_with(src: &[u8], file: &str, opts: &ParseOptions) -> Result<Parsed, ParseError> {
    parse_inner(src, file, opts, None)
}

/// [`parse_with`], telling `done_before` how far the text has been read:
/// it is called, about once per MiB, with an offset before which the parser
/// no longer reads the text, except to locate an error.
///
/// A caller that maps the file into memory can hand those pages back to
/// the operating system (`madvise(MADV_DONTNEED)` on a read-only file
/// mapping, as `llvmext-opt` does), so the text costs little memory next
/// to the module being built. With [`ParseOptions::parallel`], the
/// trailing metadata read on the second thread is reported read only at
/// the end.
///
/// ```
/// use llvmext_ir::parse::{parse_with_progress, ParseOptions};
/// let mut src = Vec::new();
/// for i in 0..40_000 {
///     src.extend_from_slice(format!("@g{i} = global i32 {i}\n").as_bytes());
/// }
/// let mut marks = Vec::new();
/// let p = parse_with_progress(&src, "g.ll", &ParseOptions::default(), &mut |at| marks.push(at))?;
/// assert_eq!(p.module.globals.len(), 40_000);
/// assert!(!marks.is_empty() && marks.windows(2).all(|w| w[0] < w[1]));
/// assert!(marks.iter().all(|&at| at <= src.len()));
/// # Ok::<(), llvmext_ir::parse::ParseError>(())
/// ```
pub fn parse_with_progress(
    src: &[u8],
    file: &str,
    opts: &ParseOptions,
    done_before: &mut dyn FnMut(usize),
) -> Result<Parsed, ParseError> {
    parse_inner(src, file, opts, Some(done_before))
}

/// How much text passes between two progress reports.
const PROGRESS_STEP: usize = 1 << 20;

fn parse_inner(
    src: &[u8],
    file: &str,
    opts: &ParseOptions,
    mut done_before: Option<&mut dyn FnMut(usize)>,
) -> Result<Parsed, ParseError> {
    // Reports stay increasing when a split read is done again serially.
    let mut high = 0usize;
    let mut report = |at: usize| {
        if at > high {
            high = at;
            if let Some(f) = done_before.as_mut() {
                f(at);
            }
        }
    };
    let mut p = Parser::new(src);
    p.split_min =
        if opts.parallel && cfg!(feature = "std") { Some(opts.parallel_min_len) } else { None };
    let mut r = p.run(file, &mut report);
    if r.is_err() && p.split_used {
        // Whatever went wrong, the one-thread read says it as it would.
        p = Parser::new(src);
        r = p.run(file, &mut report);
    }
    match r {
        Ok(()) => {
            let mut m = core::mem::take(&mut p.m);
            // LLVM's module identifier: the file name it was read from.
            if m.module_id.is_none() {
                m.module_id = Some(file.into());
            }
            // As llvm-as's AutoUpgrade does.
            let mut warnings = Vec::new();
            upgrade::upgrade(&mut m, |m| {
                if opts.upgrade_debug_info {
                    warnings.extend(crate::debug_info::upgrade_debug_info(m));
                }
            });
            crate::intrinsics::apply_intrinsic_attributes(&mut m);
            Ok(Parsed { module: m, warnings })
        }
        Err(e) => Err(located(src, file, e.pos as usize, e.msg)),
    }
}

/// What LLVM's `AutoUpgrade` does to a module an older producer wrote, as
/// LLVM 19's readers do it (the `.ll` parser does it on its own; a reader
/// of bitcode calls this once the bodies are read): calls of the old debug
/// intrinsics become debug records, intrinsics renamed or re-typed since
/// (typed-pointer manglings, `llvm.ctlz` with one argument, ...) take
/// their LLVM 19 form, and every intrinsic gets LLVM 19's attributes for
/// it. A module with nothing to upgrade is left as it is.
pub fn auto_upgrade(m: &mut Module) {
    upgrade::upgrade(m, |_| {});
    crate::intrinsics::apply_intrinsic_attributes(m);
}

/// A local-name key: a name or a number.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Key<'a> {
    N(Cow<'a, [u8]>),
    I(u32),
}

/// A global's placeholder state.
#[derive(Debug, Clone, Copy)]
struct GlobalSlot {
    r: GlobalRef,
    defined: bool,
}

pub(crate) struct Parser<'a> {
    pub src: &'a [u8],
    lex: Lexer<'a>,
    pub tok: Token,
    pub m: Module,
    depth: u32,
    gnames: HashMap<Cow<'a, [u8]>, GlobalSlot>,
    gnums: HashMap<u32, GlobalSlot>,
    next_global_num: u32,
    /// Uses of globals with the address space they were used at, checked
    /// once every global is defined.
    global_uses: Vec<(GlobalRef, u32, u32)>,
    numbered_types: HashMap<u32, TypeId>,
    /// Identified structs referenced but not (yet) defined: id and first use.
    type_fwd: HashMap<TypeId, (u32, Key<'a>)>,
    comdat_names: HashMap<Cow<'a, [u8]>, ComdatId>,
    comdat_fwd: HashMap<ComdatId, u32>,
    attr_groups: HashMap<u32, Vec<Attr>>,
    attr_group_pos: Vec<usize>,
    /// blockaddress constants to fill in: constant, function, block key, use.
    blockaddrs: Vec<(ConstId, GlobalRef, Key<'a>, u32)>,
    pub md: md::MdState<'a>,
    pub f: Option<func::FnState<'a>>,
    /// The module's data layout (LLVM's default until `target datalayout`).
    pub dl: DataLayout,
    /// Set once a top-level entity other than `target` and
    /// `source_filename` has been read: those must come first.
    past_header: bool,
    /// A `#dbg_*` record was seen (LLParser's `SeenNewDbgInfoFormat`).
    pub seen_dbg_records: bool,
    /// A call of `llvm.dbg.declare`/`value`/`assign` was seen
    /// (`SeenOldDbgInfoFormat`).
    pub seen_dbg_calls: bool,
    /// Where the last `target datalayout` string starts.
    dl_loc: u32,
    /// Read trailing metadata of at least this many bytes on a second
    /// thread (`ParseOptions::parallel`).
    split_min: Option<usize>,
    /// Where the trailing run of metadata statements starts, when no
    /// metadata statement comes before it (found by the prescan).
    md_tail: Option<usize>,
    /// The read was split (an error then means: read again serially).
    split_used: bool,
}

/// `memory(readwrite)`: every location read and written (LLVM's
/// `MemoryEffects::unknown()`, in [`Attr::Int`]'s encoding).
const MEMORY_UNKNOWN: u64 = 0x3f;

/// The `MemoryEffects` an old function memory attribute stands for, which
/// LLParser's `upgradeMemoryAttr` intersects into one `memory(...)`.
fn old_memory_attr(w: &[u8]) -> Option<u64> {
    Some(match w {
        b"readnone" => 0,
        b"readonly" => 0x15,
        b"writeonly" => 0x2a,
        b"argmemonly" => 0x03,
        b"inaccessiblememonly" => 0x0c,
        b"inaccessiblemem_or_argmemonly" => 0x0f,
        _ => return None,
    })
}

/// Adds (or replaces) the `memory` attribute when the old memory keywords
/// narrowed it, as `AttrBuilder::addMemoryAttr` does.
fn set_memory(out: &mut Vec<Attr>, me: u64) {
    if me == MEMORY_UNKNOWN {
        return;
    }
    let Some(k) = AttrKind::from_keyword("memory") else { return };
    out.retain(|a| a.kind() != Some(k));
    out.push(Attr::Int(k, me));
}

pub(crate) fn err<T>(pos: u32, msg: impl Into<String>) -> R<T> {
    Err(PErr { pos, msg: msg.into() })
}

impl<'a> Parser<'a> {
    fn new(src: &'a [u8]) -> Self {
        let mut lex = Lexer::new(src, 0);
        let tok = lex.next();
        Parser {
            src,
            lex,
            tok,
            m: Module::new(),
            depth: 0,
            gnames: HashMap::new(),
            gnums: HashMap::new(),
            next_global_num: 0,
            global_uses: Vec::new(),
            numbered_types: HashMap::new(),
            type_fwd: HashMap::new(),
            comdat_names: HashMap::new(),
            comdat_fwd: HashMap::new(),
            attr_groups: HashMap::new(),
            attr_group_pos: Vec::new(),
            blockaddrs: Vec::new(),
            md: md::MdState::default(),
            f: None,
            dl: DataLayout::default(),
            past_header: false,
            seen_dbg_records: false,
            seen_dbg_calls: false,
            dl_loc: 0,
            split_min: None,
            md_tail: None,
            split_used: false,
        }
    }

    // ----- token helpers -----

    #[inline]
    pub fn bump(&mut self) {
        self.tok = self.lex.next();
    }

    #[inline]
    pub fn text(&self) -> &'a [u8] {
        let s = self.src;
        s.get(self.tok.start as usize..self.tok.end as usize).unwrap_or(&[])
    }

    #[inline]
    pub fn loc(&self) -> u32 {
        self.tok.start
    }

    #[inline]
    pub fn is(&self, kw: &str) -> bool {
        self.tok.kind == Tok::Ident && self.text() == kw.as_bytes()
    }

    /// Eats keyword `kw` if it is next.
    #[inline]
    pub fn eat(&mut self, kw: &str) -> bool {
        if self.is(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    #[inline]
    /// The keyword of a table (`from` is its `from_keyword`) the current
    /// token spells, taken.
    pub fn eat_keyword<T>(&mut self, from: fn(&[u8]) -> Option<T>) -> Option<T> {
        if self.tok.kind != Tok::Ident {
            return None;
        }
        let v = from(self.text())?;
        self.bump();
        Some(v)
    }

    pub fn eat_tok(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, k: Tok, what: &str) -> R<()> {
        if self.tok.kind == k {
            self.bump();
            Ok(())
        } else {
            self.fail(format!("expected {what}"))
        }
    }

    pub fn expect_kw(&mut self, kw: &str) -> R<()> {
        if self.eat(kw) {
            Ok(())
        } else {
            self.fail(format!("expected '{kw}'"))
        }
    }

    pub fn fail<T>(&self, msg: impl Into<String>) -> R<T> {
        if let Tok::Error(m) = self.tok.kind {
            // LLVM reports an unterminated string as what was expected.
            if !m.starts_with("end of file") && m != lexer::NUL_IN_NAME {
                return err(self.tok.start, m);
            }
        }
        err(self.tok.start, msg)
    }

    pub fn enter(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail("nesting too deep");
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The string value of the current `Str` token (unescaped).
    pub fn str_value(&self) -> Cow<'a, [u8]> {
        let t = self.text();
        unescape(t.get(1..t.len().saturating_sub(1)).unwrap_or(&[]))
    }

    pub fn parse_str(&mut self) -> R<Cow<'a, [u8]>> {
        if self.tok.kind != Tok::Str {
            return self.fail("expected string constant");
        }
        let v = self.str_value();
        self.bump();
        Ok(v)
    }

    pub fn parse_str_utf8(&mut self) -> R<Box<str>> {
        let v = self.parse_str()?;
        Ok(String::from_utf8_lossy(&v).into())
    }

    /// A string constant's bytes as a [`ByteStr`].
    pub fn parse_bytestr(&mut self) -> R<ByteStr> {
        Ok(ByteStr::from(&*self.parse_str()?))
    }

    /// The name of a `@x`/`%x`/`$x`/`!x` token, unescaped.
    pub fn var_name(&self) -> Cow<'a, [u8]> {
        let t = self.text();
        let body = t.get(1..).unwrap_or(&[]);
        if body.first() == Some(&b'"') {
            unescape(body.get(1..body.len().saturating_sub(1)).unwrap_or(&[]))
        } else if self.tok.kind == Tok::MetadataVar && body.contains(&b'\\') {
            // `!\61b`: LLLexer unescapes metadata names too.
            unescape(body)
        } else {
            Cow::Borrowed(body)
        }
    }

    /// The number of a `@N`/`%N`/`#N` token.
    pub fn var_num(&self) -> R<u32> {
        let t = self.text();
        parse_u32(t.get(1..).unwrap_or(&[]))
            .ok_or_else(|| PErr { pos: self.loc(), msg: "invalid value number (too large)".into() })
    }

    pub fn parse_u64(&mut self) -> R<u64> {
        if self.tok.kind != Tok::Int {
            return self.fail("expected integer");
        }
        let t = self.text();
        let v = parse_u64_dec(t)
            .ok_or_else(|| PErr { pos: self.loc(), msg: "expected integer".into() })?;
        self.bump();
        Ok(v)
    }

    pub fn parse_u32(&mut self) -> R<u32> {
        let loc = self.loc();
        let v = self.parse_u64()?;
        u32::try_from(v).or_else(|_| err(loc, "expected 32-bit integer (too large)"))
    }

    fn parse_i64(&mut self) -> R<i64> {
        if self.tok.kind != Tok::Int {
            return self.fail("expected integer");
        }
        let t = self.text();
        let (neg, d) = match t.first() {
            Some(b'-') => (true, &t[1..]),
            _ => (false, t),
        };
        let v = parse_u64_dec(d)
            .ok_or_else(|| PErr { pos: self.loc(), msg: "expected integer".into() })?;
        self.bump();
        let v = if neg { (v as i64).wrapping_neg() } else { v as i64 };
        Ok(v)
    }

    // ----- the module -----

    fn run(&mut self, file: &str, report: &mut dyn FnMut(usize)) -> R<()> {
        self.prescan()?;
        // Attribute groups first: they may be referenced before their
        // definition.
        let positions = core::mem::take(&mut self.attr_group_pos);
        for pos in positions {
            self.lex = Lexer::new(self.src, pos);
            self.bump();
            self.parse_attr_group()?;
        }
        self.md.init_kinds(&mut self.m);
        let split =
            self.split_min.zip(self.md_tail).filter(|&(min, at)| self.src.len() - at >= min);
        match split {
            #[cfg(feature = "std")]
            Some((_, at)) => {
                self.split_used = true;
                self.read_split(at, report)?;
            }
            _ => {
                self.lex = Lexer::new(self.src, 0);
                self.bump();
                self.statements(report)?;
            }
        }
        self.finish()?;
        if self.m.source_filename.is_none() {
            self.m.source_filename = Some(file.as_bytes().into());
        }
        Ok(())
    }

    /// The top-level statements from the current token to the end of
    /// `self.src`.
    fn statements(&mut self, report: &mut dyn FnMut(usize)) -> R<()> {
        let mut reported = 0usize;
        loop {
            // Between top-level entities: what lies before is read.
            let at = self.tok.start as usize;
            if at >= reported + PROGRESS_STEP {
                report(at);
                reported = at;
            }
            match self.tok.kind {
                Tok::Eof => break,
                _ => self.top_level()?,
            }
        }
        if !self.past_header {
            self.past_header = true;
            self.apply_datalayout()?;
        }
        Ok(())
    }

    /// The statements, with the trailing metadata from `at` on read by a
    /// second thread, then merged (any error: the caller reads again on
    /// one thread, so messages are the serial read's).
    #[cfg(feature = "std")]
    fn read_split(&mut self, at: usize, report: &mut dyn FnMut(usize)) -> R<()> {
        let full = self.src;
        self.src = &full[..at];
        self.lex = Lexer::new(self.src, 0);
        self.bump();
        let (a, tail) = std::thread::scope(|s| {
            let tail = s.spawn(move || Parser::parse_md_tail(full, at));
            let a = self.statements(report);
            (a, tail.join())
        });
        a?;
        let tail = tail.unwrap_or_else(|p| std::panic::resume_unwind(p))?;
        self.src = full;
        self.merge_md_tail(tail)?;
        self.resolve_deferred()?;
        report(full.len());
        Ok(())
    }

    /// Parses the last `target datalayout` string once the module's header
    /// (its `target` and `source_filename` lines) is read, as LLParser's
    /// `parseTargetDefinitions` does.
    fn apply_datalayout(&mut self) -> R<()> {
        if let Some(s) = self.m.datalayout.as_deref() {
            self.dl = DataLayout::parse(s)
                .map_err(|e| PErr { pos: self.dl_loc, msg: e.message.into() })?;
        }
        Ok(())
    }

    /// Finds every global value definition (so references resolve in one
    /// pass) and the attribute groups.
    fn prescan(&mut self) -> R<()> {
        let mut lex = Lexer::new(self.src, 0);
        let mut prev = lex.next();
        let mut cur = lex.next();
        let mut at_stmt = true;
        // The first metadata statement, and the start of the current run
        // of metadata statements (the split point of a parallel read).
        let mut first_md = None;
        let mut md_run = None;
        loop {
            match prev.kind {
                Tok::Eof => break,
                // A metadata definition holds nothing the prescan looks for:
                // skip its line by bytes (half of a `-g` file).
                Tok::Exclaim | Tok::MetadataVar if at_stmt => {
                    first_md = first_md.or(Some(prev.start as usize));
                    md_run = md_run.or(Some(prev.start as usize));
                    lex.pos = skip_line(self.src, prev.end as usize);
                    prev = lex.next();
                    cur = lex.next();
                    at_stmt = true;
                    continue;
                }
                Tok::GlobalVar | Tok::GlobalId if at_stmt && cur.kind == Tok::Equal => {
                    md_run = None;
                    // Find the kind: scan to global/constant/alias/ifunc.
                    let name_tok = prev;
                    let mut kind = None;
                    let mut t = lex.next();
                    for _ in 0..32 {
                        if t.kind != Tok::Ident
                            && t.kind != Tok::LParen
                            && t.kind != Tok::RParen
                            && t.kind != Tok::Int
                            && t.kind != Tok::Str
                        {
                            break;
                        }
                        let w = &self.src[t.start as usize..t.end as usize];
                        match w {
                            b"global" | b"constant" => kind = Some(0),
                            b"alias" => kind = Some(2),
                            b"ifunc" => kind = Some(3),
                            _ => {}
                        }
                        if kind.is_some() {
                            break;
                        }
                        t = lex.next();
                    }
                    if let Some(k) = kind {
                        self.declare_global(name_tok, k)?;
                    }
                    prev = t;
                    cur = lex.next();
                    at_stmt = false;
                    continue;
                }
                Tok::Ident if at_stmt => {
                    md_run = None;
                    let w = &self.src[prev.start as usize..prev.end as usize];
                    if w == b"define" || w == b"declare" {
                        let is_def = w == b"define";
                        // The first global name is the function's.
                        let mut t = cur;
                        while !matches!(t.kind, Tok::GlobalVar | Tok::GlobalId | Tok::Eof) {
                            t = lex.next();
                        }
                        if t.kind != Tok::Eof {
                            self.declare_global(t, 1)?;
                        }
                        if is_def {
                            // Skip the header's tokens up to the body, then
                            // the body by bytes (strings and comments aware).
                            loop {
                                let x = lex.next();
                                match x.kind {
                                    Tok::Eof => break,
                                    Tok::LBrace => {
                                        lex.pos = skip_body(self.src, lex.pos);
                                        break;
                                    }
                                    _ => {}
                                }
                            }
                        }
                        prev = lex.next();
                        cur = lex.next();
                        at_stmt = true;
                        continue;
                    }
                    if w == b"attributes" && cur.kind == Tok::AttrGrpId {
                        self.attr_group_pos.push(prev.start as usize);
                    }
                }
                _ if at_stmt => md_run = None,
                _ => {}
            }
            // Statement starts follow these heuristically: after a `}` or a
            // newline-separated token. We treat every GlobalVar followed by
            // `=` as a definition only at the start of a line.
            prev = cur;
            cur = lex.next();
            at_stmt = self.line_start(prev.start as usize);
            if let Tok::Error(_) = prev.kind {
                // Let the main pass report it.
                if matches!(prev.kind, Tok::Error(_)) && prev.start as usize >= self.src.len() {
                    break;
                }
            }
        }
        if first_md.is_some() && first_md == md_run {
            self.md_tail = md_run;
        }
        Ok(())
    }

    fn line_start(&self, pos: usize) -> bool {
        let before = &self.src[..pos.min(self.src.len())];
        for &c in before.iter().rev() {
            match c {
                b'\n' | b'\r' => return true,
                b' ' | b'\t' => continue,
                _ => return false,
            }
        }
        true
    }

    fn declare_global(&mut self, t: Token, kind: u8) -> R<()> {
        let r = match kind {
            0 => {
                self.m.globals.push(GlobalVar::new(self.m.types.void()));
                GlobalRef::Var(self.m.globals.len() as u32 - 1)
            }
            1 => {
                self.m.functions.push(Function::new(self.m.types.void()));
                GlobalRef::Func(self.m.functions.len() as u32 - 1)
            }
            2 => {
                self.m.aliases.push(Alias {
                    common: GlobalCommon::default(),
                    ty: self.m.types.void(),
                    addrspace: 0,
                    aliasee: ConstId(u32::MAX),
                });
                GlobalRef::Alias(self.m.aliases.len() as u32 - 1)
            }
            _ => {
                self.m.ifuncs.push(IFunc {
                    common: GlobalCommon::default(),
                    ty: self.m.types.void(),
                    addrspace: 0,
                    resolver: ConstId(u32::MAX),
                });
                GlobalRef::IFunc(self.m.ifuncs.len() as u32 - 1)
            }
        };
        self.m.definition_order.push(r);
        let slot = GlobalSlot { r, defined: false };
        let text = &self.src[t.start as usize..t.end as usize];
        if t.kind == Tok::GlobalId {
            let n = parse_u32(&text[1..])
                .ok_or(PErr { pos: t.start, msg: "invalid value number".into() })?;
            if self.gnums.insert(n, slot).is_some() {
                return err(t.start, format!("redefinition of global '@{n}'"));
            }
        } else {
            let body = &text[1..];
            let name = if body.first() == Some(&b'"') {
                unescape(&body[1..body.len() - 1])
            } else {
                Cow::Borrowed(body)
            };
            if self.gnames.contains_key(&name) {
                return err(
                    t.start,
                    format!("redefinition of global '@{}'", String::from_utf8_lossy(&name)),
                );
            }
            // Owned: the text it came from may be handed back (see
            // `parse_with_progress`) while the name is still looked up.
            self.gnames.insert(Cow::Owned(name.into_owned()), slot);
        }
        Ok(())
    }

    fn common_mut(&mut self, r: GlobalRef) -> &mut GlobalCommon {
        match r {
            GlobalRef::Var(i) => &mut self.m.globals[i as usize].common,
            GlobalRef::Func(i) => &mut self.m.functions[i as usize].common,
            GlobalRef::Alias(i) => &mut self.m.aliases[i as usize].common,
            GlobalRef::IFunc(i) => &mut self.m.ifuncs[i as usize].common,
        }
    }

    /// The slot of the global named by the current token (a definition).
    fn def_global(&mut self) -> R<GlobalRef> {
        let loc = self.loc();
        let (slot, name) = if self.tok.kind == Tok::GlobalId {
            let n = self.var_num()?;
            if n < self.next_global_num {
                return err(
                    loc,
                    format!(
                        "variable expected to be numbered '@{}' or greater",
                        self.next_global_num
                    ),
                );
            }
            self.next_global_num = n + 1;
            (self.gnums.get_mut(&n), None)
        } else {
            let name = self.var_name();
            let s = ByteStr::from(&*name);
            (self.gnames.get_mut(&name), Some(s))
        };
        let Some(slot) = slot else { return err(loc, "expected top-level entity") };
        if slot.defined {
            return err(loc, "redefinition of global");
        }
        slot.defined = true;
        let r = slot.r;
        self.common_mut(r).name = name;
        self.bump();
        Ok(r)
    }

    fn top_level(&mut self) -> R<()> {
        let header =
            self.tok.kind == Tok::Ident && matches!(self.text(), b"source_filename" | b"target");
        if header && self.past_header {
            return self.fail("expected top-level entity");
        }
        if !header && !self.past_header {
            self.past_header = true;
            self.apply_datalayout()?;
        }
        match self.tok.kind {
            Tok::Ident => {
                let w = self.text();
                match w {
                    b"source_filename" => {
                        self.bump();
                        self.expect(Tok::Equal, "'=' after source_filename")?;
                        let s = self.parse_str()?;
                        self.m.source_filename = Some(s.into_owned().into());
                    }
                    b"target" => {
                        self.bump();
                        if self.eat("triple") {
                            self.expect(Tok::Equal, "'=' after target triple")?;
                            self.m.triple = Some(self.parse_str_utf8()?);
                        } else if self.eat("datalayout") {
                            self.expect(Tok::Equal, "'=' after target datalayout")?;
                            self.dl_loc = self.loc();
                            self.m.datalayout = Some(self.parse_str_utf8()?);
                        } else {
                            return self.fail("unknown target property");
                        }
                    }
                    b"module" => {
                        self.bump();
                        self.expect_kw("asm")?;
                        let s = self.parse_str()?;
                        // One entry per line, as LLVM splits appended text.
                        let mut parts: Vec<&[u8]> = s.split(|&c| c == b'\n').collect();
                        if parts.last().is_some_and(|l| l.is_empty()) && parts.len() > 1 {
                            parts.pop();
                        }
                        for p in parts {
                            self.m.module_asm.push(p.into());
                        }
                    }
                    b"declare" => {
                        self.bump();
                        self.parse_function(false)?;
                    }
                    b"define" => {
                        self.bump();
                        self.parse_function(true)?;
                    }
                    b"attributes" => {
                        // Parsed before; skip `attributes #N = { ... }`.
                        self.bump();
                        self.bump();
                        self.expect(Tok::Equal, "'='")?;
                        self.expect(Tok::LBrace, "'{'")?;
                        while !matches!(self.tok.kind, Tok::RBrace | Tok::Eof) {
                            self.bump();
                        }
                        self.expect(Tok::RBrace, "'}'")?;
                    }
                    b"uselistorder" => self.parse_uselistorder()?,
                    b"uselistorder_bb" => self.parse_uselistorder_bb()?,
                    _ => return self.fail("expected top-level entity"),
                }
            }
            Tok::LocalVar | Tok::LocalId => self.parse_type_def()?,
            Tok::GlobalVar | Tok::GlobalId => self.parse_global()?,
            Tok::ComdatVar => self.parse_comdat()?,
            Tok::Exclaim => self.md_parse_numbered()?,
            Tok::MetadataVar => self.md_parse_named()?,
            _ => return self.fail("expected top-level entity"),
        }
        Ok(())
    }

    fn parse_comdat(&mut self) -> R<()> {
        let loc = self.loc();
        let name = self.var_name();
        self.bump();
        self.expect(Tok::Equal, "'=' here")?;
        self.expect_kw("comdat")?;
        let Some(kind) = self.eat_keyword(ComdatKind::from_keyword) else {
            return self.fail("unknown selection kind");
        };
        if let Some(&id) = self.comdat_names.get(&name) {
            if self.comdat_fwd.remove(&id).is_none() {
                return err(
                    loc,
                    format!("redefinition of comdat '${}'", String::from_utf8_lossy(&name)),
                );
            }
            self.m.comdats[id.0 as usize].kind = kind;
        } else {
            let id = ComdatId(self.m.comdats.len() as u32);
            self.m.comdats.push(Comdat { name: ByteStr::from(&*name), kind });
            self.comdat_names.insert(name, id);
        }
        Ok(())
    }

    fn comdat_ref(&mut self, name: Cow<'a, [u8]>, loc: u32) -> ComdatId {
        if let Some(&id) = self.comdat_names.get(&name) {
            return id;
        }
        let id = ComdatId(self.m.comdats.len() as u32);
        self.m.comdats.push(Comdat { name: ByteStr::from(&*name), kind: ComdatKind::Any });
        self.comdat_names.insert(name, id);
        self.comdat_fwd.insert(id, loc);
        id
    }

    /// `comdat` or `comdat($name)`, after the keyword; `own` is the
    /// global's own name.
    fn parse_comdat_ref(&mut self, own: Option<&[u8]>, loc: u32) -> R<ComdatId> {
        if self.eat_tok(Tok::LParen) {
            if self.tok.kind != Tok::ComdatVar {
                return self.fail("expected comdat variable");
            }
            let l = self.loc();
            let n = self.var_name();
            self.bump();
            self.expect(Tok::RParen, "')' after comdat var")?;
            Ok(self.comdat_ref(n, l))
        } else {
            match own {
                Some(n) => {
                    let n: Cow<'a, [u8]> = Cow::Owned(n.to_vec());
                    Ok(self.comdat_ref(n, loc))
                }
                None => err(loc, "comdat cannot be unnamed"),
            }
        }
    }

    // ----- types -----

    fn parse_type_def(&mut self) -> R<()> {
        let loc = self.loc();
        let key = if self.tok.kind == Tok::LocalId {
            Key::I(self.var_num()?)
        } else {
            Key::N(self.var_name())
        };
        self.bump();
        self.expect(Tok::Equal, "'=' after name")?;
        self.expect_kw("type")?;
        let id = self.named_type(&key, None)?;
        let fresh = self.type_fwd.remove(&id).is_some();
        let opaque_now = matches!(self.m.types.named_body(id), Some((_, None)));
        if !fresh && !opaque_now {
            return err(loc, "redefinition of type");
        }
        if self.eat("opaque") {
            return Ok(());
        }
        let packed = if self.tok.kind == Tok::Less {
            self.bump();
            true
        } else {
            false
        };
        if self.tok.kind != Tok::LBrace {
            return self.fail("expected type");
        }
        let fields = self.parse_struct_body()?;
        if packed {
            self.expect(Tok::Greater, "'>' at end of packed struct")?;
        }
        if let Err(e) = self.m.types.set_body(id, &fields, packed) {
            return err(loc, e.to_string());
        }
        Ok(())
    }

    /// The identified struct `key`, created (and noted as a forward
    /// reference at `use_loc`) if new.
    fn named_type(&mut self, key: &Key<'a>, use_loc: Option<u32>) -> R<TypeId> {
        let existing = match key {
            Key::N(n) => self.m.types.find_named(n),
            Key::I(i) => self.numbered_types.get(i).copied(),
        };
        if let Some(t) = existing {
            return Ok(t);
        }
        let id = match key {
            Key::N(n) => self
                .m
                .types
                .named_struct(n)
                .map_err(|e| PErr { pos: use_loc.unwrap_or(self.loc()), msg: e.to_string() })?,
            Key::I(i) => {
                let t = self
                    .m
                    .types
                    .named_struct("")
                    .map_err(|e| PErr { pos: self.loc(), msg: e.to_string() })?;
                self.numbered_types.insert(*i, t);
                t
            }
        };
        self.type_fwd.insert(id, (use_loc.unwrap_or(u32::MAX), key.clone()));
        Ok(id)
    }

    fn parse_struct_body(&mut self) -> R<Vec<TypeId>> {
        self.expect(Tok::LBrace, "'{'")?;
        let mut fields = Vec::new();
        if self.eat_tok(Tok::RBrace) {
            return Ok(fields);
        }
        loop {
            fields.push(self.parse_type()?);
            if !self.eat_tok(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "'}' at end of struct")?;
        Ok(fields)
    }

    pub fn tmap<T>(&self, loc: u32, r: Result<T, crate::types::TypeError>) -> R<T> {
        r.map_err(|e| PErr { pos: loc, msg: e.to_string() })
    }

    /// A type, including function types and the `ptr*` error.
    pub fn parse_type(&mut self) -> R<TypeId> {
        self.enter()?;
        let r = self.parse_type_inner();
        self.leave();
        r
    }

    fn parse_type_inner(&mut self) -> R<TypeId> {
        let loc = self.loc();
        let mut ty = match self.tok.kind {
            Tok::Ident => {
                let w = self.text();
                let t = match w {
                    b"void" => self.m.types.void(),
                    b"half" => self.m.types.float(FloatKind::Half),
                    b"bfloat" => self.m.types.float(FloatKind::BFloat),
                    b"float" => self.m.types.float(FloatKind::Float),
                    b"double" => self.m.types.float(FloatKind::Double),
                    b"x86_fp80" => self.m.types.float(FloatKind::X86Fp80),
                    b"fp128" => self.m.types.float(FloatKind::Fp128),
                    b"ppc_fp128" => self.m.types.float(FloatKind::PpcFp128),
                    b"label" => self.m.types.label(),
                    b"metadata" => self.m.types.metadata(),
                    b"token" => self.m.types.token(),
                    b"x86_amx" => self.m.types.x86_amx(),
                    b"x86_mmx" => self.m.types.x86_mmx(),
                    b"ptr" => {
                        self.bump();
                        let asp = self.parse_opt_addrspace()?;
                        let t = self.m.types.ptr(asp);
                        let t = self.tmap(loc, t)?;
                        if self.tok.kind == Tok::Star {
                            return self.fail("ptr* is invalid - use ptr instead");
                        }
                        return self.type_suffix(t, loc);
                    }
                    b"target" => {
                        self.bump();
                        let t = self.parse_target_ext(loc)?;
                        return self.type_suffix(t, loc);
                    }
                    _ if w.len() > 1
                        && w[0] == b'i'
                        && w[1..].iter().all(|c| c.is_ascii_digit()) =>
                    {
                        let bits = parse_u32(&w[1..]).unwrap_or(u32::MAX);
                        let t = self.m.types.int(bits);
                        self.tmap(loc, t)?
                    }
                    _ => return self.fail("expected type"),
                };
                self.bump();
                t
            }
            Tok::LocalVar | Tok::LocalId => {
                let key = if self.tok.kind == Tok::LocalId {
                    Key::I(self.var_num()?)
                } else {
                    Key::N(self.var_name())
                };
                let t = self.named_type(&key, Some(loc))?;
                self.bump();
                t
            }
            Tok::LBrace => {
                let f = self.parse_struct_body()?;
                let t = self.m.types.literal_struct(&f, false);
                self.tmap(loc, t)?
            }
            Tok::LBrack => {
                self.bump();
                let n = self.parse_u64()?;
                self.expect_kw("x")?;
                let e = self.parse_type()?;
                self.expect(Tok::RBrack, "']' at end of array")?;
                let t = self.m.types.array(e, n);
                self.tmap(loc, t)?
            }
            Tok::Less => {
                self.bump();
                if self.tok.kind == Tok::LBrace {
                    let f = self.parse_struct_body()?;
                    self.expect(Tok::Greater, "'>' at end of packed struct")?;
                    let t = self.m.types.literal_struct(&f, true);
                    self.tmap(loc, t)?
                } else {
                    let scalable = self.eat("vscale");
                    if scalable {
                        self.expect_kw("x")?;
                    }
                    let n = self.parse_u32()?;
                    self.expect_kw("x")?;
                    let e = self.parse_type()?;
                    self.expect(Tok::Greater, "'>' at end of vector")?;
                    let t = self.m.types.vector(e, n, scalable);
                    self.tmap(loc, t)?
                }
            }
            _ => return self.fail("expected type"),
        };
        ty = self.type_suffix(ty, loc)?;
        Ok(ty)
    }

    fn type_suffix(&mut self, mut ty: TypeId, loc: u32) -> R<TypeId> {
        loop {
            match self.tok.kind {
                // Typed pointers (`T*`, `T addrspace(N)*`): LLVM 19 reads
                // them as the opaque `ptr` of that address space.
                Tok::Star | Tok::Ident if self.tok.kind == Tok::Star || self.is("addrspace") => {
                    match self.m.types.get(ty) {
                        Some(TypeKind::Label) => {
                            return self.fail("basic block pointers are invalid")
                        }
                        Some(TypeKind::Void) => {
                            return self.fail(if self.tok.kind == Tok::Star {
                                "pointers to void are invalid - use i8* instead"
                            } else {
                                "pointers to void are invalid; use i8* instead"
                            })
                        }
                        Some(TypeKind::Metadata | TypeKind::Token | TypeKind::X86Amx) => {
                            return self.fail("pointer to this type is invalid")
                        }
                        _ => {}
                    }
                    let asp = if self.tok.kind == Tok::Star {
                        0
                    } else {
                        let a = self.parse_opt_addrspace()?;
                        if self.tok.kind != Tok::Star {
                            return self.fail("expected '*' in address space");
                        }
                        a
                    };
                    self.bump();
                    let t = self.m.types.ptr(asp);
                    ty = self.tmap(loc, t)?;
                }
                Tok::LParen => {
                    let (params, vararg) = self.parse_fn_type_params()?;
                    let t = self.m.types.function(ty, &params, vararg);
                    ty = self.tmap(loc, t)?;
                }
                _ => return Ok(ty),
            }
        }
    }

    fn parse_fn_type_params(&mut self) -> R<(Vec<TypeId>, bool)> {
        self.expect(Tok::LParen, "'('")?;
        let mut params = Vec::new();
        let mut vararg = false;
        if self.eat_tok(Tok::RParen) {
            return Ok((params, false));
        }
        loop {
            if self.eat_tok(Tok::DotDotDot) {
                vararg = true;
                break;
            }
            let t = self.parse_type()?;
            // Attributes are not allowed here; LLVM rejects them.
            params.push(t);
            if !self.eat_tok(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "')' at end of argument list")?;
        Ok((params, vararg))
    }

    fn parse_target_ext(&mut self, loc: u32) -> R<TypeId> {
        self.expect(Tok::LParen, "'(' in target extension type")?;
        let name = self.parse_str_utf8()?;
        let mut tys = Vec::new();
        let mut ints = Vec::new();
        while self.eat_tok(Tok::Comma) {
            if self.tok.kind == Tok::Int {
                ints.push(self.parse_u32()?);
            } else {
                if !ints.is_empty() {
                    return self.fail("expected uint32 param");
                }
                tys.push(self.parse_type()?);
            }
        }
        self.expect(Tok::RParen, "')' in target extension type")?;
        let t = self.m.types.target_ext(&name, &tys, &ints);
        self.tmap(loc, t)
    }

    pub fn parse_opt_addrspace(&mut self) -> R<u32> {
        self.parse_opt_addrspace_or(0)
    }

    /// `addrspace(N)`, or `default` when absent; `"A"`, `"G"` and `"P"`
    /// name the datalayout's alloca, globals and program address spaces.
    pub fn parse_opt_addrspace_or(&mut self, default: u32) -> R<u32> {
        if !self.eat("addrspace") {
            return Ok(default);
        }
        self.expect(Tok::LParen, "'(' in address space")?;
        let v = if self.tok.kind == Tok::Str {
            let s = self.parse_str()?;
            match &s[..] {
                b"A" => self.dl.alloca_as,
                b"G" => self.dl.globals_as,
                b"P" => self.dl.program_as,
                _ => return self.fail("invalid symbolic addrspace"),
            }
        } else {
            if self.tok.kind != Tok::Int {
                return self.fail("expected integer or string constant");
            }
            let loc = self.loc();
            let v = self.parse_u32()?;
            if v >= 1 << 24 {
                return err(loc, "invalid address space, must be a 24-bit integer");
            }
            v
        };
        self.expect(Tok::RParen, "')' in address space")?;
        Ok(v)
    }

    // ----- use-list order directives -----

    /// `{ i, j, ... }` of a `uselistorder` directive, checked as
    /// LLParser's `parseUseListOrderIndexes` checks it.
    pub fn parse_uselist_indexes(&mut self) -> R<Vec<u32>> {
        let loc = self.loc();
        self.expect(Tok::LBrace, "'{' here")?;
        if self.tok.kind == Tok::RBrace {
            return self.fail("expected non-empty list of uselistorder indexes");
        }
        let (mut offset, mut max, mut ordered, mut n) = (0u32, 0u32, true, 0u32);
        let mut out = Vec::new();
        loop {
            let i = self.parse_u32()?;
            offset = offset.wrapping_add(i.wrapping_sub(n));
            max = max.max(i);
            ordered &= i == n;
            n += 1;
            out.push(i);
            if !self.eat_tok(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RBrace, "'}' here")?;
        if n < 2 {
            return err(loc, "expected >= 2 uselistorder indexes");
        }
        if offset != 0 || max >= n {
            return err(loc, "expected distinct uselistorder indexes in range [0, size)");
        }
        if ordered {
            return err(loc, "expected uselistorder indexes to change the order");
        }
        Ok(out)
    }

    /// `uselistorder <ty> <value>, { ... }` at top level (a global or a
    /// constant). The order of a use list is not part of the printed text
    /// (`llvm-dis` drops the directive); the model keeps it for the bitcode
    /// writer ([`Module::value_use_orders`](crate::Module::value_use_orders)).
    fn parse_uselistorder(&mut self) -> R<()> {
        self.bump();
        let c = self.parse_typed_const()?;
        self.expect(Tok::Comma, "comma in uselistorder directive")?;
        let order = self.parse_uselist_indexes()?;
        self.m.value_use_orders.push(crate::module::ValueUseOrder {
            func: None,
            value: Value::Const(c),
            order: order.into(),
        });
        Ok(())
    }

    /// `uselistorder_bb @f, %bb, { ... }` (LLParser's
    /// `parseUseListOrderBB`): checked against the uses of the block
    /// (branches to it and `blockaddress` constants), then dropped.
    fn parse_uselistorder_bb(&mut self) -> R<()> {
        let loc = self.loc();
        self.bump();
        let floc = self.loc();
        let fi = match self.tok.kind {
            Tok::GlobalVar => {
                let name = self.var_name();
                match self.gnames.get(&name).copied() {
                    Some(GlobalSlot { r: GlobalRef::Func(i), defined: true }) => Some(i),
                    Some(GlobalSlot { r: GlobalRef::Func(_), defined: false }) | None => None,
                    Some(_) => return err(floc, "expected function name in uselistorder_bb"),
                }
            }
            Tok::GlobalId => {
                let n = self.var_num()?;
                match self.gnums.get(&n).copied() {
                    Some(GlobalSlot { r: GlobalRef::Func(i), defined: true }) => Some(i),
                    Some(GlobalSlot { r: GlobalRef::Func(_), defined: false }) | None => None,
                    Some(_) => return err(floc, "expected function name in uselistorder_bb"),
                }
            }
            _ => return self.fail("expected function name in uselistorder_bb"),
        };
        let Some(fi) = fi else {
            return err(floc, "invalid function forward reference in uselistorder_bb");
        };
        self.bump();
        self.expect(Tok::Comma, "comma in uselistorder_bb directive")?;
        let lloc = self.loc();
        let label = match self.tok.kind {
            Tok::LocalId => return err(lloc, "invalid numeric label in uselistorder_bb"),
            Tok::LocalVar => self.var_name(),
            _ => return err(lloc, "expected basic block name in uselistorder_bb"),
        };
        self.bump();
        self.expect(Tok::Comma, "comma in uselistorder_bb directive")?;
        let order = self.parse_uselist_indexes()?;
        let f = &self.m.functions[fi as usize];
        if f.blocks.is_empty() {
            return err(floc, "invalid declaration in uselistorder_bb");
        }
        let Some(bi) = f.blocks.iter().position(|b| b.name.as_deref() == Some(&label[..])) else {
            let is_value = f
                .args
                .iter()
                .map(|a| &a.name)
                .chain(f.insts.iter().map(|i| &i.name))
                .any(|x| x.as_deref() == Some(&label[..]));
            return err(
                lloc,
                if is_value {
                    "expected basic block in uselistorder_bb"
                } else {
                    "invalid basic block in uselistorder_bb"
                },
            );
        };
        let bid = BlockId(bi as u32);
        let mut uses = 0usize;
        for b in &f.blocks {
            if let Some(t) = b.insts.last().and_then(|i| f.insts.get(i.0 as usize)) {
                uses += t.kind.successors().iter().filter(|&&s| s == bid).count();
            }
        }
        uses += self
            .m
            .consts
            .iter()
            .filter(|(_, _, k)| {
                matches!(k, ConstKind::BlockAddress { func: GlobalRef::Func(i), block }
                    if *i == fi && *block == bi as u32)
            })
            .count();
        // `blockaddress` constants met before the function, filled in at
        // the end of the module.
        uses += self
            .blockaddrs
            .iter()
            .filter(|b| b.1 == GlobalRef::Func(fi) && b.2 == Key::N(label.clone()))
            .count();
        check_use_count(loc, uses, order.len())?;
        self.m.block_use_orders.push(BlockUseOrder { func: fi, block: bid, order: order.into() });
        Ok(())
    }

    // ----- globals -----

    /// LLParser's `parseOptionalLinkage` (linkage, `dso_local`, visibility,
    /// DLL storage, in that order) and, for variables, aliases and ifuncs
    /// (`var`), `parseOptionalThreadLocal` and `parseOptionalUnnamedAddr`.
    /// Each is optional and taken once, in LLVM's order: anything out of
    /// order is left for the caller to reject as LLVM does.
    fn parse_global_common(&mut self, c: &mut GlobalCommon, var: bool) -> R<bool> {
        let mut has_linkage = false;
        if let Some(l) = self.eat_keyword(Linkage::from_keyword) {
            c.linkage = l;
            has_linkage = true;
        }
        if self.eat("dso_local") {
            c.dso_local = true;
        } else if self.eat("dso_preemptable") {
            c.dso_local = false;
        }
        if let Some(v) = self.eat_keyword(Visibility::from_keyword) {
            c.visibility = v;
        }
        if let Some(d) = self.eat_keyword(DllStorage::from_keyword) {
            c.dll = d;
        }
        if c.dso_local && c.dll == DllStorage::Import {
            return self.fail("dso_location and DLL-StorageClass mismatch");
        }
        if !var {
            return Ok(has_linkage);
        }
        if self.eat("thread_local") {
            c.thread_local = ThreadLocal::GeneralDynamic;
            if self.eat_tok(Tok::LParen) {
                c.thread_local = if self.eat("localdynamic") {
                    ThreadLocal::LocalDynamic
                } else if self.eat("initialexec") {
                    ThreadLocal::InitialExec
                } else if self.eat("localexec") {
                    ThreadLocal::LocalExec
                } else if self.eat("generaldynamic") {
                    ThreadLocal::GeneralDynamic
                } else {
                    return self.fail("expected localdynamic, initialexec or localexec");
                };
                self.expect(Tok::RParen, "')' after thread local model")?;
            }
        }
        if let Some(u) = self.eat_keyword(UnnamedAddr::from_keyword) {
            c.unnamed_addr = u;
        }
        Ok(has_linkage)
    }

    fn parse_global(&mut self) -> R<()> {
        let r = self.def_global()?;
        self.expect(Tok::Equal, "'=' after global name")?;
        let mut c = GlobalCommon::default();
        let own = self.common_mut(r).name.clone();
        c.name = own.clone();
        let has_linkage = self.parse_global_common(&mut c, true)?;
        // LLVM 19's parser gives a global without `addrspace` address
        // space 0 whatever the datalayout's `G` says.
        let addrspace = self.parse_opt_addrspace()?;
        let ext_init = self.eat("externally_initialized");
        match r {
            GlobalRef::Var(i) => {
                let constant = if self.eat("constant") {
                    true
                } else if self.eat("global") {
                    false
                } else {
                    return self.fail("expected 'global' or 'constant'");
                };
                let tloc = self.loc();
                let ty = self.parse_type()?;
                let decl =
                    has_linkage && matches!(c.linkage, Linkage::External | Linkage::ExternWeak);
                let init = if decl {
                    None
                } else {
                    if matches!(
                        self.m.types.get(ty),
                        Some(
                            TypeKind::Function { .. }
                                | TypeKind::Label
                                | TypeKind::Void
                                | TypeKind::Metadata
                                | TypeKind::Token
                        )
                    ) {
                        return err(tloc, "invalid type for global variable");
                    }
                    Some(self.parse_const(ty)?)
                };
                let mut g = GlobalVar {
                    common: c,
                    addrspace,
                    externally_initialized: ext_init,
                    constant,
                    init,
                    ..GlobalVar::new(ty)
                };
                while self.eat_tok(Tok::Comma) {
                    let loc = self.loc();
                    if self.eat("section") {
                        g.section = Some(self.parse_bytestr()?);
                    } else if self.eat("partition") {
                        g.common.partition = Some(self.parse_bytestr()?);
                    } else if self.eat("comdat") {
                        g.comdat = Some(self.parse_comdat_ref(own.as_deref(), loc)?);
                    } else if self.eat("align") {
                        g.align = self.parse_align_value(loc)?;
                    } else if self.eat("code_model") {
                        g.code_model = Some(self.parse_str_utf8()?);
                    } else if self.eat("no_sanitize_address") {
                        g.common.sanitizer |= SANITIZE_NO_ADDRESS;
                    } else if self.eat("no_sanitize_hwaddress") {
                        g.common.sanitizer |= SANITIZE_NO_HWADDRESS;
                    } else if self.eat("sanitize_memtag") {
                        g.common.sanitizer |= SANITIZE_MEMTAG;
                    } else if self.eat("sanitize_address_dyninit") {
                        g.common.sanitizer |= SANITIZE_ADDRESS_DYNINIT;
                    } else if self.tok.kind == Tok::MetadataVar {
                        let a = self.parse_md_attachment()?;
                        g.md.push(a);
                    } else {
                        return self.fail("unknown global variable property!");
                    }
                }
                // Attributes (`#N` or inline).
                let mut attrs = Vec::new();
                self.parse_fn_attrs(&mut attrs, &mut None)?;
                if !attrs.is_empty() {
                    g.attrs = self.m.attrs.set(attrs);
                }
                self.m.globals[i as usize] = g;
            }
            GlobalRef::Alias(i) | GlobalRef::IFunc(i) => {
                let is_alias = matches!(r, GlobalRef::Alias(_));
                self.bump(); // alias / ifunc
                let ty = self.parse_type()?;
                self.expect(Tok::Comma, "',' after type")?;
                let aty_loc = self.loc();
                let (aty, target) = match self.parse_untyped_aliasee()? {
                    Some(c) => (self.m.consts.ty(c).unwrap_or(ty), c),
                    None => {
                        let aty = self.parse_type()?;
                        if !matches!(self.m.types.get(aty), Some(TypeKind::Ptr(_))) {
                            return err(aty_loc, "An alias or ifunc must have pointer type");
                        }
                        (aty, self.parse_const(aty)?)
                    }
                };
                if !matches!(self.m.types.get(aty), Some(TypeKind::Ptr(_))) {
                    return err(aty_loc, "An alias or ifunc must have pointer type");
                }
                let asp = match self.m.types.get(aty) {
                    Some(&TypeKind::Ptr(a)) => a,
                    _ => 0,
                };
                let _ = addrspace;
                while self.eat_tok(Tok::Comma) {
                    if self.eat("partition") {
                        c.partition = Some(self.parse_bytestr()?);
                    } else {
                        return self.fail("unknown alias or ifunc property!");
                    }
                }
                if is_alias {
                    self.m.aliases[i as usize] =
                        Alias { common: c, ty, addrspace: asp, aliasee: target };
                } else {
                    self.m.ifuncs[i as usize] =
                        IFunc { common: c, ty, addrspace: asp, resolver: target };
                }
            }
            GlobalRef::Func(_) => return self.fail("expected top-level entity"),
        }
        Ok(())
    }

    fn parse_align_value(&mut self, _kw_loc: u32) -> R<u64> {
        let loc = self.loc();
        let v = self.parse_u64()?;
        if !v.is_power_of_two() {
            return err(loc, "alignment is not a power of two");
        }
        if v > 1 << 32 {
            return err(loc, "huge alignments are not supported yet");
        }
        Ok(v)
    }

    /// A `@x` reference of pointer type `ty`.
    pub fn global_ref(&mut self, ty: TypeId) -> R<ConstId> {
        let loc = self.loc();
        let slot = if self.tok.kind == Tok::GlobalId {
            let n = self.var_num()?;
            self.gnums.get(&n).copied()
        } else {
            self.gnames.get(&self.var_name()).copied()
        };
        let Some(slot) = slot else {
            let t = self.text();
            return err(loc, format!("use of undefined value '{}'", String::from_utf8_lossy(t)));
        };
        let asp = match self.m.types.get(ty) {
            Some(&TypeKind::Ptr(a)) => a,
            _ => return err(loc, "global variable reference must have pointer type"),
        };
        self.bump();
        if slot.defined {
            if self.m.global_addrspace(slot.r) != asp {
                return err(
                    loc,
                    format!(
                        "'{}' defined with type '{}' but expected '{}'",
                        String::from_utf8_lossy(&self.src[loc as usize..self.tok.start as usize])
                            .trim_end(),
                        "ptr",
                        self.m.types.display(ty)
                    ),
                );
            }
        } else {
            self.global_uses.push((slot.r, asp, loc));
        }
        Ok(self.m.consts.global(ty, slot.r))
    }

    pub fn global_ref_untyped(&mut self) -> R<GlobalRef> {
        let loc = self.loc();
        let slot = if self.tok.kind == Tok::GlobalId {
            let n = self.var_num()?;
            self.gnums.get(&n).copied()
        } else if self.tok.kind == Tok::GlobalVar {
            self.gnames.get(&self.var_name()).copied()
        } else {
            return self.fail("expected global value name");
        };
        let Some(slot) = slot else {
            let t = self.text();
            return err(loc, format!("use of undefined value '{}'", String::from_utf8_lossy(t)));
        };
        self.bump();
        Ok(slot.r)
    }

    // ----- functions (header) -----

    fn parse_function(&mut self, define: bool) -> R<()> {
        // `declare !dbg !N ...`: a declaration's attachments come first.
        let mut decl_md = Vec::new();
        while !define && self.tok.kind == Tok::MetadataVar {
            decl_md.push(self.parse_md_attachment()?);
        }
        let mut c = GlobalCommon::default();
        self.parse_global_common(&mut c, false)?;
        let cc = self.parse_opt_cc()?;
        let mut ret_attrs = Vec::new();
        self.parse_param_attrs(&mut ret_attrs)?;
        let ret_loc = self.loc();
        let ret = self.parse_type()?;
        if !matches!(self.tok.kind, Tok::GlobalVar | Tok::GlobalId) {
            return self.fail("expected function name");
        }
        let r = self.def_global()?;
        let GlobalRef::Func(fi) = r else { return err(ret_loc, "invalid function") };
        let own = self.common_mut(r).name.clone();
        c.name = own.clone();
        // Arguments.
        self.expect(Tok::LParen, "'(' in function")?;
        let mut params = Vec::new();
        let mut param_attrs = Vec::new();
        let mut args = Vec::new();
        let mut vararg = false;
        let mut next_arg = 0u32;
        let mut arg_locs: Vec<(Key<'a>, u32)> = Vec::new();
        if !self.eat_tok(Tok::RParen) {
            loop {
                if self.eat_tok(Tok::DotDotDot) {
                    vararg = true;
                    break;
                }
                let tloc = self.loc();
                let t = self.parse_type()?;
                if matches!(
                    self.m.types.get(t),
                    Some(TypeKind::Void | TypeKind::Function { .. } | TypeKind::Label)
                ) {
                    return err(tloc, "invalid type for function argument");
                }
                let mut pa = Vec::new();
                self.parse_param_attrs(&mut pa)?;
                let name = match self.tok.kind {
                    Tok::LocalVar => {
                        let n = self.var_name();
                        arg_locs.push((Key::N(n.clone()), params.len() as u32));
                        self.bump();
                        Some(ByteStr::from(&*n))
                    }
                    Tok::LocalId => {
                        let n = self.var_num()?;
                        if n != next_arg {
                            return self
                                .fail(format!("argument expected to be numbered '%{next_arg}'"));
                        }
                        next_arg += 1;
                        arg_locs.push((Key::I(n), params.len() as u32));
                        self.bump();
                        None
                    }
                    _ => {
                        arg_locs.push((Key::I(next_arg), params.len() as u32));
                        next_arg += 1;
                        None
                    }
                };
                params.push(t);
                let s = self.m.attrs.set(pa);
                param_attrs.push(s);
                args.push(Arg { name });
                if !self.eat_tok(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RParen, "')' at end of argument list")?;
        }
        let fty = self.m.types.function(ret, &params, vararg);
        let fty = self.tmap(ret_loc, fty)?;
        // unnamed_addr, addrspace, attributes, section, ...
        if let Some(u) = self.eat_keyword(UnnamedAddr::from_keyword) {
            c.unnamed_addr = u;
        }
        let addrspace = self.parse_opt_addrspace()?;
        let mut fn_attrs = Vec::new();
        let mut f =
            Function { cc: CallConv(cc), addrspace, md: decl_md, args, ..Function::new(fty) };
        let mut align = None;
        // LLParser::parseFunctionHeader's order, each at most once:
        // attributes, section, partition, comdat, align, gc, prefix,
        // prologue, personality; then (definitions) metadata attachments.
        self.parse_fn_attrs(&mut fn_attrs, &mut align)?;
        if self.eat("section") {
            f.section = Some(self.parse_bytestr()?);
        }
        if self.eat("partition") {
            c.partition = Some(self.parse_bytestr()?);
        }
        if self.is("comdat") {
            let loc = self.loc();
            self.bump();
            f.comdat = Some(self.parse_comdat_ref(own.as_deref(), loc)?);
        }
        if self.is("align") {
            let loc = self.loc();
            self.bump();
            align = Some(self.parse_align_value(loc)?);
        }
        if self.eat("gc") {
            f.gc = Some(self.parse_bytestr()?);
        }
        if self.eat("prefix") {
            let t = self.parse_type()?;
            f.prefix = Some(self.parse_const(t)?);
        }
        if self.eat("prologue") {
            let t = self.parse_type()?;
            f.prologue = Some(self.parse_const(t)?);
        }
        if self.eat("personality") {
            let t = self.parse_type()?;
            f.personality = Some(self.parse_const(t)?);
        }
        while define && self.tok.kind == Tok::MetadataVar {
            let a = self.parse_md_attachment()?;
            f.md.push(a);
        }
        if let Some(a) = align {
            f.align = a;
        }
        let fset = self.m.attrs.set(fn_attrs);
        let rset = self.m.attrs.set(ret_attrs);
        f.attrs = self.m.attrs.list(AttrList { func: fset, ret: rset, params: param_attrs.into() });
        f.common = c;
        self.m.functions[fi as usize] = f;
        if define {
            if self.tok.kind != Tok::LBrace {
                return self.fail("expected '{' in function body");
            }
            self.bump();
            self.parse_body(fi, arg_locs, next_arg)?;
        }
        Ok(())
    }

    /// An optional calling convention: a keyword of [`CallConv`]'s table,
    /// or `cc N` (LLLexer reads `ccN` as `cc` then `N` too). LLVM keeps
    /// the number in 10 bits.
    pub fn parse_opt_cc(&mut self) -> R<u32> {
        if let Some(cc) = self.eat_keyword(CallConv::from_keyword) {
            return Ok(cc.0);
        }
        if self.tok.kind != Tok::Ident || !self.text().starts_with(b"cc") {
            return Ok(0);
        }
        let n = if self.is("cc") {
            self.bump();
            self.parse_u32()?
        } else {
            let loc = self.loc() + 2;
            let digits = &self.text()[2..];
            if !digits.iter().all(u8::is_ascii_digit) {
                return err(loc, "expected integer");
            }
            let n = parse_u64_dec(digits).and_then(|v| u32::try_from(v).ok()).ok_or_else(|| {
                PErr { pos: loc, msg: "expected 32-bit integer (too large)".into() }
            })?;
            self.bump();
            n
        };
        Ok(n & 0x3ff)
    }

    // ----- attributes -----

    fn parse_attr_group(&mut self) -> R<()> {
        self.expect_kw("attributes")?;
        if self.tok.kind != Tok::AttrGrpId {
            return self.fail("expected attribute group id");
        }
        let n = self.var_num()?;
        self.bump();
        self.expect(Tok::Equal, "'=' here")?;
        self.expect(Tok::LBrace, "'{' here")?;
        let mut attrs = Vec::new();
        let mut align = None;
        let mut me = MEMORY_UNKNOWN;
        loop {
            if self.eat_tok(Tok::RBrace) {
                break;
            }
            if let Some(mask) = old_memory_attr(self.text()).filter(|_| self.tok.kind == Tok::Ident)
            {
                me &= mask;
                self.bump();
                continue;
            }
            let before = self.tok.start;
            self.parse_one_attr(&mut attrs, &mut align, true)?;
            if self.tok.start == before {
                return self.fail("unterminated attribute group");
            }
        }
        if let Some(a) = align {
            let k = AttrKind::from_keyword("align").unwrap_or(AttrKind(0));
            attrs.push(Attr::Int(k, a));
        }
        set_memory(&mut attrs, me);
        self.attr_groups.insert(n, attrs);
        Ok(())
    }

    /// Function attributes (inline and `#N`); `align` goes to `align`.
    pub fn parse_fn_attrs(&mut self, out: &mut Vec<Attr>, align: &mut Option<u64>) -> R<()> {
        let mut me = MEMORY_UNKNOWN;
        let r = self.parse_fn_attrs_inner(out, align, &mut me);
        set_memory(out, me);
        r
    }

    fn parse_fn_attrs_inner(
        &mut self,
        out: &mut Vec<Attr>,
        align: &mut Option<u64>,
        me: &mut u64,
    ) -> R<()> {
        loop {
            if let Some(mask) = old_memory_attr(self.text()).filter(|_| self.tok.kind == Tok::Ident)
            {
                *me &= mask;
                self.bump();
                continue;
            }
            match self.tok.kind {
                Tok::AttrGrpId => {
                    let n = self.var_num()?;
                    self.bump();
                    // LLParser resolves group references at the end and
                    // ignores the ones never defined.
                    if let Some(g) = self.attr_groups.get(&n) {
                        for a in g.iter() {
                            if a.kind_keyword() == b"align" {
                                if let Attr::Int(_, v) = a {
                                    *align = Some(*v);
                                    continue;
                                }
                            }
                            out.push(a.clone());
                        }
                    }
                }
                Tok::Str => {
                    self.parse_one_attr(out, align, false)?;
                }
                Tok::Ident => {
                    let w = self.text();
                    if w == b"align" {
                        // As LLParser, `align N` / `align(N)` among the
                        // attributes is the function's alignment.
                        let loc = self.loc();
                        self.bump();
                        let a = if self.eat_tok(Tok::LParen) {
                            let v = self.parse_align_value(loc)?;
                            self.expect(Tok::RParen, "')'")?;
                            v
                        } else {
                            self.parse_align_value(loc)?
                        };
                        *align = Some(a);
                        continue;
                    }
                    let Some(k) = core::str::from_utf8(w).ok().and_then(AttrKind::from_keyword)
                    else {
                        return Ok(());
                    };
                    let _ = k;
                    self.parse_one_attr(out, align, false)?;
                }
                _ => return Ok(()),
            }
        }
    }

    /// Parameter or return attributes.
    pub fn parse_param_attrs(&mut self, out: &mut Vec<Attr>) -> R<()> {
        let mut align = None;
        loop {
            match self.tok.kind {
                Tok::Str => {
                    self.parse_one_attr(out, &mut align, false)?;
                }
                Tok::Ident => {
                    let w = self.text();
                    if core::str::from_utf8(w).ok().and_then(AttrKind::from_keyword).is_none() {
                        break;
                    }
                    self.parse_one_attr(out, &mut align, false)?;
                }
                _ => break,
            }
        }
        if let Some(a) = align {
            let k = AttrKind::from_keyword("align").unwrap_or(AttrKind(0));
            out.push(Attr::Int(k, a));
        }
        Ok(())
    }

    fn parse_paren_u64(&mut self) -> R<u64> {
        self.expect(Tok::LParen, "'('")?;
        let v = self.parse_u64()?;
        self.expect(Tok::RParen, "')'")?;
        Ok(v)
    }

    fn parse_one_attr(
        &mut self,
        out: &mut Vec<Attr>,
        align: &mut Option<u64>,
        in_group: bool,
    ) -> R<()> {
        let loc = self.loc();
        if self.tok.kind == Tok::Str {
            let k = self.parse_str()?;
            let v =
                if self.eat_tok(Tok::Equal) { self.parse_str()? } else { Cow::Borrowed(&b""[..]) };
            out.push(Attr::String(ByteStr::from(&*k), ByteStr::from(&*v)));
            return Ok(());
        }
        if self.tok.kind != Tok::Ident {
            return self.fail(if in_group {
                "unterminated attribute group"
            } else {
                "expected attribute"
            });
        }
        let w = self.text();
        let Some(k) = core::str::from_utf8(w).ok().and_then(AttrKind::from_keyword) else {
            return self.fail("unterminated attribute group");
        };
        self.bump();
        let kw = k.keyword();
        match k.category() {
            AttrCategory::Enum => out.push(Attr::Enum(k)),
            AttrCategory::Type => {
                self.expect(Tok::LParen, "'('")?;
                let t = self.parse_type()?;
                self.expect(Tok::RParen, "')'")?;
                out.push(Attr::Type(k, t));
            }
            AttrCategory::Int => {
                let v = match kw {
                    "align" => {
                        // LLParser: `align=N` in an attribute group, else
                        // `align N` or `align(N)`.
                        if in_group {
                            self.expect(Tok::Equal, "'=' here")?;
                        }
                        let v = if in_group || !self.is_paren() {
                            self.parse_align_value(loc)?
                        } else {
                            let v = self.parse_paren_u64()?;
                            if !v.is_power_of_two() {
                                return err(loc, "alignment is not a power of two");
                            }
                            v
                        };
                        if in_group {
                            *align = Some(v);
                            return Ok(());
                        }
                        v
                    }
                    "alignstack" => {
                        if in_group {
                            self.expect(Tok::Equal, "'=' here")?;
                            self.parse_u64()?
                        } else {
                            self.parse_paren_u64()?
                        }
                    }
                    "dereferenceable" | "dereferenceable_or_null" => self.parse_paren_u64()?,
                    "uwtable" => {
                        if self.eat_tok(Tok::LParen) {
                            let v = if self.eat("sync") {
                                1
                            } else if self.eat("async") {
                                2
                            } else {
                                return self.fail("expected unwind table kind");
                            };
                            self.expect(Tok::RParen, "')'")?;
                            v
                        } else {
                            2
                        }
                    }
                    "allocsize" => {
                        self.expect(Tok::LParen, "'('")?;
                        let e = self.parse_u32()?;
                        let n = if self.eat_tok(Tok::Comma) { self.parse_u32()? } else { u32::MAX };
                        self.expect(Tok::RParen, "')'")?;
                        (u64::from(e) << 32) | u64::from(n)
                    }
                    "vscale_range" => {
                        self.expect(Tok::LParen, "'('")?;
                        let lo = self.parse_u32()?;
                        let hi = if self.eat_tok(Tok::Comma) { self.parse_u32()? } else { lo };
                        self.expect(Tok::RParen, "')'")?;
                        (u64::from(lo) << 32) | u64::from(hi)
                    }
                    "memory" => self.parse_memory()?,
                    "nofpclass" => self.parse_nofpclass()?,
                    "allockind" => {
                        self.expect(Tok::LParen, "'('")?;
                        let s = self.parse_str()?;
                        let mut v = 0u64;
                        for part in s.split(|&c| c == b',') {
                            v |= match part {
                                b"alloc" => 1,
                                b"realloc" => 2,
                                b"free" => 4,
                                b"uninitialized" => 8,
                                b"zeroed" => 16,
                                b"aligned" => 32,
                                _ => return err(loc, "unknown allockind"),
                            };
                        }
                        self.expect(Tok::RParen, "')'")?;
                        v
                    }
                    _ => return err(loc, "unknown attribute"),
                };
                out.push(Attr::Int(k, v));
            }
            AttrCategory::Range => {
                self.expect(Tok::LParen, "'('")?;
                let tloc = self.loc();
                let t = self.parse_type()?;
                let Some(&TypeKind::Int(bits)) = self.m.types.get(t) else {
                    return err(tloc, "the range must have integer type!");
                };
                let lo = self.parse_int_value(bits)?;
                self.expect(Tok::Comma, "','")?;
                let hi = self.parse_int_value(bits)?;
                self.expect(Tok::RParen, "')'")?;
                if lo == hi {
                    return err(loc, "the range represent the empty set but limits aren't 0!");
                }
                out.push(Attr::Range(k, t, lo, hi));
            }
            AttrCategory::Initializes => {
                self.expect(Tok::LParen, "'('")?;
                let mut v = Vec::new();
                loop {
                    self.expect(Tok::LParen, "'('")?;
                    let a = self.parse_i64()?;
                    self.expect(Tok::Comma, "','")?;
                    let b = self.parse_i64()?;
                    self.expect(Tok::RParen, "')'")?;
                    v.push((a, b));
                    if !self.eat_tok(Tok::Comma) {
                        break;
                    }
                }
                self.expect(Tok::RParen, "')'")?;
                out.push(Attr::Initializes(v.into()));
            }
        }
        Ok(())
    }

    fn is_paren(&self) -> bool {
        self.tok.kind == Tok::LParen
    }

    fn parse_memory(&mut self) -> R<u64> {
        self.expect(Tok::LParen, "'('")?;
        let mut v: u64 = 0;
        loop {
            // [loc:] effect
            let mut locs: Option<u32> = None;
            if self.tok.kind == Tok::Label {
                let t = self.text();
                let name = &t[..t.len() - 1];
                locs = Some(match name {
                    b"argmem" => 0,
                    b"inaccessiblemem" => 1,
                    _ => return self.fail("expected memory location (argmem, inaccessiblemem) or access kind (none, read, write, readwrite)"),
                });
                self.bump();
            }
            let eff = if self.eat("none") {
                0
            } else if self.eat("read") {
                1
            } else if self.eat("write") {
                2
            } else if self.eat("readwrite") {
                3
            } else {
                return self.fail("expected access kind (none, read, write, readwrite)");
            };
            match locs {
                None => v = eff | eff << 2 | eff << 4,
                Some(l) => {
                    v &= !(3 << (2 * l));
                    v |= eff << (2 * l);
                }
            }
            if !self.eat_tok(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::RParen, "')'")?;
        Ok(v)
    }

    fn parse_nofpclass(&mut self) -> R<u64> {
        self.expect(Tok::LParen, "'('")?;
        let mut v = 0u64;
        if self.tok.kind == Tok::Int {
            v = self.parse_u64()?;
        } else {
            while self.tok.kind == Tok::Ident {
                v |= match self.text() {
                    b"all" => 1023,
                    b"nan" => 3,
                    b"snan" => 1,
                    b"qnan" => 2,
                    b"inf" => 4 | 512,
                    b"ninf" => 4,
                    b"pinf" => 512,
                    b"norm" => 8 | 256,
                    b"nnorm" => 8,
                    b"pnorm" => 256,
                    b"sub" => 16 | 128,
                    b"nsub" => 16,
                    b"psub" => 128,
                    b"zero" => 32 | 64,
                    b"nzero" => 32,
                    b"pzero" => 64,
                    _ => return self.fail("invalid mask value for 'nofpclass'"),
                };
                self.bump();
            }
        }
        self.expect(Tok::RParen, "')'")?;
        Ok(v)
    }

    /// An integer literal of width `bits` (also `true`/`false`).
    pub fn parse_int_value(&mut self, bits: u32) -> R<IntValue> {
        let loc = self.loc();
        if self.tok.kind == Tok::Ident && bits == 1 {
            if self.eat("true") {
                return self.tmap(loc, IntValue::from_u64(1, 1));
            }
            if self.eat("false") {
                return self.tmap(loc, IntValue::from_u64(1, 0));
            }
        }
        if self.tok.kind != Tok::Int {
            return self.fail("expected integer");
        }
        let t = self.text();
        let v = parse_big_int(t, bits)
            .ok_or_else(|| PErr { pos: loc, msg: "invalid integer".into() })?;
        self.bump();
        Ok(v)
    }

    // ----- constants -----

    /// A constant of type `ty`.
    pub fn parse_const(&mut self, ty: TypeId) -> R<ConstId> {
        self.enter()?;
        let r = self.parse_const_inner(ty);
        self.leave();
        r
    }

    /// `ty value` where value is a constant.
    pub fn parse_typed_const(&mut self) -> R<ConstId> {
        let t = self.parse_type()?;
        self.parse_const(t)
    }

    fn cerr<T>(&self, loc: u32, r: Result<T, crate::types::TypeError>) -> R<T> {
        self.tmap(loc, r)
    }

    fn parse_const_inner(&mut self, ty: TypeId) -> R<ConstId> {
        let loc = self.loc();
        let kind = self.m.types.get(ty).cloned();
        match self.tok.kind {
            Tok::Int => {
                match kind {
                    Some(TypeKind::Int(bits)) => {
                        let v = self.parse_int_value(bits)?;
                        let c = self.m.consts.int(&self.m.types, ty, v);
                        self.cerr(loc, c)
                    }
                    Some(TypeKind::Float(_)) => {
                        // LLVM accepts integer literals only as floats with a `.`.
                        self.fail("floating point constant invalid for type")
                    }
                    _ => self.fail("integer constant must have integer type"),
                }
            }
            Tok::Float => {
                let Some(TypeKind::Float(fk)) = kind else {
                    return self.fail("floating point constant invalid for type");
                };
                let v = parse_float(self.text(), fk).ok_or_else(|| PErr {
                    pos: loc,
                    msg: "floating point constant invalid for type".into(),
                })?;
                self.bump();
                let c = self.m.consts.float(&self.m.types, ty, v);
                self.cerr(loc, c)
            }
            Tok::GlobalVar | Tok::GlobalId => self.global_ref(ty),
            Tok::LBrack => {
                self.bump();
                let Some(TypeKind::Array { elem, len }) = kind else {
                    return err(loc, "invalid type for array constant");
                };
                let mut elems = Vec::new();
                if self.tok.kind != Tok::RBrack {
                    loop {
                        let eloc = self.loc();
                        let t = self.parse_type()?;
                        if t != elem {
                            return err(eloc, format!("constant expression type mismatch: got type '{}' but expected '{}'", self.m.types.display(t), self.m.types.display(elem)));
                        }
                        elems.push(self.parse_const(t)?);
                        if !self.eat_tok(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RBrack, "']' at end of array constant")?;
                if elems.len() as u64 != len {
                    return err(
                        loc,
                        format!(
                            "type '{}' is not of size {}",
                            self.m.types.display(ty),
                            elems.len()
                        ),
                    );
                }
                let c = self.m.consts.array(&self.m.types, ty, &elems);
                self.cerr(loc, c)
            }
            Tok::LBrace => {
                self.bump();
                let elems = self.parse_const_list(Tok::RBrace)?;
                self.expect(Tok::RBrace, "'}' at end of struct constant")?;
                self.make_struct(ty, &elems, false, loc)
            }
            Tok::Less => {
                self.bump();
                if self.eat_tok(Tok::LBrace) {
                    let elems = self.parse_const_list(Tok::RBrace)?;
                    self.expect(Tok::RBrace, "'}' at end of packed struct")?;
                    self.expect(Tok::Greater, "'>' at end of packed struct")?;
                    return self.make_struct(ty, &elems, true, loc);
                }
                let elems = self.parse_const_list(Tok::Greater)?;
                self.expect(Tok::Greater, "'>' at end of vector constant")?;
                match kind {
                    Some(TypeKind::Vector { elem, .. }) => {
                        for &e in &elems {
                            if self.m.consts.ty(e) != Some(elem) {
                                return err(loc, "vector element type mismatch");
                            }
                        }
                    }
                    _ => return err(loc, "vector constant must have vector type"),
                }
                let c = self.m.consts.vector(&self.m.types, ty, &elems);
                self.cerr(loc, c)
            }
            Tok::Ident => self.parse_const_keyword(ty, kind, loc),
            Tok::LocalVar | Tok::LocalId => self.fail("invalid use of function-local name"),
            _ => self.fail("expected value token"),
        }
    }

    fn parse_const_list(&mut self, close: Tok) -> R<Vec<ConstId>> {
        let mut elems = Vec::new();
        if self.tok.kind == close {
            return Ok(elems);
        }
        loop {
            elems.push(self.parse_typed_const()?);
            if !self.eat_tok(Tok::Comma) {
                break;
            }
        }
        Ok(elems)
    }

    fn make_struct(&mut self, ty: TypeId, elems: &[ConstId], packed: bool, loc: u32) -> R<ConstId> {
        let body = match self.m.types.get(ty) {
            Some(TypeKind::Struct { fields, packed: p }) => Some((fields.to_vec(), *p)),
            Some(TypeKind::Named(_)) => self
                .m
                .types
                .named_body(ty)
                .and_then(|(_, b)| b)
                .map(|b| (b.fields.to_vec(), b.packed)),
            _ => None,
        };
        let Some((fields, p)) = body else {
            return err(loc, "constant expression type mismatch");
        };
        if p != packed {
            return err(loc, "constant expression type mismatch");
        }
        if fields.len() != elems.len() {
            return err(loc, "initializer with struct type has wrong # elements");
        }
        for (i, &e) in elems.iter().enumerate() {
            if self.m.consts.ty(e) != fields.get(i).copied() {
                return err(
                    loc,
                    format!("element {i} of struct initializer doesn't match struct element type"),
                );
            }
        }
        let c = self.m.consts.structure(&self.m.types, ty, elems);
        self.cerr(loc, c)
    }

    fn parse_const_keyword(&mut self, ty: TypeId, kind: Option<TypeKind>, loc: u32) -> R<ConstId> {
        let w = self.text();
        match w {
            b"true" | b"false" => {
                if kind != Some(TypeKind::Int(1)) {
                    return self.fail("integer constant must have integer type");
                }
                let v = self.eat("true");
                if !v {
                    self.bump();
                }
                let c = self.m.consts.int_u64(&self.m.types, ty, v as u64);
                self.cerr(loc, c)
            }
            b"null" => {
                self.bump();
                if !matches!(kind, Some(TypeKind::Ptr(_))) {
                    return err(loc, "null must be a pointer type");
                }
                let c = self.m.consts.zero(&self.m.types, ty);
                self.cerr(loc, c)
            }
            b"none" => {
                self.bump();
                if kind != Some(TypeKind::Token) {
                    return err(loc, "invalid type for none constant");
                }
                let c = self.m.consts.zero(&self.m.types, ty);
                self.cerr(loc, c)
            }
            b"undef" | b"poison" => {
                let undef = w == b"undef";
                self.bump();
                if matches!(
                    kind,
                    Some(
                        TypeKind::Void
                            | TypeKind::Label
                            | TypeKind::Function { .. }
                            | TypeKind::Metadata
                    )
                ) {
                    return err(loc, "invalid type for undef constant");
                }
                Ok(if undef { self.m.consts.undef(ty) } else { self.m.consts.poison(ty) })
            }
            b"zeroinitializer" => {
                self.bump();
                let c = self.m.consts.zero(&self.m.types, ty);
                self.tmap(loc, c).or_else(|_| err(loc, "invalid type for null constant"))
            }
            b"c" => {
                self.bump();
                if self.tok.kind != Tok::Str {
                    return self.fail("expected string");
                }
                let s = self.str_value();
                self.bump();
                match kind {
                    Some(TypeKind::Array { elem, len })
                        if self.m.types.get(elem) == Some(&TypeKind::Int(8)) =>
                    {
                        if len != s.len() as u64 {
                            return err(loc, format!("constant expression type mismatch: got type '[{} x i8]' but expected '{}'", s.len(), self.m.types.display(ty)));
                        }
                        let c = self.m.consts.bytes(&self.m.types, ty, &s);
                        self.cerr(loc, c)
                    }
                    _ => err(loc, "constant expression type mismatch"),
                }
            }
            b"splat" => {
                self.bump();
                self.expect(Tok::LParen, "'(' after vector splat")?;
                let e = self.parse_typed_const()?;
                self.expect(Tok::RParen, "')' at end of vector splat")?;
                let Some(TypeKind::Vector { elem, scalable, .. }) = kind else {
                    return err(loc, "vector constant must have vector type");
                };
                if self.m.consts.ty(e) != Some(elem) {
                    return err(loc, "vector element type mismatch");
                }
                if scalable {
                    return err(loc, "scalable vector splats are not supported");
                }
                // Stored once, whatever the length.
                let c = self.m.consts.splat(&self.m.types, ty, e);
                self.cerr(loc, c)
            }
            b"blockaddress" => {
                self.bump();
                self.expect(Tok::LParen, "'(' in block address expression")?;
                let fr = self.global_ref_untyped()?;
                self.expect(Tok::Comma, "comma in block address expression")?;
                let key = match self.tok.kind {
                    Tok::LocalVar => Key::N(self.var_name()),
                    Tok::LocalId => Key::I(self.var_num()?),
                    _ => return self.fail("expected basic block name in blockaddress"),
                };
                let bloc = self.loc();
                self.bump();
                self.expect(Tok::RParen, "')' in block address expression")?;
                if !matches!(fr, GlobalRef::Func(_)) {
                    return err(loc, "expected function name in blockaddress");
                }
                let idx = self.blockaddrs.len() as u32;
                let c = self
                    .m
                    .consts
                    .intern_raw(ty, ConstKind::BlockAddress { func: fr, block: 0x8000_0000 | idx });
                self.blockaddrs.push((c, fr, key, bloc));
                Ok(c)
            }
            b"dso_local_equivalent" | b"no_cfi" => {
                let dso = w == b"dso_local_equivalent";
                self.bump();
                let g = self.global_ref_untyped()?;
                Ok(self.m.consts.intern_raw(
                    ty,
                    if dso { ConstKind::DsoLocalEquivalent(g) } else { ConstKind::NoCfi(g) },
                ))
            }
            b"getelementptr" => self.parse_const_gep(Some(ty), loc),
            b"ptrauth" => self.parse_const_ptrauth(ty, loc),
            _ if ExprOp::from_keyword(w).is_some_and(ExprOp::is_cast) => {
                self.parse_const_cast(Some(ty))
            }
            _ if matches!(
                ExprOp::from_keyword(w),
                Some(ExprOp::Add | ExprOp::Sub | ExprOp::Mul | ExprOp::Xor)
            ) =>
            {
                let op = ExprOp::from_keyword(w).unwrap_or(ExprOp::Add);
                self.bump();
                let mut flags = 0;
                loop {
                    if self.eat("nuw") {
                        flags |= expr_flags::NUW;
                    } else if self.eat("nsw") {
                        flags |= expr_flags::NSW;
                    } else {
                        break;
                    }
                }
                self.expect(Tok::LParen, "'(' in binary constantexpr")?;
                let a = self.parse_typed_const()?;
                self.expect(Tok::Comma, "comma in binary constantexpr")?;
                let b = self.parse_typed_const()?;
                self.expect(Tok::RParen, "')' in binary constantexpr")?;
                let at = self.m.consts.ty(a);
                if at != self.m.consts.ty(b) {
                    return err(loc, "operands of constexpr must have same type");
                }
                if at != Some(ty) {
                    return err(loc, "constant expression type mismatch");
                }
                if !matches!(kind, Some(TypeKind::Int(_)) | Some(TypeKind::Vector { .. })) {
                    return err(loc, "constexpr requires integer or integer vector operands");
                }
                Ok(crate::fold::binary(&self.m.types, &mut self.m.consts, op, flags, a, b, ty))
            }
            _ if matches!(
                ExprOp::from_keyword(w),
                Some(ExprOp::ExtractElement | ExprOp::InsertElement | ExprOp::ShuffleVector)
            ) =>
            {
                let op = ExprOp::from_keyword(w).unwrap_or(ExprOp::ExtractElement);
                self.bump();
                self.expect(Tok::LParen, "'(' in constantexpr")?;
                let ops = self.parse_const_list(Tok::RParen)?;
                self.expect(Tok::RParen, "')' in constantexpr")?;
                let (t, c) = (&self.m.types, &mut self.m.consts);
                Ok(match (op, &ops[..]) {
                    (ExprOp::ExtractElement, &[v, i]) => {
                        crate::fold::extract_element(t, c, v, i, ty)
                    }
                    (ExprOp::InsertElement, &[v, e, i]) => {
                        crate::fold::insert_element(t, c, v, e, i, ty)
                    }
                    (ExprOp::ShuffleVector, &[a, b, m]) => {
                        crate::fold::shuffle_vector(t, c, a, b, m, ty)
                    }
                    _ => c.intern_raw(
                        ty,
                        ConstKind::Expr {
                            op,
                            flags: 0,
                            ops: ops.into(),
                            source_ty: None,
                            inrange: None,
                        },
                    ),
                })
            }
            b"asm" => self.fail("inline asm is only valid as a callee"),
            // The instructions that were constant expressions once.
            _ if BinOp::from_keyword(w).is_some()
                || CastOp::from_keyword(w).is_some()
                || matches!(
                    w,
                    b"icmp" | b"fcmp" | b"select" | b"extractvalue" | b"insertvalue" | b"fneg"
                ) =>
            {
                let n = String::from_utf8_lossy(w);
                self.fail(format!("{n} constexprs are no longer supported"))
            }
            _ => self.fail("expected value token"),
        }
    }

    /// A constant cast expression; with `ty`, its destination type must be
    /// `ty`.
    fn parse_const_cast(&mut self, ty: Option<TypeId>) -> R<ConstId> {
        let loc = self.loc();
        let op = ExprOp::from_keyword(self.text())
            .filter(|op| op.is_cast())
            .unwrap_or(ExprOp::AddrSpaceCast);
        self.bump();
        self.expect(Tok::LParen, "'(' after constantexpr cast")?;
        let v = self.parse_typed_const()?;
        self.expect_kw("to")?;
        let dloc = self.loc();
        let dst = self.parse_type()?;
        self.expect(Tok::RParen, "')' at end of constantexpr cast")?;
        if let Some(ty) = ty.filter(|&t| t != dst) {
            return err(
                dloc,
                format!(
                    "constant expression type mismatch: got type '{}' but expected '{}'",
                    self.m.types.display(dst),
                    self.m.types.display(ty)
                ),
            );
        }
        self.make_cast(op, v, dst, loc)
    }

    /// An aliasee or ifunc resolver written without a leading type: LLParser
    /// accepts `bitcast`, `getelementptr`, `addrspacecast` and `inttoptr`
    /// expressions there, typed by themselves.
    fn parse_untyped_aliasee(&mut self) -> R<Option<ConstId>> {
        if self.tok.kind != Tok::Ident {
            return Ok(None);
        }
        match self.text() {
            b"getelementptr" => {
                self.enter()?;
                let loc = self.loc();
                let r = self.parse_const_gep(None, loc);
                self.leave();
                r.map(Some)
            }
            b"bitcast" | b"addrspacecast" | b"inttoptr" => {
                self.enter()?;
                let r = self.parse_const_cast(None);
                self.leave();
                r.map(Some)
            }
            _ => Ok(None),
        }
    }

    fn make_cast(&mut self, op: ExprOp, v: ConstId, dst: TypeId, loc: u32) -> R<ConstId> {
        let src = self.m.consts.ty(v).unwrap_or(dst);
        let sk = self.m.types.get(src).cloned();
        let dk = self.m.types.get(dst).cloned();
        let scalar = |k: &Option<TypeKind>, types: &crate::types::Types| match k {
            Some(TypeKind::Vector { elem, .. }) => types.get(*elem).cloned(),
            x => x.clone(),
        };
        let (s, d) = (scalar(&sk, &self.m.types), scalar(&dk, &self.m.types));
        let ok = match op {
            ExprOp::Trunc => {
                matches!((&s, &d), (Some(TypeKind::Int(a)), Some(TypeKind::Int(b))) if a > b)
            }
            ExprOp::PtrToInt => {
                matches!((&s, &d), (Some(TypeKind::Ptr(_)), Some(TypeKind::Int(_))))
            }
            ExprOp::IntToPtr => {
                matches!((&s, &d), (Some(TypeKind::Int(_)), Some(TypeKind::Ptr(_))))
            }
            ExprOp::AddrSpaceCast => {
                matches!((&s, &d), (Some(TypeKind::Ptr(a)), Some(TypeKind::Ptr(b))) if a != b)
            }
            _ => true,
        };
        if !ok {
            return err(
                loc,
                format!(
                    "invalid cast opcode for cast from '{}' to '{}'",
                    self.m.types.display(src),
                    self.m.types.display(dst)
                ),
            );
        }
        Ok(crate::fold::cast(&mut self.m.types, &mut self.m.consts, op, v, dst))
    }

    /// `ptrauth (ptr CST, i32 KEY[, i64 DISC[, ptr ADDRDISC]])` of type
    /// `ty`, checked as LLVM 19's `LLParser` checks it (errors at the
    /// keyword `loc`); a missing discriminator is `i64 0`, a missing address
    /// discriminator `ptr null` (address space 0).
    fn parse_const_ptrauth(&mut self, ty: TypeId, loc: u32) -> R<ConstId> {
        self.bump();
        self.expect(Tok::LParen, "'(' in constant ptrauth expression")?;
        let ptr = self.parse_typed_const()?;
        self.expect(Tok::Comma, "comma in constant ptrauth expression")?;
        let key = self.parse_typed_const()?;
        let mut disc = None;
        let mut addr_disc = None;
        if self.eat_tok(Tok::Comma) {
            disc = Some(self.parse_typed_const()?);
            if self.eat_tok(Tok::Comma) {
                addr_disc = Some(self.parse_typed_const()?);
            }
        }
        self.expect(Tok::RParen, "')' in constant ptrauth expression")?;
        let (types, consts) = (&self.m.types, &self.m.consts);
        let int_of = |c: ConstId, bits: u32| {
            matches!(consts.kind(c), Some(ConstKind::Int(_)))
                && consts.ty(c).and_then(|t| types.get(t)) == Some(&TypeKind::Int(bits))
        };
        let is_ptr =
            |c: ConstId| matches!(consts.ty(c).and_then(|t| types.get(t)), Some(TypeKind::Ptr(_)));
        if !is_ptr(ptr) {
            return err(loc, "constant ptrauth base pointer must be a pointer");
        }
        if !int_of(key, 32) {
            return err(loc, "constant ptrauth key must be i32 constant");
        }
        if disc.is_some_and(|d| !int_of(d, 64)) {
            return err(loc, "constant ptrauth integer discriminator must be i64 constant");
        }
        if addr_disc.is_some_and(|a| !is_ptr(a)) {
            return err(loc, "constant ptrauth address discriminator must be a pointer");
        }
        let disc = match disc {
            Some(d) => d,
            None => {
                let i64t = self.m.types.int(64);
                let i64t = self.tmap(loc, i64t)?;
                let d = self.m.consts.int_u64(&self.m.types, i64t, 0);
                self.cerr(loc, d)?
            }
        };
        let addr_disc = match addr_disc {
            Some(a) => a,
            None => {
                let p0 = self.m.types.ptr(0);
                let p0 = self.tmap(loc, p0)?;
                let a = self.m.consts.zero(&self.m.types, p0);
                self.cerr(loc, a)?
            }
        };
        let pt = self.m.consts.ty(ptr).unwrap_or(ty);
        if pt != ty {
            return err(
                loc,
                format!(
                    "constant expression type mismatch: got type '{}' but expected '{}'",
                    self.m.types.display(pt),
                    self.m.types.display(ty)
                ),
            );
        }
        let c = self.m.consts.ptr_auth(&self.m.types, ptr, key, disc, addr_disc);
        self.cerr(loc, c)
    }

    fn parse_const_gep(&mut self, ty: Option<TypeId>, loc: u32) -> R<ConstId> {
        self.bump();
        let mut flags = 0u8;
        let mut inrange = None;
        loop {
            if self.eat("inbounds") {
                flags |= expr_flags::INBOUNDS;
            } else if self.eat("nusw") {
                flags |= expr_flags::NUSW;
            } else if self.eat("nuw") {
                flags |= expr_flags::NUW;
            } else if self.eat("inrange") {
                self.expect(Tok::LParen, "'('")?;
                let a = self.parse_i64()?;
                self.expect(Tok::Comma, "','")?;
                let b = self.parse_i64()?;
                self.expect(Tok::RParen, "')'")?;
                inrange = Some((a, b));
            } else {
                break;
            }
        }
        self.expect(Tok::LParen, "'(' in constantexpr")?;
        let src_ty = self.parse_type()?;
        self.expect(Tok::Comma, "',' after getelementptr's type")?;
        let ops = self.parse_const_list(Tok::RParen)?;
        self.expect(Tok::RParen, "')' in constantexpr")?;
        let Some(&base) = ops.first() else {
            return err(loc, "base of getelementptr must be a pointer");
        };
        let bt = self.m.consts.ty(base);
        let base_ok = bt.is_some_and(|t| match self.m.types.get(t) {
            Some(TypeKind::Ptr(_)) => true,
            Some(TypeKind::Vector { elem, .. }) => {
                matches!(self.m.types.get(*elem), Some(TypeKind::Ptr(_)))
            }
            _ => false,
        });
        if !base_ok {
            return err(loc, "base of getelementptr must be a pointer");
        }
        // The index types must walk the source type.
        if let Err(m) = self.gep_check(src_ty, &ops[1..]) {
            return err(loc, m);
        }
        let ty = match ty {
            Some(t) => t,
            None => self.gep_result_type(&ops).map_err(|msg| PErr { pos: loc, msg })?,
        };
        if ops[1..].iter().all(|&i| self.m.consts.is_null_value(i))
            && bt == Some(ty)
            && inrange.is_none()
        {
            return Ok(base);
        }
        if flags & expr_flags::INBOUNDS != 0 {
            flags |= expr_flags::NUSW;
        }
        Ok(self.m.consts.intern_raw(
            ty,
            ConstKind::Expr {
                op: ExprOp::GetElementPtr,
                flags,
                ops: ops.into(),
                source_ty: Some(src_ty),
                inrange,
            },
        ))
    }

    /// The type of a constant `getelementptr`: its base's pointer type, or a
    /// vector of them when the base or an index is a vector.
    fn gep_result_type(&mut self, ops: &[ConstId]) -> Result<TypeId, String> {
        let bad = || String::from("base of getelementptr must be a pointer");
        let bt = ops.first().and_then(|&b| self.m.consts.ty(b)).ok_or_else(bad)?;
        if let Some(TypeKind::Vector { .. }) = self.m.types.get(bt) {
            return Ok(bt);
        }
        for &i in &ops[1..] {
            if let Some(&TypeKind::Vector { len, scalable, .. }) =
                self.m.consts.ty(i).and_then(|t| self.m.types.get(t))
            {
                return self.m.types.vector(bt, len, scalable).map_err(|e| e.to_string());
            }
        }
        Ok(bt)
    }

    fn gep_check(&self, src_ty: TypeId, idx: &[ConstId]) -> Result<(), String> {
        let mut cur = src_ty;
        for (n, &i) in idx.iter().enumerate() {
            if n == 0 {
                continue;
            }
            cur = match self.m.types.get(cur) {
                Some(TypeKind::Array { elem, .. }) | Some(TypeKind::Vector { elem, .. }) => *elem,
                Some(TypeKind::Struct { .. }) | Some(TypeKind::Named(_)) => {
                    let fields: Vec<TypeId> = match self.m.types.get(cur) {
                        Some(TypeKind::Struct { fields, .. }) => fields.to_vec(),
                        _ => self
                            .m
                            .types
                            .named_body(cur)
                            .and_then(|(_, b)| b)
                            .map(|b| b.fields.to_vec())
                            .unwrap_or_default(),
                    };
                    let k = match self.m.consts.kind(i) {
                        Some(ConstKind::Int(v)) => v.limbs()[0] as usize,
                        Some(ConstKind::Zero) => 0,
                        Some(ConstKind::Splat(e)) => match self.m.consts.kind(*e) {
                            Some(ConstKind::Int(v)) => v.limbs()[0] as usize,
                            _ => return Err("invalid getelementptr indices".into()),
                        },
                        _ => return Err("invalid getelementptr indices".into()),
                    };
                    match fields.get(k) {
                        Some(&f) => f,
                        None => return Err("invalid getelementptr indices".into()),
                    }
                }
                _ => return Err("invalid getelementptr indices".into()),
            };
        }
        Ok(())
    }

    // ----- the end -----

    fn finish(&mut self) -> R<()> {
        // Undefined types.
        if let Some((_, (loc, key))) =
            self.type_fwd.iter().filter(|(_, (l, _))| *l != u32::MAX).min_by_key(|(_, (l, _))| *l)
        {
            let msg = match key {
                Key::N(n) => {
                    format!("use of undefined type named '{}'", String::from_utf8_lossy(n))
                }
                Key::I(i) => format!("use of undefined type '%{i}'"),
            };
            return err(*loc, msg);
        }
        if let Some((_, &loc)) = self.comdat_fwd.iter().min_by_key(|(_, l)| **l) {
            let name = String::from_utf8_lossy(&self.src[loc as usize..])
                .split(|c: char| c == ')' || c.is_whitespace())
                .next()
                .unwrap_or("")
                .to_string();
            return err(loc, format!("use of undefined comdat '{name}'"));
        }
        // Globals referenced before their definition: check address spaces.
        for &(r, asp, loc) in &self.global_uses {
            if self.m.global_addrspace(r) != asp {
                return err(loc, "global referenced with a different address space");
            }
        }
        // Globals found in the prescan but never defined.
        for s in self.gnames.values().chain(self.gnums.values()) {
            if !s.defined {
                return err(0, "expected top-level entity");
            }
        }
        // blockaddress.
        let bas = core::mem::take(&mut self.blockaddrs);
        for (c, fr, key, loc) in bas {
            let GlobalRef::Func(fi) = fr else { continue };
            let f = &self.m.functions[fi as usize];
            let idx = func::find_block(f, &self.m, &key);
            match idx {
                Some(b) => {
                    let ty = self.m.consts.ty(c).unwrap_or(self.m.types.void());
                    let _ = self.m.consts.replace_kind(
                        c,
                        ty,
                        ConstKind::BlockAddress { func: fr, block: b },
                    );
                }
                None => {
                    if f.blocks.is_empty() {
                        return err(loc, "cannot take blockaddress inside a declaration");
                    }
                    return err(loc, "referenced value is not a basic block");
                }
            }
        }
        self.md_finish()?;
        Ok(())
    }
}

/// The position after the `}` closing a body whose `{` ends at `pos`.
fn skip_body(src: &[u8], mut pos: usize) -> usize {
    let mut depth = 1u32;
    while let Some(n) = src.get(pos..).and_then(|t| find_any(t, [b'{', b'}', b'"', b';'])) {
        pos += n + 1;
        match src[pos - 1] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return pos;
                }
            }
            b'"' => match find_any(&src[pos..], [b'"']) {
                Some(n) => pos += n + 1,
                None => return src.len(),
            },
            _ => match find_any(&src[pos..], [b'\n']) {
                Some(n) => pos += n,
                None => return src.len(),
            },
        }
    }
    src.len()
}

/// The position after the end of the line `pos` is on (string literals
/// may hold line breaks; comments end at one).
fn skip_line(src: &[u8], mut pos: usize) -> usize {
    while let Some(n) = src.get(pos..).and_then(|t| find_any(t, [b'\n', b'"'])) {
        pos += n + 1;
        if src[pos - 1] == b'\n' {
            return pos;
        }
        match find_any(&src[pos..], [b'"']) {
            Some(n) => pos += n + 1,
            None => return src.len(),
        }
    }
    src.len()
}

/// The first position in `hay` of a byte of `set`, eight bytes at a time
/// (the prescan skips bodies and metadata lines, most of a file, with it).
fn find_any<const N: usize>(hay: &[u8], set: [u8; N]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut chunks = hay.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let mut hit = 0;
        for c in set {
            // The high bit of each byte equal to `c` (and maybe of bytes
            // above one: the lowest set bit is always exact).
            let x = w ^ (LO * u64::from(c));
            hit |= x.wrapping_sub(LO) & !x & HI;
        }
        if hit != 0 {
            return Some(at + (hit.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks.remainder().iter().position(|b| set.contains(b)).map(|p| at + p)
}

pub(crate) fn parse_u32(d: &[u8]) -> Option<u32> {
    parse_u64_dec(d).and_then(|v| u32::try_from(v).ok())
}

pub(crate) fn parse_u64_dec(d: &[u8]) -> Option<u64> {
    if d.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for &c in d {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
    }
    Some(v)
}

/// A decimal (maybe negative) or `u0x`/`s0x` hex integer truncated to
/// `bits`. The limb count is bounded by the text length, not a number in it.
pub(crate) fn parse_big_int(t: &[u8], bits: u32) -> Option<IntValue> {
    let nl = (bits as usize).div_ceil(64).max(1);
    if t.len() > 3 && (t[0] == b'u' || t[0] == b's') && &t[1..3] == b"0x" {
        let hex = &t[3..];
        // Only the limbs the width keeps (the value has as many limbs as
        // its type, LLVM's APInt too).
        let mut limbs: Vec<u64> = alloc::vec![0; nl];
        for (li, digits) in hex.rchunks(16).enumerate().take(nl) {
            limbs[li] = digits.iter().fold(0u64, |v, &c| v << 4 | u64::from(lexer::hexval(c)));
        }
        // s0x: LLVM's lexer truncates the value to its active bits and
        // reads that as signed: the top set bit is the sign.
        let sig = hex.iter().position(|&c| lexer::hexval(c) != 0);
        if let (b's', Some(p)) = (t[0], sig) {
            let w = (hex.len() - p - 1) * 4 + (8 - lexer::hexval(hex[p]).leading_zeros()) as usize;
            if w < nl * 64 {
                if w % 64 != 0 {
                    limbs[w / 64] |= u64::MAX << (w % 64);
                }
                for l in &mut limbs[w.div_ceil(64)..] {
                    *l = u64::MAX;
                }
            }
        }
        return IntValue::from_limbs(bits, &limbs).ok();
    }
    let (neg, d) = match t.first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if d.is_empty() {
        return None;
    }
    if !d.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // Near-linear in the digit count; only the limbs the width keeps.
    let mut limbs = if d.len() <= 19 {
        let v = d.iter().fold(0u64, |v, &c| v * 10 + u64::from(c - b'0'));
        let mut l = alloc::vec![0; nl];
        l[0] = v;
        l
    } else {
        let mut l = crate::int::from_decimal(d, nl);
        l.resize(nl, 0);
        l
    };
    if neg {
        let mut carry = true;
        for l in limbs.iter_mut() {
            let (v, c) = (!*l).overflowing_add(u64::from(carry));
            *l = v;
            carry = c;
        }
    }
    IntValue::from_limbs(bits, &limbs).ok()
}

/// A float literal in format `k`, as LLVM's lexer and `ConstantFP` read it.
pub(crate) fn parse_float(t: &[u8], k: FloatKind) -> Option<FloatValue> {
    if t.len() > 2 && t[0] == b'0' && t[1] == b'x' {
        let (tag, hex) = match t.get(2) {
            Some(c @ (b'K' | b'L' | b'M' | b'H' | b'R')) => (Some(*c), &t[3..]),
            _ => (None, &t[2..]),
        };
        if hex.is_empty() || hex.len() > 32 {
            return None;
        }
        let mut v: u128 = 0;
        for &c in hex {
            v = v << 4 | u128::from(lexer::hexval(c));
        }
        return match (tag, k) {
            (None, FloatKind::Double) => Some(FloatValue::Double(v as u64)),
            (None, FloatKind::Float) => double_bits_to_float(v as u64).map(FloatValue::Float),
            (None, FloatKind::Half) | (None, FloatKind::BFloat) => {
                let d = f64::from_bits(v as u64);
                narrow(d, k)
            }
            (Some(b'H'), FloatKind::Half) => Some(FloatValue::Half(v as u16)),
            (Some(b'R'), FloatKind::BFloat) => Some(FloatValue::BFloat(v as u16)),
            (Some(b'K'), FloatKind::X86Fp80) => Some(FloatValue::X86Fp80(v & ((1u128 << 80) - 1))),
            (Some(b'L'), FloatKind::Fp128) => {
                // Written high 64 bits first? LLVM writes the low word first.
                let lo = (v >> 64) as u64;
                let hi = v as u64;
                Some(FloatValue::Fp128(u128::from(hi) << 64 | u128::from(lo)))
            }
            (Some(b'M'), FloatKind::PpcFp128) => {
                let first = (v >> 64) as u64;
                let second = v as u64;
                Some(FloatValue::PpcFp128(u128::from(second) << 64 | u128::from(first)))
            }
            (None, FloatKind::X86Fp80) | (None, FloatKind::Fp128) | (None, FloatKind::PpcFp128) => {
                widen_double(v as u64, k)
            }
            _ => None,
        };
    }
    let s = core::str::from_utf8(t).ok()?;
    let d: f64 = s.parse().ok()?;
    match k {
        FloatKind::Double => Some(FloatValue::Double(d.to_bits())),
        FloatKind::Float => {
            let f = d as f32;
            if f64::from(f) != d && !d.is_nan() {
                return None;
            }
            Some(FloatValue::Float(f.to_bits()))
        }
        FloatKind::Half | FloatKind::BFloat => narrow(d, k),
        _ => widen_double(d.to_bits(), k),
    }
}

fn double_bits_to_float(b: u64) -> Option<u32> {
    let d = f64::from_bits(b);
    if d.is_nan() {
        let sign = ((b >> 63) as u32) << 31;
        let man = ((b >> 29) & 0x7f_ffff) as u32;
        if b & ((1 << 29) - 1) != 0 {
            return None;
        }
        return Some(sign | 0x7f80_0000 | man);
    }
    let f = d as f32;
    if f64::from(f) != d {
        return None;
    }
    Some(f.to_bits())
}

/// A double narrowed exactly to half or bfloat (LLVM rejects inexact).
fn narrow(d: f64, k: FloatKind) -> Option<FloatValue> {
    let (ebits, mbits): (u32, u32) = if k == FloatKind::Half { (5, 10) } else { (8, 7) };
    let b = d.to_bits();
    let sign = (b >> 63) as u16;
    let bias = (1i32 << (ebits - 1)) - 1;
    let out_bits = |e: u16, m: u16| -> u16 { sign << 15 | e << mbits | m };
    if d.is_nan() {
        let m = ((b >> (52 - mbits)) & ((1 << mbits) - 1)) as u16;
        let m = if m == 0 { 1 << (mbits - 1) } else { m };
        let v = out_bits(((1u32 << ebits) - 1) as u16, m);
        return Some(if k == FloatKind::Half {
            FloatValue::Half(v)
        } else {
            FloatValue::BFloat(v)
        });
    }
    if d.is_infinite() {
        let v = out_bits(((1u32 << ebits) - 1) as u16, 0);
        return Some(if k == FloatKind::Half {
            FloatValue::Half(v)
        } else {
            FloatValue::BFloat(v)
        });
    }
    if d == 0.0 {
        let v = out_bits(0, 0);
        return Some(if k == FloatKind::Half {
            FloatValue::Half(v)
        } else {
            FloatValue::BFloat(v)
        });
    }
    let e = ((b >> 52) & 0x7ff) as i32 - 1023;
    let man = (b & ((1u64 << 52) - 1)) | if ((b >> 52) & 0x7ff) != 0 { 1 << 52 } else { 0 };
    let te = e + bias;
    let v = if te >= 1 && te < (1 << ebits) - 1 {
        let shift = 52 - mbits;
        if man & ((1u64 << shift) - 1) != 0 {
            return None;
        }
        out_bits(te as u16, ((man >> shift) & ((1 << mbits) - 1)) as u16)
    } else if te < 1 {
        // Subnormal in the target.
        let shift = (52 - mbits as i32) + (1 - te);
        if !(0..64).contains(&shift) {
            return None;
        }
        if man & ((1u64 << shift) - 1) != 0 {
            return None;
        }
        out_bits(0, (man >> shift) as u16)
    } else {
        return None;
    };
    Some(if k == FloatKind::Half { FloatValue::Half(v) } else { FloatValue::BFloat(v) })
}

/// A double's value exactly in a wider format.
fn widen_double(b: u64, k: FloatKind) -> Option<FloatValue> {
    let sign = (b >> 63) as u128;
    let e = ((b >> 52) & 0x7ff) as i64;
    let m = (b & ((1u64 << 52) - 1)) as u128;
    match k {
        FloatKind::Fp128 => {
            let (ne, nm) = if e == 0x7ff {
                (0x7fffu128, m << 60)
            } else if e == 0 && m == 0 {
                (0, 0)
            } else if e == 0 {
                // Normalize the subnormal.
                let lz = m.leading_zeros() as i64 - (128 - 52);
                let mm = (m << (lz + 1)) & ((1u128 << 52) - 1);
                ((1 - 1023 - lz - 1 + 16383) as u128, mm << 60)
            } else {
                ((e - 1023 + 16383) as u128, m << 60)
            };
            Some(FloatValue::Fp128(sign << 127 | ne << 112 | nm))
        }
        FloatKind::X86Fp80 => {
            let (ne, nm): (u128, u128) = if e == 0x7ff {
                (0x7fff, 1u128 << 63 | m << 11)
            } else if e == 0 && m == 0 {
                (0, 0)
            } else if e == 0 {
                let lz = m.leading_zeros() as i64 - (128 - 52);
                let mm = m << (lz + 1);
                (
                    (1 - 1023 - lz - 1 + 16383) as u128,
                    (mm << 11) & ((1u128 << 64) - 1) | 1u128 << 63,
                )
            } else {
                ((e - 1023 + 16383) as u128, 1u128 << 63 | m << 11)
            };
            Some(FloatValue::X86Fp80(sign << 79 | ne << 64 | nm))
        }
        FloatKind::PpcFp128 => Some(FloatValue::PpcFp128(u128::from(b))),
        _ => None,
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    const MODULE: &[u8] = b"@g = global i32 1, !dbg !0
define i32 @f(i32 %x) !dbg !6 {
  %y = add i32 %x, 1, !dbg !9
    #dbg_value(i32 %y, !8, !DIExpression(), !9)
  call void @h(metadata !10)
  ret i32 %y, !dbg !9
}
declare void @h(metadata)
!named = !{!10, !10}
!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!5}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: \"g\", scope: !2, file: !3, type: !4)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, emissionKind: FullDebug)
!3 = !DIFile(filename: \"a.c\", directory: \"/\")
!4 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)
!5 = !{i32 2, !\"Debug Info Version\", i32 3}
!6 = distinct !DISubprogram(name: \"f\", scope: !3, file: !3, type: !7, unit: !2, spFlags: DISPFlagDefinition)
!7 = !DISubroutineType(types: !{!4, !4})
!8 = !DILocalVariable(name: \"y\", scope: !6, file: !3, type: !4)
!9 = !DILocation(line: 1, scope: !6)
!10 = !{ptr @g, !11, <2 x i32> <i32 1, i32 2>, !{!10}}
!11 = !DIDerivedType(tag: DW_TAG_member, baseType: !4, extraData: i64 40)
";

    fn read(src: &[u8], split: bool) -> Result<Vec<u8>, String> {
        let opts = ParseOptions::default().parallel(split).parallel_min_len(0);
        parse_with(src, "a.ll", &opts)
            .map(|p| crate::write::print_bytes(&p.module, "a.ll"))
            .map_err(|e| e.to_string())
    }

    /// Whether a split read of `src` is made, and succeeds.
    fn splits(src: &[u8]) -> bool {
        let mut p = Parser::new(src);
        p.split_min = Some(0);
        p.run("a.ll", &mut |_| {}).is_ok() && p.split_used
    }

    #[test]
    fn trailing_metadata_read_apart_gives_the_serial_module() {
        assert!(splits(MODULE), "the trailing metadata was not read apart");
        let serial = read(MODULE, false);
        assert_eq!(read(MODULE, true), serial);
        let text = String::from_utf8(serial.unwrap()).unwrap();
        assert!(text.contains("!{ptr @g, !"), "{text}");
        assert!(text.contains("extraData: i64 40"), "{text}");
    }

    #[test]
    fn odd_trailing_metadata_reads_as_serially() {
        // Errors (the same message at the same place), and forms the split
        // read leaves to the serial one.
        for bad in [
            &b"!0 = !{i32 1}\n@g = global i32 0\n!1 = !{ptr @nope}\n"[..],
            b"@g = global i32 0\n!1 = !{ptr @nope}\n",
            b"@g = global i32 0\n!1 = !{!2}\n",
            b"@g = global i32 0\n!1 = !{i32 (}\n",
            b"@g = global i32 0, !dbg !3\n!1 = !{!2}\n!2 = !{}\n",
            b"@g = global i32 0\n!1 = !DIArgList(i32 1)\n!n = !{!1}\n",
            b"@g = global i32 0\n!1 = !{}\n!1 = !{}\n",
            // Provisional nodes before the tail, with a uniqued cycle in it
            // (read again serially) and without.
            b"@g = global i32 0, !a !{!1}\n!1 = !{!2}\n!2 = !{!1, i32 1}\n!3 = !{!2}\n",
            b"@g = global i32 0, !a !{!3}\n!1 = !{!2}\n!2 = !{!1, i32 1}\n!3 = !{!2}\n",
            b"@g = global i32 0, !a !{!1}\n!1 = !{!2}\n!2 = !{i32 1}\n!3 = !{!2}\n",
        ] {
            let serial = read(bad, false);
            assert_eq!(read(bad, true), serial, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn find_any_finds_the_first_byte_of_the_set() {
        let hay: Vec<u8> = (0..200u8).map(|i| b'a' + i % 20).collect();
        for set in [[b'x', b'q'], [b'a', b'z'], [b'{', b'}'], [b't', b'c']] {
            for from in 0..40 {
                let want = hay[from..].iter().position(|b| set.contains(b));
                assert_eq!(find_any(&hay[from..], set), want, "{set:?} from {from}");
            }
        }
        // A byte just above a match (the borrow of the word trick).
        assert_eq!(find_any(b"\x00\x01\x01\x01\x01\x01\x01\x01", [0x01]), Some(1));
        assert_eq!(find_any(b"\x01\x00\x00\x00\x00\x00\x00\x00", [0x00]), Some(1));
        assert_eq!(skip_body(b"{ \"}\" ; }\n { } }x", 1), 16);
        assert_eq!(skip_body(b"{ \"}", 1), 4);
        assert_eq!(skip_body(b"{ ; }", 1), 5);
        assert_eq!(skip_line(b"!0 = !{!\"a\nb\"}\n!1", 0), 15);
        assert_eq!(skip_line(b"!0 = !{!\"a", 0), 10);
    }

    #[test]
    fn the_split_needs_every_metadata_statement_at_the_end() {
        let mut p = Parser::new(b"!0 = !{}\n@g = global i32 0\n!1 = !{}\n");
        p.prescan().unwrap();
        assert_eq!(p.md_tail, None);
        let mut p = Parser::new(b"@g = global i32 0\n!0 = !{}\n!1 = !{}\n");
        p.prescan().unwrap();
        assert_eq!(p.md_tail, Some(18));
    }
}
