//! AT&T operand matching and LLVM's choice among equivalent encodings.

use iced_x86::{Code, EncodingKind, OpCodeOperandKind as K, Register as R};

use super::index::{bare_size, index, is_gp_kind, MODE_SIZED};
use super::regs::regnum;
use super::{
    EncPrefixes, IMem, IOp, Inst, MatchError, Mem, Mode, Operand, Prefixes, Reg, Rounding, Value,
};

/// Condition-code spellings LLVM accepts, mapped to iced's (`jz` → `je`).
const CC_ALIASES: &[(&str, &str)] = &[
    ("z", "e"),
    ("nz", "ne"),
    ("c", "b"),
    ("nae", "b"),
    ("nb", "ae"),
    ("nc", "ae"),
    ("na", "be"),
    ("nbe", "a"),
    ("pe", "p"),
    ("po", "np"),
    ("nge", "l"),
    ("nl", "ge"),
    ("ng", "le"),
    ("nle", "g"),
];

/// Rewrites condition-code aliases of `j`/`set`/`cmov`/`fcmov` mnemonics.
fn canonical_cc(m: &str, buf: &mut String) -> bool {
    // fcmov has its own set (X86InstrAsmAlias.td's FCMOV aliases).
    if let Some(rest) = m.strip_prefix("fcmov") {
        let c = match rest {
            "z" => "e",
            "nz" => "ne",
            "a" => "nbe",
            "nae" => "b",
            "na" => "be",
            "ae" => "nb",
            _ => return false,
        };
        buf.clear();
        buf.push_str("fcmov");
        buf.push_str(c);
        return true;
    }
    for p in ["cmov", "set", "j"] {
        if let Some(rest) = m.strip_prefix(p) {
            for (a, c) in CC_ALIASES {
                if let Some(tail) = rest.strip_prefix(a) {
                    let ok = if p == "cmov" {
                        tail.is_empty() || ["w", "l", "q"].contains(&tail)
                    } else {
                        tail.is_empty()
                    };
                    if ok {
                        buf.clear();
                        buf.push_str(p);
                        buf.push_str(c);
                        buf.push_str(tail);
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The operands after removing AVX-512 decorations, in Intel order.
#[derive(Clone, Copy)]
struct Ops<'a, E> {
    list: [Option<(&'a Operand<E>, usize)>; 6],
    n: usize,
    mask: Option<R>,
    zeroing: bool,
    rounding: Option<Rounding>,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Fail {
    /// Operand count or kinds differ (with how far the match got).
    Operand(usize),
    /// The form exists but not in this mode.
    Mode64,
    NotMode64,
}

/// Matches one AT&T instruction line as `llvm-mc-19` does.
///
/// `mnemonic` is lowercase, `ops` in the order written. The result holds
/// LLVM's encoding form: the shortest one, with LLVM's tie-breaks (the
/// `r/m, r` form for integer register-register instructions, the `r, r/m`
/// form for vector moves, VEX over EVEX, 8-bit immediates for expressions
/// when a relaxable form exists).
pub fn match_att<E: Copy>(
    mode: Mode,
    prefixes: &Prefixes,
    mnemonic: &str,
    ops: &[Operand<E>],
) -> Result<Inst<E>, MatchError> {
    search(mode, prefixes, mnemonic, ops).map(|(inst, _)| inst)
}

/// [`match_att`], also saying how the result was reached (see [`Plan`]).
fn search<E: Copy>(
    mode: Mode,
    prefixes: &Prefixes,
    mnemonic: &str,
    ops: &[Operand<E>],
) -> Result<(Inst<E>, Plan), MatchError> {
    if ops.len() > 6 {
        return Err(MatchError::new("invalid operand for instruction", Some(6)));
    }
    if mode != Mode::Bits64 {
        for (i, op) in ops.iter().enumerate() {
            let regs = match op {
                Operand::Reg(r) | Operand::IndirectReg(r) | Operand::Mask(r) => [Some(*r), None],
                Operand::Mem(m) | Operand::IndirectMem(m) => [m.base, m.index],
                _ => [None, None],
            };
            for r in regs.iter().flatten() {
                if only_64bit(r.0) {
                    return Err(MatchError::new(
                        format!("register %{} is only available in 64-bit mode", r.name()),
                        Some(i),
                    ));
                }
            }
        }
    }
    let mut name = String::with_capacity(mnemonic.len() + 2);
    name.push_str(mnemonic);
    let mut tmp = String::new();
    if canonical_cc(&name, &mut tmp) {
        name = tmp;
    }
    // Pseudo-op spellings with an implied immediate (cmpltps, vcmpeq_uqps,
    // pclmullqhqdq, vpcmpltud): the base name and the immediate as a
    // leading AT&T operand.
    let mut with_imm: Vec<Operand<E>>;
    let mut ops = ops;
    let mut implied = None;
    if index().get(&name).is_none() {
        if let Some((base, imm)) = implied_imm(&name) {
            implied = Some(imm);
            with_imm = Vec::with_capacity(ops.len() + 1);
            with_imm.push(Operand::Imm(Value::Const(imm)));
            with_imm.extend_from_slice(ops);
            name = base;
            ops = &with_imm[..];
            if ops.len() > 6 {
                return Err(MatchError::new("invalid operand for instruction", None));
            }
        }
    }
    // Decorations.
    let mut st = Ops { list: [None; 6], n: 0, mask: None, zeroing: false, rounding: None };
    let mut plain: [Option<(&Operand<E>, usize)>; 6] = [None; 6];
    let mut np = 0;
    for (i, op) in ops.iter().enumerate() {
        match op {
            Operand::Mask(k) => {
                if k.0 == R::K0 {
                    return Err(MatchError::new(
                        "Register k0 can't be used as write mask",
                        Some(i),
                    ));
                }
                if !k.0.is_k() {
                    return Err(MatchError::new("invalid operand for instruction", Some(i)));
                }
                st.mask = Some(k.0)
            }
            Operand::Zeroing => st.zeroing = true,
            Operand::Rounding(r) => st.rounding = Some(*r),
            _ => {
                plain[np] = Some((op, i));
                np += 1;
            }
        }
    }
    // `blendvps %xmm0, %xmm1, %xmm2`: the implicit %xmm0 may be written.
    if np == 3
        && matches!(name.as_str(), "blendvps" | "blendvpd" | "pblendvb" | "sha256rnds2")
        && matches!(plain[0], Some((Operand::Reg(r), _)) if r.0 == R::XMM0)
    {
        plain.copy_within(1..3, 0);
        plain[2] = None;
        np = 2;
    }
    // AT&T order is reversed Intel order, except for `enter`.
    let keep_order = name.starts_with("enter") || name.starts_with("bound");
    for i in 0..np {
        st.list[i] = if keep_order { plain[i] } else { plain[np - 1 - i] };
    }
    st.n = np;
    // `imul $imm, %reg` is `imul $imm, %reg, %reg`.
    if name.starts_with("imul") && np == 2 {
        if let (Some((Operand::Imm(_), _)), Some((Operand::Reg(_), _))) = (plain[0], plain[1]) {
            st.list = [plain[1], plain[1], plain[0], None, None, None];
            st.n = 3;
        }
    }

    let plan = |(inst, code, swap): (Inst<E>, Code, bool)| {
        let mut order = [0u8; 6];
        for (o, l) in order.iter_mut().zip(&st.list[..st.n]) {
            *o = l.map_or(0, |(_, i)| i as u8);
        }
        if swap {
            order.swap(0, 1);
        }
        (inst, Plan { code, order, n: st.n as u8, implied })
    };
    let direct = try_name(mode, prefixes, &name, &st);
    let mut direct_fail = None;
    match direct {
        Ok(r) => return Ok(plan(r)),
        Err(Some(f)) => direct_fail = Some(f),
        Err(None) => {}
    }
    // LLVM's suffix trial (X86AsmParser::MatchAndEmitATTInstruction).
    let suffixes: &[&str] =
        if name.starts_with('f') { &["s", "l", "t"] } else { &["b", "w", "l", "q"] };
    let mut found: Option<(Inst<E>, Code, bool)> = None;
    let mut matched: Vec<&str> = Vec::new();
    let mut fails: Vec<Option<Fail>> = Vec::new();
    let mut cand = String::with_capacity(name.len() + 1);
    for s in suffixes {
        cand.clear();
        cand.push_str(&name);
        cand.push_str(s);
        match try_name(mode, prefixes, &cand, &st) {
            Ok(r) => {
                matched.push(s);
                found = Some(r);
            }
            Err(f) => fails.push(f),
        }
    }
    if matched.len() == 1 {
        if let Some(r) = found {
            return Ok(plan(r));
        }
    }
    if matched.len() > 1 {
        let mut msg = String::from("ambiguous instructions require an explicit suffix (could be ");
        for (i, s) in matched.iter().enumerate() {
            if i != 0 {
                msg.push_str(", ");
            }
            if i + 1 == matched.len() {
                msg.push_str("or ");
            }
            msg.push('\'');
            msg.push_str(&name);
            msg.push_str(s);
            msg.push('\'');
        }
        msg.push(')');
        return Err(MatchError::new(msg, None));
    }
    let all_mnemonic_fail = fails.iter().all(|f| f.is_none());
    if all_mnemonic_fail {
        return Err(match direct_fail {
            None => MatchError::new(format!("invalid instruction mnemonic '{mnemonic}'"), None),
            Some(f) => fail_error(f, &st),
        });
    }
    let feature: Vec<Fail> =
        fails.iter().flatten().copied().filter(|f| !matches!(f, Fail::Operand(_))).collect();
    if let Some(f) = direct_fail {
        if !matches!(f, Fail::Operand(_)) {
            return Err(fail_error(f, &st));
        }
    }
    if feature.len() == 1 {
        return Err(fail_error(feature[0], &st));
    }
    let operand_fails = fails.iter().filter(|f| matches!(f, Some(Fail::Operand(_)))).count();
    if operand_fails == 1 {
        return Err(MatchError::new("invalid operand for instruction", None));
    }
    Err(MatchError::new("unknown use of instruction mnemonic without a size suffix", None))
}

fn fail_error<E>(f: Fail, st: &Ops<'_, E>) -> MatchError {
    match f {
        Fail::Mode64 => MatchError::new("instruction requires: 64-bit mode", None),
        Fail::NotMode64 => MatchError::new("instruction requires: Not 64-bit mode", None),
        Fail::Operand(i) => {
            // LLVM points at the first operand it could not match.
            let at = if i < st.n { st.list[i].map(|(_, idx)| idx) } else { None };
            if i >= st.n {
                return MatchError::new("too few operands for instruction", None);
            }
            MatchError::new("invalid operand for instruction", at)
        }
    }
}

/// Tries one exact AT&T mnemonic: every form tried and ranked. `Err(None)`:
/// no such mnemonic. Besides the instruction, the winning form as matched
/// (before [`commute_for_vex2`] and [`segment_moves`]) and whether its two
/// operands were swapped (`xchg`).
fn try_name<E: Copy>(
    mode: Mode,
    prefixes: &Prefixes,
    name: &str,
    st: &Ops<'_, E>,
) -> Result<(Inst<E>, Code, bool), Option<Fail>> {
    let idx = index();
    let Some(codes) = idx.get(name) else {
        return Err(None);
    };
    let movabs = name.starts_with("movabs");
    let bare = MODE_SIZED.contains(&name).then(|| bare_size(name, mode.bits()));
    let mut fail: Option<Fail> = None;
    // The first match, then (once there are several) the best
    // non-EVEX and the best EVEX form by `rank`.
    let mut first: Option<(Inst<E>, bool)> = None;
    let mut nc = 0usize;
    let mut best_std: Option<(Key, (Inst<E>, bool))> = None;
    let mut best_evex: Option<(Key, (Inst<E>, bool))> = None;
    let mut any_vex = false;
    let mut consider = |(inst, swap): (Inst<E>, bool), fail: &mut Option<Fail>| {
        let Some(key) = rank(&inst, prefixes) else {
            *fail = Some(fail.map_or(Fail::Operand(0), |g| g.max(Fail::Operand(0))));
            return;
        };
        let enc = inst.code.op_code().encoding();
        any_vex |= enc == EncodingKind::VEX;
        let slot = if enc == EncodingKind::EVEX { &mut best_evex } else { &mut best_std };
        if slot.as_ref().is_none_or(|(k, _)| key < *k) {
            *slot = Some((key, (inst, swap)));
        }
    };
    let mut any_bare = false;
    for &code in codes {
        let oc = code.op_code();
        if let Some(want) = bare {
            let os = oc.operand_size();
            if os != 0 && os != want {
                continue;
            }
        }
        any_bare = true;
        let avail = match mode {
            Mode::Bits16 => oc.mode16(),
            Mode::Bits32 => oc.mode32(),
            Mode::Bits64 => oc.mode64(),
        };
        let kinds = oc.op_kinds();
        if kinds.len() < st.n {
            fail = Some(
                fail.map_or(Fail::Operand(kinds.len()), |g| g.max(Fail::Operand(kinds.len()))),
            );
            continue;
        }
        // moffs forms: only `movabs` in 64-bit mode (LLVM's optimizeMOV
        // runs outside 64-bit mode only).
        if kinds.contains(&K::mem_offs) && mode == Mode::Bits64 && !movabs {
            continue;
        }
        if movabs && !kinds.contains(&K::mem_offs) && !kinds.contains(&K::imm64) {
            continue;
        }
        // xchg is commutative in AT&T syntax (LLVM's aliases).
        let tries = if name.starts_with("xchg") && st.n == 2 { 2 } else { 1 };
        for t in 0..tries {
            let swapped;
            let ops = if t == 0 {
                st
            } else {
                swapped = Ops { list: [st.list[1], st.list[0], None, None, None, None], ..*st };
                &swapped
            };
            match match_code(mode, prefixes, code, ops) {
                Ok(inst) => {
                    if !avail {
                        let f = if mode == Mode::Bits64 { Fail::NotMode64 } else { Fail::Mode64 };
                        fail = Some(fail.map_or(f, |g: Fail| g.max(f)));
                        continue;
                    }
                    nc += 1;
                    if nc == 1 {
                        first = Some((inst, t == 1));
                    } else {
                        if nc == 2 {
                            if let Some(f) = first {
                                consider(f, &mut fail);
                            }
                        }
                        consider((inst, t == 1), &mut fail);
                    }
                }
                Err(f) => {
                    fail = Some(fail.map_or(f, |g| g.max(f)));
                }
            }
        }
    }
    if bare.is_some() && !any_bare {
        return Err(None);
    }
    // Most lines match one form: no need to compare encodings.
    if nc == 1 {
        if let Some((mut inst, swap)) = first {
            let enc = inst.code.op_code().encoding();
            if !prefixes.evex || enc == EncodingKind::EVEX {
                let code = inst.code;
                commute_for_vex2(&mut inst, prefixes);
                segment_moves(&mut inst);
                return Ok((inst, code, swap));
            }
        }
    }
    let best = if prefixes.evex {
        best_evex
    } else if any_vex {
        best_std
    } else {
        match (best_std, best_evex) {
            (Some(a), Some(b)) => Some(if b.0 < a.0 { b } else { a }),
            (a, b) => a.or(b),
        }
    };
    match best {
        Some((_, (mut inst, swap))) => {
            let code = inst.code;
            commute_for_vex2(&mut inst, prefixes);
            segment_moves(&mut inst);
            Ok((inst, code, swap))
        }
        None => Err(Some(fail.unwrap_or(Fail::Operand(0)))),
    }
}

/// LLVM encodes moves to and from segment registers through memory, and
/// to them from registers, without an operand-size prefix (`MOV16sr`,
/// `MOV16sm`, `MOV16ms` have no `OpSize16`).
fn segment_moves<E: Copy>(inst: &mut Inst<E>) {
    match inst.code {
        Code::Mov_Sreg_rm16 => {
            inst.code = Code::Mov_Sreg_r32m16;
            if let IOp::Reg(r) = inst.ops[1] {
                inst.ops[1] = IOp::Reg(R::EAX + regnum(r));
            }
        }
        Code::Mov_rm16_Sreg if matches!(inst.ops[0], IOp::Mem(_)) => {
            inst.code = Code::Mov_r32m16_Sreg
        }
        _ => {}
    }
}

/// Registers only 64-bit mode has.
fn only_64bit(r: R) -> bool {
    r == R::RIP
        || r.is_gpr64()
        || matches!(r, R::SPL | R::BPL | R::SIL | R::DIL)
        || (r.is_gpr() && regnum(r) >= 8)
        || ((r.is_xmm() || r.is_ymm() || r.is_zmm() || r.is_cr() || r.is_dr()) && regnum(r) >= 8)
}

/// `cmp<pred>ps`, `vcmp<pred>ps`, `pclmul<hq|lq><hq|lq>dq`,
/// `vpcmp<pred><type>`: the base mnemonic and the immediate.
fn implied_imm(name: &str) -> Option<(String, i64)> {
    const SSE: [&str; 8] = ["eq", "lt", "le", "unord", "neq", "nlt", "nle", "ord"];
    const AVX: [&str; 32] = [
        "eq", "lt", "le", "unord", "neq", "nlt", "nle", "ord", "eq_uq", "nge", "ngt", "false",
        "neq_oq", "ge", "gt", "true", "eq_os", "lt_oq", "le_oq", "unord_s", "neq_us", "nlt_uq",
        "nle_uq", "ord_s", "eq_us", "nge_uq", "ngt_uq", "false_os", "neq_os", "ge_oq", "gt_oq",
        "true_us",
    ];
    for ty in ["ps", "pd", "ss", "sd", "ph", "sh"] {
        if let Some(p) = name.strip_suffix(ty) {
            if let Some(pred) = p.strip_prefix("vcmp") {
                if let Some(i) = AVX.iter().position(|&x| x == pred) {
                    return Some((format!("vcmp{ty}"), i as i64));
                }
            } else if let Some(pred) = p.strip_prefix("cmp") {
                if let Some(i) = SSE.iter().position(|&x| x == pred) {
                    return Some((format!("cmp{ty}"), i as i64));
                }
            }
        }
    }
    for v in ["pclmul", "vpclmul"] {
        if let Some(rest) = name.strip_prefix(v).and_then(|r| r.strip_suffix("dq")) {
            if rest.len() == 4 {
                let a = &rest[..2];
                let b = &rest[2..];
                if ["lq", "hq"].contains(&a) && ["lq", "hq"].contains(&b) {
                    let imm = i64::from(a == "hq") | if b == "hq" { 0x10 } else { 0 };
                    return Some((format!("{v}qdq"), imm));
                }
            }
        }
    }
    if let Some(rest) = name.strip_prefix("vpcmp") {
        for ty in ["ub", "uw", "ud", "uq", "b", "w", "d", "q"] {
            if let Some(pred) = rest.strip_suffix(ty) {
                let imm = match pred {
                    "eq" => 0,
                    "lt" => 1,
                    "le" => 2,
                    "false" => 3,
                    "neq" => 4,
                    "nlt" => 5,
                    "nle" => 6,
                    "true" => 7,
                    _ => continue,
                };
                return Some((format!("vpcmp{ty}"), imm));
            }
        }
    }
    None
}

type Key = (usize, u8, u8, u8, u32);

/// LLVM's preference among matching forms: shortest encoding, then the
/// tie-breaks its instruction tables imply.
fn rank<E: Copy>(inst: &Inst<E>, prefixes: &Prefixes) -> Option<Key> {
    let mut buf = [0u8; 0];
    let _ = &mut buf;
    let len = super::encode::encoded_len(inst)?;
    let oc = inst.code.op_code();
    let kinds = oc.op_kinds();
    let simd = kinds.iter().any(|k| is_gp_kind(*k).is_none() && is_vec_kind(*k));
    // r/m-first ("MR") form with register operands only.
    let is_mr = kinds.len() >= 2
        && is_rm_kind(kinds[0])
        && kinds[1..].iter().any(|k| is_reg_field_kind(*k))
        && matches!(inst.ops[0], IOp::Reg(_));
    let is_rm = kinds.len() >= 2
        && is_reg_field_kind(kinds[0])
        && kinds[1..].iter().any(|k| is_rm_kind(*k))
        && inst.ops[..inst.nops as usize].iter().all(|o| !matches!(o, IOp::Mem(_)));
    // Integer instructions: LLVM's `rr` forms are MRMDestReg (r/m, r);
    // vector moves: MRMSrcReg (r, r/m). `{load}`/`{store}` override.
    let form_pref = if prefixes.load {
        u8::from(is_mr)
    } else if prefixes.store {
        u8::from(is_rm)
    } else if simd {
        u8::from(is_mr)
    } else {
        u8::from(is_rm)
    };
    // Same length: LLVM's ri8 forms win over the accumulator forms
    // (optimizeToFixedRegisterForm only rewrites the long-immediate ones).
    let imm_pref =
        u8::from(!kinds.iter().any(|k| matches!(k, K::imm8sex16 | K::imm8sex32 | K::imm8sex64)));
    // Same length: vector moves through memory use the vector forms
    // (movq (%rax), %xmm0 is MOVQI2PQIrm, not MOV64toPQIrm).
    let gp_rm = u8::from(
        simd && kinds.iter().any(|k| matches!(k, K::r32_or_mem | K::r64_or_mem))
            && inst.ops[..inst.nops as usize].iter().any(|o| matches!(o, IOp::Mem(_))),
    );
    Some((len, form_pref, imm_pref, gp_rm, inst.code as u32))
}

fn is_vec_kind(k: K) -> bool {
    matches!(
        k,
        K::mm_or_mem
            | K::xmm_or_mem
            | K::ymm_or_mem
            | K::zmm_or_mem
            | K::k_or_mem
            | K::k_reg
            | K::k_rm
            | K::mm_reg
            | K::mm_rm
            | K::xmm_reg
            | K::xmm_rm
            | K::ymm_reg
            | K::ymm_rm
            | K::zmm_reg
            | K::zmm_rm
            | K::bnd_reg
            | K::bnd_or_mem_mpx
    )
}

fn is_rm_kind(k: K) -> bool {
    matches!(
        k,
        K::r8_or_mem
            | K::r16_or_mem
            | K::r32_or_mem
            | K::r64_or_mem
            | K::r16_rm
            | K::r32_rm
            | K::r64_rm
            | K::mm_or_mem
            | K::xmm_or_mem
            | K::ymm_or_mem
            | K::zmm_or_mem
            | K::k_or_mem
            | K::mm_rm
            | K::xmm_rm
            | K::ymm_rm
            | K::zmm_rm
            | K::k_rm
            | K::bnd_or_mem_mpx
    )
}

fn is_reg_field_kind(k: K) -> bool {
    matches!(
        k,
        K::r8_reg
            | K::r16_reg
            | K::r32_reg
            | K::r64_reg
            | K::mm_reg
            | K::xmm_reg
            | K::ymm_reg
            | K::zmm_reg
            | K::k_reg
            | K::bnd_reg
            | K::seg_reg
    )
}

/// LLVM's `X86::optimizeInstFromVEX3ToVEX2` for commutable instructions
/// (`X86EncodingOptimization.cpp`): a 3-register VEX instruction in map
/// 0F whose second source is xmm8-15 and first source is not swaps its
/// sources so that a 2-byte VEX prefix suffices.
fn commute_for_vex2<E: Copy>(inst: &mut Inst<E>, prefixes: &Prefixes) {
    if prefixes.vex3 {
        return;
    }
    let oc = inst.code.op_code();
    if oc.encoding() != EncodingKind::VEX
        || oc.table() != iced_x86::OpCodeTableKind::T0F
        || oc.w() != 0
    {
        return;
    }
    let k = oc.op_kinds();
    let regs3 = k.len() == 3
        || (k.len() == 4 && k[3] == K::imm8 && matches!(inst.mnemonic_name(), "vcmpps" | "vcmppd"));
    if !regs3
        || !matches!(k[1], K::xmm_vvvv | K::ymm_vvvv)
        || !matches!(k[2], K::xmm_or_mem | K::ymm_or_mem)
    {
        return;
    }
    let (IOp::Reg(a), IOp::Reg(b)) = (inst.ops[1], inst.ops[2]) else { return };
    if regnum(a) & 8 != 0 || regnum(b) & 8 == 0 {
        return;
    }
    if k.len() == 4 {
        let IOp::Imm(Value::Const(imm)) = inst.ops[3] else { return };
        if ![0, 3, 4, 7].contains(&(imm & 7)) {
            return;
        }
    } else if !COMMUTABLE_VEX.contains(&inst.mnemonic_name()) {
        return;
    }
    inst.ops.swap(1, 2);
}

/// VEX map-0F instructions LLVM marks commutable (`isCommutable` in
/// `X86InstrSSE.td`), checked against llvm-mc-19 by the tests.
const COMMUTABLE_VEX: &[&str] = &[
    "vaddps", "vaddpd", "vmulps", "vmulpd", "vandps", "vandpd", "vorps", "vorpd", "vxorps",
    "vxorpd", "vpaddb", "vpaddw", "vpaddd", "vpaddq", "vpaddsb", "vpaddsw", "vpaddusb", "vpaddusw",
    "vpmullw", "vpmulhw", "vpmulhuw", "vpmuludq", "vpmaddwd", "vpavgb", "vpavgw", "vpminub",
    "vpmaxub", "vpminsw", "vpmaxsw", "vpand", "vpor", "vpxor", "vpcmpeqb", "vpcmpeqw", "vpcmpeqd",
    "vpsadbw",
];

impl<E> Inst<E> {
    fn mnemonic_name(&self) -> &'static str {
        super::encode::mnemonic_str(self.code)
    }
}

fn reg_ok(k: K, r: R, mode: Mode) -> bool {
    let gpr_ok = |r: R| mode == Mode::Bits64 || !needs_rex(r);
    match k {
        K::r8_or_mem | K::r8_reg | K::r8_opcode => r.is_gpr8() && gpr_ok(r),
        K::r16_or_mem | K::r16_reg | K::r16_reg_mem | K::r16_rm | K::r16_opcode => {
            r.is_gpr16() && gpr_ok(r)
        }
        K::r32_or_mem
        | K::r32_or_mem_mpx
        | K::r32_reg
        | K::r32_reg_mem
        | K::r32_rm
        | K::r32_opcode
        | K::r32_vvvv => r.is_gpr32() && gpr_ok(r),
        K::r64_or_mem
        | K::r64_or_mem_mpx
        | K::r64_reg
        | K::r64_reg_mem
        | K::r64_rm
        | K::r64_opcode
        | K::r64_vvvv => r.is_gpr64(),
        K::seg_reg => r.is_segment_register(),
        K::k_reg | K::k_rm | K::k_vvvv | K::k_or_mem => r.is_k(),
        K::kp1_reg => r.is_k() && regnum(r) % 2 == 0,
        K::mm_reg | K::mm_rm | K::mm_or_mem => r.is_mm(),
        K::xmm_reg | K::xmm_rm | K::xmm_vvvv | K::xmm_is4 | K::xmm_is5 | K::xmm_or_mem => {
            r.is_xmm() && (mode == Mode::Bits64 || regnum(r) < 8)
        }
        K::xmmp3_vvvv => r.is_xmm() && regnum(r) % 4 == 0,
        K::ymm_reg | K::ymm_rm | K::ymm_vvvv | K::ymm_is4 | K::ymm_is5 | K::ymm_or_mem => {
            r.is_ymm() && (mode == Mode::Bits64 || regnum(r) < 8)
        }
        K::zmm_reg | K::zmm_rm | K::zmm_vvvv | K::zmm_or_mem => {
            r.is_zmm() && (mode == Mode::Bits64 || regnum(r) < 8)
        }
        K::zmmp3_vvvv => r.is_zmm() && regnum(r) % 4 == 0,
        K::cr_reg => r.is_cr(),
        K::dr_reg => r.is_dr(),
        K::bnd_reg | K::bnd_or_mem_mpx => r.is_bnd(),
        K::tmm_reg | K::tmm_rm | K::tmm_vvvv => r.is_tmm(),
        K::es => r == R::ES,
        K::cs => r == R::CS,
        K::ss => r == R::SS,
        K::ds => r == R::DS,
        K::fs => r == R::FS,
        K::gs => r == R::GS,
        K::al => r == R::AL,
        K::cl => r == R::CL,
        K::ax => r == R::AX,
        K::dx => r == R::DX,
        K::eax => r == R::EAX,
        K::rax => r == R::RAX,
        K::st0 => r == R::ST0,
        K::sti_opcode => r.is_st(),
        _ => false,
    }
}

fn needs_rex(r: R) -> bool {
    matches!(r, R::SPL | R::BPL | R::SIL | R::DIL) || (r.is_gpr() && regnum(r) >= 8) || r.is_gpr64()
}

fn accepts_mem(k: K) -> bool {
    matches!(
        k,
        K::mem
            | K::mem_mpx
            | K::mem_mib
            | K::sibmem
            | K::r8_or_mem
            | K::r16_or_mem
            | K::r32_or_mem
            | K::r32_or_mem_mpx
            | K::r64_or_mem
            | K::r64_or_mem_mpx
            | K::mm_or_mem
            | K::xmm_or_mem
            | K::ymm_or_mem
            | K::zmm_or_mem
            | K::bnd_or_mem_mpx
            | K::k_or_mem
            | K::mem_vsib32x
            | K::mem_vsib64x
            | K::mem_vsib32y
            | K::mem_vsib64y
            | K::mem_vsib32z
            | K::mem_vsib64z
            | K::mem_offs
    )
}

fn imm_ok(k: K, v: i64) -> bool {
    match k {
        K::imm8 => (-128..=255).contains(&v),
        K::imm8_const_1 => v == 1,
        K::imm8sex16 => (-128..=127).contains(&v) || (0xff80..=0xffff).contains(&v),
        K::imm8sex32 => (-128..=127).contains(&v) || (0xffff_ff80..=0xffff_ffff).contains(&v),
        K::imm8sex64 => (-128..=127).contains(&v),
        K::imm16 => (-32768..=65535).contains(&v),
        K::imm32 => (-(1i64 << 31)..=0xffff_ffff).contains(&v),
        K::imm32sex64 => (-(1i64 << 31)..(1i64 << 31)).contains(&v),
        K::imm64 => true,
        _ => false,
    }
}

fn is_imm_kind(k: K) -> bool {
    matches!(
        k,
        K::imm8
            | K::imm8_const_1
            | K::imm8sex16
            | K::imm8sex32
            | K::imm8sex64
            | K::imm16
            | K::imm32
            | K::imm32sex64
            | K::imm64
    )
}

fn is_branch_kind(k: K) -> bool {
    matches!(
        k,
        K::br16_1
            | K::br32_1
            | K::br64_1
            | K::br16_2
            | K::br32_4
            | K::br64_4
            | K::xbegin_2
            | K::xbegin_4
    )
}

fn is_string_kind(k: K) -> bool {
    matches!(k, K::seg_rSI | K::es_rDI | K::seg_rDI | K::seg_rBX_al)
}

/// The address size (bits) of a memory operand.
fn addr_size<E>(m: &Mem<E>, mode: Mode) -> Option<u8> {
    let of = |r: R| -> Option<u8> {
        if r == R::RIP || r.is_gpr64() {
            Some(64)
        } else if r == R::EIP || r.is_gpr32() {
            Some(32)
        } else if r.is_gpr16() {
            Some(16)
        } else {
            None
        }
    };
    let b = m.base.map(|r| of(r.0));
    let i = m.index.and_then(|r| if r.0.is_gpr() { Some(of(r.0)) } else { None });
    match (b, i) {
        (Some(x), Some(y)) if x != y => None,
        (Some(x), _) => x,
        (None, Some(y)) => y,
        (None, None) => Some(match mode {
            Mode::Bits64 => 64,
            Mode::Bits32 => 32,
            Mode::Bits16 => 16,
        }),
    }
}

fn mem_ok<E: Copy>(k: K, m: &Mem<E>, mode: Mode) -> Option<IMem<E>> {
    let addr = addr_size(m, mode)?;
    if addr == 64 && mode != Mode::Bits64 {
        return None;
    }
    let base = m.base.map_or(R::None, |r| r.0);
    let index = m.index.map_or(R::None, |r| r.0);
    if !matches!(m.scale, 1 | 2 | 4 | 8) {
        return None;
    }
    if base != R::None && !(base.is_gpr() || base == R::RIP || base == R::EIP) {
        return None;
    }
    let vsib = match k {
        K::mem_vsib32x | K::mem_vsib64x => Some(1),
        K::mem_vsib32y | K::mem_vsib64y => Some(2),
        K::mem_vsib32z | K::mem_vsib64z => Some(3),
        _ => None,
    };
    match vsib {
        Some(w) => {
            let ok = match w {
                1 => index.is_xmm(),
                2 => index.is_ymm(),
                _ => index.is_zmm(),
            };
            if !ok {
                return None;
            }
        }
        None => {
            if index != R::None && !index.is_gpr() {
                return None;
            }
            if matches!(index, R::RSP | R::ESP | R::SP) {
                return None;
            }
        }
    }
    if k == K::mem_offs && (base != R::None || index != R::None) {
        return None;
    }
    if (base == R::RIP || base == R::EIP) && index != R::None {
        return None;
    }
    if addr == 16 && vsib.is_none() {
        // 16-bit addressing: (%bx|%bp)+(%si|%di).
        let okb = matches!(base, R::None | R::BX | R::BP | R::SI | R::DI);
        let oki = matches!(index, R::None | R::SI | R::DI | R::BX | R::BP);
        if !okb || !oki || (index != R::None && m.scale != 1) {
            return None;
        }
    }
    Some(IMem { disp: m.disp, base, index, scale: m.scale, addr })
}

/// Checks one form against the operands; builds the instruction.
fn match_code<E: Copy>(
    mode: Mode,
    prefixes: &Prefixes,
    code: Code,
    st: &Ops<'_, E>,
) -> Result<Inst<E>, Fail> {
    let oc = code.op_code();
    let kinds = oc.op_kinds();
    let nk = kinds.len();
    let n = st.n;
    // Which kinds are left implicit.
    let has_string = kinds.iter().any(|k| is_string_kind(*k));
    let omittable = |k: K| -> bool {
        match k {
            K::imm8_const_1 | K::st0 => true,
            K::sti_opcode => n == 0,
            K::seg_rSI | K::es_rDI | K::seg_rDI | K::seg_rBX_al => true,
            K::al | K::ax | K::eax | K::rax | K::dx => has_string && n == 0,
            _ => false,
        }
    };
    if n > nk {
        return Err(Fail::Operand(nk));
    }
    let skip = nk - n;
    let mut skip_mask: u32 = 0;
    if skip > 0 {
        // Omit the last `skip` omittable kinds... try every subset.
        let mut om_mask = 0u32;
        let mut om_first = usize::MAX;
        let mut om_len = 0usize;
        for (i, &k) in kinds.iter().enumerate() {
            if omittable(k) {
                om_mask |= 1 << i;
                om_first = om_first.min(i);
                om_len += 1;
            }
        }
        if om_len < skip {
            return Err(Fail::Operand(n));
        }
        if skip == om_len {
            skip_mask = om_mask;
        } else if skip == 1 {
            // Prefer omitting st0/imm1 (the x87 implicit %st).
            skip_mask = 1 << om_first;
        } else {
            return Err(Fail::Operand(n));
        }
    }
    let mut inst = Inst {
        mode,
        code,
        ops: [IOp::None; 5],
        nops: nk as u8,
        pfx: EncPrefixes::default(),
        mask: st.mask,
        zeroing: st.zeroing,
        broadcast: false,
        rounding: st.rounding,
    };
    let mut seg: Option<R> = None;
    let mut ui = 0usize;
    let is_calljmp = matches!(oc.mnemonic(), iced_x86::Mnemonic::Call | iced_x86::Mnemonic::Jmp);
    let mut str_addr: u8 = 0;
    for (i, &k) in kinds.iter().enumerate() {
        if skip_mask & (1 << i) != 0 {
            inst.ops[i] = match k {
                K::imm8_const_1 => IOp::Imm(Value::Const(1)),
                K::st0 => IOp::Reg(R::ST0),
                K::sti_opcode => IOp::Reg(R::ST1),
                K::al => IOp::Reg(R::AL),
                K::ax => IOp::Reg(R::AX),
                K::eax => IOp::Reg(R::EAX),
                K::rax => IOp::Reg(R::RAX),
                K::dx => IOp::Reg(R::DX),
                _ => {
                    str_addr = mode.bits() as u8;
                    IOp::Str(mode.bits() as u8)
                }
            };
            continue;
        }
        let Some((op, _)) = st.list[ui] else { return Err(Fail::Operand(ui)) };
        let fail = Err(Fail::Operand(ui));
        ui += 1;
        let iop = match op {
            Operand::Reg(r) => {
                if is_calljmp && is_rm_kind(k) {
                    return fail;
                }
                if !reg_ok(k, r.0, mode) {
                    return fail;
                }
                IOp::Reg(r.0)
            }
            Operand::IndirectReg(r) => {
                if !(is_calljmp && is_rm_kind(k) && reg_ok(k, r.0, mode)) {
                    return fail;
                }
                IOp::Reg(r.0)
            }
            Operand::Imm(v) => {
                if !is_imm_kind(k) {
                    return fail;
                }
                match v {
                    Value::Const(c) => {
                        if !imm_ok(k, *c) {
                            return fail;
                        }
                    }
                    Value::Expr { .. } => {
                        if k == K::imm8_const_1 {
                            return fail;
                        }
                    }
                }
                IOp::Imm(*v)
            }
            Operand::Mem(m) | Operand::IndirectMem(m) => {
                let indirect = matches!(op, Operand::IndirectMem(_));
                if is_branch_kind(k) {
                    if indirect
                        || m.base.is_some()
                        || m.index.is_some()
                        || m.seg.is_some()
                        || m.broadcast.is_some()
                    {
                        return fail;
                    }
                    IOp::Branch(m.disp)
                } else if is_string_kind(k) {
                    if indirect
                        || m.index.is_some()
                        || m.broadcast.is_some()
                        || !matches!(m.disp, Value::Const(0))
                    {
                        return fail;
                    }
                    let Some(b) = m.base else { return fail };
                    let want = match k {
                        K::seg_rSI => [R::SI, R::ESI, R::RSI],
                        K::seg_rBX_al => [R::BX, R::EBX, R::RBX],
                        _ => [R::DI, R::EDI, R::RDI],
                    };
                    let Some(p) = want.iter().position(|&w| w == b.0) else { return fail };
                    let a = [16u8, 32, 64][p];
                    if a == 64 && mode != Mode::Bits64 {
                        return fail;
                    }
                    if k == K::es_rDI {
                        if m.seg.is_some_and(|s| s.0 != R::ES) {
                            return fail;
                        }
                    } else if let Some(s) = m.seg {
                        if s.0 != R::DS {
                            seg = Some(s.0);
                        }
                    }
                    str_addr = a;
                    IOp::Str(a)
                } else {
                    if !accepts_mem(k) || (is_calljmp && !indirect) || (indirect && !is_calljmp) {
                        return fail;
                    }
                    let Some(im) = mem_ok(k, m, mode) else { return fail };
                    if let Some(b) = m.broadcast {
                        if !oc.can_broadcast() {
                            return fail;
                        }
                        let total = oc.memory_size().size();
                        let elem = oc.broadcast_memory_size().size();
                        if elem == 0 || total / elem != b as usize {
                            return fail;
                        }
                        inst.broadcast = true;
                    }
                    if let Some(s) = m.seg {
                        seg = Some(s.0);
                    }
                    IOp::Mem(im)
                }
            }
            _ => return fail,
        };
        inst.ops[i] = iop;
    }
    if ui != n {
        return Err(Fail::Operand(ui));
    }
    // String forms: every implicit operand uses one address size.
    if str_addr != 0 {
        for op in inst.ops.iter_mut() {
            if let IOp::Str(a) = op {
                *a = str_addr;
            }
        }
        if str_addr == 64 && mode != Mode::Bits64 {
            return Err(Fail::Operand(0));
        }
    }
    // AVX-512 decorations must be allowed by the form.
    if inst.mask.is_some() && !oc.can_use_op_mask_register() {
        return Err(Fail::Operand(n));
    }
    if oc.require_op_mask_register() && inst.mask.is_none() {
        return Err(Fail::Operand(n));
    }
    if inst.zeroing && !oc.can_use_zeroing_masking() {
        return Err(Fail::Operand(n));
    }
    if let Some(r) = inst.rounding {
        let ok = if r == Rounding::Sae {
            oc.can_suppress_all_exceptions()
        } else {
            oc.can_use_rounding_control()
        };
        if !ok || inst.ops.iter().any(|o| matches!(o, IOp::Mem(_))) {
            return Err(Fail::Operand(0));
        }
    }
    // xmm16-31/ymm16-31 exist only in EVEX encodings.
    if oc.encoding() != EncodingKind::EVEX
        && inst
            .ops
            .iter()
            .any(|o| matches!(o, IOp::Reg(r) if (r.is_xmm() || r.is_ymm()) && regnum(*r) >= 16))
    {
        return Err(Fail::Operand(0));
    }
    // `xchg %eax, %eax` is not `nop` in 64-bit mode (LLVM's XCHG32ar is
    // `Not64BitMode`; XCHG32ar64 excludes EAX).
    if code == Code::Xchg_r32_EAX && mode == Mode::Bits64 && matches!(inst.ops[0], IOp::Reg(R::EAX))
    {
        return Err(Fail::Operand(0));
    }
    // High-byte registers cannot be encoded with a REX prefix.
    let high = inst.ops.iter().any(|o| matches!(o, IOp::Reg(R::AH | R::BH | R::CH | R::DH)));
    if high {
        let rex =
            inst.ops.iter().any(|o| match o {
                IOp::Reg(r) => needs_rex(*r) && !r.is_gpr64() || (r.is_gpr64()),
                IOp::Mem(m) => {
                    (m.base.is_gpr() && regnum(m.base) >= 8)
                        || (m.index.is_gpr() && regnum(m.index) >= 8)
                }
                _ => false,
            }) || oc.w() != 0 && oc.encoding() == EncodingKind::Legacy && oc.operand_size() == 64;
        if rex {
            return Err(Fail::Operand(0));
        }
    }
    inst.pfx = EncPrefixes {
        lock: prefixes.lock,
        rep: prefixes.rep,
        repne: prefixes.repne,
        notrack: prefixes.notrack,
        addr_size: prefixes.addr32,
        pre66: prefixes.data16 || prefixes.data32,
        pre48: prefixes.rex64,
        seg,
        vex3: prefixes.vex3,
        disp8: prefixes.disp8,
        disp32: prefixes.disp32,
    };
    Ok(inst)
}

/// The relaxed form of `inst`, if LLVM may relax it.
pub(crate) fn relaxed_code<E: Copy>(inst: &Inst<E>) -> Option<Code> {
    use Code as C;
    let c = inst.code;
    let short16 = inst.mode == Mode::Bits16;
    let jmp = match c {
        C::Jmp_rel8_16 | C::Jmp_rel8_32 | C::Jmp_rel8_64 => Some(match (inst.mode, short16) {
            (_, true) => C::Jmp_rel16,
            (Mode::Bits64, _) => C::Jmp_rel32_64,
            _ => C::Jmp_rel32_32,
        }),
        _ => None,
    };
    if jmp.is_some() {
        return jmp;
    }
    let oc = c.op_code();
    let kinds = oc.op_kinds();
    if kinds.first().is_some_and(|k| matches!(k, K::br16_1 | K::br32_1 | K::br64_1))
        && oc.mnemonic() != iced_x86::Mnemonic::Jmp
    {
        // Jcc rel8 → rel32 (rel16 in 16-bit mode): same mnemonic, 0F 8x.
        let want = if short16 {
            K::br16_2
        } else if inst.mode == Mode::Bits64 {
            K::br64_4
        } else {
            K::br32_4
        };
        let name = mnemonic_of(c);
        return index()
            .get(name)?
            .iter()
            .copied()
            .find(|x| x.op_code().op_kinds().first() == Some(&want));
    }
    let last_expr = inst.ops[..inst.nops as usize]
        .iter()
        .rev()
        .find(|o| matches!(o, IOp::Imm(_)))
        .is_some_and(|o| matches!(o, IOp::Imm(Value::Expr { .. })));
    if !last_expr {
        return None;
    }
    index().long_imm.get(&c).copied()
}

fn mnemonic_of(c: Code) -> &'static str {
    super::encode::mnemonic_str(c)
}

/// How [`search`] reached a match, enough to repeat it for another line of
/// the same shape: the form as matched (before [`commute_for_vex2`] and
/// [`segment_moves`]), which of the line's operands (AT&T order, after an
/// implied immediate) are the form's operands in Intel order, and the
/// immediate a pseudo-op's name implies (`cmpltps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Plan {
    code: Code,
    order: [u8; 6],
    n: u8,
    implied: Option<i64>,
}

/// Lines whose shapes a [`Matcher`] remembers at most.
const PLAN_LIMIT: usize = 1 << 16;

/// The matcher of one assembly: [`match_att`] that remembers, for each
/// shape of line it matched, how it got there (a [`Plan`]).
///
/// Which form LLVM picks depends on the mnemonic, the mode, the prefixes
/// and each operand's *shape*: its kind and registers; of a constant only
/// what an operand kind or the encoded length tests of it (the ranges of
/// [`imm_ok`], zero, fitting 8, 16 or 32 bits, the compressed AVX-512
/// displacement `disp8*N`); of a symbolic value its `@` modifier and
/// [`ExprKind`](super::ExprKind). A compiler's output repeats few shapes
/// (`movq 8(%rsp), %rax` and `movq 16(%rbx), %rcx` are one), so a line of
/// a known shape builds only the form that won before, instead of trying
/// and ranking every form of its mnemonic. Debug builds check each such
/// line against the full search.
#[derive(Default)]
pub(crate) struct Matcher {
    plans: hashbrown::HashMap<LineKey, Plan>,
}

impl core::fmt::Debug for Matcher {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Matcher").field("shapes", &self.plans.len()).finish()
    }
}

impl Matcher {
    /// [`match_att`], through the plans of lines seen before.
    pub(crate) fn match_att<E: Copy>(
        &mut self,
        mode: Mode,
        prefixes: &Prefixes,
        mnemonic: &str,
        ops: &[Operand<E>],
    ) -> Result<Inst<E>, MatchError> {
        let Some(key) = LineKey::new(mode, prefixes, mnemonic, ops) else {
            return match_att(mode, prefixes, mnemonic, ops);
        };
        if let Some(plan) = self.plans.get(&key) {
            if let Some(inst) = replay(mode, prefixes, plan, ops) {
                #[cfg(debug_assertions)]
                {
                    let full = search(mode, prefixes, mnemonic, ops).ok().map(|(i, p)| (i.code, p));
                    debug_assert_eq!(full, Some((inst.code, *plan)), "{mnemonic} {key:?}");
                }
                return Ok(inst);
            }
        }
        let (inst, plan) = search(mode, prefixes, mnemonic, ops)?;
        if self.plans.len() < PLAN_LIMIT {
            self.plans.insert(key, plan);
        }
        Ok(inst)
    }
}

/// Matches `ops` as `plan` says: one form built and checked.
fn replay<E: Copy>(
    mode: Mode,
    prefixes: &Prefixes,
    plan: &Plan,
    ops: &[Operand<E>],
) -> Option<Inst<E>> {
    let imm = plan.implied.map(|c| Operand::Imm(Value::Const(c)));
    let at = |i: u8| -> Option<&Operand<E>> {
        match &imm {
            Some(imm) if i == 0 => Some(imm),
            Some(_) => ops.get(usize::from(i) - 1),
            None => ops.get(usize::from(i)),
        }
    };
    let mut st =
        Ops { list: [None; 6], n: usize::from(plan.n), mask: None, zeroing: false, rounding: None };
    for (slot, &i) in st.list.iter_mut().zip(&plan.order[..st.n]) {
        *slot = Some((at(i)?, usize::from(i)));
    }
    for op in ops {
        match op {
            Operand::Mask(k) => st.mask = Some(k.0),
            Operand::Zeroing => st.zeroing = true,
            Operand::Rounding(r) => st.rounding = Some(*r),
            _ => {}
        }
    }
    let mut inst = match_code(mode, prefixes, plan.code, &st).ok()?;
    commute_for_vex2(&mut inst, prefixes);
    segment_moves(&mut inst);
    Some(inst)
}

/// A line's shape (see [`Matcher`]) as bytes: the mode, the prefixes, the
/// mnemonic, then each operand.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct LineKey {
    len: u8,
    bytes: [u8; 47],
}

impl core::fmt::Debug for LineKey {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:02x?}", &self.bytes[..usize::from(self.len)])
    }
}

impl LineKey {
    /// `None` when the shape takes more than the key holds (such lines are
    /// matched afresh each time).
    fn new<E: Copy>(mode: Mode, p: &Prefixes, mnemonic: &str, ops: &[Operand<E>]) -> Option<Self> {
        let mut k = LineKey { len: 0, bytes: [0; 47] };
        let flags = [
            p.lock, p.rep, p.repne, p.data16, p.data32, p.addr32, p.rex64, p.notrack, p.vex,
            p.vex3, p.evex, p.disp8, p.disp32, p.load, p.store,
        ];
        let bits = flags.iter().enumerate().fold(0u16, |a, (i, &f)| a | (u16::from(f) << i));
        let [b0, b1] = bits.to_le_bytes();
        k.put(&[mode.bits() as u8, b0, b1, u8::try_from(mnemonic.len()).ok()?])?;
        k.put(mnemonic.as_bytes())?;
        let reg = |r: Option<Reg>| r.map_or(0, |r| r.0 as u8);
        for op in ops {
            match op {
                Operand::Reg(r) => k.put(&[1, r.0 as u8])?,
                Operand::IndirectReg(r) => k.put(&[2, r.0 as u8])?,
                Operand::Mask(r) => k.put(&[3, r.0 as u8])?,
                Operand::Zeroing => k.put(&[4])?,
                Operand::Rounding(r) => k.put(&[5, *r as u8])?,
                Operand::Imm(v) => {
                    k.put(&[6])?;
                    k.value(v, None)?;
                }
                Operand::Mem(m) | Operand::IndirectMem(m) => {
                    let tag = if matches!(op, Operand::Mem(_)) { 7 } else { 8 };
                    let bcast = m.broadcast.map_or(0, |b| b.wrapping_add(1));
                    k.put(&[tag, reg(m.seg), reg(m.base), reg(m.index), m.scale, bcast])?;
                    k.value(&m.disp, addr_size(m, mode))?;
                }
            }
        }
        Some(k)
    }

    fn put(&mut self, b: &[u8]) -> Option<()> {
        let at = usize::from(self.len);
        self.bytes.get_mut(at..at + b.len())?.copy_from_slice(b);
        self.len += b.len() as u8;
        Some(())
    }

    /// A value's shape; `addr`: the address size of the memory operand it
    /// is the displacement of.
    fn value<E: Copy>(&mut self, v: &Value<E>, addr: Option<u8>) -> Option<()> {
        match *v {
            Value::Const(c) => {
                let [a, b, c, d] = const_class(c, addr).to_le_bytes();
                self.put(&[0, a, b, c, d])
            }
            Value::Expr { variant, kind, .. } => self.put(&[1, variant as u8, kind as u8]),
        }
    }
}

/// What the matcher and the encoder test of a constant (see [`Matcher`]).
fn const_class(c: i64, addr: Option<u8>) -> u32 {
    let fits = |v: i64, bits: u32| v == (v << (64 - bits)) >> (64 - bits);
    let kinds = [
        K::imm8,
        K::imm8_const_1,
        K::imm8sex16,
        K::imm8sex32,
        K::imm8sex64,
        K::imm16,
        K::imm32,
        K::imm32sex64,
    ];
    let mut bits = 0u32;
    let mut bit = |b: bool| bits = bits << 1 | u32::from(b);
    for k in kinds {
        bit(imm_ok(k, c));
    }
    bit(c == 0);
    bit(fits(c, 32));
    bit((0..=0xffff_ffff).contains(&c));
    // As the encoder writes a displacement: truncated to the address size,
    // sign-extended.
    let d = match addr {
        Some(16) => c as i16 as i64,
        Some(32) => c as i32 as i64,
        _ => c,
    };
    bit(d == 0);
    bit(fits(d, 8));
    bit(fits(d, 16));
    bit(fits(d, 32));
    for n in [2i64, 4, 8, 16, 32, 64] {
        bit(d % n == 0 && fits(d / n, 8));
    }
    bits
}
