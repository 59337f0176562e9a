//! The one data-movement primitive: a strided block copy.
//!
//! Pack, unpack, transpose, slices and copies are all "walk these axes,
//! read at `src + Σ i·src_stride`, write at `dst + Σ i·dst_stride`". Axes
//! whose runs are contiguous on both sides are merged first, so the inner
//! loop is one `copy_from_slice` of a whole run; only a strided innermost
//! axis (a transposed inner tile) copies element by element, with the
//! element size known at compile time. No index arithmetic per element.
//! A strided pair that is a transpose goes through register blocks
//! ([`crate::transpose`]).
//!
//! An axis may be *clipped* against a logical dimension (pack reading a
//! source whose last tile is incomplete, unpack dropping the padding): its
//! extent then shrinks to what stays inside `limits[dim]`, given the part
//! of the index the outer axes already contributed.

use crate::transpose::{transpose, Batch};

/// One axis of a strided copy.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    /// Number of steps.
    pub extent: usize,
    /// Source stride, in elements.
    pub src: usize,
    /// Destination stride, in elements.
    pub dst: usize,
    /// Stay inside `limits[clip.dim]`: each step adds `clip.coef` to that
    /// logical index.
    pub clip: Option<Clip>,
}

/// See [`Axis::clip`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clip {
    pub dim: usize,
    pub coef: usize,
}

impl Axis {
    /// An unclipped axis.
    pub fn new(extent: usize, src: usize, dst: usize) -> Axis {
        Axis { extent, src, dst, clip: None }
    }
}

/// Contiguous (row-major) strides of `shape`, in elements.
pub fn contiguous_strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// Merges axes that continue each other on both sides and drops unit axes.
fn coalesce(axes: &[Axis]) -> Vec<Axis> {
    let mut out: Vec<Axis> = Vec::with_capacity(axes.len());
    for a in axes {
        if a.extent == 1 && a.clip.is_none() {
            continue;
        }
        if let Some(last) = out.last_mut() {
            if last.clip.is_none() && a.clip.is_none() && last.src == a.src * a.extent && last.dst == a.dst * a.extent {
                last.extent *= a.extent;
                last.src = a.src;
                last.dst = a.dst;
                continue;
            }
        }
        out.push(*a);
    }
    out
}

/// The largest element offset the axes reach on one side (`stride` picks
/// it), starting from `off`. A clipped axis whose stride is its
/// coefficient times a stride shared by its dim's clipped axes reaches at
/// most `limits[dim] - 1` steps of that stride; any other axis reaches its
/// full extent.
fn reach(axes: &[Axis], limits: &[usize], off: usize, stride: fn(&Axis) -> usize) -> usize {
    // Per clipped dim: the shared base stride and the largest index sum.
    let mut dims: Vec<Option<(usize, usize)>> = vec![None; limits.len()];
    let mut mixed = vec![false; limits.len()];
    let mut total = off;
    for a in axes {
        let s = stride(a);
        match a.clip {
            Some(c) if c.coef > 0 && s.is_multiple_of(c.coef) => {
                let base = s / c.coef;
                match &mut dims[c.dim] {
                    Some((b, sum)) if *b == base => *sum += (a.extent - 1) * c.coef,
                    Some(_) => mixed[c.dim] = true,
                    slot @ None => *slot = Some((base, (a.extent - 1) * c.coef)),
                }
            }
            Some(c) => mixed[c.dim] = true,
            None => total += (a.extent - 1) * s,
        }
    }
    for (d, slot) in dims.iter().enumerate() {
        if mixed[d] {
            // No shared stride: count every clipped axis of the dim in full.
            total += axes
                .iter()
                .filter(|a| a.clip.is_some_and(|c| c.dim == d))
                .map(|a| (a.extent - 1) * stride(a))
                .sum::<usize>();
        } else if let Some((base, sum)) = slot {
            total += (*sum).min(limits[d].saturating_sub(1)) * base;
        }
    }
    total
}

