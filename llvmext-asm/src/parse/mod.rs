//! The GAS-syntax parser (LLVM's `AsmParser` with its ELF and x86 AT&T
//! parts) over the [`ObjectStreamer`]: statements are labels,
//! assignments, directives and instructions; errors are collected with
//! their place and the parser goes on with the next statement, as llvm-mc
//! does.
//!
//! A large main source is also read by a pre-scanner (`prescan.rs`): a
//! second thread, with the parser's own lexer, turns the lines it fully
//! understands (data of literals and symbols, labels, `.loc`, instructions,
//! matched and encoded) into ready-made ones, which the parser applies
//! where it is in the state the scanner assumed and reads itself
//! otherwise; the two share the source in chunks of about 1 MiB.

mod directives;
mod dwarf;
mod expr;
mod intel;
pub mod lexer;
pub(crate) mod prescan;
mod x86;

use crate::diag::{Diagnostic, Loc, Severity};
use crate::expr::ExprId;
use crate::streamer::ObjectStreamer;
use crate::symbol::SymbolId;
use hashbrown::HashMap;
use lexer::{Lexer, Punct, Tok, Token};
use smallvec::SmallVec;
use std::rc::Rc;

/// The text a frame reads.
#[derive(Debug, Clone)]
enum Text {
    /// The main file (borrowed by the parser).
    Main,
    /// An included file or a macro expansion.
    Owned(Rc<[u8]>),
}

#[derive(Debug, Clone)]
struct Frame {
    text: Text,
    lexer: Lexer,
    /// The file index locations in this frame report (an expansion is a
    /// file of its own, `<instantiation>`, as in llvm-mc).
    file: u32,
    /// For a macro, `.rept` or `.irp` expansion: where it was
    /// instantiated (each diagnostic inside gets a note there).
    at: Option<Loc>,
    /// How many diagnostics there were when the frame began (an expansion
    /// none were reported in gives its text back when it ends).
    diags_at_start: usize,
}

/// One `1:`-style label number: the instance `1b` names and the one the
/// next `1:` will define (`1f`).
#[derive(Debug, Clone, Copy, Default)]
struct DirLabel {
    current: Option<SymbolId>,
    forward: Option<SymbolId>,
}

/// A conditional assembly state.
#[derive(Debug, Clone, Copy)]
struct Cond {
    /// Whether the enclosing state assembles.
    parent_active: bool,
    /// Whether the current branch assembles.
    active: bool,
    /// Whether a branch was already taken.
    taken: bool,
    /// Whether `.else` was seen.
    seen_else: bool,
}

/// A `.macro` definition.
#[derive(Debug, Clone)]
struct Macro {
    params: Vec<MacroParam>,
    body: Rc<[u8]>,
}

#[derive(Debug, Clone)]
struct MacroParam {
    name: String,
    default: Option<Vec<u8>>,
    required: bool,
    vararg: bool,
}

/// Options of an assembly.
#[derive(Debug, Clone)]
pub struct Options {
    /// The DWARF version of line tables from `.loc` (llvm-mc's
    /// `-dwarf-version`, default 4; `.file 0` raises it to 5).
    pub dwarf_version: u16,
    /// The name of the main file, for diagnostics.
    pub file_name: String,
    /// Directories `.include` searches after the main file's.
    pub include_dirs: Vec<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options { dwarf_version: 4, file_name: "<stdin>".into(), include_dirs: Vec::new() }
    }
}

/// Whether a statement starting with identifier `name` is a conditional
/// (`.if…`, `.else`, `.elseif`, `.endif`), which the parser reads even
/// where it assembles nothing — and whatever follows the name (`.ifx:` is
/// not a label).
pub(crate) fn is_conditional(name: &[u8]) -> bool {
    name.starts_with(b".if") || name == b".else" || name == b".elseif" || name == b".endif"
}

/// How many pre-scanned lines ahead the parser asks for the memory their
/// symbol lookups read.
const PREFETCH_AHEAD: usize = 16;

/// How deep macro expansions, `.rept`s and `.include`s may nest (LLVM:
/// "macros cannot be nested more than 20 levels deep").
const MAX_NESTING: usize = 20;

/// The parser of one assembly.
pub struct Parser<'a> {
    main: &'a [u8],
    /// Told how far the main source has been read.
    consumed: Option<&'a mut dyn FnMut(usize)>,
    /// The offset last reported to `consumed`.
    reported: usize,
    frames: Vec<Frame>,
    tok: Token,
    pub(crate) st: &'a mut ObjectStreamer,
    pub(crate) opts: Options,
    /// The names of the source files (the main one first) and the texts
    /// of the included ones (the main one's is the caller's).
    pub(crate) files: Vec<(String, Rc<[u8]>)>,
    dir_labels: HashMap<u64, DirLabel>,
    conds: Vec<Cond>,
    macros: HashMap<String, Rc<Macro>>,
    macro_counter: u64,
    /// `.intel_syntax` in effect.
    pub(crate) intel: bool,
    /// The main source's lines a pre-scanner understood (see [`prescan`]).
    prescanned: Option<prescan::Prescanned<'a>>,
    scratch: Vec<u8>,
    /// The last statement was a label (another may follow on its line).
    after_label: bool,
    /// Where the expression parsed last is, as LLVM places an expression
    /// (a binary or unary one at its operator).
    expr_loc: Loc,
    /// Where the token before the current one ends (a range's end).
    pub(crate) prev_end: usize,
}

