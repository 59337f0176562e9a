//! Register-blocked transposes: the inner kernel of a transposed tile.
//!
//! A 2-D block whose source is contiguous along one axis and whose
//! destination is contiguous along the other is a transpose:
//! `dst[c·dc + r] = src[r·sr + c]`. Copying it element by element issues
//! one load and one store per element and writes a different cache line at
//! every step. Here it goes through square register blocks (8x8 for 2- and
//! 4-byte elements, 2x2 for 8-byte; a 4-byte block is four 4x4 SSE
//! transposes, so rows of 32 bytes are read and written together, which
//! measured faster than 4x4 and 16x16 blocks): every load and store moves
//! 16 contiguous bytes, and the shuffles in between only move bits (NaN
//! payloads and -0.0 survive). The rims that do not fill a block go
//! element by element. SSE2 is part of x86-64, so the blocks need no
//! feature detection; other targets have no blocks.

/// Copies an `rows` x `cols` block: element `(r, c)` is read at source
/// element offset `s + r·sr + c` and written at destination offset
/// `d + c·dc + r`, elements of `N` bytes. Returns false, copying
/// nothing, when not even one register block fits (a thin block such as
/// the `(2, 1)` interleave of a bf16 layout is better served by the
/// caller's element loop).
///
/// # Safety
/// Every offset the block reaches must be inside its buffer (the caller
/// checks the two corners), and the buffers must not overlap.
pub(crate) unsafe fn transpose<const N: usize>(
    src: *const u8,
    dst: *mut u8,
    (s, d): (usize, usize),
    (rows, sr): (usize, usize),
    (cols, dc): (usize, usize),
) -> bool {
    let b = block_side::<N>();
    if b == 1 || rows < b || cols < b {
        return false;
    }
    let (full_r, full_c) = (rows - rows % b, cols - cols % b);
    // The outer loop steps along the axis with the larger stride, so the
    // inner loop's loads and stores stay within a few streams of nearby
    // lines: a pack's transposed tile walks source rows, an unpack's walks
    // destination rows. (Measured against square cache blocks, which were
    // slower on both.)
    let step = b;
    // SAFETY (of the pointer arithmetic): (r, c) is inside the block.
    let at = |r: usize, c: usize| unsafe { (src.add((s + r * sr + c) * N), dst.add((d + c * dc + r) * N)) };
    if sr >= dc {
        for r in (0..full_r).step_by(step) {
            for c in (0..full_c).step_by(step) {
                let (from, to) = at(r, c);
                // SAFETY: the register block is inside the whole block.
                unsafe { block::<N>(from, sr * N, to, dc * N) };
            }
        }
    } else {
        for c in (0..full_c).step_by(step) {
            for r in (0..full_r).step_by(step) {
                let (from, to) = at(r, c);
                // SAFETY: the register block is inside the whole block.
                unsafe { block::<N>(from, sr * N, to, dc * N) };
            }
        }
    }
    // The rims: the columns right of the blocks in their rows, then the
    // rows below them.
    for r in 0..rows {
        let c0 = if r < full_r { full_c } else { 0 };
        for c in c0..cols {
            // SAFETY: (r, c) is inside the block.
            unsafe { std::ptr::copy_nonoverlapping(src.add((s + r * sr + c) * N), dst.add((d + c * dc + r) * N), N) };
        }
    }
    true
}

/// The side of the square register block for `N`-byte elements, or 1 when
/// there is none.
const fn block_side<const N: usize>() -> usize {
    if cfg!(target_arch = "x86_64") && matches!(N, 2 | 4 | 8) {
        if N == 8 {
            2
        } else {
            8
        }
    } else {
        1
    }
}

