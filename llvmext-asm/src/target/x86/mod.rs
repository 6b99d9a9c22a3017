//! The x86 target: AT&T-syntax instruction matching and encoding that give
//! the same bytes and fixups as `llvm-mc-19 -filetype=obj`.
//!
//! The flow is the one of LLVM's MC layer:
//!
//! 1. the GAS parser (not here) reads a line into a mnemonic, the
//!    [`Prefixes`] written before it and a list of [`Operand`]s in AT&T
//!    order;
//! 2. [`match_att`] picks the instruction form LLVM's matcher (and its
//!    encoding optimizations) would pick, or returns the [`MatchError`]
//!    `llvm-mc-19` reports;
//! 3. [`encode`] writes the bytes and the [`Fixup`]s (fixup fields are
//!    zero, as in `llvm-mc -show-encoding`);
//! 4. during layout, an instruction for which [`may_need_relaxation`] holds
//!    is re-encoded as [`relaxation`]'s result when the value of its
//!    [`relaxable_fixup`] does not fit in a signed byte;
//! 5. alignment padding comes from [`write_nops`], relocation types from
//!    [`elf::elf_reloc_type`].
//!
//! The instruction tables are iced-x86's (every opcode's operand kinds and
//! its encoder); the choices LLVM makes among equivalent encodings are
//! written once each in `matcher.rs`, with the LLVM source they come from.
//!
//! ```
//! use llvmext_asm::target::x86::{encode, match_att, parse_reg, Mode, Operand, Prefixes, Value};
//! let rsp = parse_reg("rsp").unwrap();
//! let rbp = parse_reg("rbp").unwrap();
//! let ops: [Operand<u32>; 2] = [Operand::Reg(rsp), Operand::Reg(rbp)];
//! let inst = match_att(Mode::Bits64, &Prefixes::default(), "movq", &ops).unwrap();
//! let (mut bytes, mut fixups) = (Vec::new(), Vec::new());
//! encode(&inst, &mut bytes, &mut fixups).unwrap();
//! assert_eq!(bytes, [0x48, 0x89, 0xe5]);
//! # let _ = Value::<u32>::Const(0);
//! ```

pub mod elf;
mod encode;
mod index;
mod matcher;
mod nops;
mod regs;
#[cfg(test)]
mod tests;

use core::fmt;

pub use encode::encode;
pub use matcher::match_att;
pub(crate) use matcher::Matcher;
pub use nops::{max_nop_len, write_nops, write_nops_max};
pub use regs::parse_reg;

/// The processor mode instructions are assembled for (`.code16`,
/// `.code32`, `.code64`; triple `x86_64` starts in 64-bit mode, `i386` and
/// `i686` in 32-bit mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// 16-bit mode (`.code16`).
    Bits16,
    /// 32-bit mode (`.code32`).
    Bits32,
    /// 64-bit mode (`.code64`).
    Bits64,
}

impl Mode {
    /// The mode's width in bits: 16, 32 or 64.
    pub fn bits(self) -> u32 {
        match self {
            Mode::Bits16 => 16,
            Mode::Bits32 => 32,
            Mode::Bits64 => 64,
        }
    }
}

/// A register, as written with a `%` in AT&T syntax. Make one with
/// [`parse_reg`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reg(pub(crate) iced_x86::Register);

impl Reg {
    /// The register's AT&T name without `%`, lowercase (`rax`, `st(1)`).
    pub fn name(self) -> &'static str {
        regs::reg_name(self.0)
    }

    /// Whether this is a segment register (`%es` … `%gs`), which may start
    /// a memory operand (`%fs:0`).
    pub fn is_segment(self) -> bool {
        self.0.is_segment_register()
    }
}

impl fmt::Debug for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.name())
    }
}

/// The `@` modifier of a symbol reference (one definition for the whole
/// assembler: [`crate::expr::Variant`]).
pub use crate::expr::Variant;

/// The shape of a symbolic operand's expression, as far as the encoder
/// cares (LLVM's `X86MCCodeEmitter` looks at the expression tree for
/// these; the caller, who owns the expression, tells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ExprKind {
    /// A single symbol reference, possibly with an `@` modifier (`foo`,
    /// `foo@GOTPCREL`): enables the relaxable RIP-relative fixup kinds and
    /// `reloc_branch_4byte_pcrel` for calls and jumps.
    SymbolRef,
    /// `_GLOBAL_OFFSET_TABLE_` alone, or added to something that is not a
    /// symbol reference (`_GLOBAL_OFFSET_TABLE_+(.L1-.L0)`): LLVM's
    /// `GOT_Normal`.
    GlobalOffsetTable,
    /// `_GLOBAL_OFFSET_TABLE_` plus or minus a symbol reference: LLVM's
    /// `GOT_SymDiff`.
    GlobalOffsetTableSymDiff,
    /// Any other expression (`foo+4`, `.Lb-.La`).
    #[default]
    Other,
}

