//! Linalg's structured ops: `linalg.generic` (with `linalg.index`), the
//! named elementwise ops (`linalg.exp`, `linalg.add`, ...), `linalg.matmul`
//! and `linalg.copy`.
//!
//! Every structured op (these, and `linalg.transpose` / `linalg.fill`) is
//! seen through one [`Structured`] view: inputs, outputs (inits), one
//! indexing map per operand from the loops to the operand's dims, and the
//! loops' iterator kinds. The verifier, the tiling model and the engine
//! work on the view only, so a new named op is one row of [`NAMED`].

use crate::affine::{AffineExpr, AffineMap};
use crate::attrs::AttrKind;
use crate::context::known_names::{INDEXING_MAPS, ITERATOR_TYPES, OPERAND_SEGMENT_SIZES};
use crate::context::{AttrMap, OpSpec};
use crate::parser::lexer::Tok;
use crate::parser::{OpParser, PResult, UnresolvedOperand};
use crate::printer::{type_to_string, OpPrinter};
use crate::registry::{traits, OpDef, Registry, VerifyError};
use crate::types::TypeKind;
use crate::{Attr, Context, Loc, OpId, RegionId, Type, Value};
use smallvec::SmallVec;

crate::op! {
    /// `linalg.generic`
    pub struct GenericOp => GENERIC = "linalg.generic";
    operands segmented { inputs: Variadic, outputs: Variadic }
    attributes { indexing_maps: AnyAttr = "indexing_maps", iterator_types: AnyAttr = "iterator_types", doc: AnyAttr = "doc", library_call: AnyAttr = "library_call" }
    results { results: Variadic }
    regions { body }
    format { parse_generic, print_generic }
    def {
        verify: Some(verify_structured),
        traits: traits::SINGLE_BLOCK,
        block_arg_name: Some(in_out_names),
    }
}

crate::op! {
    /// `linalg.index`
    pub struct IndexOp => INDEX = "linalg.index";
    operands { }
    attributes { dim: AnyAttr = "dim" }
    results { result: One }
    regions { }
    format { parse_index, print_index }
    def {
        verify: Some(verify_index),
        traits: traits::PURE,
    }
}

macro_rules! named_ops {
    ($($handle:ident, $id:ident = $name:literal;)*) => {
        $(
            crate::op! {
                #[doc = concat!("`", $name, "`")]
                pub struct $handle => $id = $name;
                operands segmented { inputs: Variadic, outputs: Variadic }
                attributes { indexing_maps: AnyAttr = "indexing_maps", cast_fn: AnyAttr = "cast" }
                results { results: Variadic }
                regions { body }
                format { parse_named, print_named }
                // No block-argument names: the body is hidden in the custom
                // form, and mlir-opt numbers its arguments `%argN` (which
                // shows with --mlir-print-unique-ssa-ids).
                def {
                    verify: Some(verify_structured),
                    traits: traits::SINGLE_BLOCK,
                }
            }
        )*
    };
}

crate::op! {
    /// `linalg.contract indexing_maps = [..] ins(%a, %b) outs(%c)`: the
    /// contraction its maps spell (`c += cast(a) * cast(b)`), the loops in
    /// the output parallel and the others reductions.
    pub struct ContractOp => CONTRACT = "linalg.contract";
    operands segmented { inputs: Variadic, outputs: Variadic }
    attributes { indexing_maps: AnyAttr = "indexing_maps", cast_fn: AnyAttr = "cast" }
    results { results: Variadic }
    regions { body }
    format { parse_named, print_named }
    def {
        verify: Some(verify_contract),
        traits: traits::SINGLE_BLOCK,
    }
}

named_ops! {
    ExpOp, EXP = "linalg.exp";
    LogOp, LOG = "linalg.log";
    SqrtOp, SQRT = "linalg.sqrt";
    AbsOp, ABS = "linalg.abs";
    NegFOp, NEGF = "linalg.negf";
    AddOp, ADD = "linalg.add";
    SubOp, SUB = "linalg.sub";
    MulOp, MUL = "linalg.mul";
    DivOp, DIV = "linalg.div";
    DivUnsignedOp, DIV_UNSIGNED = "linalg.div_unsigned";
    MaxOp, MAX = "linalg.max";
    MinOp, MIN = "linalg.min";
    MatmulOp, MATMUL = "linalg.matmul";
    CopyOp, COPY = "linalg.copy";
    CeilOp, CEIL = "linalg.ceil";
    FloorOp, FLOOR = "linalg.floor";
    RoundOp, ROUND = "linalg.round";
    RsqrtOp, RSQRT = "linalg.rsqrt";
    TanhOp, TANH = "linalg.tanh";
    ErfOp, ERF = "linalg.erf";
    ReciprocalOp, RECIPROCAL = "linalg.reciprocal";
    SquareOp, SQUARE = "linalg.square";
    PowFOp, POWF = "linalg.powf";
    SelectOp, SELECT = "linalg.select";
    BatchMatmulOp, BATCH_MATMUL = "linalg.batch_matmul";
    BatchReduceMatmulOp, BATCH_REDUCE_MATMUL = "linalg.batch_reduce_matmul";
    MatvecOp, MATVEC = "linalg.matvec";
    VecmatOp, VECMAT = "linalg.vecmat";
    DotOp, DOT = "linalg.dot";
    Mmt4dOp, MMT4D = "linalg.mmt4d";
    BatchMmt4dOp, BATCH_MMT4D = "linalg.batch_mmt4d";
}

/// What the implicit body of a named op computes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NamedBody {
    /// One float op on the input (no casts, as upstream).
    Unary(&'static str),
    /// One op on the two inputs: the float op or the integer op (no casts).
    Binary { float: &'static str, int: &'static str },
    /// `out + cast(a) * cast(b)` (matmul and the other contractions).
    Matmul,
    /// `cast(in)`.
    Copy,
    /// `1.0 / in`.
    Reciprocal,
    /// `in * in`.
    Square,
    /// `select(cond, a, b)`.
    Select,
    /// A convolution or pooling op (see `conv.rs`).
    Conv(super::conv::ConvBody),
}

/// A named structured op: its definition, input count and body.
pub struct NamedOp {
    pub def: &'static OpDef,
    pub inputs: usize,
    pub body: NamedBody,
}

