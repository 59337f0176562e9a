//! `tile-pack-unpack{tile-sizes=15,3 loop=for|forall interchange=1,0 fuse=false}`:
//! tiles every pack and unpack nested in the op it runs on. With
//! `fuse=true` it tiles the last op of each chain of tileable ops that
//! holds a pack or unpack (an unpack's consumer, a pack, an unpack fed by a
//! pack) and fuses the chain's producers into its tiles, as
//! `transform.structured.fuse` does: an unpack fused into its consumer's
//! tiles keeps the widened rows and the statically sized temporary.

use tessel_ir::diag::Diagnostic;
use tessel_ir::dialects::pack::{PackOp, UnPackOp};
use tessel_ir::interfaces::tiling::tiling_interface;
use tessel_ir::{Context, OpId};

use crate::manager::{Pass, PassInfo, PassOptions};
use crate::tiling::{tile_op, LoopKind, TilingOptions};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "tile-pack-unpack",
    description: "Tile tensor.pack/unpack: {tile-sizes=N,... loop=for|forall interchange=I,... fuse=true|false}",
    build: |opts| Ok(Box::new(TilePackUnpack::from_options(opts)?)),
};

struct TilePackUnpack {
    options: TilingOptions,
    /// Tile the chains' last ops and fuse their producers.
    fuse: bool,
    remarks: Vec<Diagnostic>,
}

pub(crate) fn int_list(name: &str, v: &str) -> Result<Vec<i64>, String> {
    if v.is_empty() {
        return Ok(vec![]);
    }
    v.split(',')
        .map(|x| {
            let x = x.trim();
            x.parse::<i64>().map_err(|_| {
                let digits = x.strip_prefix('-').unwrap_or(x);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    format!("option '{name}': {x} is out of range (at most {} in magnitude)", i64::MAX)
                } else {
                    format!("option '{name}' expects integers, got '{x}'")
                }
            })
        })
        .collect()
}

impl TilePackUnpack {
    fn from_options(opts: &PassOptions) -> Result<Self, String> {
        crate::reject_unknown_options(opts, &["tile-sizes", "loop", "interchange", "fuse"])?;
        let fuse = match opts.get("fuse").map(String::as_str) {
            None | Some("false") => false,
            Some("true") | Some("") => true,
            Some(other) => return Err(format!("option 'fuse' must be 'true' or 'false', got '{other}'")),
        };
        let Some(sizes) = opts.get("tile-sizes") else {
            return Err("option 'tile-sizes' is required: without it there is nothing to tile \
                        (e.g. --tile-pack-unpack=tile-sizes=8,8; 0 leaves a loop untiled)"
                .into());
        };
        let tile_sizes = int_list("tile-sizes", sizes)?;
        if tile_sizes.iter().any(|t| *t < 0) {
            return Err("tile sizes must be non-negative".into());
        }
        let interchange: Vec<usize> =
            int_list("interchange", opts.get("interchange").map(String::as_str).unwrap_or(""))?
                .into_iter()
                .map(|x| usize::try_from(x).map_err(|_| "interchange entries must be non-negative".to_string()))
                .collect::<Result<_, _>>()?;
        let loop_kind = match opts.get("loop").map(String::as_str).unwrap_or("for") {
            "for" => LoopKind::For,
            "forall" => LoopKind::Forall,
            other => return Err(format!("option 'loop' must be 'for' or 'forall', got '{other}'")),
        };
        // With fuse=true the pass is `transform.structured.fuse` on each
        // chain's end, whose forall steps over the extents (mlir-opt 22).
        let loop_kind = if fuse && loop_kind == LoopKind::Forall { LoopKind::ForallStepped } else { loop_kind };
        Ok(TilePackUnpack { options: TilingOptions { tile_sizes, interchange, loop_kind }, fuse, remarks: Vec::new() })
    }
}

impl Pass for TilePackUnpack {
    fn name(&self) -> &'static str {
        "tile-pack-unpack"
    }

    fn class_name(&self) -> &'static str {
        "TilePackUnpack"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let targets: Vec<OpId> = if self.fuse {
            chain_roots(ctx, op)
        } else {
            ctx.nested_ops(op).into_iter().filter(|o| is_pack_or_unpack(ctx, *o)).collect()
        };
        for t in targets {
            let loc = ctx.op_loc(t);
            let _span = tracing::debug_span!("tile", op = ctx.op_name(t)).entered();
            let tiled = if self.fuse {
                // It reports what it tiled and fused itself.
                crate::fusion::tile_and_fuse(ctx, t, &self.options, false)?.0
            } else {
                tile_op(ctx, t, &self.options)?
            };
            if !self.fuse {
                tracing::debug!(
                    target: "tiling",
                    op = ctx.op_name(t),
                    at = %tessel_ir::diag::render_loc(ctx, loc),
                    tile_sizes = ?self.options.tile_sizes,
                    loops = tiled.loops.len(),
                    ops = tiled.tile.tiled_ops.len(),
                    temporaries = %crate::tiling::temporary_summary(ctx, &tiled),
                    "tiled"
                );
            }
            for r in tiled.tile.remarks {
                tracing::debug!(target: "tiling", "{r}");
                self.remarks.push(Diagnostic::remark(loc, r));
            }
        }
        Ok(())
    }

    fn take_remarks(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.remarks)
    }
}

fn is_pack_or_unpack(ctx: &Context, op: OpId) -> bool {
    PackOp::isa(ctx, op) || UnPackOp::isa(ctx, op)
}

/// The ops with a TilingInterface nested in `root` that no other such op
/// consumes and whose chain of producers with a TilingInterface holds a
/// pack or unpack (the op itself included).
pub(crate) fn chain_roots(ctx: &Context, root: OpId) -> Vec<OpId> {
    let tileable = |o: OpId| tiling_interface(ctx, o).is_some();
    let consumed =
        |o: OpId| ctx.results(o).iter().any(|r| ctx.uses(*r).iter().any(|u| tileable(u.op) && !ctx.is_erased(u.op)));
    let holds_pack = |o: OpId| {
        let mut stack = vec![o];
        let mut seen = rustc_hash::FxHashSet::default();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if is_pack_or_unpack(ctx, x) {
                return true;
            }
            stack.extend(ctx.operands(x).iter().filter_map(|v| ctx.defining_op(*v)).filter(|p| tileable(*p)));
        }
        false
    };
    ctx.nested_ops(root).into_iter().filter(|o| tileable(*o) && !consumed(*o) && holds_pack(*o)).collect()
}
