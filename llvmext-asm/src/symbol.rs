//! Symbols (LLVM's `MCSymbolELF`): a name, where it is defined (a label in
//! a fragment, an expression, a common block) and the ELF attributes the
//! directives set.

use crate::expr::ExprId;
pub use crate::ids::SymbolId;
use crate::ids::{FragmentId, SectionId};
use llvmext_obj::elf::{Binding, SymbolType, Visibility};

/// Where a symbol is defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolDef {
    /// Not (yet) defined.
    Undefined,
    /// A label: `offset` bytes into a fragment of a section.
    Label {
        /// The section.
        section: SectionId,
        /// The fragment.
        fragment: FragmentId,
        /// The offset in the fragment.
        offset: u64,
    },
    /// Assigned an expression (`.set`, `=`, `.equ`).
    Variable(ExprId),
    /// A common block (`.comm`): its size and alignment.
    Common {
        /// The size in bytes.
        size: u64,
        /// The alignment.
        align: u64,
    },
}

/// A symbol's name. Most names compilers write are short (`.Ltmp123`,
/// `.LBB4_7`, `.Linfo_string12`): up to 22 bytes are kept in the symbol
/// itself (24 bytes in all), which spares an allocation per symbol and, on
/// every lookup by name, a visit to one.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum SymName {
    Inline { len: u8, bytes: [u8; SymName::INLINE] },
    Heap(Box<[u8]>),
}

impl Default for SymName {
    fn default() -> Self {
        SymName::Inline { len: 0, bytes: [0; SymName::INLINE] }
    }
}

impl SymName {
    const INLINE: usize = 22;

    pub(crate) fn new(name: &str) -> SymName {
        SymName::from_bytes(name.as_bytes())
    }

    /// A name from bytes that are UTF-8 (an identifier's: ASCII).
    pub(crate) fn from_bytes(name: &[u8]) -> SymName {
        if name.len() <= SymName::INLINE {
            let mut bytes = [0; SymName::INLINE];
            bytes[..name.len()].copy_from_slice(name);
            SymName::Inline { len: name.len() as u8, bytes }
        } else {
            SymName::Heap(name.into())
        }
    }

    /// Whether the name is `name` (compared in words: a lookup by name
    /// compares one name, a short one, nearly every time).
    #[inline]
    pub(crate) fn is(&self, name: &[u8]) -> bool {
        match self {
            SymName::Inline { len, bytes } => {
                *len as usize == name.len() && eq_short(&bytes[..name.len()], name)
            }
            SymName::Heap(b) => **b == *name,
        }
    }

    /// The bytes (UTF-8).
    pub(crate) fn as_bytes(&self) -> &[u8] {
        match self {
            SymName::Inline { len, bytes } => &bytes[..*len as usize],
            SymName::Heap(b) => b,
        }
    }
}

/// `a == b` for two slices of one length, in 8-byte (then 4-byte) words
/// that may overlap, without a call.
#[inline]
fn eq_short(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    debug_assert_eq!(n, b.len());
    let w8 = |s: &[u8], i: usize| {
        s.get(i..i + 8).map(|w| u64::from_ne_bytes(w.try_into().unwrap_or([0; 8])))
    };
    let w4 = |s: &[u8], i: usize| {
        s.get(i..i + 4).map(|w| u32::from_ne_bytes(w.try_into().unwrap_or([0; 4])))
    };
    if n >= 8 {
        let mut i = 0;
        while i + 8 <= n {
            if w8(a, i) != w8(b, i) {
                return false;
            }
            i += 8;
        }
        w8(a, n - 8) == w8(b, n - 8)
    } else if n >= 4 {
        w4(a, 0) == w4(b, 0) && w4(a, n - 4) == w4(b, n - 4)
    } else {
        a == b
    }
}

impl core::ops::Deref for SymName {
    type Target = str;

    fn deref(&self) -> &str {
        // Made from a `&str` only.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

impl core::fmt::Debug for SymName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(&**self, f)
    }
}

impl core::fmt::Display for SymName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self)
    }
}

/// A symbol and its attributes.
#[derive(Debug, Clone)]
///
/// 64 bytes (an assembly has hundreds of thousands of them): the flags in
/// one byte, the optional ids as `u32::MAX` for none.
pub struct Symbol {
    pub(crate) name: SymName,
    pub(crate) def: SymbolDef,
    /// `.size`'s expression (`u32::MAX`: none).
    size: u32,
    /// The section whose section symbol this is (`u32::MAX`: none).
    section_of: u32,
    /// The binding a directive set (`None`: derived as LLVM does).
    pub(crate) binding: Option<Binding>,
    pub(crate) kind: SymbolType,
    pub(crate) visibility: Visibility,
    pub(crate) other: u8,
    /// [`Symbol::TEMPORARY`] …
    flags: u8,
}

