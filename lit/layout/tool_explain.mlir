// RUN: tessel-layout explain 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}' | FileCheck %s --check-prefix=TPU
// RUN: tessel-layout explain 's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}' | FileCheck %s --check-prefix=BLOWUP
// RUN: tessel-layout explain --json 'F32[3,5]{1,0:T(2,2)}' | FileCheck %s --check-prefix=JSON
// RUN: tessel-layout explain 'f32[3,4]{1,0:T(3,4)(2,1)}' | FileCheck %s --check-prefix=DIFFER
// RUN: tessel-layout explain '(f32[2]{0}, s8[4,4]{0,1})' | FileCheck %s --check-prefix=TUPLE

// TPU:      canonical       bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}
// TPU-NEXT: element type    bf16 (16 bits per element in memory)
// TPU-NEXT: logical shape   [8, 1, 1280, 16384]
// TPU-NEXT: minor_to_major  [3, 2, 0, 1]
// TPU-NEXT: physical shape  [1, 8, 1280, 16384]  (logical dims 1, 0, 2, 3, major first)
// TPU-NEXT: after tile 1 (8,128)  [1, 8, 160, 128, 8, 128]
// TPU-NEXT: after tile 2 (2,1)    [1, 8, 160, 128, 4, 128, 2, 1]
// TPU:      size            335544320 bytes = 320.00 MiB for 320.00 MiB of data: 1.0x
// TPU-NEXT: XLA ArraySize   335544320 bytes (the same)
// TPU-NEXT: memory space    S(1): on-chip vector memory (VMEM)
// TPU-NEXT: as ops
// TPU-NEXT:   pack outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128] : tensor<8x1x1280x16384xbf16> -> tensor<1x8x160x128x8x128xbf16>
// TPU-NEXT:   pack inner_dims_pos = [4, 5] inner_tiles = [2, 1] : tensor<1x8x160x128x8x128xbf16> -> tensor<1x8x160x128x4x128x2x1xbf16>

// BLOWUP: after tile 1 (8,128)  [1, 2048, 128, 16, 1, 8, 128]  (pads)
// BLOWUP: size            17179869184 bytes = 16.00 GiB for 512.00 MiB of data: 32.0x

// JSON:      "canonical": "f32[3,5]{1,0:T(2,2)}",
// JSON:      "dims": [
// JSON-NEXT:   3,
// JSON-NEXT:   5
// JSON:      "element_type": "f32",
// JSON:      "elements": 15,
// JSON:      "expanded_shape": [
// JSON-NEXT:   2,
// JSON-NEXT:   3,
// JSON-NEXT:   2,
// JSON-NEXT:   2
// JSON:      "padded_elements": 24,
// JSON:      "padding_overhead": 1.6
// JSON:      "size_bytes": 96,
// JSON:      "tiles": [
// JSON-NEXT:   [
// JSON-NEXT:     2,
// JSON-NEXT:     2
// JSON:      "xla_array_size_bytes": 96

// DIFFER: size            64 bytes = 64 B for 48 B of data: 1.3x
// DIFFER: XLA ArraySize   48 bytes = 48 B: differs, because XLA sizes by the first tile only and later tiles pad here

// TUPLE:      tuple (f32[2]{0}, s8[4,4]{0,1})
// TUPLE:      element 1:
// TUPLE-NEXT: canonical       s8[4,4]{0,1}
// TUPLE:        transpose permutation = [1, 0] : tensor<4x4xi8> -> tensor<4x4xi8>
