//! Operand layouts of LLVM IR bitcode records, as data.
//!
//! For each record the reader reads (and, for the module's global values,
//! the writer writes: `write/module.rs` fills records by these positions),
//! a module here (named after the
//! record, e.g. [`global_var`] for `MODULE_CODE_GLOBALVAR`) holds:
//!
//! - one `usize` constant per operand: its position in the layout's
//!   [`fields`](Layout::fields) (e.g. [`global_var::LINKAGE`]). While every
//!   operand before it has a fixed width and is present, this is also its
//!   index in the record as LLVM 19 writes it; [`Layout::get`] maps it to
//!   the record of an older module version;
//! - `FIELDS`, the operands in LLVM 19's writer order (`BitcodeWriter.cpp`
//!   is the authority; `BitcodeReader.cpp` for what older producers wrote),
//!   each with its name as LLVM writes it and what it encodes
//!   ([`OperandKind`]);
//! - `LAYOUT`, the whole [`Layout`]: block, code, version range, the number
//!   of operands every producer writes ([`Layout::required`]: older
//!   producers wrote fewer trailing operands), the variable part
//!   ([`Layout::tail`], e.g. `n x (type, value)` or a function's arguments)
//!   and operands written after it ([`Layout::after`]).
//!
//! Each module's documentation shows the record as LLVM writes it, e.g.
//! `[strtab_offset, strtab_size, type, isconst|explicit_type<<1|addrspace<<2, …]`.
//! [`ALL`] lists every layout and [`find`] looks one up by block, code and
//! module version (`MODULE_CODE_VERSION`: records of version 2 start with
//! their name's string-table offset and size, version 0 and 1 named values
//! in the value symbol table).
//!
//! Debug-info node records (`METADATA_LOCATION`, `METADATA_SUBPROGRAM`, …)
//! are here in LLVM 19's layout, each operand tagged with the
//! `llvmext_ir::di::Field` it holds (`Operand::di`, with the `ir`
//! feature); `DI_RECORDS`
//! pairs each with its node kind and the flag bits LLVM 19 writes in its
//! operand 0. The writer derives every such record from them, the reader
//! reads LLVM 19's layout by their positions; the older layouts the reader
//! also accepts are described in its `read/di.rs`.
//!
//! ```
//! use llvmext_bitcode::schema::layout::{self, global_var, OperandKind};
//! use llvmext_bitcode::schema::{BlockId, ModuleCode};
//!
//! assert_eq!(global_var::LINKAGE, 5);
//! assert_eq!(global_var::FIELDS[global_var::LINKAGE].kind, OperandKind::Linkage);
//! assert!(global_var::LAYOUT.written.starts_with("[strtab_offset, strtab_size, type, "));
//! let l = layout::find(BlockId::MODULE, ModuleCode::GLOBALVAR.0, 2).unwrap();
//! assert_eq!(l.record, "MODULE_CODE_GLOBALVAR");
//! // A version-1 record has no name prefix: its linkage is operand 3.
//! let v1 = [7, 2, 0, 11, 0, 0];
//! assert_eq!(l.get(&v1, global_var::LINKAGE, 1), Some(11));
//! assert!(l.check(&v1, 1).is_ok());
//! assert!(l.check(&v1, 2).is_err()); // too short for version 2
//! ```

use core::fmt;

#[cfg(feature = "ir")]
use llvmext_ir::di::DiKind;

use super::BlockId;

/// What one operand of a record encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum OperandKind {
    /// Byte offset of a name in the module's `STRTAB` blob.
    StrtabOffset,
    /// Byte length of that name.
    StrtabSize,
    /// A type ID: an index into the type table.
    TypeId,
    /// An absolute value ID (global value numbering; in a function, the
    /// function's numbering continued).
    ValueId,
    /// An absolute value ID plus one; 0 for none (initializers, prologue,
    /// prefix and personality).
    ValueIdPlusOne,
    /// A value ID relative to the instruction's own number (module version
    /// 1 on: `instid - valueid`, 32-bit wrapping); absolute in version 0.
    RelativeValueId,
    /// A relative value ID, as a sign-rotated VBR (`phi` incoming values,
    /// which may be forward references).
    SignedRelativeValueId,
    /// A relative value ID, followed by its type ID when it is a forward
    /// reference (LLVM's `pushValueAndType`): one or two operands.
    ValueTypePair,
    /// A call argument: a [`RelativeValueId`](Self::RelativeValueId) for a
    /// fixed parameter, a [`ValueTypePair`](Self::ValueTypePair) for a
    /// variadic one (the callee's type tells which).
    CallArg,
    /// A basic block index within the function.
    BasicBlockId,
    /// A metadata ID.
    MdId,
    /// A metadata ID plus one; 0 for null.
    MdIdPlusOne,
    /// A metadata kind ID (`METADATA_KIND`).
    MdKindId,
    /// An attribute list ID plus one (`PARAMATTR` entry); 0 for none.
    AttrListIdPlusOne,
    /// An attribute group ID (`PARAMATTR_GROUP` entry).
    AttrGroupId,
    /// An attribute group's index: 0xFFFFFFFF for the function, 0 for the
    /// return value, `n + 1` for parameter `n`.
    AttrIndex,
    /// One attribute of a group, kind-tagged and of variable width: `[0,
    /// kind]`, `[1, kind, int]`, `[3, key chars…, 0]`, `[4, key chars…, 0,
    /// value chars…, 0]`, `[5, kind]`, `[6, kind, type]`, `[7, kind, range]`,
    /// `[8, kind, n, ranges]`.
    Attribute,
    /// A section name's index plus one (`MODULE_CODE_SECTIONNAME`); 0 for
    /// none.
    SectionIdPlusOne,
    /// A garbage collector name's index plus one (`MODULE_CODE_GCNAME`); 0
    /// for none.
    GcIdPlusOne,
    /// A comdat's index plus one (`MODULE_CODE_COMDAT`); 0 for none.
    ComdatIdPlusOne,
    /// An operand bundle tag's index (`OPERAND_BUNDLE_TAGS`).
    BundleTagId,
    /// A synchronization scope's index (`SYNC_SCOPE_NAMES`).
    SyncScopeId,
    /// An alignment as `log2(align) + 1`; 0 for none.
    AlignLog2Plus1,
    /// An address space.
    AddrSpace,
    /// Linkage (`getEncodedLinkage`).
    Linkage,
    /// Visibility: 0 default, 1 hidden, 2 protected.
    Visibility,
    /// Thread-local mode: 0 none, 1 general dynamic, 2 local dynamic, 3
    /// initial exec, 4 local exec.
    ThreadLocal,
    /// `unnamed_addr`: 0 none, 1 `unnamed_addr`, 2 `local_unnamed_addr`.
    UnnamedAddr,
    /// DLL storage class: 0 default, 1 `dllimport`, 2 `dllexport`.
    DllStorageClass,
    /// A comdat selection kind ([`ComdatSelectionKind`](super::ComdatSelectionKind)).
    ComdatSelectionKind,
    /// A calling convention.
    CallingConv,
    /// A word of bit flags (the layout's name shows the bits).
    Flags,
    /// Fast-math flags ([`FastMathFlag`](super::FastMathFlag)).
    FastMathFlags,
    /// An instruction or constant-expression opcode (cast, binary, unary,
    /// `atomicrmw` operation).
    Opcode,
    /// A comparison predicate.
    Predicate,
    /// An atomic ordering ([`AtomicOrderingCode`](super::AtomicOrderingCode)).
    AtomicOrdering,
    /// A number of operands or entries that follow.
    Count,
    /// A character (a string is an array of them).
    Char,
    /// 0 or 1.
    Bool,
    /// An unsigned integer.
    Int,
    /// A signed integer as a sign-rotated VBR (`emitSignedInt64`).
    SignedInt,
    /// A fixed-width 32-bit word (offsets in 32-bit halves, hashes).
    Word32,
    /// A code-model value plus one; 0 for none.
    CodeModel,
    /// An address space plus one, 32-bit wrapping; 0 for none
    /// (`DIDerivedType`'s `dwarfAddressSpace`).
    AddrSpacePlusOne,
    /// The pointer-authentication data of a `DW_TAG_LLVM_ptrauth_type`
    /// `DIDerivedType` (LLVM keeps it in the alignment word); 0 for any
    /// other tag.
    PtrAuthData,
}

impl OperandKind {
    /// The number of record operands one such operand takes, given its first
    /// operand `raw`: 2 for a forward-referencing
    /// [`ValueTypePair`](Self::ValueTypePair) (a relative ID of 0, or of
    /// 2^31 and above: a negative difference), else 1. `None` where the
    /// record alone cannot tell ([`CallArg`](Self::CallArg),
    /// [`Attribute`](Self::Attribute)). Relative IDs (module version 1 and
    /// later) are assumed.
    pub fn width(self, raw: u64) -> Option<usize> {
        match self {
            OperandKind::ValueTypePair => Some(if raw == 0 || raw >= 1 << 31 { 2 } else { 1 }),
            OperandKind::CallArg | OperandKind::Attribute => None,
            _ => Some(1),
        }
    }
}

/// When an operand is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Presence {
    /// Always (an older producer may still have stopped before it if it is
    /// past [`Layout::required`]).
    Always,
    /// From this module version (`MODULE_CODE_VERSION`) on: the string-table
    /// name of version 2.
    SinceModuleVersion(u8),
    /// When bit `bit` of the operand at position `field` of the layout is
    /// set (`INST_CALL`'s fast-math flags and explicit type).
    IfBit {
        /// The operand holding the flag (an earlier one).
        field: usize,
        /// The bit.
        bit: u8,
    },
    /// When the record's operand count is odd.
    IfOddCount,
    /// When the record's operand count is even.
    IfEvenCount,
    /// Repeated as many times as the value of the operand at `field` (an
    /// earlier one).
    Counted {
        /// The operand holding the count.
        field: usize,
    },
}

/// One operand of a record layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    /// Its constant's name in the layout's module, e.g. `LINKAGE`; for an
    /// operand of a variable part, a short name.
    pub name: &'static str,
    /// How LLVM's comments write it, e.g. `initid+1` or
    /// `isconst|explicit_type<<1|addrspace<<2`.
    pub written: &'static str,
    /// What it encodes.
    pub kind: OperandKind,
    /// When it is written.
    pub presence: Presence,
    /// The debug-info field it holds, in a debug-info node record (see
    /// `di_record`); `None` elsewhere and for an operand that holds no
    /// single field (the flags of operand 0, a reserved operand). With
    /// the `ir` feature (the IR model defines the fields).
    #[cfg(feature = "ir")]
    pub di: Option<llvmext_ir::di::Field>,
}

/// The operand layout of one record (of some module versions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The block the record is in.
    pub block: BlockId,
    /// The record code.
    pub code: u32,
    /// LLVM's enumerator, e.g. `MODULE_CODE_GLOBALVAR`.
    pub record: &'static str,
    /// The module versions (`MODULE_CODE_VERSION`) this layout is for,
    /// inclusive.
    pub versions: (u8, u8),
    /// The record as LLVM writes it, e.g. `[opty, opval, n x (type, value)]`.
    pub written: &'static str,
    /// The fixed operands, in order.
    pub fields: &'static [Operand],
    /// How many of [`fields`](Self::fields) every producer writes (when
    /// their [`Presence`] says so); the rest are trailing operands an older
    /// producer may have left out.
    pub required: usize,
    /// The variable part after the fixed operands: this group, repeated.
    /// Empty when there is none.
    pub tail: &'static [Operand],
    /// Operands after the variable part (`phi`'s fast-math flags, a use
    /// list's value).
    pub after: &'static [Operand],
    /// Whether the record carries a blob (`METADATA_STRINGS`, `STRTAB_BLOB`).
    pub blob: bool,
}

/// Why a record does not fit its layout ([`Layout::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The layout's record name.
    pub record: &'static str,
    /// The record's operand count.
    pub len: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} with {} operands: {}", self.record, self.len, self.what)
    }
}

impl std::error::Error for Mismatch {}

/// Where one operand of a record lies ([`Layout::walk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The operand.
    pub operand: &'static Operand,
    /// Its first index in the record.
    pub at: usize,
    /// How many record operands it takes (2 for a forward-referencing
    /// value-and-type pair).
    pub width: usize,
}

impl Layout {
    /// Whether this layout is for records of module version `v`.
    pub fn covers(&self, module_version: u64) -> bool {
        module_version >= u64::from(self.versions.0) && module_version <= u64::from(self.versions.1)
    }

