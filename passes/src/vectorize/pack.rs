//! `linalg.pack` and `linalg.unpack` to vector code, as MLIR 22's
//! `vectorizeAsTensorPackOp` / `vectorizeAsTensorUnpackOp`:
//!
//! - pack: read the source (padded with the padding value, or `ub.poison`)
//!   in the shape of whole tiles -> `vector.shape_cast` splitting each
//!   tiled dim into `[outer, tile]` -> `vector.transpose` into the packed
//!   order -> write into the pack's destination.
//! - unpack: read the packed source -> `vector.transpose` back to the
//!   unpacked dim order -> `vector.shape_cast` merging `[outer, tile]` ->
//!   write into the destination, which drops the padding.
//!
//! Without `vector_sizes` both need static shapes and use `in_bounds`
//! instead of masks; with them, a mask guards each transfer whose vector
//! does not match its tensor. The sizes are those MLIR 22 accepts: the
//! destination's rank for a pack (its inner sizes equal to the tiles), the
//! source's rank for an unpack. Where 22 builds invalid IR for other sizes,
//! tessel reports them. A padded pack whose padded dims also hold whole
//! tiles is tessel's own: [`super::pack_peel`] reads its whole tiles apart.

use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::dialects::pack::PackInfo;
use tessel_ir::dialects::vector::{vector_type, ShapeCastOp, TransposeOp};
use tessel_ir::types::DYNAMIC;
use tessel_ir::{Context, OpId, Value};

use super::pack_peel::{vectorize_peeled_pack, PeelInput};
use super::transfer::{poison_here, read_or_masked_read, write_or_masked_write};
use super::{VectorizeError, VectorizeOptions};

pub(super) fn unsupported<T>(why: impl Into<String>) -> Result<T, VectorizeError> {
    Err(VectorizeError::Unsupported(why.into()))
}

/// The outer-dims permutation, identity when absent.
fn outer_perm(info: &PackInfo, rank: usize) -> Vec<usize> {
    if info.outer_dims_perm.is_empty() {
        (0..rank).collect()
    } else {
        info.outer_dims_perm.iter().map(|d| *d as usize).collect()
    }
}

fn inverse(perm: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; perm.len()];
    for (i, p) in perm.iter().enumerate() {
        inv[*p] = i;
    }
    inv
}

/// The static inner tiles, per unpacked dim (`None`: not tiled).
fn tiles_by_dim(info: &PackInfo, rank: usize) -> Result<Vec<Option<i64>>, VectorizeError> {
    let mut tiles = vec![None; rank];
    for (p, t) in info.inner_dims_pos.iter().zip(&info.static_inner_tiles) {
        if *t == DYNAMIC {
            return unsupported("inner tiles must be constant");
        }
        tiles[*p as usize] = Some(*t);
    }
    Ok(tiles)
}

/// The tiled shape in unpacked dim order (each tiled dim `[outer, tile]`)
/// from the outer sizes in unpacked order, and the permutation taking it
/// to the packed order (outer dims as `outer_dims_perm`, then the tiles as
/// `inner_dims_pos`).
fn tiled_shape_and_perm(info: &PackInfo, outer: &[i64], tiles: &[Option<i64>]) -> (Vec<i64>, Vec<i64>) {
    let mut shape = Vec::new();
    let mut outer_at = Vec::new();
    let mut tile_at = Vec::new();
    for (d, t) in tiles.iter().enumerate() {
        outer_at.push(shape.len());
        shape.push(outer[d]);
        tile_at.push(shape.len());
        if let Some(t) = t {
            shape.push(*t);
        }
    }
    let mut perm: Vec<i64> = outer_perm(info, tiles.len()).iter().map(|d| outer_at[*d] as i64).collect();
    perm.extend(info.inner_dims_pos.iter().map(|p| tile_at[*p as usize] as i64));
    (shape, perm)
}

pub(super) fn no_scalable(opts: &VectorizeOptions, what: &str) -> Result<(), VectorizeError> {
    if opts.scalable.iter().any(|s| *s) {
        return Err(VectorizeError::BadSizes(format!("scalable vector sizes are not supported for {what}")));
    }
    Ok(())
}

