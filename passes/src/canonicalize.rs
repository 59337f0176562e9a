//! `canonicalize`: runs the canonicalization patterns registered on the
//! ops (`Canonicalization` interfaces: constant folding of arith, affine and
//! `tensor.dim`, no-op slices, single-iteration `scf.for` loops) and erases
//! unused pure ops, until nothing changes.

use tessel_ir::builder::{constant_block_of, InsertPoint};
use tessel_ir::entity_map::EntitySet;
use tessel_ir::named_patterns;
use tessel_ir::registry::traits;
use tessel_ir::rewriter::{
    pattern_name, Canonicalization, Listener, NamedPattern, Rewriter, DEFAULT_CONSTANT_FOLD_LIMIT,
};
use tessel_ir::{Context, Diagnostic, OpId, Value};

use crate::manager::{Pass, PassInfo, Statistic};

mod op_list;
pub(crate) use op_list::apply_op_patterns_greedily;

pub(crate) const INFO: PassInfo = PassInfo {
    name: "canonicalize",
    description: "Fold constants and affine maps, drop no-op slices and one-trip loops, erase dead ops \
                  {max-iterations=N top-down=B test-convergence=B region-simplify=disabled|normal|aggressive \
                  constant-fold-limit=N}",
    build: |opts| {
        crate::reject_unknown_options(
            opts,
            &["constant-fold-limit", "max-iterations", "top-down", "test-convergence", "region-simplify"],
        )?;
        let limit = match opts.get("constant-fold-limit") {
            None => DEFAULT_CONSTANT_FOLD_LIMIT,
            Some(v) => v
                .parse::<usize>()
                .map_err(|_| format!("option 'constant-fold-limit' must be a number of elements, got '{v}'"))?,
        };
        // MLIR's -1 (`kNoLimit`) means no limit.
        let max_sweeps = match opts.get("max-iterations") {
            None => DEFAULT_MAX_SWEEPS,
            Some(v) => match v.parse::<i64>() {
                Ok(-1) => usize::MAX,
                Ok(n) if n >= 1 => n as usize,
                _ => return Err(format!("option 'max-iterations' must be a positive number or -1, got '{v}'")),
            },
        };
        let flag = |name: &str, default: bool| -> Result<bool, String> {
            match opts.get(name).map(String::as_str) {
                None => Ok(default),
                Some("" | "true" | "1") => Ok(true),
                Some("false" | "0") => Ok(false),
                Some(v) => Err(format!("option '{name}' must be true or false, got '{v}'")),
            }
        };
        if let Some(v) = opts.get("region-simplify") {
            if !matches!(v.as_str(), "disabled" | "normal" | "aggressive") {
                return Err(format!("option 'region-simplify' must be disabled, normal or aggressive, got '{v}'"));
            }
        }
        Ok(Box::new(Canonicalize {
            constant_fold_limit: limit,
            max_sweeps,
            top_down: flag("top-down", true)?,
            test_convergence: flag("test-convergence", false)?,
            region_simplify: opts.get("region-simplify").cloned().unwrap_or_else(|| "normal".to_string()),
            constant_fold_limit_given: opts.contains_key("constant-fold-limit"),
            totals: Sweeps::default(),
        }))
    },
};

/// The most sweeps a canonicalize makes unless told otherwise.
const DEFAULT_MAX_SWEEPS: usize = 32;

/// `canonicalize{...}`: `constant-fold-limit=N` bounds the elements of a
/// constant computed by folding a pack, unpack or transpose of a `dense`
/// constant (tessel's option; splats always fold). `max-iterations` caps
/// the sweeps (each visits the ops changed by the one before, as MLIR's
/// iterations revisit its worklist), `test-convergence` fails when the IR
/// still changes in the last one, `top-down` picks the order ops are
/// visited in. `region-simplify` (default `normal`) erases unreachable
/// blocks and dead block arguments after each sweep; `aggressive` does the
/// same (tessel does not merge identical blocks), `disabled` neither.
struct Canonicalize {
    constant_fold_limit: usize,
    max_sweeps: usize,
    top_down: bool,
    test_convergence: bool,
    /// As given (accepted and checked, see above).
    region_simplify: String,
    /// `constant-fold-limit` was written (it is printed only then: it is
    /// tessel's, mlir-opt would not take it back).
    constant_fold_limit_given: bool,
    /// What its runs did (`--mlir-pass-statistics`).
    totals: Sweeps,
}

/// What a greedy run did.
#[derive(Clone, Copy, Debug, Default)]
struct Sweeps {
    sweeps: usize,
    /// Patterns and folds applied.
    applied: usize,
    /// Dead ops erased.
    erased: usize,
    /// A sweep changed nothing (a fixed point) within the limit.
    converged: bool,
}

impl Pass for Canonicalize {
    fn name(&self) -> &'static str {
        "canonicalize"
    }

    fn class_name(&self) -> &'static str {
        "Canonicalizer"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let set = PatternSet {
            constant_fold_limit: self.constant_fold_limit,
            top_down: self.top_down,
            region_simplify: self.region_simplify != "disabled",
            ..PatternSet::CANONICALIZATION
        };
        let done = run_sweeps_within(ctx, op, false, set, self.max_sweeps);
        self.totals.sweeps += done.sweeps;
        self.totals.applied += done.applied;
        self.totals.erased += done.erased;
        if !done.converged && self.test_convergence {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                format!("canonicalize did not converge within {} iterations (test-convergence)", self.max_sweeps),
            ));
        }
        Ok(())
    }

    /// MLIR's form: every option, sorted, the two empty pattern lists
    /// included (hence the spaces after the brace); tessel's values.
    fn textual_options(&self) -> Option<String> {
        let iterations = if self.max_sweeps == usize::MAX { -1 } else { self.max_sweeps as i64 };
        let mut items = Vec::new();
        if self.constant_fold_limit_given {
            items.push(format!("constant-fold-limit={}", self.constant_fold_limit));
        }
        items.extend([String::new(), String::new()]);
        items.push(format!("max-iterations={iterations}"));
        items.push("max-num-rewrites=-1".to_string());
        items.push(format!("region-simplify={}", self.region_simplify));
        items.push(format!("test-convergence={}", self.test_convergence));
        items.push(format!("top-down={}", self.top_down));
        Some(format!("{{{}}}", items.join(" ")))
    }

    /// tessel's counters (MLIR's canonicalizer has none).
    fn statistics(&self) -> Vec<Statistic> {
        let t = self.totals;
        vec![
            Statistic {
                name: "num-applied",
                description: "Number of patterns and folds applied",
                value: t.applied as u64,
            },
            Statistic { name: "num-erased", description: "Number of dead operations erased", value: t.erased as u64 },
            Statistic {
                name: "num-sweeps",
                description: "Number of sweeps over the changed operations",
                value: t.sweeps as u64,
            },
        ]
    }
}

/// Runs the patterns registered on the ops nested in `root` (and erases
/// unused pure ops) to a fixed point.
///
/// The first sweep visits every op; the listener then records which ops
/// the rewrites touch (created, operands/attributes/position changed, a
/// result lost a use), and each further sweep visits only those, in the
/// same order. That gives what repeated full sweeps give: an op nothing
/// touched since it was last found unchanged is still unchanged (every
/// pattern depends only on the op itself, its operands' producers and its
/// uses), and the confirming sweep no longer re-examines the whole function.
pub fn canonicalize(ctx: &mut Context, root: OpId) {
    run_sweeps(ctx, root, false, PatternSet::CANONICALIZATION);
}

