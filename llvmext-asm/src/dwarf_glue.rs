//! The parser's DWARF directives (`.file`, `.loc`, `.cfi_*`) wired to
//! [`crate::dwarf`]'s line tables and call-frame emitter, with the object
//! streamer as their [`DwarfSink`].

use crate::diag::Loc;
use crate::dwarf::cfi::{CfiOp, CfiState, CfiTarget};
use crate::dwarf::line::{LineParams, LineTable, LocOptions};
use crate::dwarf::regs::{parse_cfi_register, X86Mode};
use crate::dwarf::{DwarfError, DwarfSection, DwarfSink, ErrorOperand};
use crate::expr::{BinaryOp, ExprId, Variant};
use crate::parse::lexer::{Punct, Tok};
use crate::parse::Parser;
use crate::section::SectionId;
use crate::streamer::{Arch, ObjectStreamer, SectionDesc};
use crate::symbol::SymbolId;
use llvmext_obj::elf::{SectionFlags, SectionType};

/// The DWARF state of an assembly: the line table, the call frames and
/// the DWARF sections made so far.
#[derive(Debug)]
pub struct DwarfState {
    pub(crate) lines: LineTable<SymbolId, SectionId>,
    pub(crate) cfi: CfiState<SymbolId, SectionId>,
    sections: [Option<SectionId>; 4],
    /// The frames and line table were written.
    finished: bool,
}

impl DwarfState {
    /// A state for line tables of `version`.
    pub fn new(version: u16) -> DwarfState {
        DwarfState {
            lines: LineTable::new(version),
            cfi: CfiState::new(),
            sections: [None; 4],
            finished: false,
        }
    }
}

/// The line table and the frames, borrowed beside the [`Sink`].
pub(crate) struct Tables<'a> {
    pub lines: &'a mut LineTable<SymbolId, SectionId>,
    pub cfi: &'a mut CfiState<SymbolId, SectionId>,
}

impl ObjectStreamer {
    /// Runs `f` with the streamer as a [`DwarfSink`] and the DWARF tables
    /// (taken out of the streamer for the call).
    pub(crate) fn with_dwarf<R>(&mut self, f: impl FnOnce(&mut Sink<'_>, Tables<'_>) -> R) -> R {
        let mut d = self.dwarf.take().expect("DWARF state present outside with_dwarf");
        let DwarfState { lines, cfi, sections, .. } = &mut *d;
        let r = {
            let mut sink = Sink { st: self, sections };
            f(&mut sink, Tables { lines, cfi })
        };
        self.dwarf = Some(d);
        r
    }

    fn dwarf_mut(&mut self) -> &mut DwarfState {
        self.dwarf.as_mut().expect("DWARF state present outside with_dwarf")
    }

    fn dwarf_ref(&self) -> &DwarfState {
        self.dwarf.as_ref().expect("DWARF state present outside with_dwarf")
    }

    /// A pending `.loc` becomes a line entry at the current position
    /// (LLVM's `MCDwarfLineEntry::make`, on instructions, bytes and values).
    pub(crate) fn line_entry_hook(&mut self) {
        if self.dwarf.as_ref().is_some_and(|d| d.lines.loc_pending()) {
            self.with_dwarf(|sink, t| t.lines.on_emit(sink));
        }
    }

    /// A section change drops a pending `.loc`.
    pub(crate) fn section_change_hook(&mut self) {
        if let Some(d) = self.dwarf.as_mut() {
            d.lines.on_section_change();
        }
    }

    /// `.file N "dir" "name" [md5] [source]`: a file of the line table; a
    /// warning to report (inconsistent MD5 use) or the error.
    pub fn dwarf_file(
        &mut self,
        number: u64,
        dir: &str,
        name: &str,
        md5: Option<[u8; 16]>,
        source: Option<&str>,
    ) -> Result<Option<DwarfError>, DwarfError> {
        self.dwarf_mut().lines.file_directive(number, dir, name, md5, source)
    }

    /// `.loc file line column [options]`.
    pub fn dwarf_loc(
        &mut self,
        file: i64,
        line: i64,
        column: i64,
        opts: &LocOptions,
    ) -> Result<(), DwarfError> {
        self.with_dwarf(|sink, t| t.lines.loc_directive(sink, file, line, column, opts))
    }

    /// The DWARF version of the line table (`.file 0` raises it to 5).
    pub fn dwarf_version(&self) -> u16 {
        self.dwarf_ref().lines.dwarf_version()
    }

