// RUN: not tessel-layout explain 'f32[3,5}{1,0}' 2>&1 | FileCheck %s --check-prefix=COLUMN --match-full-lines --strict-whitespace
// RUN: not tessel-layout explain 'f32[3,5]{0,0}' 2>&1 | FileCheck %s --check-prefix=XLA
// RUN: not tessel-layout index 'f32[3,5]{1,0:T(2,2)}' 3,0 2>&1 | FileCheck %s --check-prefix=BOUNDS
// RUN: not tessel-layout element 'f32[3,5]{1,0:T(2,2)}' 24 2>&1 | FileCheck %s --check-prefix=POS
// RUN: not tessel-layout table 'f32[1000,1000]' 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not tessel-layout index '(f32[2], f32[2])' 0 2>&1 | FileCheck %s --check-prefix=TUPLE
// RUN: not tessel-layout explain 'f32[2,3]{1,0:T(2,*)}' 2>&1 | FileCheck %s --check-prefix=STAR
// RUN: not tessel-layout frobnicate 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not tessel-layout explain 'f32[3,5}{1,0}' 2>/dev/null | FileCheck %s --check-prefix=NOSTDOUT --allow-empty

// COLUMN:error: column 8: expected ',' or ']' between dimensions, found '}'
// COLUMN-NEXT:  f32[3,5}{1,0}
// COLUMN-NEXT:         ^
// XLA: error: column 1: layout minor_to_major field has duplicate values: {0, 0}; shape: f32[3,5]
// BOUNDS: error: coordinate 3 of dimension 0 is out of bounds [0, 3)
// POS: error: position 24 is out of bounds [0, 24)
// BIG: error: the array has 1000000 elements; `table` prints at most 10000
// TUPLE: error: `index` needs an array shape, not a tuple
// STAR: error: tile 1 (2,*): the most minor entry of a tile cannot be '*'
// USAGE: error: unrecognized subcommand 'frobnicate'
// NOSTDOUT-NOT: {{.}}
