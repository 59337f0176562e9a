//! `linalg-block-pack-matmul{block-factors=mb,nb,kb ...}`: mlir-opt 22's
//! pass of the same name and options. Every `linalg.matmul` and
//! `linalg.batch_matmul` (the batch dim kept outermost), and every generic
//! that is a plain matmul, plain or with one operand transposed,
//! is packed into blocks (an mmt4d-like generic between packs and an
//! unpack), with the LHS and RHS blocks laid out as the options say
//! ([`crate::packing::block_pack_matmul`]).

use tessel_ir::named_patterns;
use tessel_ir::rewriter::{NamedPattern, Rewriter};
use tessel_ir::{Context, Diagnostic, OpId};

use crate::canonicalize::{apply_patterns_greedily, PatternSet, PatternSource};
use crate::manager::{Pass, PassInfo, PassOptions};
use crate::packing::{block_pack_matmul, is_block_packable, BlockPackOptions};
use crate::tile_pack_unpack::int_list;

pub(crate) const INFO: PassInfo = PassInfo {
    name: "linalg-block-pack-matmul",
    description: "Convert linalg matmul ops to block layout and back {block-factors=mb,nb,kb allow-padding mnk-padded-multiples=m,n,k mnk-order=0,1,2 lhs-transpose-outer-blocks lhs-transpose-inner-blocks rhs-transpose-outer-blocks rhs-transpose-inner-blocks}",
    build: |opts| Ok(Box::new(BlockPackMatmul { options: options(opts)? })),
};

const BOOLS: [&str; 5] = [
    "allow-padding",
    "lhs-transpose-outer-blocks",
    "lhs-transpose-inner-blocks",
    "rhs-transpose-outer-blocks",
    "rhs-transpose-inner-blocks",
];

fn options(opts: &PassOptions) -> Result<BlockPackOptions, String> {
    let mut known = vec!["block-factors", "mnk-padded-multiples", "mnk-order"];
    known.extend(BOOLS);
    crate::reject_unknown_options(opts, &known)?;
    let mut o = BlockPackOptions::default();
    if let Some(v) = opts.get("block-factors") {
        o.block_factors = int_list("block-factors", v)?;
        if !o.block_factors.is_empty() && (o.block_factors.len() != 3 || o.block_factors.iter().any(|f| *f <= 0)) {
            return Err(format!("option 'block-factors' expects 3 positive sizes (mb, nb, kb), got '{v}'"));
        }
    }
    if let Some(v) = opts.get("mnk-padded-multiples") {
        o.mnk_padded_multiples = int_list("mnk-padded-multiples", v)?;
        if !o.mnk_padded_multiples.is_empty()
            && (o.mnk_padded_multiples.len() != 3 || o.mnk_padded_multiples.iter().any(|f| *f < 0))
        {
            return Err(format!("option 'mnk-padded-multiples' expects 3 sizes (0 for none), got '{v}'"));
        }
    }
    if let Some(v) = opts.get("mnk-order") {
        let order = int_list("mnk-order", v)?;
        let mut sorted = order.clone();
        sorted.sort_unstable();
        if !order.is_empty() {
            if sorted != [0, 1, 2] {
                return Err(format!("option 'mnk-order' expects a permutation of 0,1,2, got '{v}'"));
            }
            o.mnk_order = order;
        }
    }
    for name in BOOLS {
        let Some(v) = opts.get(name) else { continue };
        let b = match v.as_str() {
            "" | "true" | "1" => true,
            "false" | "0" => false,
            other => return Err(format!("option '{name}' must be true or false, got '{other}'")),
        };
        match name {
            "allow-padding" => o.allow_padding = b,
            "lhs-transpose-outer-blocks" => o.lhs_transpose_outer_blocks = b,
            "lhs-transpose-inner-blocks" => o.lhs_transpose_inner_blocks = b,
            "rhs-transpose-outer-blocks" => o.rhs_transpose_outer_blocks = b,
            _ => o.rhs_transpose_inner_blocks = b,
        }
    }
    Ok(o)
}

struct BlockPackMatmul {
    options: BlockPackOptions,
}

thread_local! {
    /// The options of the pass being run (patterns are plain functions).
    static OPTIONS: std::cell::RefCell<BlockPackOptions> = std::cell::RefCell::new(BlockPackOptions::default());
}

fn block_pack_patterns(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    if is_block_packable(ctx, op) {
        named_patterns![block_pack]
    } else {
        &[]
    }
}

/// Block-packs a matmul with the running pass's options.
fn block_pack(rw: &mut Rewriter<'_>, op: OpId) -> bool {
    let options = OPTIONS.with(|o| o.borrow().clone());
    block_pack_matmul(rw, op, &options).is_ok()
}

impl Pass for BlockPackMatmul {
    fn name(&self) -> &'static str {
        "linalg-block-pack-matmul"
    }

    fn class_name(&self) -> &'static str {
        "LinalgBlockPackMatmul"
    }

    fn run(&mut self, ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
        OPTIONS.with(|o| *o.borrow_mut() = self.options.clone());
        let sources: [PatternSource; 1] = [block_pack_patterns];
        apply_patterns_greedily(ctx, root, PatternSet::patterns(&sources));
        Ok(())
    }
}
