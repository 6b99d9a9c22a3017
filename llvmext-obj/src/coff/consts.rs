//! Typed COFF constants: machines, section characteristics, storage
//! classes, COMDAT selections, weak-external search kinds and relocation
//! types.
//!
//! Every type is an open newtype over the raw field (`pub` inner value), so
//! values this module does not name can still be written.

use core::fmt;
use core::ops::{BitAnd, BitOr, BitOrAssign, Not};

use crate::consts::open_consts;
use crate::error::{Error, ErrorKind, Result};

open_consts! {
    /// The `Machine` field of the file header.
    Machine(u16) {
        /// `IMAGE_FILE_MACHINE_UNKNOWN`.
        UNKNOWN = 0,
        /// `IMAGE_FILE_MACHINE_I386` (x86, 32-bit).
        I386 = 0x14c,
        /// `IMAGE_FILE_MACHINE_AMD64` (x86-64).
        AMD64 = 0x8664,
        /// `IMAGE_FILE_MACHINE_ARM64` (AArch64).
        ARM64 = 0xaa64,
        /// `IMAGE_FILE_MACHINE_ARM64EC`.
        ARM64EC = 0xa641,
        /// `IMAGE_FILE_MACHINE_ARM64X`.
        ARM64X = 0xa64e,
        /// `IMAGE_FILE_MACHINE_ARMNT` (Thumb-2).
        ARMNT = 0x1c4,
    }
}

impl Machine {
    /// Whether this is ARM64, ARM64EC or ARM64X (LLVM's `isAnyArm64`).
    pub fn is_any_arm64(self) -> bool {
        matches!(self, Machine::ARM64 | Machine::ARM64EC | Machine::ARM64X)
    }

    /// The relocation family of this machine, if it has typed relocation
    /// constants in this module.
    fn reloc_family(self) -> Option<RelocFamily> {
        match self {
            Machine::I386 => Some(RelocFamily::I386),
            Machine::AMD64 => Some(RelocFamily::Amd64),
            m if m.is_any_arm64() => Some(RelocFamily::Arm64),
            _ => None,
        }
    }
}

/// Section characteristics (the `Characteristics` field of a section
/// header), `IMAGE_SCN_*`.
///
/// ```
/// use llvmext_obj::coff::SectionFlags;
/// // `.section .rdata,"dr"` as LLVM 19 reads it.
/// let f = SectionFlags::from_letters(b".rdata", "dr").unwrap();
/// assert_eq!(f, SectionFlags::CNT_INITIALIZED_DATA | SectionFlags::MEM_READ);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SectionFlags(pub u32);

