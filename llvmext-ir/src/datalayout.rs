//! Target data layouts: the `target datalayout = "..."` string parsed as
//! LLVM 19's `DataLayout` parses it (with its error messages), and the
//! sizes and alignments of types it implies.
//!
//! The `.ll` parser uses it for what LLParser fills in when the text omits
//! it (the `align` of `load`, `store` and `alloca`, the address space of
//! `alloca` and of global variables); a bitcode writer or a code generator
//! asks it the same questions.
//!
//! ```
//! use llvmext_ir::datalayout::DataLayout;
//! use llvmext_ir::types::Types;
//!
//! let dl = DataLayout::parse("e-m:e-p:32:32-i64:32-n8:16:32-S128-A5").unwrap();
//! let mut types = Types::new();
//! let i64t = types.int(64).unwrap();
//! assert_eq!(dl.abi_align(&types, i64t), Some(4));
//! assert_eq!(dl.alloca_addrspace(), 5);
//! let e = DataLayout::parse("e-i8:16").unwrap_err();
//! assert_eq!(e.to_string(), "Invalid ABI alignment, i8 must be naturally aligned");
//! ```

use alloc::vec::Vec;
use core::fmt;

use crate::id::TypeId;
use crate::types::{FloatKind, TypeKind, Types};

/// Why a datalayout string was refused: LLVM 19's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataLayoutError {
    /// The message, worded as LLVM 19's `DataLayout::parse` words it.
    pub message: &'static str,
}

impl fmt::Display for DataLayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for DataLayoutError {}

/// Alignment specification of one primitive width (`i64:32:64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrimitiveSpec {
    /// The bit width it applies to.
    pub bits: u32,
    /// ABI alignment in bytes.
    pub abi: u64,
    /// Preferred alignment in bytes.
    pub pref: u64,
}

/// Layout of the pointers of one address space (`p1:32:32:32:32`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerSpec {
    /// The address space.
    pub addrspace: u32,
    /// Size in bits.
    pub bits: u32,
    /// ABI alignment in bytes.
    pub abi: u64,
    /// Preferred alignment in bytes.
    pub pref: u64,
    /// Width of GEP indices in bits.
    pub index_bits: u32,
}

/// A parsed data layout. [`Default`] is LLVM's default layout (the empty
/// string).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataLayout {
    /// `E` (else `e`, the default).
    pub big_endian: bool,
    /// `A<n>`: address space of `alloca`.
    pub alloca_as: u32,
    /// `P<n>`: address space of functions.
    pub program_as: u32,
    /// `G<n>`: default address space of global variables.
    pub globals_as: u32,
    /// `S<n>`: natural stack alignment in bytes (`None`: unspecified).
    pub stack_align: Option<u64>,
    /// `m:<c>`: the mangling mode's letter.
    pub mangling: Option<u8>,
    /// `n<w>:<w>...`: the native integer widths.
    pub legal_ints: Vec<u32>,
    /// `ni:<as>...`: non-integral address spaces.
    pub non_integral: Vec<u32>,
    ints: Vec<PrimitiveSpec>,
    floats: Vec<PrimitiveSpec>,
    vectors: Vec<PrimitiveSpec>,
    aggregate_abi: u64,
    aggregate_pref: u64,
    pointers: Vec<PointerSpec>,
}

const fn spec(bits: u32, abi: u64, pref: u64) -> PrimitiveSpec {
    PrimitiveSpec { bits, abi, pref }
}

impl Default for DataLayout {
    fn default() -> Self {
        DataLayout {
            big_endian: false,
            alloca_as: 0,
            program_as: 0,
            globals_as: 0,
            stack_align: None,
            mangling: None,
            legal_ints: Vec::new(),
            non_integral: Vec::new(),
            ints: alloc::vec![
                spec(1, 1, 1),
                spec(8, 1, 1),
                spec(16, 2, 2),
                spec(32, 4, 4),
                spec(64, 4, 8)
            ],
            floats: alloc::vec![spec(16, 2, 2), spec(32, 4, 4), spec(64, 8, 8), spec(128, 16, 16)],
            vectors: alloc::vec![spec(64, 8, 8), spec(128, 16, 16)],
            aggregate_abi: 1,
            aggregate_pref: 8,
            pointers: alloc::vec![PointerSpec {
                addrspace: 0,
                bits: 64,
                abi: 8,
                pref: 8,
                index_bits: 64
            }],
        }
    }
}

type R<T> = Result<T, DataLayoutError>;

