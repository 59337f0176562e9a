//! Corner cases of the engine's ops, each on IR text: empty tensors, unit
//! dims, negative and NaN padding values, signed zeros, integer widths,
//! half-precision rounding, comparisons with NaN.

use tessel_interp::{ElemType, Interpreter, RtValue, Scalar, Tensor};
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::verifier::verify;
use tessel_ir::Context;

/// Runs `@f` of `text` on `args`.
fn run(text: &str, args: Vec<RtValue>) -> Result<Vec<RtValue>, String> {
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, text, "t", BufferStart::default()).map_err(|d| d.message)?.module;
    verify(&ctx, module, Default::default()).map_err(|d| d[0].message.clone())?;
    let mut engine = Interpreter::new(&ctx, module);
    engine.check_uninit = true;
    Ok(engine.call("f", args)?)
}

fn scalar(v: &RtValue) -> Scalar {
    v.scalar().unwrap()
}

fn tensor(v: &RtValue) -> &Tensor {
    v.tensor().unwrap()
}

fn f32s(shape: &[usize], values: &[f32]) -> RtValue {
    RtValue::Tensor(Tensor::from_scalars(
        shape.to_vec(),
        ElemType::F32,
        values.iter().map(|v| Scalar::from_bits(ElemType::F32, v.to_bits() as u64)),
    ))
}

#[test]
fn empty_tensors_pack_unpack_and_slice() {
    // A static offset into a dim of size 0 is out of bounds (the verifier
    // says so, as MLIR's does); a dynamic one is checked when it runs.
    let text = "func.func @f(%t: tensor<0x5xf32>) -> (tensor<0x2x4xf32>, tensor<0x5xf32>, tensor<0x3xf32>) {
  %pad = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<0x2x4xf32>
  %p = tensor.pack %t padding_value(%pad : f32) inner_dims_pos = [1] inner_tiles = [4] into %e : tensor<0x5xf32> -> tensor<0x2x4xf32>
  %d = tensor.empty() : tensor<0x5xf32>
  %u = tensor.unpack %p inner_dims_pos = [1] inner_tiles = [4] into %d : tensor<0x2x4xf32> -> tensor<0x5xf32>
  %c0 = arith.constant 0 : index
  %s = tensor.extract_slice %t[%c0, 1] [0, 3] [1, 1] : tensor<0x5xf32> to tensor<0x3xf32>
  return %p, %u, %s : tensor<0x2x4xf32>, tensor<0x5xf32>, tensor<0x3xf32>
}";
    let out = run(text, vec![f32s(&[0, 5], &[])]).unwrap();
    assert_eq!(tensor(&out[0]).shape, [0, 2, 4]);
    assert_eq!(tensor(&out[1]).shape, [0, 5]);
    assert_eq!(tensor(&out[2]).shape, [0, 3]);
}

#[test]
fn unit_dims_and_a_tile_larger_than_the_dim() {
    let text = "func.func @f(%t: tensor<1x3xf32>) -> tensor<1x1x1x8xf32> {
  %pad = arith.constant -7.5 : f32
  %e = tensor.empty() : tensor<1x1x1x8xf32>
  %p = tensor.pack %t padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [1, 8] into %e : tensor<1x3xf32> -> tensor<1x1x1x8xf32>
  return %p : tensor<1x1x1x8xf32>
}";
    let out = run(text, vec![f32s(&[1, 3], &[1.0, 2.0, 3.0])]).unwrap();
    assert_eq!(tensor(&out[0]).to_f64_vec(), [1.0, 2.0, 3.0, -7.5, -7.5, -7.5, -7.5, -7.5]);
}

