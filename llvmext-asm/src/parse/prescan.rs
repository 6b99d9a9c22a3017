//! The pre-scanner: a second thread that reads the main source ahead of
//! the parser and turns the lines it fully understands into ready-made
//! [`Line`]s — data directives of literals, labels, instructions without
//! symbols (matched and encoded) — so that the parser, on the other core,
//! only applies them to the streamer. Consecutive lines of plain bytes
//! (literal data, instructions without symbols) become one line: the
//! parser appends their bytes at once.
//!
//! The scanner reads every line with the parser's own [`Lexer`] and, for
//! instruction operands, a parser of its own over a scratch streamer, so
//! a line means to it what it means to the parser. What it cannot know is
//! the parser's state (a false `.if`, a macro body, `.intel_syntax`, a
//! `.code32` it saw in a line that was not assembled): a line carries what
//! it assumed, and the parser applies it only when it is at that line's
//! first token, in the main source, in that state; everything else it
//! parses itself. A line the scanner got wrong is therefore never applied,
//! only wasted, and the object is the one the parser alone makes.

use super::lexer::{Lexer, Punct, Tok, Token};
use super::{Options, Parser};
use crate::expr::{BinaryOp, Expr, ExprId, UnaryOp, Variant};
use crate::streamer::{Arch, ObjectStreamer, Prefaulted};
use crate::target::x86::{self, Inst, Mode, Operand, Prefixes, Value};
use core::hash::BuildHasher;
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

/// What a scanned line does.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    /// Bytes, `bytes[from..from + len]` of the batch, that one line or
    /// consecutive lines emit, each of them one of: `.byte`… `.quad` or
    /// `.uleb128`/`.sleb128` of literals, `.ascii`/`.asciz` of one string,
    /// an instruction without symbols that is never relaxed (matched and
    /// encoded for `mode`, the same for all of them; `None`: no
    /// instruction among them). Only blank and comment lines lie between.
    Data { from: u32, len: u32, mode: Option<Mode> },
    /// `name:`, the name at `start..start + len` of the source, with its
    /// hash by the streamer's name hasher.
    Label { start: u32, len: u32, hash: u64 },
    /// `.byte`… `.quad` (`size` 1 to 8) or `.uleb128`/`.sleb128` (`size`
    /// [`ULEB`]/[`SLEB`]) of one symbol or the difference of two:
    /// `a - b`, the `-` at `op`.
    Value { size: u8, a: Name, b: Option<Name>, op: u32 },
    /// An instruction with symbols, matched and encoded for `mode`: the
    /// expression nodes its operands made (`nodes[from..from + count]` of
    /// the batch, in the order the parser makes them), and the matched
    /// instruction and its fixups with expressions numbered from 0 for the
    /// first of those nodes.
    SymInsn {
        bytes: [u8; 15],
        len: u8,
        mode: Mode,
        nodes: (u32, u32),
        inst: u32,
        fixups: (u32, u32),
    },
    /// `.loc file line column` with the sub-directives without a value
    /// ([`LOC_BASIC_BLOCK`] …) and `is_stmt 0|1` ([`LOC_IS_STMT`],
    /// [`LOC_IS_STMT_1`]).
    Loc { file: u32, line: u32, column: u32, flags: u8 },
}

/// [`Op::Value`]'s size of `.uleb128`.
pub(crate) const ULEB: u8 = 0x10;
/// [`Op::Value`]'s size of `.sleb128`.
pub(crate) const SLEB: u8 = 0x11;
/// [`Op::Loc`]: `basic_block`.
pub(crate) const LOC_BASIC_BLOCK: u8 = 1;
/// [`Op::Loc`]: `prologue_end`.
pub(crate) const LOC_PROLOGUE_END: u8 = 2;
/// [`Op::Loc`]: `epilogue_begin`.
pub(crate) const LOC_EPILOGUE_BEGIN: u8 = 4;
/// [`Op::Loc`]: `is_stmt` given.
pub(crate) const LOC_IS_STMT: u8 = 8;
/// [`Op::Loc`]: `is_stmt 1` (with [`LOC_IS_STMT`]).
pub(crate) const LOC_IS_STMT_1: u8 = 16;

/// An expression node of [`Op::SymInsn`] (operands numbered from the
/// line's first node).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Node {
    Const(i64),
    Sym(Name, Variant),
    Unary(UnaryOp, u32),
    Binary(BinaryOp, u32, u32),
}

/// A symbol name: where it is in the source, and its hash.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Name {
    pub start: u32,
    pub len: u32,
    pub hash: u64,
}

/// A line the scanner understood.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    /// The offset of its first token.
    pub start: u32,
    /// The offset of the next line (past the newline).
    pub next: u32,
    /// The offset of the first byte of its (last) line.
    pub line_start: u32,
    /// Where the statement before it ended: only blank and comment lines
    /// lie between there and this line, `gap` newlines of them.
    pub prev_end: u32,
    pub gap: u32,
    /// For lines made one, the newlines from the first to the last.
    pub span: u32,
    pub op: Op,
}

/// The largest main source the pre-scanner reads (offsets are 32-bit).
pub(crate) const MAX_SOURCE: usize = u32::MAX as usize;

/// The lines of a chunk the scanner understood, in source order.
#[derive(Default)]
pub(crate) struct Batch {
    pub lines: Vec<Line>,
    /// The bytes of [`Op::Data`].
    pub bytes: Vec<u8>,
    /// The expression nodes, instructions and fixups of [`Op::SymInsn`].
    pub nodes: Vec<Node>,
    pub insts: Vec<Inst<ExprId>>,
    pub fixups: Vec<x86::Fixup<ExprId>>,
}

