//! SSA value and block names, computed the way mlir-opt's SSANameState does:
//! regions are numbered depth-first; each region starts from the counters its
//! parent region ended with (so sibling regions reuse numbers), and names
//! suggested by ops (`%pack`, `%c8`) are made unique with `_N` suffixes.

use std::borrow::Cow;
use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::fmt::Write;

use crate::context::ValueDef;
use crate::location::LocKind;
use crate::{BlockId, Context, Loc, OpId, RegionId, Value};

/// A value's name; chosen names are indexes into [`NameTable::strings`], so
/// the per-value table stays at 12 bytes an entry.
#[derive(Clone, Copy, Default)]
enum VName {
    #[default]
    Unnamed,
    Num(u32),
    Str(u32),
    /// Result `index` of a numbered multi-result group `%base:N`.
    Member(u32, u32),
    /// Result `index` of a named group `%name:N`.
    NamedMember(u32, u32),
}

/// Names for the values and blocks below one top-level op, indexed by id.
#[derive(Default)]
pub(crate) struct NameTable {
    values: Vec<VName>,
    blocks: Vec<Option<u32>>,
    /// The chosen names (`pack`, `c8_3`, `arg0`), by `VName` index.
    strings: NamePool,
    /// Ids of ops without results, by op index (`--mlir-print-value-users`).
    op_ids: Vec<Option<u32>>,
}

/// Strings in one buffer, each named by its index: a name costs its bytes
/// and eight, not a heap block of its own.
#[derive(Default)]
struct NamePool {
    text: String,
    /// Where each string ends in `text` (it starts where the previous ends).
    ends: Vec<u32>,
}

impl NamePool {
    fn push(&mut self, s: &str) -> u32 {
        self.text.push_str(s);
        self.ends.push(u32::try_from(self.text.len()).expect("names fit in 4 GiB"));
        (self.ends.len() - 1) as u32
    }
}

impl std::ops::Index<u32> for NamePool {
    type Output = str;
    fn index(&self, i: u32) -> &str {
        let i = i as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }
}

/// The hash of a name in the scope set.
fn name_hash(name: &str) -> u64 {
    FxBuildHasher.hash_one(name)
}

impl NameTable {
    fn set_value(&mut self, v: Value, n: VName) {
        if self.values.len() <= v.index() {
            self.values.resize(v.index() + 1, VName::Unnamed);
        }
        self.values[v.index()] = n;
    }

    fn value(&self, v: Value) -> &VName {
        self.values.get(v.index()).unwrap_or(&VName::Unnamed)
    }

    fn set_block(&mut self, b: BlockId, n: u32) {
        if self.blocks.len() <= b.index() {
            self.blocks.resize(b.index() + 1, None);
        }
        self.blocks[b.index()] = Some(n);
    }
}

#[derive(Default)]
struct Counters {
    value: u32,
    arg: u32,
    conflict: u32,
}

struct State<'c> {
    ctx: &'c Context,
    generic: bool,
    unique_ids: bool,
    /// Number ops without results too (`--mlir-print-value-users`).
    op_ids: bool,
    /// Name values after the names in their locations.
    nameloc: bool,
    c: Counters,
    /// The names in scope, as indexes into `table.strings`.
    used: HashTable<u32>,
    /// The names in `used` in the order they were chosen, so that leaving
    /// a scope drops its own.
    log: Vec<u32>,
    scopes: Vec<usize>,
    table: NameTable,
}

impl NameTable {
    pub(crate) fn compute(ctx: &Context, top: OpId, opts: &super::PrintOptions) -> NameTable {
        let generic = opts.generic;
        let mut st = State {
            ctx,
            generic,
            unique_ids: opts.unique_ssa_ids,
            op_ids: opts.value_users,
            nameloc: opts.nameloc_as_prefix,
            c: Counters::default(),
            used: HashTable::new(),
            log: Vec::new(),
            scopes: Vec::new(),
            table: NameTable { values: vec![VName::Unnamed; ctx.num_values_created()], ..Default::default() },
        };
        // Values defined above `top` (when printing a nested op for a
        // diagnostic) are numbered from the nearest isolated ancestor.
        let root = isolated_root(ctx, top);
        st.scopes.push(0);
        // Like mlir-opt, the regions' counters are taken before the root
        // itself is numbered (which only shows where numbering goes on
        // through regions: generic form, unique ids).
        let mut stack: Vec<(RegionId, u32, u32, u32, usize)> = Vec::new();
        for &r in ctx.regions(root).iter() {
            stack.push((r, st.c.value, st.c.arg, st.c.conflict, 1));
        }
        st.number_op_results(root);
        while let Some((r, v, a, k, depth)) = stack.pop() {
            // Generic form and --mlir-print-unique-ssa-ids number on
            // through sibling regions.
            if !st.generic && !st.unique_ids {
                st.c = Counters { value: v, arg: a, conflict: k };
            }
            while st.scopes.len() > depth {
                let mark = st.scopes.pop().unwrap();
                for n in st.log.drain(mark..) {
                    if let Ok(entry) = st.used.find_entry(name_hash(&st.table.strings[n]), |&u| u == n) {
                        entry.remove();
                    }
                }
            }
            st.scopes.push(st.log.len());
            st.number_region(r);
            let depth_now = st.scopes.len();
            for &b in ctx.blocks(r) {
                for o in ctx.block_ops(b) {
                    for &nr in ctx.regions(o) {
                        stack.push((nr, st.c.value, st.c.arg, st.c.conflict, depth_now));
                    }
                }
            }
        }
        st.table
    }

