//! The rewrite after the analysis: every tensor op becomes memref ops at
//! its place, as MLIR 22's `bufferizeOp` builds them (op for op: allocs
//! aligned to 64 bytes, `memref.subview` + `memref.copy` for slices,
//! dynamic sizes read with `memref.dim`, constants as private globals,
//! `memref.cast` to the loop's or the branch's buffer type).

use rustc_hash::FxHashMap;
use tessel_ir::affine::{AffineExpr, AffineMap};
use tessel_ir::attrs::AttrKind;
use tessel_ir::builder::{Builder, InsertPoint};
use tessel_ir::context::{OpSpec, ValueDef};
use tessel_ir::dialects;
use tessel_ir::dialects::bufferization::{ToBufferOp, ToTensorOp};
use tessel_ir::dialects::linalg_map::MapOp;
use tessel_ir::dialects::memref::layout::{self, memref_parts, memref_type, Strided};
use tessel_ir::dialects::memref::{AllocOp, CastOp, CollapseShapeOp, CopyOp, DimOp, ExpandShapeOp, SubViewOp};
use tessel_ir::dialects::scf::{ForOp, ForallOp};
use tessel_ir::dialects::tensor as tensor_d;
use tessel_ir::types::{TypeKind, DYNAMIC};
use tessel_ir::{Attr, Context, Diagnostic, Loc, OpId, Type, Value};

use super::analysis::Analysis;
use super::model::{self, is_tensor, Kind, Model, Use};
use super::{BufferizeOptions, LayoutChoice};

/// Rewrites tensor ops into memref ops.
pub struct Rewriter<'a> {
    pub ctx: &'a mut Context,
    pub analysis: &'a Analysis,
    pub opts: &'a BufferizeOptions,
    /// The module, where constants become globals.
    pub module: OpId,
    /// The buffer of each tensor value bufferized so far.
    pub buffers: FxHashMap<Value, Value>,
    /// Tensor ops replaced, erased at the end (last first).
    pub replaced: Vec<OpId>,
    /// Globals made for constants, by value attribute.
    pub globals: FxHashMap<Attr, String>,
    /// The tensor types of values retyped into their own buffers.
    pub tensor_types: FxHashMap<Value, Type>,
    /// The functions analyzed so far, for calls.
    pub calls: Option<&'a model::Summaries>,
}

/// A fully dynamic strided layout of `rank` dims.
pub fn fully_dynamic(rank: usize) -> Strided {
    Strided { strides: vec![DYNAMIC; rank], offset: DYNAMIC }
}

/// The memref type of a ranked tensor type with `layout` (None: identity).
pub fn memref_for(ctx: &mut Context, tensor: Type, layout: LayoutChoice) -> Type {
    match ctx.type_kind(tensor).clone() {
        TypeKind::Tensor { shape, elem, .. } => {
            let l = match layout {
                LayoutChoice::Identity => None,
                LayoutChoice::FullyDynamic | LayoutChoice::Infer => Some(fully_dynamic(shape.len())),
            };
            memref_type(ctx, shape, elem, l.as_ref(), None)
        }
        TypeKind::UnrankedTensor { elem } => ctx.ty(TypeKind::UnrankedMemRef { elem, memory_space: None }),
        _ => tensor,
    }
}

