//! Call frame information: `.cfi_*` directives → `.eh_frame` / `.debug_frame`.
//!
//! [`CfiState`] records frames as LLVM 19's `MCStreamer::emitCFI*` functions
//! do (one temporary label per directive, at the current position), and
//! [`emit_frames`] writes them as `MCDwarfFrameEmitter::Emit` /
//! `FrameEmitterImpl` do: frames sorted by their CIE key, one CIE per run of
//! equal keys in `.eh_frame` (one CIE in all for `.debug_frame`), FDE
//! advances as [`DwarfSink::emit_advance_frame_addr`] fragments, zero
//! (`DW_CFA_nop`) padding.

use super::{DwarfError, DwarfSection, DwarfSink, ErrorOperand};

/// `DW_EH_PE_absptr`.
pub const DW_EH_PE_ABSPTR: u8 = 0x00;
/// `DW_EH_PE_pcrel`.
pub const DW_EH_PE_PCREL: u8 = 0x10;
/// `DW_EH_PE_sdata4`.
pub const DW_EH_PE_SDATA4: u8 = 0x0b;
/// `DW_EH_PE_sdata8`.
pub const DW_EH_PE_SDATA8: u8 = 0x0c;
/// `DW_EH_PE_omit`: `.cfi_personality 0xff` / `.cfi_lsda 0xff` are accepted
/// and ignored.
pub const DW_EH_PE_OMIT: u8 = 0xff;

const DW_CFA_ADVANCE_LOC: u8 = 0x40;
const DW_CFA_OFFSET: u8 = 0x80;
const DW_CFA_RESTORE: u8 = 0xc0;
const DW_CFA_ADVANCE_LOC1: u8 = 0x02;
const DW_CFA_ADVANCE_LOC2: u8 = 0x03;
const DW_CFA_ADVANCE_LOC4: u8 = 0x04;
const DW_CFA_OFFSET_EXTENDED: u8 = 0x05;
const DW_CFA_RESTORE_EXTENDED: u8 = 0x06;
const DW_CFA_UNDEFINED: u8 = 0x07;
const DW_CFA_SAME_VALUE: u8 = 0x08;
const DW_CFA_REGISTER: u8 = 0x09;
const DW_CFA_REMEMBER_STATE: u8 = 0x0a;
const DW_CFA_RESTORE_STATE: u8 = 0x0b;
const DW_CFA_DEF_CFA: u8 = 0x0c;
const DW_CFA_DEF_CFA_REGISTER: u8 = 0x0d;
const DW_CFA_DEF_CFA_OFFSET: u8 = 0x0e;
const DW_CFA_OFFSET_EXTENDED_SF: u8 = 0x11;
const DW_CFA_VAL_OFFSET: u8 = 0x14;
const DW_CFA_VAL_OFFSET_SF: u8 = 0x15;
const DW_CFA_AARCH64_NEGATE_RA_STATE: u8 = 0x2c;
const DW_CFA_GNU_WINDOW_SAVE: u8 = 0x2d;
const DW_CFA_GNU_ARGS_SIZE: u8 = 0x2e;
const DW_CFA_LLVM_DEF_ASPACE_CFA: u8 = 0x30;

/// Whether `encoding` is accepted by `.cfi_personality` / `.cfi_lsda` (LLVM's
/// `isValidEncoding`; otherwise the parser reports `unsupported encoding.` at
/// the encoding operand). `0xff` (`DW_EH_PE_omit`) is valid: the directive is
/// then ignored.
pub fn is_valid_eh_encoding(encoding: i64) -> bool {
    if encoding & !0xff != 0 {
        return false;
    }
    if encoding == i64::from(DW_EH_PE_OMIT) {
        return true;
    }
    let format = encoding & 0x0f;
    if !matches!(format, 0x00 | 0x02 | 0x03 | 0x04 | 0x0a | 0x0b | 0x0c | 0x08) {
        return false;
    }
    matches!(encoding & 0x70, 0x00 | 0x10)
}

/// The size in bytes of a value in `encoding` (LLVM's `getSizeForEncoding`;
/// `absptr` and `signed` are pointer-sized). Formats LLVM does not know give
/// the pointer size too.
pub fn encoding_size(encoding: u8, code_pointer_size: u8) -> u8 {
    match encoding & 0x0f {
        0x02 | 0x0a => 2,
        0x03 | 0x0b => 4,
        0x04 | 0x0c => 8,
        _ => code_pointer_size,
    }
}

