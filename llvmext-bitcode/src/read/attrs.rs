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
#![cfg_attr(not(test), allow(dead_code))]

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

