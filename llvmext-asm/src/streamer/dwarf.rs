//! The object streamer's DWARF: the line table and the call frames it
//! keeps (`.file`/`.loc`, `.cfi_*` as streamer calls), and itself as the
//! [`DwarfSink`] [`crate::dwarf`]'s emitters write `.eh_frame`,
//! `.debug_frame` and `.debug_line` through.

use super::{Arch, ObjectStreamer, SectionDesc};
use crate::diag::Loc;
use crate::dwarf::cfi::{CfiOp, CfiState, CfiTarget};
use crate::dwarf::line::{LineParams, LineTable, LocOptions};
use crate::dwarf::{DwarfError, DwarfSection, DwarfSink};
use crate::expr::{BinaryOp, ExprId, Variant};
use crate::section::SectionId;
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
        // LLVM's ELF streamer writes the call-graph profile first.
        self.finalize_cg_profile();
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
