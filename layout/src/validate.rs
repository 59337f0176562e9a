//! Validation with XLA's messages (`LayoutUtil::ValidateLayoutInShape` /
//! `ValidateLayoutForShape`, `ShapeUtil::ValidateShape`'s size check).

use crate::shape::{ArrayShape, Layout, Shape, TileDim};

/// Checks every array of `shape` that has a layout; arrays without one are
/// fine (XLA's `allow_missing_layouts`).
pub fn validate_shape(shape: &Shape) -> Result<(), String> {
    match shape {
        Shape::Tuple(elems) => elems.iter().try_for_each(validate_shape),
        Shape::Array(a) => {
            validate_size(a)?;
            match &a.layout {
                Some(l) if a.element_type.is_array_type() => validate_layout_for_shape(l, a),
                _ => Ok(()),
            }
        }
    }
}

fn validate_size(a: &ArrayShape) -> Result<(), String> {
    let mut product = a.element_type.byte_width().max(1) as i64;
    for d in &a.dims {
        if let Some(n) = d.extent() {
            product = product.checked_mul(n).ok_or_else(|| {
                format!("Shape {} size may overflow int64_t.", Shape::Array(a.clone()).human_string())
            })?;
        }
    }
    Ok(())
}

fn join(v: &[i64]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// XLA's `ValidateLayoutForShape` for a dense array, check for check.
pub fn validate_layout_for_shape(layout: &Layout, shape: &ArrayShape) -> Result<(), String> {
    let human = Shape::Array(shape.clone()).human_string();
    let rank = shape.dims.len();
    let m2m = &layout.minor_to_major;
    if m2m.len() != rank {
        return Err(format!(
            "layout minor_to_major field contains {} elements, but shape has {} dimensions: {{{}}}; shape: {}",
            m2m.len(),
            rank,
            join(m2m),
            human
        ));
    }
    let mut seen = vec![false; rank];
    for &d in m2m {
        if d < 0 || d >= rank as i64 {
            return Err(format!(
                "layout minor_to_major field has out-of-bounds value: {{{}}}; shape: {human}",
                join(m2m)
            ));
        }
        if std::mem::replace(&mut seen[d as usize], true) {
            return Err(format!("layout minor_to_major field has duplicate values: {{{}}}; shape: {human}", join(m2m)));
        }
    }
    if layout.tail_padding_alignment_in_elements <= 0 {
        return Err(format!(
            "layout tail_padding_alignment_in_elements field is <= 0: {{{}}}",
            layout.tail_padding_alignment_in_elements
        ));
    }
    if layout.index_primitive_type.is_some() {
        return Err(format!("layout has a index_primitive_type, but is not a sparse array: {human}"));
    }
    if layout.pointer_primitive_type.is_some() {
        return Err(format!("layout has a pointer_primitive_type, but is not a sparse array: {human}"));
    }
    if layout.physical_shape.is_some() {
        return Err(format!("layout has a physical_shape, but is not a sparse array: {human}"));
    }
    for t in &layout.tiles {
        if t.dims.is_empty() || t.dims.contains(&TileDim::Size(0)) {
            return Err(format!("layout has invalid tiles: {human}"));
        }
    }
    if layout.element_size_in_bits < 0 {
        return Err(format!("layout element_size_in_bits field is negative: {}", layout.element_size_in_bits));
    }
    Ok(())
}
