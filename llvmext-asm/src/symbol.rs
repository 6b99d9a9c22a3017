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
/// `.LBB4_7`, `.Linfo_string12`): those are kept in the symbol itself,
/// which spares an allocation per symbol and, on every lookup by name, a
/// visit to one.
#[derive(Clone, Default, PartialEq, Eq)]
pub(crate) struct SymName(smallvec::SmallVec<[u8; 24]>);

impl SymName {
    pub(crate) fn new(name: &str) -> SymName {
        SymName(smallvec::SmallVec::from_slice(name.as_bytes()))
    }

    /// A name from bytes that are UTF-8 (an identifier's: ASCII).
    pub(crate) fn from_bytes(name: &[u8]) -> SymName {
        SymName(smallvec::SmallVec::from_slice(name))
    }

    /// The bytes (UTF-8).
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl core::ops::Deref for SymName {
    type Target = str;

    fn deref(&self) -> &str {
        // Made from a `&str` only.
        core::str::from_utf8(&self.0).unwrap_or_default()
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
pub struct Symbol {
    pub(crate) name: SymName,
    pub(crate) def: SymbolDef,
    /// The binding a directive set (`None`: derived as LLVM does).
    pub(crate) binding: Option<Binding>,
    pub(crate) kind: SymbolType,
    pub(crate) visibility: Visibility,
    pub(crate) other: u8,
    pub(crate) size: Option<ExprId>,
    /// A temporary (`.L…`) symbol: never in the symbol table unless a
    /// relocation needs it.
    pub(crate) temporary: bool,
    /// The position in the assembler's symbol list (`u32::MAX`: not
    /// registered).
    pub(crate) order: u32,
    pub(crate) used_in_reloc: bool,
    pub(crate) weakref_used_in_reloc: bool,
    /// The signature of a section group.
    pub(crate) signature: bool,
    /// Redefinable (`.set` may assign it again).
    pub(crate) redefinable: bool,
    /// The section symbol of this section.
    pub(crate) section_of: Option<SectionId>,
    /// `.weakref` alias.
    pub(crate) weakref: bool,
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
            binding: None,
            kind: SymbolType::NOTYPE,
            visibility: Visibility::DEFAULT,
            other: 0,
            size: None,
            temporary,
            order: u32::MAX,
            used_in_reloc: false,
            weakref_used_in_reloc: false,
            signature: false,
            redefinable: false,
            section_of: None,
            weakref: false,
        }
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
        self.temporary
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
        if self.used_in_reloc {
            return Binding::GLOBAL;
        }
        if self.weakref_used_in_reloc {
            return Binding::WEAK;
        }
        if self.signature {
            return Binding::LOCAL;
        }
        Binding::GLOBAL
    }
}