/// The patterns for one op, by its kind (a pattern list of a test pass or
/// a `transform.apply_patterns` descriptor).
pub type PatternSource = fn(&Context, OpId) -> &'static [NamedPattern];

/// Which patterns a greedy run applies: MLIR's `applyPatternsGreedily`
/// with a pattern list. With `canonicalization`, the ops' registered
/// canonicalization patterns (folds included, as `-canonicalize`);
/// without, only their folds (constant folding of arith, `tensor.dim` of
/// known extents, slices covering their tensor). Then each source's
/// patterns.
/// `top_down` is the order ops are visited in: `-canonicalize` works
/// top-down (its `top-down` option defaults to true), MLIR's test passes
/// and `transform.apply_patterns` bottom-up (the driver's default).
#[derive(Clone, Copy)]
pub struct PatternSet<'a> {
    pub canonicalization: bool,
    /// MLIR's region simplification after each pass over the ops
    /// (unreachable blocks and dead block arguments go; the greedy
    /// driver's default, `region-simplify=disabled` turns it off).
    pub region_simplify: bool,
    pub sources: &'a [PatternSource],
    pub top_down: bool,
    /// The most elements a fold may compute into a new constant.
    pub constant_fold_limit: usize,
    /// Fold results are materialized where the folded op was (and taken
    /// over in the next sweep), and a dead constant a rewrite left is
    /// erased when the driver meets it, as MLIR's greedy driver does
    /// inside `transform.structured.vectorize_children_and_apply_patterns`;
    /// otherwise fold results go to the top of the block at once (what
    /// `-canonicalize`'s output shows).
    pub fold_in_place: bool,
    /// `transform.apply_patterns.vector.lower_transfer`'s
    /// `max_transfer_rank` (see [`Rewriter::max_transfer_rank`]).
    pub max_transfer_rank: Option<usize>,
    /// `-convert-vector-to-scf`'s options (see [`Rewriter::transfer_to_scf`]).
    pub transfer_to_scf: tessel_ir::dialects::patterns::vector_to_scf::TransferToScfOptions,
}

impl PatternSet<'_> {
    /// `-canonicalize`.
    pub const CANONICALIZATION: PatternSet<'static> = PatternSet {
        canonicalization: true,
        region_simplify: true,
        sources: &[],
        top_down: true,
        constant_fold_limit: DEFAULT_CONSTANT_FOLD_LIMIT,
        fold_in_place: true,
        max_transfer_rank: None,
        transfer_to_scf: tessel_ir::dialects::patterns::vector_to_scf::TransferToScfOptions {
            target_rank: 1,
            lower_tensors: false,
            lower_scalable: false,
        },
    };

    /// MLIR's `applyPatternsGreedily` with `sources` (bottom-up, folds).
    pub const fn patterns(sources: &[PatternSource]) -> PatternSet<'_> {
        PatternSet {
            canonicalization: false,
            region_simplify: true,
            sources,
            top_down: false,
            constant_fold_limit: DEFAULT_CONSTANT_FOLD_LIMIT,
            fold_in_place: false,
            max_transfer_rank: None,
            transfer_to_scf: tessel_ir::dialects::patterns::vector_to_scf::TransferToScfOptions {
                target_rank: 1,
                lower_tensors: false,
                lower_scalable: false,
            },
        }
    }
}

/// MLIR's greedy driver over `root` with `set`: constants hoisted, dead
/// pure ops erased, patterns applied to a fixed point.
pub fn apply_patterns_greedily(ctx: &mut Context, root: OpId, set: PatternSet<'_>) {
    run_sweeps(ctx, root, false, set);
}

/// MLIR's greedy driver with `maxIterations = max_iterations`: every sweep
/// lists every op again (as each MLIR iteration fills its worklist anew,
/// taking over the constants in walk order). Returns whether it reached a
/// fixed point.
pub fn apply_patterns_greedily_within(
    ctx: &mut Context,
    root: OpId,
    set: PatternSet<'_>,
    max_iterations: usize,
) -> bool {
    run_sweeps_within(ctx, root, true, set, max_iterations).converged
}

/// The fold hooks among the registered patterns (what MLIR's ops do in
/// `fold`, as opposed to canonicalization patterns).
pub(crate) fn folds(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::affine_index::{DelinearizeIndexOp, LinearizeIndexOp};
    use tessel_ir::dialects::linalg::TransposeOp;
    use tessel_ir::dialects::pack::{PackOp, UnPackOp};
    use tessel_ir::dialects::patterns::{affine_index, arith, arith_cast, arith_float, constants, linalg, tensor};
    use tessel_ir::dialects::tensor::{DimOp, ExtractSliceOp, InsertSliceOp, PadOp};
    if DimOp::isa(ctx, op) {
        named_patterns![tensor::fold_dim_as_folder]
    } else if ExtractSliceOp::isa(ctx, op) || InsertSliceOp::isa(ctx, op) {
        named_patterns![tensor::fold_noop_slice]
    } else if PadOp::isa(ctx, op) {
        named_patterns![tensor::fold_noop_pad]
    } else if TransposeOp::isa(ctx, op) {
        named_patterns![linalg::fold_identity_transpose, constants::fold_constant_transpose]
    } else if PackOp::isa(ctx, op) || UnPackOp::isa(ctx, op) {
        named_patterns![constants::fold_constant_pack_or_unpack]
    } else if ctx.op_name(op).starts_with("arith.") {
        named_patterns![
            arith::fold_int_binary,
            arith::fold_commutative,
            arith::fold_select,
            arith::fold_cmpi,
            arith_float::fold_float_binary,
            arith_cast::fold_cast_of_constant
        ]
    } else if LinearizeIndexOp::isa(ctx, op) {
        named_patterns![affine_index::fold_linearize, affine_index::static_basis]
    } else if DelinearizeIndexOp::isa(ctx, op) {
        named_patterns![affine_index::fold_delinearize, affine_index::static_basis]
    } else if ctx.op_name(op).starts_with("vector.") {
        vector_folds(ctx, op)
    } else {
        &[]
    }
}

