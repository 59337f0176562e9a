// RUN: tessel-layout table 'F32[3,5]{1,0:T(2,2)}' | FileCheck %s --check-prefix=ONE --match-full-lines
// RUN: tessel-layout table 'f32[4,8]{1,0:T(2,4)(2,1)}' | FileCheck %s --check-prefix=NESTED --match-full-lines
// RUN: tessel-layout table 'f32[2,2,3]{2,1,0:T(2,2)}' | FileCheck %s --check-prefix=RANK3 --match-full-lines
// RUN: tessel-layout table 'f32[3,5]{1,0:T(221474836472)}' | FileCheck %s --check-prefix=HUGE
// RUN: tessel-layout index 'F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}' 0,1,0,0,0 | FileCheck %s --check-prefix=STAR
// RUN: printf '0,0,0,0,1\n0,0,0,0,3\n0,0,1,0,0\n0,0,0,1,0\n' | tessel-layout index 'F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}' | FileCheck %s --check-prefix=STDIN
// RUN: tessel-layout element 'f32[3,5]{1,0:T(2,2)}' 17 | FileCheck %s --check-prefix=ELEM
// RUN: tessel-layout element 'f32[3,5]{1,0:T(2,2)}' 9 | FileCheck %s --check-prefix=PAD

// ONE:      f32[3,5]{1,0:T(2,2)}: linear index of each element (rows: dim 0, columns: dim 1)
// ONE-NEXT: row 0:  0  1  4  5  8
// ONE-NEXT: row 1:  2  3  6  7 10
// ONE-NEXT: row 2: 12 13 16 17 20
// ONE-NEXT: 24 slots: 15 elements, 9 padding (9, 11, 14, 15, 18, 19, 21, 22, 23)

// NESTED:      row 0:  0  2  4  6  8 10 12 14
// NESTED-NEXT: row 1:  1  3  5  7  9 11 13 15
// NESTED-NEXT: row 2: 16 18 20 22 24 26 28 30
// NESTED-NEXT: row 3: 17 19 21 23 25 27 29 31
// NESTED-NEXT: 32 slots: 32 elements, 0 padding

// RANK3:      [0,:,:]
// RANK3-NEXT: row 0:  0  1  4
// RANK3-NEXT: row 1:  2  3  6
// RANK3-NEXT: [1,:,:]
// RANK3-NEXT: row 0:  8  9 12
// RANK3-NEXT: row 1: 10 11 14

// STAR: 888

// STDIN:      1
// STDIN-NEXT: 6
// STDIN-NEXT: 3
// STDIN-NEXT: 19

// ELEM: 2,3
// PAD: padding

// A tile of 2^37 slots on 15 elements (found by scripts/fuzz.py: the table's
// padding summary allocated one flag per slot, 664 GB): the summary counts
// padding without visiting it.
// HUGE: row 2: 442949672944 442949672945 442949672946 442949672947 442949672948
// HUGE-NEXT: 664424509416 slots: 15 elements, 664424509401 padding (5, 6, 7, 8, 9, 10, {{.*}}, ...)
