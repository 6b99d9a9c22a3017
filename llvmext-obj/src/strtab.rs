//! String tables as LLVM's `StringTableBuilder` lays them out: every string
//! once, and, when optimized, strings that are the tail of another share its
//! bytes (`"bar"` inside `"foobar"`).
//!
//! The layout is the one LLVM produces, byte for byte: the strings sorted by
//! their reversed bytes in descending order, each appended unless it is a
//! tail of the string appended last. ELF tables start with a NUL byte, COFF
//! tables with their 4-byte little-endian size.
//!
//! ```
//! use llvmext_obj::strtab::{StringTable, StrtabKind};
//! let mut t = StringTable::new(StrtabKind::Elf);
//! let foo = t.add(b"foobar");
//! let bar = t.add(b"bar");
//! let t = t.finalize().unwrap();
//! assert_eq!(t.bytes(), b"\0foobar\0");
//! assert_eq!(t.offset(foo), Some(1));
//! assert_eq!(t.offset(bar), Some(4));
//! ```

use hashbrown::hash_table::{Entry, HashTable};
use hashbrown::DefaultHashBuilder;
use std::hash::BuildHasher;

use crate::error::{Error, ErrorKind, Result};

/// Which header a string table has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrtabKind {
    /// ELF: the table starts with a NUL byte; the empty string is offset 0.
    Elf,
    /// COFF: the table starts with its size as a 4-byte little-endian
    /// number, which counts those 4 bytes.
    Coff,
}

impl StrtabKind {
    fn header(self) -> u64 {
        match self {
            StrtabKind::Elf => 1,
            StrtabKind::Coff => 4,
        }
    }
}

/// A string added to a [`StringTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrId(u32);