#[test]
fn nan_payloads_and_negative_zero_survive_data_movement() {
    // The padding is a NaN with a payload; the data holds -0.0 and another NaN.
    let text = "func.func @f(%t: tensor<3xf32>) -> (tensor<1x3xf32>, tensor<3xf32>) {
  %pad = arith.constant 0x7FC01234 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %p = tensor.pack %t padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<3xf32> -> tensor<2x2xf32>
  %s = tensor.extract_slice %p[1, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<1x2xf32>
  %z = tensor.empty() : tensor<1x3xf32>
  %a = tensor.insert_slice %s into %z[0, 1] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<1x3xf32>
  %c = tensor.extract_slice %p[0, 0] [1, 1] [1, 1] : tensor<2x2xf32> to tensor<1x1xf32>
  %b = tensor.insert_slice %c into %a[0, 0] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<1x3xf32>
  %d = tensor.empty() : tensor<3xf32>
  %u = tensor.unpack %p inner_dims_pos = [0] inner_tiles = [2] into %d : tensor<2x2xf32> -> tensor<3xf32>
  return %b, %u : tensor<1x3xf32>, tensor<3xf32>
}";
    let payload = f32::from_bits(0x7fa0_0001);
    let out = run(text, vec![f32s(&[3], &[-0.0, payload, 2.0])]).unwrap();
    let bits = |v: &RtValue| tensor(v).scalars().map(|s| s.bits).collect::<Vec<_>>();
    // [-0.0, 2.0, padding]: the padding NaN keeps its payload.
    assert_eq!(bits(&out[0]), [0x8000_0000, 0x4000_0000, 0x7fc0_1234]);
    // Unpack drops the padding and keeps -0.0 and the NaN payload.
    assert_eq!(bits(&out[1]), [0x8000_0000, 0x7fa0_0001, 0x4000_0000]);
}

#[test]
fn integers_wrap_at_their_width_and_know_signedness() {
    let text = "func.func @f(%a: i8, %b: i8) -> (i8, i8, i8, i32, i32, i8, i1, i1) {
  %add = arith.addi %a, %b : i8
  %div = arith.divsi %a, %b : i8
  %divu = arith.divui %a, %b : i8
  %sext = arith.extsi %a : i8 to i32
  %zext = arith.extui %a : i8 to i32
  %w = arith.constant 1000 : i32
  %trunc = arith.trunci %w : i32 to i8
  %lt = arith.cmpi slt, %a, %b : i8
  %ult = arith.cmpi ult, %a, %b : i8
  return %add, %div, %divu, %sext, %zext, %trunc, %lt, %ult : i8, i8, i8, i32, i32, i8, i1, i1
}";
    let i8v = |v| RtValue::Scalar(Scalar::int(ElemType::I8, v));
    let out = run(text, vec![i8v(-128), i8v(-1)]).unwrap();
    let got: Vec<i64> = out.iter().map(|v| scalar(v).as_i64()).collect();
    // -128 + -1 wraps to 127; -128 / -1 overflows to -128 (LLVM: poison; the
    // engine wraps); 128 /u 255 = 0; sext -128; zext 128; 1000 mod 256 = -24.
    assert_eq!(got, [127, -128, 0, -128, 128, -24, -1, -1]);
    assert_eq!(scalar(&out[7]).as_u64(), 1, "i1 true");
}

#[test]
fn half_precision_arithmetic_rounds_once_to_nearest_even() {
    let text = "func.func @f(%a: bf16, %b: bf16, %c: f16, %d: f16) -> (bf16, f16, f32) {
  %x = arith.addf %a, %b : bf16
  %y = arith.mulf %c, %d : f16
  %z = arith.extf %x : bf16 to f32
  return %x, %y, %z : bf16, f16, f32
}";
    let v = |e, x| RtValue::Scalar(Scalar::float(e, x));
    let out = run(
        text,
        vec![v(ElemType::BF16, 256.0), v(ElemType::BF16, 1.0), v(ElemType::F16, 3.0), v(ElemType::F16, 1.0 / 3.0)],
    )
    .unwrap();
    assert_eq!(scalar(&out[0]).as_f64(), 256.0);
    // 3 * f16(1/3) = 3 * 1365/4096 = 4095/4096, halfway between the f16
    // values 2047/2048 (odd significand) and 1.0 (even): ties go to 1.0.
    assert_eq!(scalar(&out[1]).as_f64(), 1.0);
    assert_eq!(scalar(&out[2]).elem, ElemType::F32);
}

