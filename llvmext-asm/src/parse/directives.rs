//! Directives: sections, data, alignment, symbols, conditionals and macros
//! (the latter two in the parent module), DWARF (`.file`, `.loc`,
//! `.cfi_*`, in `dwarf.rs`), and the rest LLVM's ELF and x86 parsers
//! accept.

use super::lexer::{Punct, Tok};
use super::Parser;
use crate::diag::Loc;
use crate::streamer::{SectionDesc, SymbolAttr};
use crate::target::x86::Mode;
use llvmext_obj::elf::{SectionFlags, SectionType};
use std::rc::Rc;

/// `name` is `prefix` or starts with `prefix.` (LLVM's `hasPrefix`).
fn has_prefix(name: &str, prefix: &str) -> bool {
    name == prefix || (name.starts_with(prefix) && name.as_bytes().get(prefix.len()) == Some(&b'.'))
}

fn section_type(name: &str) -> Option<SectionType> {
    Some(match name {
        "progbits" => SectionType::PROGBITS,
        "nobits" => SectionType::NOBITS,
        "note" => SectionType::NOTE,
        "init_array" => SectionType::INIT_ARRAY,
        "fini_array" => SectionType::FINI_ARRAY,
        "preinit_array" => SectionType::PREINIT_ARRAY,
        "unwind" => SectionType::X86_64_UNWIND,
        "llvm_odrtab" => SectionType::LLVM_ODRTAB,
        "llvm_linker_options" => SectionType::LLVM_LINKER_OPTIONS,
        "llvm_call_graph_profile" => SectionType::LLVM_CALL_GRAPH_PROFILE,
        "llvm_dependent_libraries" => SectionType::LLVM_DEPENDENT_LIBRARIES,
        "llvm_sympart" => SectionType::LLVM_SYMPART,
        "llvm_bb_addr_map" => SectionType::LLVM_BB_ADDR_MAP,
        "llvm_offloading" => SectionType::LLVM_OFFLOADING,
        "llvm_lto" => SectionType::LLVM_LTO,
        "llvm_jt_sizes" => SectionType::LLVM_JT_SIZES,
        "llvm_cfi_jump_table" => SectionType::LLVM_CFI_JUMP_TABLE,
        "llvm_call_graph" => SectionType::LLVM_CALL_GRAPH,
        _ => return None,
    })
}

/// Whether literal `v` fits a `size`-byte data directive (LLVM checks
/// literals' ranges: "out of range literal value").
pub(crate) fn literal_fits(v: i64, size: u8) -> bool {
    let bits = size as u32 * 8;
    bits >= 64 || (v as u64) >> bits == 0 || (v >> (bits - 1)) == -1
}

/// The size of the data directive `name` writes (`.byte` 1 … `.quad` 8),
/// for a lowercase name.
pub(crate) fn data_size(name: &[u8]) -> Option<u8> {
    Some(match name {
        b".byte" | b".dc.b" => 1,
        b".short" | b".value" | b".2byte" | b".word" | b".hword" | b".dc.w" => 2,
        b".long" | b".int" | b".4byte" | b".dc.l" => 4,
        b".quad" | b".8byte" | b".dc.a" => 8,
        _ => return None,
    })
}

