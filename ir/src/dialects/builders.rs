//! Folding builders: the [`Builder`] methods that create dialect ops and
//! fold as they go. Constants are hoisted to the function entry and
//! uniqued, affine applications are composed and folded as they are made
//! (MLIR's `makeComposedFoldedAffineApply`), and slices that cover their
//! source are the source.

use smallvec::SmallVec;

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::builder::{Builder, Ofr};
use crate::context::ValueDef;
use crate::dialects::affine::{ApplyOp, APPLY, MAX, MIN};
use crate::dialects::arith::{ConstantOp, CONSTANT};
use crate::dialects::tensor::{DimOp, EmptyOp, ExtractSliceOp, InsertSliceOp, ParallelInsertSliceOp};
use crate::dialects::ub::{PoisonOp, POISON};
use crate::ods::{SpecBuilder, Variadic};
use crate::registry::{traits, OpDef};
use crate::types::DYNAMIC;
use crate::{Context, OpId, Type, Value};

/// Static entries (with [`DYNAMIC`]) and values of a slice's offsets,
/// sizes and strides.
type SliceLists = ((Vec<i64>, Vec<Value>), (Vec<i64>, Vec<Value>), (Vec<i64>, Vec<Value>));

impl Builder<'_> {
    /// An `arith.constant` of `index` type, uniqued at the function entry.
    pub fn index_const(&mut self, v: i64) -> Value {
        let ty = self.ctx.index_type();
        self.int_const(v as i128, ty)
    }

    /// An integer constant of type `ty`, uniqued at the function entry.
    pub fn int_const(&mut self, v: i128, ty: Type) -> Value {
        let block = self.constant_block();
        if let Some(&c) = self.consts.get(&(v, ty, block)) {
            return c;
        }
        let c = self.hoisted_constant(
            &CONSTANT,
            ty,
            |ctx, o| ConstantOp::isa(ctx, o) && v_key(ctx, o) == Some(v),
            |ctx| {
                let attr = ctx.int_attr(v, ty);
                let mut spec = SpecBuilder::new();
                spec.attr("value", Some(attr));
                spec
            },
        );
        self.consts.insert((v, ty, block), c);
        c
    }

    /// A new integer constant of type `ty` at the insertion point (not
    /// uniqued, not hoisted: where a fold's result is materialized).
    pub fn int_const_here(&mut self, v: i128, ty: Type) -> Value {
        let attr = self.ctx.int_attr(v, ty);
        ConstantOp::create(self, Some(attr), &[ty], vec![]).result(self.ctx)
    }

    /// A `ub.poison` of type `ty`, uniqued at the function entry like the
    /// constants.
    pub fn poison(&mut self, ty: Type) -> Value {
        self.hoisted_constant(&POISON, ty, PoisonOp::isa, |ctx| {
            let attr = crate::dialects::ub::poison_attr(ctx);
            let mut spec = SpecBuilder::new();
            spec.attr("value", Some(attr));
            spec
        })
    }

    /// The constant-like op of type `ty` among those at the top of the
    /// constant block that `same` accepts, or a new one (`def` with the
    /// attributes `spec` gives) at the front of that block.
    fn hoisted_constant(
        &mut self,
        def: &'static OpDef,
        ty: Type,
        same: impl Fn(&Context, OpId) -> bool,
        spec: impl FnOnce(&mut Context) -> SpecBuilder,
    ) -> Value {
        let block = self.constant_block();
        // Reuse a constant already at the top of the block.
        let mut cur = self.ctx.first_op(block);
        while let Some(o) = cur {
            if !self.ctx.def_of(o).is_some_and(|d| d.has(traits::CONSTANT_LIKE)) {
                break;
            }
            if same(self.ctx, o) && self.ctx.value_type(self.ctx.result(o, 0)) == ty {
                return self.ctx.result(o, 0);
            }
            cur = self.ctx.next_op(o);
        }
        let spec = spec(self.ctx).finish(self.ctx, def, &[ty], vec![], self.loc);
        let op = self.ctx.create_op(spec);
        let made_after = match self.ip {
            crate::builder::InsertPoint::Before(next) => self.ctx.prev_op(next),
            crate::builder::InsertPoint::End(b) => self.ctx.last_op(b),
        };
        // At the front of the block, the newest first: where MLIR's folder
        // leaves the constants a transformation makes in place (it moves
        // each to the front as it meets them), so canonicalize keeps them.
        match self.ctx.first_op(block) {
            Some(first) => self.ctx.insert_op_before(first, op),
            None => self.ctx.append_op(block, op),
        }
        if self.ctx.record_constants_made_at_top {
            self.ctx.constants_made_at_top.entry(block).or_default().push((op, made_after));
        }
        self.notify(|l, ctx| l.op_inserted(ctx, op));
        self.ctx.result(op, 0)
    }

    /// Materializes an [`Ofr`] as an index value.
    pub fn value(&mut self, o: Ofr) -> Value {
        match o {
            Ofr::Const(c) => self.index_const(c),
            Ofr::Val(v) => v,
        }
    }

    /// `map(operands)` for a one-result map, composed with producing
    /// `affine.apply` ops and folded: a constant or a single operand comes
    /// back as is, otherwise one canonical `affine.apply` is created.
    pub fn affine_apply(&mut self, map: &AffineMap, operands: &[Ofr]) -> Ofr {
        debug_assert_eq!(map.results.len(), 1);
        let (expr, vals) = self.compose(&map.results[0], map.num_dims, operands);
        self.materialize(&APPLY, vec![expr], vals)
    }

    /// [`Builder::affine_apply`] with the composed expression simplified as
    /// MLIR's `canonicalizeMapAndOperands` does for an operand given twice
    /// (a sum of scaled dims and symbols rebuilt in canonical order).
    pub fn affine_apply_simplified(&mut self, map: &AffineMap, operands: &[Ofr]) -> Ofr {
        debug_assert_eq!(map.results.len(), 1);
        let (expr, vals) = self.compose(&map.results[0], map.num_dims, operands);
        let expr = expr.linear_simplified(vals.len() as u32, 0).unwrap_or(expr);
        self.simplify_after_remap = true;
        let r = self.materialize(&APPLY, vec![expr], vals);
        self.simplify_after_remap = false;
        r
    }

    /// `min(map(operands))`, folded the same way; results that are
    /// constants are reduced to the smallest one.
    pub fn affine_min(&mut self, map: &AffineMap, operands: &[Ofr]) -> Ofr {
        self.min_or_max(&MIN, map, operands, true)
    }

    /// `max(map(operands))`, folded the same way.
    pub fn affine_max(&mut self, map: &AffineMap, operands: &[Ofr]) -> Ofr {
        self.min_or_max(&MAX, map, operands, false)
    }

    fn min_or_max(&mut self, def: &'static OpDef, map: &AffineMap, operands: &[Ofr], is_min: bool) -> Ofr {
        let mut exprs = Vec::new();
        let mut vals: Vec<Value> = Vec::new();
        for r in &map.results {
            let (e, v) = self.compose(r, map.num_dims, operands);
            // Re-base this result's operands onto the shared list.
            let mut dims = Vec::new();
            for val in v {
                let idx = match vals.iter().position(|x| *x == val) {
                    Some(i) => i,
                    None => {
                        vals.push(val);
                        vals.len() - 1
                    }
                };
                dims.push(AffineExpr::Dim(idx as u32));
            }
            exprs.push(e.replace(&dims, &[]));
        }
        // Keep one constant (the extreme one), where the first constant
        // was (upstream keeps the order it builds), and drop duplicates.
        let consts: Vec<i64> = exprs.iter().filter_map(|e| e.as_const()).collect();
        let first_const = exprs.iter().position(|e| e.as_const().is_some());
        let mut kept: Vec<AffineExpr> = exprs.into_iter().filter(|e| e.as_const().is_none()).collect();
        if let (Some(c), Some(at)) = (if is_min { consts.iter().min() } else { consts.iter().max() }, first_const) {
            kept.insert(at, AffineExpr::Const(*c));
        }
        let mut dedup: Vec<AffineExpr> = Vec::new();
        for e in kept {
            if !dedup.contains(&e) {
                dedup.push(e);
            }
        }
        self.materialize(def, dedup, vals)
    }

    /// Substitutes constants and composes `affine.apply` producers. Returns
    /// the expression over dims `d_i` = the returned values.
    pub fn compose(&self, e: &AffineExpr, num_dims: u32, operands: &[Ofr]) -> (AffineExpr, Vec<Value>) {
        let mut vals: Vec<Value> = Vec::new();
        let subst: SmallVec<[AffineExpr; 6]> =
            operands.iter().map(|o| operand_expr(self.ctx, *o, &mut vals, 0)).collect();
        let (dims, syms) = subst.split_at((num_dims as usize).min(subst.len()));
        (e.replace(dims, syms), vals)
    }

    /// Creates an op of `def` (`affine.apply/min/max`) over `exprs` (in
    /// dims = `vals`), unless it folds.
    fn materialize(&mut self, def: &'static OpDef, exprs: Vec<AffineExpr>, vals: Vec<Value>) -> Ofr {
        if exprs.len() == 1 {
            match &exprs[0] {
                AffineExpr::Const(c) => return Ofr::Const(*c),
                AffineExpr::Dim(i) => return Ofr::Val(vals[*i as usize]),
                _ => {}
            }
        }
        Ofr::Val(self.materialize_op(def, exprs, vals))
    }

    /// An `affine.apply` of `expr` (over dims `d_i` = `vals[i]`, values
    /// that may repeat) with MLIR's `canonicalizeMapAndOperands` applied:
    /// unused operands dropped, repeats merged, loop-invariant values made
    /// symbols; nothing composed or folded, so a constant is an apply of a
    /// constant map (what MLIR's min/max simplification leaves).
    pub fn canonical_affine_apply(&mut self, expr: AffineExpr, vals: &[Value]) -> Value {
        let mut unique: Vec<Value> = Vec::new();
        let remap: Vec<AffineExpr> = vals
            .iter()
            .map(|v| {
                let i = unique.iter().position(|u| u == v).unwrap_or_else(|| {
                    unique.push(*v);
                    unique.len() - 1
                });
                AffineExpr::Dim(i as u32)
            })
            .collect();
        self.materialize_op(&APPLY, vec![expr.replace(&remap, &[])], unique)
    }

    fn materialize_op(&mut self, def: &'static OpDef, exprs: Vec<AffineExpr>, vals: Vec<Value>) -> Value {
        // Keep only the values used; loop-invariant ones become symbols,
        // like MLIR's canonical affine operands.
        let mut used: SmallVec<[bool; 8]> = smallvec::smallvec![false; vals.len()];
        for e in &exprs {
            mark_dims(e, &mut used);
        }
        let (mut dim_vals, mut sym_vals): (SmallVec<[Value; 4]>, SmallVec<[Value; 4]>) = Default::default();
        let mut remap: SmallVec<[AffineExpr; 8]> = smallvec::smallvec![AffineExpr::Const(0); vals.len()];
        for (i, v) in vals.iter().enumerate() {
            if used[i] && !self.is_symbol(*v) {
                remap[i] = AffineExpr::Dim(dim_vals.len() as u32);
                dim_vals.push(*v);
            }
        }
        for (i, v) in vals.iter().enumerate() {
            if used[i] && self.is_symbol(*v) {
                remap[i] = AffineExpr::Sym(sym_vals.len() as u32);
                sym_vals.push(*v);
            }
        }
        let (nd, ns) = (dim_vals.len() as u32, sym_vals.len() as u32);
        let results: Vec<AffineExpr> = exprs
            .iter()
            .map(|e| e.replace(&remap, &[]))
            .map(|e| if self.simplify_after_remap { e.linear_simplified(nd, ns).unwrap_or(e) } else { e })
            .collect();
        let map = AffineMap { num_dims: nd, num_syms: ns, results };
        let mut operands = dim_vals;
        operands.extend(sym_vals);
        let index = self.ctx.index_type();
        let mut spec = SpecBuilder::new();
        spec.operands::<Variadic>(&operands);
        let map_attr = self.ctx.attr(AttrKind::AffineMap(map));
        spec.attr("map", Some(map_attr));
        let spec = spec.finish(self.ctx, def, &[index], vec![], self.loc);
        let op = self.insert(spec);
        self.ctx.result(op, 0)
    }

    /// An `affine.apply` of `map` (one result) to `operands` exactly as
    /// given: nothing composed or folded (what MLIR's `createOrFold` leaves
    /// when not every operand is a constant).
    pub fn raw_affine_apply(&mut self, map: AffineMap, operands: &[Value]) -> Value {
        self.raw_affine_op(&APPLY, map, operands)
    }

    /// [`Builder::raw_affine_apply`] for `affine.min` (`is_min`) or
    /// `affine.max`.
    pub fn raw_affine_min_max(&mut self, is_min: bool, map: AffineMap, operands: &[Value]) -> Value {
        self.raw_affine_op(if is_min { &MIN } else { &MAX }, map, operands)
    }

    fn raw_affine_op(&mut self, def: &'static OpDef, map: AffineMap, operands: &[Value]) -> Value {
        let index = self.ctx.index_type();
        let mut spec = SpecBuilder::new();
        spec.operands::<Variadic>(operands);
        let map_attr = self.ctx.attr(AttrKind::AffineMap(map));
        spec.attr("map", Some(map_attr));
        let spec = spec.finish(self.ctx, def, &[index], vec![], self.loc);
        let op = self.insert(spec);
        self.ctx.result(op, 0)
    }

    /// MLIR's valid-symbol rule, simplified: function arguments, values
    /// defined directly in the function body (outside any loop), constants,
    /// and `tensor.dim` of a symbol.
    fn is_symbol(&self, v: Value) -> bool {
        if ConstantOp::defining(self.ctx, v).is_some() {
            return true;
        }
        if let Some(dim) = DimOp::defining(self.ctx, v) {
            return self.is_symbol(dim.source(self.ctx));
        }
        let block = match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.ctx.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Detached => None,
        };
        let Some(block) = block else { return false };
        let Some(parent) = self.ctx.block_parent(block).and_then(|r| self.ctx.region_parent(r)) else {
            return true;
        };
        self.ctx.def_of(parent).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE))
    }

    /// `tensor.dim %v, d` folded to a constant for static extents.
    pub fn dim(&mut self, v: Value, d: usize) -> Ofr {
        let size = self.ctx.value_type_kind(v).shape().and_then(|s| s.get(d).copied());
        if let Some(s) = size.filter(|s| *s != DYNAMIC) {
            return Ofr::Const(s);
        }
        let c = self.index_const(d as i64);
        let index = self.ctx.index_type();
        let dim = DimOp::create(self, v, c, &[index], vec![]);
        Ofr::Val(dim.result(self.ctx))
    }

    /// Static and dynamic offsets, sizes and (unit) strides of a slice.
    fn slice_params(&mut self, offsets: &[Ofr], sizes: &[Ofr]) -> SliceLists {
        let ones = vec![Ofr::Const(1); sizes.len()];
        (self.split(offsets), self.split(sizes), self.split(&ones))
    }

    /// `tensor.extract_slice %src[offsets] [sizes] [1...]` with the result
    /// type implied by the sizes (no rank reduction).
    pub fn extract_slice(&mut self, src: Value, offsets: &[Ofr], sizes: &[Ofr]) -> Value {
        let elem = self.ctx.value_type_kind(src).element_type().expect("shaped source");
        let shape: Vec<i64> = sizes.iter().map(|s| s.static_or_dynamic()).collect();
        let src_shape = self.ctx.value_type_kind(src).shape().map(|s| s.to_vec()).unwrap_or_default();
        // A slice covering the whole (static) source is the source.
        if offsets.iter().all(|o| *o == Ofr::Const(0)) && shape == src_shape && !shape.contains(&DYNAMIC) {
            return src;
        }
        let ty = self.ctx.tensor_type(shape, elem);
        let (o, s, st) = self.slice_params(offsets, sizes);
        let op = ExtractSliceOp::create(self, src, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[ty], vec![]);
        op.result(self.ctx)
    }

    /// A `tensor.extract_slice` of all of `src` (static shape), made even
    /// though it is `src`: the slice upstream's tilers would have made, for
    /// fusion to go through.
    pub fn whole_slice(&mut self, src: Value) -> Option<Value> {
        let shape = self.ctx.value_type_kind(src).shape()?.to_vec();
        if shape.contains(&DYNAMIC) {
            return None;
        }
        let ty = self.ctx.value_type(src);
        let zeros = vec![Ofr::Const(0); shape.len()];
        let sizes: Vec<Ofr> = shape.iter().map(|s| Ofr::Const(*s)).collect();
        let (o, s, st) = self.slice_params(&zeros, &sizes);
        let op = ExtractSliceOp::create(self, src, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[ty], vec![]);
        Some(op.result(self.ctx))
    }

    /// `tensor.insert_slice %src into %dest[offsets] [sizes] [1...]`.
    pub fn insert_slice(&mut self, src: Value, dest: Value, offsets: &[Ofr], sizes: &[Ofr]) -> Value {
        let src_shape = self.ctx.value_type_kind(src).shape().map(|s| s.to_vec()).unwrap_or_default();
        let dest_ty = self.ctx.value_type(dest);
        let dest_shape = self.ctx.value_type_kind(dest).shape().map(|s| s.to_vec()).unwrap_or_default();
        if offsets.iter().all(|o| *o == Ofr::Const(0)) && src_shape == dest_shape && !src_shape.contains(&DYNAMIC) {
            return src;
        }
        let (o, s, st) = self.slice_params(offsets, sizes);
        let op = InsertSliceOp::create(self, src, dest, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[dest_ty], vec![]);
        op.result(self.ctx)
    }

    /// `tensor.parallel_insert_slice` (no result).
    pub fn parallel_insert_slice(&mut self, src: Value, dest: Value, offsets: &[Ofr], sizes: &[Ofr]) -> OpId {
        let (o, s, st) = self.slice_params(offsets, sizes);
        ParallelInsertSliceOp::create(self, src, dest, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[], vec![]).op()
    }

    /// `tensor.empty(dynamic sizes) : tensor<shape x elem>`.
    pub fn empty(&mut self, sizes: &[Ofr], elem: Type) -> Value {
        let (shape, dyns) = self.split(sizes);
        let ty = self.ctx.tensor_type(shape, elem);
        EmptyOp::create(self, &dyns, &[ty], vec![]).result(self.ctx)
    }
}