impl SectionFlags {
    /// No flags.
    pub const NONE: SectionFlags = SectionFlags(0);
    /// `IMAGE_SCN_TYPE_NOLOAD`.
    pub const TYPE_NOLOAD: SectionFlags = SectionFlags(0x0000_0002);
    /// `IMAGE_SCN_TYPE_NO_PAD`.
    pub const TYPE_NO_PAD: SectionFlags = SectionFlags(0x0000_0008);
    /// `IMAGE_SCN_CNT_CODE`.
    pub const CNT_CODE: SectionFlags = SectionFlags(0x0000_0020);
    /// `IMAGE_SCN_CNT_INITIALIZED_DATA`.
    pub const CNT_INITIALIZED_DATA: SectionFlags = SectionFlags(0x0000_0040);
    /// `IMAGE_SCN_CNT_UNINITIALIZED_DATA`: the section has a size but no
    /// bytes in the file.
    pub const CNT_UNINITIALIZED_DATA: SectionFlags = SectionFlags(0x0000_0080);
    /// `IMAGE_SCN_LNK_OTHER`.
    pub const LNK_OTHER: SectionFlags = SectionFlags(0x0000_0100);
    /// `IMAGE_SCN_LNK_INFO` (e.g. `.drectve`).
    pub const LNK_INFO: SectionFlags = SectionFlags(0x0000_0200);
    /// `IMAGE_SCN_LNK_REMOVE`.
    pub const LNK_REMOVE: SectionFlags = SectionFlags(0x0000_0800);
    /// `IMAGE_SCN_LNK_COMDAT`.
    pub const LNK_COMDAT: SectionFlags = SectionFlags(0x0000_1000);
    /// `IMAGE_SCN_GPREL`.
    pub const GPREL: SectionFlags = SectionFlags(0x0000_8000);
    /// `IMAGE_SCN_MEM_PURGEABLE` (same bit as `MEM_16BIT`).
    pub const MEM_PURGEABLE: SectionFlags = SectionFlags(0x0002_0000);
    /// `IMAGE_SCN_MEM_16BIT` (Thumb code on ARM).
    pub const MEM_16BIT: SectionFlags = SectionFlags(0x0002_0000);
    /// `IMAGE_SCN_MEM_LOCKED`.
    pub const MEM_LOCKED: SectionFlags = SectionFlags(0x0004_0000);
    /// `IMAGE_SCN_MEM_PRELOAD`.
    pub const MEM_PRELOAD: SectionFlags = SectionFlags(0x0008_0000);
    /// `IMAGE_SCN_ALIGN_MASK`: the 4-bit alignment field.
    pub const ALIGN_MASK: SectionFlags = SectionFlags(0x00f0_0000);
    /// `IMAGE_SCN_LNK_NRELOC_OVFL` (the writer sets it itself).
    pub const LNK_NRELOC_OVFL: SectionFlags = SectionFlags(0x0100_0000);
    /// `IMAGE_SCN_MEM_DISCARDABLE`.
    pub const MEM_DISCARDABLE: SectionFlags = SectionFlags(0x0200_0000);
    /// `IMAGE_SCN_MEM_NOT_CACHED`.
    pub const MEM_NOT_CACHED: SectionFlags = SectionFlags(0x0400_0000);
    /// `IMAGE_SCN_MEM_NOT_PAGED`.
    pub const MEM_NOT_PAGED: SectionFlags = SectionFlags(0x0800_0000);
    /// `IMAGE_SCN_MEM_SHARED`.
    pub const MEM_SHARED: SectionFlags = SectionFlags(0x1000_0000);
    /// `IMAGE_SCN_MEM_EXECUTE`.
    pub const MEM_EXECUTE: SectionFlags = SectionFlags(0x2000_0000);
    /// `IMAGE_SCN_MEM_READ`.
    pub const MEM_READ: SectionFlags = SectionFlags(0x4000_0000);
    /// `IMAGE_SCN_MEM_WRITE`.
    pub const MEM_WRITE: SectionFlags = SectionFlags(0x8000_0000);

    /// What `.text` has in LLVM's COFF output (code, execute, read), without
    /// the alignment.
    pub const TEXT: SectionFlags = SectionFlags(0x6000_0020);
    /// What `.data` has (initialized data, read, write).
    pub const DATA: SectionFlags = SectionFlags(0xc000_0040);
    /// What `.bss` has (uninitialized data, read, write).
    pub const BSS: SectionFlags = SectionFlags(0xc000_0080);
    /// What `.rdata` has (initialized data, read).
    pub const RDATA: SectionFlags = SectionFlags(0x4000_0040);
    /// What `.drectve` has (`LNK_INFO | LNK_REMOVE`).
    pub const DRECTVE: SectionFlags = SectionFlags(0x0000_0a00);

    /// The raw bits.
    pub fn bits(self) -> u32 {
        self.0
    }

    /// Whether every bit of `other` is set.
    pub fn contains(self, other: SectionFlags) -> bool {
        self.0 & other.0 == other.0
    }

    /// The alignment the `ALIGN_MASK` field holds: `Ok(None)` when the field
    /// is 0, `Ok(Some(1 << (n - 1)))` for `n` in 1..=14, an error for 15.
    pub fn alignment(self) -> Result<Option<u32>> {
        match (self.0 >> 20) & 0xf {
            0 => Ok(None),
            15 => Err(Error::new(ErrorKind::BadAlignment { align: 1 << 14 })),
            n => Ok(Some(1 << (n - 1))),
        }
    }

    /// The `ALIGN_MASK` field for `align`, which must be a power of two no
    /// larger than 8192 (as LLVM's `getAlignment`).
    ///
    /// ```
    /// use llvmext_obj::coff::SectionFlags;
    /// assert_eq!(SectionFlags::align(16).unwrap().bits(), 0x0050_0000);
    /// assert!(SectionFlags::align(3).is_err());
    /// assert!(SectionFlags::align(16384).is_err());
    /// ```
    pub fn align(align: u64) -> Result<SectionFlags> {
        if !align.is_power_of_two() || align > 8192 {
            return Err(Error::new(ErrorKind::BadAlignment { align }));
        }
        Ok(SectionFlags((align.trailing_zeros() + 1) << 20))
    }

