// COMPAT: tessel-only (runs the engine; mlir-opt 22 drops the copy this write needs)
// RUN: tessel-opt %s --run=f > %t.before
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries --run=f > %t.after
// RUN: tessel-opt %s -one-shot-bufferize=bufferize-function-boundaries | FileCheck %s --check-prefix=IR
// RUN: cat %t.before | FileCheck %s
// RUN: cat %t.after | FileCheck %s

// A transfer_write with a mask operand into a constant tensor it covers
// (offset 0, as many lanes as the tensor): the masked-off lanes keep the
// constant's values, so the new buffer must start as a copy of it. mlir-opt
// 22 takes the mask operand for none (its `isMasked` asks for a vector.mask
// around the op), deems the write a full overwrite and allocates the buffer
// without the copy: the masked-off lane reads uninitialized memory.

// IR: %[[ALLOC:.*]] = memref.alloc()
// IR-NEXT: memref.copy %{{.*}}, %[[ALLOC]]
// IR-NEXT: vector.transfer_write %{{.*}}, %[[ALLOC]][%{{.*}}], %{{.*}} : vector<5xi8>, memref<3xi8>

func.func @f() -> tensor<3xi8> {
  %c0 = arith.constant 0 : index
  %t = arith.constant dense<[0, 5, 8]> : tensor<3xi8>
  %v = arith.constant dense<[4, 8, -4, 2, 0]> : vector<5xi8>
  %mk = arith.constant dense<[true, true, false, false, true]> : vector<5xi1>
  %r = vector.transfer_write %v, %t[%c0], %mk : vector<5xi8>, tensor<3xi8>
  return %r : tensor<3xi8>
}

// CHECK: // result #0: {{tensor|memref}}<3xi8>
// CHECK-NEXT: [4, 8, 8]
