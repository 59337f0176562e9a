// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{referenced attribute does not match previous definition: "x"}}
func.func @g() attributes {b = distinct[3]<"x">, c = distinct[3]<"y">} {
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{`dense_resource` expected a shaped type}}
  %0 = arith.constant dense_resource<x> : f32
  return
}

// -----

func.func @f() -> tensor<2xf32> {
  %0 = arith.constant dense_resource<q> : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      // expected-error @+1 {{expected hex string blob for key 'q'}}
      q: "0x04000"
    }
  }
#-}
