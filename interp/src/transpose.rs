//! Register-blocked transposes: the inner kernel of a transposed tile.
//!
//! A 2-D block whose source is contiguous along one axis and whose
//! destination is contiguous along the other is a transpose:
//! `dst[c·dc + r] = src[r·sr + c]`. Copying it element by element issues
//! one load and one store per element and writes a different cache line at
//! every step. Here it goes through square register blocks (8x8 for 2- and
//! 4-byte elements, 2x2 for 8-byte): every load and store moves 16
//! contiguous bytes (32 for 4-byte elements when the CPU has AVX2, found
//! at run time; otherwise four 4x4 SSE2 transposes, which measured faster
//! than 4x4 and 16x16 blocks), and the shuffles in between only move bits
//! (NaN payloads and -0.0 survive). The rims that do not fill a block go
//! element by element. SSE2 is part of x86-64; other targets have no
//! blocks.
//!
//! The blocks are swept in an order made for memory, not for the block:
//! the tiles of a pack or unpack come as a [`Batch`], swept a group of
//! neighbouring tiles at a time, and a wide block is cut into panels (see
//! [`GROUP_BYTES`] and [`MIN_PANEL`]).

/// A run of same-shaped blocks: `count` of them, the `k`-th at element
/// offsets `s + k·src_step` and `d + k·dst_step` (the tiles of a pack or
/// unpack, one step of the axis that walks them apart).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Batch {
    pub count: usize,
    pub src_step: usize,
    pub dst_step: usize,
}

impl Batch {
    /// One block.
    pub const ONE: Batch = Batch { count: 1, src_step: 0, dst_step: 0 };
}

/// How many blocks of a batch are swept together: enough that their
/// bytes fill about a quarter of a 1 MiB L2 cache. Within a group the
/// sweep goes one strip of register blocks at a time across every block,
/// so each source line a strip touches is used whole before it is evicted
/// (neighbouring tiles of a transposed pack share their source lines), and
/// the strided side is walked in runs the hardware prefetcher follows.
/// Measured on f32 4096x4096 with transposed 8x128 tiles (4 KiB each):
/// groups of 1, 8, 32, 64, 128, 256 and 512 tiles moved 54, 52, 64, 82,
/// 73, 63 and 51% of memcpy's bandwidth (pack); 64-128 was best for
/// unpack too.
const GROUP_BYTES: usize = 256 << 10;

/// The narrowest panel, in elements. A panel is walked down its strips
/// one row segment at a time; with 4096 strips, a group's bytes would make
/// it 16 f32 wide (one line per row, a demand miss 16 KiB from the last)
/// while the other side writes one stream per column. A plain f32
/// 4096x4096 transpose measured 26% of memcpy with 16-element panels, 35%
/// with 32, 55% with 64 and 48% with 128; bf16 was best at 32-64.
const MIN_PANEL: usize = 64;

