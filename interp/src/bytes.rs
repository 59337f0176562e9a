//! A tensor's storage: bytes that start on a 64-byte boundary.
//!
//! `Vec<u8>` only promises 1-byte alignment, and large allocations from
//! the system allocator start 16 bytes into a page. The transposed-tile
//! kernels load and store 32-byte rows, and half of those split a cache
//! line when the buffer is 16 bytes off: transposed unpack measured 61%
//! of memcpy's bandwidth on such a buffer and 72-76% on an aligned one.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// One cache line, the unit of allocation.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// A fixed-length byte buffer aligned to 64 bytes (zeroed on creation,
/// with the allocator's zeroed pages, so an untouched tensor costs no
/// page faults).
#[derive(Clone)]
pub struct AlignedBytes {
    lines: Box<[Line]>,
    len: usize,
}

impl AlignedBytes {
    /// `len` zero bytes.
    pub fn zeroed(len: usize) -> AlignedBytes {
        let lines = Box::<[Line]>::new_zeroed_slice(len.div_ceil(64));
        // SAFETY: a line of zero bytes is a valid `Line`.
        AlignedBytes { lines: unsafe { lines.assume_init() }, len }
    }

    /// A copy of `bytes`.
    pub fn from_slice(bytes: &[u8]) -> AlignedBytes {
        let mut out = AlignedBytes::zeroed(bytes.len());
        out.copy_from_slice(bytes);
        out
    }
}

impl Deref for AlignedBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        // SAFETY: the lines hold at least `len` initialized bytes, and
        // `Line` is plain bytes without padding.
        unsafe { std::slice::from_raw_parts(self.lines.as_ptr().cast::<u8>(), self.len) }
    }
}

impl DerefMut for AlignedBytes {
    fn deref_mut(&mut self) -> &mut [u8] {
        // SAFETY: as in `deref`, borrowed exclusively.
        unsafe { std::slice::from_raw_parts_mut(self.lines.as_mut_ptr().cast::<u8>(), self.len) }
    }
}

impl PartialEq for AlignedBytes {
    fn eq(&self, other: &AlignedBytes) -> bool {
        **self == **other
    }
}

impl fmt::Debug for AlignedBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_zeroed_and_exactly_as_long_as_asked() {
        for len in [0, 1, 63, 64, 65, 1000] {
            let b = AlignedBytes::zeroed(len);
            assert_eq!(b.len(), len);
            assert!(b.iter().all(|x| *x == 0));
            assert_eq!(b.as_ptr() as usize % 64, 0, "{len} bytes");
        }
        let c = AlignedBytes::from_slice(&[1, 2, 3]);
        assert_eq!(&*c, &[1, 2, 3]);
        assert_eq!(c.clone(), c);
        assert_ne!(c, AlignedBytes::from_slice(&[1, 2, 4]));
    }
}