impl Batch {
    fn clear(&mut self) {
        self.lines.clear();
        self.bytes.clear();
        self.nodes.clear();
        self.insts.clear();
        self.fixups.clear();
    }
}

/// How much of the source a chunk covers (it ends at a line's end).
pub(crate) const CHUNK: usize = 1 << 20;

/// From how long a source the thread first makes storage ready for the
/// parser's streamer ([`Prefaulted`]).
const PREFAULT_FROM: usize = 8 << 20;

/// How many chunks the scanning thread may be ahead of the parser (the
/// memory it may fill: batches of about a chunk's size each).
const AHEAD: usize = 2;

/// What the scanning thread and the parser share: the source cut into
/// chunks at line ends, which of them are claimed, and the batches of
/// those scanned. Each chunk is scanned once, by whoever claims it first:
/// the thread claims them in order, staying within [`AHEAD`] chunks of the
/// parser, and the parser, when it reaches a chunk nobody has claimed,
/// scans it itself instead of waiting. The two share the work whichever
/// is faster.
pub(crate) struct Shared<'t> {
    text: &'t [u8],
    arch: Arch,
    opts: Options,
    hasher: hashbrown::DefaultHashBuilder,
    /// Chunk starts, and the end of the source last.
    bounds: Vec<usize>,
    /// The first chunk nobody has claimed.
    next: AtomicUsize,
    /// The chunk the parser reads.
    reading: AtomicUsize,
    /// The parser is done, or the thread stopped: no one waits any more.
    closed: AtomicBool,
    /// Storage the thread made ready for the parser's streamer, once.
    prefaulted: Mutex<Option<Prefaulted>>,
    prefaulted_ready: AtomicBool,
    state: Mutex<State>,
    cond: Condvar,
}

#[derive(Default)]
struct State {
    /// Scanned chunks the parser has not taken, by chunk.
    ready: Vec<Option<Batch>>,
    /// Batches the parser is done with, to be filled again.
    spare: Vec<Batch>,
    /// How long the thread scanned, once it stopped.
    took: Option<std::time::Duration>,
    /// The thread stopped without scanning what it claimed (a bug).
    failed: bool,
}

impl<'t> Shared<'t> {
    /// `text`, the main source of an assembly for `arch` with `opts`,
    /// whose names the streamer hashes with `hasher`, in chunks of about
    /// `chunk` bytes ([`CHUNK`]; the tests cut smaller ones).
    pub(crate) fn new(
        text: &'t [u8],
        arch: Arch,
        opts: Options,
        hasher: hashbrown::DefaultHashBuilder,
        chunk: usize,
    ) -> Shared<'t> {
        let chunk = chunk.max(1);
        let mut bounds = vec![0];
        let mut at = 0;
        while at + chunk < text.len() {
            match memchr::memchr(b'\n', &text[at + chunk..]) {
                Some(i) => at += chunk + i + 1,
                None => break,
            }
            bounds.push(at);
        }
        if *bounds.last().unwrap_or(&0) != text.len() || bounds.len() == 1 {
            bounds.push(text.len());
        }
        let chunks = bounds.len() - 1;
        let state = State { ready: (0..chunks).map(|_| None).collect(), ..State::default() };
        Shared {
            text,
            arch,
            opts,
            hasher,
            bounds,
            next: AtomicUsize::new(0),
            reading: AtomicUsize::new(0),
            closed: AtomicBool::new(false),
            prefaulted: Mutex::new(None),
            prefaulted_ready: AtomicBool::new(false),
            state: Mutex::new(state),
            cond: Condvar::new(),
        }
    }

    fn chunks(&self) -> usize {
        self.bounds.len() - 1
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The scanning thread: claims and scans chunks until the end or until
    /// the parser is done.
    pub(crate) fn run_thread(&self) {
        let began = std::time::Instant::now();
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.thread_loop()));
        let mut st = self.lock();
        st.took = Some(began.elapsed());
        st.failed = done.is_err();
        self.closed.store(true, Ordering::SeqCst);
        self.cond.notify_all();
    }

    fn thread_loop(&self) {
        if self.text.len() >= PREFAULT_FROM {
            let p = Prefaulted::for_source(self.text.len());
            *self.prefaulted.lock().unwrap_or_else(|e| e.into_inner()) = Some(p);
            self.prefaulted_ready.store(true, Ordering::Release);
        }
        let mut scanner = Scanner::new(self);
        loop {
            if self.closed.load(Ordering::SeqCst) {
                return;
            }
            let n = self.next.load(Ordering::SeqCst);
            if n >= self.chunks() {
                return;
            }
            if n > self.reading.load(Ordering::SeqCst) + AHEAD {
                let st = self.lock();
                // Woken when the parser moves on (or is done).
                if self.next.load(Ordering::SeqCst) > self.reading.load(Ordering::SeqCst) + AHEAD
                    && !self.closed.load(Ordering::SeqCst)
                {
                    drop(self.cond.wait(st));
                }
                continue;
            }
            if self.next.compare_exchange(n, n + 1, Ordering::SeqCst, Ordering::SeqCst).is_err() {
                continue;
            }
            let mut batch = self.lock().spare.pop().unwrap_or_default();
            scanner.chunk(self, n, &mut batch);
            let mut st = self.lock();
            st.ready[n] = Some(batch);
            self.cond.notify_all();
        }
    }
}

/// The parser's end: the batch of the chunk it reads.
pub(crate) struct Prescanned<'t> {
    shared: &'t Shared<'t>,
    /// For the chunks the parser scans itself.
    scanner: Scanner<'t>,
    /// The chunk of `batch`.
    chunk: usize,
    batch: Batch,
    /// The next line of `batch` not yet passed.
    at: usize,
    /// No more lines (the thread failed).
    off: bool,
}

