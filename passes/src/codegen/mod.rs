//! Code generation: from a tensor program with packs, unpacks, pads and
//! transposes to bufferized vector code that mlir-opt 22 lowers to LLVM
//! with its standard conversions (docs/codegen.md lists them).
//!
//! - `-lower-data-movement` ([`movement`]): copies, transposes and fills on
//!   memrefs to loops of vector loads and stores;
//! - `-codegen-pipeline`: the whole way, with no schedule to write: the
//!   result of a kernel on memrefs is built in its destination
//!   ([`write_into_destinations`]), chains of packs, unpacks, transposes
//!   and unary elementwise ops composed into one pass where their tiles
//!   divide each other ([`compose`]), other chains of ops around packs
//!   tiled and fused so their temporaries are tiles ([`tile_chains`]),
//!   `-eliminate-empty-tensors`,
//!   `-one-shot-bufferize` with function
//!   boundaries and identity layouts (packs and unpacks bufferize directly
//!   into views and transposes), `-bound-allocations`,
//!   `-buffer-loop-hoisting`, `-canonicalize`, `-lower-data-movement`,
//!   `-canonicalize`, `-lower-data-movement`, the temporaries freed at the
//!   end of their block, `-canonicalize`, `-cse`.

pub mod compose;
pub mod elementwise;
pub mod movement;

use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::bufferization::{MaterializeInDestinationOp, ToTensorOp};
use tessel_ir::dialects::func::FuncOp;
use tessel_ir::dialects::tensor::{EmptyOp, ExtractSliceOp};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::bufferize::model::{kind, structured_outs, Kind};
use crate::bufferize::{self, BufferizeOptions, LayoutChoice};
use crate::manager::{Pass, PassInfo, PassOptions};

/// The widest vector register of the host, in bytes: 64 with AVX-512, 32
/// with AVX, else 16 (SSE, NEON).
pub fn host_vector_bytes() -> i64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return 64;
        }
        if std::arch::is_x86_feature_detected!("avx") {
            return 32;
        }
    }
    16
}

const VECTOR_BYTES: &str = "vector-bytes";
const NONTEMPORAL_BYTES: &str = "nontemporal-bytes";

/// What the generated code is for.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The widest vector register, in bytes.
    pub vector_bytes: i64,
    /// Outputs of at least this many bytes are written with non-temporal
    /// stores (past the caches, as memcpy writes large copies) where the
    /// buffer turns out aligned at run time; 0: never.
    pub nontemporal_bytes: i64,
}

/// Outputs larger than this are streamed past the caches by default: half
/// of a typical last-level cache share, where a plain store's read for
/// ownership stops paying off.
pub const DEFAULT_NONTEMPORAL_BYTES: i64 = 8 << 20;

impl Target {
    /// The host's vector width and the default streaming threshold.
    pub fn host() -> Target {
        Target { vector_bytes: host_vector_bytes(), nontemporal_bytes: DEFAULT_NONTEMPORAL_BYTES }
    }
}

fn target_option(opts: &PassOptions) -> Result<Target, String> {
    let vector_bytes = match opts.get(VECTOR_BYTES) {
        None => host_vector_bytes(),
        Some(v) => match v.parse::<i64>() {
            Ok(n) if n > 0 && (n as u64).is_power_of_two() && n <= 256 => n,
            _ => return Err(format!("option '{VECTOR_BYTES}' must be a power of two from 1 to 256, got '{v}'")),
        },
    };
    let nontemporal_bytes = match opts.get(NONTEMPORAL_BYTES) {
        None => DEFAULT_NONTEMPORAL_BYTES,
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|n| *n >= 0)
            .ok_or_else(|| format!("option '{NONTEMPORAL_BYTES}' must be a number of bytes, got '{v}'"))?,
    };
    Ok(Target { vector_bytes, nontemporal_bytes })
}

/// The `-lower-data-movement` pass.
pub struct LowerDataMovement {
    target: Target,
}

impl Pass for LowerDataMovement {
    fn name(&self) -> &'static str {
        "lower-data-movement"
    }
    fn class_name(&self) -> &'static str {
        "LowerDataMovementPass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        movement::lower_data_movement(ctx, op, &self.target);
        Ok(())
    }
}

