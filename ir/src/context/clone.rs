//! Deep copies of ops and regions (MLIR's `Operation::clone` with an
//! `IRMapping`): operands are remapped through a value map that the copy
//! extends with every result and block argument it creates.

use rustc_hash::FxHashMap;

use super::{Context, OpSpec};
use crate::{BlockId, OpId, RegionId, Value};

/// Values and blocks of the original IR mapped to their copies.
#[derive(Default, Debug, Clone)]
pub struct IrMapping {
    values: FxHashMap<Value, Value>,
    blocks: FxHashMap<BlockId, BlockId>,
}

impl IrMapping {
    /// Maps `from` to `to`.
    pub fn map(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }

    /// The copy of `v`, or `v` itself when it was defined outside what was
    /// copied.
    pub fn lookup(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
}

impl Context {
    /// A detached copy of `op` (operands looked up in `map`, regions copied
    /// recursively); its results are added to `map`.
    pub fn clone_op(&mut self, op: OpId, map: &mut IrMapping) -> OpId {
        // Index loops here and below: the originals are read while `self`
        // grows, and copying each list first would allocate per op.
        let num_regions = self.regions(op).len();
        let regions = (0..num_regions).map(|i| self.clone_region(self.regions(op)[i], map)).collect();
        let data = self.op(op);
        let successors = data.successors().iter().map(|b| map.blocks.get(b).copied().unwrap_or(*b)).collect();
        let spec = OpSpec {
            name: data.name,
            operands: data.operands().iter().map(|v| map.lookup(*v)).collect(),
            result_types: data.results().iter().map(|v| self.value_type(*v)).collect(),
            attrs: data.attrs.clone(),
            regions,
            successors,
            loc: data.loc,
        };
        let copy = self.create_op(spec);
        for (&old, &new) in self.results(op).iter().zip(self.results(copy)) {
            map.map(old, new);
        }
        copy
    }

    /// A copy of region `r` (not attached to any op). Blocks are created
    /// first, so branches between them are remapped.
    pub fn clone_region(&mut self, r: RegionId, map: &mut IrMapping) -> RegionId {
        let copy = self.create_region();
        for i in 0..self.blocks(r).len() {
            let b = self.blocks(r)[i];
            let nb = self.append_block(copy);
            map.blocks.insert(b, nb);
            for j in 0..self.block_args(b).len() {
                let a = self.block_args(b)[j];
                let ty = self.value_type(a);
                let loc = self.block_arg_loc(a).unwrap_or_else(|| self.unknown_loc());
                let na = self.add_block_arg_at(nb, ty, loc);
                map.map(a, na);
            }
        }
        for i in 0..self.blocks(r).len() {
            let b = self.blocks(r)[i];
            let nb = map.blocks[&b];
            let mut next = self.first_op(b);
            while let Some(op) = next {
                next = self.next_op(op);
                let c = self.clone_op(op, map);
                self.append_op(nb, c);
            }
        }
        copy
    }
}

#[cfg(test)]
mod tests {
    use crate::parser::{parse_module, BufferStart};
    use crate::printer::{print_op_top, PrintOptions};
    use crate::Context;

    #[test]
    fn a_copied_function_prints_like_the_original() {
        let src = "func.func @f(%a: index, %b: i1) -> index {\n  %r = scf.if %b -> (index) {\n    %c = arith.addi %a, %a : index\n    scf.yield %c : index\n  } else {\n    scf.yield %a : index\n  }\n  return %r : index\n}\n";
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, src, "t.mlir", BufferStart::default()).expect("parse").module;
        let before = print_op_top(&ctx, m, PrintOptions::default());
        let f = ctx.block_op_list(ctx.blocks(ctx.regions(m)[0])[0])[0];
        let mut map = super::IrMapping::default();
        let g = ctx.clone_op(f, &mut map);
        ctx.erase_op(f);
        let block = ctx.blocks(ctx.regions(m)[0])[0];
        ctx.append_op(block, g);
        assert_eq!(print_op_top(&ctx, m, PrintOptions::default()), before);
    }
}
