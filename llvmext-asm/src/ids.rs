//! The ids of an assembly's arenas: plain indices, one type per arena so
//! that a symbol is never taken for a section. Each module re-exports its
//! own (`symbol::SymbolId`, …); they live here so that the modules that
//! name each other's ids do not import each other.

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub(crate) u32);

        impl $name {
            #[doc = $what]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// An expression of an [`Exprs`](crate::expr::Exprs) arena.
    ExprId,
    "The position in the arena."
);
id_type!(
    /// A symbol of an assembly.
    SymbolId,
    "The position in the order of creation."
);
id_type!(
    /// A section of an assembly.
    SectionId,
    "The position in the order of creation."
);
id_type!(
    /// A fragment of a section (its position in the section's list).
    FragmentId,
    "The position in the section's fragment list."
);
