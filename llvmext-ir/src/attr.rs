//! Attributes: the kinds LLVM 19 knows (numbered as LLVM 19's generated
//! `Attributes.inc` numbers them, which is the order they print in), sets
//! of attributes kept sorted the way `AttributeSetNode` sorts them, and
//! attribute lists (function, return and parameter sets) — both interned.
//!
//! ```
//! use llvmext_ir::attr::{Attr, AttrKind, Attrs};
//! let mut a = Attrs::new();
//! let s = a.set(vec![
//!     Attr::String("frame-pointer".into(), "all".into()),
//!     Attr::Enum(AttrKind::from_keyword("nounwind").unwrap()),
//!     Attr::Enum(AttrKind::from_keyword("noinline").unwrap()),
//! ]);
//! let kinds: Vec<_> = a.get(s).iter().map(|x| String::from_utf8_lossy(x.kind_keyword()).into_owned()).collect();
//! assert_eq!(kinds, ["noinline", "nounwind", "frame-pointer"]);
//! ```

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::hash::Hash;

pub use crate::id::{AttrListId, AttrSetId};

use crate::id::TypeId;
use crate::interner::Interner;

use crate::int::IntValue;
use crate::name::ByteStr;

/// An attribute kind (LLVM 19's `Attribute::AttrKind`, 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttrKind(pub u8);

/// The keywords of LLVM 19's attribute kinds in their enum order: enum
/// attributes, then type attributes (from `byref`), then integer attributes
/// (from `align`), then `range` and `initializes`.
pub const KEYWORDS: &[&str] = &[
    "allocalign",
    "allocptr",
    "alwaysinline",
    "builtin",
    "cold",
    "convergent",
    "coro_only_destroy_when_complete",
    "dead_on_unwind",
    "disable_sanitizer_instrumentation",
    "fn_ret_thunk_extern",
    "hot",
    "hybrid_patchable",
    "immarg",
    "inreg",
    "inlinehint",
    "jumptable",
    "minsize",
    "mustprogress",
    "naked",
    "nest",
    "noalias",
    "nobuiltin",
    "nocallback",
    "nocapture",
    "nocf_check",
    "noduplicate",
    "nofree",
    "noimplicitfloat",
    "noinline",
    "nomerge",
    "noprofile",
    "norecurse",
    "noredzone",
    "noreturn",
    "nosanitize_bounds",
    "nosanitize_coverage",
    "nosync",
    "noundef",
    "nounwind",
    "nonlazybind",
    "nonnull",
    "null_pointer_is_valid",
    "optforfuzzing",
    "optdebug",
    "optsize",
    "optnone",
    "presplitcoroutine",
    "readnone",
    "readonly",
    "returned",
    "returns_twice",
    "signext",
    "safestack",
    "sanitize_address",
    "sanitize_hwaddress",
    "sanitize_memtag",
    "sanitize_memory",
    "sanitize_numerical_stability",
    "sanitize_thread",
    "shadowcallstack",
    "skipprofile",
    "speculatable",
    "speculative_load_hardening",
    "ssp",
    "sspreq",
    "sspstrong",
    "strictfp",
    "swiftasync",
    "swifterror",
    "swiftself",
    "willreturn",
    "writable",
    "writeonly",
    "zeroext",
    "byref",
    "byval",
    "elementtype",
    "inalloca",
    "preallocated",
    "sret",
    "align",
    "allockind",
    "allocsize",
    "dereferenceable",
    "dereferenceable_or_null",
    "memory",
    "nofpclass",
    "alignstack",
    "uwtable",
    "vscale_range",
    "range",
    "initializes",
];

const FIRST_TYPE: u8 = 75; // byref
const FIRST_INT: u8 = 81; // align
const RANGE: u8 = 91;
const INITIALIZES: u8 = 92;

/// The category of an attribute kind, which says what it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttrCategory {
    /// No argument.
    Enum,
    /// A type argument (`byval(T)`, `sret(T)`, ...).
    Type,
    /// An integer argument (`align 8`, `memory(...)`, `uwtable(sync)`...).
    Int,
    /// `range(iN lo, hi)`.
    Range,
    /// `initializes((lo, hi), ...)`.
    Initializes,
}

impl AttrKind {
    /// The kind of keyword `kw`.
    pub fn from_keyword(kw: &str) -> Option<AttrKind> {
        KEYWORDS.iter().position(|&k| k == kw).map(|i| AttrKind(i as u8 + 1))
    }

    /// Its keyword.
    pub fn keyword(self) -> &'static str {
        KEYWORDS.get((self.0 as usize).wrapping_sub(1)).copied().unwrap_or("")
    }

    /// What it carries.
    pub fn category(self) -> AttrCategory {
        match self.0 {
            RANGE => AttrCategory::Range,
            INITIALIZES => AttrCategory::Initializes,
            k if k >= FIRST_INT => AttrCategory::Int,
            k if k >= FIRST_TYPE => AttrCategory::Type,
            _ => AttrCategory::Enum,
        }
    }
}

/// One attribute.
///
/// Integer attributes carry LLVM's raw encoding: `align`/`alignstack` the
/// alignment in bytes, `dereferenceable*` the byte count, `memory` the
/// `MemoryEffects` bits (2 bits per location: argmem, inaccessiblemem,
/// other; 1 = read, 2 = write), `allocsize` `(elem << 32) | num` with
/// `num = 0xFFFF_FFFF` for none, `vscale_range` `(min << 32) | max`,
/// `uwtable` 1 (`sync`) or 2 (plain `uwtable`, async), `nofpclass` and
/// `allockind` their bit masks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Attr {
    /// An attribute with no argument.
    Enum(AttrKind),
    /// An integer attribute.
    Int(AttrKind, u64),
    /// A type attribute.
    Type(AttrKind, TypeId),
    /// `range(iN lo, hi)`: the type and the half-open range.
    Range(AttrKind, TypeId, IntValue, IntValue),
    /// `initializes((lo, hi), ...)`.
    Initializes(Box<[(i64, i64)]>),
    /// `"key"="value"` (`"key"` when the value is empty).
    String(ByteStr, ByteStr),
}

