//! Encoding: iced-x86's encoder for the instruction body, LLVM's prefix
//! order and fixup kinds (`X86MCCodeEmitter.cpp`) around it.

use iced_x86::{
    Code, Encoder, Instruction, Mnemonic, OpCodeOperandKind as K, OpKind, Register as R,
    RoundingControl,
};
use std::sync::OnceLock;

use super::{
    EncodeError, ExprKind, Fixup, FixupKind, IMem, IOp, Inst, Mode, Rounding, Value, Variant,
};

/// The lowercase Intel mnemonic of a form (for rule tables).
pub(crate) fn mnemonic_str(c: Code) -> &'static str {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Mnemonic::values()
            .map(|m| &*Box::leak(format!("{m:?}").to_ascii_lowercase().into_boxed_str()))
            .collect()
    });
    names.get(c.mnemonic() as usize).copied().unwrap_or("")
}

fn imm_op_kind(k: K, second: bool) -> OpKind {
    match k {
        K::imm8 | K::imm8_const_1 if second => OpKind::Immediate8_2nd,
        K::imm8 | K::imm8_const_1 | K::imm4_m2z => OpKind::Immediate8,
        K::imm8sex16 => OpKind::Immediate8to16,
        K::imm8sex32 => OpKind::Immediate8to32,
        K::imm8sex64 => OpKind::Immediate8to64,
        K::imm16 => OpKind::Immediate16,
        K::imm32 => OpKind::Immediate32,
        K::imm32sex64 => OpKind::Immediate32to64,
        _ => OpKind::Immediate64,
    }
}

fn full_displ_size(addr: u8) -> u32 {
    match addr {
        16 => 2,
        32 => 4,
        _ => 8,
    }
}

/// The iced instruction for `inst`, with zero placeholders for symbolic
/// values.
fn build<E: Copy>(inst: &Inst<E>) -> Result<Instruction, EncodeError> {
    let oc = inst.code.op_code();
    let kinds = oc.op_kinds();
    let mut ins = Instruction::default();
    ins.set_code(inst.code);
    let mut had_imm = false;
    for (i, op) in inst.ops[..inst.nops as usize].iter().enumerate() {
        let k = kinds.get(i).copied().unwrap_or(K::None);
        let i = i as u32;
        match *op {
            IOp::None => {}
            IOp::Reg(r) => {
                ins.set_op_kind(i, OpKind::Register);
                ins.set_op_register(i, r);
            }
            IOp::Imm(v) => {
                ins.set_op_kind(i, imm_op_kind(k, had_imm));
                had_imm = true;
                let c = match v {
                    Value::Const(c) => c,
                    Value::Expr { .. } => 0,
                };
                let c = match k {
                    K::imm8sex16 | K::imm8sex32 => c as i8 as i64,
                    K::imm32 => c as i32 as i64,
                    _ => c,
                };
                ins.try_set_immediate_i64(i, c)
                    .map_err(|e| EncodeError { message: e.to_string() })?;
            }
            IOp::Branch(_) => {
                let kind = match k {
                    K::br16_1 | K::br16_2 | K::xbegin_2 => OpKind::NearBranch16,
                    K::br32_1 | K::br32_4 => OpKind::NearBranch32,
                    K::xbegin_4 if inst.mode == Mode::Bits32 => OpKind::NearBranch32,
                    K::xbegin_4 if inst.mode == Mode::Bits16 => OpKind::NearBranch32,
                    _ => OpKind::NearBranch64,
                };
                ins.set_op_kind(i, kind);
                ins.set_near_branch64(0);
            }
            IOp::Str(a) => {
                let kind = match (k, a) {
                    (K::seg_rSI, 16) => OpKind::MemorySegSI,
                    (K::seg_rSI, 32) => OpKind::MemorySegESI,
                    (K::seg_rSI, _) => OpKind::MemorySegRSI,
                    (K::es_rDI, 16) => OpKind::MemoryESDI,
                    (K::es_rDI, 32) => OpKind::MemoryESEDI,
                    (K::es_rDI, _) => OpKind::MemoryESRDI,
                    (K::seg_rDI, 16) => OpKind::MemorySegDI,
                    (K::seg_rDI, 32) => OpKind::MemorySegEDI,
                    (K::seg_rDI, _) => OpKind::MemorySegRDI,
                    _ => {
                        ins.set_op_kind(i, OpKind::Memory);
                        ins.set_memory_base(match a {
                            16 => R::BX,
                            32 => R::EBX,
                            _ => R::RBX,
                        });
                        ins.set_memory_index(R::AL);
                        ins.set_memory_index_scale(1);
                        continue;
                    }
                };
                ins.set_op_kind(i, kind);
            }
            IOp::Mem(m) => {
                ins.set_op_kind(i, OpKind::Memory);
                ins.set_memory_base(m.base);
                ins.set_memory_index(m.index);
                ins.set_memory_index_scale(m.scale as u32);
                let rip = m.base == R::RIP || m.base == R::EIP;
                let (d, size) = match m.disp {
                    Value::Const(c) if k == K::mem_offs => (c, full_displ_size(m.addr)),
                    _ if k == K::mem_offs => (0, full_displ_size(m.addr)),
                    Value::Const(c) if !rip => {
                        let size = if inst.pfx.disp32 {
                            full_displ_size(m.addr)
                        } else if inst.pfx.disp8 || c != 0 {
                            1
                        } else {
                            0
                        };
                        (c, size)
                    }
                    Value::Expr { variant: Variant::TlsCall, .. } if !rip => (0, 0),
                    _ => (0, full_displ_size(m.addr)),
                };
                if m.addr == 16 {
                    ins.set_memory_displacement64(d as u16 as u64);
                } else if m.addr == 32 {
                    ins.set_memory_displacement64(d as u32 as u64);
                } else {
                    ins.set_memory_displacement64(d as u64);
                }
                ins.set_memory_displ_size(size);
                if inst.broadcast {
                    ins.set_is_broadcast(true);
                }
            }
        }
    }
    if let Some(k) = inst.mask {
        ins.set_op_mask(k);
    }
    ins.set_zeroing_masking(inst.zeroing);
    match inst.rounding {
        None => {}
        Some(Rounding::Sae) => ins.set_suppress_all_exceptions(true),
        Some(r) => {
            ins.set_rounding_control(match r {
                Rounding::RnSae => RoundingControl::RoundToNearest,
                Rounding::RdSae => RoundingControl::RoundDown,
                Rounding::RuSae => RoundingControl::RoundUp,
                _ => RoundingControl::RoundTowardZero,
            });
        }
    }
    Ok(ins)
}