/// The named structured ops (a new one is a row here and a line of
/// `named_ops!`).
pub static NAMED: &[NamedOp] = &[
    NamedOp { def: &EXP, inputs: 1, body: NamedBody::Unary("math.exp") },
    NamedOp { def: &LOG, inputs: 1, body: NamedBody::Unary("math.log") },
    NamedOp { def: &SQRT, inputs: 1, body: NamedBody::Unary("math.sqrt") },
    NamedOp { def: &ABS, inputs: 1, body: NamedBody::Unary("math.absf") },
    NamedOp { def: &NEGF, inputs: 1, body: NamedBody::Unary("arith.negf") },
    NamedOp { def: &ADD, inputs: 2, body: NamedBody::Binary { float: "arith.addf", int: "arith.addi" } },
    NamedOp { def: &SUB, inputs: 2, body: NamedBody::Binary { float: "arith.subf", int: "arith.subi" } },
    NamedOp { def: &MUL, inputs: 2, body: NamedBody::Binary { float: "arith.mulf", int: "arith.muli" } },
    NamedOp { def: &DIV, inputs: 2, body: NamedBody::Binary { float: "arith.divf", int: "arith.divsi" } },
    NamedOp { def: &DIV_UNSIGNED, inputs: 2, body: NamedBody::Binary { float: "arith.divf", int: "arith.divui" } },
    NamedOp { def: &MAX, inputs: 2, body: NamedBody::Binary { float: "arith.maximumf", int: "arith.maxsi" } },
    NamedOp { def: &MIN, inputs: 2, body: NamedBody::Binary { float: "arith.minimumf", int: "arith.minsi" } },
    NamedOp { def: &MATMUL, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &COPY, inputs: 1, body: NamedBody::Copy },
    NamedOp { def: &CEIL, inputs: 1, body: NamedBody::Unary("math.ceil") },
    NamedOp { def: &FLOOR, inputs: 1, body: NamedBody::Unary("math.floor") },
    NamedOp { def: &ROUND, inputs: 1, body: NamedBody::Unary("math.round") },
    NamedOp { def: &RSQRT, inputs: 1, body: NamedBody::Unary("math.rsqrt") },
    NamedOp { def: &TANH, inputs: 1, body: NamedBody::Unary("math.tanh") },
    NamedOp { def: &ERF, inputs: 1, body: NamedBody::Unary("math.erf") },
    NamedOp { def: &RECIPROCAL, inputs: 1, body: NamedBody::Reciprocal },
    NamedOp { def: &SQUARE, inputs: 1, body: NamedBody::Square },
    NamedOp { def: &POWF, inputs: 2, body: NamedBody::Binary { float: "math.powf", int: "" } },
    NamedOp { def: &SELECT, inputs: 3, body: NamedBody::Select },
    NamedOp { def: &BATCH_MATMUL, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &BATCH_REDUCE_MATMUL, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &MATVEC, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &VECMAT, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &DOT, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &MMT4D, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &BATCH_MMT4D, inputs: 2, body: NamedBody::Matmul },
    NamedOp { def: &CONTRACT, inputs: 2, body: NamedBody::Matmul },
];

/// Registers the structured ops (under `linalg`).
pub fn register(r: &mut Registry) {
    r.add(&GENERIC);
    r.add(&INDEX);
    r.add(&super::linalg_map::MAP);
    r.add(&super::linalg_reduce::REDUCE);
    r.add(&super::linalg_reduce::BROADCAST);
    for n in all_named() {
        r.add(n.def);
    }
}

/// Every named structured op: [`NAMED`] and the convolution and pooling
/// ops of `conv.rs`.
pub fn all_named() -> impl Iterator<Item = &'static NamedOp> {
    NAMED.iter().chain(super::conv::SPECS.iter().map(|s| &s.named))
}

/// The named op `op` is, if any.
pub fn named(ctx: &Context, op: OpId) -> Option<&'static NamedOp> {
    let def = ctx.def_of(op)?;
    all_named().find(|n| std::ptr::eq(n.def, def))
}

/// The kind of one loop of a structured op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IteratorKind {
    Parallel,
    Reduction,
}

/// A structured op seen uniformly.
#[derive(Clone, Debug)]
pub struct Structured {
    pub inputs: Vec<Value>,
    pub outputs: Vec<Value>,
    /// One map per operand (inputs, then outputs), from the loops to the
    /// operand's dims (no results for a scalar operand).
    pub maps: Vec<AffineMap>,
    pub iterators: Vec<IteratorKind>,
}

impl Structured {
    /// Inputs then outputs.
    pub fn operands(&self) -> impl Iterator<Item = Value> + '_ {
        self.inputs.iter().chain(&self.outputs).copied()
    }

    /// The number of loops.
    pub fn num_loops(&self) -> usize {
        self.iterators.len()
    }
}

/// The structured view of `op`, if it is a structured op whose maps are
/// readable (a malformed one is reported by the verifier).
pub fn structured(ctx: &Context, op: OpId) -> Option<Structured> {
    let def = ctx.def_of(op)?;
    if std::ptr::eq(def, &super::linalg::TRANSPOSE) || std::ptr::eq(def, &super::linalg::FILL) {
        return transpose_or_fill(ctx, op);
    }
    if std::ptr::eq(def, &super::linalg_map::MAP) {
        return super::linalg_map::map_structured(ctx, op);
    }
    if std::ptr::eq(def, &super::linalg_reduce::REDUCE) {
        return super::linalg_reduce::reduce_structured(ctx, op);
    }
    if std::ptr::eq(def, &super::linalg_reduce::BROADCAST) {
        return super::linalg_reduce::broadcast_structured(ctx, op);
    }
    if !std::ptr::eq(def, &GENERIC) && named(ctx, op).is_none() {
        return None;
    }
    let [segments, maps, iterators] = ctx.get_attrs(op, [OPERAND_SEGMENT_SIZES, INDEXING_MAPS, ITERATOR_TYPES]);
    let (inputs, outputs) = split_by_segments(ctx, op, segments)?;
    let (inputs, outputs) = (inputs.to_vec(), outputs.to_vec());
    let maps = match maps {
        Some(a) => maps_of(ctx, a)?,
        None => default_maps(ctx, op, &inputs, &outputs),
    };
    let iterators = match iterators {
        Some(a) => iterators_of(ctx, a)?,
        None => derived_iterators(&maps, inputs.len()),
    };
    Some(Structured { inputs, outputs, maps, iterators })
}

fn transpose_or_fill(ctx: &Context, op: OpId) -> Option<Structured> {
    let ops = ctx.operands(op);
    let (input, output) = (*ops.first()?, *ops.get(1)?);
    let rank = rank(ctx, output)?;
    let input_map = if super::linalg::TransposeOp::isa(ctx, op) {
        // dim(result, i) = dim(input, perm[i]): input dim perm[i] is loop i.
        let perm = ctx.get_attr(op, "permutation").and_then(|a| ctx.as_i64_array(a))?;
        let mut results = vec![AffineExpr::Dim(0); perm.len()];
        for (i, p) in perm.iter().enumerate() {
            *results.get_mut(usize::try_from(*p).ok()?)? = AffineExpr::Dim(i as u32);
        }
        AffineMap { num_dims: rank as u32, num_syms: 0, results }
    } else {
        AffineMap { num_dims: rank as u32, num_syms: 0, results: vec![] }
    };
    Some(Structured {
        inputs: vec![input],
        outputs: vec![output],
        maps: vec![input_map, AffineMap::identity(rank as u32)],
        iterators: vec![IteratorKind::Parallel; rank],
    })
}

fn rank(ctx: &Context, v: Value) -> Option<usize> {
    ctx.value_type_kind(v).shape().map(|s| s.len())
}

/// The `ins` and `outs` operands of a structured op, borrowed from it:
/// split by `operandSegmentSizes` (all but the last operand are inputs
/// when it is missing).
fn split_operands(ctx: &Context, op: OpId) -> Option<(&[Value], &[Value])> {
    split_by_segments(ctx, op, ctx.get_attr_sym(op, OPERAND_SEGMENT_SIZES))
}