/// The vector ops' `fold` hooks.
fn vector_folds(ctx: &Context, op: OpId) -> &'static [NamedPattern] {
    use tessel_ir::dialects::patterns::{memref, vector};
    use tessel_ir::dialects::vector::{BroadcastOp, MaskOp, ShapeCastOp, TransferReadOp, TransferWriteOp, TransposeOp};
    if TransferReadOp::isa(ctx, op) {
        named_patterns![vector::fold_read_after_write, vector::fold_transfer_in_bounds, memref::fold_cast_operands]
    } else if TransposeOp::isa(ctx, op) {
        named_patterns![
            vector::fold_identity_transpose,
            tessel_ir::dialects::patterns::vector_constant::fold_transpose_of_splat
        ]
    } else if tessel_ir::dialects::vector::ExtractOp::isa(ctx, op) {
        named_patterns![
            vector::fold_noop_extract_or_insert,
            vector::fold_extract_of_poison,
            vector::fold_constant_positions,
            tessel_ir::dialects::patterns::vector_constant::fold_extract_of_constant,
            vector::fold_extract_of_extract,
            vector::fold_extract_of_insert,
            vector::fold_extract_of_transpose,
            vector::fold_extract_of_broadcast,
            vector::fold_extract_of_shape_cast,
            vector::fold_extract_of_extract_strided,
            vector::fold_extract_of_insert_strided
        ]
    } else if TransferWriteOp::isa(ctx, op) {
        named_patterns![vector::fold_write_of_read, vector::fold_transfer_in_bounds, memref::fold_cast_operands]
    } else if BroadcastOp::isa(ctx, op) {
        named_patterns![vector::fold_broadcast]
    } else if tessel_ir::dialects::vector::BitCastOp::isa(ctx, op) {
        named_patterns![vector::fold_bitcast]
    } else if ShapeCastOp::isa(ctx, op) {
        named_patterns![
            tessel_ir::dialects::patterns::vector_constant::fold_shape_cast_of_constant,
            vector::fold_shape_cast
        ]
    } else if MaskOp::isa(ctx, op) {
        named_patterns![vector::fold_mask]
    } else if tessel_ir::dialects::vector::ConstantMaskOp::isa(ctx, op) {
        named_patterns![tessel_ir::dialects::patterns::vector_constant::fold_constant_mask]
    } else if tessel_ir::dialects::vector::InsertOp::isa(ctx, op) {
        named_patterns![
            vector::fold_noop_extract_or_insert,
            vector::fold_constant_positions,
            tessel_ir::dialects::patterns::vector_constant::fold_insert_of_constants,
            vector::fold_insert_use_chain
        ]
    } else if tessel_ir::dialects::vector::ExtractStridedSliceOp::isa(ctx, op)
        || tessel_ir::dialects::vector::InsertStridedSliceOp::isa(ctx, op)
    {
        named_patterns![vector::fold_noop_extract_or_insert]
    } else {
        &[]
    }
}

/// What changed since the driver last looked, as the rewriter reports it.
#[derive(Default)]
struct ChangeMarks {
    /// Created, or operands, attributes or position changed.
    changed: EntitySet<OpId>,
    /// Some result lost a use (or the op was just created).
    lost_use: EntitySet<OpId>,
    /// Every op that got a mark it did not have, since the driver last
    /// took this list: where the next partial sweep has to look.
    newly_marked: Vec<OpId>,
    /// The ops MLIR's driver would put on its worklist, in the order it
    /// would (an op, then its ancestors), since the driver last took them:
    /// those already visited this sweep are visited again at once (see
    /// `revisit`).
    pending: Vec<OpId>,
}

impl ChangeMarks {
    fn mark_changed(&mut self, op: OpId) {
        if self.changed.insert(op) {
            self.newly_marked.push(op);
        }
    }

    fn mark_lost_use(&mut self, op: OpId) {
        if self.lost_use.insert(op) {
            self.newly_marked.push(op);
        }
    }

    fn is_marked(&self, op: OpId) -> bool {
        self.changed.contains(op) || self.lost_use.contains(op)
    }
}

impl ChangeMarks {
    /// MLIR's driver puts an op's ancestors back on its worklist with it
    /// (up to the op holding the function): a pattern of an op with a
    /// region (an `scf.if` whose branches now yield the same value) looks
    /// inside it.
    fn mark_ancestors(&mut self, ctx: &Context, op: OpId) {
        self.push_pending(ctx, op);
        let mut cur = ctx.parent_op(op);
        while let Some(p) = cur {
            if ctx.def_of(p).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE)) {
                break;
            }
            self.mark_changed(p);
            cur = ctx.parent_op(p);
        }
    }

    /// What MLIR's `addToWorklist` pushes: `op`, then its ancestors up to
    /// the op holding the function.
    fn push_pending(&mut self, ctx: &Context, op: OpId) {
        self.pending.push(op);
        let mut cur = ctx.parent_op(op);
        while let Some(p) = cur {
            if ctx.def_of(p).is_some_and(|d| d.has(traits::ISOLATED_FROM_ABOVE)) {
                break;
            }
            self.pending.push(p);
            cur = ctx.parent_op(p);
        }
    }
}

impl Listener for ChangeMarks {
    fn op_inserted(&mut self, ctx: &Context, op: OpId) {
        self.mark_changed(op);
        self.mark_lost_use(op);
        self.mark_ancestors(ctx, op);
    }

    fn op_modified(&mut self, ctx: &Context, op: OpId) {
        self.mark_changed(op);
        self.mark_ancestors(ctx, op);
        // MLIR's next iteration visits every op: a user may fold now that
        // its operand's producer reads something else (an extract of a
        // shape_cast whose own source just folded).
        for &r in ctx.results(op) {
            for u in ctx.uses(r) {
                self.mark_changed(u.op);
            }
        }
    }

    fn value_lost_use(&mut self, ctx: &Context, v: Value) {
        if let Some(op) = ctx.defining_op(v) {
            self.mark_lost_use(op);
            self.push_pending(ctx, op);
        }
    }
}

/// The ops a sweep lists, in walk order (`root` excluded). A full sweep
/// lists everything under `root`. A partial sweep visits only marked ops,
/// so it lists only the subtrees of `root`'s direct children that hold a
/// mark: the same ops in the same order as the full listing, less those
/// it would skip. On a module of many functions, the functions a sweep
/// left alone are not walked again.
fn sweep_listing(ctx: &Context, root: OpId, full: bool, marks: &mut ChangeMarks) -> Vec<OpId> {
    let newly_marked = std::mem::take(&mut marks.newly_marked);
    if full {
        return ctx.nested_ops(root);
    }
    let mut holding: EntitySet<OpId> = EntitySet::new();
    for op in newly_marked {
        if !marks.is_marked(op) || ctx.is_erased(op) {
            continue;
        }
        // Up to the child of `root` that holds `op` (none if `op` is not
        // under `root`).
        let mut cur = op;
        while let Some(parent) = ctx.parent_op(cur) {
            if parent == root {
                holding.insert(cur);
                break;
            }
            cur = parent;
        }
    }
    let mut out = Vec::new();
    for &r in ctx.regions(root) {
        for &b in ctx.blocks(r) {
            for child in ctx.block_ops(b) {
                if holding.contains(child) {
                    ctx.walk_preorder(child, &mut |o| out.push(o));
                }
            }
        }
    }
    out
}

/// The fixed-point loop; `every_sweep_full` is the plain (slower) form the
/// tests compare against.
fn run_sweeps(ctx: &mut Context, root: OpId, every_sweep_full: bool, set: PatternSet<'_>) {
    run_sweeps_within(ctx, root, every_sweep_full, set, DEFAULT_MAX_SWEEPS);
}

