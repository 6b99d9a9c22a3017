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

    /// Adds `s` as a string of its own, without looking for an equal one:
    /// quicker for many strings that are mostly distinct (symbol names).
    /// [`finalize`](Self::finalize) still gives equal strings the same
    /// bytes, so the layout is the one [`add`](Self::add) gives;
    /// [`find`](Self::find) does not see `s`.
    pub(crate) fn push(&mut self, s: &[u8]) -> StrId {
        let id = self.spans.len() as u32;
        self.spans.push((self.arena.len() as u32, s.len() as u32));
        self.arena.extend_from_slice(s);
        StrId(id)
    }

    /// Makes room for `strings` more strings of `bytes` bytes in all
    /// (without growing the hash table [`push`](Self::push) does not use).
    pub(crate) fn reserve_pushed(&mut self, strings: usize, bytes: usize) {
        self.spans.reserve(strings);
        self.arena.reserve(bytes);
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
        let order = self.tail_order();
        let mut offsets = vec![0u32; self.spans.len()];
        // The bytes in that order: each string is read once, and written
        // one after the other.
        let mut bytes = self.header_bytes();
        let mut previous: &[u8] = &[];
        for it in &order {
            let (id, start) = (it.id as usize, it.start as usize);
            let s = &self.arena[start..start + it.len as usize];
            if previous.ends_with(s) {
                offsets[id] = (bytes.len() - s.len() - 1) as u32;
                continue;
            }
            offsets[id] = bytes.len() as u32;
            bytes.extend_from_slice(s);
            bytes.push(0);
            previous = s;
        }
        Ok(self.lay_out(offsets, bytes))
    }

    /// The strings sorted descending by reversed bytes: a string comes
    /// right after the longer strings it is a tail of (and right after an
    /// equal one).
    ///
    /// Sorted from the strings' ends, 8 bytes a step (most significant
    /// first, as a radix sort): the strings are sorted by their last 8 bytes
    /// (as a number, [`tail_key`]); each run of strings equal there and
    /// longer than 8 bytes is then sorted by the 8 bytes before, and so on.
    /// Most strings are placed by their first number, and each string's
    /// bytes are read once per step, not once per comparison.
    fn tail_order(&self) -> Vec<Item> {
        let mut items: Vec<Item> = self
            .spans
            .iter()
            .enumerate()
            .map(|(id, &(start, len))| {
                let mut it = Item { key: 0, left: 0, id: id as u32, start, len };
                it.step(&self.arena, 0);
                it
            })
            .collect();
        // Ranges of `items` still to sort, and their step; an explicit stack,
        // as long shared tails would make a deep recursion.
        let mut todo = vec![(0, items.len(), 0)];
        while let Some((start, end, step)) = todo.pop() {
            let run = &mut items[start..end];
            run.sort_unstable_by_key(|it| std::cmp::Reverse((it.key, it.left)));
            let mut i = 0;
            while i < run.len() {
                let (key, left) = (run[i].key, run[i].left);
                let mut j = i + 1;
                while j < run.len() && run[j].key == key && run[j].left == left {
                    j += 1;
                }
                // Strings that agree this far and end within this step are
                // equal or differ in length, hence in `left`: only a run of
                // strings that go on needs another step.
                if j - i > 1 && left > 8 {
                    for it in &mut run[i..j] {
                        it.step(&self.arena, step + 1);
                    }
                    todo.push((start + i, start + j, step + 1));
                }
                i = j;
            }
        }
        items
    }

    /// Lays the table out in the order the strings were first added, with
    /// no merging (LLVM's `finalizeInOrder`).
    pub fn finalize_in_order(self) -> Result<FinalStringTable> {
        self.check_size()?;
        let mut offsets = Vec::with_capacity(self.spans.len());
        let mut bytes = self.header_bytes();
        for id in 0..self.spans.len() as u32 {
            offsets.push(bytes.len() as u32);
            bytes.extend_from_slice(self.get(id));
            bytes.push(0);
        }
        Ok(self.lay_out(offsets, bytes))
    }

    /// The header's bytes (the size of a COFF table is filled in by
    /// [`lay_out`](Self::lay_out)), in a vector with room for all strings.
    fn header_bytes(&self) -> Vec<u8> {
        let header = self.kind.header() as usize;
        let mut bytes = Vec::with_capacity(header + self.arena.len() + self.spans.len());
        bytes.resize(header, 0);
        bytes
    }

    fn lay_out(self, mut offsets: Vec<u32>, mut bytes: Vec<u8>) -> FinalStringTable {
        if self.kind == StrtabKind::Coff {
            let size = bytes.len() as u32;
            bytes[..4].copy_from_slice(&size.to_le_bytes());
        }
        if self.kind == StrtabKind::Elf {
            // The empty string is the leading NUL.
            for (o, &(_, l)) in offsets.iter_mut().zip(&self.spans) {
                if l == 0 {
                    *o = 0;
                }
            }
        }
        FinalStringTable { offsets, bytes }
    }
}