/// An immediate, displacement or branch target: a constant the parser
/// could fold, or an expression of the caller's (its handle `E`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<E> {
    /// A constant (absolute, known when parsing).
    Const(i64),
    /// A symbolic value, resolved by layout or by a relocation.
    Expr {
        /// The caller's expression handle.
        expr: E,
        /// The `@` modifier of the symbol reference at its top.
        variant: Variant,
        /// The expression's shape (see [`ExprKind`]).
        kind: ExprKind,
    },
}

impl<E> Value<E> {
    /// A plain expression: no modifier, shape [`ExprKind::Other`].
    pub fn expr(expr: E) -> Self {
        Value::Expr { expr, variant: Variant::None, kind: ExprKind::Other }
    }

    /// A symbol reference with the modifier `variant`.
    pub fn sym(expr: E, variant: Variant) -> Self {
        Value::Expr { expr, variant, kind: ExprKind::SymbolRef }
    }

    fn is_const(&self) -> bool {
        matches!(self, Value::Const(_))
    }
}

/// An AT&T memory operand `seg:disp(base, index, scale)`; also a bare
/// expression written without `$` (`foo`, an absolute address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mem<E> {
    /// The segment override (`%fs:`).
    pub seg: Option<Reg>,
    /// The displacement (`Value::Const(0)` when none is written).
    pub disp: Value<E>,
    /// The base register (`%rip` for RIP-relative operands).
    pub base: Option<Reg>,
    /// The index register.
    pub index: Option<Reg>,
    /// The scale: 1, 2, 4 or 8 (1 when no index is written).
    pub scale: u8,
    /// The AVX-512 broadcast `{1toN}` written after the operand: `N`.
    pub broadcast: Option<u8>,
}

impl<E> Mem<E> {
    /// `disp(base)`, no segment, index or broadcast.
    pub fn base_disp(base: Option<Reg>, disp: Value<E>) -> Self {
        Mem { seg: None, disp, base, index: None, scale: 1, broadcast: None }
    }
}

/// AVX-512 static rounding, written as an operand `{rn-sae}` … or `{sae}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// `{rn-sae}`: round to nearest.
    RnSae,
    /// `{rd-sae}`: round down.
    RdSae,
    /// `{ru-sae}`: round up.
    RuSae,
    /// `{rz-sae}`: round toward zero.
    RzSae,
    /// `{sae}`: suppress all exceptions, no rounding override.
    Sae,
}

/// One operand of an AT&T instruction line, in the order written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand<E> {
    /// A register (`%eax`).
    Reg(Reg),
    /// An immediate (`$1`, `$foo`).
    Imm(Value<E>),
    /// A memory operand or a bare expression (`8(%rax)`, `foo`,
    /// `foo(%rip)`; a branch target `foo` of `jmp foo` too).
    Mem(Mem<E>),
    /// An indirect register `*%rax` (`call *%rax`).
    IndirectReg(Reg),
    /// An indirect memory operand `*8(%rax)` (`jmp *8(%rax)`).
    IndirectMem(Mem<E>),
    /// An AVX-512 write mask `{%k1}`, written after the operand it applies
    /// to (the destination).
    Mask(Reg),
    /// The AVX-512 zeroing flag `{z}`, written after the mask.
    Zeroing,
    /// AVX-512 static rounding or SAE: `{rn-sae}` … `{sae}`.
    Rounding(Rounding),
}