/// Copies a batch of `rows` x `cols` blocks: element `(r, c)` of block `k`
/// is read at source element offset `s + k·src_step + r·sr + c` and
/// written at destination offset `d + k·dst_step + c·dc + r`, elements of
/// `N` bytes. Blocks of 2 or 4 rows or columns with the other side
/// contiguous are zipped or split ([`zip`], [`unzip`]). Returns false,
/// copying nothing, when neither that nor one register block fits (the
/// caller's element loop serves those). `stream`: the destination is
/// larger than the caches; the sweep then writes it with streaming stores
/// where they are aligned (see [`crate::stream`]).
///
/// # Safety
/// Every offset the batch reaches must be inside its buffer (the caller
/// checks the corners), and the buffers must not overlap.
pub(crate) unsafe fn transpose<const N: usize>(
    src: *const u8,
    dst: *mut u8,
    (s, d): (usize, usize),
    (rows, sr): (usize, usize),
    (cols, dc): (usize, usize),
    batch: Batch,
    stream: bool,
) -> bool {
    let b = block_side::<N>();
    // SAFETY: forwarded from the caller.
    if dc == rows && rows < 8 && unsafe { zip::<N>(src, dst, (s, d), (rows, sr), cols, batch) } {
        return true;
    }
    // SAFETY: forwarded from the caller.
    if sr == cols && cols < 8 && unsafe { unzip::<N>(src, dst, (s, d), rows, (cols, dc), batch) } {
        return true;
    }
    if b == 1 || rows < b || cols < b {
        return false;
    }
    let sweep = Sweep { src, dst, s, d, rows, sr, cols, dc, batch };
    // Streamed rows must start on boundaries of their width: a register
    // block's row, 32 bytes with AVX2, 16 without.
    let aligned_to = |row: usize| {
        let aligned = |bytes: usize| bytes.is_multiple_of(row);
        stream && aligned(dst as usize + d * N) && aligned(dc * N) && (batch.count == 1 || aligned(batch.dst_step * N))
    };
    #[cfg(target_arch = "x86_64")]
    if N == 4 && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: AVX2 is present; the rest is forwarded from the caller.
        unsafe { sweep_avx2(sweep, aligned_to(32)) };
        return true;
    }
    // SAFETY: forwarded from the caller.
    unsafe {
        if aligned_to(16) {
            sweep.run::<N, false, true>()
        } else {
            sweep.run::<N, false, false>()
        }
    };
    true
}

/// The arguments of [`transpose`], for the loops that walk them.
#[derive(Copy, Clone)]
struct Sweep {
    src: *const u8,
    dst: *mut u8,
    s: usize,
    d: usize,
    rows: usize,
    sr: usize,
    cols: usize,
    dc: usize,
    batch: Batch,
}

/// [`Sweep::run`] compiled with AVX2, so its 8x8 blocks of 4-byte
/// elements are eight 32-byte loads and stores (one per row) instead of
/// four 4x4 SSE2 transposes: transposed unpack 61 -> 72-77% of memcpy,
/// whose strided side is then written a whole block row at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn sweep_avx2(sweep: Sweep, stream: bool) {
    // SAFETY: forwarded from the caller (who checked the alignment streamed
    // stores need).
    unsafe {
        if stream {
            sweep.run::<4, true, true>()
        } else {
            sweep.run::<4, true, false>()
        }
    }
}

