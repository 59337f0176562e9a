//! A tensor's storage: bytes that start on a 64-byte boundary.
//!
//! `Vec<u8>` only promises 1-byte alignment, and large allocations from
//! the system allocator start 16 bytes into a page. The transposed-tile
//! kernels load and store 32-byte rows, and half of those split a cache
//! line when the buffer is 16 bytes off: transposed unpack measured 61%
//! of memcpy's bandwidth on such a buffer and 72-76% on an aligned one.

use std::alloc::{self, Layout};
use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::memory::Refused;

/// One cache line, the unit of allocation.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([u8; 64]);

/// A fixed-length byte buffer aligned to 64 bytes (zeroed on creation,
/// with the allocator's zeroed pages, so an untouched tensor costs no
/// page faults). Its bytes count against the engine's memory budget
/// ([`crate::memory`]) while it lives.
pub struct AlignedBytes {
    lines: Box<[Line]>,
    len: usize,
}

impl AlignedBytes {
    /// `len` zero bytes, if the budget and the system allocator allow them.
    pub fn try_zeroed(len: usize) -> Result<AlignedBytes, Refused> {
        let count = len.div_ceil(64);
        let bytes = (count as u64).checked_mul(64);
        crate::memory::reserve(bytes)?;
        if count == 0 {
            return Ok(AlignedBytes { lines: Box::new([]), len });
        }
        let refused = || {
            crate::memory::release(bytes.unwrap_or(0));
            Refused { bytes, live: crate::memory::live(), limit: crate::memory::limit() }
        };
        let Ok(layout) = Layout::array::<Line>(count) else { return Err(refused()) };
        // SAFETY: the layout has a non-zero size (count > 0).
        let ptr = unsafe { alloc::alloc_zeroed(layout) }.cast::<Line>();
        if ptr.is_null() {
            return Err(refused());
        }
        // SAFETY: `ptr` is a fresh allocation of `count` lines by the global
        // allocator with `Line`'s layout, and a line of zero bytes is a
        // valid `Line`; the box frees it with the same layout.
        let lines = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, count)) };
        Ok(AlignedBytes { lines, len })
    }

    /// `len` zero bytes (for callers that know the size is small: panics
    /// when the budget refuses it).
    pub fn zeroed(len: usize) -> AlignedBytes {
        AlignedBytes::try_zeroed(len).unwrap_or_else(|e| panic!("cannot allocate {len} bytes: {e:?}"))
    }

    /// A copy of `bytes`.
    pub fn try_from_slice(bytes: &[u8]) -> Result<AlignedBytes, Refused> {
        let mut out = AlignedBytes::try_zeroed(bytes.len())?;
        out.copy_from_slice(bytes);
        Ok(out)
    }

    /// A copy (checked against the budget, unlike `Clone`, which this type
    /// does not implement for that reason).
    pub fn try_clone(&self) -> Result<AlignedBytes, Refused> {
        AlignedBytes::try_from_slice(self)
    }

    /// A copy of `bytes` (small sizes: panics when the budget refuses it).
    pub fn from_slice(bytes: &[u8]) -> AlignedBytes {
        AlignedBytes::try_from_slice(bytes).unwrap_or_else(|e| panic!("cannot allocate {} bytes: {e:?}", bytes.len()))
    }
}

impl Drop for AlignedBytes {
    fn drop(&mut self) {
        crate::memory::release(self.lines.len() as u64 * 64);
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
        assert_eq!(c.try_clone().unwrap(), c);
        assert_ne!(c, AlignedBytes::from_slice(&[1, 2, 4]));
    }

    #[test]
    fn storage_counts_against_the_budget_while_it_lives() {
        let base = crate::memory::live();
        let b = AlignedBytes::zeroed(100);
        assert_eq!(crate::memory::live(), base + 128);
        drop(b);
        assert_eq!(crate::memory::live(), base);
        let old = crate::memory::set_limit(base + 4096);
        assert!(AlignedBytes::try_zeroed(4097).is_err());
        assert_eq!(crate::memory::live(), base, "a refused allocation reserves nothing");
        let ok = AlignedBytes::try_zeroed(4096).unwrap();
        assert!(ok.try_clone().is_err(), "a copy is checked too");
        drop(ok);
        crate::memory::set_limit(old);
        assert!(AlignedBytes::try_zeroed(usize::MAX).is_err(), "the system refuses what cannot exist");
        assert_eq!(crate::memory::live(), base);
    }
}
