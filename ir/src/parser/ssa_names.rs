//! The SSA names of one isolated scope, as the parser resolves them.
//!
//! Most names in real IR are a prefix and a number: `%0`, `%arg3`,
//! `%v1234`, `%cst_7`. Those live in a dense vector per prefix, indexed by
//! the number: no hashing of the name, no key stored, and the vector grows
//! by appending as the numbers come in order. Other names, and numbers far
//! past the ones seen (a vector would be mostly holes), go to a hash map.
//! A name is in one place or the other: lookups try the vector first.

use rustc_hash::FxHashMap;

/// How far past a prefix's vector a number may be and still extend it
/// (beyond that, the name goes to the hash map).
const SLACK: usize = 1024;

/// `name` as a prefix and a decimal number without leading zeros (`v12`
/// is `("v", 12)`, `0` is `("", 0)`); `None` for names without one, or
/// with a leading zero (`v012` and `v12` are different names).
fn split(name: &str) -> Option<(&str, usize)> {
    let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    let (prefix, number) = name.split_at(name.len() - digits);
    if number.len() > 1 && number.starts_with('0') {
        return None;
    }
    Some((prefix, number.parse().ok()?))
}

/// The names of one scope and what each stands for.
pub(super) struct SsaNames<'a, E> {
    numbered: FxHashMap<&'a str, Vec<Option<E>>>,
    other: FxHashMap<&'a str, E>,
}

impl<E> Default for SsaNames<'_, E> {
    fn default() -> Self {
        SsaNames { numbered: FxHashMap::default(), other: FxHashMap::default() }
    }
}

impl<'a, E> SsaNames<'a, E> {
    /// The entry of `name`, if any.
    pub(super) fn get(&self, name: &str) -> Option<&E> {
        if let Some((prefix, n)) = split(name) {
            if let Some(e) = self.numbered.get(prefix).and_then(|v| v.get(n)).and_then(Option::as_ref) {
                return Some(e);
            }
        }
        self.other.get(name)
    }

    /// The entry of `name` to change, if any.
    pub(super) fn get_mut(&mut self, name: &str) -> Option<&mut E> {
        if let Some((prefix, n)) = split(name) {
            let slot = self.numbered.get_mut(prefix).and_then(|v| v.get_mut(n));
            if let Some(Some(e)) = slot {
                return Some(e);
            }
        }
        self.other.get_mut(name)
    }

    /// Adds `name` (not there yet).
    pub(super) fn insert(&mut self, name: &'a str, e: E) {
        if let Some((prefix, n)) = split(name) {
            let v = self.numbered.entry(prefix).or_default();
            if n < v.len() + SLACK {
                if n >= v.len() {
                    v.resize_with(n + 1, || None);
                }
                debug_assert!(v[n].is_none(), "%{name} is defined twice");
                v[n] = Some(e);
                return;
            }
        }
        self.other.insert(name, e);
    }

    /// Forgets `name`.
    pub(super) fn remove(&mut self, name: &str) {
        if let Some((prefix, n)) = split(name) {
            if let Some(slot @ Some(_)) = self.numbered.get_mut(prefix).and_then(|v| v.get_mut(n)) {
                *slot = None;
                return;
            }
        }
        self.other.remove(name);
    }

    /// Every entry, in no particular order.
    pub(super) fn entries(&self) -> impl Iterator<Item = &E> {
        self.numbered.values().flat_map(|v| v.iter().flatten()).chain(self.other.values())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_into_a_prefix_and_a_number_without_leading_zeros() {
        assert_eq!(split("v12"), Some(("v", 12)));
        assert_eq!(split("0"), Some(("", 0)));
        assert_eq!(split("cst_7"), Some(("cst_", 7)));
        assert_eq!(split("v012"), None);
        assert_eq!(split("x"), None);
        assert_eq!(split("a1234567890"), None);
    }

    #[test]
    fn every_name_is_found_wherever_it_lives() {
        let mut names: SsaNames<'_, u32> = SsaNames::default();
        let keys = ["v0", "v1", "v012", "v12", "x", "v5000", "0", "arg3", "v3"];
        for (i, k) in keys.iter().enumerate() {
            assert!(names.get(k).is_none(), "{k}");
            names.insert(k, i as u32);
        }
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(names.get(k), Some(&(i as u32)), "{k}");
        }
        // `v5000` is past the slack: it went to the map; `v4` was never there.
        assert!(names.other.contains_key("v5000") && names.get("v4").is_none());
        *names.get_mut("v12").unwrap() = 99;
        names.remove("v1");
        names.remove("v5000");
        assert_eq!((names.get("v12"), names.get("v1"), names.get("v5000")), (Some(&99), None, None));
        let mut left: Vec<u32> = names.entries().copied().collect();
        left.sort();
        assert_eq!(left, [0, 2, 4, 6, 7, 8, 99]);
    }
}
