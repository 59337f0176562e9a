//! One-Shot Analysis (MLIR's `OneShotAnalysis.cpp`): decides, operand by
//! operand and from the last op to the first, whether a tensor operand
//! that is written (or viewed) can use its operand's buffer in place. It
//! cannot when that would let a write reach a read of older data
//! (read-after-write interference) or write a read-only buffer (a
//! constant, an argument without function boundaries); then the
//! rewrite copies.

use rustc_hash::{FxHashMap, FxHashSet};
use tessel_ir::context::ValueDef;
use tessel_ir::dialects;
use tessel_ir::dialects::scf::{ForOp, ForallOp, IfOp};
use tessel_ir::dialects::tensor as tensor_d;
use tessel_ir::{Context, OpId, RegionId, Value};

use super::model::{is_tensor, Kind, Model, Use};

/// Sets of values, merged (union-find with member lists).
#[derive(Default)]
pub struct ValueSets {
    parent: FxHashMap<Value, Value>,
    members: FxHashMap<Value, Vec<Value>>,
}

impl ValueSets {
    /// The representative of `v`'s set.
    pub fn root(&self, mut v: Value) -> Value {
        while let Some(p) = self.parent.get(&v) {
            if *p == v {
                break;
            }
            v = *p;
        }
        v
    }

    /// Merges the sets of `a` and `b`.
    pub fn union(&mut self, a: Value, b: Value) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return;
        }
        let mb = self.members.remove(&rb).unwrap_or_else(|| vec![rb]);
        self.members.entry(ra).or_insert_with(|| vec![ra]).extend(mb);
        self.parent.insert(rb, ra);
    }

    /// The members of `v`'s set.
    pub fn members(&self, v: Value) -> Vec<Value> {
        let r = self.root(v);
        self.members.get(&r).cloned().unwrap_or_else(|| vec![r])
    }

    /// Whether `a` and `b` are in one set.
    pub fn same(&self, a: Value, b: Value) -> bool {
        self.root(a) == self.root(b)
    }
}

/// What the analysis decided.
pub struct Analysis {
    /// Operands that bufferize in place.
    pub in_place: FxHashSet<Use>,
    /// Values that may share a buffer.
    pub aliases: ValueSets,
    /// Values that share exactly one buffer.
    pub equivalent: ValueSets,
    /// What made operands go out of place, in the order found (for
    /// `print-conflicts`).
    pub notes: Vec<Note>,
    /// Out-of-place operands whose copy must hold the old contents (the
    /// others get a new buffer without a copy: MLIR's
    /// `canOmitTensorCopy`), decided before any rewriting.
    pub copied: FxHashSet<Use>,
}

/// Why an operand cannot bufferize in place, as MLIR's `print-conflicts`
/// annotates it.
#[derive(Clone, Copy, Debug)]
pub enum Note {
    /// A read-after-write conflict: `read` would see `write`'s data instead
    /// of `definition`'s.
    Conflict { read: Use, write: Use, definition: Value },
    /// A buffer that may not be written (a constant, an argument without
    /// function boundaries).
    NotWritable(Value),
}

/// Options that change decisions.
pub struct AnalysisOptions<'a> {
    pub function_boundaries: bool,
    pub copy_before_write: bool,
    /// The functions analyzed before (their calls follow the summary).
    pub calls: Option<&'a super::model::Summaries>,
}

struct State<'a> {
    model: Model<'a>,
    ctx: &'a Context,
    order: FxHashMap<OpId, usize>,
    result: Analysis,
    opts: &'a AnalysisOptions<'a>,
}