/// MLIR's `isValidMaskedInputVector`: each vector size covers its static
/// dim (a dynamic dim takes any positive size).
pub(super) fn too_small(sizes: &[i64], shape: &[i64], what: &str) -> Result<(), VectorizeError> {
    for (i, (v, d)) in sizes.iter().zip(shape).enumerate() {
        if *v <= 0 || (*d != DYNAMIC && v < d) {
            return Err(VectorizeError::BadSizes(format!(
                "vector size {v} of dim {i} does not cover the {what} (size {})",
                if *d == DYNAMIC { "?".to_string() } else { d.to_string() }
            )));
        }
    }
    Ok(())
}

pub(super) fn is_static(shape: &[i64]) -> bool {
    shape.iter().all(|d| *d != DYNAMIC)
}

/// The value the pack pads with must be a constant (MLIR's precondition).
fn padding_is_constant(ctx: &Context, v: Value) -> bool {
    tessel_ir::dialects::constant_attr_of(ctx, v).is_some()
}

pub(super) fn vectorize_pack(ctx: &mut Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    let info = PackInfo::read(ctx, op).ok_or_else(|| VectorizeError::Unsupported("malformed pack".into()))?;
    if info.padding_value.is_some_and(|p| !padding_is_constant(ctx, p)) {
        return unsupported("the padding value is not a constant");
    }
    let src_shape = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(info.source)).map(|s| s.0).unwrap_or_default();
    let dest_shape = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(info.dest)).map(|s| s.0).unwrap_or_default();
    let n = src_shape.len();
    let tiles = tiles_by_dim(&info, n)?;
    let (outer_dest_order, in_bounds_mode) = if opts.vector_sizes.is_empty() {
        if !is_static(&src_shape) || !is_static(&dest_shape) {
            return unsupported("without vector sizes a pack needs static shapes");
        }
        (dest_shape[..n].to_vec(), true)
    } else {
        no_scalable(opts, tessel_ir::dialects::pack::PackOp::LINALG_NAME)?;
        let sizes = &opts.vector_sizes;
        if sizes.len() != dest_shape.len() {
            return Err(VectorizeError::BadSizes(format!(
                "expected {} vector sizes for a linalg.pack into a rank-{} destination (the outer sizes, then the inner tiles), got {}",
                dest_shape.len(),
                dest_shape.len(),
                sizes.len()
            )));
        }
        if sizes[n..] != info.static_inner_tiles[..] {
            return Err(VectorizeError::BadSizes(format!(
                "the inner vector sizes {:?} must equal the pack's inner tiles {:?}",
                &sizes[n..],
                &info.static_inner_tiles[..]
            )));
        }
        too_small(&sizes[..n], &dest_shape[..n], "outer dims of the destination")?;
        (sizes[..n].to_vec(), false)
    };
    // Outer sizes in unpacked dim order, and the source shape they read.
    let perm = outer_perm(&info, n);
    let inv = inverse(&perm);
    let outer: Vec<i64> = (0..n).map(|d| outer_dest_order[inv[d]]).collect();
    let read_shape: Vec<i64> = (0..n).map(|d| outer[d] * tiles[d].unwrap_or(1)).collect();
    let (tiled_shape, transpose_perm) = tiled_shape_and_perm(&info, &outer, &tiles);
    let elem = ctx.value_type_kind(info.dest).element_type().expect("a tensor");

    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let padding = info.padding_value;
    // tessel's: whole tiles apart from the boundary ones (pack_peel.rs).
    let fits = is_static(&src_shape) && is_static(&dest_shape) && outer_dest_order[..] == dest_shape[..n];
    if let Some(pad) = padding.filter(|_| fits) {
        let peel = PeelInput {
            source: info.source,
            dest: info.dest,
            padding: pad,
            src_shape: &src_shape,
            outer: &outer,
            tiles: &tiles,
            outer_perm: &perm,
            transpose_perm: &transpose_perm,
            elem,
        };
        if let Some(written) = vectorize_peeled_pack(&mut b, &peel) {
            ctx.replace_all_uses(ctx.result(op, 0), written);
            ctx.erase_op(op);
            return Ok(());
        }
    }
    let read = read_or_masked_read(
        &mut b,
        info.source,
        &read_shape,
        |b| padding.unwrap_or_else(|| poison_here(b, elem)),
        in_bounds_mode,
    );
    let tiled_ty = vector_type(b.ctx, tiled_shape, elem);
    let cast = ShapeCastOp::create(&mut b, read, &[tiled_ty], vec![]).result(b.ctx);
    let packed_shape: Vec<i64> =
        transpose_perm.iter().map(|p| b.ctx.value_type_kind(cast).shape().unwrap()[*p as usize]).collect();
    let packed_ty = vector_type(b.ctx, packed_shape, elem);
    let transposed = TransposeOp::create(&mut b, cast, &transpose_perm, &[packed_ty], vec![]).result(b.ctx);
    let written = write_or_masked_write(&mut b, transposed, info.dest, false);
    ctx.replace_all_uses(ctx.result(op, 0), written);
    ctx.erase_op(op);
    Ok(())
}

