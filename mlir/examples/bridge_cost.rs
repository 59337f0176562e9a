//! What crossing the bridge costs: parses FILE with tessel, hands it to
//! MLIR in-process (tessel prints, MLIR parses and verifies), and brings
//! it back (MLIR prints, tessel parses); prints the time of each step.
//! `benches/mlir_bridge.sh` runs it beside mlir-opt's own parse.
//!
//! ```text
//! cargo run --release -p tessel-mlir --features mlir --example bridge_cost -- FILE
//! ```

use std::time::Instant;

use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::Context;
use tessel_mlir::{text_for_mlir, Mlir};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: bridge_cost FILE")?;
    let text = std::fs::read_to_string(&path)?;
    let mlir = Mlir::new();

    let t = Instant::now();
    let mut ctx = Context::new();
    let module = parse_module(&mut ctx, &text, &path, BufferStart::default()).map_err(|d| d.message)?.module;
    let parse = t.elapsed();

    let t = Instant::now();
    let printed = text_for_mlir(&ctx, module);
    let print = t.elapsed();
    let t = Instant::now();
    let m = mlir.parse(&printed).map_err(|ds| format!("{ds:?}"))?;
    let mlir_parse = t.elapsed();

    let t = Instant::now();
    let mut back = Context::new();
    mlir.export(&m, &mut back).map_err(|d| d.message)?;
    let export = t.elapsed();

    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    println!("tessel parse            {:9.1} ms", ms(parse));
    println!("to MLIR: tessel prints  {:9.1} ms", ms(print));
    println!("to MLIR: MLIR parses    {:9.1} ms", ms(mlir_parse));
    println!("to MLIR: total          {:9.1} ms", ms(print + mlir_parse));
    println!("back: MLIR prints, tessel parses {:9.1} ms", ms(export));
    Ok(())
}
