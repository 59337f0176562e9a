//! The transform interpreter's packing ops: `transform.structured.pack`,
//! `pack_greedily`, `pack_transpose` and `get_producer_of_operand`, with
//! MLIR 22's checks and messages.

use rustc_hash::FxHashMap;
use tessel_ir::builder::{InsertPoint, NoListener, Ofr};
use tessel_ir::dialects::pack::{PackInfo, PackOp, UnPackOp};
use tessel_ir::dialects::structured::structured;
use tessel_ir::dialects::transform_pack::{i64_array, operand_number};
use tessel_ir::rewriter::Rewriter;
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::packing::{pack, pack_matmul_greedily, pack_transpose};

type Handles = FxHashMap<Value, Vec<OpId>>;

fn payload(ctx: &Context, op: OpId, i: usize, handles: &Handles) -> Vec<OpId> {
    handles.get(&ctx.operands(op)[i]).cloned().unwrap_or_default()
}

fn error(ctx: &Context, op: OpId, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ctx.op_loc(op), message)
}

fn rewriter<'c>(ctx: &'c mut Context, at: OpId, listener: &'c mut NoListener) -> Rewriter<'c> {
    let loc = ctx.op_loc(at);
    Rewriter::new(ctx, InsertPoint::Before(at), loc, listener)
}

/// `transform.structured.pack`: exactly one structured op, one size per
/// loop.
pub(crate) fn run_pack(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let targets = payload(ctx, op, 0, handles);
    let result = ctx.result(op, 0);
    if targets.is_empty() {
        handles.insert(result, Vec::new());
        return Ok(());
    }
    let s = structured(ctx, targets[0]);
    let (1, Some(s)) = (targets.len(), s) else {
        return Err(error(ctx, op, format!("requires target to map to exactly 1 LinalgOp (got {})", targets.len())));
    };
    let sizes = i64_array(ctx, op, "static_packed_sizes").unwrap_or_default();
    if sizes.len() != s.num_loops() {
        return Err(error(
            ctx,
            op,
            format!("requires number of packed sizes match the number of loops ({} vs {})", sizes.len(), s.num_loops()),
        ));
    }
    let sizes: Vec<Ofr> = sizes.iter().map(|s| Ofr::Const(*s)).collect();
    let mut l = NoListener;
    let mut rw = rewriter(ctx, targets[0], &mut l);
    let packed = pack(&mut rw, targets[0], &sizes)
        .map_err(|m| error(ctx, op, "data tiling failed").with_note(ctx.op_loc(op), m))?;
    handles.insert(result, vec![packed.packed_op]);
    Ok(())
}

/// `transform.structured.pack_greedily`: each matmul-like target packed,
/// the others passed through (as in MLIR, failing to pack is fine).
pub(crate) fn run_pack_greedily(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let sizes: Vec<Ofr> =
        i64_array(ctx, op, "static_matmul_packed_sizes").unwrap_or_default().into_iter().map(Ofr::Const).collect();
    let padded = i64_array(ctx, op, "matmul_padded_sizes_next_multiple_of").unwrap_or_default();
    let order = i64_array(ctx, op, "matmul_inner_dims_order").unwrap_or_else(|| vec![0, 1, 2]);
    let mut results = Vec::new();
    for t in payload(ctx, op, 0, handles) {
        if structured(ctx, t).is_none() {
            continue;
        }
        let mut l = NoListener;
        let mut rw = rewriter(ctx, t, &mut l);
        match pack_matmul_greedily(&mut rw, t, &sizes, &padded, &order) {
            Ok(r) => results.push(r.packed_op),
            Err(_) => results.push(t),
        }
    }
    handles.insert(ctx.result(op, 0), results);
    Ok(())
}

/// Whether `perm` permutes the outer (`outer`) or tile dims of the pack
/// or unpack `info` (empty is the identity).
fn valid_permutation(ctx: &Context, info: Option<&PackInfo>, perm: &[i64], outer: bool) -> bool {
    let Some(info) = info else { return true };
    let rank = if outer {
        ctx.value_type_kind(info.unpacked()).shape().map_or(0, |s| s.len())
    } else {
        info.inner_dims_pos.len()
    };
    let mut sorted = perm.to_vec();
    sorted.sort_unstable();
    perm.is_empty() || (perm.len() == rank && sorted.iter().enumerate().all(|(i, x)| *x == i as i64))
}

