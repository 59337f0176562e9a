// A matmul followed by elementwise ops (bias, ReLU), the data-tiling
// walk-through of docs/data-tiling.md: block-pack the matmul, propagate
// the layout through the elementwise ops, fold, tile and fuse, lower,
// and run against this plain program.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @mlp(%x: tensor<24x40xf32>, %w: tensor<40x32xf32>, %bias: tensor<32xf32>) -> tensor<24x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<24x32xf32>) -> tensor<24x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<24x40xf32>, tensor<40x32xf32>) outs(%acc : tensor<24x32xf32>) -> tensor<24x32xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<24x32xf32>, tensor<32xf32>) outs(%e : tensor<24x32xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    linalg.yield %s : f32
  } -> tensor<24x32xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<24x32xf32>) outs(%e : tensor<24x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<24x32xf32>
  return %relu : tensor<24x32xf32>
}