/// Copies elements of `esize` bytes from `src` to `dst` along `axes`,
/// starting at element offsets `src_off` and `dst_off`. Clipped axes stop
/// at `limits`. Returns an error (and copies nothing) when an offset could
/// fall outside either buffer.
pub fn strided_copy(
    dst: &mut [u8],
    dst_off: usize,
    src: &[u8],
    src_off: usize,
    axes: &[Axis],
    limits: &[usize],
    esize: usize,
) -> Result<(), String> {
    let axes = coalesce(axes);
    if axes.iter().any(|a| a.extent == 0) {
        return Ok(());
    }
    if axes.iter().any(|a| a.clip.is_some_and(|c| c.dim >= limits.len())) {
        return Err("clipped axis without a limit".into());
    }
    let s_max = reach(&axes, limits, src_off, |a| a.src);
    let d_max = reach(&axes, limits, dst_off, |a| a.dst);
    if (s_max + 1) * esize > src.len() || (d_max + 1) * esize > dst.len() {
        return Err("strided copy outside its buffers".into());
    }
    let mut partial = vec![0usize; limits.len()];
    let written = axes.iter().fold(esize, |bytes, a| bytes.saturating_mul(a.extent));
    let stream = written >= crate::stream::stream_from();
    let mut walk = Walk { dst, src, axes: &axes, limits, esize, partial: &mut partial, stream };
    match esize {
        1 => walk.run::<1>(0, src_off, dst_off),
        2 => walk.run::<2>(0, src_off, dst_off),
        4 => walk.run::<4>(0, src_off, dst_off),
        8 => walk.run::<8>(0, src_off, dst_off),
        _ => return Err(format!("unsupported element size {esize}")),
    }
    if stream {
        crate::stream::fence();
    }
    Ok(())
}

struct Walk<'a> {
    dst: &'a mut [u8],
    src: &'a [u8],
    axes: &'a [Axis],
    limits: &'a [usize],
    esize: usize,
    partial: &'a mut [usize],
    /// The destination is larger than the caches: runs and transposes
    /// write it with streaming stores ([`crate::stream`]).
    stream: bool,
}

impl Walk<'_> {
    fn run<const N: usize>(&mut self, level: usize, s: usize, d: usize) {
        if level == self.axes.len() {
            // No axes left: one element.
            self.dst[d * N..d * N + N].copy_from_slice(&self.src[s * N..s * N + N]);
            return;
        }
        let a = self.axes[level];
        let n = match a.clip {
            Some(c) => {
                let rem = self.limits[c.dim].saturating_sub(self.partial[c.dim]);
                a.extent.min(rem.div_ceil(c.coef))
            }
            None => a.extent,
        };
        if level + 1 == self.axes.len() {
            if a.src == 1 && a.dst == 1 {
                let bytes = n * self.esize;
                self.dst[d * N..d * N + bytes].copy_from_slice(&self.src[s * N..s * N + bytes]);
            } else {
                self.elements::<N>(s, d, (n, a.src, a.dst), (1, 0, 0), Batch::ONE);
            }
            return;
        }
        if level + 3 == self.axes.len() {
            let (o, i) = (self.axes[level + 1], self.axes[level + 2]);
            let strided_pair = !(i.src == 1 && i.dst == 1);
            if strided_pair && a.clip.is_none() && o.clip.is_none() && i.clip.is_none() {
                self.blocked::<N>(s, d, a, o, i);
                return;
            }
        }
        if level + 2 == self.axes.len() {
            let b = self.axes[level + 1];
            if a.clip.is_none() && b.clip.is_none() && b.src == 1 && b.dst == 1 {
                // Runs of a contiguous innermost axis: one copy per run.
                self.runs::<N>(s, d, (a.extent, a.src, a.dst), b.extent);
                return;
            }
            if a.clip.is_none() && b.clip.is_none() {
                // A strided innermost pair (a transposed or interleaved tile):
                // one tight 2-D loop. The inner loop is the axis whose larger
                // stride is smaller: it stays within fewer cache lines and
                // pages on both sides (measured on transposed 8x128 tiles
                // and the bf16 (8,128)(2,1) chain).
                let (outer, inner) = if a.src.max(a.dst) < b.src.max(b.dst) { (b, a) } else { (a, b) };
                let (o, i) = ((outer.extent, outer.src, outer.dst), (inner.extent, inner.src, inner.dst));
                self.elements::<N>(s, d, o, i, Batch::ONE);
                return;
            }
        }
        for i in 0..n {
            if let Some(c) = a.clip {
                self.partial[c.dim] += i * c.coef;
            }
            self.run::<N>(level + 1, s + i * a.src, d + i * a.dst);
            if let Some(c) = a.clip {
                self.partial[c.dim] -= i * c.coef;
            }
        }
    }
}