/// A flag of a [`Symbol`]: its getter and setter.
macro_rules! symbol_flags {
    ($($(#[$doc:meta])* $bit:ident = $v:expr, $get:ident, $set:ident;)*) => {
        impl Symbol {
            $(
                $(#[$doc])*
                const $bit: u8 = $v;

                $(#[$doc])*
                pub(crate) fn $get(&self) -> bool {
                    self.flags & Self::$bit != 0
                }

                pub(crate) fn $set(&mut self, on: bool) {
                    if on {
                        self.flags |= Self::$bit;
                    } else {
                        self.flags &= !Self::$bit;
                    }
                }
            )*
        }
    };
}

symbol_flags! {
    /// A temporary (`.L…`) symbol: never in the symbol table unless a
    /// relocation needs it.
    TEMPORARY = 1, temporary, set_temporary;
    /// In the assembler's symbol list (its place in the symbol table's
    /// order is fixed).
    REGISTERED = 2, registered, set_registered;
    /// A relocation refers to it.
    USED_IN_RELOC = 4, used_in_reloc, set_used_in_reloc;
    /// A relocation refers to it through a `.weakref` alias.
    WEAKREF_USED_IN_RELOC = 8, weakref_used_in_reloc, set_weakref_used_in_reloc;
    /// The signature of a section group.
    SIGNATURE = 16, signature, set_signature;
    /// Redefinable (`.set` may assign it again).
    REDEFINABLE = 32, redefinable, set_redefinable;
    /// A `.weakref` alias.
    WEAKREF = 64, weakref, set_weakref;
}

impl Symbol {
    pub(crate) fn new(name: &str, temporary: bool) -> Symbol {
        Symbol::from_bytes(name.as_bytes(), temporary)
    }

    /// A symbol whose name is UTF-8 bytes.
    pub(crate) fn from_bytes(name: &[u8], temporary: bool) -> Symbol {
        Symbol {
            name: SymName::from_bytes(name),
            def: SymbolDef::Undefined,
            size: u32::MAX,
            section_of: u32::MAX,
            binding: None,
            kind: SymbolType::NOTYPE,
            visibility: Visibility::DEFAULT,
            other: 0,
            flags: if temporary { Symbol::TEMPORARY } else { 0 },
        }
    }

    /// `.size`'s expression.
    pub(crate) fn size(&self) -> Option<ExprId> {
        (self.size != u32::MAX).then_some(ExprId(self.size))
    }

    pub(crate) fn set_size(&mut self, e: ExprId) {
        self.size = e.0;
    }

    /// The section whose section symbol this is.
    pub(crate) fn section_of(&self) -> Option<SectionId> {
        (self.section_of != u32::MAX).then_some(SectionId(self.section_of))
    }

    pub(crate) fn set_section_of(&mut self, s: SectionId) {
        self.section_of = s.0;
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where it is defined.
    pub fn def(&self) -> SymbolDef {
        self.def
    }

    /// Whether a label, an assignment or `.comm` defined it.
    pub fn is_defined(&self) -> bool {
        !matches!(self.def, SymbolDef::Undefined)
    }

    /// Whether it is temporary (named `.L…`, or made by the assembler).
    pub fn is_temporary(&self) -> bool {
        self.temporary()
    }

    /// The ELF type.
    pub fn kind(&self) -> SymbolType {
        self.kind
    }

    /// The ELF binding as LLVM derives it (`MCSymbolELF::getBinding`):
    /// the one a directive set, else local when defined, else global.
    pub fn binding(&self) -> Binding {
        if let Some(b) = self.binding {
            return b;
        }
        if self.is_defined() && !matches!(self.def, SymbolDef::Common { .. }) {
            return Binding::LOCAL;
        }
        if self.used_in_reloc() {
            return Binding::GLOBAL;
        }
        if self.weakref_used_in_reloc() {
            return Binding::WEAK;
        }
        if self.signature() {
            return Binding::LOCAL;
        }
        Binding::GLOBAL
    }
}

#[cfg(all(test, target_pointer_width = "64"))]
mod size_tests {
    #[test]
    fn short_names_compare_as_slices() {
        let names: Vec<Vec<u8>> = (0..30usize)
            .flat_map(|n| {
                let base: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
                let mut out = vec![base.clone()];
                for i in 0..n {
                    let mut v = base.clone();
                    v[i] ^= 1;
                    out.push(v);
                }
                out
            })
            .collect();
        for a in &names {
            let s = super::SymName::from_bytes(a);
            for b in &names {
                assert_eq!(s.is(b), a == b, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_symbol_is_64_bytes() {
        assert_eq!(core::mem::size_of::<super::SymName>(), 24);
        assert_eq!(core::mem::size_of::<super::Symbol>(), 64);
    }
}