/// Transposes one register block: rows `sr` bytes apart in the source,
/// columns `dc` bytes apart in the destination.
#[inline(always)]
unsafe fn block<const N: usize>(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: forwarded from the caller.
    unsafe {
        match N {
            2 => sse2::t8x8_u16(src, sr, dst, dc),
            4 => {
                for (r, c) in [(0, 0), (0, 4), (4, 0), (4, 4)] {
                    sse2::t4x4_u32(src.add(r * sr + c * 4), sr, dst.add(c * dc + r * 4), dc)
                }
            }
            8 => sse2::t2x2_u64(src, sr, dst, dc),
            _ => unreachable!("no register block for {N}-byte elements"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("no register blocks on this target: {:?} {sr} {:?} {dc}", src, dst);
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    /// Loads `K` rows of 16 bytes, `stride` bytes apart.
    #[inline(always)]
    unsafe fn load<const K: usize>(p: *const u8, stride: usize) -> [__m128i; K] {
        // SAFETY: the caller's block is inside the source buffer.
        std::array::from_fn(|i| unsafe { _mm_loadu_si128(p.add(i * stride) as *const __m128i) })
    }

    /// Stores `K` rows of 16 bytes, `stride` bytes apart.
    #[inline(always)]
    unsafe fn store<const K: usize>(p: *mut u8, stride: usize, rows: [__m128i; K]) {
        for (i, row) in rows.into_iter().enumerate() {
            // SAFETY: the caller's block is inside the destination buffer.
            unsafe { _mm_storeu_si128(p.add(i * stride) as *mut __m128i, row) };
        }
    }

    #[inline(always)]
    pub(super) unsafe fn t2x2_u64(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [a, b] = load::<2>(src, sr);
            store(dst, dc, [_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b)]);
        }
    }

    #[inline(always)]
    pub(super) unsafe fn t4x4_u32(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [a, b, c, d] = load::<4>(src, sr);
            let (ab_lo, ab_hi) = (_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b)); // a0 b0 a1 b1 | a2 b2 a3 b3
            let (cd_lo, cd_hi) = (_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
            store(
                dst,
                dc,
                [
                    _mm_unpacklo_epi64(ab_lo, cd_lo),
                    _mm_unpackhi_epi64(ab_lo, cd_lo),
                    _mm_unpacklo_epi64(ab_hi, cd_hi),
                    _mm_unpackhi_epi64(ab_hi, cd_hi),
                ],
            );
        }
    }

    #[inline(always)]
    pub(super) unsafe fn t8x8_u16(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let r = load::<8>(src, sr);
            // Pairs of rows interleaved by 16 bits: (r0 r1)(r2 r3)(r4 r5)(r6 r7), low and high halves.
            let p: [__m128i; 8] = std::array::from_fn(|i| {
                let (x, y) = (r[i / 2 * 2], r[i / 2 * 2 + 1]);
                if i % 2 == 0 {
                    _mm_unpacklo_epi16(x, y)
                } else {
                    _mm_unpackhi_epi16(x, y)
                }
            });
            // Quads by 32 bits: columns 0-1, 2-3, 4-5, 6-7 of rows 0-3, then of rows 4-7.
            let q =
                |x: __m128i, y: __m128i, hi: bool| if hi { _mm_unpackhi_epi32(x, y) } else { _mm_unpacklo_epi32(x, y) };
            let top = [q(p[0], p[2], false), q(p[0], p[2], true), q(p[1], p[3], false), q(p[1], p[3], true)];
            let bottom = [q(p[4], p[6], false), q(p[4], p[6], true), q(p[5], p[7], false), q(p[5], p[7], true)];
            let cols: [__m128i; 8] = std::array::from_fn(|c| {
                let (x, y) = (top[c / 2], bottom[c / 2]);
                if c % 2 == 0 {
                    _mm_unpacklo_epi64(x, y)
                } else {
                    _mm_unpackhi_epi64(x, y)
                }
            });
            store(dst, dc, cols);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Transposes with `transpose::<N>` and with a plain loop, on every
    /// shape up to 19x19 (full blocks, rims, both), and compares the bytes;
    /// blocks too thin for a register block are left to the caller.
    fn agrees<const N: usize>() {
        for rows in 0..20 {
            for cols in 0..20 {
                let (sr, dc) = (cols + 3, rows + 5);
                let src: Vec<u8> = (0..(rows * sr + cols + 1) * N).map(|i| (i * 7 + 3) as u8).collect();
                let mut want = vec![0u8; (cols * dc + rows + 1) * N];
                let mut got = want.clone();
                for r in 0..rows {
                    for c in 0..cols {
                        let (si, di) = ((1 + r * sr + c) * N, (c * dc + r) * N);
                        want[di..di + N].copy_from_slice(&src[si..si + N]);
                    }
                }
                // SAFETY: the buffers hold the whole block, from offset 1 / 0.
                let done = unsafe { transpose::<N>(src.as_ptr(), got.as_mut_ptr(), (1, 0), (rows, sr), (cols, dc)) };
                let fits = N > 1 && rows.min(cols) >= if N == 8 { 2 } else { 8 };
                assert_eq!(done, fits, "{N}-byte elements, {rows}x{cols}");
                if done {
                    assert_eq!(got, want, "{N}-byte elements, {rows}x{cols}");
                }
            }
        }
    }

    #[test]
    fn blocks_and_rims_agree_with_a_plain_loop() {
        agrees::<1>();
        agrees::<2>();
        agrees::<4>();
        agrees::<8>();
    }
}