impl Sweep {
    /// The register blocks of every block in the batch, then the rims.
    #[inline(always)]
    unsafe fn run<const N: usize, const AVX2: bool, const STREAM: bool>(self) {
        let Sweep { src, dst, s, d, rows, sr, cols, dc, batch } = self;
        let b = block_side::<N>();
        let (full_r, full_c) = (rows - rows % b, cols - cols % b);
        let group = (GROUP_BYTES / (rows * cols * N).max(1)).clamp(1, batch.count.max(1));
        // The width of a panel across `across` strips: a group's bytes, in
        // whole register blocks, and at least `MIN_PANEL` elements.
        let panel = |across: usize| (GROUP_BYTES / (across * N).max(1)).max(MIN_PANEL) / b * b;
        // SAFETY (of the pointer arithmetic): (k, r, c) is inside the batch.
        let at = |k: usize, r: usize, c: usize| unsafe {
            (src.add((s + k * batch.src_step + r * sr + c) * N), dst.add((d + k * batch.dst_step + c * dc + r) * N))
        };
        let block = |k: usize, r: usize, c: usize| {
            let (from, to) = at(k, r, c);
            // SAFETY: the register block is inside block k of the batch.
            unsafe { register_block::<N, AVX2, STREAM>(from, sr * N, to, dc * N) };
        };
        // With the destination streamed and the source the strided side,
        // a strip is as many register blocks tall as fill a 64-byte line
        // (two of 32-byte rows, four of 16), so the parts of each
        // destination line are written back to back (a streamed line must
        // fill while its write-combining buffer lasts); a last strip of one
        // block is written the ordinary way.
        let tall = if STREAM && sr >= dc { (64 / (b * N)).max(1) * b } else { b };
        let strip = |k: usize, r: usize, c: usize| {
            if r + tall <= full_r {
                for part in (0..tall).step_by(b) {
                    block(k, r + part, c);
                }
            } else {
                let (from, to) = at(k, r, c);
                // SAFETY: the register block is inside block k of the batch.
                unsafe { register_block::<N, AVX2, false>(from, sr * N, to, dc * N) };
            }
        };
        for k0 in (0..batch.count).step_by(group) {
            let ks = k0..batch.count.min(k0 + group);
            // Strips across the group, along the axis with the larger stride,
            // so a strip's loads and stores stay within a few streams of
            // nearby lines: a pack's transposed tile walks source rows, an
            // unpack's walks destination rows. A block wider than a group
            // (neighbouring tiles merged into one block) is cut into panels
            // of a group's bytes across the strips. (Measured against square
            // cache blocks, which were slower on both.)
            if sr >= dc {
                for c0 in (0..full_c).step_by(panel(rows)) {
                    let cs = c0..full_c.min(c0 + panel(rows));
                    let mut r = 0;
                    while r < full_r {
                        for k in ks.clone() {
                            for c in cs.clone().step_by(b) {
                                strip(k, r, c);
                            }
                        }
                        r += if r + tall <= full_r { tall } else { b };
                    }
                }
            } else {
                for r0 in (0..full_r).step_by(panel(cols)) {
                    let rs = r0..full_r.min(r0 + panel(cols));
                    for c in (0..full_c).step_by(b) {
                        for k in ks.clone() {
                            for r in rs.clone().step_by(b) {
                                block(k, r, c);
                            }
                        }
                    }
                }
            }
            // The rims: the columns right of the blocks in their rows, then
            // the rows below them.
            for k in ks {
                let (s, d) = (s + k * batch.src_step, d + k * batch.dst_step);
                // SAFETY: both rims are inside block k.
                unsafe {
                    copy_elements::<N>(src, dst, (s, d), (0..full_r, sr), (full_c..cols, dc));
                    copy_elements::<N>(src, dst, (s, d), (full_r..rows, sr), (0..cols, dc));
                }
            }
        }
    }
}

/// A batch of thin blocks whose `rows` (2 or 4) source rows interleave
/// into a contiguous destination (`dc == rows`): the `(2, 1)` and `(4, 1)`
/// steps of XLA's bf16 and int8 layouts. Each 16 bytes of every row are
/// loaded once and zipped by unpack instructions into `rows` contiguous
/// 16-byte stores; the columns left over go element by element. Returns
/// false, copying nothing, for other shapes and element sizes.
///
/// # Safety
/// As for [`transpose`].
unsafe fn zip<const N: usize>(
    src: *const u8,
    dst: *mut u8,
    (s, d): (usize, usize),
    (rows, sr): (usize, usize),
    cols: usize,
    batch: Batch,
) -> bool {
    let lanes = 16 / N;
    if !cfg!(target_arch = "x86_64") || !matches!(N, 1 | 2 | 4) || !matches!(rows, 2 | 4) || cols < lanes {
        return false;
    }
    let full_c = cols - cols % lanes;
    for k in 0..batch.count {
        let (s, d) = (s + k * batch.src_step, d + k * batch.dst_step);
        for c in (0..full_c).step_by(lanes) {
            // SAFETY: columns c..c + lanes of every row are inside block k.
            #[cfg(target_arch = "x86_64")]
            unsafe {
                let (from, to) = (src.add((s + c) * N), dst.add((d + c * rows) * N));
                if rows == 2 {
                    sse2::zip2::<N>(from, sr * N, to)
                } else {
                    sse2::zip4::<N>(from, sr * N, to)
                }
            }
        }
        // SAFETY: the columns left over are inside block k.
        unsafe { copy_elements::<N>(src, dst, (s, d), (0..rows, sr), (full_c..cols, rows)) };
    }
    true
}