impl<'a> Parser<'a> {
    /// A parser of `text` feeding `st`.
    pub fn new(text: &'a [u8], st: &'a mut ObjectStreamer, opts: Options) -> Parser<'a> {
        st.set_dwarf_version(opts.dwarf_version);
        let mut p = Parser {
            main: text,
            consumed: None,
            reported: 0,
            frames: vec![Frame {
                text: Text::Main,
                lexer: Lexer::new(),
                file: 0,
                at: None,
                diags_at_start: 0,
            }],
            tok: Token::new(Tok::Eol, 0, 0),
            st,
            files: vec![(opts.file_name.clone(), Rc::from(&[][..]))],
            opts,
            dir_labels: HashMap::new(),
            conds: Vec::new(),
            macros: HashMap::new(),
            macro_counter: 0,
            intel: false,
            prescanned: None,
            scratch: Vec::new(),
            after_label: false,
            expr_loc: Loc::NONE,
            prev_end: 0,
        };
        p.lex();
        p
    }

    /// Takes the main source's lines the pre-scanner understood from
    /// `rx` (see [`prescan`]).
    pub(crate) fn set_prescanned(&mut self, from: prescan::Prescanned<'a>) {
        self.prescanned = Some(from);
    }

    /// How long the pre-scanner took, if it ran and the parser saw its
    /// end.
    pub(crate) fn prescan_took(&self) -> Option<std::time::Duration> {
        self.prescanned.as_ref()?.took()
    }

    /// Forgets what reading a line left behind, for the pre-scanner's
    /// scratch parser: the expressions and symbols its streamer made since
    /// the first `keep` symbols, and the numeric labels (`1f`) naming them.
    pub(crate) fn forget_scratch(&mut self, keep: usize) {
        self.dir_labels.clear();
        self.st.forget_scratch(keep);
    }

    /// Moves to byte `pos` of the main source, on a line of its own as far
    /// as places go (the pre-scanner's scratch parser, whose diagnostics
    /// nobody reads).
    pub(crate) fn seek(&mut self, pos: usize) {
        self.frames.truncate(1);
        self.frames[0].lexer = Lexer { pos, line: 1, line_start: pos };
        self.lex();
    }

    /// Applies the pre-scanned line at the current token, if there is one
    /// and the parser is in the state it assumed; the current token is
    /// then that line's end.
    fn apply_prescanned(&mut self) -> bool {
        if self.frames.len() != 1 || !self.active() {
            return false;
        }
        let Some(mut ps) = self.prescanned.take() else { return false };
        if let Some(p) = ps.take_prefaulted() {
            self.st.adopt(p);
        }
        let applied = match ps.take(self.tok.start) {
            Some((line, batch)) => self.apply_line(&line, batch),
            None => false,
        };
        // The lines that follow, as long as only blank and comment lines
        // lie between: no need to read those.
        if applied {
            loop {
                // The symbols lines a little further on look up: their
                // table entries, then (lines later) the symbols themselves.
                let st = &*self.st;
                ps.names_ahead(PREFETCH_AHEAD, |h| st.prefetch_name(h, false));
                ps.names_ahead(PREFETCH_AHEAD / 2, |h| st.prefetch_name(h, true));
                let end = self.tok.end;
                let Some((line, batch)) = ps.take_after(end) else { break };
                let f = &mut self.frames[0];
                let (saved, saved_tok) = (f.lexer.clone(), self.tok);
                f.lexer.line += line.gap;
                f.lexer.line_start = line.line_start as usize;
                f.lexer.pos = line.start as usize;
                self.tok = Token::new(Tok::Ident, line.start as usize, line.start as usize);
                if !self.apply_line(&line, batch) {
                    // The parser reads this one: back to the end of the last.
                    self.frames[0].lexer = saved;
                    self.tok = saved_tok;
                    break;
                }
                if self.frames[0].lexer.line_start >= self.reported + (8 << 20) {
                    self.report_progress();
                }
            }
        }
        self.prescanned = Some(ps);
        applied
    }

    fn apply_line(&mut self, line: &prescan::Line, batch: &prescan::Batch) -> bool {
        use prescan::Op;
        match line.op {
            Op::Data { from, len, mode } => {
                let bytes = &batch.bytes[from as usize..(from + len) as usize];
                match mode {
                    // What `.byte`, `.uleb128`, `.ascii` … of literals emit.
                    None => self.st.emit_bytes(bytes),
                    Some(mode) => {
                        if mode != self.st.mode() || self.intel || !self.macros.is_empty() {
                            return false;
                        }
                        // Instructions among them: the section has some.
                        self.st.emit_encoded(bytes);
                    }
                }
            }
            Op::Label { start, len, hash } => {
                let loc = self.loc();
                let name = &self.main[start as usize..(start + len) as usize];
                let sym = self.st.symbol_hashed(name, hash);
                self.label(sym, loc);
            }
            Op::SymInsn { bytes, len, mode, nodes, inst, fixups } => {
                if mode != self.st.mode() || self.intel || !self.macros.is_empty() {
                    return false;
                }
                let loc = self.loc();
                let base = self.st.exprs().len() as u32;
                let nodes = &batch.nodes[nodes.0 as usize..(nodes.0 + nodes.1) as usize];
                // The nodes the parser would make, in its order.
                for &n in nodes {
                    let e = match n {
                        prescan::Node::Const(c) => crate::expr::Expr::Const(c),
                        prescan::Node::Sym(n, v) => {
                            let name = &self.main[n.start as usize..(n.start + n.len) as usize];
                            let sym = self.st.symbol_hashed(name, n.hash);
                            if matches!(
                                self.st.sym(sym).def(),
                                crate::symbol::SymbolDef::Variable(_)
                            ) {
                                // A variable may be substituted: the parser's.
                                self.st.exprs_mut().truncate(base as usize);
                                return false;
                            }
                            crate::expr::Expr::Sym(sym, v)
                        }
                        prescan::Node::Unary(op, a) => {
                            crate::expr::Expr::Unary(op, ExprId(base + a))
                        }
                        prescan::Node::Binary(op, a, b) => {
                            crate::expr::Expr::Binary(op, ExprId(base + a), ExprId(base + b))
                        }
                    };
                    self.st.exprs_mut().add(e);
                }
                let rebase = |v: &mut crate::target::x86::Value<ExprId>| {
                    if let crate::target::x86::Value::Expr { expr, .. } = v {
                        *expr = ExprId(base + expr.0);
                    }
                };
                let mut inst = batch.insts[inst as usize];
                inst.for_each_value_mut(rebase);
                let fixups = &batch.fixups[fixups.0 as usize..(fixups.0 + fixups.1) as usize];
                let mut fx: SmallVec<[crate::target::x86::Fixup<ExprId>; 2]> =
                    SmallVec::from_slice(fixups);
                for f in &mut fx {
                    rebase(&mut f.value);
                }
                self.st.emit_encoded_instruction(&inst, &bytes[..len as usize], &fx, loc);
            }
            Op::Value { size, a, b, op } => {
                let op = op as usize;
                // What `parse_expr` builds of names that are not variables
                // (a variable may be substituted: the parser's business).
                let name_expr = |p: &mut Self, n: prescan::Name| {
                    let name = &p.main[n.start as usize..(n.start + n.len) as usize];
                    let sym = p.st.symbol_hashed(name, n.hash);
                    let var = matches!(p.st.sym(sym).def(), crate::symbol::SymbolDef::Variable(_));
                    (!var).then(|| (sym, p.st.sym_expr(sym, crate::expr::Variant::None)))
                };
                let Some((sa, ea)) = name_expr(self, a) else { return false };
                let e = match b {
                    Some(b) => {
                        let Some((sb, eb)) = name_expr(self, b) else { return false };
                        self.st.register(sa);
                        self.st.register(sb);
                        self.st.exprs_mut().binary(crate::expr::BinaryOp::Sub, ea, eb)
                    }
                    None => {
                        self.st.register(sa);
                        ea
                    }
                };
                // The symbols registered in their order in the expression,
                // as the emitters would.
                match size {
                    prescan::ULEB | prescan::SLEB => {
                        let loc = self.loc_at(op);
                        self.st.emit_leb_registered(e, size == prescan::SLEB, loc);
                    }
                    _ => {
                        let loc = self.loc_at(a.start as usize);
                        self.st.emit_value_registered(e, size, loc);
                    }
                }
            }
            Op::Loc { file, line, column, flags } => {
                let opts = crate::dwarf::line::LocOptions {
                    basic_block: flags & prescan::LOC_BASIC_BLOCK != 0,
                    prologue_end: flags & prescan::LOC_PROLOGUE_END != 0,
                    epilogue_begin: flags & prescan::LOC_EPILOGUE_BEGIN != 0,
                    is_stmt: (flags & prescan::LOC_IS_STMT != 0)
                        .then_some(i64::from(flags & prescan::LOC_IS_STMT_1 != 0)),
                    isa: None,
                    discriminator: None,
                };
                // An error (a file number without `.file`) changes nothing:
                // the parser reads the line and reports it.
                let (f, l, c) = (i64::from(file), i64::from(line), i64::from(column));
                if self.st.dwarf_loc(f, l, c, &opts).is_err() {
                    return false;
                }
            }
        }
        // The current token becomes the line's newline.
        let f = &mut self.frames[0];
        let line_no = f.lexer.line;
        let next = line.next as usize;
        f.lexer = Lexer { pos: next, line: line_no + line.span + 1, line_start: next };
        self.prev_end = self.tok.end;
        self.tok = Token::new(Tok::Eol, next - 1, next);
        true
    }

    /// Sets the function told how far the main source has been read (see
    /// [`crate::assemble_streaming`]).
    pub fn set_consumed_hook(&mut self, f: &'a mut dyn FnMut(usize)) {
        self.consumed = Some(f);
    }

    /// Reports progress through the main source every 8 MiB.
    fn report_progress(&mut self) {
        if self.frames.len() != 1 {
            return;
        }
        let pos = self.frames[0].lexer.line_start;
        if pos >= self.reported + (8 << 20) {
            self.reported = pos;
            if let Some(f) = self.consumed.as_mut() {
                f(pos);
            }
        }
    }

    // ----- tokens -----

    fn frame_text(&self) -> &[u8] {
        match &self.frames.last().expect("a frame").text {
            Text::Main => self.main,
            Text::Owned(t) => t,
        }
    }

    /// Advances to the next token (popping finished included files and
    /// macro expansions).
    pub(crate) fn lex(&mut self) {
        {
            let main = self.main;
            let f = self.frames.last_mut().expect("a frame");
            let Frame { text, lexer, .. } = f;
            let t: &[u8] = match text {
                Text::Main => main,
                Text::Owned(t) => t,
            };
            let tok = lexer.next(t);
            if tok.kind == Tok::Eof && self.frames.len() > 1 {
                let done = self.frames.pop().expect("a frame");
                self.end_expansion(&done);
                // The end of an expansion ends its last statement.
                self.tok = Token::new(Tok::Eol, 0, 0);
                let f = self.frames.last().expect("a frame");
                self.tok.start = f.lexer.pos;
                self.tok.end = f.lexer.pos;
                return;
            }
            self.prev_end = self.tok.end;
            self.tok = tok;
        }
    }

    /// The text of identifier token `t` as a string that does not borrow
    /// the parser: a slice of the main source (`None` in an included file
    /// or a macro expansion, whose text the parser owns).
    pub(crate) fn main_str(&self, t: Token) -> Option<&'a str> {
        let main: &'a [u8] = self.main;
        match self.frames.last()?.text {
            Text::Main => std::str::from_utf8(main.get(t.start..t.end)?).ok(),
            Text::Owned(_) => None,
        }
    }

    /// The bytes of token `t`, borrowed from the main source when it is
    /// there (an identifier's are ASCII: no UTF-8 check needed).
    pub(crate) fn token_bytes(&self, t: Token) -> std::borrow::Cow<'a, [u8]> {
        let main: &'a [u8] = self.main;
        match self.frames.last().map(|f| &f.text) {
            Some(Text::Main) => std::borrow::Cow::Borrowed(main.get(t.start..t.end).unwrap_or(&[])),
            _ => std::borrow::Cow::Owned(self.text(t).to_vec()),
        }
    }

    /// The text of identifier token `t`, borrowed from the main source
    /// when it is there.
    pub(crate) fn ident(&self, t: Token) -> std::borrow::Cow<'a, str> {
        match self.main_str(t) {
            Some(s) => std::borrow::Cow::Borrowed(s),
            None => std::borrow::Cow::Owned(String::from_utf8_lossy(self.text(t)).into_owned()),
        }
    }

    /// The lexer position and current token, to come back to.
    pub(crate) fn clone_position(&self) -> (Lexer, Token, usize) {
        (self.frames.last().expect("a frame").lexer.clone(), self.tok, self.frames.len())
    }

    /// Comes back to a position [`Parser::clone_position`] gave (in the
    /// same frame).
    pub(crate) fn restore_position(&mut self, p: (Lexer, Token, usize)) {
        if self.frames.len() == p.2 {
            self.frames.last_mut().expect("a frame").lexer = p.0;
            self.tok = p.1;
        }
    }

    /// The current token.
    pub(crate) fn tok(&self) -> Token {
        self.tok
    }

    /// The current token's integer, `None` when it needs more than 128
    /// bits.
    pub(crate) fn tok_int128(&self) -> Option<u128> {
        if self.tok.big {
            lexer::int_literal(self.text(self.tok))
        } else {
            Some(u128::from(self.tok.int))
        }
    }

    /// The text of a token.
    pub(crate) fn text(&self, t: Token) -> &[u8] {
        let s = self.frame_text();
        s.get(t.start..t.end).unwrap_or(&[])
    }

    /// The text of the current token as a string.
    pub(crate) fn tok_str(&self) -> &str {
        std::str::from_utf8(self.text(self.tok)).unwrap_or("")
    }

    /// Whether the current token is `p`.
    pub(crate) fn is(&self, p: Punct) -> bool {
        self.tok.kind == Tok::Punct(p)
    }

    /// Eats `p` if it is the current token.
    pub(crate) fn eat(&mut self, p: Punct) -> bool {
        if self.is(p) {
            self.lex();
            true
        } else {
            false
        }
    }

    /// Whether the statement ends here.
    /// An integer literal that is a whole operand (followed by a comma or
    /// the end of the statement), read; `None`, with nothing read, for
    /// anything else (the expression parser's).
    pub(crate) fn lone_int(&mut self) -> Option<i64> {
        let t = self.tok;
        if t.kind != Tok::Int || t.big {
            return None;
        }
        let back = self.clone_position();
        self.lex();
        if matches!(self.tok.kind, Tok::Eol | Tok::Eof | Tok::Punct(Punct::Comma)) {
            return Some(t.int as i64);
        }
        self.restore_position(back);
        None
    }

    pub(crate) fn at_eol(&self) -> bool {
        matches!(self.tok.kind, Tok::Eol | Tok::Eof)
    }

    /// The location of the current token.
    pub(crate) fn loc(&self) -> Loc {
        self.loc_at(self.tok.start)
    }

    /// The location of byte `at` of the current frame.
    pub(crate) fn loc_at(&self, at: usize) -> Loc {
        let f = self.frames.last().expect("a frame");
        // A token may start on an earlier line than the lexer's current
        // one only for the newline token itself.
        let (line, col) = if at >= f.lexer.line_start {
            (f.lexer.line, f.lexer.col(at))
        } else {
            let text = self.frame_text();
            let ls = text[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            (f.lexer.line.saturating_sub(1).max(1), (at - ls + 1) as u32)
        };
        Loc { file: f.file, line, col }
    }

    /// Where the token after the current end of statement starts (llvm-mc
    /// places some errors found after a statement was read there): the
    /// next line's first token, or the end of the input.
    pub(crate) fn loc_after_statement(&self) -> Loc {
        let f = self.frames.last().expect("a frame");
        if self.tok.kind != Tok::Eol || f.at.is_some() {
            return self.loc();
        }
        let mut lexer = f.lexer.clone();
        let (line, line_start, from) = (lexer.line, lexer.line_start, lexer.pos);
        let text = self.frame_text();
        let mut next = lexer.next(text);
        if next.kind == Tok::Eol {
            // A line of a comment only ends where llvm-mc's token does: at
            // the comment.
            let lead = text[from..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
            if matches!(text.get(from + lead), Some(b'#')) || text[from + lead..].starts_with(b"//")
            {
                next.start = from + lead;
            }
        }
        if next.start >= lexer.line_start {
            Loc { file: f.file, line: lexer.line, col: lexer.col(next.start) }
        } else {
            // An empty line's end: a token on the line it ends.
            Loc { file: f.file, line, col: (next.start.saturating_sub(line_start) + 1) as u32 }
        }
    }

    /// Records an error at `loc` whose marker covers `width` columns.
    pub(crate) fn error_width(&mut self, loc: Loc, width: u32, msg: impl Into<String>) {
        self.st.error_width(loc, width, msg);
    }

    /// Records an error at `loc`.
    pub(crate) fn error(&mut self, loc: Loc, msg: impl Into<String>) {
        self.st.error(loc, msg);
    }

    /// Records a warning at `loc`.
    pub(crate) fn warning(&mut self, loc: Loc, msg: impl Into<String>) {
        self.st.warning(loc, msg);
    }

    /// Skips to the end of the statement.
    pub(crate) fn skip_statement(&mut self) {
        while !self.at_eol() {
            self.lex();
        }
    }

    // ----- statements -----

    /// Parses everything.
    pub fn run(&mut self) {
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::Eol => {
                    self.lex();
                    continue;
                }
                _ => {}
            }
            if self.apply_prescanned() {
                self.lex();
                if self.frames[0].lexer.line_start >= self.reported + (8 << 20) {
                    self.report_progress();
                }
                continue;
            }
            let diags = self.st.diagnostics().len();
            let mut ok = self.statement();
            // A label may share its line with a statement (`x: .long 5`).
            while ok.is_ok() && self.after_label && !self.at_eol() {
                ok = self.statement();
            }
            if self.frames.len() > 1 && self.st.diagnostics().len() > diags {
                self.note_instantiations(diags);
            }
            if ok.is_err() {
                self.skip_statement();
            }
            if !self.at_eol() {
                // A statement parser that stopped early (its error is
                // recorded).
                self.skip_statement();
            }
            if self.tok.kind == Tok::Eof {
                break;
            }
            self.lex();
            if self.frames.len() == 1
                && self.frames[0].lexer.line_start >= self.reported + (8 << 20)
            {
                self.report_progress();
            }
        }
        if !self.conds.is_empty() {
            let loc = self.loc();
            self.error(loc, "unmatched .ifs or .elses");
        }
        self.finish_dwarf();
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    fn statement(&mut self) -> Result<(), ()> {
        self.after_label = false;
        let t = self.tok;
        let loc = self.loc();
        // Conditionals are seen even when inactive.
        if t.kind == Tok::Ident && is_conditional(self.text(t)) {
            let name = self.tok_str().to_ascii_lowercase();
            self.lex();
            return self.conditional(&name, loc);
        }
        if !self.active() {
            self.skip_statement();
            return Ok(());
        }
        match t.kind {
            Tok::Int => {
                // `1:` a directional local label.
                let n = t.int;
                self.lex();
                if self.eat(Punct::Colon) {
                    let e = self.dir_labels.entry(n).or_default();
                    let sym = match e.forward.take() {
                        Some(s) => s,
                        None => self.st.temp_symbol(),
                    };
                    self.dir_labels.get_mut(&n).expect("entry").current = Some(sym);
                    self.st.emit_label(sym, loc);
                    self.after_label = true;
                    return Ok(());
                }
                self.error(loc, "unexpected token at start of statement");
                Err(())
            }
            Tok::Ident | Tok::Str => {
                let name = if t.kind == Tok::Str {
                    let mut v = Vec::new();
                    if lexer::unescape(self.text(t), &mut v).is_err() {
                        self.error(loc, "invalid string");
                        return Err(());
                    }
                    std::borrow::Cow::Owned(String::from_utf8_lossy(&v).into_owned())
                } else {
                    self.ident(t)
                };
                self.lex();
                if self.is(Punct::Colon) {
                    self.lex();
                    if name == "." {
                        self.error(loc, "invalid use of pseudo-symbol '.' as a label");
                        return Err(());
                    }
                    let sym = self.st.symbol(&name);
                    self.label(sym, loc);
                    self.after_label = true;
                    return Ok(());
                }
                if self.is(Punct::Equal) && t.kind == Tok::Ident {
                    self.lex();
                    return self.assignment(&name, loc, true);
                }
                if t.kind == Tok::Ident && name.starts_with('.') && name != "." {
                    return self.directive(&name, loc);
                }
                if t.kind == Tok::Ident {
                    if !self.macros.is_empty() {
                        if let Some(m) = self.macros.get(&name.to_ascii_lowercase()).cloned() {
                            return self.expand_macro(&m, loc);
                        }
                    }
                    return self.instruction(name, t, loc);
                }
                self.error(loc, "unexpected token at start of statement");
                Err(())
            }
            Tok::Error(m) => {
                self.error(loc, m.message());
                Err(())
            }
            _ => {
                self.error(loc, "unexpected token at start of statement");
                Err(())
            }
        }
    }

    /// Defines a label.
    fn label(&mut self, sym: SymbolId, loc: Loc) {
        let s = self.st.sym(sym);
        if s.is_defined() {
            let name = s.name().to_string();
            self.error(loc, format!("symbol '{name}' is already defined"));
            return;
        }
        self.st.emit_label(sym, loc);
    }

    /// `name = expr`, `.set name, expr`, `.equ name, expr`
    /// (`.equiv` refuses a redefinition).
    pub(crate) fn assignment(&mut self, name: &str, loc: Loc, allow_redef: bool) -> Result<(), ()> {
        let eloc = self.loc();
        let value = self.parse_expr()?;
        if !self.at_eol() {
            let l = self.loc();
            self.error(l, "unexpected token in assignment");
            return Err(());
        }
        if name == "." {
            // `. = expr`: an `.org`.
            self.st.emit_org(value, 0);
            return Ok(());
        }
        let sym = self.st.symbol(name);
        let s = self.st.sym(sym);
        if s.is_defined() {
            let redefinable = matches!(s.def(), crate::symbol::SymbolDef::Variable(_));
            if !allow_redef || !redefinable {
                self.error(loc, format!("redefinition of '{name}'"));
                return Err(());
            }
        }
        let _ = eloc;
        // A constant is substituted into later uses (LLVM keeps the
        // assignment but folds absolute values at each use).
        self.st.emit_assignment(sym, value, loc);
        Ok(())
    }

    /// The symbol a directional reference (`1b`, `1f`) names.
    pub(crate) fn directional(&mut self, n: u64, backward: bool) -> Option<SymbolId> {
        let e = self.dir_labels.entry(n).or_default();
        if backward {
            e.current
        } else {
            if e.forward.is_none() {
                let s = self.st.temp_symbol();
                self.dir_labels.get_mut(&n).expect("entry").forward = Some(s);
            }
            self.dir_labels[&n].forward
        }
    }

    fn conditional(&mut self, name: &str, loc: Loc) -> Result<(), ()> {
        let active = self.active();
        match name {
            ".else" => {
                let Some(c) = self.conds.last_mut() else {
                    self.error(
                        loc,
                        "Encountered a .else that doesn't follow  a .if or  an .elseif",
                    );
                    return Err(());
                };
                if c.seen_else {
                    self.error(
                        loc,
                        "Encountered a .else that doesn't follow  a .if or  an .elseif",
                    );
                    return Err(());
                }
                c.seen_else = true;
                c.active = c.parent_active && !c.taken;
                c.taken = true;
                self.skip_statement();
                Ok(())
            }
            ".endif" => {
                if self.conds.pop().is_none() {
                    self.error(loc, "Encountered a .endif that doesn't follow a .if or .else");
                    return Err(());
                }
                self.skip_statement();
                Ok(())
            }
            ".elseif" => {
                let Some(&c) = self.conds.last() else {
                    self.error(
                        loc,
                        "Encountered a .elseif that doesn't follow a .if or  an .elseif",
                    );
                    return Err(());
                };
                if c.seen_else {
                    self.error(
                        loc,
                        "Encountered a .elseif that doesn't follow a .if or  an .elseif",
                    );
                    return Err(());
                }
                if !c.parent_active || c.taken {
                    self.skip_statement();
                    let c = self.conds.last_mut().expect("cond");
                    c.active = false;
                    return Ok(());
                }
                let v = self.parse_absolute()?;
                let c = self.conds.last_mut().expect("cond");
                c.active = v != 0;
                c.taken = c.active;
                Ok(())
            }
            _ => {
                if !active {
                    self.skip_statement();
                    self.conds.push(Cond {
                        parent_active: false,
                        active: false,
                        taken: true,
                        seen_else: false,
                    });
                    return Ok(());
                }
                let cond = self.if_condition(name, loc)?;
                self.conds.push(Cond {
                    parent_active: true,
                    active: cond,
                    taken: cond,
                    seen_else: false,
                });
                Ok(())
            }
        }
    }

    fn if_condition(&mut self, name: &str, loc: Loc) -> Result<bool, ()> {
        Ok(match name {
            ".if" | ".ifne" => self.parse_absolute()? != 0,
            ".ifeq" => self.parse_absolute()? == 0,
            ".ifge" => self.parse_absolute()? >= 0,
            ".ifgt" => self.parse_absolute()? > 0,
            ".ifle" => self.parse_absolute()? <= 0,
            ".iflt" => self.parse_absolute()? < 0,
            ".ifdef" | ".ifndef" | ".ifnotdef" => {
                let n = self.parse_identifier("expected identifier after '.ifdef'")?;
                let defined = self.st.lookup_symbol(&n).is_some_and(|s| {
                    let s = self.st.sym(s);
                    s.is_defined()
                });
                if name == ".ifdef" {
                    defined
                } else {
                    !defined
                }
            }
            ".ifb" | ".ifnb" => {
                let blank = self.at_eol();
                self.skip_statement();
                if name == ".ifb" {
                    blank
                } else {
                    !blank
                }
            }
            ".ifc" | ".ifnc" | ".ifeqs" | ".ifnes" => {
                let (a, b) = self.two_strings(name == ".ifeqs" || name == ".ifnes")?;
                let eq = a == b;
                if name == ".ifc" || name == ".ifeqs" {
                    eq
                } else {
                    !eq
                }
            }
            _ => {
                self.error(loc, "unknown directive");
                return Err(());
            }
        })
    }

    fn two_strings(&mut self, quoted: bool) -> Result<(Vec<u8>, Vec<u8>), ()> {
        if quoted {
            let a = self.parse_string()?;
            if !self.eat(Punct::Comma) {
                let l = self.loc();
                self.error(l, "expected comma");
                return Err(());
            }
            let b = self.parse_string()?;
            return Ok((a, b));
        }
        // `.ifc a, b`: raw text on either side of the comma, trimmed.
        let text = self.rest_of_statement();
        let s = text.as_slice();
        let (a, b) = match s.iter().position(|&c| c == b',') {
            Some(p) => (&s[..p], &s[p + 1..]),
            None => (s, &[][..]),
        };
        Ok((a.trim_ascii().to_vec(), b.trim_ascii().to_vec()))
    }

    /// The raw text from the current token to the end of the statement.
    pub(crate) fn rest_of_statement(&mut self) -> Vec<u8> {
        if self.at_eol() {
            return Vec::new();
        }
        let start = self.tok.start;
        let mut end = self.tok.end;
        while !self.at_eol() {
            end = self.tok.end;
            self.lex();
        }
        self.frame_text().get(start..end).unwrap_or(&[]).to_vec()
    }

    /// An identifier (or a quoted name).
    pub(crate) fn parse_identifier(&mut self, msg: &str) -> Result<String, ()> {
        match self.tok.kind {
            Tok::Ident => {
                let s = self.tok_str().to_string();
                self.lex();
                Ok(s)
            }
            Tok::Str => {
                let mut v = Vec::new();
                let _ = lexer::unescape(self.text(self.tok), &mut v);
                self.lex();
                Ok(String::from_utf8_lossy(&v).into_owned())
            }
            _ => {
                let l = self.loc();
                self.error(l, msg.to_string());
                Err(())
            }
        }
    }

    /// A string literal's bytes.
    pub(crate) fn parse_string(&mut self) -> Result<Vec<u8>, ()> {
        if self.tok.kind != Tok::Str {
            let l = self.loc();
            self.error(l, "expected string");
            return Err(());
        }
        let mut v = Vec::new();
        if let Err(m) = lexer::unescape(self.text(self.tok), &mut v) {
            let l = self.loc();
            self.error(l, m);
            return Err(());
        }
        self.lex();
        Ok(v)
    }

    // ----- macros -----

    /// Reads an expansion (a macro's body, a `.rept` or `.irp`'s copies)
    /// next, instantiated at `at`: a source of its own named
    /// `<instantiation>`, as llvm-mc names it.
    fn push_expansion(&mut self, text: Rc<[u8]>, at: Loc) -> Result<(), ()> {
        if self.frames.len() > MAX_NESTING {
            self.error(at, "macros cannot be nested more than 20 levels deep. Use -asm-macro-max-nesting-depth to increase this limit.");
            return Err(());
        }
        let file = self.files.len() as u32;
        self.files.push(("<instantiation>".into(), text.clone()));
        let diags_at_start = self.st.diagnostics().len();
        self.frames.push(Frame {
            text: Text::Owned(text),
            lexer: Lexer::new(),
            file,
            at: Some(at),
            diags_at_start,
        });
        Ok(())
    }

    /// An expansion ended: without a diagnostic in it, its text is not
    /// kept for printing one (and its source slot is reused when last).
    fn end_expansion(&mut self, done: &Frame) {
        if done.at.is_none() || self.st.diagnostics().len() > done.diags_at_start {
            return;
        }
        let f = done.file as usize;
        if f + 1 == self.files.len() {
            self.files.pop();
        } else if let Some(slot) = self.files.get_mut(f) {
            slot.1 = Rc::from(&[][..]);
        }
    }

    /// After a statement inside expansions: each diagnostic it added gets
    /// llvm-mc's notes, `while in macro instantiation`, at each active
    /// instantiation from the innermost out.
    fn note_instantiations(&mut self, from: usize) {
        let sites: Vec<Loc> = self.frames.iter().rev().filter_map(|f| f.at).collect();
        if sites.is_empty() || self.st.diagnostics().len() <= from {
            return;
        }
        let added: Vec<Diagnostic> = self.st.take_diagnostics_from(from);
        for d in added {
            let note = d.severity != Severity::Note;
            self.st.push_diagnostic(d);
            if note {
                for &at in &sites {
                    self.st.push_diagnostic(Diagnostic {
                        severity: Severity::Note,
                        loc: at,
                        message: "while in macro instantiation".into(),
                        width: 1,
                    });
                }
            }
        }
    }

    /// Reads the body of a `.macro`/`.rept`/`.irp` up to its matching end
    /// directive; the text between.
    fn read_body(
        &mut self,
        open: &[&str],
        close: &str,
        loc: Loc,
        what: &str,
    ) -> Result<Vec<u8>, ()> {
        // The current token is the end of the directive's line.
        let mut depth = 0usize;
        let body_start = self.frames.last().expect("a frame").lexer.pos;
        loop {
            self.lex();
            match self.tok.kind {
                Tok::Eof => {
                    // LLVM names a macro's end `.endmacro`.
                    let close = if close == ".endm" { ".endmacro" } else { close };
                    self.error(loc, format!("no matching '{close}' in definition"));
                    let _ = what;
                    return Err(());
                }
                Tok::Ident => {
                    let start = self.tok.start;
                    let w = self.tok_str().to_ascii_lowercase();
                    if open.contains(&w.as_str()) {
                        depth += 1;
                    } else if w == close {
                        if depth == 0 {
                            let body = self.frame_text()[body_start..start].to_vec();
                            self.skip_statement();
                            return Ok(body);
                        }
                        depth -= 1;
                    }
                    self.skip_statement();
                }
                _ => self.skip_statement(),
            }
        }
    }

    fn expand_macro(&mut self, m: &Macro, loc: Loc) -> Result<(), ()> {
        // Arguments: comma-separated (or space-separated) raw text.
        let mut args: Vec<Vec<u8>> = Vec::new();
        let rest = self.rest_of_statement();
        if !rest.is_empty() {
            let mut cur = Vec::new();
            let mut depth = 0i32;
            let mut in_str = false;
            for &c in &rest {
                match c {
                    b'"' => {
                        in_str = !in_str;
                        cur.push(c)
                    }
                    b'(' if !in_str => {
                        depth += 1;
                        cur.push(c)
                    }
                    b')' if !in_str => {
                        depth -= 1;
                        cur.push(c)
                    }
                    b',' if !in_str && depth == 0 => args.push(core::mem::take(&mut cur)),
                    _ => cur.push(c),
                }
            }
            args.push(cur);
        }
        let mut named: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut positional = Vec::new();
        for a in args {
            let t = a.trim_ascii().to_vec();
            if let Some(eq) = t.iter().position(|&c| c == b'=') {
                let n = String::from_utf8_lossy(t[..eq].trim_ascii()).into_owned();
                if let Some(i) = m.params.iter().position(|p| p.name == n) {
                    named.push((i, t[eq + 1..].trim_ascii().to_vec()));
                    continue;
                }
            }
            positional.push(t);
        }
        let mut values: Vec<Vec<u8>> = Vec::with_capacity(m.params.len());
        for (i, p) in m.params.iter().enumerate() {
            let v = if let Some((_, v)) = named.iter().find(|(j, _)| *j == i) {
                v.clone()
            } else if p.vararg {
                let r: Vec<Vec<u8>> = positional.drain(i.min(positional.len())..).collect();
                r.join(&b","[..])
            } else if i < positional.len() {
                positional[i].clone()
            } else if let Some(d) = &p.default {
                d.clone()
            } else {
                if p.required {
                    self.error(
                        loc,
                        format!("missing value for required parameter '{}' in macro", p.name),
                    );
                    return Err(());
                }
                Vec::new()
            };
            values.push(v);
        }
        if positional.len() > m.params.len() && !m.params.iter().any(|p| p.vararg) {
            self.error(loc, "too many positional arguments");
            return Err(());
        }
        self.macro_counter += 1;
        let counter = self.macro_counter - 1;
        let body = substitute(&m.body, &m.params, &values, counter);
        self.push_expansion(Rc::from(body), loc)?;
        // The macro's statement ends here; the expansion follows.
        Ok(())
    }

    pub(crate) fn parse_macro_def(&mut self, loc: Loc) -> Result<(), ()> {
        let name = self.parse_identifier("expected identifier in '.macro' directive")?;
        let mut params = Vec::new();
        while !self.at_eol() {
            self.eat(Punct::Comma);
            if self.at_eol() {
                break;
            }
            let pname = self.parse_identifier("expected identifier in '.macro' directive")?;
            let mut p = MacroParam { name: pname, default: None, required: false, vararg: false };
            if self.eat(Punct::Colon) {
                let q = self.parse_identifier("expected identifier")?;
                match q.as_str() {
                    "req" => p.required = true,
                    "vararg" => p.vararg = true,
                    _ => {
                        self.error(
                            loc,
                            format!(
                                "{q} is not a valid parameter qualifier for '{}' in macro '{name}'",
                                p.name
                            ),
                        );
                        return Err(());
                    }
                }
            }
            if self.eat(Punct::Equal) {
                let start = self.tok.start;
                let mut end = start;
                while !self.at_eol() && !self.is(Punct::Comma) {
                    end = self.tok.end;
                    self.lex();
                }
                p.default = Some(self.frame_text()[start..end].to_vec());
            }
            params.push(p);
        }
        let body = self.read_body(&[".macro"], ".endm", loc, "macro")?;
        self.macros
            .insert(name.to_ascii_lowercase(), Rc::new(Macro { params, body: Rc::from(body) }));
        Ok(())
    }

    pub(crate) fn parse_rept(&mut self, loc: Loc) -> Result<(), ()> {
        let n = self.parse_absolute()?;
        let body = self.read_body(&[".rept", ".irp", ".irpc"], ".endr", loc, "rept")?;
        let mut text = Vec::new();
        for _ in 0..n.max(0) {
            text.extend_from_slice(&body);
            if text.len() > 1 << 30 {
                self.error(loc, "expansion too large");
                return Err(());
            }
        }
        self.push_expansion(Rc::from(text), loc)
    }

    pub(crate) fn parse_irp(&mut self, loc: Loc, chars: bool) -> Result<(), ()> {
        let pname = self.parse_identifier("expected identifier in '.irp' directive")?;
        self.eat(Punct::Comma);
        let rest = self.rest_of_statement();
        let body = self.read_body(&[".rept", ".irp", ".irpc"], ".endr", loc, "irp")?;
        let param = MacroParam { name: pname, default: None, required: false, vararg: false };
        let values: Vec<Vec<u8>> = if chars {
            rest.trim_ascii().iter().map(|&c| vec![c]).collect()
        } else {
            rest.split(|&c| c == b',').map(|a| a.trim_ascii().to_vec()).collect()
        };
        let mut text = Vec::new();
        for v in values {
            text.extend(substitute(&body, core::slice::from_ref(&param), &[v], 0));
        }
        self.push_expansion(Rc::from(text), loc)
    }

    /// Reads an included file next.
    pub(crate) fn push_include(&mut self, text: Rc<[u8]>, file: u32) -> Result<(), ()> {
        let at = None;
        if self.frames.len() > MAX_NESTING {
            let l = self.loc();
            self.error(l, "too many nested .include files");
            return Err(());
        }
        let diags_at_start = self.st.diagnostics().len();
        self.frames.push(Frame {
            text: Text::Owned(text),
            lexer: Lexer::new(),
            file,
            at,
            diags_at_start,
        });
        Ok(())
    }

    pub(crate) fn scratch(&mut self) -> Vec<u8> {
        core::mem::take(&mut self.scratch)
    }

    pub(crate) fn give_back(&mut self, v: Vec<u8>) {
        self.scratch = v;
    }
}

/// Replaces `\param` (and `\@`, the expansion counter) in a macro body.
fn substitute(body: &[u8], params: &[MacroParam], values: &[Vec<u8>], counter: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'\\' {
            if body.get(i + 1) == Some(&b'@') {
                out.extend_from_slice(counter.to_string().as_bytes());
                i += 2;
                continue;
            }
            if body.get(i + 1) == Some(&b'(') && body.get(i + 2) == Some(&b')') {
                i += 3;
                continue;
            }
            let s = i + 1;
            let mut e = s;
            while e < body.len()
                && (body[e].is_ascii_alphanumeric()
                    || body[e] == b'_'
                    || body[e] == b'$'
                    || body[e] == b'.')
            {
                e += 1;
            }
            if let Some(k) = params.iter().position(|p| p.name.as_bytes() == &body[s..e]) {
                out.extend_from_slice(&values[k]);
                i = e;
                continue;
            }
        }
        out.push(body[i]);
        i += 1;
    }
    out
}
