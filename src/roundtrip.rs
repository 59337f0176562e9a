//! `--verify-roundtrip` (mlir-opt's): right after parsing, the module is
//! printed, parsed back into a fresh context and printed again; the two
//! generic-form prints (with locations) must be the same. tessel also
//! round-trips the custom form; MLIR's bytecode round trip has no
//! counterpart (tessel has no bytecode).

use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PrintOptions};
use tessel_ir::{Context, Diagnostic, OpId};

/// Checks that `module` survives a print/parse round trip: in generic form
/// with locations (MLIR's textual check), and in custom form (tessel's:
/// printers and parsers must agree; compared without locations, since
/// custom forms, MLIR's too, leave some out, e.g. an `scf.for`'s block
/// arguments'). The error is MLIR's, on the module.
pub fn verify_roundtrip(ctx: &Context, module: OpId) -> Result<(), Diagnostic> {
    let generic = PrintOptions { generic: true, debug_info: true, ..Default::default() };
    let generic_no_locs = PrintOptions { generic: true, ..Default::default() };
    for (kind, first, compare) in
        [("textual", generic, generic), ("custom form", PrintOptions::default(), generic_no_locs)]
    {
        let reference = print_op_top(ctx, module, compare);
        let printed = print_op_top(ctx, module, first);
        let mut back = Context::new();
        back.allow_unregistered = ctx.allow_unregistered;
        let error = |message: String| Diagnostic::error(ctx.op_loc(module), message);
        let name = ctx.op_name(module);
        let parsed = parse_module(&mut back, &printed, "roundtrip", BufferStart::default()).map_err(|d| {
            error(format!("'{name}' op failed to parse {kind} content back, cannot verify round-trip: {}", d.message))
        })?;
        let roundtrip = print_op_top(&back, parsed.module, compare);
        if roundtrip != reference {
            return Err(error(format!(
                "'{name}' op {kind} roundTrip testing roundtripped module differs from reference:\n<<<<<<Reference\n{reference}\n=====\n{roundtrip}\n>>>>>roundtripped"
            )));
        }
    }
    Ok(())
}
