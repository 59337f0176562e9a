//! The `memref` dialect: buffers and views of them, as mlir-opt 22 parses,
//! prints and verifies them (`format.rs`, `verify.rs`); strided layouts and
//! the layouts views infer in `layout.rs`.
//!
//! Unlike tensors, memrefs are mutable and alias: a `subview`, `transpose`,
//! `cast` or reshape is a new view of the same buffer.

pub(crate) mod format;
pub mod layout;
mod verify;

pub use format::mixed_lists;
pub use layout::{strides_and_offset, Strided};
pub use verify::{cast_compatible, lookup_global, subview_dropped_dims, symbol_ref_name};

use crate::registry::{traits, OpDef, Registry};

crate::op! {
    /// `%m = memref.alloc(%d)[%s] {alignment = 64 : i64} : memref<?x8xf32>`
    pub struct AllocOp => ALLOC = "memref.alloc";
    operands segmented { dynamic_sizes: Variadic, symbol_operands: Variadic }
    attributes { alignment: AnyAttr = "alignment" }
    results { memref: One }
    regions { }
    format { format::parse_alloc, format::print_alloc }
    patterns [super::patterns::memref::erase_dead_alloc]
    def {
        traits: traits::DEAD_WHEN_UNUSED,
        verify: Some(verify::verify_alloc),
        result_name: Some(|_, _| Some("alloc".into())),
    }
}

crate::op! {
    /// `%m = memref.alloca() : memref<4x8xf32>` (freed when the enclosing
    /// allocation scope returns)
    pub struct AllocaOp => ALLOCA = "memref.alloca";
    operands segmented { dynamic_sizes: Variadic, symbol_operands: Variadic }
    attributes { alignment: AnyAttr = "alignment" }
    results { memref: One }
    regions { }
    format { format::parse_alloc, format::print_alloc }
    patterns [super::patterns::memref::erase_dead_alloc]
    def {
        traits: traits::DEAD_WHEN_UNUSED,
        verify: Some(verify::verify_alloc),
        result_name: Some(|_, _| Some("alloca".into())),
    }
}

crate::op! {
    /// `memref.dealloc %m : memref<?xf32>`
    pub struct DeallocOp => DEALLOC = "memref.dealloc";
    operands { memref: One }
    attributes { }
    results { }
    regions { }
    format { format::parse_operand_colon_type, format::print_operand_colon_type }
    patterns [super::patterns::memref::fold_cast_operands]
    def {
        verify: Some(verify::verify_dealloc),
    }
}

crate::op! {
    /// `%v = memref.load %m[%i, %j] : memref<?x?xf32>`
    pub struct LoadOp => LOAD = "memref.load";
    operands { memref: One, indices: Variadic }
    attributes { nontemporal: AnyAttr = "nontemporal", alignment: AnyAttr = "alignment" }
    results { result: One }
    regions { }
    format { format::parse_load, format::print_load }
    patterns [super::patterns::memref::fold_cast_operands]
    def {
        traits: traits::DEAD_WHEN_UNUSED,
        verify: Some(verify::verify_load),
    }
}

crate::op! {
    /// `memref.store %v, %m[%i, %j] : memref<?x?xf32>`
    pub struct StoreOp => STORE = "memref.store";
    operands { value: One, memref: One, indices: Variadic }
    attributes { nontemporal: AnyAttr = "nontemporal", alignment: AnyAttr = "alignment" }
    results { }
    regions { }
    format { format::parse_store, format::print_store }
    patterns [super::patterns::memref::fold_cast_operands]
    def {
        verify: Some(verify::verify_store),
    }
}

crate::op! {
    /// `memref.copy %a, %b : memref<..> to memref<..>`
    pub struct CopyOp => COPY = "memref.copy";
    operands { source: One, target: One }
    attributes { }
    results { }
    regions { }
    format { format::parse_copy, format::print_copy }
    patterns [super::patterns::memref::erase_noop_copy, super::patterns::memref::fold_copy_of_cast]
    def {
        verify: Some(verify::verify_copy),
    }
}

crate::op! {
    /// `%c = memref.cast %m : memref<4xf32> to memref<?xf32>`
    pub struct CastOp => CAST = "memref.cast";
    operands { source: One }
    attributes { }
    results { dest: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    patterns [super::patterns::memref::fold_cast]
    def {
        verify: Some(verify::verify_cast),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("cast".into())),
    }
}

crate::op! {
    /// `%c = memref.memory_space_cast %m : memref<?xf32, 1> to memref<?xf32>`
    pub struct MemorySpaceCastOp => MEMORY_SPACE_CAST = "memref.memory_space_cast";
    operands { source: One }
    attributes { }
    results { dest: One }
    regions { }
    format { super::tensor::parse_cast, super::tensor::print_cast }
    def {
        verify: Some(verify::verify_memory_space_cast),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("memspacecast".into())),
    }
}

