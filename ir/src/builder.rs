//! A builder with an insertion point (MLIR's `OpBuilder`) and the
//! listener it reports to. The builders of dialect ops that fold as they
//! are made (constants, affine applications, slices) are methods added by
//! the dialects ([`crate::dialects::builders`]).

use rustc_hash::FxHashMap;

use crate::context::{AttrMap, OpSpec};
use crate::registry::traits;
use crate::types::{TypeKind, DYNAMIC};
use crate::{BlockId, Context, Loc, OpId, RegionId, Type, Value};

/// A static integer or an SSA `index` value (MLIR's OpFoldResult).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ofr {
    Const(i64),
    Val(Value),
}

impl Ofr {
    /// Mixed static/dynamic entries (`static_offsets` with [`DYNAMIC`] where
    /// the next of `vals` goes) as [`Ofr`]s.
    pub fn mixed(ints: &[i64], vals: &[Value]) -> Vec<Ofr> {
        let mut next = vals.iter();
        ints.iter()
            .map(|&i| if i == DYNAMIC { Ofr::Val(*next.next().expect("a dynamic entry")) } else { Ofr::Const(i) })
            .collect()
    }

    /// The constant, if static.
    pub fn as_const(self) -> Option<i64> {
        match self {
            Ofr::Const(c) => Some(c),
            Ofr::Val(_) => None,
        }
    }

    /// The static extent for a type: the constant or [`DYNAMIC`].
    pub fn static_or_dynamic(self) -> i64 {
        self.as_const().unwrap_or(DYNAMIC)
    }
}

/// Told about every mutation a [`Rewriter`](crate::rewriter::Rewriter) (or a [`Builder`] carrying
/// the listener) makes. All methods default to doing nothing.
pub trait Listener {
    /// `op` was created and inserted.
    fn op_inserted(&mut self, _ctx: &Context, _op: OpId) {}
    /// `op`'s operands, attributes or position changed.
    fn op_modified(&mut self, _ctx: &Context, _op: OpId) {}
    /// `v` lost a use (its producer may have become dead).
    fn value_lost_use(&mut self, _ctx: &Context, _v: Value) {}
    /// `op` is about to be erased.
    fn op_erased(&mut self, _ctx: &Context, _op: OpId) {}
}

/// A listener that ignores everything.
pub struct NoListener;

impl Listener for NoListener {}

/// Where new ops go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Right before an op.
    Before(OpId),
    /// At the end of a block.
    End(BlockId),
}

/// Creates ops at an insertion point.
pub struct Builder<'c> {
    pub ctx: &'c mut Context,
    pub ip: InsertPoint,
    /// Location given to new ops.
    pub loc: Loc,
    /// Every op inserted at the insertion point, in order (constants,
    /// hoisted elsewhere, are not listed).
    pub created: Vec<OpId>,
    /// Constants made so far, by value, type and block (see `int_const`).
    pub(crate) consts: FxHashMap<(i128, Type, BlockId), Value>,
    /// Whether the affine op being materialized gets its expressions
    /// simplified over its final dims and symbols.
    pub(crate) simplify_after_remap: bool,
    /// Told about each op this builder inserts (see [`crate::rewriter`]).
    listener: Option<&'c mut dyn Listener>,
}

impl<'c> Builder<'c> {
    /// A builder inserting at `ip`.
    pub fn new(ctx: &'c mut Context, ip: InsertPoint, loc: Loc) -> Self {
        Builder {
            ctx,
            ip,
            loc,
            created: Vec::new(),
            consts: FxHashMap::default(),
            simplify_after_remap: false,
            listener: None,
        }
    }

    /// A builder inserting at `ip` that reports the ops it creates.
    pub fn with_listener(ctx: &'c mut Context, ip: InsertPoint, loc: Loc, listener: &'c mut dyn Listener) -> Self {
        Builder { listener: Some(listener), ..Builder::new(ctx, ip, loc) }
    }