fn new_encoder(inst_mode: Mode, vex3: bool) -> Encoder {
    let mut e = Encoder::new(inst_mode.bits());
    e.set_prevent_vex2(vex3);
    e
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(Vec::with_capacity(32));
}

/// The encoded length, for choosing among forms (`None` if iced refuses).
pub(crate) fn encoded_len<E: Copy>(inst: &Inst<E>) -> Option<usize> {
    let ins = build(inst).ok()?;
    SCRATCH.with(|s| {
        let mut buf = std::mem::take(&mut *s.borrow_mut());
        buf.clear();
        let mut e = new_encoder(inst.mode, inst.pfx.vex3);
        e.set_buffer(buf);
        let r = e.encode(&ins, 0);
        *s.borrow_mut() = e.take_buffer();
        r.ok()
    })
}

fn is_got(kind: ExprKind) -> bool {
    matches!(kind, ExprKind::GlobalOffsetTable | ExprKind::GlobalOffsetTableSymDiff)
}

/// Encodes a matched instruction, appending its bytes to `out` and its
/// fixups (offsets relative to the instruction's first byte) to `fixups`.
/// Fixup fields are written as zeros.
pub fn encode<E: Copy>(
    inst: &Inst<E>,
    out: &mut Vec<u8>,
    fixups: &mut Vec<Fixup<E>>,
) -> Result<(), EncodeError> {
    let start = out.len();
    let ins = build(inst)?;
    let p = &inst.pfx;
    // Prefix "instructions" LLVM emits separately before this one.
    if p.pre66 {
        out.push(0x66);
    }
    if p.addr_size {
        out.push(0x67);
    }
    if p.pre48 {
        out.push(0x48);
    }
    // X86MCCodeEmitter::emitPrefixImpl: segment, F3, F2, 67, 66, F0, 3E,
    // mandatory prefix, REX/VEX.
    if let Some(s) = p.seg {
        out.push(match s {
            R::ES => 0x26,
            R::CS => 0x2e,
            R::SS => 0x36,
            R::DS => 0x3e,
            R::FS => 0x64,
            _ => 0x65,
        });
    }
    if p.rep {
        out.push(0xf3);
    }
    if p.repne {
        out.push(0xf2);
    }
    let iced_start = out.len();
    let mut e = new_encoder(inst.mode, p.vex3);
    e.set_buffer(std::mem::take(out));
    let r = e.encode(&ins, 0);
    let co = e.get_constant_offsets();
    *out = e.take_buffer();
    if let Err(err) = r {
        out.truncate(start);
        return Err(EncodeError { message: err.to_string() });
    }
    // iced writes 66 before 67; LLVM writes 67 first.
    if out.len() >= iced_start + 2 && out[iced_start] == 0x66 && out[iced_start + 1] == 0x67 {
        out.swap(iced_start, iced_start + 1);
    }
    let mut lead = iced_start;
    while lead < out.len() && lead < iced_start + 2 && matches!(out[lead], 0x66 | 0x67) {
        lead += 1;
    }
    let mut inserted = 0usize;
    if p.lock {
        out.insert(lead + inserted, 0xf0);
        inserted += 1;
    }
    if p.notrack {
        out.insert(lead + inserted, 0x3e);
        inserted += 1;
    }
    let body = iced_start + inserted; // offsets from iced are relative to iced_start
    let base_off = (iced_start - start) + inserted;
    let _ = body;
    // REX present? (for the relaxable RIP-relative kinds)
    let has_rex = inst.mode == Mode::Bits64 && {
        let mut i = lead + inserted;
        while i < out.len()
            && matches!(
                out[i],
                0x66 | 0x67 | 0xf2 | 0xf3 | 0xf0 | 0x2e | 0x3e | 0x26 | 0x36 | 0x64 | 0x65
            )
        {
            i += 1;
        }
        i < out.len() && (0x40..=0x4f).contains(&out[i])
    };
    let kinds = inst.code.op_code().op_kinds();
    let imm_size = co.immediate_size() as i64 + co.immediate_size2() as i64;
    let disp_off = base_off + co.displacement_offset();
    let imm_off = base_off + co.immediate_offset();
    let write = |out: &mut Vec<u8>, off: usize, size: usize, val: i64| {
        for j in 0..size {
            if let Some(b) = out.get_mut(start + off + j) {
                *b = (val >> (8 * j)) as u8;
            }
        }
    };
    let mut imm_seen = false;
    for (i, op) in inst.ops[..inst.nops as usize].iter().enumerate() {
        let k = kinds.get(i).copied().unwrap_or(K::None);
        match *op {
            IOp::Mem(m) => {
                let rip = m.base == R::RIP || m.base == R::EIP;
                let dsize = co.displacement_size();
                match m.disp {
                    Value::Const(c) => {
                        if rip {
                            write(out, disp_off, 4, c);
                        }
                    }
                    v @ Value::Expr { variant, kind, .. } => {
                        if variant == Variant::TlsCall && !rip && dsize == 0 {
                            fixups.push(Fixup {
                                offset: 0,
                                kind: FixupKind::None,
                                value: v,
                                addend: 0,
                            });
                            continue;
                        }
                        write(out, disp_off, dsize, 0);
                        let (fk, mut addend) = if rip {
                            (rip_kind(inst, kind, has_rex), -4 - imm_size)
                        } else {
                            (disp_kind(inst, &m, k, dsize), 0)
                        };
                        let mut fk = fk;
                        if is_got(kind) {
                            match fk {
                                FixupKind::Data4 | FixupKind::Signed4 | FixupKind::RipRel4 => {
                                    fk = FixupKind::GlobalOffsetTable;
                                    if kind == ExprKind::GlobalOffsetTable && !rip {
                                        addend = disp_off as i64;
                                    }
                                }
                                FixupKind::Data8 => {
                                    fk = FixupKind::GlobalOffsetTable8;
                                    if kind == ExprKind::GlobalOffsetTable {
                                        addend = disp_off as i64;
                                    }
                                }
                                _ => {}
                            }
                        }
                        fixups.push(Fixup { offset: disp_off as u32, kind: fk, value: v, addend });
                    }
                }
            }
            IOp::Imm(v) => {
                let (off, size) = if imm_seen {
                    (base_off + co.immediate_offset2(), co.immediate_size2())
                } else {
                    (imm_off, co.immediate_size())
                };
                imm_seen = true;
                if let Value::Expr { kind, .. } = v {
                    write(out, off, size, 0);
                    let mut fk = match size {
                        1 => FixupKind::Data1,
                        2 => FixupKind::Data2,
                        8 => FixupKind::Data8,
                        _ if k == K::imm32sex64 => FixupKind::Signed4,
                        _ => FixupKind::Data4,
                    };
                    let mut addend = 0;
                    if is_got(kind) {
                        match fk {
                            FixupKind::Data4 | FixupKind::Signed4 => {
                                fk = FixupKind::GlobalOffsetTable
                            }
                            FixupKind::Data8 => fk = FixupKind::GlobalOffsetTable8,
                            _ => {}
                        }
                        if kind == ExprKind::GlobalOffsetTable
                            && fk != FixupKind::Data1
                            && fk != FixupKind::Data2
                        {
                            addend = off as i64;
                        }
                    }
                    fixups.push(Fixup { offset: off as u32, kind: fk, value: v, addend });
                }
            }
            IOp::Branch(v) => {
                let size = co.immediate_size();
                write(out, imm_off, size, 0);
                let fk = match size {
                    1 => FixupKind::PCRel1,
                    2 => FixupKind::PCRel2,
                    _ => {
                        let plain_sym = matches!(
                            v,
                            Value::Expr { kind: ExprKind::SymbolRef, variant: Variant::None, .. }
                        );
                        if inst.mode == Mode::Bits64 && plain_sym && is_pcrel32_branch(inst.code) {
                            FixupKind::Branch4PCRel
                        } else {
                            FixupKind::PCRel4
                        }
                    }
                };
                fixups.push(Fixup {
                    offset: imm_off as u32,
                    kind: fk,
                    value: v,
                    addend: -(size as i64),
                });
            }
            _ => {}
        }
    }
    Ok(())
}

