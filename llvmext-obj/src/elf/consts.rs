//! ELF constants as open newtypes (in the style of gimli's `dw!`): every
//! value is representable, the known ones have names.

use core::fmt;

use crate::consts::open_consts;

open_consts! {
    /// `e_machine`.
    Machine(u16) {
        NONE = 0, SPARC = 2, I386 = 3, M68K = 4, MIPS = 8, PPC = 20, PPC64 = 21,
        S390 = 22, ARM = 40, SPARCV9 = 43, IA_64 = 50, X86_64 = 62, AVR = 83,
        MSP430 = 105, HEXAGON = 164, AARCH64 = 183, CUDA = 190, AMDGPU = 224,
        RISCV = 243, BPF = 247, VE = 251, CSKY = 252, LOONGARCH = 258,
    }
}

open_consts! {
    /// `sh_type`.
    SectionType(u32) {
        NULL = 0, PROGBITS = 1, SYMTAB = 2, STRTAB = 3, RELA = 4, HASH = 5,
        DYNAMIC = 6, NOTE = 7, NOBITS = 8, REL = 9, SHLIB = 10, DYNSYM = 11,
        INIT_ARRAY = 14, FINI_ARRAY = 15, PREINIT_ARRAY = 16, GROUP = 17,
        SYMTAB_SHNDX = 18, RELR = 19, CREL = 0x4000_0014,
        ANDROID_REL = 0x6000_0001, ANDROID_RELA = 0x6000_0002,
        LLVM_ODRTAB = 0x6fff_4c00, LLVM_LINKER_OPTIONS = 0x6fff_4c01,
        LLVM_ADDRSIG = 0x6fff_4c03, LLVM_DEPENDENT_LIBRARIES = 0x6fff_4c04,
        LLVM_SYMPART = 0x6fff_4c05, LLVM_PART_EHDR = 0x6fff_4c06,
        LLVM_PART_PHDR = 0x6fff_4c07, LLVM_BB_ADDR_MAP_V0 = 0x6fff_4c08,
        LLVM_CALL_GRAPH_PROFILE = 0x6fff_4c09, LLVM_BB_ADDR_MAP = 0x6fff_4c0a,
        LLVM_OFFLOADING = 0x6fff_4c0b, LLVM_LTO = 0x6fff_4c0c,
        LLVM_JT_SIZES = 0x6fff_4c0d, LLVM_CFI_JUMP_TABLE = 0x6fff_4c0e,
        LLVM_CALL_GRAPH = 0x6fff_4c0f,
        GNU_ATTRIBUTES = 0x6fff_fff5, GNU_HASH = 0x6fff_fff6,
        GNU_VERDEF = 0x6fff_fffd, GNU_VERNEED = 0x6fff_fffe, GNU_VERSYM = 0x6fff_ffff,
    }
}

impl SectionType {
    /// `SHT_X86_64_UNWIND` (x86-64 only; the same value as `SHT_ARM_EXIDX`).
    pub const X86_64_UNWIND: SectionType = SectionType(0x7000_0001);
    /// `SHT_ARM_EXIDX` (ARM only).
    pub const ARM_EXIDX: SectionType = SectionType(0x7000_0001);
    /// `SHT_ARM_ATTRIBUTES` (ARM only).
    pub const ARM_ATTRIBUTES: SectionType = SectionType(0x7000_0003);
    /// `SHT_RISCV_ATTRIBUTES` (RISC-V only).
    pub const RISCV_ATTRIBUTES: SectionType = SectionType(0x7000_0003);
    /// `SHT_AARCH64_MEMTAG_GLOBALS_STATIC` (AArch64 only).
    pub const AARCH64_MEMTAG_GLOBALS_STATIC: SectionType = SectionType(0x7000_0007);
}

/// `sh_flags`: an open set of bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SectionFlags(pub u64);