/// [`split_operands`] with the op's `operandSegmentSizes` already read.
fn split_by_segments(ctx: &Context, op: OpId, segments: Option<Attr>) -> Option<(&[Value], &[Value])> {
    let ops = ctx.operands(op);
    let num_inputs = match segments.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { values, .. }) if values.len() == 2 => usize::try_from(values[0]).ok()?,
        _ => ops.len().checked_sub(1)?,
    };
    if num_inputs > ops.len() {
        return None;
    }
    Some(ops.split_at(num_inputs))
}

/// The `outs` operands of `op` exactly when [`structured`] gives a view
/// (so its `outputs`), without building the view: the maps and iterator
/// kinds are checked in place instead of copied.
fn structured_outputs(ctx: &Context, op: OpId) -> Option<&[Value]> {
    let def = ctx.def_of(op)?;
    if std::ptr::eq(def, &super::linalg::TRANSPOSE)
        || std::ptr::eq(def, &super::linalg::FILL)
        || std::ptr::eq(def, &super::linalg_reduce::BROADCAST)
    {
        structured(ctx, op)?;
        return ctx.operands(op).get(1..2);
    }
    if std::ptr::eq(def, &super::linalg_reduce::REDUCE) {
        structured(ctx, op)?;
        return Some(super::linalg_reduce::reduce_operands(ctx, op).1);
    }
    if !std::ptr::eq(def, &GENERIC) && named(ctx, op).is_none() {
        return None;
    }
    let [segments, maps, iterators] = ctx.get_attrs(op, [OPERAND_SEGMENT_SIZES, INDEXING_MAPS, ITERATOR_TYPES]);
    let (_, outputs) = split_by_segments(ctx, op, segments)?;
    let all_items = |attr: Option<Attr>, ok: &dyn Fn(Attr) -> bool| match attr.map(|a| ctx.attr_kind(a)) {
        None => true,
        Some(AttrKind::Array(items)) => items.iter().all(|i| ok(*i)),
        Some(_) => false,
    };
    let maps_ok = all_items(maps, &|m| matches!(ctx.attr_kind(m), AttrKind::AffineMap(_)));
    let iterators_ok = all_items(iterators, &|i| iterator_kind(ctx, i).is_some());
    (maps_ok && iterators_ok).then_some(outputs)
}

fn maps_of(ctx: &Context, a: Attr) -> Option<Vec<AffineMap>> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items
            .iter()
            .map(|m| match ctx.attr_kind(*m) {
                AttrKind::AffineMap(m) => Some(m.clone()),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

fn iterators_of(ctx: &Context, a: Attr) -> Option<Vec<IteratorKind>> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items.iter().map(|i| iterator_kind(ctx, *i)).collect(),
        _ => None,
    }
}

/// `[#linalg.iterator_type<...>, ...]` for `kinds`.
pub fn iterator_types_attr(ctx: &mut Context, kinds: &[IteratorKind]) -> Attr {
    let items = kinds.iter().map(|k| iterator_type_attr(ctx, *k)).collect();
    ctx.attr(AttrKind::Array(items))
}

/// `#linalg.iterator_type<parallel>` or `<reduction>`.
fn iterator_type_attr(ctx: &mut Context, kind: IteratorKind) -> Attr {
    let text = match kind {
        IteratorKind::Parallel => "iterator_type<parallel>",
        IteratorKind::Reduction => "iterator_type<reduction>",
    };
    ctx.static_attr(text, |ctx| {
        let linalg = ctx.sym("linalg");
        ctx.attr(AttrKind::Opaque { dialect: linalg, text: text.to_string() })
    })
}

/// `#linalg.iterator_type<parallel>` (or the string `"parallel"`).
fn iterator_kind(ctx: &Context, a: Attr) -> Option<IteratorKind> {
    let word: &str = match ctx.attr_kind(a) {
        AttrKind::Opaque { dialect, text } if ctx.str(*dialect) == "linalg" => {
            text.strip_prefix("iterator_type<")?.strip_suffix('>')?
        }
        AttrKind::String { value, .. } => value,
        _ => return None,
    };
    match word {
        "parallel" => Some(IteratorKind::Parallel),
        "reduction" => Some(IteratorKind::Reduction),
        _ => None,
    }
}

/// Loops that index no output are reductions.
fn derived_iterators(maps: &[AffineMap], num_inputs: usize) -> Vec<IteratorKind> {
    let n = maps.first().map_or(0, |m| m.num_dims as usize);
    let mut kinds = vec![IteratorKind::Reduction; n];
    for m in maps.iter().skip(num_inputs) {
        for e in &m.results {
            if let AffineExpr::Dim(d) = e {
                if let Some(k) = kinds.get_mut(*d as usize) {
                    *k = IteratorKind::Parallel;
                }
            }
        }
    }
    kinds
}

/// `(d0, d1, d2) -> (d0, d2)`, `(d2, d1)`, `(d0, d1)`.
pub fn matmul_maps() -> Vec<AffineMap> {
    maps_over(3, &[&[0, 2], &[2, 1], &[0, 1]])
}

/// Maps over `n` loops, each a list of loop dims.
fn maps_over(n: u32, dims: &[&[u32]]) -> Vec<AffineMap> {
    dims.iter()
        .map(|ds| AffineMap { num_dims: n, num_syms: 0, results: ds.iter().map(|d| AffineExpr::Dim(*d)).collect() })
        .collect()
}

/// The indexing maps of a contraction named op (matmul and its family), as
/// upstream defines them.
pub fn contraction_maps(def: &OpDef) -> Option<Vec<AffineMap>> {
    let is = |d: &OpDef| std::ptr::eq(def, d);
    Some(if is(&MATMUL) {
        matmul_maps()
    } else if is(&BATCH_MATMUL) {
        maps_over(4, &[&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]])
    } else if is(&BATCH_REDUCE_MATMUL) {
        maps_over(4, &[&[0, 1, 3], &[0, 3, 2], &[1, 2]])
    } else if is(&MATVEC) {
        maps_over(2, &[&[0, 1], &[1], &[0]])
    } else if is(&VECMAT) {
        maps_over(2, &[&[1], &[1, 0], &[0]])
    } else if is(&DOT) {
        maps_over(1, &[&[0], &[0], &[]])
    } else if is(&MMT4D) {
        maps_over(6, &[&[0, 2, 3, 5], &[1, 2, 4, 5], &[0, 1, 3, 4]])
    } else if is(&BATCH_MMT4D) {
        maps_over(7, &[&[0, 1, 3, 4, 6], &[0, 2, 3, 5, 6], &[0, 1, 2, 4, 5]])
    } else {
        return None;
    })
}

/// Whether a contraction carries its maps as the `indexing_maps` property
/// (matmul, batch_matmul, batch_reduce_matmul in MLIR 22); the others
/// memoize them in a discardable `linalg.memoized_indexing_maps`.
fn has_maps_property(def: &OpDef) -> bool {
    [&MATMUL, &BATCH_MATMUL, &BATCH_REDUCE_MATMUL, &CONTRACT].iter().any(|d| std::ptr::eq(def, *d))
}

