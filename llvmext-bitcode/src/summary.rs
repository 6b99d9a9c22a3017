//! ThinLTO module summaries: the per-module summary index LLVM writes into
//! a module's `GLOBALVAL_SUMMARY` block (`clang -flto=thin`, fat LTO
//! objects) or `FULL_LTO_GLOBALVAL_SUMMARY` block, read as LLVM 19's
//! `ModuleSummaryIndexBitcodeReader` reads it, and printed as
//! `llvm-dis-19` prints it after the module (`^0 = module: ...`).
//!
//! The summary is independent of the IR model: [`read`] makes its own pass
//! over the module's bitstream, taking from the `MODULE` block only what
//! the summary needs — the source file name (for the GUIDs of local
//! values), the names and linkages of the global values (`GLOBALVAR`,
//! `FUNCTION`, `ALIAS` records, named by the string table or, before it,
//! by the value symbol table), and the module hash.
//!
//! GUIDs are LLVM's `GlobalValue::getGUID`: the low 64 bits (the first 8
//! bytes, little-endian) of the MD5 of the global identifier, which is the
//! name, prefixed with `SOURCE_FILE;` for values of local linkage
//! ([`global_identifier`], [`guid`], [`md5`]).
//!
//! ```no_run
//! let bytes = std::fs::read("x.bc").unwrap();
//! if let Some(s) = llvmext_bitcode::summary::read(&bytes, 0).unwrap() {
//!     // As llvm-dis-19 prints it after the module ("x.bc": the input's name).
//!     std::io::Write::write_all(&mut std::io::stdout(), &s.print("x.bc")).unwrap();
//! }
//! ```
//!
//! What is not read: the records of a *combined* index (a thin link's
//! output: `FS_COMBINED*`, `MODULE_STRTAB`) are refused as unsupported;
//! `FS_CFI_FUNCTION_DEFS`/`DECLS` are skipped (llvm-dis does not print
//! them). Summaries newer than LLVM 19's (version 10) are refused with
//! [`ErrorKind::Unsupported`], as LLVM 19 refuses them.

use core::fmt;
use std::collections::{BTreeMap, HashMap};
use std::io::Write as _;
use std::string::{String, ToString};
use std::vec::Vec;

use llvmext_core::bitstream::{BitstreamReader, Entry};

use crate::container::{self, ModuleRange, SummaryKind};
use crate::schema::{BlockId, GlobalValueSummaryCode as Fs, ModuleCode, ValueSymtabCode};

/// The newest summary version LLVM 19 reads
/// (`ModuleSummaryIndex::BitcodeSummaryVersion`).
pub const LLVM19_SUMMARY_VERSION: u64 = 10;

// ---------------------------------------------------------------------------
// MD5 and GUIDs
// ---------------------------------------------------------------------------

const MD5_K: [u32; 64] = [
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
];

const MD5_S: [u32; 16] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

fn md5_block(state: &mut [u32; 4], block: &[u8]) {
    let mut m = [0u32; 16];
    for (i, w) in m.iter_mut().enumerate() {
        *w = u32::from_le_bytes([
            block[4 * i],
            block[4 * i + 1],
            block[4 * i + 2],
            block[4 * i + 3],
        ]);
    }
    let [mut a, mut b, mut c, mut d] = *state;
    for i in 0..64 {
        let (f, g) = match i / 16 {
            0 => ((b & c) | (!b & d), i),
            1 => ((d & b) | (!d & c), (5 * i + 1) % 16),
            2 => (b ^ c ^ d, (3 * i + 5) % 16),
            _ => (c ^ (b | !d), (7 * i) % 16),
        };
        let s = MD5_S[(i / 16) * 4 + i % 4];
        let t = a.wrapping_add(f).wrapping_add(MD5_K[i]).wrapping_add(m[g]);
        a = d;
        d = c;
        c = b;
        b = b.wrapping_add(t.rotate_left(s));
    }
    state[0] = state[0].wrapping_add(a);
    state[1] = state[1].wrapping_add(b);
    state[2] = state[2].wrapping_add(c);
    state[3] = state[3].wrapping_add(d);
}

/// The MD5 digest of `data` (RFC 1321).
///
/// ```
/// use llvmext_bitcode::summary::md5;
/// let hex = |d: [u8; 16]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
/// assert_eq!(hex(md5(b"")), "d41d8cd98f00b204e9800998ecf8427e");
/// assert_eq!(hex(md5(b"abc")), "900150983cd24fb0d6963f7d28e17f72");
/// ```
pub fn md5(data: &[u8]) -> [u8; 16] {
    let mut state = [0x67452301u32, 0xefcdab89, 0x98badcfe, 0x10325476];
    let mut chunks = data.chunks_exact(64);
    for block in &mut chunks {
        md5_block(&mut state, block);
    }
    let rest = chunks.remainder();
    let mut tail = [0u8; 128];
    tail[..rest.len()].copy_from_slice(rest);
    tail[rest.len()] = 0x80;
    let len = if rest.len() < 56 { 64 } else { 128 };
    let bits = (data.len() as u64).wrapping_mul(8);
    tail[len - 8..len].copy_from_slice(&bits.to_le_bytes());
    for block in tail[..len].chunks_exact(64) {
        md5_block(&mut state, block);
    }
    let mut out = [0u8; 16];
    for (i, w) in state.iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

/// LLVM's `GlobalValue::getGUID` of a global identifier: the first 8 bytes
/// of its MD5, little-endian (`MD5Result::low`).
///
/// ```
/// use llvmext_bitcode::summary::guid;
/// // From llvm-dis-19's output: `^1 = gv: (name: "vfprintf") ; guid = 454713833045966355`.
/// assert_eq!(guid(b"vfprintf"), 454713833045966355);
/// ```
pub fn guid(global_identifier: &[u8]) -> u64 {
    let d = md5(global_identifier);
    u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

/// LLVM 19's `GlobalValue::getGlobalIdentifier`: `name` without a leading
/// `\1`, prefixed with `source_file;` (`<unknown>;` when the file name is
/// empty) if the linkage is local (`internal`, `private`).
///
/// ```
/// use llvmext_bitcode::summary::{global_identifier, Linkage};
/// assert_eq!(global_identifier(b"f", Linkage::Internal, b"a.c"), b"a.c;f");
/// assert_eq!(global_identifier(b"\x01f", Linkage::External, b"a.c"), b"f");
/// ```
pub fn global_identifier(name: &[u8], linkage: Linkage, source_file: &[u8]) -> Vec<u8> {
    let name = match name.split_first() {
        Some((1, rest)) => rest,
        _ => name,
    };
    let mut id = Vec::with_capacity(name.len() + source_file.len() + 1);
    if linkage.is_local() {
        id.extend_from_slice(if source_file.is_empty() { b"<unknown>" } else { source_file });
        id.push(b';');
    }
    id.extend_from_slice(name);
    id
}

// ---------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------

/// A global value's linkage, numbered as LLVM's `GlobalValue::LinkageTypes`
/// (the numbering the summary's flags use).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Linkage {
    External = 0,
    AvailableExternally = 1,
    LinkOnceAny = 2,
    LinkOnceOdr = 3,
    WeakAny = 4,
    WeakOdr = 5,
    Appending = 6,
    Internal = 7,
    Private = 8,
    ExternalWeak = 9,
    Common = 10,
}

impl Linkage {
    /// The linkage of summary flags' low 4 bits (`None`: no linkage).
    pub fn from_summary(v: u64) -> Option<Linkage> {
        use Linkage::*;
        Some(match v {
            0 => External,
            1 => AvailableExternally,
            2 => LinkOnceAny,
            3 => LinkOnceOdr,
            4 => WeakAny,
            5 => WeakOdr,
            6 => Appending,
            7 => Internal,
            8 => Private,
            9 => ExternalWeak,
            10 => Common,
            _ => return None,
        })
    }

    /// The linkage of a `MODULE_CODE_GLOBALVAR`/`FUNCTION`/`ALIAS`
    /// record's encoding (LLVM's `getDecodedLinkage`: unknown values are
    /// external).
    pub fn from_module_record(v: u64) -> Linkage {
        use Linkage::*;
        match v {
            2 => Appending,
            3 => Internal,
            7 => ExternalWeak,
            8 => Common,
            9 | 13 | 14 => Private,
            12 => AvailableExternally,
            1 | 16 => WeakAny,
            10 | 17 => WeakOdr,
            4 | 18 => LinkOnceAny,
            11 | 19 => LinkOnceOdr,
            _ => External,
        }
    }

    /// Whether the linkage is local (`internal` or `private`).
    pub fn is_local(self) -> bool {
        matches!(self, Linkage::Internal | Linkage::Private)
    }

    /// The name the summary printer gives it (`getLinkageName`).
    pub fn name(self) -> &'static str {
        use Linkage::*;
        match self {
            External => "external",
            AvailableExternally => "available_externally",
            LinkOnceAny => "linkonce",
            LinkOnceOdr => "linkonce_odr",
            WeakAny => "weak",
            WeakOdr => "weak_odr",
            Appending => "appending",
            Internal => "internal",
            Private => "private",
            ExternalWeak => "extern_weak",
            Common => "common",
        }
    }
}