impl<'t> Prescanned<'t> {
    pub(crate) fn new(shared: &'t Shared<'t>) -> Prescanned<'t> {
        Prescanned {
            shared,
            scanner: Scanner::new(shared),
            chunk: usize::MAX,
            batch: Batch::default(),
            at: 0,
            off: false,
        }
    }

    /// Makes chunk `c`'s batch the current one: taken from the thread
    /// (waiting for it if the thread is scanning it), or scanned here if
    /// nobody claimed it. `false` if there is none.
    fn load(&mut self, c: usize) -> bool {
        let sh = self.shared;
        if self.off || c >= sh.chunks() {
            return false;
        }
        sh.reading.store(c, Ordering::SeqCst);
        let mut old = std::mem::take(&mut self.batch);
        old.clear();
        self.chunk = c;
        self.at = 0;
        loop {
            let n = sh.next.load(Ordering::SeqCst);
            if n <= c {
                // Unclaimed (as are the chunks between, now passed).
                if sh.next.compare_exchange(n, c + 1, Ordering::SeqCst, Ordering::SeqCst).is_ok() {
                    self.batch = old;
                    self.scanner.chunk(sh, c, &mut self.batch);
                    let _st = sh.lock();
                    sh.cond.notify_all();
                    return true;
                }
                continue;
            }
            let mut st = sh.lock();
            st.spare.push(old);
            sh.cond.notify_all();
            loop {
                if let Some(b) = st.ready[c].take() {
                    self.batch = b;
                    // Older chunks the thread scanned for nothing.
                    for i in 0..c {
                        if let Some(b) = st.ready[i].take() {
                            st.spare.push(b);
                        }
                    }
                    return true;
                }
                if st.failed {
                    self.off = true;
                    return false;
                }
                // The thread is scanning `c`: scan a later chunk meanwhile.
                let n = sh.next.load(Ordering::SeqCst);
                if n < sh.chunks()
                    && n <= c + AHEAD
                    && sh
                        .next
                        .compare_exchange(n, n + 1, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                {
                    let mut b = st.spare.pop().unwrap_or_default();
                    drop(st);
                    self.scanner.chunk(sh, n, &mut b);
                    st = sh.lock();
                    st.ready[n] = Some(b);
                    continue;
                }
                st = sh.cond.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        }
    }

    /// The chunk holding byte `pos`.
    fn chunk_of(&self, pos: usize) -> usize {
        let b = &self.shared.bounds;
        // Nearly always the chunk at hand.
        if self.chunk < b.len() - 1 && b[self.chunk] <= pos && pos < b[self.chunk + 1] {
            return self.chunk;
        }
        let from = if self.chunk < b.len() && b[self.chunk] <= pos { self.chunk } else { 0 };
        from + b[from..].partition_point(|&x| x <= pos).saturating_sub(1)
    }

    /// The scanned line whose first token is at `pos`, if it was
    /// understood; lines before `pos` are passed.
    pub(crate) fn take(&mut self, pos: usize) -> Option<(Line, &Batch)> {
        let c = self.chunk_of(pos);
        if c != self.chunk && !self.load(c) {
            return None;
        }
        let lines = &self.batch.lines;
        while self.at < lines.len() && (lines[self.at].start as usize) < pos {
            self.at += 1;
        }
        let l = *lines.get(self.at)?;
        if l.start as usize != pos {
            return None;
        }
        self.at += 1;
        Some((l, &self.batch))
    }

    /// The scanned line right after the statement that ended at `end`
    /// (blank and comment lines between), if it was understood.
    pub(crate) fn take_after(&mut self, end: usize) -> Option<(Line, &Batch)> {
        if self.at == self.batch.lines.len() {
            let c = self.chunk_of(end);
            if c == self.chunk || !self.load(c) {
                return None;
            }
        }
        let l = *self.batch.lines.get(self.at)?;
        if l.prev_end as usize != end {
            return None;
        }
        self.at += 1;
        Some((l, &self.batch))
    }

    /// Calls `f` on the hash of every name the line `ahead` lines on in the
    /// current batch looks up.
    pub(crate) fn names_ahead(&self, ahead: usize, mut f: impl FnMut(u64)) {
        let Some(l) = self.batch.lines.get(self.at + ahead) else { return };
        match l.op {
            Op::Label { hash, .. } => f(hash),
            Op::Value { a, b, .. } => {
                f(a.hash);
                if let Some(b) = b {
                    f(b.hash);
                }
            }
            Op::SymInsn { nodes: (from, n), .. } => {
                for node in &self.batch.nodes[from as usize..(from + n) as usize] {
                    if let Node::Sym(name, _) = node {
                        f(name.hash);
                    }
                }
            }
            _ => {}
        }
    }

    /// The storage the thread made ready for the streamer, once it is
    /// (see [`Prefaulted`]).
    pub(crate) fn take_prefaulted(&self) -> Option<Prefaulted> {
        let sh = self.shared;
        if !sh.prefaulted_ready.load(Ordering::Acquire) {
            return None;
        }
        sh.prefaulted_ready.store(false, Ordering::Relaxed);
        sh.prefaulted.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    /// How long the thread scanned, once it has stopped.
    pub(crate) fn took(&self) -> Option<std::time::Duration> {
        self.shared.lock().took
    }
}

impl Drop for Prescanned<'_> {
    fn drop(&mut self) {
        let sh = self.shared;
        sh.closed.store(true, Ordering::SeqCst);
        let _st = sh.lock();
        sh.cond.notify_all();
    }
}

/// Scans chunks: the line reader and the scratch streamer its parser
/// reads instruction operands into.
struct Scanner<'t> {
    reader: Reader<'t>,
    scratch: Box<ObjectStreamer>,
    /// The mode a chunk starts in (the triple's).
    mode: Mode,
}

