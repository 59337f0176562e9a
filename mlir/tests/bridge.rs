//! The melior bridge against real MLIR 22 (built with `--features mlir`).
#![cfg(feature = "mlir")]

use tessel_ir::diag::render;
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PrintOptions};
use tessel_ir::Context;
use tessel_mlir::{Mlir, MlirLoc, MlirPrint, TEXT_FOR_MLIR};

const PACK: &str = r#"func.func @f(%src: tensor<13x15xf32>, %pad: f32) -> tensor<13x15xf32> {
  %d = tensor.empty() : tensor<2x4x8x4xf32>
  %p = tensor.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %d : tensor<13x15xf32> -> tensor<2x4x8x4xf32>
  %e = tensor.empty() : tensor<13x15xf32>
  %u = tensor.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<2x4x8x4xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}
"#;

/// The error of a call that must fail.
fn rejected<T, E>(r: Result<T, E>, what: &str) -> E {
    match r {
        Ok(_) => panic!("expected: {what}"),
        Err(e) => e,
    }
}

fn tessel(text: &str) -> (Context, tessel_ir::OpId) {
    let mut ctx = Context::new();
    let m = parse_module(&mut ctx, text, "in.mlir", BufferStart::default()).expect("parses").module;
    (ctx, m)
}

#[test]
fn a_module_goes_to_mlir_and_back_with_its_locations() {
    let mlir = Mlir::new();
    let (ctx, m) = tessel(PACK);
    let module = mlir.import(&ctx, m).expect("MLIR accepts tessel's text");
    mlir.verify(&module).expect("MLIR verifies it");
    let text = mlir.print(&module, MlirPrint { debug_info: true, generic: false });
    assert!(text.contains("linalg.pack"), "{text}");
    assert!(text.contains("\"in.mlir\":3:8"), "the pack keeps its location:\n{text}");
    assert!(text.contains("%arg0: tensor<13x15xf32> loc(\"in.mlir\":1:14)"), "so does the argument:\n{text}");

    let mut back = Context::new();
    let m2 = mlir.export(&module, &mut back).expect("tessel parses MLIR's text");
    let opts = PrintOptions { debug_info: true, ..Default::default() };
    let (a, b) = (print_op_top(&ctx, m, opts), print_op_top(&back, m2, opts));
    // Same ops and locations; only the pack spelling differs.
    assert_eq!(a.replace("tensor.pack", "linalg.pack").replace("tensor.unpack", "linalg.unpack"), b);
}

#[test]
fn mlir_errors_come_back_with_locations() {
    let mlir = Mlir::new();
    // A verifier error at a location the text names.
    let bad = r#"func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "arith.addf"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("user.mlir":7:9)
  return %0 : tensor<4xf32>
}"#;
    let ds = rejected(mlir.parse(bad), "MLIR rejects it");
    assert_eq!(ds[0].loc, MlirLoc::FileLineCol { file: "user.mlir".into(), line: 7, col: 9 }, "{ds:?}");
    assert!(ds[0].message.contains("expected 2 operands"), "{ds:?}");
    let mut ctx = Context::new();
    let t = ds[0].to_tessel(&mut ctx, "MLIR: ");
    assert!(render(&ctx, &t, None).starts_with("user.mlir:7:9: error: MLIR: 'arith.addf' op expected 2 operands"));

    // A syntax error in the text itself: named, with the line as a note.
    let ds = rejected(mlir.parse("func.func @f() {\n  %x = \n}"), "MLIR rejects it");
    match &ds[0].loc {
        MlirLoc::FileLineCol { file, .. } => assert_eq!(file, TEXT_FOR_MLIR),
        other => panic!("{other:?}"),
    }
    assert!(ds[0].notes[0].message.starts_with("the line MLIR rejected"), "{ds:?}");
}

#[test]
fn upstream_pipelines_run_in_process() {
    let mlir = Mlir::new();
    // MLIR 22 cannot bufferize linalg.pack: its complaint comes back at the pack's line.
    let (ctx, m) = tessel(PACK);
    let mut module = mlir.import(&ctx, m).unwrap();
    let ds = rejected(mlir.run_pipeline(&mut module, "one-shot-bufferize{bufferize-function-boundaries}"), "an error");
    assert_eq!(ds[0].loc, MlirLoc::FileLineCol { file: "in.mlir".into(), line: 3, col: 8 });
    assert_eq!(ds[0].message, "op was not bufferized");

    let slices = r#"func.func @g(%t: tensor<8x8xf32>, %i: index) -> tensor<2x8xf32> {
  %s = tensor.extract_slice %t[%i, 0] [2, 8] [1, 1] : tensor<8x8xf32> to tensor<2x8xf32>
  return %s : tensor<2x8xf32>
}"#;
    let (ctx, m) = tessel(slices);
    let mut module = mlir.import(&ctx, m).unwrap();
    if let Err(ds) = mlir.run_pipeline(&mut module, "one-shot-bufferize{bufferize-function-boundaries}") {
        panic!("{ds:?}")
    }
    let text = mlir.print(&module, MlirPrint::default());
    assert!(text.contains("memref.subview"), "{text}");
    assert!(!text.contains("tensor<"), "{text}");

    let ds = rejected(mlir.run_pipeline(&mut module, "no-such-pass"), "an unknown pass is an error");
    assert!(ds[0].message.contains("no-such-pass"), "{ds:?}");
    assert!(mlir.check_pipeline("builtin.module(canonicalize,cse)").is_ok());
}

#[test]
fn ops_tessel_does_not_know_are_a_diagnostic_on_export() {
    let mlir = Mlir::new();
    let module = mlir.parse("llvm.func @g() {\n  llvm.return\n}").unwrap();
    let mut ctx = Context::new();
    let d = rejected(mlir.export(&module, &mut ctx), "tessel has no llvm dialect");
    assert!(render(&ctx, &d, None).contains("llvm.func"), "{}", render(&ctx, &d, None));
}

#[test]
fn a_melior_module_comes_back_tiled() {
    let mlir = Mlir::new();
    let text = PACK.replace("tensor.pack", "linalg.pack").replace("tensor.unpack", "linalg.unpack");
    let module = mlir.parse(&text).unwrap();
    let tiled = tessel_mlir::tile_pack_unpack(&mlir, &module, &[1, 2]).expect("tiles");
    mlir.verify(&tiled).unwrap();
    let out = mlir.print(&tiled, MlirPrint::default());
    assert!(out.contains("scf.for"), "{out}");
    assert!(out.contains("linalg.unpack"), "{out}");

    let err = rejected(tessel_mlir::run_tessel_pipeline(&mlir, &module, "builtin.module(no-such-pass)"), "an error");
    assert!(err.to_string().contains("no-such-pass"), "{err}");
}
