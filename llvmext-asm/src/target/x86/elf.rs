//! ELF relocation types for x86 fixups (LLVM 19's
//! `X86ELFObjectWriter::getRelocType`, with `-x86-relax-relocations`
//! on, as `llvm-mc-19` runs by default).

use super::{FixupKind, Mode, Variant};
use core::fmt;

/// Why no relocation type exists for a fixup: LLVM's diagnostic text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelocError {
    /// The message `llvm-mc-19` prints.
    pub message: &'static str,
}

impl fmt::Display for RelocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

impl std::error::Error for RelocError {}

/// `R_X86_64_*` relocation type values.
#[allow(missing_docs)]
pub mod r_x86_64 {
    pub const NONE: u32 = 0;
    pub const R64: u32 = 1;
    pub const PC32: u32 = 2;
    pub const GOT32: u32 = 3;
    pub const PLT32: u32 = 4;
    pub const GOTPCREL: u32 = 9;
    pub const R32: u32 = 10;
    pub const R32S: u32 = 11;
    pub const R16: u32 = 12;
    pub const PC16: u32 = 13;
    pub const R8: u32 = 14;
    pub const PC8: u32 = 15;
    pub const DTPMOD64: u32 = 16;
    pub const DTPOFF64: u32 = 17;
    pub const TPOFF64: u32 = 18;
    pub const TLSGD: u32 = 19;
    pub const TLSLD: u32 = 20;
    pub const DTPOFF32: u32 = 21;
    pub const GOTTPOFF: u32 = 22;
    pub const TPOFF32: u32 = 23;
    pub const PC64: u32 = 24;
    pub const GOTOFF64: u32 = 25;
    pub const GOTPC32: u32 = 26;
    pub const GOT64: u32 = 27;
    pub const GOTPCREL64: u32 = 28;
    pub const GOTPC64: u32 = 29;
    pub const PLTOFF64: u32 = 31;
    pub const SIZE32: u32 = 32;
    pub const SIZE64: u32 = 33;
    pub const GOTPC32_TLSDESC: u32 = 34;
    pub const TLSDESC_CALL: u32 = 35;
    pub const GOTPCRELX: u32 = 41;
    pub const REX_GOTPCRELX: u32 = 42;
}