/// One call frame instruction, as LLVM 19's `MCCFIInstruction` operations
/// that `.cfi_*` directives (and LLVM's code generator) produce.
///
/// Register numbers are DWARF numbers in the EH numbering (see
/// [`super::regs`]); LLVM truncates the parsed 64-bit value to 32 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CfiOp<S> {
    /// `.cfi_def_cfa reg, offset`.
    DefCfa {
        /// Register.
        reg: u32,
        /// Offset.
        offset: i64,
    },
    /// `.cfi_def_cfa_offset offset`.
    DefCfaOffset(i64),
    /// `.cfi_adjust_cfa_offset delta` (emitted as `DW_CFA_def_cfa_offset` of
    /// the tracked offset plus `delta`).
    AdjustCfaOffset(i64),
    /// `.cfi_def_cfa_register reg`.
    DefCfaRegister(u32),
    /// `.cfi_llvm_def_aspace_cfa reg, offset, address_space`.
    LlvmDefAspaceCfa {
        /// Register.
        reg: u32,
        /// Offset.
        offset: i64,
        /// Address space.
        address_space: i64,
    },
    /// `.cfi_offset reg, offset`.
    Offset {
        /// Register.
        reg: u32,
        /// Offset from the CFA.
        offset: i64,
    },
    /// `.cfi_rel_offset reg, offset` (offset from the tracked CFA offset).
    RelOffset {
        /// Register.
        reg: u32,
        /// Offset.
        offset: i64,
    },
    /// `.cfi_val_offset reg, offset` (LLVM 19's parser does not accept the
    /// directive; its code generator can produce the operation).
    ValOffset {
        /// Register.
        reg: u32,
        /// Offset (LLVM truncates it to 32 bits).
        offset: i64,
    },
    /// `.cfi_restore reg`.
    Restore(u32),
    /// `.cfi_undefined reg`.
    Undefined(u32),
    /// `.cfi_same_value reg`.
    SameValue(u32),
    /// `.cfi_register reg1, reg2`.
    Register(u32, u32),
    /// `.cfi_remember_state`.
    RememberState,
    /// `.cfi_restore_state`.
    RestoreState,
    /// `.cfi_escape bytes...` (each value truncated to a byte by the parser).
    Escape(Vec<u8>),
    /// `DW_CFA_GNU_args_size` (code generator only in LLVM 19).
    GnuArgsSize(i64),
    /// `.cfi_window_save`.
    WindowSave,
    /// `.cfi_negate_ra_state` (AArch64).
    NegateRaState,
    /// `.cfi_label name`: defines the (user) symbol `name` at this
    /// instruction's place in the frame section.
    Label(S),
}

/// A recorded instruction: the temporary label LLVM emits for each `.cfi_*`
/// directive, and the operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CfiInst<S> {
    /// The position of the directive (a temporary label in the code section).
    pub label: S,
    /// The operation.
    pub op: CfiOp<S>,
}

/// One frame (`.cfi_startproc` … `.cfi_endproc`), LLVM's `MCDwarfFrameInfo`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame<S> {
    /// The temporary label at `.cfi_startproc`.
    pub begin: S,
    /// The temporary label at `.cfi_endproc` (`None` while open).
    pub end: Option<S>,
    /// `.cfi_personality`'s symbol.
    pub personality: Option<S>,
    /// `.cfi_personality`'s encoding.
    pub personality_encoding: u8,
    /// `.cfi_lsda`'s symbol.
    pub lsda: Option<S>,
    /// `.cfi_lsda`'s encoding.
    pub lsda_encoding: u8,
    /// The instructions, in directive order.
    pub instructions: Vec<CfiInst<S>>,
    /// `.cfi_signal_frame` (augmentation `S`).
    pub is_signal_frame: bool,
    /// `.cfi_startproc simple`: no initial instructions in the CIE.
    pub is_simple: bool,
    /// `.cfi_return_column` (`None`: the target's return address register).
    pub ra_reg: Option<u32>,
    /// `.cfi_b_key_frame` (AArch64; augmentation `B`).
    pub is_b_key_frame: bool,
    /// `.cfi_mte_tagged_frame` (AArch64; augmentation `G`).
    pub is_mte_tagged_frame: bool,
}

