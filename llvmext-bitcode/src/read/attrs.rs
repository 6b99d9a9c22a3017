//! Attribute groups (`PARAMATTR_GRP_CODE_ENTRY`) into [`Attr`]s, as LLVM
//! 19's `BitcodeReader::parseAttributeGroupBlock` reads them, with the
//! upgrades LLVM 19 performs on read and a documented downgrade of what
//! newer producers (LLVM 20–22) write.
//!
//! A record is `[grpid, paramidx, entry...]`; each entry starts with a tag:
//!
//! | tag | entry                                                        |
//! |-----|--------------------------------------------------------------|
//! | 0   | enum attribute: `code`                                       |
//! | 1   | integer attribute: `code, value`                             |
//! | 3   | string attribute: `key..., 0` (no value)                     |
//! | 4   | string attribute: `key..., 0, value..., 0`                   |
//! | 5   | type attribute without a type: `code`                        |
//! | 6   | type attribute: `code, type-id`                              |
//! | 7   | constant range: `code, bitwidth, range`                      |
//! | 8   | constant range list: `code, count, bitwidth, range...`       |
//!
//! A range of width ≤ 64 is two sign-rotated values (LLVM's
//! `emitSignedInt64`: `v << 1`, or `(-v << 1) | 1` for negative `v`);
//! a wider one is a word `lowerwords | upperwords << 32` and then that
//! many sign-rotated 64-bit words of each bound, least significant first,
//! zero-extended (LLVM's `emitWideAPInt`, which writes the active words).
//!
//! Integer attributes carry the values [`Attr::Int`] documents, which are
//! LLVM's raw values in the bitcode too (`align` the byte alignment, not
//! its log2; `memory` the `MemoryEffects` bits; ...) — except `memory`
//! from LLVM 21 on, see below.
//!
//! # Upgrades (what LLVM 19 itself does on read)
//!
//! - On the function index, the legacy kinds `readnone`, `readonly`,
//!   `writeonly`, `argmemonly`, `inaccessiblememonly` and
//!   `inaccessiblemem_or_argmemonly` (codes 20, 21, 52, 45, 49, 50, written
//!   by LLVM ≤ 15) are intersected into one `memory(...)` attribute, which
//!   replaces an explicit one; `memory(readwrite)` is not added
//!   (`upgradeOldMemoryAttribute`). On parameters 20, 21 and 52 are the
//!   parameter attributes; 45, 49 and 50 are errors there, as in LLVM 19.
//! - `byval`, `sret` and `inalloca` as enum attributes, and any type
//!   attribute with tag 5, get no type: they are returned as
//!   `Attr::Type(kind, `[`untyped()`]`)`; the caller must put in the type
//!   as LLVM's `propagateAttributeTypes` does (the pointee type of a typed
//!   pointer).
//! - `uwtable` as an enum attribute is `uwtable` (async, value 2).
//! - Zero `align`, `alignstack`, `dereferenceable`,
//!   `dereferenceable_or_null`, `vscale_range`, `uwtable` and `nofpclass`
//!   values add nothing, as in `AttrBuilder`; `nofpclass` is masked to its
//!   10 class bits.
//! - String attributes (`UpgradeAttributes`): `"no-frame-pointer-elim"`
//!   (`"true"` → `"frame-pointer"="all"`, else `"none"`) and
//!   `"no-frame-pointer-elim-non-leaf"` (→ `"non-leaf"` unless `"all"`)
//!   become `"frame-pointer"`; `"null-pointer-is-valid"="true"` becomes
//!   `null_pointer_is_valid` and other values of it are dropped.
//!
//! One deliberate difference: LLVM 19.1's `getAttrFromCode` has no case for
//! `ATTR_KIND_HYBRID_PATCHABLE` (95), so llvm-dis-19 rejects the
//! `hybrid_patchable` its own writer emits; this reader reads it.
//!
//! # Newer producers (LLVM 20–22, e.g. rustc)
//!
//! LLVM 19 rejects every kind code above 95 ("Unknown attribute kind"). This
//! reader instead maps what the LLVM 19 model can hold:
//!
//! - `memory` carries an encoding version in its top byte from LLVM 21 on:
//!   version 1 adds the location `errnomem` (locations argmem,
//!   inaccessiblemem, errnomem, other), version 2 `target_mem0` and
//!   `target_mem1`. In LLVM 19 errno memory is part of "other" memory and
//!   target memory part of inaccessible memory (LLVM 22 reads old bitcode
//!   that way), so they are folded into those locations by union — exact
//!   for what LLVM 19 can express, never narrower.
//! - `captures(none)` (`ATTR_KIND_CAPTURES`, 102, value 0) is `nocapture`,
//!   which LLVM 20 reads as `captures(none)`. Any other `captures(...)`
//!   (e.g. rustc's `captures(address, read_provenance)` or `captures(ret:
//!   ...)`) states that the pointer *may* be captured in some ways; LLVM 19
//!   has no attribute for that and assumes the pointer may be captured in
//!   every way when `nocapture` is absent, so the attribute is dropped: this
//!   loses information (optimizations it would allow), never soundness.
//! - Kinds that only state facts or grant optimizations, whose absence LLVM
//!   19 treats as the conservative default, are dropped likewise:
//!   `coro_elide_safe` (98), `noext` (99: absence already means no
//!   extension), `nodivergencesource` (100), `dead_on_return` (103, enum
//!   form of LLVM 21 or integer form of LLVM 22) and
//!   `nocreateundeforpoison` (105).
//! - Every other kind code is an error naming it, e.g. "unknown attribute
//!   kind 107 (ATTR_KIND_NOOUTLINE, newer than LLVM 19)": the sanitizer
//!   requests (96, 97, 101, 104) and `nooutline` (107) ask for behaviour a
//!   LLVM-19 consumer would silently not give, and `denormal_fpenv` (106)
//!   would need translating back to the `"denormal-fp-math"` strings, which
//!   is not done.

// Until the reader core (written separately) calls `decode_group`.

use std::format;
use std::string::String;
use std::sync::OnceLock;
use std::vec::Vec;

use llvmext_ir::attr::{Attr, AttrCategory, AttrKind};
use llvmext_ir::id::TypeId;
use llvmext_ir::int::IntValue;
use llvmext_ir::name::ByteStr;

use crate::schema::AttributeKind as K;

/// What decoding a group needs from the rest of the reader.
pub(crate) struct AttrCtx<'a> {
    /// The type with this type-table index (for type attributes, tag 6).
    pub types: &'a dyn Fn(u64) -> Option<TypeId>,
    /// The type `iN` for this width, interned into the module's types on
    /// demand (for `range(iN ...)`, whose type the bitcode gives only as a
    /// width and which need not be in the type table); `None` for a width
    /// the IR cannot hold.
    pub int_type: &'a mut dyn FnMut(u32) -> Option<TypeId>,
}

/// The type of a type attribute that the bitcode gives without one (old
/// `byval`/`sret`/`inalloca`): `void`, index 0 of every type arena, which
/// is never a valid type-attribute argument. The caller replaces it.
pub(crate) fn untyped() -> TypeId {
    TypeId::from_index(0)
}

/// The parameter index of function attributes
/// (`AttributeList::FunctionIndex`).
pub(crate) const FUNCTION_INDEX: u64 = 0xFFFF_FFFF;

