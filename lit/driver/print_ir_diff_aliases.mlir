// RUN: tessel-opt %s --canonicalize --mlir-print-ir-diff -o /dev/null 2>&1 | FileCheck %s

// canonicalize erases the dead apply of the first map: the other maps are
// renumbered (#map1 is now #map) and so is every value. The diff aligns
// aliases by their definitions and values by their ops, so it shows the
// two lines that went, under names marked `.old` where the new dump gives
// them to something else, and nothing else.
// CHECK:      // -----// IR Diff After Canonicalizer (canonicalize) //----- //
// CHECK:      -#map.old = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT:  #map = affine_map<(d0) -> (d0 * 4)>
// CHECK-NEXT:  #map1 = affine_map<(d0) -> (d0 + 5)>
// CHECK:      -    %0.old = affine.apply #map.old(%arg0)
// CHECK-NEXT:      %0 = affine.apply #map(%arg0)
// CHECK-NEXT:      %1 = affine.apply #map1(%arg0)
// CHECK-NEXT:      %2 = arith.muli %0, %1 : index
// CHECK-NOT:  {{^[-+] }}
func.func @f(%i: index) -> index {
  %dead = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
  %a = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
  %b = affine.apply affine_map<(d0) -> (d0 + 5)>(%i)
  %c = arith.muli %a, %b : index
  return %c : index
}
