//! Maps keyed by entity ids, cranelift's way: a [`PrimaryMap`] owns the
//! entities and hands out their keys; a [`SecondaryMap`] or an
//! [`EntitySet`] keeps side data (change marks, a verifier's seen set) for
//! keys another map owns. Indexing takes the key (`ops[op]`), never a raw
//! index, so an `OpId` cannot index the values by mistake.

use std::marker::PhantomData;

use crate::arena::Arena;

/// A dense entity id.
pub trait EntityRef: Copy {
    /// The key of dense index `i`.
    fn new(i: usize) -> Self;
    /// The dense index of the key.
    fn index(self) -> usize;
}

/// The entities of one kind, addressed by their keys. Backed by a chunked
/// [`Arena`]: pushing never moves existing entries.
#[derive(Debug)]
pub struct PrimaryMap<K: EntityRef, V> {
    arena: Arena<V>,
    key: PhantomData<K>,
}

impl<K: EntityRef, V> Default for PrimaryMap<K, V> {
    fn default() -> Self {
        PrimaryMap { arena: Arena::default(), key: PhantomData }
    }
}

impl<K: EntityRef, V> PrimaryMap<K, V> {
    /// Adds an entity; returns its key.
    #[inline]
    pub fn push(&mut self, v: V) -> K {
        K::new(self.arena.push(v))
    }

    /// The key the next [`Self::push`] returns.
    #[inline]
    pub fn next_key(&self) -> K {
        K::new(self.arena.len())
    }

    /// Number of entities.
    #[inline]
    pub fn len(&self) -> usize {
        self.arena.len()
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.arena.is_empty()
    }
}

impl<K: EntityRef, V> std::ops::Index<K> for PrimaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.arena[k.index()]
    }
}

impl<K: EntityRef, V> std::ops::IndexMut<K> for PrimaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.arena[k.index()]
    }
}

/// Side data for keys owned elsewhere; keys never set read as the default.
#[derive(Clone, Debug)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    elems: Vec<V>,
    default: V,
    key: PhantomData<K>,
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        SecondaryMap { elems: Vec::new(), default: V::default(), key: PhantomData }
    }
}

impl<K: EntityRef, V: Clone + Default> SecondaryMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of `k`, or the default.
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.elems.get(k.index()).unwrap_or(&self.default)
    }
}

impl<K: EntityRef, V: Clone + Default> std::ops::Index<K> for SecondaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.get(k)
    }
}

impl<K: EntityRef, V: Clone + Default> std::ops::IndexMut<K> for SecondaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.elems.len() {
            self.elems.resize(i + 1, self.default.clone());
        }
        &mut self.elems[i]
    }
}

/// A set of keys, one bit each.
#[derive(Clone, Debug)]
pub struct EntitySet<K: EntityRef> {
    words: Vec<u64>,
    key: PhantomData<K>,
}

impl<K: EntityRef> Default for EntitySet<K> {
    fn default() -> Self {
        EntitySet { words: Vec::new(), key: PhantomData }
    }
}

impl<K: EntityRef> EntitySet<K> {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `k` is in the set.
    #[inline]
    pub fn contains(&self, k: K) -> bool {
        let i = k.index();
        self.words.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds `k`; true if it was not there.
    #[inline]
    pub fn insert(&mut self, k: K) -> bool {
        let i = k.index();
        if i / 64 >= self.words.len() {
            self.words.resize(i / 64 + 1, 0);
        }
        let bit = 1 << (i % 64);
        let fresh = self.words[i / 64] & bit == 0;
        self.words[i / 64] |= bit;
        fresh
    }

    /// Removes `k`; true if it was there.
    #[inline]
    pub fn remove(&mut self, k: K) -> bool {
        let i = k.index();
        match self.words.get_mut(i / 64) {
            Some(w) if *w & (1 << (i % 64)) != 0 => {
                *w &= !(1 << (i % 64));
                true
            }
            _ => false,
        }
    }

    /// An empty set with room for keys below `n`.
    pub fn with_capacity(n: usize) -> Self {
        EntitySet { words: vec![0; n.div_ceil(64)], key: PhantomData }
    }

    /// Adds every key of `other`.
    pub fn union_with(&mut self, other: &EntitySet<K>) {
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Removes every key.
    pub fn clear(&mut self) {
        self.words.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{OpId, Value};

    #[test]
    fn primary_map_hands_out_keys_in_order() {
        let mut m: PrimaryMap<OpId, &str> = PrimaryMap::default();
        assert_eq!(m.next_key().index(), 0);
        let a = m.push("a");
        let b = m.push("b");
        assert_eq!((a.index(), b.index()), (0, 1));
        m[b] = "c";
        assert_eq!((m[a], m[b], m.len()), ("a", "c", 2));
    }

    #[test]
    fn secondary_map_defaults_and_grows() {
        let mut m: SecondaryMap<Value, u32> = SecondaryMap::new();
        let k = <Value as EntityRef>::new(100);
        assert_eq!(m[k], 0);
        m[k] = 7;
        assert_eq!(m[k], 7);
        assert_eq!(m[<Value as EntityRef>::new(3)], 0);
    }

    #[test]
    fn entity_set_inserts_and_removes() {
        let mut s: EntitySet<OpId> = EntitySet::new();
        let k = <OpId as EntityRef>::new(130);
        assert!(!s.contains(k));
        assert!(s.insert(k));
        assert!(!s.insert(k));
        assert!(s.contains(k) && !s.contains(<OpId as EntityRef>::new(129)));
        assert!(s.remove(k));
        assert!(!s.remove(k) && !s.contains(k));
    }
}
