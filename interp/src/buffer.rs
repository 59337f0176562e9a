//! Memrefs: mutable buffers and the strided views of them that memref ops
//! make. Views alias: a `subview`, `transpose`, `cast` or reshape shares
//! its source's buffer, so a write through one is seen through all.
//!
//! A buffer's bytes count against the engine's memory budget like a
//! tensor's. Accesses are bounds-checked against the view and the buffer;
//! a freed buffer (`memref.dealloc`) cannot be read, written or freed
//! again; with `--run-check-uninit`, reading an element of an `alloc`ed
//! buffer nobody wrote is an error, as for `tensor.empty`.

use std::cell::RefCell;
use std::rc::Rc;

use crate::bytes::AlignedBytes;
use crate::copy::{contiguous_strides, strided_copy, Axis};
use crate::elem::{ElemType, Scalar};
use crate::memory::AllocError;
use crate::{RunError, RunResult, Tensor};

/// The storage behind memrefs.
#[derive(Debug)]
pub struct Buffer {
    pub bytes: AlignedBytes,
    /// One byte per byte of storage, nonzero where written (only when the
    /// engine checks for uninitialized reads).
    pub init: Option<Vec<u8>>,
    pub freed: bool,
}

/// A shared, mutable buffer.
pub type BufferRef = Rc<RefCell<Buffer>>;

/// A strided view of a buffer: element `idx` lives at element
/// `offset + sum(idx[k] * strides[k])` of the buffer (elements of `elem`).
#[derive(Clone, Debug)]
pub struct MemRef {
    pub buffer: BufferRef,
    pub elem: ElemType,
    pub offset: usize,
    pub shape: Vec<usize>,
    pub strides: Vec<usize>,
}

impl PartialEq for MemRef {
    fn eq(&self, other: &MemRef) -> bool {
        Rc::ptr_eq(&self.buffer, &other.buffer)
            && self.elem == other.elem
            && self.offset == other.offset
            && self.shape == other.shape
            && self.strides == other.strides
    }
}

fn freed_error() -> RunError {
    RunError::new("access to a buffer after memref.dealloc freed it")
}

impl MemRef {
    /// A new buffer of zeros holding `shape`, viewed row-major; with
    /// `track_init`, every element starts unwritten.
    pub fn alloc(shape: Vec<usize>, elem: ElemType, track_init: bool) -> Result<MemRef, AllocError> {
        let len = crate::memory::tensor_bytes(&shape, elem).unwrap_or(u64::MAX);
        let bytes = AlignedBytes::try_zeroed(usize::try_from(len).unwrap_or(usize::MAX))
            .map_err(|refused| AllocError { shape: shape.clone(), elem, refused })?;
        let init = track_init.then(|| vec![0u8; bytes.len()]);
        let strides = contiguous_strides(&shape);
        let buffer = Rc::new(RefCell::new(Buffer { bytes, init, freed: false }));
        Ok(MemRef { buffer, elem, offset: 0, shape, strides })
    }

    /// A new buffer holding a copy of `t`.
    pub fn from_tensor(t: &Tensor) -> Result<MemRef, AllocError> {
        let m = MemRef::alloc(t.shape.clone(), t.elem, false)?;
        m.buffer.borrow_mut().bytes.copy_from_slice(&t.data);
        Ok(m)
    }

    /// Number of elements of the view.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether the view has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The buffer element the view's multi-index `idx` names, checked
    /// against the view's shape.
    pub fn element(&self, idx: &[i64]) -> RunResult<usize> {
        if idx.len() != self.shape.len() {
            return Err(RunError::new(format!("{} indices for a rank-{} memref", idx.len(), self.shape.len())));
        }
        let mut at = self.offset;
        for (k, (i, d)) in idx.iter().zip(&self.shape).enumerate() {
            if *i < 0 || *i as usize >= *d {
                return Err(RunError::new(format!("memref index {i} is outside [0, {d}) of dim {k}")));
            }
            at += *i as usize * self.strides[k];
        }
        Ok(at)
    }

    /// Whether the elements the view reaches lie inside its buffer.
    fn check_extent(&self, buf: &Buffer) -> RunResult<()> {
        if buf.freed {
            return Err(freed_error());
        }
        if self.is_empty() {
            return Ok(());
        }
        let last = self.offset + self.shape.iter().zip(&self.strides).map(|(d, s)| (d - 1) * s).sum::<usize>();
        if (last + 1) * self.elem.size() > buf.bytes.len() {
            return Err(RunError::new(format!(
                "a memref view reaches element {last}, past the end of its buffer of {} elements",
                buf.bytes.len() / self.elem.size()
            )));
        }
        Ok(())
    }

    /// Reads element `idx`.
    pub fn load(&self, idx: &[i64]) -> RunResult<Scalar> {
        let e = self.element(idx)?;
        let buf = self.buffer.borrow();
        self.check_extent(&buf)?;
        let s = self.elem.size();
        if let Some(init) = &buf.init {
            if init[e * s] == 0 {
                return Err(RunError::new(format!("a load reads element {idx:?} of a buffer nobody wrote")));
            }
        }
        Ok(Scalar::from_le_bytes(self.elem, &buf.bytes[e * s..(e + 1) * s]))
    }

