//! The `vector` dialect: the ops vectorized pack / unpack / pad / generic
//! code is made of, and the ops its lowerings use. Custom forms, verifier
//! messages and generic-form properties follow mlir-opt 22 (`format.rs`,
//! `transfer.rs`, `verify.rs`).
//!
//! Values of vector type are immutable, like tensors; the engine keeps a
//! vector in the same dense storage as a tensor.

mod builders;
mod contract;
mod format;
mod memory;
mod scalable;
mod transfer;
mod verify;

pub use scalable::{ScalableExtractOp, ScalableInsertOp};

pub use contract::{contract_attrs, contract_iterators, contract_maps};
pub use transfer::{default_in_bounds, minor_identity, TransferView};

use crate::attrs::AttrKind;
use crate::registry::{traits, OpDef, Registry};
use crate::types::TypeKind;
use crate::{Context, Type};

crate::op! {
    /// `vector.transfer_read %src[%i, ...], %pad[, %mask] : tensor<..>, vector<..>`
    pub struct TransferReadOp => TRANSFER_READ = "vector.transfer_read";
    operands segmented { base: One, indices: Variadic, padding: Optional, mask: Optional }
    attributes { permutation_map: MapAttr = "permutation_map", in_bounds: AnyAttr = "in_bounds" }
    results { vector: One }
    regions { }
    format { transfer::parse_transfer_read, transfer::print_transfer_read }
    patterns [super::patterns::vector::fold_read_after_write, super::patterns::vector::fold_transfer_in_bounds, super::patterns::memref::fold_cast_operands]
    def {
        verify: Some(transfer::verify_transfer_read),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `vector.transfer_write %v, %dest[%i, ...][, %mask] : vector<..>, tensor<..>`
    pub struct TransferWriteOp => TRANSFER_WRITE = "vector.transfer_write";
    operands segmented { value_to_store: One, base: One, indices: Variadic, mask: Optional }
    attributes { permutation_map: MapAttr = "permutation_map", in_bounds: AnyAttr = "in_bounds" }
    results { result: Optional }
    regions { }
    format { transfer::parse_transfer_write, transfer::print_transfer_write }
    patterns [super::patterns::vector::erase_unused, super::patterns::vector::fold_write_of_read, super::patterns::vector::fold_transfer_in_bounds, super::patterns::memref::fold_cast_operands, super::patterns::vector::fold_write_after_write]
    def {
        verify: Some(transfer::verify_transfer_write),
    }
}

crate::op! {
    /// `vector.mask %m[, %passthru] { op } : vector<..xi1> -> T`
    pub struct MaskOp => MASK = "vector.mask";
    operands { mask: One, passthru: Optional }
    attributes { }
    results { results: Variadic }
    regions { mask_region }
    format { format::parse_mask, format::print_mask }
    patterns [super::patterns::vector::erase_unused, super::patterns::vector::fold_mask]
    def {
        verify: Some(verify::verify_mask),
        traits: traits::SINGLE_BLOCK,
        implicit_terminator: Some("vector.yield"),
    }
}

crate::op! {
    /// `vector.yield %a, ... : T, ...`
    pub struct YieldOp => YIELD = "vector.yield";
    operands { operands: Variadic }
    attributes { }
    results { }
    regions { }
    format { format::parse_yield, format::print_yield }
    def {
        verify: Some(verify::verify_yield),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

crate::op! {
    /// `vector.create_mask %a, %b : vector<4x8xi1>`
    pub struct CreateMaskOp => CREATE_MASK = "vector.create_mask";
    operands { operands: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_create_mask, format::print_create_mask }
    patterns [super::patterns::vector::create_mask_of_constants]
    def {
        verify: Some(verify::verify_create_mask),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.constant_mask [2, 4] : vector<4x8xi1>`
    pub struct ConstantMaskOp => CONSTANT_MASK = "vector.constant_mask";
    operands { }
    attributes { mask_dim_sizes: I64Array = "mask_dim_sizes" }
    results { result: One }
    regions { }
    format { format::parse_constant_mask, format::print_constant_mask }
    patterns [super::patterns::vector_constant::fold_constant_mask]
    def {
        verify: Some(verify::verify_constant_mask),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.broadcast %s : f32 to vector<4x8xf32>`
    pub struct BroadcastOp => BROADCAST = "vector.broadcast";
    operands { source: One }
    attributes { }
    results { vector: One }
    regions { }
    format { format::parse_unary_to, format::print_unary_to }
    patterns [super::patterns::vector::fold_broadcast]
    def {
        verify: Some(verify::verify_broadcast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>`
    pub struct ShapeCastOp => SHAPE_CAST = "vector.shape_cast";
    operands { source: One }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_unary_to, format::print_unary_to }
    patterns [super::patterns::vector_constant::fold_shape_cast_of_constant, super::patterns::vector::fold_shape_cast, super::patterns::vector::shape_cast_of_broadcast]
    def {
        verify: Some(verify::verify_shape_cast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.bitcast %v : vector<4xf32> to vector<4xi32>`
    pub struct BitCastOp => BITCAST = "vector.bitcast";
    operands { source: One }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_unary_to, format::print_unary_to }
    patterns [super::patterns::vector::fold_bitcast]
    def {
        verify: Some(verify::verify_bitcast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>`
    pub struct TransposeOp => TRANSPOSE = "vector.transpose";
    operands { vector: One }
    attributes { permutation: I64Array = "permutation" }
    results { result: One }
    regions { }
    format { format::parse_transpose, format::print_transpose }
    patterns [super::patterns::vector::fold_identity_transpose, super::patterns::vector_constant::fold_transpose_of_splat, super::patterns::vector::transpose_of_unit_dims]
    def {
        verify: Some(verify::verify_transpose),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.extract %v[0, %i] : f32 from vector<4x8xf32>`
    pub struct ExtractOp => EXTRACT = "vector.extract";
    operands { source: One, dynamic_position: Variadic }
    attributes { static_position: I64Array = "static_position" }
    results { result: One }
    regions { }
    format { format::parse_extract, format::print_extract }
    patterns [super::patterns::vector::fold_noop_extract_or_insert, super::patterns::vector::fold_extract_of_poison, super::patterns::vector::fold_constant_positions, super::patterns::vector_constant::fold_extract_of_constant, super::patterns::vector::fold_extract_of_extract, super::patterns::vector::fold_extract_of_insert, super::patterns::vector::fold_extract_of_transpose, super::patterns::vector::fold_extract_of_broadcast, super::patterns::vector::fold_extract_of_shape_cast, super::patterns::vector::fold_extract_of_extract_strided, super::patterns::vector::fold_extract_of_insert_strided]
    def {
        verify: Some(verify::verify_extract),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.insert %s, %v [0, %i] : f32 into vector<4x8xf32>`
    pub struct InsertOp => INSERT = "vector.insert";
    operands { value_to_store: One, dest: One, dynamic_position: Variadic }
    attributes { static_position: I64Array = "static_position" }
    results { result: One }
    regions { }
    format { format::parse_insert, format::print_insert }
    patterns [super::patterns::vector::fold_noop_extract_or_insert, super::patterns::vector::fold_constant_positions, super::patterns::vector_constant::fold_insert_of_constants, super::patterns::vector::fold_insert_use_chain, super::patterns::vector::insert_to_broadcast]
    def {
        verify: Some(verify::verify_insert),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.extract_strided_slice %v {offsets = [..], sizes = [..], strides = [..]} : T to T`
    pub struct ExtractStridedSliceOp => EXTRACT_STRIDED_SLICE = "vector.extract_strided_slice";
    operands { source: One }
    attributes { offsets: AnyAttr = "offsets", sizes: AnyAttr = "sizes", strides: AnyAttr = "strides" }
    results { result: One }
    regions { }
    format { format::parse_unary_to, format::print_unary_to }
    patterns [super::patterns::vector::fold_noop_extract_or_insert]
    def {
        verify: Some(verify::verify_extract_strided_slice),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.insert_strided_slice %a, %b {offsets = [..], strides = [..]} : T into T`
    pub struct InsertStridedSliceOp => INSERT_STRIDED_SLICE = "vector.insert_strided_slice";
    operands { value_to_store: One, dest: One }
    attributes { offsets: AnyAttr = "offsets", strides: AnyAttr = "strides" }
    results { result: One }
    regions { }
    format { format::parse_insert_strided_slice, format::print_insert_strided_slice }
    patterns [super::patterns::vector::fold_noop_extract_or_insert]
    def {
        verify: Some(verify::verify_insert_strided_slice),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.from_elements %a, %b : vector<2xf32>`
    pub struct FromElementsOp => FROM_ELEMENTS = "vector.from_elements";
    operands { elements: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_from_elements, format::print_from_elements }
    def {
        verify: Some(verify::verify_from_elements),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.step : vector<4xindex>`
    pub struct StepOp => STEP = "vector.step";
    operands { }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_step, format::print_step }
    def {
        verify: Some(verify::verify_step),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.fma %a, %b, %c : vector<4xf32>`
    pub struct FmaOp => FMA = "vector.fma";
    operands { lhs: One, rhs: One, acc: One }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_fma, format::print_fma }
    def {
        verify: Some(verify::verify_fma),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.outerproduct %lhs, %rhs[, %acc] {kind = ..}? : vector<4xf32>, vector<8xf32>`
    /// (an AXPY when `%rhs` is a scalar)
    pub struct OuterProductOp => OUTER_PRODUCT = "vector.outerproduct";
    operands { lhs: One, rhs: One, acc: Optional }
    attributes { kind: AnyAttr = "kind" }
    results { result: One }
    regions { }
    format { format::parse_outer_product, format::print_outer_product }
    def {
        verify: Some(verify::verify_outer_product),
        traits: traits::PURE,
        default_properties: &[("kind", "#vector.kind<add>")],
    }
}

crate::op! {
    /// `vector.reduction <add>, %v[, %acc] [fastmath<..>] : vector<8xf32> into f32`
    pub struct ReductionOp => REDUCTION = "vector.reduction";
    operands { vector: One, acc: Optional }
    attributes { kind: AnyAttr = "kind", fastmath: AnyAttr = "fastmath" }
    results { dest: One }
    regions { }
    format { format::parse_reduction, format::print_reduction }
    def {
        verify: Some(verify::verify_reduction),
        traits: traits::PURE,
        default_properties: super::arith::FASTMATH_DEFAULT,
    }
}

crate::op! {
    /// `vector.multi_reduction <add>, %v, %acc [0] : vector<4x8xf32> to vector<8xf32>`
    pub struct MultiReductionOp => MULTI_REDUCTION = "vector.multi_reduction";
    operands { source: One, acc: One }
    attributes { kind: AnyAttr = "kind", reduction_dims: I64Array = "reduction_dims" }
    results { dest: One }
    regions { }
    format { format::parse_multi_reduction, format::print_multi_reduction }
    patterns [super::patterns::vector::elide_unit_dim_reduction]
    def {
        verify: Some(verify::verify_multi_reduction),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%r = vector.shuffle %a, %b [0, 4, -1] : vector<2xf32>, vector<3xf32>`
    /// (leading-dim positions of `%a` then `%b`; -1 is poison)
    pub struct ShuffleOp => SHUFFLE = "vector.shuffle";
    operands { v1: One, v2: One }
    attributes { mask: I64Array = "mask" }
    results { vector: One }
    regions { }
    format { format::parse_shuffle, format::print_shuffle }
    def {
        verify: Some(verify::verify_shuffle),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.interleave %a, %b : vector<4xf32> -> vector<8xf32>`
    pub struct InterleaveOp => INTERLEAVE = "vector.interleave";
    operands { lhs: One, rhs: One }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_interleave, format::print_interleave }
    def {
        verify: Some(verify::verify_interleave),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%even, %odd = vector.deinterleave %v : vector<8xf32> -> vector<4xf32>`
    pub struct DeinterleaveOp => DEINTERLEAVE = "vector.deinterleave";
    operands { source: One }
    attributes { }
    results { res1: One, res2: One }
    regions { }
    format { format::parse_deinterleave, format::print_deinterleave }
    def {
        verify: Some(verify::verify_deinterleave),
        traits: traits::PURE,
        result_groups: Some(|_, _| vec![("res1", 1), ("res2", 1)]),
    }
}

crate::op! {
    /// `vector.print %v : vector<4xf32>` (the punctuation property kept as written)
    pub struct PrintOp => PRINT = "vector.print";
    operands { source: Optional }
    attributes { punctuation: AnyAttr = "punctuation", string_literal: AnyAttr = "stringLiteral" }
    results { }
    regions { }
    format { format::parse_print, format::print_print }
    def {
        default_properties: &[("punctuation", "#vector.punctuation<newline>")],
    }
}

crate::op! {
    /// `vector.load %base[%i, ...] : memref<..>, vector<..>`
    pub struct LoadOp => LOAD = "vector.load";
    operands { base: One, indices: Variadic }
    attributes { nontemporal: AnyAttr = "nontemporal", alignment: AnyAttr = "alignment" }
    results { result: One }
    regions { }
    format { memory::parse_load, memory::print_load }
    def {
        verify: Some(memory::verify_load),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `vector.store %v, %base[%i, ...] : memref<..>, vector<..>`
    pub struct StoreOp => STORE = "vector.store";
    operands { value_to_store: One, base: One, indices: Variadic }
    attributes { nontemporal: AnyAttr = "nontemporal", alignment: AnyAttr = "alignment" }
    results { }
    regions { }
    format { memory::parse_store, memory::print_store }
    def {
        verify: Some(memory::verify_store),
    }
}

crate::op! {
    /// `vector.maskedload %base[%i], %mask, %pass_thru : memref, mask, vector into vector`
    pub struct MaskedLoadOp => MASKED_LOAD = "vector.maskedload";
    operands { base: One, indices: Variadic, mask: One, pass_thru: One }
    attributes { alignment: AnyAttr = "alignment" }
    results { result: One }
    regions { }
    format { memory::parse_masked, memory::print_masked }
    def {
        verify: Some(memory::verify_masked),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `vector.maskedstore %base[%i], %mask, %v : memref, mask, vector`
    pub struct MaskedStoreOp => MASKED_STORE = "vector.maskedstore";
    operands { base: One, indices: Variadic, mask: One, value_to_store: One }
    attributes { alignment: AnyAttr = "alignment" }
    results { }
    regions { }
    format { memory::parse_masked, memory::print_masked }
    def {
        verify: Some(memory::verify_masked),
    }
}

crate::op! {
    /// `vector.gather %base[%i] [%index_vec], %mask, %pass_thru : base, I, M, V into V`
    pub struct GatherOp => GATHER = "vector.gather";
    operands { base: One, indices: Variadic, index_vec: One, mask: One, pass_thru: One }
    attributes { alignment: AnyAttr = "alignment" }
    results { result: One }
    regions { }
    format { memory::parse_gather_scatter, memory::print_gather_scatter }
    def {
        verify: Some(memory::verify_gather_scatter),
        traits: traits::DEAD_WHEN_UNUSED,
    }
}

crate::op! {
    /// `vector.scatter %base[%i] [%index_vec], %mask, %value : base, I, M, V (-> tensor)?`
    pub struct ScatterOp => SCATTER = "vector.scatter";
    operands { base: One, indices: Variadic, index_vec: One, mask: One, value_to_store: One }
    attributes { alignment: AnyAttr = "alignment" }
    results { result: Optional }
    regions { }
    format { memory::parse_gather_scatter, memory::print_gather_scatter }
    def {
        verify: Some(memory::verify_gather_scatter),
    }
}

crate::op! {
    /// `vector.vscale`: the runtime multiple of the scalable vector dims.
    pub struct VScaleOp => VSCALE = "vector.vscale";
    operands { }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_vscale, format::print_vscale }
    def {
        traits: traits::PURE,
        result_name: Some(|_, _| Some("vscale".into())),
    }
}

crate::op! {
    /// `vector.type_cast %m : memref<vector<4x8xf32>> to memref<4xvector<8xf32>>`:
    /// a statically shaped memref viewed with dims moved between the memref
    /// and its vector elements.
    pub struct TypeCastOp => TYPE_CAST = "vector.type_cast";
    operands { memref: One }
    attributes { }
    results { result: One }
    regions { }
    format { memory::parse_type_cast, format::print_unary_to }
    def {
        verify: Some(memory::verify_type_cast),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `vector.contract {indexing_maps, iterator_types, kind} %a, %b, %acc : A, B into C`
    pub struct ContractOp => CONTRACT = "vector.contract";
    operands { lhs: One, rhs: One, acc: One }
    attributes { indexing_maps: AnyAttr = "indexing_maps", iterator_types: AnyAttr = "iterator_types", kind: AnyAttr = "kind" }
    results { result: One }
    regions { }
    format { contract::parse_contract, contract::print_contract }
    def {
        verify: Some(contract::verify_contract),
        traits: traits::PURE,
    }
}

/// Every op of the dialect.
pub static OPS: &[&OpDef] = &[
    &scalable::SCALABLE_INSERT,
    &scalable::SCALABLE_EXTRACT,
    &TRANSFER_READ,
    &TRANSFER_WRITE,
    &MASK,
    &YIELD,
    &CREATE_MASK,
    &CONSTANT_MASK,
    &BROADCAST,
    &SHAPE_CAST,
    &BITCAST,
    &TRANSPOSE,
    &EXTRACT,
    &INSERT,
    &EXTRACT_STRIDED_SLICE,
    &INSERT_STRIDED_SLICE,
    &FROM_ELEMENTS,
    &STEP,
    &FMA,
    &REDUCTION,
    &MULTI_REDUCTION,
    &SHUFFLE,
    &INTERLEAVE,
    &DEINTERLEAVE,
    &PRINT,
    &LOAD,
    &STORE,
    &MASKED_LOAD,
    &MASKED_STORE,
    &CONTRACT,
    &OUTER_PRODUCT,
    &GATHER,
    &SCATTER,
    &TYPE_CAST,
    &VSCALE,
];

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in OPS {
        r.add(d);
    }
}

/// A vector type's parts: shape, which dims are scalable, element type.
#[derive(Clone, Copy, Debug)]
pub struct VectorShape<'a> {
    pub shape: &'a [i64],
    pub scalable: &'a [bool],
    pub elem: Type,
}

impl VectorShape<'_> {
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements (scalable dims counted at their minimum;
    /// saturating, so a huge type cannot overflow a verifier).
    pub fn num_elements(&self) -> i64 {
        self.shape.iter().fold(1i64, |a, d| a.saturating_mul(*d))
    }

    /// Whether any dim is scalable.
    pub fn is_scalable(&self) -> bool {
        self.scalable.iter().any(|s| *s)
    }
}

/// The parts of `t` if it is a vector type.
pub fn vector_shape(ctx: &Context, t: Type) -> Option<VectorShape<'_>> {
    match ctx.type_kind(t) {
        TypeKind::Vector { shape, scalable, elem } => Some(VectorShape { shape, scalable, elem: *elem }),
        _ => None,
    }
}

/// `vector<shape x elem>` with no scalable dims.
pub fn vector_type(ctx: &mut Context, shape: Vec<i64>, elem: Type) -> Type {
    let scalable = vec![false; shape.len()];
    ctx.ty(TypeKind::Vector { shape, scalable, elem })
}

/// `vector<shape x elem>` with the given scalable dims.
pub fn scalable_vector_type(ctx: &mut Context, shape: Vec<i64>, scalable: Vec<bool>, elem: Type) -> Type {
    ctx.ty(TypeKind::Vector { shape, scalable, elem })
}

/// The combining kinds of `vector.reduction` / `multi_reduction`
/// (`#vector.kind<..>`).
pub const COMBINING_KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "maximumf", "minimumf",
];

/// The combining kind of a reduction (`"add"` from `#vector.kind<add>`).
pub fn combining_kind(ctx: &Context, op: crate::OpId) -> Option<&str> {
    match ctx.attr_kind(ctx.get_attr(op, "kind")?) {
        AttrKind::Opaque { text, .. } => text.strip_prefix("kind<")?.strip_suffix('>'),
        _ => None,
    }
}

/// `#vector.kind<name>`
pub fn kind_attr(ctx: &mut Context, kind: &str) -> crate::Attr {
    let dialect = ctx.sym("vector");
    ctx.attr(AttrKind::Opaque { dialect, text: format!("kind<{kind}>") })
}

/// The integers of an array-of-integers attribute (`[0, 2]`), as
/// `extract_strided_slice` keeps its offsets, sizes and strides.
pub fn int_array(ctx: &Context, a: Option<crate::Attr>) -> Option<Vec<i64>> {
    match ctx.attr_kind(a?) {
        AttrKind::Array(items) => items
            .iter()
            .map(|x| match ctx.attr_kind(*x) {
                AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// `[a, b, ...]` of i64 integer attributes.
pub fn int_array_attr(ctx: &mut Context, values: &[i64]) -> crate::Attr {
    let i64t = ctx.int_type(64);
    let items = values.iter().map(|v| ctx.int_attr(*v as i128, i64t)).collect();
    ctx.attr(AttrKind::Array(items))
}

/// The booleans of an array-of-bools attribute (`[true, false]`).
pub fn bool_array(ctx: &Context, a: Option<crate::Attr>) -> Option<Vec<bool>> {
    match ctx.attr_kind(a?) {
        AttrKind::Array(items) => items
            .iter()
            .map(|x| match ctx.attr_kind(*x) {
                AttrKind::Bool(b) => Some(*b),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// `[true, false, ...]`
pub fn bool_array_attr(ctx: &mut Context, values: &[bool]) -> crate::Attr {
    let items = values.iter().map(|b| ctx.attr(AttrKind::Bool(*b))).collect();
    ctx.attr(AttrKind::Array(items))
}