fn fail<T>(message: &'static str) -> R<T> {
    Err(DataLayoutError { message })
}

/// `StringRef::split` with LLVM's checks for a missing token.
fn split(s: &str, sep: char) -> R<(&str, &str)> {
    let (a, b) = s.split_once(sep).unwrap_or((s, ""));
    if b.is_empty() && a != s {
        return fail("Trailing separator in datalayout string");
    }
    if !b.is_empty() && a.is_empty() {
        return fail("Expected token before separator in datalayout string");
    }
    Ok((a, b))
}

/// `StringRef::getAsInteger(10, unsigned)`.
fn int(s: &str) -> R<u64> {
    int_max(s, u64::from(u32::MAX))
}

fn int_max(s: &str, max: u64) -> R<u64> {
    let bad = DataLayoutError { message: "not a number, or does not fit in an unsigned int" };
    if s.is_empty() || !s.bytes().all(|c| c.is_ascii_digit()) {
        return Err(bad);
    }
    let mut v: u64 = 0;
    for c in s.bytes() {
        v = v.checked_mul(10).and_then(|v| v.checked_add(u64::from(c - b'0'))).ok_or(bad)?;
        if v > max {
            return Err(bad);
        }
    }
    Ok(v)
}

fn int_bytes(s: &str, max: u64) -> R<u64> {
    let v = int_max(s, max)?;
    if v % 8 != 0 {
        return fail("number of bits must be a byte width multiple");
    }
    Ok(v / 8)
}

fn addrspace(s: &str) -> R<u32> {
    let v = int(s)?;
    if v >= 1 << 24 {
        return fail("Invalid address space, must be a 24-bit integer");
    }
    Ok(v as u32)
}

impl DataLayout {
    /// Parses a datalayout string as LLVM 19 does (the empty string is the
    /// default layout).
    pub fn parse(desc: &str) -> Result<DataLayout, DataLayoutError> {
        let mut dl = DataLayout::default();
        let mut desc = desc;
        while !desc.is_empty() {
            let (spec, rest_desc) = split(desc, '-')?;
            desc = rest_desc;
            let (tok, mut rest) = split(spec, ':')?;
            if tok == "ni" {
                loop {
                    let (a, r) = split(rest, ':')?;
                    rest = r;
                    let n = int(a)?;
                    if n == 0 {
                        return fail("Address space 0 can never be non-integral");
                    }
                    dl.non_integral.push(n as u32);
                    if rest.is_empty() {
                        break;
                    }
                }
                continue;
            }
            let Some(&specifier) = tok.as_bytes().first() else {
                return fail("Expected token before separator in datalayout string");
            };
            // (A non-ASCII first byte is an unknown specifier below.)
            let tok = tok.get(1..).unwrap_or("");
            match specifier {
                b's' => {}
                b'E' => dl.big_endian = true,
                b'e' => dl.big_endian = false,
                b'p' => dl.parse_pointer(tok, rest)?,
                b'i' | b'v' | b'f' | b'a' => dl.parse_primitive(specifier, tok, rest)?,
                b'n' => {
                    let mut tok = tok;
                    loop {
                        let w = int(tok)?;
                        if w == 0 {
                            return fail("Zero width native integer type in datalayout string");
                        }
                        dl.legal_ints.push(w as u32);
                        if rest.is_empty() {
                            break;
                        }
                        let (a, r) = split(rest, ':')?;
                        tok = a;
                        rest = r;
                    }
                }
                b'S' => {
                    let a = int_bytes(tok, u64::MAX)?;
                    if a != 0 && !a.is_power_of_two() {
                        return fail("Alignment is neither 0 nor a power of 2");
                    }
                    dl.stack_align = (a != 0).then_some(a);
                }
                b'F' => {
                    match tok.as_bytes().first() {
                        Some(b'i' | b'n') => {}
                        _ => {
                            return fail(
                                "Unknown function pointer alignment type in datalayout string",
                            )
                        }
                    }
                    let a = int_bytes(&tok[1..], u64::MAX)?;
                    if a != 0 && !a.is_power_of_two() {
                        return fail("Alignment is neither 0 nor a power of 2");
                    }
                }
                b'P' => dl.program_as = addrspace(tok)?,
                b'A' => dl.alloca_as = addrspace(tok)?,
                b'G' => dl.globals_as = addrspace(tok)?,
                b'm' => {
                    if !tok.is_empty() {
                        return fail(
                            "Unexpected trailing characters after mangling specifier in datalayout string",
                        );
                    }
                    if rest.is_empty() {
                        return fail("Expected mangling specifier in datalayout string");
                    }
                    if rest.len() > 1 {
                        return fail("Unknown mangling specifier in datalayout string");
                    }
                    match rest.as_bytes()[0] {
                        c @ (b'e' | b'l' | b'o' | b'm' | b'w' | b'x' | b'a') => {
                            dl.mangling = Some(c)
                        }
                        _ => return fail("Unknown mangling in datalayout string"),
                    }
                }
                _ => return fail("Unknown specifier in datalayout string"),
            }
        }
        Ok(dl)
    }