impl Attr {
    /// The kind, for non-string attributes.
    pub fn kind(&self) -> Option<AttrKind> {
        match *self {
            Attr::Enum(k) | Attr::Int(k, _) | Attr::Type(k, _) | Attr::Range(k, ..) => Some(k),
            Attr::Initializes(_) => Some(AttrKind(INITIALIZES)),
            Attr::String(..) => None,
        }
    }

    /// The keyword, or the key of a string attribute (bytes: a key need
    /// not be UTF-8).
    pub fn kind_keyword(&self) -> &[u8] {
        match self {
            Attr::String(k, _) => k,
            _ => self.kind().map(AttrKind::keyword).unwrap_or("").as_bytes(),
        }
    }

    /// LLVM's `Attribute::operator<`: kinds in enum order, then string
    /// attributes by key, then value.
    pub fn cmp_llvm(&self, other: &Attr) -> core::cmp::Ordering {
        use core::cmp::Ordering::*;
        match (self, other) {
            (Attr::String(k1, v1), Attr::String(k2, v2)) => k1.cmp(k2).then_with(|| v1.cmp(v2)),
            (Attr::String(..), _) => Greater,
            (_, Attr::String(..)) => Less,
            _ => self.kind().cmp(&other.kind()),
        }
    }
}

/// Function, return and parameter attributes of a function or call site.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct AttrList {
    /// Function attributes.
    pub func: AttrSetId,
    /// Return attributes.
    pub ret: AttrSetId,
    /// Parameter attributes (trailing empty sets are dropped).
    pub params: Box<[AttrSetId]>,
}

/// The attribute arena of a module.
#[derive(Debug, Clone)]
pub struct Attrs {
    sets: Interner<Box<[Attr]>>,
    lists: Interner<AttrList>,
}

impl Default for Attrs {
    fn default() -> Self {
        Self::new()
    }
}

impl Attrs {
    /// An arena holding the empty set and the empty list.
    pub fn new() -> Self {
        let mut a = Attrs { sets: Interner::default(), lists: Interner::default() };
        a.set(Vec::new());
        a.list(AttrList::default());
        a
    }

    /// The set of `attrs`, sorted as LLVM sorts them; a later attribute of
    /// a kind (or string key) already present replaces the earlier one.
    pub fn set(&mut self, mut attrs: Vec<Attr>) -> AttrSetId {
        attrs.sort_by(|a, b| a.cmp_llvm(b));
        // Keep the last of equal kinds/keys (stable sort keeps order).
        let mut out: Vec<Attr> = Vec::with_capacity(attrs.len());
        for a in attrs {
            let same = match (out.last(), &a) {
                (Some(Attr::String(k1, _)), Attr::String(k2, _)) => k1 == k2,
                (Some(Attr::String(..)), _) | (_, Attr::String(..)) => false,
                (Some(p), _) => p.kind() == a.kind(),
                (None, _) => false,
            };
            if same {
                out.pop();
            }
            out.push(a);
        }
        AttrSetId(self.sets.intern(out.into()))
    }

    /// The attributes of set `id` (empty for an unknown id).
    pub fn get(&self, id: AttrSetId) -> &[Attr] {
        self.sets.get(id.0).map(|s| &s[..]).unwrap_or(&[])
    }

    /// The number of distinct sets.
    pub fn set_count(&self) -> usize {
        self.sets.len()
    }

    /// The list `list` (trailing empty parameter sets are dropped).
    pub fn list(&mut self, mut list: AttrList) -> AttrListId {
        let mut params = core::mem::take(&mut list.params).into_vec();
        while params.last() == Some(&AttrSetId::EMPTY) {
            params.pop();
        }
        list.params = params.into();
        AttrListId(self.lists.intern(list))
    }

    /// The list `id` (the empty list for an unknown id).
    pub fn get_list(&self, id: AttrListId) -> &AttrList {
        match self.lists.get(id.0) {
            Some(l) => l,
            // Index 0 is the empty list, which `new` makes first.
            None => self.lists.get(0).expect("the attribute arena holds the empty list"),
        }
    }

    /// The attributes of parameter `n` in list `id`.
    pub fn param(&self, id: AttrListId, n: usize) -> AttrSetId {
        self.get_list(id).params.get(n).copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_llvm19_boundaries() {
        assert_eq!(AttrKind::from_keyword("byref"), Some(AttrKind(FIRST_TYPE)));
        assert_eq!(AttrKind::from_keyword("align"), Some(AttrKind(FIRST_INT)));
        assert_eq!(AttrKind::from_keyword("range"), Some(AttrKind(RANGE)));
        assert_eq!(AttrKind::from_keyword("initializes"), Some(AttrKind(INITIALIZES)));
        assert_eq!(KEYWORDS.len(), INITIALIZES as usize);
        assert_eq!(AttrKind::from_keyword("sret").unwrap().category(), AttrCategory::Type);
        assert_eq!(AttrKind::from_keyword("memory").unwrap().category(), AttrCategory::Int);
        assert_eq!(AttrKind::from_keyword("zeroext").unwrap().category(), AttrCategory::Enum);
    }
}