    /// `.cfi_startproc [simple]`.
    pub fn cfi_start_proc(&mut self, simple: bool) -> Result<(), DwarfError> {
        self.with_dwarf(|sink, t| t.cfi.start_proc(sink, simple))
    }

    /// `.cfi_endproc`.
    pub fn cfi_end_proc(&mut self) -> Result<(), DwarfError> {
        self.with_dwarf(|sink, t| t.cfi.end_proc(sink))
    }

    /// A call-frame instruction at the current position (`.cfi_def_cfa`,
    /// `.cfi_offset`, …).
    pub fn cfi(&mut self, op: CfiOp<SymbolId>) -> Result<(), DwarfError> {
        self.with_dwarf(|sink, t| t.cfi.add(sink, op))
    }

    /// `.cfi_personality encoding, sym` (the symbol takes its place in the
    /// symbol table when `.eh_frame` refers to it, at the end, as in LLVM).
    pub fn cfi_personality(&mut self, sym: SymbolId, encoding: u8) -> Result<(), DwarfError> {
        self.dwarf_mut().cfi.personality(sym, encoding)
    }

    /// `.cfi_lsda encoding, sym`.
    pub fn cfi_lsda(&mut self, sym: SymbolId, encoding: u8) -> Result<(), DwarfError> {
        self.dwarf_mut().cfi.lsda(sym, encoding)
    }

    /// `.cfi_signal_frame`.
    pub fn cfi_signal_frame(&mut self) -> Result<(), DwarfError> {
        self.dwarf_mut().cfi.signal_frame()
    }

    /// `.cfi_return_column reg`.
    pub fn cfi_return_column(&mut self, reg: u32) -> Result<(), DwarfError> {
        self.dwarf_mut().cfi.return_column(reg)
    }

    /// `.cfi_sections`: which of `.eh_frame` and `.debug_frame` to write.
    pub fn cfi_sections(&mut self, eh_frame: bool, debug_frame: bool) {
        self.dwarf_mut().cfi.sections(eh_frame, debug_frame);
    }

    /// The end-of-input checks (an unfinished frame, gaps in `.file`
    /// numbers) reported at `end`, then `.eh_frame`/`.debug_frame` and
    /// `.debug_line` written. Done once; [`ObjectStreamer::finish`] calls it
    /// when the caller has not.
    pub fn finish_dwarf(&mut self, end: Loc) {
        if self.dwarf_ref().finished {
            return;
        }
        self.dwarf_mut().finished = true;
        if let Err(e) = self.dwarf_ref().cfi.finish() {
            self.error(end, e.message);
        }
        for e in self.dwarf_ref().lines.check_files() {
            self.error(end, e.message);
        }
        if self.has_errors() {
            return;
        }
        let target = match self.arch() {
            Arch::X86_64 => CfiTarget::x86_64(),
            Arch::I386 => CfiTarget::i386(),
        };
        let ptr = self.arch().pointer_size();
        let comp_dir = self.comp_dir.clone();
        self.with_dwarf(|sink, t| {
            let version = t.lines.dwarf_version();
            t.cfi.emit(sink, &target, version);
            t.lines.emit(sink, &comp_dir, ptr, 1, &LineParams::default());
        });
    }
}

/// The object streamer as the DWARF emitters see it.
pub(crate) struct Sink<'a> {
    pub st: &'a mut ObjectStreamer,
    pub sections: &'a mut [Option<SectionId>; 4],
}