/// The maps of a named op without an `indexing_maps` attribute: identity
/// over the output's rank for every shaped operand (no results for a
/// scalar), the contraction's for a contraction.
fn default_maps(ctx: &Context, op: OpId, inputs: &[Value], outputs: &[Value]) -> Vec<AffineMap> {
    if let Some(maps) = ctx.def_of(op).and_then(contraction_maps).or_else(|| super::conv::conv_maps(ctx, op)) {
        return maps;
    }
    let n = outputs.first().and_then(|o| rank(ctx, *o)).unwrap_or(0) as u32;
    inputs
        .iter()
        .chain(outputs)
        .map(|v| match rank(ctx, *v) {
            Some(_) => AffineMap::identity(n),
            None => AffineMap { num_dims: n, num_syms: 0, results: vec![] },
        })
        .collect()
}

/// The element type of a shaped type, or the type itself.
pub fn element_type(ctx: &Context, t: Type) -> Type {
    ctx.type_kind(t).element_type().unwrap_or(t)
}

fn in_out_names(ctx: &Context, op: OpId, index: usize) -> Option<&'static str> {
    let (inputs, _) = split_operands(ctx, op)?;
    Some(if index < inputs.len() { "in" } else { "out" })
}

// ---- the implicit bodies of named ops --------------------------------------

fn is_float(ctx: &Context, t: Type) -> bool {
    ctx.type_kind(t).is_float()
}

fn is_int(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Integer { .. })
}

fn bit_width(ctx: &Context, t: Type) -> u32 {
    match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => *width,
        TypeKind::Float(k) => k.width(),
        _ => 64,
    }
}

/// Builds ops into one block.
struct BodyBuilder<'a> {
    ctx: &'a mut Context,
    block: crate::BlockId,
    loc: Loc,
}

impl BodyBuilder<'_> {
    fn op(&mut self, name: &str, operands: &[Value], result: Option<Type>) -> Option<Value> {
        let spec = OpSpec {
            name: self.ctx.sym(name),
            operands: operands.iter().copied().collect(),
            result_types: result.into_iter().collect(),
            attrs: AttrMap::default(),
            regions: vec![],
            successors: vec![],
            loc: self.loc,
        };
        let op = self.ctx.create_op(spec);
        self.ctx.append_op(self.block, op);
        self.ctx.results(op).first().copied()
    }

    /// `arith.constant <value> : t`.
    fn float_constant(&mut self, value: f64, t: Type) -> Value {
        let a = self.ctx.attr(AttrKind::Float { bits: value.to_bits(), ty: t });
        let v = self.op("arith.constant", &[], Some(t)).expect("a constant has a result");
        let op = self.ctx.defining_op(v).expect("just made");
        self.ctx.set_attr(op, "value", a);
        v
    }

    /// `v` converted to `to` (upstream's `cast_signed` / `cast_unsigned`).
    fn cast(&mut self, v: Value, to: Type, unsigned: bool) -> Result<Value, String> {
        let from = self.ctx.value_type(v);
        if from == to {
            return Ok(v);
        }
        let (fw, tw) = (bit_width(self.ctx, from), bit_width(self.ctx, to));
        let name =
            match (is_float(self.ctx, from), is_float(self.ctx, to), is_int(self.ctx, from), is_int(self.ctx, to)) {
                (true, true, _, _) if fw < tw => "arith.extf",
                (true, true, _, _) => "arith.truncf",
                (_, _, true, true) if fw < tw && unsigned => "arith.extui",
                (_, _, true, true) if fw < tw => "arith.extsi",
                (_, _, true, true) => "arith.trunci",
                (false, true, true, _) if unsigned => "arith.uitofp",
                (false, true, true, _) => "arith.sitofp",
                (true, false, _, true) if unsigned => "arith.fptoui",
                (true, false, _, true) => "arith.fptosi",
                _ => {
                    return Err(format!(
                        "cannot cast '{}' to '{}'",
                        type_to_string(self.ctx, from),
                        type_to_string(self.ctx, to)
                    ))
                }
            };
        Ok(self.op(name, &[v], Some(to)).expect("a cast has a result"))
    }
}

/// Builds the body of a named op over elements `ins` -> `out`, as
/// upstream's region builders do.
pub fn named_body(
    ctx: &mut Context,
    named: &NamedOp,
    ins: &[Type],
    out: Type,
    unsigned: bool,
    loc: Loc,
) -> Result<RegionId, String> {
    let name = named.def.name;
    let region = ctx.create_region();
    let block = ctx.append_block(region);
    let args: Vec<Value> = ins.iter().chain([&out]).map(|t| ctx.add_block_arg(block, *t)).collect();
    let mut b = BodyBuilder { ctx, block, loc };
    let result = match named.body {
        NamedBody::Unary(op) => {
            let t = ins[0];
            if !is_float(b.ctx, t) {
                return Err(format!("custom op '{name}' unsupported non numeric type"));
            }
            b.op(op, &args[..1], Some(t))
        }
        NamedBody::Binary { float, int } => {
            let (l, r) = (ins[0], ins[1]);
            let op = if is_float(b.ctx, l) && is_float(b.ctx, r) {
                float
            } else if is_int(b.ctx, l) && is_int(b.ctx, r) && !int.is_empty() {
                int
            } else {
                return Err(format!(
                    "Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got '{}' and '{}'",
                    type_to_string(b.ctx, l),
                    type_to_string(b.ctx, r)
                ));
            };
            b.op(op, &args[..2], Some(l))
        }
        NamedBody::Matmul => {
            let x = b.cast(args[0], out, unsigned)?;
            let y = b.cast(args[1], out, unsigned)?;
            let (mul, add) =
                if is_float(b.ctx, out) { ("arith.mulf", "arith.addf") } else { ("arith.muli", "arith.addi") };
            let p = b.op(mul, &[x, y], Some(out)).expect("a product");
            b.op(add, &[args[2], p], Some(out))
        }
        NamedBody::Copy => Some(b.cast(args[0], out, unsigned)?),
        NamedBody::Reciprocal => {
            let t = ins[0];
            if !is_float(b.ctx, t) {
                return Err(format!("custom op '{name}' unsupported non numeric type"));
            }
            let one = b.float_constant(1.0, t);
            b.op("arith.divf", &[one, args[0]], Some(t))
        }
        NamedBody::Square => {
            let t = ins[0];
            if !is_float(b.ctx, t) {
                return Err(format!("custom op '{name}' unsupported non numeric type"));
            }
            b.op("arith.mulf", &[args[0], args[0]], Some(t))
        }
        NamedBody::Select => b.op("arith.select", &args[..3], Some(ins[1])),
        NamedBody::Conv(kind) => conv_body(&mut b, kind, &args, out)?,
    };
    let yielded: Vec<Value> = result.into_iter().collect();
    b.op("linalg.yield", &yielded, None);
    Ok(region)
}

