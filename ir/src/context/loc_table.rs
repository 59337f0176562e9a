//! The location uniquing table.
//!
//! The parser makes one location per op and per block argument, nearly all
//! of them new, so this table grows with the input. It stores each location
//! once in a chunked [`Arena`] (growing never copies it) and indexes it by
//! a hash table of 4-byte entry numbers whose hashes are recomputed when it
//! grows, not stored: about 22 bytes per location, where an `IndexSet`
//! kept a 24-byte bucket (hash and location) plus an 8-byte index.

use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;

use super::LocHash;
use crate::arena::Arena;
use crate::location::LocKind;

/// Uniqued locations, numbered in the order they were first seen.
#[derive(Default)]
pub(crate) struct LocTable {
    entries: Arena<LocKind>,
    index: HashTable<u32>,
}

fn hash_of(kind: &LocKind) -> u64 {
    let mut h = LocHash.build_hasher();
    kind.hash(&mut h);
    std::hash::Hasher::finish(&h)
}

impl LocTable {
    /// The number of `kind`, adding it if it is new.
    pub(crate) fn intern(&mut self, kind: LocKind) -> usize {
        let hash = hash_of(&kind);
        let entries = &self.entries;
        let entry = self.index.entry(
            hash,
            |&i| entries[i as usize] == kind,
            |&i| hash_of(&entries[i as usize]),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(o) => *o.get() as usize,
            hashbrown::hash_table::Entry::Vacant(v) => {
                let i = self.entries.len();
                let number = u32::try_from(i).expect("more than 4G locations");
                v.insert(number);
                self.entries.push(kind);
                i
            }
        }
    }

    /// Room for `additional` more locations without growing the index.
    pub(crate) fn reserve(&mut self, additional: usize) {
        let entries = &self.entries;
        self.index.reserve(additional, |&i| hash_of(&entries[i as usize]));
    }
}

impl std::ops::Index<usize> for LocTable {
    type Output = LocKind;
    fn index(&self, i: usize) -> &LocKind {
        &self.entries[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_locations_share_a_number_across_growth() {
        let mut t = LocTable::default();
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