impl Parser<'_> {
    /// Dispatches a directive (the name is the current token's, already
    /// eaten).
    pub(crate) fn directive(&mut self, name: &str, loc: Loc) -> Result<(), ()> {
        let lower;
        let name = if name.bytes().any(|b| b.is_ascii_uppercase()) {
            lower = name.to_ascii_lowercase();
            lower.as_str()
        } else {
            name
        };
        match name {
            ".text" => self.simple_section(
                ".text",
                SectionType::PROGBITS,
                SectionFlags::ALLOC | SectionFlags::EXECINSTR,
            ),
            ".data" => self.simple_section(
                ".data",
                SectionType::PROGBITS,
                SectionFlags::WRITE | SectionFlags::ALLOC,
            ),
            ".bss" => self.simple_section(
                ".bss",
                SectionType::NOBITS,
                SectionFlags::WRITE | SectionFlags::ALLOC,
            ),
            ".section" => self.section_directive(false, loc),
            ".pushsection" => self.section_directive(true, loc),
            ".popsection" => {
                if !self.st.pop_section() {
                    self.error(loc, ".popsection without corresponding .pushsection");
                    return Err(());
                }
                Ok(())
            }
            ".subsection" => self.subsection_directive(),
            ".previous" => {
                if !self.st.switch_previous() {
                    self.error(loc, ".previous without corresponding .section");
                    return Err(());
                }
                Ok(())
            }
            ".byte" | ".dc.b" | ".short" | ".value" | ".2byte" | ".word" | ".hword" | ".dc.w"
            | ".long" | ".int" | ".4byte" | ".dc.l" | ".quad" | ".8byte" | ".dc.a" => {
                self.values(data_size(name.as_bytes()).unwrap_or(1))
            }
            ".octa" => self.octa(),
            ".ascii" => self.strings(false),
            ".asciz" | ".string" => self.strings(true),
            ".zero" => self.zero(loc),
            ".skip" | ".space" => self.skip(loc),
            ".fill" => self.fill(loc),
            ".uleb128" => self.leb(false),
            ".sleb128" => self.leb(true),
            ".float" | ".single" => self.reals(4),
            ".double" => self.reals(8),
            ".p2align" => self.align(loc, true, 1),
            ".p2alignw" => self.align(loc, true, 2),
            ".p2alignl" => self.align(loc, true, 4),
            ".balign" | ".align" => self.align(loc, false, 1),
            ".balignw" => self.align(loc, false, 2),
            ".balignl" => self.align(loc, false, 4),
            ".org" => self.org(),
            ".nops" => self.nops(loc),
            ".prefalign" => self.prefalign(),
            ".globl" | ".global" => self.symbol_attrs(SymbolAttr::Global),
            ".local" => self.symbol_attrs(SymbolAttr::Local),
            ".weak" => self.symbol_attrs(SymbolAttr::Weak),
            ".hidden" => self.symbol_attrs(SymbolAttr::Hidden),
            ".protected" => self.symbol_attrs(SymbolAttr::Protected),
            ".internal" => self.symbol_attrs(SymbolAttr::Internal),
            ".type" => self.type_directive(loc),
            ".size" => self.size_directive(),
            ".comm" | ".common" => self.comm(loc, false),
            ".lcomm" => self.comm(loc, true),
            ".set" | ".equ" => {
                let n = self.parse_identifier("expected identifier")?;
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "expected comma");
                    return Err(());
                }
                self.assignment(&n, loc, true)
            }
            ".equiv" => {
                let n = self.parse_identifier("expected identifier")?;
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "expected comma");
                    return Err(());
                }
                if self.st.lookup_symbol(&n).is_some_and(|s| self.st.sym(s).is_defined()) {
                    self.error(loc, format!("redefinition of '{n}'"));
                    return Err(());
                }
                self.assignment(&n, loc, false)
            }
            ".ident" => {
                let s = self.parse_string()?;
                self.st.emit_ident(&s);
                Ok(())
            }
            ".addrsig" => {
                self.st.emit_addrsig();
                Ok(())
            }
            ".addrsig_sym" => {
                let n = self.parse_identifier("expected identifier")?;
                let s = self.st.symbol(&n);
                self.st.emit_addrsig_sym(s);
                Ok(())
            }
            ".code16" => {
                self.st.set_mode(Mode::Bits16);
                Ok(())
            }
            ".code32" => {
                self.st.set_mode(Mode::Bits32);
                Ok(())
            }
            ".code64" => {
                self.st.set_mode(Mode::Bits64);
                Ok(())
            }
            ".att_syntax" => {
                self.skip_statement();
                self.intel = false;
                Ok(())
            }
            ".intel_syntax" => {
                self.skip_statement();
                self.intel = true;
                Ok(())
            }
            ".macro" => self.parse_macro_def(loc),
            ".endm" | ".endmacro" => {
                self.error(
                    loc,
                    format!("unexpected '{name}' in file, no current macro definition"),
                );
                Err(())
            }
            ".rept" => self.parse_rept(loc),
            ".irp" => self.parse_irp(loc, false),
            ".irpc" => self.parse_irp(loc, true),
            ".endr" => {
                self.error(loc, "unmatched '.endr' directive");
                Err(())
            }
            ".include" => self.include(loc),
            ".incbin" => self.incbin(loc),
            ".err" => {
                self.error(loc, ".err encountered");
                Err(())
            }
            ".error" => {
                let m = if self.at_eol() {
                    ".error directive invoked in source file".into()
                } else {
                    String::from_utf8_lossy(&self.parse_string()?).into_owned()
                };
                self.error(loc, m);
                Err(())
            }
            ".warning" => {
                let m = if self.at_eol() {
                    ".warning directive invoked in source file".into()
                } else {
                    String::from_utf8_lossy(&self.parse_string()?).into_owned()
                };
                self.warning(loc, m);
                Ok(())
            }
            ".end" => {
                // Stop at `.end`: skip the rest of the input.
                while self.tok().kind != Tok::Eof {
                    self.lex();
                }
                Ok(())
            }
            ".weakref" => {
                let alias = self.parse_identifier("expected identifier")?;
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "expected a comma");
                    return Err(());
                }
                let target = self.parse_identifier("expected identifier")?;
                let (a, t) = (self.st.symbol(&alias), self.st.symbol(&target));
                self.st.emit_weakref(a, t);
                Ok(())
            }
            ".reloc" => self.reloc_directive(loc),
            ".cg_profile" => {
                let from_loc = self.loc();
                let from = self.parse_identifier("expected identifier in directive")?;
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "expected a comma");
                    return Err(());
                }
                let to_loc = self.loc();
                let to = self.parse_identifier("expected identifier in directive")?;
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "expected a comma");
                    return Err(());
                }
                let cl = self.loc();
                if self.tok().kind != Tok::Int {
                    self.error(cl, "expected integer count in '.cg_profile' directive");
                    return Err(());
                }
                let count = self.tok().int;
                self.lex();
                let (f, t) = (self.st.symbol(&from), self.st.symbol(&to));
                self.st.emit_cg_profile((f, from_loc), (t, to_loc), count);
                Ok(())
            }
            ".symver" => {
                let name = self.parse_identifier("expected identifier")?;
                if !self.eat(Punct::Comma) {
                    let l = self.loc();
                    self.error(l, "expected a comma");
                    return Err(());
                }
                // The versioned name runs up to a comma or the end:
                // `foo@@VER_1.2`.
                let vl = self.loc();
                let start = self.tok().start;
                let mut end = start;
                while !self.at_eol() && !self.is(Punct::Comma) {
                    end = self.tok().end;
                    self.lex();
                }
                let versioned =
                    String::from_utf8_lossy(&self.frame_text_range(start, end)).into_owned();
                if !versioned.contains('@') {
                    self.error(vl, "expected a '@' in the name");
                    return Err(());
                }
                let mut keep = true;
                if self.eat(Punct::Comma) {
                    let kl = self.loc();
                    let w = self.parse_identifier("expected identifier")?;
                    if w != "remove" {
                        self.error(kl, "expected 'remove'");
                        return Err(());
                    }
                    keep = false;
                }
                let s = self.st.symbol(&name);
                self.st.emit_symver(s, &versioned, keep, loc);
                Ok(())
            }
            ".file" => self.file_directive(loc),
            ".loc" => self.loc_directive(loc),
            _ if name.starts_with(".cfi_") => self.cfi_directive(name, loc),
            _ => {
                self.error(loc, "unknown directive");
                Err(())
            }
        }
    }

    /// `.reloc offset, R_X86_64_… | R_386_… | BFD_RELOC_…, [expr]`.
    fn reloc_directive(&mut self, loc: Loc) -> Result<(), ()> {
        let ol = self.loc();
        let off = self.parse_expr()?;
        let Some(off) = self.st.exprs().as_const(off) else {
            self.error(ol, ".reloc offset is not relocatable");
            return Err(());
        };
        if off < 0 {
            self.error(ol, ".reloc offset is negative");
            return Err(());
        }
        if !self.eat(Punct::Comma) {
            let l = self.loc();
            self.error(l, "expected comma");
            return Err(());
        }
        let nl = self.loc();
        let name = self.parse_identifier("expected relocation name")?;
        let x86_64 = self.st.arch() == crate::streamer::Arch::X86_64;
        let Some(r_type) = reloc_number(&name, x86_64) else {
            self.error(nl, "unknown relocation name");
            return Err(());
        };
        let mut value = None;
        if self.eat(Punct::Comma) {
            value = Some(self.parse_expr()?);
        }
        self.st.emit_reloc(off as u32, r_type, value, loc);
        Ok(())
    }

    /// `.text`, `.data`, `.bss`, each with an optional subsection.
    fn simple_section(
        &mut self,
        name: &str,
        ty: SectionType,
        flags: SectionFlags,
    ) -> Result<(), ()> {
        let sub = if self.at_eol() { 0 } else { self.subsection_number()? };
        let s = self.st.section(SectionDesc::new(name, ty, flags));
        self.st.switch_subsection(s, sub);
        Ok(())
    }

    /// `.subsection [N]`: subsection N (0 when none is given) of the
    /// current section.
    fn subsection_directive(&mut self) -> Result<(), ()> {
        let sub = if self.at_eol() { 0 } else { self.subsection_number()? };
        let s = self.st.current_section();
        self.st.switch_subsection(s, sub);
        Ok(())
    }

    /// A subsection number: an absolute expression in [0, 2^31), with
    /// llvm-mc-19's errors (a constant written as such has no place).
    fn subsection_number(&mut self) -> Result<u32, ()> {
        let (e, loc) = self.parse_expr_loc()?;
        let constant = self.st.exprs().as_const(e).is_some();
        match self.st.evaluate_now(e) {
            None => {
                self.error(loc, "cannot evaluate subsection number");
                Err(())
            }
            Some(v) if !(0..=i32::MAX as i64).contains(&v) => {
                let at = if constant { Loc::NONE } else { loc };
                self.error(at, format!("subsection number {v} is not within [0,2147483647]"));
                Err(())
            }
            Some(v) => Ok(v as u32),
        }
    }

    /// A section name: a string, or tokens up to a comma or the end.
    fn section_name(&mut self) -> Result<String, ()> {
        if self.tok().kind == Tok::Str {
            return Ok(String::from_utf8_lossy(&self.parse_string()?).into_owned());
        }
        let start = self.tok().start;
        let mut end = start;
        let mut prev_end = start;
        while !self.at_eol() && !self.is(Punct::Comma) {
            // Tokens must touch (`.text.a-b`).
            if self.tok().start != prev_end && end != start {
                break;
            }
            end = self.tok().end;
            prev_end = end;
            self.lex();
        }
        if end == start {
            let l = self.loc();
            self.error(l, "expected identifier");
            return Err(());
        }
        Ok(String::from_utf8_lossy(&self.frame_text_range(start, end)).into_owned())
    }

    fn frame_text_range(&self, start: usize, end: usize) -> Vec<u8> {
        let t = self.tok();
        let _ = t;
        self.text(super::lexer::Token::new(Tok::Ident, start, end)).to_vec()
    }

    fn section_directive(&mut self, push: bool, loc: Loc) -> Result<(), ()> {
        let name = self.section_name()?;
        let mut flags = SectionFlags::NONE;
        if has_prefix(&name, ".rodata") || name == ".rodata1" {
            flags |= SectionFlags::ALLOC;
        } else if name == ".fini" || name == ".init" || has_prefix(&name, ".text") {
            flags |= SectionFlags::ALLOC | SectionFlags::EXECINSTR;
        } else if has_prefix(&name, ".data")
            || name == ".data1"
            || has_prefix(&name, ".bss")
            || has_prefix(&name, ".init_array")
            || has_prefix(&name, ".fini_array")
            || has_prefix(&name, ".preinit_array")
        {
            flags |= SectionFlags::ALLOC | SectionFlags::WRITE;
        } else if has_prefix(&name, ".tdata") || has_prefix(&name, ".tbss") {
            flags |= SectionFlags::ALLOC | SectionFlags::WRITE | SectionFlags::TLS;
        }
        let mut type_name = String::new();
        let mut entsize = 0u64;
        let mut group: Option<(String, bool)> = None;
        let mut unique = None;
        let mut linked: Option<String> = None;
        let mut explicit_flags = 0u64;
        let mut subsection = 0;
        // `.pushsection name, N [, "flags" …]`: a subsection first.
        let mut flags_follow = self.eat(Punct::Comma);
        if flags_follow && push && self.tok().kind != Tok::Str {
            subsection = self.subsection_number()?;
            flags_follow = self.eat(Punct::Comma);
        }
        if flags_follow {
            if self.tok().kind != Tok::Str {
                // `.section name, #alloc`-style (Solaris) not supported.
                let l = self.loc();
                self.error(l, "expected string");
                return Err(());
            }
            let fl = self.parse_string()?;
            for &c in &fl {
                explicit_flags |= match c {
                    b'a' => SectionFlags::ALLOC.0,
                    b'e' => 0x8000_0000,
                    b'x' => SectionFlags::EXECINSTR.0,
                    b'w' => SectionFlags::WRITE.0,
                    b'o' => SectionFlags::LINK_ORDER.0,
                    b'M' => SectionFlags::MERGE.0,
                    b'S' => SectionFlags::STRINGS.0,
                    b'T' => SectionFlags::TLS.0,
                    b'c' | b'd' => 0,
                    b'y' => 0x2000_0000,
                    b'G' => SectionFlags::GROUP.0,
                    b'R' => 0x0020_0000,
                    b'l' => 0x1000_0000,
                    b'?' => 0,
                    _ => {
                        self.error(loc, "unknown flag");
                        return Err(());
                    }
                };
            }
            flags = SectionFlags(flags.0 | explicit_flags);
            let mergeable = explicit_flags & SectionFlags::MERGE.0 != 0;
            let grouped = explicit_flags & SectionFlags::GROUP.0 != 0;
            let link_order = explicit_flags & SectionFlags::LINK_ORDER.0 != 0;
            if self.eat(Punct::Comma) {
                if self.is(Punct::At) || self.is(Punct::Percent) {
                    self.lex();
                    if self.tok().kind == Tok::Int {
                        // `@0x6fff4c0f`: a type by number.
                        type_name = self.tok_str().to_string();
                        self.lex();
                    } else {
                        type_name = self.parse_identifier("expected identifier")?;
                    }
                } else if self.tok().kind == Tok::Str {
                    type_name = String::from_utf8_lossy(&self.parse_string()?).into_owned();
                } else {
                    let l = self.loc();
                    self.error(l, "expected '@<type>', '%<type>' or \"<type>\"");
                    return Err(());
                }
                if mergeable {
                    if !self.eat(Punct::Comma) {
                        let l = self.loc();
                        self.error(l, "expected the entry size");
                        return Err(());
                    }
                    let l = self.loc();
                    let v = self.parse_absolute()?;
                    if v <= 0 {
                        self.error(l, "entry size must be positive");
                        return Err(());
                    }
                    entsize = v as u64;
                }
                if grouped {
                    if !self.eat(Punct::Comma) {
                        let l = self.loc();
                        self.error(l, "expected group name");
                        return Err(());
                    }
                    let g = self.parse_identifier("expected group name")?;
                    let mut comdat = false;
                    if self.is(Punct::Comma) {
                        // `, comdat` (or `, unique,` follows).
                        let save = self.tok();
                        self.lex();
                        if self.tok().kind == Tok::Ident && self.tok_str() == "comdat" {
                            self.lex();
                            comdat = true;
                        } else if self.tok().kind == Tok::Ident && self.tok_str() == "unique" {
                            // handled below: re-enter with a comma consumed
                            self.lex();
                            unique = Some(self.unique_id()?);
                        } else {
                            let _ = save;
                            let l = self.loc();
                            self.error(l, "expected 'comdat' or 'unique'");
                            return Err(());
                        }
                    }
                    group = Some((g, comdat));
                }
                if link_order {
                    if !self.eat(Punct::Comma) {
                        let l = self.loc();
                        self.error(l, "expected linked-to symbol");
                        return Err(());
                    }
                    linked = Some(self.parse_identifier("expected linked-to symbol")?);
                }
                if unique.is_none() && self.eat(Punct::Comma) {
                    if !(self.tok().kind == Tok::Ident && self.tok_str() == "unique") {
                        let l = self.loc();
                        self.error(l, "expected 'unique'");
                        return Err(());
                    }
                    self.lex();
                    unique = Some(self.unique_id()?);
                }
            } else if mergeable {
                let l = self.loc();
                self.error(l, "Mergeable section must specify the type");
                return Err(());
            } else if grouped {
                let l = self.loc();
                self.error(l, "Group section must specify the type");
                return Err(());
            }
        }
        if !self.at_eol() {
            let l = self.loc();
            self.error(l, "expected end of directive");
            return Err(());
        }
        let ty = if type_name.is_empty() {
            if name.starts_with(".note") {
                SectionType::NOTE
            } else if has_prefix(&name, ".init_array") {
                SectionType::INIT_ARRAY
            } else if has_prefix(&name, ".bss") || has_prefix(&name, ".tbss") {
                SectionType::NOBITS
            } else if has_prefix(&name, ".fini_array") {
                SectionType::FINI_ARRAY
            } else if has_prefix(&name, ".preinit_array") {
                SectionType::PREINIT_ARRAY
            } else {
                SectionType::PROGBITS
            }
        } else if let Some(t) = section_type(&type_name) {
            t
        } else if let Some(v) = integer_with_radix_prefix(&type_name) {
            SectionType(v)
        } else {
            // At the token after the statement, as llvm-mc-19 reports it.
            let l = self.loc_after_statement();
            self.error(l, "unknown section type");
            return Err(());
        };
        let linked_to = match linked {
            Some(l) => {
                let s = self.st.symbol(&l);
                if !matches!(
                    crate::assembler::symbol_assoc(self.st, s, 0),
                    crate::assembler::Assoc::Section(_)
                ) {
                    self.error(loc, format!("linked-to symbol is not in a section: {l}"));
                    return Err(());
                }
                Some(s)
            }
            None => None,
        };
        let mut desc = SectionDesc::new(&name, ty, SectionFlags(flags.0 & !SectionFlags::GROUP.0));
        desc.entsize = entsize;
        desc.group = group.as_ref().map(|(g, c)| (g.as_str(), *c));
        desc.unique = unique;
        desc.linked_to = linked_to;
        let s = self.st.section(desc);
        if push {
            self.st.push_section();
        }
        self.st.switch_subsection(s, subsection);
        Ok(())
    }

    fn unique_id(&mut self) -> Result<u32, ()> {
        if !self.eat(Punct::Comma) {
            let l = self.loc();
            self.error(l, "expected commma");
            return Err(());
        }
        if self.tok().kind != Tok::Int {
            let l = self.loc();
            self.error(l, "expected integer");
            return Err(());
        }
        let v = self.tok().int;
        if self.tok().big || v > u64::from(u32::MAX) - 1 {
            let l = self.loc();
            self.error(l, "unique id is too large");
            return Err(());
        }
        self.lex();
        Ok(v as u32)
    }

    /// `.byte`/`.short`/`.long`/`.quad`: comma-separated expressions.
    /// Items separated by commas up to the end of the statement; `msg`
    /// when something else follows an item.
    fn comma_list(
        &mut self,
        msg: &str,
        mut item: impl FnMut(&mut Self) -> Result<(), ()>,
    ) -> Result<(), ()> {
        loop {
            item(self)?;
            if self.at_eol() {
                return Ok(());
            }
            if !self.eat(Punct::Comma) {
                let l = self.loc();
                self.error(l, msg.to_string());
                return Err(());
            }
        }
    }

    fn values(&mut self, size: u8) -> Result<(), ()> {
        if self.at_eol() {
            return Ok(());
        }
        self.comma_list("unexpected token", |p| {
            let loc = p.loc();
            // A lone literal (most of them), without the expression parser.
            let lone = p.lone_int();
            let start = p.st.exprs().len();
            let c = match lone {
                Some(v) => Some(v),
                None => {
                    let e = p.parse_expr()?;
                    match p.st.exprs().as_const(e) {
                        Some(v) => {
                            p.st.exprs_mut().truncate(start);
                            Some(v)
                        }
                        None => {
                            p.st.emit_value(e, size, loc);
                            None
                        }
                    }
                }
            };
            if let Some(v) = c {
                if !literal_fits(v, size) {
                    p.error(loc, "out of range literal value");
                    return Err(());
                }
                p.st.emit_int(v as u64, size);
            }
            Ok(())
        })
    }

    /// `.octa`: integer literals only, up to 128 bits (LLVM's
    /// `parseHexOcta`: no sign, no expression).
    fn octa(&mut self) -> Result<(), ()> {
        self.comma_list("unexpected token", |p| {
            let loc = p.loc();
            if p.tok().kind != Tok::Int {
                p.error(loc, "unknown token in expression");
                return Err(());
            }
            let Some(v) = p.tok_int128() else {
                p.error(loc, "out of range literal value");
                return Err(());
            };
            p.lex();
            p.st.emit_bytes(&v.to_le_bytes());
            Ok(())
        })
    }

    fn strings(&mut self, zero: bool) -> Result<(), ()> {
        if self.at_eol() {
            return Ok(());
        }
        self.comma_list("unexpected token", |p| {
            let mut buf = p.scratch();
            buf.clear();
            // Adjacent strings concatenate (`.ascii "a" "b"`).
            loop {
                if p.tok().kind != Tok::Str {
                    let l = p.loc();
                    p.error(l, "expected string");
                    p.give_back(buf);
                    return Err(());
                }
                if let Err(m) = super::lexer::unescape(p.text(p.tok()), &mut buf) {
                    let l = p.loc();
                    p.error(l, m);
                    p.give_back(buf);
                    return Err(());
                }
                p.lex();
                if zero || p.tok().kind != Tok::Str {
                    break;
                }
            }
            if zero {
                buf.push(0);
            }
            p.st.emit_bytes(&buf);
            p.give_back(buf);
            Ok(())
        })
    }

    fn zero(&mut self, loc: Loc) -> Result<(), ()> {
        // A fill's error is placed at the start of its count (LLVM's).
        let nloc = self.loc();
        let n = self.parse_expr()?;
        let mut fill = 0;
        if self.eat(Punct::Comma) {
            fill = self.parse_absolute()?;
        }
        let _ = loc;
        self.st.emit_fill_at(n, fill as u64, 1, nloc);
        Ok(())
    }

    fn skip(&mut self, loc: Loc) -> Result<(), ()> {
        self.zero(loc)
    }

    fn fill(&mut self, loc: Loc) -> Result<(), ()> {
        let cloc = self.loc();
        let count = self.parse_expr()?;
        let mut size = 1i64;
        let mut value = 0i64;
        if self.eat(Punct::Comma) {
            let sl = self.loc();
            size = self.parse_absolute()?;
            if size < 0 {
                self.warning(sl, "'.fill' directive with negative size has no effect");
                return Ok(());
            }
            if size > 8 {
                self.warning(
                    sl,
                    "'.fill' directive with size greater than 8 has been truncated to 8",
                );
                size = 8;
            }
            if self.eat(Punct::Comma) {
                value = self.parse_absolute()?;
                let vl = self.loc();
                if value as u64 >> 32 != 0 && (value as u64 >> 32) != 0xffff_ffff {
                    self.warning(vl, "'.fill' directive pattern has been truncated to 32-bits");
                }
            }
        }
        if let Some(c) = self.st.exprs().as_const(count) {
            if c < 0 {
                self.warning(loc, "'.fill' directive with negative repeat count has no effect");
                return Ok(());
            }
        }
        // LLVM writes the low 4 bytes of the value then zeros for sizes
        // above 4.
        let v = (value as u64) & 0xffff_ffff;
        self.st.emit_fill_at(count, v, size.max(1) as u8, cloc);
        Ok(())
    }

    fn leb(&mut self, signed: bool) -> Result<(), ()> {
        self.comma_list("unexpected token", |p| {
            let (e, loc) = p.parse_expr_loc()?;
            p.st.emit_leb_at(e, signed, loc);
            Ok(())
        })
    }

    fn reals(&mut self, size: u8) -> Result<(), ()> {
        self.comma_list("unexpected token in directive", |p| {
            let loc = p.loc();
            let neg = if p.eat(Punct::Minus) {
                true
            } else {
                p.eat(Punct::Plus);
                false
            };
            let t = p.tok();
            let text = String::from_utf8_lossy(p.text(t)).into_owned();
            let v: f64 = match t.kind {
                Tok::Real | Tok::Int => match parse_real(&text) {
                    Some(v) => v,
                    None => {
                        p.error(loc, "invalid floating point literal");
                        return Err(());
                    }
                },
                Tok::Ident => match text.to_ascii_lowercase().as_str() {
                    "infinity" | "inf" => f64::INFINITY,
                    "nan" => f64::NAN,
                    _ => {
                        p.error(loc, "invalid floating point literal");
                        return Err(());
                    }
                },
                _ => {
                    p.error(loc, "unexpected token in directive");
                    return Err(());
                }
            };
            p.lex();
            let v = if neg { -v } else { v };
            if size == 4 {
                let f = if text.starts_with("0x") || text.starts_with("0X") {
                    parse_hex_f32(&text).map(|x| if neg { -x } else { x }).unwrap_or(v as f32)
                } else {
                    text.parse::<f32>().map(|x| if neg { -x } else { x }).unwrap_or(v as f32)
                };
                p.st.emit_int(f.to_bits() as u64, 4);
            } else {
                p.st.emit_int(v.to_bits(), 8);
            }
            Ok(())
        })
    }

    fn align(&mut self, loc: Loc, pow2: bool, fill_size: u8) -> Result<(), ()> {
        let aloc = self.loc();
        let mut a = self.parse_absolute()?;
        let mut fill: Option<i64> = None;
        let mut max: u64 = 0;
        if self.eat(Punct::Comma) {
            if !self.is(Punct::Comma) && !self.at_eol() {
                fill = Some(self.parse_absolute()?);
            }
            if self.eat(Punct::Comma) {
                let ml = self.loc();
                let m = self.parse_absolute()?;
                if m < 1 {
                    self.error(ml, "alignment directive can never be satisfied in this many bytes, ignoring maximum bytes expression");
                    max = 0;
                } else {
                    max = m as u64;
                }
                let _ = ml;
            }
        }
        let _ = loc;
        if pow2 {
            if !(0..32).contains(&a) {
                self.error(aloc, "invalid alignment value");
                a = a.clamp(0, 31);
            }
            a = 1i64 << a;
        } else {
            if a == 0 {
                a = 1;
            }
            if a < 0 || (a as u64).count_ones() != 1 {
                self.error(aloc, "alignment must be a power of 2");
                return Err(());
            }
            if a as u64 > 1 << 32 {
                self.error(aloc, "alignment must be smaller than 2**32");
                return Err(());
            }
        }
        let a = a as u64;
        if max >= a {
            max = 0;
        }
        let code = self.st.sec(self.st.current_section()).flags().contains(SectionFlags::EXECINSTR);
        // In code, no fill or the target's NOP byte means NOP padding.
        match fill {
            None | Some(0x90) if code && fill_size == 1 => self.st.emit_code_align(a, max),
            f => self.st.emit_value_align(a, f.unwrap_or(0), fill_size, max),
        }
        Ok(())
    }

    fn org(&mut self) -> Result<(), ()> {
        let e = self.parse_expr()?;
        let mut fill = 0;
        if self.eat(Punct::Comma) {
            fill = self.parse_absolute()?;
        }
        self.st.emit_org(e, fill as u8);
        Ok(())
    }

    fn nops(&mut self, loc: Loc) -> Result<(), ()> {
        let n = self.parse_absolute()?;
        let mut max = 0;
        if self.eat(Punct::Comma) {
            max = self.parse_absolute()?;
        }
        if n < 0 {
            self.error(loc, "'.nops' directive with non-positive size");
            return Err(());
        }
        self.st.emit_nops(n as u64, max.max(0) as u64);
        Ok(())
    }

    /// `.prefalign log2, end, nop|fill` (the newest LLVM's `parseDirectivePrefAlign`,
    /// its messages and places).
    fn prefalign(&mut self) -> Result<(), ()> {
        let aloc = self.loc();
        let log2 = self.parse_absolute()?;
        if !(0..=63).contains(&log2) {
            self.error(aloc, "log2 alignment must be in the range [0, 63]");
            return Err(());
        }
        if !self.eat(Punct::Comma) {
            let l = self.loc();
            self.error(l, "expected comma");
            return Err(());
        }
        let sloc = self.loc();
        if self.tok().kind != Tok::Ident && self.tok().kind != Tok::Str {
            self.error(sloc, "expected symbol name");
            return Err(());
        }
        let name = self.parse_identifier("expected symbol name")?;
        let end = self.st.symbol(&name);
        let floc = self.loc();
        if !self.eat(Punct::Comma) {
            self.error(floc, "expected comma");
            return Err(());
        }
        let vloc = self.loc();
        let (nops, fill) = if self.tok().kind == Tok::Ident && self.tok_str() == "nop" {
            self.lex();
            (true, 0)
        } else {
            let v = self.parse_absolute()?;
            if !(0..=255).contains(&v) {
                self.error(vloc, "fill value must be in range [0, 255]");
                return Err(());
            }
            (false, v as u8)
        };
        if !self.at_eol() {
            let l = self.loc();
            self.error(l, "expected newline");
            return Err(());
        }
        let sec = self.st.current_section();
        if (nops || fill != 0) && self.st.sections[sec.index()].is_virtual() {
            let name = self.st.sections[sec.index()].name().to_string();
            self.error(floc, format!("non-zero fill in BSS section '{name}'"));
            return Err(());
        }
        self.st.emit_pref_align(log2 as u8, end, nops, fill);
        Ok(())
    }

    fn symbol_attrs(&mut self, attr: SymbolAttr) -> Result<(), ()> {
        if self.at_eol() {
            return Ok(());
        }
        self.comma_list("expected comma", |p| {
            let n = p.parse_identifier("expected identifier")?;
            let s = p.st.symbol(&n);
            p.st.emit_symbol_attribute(s, attr);
            Ok(())
        })
    }

    fn type_directive(&mut self, loc: Loc) -> Result<(), ()> {
        let n = self.parse_identifier("expected identifier")?;
        self.eat(Punct::Comma);
        if self.is(Punct::At) || self.is(Punct::Percent) || self.is(Punct::Hash) {
            self.lex();
        }
        let tl = self.loc();
        let t = if self.tok().kind == Tok::Str {
            String::from_utf8_lossy(&self.parse_string()?).into_owned()
        } else {
            self.parse_identifier("expected symbol type")?
        };
        let attr = match t.as_str() {
            "function" | "STT_FUNC" => SymbolAttr::Function,
            "object" | "STT_OBJECT" => SymbolAttr::Object,
            "tls_object" | "STT_TLS" => SymbolAttr::TlsObject,
            "common" | "STT_COMMON" => SymbolAttr::CommonType,
            "notype" | "STT_NOTYPE" => SymbolAttr::NoType,
            "gnu_unique_object" => SymbolAttr::UniqueObject,
            "gnu_indirect_function" | "STT_GNU_IFUNC" => SymbolAttr::IndirectFunction,
            _ => {
                self.error(tl, "unsupported attribute");
                return Err(());
            }
        };
        let _ = loc;
        let s = self.st.symbol(&n);
        self.st.emit_symbol_attribute(s, attr);
        Ok(())
    }

    fn size_directive(&mut self) -> Result<(), ()> {
        let n = self.parse_identifier("expected identifier")?;
        if !self.eat(Punct::Comma) {
            let l = self.loc();
            self.error(l, "expected comma");
            return Err(());
        }
        let e = self.parse_expr()?;
        let s = self.st.symbol(&n);
        self.st.emit_size(s, e);
        Ok(())
    }

    fn comm(&mut self, loc: Loc, local: bool) -> Result<(), ()> {
        let n = self.parse_identifier("expected identifier in directive")?;
        if !self.eat(Punct::Comma) {
            let l = self.loc();
            self.error(l, "expected comma");
            return Err(());
        }
        let sl = self.loc();
        let size = self.parse_absolute()?;
        let mut align = 0i64;
        let mut aloc = sl;
        if self.eat(Punct::Comma) {
            aloc = self.loc();
            align = self.parse_absolute()?;
        }
        if size < 0 {
            self.error(sl, "size must be non-negative");
            return Err(());
        }
        if align != 0 && (align < 0 || (align as u64).count_ones() != 1) {
            self.error(aloc, "alignment must be a power of 2");
            return Err(());
        }
        let s = self.st.symbol(&n);
        if local {
            self.st.emit_symbol_attribute(s, SymbolAttr::Local);
        }
        let _ = loc;
        self.st.emit_common(s, size as u64, align.max(1) as u64, loc);
        Ok(())
    }

    fn include(&mut self, loc: Loc) -> Result<(), ()> {
        let name = String::from_utf8_lossy(&self.parse_string()?).into_owned();
        let mut candidates = vec![std::path::PathBuf::from(&name)];
        if let Some(dir) = std::path::Path::new(&self.opts.file_name).parent() {
            candidates.insert(0, dir.join(&name));
        }
        for d in &self.opts.include_dirs {
            candidates.push(d.join(&name));
        }
        for c in candidates {
            if let Ok(bytes) = std::fs::read(&c) {
                let file = self.files.len() as u32;
                let text: Rc<[u8]> = Rc::from(bytes);
                self.files.push((c.display().to_string(), text.clone()));
                return self.push_include(text, file);
            }
        }
        self.error(loc, format!("Could not find include file '{name}'"));
        Err(())
    }

    fn incbin(&mut self, loc: Loc) -> Result<(), ()> {
        let name = String::from_utf8_lossy(&self.parse_string()?).into_owned();
        let mut skip = 0i64;
        let mut count: Option<i64> = None;
        if self.eat(Punct::Comma) {
            if !self.is(Punct::Comma) {
                skip = self.parse_absolute()?;
            }
            if self.eat(Punct::Comma) {
                count = Some(self.parse_absolute()?);
            }
        }
        if skip < 0 {
            self.error(loc, "skip is negative");
            return Err(());
        }
        let mut candidates = vec![std::path::PathBuf::from(&name)];
        if let Some(dir) = std::path::Path::new(&self.opts.file_name).parent() {
            candidates.insert(0, dir.join(&name));
        }
        for c in candidates {
            if let Ok(bytes) = std::fs::read(&c) {
                let s = (skip as usize).min(bytes.len());
                let e = match count {
                    Some(n) if n >= 0 => (s + n as usize).min(bytes.len()),
                    Some(_) => {
                        self.error(loc, "negative count has no effect");
                        return Err(());
                    }
                    None => bytes.len(),
                };
                self.st.emit_bytes(&bytes[s..e]);
                return Ok(());
            }
        }
        self.error(loc, format!("Could not find incbin file '{name}'"));
        Err(())
    }
}