    pub(crate) fn write_value(&self, ctx: &Context, v: Value, out: &mut String) {
        match self.value(v) {
            VName::Num(n) => {
                out.push('%');
                push_u32(out, *n);
            }
            VName::Str(s) => {
                out.push('%');
                out.push_str(&self.strings[*s]);
            }
            VName::Member(b, i) => {
                let _ = write!(out, "%{b}#{i}");
            }
            VName::NamedMember(n, i) => {
                let _ = write!(out, "%{}#{i}", &self.strings[*n]);
            }
            VName::Unnamed => {
                let _ = ctx;
                out.push_str("<<UNKNOWN SSA VALUE>>");
            }
        }
    }

    /// `%0`, `%0:2`, `%pack`: the left-hand side of an op's results.
    pub(crate) fn write_result_defs(&self, ctx: &Context, op: OpId, out: &mut String) {
        let results = ctx.results(op);
        // Named groups: `%a, %b:2`.
        if results.iter().any(|r| matches!(self.value(*r), VName::NamedMember(..))) {
            let mut i = 0;
            let mut first = true;
            while i < results.len() {
                if !first {
                    out.push_str(", ");
                }
                first = false;
                match self.value(results[i]) {
                    VName::NamedMember(n, 0) => {
                        let len = results[i..]
                            .iter()
                            .take_while(|r| matches!(self.value(**r), VName::NamedMember(m, _) if m == n))
                            .count();
                        let _ = write!(out, "%{}:{len}", &self.strings[*n]);
                        i += len;
                    }
                    _ => {
                        self.write_value(ctx, results[i], out);
                        i += 1;
                    }
                }
            }
            return;
        }
        match self.value(results[0]) {
            VName::Member(n, 0) if results.len() > 1 => {
                let _ = write!(out, "%{n}:{}", results.len());
            }
            _ => {
                for (i, r) in results.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_value(ctx, *r, out);
                }
            }
        }
    }

    /// `%N`, the id of an op without results (`--mlir-print-value-users`).
    pub(crate) fn write_op_id(&self, op: OpId, out: &mut String) {
        match self.op_ids.get(op.index()).copied().flatten() {
            Some(n) => {
                out.push('%');
                push_u32(out, n);
            }
            None => out.push_str("<<UNKNOWN OP>>"),
        }
    }

    pub(crate) fn write_block(&self, b: BlockId, out: &mut String) {
        match self.blocks.get(b.index()).copied().flatten() {
            Some(n) => {
                let _ = write!(out, "^bb{n}");
            }
            None => out.push_str("<<UNKNOWN BLOCK>>"),
        }
    }
}

fn isolated_root(ctx: &Context, op: OpId) -> OpId {
    let mut cur = op;
    loop {
        if ctx.def_of(cur).is_some_and(|d| d.has(crate::registry::traits::ISOLATED_FROM_ABOVE)) {
            return cur;
        }
        match ctx.parent_op(cur) {
            Some(p) => cur = p,
            None => return cur,
        }
    }
}

impl<'c> State<'c> {
    /// Makes `name` unique in the current scope; returns its string index.
    fn unique(&mut self, name: &str) -> u32 {
        let name = sanitize(name);
        let mut hash = name_hash(&name);
        let chosen = if !self.in_use(&name, hash) {
            self.table.strings.push(&name)
        } else {
            let mut probe = String::with_capacity(name.len() + 4);
            loop {
                probe.clear();
                let _ = write!(probe, "{name}_{}", self.c.conflict);
                self.c.conflict += 1;
                hash = name_hash(&probe);
                if !self.in_use(&probe, hash) {
                    break self.table.strings.push(&probe);
                }
            }
        };
        let strings = &self.table.strings;
        self.used.insert_unique(hash, chosen, |&u| name_hash(&strings[u]));
        self.log.push(chosen);
        chosen
    }

    /// Whether a name in scope is `name` (whose hash is `hash`).
    fn in_use(&self, name: &str, hash: u64) -> bool {
        self.used.find(hash, |&u| &self.table.strings[u] == name).is_some()
    }

