//! `builtin.unrealized_conversion_cast`: values of some types standing for
//! values of others, as dialect conversions leave them for
//! `-reconcile-unrealized-casts`. tessel's code generation uses one to move
//! 16-bit floats as 16-bit integers (LLVM 22 drops the non-temporal hint of
//! bf16 and f16 vector stores on x86); the engine runs a cast between
//! memrefs whose elements have the same size, as a view of the same bytes.

use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::registry::{traits, Registry};
use crate::rewriter::Rewriter;
use crate::{OpId, Value};

crate::op! {
    /// `%b = builtin.unrealized_conversion_cast %a : memref<8xbf16> to memref<8xi16>`
    pub struct UnrealizedConversionCastOp => UNREALIZED_CONVERSION_CAST = "builtin.unrealized_conversion_cast";
    operands { inputs: Variadic }
    attributes { }
    results { outputs: Variadic }
    regions { }
    format { parse_cast, print_cast }
    patterns [fold_cast]
    def {
        traits: traits::PURE,
    }
}

/// Registers the dialect's ops beside `builtin.module`.
pub fn register(r: &mut Registry) {
    r.add(&super::func::MODULE);
    r.add(&UNREALIZED_CONVERSION_CAST);
}

/// `($inputs^ : type($inputs))? to type($outputs) attr-dict`
fn parse_cast(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let inputs = p.operand_list()?;
    let mut types = Vec::new();
    if !inputs.is_empty() {
        p.expect(crate::parser::lexer::Tok::Colon)?;
        types = p.type_list()?;
    }
    p.keyword("to")?;
    let outputs = p.type_list()?;
    p.optional_attr_dict()?;
    let at = p.cur_loc();
    p.push_operands(&inputs, &types, at)?;
    p.result_types.extend(outputs);
    Ok(())
}

fn print_cast(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let inputs = ctx.operands(op);
    if !inputs.is_empty() {
        p.write(" ");
        p.print_operands(inputs);
        p.write(" : ");
        for (k, v) in inputs.iter().enumerate() {
            if k > 0 {
                p.write(", ");
            }
            p.print_type(ctx.value_type(*v));
        }
    }
    p.write(" to ");
    for (k, r) in ctx.results(op).iter().enumerate() {
        if k > 0 {
            p.write(", ");
        }
        p.print_type(ctx.value_type(*r));
    }
    p.print_attr_dict(op);
}

/// MLIR's `UnrealizedConversionCastOp::fold`: a cast to its operands'
/// types is its operands; a cast of all the results of a cast, back to
/// that cast's operand types, is those operands.
fn fold_cast(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let ctx = &*rw.ctx;
    let inputs = ctx.operands(op);
    let results = ctx.results(op);
    let types = |vs: &[Value]| vs.iter().map(|v| ctx.value_type(*v)).collect::<Vec<_>>();
    let with: Vec<Value> = if types(inputs) == types(results) {
        inputs.to_vec()
    } else {
        let Some(producer) = inputs.first().and_then(|v| ctx.defining_op(*v)) else { return false };
        let chain = UnrealizedConversionCastOp::isa(ctx, producer)
            && ctx.results(producer) == inputs
            && types(ctx.operands(producer)) == types(results);
        if !chain {
            return false;
        }
        ctx.operands(producer).to_vec()
    };
    rw.replace_op(op, &with);
    true
}