    fn parse_pointer(&mut self, tok: &str, rest: &str) -> R<()> {
        let asp = if tok.is_empty() { 0 } else { int(tok)? };
        if asp >= 1 << 24 {
            return fail("Invalid address space, must be a 24-bit integer");
        }
        if rest.is_empty() {
            return fail("Missing size specification for pointer in datalayout string");
        }
        let (t, rest) = split(rest, ':')?;
        let bits = int(t)?;
        if bits == 0 {
            return fail("Invalid pointer size of 0 bytes");
        }
        if rest.is_empty() {
            return fail("Missing alignment specification for pointer in datalayout string");
        }
        let (t, mut rest) = split(rest, ':')?;
        let abi = int_bytes(t, u64::from(u32::MAX))?;
        if !abi.is_power_of_two() {
            return fail("Pointer ABI alignment must be a power of 2");
        }
        let mut index = bits;
        let mut pref = abi;
        if !rest.is_empty() {
            let (t, r) = split(rest, ':')?;
            rest = r;
            pref = int_bytes(t, u64::from(u32::MAX))?;
            if !pref.is_power_of_two() {
                return fail("Pointer preferred alignment must be a power of 2");
            }
            if !rest.is_empty() {
                let (t, _) = split(rest, ':')?;
                index = int(t)?;
                if index == 0 {
                    return fail("Invalid index size of 0 bytes");
                }
            }
        }
        if pref < abi {
            return fail("Preferred alignment cannot be less than the ABI alignment");
        }
        if index > bits {
            return fail("Index width cannot be larger than pointer width");
        }
        let p = PointerSpec {
            addrspace: asp as u32,
            bits: bits as u32,
            abi,
            pref,
            index_bits: index as u32,
        };
        match self.pointers.binary_search_by_key(&p.addrspace, |s| s.addrspace) {
            Ok(i) => self.pointers[i] = p,
            Err(i) => self.pointers.insert(i, p),
        }
        Ok(())
    }

    fn parse_primitive(&mut self, specifier: u8, tok: &str, rest: &str) -> R<()> {
        let size = if tok.is_empty() { 0 } else { int(tok)? };
        if specifier == b'a' && size != 0 {
            return fail("Sized aggregate specification in datalayout string");
        }
        if rest.is_empty() {
            return fail("Missing alignment specification in datalayout string");
        }
        let (t, rest) = split(rest, ':')?;
        let abi = int_bytes(t, u64::from(u32::MAX))?;
        if specifier != b'a' && abi == 0 {
            return fail("ABI alignment specification must be >0 for non-aggregate types");
        }
        if abi > 0xffff {
            return fail("Invalid ABI alignment, must be a 16bit integer");
        }
        if abi != 0 && !abi.is_power_of_two() {
            return fail("Invalid ABI alignment, must be a power of 2");
        }
        if specifier == b'i' && size == 8 && abi != 1 {
            return fail("Invalid ABI alignment, i8 must be naturally aligned");
        }
        let mut pref = abi;
        if !rest.is_empty() {
            let (t, _) = split(rest, ':')?;
            pref = int_bytes(t, u64::from(u32::MAX))?;
        }
        if pref > 0xffff {
            return fail("Invalid preferred alignment, must be a 16bit integer");
        }
        if pref != 0 && !pref.is_power_of_two() {
            return fail("Invalid preferred alignment, must be a power of 2");
        }
        if size >= 1 << 24 {
            return fail("Invalid bit width, must be a 24-bit integer");
        }
        // `assumeAligned`: 0 means 1.
        let (abi, pref) = (abi.max(1), pref.max(1));
        if pref < abi {
            return fail("Preferred alignment cannot be less than the ABI alignment");
        }
        let list = match specifier {
            b'a' => {
                self.aggregate_abi = abi;
                self.aggregate_pref = pref;
                return Ok(());
            }
            b'i' => &mut self.ints,
            b'f' => &mut self.floats,
            _ => &mut self.vectors,
        };
        let s = PrimitiveSpec { bits: size as u32, abi, pref };
        match list.binary_search_by_key(&s.bits, |s| s.bits) {
            Ok(i) => list[i] = s,
            Err(i) => list.insert(i, s),
        }
        Ok(())
    }

