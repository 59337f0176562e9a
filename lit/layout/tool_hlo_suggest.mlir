// RUN: tessel-layout hlo %S/../../examples/tpu_dump.hlo | FileCheck %s --check-prefix=HLO
// RUN: tessel-layout suggest 's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}' --top 3 | FileCheck %s --check-prefix=SUGGEST
// RUN: printf 'x = f32[2,2}{1,0} add(a,b)\n' > %t.hlo && not tessel-layout hlo %t.hlo 2>&1 | FileCheck %s --check-prefix=BAD

// HLO:      10 buffers, largest padding waste first (not counted: 2 instructions inside fused computations, 0 in computations applied per element, 2 aliases)
// HLO-NEXT: line  buffer bytes data  overhead  space  shape
// HLO-NEXT: 10    p1     16.00 GiB  512.00 MiB     32.0x  S(0)   s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}
// HLO-NEXT: 17    small 4.00 KiB 60 B     68.3x  S(0)   f32[3,5]{1,0:T(8,128)}
// HLO:      15    fusion.3   8.00 MiB    8.00 MiB      1.0x  S(1)   bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}
// HLO-NEXT: totals per memory space
// HLO-NEXT:   S(0) device memory (HBM): 17.25 GiB for 1.75 GiB of data: 9.9x in 8 buffers
// HLO-NEXT:   S(1) on-chip vector memory (VMEM): 24.00 MiB for 24.00 MiB of data: 1.0x in 2 buffers

// SUGGEST:      current  s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}: 16.00 GiB for 512.00 MiB of data: 32.0x
// SUGGEST:         1.   512.00 MiB    1.0x  s32[2048,1,128,128,4]{0,2,4,3,1:T(8,128)}  (new minor_to_major: the data is transposed)

// BAD: error: {{.*}}.hlo:1:12: expected ',' or ']' between dimensions, found '}'