/// A global value's visibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Visibility {
    Default = 0,
    Hidden = 1,
    Protected = 2,
}

impl Visibility {
    /// Its name in the printed summary.
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Default => "default",
            Visibility::Hidden => "hidden",
            Visibility::Protected => "protected",
        }
    }
}

/// The flags every global value summary has (LLVM's
/// `GlobalValueSummary::GVFlags`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GvFlags {
    /// The linkage.
    pub linkage: Linkage,
    /// The visibility.
    pub visibility: Visibility,
    /// The value may not be imported into another module.
    pub not_eligible_to_import: bool,
    /// The value is live (set by the thin link; summaries before version 3
    /// count every value live).
    pub live: bool,
    /// The value is known to be DSO-local.
    pub dso_local: bool,
    /// The linker may hide the value (`linkonce_odr` with
    /// `unnamed_addr`...).
    pub can_auto_hide: bool,
    /// Whether importing the value imports its definition (`false`: a
    /// declaration).
    pub import_definition: bool,
}

/// A function summary's flags (LLVM's `FunctionSummary::FFlags`), in their
/// printed order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[allow(missing_docs)]
pub struct FunctionFlags {
    pub read_none: bool,
    pub read_only: bool,
    pub no_recurse: bool,
    pub return_does_not_alias: bool,
    pub no_inline: bool,
    pub always_inline: bool,
    pub no_unwind: bool,
    pub may_throw: bool,
    pub has_unknown_call: bool,
    pub must_be_unreachable: bool,
}

impl FunctionFlags {
    /// Decodes the record's bits (bit 0 `readNone` ... bit 9
    /// `mustBeUnreachable`).
    pub fn from_bits(v: u64) -> FunctionFlags {
        let b = |i: u32| (v >> i) & 1 == 1;
        FunctionFlags {
            read_none: b(0),
            read_only: b(1),
            no_recurse: b(2),
            return_does_not_alias: b(3),
            no_inline: b(4),
            always_inline: b(5),
            no_unwind: b(6),
            may_throw: b(7),
            has_unknown_call: b(8),
            must_be_unreachable: b(9),
        }
    }

    fn list(&self) -> [(&'static str, bool); 10] {
        [
            ("readNone", self.read_none),
            ("readOnly", self.read_only),
            ("noRecurse", self.no_recurse),
            ("returnDoesNotAlias", self.return_does_not_alias),
            ("noInline", self.no_inline),
            ("alwaysInline", self.always_inline),
            ("noUnwind", self.no_unwind),
            ("mayThrow", self.may_throw),
            ("hasUnknownCall", self.has_unknown_call),
            ("mustBeUnreachable", self.must_be_unreachable),
        ]
    }
}

/// A call edge's profile hotness (`CalleeInfo::HotnessType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Hotness {
    Unknown = 0,
    Cold = 1,
    None = 2,
    Hot = 3,
    Critical = 4,
}

impl Hotness {
    fn from_bits(v: u64) -> Option<Hotness> {
        Some(match v {
            0 => Hotness::Unknown,
            1 => Hotness::Cold,
            2 => Hotness::None,
            3 => Hotness::Hot,
            4 => Hotness::Critical,
            _ => return None,
        })
    }

    /// Its printed name.
    pub fn name(self) -> &'static str {
        match self {
            Hotness::Unknown => "unknown",
            Hotness::Cold => "cold",
            Hotness::None => "none",
            Hotness::Hot => "hot",
            Hotness::Critical => "critical",
        }
    }
}

/// A call edge of a function summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Call {
    /// The callee's GUID.
    pub callee: u64,
    /// The profile hotness (`FS_PERMODULE_PROFILE`).
    pub hotness: Hotness,
    /// The relative block frequency (`FS_PERMODULE_RELBF`, 29 bits).
    pub rel_block_freq: u32,
    /// The call is a tail call.
    pub tail: bool,
}

/// A reference from a summary to a global value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ref {
    /// The referenced value's GUID.
    pub guid: u64,
    /// The reference only reads the (variable) value.
    pub read_only: bool,
    /// The reference only writes it.
    pub write_only: bool,
}

/// A virtual function: a type identifier's GUID and an offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VFuncId {
    /// The type identifier's GUID.
    pub guid: u64,
    /// The offset in the vtable.
    pub offset: u64,
}

/// A virtual call with constant arguments.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConstVCall {
    /// The called virtual function.
    pub vfunc: VFuncId,
    /// The constant arguments.
    pub args: Vec<u64>,
}

/// A function's type tests and virtual calls (`FunctionSummary::TypeIdInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct TypeIdInfo {
    /// GUIDs of type identifiers tested other than by `llvm.assume`.
    pub type_tests: Vec<u64>,
    /// Virtual calls via `llvm.assume(llvm.type.test)`.
    pub type_test_assume_vcalls: Vec<VFuncId>,
    /// Virtual calls via `llvm.type.checked.load`.
    pub type_checked_load_vcalls: Vec<VFuncId>,
    /// As `type_test_assume_vcalls`, with constant arguments.
    pub type_test_assume_const_vcalls: Vec<ConstVCall>,
    /// As `type_checked_load_vcalls`, with constant arguments.
    pub type_checked_load_const_vcalls: Vec<ConstVCall>,
}

impl TypeIdInfo {
    fn is_empty(&self) -> bool {
        self.type_tests.is_empty()
            && self.type_test_assume_vcalls.is_empty()
            && self.type_checked_load_vcalls.is_empty()
            && self.type_test_assume_const_vcalls.is_empty()
            && self.type_checked_load_const_vcalls.is_empty()
    }
}

/// A 64-bit `ConstantRange` `[lower, upper)` (wrapping; `lower == upper`
/// is the empty set at 0 and the full set at all ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Range {
    /// The lower bound (inclusive).
    pub lower: u64,
    /// The upper bound (exclusive).
    pub upper: u64,
}

impl Range {
    fn is_full(&self) -> bool {
        self.lower == self.upper && self.lower == u64::MAX
    }

    /// The smallest value as a signed number (`getSignedMin`).
    pub fn signed_min(&self) -> i64 {
        let (l, u) = (self.lower as i64, self.upper as i64);
        if self.is_full() || (l > u && u != i64::MIN) {
            i64::MIN
        } else {
            l
        }
    }

    /// The largest value as a signed number (`getSignedMax`).
    pub fn signed_max(&self) -> i64 {
        let (l, u) = (self.lower as i64, self.upper as i64);
        if self.is_full() || l > u {
            i64::MAX
        } else {
            u.wrapping_sub(1)
        }
    }
}

/// A call passing a parameter on (`ParamAccess::Call`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParamAccessCall {
    /// The callee's parameter number.
    pub param: u64,
    /// The callee's GUID.
    pub callee: u64,
    /// The offsets passed.
    pub offsets: Range,
}

/// The offsets of a parameter a function accesses (`ParamAccess`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParamAccess {
    /// The parameter number.
    pub param: u64,
    /// The offsets accessed.
    pub offsets: Range,
    /// The calls it is passed to.
    pub calls: Vec<ParamAccessCall>,
}

/// A memprof allocation type (`AllocationType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum AllocType {
    None = 0,
    NotCold = 1,
    Cold = 2,
    Hot = 4,
}

impl AllocType {
    fn from_u8(v: u8) -> Option<AllocType> {
        Some(match v {
            0 => AllocType::None,
            1 => AllocType::NotCold,
            2 => AllocType::Cold,
            4 => AllocType::Hot,
            _ => return None,
        })
    }

    /// Its printed name.
    pub fn name(self) -> &'static str {
        match self {
            AllocType::None => "none",
            AllocType::NotCold => "notcold",
            AllocType::Cold => "cold",
            AllocType::Hot => "hot",
        }
    }
}

/// A memprof call site (`CallsiteInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CallsiteInfo {
    /// The callee's GUID.
    pub callee: u64,
    /// The clone versions (one, 0, in a per-module summary).
    pub clones: Vec<u64>,
    /// The stack IDs of the call's context.
    pub stack_ids: Vec<u64>,
}

/// One memprof `MIB` of an allocation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mib {
    /// The allocation type of the context.
    pub alloc_type: AllocType,
    /// Its stack IDs.
    pub stack_ids: Vec<u64>,
}

/// A memprof allocation (`AllocInfo`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllocInfo {
    /// The versions' allocation types (one, `none`, in a per-module
    /// summary).
    pub versions: Vec<AllocType>,
    /// The contexts.
    pub mibs: Vec<Mib>,
}

/// A function's summary.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionSummary {
    /// The number of instructions.
    pub inst_count: u32,
    /// The function flags.
    pub flags: FunctionFlags,
    /// The call edges.
    pub calls: Vec<Call>,
    /// Type tests and virtual calls, if any.
    pub type_id_info: Option<TypeIdInfo>,
    /// Parameter accesses (`FS_PARAM_ACCESS`).
    pub params: Vec<ParamAccess>,
    /// Memprof call sites.
    pub callsites: Vec<CallsiteInfo>,
    /// Memprof allocations.
    pub allocs: Vec<AllocInfo>,
}

