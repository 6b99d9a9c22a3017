//! DWARF produced from assembler directives, as LLVM 19's MC layer produces it.
//!
//! * [`cfi`]: `.cfi_*` directives → `.eh_frame` / `.debug_frame`
//!   (LLVM's `MCDwarfFrameEmitter` / `FrameEmitterImpl`).
//! * [`line`](mod@line): `.file` / `.loc` directives → `.debug_line` (and, for DWARF 5,
//!   `.debug_line_str`), as `MCDwarfLineTable` / `MCDwarfLineTableHeader` /
//!   `MCDwarfLineAddr` do.
//! * [`regs`]: DWARF register numbers of x86-64 and i386 register names, for
//!   the register operands of `.cfi_*` directives.
//!
//! The emitters know nothing of the assembler's own types: they write through
//! the [`DwarfSink`] trait, which the MC core implements on top of its
//! sections, fragments, symbols and expressions. Layout-dependent encodings
//! (address advances whose size depends on the distance between two labels)
//! are left to the assembler as fragments, which it encodes during layout with
//! [`cfi::encode_advance_loc`] and [`line::encode_line_advance`].
//!
//! # Driving it from an assembler
//!
//! Keep a [`cfi::CfiState`] and a [`line::LineTable`] next to (not inside) the
//! value implementing [`DwarfSink`], so that both can be borrowed mutably at
//! once:
//!
//! * `.cfi_startproc [simple]` → [`cfi::CfiState::start_proc`];
//!   `.cfi_endproc` → [`cfi::CfiState::end_proc`]; every other `.cfi_*`
//!   directive → [`cfi::CfiState::add`] (with a [`cfi::CfiOp`]) or one of
//!   [`cfi::CfiState::personality`], [`cfi::CfiState::lsda`],
//!   [`cfi::CfiState::signal_frame`], [`cfi::CfiState::return_column`],
//!   [`cfi::CfiState::sections`].
//! * `.file N ...` → [`line::LineTable::file_directive`]; `.loc ...` →
//!   [`line::LineTable::loc_directive`].
//! * Before encoding each instruction, and in `emitBytes` / `emitValue`
//!   (every `.byte`, `.long`, `.ascii`, ... but not `.zero` / `.skip` /
//!   `.fill`, which LLVM emits as fill fragments) →
//!   [`line::LineTable::on_emit`]. On every section switch →
//!   [`line::LineTable::on_section_change`].
//! * At the end of the input: [`cfi::CfiState::finish`] and
//!   [`line::LineTable::check_files`] (errors), then, in this order (LLVM's
//!   `MCELFStreamer::finishImpl`): [`cfi::CfiState::emit`] (`.eh_frame`, then
//!   `.debug_frame`), then [`line::LineTable::emit`] (`.debug_line`, then
//!   `.debug_line_str`).

pub mod cfi;
pub mod line;
pub mod regs;

#[cfg(test)]
mod tests;

use core::fmt;

/// The DWARF-related sections the emitters ask the assembler for, through
/// [`DwarfSink::section`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DwarfSection {
    /// `.eh_frame`: on x86-64 ELF `SHT_X86_64_UNWIND`, on i386
    /// `SHT_PROGBITS`; flags `SHF_ALLOC`; no entry size. (LLVM creates it
    /// with alignment 1; the emitters' [`DwarfSink::emit_value_align`] calls
    /// raise it to 8 on x86-64, 4 on i386.)
    EhFrame,
    /// `.debug_frame`: `SHT_PROGBITS`, no flags.
    DebugFrame,
    /// `.debug_line`: `SHT_PROGBITS`, no flags.
    DebugLine,
    /// `.debug_line_str`: `SHT_PROGBITS`, `SHF_MERGE | SHF_STRINGS`, entry
    /// size 1.
    DebugLineStr,
}

/// What the DWARF emitters need from an assembler (LLVM's `MCObjectStreamer`
/// as `MCDwarf.cpp` uses it).
///
/// Every `emit_*` call appends to the current section, which
/// [`DwarfSink::switch_section`] sets. Symbols are labels; the emitters only
/// create temporary ones (LLVM's `.L`-prefixed `createTempSymbol`, never in
/// the symbol table) except where a user symbol is passed in (personality,
/// LSDA, `.cfi_label`).
pub trait DwarfSink {
    /// A symbol (label).
    type Sym: Copy + Eq;
    /// A section.
    type Section: Copy + Eq;
    /// An expression handle.
    type Expr: Copy;

