//! The ids every builder hands out: a position tagged with the builder
//! that made it, so that an id of another builder (or of another format's)
//! is an error ([`ErrorKind::ForeignId`](crate::ErrorKind::ForeignId)),
//! never a silent mix-up.

use core::sync::atomic::{AtomicU32, Ordering};

/// One counter for every builder of every format.
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

/// A tag no other builder has.
pub(crate) fn next_tag() -> u32 {
    NEXT_TAG.fetch_add(1, Ordering::Relaxed)
}

/// `id_type!(/// doc
///     Name, "what index() is")`: a `Copy` id of a builder's `tag` and
/// `index` (fields private to the module that invokes it), with `index()`.
macro_rules! id_type {
    ($(#[$m:meta])* $name:ident, $index_doc:literal) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name {
            tag: u32,
            index: u32,
        }

        impl $name {
            #[doc = $index_doc]
            pub fn index(self) -> usize {
                self.index as usize
            }
        }
    };
}

pub(crate) use id_type;
