func.func @f(%a: index) -> index {
  %0 = affine.linearize_index [%a] by (2, 3) : index
  return %0 : index
}
