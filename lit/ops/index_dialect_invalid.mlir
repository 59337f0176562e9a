// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// The index dialect: the verifier's and parser's messages, as mlir-opt 22's.

func.func @casts(%x: i32) -> i64 {
  // expected-error @+1 {{'index.casts' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = index.casts %x : i32 to i64
  return %0 : i64
}
