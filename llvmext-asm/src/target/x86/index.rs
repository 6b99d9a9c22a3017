//! The mnemonic index: every AT&T mnemonic LLVM accepts, mapped to the
//! iced-x86 encoding forms (`Code`s) it may stand for. Built once from
//! iced-x86's op-code tables; the naming rules below are AT&T's (LLVM's
//! `X86InstrInfo.td` asm strings and `X86InstrAsmAlias.td` aliases).

use iced_x86::{Code, EncodingKind, MemorySize, Mnemonic, OpCodeOperandKind as K};
use std::collections::HashMap;
use std::sync::OnceLock;

/// FNV-1a: the index is looked up once or more per instruction, with
/// short keys; SipHash's DoS resistance buys nothing for a fixed table.
#[derive(Default, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

type FnvBuild = std::hash::BuildHasherDefault<Fnv>;

pub(crate) struct Index {
    map: HashMap<String, Vec<Code>, FnvBuild>,
    /// 8-bit sign-extended immediate form → its long-immediate form
    /// (LLVM's `getOpcodeForLongImmediateForm`).
    pub long_imm: HashMap<Code, Code>,
}

pub(crate) fn index() -> &'static Index {
    static I: OnceLock<Index> = OnceLock::new();
    I.get_or_init(build)
}

impl Index {
    pub fn get(&self, name: &str) -> Option<&[Code]> {
        self.map.get(name).map(|v| v.as_slice())
    }
}

pub(crate) fn is_gp_kind(k: K) -> Option<u32> {
    Some(match k {
        K::r8_or_mem | K::r8_reg | K::r8_opcode | K::al => 8,
        K::r16_or_mem | K::r16_reg | K::r16_reg_mem | K::r16_rm | K::r16_opcode | K::ax => 16,
        K::r32_or_mem
        | K::r32_or_mem_mpx
        | K::r32_reg
        | K::r32_reg_mem
        | K::r32_rm
        | K::r32_opcode
        | K::r32_vvvv
        | K::eax => 32,
        K::r64_or_mem
        | K::r64_or_mem_mpx
        | K::r64_reg
        | K::r64_reg_mem
        | K::r64_rm
        | K::r64_opcode
        | K::r64_vvvv
        | K::rax => 64,
        _ => return None,
    })
}

fn is_simd_kind(k: K) -> bool {
    matches!(
        k,
        K::mm_or_mem
            | K::xmm_or_mem
            | K::ymm_or_mem
            | K::zmm_or_mem
            | K::k_or_mem
            | K::k_reg
            | K::kp1_reg
            | K::k_rm
            | K::k_vvvv
            | K::mm_reg
            | K::mm_rm
            | K::xmm_reg
            | K::xmm_rm
            | K::xmm_vvvv
            | K::xmmp3_vvvv
            | K::xmm_is4
            | K::xmm_is5
            | K::ymm_reg
            | K::ymm_rm
            | K::ymm_vvvv
            | K::ymm_is4
            | K::ymm_is5
            | K::zmm_reg
            | K::zmm_rm
            | K::zmm_vvvv
            | K::zmmp3_vvvv
            | K::tmm_reg
            | K::tmm_rm
            | K::tmm_vvvv
            | K::bnd_reg
            | K::bnd_or_mem_mpx
    )
}

fn suffix(size: u32) -> &'static str {
    match size {
        8 => "b",
        16 => "w",
        32 => "l",
        64 => "q",
        _ => "",
    }
}

/// Whether iced's form is one LLVM has no encoding for (or encodes under
/// another mnemonic): MVEX, 3DNow!, the `sal` /6 alias, Intel-only forms.
fn unsupported(code: Code) -> bool {
    let oc = code.op_code();
    if !oc.is_instruction() {
        return true;
    }
    match oc.encoding() {
        EncodingKind::MVEX | EncodingKind::D3NOW => return true,
        _ => {}
    }
    if oc.mnemonic() == Mnemonic::Sal {
        return true;
    }
    // iced's undocumented/legacy aliases of real opcodes.
    if matches!(
        code,
        Code::Cmpxchg486_rm8_r8
            | Code::Cmpxchg486_rm16_r16
            | Code::Cmpxchg486_rm32_r32
            | Code::Nopw
            | Code::Nopq
    ) {
        return true;
    }
    oc.op_kinds().iter().any(|k| {
        matches!(k, K::brdisp_2 | K::brdisp_4 | K::tr_reg | K::imm4_m2z | K::farbr2_2 | K::farbr4_2)
    })
}