impl<S> Frame<S> {
    /// A new open frame beginning at `begin`.
    pub fn new(begin: S, is_simple: bool) -> Self {
        Frame {
            begin,
            end: None,
            personality: None,
            personality_encoding: 0,
            lsda: None,
            lsda_encoding: 0,
            instructions: Vec::new(),
            is_signal_frame: false,
            is_simple,
            ra_reg: None,
            is_b_key_frame: false,
            is_mte_tagged_frame: false,
        }
    }
}

/// The target facts the frame emitter needs (LLVM's `MCAsmInfo`,
/// `MCObjectFileInfo` and `MCRegisterInfo` for the triple).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CfiTarget {
    /// `CodePointerSize`: address size in `.debug_frame` CIEs (version ≥ 4),
    /// the PC size in `.debug_frame` FDEs, the final padding of each section.
    pub code_pointer_size: u8,
    /// The data alignment factor (`-CalleeSaveStackSlotSize`: the stack
    /// grows down on x86).
    pub data_alignment_factor: i64,
    /// `MinInstAlignment`: the code alignment factor, and the unit of
    /// address advances.
    pub min_inst_alignment: u64,
    /// The return address register (EH numbering).
    pub ra_register: u32,
    /// The CIE's initial `DW_CFA_def_cfa` (register, offset).
    pub initial_cfa: (u32, i64),
    /// The CIE's initial `DW_CFA_offset` of the return address (register,
    /// offset), if any.
    pub initial_ra_offset: Option<(u32, i64)>,
    /// The FDE pointer encoding in `.eh_frame` (LLVM's
    /// `MCObjectFileInfo::getFDEEncoding`).
    pub fde_encoding: u8,
}

impl CfiTarget {
    /// x86-64 ELF, small code model: pointer size 8, data alignment -8, RA
    /// register 16 (`%rip`), initial state `DW_CFA_def_cfa %rsp, 8;
    /// DW_CFA_offset %rip, -8`, FDE encoding `pcrel | sdata4`.
    pub fn x86_64() -> Self {
        CfiTarget {
            code_pointer_size: 8,
            data_alignment_factor: -8,
            min_inst_alignment: 1,
            ra_register: 16,
            initial_cfa: (7, 8),
            initial_ra_offset: Some((16, -8)),
            fde_encoding: DW_EH_PE_PCREL | DW_EH_PE_SDATA4,
        }
    }

    /// x86-64 ELF, large code model (`llvm-mc -large-code-model`): as
    /// [`CfiTarget::x86_64`] but FDE encoding `pcrel | sdata8`.
    pub fn x86_64_large() -> Self {
        CfiTarget { fde_encoding: DW_EH_PE_PCREL | DW_EH_PE_SDATA8, ..Self::x86_64() }
    }

    /// i386 ELF: pointer size 4, data alignment -4, RA register 8 (`%eip`),
    /// initial state `DW_CFA_def_cfa %esp, 4; DW_CFA_offset %eip, -4`, FDE
    /// encoding `pcrel | sdata4`.
    pub fn i386() -> Self {
        CfiTarget {
            code_pointer_size: 4,
            data_alignment_factor: -4,
            min_inst_alignment: 1,
            ra_register: 8,
            initial_cfa: (4, 4),
            initial_ra_offset: Some((8, -4)),
            fde_encoding: DW_EH_PE_PCREL | DW_EH_PE_SDATA4,
        }
    }
}

/// The message LLVM gives a frame directive outside a frame.
pub const MSG_OUTSIDE_FRAME: &str =
    "this directive must appear between .cfi_startproc and .cfi_endproc directives";
/// The message LLVM gives a `.cfi_startproc` inside an open frame of the
/// current section.
pub const MSG_NESTED_FRAME: &str = "starting new .cfi frame before finishing the previous one";
/// The message LLVM gives at the end of the input when the last frame is
/// still open.
pub const MSG_UNFINISHED_FRAME: &str = "Unfinished frame!";

/// The frames recorded from `.cfi_*` directives, and `.cfi_sections`.
///
/// As in LLVM 19, frames may nest when they are in different sections (a
/// stack of open frames); frame directives apply to the innermost open frame
/// whatever the current section.
#[derive(Clone, Debug)]
pub struct CfiState<S, Sec> {
    frames: Vec<Frame<S>>,
    open: Vec<(usize, Sec)>,
    emit_eh: bool,
    emit_debug: bool,
}

impl<S, Sec> Default for CfiState<S, Sec> {
    fn default() -> Self {
        CfiState { frames: Vec::new(), open: Vec::new(), emit_eh: true, emit_debug: false }
    }
}

