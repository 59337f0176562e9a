// RUN: tessel-opt %s --mlir-elide-resource-strings-if-larger=20 | FileCheck %s --check-prefix=SOME
// RUN: tessel-opt %s --mlir-elide-resource-strings-if-larger=0 | FileCheck %s --check-prefix=NONE

// --mlir-elide-resource-strings-if-larger=N leaves out of the {-# ... #-}
// section every entry printed longer than N chars (quotes included, booleans
// too) and the groups left empty, as mlir-opt 22 prints it; with nothing
// left, the section is empty.

func.func @f() -> (tensor<4xi32>, tensor<1xi32>) {
  %0 = arith.constant dense_resource<blob1> : tensor<4xi32>
  %1 = arith.constant dense_resource<blob2> : tensor<1xi32>
  return %0, %1 : tensor<4xi32>, tensor<1xi32>
}

// SOME: {-#
// SOME-NEXT:   dialect_resources: {
// SOME-NEXT:     builtin: {
// SOME-NEXT:       blob2: "0x0400000007000000"
// SOME-NEXT:     }
// SOME-NEXT:   },
// SOME-NEXT:   external_resources: {
// SOME-NEXT:     mlir_reproducer: {
// SOME-NEXT:       disable_threading: true
// SOME-NEXT:     }
// SOME-NEXT:   }
// SOME-NEXT: #-}

// NONE: {-#
// NONE-EMPTY:
// NONE-NEXT: #-}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000FFFFFFFF",
      blob2: "0x0400000007000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize)",
      disable_threading: true
    }
  }
#-}