impl<'t> Scanner<'t> {
    fn new(sh: &Shared<'t>) -> Scanner<'t> {
        let scratch = Box::new(ObjectStreamer::new(sh.arch));
        let mode = scratch.mode();
        let reader = Reader {
            text: sh.text,
            lx: Lexer::new(),
            mode,
            intel: false,
            hasher: sh.hasher.clone(),
            toks: Vec::with_capacity(64),
            first_line: 0,
            keep: scratch.symbol_count(),
            line_start: 0,
            bytes: Vec::with_capacity(16),
            fixups: Vec::new(),
            encoded: Encoded::default(),
        };
        Scanner { reader, scratch, mode }
    }

    /// Scans chunk `c` into `batch`: the statements that start in it.
    fn chunk(&mut self, sh: &Shared<'t>, c: usize, batch: &mut Batch) {
        let (start, end) = (sh.bounds[c], sh.bounds[c + 1]);
        self.scratch.set_mode(self.mode);
        let mut p = Parser::new(sh.text, &mut self.scratch, sh.opts.clone());
        let r = &mut self.reader;
        r.lx = Lexer { pos: start, line: 1, line_start: start };
        r.mode = self.mode;
        r.intel = false;
        let mut prev_end = start;
        loop {
            let gap_from = r.lx.line;
            let eol = if r.simple_statement() {
                true
            } else {
                let Some(eol) = r.statement() else { break };
                eol
            };
            if r.toks[0].start >= end {
                break;
            }
            let op = if eol { r.understand(&mut p, batch) } else { None };
            if let Some(op) = op {
                // The statement's line, less the one its newline ended.
                let gap = r.lx.line - 1 - gap_from;
                let line = Line {
                    start: r.toks[0].start as u32,
                    next: r.lx.pos as u32,
                    line_start: r.line_start as u32,
                    prev_end: prev_end as u32,
                    gap,
                    span: 0,
                    op,
                };
                if !batch.lines.last_mut().is_some_and(|last| join(last, &line)) {
                    batch.lines.push(line);
                }
            }
            prev_end = r.lx.pos;
        }
    }
}

/// Appends the first `n` bytes of `b` to `v`: all of `b` and back (a copy
/// of a size known when compiling, not a call per line).
#[inline]
fn push_bytes<const N: usize>(v: &mut Vec<u8>, b: &[u8; N], n: usize) {
    let at = v.len();
    v.extend_from_slice(b);
    v.truncate(at + n.min(N));
}

/// Makes `line` part of `last` when both are [`Op::Data`] and nothing but
/// blank and comment lines lies between them; whether it did.
fn join(last: &mut Line, line: &Line) -> bool {
    let (Op::Data { from, len, mode }, Op::Data { from: f2, len: l2, mode: m2 }) =
        (&mut last.op, line.op)
    else {
        return false;
    };
    if line.prev_end != last.next || *from + *len != f2 {
        return false;
    }
    match (*mode, m2) {
        (Some(a), Some(b)) if a != b => return false,
        (None, Some(b)) => *mode = Some(b),
        _ => {}
    }
    *len += l2;
    last.next = line.next;
    last.line_start = line.line_start;
    last.span += 1 + line.gap;
    true
}

/// Reads statements and understands them.
struct Reader<'t> {
    text: &'t [u8],
    lx: Lexer,
    /// The mode after the `.code16`/`.code32`/`.code64` lines so far.
    mode: Mode,
    /// After an `.intel_syntax` line (instructions are left alone).
    intel: bool,
    hasher: hashbrown::DefaultHashBuilder,
    /// The tokens of the statement at hand.
    toks: Vec<Token>,
    /// The line of its first token.
    first_line: u32,
    /// The scratch streamer's symbols of its own (the rest are a line's).
    keep: usize,
    /// Where the line of its first token starts.
    line_start: usize,
    bytes: Vec<u8>,
    fixups: Vec<x86::Fixup<ExprId>>,
    /// The encodings of the symbol-free instruction lines read so far.
    encoded: Encoded,
}

/// The encodings of instruction lines without symbols, by their text: a
/// compiler writes the same few thousand (`xorl %eax, %eax`, `popq %rbx`)
/// over and over, and such a line's bytes follow from its text and the
/// mode alone (no name in it, no fixup, never relaxed; lines whose reading
/// gave a diagnostic are not among them).
#[derive(Default)]
struct Encoded {
    table: hashbrown::HashTable<Encoding>,
    /// The lines' texts, one after the other.
    texts: Vec<u8>,
}

#[derive(Clone, Copy)]
struct Encoding {
    hash: u64,
    /// The line's text at `texts[at..at + len]`.
    at: u32,
    len: u8,
    mode: Mode,
    bytes: [u8; 15],
    size: u8,
}

impl Encoded {
    /// At most this many lines are kept (a few megabytes).
    const MAX_LINES: usize = 1 << 16;

    fn get(&self, hash: u64, mode: Mode, text: &[u8]) -> Option<&Encoding> {
        self.table.find(hash, |e| {
            e.mode == mode
                && usize::from(e.len) == text.len()
                && &self.texts[e.at as usize..e.at as usize + text.len()] == text
        })
    }

    fn insert(&mut self, hash: u64, mode: Mode, text: &[u8], bytes: [u8; 15], size: u8) {
        let (Ok(len), Ok(at)) = (u8::try_from(text.len()), u32::try_from(self.texts.len())) else {
            return;
        };
        if self.table.len() >= Self::MAX_LINES {
            return;
        }
        self.texts.extend_from_slice(text);
        let e = Encoding { hash, at, len, mode, bytes, size };
        self.table.insert_unique(hash, e, |e| e.hash);
    }
}