    /// How many leading fields a record of module version `v` lacks (the
    /// string-table name before version 2).
    pub fn absent_prefix(&self, module_version: u64) -> usize {
        self.fields
            .iter()
            .take_while(|f| {
                matches!(f.presence, Presence::SinceModuleVersion(s) if module_version < u64::from(s))
            })
            .count()
    }

    /// The operand at layout position `field` of a record of module version
    /// `module_version`, for a field whose place is fixed (every earlier
    /// field one operand wide and present); `None` when the record is
    /// shorter or the field is absent in that version.
    pub fn get(&self, ops: &[u64], field: usize, module_version: u64) -> Option<u64> {
        let skip = self.absent_prefix(module_version);
        ops.get(field.checked_sub(skip)?).copied()
    }

    /// The smallest operand count of a record of module version `v`: the
    /// required fields present in it (a counted or conditional field taken
    /// as absent) and the operands after the variable part.
    pub fn min_len(&self, module_version: u64) -> usize {
        let fixed = self.fields[..self.required.min(self.fields.len())]
            .iter()
            .filter(|f| match f.presence {
                Presence::Always => true,
                Presence::SinceModuleVersion(s) => module_version >= u64::from(s),
                _ => false,
            })
            .count();
        fixed + self.after.iter().filter(|f| f.presence == Presence::Always).count()
    }

    /// The largest operand count of a record of module version `v`, or
    /// `None` when it has a variable part or a counted field.
    pub fn max_len(&self, module_version: u64) -> Option<usize> {
        if !self.tail.is_empty() {
            return None;
        }
        let mut n = self.after.len();
        for f in self.fields {
            n += match f.presence {
                Presence::SinceModuleVersion(s) if module_version < u64::from(s) => 0,
                Presence::Counted { .. } => return None,
                _ if f.kind == OperandKind::ValueTypePair => 2,
                _ if f.kind.width(0).is_none() => return None,
                _ => 1,
            };
        }
        Some(n)
    }

    /// Checks that `ops` fits this layout in module version
    /// `module_version`, and says where each operand lies (calling `place`
    /// for each, variable part included, in record order).
    ///
    /// The checks: every required field is there; fields past
    /// [`required`](Self::required) are left out only at the end; a
    /// variable part consists of whole groups; nothing is left over.
    /// Forward references in value-and-type pairs are recognised by their
    /// relative IDs (module version 1 on). A variable part of call
    /// arguments or attributes is taken whole, as the record alone does not
    /// tell their widths.
    pub fn walk(
        &'static self,
        ops: &[u64],
        module_version: u64,
        mut place: impl FnMut(Placed),
    ) -> Result<(), Mismatch> {
        let n = ops.len();
        let bad = |what: String| Mismatch { record: self.record, len: n, what };
        let present_by_count = |p: Presence| match p {
            Presence::IfOddCount => n % 2 == 1,
            Presence::IfEvenCount => n % 2 == 0,
            _ => true,
        };
        let n_after = self.after.iter().filter(|f| present_by_count(f.presence)).count();
        let end = n.checked_sub(n_after).ok_or_else(|| bad("too short".into()))?;
        // Where each field lies (its first operand), for `IfBit` and `Counted`.
        let mut at: [Option<usize>; 32] = [None; 32];
        let mut i = 0;
        let mut truncated = false;
        for (k, f) in self.fields.iter().enumerate() {
            let times = match f.presence {
                Presence::Always => 1,
                Presence::SinceModuleVersion(s) => usize::from(module_version >= u64::from(s)),
                Presence::IfBit { field, bit } => {
                    let v = at.get(field).copied().flatten().map(|p| ops[p]);
                    usize::from(v.is_some_and(|v| bit < 64 && v >> bit & 1 != 0))
                }
                Presence::IfOddCount | Presence::IfEvenCount => {
                    usize::from(present_by_count(f.presence))
                }
                Presence::Counted { field } => {
                    let c = at.get(field).copied().flatten().map(|p| ops[p]);
                    let c = c.ok_or_else(|| bad(format!("{} without its count", f.written)))?;
                    if c > (end - i.min(end)) as u64 {
                        return Err(bad(format!("count {c} of {} too large", f.written)));
                    }
                    c as usize
                }
            };
            for _ in 0..times {
                if i >= end {
                    if k < self.required {
                        return Err(bad(format!("{} missing (operand {i})", f.written)));
                    }
                    truncated = true;
                    break;
                }
                let Some(w) = f.kind.width(ops[i]) else {
                    return Err(bad(format!(
                        "{} of undetermined width in the fixed part",
                        f.written
                    )));
                };
                if k < at.len() && at[k].is_none() {
                    at[k] = Some(i);
                }
                if i + w > end {
                    return Err(bad(format!("{} cut short", f.written)));
                }
                place(Placed { operand: f, at: i, width: w });
                i += w;
            }
            if truncated {
                break;
            }
        }
        if !truncated && !self.tail.is_empty() {
            'tail: while i < end {
                for f in self.tail {
                    if i >= end {
                        return Err(bad(format!(
                            "variable part ends inside a group, at {}",
                            f.written
                        )));
                    }
                    let Some(w) = f.kind.width(ops[i]) else {
                        place(Placed { operand: f, at: i, width: end - i });
                        i = end;
                        break 'tail;
                    };
                    if i + w > end {
                        return Err(bad(format!("{} cut short", f.written)));
                    }
                    place(Placed { operand: f, at: i, width: w });
                    i += w;
                }
            }
        }
        if i != end {
            return Err(bad(format!("{} operands left over", end - i)));
        }
        for f in self.after.iter().filter(|f| present_by_count(f.presence)) {
            place(Placed { operand: f, at: i, width: 1 });
            i += 1;
        }
        Ok(())
    }

    /// [`walk`](Self::walk) without the placing.
    pub fn check(&'static self, ops: &[u64], module_version: u64) -> Result<(), Mismatch> {
        self.walk(ops, module_version, |_| {})
    }
}

/// The layout of record `code` in block `block` for module version
/// `module_version`, if this module has one.
pub fn find(block: BlockId, code: u32, module_version: u64) -> Option<&'static Layout> {
    ALL.iter().copied().find(|l| l.block == block && l.code == code && l.covers(module_version))
}

/// `"a", "b", "c"` joined with `", "`.
macro_rules! sig {
    () => { "" };
    ($a:literal $(,)?) => { $a };
    ($a:literal, $($r:literal),+ $(,)?) => { concat!($a, ", ", sig!($($r),+)) };
}

/// Generates one module per record layout: a `usize` constant per fixed
/// operand (its position), `FIELDS`, `TAIL`, `AFTER` and `LAYOUT`, and
/// [`ALL`].
///
/// A row reads `CONST = "written": Kind`, optionally followed by `=>
/// Field` (the debug-info field the operand holds) and by `if Presence`; the variable part is `..tail "written" { "name" = "written":
/// Kind, … }`, operands after it `..after { … }`.
macro_rules! layouts {
    ($(
        $(#[$meta:meta])*
        $m:ident: $block:ident / $Code:ident :: $C:ident, versions $v0:literal ..= $v1:literal,
            required $req:literal $(, $blob:ident)? {
            $( $F:ident = $fw:literal : $fk:ident $(=> $fd:ident)? $(if $fp:expr)? ; )*
        }
        $( ..tail $tw:literal { $( $tn:literal = $tww:literal : $tk:ident ; )* } )?
        $( ..after { $( $an:literal = $aw:literal : $ak:ident $(if $ap:expr)? ; )* } )?
    )*) => {
        $(
            $(#[$meta])*
            #[doc = ""]
            #[doc = concat!("`", "[", sig!($($fw,)* $($tw,)? $($($aw,)*)?), "]", "`")]
            #[doc = ""]
            #[doc = concat!("(`", stringify!($Code), "::", stringify!($C),
                "` in `", stringify!($block), "`, module versions ", stringify!($v0),
                " to ", stringify!($v1), "; the first ", stringify!($req),
                " fixed operands are always written.)")]
            pub mod $m {
                #[allow(unused_imports)]
                use super::{Layout, Operand, OperandKind, Presence, Presence::*};

                #[allow(non_camel_case_types, dead_code, clippy::upper_case_acronyms)]
                #[repr(usize)]
                enum Idx { $($F,)* __End }

                $(
                    #[doc = concat!("Position of `", $fw, "`.")]
                    pub const $F: usize = Idx::$F as usize;
                )*

                /// The fixed operands, in order.
                pub const FIELDS: &[Operand] = &[$(
                    Operand {
                        name: stringify!($F),
                        written: $fw,
                        kind: OperandKind::$fk,
                        presence: layouts!(@p $($fp)?),
                        #[cfg(feature = "ir")]
                        di: layouts!(@di $($fd)?),
                    },
                )*];

                /// The variable part: this group, repeated.
                pub const TAIL: &[Operand] = &[$($(
                    Operand {
                        name: $tn,
                        written: $tww,
                        kind: OperandKind::$tk,
                        presence: Presence::Always,
                        #[cfg(feature = "ir")]
                        di: None,
                    },
                )*)?];

                /// The operands after the variable part.
                pub const AFTER: &[Operand] = &[$($(
                    Operand {
                        name: $an,
                        written: $aw,
                        kind: OperandKind::$ak,
                        presence: layouts!(@p $($ap)?),
                        #[cfg(feature = "ir")]
                        di: None,
                    },
                )*)?];

                /// The layout.
                pub static LAYOUT: Layout = Layout {
                    block: crate::schema::BlockId::$block,
                    code: crate::schema::$Code::$C.0,
                    record: match crate::schema::$Code::$C.name() {
                        Some(n) => n,
                        None => "",
                    },
                    versions: ($v0, $v1),
                    written: concat!("[", sig!($($fw,)* $($tw,)? $($($aw,)*)?), "]"),
                    fields: FIELDS,
                    required: $req,
                    tail: TAIL,
                    after: AFTER,
                    blob: layouts!(@blob $($blob)?),
                };
            }
        )*

        /// Every layout of this module.
        pub static ALL: &[&Layout] = &[$(&$m::LAYOUT,)*];
    };
    (@p) => { Presence::Always };
    (@p $p:expr) => { $p };
    (@di) => { None };
    (@di $f:ident) => { Some(llvmext_ir::di::Field::$f) };
    (@blob) => { false };
    (@blob blob) => { true };
}