crate::op! {
    /// `%d = memref.dim %m, %c0 : memref<?xf32>`
    pub struct DimOp => DIM = "memref.dim";
    operands { source: One, index: One }
    attributes { }
    results { result: One }
    regions { }
    format { super::tensor::parse_dim, super::tensor::print_dim }
    patterns [super::patterns::memref::fold_dim, super::patterns::memref::dim_of_reshape]
    def {
        verify: Some(verify::verify_dim),
        traits: traits::DEAD_WHEN_UNUSED,
        result_name: Some(|_, _| Some("dim".into())),
    }
}

crate::op! {
    /// `%r = memref.rank %m : memref<*xf32>`
    pub struct RankOp => RANK = "memref.rank";
    operands { memref: One }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_rank, format::print_operand_colon_type }
    def {
        verify: Some(verify::verify_rank),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%v = memref.subview %m[%o, 0] [4, %s] [1, 1] : memref<..> to memref<..>`
    pub struct SubViewOp => SUBVIEW = "memref.subview";
    operands segmented { source: One, offsets: Variadic, sizes: Variadic, strides: Variadic }
    attributes { static_offsets: I64Array = "static_offsets", static_sizes: I64Array = "static_sizes", static_strides: I64Array = "static_strides" }
    results { result: One }
    regions { }
    format { format::parse_subview, format::print_subview }
    patterns [super::patterns::memref::fold_subview_constants, super::patterns::memref::fold_trivial_subview]
    def {
        verify: Some(verify::verify_subview),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("subview".into())),
    }
}

crate::op! {
    /// `%e = memref.expand_shape %m [[0, 1]] output_shape [%a, 8] : memref<?xf32> into memref<?x8xf32>`
    pub struct ExpandShapeOp => EXPAND_SHAPE = "memref.expand_shape";
    operands { src: One, output_shape: Variadic }
    attributes { reassociation: AnyAttr = "reassociation", static_output_shape: I64Array = "static_output_shape" }
    results { result: One }
    regions { }
    format { format::parse_reshape, format::print_reshape }
    patterns [super::patterns::tensor::fold_inverse_reshapes]
    def {
        verify: Some(verify::verify_expand_shape),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("expand_shape".into())),
    }
}

crate::op! {
    /// `%c = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32>`
    pub struct CollapseShapeOp => COLLAPSE_SHAPE = "memref.collapse_shape";
    operands { src: One }
    attributes { reassociation: AnyAttr = "reassociation" }
    results { result: One }
    regions { }
    format { format::parse_reshape, format::print_reshape }
    patterns [super::patterns::tensor::fold_inverse_reshapes]
    def {
        verify: Some(verify::verify_collapse_shape),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("collapse_shape".into())),
    }
}

crate::op! {
    /// `%t = memref.transpose %m (d0, d1) -> (d1, d0) : memref<..> to memref<..>`
    pub struct TransposeOp => TRANSPOSE = "memref.transpose";
    operands { input: One }
    attributes { permutation: MapAttr = "permutation" }
    results { result: One }
    regions { }
    format { format::parse_transpose, format::print_transpose }
    def {
        verify: Some(verify::verify_transpose),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("transpose".into())),
    }
}

crate::op! {
    /// `memref.global "private" constant @c : memref<2xf32> = dense<..>`
    pub struct GlobalOp => GLOBAL = "memref.global";
    operands { }
    attributes { sym_name: StrAttr = "sym_name", sym_visibility: StrAttr = "sym_visibility", type_: AnyAttr = "type", initial_value: AnyAttr = "initial_value", constant: UnitAttr = "constant", alignment: AnyAttr = "alignment" }
    results { }
    regions { }
    format { format::parse_global, format::print_global }
    def {
        verify: Some(verify::verify_global),
        traits: traits::SYMBOL,
    }
}

crate::op! {
    /// `%r = memref.reshape %m(%shape) : (memref<4x2xf32>, memref<1xi32>) -> memref<8xf32>`
    pub struct ReshapeOp => RESHAPE = "memref.reshape";
    operands { source: One, shape: One }
    attributes { }
    results { result: One }
    regions { }
    format { crate::dialects::tensor_more::parse_reshape, crate::dialects::tensor_more::print_reshape }
    def {
        verify: Some(verify::verify_reshape),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("reshape".into())),
    }
}

crate::op! {
    /// `%g = memref.get_global @c : memref<2xf32>`
    pub struct GetGlobalOp => GET_GLOBAL = "memref.get_global";
    operands { }
    attributes { name: AnyAttr = "name" }
    results { result: One }
    regions { }
    format { format::parse_get_global, format::print_get_global }
    def {
        verify: Some(verify::verify_get_global),
        traits: traits::PURE,
    }
}

crate::op! {
    /// `%r = memref.reinterpret_cast %m to offset: [0], sizes: [4, 4], strides: [4, 1] : .. to ..`
    pub struct ReinterpretCastOp => REINTERPRET_CAST = "memref.reinterpret_cast";
    operands segmented { source: One, offsets: Variadic, sizes: Variadic, strides: Variadic }
    attributes { static_offsets: I64Array = "static_offsets", static_sizes: I64Array = "static_sizes", static_strides: I64Array = "static_strides" }
    results { result: One }
    regions { }
    format { format::parse_reinterpret_cast, format::print_reinterpret_cast }
    def {
        verify: Some(verify::verify_reinterpret_cast),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("reinterpret_cast".into())),
    }
}

crate::op! {
    /// `%base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : .. -> ..`
    pub struct ExtractStridedMetadataOp => EXTRACT_STRIDED_METADATA = "memref.extract_strided_metadata";
    operands { source: One }
    attributes { }
    results { results: Variadic }
    regions { }
    format { format::parse_extract_strided_metadata, format::print_extract_strided_metadata }
    def {
        verify: Some(verify::verify_extract_strided_metadata),
        traits: traits::PURE,
        result_groups: Some(|ctx, op| {
            let rank = (ctx.results(op).len().saturating_sub(2)) / 2;
            vec![("base_buffer", 1), ("offset", 1), ("sizes", rank), ("strides", rank)]
        }),
    }
}

crate::op! {
    /// `%p = memref.extract_aligned_pointer_as_index %m : memref<..> -> index`
    pub struct ExtractAlignedPointerOp => EXTRACT_ALIGNED_POINTER = "memref.extract_aligned_pointer_as_index";
    operands { source: One }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_operand_arrow_type, format::print_operand_arrow_type }
    def {
        verify: Some(verify::verify_extract_aligned_pointer),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("intptr".into())),
    }
}

crate::op! {
    /// `%a = memref.assume_alignment %m, 16 : memref<?xf32>`
    pub struct AssumeAlignmentOp => ASSUME_ALIGNMENT = "memref.assume_alignment";
    operands { memref: One }
    attributes { alignment: AnyAttr = "alignment" }
    results { result: One }
    regions { }
    format { format::parse_assume_alignment, format::print_assume_alignment }
    def {
        verify: Some(verify::verify_assume_alignment),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("assume_align".into())),
    }
}

crate::op! {
    /// `%v = memref.view %buf[%byte_shift][%sizes] : memref<2048xi8> to memref<?x4xf32>`
    pub struct ViewOp => VIEW = "memref.view";
    operands { source: One, byte_shift: One, sizes: Variadic }
    attributes { }
    results { result: One }
    regions { }
    format { format::parse_view, format::print_view }
    def {
        verify: Some(verify::verify_view),
        traits: traits::PURE,
        result_name: Some(|_, _| Some("view".into())),
    }
}

crate::op! {
    /// `%r = memref.alloca_scope -> (f32) { .. memref.alloca_scope.return %x : f32 }`
    pub struct AllocaScopeOp => ALLOCA_SCOPE = "memref.alloca_scope";
    operands { }
    attributes { }
    results { results: Variadic }
    regions { body }
    format { format::parse_alloca_scope, format::print_alloca_scope }
    def {
        verify: Some(verify::verify_alloca_scope),
        traits: traits::SINGLE_BLOCK | traits::RECURSIVE_EFFECTS,
        implicit_terminator: Some("memref.alloca_scope.return"),
    }
}

crate::op! {
    /// `memref.alloca_scope.return %x : f32`
    pub struct AllocaScopeReturnOp => ALLOCA_SCOPE_RETURN = "memref.alloca_scope.return";
    operands { results: Variadic }
    attributes { }
    results { }
    regions { }
    format { format::parse_return, format::print_return }
    def {
        verify: Some(verify::verify_alloca_scope_return),
        traits: traits::TERMINATOR | traits::PURE,
    }
}

/// Every memref op.
static OPS: &[&OpDef] = &[
    &RESHAPE,
    &ALLOC,
    &ALLOCA,
    &DEALLOC,
    &LOAD,
    &STORE,
    &COPY,
    &CAST,
    &MEMORY_SPACE_CAST,
    &DIM,
    &RANK,
    &SUBVIEW,
    &EXPAND_SHAPE,
    &COLLAPSE_SHAPE,
    &TRANSPOSE,
    &GLOBAL,
    &GET_GLOBAL,
    &REINTERPRET_CAST,
    &EXTRACT_STRIDED_METADATA,
    &EXTRACT_ALIGNED_POINTER,
    &ASSUME_ALIGNMENT,
    &VIEW,
    &ALLOCA_SCOPE,
    &ALLOCA_SCOPE_RETURN,
];

/// Registers the dialect.
pub fn register(r: &mut Registry) {
    for d in OPS {
        r.add(d);
    }
}