impl Reader<'_> {
    /// Reads the next statement's tokens. `None` at the end of the source;
    /// `Some(true)` when the statement is a line of its own: it ends at the
    /// first newline after its first token (not at a `;`, not at the end
    /// of the source without a newline, no newline inside a comment).
    fn statement(&mut self) -> Option<bool> {
        self.toks.clear();
        let s = self.text;
        loop {
            let t = self.lx.next(s);
            match t.kind {
                Tok::Eof if self.toks.is_empty() => return None,
                Tok::Eof => return Some(false),
                Tok::Eol if self.toks.is_empty() => continue,
                Tok::Eol => {
                    // No newline since the first token but this one.
                    let own_line =
                        s.get(t.start) == Some(&b'\n') && self.lx.line == self.first_line + 1;
                    return Some(own_line);
                }
                _ => {
                    if self.toks.is_empty() {
                        self.line_start = self.lx.line_start;
                        self.first_line = self.lx.line;
                    }
                    self.toks.push(t)
                }
            }
        }
    }

    fn text(&self, t: Token) -> &[u8] {
        &self.text[t.start..t.end]
    }

    /// Reads the next statement's tokens as [`Reader::statement`] does
    /// when it is a simple one on a line of its own — identifiers, decimal
    /// literals, `:`, `,` and `-` between spaces and tabs, then a newline
    /// or a `#` comment, as compilers write nearly every line — without the
    /// general lexer; blank and comment lines before it are passed.
    /// `false` (the statement left to [`Reader::statement`]) for anything
    /// else.
    fn simple_statement(&mut self) -> bool {
        let s = self.text;
        let blank = |mut i: usize| {
            // Compilers pad to the comment column with spaces: eight at a
            // time.
            while let Some(&w) = s.get(i..).and_then(|r| r.first_chunk::<8>()) {
                if u64::from_ne_bytes(w) != u64::from_ne_bytes([b' '; 8]) {
                    break;
                }
                i += 8;
            }
            while matches!(s.get(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            i
        };
        self.toks.clear();
        loop {
            if self.lx.pos != self.lx.line_start {
                return false;
            }
            // Blank and comment lines.
            let mut i = blank(self.lx.pos);
            if s.get(i) == Some(&b'#') {
                i += super::lexer::memchr_nl(&s[i..]);
            }
            if s.get(i) != Some(&b'\n') {
                break;
            }
            self.lx = Lexer { pos: i + 1, line: self.lx.line + 1, line_start: i + 1 };
        }
        let mut i = self.lx.pos;
        loop {
            i = blank(i);
            let Some(&c) = s.get(i) else { return false };
            let t = match c {
                b'\n' => break,
                b'#' => {
                    i += super::lexer::memchr_nl(&s[i..]);
                    if s.get(i) != Some(&b'\n') {
                        return false;
                    }
                    break;
                }
                b':' => Token::new(Tok::Punct(Punct::Colon), i, i + 1),
                b',' => Token::new(Tok::Punct(Punct::Comma), i, i + 1),
                b'-' => Token::new(Tok::Punct(Punct::Minus), i, i + 1),
                b'0'..=b'9' => {
                    let mut e = i;
                    let mut v = 0u64;
                    while let Some(&d @ b'0'..=b'9') = s.get(e) {
                        let Some(x) =
                            v.checked_mul(10).and_then(|x| x.checked_add(u64::from(d - b'0')))
                        else {
                            return false;
                        };
                        v = x;
                        e += 1;
                    }
                    // Octal, hexadecimal, binary, reals, `1f`: the lexer's.
                    if (e - i > 1 && c == b'0')
                        || s.get(e).is_some_and(|&d| super::lexer::is_ident_char(d))
                    {
                        return false;
                    }
                    Token::integer(i, e, u128::from(v), false)
                }
                b'.' if s.get(i + 1).is_some_and(|d| d.is_ascii_digit()) => return false,
                c if c.is_ascii_alphabetic() || c == b'_' || c == b'.' => {
                    Token::new(Tok::Ident, i, super::lexer::ident_end(s, i + 1))
                }
                _ => return false,
            };
            i = t.end;
            self.toks.push(t);
        }
        if self.toks.is_empty() {
            return false;
        }
        self.line_start = self.lx.line_start;
        self.lx = Lexer { pos: i + 1, line: self.lx.line + 1, line_start: i + 1 };
        true
    }

    /// What the statement in `toks` does, if it is one of the kinds the
    /// scanner knows; literals go to `values`.
    fn understand(&mut self, p: &mut Parser<'_>, batch: &mut Batch) -> Option<Op> {
        let t0 = self.toks[0];
        if t0.kind != Tok::Ident {
            return None;
        }
        let name = self.text(t0);
        if super::is_conditional(name) {
            return None;
        }
        if self.toks.len() == 2 && self.toks[1].kind == Tok::Punct(Punct::Colon) {
            if name == b"." {
                return None;
            }
            let hash = self.hasher.hash_one(name);
            return Some(Op::Label { start: t0.start as u32, len: name.len() as u32, hash });
        }
        if name[0] == b'.' {
            return self.directive(batch);
        }
        if self
            .toks
            .get(1)
            .is_some_and(|t| matches!(t.kind, Tok::Punct(Punct::Colon) | Tok::Punct(Punct::Equal)))
        {
            return None;
        }
        let op = self.instruction(p, batch);
        p.forget_scratch(self.keep);
        op
    }

    fn directive(&mut self, batch: &mut Batch) -> Option<Op> {
        let mut buf = [0u8; 16];
        let name = self.text(self.toks[0]);
        let lower = buf.get_mut(..name.len())?;
        lower.copy_from_slice(name);
        lower.make_ascii_lowercase();
        let lower = &*lower;
        match lower {
            b".code16" | b".code32" | b".code64" if self.toks.len() == 1 => {
                self.mode = match lower {
                    b".code16" => Mode::Bits16,
                    b".code32" => Mode::Bits32,
                    _ => Mode::Bits64,
                };
                return None;
            }
            b".intel_syntax" => {
                self.intel = true;
                return None;
            }
            b".att_syntax" => {
                self.intel = false;
                return None;
            }
            b".loc" => return self.loc(),
            b".ascii" => return self.string(false, &mut batch.bytes),
            b".asciz" | b".string" => return self.string(true, &mut batch.bytes),
            _ => {}
        }
        let leb = match lower {
            b".uleb128" => Some(false),
            b".sleb128" => Some(true),
            _ => None,
        };
        let size = match leb {
            Some(_) => 0,
            None => super::directives::data_size(lower)?,
        };
        if self.toks.get(1).is_some_and(|t| t.kind == Tok::Ident) {
            let size = match leb {
                Some(false) => ULEB,
                Some(true) => SLEB,
                None => size,
            };
            return self.symbolic(size);
        }
        let from = batch.bytes.len();
        let ok = self.literals(size, |v| match leb {
            Some(signed) => {
                let mut buf = [0u8; 10];
                let n = crate::assembler::encode_leb(v, signed, &mut buf);
                push_bytes(&mut batch.bytes, &buf, n);
            }
            None => push_bytes(&mut batch.bytes, &v.to_le_bytes(), size as usize),
        });
        if !ok {
            batch.bytes.truncate(from);
            return None;
        }
        Some(Op::Data { from: from as u32, len: (batch.bytes.len() - from) as u32, mode: None })
    }

    /// `.ascii`/`.asciz` of one string: its bytes (and a zero) to `pool`.
    fn string(&self, zero: bool, pool: &mut Vec<u8>) -> Option<Op> {
        let t = *self.toks.get(1)?;
        if self.toks.len() != 2 || t.kind != Tok::Str {
            return None;
        }
        let from = pool.len();
        if super::lexer::unescape(self.text(t), pool).is_err() {
            pool.truncate(from);
            return None;
        }
        if zero {
            pool.push(0);
        }
        Some(Op::Data { from: from as u32, len: (pool.len() - from) as u32, mode: None })
    }

    /// The operands `[-]literal, …` after a directive, as the parser
    /// reads them (a literal is its 64 low bits; `-` negates with
    /// wrapping), each fitting `size` bytes (0: any), given to `emit`.
    fn literals(&self, size: u8, mut emit: impl FnMut(i64)) -> bool {
        let toks = &self.toks[1..];
        if toks.is_empty() {
            return false;
        }
        let mut i = 0;
        loop {
            let neg = toks.get(i).is_some_and(|t| t.kind == Tok::Punct(Punct::Minus));
            i += usize::from(neg);
            let Some(t) = toks.get(i) else { return false };
            if t.kind != Tok::Int || t.big {
                return false;
            }
            let mut v = t.int as i64;
            if neg {
                v = UnaryOp::Neg.fold(v);
            }
            if size != 0 && !super::directives::literal_fits(v, size) {
                return false;
            }
            emit(v);
            i += 1;
            match toks.get(i) {
                None => return true,
                Some(t) if t.kind == Tok::Punct(Punct::Comma) => i += 1,
                Some(_) => return false,
            }
        }
    }

    /// A name token's [`Name`]: an identifier other than `.`, not followed
    /// by a `@` variant.
    fn name(&self, i: usize) -> Option<Name> {
        let t = self.toks.get(i)?;
        let text = self.text(*t);
        if t.kind != Tok::Ident || text == b"." || u32::try_from(t.end).is_err() {
            return None;
        }
        if self.toks.get(i + 1).is_some_and(|n| n.kind == Tok::Punct(Punct::At)) {
            return None;
        }
        Some(Name {
            start: t.start as u32,
            len: text.len() as u32,
            hash: self.hasher.hash_one(text),
        })
    }

    /// A data directive of `name` or `name - name`.
    fn symbolic(&self, size: u8) -> Option<Op> {
        let a = self.name(1)?;
        match self.toks.len() {
            2 => Some(Op::Value { size, a, b: None, op: a.start }),
            4 if self.toks[2].kind == Tok::Punct(Punct::Minus) => {
                let b = self.name(3)?;
                Some(Op::Value { size, a, b: Some(b), op: self.toks[2].start as u32 })
            }
            _ => None,
        }
    }

    /// `.loc` with literal numbers and the usual sub-directives.
    fn loc(&self) -> Option<Op> {
        let int = |i: usize| -> Option<u32> {
            let t = self.toks.get(i)?;
            if t.kind != Tok::Int {
                return None;
            }
            if t.big {
                return None;
            }
            u32::try_from(t.int).ok()
        };
        let file = int(1)?;
        let line = int(2)?;
        let column = int(3)?;
        let mut flags = 0;
        let mut i = 4;
        while let Some(t) = self.toks.get(i) {
            if t.kind != Tok::Ident {
                return None;
            }
            flags |= match self.text(*t) {
                b"basic_block" => LOC_BASIC_BLOCK,
                b"prologue_end" => LOC_PROLOGUE_END,
                b"epilogue_begin" => LOC_EPILOGUE_BEGIN,
                b"is_stmt" => {
                    i += 1;
                    match int(i)? {
                        0 => LOC_IS_STMT,
                        1 => LOC_IS_STMT | LOC_IS_STMT_1,
                        _ => return None,
                    }
                }
                _ => return None,
            };
            i += 1;
        }
        Some(Op::Loc { file, line, column, flags })
    }

    /// An AT&T instruction, read by the scratch parser `p`, matched and
    /// encoded; its symbols' names and expressions go to `batch`.
    fn instruction(&mut self, p: &mut Parser<'_>, batch: &mut Batch) -> Option<Op> {
        if self.intel {
            return None;
        }
        let t0 = self.toks[0];
        let mut buf = [0u8; 24];
        let name = self.text(t0);
        let lower = buf.get_mut(..name.len())?;
        lower.copy_from_slice(name);
        lower.make_ascii_lowercase();
        let mnemonic = core::str::from_utf8(lower).ok()?;
        // Prefix words (`lock`, `rep`, `{vex3}`) take the parser's path.
        if mnemonic.len() <= 7
            && (Prefixes::default().add(mnemonic)
                || x86::prefix_byte(self.mode, mnemonic).is_some())
        {
            return None;
        }
        let last = self.toks[self.toks.len() - 1];
        let text = &self.text[t0.start..last.end];
        let hash = self.hasher.hash_one(text);
        if let Some(e) = self.encoded.get(hash, self.mode, text) {
            let from = batch.bytes.len() as u32;
            push_bytes(&mut batch.bytes, &e.bytes, e.size as usize);
            return Some(Op::Data { from, len: u32::from(e.size), mode: Some(e.mode) });
        }
        p.st.set_mode(self.mode);
        p.seek(t0.end);
        let mut ops: SmallVec<[Operand<ExprId>; 4]> = SmallVec::new();
        let mut locs = SmallVec::new();
        let ok = p.att_operands(&mut ops, &mut locs).is_ok() && p.at_eol();
        if !ok || !p.st.diagnostics().is_empty() {
            return None;
        }
        let inst = p.st.matcher.match_att(self.mode, &Prefixes::default(), mnemonic, &ops).ok()?;
        self.bytes.clear();
        self.fixups.clear();
        x86::encode(&inst, &mut self.bytes, &mut self.fixups).ok()?;
        if self.bytes.len() > 15 {
            return None;
        }
        let mut bytes = [0u8; 15];
        bytes[..self.bytes.len()].copy_from_slice(&self.bytes);
        let (len, mode) = (self.bytes.len() as u8, self.mode);
        let exprs = p.st.exprs();
        if exprs.is_empty() || !ops.iter().any(has_symbol) {
            if !self.fixups.is_empty() || x86::may_need_relaxation(&inst) {
                return None;
            }
            self.encoded.insert(hash, mode, &self.text[t0.start..last.end], bytes, len);
            let from = batch.bytes.len() as u32;
            batch.bytes.extend_from_slice(&bytes[..len as usize]);
            return Some(Op::Data { from, len: u32::from(len), mode: Some(mode) });
        }
        // The nodes the operands made, each symbol a name of the source.
        let from = batch.nodes.len();
        for i in 0..exprs.len() {
            let node = match exprs.get(ExprId(i as u32)) {
                Expr::Const(c) => Node::Const(c),
                Expr::Sym(s, v) => {
                    let name = p.st.sym(s).name.as_bytes();
                    // A temporary (`.`, `1f`) is not a name to look up.
                    let at = self.name_in_line(name)?;
                    let hash = self.hasher.hash_one(name);
                    Node::Sym(Name { start: at as u32, len: name.len() as u32, hash }, v)
                }
                Expr::Unary(op, a) => Node::Unary(op, a.0),
                Expr::Binary(op, a, b) => Node::Binary(op, a.0, b.0),
            };
            batch.nodes.push(node);
        }
        let nodes = (from as u32, exprs.len() as u32);
        let fx = batch.fixups.len() as u32;
        batch.fixups.extend_from_slice(&self.fixups);
        batch.insts.push(inst);
        Some(Op::SymInsn {
            bytes,
            len,
            mode,
            nodes,
            inst: batch.insts.len() as u32 - 1,
            fixups: (fx, self.fixups.len() as u32),
        })
    }

    /// Where `name` is written among the statement's tokens.
    fn name_in_line(&self, name: &[u8]) -> Option<usize> {
        if name.is_empty() {
            return None;
        }
        self.toks.iter().find(|t| t.kind == Tok::Ident && self.text(**t) == name).map(|t| t.start)
    }
}

/// Whether an operand's value is symbolic.
fn has_symbol<E>(op: &Operand<E>) -> bool {
    match op {
        Operand::Imm(v) => !matches!(v, Value::Const(_)),
        Operand::Mem(m) | Operand::IndirectMem(m) => !matches!(m.disp, Value::Const(_)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use crate::{assemble_with, Options};

    /// The object (or the rendered diagnostics) of `src` for `triple`,
    /// pre-scanned in chunks of `chunk` bytes or not at all.
    fn run(triple: &str, src: &[u8], chunk: Option<usize>) -> Result<Vec<u8>, String> {
        let opts = Options { file_name: "t.s".into(), ..Options::default() };
        assemble_with(triple, src, &opts, &mut |_| {}, chunk).map_err(|e| e.render(src))
    }

    /// With and without the pre-scanner (in one chunk, and in chunks of a
    /// few lines whose ends fall everywhere): the same object, or the same
    /// diagnostics.
    fn same(src: &str) {
        for triple in ["x86_64-linux-gnu", "i686-linux-gnu"] {
            let alone = run(triple, src.as_bytes(), None);
            for chunk in [super::CHUNK, 1, 7, 40] {
                let with = run(triple, src.as_bytes(), Some(chunk));
                assert_eq!(alone, with, "{triple}, chunks of {chunk}:\n{src}");
            }
        }
    }

    #[test]
    fn lines_it_understands() {
        same(".byte 1, 2, -1\n.BYTE 255\n.short 65535, -32768\n.long 4294967295\n.quad -1\n.quad 0xffffffffffffffff\n.value 7\n.2byte 1\n.4byte 2\n.8byte 3\n");
        same(".uleb128 0, 127, 128, 0xffffffffffffffff\n.sleb128 -1, -129, 64\n");
        same(".ascii \"a\\tb\\n\\000\\377\"\n.asciz \"x\"\n.string \"\"\n.ascii \"a\" \"b\"\n.asciz \"a\", \"b\"\n.ASCII \"q\"\n");
        same("a:\n.L1:\nb:  # comment\n\t.byte 1 # 0x1\n\n# only a comment\n.Lx$y?:\n");
        same("f:\n\tmovq %rsp, %rbp\n\taddq $1000, %rax\n\taddq $1, %rax\n\tmovl 8(%rsp,%rcx,4), %eax\n\tvpaddd %zmm1, %zmm2, %zmm3 {%k1} {z}\n\tret\n");
        same(".file 1 \"a.c\"\n.loc 1 2 3\nnop\n.loc 1 4 0 prologue_end\nnop\n.loc 1 5 7 is_stmt 0\nnop\n.loc 1 6 1 is_stmt 1 basic_block epilogue_begin\nnop\n");
        same(".data\na: .long 1\nb:\n.long a\n.quad b\n.long b-a\n.uleb128 b-a\n.sleb128 a-b\n.uleb128 c-a\nc:\n");
        // Lines of bytes made one, over blank and comment lines, and the
        // line numbers after them.
        same(".byte 1\n\n# c\n.short 2 # x\n.ascii \"ab\"\nnop\nret\n.uleb128 300\n\n.2byte 1\n.long 5\nmovl %eax, %ebx\n.code32\nnop\n.byte 1\n.4byte 3\n");
        same(".macro m\n.endm\n.byte 1\nnop\n.byte 2\nm\n.byte 3\n.byte 4\n.8byte 5\n");
    }

    #[test]
    fn state_it_cannot_know() {
        // A macro named like an instruction.
        same(".macro movl a, b\n.byte 0x90\n.endm\nmovl %eax, %ebx\nmovl %ecx, %edx\n");
        // A mode or syntax switch that is not assembled.
        same(".if 0\n.code32\n.endif\nmovl %eax, %ebx\npushl %eax\n");
        same(".if 0\n.intel_syntax noprefix\n.endif\nmovl %eax, %ebx\n");
        same(".code32\nmovl %eax, %ebx\n.code64\nmovq %rax, %rbx\n");
        // One instruction's text in two modes, and again in each (a line
        // read in another mode than the parser's is never applied).
        same("incl %eax\n.code32\nincl %eax\n.code64\nincl %eax\n.code32\nincl %eax\n");
        same(".intel_syntax noprefix\nmov eax, ebx\n.att_syntax\nmovl %eax, %ebx\n");
        // Lines inside false conditionals, repetitions and macro bodies.
        same(".if 0\n.byte 1\nx:\n.else\n.byte 2\n.endif\n.rept 3\n.byte 4\nnop\n.endr\n.macro m\n.byte 5\n.endm\nm\nm\n");
        // Variables stand for their values.
        same(".set x, 5\n.set y, 2\n.long x\n.uleb128 x-y\n.byte x-y\n");
        same(".long x\n.set x, 5\n.long x\n");
        // Comments over lines, statements sharing a line.
        same("/* .byte 1\n.byte 2 */ .byte 3\n.byte 4\n");
        same(".byte 1; .byte 2\n.byte 3 ; nop\nx: .byte 4\ny: nop\n");
        // Prefixes, numeric labels, the current location.
        same("rep movsb\nlock addl $1, (%rax)\nrep\n1:\njmp 1b\n.long .\n");
        // A forward numeric label read by the scratch parser, then another
        // line naming it (the scratch symbol it made is gone by then).
        same("jmp 1f\nmovl 1f(%rip), %eax\nleaq 1b(%rip), %rax\n1:\nnop\njmp 1b\n");
        // No newline at the end; carriage returns.
        same(".byte 1\r\n.byte 2\r\nnop");
    }

    #[test]
    fn errors_read_by_the_parser() {
        same(".byte 300\n.byte 1\n.short 70000\n");
        same("a:\na:\n.byte 1\n");
        same(".loc 5 1 1\nnop\n");
        same(".file 1 \"a.c\"\n.loc 1 2 3 is_stmt 2\nnop\n.loc 1 2 3 isa 1\nnop\n");
        same("movl %eax\nfoo %eax\nmovq $1, %rax, %rbx\n.byte 1,\n.long a-\n");
        same("x = 1\nx:\n.long x\n");
        // A conditional's name before a colon is still a conditional.
        same(".if.Ltmp1:\n.ifx:\n.endif:\n.else:\n.elsex:\n.byte 1\n");
        same(".ascii \"abc\n.asciz \"\\x\"\n.ascii \"a\" , \n.asciz 5\n");
    }

    /// [`same`] on every `.s` file of `dir` (under the crate), at least
    /// `least` of them.
    fn same_in_dir(dir: &str, least: usize) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut n = 0;
        for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = e.expect("an entry").path();
            if path.extension().is_some_and(|x| x == "s") {
                same(&std::fs::read_to_string(&path).expect("a test input"));
                n += 1;
            }
        }
        assert!(n >= least, "only {n} files in {}", dir.display());
    }

    #[test]
    fn snippets_are_the_same() {
        same_in_dir("tests/snippets", 20);
    }

    #[cfg(feature = "workspace-tests")]
    #[test]
    fn bad_inputs_are_the_same() {
        same_in_dir("../testdata/asm/bad", 12);
    }
}