    /// The section of the given kind, created on first use (see
    /// [`DwarfSection`] for its type and flags). Creating it must not make it
    /// appear in the object file: LLVM registers a section (and so fixes its
    /// place in the section header table) on the first
    /// [`DwarfSink::switch_section`] to it.
    fn section(&mut self, kind: DwarfSection) -> Self::Section;
    /// The current section.
    fn current_section(&self) -> Self::Section;
    /// Makes `s` the current section (LLVM's `switchSection`, which also
    /// clears the pending `.loc`; the emitters call it only at the end).
    fn switch_section(&mut self, s: Self::Section);
    /// A new temporary symbol, not yet defined.
    fn temp_label(&mut self) -> Self::Sym;
    /// Defines `s` at the current position of the current section.
    fn emit_label(&mut self, s: Self::Sym);
    /// Appends raw bytes.
    ///
    /// Note: LLVM's `emitBytes` also makes a line entry for a pending `.loc`
    /// (see [`line::LineTable::on_emit`]); the emitters only write into DWARF
    /// sections after a section switch, where no `.loc` is pending, so an
    /// implementation need not do that here.
    fn emit_bytes(&mut self, b: &[u8]);
    /// An expression referring to the symbol `s`.
    fn sym_expr(&mut self, s: Self::Sym) -> Self::Expr;
    /// `a - b`.
    fn sub_expr(&mut self, a: Self::Expr, b: Self::Expr) -> Self::Expr;
    /// `a + c`.
    fn add_const_expr(&mut self, a: Self::Expr, c: i64) -> Self::Expr;
    /// Appends a `size`-byte little-endian value of `e` (`size` is 1, 2, 4 or
    /// 8): a constant if `e` resolves at layout, a relocation otherwise
    /// (`sym` → absolute relocation, `sym - label_in_this_section` →
    /// PC-relative relocation, as LLVM's fixups do).
    fn emit_value(&mut self, e: Self::Expr, size: u8);
    /// Pads the current section with zero bytes to a multiple of `align` (a
    /// power of two) and raises the section's alignment to at least `align`
    /// (LLVM's `emitValueToAlignment(Align)`: fill 0, fill size 1, no
    /// maximum). Zero is `DW_CFA_nop` in call frame information.
    fn emit_value_align(&mut self, align: u64);
    /// Appends a fragment whose contents are the call frame address advance
    /// from `last` to `label` (LLVM's `MCDwarfCallFrameFragment`): at layout
    /// the assembler evaluates `label - last` and encodes it with
    /// [`cfi::encode_advance_loc`] (relaxing until sizes are stable).
    fn emit_advance_frame_addr(&mut self, last: Self::Sym, label: Self::Sym);
    /// Appends a fragment whose contents are the line-table advance by
    /// `line_delta` lines and `label - last` bytes (LLVM's
    /// `MCDwarfLineAddrFragment`): at layout the assembler encodes it with
    /// [`line::encode_line_advance`] (with the [`line::LineParams`] and
    /// minimum instruction alignment it gave [`line::LineTable::emit`]).
    /// `line_delta == i64::MAX` asks for an end of sequence.
    fn emit_advance_line_addr(&mut self, line_delta: i64, last: Self::Sym, label: Self::Sym);
    /// The symbol at the start of section `s` (the section symbol, LLVM's
    /// `getBeginSymbol`), for section-relative references (`.debug_line_str`
    /// offsets).
    fn section_begin_sym(&mut self, s: Self::Section) -> Self::Sym;
    /// LLVM's `MCStreamer::endSection`: the symbol at the end of section `s`,
    /// defined there (by switching to `s` and emitting it at its current end)
    /// if it is not defined yet. The emitters switch back to their own
    /// section afterwards.
    fn section_end_sym(&mut self, s: Self::Section) -> Self::Sym;
    /// The name of symbol `s`: frames are sorted by their personality
    /// routine's name before `.eh_frame` is written.
    fn symbol_name(&self, s: Self::Sym) -> &str;

    /// Appends the `size` low bytes of `v`, little endian (`size` ≤ 8).
    fn emit_int(&mut self, v: u64, size: u8) {
        let b = v.to_le_bytes();
        let n = usize::from(size).min(8);
        self.emit_bytes(&b[..n]);
    }
    /// Appends the ULEB128 encoding of `v`.
    fn emit_uleb(&mut self, v: u64) {
        let mut out = Vec::with_capacity(10);
        llvmext_core::leb128::write_uleb128(&mut out, v);
        self.emit_bytes(&out);
    }
    /// Appends the SLEB128 encoding of `v`.
    fn emit_sleb(&mut self, v: i64) {
        let mut out = Vec::with_capacity(10);
        llvmext_core::leb128::write_sleb128(&mut out, v);
        self.emit_bytes(&out);
    }
}

/// Which operand of a directive an error is about, for the parser to point
/// at (LLVM reports most errors at that operand's token).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorOperand {
    /// The directive as a whole: LLVM reports at the directive's first token.
    Directive,
    /// LLVM reports `.cfi_startproc`'s nesting error at the lexer position
    /// after the statement, i.e. column 1 of the following line.
    AfterStatement,
    /// The file number (`.file`, `.loc`).
    FileNumber,
    /// The line number of `.loc`.
    Line,
    /// The column of `.loc`.
    Column,
    /// The value of `.loc`'s `is_stmt` sub-directive.
    IsStmt,
    /// The value of `.loc`'s `isa` sub-directive.
    Isa,
    /// The end of the input (LLVM's end-of-file checks).
    EndOfFile,
}

/// An error (or warning) from a directive, with LLVM 19's message text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DwarfError {
    /// The message, as `llvm-mc-19` prints it after `error: `.
    pub message: String,
    /// Where LLVM reports it.
    pub operand: ErrorOperand,
}

impl DwarfError {
    pub(crate) fn new(message: impl Into<String>, operand: ErrorOperand) -> Self {
        DwarfError { message: message.into(), operand }
    }
}

impl fmt::Display for DwarfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DwarfError {}