layouts! {
    // ----------------------------------------------------------- IDENTIFICATION
    /// The producer string (`writeIdentificationBlock`).
    identification_string: IDENTIFICATION / IdentificationCode::STRING, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// The bitcode epoch.
    identification_epoch: IDENTIFICATION / IdentificationCode::EPOCH, versions 0..=2, required 1 {
        EPOCH = "epoch": Int;
    }

    // ----------------------------------------------------------------- MODULE
    /// The module's record-encoding version (`writeModuleVersion`: 2).
    version: MODULE / ModuleCode::VERSION, versions 0..=2, required 1 {
        VERSION = "version": Int;
    }
    /// The target triple.
    triple: MODULE / ModuleCode::TRIPLE, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// The data layout.
    datalayout: MODULE / ModuleCode::DATALAYOUT, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// Module-level inline assembly.
    asm: MODULE / ModuleCode::ASM, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// A section name; `section+1` operands refer to these in order.
    section_name: MODULE / ModuleCode::SECTIONNAME, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// A dependent library (old producers only).
    deplib: MODULE / ModuleCode::DEPLIB, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// A garbage collector name; `gc+1` operands refer to these in order.
    gc_name: MODULE / ModuleCode::GCNAME, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// The source file name.
    source_filename: MODULE / ModuleCode::SOURCE_FILENAME, versions 0..=2, required 0 {}
        ..tail "namechar x N" { "char" = "namechar": Char; }
    /// The 32-bit word offset of the module-level `VALUE_SYMTAB` block,
    /// counted from the start of the identification block's enclosing
    /// stream (a 32-bit fixed field, backpatched).
    vst_offset: MODULE / ModuleCode::VSTOFFSET, versions 0..=2, required 1 {
        OFFSET = "offset": Word32;
    }
    /// The SHA-1 of the module block (`-module-hash`).
    hash: MODULE / ModuleCode::HASH, versions 0..=2, required 5 {
        H0 = "hash0": Word32;
        H1 = "hash1": Word32;
        H2 = "hash2": Word32;
        H3 = "hash3": Word32;
        H4 = "hash4": Word32;
    }
    /// A comdat of module version 2 (`writeComdats`). Before version 2 see
    /// [`comdat_v1`].
    comdat: MODULE / ModuleCode::COMDAT, versions 2..=2, required 3 {
        STRTAB_OFFSET = "strtab_offset": StrtabOffset;
        STRTAB_SIZE = "strtab_size": StrtabSize;
        SELECTION_KIND = "selection_kind": ComdatSelectionKind;
    }
    /// A comdat before module version 2: the name inline.
    comdat_v1: MODULE / ModuleCode::COMDAT, versions 0..=1, required 2 {
        SELECTION_KIND = "selection_kind": ComdatSelectionKind;
        NAME_SIZE = "name_size": Count;
        NAME = "name chars": Char if Counted { field: NAME_SIZE };
    }
    /// A global variable (`writeModuleInfo`). LLVM 19 writes the first 8
    /// operands alone when every later one is at its default; LLVM 13
    /// writes up to `partition_size`. Before module version 2 the name
    /// prefix is absent (names are in the value symbol table). Without the
    /// `explicit_type` bit (producers before LLVM 3.8) `type` is the
    /// global's pointer type.
    global_var: MODULE / ModuleCode::GLOBALVAR, versions 0..=2, required 8 {
        STRTAB_OFFSET = "strtab_offset": StrtabOffset if SinceModuleVersion(2);
        STRTAB_SIZE = "strtab_size": StrtabSize if SinceModuleVersion(2);
        TYPE = "type": TypeId;
        FLAGS = "isconst|explicit_type<<1|addrspace<<2": Flags;
        INIT = "initid+1": ValueIdPlusOne;
        LINKAGE = "linkage": Linkage;
        ALIGN = "alignment": AlignLog2Plus1;
        SECTION = "section+1": SectionIdPlusOne;
        VISIBILITY = "visibility": Visibility;
        THREAD_LOCAL = "threadlocal": ThreadLocal;
        UNNAMED_ADDR = "unnamed_addr": UnnamedAddr;
        EXTERNALLY_INITIALIZED = "externally_initialized": Bool;
        DLL_STORAGE_CLASS = "dllstorageclass": DllStorageClass;
        COMDAT = "comdat+1": ComdatIdPlusOne;
        ATTRIBUTES = "attributes+1": AttrListIdPlusOne;
        DSO_LOCAL = "dso_local": Bool;
        PARTITION_OFFSET = "partition_offset": StrtabOffset;
        PARTITION_SIZE = "partition_size": StrtabSize;
        SANITIZER = "sanitizer": Flags;
        CODE_MODEL = "code_model": CodeModel;
    }
    /// A function (`writeModuleInfo`). `isproto` is 1 for a declaration.
    /// `addrspace` came with LLVM 8, the partition with LLVM 9; before
    /// module version 2 the name prefix is absent. `type` is the function
    /// type (its pointer type for typed-pointer producers before LLVM 3.8).
    function: MODULE / ModuleCode::FUNCTION, versions 0..=2, required 10 {
        STRTAB_OFFSET = "strtab_offset": StrtabOffset if SinceModuleVersion(2);
        STRTAB_SIZE = "strtab_size": StrtabSize if SinceModuleVersion(2);
        TYPE = "type": TypeId;
        CALLING_CONV = "callingconv": CallingConv;
        IS_PROTO = "isproto": Bool;
        LINKAGE = "linkage": Linkage;
        PARAMATTRS = "paramattrs": AttrListIdPlusOne;
        ALIGN = "alignment": AlignLog2Plus1;
        SECTION = "section+1": SectionIdPlusOne;
        VISIBILITY = "visibility": Visibility;
        GC = "gc+1": GcIdPlusOne;
        UNNAMED_ADDR = "unnamed_addr": UnnamedAddr;
        PROLOGUE = "prologuedata+1": ValueIdPlusOne;
        DLL_STORAGE_CLASS = "dllstorageclass": DllStorageClass;
        COMDAT = "comdat+1": ComdatIdPlusOne;
        PREFIX = "prefixdata+1": ValueIdPlusOne;
        PERSONALITY = "personalityfn+1": ValueIdPlusOne;
        DSO_LOCAL = "dso_local": Bool;
        ADDRSPACE = "addrspace": AddrSpace;
        PARTITION_OFFSET = "partition_offset": StrtabOffset;
        PARTITION_SIZE = "partition_size": StrtabSize;
    }
    /// An alias (`writeModuleInfo`).
    alias: MODULE / ModuleCode::ALIAS, versions 0..=2, required 6 {
        STRTAB_OFFSET = "strtab_offset": StrtabOffset if SinceModuleVersion(2);
        STRTAB_SIZE = "strtab_size": StrtabSize if SinceModuleVersion(2);
        TYPE = "alias value type": TypeId;
        ADDRSPACE = "addrspace": AddrSpace;
        ALIASEE = "aliasee val#": ValueId;
        LINKAGE = "linkage": Linkage;
        VISIBILITY = "visibility": Visibility;
        DLL_STORAGE_CLASS = "dllstorageclass": DllStorageClass;
        THREAD_LOCAL = "threadlocal": ThreadLocal;
        UNNAMED_ADDR = "unnamed_addr": UnnamedAddr;
        DSO_LOCAL = "dso_local": Bool;
        PARTITION_OFFSET = "partition_offset": StrtabOffset;
        PARTITION_SIZE = "partition_size": StrtabSize;
    }
    /// An ifunc (`writeModuleInfo`): an alias's layout without the DLL
    /// storage class, thread-local mode and `unnamed_addr`.
    ifunc: MODULE / ModuleCode::IFUNC, versions 0..=2, required 6 {
        STRTAB_OFFSET = "strtab_offset": StrtabOffset if SinceModuleVersion(2);
        STRTAB_SIZE = "strtab_size": StrtabSize if SinceModuleVersion(2);
        TYPE = "ifunc value type": TypeId;
        ADDRSPACE = "addrspace": AddrSpace;
        RESOLVER = "resolver val#": ValueId;
        LINKAGE = "linkage": Linkage;
        VISIBILITY = "visibility": Visibility;
        DSO_LOCAL = "dso_local": Bool;
        PARTITION_OFFSET = "partition_offset": StrtabOffset;
        PARTITION_SIZE = "partition_size": StrtabSize;
    }
    /// An old alias (read only, before LLVM 3.8): the pointer type, no
    /// address space.
    alias_old: MODULE / ModuleCode::ALIAS_OLD, versions 0..=2, required 5 {
        STRTAB_OFFSET = "strtab_offset": StrtabOffset if SinceModuleVersion(2);
        STRTAB_SIZE = "strtab_size": StrtabSize if SinceModuleVersion(2);
        TYPE = "alias type": TypeId;
        ALIASEE = "aliasee val#": ValueId;
        LINKAGE = "linkage": Linkage;
        VISIBILITY = "visibility": Visibility;
        DLL_STORAGE_CLASS = "dllstorageclass": DllStorageClass;
        THREAD_LOCAL = "threadlocal": ThreadLocal;
        UNNAMED_ADDR = "unnamed_addr": UnnamedAddr;
        DSO_LOCAL = "dso_local": Bool;
        PARTITION_OFFSET = "partition_offset": StrtabOffset;
        PARTITION_SIZE = "partition_size": StrtabSize;
    }

    // --------------------------------------------------------------- PARAMATTR
    /// An attribute list (`writeAttributeTable`): its groups.
    paramattr_entry: PARAMATTR / AttributeCode::ENTRY, versions 0..=2, required 0 {}
        ..tail "attrgrp x N" { "group" = "attrgrp": AttrGroupId; }
    /// An old attribute list (read only).
    paramattr_entry_old: PARAMATTR / AttributeCode::ENTRY_OLD, versions 0..=2, required 0 {}
        ..tail "n x (paramidx, attrs)" { "index" = "paramidx": Int; "attrs" = "attrs": Flags; }
    /// An attribute group (`writeAttributeGroupTable`).
    paramattr_group_entry: PARAMATTR_GROUP / AttributeCode::GRP_CODE_ENTRY, versions 0..=2, required 2 {
        GROUP_ID = "grpid": AttrGroupId;
        INDEX = "paramidx": AttrIndex;
    }
        ..tail "attr x N" { "attr" = "attr": Attribute; }

    // -------------------------------------------------------------------- TYPE
    /// The number of type entries (`writeTypeTable`).
    type_numentry: TYPE_NEW / TypeCode::NUMENTRY, versions 0..=2, required 1 {
        NUM_ENTRIES = "numentries": Count;
    }
    /// `void`.
    type_void: TYPE_NEW / TypeCode::VOID, versions 0..=2, required 0 {}
    /// `float`.
    type_float: TYPE_NEW / TypeCode::FLOAT, versions 0..=2, required 0 {}
    /// `double`.
    type_double: TYPE_NEW / TypeCode::DOUBLE, versions 0..=2, required 0 {}
    /// `half`.
    type_half: TYPE_NEW / TypeCode::HALF, versions 0..=2, required 0 {}
    /// `bfloat`.
    type_bfloat: TYPE_NEW / TypeCode::BFLOAT, versions 0..=2, required 0 {}
    /// `x86_fp80`.
    type_x86_fp80: TYPE_NEW / TypeCode::X86_FP80, versions 0..=2, required 0 {}
    /// `fp128`.
    type_fp128: TYPE_NEW / TypeCode::FP128, versions 0..=2, required 0 {}
    /// `ppc_fp128`.
    type_ppc_fp128: TYPE_NEW / TypeCode::PPC_FP128, versions 0..=2, required 0 {}
    /// `label`.
    type_label: TYPE_NEW / TypeCode::LABEL, versions 0..=2, required 0 {}
    /// `metadata`.
    type_metadata: TYPE_NEW / TypeCode::METADATA, versions 0..=2, required 0 {}
    /// `x86_mmx`.
    type_x86_mmx: TYPE_NEW / TypeCode::X86_MMX, versions 0..=2, required 0 {}
    /// `x86_amx`.
    type_x86_amx: TYPE_NEW / TypeCode::X86_AMX, versions 0..=2, required 0 {}
    /// `token`.
    type_token: TYPE_NEW / TypeCode::TOKEN, versions 0..=2, required 0 {}
    /// `iN`.
    type_integer: TYPE_NEW / TypeCode::INTEGER, versions 0..=2, required 1 {
        WIDTH = "width": Int;
    }
    /// `ptr addrspace(N)`.
    type_opaque_pointer: TYPE_NEW / TypeCode::OPAQUE_POINTER, versions 0..=2, required 1 {
        ADDRSPACE = "addrspace": AddrSpace;
    }
    /// A typed pointer (producers before LLVM 15 by default).
    type_pointer: TYPE_NEW / TypeCode::POINTER, versions 0..=2, required 1 {
        POINTEE = "pointee type": TypeId;
        ADDRSPACE = "addrspace": AddrSpace;
    }
    /// A function type.
    type_function: TYPE_NEW / TypeCode::FUNCTION, versions 0..=2, required 2 {
        VARARG = "vararg": Bool;
        RETURN = "retty": TypeId;
    }
        ..tail "paramty x N" { "param" = "paramty": TypeId; }
    /// An old function type (read only).
    type_function_old: TYPE_NEW / TypeCode::FUNCTION_OLD, versions 0..=2, required 3 {
        VARARG = "vararg": Bool;
        ATTRID = "attrid": Int;
        RETURN = "retty": TypeId;
    }
        ..tail "paramty x N" { "param" = "paramty": TypeId; }
    /// A literal struct.
    type_struct_anon: TYPE_NEW / TypeCode::STRUCT_ANON, versions 0..=2, required 1 {
        PACKED = "ispacked": Bool;
    }
        ..tail "eltty x N" { "elt" = "eltty": TypeId; }
    /// The name of the next identified struct (or opaque type).
    type_struct_name: TYPE_NEW / TypeCode::STRUCT_NAME, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// An identified struct with a body.
    type_struct_named: TYPE_NEW / TypeCode::STRUCT_NAMED, versions 0..=2, required 1 {
        PACKED = "ispacked": Bool;
    }
        ..tail "eltty x N" { "elt" = "eltty": TypeId; }
    /// An opaque identified struct (`ispacked` is always 0).
    type_opaque: TYPE_NEW / TypeCode::OPAQUE, versions 0..=2, required 1 {
        PACKED = "ispacked": Bool;
    }
    /// An array.
    type_array: TYPE_NEW / TypeCode::ARRAY, versions 0..=2, required 2 {
        NUM_ELTS = "numelts": Int;
        ELT = "eltty": TypeId;
    }
    /// A vector; `scalable` since LLVM 9.
    type_vector: TYPE_NEW / TypeCode::VECTOR, versions 0..=2, required 2 {
        NUM_ELTS = "numelts": Int;
        ELT = "eltty": TypeId;
        SCALABLE = "scalable": Bool;
    }
    /// A target extension type, named by the preceding `STRUCT_NAME`.
    type_target_type: TYPE_NEW / TypeCode::TARGET_TYPE, versions 0..=2, required 1 {
        NUM_TYPES = "num_tys": Count;
        TYPES = "ty x num_tys": TypeId if Counted { field: NUM_TYPES };
    }
        ..tail "int x M" { "int" = "int": Int; }

    // --------------------------------------------------------------- CONSTANTS
    /// The type of the constants that follow (`writeConstants`).
    cst_settype: CONSTANTS / ConstantsCode::SETTYPE, versions 0..=2, required 1 {
        TYPE = "typeid": TypeId;
    }
    /// `null` / `zeroinitializer`.
    cst_null: CONSTANTS / ConstantsCode::NULL, versions 0..=2, required 0 {}
    /// `undef`.
    cst_undef: CONSTANTS / ConstantsCode::UNDEF, versions 0..=2, required 0 {}
    /// `poison`.
    cst_poison: CONSTANTS / ConstantsCode::POISON, versions 0..=2, required 0 {}
    /// An integer of at most 64 bits.
    cst_integer: CONSTANTS / ConstantsCode::INTEGER, versions 0..=2, required 1 {
        VALUE = "intval": SignedInt;
    }
    /// A wider integer: its active 64-bit words, low first.
    cst_wide_integer: CONSTANTS / ConstantsCode::WIDE_INTEGER, versions 0..=2, required 0 {}
        ..tail "n x intval" { "word" = "intval": SignedInt; }
    /// A floating-point value's bits (`x86_fp80` and `ppc_fp128` take two
    /// words).
    cst_float: CONSTANTS / ConstantsCode::FLOAT, versions 0..=2, required 1 {
        BITS = "fpval": Int;
        BITS_HI = "fpval_hi": Int;
    }
    /// A struct, array or vector of other constants.
    cst_aggregate: CONSTANTS / ConstantsCode::AGGREGATE, versions 0..=2, required 0 {}
        ..tail "n x value number" { "elt" = "value number": ValueId; }
    /// An `i8` array (not ending in NUL).
    cst_string: CONSTANTS / ConstantsCode::STRING, versions 0..=2, required 0 {}
        ..tail "values" { "char" = "value": Char; }
    /// An `i8` array ending in an implied NUL.
    cst_cstring: CONSTANTS / ConstantsCode::CSTRING, versions 0..=2, required 0 {}
        ..tail "values" { "char" = "value": Char; }
    /// A `ConstantDataArray` / `ConstantDataVector`: its elements' bits.
    cst_data: CONSTANTS / ConstantsCode::DATA, versions 0..=2, required 0 {}
        ..tail "n x elements" { "elt" = "element": Int; }
    /// A binary constant expression.
    cst_ce_binop: CONSTANTS / ConstantsCode::CE_BINOP, versions 0..=2, required 3 {
        OPCODE = "opcode": Opcode;
        LHS = "opval": ValueId;
        RHS = "opval": ValueId;
        FLAGS = "flags": Flags;
    }
    /// A cast constant expression.
    cst_ce_cast: CONSTANTS / ConstantsCode::CE_CAST, versions 0..=2, required 3 {
        OPCODE = "opcode": Opcode;
        OP_TYPE = "opty": TypeId;
        OP = "opval": ValueId;
    }
    /// A unary constant expression.
    cst_ce_unop: CONSTANTS / ConstantsCode::CE_UNOP, versions 0..=2, required 2 {
        OPCODE = "opcode": Opcode;
        OP = "opval": ValueId;
        FLAGS = "flags": Flags;
    }
    /// A GEP constant expression as LLVM 19 writes it: `flags` is
    /// [`GepFlag`](crate::schema::GepFlag)s.
    cst_ce_gep: CONSTANTS / ConstantsCode::CE_GEP, versions 0..=2, required 2 {
        SOURCE_TYPE = "pointee type": TypeId;
        FLAGS = "flags": Flags;
    }
        ..tail "n x (type, value)" { "type" = "type": TypeId; "value" = "value": ValueId; }
    /// A GEP constant expression with `inrange(lo, hi)` (LLVM 19): a range
    /// of at most 64 bits (wider ones write their active words instead).
    cst_ce_gep_with_inrange: CONSTANTS / ConstantsCode::CE_GEP_WITH_INRANGE, versions 0..=2, required 5 {
        SOURCE_TYPE = "pointee type": TypeId;
        FLAGS = "flags": Flags;
        RANGE_BITS = "range bitwidth": Int;
        RANGE_LOWER = "range lower": SignedInt;
        RANGE_UPPER = "range upper": SignedInt;
    }
        ..tail "n x (type, value)" { "type" = "type": TypeId; "value" = "value": ValueId; }
    /// A GEP constant expression before LLVM 19 (`CST_CODE_CE_GEP` was 12):
    /// the source element type leads when the count is odd (LLVM 3.7 on).
    cst_ce_gep_old: CONSTANTS / ConstantsCode::CE_GEP_OLD, versions 0..=2, required 0 {
        SOURCE_TYPE = "pointee type (odd count)": TypeId if IfOddCount;
    }
        ..tail "n x (type, value)" { "type" = "type": TypeId; "value" = "value": ValueId; }
    /// An `inbounds` GEP constant expression before LLVM 19.
    cst_ce_inbounds_gep: CONSTANTS / ConstantsCode::CE_INBOUNDS_GEP, versions 0..=2, required 0 {
        SOURCE_TYPE = "pointee type (odd count)": TypeId if IfOddCount;
    }
        ..tail "n x (type, value)" { "type" = "type": TypeId; "value" = "value": ValueId; }
    /// A GEP constant expression with an `inrange` index, before LLVM 19.
    cst_ce_gep_with_inrange_index_old: CONSTANTS / ConstantsCode::CE_GEP_WITH_INRANGE_INDEX_OLD, versions 0..=2, required 2 {
        SOURCE_TYPE = "pointee type": TypeId;
        FLAGS = "inrange_index<<1|inbounds": Flags;
    }
        ..tail "n x (type, value)" { "type" = "type": TypeId; "value" = "value": ValueId; }
    /// A `select` constant expression.
    cst_ce_select: CONSTANTS / ConstantsCode::CE_SELECT, versions 0..=2, required 3 {
        COND = "opval": ValueId;
        TRUE = "opval": ValueId;
        FALSE = "opval": ValueId;
    }
    /// An `extractelement` constant expression.
    cst_ce_extractelt: CONSTANTS / ConstantsCode::CE_EXTRACTELT, versions 0..=2, required 4 {
        VEC_TYPE = "opty": TypeId;
        VEC = "opval": ValueId;
        IDX_TYPE = "idxty": TypeId;
        IDX = "idxval": ValueId;
    }
    /// An `insertelement` constant expression.
    cst_ce_insertelt: CONSTANTS / ConstantsCode::CE_INSERTELT, versions 0..=2, required 4 {
        VEC = "opval": ValueId;
        ELT = "opval": ValueId;
        IDX_TYPE = "idxty": TypeId;
        IDX = "idxval": ValueId;
    }
    /// A `shufflevector` constant expression of the operands' length.
    cst_ce_shufflevec: CONSTANTS / ConstantsCode::CE_SHUFFLEVEC, versions 0..=2, required 3 {
        V1 = "opval": ValueId;
        V2 = "opval": ValueId;
        MASK = "opval": ValueId;
    }
    /// A `shufflevector` constant expression of another length.
    cst_ce_shufvec_ex: CONSTANTS / ConstantsCode::CE_SHUFVEC_EX, versions 0..=2, required 4 {
        OP_TYPE = "opty": TypeId;
        V1 = "opval": ValueId;
        V2 = "opval": ValueId;
        MASK = "opval": ValueId;
    }
    /// A compare constant expression.
    cst_ce_cmp: CONSTANTS / ConstantsCode::CE_CMP, versions 0..=2, required 4 {
        OP_TYPE = "opty": TypeId;
        LHS = "opval": ValueId;
        RHS = "opval": ValueId;
        PRED = "pred": Predicate;
    }
    /// `blockaddress(@f, %bb)`.
    cst_blockaddress: CONSTANTS / ConstantsCode::BLOCKADDRESS, versions 0..=2, required 3 {
        FN_TYPE = "fnty": TypeId;
        FN = "fnval": ValueId;
        BB = "bb#": BasicBlockId;
    }
    /// `dso_local_equivalent @f`.
    cst_dso_local_equivalent: CONSTANTS / ConstantsCode::DSO_LOCAL_EQUIVALENT, versions 0..=2, required 2 {
        GV_TYPE = "gvty": TypeId;
        GV = "gv": ValueId;
    }
    /// `no_cfi @f`.
    cst_no_cfi_value: CONSTANTS / ConstantsCode::NO_CFI_VALUE, versions 0..=2, required 2 {
        FN_TYPE = "fty": TypeId;
        FN = "f": ValueId;
    }
    /// Inline assembly (LLVM 13 on).
    cst_inlineasm: CONSTANTS / ConstantsCode::INLINEASM, versions 0..=2, required 4 {
        FN_TYPE = "fnty": TypeId;
        FLAGS = "sideeffect|alignstack<<1|asmdialect<<2|unwind<<3": Flags;
        ASM_SIZE = "asmstr size": Count;
        ASM = "asmstr chars": Char if Counted { field: ASM_SIZE };
        CONSTRAINTS_SIZE = "constraints size": Count;
        CONSTRAINTS = "constraints chars": Char if Counted { field: CONSTRAINTS_SIZE };
    }
    /// Inline assembly before LLVM 13 (its type is the current `SETTYPE`'s
    /// pointer type).
    cst_inlineasm_old3: CONSTANTS / ConstantsCode::INLINEASM_OLD3, versions 0..=2, required 3 {
        FLAGS = "sideeffect|alignstack<<1|asmdialect<<2|unwind<<3": Flags;
        ASM_SIZE = "asmstr size": Count;
        ASM = "asmstr chars": Char if Counted { field: ASM_SIZE };
        CONSTRAINTS_SIZE = "constraints size": Count;
        CONSTRAINTS = "constraints chars": Char if Counted { field: CONSTRAINTS_SIZE };
    }
    /// `ptrauth (ptr, key, disc, addrdisc)`.
    cst_ptrauth: CONSTANTS / ConstantsCode::PTRAUTH, versions 0..=2, required 4 {
        PTR = "ptr": ValueId;
        KEY = "key": ValueId;
        DISC = "disc": ValueId;
        ADDR_DISC = "addrdisc": ValueId;
    }

    // ---------------------------------------------------------------- FUNCTION
    /// The number of basic blocks (`writeFunction`).
    declareblocks: FUNCTION / FunctionCode::DECLAREBLOCKS, versions 0..=2, required 1 {
        NUM_BLOCKS = "n": Count;
    }
    /// A binary operator (`writeInstruction`); the flags word (wrap flags,
    /// `exact`, `disjoint` or fast-math flags) only when non-zero.
    inst_binop: FUNCTION / FunctionCode::INST_BINOP, versions 0..=2, required 3 {
        LHS = "opval": ValueTypePair;
        RHS = "opval": RelativeValueId;
        OPCODE = "opcode": Opcode;
        FLAGS = "flags": Flags;
    }
    /// A unary operator (`fneg`).
    inst_unop: FUNCTION / FunctionCode::INST_UNOP, versions 0..=2, required 2 {
        OP = "opval": ValueTypePair;
        OPCODE = "opcode": Opcode;
        FLAGS = "flags": FastMathFlags;
    }
    /// A cast; the flags word (`nneg`, `nuw`/`nsw` or fast-math flags)
    /// only when non-zero.
    inst_cast: FUNCTION / FunctionCode::INST_CAST, versions 0..=2, required 3 {
        OP = "opval": ValueTypePair;
        DEST_TYPE = "destty": TypeId;
        OPCODE = "castopc": Opcode;
        FLAGS = "flags": Flags;
    }
    /// `getelementptr`: `flags` is [`GepFlag`](crate::schema::GepFlag)s
    /// (just `inbounds` before LLVM 19).
    inst_gep: FUNCTION / FunctionCode::INST_GEP, versions 0..=2, required 2 {
        FLAGS = "flags": Flags;
        SOURCE_TYPE = "ty": TypeId;
    }
        ..tail "n x operands" { "operand" = "opval": ValueTypePair; }
    /// `select` (`FUNC_CODE_INST_VSELECT`: the condition may be a vector).
    inst_vselect: FUNCTION / FunctionCode::INST_VSELECT, versions 0..=2, required 3 {
        TRUE = "opval": ValueTypePair;
        FALSE = "opval": RelativeValueId;
        COND = "pred": ValueTypePair;
        FMF = "fmf": FastMathFlags;
    }
    /// Old `select` (read only): an `i1` condition.
    inst_select: FUNCTION / FunctionCode::INST_SELECT, versions 0..=2, required 3 {
        TRUE = "opval": ValueTypePair;
        FALSE = "opval": RelativeValueId;
        COND = "opval": RelativeValueId;
    }
    /// `extractelement`.
    inst_extractelt: FUNCTION / FunctionCode::INST_EXTRACTELT, versions 0..=2, required 2 {
        VEC = "opval": ValueTypePair;
        IDX = "opval": ValueTypePair;
    }
    /// `insertelement`.
    inst_insertelt: FUNCTION / FunctionCode::INST_INSERTELT, versions 0..=2, required 3 {
        VEC = "opval": ValueTypePair;
        ELT = "opval": RelativeValueId;
        IDX = "opval": ValueTypePair;
    }
    /// `shufflevector`.
    inst_shufflevec: FUNCTION / FunctionCode::INST_SHUFFLEVEC, versions 0..=2, required 3 {
        V1 = "opval": ValueTypePair;
        V2 = "opval": RelativeValueId;
        MASK = "opval": ValueTypePair;
    }
    /// `icmp` / `fcmp`; the flags (fast-math flags, or LLVM 20's
    /// `samesign`) only when non-zero.
    inst_cmp2: FUNCTION / FunctionCode::INST_CMP2, versions 0..=2, required 3 {
        LHS = "opval": ValueTypePair;
        RHS = "opval": RelativeValueId;
        PRED = "pred": Predicate;
        FLAGS = "flags": Flags;
    }
    /// Old compare (read only).
    inst_cmp: FUNCTION / FunctionCode::INST_CMP, versions 0..=2, required 3 {
        LHS = "opval": ValueTypePair;
        RHS = "opval": RelativeValueId;
        PRED = "pred": Predicate;
        FLAGS = "flags": Flags;
    }
    /// `ret`: empty for `ret void`.
    inst_ret: FUNCTION / FunctionCode::INST_RET, versions 0..=2, required 0 {
        VALUE = "opval": ValueTypePair;
    }
    /// `br`: one operand unconditional, three conditional.
    inst_br: FUNCTION / FunctionCode::INST_BR, versions 0..=2, required 1 {
        TRUE_BB = "bb#": BasicBlockId;
        FALSE_BB = "bb#": BasicBlockId;
        COND = "cond": RelativeValueId;
    }
    /// `switch`: case values are absolute value IDs.
    inst_switch: FUNCTION / FunctionCode::INST_SWITCH, versions 0..=2, required 3 {
        TYPE = "opty": TypeId;
        COND = "cond": RelativeValueId;
        DEFAULT = "default bb#": BasicBlockId;
    }
        ..tail "n x (value, bb#)" { "value" = "value": ValueId; "bb" = "bb#": BasicBlockId; }
    /// `indirectbr`.
    inst_indirectbr: FUNCTION / FunctionCode::INST_INDIRECTBR, versions 0..=2, required 2 {
        TYPE = "opty": TypeId;
        ADDR = "op0": RelativeValueId;
    }
        ..tail "bb# x N" { "dest" = "bb#": BasicBlockId; }
    /// `invoke`: the explicit function type since LLVM 3.8.
    inst_invoke: FUNCTION / FunctionCode::INST_INVOKE, versions 0..=2, required 6 {
        ATTRS = "attrs": AttrListIdPlusOne;
        CC = "cc|explicit_type<<13": Flags;
        NORMAL_BB = "normbb": BasicBlockId;
        UNWIND_BB = "unwindbb": BasicBlockId;
        FN_TYPE = "fnty": TypeId if IfBit { field: CC, bit: 13 };
        CALLEE = "fnid": ValueTypePair;
    }
        ..tail "args…" { "arg" = "arg": CallArg; }
    /// `callbr`.
    inst_callbr: FUNCTION / FunctionCode::INST_CALLBR, versions 0..=2, required 7 {
        ATTRS = "attrs": AttrListIdPlusOne;
        CC = "cc<<1|explicit_type<<15": Flags;
        DEFAULT_BB = "normbb": BasicBlockId;
        NUM_INDIRECT = "numindirect": Count;
        INDIRECT_BBS = "indirectbb x N": BasicBlockId if Counted { field: NUM_INDIRECT };
        FN_TYPE = "fnty": TypeId if IfBit { field: CC, bit: 15 };
        CALLEE = "fnid": ValueTypePair;
    }
        ..tail "args…" { "arg" = "arg": CallArg; }
    /// `call`: `flags` is `tail|cc<<1|musttail<<14|explicit_type<<15|notail<<16|fmf<<17`.
    inst_call: FUNCTION / FunctionCode::INST_CALL, versions 0..=2, required 5 {
        ATTRS = "paramattrs": AttrListIdPlusOne;
        CC = "tail|cc<<1|musttail<<14|explicit_type<<15|notail<<16|fmf<<17": Flags;
        FMF = "fmf": FastMathFlags if IfBit { field: CC, bit: 17 };
        FN_TYPE = "fnty": TypeId if IfBit { field: CC, bit: 15 };
        CALLEE = "fnid": ValueTypePair;
    }
        ..tail "args…" { "arg" = "arg": CallArg; }
    /// `unreachable`.
    inst_unreachable: FUNCTION / FunctionCode::INST_UNREACHABLE, versions 0..=2, required 0 {}
    /// `phi`: signed relative values; the fast-math flags (an even count)
    /// since LLVM 8.
    inst_phi: FUNCTION / FunctionCode::INST_PHI, versions 0..=2, required 1 {
        TYPE = "ty": TypeId;
    }
        ..tail "n x (val, bb#)" { "value" = "val": SignedRelativeValueId; "bb" = "bb#": BasicBlockId; }
        ..after { "fmf" = "fmf": FastMathFlags if IfEvenCount; }
    /// `landingpad`.
    inst_landingpad: FUNCTION / FunctionCode::INST_LANDINGPAD, versions 0..=2, required 3 {
        TYPE = "ty": TypeId;
        IS_CLEANUP = "iscleanup": Bool;
        NUM_CLAUSES = "num": Count;
    }
        ..tail "n x (catch=0|filter=1, val)" { "clause" = "clausety": Int; "value" = "val": ValueTypePair; }
    /// `alloca`: `flags` packs the alignment (`align_lo5|inalloca<<5|explicit_type<<6|swifterror<<7|align_hi3<<8`);
    /// the address space only when it is not the data layout's.
    inst_alloca: FUNCTION / FunctionCode::INST_ALLOCA, versions 0..=2, required 4 {
        TYPE = "instty": TypeId;
        SIZE_TYPE = "opty": TypeId;
        SIZE = "op": ValueId;
        FLAGS = "align_lo5|inalloca<<5|explicit_type<<6|swifterror<<7|align_hi3<<8": Flags;
        ADDRSPACE = "addrspace": AddrSpace;
    }
    /// `load`.
    inst_load: FUNCTION / FunctionCode::INST_LOAD, versions 0..=2, required 4 {
        PTR = "op": ValueTypePair;
        TYPE = "ty": TypeId;
        ALIGN = "align": AlignLog2Plus1;
        VOLATILE = "vol": Bool;
    }
    /// Atomic `load`.
    inst_loadatomic: FUNCTION / FunctionCode::INST_LOADATOMIC, versions 0..=2, required 6 {
        PTR = "op": ValueTypePair;
        TYPE = "ty": TypeId;
        ALIGN = "align": AlignLog2Plus1;
        VOLATILE = "vol": Bool;
        ORDERING = "ordering": AtomicOrdering;
        SYNC_SCOPE = "ssid": SyncScopeId;
    }
    /// `store`.
    inst_store: FUNCTION / FunctionCode::INST_STORE, versions 0..=2, required 4 {
        PTR = "ptr": ValueTypePair;
        VALUE = "val": ValueTypePair;
        ALIGN = "align": AlignLog2Plus1;
        VOLATILE = "vol": Bool;
    }
    /// Atomic `store`.
    inst_storeatomic: FUNCTION / FunctionCode::INST_STOREATOMIC, versions 0..=2, required 6 {
        PTR = "ptr": ValueTypePair;
        VALUE = "val": ValueTypePair;
        ALIGN = "align": AlignLog2Plus1;
        VOLATILE = "vol": Bool;
        ORDERING = "ordering": AtomicOrdering;
        SYNC_SCOPE = "ssid": SyncScopeId;
    }
    /// `cmpxchg`: the failure ordering since LLVM 3.5, `weak` since 3.6,
    /// the alignment since LLVM 11.
    inst_cmpxchg: FUNCTION / FunctionCode::INST_CMPXCHG, versions 0..=2, required 6 {
        PTR = "ptr": ValueTypePair;
        CMP = "cmp": ValueTypePair;
        NEW = "new": RelativeValueId;
        VOLATILE = "vol": Bool;
        SUCCESS_ORDERING = "success_ordering": AtomicOrdering;
        SYNC_SCOPE = "ssid": SyncScopeId;
        FAILURE_ORDERING = "failure_ordering": AtomicOrdering;
        WEAK = "weak": Bool;
        ALIGN = "align": AlignLog2Plus1;
    }
    /// `atomicrmw`: the alignment since LLVM 11.
    inst_atomicrmw: FUNCTION / FunctionCode::INST_ATOMICRMW, versions 0..=2, required 6 {
        PTR = "ptr": ValueTypePair;
        VALUE = "val": ValueTypePair;
        OPERATION = "operation": Opcode;
        VOLATILE = "vol": Bool;
        ORDERING = "ordering": AtomicOrdering;
        SYNC_SCOPE = "ssid": SyncScopeId;
        ALIGN = "align": AlignLog2Plus1;
    }
    /// `fence`.
    inst_fence: FUNCTION / FunctionCode::INST_FENCE, versions 0..=2, required 2 {
        ORDERING = "ordering": AtomicOrdering;
        SYNC_SCOPE = "ssid": SyncScopeId;
    }
    /// `va_arg`.
    inst_vaarg: FUNCTION / FunctionCode::INST_VAARG, versions 0..=2, required 3 {
        VALIST_TYPE = "valistty": TypeId;
        VALIST = "valist": RelativeValueId;
        TYPE = "instty": TypeId;
    }
    /// `extractvalue`.
    inst_extractval: FUNCTION / FunctionCode::INST_EXTRACTVAL, versions 0..=2, required 1 {
        AGG = "opval": ValueTypePair;
    }
        ..tail "n x indices" { "index" = "index": Int; }
    /// `insertvalue`.
    inst_insertval: FUNCTION / FunctionCode::INST_INSERTVAL, versions 0..=2, required 2 {
        AGG = "opval": ValueTypePair;
        VALUE = "opval": ValueTypePair;
    }
        ..tail "n x indices" { "index" = "index": Int; }
    /// `resume`.
    inst_resume: FUNCTION / FunctionCode::INST_RESUME, versions 0..=2, required 1 {
        VALUE = "opval": ValueTypePair;
    }
    /// `cleanupret`: the unwind destination when there is one.
    inst_cleanupret: FUNCTION / FunctionCode::INST_CLEANUPRET, versions 0..=2, required 1 {
        PAD = "val": RelativeValueId;
        UNWIND_BB = "bb#": BasicBlockId;
    }
    /// `catchret`.
    inst_catchret: FUNCTION / FunctionCode::INST_CATCHRET, versions 0..=2, required 2 {
        PAD = "val": RelativeValueId;
        BB = "bb#": BasicBlockId;
    }
    /// `catchswitch`: the unwind destination when there is one.
    inst_catchswitch: FUNCTION / FunctionCode::INST_CATCHSWITCH, versions 0..=2, required 2 {
        PARENT = "parentpad": RelativeValueId;
        NUM_HANDLERS = "num": Count;
        HANDLERS = "handlers…": BasicBlockId if Counted { field: NUM_HANDLERS };
        UNWIND_BB = "unwindbb": BasicBlockId;
    }
    /// `catchpad`.
    inst_catchpad: FUNCTION / FunctionCode::INST_CATCHPAD, versions 0..=2, required 2 {
        PARENT = "parentpad": RelativeValueId;
        NUM_ARGS = "num": Count;
        ARGS = "args…": ValueTypePair if Counted { field: NUM_ARGS };
    }
    /// `cleanuppad`.
    inst_cleanuppad: FUNCTION / FunctionCode::INST_CLEANUPPAD, versions 0..=2, required 2 {
        PARENT = "parentpad": RelativeValueId;
        NUM_ARGS = "num": Count;
        ARGS = "args…": ValueTypePair if Counted { field: NUM_ARGS };
    }
    /// `freeze`.
    inst_freeze: FUNCTION / FunctionCode::INST_FREEZE, versions 0..=2, required 1 {
        VALUE = "opval": ValueTypePair;
    }
    /// An operand bundle of the next call.
    operand_bundle: FUNCTION / FunctionCode::OPERAND_BUNDLE, versions 0..=2, required 1 {
        TAG = "tag#": BundleTagId;
    }
        ..tail "value…" { "input" = "value": ValueTypePair; }
    /// The debug location of the previous instruction; the atom group and
    /// rank of key instructions since LLVM 21.
    debug_loc: FUNCTION / FunctionCode::DEBUG_LOC, versions 0..=2, required 4 {
        LINE = "line": Int;
        COLUMN = "col": Int;
        SCOPE = "scope+1": MdIdPlusOne;
        INLINED_AT = "inlined-at+1": MdIdPlusOne;
        IMPLICIT = "implicit": Bool;
        ATOM_GROUP = "atom group": Int;
        ATOM_RANK = "atom rank": Int;
    }
    /// The previous instruction's debug location again.
    debug_loc_again: FUNCTION / FunctionCode::DEBUG_LOC_AGAIN, versions 0..=2, required 0 {}
    /// Functions whose `blockaddress` constants refer to this function.
    blockaddr_users: FUNCTION / FunctionCode::BLOCKADDR_USERS, versions 0..=2, required 0 {}
        ..tail "value…" { "user" = "value": ValueId; }
    /// `#dbg_value`.
    debug_record_value: FUNCTION / FunctionCode::DEBUG_RECORD_VALUE, versions 0..=2, required 4 {
        LOCATION = "DILocation": MdId;
        VARIABLE = "DILocalVariable": MdId;
        EXPRESSION = "DIExpression": MdId;
        VALUE = "ValueAsMetadata": MdId;
    }
    /// `#dbg_declare`.
    debug_record_declare: FUNCTION / FunctionCode::DEBUG_RECORD_DECLARE, versions 0..=2, required 4 {
        LOCATION = "DILocation": MdId;
        VARIABLE = "DILocalVariable": MdId;
        EXPRESSION = "DIExpression": MdId;
        VALUE = "ValueAsMetadata": MdId;
    }
    /// `#dbg_assign`.
    debug_record_assign: FUNCTION / FunctionCode::DEBUG_RECORD_ASSIGN, versions 0..=2, required 7 {
        LOCATION = "DILocation": MdId;
        VARIABLE = "DILocalVariable": MdId;
        EXPRESSION = "DIExpression": MdId;
        VALUE = "ValueAsMetadata": MdId;
        ASSIGN_ID = "DIAssignID": MdId;
        ADDRESS_EXPRESSION = "DIExpression (addr)": MdId;
        ADDRESS = "ValueAsMetadata (addr)": MdId;
    }
    /// `#dbg_value` of a plain value.
    debug_record_value_simple: FUNCTION / FunctionCode::DEBUG_RECORD_VALUE_SIMPLE, versions 0..=2, required 4 {
        LOCATION = "DILocation": MdId;
        VARIABLE = "DILocalVariable": MdId;
        EXPRESSION = "DIExpression": MdId;
        VALUE = "Value": ValueTypePair;
    }
    /// `#dbg_label`.
    debug_record_label: FUNCTION / FunctionCode::DEBUG_RECORD_LABEL, versions 0..=2, required 2 {
        LOCATION = "DILocation": MdId;
        LABEL = "DILabel": MdId;
    }

    // ---------------------------------------------------------------- METADATA
    /// All metadata strings: the blob holds the lengths (VBR6, from
    /// `offset` bytes on the characters).
    md_strings: METADATA / MetadataCode::STRINGS, versions 0..=2, required 2, blob {
        COUNT = "count": Count;
        OFFSET = "offset": Int;
    }
    /// A node (`writeMDTuple`).
    md_node: METADATA / MetadataCode::NODE, versions 0..=2, required 0 {}
        ..tail "n x md num+1" { "operand" = "md num+1": MdIdPlusOne; }
    /// A distinct node.
    md_distinct_node: METADATA / MetadataCode::DISTINCT_NODE, versions 0..=2, required 0 {}
        ..tail "n x md num+1" { "operand" = "md num+1": MdIdPlusOne; }
    /// A value as metadata (`writeValueAsMetadata`).
    md_value: METADATA / MetadataCode::VALUE, versions 0..=2, required 2 {
        TYPE = "type num": TypeId;
        VALUE = "value num": ValueId;
    }
    /// The name of the next `NAMED_NODE`.
    md_name: METADATA / MetadataCode::NAME, versions 0..=2, required 0 {}
        ..tail "namechar x N" { "char" = "namechar": Char; }
    /// A named node's operands (not plus one).
    md_named_node: METADATA / MetadataCode::NAMED_NODE, versions 0..=2, required 0 {}
        ..tail "n x md num" { "operand" = "md num": MdId; }
    /// A metadata kind (`METADATA_KIND` block; `METADATA` in old bitcode).
    md_kind: METADATA_KIND / MetadataCode::KIND, versions 0..=2, required 1 {
        KIND = "id": MdKindId;
    }
        ..tail "name chars…" { "char" = "namechar": Char; }
    /// A metadata kind in the `METADATA` block (old producers).
    md_kind_in_metadata: METADATA / MetadataCode::KIND, versions 0..=2, required 1 {
        KIND = "id": MdKindId;
    }
        ..tail "name chars…" { "char" = "namechar": Char; }
    /// Attachments of a global value (`writeModuleMetadata`).
    md_global_decl_attachment: METADATA / MetadataCode::GLOBAL_DECL_ATTACHMENT, versions 0..=2, required 1 {
        VALUE = "valueid": ValueId;
    }
        ..tail "n x (kind, md num)" { "kind" = "kind": MdKindId; "node" = "md num": MdId; }
    /// Offset of the `INDEX` record: two 32-bit words, low first, counted
    /// from just after this record.
    md_index_offset: METADATA / MetadataCode::INDEX_OFFSET, versions 0..=2, required 2 {
        LOW = "offset_lo": Word32;
        HIGH = "offset_hi": Word32;
    }
    /// Bit positions of the metadata records, delta-encoded.
    md_index: METADATA / MetadataCode::INDEX, versions 0..=2, required 0 {}
        ..tail "bitpos x N" { "pos" = "bitpos delta": Int; }
    /// A `DIArgList` (function-local metadata).
    md_arg_list: METADATA / MetadataCode::ARG_LIST, versions 0..=2, required 0 {}
        ..tail "n x md num" { "arg" = "md num": MdId; }
    /// An old metadata string (before the `STRINGS` blob).
    md_string_old: METADATA / MetadataCode::STRING_OLD, versions 0..=2, required 0 {}
        ..tail "values" { "char" = "char": Char; }
    /// Attachments of an instruction (odd count) or of the function.
    md_attachment: METADATA_ATTACHMENT / MetadataCode::ATTACHMENT, versions 0..=2, required 0 {
        INST = "instid (odd count)": Int if IfOddCount;
    }
        ..tail "n x (kind, md num)" { "kind" = "kind": MdKindId; "node" = "md num": MdId; }

    // ------------------------------------------------- METADATA: debug info
    // The specialized nodes, as LLVM 19's `write<Kind>` lays them out; the
    // writer fills them by these positions and fields, the reader reads
    // LLVM 19's layout by them (older layouts in `read/di.rs`). Operand 0
    // holds `distinct` in bit 0 and the flags of [`DiRecord::head`].
    /// A `DILocation` (`writeDILocation`; the `FUNCTION` block's
    /// `DEBUG_LOC` is the same without `distinct`). LLVM 21 adds the Key
    /// Instructions atom group and rank.
    md_location: METADATA / MetadataCode::LOCATION, versions 0..=2, required 5 {
        DISTINCT = "distinct": Bool;
        LINE = "line": Int => Line;
        COLUMN = "column": Int => Column;
        SCOPE = "scope": MdId => Scope;
        INLINED_AT = "inlinedAt+1": MdIdPlusOne => InlinedAt;
        IMPLICIT = "isImplicitCode": Bool => IsImplicitCode;
        ATOM_GROUP = "atomGroup (LLVM 21)": Int;
        ATOM_RANK = "atomRank (LLVM 21)": Int;
    }
    /// A `GenericDINode`.
    md_generic_debug: METADATA / MetadataCode::GENERIC_DEBUG, versions 0..=2, required 4 {
        DISTINCT = "distinct": Flags;
        TAG = "tag": Int => Tag;
        VERSION = "version (0)": Int;
        HEADER = "header+1": MdIdPlusOne => Header;
    }
        ..tail "n x md num+1" { "operand" = "md num+1": MdIdPlusOne; }
    /// A `DISubrange`, version 2: the four bounds as metadata (an integer
    /// bound is an `i64` constant). Versions 0 and 1 wrote the count and
    /// the lower bound only, the lower bound as a sign-rotated integer.
    md_subrange: METADATA / MetadataCode::SUBRANGE, versions 0..=2, required 3 {
        FLAGS = "distinct|version<<1": Flags;
        COUNT = "count+1": MdIdPlusOne => Count;
        LOWER_BOUND = "lowerBound+1": MdIdPlusOne => LowerBound;
        UPPER_BOUND = "upperBound+1": MdIdPlusOne => UpperBound;
        STRIDE = "stride+1": MdIdPlusOne => Stride;
    }
    /// A `DIGenericSubrange`.
    md_generic_subrange: METADATA / MetadataCode::GENERIC_SUBRANGE, versions 0..=2, required 5 {
        DISTINCT = "distinct": Flags;
        COUNT = "count+1": MdIdPlusOne => Count;
        LOWER_BOUND = "lowerBound+1": MdIdPlusOne => LowerBound;
        UPPER_BOUND = "upperBound+1": MdIdPlusOne => UpperBound;
        STRIDE = "stride+1": MdIdPlusOne => Stride;
    }
    /// A `DIEnumerator`: with the big-integer flag (LLVM 12 on) the value
    /// is `bitwidth` bits in sign-rotated 64-bit words; before, one
    /// sign-rotated value in place of `bitwidth`.
    md_enumerator: METADATA / MetadataCode::ENUMERATOR, versions 0..=2, required 3 {
        FLAGS = "distinct|isUnsigned<<1|isBigInt<<2": Flags;
        BIT_WIDTH = "bitwidth": Count;
        NAME = "name+1": MdIdPlusOne => Name;
    }
        ..tail "words" { "word" = "value word": SignedInt; }
    /// A `DIBasicType`. LLVM 20 adds `numExtraInhabitants`, LLVM 21
    /// `dataSize` (and a size given as metadata, flag bit 1).
    md_basic_type: METADATA / MetadataCode::BASIC_TYPE, versions 0..=2, required 6 {
        DISTINCT = "distinct": Flags;
        TAG = "tag": Int => Tag;
        NAME = "name+1": MdIdPlusOne => Name;
        SIZE = "size": Int => Size;
        ALIGN = "align": Int => Align;
        ENCODING = "encoding": Int => Encoding;
        DI_FLAGS = "flags": Flags => Flags;
        NUM_EXTRA_INHABITANTS = "numExtraInhabitants (LLVM 20)": Int;
        DATA_SIZE = "dataSize (LLVM 21)": Int;
    }
    /// A `DIStringType`. Producers before LLVM 14 wrote no
    /// `stringLocationExpression` (8 operands).
    md_string_type: METADATA / MetadataCode::STRING_TYPE, versions 0..=2, required 9 {
        DISTINCT = "distinct": Flags;
        TAG = "tag": Int => Tag;
        NAME = "name+1": MdIdPlusOne => Name;
        STRING_LENGTH = "stringLength+1": MdIdPlusOne => StringLength;
        STRING_LENGTH_EXPRESSION = "stringLengthExp+1": MdIdPlusOne => StringLengthExpression;
        STRING_LOCATION_EXPRESSION = "stringLocationExp+1": MdIdPlusOne => StringLocationExpression;
        SIZE = "size": Int => Size;
        ALIGN = "align": Int => Align;
        ENCODING = "encoding": Int => Encoding;
    }
    /// A `DIDerivedType`. LLVM 14 to 18 wrote `annotations` as the last
    /// operand (14 operands), LLVM 19 adds the pointer-authentication word.
    md_derived_type: METADATA / MetadataCode::DERIVED_TYPE, versions 0..=2, required 12 {
        DISTINCT = "distinct": Flags;
        TAG = "tag": Int => Tag;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        BASE_TYPE = "baseType+1": MdIdPlusOne => BaseType;
        SIZE = "size": Int => Size;
        ALIGN = "align": Int => Align;
        OFFSET = "offset": Int => Offset;
        DI_FLAGS = "flags": Flags => Flags;
        EXTRA_DATA = "extraData+1": MdIdPlusOne => ExtraData;
        ADDRESS_SPACE = "dwarfAddressSpace+1": AddrSpacePlusOne => DwarfAddressSpace;
        ANNOTATIONS = "annotations+1": MdIdPlusOne => Annotations;
        PTR_AUTH = "ptrAuthData": PtrAuthData;
    }
    /// A `DICompositeType` (flag bit 1: no type references of before LLVM
    /// 3.9). LLVM 20 to 22 add `numExtraInhabitants`, `specification`, the
    /// Apple enum kind and `bitStride`.
    md_composite_type: METADATA / MetadataCode::COMPOSITE_TYPE, versions 0..=2, required 16 {
        FLAGS = "distinct|isNotUsedInOldTypeRef<<1": Flags;
        TAG = "tag": Int => Tag;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        BASE_TYPE = "baseType+1": MdIdPlusOne => BaseType;
        SIZE = "size": Int => Size;
        ALIGN = "align": Int => Align;
        OFFSET = "offset": Int => Offset;
        DI_FLAGS = "flags": Flags => Flags;
        ELEMENTS = "elements+1": MdIdPlusOne => Elements;
        RUNTIME_LANG = "runtimeLang": Int => RuntimeLang;
        VTABLE_HOLDER = "vtableHolder+1": MdIdPlusOne => VtableHolder;
        TEMPLATE_PARAMS = "templateParams+1": MdIdPlusOne => TemplateParams;
        IDENTIFIER = "identifier+1": MdIdPlusOne => Identifier;
        DISCRIMINATOR = "discriminator+1": MdIdPlusOne => Discriminator;
        DATA_LOCATION = "dataLocation+1": MdIdPlusOne => DataLocation;
        ASSOCIATED = "associated+1": MdIdPlusOne => Associated;
        ALLOCATED = "allocated+1": MdIdPlusOne => Allocated;
        RANK = "rank+1": MdIdPlusOne => Rank;
        ANNOTATIONS = "annotations+1": MdIdPlusOne => Annotations;
        NUM_EXTRA_INHABITANTS = "numExtraInhabitants (LLVM 20)": Int;
        SPECIFICATION = "specification+1 (LLVM 20)": MdIdPlusOne;
        ENUM_KIND = "enumKind (LLVM 21; 0xffffffff for none)": Int;
        BIT_STRIDE = "bitStride+1 (LLVM 21)": MdIdPlusOne;
    }
    /// A `DISubroutineType` (flag bit 1 as for composite types).
    md_subroutine_type: METADATA / MetadataCode::SUBROUTINE_TYPE, versions 0..=2, required 3 {
        FLAGS = "distinct|isNotUsedInOldTypeRef<<1": Flags;
        DI_FLAGS = "flags": Flags => Flags;
        TYPES = "types+1": MdIdPlusOne => Types;
        CC = "cc": Int => Cc;
    }
    /// A `DIFile`: the checksum kind and checksum are 0 without a
    /// checksum; the source is written only when there is one.
    md_file: METADATA / MetadataCode::FILE, versions 0..=2, required 3 {
        DISTINCT = "distinct": Flags;
        FILENAME = "filename+1": MdIdPlusOne => Filename;
        DIRECTORY = "directory+1": MdIdPlusOne => Directory;
        CHECKSUM_KIND = "checksumkind": Int => Checksumkind;
        CHECKSUM = "checksum+1": MdIdPlusOne => Checksum;
        SOURCE = "source+1": MdIdPlusOne => Source;
    }
    /// A `DICompileUnit` (always distinct). Operand 11 held the unit's
    /// subprograms before LLVM 3.9 (0 since). LLVM 22 adds a language
    /// version.
    md_compile_unit: METADATA / MetadataCode::COMPILE_UNIT, versions 0..=2, required 14 {
        DISTINCT = "distinct (1)": Flags;
        LANGUAGE = "sourceLanguage": Int => Language;
        FILE = "file+1": MdIdPlusOne => File;
        PRODUCER = "producer+1": MdIdPlusOne => Producer;
        IS_OPTIMIZED = "isOptimized": Bool => IsOptimized;
        CU_FLAGS = "flags+1": MdIdPlusOne => Flags;
        RUNTIME_VERSION = "runtimeVersion": Int => RuntimeVersion;
        SPLIT_DEBUG_FILENAME = "splitDebugFilename+1": MdIdPlusOne => SplitDebugFilename;
        EMISSION_KIND = "emissionKind": Int => EmissionKind;
        ENUMS = "enumTypes+1": MdIdPlusOne => Enums;
        RETAINED_TYPES = "retainedTypes+1": MdIdPlusOne => RetainedTypes;
        SUBPROGRAMS = "subprograms+1 (0)": MdIdPlusOne;
        GLOBALS = "globalVariables+1": MdIdPlusOne => Globals;
        IMPORTS = "importedEntities+1": MdIdPlusOne => Imports;
        DWO_ID = "dwoId": Int => DwoId;
        MACROS = "macros+1": MdIdPlusOne => Macros;
        SPLIT_DEBUG_INLINING = "splitDebugInlining": Bool => SplitDebugInlining;
        DEBUG_INFO_FOR_PROFILING = "debugInfoForProfiling": Bool => DebugInfoForProfiling;
        NAME_TABLE_KIND = "nameTableKind": Int => NameTableKind;
        RANGES_BASE_ADDRESS = "rangesBaseAddress": Bool => RangesBaseAddress;
        SYSROOT = "sysroot+1": MdIdPlusOne => Sysroot;
        SDK = "sdk+1": MdIdPlusOne => Sdk;
        LANGUAGE_VERSION = "sourceLanguageVersion (LLVM 22)": Int;
    }
    /// A `DISubprogram` of version 5 (flag bits 1 and 2: a unit operand and
    /// `spFlags`; LLVM 8 on). Older versions put `isLocal`/`isDefinition`
    /// at 7 and 8, the flags at 13, the function (version 1) or unit at 15.
    /// LLVM 21 adds `keyInstructions`.
    md_subprogram: METADATA / MetadataCode::SUBPROGRAM, versions 0..=2, required 18 {
        FLAGS = "distinct|hasUnit<<1|hasSPFlags<<2": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        NAME = "name+1": MdIdPlusOne => Name;
        LINKAGE_NAME = "linkageName+1": MdIdPlusOne => LinkageName;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        TYPE = "type+1": MdIdPlusOne => Type;
        SCOPE_LINE = "scopeLine": Int => ScopeLine;
        CONTAINING_TYPE = "containingType+1": MdIdPlusOne => ContainingType;
        SP_FLAGS = "spFlags": Flags => SpFlags;
        VIRTUAL_INDEX = "virtualIndex": Int => VirtualIndex;
        DI_FLAGS = "flags": Flags => Flags;
        UNIT = "unit+1": MdIdPlusOne => Unit;
        TEMPLATE_PARAMS = "templateParams+1": MdIdPlusOne => TemplateParams;
        DECLARATION = "declaration+1": MdIdPlusOne => Declaration;
        RETAINED_NODES = "retainedNodes+1": MdIdPlusOne => RetainedNodes;
        THIS_ADJUSTMENT = "thisAdjustment (int, sign-extended)": Int => ThisAdjustment;
        THROWN_TYPES = "thrownTypes+1": MdIdPlusOne => ThrownTypes;
        ANNOTATIONS = "annotations+1": MdIdPlusOne => Annotations;
        TARGET_FUNC_NAME = "targetFuncName+1": MdIdPlusOne => TargetFuncName;
        KEY_INSTRUCTIONS = "keyInstructions (LLVM 21)": Bool;
    }
    /// A `DILexicalBlock`.
    md_lexical_block: METADATA / MetadataCode::LEXICAL_BLOCK, versions 0..=2, required 5 {
        DISTINCT = "distinct": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        COLUMN = "column": Int => Column;
    }
    /// A `DILexicalBlockFile`.
    md_lexical_block_file: METADATA / MetadataCode::LEXICAL_BLOCK_FILE, versions 0..=2, required 4 {
        DISTINCT = "distinct": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        FILE = "file+1": MdIdPlusOne => File;
        DISCRIMINATOR = "discriminator": Int => Discriminator;
    }
    /// A `DICommonBlock`.
    md_common_block: METADATA / MetadataCode::COMMON_BLOCK, versions 0..=2, required 6 {
        DISTINCT = "distinct": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        DECLARATION = "decl+1": MdIdPlusOne => Declaration;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
    }
    /// A `DINamespace` (`exportSymbols` in the flags). Producers before
    /// LLVM 5 wrote a file and a line before the name (5 operands).
    md_namespace: METADATA / MetadataCode::NAMESPACE, versions 0..=2, required 3 {
        FLAGS = "distinct|exportSymbols<<1": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        NAME = "name+1": MdIdPlusOne => Name;
    }
    /// A `DIMacro`.
    md_macro: METADATA / MetadataCode::MACRO, versions 0..=2, required 5 {
        DISTINCT = "distinct": Flags;
        TYPE = "macinfoType": Int => Type;
        LINE = "line": Int => Line;
        NAME = "name+1": MdIdPlusOne => Name;
        VALUE = "value+1": MdIdPlusOne => Value;
    }
    /// A `DIMacroFile`.
    md_macro_file: METADATA / MetadataCode::MACRO_FILE, versions 0..=2, required 5 {
        DISTINCT = "distinct": Flags;
        TYPE = "macinfoType": Int => Type;
        LINE = "line": Int => Line;
        FILE = "file+1": MdIdPlusOne => File;
        NODES = "elements+1": MdIdPlusOne => Nodes;
    }
    /// A `DIModule`. Producers before LLVM 11 wrote no file (the scope
    /// first), before LLVM 12 no line and `isDecl`.
    md_module: METADATA / MetadataCode::MODULE, versions 0..=2, required 5 {
        DISTINCT = "distinct": Flags;
        FILE = "file+1": MdIdPlusOne => File;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        NAME = "name+1": MdIdPlusOne => Name;
        CONFIG_MACROS = "configurationMacros+1": MdIdPlusOne => ConfigMacros;
        INCLUDE_PATH = "includePath+1": MdIdPlusOne => IncludePath;
        APINOTES = "apinotesFile+1": MdIdPlusOne => Apinotes;
        LINE = "line": Int => Line;
        IS_DECL = "isDecl": Bool => IsDecl;
    }
    /// A `DITemplateTypeParameter`. `isDefault` came with LLVM 11.
    md_template_type: METADATA / MetadataCode::TEMPLATE_TYPE, versions 0..=2, required 3 {
        DISTINCT = "distinct": Flags;
        NAME = "name+1": MdIdPlusOne => Name;
        TYPE = "type+1": MdIdPlusOne => Type;
        IS_DEFAULT = "isDefault": Bool => Defaulted;
    }
    /// A `DITemplateValueParameter`. Before LLVM 11 there was no
    /// `isDefault` (the value at 4).
    md_template_value: METADATA / MetadataCode::TEMPLATE_VALUE, versions 0..=2, required 6 {
        DISTINCT = "distinct": Flags;
        TAG = "tag": Int => Tag;
        NAME = "name+1": MdIdPlusOne => Name;
        TYPE = "type+1": MdIdPlusOne => Type;
        IS_DEFAULT = "isDefault": Bool => Defaulted;
        VALUE = "value+1": MdIdPlusOne => Value;
    }
    /// A `DIGlobalVariable` of version 2 (LLVM 4 on). Version 0 held the
    /// variable's global at 9, version 1 an alignment at 11 after the
    /// declaration at 10.
    md_global_var: METADATA / MetadataCode::GLOBAL_VAR, versions 0..=2, required 11 {
        FLAGS = "distinct|version<<1": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        NAME = "name+1": MdIdPlusOne => Name;
        LINKAGE_NAME = "linkageName+1": MdIdPlusOne => LinkageName;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        TYPE = "type+1": MdIdPlusOne => Type;
        IS_LOCAL = "isLocal": Bool => IsLocal;
        IS_DEFINITION = "isDefinition": Bool => IsDefinition;
        DECLARATION = "staticDataMemberDeclaration+1": MdIdPlusOne => Declaration;
        TEMPLATE_PARAMS = "templateParams+1": MdIdPlusOne => TemplateParams;
        ALIGN = "alignInBits": Int => Align;
        ANNOTATIONS = "annotations+1": MdIdPlusOne => Annotations;
    }
    /// A `DILocalVariable` (flag bit 1: an alignment). Without the flag and
    /// with more than 8 operands, an old artificial tag comes first.
    md_local_var: METADATA / MetadataCode::LOCAL_VAR, versions 0..=2, required 8 {
        FLAGS = "distinct|hasAlignment<<1": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        TYPE = "type+1": MdIdPlusOne => Type;
        ARG = "arg": Int => Arg;
        DI_FLAGS = "flags": Flags => Flags;
        ALIGN = "alignInBits": Int => Align;
        ANNOTATIONS = "annotations+1": MdIdPlusOne => Annotations;
    }
    /// A `DILabel`. LLVM 21 adds the column, `isArtificial` (flag bit 1)
    /// and the coroutine suspend index.
    md_label: METADATA / MetadataCode::LABEL, versions 0..=2, required 5 {
        DISTINCT = "distinct|isArtificial<<1 (LLVM 21)": Flags;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        COLUMN = "column (LLVM 21)": Int;
        CORO_SUSPEND_IDX = "coroSuspendIdx (LLVM 21; u64::MAX for none)": Int;
    }
    /// A `DIExpression` of version 3; older versions are upgraded
    /// (`upgradeDIExpression`).
    md_expression: METADATA / MetadataCode::EXPRESSION, versions 0..=2, required 1 {
        FLAGS = "distinct|version<<1": Flags;
    }
        ..tail "elements" { "element" = "element": Int; }
    /// A `DIGlobalVariableExpression`.
    md_global_var_expr: METADATA / MetadataCode::GLOBAL_VAR_EXPR, versions 0..=2, required 3 {
        DISTINCT = "distinct": Flags;
        VAR = "var+1": MdIdPlusOne => Var;
        EXPR = "expr+1": MdIdPlusOne => Expr;
    }
    /// A `DIObjCProperty`: LLVM 19 writes and reads the getter before the
    /// setter.
    md_objc_property: METADATA / MetadataCode::OBJC_PROPERTY, versions 0..=2, required 8 {
        DISTINCT = "distinct": Flags;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        LINE = "line": Int => Line;
        GETTER = "getterName+1": MdIdPlusOne => Getter;
        SETTER = "setterName+1": MdIdPlusOne => Setter;
        ATTRIBUTES = "attributes": Int => Attributes;
        TYPE = "type+1": MdIdPlusOne => Type;
    }
    /// A `DIImportedEntity`. The file came with LLVM 7, the elements with
    /// LLVM 14.
    md_imported_entity: METADATA / MetadataCode::IMPORTED_ENTITY, versions 0..=2, required 6 {
        DISTINCT = "distinct": Flags;
        TAG = "tag": Int => Tag;
        SCOPE = "scope+1": MdIdPlusOne => Scope;
        ENTITY = "entity+1": MdIdPlusOne => Entity;
        LINE = "line": Int => Line;
        NAME = "name+1": MdIdPlusOne => Name;
        FILE = "file+1": MdIdPlusOne => File;
        ELEMENTS = "elements+1": MdIdPlusOne => Elements;
    }
    /// A `DIAssignID` (always distinct).
    md_assign_id: METADATA / MetadataCode::ASSIGN_ID, versions 0..=2, required 1 {
        DISTINCT = "distinct (1)": Flags;
    }

    // ------------------------------------------------------------ VALUE_SYMTAB
    /// A value's name (function-local; module-level before version 2).
    vst_entry: VALUE_SYMTAB / ValueSymtabCode::ENTRY, versions 0..=2, required 1 {
        VALUE = "valueid": ValueId;
    }
        ..tail "namechar x N" { "char" = "namechar": Char; }
    /// A basic block's name.
    vst_bbentry: VALUE_SYMTAB / ValueSymtabCode::BBENTRY, versions 0..=2, required 1 {
        BB = "bbid": BasicBlockId;
    }
        ..tail "namechar x N" { "char" = "namechar": Char; }
    /// A function's body offset (32-bit words, from the start of the
    /// module's identification block less one word); the name only before
    /// module version 2.
    vst_fnentry: VALUE_SYMTAB / ValueSymtabCode::FNENTRY, versions 0..=2, required 2 {
        VALUE = "valueid": ValueId;
        OFFSET = "offset": Int;
    }
        ..tail "namechar x N" { "char" = "namechar": Char; }

    // ----------------------------------------------------------------- USELIST
    /// A value's use-list order (`writeUseList`): the permutation, then the
    /// value (absolute ID).
    uselist_default: USELIST / UseListCode::DEFAULT, versions 0..=2, required 0 {}
        ..tail "index…" { "index" = "index": Int; }
        ..after { "value" = "value-id": ValueId; }
    /// A basic block's use-list order.
    uselist_bb: USELIST / UseListCode::BB, versions 0..=2, required 0 {}
        ..tail "index…" { "index" = "index": Int; }
        ..after { "bb" = "bb-id": BasicBlockId; }

    // ------------------------------------------------------------------ others
    /// One operand bundle tag (`writeOperandBundleTags`).
    operand_bundle_tag: OPERAND_BUNDLE_TAGS / OperandBundleTagCode::TAG, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// One synchronization scope name (`writeSyncScopeNames`).
    sync_scope_name: SYNC_SCOPE_NAMES / SyncScopeNameCode::NAME, versions 0..=2, required 0 {}
        ..tail "strchr x N" { "char" = "strchr": Char; }
    /// The string table: names are `(offset, size)` into the blob.
    strtab_blob: STRTAB / StrtabCode::BLOB, versions 0..=2, required 0, blob {}
    /// The irsymtab (`irsymtab::build`), in the blob.
    symtab_blob: SYMTAB / SymtabCode::BLOB, versions 0..=2, required 0, blob {}
}