/// A variable's flags (`GlobalVarSummary::GVarFlags`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VarFlags {
    /// The variable may be read-only.
    pub maybe_read_only: bool,
    /// The variable may be write-only.
    pub maybe_write_only: bool,
    /// The variable is constant.
    pub constant: bool,
    /// The vtable's `!vcall_visibility` (2 bits).
    pub vcall_visibility: u8,
}

/// A variable's summary.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariableSummary {
    /// Its flags.
    pub flags: VarFlags,
    /// For a vtable: (virtual function GUID, offset) pairs.
    pub vtable_funcs: Vec<(u64, u64)>,
}

/// What a summary summarizes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SummaryBody {
    /// A function.
    Function(FunctionSummary),
    /// A global variable.
    Variable(VariableSummary),
    /// An alias, with its aliasee's GUID.
    Alias {
        /// The aliasee's GUID.
        aliasee: u64,
    },
}

/// One global value summary.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GlobalValueSummary {
    /// The flags.
    pub flags: GvFlags,
    /// Function, variable or alias.
    pub body: SummaryBody,
    /// The values it references (read-only ones, then write-only ones,
    /// last).
    pub refs: Vec<Ref>,
}

/// A value of the index: a GUID, its name if the module names it, and its
/// summaries (none for declarations).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ValueInfo {
    /// The GUID.
    pub guid: u64,
    /// The name (not the global identifier: no file prefix); empty for a
    /// GUID only known from `FS_VALUE_GUID`.
    pub name: Vec<u8>,
    /// The summaries.
    pub summaries: Vec<GlobalValueSummary>,
}

/// A type test resolution's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum TypeTestKind {
    Unsat = 0,
    ByteArray = 1,
    Inline = 2,
    Single = 3,
    AllOnes = 4,
    Unknown = 5,
}

impl TypeTestKind {
    fn from_u64(v: u64) -> Option<TypeTestKind> {
        use TypeTestKind::*;
        Some(match v {
            0 => Unsat,
            1 => ByteArray,
            2 => Inline,
            3 => Single,
            4 => AllOnes,
            5 => Unknown,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        use TypeTestKind::*;
        match self {
            Unsat => "unsat",
            ByteArray => "byteArray",
            Inline => "inline",
            Single => "single",
            AllOnes => "allOnes",
            Unknown => "unknown",
        }
    }
}

/// A type identifier's type test resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub struct TypeTestResolution {
    pub kind: TypeTestKind,
    pub size_m1_bit_width: u32,
    pub align_log2: u64,
    pub size_m1: u64,
    pub bit_mask: u8,
    pub inline_bits: u64,
}

/// The resolution of a virtual call for given constant arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByArg {
    /// `0` indir, `1` uniformRetVal, `2` uniqueRetVal, `3` virtualConstProp.
    pub kind: u8,
    /// The kind's information.
    pub info: u64,
    /// Byte offset (virtual constant propagation).
    pub byte: u32,
    /// Bit offset.
    pub bit: u32,
}

/// A whole-program devirtualization resolution.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WpdResolution {
    /// `0` indir, `1` singleImpl, `2` branchFunnel.
    pub kind: u8,
    /// The single implementation's name.
    pub single_impl_name: Vec<u8>,
    /// Resolutions by constant arguments.
    pub res_by_arg: BTreeMap<Vec<u64>, ByArg>,
}

/// A type identifier's summary (`FS_TYPE_ID`, in combined indexes).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeIdSummary {
    /// The type identifier.
    pub name: Vec<u8>,
    /// Its GUID.
    pub guid: u64,
    /// Its type test resolution.
    pub ttres: TypeTestResolution,
    /// Devirtualization resolutions by vtable offset.
    pub wpd_res: BTreeMap<u64, WpdResolution>,
}

/// The vtables compatible with a type identifier (`FS_TYPE_ID_METADATA`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeIdCompatibleVtable {
    /// The type identifier.
    pub name: Vec<u8>,
    /// (address point offset, vtable GUID) pairs.
    pub vtables: Vec<(u64, u64)>,
}

/// A module's summary index, as LLVM 19 reads it for one module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleSummary {
    /// Which summary block it came from.
    pub kind: SummaryKind,
    /// The summary version (`FS_VERSION`).
    pub version: u64,
    /// The index flags (`FS_FLAGS`; the bits LLVM 19 knows, `0x3ff`).
    pub flags: u64,
    /// The module's basic block count (`FS_BLOCK_COUNT`).
    pub block_count: u64,
    /// The module's source file name (the prefix of local GUIDs).
    pub source_file_name: Vec<u8>,
    /// Whether the index holds the module's path (LLVM adds it when the
    /// module has a source file name).
    pub has_module: bool,
    /// The module hash (`MODULE_CODE_HASH`; zeros when absent).
    pub hash: [u32; 5],
    /// The values, sorted by GUID.
    pub values: Vec<ValueInfo>,
    /// Type identifier summaries, sorted by GUID (stable).
    pub type_ids: Vec<TypeIdSummary>,
    /// Type identifiers' compatible vtables, sorted by name.
    pub type_id_compatible_vtables: Vec<TypeIdCompatibleVtable>,
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/// What kind of problem an [`Error`] reports.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A malformed bitstream.
    Bitstream(llvmext_core::ErrorKind),
    /// The file could not be split into modules.
    Container(container::Error),
    /// A malformed record or block (LLVM's message where it has one).
    Malformed(String),
    /// Well-formed input this reader does not read: a summary newer than
    /// LLVM 19's, records of a combined index.
    Unsupported(String),
}

/// An error reading a summary: what, and where (bit offset from the start
/// of the input).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Bit offset of the offending record or block in the input.
    pub bit: u64,
}

impl Error {
    /// The message without the location.
    pub fn message(&self) -> String {
        match &self.kind {
            ErrorKind::Bitstream(k) => k.to_string(),
            ErrorKind::Container(e) => e.to_string(),
            ErrorKind::Malformed(m) | ErrorKind::Unsupported(m) => m.clone(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ErrorKind::Container(e) = &self.kind {
            // The container's message says where.
            return write!(f, "{e}");
        }
        write!(f, "{} (module summary) at bit {}", self.message(), self.bit)
    }
}

impl std::error::Error for Error {}

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/// Reads the summary of module `module` of the bitcode file `bytes` (raw or
/// wrapped); `Ok(None)` if the module has no summary block.
pub fn read(bytes: &[u8], module: usize) -> Result<Option<ModuleSummary>, Error> {
    let file =
        container::parse(bytes).map_err(|e| Error { kind: ErrorKind::Container(e), bit: 0 })?;
    let Some(m) = file.modules.get(module) else {
        let n = file.modules.len();
        return Err(Error {
            kind: ErrorKind::Malformed(format!("no module {module} (the file has {n})")),
            bit: 0,
        });
    };
    read_module(m)
}

/// Reads the summary of one module of a file split by
/// [`container::parse`]; `Ok(None)` if it has no summary block.
pub fn read_module(m: &ModuleRange<'_>) -> Result<Option<ModuleSummary>, Error> {
    let mut p = Parser {
        r: BitstreamReader::new(m.bytes),
        base: m.byte_range.start as u64 * 8,
        at: 0,
        ops: Vec::new(),
        strtab: m.strtab.unwrap_or(&[]),
        use_strtab: false,
        source_file_name: Vec::new(),
        vst_offset: 0,
        value_count: 0,
        linkages: HashMap::new(),
        value_guids: HashMap::new(),
        index: BTreeMap::new(),
        module_added: false,
        hash: [0; 5],
        kind: None,
        version: 0,
        flags: 0,
        block_count: 0,
        stack_ids: Vec::new(),
        pending: Pending::default(),
        type_ids: Vec::new(),
        type_id_at: HashMap::new(),
        compat: BTreeMap::new(),
    };
    p.top()?;
    let Some(kind) = p.kind else { return Ok(None) };
    let mut type_ids = p.type_ids;
    type_ids.sort_by_key(|t| t.guid);
    Ok(Some(ModuleSummary {
        kind,
        version: p.version,
        flags: p.flags,
        block_count: p.block_count,
        source_file_name: p.source_file_name,
        has_module: p.module_added,
        hash: p.hash,
        values: p
            .index
            .into_iter()
            .map(|(guid, (name, summaries))| ValueInfo { guid, name, summaries })
            .collect(),
        type_ids,
        type_id_compatible_vtables: p
            .compat
            .into_iter()
            .map(|(name, vtables)| TypeIdCompatibleVtable { name, vtables })
            .collect(),
    }))
}

/// Type-id and memprof records waiting for the next function summary.
#[derive(Default)]
struct Pending {
    tid: TypeIdInfo,
    params: Vec<ParamAccess>,
    callsites: Vec<CallsiteInfo>,
    allocs: Vec<AllocInfo>,
}

struct Parser<'a> {
    r: BitstreamReader<'a>,
    /// Bit offset of the module's bytes in the input.
    base: u64,
    /// Where the record or block being read starts.
    at: u64,
    ops: Vec<u64>,
    strtab: &'a [u8],
    use_strtab: bool,
    source_file_name: Vec<u8>,
    vst_offset: u64,
    value_count: u32,
    /// Value ID -> linkage, before the string table (names from the VST).
    linkages: HashMap<u32, Linkage>,
    /// Value ID -> GUID (`ValueIdToValueInfoMap`).
    value_guids: HashMap<u32, u64>,
    /// GUID -> (name, summaries): the index's value map.
    index: BTreeMap<u64, (Vec<u8>, Vec<GlobalValueSummary>)>,
    module_added: bool,
    hash: [u32; 5],
    kind: Option<SummaryKind>,
    version: u64,
    flags: u64,
    block_count: u64,
    stack_ids: Vec<u64>,
    pending: Pending,
    type_ids: Vec<TypeIdSummary>,
    /// (GUID, name) -> index in `type_ids`.
    type_id_at: HashMap<(u64, Vec<u8>), usize>,
    compat: BTreeMap<Vec<u8>, Vec<(u64, u64)>>,
}

type Res<T> = Result<T, Error>;

/// A record's operand `i`, or LLVM's "Invalid record".
fn op(rec: &[u64], i: usize) -> Option<u64> {
    rec.get(i).copied()
}

impl<'a> Parser<'a> {
    fn error(&self, kind: ErrorKind) -> Error {
        Error { kind, bit: self.base + self.at }
    }