impl Rewriter<'_> {
    fn model(&self) -> Model<'_> {
        Model { ctx: self.ctx, function_boundaries: self.opts.function_boundaries, calls: self.calls }
    }

    pub(super) fn builder(&mut self, ip: InsertPoint, loc: Loc) -> Builder<'_> {
        Builder::new(self.ctx, ip, loc)
    }

    /// Whether `v` is a tensor, or was one before it was retyped into its
    /// own buffer (function arguments, loop-carried values).
    pub fn tensorish(&self, v: Value) -> bool {
        is_tensor(self.ctx, v) || self.buffers.get(&v) == Some(&v)
    }

    /// The buffer of tensor `v`: bufferized already, or a
    /// `bufferization.to_buffer` of it (a function argument without
    /// function boundaries, a result of an op left alone).
    ///
    /// As MLIR's `getBuffer`, every request for a value that was not
    /// bufferized makes its own `to_buffer` (at the top of the block for an
    /// argument, right after the op otherwise).
    pub fn buffer(&mut self, v: Value) -> Value {
        if let Some(b) = self.buffers.get(&v) {
            return *b;
        }
        let ty = memref_for(self.ctx, self.ctx.value_type(v), self.opts.unknown_layout);
        let (ip, loc) = match self.ctx.value_def(v) {
            ValueDef::BlockArg { block, .. } => {
                let loc = self.ctx.block_arg_loc(v).unwrap_or_else(|| self.ctx.unknown_loc());
                match self.ctx.first_op(block) {
                    Some(f) => (InsertPoint::Before(f), loc),
                    None => (InsertPoint::End(block), loc),
                }
            }
            ValueDef::Result { op, .. } => {
                let loc = self.ctx.op_loc(op);
                match self.ctx.next_op(op) {
                    Some(n) => (InsertPoint::Before(n), loc),
                    None => (InsertPoint::End(self.ctx.op_block(op).expect("op in a block")), loc),
                }
            }
            ValueDef::Detached => unreachable!("a detached tensor"),
        };
        let mut b = self.builder(ip, loc);
        ToBufferOp::create(&mut b, v, false, &[ty], vec![]).memref(b.ctx)
    }

    /// Dynamic sizes of `buf` read with `memref.dim` (a constant index
    /// made for each, as MLIR's builders do before any folding).
    fn dynamic_sizes(&mut self, ip: InsertPoint, loc: Loc, buf: Value) -> Vec<Value> {
        let Some(parts) = memref_parts(self.ctx, self.ctx.value_type(buf)) else { return vec![] };
        let mut b = self.builder(ip, loc);
        let index = b.ctx.index_type();
        let mut sizes = Vec::new();
        for (d, s) in parts.shape.iter().enumerate() {
            if *s == DYNAMIC {
                let c = b.int_const_here(d as i128, index);
                sizes.push(DimOp::create(&mut b, buf, c, &[index], vec![]).result(b.ctx));
            }
        }
        sizes
    }

    /// `memref.alloc(sizes) {alignment = 64 : i64}` of `ty`'s shape with an
    /// identity layout.
    pub fn alloc(&mut self, ip: InsertPoint, loc: Loc, shape_of: Type, sizes: &[Value]) -> Value {
        let parts = memref_parts(self.ctx, shape_of);
        let ty = match (parts, self.ctx.type_kind(shape_of).clone()) {
            (Some(p), _) => memref_type(self.ctx, p.shape, p.elem, None, p.memory_space),
            (None, TypeKind::Tensor { shape, elem, .. }) => memref_type(self.ctx, shape, elem, None, None),
            _ => shape_of,
        };
        let i64t = self.ctx.int_type(64);
        let align = self.ctx.int_attr(64, i64t);
        let mut b = self.builder(ip, loc);
        AllocOp::create(&mut b, sizes, &[], Some(align), &[ty], vec![]).memref(b.ctx)
    }

    /// A new buffer like `buf` (sizes read from it), copied from it when
    /// `copy`.
    fn alloc_like(&mut self, ip: InsertPoint, loc: Loc, buf: Value, copy: bool) -> Value {
        let sizes = self.dynamic_sizes(ip, loc, buf);
        let ty = self.ctx.value_type(buf);
        let a = self.alloc(ip, loc, ty, &sizes);
        if copy {
            let mut b = self.builder(ip, loc);
            CopyOp::create(&mut b, buf, a, &[], vec![]);
        }
        a
    }

    /// The buffer operand `u` uses: its value's buffer in place, or a copy
    /// made before the op (no copy when the old contents are never read).
    pub fn operand_buffer(&mut self, u: Use) -> Value {
        let v = self.ctx.operands(u.0)[u.1];
        if self.analysis.in_place.contains(&u) || !self.model().writes(u) {
            return self.buffer(v);
        }
        let copy = self.analysis.copied.contains(&u);
        let loc = self.ctx.op_loc(u.0);
        let here = InsertPoint::Before(u.0);
        let dynamic = match self.ctx.value_type_kind(v) {
            TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } => shape.contains(&DYNAMIC),
            _ => true,
        };
        if !copy && !dynamic {
            let ty = self.ctx.value_type(v);
            return self.alloc(here, loc, ty, &[]);
        }
        if !copy {
            if let Some(sizes) = self.reified_sizes(v) {
                let ty = self.ctx.value_type(v);
                return self.alloc(here, loc, ty, &sizes);
            }
        }
        let buf = self.buffer(v);
        self.alloc_like(here, loc, buf, copy)
    }

    /// The dynamic sizes of `v` as the op that made it knows them (MLIR's
    /// `reifyResultShapes`): a slice's size operands, an empty tensor's.
    pub(super) fn reified_sizes(&self, v: Value) -> Option<Vec<Value>> {
        let op = self.ctx.defining_op(v)?;
        if tensor_d::EmptyOp::isa(self.ctx, op) {
            return Some(self.ctx.operands(op).to_vec());
        }
        if tensor_d::ExtractSliceOp::isa(self.ctx, op) {
            let sv = tensor_d::slice_view(self.ctx, op)?;
            let TypeKind::Tensor { shape, .. } = self.ctx.value_type_kind(v) else { return None };
            // Only when no dim is dropped: the dynamic sizes are the result's.
            if shape.len() != sv.sizes.0.len() {
                return None;
            }
            return Some(sv.sizes.1.to_vec());
        }
        None
    }

    /// `memref.subview` of `source` with a slice's offsets, sizes and
    /// strides, of type `ty`.
    fn subview(&mut self, ip: InsertPoint, loc: Loc, source: Value, sv: &tensor_d::SliceParams, ty: Type) -> Value {
        let mut b = self.builder(ip, loc);
        let (o, s, st) = (&sv.offsets, &sv.sizes, &sv.strides);
        SubViewOp::create(&mut b, source, &o.1, &s.1, &st.1, &o.0, &s.0, &st.0, &[ty], vec![]).result(b.ctx)
    }

    /// Records that tensor op `op` is replaced, its results by `bufs`.
    pub(super) fn replace(&mut self, op: OpId, bufs: &[Value]) {
        let results = self.ctx.results(op).to_vec();
        for (r, b) in results.iter().zip(bufs) {
            self.buffers.insert(*r, *b);
        }
        self.replaced.push(op);
    }

    /// Bufferizes one op.
    pub fn bufferize_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let Some(k) = self.model().kind(op) else { return Ok(()) };
        let loc = self.ctx.op_loc(op);
        let here = InsertPoint::Before(op);
        match k {
            Kind::Empty => {
                // No buffer when nothing will use it: no uses, or only
                // writes that get new buffers of their own, uncopied (22's
                // copies replace the uses before the empty is bufferized).
                let r = self.ctx.result(op, 0);
                let unused = self.ctx.uses(r).iter().all(|u| {
                    let u = (u.op, u.operand as usize);
                    !self.analysis.in_place.contains(&u) && !self.analysis.copied.contains(&u) && self.model().writes(u)
                });
                if unused {
                    self.replace(op, &[]);
                    return Ok(());
                }
                let sizes = self.ctx.operands(op).to_vec();
                let ty = self.ctx.value_type(self.ctx.result(op, 0));
                let a = self.alloc(here, loc, ty, &sizes);
                self.replace(op, &[a]);
            }
            Kind::Constant => {
                let r = self.ctx.result(op, 0);
                if !self.tensorish(r) {
                    return Ok(());
                }
                let g = self.global_for(op)?;
                self.replace(op, &[g]);
            }
            Kind::ExtractSlice => self.extract_slice(op, loc)?,
            Kind::InsertSlice | Kind::ParallelInsertSlice => self.insert_slice(op, k, loc)?,
            Kind::Reshape => self.reshape(op, loc)?,
            Kind::Metadata => {
                let src = self.buffer(self.ctx.operands(op)[0]);
                let mut b = self.builder(here, loc);
                let r = b.ctx.result(op, 0);
                let ty = b.ctx.value_type(r);
                let new = if tensor_d::DimOp::isa(b.ctx, op) {
                    let idx = b.ctx.operands(op)[1];
                    DimOp::create(&mut b, src, idx, &[ty], vec![]).result(b.ctx)
                } else {
                    let o = b.op(dialects::memref::RankOp::NAME, &[src], &[ty], &[]);
                    b.ctx.result(o, 0)
                };
                self.ctx.replace_all_uses(r, new);
                self.replaced.push(op);
            }
            Kind::Read => {
                let buf = self.buffer(self.ctx.operands(op)[0]);
                if tensor_d::ExtractOp::isa(self.ctx, op) {
                    let idx = self.ctx.operands(op)[1..].to_vec();
                    let r = self.ctx.result(op, 0);
                    let ty = self.ctx.value_type(r);
                    let mut ops = vec![buf];
                    ops.extend(idx);
                    let mut b = self.builder(here, loc);
                    let l = b.op(dialects::memref::LoadOp::NAME, &ops, &[ty], &[]);
                    let new = b.ctx.result(l, 0);
                    self.ctx.replace_all_uses(r, new);
                    self.replaced.push(op);
                } else {
                    self.ctx.set_operand(op, 0, buf);
                }
            }
            Kind::WriteDest => {
                let d = model::dest_index(self.ctx, op);
                let buf = self.operand_buffer((op, d));
                let mut operands = self.ctx.operands(op).to_vec();
                operands[d] = buf;
                let insert = tensor_d::InsertOp::isa(self.ctx, op);
                let name = if insert { dialects::memref::StoreOp::NAME } else { self.ctx.op_name(op) };
                let name = name.to_string();
                let mut attrs = self.ctx.op(op).attrs.clone();
                if insert {
                    attrs = Default::default();
                }
                self.recreate(op, &name, operands, attrs);
                self.replace(op, &[buf]);
            }
            Kind::Structured => {
                let mut operands = self.ctx.operands(op).to_vec();
                let outs = model::structured_outs(self.ctx, op);
                for (i, v) in operands.iter_mut().enumerate() {
                    if self.tensorish(*v) {
                        *v = if outs.contains(&i) { self.operand_buffer((op, i)) } else { self.buffer(*v) };
                    }
                }
                let bufs: Vec<Value> = outs.clone().map(|i| operands[i]).collect();
                let name = self.ctx.op_name(op).to_string();
                let attrs = self.ctx.op(op).attrs.clone();
                self.recreate(op, &name, operands, attrs);
                self.replace(op, &bufs);
            }
            Kind::Pad => self.pad(op, loc)?,
            Kind::Pack => self.pack_or_unpack(op, loc)?,
            Kind::Call => self.call(op, loc)?,
            Kind::Generate => self.generate(op, loc)?,
            Kind::For => self.for_op(op)?,
            Kind::Forall => self.forall_op(op, loc)?,
            Kind::If => {} // settled by the yield of its last branch
            Kind::Yield => self.yield_op(op)?,
            Kind::Return => self.return_op(op)?,
            Kind::ToTensor => {
                let m = self.ctx.operands(op)[0];
                self.replace(op, &[m]);
            }
            Kind::ToBuffer => {
                let t = self.ctx.operands(op)[0];
                let buf = self.buffer(t);
                let r = self.ctx.result(op, 0);
                let (bt, rt) = (self.ctx.value_type(buf), self.ctx.value_type(r));
                let new = if bt == rt {
                    buf
                } else {
                    let mut b = self.builder(here, loc);
                    CastOp::create(&mut b, buf, &[rt], vec![]).dest(b.ctx)
                };
                self.ctx.replace_all_uses(r, new);
                self.replaced.push(op);
            }
            Kind::Materialize => {
                let src = self.buffer(self.ctx.operands(op)[0]);
                let dest_v = self.ctx.operands(op)[1];
                let dest = if self.tensorish(dest_v) { self.operand_buffer((op, 1)) } else { dest_v };
                let mut b = self.builder(here, loc);
                CopyOp::create(&mut b, src, dest, &[], vec![]);
                let bufs = if self.ctx.results(op).is_empty() { vec![] } else { vec![dest] };
                self.replace(op, &bufs);
            }
            Kind::FromElements => {
                let r = self.ctx.result(op, 0);
                let ty = self.ctx.value_type(r);
                let TypeKind::Tensor { shape, .. } = self.ctx.type_kind(ty).clone() else { return Ok(()) };
                let a = self.alloc(here, loc, ty, &[]);
                let elems = self.ctx.operands(op).to_vec();
                let mut b = self.builder(here, loc);
                let index = b.ctx.index_type();
                let total: i64 = shape.iter().product();
                for (lin, e) in (0..total).zip(elems) {
                    let mut idx = Vec::with_capacity(shape.len());
                    let mut rest = lin;
                    for d in shape.iter().rev() {
                        idx.push(rest % d);
                        rest /= d;
                    }
                    idx.reverse();
                    let mut ops = vec![e, a];
                    for i in idx {
                        ops.push(b.int_const_here(i as i128, index));
                    }
                    b.op(dialects::memref::StoreOp::NAME, &ops, &[], &[]);
                }
                self.replace(op, &[a]);
            }
        }
        Ok(())
    }

    /// `func.call` of a bufferized function: its operands' buffers (cast
    /// to the callee's argument types where they differ), its results the
    /// callee's buffers.
    fn call(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let here = InsertPoint::Before(op);
        let name = model::callee_name(self.ctx, op).ok_or_else(|| Diagnostic::error(loc, "a call without a callee"))?;
        let callee = super::find_function(self.ctx, self.module, &name)
            .ok_or_else(|| Diagnostic::error(loc, format!("'{name}' does not reference a valid function")))?;
        let Some(AttrKind::Type(fty)) =
            self.ctx.get_attr(callee, "function_type").map(|a| self.ctx.attr_kind(a).clone())
        else {
            return Err(Diagnostic::error(loc, "a callee without a function type"));
        };
        let TypeKind::Function { inputs, results } = self.ctx.type_kind(fty).clone() else {
            return Err(Diagnostic::error(loc, "a callee without a function type"));
        };
        let mut operands = self.ctx.operands(op).to_vec();
        let originals = operands.clone();
        // Results copied instead of their operand (22's choice for an
        // operand that is not written and has one alias), with whether the
        // copy keeps the contents.
        let mut copied_results: Vec<(usize, bool)> = Vec::new();
        for (i, v) in operands.iter_mut().enumerate() {
            if !self.tensorish(*v) {
                continue;
            }
            let u = (op, i);
            let aliases = self.model().aliasing_results(u);
            // (The arguments are memrefs by now: `tensorish`, not the type.)
            let one_operand = |rw: &Self, r: Value| {
                (0..originals.len())
                    .filter(|j| {
                        rw.tensorish(originals[*j])
                            && rw.model().aliasing_results((op, *j)).iter().any(|(x, _)| *x == r)
                    })
                    .count()
                    == 1
            };
            let copy_result = !self.analysis.in_place.contains(&u)
                && !self.model().writes(u)
                && aliases.len() == 1
                && one_operand(self, aliases[0].0);
            let buf = if copy_result {
                let r = aliases[0].0;
                let k = self.ctx.results(op).iter().position(|x| *x == r).expect("a result of the call");
                copied_results.push((k, self.analysis.copied.contains(&u)));
                self.buffer(*v)
            } else {
                self.operand_buffer(u)
            };
            *v = match inputs.get(i) {
                Some(t) if *t != self.ctx.value_type(buf) => {
                    let mut b = self.builder(here, loc);
                    CastOp::create(&mut b, buf, &[*t], vec![]).dest(b.ctx)
                }
                _ => buf,
            };
        }
        let spec = OpSpec {
            name: self.ctx.op(op).name,
            operands: operands.into_iter().collect(),
            result_types: results.into_iter().collect(),
            attrs: self.ctx.op(op).attrs.clone(),
            regions: vec![],
            successors: vec![],
            loc,
        };
        let new = self.ctx.create_op(spec);
        self.ctx.insert_op_before(op, new);
        for (k, r) in self.ctx.results(op).to_vec().into_iter().enumerate() {
            let nr = self.ctx.result(new, k);
            if self.tensorish(r) {
                self.buffers.insert(r, nr);
            } else {
                self.ctx.replace_all_uses(r, nr);
            }
        }
        for (k, copy) in copied_results {
            let r = self.ctx.results(op)[k];
            let nr = self.ctx.result(new, k);
            let c = self.alloc_like(here, loc, nr, copy);
            self.buffers.insert(r, c);
        }
        self.replaced.push(op);
        Ok(())
    }

    /// A new op named `name` at `op`'s place with `operands`, `op`'s
    /// non-tensor results and its regions.
    fn recreate(&mut self, op: OpId, name: &str, operands: Vec<Value>, attrs: tessel_ir::context::AttrMap) -> OpId {
        let results: Vec<Value> = self.ctx.results(op).iter().copied().filter(|r| !self.tensorish(*r)).collect();
        let result_types = results.iter().map(|r| self.ctx.value_type(*r)).collect();
        let regions = self.ctx.take_regions(op);
        let spec = OpSpec {
            name: self.ctx.sym(name),
            operands: operands.into_iter().collect(),
            result_types,
            attrs,
            regions,
            successors: vec![],
            loc: self.ctx.op_loc(op),
        };
        let new = self.ctx.create_op(spec);
        self.ctx.insert_op_before(op, new);
        for (k, r) in results.iter().enumerate() {
            let nr = self.ctx.result(new, k);
            self.ctx.replace_all_uses(*r, nr);
        }
        new
    }

    fn extract_slice(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let src = self.buffer(self.ctx.operands(op)[0]);
        let sv = tensor_d::slice_params(self.ctx, op).expect("a verified slice");
        let res_t = self.ctx.value_type(self.ctx.result(op, 0));
        let TypeKind::Tensor { shape: want, .. } = self.ctx.type_kind(res_t).clone() else { return Ok(()) };
        let ty = subview_result_type(self.ctx, self.ctx.value_type(src), &sv, &want)
            .ok_or_else(|| Diagnostic::error(loc, "could not infer the subview's layout"))?;
        let view = self.subview(InsertPoint::Before(op), loc, src, &sv, ty);
        let u = (op, 0);
        let result = if self.analysis.in_place.contains(&u) {
            view
        } else {
            let copy = self.analysis.copied.contains(&u);
            match self.reified_sizes(self.ctx.result(op, 0)) {
                Some(sizes) if !copy => {
                    let ty = self.ctx.value_type(view);
                    self.alloc(InsertPoint::Before(op), loc, ty, &sizes)
                }
                _ => self.alloc_like(InsertPoint::Before(op), loc, view, copy),
            }
        };
        self.replace(op, &[result]);
        Ok(())
    }

    fn insert_slice(&mut self, op: OpId, k: Kind, loc: Loc) -> Result<(), Diagnostic> {
        let src = self.buffer(self.ctx.operands(op)[0]);
        let dest = self.operand_buffer((op, 1));
        let sv = tensor_d::slice_params(self.ctx, op).expect("a verified slice");
        // The source's shape (a retyped argument is a memref already).
        let want = match self.ctx.value_type_kind(self.ctx.operands(op)[0]) {
            TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } => shape.clone(),
            _ => sv.sizes.0.clone(),
        };
        let ty = subview_result_type(self.ctx, self.ctx.value_type(dest), &sv, &want)
            .ok_or_else(|| Diagnostic::error(loc, "could not infer the subview's layout"))?;
        // parallel_insert_slice writes at the end of the forall body.
        let ip = if k == Kind::ParallelInsertSlice {
            InsertPoint::Before(self.ctx.parent_op(op).expect("in an scf.forall.in_parallel"))
        } else {
            InsertPoint::Before(op)
        };
        let view = self.subview(ip, loc, dest, &sv, ty);
        let mut b = self.builder(ip, loc);
        CopyOp::create(&mut b, src, view, &[], vec![]);
        let bufs = if k == Kind::InsertSlice { vec![dest] } else { vec![] };
        self.replace(op, &bufs);
        Ok(())
    }

    fn reshape(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let here = InsertPoint::Before(op);
        let mut src = self.buffer(self.ctx.operands(op)[0]);
        let res_t = self.ctx.value_type(self.ctx.result(op, 0));
        let new = if tessel_ir::dialects::tensor_more::ReshapeOp::isa(self.ctx, op) {
            // As 22's: the source's buffer, the shape's, and, since
            // memref.reshape needs an identity layout, a copy of another
            // source into a new buffer.
            let shape = self.buffer(self.ctx.operands(op)[1]);
            if !layout::has_identity_layout(self.ctx, self.ctx.value_type(src)) {
                let again = self.buffer(self.ctx.operands(op)[0]);
                src = self.alloc_like(here, loc, again, true);
            }
            let space = memref_parts(self.ctx, self.ctx.value_type(src)).and_then(|p| p.memory_space);
            let ty = memref_for(self.ctx, res_t, LayoutChoice::Identity);
            let ty = match (space, self.ctx.type_kind(ty).clone()) {
                (Some(s), TypeKind::MemRef { shape, elem, layout, .. }) => {
                    self.ctx.ty(TypeKind::MemRef { shape, elem, layout, memory_space: Some(s) })
                }
                _ => ty,
            };
            let mut b = self.builder(here, loc);
            let r = b.op(tessel_ir::dialects::memref::ReshapeOp::NAME, &[src, shape], &[ty], &[]);
            b.ctx.result(r, 0)
        } else if tensor_d::CastOp::isa(self.ctx, op) {
            let src_t = self.ctx.value_type(src);
            let layout = if layout::has_identity_layout(self.ctx, src_t) {
                LayoutChoice::Identity
            } else {
                LayoutChoice::FullyDynamic
            };
            let ty = memref_for(self.ctx, res_t, layout);
            let mut b = self.builder(here, loc);
            CastOp::create(&mut b, src, &[ty], vec![]).dest(b.ctx)
        } else {
            let reassoc = self.ctx.get_attr(op, "reassociation");
            let groups = reassociation_groups(self.ctx, reassoc);
            let TypeKind::Tensor { shape, .. } = self.ctx.type_kind(res_t).clone() else { return Ok(()) };
            if tensor_d::ExpandShapeOp::isa(self.ctx, op) {
                let src_t = self.ctx.value_type(src);
                let ty = layout::expanded_type(self.ctx, src_t, &shape, &groups)
                    .ok_or_else(|| Diagnostic::error(loc, "could not infer the expanded layout"))?;
                let dyn_shape = self.ctx.operands(op)[1..].to_vec();
                let mut b = self.builder(here, loc);
                ExpandShapeOp::create(&mut b, src, &dyn_shape, reassoc, &shape, &[ty], vec![]).result(b.ctx)
            } else {
                if !guaranteed_collapsible(self.ctx, self.ctx.value_type(src), &groups) {
                    // As 22: the copy (an alloc_tensor of the source, made in
                    // tensor land) asks for the source's buffer again.
                    let again = self.buffer(self.ctx.operands(op)[0]);
                    src = self.alloc_like(here, loc, again, true);
                }
                let src_t = self.ctx.value_type(src);
                let parts = memref_parts(self.ctx, src_t).expect("a memref");
                let l = if layout::has_identity_layout(self.ctx, src_t) {
                    None
                } else {
                    layout::collapsed_layout(self.ctx, src_t, &groups)
                };
                let ty = memref_type(self.ctx, shape, parts.elem, l.as_ref(), parts.memory_space);
                let mut b = self.builder(here, loc);
                CollapseShapeOp::create(&mut b, src, reassoc, &[ty], vec![]).result(b.ctx)
            }
        };
        // Out of place (the view would be written where its source may not
        // be): the result is copied, as 22 copies the OpResult of an op that
        // only makes an alias.
        let new = if self.analysis.in_place.contains(&(op, 0)) {
            new
        } else {
            let copy = self.analysis.copied.contains(&(op, 0));
            self.alloc_like(here, loc, new, copy)
        };
        self.replace(op, &[new]);
        Ok(())
    }

    /// `tensor.pad`, as MLIR 22's `PadOpInterface::bufferize` builds it
    /// (in tensor land, then bufferized): the result sizes (computed twice,
    /// once for the body and once for the allocation), an allocation, a
    /// `linalg.map` whose body is the pad's (its arguments become
    /// `linalg.index` ops), and the source copied into the subview at the
    /// low padding.
    fn pad(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let here = InsertPoint::Before(op);
        let src = self.ctx.operands(op)[0];
        let res = self.ctx.result(op, 0);
        let arr = |ctx: &Context, n: &str| ctx.get_attr(op, n).and_then(|a| ctx.as_i64_array(a)).map(<[i64]>::to_vec);
        let (Some(static_low), Some(static_high)) = (arr(self.ctx, "static_low"), arr(self.ctx, "static_high")) else {
            return Err(Diagnostic::error(loc, "a pad without static_low/static_high"));
        };
        let n_low = static_low.iter().filter(|d| **d == DYNAMIC).count();
        let dyn_ops = self.ctx.operands(op)[1..].to_vec();
        // Constant operands count as static (MLIR's getAsOpFoldResult).
        let fold = |ctx: &Context, o: tessel_ir::builder::Ofr| match o {
            tessel_ir::builder::Ofr::Val(v) => {
                tessel_ir::dialects::pack::constant_int(ctx, v).map_or(o, tessel_ir::builder::Ofr::Const)
            }
            c => c,
        };
        let low: Vec<_> = tessel_ir::builder::Ofr::mixed(&static_low, &dyn_ops[..n_low])
            .into_iter()
            .map(|o| fold(self.ctx, o))
            .collect();
        let high: Vec<_> = tessel_ir::builder::Ofr::mixed(&static_high, &dyn_ops[n_low..])
            .into_iter()
            .map(|o| fold(self.ctx, o))
            .collect();
        let res_shape = match self.ctx.value_type_kind(res) {
            TypeKind::Tensor { shape, .. } => shape.clone(),
            _ => return Err(Diagnostic::error(loc, "a pad of an unranked tensor")),
        };
        let src_shape = match self.ctx.value_type_kind(src) {
            TypeKind::Tensor { shape, .. } | TypeKind::MemRef { shape, .. } => shape.clone(),
            _ => return Err(Diagnostic::error(loc, "a pad of an unranked tensor")),
        };
        let index = self.ctx.index_type();
        let sum = AffineMap {
            num_dims: 0,
            num_syms: 3,
            results: vec![AffineExpr::Sym(0) + AffineExpr::Sym(1) + AffineExpr::Sym(2)],
        };
        // The body's sizes (unused, as 22 leaves them).
        for i in (0..res_shape.len()).filter(|i| res_shape[*i] == DYNAMIC) {
            let buf = self.buffer(src);
            let mut b = self.builder(here, loc);
            let c = b.int_const_here(i as i128, index);
            let d = DimOp::create(&mut b, buf, c, &[index], vec![]).result(b.ctx);
            let l = ofr_value_here(&mut b, low[i]);
            let h = ofr_value_here(&mut b, high[i]);
            let m = b.ctx.attr(tessel_ir::attrs::AttrKind::AffineMap(sum.clone()));
            b.op(dialects::affine::ApplyOp::NAME, &[d, l, h], &[index], &[("map", m)]);
        }
        // The allocation's sizes (the pad's reifyResultShapes, folded).
        let mut sizes = Vec::new();
        for i in (0..res_shape.len()).filter(|i| res_shape[*i] == DYNAMIC) {
            let d = if src_shape[i] == DYNAMIC {
                let buf = self.buffer(src);
                let mut b = self.builder(here, loc);
                let c = b.int_const_here(i as i128, index);
                tessel_ir::builder::Ofr::Val(DimOp::create(&mut b, buf, c, &[index], vec![]).result(b.ctx))
            } else {
                tessel_ir::builder::Ofr::Const(src_shape[i])
            };
            let mut b = self.builder(here, loc);
            let s = b.affine_apply(&sum_over_symbols(), &[d, low[i], high[i]]);
            sizes.push(b.value(s));
        }
        let res_t = self.ctx.value_type(res);
        let alloc = self.alloc(here, loc, res_t, &sizes);
        // The map over the allocation, with the pad's body.
        let region = self.ctx.take_regions(op)[0];
        self.map_of_body(here, loc, alloc, region);
        // The source, copied into the middle.
        let mut size_ofrs = Vec::new();
        for (i, d) in src_shape.iter().enumerate() {
            if *d == DYNAMIC {
                let buf = self.buffer(src);
                let mut b = self.builder(here, loc);
                let c = b.int_const_here(i as i128, index);
                size_ofrs
                    .push(tessel_ir::builder::Ofr::Val(DimOp::create(&mut b, buf, c, &[index], vec![]).result(b.ctx)));
            } else {
                size_ofrs.push(tessel_ir::builder::Ofr::Const(*d));
            }
        }
        let src_buf = self.buffer(src);
        let mut b = self.builder(here, loc);
        let (o_static, o_vals) = b.split(&low);
        let (s_static, s_vals) = b.split(&size_ofrs);
        let ones = vec![1; src_shape.len()];
        let sv =
            tensor_d::SliceParams { offsets: (o_static, o_vals), sizes: (s_static, s_vals), strides: (ones, vec![]) };
        let alloc_t = b.ctx.value_type(alloc);
        let ty = subview_result_type(b.ctx, alloc_t, &sv, &src_shape)
            .ok_or_else(|| Diagnostic::error(loc, "could not infer the subview's layout"))?;
        let view = self.subview(here, loc, alloc, &sv, ty);
        let mut b = self.builder(here, loc);
        CopyOp::create(&mut b, src_buf, view, &[], vec![]);
        self.replace(op, &[alloc]);
        Ok(())
    }

    /// `linalg.map outs(alloc)` whose body is `region`'s (a pad's or a
    /// generate's): its index arguments become `linalg.index` ops and its
    /// `tensor.yield` a `linalg.yield`, as MLIR 22's
    /// `lowerGenerateLikeOpBody` builds it.
    fn map_of_body(&mut self, here: InsertPoint, loc: Loc, alloc: Value, old_region: tessel_ir::RegionId) {
        let index = self.ctx.index_type();
        let alloc_t = self.ctx.value_type(alloc);
        let elem = tessel_ir::dialects::structured::element_type(self.ctx, alloc_t);
        let old_block = self.ctx.blocks(old_region)[0];
        let region = self.ctx.create_region();
        let block = self.ctx.append_block(region);
        self.ctx.add_block_arg_at(block, elem, loc);
        {
            let mut b = self.builder(here, loc);
            MapOp::create(&mut b, &[], alloc, &[], vec![region]);
        }
        let i64t = self.ctx.int_type(64);
        for (d, arg) in self.ctx.block_args(old_block).to_vec().into_iter().enumerate() {
            let dim = self.ctx.int_attr(d as i128, i64t);
            let mut b = self.builder(InsertPoint::End(block), loc);
            let ix = b.op(dialects::structured::IndexOp::NAME, &[], &[index], &[("dim", dim)]);
            let v = b.ctx.result(ix, 0);
            self.ctx.replace_all_uses(arg, v);
        }
        for o in self.ctx.block_op_list(old_block) {
            self.ctx.unlink_op(o);
            if dialects::tensor::YieldOp::isa(self.ctx, o) {
                let v = self.ctx.operands(o)[0];
                let yl = self.ctx.op_loc(o);
                self.ctx.erase_op(o);
                let mut b = self.builder(InsertPoint::End(block), yl);
                b.op(dialects::linalg::YieldOp::NAME, &[v], &[], &[]);
            } else {
                self.ctx.append_op(block, o);
            }
        }
    }

    /// `tensor.generate`, as MLIR 22 bufferizes it: an allocation sized by
    /// its extents and a `linalg.map` of its body.
    fn generate(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let here = InsertPoint::Before(op);
        let sizes = self.ctx.operands(op).to_vec();
        let ty = self.ctx.value_type(self.ctx.result(op, 0));
        let alloc = self.alloc(here, loc, ty, &sizes);
        let region = self.ctx.take_regions(op)[0];
        self.map_of_body(here, loc, alloc, region);
        self.replace(op, &[alloc]);
        Ok(())
    }

    /// `scf.for`: the same loop over buffers (its results, block arguments
    /// and inits retyped in place).
    fn for_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let n = ForOp(op).init_args(self.ctx).len();
        let body = self.ctx.blocks(self.ctx.regions(op)[0])[0];
        for k in 0..n {
            let init = self.ctx.operands(op)[3 + k];
            if !self.tensorish(init) {
                continue;
            }
            let buf = self.operand_buffer((op, 3 + k));
            let ty = self.ctx.value_type(buf);
            self.ctx.set_operand(op, 3 + k, buf);
            let arg = self.ctx.block_args(body)[1 + k];
            let res = self.ctx.result(op, k);
            self.retype(arg, ty);
            self.retype(res, ty);
        }
        Ok(())
    }

    /// A tensor value becomes its own buffer, retyped; uses by ops left
    /// alone read it through a `bufferization.to_tensor`.
    fn retype(&mut self, v: Value, ty: Type) {
        let tensor_t = self.ctx.value_type(v);
        let leftover: Vec<(OpId, usize)> = self
            .ctx
            .uses(v)
            .iter()
            .map(|u| (u.op, u.operand as usize))
            .filter(|(o, _)| self.model().kind(*o).is_none())
            .collect();
        self.tensor_types.insert(v, tensor_t);
        self.ctx.set_value_type(v, ty);
        self.buffers.insert(v, v);
        if leftover.is_empty() {
            return;
        }
        let (ip, loc) = match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => (
                self.ctx
                    .next_op(op)
                    .map(InsertPoint::Before)
                    .unwrap_or(InsertPoint::End(self.ctx.op_block(op).unwrap())),
                self.ctx.op_loc(op),
            ),
            ValueDef::BlockArg { block, .. } => (
                self.ctx.first_op(block).map(InsertPoint::Before).unwrap_or(InsertPoint::End(block)),
                self.ctx.unknown_loc(),
            ),
            ValueDef::Detached => return,
        };
        let mut b = self.builder(ip, loc);
        let t = ToTensorOp::create(&mut b, v, false, false, &[tensor_t], vec![]).result(b.ctx);
        for (o, i) in leftover {
            self.ctx.set_operand(o, i, t);
        }
    }

    fn forall_op(&mut self, op: OpId, loc: Loc) -> Result<(), Diagnostic> {
        let f = ForallOp(op);
        let outs = f.outputs(self.ctx).to_vec();
        let first = self.ctx.operands(op).len() - outs.len();
        let bufs: Vec<Value> = (0..outs.len()).map(|k| self.operand_buffer((op, first + k))).collect();
        let body = self.ctx.blocks(self.ctx.regions(op)[0])[0];
        let args = self.ctx.block_args(body).to_vec();
        let ivs = args.len() - outs.len();
        // A new forall without shared outputs; the body's ops move over.
        let lb = f.dynamic_lower_bound(self.ctx).to_vec();
        let ub = f.dynamic_upper_bound(self.ctx).to_vec();
        let st = f.dynamic_step(self.ctx).to_vec();
        let mut attrs = self.ctx.op(op).attrs.clone();
        let seg = self.ctx.sym("operandSegmentSizes");
        let i32t = self.ctx.int_type(32);
        let segs = self.ctx.attr(tessel_ir::attrs::AttrKind::DenseArray {
            elem: i32t,
            values: vec![lb.len() as i64, ub.len() as i64, st.len() as i64, 0],
        });
        attrs.insert(seg, segs);
        let region = self.ctx.create_region();
        let new_body = self.ctx.append_block(region);
        for a in &args[..ivs] {
            let ty = self.ctx.value_type(*a);
            let l = self.ctx.block_arg_loc(*a).unwrap_or(loc);
            let na = self.ctx.add_block_arg_at(new_body, ty, l);
            self.ctx.replace_all_uses(*a, na);
        }
        for (a, b) in args[ivs..].iter().zip(&bufs) {
            self.buffers.insert(*a, *b);
        }
        let mut operands = lb;
        operands.extend(ub);
        operands.extend(st);
        let spec = OpSpec {
            name: self.ctx.sym(dialects::scf::ForallOp::NAME),
            operands: operands.into_iter().collect(),
            result_types: Default::default(),
            attrs,
            regions: vec![region],
            successors: vec![],
            loc,
        };
        let new = self.ctx.create_op(spec);
        self.ctx.insert_op_before(op, new);
        for o in self.ctx.block_op_list(body) {
            self.ctx.unlink_op(o);
            self.ctx.append_op(new_body, o);
        }
        self.replace(op, &bufs);
        Ok(())
    }

    /// `scf.yield`: of a loop, the buffers (copies where a yielded value
    /// is not the iteration's buffer, with `allow-return-allocs-from-loops`);
    /// of an `scf.if`, settled once the last branch is bufferized: the
    /// branches' buffer type, or the fully dynamic layout when they differ.
    fn yield_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let parent = self.ctx.parent_op(op).expect("yield in an op");
        let loc = self.ctx.op_loc(op);
        let n = self.ctx.operands(op).len();
        if ForOp::isa(self.ctx, parent) {
            let body = self.ctx.op_block(op).unwrap();
            let equivalent = |s: &Self, k: usize| {
                let v = s.ctx.operands(op)[k];
                let arg = s.ctx.block_args(body)[1 + k];
                v == arg || s.analysis.equivalent.same(v, arg)
            };
            let mut vals = Vec::new();
            for k in 0..n {
                let v = self.ctx.operands(op)[k];
                if !self.tensorish(v) {
                    vals.push(v);
                    continue;
                }
                let mut buf = self.buffer(v);
                if !equivalent(self, k) && !self.opts.copy_before_write {
                    buf = self.alloc_like(InsertPoint::Before(op), loc, buf, true);
                }
                vals.push(buf);
            }
            let types: Vec<Type> = (0..n).map(|k| self.ctx.value_type(self.ctx.block_args(body)[1 + k])).collect();
            for (k, v) in vals.iter().enumerate() {
                let (have, want) = (self.ctx.value_type(*v), types[k]);
                if have != want {
                    let mut b = self.builder(InsertPoint::Before(op), loc);
                    let c = CastOp::create(&mut b, *v, &[want], vec![]).dest(b.ctx);
                    self.ctx.set_operand(op, k, c);
                } else {
                    self.ctx.set_operand(op, k, *v);
                }
            }
            return Ok(());
        }
        // scf.if: wait for the last branch.
        let regions = self.ctx.regions(parent).to_vec();
        let last = regions.last().and_then(|r| self.ctx.blocks(*r).first()).and_then(|b| self.ctx.last_op(*b));
        if last != Some(op) {
            return Ok(());
        }
        let yields: Vec<OpId> =
            regions.iter().filter_map(|r| self.ctx.blocks(*r).first()).filter_map(|b| self.ctx.last_op(*b)).collect();
        for k in 0..n {
            let r = self.ctx.result(parent, k);
            if !self.tensorish(r) {
                continue;
            }
            let bufs: Vec<Value> = yields.iter().map(|y| self.buffer(self.ctx.operands(*y)[k])).collect();
            let first_t = self.ctx.value_type(bufs[0]);
            let ty = if bufs.iter().all(|b| self.ctx.value_type(*b) == first_t) {
                first_t
            } else {
                let t = self.tensor_types.get(&r).copied().unwrap_or_else(|| self.ctx.value_type(r));
                memref_for(self.ctx, t, LayoutChoice::FullyDynamic)
            };
            for (y, b) in yields.iter().zip(&bufs) {
                let v = if self.ctx.value_type(*b) != ty {
                    let yl = self.ctx.op_loc(*y);
                    let mut bb = self.builder(InsertPoint::Before(*y), yl);
                    CastOp::create(&mut bb, *b, &[ty], vec![]).dest(bb.ctx)
                } else {
                    *b
                };
                self.ctx.set_operand(*y, k, v);
            }
            self.retype(r, ty);
        }
        Ok(())
    }

    /// `func.return` with function boundaries: returns the buffers. As
    /// MLIR 22, a buffer whose type is not the boundary type gets a
    /// `memref.cast` to it that the signature then does not use (fully
    /// dynamic layouts), or is copied into an identity buffer
    /// (`identity-layout-map`).
    fn return_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let loc = self.ctx.op_loc(op);
        let n = self.ctx.operands(op).len();
        let mut vals = Vec::new();
        for k in 0..n {
            let v = self.ctx.operands(op)[k];
            vals.push(if self.tensorish(v) { Some(self.buffer(v)) } else { None });
        }
        for (k, buf) in vals.into_iter().enumerate() {
            let Some(buf) = buf else { continue };
            let t = self.tensor_types_of_return(op, k);
            let have = self.ctx.value_type(buf);
            match self.opts.boundary_layout {
                LayoutChoice::Identity => {
                    let want = memref_for(self.ctx, t, LayoutChoice::Identity);
                    if have != want {
                        let v = if guaranteed_cast_compatible(self.ctx, have, want) {
                            let mut b = self.builder(InsertPoint::Before(op), loc);
                            CastOp::create(&mut b, buf, &[want], vec![]).dest(b.ctx)
                        } else {
                            self.alloc_like(InsertPoint::Before(op), loc, buf, true)
                        };
                        self.ctx.set_operand(op, k, v);
                        continue;
                    }
                }
                _ => {
                    let want = memref_for(self.ctx, t, LayoutChoice::FullyDynamic);
                    if have != want {
                        let mut b = self.builder(InsertPoint::Before(op), loc);
                        CastOp::create(&mut b, buf, &[want], vec![]);
                    }
                }
            }
            self.ctx.set_operand(op, k, buf);
        }
        Ok(())
    }

    fn tensor_types_of_return(&self, op: OpId, k: usize) -> Type {
        let v = self.ctx.operands(op)[k];
        self.tensor_types.get(&v).copied().unwrap_or_else(|| self.ctx.value_type(v))
    }

    /// A `memref.get_global` of a private constant global holding a tensor
    /// constant's value (one global per distinct value, named as MLIR's
    /// `__constant_<shape>x<type>[_<n>]`, placed at the top of the module).
    fn global_for(&mut self, op: OpId) -> Result<Value, Diagnostic> {
        let loc = self.ctx.op_loc(op);
        let value = self.ctx.get_attr(op, "value").ok_or_else(|| Diagnostic::error(loc, "constant without a value"))?;
        let tt = self.ctx.value_type(self.ctx.result(op, 0));
        let ty = memref_for(self.ctx, tt, LayoutChoice::Identity);
        let name = match self.globals.get(&value) {
            Some(n) => n.clone(),
            None => {
                let TypeKind::Tensor { shape, elem, .. } = self.ctx.type_kind(tt).clone() else {
                    return Err(Diagnostic::error(loc, "a constant of an unranked tensor"));
                };
                let mut base = String::from("__constant_");
                for d in &shape {
                    base.push_str(&format!("{d}x"));
                }
                base.push_str(&tessel_ir::printer::type_to_string(self.ctx, elem));
                let taken: Vec<String> = self.globals.values().cloned().collect();
                let mut name = base.clone();
                let mut n = 0;
                while taken.contains(&name) || self.symbol_taken(&name) {
                    name = format!("{base}_{n}");
                    n += 1;
                }
                let body = self.ctx.blocks(self.ctx.regions(self.module)[0])[0];
                let ip = match self.ctx.first_op(body) {
                    Some(f) => InsertPoint::Before(f),
                    None => InsertPoint::End(body),
                };
                let i64t = self.ctx.int_type(64);
                let align = self.ctx.int_attr(64, i64t);
                let (sym, vis, tya, unit) = (
                    self.ctx.string_attr(&name),
                    self.ctx.string_attr("private"),
                    self.ctx.type_attr(ty),
                    self.ctx.attr(tessel_ir::attrs::AttrKind::Unit),
                );
                let mut b = self.builder(ip, loc);
                b.op(
                    dialects::memref::GlobalOp::NAME,
                    &[],
                    &[],
                    &[
                        ("sym_name", sym),
                        ("sym_visibility", vis),
                        ("type", tya),
                        ("initial_value", value),
                        ("constant", unit),
                        ("alignment", align),
                    ],
                );
                self.globals.insert(value, name.clone());
                name
            }
        };
        let sym = self.ctx.sym(&name);
        let r = self.ctx.attr(tessel_ir::attrs::AttrKind::SymbolRef { root: sym, nested: vec![] });
        let mut b = self.builder(InsertPoint::Before(op), loc);
        let g = b.op(dialects::memref::GetGlobalOp::NAME, &[], &[ty], &[("name", r)]);
        Ok(b.ctx.result(g, 0))
    }

    fn symbol_taken(&self, name: &str) -> bool {
        let body = self.ctx.blocks(self.ctx.regions(self.module)[0])[0];
        self.ctx.block_ops(body).any(|o| {
            self.ctx.get_attr(o, "sym_name").is_some_and(
                |a| matches!(self.ctx.attr_kind(a), tessel_ir::attrs::AttrKind::String { value, .. } if value == name),
            )
        })
    }
}

