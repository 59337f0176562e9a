//! The rewriter: a [`Builder`] whose mutations are reported to a
//! [`Listener`] (MLIR's `RewriterBase` and its listener). Rewrite drivers
//! learn from the listener which ops to look at again; the context itself
//! keeps no change marks.

use std::ops::{Deref, DerefMut};

use crate::builder::{Builder, InsertPoint};
pub use crate::builder::{Listener, NoListener};
use crate::{Attr, Context, Loc, OpId, Value};

/// A canonicalization pattern of an op: rewrites it (through the
/// rewriter, so the driver hears of every change) and returns true, or
/// leaves the IR untouched and returns false.
pub type PatternFn = fn(&mut Rewriter<'_>, OpId) -> bool;

/// A pattern with its name (the function's path as written, for
/// `--debug-only=canonicalize`).
pub type NamedPattern = (&'static str, PatternFn);

/// The last segment of a pattern's path (`fold_dim`).
pub fn pattern_name(path: &str) -> &str {
    path.rsplit("::").next().unwrap_or(path).trim()
}

/// `&[("path", path as PatternFn), ..]` for a list of pattern functions.
#[macro_export]
macro_rules! named_patterns {
    ($($p:path),* $(,)?) => { &[$((stringify!($p), $p as $crate::rewriter::PatternFn)),*] };
}

/// The canonicalization patterns of an op (folds included), tried in
/// order; attached to its [`OpDef`](crate::registry::OpDef) as an
/// interface (`patterns [..]` in [`op!`](crate::op)).
pub struct Canonicalization(pub &'static [NamedPattern]);

/// Creates, replaces, modifies and erases ops, reporting each change to
/// its listener. Derefs to the [`Builder`] that creates ops.
pub struct Rewriter<'c> {
    b: Builder<'c>,
    /// The most elements a pattern may compute into a new constant (the
    /// pack, unpack and transpose folds of dense constants); splats are
    /// always folded.
    pub constant_fold_limit: usize,
    /// Whether fold results are materialized before the folded op (else
    /// at the top of its constant block).
    pub fold_in_place: bool,
    /// The highest vector rank the transfer lowerings turn into loads and
    /// stores (`lower_transfer max_transfer_rank = N`; `None`: any).
    pub max_transfer_rank: Option<usize>,
    /// The options of `-convert-vector-to-scf`'s patterns.
    pub transfer_to_scf: TransferToScfOptions,
}

/// The options of `-convert-vector-to-scf`'s patterns (MLIR's
/// `VectorTransferToSCFOptions` but `full-unroll`, which picks the pattern
/// set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TransferToScfOptions {
    /// Transfers of this rank or lower stay (`target-rank`, 1 by default).
    pub target_rank: usize,
    /// Whether transfers on tensors are lowered too (`lower-tensors`).
    pub lower_tensors: bool,
    /// Whether a write of a transposed `vector<[N]xM>` becomes a loop over
    /// its scalable dim (`lower-scalable`).
    pub lower_scalable: bool,
}

impl Default for TransferToScfOptions {
    fn default() -> Self {
        TransferToScfOptions { target_rank: 1, lower_tensors: false, lower_scalable: false }
    }
}

/// The default of [`Rewriter::constant_fold_limit`]: 65,536 elements
/// (256 KiB of f32).
pub const DEFAULT_CONSTANT_FOLD_LIMIT: usize = 1 << 16;

impl<'c> Deref for Rewriter<'c> {
    type Target = Builder<'c>;
    fn deref(&self) -> &Builder<'c> {
        &self.b
    }
}

impl DerefMut for Rewriter<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.b
    }
}

impl<'c> Rewriter<'c> {
    /// A rewriter inserting at `ip`, reporting to `listener`.
    pub fn new(ctx: &'c mut Context, ip: InsertPoint, loc: Loc, listener: &'c mut dyn Listener) -> Self {
        Rewriter {
            b: Builder::with_listener(ctx, ip, loc, listener),
            constant_fold_limit: DEFAULT_CONSTANT_FOLD_LIMIT,
            fold_in_place: false,
            max_transfer_rank: None,
            transfer_to_scf: Default::default(),
        }
    }