    /// The characteristics a `.section NAME, "LETTERS"` directive gives in
    /// LLVM 19 (`COFFAsmParser::parseSectionFlags`), without alignment:
    ///
    /// - `a`: ignored;
    /// - `b`: uninitialized data (bss); conflicts with `d`;
    /// - `d`: initialized data (writable unless `r` follows);
    /// - `n`: not loaded (`LNK_REMOVE`);
    /// - `r`: read-only;
    /// - `s`: shared (and initialized, writable);
    /// - `w`: writable;
    /// - `x`: executable code (read-only unless `w` came first);
    /// - `y`: not readable (nor writable);
    /// - `D`: discardable;
    /// - `i`: `LNK_INFO`.
    ///
    /// No letters at all means initialized data. A name starting with
    /// `.debug` is always discardable. Unknown letters and `b` with `d` are
    /// errors.
    ///
    /// ```
    /// use llvmext_obj::coff::SectionFlags as F;
    /// assert_eq!(F::from_letters(b".bss", "bw").unwrap(),
    ///            F::CNT_UNINITIALIZED_DATA | F::MEM_READ | F::MEM_WRITE);
    /// assert_eq!(F::from_letters(b".text", "xr").unwrap(), F::TEXT);
    /// assert!(F::from_letters(b".x", "bd").is_err());
    /// ```
    pub fn from_letters(section_name: &[u8], letters: &str) -> Result<SectionFlags> {
        const ALLOC: u32 = 1;
        const CODE: u32 = 1 << 1;
        const LOAD: u32 = 1 << 2;
        const INIT_DATA: u32 = 1 << 3;
        const SHARED: u32 = 1 << 4;
        const NO_LOAD: u32 = 1 << 5;
        const NO_READ: u32 = 1 << 6;
        const NO_WRITE: u32 = 1 << 7;
        const DISCARDABLE: u32 = 1 << 8;
        const INFO: u32 = 1 << 9;

        let mut s = 0u32;
        let mut read_only_removed = false;
        let load_unless_noload = |s: u32| if s & NO_LOAD == 0 { s | LOAD } else { s };
        for c in letters.chars() {
            match c {
                'a' => {}
                'b' => {
                    s |= ALLOC;
                    if s & INIT_DATA != 0 {
                        return Err(Error::invalid("conflicting section flags 'b' and 'd'"));
                    }
                    s &= !LOAD;
                }
                'd' => {
                    s |= INIT_DATA;
                    if s & ALLOC != 0 {
                        return Err(Error::invalid("conflicting section flags 'b' and 'd'"));
                    }
                    s &= !NO_WRITE;
                    s = load_unless_noload(s);
                }
                'n' => {
                    s |= NO_LOAD;
                    s &= !LOAD;
                }
                'D' => s |= DISCARDABLE,
                'r' => {
                    read_only_removed = false;
                    s |= NO_WRITE;
                    if s & CODE == 0 {
                        s |= INIT_DATA;
                    }
                    s = load_unless_noload(s);
                }
                's' => {
                    s |= SHARED | INIT_DATA;
                    s &= !NO_WRITE;
                    s = load_unless_noload(s);
                }
                'w' => {
                    s &= !NO_WRITE;
                    read_only_removed = true;
                }
                'x' => {
                    s |= CODE;
                    s = load_unless_noload(s);
                    if !read_only_removed {
                        s |= NO_WRITE;
                    }
                }
                'y' => s |= NO_READ | NO_WRITE,
                'i' => s |= INFO,
                other => {
                    return Err(Error::invalid(format!("unknown COFF section flag '{other}'")))
                }
            }
        }
        if s == 0 {
            s = INIT_DATA;
        }
        let mut f = SectionFlags::NONE;
        if s & CODE != 0 {
            f |= SectionFlags::CNT_CODE | SectionFlags::MEM_EXECUTE;
        }
        if s & INIT_DATA != 0 {
            f |= SectionFlags::CNT_INITIALIZED_DATA;
        }
        if s & ALLOC != 0 && s & LOAD == 0 {
            f |= SectionFlags::CNT_UNINITIALIZED_DATA;
        }
        if s & NO_LOAD != 0 {
            f |= SectionFlags::LNK_REMOVE;
        }
        if s & DISCARDABLE != 0 || section_name.starts_with(b".debug") {
            f |= SectionFlags::MEM_DISCARDABLE;
        }
        if s & NO_READ == 0 {
            f |= SectionFlags::MEM_READ;
        }
        if s & NO_WRITE == 0 {
            f |= SectionFlags::MEM_WRITE;
        }
        if s & SHARED != 0 {
            f |= SectionFlags::MEM_SHARED;
        }
        if s & INFO != 0 {
            f |= SectionFlags::LNK_INFO;
        }
        Ok(f)
    }
}