#[test]
fn float_comparisons_and_extrema_with_nan_and_signed_zero() {
    let text = "func.func @f(%a: f32, %b: f32) -> (i1, i1, f32, f32, f32) {
  %o = arith.cmpf oeq, %a, %b : f32
  %u = arith.cmpf une, %a, %b : f32
  %mx = arith.maximumf %a, %b : f32
  %mn = arith.minnumf %a, %b : f32
  %neg = arith.negf %a : f32
  return %o, %u, %mx, %mn, %neg : i1, i1, f32, f32, f32
}";
    let f = |x: f32| RtValue::Scalar(Scalar::from_bits(ElemType::F32, x.to_bits() as u64));
    let out = run(text, vec![f(f32::NAN), f(1.0)]).unwrap();
    assert_eq!(scalar(&out[0]).bits, 0, "oeq with NaN is false");
    assert_eq!(scalar(&out[1]).bits, 1, "une with NaN is true");
    assert!(scalar(&out[2]).as_f64().is_nan(), "maximumf propagates NaN");
    assert_eq!(scalar(&out[3]).as_f64(), 1.0, "minnumf ignores NaN");
    assert_eq!(scalar(&out[4]).bits, (f32::NAN.to_bits() ^ 0x8000_0000) as u64, "negf flips the sign bit only");
    let out = run(text, vec![f(-0.0), f(0.0)]).unwrap();
    assert_eq!(scalar(&out[2]).bits, 0, "maximumf(-0, +0) = +0");
}

#[test]
fn mismatched_element_types_and_shapes_are_errors_not_panics() {
    let text = "func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}";
    assert!(run(text, vec![]).unwrap_err().contains("takes 1 arguments, got 0"));
    let text = "func.func @f(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %p = tensor.pack %t inner_dims_pos = [0] inner_tiles = [4] into %e : tensor<?xf32> -> tensor<?x4xf32>
  %d = tensor.empty(%n) : tensor<?xf32>
  %u = tensor.unpack %p inner_dims_pos = [0] inner_tiles = [4] into %t : tensor<?x4xf32> -> tensor<?xf32>
  return %u : tensor<?xf32>
}";
    // 6 elements into one tile of 4 with no padding value.
    let idx = RtValue::index(1);
    let err = run(text, vec![f32s(&[6], &[0.0; 6]), idx]).unwrap_err();
    assert!(err.contains("cover 4 of the 6 elements"), "{err}");
}

#[test]
fn tensors_are_released_after_their_last_use() {
    // The engine drops a tensor once the last op that uses it has run, so
    // after the call nothing but the caller holds the result's storage,
    // and the packed intermediate is gone before the function returns.
    let text = "func.func @f(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {
      %e = tensor.empty() : tensor<2x2x2x4xf32>
      %p = linalg.pack %t inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %e : tensor<4x8xf32> -> tensor<2x2x2x4xf32>
      %d = tensor.empty() : tensor<4x8xf32>
      %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %d : tensor<2x2x2x4xf32> -> tensor<4x8xf32>
      return %u : tensor<4x8xf32>
    }";
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, text, "t", BufferStart::default()).unwrap().module;
    let mut engine = Interpreter::new(&ctx, module);
    let input = Tensor::iota(vec![4, 8], ElemType::F32);
    let result = engine.call("f", vec![RtValue::Tensor(input.clone())]).unwrap().pop().unwrap();
    assert!(tensor(&result).same_bits(&input));
    assert_eq!(std::sync::Arc::strong_count(&tensor(&result).data), 1, "the engine still holds the result");
    assert_eq!(std::sync::Arc::strong_count(&input.data), 1, "the engine still holds the argument");
    // Calling again works from the same cached plan.
    let again = engine.call("f", vec![RtValue::Tensor(input.clone())]).unwrap().pop().unwrap();
    assert!(tensor(&again).same_bits(&input));
}