/// Mnemonics that LLVM accepts without a size suffix, picking the size
/// from the mode (`X86InstrAsmAlias.td`'s `MnemonicAlias`es: `push` →
/// `pushq` in 64-bit mode, `ret` → `retl` in 32-bit mode…): here the bare
/// name maps to every size and the matcher's shortest-encoding rule picks
/// the mode's default.
pub(crate) const MODE_SIZED: &[&str] = &[
    "push", "pop", "call", "ret", "leave", "enter", "pushf", "popf", "pusha", "popa", "iret",
    "lgdt", "lidt", "sgdt", "sidt", "sysret", "sysexit", "jmp", "lret", "ljmp", "lcall", "bound",
];

/// The operand size a bare [`MODE_SIZED`] mnemonic means in `mode` (the
/// `MnemonicAlias`es of `X86InstrAsmAlias.td`).
pub(crate) fn bare_size(name: &str, bits: u32) -> u32 {
    match bits {
        64 if matches!(
            name,
            "lret" | "iret" | "sysret" | "sysexit" | "ljmp" | "lcall" | "bound"
        ) =>
        {
            32
        }
        b => b,
    }
}

fn add(map: &mut HashMap<String, Vec<Code>, FnvBuild>, name: String, code: Code) {
    let v = map.entry(name).or_default();
    if !v.contains(&code) {
        v.push(code);
    }
}

fn build() -> Index {
    let mut map: HashMap<String, Vec<Code>, FnvBuild> = HashMap::default();
    for code in Code::values() {
        if unsupported(code) {
            continue;
        }
        let oc = code.op_code();
        let m = format!("{:?}", oc.mnemonic()).to_ascii_lowercase();
        let kinds = oc.op_kinds();
        for name in att_names(code, &m, kinds) {
            add(&mut map, name, code);
        }
    }
    // Intel spellings LLVM also accepts in AT&T syntax.
    for (alias, target) in [
        ("cbw", "cbtw"),
        ("cwde", "cwtl"),
        ("cwd", "cwtd"),
        ("cdq", "cltd"),
        ("cdqe", "cltq"),
        ("cqo", "cqto"),
        ("fcompi", "fcomip"),
        ("fucompi", "fucomip"),
        ("fildq", "fildll"),
        ("fistpq", "fistpll"),
        ("fisttpq", "fisttpll"),
        ("fwait", "wait"),
        ("movsxd", "movslq"),
        ("ud2a", "ud2"),
        ("ud2b", "ud1l"),
        ("loopz", "loope"),
        ("loopnz", "loopne"),
        ("retw", "retw"),
        ("xlat", "xlatb"),
        ("smovb", "movsb"),
        ("smovw", "movsw"),
        ("smovl", "movsl"),
        ("smovq", "movsq"),
    ] {
        if let Some(v) = map.get(target).cloned() {
            for c in v {
                add(&mut map, alias.to_string(), c);
            }
        }
    }
    // `sal` is `shl` (LLVM has no /6 form).
    let shl: Vec<(String, Vec<Code>)> = map
        .iter()
        .filter(|(k, _)| k.starts_with("shl") && k.len() <= 4)
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    for (k, v) in shl {
        for c in v {
            add(&mut map, format!("sal{}", &k[3..]), c);
        }
    }
    let long_imm = build_long_imm();
    Index { map, long_imm }
}