    fn bad(&self, msg: impl Into<String>) -> Error {
        self.error(ErrorKind::Malformed(msg.into()))
    }

    fn invalid(&self) -> Error {
        self.bad("Invalid record")
    }

    fn bs(&self, e: llvmext_core::Error) -> Error {
        Error { kind: ErrorKind::Bitstream(e.kind().clone()), bit: self.base + e.bit_offset() }
    }

    fn get(&self, rec: &[u64], i: usize) -> Res<u64> {
        op(rec, i).ok_or_else(|| self.invalid())
    }

    /// The next entry, sub-blocks returned (with the bit they start at),
    /// abbreviation definitions taken in; a record is read into `ops`.
    fn next(&mut self) -> Res<Option<Next>> {
        loop {
            let start = self.r.bit_position();
            self.at = start;
            let e = self.r.advance().map_err(|e| self.bs(e))?;
            return Ok(Some(match e {
                None => return Ok(None),
                Some(Entry::DefineAbbrev) => continue,
                Some(Entry::EndBlock) => Next::End,
                Some(Entry::SubBlock { block_id }) => Next::Block(block_id, start),
                Some(Entry::Record(id)) => {
                    let mut ops = core::mem::take(&mut self.ops);
                    let r = self.r.read_record(id, &mut ops);
                    self.ops = ops;
                    Next::Record(r.map_err(|e| self.bs(e))?.code)
                }
            }));
        }
    }

    fn enter(&mut self) -> Res<()> {
        self.r.enter_block().map(|_| ()).map_err(|e| self.bs(e))
    }

    fn skip(&mut self) -> Res<()> {
        self.r.skip_block().map(|_| ()).map_err(|e| self.bs(e))
    }

    /// The top level of the module's bytes, up to and through `MODULE`.
    fn top(&mut self) -> Res<()> {
        loop {
            match self.next()? {
                None => return Err(self.bad("no MODULE_BLOCK in the module")),
                Some(Next::Block(id, _)) if id == BlockId::MODULE.0 => {
                    self.enter()?;
                    return self.module();
                }
                Some(Next::Block(..)) => self.skip()?,
                Some(_) => {}
            }
        }
    }

    /// Reads through a block just entered, taking in its abbreviations
    /// (`BLOCKINFO`).
    fn read_through(&mut self) -> Res<()> {
        loop {
            match self.next()? {
                None => return Err(self.bad("block not terminated")),
                Some(Next::End) => return Ok(()),
                Some(Next::Block(..)) => self.skip()?,
                Some(Next::Record(_)) => {}
            }
        }
    }

    /// LLVM's `ModuleSummaryIndexBitcodeReader::parseModule`.
    fn module(&mut self) -> Res<()> {
        loop {
            match self.next()? {
                None => return Err(self.bad("MODULE_BLOCK not terminated")),
                Some(Next::End) => return Ok(()),
                Some(Next::Block(id, start)) => match BlockId(id) {
                    BlockId::BLOCKINFO => {
                        self.enter()?;
                        self.read_through()?;
                    }
                    BlockId::GLOBALVAL_SUMMARY | BlockId::FULL_LTO_GLOBALVAL_SUMMARY => {
                        if !self.source_file_name.is_empty() {
                            self.module_added = true;
                        }
                        if self.kind.is_none() {
                            self.kind = Some(if id == BlockId::GLOBALVAL_SUMMARY.0 {
                                SummaryKind::ThinLto
                            } else {
                                SummaryKind::FullLto
                            });
                        }
                        if self.vst_offset > 0 && !self.use_strtab {
                            self.value_symtab(start)?;
                        }
                        self.at = start;
                        self.enter()?;
                        self.summary_block()?;
                    }
                    BlockId::MODULE_STRTAB => {
                        return Err(self.error(ErrorKind::Unsupported(
                            "a combined summary index (MODULE_STRTAB) is not supported".into(),
                        )))
                    }
                    _ => self.skip()?,
                },
                Some(Next::Record(code)) => {
                    let rec = core::mem::take(&mut self.ops);
                    let r = self.module_record(ModuleCode(code), &rec);
                    self.ops = rec;
                    r?;
                }
            }
        }
    }

