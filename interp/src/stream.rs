//! Non-temporal ("streaming") stores for copies larger than the caches.
//!
//! An ordinary store to a line that is not cached first reads the line
//! (read for ownership): a copy whose destination will not stay cached
//! moves every destination byte twice. A streaming store writes whole lines
//! through write-combining buffers without reading them. glibc's memcpy
//! does the same above a threshold; the strided copies here did not, so a
//! 64 MiB pack in 512-byte runs measured 85-93% of memcpy with ordinary
//! stores and 138-142% with streaming ones.
//!
//! Only copies whose destination is at least [`stream_from`] bytes stream:
//! a smaller result may still be cached when the next op reads it, and
//! streaming would evict it.

use std::sync::OnceLock;

/// The smallest destination, in bytes, a copy streams into: half of the
/// last-level cache (as Linux reports it for CPU 0; 32 MiB when it does not
/// say, the cache of the machine the kernels were tuned on, where this is
/// 16 MiB).
pub(crate) fn stream_from() -> usize {
    static FROM: OnceLock<usize> = OnceLock::new();
    *FROM.get_or_init(|| last_level_cache().unwrap_or(32 << 20) / 2)
}

/// The size of the highest-level cache in `/sys`, in bytes.
fn last_level_cache() -> Option<usize> {
    let dir = std::path::Path::new("/sys/devices/system/cpu/cpu0/cache");
    let mut best: Option<(u32, usize)> = None;
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let read = |name: &str| std::fs::read_to_string(entry.path().join(name)).ok();
        let (Some(level), Some(size)) = (read("level"), read("size")) else { continue };
        let (Ok(level), Some(bytes)) = (level.trim().parse::<u32>(), parse_size(size.trim())) else { continue };
        if best.is_none_or(|(l, _)| level > l) {
            best = Some((level, bytes));
        }
    }
    best.map(|(_, bytes)| bytes)
}

/// `32768K`, `1M` or a plain byte count.
fn parse_size(text: &str) -> Option<usize> {
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.split_at(i),
        None => (text, ""),
    };
    let n: usize = digits.parse().ok()?;
    let scale = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    n.checked_mul(scale)
}

/// Copies `len` bytes, streaming every whole 64-byte chunk from the first
/// 16-byte boundary of `dst` on; the head and tail go through ordinary
/// stores. Call [`fence`] after the last streaming copy of an operation.
///
/// # Safety
/// As for `std::ptr::copy_nonoverlapping`.
#[inline(always)]
pub(crate) unsafe fn copy(src: *const u8, dst: *mut u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: every access is inside the `len` bytes the caller vouches for.
    unsafe {
        use std::arch::x86_64::*;
        let head = dst.align_offset(16).min(len);
        std::ptr::copy_nonoverlapping(src, dst, head);
        let body = (len - head) / 64 * 64;
        let mut i = head;
        while i < head + body {
            let lines: [__m128i; 4] = std::array::from_fn(|j| _mm_loadu_si128(src.add(i + 16 * j) as *const __m128i));
            for (j, line) in lines.into_iter().enumerate() {
                _mm_stream_si128(dst.add(i + 16 * j) as *mut __m128i, line);
            }
            i += 64;
        }
        std::ptr::copy_nonoverlapping(src.add(i), dst.add(i), len - i);
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: forwarded from the caller.
    unsafe {
        std::ptr::copy_nonoverlapping(src, dst, len)
    }
}

/// Orders the streaming stores before any later store, so another thread
/// that sees the later ones sees the copy.
pub(crate) fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE is part of x86-64.
    unsafe {
        std::arch::x86_64::_mm_sfence()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cache_sizes_read_as_linux_writes_them() {
        assert_eq!(super::parse_size("32768K"), Some(32 << 20));
        assert_eq!(super::parse_size("1M"), Some(1 << 20));
        assert_eq!(super::parse_size("512"), Some(512));
        assert_eq!(super::parse_size("12Q"), None);
        assert_eq!(super::parse_size(""), None);
        assert!(super::stream_from() >= 1 << 20);
    }

    #[test]
    fn streamed_copies_equal_plain_ones_at_every_offset_and_length() {
        let src: Vec<u8> = (0..600).map(|i| (i * 7 + 1) as u8).collect();
        for off in 0..20 {
            for len in [0, 1, 15, 16, 63, 64, 65, 127, 128, 200, 511, 512, 577] {
                let mut dst = vec![0u8; 600 + 20];
                // SAFETY: both ranges are inside their buffers, which are distinct.
                unsafe { super::copy(src.as_ptr().add(3), dst.as_mut_ptr().add(off), len) };
                super::fence();
                assert_eq!(&dst[off..off + len], &src[3..3 + len], "offset {off}, {len} bytes");
                assert!(dst[..off].iter().chain(&dst[off + len..]).all(|b| *b == 0));
            }
        }
    }
}