    /// Inserts new ops right before `op`, with its location.
    pub fn set_insertion_point_before(&mut self, op: OpId) {
        self.b.ip = InsertPoint::Before(op);
        self.b.loc = self.b.ctx.op_loc(op);
    }

    /// Every use of `from` now uses `to`.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let users: smallvec::SmallVec<[OpId; 4]> = self.b.ctx.uses(from).iter().map(|u| u.op).collect();
        for u in users {
            self.b.notify(|l, ctx| l.op_modified(ctx, u));
        }
        self.b.notify(|l, ctx| l.value_lost_use(ctx, from));
        self.b.ctx.replace_all_uses(from, to);
    }

    /// Replaces the results of `op` with `with` and erases it.
    pub fn replace_op(&mut self, op: OpId, with: &[Value]) {
        for (old, new) in self.b.ctx.results(op).to_vec().into_iter().zip(with) {
            self.replace_all_uses_with(old, *new);
        }
        self.erase_op(op);
    }

    /// Replaces the one result of `op` with an integer constant of its type.
    pub fn replace_op_with_constant(&mut self, op: OpId, v: i64) {
        self.set_insertion_point_before(op);
        let ty = self.b.ctx.value_type(self.b.ctx.result(op, 0));
        // Right before `op`, where MLIR's greedy driver materializes a fold
        // result; the driver takes the constant over when it meets it
        // (merged into an equal one, or moved to the top of the block).
        let c = self.b.int_const_here(v as i128, ty);
        self.replace_op(op, &[c]);
    }

    /// Erases `op` and everything nested in it; its results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        if self.b.has_listener() {
            self.notify_moved_out(op);
            self.b.notify(|l, ctx| {
                ctx.walk_preorder(op, &mut |o| {
                    l.op_erased(ctx, o);
                    for &v in ctx.operands(o) {
                        l.value_lost_use(ctx, v);
                    }
                })
            });
        }
        self.b.ctx.erase_op(op);
    }

    /// Moves `op` right before `before`.
    pub fn move_op_before(&mut self, op: OpId, before: OpId) {
        self.notify_moved_out(op);
        self.b.ctx.unlink_op(op);
        self.b.ctx.insert_op_before(before, op);
    }

    /// Sets attribute `name` of `op`.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attr) {
        self.b.ctx.set_attr(op, name, value);
        self.b.notify(|l, ctx| l.op_modified(ctx, op));
    }

    /// Sets operand `i` of `op`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        let old = self.b.ctx.operands(op)[i];
        self.b.ctx.set_operand(op, i, v);
        self.b.notify(|l, ctx| l.op_modified(ctx, op));
        self.b.notify(|l, ctx| l.value_lost_use(ctx, old));
    }

    /// Sets successor `i` of `op` (a branch now goes elsewhere).
    pub fn set_successor(&mut self, op: OpId, i: usize, block: crate::BlockId) {
        self.b.ctx.set_successor(op, i, block);
        self.b.notify(|l, ctx| l.op_modified(ctx, op));
    }

    /// Moves the ops of `from` to the end of `to`, its arguments replaced
    /// by `args`, and erases `from` (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, from: crate::BlockId, to: crate::BlockId, args: &[Value]) {
        for (a, v) in self.b.ctx.block_args(from).to_vec().into_iter().zip(args) {
            self.replace_all_uses_with(a, *v);
        }
        let moved = self.b.ctx.block_op_list(from);
        self.b.ctx.merge_blocks(from, to, &[]);
        for op in moved {
            self.notify_moved_out(op);
        }
    }

    /// `op` leaves its place: where a value is defined decides, e.g.,
    /// whether it is an affine symbol for its users.
    fn notify_moved_out(&mut self, op: OpId) {
        if !self.b.has_listener() {
            return;
        }
        self.b.notify(|l, ctx| {
            l.op_modified(ctx, op);
            for &r in ctx.results(op) {
                for u in ctx.uses(r) {
                    l.op_modified(ctx, u.op);
                }
            }
        });
    }
}