impl<S: Copy + Eq, Sec: Copy + Eq> CfiState<S, Sec> {
    /// No frames; `.eh_frame` only.
    pub fn new() -> Self {
        Self::default()
    }

    /// The frames, in `.cfi_startproc` order.
    pub fn frames(&self) -> &[Frame<S>] {
        &self.frames
    }

    /// Whether a frame is open.
    pub fn in_frame(&self) -> bool {
        !self.open.is_empty()
    }

    /// Whether `.eh_frame` / `.debug_frame` will be written (`.cfi_sections`).
    pub fn sections_enabled(&self) -> (bool, bool) {
        (self.emit_eh, self.emit_debug)
    }

    fn current(&mut self) -> Result<&mut Frame<S>, DwarfError> {
        let Some(&(i, _)) = self.open.last() else {
            return Err(DwarfError::new(MSG_OUTSIDE_FRAME, ErrorOperand::Directive));
        };
        self.frames
            .get_mut(i)
            .ok_or_else(|| DwarfError::new(MSG_OUTSIDE_FRAME, ErrorOperand::Directive))
    }

    /// `.cfi_startproc [simple]`: opens a frame at the current position of the
    /// current section (a temporary begin label). Error (reported by LLVM at
    /// [`ErrorOperand::AfterStatement`]) if the innermost open frame is in
    /// the current section.
    pub fn start_proc<K>(&mut self, sink: &mut K, simple: bool) -> Result<(), DwarfError>
    where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        let sec = sink.current_section();
        if let Some(&(_, s)) = self.open.last() {
            if s == sec {
                return Err(DwarfError::new(MSG_NESTED_FRAME, ErrorOperand::AfterStatement));
            }
        }
        let begin = sink.temp_label();
        sink.emit_label(begin);
        self.open.push((self.frames.len(), sec));
        self.frames.push(Frame::new(begin, simple));
        Ok(())
    }

    /// `.cfi_endproc`: closes the innermost open frame at the current
    /// position.
    pub fn end_proc<K>(&mut self, sink: &mut K) -> Result<(), DwarfError>
    where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        self.current()?;
        let end = sink.temp_label();
        sink.emit_label(end);
        let f = self.current()?;
        f.end = Some(end);
        self.open.pop();
        Ok(())
    }

    /// Any instruction directive (`.cfi_def_cfa`, `.cfi_offset`,
    /// `.cfi_escape`, `.cfi_label`, ...): a temporary label at the current
    /// position and the operation, appended to the innermost open frame.
    pub fn add<K>(&mut self, sink: &mut K, op: CfiOp<S>) -> Result<(), DwarfError>
    where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        self.current()?;
        let label = sink.temp_label();
        sink.emit_label(label);
        self.current()?.instructions.push(CfiInst { label, op });
        Ok(())
    }

    /// `.cfi_personality encoding, sym` (the parser ignores the directive when
    /// `encoding` is `DW_EH_PE_omit`, and checks it with
    /// [`is_valid_eh_encoding`]).
    pub fn personality(&mut self, sym: S, encoding: u8) -> Result<(), DwarfError> {
        let f = self.current()?;
        f.personality = Some(sym);
        f.personality_encoding = encoding;
        Ok(())
    }

    /// `.cfi_lsda encoding, sym` (same rules as [`CfiState::personality`]).
    pub fn lsda(&mut self, sym: S, encoding: u8) -> Result<(), DwarfError> {
        let f = self.current()?;
        f.lsda = Some(sym);
        f.lsda_encoding = encoding;
        Ok(())
    }

    /// `.cfi_signal_frame`.
    pub fn signal_frame(&mut self) -> Result<(), DwarfError> {
        self.current()?.is_signal_frame = true;
        Ok(())
    }

    /// `.cfi_return_column reg`.
    pub fn return_column(&mut self, reg: u32) -> Result<(), DwarfError> {
        self.current()?.ra_reg = Some(reg);
        Ok(())
    }

    /// `.cfi_b_key_frame` (AArch64).
    pub fn b_key_frame(&mut self) -> Result<(), DwarfError> {
        self.current()?.is_b_key_frame = true;
        Ok(())
    }

    /// `.cfi_mte_tagged_frame` (AArch64).
    pub fn mte_tagged_frame(&mut self) -> Result<(), DwarfError> {
        self.current()?.is_mte_tagged_frame = true;
        Ok(())
    }

    /// `.cfi_sections [.eh_frame][, .debug_frame]`: which sections are
    /// written (the last directive wins; `.cfi_sections .debug_frame` alone
    /// disables `.eh_frame`). Allowed anywhere.
    pub fn sections(&mut self, eh_frame: bool, debug_frame: bool) {
        self.emit_eh = eh_frame;
        self.emit_debug = debug_frame;
    }

    /// The end-of-input check: LLVM reports [`MSG_UNFINISHED_FRAME`] when the
    /// most recently started frame is still open (and then writes nothing).
    pub fn finish(&self) -> Result<(), DwarfError> {
        match self.frames.last() {
            Some(f) if f.end.is_none() => {
                Err(DwarfError::new(MSG_UNFINISHED_FRAME, ErrorOperand::EndOfFile))
            }
            _ => Ok(()),
        }
    }

    /// Writes `.eh_frame` and/or `.debug_frame` (per `.cfi_sections`; nothing
    /// if there are no frames). `dwarf_version` (2–5) is the context's DWARF
    /// version (see [`super::line::LineTable::dwarf_version`]): it sets the
    /// `.debug_frame` CIE version. Frames still open are skipped.
    pub fn emit<K>(&self, sink: &mut K, target: &CfiTarget, dwarf_version: u16)
    where
        K: DwarfSink<Sym = S, Section = Sec>,
    {
        if self.frames.is_empty() {
            return;
        }
        if self.emit_eh {
            emit_frames(sink, &self.frames, target, true, dwarf_version);
        }
        if self.emit_debug {
            emit_frames(sink, &self.frames, target, false, dwarf_version);
        }
    }
}