/// The body of a convolution or pooling op over block arguments `args`
/// (input, filter, [zero points,] output), as the op's OpDSL definition
/// evaluates it (casts to the output's type where it is read).
fn conv_body(
    b: &mut BodyBuilder<'_>,
    kind: super::conv::ConvBody,
    args: &[Value],
    out: Type,
) -> Result<Option<Value>, String> {
    use super::conv::ConvBody;
    let float = is_float(b.ctx, out);
    let acc = *args.last().expect("an output argument");
    let pick = |f: &'static str, i: &'static str| if float { f } else { i };
    Ok(match kind {
        ConvBody::Mul => {
            let x = b.cast(args[0], out, false)?;
            let y = b.cast(args[1], out, false)?;
            let p = b.op(pick("arith.mulf", "arith.muli"), &[x, y], Some(out)).expect("a product");
            b.op(pick("arith.addf", "arith.addi"), &[acc, p], Some(out))
        }
        ConvBody::MulZeroPoints => {
            let sub = pick("arith.subf", "arith.subi");
            let x = b.cast(args[0], out, false)?;
            let xz = b.cast(args[2], out, false)?;
            let x = b.op(sub, &[x, xz], Some(out)).expect("a difference");
            let y = b.cast(args[1], out, false)?;
            let yz = b.cast(args[3], out, false)?;
            let y = b.op(sub, &[y, yz], Some(out)).expect("a difference");
            let p = b.op(pick("arith.mulf", "arith.muli"), &[x, y], Some(out)).expect("a product");
            b.op(pick("arith.addf", "arith.addi"), &[acc, p], Some(out))
        }
        ConvBody::Sum => {
            let x = b.cast(args[0], out, false)?;
            b.op(pick("arith.addf", "arith.addi"), &[acc, x], Some(out))
        }
        ConvBody::Max { unsigned } | ConvBody::Min { unsigned } => {
            let max = matches!(kind, ConvBody::Max { .. });
            let x = b.cast(args[0], out, unsigned)?;
            let name = match (max, float, unsigned) {
                (true, true, _) => "arith.maximumf",
                (false, true, _) => "arith.minimumf",
                (true, false, false) => "arith.maxsi",
                (true, false, true) => "arith.maxui",
                (false, false, false) => "arith.minsi",
                (false, false, true) => "arith.minui",
            };
            b.op(name, &[acc, x], Some(out))
        }
    })
}

// ---- custom forms -----------------------------------------------------------

/// `ins(%a, %b : t, t)` / `outs(...)`: operands and types, if present.
pub(crate) fn parse_operand_group(p: &mut OpParser<'_, '_>, kw: &str) -> PResult<(Vec<UnresolvedOperand>, Vec<Type>)> {
    if !p.optional_keyword(kw) {
        return Ok((vec![], vec![]));
    }
    p.expect(Tok::LParen)?;
    let ops = p.operand_list()?;
    let tys = if ops.is_empty() {
        vec![]
    } else {
        p.expect(Tok::Colon)?;
        p.type_list()?
    };
    p.expect(Tok::RParen)?;
    Ok((ops, tys))
}

/// `ins(...) outs(...)`, pushing the operands and their segment sizes.
fn parse_ins_outs(p: &mut OpParser<'_, '_>) -> PResult<(Vec<Type>, Vec<Type>)> {
    let (in_tys, out_tys) = parse_ins_outs_operands(p)?;
    p.set_operand_segments(&[in_tys.len(), out_tys.len()]);
    Ok((in_tys, out_tys))
}

/// ` ins(%a : t) outs(%b : t)` pushed as the op's operands, ins first;
/// their types. (Segments, where the op has them, are the caller's.)
pub(crate) fn parse_ins_outs_operands(p: &mut OpParser<'_, '_>) -> PResult<(Vec<Type>, Vec<Type>)> {
    let loc = p.cur_loc();
    let (ins, in_tys) = parse_operand_group(p, "ins")?;
    let out_loc = p.cur_loc();
    let (outs, out_tys) = parse_operand_group(p, "outs")?;
    p.push_operands(&ins, &in_tys, loc)?;
    p.push_operands(&outs, &out_tys, out_loc)?;
    Ok((in_tys, out_tys))
}

/// ` ins(%a : t) outs(%b : t)` of a structured op (a `linalg.map`'s init
/// is its last operand).
pub(crate) fn print_ins_outs(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some((ins, outs)) = split_operands(ctx, op) else { return };
    print_operand_group(p, "ins", ins);
    print_operand_group(p, "outs", outs);
}

/// ` kw(%a, %b : t, u)`, nothing for no values.
pub(crate) fn print_operand_group(p: &mut OpPrinter<'_>, kw: &str, vals: &[Value]) {
    if vals.is_empty() {
        return;
    }
    let ctx = p.ctx();
    p.write(" ");
    p.write(kw);
    p.write("(");
    p.print_operands(vals);
    p.write(" : ");
    let tys: Vec<Type> = vals.iter().map(|v| ctx.value_type(*v)).collect();
    p.print_types(&tys);
    p.write(")");
}

/// `-> types` after the operands: tensor results.
fn parse_results(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.at(Tok::Arrow) {
        p.result_types = p.arrow_type_list()?.into();
    }
    Ok(())
}

fn print_results(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let tys: Vec<Type> = ctx.results(op).iter().map(|v| ctx.value_type(*v)).collect();
    if !tys.is_empty() {
        p.write(" -> ");
        p.print_arrow_types(&tys);
    }
}

/// `[#map, ...]`: an array of affine maps.
fn parse_map_list(p: &mut OpParser<'_, '_>) -> PResult<Attr> {
    let loc = p.cur_loc();
    let a = p.attribute(None)?;
    if maps_of(p.ctx(), a).is_none() {
        return p.err_at(loc, "expected an array of affine maps");
    }
    Ok(a)
}