/// A decimal or C99 hexadecimal real.
fn parse_real(text: &str) -> Option<f64> {
    if text.starts_with("0x") || text.starts_with("0X") {
        return parse_hex_f64(text);
    }
    text.parse::<f64>().ok()
}

/// Parses `0xH.HpE` exactly into an f64 (round to nearest even).
fn parse_hex_f64(text: &str) -> Option<f64> {
    let (m, e) = hex_parts(text)?;
    Some(scale(m, e))
}

fn parse_hex_f32(text: &str) -> Option<f32> {
    let (m, e) = hex_parts(text)?;
    // Through f64 is exact for mantissas of up to 53 bits, then one
    // rounding to f32 (double rounding is possible for longer ones).
    Some(scale(m, e) as f32)
}

fn hex_parts(text: &str) -> Option<(u128, i64)> {
    let t = &text[2..];
    let (mant, exp) = match t.find(['p', 'P']) {
        Some(i) => (&t[..i], t[i + 1..].parse::<i64>().ok()?),
        None => (t, 0),
    };
    let (int, frac) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    let mut m: u128 = 0;
    let mut e = exp;
    for c in int.chars().chain(frac.chars()) {
        let d = c.to_digit(16)? as u128;
        if m >> 120 != 0 {
            e += 4;
            continue;
        }
        m = m * 16 + d;
    }
    e -= 4 * frac.len() as i64;
    Some((m, e))
}