impl SectionFlags {
    /// No flags.
    pub const NONE: SectionFlags = SectionFlags(0);
    /// `SHF_WRITE`.
    pub const WRITE: SectionFlags = SectionFlags(0x1);
    /// `SHF_ALLOC`.
    pub const ALLOC: SectionFlags = SectionFlags(0x2);
    /// `SHF_EXECINSTR`.
    pub const EXECINSTR: SectionFlags = SectionFlags(0x4);
    /// `SHF_MERGE`.
    pub const MERGE: SectionFlags = SectionFlags(0x10);
    /// `SHF_STRINGS`.
    pub const STRINGS: SectionFlags = SectionFlags(0x20);
    /// `SHF_INFO_LINK`.
    pub const INFO_LINK: SectionFlags = SectionFlags(0x40);
    /// `SHF_LINK_ORDER`.
    pub const LINK_ORDER: SectionFlags = SectionFlags(0x80);
    /// `SHF_OS_NONCONFORMING`.
    pub const OS_NONCONFORMING: SectionFlags = SectionFlags(0x100);
    /// `SHF_GROUP`.
    pub const GROUP: SectionFlags = SectionFlags(0x200);
    /// `SHF_TLS`.
    pub const TLS: SectionFlags = SectionFlags(0x400);
    /// `SHF_COMPRESSED`.
    pub const COMPRESSED: SectionFlags = SectionFlags(0x800);
    /// `SHF_GNU_RETAIN`.
    pub const GNU_RETAIN: SectionFlags = SectionFlags(0x20_0000);
    /// `SHF_X86_64_LARGE` (x86-64 only).
    pub const X86_64_LARGE: SectionFlags = SectionFlags(0x1000_0000);
    /// `SHF_ARM_PURECODE` (ARM only).
    pub const ARM_PURECODE: SectionFlags = SectionFlags(0x2000_0000);
    /// `SHF_EXCLUDE`.
    pub const EXCLUDE: SectionFlags = SectionFlags(0x8000_0000);

