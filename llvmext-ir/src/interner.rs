//! The one interner under the model's arenas (types, constants, attribute
//! sets and lists, metadata nodes and kinds): values stored once in a
//! vector, found again by hash. Each arena keeps its own normalisation
//! (sorting attributes, folding constants, uniquing rules of metadata)
//! above it and its own typed ids over the plain `u32` indices.
//!
//! An item can also be stored *apart*: in the vector but not in the table
//! (a `distinct` metadata node, a node uniqued later, a constant filled in
//! after it was made). Only items apart may be changed in place.

use alloc::vec::Vec;
use core::hash::{BuildHasher, Hash};

use hashbrown::hash_table::Entry;
use hashbrown::{DefaultHashBuilder, HashTable};

/// Values of type `T`, each stored once, indexed by `u32`.
#[derive(Debug, Clone)]
pub(crate) struct Interner<T> {
    items: Vec<T>,
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl<T> Default for Interner<T> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            table: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
        }
    }
}

impl<T: Hash + Eq> Interner<T> {
    fn hash<Q: Hash + ?Sized>(&self, q: &Q) -> u64 {
        self.hasher.hash_one(q)
    }

    /// The index of `v`: the equal item's, or a new one's.
    pub fn intern(&mut self, v: T) -> u32 {
        let hash = self.hash(&v);
        let Interner { items, table, hasher } = self;
        match table.entry(
            hash,
            |&i| items[i as usize] == v,
            |&i| hasher.hash_one(&items[i as usize]),
        ) {
            Entry::Occupied(o) => *o.get(),
            Entry::Vacant(e) => {
                let id = items.len() as u32;
                items.push(v);
                e.insert(id);
                id
            }
        }
    }

    /// The index of the item equal to `key` (`key` hashes as the item
    /// does, as `&str` and `Box<str>`; `eq` compares it with an item).
    pub fn find<Q: Hash + ?Sized>(&self, key: &Q, eq: impl Fn(&T) -> bool) -> Option<u32> {
        self.table.find(self.hash(key), |&i| eq(&self.items[i as usize])).copied()
    }

    /// Stores `v` apart: a new index that lookups do not find.
    pub fn push_apart(&mut self, v: T) -> u32 {
        let id = self.items.len() as u32;
        self.items.push(v);
        id
    }

    /// Whether item `id` is in the table (not apart).
    pub fn is_interned(&self, id: u32) -> bool {
        match self.items.get(id as usize) {
            Some(v) => self.table.find(self.hash(v), |&i| i == id).is_some(),
            None => false,
        }
    }

    /// Item `id`, which must be apart, to change in place.
    pub fn get_apart_mut(&mut self, id: u32) -> Option<&mut T> {
        self.items.get_mut(id as usize)
    }

    /// Gives item `id` (apart) the value `v` and interns it there: the
    /// index of an equal item if there is one (`id` then stays apart, with
    /// `v`), else `id`, found by lookups from now on.
    pub fn intern_at(&mut self, id: u32, v: T) -> u32 {
        let hash = self.hash(&v);
        let Interner { items, table, hasher } = self;
        match table.entry(
            hash,
            |&i| items[i as usize] == v,
            |&i| hasher.hash_one(&items[i as usize]),
        ) {
            Entry::Occupied(o) => *o.get(),
            Entry::Vacant(e) => {
                if let Some(slot) = items.get_mut(id as usize) {
                    *slot = v;
                    e.insert(id);
                }
                id
            }
        }
    }

    /// Replaces item `id` by `v`, apart or not: it leaves the table, takes
    /// `v`, and is interned again unless an equal item is there already
    /// (then it stays apart). `false` for an unknown id.
    pub fn replace(&mut self, id: u32, v: T) -> bool {
        let Some(old) = self.items.get(id as usize) else { return false };
        if let Ok(e) = self.table.find_entry(self.hash(old), |&i| i == id) {
            e.remove();
        }
        let hash = self.hash(&v);
        self.items[id as usize] = v;
        let Interner { items, table, hasher } = self;
        let v = &items[id as usize];
        if table.find(hash, |&i| items[i as usize] == *v).is_none() {
            table.insert_unique(hash, id, |&i| hasher.hash_one(&items[i as usize]));
        }
        true
    }

    /// Makes room for `n` more items (so that interning many at once does
    /// not rehash every item as the table grows).
    pub fn reserve(&mut self, n: usize) {
        self.items.reserve(n);
        let Interner { items, table, hasher } = self;
        table.reserve(n, |&i| hasher.hash_one(&items[i as usize]));
    }
}

impl<T> Interner<T> {
    /// Item `id`.
    pub fn get(&self, id: u32) -> Option<&T> {
        self.items.get(id as usize)
    }

    /// The number of items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// The items in index order.
    pub fn iter(&self) -> core::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// Gives back the spare capacity of the items (the table, small
    /// beside them, would have to be hashed anew).
    pub fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
    }
}