/// `transform.structured.pack_transpose`: one pack (or the unpack of a
/// packed op's result) and its packed op.
pub(crate) fn run_pack_transpose(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let packs = payload(ctx, op, 0, handles);
    let linalg_ops = payload(ctx, op, 1, handles);
    let results = ctx.results(op).to_vec();
    if packs.is_empty() {
        for r in results {
            handles.insert(r, Vec::new());
        }
        return Ok(());
    }
    if packs.len() != 1 || linalg_ops.len() != 1 {
        return Err(error(
            ctx,
            op,
            format!(
                "requires target to map to exactly 1 packing op and 1 packed op (got {} and {})",
                packs.len(),
                linalg_ops.len()
            ),
        ));
    }
    let (target, compute) = (packs[0], linalg_ops[0]);
    let is_pack = PackOp::isa(ctx, target);
    if !is_pack && !UnPackOp::isa(ctx, target) {
        return Err(error(ctx, op, "requires target to map to a linalg.pack or linalg.unpack"));
    }
    let Some(s) = structured(ctx, compute) else { return Err(error(ctx, op, "requires a LinalgOp target")) };
    let linalg_op = if is_pack {
        let uses = ctx.uses(ctx.result(target, 0));
        (uses.len() == 1).then(|| uses[0].op)
    } else {
        ctx.defining_op(ctx.operands(target)[0])
    };
    if linalg_op != Some(compute) {
        let message =
            if is_pack { "not a single use by the LinalgOp target" } else { "not produced by the LinalgOp target" };
        return Err(error(ctx, op, message));
    }
    let (pack_op, unpack_op) = if is_pack {
        (target, None)
    } else {
        let r = ctx.results(compute).iter().position(|v| *v == ctx.operands(target)[0]).unwrap_or(0);
        let init = s.outputs.get(r).copied();
        let pack = init.and_then(|v| ctx.defining_op(v)).filter(|p| PackOp::isa(ctx, *p));
        match pack {
            Some(p) if ctx.uses(ctx.result(p, 0)).len() == 1 => (p, Some(target)),
            _ => return Err(error(ctx, op, "could not find matching pack op")),
        }
    };
    let outer = i64_array(ctx, op, "outer_perm").unwrap_or_default();
    let inner = i64_array(ctx, op, "inner_perm").unwrap_or_default();
    let pack_info = PackInfo::read(ctx, pack_op);
    let unpack_info = unpack_op.and_then(|u| PackInfo::read(ctx, u));
    for (perm, is_outer, name) in [(&outer, true, "outer_perm"), (&inner, false, "inner_perm")] {
        if !valid_permutation(ctx, pack_info.as_ref(), perm, is_outer)
            || !valid_permutation(ctx, unpack_info.as_ref(), perm, is_outer)
        {
            let shown = tessel_ir::printer::op_to_generic_string(ctx, unpack_op.unwrap_or(pack_op));
            return Err(error(ctx, op, format!("invalid {name}: {shown}")));
        }
    }
    let mut l = NoListener;
    let mut rw = rewriter(ctx, pack_op, &mut l);
    let r = pack_transpose(&mut rw, pack_op, compute, unpack_op, &outer, &inner)
        .map_err(|m| error(ctx, op, m).with_note(ctx.op_loc(compute), "target op"))?;
    handles.insert(results[0], vec![r.packed_op]);
    handles.insert(results[1], vec![r.pack]);
    handles.insert(results[2], r.unpack.into_iter().collect());
    Ok(())
}

/// `transform.get_producer_of_operand %h[n]`.
pub(crate) fn run_get_producer(ctx: &mut Context, op: OpId, handles: &mut Handles) -> Result<(), Diagnostic> {
    let n = operand_number(ctx, op).unwrap_or(0);
    let mut producers = Vec::new();
    for t in payload(ctx, op, 0, handles) {
        let operands = ctx.operands(t);
        let Some(&v) = usize::try_from(n).ok().and_then(|n| operands.get(n)) else {
            return Err(error(
                ctx,
                op,
                format!("could not find operand #{n}: the target has {} operands", operands.len()),
            )
            .with_note(ctx.op_loc(t), "target op"));
        };
        let Some(p) = ctx.defining_op(v) else {
            return Err(error(ctx, op, format!("operand #{n} of the target is not produced by an op"))
                .with_note(ctx.op_loc(t), "target op"));
        };
        producers.push(p);
    }
    handles.insert(ctx.result(op, 0), producers);
    Ok(())
}
