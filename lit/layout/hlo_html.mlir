// RUN: tessel-layout hlo %S/../../examples/tpu_dump.hlo --html %t.html > /dev/null
// RUN: cat %t.html | FileCheck %s
// COMPAT: tessel-only

// The memory report as a page: buffers by waste, and for each padded one
// why (the dim its first tile pads) and the layout that would fix it, with
// a picture of a window of the layout.
// CHECK: <h1>HLO memory report:
// CHECK: <table>
// CHECK: <h2>Padded buffers</h2>
// CHECK: <li>dim 4 (size 4) is the minor dim, padded to 128 by T(8,128): 32.0x</li>
// CHECK: <b>Fix:</b> <code>s32[2048,1,128,128,4]{0,2,4,3,1:T(8,128)}</code>: 512.00 MiB for 512.00 MiB of data: 1.0x, saving 15.50 GiB
// CHECK: <li>dim 1 (size 5) is the minor dim, padded to 128 by T(8,128): 25.6x</li>
// CHECK: picture of a window: <code>f32[3,5]{1,0:T(8,128)}</code></summary><svg