    /// The address space `alloca` gives when the text names none.
    pub fn alloca_addrspace(&self) -> u32 {
        self.alloca_as
    }

    /// The layout of pointers in `addrspace` (address space 0's when it has
    /// none of its own).
    pub fn pointer(&self, addrspace: u32) -> PointerSpec {
        match self.pointers.binary_search_by_key(&addrspace, |s| s.addrspace) {
            Ok(i) => self.pointers[i],
            Err(_) => self.pointers[0],
        }
    }

    /// The size of a pointer in `addrspace`, in bits.
    pub fn pointer_bits(&self, addrspace: u32) -> u32 {
        self.pointer(addrspace).bits
    }

    /// The ABI alignment of `ty` in bytes (`None`: unsized).
    pub fn abi_align(&self, types: &Types, ty: TypeId) -> Option<u64> {
        self.align(types, ty, true, 0)
    }

    /// The preferred alignment of `ty` in bytes (`None`: unsized).
    pub fn pref_align(&self, types: &Types, ty: TypeId) -> Option<u64> {
        self.align(types, ty, false, 0)
    }

    /// The size of `ty` in bits (the minimum, for scalable vectors).
    pub fn size_in_bits(&self, types: &Types, ty: TypeId) -> Option<u64> {
        self.size_bits(types, ty, 0)
    }

    /// The number of bytes a store of `ty` writes.
    pub fn store_size(&self, types: &Types, ty: TypeId) -> Option<u64> {
        Some(self.size_bits(types, ty, 0)?.div_ceil(8))
    }

    /// The distance between consecutive `ty`s in memory (store size rounded
    /// up to the ABI alignment).
    pub fn alloc_size(&self, types: &Types, ty: TypeId) -> Option<u64> {
        self.alloc_size_at(types, ty, 0)
    }

    fn alloc_size_at(&self, types: &Types, ty: TypeId, depth: u32) -> Option<u64> {
        let store = self.size_bits(types, ty, depth)?.div_ceil(8);
        let a = self.align(types, ty, true, depth)?;
        store.checked_next_multiple_of(a)
    }

    /// `(size in bytes, ABI alignment)` of a struct's body.
    fn struct_layout(
        &self,
        types: &Types,
        fields: &[TypeId],
        packed: bool,
        depth: u32,
    ) -> Option<(u64, u64)> {
        let mut size: u64 = 0;
        let mut align: u64 = 1;
        for &f in fields {
            let a = if packed { 1 } else { self.align(types, f, true, depth + 1)? };
            size = size.checked_next_multiple_of(a)?;
            align = align.max(a);
            size = size.checked_add(self.alloc_size_at(types, f, depth + 1)?)?;
        }
        Some((size.checked_next_multiple_of(align)?, align))
    }

    fn fields(types: &Types, ty: TypeId) -> Option<(&[TypeId], bool)> {
        match types.get(ty)? {
            TypeKind::Struct { fields, packed } => Some((fields, *packed)),
            TypeKind::Named(_) => {
                let (_, body) = types.named_body(ty)?;
                let body = body?;
                Some((body.fields, body.packed))
            }
            _ => None,
        }
    }

