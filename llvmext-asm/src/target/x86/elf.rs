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
    if let FixupKind::Literal(t) = kind {
        return Ok(t);
    }
    let mut variant = variant;
    let mut is_pcrel = is_pcrel;
    let ty = match kind {
        FixupKind::None | FixupKind::Literal(_) => Ty::None,
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
    use llvmext_obj::elf::RelocX86_64 as R;
    let is32 = matches!(ty, Ty::B32 | Ty::B32S);
    let need32 = |v: u32| if is32 { Ok(v) } else { err("this relocation requires a 32-bit field") };
    match variant {
        Variant::None | Variant::Abs8 => Ok(match ty {
            Ty::None => R::NONE.0,
            Ty::B64 => {
                if pcrel {
                    R::PC64.0
                } else {
                    R::R64.0
                }
            }
            Ty::B32 => {
                if pcrel {
                    if kind == FixupKind::Branch4PCRel {
                        R::PLT32.0
                    } else {
                        R::PC32.0
                    }
                } else {
                    R::R32.0
                }
            }
            Ty::B32S => R::R32S.0,
            Ty::B16 => {
                if pcrel {
                    R::PC16.0
                } else {
                    R::R16.0
                }
            }
            Ty::B8 => {
                if pcrel {
                    R::PC8.0
                } else {
                    R::R8.0
                }
            }
        }),
        Variant::Got => match ty {
            Ty::B64 => Ok(if pcrel { R::GOTPC64.0 } else { R::GOT64.0 }),
            Ty::B32 => Ok(if pcrel { R::GOTPC32.0 } else { R::GOT32.0 }),
            _ => err("unsupported relocation type"),
        },
        Variant::GotOff => match ty {
            Ty::B64 if !pcrel => Ok(R::GOTOFF64.0),
            _ => err("unsupported relocation type"),
        },
        Variant::PltOff => match ty {
            Ty::B64 if !pcrel => Ok(R::PLTOFF64.0),
            _ => err("unsupported relocation type"),
        },
        Variant::TpOff => match ty {
            Ty::B64 => Ok(R::TPOFF64.0),
            Ty::B32 | Ty::B32S => Ok(R::TPOFF32.0),
            _ => err("unsupported relocation type"),
        },
        Variant::DtpOff => match ty {
            Ty::B64 => Ok(R::DTPOFF64.0),
            Ty::B32 | Ty::B32S => Ok(R::DTPOFF32.0),
            _ => err("unsupported relocation type"),
        },
        Variant::Size => match ty {
            Ty::B64 => Ok(R::SIZE64.0),
            Ty::B32 | Ty::B32S => Ok(R::SIZE32.0),
            _ => err("unsupported relocation type"),
        },
        Variant::TlsCall => Ok(R::TLSDESC_CALL.0),
        Variant::TlsDesc => need32(R::GOTPC32_TLSDESC.0),
        Variant::TlsGd => need32(R::TLSGD.0),
        Variant::GotTpOff => need32(R::GOTTPOFF.0),
        Variant::TlsLd => need32(R::TLSLD.0),
        Variant::Plt => need32(R::PLT32.0),
        Variant::GotPcRel => {
            if ty == Ty::B64 {
                return Ok(R::GOTPCREL64.0);
            }
            need32(match kind {
                FixupKind::RipRel4Relax => R::GOTPCRELX.0,
                FixupKind::RipRel4RelaxRex | FixupKind::RipRel4MovqLoad => R::REX_GOTPCRELX.0,
                _ => R::GOTPCREL.0,
            })
        }
        Variant::GotPcRelNoRelax => need32(R::GOTPCREL.0),
        _ => err("unsupported relocation type"),
    }
}

fn reloc32(ty: Ty, kind: FixupKind, variant: Variant, pcrel: bool) -> Result<u32, RelocError> {
    use llvmext_obj::elf::Reloc386 as R;
    let ty = match ty {
        Ty::B64 => return err("unsupported relocation type"),
        Ty::B32S => Ty::B32,
        t => t,
    };
    let need32 = |v: u32| if ty == Ty::B32 { Ok(v) } else { err("unsupported relocation type") };
    match variant {
        Variant::None | Variant::Abs8 => Ok(match ty {
            Ty::None => R::NONE.0,
            Ty::B32 => {
                if pcrel {
                    R::PC32.0
                } else {
                    R::R32.0
                }
            }
            Ty::B16 => {
                if pcrel {
                    R::PC16.0
                } else {
                    R::R16.0
                }
            }
            _ => {
                if pcrel {
                    R::PC8.0
                } else {
                    R::R8.0
                }
            }
        }),
        Variant::Got => {
            if ty != Ty::B32 {
                return err("unsupported relocation type");
            }
            if pcrel {
                return Ok(R::GOTPC.0);
            }
            Ok(if kind == FixupKind::Signed4Relax { R::GOT32X.0 } else { R::GOT32.0 })
        }
        Variant::GotOff => need32(R::GOTOFF.0),
        Variant::TlsCall => Ok(R::TLS_DESC_CALL.0),
        Variant::TlsDesc => need32(R::TLS_GOTDESC.0),
        Variant::TpOff => need32(R::TLS_LE_32.0),
        Variant::DtpOff => need32(R::TLS_LDO_32.0),
        Variant::TlsGd => need32(R::TLS_GD.0),
        Variant::GotTpOff => need32(R::TLS_IE_32.0),
        Variant::Plt => need32(R::PLT32.0),
        Variant::IndNtpOff => need32(R::TLS_IE.0),
        Variant::NtpOff => need32(R::TLS_LE.0),
        Variant::GotNtpOff => need32(R::TLS_GOTIE.0),
        Variant::TlsLdm => need32(R::TLS_LDM.0),
        _ => err("unsupported relocation type"),
    }
}
