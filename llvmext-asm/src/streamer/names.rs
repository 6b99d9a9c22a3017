//! The table of named symbols by name.
//!
//! Open addressing over 8-byte entries: the low 32 bits of the name's hash
//! and the symbol, probed linearly, the table at most three quarters full. A lookup
//! of a name reads one entry (rarely two in a row) and then the symbol
//! whose name it compares; a general-purpose hash table reads a control
//! group, then a slot, then the symbol: on an assembly file's hundreds of
//! thousands of labels, each of those reads is a cache miss.

use crate::symbol::SymbolId;

#[derive(Debug, Clone, Default)]
pub(crate) struct NameTable {
    /// `hash << 32 | (symbol + 1)`; 0: empty. The length is 0 or a power
    /// of two.
    entries: Vec<u64>,
    len: usize,
}

impl NameTable {
    /// The symbol with hash `hash` for which `is(symbol)` holds.
    pub(crate) fn find(&self, hash: u64, mut is: impl FnMut(SymbolId) -> bool) -> Option<SymbolId> {
        if self.entries.is_empty() {
            return None;
        }
        let h = hash as u32;
        let mask = self.entries.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let e = self.entries[i];
            if e == 0 {
                return None;
            }
            if (e >> 32) as u32 == h {
                let id = SymbolId((e as u32).wrapping_sub(1));
                if is(id) {
                    return Some(id);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Asks the processor to bring in the entry a lookup of `hash` reads
    /// first (a lookup soon after then does not wait for memory).
    #[inline]
    pub(crate) fn prefetch(&self, hash: u64) {
        if !self.entries.is_empty() {
            let i = hash as u32 as usize & (self.entries.len() - 1);
            prefetch(&self.entries[i]);
        }
    }

    /// The symbol the first entry a lookup of `hash` reads names, if its
    /// hash matches (a guess: what [`NameTable::find`] would compare
    /// first).
    #[inline]
    pub(crate) fn first_candidate(&self, hash: u64) -> Option<SymbolId> {
        if self.entries.is_empty() {
            return None;
        }
        let h = hash as u32;
        let e = self.entries[h as usize & (self.entries.len() - 1)];
        (e != 0 && (e >> 32) as u32 == h).then(|| SymbolId((e as u32).wrapping_sub(1)))
    }

    /// Moves the entries into `storage`, a table of zeros of a length that
    /// is a power of two (memory another thread has already touched), when
    /// it is larger than the table, and keeps that.
    pub(crate) fn adopt(&mut self, mut storage: Vec<u64>) {
        if !storage.len().is_power_of_two() || storage.len() <= self.entries.len() {
            return;
        }
        for e in self.entries.iter().copied().filter(|&e| e != 0) {
            Self::place(&mut storage, e);
        }
        self.entries = storage;
    }

    /// How many entries it has room for.
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> usize {
        self.entries.len()
    }

    /// Empties the table, keeping its memory.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(0);
        self.len = 0;
    }

    /// Adds `symbol` (not in the table) under `hash`.
    pub(crate) fn insert(&mut self, hash: u64, symbol: SymbolId) {
        if (self.len + 1) * 4 > self.entries.len() * 3 {
            self.grow(self.entries.len() * 2);
        }
        let entry = (hash as u32 as u64) << 32 | (symbol.0 as u64 + 1);
        Self::place(&mut self.entries, entry);
        self.len += 1;
    }

    fn grow(&mut self, at_least: usize) {
        let size = at_least.next_power_of_two().max(64);
        let old = std::mem::replace(&mut self.entries, vec![0; size]);
        for e in old.into_iter().filter(|&e| e != 0) {
            Self::place(&mut self.entries, e);
        }
    }

    fn place(entries: &mut [u64], entry: u64) {
        let mask = entries.len() - 1;
        let mut i = (entry >> 32) as usize & mask;
        while entries[i] != 0 {
            i = (i + 1) & mask;
        }
        entries[i] = entry;
    }
}

/// A hint that `*p` is read soon (nothing on targets without one).
#[inline]
pub(crate) fn prefetch<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault; `p` is a valid
    // reference anyway. SSE is part of every x86-64 processor.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            (p as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_inserted_through_collisions_and_growth() {
        let mut t = NameTable::default();
        // Every third hash equal: collisions on the same slot.
        let hash = |i: u32| if i % 3 == 0 { 7 } else { u64::from(i) * 0x9e37_79b9 };
        for i in 0..10_000u32 {
            assert_eq!(t.find(hash(i), |s| s.0 == i), None);
            t.insert(hash(i), SymbolId(i));
        }
        for i in 0..10_000u32 {
            assert_eq!(t.find(hash(i), |s| s.0 == i), Some(SymbolId(i)));
        }
        assert_eq!(t.find(hash(20_000), |s| s.0 == 20_000), None);
        assert!(t.entries.len() * 3 >= 4 * t.len);
    }
}
