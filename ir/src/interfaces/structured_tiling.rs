//! TilingInterface of the structured ops (`linalg.generic`, the named ops,
//! matmul, copy, transpose, fill): a tile of the loops reads, from every
//! operand, the slice its indexing map sends the tile to, and the tiled op
//! is the same op on those slices (MLIR's `LinalgOpTilingInterface`).

use crate::affine::{AffineExpr, AffineMap};
use crate::builder::{Builder, InsertPoint, Ofr};
use crate::context::clone::IrMapping;
use crate::dialects::structured::{index_dim, loop_sources, structured, IndexOp, IteratorKind, Structured};
use crate::interfaces::tiling::{IteratorType, LoopRange, TileBounds, TilePosition, TilingInterface, TilingResult};
use crate::{Context, OpId, Value};

/// Tiling of every structured op.
pub struct StructuredTiling;

fn view(ctx: &Context, op: OpId) -> Result<Structured, String> {
    structured(ctx, op).ok_or_else(|| format!("'{}' is not a well-formed structured op", ctx.op_name(op)))
}

/// The slice of an operand indexed through `map` for the loop tile
/// `[offsets, offsets + sizes)`.
///
/// Each offset and size goes through `affine.apply` composition as
/// upstream's `computeSliceParameters` does: one that an `affine.apply`
/// computes gets a new, composed `affine.apply` here (cse merges it with
/// the old one later, and the old one dies when fusion replaces its only
/// user), so the ops that survive canonicalize sit where mlir-opt's do.
fn operand_slice(
    b: &mut Builder<'_>,
    map: &AffineMap,
    offsets: &[Ofr],
    sizes: &[Ofr],
) -> Result<(Vec<Ofr>, Vec<Ofr>), String> {
    let identity = AffineMap { num_dims: 1, num_syms: 0, results: vec![AffineExpr::Dim(0)] };
    let mut offs = Vec::with_capacity(map.results.len());
    let mut szs = Vec::with_capacity(map.results.len());
    for e in &map.results {
        match e {
            AffineExpr::Dim(d) => {
                offs.push(b.affine_apply(&identity, &[offsets[*d as usize]]));
                szs.push(b.affine_apply(&identity, &[sizes[*d as usize]]));
            }
            AffineExpr::Const(c) => {
                offs.push(Ofr::Const(*c));
                szs.push(Ofr::Const(1));
            }
            other => {
                let mut text = String::new();
                other.print(&mut text);
                return Err(format!("cannot tile an operand indexed by '{text}' (only loops and constants)"));
            }
        }
    }
    Ok((offs, szs))
}

/// Adds the tile's offsets to every `linalg.index` of the tiled op's body,
/// so the body sees the coordinates of the whole op.
fn offset_indices(b: &mut Builder<'_>, tiled: OpId, offsets: &[Ofr]) {
    let Some(&region) = b.ctx.regions(tiled).first() else { return };
    let Some(&block) = b.ctx.blocks(region).first() else { return };
    for op in b.ctx.block_op_list(block) {
        if !IndexOp::isa(b.ctx, op) {
            continue;
        }
        let Some(d) = index_dim(b.ctx, op) else { continue };
        let Some(&offset) = offsets.get(d as usize) else { continue };
        if offset == Ofr::Const(0) {
            continue;
        }
        let index = b.ctx.result(op, 0);
        let uses: Vec<_> = b.ctx.uses(index).to_vec();
        let Some(next) = b.ctx.next_op(op) else { continue };
        let mut inner = Builder::new(b.ctx, InsertPoint::Before(next), b.loc);
        // `(d0)[s0] -> (d0 + s0)` on (offset)[index]: the form upstream's
        // canonicalizer leaves it in.
        let sum = AffineMap { num_dims: 1, num_syms: 1, results: vec![AffineExpr::Dim(0) + AffineExpr::Sym(0)] };
        let shifted = inner.affine_apply(&sum, &[offset, Ofr::Val(index)]);
        let shifted = inner.value(shifted);
        for u in uses {
            b.ctx.set_operand(u.op, u.operand as usize, shifted);
        }
    }
}

