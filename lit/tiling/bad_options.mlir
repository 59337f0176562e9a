// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=4,x" 2>&1 | FileCheck %s --check-prefix=INT
// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=4 loop=while" 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=-4" 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=4,4 interchange=0,0" 2>&1 | FileCheck %s --check-prefix=PERM
// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=1,2,3" 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: not tessel-opt %s --tile-pack-unpack 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not tessel-opt %s --pass-pipeline="builtin.module(tile-pack-unpack{loop=forall})" 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not tessel-opt %s --tile-pack-unpack="tile-sizes=99999999999999999999" 2>&1 | FileCheck %s --check-prefix=RANGE

// INT: invalid options for pass 'tile-pack-unpack': option 'tile-sizes' expects integers, got 'x'
// LOOP: option 'loop' must be 'for' or 'forall', got 'while'
// NEG: tile sizes must be non-negative
// NONE: invalid options for pass 'tile-pack-unpack': option 'tile-sizes' is required: without it there is nothing to tile (e.g. --tile-pack-unpack=tile-sizes=8,8; 0 leaves a loop untiled)
// RANGE: option 'tile-sizes': 99999999999999999999 is out of range (at most 9223372036854775807 in magnitude)
// PERM: bad_options.mlir:[[# @LINE + 5]]:8: error: interchange must be a permutation of 0..2
// MANY: bad_options.mlir:[[# @LINE + 4]]:8: error: too many tile sizes: 3 for 2 loops

func.func @f(%src: tensor<4x2x8x8xf32>) -> tensor<32x16xf32> {
  %init = tensor.empty() : tensor<32x16xf32>
  %0 = tensor.unpack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %init : tensor<4x2x8x8xf32> -> tensor<32x16xf32>
  return %0 : tensor<32x16xf32>
}
