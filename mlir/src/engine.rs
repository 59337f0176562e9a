//! `--run-engine=mlir`: a tessel function lowered by MLIR 22 and executed
//! by MLIR's ExecutionEngine (LLVM's JIT), on the same values the
//! interpreter takes and returns.
//!
//! The module goes through tessel's `--codegen-pipeline` (bufferized vector
//! code, packs and unpacks bufferized directly) and MLIR's
//! [`CODEGEN_LOWERING_PIPELINE`]. Where that pipeline refuses a module (a
//! dynamic inner tile), the lowering is the one
//! `scripts/mlir_runner_check.py` gives
//! mlir-runner: `linalg.pack`/`linalg.unpack` lowered by the transform
//! ops `lower_pack`/`lower_unpack` (their general paths), one-shot
//! bufferization across function boundaries, ownership-based buffer
//! deallocation (so every returned buffer belongs to the caller), then the
//! conversions to the LLVM dialect.
//!
//! The call goes through the packed wrapper the ExecutionEngine makes for
//! every function (`_mlir_<name>`): one pointer per scalar argument and per
//! field of a memref descriptor (allocated and aligned pointers, offset,
//! sizes, strides), then one pointer to where the results are stored (a
//! struct of the results, laid out as LLVM lays it out: C's rules).

use std::ffi::c_void;

use melior::ir::operation::{OperationLike, OperationMutLike};
use melior::ir::{BlockLike, Module, Operation};
use melior::StringRef;
use mlir_sys::{
    mlirExecutionEngineCreate, mlirExecutionEngineDestroy, mlirExecutionEngineInitialize,
    mlirExecutionEngineLookupPacked, mlirOperationClone, MlirExecutionEngine,
};
use tessel_interp::{ElemType, Interpreter, Param, RtValue, Scalar, Tensor};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Severity};

use crate::bridge::{name_text_positions, text_for_mlir, Mlir};
use crate::diag::{MlirDiagnostic, MlirLoc};

/// The transform schedule that lowers pack and unpack (their general
/// paths: mlir-opt 22's shortcuts for unit outer dims miscompile some
/// unpacks; see `scripts/mlir_runner_check.py`).
const LOWER_PACK_UNPACK: &str = r#"module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %packs = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.pack">
    transform.structured.lower_pack %packs {lowerPadLikeWithInsertSlice = false} : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %unpacks = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    transform.structured.lower_unpack %unpacks {lowerUnpadLikeWithExtractSlice = false} : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    transform.yield
  }
}"#;

/// From tensors to the LLVM dialect, after pack and unpack are lowered.
pub const LOWERING_PIPELINE: &str = "builtin.module(one-shot-bufferize{bufferize-function-boundaries}, \
     buffer-deallocation-pipeline, convert-bufferization-to-memref, convert-linalg-to-loops, expand-strided-metadata, lower-affine, \
     arith-expand, convert-scf-to-cf, finalize-memref-to-llvm, convert-math-to-llvm, convert-func-to-llvm, \
     convert-arith-to-llvm, convert-cf-to-llvm, convert-index-to-llvm, convert-ub-to-llvm, \
     reconcile-unrealized-casts)";

/// From tessel's `--codegen-pipeline` output (bufferized vector code) to
/// the LLVM dialect: MLIR's ownership-based deallocation (every returned
/// buffer belongs to the caller), then the conversions.
pub const CODEGEN_LOWERING_PIPELINE: &str = "builtin.module(buffer-deallocation-pipeline, \
     convert-bufferization-to-memref, convert-linalg-to-loops, expand-strided-metadata, lower-affine, arith-expand, \
     convert-scf-to-cf, convert-vector-to-llvm, finalize-memref-to-llvm, convert-math-to-llvm, convert-func-to-llvm, \
     convert-arith-to-llvm, convert-cf-to-llvm, convert-index-to-llvm, convert-ub-to-llvm, \
     reconcile-unrealized-casts)";

/// `module` through tessel's codegen pipeline, as text for MLIR (a copy:
/// `module` is left as it is); `None` when the pipeline refuses it (a
/// dynamic inner tile), and MLIR's own lowering of packs is used.
fn codegen_text(ctx: &mut Context, module: OpId) -> Option<String> {
    let mut map = tessel_ir::context::clone::IrMapping::default();
    let copy = ctx.clone_op(module, &mut map);
    let target = tessel_passes::codegen::Target::host();
    let done = tessel_passes::codegen::codegen_pipeline_with(ctx, copy, &target, false).is_ok();
    let text = done.then(|| text_for_mlir(ctx, copy));
    ctx.erase_op(copy);
    text
}