/// Prefixes written on the line before the mnemonic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prefixes {
    /// `lock`.
    pub lock: bool,
    /// `rep`, `repe`, `repz`.
    pub rep: bool,
    /// `repne`, `repnz`.
    pub repne: bool,
    /// `data16`: an operand-size prefix byte emitted before the instruction
    /// (LLVM emits it as a separate instruction).
    pub data16: bool,
    /// `data32` (16-bit mode): a `0x66` byte before the instruction.
    pub data32: bool,
    /// `addr32` (`addr16` in 32-bit mode): a `0x67` byte before the
    /// instruction (LLVM emits it as a separate instruction).
    pub addr32: bool,
    /// `rex64`: a `0x48` byte before the instruction.
    pub rex64: bool,
    /// `notrack` (`0x3e` on indirect calls and jumps).
    pub notrack: bool,
    /// `{vex}` / `{vex2}`: prefer a VEX encoding (the default anyway).
    pub vex: bool,
    /// `{vex3}`: use a 3-byte VEX prefix.
    pub vex3: bool,
    /// `{evex}`: use an EVEX encoding.
    pub evex: bool,
    /// `{disp8}`: use an 8-bit displacement.
    pub disp8: bool,
    /// `{disp32}`: use a 32-bit displacement.
    pub disp32: bool,
    /// `{load}`: the `r, r/m` form of a register-register instruction.
    pub load: bool,
    /// `{store}`: the `r/m, r` form of a register-register instruction.
    pub store: bool,
}

impl Prefixes {
    /// Parses one prefix word (`lock`, `rep`, `{vex3}`…) into `self`;
    /// returns `false` if `word` is not a prefix.
    pub fn add(&mut self, word: &str) -> bool {
        let w = word.to_ascii_lowercase();
        match w.as_str() {
            "lock" => self.lock = true,
            "rep" | "repe" | "repz" => self.rep = true,
            "repne" | "repnz" => self.repne = true,
            "data16" => self.data16 = true,
            "data32" => self.data32 = true,
            "addr32" | "addr16" => self.addr32 = true,
            "rex64" => self.rex64 = true,
            "notrack" => self.notrack = true,
            "{vex}" | "{vex2}" => self.vex = true,
            "{vex3}" => self.vex3 = true,
            "{evex}" => self.evex = true,
            "{disp8}" => self.disp8 = true,
            "{disp32}" => self.disp32 = true,
            "{load}" => self.load = true,
            "{store}" => self.store = true,
            _ => return false,
        }
        true
    }
}

/// The byte LLVM emits for a prefix written on a line of its own (`lock`,
/// `rep`, `data16`, a segment name like `fs`…), or `None` if `word` is
/// not such a prefix in `mode` (`rex64` outside 64-bit mode, `data16` in
/// 16-bit mode).
pub fn prefix_byte(mode: Mode, word: &str) -> Option<u8> {
    let w = word.to_ascii_lowercase();
    Some(match w.as_str() {
        "lock" => 0xf0,
        "rep" | "repe" | "repz" => 0xf3,
        "repne" | "repnz" => 0xf2,
        "data16" if mode != Mode::Bits16 => 0x66,
        "data32" if mode == Mode::Bits16 => 0x66,
        "addr32" if mode != Mode::Bits32 => 0x67,
        "addr16" if mode == Mode::Bits32 => 0x67,
        "rex64" if mode == Mode::Bits64 => 0x48,
        "notrack" => 0x3e,
        "cs" => 0x2e,
        "ds" => 0x3e,
        "es" => 0x26,
        "ss" => 0x36,
        "fs" => 0x64,
        "gs" => 0x65,
        _ => return None,
    })
}

/// A matched instruction: the encoding form and its operands, ready for
/// [`encode`]. Small and `Copy` when `E` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inst<E> {
    pub(crate) mode: Mode,
    pub(crate) code: iced_x86::Code,
    pub(crate) ops: [IOp<E>; 5],
    pub(crate) nops: u8,
    pub(crate) pfx: EncPrefixes,
    pub(crate) mask: Option<iced_x86::Register>,
    pub(crate) zeroing: bool,
    pub(crate) broadcast: bool,
    pub(crate) rounding: Option<Rounding>,
}

impl<E> Inst<E> {
    /// The mode the instruction was matched for.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The Intel name of the encoding form (iced-x86's `Code`, e.g.
    /// `Add_rm64_imm8`), for diagnostics and tests.
    pub fn form_name(&self) -> String {
        format!("{:?}", self.code)
    }

    /// Calls `f` on each value of the operands (immediates, displacements,
    /// branch targets).
    pub(crate) fn for_each_value_mut(&mut self, mut f: impl FnMut(&mut Value<E>)) {
        for op in &mut self.ops {
            match op {
                IOp::Imm(v) | IOp::Branch(v) => f(v),
                IOp::Mem(m) => f(&mut m.disp),
                IOp::None | IOp::Reg(_) | IOp::Str(_) => {}
            }
        }
    }

