//! What each op does to the buffers of its tensor operands: MLIR's
//! `BufferizableOpInterface` (`bufferizesToMemoryRead`,
//! `bufferizesToMemoryWrite`, `getAliasingValues`,
//! `resultBufferizesToMemoryWrite`), one answer per op kind, so that the
//! analysis stays generic over ops.

use smallvec::SmallVec;
use tessel_ir::context::ValueDef;
use tessel_ir::dialects::bufferization::{MaterializeInDestinationOp, ToBufferOp, ToTensorOp};
use tessel_ir::dialects::scf::{ForOp, ForallOp, IfOp, YieldOp};
use tessel_ir::dialects::structured::structured;
use tessel_ir::dialects::tensor::{self as tensor_d};
use tessel_ir::dialects::vector::{TransferReadOp, TransferWriteOp};
use tessel_ir::types::TypeKind;
use tessel_ir::{Context, OpId, Value};

/// The kinds of ops one-shot bufferization knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `tensor.empty`: a new buffer of undefined contents.
    Empty,
    /// `arith.constant` of a tensor: a read-only global.
    Constant,
    /// `tensor.extract_slice`: a view of the source.
    ExtractSlice,
    /// `tensor.insert_slice`: a copy into a view of the destination.
    InsertSlice,
    /// `tensor.parallel_insert_slice` in an `scf.forall.in_parallel`.
    ParallelInsertSlice,
    /// `tensor.expand_shape`, `collapse_shape`, `cast`, `reshape`: views
    /// (a `reshape` reads its shape operand).
    Reshape,
    /// `tensor.dim`, `tensor.rank`: no access to the data.
    Metadata,
    /// `tensor.extract`, `vector.transfer_read`: reads.
    Read,
    /// `tensor.insert`, `vector.transfer_write`: writes into the dest.
    WriteDest,
    /// A linalg structured op (destination-passing style).
    Structured,
    /// `scf.for`.
    For,
    /// `scf.forall`.
    Forall,
    /// `scf.if`.
    If,
    /// `scf.yield` (of `for` or `if`).
    Yield,
    /// `func.return` (with function boundaries).
    Return,
    /// `bufferization.to_tensor`.
    ToTensor,
    /// `bufferization.to_buffer`.
    ToBuffer,
    /// `bufferization.materialize_in_destination` (a tensor or memref dest).
    Materialize,
    /// `tensor.from_elements`: a new buffer filled by stores.
    FromElements,
    /// `tensor.pad`: a new buffer, filled by a `linalg.map` of the pad's
    /// body, the source copied into its middle.
    Pad,
    /// `linalg.pack` / `linalg.unpack` (tessel only; MLIR 22 cannot):
    /// reads the source, overwrites all of the dest.
    Pack,
    /// `tensor.generate`: a new buffer, filled by a `linalg.map` of its
    /// body.
    Generate,
    /// `func.call` (with function boundaries): what the callee does to its
    /// arguments, from its [`CallSummary`] (conservative without one).
    Call,
}

/// What a function does to its tensor arguments, for the calls of it
/// (MLIR's `FuncAnalysisState`): which it reads and writes, which result is
/// the same buffer as which argument, and which results may alias each
/// argument.
#[derive(Clone, Debug, Default)]
pub struct CallSummary {
    pub reads: Vec<bool>,
    pub writes: Vec<bool>,
    /// Per result: the argument it is equivalent to.
    pub equivalent: Vec<Option<usize>>,
    /// Per argument: the results that may alias it.
    pub aliasing: Vec<Vec<usize>>,
}

/// Summaries of the functions analyzed so far, by symbol name.
pub type Summaries = rustc_hash::FxHashMap<String, CallSummary>;

/// The symbol a `func.call` calls.
pub fn callee_name(ctx: &Context, op: OpId) -> Option<String> {
    match ctx.attr_kind(ctx.get_attr(op, "callee")?) {
        tessel_ir::attrs::AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root).to_string()),
        _ => None,
    }
}

/// Whether a value is a tensor.
pub fn is_tensor(ctx: &Context, v: Value) -> bool {
    matches!(ctx.value_type_kind(v), TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. })
}

/// Whether `op` has a tensor operand or result.
pub fn touches_tensors(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op).iter().chain(ctx.results(op)).any(|v| is_tensor(ctx, *v))
}

