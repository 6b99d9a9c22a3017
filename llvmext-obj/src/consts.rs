//! The macro both formats' constants are made with: open newtypes (every
//! value representable, the known ones named, in the style of gimli's
//! `dw!`), with `name()`, `Debug` and `Display` by name.

/// `open_consts! { /// doc
///     Name(u16) { /// optional doc
///     A = 1, B = 2, } }`: the type, one associated constant per value, and
/// `name()` giving a known value's name.
macro_rules! open_consts {
    ($(#[$m:meta])* $name:ident($ty:ty) { $($(#[$cdoc:meta])* $c:ident = $v:expr),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(pub $ty);

        impl $name {
            $(
                #[doc = concat!("`", stringify!($c), "` (", stringify!($v), ").")]
                $(#[$cdoc])*
                pub const $c: $name = $name($v);
            )*

            /// The name of a known value, without its prefix.
            pub fn name(self) -> Option<&'static str> {
                #[allow(unreachable_patterns)]
                match self {
                    $($name::$c => Some(stringify!($c)),)*
                    _ => None,
                }
            }
        }

        impl core::fmt::Debug for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self.name() {
                    Some(n) => write!(f, "{}::{}", stringify!($name), n),
                    None => write!(f, "{}({:#x})", stringify!($name), self.0),
                }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self.name() {
                    Some(n) => f.write_str(n),
                    None => write!(f, "{:#x}", self.0),
                }
            }
        }

        impl From<$ty> for $name {
            fn from(v: $ty) -> Self {
                $name(v)
            }
        }
    };
}

pub(crate) use open_consts;
