//! A padded pack of static shapes whose padded dims also hold whole tiles,
//! vectorized in pieces (tessel's, not MLIR 22's): the whole tiles are read
//! in bounds with no mask, and only the boundary tiles, the last of each
//! padded dim, are read past the source's end with the padding value.
//!
//! MLIR 22 reads the whole source in one transfer: without vector sizes
//! every row of a padded dim is out of bounds (each one a masked load once
//! lowered), with them a `vector.create_mask` of the source's sizes masks
//! every tile. Here each padded dim with whole tiles splits in two, the
//! whole tiles and the last tile, and each combination of pieces is its own
//! read -> `vector.shape_cast` -> `vector.transpose` -> write at its tiles'
//! offsets in the destination (at most `2^k` pieces for `k` such dims; the
//! interior piece first).

use std::collections::HashMap;

use tessel_ir::builder::Builder;
use tessel_ir::dialects::vector::{
    bool_array_attr, minor_identity, vector_type, ShapeCastOp, TransferReadOp, TransferWriteOp, TransposeOp,
};
use tessel_ir::{Type, Value};

use super::transfer::index_here;

/// The extent of one unpacked dim a piece covers.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Span {
    /// First outer tile.
    outer_offset: i64,
    /// Outer tiles covered.
    outer_count: i64,
    /// Whether the read stays inside the source.
    in_bounds: bool,
}

/// What a peeled pack needs from `vectorize_pack`.
pub(super) struct PeelInput<'a> {
    pub source: Value,
    pub dest: Value,
    pub padding: Value,
    pub src_shape: &'a [i64],
    /// Outer sizes in unpacked dim order.
    pub outer: &'a [i64],
    /// The static inner tile of each unpacked dim, if tiled.
    pub tiles: &'a [Option<i64>],
    /// The outer dims in packed order (`outer_dims_perm`).
    pub outer_perm: &'a [usize],
    /// `vector.transpose`'s permutation from the tiled shape to the packed one.
    pub transpose_perm: &'a [i64],
    pub elem: Type,
}

/// The spans of each dim when some padded dim also holds a whole tile;
/// `None` when the pack is better read in one transfer (no padding, or
/// every padded dim is a single partial tile).
fn plan(src_shape: &[i64], outer: &[i64], tiles: &[Option<i64>]) -> Option<Vec<Vec<Span>>> {
    let mut peeled = false;
    let spans = (0..src_shape.len())
        .map(|d| {
            let size = src_shape[d];
            let tile = tiles[d].unwrap_or(1);
            let whole = size / tile;
            let all = Span { outer_offset: 0, outer_count: outer[d], in_bounds: outer[d] * tile == size };
            if size % tile == 0 || whole == 0 || outer[d] <= whole {
                return vec![all];
            }
            peeled = true;
            vec![
                Span { outer_offset: 0, outer_count: whole, in_bounds: true },
                Span { outer_offset: whole, outer_count: outer[d] - whole, in_bounds: false },
            ]
        })
        .collect();
    peeled.then_some(spans)
}

/// Emits the peeled pack at `b` and returns the written destination, or
/// `None` (nothing built) when peeling does not apply.
pub(super) fn vectorize_peeled_pack(b: &mut Builder<'_>, input: &PeelInput<'_>) -> Option<Value> {
    let spans = plan(input.src_shape, input.outer, input.tiles)?;
    let n = spans.len();
    let dest_ty = b.ctx.value_type(input.dest);
    let dest_rank = n + input.tiles.iter().flatten().count();
    let mut constants: HashMap<i64, Value> = HashMap::new();
    let mut index = |b: &mut Builder<'_>, v: i64| *constants.entry(v).or_insert_with(|| index_here(b, v));
    let mut dest = input.dest;
    // Every combination of spans, the first span of each dim first.
    let count: usize = spans.iter().map(Vec::len).product();
    for linear in 0..count {
        let mut rest = linear;
        let mut piece = vec![spans[0][0]; n];
        for d in (0..n).rev() {
            piece[d] = spans[d][rest % spans[d].len()];
            rest /= spans[d].len();
        }
        let tile = |d: usize| input.tiles[d].unwrap_or(1);
        let read_shape: Vec<i64> = (0..n).map(|d| piece[d].outer_count * tile(d)).collect();
        let src_indices: Vec<Value> = (0..n).map(|d| index(b, piece[d].outer_offset * tile(d))).collect();
        let in_bounds: Vec<bool> = piece.iter().map(|s| s.in_bounds).collect();
        let read_ty = vector_type(b.ctx, read_shape, input.elem);
        let ib = bool_array_attr(b.ctx, &in_bounds);
        let map = minor_identity(n, n);
        let read = TransferReadOp::create(
            b,
            input.source,
            &src_indices,
            Some(input.padding),
            None,
            &map,
            Some(ib),
            &[read_ty],
            vec![],
        )
        .vector(b.ctx);
        let mut tiled_shape = Vec::new();
        for (d, span) in piece.iter().enumerate() {
            tiled_shape.push(span.outer_count);
            if let Some(t) = input.tiles[d] {
                tiled_shape.push(t);
            }
        }
        let tiled_ty = vector_type(b.ctx, tiled_shape.clone(), input.elem);
        let cast = ShapeCastOp::create(b, read, &[tiled_ty], vec![]).result(b.ctx);
        let packed_shape: Vec<i64> = input.transpose_perm.iter().map(|p| tiled_shape[*p as usize]).collect();
        let packed_ty = vector_type(b.ctx, packed_shape, input.elem);
        let transposed = TransposeOp::create(b, cast, input.transpose_perm, &[packed_ty], vec![]).result(b.ctx);
        let zero = index(b, 0);
        let mut dest_indices: Vec<Value> = input.outer_perm.iter().map(|d| index(b, piece[*d].outer_offset)).collect();
        dest_indices.resize(dest_rank, zero);
        let ib = bool_array_attr(b.ctx, &vec![true; dest_rank]);
        let map = minor_identity(dest_rank, dest_rank);
        let w = TransferWriteOp::create(b, transposed, dest, &dest_indices, None, &map, Some(ib), &[dest_ty], vec![]);
        dest = w.result(b.ctx).expect("a tensor write has a result");
    }
    Some(dest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans_of(src: &[i64], outer: &[i64], tiles: &[Option<i64>]) -> Option<Vec<Vec<Span>>> {
        plan(src, outer, tiles)
    }

    #[test]
    fn splits_padded_dims_holding_whole_tiles() {
        let spans = spans_of(&[13, 16], &[2, 2], &[Some(8), Some(8)]).expect("peeled");
        assert_eq!(spans[0].len(), 2);
        assert_eq!(spans[0][1], Span { outer_offset: 1, outer_count: 1, in_bounds: false });
        assert_eq!(spans[1], vec![Span { outer_offset: 0, outer_count: 2, in_bounds: true }]);
    }

    #[test]
    fn a_single_partial_tile_or_no_padding_is_one_read() {
        assert!(spans_of(&[7, 16], &[1, 2], &[Some(8), Some(8)]).is_none());
        assert!(spans_of(&[16, 16], &[2, 2], &[Some(8), Some(8)]).is_none());
    }
}