/// The integer value of a constant op, if it has one.
fn v_key(ctx: &Context, op: OpId) -> Option<i128> {
    match ctx.get_attr_sym(op, crate::context::known_names::VALUE).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => Some(*value),
        Some(AttrKind::Bool(b)) => Some(*b as i128),
        _ => None,
    }
}

/// The expression for one operand: a constant, the expression of a
/// producing `affine.apply` (recursively, up to 8 deep), or a fresh dim
/// (its value appended to `vals` once).
fn operand_expr(ctx: &Context, o: Ofr, vals: &mut Vec<Value>, depth: usize) -> AffineExpr {
    let v = match o {
        Ofr::Const(c) => return AffineExpr::Const(c),
        Ofr::Val(v) => v,
    };
    if let Some(c) = crate::dialects::pack::constant_int(ctx, v) {
        return AffineExpr::Const(c);
    }
    if depth < 8 {
        if let Some(def) = ctx.defining_op(v) {
            if ApplyOp::isa(ctx, def) {
                if let Some(m) = crate::dialects::affine::op_map(ctx, def) {
                    let sub: SmallVec<[AffineExpr; 6]> =
                        ctx.operands(def).iter().map(|x| operand_expr(ctx, Ofr::Val(*x), vals, depth + 1)).collect();
                    let (d, s) = sub.split_at((m.num_dims as usize).min(sub.len()));
                    return m.results[0].replace(d, s);
                }
            }
        }
    }
    let idx = match vals.iter().position(|x| *x == v) {
        Some(i) => i,
        None => {
            vals.push(v);
            vals.len() - 1
        }
    };
    AffineExpr::Dim(idx as u32)
}

