//! Dense row-major tensors of exact element types.

use std::sync::Arc;

use crate::bytes::AlignedBytes;
use crate::copy::{contiguous_strides, strided_copy, Axis};
use crate::elem::{ElemType, Scalar};
use crate::memory::{AllocError, Refused};

/// A dense row-major tensor: its elements' little-endian bytes, shared
/// until written (values flow through the program without copies).
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub shape: Vec<usize>,
    pub elem: ElemType,
    pub data: Arc<AlignedBytes>,
    /// One byte per element, nonzero where written; `None` when every
    /// element is (only `tensor.empty` under `--run-check-uninit` makes one).
    /// Budgeted like the data.
    pub init: Option<Arc<AlignedBytes>>,
}

impl Tensor {
    /// A tensor of zeros, if the engine's memory budget allows it.
    pub fn try_zeros(shape: Vec<usize>, elem: ElemType) -> Result<Tensor, AllocError> {
        let data = match crate::memory::tensor_bytes(&shape, elem) {
            Some(b) => AlignedBytes::try_zeroed(b as usize),
            None => Err(Refused { bytes: None, live: crate::memory::live(), limit: crate::memory::limit() }),
        };
        match data {
            Ok(data) => Ok(Tensor { shape, elem, data: Arc::new(data), init: None }),
            Err(refused) => Err(AllocError { shape, elem, refused }),
        }
    }

    /// A tensor filled with `v`, if the budget allows it.
    pub fn try_filled(shape: Vec<usize>, v: Scalar) -> Result<Tensor, AllocError> {
        let mut t = Tensor::try_zeros(shape, v.elem)?;
        crate::copy::fill(t.bytes_mut()?, &v.to_le_bytes());
        Ok(t)
    }

    /// A tensor from its elements in row-major order, if the budget allows
    /// it. Panics when `values` does not fill the shape exactly.
    pub fn try_from_scalars(
        shape: Vec<usize>,
        elem: ElemType,
        values: impl IntoIterator<Item = Scalar>,
    ) -> Result<Tensor, AllocError> {
        let size = elem.size();
        let mut t = Tensor::try_zeros(shape, elem)?;
        let data = Arc::get_mut(&mut t.data).expect("a fresh tensor is not shared");
        let mut chunks = data.chunks_exact_mut(size);
        for v in values {
            let Some(chunk) = chunks.next() else { panic!("more values than the shape {:?} holds", t.shape) };
            chunk.copy_from_slice(&v.bits.to_le_bytes()[..size]);
        }
        assert!(chunks.next().is_none(), "fewer values than the shape {:?} holds", t.shape);
        Ok(t)
    }

    /// 0, 1, 2, ... in row-major order (converted to `elem`), if the budget
    /// allows it.
    pub fn try_iota(shape: Vec<usize>, elem: ElemType) -> Result<Tensor, AllocError> {
        // On overflow the allocation fails before any value is drawn.
        let n = shape.iter().try_fold(1usize, |a, d| a.checked_mul(*d)).unwrap_or(0);
        Tensor::try_from_scalars(shape, elem, (0..n).map(|i| Scalar::from_f64(elem, i as f64)))
    }

