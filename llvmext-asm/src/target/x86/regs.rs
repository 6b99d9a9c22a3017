//! AT&T register names.

use iced_x86::Register;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::Reg;

/// Names are looked up once or more per instruction: FNV over a short
/// key, not SipHash (the table is fixed; no input chooses its layout).
type Fnv = std::hash::BuildHasherDefault<super::index::Fnv>;

fn table() -> &'static HashMap<&'static str, Register, Fnv> {
    static T: OnceLock<HashMap<&'static str, Register, Fnv>> = OnceLock::new();
    T.get_or_init(|| {
        let mut m = HashMap::default();
        for r in Register::values() {
            let name = reg_name(r);
            if !name.is_empty() {
                m.insert(name, r);
            }
        }
        // Aliases LLVM's register matcher accepts.
        m.insert("st", Register::ST0);
        // LLVM spells the low bytes of r8-r15 `r8b`.
        for i in 0..8u32 {
            let n: &'static str = Box::leak(format!("r{}b", i + 8).into_boxed_str());
            m.insert(n, Register::R8L + i);
        }
        for (i, n) in ["db0", "db1", "db2", "db3", "db4", "db5", "db6", "db7"].iter().enumerate() {
            m.insert(n, Register::DR0 + i as u32);
        }
        m
    })
}

/// Parses an AT&T register name without the `%`, case-insensitively:
/// general registers of every width (`rax`, `r8d`, `spl`, `ah`), `rip`,
/// `eip`, vector (`xmm0`–`xmm31`, `ymm`, `zmm`), mask (`k0`–`k7`), x87
/// (`st`, `st(0)`–`st(7)`), MMX, segment, control, debug, `bnd0`–`bnd3`
/// and AMX `tmm` registers.
pub fn parse_reg(name: &str) -> Option<Reg> {
    if name.len() > 8 {
        return None;
    }
    let mut buf = [0u8; 8];
    let mut n = 0;
    for b in name.bytes() {
        if b == b' ' || b == b'\t' {
            continue;
        }
        buf[n] = b.to_ascii_lowercase();
        n += 1;
    }
    let s = core::str::from_utf8(&buf[..n]).ok()?;
    table().get(s).map(|&r| Reg(r))
}

/// The AT&T name of `r` (empty for registers AT&T syntax cannot name).
pub(crate) fn reg_name(r: Register) -> &'static str {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Register::values()
            .map(|r| {
                let s: String = if r.is_st() {
                    format!("st({})", regnum(r))
                } else {
                    let d = format!("{r:?}").to_ascii_lowercase();
                    if d == "none" || d.starts_with("dontuse") || r.is_tr() {
                        String::new()
                    } else {
                        d
                    }
                };
                &*Box::leak(s.into_boxed_str())
            })
            .collect()
    });
    names.get(r as usize).copied().unwrap_or("")
}

/// The register's number within its class (`r9` → 9, `xmm17` → 17,
/// `st(3)` → 3; `spl` → 4, `r8b` → 8; `ah` → 4).
pub(crate) fn regnum(r: Register) -> u32 {
    let v = r as u32;
    let rel = |first: Register| v - first as u32;
    if r.is_gpr8() {
        let i = rel(Register::AL);
        if i >= 8 {
            i - 4
        } else {
            i
        }
    } else if r.is_gpr16() {
        rel(Register::AX)
    } else if r.is_gpr32() {
        rel(Register::EAX)
    } else if r.is_gpr64() {
        rel(Register::RAX)
    } else if r.is_xmm() {
        rel(Register::XMM0)
    } else if r.is_ymm() {
        rel(Register::YMM0)
    } else if r.is_zmm() {
        rel(Register::ZMM0)
    } else if r.is_k() {
        rel(Register::K0)
    } else if r.is_st() {
        rel(Register::ST0)
    } else if r.is_mm() {
        rel(Register::MM0)
    } else if r.is_cr() {
        rel(Register::CR0)
    } else if r.is_dr() {
        rel(Register::DR0)
    } else if r.is_bnd() {
        rel(Register::BND0)
    } else if r.is_tmm() {
        rel(Register::TMM0)
    } else if r.is_segment_register() {
        rel(Register::ES)
    } else {
        0
    }
}
