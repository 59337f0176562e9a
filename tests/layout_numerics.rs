//! Proof of the layout lowering by execution: for random shapes and layouts
//! (nested tiles, `*`, non-default minor_to_major, tiles that do not divide,
//! tiles longer than the rank), `tessel-layout mlir`'s `@to_layout` is run by
//! the interpreter on a tensor whose element e holds id(e) + 1; the value at
//! row-major position `linear_index(e)` of the result must be id(e) + 1, every
//! other slot the padding value 0, and `@from_layout` must give the input
//! back. TESSEL_LAYOUT_CASES sets the count (default 1,200).

use tessel::layout_mlir::layout_functions;
use tessel_interp::{Interpreter, RtValue, Scalar, Tensor};
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::verifier::verify;
use tessel_ir::Context;
use tessel_layout::{parse_shape, Shape, TiledLayout};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random shape-with-layout string (kept small enough to execute).
fn random_layout(rng: &mut Rng) -> String {
    let types = ["f32", "bf16", "s32", "s8", "f16"];
    let ty = types[rng.below(types.len() as u64) as usize];
    let rank = rng.below(5) as usize;
    let dims: Vec<u64> = (0..rank).map(|_| 1 + rng.below(6)).collect();
    let mut m2m: Vec<usize> = (0..rank).collect();
    for i in (1..rank).rev() {
        m2m.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut tiles = String::new();
    for _ in 0..rng.below(4) {
        let k = 1 + rng.below(3) as usize;
        let entries: Vec<String> = (0..k)
            .map(|j| if j + 1 < k && rng.below(5) == 0 { "*".to_string() } else { (1 + rng.below(4)).to_string() })
            .collect();
        tiles.push_str(&format!("({})", entries.join(",")));
    }
    let mut fields = String::new();
    if !tiles.is_empty() {
        fields.push_str(&format!("T{tiles}"));
    }
    if rng.below(6) == 0 {
        fields.push_str(&format!("L({})", 2 + rng.below(7)));
    }
    let d: Vec<String> = dims.iter().map(|x| x.to_string()).collect();
    let m: Vec<String> = m2m.iter().map(|x| x.to_string()).collect();
    let colon = if fields.is_empty() { "" } else { ":" };
    format!("{ty}[{}]{{{}{colon}{fields}}}", d.join(","), m.join(","))
}

fn run_case(text: &str) -> Result<(), String> {
    let Shape::Array(a) = parse_shape(text).map_err(|e| e.message)? else { unreachable!() };
    let t = TiledLayout::new(&a)?;
    let mlir = layout_functions(&a)?;
    // Read back what was printed, as mlir-opt would.
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, &mlir, "mlir", BufferStart::default())
        .map_err(|d| format!("{}\n{mlir}", d.message))?
        .module;
    verify(&ctx, module, Default::default()).map_err(|d| format!("{}\n{mlir}", d[0].message))?;
    let n = t.elements as usize;
    let logical: Vec<usize> = t.logical_dims.iter().map(|&d| d as usize).collect();
    let mut interp = Interpreter::new(&ctx, module);
    let elem = interp.signature("to_layout").and_then(|s| s[0].elem).ok_or("@to_layout takes no tensor")?;
    // Every element gets distinct bits (NaN patterns included: data
    // movement must keep them).
    let bits = |i: usize| (i as u64 + 1) & (u64::MAX >> (64 - elem.bit_width()));
    let input = Tensor::from_scalars(logical.clone(), elem, (0..n).map(|i| Scalar::from_bits(elem, bits(i))));
    let packed = match interp.call("to_layout", vec![RtValue::Tensor(input.clone())])?.pop() {
        Some(RtValue::Tensor(p)) => p,
        other => return Err(format!("@to_layout returned {other:?}")),
    };
    if packed.len() as i64 != t.expanded_slots {
        return Err(format!("packed tensor has {} slots, the layout {}", packed.len(), t.expanded_slots));
    }
    let mut expected = vec![0u64; packed.len()];
    for id in 0..n {
        let e = tessel_layout::tiling::unravel(id as i64, &t.logical_dims);
        expected[t.linear_index(&e)? as usize] = bits(id);
    }
    if let Some(slot) = (0..expected.len()).find(|&s| expected[s] != packed.get(s).bits) {
        return Err(format!(
            "slot {slot}: expected bits {:#x} got {:#x} (element {:?})\n{mlir}",
            expected[slot],
            packed.get(slot).bits,
            t.element_at(slot as i64)
        ));
    }
    let back = match interp.call("from_layout", vec![RtValue::Tensor(packed)])?.pop() {
        Some(RtValue::Tensor(b)) => b,
        other => return Err(format!("@from_layout returned {other:?}")),
    };
    if !back.same_bits(&input) {
        return Err(format!("from_layout(to_layout(x)) != x\n{mlir}"));
    }
    Ok(())
}

#[test]
fn spec_examples_execute() {
    for s in [
        "f32[3,5]{1,0:T(2,2)}",
        "f32[4,8]{1,0:T(2,4)(2,1)}",
        "F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "f32[]{:T(256)}",
        "bf16[8,1,16,256]{3,2,0,1:T(8,128)(2,1)S(1)}",
        "s32[2,1,3,5,4]{4,3,2,0,1:T(8,128)}",
        "f32[3,5]{0,1}",
    ] {
        run_case(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

/// TPU-sized layouts: tiles of 128 lanes, so the engine's fast paths run
/// (register blocks swept in groups and panels, the zipped `(2, 1)` and
/// `(4, 1)` interleaves) rather than the element loops small shapes take.
#[test]
fn tpu_sized_layouts_execute() {
    for s in [
        "bf16[64,384]{1,0:T(8,128)(2,1)}",
        "s8[96,256]{1,0:T(8,128)(4,1)}",
        "u8[40,260]{1,0:T(8,128)(4,1)}",
        "f32[256,136]{0,1:T(8,128)}",
        "bf16[3,136,264]{1,2,0:T(8,128)(2,1)}",
        "f16[130,70]{0,1:T(8,128)(2,1)}",
    ] {
        run_case(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

#[test]
fn random_layouts_execute() {
    let cases: usize = std::env::var("TESSEL_LAYOUT_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1200);
    let mut rng = Rng(0x5EED_2026_1122);
    let mut failures = Vec::new();
    let mut ran = 0;
    while ran < cases {
        let text = random_layout(&mut rng);
        let Shape::Array(a) = parse_shape(&text).unwrap() else { unreachable!() };
        // A tile longer than the whole array can make a huge padded tensor; skip those.
        if TiledLayout::new(&a).map_or(true, |t| t.expanded_slots > 50_000) {
            continue;
        }
        ran += 1;
        if let Err(e) = run_case(&text) {
            failures.push(format!("{text}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{} of {cases} layouts failed; first:\n{}", failures.len(), failures[0]);
}
