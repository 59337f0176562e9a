// RUN: tessel-opt %s -buffer-deallocation-pipeline | FileCheck %s
// RUN: tessel-opt %s -buffer-deallocation-pipeline --run=loop --input=iota --input=3 --run-check-leaks | FileCheck %s --check-prefix=EXEC
// RUN: not tessel-opt %s --run=loop --input=iota --input=3 --run-check-leaks 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: tessel-opt %s -buffer-deallocation-pipeline --run=if_mix --input=true --input=iota --run-check-leaks | FileCheck %s --check-prefix=MIX
// RUN: tessel-opt %s -buffer-deallocation-pipeline --run=if_mix --input=false --input=iota --run-check-leaks | FileCheck %s --check-prefix=MIX

// MLIR 22's ownership-based deallocation pipeline (the CHECK lines are
// mlir-opt 22's output): a returned argument is cloned (the caller owns
// what it gets); a buffer that may or may not be the one returned is freed
// when its pointer differs and the block owned it; a loop passes the
// ownership of its iteration buffer along as an i1 and frees the previous
// buffer each iteration; a buffer read through a view is freed at the end
// of its block. Run with --run-check-leaks, nothing is left unfreed (the
// program before the pipeline leaks its loop buffers).

// CHECK-LABEL: func.func @ret_arg
// CHECK-NEXT:    %[[C:.*]] = bufferization.clone %arg0 : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    return %[[C]]
func.func @ret_arg(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}

// CHECK-LABEL: func.func @if_mix
// CHECK:         %[[IF:.*]]:2 = scf.if %arg0 -> (memref<4xf32>, memref<4xf32>) {
// CHECK-NEXT:      %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      linalg.fill
// CHECK-NEXT:      scf.yield %[[A]], %[[A]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[C:.*]] = bufferization.clone %arg1
// CHECK-NEXT:      scf.yield %arg1, %[[C]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[BASE:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[IF]]#0
// CHECK-NEXT:    %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[BASE]]
// CHECK-NEXT:    %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[IF]]#1
// CHECK-NEXT:    %[[NE:.*]] = arith.cmpi ne, %[[P0]], %[[P1]] : index
// CHECK-NEXT:    %[[FREE:.*]] = arith.andi %[[NE]], %arg0 : i1
// CHECK-NEXT:    scf.if %[[FREE]] {
// CHECK-NEXT:      memref.dealloc %[[BASE]] : memref<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[IF]]#1
// MIX: // result #0: memref<4xf32>
func.func @if_mix(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
  %0 = scf.if %c -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    %z = arith.constant 0.0 : f32
    linalg.fill ins(%z : f32) outs(%b : memref<4xf32>)
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  return %0 : memref<4xf32>
}

// CHECK-LABEL: func.func @loop
// CHECK:         %[[L:.*]]:2 = scf.for %{{.*}} = %c0 to %arg1 step %c1 iter_args(%[[X:.*]] = %arg0, %[[OWN:.*]] = %false) -> (memref<4xf32>, i1) {
// CHECK-NEXT:      %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:      memref.copy %[[X]], %[[B]]
// CHECK-NEXT:      %[[XB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[X]]
// CHECK-NEXT:      scf.if %[[OWN]] {
// CHECK-NEXT:        memref.dealloc %[[XB]] : memref<f32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[B]], %true
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[L]]#0[%c0]
// CHECK-NEXT:    %[[LB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[L]]#0
// CHECK-NEXT:    scf.if %[[L]]#1 {
// CHECK-NEXT:      memref.dealloc %[[LB]] : memref<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[V]] : f32
// EXEC: // result #0: f32
// EXEC-NEXT: 0.0
// LEAK: error: this buffer is never freed: the call neither deallocates nor returns it (a leak)
func.func @loop(%a: memref<4xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> memref<4xf32> {
    %b = memref.alloc() : memref<4xf32>
    memref.copy %x, %b : memref<4xf32> to memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  %v = memref.load %0[%c0] : memref<4xf32>
  return %v : f32
}

// CHECK-LABEL: func.func @view
// CHECK:         %[[A:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[A]][2] [4] [1]
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[S]][%c0]
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<8xf32>
// CHECK-NEXT:    return %[[V]]
func.func @view(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<8xf32>
  %s = memref.subview %b[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %v = memref.load %s[%c0] : memref<4xf32, strided<[1], offset: 2>>
  return %v : f32
}

// CHECK-LABEL: func.func @select
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %[[A]] : memref<4xf32>
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg0 -> (memref<4xf32>) {
// CHECK-NEXT:      %[[C:.*]] = bufferization.clone %[[S]]
// CHECK-NEXT:      scf.yield %[[C]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[S]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-NEXT:    %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK-NEXT:    %[[NE:.*]] = arith.cmpi ne, %[[P0]], %[[P1]] : index
// CHECK-NEXT:    scf.if %[[NE]] {
// CHECK-NEXT:      memref.dealloc %[[A]] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]
func.func @select(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  return %s : memref<4xf32>
}