impl Walk<'_> {
    /// A strided innermost pair `o` x `i` (a transposed or interleaved
    /// tile) under an axis `a` that walks the tiles: one batch of 2-D
    /// blocks, the loop over tiles in [`transpose`] (which sweeps groups of
    /// neighbouring tiles strip by strip) or here rather than in the
    /// recursion.
    fn blocked<const N: usize>(&mut self, s: usize, d: usize, a: Axis, o: Axis, i: Axis) {
        let (outer, inner) = if o.src.max(o.dst) < i.src.max(i.dst) { (i, o) } else { (o, i) };
        let tiles = Batch { count: a.extent, src_step: a.src, dst_step: a.dst };
        self.elements::<N>(s, d, (outer.extent, outer.src, outer.dst), (inner.extent, inner.src, inner.dst), tiles);
    }

    /// Copies `outer.0` runs of `run` contiguous elements, the runs `outer.1`
    /// apart in the source and `outer.2` in the destination.
    fn runs<const N: usize>(&mut self, s: usize, d: usize, outer: (usize, usize, usize), run: usize) {
        let (n, so, dof) = outer;
        if n == 0 || run == 0 {
            return;
        }
        let bytes = run * N;
        let last_s = (s + (n - 1) * so) * N;
        let last_d = (d + (n - 1) * dof) * N;
        assert!(last_s + bytes <= self.src.len() && last_d + bytes <= self.dst.len());
        let src = self.src.as_ptr();
        let dst = self.dst.as_mut_ptr();
        for i in 0..n {
            // SAFETY: the last run ends inside both buffers (asserted above)
            // and the earlier ones start before it; the buffers are distinct.
            let (from, to) = unsafe { (src.add((s + i * so) * N), dst.add((d + i * dof) * N)) };
            if self.stream && bytes >= 64 {
                // SAFETY: as above.
                unsafe { crate::stream::copy(from, to, bytes) };
            } else {
                // SAFETY: as above.
                unsafe { std::ptr::copy_nonoverlapping(from, to, bytes) };
            }
        }
    }

    /// Copies the elements of a batch of 2-D blocks, each `outer` x `inner`
    /// (each: extent, source stride, destination stride), the first at
    /// element offsets `s` and `d`; one element of `N` bytes at a time
    /// unless they are transposes.
    fn elements<const N: usize>(
        &mut self,
        s: usize,
        d: usize,
        outer: (usize, usize, usize),
        inner: (usize, usize, usize),
        batch: Batch,
    ) {
        let (no, so, dof) = outer;
        let (ni, si, di) = inner;
        if no == 0 || ni == 0 || batch.count == 0 {
            return;
        }
        // The corners of the batch are inside both buffers (checked here, once);
        // every element in between is then inside too, as strides are positive.
        let k = batch.count - 1;
        let last_s = (s + k * batch.src_step + (no - 1) * so + (ni - 1) * si) * N;
        let last_d = (d + k * batch.dst_step + (no - 1) * dof + (ni - 1) * di) * N;
        assert!(last_s + N <= self.src.len() && last_d + N <= self.dst.len());
        let src = self.src.as_ptr();
        let dst = self.dst.as_mut_ptr();
        // A transpose: the source contiguous along one axis, the destination
        // along the other. Register blocks move 16 or 32 bytes per load and store.
        let transposed = if si == 1 && dof == 1 {
            Some(((no, so), (ni, di)))
        } else if so == 1 && di == 1 {
            Some(((ni, si), (no, dof)))
        } else {
            None
        };
        if let Some((rows, cols)) = transposed {
            // SAFETY: the batch's corners are inside both buffers (asserted
            // above), and they are distinct.
            if unsafe { transpose::<N>(src, dst, (s, d), rows, cols, batch, self.stream) } {
                return;
            }
        }
        for k in 0..batch.count {
            let (s, d) = (s + k * batch.src_step, d + k * batch.dst_step);
            for o in 0..no {
                let (mut sp, mut dp) = ((s + o * so) * N, (d + o * dof) * N);
                for _ in 0..ni {
                    // SAFETY: sp + N <= last_s + N <= src.len() and dp + N <=
                    // last_d + N <= dst.len() (asserted above); src and dst are
                    // distinct buffers (a shared and an exclusive borrow).
                    unsafe { std::ptr::copy_nonoverlapping(src.add(sp), dst.add(dp), N) };
                    sp += si * N;
                    dp += di * N;
                }
            }
        }
    }
}

