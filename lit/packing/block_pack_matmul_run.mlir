// The block-packed matmul computes the same bits as the matmul, with
// whole blocks and with padded ones.
// RUN: tessel-opt %s --run=matmul --input=iota --input=iota --input=iota > %t.plain
// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=4,8,2" --run=matmul --input=iota --input=iota --input=iota > %t.blocked
// RUN: diff %t.plain %t.blocked
// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=3,5,7 mnk-order=1,2,0 lhs-transpose-inner-blocks" --run=matmul --input=iota --input=iota --input=iota > %t.padded
// RUN: diff %t.plain %t.padded
// RUN: tessel-opt %s --linalg-block-pack-matmul="block-factors=3,5,7" | tessel-filecheck %s
// CHECK: linalg.pack %{{.+}} padding_value
func.func @matmul(%a: tensor<8x12xf32>, %b: tensor<12x16xf32>, %c: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x12xf32>, tensor<12x16xf32>) outs(%c : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