    /// A tensor of zeros. Panics when the budget refuses it: for tests and
    /// callers whose sizes are small; the engine uses [`Tensor::try_zeros`].
    pub fn zeros(shape: Vec<usize>, elem: ElemType) -> Tensor {
        Tensor::try_zeros(shape, elem).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A tensor filled with `v` (panics when the budget refuses it).
    pub fn filled(shape: Vec<usize>, v: Scalar) -> Tensor {
        Tensor::try_filled(shape, v).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A tensor of `elem` holding `values` converted to it (rounded to
    /// nearest even for floats, wrapped for integers; panics when the budget
    /// refuses it).
    pub fn from_f64(shape: Vec<usize>, elem: ElemType, values: &[f64]) -> Tensor {
        Tensor::from_scalars(shape, elem, values.iter().map(|v| Scalar::from_f64(elem, *v)))
    }

    /// A tensor from its elements in row-major order (panics when the
    /// budget refuses it).
    pub fn from_scalars(shape: Vec<usize>, elem: ElemType, values: impl IntoIterator<Item = Scalar>) -> Tensor {
        Tensor::try_from_scalars(shape, elem, values).unwrap_or_else(|e| panic!("{e}"))
    }

    /// 0, 1, 2, ... in row-major order (panics when the budget refuses it).
    pub fn iota(shape: Vec<usize>, elem: ElemType) -> Tensor {
        Tensor::try_iota(shape, elem).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether the tensor has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row-major strides, in elements.
    pub fn strides(&self) -> Vec<usize> {
        contiguous_strides(&self.shape)
    }

    /// Element `i` in row-major order.
    pub fn get(&self, i: usize) -> Scalar {
        let s = self.elem.size();
        Scalar::from_le_bytes(self.elem, &self.data[i * s..(i + 1) * s])
    }

    /// Writes element `i` in row-major order (and marks it written); fails
    /// only when the storage is shared and the budget refuses the copy.
    pub fn set(&mut self, i: usize, v: Scalar) -> Result<(), AllocError> {
        let s = self.elem.size();
        self.bytes_mut()?[i * s..(i + 1) * s].copy_from_slice(&v.bits.to_le_bytes()[..s]);
        if let Some(init) = self.init.as_mut() {
            let (shape, elem) = (self.shape.clone(), self.elem);
            unique(init).map_err(|refused| AllocError { shape, elem, refused })?[i] = 1;
        }
        Ok(())
    }

    /// The element at a multi-index.
    pub fn at(&self, idx: &[usize]) -> Scalar {
        self.get(idx.iter().zip(self.strides()).map(|(i, s)| i * s).sum())
    }

    /// Every element, in row-major order.
    pub fn scalars(&self) -> impl Iterator<Item = Scalar> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Every element as an `f64` (exact for all element types but 64-bit
    /// integers beyond 2^53).
    pub fn to_f64_vec(&self) -> Vec<f64> {
        self.scalars().map(|s| s.as_f64()).collect()
    }

    /// The bytes, for writing (copied first if shared, if the budget
    /// allows the copy).
    pub fn bytes_mut(&mut self) -> Result<&mut [u8], AllocError> {
        if Arc::get_mut(&mut self.data).is_none() {
            match self.data.try_clone() {
                Ok(copy) => self.data = Arc::new(copy),
                Err(refused) => return Err(AllocError { shape: self.shape.clone(), elem: self.elem, refused }),
            }
        }
        Ok(&mut Arc::get_mut(&mut self.data).expect("just made unique")[..])
    }

    /// Whether two tensors have the same shape, element type and bits.
    pub fn same_bits(&self, other: &Tensor) -> bool {
        self.shape == other.shape && self.elem == other.elem && self.data == other.data
    }

    /// The first element not written (row-major index), if any.
    pub fn first_uninit(&self) -> Option<usize> {
        self.init.as_ref()?.iter().position(|b| *b == 0)
    }

    /// Copies `src` into this tensor along `axes` (see
    /// [`strided_copy`]), bits and written-marks alike.
    pub fn copy_strided_from(
        &mut self,
        off: usize,
        src: &Tensor,
        src_off: usize,
        axes: &[Axis],
        limits: &[usize],
    ) -> Result<(), String> {
        if self.elem != src.elem {
            return Err(format!("element types differ: {} into {}", src.elem.mlir_name(), self.elem.mlir_name()));
        }
        strided_copy(self.bytes_mut()?, off, &src.data, src_off, axes, limits, src.elem.size())?;
        if src.init.is_some() || self.init.is_some() {
            let src_mask = match &src.init {
                Some(m) => m.clone(),
                None => mask_of(&src.shape)?,
            };
            if self.init.is_none() {
                self.init = Some(mask_of(&self.shape)?);
            }
            let shape = self.shape.clone();
            let mask = unique(self.init.as_mut().expect("set above"))
                .map_err(|refused| AllocError { shape, elem: ElemType::I8, refused }.to_string())?;
            strided_copy(mask, off, &src_mask, src_off, axes, limits, 1)?;
            if self.first_uninit().is_none() {
                self.init = None;
            }
        }
        Ok(())
    }

    /// Marks the tensor as not written anywhere (for `--run-check-uninit`).
    pub fn mark_uninit(&mut self) -> Result<(), AllocError> {
        let mask = AlignedBytes::try_zeroed(self.len()).map_err(|refused| AllocError {
            shape: self.shape.clone(),
            elem: ElemType::I8,
            refused,
        })?;
        self.init = Some(Arc::new(mask));
        Ok(())
    }
}

/// A written-mask (one byte per element, all written) of a tensor of
/// `shape`, from the budget.
fn mask_of(shape: &[usize]) -> Result<Arc<AlignedBytes>, String> {
    let len = shape.iter().product();
    let mut m = AlignedBytes::try_zeroed(len)
        .map_err(|refused| AllocError { shape: shape.to_vec(), elem: ElemType::I8, refused }.to_string())?;
    m.fill(1);
    Ok(Arc::new(m))
}

/// The bytes behind `arc`, copied first (from the budget) if shared.
fn unique(arc: &mut Arc<AlignedBytes>) -> Result<&mut AlignedBytes, Refused> {
    if Arc::get_mut(arc).is_none() {
        *arc = Arc::new(arc.try_clone()?);
    }
    Ok(Arc::get_mut(arc).expect("just made unique"))
}