impl DwarfSink for Sink<'_> {
    type Sym = SymbolId;
    type Section = SectionId;
    type Expr = ExprId;

    fn section(&mut self, kind: DwarfSection) -> SectionId {
        let (i, desc) = match kind {
            DwarfSection::EhFrame => {
                let ty = if self.st.arch() == Arch::X86_64 {
                    SectionType::X86_64_UNWIND
                } else {
                    SectionType::PROGBITS
                };
                (0, SectionDesc::new(".eh_frame", ty, SectionFlags::ALLOC))
            }
            DwarfSection::DebugFrame => {
                (1, SectionDesc::new(".debug_frame", SectionType::PROGBITS, SectionFlags::NONE))
            }
            DwarfSection::DebugLine => {
                (2, SectionDesc::new(".debug_line", SectionType::PROGBITS, SectionFlags::NONE))
            }
            DwarfSection::DebugLineStr => {
                let mut d = SectionDesc::new(
                    ".debug_line_str",
                    SectionType::PROGBITS,
                    SectionFlags::MERGE | SectionFlags::STRINGS,
                );
                d.entsize = 1;
                (3, d)
            }
        };
        if let Some(s) = self.sections[i] {
            return s;
        }
        let s = self.st.section(desc);
        self.sections[i] = Some(s);
        s
    }

    fn current_section(&self) -> SectionId {
        self.st.current_section()
    }

    fn switch_section(&mut self, s: SectionId) {
        self.st.switch_section(s);
    }

    fn temp_label(&mut self) -> SymbolId {
        self.st.temp_symbol()
    }

    fn emit_label(&mut self, s: SymbolId) {
        self.st.emit_label(s, Loc::NONE);
    }

    fn emit_bytes(&mut self, b: &[u8]) {
        self.st.emit_bytes(b);
    }

    fn sym_expr(&mut self, s: SymbolId) -> ExprId {
        self.st.sym_expr(s, Variant::None)
    }

    fn sub_expr(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.st.exprs_mut().binary(BinaryOp::Sub, a, b)
    }

    fn add_const_expr(&mut self, a: ExprId, c: i64) -> ExprId {
        let c = self.st.exprs_mut().constant(c);
        self.st.exprs_mut().binary(BinaryOp::Add, a, c)
    }

    fn emit_value(&mut self, e: ExprId, size: u8) {
        self.st.emit_value(e, size, Loc::NONE);
    }

    fn emit_value_align(&mut self, align: u64) {
        self.st.emit_value_align(align, 0, 1, 0);
    }

    fn emit_advance_frame_addr(&mut self, last: SymbolId, label: SymbolId) {
        self.st.emit_dwarf_frame_advance(last, label);
    }

    fn emit_advance_line_addr(&mut self, line_delta: i64, last: SymbolId, label: SymbolId) {
        self.st.emit_dwarf_line_advance(line_delta, last, label);
    }

    fn section_begin_sym(&mut self, s: SectionId) -> SymbolId {
        self.st.section_begin(s)
    }

    fn section_end_sym(&mut self, s: SectionId) -> SymbolId {
        self.st.section_end(s)
    }

    fn symbol_name(&self, s: SymbolId) -> &str {
        self.st.sym(s).name()
    }
}