    fn align(&self, types: &Types, ty: TypeId, abi: bool, depth: u32) -> Option<u64> {
        if depth > MAX_DEPTH {
            return None;
        }
        let pick = |s: &PrimitiveSpec| if abi { s.abi } else { s.pref };
        Some(match types.get(ty)? {
            TypeKind::Label => {
                let p = self.pointer(0);
                if abi {
                    p.abi
                } else {
                    p.pref
                }
            }
            TypeKind::Ptr(a) => {
                let p = self.pointer(*a);
                if abi {
                    p.abi
                } else {
                    p.pref
                }
            }
            TypeKind::Array { elem, .. } => self.align(types, *elem, abi, depth + 1)?,
            TypeKind::Struct { .. } | TypeKind::Named(_) => {
                let (fields, packed) = Self::fields(types, ty)?;
                if packed && abi {
                    return Some(1);
                }
                let (_, a) = self.struct_layout(types, fields, packed, depth)?;
                let base = if abi { self.aggregate_abi } else { self.aggregate_pref };
                base.max(a)
            }
            TypeKind::Int(bits) => {
                let i = self.ints.partition_point(|s| s.bits < *bits);
                pick(&self.ints[i.min(self.ints.len() - 1)])
            }
            TypeKind::Float(k) => {
                let bits = float_bits(*k);
                let i = self.floats.partition_point(|s| s.bits < bits);
                match self.floats.get(i) {
                    Some(s) if s.bits == bits => pick(s),
                    _ => u64::from(bits).div_ceil(8).next_power_of_two(),
                }
            }
            TypeKind::Vector { .. } | TypeKind::X86Mmx => {
                let bits = self.size_bits(types, ty, depth)?;
                let i = self.vectors.partition_point(|s| u64::from(s.bits) < bits);
                match self.vectors.get(i) {
                    Some(s) if u64::from(s.bits) == bits => pick(s),
                    _ => bits.div_ceil(8).checked_next_power_of_two()?,
                }
            }
            TypeKind::X86Amx => 64,
            TypeKind::TargetExt { .. } => {
                let layout = target_ext_layout(types, ty)?;
                return self.align(types, layout, abi, depth + 1);
            }
            _ => return None,
        })
    }

    fn size_bits(&self, types: &Types, ty: TypeId, depth: u32) -> Option<u64> {
        if depth > MAX_DEPTH {
            return None;
        }
        Some(match types.get(ty)? {
            TypeKind::Label => u64::from(self.pointer(0).bits),
            TypeKind::Ptr(a) => u64::from(self.pointer(*a).bits),
            TypeKind::Array { elem, len } => {
                self.alloc_size_at(types, *elem, depth + 1)?.checked_mul(*len)?.checked_mul(8)?
            }
            TypeKind::Struct { .. } | TypeKind::Named(_) => {
                let (fields, packed) = Self::fields(types, ty)?;
                self.struct_layout(types, fields, packed, depth)?.0.checked_mul(8)?
            }
            TypeKind::Int(bits) => u64::from(*bits),
            TypeKind::Float(k) => u64::from(float_bits(*k)),
            TypeKind::X86Amx => 8192,
            TypeKind::X86Mmx => 64,
            TypeKind::Vector { elem, len, .. } => {
                self.size_bits(types, *elem, depth + 1)?.checked_mul(u64::from(*len))?
            }
            TypeKind::TargetExt { .. } => {
                let layout = target_ext_layout(types, ty)?;
                return self.size_bits(types, layout, depth + 1);
            }
            _ => return None,
        })
    }
}

/// How deep size and alignment queries follow nested types before giving
/// up (an answer of `None`), so that hostile nesting cannot exhaust the
/// stack.
const MAX_DEPTH: u32 = 2048;

fn float_bits(k: FloatKind) -> u32 {
    match k {
        FloatKind::X86Fp80 => 80,
        k => k.bits(),
    }
}

/// The layout type LLVM 19 gives a target extension type
/// (`TargetExtType::getLayoutType`): `ptr` for `spirv.*`, nothing (unsized)
/// for the others it knows no layout of.
fn target_ext_layout(types: &Types, ty: TypeId) -> Option<TypeId> {
    let TypeKind::TargetExt { name, .. } = types.get(ty)? else { return None };
    if name.starts_with("spirv.") {
        return types.find(&TypeKind::Ptr(0));
    }
    if &**name == "aarch64.svcount" {
        let i1 = types.find(&TypeKind::Int(1))?;
        return types.find(&TypeKind::Vector { elem: i1, len: 16, scalable: true });
    }
    None
}