/// The kind codes LLVM 19 reads (`getAttrFromCode`), with the keyword of
/// the IR kind each stands for; [`AttrKind::from_keyword`] gives the kind.
/// Codes 45, 49 and 50 are absent: LLVM 19 reads them only on functions,
/// as memory effects.
pub(crate) const CODE_KEYWORDS: &[(K, &str)] = &[
    (K::ALIGNMENT, "align"),
    (K::ALWAYS_INLINE, "alwaysinline"),
    (K::BY_VAL, "byval"),
    (K::INLINE_HINT, "inlinehint"),
    (K::IN_REG, "inreg"),
    (K::MIN_SIZE, "minsize"),
    (K::NAKED, "naked"),
    (K::NEST, "nest"),
    (K::NO_ALIAS, "noalias"),
    (K::NO_BUILTIN, "nobuiltin"),
    (K::NO_CAPTURE, "nocapture"),
    (K::NO_DUPLICATE, "noduplicate"),
    (K::NO_IMPLICIT_FLOAT, "noimplicitfloat"),
    (K::NO_INLINE, "noinline"),
    (K::NON_LAZY_BIND, "nonlazybind"),
    (K::NO_RED_ZONE, "noredzone"),
    (K::NO_RETURN, "noreturn"),
    (K::NO_UNWIND, "nounwind"),
    (K::OPTIMIZE_FOR_SIZE, "optsize"),
    (K::READ_NONE, "readnone"),
    (K::READ_ONLY, "readonly"),
    (K::RETURNED, "returned"),
    (K::RETURNS_TWICE, "returns_twice"),
    (K::S_EXT, "signext"),
    (K::STACK_ALIGNMENT, "alignstack"),
    (K::STACK_PROTECT, "ssp"),
    (K::STACK_PROTECT_REQ, "sspreq"),
    (K::STACK_PROTECT_STRONG, "sspstrong"),
    (K::STRUCT_RET, "sret"),
    (K::SANITIZE_ADDRESS, "sanitize_address"),
    (K::SANITIZE_THREAD, "sanitize_thread"),
    (K::SANITIZE_MEMORY, "sanitize_memory"),
    (K::UW_TABLE, "uwtable"),
    (K::Z_EXT, "zeroext"),
    (K::BUILTIN, "builtin"),
    (K::COLD, "cold"),
    (K::OPTIMIZE_NONE, "optnone"),
    (K::IN_ALLOCA, "inalloca"),
    (K::NON_NULL, "nonnull"),
    (K::JUMP_TABLE, "jumptable"),
    (K::DEREFERENCEABLE, "dereferenceable"),
    (K::DEREFERENCEABLE_OR_NULL, "dereferenceable_or_null"),
    (K::CONVERGENT, "convergent"),
    (K::SAFESTACK, "safestack"),
    (K::SWIFT_SELF, "swiftself"),
    (K::SWIFT_ERROR, "swifterror"),
    (K::NO_RECURSE, "norecurse"),
    (K::ALLOC_SIZE, "allocsize"),
    (K::WRITEONLY, "writeonly"),
    (K::SPECULATABLE, "speculatable"),
    (K::STRICT_FP, "strictfp"),
    (K::SANITIZE_HWADDRESS, "sanitize_hwaddress"),
    (K::NOCF_CHECK, "nocf_check"),
    (K::OPT_FOR_FUZZING, "optforfuzzing"),
    (K::SHADOWCALLSTACK, "shadowcallstack"),
    (K::SPECULATIVE_LOAD_HARDENING, "speculative_load_hardening"),
    (K::IMMARG, "immarg"),
    (K::WILLRETURN, "willreturn"),
    (K::NOFREE, "nofree"),
    (K::NOSYNC, "nosync"),
    (K::SANITIZE_MEMTAG, "sanitize_memtag"),
    (K::PREALLOCATED, "preallocated"),
    (K::NO_MERGE, "nomerge"),
    (K::NULL_POINTER_IS_VALID, "null_pointer_is_valid"),
    (K::NOUNDEF, "noundef"),
    (K::BYREF, "byref"),
    (K::MUSTPROGRESS, "mustprogress"),
    (K::NO_CALLBACK, "nocallback"),
    (K::HOT, "hot"),
    (K::NO_PROFILE, "noprofile"),
    (K::VSCALE_RANGE, "vscale_range"),
    (K::SWIFT_ASYNC, "swiftasync"),
    (K::NO_SANITIZE_COVERAGE, "nosanitize_coverage"),
    (K::ELEMENTTYPE, "elementtype"),
    (K::DISABLE_SANITIZER_INSTRUMENTATION, "disable_sanitizer_instrumentation"),
    (K::NO_SANITIZE_BOUNDS, "nosanitize_bounds"),
    (K::ALLOC_ALIGN, "allocalign"),
    (K::ALLOCATED_POINTER, "allocptr"),
    (K::ALLOC_KIND, "allockind"),
    (K::PRESPLIT_COROUTINE, "presplitcoroutine"),
    (K::FNRETTHUNK_EXTERN, "fn_ret_thunk_extern"),
    (K::SKIP_PROFILE, "skipprofile"),
    (K::MEMORY, "memory"),
    (K::NOFPCLASS, "nofpclass"),
    (K::OPTIMIZE_FOR_DEBUGGING, "optdebug"),
    (K::WRITABLE, "writable"),
    (K::CORO_ONLY_DESTROY_WHEN_COMPLETE, "coro_only_destroy_when_complete"),
    (K::DEAD_ON_UNWIND, "dead_on_unwind"),
    (K::RANGE, "range"),
    (K::SANITIZE_NUMERICAL_STABILITY, "sanitize_numerical_stability"),
    (K::INITIALIZES, "initializes"),
    (K::HYBRID_PATCHABLE, "hybrid_patchable"),
];

/// The highest kind code LLVM 19 knows (`ATTR_KIND_HYBRID_PATCHABLE`).
pub(crate) const LAST_LLVM19_CODE: K = K::HYBRID_PATCHABLE;

/// Kind codes of newer producers that are dropped (see the module docs).
pub(crate) const DROPPED_NEWER: &[K] = &[
    K::CORO_ELIDE_SAFE,
    K::NO_EXT,
    K::NO_DIVERGENCE_SOURCE,
    K::DEAD_ON_RETURN,
    K::NO_CREATE_UNDEF_OR_POISON,
];

/// `CODE_KEYWORDS` as a table indexed by code, built once.
fn code_table() -> &'static [Option<AttrKind>] {
    static TABLE: OnceLock<Vec<Option<AttrKind>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = std::vec![None; LAST_LLVM19_CODE.0 as usize + 1];
        for &(code, kw) in CODE_KEYWORDS {
            t[code.0 as usize] = AttrKind::from_keyword(kw);
        }
        t
    })
}

/// The IR kind of an LLVM 19 kind code.
pub(crate) fn kind_of_code(code: u64) -> Option<AttrKind> {
    usize::try_from(code).ok().and_then(|c| code_table().get(c).copied().flatten())
}

/// What a kind code stands for.
enum Code {
    /// An LLVM 19 kind.
    Kind(AttrKind),
    /// `ATTR_KIND_CAPTURES`.
    Captures,
    /// A newer kind that is dropped.
    Drop,
}