/// Sets to 1 every byte of `mask` the axes reach on their destination
/// side, from `off`; returns the first offset that was already set. The
/// caller has checked the axes stay inside `mask`.
pub fn mark_once(mask: &mut [u8], off: usize, axes: &[Axis]) -> Option<usize> {
    fn walk(mask: &mut [u8], off: usize, axes: &[Axis]) -> Option<usize> {
        let Some((a, rest)) = axes.split_first() else {
            if mask[off] != 0 {
                return Some(off);
            }
            mask[off] = 1;
            return None;
        };
        (0..a.extent).find_map(|i| walk(mask, off + i * a.dst, rest))
    }
    let axes = coalesce(axes);
    if axes.iter().any(|a| a.extent == 0) {
        return None;
    }
    walk(mask, off, &axes)
}

/// Fills `dst` with copies of `pattern` (one element's bytes).
pub fn fill(dst: &mut [u8], pattern: &[u8]) {
    if pattern.iter().all(|b| *b == pattern[0]) {
        dst.fill(pattern[0]);
        return;
    }
    for chunk in dst.chunks_exact_mut(pattern.len()) {
        chunk.copy_from_slice(pattern);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(v: &[u32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn words(b: &[u8]) -> Vec<u32> {
        b.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
    }

    #[test]
    fn contiguous_axes_merge_into_one_run() {
        let axes = [Axis::new(2, 3, 3), Axis::new(3, 1, 1)];
        assert_eq!(coalesce(&axes), vec![Axis::new(6, 1, 1)]);
    }

    #[test]
    fn transpose_by_strides() {
        // 2x3 -> 3x2
        let src = bytes(&[0, 1, 2, 3, 4, 5]);
        let mut dst = vec![0u8; 24];
        strided_copy(&mut dst, 0, &src, 0, &[Axis::new(3, 1, 2), Axis::new(2, 3, 1)], &[], 4).unwrap();
        assert_eq!(words(&dst), [0, 3, 1, 4, 2, 5]);
    }

    #[test]
    fn clipped_axes_stop_at_the_limit() {
        // pack 5 elements into 2 tiles of 3: the second tile holds 2.
        let src = bytes(&[1, 2, 3, 4, 5]);
        let mut dst = bytes(&[9; 6]);
        let axes = [
            Axis { extent: 2, src: 3, dst: 3, clip: Some(Clip { dim: 0, coef: 3 }) },
            Axis { extent: 3, src: 1, dst: 1, clip: Some(Clip { dim: 0, coef: 1 }) },
        ];
        strided_copy(&mut dst, 0, &src, 0, &axes, &[5], 4).unwrap();
        assert_eq!(words(&dst), [1, 2, 3, 4, 5, 9]);
    }

    #[test]
    fn out_of_bounds_copies_are_refused() {
        let src = bytes(&[1, 2]);
        let mut dst = vec![0u8; 8];
        assert!(strided_copy(&mut dst, 0, &src, 1, &[Axis::new(2, 1, 1)], &[], 4).is_err());
    }
}