pub(super) fn vectorize_unpack(ctx: &mut Context, op: OpId, opts: &VectorizeOptions) -> Result<(), VectorizeError> {
    let info = PackInfo::read(ctx, op).ok_or_else(|| VectorizeError::Unsupported("malformed unpack".into()))?;
    let src_shape = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(info.source)).map(|s| s.0).unwrap_or_default();
    let dest_shape = tessel_ir::builder::tensor_shape(ctx, ctx.value_type(info.dest)).map(|s| s.0).unwrap_or_default();
    let n = dest_shape.len();
    tiles_by_dim(&info, n)?;
    let (read_shape, in_bounds_mode) = if opts.vector_sizes.is_empty() {
        if !is_static(&src_shape) || !is_static(&dest_shape) {
            return unsupported("without vector sizes an unpack needs static shapes");
        }
        (src_shape.clone(), true)
    } else {
        no_scalable(opts, tessel_ir::dialects::pack::UnPackOp::LINALG_NAME)?;
        let sizes = &opts.vector_sizes;
        if sizes.len() != src_shape.len() {
            return Err(VectorizeError::BadSizes(format!(
                "expected {} vector sizes for a linalg.unpack of a rank-{} source (its packed shape), got {}",
                src_shape.len(),
                src_shape.len(),
                sizes.len()
            )));
        }
        if sizes[n..] != info.static_inner_tiles[..] {
            return Err(VectorizeError::BadSizes(format!(
                "the inner vector sizes {:?} must equal the unpack's inner tiles {:?}",
                &sizes[n..],
                &info.static_inner_tiles[..]
            )));
        }
        too_small(sizes, &src_shape, "source")?;
        (sizes.clone(), false)
    };
    // The packed source's outer dims in unpacked order, and the transpose
    // that brings each dim's tile next to its outer dim.
    let perm = outer_perm(&info, n);
    let inv = inverse(&perm);
    let mut transpose_perm = Vec::new();
    let mut collapsed = Vec::new();
    for d in 0..n {
        transpose_perm.push(inv[d] as i64);
        let mut size = read_shape[inv[d]];
        if let Some(k) = info.inner_dims_pos.iter().position(|p| *p as usize == d) {
            transpose_perm.push((n + k) as i64);
            size *= read_shape[n + k];
        }
        collapsed.push(size);
    }
    let elem = ctx.value_type_kind(info.dest).element_type().expect("a tensor");
    let loc = ctx.op_loc(op);
    let mut b = Builder::new(ctx, InsertPoint::Before(op), loc);
    let read = read_or_masked_read(&mut b, info.source, &read_shape, |b| poison_here(b, elem), false);
    let stripped: Vec<i64> = transpose_perm.iter().map(|p| read_shape[*p as usize]).collect();
    let stripped_ty = vector_type(b.ctx, stripped, elem);
    let transposed = TransposeOp::create(&mut b, read, &transpose_perm, &[stripped_ty], vec![]).result(b.ctx);
    let collapsed_ty = vector_type(b.ctx, collapsed, elem);
    let cast = ShapeCastOp::create(&mut b, transposed, &[collapsed_ty], vec![]).result(b.ctx);
    let written = write_or_masked_write(&mut b, cast, info.dest, in_bounds_mode);
    ctx.replace_all_uses(ctx.result(op, 0), written);
    ctx.erase_op(op);
    Ok(())
}
