//! The LLVM IR bitcode schema: block IDs, record codes and the other
//! enumerations of LLVM's `LLVMBitCodes.h`, as open newtype constants.
//!
//! This module is the single source of truth for the numbers and names the
//! reader, the writer and the analyzer use. Every enumeration is a
//! `#[repr(transparent)]` newtype over `u32` (in the style of gimli's
//! `dw!` constants) rather than a Rust `enum`, so values this crate does not
//! know — from a newer LLVM, or from hostile input — are representable and
//! print as `TypeName(value)`.
//!
//! The values follow the newest `llvm/include/llvm/Bitcode/LLVMBitCodes.h`
//! (LLVM 22 development) and `llvm/include/llvm/Bitstream/BitCodeEnums.h`.
//! For every block and record code the table also records:
//!
//! - [`name`](ModuleCode::name): the C++ enumerator, e.g. `MODULE_CODE_TRIPLE`;
//! - [`analyzer_name`](ModuleCode::analyzer_name): the name that
//!   `llvm-bcanalyzer-19 -dump` prints for it, or `None` where LLVM 19's
//!   analyzer prints `UnknownBlockN` / `UnknownCodeN`. These names were taken
//!   from the installed `llvm-bcanalyzer-19` itself and are checked against it
//!   by `tests/schema_vs_bcanalyzer.rs`.
//!
//! Which code enumeration a record uses depends on the block it is in; use
//! [`RecordCode::new`], [`record_name`] or [`record_analyzer_name`] to
//! dispatch on the block.
//!
//! The operands of each record — their order as LLVM 19 writes them, what
//! each encodes, which are optional, per module version where the layout
//! changed — are data too, in [`layout`].
//!
//! Two details of the analyzer are *not* static and so are not part of this
//! table: names given by a stream's own `BLOCKINFO` block (`BLOCKNAME`,
//! `SETRECORDNAME`) take precedence, and outside an LLVM IR stream (magic
//! `BC\xC0\xDE`) only the `BLOCKINFO` block and its records are named.
//!
//! ```
//! use llvmext_bitcode::schema::{record_analyzer_name, BlockId, FunctionCode, ModuleCode};
//!
//! assert_eq!(ModuleCode::TRIPLE.0, 2);
//! assert_eq!(ModuleCode::TRIPLE.name(), Some("MODULE_CODE_TRIPLE"));
//! assert_eq!(ModuleCode::TRIPLE.analyzer_name(), Some("TRIPLE"));
//! assert_eq!(format!("{}", ModuleCode(99)), "ModuleCode(99)");
//! assert_eq!(BlockId::TYPE_NEW.analyzer_name(), Some("TYPE_BLOCK_ID"));
//! assert_eq!(record_analyzer_name(BlockId::FUNCTION, 34), Some("INST_CALL"));
//! // Added after LLVM 19: unknown to LLVM 19's analyzer.
//! assert_eq!(FunctionCode::DEBUG_RECORD_DECLARE_VALUE.analyzer_name(), None);
//! ```

use core::fmt;

pub mod layout;