fn mark_dims(e: &AffineExpr, used: &mut [bool]) {
    match e {
        AffineExpr::Dim(i) => {
            if let Some(u) = used.get_mut(*i as usize) {
                *u = true;
            }
        }
        AffineExpr::Bin(_, l, r) => {
            mark_dims(l, used);
            mark_dims(r, used);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builder::InsertPoint;
    use crate::dialects::pack::{PackInfo, Tile};
    use crate::dialects::tensor::slice_view;
    use crate::parser::{parse_module, BufferStart};

    /// A context holding `@f(%t: tensor<8x?xf32>, %n: index)` and a builder
    /// position before its return.
    fn setup() -> (Context, OpId, Vec<Value>) {
        let mut ctx = Context::new();
        let text = "func.func @f(%t: tensor<8x?xf32>, %n: index) -> index {\n  return %n : index\n}\n";
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parse").module;
        let f = ctx.nested_ops(m)[0];
        let body = ctx.blocks(ctx.regions(f)[0])[0];
        let ret = ctx.last_op(body).expect("return");
        let args = ctx.block_args(body).to_vec();
        (ctx, ret, args)
    }

    #[test]
    fn affine_ops_fold_as_they_are_built() {
        let (mut ctx, ret, args) = setup();
        let loc = ctx.op_loc(ret);
        let mut b = Builder::new(&mut ctx, InsertPoint::Before(ret), loc);
        let plus = |c| AffineMap { num_dims: 1, num_syms: 0, results: vec![AffineExpr::Dim(0) + AffineExpr::Const(c)] };
        assert_eq!(b.affine_apply(&plus(2), &[Ofr::Const(3)]), Ofr::Const(5));
        assert_eq!(b.affine_apply(&plus(0), &[Ofr::Val(args[1])]), Ofr::Val(args[1]));
        assert!(b.created.is_empty(), "folded applies create nothing");
        let applied = b.affine_apply(&plus(1), &[Ofr::Val(args[1])]);
        assert_eq!(b.created.len(), 1);
        // Composing with the apply just made folds into one new apply.
        let again = b.affine_apply(&plus(1), &[applied]);
        assert_eq!(b.created.len(), 2);
        let Ofr::Val(v) = again else { panic!("expected a value") };
        let map = crate::dialects::affine::op_map(b.ctx, b.ctx.defining_op(v).unwrap()).unwrap();
        assert_eq!(map.results[0].as_const(), None);
        assert_eq!(b.ctx.operands(b.ctx.defining_op(v).unwrap()), &[args[1]]);
        let min = AffineMap { num_dims: 0, num_syms: 0, results: vec![AffineExpr::Const(7), AffineExpr::Const(4)] };
        assert_eq!(b.affine_min(&min, &[]), Ofr::Const(4));
        assert_eq!(b.affine_max(&min, &[]), Ofr::Const(7));
    }

    #[test]
    fn dims_and_slices_fold_when_static() {
        let (mut ctx, ret, args) = setup();
        let loc = ctx.op_loc(ret);
        let mut b = Builder::new(&mut ctx, InsertPoint::Before(ret), loc);
        assert_eq!(b.dim(args[0], 0), Ofr::Const(8));
        let Ofr::Val(n) = b.dim(args[0], 1) else { panic!("dynamic dim") };
        assert!(DimOp::defining(b.ctx, n).is_some());
        let s = b.extract_slice(args[0], &[Ofr::Const(2), Ofr::Val(args[1])], &[Ofr::Const(4), Ofr::Const(3)]);
        let slice = ExtractSliceOp::defining(b.ctx, s).expect("slice op");
        let view = slice_view(b.ctx, slice.op()).expect("view");
        assert_eq!(view.offsets.0, &[2, DYNAMIC]);
        assert_eq!(view.offsets.1, &[args[1]]);
        assert_eq!(view.sizes.0, &[4, 3]);
        assert_eq!(view.strides.0, &[1, 1]);
        assert_eq!(b.ctx.value_type_kind(s).shape(), Some(&[4, 3][..]));
        assert_eq!(b.split(&[Ofr::Const(1), Ofr::Val(args[1])]), (vec![1, DYNAMIC], vec![args[1]]));
        // Constants are uniqued at the function entry.
        assert_eq!(b.index_const(3), b.index_const(3));
    }

    #[test]
    fn pack_info_reads_every_operand_group() {
        let mut ctx = Context::new();
        let text = "func.func @f(%s: tensor<13x15xf32>, %d: tensor<4x?x8x?xf32>, %t: index, %p: f32) -> tensor<4x?x8x?xf32> {
  %0 = tensor.pack %s padding_value(%p : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, %t] into %d : tensor<13x15xf32> -> tensor<4x?x8x?xf32>
  return %0 : tensor<4x?x8x?xf32>
}
";
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parse").module;
        let pack = ctx.nested_ops(m)[1];
        let args = ctx.block_args(ctx.blocks(ctx.regions(ctx.nested_ops(m)[0])[0])[0]).to_vec();
        let info = PackInfo::read(&ctx, pack).expect("pack");
        assert!(info.is_pack);
        assert_eq!((info.source, info.dest, info.padding_value), (args[0], args[1], Some(args[3])));
        assert_eq!(info.inner_dims_pos.as_slice(), &[1, 0]);
        assert_eq!(info.outer_dims_perm.as_slice(), &[1, 0]);
        assert_eq!(info.mixed_tiles().as_slice(), &[Tile::Const(8), Tile::Value(args[2])]);
        assert_eq!((info.unpacked(), info.packed()), (args[0], args[1]));
        assert!(PackInfo::read(&ctx, ctx.nested_ops(m)[2]).is_none(), "a return is not a pack");
    }
}