/// LLVM's optimization level for the JIT.
const OPT_LEVEL: i32 = 2;

/// The runtime library the lowered code may call (`memrefCopy` for copies
/// between strided buffers), beside MLIR's other libraries.
fn runtime_libraries() -> Vec<String> {
    let prefix = option_env!("MLIR_SYS_220_PREFIX").unwrap_or("/usr/lib/llvm-22");
    let lib = format!("{prefix}/lib/libmlir_c_runner_utils.so");
    if std::path::Path::new(&lib).exists() {
        vec![lib]
    } else {
        vec![]
    }
}

/// MLIR's ExecutionEngine, through the C API (melior's wrapper does not
/// tell when creating one failed).
struct Engine(MlirExecutionEngine);

impl Engine {
    fn new(module: &Module, libs: &[String]) -> Option<Engine> {
        // The C API reads each path as a NUL-terminated string.
        let terminated: Vec<String> = libs.iter().map(|l| format!("{l}\0")).collect();
        let paths: Vec<_> = terminated.iter().map(|l| StringRef::new(&l[..l.len() - 1]).to_raw()).collect();
        // Safety: the module is valid for the call; MLIR copies what it needs.
        let raw = unsafe {
            mlirExecutionEngineCreate(module.to_raw(), OPT_LEVEL, paths.len() as i32, paths.as_ptr(), false, false)
        };
        if raw.ptr.is_null() {
            return None;
        }
        // Safety: a live engine; runs the module's global constructors.
        unsafe { mlirExecutionEngineInitialize(raw) };
        Some(Engine(raw))
    }

    /// The packed wrapper of `func` (`_mlir_<func>`), which takes one
    /// pointer per argument field and one to the results. (The C API's
    /// `InvokePacked` calls `_mlir_ciface_<func>`, which exists only for
    /// functions marked `llvm.emit_c_interface`.)
    fn packed(&self, func: &str) -> Option<PackedFn> {
        // Safety: a live engine.
        let p = unsafe { mlirExecutionEngineLookupPacked(self.0, StringRef::new(func).to_raw()) };
        // Safety: the ExecutionEngine made `_mlir_<func>` with this signature.
        (!p.is_null()).then(|| unsafe { std::mem::transmute::<*mut c_void, PackedFn>(p) })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Safety: created by `Engine::new`, destroyed once.
        unsafe { mlirExecutionEngineDestroy(self.0) }
    }
}

/// The ExecutionEngine's packed wrapper of a function.
type PackedFn = unsafe extern "C" fn(*mut *mut c_void);

/// A function compiled by MLIR's ExecutionEngine, ready to call.
pub struct Jit {
    /// Keeps the compiled code alive.
    _engine: Engine,
    entry: PackedFn,
    func: String,
    params: Vec<Param>,
    results: Vec<Param>,
}

extern "C" {
    /// The lowered code allocates with `malloc`; results are freed here.
    fn free(ptr: *mut c_void);
}

fn error(message: String) -> Vec<MlirDiagnostic> {
    vec![MlirDiagnostic { severity: Severity::Error, loc: MlirLoc::Unknown, message, notes: vec![] }]
}

impl Mlir {
    /// Lowers `module` (tessel IR) to LLVM with MLIR 22 and compiles it,
    /// ready to call `func`. Fails with MLIR's diagnostics when MLIR
    /// rejects or cannot lower the module, and when `func` takes or returns
    /// a type the engine has no storage for.
    pub fn jit(&self, ctx: &mut Context, module: OpId, func: &str) -> Result<Jit, Vec<MlirDiagnostic>> {
        let interp = Interpreter::new(ctx, module);
        let (Some(params), Some(results)) = (interp.signature(func), interp.result_signature(func)) else {
            return Err(error(format!("no function @{func} in the module")));
        };
        if let Some(p) = params.iter().chain(&results).find(|p| p.elem.is_none()) {
            return Err(error(format!("the MLIR engine cannot pass a value of type {}", p.ty)));
        }
        let generated = codegen_text(ctx, module);
        let text = generated.clone().unwrap_or_else(|| text_for_mlir(ctx, module));
        let named = |mut ds: Vec<MlirDiagnostic>| {
            for d in &mut ds {
                name_text_positions(d, &text);
            }
            ds
        };
        let mut m = self.parse(&text)?;
        if generated.is_some() {
            self.run_pipeline(&mut m, CODEGEN_LOWERING_PIPELINE).map_err(named)?;
        } else {
            self.lower_pack_unpack(&mut m).map_err(named)?;
            self.run_pipeline(&mut m, LOWERING_PIPELINE).map_err(named)?;
        }
        let engine = Engine::new(&m, &runtime_libraries())
            .ok_or_else(|| named(self.failure_or("MLIR's ExecutionEngine could not compile the lowered module")))?;
        let Some(entry) = engine.packed(func) else {
            return Err(self.failure_or(&format!("MLIR's ExecutionEngine has no function @{func}")));
        };
        Ok(Jit { _engine: engine, entry, func: func.to_string(), params, results })
    }