/// [`run_sweeps`] of at most `max_sweeps` sweeps: what it did, and
/// whether it reached a fixed point (a sweep that changed nothing).
fn run_sweeps_within(
    ctx: &mut Context,
    root: OpId,
    mut every_sweep_full: bool,
    set: PatternSet<'_>,
    max_sweeps: usize,
) -> Sweeps {
    let mut converged = false;
    let (mut sweeps, mut applied, mut erased) = (0, 0, 0);
    let mut marks = ChangeMarks::default();
    let mut hoisted = HoistedConstants::default();
    place_constants_at_first_user(ctx, root);
    // Region simplification looks at regions of several blocks only; most
    // inputs have none, and then it costs one walk here.
    let has_cfg = set.region_simplify && crate::region_simplify::has_multi_block_region(ctx, root);
    let recording = std::mem::replace(&mut ctx.record_constants_made_at_top, false);
    for sweep in 0..max_sweeps {
        let full = sweep == 0 || every_sweep_full;
        // One listing per sweep serves both the rewrites and the dead-code
        // scan: ops the rewrites create are marked and listed next sweep.
        let ops = sweep_listing(ctx, root, full, &mut marks);
        let mut changed = false;
        let mut in_listing: EntitySet<OpId> = EntitySet::new();
        for &o in &ops {
            in_listing.insert(o);
        }
        let mut visited: EntitySet<OpId> = EntitySet::new();
        if sweep == 0 || !set.top_down {
            // MLIR's driver takes over the constants while it lists the ops
            // (in walk order, whichever way it then works; a top-down
            // sweep meets them in that order anyway).
            for &op in &ops {
                if is_constant_like(ctx, op) && !ctx.is_erased(op) && ctx.op_block(op).is_some() {
                    let may_move = sweep == 0 || !in_leading_constants(ctx, op);
                    changed |= take_over_constant(ctx, op, &mut marks, &mut hoisted, may_move);
                }
            }
        }
        // Then it works top-down or bottom-up (the last op listed first).
        let order: Box<dyn Iterator<Item = &OpId>> =
            if set.top_down { Box::new(ops.iter()) } else { Box::new(ops.iter().rev()) };
        for &op in order {
            // The mark first: it is a dense bit set, the op data is not.
            let marked = marks.changed.remove(op);
            if !(full || marked) || ctx.is_erased(op) || ctx.op_block(op).is_none() {
                continue;
            }
            if is_constant_like(ctx, op) {
                // A constant a pattern made in place: the folder takes it
                // over when it meets it (hoisted, or merged into an equal
                // one).
                if sweep > 0 {
                    // One already among the constants at the top stays there.
                    let may_move = !in_leading_constants(ctx, op);
                    changed |= take_over_constant(ctx, op, &mut marks, &mut hoisted, may_move);
                }
                continue;
            }
            visited.insert(op);
            marks.pending.clear();
            // MLIR's driver erases a dead op when it reaches it.
            if is_trivially_dead(ctx, op) {
                erase_dead_op(ctx, op, &mut marks);
                erased += 1;
                changed = true;
                let (a, e) = revisit(ctx, &mut marks, set, &in_listing, &mut visited);
                applied += a;
                erased += e;
                continue;
            }
            if apply_patterns(ctx, op, &mut marks, set).is_some() {
                applied += 1;
                changed = true;
                let (a, e) = revisit(ctx, &mut marks, set, &in_listing, &mut visited);
                applied += a;
                erased += e;
            }
        }
        let dead = erase_dead(ctx, &ops, full, &mut marks);
        erased += dead;
        changed |= dead > 0;
        if has_cfg {
            // Patterns over blocks look at other blocks (a successor that
            // only branches on): as MLIR's driver, which lists every op
            // again each iteration, every sweep is full.
            every_sweep_full = true;
            changed |= crate::region_simplify::simplify_regions(ctx, root);
        }
        sweeps = sweep + 1;
        if !changed {
            converged = true;
            break;
        }
    }
    ctx.record_constants_made_at_top = recording;
    tracing::debug!(target: "canonicalize", sweeps, applied, erased, converged, "done");
    Sweeps { sweeps, applied, erased, converged }
}

/// What MLIR's worklist does after a rewrite: the ops the rewrite touched
/// that the sweep already passed (or that are new) go on top of the
/// worklist and are visited at once, last pushed first; those the sweep
/// has yet to reach stay where they are. Returns the patterns applied and
/// the dead ops erased.
fn revisit(
    ctx: &mut Context,
    marks: &mut ChangeMarks,
    set: PatternSet<'_>,
    in_listing: &EntitySet<OpId>,
    visited: &mut EntitySet<OpId>,
) -> (usize, usize) {
    let (mut applied, mut erased) = (0, 0);
    let mut stack: Vec<OpId> = Vec::new();
    loop {
        for op in std::mem::take(&mut marks.pending) {
            if ctx.is_erased(op) || ctx.op_block(op).is_none() || (in_listing.contains(op) && !visited.contains(op)) {
                continue;
            }
            if !stack.contains(&op) {
                stack.push(op);
            }
        }
        let Some(op) = stack.pop() else { break };
        if ctx.is_erased(op) || ctx.op_block(op).is_none() {
            continue;
        }
        // A constant a rewrite made is taken over in the next sweep, as
        // before (where MLIR's folder materializes fold results at the top
        // of the block at once).
        if is_constant_like(ctx, op) {
            // MLIR's driver erases a dead constant it pops, like any op.
            if set.fold_in_place && is_trivially_dead(ctx, op) {
                erase_dead_op(ctx, op, marks);
                erased += 1;
            }
            continue;
        }
        visited.insert(op);
        marks.changed.remove(op);
        if is_trivially_dead(ctx, op) {
            erase_dead_op(ctx, op, marks);
            erased += 1;
            continue;
        }
        if apply_patterns(ctx, op, marks, set).is_some() {
            applied += 1;
        }
    }
    (applied, erased)
}