/// The inverse of [`zip`]: a batch of thin blocks whose contiguous source
/// (`sr == cols`, 2 or 4 columns) splits into `cols` destination rows, as
/// the unpack of a `(2, 1)` or `(4, 1)` layout step does. Each 16 bytes of
/// every destination row come from `cols` contiguous 16-byte loads split
/// by SSE2 packs and shuffles; the rows left over go element by element.
/// Returns false, copying nothing, for other shapes and element sizes.
///
/// # Safety
/// As for [`transpose`].
unsafe fn unzip<const N: usize>(
    src: *const u8,
    dst: *mut u8,
    (s, d): (usize, usize),
    rows: usize,
    (cols, dc): (usize, usize),
    batch: Batch,
) -> bool {
    let lanes = 16 / N;
    if !cfg!(target_arch = "x86_64") || !matches!(N, 1 | 2 | 4) || !matches!(cols, 2 | 4) || rows < lanes {
        return false;
    }
    let full_r = rows - rows % lanes;
    for k in 0..batch.count {
        let (s, d) = (s + k * batch.src_step, d + k * batch.dst_step);
        for r in (0..full_r).step_by(lanes) {
            // SAFETY: rows r..r + lanes of every column are inside block k.
            #[cfg(target_arch = "x86_64")]
            unsafe {
                let (from, to) = (src.add((s + r * cols) * N), dst.add((d + r) * N));
                if cols == 2 {
                    sse2::unzip2::<N>(from, to, dc * N)
                } else {
                    sse2::unzip4::<N>(from, to, dc * N)
                }
            }
        }
        // SAFETY: the rows left over are inside block k.
        unsafe { copy_elements::<N>(src, dst, (s, d), (full_r..rows, cols), (0..cols, dc)) };
    }
    true
}