/// `MCDwarfFrameEmitter::encodeAdvanceLoc`: the `DW_CFA_advance_loc*`
/// instruction advancing by `addr_delta` bytes (scaled by
/// `min_inst_alignment`), appended to `out`; nothing for 0. Deltas of 2³²
/// units or more (which LLVM asserts against) keep their low 32 bits.
pub fn encode_advance_loc(addr_delta: u64, min_inst_alignment: u64, out: &mut Vec<u8>) {
    let d = if min_inst_alignment > 1 { addr_delta / min_inst_alignment } else { addr_delta };
    if d == 0 {
    } else if d < 64 {
        out.push(DW_CFA_ADVANCE_LOC | d as u8);
    } else if d <= 0xff {
        out.push(DW_CFA_ADVANCE_LOC1);
        out.push(d as u8);
    } else if d <= 0xffff {
        out.push(DW_CFA_ADVANCE_LOC2);
        out.extend_from_slice(&(d as u16).to_le_bytes());
    } else {
        out.push(DW_CFA_ADVANCE_LOC4);
        out.extend_from_slice(&(d as u32).to_le_bytes());
    }
}

/// The emitter's running state (LLVM's `FrameEmitterImpl`).
struct Emitter<'t> {
    cfa_offset: i64,
    initial_cfa_offset: i64,
    is_eh: bool,
    target: &'t CfiTarget,
}