pub(crate) const MOVEMENT_INFO: PassInfo = PassInfo {
    name: "lower-data-movement",
    description: "Lower linalg.transpose/copy/fill and memref.copy on static memrefs to loops of vector loads and stores (rows, or blocks transposed in registers; outputs of nontemporal-bytes or more streamed past the caches where aligned) {vector-bytes=N (default: the host's) nontemporal-bytes=N (default 8 MiB; 0: never)} (tessel's)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[VECTOR_BYTES, NONTEMPORAL_BYTES])?;
        Ok(Box::new(LowerDataMovement { target: target_option(opts)? }))
    },
};

/// The `-codegen-pipeline` pass.
pub struct CodegenPipeline {
    target: Target,
}

/// The init operand a destination-style op writes its result `v` into
/// (packs and unpacks, slices inserted, structured ops).
fn tied_init(ctx: &Context, v: Value) -> Option<Value> {
    let ValueDef::Result { op, index } = ctx.value_def(v) else { return None };
    match kind(ctx, op, true)? {
        Kind::Pack | Kind::InsertSlice => Some(ctx.operands(op)[1]),
        Kind::Structured => structured_outs(ctx, op).nth(index as usize).map(|i| ctx.operands(op)[i]),
        _ => None,
    }
}

/// Builds each kernel result in the memref it is materialized into: for
/// `bufferization.materialize_in_destination %t in restrict writable %m`
/// whose `%t` is written, through a chain of destination-style ops used
/// once each, into a `tensor.empty`, the empty becomes
/// `bufferization.to_tensor %m restrict writable` (when `%m` has no other
/// use and is a function argument). MLIR 22's `-eliminate-empty-tensors`
/// leaves these (a memref destination), and one-shot bufferization then
/// allocates the whole result and copies it into `%m`. Returns how many
/// empties went.
pub fn write_into_destinations(ctx: &mut Context, module: OpId) -> usize {
    let mut mats = Vec::new();
    ctx.walk_preorder(module, &mut |op| {
        if MaterializeInDestinationOp::isa(ctx, op) {
            mats.push(op);
        }
    });
    let mut done = 0;
    for mat in mats {
        let m = MaterializeInDestinationOp(mat);
        let (source, dest) = (m.source(ctx), m.dest(ctx));
        let is_memref = matches!(ctx.value_type_kind(dest), tessel_ir::types::TypeKind::MemRef { .. });
        if !is_memref || !m.restrict(ctx) || !m.writable(ctx) || ctx.uses(dest).len() != 1 {
            continue;
        }
        let ValueDef::BlockArg { block, .. } = ctx.value_def(dest) else { continue };
        let is_entry_arg =
            ctx.block_parent(block).and_then(|r| ctx.region_parent(r)).is_some_and(|f| FuncOp::isa(ctx, f));
        if !is_entry_arg {
            continue;
        }
        let mut v = source;
        let empty = loop {
            if ctx.uses(v).len() != 1 {
                break None;
            }
            match ctx.defining_op(v) {
                Some(e) if EmptyOp::isa(ctx, e) => break Some(e),
                _ => match tied_init(ctx, v) {
                    Some(init) => v = init,
                    None => break None,
                },
            }
        };
        let Some(empty) = empty else { continue };
        let loc = ctx.op_loc(empty);
        let ty = ctx.value_type(ctx.result(empty, 0));
        let mut b = Builder::new(ctx, InsertPoint::Before(empty), loc);
        let contents = ToTensorOp::create(&mut b, dest, true, true, &[ty], vec![]).result(b.ctx);
        ctx.replace_all_uses(ctx.result(empty, 0), contents);
        ctx.erase_op(empty);
        done += 1;
    }
    done
}

/// Bytes of temporaries one tile of a fused chain may hold: a quarter of a
/// typical 1 MiB L2, so the tile's input, temporaries and output stay in
/// cache between the ops of the chain.
const TILE_BUDGET_BYTES: i64 = 256 << 10;