impl StrId {
    /// The position of the string in the order of first addition.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A string table being built: strings are added, then
/// [`finalize`](Self::finalize) lays it out.
#[derive(Debug, Clone)]
pub struct StringTable {
    kind: StrtabKind,
    /// The bytes of every distinct string, one after the other.
    arena: Vec<u8>,
    /// `(start, len)` in `arena` of each [`StrId`].
    spans: Vec<(u32, u32)>,
    map: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl StringTable {
    /// An empty table of `kind`.
    pub fn new(kind: StrtabKind) -> Self {
        StringTable {
            kind,
            arena: Vec::new(),
            spans: Vec::new(),
            map: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }

    /// The number of distinct strings added.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether no string was added.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    fn get(&self, id: u32) -> &[u8] {
        let (s, l) = self.spans[id as usize];
        &self.arena[s as usize..s as usize + l as usize]
    }

    /// Adds `s` (once: adding it again returns the same id).
    pub fn add(&mut self, s: &[u8]) -> StrId {
        let hash = self.hasher.hash_one(s);
        let StringTable { arena, spans, map, hasher, .. } = self;
        let eq = |&id: &u32| {
            let (st, l) = spans[id as usize];
            &arena[st as usize..st as usize + l as usize] == s
        };
        let rehash = |&id: &u32| {
            let (st, l) = spans[id as usize];
            hasher.hash_one(&arena[st as usize..st as usize + l as usize])
        };
        match map.entry(hash, eq, rehash) {
            Entry::Occupied(e) => StrId(*e.get()),
            Entry::Vacant(e) => {
                let id = spans.len() as u32;
                spans.push((arena.len() as u32, s.len() as u32));
                arena.extend_from_slice(s);
                e.insert(id);
                StrId(id)
            }
        }
    }

    /// The id of `s` if it was added.
    pub fn find(&self, s: &[u8]) -> Option<StrId> {
        let hash = self.hasher.hash_one(s);
        self.map.find(hash, |&id| self.get(id) == s).map(|&id| StrId(id))
    }

    fn check_size(&self) -> Result<()> {
        // Every offset of the table (and the arena's own spans) must fit in
        // 32 bits.
        let size = self.kind.header() + self.arena.len() as u64 + self.spans.len() as u64;
        if size > u64::from(u32::MAX) {
            return Err(Error::new(ErrorKind::StringTableOverflow { size }));
        }
        Ok(())
    }

    /// Lays the table out with tail merging, as LLVM's
    /// `StringTableBuilder::finalize`.
    pub fn finalize(self) -> Result<FinalStringTable> {
        self.check_size()?;
        let mut order: Vec<u32> = (0..self.spans.len() as u32).collect();
        // Descending by reversed bytes: a string sorts right after the
        // longer strings it is a tail of.
        order.sort_unstable_by(|&a, &b| self.get(b).iter().rev().cmp(self.get(a).iter().rev()));
        let header = self.kind.header() as u32;
        let mut offsets = vec![0u32; self.spans.len()];
        let mut size = header;
        let mut previous: &[u8] = &[];
        for &id in &order {
            let s = self.get(id);
            if previous.ends_with(s) {
                offsets[id as usize] = size - s.len() as u32 - 1;
                continue;
            }
            offsets[id as usize] = size;
            size += s.len() as u32 + 1;
            previous = s;
        }
        Ok(self.lay_out(offsets, size))
    }

    /// Lays the table out in the order the strings were first added, with
    /// no merging (LLVM's `finalizeInOrder`).
    pub fn finalize_in_order(self) -> Result<FinalStringTable> {
        self.check_size()?;
        let mut size = self.kind.header() as u32;
        let mut offsets = Vec::with_capacity(self.spans.len());
        for &(_, l) in &self.spans {
            offsets.push(size);
            size += l + 1;
        }
        Ok(self.lay_out(offsets, size))
    }

    fn lay_out(self, mut offsets: Vec<u32>, size: u32) -> FinalStringTable {
        let mut bytes = vec![0u8; size as usize];
        if self.kind == StrtabKind::Coff {
            bytes[..4].copy_from_slice(&size.to_le_bytes());
        }
        for (id, &off) in offsets.iter().enumerate() {
            let s = self.get(id as u32);
            bytes[off as usize..off as usize + s.len()].copy_from_slice(s);
        }
        if self.kind == StrtabKind::Elf {
            // The empty string is the leading NUL.
            if let Some(id) = self.find(b"") {
                offsets[id.index()] = 0;
            }
        }
        FinalStringTable { offsets, bytes }
    }
}

/// A laid-out string table: the offset of every string and the bytes.
#[derive(Debug, Clone)]
pub struct FinalStringTable {
    offsets: Vec<u32>,
    bytes: Vec<u8>,
}

impl FinalStringTable {
    /// The offset of the string `id` (`None` for an id of another table).
    pub fn offset(&self, id: StrId) -> Option<u32> {
        self.offsets.get(id.index()).copied()
    }

    /// The table's bytes, header included.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The table's size in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tails_merge_as_llvm_lays_them_out() {
        let mut t = StringTable::new(StrtabKind::Elf);
        let names: [&[u8]; 6] = [b".text", b".rela.text", b"main", b"", b"xt", b"foo"];
        let ids: Vec<_> = names.iter().map(|n| t.add(n)).collect();
        assert_eq!(t.add(b"main"), ids[2]);
        let f = t.finalize().unwrap();
        // Descending by reversed bytes: ".rela.text" (merging ".text" and
        // "xt"), "foo", "main".
        assert_eq!(f.bytes(), b"\0.rela.text\0foo\0main\0");
        let offs: Vec<_> = ids.iter().map(|&i| f.offset(i).unwrap()).collect();
        assert_eq!(offs, [6, 1, 16, 0, 9, 12]);
    }

    #[test]
    fn coff_tables_start_with_their_size() {
        let mut t = StringTable::new(StrtabKind::Coff);
        let a = t.add(b"a_long_name");
        let b = t.add(b"another_long_name");
        let f = t.finalize_in_order().unwrap();
        assert_eq!(&f.bytes()[..4], &(f.size() as u32).to_le_bytes());
        assert_eq!(f.offset(a), Some(4));
        assert_eq!(f.offset(b), Some(16));
    }
}