impl Emitter<'_> {
    fn emit_op<K: DwarfSink>(&mut self, sink: &mut K, op: &CfiOp<K::Sym>) {
        let daf = self.target.data_alignment_factor;
        match op {
            CfiOp::Register(r1, r2) => {
                sink.emit_int(u64::from(DW_CFA_REGISTER), 1);
                sink.emit_uleb(u64::from(*r1));
                sink.emit_uleb(u64::from(*r2));
            }
            CfiOp::WindowSave => sink.emit_int(u64::from(DW_CFA_GNU_WINDOW_SAVE), 1),
            CfiOp::NegateRaState => sink.emit_int(u64::from(DW_CFA_AARCH64_NEGATE_RA_STATE), 1),
            CfiOp::Undefined(r) => {
                sink.emit_int(u64::from(DW_CFA_UNDEFINED), 1);
                sink.emit_uleb(u64::from(*r));
            }
            CfiOp::AdjustCfaOffset(d) => {
                sink.emit_int(u64::from(DW_CFA_DEF_CFA_OFFSET), 1);
                self.cfa_offset = self.cfa_offset.wrapping_add(*d);
                sink.emit_uleb(self.cfa_offset as u64);
            }
            CfiOp::DefCfaOffset(o) => {
                sink.emit_int(u64::from(DW_CFA_DEF_CFA_OFFSET), 1);
                self.cfa_offset = *o;
                sink.emit_uleb(self.cfa_offset as u64);
            }
            CfiOp::DefCfa { reg, offset } => {
                sink.emit_int(u64::from(DW_CFA_DEF_CFA), 1);
                sink.emit_uleb(u64::from(*reg));
                self.cfa_offset = *offset;
                sink.emit_uleb(self.cfa_offset as u64);
            }
            CfiOp::DefCfaRegister(r) => {
                sink.emit_int(u64::from(DW_CFA_DEF_CFA_REGISTER), 1);
                sink.emit_uleb(u64::from(*r));
            }
            CfiOp::LlvmDefAspaceCfa { reg, offset, address_space } => {
                sink.emit_int(u64::from(DW_CFA_LLVM_DEF_ASPACE_CFA), 1);
                sink.emit_uleb(u64::from(*reg));
                self.cfa_offset = *offset;
                sink.emit_uleb(self.cfa_offset as u64);
                sink.emit_uleb(*address_space as u64);
            }
            CfiOp::Offset { reg, offset } | CfiOp::RelOffset { reg, offset } => {
                let mut off = *offset;
                if matches!(op, CfiOp::RelOffset { .. }) {
                    off = off.wrapping_sub(self.cfa_offset);
                }
                let off = if daf == 0 { off } else { off.wrapping_div(daf) };
                if off < 0 {
                    sink.emit_int(u64::from(DW_CFA_OFFSET_EXTENDED_SF), 1);
                    sink.emit_uleb(u64::from(*reg));
                    sink.emit_sleb(off);
                } else if *reg < 64 {
                    sink.emit_int(u64::from(DW_CFA_OFFSET) + u64::from(*reg), 1);
                    sink.emit_uleb(off as u64);
                } else {
                    sink.emit_int(u64::from(DW_CFA_OFFSET_EXTENDED), 1);
                    sink.emit_uleb(u64::from(*reg));
                    sink.emit_uleb(off as u64);
                }
            }
            CfiOp::RememberState => sink.emit_int(u64::from(DW_CFA_REMEMBER_STATE), 1),
            CfiOp::RestoreState => sink.emit_int(u64::from(DW_CFA_RESTORE_STATE), 1),
            CfiOp::SameValue(r) => {
                sink.emit_int(u64::from(DW_CFA_SAME_VALUE), 1);
                sink.emit_uleb(u64::from(*r));
            }
            CfiOp::Restore(r) => {
                if *r < 64 {
                    sink.emit_int(u64::from(DW_CFA_RESTORE) | u64::from(*r), 1);
                } else {
                    sink.emit_int(u64::from(DW_CFA_RESTORE_EXTENDED), 1);
                    sink.emit_uleb(u64::from(*r));
                }
            }
            CfiOp::GnuArgsSize(n) => {
                sink.emit_int(u64::from(DW_CFA_GNU_ARGS_SIZE), 1);
                sink.emit_uleb(*n as u64);
            }
            CfiOp::Escape(b) => sink.emit_bytes(b),
            CfiOp::Label(s) => sink.emit_label(*s),
            CfiOp::ValOffset { reg, offset } => {
                // LLVM keeps this offset in an `int`.
                let o = *offset as i32;
                let d = daf as i32;
                let o = if d == 0 { o } else { o.wrapping_div(d) };
                if o < 0 {
                    sink.emit_int(u64::from(DW_CFA_VAL_OFFSET_SF), 1);
                    sink.emit_uleb(u64::from(*reg));
                    sink.emit_sleb(i64::from(o));
                } else {
                    sink.emit_int(u64::from(DW_CFA_VAL_OFFSET), 1);
                    sink.emit_uleb(u64::from(*reg));
                    sink.emit_uleb(o as u64);
                }
            }
        }
    }

    fn emit_insts<K: DwarfSink>(
        &mut self,
        sink: &mut K,
        insts: &[CfiInst<K::Sym>],
        mut base: K::Sym,
    ) {
        for inst in insts {
            if inst.label != base {
                sink.emit_advance_frame_addr(base, inst.label);
                base = inst.label;
            }
            self.emit_op(sink, &inst.op);
        }
    }

    fn emit_cie<K: DwarfSink>(
        &mut self,
        sink: &mut K,
        frame: &Frame<K::Sym>,
        version: u8,
    ) -> K::Sym {
        let t = self.target;
        let start = sink.temp_label();
        sink.emit_label(start);
        let end = sink.temp_label();
        // Length: end - start - 4.
        let e = sink.sym_expr(end);
        let s = sink.sym_expr(start);
        let d = sink.sub_expr(e, s);
        let len = sink.add_const_expr(d, -4);
        sink.emit_value(len, 4);
        // CIE id.
        sink.emit_int(if self.is_eh { 0 } else { 0xffff_ffff }, 4);
        sink.emit_int(u64::from(version), 1);
        let mut aug = Vec::new();
        if self.is_eh {
            aug.push(b'z');
            if frame.personality.is_some() {
                aug.push(b'P');
            }
            if frame.lsda.is_some() {
                aug.push(b'L');
            }
            aug.push(b'R');
            if frame.is_signal_frame {
                aug.push(b'S');
            }
            if frame.is_b_key_frame {
                aug.push(b'B');
            }
            if frame.is_mte_tagged_frame {
                aug.push(b'G');
            }
        }
        aug.push(0);
        sink.emit_bytes(&aug);
        if version >= 4 {
            sink.emit_int(u64::from(t.code_pointer_size), 1);
            sink.emit_int(0, 1);
        }
        sink.emit_uleb(t.min_inst_alignment);
        sink.emit_sleb(t.data_alignment_factor);
        let ra = frame.ra_reg.unwrap_or(t.ra_register);
        if version == 1 {
            sink.emit_int(u64::from(ra), 1);
        } else {
            sink.emit_uleb(u64::from(ra));
        }
        if self.is_eh {
            let mut aug_len = 0u64;
            if frame.personality.is_some() {
                aug_len +=
                    1 + u64::from(encoding_size(frame.personality_encoding, t.code_pointer_size));
            }
            if frame.lsda.is_some() {
                aug_len += 1;
            }
            aug_len += 1;
            sink.emit_uleb(aug_len);
            if let Some(p) = frame.personality {
                sink.emit_int(u64::from(frame.personality_encoding), 1);
                let size = encoding_size(frame.personality_encoding, t.code_pointer_size);
                emit_encoded_symbol(sink, p, frame.personality_encoding, size);
            }
            if frame.lsda.is_some() {
                sink.emit_int(u64::from(frame.lsda_encoding), 1);
            }
            sink.emit_int(u64::from(t.fde_encoding), 1);
        }
        if !frame.is_simple {
            let (reg, offset) = t.initial_cfa;
            self.emit_op(sink, &CfiOp::DefCfa { reg, offset });
            if let Some((reg, offset)) = t.initial_ra_offset {
                self.emit_op(sink, &CfiOp::Offset { reg, offset });
            }
        }
        self.initial_cfa_offset = self.cfa_offset;
        sink.emit_value_align(if self.is_eh { 4 } else { u64::from(t.code_pointer_size) });
        sink.emit_label(end);
        start
    }

    fn emit_fde<K: DwarfSink>(
        &mut self,
        sink: &mut K,
        cie_start: K::Sym,
        frame: &Frame<K::Sym>,
        last: bool,
    ) {
        let t = self.target;
        let fde_start = sink.temp_label();
        let fde_end = sink.temp_label();
        self.cfa_offset = self.initial_cfa_offset;
        let e = sink.sym_expr(fde_end);
        let s = sink.sym_expr(fde_start);
        let len = sink.sub_expr(e, s);
        sink.emit_value(len, 4);
        sink.emit_label(fde_start);
        if self.is_eh {
            let a = sink.sym_expr(fde_start);
            let b = sink.sym_expr(cie_start);
            let off = sink.sub_expr(a, b);
            sink.emit_value(off, 4);
        } else {
            let c = sink.sym_expr(cie_start);
            sink.emit_value(c, 4);
        }
        let pc_encoding = if self.is_eh { t.fde_encoding } else { DW_EH_PE_ABSPTR };
        let pc_size = encoding_size(pc_encoding, t.code_pointer_size);
        emit_encoded_symbol(sink, frame.begin, pc_encoding, pc_size);
        let end = frame.end.unwrap_or(frame.begin);
        let e = sink.sym_expr(end);
        let b = sink.sym_expr(frame.begin);
        let range = sink.sub_expr(e, b);
        sink.emit_value(range, pc_size);
        if self.is_eh {
            match frame.lsda {
                Some(l) => {
                    let size = encoding_size(frame.lsda_encoding, t.code_pointer_size);
                    sink.emit_uleb(u64::from(size));
                    emit_encoded_symbol(sink, l, frame.lsda_encoding, size);
                }
                None => sink.emit_uleb(0),
            }
        }
        self.emit_insts(sink, &frame.instructions, frame.begin);
        let align = if last { t.code_pointer_size } else { pc_size };
        sink.emit_value_align(u64::from(align));
        sink.emit_label(fde_end);
    }
}