    /// Runs [`LOWER_PACK_UNPACK`] on `module` with the transform
    /// interpreter, then takes the schedule out again.
    fn lower_pack_unpack(&self, module: &mut Module) -> Result<(), Vec<MlirDiagnostic>> {
        let schedule = self.parse(LOWER_PACK_UNPACK)?;
        // Safety: a clone of a live op, owned by the payload's block once appended.
        let copy = unsafe { Operation::from_raw(mlirOperationClone(schedule.as_operation().to_raw())) };
        module.body().append_operation(copy);
        let ran = self.run_pipeline(module, "builtin.module(transform-interpreter)");
        let mut op = module.body().first_operation_mut();
        while let Some(mut o) = op {
            op = o.next_in_block_mut();
            if o.has_attribute("transform.with_named_sequence") {
                o.remove_from_parent();
                // Detached, the schedule is ours to destroy.
                drop(unsafe { Operation::from_raw(o.to_raw()) });
            }
        }
        ran
    }
}

impl Jit {
    /// The function's parameters.
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// Calls the function on `args` (checked against its parameters) and
    /// returns its results, copied out of the buffers the code returned
    /// (which are then freed).
    pub fn call(&self, args: &[RtValue]) -> Result<Vec<RtValue>, String> {
        if args.len() != self.params.len() {
            return Err(format!("@{} takes {} arguments, got {}", self.func, self.params.len(), args.len()));
        }
        // Every field the packed wrapper reads, each in its own 8-byte
        // word; tensors in fresh, 8-byte aligned buffers (the code may
        // write into its arguments).
        let mut buffers: Vec<Vec<u64>> = Vec::new();
        let mut fields: Vec<Vec<u64>> = Vec::new();
        for (i, (a, p)) in args.iter().zip(&self.params).enumerate() {
            match (a, &p.shape) {
                (RtValue::Scalar(s), None) if Some(s.elem) == p.elem => fields.push(vec![s.bits]),
                (RtValue::Tensor(t), Some(shape)) if Some(t.elem) == p.elem && fits(shape, &t.shape) => {
                    let mut buf = vec![0u64; t.data.len().div_ceil(8).max(1)];
                    as_bytes_mut(&mut buf)[..t.data.len()].copy_from_slice(&t.data);
                    let ptr = buf.as_mut_ptr() as u64;
                    buffers.push(buf);
                    fields.push(descriptor_fields(ptr, &t.shape));
                }
                _ => return Err(format!("argument #{i} of @{} must be a {}", self.func, p.ty)),
            }
        }
        let layout = ResultLayout::of(&self.results);
        let mut out = vec![0u64; layout.size.div_ceil(8).max(1)];
        let mut ptrs: Vec<*mut c_void> = Vec::new();
        for f in fields.iter_mut() {
            for w in f.iter_mut() {
                ptrs.push(w as *mut u64 as *mut c_void);
            }
        }
        if !self.results.is_empty() {
            ptrs.push(out.as_mut_ptr() as *mut c_void);
        }
        // Safety: `ptrs` holds one valid pointer per field of the lowered
        // signature (checked above against the parameter types) and one to
        // a result area as large as LLVM's layout of the results.
        unsafe { (self.entry)(ptrs.as_mut_ptr()) };
        let bytes = as_bytes_mut(&mut out);
        let inputs: Vec<u64> = buffers.iter().map(|b| b.as_ptr() as u64).collect();
        let mut freed = Vec::new();
        let values = self
            .results
            .iter()
            .zip(&layout.offsets)
            .map(|(p, &off)| {
                let elem = p.elem.expect("checked when compiled");
                match &p.shape {
                    None => Ok(RtValue::Scalar(Scalar::from_le_bytes(elem, &bytes[off..off + elem.size()]))),
                    Some(shape) => {
                        let word =
                            |k: usize| u64::from_le_bytes(bytes[off + 8 * k..off + 8 * k + 8].try_into().unwrap());
                        let rank = shape.len();
                        let (allocated, aligned, offset) = (word(0), word(1), word(2) as i64);
                        let sizes: Vec<usize> = (0..rank).map(|d| word(3 + d) as usize).collect();
                        let strides: Vec<i64> = (0..rank).map(|d| word(3 + rank + d) as i64).collect();
                        // Safety: the code returned a descriptor of a live
                        // buffer holding every element it addresses.
                        let t = unsafe { read_strided(aligned as *const u8, offset, &sizes, &strides, elem) };
                        if allocated != 0 && !inputs.contains(&allocated) && !freed.contains(&allocated) {
                            freed.push(allocated);
                        }
                        t.map(RtValue::Tensor)
                    }
                }
            })
            .collect::<Vec<Result<RtValue, tessel_interp::AllocError>>>();
        for p in freed {
            // Safety: the deallocation pipeline hands every returned buffer
            // to the caller, allocated with malloc; each is freed once.
            unsafe { free(p as *mut c_void) };
        }
        values.into_iter().map(|v| v.map_err(|e| e.to_string())).collect()
    }
}