/// Generates an open newtype over `u32` with named constants.
///
/// Each row reads `CONST = value => "CXX_ENUMERATOR"`, optionally followed by
/// `/ "ANALYZER_NAME"` for enumerations of record codes (`records` kind):
/// a row without it is a code that LLVM 19's `llvm-bcanalyzer` does not name.
/// Enumerations of other values (`values` kind) have no analyzer names.
macro_rules! schema_enum {
    (
        $(#[$meta:meta])*
        records $Ty:ident {
            $(
                $(#[$cmeta:meta])*
                $C:ident = $val:literal => $cxx:literal $(/ $an:literal)? ;
            )*
        }
    ) => {
        schema_enum! {
            @base
            $(#[$meta])*
            $Ty { $( $(#[$cmeta])* $C = $val => $cxx; )* }
        }

        impl $Ty {
            /// The name `llvm-bcanalyzer-19 -dump` prints for this value (a
            /// record code: in the block it belongs to), or `None` where LLVM 19's analyzer
            /// has no name for it (it then prints `UnknownCode<N>` or
            /// `UnknownBlock<N>`).
            pub const fn analyzer_name(self) -> Option<&'static str> {
                match self {
                    $( Self::$C => schema_enum!(@opt $($an)?), )*
                    _ => None,
                }
            }
        }
    };

    (
        $(#[$meta:meta])*
        values $Ty:ident {
            $(
                $(#[$cmeta:meta])*
                $C:ident = $val:literal => $cxx:literal ;
            )*
        }
    ) => {
        schema_enum! {
            @base
            $(#[$meta])*
            $Ty { $( $(#[$cmeta])* $C = $val => $cxx; )* }
        }
    };

    (@opt) => { None };
    (@opt $an:literal) => { Some($an) };

    (
        @base
        $(#[$meta:meta])*
        $Ty:ident {
            $(
                $(#[$cmeta:meta])*
                $C:ident = $val:literal => $cxx:literal ;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(transparent)]
        pub struct $Ty(pub u32);

        impl $Ty {
            $(
                $(#[$cmeta])*
                pub const $C: $Ty = $Ty($val);
            )*

            /// Every value that has a name, in the order of LLVM's header.
            pub const KNOWN: &'static [$Ty] = &[$($Ty::$C),*];

            /// The C++ enumerator's name in LLVM's headers, or `None` for a
            /// value this crate does not know.
            pub const fn name(self) -> Option<&'static str> {
                match self {
                    $( Self::$C => Some($cxx), )*
                    _ => None,
                }
            }

            /// Whether this value has a name.
            pub const fn is_known(self) -> bool {
                self.name().is_some()
            }
        }

        impl From<u32> for $Ty {
            fn from(v: u32) -> Self {
                $Ty(v)
            }
        }

        impl From<$Ty> for u32 {
            fn from(v: $Ty) -> u32 {
                v.0
            }
        }

        impl fmt::Display for $Ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self.name() {
                    Some(name) => f.write_str(name),
                    None => write!(f, concat!(stringify!($Ty), "({})"), self.0),
                }
            }
        }

        impl fmt::Debug for $Ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    };
}

// ---------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------

/// The first block ID available to applications; IDs 1–7 are reserved by the
/// bitstream container (`FIRST_APPLICATION_BLOCKID`).
pub const FIRST_APPLICATION_BLOCK_ID: BlockId = BlockId(8);

/// The bitcode epoch this schema describes (`BITCODE_CURRENT_EPOCH`): LLVM
/// reads only bitcode of its own epoch.
pub const BITCODE_CURRENT_EPOCH: u32 = 0;

schema_enum! {
    /// A block ID (`StandardBlockIDs` and `bitc::BlockIDs`). The only
    /// top-level blocks of an IR file are `MODULE`, `IDENTIFICATION`,
    /// `STRTAB` and `SYMTAB` (plus `BLOCKINFO`).
    records BlockId {
        /// The bitstream's `BLOCKINFO` block: abbreviations and names for
        /// other blocks.
        BLOCKINFO = 0 => "BLOCKINFO_BLOCK_ID" / "BLOCKINFO_BLOCK";
        /// A module: globals, functions and their sub-blocks.
        MODULE = 8 => "MODULE_BLOCK_ID" / "MODULE_BLOCK";
        /// Attribute lists, as lists of attribute-group IDs.
        PARAMATTR = 9 => "PARAMATTR_BLOCK_ID" / "PARAMATTR_BLOCK";
        /// Attribute groups.
        PARAMATTR_GROUP = 10 => "PARAMATTR_GROUP_BLOCK_ID" / "PARAMATTR_GROUP_BLOCK_ID";
        /// Constants, module-level or function-local.
        CONSTANTS = 11 => "CONSTANTS_BLOCK_ID" / "CONSTANTS_BLOCK";
        /// A function body.
        FUNCTION = 12 => "FUNCTION_BLOCK_ID" / "FUNCTION_BLOCK";
        /// Producer string and epoch; precedes the module.
        IDENTIFICATION = 13 => "IDENTIFICATION_BLOCK_ID" / "IDENTIFICATION_BLOCK_ID";
        /// A value symbol table (names, or function offsets).
        VALUE_SYMTAB = 14 => "VALUE_SYMTAB_BLOCK_ID" / "VALUE_SYMTAB";
        /// Metadata, module-level or function-local.
        METADATA = 15 => "METADATA_BLOCK_ID" / "METADATA_BLOCK";
        /// Metadata attachments to instructions and functions.
        METADATA_ATTACHMENT = 16 => "METADATA_ATTACHMENT_ID" / "METADATA_ATTACHMENT_BLOCK";
        /// The type table.
        TYPE_NEW = 17 => "TYPE_BLOCK_ID_NEW" / "TYPE_BLOCK_ID";
        /// Use-list orders.
        USELIST = 18 => "USELIST_BLOCK_ID" / "USELIST_BLOCK_ID";
        /// Module paths of a combined summary index.
        MODULE_STRTAB = 19 => "MODULE_STRTAB_BLOCK_ID" / "MODULE_STRTAB_BLOCK";
        /// The ThinLTO global value summary.
        GLOBALVAL_SUMMARY = 20 => "GLOBALVAL_SUMMARY_BLOCK_ID" / "GLOBALVAL_SUMMARY_BLOCK";
        /// Operand bundle tag names.
        OPERAND_BUNDLE_TAGS = 21 => "OPERAND_BUNDLE_TAGS_BLOCK_ID" / "OPERAND_BUNDLE_TAGS_BLOCK";
        /// Metadata kind names.
        METADATA_KIND = 22 => "METADATA_KIND_BLOCK_ID" / "METADATA_KIND_BLOCK";
        /// The string table (names of globals), top level.
        STRTAB = 23 => "STRTAB_BLOCK_ID" / "STRTAB_BLOCK";
        /// The summary of a full-LTO module.
        FULL_LTO_GLOBALVAL_SUMMARY = 24
            => "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK_ID" / "FULL_LTO_GLOBALVAL_SUMMARY_BLOCK";
        /// The irsymtab symbol table, top level.
        SYMTAB = 25 => "SYMTAB_BLOCK_ID" / "SYMTAB_BLOCK";
        /// Synchronization scope names. LLVM 19's analyzer has no name for
        /// this block.
        SYNC_SCOPE_NAMES = 26 => "SYNC_SCOPE_NAMES_BLOCK_ID";
    }
}

impl BlockId {
    /// The record code of `code` in this block; see [`RecordCode::new`].
    pub fn record_code(self, code: u32) -> Option<RecordCode> {
        RecordCode::new(self, code)
    }
}

// ---------------------------------------------------------------------------
// Record codes
// ---------------------------------------------------------------------------

schema_enum! {
    /// Records of the `BLOCKINFO` block (`BlockInfoCodes`, from
    /// `BitCodeEnums.h`). `DEFINE_ABBREV` inside `BLOCKINFO` applies to the
    /// block last selected by `SETBID`.
    records BlockInfoCode {
        /// `[blockid#]`: the block the following records describe.
        SETBID = 1 => "BLOCKINFO_CODE_SETBID" / "SETBID";
        /// `[name chars…]`: the block's name.
        BLOCKNAME = 2 => "BLOCKINFO_CODE_BLOCKNAME" / "BLOCKNAME";
        /// `[code, name chars…]`: the name of one record code of the block.
        SETRECORDNAME = 3 => "BLOCKINFO_CODE_SETRECORDNAME" / "SETRECORDNAME";
    }
}

schema_enum! {
    /// Records of the `IDENTIFICATION` block (`IdentificationCodes`).
    records IdentificationCode {
        /// `[strchr x N]`: the producer, e.g. `LLVM19.1.7`.
        STRING = 1 => "IDENTIFICATION_CODE_STRING" / "STRING";
        /// `[epoch#]`: the bitcode epoch.
        EPOCH = 2 => "IDENTIFICATION_CODE_EPOCH" / "EPOCH";
    }
}

schema_enum! {
    /// Records of the `MODULE` block (`ModuleCodes`).
    records ModuleCode {
        /// `[version]`: the module's record-encoding version (LLVM writes 2);
        /// see [`layout::version`].
        VERSION = 1 => "MODULE_CODE_VERSION" / "VERSION";
        /// `[strchr x N]`: the target triple.
        TRIPLE = 2 => "MODULE_CODE_TRIPLE" / "TRIPLE";
        /// `[strchr x N]`: the data layout string.
        DATALAYOUT = 3 => "MODULE_CODE_DATALAYOUT" / "DATALAYOUT";
        /// `[strchr x N]`: module-level inline assembly.
        ASM = 4 => "MODULE_CODE_ASM" / "ASM";
        /// `[strchr x N]`: a section name, referenced by index.
        SECTIONNAME = 5 => "MODULE_CODE_SECTIONNAME" / "SECTIONNAME";
        /// `[strchr x N]`: a dependent library (deprecated, read only).
        DEPLIB = 6 => "MODULE_CODE_DEPLIB" / "DEPLIB";
        /// `[strtab_offset, strtab_size, type,
        /// isconst|explicit_type<<1|addrspace<<2, initid+1, linkage,
        /// alignment, section+1, visibility, threadlocal, unnamed_addr,
        /// externally_initialized, dllstorageclass, comdat+1, attributes+1,
        /// dso_local, partition_offset, partition_size, sanitizer,
        /// code_model]`: a global variable (no strtab prefix before module
        /// version 2); see [`layout::global_var`].
        GLOBALVAR = 7 => "MODULE_CODE_GLOBALVAR" / "GLOBALVAR";
        /// `[strtab_offset, strtab_size, type, callingconv, isproto,
        /// linkage, paramattrs, alignment, section+1, visibility, gc+1,
        /// unnamed_addr, prologuedata+1, dllstorageclass, comdat+1,
        /// prefixdata+1, personalityfn+1, dso_local, addrspace,
        /// partition_offset, partition_size]`: a function (no strtab prefix
        /// before module version 2); see [`layout::function`].
        FUNCTION = 8 => "MODULE_CODE_FUNCTION" / "FUNCTION";
        /// `[strtab_offset, strtab_size, alias type, aliasee val#, linkage,
        /// visibility, dllstorageclass, threadlocal, unnamed_addr, dso_local,
        /// partition_offset, partition_size]`: an old alias, with its pointer
        /// type and no address space (no strtab prefix before module version
        /// 2; read only, newer producers write [`ALIAS`](Self::ALIAS)); see
        /// [`layout::alias_old`].
        ALIAS_OLD = 9 => "MODULE_CODE_ALIAS_OLD";
        /// `[strchr x N]`: a garbage collector name, referenced by index.
        GCNAME = 11 => "MODULE_CODE_GCNAME" / "GCNAME";
        /// `[strtab_offset, strtab_size, selection_kind]`: a COMDAT
        /// (`[selection_kind, name_size, name chars]` before module version
        /// 2); see [`layout::comdat`] and [`layout::comdat_v1`].
        COMDAT = 12 => "MODULE_CODE_COMDAT" / "COMDAT";
        /// `[offset]`: 32-bit word offset of the module-level value symbol
        /// table.
        VSTOFFSET = 13 => "MODULE_CODE_VSTOFFSET" / "VSTOFFSET";
        /// `[strtab_offset, strtab_size, alias value type, addrspace,
        /// aliasee val#, linkage, visibility, dllstorageclass, threadlocal,
        /// unnamed_addr, dso_local, partition_offset, partition_size]`: an
        /// alias (no strtab prefix before module version 2); see
        /// [`layout::alias`].
        ALIAS = 14 => "MODULE_CODE_ALIAS" / "ALIAS";
        /// Unused.
        METADATA_VALUES_UNUSED = 15 => "MODULE_CODE_METADATA_VALUES_UNUSED" / "METADATA_VALUES_UNUSED";
        /// `[namechar x N]`: the source file name.
        SOURCE_FILENAME = 16 => "MODULE_CODE_SOURCE_FILENAME" / "SOURCE_FILENAME";
        /// `[hash0, hash1, hash2, hash3, hash4]`: the SHA-1 hash of the module
        /// block, five 32-bit words; see [`layout::hash`].
        HASH = 17 => "MODULE_CODE_HASH" / "HASH";
        /// `[strtab_offset, strtab_size, ifunc value type, addrspace,
        /// resolver val#, linkage, visibility, dso_local, partition_offset,
        /// partition_size]`: an ifunc (no strtab prefix before module version
        /// 2); see [`layout::ifunc`]. LLVM 19's analyzer has no name for it.
        IFUNC = 18 => "MODULE_CODE_IFUNC";
    }
}

schema_enum! {
    /// Records of the `PARAMATTR` and `PARAMATTR_GROUP` blocks
    /// (`AttributeCodes`). `ENTRY_OLD` and `ENTRY` belong to `PARAMATTR`,
    /// `GRP_CODE_ENTRY` to `PARAMATTR_GROUP`; the analyzer calls all three
    /// `ENTRY`.
    records AttributeCode {
        /// `[paramidx0, attr0, paramidx1, attr1, …]`: old attribute list
        /// (read only).
        ENTRY_OLD = 1 => "PARAMATTR_CODE_ENTRY_OLD" / "ENTRY";
        /// `[attrgrp0, attrgrp1, …]`: an attribute list.
        ENTRY = 2 => "PARAMATTR_CODE_ENTRY" / "ENTRY";
        /// `[grpid, idx, attr0, attr1, …]`: an attribute group.
        GRP_CODE_ENTRY = 3 => "PARAMATTR_GRP_CODE_ENTRY" / "ENTRY";
    }
}

schema_enum! {
    /// Records of the `TYPE_NEW` block (`TypeCodes`).
    records TypeCode {
        /// `[numentries]`: the number of types.
        NUMENTRY = 1 => "TYPE_CODE_NUMENTRY" / "NUMENTRY";
        /// `void`.
        VOID = 2 => "TYPE_CODE_VOID" / "VOID";
        /// `float`.
        FLOAT = 3 => "TYPE_CODE_FLOAT" / "FLOAT";
        /// `double`.
        DOUBLE = 4 => "TYPE_CODE_DOUBLE" / "DOUBLE";
        /// `label`.
        LABEL = 5 => "TYPE_CODE_LABEL" / "LABEL";
        /// An opaque struct (its name comes from a preceding `STRUCT_NAME`).
        OPAQUE = 6 => "TYPE_CODE_OPAQUE" / "OPAQUE";
        /// `[width]`: `iN`.
        INTEGER = 7 => "TYPE_CODE_INTEGER" / "INTEGER";
        /// `[pointee type, addrspace]`: typed pointer (before opaque
        /// pointers).
        POINTER = 8 => "TYPE_CODE_POINTER" / "POINTER";
        /// `[vararg, attrid, retty, paramty x N]`: old function type (read
        /// only).
        FUNCTION_OLD = 9 => "TYPE_CODE_FUNCTION_OLD";
        /// `half`.
        HALF = 10 => "TYPE_CODE_HALF" / "HALF";
        /// `[numelts, eltty]`: array.
        ARRAY = 11 => "TYPE_CODE_ARRAY" / "ARRAY";
        /// `[numelts, eltty, (scalable)]`: vector.
        VECTOR = 12 => "TYPE_CODE_VECTOR" / "VECTOR";
        /// `x86_fp80`.
        X86_FP80 = 13 => "TYPE_CODE_X86_FP80" / "X86_FP80";
        /// `fp128`.
        FP128 = 14 => "TYPE_CODE_FP128" / "FP128";
        /// `ppc_fp128`.
        PPC_FP128 = 15 => "TYPE_CODE_PPC_FP128" / "PPC_FP128";
        /// `metadata`.
        METADATA = 16 => "TYPE_CODE_METADATA" / "METADATA";
        /// `x86_mmx` (legacy).
        X86_MMX = 17 => "TYPE_CODE_X86_MMX" / "X86_MMX";
        /// `[ispacked, eltty x N]`: literal struct.
        STRUCT_ANON = 18 => "TYPE_CODE_STRUCT_ANON" / "STRUCT_ANON";
        /// `[strchr x N]`: name of the next named struct.
        STRUCT_NAME = 19 => "TYPE_CODE_STRUCT_NAME" / "STRUCT_NAME";
        /// `[ispacked, eltty x N]`: identified struct.
        STRUCT_NAMED = 20 => "TYPE_CODE_STRUCT_NAMED" / "STRUCT_NAMED";
        /// `[vararg, retty, paramty x N]`: function type.
        FUNCTION = 21 => "TYPE_CODE_FUNCTION" / "FUNCTION";
        /// `token`.
        TOKEN = 22 => "TYPE_CODE_TOKEN" / "TOKEN";
        /// `bfloat`.
        BFLOAT = 23 => "TYPE_CODE_BFLOAT" / "BFLOAT";
        /// `x86_amx`. LLVM 19's analyzer has no name for it.
        X86_AMX = 24 => "TYPE_CODE_X86_AMX";
        /// `[addrspace]`: `ptr`. LLVM 19's analyzer has no name for it.
        OPAQUE_POINTER = 25 => "TYPE_CODE_OPAQUE_POINTER";
        /// `[num_tys, ty x N, int x M]` with the name in a preceding
        /// `STRUCT_NAME`: `target("…")`. LLVM 19's analyzer has no name for
        /// it.
        TARGET_TYPE = 26 => "TYPE_CODE_TARGET_TYPE";
        /// `[width]`: `bN` byte type.
        BYTE = 27 => "TYPE_CODE_BYTE";
    }
}

schema_enum! {
    /// Records of the `OPERAND_BUNDLE_TAGS` block (`OperandBundleTagCode`).
    records OperandBundleTagCode {
        /// `[strchr x N]`: one operand bundle tag.
        TAG = 1 => "OPERAND_BUNDLE_TAG" / "OPERAND_BUNDLE_TAG";
    }
}

schema_enum! {
    /// Records of the `SYNC_SCOPE_NAMES` block (`SyncScopeNameCode`).
    records SyncScopeNameCode {
        /// `[strchr x N]`: one synchronization scope name. LLVM 19's
        /// analyzer has no name for it.
        NAME = 1 => "SYNC_SCOPE_NAME";
    }
}

schema_enum! {
    /// Records of the `VALUE_SYMTAB` block (`ValueSymtabCodes`).
    records ValueSymtabCode {
        /// `[valueid, namechar x N]`: a value's name.
        ENTRY = 1 => "VST_CODE_ENTRY" / "ENTRY";
        /// `[bbid, namechar x N]`: a basic block's name.
        BBENTRY = 2 => "VST_CODE_BBENTRY" / "BBENTRY";
        /// `[valueid, offset, namechar x N]`: a function's body offset (and
        /// name, before the string table).
        FNENTRY = 3 => "VST_CODE_FNENTRY" / "FNENTRY";
        /// `[valueid, refguid]`: combined-index entry.
        COMBINED_ENTRY = 5 => "VST_CODE_COMBINED_ENTRY" / "COMBINED_ENTRY";
    }
}

schema_enum! {
    /// Records of the `MODULE_STRTAB` block (`ModulePathSymtabCodes`).
    records ModulePathSymtabCode {
        /// `[modid, namechar x N]`: a module path.
        ENTRY = 1 => "MST_CODE_ENTRY" / "ENTRY";
        /// `[5 x i32]`: the hash of the preceding module.
        HASH = 2 => "MST_CODE_HASH" / "HASH";
    }
}

schema_enum! {
    /// Records of the `GLOBALVAL_SUMMARY` and `FULL_LTO_GLOBALVAL_SUMMARY`
    /// blocks (`GlobalValueSummarySymtabCodes`). Per-module and combined
    /// summaries use different codes.
    records GlobalValueSummaryCode {
        /// `[valueid, flags, instcount, numrefs, numrefs x valueid,
        /// n x valueid]`: per-module function summary.
        PERMODULE = 1 => "FS_PERMODULE" / "PERMODULE";
        /// As `PERMODULE`, calls as `(valueid, hotness+tailcall)`.
        PERMODULE_PROFILE = 2 => "FS_PERMODULE_PROFILE" / "PERMODULE_PROFILE";
        /// `[valueid, flags, n x valueid]`: per-module variable summary.
        PERMODULE_GLOBALVAR_INIT_REFS = 3
            => "FS_PERMODULE_GLOBALVAR_INIT_REFS" / "PERMODULE_GLOBALVAR_INIT_REFS";
        /// `[valueid, modid, flags, instcount, numrefs, numrefs x valueid,
        /// n x valueid]`: combined function summary.
        COMBINED = 4 => "FS_COMBINED" / "COMBINED";
        /// As `COMBINED`, calls as `(valueid, hotness+tailcall)`.
        COMBINED_PROFILE = 5 => "FS_COMBINED_PROFILE" / "COMBINED_PROFILE";
        /// `[valueid, modid, flags, n x valueid]`: combined variable summary.
        COMBINED_GLOBALVAR_INIT_REFS = 6
            => "FS_COMBINED_GLOBALVAR_INIT_REFS" / "COMBINED_GLOBALVAR_INIT_REFS";
        /// `[valueid, flags, valueid]`: per-module alias summary.
        ALIAS = 7 => "FS_ALIAS" / "ALIAS";
        /// `[valueid, modid, flags, valueid]`: combined alias summary.
        COMBINED_ALIAS = 8 => "FS_COMBINED_ALIAS" / "COMBINED_ALIAS";
        /// `[original_name_hash]`.
        COMBINED_ORIGINAL_NAME = 9 => "FS_COMBINED_ORIGINAL_NAME" / "COMBINED_ORIGINAL_NAME";
        /// `[version]`: the summary version.
        VERSION = 10 => "FS_VERSION" / "VERSION";
        /// `[n x typeid]`: type tests of the next function not only used by
        /// `llvm.assume`.
        TYPE_TESTS = 11 => "FS_TYPE_TESTS" / "TYPE_TESTS";
        /// `[n x (typeid, offset)]`: virtual calls via `llvm.assume(llvm.type.test)`
        /// with non-constant arguments.
        TYPE_TEST_ASSUME_VCALLS = 12 => "FS_TYPE_TEST_ASSUME_VCALLS" / "TYPE_TEST_ASSUME_VCALLS";
        /// `[n x (typeid, offset)]`: virtual calls via `llvm.type.checked.load`
        /// with non-constant arguments.
        TYPE_CHECKED_LOAD_VCALLS = 13 => "FS_TYPE_CHECKED_LOAD_VCALLS" / "TYPE_CHECKED_LOAD_VCALLS";
        /// `[typeid, offset, n x arg]`: a virtual call via
        /// `llvm.assume(llvm.type.test)` with constant arguments.
        TYPE_TEST_ASSUME_CONST_VCALL = 14
            => "FS_TYPE_TEST_ASSUME_CONST_VCALL" / "TYPE_TEST_ASSUME_CONST_VCALL";
        /// `[typeid, offset, n x arg]`: a virtual call via
        /// `llvm.type.checked.load` with constant arguments.
        TYPE_CHECKED_LOAD_CONST_VCALL = 15
            => "FS_TYPE_CHECKED_LOAD_CONST_VCALL" / "TYPE_CHECKED_LOAD_CONST_VCALL";
        /// `[valueid, guid]`: assigns a GUID to a value ID.
        VALUE_GUID = 16 => "FS_VALUE_GUID" / "VALUE_GUID";
        /// `[n x name]`: local functions with CFI jump tables.
        CFI_FUNCTION_DEFS = 17 => "FS_CFI_FUNCTION_DEFS" / "CFI_FUNCTION_DEFS";
        /// `[n x name]`: external functions with CFI jump tables.
        CFI_FUNCTION_DECLS = 18 => "FS_CFI_FUNCTION_DECLS" / "CFI_FUNCTION_DECLS";
        /// As `PERMODULE`, calls as `(valueid, relblockfreq+tailcall)`
        /// (deprecated, read only).
        PERMODULE_RELBF = 19 => "FS_PERMODULE_RELBF" / "PERMODULE_RELBF";
        /// `[flags]`: index-wide flags.
        FLAGS = 20 => "FS_FLAGS" / "FLAGS";
        /// `[typeid, kind, bitwidth, align, size, bitmask, inlinebits,
        /// n x (…)]`: type-identifier resolution (combined index).
        TYPE_ID = 21 => "FS_TYPE_ID" / "TYPE_ID";
        /// `[typeid, n x (valueid, offset)]`: vtables compatible with a type
        /// identifier.
        TYPE_ID_METADATA = 22 => "FS_TYPE_ID_METADATA" / "TYPE_ID_METADATA";
        /// `[valueid, flags, varflags, numrefs, numrefs x valueid,
        /// n x (valueid, offset)]`: per-module vtable summary.
        PERMODULE_VTABLE_GLOBALVAR_INIT_REFS = 23
            => "FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS" / "PERMODULE_VTABLE_GLOBALVAR_INIT_REFS";
        /// `[count]`: the total number of basic blocks in the module.
        BLOCK_COUNT = 24 => "FS_BLOCK_COUNT" / "BLOCK_COUNT";
        /// `[n x (paramno, range, numcalls, numcalls x (callee_guid,
        /// paramno, range))]`: accessed offset ranges of arguments.
        PARAM_ACCESS = 25 => "FS_PARAM_ACCESS" / "PARAM_ACCESS";
        /// `[valueid, n x stackidindex]`: per-module memprof callsite.
        PERMODULE_CALLSITE_INFO = 26 => "FS_PERMODULE_CALLSITE_INFO" / "PERMODULE_CALLSITE_INFO";
        /// `[nummib, nummib x (alloc type, context index), …]`: per-module
        /// memprof allocation.
        PERMODULE_ALLOC_INFO = 27 => "FS_PERMODULE_ALLOC_INFO" / "PERMODULE_ALLOC_INFO";
        /// `[valueid, numstackindices, numver, …]`: combined memprof callsite.
        COMBINED_CALLSITE_INFO = 28 => "FS_COMBINED_CALLSITE_INFO" / "COMBINED_CALLSITE_INFO";
        /// `[nummib, numver, …]`: combined memprof allocation.
        COMBINED_ALLOC_INFO = 29 => "FS_COMBINED_ALLOC_INFO" / "COMBINED_ALLOC_INFO";
        /// `[n x stack id]`: stack IDs referenced by callsite and alloc infos.
        STACK_IDS = 30 => "FS_STACK_IDS" / "STACK_IDS";
        /// `[nummib x (numcontext x full stack id)]`: full stack ID pairs of
        /// the following alloc info. LLVM 19's analyzer has no name for it.
        ALLOC_CONTEXT_IDS = 31 => "FS_ALLOC_CONTEXT_IDS";
        /// `[n x entry]`: linearized radix tree of allocation contexts.
        /// LLVM 19's analyzer has no name for it.
        CONTEXT_RADIX_TREE_ARRAY = 32 => "FS_CONTEXT_RADIX_TREE_ARRAY";
        /// `[nummib, numver, nummib x alloc type, numver x version]`:
        /// combined memprof allocation without contexts. LLVM 19's analyzer
        /// has no name for it.
        COMBINED_ALLOC_INFO_NO_CONTEXT = 33 => "FS_COMBINED_ALLOC_INFO_NO_CONTEXT";
    }
}

schema_enum! {
    /// Records of the `METADATA`, `METADATA_KIND` and `METADATA_ATTACHMENT`
    /// blocks (`MetadataCodes`). `KIND` is the only record of
    /// `METADATA_KIND` (old bitcode also has it in `METADATA`);
    /// `ATTACHMENT` is the only record of `METADATA_ATTACHMENT`.
    records MetadataCode {
        /// `[values]`: old metadata string.
        STRING_OLD = 1 => "METADATA_STRING_OLD" / "STRING_OLD";
        /// `[type num, value num]`: a value as metadata.
        VALUE = 2 => "METADATA_VALUE" / "VALUE";
        /// `[n x md num]`: a node.
        NODE = 3 => "METADATA_NODE" / "NODE";
        /// `[values]`: name of the next named node.
        NAME = 4 => "METADATA_NAME" / "NAME";
        /// `[n x md num]`: a distinct node.
        DISTINCT_NODE = 5 => "METADATA_DISTINCT_NODE" / "DISTINCT_NODE";
        /// `[id, name chars…]`: a metadata kind.
        KIND = 6 => "METADATA_KIND" / "KIND";
        /// `[distinct, line, col, scope, inlined-at?, …]`: `DILocation`.
        LOCATION = 7 => "METADATA_LOCATION" / "LOCATION";
        /// `[n x (type num, value num)]`: old node.
        OLD_NODE = 8 => "METADATA_OLD_NODE" / "OLD_NODE";
        /// `[n x (type num, value num)]`: old function-local node.
        OLD_FN_NODE = 9 => "METADATA_OLD_FN_NODE" / "OLD_FN_NODE";
        /// `[n x mdnodes]`: operands of a named node.
        NAMED_NODE = 10 => "METADATA_NAMED_NODE" / "NAMED_NODE";
        /// `[m x [value, [n x [id, mdnode]]]`: attachments (in
        /// `METADATA_ATTACHMENT`).
        ATTACHMENT = 11 => "METADATA_ATTACHMENT" / "ATTACHMENT";
        /// `[distinct, tag, vers, header, n x md num]`: `GenericDINode`.
        GENERIC_DEBUG = 12 => "METADATA_GENERIC_DEBUG" / "GENERIC_DEBUG";
        /// `[distinct, count, lo, …]`: `DISubrange`.
        SUBRANGE = 13 => "METADATA_SUBRANGE" / "SUBRANGE";
        /// `[isUnsigned|distinct, value, name, …]`: `DIEnumerator`.
        ENUMERATOR = 14 => "METADATA_ENUMERATOR" / "ENUMERATOR";
        /// `[distinct, tag, name, size, align, enc, …]`: `DIBasicType`.
        BASIC_TYPE = 15 => "METADATA_BASIC_TYPE" / "BASIC_TYPE";
        /// `[distinct, filename, directory, checksumkind, checksum, …]`:
        /// `DIFile`.
        FILE = 16 => "METADATA_FILE" / "FILE";
        /// `[distinct, …]`: `DIDerivedType`.
        DERIVED_TYPE = 17 => "METADATA_DERIVED_TYPE" / "DERIVED_TYPE";
        /// `[distinct, …]`: `DICompositeType`.
        COMPOSITE_TYPE = 18 => "METADATA_COMPOSITE_TYPE" / "COMPOSITE_TYPE";
        /// `[distinct, flags, types, cc]`: `DISubroutineType`.
        SUBROUTINE_TYPE = 19 => "METADATA_SUBROUTINE_TYPE" / "SUBROUTINE_TYPE";
        /// `[distinct, …]`: `DICompileUnit`.
        COMPILE_UNIT = 20 => "METADATA_COMPILE_UNIT" / "COMPILE_UNIT";
        /// `[distinct, …]`: `DISubprogram`.
        SUBPROGRAM = 21 => "METADATA_SUBPROGRAM" / "SUBPROGRAM";
        /// `[distinct, scope, file, line, column]`: `DILexicalBlock`.
        LEXICAL_BLOCK = 22 => "METADATA_LEXICAL_BLOCK" / "LEXICAL_BLOCK";
        /// `[distinct, scope, file, discriminator]`: `DILexicalBlockFile`.
        LEXICAL_BLOCK_FILE = 23 => "METADATA_LEXICAL_BLOCK_FILE" / "LEXICAL_BLOCK_FILE";
        /// `[distinct, scope, file, name, line, exportSymbols]`:
        /// `DINamespace`.
        NAMESPACE = 24 => "METADATA_NAMESPACE" / "NAMESPACE";
        /// `[distinct, scope, name, type, …]`: `DITemplateTypeParameter`.
        TEMPLATE_TYPE = 25 => "METADATA_TEMPLATE_TYPE" / "TEMPLATE_TYPE";
        /// `[distinct, scope, name, type, value, …]`:
        /// `DITemplateValueParameter`.
        TEMPLATE_VALUE = 26 => "METADATA_TEMPLATE_VALUE" / "TEMPLATE_VALUE";
        /// `[distinct, …]`: `DIGlobalVariable`.
        GLOBAL_VAR = 27 => "METADATA_GLOBAL_VAR" / "GLOBAL_VAR";
        /// `[distinct, …]`: `DILocalVariable`.
        LOCAL_VAR = 28 => "METADATA_LOCAL_VAR" / "LOCAL_VAR";
        /// `[distinct, n x element]`: `DIExpression`.
        EXPRESSION = 29 => "METADATA_EXPRESSION" / "EXPRESSION";
        /// `[distinct, name, file, line, …]`: `DIObjCProperty`.
        OBJC_PROPERTY = 30 => "METADATA_OBJC_PROPERTY" / "OBJC_PROPERTY";
        /// `[distinct, tag, scope, entity, line, name, …]`:
        /// `DIImportedEntity`.
        IMPORTED_ENTITY = 31 => "METADATA_IMPORTED_ENTITY" / "IMPORTED_ENTITY";
        /// `[distinct, scope, name, …]`: `DIModule`.
        MODULE = 32 => "METADATA_MODULE" / "MODULE";
        /// `[distinct, macinfo, line, name, value]`: `DIMacro`.
        MACRO = 33 => "METADATA_MACRO" / "MACRO";
        /// `[distinct, macinfo, line, file, …]`: `DIMacroFile`.
        MACRO_FILE = 34 => "METADATA_MACRO_FILE" / "MACRO_FILE";
        /// `[count, offset]` + blob `[lengths][chars]`: all metadata strings.
        STRINGS = 35 => "METADATA_STRINGS" / "STRINGS";
        /// `[valueid, n x [id, mdnode]]`: attachments of a global.
        GLOBAL_DECL_ATTACHMENT = 36 => "METADATA_GLOBAL_DECL_ATTACHMENT" / "GLOBAL_DECL_ATTACHMENT";
        /// `[distinct, var, expr]`: `DIGlobalVariableExpression`.
        GLOBAL_VAR_EXPR = 37 => "METADATA_GLOBAL_VAR_EXPR" / "GLOBAL_VAR_EXPR";
        /// `[offset]` (two 32-bit halves): forward offset to the `INDEX`
        /// record.
        INDEX_OFFSET = 38 => "METADATA_INDEX_OFFSET" / "INDEX_OFFSET";
        /// `[bitpos]`: bit positions of the metadata records.
        INDEX = 39 => "METADATA_INDEX" / "INDEX";
        /// `[distinct, scope, name, file, line, …]`: `DILabel`. LLVM 19's
        /// analyzer has no name for it.
        LABEL = 40 => "METADATA_LABEL";
        /// `[distinct, name, size, align, …]`: `DIStringType`. LLVM 19's
        /// analyzer has no name for it.
        STRING_TYPE = 41 => "METADATA_STRING_TYPE";
        // Codes 42 and 43 are reserved for Fortran array debug info.
        /// `[distinct, scope, name, variable, …]`: `DICommonBlock`. LLVM
        /// 19's analyzer has no name for it.
        COMMON_BLOCK = 44 => "METADATA_COMMON_BLOCK";
        /// `[distinct, count, lo, up, stride]`: `DIGenericSubrange`. LLVM
        /// 19's analyzer has no name for it.
        GENERIC_SUBRANGE = 45 => "METADATA_GENERIC_SUBRANGE";
        /// `[n x [type num, value num]]`: `DIArgList`.
        ARG_LIST = 46 => "METADATA_ARG_LIST" / "ARG_LIST";
        /// `[distinct, …]`: `DIAssignID`. LLVM 19's analyzer has no name for
        /// it.
        ASSIGN_ID = 47 => "METADATA_ASSIGN_ID";
        /// `[distinct, …]`: `DISubrangeType`.
        SUBRANGE_TYPE = 48 => "METADATA_SUBRANGE_TYPE";
        /// `[distinct, …]`: `DIFixedPointType`.
        FIXED_POINT_TYPE = 49 => "METADATA_FIXED_POINT_TYPE";
    }
}

schema_enum! {
    /// Records of the `CONSTANTS` block (`ConstantsCodes`). The block keeps
    /// an implicit current type, set by `SETTYPE`.
    records ConstantsCode {
        /// `[typeid]`: the type of the following constants.
        SETTYPE = 1 => "CST_CODE_SETTYPE" / "SETTYPE";
        /// `zeroinitializer` / `null`.
        NULL = 2 => "CST_CODE_NULL" / "NULL";
        /// `undef`.
        UNDEF = 3 => "CST_CODE_UNDEF" / "UNDEF";
        /// `[intval]`: integer, sign-rotated VBR.
        INTEGER = 4 => "CST_CODE_INTEGER" / "INTEGER";
        /// `[n x intval]`: integer wider than 64 bits.
        WIDE_INTEGER = 5 => "CST_CODE_WIDE_INTEGER" / "WIDE_INTEGER";
        /// `[fpval]`: floating-point bits.
        FLOAT = 6 => "CST_CODE_FLOAT" / "FLOAT";
        /// `[n x value number]`: struct, array or vector.
        AGGREGATE = 7 => "CST_CODE_AGGREGATE" / "AGGREGATE";
        /// `[values]`: array of i8 not ending in NUL.
        STRING = 8 => "CST_CODE_STRING" / "STRING";
        /// `[values]`: array of i8 ending in an implied NUL.
        CSTRING = 9 => "CST_CODE_CSTRING" / "CSTRING";
        /// `[opcode, opval, opval, (flags)]`: binary constant expression.
        CE_BINOP = 10 => "CST_CODE_CE_BINOP" / "CE_BINOP";
        /// `[opcode, opty, opval]`: cast constant expression.
        CE_CAST = 11 => "CST_CODE_CE_CAST" / "CE_CAST";
        /// `[n x operands]`: old GEP constant expression (read only).
        CE_GEP_OLD = 12 => "CST_CODE_CE_GEP_OLD";
        /// `[opval, opval, opval]`: `select` constant expression.
        CE_SELECT = 13 => "CST_CODE_CE_SELECT" / "CE_SELECT";
        /// `[opty, opval, opty, opval]`: `extractelement` constant expression.
        CE_EXTRACTELT = 14 => "CST_CODE_CE_EXTRACTELT" / "CE_EXTRACTELT";
        /// `[opval, opval, opty, opval]`: `insertelement` constant expression.
        CE_INSERTELT = 15 => "CST_CODE_CE_INSERTELT" / "CE_INSERTELT";
        /// `[opval, opval, opval]`: `shufflevector` constant expression.
        CE_SHUFFLEVEC = 16 => "CST_CODE_CE_SHUFFLEVEC" / "CE_SHUFFLEVEC";
        /// `[opty, opval, opval, pred]`: compare constant expression.
        CE_CMP = 17 => "CST_CODE_CE_CMP" / "CE_CMP";
        /// `[sideeffect|alignstack, asmstr, conststr]`: oldest inline asm
        /// (read only).
        INLINEASM_OLD = 18 => "CST_CODE_INLINEASM_OLD";
        /// `[opty, opval, opval, opval]`: `shufflevector` with a different
        /// result length.
        CE_SHUFVEC_EX = 19 => "CST_CODE_CE_SHUFVEC_EX" / "CE_SHUFVEC_EX";
        /// `[n x operands]`: old inbounds GEP constant expression (read only).
        CE_INBOUNDS_GEP = 20 => "CST_CODE_CE_INBOUNDS_GEP" / "CE_INBOUNDS_GEP";
        /// `[fnty, fnval, bb#]`: `blockaddress`. The analyzer prints the
        /// whole enumerator name here.
        BLOCKADDRESS = 21 => "CST_CODE_BLOCKADDRESS" / "CST_CODE_BLOCKADDRESS";
        /// `[n x elements]`: `ConstantDataArray` / `ConstantDataVector`.
        DATA = 22 => "CST_CODE_DATA" / "DATA";
        /// `[sideeffect|alignstack|asmdialect, asmstr, conststr]`: old inline
        /// asm (read only).
        INLINEASM_OLD2 = 23 => "CST_CODE_INLINEASM_OLD2";
        /// `[opty, flags, n x operands]`: GEP with an `inrange` index (read
        /// only).
        CE_GEP_WITH_INRANGE_INDEX_OLD = 24 => "CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD";
        /// `[opcode, opval]`: unary constant expression.
        CE_UNOP = 25 => "CST_CODE_CE_UNOP" / "CE_UNOP";
        /// `poison`. LLVM 19's analyzer has no name for it.
        POISON = 26 => "CST_CODE_POISON";
        /// `[gvty, gv]`: `dso_local_equivalent`.
        DSO_LOCAL_EQUIVALENT = 27 => "CST_CODE_DSO_LOCAL_EQUIVALENT" / "DSO_LOCAL_EQUIVALENT";
        /// `[sideeffect|alignstack|asmdialect|unwind, asmstr, conststr]`: old
        /// inline asm (read only).
        INLINEASM_OLD3 = 28 => "CST_CODE_INLINEASM_OLD3";
        /// `[fty, f]`: `no_cfi`.
        NO_CFI_VALUE = 29 => "CST_CODE_NO_CFI_VALUE" / "NO_CFI_VALUE";
        /// `[fnty, sideeffect|alignstack|asmdialect|unwind, asmstr,
        /// conststr]`: inline asm.
        INLINEASM = 30 => "CST_CODE_INLINEASM" / "INLINEASM";
        /// `[opty, flags, range, n x operands]`: GEP with `inrange(lo, hi)`.
        /// LLVM 19's analyzer has no name for it.
        CE_GEP_WITH_INRANGE = 31 => "CST_CODE_CE_GEP_WITH_INRANGE";
        /// `[opty, flags, n x operands]`: GEP constant expression.
        CE_GEP = 32 => "CST_CODE_CE_GEP" / "CE_GEP";
        /// `[ptr, key, disc, addrdisc]`: `ptrauth`.
        PTRAUTH = 33 => "CST_CODE_PTRAUTH" / "PTRAUTH";
        /// `[ptr, key, disc, addrdisc, deactivation_symbol]`: `ptrauth` with
        /// a deactivation symbol.
        PTRAUTH2 = 34 => "CST_CODE_PTRAUTH2";
        /// `[intval]`: byte constant.
        BYTE = 35 => "CST_CODE_BYTE";
        /// `[n x intval]`: byte constant wider than 64 bits.
        WIDE_BYTE = 36 => "CST_CODE_WIDE_BYTE";
    }
}

schema_enum! {
    /// Records of the `FUNCTION` block (`FunctionCodes`). Codes 14, 17, 18,
    /// 21, 22, 25, 32, 53 and 54 are unused.
    records FunctionCode {
        /// `[n]`: the number of basic blocks.
        DECLAREBLOCKS = 1 => "FUNC_CODE_DECLAREBLOCKS" / "DECLAREBLOCKS";
        /// `[opval, opval, opcode, (flags)]`: binary operator.
        INST_BINOP = 2 => "FUNC_CODE_INST_BINOP" / "INST_BINOP";
        /// `[opval, destty, castopc, (flags)]`: cast.
        INST_CAST = 3 => "FUNC_CODE_INST_CAST" / "INST_CAST";
        /// `[n x operands]`: old GEP (read only).
        INST_GEP_OLD = 4 => "FUNC_CODE_INST_GEP_OLD" / "INST_GEP_OLD";
        /// `[ty, opval, opval, opval]`: old `select` (read only).
        INST_SELECT = 5 => "FUNC_CODE_INST_SELECT" / "INST_SELECT";
        /// `[opval, opval]`: `extractelement`.
        INST_EXTRACTELT = 6 => "FUNC_CODE_INST_EXTRACTELT" / "INST_EXTRACTELT";
        /// `[opval, opval, opval]`: `insertelement`.
        INST_INSERTELT = 7 => "FUNC_CODE_INST_INSERTELT" / "INST_INSERTELT";
        /// `[opval, opval, opval]`: `shufflevector`.
        INST_SHUFFLEVEC = 8 => "FUNC_CODE_INST_SHUFFLEVEC" / "INST_SHUFFLEVEC";
        /// `[opty, opval, opval, pred]`: old compare.
        INST_CMP = 9 => "FUNC_CODE_INST_CMP" / "INST_CMP";
        /// `[opty, opval]` (both optional): `ret`.
        INST_RET = 10 => "FUNC_CODE_INST_RET" / "INST_RET";
        /// `[bb#, bb#, cond]` or `[bb#]`: `br`.
        INST_BR = 11 => "FUNC_CODE_INST_BR" / "INST_BR";
        /// `[opty, cond, default, n x (value, bb#)]`: `switch`.
        INST_SWITCH = 12 => "FUNC_CODE_INST_SWITCH" / "INST_SWITCH";
        /// `[attr, cc, normbb, unwindbb, fnty, fnid, args…]`: `invoke`.
        INST_INVOKE = 13 => "FUNC_CODE_INST_INVOKE" / "INST_INVOKE";
        /// `unreachable`.
        INST_UNREACHABLE = 15 => "FUNC_CODE_INST_UNREACHABLE" / "INST_UNREACHABLE";
        /// `[ty, val0, bb0, …, (flags)]`: `phi` (signed relative values).
        INST_PHI = 16 => "FUNC_CODE_INST_PHI" / "INST_PHI";
        /// `[instty, opty, op, align]`: `alloca`.
        INST_ALLOCA = 19 => "FUNC_CODE_INST_ALLOCA" / "INST_ALLOCA";
        /// `[op, (opty), ty, align, vol]`: `load`.
        INST_LOAD = 20 => "FUNC_CODE_INST_LOAD" / "INST_LOAD";
        /// `[valistty, valist, instty]`: `va_arg`.
        INST_VAARG = 23 => "FUNC_CODE_INST_VAARG" / "INST_VAARG";
        /// `[ptrty, ptr, val, align, vol]`: old `store` (read only). LLVM
        /// 19's analyzer has no name for it.
        INST_STORE_OLD = 24 => "FUNC_CODE_INST_STORE_OLD";
        /// `[opval, n x indices]`: `extractvalue`.
        INST_EXTRACTVAL = 26 => "FUNC_CODE_INST_EXTRACTVAL" / "INST_EXTRACTVAL";
        /// `[opval, opval, n x indices]`: `insertvalue`.
        INST_INSERTVAL = 27 => "FUNC_CODE_INST_INSERTVAL" / "INST_INSERTVAL";
        /// `[opty, opval, opval, pred, (flags)]`: `icmp` / `fcmp`.
        INST_CMP2 = 28 => "FUNC_CODE_INST_CMP2" / "INST_CMP2";
        /// `[opval, opval, pred, (flags)]`: `select`.
        INST_VSELECT = 29 => "FUNC_CODE_INST_VSELECT" / "INST_VSELECT";
        /// `[n x operands]`: old inbounds GEP (read only).
        INST_INBOUNDS_GEP_OLD = 30 => "FUNC_CODE_INST_INBOUNDS_GEP_OLD" / "INST_INBOUNDS_GEP_OLD";
        /// `[opty, op0, op1, …]`: `indirectbr`. LLVM 19's analyzer has no
        /// name for it.
        INST_INDIRECTBR = 31 => "FUNC_CODE_INST_INDIRECTBR";
        /// Repeat the previous debug location.
        DEBUG_LOC_AGAIN = 33 => "FUNC_CODE_DEBUG_LOC_AGAIN" / "DEBUG_LOC_AGAIN";
        /// `[attr, cc, fmf?, fnty, fnid, args…]`: `call`.
        INST_CALL = 34 => "FUNC_CODE_INST_CALL" / "INST_CALL";
        /// `[line, col, scope, inlined-at, implicit, (atom group, rank)]`:
        /// debug location of the previous instruction.
        DEBUG_LOC = 35 => "FUNC_CODE_DEBUG_LOC" / "DEBUG_LOC";
        /// `[ordering, syncscope]`: `fence`.
        INST_FENCE = 36 => "FUNC_CODE_INST_FENCE" / "INST_FENCE";
        /// `[ptrty, ptr, cmp, val, vol, ordering, syncscope,
        /// failure_ordering?, weak?]`: old `cmpxchg` (read only). LLVM 19's
        /// analyzer has no name for it.
        INST_CMPXCHG_OLD = 37 => "FUNC_CODE_INST_CMPXCHG_OLD";
        /// `[ptrty, ptr, val, operation, align, vol, ordering, syncscope]`:
        /// old `atomicrmw` (read only). LLVM 19's analyzer has no name for
        /// it.
        INST_ATOMICRMW_OLD = 38 => "FUNC_CODE_INST_ATOMICRMW_OLD";
        /// `[opval]`: `resume`. LLVM 19's analyzer has no name for it.
        INST_RESUME = 39 => "FUNC_CODE_INST_RESUME";
        /// `[ty, val, val, num, id0, val0, …]`: old `landingpad` (read
        /// only). LLVM 19's analyzer has no name for it.
        INST_LANDINGPAD_OLD = 40 => "FUNC_CODE_INST_LANDINGPAD_OLD";
        /// `[op, (opty), ty, align, vol, ordering, syncscope]`: atomic
        /// `load`.
        INST_LOADATOMIC = 41 => "FUNC_CODE_INST_LOADATOMIC" / "INST_LOADATOMIC";
        /// `[ptrty, ptr, val, align, vol, ordering, syncscope]`: old atomic
        /// `store` (read only). LLVM 19's analyzer has no name for it.
        INST_STOREATOMIC_OLD = 42 => "FUNC_CODE_INST_STOREATOMIC_OLD";
        /// `[flags, ty, n x operands]`: `getelementptr`.
        INST_GEP = 43 => "FUNC_CODE_INST_GEP" / "INST_GEP";
        /// `[ptr, (ptrty), val, (valty), align, vol]`: `store`.
        INST_STORE = 44 => "FUNC_CODE_INST_STORE" / "INST_STORE";
        /// `[ptr, (ptrty), val, (valty), align, vol, ordering, syncscope]`:
        /// atomic `store`.
        INST_STOREATOMIC = 45 => "FUNC_CODE_INST_STOREATOMIC" / "INST_STOREATOMIC";
        /// `[ptr, (ptrty), cmp, (cmpty), val, vol, success_ordering,
        /// syncscope, failure_ordering, weak, (align)]`: `cmpxchg`.
        INST_CMPXCHG = 46 => "FUNC_CODE_INST_CMPXCHG" / "INST_CMPXCHG";
        /// `[ty, iscleanup, num, id0, val0, …]`: `landingpad`. LLVM 19's
        /// analyzer has no name for it.
        INST_LANDINGPAD = 47 => "FUNC_CODE_INST_LANDINGPAD";
        /// `[val]` or `[val, bb#]`: `cleanupret`.
        INST_CLEANUPRET = 48 => "FUNC_CODE_INST_CLEANUPRET" / "INST_CLEANUPRET";
        /// `[val, bb#]`: `catchret`.
        INST_CATCHRET = 49 => "FUNC_CODE_INST_CATCHRET" / "INST_CATCHRET";
        /// `[parentpad, num, args…]`: `catchpad`.
        INST_CATCHPAD = 50 => "FUNC_CODE_INST_CATCHPAD" / "INST_CATCHPAD";
        /// `[parentpad, num, args…]`: `cleanuppad`. LLVM 19's analyzer has
        /// no name for it.
        INST_CLEANUPPAD = 51 => "FUNC_CODE_INST_CLEANUPPAD";
        /// `[parentpad, num, handlers…, (unwindbb)]`: `catchswitch`. LLVM
        /// 19's analyzer has no name for it.
        INST_CATCHSWITCH = 52 => "FUNC_CODE_INST_CATCHSWITCH";
        /// `[tag#, value…]`: an operand bundle of the next call.
        OPERAND_BUNDLE = 55 => "FUNC_CODE_OPERAND_BUNDLE" / "OPERAND_BUNDLE";
        /// `[opval, opcode, (flags)]`: unary operator (`fneg`).
        INST_UNOP = 56 => "FUNC_CODE_INST_UNOP" / "INST_UNOP";
        /// `[attr, cc, norm, transfs, fnty, fnid, args…]`: `callbr`.
        INST_CALLBR = 57 => "FUNC_CODE_INST_CALLBR" / "INST_CALLBR";
        /// `[opty, opval]`: `freeze`. LLVM 19's analyzer has no name for it.
        INST_FREEZE = 58 => "FUNC_CODE_INST_FREEZE";
        /// `[ptr, (ptrty), val, (valty), operation, vol, ordering,
        /// syncscope, align]`: `atomicrmw`.
        INST_ATOMICRMW = 59 => "FUNC_CODE_INST_ATOMICRMW" / "INST_ATOMICRMW";
        /// `[value…]`: functions whose `blockaddress` uses this function.
        BLOCKADDR_USERS = 60 => "FUNC_CODE_BLOCKADDR_USERS" / "BLOCKADDR_USERS";
        /// `[DILocation, DILocalVariable, DIExpression, ValueAsMetadata]`:
        /// `#dbg_value` record.
        DEBUG_RECORD_VALUE = 61 => "FUNC_CODE_DEBUG_RECORD_VALUE" / "DEBUG_RECORD_VALUE";
        /// `[DILocation, DILocalVariable, DIExpression, ValueAsMetadata]`:
        /// `#dbg_declare` record.
        DEBUG_RECORD_DECLARE = 62 => "FUNC_CODE_DEBUG_RECORD_DECLARE" / "DEBUG_RECORD_DECLARE";
        /// `[DILocation, DILocalVariable, DIExpression, ValueAsMetadata,
        /// DIAssignID, DIExpression (addr), ValueAsMetadata (addr)]`:
        /// `#dbg_assign` record.
        DEBUG_RECORD_ASSIGN = 63 => "FUNC_CODE_DEBUG_RECORD_ASSIGN" / "DEBUG_RECORD_ASSIGN";
        /// `[DILocation, DILocalVariable, DIExpression, Value]`:
        /// `#dbg_value` of a plain value.
        DEBUG_RECORD_VALUE_SIMPLE = 64
            => "FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE" / "DEBUG_RECORD_VALUE_SIMPLE";
        /// `[DILocation, DILabel]`: `#dbg_label` record.
        DEBUG_RECORD_LABEL = 65 => "FUNC_CODE_DEBUG_RECORD_LABEL" / "DEBUG_RECORD_LABEL";
        /// `[DILocation, DILocalVariable, DIExpression, ValueAsMetadata]`:
        /// `#dbg_declare_value` record.
        DEBUG_RECORD_DECLARE_VALUE = 66 => "FUNC_CODE_DEBUG_RECORD_DECLARE_VALUE";
    }
}

schema_enum! {
    /// Records of the `USELIST` block (`UseListCodes`). The analyzer prints
    /// the whole enumerator names.
    records UseListCode {
        /// `[index…, value-id]`: use-list order of a value.
        DEFAULT = 1 => "USELIST_CODE_DEFAULT" / "USELIST_CODE_DEFAULT";
        /// `[index…, bb-id]`: use-list order of a basic block.
        BB = 2 => "USELIST_CODE_BB" / "USELIST_CODE_BB";
    }
}

schema_enum! {
    /// Records of the `STRTAB` block (`StrtabCodes`).
    records StrtabCode {
        /// Blob: the string table's bytes.
        BLOB = 1 => "STRTAB_BLOB" / "BLOB";
    }
}

schema_enum! {
    /// Records of the `SYMTAB` block (`SymtabCodes`).
    records SymtabCode {
        /// Blob: the irsymtab.
        BLOB = 1 => "SYMTAB_BLOB" / "BLOB";
    }
}

// ---------------------------------------------------------------------------
// Operand encodings
// ---------------------------------------------------------------------------

schema_enum! {
    /// Cast opcodes of `CE_CAST` and `INST_CAST` (`CastOpcodes`); unrelated
    /// to LLVM's in-memory opcode numbers.
    values CastOpcode {
        /// `trunc`.
        TRUNC = 0 => "CAST_TRUNC";
        /// `zext`.
        ZEXT = 1 => "CAST_ZEXT";
        /// `sext`.
        SEXT = 2 => "CAST_SEXT";
        /// `fptoui`.
        FPTOUI = 3 => "CAST_FPTOUI";
        /// `fptosi`.
        FPTOSI = 4 => "CAST_FPTOSI";
        /// `uitofp`.
        UITOFP = 5 => "CAST_UITOFP";
        /// `sitofp`.
        SITOFP = 6 => "CAST_SITOFP";
        /// `fptrunc`.
        FPTRUNC = 7 => "CAST_FPTRUNC";
        /// `fpext`.
        FPEXT = 8 => "CAST_FPEXT";
        /// `ptrtoint`.
        PTRTOINT = 9 => "CAST_PTRTOINT";
        /// `inttoptr`.
        INTTOPTR = 10 => "CAST_INTTOPTR";
        /// `bitcast`.
        BITCAST = 11 => "CAST_BITCAST";
        /// `addrspacecast`.
        ADDRSPACECAST = 12 => "CAST_ADDRSPACECAST";
        /// `ptrtoaddr`.
        PTRTOADDR = 13 => "CAST_PTRTOADDR";
    }
}

schema_enum! {
    /// Unary opcodes of `CE_UNOP` and `INST_UNOP` (`UnaryOpcodes`).
    values UnaryOpcode {
        /// `fneg`.
        FNEG = 0 => "UNOP_FNEG";
    }
}

schema_enum! {
    /// Binary opcodes of `CE_BINOP` and `INST_BINOP` (`BinaryOpcodes`). The
    /// integer opcodes also encode the floating-point ones (`ADD` is `fadd`
    /// on floating-point operands, `SDIV` `fdiv`, `SREM` `frem`, …).
    values BinaryOpcode {
        /// `add` / `fadd`.
        ADD = 0 => "BINOP_ADD";
        /// `sub` / `fsub`.
        SUB = 1 => "BINOP_SUB";
        /// `mul` / `fmul`.
        MUL = 2 => "BINOP_MUL";
        /// `udiv`.
        UDIV = 3 => "BINOP_UDIV";
        /// `sdiv` / `fdiv`.
        SDIV = 4 => "BINOP_SDIV";
        /// `urem`.
        UREM = 5 => "BINOP_UREM";
        /// `srem` / `frem`.
        SREM = 6 => "BINOP_SREM";
        /// `shl`.
        SHL = 7 => "BINOP_SHL";
        /// `lshr`.
        LSHR = 8 => "BINOP_LSHR";
        /// `ashr`.
        ASHR = 9 => "BINOP_ASHR";
        /// `and`.
        AND = 10 => "BINOP_AND";
        /// `or`.
        OR = 11 => "BINOP_OR";
        /// `xor`.
        XOR = 12 => "BINOP_XOR";
    }
}

schema_enum! {
    /// `atomicrmw` operations (`RMWOperations`).
    values RmwOperation {
        /// `xchg`.
        XCHG = 0 => "RMW_XCHG";
        /// `add`.
        ADD = 1 => "RMW_ADD";
        /// `sub`.
        SUB = 2 => "RMW_SUB";
        /// `and`.
        AND = 3 => "RMW_AND";
        /// `nand`.
        NAND = 4 => "RMW_NAND";
        /// `or`.
        OR = 5 => "RMW_OR";
        /// `xor`.
        XOR = 6 => "RMW_XOR";
        /// `max`.
        MAX = 7 => "RMW_MAX";
        /// `min`.
        MIN = 8 => "RMW_MIN";
        /// `umax`.
        UMAX = 9 => "RMW_UMAX";
        /// `umin`.
        UMIN = 10 => "RMW_UMIN";
        /// `fadd`.
        FADD = 11 => "RMW_FADD";
        /// `fsub`.
        FSUB = 12 => "RMW_FSUB";
        /// `fmax`.
        FMAX = 13 => "RMW_FMAX";
        /// `fmin`.
        FMIN = 14 => "RMW_FMIN";
        /// `uinc_wrap`.
        UINC_WRAP = 15 => "RMW_UINC_WRAP";
        /// `udec_wrap`.
        UDEC_WRAP = 16 => "RMW_UDEC_WRAP";
        /// `usub_cond`.
        USUB_COND = 17 => "RMW_USUB_COND";
        /// `usub_sat`.
        USUB_SAT = 18 => "RMW_USUB_SAT";
        /// `fmaximum`.
        FMAXIMUM = 19 => "RMW_FMAXIMUM";
        /// `fminimum`.
        FMINIMUM = 20 => "RMW_FMINIMUM";
        /// `fmaximumnum`.
        FMAXIMUMNUM = 21 => "RMW_FMAXIMUMNUM";
        /// `fminimumnum`.
        FMINIMUMNUM = 22 => "RMW_FMINIMUMNUM";
    }
}

schema_enum! {
    /// Bit positions of the `nuw`/`nsw` flags of overflowing binary
    /// operators (`OverflowingBinaryOperatorOptionalFlags`).
    values OverflowingBinaryOperatorFlag {
        /// Bit 0: `nuw`.
        NO_UNSIGNED_WRAP = 0 => "OBO_NO_UNSIGNED_WRAP";
        /// Bit 1: `nsw`.
        NO_SIGNED_WRAP = 1 => "OBO_NO_SIGNED_WRAP";
    }
}

schema_enum! {
    /// Bit positions of the flags of `trunc` (`TruncInstOptionalFlags`).
    values TruncInstFlag {
        /// Bit 0: `nuw`.
        NO_UNSIGNED_WRAP = 0 => "TIO_NO_UNSIGNED_WRAP";
        /// Bit 1: `nsw`.
        NO_SIGNED_WRAP = 1 => "TIO_NO_SIGNED_WRAP";
    }
}

schema_enum! {
    /// Masks of the fast-math flags (`FastMathMap`), a fixed layout since
    /// LLVM 5. The names are the C++ enumerators, e.g. `NoNaNs`.
    values FastMathFlag {
        /// Mask 0x01: legacy "unsafe algebra" (all flags).
        UNSAFE_ALGEBRA = 0x01 => "UnsafeAlgebra";
        /// Mask 0x02: `nnan`.
        NO_NANS = 0x02 => "NoNaNs";
        /// Mask 0x04: `ninf`.
        NO_INFS = 0x04 => "NoInfs";
        /// Mask 0x08: `nsz`.
        NO_SIGNED_ZEROS = 0x08 => "NoSignedZeros";
        /// Mask 0x10: `arcp`.
        ALLOW_RECIPROCAL = 0x10 => "AllowReciprocal";
        /// Mask 0x20: `contract`.
        ALLOW_CONTRACT = 0x20 => "AllowContract";
        /// Mask 0x40: `afn`.
        APPROX_FUNC = 0x40 => "ApproxFunc";
        /// Mask 0x80: `reassoc`.
        ALLOW_REASSOC = 0x80 => "AllowReassoc";
    }
}

schema_enum! {
    /// Bit position of the `nneg` flag (`PossiblyNonNegInstOptionalFlags`).
    values PossiblyNonNegFlag {
        /// Bit 0: `nneg`.
        NON_NEG = 0 => "PNNI_NON_NEG";
    }
}

schema_enum! {
    /// Bit position of the `exact` flag
    /// (`PossiblyExactOperatorOptionalFlags`).
    values PossiblyExactFlag {
        /// Bit 0: `exact`.
        EXACT = 0 => "PEO_EXACT";
    }
}

schema_enum! {
    /// Bit position of the `disjoint` flag of `or`
    /// (`PossiblyDisjointInstOptionalFlags`).
    values PossiblyDisjointFlag {
        /// Bit 0: `disjoint`.
        DISJOINT = 0 => "PDI_DISJOINT";
    }
}

schema_enum! {
    /// Marks a metadata operand of an operand bundle
    /// (`MetadataOperandBundleValueMarker`).
    values MetadataOperandBundleValueMarker {
        /// `0x8000_0000`, or-ed into the operand.
        METADATA = 0x8000_0000 => "OB_METADATA";
    }
}

schema_enum! {
    /// Bit positions of the flags of `getelementptr`
    /// (`GetElementPtrOptionalFlags`).
    values GepFlag {
        /// Bit 0: `inbounds`.
        INBOUNDS = 0 => "GEP_INBOUNDS";
        /// Bit 1: `nusw`.
        NUSW = 1 => "GEP_NUSW";
        /// Bit 2: `nuw`.
        NUW = 2 => "GEP_NUW";
    }
}

schema_enum! {
    /// Bit position of the `samesign` flag of `icmp` (`ICmpOptionalFlags`).
    values ICmpFlag {
        /// Bit 0: `samesign`.
        SAME_SIGN = 0 => "ICMP_SAME_SIGN";
    }
}

schema_enum! {
    /// Atomic orderings (`AtomicOrderingCodes`).
    values AtomicOrderingCode {
        /// Not atomic.
        NOTATOMIC = 0 => "ORDERING_NOTATOMIC";
        /// `unordered`.
        UNORDERED = 1 => "ORDERING_UNORDERED";
        /// `monotonic`.
        MONOTONIC = 2 => "ORDERING_MONOTONIC";
        /// `acquire`.
        ACQUIRE = 3 => "ORDERING_ACQUIRE";
        /// `release`.
        RELEASE = 4 => "ORDERING_RELEASE";
        /// `acq_rel`.
        ACQREL = 5 => "ORDERING_ACQREL";
        /// `seq_cst`.
        SEQCST = 6 => "ORDERING_SEQCST";
    }
}

schema_enum! {
    /// Bit positions in the `cc` operand of `call` (`CallMarkersFlags`);
    /// the calling convention itself occupies bits `CCONV..MUSTTAIL`.
    values CallMarkersFlag {
        /// Bit 0: `tail`.
        TAIL = 0 => "CALL_TAIL";
        /// Bit 1: first bit of the calling convention.
        CCONV = 1 => "CALL_CCONV";
        /// Bit 14: `musttail`.
        MUSTTAIL = 14 => "CALL_MUSTTAIL";
        /// Bit 15: the record carries an explicit function type.
        EXPLICIT_TYPE = 15 => "CALL_EXPLICIT_TYPE";
        /// Bit 16: `notail`.
        NOTAIL = 16 => "CALL_NOTAIL";
        /// Bit 17: the record carries fast-math flags.
        FMF = 17 => "CALL_FMF";
    }
}

schema_enum! {
    /// Attribute kinds in `PARAMATTR_GROUP` entries (`AttributeKindCodes`);
    /// 0 is unused. The docs give the IR keyword.
    values AttributeKind {
        /// `align(N)`.
        ALIGNMENT = 1 => "ATTR_KIND_ALIGNMENT";
        /// `alwaysinline`.
        ALWAYS_INLINE = 2 => "ATTR_KIND_ALWAYS_INLINE";
        /// `byval(<ty>)`.
        BY_VAL = 3 => "ATTR_KIND_BY_VAL";
        /// `inlinehint`.
        INLINE_HINT = 4 => "ATTR_KIND_INLINE_HINT";
        /// `inreg`.
        IN_REG = 5 => "ATTR_KIND_IN_REG";
        /// `minsize`.
        MIN_SIZE = 6 => "ATTR_KIND_MIN_SIZE";
        /// `naked`.
        NAKED = 7 => "ATTR_KIND_NAKED";
        /// `nest`.
        NEST = 8 => "ATTR_KIND_NEST";
        /// `noalias`.
        NO_ALIAS = 9 => "ATTR_KIND_NO_ALIAS";
        /// `nobuiltin`.
        NO_BUILTIN = 10 => "ATTR_KIND_NO_BUILTIN";
        /// `nocapture` (legacy; superseded by `captures(none)`).
        NO_CAPTURE = 11 => "ATTR_KIND_NO_CAPTURE";
        /// `noduplicate`.
        NO_DUPLICATE = 12 => "ATTR_KIND_NO_DUPLICATE";
        /// `noimplicitfloat`.
        NO_IMPLICIT_FLOAT = 13 => "ATTR_KIND_NO_IMPLICIT_FLOAT";
        /// `noinline`.
        NO_INLINE = 14 => "ATTR_KIND_NO_INLINE";
        /// `nonlazybind`.
        NON_LAZY_BIND = 15 => "ATTR_KIND_NON_LAZY_BIND";
        /// `noredzone`.
        NO_RED_ZONE = 16 => "ATTR_KIND_NO_RED_ZONE";
        /// `noreturn`.
        NO_RETURN = 17 => "ATTR_KIND_NO_RETURN";
        /// `nounwind`.
        NO_UNWIND = 18 => "ATTR_KIND_NO_UNWIND";
        /// `optsize`.
        OPTIMIZE_FOR_SIZE = 19 => "ATTR_KIND_OPTIMIZE_FOR_SIZE";
        /// `readnone` (on functions: upgraded to `memory(none)`).
        READ_NONE = 20 => "ATTR_KIND_READ_NONE";
        /// `readonly` (on functions: upgraded to `memory(read)`).
        READ_ONLY = 21 => "ATTR_KIND_READ_ONLY";
        /// `returned`.
        RETURNED = 22 => "ATTR_KIND_RETURNED";
        /// `returns_twice`.
        RETURNS_TWICE = 23 => "ATTR_KIND_RETURNS_TWICE";
        /// `signext`.
        S_EXT = 24 => "ATTR_KIND_S_EXT";
        /// `alignstack(N)`.
        STACK_ALIGNMENT = 25 => "ATTR_KIND_STACK_ALIGNMENT";
        /// `ssp`.
        STACK_PROTECT = 26 => "ATTR_KIND_STACK_PROTECT";
        /// `sspreq`.
        STACK_PROTECT_REQ = 27 => "ATTR_KIND_STACK_PROTECT_REQ";
        /// `sspstrong`.
        STACK_PROTECT_STRONG = 28 => "ATTR_KIND_STACK_PROTECT_STRONG";
        /// `sret(<ty>)`.
        STRUCT_RET = 29 => "ATTR_KIND_STRUCT_RET";
        /// `sanitize_address`.
        SANITIZE_ADDRESS = 30 => "ATTR_KIND_SANITIZE_ADDRESS";
        /// `sanitize_thread`.
        SANITIZE_THREAD = 31 => "ATTR_KIND_SANITIZE_THREAD";
        /// `sanitize_memory`.
        SANITIZE_MEMORY = 32 => "ATTR_KIND_SANITIZE_MEMORY";
        /// `uwtable`.
        UW_TABLE = 33 => "ATTR_KIND_UW_TABLE";
        /// `zeroext`.
        Z_EXT = 34 => "ATTR_KIND_Z_EXT";
        /// `builtin`.
        BUILTIN = 35 => "ATTR_KIND_BUILTIN";
        /// `cold`.
        COLD = 36 => "ATTR_KIND_COLD";
        /// `optnone`.
        OPTIMIZE_NONE = 37 => "ATTR_KIND_OPTIMIZE_NONE";
        /// `inalloca(<ty>)`.
        IN_ALLOCA = 38 => "ATTR_KIND_IN_ALLOCA";
        /// `nonnull`.
        NON_NULL = 39 => "ATTR_KIND_NON_NULL";
        /// `jumptable`.
        JUMP_TABLE = 40 => "ATTR_KIND_JUMP_TABLE";
        /// `dereferenceable(N)`.
        DEREFERENCEABLE = 41 => "ATTR_KIND_DEREFERENCEABLE";
        /// `dereferenceable_or_null(N)`.
        DEREFERENCEABLE_OR_NULL = 42 => "ATTR_KIND_DEREFERENCEABLE_OR_NULL";
        /// `convergent`.
        CONVERGENT = 43 => "ATTR_KIND_CONVERGENT";
        /// `safestack`.
        SAFESTACK = 44 => "ATTR_KIND_SAFESTACK";
        /// `argmemonly` (legacy; upgraded to a `memory(…)` attribute).
        ARGMEMONLY = 45 => "ATTR_KIND_ARGMEMONLY";
        /// `swiftself`.
        SWIFT_SELF = 46 => "ATTR_KIND_SWIFT_SELF";
        /// `swifterror`.
        SWIFT_ERROR = 47 => "ATTR_KIND_SWIFT_ERROR";
        /// `norecurse`.
        NO_RECURSE = 48 => "ATTR_KIND_NO_RECURSE";
        /// `inaccessiblememonly` (legacy; upgraded to a `memory(…)`
        /// attribute).
        INACCESSIBLEMEM_ONLY = 49 => "ATTR_KIND_INACCESSIBLEMEM_ONLY";
        /// `inaccessiblemem_or_argmemonly` (legacy; upgraded to a
        /// `memory(…)` attribute).
        INACCESSIBLEMEM_OR_ARGMEMONLY = 50 => "ATTR_KIND_INACCESSIBLEMEM_OR_ARGMEMONLY";
        /// `allocsize(…)`.
        ALLOC_SIZE = 51 => "ATTR_KIND_ALLOC_SIZE";
        /// `writeonly` (on functions: upgraded to `memory(write)`).
        WRITEONLY = 52 => "ATTR_KIND_WRITEONLY";
        /// `speculatable`.
        SPECULATABLE = 53 => "ATTR_KIND_SPECULATABLE";
        /// `strictfp`.
        STRICT_FP = 54 => "ATTR_KIND_STRICT_FP";
        /// `sanitize_hwaddress`.
        SANITIZE_HWADDRESS = 55 => "ATTR_KIND_SANITIZE_HWADDRESS";
        /// `nocf_check`.
        NOCF_CHECK = 56 => "ATTR_KIND_NOCF_CHECK";
        /// `optforfuzzing`.
        OPT_FOR_FUZZING = 57 => "ATTR_KIND_OPT_FOR_FUZZING";
        /// `shadowcallstack`.
        SHADOWCALLSTACK = 58 => "ATTR_KIND_SHADOWCALLSTACK";
        /// `speculative_load_hardening`.
        SPECULATIVE_LOAD_HARDENING = 59 => "ATTR_KIND_SPECULATIVE_LOAD_HARDENING";
        /// `immarg`.
        IMMARG = 60 => "ATTR_KIND_IMMARG";
        /// `willreturn`.
        WILLRETURN = 61 => "ATTR_KIND_WILLRETURN";
        /// `nofree`.
        NOFREE = 62 => "ATTR_KIND_NOFREE";
        /// `nosync`.
        NOSYNC = 63 => "ATTR_KIND_NOSYNC";
        /// `sanitize_memtag`.
        SANITIZE_MEMTAG = 64 => "ATTR_KIND_SANITIZE_MEMTAG";
        /// `preallocated(<ty>)`.
        PREALLOCATED = 65 => "ATTR_KIND_PREALLOCATED";
        /// `nomerge`.
        NO_MERGE = 66 => "ATTR_KIND_NO_MERGE";
        /// `null_pointer_is_valid`.
        NULL_POINTER_IS_VALID = 67 => "ATTR_KIND_NULL_POINTER_IS_VALID";
        /// `noundef`.
        NOUNDEF = 68 => "ATTR_KIND_NOUNDEF";
        /// `byref(<ty>)`.
        BYREF = 69 => "ATTR_KIND_BYREF";
        /// `mustprogress`.
        MUSTPROGRESS = 70 => "ATTR_KIND_MUSTPROGRESS";
        /// `nocallback`.
        NO_CALLBACK = 71 => "ATTR_KIND_NO_CALLBACK";
        /// `hot`.
        HOT = 72 => "ATTR_KIND_HOT";
        /// `noprofile`.
        NO_PROFILE = 73 => "ATTR_KIND_NO_PROFILE";
        /// `vscale_range(…)`.
        VSCALE_RANGE = 74 => "ATTR_KIND_VSCALE_RANGE";
        /// `swiftasync`.
        SWIFT_ASYNC = 75 => "ATTR_KIND_SWIFT_ASYNC";
        /// `nosanitize_coverage`.
        NO_SANITIZE_COVERAGE = 76 => "ATTR_KIND_NO_SANITIZE_COVERAGE";
        /// `elementtype(<ty>)`.
        ELEMENTTYPE = 77 => "ATTR_KIND_ELEMENTTYPE";
        /// `disable_sanitizer_instrumentation`.
        DISABLE_SANITIZER_INSTRUMENTATION = 78 => "ATTR_KIND_DISABLE_SANITIZER_INSTRUMENTATION";
        /// `nosanitize_bounds`.
        NO_SANITIZE_BOUNDS = 79 => "ATTR_KIND_NO_SANITIZE_BOUNDS";
        /// `allocalign`.
        ALLOC_ALIGN = 80 => "ATTR_KIND_ALLOC_ALIGN";
        /// `allocptr`.
        ALLOCATED_POINTER = 81 => "ATTR_KIND_ALLOCATED_POINTER";
        /// `allockind(…)`.
        ALLOC_KIND = 82 => "ATTR_KIND_ALLOC_KIND";
        /// `presplitcoroutine`.
        PRESPLIT_COROUTINE = 83 => "ATTR_KIND_PRESPLIT_COROUTINE";
        /// `fn_ret_thunk_extern`.
        FNRETTHUNK_EXTERN = 84 => "ATTR_KIND_FNRETTHUNK_EXTERN";
        /// `skipprofile`.
        SKIP_PROFILE = 85 => "ATTR_KIND_SKIP_PROFILE";
        /// `memory(…)`.
        MEMORY = 86 => "ATTR_KIND_MEMORY";
        /// `nofpclass(…)`.
        NOFPCLASS = 87 => "ATTR_KIND_NOFPCLASS";
        /// `optdebug`.
        OPTIMIZE_FOR_DEBUGGING = 88 => "ATTR_KIND_OPTIMIZE_FOR_DEBUGGING";
        /// `writable`.
        WRITABLE = 89 => "ATTR_KIND_WRITABLE";
        /// `coro_only_destroy_when_complete`.
        CORO_ONLY_DESTROY_WHEN_COMPLETE = 90 => "ATTR_KIND_CORO_ONLY_DESTROY_WHEN_COMPLETE";
        /// `dead_on_unwind`.
        DEAD_ON_UNWIND = 91 => "ATTR_KIND_DEAD_ON_UNWIND";
        /// `range(<ty> lo, hi)`.
        RANGE = 92 => "ATTR_KIND_RANGE";
        /// `sanitize_numerical_stability`.
        SANITIZE_NUMERICAL_STABILITY = 93 => "ATTR_KIND_SANITIZE_NUMERICAL_STABILITY";
        /// `initializes(…)`.
        INITIALIZES = 94 => "ATTR_KIND_INITIALIZES";
        /// `hybrid_patchable`.
        HYBRID_PATCHABLE = 95 => "ATTR_KIND_HYBRID_PATCHABLE";
        /// `sanitize_realtime`.
        SANITIZE_REALTIME = 96 => "ATTR_KIND_SANITIZE_REALTIME";
        /// `sanitize_realtime_blocking`.
        SANITIZE_REALTIME_BLOCKING = 97 => "ATTR_KIND_SANITIZE_REALTIME_BLOCKING";
        /// `coro_elide_safe`.
        CORO_ELIDE_SAFE = 98 => "ATTR_KIND_CORO_ELIDE_SAFE";
        /// `noext`.
        NO_EXT = 99 => "ATTR_KIND_NO_EXT";
        /// `nodivergencesource`.
        NO_DIVERGENCE_SOURCE = 100 => "ATTR_KIND_NO_DIVERGENCE_SOURCE";
        /// `sanitize_type`.
        SANITIZE_TYPE = 101 => "ATTR_KIND_SANITIZE_TYPE";
        /// `captures(…)`.
        CAPTURES = 102 => "ATTR_KIND_CAPTURES";
        /// `dead_on_return`.
        DEAD_ON_RETURN = 103 => "ATTR_KIND_DEAD_ON_RETURN";
        /// `sanitize_alloc_token`.
        SANITIZE_ALLOC_TOKEN = 104 => "ATTR_KIND_SANITIZE_ALLOC_TOKEN";
        /// `nocreateundeforpoison`.
        NO_CREATE_UNDEF_OR_POISON = 105 => "ATTR_KIND_NO_CREATE_UNDEF_OR_POISON";
        /// Denormal floating-point environment.
        DENORMAL_FPENV = 106 => "ATTR_KIND_DENORMAL_FPENV";
        /// No outlining.
        NOOUTLINE = 107 => "ATTR_KIND_NOOUTLINE";
    }
}

schema_enum! {
    /// COMDAT selection kinds of `MODULE_CODE_COMDAT`
    /// (`ComdatSelectionKindCodes`).
    values ComdatSelectionKind {
        /// `any`.
        ANY = 1 => "COMDAT_SELECTION_KIND_ANY";
        /// `exactmatch`.
        EXACT_MATCH = 2 => "COMDAT_SELECTION_KIND_EXACT_MATCH";
        /// `largest`.
        LARGEST = 3 => "COMDAT_SELECTION_KIND_LARGEST";
        /// `nodeduplicate`.
        NO_DUPLICATES = 4 => "COMDAT_SELECTION_KIND_NO_DUPLICATES";
        /// `samesize`.
        SAME_SIZE = 5 => "COMDAT_SELECTION_KIND_SAME_SIZE";
    }
}

// ---------------------------------------------------------------------------
// Dispatch on the block
// ---------------------------------------------------------------------------

/// A record code interpreted in the block it appears in.
///
/// Some LLVM code enumerations serve several blocks (`AttributeCode`,
/// `MetadataCode`, `GlobalValueSummaryCode`); the variant says which block,
/// and [`name`](Self::name) / [`analyzer_name`](Self::analyzer_name) only
/// name the codes that belong to it.
///
/// ```
/// use llvmext_bitcode::schema::{AttributeCode, BlockId, RecordCode};
///
/// let r = RecordCode::new(BlockId::PARAMATTR_GROUP, 3).unwrap();
/// assert_eq!(r, RecordCode::ParamAttrGroup(AttributeCode::GRP_CODE_ENTRY));
/// assert_eq!(r.name(), Some("PARAMATTR_GRP_CODE_ENTRY"));
/// assert_eq!(r.analyzer_name(), Some("ENTRY"));
/// // The same code is not a PARAMATTR record.
/// assert_eq!(RecordCode::new(BlockId::PARAMATTR, 3).unwrap().name(), None);
/// // Blocks this schema does not know have no record codes.
/// assert_eq!(RecordCode::new(BlockId(7), 1), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum RecordCode {
    /// A record of `BLOCKINFO`.
    BlockInfo(BlockInfoCode),
    /// A record of `MODULE`.
    Module(ModuleCode),
    /// A record of `PARAMATTR`.
    ParamAttr(AttributeCode),
    /// A record of `PARAMATTR_GROUP`.
    ParamAttrGroup(AttributeCode),
    /// A record of `CONSTANTS`.
    Constants(ConstantsCode),
    /// A record of `FUNCTION`.
    Function(FunctionCode),
    /// A record of `IDENTIFICATION`.
    Identification(IdentificationCode),
    /// A record of `VALUE_SYMTAB`.
    ValueSymtab(ValueSymtabCode),
    /// A record of `METADATA`.
    Metadata(MetadataCode),
    /// A record of `METADATA_ATTACHMENT`.
    MetadataAttachment(MetadataCode),
    /// A record of `TYPE_NEW`.
    Type(TypeCode),
    /// A record of `USELIST`.
    UseList(UseListCode),
    /// A record of `MODULE_STRTAB`.
    ModuleStrtab(ModulePathSymtabCode),
    /// A record of `GLOBALVAL_SUMMARY`.
    GlobalValSummary(GlobalValueSummaryCode),
    /// A record of `OPERAND_BUNDLE_TAGS`.
    OperandBundleTags(OperandBundleTagCode),
    /// A record of `METADATA_KIND`.
    MetadataKind(MetadataCode),
    /// A record of `STRTAB`.
    Strtab(StrtabCode),
    /// A record of `FULL_LTO_GLOBALVAL_SUMMARY`.
    FullLtoGlobalValSummary(GlobalValueSummaryCode),
    /// A record of `SYMTAB`.
    Symtab(SymtabCode),
    /// A record of `SYNC_SCOPE_NAMES`.
    SyncScopeNames(SyncScopeNameCode),
}

impl RecordCode {
    /// Interprets `code` in `block`: `None` only when `block` is not a block
    /// of this schema. The result may be a value its enumeration does not
    /// name.
    pub const fn new(block: BlockId, code: u32) -> Option<RecordCode> {
        Some(match block {
            BlockId::BLOCKINFO => RecordCode::BlockInfo(BlockInfoCode(code)),
            BlockId::MODULE => RecordCode::Module(ModuleCode(code)),
            BlockId::PARAMATTR => RecordCode::ParamAttr(AttributeCode(code)),
            BlockId::PARAMATTR_GROUP => RecordCode::ParamAttrGroup(AttributeCode(code)),
            BlockId::CONSTANTS => RecordCode::Constants(ConstantsCode(code)),
            BlockId::FUNCTION => RecordCode::Function(FunctionCode(code)),
            BlockId::IDENTIFICATION => RecordCode::Identification(IdentificationCode(code)),
            BlockId::VALUE_SYMTAB => RecordCode::ValueSymtab(ValueSymtabCode(code)),
            BlockId::METADATA => RecordCode::Metadata(MetadataCode(code)),
            BlockId::METADATA_ATTACHMENT => RecordCode::MetadataAttachment(MetadataCode(code)),
            BlockId::TYPE_NEW => RecordCode::Type(TypeCode(code)),
            BlockId::USELIST => RecordCode::UseList(UseListCode(code)),
            BlockId::MODULE_STRTAB => RecordCode::ModuleStrtab(ModulePathSymtabCode(code)),
            BlockId::GLOBALVAL_SUMMARY => {
                RecordCode::GlobalValSummary(GlobalValueSummaryCode(code))
            }
            BlockId::OPERAND_BUNDLE_TAGS => {
                RecordCode::OperandBundleTags(OperandBundleTagCode(code))
            }
            BlockId::METADATA_KIND => RecordCode::MetadataKind(MetadataCode(code)),
            BlockId::STRTAB => RecordCode::Strtab(StrtabCode(code)),
            BlockId::FULL_LTO_GLOBALVAL_SUMMARY => {
                RecordCode::FullLtoGlobalValSummary(GlobalValueSummaryCode(code))
            }
            BlockId::SYMTAB => RecordCode::Symtab(SymtabCode(code)),
            BlockId::SYNC_SCOPE_NAMES => RecordCode::SyncScopeNames(SyncScopeNameCode(code)),
            _ => return None,
        })
    }

    /// The block this record is in.
    pub const fn block(self) -> BlockId {
        match self {
            RecordCode::BlockInfo(_) => BlockId::BLOCKINFO,
            RecordCode::Module(_) => BlockId::MODULE,
            RecordCode::ParamAttr(_) => BlockId::PARAMATTR,
            RecordCode::ParamAttrGroup(_) => BlockId::PARAMATTR_GROUP,
            RecordCode::Constants(_) => BlockId::CONSTANTS,
            RecordCode::Function(_) => BlockId::FUNCTION,
            RecordCode::Identification(_) => BlockId::IDENTIFICATION,
            RecordCode::ValueSymtab(_) => BlockId::VALUE_SYMTAB,
            RecordCode::Metadata(_) => BlockId::METADATA,
            RecordCode::MetadataAttachment(_) => BlockId::METADATA_ATTACHMENT,
            RecordCode::Type(_) => BlockId::TYPE_NEW,
            RecordCode::UseList(_) => BlockId::USELIST,
            RecordCode::ModuleStrtab(_) => BlockId::MODULE_STRTAB,
            RecordCode::GlobalValSummary(_) => BlockId::GLOBALVAL_SUMMARY,
            RecordCode::OperandBundleTags(_) => BlockId::OPERAND_BUNDLE_TAGS,
            RecordCode::MetadataKind(_) => BlockId::METADATA_KIND,
            RecordCode::Strtab(_) => BlockId::STRTAB,
            RecordCode::FullLtoGlobalValSummary(_) => BlockId::FULL_LTO_GLOBALVAL_SUMMARY,
            RecordCode::Symtab(_) => BlockId::SYMTAB,
            RecordCode::SyncScopeNames(_) => BlockId::SYNC_SCOPE_NAMES,
        }
    }

    /// The numeric record code.
    pub const fn code(self) -> u32 {
        match self {
            RecordCode::BlockInfo(c) => c.0,
            RecordCode::Module(c) => c.0,
            RecordCode::ParamAttr(c) | RecordCode::ParamAttrGroup(c) => c.0,
            RecordCode::Constants(c) => c.0,
            RecordCode::Function(c) => c.0,
            RecordCode::Identification(c) => c.0,
            RecordCode::ValueSymtab(c) => c.0,
            RecordCode::Metadata(c)
            | RecordCode::MetadataAttachment(c)
            | RecordCode::MetadataKind(c) => c.0,
            RecordCode::Type(c) => c.0,
            RecordCode::UseList(c) => c.0,
            RecordCode::ModuleStrtab(c) => c.0,
            RecordCode::GlobalValSummary(c) | RecordCode::FullLtoGlobalValSummary(c) => c.0,
            RecordCode::OperandBundleTags(c) => c.0,
            RecordCode::Strtab(c) => c.0,
            RecordCode::Symtab(c) => c.0,
            RecordCode::SyncScopeNames(c) => c.0,
        }
    }

    /// Whether LLVM defines this code for this block. Codes of a shared
    /// enumeration that belong to another block are not members: for
    /// example `METADATA_ATTACHMENT` is only a record of the
    /// `METADATA_ATTACHMENT` block, `METADATA_KIND` only of `METADATA_KIND`
    /// and (in old bitcode) `METADATA`.
    pub const fn is_defined(self) -> bool {
        match self {
            RecordCode::ParamAttr(c) => {
                matches!(c, AttributeCode::ENTRY_OLD | AttributeCode::ENTRY)
            }
            RecordCode::ParamAttrGroup(c) => matches!(c, AttributeCode::GRP_CODE_ENTRY),
            RecordCode::Metadata(c) => c.is_known() && c.0 != MetadataCode::ATTACHMENT.0,
            RecordCode::MetadataAttachment(c) => matches!(c, MetadataCode::ATTACHMENT),
            RecordCode::MetadataKind(c) => matches!(c, MetadataCode::KIND),
            RecordCode::BlockInfo(c) => c.is_known(),
            RecordCode::Module(c) => c.is_known(),
            RecordCode::Constants(c) => c.is_known(),
            RecordCode::Function(c) => c.is_known(),
            RecordCode::Identification(c) => c.is_known(),
            RecordCode::ValueSymtab(c) => c.is_known(),
            RecordCode::Type(c) => c.is_known(),
            RecordCode::UseList(c) => c.is_known(),
            RecordCode::ModuleStrtab(c) => c.is_known(),
            RecordCode::GlobalValSummary(c) | RecordCode::FullLtoGlobalValSummary(c) => {
                c.is_known()
            }
            RecordCode::OperandBundleTags(c) => c.is_known(),
            RecordCode::Strtab(c) => c.is_known(),
            RecordCode::Symtab(c) => c.is_known(),
            RecordCode::SyncScopeNames(c) => c.is_known(),
        }
    }

    /// The C++ enumerator name, e.g. `FUNC_CODE_INST_CALL`, or `None` if
    /// the code is not [defined](Self::is_defined) for its block.
    pub const fn name(self) -> Option<&'static str> {
        if !self.is_defined() {
            return None;
        }
        match self {
            RecordCode::BlockInfo(c) => c.name(),
            RecordCode::Module(c) => c.name(),
            RecordCode::ParamAttr(c) | RecordCode::ParamAttrGroup(c) => c.name(),
            RecordCode::Constants(c) => c.name(),
            RecordCode::Function(c) => c.name(),
            RecordCode::Identification(c) => c.name(),
            RecordCode::ValueSymtab(c) => c.name(),
            RecordCode::Metadata(c)
            | RecordCode::MetadataAttachment(c)
            | RecordCode::MetadataKind(c) => c.name(),
            RecordCode::Type(c) => c.name(),
            RecordCode::UseList(c) => c.name(),
            RecordCode::ModuleStrtab(c) => c.name(),
            RecordCode::GlobalValSummary(c) | RecordCode::FullLtoGlobalValSummary(c) => c.name(),
            RecordCode::OperandBundleTags(c) => c.name(),
            RecordCode::Strtab(c) => c.name(),
            RecordCode::Symtab(c) => c.name(),
            RecordCode::SyncScopeNames(c) => c.name(),
        }
    }

    /// The name `llvm-bcanalyzer-19 -dump` prints for this record (without
    /// names from the stream's own `BLOCKINFO`), or `None` where it prints
    /// `UnknownCode<N>`.
    pub const fn analyzer_name(self) -> Option<&'static str> {
        if !self.is_defined() {
            return None;
        }
        match self {
            RecordCode::BlockInfo(c) => c.analyzer_name(),
            RecordCode::Module(c) => c.analyzer_name(),
            RecordCode::ParamAttr(c) | RecordCode::ParamAttrGroup(c) => c.analyzer_name(),
            RecordCode::Constants(c) => c.analyzer_name(),
            RecordCode::Function(c) => c.analyzer_name(),
            RecordCode::Identification(c) => c.analyzer_name(),
            RecordCode::ValueSymtab(c) => c.analyzer_name(),
            RecordCode::Metadata(c)
            | RecordCode::MetadataAttachment(c)
            | RecordCode::MetadataKind(c) => c.analyzer_name(),
            RecordCode::Type(c) => c.analyzer_name(),
            RecordCode::UseList(c) => c.analyzer_name(),
            RecordCode::ModuleStrtab(c) => c.analyzer_name(),
            RecordCode::GlobalValSummary(c) | RecordCode::FullLtoGlobalValSummary(c) => {
                c.analyzer_name()
            }
            RecordCode::OperandBundleTags(c) => c.analyzer_name(),
            RecordCode::Strtab(c) => c.analyzer_name(),
            RecordCode::Symtab(c) => c.analyzer_name(),
            RecordCode::SyncScopeNames(c) => c.analyzer_name(),
        }
    }
}

impl fmt::Display for RecordCode {
    /// The C++ enumerator name, or `UnknownCode<N>` as the analyzer writes
    /// an unnamed code.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "UnknownCode{}", self.code()),
        }
    }
}

/// The C++ enumerator name of record `code` in `block`, e.g.
/// `record_name(BlockId::MODULE, 2) == Some("MODULE_CODE_TRIPLE")`; `None`
/// for an unknown block or a code LLVM does not define for that block.
pub const fn record_name(block: BlockId, code: u32) -> Option<&'static str> {
    match RecordCode::new(block, code) {
        Some(r) => r.name(),
        None => None,
    }
}

/// The name `llvm-bcanalyzer-19 -dump` prints for record `code` in `block`
/// (e.g. `"TRIPLE"`), or `None` where it prints `UnknownCode<code>`.
///
/// Names that the stream itself assigns in `BLOCKINFO` (`SETRECORDNAME`)
/// take precedence in the analyzer and are not covered here; outside an
/// LLVM IR stream the analyzer only names `BLOCKINFO` records.
pub const fn record_analyzer_name(block: BlockId, code: u32) -> Option<&'static str> {
    match RecordCode::new(block, code) {
        Some(r) => r.analyzer_name(),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    // Values checked by hand against LLVMBitCodes.h / BitCodeEnums.h.
    #[test]
    fn spot_check_values() {
        assert_eq!(BlockId::BLOCKINFO.0, 0);
        assert_eq!(BlockId::MODULE.0, 8);
        assert_eq!(BlockId::TYPE_NEW.0, 17);
        assert_eq!(BlockId::SYNC_SCOPE_NAMES.0, 26);
        assert_eq!(FIRST_APPLICATION_BLOCK_ID, BlockId::MODULE);
        assert_eq!(BlockInfoCode::SETRECORDNAME.0, 3);
        assert_eq!(ModuleCode::GCNAME.0, 11);
        assert_eq!(ModuleCode::IFUNC.0, 18);
        assert_eq!(AttributeCode::GRP_CODE_ENTRY.0, 3);
        assert_eq!(TypeCode::OPAQUE_POINTER.0, 25);
        assert_eq!(TypeCode::FUNCTION.0, 21);
        assert_eq!(ValueSymtabCode::COMBINED_ENTRY.0, 5);
        assert_eq!(GlobalValueSummaryCode::FLAGS.0, 20);
        assert_eq!(GlobalValueSummaryCode::COMBINED_ALLOC_INFO_NO_CONTEXT.0, 33);
        assert_eq!(MetadataCode::STRINGS.0, 35);
        assert_eq!(MetadataCode::INDEX_OFFSET.0, 38);
        assert_eq!(MetadataCode::INDEX.0, 39);
        assert_eq!(MetadataCode::COMMON_BLOCK.0, 44);
        assert_eq!(MetadataCode::FIXED_POINT_TYPE.0, 49);
        assert_eq!(ConstantsCode::BLOCKADDRESS.0, 21);
        assert_eq!(ConstantsCode::POISON.0, 26);
        assert_eq!(ConstantsCode::CE_GEP.0, 32);
        assert_eq!(ConstantsCode::WIDE_BYTE.0, 36);
        assert_eq!(FunctionCode::INST_CALL.0, 34);
        assert_eq!(FunctionCode::DEBUG_LOC.0, 35);
        assert_eq!(FunctionCode::INST_GEP.0, 43);
        assert_eq!(FunctionCode::INST_STORE.0, 44);
        assert_eq!(FunctionCode::INST_ATOMICRMW.0, 59);
        assert_eq!(FunctionCode::DEBUG_RECORD_VALUE.0, 61);
        assert_eq!(FunctionCode::DEBUG_RECORD_DECLARE_VALUE.0, 66);
        assert_eq!(UseListCode::BB.0, 2);
        assert_eq!(CastOpcode::ADDRSPACECAST.0, 12);
        assert_eq!(BinaryOpcode::XOR.0, 12);
        assert_eq!(RmwOperation::UDEC_WRAP.0, 16);
        assert_eq!(RmwOperation::FMINIMUMNUM.0, 22);
        assert_eq!(FastMathFlag::ALLOW_REASSOC.0, 1 << 7);
        assert_eq!(MetadataOperandBundleValueMarker::METADATA.0, 0x8000_0000);
        assert_eq!(GepFlag::NUW.0, 2);
        assert_eq!(AtomicOrderingCode::SEQCST.0, 6);
        assert_eq!(CallMarkersFlag::EXPLICIT_TYPE.0, 15);
        assert_eq!(CallMarkersFlag::FMF.0, 17);
        assert_eq!(AttributeKind::NO_CAPTURE.0, 11);
        assert_eq!(AttributeKind::MEMORY.0, 86);
        assert_eq!(AttributeKind::CAPTURES.0, 102);
        assert_eq!(AttributeKind::NOOUTLINE.0, 107);
        assert_eq!(ComdatSelectionKind::SAME_SIZE.0, 5);
        assert_eq!(BITCODE_CURRENT_EPOCH, 0);
    }

    #[test]
    fn names_and_printing() {
        assert_eq!(FunctionCode::INST_CALL.name(), Some("FUNC_CODE_INST_CALL"));
        assert_eq!(FunctionCode::INST_CALL.to_string(), "FUNC_CODE_INST_CALL");
        assert_eq!(format!("{:?}", FunctionCode(14)), "FunctionCode(14)");
        assert_eq!(ModuleCode(99).to_string(), "ModuleCode(99)");
        assert_eq!(BlockId(1).name(), None);
        assert_eq!(format!("{:?}", BlockId::METADATA_ATTACHMENT), "METADATA_ATTACHMENT_ID");
        assert_eq!(FastMathFlag::NO_NANS.name(), Some("NoNaNs"));
        assert_eq!(u32::from(TypeCode::TOKEN), 22);
        assert_eq!(TypeCode::from(22), TypeCode::TOKEN);
        let r = RecordCode::new(BlockId::FUNCTION, 14).unwrap();
        assert_eq!(r.to_string(), "UnknownCode14");
        assert_eq!(r.block(), BlockId::FUNCTION);
        assert_eq!(r.code(), 14);
    }

    #[test]
    fn analyzer_names() {
        assert_eq!(BlockId::MODULE.analyzer_name(), Some("MODULE_BLOCK"));
        assert_eq!(BlockId::PARAMATTR_GROUP.analyzer_name(), Some("PARAMATTR_GROUP_BLOCK_ID"));
        assert_eq!(BlockId::VALUE_SYMTAB.analyzer_name(), Some("VALUE_SYMTAB"));
        assert_eq!(BlockId::SYNC_SCOPE_NAMES.analyzer_name(), None);
        assert_eq!(record_analyzer_name(BlockId::MODULE, 2), Some("TRIPLE"));
        assert_eq!(record_analyzer_name(BlockId::MODULE, 18), None);
        assert_eq!(record_analyzer_name(BlockId::BLOCKINFO, 1), Some("SETBID"));
        assert_eq!(record_analyzer_name(BlockId::CONSTANTS, 21), Some("CST_CODE_BLOCKADDRESS"));
        assert_eq!(record_analyzer_name(BlockId::CONSTANTS, 26), None);
        assert_eq!(record_analyzer_name(BlockId::PARAMATTR, 1), Some("ENTRY"));
        assert_eq!(record_analyzer_name(BlockId::PARAMATTR, 3), None);
        assert_eq!(record_analyzer_name(BlockId::PARAMATTR_GROUP, 2), None);
        assert_eq!(record_analyzer_name(BlockId::METADATA, 11), None);
        assert_eq!(record_analyzer_name(BlockId::METADATA_ATTACHMENT, 11), Some("ATTACHMENT"));
        assert_eq!(record_analyzer_name(BlockId::METADATA_KIND, 6), Some("KIND"));
        assert_eq!(record_analyzer_name(BlockId::METADATA_KIND, 1), None);
        assert_eq!(record_analyzer_name(BlockId::USELIST, 1), Some("USELIST_CODE_DEFAULT"));
        assert_eq!(record_analyzer_name(BlockId::STRTAB, 1), Some("BLOB"));
        assert_eq!(record_analyzer_name(BlockId::SYNC_SCOPE_NAMES, 1), None);
        assert_eq!(record_analyzer_name(BlockId(7), 1), None);
        assert_eq!(record_name(BlockId::SYNC_SCOPE_NAMES, 1), Some("SYNC_SCOPE_NAME"));
        assert_eq!(record_name(BlockId::METADATA, 6), Some("METADATA_KIND"));
        assert_eq!(record_name(BlockId::METADATA, 11), None);
        assert_eq!(
            record_name(BlockId::GLOBALVAL_SUMMARY, 33),
            Some("FS_COMBINED_ALLOC_INFO_NO_CONTEXT")
        );
    }

    /// Every table is consistent: values and names unique, analyzer names
    /// only for named values, and every C++ name ends in the constant's
    /// name (the tables were typed by hand).
    #[test]
    fn tables_are_consistent() {
        fn check<T: Copy + Into<u32>>(
            ty: &str,
            known: &[T],
            name: impl Fn(T) -> Option<&'static str>,
        ) {
            let mut values = HashSet::new();
            let mut names = HashSet::new();
            for &k in known {
                let v: u32 = k.into();
                assert!(values.insert(v), "{ty}: value {v} twice");
                let n = name(k).unwrap_or_else(|| panic!("{ty}: {v} has no name"));
                assert!(names.insert(n), "{ty}: name {n} twice");
            }
        }
        macro_rules! check_all {
            ($($t:ident),* $(,)?) => {
                $( check(stringify!($t), $t::KNOWN, $t::name); )*
            };
        }
        check_all!(
            BlockId,
            BlockInfoCode,
            IdentificationCode,
            ModuleCode,
            AttributeCode,
            TypeCode,
            OperandBundleTagCode,
            SyncScopeNameCode,
            ValueSymtabCode,
            ModulePathSymtabCode,
            GlobalValueSummaryCode,
            MetadataCode,
            ConstantsCode,
            FunctionCode,
            UseListCode,
            StrtabCode,
            SymtabCode,
            CastOpcode,
            UnaryOpcode,
            BinaryOpcode,
            RmwOperation,
            OverflowingBinaryOperatorFlag,
            TruncInstFlag,
            FastMathFlag,
            PossiblyNonNegFlag,
            PossiblyExactFlag,
            PossiblyDisjointFlag,
            MetadataOperandBundleValueMarker,
            GepFlag,
            ICmpFlag,
            AtomicOrderingCode,
            CallMarkersFlag,
            AttributeKind,
            ComdatSelectionKind,
        );
        // Record-code names are PREFIX_CONST. Debug output prints the name.
        for &c in FunctionCode::KNOWN {
            assert!(c.name().unwrap().starts_with("FUNC_CODE_"));
        }
        for &c in ModuleCode::KNOWN {
            assert!(c.name().unwrap().starts_with("MODULE_CODE_"));
        }
        for &c in MetadataCode::KNOWN {
            assert!(c.name().unwrap().starts_with("METADATA_"));
        }
        for &c in ConstantsCode::KNOWN {
            assert!(c.name().unwrap().starts_with("CST_CODE_"));
        }
        for &c in TypeCode::KNOWN {
            assert!(c.name().unwrap().starts_with("TYPE_CODE_"));
        }
        for &c in GlobalValueSummaryCode::KNOWN {
            assert!(c.name().unwrap().starts_with("FS_"));
        }
        for &c in AttributeKind::KNOWN {
            assert!(c.name().unwrap().starts_with("ATTR_KIND_"));
        }
        // Every known block has a code enumeration, and only those do.
        for b in 0..64 {
            assert_eq!(
                RecordCode::new(BlockId(b), 1).is_some(),
                BlockId(b).is_known(),
                "block {b}"
            );
        }
        for &b in BlockId::KNOWN {
            assert_eq!(RecordCode::new(b, 1).unwrap().block(), b);
        }
    }

    /// The analyzer name of a record code is, apart from documented
    /// exceptions, the C++ name without its prefix.
    #[test]
    fn analyzer_names_follow_enumerators() {
        let exceptions = [
            "CST_CODE_BLOCKADDRESS",
            "USELIST_CODE_DEFAULT",
            "USELIST_CODE_BB",
            "OPERAND_BUNDLE_TAG",
            "PARAMATTR_CODE_ENTRY_OLD",
        ];
        for &b in BlockId::KNOWN {
            for code in 0..128 {
                let r = RecordCode::new(b, code).unwrap();
                let (Some(name), Some(an)) = (r.name(), r.analyzer_name()) else {
                    continue;
                };
                if exceptions.contains(&name) || exceptions.contains(&an) {
                    continue;
                }
                assert!(name.ends_with(an), "{name} vs {an}");
                assert_eq!(name.as_bytes()[name.len() - an.len() - 1], b'_', "{name} vs {an}");
            }
        }
    }
}
