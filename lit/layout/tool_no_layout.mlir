// Shapes XLA's parser reads that have no array layout: tokens, opaque
// values and unbounded dims are printed as XLA prints them and explained
// (what has no layout and why) instead of refused. The memory report
// counts only buffers that exist at run time.
//
// RUN: tessel-layout explain 'opaque[]' | FileCheck %s --check-prefix=OPAQUE
// RUN: tessel-layout explain 'token[]' | FileCheck %s --check-prefix=TOKEN
// RUN: tessel-layout explain 'f32[?,784]' | FileCheck %s --check-prefix=UNBOUNDED
// RUN: tessel-layout explain 'f32[?,784]{0,1}' --json | FileCheck %s --check-prefix=JSON
// RUN: tessel-layout explain '(f32[3]{0}, token[], s32[?])' | FileCheck %s --check-prefix=TUPLE
// RUN: not tessel-layout index 'token[]' 0 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: tessel-layout hlo %S/Inputs/reduce_while.hlo | FileCheck %s --check-prefix=HLO

// OPAQUE:      canonical       opaque[]
// OPAQUE-NEXT: element type    opaque
// OPAQUE-NEXT: layout          none: an opaque value is a handle XLA does not look into: no array layout, one pointer (8 bytes on a 64-bit host, XLA's ByteSizeOf)

// TOKEN:      canonical       token[]
// TOKEN-NEXT: element type    token
// TOKEN-NEXT: layout          none: a token orders side effects and holds no data: no array layout, 0 bytes

// UNBOUNDED:      canonical       f32[?,784]
// UNBOUNDED-NEXT: element type    f32
// UNBOUNDED-NEXT: logical shape   [?, 784]
// UNBOUNDED-NEXT: minor_to_major  [1, 0]
// UNBOUNDED-NEXT: layout          none: dimension 0 is unbounded ('?'): the size is known only at run time, so there is no physical shape to tile or size; a bound ('<=N') gives XLA's reserved storage

// JSON: "array_layout": false,
// JSON: "canonical": "f32[?,784]{0,1}",
// JSON: "minor_to_major": [
// JSON-NEXT: 0,
// JSON-NEXT: 1

// TUPLE:      tuple (f32[3]{0}, token[], s32[?])
// TUPLE:      element 0:
// TUPLE:      size            12 bytes
// TUPLE:      element 1:
// TUPLE-NEXT: canonical       token[]
// TUPLE:      element 2:
// TUPLE-NEXT: canonical       s32[?]
// TUPLE:      layout          none: dimension 0 is unbounded

// INDEX: error: token has no array layout

// The reducer's parameters and sum (`to_apply=%add`) are scalar code in the
// reduce's loop, and the loop's condition and body parameters are the while's
// state under another name: none of them is a buffer.
// HLO:      11 buffers, largest padding waste first (not counted: 0 instructions inside fused computations, 3 in computations applied per element, 8 aliases)
// HLO-NOT:  {{ (x|y|sum|s) }}
// HLO:      totals per memory space
// HLO-NEXT:   S(0) device memory (HBM): 385.02 KiB for 384.52 KiB of data: 1.0x in 11 buffers
