//! DWARF register numbers of x86 register names, for the register operands
//! of `.cfi_*` directives (LLVM's `MCRegisterInfo::getDwarfRegNum(Reg,
//! /*isEH=*/true)` on ELF targets, where the EH and debug numberings agree).
//!
//! LLVM gives registers that have no DWARF number in a mode `-1` (most
//! sub-registers, control/debug registers, ...) or `-2` (the 32-bit general
//! registers in 64-bit mode), and `.cfi_*` directives then encode that value
//! as the unsigned 32-bit number; these functions return the same
//! `0xffff_ffff` / `0xffff_fffe`. Checked against `llvm-mc-19` for every
//! name below, in both modes.

/// `-1` as LLVM's unsigned register number: no DWARF number.
pub const NO_DWARF_NUMBER: u32 = 0xffff_ffff;
/// `-2` as LLVM's unsigned register number: the register is invalid in this
/// DWARF flavour (32-bit general registers in 64-bit mode and vice versa).
pub const INVALID_IN_FLAVOUR: u32 = 0xffff_fffe;

/// The x86 mode whose numbering to use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum X86Mode {
    /// x86-64 (System V numbering).
    X86_64,
    /// i386, ELF (the generic i386 numbering, used for both `.eh_frame` and
    /// `.debug_frame` outside Darwin).
    I386,
}

fn indexed(name: &str, prefix: &str) -> Option<u32> {
    let rest = name.strip_prefix(prefix)?;
    if rest.is_empty() || rest.len() > 2 || (rest.len() == 2 && rest.starts_with('0')) {
        return None;
    }
    rest.parse().ok()
}

/// The DWARF number of the register `name` (without `%`, any case; `st`,
/// `st(N)`) in `mode`, or `None` if it is not an x86 register name LLVM
/// accepts in that mode. Registers that exist only in 64-bit mode give
/// `None` in [`X86Mode::I386`]: the x86 register parser reports `register
/// %NAME is only available in 64-bit mode` for them.
pub fn dwarf_reg_number(name: &str, mode: X86Mode) -> Option<u32> {
    let lower: String =
        name.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
    let n = lower.as_str();
    let x64 = mode == X86Mode::X86_64;
    let pick = |a: u32, b: u32| Some(if x64 { a } else { b });
    const GPR64: [&str; 8] = ["rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp"];
    const GPR32_I386: [&str; 8] = ["eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"];
    const SUB16_8: [&str; 16] = [
        "ax", "bx", "cx", "dx", "si", "di", "bp", "sp", "ip", "al", "bl", "cl", "dl", "ah", "bh",
        "ch",
    ];
    if let Some(i) = GPR64.iter().position(|r| *r == n) {
        return if x64 { Some(i as u32) } else { None };
    }
    if let Some(i) = GPR32_I386.iter().position(|r| *r == n) {
        return pick(INVALID_IN_FLAVOUR, i as u32);
    }
    if SUB16_8.contains(&n) || n == "dh" {
        return Some(NO_DWARF_NUMBER);
    }
    match n {
        "rip" => return if x64 { Some(16) } else { None },
        "eip" => return pick(INVALID_IN_FLAVOUR, 8),
        "eflags" => return pick(49, 9),
        "rflags" => return pick(49, INVALID_IN_FLAVOUR),
        "es" => return pick(50, 40),
        "cs" => return pick(51, 41),
        "ss" => return pick(52, 42),
        "ds" => return pick(53, 43),
        "fs" => return pick(54, 44),
        "gs" => return pick(55, 45),
        "st" => return pick(33, 11),
        "sil" | "dil" | "bpl" | "spl" => return if x64 { Some(NO_DWARF_NUMBER) } else { None },
        "mxcsr" | "ssp" | "fpsr" | "fpcr" => return Some(NO_DWARF_NUMBER),
        _ => {}
    }
    if let Some(i) = indexed(n, "r") {
        // r8..r15 and their b/w/d forms.
        if (8..=15).contains(&i) {
            return if x64 { Some(i) } else { None };
        }
        return None;
    }
    for suffix in ["d", "w", "b"] {
        if let Some(stem) = n.strip_suffix(suffix) {
            if let Some(i) = indexed(stem, "r") {
                if (8..=15).contains(&i) {
                    return if x64 { Some(NO_DWARF_NUMBER) } else { None };
                }
            }
        }
    }
    for prefix in ["xmm", "ymm", "zmm"] {
        if let Some(i) = indexed(n, prefix) {
            return match i {
                0..=7 => pick(17 + i, 21 + i),
                8..=15 if x64 => Some(17 + i),
                16..=31 if x64 => Some(67 + i - 16),
                _ => None,
            };
        }
    }
    if let Some(inner) = n.strip_prefix("st(").and_then(|r| r.strip_suffix(')')) {
        let i: u32 = inner.parse().ok().filter(|i| *i <= 7 && inner.len() == 1)?;
        return pick(33 + i, 11 + i);
    }
    if let Some(i) = indexed(n, "mm").filter(|i| *i <= 7) {
        return pick(41 + i, 29 + i);
    }
    if let Some(i) = indexed(n, "k").filter(|i| *i <= 7) {
        return pick(118 + i, 93 + i);
    }
    if indexed(n, "tmm").is_some_and(|i| i <= 7) {
        return Some(NO_DWARF_NUMBER);
    }
    for prefix in ["cr", "dr"] {
        if let Some(i) = indexed(n, prefix) {
            return match i {
                0..=7 => Some(NO_DWARF_NUMBER),
                8..=15 if x64 => Some(NO_DWARF_NUMBER),
                _ => None,
            };
        }
    }
    None
}

/// A `.cfi_*` register operand: `%name`, `name` (see [`dwarf_reg_number`])
/// or a non-negative decimal / `0x` hexadecimal number, truncated to 32
/// bits as LLVM does. (LLVM accepts any absolute expression for the numeric
/// form; a parser with an expression evaluator should evaluate it and
/// truncate the value with `as u32` instead.)
pub fn parse_cfi_register(text: &str, mode: X86Mode) -> Option<u32> {
    let t = text.trim();
    if let Some(name) = t.strip_prefix('%') {
        return dwarf_reg_number(name, mode);
    }
    if t.starts_with(|c: char| c.is_ascii_digit()) {
        let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            u64::from_str_radix(h, 16).ok()?
        } else {
            t.parse::<u64>().ok()?
        };
        return Some(v as u32);
    }
    dwarf_reg_number(t, mode)
}