/// The error for a kind code this reader does not take.
fn unknown_kind(code: u64) -> String {
    let name = u32::try_from(code).ok().and_then(|c| K(c).name());
    match name {
        Some(n) if code > u64::from(LAST_LLVM19_CODE.0) => {
            format!("unknown attribute kind {code} ({n}, newer than LLVM 19)")
        }
        Some(n) => format!("attribute kind {code} ({n}) is only read on functions"),
        None => format!("unknown attribute kind {code}"),
    }
}

fn code(code: u64) -> Result<Code, String> {
    if let Some(k) = kind_of_code(code) {
        return Ok(Code::Kind(k));
    }
    if code == u64::from(K::CAPTURES.0) {
        return Ok(Code::Captures);
    }
    if DROPPED_NEWER.iter().any(|k| u64::from(k.0) == code) {
        return Ok(Code::Drop);
    }
    Err(unknown_kind(code))
}

/// The name of a kind code for messages.
fn code_name(code: u64) -> String {
    match u32::try_from(code).ok().and_then(|c| K(c).name()) {
        Some(n) => format!("{code} ({n})"),
        None => format!("{code}"),
    }
}

/// `MemoryEffects::unknown()` in LLVM 19's encoding.
const MEMORY_UNKNOWN: u64 = 0x3f;

/// The `MemoryEffects` a legacy function attribute stands for
/// (`upgradeOldMemoryAttribute`); 2 bits per location: argmem,
/// inaccessiblemem, other; 1 = read, 2 = write.
fn old_memory(code: u64) -> Option<u64> {
    let c = u32::try_from(code).ok()?;
    Some(match K(c) {
        K::READ_NONE => 0,
        K::READ_ONLY => 0x15,
        K::WRITEONLY => 0x2a,
        K::ARGMEMONLY => 0x03,
        K::INACCESSIBLEMEM_ONLY => 0x0c,
        K::INACCESSIBLEMEM_OR_ARGMEMONLY => 0x0f,
        _ => return None,
    })
}

/// A `memory` value as written by LLVM 16–22 in LLVM 19's encoding (see
/// the module docs).
fn memory_to_llvm19(enc: u64) -> Result<u64, String> {
    let version = enc >> 56;
    let bits = enc & 0x00FF_FFFF_FFFF_FFFF;
    let loc = |n: u32| (bits >> (2 * n)) & 3;
    match version {
        0 if bits >> 6 == 0 => Ok(bits),
        // Version 1 has 4 locations, version 2 6; a version-1 value with
        // target-memory bits is read as LLVM 22 reads it, with them.
        1 | 2 if bits >> 12 == 0 => {
            let arg = loc(0);
            let inaccessible = loc(1) | loc(4) | loc(5);
            let other = loc(2) | loc(3);
            Ok(arg | inaccessible << 2 | other << 4)
        }
        0..=2 => Err(format!("memory attribute value {enc:#x} has bits outside its locations")),
        v => Err(format!("memory attribute encoding version {v} is newer than LLVM 22's")),
    }
}

/// `BitcodeReader::decodeSignRotatedValue`.
fn sign_rotated(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        (v >> 1).wrapping_neg() as i64
    } else {
        i64::MIN
    }
}

/// The operand at `*i`, advancing.
fn next(ops: &[u64], i: &mut usize, what: &str) -> Result<u64, String> {
    let v =
        ops.get(*i).copied().ok_or_else(|| format!("attribute group entry ends before {what}"))?;
    *i += 1;
    Ok(v)
}

/// A NUL-terminated string of one character per operand (truncated to a
/// byte, as LLVM does), advancing past the NUL.
fn c_string(ops: &[u64], i: &mut usize) -> Result<ByteStr, String> {
    let rest = ops.get(*i..).unwrap_or(&[]);
    let n = rest.iter().position(|&c| c == 0).ok_or("unterminated string attribute")?;
    *i += n + 1;
    Ok(ByteStr::from(rest[..n].iter().map(|&c| c as u8).collect::<Vec<u8>>()))
}

/// One bound of a wide range: `n` sign-rotated words, zero-extended or
/// truncated to `bits` (`readWideAPInt`).
fn wide_int(words: &[u64], bits: u32) -> Result<IntValue, String> {
    let limbs: Vec<u64> = words.iter().map(|&w| sign_rotated(w) as u64).collect();
    IntValue::from_limbs(bits, &limbs).map_err(|e| format!("bad range bound: {e}"))
}

/// `readConstantRange`: the bounds of a range of width `bits`.
fn range(ops: &[u64], i: &mut usize, bits: u32) -> Result<(IntValue, IntValue), String> {
    if ops.len().saturating_sub(*i) < 2 {
        return Err("too few operands for a range".into());
    }
    let bad = |e| format!("bad range of width {bits}: {e}");
    if bits > 64 {
        let w = ops[*i];
        *i += 1;
        let (nl, nu) = ((w & 0xFFFF_FFFF) as usize, (w >> 32) as usize);
        if ops.len() - *i < nl.saturating_add(nu) {
            return Err("too few operands for a range".into());
        }
        let lo = wide_int(&ops[*i..*i + nl], bits)?;
        *i += nl;
        let hi = wide_int(&ops[*i..*i + nu], bits)?;
        *i += nu;
        Ok((lo, hi))
    } else {
        let lo = IntValue::from_i64(bits, sign_rotated(ops[*i])).map_err(bad)?;
        let hi = IntValue::from_i64(bits, sign_rotated(ops[*i + 1])).map_err(bad)?;
        *i += 2;
        Ok((lo, hi))
    }
}

/// A range list bound as LLVM prints it: the value sign-extended from
/// `bits` (at most 64).
fn to_i64(v: &IntValue, bits: u32) -> i64 {
    let raw = v.limbs().first().copied().unwrap_or(0);
    let sh = 64 - bits;
    ((raw << sh) as i64) >> sh
}

/// Whether every bit of `v` is set.
fn all_ones(v: &IntValue) -> bool {
    let bits = v.bits();
    v.limbs().iter().enumerate().all(|(n, &l)| {
        let width = (bits - 64 * n as u32).min(64);
        l == u64::MAX >> (64 - width)
    })
}

/// Removes the string attributes with key `key`, returning the value of
/// the last (the one an `AttrBuilder` would hold).
fn take_string(out: &mut Vec<Attr>, key: &[u8]) -> Option<ByteStr> {
    let mut found = None;
    out.retain(|a| match a {
        Attr::String(k, v) if k.as_bytes() == key => {
            found = Some(v.clone());
            false
        }
        _ => true,
    });
    found
}

/// `UpgradeAttributes` (LLVM 19's AutoUpgrade) on one group.
fn upgrade_strings(out: &mut Vec<Attr>) {
    const KEYS: [&[u8]; 3] =
        [b"no-frame-pointer-elim", b"no-frame-pointer-elim-non-leaf", b"null-pointer-is-valid"];
    if !out.iter().any(|a| matches!(a, Attr::String(k, _) if KEYS.contains(&k.as_bytes()))) {
        return;
    }
    let mut fp: Option<&str> = None;
    if let Some(v) = take_string(out, KEYS[0]) {
        fp = Some(if v.as_bytes() == b"true" { "all" } else { "none" });
    }
    if take_string(out, KEYS[1]).is_some() && fp != Some("all") {
        fp = Some("non-leaf");
    }
    if let Some(fp) = fp {
        take_string(out, b"frame-pointer");
        out.push(Attr::String("frame-pointer".into(), fp.into()));
    }
    if let Some(v) = take_string(out, KEYS[2]) {
        if v.as_bytes() == b"true" {
            if let Some(k) = AttrKind::from_keyword("null_pointer_is_valid") {
                out.push(Attr::Enum(k));
            }
        }
    }
}

