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
            other if other.is_pure_affine() => {
                // As upstream's `makeTiledShape`: the offset is the index at
                // the loops' offsets; the size is one more than the index at
                // the loops' last positions (size - 1), as a convolution's
                // window reaches `(tile - 1) * stride + (window - 1) *
                // dilation + 1` elements.
                let m = AffineMap { num_dims: map.num_dims, num_syms: 0, results: vec![other.clone()] };
                offs.push(b.affine_apply(&m, offsets));
                let Some((terms, _)) = linear_terms(other) else {
                    let mut text = String::new();
                    other.print(&mut text);
                    return Err(format!("cannot tile an operand indexed by '{text}' (not linear in the loops)"));
                };
                // The closed size sum(c * (size - 1)), then one more, in the
                // flattened form MLIR's composition leaves (`d0 * 2 + 1`, not
                // `(d0 - 1) * 2 + 3`). Where the closed size is one loop's
                // size itself, upstream's `makeComposedFoldedAffineApply`
                // returns that value and the `s0 + 1` it then applies keeps
                // its symbol.
                let mut constant = 0;
                let mut variable: Vec<(Value, i64)> = Vec::new();
                for (d, c) in &terms {
                    let size = match sizes[*d as usize] {
                        Ofr::Val(v) => crate::dialects::pack::constant_int(b.ctx, v).map_or(Ofr::Val(v), Ofr::Const),
                        constant => constant,
                    };
                    match size {
                        Ofr::Const(s) => constant += c * (s - 1),
                        Ofr::Val(v) => {
                            constant -= c;
                            match variable.iter_mut().find(|(x, _)| *x == v) {
                                Some(slot) => slot.1 += c,
                                None => variable.push((v, *c)),
                            }
                        }
                    }
                }
                variable.retain(|(_, c)| *c != 0);
                let size = match variable.as_slice() {
                    [] => Ofr::Const(constant + 1),
                    [(v, 1)] if constant == 0 => {
                        // Made as is: the builder would make a symbol that is
                        // not a valid one a dim, which upstream does not here.
                        let plus_one = AffineMap {
                            num_dims: 0,
                            num_syms: 1,
                            results: vec![AffineExpr::Sym(0) + AffineExpr::Const(1)],
                        };
                        let index = b.ctx.index_type();
                        let apply = crate::dialects::affine::ApplyOp::create(b, &[*v], &plus_one, &[index], vec![]);
                        Ofr::Val(b.ctx.result(apply.op(), 0))
                    }
                    _ => {
                        let mut e = AffineExpr::Const(constant + 1);
                        for (k, (_, c)) in variable.iter().enumerate().rev() {
                            e = AffineExpr::Dim(k as u32) * AffineExpr::Const(*c) + e;
                        }
                        let m = AffineMap { num_dims: variable.len() as u32, num_syms: 0, results: vec![e] };
                        let operands: Vec<Ofr> = variable.iter().map(|(v, _)| Ofr::Val(*v)).collect();
                        b.affine_apply(&m, &operands)
                    }
                };
                szs.push(size);
            }
            other => {
                let mut text = String::new();
                other.print(&mut text);
                return Err(format!("cannot tile an operand indexed by '{text}' (not affine in the loops)"));
            }
        }
    }
    Ok((offs, szs))
}

/// `e` as `sum(c * d) + k`: its (dim, coefficient) terms and constant, if
/// it is a linear combination of dims.
fn linear_terms(e: &AffineExpr) -> Option<(Vec<(u32, i64)>, i64)> {
    use crate::affine::AffineBinOp;
    match e {
        AffineExpr::Dim(d) => Some((vec![(*d, 1)], 0)),
        AffineExpr::Const(c) => Some((vec![], *c)),
        AffineExpr::Bin(AffineBinOp::Add, l, r) => {
            let (mut t, k) = linear_terms(l)?;
            let (t2, k2) = linear_terms(r)?;
            for (d, c) in t2 {
                match t.iter_mut().find(|(x, _)| *x == d) {
                    Some(slot) => slot.1 += c,
                    None => t.push((d, c)),
                }
            }
            Some((t, k + k2))
        }
        AffineExpr::Bin(AffineBinOp::Mul, l, r) => {
            let (t, k, c) = match (linear_terms(l)?, r.as_const(), l.as_const()) {
                (lt, Some(c), _) => (lt.0, lt.1, c),
                (_, None, Some(c)) => {
                    let (rt, rk) = linear_terms(r)?;
                    (rt, rk, c)
                }
                _ => return None,
            };
            Some((t.into_iter().map(|(d, x)| (d, x * c)).collect(), k * c))
        }
        _ => None,
    }
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
