//! The DWARF directives of the parser: `.file`, `.loc` and `.cfi_*`,
//! their operands parsed here and handed to the streamer's line table and
//! call frames (errors reported where llvm-mc reports them).

use super::lexer::{Punct, Tok};
use super::Parser;
use crate::diag::Loc;
use crate::dwarf::cfi::CfiOp;
use crate::dwarf::line::LocOptions;
use crate::dwarf::regs::{parse_cfi_register, X86Mode};
use crate::dwarf::{DwarfError, ErrorOperand};
use crate::streamer::Arch;

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
            let n = if self.tok().big { u64::MAX } else { self.tok().int };
            self.lex();
            number = Some(n);
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
                    // LLVM's `parseHexOcta`.
                    let Some(v) = self.tok_int128() else {
                        let l = self.loc();
                        self.error(l, "out of range literal value");
                        return Err(());
                    };
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