/// Puts each constant a builder made at the top of a block inside `root`
/// (and that is still among the constants there) back where upstream's
/// builders make it: after the op the builder was inserting after (its
/// first user in walk order when that op is gone), in the order they were
/// made. MLIR's folder then meets it there, after the constants the input
/// wrote before that point, and hoists it in front of them
/// (`take_over_constant`). Blocks under other roots keep their entries for
/// their own canonicalize; the cost is one walk of `root`.
fn place_constants_at_first_user(ctx: &mut Context, root: OpId) {
    if ctx.constants_made_at_top.is_empty() {
        return;
    }
    let ops = ctx.nested_ops(root);
    let mut made = Vec::new();
    for &op in &ops {
        for r in 0..ctx.regions(op).len() {
            let region = ctx.regions(op)[r];
            for k in 0..ctx.blocks(region).len() {
                let block = ctx.blocks(region)[k];
                if let Some(list) = ctx.constants_made_at_top.remove(&block) {
                    made.extend(list);
                }
            }
        }
    }
    if made.is_empty() {
        return;
    }
    let order: rustc_hash::FxHashMap<OpId, usize> = ops.into_iter().enumerate().map(|(i, o)| (o, i)).collect();
    let made_here: rustc_hash::FxHashSet<OpId> = made.iter().map(|(c, _)| *c).collect();
    // The last constant put after each anchor: the next goes after it.
    let mut last_after: rustc_hash::FxHashMap<OpId, OpId> = Default::default();
    // The last constant made with nothing before it, by block: constants
    // made at the very start of a block come in the order they were made.
    let mut last_at_start: rustc_hash::FxHashMap<tessel_ir::BlockId, OpId> = Default::default();
    for (c, after) in made {
        if ctx.is_erased(c) || ctx.op_block(c).is_none() || !is_constant_like(ctx, c) || !in_leading_constants(ctx, c) {
            continue;
        }
        let live = |o: OpId| !ctx.is_erased(o) && ctx.op_block(o).is_some() && order.contains_key(&o);
        // An anchor that is a constant made here too (the builder put the
        // earlier ones at the top, before the insertion point): this one
        // follows them, in the order they were made.
        match after.filter(|a| live(*a) && (!is_constant_like(ctx, *a) || made_here.contains(a))) {
            Some(anchor) => {
                let prev = last_after.get(&anchor).copied().filter(|p| live(*p)).unwrap_or(anchor);
                ctx.unlink_op(c);
                match ctx.next_op(prev) {
                    Some(next) => ctx.insert_op_before(next, c),
                    None => {
                        let block = ctx.op_block(prev).expect("live");
                        ctx.append_op(block, c);
                    }
                }
                last_after.insert(anchor, c);
            }
            None if after.is_some() => {
                let result = ctx.result(c, 0);
                let first_user = ctx.uses(result).iter().filter_map(|u| order.get(&u.op).map(|i| (*i, u.op))).min();
                if let Some((_, user)) = first_user {
                    ctx.unlink_op(c);
                    ctx.insert_op_before(user, c);
                }
            }
            None => {
                let Some(block) = ctx.op_block(c) else { continue };
                let prev = last_at_start
                    .get(&block)
                    .copied()
                    .filter(|p| !ctx.is_erased(*p) && ctx.op_block(*p) == Some(block) && in_leading_constants(ctx, *p));
                ctx.unlink_op(c);
                match prev
                    .and_then(|p| ctx.next_op(p))
                    .or_else(|| if prev.is_none() { ctx.first_op(block) } else { None })
                {
                    Some(next) => ctx.insert_op_before(next, c),
                    None => ctx.append_op(block, c),
                }
                last_at_start.insert(block, c);
            }
        }
    }
}

/// `arith.constant`, `ub.poison`: ops MLIR's folder takes over (hoists
/// and uniques).
fn is_constant_like(ctx: &Context, op: OpId) -> bool {
    ctx.def_of(op).is_some_and(|d| d.has(traits::CONSTANT_LIKE))
}

/// Whether `op` is among the constants at the top of its block: where the
/// builders put the constants they make (newest first, as MLIR's folder
/// leaves them), already in their place.
fn in_leading_constants(ctx: &Context, op: OpId) -> bool {
    // Only the block constants are hoisted to (a region's entry block)
    // has them: one at the top of another block of a CFG still moves.
    if let Some(b) = ctx.op_block(op) {
        if constant_block_of(ctx, b) != b {
            return false;
        }
    }
    let mut prev = ctx.prev_op(op);
    while let Some(p) = prev {
        if !is_constant_like(ctx, p) {
            return false;
        }
        prev = ctx.prev_op(p);
    }
    true
}

/// A constant as the driver keeps it: (its constant block, value, type).
type ConstantKey = (tessel_ir::BlockId, ConstantValue, tessel_ir::Type);

/// A constant's value as the folder compares them: `true : i1` written as
/// an integer is the boolean `true` (one attribute in MLIR).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum ConstantValue {
    Attr(tessel_ir::Attr),
    Bool(bool),
}

/// The constants the driver has taken over: by (entry block, value,
/// type), and as a set.
#[derive(Default)]
struct HoistedConstants {
    map: rustc_hash::FxHashMap<ConstantKey, OpId>,
    owned: EntitySet<OpId>,
}

/// What MLIR's greedy driver does with a constant it finds while filling
/// its worklist (`OperationFolder::insertKnownConstant`): the folder takes
/// it over. When an equal constant is already taken over, its uses move to
/// that one and it is erased. Otherwise it goes to the front of the
/// function's entry block, unless it is already in that block right after
/// a constant taken over (or first), or `may_move` is false: constants at
/// the top keep their order, and each one found further down goes before
/// them all.
///
/// `hoisted` indexes the constants already taken over, by block, value and
/// type: one lookup per constant, not a walk of every constant before it.
fn take_over_constant(
    ctx: &mut Context,
    op: OpId,
    marks: &mut ChangeMarks,
    hoisted: &mut HoistedConstants,
    may_move: bool,
) -> bool {
    let Some(key) = hoisting_key(ctx, op) else { return false };
    if merge_into_hoisted(ctx, op, key, marks, hoisted) {
        return true;
    }
    let block = key.0;
    hoisted.map.insert(key, op);
    hoisted.owned.insert(op);
    let after_owned = ctx.op_block(op) == Some(block) && ctx.prev_op(op).is_some_and(|p| hoisted.owned.contains(p));
    match ctx.first_op(block) {
        Some(first) if may_move && first != op && !after_owned => {
            let loc = ctx.op_loc(op);
            Rewriter::new(ctx, InsertPoint::Before(op), loc, marks).move_op_before(op, first);
            true
        }
        _ => false,
    }
}

/// Where and as what the driver keeps constant `op`: (its constant block,
/// value, type).
fn hoisting_key(ctx: &Context, op: OpId) -> Option<ConstantKey> {
    let block = ctx.op_block(op).map(|b| constant_block_of(ctx, b))?;
    let attr = ctx.get_attr(op, "value")?;
    let value = match ctx.attr_kind(attr) {
        tessel_ir::attrs::AttrKind::Bool(b) => ConstantValue::Bool(*b),
        tessel_ir::attrs::AttrKind::Integer { value, ty }
            if matches!(ctx.type_kind(*ty), tessel_ir::types::TypeKind::Integer { width: 1, .. }) =>
        {
            ConstantValue::Bool(*value != 0)
        }
        _ => ConstantValue::Attr(attr),
    };
    Some((block, value, ctx.value_type(ctx.result(op, 0))))
}

/// Replaces constant `op` by an equal one the driver already took over
/// (`OperationFolder::insertKnownConstant`'s first case); false if there
/// is none.
fn merge_into_hoisted(
    ctx: &mut Context,
    op: OpId,
    key: ConstantKey,
    marks: &mut ChangeMarks,
    hoisted: &HoistedConstants,
) -> bool {
    match hoisted.map.get(&key) {
        Some(&o) if o != op && !ctx.is_erased(o) && ctx.op_block(o) == Some(key.0) => {
            let keep = ctx.result(o, 0);
            let loc = ctx.op_loc(op);
            if tracing::enabled!(target: "canonicalize", tracing::Level::DEBUG) {
                let (at, into) =
                    (tessel_ir::diag::render_loc(ctx, loc), tessel_ir::diag::render_loc(ctx, ctx.op_loc(o)));
                tracing::debug!(target: "canonicalize", op = ctx.op_name(op), %at, %into, "merged into an equal constant");
            }
            Rewriter::new(ctx, InsertPoint::Before(op), loc, marks).replace_op(op, &[keep]);
            true
        }
        _ => false,
    }
}

