// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Vectors to and from memrefs, printed as mlir-opt 22 prints them (the
// engine runs no memref code yet).
// CHECK-LABEL: func.func @f(
// CHECK: vector.load %{{.+}}[%{{.+}}, %{{.+}}] : memref<100x100xf32>, vector<8xf32>
// CHECK: vector.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] : memref<100x100xf32>, vector<8xf32>
// CHECK: vector.maskedload %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, %{{.+}} : memref<100x100xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK: vector.maskedstore %{{.+}}[%{{.+}}, %{{.+}}], %{{.+}}, %{{.+}} : memref<100x100xf32>, vector<8xi1>, vector<8xf32>
// CHECK: vector.load %{{.+}}[%{{.+}}, %{{.+}}] {nontemporal = true} : memref<100x100xf32>, vector<2x8xf32>
// GENERIC: "vector.load"(%{{.+}}, %{{.+}}, %{{.+}}) <{nontemporal = true}> : (memref<100x100xf32>, index, index) -> vector<2x8xf32>
func.func @f(%m: memref<100x100xf32>, %i: index, %v: vector<8xf32>, %mk: vector<8xi1>) -> vector<8xf32> {
  %0 = vector.load %m[%i, %i] : memref<100x100xf32>, vector<8xf32>
  vector.store %v, %m[%i, %i] : memref<100x100xf32>, vector<8xf32>
  %1 = vector.maskedload %m[%i, %i], %mk, %v : memref<100x100xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  vector.maskedstore %m[%i, %i], %mk, %v : memref<100x100xf32>, vector<8xi1>, vector<8xf32>
  %2 = vector.load %m[%i, %i] {nontemporal = true} : memref<100x100xf32>, vector<2x8xf32>
  return %0 : vector<8xf32>
}