    fn module_record(&mut self, code: ModuleCode, rec: &[u64]) -> Res<()> {
        match code {
            ModuleCode::VERSION => {
                let Some(&v) = rec.first() else {
                    return Err(self.bad("Invalid version record"));
                };
                if v > 2 {
                    return Err(self.bad("Invalid value"));
                }
                self.use_strtab = v >= 2;
            }
            ModuleCode::SOURCE_FILENAME => {
                // `SourceFileName = ValueName.c_str()`: up to a NUL.
                let name: Vec<u8> = rec.iter().map(|&c| c as u8).take_while(|&c| c != 0).collect();
                self.source_file_name = name;
            }
            ModuleCode::HASH => {
                if rec.len() != 5 {
                    return Err(self.bad(format!("Invalid hash length {}", rec.len())));
                }
                for (h, &v) in self.hash.iter_mut().zip(rec) {
                    *h = v as u32;
                }
            }
            ModuleCode::VSTOFFSET => {
                let Some(&v) = rec.first() else { return Err(self.invalid()) };
                // Relative to one word before the module's bytes.
                self.vst_offset = v.wrapping_sub(1);
            }
            ModuleCode::GLOBALVAR | ModuleCode::FUNCTION | ModuleCode::ALIAS => {
                let (name, gv): (&[u8], &[u64]) = if self.use_strtab {
                    let name = match (op(rec, 0), op(rec, 1)) {
                        (Some(o), Some(n)) => strtab_slice(self.strtab, o, n),
                        _ => None,
                    };
                    match name {
                        Some(name) => (name, &rec[2..]),
                        None => (&[], &[]),
                    }
                } else {
                    (&[], rec)
                };
                if gv.len() <= 3 {
                    return Err(self.invalid());
                }
                let linkage = Linkage::from_module_record(gv[3]);
                let id = self.value_count;
                self.value_count = self.value_count.wrapping_add(1);
                if self.use_strtab {
                    let name = name.to_vec();
                    self.set_value_guid(id, name, linkage);
                } else {
                    self.linkages.insert(id, linkage);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// LLVM's `setValueGUID`.
    fn set_value_guid(&mut self, id: u32, name: Vec<u8>, linkage: Linkage) {
        let g = guid(&global_identifier(&name, linkage, &self.source_file_name));
        self.index.entry(g).or_default().0 = name;
        self.value_guids.insert(id, g);
    }

    /// The value symbol table at `VSTOFFSET` (modules without a string
    /// table), read from the summary block's `ENTER_SUBBLOCK` at `start`,
    /// which the reader is moved back to.
    fn value_symtab(&mut self, start: u64) -> Res<()> {
        let target = self.vst_offset.checked_mul(32).ok_or_else(|| self.invalid())?;
        self.r.jump_to_bit(target).map_err(|e| self.bs(e))?;
        match self.next()? {
            Some(Next::Block(id, _)) if id == BlockId::VALUE_SYMTAB.0 => self.enter()?,
            _ => return Err(self.bad("Expected value symbol table subblock")),
        }
        loop {
            match self.next()? {
                None => return Err(self.bad("Malformed block")),
                Some(Next::End) => break,
                Some(Next::Block(..)) => self.skip()?,
                Some(Next::Record(code)) => {
                    let rec = core::mem::take(&mut self.ops);
                    let r = self.vst_record(ValueSymtabCode(code), &rec);
                    self.ops = rec;
                    r?;
                }
            }
        }
        self.r.jump_to_bit(start).map_err(|e| self.bs(e))?;
        match self.next()? {
            Some(Next::Block(..)) => Ok(()),
            _ => Err(self.bad("Malformed block")),
        }
    }

    fn vst_record(&mut self, code: ValueSymtabCode, rec: &[u64]) -> Res<()> {
        let name_at = match code {
            ValueSymtabCode::ENTRY => 1,
            ValueSymtabCode::FNENTRY => 2,
            ValueSymtabCode::COMBINED_ENTRY => {
                let (id, g) = (self.get(rec, 0)? as u32, self.get(rec, 1)?);
                self.index.entry(g).or_default();
                self.value_guids.insert(id, g);
                return Ok(());
            }
            _ => return Ok(()),
        };
        if name_at > rec.len() || rec.is_empty() {
            return Err(self.invalid());
        }
        let id = rec[0] as u32;
        let Some(&linkage) = self.linkages.get(&id) else {
            return Err(self.bad(format!("No linkage found for VST entry of value {id}")));
        };
        let name = rec[name_at..].iter().map(|&c| c as u8).collect();
        self.set_value_guid(id, name, linkage);
        Ok(())
    }

    /// The GUID of value `id` (`getValueInfoFromValueId`).
    fn value(&self, id: u64) -> Res<u64> {
        let id = id as u32;
        self.value_guids
            .get(&id)
            .copied()
            .ok_or_else(|| self.bad(format!("value id {id} has no value info")))
    }

    fn refs(&self, ids: &[u64]) -> Res<Vec<Ref>> {
        ids.iter()
            .map(|&id| Ok(Ref { guid: self.value(id)?, read_only: false, write_only: false }))
            .collect()
    }

    fn gv_flags(&self, raw: u64) -> Res<GvFlags> {
        let linkage = Linkage::from_summary(raw & 0xf)
            .ok_or_else(|| self.bad(format!("invalid linkage {} in summary flags", raw & 0xf)))?;
        let visibility = match (raw >> 8) & 3 {
            0 => Visibility::Default,
            1 => Visibility::Hidden,
            2 => Visibility::Protected,
            v => return Err(self.bad(format!("invalid visibility {v} in summary flags"))),
        };
        let old = self.version < 3;
        Ok(GvFlags {
            linkage,
            visibility,
            not_eligible_to_import: (raw >> 4) & 1 == 1 || old,
            live: (raw >> 5) & 1 == 1 || old,
            dso_local: (raw >> 6) & 1 == 1,
            can_auto_hide: (raw >> 7) & 1 == 1,
            import_definition: (raw >> 10) & 1 == 0,
        })
    }

    fn var_flags(raw: u64) -> VarFlags {
        VarFlags {
            maybe_read_only: raw & 1 == 1,
            maybe_write_only: raw & 2 == 2,
            constant: raw & 4 == 4,
            vcall_visibility: ((raw >> 3) & 3) as u8,
        }
    }

    fn add(&mut self, id: u64, summary: GlobalValueSummary) -> Res<()> {
        if !self.module_added {
            return Err(self.bad("a summary record in a module without a source file name"));
        }
        let g = self.value(id)?;
        self.index.entry(g).or_default().1.push(summary);
        Ok(())
    }

    /// LLVM's `parseEntireSummary`, in the block just entered.
    fn summary_block(&mut self) -> Res<()> {
        let version = loop {
            match self.next()? {
                None => return Err(self.bad("Malformed block")),
                Some(Next::Block(..)) => self.skip()?,
                Some(Next::End) => {
                    return Err(self.bad("Invalid Summary Block: record for version expected"))
                }
                Some(Next::Record(code)) => {
                    if Fs(code) != Fs::VERSION {
                        return Err(self.bad("Invalid Summary Block: version expected"));
                    }
                    break self.get(&self.ops, 0)?;
                }
            }
        };
        if !(1..=LLVM19_SUMMARY_VERSION).contains(&version) {
            let msg = format!(
                "Invalid summary version {version}. Version should be in the range \
                 [1-{LLVM19_SUMMARY_VERSION}]."
            );
            return Err(self.error(if version > LLVM19_SUMMARY_VERSION {
                ErrorKind::Unsupported(msg)
            } else {
                ErrorKind::Malformed(msg)
            }));
        }
        self.version = version;
        loop {
            match self.next()? {
                None => return Err(self.bad("Malformed block")),
                Some(Next::End) => return Ok(()),
                Some(Next::Block(..)) => self.skip()?,
                Some(Next::Record(code)) => {
                    let rec = core::mem::take(&mut self.ops);
                    let r = self.summary_record(Fs(code), &rec);
                    self.ops = rec;
                    r?;
                }
            }
        }
    }

    fn summary_record(&mut self, code: Fs, rec: &[u64]) -> Res<()> {
        let version = self.version;
        match code {
            Fs::FLAGS => self.flags |= self.get(rec, 0)? & 0x3ff,
            Fs::VALUE_GUID => {
                let (id, g) = (self.get(rec, 0)? as u32, self.get(rec, 1)?);
                self.index.entry(g).or_default();
                self.value_guids.insert(id, g);
            }
            Fs::PERMODULE | Fs::PERMODULE_PROFILE | Fs::PERMODULE_RELBF => {
                let id = self.get(rec, 0)?;
                let raw = self.get(rec, 1)?;
                let inst_count = self.get(rec, 2)? as u32;
                let (mut fflags, mut ro, mut wo) = (0, 0u32, 0u32);
                let (num_refs, start) = if version >= 4 {
                    fflags = self.get(rec, 3)?;
                    let n = self.get(rec, 4)? as u32;
                    if version >= 5 {
                        ro = self.get(rec, 5)? as u32;
                        if version >= 7 {
                            wo = self.get(rec, 6)? as u32;
                            (n, 7)
                        } else {
                            (n, 6)
                        }
                    } else {
                        (n, 5)
                    }
                } else {
                    (self.get(rec, 3)? as u32, 4)
                };
                let flags = self.gv_flags(raw)?;
                let end = start + num_refs as usize;
                let Some(ref_ids) = rec.get(start..end) else {
                    return Err(self.bad("Record size inconsistent with number of references"));
                };
                let mut refs = self.refs(ref_ids)?;
                let calls = self.calls(&rec[end..], code)?;
                self.special_refs(&mut refs, ro, wo)?;
                let p = core::mem::take(&mut self.pending);
                let f = FunctionSummary {
                    inst_count,
                    flags: FunctionFlags::from_bits(fflags),
                    calls,
                    type_id_info: (!p.tid.is_empty()).then_some(p.tid),
                    params: p.params,
                    callsites: p.callsites,
                    allocs: p.allocs,
                };
                self.add(id, GlobalValueSummary { flags, body: SummaryBody::Function(f), refs })?;
            }
            Fs::ALIAS => {
                let id = self.get(rec, 0)?;
                let raw = self.get(rec, 1)?;
                let aliasee = self.value(self.get(rec, 2)?)?;
                let flags = self.gv_flags(raw)?;
                if self.index.get(&aliasee).is_none_or(|v| v.1.is_empty()) {
                    return Err(self.bad("Alias expects aliasee summary to be parsed"));
                }
                let s = GlobalValueSummary {
                    flags,
                    body: SummaryBody::Alias { aliasee },
                    refs: vec![],
                };
                self.add(id, s)?;
            }
            Fs::PERMODULE_GLOBALVAR_INIT_REFS => {
                let id = self.get(rec, 0)?;
                let flags = self.gv_flags(self.get(rec, 1)?)?;
                let (vf, start) = if version >= 5 {
                    (Self::var_flags(self.get(rec, 2)?), 3)
                } else {
                    (Self::var_flags(0), 2)
                };
                let refs = self.refs(&rec[start.min(rec.len())..])?;
                let v = VariableSummary { flags: vf, vtable_funcs: vec![] };
                self.add(id, GlobalValueSummary { flags, body: SummaryBody::Variable(v), refs })?;
            }
            Fs::PERMODULE_VTABLE_GLOBALVAR_INIT_REFS => {
                let id = self.get(rec, 0)?;
                let raw = self.get(rec, 1)?;
                let vf = Self::var_flags(self.get(rec, 2)?);
                let n = self.get(rec, 3)? as u32 as usize;
                let flags = self.gv_flags(raw)?;
                let Some(ref_ids) = rec.get(4..4 + n) else { return Err(self.invalid()) };
                let refs = self.refs(ref_ids)?;
                let rest = &rec[4 + n..];
                if rest.len() % 2 != 0 {
                    return Err(self.invalid());
                }
                let mut vtable_funcs = Vec::with_capacity(rest.len() / 2);
                for pair in rest.chunks_exact(2) {
                    vtable_funcs.push((self.value(pair[0])?, pair[1]));
                }
                let v = VariableSummary { flags: vf, vtable_funcs };
                self.add(id, GlobalValueSummary { flags, body: SummaryBody::Variable(v), refs })?;
            }
            Fs::COMBINED
            | Fs::COMBINED_PROFILE
            | Fs::COMBINED_GLOBALVAR_INIT_REFS
            | Fs::COMBINED_ALIAS
            | Fs::COMBINED_ORIGINAL_NAME
            | Fs::COMBINED_CALLSITE_INFO
            | Fs::COMBINED_ALLOC_INFO => {
                return Err(self.error(ErrorKind::Unsupported(format!(
                    "combined summary index records ({}) are not supported",
                    code.name().unwrap_or("?")
                ))))
            }
            Fs::TYPE_TESTS => self.pending.tid.type_tests.extend_from_slice(rec),
            Fs::TYPE_TEST_ASSUME_VCALLS | Fs::TYPE_CHECKED_LOAD_VCALLS => {
                if rec.len() % 2 != 0 {
                    return Err(self.invalid());
                }
                let ids = rec.chunks_exact(2).map(|p| VFuncId { guid: p[0], offset: p[1] });
                let list = if code == Fs::TYPE_TEST_ASSUME_VCALLS {
                    &mut self.pending.tid.type_test_assume_vcalls
                } else {
                    &mut self.pending.tid.type_checked_load_vcalls
                };
                list.extend(ids);
            }
            Fs::TYPE_TEST_ASSUME_CONST_VCALL | Fs::TYPE_CHECKED_LOAD_CONST_VCALL => {
                if rec.len() < 2 {
                    return Err(self.invalid());
                }
                let c = ConstVCall {
                    vfunc: VFuncId { guid: rec[0], offset: rec[1] },
                    args: rec[2..].to_vec(),
                };
                if code == Fs::TYPE_TEST_ASSUME_CONST_VCALL {
                    self.pending.tid.type_test_assume_const_vcalls.push(c);
                } else {
                    self.pending.tid.type_checked_load_const_vcalls.push(c);
                }
            }
            Fs::TYPE_ID => self.type_id(rec)?,
            Fs::TYPE_ID_METADATA => {
                let name = self.strtab_name(rec, 0)?;
                let rest = &rec[2..];
                if rest.len() % 2 != 0 {
                    return Err(self.invalid());
                }
                let mut entries = Vec::with_capacity(rest.len() / 2);
                for pair in rest.chunks_exact(2) {
                    entries.push((pair[0], self.value(pair[1])?));
                }
                self.compat.entry(name).or_default().extend(entries);
            }
            Fs::BLOCK_COUNT => {
                self.block_count = self.block_count.wrapping_add(self.get(rec, 0)?);
            }
            Fs::PARAM_ACCESS => self.pending.params = self.param_accesses(rec)?,
            Fs::STACK_IDS => self.stack_ids = rec.to_vec(),
            Fs::PERMODULE_CALLSITE_INFO => {
                let callee = self.value(self.get(rec, 0)?)?;
                let stack_ids = rec[1..].iter().map(|&i| self.stack_id(i)).collect::<Res<_>>()?;
                self.pending.callsites.push(CallsiteInfo { callee, clones: vec![0], stack_ids });
            }
            Fs::PERMODULE_ALLOC_INFO => {
                let alloc = self.alloc_info(rec)?;
                self.pending.allocs.push(alloc);
            }
            _ => {}
        }
        Ok(())
    }

    /// LLVM's `makeCallList`.
    fn calls(&self, rec: &[u64], code: Fs) -> Res<Vec<Call>> {
        let old = self.version == 1;
        let profile = code == Fs::PERMODULE_PROFILE;
        let relbf = code == Fs::PERMODULE_RELBF;
        let mut out =
            Vec::with_capacity(if !old && (profile || relbf) { rec.len() / 2 } else { rec.len() });
        let mut i = 0;
        while i < rec.len() {
            let mut c = Call {
                callee: self.value(rec[i])?,
                hotness: Hotness::Unknown,
                rel_block_freq: 0,
                tail: false,
            };
            if old {
                i += 1 + usize::from(profile);
            } else if profile || relbf {
                i += 1;
                let raw = self.get(rec, i)?;
                if profile {
                    c.hotness = Hotness::from_bits(raw & 7)
                        .ok_or_else(|| self.bad(format!("invalid call hotness {}", raw & 7)))?;
                    c.tail = raw & 8 != 0;
                } else {
                    c.rel_block_freq = (raw & ((1 << 29) - 1)) as u32;
                    c.tail = raw & (1 << 29) != 0;
                }
            }
            out.push(c);
            i += 1;
        }
        Ok(out)
    }

    /// LLVM's `setSpecialRefs`: the last `wo` references are write-only,
    /// the `ro` before them read-only.
    fn special_refs(&self, refs: &mut [Ref], ro: u32, wo: u32) -> Res<()> {
        let (ro, wo) = (ro as usize, wo as usize);
        if ro + wo > refs.len() {
            return Err(self.bad("more read-only and write-only references than references"));
        }
        let first_wo = refs.len() - wo;
        for r in &mut refs[first_wo - ro..first_wo] {
            r.read_only = true;
        }
        for r in &mut refs[first_wo..] {
            r.write_only = true;
        }
        Ok(())
    }

    fn stack_id(&self, i: u64) -> Res<u64> {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.stack_ids.get(i).copied())
            .ok_or_else(|| self.bad(format!("stack id index {i} out of range")))
    }

    fn alloc_info(&self, rec: &[u64]) -> Res<AllocInfo> {
        let mut i = 0;
        let mut n_mibs = 0u32;
        if self.version >= 10 {
            n_mibs = self.get(rec, 0)? as u32;
            i = 1;
        }
        let mut mibs = Vec::new();
        let mut read = 0u32;
        while (self.version >= 10 && read < n_mibs) || (self.version < 10 && i < rec.len()) {
            read += 1;
            let t = self.get(rec, i)? as u8;
            let alloc_type = AllocType::from_u8(t)
                .ok_or_else(|| self.bad(format!("invalid allocation type {t}")))?;
            let n = self.get(rec, i + 1)? as u32 as usize;
            i += 2;
            let Some(ids) = rec.get(i..i.saturating_add(n)) else { return Err(self.invalid()) };
            let stack_ids = ids.iter().map(|&s| self.stack_id(s)).collect::<Res<_>>()?;
            i += n;
            mibs.push(Mib { alloc_type, stack_ids });
        }
        Ok(AllocInfo { versions: vec![AllocType::None], mibs })
    }

    /// LLVM's `parseParamAccesses`.
    fn param_accesses(&self, mut rec: &[u64]) -> Res<Vec<ParamAccess>> {
        let bad = || self.bad("Invalid record (FS_PARAM_ACCESS ends early)");
        let front = |rec: &mut &[u64]| -> Res<u64> {
            let (&v, rest) = rec.split_first().ok_or_else(bad)?;
            *rec = rest;
            Ok(v)
        };
        let decode = |v: u64| -> u64 {
            if v & 1 == 0 {
                v >> 1
            } else if v != 1 {
                (v >> 1).wrapping_neg()
            } else {
                1 << 63
            }
        };
        let mut out = Vec::new();
        while !rec.is_empty() {
            let param = front(&mut rec)?;
            let lower = decode(front(&mut rec)?);
            let upper = decode(front(&mut rec)?);
            let n = front(&mut rec)?;
            // Each call takes 4 operands.
            if n > rec.len() as u64 / 4 {
                return Err(bad());
            }
            let mut calls = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let param = front(&mut rec)?;
                let callee = self.value(front(&mut rec)?)?;
                let lower = decode(front(&mut rec)?);
                let upper = decode(front(&mut rec)?);
                calls.push(ParamAccessCall { param, callee, offsets: Range { lower, upper } });
            }
            out.push(ParamAccess { param, offsets: Range { lower, upper }, calls });
        }
        Ok(out)
    }

    fn strtab_name(&self, rec: &[u64], i: usize) -> Res<Vec<u8>> {
        let (o, n) = (self.get(rec, i)?, self.get(rec, i + 1)?);
        strtab_slice(self.strtab, o, n)
            .map(<[u8]>::to_vec)
            .ok_or_else(|| self.bad("name out of the string table"))
    }

    /// LLVM's `parseTypeIdSummaryRecord`.
    fn type_id(&mut self, rec: &[u64]) -> Res<()> {
        let name = self.strtab_name(rec, 0)?;
        let g = guid(&name);
        let kind_v = self.get(rec, 2)?;
        let kind = TypeTestKind::from_u64(kind_v)
            .ok_or_else(|| self.bad(format!("invalid type test resolution kind {kind_v}")))?;
        let ttres = TypeTestResolution {
            kind,
            size_m1_bit_width: self.get(rec, 3)? as u32,
            align_log2: self.get(rec, 4)?,
            size_m1: self.get(rec, 5)?,
            bit_mask: self.get(rec, 6)? as u8,
            inline_bits: self.get(rec, 7)?,
        };
        let mut slot = 8;
        let mut wpd = Vec::new();
        while slot < rec.len() {
            let off = self.get(rec, slot)?;
            let kind = self.get(rec, slot + 1)?;
            if kind > 2 {
                return Err(self.bad(format!("invalid devirtualization resolution kind {kind}")));
            }
            let single = self.strtab_name(rec, slot + 2)?;
            let n = self.get(rec, slot + 4)?;
            slot += 5;
            let mut by_arg = Vec::new();
            for _ in 0..n {
                let argn = self.get(rec, slot)? as usize;
                let Some(args) = rec.get(slot + 1..(slot + 1).saturating_add(argn)) else {
                    return Err(self.invalid());
                };
                slot += 1 + argn;
                let k = self.get(rec, slot)?;
                if k > 3 {
                    return Err(self.bad(format!("invalid by-argument resolution kind {k}")));
                }
                let b = ByArg {
                    kind: k as u8,
                    info: self.get(rec, slot + 1)?,
                    byte: self.get(rec, slot + 2)? as u32,
                    bit: self.get(rec, slot + 3)? as u32,
                };
                slot += 4;
                by_arg.push((args.to_vec(), b));
            }
            wpd.push((off, kind as u8, single, by_arg));
        }
        let key = (g, name);
        let ts = match self.type_id_at.get(&key) {
            Some(&i) => &mut self.type_ids[i],
            None => {
                let name = key.1.clone();
                self.type_id_at.insert(key, self.type_ids.len());
                self.type_ids.push(TypeIdSummary {
                    name,
                    guid: g,
                    ttres,
                    wpd_res: BTreeMap::new(),
                });
                self.type_ids.last_mut().expect("just pushed")
            }
        };
        ts.ttres = ttres;
        for (off, kind, single, by_arg) in wpd {
            let w = ts.wpd_res.entry(off).or_insert_with(|| WpdResolution {
                kind,
                single_impl_name: Vec::new(),
                res_by_arg: BTreeMap::new(),
            });
            w.kind = kind;
            w.single_impl_name = single;
            w.res_by_arg.extend(by_arg);
        }
        Ok(())
    }
}

enum Next {
    Block(u32, u64),
    End,
    Record(u32),
}

fn strtab_slice(strtab: &[u8], off: u64, n: u64) -> Option<&[u8]> {
    let o = usize::try_from(off).ok()?;
    let n = usize::try_from(n).ok()?;
    strtab.get(o..o.checked_add(n)?)
}

// ---------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------

/// `printEscapedString`.
fn escaped(out: &mut Vec<u8>, s: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in s {
        if c == b'\\' {
            out.extend_from_slice(b"\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.push(c);
        } else {
            out.extend_from_slice(&[b'\\', HEX[usize::from(c >> 4)], HEX[usize::from(c & 15)]]);
        }
    }
}

/// The slots of the printed index (LLVM's `SlotTracker::processIndex`).
struct Slots<'s> {
    s: &'s ModuleSummary,
    /// The first GUID slot (after the module paths).
    first_guid: usize,
    /// The first type-id slot.
    first_type_id: usize,
    /// The slot after every other.
    end: usize,
}

impl Slots<'_> {
    fn guid(&self, g: u64) -> Option<usize> {
        self.s.values.binary_search_by_key(&g, |v| v.guid).ok().map(|i| self.first_guid + i)
    }

    /// The slots of the type identifiers with GUID `g` (their names are
    /// distinct: one slot each, in order).
    fn type_ids_of(&self, g: u64) -> impl Iterator<Item = usize> + '_ {
        let at = self.s.type_ids.partition_point(|t| t.guid < g);
        self.s.type_ids[at..]
            .iter()
            .take_while(move |t| t.guid == g)
            .enumerate()
            .map(move |(i, _)| self.first_type_id + at + i)
    }
}

impl ModuleSummary {
    /// The summary as `llvm-dis-19` prints it after the module
    /// (`printModuleSummaryIndex`): a blank line, then the `^N` entries;
    /// `module_path` is the module's path in the index — for llvm-dis, the
    /// input file as named on the command line, `<stdin>` for standard
    /// input.
    pub fn print(&self, module_path: &str) -> Vec<u8> {
        let mut out = Vec::new();
        self.print_to(module_path.as_bytes(), &mut out);
        out
    }

