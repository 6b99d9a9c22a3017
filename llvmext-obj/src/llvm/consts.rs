//! `SHT_LLVM_*` section types (LLVM's `llvm/BinaryFormat/ELF.h`, newest
//! LLVM) and the section flags LLVM gives its special sections.
//!
//! LLVM reserves `0x6fff4c00..=0x6fff4cff` (inside `SHT_LOOS..=SHT_HIOS`)
//! for its own section types. The values below are plain `u32`s, so any
//! other value (a type a newer LLVM adds) can be used alongside them.
//!
//! ```
//! use llvmext_obj::llvm::consts::*;
//! assert_eq!(SHT_LLVM_CALL_GRAPH_PROFILE, 0x6fff_4c09);
//! assert_eq!(sht_llvm_name(0x6fff_4c0f), Some("SHT_LLVM_CALL_GRAPH"));
//! assert_eq!(sht_llvm_name(1), None);
//! ```

/// LLVM ODR table.
pub const SHT_LLVM_ODRTAB: u32 = 0x6fff_4c00;
/// Linker options (`.linker-options`).
pub const SHT_LLVM_LINKER_OPTIONS: u32 = 0x6fff_4c01;
/// Address-significance table (`.llvm_addrsig`), for safe ICF.
pub const SHT_LLVM_ADDRSIG: u32 = 0x6fff_4c03;
/// Dependent library specifiers (`.deplibs`).
pub const SHT_LLVM_DEPENDENT_LIBRARIES: u32 = 0x6fff_4c04;
/// Symbol partition specification (`.llvm_sympart`).
pub const SHT_LLVM_SYMPART: u32 = 0x6fff_4c05;
/// ELF header of a loadable partition (linked output only).
pub const SHT_LLVM_PART_EHDR: u32 = 0x6fff_4c06;
/// Program headers of a loadable partition (linked output only).
pub const SHT_LLVM_PART_PHDR: u32 = 0x6fff_4c07;
/// The original (version 0) basic-block address map; LLVM 19 still
/// defines it, the newest LLVM no longer does.
pub const SHT_LLVM_BB_ADDR_MAP_V0: u32 = 0x6fff_4c08;
/// Call-graph profile (`.llvm.call-graph-profile`).
pub const SHT_LLVM_CALL_GRAPH_PROFILE: u32 = 0x6fff_4c09;
/// Basic-block address map (`.llvm_bb_addr_map`).
pub const SHT_LLVM_BB_ADDR_MAP: u32 = 0x6fff_4c0a;
/// Device offloading data (`.llvm.offloading`).
pub const SHT_LLVM_OFFLOADING: u32 = 0x6fff_4c0b;
/// Bitcode for fat LTO (`.llvm.lto`).
pub const SHT_LLVM_LTO: u32 = 0x6fff_4c0c;
/// Jump table addresses and sizes (`.llvm_jump_table_sizes`), LLVM 20+.
pub const SHT_LLVM_JT_SIZES: u32 = 0x6fff_4c0d;
/// CFI jump table code, `sh_entsize` = entry size (LLVM 21+).
pub const SHT_LLVM_CFI_JUMP_TABLE: u32 = 0x6fff_4c0e;
/// Call graph (`.llvm.callgraph`), LLVM 21+.
pub const SHT_LLVM_CALL_GRAPH: u32 = 0x6fff_4c0f;

/// `SHF_WRITE`.
pub const SHF_WRITE: u64 = 0x1;
/// `SHF_ALLOC`.
pub const SHF_ALLOC: u64 = 0x2;
/// `SHF_EXECINSTR`.
pub const SHF_EXECINSTR: u64 = 0x4;
/// `SHF_MERGE`.
pub const SHF_MERGE: u64 = 0x10;
/// `SHF_STRINGS`.
pub const SHF_STRINGS: u64 = 0x20;
/// `SHF_LINK_ORDER`: `sh_link` names the section this one goes with.
pub const SHF_LINK_ORDER: u64 = 0x80;
/// `SHF_GROUP`.
pub const SHF_GROUP: u64 = 0x200;
/// `SHF_EXCLUDE`: not copied to the linked output.
pub const SHF_EXCLUDE: u64 = 0x8000_0000;

/// The `ELF.h` name of an `SHT_LLVM_*` type, if it is one.
pub fn sht_llvm_name(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        SHT_LLVM_ODRTAB => "SHT_LLVM_ODRTAB",
        SHT_LLVM_LINKER_OPTIONS => "SHT_LLVM_LINKER_OPTIONS",
        SHT_LLVM_ADDRSIG => "SHT_LLVM_ADDRSIG",
        SHT_LLVM_DEPENDENT_LIBRARIES => "SHT_LLVM_DEPENDENT_LIBRARIES",
        SHT_LLVM_SYMPART => "SHT_LLVM_SYMPART",
        SHT_LLVM_PART_EHDR => "SHT_LLVM_PART_EHDR",
        SHT_LLVM_PART_PHDR => "SHT_LLVM_PART_PHDR",
        SHT_LLVM_BB_ADDR_MAP_V0 => "SHT_LLVM_BB_ADDR_MAP_V0",
        SHT_LLVM_CALL_GRAPH_PROFILE => "SHT_LLVM_CALL_GRAPH_PROFILE",
        SHT_LLVM_BB_ADDR_MAP => "SHT_LLVM_BB_ADDR_MAP",
        SHT_LLVM_OFFLOADING => "SHT_LLVM_OFFLOADING",
        SHT_LLVM_LTO => "SHT_LLVM_LTO",
        SHT_LLVM_JT_SIZES => "SHT_LLVM_JT_SIZES",
        SHT_LLVM_CFI_JUMP_TABLE => "SHT_LLVM_CFI_JUMP_TABLE",
        SHT_LLVM_CALL_GRAPH => "SHT_LLVM_CALL_GRAPH",
        _ => return None,
    })
}