    /// Whether this is a call, a jump or a conditional jump with a
    /// PC-relative target.
    pub fn is_branch(&self) -> bool {
        self.ops[..self.nops as usize].iter().any(|o| matches!(o, IOp::Branch(_)))
    }
}

/// The prefixes that reach the encoder (data16/rex64 are separate bytes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct EncPrefixes {
    pub lock: bool,
    pub rep: bool,
    pub repne: bool,
    pub notrack: bool,
    pub addr_size: bool,
    pub pre66: bool,
    pub pre48: bool,
    pub seg: Option<iced_x86::Register>,
    pub vex3: bool,
    pub disp8: bool,
    pub disp32: bool,
}

/// An operand of a matched instruction, in Intel order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IOp<E> {
    None,
    Reg(iced_x86::Register),
    Imm(Value<E>),
    Mem(IMem<E>),
    /// A near-branch target (rel8/rel16/rel32).
    Branch(Value<E>),
    /// An implicit string operand (`(%rsi)`, `%es:(%rdi)`) with the
    /// address size in bits.
    Str(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IMem<E> {
    pub disp: Value<E>,
    pub base: iced_x86::Register,
    pub index: iced_x86::Register,
    pub scale: u8,
    /// Address size in bits (16, 32 or 64).
    pub addr: u8,
}

/// Why [`match_att`] refused a line: the message `llvm-mc-19` prints and
/// where its caret points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError {
    /// The message, e.g. `invalid operand for instruction`.
    pub message: String,
    /// The operand (index into the `ops` given to [`match_att`]) the caret
    /// points at; `None` for the mnemonic (start of the instruction).
    pub operand: Option<usize>,
}

impl MatchError {
    pub(crate) fn new(message: impl Into<String>, operand: Option<usize>) -> Self {
        MatchError { message: message.into(), operand }
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for MatchError {}

/// Why [`encode`] could not encode a matched instruction (a value out of
/// range for its field, or a register combination the form cannot hold).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EncodeError {}

/// LLVM's fixup kinds for x86: the generic `FK_*` ones and
/// `X86FixupKinds.h`'s. The object writer maps a kind, the operand's
/// [`Variant`] and PC-relativity to a relocation type
/// ([`elf::elf_reloc_type`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FixupKind {
    /// `FK_NONE`: no bytes, only a relocation (`call *foo@tlscall(%rax)`).
    None,
    /// `FK_Data_1`.
    Data1,
    /// `FK_Data_2`.
    Data2,
    /// `FK_Data_4`.
    Data4,
    /// `FK_Data_8`.
    Data8,
    /// `FK_PCRel_1` (short branches).
    PCRel1,
    /// `FK_PCRel_2` (16-bit branches).
    PCRel2,
    /// `FK_PCRel_4` (32-bit branches not covered by `Branch4PCRel`).
    PCRel4,
    /// `reloc_riprel_4byte`.
    RipRel4,
    /// `reloc_riprel_4byte_movq_load`.
    RipRel4MovqLoad,
    /// `reloc_riprel_4byte_relax`.
    RipRel4Relax,
    /// `reloc_riprel_4byte_relax_rex`.
    RipRel4RelaxRex,
    /// `reloc_signed_4byte`.
    Signed4,
    /// `reloc_signed_4byte_relax`.
    Signed4Relax,
    /// `reloc_global_offset_table` (4 bytes).
    GlobalOffsetTable,
    /// `reloc_global_offset_table8`.
    GlobalOffsetTable8,
    /// `reloc_branch_4byte_pcrel` (64-bit `call`/`jmp`/`jcc` to a plain
    /// symbol reference).
    Branch4PCRel,
    /// A relocation type named by `.reloc` (LLVM's
    /// `FirstLiteralRelocationKind + type`): no bytes, always a relocation
    /// of exactly this type.
    Literal(u32),
}

impl FixupKind {
    /// The size in bytes of the field the fixup patches.
    pub fn size(self) -> u32 {
        match self {
            FixupKind::None | FixupKind::Literal(_) => 0,
            FixupKind::Data1 | FixupKind::PCRel1 => 1,
            FixupKind::Data2 | FixupKind::PCRel2 => 2,
            FixupKind::Data8 | FixupKind::GlobalOffsetTable8 => 8,
            _ => 4,
        }
    }