/// Decodes one `PARAMATTR_GRP_CODE_ENTRY` record: `[grpid, paramidx,
/// attr...]`; returns the group id and the parameter index (0xFFFFFFFF:
/// function, 0: return, N: parameter N-1), the attributes in `out` (which
/// is cleared first).
///
/// `out` is in record order and may name a kind (or string key) twice;
/// as in LLVM's `AttrBuilder`, the later one counts, which is what
/// [`llvmext_ir::attr::Attrs::set`] does with it. The errors are LLVM 19's
/// for malformed records, and name the kind code for kinds this reader
/// does not take (see the module docs).
pub(crate) fn decode_group(
    ops: &[u64],
    ctx: &mut AttrCtx<'_>,
    out: &mut Vec<Attr>,
) -> Result<(u64, u64), String> {
    out.clear();
    if ops.len() < 3 {
        return Err("invalid attribute group record: fewer than 3 operands".into());
    }
    let (grp, idx) = (ops[0], ops[1]);
    let is_fn = idx == FUNCTION_INDEX;
    let mut me = MEMORY_UNKNOWN;
    let mut i = 2;
    while i < ops.len() {
        let tag = ops[i];
        i += 1;
        match tag {
            0 => {
                let c = next(ops, &mut i, "the attribute kind")?;
                if is_fn {
                    if let Some(m) = old_memory(c) {
                        me &= m;
                        continue;
                    }
                }
                let k = match code(c)? {
                    Code::Kind(k) => k,
                    Code::Drop => continue,
                    Code::Captures => {
                        return Err(format!(
                            "attribute kind {} is not an enum attribute",
                            code_name(c)
                        ))
                    }
                };
                match (k.category(), k.keyword()) {
                    (AttrCategory::Enum, _) => out.push(Attr::Enum(k)),
                    (AttrCategory::Type, "byval" | "sret" | "inalloca") => {
                        out.push(Attr::Type(k, untyped()))
                    }
                    (AttrCategory::Int, "uwtable") => out.push(Attr::Int(k, 2)),
                    _ => {
                        return Err(format!(
                            "attribute kind {} is not an enum attribute",
                            code_name(c)
                        ))
                    }
                }
            }
            1 => {
                let c = next(ops, &mut i, "the attribute kind")?;
                let v = next(ops, &mut i, "the attribute value")?;
                let k = match code(c)? {
                    Code::Kind(k) if k.category() == AttrCategory::Int => k,
                    Code::Kind(_) => {
                        return Err(format!(
                            "attribute kind {} is not an int attribute",
                            code_name(c)
                        ))
                    }
                    Code::Captures => {
                        // captures(none): see the module docs.
                        if v == 0 {
                            let k = AttrKind::from_keyword("nocapture")
                                .ok_or("the IR has no nocapture attribute")?;
                            out.push(Attr::Enum(k));
                        }
                        continue;
                    }
                    Code::Drop => continue,
                };
                if let Some(a) = int_attr(k, v)? {
                    out.push(a);
                }
            }
            3 | 4 => {
                let key = c_string(ops, &mut i)?;
                let val = if tag == 4 { c_string(ops, &mut i)? } else { ByteStr::from(&b""[..]) };
                out.push(Attr::String(key, val));
            }
            5 | 6 => {
                let c = next(ops, &mut i, "the attribute kind")?;
                let k = match code(c) {
                    Ok(Code::Kind(k)) if k.category() == AttrCategory::Type => k,
                    Ok(_) => {
                        return Err(format!(
                            "attribute kind {} is not a type attribute",
                            code_name(c)
                        ))
                    }
                    Err(e) => return Err(e),
                };
                let t = if tag == 6 {
                    let id = next(ops, &mut i, "the attribute type")?;
                    (ctx.types)(id)
                        .ok_or_else(|| format!("attribute type id {id} is not a type"))?
                } else {
                    untyped()
                };
                out.push(Attr::Type(k, t));
            }
            7 => {
                let c = next(ops, &mut i, "the attribute kind")?;
                let k = match code(c)? {
                    Code::Kind(k) if k.category() == AttrCategory::Range => k,
                    _ => {
                        return Err(format!(
                            "attribute kind {} is not a constant range attribute",
                            code_name(c)
                        ))
                    }
                };
                let w = next(ops, &mut i, "the range width")?;
                let bits = u32::try_from(w).map_err(|_| format!("bad range width {w}"))?;
                let t = (ctx.int_type)(bits).ok_or_else(|| format!("bad range width {w}"))?;
                let (lo, hi) = range(ops, &mut i, bits)?;
                // ConstantRange's invariant.
                if lo == hi && !lo.limbs().iter().all(|&l| l == 0) && !all_ones(&lo) {
                    return Err(
                        "range with equal bounds that are not its minimum or maximum".into()
                    );
                }
                out.push(Attr::Range(k, t, lo, hi));
            }
            8 => {
                let c = next(ops, &mut i, "the attribute kind")?;
                match code(c)? {
                    Code::Kind(k) if k.category() == AttrCategory::Initializes => {}
                    _ => {
                        return Err(format!(
                            "attribute kind {} is not a constant range list attribute",
                            code_name(c)
                        ))
                    }
                }
                if ops.len().saturating_sub(i) < 2 {
                    return Err("too few operands for a constant range list".into());
                }
                let (n, w) = (ops[i], ops[i + 1]);
                i += 2;
                let bits = match u32::try_from(w) {
                    Ok(b @ 1..=64) => b,
                    _ => return Err(format!("constant range list of width {w} (not 1 to 64)")),
                };
                // Each range takes two operands: bound the count by them.
                if n == 0 || n > (ops.len() - i) as u64 / 2 {
                    return Err(format!("bad constant range list length {n}"));
                }
                let mut rs: Vec<(i64, i64)> = Vec::with_capacity(n as usize);
                for _ in 0..n {
                    let (lo, hi) = range(ops, &mut i, bits)?;
                    let (lo, hi) = (to_i64(&lo, bits), to_i64(&hi, bits));
                    // ConstantRangeList::isOrderedRanges.
                    if lo >= hi || rs.last().is_some_and(|&(_, prev)| lo <= prev) {
                        return Err("invalid (unordered or overlapping) range list".into());
                    }
                    rs.push((lo, hi));
                }
                out.push(Attr::Initializes(rs.into()));
            }
            _ => return Err(format!("invalid attribute group entry tag {tag}")),
        }
    }
    if me != MEMORY_UNKNOWN {
        let k = AttrKind::from_keyword("memory").ok_or("the IR has no memory attribute")?;
        out.retain(|a| a.kind() != Some(k));
        out.push(Attr::Int(k, me));
    }
    upgrade_strings(out);
    Ok((grp, idx))
}