impl Mlir {
    /// What MLIR reported, or `what` when it reported nothing.
    fn failure_or(&self, what: &str) -> Vec<MlirDiagnostic> {
        let mut ds = self.take_reported();
        // LLVM's translation may report one failure more than once.
        ds.dedup();
        if ds.is_empty() {
            error(what.to_string())
        } else {
            ds
        }
    }
}

/// Whether a tensor of `actual` shape is an argument of type `shape`.
fn fits(shape: &[i64], actual: &[usize]) -> bool {
    shape.len() == actual.len() && shape.iter().zip(actual).all(|(s, a)| *s == DYNAMIC || *s as usize == *a)
}

/// A row-major memref descriptor's fields: allocated and aligned pointer,
/// offset 0, sizes, strides.
fn descriptor_fields(ptr: u64, shape: &[usize]) -> Vec<u64> {
    let mut strides = vec![1u64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1] as u64;
    }
    [ptr, ptr, 0].into_iter().chain(shape.iter().map(|&s| s as u64)).chain(strides).collect()
}

/// Where each result sits in the struct LLVM stores the results in.
struct ResultLayout {
    offsets: Vec<usize>,
    size: usize,
}

impl ResultLayout {
    fn of(results: &[Param]) -> ResultLayout {
        let mut offsets = Vec::new();
        let mut at = 0usize;
        for p in results {
            // A memref descriptor: two pointers and 1 + 2 * rank i64s.
            let (size, align) = match &p.shape {
                Some(shape) => (8 * (3 + 2 * shape.len()), 8),
                None => {
                    let s = p.elem.expect("checked when compiled").size();
                    (s, s)
                }
            };
            at = at.next_multiple_of(align);
            offsets.push(at);
            at += size;
        }
        ResultLayout { offsets, size: at }
    }
}

fn as_bytes_mut(words: &mut [u64]) -> &mut [u8] {
    // Safety: u64 has no padding and any byte pattern is a valid u8.
    unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr() as *mut u8, words.len() * 8) }
}

/// The elements of a strided buffer, row-major.
///
/// # Safety
/// `base` plus every offset the descriptor addresses must be readable.
unsafe fn read_strided(
    base: *const u8,
    offset: i64,
    sizes: &[usize],
    strides: &[i64],
    elem: ElemType,
) -> Result<Tensor, tessel_interp::AllocError> {
    let esize = elem.size();
    let mut t = Tensor::try_zeros(sizes.to_vec(), elem)?;
    let n = t.len();
    let data = t.bytes_mut()?;
    if n > 0 {
        let rank = sizes.len();
        let inner = if rank == 0 { 1 } else { sizes[rank - 1] };
        let inner_contiguous = rank == 0 || strides[rank - 1] == 1;
        let mut idx = vec![0usize; rank.saturating_sub(1)];
        for row in data.chunks_mut(inner * esize) {
            let start = offset + idx.iter().zip(strides).map(|(i, s)| *i as i64 * s).sum::<i64>();
            if inner_contiguous {
                let src = unsafe { base.offset(start as isize * esize as isize) };
                unsafe { std::ptr::copy_nonoverlapping(src, row.as_mut_ptr(), row.len()) };
            } else {
                for (k, e) in row.chunks_mut(esize).enumerate() {
                    let at = start + k as i64 * strides[rank - 1];
                    let src = unsafe { base.offset(at as isize * esize as isize) };
                    unsafe { std::ptr::copy_nonoverlapping(src, e.as_mut_ptr(), esize) };
                }
            }
            for d in (0..idx.len()).rev() {
                idx[d] += 1;
                if idx[d] < sizes[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
    Ok(t)
}
