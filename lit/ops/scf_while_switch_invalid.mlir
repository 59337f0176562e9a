// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// scf.while, scf.condition, scf.index_switch and scf.execute_region: the
// verifier's and the parser's messages, as mlir-opt 22's (the region-branch
// checks along each edge, with the terminator as "region branch point").

func.func @a(%n: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32, %k: i32):
    scf.yield %j : i32
  }
  return
}
// -----
func.func @b(%n: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %f = arith.constant 1.0 : f32
    // expected-note @+1 {{region branch point}}
    scf.yield %f : f32
  }
  return
}
// -----
func.func @c(%n: i32) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.while (%i = %n) : (i32) -> f32 {
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}
// -----
func.func @d(%n: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  scf.while (%i = %n) : (i32) -> () {
    // expected-note @+1 {{terminator here}}
    scf.yield %i : i32
  } do {
    scf.yield
  }
  return
}
// -----
func.func @e(%n: i32) {
  %c = arith.constant true
  // expected-error @+1 {{'scf.condition' op expects parent op 'scf.while'}}
  scf.condition(%c)
  return
}
// -----
func.func @f(%n: i32) {
  // expected-error @+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  %r = scf.while (%i = %n) : (i32, i32) -> i32 {
    %c = arith.constant true
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}
// -----
func.func @g(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 2}}
  %r = scf.index_switch %a -> i32
  case 2 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  case 2 {
    %c = arith.constant 10 : i32
    scf.yield %c : i32
  }
  default {
    %c = arith.constant 0 : i32
    scf.yield %c : i32
  }
  return
}
// -----
func.func @h(%a: index) {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %a -> i32
  default {
    %c = arith.constant 0 : i64
    // expected-note @+1 {{default region returns 'i64' here}}
    scf.yield %c : i64
  }
  return
}
// -----
func.func @i(%a: index) {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  %r = scf.execute_region -> i32 {
  ^bb0(%x: i32):
    scf.yield %x : i32
  }
  return
}
// -----
func.func @j(%a: index) {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.execute_region -> i32 {
    %c = arith.constant 0 : i64
    // expected-note @+1 {{region branch point}}
    scf.yield %c : i64
  }
  return
}