/// Applies the first of `op`'s patterns in `set` that applies, if any,
/// and names it (`--debug-only=canonicalize` names it and the op).
fn apply_patterns(ctx: &mut Context, op: OpId, marks: &mut dyn Listener, set: PatternSet<'_>) -> Option<&'static str> {
    let own: &'static [NamedPattern] = if set.canonicalization {
        match ctx.def_of(op).and_then(|d| d.interface::<Canonicalization>()) {
            Some(Canonicalization(patterns)) => patterns,
            None => &[],
        }
    } else {
        folds(ctx, op)
    };
    let extra: smallvec::SmallVec<[&'static [NamedPattern]; 4]> = set.sources.iter().map(|s| s(ctx, op)).collect();
    if own.is_empty() && extra.iter().all(|l| l.is_empty()) {
        return None;
    }
    let loc = ctx.op_loc(op);
    let debug = tracing::enabled!(target: "canonicalize", tracing::Level::DEBUG);
    let op_name = if debug { ctx.op_name(op).to_string() } else { String::new() };
    // A fresh rewriter per op: its constant cache must not outlive the
    // dead-code erasure between sweeps.
    let mut rw = Rewriter::new(ctx, InsertPoint::Before(op), loc, marks);
    rw.constant_fold_limit = set.constant_fold_limit;
    rw.fold_in_place = set.fold_in_place;
    rw.max_transfer_rank = set.max_transfer_rank;
    rw.transfer_to_scf = set.transfer_to_scf;
    let applied = own.iter().chain(extra.iter().flat_map(|l| l.iter())).find(|(_, pattern)| pattern(&mut rw, op));
    if let (true, Some((name, _))) = (debug, applied) {
        let at = tessel_ir::diag::render_loc(rw.ctx, loc);
        tracing::debug!(target: "canonicalize", pattern = pattern_name(name), op = %op_name, %at, "applied");
    }
    applied.map(|(name, _)| pattern_name(name))
}

/// Pure ops without regions, structured ops on tensors only (MLIR's
/// linalg ops have memory effects only on memref operands; their bodies
/// are pure by the verifier), and ops with recursive effects (loops,
/// conditionals) whose nested ops are all removable: dead once unused.
/// Whether `op` could go when unused (no effects; MLIR's
/// `wouldOpBeTriviallyDead`), for region simplification's liveness.
pub(crate) fn removable(ctx: &Context, op: OpId) -> bool {
    is_removable(ctx, op)
}

fn is_removable(ctx: &Context, op: OpId) -> bool {
    if ctx.def_of(op).is_some_and(|d| d.has(traits::RECURSIVE_EFFECTS)) {
        return ctx.nested_ops(op).iter().all(|o| {
            *o == op
                || ctx.def_of(*o).is_some_and(|d| {
                    d.has(traits::RECURSIVE_EFFECTS) || d.has(traits::TERMINATOR) && d.has(traits::PURE)
                })
                || is_removable(ctx, *o)
        });
    }
    if ctx.def_of(op).is_some_and(|d| d.has(traits::PURE) || d.has(traits::DEAD_WHEN_UNUSED)) {
        // A pure op with a body (tensor.pad) goes when its body is pure too.
        return ctx.regions(op).is_empty()
            || ctx.nested_ops(op).iter().all(|o| *o == op || ctx.def_of(*o).is_some_and(|d| d.has(traits::PURE)));
    }
    if tessel_ir::dialects::patterns::vector::removable_when_unused(ctx, op) {
        return true;
    }
    tessel_ir::dialects::structured::structured(ctx, op).is_some()
        && ctx
            .operands(op)
            .iter()
            .all(|v| !matches!(ctx.value_type_kind(*v), tessel_ir::types::TypeKind::MemRef { .. }))
}

/// Erases unused pure ops among `ops` (innermost and last first), all of
/// them or (unless `all`) those that lost a use since last looked at; how
/// many it erased.
fn erase_dead(ctx: &mut Context, ops: &[OpId], all: bool, marks: &mut ChangeMarks) -> usize {
    let mut erased = 0;
    for &op in ops.iter().rev() {
        let marked = marks.lost_use.remove(op);
        if !(all || marked) || ctx.is_erased(op) || ctx.op_block(op).is_none() {
            continue;
        }
        if is_trivially_dead(ctx, op) {
            erase_dead_op(ctx, op, marks);
            erased += 1;
        }
    }
    erased
}

/// Erases dead `op` (`--debug-only=canonicalize` says so).
fn erase_dead_op(ctx: &mut Context, op: OpId, marks: &mut ChangeMarks) {
    marks.lost_use.remove(op);
    let loc = ctx.op_loc(op);
    if tracing::enabled!(target: "canonicalize", tracing::Level::DEBUG) {
        let at = tessel_ir::diag::render_loc(ctx, loc);
        tracing::debug!(target: "canonicalize", op = ctx.op_name(op), %at, "erased a dead op");
    }
    Rewriter::new(ctx, InsertPoint::Before(op), loc, marks).erase_op(op);
}

/// MLIR's `isOpTriviallyDead`: no result is used and erasing the op loses
/// no effect.
pub(crate) fn is_trivially_dead(ctx: &Context, op: OpId) -> bool {
    // A terminator never is (MLIR's `wouldOpBeTriviallyDead`).
    if ctx.def_of(op).is_some_and(|d| d.has(traits::TERMINATOR)) {
        return false;
    }
    // Unused first: it is cheap and rules out almost every op.
    // An op without results is unused too, but only one with recursive
    // effects or a pure one (not a terminator) can be known to have none.
    let effect_free = ctx
        .def_of(op)
        .is_some_and(|d| d.has(traits::RECURSIVE_EFFECTS) || d.has(traits::PURE) && !d.has(traits::TERMINATOR));
    let unused = (effect_free || !ctx.results(op).is_empty()) && ctx.results(op).iter().all(|r| ctx.use_empty(*r));
    unused && is_removable(ctx, op)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manager::{parse_pipeline, run_pipeline, Instrumentation, NoHooks, PassRegistry};
    use tessel_ir::parser::{parse_module, BufferStart};
    use tessel_ir::printer::{print_op_top, PrintOptions};

    /// Parses `text`, tiles it with `tiling`, canonicalizes, prints.
    fn tiled_then_canonicalized(text: &str, tiling: &str, every_sweep_full: bool) -> Option<String> {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).ok()?.module;
        tessel_ir::verifier::verify(&ctx, m, Default::default()).ok()?;
        let registry = PassRegistry::default();
        let mut pipeline = parse_pipeline(tiling, &registry).expect("pipeline");
        let inst = Instrumentation { verify_each: true, defer_final_verify: false };
        run_pipeline(&mut ctx, m, &mut pipeline, &inst, &mut NoHooks).ok()?;
        run_sweeps(&mut ctx, m, every_sweep_full, PatternSet::CANONICALIZATION);
        tessel_ir::verifier::verify(&ctx, m, Default::default()).expect("canonical IR verifies");
        Some(print_op_top(&ctx, m, PrintOptions::default()))
    }

    /// 2-D pack/unpack pairs over shapes that tile evenly and unevenly,
    /// with and without an outer permutation.
    fn generated_inputs() -> Vec<String> {
        let mut out = Vec::new();
        for (m, n, t0, t1) in [(13, 15, 8, 4), (32, 8, 8, 8), (100, 7, 32, 4), (64, 64, 16, 16), (9, 33, 2, 16)] {
            for perm in [false, true] {
                let (o0, o1) = ((m + t0 - 1) / t0, (n + t1 - 1) / t1);
                let (p0, p1) = if perm { (o1, o0) } else { (o0, o1) };
                let perm_attr = if perm { "outer_dims_perm = [1, 0] " } else { "" };
                out.push(format!(
                    "func.func @f(%pad: f32) -> tensor<{m}x{n}xf32> {{
  %s = tensor.empty() : tensor<{m}x{n}xf32>
  %d = tensor.empty() : tensor<{p0}x{p1}x{t0}x{t1}xf32>
  %p = linalg.pack %s padding_value(%pad : f32) {perm_attr}inner_dims_pos = [0, 1] inner_tiles = [{t0}, {t1}] into %d : tensor<{m}x{n}xf32> -> tensor<{p0}x{p1}x{t0}x{t1}xf32>
  %u = linalg.unpack %p {perm_attr}inner_dims_pos = [0, 1] inner_tiles = [{t0}, {t1}] into %s : tensor<{p0}x{p1}x{t0}x{t1}xf32> -> tensor<{m}x{n}xf32>
  return %u : tensor<{m}x{n}xf32>
}}
"
                ));
            }
        }
        out
    }

    /// Inputs on which one sweep is not enough: a min/max built by folding
    /// is sorted only in the next sweep, a loop inlined late exposes
    /// constants to ops already visited.
    const MULTI_SWEEP_INPUTS: &[&str] = &[
        "func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%acc = %c0) -> (index) {
    %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %m = affine.min affine_map<(d0)[s0] -> (d0 + 8, s0 - d0)>(%a)[%n]
    %x = affine.max affine_map<(d0)[s0] -> (d0 - 8, s0 - d0 * 3, 0)>(%a)[%n]
    %b = affine.apply affine_map<(d0, d1) -> (d0 + d1 + 1)>(%m, %x)
    %s = arith.addi %acc, %b : index
    scf.yield %s : index
  }
  return %r : index
}",
        "func.func @g(%t: tensor<?x8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %c0) -> (index) {
    %a = affine.apply affine_map<(d0) -> (d0 * 5 + 2)>(%i)
    %d = tensor.dim %t, %c0 : tensor<?x8xf32>
    %m = affine.min affine_map<(d0)[s0] -> (s0 - d0, d0 + 3)>(%a)[%d]
    %e = tensor.dim %t, %c1 : tensor<?x8xf32>
    %p = arith.muli %e, %c3 : index
    %q = arith.addi %p, %m : index
    %z = arith.subi %q, %c0 : index
    scf.yield %z : index
  }
  return %r : index
}",
    ];

    /// Revisiting only the ops the rewrites touched reaches the same fixed
    /// point as sweeping everything again, on inputs that need several
    /// sweeps, every tiling test input and generated pack/unpack pairs.
    #[test]
    fn marked_sweeps_match_full_sweeps() {
        let mut inputs = generated_inputs();
        inputs.extend(MULTI_SWEEP_INPUTS.iter().map(|s| s.to_string()));
        for path in tessel_testkit::lit_files(&tessel_testkit::lit_dir().join("tiling")) {
            let text = std::fs::read_to_string(&path).expect("read");
            inputs.extend(text.split("// -----").map(str::to_string));
        }
        let mut compared = 0;
        for chunk in &inputs {
            {
                for tiling in [
                    "builtin.module(func.func(tile-pack-unpack{tile-sizes=2,3}))",
                    "builtin.module(func.func(tile-pack-unpack{tile-sizes=5}))",
                    "builtin.module(func.func(tile-pack-unpack{tile-sizes=3,0 loop=forall}))",
                    "builtin.module(func.func(tile-pack-unpack{tile-sizes=0,7}))",
                    "builtin.module(func.func(tile-pack-unpack{tile-sizes=1,1}))",
                ] {
                    let full = tiled_then_canonicalized(chunk, tiling, true);
                    let marked = tiled_then_canonicalized(chunk, tiling, false);
                    assert_eq!(marked, full, "{chunk} with {tiling}");
                    compared += full.is_some() as usize;
                }
            }
        }
        assert!(compared >= 60, "only {compared} tiled inputs compared");
    }

    /// `text` canonicalized and printed.
    fn canonical(text: &str) -> String {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parse").module;
        canonicalize(&mut ctx, m);
        tessel_ir::verifier::verify(&ctx, m, Default::default()).expect("canonical IR verifies");
        print_op_top(&ctx, m, PrintOptions::default())
    }

    fn func(sig: &str, body: &str) -> String {
        format!("func.func @f({sig}) -> index {{\n{body}\n}}\n")
    }

    #[test]
    fn affine_apply_of_constants_folds() {
        let out = canonical(&func("", "  %c3 = arith.constant 3 : index\n  %a = affine.apply affine_map<(d0) -> (d0 * 4 + 2)>(%c3)\n  return %a : index"));
        assert!(out.contains("arith.constant 14 : index") && !out.contains("affine.apply"), "{out}");
    }

    #[test]
    fn affine_apply_chains_compose() {
        let out = canonical(&func("%n: index", "  %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%n)\n  %b = affine.apply affine_map<(d0) -> (d0 * 2)>(%a)\n  return %b : index"));
        // One apply of the composed map (upstream also distributes the
        // product: `s0 * 2 + 2`).
        assert!(
            out.contains("affine_map<()[s0] -> ((s0 + 1) * 2)>") && out.matches("affine.apply").count() == 1,
            "{out}"
        );
    }

    #[test]
    fn min_results_are_sorted() {
        let out =
            canonical(&func("%n: index", "  %m = affine.min affine_map<(d0) -> (d0 + 8, 4)>(%n)\n  return %m : index"));
        assert!(out.contains("(4, d0 + 8)"), "{out}");
    }

    #[test]
    fn dim_folds_to_a_static_extent_or_the_empty_size() {
        let out = canonical(&func(
            "%t: tensor<4x?xf32>, %n: index",
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %e = tensor.empty(%n) : tensor<4x?xf32>\n  %a = tensor.dim %t, %c0 : tensor<4x?xf32>\n  %b = tensor.dim %e, %c1 : tensor<4x?xf32>\n  %s = arith.addi %a, %b : index\n  return %s : index",
        ));
        assert!(
            !out.contains("tensor.dim") && out.contains("arith.addi %arg1, %c4")
                || out.contains("arith.addi %c4, %arg1"),
            "{out}"
        );
    }

    #[test]
    fn whole_tensor_slices_disappear() {
        let out = canonical(
            "func.func @f(%t: tensor<4x8xf32>) -> tensor<4x8xf32> {\n  %s = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> to tensor<4x8xf32>\n  return %s : tensor<4x8xf32>\n}\n",
        );
        assert!(!out.contains("extract_slice"), "{out}");
        let partial = canonical(
            "func.func @f(%t: tensor<4x8xf32>) -> tensor<4x4xf32> {\n  %s = tensor.extract_slice %t[0, 0] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>\n  return %s : tensor<4x4xf32>\n}\n",
        );
        assert!(partial.contains("extract_slice"), "{partial}");
    }

    #[test]
    fn loops_of_one_or_zero_trips_are_inlined() {
        let one = canonical(&func("%n: index", "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n  %r = scf.for %i = %c0 to %c4 step %c4 iter_args(%a = %n) -> (index) {\n    %s = arith.addi %a, %n : index\n    scf.yield %s : index\n  }\n  return %r : index"));
        assert!(!one.contains("scf.for") && one.contains("arith.addi %arg0, %arg0"), "{one}");
        let zero = canonical(&func("%n: index", "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n  %r = scf.for %i = %c4 to %c0 step %c4 iter_args(%a = %n) -> (index) {\n    %s = arith.addi %a, %n : index\n    scf.yield %s : index\n  }\n  return %r : index"));
        assert!(!zero.contains("scf.for") && zero.contains("return %arg0"), "{zero}");
        let two = canonical(&func("%n: index", "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n  %c8 = arith.constant 8 : index\n  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%a = %n) -> (index) {\n    %s = arith.addi %a, %n : index\n    scf.yield %s : index\n  }\n  return %r : index"));
        assert!(two.contains("scf.for"), "{two}");
    }

    #[test]
    fn integer_arithmetic_folds_within_its_type() {
        let out = canonical(&func("%n: index", "  %c6 = arith.constant 6 : index\n  %c1 = arith.constant 1 : index\n  %a = arith.muli %c6, %c6 : index\n  %b = arith.muli %n, %c1 : index\n  %s = arith.addi %a, %b : index\n  return %s : index"));
        assert!(
            out.contains("arith.constant 36 : index") && out.contains("arith.addi %arg0, %c36")
                || out.contains("arith.addi %c36, %arg0"),
            "{out}"
        );
        let i8 = canonical("func.func @g() -> i8 {\n  %a = arith.constant 100 : i8\n  %s = arith.muli %a, %a : i8\n  return %s : i8\n}\n");
        assert!(i8.contains("arith.constant 16 : i8"), "a product that leaves i8 wraps, as upstream's: {i8}");
        // Unsigned ops read the bits as unsigned (-1 : i32 is 2^32 - 1).
        let unsigned = canonical("func.func @u() -> (i32, i32, i32) {\n  %a = arith.constant -1 : i32\n  %b = arith.constant 2 : i32\n  %q = arith.divui %a, %b : i32\n  %r = arith.remui %a, %b : i32\n  %m = arith.minui %a, %b : i32\n  return %q, %r, %m : i32, i32, i32\n}\n");
        assert!(
            unsigned.contains("arith.constant 2147483647 : i32")
                && unsigned.contains("return %c2147483647_i32, %c1_i32, %c2_i32"),
            "{unsigned}"
        );
        // INT_MIN / -1 overflows: not folded.
        let overflow = canonical("func.func @o() -> i8 {\n  %a = arith.constant -128 : i8\n  %b = arith.constant -1 : i8\n  %q = arith.divsi %a, %b : i8\n  return %q : i8\n}\n");
        assert!(overflow.contains("arith.divsi"), "{overflow}");
        let div = canonical(&func(
            "%n: index",
            "  %c0 = arith.constant 0 : index\n  %d = arith.divsi %n, %c0 : index\n  return %d : index",
        ));
        assert!(div.contains("arith.divsi"), "{div}");
    }

    #[test]
    fn builder_constants_are_hoisted_from_where_upstream_makes_them() {
        // A user constant after %e, then the builder's %c4 made while
        // inserting after %e: MLIR's folder meets %c4 after %user and puts
        // it in front; the bookkeeping is used up.
        let mut ctx = Context::new();
        let text = "func.func @f(%n: index) -> (index, index) {\n  %e = arith.addi %n, %n : index\n  %user = arith.constant 7 : index\n  %m = arith.muli %e, %user : index\n  return %m, %m : index, index\n}\n";
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parse").module;
        let mul = ctx.nested_ops(m).into_iter().find(|o| ctx.op_name(*o) == "arith.muli").expect("muli");
        let loc = ctx.op_loc(mul);
        let mut b = tessel_ir::builder::Builder::new(&mut ctx, InsertPoint::Before(mul), loc);
        let c4 = b.index_const(4);
        let ret = b.ctx.nested_ops(m).into_iter().find(|o| b.ctx.op_name(*o) == "func.return").expect("return");
        b.ctx.set_operand(ret, 1, c4);
        assert_eq!(ctx.constants_made_at_top.len(), 1);
        canonicalize(&mut ctx, m);
        assert!(ctx.constants_made_at_top.is_empty(), "used up by canonicalize");
        let out = print_op_top(&ctx, m, PrintOptions::default());
        let (p4, p7) = (out.find("arith.constant 4").unwrap(), out.find("arith.constant 7").unwrap());
        assert!(p4 < p7, "{out}");
    }

    #[test]
    fn unused_pure_ops_are_erased() {
        let out = canonical(&func("%n: index", "  %a = arith.addi %n, %n : index\n  %b = affine.apply affine_map<(d0) -> (d0 * 3)>(%a)\n  return %n : index"));
        assert!(!out.contains("arith.addi") && !out.contains("affine.apply"), "{out}");
    }

    /// A forall writing two shared outputs: `%a` (result used) and `%b`.
    fn forall_two_outs(ret: &str, write_b: bool) -> String {
        let types = vec!["tensor<8xf32>"; ret.split(',').count()].join(", ");
        let b_write = if write_b {
            "      tensor.parallel_insert_slice %y into %ob[%i] [4] [1] : tensor<4xf32> into tensor<8xf32>\n"
        } else {
            ""
        };
        format!(
            "func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> ({types}) {{\n  \
             %r:2 = scf.forall (%i) = (0) to (8) step (4) shared_outs(%oa = %a, %ob = %b) -> (tensor<8xf32>, tensor<8xf32>) {{\n    \
             %x = tensor.extract_slice %oa[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>\n    \
             %y = tensor.extract_slice %ob[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>\n    \
             scf.forall.in_parallel {{\n      \
             tensor.parallel_insert_slice %x into %oa[%i] [4] [1] : tensor<4xf32> into tensor<8xf32>\n{b_write}    }}\n  }}\n  \
             return {ret} : {types}\n}}\n"
        )
    }

    #[test]
    fn forall_shared_outs_nobody_needs_are_dropped() {
        // The second result is unused: its output and its write go (and
        // the slice only that write read).
        let out = canonical(&forall_two_outs("%r#0", true));
        assert!(out.contains("shared_outs(%arg3 = %arg0) -> (tensor<8xf32>)"), "{out}");
        assert!(out.matches("tensor.extract_slice").count() == 1, "{out}");
        assert!(out.matches("parallel_insert_slice").count() == 1, "{out}");
        // Nothing writes the second output: its result is the init.
        let out = canonical(&forall_two_outs("%r#1", false));
        assert!(out.contains("return %arg1 : tensor<8xf32>"), "{out}");
        // Both needed: nothing changes.
        let out = canonical(&forall_two_outs("%r#0, %r#1", true));
        assert!(out.contains("shared_outs(%arg3 = %arg0, %arg4 = %arg1)"), "{out}");
    }
}