/// The type of the subview that an extract_slice (or the destination view
/// of an insert_slice) of `source` makes: MLIR's
/// `SubViewOp::inferRankReducedResultType`, with unit dims dropped where
/// the tensor's shape `want` has fewer dims.
pub fn subview_result_type(ctx: &mut Context, source: Type, sv: &tensor_d::SliceParams, want: &[i64]) -> Option<Type> {
    let parts = memref_parts(ctx, source)?;
    let l = layout::subview_layout(&layout::strides_and_offset(ctx, source)?, &sv.offsets.0, &sv.strides.0);
    let sizes = &sv.sizes.0;
    let mut keep = vec![true; sizes.len()];
    if want.len() < sizes.len() {
        let mut j = 0;
        for (i, s) in sizes.iter().enumerate() {
            if j < want.len() && *s == want[j] {
                j += 1;
            } else if *s == 1 {
                keep[i] = false;
            } else {
                return None;
            }
        }
        if j != want.len() {
            return None;
        }
    }
    let shape: Vec<i64> = (0..sizes.len()).filter(|i| keep[*i]).map(|i| sizes[i]).collect();
    let strides: Vec<i64> = (0..sizes.len()).filter(|i| keep[*i]).map(|i| l.strides[i]).collect();
    let layout = Strided { strides, offset: l.offset };
    Some(memref_type(ctx, shape, parts.elem, Some(&layout), parts.memory_space))
}