    /// Whether every bit of `other` is set.
    pub fn contains(self, other: SectionFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

impl core::ops::BitOr for SectionFlags {
    type Output = SectionFlags;
    fn bitor(self, o: SectionFlags) -> SectionFlags {
        SectionFlags(self.0 | o.0)
    }
}

impl core::ops::BitOrAssign for SectionFlags {
    fn bitor_assign(&mut self, o: SectionFlags) {
        self.0 |= o.0;
    }
}

impl fmt::Debug for SectionFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SectionFlags({:#x})", self.0)
    }
}

open_consts! {
    /// The binding half of `st_info`.
    Binding(u8) { LOCAL = 0, GLOBAL = 1, WEAK = 2, GNU_UNIQUE = 10 }
}

open_consts! {
    /// The type half of `st_info`.
    SymbolType(u8) {
        NOTYPE = 0, OBJECT = 1, FUNC = 2, SECTION = 3, FILE = 4, COMMON = 5,
        TLS = 6, GNU_IFUNC = 10,
    }
}

open_consts! {
    /// The visibility bits of `st_other`.
    Visibility(u8) { DEFAULT = 0, INTERNAL = 1, HIDDEN = 2, PROTECTED = 3 }
}

open_consts! {
    /// `EI_OSABI`.
    OsAbi(u8) {
        NONE = 0, HPUX = 1, GNU = 3, SOLARIS = 6, FREEBSD = 9, OPENBSD = 12,
        AMDGPU_HSA = 64, AMDGPU_PAL = 65, AMDGPU_MESA3D = 66, ARM = 97,
        CUDA = 51, STANDALONE = 255,
    }
}

open_consts! {
    /// x86-64 relocation types (`R_X86_64_*`).
    RelocX86_64(u32) {
        NONE = 0, R64 = 1, PC32 = 2, GOT32 = 3, PLT32 = 4, COPY = 5,
        GLOB_DAT = 6, JUMP_SLOT = 7, RELATIVE = 8, GOTPCREL = 9, R32 = 10,
        R32S = 11, R16 = 12, PC16 = 13, R8 = 14, PC8 = 15, DTPMOD64 = 16,
        DTPOFF64 = 17, TPOFF64 = 18, TLSGD = 19, TLSLD = 20, DTPOFF32 = 21,
        GOTTPOFF = 22, TPOFF32 = 23, PC64 = 24, GOTOFF64 = 25, GOTPC32 = 26,
        GOT64 = 27, GOTPCREL64 = 28, GOTPC64 = 29, GOTPLT64 = 30,
        PLTOFF64 = 31, SIZE32 = 32, SIZE64 = 33, GOTPC32_TLSDESC = 34,
        TLSDESC_CALL = 35, TLSDESC = 36, IRELATIVE = 37, GOTPCRELX = 41,
        REX_GOTPCRELX = 42, CODE_4_GOTPCRELX = 43, CODE_4_GOTTPOFF = 44,
        CODE_4_GOTPC32_TLSDESC = 45, CODE_5_GOTPCRELX = 46,
        CODE_5_GOTTPOFF = 47, CODE_5_GOTPC32_TLSDESC = 48,
        CODE_6_GOTPCRELX = 49, CODE_6_GOTTPOFF = 50, CODE_6_GOTPC32_TLSDESC = 51,
    }
}

open_consts! {
    /// i386 relocation types (`R_386_*`).
    Reloc386(u32) {
        NONE = 0, R32 = 1, PC32 = 2, GOT32 = 3, PLT32 = 4, COPY = 5,
        GLOB_DAT = 6, JUMP_SLOT = 7, RELATIVE = 8, GOTOFF = 9, GOTPC = 10,
        R32PLT = 11, TLS_TPOFF = 14, TLS_IE = 15, TLS_GOTIE = 16, TLS_LE = 17,
        TLS_GD = 18, TLS_LDM = 19, R16 = 20, PC16 = 21, R8 = 22, PC8 = 23,
        TLS_GD_32 = 24, TLS_GD_PUSH = 25, TLS_GD_CALL = 26, TLS_GD_POP = 27,
        TLS_LDM_32 = 28, TLS_LDM_PUSH = 29, TLS_LDM_CALL = 30,
        TLS_LDM_POP = 31, TLS_LDO_32 = 32, TLS_IE_32 = 33, TLS_LE_32 = 34,
        TLS_DTPMOD32 = 35, TLS_DTPOFF32 = 36, TLS_TPOFF32 = 37,
        TLS_GOTDESC = 39, TLS_DESC_CALL = 40, TLS_DESC = 41, IRELATIVE = 42,
        GOT32X = 43,
    }
}

open_consts! {
    /// AArch64 (LP64) relocation types (`R_AARCH64_*`).
    RelocAarch64(u32) {
        NONE = 0, ABS64 = 0x101, ABS32 = 0x102, ABS16 = 0x103, PREL64 = 0x104,
        PREL32 = 0x105, PREL16 = 0x106, MOVW_UABS_G0 = 0x107,
        MOVW_UABS_G0_NC = 0x108, MOVW_UABS_G1 = 0x109, MOVW_UABS_G1_NC = 0x10a,
        MOVW_UABS_G2 = 0x10b, MOVW_UABS_G2_NC = 0x10c, MOVW_UABS_G3 = 0x10d,
        MOVW_SABS_G0 = 0x10e, MOVW_SABS_G1 = 0x10f, MOVW_SABS_G2 = 0x110,
        LD_PREL_LO19 = 0x111, ADR_PREL_LO21 = 0x112, ADR_PREL_PG_HI21 = 0x113,
        ADR_PREL_PG_HI21_NC = 0x114, ADD_ABS_LO12_NC = 0x115,
        LDST8_ABS_LO12_NC = 0x116, TSTBR14 = 0x117, CONDBR19 = 0x118,
        JUMP26 = 0x11a, CALL26 = 0x11b, LDST16_ABS_LO12_NC = 0x11c,
        LDST32_ABS_LO12_NC = 0x11d, LDST64_ABS_LO12_NC = 0x11e,
        MOVW_PREL_G0 = 0x11f, MOVW_PREL_G0_NC = 0x120, MOVW_PREL_G1 = 0x121,
        MOVW_PREL_G1_NC = 0x122, MOVW_PREL_G2 = 0x123, MOVW_PREL_G2_NC = 0x124,
        MOVW_PREL_G3 = 0x125, LDST128_ABS_LO12_NC = 0x12b,
        MOVW_GOTOFF_G0 = 0x12c, MOVW_GOTOFF_G0_NC = 0x12d,
        MOVW_GOTOFF_G1 = 0x12e, MOVW_GOTOFF_G1_NC = 0x12f,
        MOVW_GOTOFF_G2 = 0x130, MOVW_GOTOFF_G2_NC = 0x131,
        MOVW_GOTOFF_G3 = 0x132, GOTREL64 = 0x133, GOTREL32 = 0x134,
        GOT_LD_PREL19 = 0x135, LD64_GOTOFF_LO15 = 0x136, ADR_GOT_PAGE = 0x137,
        LD64_GOT_LO12_NC = 0x138, LD64_GOTPAGE_LO15 = 0x139, PLT32 = 0x13a,
        TLSGD_ADR_PREL21 = 0x200, TLSGD_ADR_PAGE21 = 0x201,
        TLSGD_ADD_LO12_NC = 0x202, TLSGD_MOVW_G1 = 0x203,
        TLSGD_MOVW_G0_NC = 0x204, TLSLD_ADR_PREL21 = 0x205,
        TLSLD_ADR_PAGE21 = 0x206, TLSLD_ADD_LO12_NC = 0x207,
        TLSLD_MOVW_G1 = 0x208, TLSLD_MOVW_G0_NC = 0x209,
        TLSLD_LD_PREL19 = 0x20a, TLSLD_MOVW_DTPREL_G2 = 0x20b,
        TLSLD_MOVW_DTPREL_G1 = 0x20c, TLSLD_MOVW_DTPREL_G1_NC = 0x20d,
        TLSLD_MOVW_DTPREL_G0 = 0x20e, TLSLD_MOVW_DTPREL_G0_NC = 0x20f,
        TLSLD_ADD_DTPREL_HI12 = 0x210, TLSLD_ADD_DTPREL_LO12 = 0x211,
        TLSLD_ADD_DTPREL_LO12_NC = 0x212, TLSLD_LDST8_DTPREL_LO12 = 0x213,
        TLSLD_LDST8_DTPREL_LO12_NC = 0x214, TLSLD_LDST16_DTPREL_LO12 = 0x215,
        TLSLD_LDST16_DTPREL_LO12_NC = 0x216, TLSLD_LDST32_DTPREL_LO12 = 0x217,
        TLSLD_LDST32_DTPREL_LO12_NC = 0x218, TLSLD_LDST64_DTPREL_LO12 = 0x219,
        TLSLD_LDST64_DTPREL_LO12_NC = 0x21a, TLSIE_MOVW_GOTTPREL_G1 = 0x21b,
        TLSIE_MOVW_GOTTPREL_G0_NC = 0x21c, TLSIE_ADR_GOTTPREL_PAGE21 = 0x21d,
        TLSIE_LD64_GOTTPREL_LO12_NC = 0x21e, TLSIE_LD_GOTTPREL_PREL19 = 0x21f,
        TLSLE_MOVW_TPREL_G2 = 0x220, TLSLE_MOVW_TPREL_G1 = 0x221,
        TLSLE_MOVW_TPREL_G1_NC = 0x222, TLSLE_MOVW_TPREL_G0 = 0x223,
        TLSLE_MOVW_TPREL_G0_NC = 0x224, TLSLE_ADD_TPREL_HI12 = 0x225,
        TLSLE_ADD_TPREL_LO12 = 0x226, TLSLE_ADD_TPREL_LO12_NC = 0x227,
        TLSLE_LDST8_TPREL_LO12 = 0x228, TLSLE_LDST8_TPREL_LO12_NC = 0x229,
        TLSLE_LDST16_TPREL_LO12 = 0x22a, TLSLE_LDST16_TPREL_LO12_NC = 0x22b,
        TLSLE_LDST32_TPREL_LO12 = 0x22c, TLSLE_LDST32_TPREL_LO12_NC = 0x22d,
        TLSLE_LDST64_TPREL_LO12 = 0x22e, TLSLE_LDST64_TPREL_LO12_NC = 0x22f,
        TLSDESC_LD_PREL19 = 0x230, TLSDESC_ADR_PREL21 = 0x231,
        TLSDESC_ADR_PAGE21 = 0x232, TLSDESC_LD64_LO12 = 0x233,
        TLSDESC_ADD_LO12 = 0x234, TLSDESC_OFF_G1 = 0x235,
        TLSDESC_OFF_G0_NC = 0x236, TLSDESC_LDR = 0x237, TLSDESC_ADD = 0x238,
        TLSDESC_CALL = 0x239, TLSLE_LDST128_TPREL_LO12 = 0x23a,
        TLSLE_LDST128_TPREL_LO12_NC = 0x23b, TLSLD_LDST128_DTPREL_LO12 = 0x23c,
        TLSLD_LDST128_DTPREL_LO12_NC = 0x23d, AUTH_ABS64 = 0x244,
        COPY = 0x400, GLOB_DAT = 0x401, JUMP_SLOT = 0x402, RELATIVE = 0x403,
        TLS_DTPMOD64 = 0x404, TLS_DTPREL64 = 0x405, TLS_TPREL64 = 0x406,
        TLSDESC = 0x407, IRELATIVE = 0x408, AUTH_RELATIVE = 0x411,
    }
}

open_consts! {
    /// 32-bit ARM relocation types (`R_ARM_*`), the ones compilers emit.
    RelocArm(u32) {
        NONE = 0, PC24 = 1, ABS32 = 2, REL32 = 3, ABS16 = 5, ABS12 = 6,
        THM_ABS5 = 7, ABS8 = 8, SBREL32 = 9, THM_CALL = 10, THM_PC8 = 11,
        TLS_DESC = 13, TLS_DTPMOD32 = 17, TLS_DTPOFF32 = 18, TLS_TPOFF32 = 19,
        COPY = 20, GLOB_DAT = 21, JUMP_SLOT = 22, RELATIVE = 23, GOTOFF32 = 24,
        BASE_PREL = 25, GOT_BREL = 26, PLT32 = 27, CALL = 28, JUMP24 = 29,
        THM_JUMP24 = 30, BASE_ABS = 31, TARGET1 = 38, SBREL31 = 39, V4BX = 40,
        TARGET2 = 41, PREL31 = 42, MOVW_ABS_NC = 43, MOVT_ABS = 44,
        MOVW_PREL_NC = 45, MOVT_PREL = 46, THM_MOVW_ABS_NC = 47,
        THM_MOVT_ABS = 48, THM_MOVW_PREL_NC = 49, THM_MOVT_PREL = 50,
        THM_JUMP19 = 51, THM_JUMP6 = 52, THM_ALU_PREL_11_0 = 53,
        THM_PC12 = 54, ABS32_NOI = 55, REL32_NOI = 56, GOT_ABS = 95,
        GOT_PREL = 96, GOT_BREL12 = 97, GOTOFF12 = 98, GOTRELAX = 99,
        THM_JUMP11 = 102, THM_JUMP8 = 103, TLS_GD32 = 104, TLS_LDM32 = 105,
        TLS_LDO32 = 106, TLS_IE32 = 107, TLS_LE32 = 108, TLS_LDO12 = 109,
        TLS_LE12 = 110, TLS_IE12GP = 111, IRELATIVE = 160,
    }
}

open_consts! {
    /// RISC-V relocation types (`R_RISCV_*`).
    RelocRiscv(u32) {
        NONE = 0, R32 = 1, R64 = 2, RELATIVE = 3, COPY = 4, JUMP_SLOT = 5,
        TLS_DTPMOD32 = 6, TLS_DTPMOD64 = 7, TLS_DTPREL32 = 8,
        TLS_DTPREL64 = 9, TLS_TPREL32 = 10, TLS_TPREL64 = 11, TLSDESC = 12,
        BRANCH = 16, JAL = 17, CALL = 18, CALL_PLT = 19, GOT_HI20 = 20,
        TLS_GOT_HI20 = 21, TLS_GD_HI20 = 22, PCREL_HI20 = 23,
        PCREL_LO12_I = 24, PCREL_LO12_S = 25, HI20 = 26, LO12_I = 27,
        LO12_S = 28, TPREL_HI20 = 29, TPREL_LO12_I = 30, TPREL_LO12_S = 31,
        TPREL_ADD = 32, ADD8 = 33, ADD16 = 34, ADD32 = 35, ADD64 = 36,
        SUB8 = 37, SUB16 = 38, SUB32 = 39, SUB64 = 40, GOT32_PCREL = 41,
        ALIGN = 43, RVC_BRANCH = 44, RVC_JUMP = 45, RELAX = 51, SUB6 = 52,
        SET6 = 53, SET8 = 54, SET16 = 55, SET32 = 56, R32_PCREL = 57,
        IRELATIVE = 58, PLT32 = 59, SET_ULEB128 = 60, SUB_ULEB128 = 61,
        TLSDESC_HI20 = 62, TLSDESC_LOAD_LO12 = 63, TLSDESC_ADD_LO12 = 64,
        TLSDESC_CALL = 65,
    }
}

/// A relocation type: a machine's typed constant, which the builder checks
/// against its machine, or a raw `u32`, valid for any machine — as
/// [`coff::RelocType`](crate::coff::RelocType) is for COFF.
///
/// ```
/// use llvmext_obj::elf::{Machine, RelocAarch64, RelocType};
/// assert_eq!(RelocAarch64::CALL26.raw(), 283);
/// assert_eq!(RelocAarch64::CALL26.machine(), Some(Machine::AARCH64));
/// assert_eq!(283u32.machine(), None);
/// ```
pub trait RelocType: Copy {
    /// The `r_type` number.
    fn raw(self) -> u32;
    /// The machine the constant belongs to; `None` for a raw number.
    fn machine(self) -> Option<Machine>;
}

macro_rules! reloc_type {
    ($($t:ty => $m:ident),*) => {$(
        impl RelocType for $t {
            fn raw(self) -> u32 {
                self.0
            }
            fn machine(self) -> Option<Machine> {
                Some(Machine::$m)
            }
        }
    )*};
}
reloc_type!(
    RelocX86_64 => X86_64,
    Reloc386 => I386,
    RelocAarch64 => AARCH64,
    RelocArm => ARM,
    RelocRiscv => RISCV
);

impl RelocType for u32 {
    fn raw(self) -> u32 {
        self
    }
    fn machine(self) -> Option<Machine> {
        None
    }
}

/// The size in bytes of the field a relocation of `r_type` patches in
/// `machine`'s objects, where this module knows it (x86-64, i386,
/// AArch64); `None` elsewhere.
pub(crate) fn reloc_field_size(machine: Machine, r_type: u32) -> Option<u64> {
    Some(match machine {
        Machine::X86_64 => match RelocX86_64(r_type) {
            RelocX86_64::NONE => 0,
            RelocX86_64::R8 | RelocX86_64::PC8 => 1,
            RelocX86_64::R16 | RelocX86_64::PC16 => 2,
            RelocX86_64::R64
            | RelocX86_64::PC64
            | RelocX86_64::GOTOFF64
            | RelocX86_64::GOTPC64
            | RelocX86_64::GOT64
            | RelocX86_64::GOTPCREL64
            | RelocX86_64::GOTPLT64
            | RelocX86_64::PLTOFF64
            | RelocX86_64::SIZE64
            | RelocX86_64::DTPMOD64
            | RelocX86_64::DTPOFF64
            | RelocX86_64::TPOFF64 => 8,
            _ => 4,
        },
        Machine::I386 => match Reloc386(r_type) {
            Reloc386::NONE => 0,
            Reloc386::R8 | Reloc386::PC8 => 1,
            Reloc386::R16 | Reloc386::PC16 => 2,
            _ => 4,
        },
        Machine::AARCH64 => match RelocAarch64(r_type) {
            RelocAarch64::NONE => 0,
            RelocAarch64::ABS16 | RelocAarch64::PREL16 => 2,
            RelocAarch64::ABS64 | RelocAarch64::PREL64 => 8,
            _ => 4,
        },
        _ => return None,
    })
}

/// Special section indexes (`SHN_*`).
pub mod shn {
    /// Undefined.
    pub const UNDEF: u16 = 0;
    /// Start of the reserved range.
    pub const LORESERVE: u32 = 0xff00;
    /// Absolute symbols.
    pub const ABS: u16 = 0xfff1;
    /// Common symbols.
    pub const COMMON: u16 = 0xfff2;
    /// The real index is in `.symtab_shndx`.
    pub const XINDEX: u16 = 0xffff;
}

/// `GRP_COMDAT`.
pub const GRP_COMDAT: u32 = 1;