impl TilingInterface for StructuredTiling {
    fn loop_iterator_types(&self, ctx: &Context, op: OpId) -> Vec<IteratorType> {
        structured(ctx, op)
            .map(|s| {
                s.iterators
                    .iter()
                    .map(|k| match k {
                        IteratorKind::Parallel => IteratorType::Parallel,
                        IteratorKind::Reduction => IteratorType::Reduction,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn iteration_domain(&self, b: &mut Builder<'_>, op: OpId) -> Vec<LoopRange> {
        let Some(s) = structured(b.ctx, op) else { return vec![] };
        let Some(sources) = loop_sources(&s) else { return vec![] };
        let operands: Vec<Value> = s.operands().collect();
        sources
            .iter()
            .map(|&(k, j)| LoopRange { offset: Ofr::Const(0), size: b.dim(operands[k], j), stride: Ofr::Const(1) })
            .collect()
    }

    fn destinations(&self, ctx: &Context, op: OpId) -> Vec<Value> {
        structured(ctx, op).map(|s| s.outputs).unwrap_or_default()
    }

    fn tiled_implementation(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
        _bounds: &[TileBounds],
    ) -> Result<TilingResult, String> {
        let s = view(b.ctx, op)?;
        if offsets.len() != s.num_loops() || sizes.len() != s.num_loops() {
            return Err(format!("expected {} offsets and sizes, one per loop", s.num_loops()));
        }
        let start = b.created.len();
        // Every operand's slice parameters first, then the slices, as
        // upstream's `makeTiledShapes` orders them. One slice per operand
        // position (a value used twice gets two).
        let mut params = Vec::with_capacity(s.inputs.len() + s.outputs.len());
        for (k, v) in s.inputs.iter().enumerate() {
            let shaped = b.ctx.value_type_kind(*v).shape().is_some();
            params.push(if shaped { Some(operand_slice(b, &s.maps[k], offsets, sizes)?) } else { None });
        }
        for k in 0..dests.len().min(s.outputs.len()) {
            params.push(Some(operand_slice(b, &s.maps[s.inputs.len() + k], offsets, sizes)?));
        }
        let mut new_operands = Vec::with_capacity(params.len());
        for (v, p) in s.inputs.iter().zip(&params) {
            new_operands.push(match p {
                Some((o, z)) => b.extract_slice(*v, o, z),
                None => *v,
            });
        }
        let mut out_types = Vec::new();
        for (dest, p) in dests.iter().zip(&params[s.inputs.len()..]) {
            let (o, z) = p.as_ref().expect("outputs are shaped");
            let slice = b.extract_slice(*dest, o, z);
            new_operands.push(slice);
            out_types.push(b.ctx.value_type(slice));
        }
        // The same op (attributes, body) on the slices.
        let tiled = b.ctx.clone_op(op, &mut IrMapping::default());
        for (i, v) in new_operands.into_iter().enumerate() {
            b.ctx.set_operand(tiled, i, v);
        }
        for (r, t) in b.ctx.results(tiled).to_vec().into_iter().zip(out_types) {
            b.ctx.set_value_type(r, t);
        }
        b.insert_detached(tiled);
        offset_indices(b, tiled, offsets);
        let values = b.ctx.results(tiled).to_vec();
        Ok(TilingResult::from_created(b, start, vec![tiled], values, vec![]))
    }

    fn result_tile_position(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        result: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<TilePosition, String> {
        let s = view(b.ctx, op)?;
        let m = s.maps.get(s.inputs.len() + result).ok_or("no such result")?;
        let m = m.clone();
        let (offsets, sizes) = operand_slice(b, &m, offsets, sizes)?;
        Ok(TilePosition { offsets, sizes })
    }

    fn generate_result_tile_value(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        result: usize,
        dests: &[Value],
        offsets: &[Ofr],
        sizes: &[Ofr],
        _bounds: &[TileBounds],
    ) -> Result<TilingResult, String> {
        let s = view(b.ctx, op)?;
        let m = s.maps.get(s.inputs.len() + result).ok_or("no such result")?.clone();
        // Loops the result indexes take the result tile; the others (the
        // reductions) run over their whole range.
        let domain = self.iteration_domain(b, op);
        let mut loop_offsets: Vec<Ofr> = vec![Ofr::Const(0); s.num_loops()];
        let mut loop_sizes: Vec<Ofr> = domain.iter().map(|r| r.size).collect();
        for (j, e) in m.results.iter().enumerate() {
            match e {
                AffineExpr::Dim(d) => {
                    loop_offsets[*d as usize] = offsets[j];
                    loop_sizes[*d as usize] = sizes[j];
                }
                _ => return Err("the result's indexing map is not a projected permutation".into()),
            }
        }
        let bounds = vec![TileBounds::Unknown; s.num_loops()];
        self.tiled_implementation(b, op, dests, &loop_offsets, &loop_sizes, &bounds)
    }

    fn iteration_domain_tile_from_operand_tile(
        &self,
        b: &mut Builder<'_>,
        op: OpId,
        operand: usize,
        offsets: &[Ofr],
        sizes: &[Ofr],
    ) -> Result<(Vec<Ofr>, Vec<Ofr>), String> {
        let s = view(b.ctx, op)?;
        let map = s.maps.get(operand).ok_or_else(|| format!("no operand #{operand}"))?.clone();
        if offsets.len() != map.results.len() || sizes.len() != map.results.len() {
            return Err(format!("expected {} offsets and sizes for operand #{operand}", map.results.len()));
        }
        let domain = self.iteration_domain(b, op);
        let mut offs: Vec<Option<Ofr>> = vec![None; domain.len()];
        let mut szs: Vec<Ofr> = domain.iter().map(|r| r.size).collect();
        for (j, e) in map.results.iter().enumerate() {
            let AffineExpr::Dim(d) = e else {
                return Err(format!("operand #{operand} is not indexed by loops alone"));
            };
            let d = *d as usize;
            if offs[d].is_some() {
                return Err(format!("operand #{operand} reads loop #{d} twice"));
            }
            let whole = offsets[j] == Ofr::Const(0) && sizes[j] == domain[d].size;
            if s.iterators[d] == IteratorKind::Reduction && !whole {
                return Err(format!("the tile of operand #{operand} covers part of reduction loop #{d}"));
            }
            offs[d] = Some(offsets[j]);
            szs[d] = sizes[j];
        }
        Ok((offs.into_iter().map(|o| o.unwrap_or(Ofr::Const(0))).collect(), szs))
    }
}