    /// Whether a listener is attached.
    pub fn has_listener(&self) -> bool {
        self.listener.is_some()
    }

    /// Tells the listener, if any, about a change.
    pub fn notify(&mut self, f: impl FnOnce(&mut dyn Listener, &Context)) {
        if let Some(l) = self.listener.as_deref_mut() {
            f(l, self.ctx);
        }
    }

    /// The block new ops go into.
    pub fn block(&self) -> BlockId {
        match self.ip {
            InsertPoint::Before(op) => self.ctx.op_block(op).expect("insertion point in a block"),
            InsertPoint::End(b) => b,
        }
    }

    /// Inserts an op built from `spec`.
    pub fn insert(&mut self, spec: OpSpec) -> OpId {
        let op = self.ctx.create_op(spec);
        self.insert_detached(op);
        op
    }

    /// Inserts an op made elsewhere (a clone) at the insertion point.
    pub fn insert_detached(&mut self, op: OpId) {
        match self.ip {
            InsertPoint::Before(before) => self.ctx.insert_op_before(before, op),
            InsertPoint::End(b) => self.ctx.append_op(b, op),
        }
        self.created.push(op);
        self.notify(|l, ctx| l.op_inserted(ctx, op));
    }

    /// Creates and inserts `name(operands) {attrs} -> result_types`.
    pub fn op(&mut self, name: &str, operands: &[Value], result_types: &[Type], attrs: &[(&str, crate::Attr)]) -> OpId {
        let mut map = AttrMap::default();
        for (k, v) in attrs {
            map.insert(self.ctx.sym(k), *v);
        }
        let spec = OpSpec {
            name: self.ctx.sym(name),
            operands: operands.iter().copied().collect(),
            result_types: result_types.iter().copied().collect(),
            attrs: map,
            regions: vec![],
            successors: vec![],
            loc: self.loc,
        };
        self.insert(spec)
    }

    /// The entry block of the closest isolated ancestor (the function body),
    /// where constants are hoisted, as MLIR's folder does.
    pub(crate) fn constant_block(&self) -> BlockId {
        constant_block_of(self.ctx, self.block())
    }

    /// Splits [`Ofr`]s into a static list (with [`DYNAMIC`]) and values.
    pub fn split(&mut self, list: &[Ofr]) -> (Vec<i64>, Vec<Value>) {
        let mut ints = Vec::with_capacity(list.len());
        let mut vals = Vec::new();
        for o in list {
            match o {
                Ofr::Const(c) => ints.push(*c),
                Ofr::Val(v) => {
                    ints.push(DYNAMIC);
                    vals.push(*v);
                }
            }
        }
        (ints, vals)
    }

    /// A region with one block whose arguments have `arg_types`.
    pub fn region_with_block(&mut self, arg_types: &[Type]) -> (RegionId, BlockId, Vec<Value>) {
        let r = self.ctx.create_region();
        let b = self.ctx.append_block(r);
        // As MLIR's builders: the arguments are where the op being built is.
        let args = arg_types.iter().map(|t| self.ctx.add_block_arg_at(b, *t, self.loc)).collect();
        (r, b, args)
    }
}

/// The entry block of the closest ancestor of `block` isolated from above
/// (the function body): where MLIR's folder keeps constants. `block` itself
/// when it has no such ancestor.
pub fn constant_block_of(ctx: &Context, mut block: BlockId) -> BlockId {
    loop {
        let Some(region) = ctx.block_parent(block) else { return block };
        let Some(parent) = ctx.region_parent(region) else { return block };
        if ctx.def_of(parent).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE)) {
            return ctx.blocks(region)[0];
        }
        match ctx.op_block(parent) {
            Some(b) => block = b,
            None => return block,
        }
    }
}

/// The static shape of a ranked tensor type.
pub fn tensor_shape(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, elem, .. } => Some((shape.clone(), *elem)),
        _ => None,
    }
}