/// An integer attribute with LLVM 19's `AttrBuilder` checks; `None` for
/// the values that add nothing.
fn int_attr(k: AttrKind, v: u64) -> Result<Option<Attr>, String> {
    let kw = k.keyword();
    let v = match kw {
        "align" | "alignstack" => {
            // Value::MaximumAlignment, and the stack alignment's assertion.
            let max = if kw == "align" { 1u64 << 32 } else { 256 };
            if v == 0 {
                return Ok(None);
            }
            if !v.is_power_of_two() || v > max {
                return Err(format!("bad {kw} value {v}"));
            }
            v
        }
        "dereferenceable" | "dereferenceable_or_null" | "vscale_range" => {
            if v == 0 {
                return Ok(None);
            }
            v
        }
        "allocsize" => {
            if v == 0 {
                return Err("invalid allocsize arguments (0, 0)".into());
            }
            v
        }
        "uwtable" => match v {
            0 => return Ok(None),
            1 | 2 => v,
            _ => return Err(format!("bad uwtable kind {v}")),
        },
        "nofpclass" => {
            let v = v & 0x3ff;
            if v == 0 {
                return Ok(None);
            }
            v
        }
        "memory" => memory_to_llvm19(v)?,
        _ => v,
    };
    Ok(Some(Attr::Int(k, v)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use llvmext_core::bitstream::{BitstreamReader, Entry};
    use llvmext_ir::attr::KEYWORDS;
    use llvmext_ir::id::AttrSetId;
    use llvmext_ir::types::{FloatKind, MAX_INT_BITS};
    use llvmext_ir::Module;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};
    use std::process::Command;
    use std::string::ToString;
    use std::vec;

    fn kw(k: &str) -> AttrKind {
        AttrKind::from_keyword(k).unwrap()
    }

    /// Decodes `ops` with types 0..10 as `void` and `iN` as `void` too.
    fn dec(ops: &[u64]) -> Result<Vec<Attr>, String> {
        let mut out = Vec::new();
        let types = |id: u64| (id < 10).then(untyped);
        let mut ints = |b: u32| (1..=MAX_INT_BITS).contains(&b).then(untyped);
        let mut ctx = AttrCtx { types: &types, int_type: &mut ints };
        decode_group(ops, &mut ctx, &mut out).map(|_| out)
    }

    fn fn_group(entries: &[u64]) -> Vec<u64> {
        let mut v = vec![7, FUNCTION_INDEX];
        v.extend_from_slice(entries);
        v
    }

    fn param_group(entries: &[u64]) -> Vec<u64> {
        let mut v = vec![7, 1];
        v.extend_from_slice(entries);
        v
    }

    /// Every IR kind has exactly one code; every code LLVM 19 knows is in
    /// the table or is a legacy function-only memory kind; every newer
    /// code the schema knows has a policy.
    #[test]
    fn code_table_covers_llvm19() {
        let mut seen = BTreeSet::new();
        for &(c, k) in CODE_KEYWORDS {
            let kind = AttrKind::from_keyword(k).unwrap_or_else(|| panic!("{k} is no IR keyword"));
            assert!(seen.insert(kind), "{k} twice");
            assert_eq!(kind_of_code(c.0.into()), Some(kind), "{c}");
            assert!(c.is_known());
        }
        assert_eq!(seen.len(), KEYWORDS.len(), "IR kinds without a code");
        for c in 1..=u64::from(LAST_LLVM19_CODE.0) {
            assert!(
                kind_of_code(c).is_some() || old_memory(c).is_some(),
                "code {c} is neither mapped nor a legacy memory kind"
            );
        }
        for &c in K::KNOWN {
            if c.0 <= LAST_LLVM19_CODE.0 {
                continue;
            }
            let r = code(c.0.into());
            match r {
                Ok(Code::Captures) => assert_eq!(c, K::CAPTURES),
                Ok(Code::Drop) => assert!(DROPPED_NEWER.contains(&c)),
                Ok(Code::Kind(_)) => panic!("{c} maps to an LLVM 19 kind"),
                Err(e) => {
                    assert!(
                        e.contains(c.name().unwrap()) && e.contains("newer than LLVM 19"),
                        "{e}"
                    )
                }
            }
        }
        assert_eq!(code(108).err().unwrap(), "unknown attribute kind 108");
        assert_eq!(
            code(107).err().unwrap(),
            "unknown attribute kind 107 (ATTR_KIND_NOOUTLINE, newer than LLVM 19)"
        );
    }

    #[test]
    fn old_memory_kinds_on_functions() {
        let mem = kw("memory");
        // readonly & argmemonly = memory(argmem: read), placed last and
        // replacing an explicit memory attribute.
        let g = dec(&fn_group(&[0, 21, 1, 86, 0x3f, 0, 45, 0, 18])).unwrap();
        assert_eq!(g, [Attr::Enum(kw("nounwind")), Attr::Int(mem, 0x01)]);
        assert_eq!(dec(&fn_group(&[0, 20])).unwrap(), [Attr::Int(mem, 0)]);
        assert_eq!(dec(&fn_group(&[0, 52, 0, 50])).unwrap(), [Attr::Int(mem, 0x0a)]);
        assert_eq!(dec(&fn_group(&[0, 49])).unwrap(), [Attr::Int(mem, 0x0c)]);
        // On parameters: the parameter attributes; 45 is an error.
        assert_eq!(
            dec(&param_group(&[0, 20, 0, 21, 0, 52])).unwrap(),
            [Attr::Enum(kw("readnone")), Attr::Enum(kw("readonly")), Attr::Enum(kw("writeonly"))]
        );
        let e = dec(&param_group(&[0, 45])).unwrap_err();
        assert_eq!(e, "attribute kind 45 (ATTR_KIND_ARGMEMONLY) is only read on functions");
    }

    #[test]
    fn memory_versions() {
        let mem = kw("memory");
        let v = |ver: u64, bits: u64| dec(&fn_group(&[1, 86, ver << 56 | bits]));
        // LLVM 19: argmem read, other write.
        assert_eq!(v(0, 0x21).unwrap(), [Attr::Int(mem, 0x21)]);
        // Version 1: argmem, inaccessiblemem, errnomem, other; errno folds
        // into other.
        assert_eq!(v(1, 0xff).unwrap(), [Attr::Int(mem, 0x3f)]);
        assert_eq!(v(1, 0xf3).unwrap(), [Attr::Int(mem, 0x33)]);
        assert_eq!(v(1, 0x59).unwrap(), [Attr::Int(mem, 0x19)]);
        assert_eq!(v(1, 0x10).unwrap(), [Attr::Int(mem, 0x10)]);
        assert_eq!(v(1, 0x40).unwrap(), [Attr::Int(mem, 0x10)]);
        // Version 2: target_mem0/1 fold into inaccessiblemem.
        assert_eq!(v(2, 0x100).unwrap(), [Attr::Int(mem, 0x04)]);
        assert_eq!(v(2, 0x801).unwrap(), [Attr::Int(mem, 0x09)]);
        assert!(v(0, 0x40).unwrap_err().contains("outside its locations"));
        assert!(v(2, 0x1000).unwrap_err().contains("outside its locations"));
        assert!(v(3, 0).unwrap_err().contains("version 3"));
    }

    #[test]
    fn captures_and_newer_kinds() {
        let nocap = Attr::Enum(kw("nocapture"));
        assert_eq!(dec(&param_group(&[1, 102, 0])).unwrap(), std::slice::from_ref(&nocap));
        // captures(address, read_provenance), captures(address),
        // captures(ret: address, provenance): dropped.
        assert_eq!(dec(&param_group(&[1, 102, 0x77, 1, 102, 0x33, 1, 102, 0x0f])).unwrap(), []);
        assert_eq!(dec(&param_group(&[0, 11])).unwrap(), [nocap]);
        // Facts of newer producers: dropped, in enum and int form.
        let g = dec(&param_group(&[0, 103, 1, 103, 8, 0, 105, 0, 99, 0, 100, 0, 98, 0, 68]));
        assert_eq!(g.unwrap(), [Attr::Enum(kw("noundef"))]);
        for c in [96, 97, 101, 104, 106, 107] {
            let e = dec(&fn_group(&[0, 18, 0, c])).unwrap_err();
            assert!(e.starts_with(&format!("unknown attribute kind {c} (ATTR_KIND_")), "{e}");
        }
        assert!(dec(&fn_group(&[0, 102])).unwrap_err().contains("not an enum attribute"));
    }

    #[test]
    fn enum_forms_of_old_producers() {
        let g = dec(&param_group(&[0, 3, 0, 29, 0, 38, 5, 69, 6, 3, 4])).unwrap();
        assert_eq!(
            g,
            [
                Attr::Type(kw("byval"), untyped()),
                Attr::Type(kw("sret"), untyped()),
                Attr::Type(kw("inalloca"), untyped()),
                Attr::Type(kw("byref"), untyped()),
                Attr::Type(kw("byval"), TypeId::from_index(0)),
            ]
        );
        assert_eq!(dec(&fn_group(&[0, 33])).unwrap(), [Attr::Int(kw("uwtable"), 2)]);
        assert_eq!(dec(&fn_group(&[0, 95])).unwrap(), [Attr::Enum(kw("hybrid_patchable"))]);
        assert!(dec(&fn_group(&[0, 1])).unwrap_err().contains("not an enum attribute"));
        assert!(dec(&fn_group(&[1, 18, 0])).unwrap_err().contains("not an int attribute"));
        assert!(dec(&fn_group(&[6, 18, 0])).unwrap_err().contains("not a type attribute"));
        assert!(dec(&param_group(&[6, 3, 99])).unwrap_err().contains("type id 99"));
    }

    #[test]
    fn int_values() {
        let g = dec(&param_group(&[1, 1, 16, 1, 41, 8, 1, 42, 0, 1, 87, 0x403, 1, 87, 0x400]));
        assert_eq!(
            g.unwrap(),
            [
                Attr::Int(kw("align"), 16),
                Attr::Int(kw("dereferenceable"), 8),
                Attr::Int(kw("nofpclass"), 3)
            ]
        );
        assert!(dec(&param_group(&[1, 1, 12])).unwrap_err().contains("bad align value 12"));
        assert!(dec(&fn_group(&[1, 25, 512])).unwrap_err().contains("bad alignstack"));
        assert!(dec(&fn_group(&[1, 33, 3])).unwrap_err().contains("uwtable"));
        assert_eq!(dec(&fn_group(&[1, 33, 0, 1, 74, 0])).unwrap(), []);
        assert_eq!(
            dec(&fn_group(&[1, 51, 1 << 32 | 0xffff_ffff])).unwrap(),
            [Attr::Int(kw("allocsize"), 1 << 32 | 0xffff_ffff)]
        );
    }

    #[test]
    fn strings_and_their_upgrades() {
        let s = |k: &str, v: &str| Attr::String(k.into(), v.into());
        let key = |k: &str, v: Option<&str>| {
            let mut o = vec![if v.is_some() { 4 } else { 3 }];
            o.extend(k.bytes().map(u64::from));
            o.push(0);
            if let Some(v) = v {
                o.extend(v.bytes().map(u64::from));
                o.push(0);
            }
            o
        };
        let mut e = key("a", Some("b"));
        e.extend(key("c", None));
        e.extend(key("no-frame-pointer-elim", Some("true")));
        e.extend(key("null-pointer-is-valid", Some("true")));
        let g = dec(&fn_group(&e)).unwrap();
        assert_eq!(
            g,
            [
                s("a", "b"),
                s("c", ""),
                s("frame-pointer", "all"),
                Attr::Enum(kw("null_pointer_is_valid"))
            ]
        );
        let mut e = key("frame-pointer", Some("none"));
        e.extend(key("no-frame-pointer-elim-non-leaf", None));
        e.extend(key("null-pointer-is-valid", Some("false")));
        assert_eq!(dec(&fn_group(&e)).unwrap(), [s("frame-pointer", "non-leaf")]);
        assert!(dec(&fn_group(&[4, 97, 0, 98])).unwrap_err().contains("unterminated"));
        assert!(dec(&fn_group(&[3, 97])).unwrap_err().contains("unterminated"));
    }

    #[test]
    fn ranges() {
        let i = |bits: u32, v: i64| IntValue::from_i64(bits, v).unwrap();
        let r = |bits, lo, hi| Attr::Range(kw("range"), untyped(), i(bits, lo), i(bits, hi));
        // range(i8 -5, 5): sign-rotated 11, 10.
        assert_eq!(dec(&param_group(&[7, 92, 8, 11, 10])).unwrap(), [r(8, -5, 5)]);
        // range(i64 MIN, 0): MIN is encoded as 1.
        assert_eq!(dec(&param_group(&[7, 92, 64, 1, 0])).unwrap(), [r(64, i64::MIN, 0)]);
        // range(i128 1, 2^64): 1 word and 2 words.
        let g = dec(&param_group(&[7, 92, 128, 1 | 2 << 32, 2, 0, 2])).unwrap();
        let hi = IntValue::from_limbs(128, &[0, 1]).unwrap();
        assert_eq!(g, [Attr::Range(kw("range"), untyped(), i(128, 1), hi)]);
        assert!(dec(&param_group(&[7, 92, 128, 1 | 2 << 32, 2, 0]))
            .unwrap_err()
            .contains("too few"));
        assert!(dec(&param_group(&[7, 92, 8, 4, 4])).unwrap_err().contains("equal bounds"));
        assert!(dec(&param_group(&[7, 92, 0, 4, 6])).unwrap_err().contains("width 0"));
        assert!(dec(&param_group(&[7, 1, 8, 4, 6])).unwrap_err().contains("not a constant range"));
        // initializes((0, 4), (8, 12)) and ((-8, -4)).
        let g = dec(&param_group(&[8, 94, 2, 64, 0, 8, 16, 24, 8, 94, 1, 64, 17, 9])).unwrap();
        assert_eq!(
            g,
            [
                Attr::Initializes(vec![(0, 4), (8, 12)].into()),
                Attr::Initializes(vec![(-8, -4)].into())
            ]
        );
        assert!(dec(&param_group(&[8, 94, 2, 64, 0, 8, 6, 24]))
            .unwrap_err()
            .contains("overlapping"));
        assert!(dec(&param_group(&[8, 94, 3, 64, 0, 8])).unwrap_err().contains("length 3"));
        assert!(dec(&[1, 2]).unwrap_err().contains("fewer than 3"));
        assert!(dec(&param_group(&[9])).unwrap_err().contains("tag 9"));
        assert!(dec(&param_group(&[1, 1])).unwrap_err().contains("ends before"));
    }

    // ---- against llvm-as-19 / llvm-dis-19 --------------------------------

    /// A module's `TYPE_BLOCK_ID_NEW` records (code, operands) and its
    /// `PARAMATTR_GRP_CODE_ENTRY` records.
    type ModuleRecords = (Vec<(u32, Vec<u64>)>, Vec<Vec<u64>>);

    /// The records of each module of a bitcode file.
    fn module_records(bc: &[u8]) -> Vec<ModuleRecords> {
        let file = crate::container::parse(bc).unwrap();
        let mut mods = Vec::new();
        for m in &file.modules {
            let mut r = BitstreamReader::new(m.bytes);
            let (mut types, mut groups) = (Vec::new(), Vec::new());
            let mut stack = Vec::new();
            let mut ops = Vec::new();
            while let Some(e) = r.advance().unwrap() {
                match e {
                    Entry::SubBlock { block_id: b @ (0 | 8 | 10 | 17) } => {
                        r.enter_block().unwrap();
                        stack.push(b);
                    }
                    Entry::SubBlock { .. } => {
                        r.skip_block().unwrap();
                    }
                    Entry::EndBlock => {
                        stack.pop();
                        if stack.is_empty() {
                            break;
                        }
                    }
                    Entry::Record(id) => {
                        let rec = r.read_record(id, &mut ops).unwrap();
                        match stack.last() {
                            Some(10) if rec.code == 3 => groups.push(ops.clone()),
                            Some(17) => types.push((rec.code, ops.clone())),
                            _ => {}
                        }
                    }
                    Entry::DefineAbbrev => {}
                }
            }
            mods.push((types, groups));
        }
        mods
    }

    /// The type table as ids of `m` (interning what `m` lacks; named
    /// structs by name); `None` for what this test does not build.
    fn type_table(m: &mut Module, recs: &[(u32, Vec<u64>)]) -> Vec<Option<TypeId>> {
        let mut ids: Vec<Option<TypeId>> = Vec::new();
        let mut name: Option<Vec<u8>> = None;
        for (code, ops) in recs {
            let t = &mut m.types;
            let at = |ids: &Vec<Option<TypeId>>, n: u64| ids.get(n as usize).copied().flatten();
            let id = match code {
                1 => continue,
                19 => {
                    name = Some(ops.iter().map(|&c| c as u8).collect());
                    continue;
                }
                2 => Some(t.void()),
                3 => Some(t.float(FloatKind::Float)),
                4 => Some(t.float(FloatKind::Double)),
                10 => Some(t.float(FloatKind::Half)),
                23 => Some(t.float(FloatKind::BFloat)),
                13 => Some(t.float(FloatKind::X86Fp80)),
                14 => Some(t.float(FloatKind::Fp128)),
                15 => Some(t.float(FloatKind::PpcFp128)),
                5 => Some(t.label()),
                16 => Some(t.metadata()),
                22 => Some(t.token()),
                7 => t.int(ops[0] as u32).ok(),
                8 => t.ptr(ops.get(1).copied().unwrap_or(0) as u32).ok(),
                25 => t.ptr(ops[0] as u32).ok(),
                11 => at(&ids, ops[1]).and_then(|e| t.array(e, ops[0]).ok()),
                12 => at(&ids, ops[1])
                    .and_then(|e| t.vector(e, ops[0] as u32, ops.get(2) == Some(&1)).ok()),
                18 => {
                    let fs: Option<Vec<TypeId>> = ops[1..].iter().map(|&f| at(&ids, f)).collect();
                    fs.and_then(|fs| t.literal_struct(&fs, ops[0] != 0).ok())
                }
                6 | 20 => name.take().and_then(|n| t.find_named(n)),
                21 => {
                    let ps: Option<Vec<TypeId>> = ops[2..].iter().map(|&f| at(&ids, f)).collect();
                    match (at(&ids, ops[1]), ps) {
                        (Some(r), Some(ps)) => t.function(r, &ps, ops[0] != 0).ok(),
                        _ => None,
                    }
                }
                _ => None,
            };
            ids.push(id);
        }
        ids
    }

    fn tool(name: &str) -> String {
        name.to_string()
    }

    fn run(cmd: &str, args: &[&Path]) -> Vec<u8> {
        let out = Command::new(tool(cmd))
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cmd} ({e})"));
        assert!(out.status.success(), "{cmd}: {}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    }

    /// Assembles `src` with `assembler`, disassembles it with llvm-dis-19
    /// and checks that the bitcode's attribute groups, decoded, are the
    /// attribute sets of the disassembly parsed by llvmext-ir, no more
    /// and no fewer. Returns the decoded sets.
    fn check_against_llvm_dis(name: &str, src: &str, assembler: &str) -> Vec<Vec<Attr>> {
        // One directory per check: the tests run in parallel threads of one
        // process, and each removes its directory when done.
        let dir = std::env::temp_dir().join(format!("llvmext-attrs-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ll = dir.join(format!("{name}.ll"));
        let bc = dir.join(format!("{name}.bc"));
        std::fs::write(&ll, src).unwrap();
        run(assembler, &[&ll, Path::new("-o"), &bc]);
        let dis = run("llvm-dis-19", &[&bc, Path::new("-o"), Path::new("-")]);
        let bytes = std::fs::read(&bc).unwrap();
        let _ = std::fs::remove_dir_all(&dir);

        let mut m = llvmext_ir::parse::parse(&dis, "dis.ll").expect("llvm-dis-19 output parses");
        let parsed: BTreeSet<u32> = (1..m.attrs.set_count() as u32).collect();
        let mods = module_records(&bytes);
        assert_eq!(mods.len(), 1);
        let (types, groups) = &mods[0];
        let table = type_table(&mut m, types);
        let mut decoded_sets = Vec::new();
        let mut found = BTreeSet::new();
        let mut out = Vec::new();
        for g in groups {
            {
                let ty = |id: u64| table.get(id as usize).copied().flatten();
                let types = &mut m.types;
                let mut ints = |b: u32| types.int(b).ok();
                let mut ctx = AttrCtx { types: &ty, int_type: &mut ints };
                let (grp, idx) = decode_group(g, &mut ctx, &mut out)
                    .unwrap_or_else(|e| panic!("group {g:?}: {e}"));
                assert_eq!((grp, idx), (g[0], g[1]));
            }
            let id = m.attrs.set(out.clone());
            assert!(
                parsed.contains(&id.0),
                "group {} (index {}) decodes to a set llvm-dis-19 does not print: {:?}",
                g[0],
                g[1],
                m.attrs.get(id)
            );
            found.insert(id.0);
            decoded_sets.push(m.attrs.get(id).to_vec());
        }
        let missing: Vec<_> =
            parsed.difference(&found).map(|&s| m.attrs.get(AttrSetId(s)).to_vec()).collect();
        assert!(
            missing.is_empty(),
            "sets llvm-dis-19 prints that no group decodes to: {missing:?}"
        );
        decoded_sets
    }

    const ALL19: &str = r#"target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%T = type { i32, [4 x i8] }
%U = type { ptr, i64 }

declare noalias nonnull align 16 dereferenceable(32) ptr @ret_attrs(ptr noalias nocapture nonnull noundef readonly dereferenceable(16) align 8, ptr nocapture readnone, ptr writeonly, ptr noundef dereferenceable_or_null(8), ptr writable dead_on_unwind, ptr nocapture initializes((0, 4), (8, 12)), ptr initializes((-8, -4))) "str-no-value" "str"="with value"
declare void @p2(ptr noalias sret(%T) align 4, ptr byval(%U) align 8, ptr byref(%T), ptr nest, ptr inreg, ptr swiftself, ptr swifterror, ptr swiftasync)
declare ptr @p2b(ptr returned)
declare void @p3(ptr inalloca(%T))
declare void @p4(ptr preallocated(%T))
declare signext i32 @p5(i8 zeroext, i32 range(i32 1, 10), i8 range(i8 -5, 5), i64 range(i64 -9223372036854775808, 0), i128 range(i128 1, 170141183460469231731687303715884105727), i256 range(i256 -3, 340282366920938463463374607431768211457))
declare nofpclass(nan inf) float @p6(float nofpclass(zero sub norm), double nofpclass(qnan pinf nnorm psub pzero), <2 x float> nofpclass(all))
declare noundef ptr @alloc1(i64 allocalign, i64, ptr allocptr) allockind("alloc,uninitialized,aligned") allocsize(1)
declare ptr @alloc2(i64, i64) allockind("alloc,zeroed") allocsize(0, 1) "alloc-family"="malloc"
declare ptr @realloc(ptr allocptr, i64) allockind("realloc") allocsize(1)
declare void @free(ptr allocptr) allockind("free")
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @mem1() memory(none)
declare void @mem2() memory(read)
declare void @mem3() memory(write)
declare void @mem4() memory(argmem: readwrite)
declare void @mem5() memory(inaccessiblemem: read)
declare void @mem6() memory(read, argmem: readwrite)
declare void @mem7() memory(readwrite, inaccessiblemem: none)
declare void @mem8() memory(argmem: read, inaccessiblemem: write)
declare void @mem9() memory(readwrite)
declare void @fa1() alwaysinline cold convergent disable_sanitizer_instrumentation fn_ret_thunk_extern inlinehint mustprogress nocallback nocf_check noduplicate nofree noimplicitfloat nomerge noprofile norecurse noredzone noreturn nosanitize_bounds nosanitize_coverage nosync nounwind nonlazybind null_pointer_is_valid optforfuzzing optsize minsize presplitcoroutine returns_twice safestack sanitize_address sanitize_hwaddress sanitize_memtag sanitize_memory sanitize_numerical_stability sanitize_thread shadowcallstack skipprofile speculatable speculative_load_hardening sspstrong strictfp willreturn coro_only_destroy_when_complete
declare void @fa2() unnamed_addr jumptable hot noinline optnone ssp uwtable alignstack(16) vscale_range(1,16)
declare void @fa3() naked sspreq uwtable(sync) vscale_range(2) "frame-pointer"="all"
declare void @fa4() optdebug uwtable(async) vscale_range(1,0)
declare void @fa5() "target-features"="+avx,+sse4.2" "target-cpu"="x86-64" "esc"="a\22b\0Ac"

define void @calls(ptr %p) {
  call void @mem1() #0
  call void @mem2() builtin nobuiltin
  %r = call ptr @ret_attrs(ptr nonnull %p, ptr %p, ptr %p, ptr %p, ptr %p, ptr %p, ptr %p) memory(argmem: read) "call-str"
  call void asm sideeffect "", "=*m"(ptr elementtype(i32) %p)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 %p, i64 4, i1 false)
  ret void
}

attributes #0 = { nounwind "call-group"="1" }
"#;
    const OLD14: &str = r#"target triple = "x86_64-unknown-linux-gnu"
%T = type { i32, [4 x i8] }

declare void @r0() readnone
declare void @r1() readonly
declare void @r2() writeonly
declare void @r3() argmemonly
declare void @r4() inaccessiblememonly
declare void @r5() inaccessiblemem_or_argmemonly
declare void @r6() readonly argmemonly
declare void @r7() writeonly inaccessiblemem_or_argmemonly nounwind
declare void @r8() readnone argmemonly
declare void @p(%T* sret(%T), i8* readonly nocapture, i8* readnone, i8* writeonly, %T* byval(%T) align 8, i32* inalloca(i32))
declare void @pb(i32* byref(i32))
declare void @u1() uwtable
declare void @u2() uwtable "no-frame-pointer-elim"="true"
declare void @u3() "no-frame-pointer-elim"="false"
declare void @u4() "no-frame-pointer-elim-non-leaf"
declare void @u5() "no-frame-pointer-elim"="true" "no-frame-pointer-elim-non-leaf"
declare void @u6() "null-pointer-is-valid"="true"
declare void @u7() "null-pointer-is-valid"="false" "frame-pointer"="none" "no-frame-pointer-elim-non-leaf"
declare i8* @u8(i32) allocsize(0) "x"="y"

define void @c(i8* %p) {
  call void @r3() readonly
  call void @r0() argmemonly nounwind
  ret void
}
"#;

    /// Every attribute kind LLVM 19 reads, as llvm-as-19 writes it.
    #[test]
    fn every_llvm19_kind_matches_llvm_dis() {
        let sets = check_against_llvm_dis("all19", ALL19, "llvm-as-19");
        let kinds: BTreeSet<&str> =
            sets.iter().flatten().filter_map(|a| a.kind()).map(|k| k.keyword()).collect();
        // LLVM 19.1's reader lacks hybrid_patchable (it rejects its own
        // output); `enum_forms_of_old_producers` covers it.
        let missing: Vec<_> =
            KEYWORDS.iter().filter(|k| !kinds.contains(*k) && **k != "hybrid_patchable").collect();
        assert!(missing.is_empty(), "kinds the test file lacks: {missing:?}");
    }

    /// LLVM 14's legacy memory kinds, enum `uwtable`, typed pointers and
    /// old string attributes, upgraded as llvm-dis-19 upgrades them.
    #[test]
    fn llvm14_output_upgrades_like_llvm_dis() {
        if Command::new("llvm-as-14").arg("--version").output().is_err() {
            eprintln!("llvm-as-14 not installed: skipped (apt-get install llvm-14)");
            return;
        }
        let sets = check_against_llvm_dis("old14", OLD14, "llvm-as-14");
        assert!(sets.iter().flatten().any(|a| a.kind_keyword() == b"memory"));
    }

    /// Every attribute group of the compiler output in the test corpus
    /// (clang-19 C, sqlite3, rustc with LLVM 22) decodes. In the workspace
    /// only (the `workspace-tests` feature): the corpus is built outside the
    /// crate by the root package's tests, which `cargo test --workspace`
    /// runs first.
    #[cfg(feature = "workspace-tests")]
    #[test]
    fn corpus_groups_decode() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/llvmext-corpus");
        let rd = std::fs::read_dir(&dir).unwrap_or_else(|e| {
            panic!(
                "no corpus at {} ({e}): the root package's tests build it \
                 (`cargo test --workspace` runs them before this crate's)",
                dir.display()
            )
        });
        let mut n = 0;
        let mut failures = Vec::new();
        for e in rd {
            let path = e.unwrap().path();
            if path.extension().and_then(|x| x.to_str()) != Some("bc") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            for (types, groups) in module_records(&bytes) {
                let ntypes = types.iter().filter(|(c, _)| *c != 1 && *c != 19).count() as u64;
                for g in groups {
                    let ty = |id: u64| (id < ntypes).then(untyped);
                    let mut ints = |b: u32| (1..=MAX_INT_BITS).contains(&b).then(untyped);
                    let mut ctx = AttrCtx { types: &ty, int_type: &mut ints };
                    let mut out = Vec::new();
                    n += 1;
                    if let Err(e) = decode_group(&g, &mut ctx, &mut out) {
                        failures.push(format!("{}: group {}: {e}", path.display(), g[0]));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
        eprintln!("{n} attribute groups decoded");
        assert!(n > 0, "no bitcode in {}", dir.display());
    }
}
