//! `tile-pack-unpack{tile-sizes=15,3 loop=for|forall interchange=1,0}`:
//! tiles every pack and unpack nested in the op it runs on.

use tessel_ir::diag::Diagnostic;
use tessel_ir::dialects::pack::{PackOp, UnPackOp};
use tessel_ir::{Context, OpId};

use crate::manager::{Pass, PassInfo, PassOptions};
use crate::tiling::{tile_op, LoopKind, TilingOptions};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "tile-pack-unpack",
    description: "Tile tensor.pack/unpack: {tile-sizes=N,... loop=for|forall interchange=I,...}",
    build: |opts| Ok(Box::new(TilePackUnpack::from_options(opts)?)),
};

struct TilePackUnpack {
    options: TilingOptions,
    remarks: Vec<Diagnostic>,
}

fn int_list(name: &str, v: &str) -> Result<Vec<i64>, String> {
    if v.is_empty() {
        return Ok(vec![]);
    }
    v.split(',')
        .map(|x| x.trim().parse::<i64>().map_err(|_| format!("option '{name}' expects integers, got '{x}'")))
        .collect()
}

impl TilePackUnpack {
    fn from_options(opts: &PassOptions) -> Result<Self, String> {
        crate::reject_unknown_options(opts, &["tile-sizes", "loop", "interchange"])?;
        let tile_sizes = int_list("tile-sizes", opts.get("tile-sizes").map(String::as_str).unwrap_or(""))?;
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
        Ok(TilePackUnpack { options: TilingOptions { tile_sizes, interchange, loop_kind }, remarks: Vec::new() })
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
        let targets: Vec<OpId> =
            ctx.nested_ops(op).into_iter().filter(|o| PackOp::isa(ctx, *o) || UnPackOp::isa(ctx, *o)).collect();
        for t in targets {
            let loc = ctx.op_loc(t);
            let _span = tracing::debug_span!("tile", op = ctx.op_name(t)).entered();
            let tiled = tile_op(ctx, t, &self.options)?;
            tracing::debug!(loops = tiled.loops.len(), ops = tiled.tile.tiled_ops.len(), "tiled");
            for r in tiled.tile.remarks {
                self.remarks.push(Diagnostic::remark(loc, r));
            }
        }
        Ok(())
    }

    fn take_remarks(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.remarks)
    }
}