fn scale(m: u128, e: i64) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let mut v = m as f64;
    let mut e = e;
    while e > 0 {
        let s = e.min(1000);
        v *= 2f64.powi(s as i32);
        e -= s;
    }
    while e < 0 {
        let s = (-e).min(1000);
        v /= 2f64.powi(s as i32);
        e += s;
    }
    v
}

/// The number of a relocation type named as `.reloc` takes it: the ELF
/// name of the target (`R_X86_64_PC32`, `R_386_32`), or `BFD_RELOC_NONE`.
fn reloc_number(name: &str, x86_64: bool) -> Option<u32> {
    use llvmext_obj::elf::{Reloc386, RelocX86_64};
    if name == "BFD_RELOC_NONE" {
        return Some(0);
    }
    let prefix = if x86_64 { "R_X86_64_" } else { "R_386_" };
    let rest = name.strip_prefix(prefix)?;
    // The constants name `R_X86_64_32` as `R32`.
    let key = if rest.starts_with(|c: char| c.is_ascii_digit()) {
        format!("R{rest}")
    } else {
        rest.to_string()
    };
    (0..256u32).find(|&v| {
        if x86_64 {
            RelocX86_64(v).name() == Some(key.as_str())
        } else {
            Reloc386(v).name() == Some(key.as_str())
        }
    })
}

/// A number as LLVM's `StringRef::getAsInteger(0, …)` reads one: `0x`
/// hexadecimal, `0b` binary, a leading `0` octal, else decimal.
fn integer_with_radix_prefix(s: &str) -> Option<u32> {
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (b, 2)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    u32::from_str_radix(digits, radix).ok()
}