/// The groups of a `reassociation` attribute (`[[0, 1], [2]]`).
pub fn reassociation_groups(ctx: &Context, a: Option<Attr>) -> Vec<Vec<i64>> {
    use tessel_ir::attrs::AttrKind;
    let Some(a) = a else { return vec![] };
    let AttrKind::Array(groups) = ctx.attr_kind(a) else { return vec![] };
    groups
        .iter()
        .map(|g| match ctx.attr_kind(*g) {
            AttrKind::Array(ds) => ds
                .iter()
                .filter_map(|d| match ctx.attr_kind(*d) {
                    AttrKind::Integer { value, .. } => Some(*value as i64),
                    _ => None,
                })
                .collect(),
            _ => vec![],
        })
        .collect()
}

/// MLIR's `isGuaranteedCollapsible` (`computeCollapsedLayoutMap` in its
/// strict mode): every group provably contiguous, no dynamic stride in the
/// way.
pub fn guaranteed_collapsible(ctx: &Context, source: Type, groups: &[Vec<i64>]) -> bool {
    if layout::has_identity_layout(ctx, source) {
        return true;
    }
    let (Some(parts), Some(src)) = (memref_parts(ctx, source), layout::strides_and_offset(ctx, source)) else {
        return false;
    };
    let Some(result) = layout::collapsed_layout(ctx, source, groups) else { return false };
    for (g, stride) in groups.iter().zip(&result.strides) {
        let mut running = *stride;
        for w in g.windows(2).rev() {
            let (outer, inner) = (w[0] as usize, w[1] as usize);
            running = layout::mul(running, parts.shape[inner]);
            // A unit dim's stride says nothing: skipped before anything else.
            if parts.shape[outer] == 1 {
                continue;
            }
            let s = src.strides[outer];
            if running == DYNAMIC || s == DYNAMIC || running != s {
                return false;
            }
        }
    }
    true
}