    /// Writes element `idx`.
    pub fn store(&self, idx: &[i64], v: Scalar) -> RunResult<()> {
        let e = self.element(idx)?;
        let mut buf = self.buffer.borrow_mut();
        self.check_extent(&buf)?;
        let s = self.elem.size();
        buf.bytes[e * s..(e + 1) * s].copy_from_slice(&v.bits.to_le_bytes()[..s]);
        if let Some(init) = &mut buf.init {
            init[e * s..(e + 1) * s].fill(1);
        }
        Ok(())
    }

    fn axes_to_dense(&self) -> Vec<Axis> {
        let dense = contiguous_strides(&self.shape);
        self.shape.iter().zip(&self.strides).zip(&dense).map(|((d, s), t)| Axis::new(*d, *s, *t)).collect()
    }

    fn axes_from_dense(&self) -> Vec<Axis> {
        let dense = contiguous_strides(&self.shape);
        self.shape.iter().zip(&self.strides).zip(&dense).map(|((d, s), t)| Axis::new(*d, *t, *s)).collect()
    }

    /// The view's elements as a dense tensor (a copy). With `check_init`,
    /// an unwritten element is an error naming `what`.
    pub fn gather(&self, check_init: bool, what: &str) -> RunResult<Tensor> {
        let buf = self.buffer.borrow();
        self.check_extent(&buf)?;
        let mut t = Tensor::try_zeros(self.shape.clone(), self.elem)?;
        let esize = self.elem.size();
        let axes = self.axes_to_dense();
        strided_copy(t.bytes_mut()?, 0, &buf.bytes, self.offset, &axes, &[], esize)?;
        if let (true, Some(init)) = (check_init, &buf.init) {
            let mut mask = vec![0u8; self.len() * esize];
            strided_copy(&mut mask, 0, init, self.offset, &axes, &[], esize)?;
            if let Some(k) = mask.chunks(esize).position(|c| c[0] == 0) {
                return Err(RunError::new(format!("{what} reads element {k} of a buffer nobody wrote")));
            }
        }
        Ok(t)
    }

    /// The view's elements as a dense tensor; with `track_init`, the
    /// tensor remembers which elements were never written (as a
    /// `tensor.empty`'s do), for the kernel reading it to check.
    pub fn to_tensor(&self, track_init: bool) -> RunResult<Tensor> {
        let mut t = self.gather(false, "")?;
        let buf = self.buffer.borrow();
        let Some(init) = buf.init.as_ref().filter(|_| track_init) else { return Ok(t) };
        let esize = self.elem.size();
        let mut bytes = vec![0u8; self.len() * esize];
        strided_copy(&mut bytes, 0, init, self.offset, &self.axes_to_dense(), &[], esize)?;
        if bytes.chunks(esize.max(1)).all(|c| c[0] != 0) {
            return Ok(t);
        }
        let mut mask = AlignedBytes::try_zeroed(self.len()).map_err(|refused| AllocError {
            shape: self.shape.clone(),
            elem: ElemType::I8,
            refused,
        })?;
        for (m, c) in mask.iter_mut().zip(bytes.chunks(esize.max(1))) {
            *m = c[0];
        }
        t.init = Some(std::sync::Arc::new(mask));
        Ok(t)
    }

    /// Writes a dense tensor of the view's shape into the view.
    pub fn scatter(&self, t: &Tensor) -> RunResult<()> {
        if t.shape != self.shape || t.elem != self.elem {
            return Err(RunError::new(format!(
                "writing a {:?}x{} value into a {:?}x{} memref",
                t.shape,
                t.elem.mlir_name(),
                self.shape,
                self.elem.mlir_name()
            )));
        }
        let mut buf = self.buffer.borrow_mut();
        self.check_extent(&buf)?;
        let esize = self.elem.size();
        let axes = self.axes_from_dense();
        strided_copy(&mut buf.bytes, self.offset, &t.data, 0, &axes, &[], esize)?;
        if let Some(init) = &mut buf.init {
            let ones = vec![1u8; t.len() * esize];
            strided_copy(init, self.offset, &ones, 0, &axes, &[], esize)?;
        }
        Ok(())
    }

    /// Copies `src`'s elements into this view (`memref.copy`); the views
    /// may share a buffer.
    pub fn copy_from(&self, src: &MemRef) -> RunResult<()> {
        let t = src.gather(true, "memref.copy")?;
        self.scatter(&t)
    }

    /// Frees the buffer (`memref.dealloc`).
    pub fn free(&self) -> RunResult<()> {
        let mut buf = self.buffer.borrow_mut();
        if buf.freed {
            return Err(RunError::new("memref.dealloc of a buffer already freed"));
        }
        buf.freed = true;
        // Give the bytes back to the budget now.
        buf.bytes = AlignedBytes::zeroed(0);
        buf.init = None;
        Ok(())
    }

    /// Whether two views share a buffer.
    pub fn aliases(&self, other: &MemRef) -> bool {
        Rc::ptr_eq(&self.buffer, &other.buffer)
    }
}
