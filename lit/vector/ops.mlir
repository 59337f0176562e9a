// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | tessel-opt | FileCheck %s
// RUN: tessel-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// The vector ops round-trip in custom and generic form as mlir-opt 22
// prints them (the CHECK lines are its output).

// CHECK: #[[$MAP:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK: #[[$BCAST:.+]] = affine_map<(d0, d1) -> (0, d1)>
// CHECK-LABEL: func.func @ops(
// CHECK-SAME: %[[V:[^:]+]]: vector<4x8xf32>, %[[S:[^:]+]]: f32, %[[I:[^:]+]]: index, %[[T:[^:]+]]: tensor<?x?xf32>, %[[M:[^:]+]]: vector<4x8xi1>, %[[W:[^:]+]]: vector<8xf32>)
// CHECK: vector.broadcast %[[S]] : f32 to vector<4x8xf32>
// CHECK: vector.shape_cast %[[V]] : vector<4x8xf32> to vector<32xf32>
// CHECK: vector.transpose %[[V]], [1, 0] : vector<4x8xf32> to vector<8x4xf32>
// CHECK: vector.create_mask %[[I]], %[[I]] : vector<4x8xi1>
// CHECK: vector.constant_mask [2, 4] : vector<4x8xi1>
// CHECK: vector.extract %[[V]][0, %[[I]]] : f32 from vector<4x8xf32>
// CHECK: %[[INS:.+]] = vector.insert %[[S]], %[[V]] [1, 2] : f32 into vector<4x8xf32>
// CHECK: %[[ESS:.+]] = vector.extract_strided_slice %[[V]] {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
// CHECK: vector.insert_strided_slice %[[ESS]], %[[V]] {offsets = [1, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
// CHECK: vector.from_elements %[[S]], %[[S]] : vector<2xf32>
// CHECK: vector.step : vector<4xindex>
// CHECK: vector.fma %[[V]], %[[V]], %[[V]] : vector<4x8xf32>
// CHECK: vector.reduction <add>, %[[W]] : vector<8xf32> into f32
// CHECK: vector.reduction <maxnumf>, %[[W]], %[[S]] fastmath<fast> : vector<8xf32> into f32
// CHECK: vector.multi_reduction <add>, %[[V]], %[[W]] [0] : vector<4x8xf32> to vector<8xf32>
// CHECK: %[[MASKED:.+]] = vector.mask %[[M]] { vector.transfer_read %[[T]][%[[I]], %[[I]]], %[[S]] : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK: vector.mask %[[M]], %[[V]] { vector.transfer_read %[[T]][%[[I]], %[[I]]], %[[S]] : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
// CHECK: vector.transfer_read %[[T]][%[[I]], %[[I]]], %[[S]], %[[M]] {in_bounds = [true, false], permutation_map = #[[$MAP]]} : tensor<?x?xf32>, vector<8x4xf32>
// CHECK: vector.transfer_write %[[V]], %[[T]][%[[I]], %[[I]]] : vector<4x8xf32>, tensor<?x?xf32>
// CHECK: vector.mask %[[M]] { vector.transfer_write %[[V]], %[[T]][%[[I]], %[[I]]] : vector<4x8xf32>, tensor<?x?xf32> } : vector<4x8xi1> -> tensor<?x?xf32>
// CHECK: vector.extract %[[V]][1] : vector<8xf32> from vector<4x8xf32>
// CHECK: vector.bitcast %[[V]] : vector<4x8xf32> to vector<4x8xi32>
// CHECK: vector.interleave %[[W]], %[[W]] : vector<8xf32> -> vector<16xf32>
// CHECK: %res1, %res2 = vector.deinterleave %[[W]] : vector<8xf32> -> vector<4xf32>
// CHECK: vector.broadcast %[[W]] : vector<8xf32> to vector<2x4x8xf32>
// CHECK: vector.transfer_read %[[T]][%[[I]], %[[I]]], %[[S]] {permutation_map = #[[$BCAST]]} : tensor<?x?xf32>, vector<4x8xf32>
// CHECK: vector.broadcast %[[S]] : f32 to vector<[4]x8xf32>
// CHECK: vector.print %[[W]] : vector<8xf32>
// CHECK: vector.print punctuation <comma>
// CHECK: vector.print str "done\0A"
// CHECK: return %[[MASKED]] : vector<4x8xf32>