    /// [`print`](Self::print), appending to `out`.
    pub fn print_to(&self, module_path: &[u8], out: &mut Vec<u8>) {
        let modules = usize::from(self.has_module);
        let first_compat = modules + self.values.len();
        let first_type_id = first_compat + self.type_id_compatible_vtables.len();
        let slots = Slots {
            s: self,
            first_guid: modules,
            first_type_id,
            end: first_type_id + self.type_ids.len(),
        };
        out.push(b'\n');
        if self.has_module {
            out.extend_from_slice(b"^0 = module: (path: \"");
            escaped(out, module_path);
            let h = self.hash;
            let _ = writeln!(out, "\", hash: ({}, {}, {}, {}, {}))", h[0], h[1], h[2], h[3], h[4]);
        }
        for (i, v) in self.values.iter().enumerate() {
            self.print_value(&slots, modules + i, v, out);
        }
        for (i, t) in self.type_ids.iter().enumerate() {
            let _ = write!(out, "^{} = typeid: (name: \"", first_type_id + i);
            out.extend_from_slice(&t.name);
            out.push(b'"');
            print_type_id_summary(t, out);
            let _ = writeln!(out, ") ; guid = {}", t.guid);
        }
        for (i, t) in self.type_id_compatible_vtables.iter().enumerate() {
            let _ = write!(out, "^{} = typeidCompatibleVTable: (name: \"", first_compat + i);
            out.extend_from_slice(&t.name);
            out.extend_from_slice(b"\", summary: (");
            for (k, &(offset, vtable)) in t.vtables.iter().enumerate() {
                sep(out, k);
                let _ = write!(out, "(offset: {offset}, ");
                slot(out, slots.guid(vtable));
                out.push(b')');
            }
            let _ = writeln!(out, ")) ; guid = {}", guid(&t.name));
        }
        let mut n = slots.end;
        if self.flags != 0 {
            let _ = writeln!(out, "^{n} = flags: {}", self.flags);
            n += 1;
        }
        let _ = writeln!(out, "^{n} = blockcount: {}", self.block_count);
    }

