//! The uniquing tables of the context's types, attributes and locations.
//!
//! The parser adds to these tables at nearly every op (a location per op
//! and per block argument, attributes whose values differ per op), so
//! they grow with the input. A table stores each entry once in a chunked
//! [`Arena`] (growing never copies it) and indexes it by a hash table of
//! 4-byte entry numbers whose hashes are recomputed when it grows, not
//! stored. Per entry that is its size plus about 5 bytes, where an
//! `IndexSet` kept a bucket of the entry and its 8-byte hash, plus an
//! 8-byte index, and copied all buckets at every doubling.

use std::hash::{BuildHasher, Hash};

use hashbrown::hash_table::Entry;
use hashbrown::HashTable;

use crate::arena::Arena;

/// Uniqued values, numbered in the order they were first seen.
pub(crate) struct UniqueTable<T, S> {
    entries: Arena<T>,
    index: HashTable<u32>,
    hasher: S,
}

impl<T, S: Default> Default for UniqueTable<T, S> {
    fn default() -> Self {
        UniqueTable { entries: Arena::default(), index: HashTable::new(), hasher: S::default() }
    }
}

impl<T: Hash + Eq, S: BuildHasher> UniqueTable<T, S> {
    /// The number of `value`, adding it if it is new.
    pub(crate) fn intern(&mut self, value: T) -> usize {
        let hash = self.hasher.hash_one(&value);
        let (entries, hasher) = (&self.entries, &self.hasher);
        match self.index.entry(hash, |&i| entries[i as usize] == value, |&i| hasher.hash_one(&entries[i as usize])) {
            Entry::Occupied(o) => *o.get() as usize,
            Entry::Vacant(v) => {
                let i = self.entries.len();
                v.insert(u32::try_from(i).expect("more than 4G uniqued entries"));
                self.entries.push(value);
                i
            }
        }
    }

    /// Adds `value` without indexing it: the caller knows it is new, and
    /// indexes it with [`Self::index_from`] before any lookup that could
    /// find it.
    pub(crate) fn push_unindexed(&mut self, value: T) -> usize {
        let i = self.entries.len();
        u32::try_from(i).expect("more than 4G uniqued entries");
        self.entries.push(value);
        i
    }

    /// Indexes entries `start..` (added by [`Self::push_unindexed`]).
    pub(crate) fn index_from(&mut self, start: usize) {
        let (entries, hasher) = (&self.entries, &self.hasher);
        for i in start..entries.len() {
            let hash = hasher.hash_one(&entries[i]);
            self.index.insert_unique(hash, i as u32, |&j| hasher.hash_one(&entries[j as usize]));
        }
    }

    /// Room for `additional` more entries without growing the index.
    pub(crate) fn reserve(&mut self, additional: usize) {
        let (entries, hasher) = (&self.entries, &self.hasher);
        self.index.reserve(additional, |&i| hasher.hash_one(&entries[i as usize]));
    }
}

impl<T, S> UniqueTable<T, S> {
    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The entries in number order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.entries.iter()
    }
}

impl<T, S> std::ops::Index<usize> for UniqueTable<T, S> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.entries[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::LocKind;
    use rustc_hash::FxBuildHasher;

    #[test]
    fn equal_locations_share_a_number_across_growth() {
        let mut t = UniqueTable::<LocKind, FxBuildHasher>::default();
        let file = crate::Sym::new(3);
        let at = |line, col| LocKind::FileLineCol { file, line, col };
        let first: Vec<usize> = (0..40_000).map(|i| t.intern(at(i / 3, i % 3))).collect();
        assert_eq!(first, (0..40_000).collect::<Vec<_>>());
        for i in (0..40_000).step_by(7) {
            assert_eq!(t.intern(at(i / 3, i % 3)), i as usize);
            assert_eq!(t[i as usize], at(i / 3, i % 3));
        }
        assert_eq!(t.intern(LocKind::Unknown), 40_000);
        assert_eq!(t.intern(LocKind::Unknown), 40_000);
    }
}