/// The kind of `op`, or `None` for an op one-shot bufferization does not
/// know (with function boundaries on, `func.return` is known).
pub fn kind(ctx: &Context, op: OpId, function_boundaries: bool) -> Option<Kind> {
    use tessel_ir::dialects::{arith::ConstantOp, func, pack, tensor_more::RankOp};
    let is = |isa: fn(&Context, OpId) -> bool| isa(ctx, op);
    let k = match () {
        _ if is(tensor_d::EmptyOp::isa) => Kind::Empty,
        _ if is(ConstantOp::isa) => Kind::Constant,
        _ if is(tensor_d::ExtractSliceOp::isa) => Kind::ExtractSlice,
        _ if is(tensor_d::InsertSliceOp::isa) => Kind::InsertSlice,
        _ if is(tensor_d::ParallelInsertSliceOp::isa) => Kind::ParallelInsertSlice,
        _ if is(tensor_d::ExpandShapeOp::isa)
            || is(tensor_d::CollapseShapeOp::isa)
            || is(tensor_d::CastOp::isa)
            || is(tessel_ir::dialects::tensor_more::ReshapeOp::isa) =>
        {
            Kind::Reshape
        }
        _ if is(tensor_d::DimOp::isa) || is(RankOp::isa) => Kind::Metadata,
        _ if is(tensor_d::ExtractOp::isa) => Kind::Read,
        _ if is(tensor_d::InsertOp::isa) => Kind::WriteDest,
        _ if is(tensor_d::FromElementsOp::isa) => Kind::FromElements,
        _ if is(tensor_d::PadOp::isa) => Kind::Pad,
        _ if is(tensor_d::GenerateOp::isa) => Kind::Generate,
        _ if is(pack::PackOp::isa) || is(pack::UnPackOp::isa) => Kind::Pack,
        _ if is(YieldOp::isa) => match ctx.parent_op(op) {
            Some(p) if ForOp::isa(ctx, p) || IfOp::isa(ctx, p) => Kind::Yield,
            _ => return None,
        },
        _ if function_boundaries && is(func::ReturnOp::isa) => Kind::Return,
        _ if function_boundaries && is(func::CallOp::isa) => Kind::Call,
        _ if ForOp::isa(ctx, op) => Kind::For,
        _ if ForallOp::isa(ctx, op) => Kind::Forall,
        _ if IfOp::isa(ctx, op) => Kind::If,
        // Transfers of memrefs are already buffers.
        _ if TransferReadOp::isa(ctx, op) && touches_tensors(ctx, op) => Kind::Read,
        _ if TransferWriteOp::isa(ctx, op) && touches_tensors(ctx, op) => Kind::WriteDest,
        _ if ToTensorOp::isa(ctx, op) => Kind::ToTensor,
        _ if ToBufferOp::isa(ctx, op) => Kind::ToBuffer,
        _ if MaterializeInDestinationOp::isa(ctx, op) => Kind::Materialize,
        _ if structured(ctx, op).is_some() => Kind::Structured,
        _ => return None,
    };
    Some(k)
}

/// The `outs` operand positions of a structured op.
pub fn structured_outs(ctx: &Context, op: OpId) -> std::ops::Range<usize> {
    let s = structured(ctx, op).expect("a structured op");
    let n = ctx.operands(op).len();
    n - s.outputs.len()..n
}

/// The position of the destination operand of a [`Kind::WriteDest`] op
/// (`vector.transfer_write %v, %dest[...]`, `tensor.insert %s into
/// %dest[...]`).
pub fn dest_index(_ctx: &Context, _op: OpId) -> usize {
    1
}

/// The block argument of a loop that operand `i` of `op` initializes.
pub fn loop_region_arg(ctx: &Context, op: OpId, i: usize) -> Option<Value> {
    let body = ctx.blocks(ctx.regions(op)[0])[0];
    let args = ctx.block_args(body);
    if ForOp::isa(ctx, op) {
        return i.checked_sub(3).and_then(|k| args.get(1 + k)).copied();
    }
    if ForallOp::isa(ctx, op) {
        let outs = ForallOp(op).outputs(ctx);
        let first = ctx.operands(op).len() - outs.len();
        let ivs = args.len() - outs.len();
        return i.checked_sub(first).and_then(|k| args.get(ivs + k)).copied();
    }
    None
}

/// Ops and their operand index: one use of a value.
pub type Use = (OpId, usize);

/// Interface queries, answered per kind.
pub struct Model<'a> {
    pub ctx: &'a Context,
    pub function_boundaries: bool,
    /// The callees analyzed so far (calls of others are conservative).
    pub calls: Option<&'a Summaries>,
}