    fn print_value(&self, slots: &Slots<'_>, n: usize, v: &ValueInfo, out: &mut Vec<u8>) {
        let _ = write!(out, "^{n} = gv: (");
        if v.name.is_empty() {
            let _ = write!(out, "guid: {}", v.guid);
        } else {
            out.extend_from_slice(b"name: \"");
            out.extend_from_slice(&v.name);
            out.push(b'"');
        }
        if !v.summaries.is_empty() {
            out.extend_from_slice(b", summaries: (");
            for (i, s) in v.summaries.iter().enumerate() {
                sep(out, i);
                print_summary(slots, s, out);
            }
            out.push(b')');
        }
        out.push(b')');
        if !v.name.is_empty() {
            let _ = write!(out, " ; guid = {}", v.guid);
        }
        out.push(b'\n');
    }
}

fn sep(out: &mut Vec<u8>, i: usize) {
    if i > 0 {
        out.extend_from_slice(b", ");
    }
}

/// `^N` (a GUID every reference has a slot for; `^-1` otherwise, as LLVM
/// prints a missing slot).
fn slot(out: &mut Vec<u8>, s: Option<usize>) {
    match s {
        Some(s) => {
            let _ = write!(out, "^{s}");
        }
        None => out.extend_from_slice(b"^-1"),
    }
}

fn print_summary(slots: &Slots<'_>, s: &GlobalValueSummary, out: &mut Vec<u8>) {
    let kind = match s.body {
        SummaryBody::Function(_) => "function",
        SummaryBody::Variable(_) => "variable",
        SummaryBody::Alias { .. } => "alias",
    };
    let f = &s.flags;
    let b = |x: bool| u8::from(x);
    let _ = write!(
        out,
        "{kind}: (module: ^0, flags: (linkage: {}, visibility: {}, notEligibleToImport: {}, \
         live: {}, dsoLocal: {}, canAutoHide: {}, importType: {})",
        f.linkage.name(),
        f.visibility.name(),
        b(f.not_eligible_to_import),
        b(f.live),
        b(f.dso_local),
        b(f.can_auto_hide),
        if f.import_definition { "definition" } else { "declaration" }
    );
    match &s.body {
        SummaryBody::Alias { aliasee } => {
            out.extend_from_slice(b", aliasee: ");
            slot(out, slots.guid(*aliasee));
        }
        SummaryBody::Function(fs) => print_function(slots, fs, out),
        SummaryBody::Variable(vs) => {
            let vf = &vs.flags;
            let _ = write!(
                out,
                ", varFlags: (readonly: {}, writeonly: {}, constant: {}",
                b(vf.maybe_read_only),
                b(vf.maybe_write_only),
                b(vf.constant)
            );
            if !vs.vtable_funcs.is_empty() {
                let _ = write!(out, ", vcall_visibility: {}", vf.vcall_visibility);
            }
            out.push(b')');
            if !vs.vtable_funcs.is_empty() {
                out.extend_from_slice(b", vTableFuncs: (");
                for (i, &(func, offset)) in vs.vtable_funcs.iter().enumerate() {
                    sep(out, i);
                    out.extend_from_slice(b"(virtFunc: ");
                    slot(out, slots.guid(func));
                    let _ = write!(out, ", offset: {offset})");
                }
                out.push(b')');
            }
        }
    }
    if !s.refs.is_empty() {
        out.extend_from_slice(b", refs: (");
        for (i, r) in s.refs.iter().enumerate() {
            sep(out, i);
            if r.read_only {
                out.extend_from_slice(b"readonly ");
            } else if r.write_only {
                out.extend_from_slice(b"writeonly ");
            }
            slot(out, slots.guid(r.guid));
        }
        out.push(b')');
    }
    out.push(b')');
}

fn print_range(out: &mut Vec<u8>, r: &Range) {
    let _ = write!(out, "[{}, {}]", r.signed_min(), r.signed_max());
}

fn print_function(slots: &Slots<'_>, fs: &FunctionSummary, out: &mut Vec<u8>) {
    let _ = write!(out, ", insts: {}", fs.inst_count);
    let ff = fs.flags.list();
    if ff.iter().any(|f| f.1) {
        out.extend_from_slice(b", funcFlags: (");
        for (i, (name, v)) in ff.iter().enumerate() {
            sep(out, i);
            let _ = write!(out, "{name}: {}", u8::from(*v));
        }
        out.push(b')');
    }
    if !fs.calls.is_empty() {
        out.extend_from_slice(b", calls: (");
        for (i, c) in fs.calls.iter().enumerate() {
            sep(out, i);
            out.extend_from_slice(b"(callee: ");
            slot(out, slots.guid(c.callee));
            if c.hotness != Hotness::Unknown {
                let _ = write!(out, ", hotness: {}", c.hotness.name());
            } else if c.rel_block_freq != 0 {
                let _ = write!(out, ", relbf: {}", c.rel_block_freq);
            }
            if c.tail {
                out.extend_from_slice(b", tail: 1");
            }
            out.push(b')');
        }
        out.push(b')');
    }
    if let Some(t) = &fs.type_id_info {
        print_type_id_info(slots, t, out);
    }
    if !fs.allocs.is_empty() {
        out.extend_from_slice(b", allocs: (");
        for (i, a) in fs.allocs.iter().enumerate() {
            sep(out, i);
            out.extend_from_slice(b"(versions: (");
            for (k, v) in a.versions.iter().enumerate() {
                sep(out, k);
                out.extend_from_slice(v.name().as_bytes());
            }
            out.extend_from_slice(b"), memProf: (");
            for (k, m) in a.mibs.iter().enumerate() {
                sep(out, k);
                let _ = write!(out, "(type: {}, stackIds: (", m.alloc_type.name());
                list(out, &m.stack_ids);
                out.extend_from_slice(b"))");
            }
            out.extend_from_slice(b"))");
        }
        out.push(b')');
    }
    if !fs.callsites.is_empty() {
        out.extend_from_slice(b", callsites: (");
        for (i, c) in fs.callsites.iter().enumerate() {
            sep(out, i);
            out.extend_from_slice(b"(callee: ");
            slot(out, slots.guid(c.callee));
            out.extend_from_slice(b", clones: (");
            list(out, &c.clones);
            out.extend_from_slice(b"), stackIds: (");
            list(out, &c.stack_ids);
            out.extend_from_slice(b"))");
        }
        out.push(b')');
    }
    if !fs.params.is_empty() {
        out.extend_from_slice(b", params: (");
        for (i, p) in fs.params.iter().enumerate() {
            sep(out, i);
            let _ = write!(out, "(param: {}, offset: ", p.param);
            print_range(out, &p.offsets);
            if !p.calls.is_empty() {
                out.extend_from_slice(b", calls: (");
                for (k, c) in p.calls.iter().enumerate() {
                    sep(out, k);
                    out.extend_from_slice(b"(callee: ");
                    slot(out, slots.guid(c.callee));
                    let _ = write!(out, ", param: {}, offset: ", c.param);
                    print_range(out, &c.offsets);
                    out.push(b')');
                }
                out.push(b')');
            }
            out.push(b')');
        }
        out.push(b')');
    }
}

fn list(out: &mut Vec<u8>, xs: &[u64]) {
    for (i, x) in xs.iter().enumerate() {
        sep(out, i);
        let _ = write!(out, "{x}");
    }
}

fn print_type_id_info(slots: &Slots<'_>, t: &TypeIdInfo, out: &mut Vec<u8>) {
    out.extend_from_slice(b", typeIdInfo: (");
    let mut parts = 0;
    let mut next = |out: &mut Vec<u8>| {
        sep(out, parts);
        parts += 1;
    };
    if !t.type_tests.is_empty() {
        next(out);
        out.extend_from_slice(b"typeTests: (");
        let mut k = 0;
        for &g in &t.type_tests {
            let mut any = false;
            for s in slots.type_ids_of(g) {
                sep(out, k);
                k += 1;
                let _ = write!(out, "^{s}");
                any = true;
            }
            if !any {
                sep(out, k);
                k += 1;
                let _ = write!(out, "{g}");
            }
        }
        out.push(b')');
    }
    let vcalls: [(&str, &[VFuncId]); 2] = [
        ("typeTestAssumeVCalls", &t.type_test_assume_vcalls),
        ("typeCheckedLoadVCalls", &t.type_checked_load_vcalls),
    ];
    for (tag, calls) in vcalls {
        if !calls.is_empty() {
            next(out);
            let _ = write!(out, "{tag}: (");
            for (i, v) in calls.iter().enumerate() {
                sep(out, i);
                print_vfunc_id(slots, v, out);
            }
            out.push(b')');
        }
    }
    let const_vcalls: [(&str, &[ConstVCall]); 2] = [
        ("typeTestAssumeConstVCalls", &t.type_test_assume_const_vcalls),
        ("typeCheckedLoadConstVCalls", &t.type_checked_load_const_vcalls),
    ];
    for (tag, calls) in const_vcalls {
        if !calls.is_empty() {
            next(out);
            let _ = write!(out, "{tag}: (");
            for (i, c) in calls.iter().enumerate() {
                sep(out, i);
                out.push(b'(');
                print_vfunc_id(slots, &c.vfunc, out);
                if !c.args.is_empty() {
                    out.extend_from_slice(b", args: (");
                    list(out, &c.args);
                    out.push(b')');
                }
                out.push(b')');
            }
            out.push(b')');
        }
    }
    out.push(b')');
}

fn print_vfunc_id(slots: &Slots<'_>, v: &VFuncId, out: &mut Vec<u8>) {
    let mut any = false;
    for (i, s) in slots.type_ids_of(v.guid).enumerate() {
        sep(out, i);
        let _ = write!(out, "vFuncId: (^{s}, offset: {})", v.offset);
        any = true;
    }
    if !any {
        let _ = write!(out, "vFuncId: (guid: {}, offset: {})", v.guid, v.offset);
    }
}

fn print_type_id_summary(t: &TypeIdSummary, out: &mut Vec<u8>) {
    let r = &t.ttres;
    let _ = write!(
        out,
        ", summary: (typeTestRes: (kind: {}, sizeM1BitWidth: {}",
        r.kind.name(),
        r.size_m1_bit_width
    );
    if r.align_log2 != 0 {
        let _ = write!(out, ", alignLog2: {}", r.align_log2);
    }
    if r.size_m1 != 0 {
        let _ = write!(out, ", sizeM1: {}", r.size_m1);
    }
    if r.bit_mask != 0 {
        let _ = write!(out, ", bitMask: {}", r.bit_mask);
    }
    if r.inline_bits != 0 {
        let _ = write!(out, ", inlineBits: {}", r.inline_bits);
    }
    out.push(b')');
    if !t.wpd_res.is_empty() {
        out.extend_from_slice(b", wpdResolutions: (");
        for (i, (offset, w)) in t.wpd_res.iter().enumerate() {
            sep(out, i);
            let kind = ["indir", "singleImpl", "branchFunnel"][usize::from(w.kind.min(2))];
            let _ = write!(out, "(offset: {offset}, wpdRes: (kind: {kind}");
            if w.kind == 1 {
                out.extend_from_slice(b", singleImplName: \"");
                out.extend_from_slice(&w.single_impl_name);
                out.push(b'"');
            }
            if !w.res_by_arg.is_empty() {
                out.extend_from_slice(b", resByArg: (");
                for (k, (args, b)) in w.res_by_arg.iter().enumerate() {
                    sep(out, k);
                    out.extend_from_slice(b"args: (");
                    list(out, args);
                    let names = ["indir", "uniformRetVal", "uniqueRetVal", "virtualConstProp"];
                    let _ = write!(out, "), byArg: (kind: {}", names[usize::from(b.kind.min(3))]);
                    if b.kind == 1 || b.kind == 2 {
                        let _ = write!(out, ", info: {}", b.info);
                    }
                    if b.byte != 0 || b.bit != 0 {
                        let _ = write!(out, ", byte: {}, bit: {}", b.byte, b.bit);
                    }
                    out.push(b')');
                }
                out.push(b')');
            }
            out.extend_from_slice(b"))");
        }
        out.push(b')');
    }
    out.push(b')');
}
