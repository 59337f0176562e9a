//! A melior user tiles the packs and unpacks of their own module with
//! tessel and gets a melior module back:
//!
//! ```text
//! cargo run -p tessel-mlir --features mlir --example tile_melior_module
//! ```

use tessel_mlir::{tile_pack_unpack, Mlir, MlirPrint};

const MODULE: &str = r#"
func.func @unpack(%packed: tensor<4x8x8x32xf32>, %out: tensor<30x250xf32>) -> tensor<30x250xf32> {
  %0 = linalg.unpack %packed inner_dims_pos = [0, 1] inner_tiles = [8, 32] into %out
      : tensor<4x8x8x32xf32> -> tensor<30x250xf32>
  return %0 : tensor<30x250xf32>
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Any melior module will do; this one is parsed from text by MLIR.
    let mlir = Mlir::new();
    let module = mlir.parse(MODULE).map_err(|ds| format!("{ds:?}"))?;

    // 5x64 tiles: neither divides the 8x32 inner tiles, so each tile
    // unpacks whole rows into a statically sized temporary.
    let tiled = tile_pack_unpack(&mlir, &module, &[5, 64])?;

    // The result is an ordinary melior module in the same context.
    mlir.verify(&tiled).map_err(|ds| format!("{ds:?}"))?;
    print!("{}", mlir.print(&tiled, MlirPrint::default()));
    Ok(())
}