impl Model<'_> {
    pub fn kind(&self, op: OpId) -> Option<Kind> {
        kind(self.ctx, op, self.function_boundaries)
    }

    /// The summary of the function `call` calls, when analyzed.
    pub fn summary(&self, call: OpId) -> Option<&CallSummary> {
        self.calls?.get(&callee_name(self.ctx, call)?)
    }

    /// `bufferizesToMemoryRead`: unknown ops read.
    pub fn reads(&self, (op, i): Use) -> bool {
        let ctx = self.ctx;
        let Some(k) = self.kind(op) else { return true };
        match k {
            Kind::Reshape => i == 1,
            Kind::ExtractSlice | Kind::Metadata => false,
            Kind::InsertSlice | Kind::ParallelInsertSlice => i == 0 || (i == 1 && !insert_covers_dest(ctx, op)),
            Kind::Structured => {
                let outs = structured_outs(ctx, op);
                if !outs.contains(&i) {
                    return true;
                }
                let Some(r) = ctx.regions(op).first() else { return true };
                let Some(b) = ctx.blocks(*r).first() else { return true };
                ctx.block_args(*b).get(i).is_none_or(|a| !ctx.use_empty(*a))
            }
            Kind::For | Kind::Forall => loop_region_arg(ctx, op, i).is_some_and(|a| self.is_value_read(a)),
            Kind::Materialize => i == 0,
            Kind::Pack => i != 1,
            Kind::Call => self.summary(op).is_none_or(|s| s.reads.get(i).copied().unwrap_or(true)),
            Kind::WriteDest if TransferWriteOp::isa(ctx, op) => !transfer_write_covers_dest(ctx, op),
            _ => true,
        }
    }

    /// `bufferizesToMemoryWrite`: unknown ops write.
    pub fn writes(&self, (op, i): Use) -> bool {
        let ctx = self.ctx;
        let Some(k) = self.kind(op) else { return true };
        match k {
            Kind::InsertSlice | Kind::ParallelInsertSlice => i == 1,
            Kind::WriteDest => i == dest_index(ctx, op),
            Kind::Structured => structured_outs(ctx, op).contains(&i),
            Kind::For | Kind::Forall => loop_region_arg(ctx, op, i).is_some(),
            Kind::Materialize | Kind::Pack => i == 1,
            Kind::Call => self.summary(op).is_none_or(|s| s.writes.get(i).copied().unwrap_or(true)),
            Kind::ToBuffer => false,
            _ => false,
        }
    }

    /// `getAliasingValues`: the results that share operand `i`'s buffer
    /// when it bufferizes in place, and whether they are equivalent (the
    /// same buffer, not a part of it).
    pub fn aliasing_results(&self, (op, i): Use) -> SmallVec<[(Value, bool); 1]> {
        let ctx = self.ctx;
        let res = ctx.results(op);
        let Some(k) = self.kind(op) else {
            return res.iter().filter(|r| is_tensor(ctx, **r)).map(|r| (*r, false)).collect();
        };
        match k {
            Kind::ExtractSlice => SmallVec::from_elem((res[0], false), 1),
            Kind::Reshape if i == 0 => SmallVec::from_elem((res[0], true), 1),
            Kind::Reshape => SmallVec::new(),
            Kind::InsertSlice if i == 1 => SmallVec::from_elem((res[0], true), 1),
            Kind::WriteDest if i == dest_index(ctx, op) && !res.is_empty() && is_tensor(ctx, res[0]) => {
                SmallVec::from_elem((res[0], true), 1)
            }
            Kind::Materialize if i == 1 && !res.is_empty() => SmallVec::from_elem((res[0], true), 1),
            Kind::Pack if i == 1 => SmallVec::from_elem((res[0], true), 1),
            Kind::Call => match self.summary(op) {
                // Not analyzed (a declaration): any tensor result may alias.
                None => res.iter().filter(|r| is_tensor(ctx, **r)).map(|r| (*r, false)).collect(),
                Some(s) => {
                    let aliasing = s.aliasing.get(i).cloned().unwrap_or_default();
                    let equivalent = aliasing.len() == 1 && s.equivalent.get(aliasing[0]) == Some(&Some(i));
                    aliasing.iter().filter_map(|r| res.get(*r)).map(|r| (*r, equivalent)).collect()
                }
            },
            Kind::Structured => {
                let outs = structured_outs(ctx, op);
                if outs.contains(&i) {
                    SmallVec::from_elem((res[i - outs.start], true), 1)
                } else {
                    SmallVec::new()
                }
            }
            Kind::For => i.checked_sub(3).map(|k| SmallVec::from_elem((res[k], true), 1)).unwrap_or_default(),
            Kind::Forall => {
                let n = ForallOp(op).outputs(ctx).len();
                let first = ctx.operands(op).len() - n;
                i.checked_sub(first).map(|k| SmallVec::from_elem((res[k], true), 1)).unwrap_or_default()
            }
            Kind::Yield => match ctx.parent_op(op) {
                Some(p) if IfOp::isa(ctx, p) => SmallVec::from_elem((ctx.results(p)[i], true), 1),
                _ => SmallVec::new(),
            },
            _ => SmallVec::new(),
        }
    }

    /// The operands (and yields, for `scf.if`) a result aliases.
    pub fn aliasing_operands(&self, v: Value) -> SmallVec<[Use; 2]> {
        let ctx = self.ctx;
        let ValueDef::Result { op, index } = ctx.value_def(v) else { return SmallVec::new() };
        let mut out = SmallVec::new();
        if IfOp::isa(ctx, op) {
            for r in ctx.regions(op) {
                if let Some(b) = ctx.blocks(*r).first() {
                    if let Some(y) = ctx.last_op(*b) {
                        if YieldOp::isa(ctx, y) {
                            out.push((y, index as usize));
                        }
                    }
                }
            }
            return out;
        }
        for i in 0..ctx.operands(op).len() {
            if is_tensor(ctx, ctx.operands(op)[i]) && self.aliasing_results((op, i)).iter().any(|(r, _)| *r == v) {
                out.push((op, i));
            }
        }
        out
    }

    /// The kind of the op defining `v` (`None` for an argument or an op
    /// not bufferized).
    pub fn kind_of_value(&self, v: Value) -> Option<Kind> {
        self.ctx.defining_op(v).and_then(|o| self.kind(o))
    }

    /// `bufferizesToMemoryWrite(Value)`: whether `v` is a definition, a
    /// value whose buffer holds data written when it was made.
    pub fn is_definition(&self, v: Value) -> bool {
        let ctx = self.ctx;
        let ValueDef::Result { op, .. } = ctx.value_def(v) else { return true };
        match self.kind(op) {
            None => true,
            Some(Kind::Empty) => false,
            Some(Kind::If) => true,
            Some(_) => {
                let ops = self.aliasing_operands(v);
                ops.is_empty() || ops.iter().any(|u| self.writes(*u))
            }
        }
    }

    /// `isValueRead`: whether a use of `v`, or of a view made of it,
    /// reads.
    pub fn is_value_read(&self, v: Value) -> bool {
        let ctx = self.ctx;
        let mut work: Vec<Use> = ctx.uses(v).iter().map(|u| (u.op, u.operand as usize)).collect();
        let mut seen = 0;
        while let Some(u) = work.pop() {
            seen += 1;
            if seen > 100_000 {
                return true;
            }
            if self.reads(u) {
                return true;
            }
            if !self.writes(u) {
                for (r, _) in self.aliasing_results(u) {
                    work.extend(ctx.uses(r).iter().map(|u| (u.op, u.operand as usize)));
                }
            }
        }
        false
    }
}

