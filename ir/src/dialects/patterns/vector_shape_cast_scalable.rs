//! MLIR 22's `ScalableShapeCastOpRewritePattern`: a `vector.shape_cast`
//! whose source and result have one scalable dim each, the trailing one,
//! moves scalable pieces of `min(source trailing, result trailing)`
//! elements (counted at `vscale = 1`): extracted from a source row
//! (`vector.scalable.extract` when the piece is shorter than the row),
//! inserted into a result row (`vector.scalable.insert` when shorter),
//! each finished row inserted into a `ub.poison` result. When neither
//! trailing size divides the other the cast stays (22 builds inserts at
//! positions its verifier rejects).

use crate::dialects::ub::{poison_attr, PoisonOp};
use crate::dialects::vector::{scalable_vector_type, vector_shape, ScalableExtractOp, ScalableInsertOp, ShapeCastOp};
use crate::rewriter::Rewriter;
use crate::{Context, OpId, Type, Value};

/// 22's `isTrailingDimScalable`.
fn trailing_dim_scalable(ctx: &Context, t: Type) -> bool {
    vector_shape(ctx, t)
        .is_some_and(|v| v.rank() >= 1 && v.scalable[v.rank() - 1] && !v.scalable[..v.rank() - 1].contains(&true))
}

/// 22's `incIdx` from the last dim: adds `step` to the trailing index and
/// carries 1 into the dims before.
fn increment(idx: &mut [i64], shape: &[i64], step: i64) {
    let mut step = step;
    for d in (0..idx.len()).rev() {
        idx[d] += step;
        if idx[d] >= shape[d] {
            idx[d] = 0;
            step = 1;
        } else {
            break;
        }
    }
}

/// `ScalableShapeCastOpRewritePattern`.
pub fn lower_scalable_shape_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let source = ShapeCastOp(op).source(ctx);
    let (src_ty, res_ty) = (ctx.value_type(source), ctx.value_type(ctx.result(op, 0)));
    if !trailing_dim_scalable(ctx, src_ty) || !trailing_dim_scalable(ctx, res_ty) {
        return false;
    }
    let (Some(s), Some(r)) = (vector_shape(ctx, src_ty), vector_shape(ctx, res_ty)) else { return false };
    let (src_shape, res_shape, elem) = (s.shape.to_vec(), r.shape.to_vec(), s.elem);
    let (src_trailing, res_trailing) = (src_shape[src_shape.len() - 1], res_shape[res_shape.len() - 1]);
    let piece = src_trailing.min(res_trailing);
    // Pieces must tile both rows; 22 goes on and builds inserts at
    // positions that are not multiples of the piece (invalid IR).
    if src_trailing.max(res_trailing) % piece != 0 {
        return false;
    }
    let num_elements: i64 = src_shape.iter().product();
    let piece_ty = scalable_vector_type(rw.ctx, vec![piece], vec![true], elem);
    let i64t = rw.ctx.int_type(64);
    rw.set_insertion_point_before(op);
    let attr = poison_attr(rw.ctx);
    let mut result = PoisonOp::create(rw, Some(attr), &[res_ty], vec![]).result(rw.ctx);
    let (mut src_idx, mut res_idx) = (vec![0i64; src_shape.len()], vec![0i64; res_shape.len()]);
    let (mut src_row, mut res_row): (Option<Value>, Option<Value>) = (None, None);
    let mut i = 0;
    while i < num_elements {
        // 1. A scalable piece of the source.
        let row = *src_row.get_or_insert_with(|| {
            if src_shape.len() == 1 {
                source
            } else {
                rw.vector_extract(source, &src_idx[..src_idx.len() - 1])
            }
        });
        let mut sub = row;
        if piece < src_trailing {
            let pos = rw.ctx.int_attr(src_idx[src_idx.len() - 1] as i128, i64t);
            sub = ScalableExtractOp::create(rw, row, Some(pos), &[piece_ty], vec![]).result(rw.ctx);
        }
        // 2. Into a row of the result.
        let mut current = match res_row {
            Some(v) => v,
            None if piece == res_trailing => sub,
            None if res_shape.len() != 1 => rw.vector_extract(result, &res_idx[..res_idx.len() - 1]),
            None => result,
        };
        if piece < res_trailing {
            let row_ty = rw.ctx.value_type(current);
            let pos = rw.ctx.int_attr(res_idx[res_idx.len() - 1] as i128, i64t);
            current = ScalableInsertOp::create(rw, sub, current, Some(pos), &[row_ty], vec![]).result(rw.ctx);
        }
        res_row = Some(current);
        // 3. A finished result row goes into the result; a finished source
        // row is let go.
        if res_idx[res_idx.len() - 1] + piece >= res_trailing && current != result {
            result = rw.vector_insert(current, result, &res_idx[..res_idx.len() - 1]);
            res_row = None;
        }
        if src_idx[src_idx.len() - 1] + piece >= src_trailing {
            src_row = None;
        }
        // 4. The next piece.
        increment(&mut src_idx, &src_shape, piece);
        increment(&mut res_idx, &res_shape, piece);
        i += piece;
    }
    rw.replace_op(op, &[result]);
    true
}