    /// With `--mlir-use-nameloc-as-prefix`: the name in `loc` (the first
    /// name of a pre-order walk, as MLIR's `findInstanceOf<NameLoc>`),
    /// which replaces the name a value would otherwise get. An empty name
    /// means a number.
    fn loc_name(&self, loc: Option<Loc>) -> Option<&'c str> {
        fn find(ctx: &Context, l: Loc) -> Option<&str> {
            match ctx.loc_kind(l) {
                LocKind::Name { name, .. } => Some(ctx.str(*name)),
                LocKind::CallSite { callee, caller } => find(ctx, *callee).or_else(|| find(ctx, *caller)),
                LocKind::Fused(f) => f.locs.iter().find_map(|c| find(ctx, *c)),
                _ => None,
            }
        }
        if self.nameloc {
            find(self.ctx, loc?)
        } else {
            None
        }
    }

    /// A name for one value: `name` made unique, or the next number when
    /// it is empty.
    fn named_or_numbered(&mut self, name: &str) -> VName {
        if name.is_empty() {
            let n = self.c.value;
            self.c.value += 1;
            VName::Num(n)
        } else {
            VName::Str(self.unique(name))
        }
    }

    fn number_region(&mut self, r: RegionId) {
        let ctx = self.ctx;
        let named_by =
            ctx.region_parent(r).and_then(|op| ctx.def_of(op).and_then(|d| d.block_arg_name).map(|f| (f, op)));
        for (i, &b) in ctx.blocks(r).iter().enumerate() {
            self.table.set_block(b, i as u32);
            for (arg_index, &a) in ctx.block_args(b).iter().enumerate() {
                let suggested = match (i, named_by) {
                    (0, Some((f, op))) if !self.generic => f(ctx, op, arg_index),
                    _ => None,
                };
                let from_loc = self.loc_name(ctx.block_arg_loc(a));
                let name = if let Some(n) = suggested {
                    self.named_or_numbered(from_loc.unwrap_or(n))
                } else if i == 0 {
                    // The argument counter moves on even when a location
                    // names the argument.
                    let n = format!("arg{}", self.c.arg);
                    self.c.arg += 1;
                    self.named_or_numbered(from_loc.unwrap_or(n.as_str()))
                } else if let Some(n) = from_loc {
                    self.named_or_numbered(n)
                } else {
                    let n = self.c.value;
                    self.c.value += 1;
                    VName::Num(n)
                };
                self.table.set_value(a, name);
            }
            for o in ctx.block_ops(b) {
                self.number_op_results(o);
            }
        }
    }

    fn number_op_results(&mut self, op: OpId) {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if results.is_empty() {
            if self.op_ids {
                let n = self.c.value;
                self.c.value += 1;
                if self.table.op_ids.len() <= op.index() {
                    self.table.op_ids.resize(op.index() + 1, None);
                }
                self.table.op_ids[op.index()] = Some(n);
            }
            return;
        }
        // Every result is where its op is: a name there names them all.
        let from_loc = self.loc_name(Some(ctx.op_loc(op))).filter(|n| !n.is_empty());
        if !self.generic {
            if let Some(groups) = ctx.def_of(op).and_then(|d| d.result_groups) {
                let mut next = 0;
                for (name, count) in groups(ctx, op) {
                    if count == 0 {
                        continue;
                    }
                    let u = self.unique(from_loc.unwrap_or(name));
                    for k in 0..count {
                        let v = if count == 1 { VName::Str(u) } else { VName::NamedMember(u, k as u32) };
                        if let Some(r) = results.get(next) {
                            self.table.set_value(*r, v);
                        }
                        next += 1;
                    }
                }
                if next == results.len() {
                    return;
                }
            }
        }
        if !self.generic && !results.is_empty() {
            if let Some(f) = ctx.def_of(op).and_then(|d| d.result_name) {
                if let Some(n) = f(ctx, op) {
                    // The first result's name names the whole group, as
                    // MLIR's does (`%reduced:2`, used as `%reduced#1`).
                    let u = self.unique(from_loc.unwrap_or(n.as_str()));
                    for (k, r) in results.iter().enumerate() {
                        let v = if results.len() == 1 { VName::Str(u) } else { VName::NamedMember(u, k as u32) };
                        self.table.set_value(*r, v);
                    }
                    return;
                }
            }
        }
        if let Some(n) = from_loc {
            let u = self.unique(n);
            for (k, r) in results.iter().enumerate() {
                let v = if results.len() == 1 { VName::Str(u) } else { VName::NamedMember(u, k as u32) };
                self.table.set_value(*r, v);
            }
            return;
        }
        let n = self.c.value;
        self.c.value += 1;
        // One result is `%n`; each of several is `%n#i`, the first too.
        let first = if results.len() > 1 { VName::Member(n, 0) } else { VName::Num(n) };
        self.table.set_value(results[0], first);
        for (i, r) in results.iter().enumerate().skip(1) {
            self.table.set_value(*r, VName::Member(n, i as u32));
        }
        debug_assert!(matches!(ctx.value_def(results[0]), ValueDef::Result { .. }));
    }
}

/// Appends a decimal number without going through `fmt` (printing is hot).
pub(crate) fn push_u32(out: &mut String, mut n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend(buf[i..].iter().map(|&d| char::from(d)));
}

fn sanitize(name: &str) -> Cow<'_, str> {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-');
    if name.chars().all(ok) && !name.starts_with(|c: char| c.is_ascii_digit()) {
        return Cow::Borrowed(name);
    }
    let mut s: String = name.chars().map(|c| if ok(c) { c } else { '_' }).collect();
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    Cow::Owned(s)
}