/// A debug-info node record: the node kind it holds, its layout as LLVM 19
/// writes it ([`Operand::di`] names the field of each operand) and the
/// flag bits LLVM 19 sets in operand 0 next to `distinct` (bit 0): the
/// record's version and what it carries. The writer derives each record
/// from this; the reader reads LLVM 19's layout by the same positions.
#[cfg(feature = "ir")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiRecord {
    /// The node kind.
    pub kind: DiKind,
    /// The record's layout.
    pub layout: &'static Layout,
    /// The bits of operand 0 besides `distinct`, as LLVM 19 writes them.
    pub head: u64,
    /// How many of the layout's fields LLVM 19 writes; the rest came with
    /// newer LLVMs (LLVM 19's model holds them only at their defaults).
    pub len: usize,
}

/// Every debug-info node record, in [`DiKind`] order.
#[cfg(feature = "ir")]
pub static DI_RECORDS: &[DiRecord] = &[
    DiRecord {
        kind: DiKind::LOCATION,
        layout: &md_location::LAYOUT,
        len: md_location::ATOM_GROUP,
        head: 0,
    },
    // Version 3.
    DiRecord {
        kind: DiKind::EXPRESSION,
        layout: &md_expression::LAYOUT,
        len: md_expression::FIELDS.len(),
        head: 3 << 1,
    },
    DiRecord {
        kind: DiKind::GLOBAL_VARIABLE_EXPRESSION,
        layout: &md_global_var_expr::LAYOUT,
        len: md_global_var_expr::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::GENERIC_DI_NODE,
        layout: &md_generic_debug::LAYOUT,
        len: md_generic_debug::FIELDS.len(),
        head: 0,
    },
    // Version 2.
    DiRecord {
        kind: DiKind::SUBRANGE,
        layout: &md_subrange::LAYOUT,
        len: md_subrange::FIELDS.len(),
        head: 2 << 1,
    },
    // Always a big integer.
    DiRecord {
        kind: DiKind::ENUMERATOR,
        layout: &md_enumerator::LAYOUT,
        len: md_enumerator::FIELDS.len(),
        head: 4,
    },
    DiRecord {
        kind: DiKind::BASIC_TYPE,
        layout: &md_basic_type::LAYOUT,
        len: md_basic_type::NUM_EXTRA_INHABITANTS,
        head: 0,
    },
    DiRecord {
        kind: DiKind::DERIVED_TYPE,
        layout: &md_derived_type::LAYOUT,
        len: md_derived_type::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::COMPOSITE_TYPE,
        layout: &md_composite_type::LAYOUT,
        len: md_composite_type::NUM_EXTRA_INHABITANTS,
        head: 2,
    },
    DiRecord {
        kind: DiKind::SUBROUTINE_TYPE,
        layout: &md_subroutine_type::LAYOUT,
        len: md_subroutine_type::FIELDS.len(),
        head: 2,
    },
    DiRecord { kind: DiKind::FILE, layout: &md_file::LAYOUT, len: md_file::FIELDS.len(), head: 0 },
    DiRecord {
        kind: DiKind::COMPILE_UNIT,
        layout: &md_compile_unit::LAYOUT,
        len: md_compile_unit::LANGUAGE_VERSION,
        head: 1,
    },
    DiRecord {
        kind: DiKind::SUBPROGRAM,
        layout: &md_subprogram::LAYOUT,
        len: md_subprogram::KEY_INSTRUCTIONS,
        head: 2 | 4,
    },
    DiRecord {
        kind: DiKind::LEXICAL_BLOCK,
        layout: &md_lexical_block::LAYOUT,
        len: md_lexical_block::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::LEXICAL_BLOCK_FILE,
        layout: &md_lexical_block_file::LAYOUT,
        len: md_lexical_block_file::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::NAMESPACE,
        layout: &md_namespace::LAYOUT,
        len: md_namespace::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::MODULE,
        layout: &md_module::LAYOUT,
        len: md_module::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::TEMPLATE_TYPE_PARAMETER,
        layout: &md_template_type::LAYOUT,
        len: md_template_type::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::TEMPLATE_VALUE_PARAMETER,
        layout: &md_template_value::LAYOUT,
        len: md_template_value::FIELDS.len(),
        head: 0,
    },
    // Version 2.
    DiRecord {
        kind: DiKind::GLOBAL_VARIABLE,
        layout: &md_global_var::LAYOUT,
        len: md_global_var::FIELDS.len(),
        head: 2 << 1,
    },
    // An alignment operand.
    DiRecord {
        kind: DiKind::LOCAL_VARIABLE,
        layout: &md_local_var::LAYOUT,
        len: md_local_var::FIELDS.len(),
        head: 2,
    },
    DiRecord { kind: DiKind::LABEL, layout: &md_label::LAYOUT, len: md_label::COLUMN, head: 0 },
    DiRecord {
        kind: DiKind::OBJC_PROPERTY,
        layout: &md_objc_property::LAYOUT,
        len: md_objc_property::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::IMPORTED_ENTITY,
        layout: &md_imported_entity::LAYOUT,
        len: md_imported_entity::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::ASSIGN_ID,
        layout: &md_assign_id::LAYOUT,
        len: md_assign_id::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::MACRO,
        layout: &md_macro::LAYOUT,
        len: md_macro::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::MACRO_FILE,
        layout: &md_macro_file::LAYOUT,
        len: md_macro_file::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::COMMON_BLOCK,
        layout: &md_common_block::LAYOUT,
        len: md_common_block::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::STRING_TYPE,
        layout: &md_string_type::LAYOUT,
        len: md_string_type::FIELDS.len(),
        head: 0,
    },
    DiRecord {
        kind: DiKind::GENERIC_SUBRANGE,
        layout: &md_generic_subrange::LAYOUT,
        len: md_generic_subrange::FIELDS.len(),
        head: 0,
    },
];

