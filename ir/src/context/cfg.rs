//! Editing the blocks of a region as a control-flow graph: successors,
//! predecessors, erasing blocks and block arguments, merging a block into
//! its predecessor (what the `cf` patterns and region simplification need).

use super::{Context, ValueDef};
use crate::{BlockId, OpId, RegionId, Value};

impl Context {
    /// Sets successor `i` of `op`.
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        if let Some(links) = self.ops[op].links.as_deref_mut() {
            links.successors[i] = block;
        }
    }

    /// The blocks whose terminators branch to `block`, once per edge, in
    /// the order of the region's blocks.
    pub fn predecessors(&self, block: BlockId) -> Vec<BlockId> {
        let Some(region) = self.block_parent(block) else { return Vec::new() };
        let mut preds = Vec::new();
        for &b in self.blocks(region) {
            if let Some(t) = self.last_op(b) {
                preds.extend(self.op(t).successors().iter().filter(|s| **s == block).map(|_| b));
            }
        }
        preds
    }

    /// The block and position of a block argument (`None` for other
    /// values).
    pub fn block_arg_position(&self, v: Value) -> Option<(BlockId, usize)> {
        match self.values[v].def {
            ValueDef::BlockArg { block, index } => Some((block, index as usize)),
            _ => None,
        }
    }

    /// A new empty block placed right after `after` in `region`.
    pub fn insert_block_after(&mut self, region: RegionId, after: BlockId) -> BlockId {
        let b = self.append_block(region);
        let blocks = &mut self.regions[region].blocks;
        blocks.pop();
        let at = blocks.iter().position(|x| *x == after).map_or(blocks.len(), |i| i + 1);
        blocks.insert(at, b);
        b
    }

    /// Moves every block of `from` into `to`, right before `before`
    /// (MLIR's `inlineRegionBefore`); `from` is left empty.
    pub fn move_blocks_before(&mut self, from: RegionId, to: RegionId, before: BlockId) {
        let moved: Vec<BlockId> = std::mem::take(&mut self.regions[from].blocks).into_iter().collect();
        for &b in &moved {
            self.blocks[b].parent = Some(to);
        }
        let blocks = &mut self.regions[to].blocks;
        let at = blocks.iter().position(|x| *x == before).unwrap_or(blocks.len());
        for (k, b) in moved.into_iter().enumerate() {
            blocks.insert(at + k, b);
        }
    }

    /// Removes argument `index` of `block`, which must be unused.
    pub fn erase_block_arg(&mut self, block: BlockId, index: usize) {
        let v = self.blocks[block].args.remove(index);
        self.blocks[block].arg_locs.remove(index);
        self.values[v].def = ValueDef::Detached;
        for (i, a) in self.blocks[block].args.clone().into_iter().enumerate().skip(index) {
            self.values[a].def = ValueDef::BlockArg { block, index: i as u32 };
        }
    }

    /// Erases `ops` (and what they hold) together: their results may be
    /// used among them, in any order, but nowhere else.
    pub fn erase_ops(&mut self, ops: &[OpId]) {
        for &op in ops {
            self.unlink_op(op);
        }
        for &op in ops {
            self.drop_op_tree(op);
        }
    }

    /// Erases `block` and its ops (whose results must be unused outside
    /// it) from its region.
    pub fn erase_block(&mut self, block: BlockId) {
        let ops = self.block_op_list(block);
        // Uses between the block's own ops go first, last op first.
        for &op in ops.iter().rev() {
            self.unlink_op(op);
            self.drop_op_tree(op);
        }
        for a in self.blocks[block].args.clone() {
            self.values[a].def = ValueDef::Detached;
        }
        if let Some(region) = self.blocks[block].parent.take() {
            self.regions[region].blocks.retain(|b| *b != block);
        }
    }

    /// Moves every op of `from` to the end of `to`, after replacing the
    /// uses of `from`'s arguments with `args`; `from` is then erased
    /// (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, from: BlockId, to: BlockId, args: &[Value]) {
        for (a, v) in self.blocks[from].args.clone().into_iter().zip(args) {
            self.replace_all_uses(a, *v);
        }
        for op in self.block_op_list(from) {
            self.unlink_op(op);
            self.append_op(to, op);
        }
        self.erase_block(from);
    }
}