    /// Whether LLVM marks the kind PC-relative (`FKF_IsPCRel`).
    pub fn is_pc_rel(self) -> bool {
        matches!(
            self,
            FixupKind::PCRel1
                | FixupKind::PCRel2
                | FixupKind::PCRel4
                | FixupKind::RipRel4
                | FixupKind::RipRel4MovqLoad
                | FixupKind::RipRel4Relax
                | FixupKind::RipRel4RelaxRex
                | FixupKind::Branch4PCRel
        )
    }

    /// LLVM's name of the kind, as `llvm-mc -show-encoding` prints it.
    pub fn llvm_name(self) -> &'static str {
        match self {
            FixupKind::None => "FK_NONE",
            FixupKind::Literal(_) => "FirstLiteralRelocationKind",
            FixupKind::Data1 => "FK_Data_1",
            FixupKind::Data2 => "FK_Data_2",
            FixupKind::Data4 => "FK_Data_4",
            FixupKind::Data8 => "FK_Data_8",
            FixupKind::PCRel1 => "FK_PCRel_1",
            FixupKind::PCRel2 => "FK_PCRel_2",
            FixupKind::PCRel4 => "FK_PCRel_4",
            FixupKind::RipRel4 => "reloc_riprel_4byte",
            FixupKind::RipRel4MovqLoad => "reloc_riprel_4byte_movq_load",
            FixupKind::RipRel4Relax => "reloc_riprel_4byte_relax",
            FixupKind::RipRel4RelaxRex => "reloc_riprel_4byte_relax_rex",
            FixupKind::Signed4 => "reloc_signed_4byte",
            FixupKind::Signed4Relax => "reloc_signed_4byte_relax",
            FixupKind::GlobalOffsetTable => "reloc_global_offset_table",
            FixupKind::GlobalOffsetTable8 => "reloc_global_offset_table8",
            FixupKind::Branch4PCRel => "reloc_branch_4byte_pcrel",
        }
    }
}

/// A fixup of an encoded instruction: the field at `offset` receives
/// `value + addend` (PC-relative kinds: relative to the field's start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixup<E> {
    /// Offset of the field from the start of the instruction's bytes.
    pub offset: u32,
    /// The fixup kind.
    pub kind: FixupKind,
    /// The operand's value.
    pub value: Value<E>,
    /// Added to the value: `-4` for a RIP-relative displacement minus the
    /// size of an immediate after it, `-1`/`-4` for branches, the field's
    /// offset for `_GLOBAL_OFFSET_TABLE_`.
    pub addend: i64,
}

/// Whether LLVM's `X86AsmBackend::mayNeedRelaxation` holds: a short branch
/// (`JMP_1`, `JCC_1`) or a sign-extended 8-bit immediate form whose
/// immediate is an expression (`addq $foo, %rax`, `pushq $foo`).
pub fn may_need_relaxation<E: Copy>(inst: &Inst<E>) -> bool {
    matcher::relaxed_code(inst).is_some()
}

/// The index, in the fixups [`encode`] produces for `inst`, of the fixup
/// whose value decides relaxation, and its size in bytes (always 1): the
/// instruction must be relaxed when that fixup's value (target minus the
/// field's address for a branch, with the fixup's addend) does not fit in
/// a signed byte (`X86AsmBackend::fixupNeedsRelaxation`).
pub fn relaxable_fixup<E: Copy>(inst: &Inst<E>) -> Option<(usize, u32)> {
    if !may_need_relaxation(inst) {
        return None;
    }
    // The relaxable field is the last one the encoder emits (the branch
    // displacement or the trailing 8-bit immediate), so its fixup is the
    // last: count the symbolic fields.
    let mut n = 0usize;
    for op in &inst.ops[..inst.nops as usize] {
        match op {
            IOp::Imm(Value::Expr { .. }) | IOp::Branch(_) => n += 1,
            IOp::Mem(m) if !m.disp.is_const() => n += 1,
            _ => {}
        }
    }
    n.checked_sub(1).map(|i| (i, 1))
}

/// LLVM's relaxation of `inst` (`X86AsmBackend::relaxInstruction`): `JMP_1`
/// to `JMP_4` (`JMP_2` in 16-bit mode), `JCC_1` to `JCC_4`, and each
/// 8-bit-immediate form with an expression to its 16/32-bit-immediate
/// form (`getOpcodeForLongImmediateForm`). `None` if `inst` is not
/// relaxable.
pub fn relaxation<E: Copy>(inst: &Inst<E>) -> Option<Inst<E>> {
    let code = matcher::relaxed_code(inst)?;
    let mut out = *inst;
    out.code = code;
    Some(out)
}