/// `R_386_*` relocation type values.
#[allow(missing_docs)]
pub mod r_386 {
    pub const NONE: u32 = 0;
    pub const R32: u32 = 1;
    pub const PC32: u32 = 2;
    pub const GOT32: u32 = 3;
    pub const PLT32: u32 = 4;
    pub const GOTOFF: u32 = 9;
    pub const GOTPC: u32 = 10;
    pub const TLS_IE: u32 = 15;
    pub const TLS_GOTIE: u32 = 16;
    pub const TLS_LE: u32 = 17;
    pub const TLS_GD: u32 = 18;
    pub const TLS_LDM: u32 = 19;
    pub const R16: u32 = 20;
    pub const PC16: u32 = 21;
    pub const R8: u32 = 22;
    pub const PC8: u32 = 23;
    pub const TLS_IE_32: u32 = 33;
    pub const TLS_LE_32: u32 = 34;
    pub const TLS_LDO_32: u32 = 32;
    pub const TLS_GOTDESC: u32 = 39;
    pub const TLS_DESC_CALL: u32 = 40;
    pub const GOT32X: u32 = 43;
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ty {
    None,
    B64,
    B32,
    B32S,
    B16,
    B8,
}

/// The relocation type of a fixup that stays unresolved.
///
/// `elf64` selects `R_X86_64_*` (an `x86_64` object, whatever `.code`
/// mode the instruction was in) or `R_386_*`; `is_pcrel` is whether the
/// fixup is PC-relative ([`FixupKind::is_pc_rel`], or an expression whose
/// subtrahend is in the fixup's section). The mode is unused but kept for
/// x32-like extensions.
pub fn elf_reloc_type(
    elf64: bool,
    _mode: Mode,
    kind: FixupKind,
    variant: Variant,
    is_pcrel: bool,
) -> Result<u32, RelocError> {
    let mut variant = variant;
    let mut is_pcrel = is_pcrel;
    let ty = match kind {
        FixupKind::None => Ty::None,
        FixupKind::Data8 => Ty::B64,
        FixupKind::GlobalOffsetTable8 => {
            variant = Variant::Got;
            is_pcrel = true;
            Ty::B64
        }
        FixupKind::GlobalOffsetTable => {
            variant = Variant::Got;
            is_pcrel = true;
            Ty::B32
        }
        FixupKind::Signed4 | FixupKind::Signed4Relax => {
            if variant == Variant::None && !is_pcrel {
                Ty::B32S
            } else {
                Ty::B32
            }
        }
        FixupKind::Data4
        | FixupKind::PCRel4
        | FixupKind::RipRel4
        | FixupKind::RipRel4MovqLoad
        | FixupKind::RipRel4Relax
        | FixupKind::RipRel4RelaxRex
        | FixupKind::Branch4PCRel => Ty::B32,
        FixupKind::Data2 | FixupKind::PCRel2 => Ty::B16,
        FixupKind::Data1 | FixupKind::PCRel1 => Ty::B8,
    };
    if elf64 {
        reloc64(ty, kind, variant, is_pcrel)
    } else {
        reloc32(ty, kind, variant, is_pcrel)
    }
}

fn err(m: &'static str) -> Result<u32, RelocError> {
    Err(RelocError { message: m })
}

fn reloc64(ty: Ty, kind: FixupKind, variant: Variant, pcrel: bool) -> Result<u32, RelocError> {
    use r_x86_64 as r;
    let is32 = matches!(ty, Ty::B32 | Ty::B32S);
    let need32 = |v: u32| if is32 { Ok(v) } else { err("this relocation requires a 32-bit field") };
    match variant {
        Variant::None | Variant::Abs8 => Ok(match ty {
            Ty::None => r::NONE,
            Ty::B64 => {
                if pcrel {
                    r::PC64
                } else {
                    r::R64
                }
            }
            Ty::B32 => {
                if pcrel {
                    if kind == FixupKind::Branch4PCRel {
                        r::PLT32
                    } else {
                        r::PC32
                    }
                } else {
                    r::R32
                }
            }
            Ty::B32S => r::R32S,
            Ty::B16 => {
                if pcrel {
                    r::PC16
                } else {
                    r::R16
                }
            }
            Ty::B8 => {
                if pcrel {
                    r::PC8
                } else {
                    r::R8
                }
            }
        }),
        Variant::Got => match ty {
            Ty::B64 => Ok(if pcrel { r::GOTPC64 } else { r::GOT64 }),
            Ty::B32 => Ok(if pcrel { r::GOTPC32 } else { r::GOT32 }),
            _ => err("unsupported relocation type"),
        },
        Variant::GotOff => match ty {
            Ty::B64 if !pcrel => Ok(r::GOTOFF64),
            _ => err("unsupported relocation type"),
        },
        Variant::PltOff => match ty {
            Ty::B64 if !pcrel => Ok(r::PLTOFF64),
            _ => err("unsupported relocation type"),
        },
        Variant::TpOff => match ty {
            Ty::B64 => Ok(r::TPOFF64),
            Ty::B32 | Ty::B32S => Ok(r::TPOFF32),
            _ => err("unsupported relocation type"),
        },
        Variant::DtpOff => match ty {
            Ty::B64 => Ok(r::DTPOFF64),
            Ty::B32 | Ty::B32S => Ok(r::DTPOFF32),
            _ => err("unsupported relocation type"),
        },
        Variant::Size => match ty {
            Ty::B64 => Ok(r::SIZE64),
            Ty::B32 | Ty::B32S => Ok(r::SIZE32),
            _ => err("unsupported relocation type"),
        },
        Variant::TlsCall => Ok(r::TLSDESC_CALL),
        Variant::TlsDesc => need32(r::GOTPC32_TLSDESC),
        Variant::TlsGd => need32(r::TLSGD),
        Variant::GotTpOff => need32(r::GOTTPOFF),
        Variant::TlsLd => need32(r::TLSLD),
        Variant::Plt => need32(r::PLT32),
        Variant::GotPcRel => {
            if ty == Ty::B64 {
                return Ok(r::GOTPCREL64);
            }
            need32(match kind {
                FixupKind::RipRel4Relax => r::GOTPCRELX,
                FixupKind::RipRel4RelaxRex | FixupKind::RipRel4MovqLoad => r::REX_GOTPCRELX,
                _ => r::GOTPCREL,
            })
        }
        Variant::GotPcRelNoRelax => need32(r::GOTPCREL),
        _ => err("unsupported relocation type"),
    }
}

fn reloc32(ty: Ty, kind: FixupKind, variant: Variant, pcrel: bool) -> Result<u32, RelocError> {
    use r_386 as r;
    let ty = match ty {
        Ty::B64 => return err("unsupported relocation type"),
        Ty::B32S => Ty::B32,
        t => t,
    };
    let need32 = |v: u32| if ty == Ty::B32 { Ok(v) } else { err("unsupported relocation type") };
    match variant {
        Variant::None | Variant::Abs8 => Ok(match ty {
            Ty::None => r::NONE,
            Ty::B32 => {
                if pcrel {
                    r::PC32
                } else {
                    r::R32
                }
            }
            Ty::B16 => {
                if pcrel {
                    r::PC16
                } else {
                    r::R16
                }
            }
            _ => {
                if pcrel {
                    r::PC8
                } else {
                    r::R8
                }
            }
        }),
        Variant::Got => {
            if ty != Ty::B32 {
                return err("unsupported relocation type");
            }
            if pcrel {
                return Ok(r::GOTPC);
            }
            Ok(if kind == FixupKind::Signed4Relax { r::GOT32X } else { r::GOT32 })
        }
        Variant::GotOff => need32(r::GOTOFF),
        Variant::TlsCall => Ok(r::TLS_DESC_CALL),
        Variant::TlsDesc => need32(r::TLS_GOTDESC),
        Variant::TpOff => need32(r::TLS_LE_32),
        Variant::DtpOff => need32(r::TLS_LDO_32),
        Variant::TlsGd => need32(r::TLS_GD),
        Variant::GotTpOff => need32(r::TLS_IE_32),
        Variant::Plt => need32(r::PLT32),
        Variant::IndNtpOff => need32(r::TLS_IE),
        Variant::NtpOff => need32(r::TLS_LE),
        Variant::GotNtpOff => need32(r::TLS_GOTIE),
        Variant::TlsLdm => need32(r::TLS_LDM),
        _ => err("unsupported relocation type"),
    }
}