impl Parser<'_> {
    fn dwarf_error(&mut self, e: DwarfError, locs: &DirectiveLocs) {
        let loc = match e.operand {
            ErrorOperand::Directive => locs.directive,
            ErrorOperand::AfterStatement => self.loc(),
            ErrorOperand::FileNumber => locs.file.unwrap_or(locs.directive),
            ErrorOperand::Line => locs.line.unwrap_or(locs.directive),
            ErrorOperand::Column => locs.column.unwrap_or(locs.directive),
            ErrorOperand::IsStmt => locs.is_stmt.unwrap_or(locs.directive),
            ErrorOperand::Isa => locs.isa.unwrap_or(locs.directive),
            _ => self.loc(),
        };
        self.error(loc, e.message);
    }

    /// At the end of input.
    pub(crate) fn finish_dwarf(&mut self) {
        let end = self.loc();
        self.st.finish_dwarf(end);
    }

    /// `.file "name"` or `.file N ["dir"] "name" [md5 V] [source "text"]`.
    pub(crate) fn file_directive(&mut self, loc: Loc) -> Result<(), ()> {
        let mut locs = DirectiveLocs::new(loc);
        let mut number: Option<u64> = None;
        if self.tok().kind == Tok::Int {
            locs.file = Some(self.loc());
            let n = self.tok().int;
            self.lex();
            number = Some(n.min(u64::MAX as u128) as u64);
        }
        let first = self.parse_string()?;
        let first = String::from_utf8_lossy(&first).into_owned();
        let Some(n) = number else {
            if !self.at_eol() {
                let l = self.loc();
                self.error(l, "unexpected token in '.file' directive");
                return Err(());
            }
            self.st.emit_file_name(&first);
            return Ok(());
        };
        let (dir, name) = if self.tok().kind == Tok::Str {
            let s = self.parse_string()?;
            (first, String::from_utf8_lossy(&s).into_owned())
        } else {
            (String::new(), first)
        };
        let mut md5 = None;
        let mut source: Option<String> = None;
        while !self.at_eol() {
            let kl = self.loc();
            let key = self.parse_identifier("unexpected token in '.file' directive")?;
            match key.as_str() {
                "md5" => {
                    if self.tok().kind != Tok::Int {
                        let l = self.loc();
                        self.error(l, "MD5 checksum specified, but no file name");
                        return Err(());
                    }
                    let v = self.tok().int;
                    self.lex();
                    md5 = Some(v.to_be_bytes());
                }
                "source" => {
                    let s = self.parse_string()?;
                    source = Some(String::from_utf8_lossy(&s).into_owned());
                }
                _ => {
                    self.error(kl, "unexpected token in '.file' directive");
                    return Err(());
                }
            }
        }
        match self.st.dwarf_file(n, &dir, &name, md5, source.as_deref()) {
            Ok(Some(w)) => self.warning(loc, w.message),
            Ok(None) => {}
            Err(e) => {
                self.dwarf_error(e, &locs);
                return Err(());
            }
        }
        Ok(())
    }

    /// `.loc file line [column] [options]`.
    pub(crate) fn loc_directive(&mut self, loc: Loc) -> Result<(), ()> {
        let mut locs = DirectiveLocs::new(loc);
        locs.file = Some(self.loc());
        let file = self.parse_absolute()?;
        locs.line = Some(self.loc());
        let line = if self.tok().kind == Tok::Int { self.parse_absolute()? } else { 0 };
        let mut column = 0;
        if self.tok().kind == Tok::Int {
            locs.column = Some(self.loc());
            column = self.parse_absolute()?;
        }
        let mut opts = LocOptions::default();
        while !self.at_eol() {
            let kl = self.loc();
            let key = self.parse_identifier("unexpected token in '.loc' directive")?;
            match key.as_str() {
                "basic_block" => opts.basic_block = true,
                "prologue_end" => opts.prologue_end = true,
                "epilogue_begin" => opts.epilogue_begin = true,
                "is_stmt" => {
                    locs.is_stmt = Some(self.loc());
                    opts.is_stmt = Some(self.parse_absolute()?);
                }
                "isa" => {
                    locs.isa = Some(self.loc());
                    opts.isa = Some(self.parse_absolute()?);
                }
                "discriminator" => opts.discriminator = Some(self.parse_absolute()?),
                "view" => {
                    // `view N` / `view .LVU1`: parsed, not used by LLVM's
                    // object writer.
                    self.parse_expr()?;
                }
                _ => {
                    self.error(kl, "unknown sub-directive in '.loc' directive");
                    return Err(());
                }
            }
        }
        if let Err(e) = self.st.dwarf_loc(file, line, column, &opts) {
            self.dwarf_error(e, &locs);
            return Err(());
        }
        Ok(())
    }

    fn cfi_reg(&mut self) -> Result<u32, ()> {
        let loc = self.loc();
        let mode = if self.st.arch() == Arch::X86_64 { X86Mode::X86_64 } else { X86Mode::I386 };
        let text = if self.is(Punct::Percent) {
            self.lex();
            let t = format!("%{}", self.tok_str());
            self.lex();
            t
        } else if self.tok().kind == Tok::Int {
            let v = self.parse_absolute()?;
            return Ok(v as u32);
        } else {
            let t = self.tok_str().to_string();
            self.lex();
            t
        };
        match parse_cfi_register(&text, mode) {
            Some(r) => Ok(r),
            None => {
                self.error(loc, "invalid register name");
                Err(())
            }
        }
    }

    fn comma(&mut self) -> Result<(), ()> {
        if self.eat(Punct::Comma) {
            return Ok(());
        }
        let l = self.loc();
        self.error(l, "expected comma");
        Err(())
    }

    /// `.cfi_*`.
    pub(crate) fn cfi_directive(&mut self, name: &str, loc: Loc) -> Result<(), ()> {
        let locs = DirectiveLocs::new(loc);
        let op = match name {
            ".cfi_startproc" => {
                let mut simple = false;
                if self.tok().kind == Tok::Ident && self.tok_str() == "simple" {
                    self.lex();
                    simple = true;
                }
                if !self.at_eol() {
                    let l = self.loc();
                    self.error(l, "unexpected token");
                    return Err(());
                }
                // LLVM reports a nested frame after the statement.
                self.skip_statement();
                if let Err(e) = self.st.cfi_start_proc(simple) {
                    self.dwarf_error(e, &locs);
                    return Err(());
                }
                return Ok(());
            }
            ".cfi_endproc" => {
                if let Err(e) = self.st.cfi_end_proc() {
                    self.dwarf_error(e, &locs);
                    return Err(());
                }
                return Ok(());
            }
            ".cfi_sections" => {
                let (mut eh, mut debug) = (false, false);
                while !self.at_eol() {
                    let n = self.parse_identifier("expected .eh_frame or .debug_frame")?;
                    match n.as_str() {
                        ".eh_frame" => eh = true,
                        ".debug_frame" => debug = true,
                        _ => {}
                    }
                    if !self.at_eol() {
                        self.comma()?;
                    }
                }
                self.st.cfi_sections(eh, debug);
                return Ok(());
            }
            ".cfi_personality" | ".cfi_lsda" => {
                let el = self.loc();
                let enc = self.parse_absolute()?;
                if enc == 0xff {
                    // DW_EH_PE_omit: the directive does nothing (LLVM
                    // reads no further).
                    if !self.at_eol() {
                        let l = self.loc();
                        self.error(l, "unexpected token");
                        return Err(());
                    }
                    return Ok(());
                }
                if !crate::dwarf::cfi::is_valid_eh_encoding(enc) {
                    self.error(el, "unsupported encoding.");
                    return Err(());
                }
                self.comma()?;
                let n = self.parse_identifier("expected identifier in directive")?;
                let s = self.st.symbol(&n);
                let r = if name == ".cfi_personality" {
                    self.st.cfi_personality(s, enc as u8)
                } else {
                    self.st.cfi_lsda(s, enc as u8)
                };
                if let Err(e) = r {
                    self.dwarf_error(e, &locs);
                    return Err(());
                }
                return Ok(());
            }
            ".cfi_signal_frame" => {
                if let Err(e) = self.st.cfi_signal_frame() {
                    self.dwarf_error(e, &locs);
                    return Err(());
                }
                return Ok(());
            }
            ".cfi_return_column" => {
                let r = self.cfi_reg()?;
                if let Err(e) = self.st.cfi_return_column(r) {
                    self.dwarf_error(e, &locs);
                    return Err(());
                }
                return Ok(());
            }
            ".cfi_def_cfa" => {
                let reg = self.cfi_reg()?;
                self.comma()?;
                let offset = self.parse_absolute()?;
                CfiOp::DefCfa { reg, offset }
            }
            ".cfi_def_cfa_offset" => CfiOp::DefCfaOffset(self.parse_absolute()?),
            ".cfi_adjust_cfa_offset" => CfiOp::AdjustCfaOffset(self.parse_absolute()?),
            ".cfi_def_cfa_register" => CfiOp::DefCfaRegister(self.cfi_reg()?),
            ".cfi_llvm_def_aspace_cfa" => {
                let reg = self.cfi_reg()?;
                self.comma()?;
                let offset = self.parse_absolute()?;
                self.comma()?;
                let address_space = self.parse_absolute()?;
                CfiOp::LlvmDefAspaceCfa { reg, offset, address_space }
            }
            ".cfi_offset" | ".cfi_rel_offset" => {
                let reg = self.cfi_reg()?;
                self.comma()?;
                let offset = self.parse_absolute()?;
                if name == ".cfi_offset" {
                    CfiOp::Offset { reg, offset }
                } else {
                    CfiOp::RelOffset { reg, offset }
                }
            }
            ".cfi_restore" => CfiOp::Restore(self.cfi_reg()?),
            ".cfi_undefined" => CfiOp::Undefined(self.cfi_reg()?),
            ".cfi_same_value" => CfiOp::SameValue(self.cfi_reg()?),
            ".cfi_register" => {
                let a = self.cfi_reg()?;
                self.comma()?;
                let b = self.cfi_reg()?;
                CfiOp::Register(a, b)
            }
            ".cfi_remember_state" => CfiOp::RememberState,
            ".cfi_restore_state" => CfiOp::RestoreState,
            ".cfi_window_save" => CfiOp::WindowSave,
            ".cfi_negate_ra_state" => CfiOp::NegateRaState,
            ".cfi_escape" => {
                let mut bytes = Vec::new();
                loop {
                    bytes.push(self.parse_absolute()? as u8);
                    if self.at_eol() {
                        break;
                    }
                    self.comma()?;
                }
                CfiOp::Escape(bytes)
            }
            ".cfi_label" => {
                let n = self.parse_identifier("expected identifier")?;
                let s = self.st.symbol(&n);
                CfiOp::Label(s)
            }
            _ => {
                self.error(loc, "unknown directive");
                return Err(());
            }
        };
        if let Err(e) = self.st.cfi(op) {
            self.dwarf_error(e, &locs);
            return Err(());
        }
        Ok(())
    }
}

/// Where a directive's operands were, for the error locations LLVM uses.
struct DirectiveLocs {
    directive: Loc,
    file: Option<Loc>,
    line: Option<Loc>,
    column: Option<Loc>,
    is_stmt: Option<Loc>,
    isa: Option<Loc>,
}

impl DirectiveLocs {
    fn new(directive: Loc) -> Self {
        DirectiveLocs { directive, file: None, line: None, column: None, is_stmt: None, isa: None }
    }
}