pub(crate) fn parse_named(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.optional_keyword("indexing_maps") {
        p.expect(Tok::Equal)?;
        let maps = parse_map_list(p)?;
        p.set_attr("indexing_maps", maps);
    } else if std::ptr::eq(p.def, &CONTRACT) {
        return p.err("custom op 'linalg.contract' expected 'indexing_maps' attribute");
    }
    let dict_loc = p.cur_loc();
    p.optional_attr_dict()?;
    if let Some(spec) = super::conv::spec(p.def) {
        // Upstream checks the attributes' constraints as it parses them.
        for name in ["dilations", "strides"] {
            let key = p.ctx().sym(name);
            let attr = p.attrs.get(&key).copied();
            if attr.is_some() && super::conv::index_attr(p.ctx(), attr, spec.spatial()).is_none() {
                let op = p.def.name;
                return p.err_at(
                    dict_loc,
                    format!(
                        "custom op '{op}' '{op}' op attribute '{name}' failed to satisfy constraint: 64-bit signless \
                         int elements attribute of shape [{}]",
                        spec.spatial()
                    ),
                );
            }
        }
    }
    let at = p.cur_loc();
    let (in_tys, out_tys) = parse_ins_outs(p)?;
    // Upstream also takes the attributes after `outs(..)`.
    p.optional_attr_dict()?;
    parse_results(p)?;
    let named = all_named().find(|n| std::ptr::eq(n.def, p.def)).expect("a named op");
    if in_tys.len() + out_tys.len() != named.inputs + 1 {
        // Upstream finds out when it builds the body, after the results.
        let here = p.cur_loc();
        return p.err_at(
            here,
            format!(
                "custom op '{}' [parseNamedStructuredOpRegion] ods-gen generated region expects {} args, got {}",
                p.def.name,
                named.inputs + 1,
                in_tys.len() + out_tys.len()
            ),
        );
    }
    if in_tys.len() != named.inputs || out_tys.len() != 1 {
        return p.err_at(
            at,
            format!(
                "'{}' expects {} input(s) and 1 output, got {} and {}",
                p.def.name,
                named.inputs,
                in_tys.len(),
                out_tys.len()
            ),
        );
    }
    let maps_key = p.ctx().sym("indexing_maps");
    if let Some(maps) = contraction_maps(p.def).filter(|_| !p.attrs.contains_key(&maps_key)) {
        let maps: Vec<Attr> = maps.into_iter().map(|m| p.ctx().attr(AttrKind::AffineMap(m))).collect();
        let a = p.ctx().attr(AttrKind::Array(maps));
        // A property of matmul and the batch matmuls; the other
        // contractions memoize their maps in an attribute, as MLIR's
        // verifier leaves them.
        let name = if has_maps_property(p.def) { "indexing_maps" } else { "linalg.memoized_indexing_maps" };
        p.set_attr(name, a);
    }
    if let Some(spec) = super::conv::spec(p.def) {
        // Upstream's verifier memoizes a convolution's maps (its strides
        // and dilations applied) in a discardable attribute.
        let n = spec.spatial();
        let [strides, dilations] = ["strides", "dilations"].map(|k| {
            let key = p.ctx().sym(k);
            let attr = p.attrs.get(&key).copied();
            super::conv::index_attr(p.ctx(), attr, n)
        });
        if let (Some(strides), Some(dilations)) = (strides, dilations) {
            let maps: Vec<Attr> =
                spec.maps(&strides, &dilations).into_iter().map(|m| p.ctx().attr(AttrKind::AffineMap(m))).collect();
            let a = p.ctx().attr(AttrKind::Array(maps));
            p.set_attr("linalg.memoized_indexing_maps", a);
        }
    }
    let cast_key = p.ctx().sym("cast");
    let cast = p.attrs.get(&cast_key).copied();
    let unsigned = is_cast_unsigned(p.ctx(), cast);
    let ins: Vec<Type> = in_tys.iter().map(|t| element_type(p.ctx(), *t)).collect();
    let out = element_type(p.ctx(), out_tys[0]);
    // Upstream's region builders put the body at unknown locations.
    let loc = p.ctx().unknown_loc();
    match named_body(p.ctx(), named, &ins, out, unsigned, loc) {
        Ok(r) => {
            p.regions.push(r);
            Ok(())
        }
        Err(m) => p.err_at(at, m),
    }
}

fn is_cast_unsigned(ctx: &Context, a: Option<Attr>) -> bool {
    matches!(a.map(|a| ctx.attr_kind(a)), Some(AttrKind::Opaque { text, .. }) if text.contains("cast_unsigned"))
}

/// Whether a matmul's `cast` is `cast_unsigned`.
pub fn casts_unsigned(ctx: &Context, op: OpId) -> bool {
    is_cast_unsigned(ctx, ctx.get_attr(op, "cast"))
}

pub(crate) fn print_named(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let def = ctx.def_of(op);
    // The maps print unless they are the op's defaults (`linalg.contract`
    // has none).
    if let Some(d) = def.filter(|d| has_maps_property(d)) {
        let default = contraction_maps(d);
        if let Some(maps) = ctx.get_attr(op, "indexing_maps") {
            if default.is_none_or(|default| maps_of(ctx, maps).is_some_and(|m| m != default)) {
                p.write(" indexing_maps = ");
                p.print_attr(maps);
            }
        }
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes", "indexing_maps", "linalg.memoized_indexing_maps"]);
    print_ins_outs(p, op);
    print_results(p, op);
}

fn parse_generic(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let dict_loc = p.cur_loc();
    if p.at(Tok::HashId) {
        // The trait dictionary through an alias (`linalg.generic #trait`),
        // as upstream parses any attribute there that is a dictionary.
        let a = p.attribute(None)?;
        let AttrKind::Dict(entries) = p.ctx().attr_kind(a).clone() else {
            return p.err_at(dict_loc, "custom op 'linalg.generic' invalid kind of attribute specified");
        };
        for (k, v) in entries {
            p.attrs.insert(k, v);
        }
    } else {
        p.optional_attr_dict()?;
    }
    // `iterator_types = ["parallel", ...]` becomes the enum attributes.
    if let Some(a) = p.attrs.get(&ITERATOR_TYPES).copied() {
        let ctx: &Context = p.ctx();
        let kinds: Result<SmallVec<[IteratorKind; 8]>, Option<String>> = match ctx.attr_kind(a) {
            AttrKind::Array(items) => items
                .iter()
                .map(|&i| match ctx.attr_kind(i) {
                    AttrKind::String { value, .. } => match value.as_str() {
                        "parallel" => Ok(IteratorKind::Parallel),
                        "reduction" => Ok(IteratorKind::Reduction),
                        word => Err(Some(format!("custom op 'linalg.generic' unexpected iterator_type ({word})"))),
                    },
                    _ => Err(None),
                })
                .collect(),
            _ => return p.err_at(dict_loc, "expected iterator_types to be an array"),
        };
        let kinds = match kinds {
            Ok(kinds) => kinds,
            Err(Some(msg)) => return p.err_at(dict_loc, msg),
            Err(None) => return p.err_at(dict_loc, "expected iterator_types to be an array of strings"),
        };
        let a = iterator_types_attr(p.ctx(), &kinds);
        p.attrs.insert(ITERATOR_TYPES, a);
    }
    parse_ins_outs(p)?;
    if p.optional_keyword("attrs") {
        p.expect(Tok::Equal)?;
        p.optional_attr_dict()?;
    }
    p.region(&[])?;
    parse_results(p)
}

/// The attributes of a generic's trait dictionary, in the order MLIR prints
/// them (sorted by name).
const GENERIC_TRAIT_ATTRS: &[&str] = &["doc", "indexing_maps", "iterator_types", "library_call"];

/// The attributes the custom form of a generic prints itself.
const GENERIC_ELIDED_ATTRS: &[&str] =
    &["doc", "indexing_maps", "iterator_types", "library_call", "operandSegmentSizes"];

fn print_generic(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    // The trait attributes as one dictionary, iterator types as strings.
    p.write(" {");
    let present = GENERIC_TRAIT_ATTRS.iter().filter_map(|n| ctx.get_attr(op, n).map(|a| (*n, a)));
    for (i, (name, a)) in present.enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write(name);
        p.write(" = ");
        if name == "iterator_types" {
            p.write("[");
            for (j, k) in iterators_of(ctx, a).unwrap_or_default().iter().enumerate() {
                p.write(if j > 0 { ", " } else { "" });
                p.write(if *k == IteratorKind::Parallel { "\"parallel\"" } else { "\"reduction\"" });
            }
            p.write("]");
        } else {
            p.print_attr(a);
        }
    }
    p.write("}");
    print_ins_outs(p, op);
    let elided = GENERIC_ELIDED_ATTRS;
    if ctx.op(op).attrs.keys().any(|k| !elided.contains(&ctx.str(*k))) {
        // Upstream prints `attrs = ` and then a dictionary with its own
        // leading space.
        p.write(" attrs = ");
        p.print_optional_attr_dict(op, elided);
    }
    if let Some(&r) = ctx.regions(op).first() {
        p.write(" ");
        p.print_region(r, true, true);
    }
    print_results(p, op);
}