// Every kind of the IR's schema has its record, at its index.
#[cfg(feature = "ir")]
const _: () = {
    assert!(DI_RECORDS.len() == llvmext_ir::di::KINDS.len());
    let mut i = 0;
    while i < DI_RECORDS.len() {
        assert!(DI_RECORDS[i].kind.0 as usize == i);
        i += 1;
    }
};

/// The record of debug-info node kind `kind`.
///
/// ```
/// use llvmext_bitcode::schema::layout::{self, md_subprogram};
/// use llvmext_ir::di::{DiKind, Field};
///
/// let r = layout::di_record(DiKind::SUBPROGRAM).unwrap();
/// assert_eq!(r.layout.record, "METADATA_SUBPROGRAM");
/// assert_eq!(r.layout.fields[md_subprogram::UNIT].di, Some(Field::Unit));
/// assert_eq!(r.head, 0b110); // hasUnit, hasSPFlags
/// assert_eq!(r.len, md_subprogram::KEY_INSTRUCTIONS); // LLVM 21 added the rest
/// assert_eq!(layout::di_record_by_code(r.layout.code), Some(r));
/// ```
#[cfg(feature = "ir")]
pub fn di_record(kind: DiKind) -> Option<&'static DiRecord> {
    DI_RECORDS.get(usize::from(kind.0))
}

/// The debug-info node record of `METADATA` code `code`, if it is one.
#[cfg(feature = "ir")]
pub fn di_record_by_code(code: u32) -> Option<&'static DiRecord> {
    DI_RECORDS.iter().find(|r| r.layout.code == code)
}