/// The AT&T names of one iced form.
fn att_names(code: Code, m: &str, kinds: &[K]) -> Vec<String> {
    let oc = code.op_code();
    let mut out = Vec::new();
    let cc = |name: &str| name.to_string();
    // Sign/zero extension of the accumulator.
    let special = match code {
        Code::Cbw => Some("cbtw"),
        Code::Cwde => Some("cwtl"),
        Code::Cdqe => Some("cltq"),
        Code::Cwd => Some("cwtd"),
        Code::Cdq => Some("cltd"),
        Code::Cqo => Some("cqto"),
        _ => None,
    };
    if let Some(s) = special {
        out.push(cc(s));
        return out;
    }
    // AT&T swaps fsub/fsubr and fdiv/fdivr in the forms whose destination
    // is %st(i) (the "UnixWare" convention LLVM follows).
    let swapped = match code {
        Code::Fsub_sti_st0 => Some("fsubr"),
        Code::Fsubr_sti_st0 => Some("fsub"),
        Code::Fsubp_sti_st0 => Some("fsubrp"),
        Code::Fsubrp_sti_st0 => Some("fsubp"),
        Code::Fdiv_sti_st0 => Some("fdivr"),
        Code::Fdivr_sti_st0 => Some("fdiv"),
        Code::Fdivp_sti_st0 => Some("fdivrp"),
        Code::Fdivrp_sti_st0 => Some("fdivp"),
        Code::Nopd => Some("nop"),
        _ => None,
    };
    if let Some(s) = swapped {
        out.push(cc(s));
        return out;
    }
    if m.starts_with('f') && kinds.contains(&K::ax) {
        out.push(m.to_string());
        return out;
    }
    // movabs: the 64-bit immediate and the moffs forms.
    if m == "mov" && (kinds.contains(&K::mem_offs) || code == Code::Mov_r64_imm64) {
        let size = kinds.iter().find_map(|&k| is_gp_kind(k)).unwrap_or(0);
        out.push(format!("movabs{}", suffix(size)));
        out.push("movabs".to_string());
        out.push(format!("mov{}", suffix(size)));
        return out;
    }
    // Far indirect jumps and calls through memory: ljmp/lcall.
    if (m == "jmp" || m == "call") && kinds == [K::mem] {
        let base = if m == "jmp" { "ljmp" } else { "lcall" };
        out.push(base.to_string());
        out.push(format!("{base}{}", suffix(oc.operand_size())));
        return out;
    }
    let gp: Vec<u32> = kinds.iter().filter_map(|&k| is_gp_kind(k)).collect();
    let has_simd = kinds.iter().any(|&k| is_simd_kind(k));
    // movzx/movsx: AT&T spells both sizes (movzbl), movsxd is movslq.
    if m == "movzx" || m == "movsx" {
        if gp.len() == 2 {
            let l = if m == "movzx" { "movz" } else { "movs" };
            out.push(format!("{l}{}{}", suffix(gp[1]), suffix(gp[0])));
            out.push(m.to_string());
            if m == "movzx" {
                out.push(format!("movz{}", suffix(gp[1])));
            }
        }
        return out;
    }
    if m == "movsxd" {
        if gp == [64, 32] {
            out.push(cc("movslq"));
        }
        return out;
    }
    if m == "crc32" {
        if let Some(&s) = gp.last() {
            out.push(format!("crc32{}", suffix(s)));
        }
        return out;
    }
    // String instructions: Intel's `movsd` is AT&T's `movsl`.
    let is_string = kinds.iter().any(|k| matches!(k, K::seg_rSI | K::es_rDI));
    if is_string {
        let (base, last) = m.split_at(m.len() - 1);
        let last = if last == "d" { "l" } else { last };
        out.push(format!("{base}{last}"));
        return out;
    }
    // x87 memory forms: s/l/t (float), s/l/ll (integer).
    if m.starts_with('f') && kinds.contains(&K::mem) {
        let s = match oc.memory_size() {
            MemorySize::Float32 | MemorySize::Int16 => "s",
            MemorySize::Float64 | MemorySize::Int32 => "l",
            MemorySize::Float80 => "t",
            MemorySize::Int64 => "ll",
            _ => "",
        };
        out.push(format!("{m}{s}"));
        return out;
    }
    if m.starts_with("set") || m == "cmpxchg8b" || m == "cmpxchg16b" {
        out.push(m.to_string());
        return out;
    }
    // Mode-sized stack/flow instructions: bare name plus the sized one.
    let base = match m {
        "pushfd" | "pushfq" => "pushf",
        "popfd" | "popfq" => "popf",
        "pushad" => "pusha",
        "popad" => "popa",
        "iretd" | "iretq" => "iret",
        "sysretd" | "sysretq" => "sysret",
        "sysexitd" | "sysexitq" => "sysexit",
        "retf" => "lret",
        _ => m,
    };
    if MODE_SIZED.contains(&base) {
        let is_branch = kinds.iter().any(|k| {
            matches!(k, K::br16_1 | K::br32_1 | K::br64_1 | K::br16_2 | K::br32_4 | K::br64_4)
        });
        out.push(base.to_string());
        let size = gp.first().copied().unwrap_or(oc.operand_size());
        if !(is_branch && base == "jmp") {
            let s = suffix(size);
            if !s.is_empty() {
                out.push(format!("{base}{s}"));
            }
        }
        return out;
    }
    // General-purpose instructions carry the operand size as a suffix.
    let gp_first = kinds.iter().filter(|&&k| k != K::dx && k != K::cl).find_map(|&k| is_gp_kind(k));
    match gp_first {
        Some(size) if !has_simd => {
            out.push(format!("{m}{}", suffix(size)));
        }
        Some(size) => {
            // SSE/AVX forms with a general register or memory operand
            // (cvtsi2sd, cvttsd2si): the suffix is optional.
            out.push(m.to_string());
            let rm = kinds.iter().find_map(|&k| match k {
                K::r32_or_mem | K::r64_or_mem => is_gp_kind(k),
                _ => None,
            });
            out.push(format!("{m}{}", suffix(rm.unwrap_or(size))));
        }
        None => {
            out.push(m.to_string());
            // Conversions narrowing a vector: AT&T names the source width
            // (vcvtpd2psx/vcvtpd2psy) so that memory forms are unambiguous.
            if kinds.len() >= 2 && kinds[0] == K::xmm_reg {
                let w = kinds[1..].iter().find_map(|k| match k {
                    K::xmm_or_mem => Some("x"),
                    K::ymm_or_mem => Some("y"),
                    K::zmm_or_mem => Some("z"),
                    _ => None,
                });
                if let Some(w) = w {
                    out.push(format!("{m}{w}"));
                }
            }
        }
    }
    out
}