fn parse_index(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let d = p.integer()?;
    let i64t = p.ctx().int_type(64);
    let a = p.ctx().int_attr(d as i128, i64t);
    p.set_attr("dim", a);
    p.optional_attr_dict()?;
    let t = p.colon_type()?;
    p.result_types.push(t);
    Ok(())
}

fn print_index(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(&format!(" {}", index_dim(ctx, op).unwrap_or(0)));
    p.print_attr_dict(op);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

/// The loop a `linalg.index` reads.
pub fn index_dim(ctx: &Context, op: OpId) -> Option<i64> {
    match ctx.get_attr(op, "dim").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => i64::try_from(*value).ok(),
        _ => None,
    }
}

// ---- verification -------------------------------------------------------------

fn verify_index(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(parent) = ctx.parent_op(op).and_then(|p| structured(ctx, p)) else {
        return Err("expected parent op with LinalgOp interface".into());
    };
    let dim = index_dim(ctx, op).ok_or("requires attribute 'dim'")?;
    let loops = parent.num_loops();
    if dim < 0 || dim as usize >= loops {
        return Err(format!(
            "expected dim ({dim}) to be lower than the number of loops ({loops}) of the enclosing LinalgOp"
        )
        .into());
    }
    Ok(())
}

/// `linalg.yield` inside a structured op: one value per output, of its
/// element type.
pub fn verify_yield_in(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let Some(parent) = ctx.parent_op(op) else { return Ok(()) };
    let Some(outputs) = structured_outputs(ctx, parent) else { return Ok(()) };
    let vals = ctx.operands(op);
    if vals.len() != outputs.len() {
        return Err(format!(
            "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({})",
            vals.len(),
            outputs.len()
        )
        .into());
    }
    for (i, (v, out)) in vals.iter().zip(outputs).enumerate() {
        let (got, want) = (ctx.value_type(*v), element_type(ctx, ctx.value_type(*out)));
        if got != want {
            return Err(format!(
                "type of yield operand {} ('{}') doesn't match the element type of the enclosing linalg.generic op ('{}')",
                i + 1,
                type_to_string(ctx, got),
                type_to_string(ctx, want)
            )
            .into());
        }
    }
    Ok(())
}

/// For each loop, the first operand dim it indexes directly (MLIR's
/// shapes-to-loops map), or `None` when a loop indexes nothing.
pub fn loop_sources(s: &Structured) -> Option<Vec<(usize, usize)>> {
    loop_sources_of(&s.maps, s.num_loops())
}

/// [`loop_sources`] of `num_loops` loops and these maps (owned or borrowed).
fn loop_sources_of<M: std::borrow::Borrow<AffineMap>>(maps: &[M], num_loops: usize) -> Option<Vec<(usize, usize)>> {
    let mut found = vec![None; num_loops];
    for (k, m) in maps.iter().map(|m| m.borrow()).enumerate() {
        for (j, e) in m.results.iter().enumerate() {
            if let AffineExpr::Dim(d) = e {
                if let Some(slot) = found.get_mut(*d as usize) {
                    slot.get_or_insert((k, j));
                }
            }
        }
    }
    found.into_iter().collect()
}

/// MLIR 22's `ContractOp::verify` (its errors carry no op name), then the
/// checks of every structured op: each map a projected permutation of
/// one iteration space, ranks matching the operands, and every loop either
/// in the output (parallel) or in both inputs and not the output (a
/// contracting dim, at least one).
fn verify_contract(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let maps = ctx.get_attr(op, "indexing_maps").and_then(|a| maps_of(ctx, a)).unwrap_or_default();
    let mut dims: Option<usize> = None;
    let (mut ins, mut outs) = (Vec::new(), Vec::new());
    for (k, (m, v)) in maps.iter().zip(ctx.operands(op)).enumerate() {
        let projected = m.num_syms == 0 && m.results.iter().all(|e| matches!(e, AffineExpr::Dim(_)));
        let mut seen = vec![false; m.num_dims as usize];
        let distinct = m.results.iter().all(|e| match e {
            AffineExpr::Dim(d) => !std::mem::replace(&mut seen[*d as usize], true),
            _ => true,
        });
        if !projected || !distinct {
            return Err(VerifyError::bare("provided affine_map is not a projected permutation"));
        }
        match rank(ctx, *v) {
            Some(r) if r != m.results.len() => {
                return Err(VerifyError::bare("ranks of shaped operand and results of corresponding affine_map differ"))
            }
            None if !m.results.is_empty() => {
                return Err(VerifyError::bare("affine_map specifies shaped access while operand has non-shaped type"))
            }
            _ => {}
        }
        let n = m.num_dims as usize;
        if *dims.get_or_insert(n) != n {
            return Err(VerifyError::bare("iteration spaces of provided affine_maps differ"));
        }
        if ins.is_empty() {
            (ins, outs) = (vec![0usize; n], vec![0usize; n]);
        }
        let counts = if k < 2 { &mut ins } else { &mut outs };
        for e in &m.results {
            if let AffineExpr::Dim(d) = e {
                counts[*d as usize] += 1;
            }
        }
    }
    let mut contracting = false;
    for (d, (i, o)) in ins.iter().zip(&outs).enumerate() {
        contracting |= *i == 2 && *o == 0;
        if *i == 0 && *o == 0 {
            return Err(VerifyError::bare(format!("iteration space dim at index {d} not used to access any operand")));
        }
        if *i == 1 && *o != 1 {
            return Err(VerifyError::bare(format!(
                "iteration space dim at index {d} is neither a contracting dim nor of parallel iteration type"
            )));
        }
    }
    if !contracting {
        return Err(VerifyError::bare("'indexing_maps' do not specify a contracting dimension"));
    }
    verify_structured(ctx, op)
}

/// MLIR's `hasPureTensorSemantics` / `hasPureBufferSemantics`, which every
/// linalg op must satisfy: its operands are not a mix of tensors and
/// memrefs.
pub(crate) fn verify_pure_semantics(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    let kind_of = |v: &Value| match ctx.value_type_kind(*v) {
        TypeKind::Tensor { .. } => 1u8,
        TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. } => 2,
        _ => 0,
    };
    if ctx.operands(op).iter().map(kind_of).fold(0, |acc, k| acc | k) == 3 {
        return Err("expected to have pure tensor or buffer semantics".into());
    }
    Ok(())
}