/// Copies elements `(r, c)`, `r` in `rs` and `c` in `cs`, of the block at
/// element offsets `(s, d)` one by one: read at `s + r·sr + c`, written at
/// `d + c·dc + r` (the rims no register block covers).
///
/// # Safety
/// Every element named must be inside its buffer; the buffers must not
/// overlap.
unsafe fn copy_elements<const N: usize>(
    src: *const u8,
    dst: *mut u8,
    (s, d): (usize, usize),
    (rs, sr): (std::ops::Range<usize>, usize),
    (cs, dc): (std::ops::Range<usize>, usize),
) {
    for r in rs {
        for c in cs.clone() {
            // SAFETY: forwarded from the caller.
            unsafe { std::ptr::copy_nonoverlapping(src.add((s + r * sr + c) * N), dst.add((d + c * dc + r) * N), N) };
        }
    }
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
/// columns `dc` bytes apart in the destination. `AVX2` is only set inside
/// a function compiled with AVX2; `STREAM` (only with it) writes the rows
/// with streaming stores, which need them 32-byte aligned.
#[inline(always)]
unsafe fn register_block<const N: usize, const AVX2: bool, const STREAM: bool>(
    src: *const u8,
    sr: usize,
    dst: *mut u8,
    dc: usize,
) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: forwarded from the caller.
    unsafe {
        match N {
            2 => sse2::t8x8_u16::<STREAM>(src, sr, dst, dc),
            4 if AVX2 => avx2::t8x8_u32::<STREAM>(src, sr, dst, dc),
            4 => {
                for (r, c) in [(0, 0), (0, 4), (4, 0), (4, 4)] {
                    sse2::t4x4_u32::<STREAM>(src.add(r * sr + c * 4), sr, dst.add(c * dc + r * 4), dc)
                }
            }
            8 => sse2::t2x2_u64::<STREAM>(src, sr, dst, dc),
            _ => unreachable!("no register block for {N}-byte elements"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    unreachable!("no register blocks on this target: {:?} {sr} {:?} {dc}", src, dst);
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// An 8x8 transpose of 4-byte elements: eight 32-byte rows in, three
    /// rounds of shuffles (32-bit pairs, 64-bit quads, 128-bit halves),
    /// eight 32-byte rows out.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn t8x8_u32<const STREAM: bool>(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
        // SAFETY: the caller's block is inside both buffers.
        let r: [__m256i; 8] = std::array::from_fn(|i| unsafe { _mm256_loadu_si256(src.add(i * sr) as *const __m256i) });
        // Rows (2i, 2i+1) interleaved by 32 bits, low and high halves of each lane.
        let t: [__m256i; 8] = std::array::from_fn(|i| {
            let (x, y) = (r[i / 2 * 2], r[i / 2 * 2 + 1]);
            if i % 2 == 0 {
                _mm256_unpacklo_epi32(x, y)
            } else {
                _mm256_unpackhi_epi32(x, y)
            }
        });
        // Quads by 64 bits: rows 0-3 from t[0..4], rows 4-7 from t[4..8].
        let q = |x: __m256i, y: __m256i, hi: bool| {
            if hi {
                _mm256_unpackhi_epi64(x, y)
            } else {
                _mm256_unpacklo_epi64(x, y)
            }
        };
        let u = [
            q(t[0], t[2], false),
            q(t[0], t[2], true),
            q(t[1], t[3], false),
            q(t[1], t[3], true),
            q(t[4], t[6], false),
            q(t[4], t[6], true),
            q(t[5], t[7], false),
            q(t[5], t[7], true),
        ];
        // Column c: lane c/4 of the rows 0-3 quad and of the rows 4-7 quad.
        for c in 0..8 {
            let (lo, hi) = (u[c % 4], u[c % 4 + 4]);
            let col =
                if c < 4 { _mm256_permute2x128_si256(lo, hi, 0x20) } else { _mm256_permute2x128_si256(lo, hi, 0x31) };
            // SAFETY: the caller's block is inside both buffers.
            unsafe {
                if STREAM {
                    _mm256_stream_si256(dst.add(c * dc) as *mut __m256i, col)
                } else {
                    _mm256_storeu_si256(dst.add(c * dc) as *mut __m256i, col)
                }
            };
        }
    }
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
        // SAFETY: forwarded from the caller.
        unsafe { store_as::<K, false>(p, stride, rows) }
    }

    /// Stores `K` rows of 16 bytes, `stride` bytes apart; `STREAM`: with
    /// streaming stores, which need each row 16-byte aligned.
    #[inline(always)]
    unsafe fn store_as<const K: usize, const STREAM: bool>(p: *mut u8, stride: usize, rows: [__m128i; K]) {
        for (i, row) in rows.into_iter().enumerate() {
            // SAFETY: the caller's block is inside the destination buffer
            // (and aligned when streamed).
            unsafe {
                if STREAM {
                    _mm_stream_si128(p.add(i * stride) as *mut __m128i, row)
                } else {
                    _mm_storeu_si128(p.add(i * stride) as *mut __m128i, row)
                }
            };
        }
    }

    /// Interleaves `a` and `b` by `N`-byte elements: the low halves'
    /// elements (`hi` false) or the high halves'.
    #[inline(always)]
    unsafe fn unpack<const N: usize>(a: __m128i, b: __m128i, hi: bool) -> __m128i {
        // SAFETY: SSE2 is part of x86-64.
        unsafe {
            match (N, hi) {
                (1, false) => _mm_unpacklo_epi8(a, b),
                (1, true) => _mm_unpackhi_epi8(a, b),
                (2, false) => _mm_unpacklo_epi16(a, b),
                (2, true) => _mm_unpackhi_epi16(a, b),
                (4, false) => _mm_unpacklo_epi32(a, b),
                (4, true) => _mm_unpackhi_epi32(a, b),
                _ => unreachable!("no zip for {N}-byte elements"),
            }
        }
    }

    /// Zips 16 bytes of two rows `sr` bytes apart into 32 contiguous bytes.
    #[inline(always)]
    pub(super) unsafe fn zip2<const N: usize>(src: *const u8, sr: usize, dst: *mut u8) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [a, b] = load::<2>(src, sr);
            store(dst, 16, [unpack::<N>(a, b, false), unpack::<N>(a, b, true)]);
        }
    }

    /// Zips 16 bytes of four rows `sr` bytes apart into 64 contiguous
    /// bytes: rows 0 and 2, 1 and 3 first, then the two results.
    #[inline(always)]
    pub(super) unsafe fn zip4<const N: usize>(src: *const u8, sr: usize, dst: *mut u8) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [r0, r1, r2, r3] = load::<4>(src, sr);
            let (p_lo, p_hi) = (unpack::<N>(r0, r2, false), unpack::<N>(r0, r2, true));
            let (q_lo, q_hi) = (unpack::<N>(r1, r3, false), unpack::<N>(r1, r3, true));
            store(
                dst,
                16,
                [
                    unpack::<N>(p_lo, q_lo, false),
                    unpack::<N>(p_lo, q_lo, true),
                    unpack::<N>(p_hi, q_hi, false),
                    unpack::<N>(p_hi, q_hi, true),
                ],
            );
        }
    }

    /// The even and the odd `N`-byte elements of `a` then `b` (32 bytes),
    /// each gathered into one vector. Bits pass unchanged: the packs only
    /// ever see values their saturation keeps.
    #[inline(always)]
    unsafe fn split<const N: usize>(a: __m128i, b: __m128i) -> (__m128i, __m128i) {
        // SAFETY: SSE2 is part of x86-64.
        unsafe {
            match N {
                1 => {
                    let low = _mm_set1_epi16(0x00FF);
                    let even = _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
                    (even, _mm_packus_epi16(_mm_srli_epi16::<8>(a), _mm_srli_epi16::<8>(b)))
                }
                2 => {
                    // Sign-extended 16-bit halves fit packs_epi32's range exactly.
                    let low = |x: __m128i| _mm_srai_epi32::<16>(_mm_slli_epi32::<16>(x));
                    let even = _mm_packs_epi32(low(a), low(b));
                    (even, _mm_packs_epi32(_mm_srai_epi32::<16>(a), _mm_srai_epi32::<16>(b)))
                }
                4 => {
                    let (fa, fb) = (_mm_castsi128_ps(a), _mm_castsi128_ps(b));
                    let even = _mm_shuffle_ps::<0b10_00_10_00>(fa, fb);
                    (_mm_castps_si128(even), _mm_castps_si128(_mm_shuffle_ps::<0b11_01_11_01>(fa, fb)))
                }
                _ => unreachable!("no split for {N}-byte elements"),
            }
        }
    }

    /// Splits 32 contiguous bytes of element pairs into two rows of 16
    /// bytes, `dc` bytes apart.
    #[inline(always)]
    pub(super) unsafe fn unzip2<const N: usize>(src: *const u8, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [a, b] = load::<2>(src, 16);
            let (c0, c1) = split::<N>(a, b);
            store(dst, dc, [c0, c1]);
        }
    }

    /// Splits 64 contiguous bytes of element quads into four rows of 16
    /// bytes, `dc` bytes apart: columns {0, 2} from {1, 3} first, then each
    /// pair.
    #[inline(always)]
    pub(super) unsafe fn unzip4<const N: usize>(src: *const u8, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [v0, v1, v2, v3] = load::<4>(src, 16);
            let (e01, o01) = split::<N>(v0, v1);
            let (e23, o23) = split::<N>(v2, v3);
            let (c0, c2) = split::<N>(e01, e23);
            let (c1, c3) = split::<N>(o01, o23);
            store(dst, dc, [c0, c1, c2, c3]);
        }
    }

    #[inline(always)]
    pub(super) unsafe fn t2x2_u64<const STREAM: bool>(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [a, b] = load::<2>(src, sr);
            store_as::<_, STREAM>(dst, dc, [_mm_unpacklo_epi64(a, b), _mm_unpackhi_epi64(a, b)]);
        }
    }

    #[inline(always)]
    pub(super) unsafe fn t4x4_u32<const STREAM: bool>(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
        // SAFETY: forwarded from the caller.
        unsafe {
            let [a, b, c, d] = load::<4>(src, sr);
            let (ab_lo, ab_hi) = (_mm_unpacklo_epi32(a, b), _mm_unpackhi_epi32(a, b)); // a0 b0 a1 b1 | a2 b2 a3 b3
            let (cd_lo, cd_hi) = (_mm_unpacklo_epi32(c, d), _mm_unpackhi_epi32(c, d));
            store_as::<_, STREAM>(
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
    pub(super) unsafe fn t8x8_u16<const STREAM: bool>(src: *const u8, sr: usize, dst: *mut u8, dc: usize) {
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
            store_as::<_, STREAM>(dst, dc, cols);
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
                let done = unsafe {
                    transpose::<N>(src.as_ptr(), got.as_mut_ptr(), (1, 0), (rows, sr), (cols, dc), Batch::ONE, false)
                };
                let fits = N > 1 && rows.min(cols) >= if N == 8 { 2 } else { 8 };
                assert_eq!(done, fits, "{N}-byte elements, {rows}x{cols}");
                if done {
                    assert_eq!(got, want, "{N}-byte elements, {rows}x{cols}");
                }
            }
        }
    }

    /// A batch of `count` transposes, `rows` x `cols` each, with
    /// `transpose::<N>` and with a plain loop; the shapes are chosen to
    /// span several panels or several groups.
    fn batch_agrees<const N: usize>(rows: usize, cols: usize, count: usize) {
        let (sr, dc) = (cols + 3, rows + 2);
        let batch = Batch { count, src_step: rows * sr + 5, dst_step: cols * dc + 1 };
        batch_agrees_with::<N>((rows, sr), (cols, dc), batch, false);
    }

    /// As [`batch_agrees`] with the strides and steps given; the
    /// destination starts on a 64-byte boundary.
    fn batch_agrees_with<const N: usize>(
        (rows, sr): (usize, usize),
        (cols, dc): (usize, usize),
        batch: Batch,
        stream: bool,
    ) {
        let count = batch.count;
        let src: Vec<u8> = (0..count * batch.src_step * N).map(|i| (i * 31 + i / 251) as u8).collect();
        let mut want = vec![0u8; count * batch.dst_step * N];
        let mut got = crate::bytes::AlignedBytes::zeroed(want.len());
        for k in 0..count {
            for r in 0..rows {
                for c in 0..cols {
                    let si = (k * batch.src_step + r * sr + c) * N;
                    let di = (k * batch.dst_step + c * dc + r) * N;
                    want[di..di + N].copy_from_slice(&src[si..si + N]);
                }
            }
        }
        // SAFETY: the buffers hold the whole batch.
        assert!(unsafe {
            transpose::<N>(src.as_ptr(), got.as_mut_ptr(), (0, 0), (rows, sr), (cols, dc), batch, stream)
        });
        crate::stream::fence();
        assert!(*got == *want, "{N}-byte elements, {count} blocks of {rows}x{cols}");
    }

    /// Streamed sweeps (aligned destination rows, the strided side being
    /// the destination) and sweeps asked to stream that cannot (unaligned
    /// rows, or the strided side being the source) copy the same bytes.
    #[test]
    fn streamed_sweeps_agree_with_a_plain_loop() {
        for (rows, cols, dc, dst_step) in [(64, 40, 72, 40 * 72), (61, 37, 64, 37 * 64 + 8), (13, 9, 16, 9 * 16 + 3)] {
            for sr in [cols + 5, dc + 1] {
                let batch = Batch { count: 3, src_step: rows * sr + 7, dst_step };
                batch_agrees_with::<4>((rows, sr), (cols, dc), batch, true);
                batch_agrees_with::<2>((rows, sr), (cols, dc), batch, true);
                batch_agrees_with::<8>((rows, sr), (cols, dc), batch, true);
            }
        }
    }

    #[test]
    fn panels_and_groups_agree_with_a_plain_loop() {
        for (rows, cols, count) in [(4096, 150, 1), (150, 4096, 2), (8, 16, 600), (11, 19, 700)] {
            batch_agrees::<2>(rows, cols, count);
            batch_agrees::<4>(rows, cols, count);
            batch_agrees::<8>(rows, cols, count);
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