fn build_long_imm() -> HashMap<Code, Code> {
    let mut by_shape: HashMap<(Mnemonic, Vec<K>), Vec<Code>> = HashMap::new();
    for code in Code::values() {
        if unsupported(code) {
            continue;
        }
        let oc = code.op_code();
        by_shape.entry((oc.mnemonic(), oc.op_kinds().to_vec())).or_default().push(code);
    }
    let mut out = HashMap::new();
    for code in Code::values() {
        if unsupported(code) {
            continue;
        }
        let oc = code.op_code();
        let kinds = oc.op_kinds();
        let Some(pos) =
            kinds.iter().position(|k| matches!(k, K::imm8sex16 | K::imm8sex32 | K::imm8sex64))
        else {
            continue;
        };
        let long = match kinds[pos] {
            K::imm8sex16 => K::imm16,
            K::imm8sex32 => K::imm32,
            _ => K::imm32sex64,
        };
        let mut want = kinds.to_vec();
        want[pos] = long;
        if let Some(cands) = by_shape.get(&(oc.mnemonic(), want)) {
            if let Some(&c) = cands.iter().find(|c| {
                let o = c.op_code();
                o.mode16() == oc.mode16()
                    && o.mode32() == oc.mode32()
                    && o.mode64() == oc.mode64()
                    && o.operand_size() == oc.operand_size()
            }) {
                out.insert(code, c);
            }
        }
    }
    out
}