/// A symbol in a `DW_EH_PE_*` encoding: `sym - .` when pc-relative, else
/// `sym` (LLVM's `getExprForFDESymbol` on ELF).
fn emit_encoded_symbol<K: DwarfSink>(sink: &mut K, sym: K::Sym, encoding: u8, size: u8) {
    let s = sink.sym_expr(sym);
    let e = if encoding & 0x70 == DW_EH_PE_PCREL {
        let pc = sink.temp_label();
        sink.emit_label(pc);
        let p = sink.sym_expr(pc);
        sink.sub_expr(s, p)
    } else {
        s
    };
    sink.emit_value(e, size);
}

/// The `.debug_frame` CIE version for a DWARF version (LLVM's
/// `getCIEVersion`; `.eh_frame` CIEs are version 1).
pub fn debug_frame_cie_version(dwarf_version: u16) -> u8 {
    match dwarf_version {
        3 => 3,
        4 | 5 => 4,
        _ => 1,
    }
}

/// Writes the frames into `.eh_frame` (`is_eh`) or `.debug_frame`, as
/// LLVM 19's `MCDwarfFrameEmitter::Emit` on ELF: switches to the section,
/// emits a temporary label at its start, sorts the frames (stably) by CIE key
/// (personality name, personality encoding, LSDA encoding, signal frame,
/// simple, return column, B key, MTE), and writes a CIE whenever the key
/// changes (`.debug_frame`: only before the first FDE), then each FDE.
/// Frames not closed by `.cfi_endproc` get an empty range.
pub fn emit_frames<K: DwarfSink>(
    sink: &mut K,
    frames: &[Frame<K::Sym>],
    target: &CfiTarget,
    is_eh: bool,
    dwarf_version: u16,
) {
    let sec = sink.section(if is_eh { DwarfSection::EhFrame } else { DwarfSection::DebugFrame });
    sink.switch_section(sec);
    let section_start = sink.temp_label();
    sink.emit_label(section_start);

    // The CIE keys; LLVM's default return column is INT_MAX.
    let keys: Vec<CieKey> = frames
        .iter()
        .map(|f| {
            (
                f.personality.map(|p| sink.symbol_name(p).to_owned()).unwrap_or_default(),
                f.personality_encoding,
                f.lsda_encoding,
                f.is_signal_frame,
                f.is_simple,
                f.ra_reg.unwrap_or(i32::MAX as u32),
                f.is_b_key_frame,
                f.is_mte_tagged_frame,
            )
        })
        .collect();
    let mut order: Vec<usize> = (0..frames.len()).collect();
    order.sort_by(|&a, &b| keys[a].cmp(&keys[b]));

    let version = if is_eh { 1 } else { debug_frame_cie_version(dwarf_version) };
    let mut em = Emitter { cfa_offset: 0, initial_cfa_offset: 0, is_eh, target };
    let mut last_cie: Option<(K::Sym, usize)> = None;
    for (n, &i) in order.iter().enumerate() {
        let frame = &frames[i];
        let need_cie = match last_cie {
            None => true,
            Some((_, k)) => is_eh && !same_cie(&frames[k], frame, &keys[k], &keys[i]),
        };
        if need_cie {
            let start = em.emit_cie(sink, frame, version);
            last_cie = Some((start, i));
        }
        if let Some((cie, _)) = last_cie {
            em.emit_fde(sink, cie, frame, n + 1 == order.len());
        }
    }
}

/// LLVM's `CIEKey` ordering: personality name and encoding, LSDA encoding,
/// signal frame, simple, return column, B key, MTE tagged.
type CieKey = (String, u8, u8, bool, bool, u32, bool, bool);

/// LLVM's `CIEKey::operator==`: the personality compared as a symbol, the
/// rest as values.
fn same_cie<S: Eq, K: PartialEq>(a: &Frame<S>, b: &Frame<S>, ka: &K, kb: &K) -> bool {
    a.personality == b.personality && ka == kb
}
