//! `transform-interpreter`: runs `transform.named_sequence @__transform_main`
//! on the module, like mlir-opt's pass of the same name, for the transform
//! ops upstream pack/unpack tiling tests use. The schedule (its enclosing
//! `module attributes {transform.with_named_sequence}`) is removed from the
//! output afterwards.

use rustc_hash::FxHashMap;
use tessel_ir::attrs::AttrKind;
use tessel_ir::dialects::transform::{match_names, tile_sizes};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::manager::{Pass, PassInfo, PassOptions};
use crate::tiling::{tile_op, LoopKind, TilingOptions};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "transform-interpreter",
    description: "Run transform.named_sequence @__transform_main {entry-point=NAME}",
    build: |opts: &PassOptions| {
        crate::reject_unknown_options(opts, &["entry-point"])?;
        let entry = opts.get("entry-point").cloned().unwrap_or_else(|| "__transform_main".to_string());
        Ok(Box::new(TransformInterpreter { entry }))
    },
};

struct TransformInterpreter {
    entry: String,
}

fn sym_name(ctx: &Context, op: OpId) -> Option<&str> {
    match ctx.attr_kind(ctx.get_attr(op, "sym_name")?) {
        AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

/// `tensor.pack` and `linalg.pack` (and unpack) name the same op.
fn same_op_name(a: &str, b: &str) -> bool {
    let canon = |n: &str| n.replacen("linalg.pack", "tensor.pack", 1).replacen("linalg.unpack", "tensor.unpack", 1);
    canon(a) == canon(b)
}

impl Pass for TransformInterpreter {
    fn name(&self) -> &'static str {
        "transform-interpreter"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        let seq = ctx
            .nested_ops(root)
            .into_iter()
            .find(|o| ctx.op_name(*o) == "transform.named_sequence" && sym_name(ctx, *o) == Some(self.entry.as_str()))
            .ok_or_else(|| {
                let loc = ctx.op_loc(root);
                Diagnostic::error(loc, format!("could not find a nested named sequence with name: {}", self.entry))
            })?;
        // The schedule: the module holding the sequence, else the sequence.
        let schedule = match ctx.parent_op(seq) {
            Some(m) if m != root && ctx.op_name(m) == "builtin.module" => m,
            _ => seq,
        };
        let body = ctx.blocks(ctx.regions(seq)[0])[0];
        let mut handles: FxHashMap<Value, Vec<OpId>> = FxHashMap::default();
        if let Some(&arg) = ctx.block_args(body).first() {
            handles.insert(arg, vec![root]);
        }
        for op in ctx.block_op_list(body) {
            let name = ctx.op_name(op).to_string();
            let loc = ctx.op_loc(op);
            let targets = |h: &FxHashMap<Value, Vec<OpId>>, ctx: &Context| -> Vec<OpId> {
                ctx.operands(op).first().and_then(|v| h.get(v)).cloned().unwrap_or_default()
            };
            match name.as_str() {
                "transform.yield" => break,
                "transform.structured.match" => {
                    let names = match_names(ctx, op);
                    let mut found = Vec::new();
                    for t in targets(&handles, ctx) {
                        for o in ctx.nested_ops(t) {
                            if o != schedule
                                && !is_inside(ctx, o, schedule)
                                && names.iter().any(|n| same_op_name(n, ctx.op_name(o)))
                            {
                                found.push(o);
                            }
                        }
                    }
                    handles.insert(ctx.result(op, 0), found);
                }
                "transform.structured.tile_using_for" | "transform.structured.tile_using_forall" => {
                    let for_loops = name.ends_with("for");
                    let interchange: Vec<usize> = ctx
                        .get_attr(op, "interchange")
                        .and_then(|a| ctx.as_i64_array(a))
                        .map(|v| v.iter().map(|x| *x as usize).collect())
                        .unwrap_or_default();
                    let options = TilingOptions {
                        tile_sizes: tile_sizes(ctx, op),
                        interchange,
                        loop_kind: if for_loops { LoopKind::For } else { LoopKind::Forall },
                    };
                    let results = ctx.results(op).to_vec();
                    let mut tiled_ops = Vec::new();
                    let mut loop_handles: Vec<Vec<OpId>> = vec![Vec::new(); results.len() - 1];
                    for t in targets(&handles, ctx) {
                        let tiled = tile_op(ctx, t, &options)?;
                        tiled_ops.extend(tiled.tile.tiled_ops.iter().copied().filter(|o| {
                            let n = ctx.op_name(*o);
                            !n.starts_with("tensor.extract_slice") && !n.starts_with("tensor.empty") && !n.starts_with("arith.") && !n.starts_with("affine.")
                        }));
                        for (k, l) in tiled.loops.iter().enumerate() {
                            if let Some(h) = loop_handles.get_mut(k) {
                                h.push(*l);
                            }
                        }
                    }
                    handles.insert(results[0], tiled_ops);
                    for (r, h) in results[1..].iter().zip(loop_handles) {
                        handles.insert(*r, h);
                    }
                }
                other => {
                    return Err(Diagnostic::error(
                        loc,
                        format!("'{other}' is not supported by tessel's transform interpreter (supported: structured.match, structured.tile_using_for, structured.tile_using_forall, yield)"),
                    ))
                }
            }
        }
        ctx.erase_op(schedule);
        Ok(())
    }
}

fn is_inside(ctx: &Context, op: OpId, ancestor: OpId) -> bool {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if p == ancestor {
            return true;
        }
        cur = ctx.parent_op(p);
    }
    false
}