/// Analyzes the ops nested in `root` (a function, or a module without
/// function boundaries).
pub fn analyze<'a>(ctx: &'a Context, ops: &[OpId], opts: &'a AnalysisOptions<'a>) -> Analysis {
    let mut order = FxHashMap::default();
    for (k, op) in ops.iter().enumerate() {
        order.insert(*op, k);
    }
    let mut st = State {
        model: Model { ctx, function_boundaries: opts.function_boundaries, calls: opts.calls },
        ctx,
        order,
        result: Analysis {
            in_place: FxHashSet::default(),
            aliases: ValueSets::default(),
            equivalent: ValueSets::default(),
            notes: Vec::new(),
            copied: FxHashSet::default(),
        },
        opts,
    };
    // Operands that must bufferize in place (MLIR's `mustBufferizeInPlace`):
    // to_buffer's, and yields' (a branch yields its value's buffer, not a
    // copy).
    for &op in ops {
        match st.model.kind(op) {
            Some(Kind::ToBuffer) => {
                st.result.in_place.insert((op, 0));
            }
            // A thread writes its slice of the shared output in place (the
            // forall's init is what gets copied, when anything does).
            Some(Kind::ParallelInsertSlice) => {
                st.result.in_place.insert((op, 1));
            }
            Some(Kind::Yield) => {
                for i in 0..ctx.operands(op).len() {
                    if is_tensor(ctx, ctx.operands(op)[i]) {
                        st.result.in_place.insert((op, i));
                        for (r, _) in st.model.aliasing_results((op, i)) {
                            st.result.aliases.union(ctx.operands(op)[i], r);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // Ops tessel does not bufferize are analyzed too (they read and write
    // every tensor operand), as MLIR 22 does.
    // MLIR's default heuristic: bottom-up, over the post-order walk (a
    // loop is analyzed before the ops in its body).
    for op in post_order(ctx, ops).into_iter().rev() {
        for i in 0..ctx.operands(op).len() {
            let v = ctx.operands(op)[i];
            if !is_tensor(ctx, v) || st.result.in_place.contains(&(op, i)) {
                continue;
            }
            let u = (op, i);
            let aliasing = st.model.aliasing_results(u);
            if !st.model.writes(u) && aliasing.is_empty() {
                continue;
            }
            // copy-before-write: no analysis; every write goes to a copy.
            let in_place = if opts.copy_before_write {
                !st.model.writes(u)
            } else {
                // MLIR's order: writability first (only one is annotated).
                !st.writes_read_only(u) && !st.raw_conflict(u)
            };
            if in_place {
                st.result.in_place.insert(u);
                for (r, _) in aliasing {
                    st.result.aliases.union(v, r);
                }
            }
        }
    }
    st.equivalence_analysis(ops);
    for &op in ops {
        if st.model.kind(op).is_none() {
            continue;
        }
        for i in 0..ctx.operands(op).len() {
            let u = (op, i);
            if is_tensor(ctx, ctx.operands(op)[i]) && !st.result.in_place.contains(&u) && !st.can_omit_copy(u) {
                st.result.copied.insert(u);
            }
        }
    }
    st.result
}

impl State<'_> {
    /// MLIR's `equivalenceAnalysis`, once every decision is made, nested
    /// ops before their parents: a result is its operand's buffer when the
    /// operand went in place and the op returns that buffer whole (an
    /// `scf.for` result when the body yields the iteration's buffer; an
    /// `scf.if` result when both branches yield one buffer).
    fn equivalence_analysis(&mut self, ops: &[OpId]) {
        let ctx = self.ctx;
        for op in post_order(ctx, ops) {
            let Some(k) = self.model.kind(op) else { continue };
            match k {
                Kind::If => {
                    for r in ctx.results(op).to_vec() {
                        let yields = self.model.aliasing_operands(r);
                        let vals: Vec<Value> = yields.iter().map(|u| ctx.operands(u.0)[u.1]).collect();
                        if let Some(first) = vals.first() {
                            if vals.iter().all(|v| self.result.equivalent.same(*v, *first)) {
                                self.result.equivalent.union(r, *first);
                            }
                        }
                    }
                }
                Kind::For => {
                    let body = ctx.blocks(ctx.regions(op)[0])[0];
                    let Some(y) = ctx.last_op(body) else { continue };
                    for (k, r) in ctx.results(op).iter().enumerate() {
                        let u = (op, 3 + k);
                        let (arg, yv) = (ctx.block_args(body)[1 + k], ctx.operands(y)[k]);
                        if is_tensor(ctx, *r) && self.in_place(u) && self.result.equivalent.same(arg, yv) {
                            self.result.equivalent.union(*r, ctx.operands(op)[3 + k]);
                        }
                    }
                }
                _ => {
                    for i in 0..ctx.operands(op).len() {
                        let u = (op, i);
                        if !is_tensor(ctx, ctx.operands(op)[i]) || !self.in_place(u) {
                            continue;
                        }
                        for (r, equiv) in self.model.aliasing_results(u) {
                            if equiv && k != Kind::Yield {
                                self.result.equivalent.union(r, ctx.operands(op)[i]);
                            }
                        }
                    }
                }
            }
        }
    }

    /// `canOmitTensorCopy`: the old contents are undefined, entirely
    /// overwritten, or never read.
    fn can_omit_copy(&self, u: Use) -> bool {
        let m = &self.model;
        let v = self.ctx.operands(u.0)[u.1];
        // Undefined contents are known to the analysis only (22's
        // `hasUndefinedContents`); copy-before-write runs none.
        if let Some(d) = self.ctx.defining_op(v) {
            if m.kind(d) == Some(Kind::Empty) && !self.opts.copy_before_write {
                return true;
            }
        }
        if m.writes(u) && !m.reads(u) {
            return true;
        }
        !m.reads(u) && m.aliasing_results(u).iter().all(|(r, _)| !m.is_value_read(*r))
    }

    fn uses(&self, v: Value) -> Vec<Use> {
        self.ctx.uses(v).iter().map(|u| (u.op, u.operand as usize)).collect()
    }

    fn in_place(&self, u: Use) -> bool {
        self.result.in_place.contains(&u)
    }

    /// All values that would alias operand `u` and its results if `u` went
    /// in place.
    fn alias_values(&self, u: Use) -> Vec<Value> {
        let v = self.ctx.operands(u.0)[u.1];
        let mut vals = self.result.aliases.members(v);
        for (r, _) in self.model.aliasing_results(u) {
            vals.extend(self.result.aliases.members(r));
        }
        vals
    }

    /// `wouldCreateReadAfterWriteInterference`.
    fn raw_conflict(&mut self, u: Use) -> bool {
        let vals = self.alias_values(u);
        let mut reads = Vec::new();
        let mut writes = Vec::new();
        for v in &vals {
            for w in self.uses(*v) {
                // A read, or a use that makes a view that is read.
                if self.model.reads(w)
                    || (!self.model.writes(w)
                        && self.model.aliasing_results(w).iter().any(|(r, _)| self.model.is_value_read(*r)))
                {
                    reads.push(w);
                }
                if self.model.writes(w) && self.in_place(w) {
                    writes.push(w);
                }
            }
        }
        if self.model.writes(u) {
            writes.push(u);
        }
        reads.sort_unstable();
        reads.dedup();
        writes.sort_unstable();
        writes.dedup();
        // A write inside an scf.forall to a buffer defined outside it races
        // with the other threads: privatized (out of place).
        if !reads.is_empty() {
            for w in &writes {
                let region = self.parallel_region_of_op(w.0);
                for d in self.definitions_or_leaves(*w) {
                    if self.parallel_region_of_value(d) != region {
                        return true;
                    }
                }
            }
        }
        for r in &reads {
            let defs = self.definitions(*r);
            for w in &writes {
                if let Some(definition) = self.conflict(*r, *w, &defs) {
                    self.result.notes.push(Note::Conflict { read: *r, write: *w, definition });
                    return true;
                }
            }
        }
        false
    }

    /// The values a write of `u` lands in: definitions, or the leaves of
    /// the use-def chain (a `tensor.empty`, an argument).
    fn definitions_or_leaves(&self, u: Use) -> Vec<Value> {
        self.reverse_use_def(u, true)
    }

    /// The body of the closest enclosing `scf.forall` (a parallel region).
    fn parallel_region_of_op(&self, op: OpId) -> Option<RegionId> {
        self.region_chain(op).into_iter().find(|(_, p)| ForallOp::isa(self.ctx, *p)).map(|(r, _)| r)
    }

    fn parallel_region_of_value(&self, v: Value) -> Option<RegionId> {
        match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.parallel_region_of_op(op),
            ValueDef::BlockArg { block, .. } => {
                let r = self.ctx.block_parent(block)?;
                let p = self.ctx.region_parent(r)?;
                if ForallOp::isa(self.ctx, p) {
                    Some(r)
                } else {
                    self.parallel_region_of_op(p)
                }
            }
            ValueDef::Detached => None,
        }
    }

    /// `findDefinitions`: the values whose writes a read of `u` may see.
    fn definitions(&self, u: Use) -> Vec<Value> {
        self.reverse_use_def(u, false)
    }

    /// MLIR's `findValueInReverseUseDefChain` from operand `u`, stopping at
    /// definitions; with `leaves`, also at values nothing leads further
    /// back from (an empty tensor, an op left alone).
    fn reverse_use_def(&self, u: Use, leaves: bool) -> Vec<Value> {
        let mut out = Vec::new();
        let mut work = vec![self.ctx.operands(u.0)[u.1]];
        let mut seen = FxHashSet::default();
        while let Some(v) = work.pop() {
            if !seen.insert(v) {
                continue;
            }
            let ops = self.model.aliasing_operands(v);
            let leaf = leaves && (ops.is_empty() || self.model.kind_of_value(v).is_none());
            if self.model.is_definition(v) || leaf {
                out.push(v);
                continue;
            }
            for a in ops {
                work.push(self.ctx.operands(a.0)[a.1]);
            }
        }
        out
    }

    fn conflict(&self, read: Use, write: Use, defs: &[Value]) -> Option<Value> {
        let (reading, writing) = (read.0, write.0);
        if defs.is_empty() {
            return None; // a read of undefined contents (tensor.empty)
        }
        if self.can_use_dominance(read, write, defs) {
            if self.happens_before(reading, writing) {
                return None;
            }
            if read == write {
                return None;
            }
            if self.mutually_exclusive(reading, writing) {
                return None;
            }
            if reading == writing && self.elementwise_pair(read, write) {
                return None;
            }
        }
        if self.not_conflicting(read, write) {
            return None;
        }
        for d in defs {
            match self.ctx.value_def(*d) {
                ValueDef::Result { op, .. } => {
                    if self.happens_before(writing, op) || self.is_proper_ancestor(op, writing) {
                        continue;
                    }
                }
                ValueDef::BlockArg { block, .. } => {
                    if !self.block_contains(block, writing) {
                        continue;
                    }
                }
                ValueDef::Detached => continue,
            }
            let aliases = self.model.aliasing_results(write);
            if aliases.len() == 1 && aliases[0].0 == *d {
                continue;
            }
            return Some(*d);
        }
        None
    }

    /// Whether `writes_read_only`: the operand (or one of the values it
    /// would alias) is a buffer that may not be written, and something
    /// writes it.
    fn writes_read_only(&mut self, u: Use) -> bool {
        let vals = self.alias_values(u);
        let found_write = self.model.writes(u)
            || vals.iter().any(|v| self.uses(*v).into_iter().any(|w| self.model.writes(w) && self.in_place(w)));
        if !found_write {
            return false;
        }
        let read_only: Vec<Value> = vals.iter().copied().filter(|v| !self.writable(*v)).collect();
        self.result.notes.extend(read_only.iter().map(|v| Note::NotWritable(*v)));
        !read_only.is_empty()
    }

    /// `isWritable`.
    fn writable(&self, v: Value) -> bool {
        let ctx = self.ctx;
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, .. } => {
                let parent = ctx.block_parent(block).and_then(|r| ctx.region_parent(r));
                match parent {
                    Some(p) if dialects::func::FuncOp::isa(ctx, p) => self.opts.function_boundaries,
                    _ => true,
                }
            }
            ValueDef::Result { op, .. } => match self.model.kind(op) {
                None | Some(Kind::Constant) => false,
                Some(Kind::ToTensor) => ctx.get_attr(op, "writable").is_some(),
                _ => true,
            },
            ValueDef::Detached => false,
        }
    }

    /// `isNotConflicting` of insert_slice / parallel_insert_slice: reading
    /// the destination outside the slice while the matching extract_slice
    /// of it is written, or writing the destination's slice that a
    /// matching extract_slice reads.
    fn not_conflicting(&self, read: Use, write: Use) -> bool {
        let ctx = self.ctx;
        for (ins, other) in [(read, write), (write, read)] {
            let k = self.model.kind(ins.0);
            if !matches!(k, Some(Kind::InsertSlice) | Some(Kind::ParallelInsertSlice)) || ins.1 != 1 {
                continue;
            }
            let other_val = ctx.operands(other.0)[other.1];
            if self.matching_extract_slice(other_val, ins.0) {
                return true;
            }
        }
        // A read of the inserted value elsewhere while the insert writes the
        // same data into the slice it came from.
        if matches!(self.model.kind(write.0), Some(Kind::InsertSlice) | Some(Kind::ParallelInsertSlice)) && write.1 == 1
        {
            let src = ctx.operands(write.0)[0];
            let rv = ctx.operands(read.0)[read.1];
            if (rv == src || self.result.equivalent.same(rv, src)) && self.matching_extract_slice(src, write.0) {
                return true;
            }
        }
        false
    }

    /// Whether every way `v` was made leads back to an extract_slice of
    /// the insert's destination (or an equivalent value) with the insert's
    /// offsets, sizes and strides.
    fn matching_extract_slice(&self, v: Value, insert: OpId) -> bool {
        let ctx = self.ctx;
        let dest = ctx.operands(insert)[1];
        let mut work = vec![v];
        let mut seen = FxHashSet::default();
        let mut found = false;
        while let Some(x) = work.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let ValueDef::Result { op, .. } = ctx.value_def(x) {
                if tensor_d::ExtractSliceOp::isa(ctx, op) {
                    let src = ctx.operands(op)[0];
                    if (src == dest || self.result.equivalent.same(src, dest)) && same_slice(ctx, op, insert) {
                        found = true;
                        continue;
                    }
                }
            }
            let ops = self.model.aliasing_operands(x);
            if ops.is_empty() {
                return false;
            }
            for a in ops {
                work.push(ctx.operands(a.0)[a.1]);
            }
        }
        found
    }

    fn elementwise_pair(&self, read: Use, write: Use) -> bool {
        let ctx = self.ctx;
        if self.model.kind(read.0) != Some(Kind::Structured) {
            return false;
        }
        let Some(s) = tessel_ir::dialects::structured::structured(ctx, read.0) else { return false };
        let all_parallel = s.iterators.iter().all(|k| *k == tessel_ir::dialects::structured::IteratorKind::Parallel);
        let (a, b) = (ctx.operands(read.0)[read.1], ctx.operands(write.0)[write.1]);
        all_parallel
            && s.maps.get(read.1).is_some_and(|m| m.is_identity())
            && s.maps.get(write.1).is_some_and(|m| m.is_identity())
            && (self.equivalent_in_chain(a, b) || self.equivalent_in_chain(b, a))
    }

    /// MLIR's `hasEquivalentValueInReverseUseDefChain`: `other` is reached
    /// from `start` going back through ops that return their operand's
    /// whole buffer with the same type (in place or not).
    fn equivalent_in_chain(&self, start: Value, other: Value) -> bool {
        let ctx = self.ctx;
        let mut work = vec![start];
        let mut seen = FxHashSet::default();
        while let Some(v) = work.pop() {
            if v == other || self.result.equivalent.same(v, other) {
                return true;
            }
            if !seen.insert(v) {
                continue;
            }
            for a in self.model.aliasing_operands(v) {
                let operand = ctx.operands(a.0)[a.1];
                let equivalent = self.model.aliasing_results(a).iter().any(|(r, eq)| *r == v && *eq);
                if equivalent && ctx.value_type(operand) == ctx.value_type(v) {
                    work.push(operand);
                }
            }
        }
        false
    }

    // ---- ordering -------------------------------------------------------

    fn is_proper_ancestor(&self, anc: OpId, mut op: OpId) -> bool {
        while let Some(p) = self.ctx.parent_op(op) {
            if p == anc {
                return true;
            }
            op = p;
        }
        false
    }

    fn block_contains(&self, block: tessel_ir::BlockId, mut op: OpId) -> bool {
        loop {
            if self.ctx.op_block(op) == Some(block) {
                return true;
            }
            match self.ctx.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// `happensBefore`: `a`, or an ancestor of it, comes before `b` in the
    /// block that holds them.
    fn happens_before(&self, a: OpId, b: OpId) -> bool {
        let mut a = Some(a);
        while let Some(x) = a {
            if self.is_proper_ancestor(x, b) {
                return false;
            }
            if let Some(bx) = self.ancestor_in_block(b, self.ctx.op_block(x)) {
                if bx != x && self.pos(x) < self.pos(bx) {
                    return true;
                }
            }
            a = self.ctx.parent_op(x);
        }
        false
    }

    fn ancestor_in_block(&self, mut op: OpId, block: Option<tessel_ir::BlockId>) -> Option<OpId> {
        let block = block?;
        loop {
            if self.ctx.op_block(op) == Some(block) {
                return Some(op);
            }
            op = self.ctx.parent_op(op)?;
        }
    }

    fn pos(&self, op: OpId) -> usize {
        self.order.get(&op).copied().unwrap_or(usize::MAX)
    }

    fn mutually_exclusive(&self, a: OpId, b: OpId) -> bool {
        let ra = self.region_chain(a);
        let rb = self.region_chain(b);
        for (ia, pa) in &ra {
            for (ib, pb) in &rb {
                if pa == pb && IfOp::isa(self.ctx, *pa) && ia != ib {
                    return true;
                }
            }
        }
        false
    }

    /// The regions enclosing `op` with their owners, innermost first.
    fn region_chain(&self, mut op: OpId) -> Vec<(RegionId, OpId)> {
        let mut out = Vec::new();
        while let Some(b) = self.ctx.op_block(op) {
            let Some(r) = self.ctx.block_parent(b) else { break };
            let Some(p) = self.ctx.region_parent(r) else { break };
            out.push((r, p));
            op = p;
        }
        out
    }

    /// The loop body enclosing `op` (or a value's definition).
    fn repetitive_region_of_op(&self, op: OpId) -> Option<RegionId> {
        self.region_chain(op).into_iter().find(|(_, p)| is_loop(self.ctx, *p)).map(|(r, _)| r)
    }

    fn repetitive_region_of_value(&self, v: Value) -> Option<RegionId> {
        match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.repetitive_region_of_op(op),
            ValueDef::BlockArg { block, .. } => {
                let r = self.ctx.block_parent(block)?;
                let p = self.ctx.region_parent(r)?;
                if is_loop(self.ctx, p) {
                    Some(r)
                } else {
                    self.repetitive_region_of_op(p)
                }
            }
            ValueDef::Detached => None,
        }
    }

    /// `canUseOpDominanceDueToRegions`: op order says nothing when the
    /// write is in a loop that does not hold the definition (an iteration
    /// writes what the next one reads).
    fn can_use_dominance(&self, read: Use, write: Use, defs: &[Value]) -> bool {
        let chain = self.region_chain(read.0);
        for d in defs {
            let r_def = self.repetitive_region_of_value(*d);
            let r_read = self.repetitive_region_of_op(read.0);
            if r_read == r_def {
                continue;
            }
            // The outermost loop region around the read that is inside the
            // definition's.
            let mut candidate = None;
            for (r, p) in &chain {
                if Some(*r) == r_def {
                    break;
                }
                if is_loop(self.ctx, *p) {
                    candidate = Some(*p);
                }
            }
            if let Some(l) = candidate {
                if l == write.0 || self.is_proper_ancestor(l, write.0) {
                    return false;
                }
            }
        }
        true
    }
}

fn is_loop(ctx: &Context, op: OpId) -> bool {
    ForOp::isa(ctx, op) || ForallOp::isa(ctx, op) || dialects::scf_more::WhileOp::isa(ctx, op)
}

/// Whether two slice ops have the same offsets, sizes and strides.
pub fn same_slice(ctx: &Context, a: OpId, b: OpId) -> bool {
    match (tensor_d::slice_view(ctx, a), tensor_d::slice_view(ctx, b)) {
        (Some(x), Some(y)) => x.offsets == y.offsets && x.sizes == y.sizes && x.strides == y.strides,
        _ => false,
    }
}

/// `ops` (a pre-order walk) with every op after the ops nested in it.
fn post_order(ctx: &Context, ops: &[OpId]) -> Vec<OpId> {
    let mut out = Vec::with_capacity(ops.len());
    let mut stack: Vec<OpId> = Vec::new();
    for &op in ops {
        while let Some(top) = stack.last() {
            if is_ancestor(ctx, *top, op) {
                break;
            }
            out.push(stack.pop().unwrap());
        }
        stack.push(op);
    }
    while let Some(top) = stack.pop() {
        out.push(top);
    }
    out
}

/// Whether `anc` holds `op` (at any depth).
pub(super) fn is_ancestor(ctx: &Context, anc: OpId, mut op: OpId) -> bool {
    while let Some(p) = ctx.parent_op(op) {
        if p == anc {
            return true;
        }
        op = p;
    }
    false
}