// GENERIC: "vector.transpose"(%{{.+}}) <{permutation = array<i64: 1, 0>}> : (vector<4x8xf32>) -> vector<8x4xf32>
// GENERIC: "vector.constant_mask"() <{mask_dim_sizes = array<i64: 2, 4>}> : () -> vector<4x8xi1>
// GENERIC: "vector.extract"(%{{.+}}, %{{.+}}) <{static_position = array<i64: 0, -9223372036854775808>}> : (vector<4x8xf32>, index) -> f32
// GENERIC: "vector.reduction"(%{{.+}}) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<8xf32>) -> f32
// GENERIC: "vector.multi_reduction"(%{{.+}}, %{{.+}}) <{kind = #vector.kind<add>, reduction_dims = array<i64: 0>}> : (vector<4x8xf32>, vector<8xf32>) -> vector<8xf32>
// GENERIC: "vector.mask"(%{{.+}}) ({
// GENERIC-NEXT: "vector.transfer_read"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map}> : (tensor<?x?xf32>, index, index, f32) -> vector<4x8xf32>
// GENERIC-NEXT: "vector.yield"(%{{.+}}) : (vector<4x8xf32>) -> ()
// GENERIC-NEXT: }) : (vector<4x8xi1>) -> vector<4x8xf32>
// GENERIC: "vector.transfer_write"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = #map}> : (vector<4x8xf32>, tensor<?x?xf32>, index, index) -> tensor<?x?xf32>
// GENERIC: "vector.print"(%{{.+}}) <{punctuation = #vector.punctuation<newline>}> : (vector<8xf32>) -> ()
func.func @ops(%v: vector<4x8xf32>, %s: f32, %i: index, %t: tensor<?x?xf32>, %m: vector<4x8xi1>, %w: vector<8xf32>) -> vector<4x8xf32> {
  %a = vector.broadcast %s : f32 to vector<4x8xf32>
  %b = vector.shape_cast %v : vector<4x8xf32> to vector<32xf32>
  %c = vector.transpose %v, [1, 0] : vector<4x8xf32> to vector<8x4xf32>
  %d = vector.create_mask %i, %i : vector<4x8xi1>
  %e = vector.constant_mask [2, 4] : vector<4x8xi1>
  %f = vector.extract %v[0, %i] : f32 from vector<4x8xf32>
  %g = vector.insert %s, %v[1, 2] : f32 into vector<4x8xf32>
  %h = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 4], strides = [1, 1]} : vector<4x8xf32> to vector<2x4xf32>
  %j = vector.insert_strided_slice %h, %v {offsets = [1, 2], strides = [1, 1]} : vector<2x4xf32> into vector<4x8xf32>
  %k = vector.from_elements %s, %s : vector<2xf32>
  %l = vector.step : vector<4xindex>
  %n = vector.fma %v, %v, %v : vector<4x8xf32>
  %o = vector.reduction <add>, %w : vector<8xf32> into f32
  %o2 = vector.reduction <maxnumf>, %w, %s fastmath<fast> : vector<8xf32> into f32
  %p = vector.multi_reduction <add>, %v, %w [0] : vector<4x8xf32> to vector<8xf32>
  %q = vector.mask %m { vector.transfer_read %t[%i, %i], %s : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %q2 = vector.mask %m, %v { vector.transfer_read %t[%i, %i], %s : tensor<?x?xf32>, vector<4x8xf32> } : vector<4x8xi1> -> vector<4x8xf32>
  %r = vector.transfer_read %t[%i, %i], %s, %m {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : tensor<?x?xf32>, vector<8x4xf32>
  %u = vector.transfer_write %v, %t[%i, %i] : vector<4x8xf32>, tensor<?x?xf32>
  %u2 = vector.mask %m { vector.transfer_write %v, %t[%i, %i] : vector<4x8xf32>, tensor<?x?xf32> } : vector<4x8xi1> -> tensor<?x?xf32>
  %x = vector.extract %v[1] : vector<8xf32> from vector<4x8xf32>
  %y = vector.bitcast %v : vector<4x8xf32> to vector<4x8xi32>
  %z = vector.interleave %w, %w : vector<8xf32> -> vector<16xf32>
  %z1, %z2 = vector.deinterleave %w : vector<8xf32> -> vector<4xf32>
  %bb = vector.broadcast %w : vector<8xf32> to vector<2x4x8xf32>
  %rr = vector.transfer_read %t[%i, %i], %s {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : tensor<?x?xf32>, vector<4x8xf32>
  %sc = vector.broadcast %s : f32 to vector<[4]x8xf32>
  vector.print %w : vector<8xf32>
  vector.print punctuation <comma>
  vector.print str "done\n"
  return %q : vector<4x8xf32>
}

// vector.scalable.insert / scalable.extract: the position is a property.
// CHECK-LABEL: func.func @scalable_pieces(
// CHECK: vector.scalable.insert %{{.+}}, %{{.+}}[4] : vector<[4]xf32> into vector<[8]xf32>
// CHECK: vector.scalable.extract %{{.+}}[4] : vector<4xf32> from vector<[8]xf32>
// GENERIC-LABEL: sym_name = "scalable_pieces"
// GENERIC: "vector.scalable.insert"(%{{.+}}, %{{.+}}) <{pos = 4 : i64}> : (vector<[4]xf32>, vector<[8]xf32>) -> vector<[8]xf32>
// GENERIC: "vector.scalable.extract"(%{{.+}}) <{pos = 4 : i64}> : (vector<[8]xf32>) -> vector<4xf32>
func.func @scalable_pieces(%a: vector<[4]xf32>, %b: vector<[8]xf32>) -> (vector<[8]xf32>, vector<4xf32>) {
  %0 = vector.scalable.insert %a, %b[4] : vector<[4]xf32> into vector<[8]xf32>
  %1 = vector.scalable.extract %b[4] : vector<4xf32> from vector<[8]xf32>
  return %0, %1 : vector<[8]xf32>, vector<4xf32>
}