/// The datalayout string `dl` of a module for `triple` as LLVM 19's bitcode
/// reader upgrades it (`UpgradeDataLayoutString`): the pointer sizes of
/// address spaces 270 to 272 and `i128:128` on x86, `G1` and the buffer
/// address spaces on AMDGPU, `n32:64` on 64-bit RISC-V and LoongArch, 16-byte
/// `f80` on 32-bit MSVC. A layout that needs none comes back unchanged.
///
/// ```
/// use llvmext_ir::datalayout::upgrade_string;
/// let old = "e-m:e-i64:64-f80:128-n8:16:32:64-S128";
/// assert_eq!(
///     upgrade_string(old, "x86_64-pc-linux-gnu"),
///     "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
/// );
/// ```
pub fn upgrade_string(dl: &str, triple: &str) -> alloc::string::String {
    use alloc::string::{String, ToString};
    let arch = triple.split('-').next().unwrap_or("");
    let has = |s: &str, c: &str| s.contains(&alloc::format!("-{c}")) || s.starts_with(c);
    let amdgpu = arch == "r600" || arch == "amdgcn";
    let spir = matches!(arch, "spir" | "spir64");
    let spirv_logical = arch == "spirv";
    let spirv = arch.starts_with("spirv") && !spirv_logical;
    if ((amdgpu && arch != "amdgcn") || spir || spirv) && !has(dl, "G") {
        return if dl.is_empty() { "G1".into() } else { alloc::format!("{dl}-G1") };
    }
    if arch == "loongarch64" || arch == "riscv64" {
        return match dl.find("-n64-") {
            Some(i) => alloc::format!("{}-n32:64-{}", &dl[..i], &dl[i + 5..]),
            None => dl.to_string(),
        };
    }
    let mut res = String::from(dl);
    if arch == "amdgcn" {
        if !has(dl, "G") {
            res.push_str(if res.is_empty() { "G1" } else { "-G1" });
        }
        if !has(dl, "ni") {
            res.push_str("-ni:7:8:9");
        }
        if dl.ends_with("ni:7") {
            res.push_str(":8:9");
        }
        if dl.ends_with("ni:7:8") {
            res.push_str(":9");
        }
        if !has(dl, "p7") {
            res.push_str("-p7:160:256:256:32");
        }
        if !has(dl, "p8") {
            res.push_str("-p8:128:128");
        }
        if !has(dl, "p9") {
            res.push_str("-p9:192:256:256:32");
        }
        return res;
    }
    let x86 = matches!(
        arch,
        "i386"
            | "i486"
            | "i586"
            | "i686"
            | "i786"
            | "i886"
            | "i986"
            | "x86_64"
            | "x86_64h"
            | "amd64"
    );
    if !x86 {
        return res;
    }
    let spaces = "-p270:32:32-p271:32:32-p272:64:64";
    if !res.contains(spaces) {
        // (e-m:[a-z](-p:32:32)?)(-[if]64:.*$), searched anywhere.
        if let Some((head, tail)) = x86_split(&res) {
            res = alloc::format!("{head}{spaces}{tail}");
        }
    }
    let iamcu = triple.split('-').any(|c| c == "elfiamcu");
    if !iamcu && !res.contains("-i128:128") {
        // ^(e(-[mpi][^-]*)*)((-[^mpi][^-]*)*)$
        if let Some(rest) = res.strip_prefix('e') {
            let parts: alloc::vec::Vec<&str> = if rest.is_empty() {
                alloc::vec::Vec::new()
            } else if let Some(r) = rest.strip_prefix('-') {
                r.split('-').collect()
            } else {
                alloc::vec![]
            };
            let ok_shape = rest.is_empty() || rest.starts_with('-');
            let lead = parts.iter().take_while(|p| p.starts_with(['m', 'p', 'i'])).count();
            let tail_ok = parts[lead..].iter().all(|p| !p.starts_with(['m', 'p', 'i']));
            if ok_shape && tail_ok {
                let mut s = String::from("e");
                for p in &parts[..lead] {
                    s.push('-');
                    s.push_str(p);
                }
                s.push_str("-i128:128");
                for p in &parts[lead..] {
                    s.push('-');
                    s.push_str(p);
                }
                res = s;
            }
        }
    }
    let msvc32 = triple.contains("msvc") && !matches!(arch, "x86_64" | "x86_64h" | "amd64");
    if msvc32 {
        if let Some(i) = res.find("-f80:32-") {
            res = alloc::format!("{}-f80:128-{}", &res[..i], &res[i + 8..]);
        }
    }
    res
}

/// `(e-m:[a-z](-p:32:32)?)` and `(-[if]64:.*$)` of the first match in `s`.
fn x86_split(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    for start in 0..b.len() {
        // A non-ASCII datalayout (bitcode keeps any bytes) has starts
        // inside a character.
        if !s.is_char_boundary(start) {
            continue;
        }
        let t = &s[start..];
        if !t.starts_with("e-m:") || t.len() < 5 || !b[start + 4].is_ascii_lowercase() {
            continue;
        }
        let mut end = start + 5;
        if s[end..].starts_with("-p:32:32") {
            let with = end + 8;
            if s[with..].starts_with("-i64:") || s[with..].starts_with("-f64:") {
                return Some((&s[start..with], &s[with..]));
            }
        }
        if s[end..].starts_with("-i64:") || s[end..].starts_with("-f64:") {
            end = start + 5;
            return Some((&s[start..end], &s[end..]));
        }
    }
    None
}
