//! A growable arena stored in fixed-size chunks: pushing never moves or
//! copies existing entries, so memory grows linearly (a `Vec` doubling
//! would copy everything and briefly hold both buffers).
//!
//! A large arena asks [`crate::parallel`] to fault its next chunk's pages in
//! while the current one fills: a fresh page costs the kernel a zeroing,
//! which on big inputs is a good part of the run time.

use std::mem::MaybeUninit;

use crate::parallel::Prefetch;

const CHUNK_BITS: usize = 14;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Entries addressed by dense index, in chunks of 16K.
#[derive(Debug)]
pub struct Arena<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
    /// The next chunk, being faulted in ahead of use.
    next: Prefetch<Vec<T>>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { chunks: Vec::new(), len: 0, next: Prefetch::default() }
    }
}

/// An empty chunk whose pages have been touched (one write per page).
fn faulted_chunk<T>() -> Vec<T> {
    let mut v = Vec::with_capacity(CHUNK);
    let step = (4096 / std::mem::size_of::<T>().max(1)).max(1);
    for slot in v.spare_capacity_mut().iter_mut().step_by(step) {
        *slot = MaybeUninit::zeroed();
    }
    v
}

impl<T: Send + 'static> Arena<T> {
    /// Number of entries.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the arena is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends an entry; returns its index.
    #[inline]
    pub fn push(&mut self, v: T) -> usize {
        if self.len.is_multiple_of(CHUNK) {
            self.start_chunk();
        }
        let i = self.len;
        self.chunks.last_mut().expect("chunk").push(v);
        self.len += 1;
        i
    }

    #[cold]
    fn start_chunk(&mut self) {
        let chunk = self.next.take().unwrap_or_else(|| Vec::with_capacity(CHUNK));
        self.chunks.push(chunk);
        // From the second chunk on the arena is growing: prepare the next.
        if self.chunks.len() >= 2 {
            self.next.start(faulted_chunk::<T>);
        }
    }
}

impl<T> std::ops::Index<usize> for Arena<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for Arena<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.chunks[i >> CHUNK_BITS][i & (CHUNK - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_across_chunks() {
        let mut a = Arena::default();
        for i in 0..(CHUNK * 2 + 5) {
            assert_eq!(a.push(i), i);
        }
        assert_eq!(a.len(), CHUNK * 2 + 5);
        assert_eq!(a[CHUNK + 3], CHUNK + 3);
        a[CHUNK * 2 + 4] = 7;
        assert_eq!(a[CHUNK * 2 + 4], 7);
    }
}
