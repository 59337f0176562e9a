//! The MLIR of `tessel-layout mlir`: `@to_layout` and `@from_layout` for one
//! array shape, built by the `materialize-layouts` pass with tessel's IR
//! builder and printed with the pack spelling mlir-opt 22 reads.

use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PackSpelling, PrintOptions};
use tessel_ir::verifier::verify;
use tessel_ir::Context;
use tessel_layout::{ArrayShape, Dim, TiledLayout};
use tessel_passes::{parse_pipeline, run_pipeline, Instrumentation, NoHooks, PassRegistry};

/// `tensor<AxBxT>` (or `tensor<T>` for rank 0).
pub fn tensor_type(dims: &[i64], elem: &str) -> String {
    let mut s = String::from("tensor<");
    for d in dims {
        s.push_str(&format!("{d}x"));
    }
    format!("{s}{elem}>")
}

/// The two functions as tessel IR text before materialization (the
/// `xla.to_layout` / `xla.from_layout` form).
pub fn layout_source(shape: &ArrayShape) -> Result<String, String> {
    if let Some(i) = shape.dims.iter().position(|d| !matches!(d, Dim::Static(_))) {
        return Err(format!("dimension {i} is dynamic: the MLIR functions need static dims"));
    }
    let t = TiledLayout::new(shape)?;
    let elem = shape
        .element_type
        .mlir_type()
        .ok_or_else(|| format!("{} has no MLIR tensor element type", shape.element_type))?;
    let logical = tensor_type(&t.logical_dims, elem);
    let packed = tensor_type(t.expanded_shape(), elem);
    let layout = shape.layout_or_default().to_string();
    Ok(format!(
        "// {shape}: @to_layout puts the element at logical index e at row-major position linear_index(e).\n\
         func.func @to_layout(%arg0: {logical}) -> {packed} {{\n  %0 = xla.to_layout %arg0 \"{layout}\" : {logical} -> {packed}\n  return %0 : {packed}\n}}\n\
         func.func @from_layout(%arg0: {packed}) -> {logical} {{\n  %0 = xla.from_layout %arg0 \"{layout}\" : {packed} -> {logical}\n  return %0 : {logical}\n}}\n"
    ))
}

/// The materialized module, as text mlir-opt 22 reads.
pub fn layout_functions(shape: &ArrayShape) -> Result<String, String> {
    let source = layout_source(shape)?;
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, &source, "layout", BufferStart::default()).map_err(|d| d.message)?.module;
    verify(&ctx, module, Default::default()).map_err(|d| d[0].message.clone())?;
    let registry = PassRegistry::default();
    let mut pipeline = parse_pipeline("materialize-layouts", &registry)?;
    let inst = Instrumentation { verify_each: true, ..Default::default() };
    run_pipeline(&mut ctx, module, &mut pipeline, &inst, &mut NoHooks).map_err(|d| d[0].message.clone())?;
    let opts = PrintOptions { pack_spelling: PackSpelling::Linalg, ..Default::default() };
    Ok(format!("// {shape}\n{}", print_op_top(&ctx, module, opts)))
}
