//! The macros that turn one table per LLVM fact into its type: each row
//! names a value and its `.ll` keyword once, and the enum, its `keyword()`,
//! the reverse lookup `from_keyword()` and the list `ALL` are generated
//! from it (as wasmparser's `for_each_operator!`). The parser, the printer
//! and the builder use those and spell no keyword themselves.

/// A closed enum whose values each have one keyword:
///
/// ```text
/// keyword_enum! {
///     /// Docs.
///     #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
///     pub enum BinOp {
///         /// `add`.
///         Add = b"add",
///     }
/// }
/// ```
macro_rules! keyword_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $kw:literal, )*
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $name {
            /// Every value, in the table's order.
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The keyword, as the `.ll` text spells it.
            pub fn keyword(self) -> &'static str {
                match self {
                    $($name::$variant => {
                        const S: &str = match core::str::from_utf8($kw) {
                            Ok(s) => s,
                            Err(_) => panic!("keyword tables are ASCII"),
                        };
                        S
                    })*
                }
            }

            /// The value a keyword names.
            pub fn from_keyword(word: &[u8]) -> Option<$name> {
                match word {
                    $($kw => Some($name::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

/// Named constants of an open newtype over a number (as gimli's
/// constants): each row gives the constant, its number and its keyword;
/// numbers without a row stay valid values.
///
/// ```text
/// named_constants! {
///     CallConv(u32) {
///         /// `fastcc`.
///         FAST = 8, b"fastcc";
///     }
/// }
/// ```
macro_rules! named_constants {
    (
        $name:ident($repr:ty) {
            $( $(#[$vmeta:meta])* $konst:ident = $num:literal, $kw:literal; )*
        }
    ) => {
        impl $name {
            $( $(#[$vmeta])* pub const $konst: $name = $name($num); )*

            /// Every named value, in the table's order.
            pub const NAMED: &'static [$name] = &[$($name::$konst),*];

            /// The keyword of a named value (`None` for a number without one).
            pub fn keyword(self) -> Option<&'static str> {
                match self.0 {
                    $($num => {
                        const S: &str = match core::str::from_utf8($kw) {
                            Ok(s) => s,
                            Err(_) => panic!("keyword tables are ASCII"),
                        };
                        Some(S)
                    })*
                    _ => None,
                }
            }

            /// The value a keyword names.
            pub fn from_keyword(word: &[u8]) -> Option<$name> {
                match word {
                    $($kw => Some($name::$konst),)*
                    _ => None,
                }
            }
        }
    };
}