impl fmt::Debug for SectionFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SectionFlags({:#010x})", self.0)
    }
}

impl BitOr for SectionFlags {
    type Output = SectionFlags;
    fn bitor(self, rhs: SectionFlags) -> SectionFlags {
        SectionFlags(self.0 | rhs.0)
    }
}

impl BitOrAssign for SectionFlags {
    fn bitor_assign(&mut self, rhs: SectionFlags) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for SectionFlags {
    type Output = SectionFlags;
    fn bitand(self, rhs: SectionFlags) -> SectionFlags {
        SectionFlags(self.0 & rhs.0)
    }
}

impl Not for SectionFlags {
    type Output = SectionFlags;
    fn not(self) -> SectionFlags {
        SectionFlags(!self.0)
    }
}

open_consts! {
    /// A symbol's storage class, `IMAGE_SYM_CLASS_*`.
    StorageClass(u8) {
        /// `IMAGE_SYM_CLASS_END_OF_FUNCTION` (0xff).
        END_OF_FUNCTION = 0xff,
        /// `IMAGE_SYM_CLASS_NULL`.
        NULL = 0,
        /// `IMAGE_SYM_CLASS_AUTOMATIC`.
        AUTOMATIC = 1,
        /// `IMAGE_SYM_CLASS_EXTERNAL`: global definitions, undefined and common
        /// symbols.
        EXTERNAL = 2,
        /// `IMAGE_SYM_CLASS_STATIC`: local symbols and section symbols.
        STATIC = 3,
        /// `IMAGE_SYM_CLASS_REGISTER`.
        REGISTER = 4,
        /// `IMAGE_SYM_CLASS_EXTERNAL_DEF`.
        EXTERNAL_DEF = 5,
        /// `IMAGE_SYM_CLASS_LABEL` (LLVM's ARM64 `$L` offset labels).
        LABEL = 6,
        /// `IMAGE_SYM_CLASS_UNDEFINED_LABEL`.
        UNDEFINED_LABEL = 7,
        /// `IMAGE_SYM_CLASS_UNDEFINED_STATIC`.
        UNDEFINED_STATIC = 14,
        /// `IMAGE_SYM_CLASS_BLOCK`.
        BLOCK = 100,
        /// `IMAGE_SYM_CLASS_FUNCTION`.
        FUNCTION = 101,
        /// `IMAGE_SYM_CLASS_END_OF_STRUCT`.
        END_OF_STRUCT = 102,
        /// `IMAGE_SYM_CLASS_FILE`: `.file` symbols.
        FILE = 103,
        /// `IMAGE_SYM_CLASS_SECTION`.
        SECTION = 104,
        /// `IMAGE_SYM_CLASS_WEAK_EXTERNAL`.
        WEAK_EXTERNAL = 105,
        /// `IMAGE_SYM_CLASS_CLR_TOKEN`.
        CLR_TOKEN = 107,
    }
}

open_consts! {
    /// A symbol's `Type` field: base type in the low 4 bits, complex type in
    /// the next 4 (`IMAGE_SYM_DTYPE_*`).
    SymbolType(u16) {
        /// No type (what LLVM writes for everything but functions).
        NULL = 0,
        /// A function (`IMAGE_SYM_DTYPE_FUNCTION << 4`, LLVM's `.type 32`).
        FUNCTION = 0x20,
    }
}

open_consts! {
    /// A COMDAT section's selection (`IMAGE_COMDAT_SELECT_*`), written in its
    /// section-definition auxiliary record.
    Selection(u8) {
        /// `IMAGE_COMDAT_SELECT_NODUPLICATES` (`one_only`).
        NODUPLICATES = 1,
        /// `IMAGE_COMDAT_SELECT_ANY` (`discard`).
        ANY = 2,
        /// `IMAGE_COMDAT_SELECT_SAME_SIZE` (`same_size`).
        SAME_SIZE = 3,
        /// `IMAGE_COMDAT_SELECT_EXACT_MATCH` (`same_contents`).
        EXACT_MATCH = 4,
        /// `IMAGE_COMDAT_SELECT_ASSOCIATIVE` (`associative`; set with
        /// [`CoffBuilder::set_associative`](super::CoffBuilder::set_associative)).
        ASSOCIATIVE = 5,
        /// `IMAGE_COMDAT_SELECT_LARGEST` (`largest`).
        LARGEST = 6,
        /// `IMAGE_COMDAT_SELECT_NEWEST` (`newest`).
        NEWEST = 7,
    }
}

open_consts! {
    /// How the linker resolves a weak external (`IMAGE_WEAK_EXTERN_*`), the
    /// `Characteristics` of its auxiliary record.
    WeakSearch(u32) {
        /// `IMAGE_WEAK_EXTERN_SEARCH_NOLIBRARY`.
        NOLIBRARY = 1,
        /// `IMAGE_WEAK_EXTERN_SEARCH_LIBRARY`.
        LIBRARY = 2,
        /// `IMAGE_WEAK_EXTERN_SEARCH_ALIAS` (what LLVM writes for `.weak`).
        ALIAS = 3,
        /// `IMAGE_WEAK_EXTERN_ANTI_DEPENDENCY` (`.weak_anti_dep`).
        ANTI_DEPENDENCY = 4,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum RelocFamily {
    I386,
    Amd64,
    Arm64,
}

/// A relocation type: a typed constant of one machine ([`RelocI386`],
/// [`RelocAmd64`], [`RelocArm64`]), which the builder checks against its
/// machine, or a raw `u16`, valid for any machine — as
/// [`elf::RelocType`](crate::elf::RelocType) is for ELF.
///
/// ```
/// use llvmext_obj::coff::{Machine, RelocAmd64, RelocType};
/// assert_eq!(RelocAmd64::REL32.raw(), 4);
/// assert_eq!(RelocAmd64::REL32.machine(), Some(Machine::AMD64));
/// assert_eq!(4u16.machine(), None);
/// ```
pub trait RelocType: Copy {
    /// The number written in the relocation record.
    fn raw(self) -> u16;
    /// The machine the constant belongs to (ARM64 ones also fit ARM64EC
    /// and ARM64X); `None` for a raw number.
    fn machine(self) -> Option<Machine>;
}

impl RelocType for u16 {
    fn raw(self) -> u16 {
        self
    }
    fn machine(self) -> Option<Machine> {
        None
    }
}

/// Whether a relocation type of `of` (see [`RelocType::machine`]) may be
/// used in an object for `machine`.
pub(crate) fn check_reloc_machine(value: u16, of: Option<Machine>, machine: Machine) -> Result<()> {
    match of {
        None => Ok(()),
        Some(m) if m.reloc_family() == machine.reloc_family() => Ok(()),
        Some(m) => Err(Error::invalid(format!(
            "{m} relocation type {value} used in an object for machine {machine}"
        ))),
    }
}

/// The size in bytes of the field a relocation of `ty` patches in `machine`'s
/// objects, when it is a plain little-endian value that an addend can be
/// added to; `None` for the relocations encoded in instructions (ARM64
/// branches, `adrp`, `:lo12:`), `ABSOLUTE`, `PAIR` and unknown types.
pub(crate) fn reloc_field_size(machine: Machine, ty: u16) -> Option<u8> {
    match machine.reloc_family()? {
        RelocFamily::I386 => match RelocI386(ty) {
            RelocI386::DIR16 | RelocI386::REL16 | RelocI386::SECTION => Some(2),
            RelocI386::DIR32
            | RelocI386::DIR32NB
            | RelocI386::SECREL
            | RelocI386::TOKEN
            | RelocI386::REL32 => Some(4),
            _ => None,
        },
        RelocFamily::Amd64 => match RelocAmd64(ty) {
            RelocAmd64::ADDR64 => Some(8),
            RelocAmd64::SECTION => Some(2),
            RelocAmd64::ADDR32
            | RelocAmd64::ADDR32NB
            | RelocAmd64::REL32
            | RelocAmd64::REL32_1
            | RelocAmd64::REL32_2
            | RelocAmd64::REL32_3
            | RelocAmd64::REL32_4
            | RelocAmd64::REL32_5
            | RelocAmd64::SECREL
            | RelocAmd64::TOKEN
            | RelocAmd64::SREL32
            | RelocAmd64::SSPAN32 => Some(4),
            _ => None,
        },
        RelocFamily::Arm64 => match RelocArm64(ty) {
            RelocArm64::ADDR64 => Some(8),
            RelocArm64::SECTION => Some(2),
            RelocArm64::ADDR32
            | RelocArm64::ADDR32NB
            | RelocArm64::SECREL
            | RelocArm64::TOKEN
            | RelocArm64::REL32 => Some(4),
            _ => None,
        },
    }
}

macro_rules! reloc_types {
    ($(#[$doc:meta])* $name:ident($machine:ident) { $($(#[$cdoc:meta])* $c:ident = $v:expr,)* }) => {
        open_consts! {
            $(#[$doc])*
            $name(u16) { $($(#[$cdoc])* $c = $v,)* }
        }

        impl RelocType for $name {
            fn raw(self) -> u16 {
                self.0
            }
            fn machine(self) -> Option<Machine> {
                Some(Machine::$machine)
            }
        }
    };
}

reloc_types! {
    /// `IMAGE_REL_I386_*` relocation types.
    RelocI386(I386) {
        /// `IMAGE_REL_I386_ABSOLUTE`.
        ABSOLUTE = 0x0000,
        /// `IMAGE_REL_I386_DIR16`.
        DIR16 = 0x0001,
        /// `IMAGE_REL_I386_REL16`.
        REL16 = 0x0002,
        /// `IMAGE_REL_I386_DIR32`: 32-bit virtual address.
        DIR32 = 0x0006,
        /// `IMAGE_REL_I386_DIR32NB`: image-relative (`@IMGREL`).
        DIR32NB = 0x0007,
        /// `IMAGE_REL_I386_SEG12`.
        SEG12 = 0x0009,
        /// `IMAGE_REL_I386_SECTION`: section index (`.secidx`).
        SECTION = 0x000a,
        /// `IMAGE_REL_I386_SECREL`: section-relative (`.secrel32`).
        SECREL = 0x000b,
        /// `IMAGE_REL_I386_TOKEN`.
        TOKEN = 0x000c,
        /// `IMAGE_REL_I386_SECREL7`.
        SECREL7 = 0x000d,
        /// `IMAGE_REL_I386_REL32`: PC-relative.
        REL32 = 0x0014,
    }
}

reloc_types! {
    /// `IMAGE_REL_AMD64_*` relocation types.
    RelocAmd64(AMD64) {
        /// `IMAGE_REL_AMD64_ABSOLUTE`.
        ABSOLUTE = 0x0000,
        /// `IMAGE_REL_AMD64_ADDR64`: 64-bit virtual address.
        ADDR64 = 0x0001,
        /// `IMAGE_REL_AMD64_ADDR32`: 32-bit virtual address.
        ADDR32 = 0x0002,
        /// `IMAGE_REL_AMD64_ADDR32NB`: image-relative (`@IMGREL`).
        ADDR32NB = 0x0003,
        /// `IMAGE_REL_AMD64_REL32`: PC-relative from the end of the field.
        REL32 = 0x0004,
        /// `IMAGE_REL_AMD64_REL32_1`.
        REL32_1 = 0x0005,
        /// `IMAGE_REL_AMD64_REL32_2`.
        REL32_2 = 0x0006,
        /// `IMAGE_REL_AMD64_REL32_3`.
        REL32_3 = 0x0007,
        /// `IMAGE_REL_AMD64_REL32_4`.
        REL32_4 = 0x0008,
        /// `IMAGE_REL_AMD64_REL32_5`.
        REL32_5 = 0x0009,
        /// `IMAGE_REL_AMD64_SECTION`: section index (`.secidx`).
        SECTION = 0x000a,
        /// `IMAGE_REL_AMD64_SECREL`: section-relative (`.secrel32`).
        SECREL = 0x000b,
        /// `IMAGE_REL_AMD64_SECREL7`.
        SECREL7 = 0x000c,
        /// `IMAGE_REL_AMD64_TOKEN`.
        TOKEN = 0x000d,
        /// `IMAGE_REL_AMD64_SREL32`.
        SREL32 = 0x000e,
        /// `IMAGE_REL_AMD64_PAIR`.
        PAIR = 0x000f,
        /// `IMAGE_REL_AMD64_SSPAN32`.
        SSPAN32 = 0x0010,
    }
}

reloc_types! {
    /// `IMAGE_REL_ARM64_*` relocation types.
    RelocArm64(ARM64) {
        /// `IMAGE_REL_ARM64_ABSOLUTE`.
        ABSOLUTE = 0x0000,
        /// `IMAGE_REL_ARM64_ADDR32`.
        ADDR32 = 0x0001,
        /// `IMAGE_REL_ARM64_ADDR32NB`: image-relative.
        ADDR32NB = 0x0002,
        /// `IMAGE_REL_ARM64_BRANCH26` (`b`/`bl`).
        BRANCH26 = 0x0003,
        /// `IMAGE_REL_ARM64_PAGEBASE_REL21` (`adrp`).
        PAGEBASE_REL21 = 0x0004,
        /// `IMAGE_REL_ARM64_REL21` (`adr`).
        REL21 = 0x0005,
        /// `IMAGE_REL_ARM64_PAGEOFFSET_12A` (`add :lo12:`).
        PAGEOFFSET_12A = 0x0006,
        /// `IMAGE_REL_ARM64_PAGEOFFSET_12L` (`ldr :lo12:`).
        PAGEOFFSET_12L = 0x0007,
        /// `IMAGE_REL_ARM64_SECREL`.
        SECREL = 0x0008,
        /// `IMAGE_REL_ARM64_SECREL_LOW12A` (`add :secrel_lo12:`).
        SECREL_LOW12A = 0x0009,
        /// `IMAGE_REL_ARM64_SECREL_HIGH12A` (`:secrel_hi12:`).
        SECREL_HIGH12A = 0x000a,
        /// `IMAGE_REL_ARM64_SECREL_LOW12L` (`ldr :secrel_lo12:`).
        SECREL_LOW12L = 0x000b,
        /// `IMAGE_REL_ARM64_TOKEN`.
        TOKEN = 0x000c,
        /// `IMAGE_REL_ARM64_SECTION`: section index.
        SECTION = 0x000d,
        /// `IMAGE_REL_ARM64_ADDR64`.
        ADDR64 = 0x000e,
        /// `IMAGE_REL_ARM64_BRANCH19`.
        BRANCH19 = 0x000f,
        /// `IMAGE_REL_ARM64_BRANCH14`.
        BRANCH14 = 0x0010,
        /// `IMAGE_REL_ARM64_REL32`.
        REL32 = 0x0011,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_match_llvm19() {
        let f = |n: &[u8], l| SectionFlags::from_letters(n, l).unwrap().bits();
        assert_eq!(f(b".a", ""), 0x0000_0040 | 0x4000_0000 | 0x8000_0000);
        assert_eq!(f(b".a", "i"), 0xc000_0200);
        assert_eq!(f(b".debug_x", "r"), 0x4200_0040);
        assert_eq!(f(b".a", "n"), 0xc000_0800);
        assert_eq!(f(b".a", "y"), 0);
        assert_eq!(f(b".a", "s"), 0xd000_0040);
        assert_eq!(f(b".a", "wx"), 0xe000_0020);
        assert_eq!(f(b".a", "xw"), 0xe000_0020);
        assert_eq!(f(b".a", "D"), 0xc200_0000);
        assert!(SectionFlags::from_letters(b".a", "db").is_err());
        assert!(SectionFlags::from_letters(b".a", "q").is_err());
    }

    #[test]
    fn alignment_field() {
        for n in 0..14 {
            let f = SectionFlags::align(1 << n).unwrap();
            assert_eq!(f.alignment().unwrap(), Some(1 << n));
        }
        assert_eq!(SectionFlags(0).alignment().unwrap(), None);
        assert!(SectionFlags(0x00f0_0000).alignment().is_err());
        assert!(SectionFlags::align(0).is_err());
    }
}