pub(crate) fn verify_structured(ctx: &Context, op: OpId) -> Result<(), VerifyError> {
    super::conv::verify_index_attrs(ctx, op)?;
    let (inputs, outputs) = split_operands(ctx, op).ok_or("expected inputs and outputs")?;
    // A generic's maps are read in place; a named op's defaults are made.
    let owned;
    let (maps, num_loops): (SmallVec<[&AffineMap; 4]>, usize) = match borrowed_maps(ctx, op) {
        Some(view) => view,
        None => {
            let Some(s) = structured(ctx, op) else {
                if ctx.get_attr_sym(op, ITERATOR_TYPES).is_some_and(|a| iterators_of(ctx, a).is_none()) {
                    return Err("expected iterator_types to be an array of #linalg.iterator_type".into());
                }
                return Err("expected indexing_maps to be an array of affine maps".into());
            };
            owned = s;
            (owned.maps.iter().collect(), owned.num_loops())
        }
    };
    // Destination style: one tensor result per tensor output.
    let tensor_outs: SmallVec<[Value; 2]> =
        outputs.iter().copied().filter(|v| matches!(ctx.value_type_kind(*v), TypeKind::Tensor { .. })).collect();
    let results = ctx.results(op);
    if results.len() != tensor_outs.len() {
        return Err(VerifyError::bare(format!(
            "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
            results.len(),
            tensor_outs.len()
        )));
    }
    for (k, (r, o)) in results.iter().zip(&tensor_outs).enumerate() {
        if ctx.value_type(*r) != ctx.value_type(*o) {
            return Err(format!(
                "expected type of operand #{} ('{}') to match type of corresponding result ('{}')",
                inputs.len() + k,
                type_to_string(ctx, ctx.value_type(*o)),
                type_to_string(ctx, ctx.value_type(*r))
            )
            .into());
        }
    }
    verify_pure_semantics(ctx, op)?;
    let num_operands = inputs.len() + outputs.len();
    if maps.len() != num_operands {
        return Err(format!(
            "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({num_operands})",
            maps.len()
        )
        .into());
    }
    for (k, (m, v)) in maps.iter().zip(inputs.iter().chain(outputs)).enumerate() {
        if m.num_syms != 0 {
            return Err(format!("unexpected symbols in indexing_map #{k}").into());
        }
        let r = rank(ctx, *v).unwrap_or(0);
        if r != m.results.len() {
            return Err(format!(
                "expected operand #{k} rank ({r}) to match the result rank of indexing_map ({})",
                m.results.len()
            )
            .into());
        }
        if m.num_dims as usize != num_loops {
            return Err(
                format!("expected indexing_map #{k} to have {num_loops} dim(s) to match the number of loops").into()
            );
        }
    }
    let Some(sources) = loop_sources_of(&maps, num_loops) else {
        // Upstream prints the loops-to-shapes map: every map's results.
        let all = crate::affine::AffineMap {
            num_dims: num_loops as u32,
            num_syms: 0,
            results: maps.iter().flat_map(|m| m.results.iter().cloned()).collect(),
        };
        return Err(format!("invalid indexing maps are non-invertible: ({all})").into());
    };
    verify_static_shapes(ctx, inputs, outputs, &maps, &sources)?;
    verify_body(ctx, op, inputs, outputs)
}

/// A generic's maps borrowed from its `indexing_maps`, and its number of
/// loops from its `iterator_types`, when both are there and well formed
/// (what [`structured`] copies out; `None` sends the caller to it).
fn borrowed_maps(ctx: &Context, op: OpId) -> Option<(SmallVec<[&AffineMap; 4]>, usize)> {
    if !GenericOp::isa(ctx, op) {
        return None;
    }
    let [maps, iterators] = ctx.get_attrs(op, [INDEXING_MAPS, ITERATOR_TYPES]);
    let AttrKind::Array(maps) = ctx.attr_kind(maps?) else { return None };
    let AttrKind::Array(iterators) = ctx.attr_kind(iterators?) else { return None };
    if !iterators.iter().all(|i| iterator_kind(ctx, *i).is_some()) {
        return None;
    }
    let maps = maps
        .iter()
        .map(|m| match ctx.attr_kind(*m) {
            AttrKind::AffineMap(m) => Some(m),
            _ => None,
        })
        .collect::<Option<_>>()?;
    Some((maps, iterators.len()))
}

/// Upstream's check of static shapes against the loop ranges they imply.
fn verify_static_shapes(
    ctx: &Context,
    inputs: &[Value],
    outputs: &[Value],
    maps: &[&AffineMap],
    sources: &[(usize, usize)],
) -> Result<(), VerifyError> {
    let shape = |k: usize| {
        let v = if k < inputs.len() { inputs[k] } else { outputs[k - inputs.len()] };
        ctx.value_type_kind(v).shape().unwrap_or_default()
    };
    // The loop ranges' first and last points.
    let (mut first, mut last) = (SmallVec::<[i64; 8]>::new(), SmallVec::<[i64; 8]>::new());
    for &(k, j) in sources {
        let range = shape(k)[j];
        if range < 0 {
            return Ok(());
        }
        first.push(0);
        last.push(range - 1);
    }
    let mut corners = SmallVec::<[(i64, i64); 8]>::new();
    'maps: for (k, m) in maps.iter().enumerate() {
        // Upstream skips a map that does not evaluate at both corners.
        corners.clear();
        for e in &m.results {
            match (e.eval(&first, &[]), e.eval(&last, &[])) {
                (Some(lo), Some(hi)) => corners.push((lo, hi)),
                _ => continue 'maps,
            }
        }
        let sh = shape(k);
        for (j, (e, &(lo, hi))) in m.results.iter().zip(&corners).enumerate() {
            let Some(&size) = sh.get(j) else { continue };
            if size <= 0 {
                continue;
            }
            let inferred = lo.max(hi) + 1;
            if lo.min(hi) < 0 {
                return Err(format!("unexpected result less than 0 at expression #{j} in indexing_map #{k}").into());
            }
            if matches!(e, AffineExpr::Dim(_)) {
                if inferred != size {
                    return Err(format!(
                        "inferred input/output operand #{k} has shape's dimension #{j} to be {inferred}, but found {size}"
                    )
                    .into());
                }
            } else if inferred > size {
                return Err(format!(
                    "inferred input/output operand #{k} has shape's dimension #{j} to be greater than or equal to {inferred}, but found {size}"
                )
                .into());
            }
        }
    }
    Ok(())
}

fn verify_body(ctx: &Context, op: OpId, inputs: &[Value], outputs: &[Value]) -> Result<(), VerifyError> {
    let Some(&r) = ctx.regions(op).first() else { return Ok(()) };
    let Some(&block) = ctx.blocks(r).first() else { return Ok(()) };
    let args = ctx.block_args(block);
    if args.len() != inputs.len() + outputs.len() {
        return Err(
            "expected as many non-induction variable region arguments as the number of input/output operands".into()
        );
    }
    for (i, (a, v)) in args.iter().zip(inputs.iter().chain(outputs)).enumerate() {
        let want = element_type(ctx, ctx.value_type(*v));
        let got = ctx.value_type(*a);
        if got != want {
            return Err(format!(
                "expected type of bb argument #{i} ('{}') to match element or self type of the corresponding operand ('{}')",
                type_to_string(ctx, got),
                type_to_string(ctx, want)
            )
            .into());
        }
    }
    Ok(())
}