/// `CALL64pcrel32`, `JMP_4`, `JCC_4` (X86MCCodeEmitter's isPCRel32Branch).
fn is_pcrel32_branch(c: Code) -> bool {
    let oc = c.op_code();
    oc.op_kinds().first() == Some(&K::br64_4) && oc.mnemonic() != Mnemonic::Xbegin
}

/// The fixup kind of a RIP-relative displacement (emitMemModRMByte).
fn rip_kind<E>(inst: &Inst<E>, kind: ExprKind, has_rex: bool) -> FixupKind {
    if kind != ExprKind::SymbolRef {
        return FixupKind::RipRel4;
    }
    use Code as C;
    match inst.code {
        C::Mov_r64_rm64 => FixupKind::RipRel4MovqLoad,
        C::Adc_r32_rm32
        | C::Add_r32_rm32
        | C::And_r32_rm32
        | C::Cmp_r32_rm32
        | C::Mov_r32_rm32
        | C::Or_r32_rm32
        | C::Sbb_r32_rm32
        | C::Sub_r32_rm32
        | C::Test_rm32_r32
        | C::Xor_r32_rm32
        | C::Call_rm64
        | C::Jmp_rm64
        | C::Test_rm64_r64
        | C::Adc_r64_rm64
        | C::Add_r64_rm64
        | C::And_r64_rm64
        | C::Cmp_r64_rm64
        | C::Or_r64_rm64
        | C::Sbb_r64_rm64
        | C::Sub_r64_rm64
        | C::Xor_r64_rm64 => {
            if has_rex {
                FixupKind::RipRel4RelaxRex
            } else {
                FixupKind::RipRel4Relax
            }
        }
        _ => FixupKind::RipRel4,
    }
}

/// The fixup kind of a non-RIP displacement (emitMemModRMByte).
fn disp_kind<E>(inst: &Inst<E>, m: &IMem<E>, k: K, size: usize) -> FixupKind {
    if k == K::mem_offs {
        return match size {
            2 => FixupKind::Data2,
            4 => FixupKind::Data4,
            _ => FixupKind::Data8,
        };
    }
    if size == 2 {
        return FixupKind::Data2;
    }
    let needs_sib = m.index != R::None
        || (inst.mode == Mode::Bits64 && m.base == R::None)
        || matches!(m.base, R::ESP | R::RSP | R::R12 | R::R12D)
        || m.index.is_xmm()
        || m.index.is_ymm()
        || m.index.is_zmm();
    if m.base == R::None && !needs_sib {
        return FixupKind::Data4;
    }
    if !needs_sib && inst.code == Code::Mov_r32_rm32 {
        return FixupKind::Signed4Relax;
    }
    FixupKind::Signed4
}