/// Tiles each chain of tileable ops that holds a pack or unpack and has
/// more than one op (an unpack feeding an elementwise op feeding a pack)
/// along its outer loops, fusing the producers into the tiles, so that the
/// chain's temporaries are tiles of about [`TILE_BUDGET_BYTES`] (bounded,
/// hoisted out of the loop after bufferization) rather than whole tensors.
/// A lone pack or unpack is left whole: it is lowered to rows directly.
fn tile_chains(ctx: &mut Context, module: OpId) -> Result<(), Diagnostic> {
    use tessel_ir::interfaces::tiling::tiling_interface;
    for root in crate::tile_pack_unpack::chain_roots(ctx, module) {
        let has_producer = ctx
            .operands(root)
            .iter()
            .filter_map(|v| ctx.defining_op(*v))
            .any(|p| tiling_interface(ctx, p).is_some() && !EmptyOp::isa(ctx, p));
        let Some(&result) = ctx.results(root).first() else { continue };
        let Some((shape, elem)) = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(result)) else { continue };
        let Some(bytes) = movement::elem_bytes(ctx, elem) else { continue };
        if !has_producer || shape.iter().any(|d| *d < 0) || shape.is_empty() {
            continue;
        }
        let loops = tiling_interface(ctx, root).map_or(0, |t| t.loop_iterator_types(ctx, root).len()).min(shape.len());
        let tile_sizes = budget_tiles(&shape[..], loops, bytes);
        if tile_sizes.iter().all(|t| *t == 0) {
            continue;
        }
        let opts =
            crate::tiling::TilingOptions { tile_sizes, interchange: vec![], loop_kind: crate::tiling::LoopKind::For };
        crate::fusion::tile_and_fuse(ctx, root, &opts, false)?;
    }
    Ok(())
}

/// Tile sizes for the first `loops` dims of a result of `shape` (elements
/// of `bytes`) so that one tile holds about [`TILE_BUDGET_BYTES`]: outer
/// dims are tiled by 1 while what is below them exceeds the budget, then
/// one dim by as many as fit (0: not tiled).
fn budget_tiles(shape: &[i64], loops: usize, bytes: i64) -> Vec<i64> {
    let mut sizes = Vec::new();
    for d in 0..loops {
        let below = bytes * shape[d + 1..].iter().product::<i64>();
        if below * shape[d] <= TILE_BUDGET_BYTES {
            break;
        }
        let tile = (TILE_BUDGET_BYTES / below.max(1)).clamp(1, shape[d]);
        sizes.push(if shape[d] == 1 { 0 } else { tile });
        if below <= TILE_BUDGET_BYTES {
            break;
        }
    }
    sizes
}

/// A `tensor.extract_slice` of a `tensor.empty` is an empty tensor of the
/// slice's size (MLIR's `FoldEmptyTensorWithExtractSliceOp`, not part of
/// canonicalization): a tile's temporary, not a slice of a whole one.
fn fold_empty_slices(ctx: &mut Context, module: OpId) {
    let mut slices = Vec::new();
    ctx.walk_preorder(module, &mut |op| {
        if ExtractSliceOp::isa(ctx, op) {
            slices.push(op);
        }
    });
    for op in slices {
        let slice = ExtractSliceOp(op);
        let source = slice.source(ctx);
        let from_empty = ctx.defining_op(source).is_some_and(|d| EmptyOp::isa(ctx, d));
        let result_ty = ctx.value_type(ctx.result(op, 0));
        let same_rank = tessel_ir::builder::tensor_shape(ctx, result_ty).map(|s| s.0.len())
            == tessel_ir::builder::tensor_shape(ctx, ctx.value_type(source)).map(|s| s.0.len());
        if !from_empty || !same_rank {
            continue;
        }
        let sizes: Vec<Value> = slice.sizes(ctx).to_vec();
        let loc = ctx.op_loc(op);
        let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
        let empty = EmptyOp::create(&mut b, &sizes, &[result_ty], vec![]).result(b.ctx);
        ctx.replace_all_uses(ctx.result(op, 0), empty);
        ctx.erase_op(op);
    }
}