/// MLIR's `castOrReallocMemRefValue` test: a `memref.cast` from `from` to
/// `to` is valid and cannot fail at run time (no dynamic offset or stride
/// becomes static); otherwise the value is copied.
pub fn guaranteed_cast_compatible(ctx: &Context, from: Type, to: Type) -> bool {
    if !tessel_ir::dialects::memref::cast_compatible(ctx, from, to) {
        return false;
    }
    let (Some(a), Some(b)) = (layout::strides_and_offset(ctx, from), layout::strides_and_offset(ctx, to)) else {
        return false;
    };
    let dyn_to_static = |x: i64, y: i64| x == DYNAMIC && y != DYNAMIC;
    !dyn_to_static(a.offset, b.offset) && a.strides.iter().zip(&b.strides).all(|(x, y)| !dyn_to_static(*x, *y))
}

/// `()[s0, s1, s2] -> (s0 + s1 + s2)` as a map of three dims for the
/// composing builder (which makes loop-invariant operands symbols).
fn sum_over_symbols() -> AffineMap {
    AffineMap { num_dims: 3, num_syms: 0, results: vec![AffineExpr::Dim(0) + AffineExpr::Dim(1) + AffineExpr::Dim(2)] }
}

/// An index value for `o`, a new constant made here when static.
fn ofr_value_here(b: &mut Builder<'_>, o: tessel_ir::builder::Ofr) -> Value {
    match o {
        tessel_ir::builder::Ofr::Val(v) => v,
        tessel_ir::builder::Ofr::Const(c) => {
            let index = b.ctx.index_type();
            b.int_const_here(c as i128, index)
        }
    }
}