/// Whether an insert_slice writes its whole destination (so it does not
/// read it): static sizes equal to the destination shape, offsets 0,
/// strides 1.
pub fn insert_covers_dest(ctx: &Context, op: OpId) -> bool {
    let Some(sv) = tensor_d::slice_view(ctx, op) else { return false };
    let dest = ctx.operands(op)[1];
    let TypeKind::Tensor { shape, .. } = ctx.value_type_kind(dest) else { return false };
    sv.offsets.1.is_empty()
        && sv.sizes.1.is_empty()
        && sv.strides.1.is_empty()
        && sv.offsets.0.iter().all(|o| *o == 0)
        && sv.strides.0.iter().all(|s| *s == 1)
        && sv.sizes.0 == shape.as_slice()
        && !shape.contains(&tessel_ir::types::DYNAMIC)
}

/// Whether a `vector.transfer_write` overwrites its whole (static)
/// destination: indices 0, no mask, the vector at least as large (MLIR's
/// `TransferWriteOpInterface::bufferizesToMemoryRead`).
fn transfer_write_covers_dest(ctx: &Context, op: OpId) -> bool {
    let ops = ctx.operands(op);
    let TypeKind::Tensor { shape, .. } = ctx.value_type_kind(ops[1]) else { return false };
    let TypeKind::Vector { shape: vshape, .. } = ctx.value_type_kind(ops[0]) else { return false };
    if shape.contains(&tessel_ir::types::DYNAMIC) || ops.len() != 2 + shape.len() {
        return false; // dynamic, or masked (the mask is the last operand)
    }
    let zero = |v: &Value| tessel_ir::dialects::pack::constant_int(ctx, *v) == Some(0);
    ops[2..].iter().all(zero) && shape.len() == vshape.len() && shape.iter().zip(vshape).all(|(d, v)| d <= v)
}