/// Frees each `memref.alloc` whose buffer stays in its function (no view
/// of it is returned, yielded, passed to a call or stored) at the end of
/// the block it is made in: the kernels' temporaries, which one-shot
/// bufferization leaves to a deallocation pipeline.
fn free_temporaries(ctx: &mut Context, module: OpId) {
    use tessel_ir::dialects::memref::{AllocOp, DeallocOp};
    let mut allocs = Vec::new();
    ctx.walk_preorder(module, &mut |op| {
        if AllocOp::isa(ctx, op) {
            allocs.push(op);
        }
    });
    for alloc in allocs {
        let buffer = ctx.result(alloc, 0);
        let mut stack = vec![buffer];
        let mut stays = true;
        while let Some(v) = stack.pop() {
            for u in ctx.uses(v) {
                use tessel_ir::dialects::{func, memref::StoreOp, scf::YieldOp};
                let user = u.op;
                if bufferize::hoisting::is_view(ctx, user) {
                    stack.extend(ctx.results(user).iter().copied());
                } else if DeallocOp::isa(ctx, user)
                    || func::ReturnOp::isa(ctx, user)
                    || YieldOp::isa(ctx, user)
                    || func::CallOp::isa(ctx, user)
                    || StoreOp::isa(ctx, user)
                    || ctx.op_name(user).starts_with("bufferization.")
                {
                    stays = false;
                }
            }
        }
        let Some(block) = ctx.op_block(alloc) else { continue };
        let Some(terminator) = ctx.block_ops(block).last() else { continue };
        if !stays || terminator == alloc {
            continue;
        }
        let loc = ctx.op_loc(alloc);
        let mut b = Builder::new(ctx, InsertPoint::Before(terminator), loc);
        DeallocOp::create(&mut b, buffer, &[], vec![]);
    }
}

/// Runs the codegen pipeline on `module`.
pub fn codegen_pipeline(ctx: &mut Context, module: OpId, target: &Target) -> Result<(), Diagnostic> {
    codegen_pipeline_with(ctx, module, target, true)
}

/// The codegen pipeline, with the temporaries' deallocations left out when
/// `free_temporaries` is false (for MLIR's ownership-based deallocation,
/// which takes IR without deallocations: `--run-engine=mlir`).
pub fn codegen_pipeline_with(
    ctx: &mut Context,
    module: OpId,
    target: &Target,
    free_temporaries: bool,
) -> Result<(), Diagnostic> {
    write_into_destinations(ctx, module);
    compose::compose_relayouts(ctx, module);
    tile_chains(ctx, module)?;
    crate::canonicalize::canonicalize(ctx, module);
    fold_empty_slices(ctx, module);
    crate::canonicalize::canonicalize(ctx, module);
    crate::cse::cse(ctx, module);
    bufferize::empty_elimination::eliminate_empty_tensors(ctx, module)?;
    let opts = BufferizeOptions {
        function_boundaries: true,
        boundary_layout: LayoutChoice::Identity,
        ..BufferizeOptions::default()
    };
    bufferize::one_shot_bufferize(ctx, module, &opts)?;
    bufferize::bound_allocs::bound_allocations(ctx, module);
    bufferize::hoisting::hoist_loop_allocations(ctx, module);
    crate::canonicalize::canonicalize(ctx, module);
    crate::cse::cse(ctx, module);
    crate::canonicalize::canonicalize(ctx, module);
    movement::lower_data_movement(ctx, module, target);
    if free_temporaries {
        self::free_temporaries(ctx, module);
    }
    crate::canonicalize::canonicalize(ctx, module);
    crate::cse::cse(ctx, module);
    Ok(())
}

impl Pass for CodegenPipeline {
    fn name(&self) -> &'static str {
        "codegen-pipeline"
    }
    fn class_name(&self) -> &'static str {
        "CodegenPipelinePass"
    }
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        codegen_pipeline(ctx, op, &self.target)
    }
}

pub(crate) const PIPELINE_INFO: PassInfo = PassInfo {
    name: "codegen-pipeline",
    description: "Tensor program to bufferized vector code for mlir-opt 22's LLVM conversions: compose chains of packs, unpacks and transposes into one pass, tile the other chains, bufferize (function boundaries, identity layouts, packs and unpacks directly), bound and hoist allocations, lower data movement to vector loads and stores {vector-bytes=N (default: the host's) nontemporal-bytes=N (default 8 MiB; 0: never)} (tessel's)",
    build: |opts| {
        crate::reject_unknown_options(opts, &[VECTOR_BYTES, NONTEMPORAL_BYTES])?;
        Ok(Box::new(CodegenPipeline { target: target_option(opts)? }))
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_reach_the_budget_from_the_outside() {
        // 512 rows of 1 KiB: 256 rows per tile.
        assert_eq!(budget_tiles(&[512, 256], 2, 4), vec![256]);
        // What fits is not tiled.
        assert_eq!(budget_tiles(&[64, 256], 2, 4), Vec::<i64>::new());
        // A unit dim is left, a dim of 8 MiB slabs tiled by 1, the next
        // by as many 48 KiB slabs as fit.
        assert_eq!(budget_tiles(&[1, 8, 160, 24, 8, 128], 4, 2), vec![0, 1, 5]);
    }
}