/// A string in [`StringTable::tail_order`]'s sort.
#[derive(Debug, Clone, Copy)]
struct Item {
    /// The 8 bytes of this step.
    key: u64,
    /// How many bytes were left for this step, up to 9 (more than 8: the
    /// string goes on). Of two strings with the same `key`, the one with
    /// fewer is a tail of the other, so smaller.
    left: u32,
    id: u32,
    /// Where the string is in the arena (here, not looked up by `id`: the
    /// strings are read in sorted order, at random places).
    start: u32,
    len: u32,
}

impl Item {
    /// Sets `key` and `left` for step `step` (the string's bytes before its
    /// last `8 * step`).
    fn step(&mut self, arena: &[u8], step: usize) {
        let left = self.len as usize - 8 * step;
        let start = self.start as usize;
        self.key = tail_key(&arena[start..start + left]);
        self.left = left.min(9) as u32;
    }
}

/// The last (up to) 8 bytes of `s` as a number whose most significant byte
/// is the last byte of `s`, the next one the byte before it, and so on, with
/// zeros below a string shorter than 8 bytes: `tail_key(a) < tail_key(b)`
/// implies that `a` reversed sorts before `b` reversed.
fn tail_key(s: &[u8]) -> u64 {
    if let Some(last) = s.last_chunk::<8>() {
        return u64::from_le_bytes(*last);
    }
    let mut k = [0u8; 8];
    let n = s.len().min(8);
    k[8 - n..].copy_from_slice(&s[s.len() - n..]);
    u64::from_le_bytes(k)
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
    fn the_keyed_sort_lays_out_as_the_byte_by_byte_sort() {
        // The layout of the plain comparison sort, as LLVM describes it.
        fn reference(strings: &[Vec<u8>]) -> (Vec<u8>, Vec<u32>) {
            let mut order: Vec<usize> = (0..strings.len()).collect();
            order.sort_by(|&a, &b| strings[b].iter().rev().cmp(strings[a].iter().rev()));
            let mut offsets = vec![0u32; strings.len()];
            let mut bytes = vec![0u8];
            let mut previous: &[u8] = &[];
            for &id in &order {
                let s = &strings[id][..];
                if previous.ends_with(s) {
                    offsets[id] = (bytes.len() - s.len() - 1) as u32;
                    continue;
                }
                offsets[id] = bytes.len() as u32;
                bytes.extend_from_slice(s);
                bytes.push(0);
                previous = s;
            }
            for (id, s) in strings.iter().enumerate() {
                if s.is_empty() {
                    offsets[id] = 0;
                }
            }
            (bytes, offsets)
        }
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..50 {
            // Few distinct bytes and many shared tails, lengths around 8
            // and 16 where the 8-byte steps change.
            let alphabet: &[u8] = if round % 2 == 0 { b"ab" } else { b"\0a\xff" };
            let mut t = StringTable::new(StrtabKind::Elf);
            let mut strings: Vec<Vec<u8>> = Vec::new();
            for _ in 0..300 {
                let len = (next() % 24) as usize;
                let mut s: Vec<u8> =
                    (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
                if next() % 3 == 0 && !strings.is_empty() {
                    let tail = &strings[(next() % strings.len() as u64) as usize];
                    s.extend_from_slice(tail);
                }
                if round % 5 == 0 {
                    // A long tail shared by all.
                    s.extend_from_slice(&[b'x'; 100]);
                }
                if t.find(&s).is_none() {
                    assert_eq!(t.add(&s).index(), strings.len());
                    strings.push(s);
                }
            }
            let f = t.finalize().unwrap();
            let (bytes, offsets) = reference(&strings);
            assert_eq!(f.bytes(), &bytes[..], "round {round}");
            for (id, &o) in offsets.iter().enumerate() {
                assert_eq!(f.offset(StrId(id as u32)), Some(o), "round {round}, string {id}");
            }
        }
    }

    #[test]
    fn pushed_strings_lay_out_as_added_ones() {
        let names: [&[u8]; 9] =
            [b"foo", b"", b"barfoo", b"foo", b"oo", b"", b"barfoo", b"x", b"oo"];
        let mut added = StringTable::new(StrtabKind::Elf);
        let mut pushed = StringTable::new(StrtabKind::Elf);
        let a: Vec<_> = names.iter().map(|n| added.add(n)).collect();
        // Some strings through `add` as well, as the ELF writer mixes them.
        let p: Vec<_> = names
            .iter()
            .enumerate()
            .map(|(i, n)| if i % 4 == 0 { pushed.add(n) } else { pushed.push(n) })
            .collect();
        let (added, pushed) = (added.finalize().unwrap(), pushed.finalize().unwrap());
        assert_eq!(added.bytes(), pushed.bytes());
        assert_eq!(added.bytes(), b"\0x\0barfoo\0");
        for (x, y) in a.iter().zip(&p) {
            assert_eq!(added.offset(*x), pushed.offset(*y));
        }
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
