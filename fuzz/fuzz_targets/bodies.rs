//! What each libFuzzer target does with one input, shared with
//! `tests/fuzz_corpus.rs`, which replays the kept corpus under `cargo test`
//! (no libFuzzer needed). Any panic, abort or stack overflow is a finding.

use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PrintOptions};
use tessel_ir::verifier::{verify, VerifyOptions};
use tessel_ir::Context;

/// MLIR text: parse, verify, and print what verifies (custom and generic
/// forms).
pub fn parse_mlir(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut ctx = Context::new();
    ctx.allow_unregistered = true;
    let Ok(parsed) = parse_module(&mut ctx, text, "fuzz.mlir", BufferStart::default()) else { return };
    let module = parsed.module;
    if verify(&ctx, module, VerifyOptions::default()).is_err() {
        return;
    }
    let _ = print_op_top(&ctx, module, PrintOptions::default());
    let _ = print_op_top(&ctx, module, PrintOptions { generic: true, ..PrintOptions::default() });
}

/// XLA shapes: parse, validate, print, and build the index math of every
/// array leaf; the same text as an HLO dump through the memory report.
pub fn parse_layout(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = tessel_layout::hlo::report(text);
    let Ok(shape) = tessel_layout::parse_shape(text) else { return };
    let _ = shape.to_string();
    if tessel_layout::validate_shape(&shape).is_err() {
        return;
    }
    for leaf in shape.leaves() {
        if let Ok(t) = tessel_layout::TiledLayout::new(leaf) {
            let _ = t.size_bytes();
        }
    }
}

/// FileCheck: the first line of the input is the text checked, the rest
/// the check file (directives, regexes, numeric expressions).
pub fn filecheck(data: &[u8]) {
    let split = data.iter().position(|b| *b == b'\n').unwrap_or(data.len());
    let (input, checks) = data.split_at(split);
    let Ok(cli) = tessel_filecheck::cli::parse_args(vec!["check.txt".into()]) else { return };
    let _ = tessel_filecheck::run(&cli.req, "check.txt", checks, "<stdin>", input);
}
