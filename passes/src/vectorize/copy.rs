//! `memref.copy` under `vectorize_children_and_apply_patterns`, as MLIR
//! 22's `vectorizeCopy` (its `CopyVectorizationPattern`): a copy between
//! static memrefs of vector element types is a `vector.transfer_read` of
//! the whole source (padded with `ub.poison`) written whole into the
//! target; a 0-d copy goes through the element (`vector.extract`,
//! `vector.broadcast`).

use tessel_ir::dialects::memref::CopyOp;
use tessel_ir::dialects::vector::{bool_array_attr, minor_identity, vector_type, TransferReadOp, TransferWriteOp};
use tessel_ir::rewriter::Rewriter;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{OpId, Type};

use super::transfer::{index_here, poison_here};

/// The static shape and element type of a memref whose elements a vector
/// can hold.
fn static_vector_memref(rw: &Rewriter<'_>, t: Type) -> Option<(Vec<i64>, Type)> {
    match rw.ctx.type_kind(t) {
        TypeKind::MemRef { shape, elem, .. }
            if !shape.contains(&DYNAMIC) && super::is_vector_element(rw.ctx, *elem) =>
        {
            Some((shape.clone(), *elem))
        }
        _ => None,
    }
}

/// `CopyVectorizationPattern`.
pub(super) fn vectorize_memref_copy(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    if !CopyOp::isa(rw.ctx, op) {
        return false;
    }
    let c = CopyOp(op);
    let (source, target) = (c.source(rw.ctx), c.target(rw.ctx));
    let (Some((src_shape, src_elem)), Some((dst_shape, dst_elem))) =
        (static_vector_memref(rw, rw.ctx.value_type(source)), static_vector_memref(rw, rw.ctx.value_type(target)))
    else {
        return false;
    };
    let rank = src_shape.len();
    rw.set_insertion_point_before(op);
    let zero = index_here(rw, 0);
    let indices = vec![zero; rank];
    let read_ty = vector_type(rw.ctx, src_shape, src_elem);
    let pad = poison_here(rw, src_elem);
    let map = minor_identity(rank, rank);
    let no_bounds = bool_array_attr(rw.ctx, &vec![false; rank]);
    let mut value =
        TransferReadOp::create(rw, source, &indices, Some(pad), None, &map, Some(no_bounds), &[read_ty], vec![])
            .vector(rw.ctx);
    if rank == 0 {
        let write_ty = vector_type(rw.ctx, dst_shape, dst_elem);
        let element = rw.vector_extract(value, &[]);
        value = rw.vector_broadcast(element, write_ty);
    }
    let no_bounds = bool_array_attr(rw.ctx, &vec![false; rank]);
    TransferWriteOp::create(rw, value, target, &indices, None, &map, Some(no_bounds), &[], vec![]);
    rw.erase_op(op);
    true
}
