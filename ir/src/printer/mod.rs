//! MLIR's textual format out: custom op forms, mlir-opt's SSA names, `#map`
//! aliases at the top, the generic form on request.

mod names;

use std::collections::HashMap;
use std::fmt::Write;

use crate::attrs::{AttrKind, DenseData, DenseElement};
use crate::float::print_float;
use crate::location::LocKind;
use crate::registry::traits;
use crate::types::{Signedness, TypeKind, DYNAMIC};
use crate::{Attr, BlockId, Context, Loc, OpId, RegionId, Type, Value};
use names::NameTable;
use std::sync::Arc;

/// How to spell `tensor.pack` / `tensor.unpack` on output.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PackSpelling {
    /// As the input spelled each op.
    AsParsed,
    /// `tensor.pack` / `tensor.unpack`.
    Tensor,
    /// `linalg.pack` / `linalg.unpack` (what mlir-opt 22 accepts).
    Linalg,
}

/// Printing options, named after mlir-opt's flags.
#[derive(Copy, Clone, Debug)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debug_info: bool,
    /// Spelling of pack/unpack.
    pub pack_spelling: PackSpelling,
    /// `--mlir-print-local-scope`: no aliases; attributes and locations
    /// printed where they are used.
    pub local_scope: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`: a non-splat `dense<...>`
    /// of more than N elements prints as `dense_resource<__elided__>`.
    pub elide_elements_larger: Option<u64>,
    /// `--mlir-elide-resource-strings-if-larger=N`: resource entries (blobs
    /// and external strings) printed longer than N chars, quotes included,
    /// are left out of the `{-# ... #-}` section.
    pub elide_resources_larger: Option<u64>,
    /// `--mlir-print-skip-regions`: regions print as `{...}`.
    pub skip_regions: bool,
    /// `--mlir-print-unique-ssa-ids`: value numbers do not restart in
    /// sibling regions.
    pub unique_ssa_ids: bool,
    /// `--mlir-print-value-users`: a comment after each op naming the users
    /// of its results (ops without results get an id), and one per block
    /// argument at the start of its block.
    pub value_users: bool,
    /// `--mlir-pretty-debuginfo`: locations as `file:line:col`, without
    /// `loc(...)` or quotes.
    pub pretty_debug_info: bool,
    /// `--mlir-use-nameloc-as-prefix`: values whose location holds a name
    /// (`loc("sum")`) are named after it (`%sum`).
    pub nameloc_as_prefix: bool,
    /// An IR dump between passes: the file's `external_resources` are not
    /// printed (mlir-opt prints them with the final output only).
    pub ir_dump: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            generic: false,
            debug_info: false,
            pack_spelling: PackSpelling::AsParsed,
            local_scope: false,
            elide_elements_larger: None,
            elide_resources_larger: None,
            skip_regions: false,
            unique_ssa_ids: false,
            value_users: false,
            pretty_debug_info: false,
            nameloc_as_prefix: false,
            ir_dump: false,
        }
    }
}

/// When an attribute's type suffix is left out (MLIR's AttrTypeElision).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Elide {
    Never,
    May,
    Must,
}

/// Printed text as pieces written in order, so that large outputs are never
/// copied into one string: owned text, or a range of text shared with
/// other pieces (a helper printer's output, between the alias names that
/// are spliced into it).
#[derive(Default, Debug)]
pub struct PrintedText {
    pieces: Vec<Piece>,
}

#[derive(Debug)]
enum Piece {
    Owned(String),
    Shared(Arc<String>, std::ops::Range<usize>),
}

impl Piece {
    fn as_str(&self) -> &str {
        match self {
            Piece::Owned(s) => s,
            Piece::Shared(s, r) => &s[r.clone()],
        }
    }
}

impl PrintedText {
    /// Appends owned text.
    pub fn push(&mut self, s: String) {
        if !s.is_empty() {
            self.pieces.push(Piece::Owned(s));
        }
    }

    /// Appends all pieces of `other`.
    pub fn append(&mut self, other: PrintedText) {
        self.pieces.extend(other.pieces);
    }

    fn push_shared(&mut self, s: &Arc<String>, r: std::ops::Range<usize>) {
        if !r.is_empty() {
            self.pieces.push(Piece::Shared(s.clone(), r));
        }
    }

    /// The length of the text in bytes.
    pub fn len(&self) -> usize {
        self.pieces.iter().map(|p| p.as_str().len()).sum()
    }

    /// Whether there is no text.
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(|p| p.as_str().is_empty())
    }

    /// Writes the pieces in order.
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        for p in &self.pieces {
            w.write_all(p.as_str().as_bytes())?;
        }
        Ok(())
    }

    /// The text as one string.
    pub fn into_string(mut self) -> String {
        if let [Piece::Owned(s)] = self.pieces.as_mut_slice() {
            return std::mem::take(s);
        }
        let mut out = String::with_capacity(self.pieces.iter().map(|p| p.as_str().len()).sum());
        for p in &self.pieces {
            out.push_str(p.as_str());
        }
        out
    }
}

/// Output buffers at least this large are faulted in ahead on another
/// thread (see [`OpPrinter::with_buffer`]).
const PREFAULT_BYTES: usize = 4 << 20;

/// Blocks with at least this many ops are printed in two halves on two
/// threads (see [`OpPrinter::print_ops_in_halves`]).
const SPLIT_BLOCK_OPS: usize = 4096;

/// With a streaming sink, a large block is printed in groups of at most
/// this many ops, each split between two threads.
const STREAM_GROUP_OPS: usize = 8 * SPLIT_BLOCK_OPS;

/// With a streaming sink, groups are sized for about this much text: the
/// helper's half waits in memory until the main thread's half is written.
/// The first group has `2 * SPLIT_BLOCK_OPS` ops; later ones follow the
/// text per op measured so far (an op with a nest of regions prints a
/// kilobyte, a one-line op fifty bytes).
const STREAM_GROUP_BYTES: usize = 8 << 20;

/// Alias uses of a helper printer: the aliased attributes in order of
/// first use, and where each use sits in its text (after the `#`).
#[derive(Default)]
struct DeferredAliases {
    order: Vec<Attr>,
    index: HashMap<Attr, u32>,
    spots: Vec<(usize, u32)>,
}

#[derive(Default)]
struct Aliases {
    /// Alias name per attribute, assigned in order of first use.
    names: HashMap<Attr, String>,
    order: Vec<Attr>,
    maps: usize,
    sets: usize,
    distincts: usize,
}

impl Aliases {
    /// Whether `a` is printed through an alias (`#map`, `#set`).
    fn aliasable(ctx: &Context, a: Attr) -> bool {
        match ctx.attr_kind(a) {
            AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) => true,
            // mlir-opt prints a distinct attribute of `unit` in place.
            AttrKind::Distinct { referenced, .. } => !matches!(ctx.attr_kind(*referenced), AttrKind::Unit),
            _ => false,
        }
    }

    fn name(&mut self, ctx: &Context, a: Attr) -> Option<&str> {
        if !self.names.contains_key(&a) {
            let name = match ctx.attr_kind(a) {
                AttrKind::AffineMap(_) => {
                    let n = if self.maps == 0 { "map".to_string() } else { format!("map{}", self.maps) };
                    self.maps += 1;
                    n
                }
                AttrKind::IntegerSet(_) => {
                    let n = if self.sets == 0 { "set".to_string() } else { format!("set{}", self.sets) };
                    self.sets += 1;
                    n
                }
                AttrKind::Distinct { .. } if Self::aliasable(ctx, a) => {
                    let n = if self.distincts == 0 {
                        "distinct".to_string()
                    } else {
                        format!("distinct{}", self.distincts)
                    };
                    self.distincts += 1;
                    n
                }
                _ => return None,
            };
            self.names.insert(a, name);
            self.order.push(a);
        }
        self.names.get(&a).map(|s| s.as_str())
    }
}

/// Prints an op's custom assembly form (after the op name).
pub type PrintFn = fn(&mut OpPrinter<'_>, OpId);

/// The custom assembly printer of an op, attached to its
/// [`OpDef`](crate::registry::OpDef) as an interface (`format { .. }` in
/// [`op!`](crate::op)).
pub struct CustomPrinter(pub PrintFn);

/// Prints ops; custom printers receive it.
pub struct OpPrinter<'a> {
    ctx: &'a Context,
    /// `#locN` alias index per location (with `--mlir-print-debuginfo`).
    loc_aliases: HashMap<Loc, usize>,
    /// During the dry run: the locations printed, in order, each with
    /// whether it is a block argument's (whose aliases mlir-opt defines
    /// at the top: they cannot be deferred).
    collecting_locs: Option<Vec<(Loc, bool)>>,
    /// Every location alias in number order, with its nesting depth and
    /// whether it is defined at the top.
    loc_order: Vec<(Loc, usize, bool)>,
    /// The output buffer.
    pub out: String,
    /// Text finished before `out` (set aside when a helper printer's text
    /// is joined in).
    done: PrintedText,
    opts: PrintOptions,
    /// SSA names, shared with a helper printer on another thread.
    names: Arc<NameTable>,
    aliases: Aliases,
    /// Print a large block's second half on a second thread.
    parallel: bool,
    /// On a helper printer: alias uses recorded for the main printer to
    /// name, instead of names chosen here (they depend on what the first
    /// half uses).
    deferred: Option<DeferredAliases>,
    indent: usize,
    use_aliases: bool,
    /// Whether the generic form's alias order is already settled (see
    /// [`OpPrinter::name_generic_aliases`]).
    generic_aliases_named: bool,
    /// Printed text of each type seen so far, by type index: types are
    /// interned and few, and the same `tensor<...>` is printed again and
    /// again.
    type_text: Vec<Option<Box<str>>>,
    /// Where finished text goes as it is printed ([`print_op_top_to`]),
    /// at op boundaries, a block of [`STREAM_FLUSH_BYTES`] at a time.
    sink: Option<&'a mut (dyn std::io::Write + Send)>,
    /// The first error writing to the sink (later text is dropped).
    sink_error: Option<std::io::Error>,
    /// Bytes handed to the sink so far.
    streamed: usize,
}

/// Streamed text is handed to the sink once this much has been printed.
const STREAM_FLUSH_BYTES: usize = 1 << 20;

/// Brackets a `distinct` attribute's unique id in printed text until
/// [`renumber_distinct`] numbers it (a private-use character: printed
/// strings escape every non-ASCII byte, so only markers contain it).
const DISTINCT_MARK: char = '\u{E000}';

/// Replaces the marked unique ids of `distinct` attributes in `text` by
/// 0, 1, ... in order of first appearance, as mlir-opt numbers them.
fn renumber_distinct(text: &str) -> String {
    if !text.contains(DISTINCT_MARK) {
        return text.to_string();
    }
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut out = String::with_capacity(text.len());
    let mut parts = text.split(DISTINCT_MARK);
    out.push_str(parts.next().unwrap_or(""));
    loop {
        match (parts.next(), parts.next()) {
            (Some(uid), Some(rest)) if uid.bytes().all(|b| b.is_ascii_digit()) => {
                let next = ids.len();
                let _ = write!(out, "{}", *ids.entry(uid).or_insert(next));
                out.push_str(rest);
            }
            // Not a marker pair (the character came from elsewhere): as is.
            (Some(a), b) => {
                out.push(DISTINCT_MARK);
                out.push_str(a);
                if let Some(b) = b {
                    out.push(DISTINCT_MARK);
                    out.push_str(b);
                }
            }
            (None, _) => break,
        }
    }
    out
}

/// Prints a top-level op (normally the module) with alias definitions first.
pub fn print_op_top(ctx: &Context, op: OpId, opts: PrintOptions) -> String {
    let (head, body) = print_op_top_parts(ctx, op, opts);
    let body = body.into_string();
    if head.is_empty() {
        return body;
    }
    head + &body
}

/// [`print_op_top`] as the alias definitions and the op's text in pieces: a
/// caller that writes them in turn never moves the (possibly huge) op text.
/// On one thread: where the whole text is built in memory (after a pass
/// pipeline, or when aliases must come first) a helper printing half of a
/// large block gained no wall time on 2 cores and cost 4-12% more CPU time
/// (benches/propagation_compare.py and tiling_compare.sh inputs, paired
/// runs); the streaming printer ([`print_op_top_to`]) keeps its helper.
pub fn print_op_top_parts(ctx: &Context, op: OpId, opts: PrintOptions) -> (String, PrintedText) {
    print_top(ctx, op, opts, false)
}

/// [`print_op_top_parts`], using a second thread for large blocks if
/// `parallel` (the text is the same either way).
fn print_top(ctx: &Context, op: OpId, opts: PrintOptions, parallel: bool) -> (String, PrintedText) {
    let mut p = OpPrinter::with_buffer(ctx, op, opts, parallel, usize::MAX);
    if opts.debug_info && !opts.local_scope {
        // A dry run finds the locations of the ops that actually print
        // (implicit terminators do not), in the order mlir-opt numbers them.
        let mut dry = OpPrinter::new(ctx, op, opts);
        dry.collecting_locs = Some(Vec::new());
        dry.print_op(op);
        let printed = dry.collecting_locs.take().unwrap_or_default();
        p.number_loc_aliases(&printed);
    }
    // Location aliases are numbered in one printing order; keep it whole.
    p.parallel = parallel && !opts.debug_info && !opts.value_users;
    p.print_op(op);
    p.out.push('\n');
    let (head, mut body) = p.finish_with_aliases();
    if !opts.local_scope {
        // After the location aliases, as mlir-opt prints it.
        body.push(resources_section(ctx, op, &opts));
    }
    if !ctx.any_attr(|k| matches!(k, AttrKind::Distinct { .. })) {
        return (head, body);
    }
    // Distinct ids count in order of appearance, alias definitions first.
    let mut text = PrintedText::default();
    text.push(renumber_distinct(&(head + &body.into_string())));
    (String::new(), text)
}

/// The `{-# dialect_resources: .. #-}` section after a top-level op: the
/// blobs its `dense_resource` attributes refer to, in order of first
/// reference (empty when there are none), as mlir-opt prints it; with
/// `skip_regions`, those of the top op's own attributes; then, unless an IR
/// dump, the input's `external_resources`. Entries printed longer than
/// `elide_resources_larger` chars are left out (and groups left empty).
pub fn resources_section(ctx: &Context, top: OpId, opts: &PrintOptions) -> String {
    let handles = referenced_resources(ctx, top, opts.skip_regions);
    let external = !opts.ir_dump && !ctx.external_resources.is_empty();
    if handles.is_empty() && !external {
        return String::new();
    }
    let fits = |printed: &str| opts.elide_resources_larger.is_none_or(|n| printed.len() as u64 <= n);
    // One `key: value` line per entry that fits, grouped.
    let group = |name: &str, entries: Vec<(String, String)>, indent: &str| -> Option<String> {
        let entries: Vec<(String, String)> = entries.into_iter().filter(|(_, v)| fits(v)).collect();
        if entries.is_empty() {
            return None;
        }
        let mut out = indent.to_string();
        write_attr_name(name, &mut out);
        out.push_str(": {\n");
        let lines: Vec<String> = entries
            .iter()
            .map(|(k, v)| {
                let mut line = format!("{indent}  ");
                write_attr_name(k, &mut line);
                line.push_str(": ");
                line.push_str(v);
                line
            })
            .collect();
        out.push_str(&lines.join(",\n"));
        out.push_str(&format!("\n{indent}}}"));
        Some(out)
    };
    let mut sections: Vec<String> = Vec::new();
    if !handles.is_empty() {
        let blobs = handles.iter().map(|h| (h.to_string(), format!("\"{}\"", ctx.resources[*h].to_hex()))).collect();
        if let Some(g) = group("builtin", blobs, "    ") {
            sections.push(format!("  dialect_resources: {{\n{g}\n  }}"));
        }
    }
    if external {
        let groups: Vec<String> = ctx
            .external_resources
            .iter()
            .filter_map(|(name, entries)| {
                let entries = entries
                    .iter()
                    .map(|(key, value)| {
                        let v = match value {
                            crate::attrs::ExternalResourceValue::Bool(b) => b.to_string(),
                            crate::attrs::ExternalResourceValue::String(v) => {
                                let mut out = String::from("\"");
                                escape(v, &mut out);
                                out.push('"');
                                out
                            }
                        };
                        (key.clone(), v)
                    })
                    .collect();
                group(name, entries, "    ")
            })
            .collect();
        if !groups.is_empty() {
            sections.push(format!("  external_resources: {{\n{}\n  }}", groups.join(",\n")));
        }
    }
    format!("\n{{-#\n{}\n#-}}\n", sections.join(",\n"))
}

/// The `dense_resource` handles with a blob that the IR under `top` (only
/// `top` itself with `skip_regions`) refers to, in order of first
/// reference.
fn referenced_resources(ctx: &Context, top: OpId, skip_regions: bool) -> Vec<&str> {
    if ctx.resources.is_empty() || !ctx.any_attr(|k| matches!(k, AttrKind::DenseResource { .. })) {
        return Vec::new();
    }
    let mut handles: Vec<&str> = Vec::new();
    fn visit<'c>(ctx: &'c Context, a: Attr, handles: &mut Vec<&'c str>) {
        match ctx.attr_kind(a) {
            AttrKind::DenseResource { handle, .. }
                if ctx.resources.contains_key(handle) && !handles.contains(&handle.as_str()) =>
            {
                handles.push(handle);
            }
            AttrKind::Array(items) => items.iter().for_each(|x| visit(ctx, *x, handles)),
            AttrKind::Dict(entries) => entries.iter().for_each(|(_, x)| visit(ctx, *x, handles)),
            _ => {}
        }
    }
    let mut attrs: Vec<Attr> = Vec::new();
    if skip_regions {
        attrs.extend(ctx.op(top).attrs.iter().map(|(_, a)| *a));
    } else {
        ctx.walk_preorder(top, &mut |o| attrs.extend(ctx.op(o).attrs.iter().map(|(_, a)| *a)));
    }
    for a in attrs {
        visit(ctx, a, &mut handles);
    }
    handles
}

/// Prints a top-level op like [`print_op_top`] into `w`. When no alias can
/// occur (the context holds no affine map or integer set, and locations
/// are not printed), nothing has to be known before the first line, and
/// the text goes to `w` as it is printed, a megabyte at a time: the whole
/// output is never held in memory, as mlir-opt's stream never holds it.
/// Otherwise the alias definitions and the text are printed first and
/// written after.
pub fn print_op_top_to(
    ctx: &Context,
    op: OpId,
    opts: PrintOptions,
    w: &mut (dyn std::io::Write + Send),
) -> std::io::Result<()> {
    print_top_to(ctx, op, opts, w, crate::parallel::enabled())
}

/// [`print_op_top_to`], using a second thread for large blocks if
/// `parallel` (the text is the same either way).
fn print_top_to(
    ctx: &Context,
    op: OpId,
    opts: PrintOptions,
    w: &mut (dyn std::io::Write + Send),
    parallel: bool,
) -> std::io::Result<()> {
    let aliases_possible = ctx.any_attr(|k| matches!(k, AttrKind::Distinct { .. }))
        || (!opts.local_scope
            && (opts.debug_info || ctx.any_attr(|k| matches!(k, AttrKind::AffineMap(_) | AttrKind::IntegerSet(_)))));
    if aliases_possible {
        let (head, body) = print_top(ctx, op, opts, false);
        w.write_all(head.as_bytes())?;
        return body.write_to(w);
    }
    let mut p = OpPrinter::with_buffer(ctx, op, opts, false, STREAM_FLUSH_BYTES * 2);
    p.parallel = parallel && !opts.debug_info && !opts.value_users;
    p.sink = Some(w);
    p.print_op(op);
    p.out.push('\n');
    if !opts.local_scope {
        p.out.push_str(&resources_section(ctx, op, &opts));
    }
    p.flush_sink();
    match p.sink_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Prints a type.
/// The SSA names the printer gives the values under `top` (`%0`, `%arg0`,
/// `%pack`, `%1#0`), for tools that label values as the text shows them.
pub struct ValueNames {
    table: NameTable,
}

impl ValueNames {
    /// The names of the values nested in `top`, as printing `top` with
    /// default options names them.
    pub fn new(ctx: &Context, top: OpId) -> ValueNames {
        ValueNames { table: NameTable::compute(ctx, top, &PrintOptions::default()) }
    }

    /// `v`'s name, `%` included.
    pub fn name(&self, ctx: &Context, v: Value) -> String {
        let mut out = String::new();
        self.table.write_value(ctx, v, &mut out);
        out
    }
}

pub fn type_to_string(ctx: &Context, t: Type) -> String {
    let mut s = String::new();
    write_type(ctx, t, &mut s);
    s
}

/// Prints an attribute without aliases.
pub fn attr_to_string(ctx: &Context, a: Attr) -> String {
    let mut p = OpPrinter::detached(ctx);
    p.print_attr(a);
    renumber_distinct(&p.out)
}

/// Prints an op in generic form for diagnostics (`see current operation`).
pub fn op_to_generic_string(ctx: &Context, op: OpId) -> String {
    let opts = PrintOptions { generic: true, ..Default::default() };
    let mut p = OpPrinter::new(ctx, op, opts);
    p.use_aliases = false;
    p.print_op(op);
    renumber_distinct(&p.out)
}

/// The pack/unpack names a spelling replaces, and their replacements.
fn pack_respellings(spelling: PackSpelling) -> [(&'static str, &'static str); 2] {
    match spelling {
        PackSpelling::Linalg => [("tensor.pack", "linalg.pack"), ("tensor.unpack", "linalg.unpack")],
        PackSpelling::Tensor => [("linalg.pack", "tensor.pack"), ("linalg.unpack", "tensor.unpack")],
        PackSpelling::AsParsed => [("", ""), ("", "")],
    }
}

impl<'a> OpPrinter<'a> {
    fn new(ctx: &'a Context, top: OpId, opts: PrintOptions) -> Self {
        Self::with_buffer(ctx, top, opts, false, usize::MAX)
    }

    /// [`Self::new`]; with `prefault`, a large output buffer has its first
    /// half (what the main printer writes when a helper prints the other
    /// half) faulted in on another thread while the names are computed.
    fn with_buffer(ctx: &'a Context, top: OpId, opts: PrintOptions, prefault: bool, max_room: usize) -> Self {
        // Room for the whole text up front: growing a many-megabyte string
        // by doubling copies it again and again.
        // A top-level op holds about every op there is (a walk of a large
        // module only to count it touches every op once more).
        let ops = if ctx.parent_op(top).is_none() && ctx.op_block(top).is_none() {
            ctx.num_live_ops()
        } else {
            let mut n = 0usize;
            ctx.walk_preorder(top, &mut |_| n += 1);
            n
        };
        let room = (ops.saturating_mul(100).min(1 << 32) + (64 << 10)).min(max_room);
        let mut buffer = (prefault && room >= PREFAULT_BYTES).then(|| {
            crate::parallel::Prefetch::spawn_with(move || {
                let mut v: Vec<u8> = Vec::with_capacity(room);
                for b in v.spare_capacity_mut()[..room / 2].iter_mut().step_by(4096) {
                    b.write(0);
                }
                v
            })
        });
        let names = NameTable::compute(ctx, top, &opts);
        let out = buffer
            .as_mut()
            .and_then(|h| h.take())
            .and_then(|v| String::from_utf8(v).ok())
            .unwrap_or_else(|| String::with_capacity(room));
        let mut p = OpPrinter::detached(ctx);
        p.out = out;
        p.opts = opts;
        p.names = Arc::new(names);
        p.use_aliases = !opts.local_scope;
        p
    }

    fn detached(ctx: &'a Context) -> Self {
        OpPrinter {
            ctx,
            loc_aliases: HashMap::new(),
            collecting_locs: None,
            loc_order: Vec::new(),
            done: PrintedText::default(),
            out: String::new(),
            opts: PrintOptions::default(),
            names: Arc::default(),
            aliases: Aliases::default(),
            parallel: false,
            deferred: None,
            indent: 0,
            use_aliases: false,
            generic_aliases_named: false,
            type_text: Vec::new(),
            sink: None,
            sink_error: None,
            streamed: 0,
        }
    }

    /// Hands the finished text to the sink once there is enough of it.
    #[inline]
    fn maybe_flush(&mut self) {
        if self.sink.is_some() && self.out.len() >= STREAM_FLUSH_BYTES {
            self.flush_sink();
        }
    }

    /// Hands all finished text to the sink.
    fn flush_sink(&mut self) {
        let Some(w) = self.sink.as_deref_mut() else { return };
        self.streamed += self.done.len() + self.out.len();
        if self.sink_error.is_none() {
            let written = self.done.write_to(w).and_then(|()| w.write_all(self.out.as_bytes()));
            self.sink_error = written.err();
        }
        self.done = PrintedText::default();
        self.out.clear();
    }

    /// Numbers locations like mlir-opt: in the order they print (an op's
    /// before its block arguments' and its regions'), a location's parts
    /// before it, then stably by nesting depth. Block argument locations
    /// and their parts are marked for the top.
    fn number_loc_aliases(&mut self, printed: &[(Loc, bool)]) {
        let ctx = self.ctx;
        let mut seen: HashMap<Loc, usize> = HashMap::new();
        let mut order: Vec<(Loc, usize)> = Vec::new();
        let mut top: std::collections::HashSet<Loc> = std::collections::HashSet::new();
        fn children(ctx: &Context, l: Loc) -> Vec<Loc> {
            match ctx.loc_kind(l) {
                LocKind::Name { child: Some(c), .. } => vec![*c],
                LocKind::CallSite { callee, caller } => vec![*callee, *caller],
                LocKind::Fused(f) => f.locs.clone(),
                _ => vec![],
            }
        }
        fn visit(ctx: &Context, l: Loc, seen: &mut HashMap<Loc, usize>, order: &mut Vec<(Loc, usize)>) -> usize {
            if let Some(d) = seen.get(&l) {
                return *d;
            }
            let depth = children(ctx, l).iter().map(|c| visit(ctx, *c, seen, order) + 1).max().unwrap_or(0);
            seen.insert(l, depth);
            order.push((l, depth));
            depth
        }
        fn mark_top(ctx: &Context, l: Loc, top: &mut std::collections::HashSet<Loc>) {
            if top.insert(l) {
                for c in children(ctx, l) {
                    mark_top(ctx, c, top);
                }
            }
        }
        for (l, is_arg) in printed {
            visit(ctx, *l, &mut seen, &mut order);
            if *is_arg {
                mark_top(ctx, *l, &mut top);
            }
        }
        order.sort_by_key(|(_, d)| *d);
        for (i, (l, _)) in order.iter().enumerate() {
            self.loc_aliases.insert(*l, i);
        }
        self.loc_order = order.into_iter().map(|(l, d)| (l, d, top.contains(&l))).collect();
    }

    /// `#locN = loc(...)` (or the pretty form) and a newline.
    fn loc_alias_def(&mut self, i: usize, l: Loc) -> String {
        let saved = std::mem::take(&mut self.out);
        let pretty = self.opts.pretty_debug_info;
        let _ = write!(self.out, "#{} = {}", loc_alias_name(i), if pretty { "" } else { "loc(" });
        self.print_loc_body(l);
        self.out.push_str(if pretty { "\n" } else { ")\n" });
        std::mem::replace(&mut self.out, saved)
    }

    fn finish_with_aliases(mut self) -> (String, PrintedText) {
        // Location aliases that can be deferred go at the end; those of
        // block arguments at the top: the ones without parts before the
        // attribute aliases, the others after them (mlir-opt orders
        // aliases by depth, then by name: `loc` before `map`).
        let (mut top_plain, mut top_nested) = (String::new(), String::new());
        let order = std::mem::take(&mut self.loc_order);
        for (i, (l, depth, top)) in order.iter().enumerate() {
            let def = self.loc_alias_def(i, *l);
            match (top, depth) {
                (false, _) => self.out.push_str(&def),
                (true, 0) => top_plain.push_str(&def),
                (true, _) => top_nested.push_str(&def),
            }
        }
        let mut body = std::mem::take(&mut self.done);
        body.push(std::mem::take(&mut self.out));
        let mut head = top_plain;
        let mut defs: Vec<(String, Attr)> =
            self.aliases.order.iter().map(|a| (self.aliases.names[a].clone(), *a)).collect();
        // `#distinct*`, `#map*`, then `#set*`, each in order of first use.
        defs.sort_by_key(|(n, _)| [n.starts_with("distinct"), n.starts_with("map"), true].iter().position(|x| *x));
        let mut plain = OpPrinter::detached(self.ctx);
        for (name, a) in defs {
            plain.out.clear();
            plain.print_attr(a);
            let _ = writeln!(head, "#{name} = {}", plain.out);
        }
        head.push_str(&top_nested);
        (head, body)
    }

    /// The context.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// Appends text.
    #[inline]
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// A new line at the current indentation (MLIR's `printNewline`).
    pub fn print_newline(&mut self) {
        self.newline();
    }

    /// Indents what follows one level deeper (MLIR's `increaseIndent`).
    pub fn increase_indent(&mut self) {
        self.indent += 1;
    }

    /// Undoes [`OpPrinter::increase_indent`].
    pub fn decrease_indent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    // ---- values ---------------------------------------------------------

    /// `%name`
    pub fn print_operand(&mut self, v: Value) {
        self.names.write_value(self.ctx, v, &mut self.out);
    }

    /// `%a, %b`
    pub fn print_operands(&mut self, vs: &[Value]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_operand(*v);
        }
    }

    /// `^bb1`
    pub fn print_successor(&mut self, b: BlockId) {
        self.names.write_block(b, &mut self.out);
    }

    /// MLIR's comment after a block header: `  // pred: ^bb0`, `  // 2
    /// preds: ^bb0, ^bb2` (one per edge, in block order) or `  // no
    /// predecessors` (not for an entry block).
    fn print_predecessors_comment(&mut self, b: BlockId, entry: bool) {
        let preds = self.ctx.predecessors(b);
        match preds.as_slice() {
            [] if entry => {}
            [] => self.out.push_str("  // no predecessors"),
            [one] => {
                self.out.push_str("  // pred: ");
                self.print_successor(*one);
            }
            many => {
                self.out.push_str(&format!("  // {} preds: ", many.len()));
                for (i, p) in many.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_successor(*p);
                }
            }
        }
    }

    /// `^bb3` or `^bb3(%a, %b : index, i32)`: a successor with the
    /// operands passed to it.
    pub fn print_successor_with_operands(&mut self, b: BlockId, operands: &[Value]) {
        self.print_successor(b);
        if !operands.is_empty() {
            self.out.push('(');
            self.print_operands(operands);
            self.out.push_str(" : ");
            let types: Vec<Type> = operands.iter().map(|v| self.ctx.value_type(*v)).collect();
            self.print_types(&types);
            self.out.push(')');
        }
    }

    // ---- types and attributes -------------------------------------------

    /// Prints a type.
    pub fn print_type(&mut self, t: Type) {
        if let TypeKind::MemRef { shape, elem, layout: Some(layout), memory_space } = self.ctx.type_kind(t) {
            if self.use_aliases && Aliases::aliasable(self.ctx, *layout) {
                // `memref<8xf32, #map>`: the layout map is aliased like any
                // other map, so the type is not cached as text.
                let (shape, elem, layout, memory_space) = (shape.clone(), *elem, *layout, *memory_space);
                self.out.push_str("memref<");
                write_dims(&shape, &mut self.out);
                self.print_type(elem);
                self.out.push_str(", ");
                self.print_attr(layout);
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    write_memory_space(self.ctx, m, &mut self.out);
                }
                self.out.push('>');
                return;
            }
        }
        if let TypeKind::Function { inputs, results } = self.ctx.type_kind(t) {
            // A function type holding a memref with an aliased layout
            // prints its parts through the aliases too.
            if self.use_aliases && (inputs.iter().chain(results).any(|x| self.has_aliased_layout(*x))) {
                let (inputs, results) = (inputs.clone(), results.clone());
                self.out.push('(');
                self.print_types(&inputs);
                self.out.push_str(") -> ");
                self.print_arrow_types(&results);
                return;
            }
        }
        let i = t.index();
        if self.type_text.len() <= i {
            self.type_text.resize(i + 1, None);
        }
        let ctx = self.ctx;
        let spelling = self.opts.pack_spelling;
        let text = self.type_text[i].get_or_insert_with(|| {
            let mut s = String::new();
            write_type(ctx, t, &mut s);
            if spelling != PackSpelling::AsParsed && s.starts_with("!transform.op<\"") {
                // `!transform.op<"tensor.pack">` names an op: respelled with it.
                for (from, to) in pack_respellings(spelling) {
                    s = s.replace(&format!("\"{from}\""), &format!("\"{to}\""));
                }
            }
            s.into_boxed_str()
        });
        self.out.push_str(text);
    }

    /// ` %a, %b : t1, t2` when there are operands (the tail of return-like
    /// ops).
    pub fn print_colon_typed(&mut self, ops: &[Value]) {
        if ops.is_empty() {
            return;
        }
        self.out.push(' ');
        self.print_operands(ops);
        self.out.push_str(" : ");
        for (i, v) in ops.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(self.ctx.value_type(*v));
        }
    }

    /// Whether `t` is (or is a function type of) a memref whose layout
    /// prints as an alias.
    fn has_aliased_layout(&self, t: Type) -> bool {
        match self.ctx.type_kind(t) {
            TypeKind::MemRef { layout: Some(layout), .. } => Aliases::aliasable(self.ctx, *layout),
            TypeKind::Function { inputs, results } => inputs.iter().chain(results).any(|x| self.has_aliased_layout(*x)),
            _ => false,
        }
    }

    /// `a, b`
    pub fn print_types(&mut self, ts: &[Type]) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(*t);
        }
    }

    /// Result types after `->`: `t` or `(a, b)`.
    pub fn print_arrow_types(&mut self, ts: &[Type]) {
        let wrap = ts.len() != 1 || matches!(self.ctx.type_kind(ts[0]), TypeKind::Function { .. });
        if wrap {
            self.out.push('(');
        }
        self.print_types(ts);
        if wrap {
            self.out.push(')');
        }
    }

    /// Prints an attribute with its type where MLIR prints it.
    pub fn print_attr(&mut self, a: Attr) {
        self.print_attr_impl(a, Elide::Never);
    }

    /// Prints an attribute, eliding its type (as custom forms like
    /// `arith.constant` do when the type is printed separately).
    pub fn print_attr_elide_type(&mut self, a: Attr) {
        self.print_attr_impl(a, Elide::Must);
    }

    fn print_attr_impl(&mut self, a: Attr, elide: Elide) {
        let ctx = self.ctx;
        if self.use_aliases {
            if let Some(d) = &mut self.deferred {
                if Aliases::aliasable(ctx, a) {
                    self.out.push('#');
                    let next = d.order.len() as u32;
                    let i = *d.index.entry(a).or_insert(next);
                    if i == next {
                        d.order.push(a);
                    }
                    d.spots.push((self.out.len(), i));
                    return;
                }
            } else if let Some(n) = self.aliases.name(ctx, a) {
                self.out.push('#');
                self.out.push_str(n);
                return;
            }
        }
        match ctx.attr_kind(a) {
            AttrKind::Unit => self.out.push_str("unit"),
            AttrKind::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            AttrKind::Integer { value, ty } => {
                if let TypeKind::Integer { width: 1, signedness: Signedness::Signless } = ctx.type_kind(*ty) {
                    self.out.push_str(if *value != 0 { "true" } else { "false" });
                    return;
                }
                let _ = write!(self.out, "{value}");
                let default_i64 =
                    matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 64, signedness: Signedness::Signless });
                if elide == Elide::Never || (elide == Elide::May && !default_i64) {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::Float { bits, ty } => {
                let k = match ctx.type_kind(*ty) {
                    TypeKind::Float(k) => *k,
                    _ => crate::types::FloatKind::F64,
                };
                let hex = !f64::from_bits(*bits).is_finite();
                print_float(f64::from_bits(*bits), k, &mut self.out);
                let default_f64 = k == crate::types::FloatKind::F64 && !hex;
                if elide == Elide::Never || (elide == Elide::May && !default_f64) {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::String { value, ty } => {
                self.out.push('"');
                escape(value, &mut self.out);
                self.out.push('"');
                if let (Some(t), false) = (ty, elide == Elide::Must) {
                    self.out.push_str(" : ");
                    self.print_type(*t);
                }
            }
            AttrKind::Array(elems) => {
                self.out.push('[');
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_attr_impl(*e, Elide::May);
                }
                self.out.push(']');
            }
            AttrKind::Dict(entries) => {
                self.out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_named_attr(ctx.str(*k), *v);
                }
                self.out.push('}');
            }
            AttrKind::DenseArray { elem, values } => {
                self.out.push_str("array<");
                self.print_type(*elem);
                if !values.is_empty() {
                    self.out.push_str(": ");
                }
                let ek = ctx.type_kind(*elem).clone();
                for (i, v) in values.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match ek {
                        TypeKind::Integer { width: 1, .. } => self.out.push_str(if *v != 0 { "true" } else { "false" }),
                        TypeKind::Float(k) => print_float(f64::from_bits(*v as u64), k, &mut self.out),
                        _ => {
                            let _ = write!(self.out, "{v}");
                        }
                    }
                }
                self.out.push('>');
            }
            AttrKind::Type(t) => self.print_type(*t),
            AttrKind::SymbolRef { root, nested } => {
                write_symbol(ctx.str(*root), &mut self.out);
                for n in nested {
                    self.out.push_str("::");
                    write_symbol(ctx.str(*n), &mut self.out);
                }
            }
            AttrKind::AffineMap(m) => {
                self.out.push_str("affine_map<");
                m.print(&mut self.out);
                self.out.push('>');
            }
            AttrKind::IntegerSet(s) => {
                self.out.push_str("affine_set<");
                s.print(&mut self.out);
                self.out.push('>');
            }
            AttrKind::Dense { ty, data } => {
                if self.elides(*ty, data) {
                    self.out.push_str("dense_resource<__elided__>");
                } else {
                    self.out.push_str("dense<");
                    self.print_dense_data(*ty, data);
                    self.out.push('>');
                }
                if elide != Elide::Must {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::Distinct { uid, referenced } => {
                // The id is a marker, numbered in order of appearance once
                // the whole text is printed (`renumber_distinct`).
                let _ = write!(self.out, "distinct[{DISTINCT_MARK}{uid}{DISTINCT_MARK}]<");
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.print_attr(*referenced);
                }
                self.out.push('>');
            }
            AttrKind::DenseResource { ty, handle } => {
                self.out.push_str("dense_resource<");
                write_attr_name(handle, &mut self.out);
                self.out.push('>');
                if elide != Elide::Must {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::Opaque { dialect, text } => {
                let d = ctx.str(*dialect);
                if matches!(d, "strided" | "sparse" | "opaque") {
                    self.out.push_str(d);
                } else {
                    self.out.push('#');
                    self.out.push_str(d);
                    if !text.is_empty() && !text.starts_with('<') {
                        self.out.push('.');
                    }
                }
                self.out.push_str(text);
            }
        }
    }

    /// Whether `--mlir-elide-elementsattrs-if-larger` hides this data:
    /// more elements than the limit, and not a splat.
    fn elides(&self, ty: Type, data: &DenseData) -> bool {
        let Some(limit) = self.opts.elide_elements_larger else { return false };
        let ctx = self.ctx;
        let (count, elem_bits) = match ctx.type_kind(ty) {
            TypeKind::Tensor { shape, elem, .. } | TypeKind::Vector { shape, elem, .. } => (
                shape.iter().map(|d| (*d).max(0) as u64).fold(1u64, u64::saturating_mul),
                match ctx.type_kind(*elem) {
                    TypeKind::Integer { width, .. } => (*width).max(8) as u64,
                    TypeKind::Float(k) => k.width().max(8) as u64,
                    _ => 64,
                },
            ),
            _ => return false,
        };
        let splat = match data {
            DenseData::Splat(_) => true,
            // One element's bytes: `0x` and two digits per byte.
            DenseData::Hex(h) => (h.len().saturating_sub(2) as u64) * 4 <= elem_bits.max(8),
            DenseData::Elements(_) | DenseData::ComplexElements(_) => false,
            DenseData::ComplexSplat(..) => true,
        };
        !splat && count > limit
    }

    fn print_dense_data(&mut self, ty: Type, data: &DenseData) {
        let ctx = self.ctx;
        let (shape, elem) = match ctx.type_kind(ty) {
            TypeKind::Tensor { shape, elem, .. } | TypeKind::Vector { shape, elem, .. } => (shape.clone(), *elem),
            _ => (vec![], ty),
        };
        // No elements: `dense<>`, as MLIR prints it.
        if !shape.is_empty() && shape.contains(&0) {
            return;
        }
        // A complex element's parts print as its part type's elements.
        let elem = match ctx.type_kind(elem) {
            TypeKind::Complex { elem } => *elem,
            _ => elem,
        };
        let ek = ctx.type_kind(elem).clone();
        let mut elem_str = |e: &DenseElement, out: &mut String| match (e, &ek) {
            (DenseElement::Int(v), TypeKind::Integer { width: 1, .. }) => {
                out.push_str(if *v != 0 { "true" } else { "false" })
            }
            (DenseElement::Int(v), _) => {
                let _ = write!(out, "{v}");
            }
            (DenseElement::Float(b), TypeKind::Float(k)) => print_float(f64::from_bits(*b), *k, out),
            (DenseElement::Float(b), _) => print_float(f64::from_bits(*b), crate::types::FloatKind::F64, out),
        };
        // `(re,im)`: 22 writes no space after the comma.
        let mut pair_str = |pair: &[DenseElement; 2], out: &mut String| {
            out.push('(');
            elem_str(&pair[0], out);
            out.push(',');
            elem_str(&pair[1], out);
            out.push(')');
        };
        if let DenseData::ComplexSplat(re, im) = data {
            return pair_str(&[*re, *im], &mut self.out);
        }
        if let DenseData::ComplexElements(parts) = data {
            let pairs: Vec<[DenseElement; 2]> = parts.chunks_exact(2).map(|c| [c[0], c[1]]).collect();
            return nested_list(&mut self.out, &shape, &pairs, &mut pair_str);
        }
        match data {
            DenseData::ComplexSplat(..) | DenseData::ComplexElements(_) => {}
            DenseData::Splat(e) => elem_str(e, &mut self.out),
            DenseData::Hex(h) => self.out.push_str(h),
            DenseData::Elements(elems) => {
                if elems.len() > crate::dense_hex::HEX_THRESHOLD {
                    if let Some(h) = crate::dense_hex::encode(ctx, elem, elems) {
                        self.out.push_str(&h);
                        return;
                    }
                }
                if shape.is_empty() {
                    if let Some(e) = elems.first() {
                        elem_str(e, &mut self.out);
                    }
                    return;
                }
                nested_list(&mut self.out, &shape, elems, &mut elem_str);
            }
        }
    }

    fn print_named_attr(&mut self, name: &str, v: Attr) {
        write_attr_name(name, &mut self.out);
        if !matches!(self.ctx.attr_kind(v), AttrKind::Unit) {
            self.out.push_str(" = ");
            self.print_attr(v);
        }
    }

    /// `{a = 1, b}` with the op's attributes minus `elided`, sorted by name;
    /// nothing when empty.
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str]) {
        let ctx = self.ctx;
        // Usually every attribute is elided (printed by the custom form).
        if ctx.op(op).attrs.keys().all(|k| elided.contains(&ctx.str(*k))) {
            return;
        }
        let mut attrs: Vec<_> =
            ctx.op(op).attrs.iter().filter(|(k, _)| !elided.contains(&ctx.str(**k))).map(|(k, v)| (*k, *v)).collect();
        if attrs.is_empty() {
            return;
        }
        attrs.sort_by(|a, b| ctx.str(a.0).cmp(ctx.str(b.0)));
        self.out.push_str(" {");
        for (i, (k, v)) in attrs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_named_attr(ctx.str(*k), *v);
        }
        self.out.push('}');
    }

    /// The attribute dictionary without the op's inherent attributes (the
    /// ones its custom form prints), as declared with `op!`.
    pub fn print_attr_dict(&mut self, op: OpId) {
        let inherent: &[&str] = self.ctx.def_of(op).map(|d| d.inherent).unwrap_or(&[]);
        self.print_optional_attr_dict(op, inherent);
    }

    /// ` attributes {...}` when there are attributes left to print.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        let ctx = self.ctx;
        if ctx.op(op).attrs.keys().any(|k| !elided.contains(&ctx.str(*k))) {
            self.out.push_str(" attributes");
            self.print_optional_attr_dict(op, elided);
        }
    }

    /// `[0, %a, 4]`: static entries from `ints`, [`DYNAMIC`] ones from `dyns`.
    pub fn print_dynamic_index_list(&mut self, dyns: &[Value], ints: &[i64], open: char, close: char) {
        self.out.push(open);
        let mut d = dyns.iter();
        for (i, v) in ints.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if *v == DYNAMIC {
                if let Some(x) = d.next() {
                    self.print_operand(*x);
                } else {
                    self.out.push_str("<<missing>>");
                }
            } else {
                push_i64(&mut self.out, *v);
            }
        }
        self.out.push(close);
    }

    /// `[1, 2]`
    pub fn print_i64_list(&mut self, v: &[i64]) {
        self.out.push('[');
        for (i, x) in v.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            push_i64(&mut self.out, *x);
        }
        self.out.push(']');
    }

    // ---- ops and regions -------------------------------------------------

    /// Prints an op with its results, at the current indentation.
    pub fn print_op(&mut self, op: OpId) {
        self.print_op_impl(op, true);
    }

    /// An op without its `%r = ` result definitions, location or users
    /// comment, as `vector.mask` prints the op it masks (MLIR's
    /// `printCustomOrGenericOp`).
    pub fn print_op_without_results(&mut self, op: OpId) {
        self.print_op_impl(op, false);
    }

    fn print_op_impl(&mut self, op: OpId, with_results: bool) {
        let ctx = self.ctx;
        if let Some(locs) = &mut self.collecting_locs {
            locs.push((ctx.op_loc(op), false));
        }
        let results = ctx.results(op);
        if with_results && !results.is_empty() {
            self.names.write_result_defs(ctx, op, &mut self.out);
            self.out.push_str(" = ");
        }
        let data = ctx.op(op);
        let custom = if self.opts.generic {
            None
        } else {
            ctx.def_of(op).and_then(|d| d.interface::<CustomPrinter>()).map(|c| c.0)
        };
        match custom {
            Some(print) => {
                let name = self.display_name(op);
                // Ops of the default dialect (func inside func.func) drop the prefix.
                let short = self.short_name(op, name);
                self.out.push_str(short.unwrap_or(name));
                print(self, op);
            }
            None => self.print_generic(op),
        }
        // The op a `vector.mask` prints inline carries neither (MLIR's
        // `printCustomOrGenericOp`); its location still has its alias.
        if self.opts.debug_info && with_results {
            self.out.push(' ');
            self.print_loc(data.loc);
        }
        if self.opts.value_users && with_results {
            self.print_users_comment(op);
        }
    }

    /// `--mlir-print-value-users`: ` // id: %N` for an op without results
    /// (that has operands), ` // unused`, or ` // user(s): ...` with each
    /// result's users (in parentheses when there are several results).
    fn print_users_comment(&mut self, op: OpId) {
        let ctx = self.ctx;
        let results = ctx.results(op);
        if results.is_empty() {
            if !ctx.operands(op).is_empty() {
                self.out.push_str(" // id: ");
                self.names.write_op_id(op, &mut self.out);
            }
            return;
        }
        let mut users: Vec<OpId> = Vec::new();
        for &r in results {
            for u in self.uses_newest_first(r) {
                if !users.contains(&u) {
                    users.push(u);
                }
            }
        }
        if users.is_empty() {
            self.out.push_str(" // unused");
            return;
        }
        let in_results: usize = users.iter().map(|u| ctx.results(*u).len()).sum();
        let one = results.len() == 1 && users.len() == 1 && in_results <= 1;
        self.out.push_str(if one { " // user: " } else { " // users: " });
        let brackets = results.len() > 1;
        for (i, &r) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if brackets {
                self.out.push('(');
            }
            self.print_value_users(r);
            if brackets {
                self.out.push(')');
            }
        }
    }

    /// The ops using `v`, newest use first (MLIR's use-list order after
    /// parsing), an op using it twice once.
    fn uses_newest_first(&self, v: Value) -> Vec<OpId> {
        let mut out: Vec<OpId> = Vec::new();
        for u in self.ctx.uses(v).iter().rev() {
            if !out.contains(&u.op) {
                out.push(u.op);
            }
        }
        out
    }

    /// The ids of `v`'s users: each user's results, or its op id.
    fn print_value_users(&mut self, v: Value) {
        let ctx = self.ctx;
        let users = self.uses_newest_first(v);
        if users.is_empty() {
            self.out.push_str("unused");
        }
        for (i, u) in users.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let results = ctx.results(u);
            if results.is_empty() {
                self.names.write_op_id(u, &mut self.out);
            }
            for (k, r) in results.iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                self.print_operand(*r);
            }
        }
    }

    fn display_name(&self, op: OpId) -> &'a str {
        self.respell_pack(self.ctx.op_name(op))
    }

    /// `name` in the requested pack spelling when it names pack or unpack
    /// (`--pack-spelling`): for op names, and for the op names a transform
    /// schedule spells in strings (`ops{["tensor.pack"]}`,
    /// `!transform.op<"tensor.pack">`), so a schedule still matches in the
    /// tool that reads the output.
    pub fn respell_pack<'n>(&self, name: &'n str) -> &'n str {
        let unpack = match name {
            "tensor.pack" | "linalg.pack" => false,
            "tensor.unpack" | "linalg.unpack" => true,
            _ => return name,
        };
        match (self.opts.pack_spelling, unpack) {
            (PackSpelling::AsParsed, _) => name,
            (PackSpelling::Tensor, false) => "tensor.pack",
            (PackSpelling::Tensor, true) => "tensor.unpack",
            (PackSpelling::Linalg, false) => "linalg.pack",
            (PackSpelling::Linalg, true) => "linalg.unpack",
        }
    }

    /// Ops of the default dialect of their direct parent drop their prefix
    /// (`func` inside `func.func`, see
    /// [`OpDef::default_dialect`](crate::registry::OpDef); `builtin` at the
    /// top and inside a module), like mlir-opt.
    fn short_name<'n>(&self, op: OpId, name: &'n str) -> Option<&'n str> {
        let dialect = match self.ctx.parent_op(op) {
            None => "builtin",
            Some(p) if self.ctx.op_name(p) == "builtin.module" => "builtin",
            Some(p) => self.ctx.def_of(p)?.default_dialect?,
        };
        name.strip_prefix(dialect)?.strip_prefix('.')
    }

    /// MLIR names aliases in the order its alias collector walks the IR,
    /// and in the generic form that walk visits an op's regions before the
    /// op's own attributes (all of them, in name order). With
    /// `--mlir-print-op-generic` the first op printed names every alias so.
    fn name_generic_aliases(&mut self, op: OpId) {
        if self.generic_aliases_named || !self.opts.generic || !self.use_aliases {
            return;
        }
        self.generic_aliases_named = true;
        let ctx = self.ctx;
        // Each step: an op whose regions are still to visit, or one whose
        // own types and attributes come next, or a block's argument types.
        enum Step {
            Op(OpId),
            OpItself(OpId),
            BlockArgs(crate::BlockId),
        }
        let mut stack = vec![Step::Op(op)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Op(o) => {
                    stack.push(Step::OpItself(o));
                    let blocks: Vec<crate::BlockId> =
                        ctx.op(o).regions().iter().flat_map(|r| ctx.blocks(*r).to_vec()).collect();
                    for b in blocks.into_iter().rev() {
                        let ops: Vec<OpId> = ctx.block_ops(b).collect();
                        stack.extend(ops.into_iter().rev().map(Step::Op));
                        stack.push(Step::BlockArgs(b));
                    }
                }
                Step::BlockArgs(b) => {
                    for v in ctx.block_args(b).to_vec() {
                        self.register_type_aliases(ctx.value_type(v));
                    }
                }
                Step::OpItself(o) => {
                    let data = ctx.op(o);
                    for v in data.operands().iter().chain(data.results()) {
                        self.register_type_aliases(ctx.value_type(*v));
                    }
                    let mut attrs: Vec<(&str, Attr)> = data.attrs.iter().map(|(k, v)| (ctx.str(*k), *v)).collect();
                    attrs.sort_by(|a, b| a.0.cmp(b.0));
                    for (_, a) in attrs {
                        self.register_alias(a);
                    }
                }
            }
        }
    }

    /// Names the aliases inside a type (a memref layout, a tensor
    /// encoding, a function type's parts).
    fn register_type_aliases(&mut self, t: Type) {
        match self.ctx.type_kind(t) {
            TypeKind::MemRef { layout: Some(a), .. } | TypeKind::Tensor { encoding: Some(a), .. } => {
                self.register_alias(*a)
            }
            TypeKind::Function { inputs, results } => {
                for t in inputs.clone().into_iter().chain(results.clone()) {
                    self.register_type_aliases(t);
                }
            }
            TypeKind::Tuple(items) => {
                for t in items.clone() {
                    self.register_type_aliases(t);
                }
            }
            _ => {}
        }
    }

    /// Names the aliases `a` (and the attributes inside it) take, as
    /// printing it would, without printing.
    fn register_alias(&mut self, a: Attr) {
        let ctx = self.ctx;
        if Aliases::aliasable(ctx, a) {
            if let Some(d) = &mut self.deferred {
                let next = d.order.len() as u32;
                if *d.index.entry(a).or_insert(next) == next {
                    d.order.push(a);
                }
            } else {
                self.aliases.name(ctx, a);
            }
            return;
        }
        match ctx.attr_kind(a) {
            AttrKind::Array(items) => {
                for i in items.clone() {
                    self.register_alias(i);
                }
            }
            AttrKind::Dict(entries) => {
                for (_, v) in entries.clone() {
                    self.register_alias(v);
                }
            }
            AttrKind::Type(t) => self.register_type_aliases(*t),
            _ => {}
        }
    }

    fn print_generic(&mut self, op: OpId) {
        self.name_generic_aliases(op);
        let ctx = self.ctx;
        let data = ctx.op(op);
        let name = self.display_name(op);
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str("\"(");
        self.print_operands(data.operands());
        self.out.push(')');
        if !data.successors().is_empty() {
            self.out.push('[');
            for (i, b) in data.successors().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(*b);
            }
            self.out.push(']');
        }
        let inherent: &[&str] = self.ctx.def_of(op).map(|d| d.inherent).unwrap_or(&[]);
        // Properties the op carries, then those MLIR stores with a default
        // value when they are absent; all in name order.
        let mut props: Vec<(&str, Result<Attr, &str>)> = data
            .attrs
            .iter()
            .filter(|(k, _)| inherent.contains(&ctx.str(**k)))
            .map(|(k, v)| (ctx.str(*k), Ok(*v)))
            .collect();
        for (name, text) in self.ctx.def_of(op).map(|d| d.default_properties).unwrap_or(&[]) {
            if !props.iter().any(|(k, _)| k == name) {
                props.push((name, Err(text)));
            }
        }
        if !props.is_empty() {
            props.sort_by(|a, b| a.0.cmp(b.0));
            self.out.push_str(" <{");
            for (i, (k, v)) in props.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                match v {
                    Ok(a) => self.print_named_attr(k, *a),
                    Err(text) => {
                        self.out.push_str(k);
                        self.out.push_str(" = ");
                        self.out.push_str(text);
                    }
                }
            }
            self.out.push_str("}>");
        }
        if !data.regions().is_empty() {
            self.out.push_str(" (");
            for (i, r) in data.regions().iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_impl(*r, true, true, true);
            }
            self.out.push(')');
        }
        self.print_optional_attr_dict(op, inherent);
        self.out.push_str(" : (");
        let operand_types: Vec<Type> = data.operands().iter().map(|v| ctx.value_type(*v)).collect();
        self.print_types(&operand_types);
        self.out.push_str(") -> ");
        let result_types: Vec<Type> = data.results().iter().map(|v| ctx.value_type(*v)).collect();
        if result_types.len() == 1 && !matches!(ctx.type_kind(result_types[0]), TypeKind::Function { .. }) {
            self.print_type(result_types[0]);
        } else {
            self.out.push('(');
            self.print_types(&result_types);
            self.out.push(')');
        }
    }

    /// Prints `{ ... }`. `print_entry_args` shows the entry block's header;
    /// `print_terminators` false hides a trailing implicit terminator.
    pub fn print_region(&mut self, r: RegionId, print_entry_args: bool, print_terminators: bool) {
        self.print_region_impl(r, print_entry_args, print_terminators, false);
    }

    fn print_region_impl(
        &mut self,
        r: RegionId,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) {
        let ctx = self.ctx;
        if self.opts.skip_regions {
            self.out.push_str("{...}");
            return;
        }
        self.out.push('{');
        let blocks = ctx.blocks(r);
        self.indent += 1;
        for (bi, &b) in blocks.iter().enumerate() {
            let args = ctx.block_args(b);
            let show_header =
                bi > 0 || (print_entry_args && !args.is_empty()) || (print_empty_block && ctx.first_op(b).is_none());
            if show_header {
                self.indent -= 1;
                self.newline();
                self.print_successor(b);
                if !args.is_empty() {
                    self.out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.print_operand(*a);
                        self.out.push_str(": ");
                        self.print_type(ctx.value_type(*a));
                        self.print_block_arg_loc(*a);
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                self.print_predecessors_comment(b, bi == 0);
                self.indent += 1;
            }
            if self.opts.value_users {
                for &a in args {
                    self.newline();
                    self.out.push_str("// ");
                    self.print_operand(a);
                    if ctx.use_empty(a) {
                        self.out.push_str(" is unused");
                    } else {
                        self.out.push_str(" is used by ");
                        self.print_value_users(a);
                    }
                }
            }
            let last = ctx.last_op(b);
            let skip = last.filter(|&o| !print_terminators && blocks.len() == 1 && self.is_elidable_terminator(o));
            if self.parallel && ctx.block_ops(b).nth(SPLIT_BLOCK_OPS - 1).is_some() {
                let ops = ctx.block_op_list(b);
                if self.sink.is_some() {
                    // Streaming: halves of one group of ops at a time, so
                    // the helper's text waiting to be written stays small.
                    let (mut at, mut group) = (0, 2 * SPLIT_BLOCK_OPS);
                    while at < ops.len() {
                        let end = (at + group).min(ops.len());
                        let before = self.streamed;
                        self.print_ops_in_halves(&ops[at..end], skip);
                        self.flush_sink();
                        let per_op = ((self.streamed - before) / (end - at)).max(1);
                        group = (STREAM_GROUP_BYTES / per_op).clamp(2 * SPLIT_BLOCK_OPS, STREAM_GROUP_OPS);
                        at = end;
                    }
                } else {
                    self.print_ops_in_halves(&ops, skip);
                }
            } else {
                for o in ctx.block_ops(b) {
                    if Some(o) != skip {
                        self.newline();
                        self.print_op(o);
                        self.maybe_flush();
                    }
                }
            }
        }
        self.indent -= 1;
        self.newline();
        self.out.push('}');
    }

    /// Prints `ops` (each on a new line, `skip` left out) with the second
    /// half on a second thread, into the same text as printing them in
    /// order: names come from the shared table, and the helper's alias uses
    /// are named here afterwards, in its order of first use, after the
    /// first half's (which is when printing in order would name them).
    fn print_ops_in_halves(&mut self, ops: &[OpId], skip: Option<OpId>) {
        let (first, second) = ops.split_at(ops.len() / 2);
        let (ctx, opts, names, indent, use_aliases, generic_aliases_named) =
            (self.ctx, self.opts, self.names.clone(), self.indent, self.use_aliases, self.generic_aliases_named);
        let room = self.out.capacity().saturating_sub(self.out.len()) / 2;
        let (text, deferred) = {
            let helper = move || {
                let mut p = OpPrinter::detached(ctx);
                p.opts = opts;
                p.names = names;
                p.indent = indent;
                p.use_aliases = use_aliases;
                p.generic_aliases_named = generic_aliases_named;
                p.deferred = Some(DeferredAliases::default());
                p.out.reserve(room);
                for &o in second {
                    if Some(o) != skip {
                        p.newline();
                        p.print_op(o);
                    }
                }
                (p.out, p.deferred.unwrap_or_default())
            };
            let mine = || {
                for &o in first {
                    if Some(o) != skip {
                        self.newline();
                        self.print_op(o);
                        // The first half goes out as it is printed.
                        self.maybe_flush();
                    }
                }
            };
            crate::parallel::join(mine, helper).1
        };
        let names: Vec<Arc<String>> = deferred
            .order
            .iter()
            .map(|a| Arc::new(self.aliases.name(ctx, *a).unwrap_or_default().to_string()))
            .collect();
        // The helper's text joins as shared pieces around the names: no copy.
        let done = std::mem::take(&mut self.out);
        self.done.push(done);
        let text = Arc::new(text);
        let mut at = 0;
        for (pos, i) in deferred.spots {
            self.done.push_shared(&text, at..pos);
            let name = &names[i as usize];
            self.done.push_shared(name, 0..name.len());
            at = pos;
        }
        self.done.push_shared(&text, at..text.len());
    }

    fn is_elidable_terminator(&self, op: OpId) -> bool {
        let d = self.ctx.op(op);
        self.ctx.def_of(op).is_some_and(|def| def.has(traits::TERMINATOR))
            && d.operands().is_empty()
            && d.attrs.is_empty()
    }

    /// An op's location: `loc(#locN)`, or in the pretty form the location
    /// itself (its parts by alias), as mlir-opt prints them.
    fn print_loc(&mut self, l: Loc) {
        if self.opts.pretty_debug_info {
            self.print_loc_body(l);
            return;
        }
        self.out.push_str("loc(");
        self.print_loc_inner(l);
        self.out.push(')');
    }

    /// ` loc(...)` after a block argument, with `--mlir-print-debuginfo`:
    /// mlir-opt prints these in place (their parts by alias).
    pub fn print_block_arg_loc(&mut self, v: Value) {
        if !self.opts.debug_info {
            return;
        }
        let Some(l) = self.ctx.block_arg_loc(v) else { return };
        if let Some(locs) = &mut self.collecting_locs {
            locs.push((l, true));
        }
        self.out.push(' ');
        if self.opts.pretty_debug_info {
            self.print_loc_body(l);
        } else {
            self.out.push_str("loc(");
            self.print_loc_body(l);
            self.out.push(')');
        }
    }

    /// A location by its alias when it has one.
    fn print_loc_inner(&mut self, l: Loc) {
        if let Some(i) = self.loc_aliases.get(&l) {
            let _ = write!(self.out, "#{}", loc_alias_name(*i));
            return;
        }
        self.print_loc_body(l);
    }

    /// A location spelled out (its parts by alias).
    fn print_loc_body(&mut self, l: Loc) {
        let ctx = self.ctx;
        let pretty = self.opts.pretty_debug_info;
        match ctx.loc_kind(l) {
            LocKind::Unknown => self.out.push_str(if pretty { "[unknown]" } else { "unknown" }),
            LocKind::FileLineCol { file, line, col } if pretty => {
                let _ = write!(self.out, "{}:{line}:{col}", ctx.str(*file));
            }
            LocKind::FileLineCol { file, line, col } => {
                self.out.push('"');
                escape(ctx.str(*file), &mut self.out);
                let _ = write!(self.out, "\":{line}:{col}");
            }
            LocKind::Name { name, child } => {
                self.out.push('"');
                escape(ctx.str(*name), &mut self.out);
                self.out.push('"');
                if let Some(c) = child {
                    self.out.push('(');
                    self.print_loc_inner(*c);
                    self.out.push(')');
                }
            }
            LocKind::CallSite { callee, caller } => {
                if !pretty {
                    self.out.push_str("callsite(");
                }
                self.print_loc_inner(*callee);
                self.out.push_str(" at ");
                self.print_loc_inner(*caller);
                if !pretty {
                    self.out.push(')');
                }
            }
            LocKind::Fused(f) => {
                let (locs, metadata) = (&f.locs, &f.metadata);
                if !pretty {
                    self.out.push_str("fused");
                }
                if let Some(m) = metadata {
                    self.out.push('<');
                    self.print_attr(*m);
                    self.out.push('>');
                }
                self.out.push('[');
                for (i, x) in locs.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_loc_inner(*x);
                }
                self.out.push(']');
            }
        }
    }
}

/// Appends an integer without `fmt` for the common non-negative case.
fn push_i64(out: &mut String, v: i64) {
    if (0..=u32::MAX as i64).contains(&v) {
        names::push_u32(out, v as u32);
    } else {
        let _ = write!(out, "{v}");
    }
}

fn loc_alias_name(i: usize) -> String {
    if i == 0 {
        "loc".to_string()
    } else {
        format!("loc{i}")
    }
}

/// `@name` or `@"quoted name"`.
pub fn write_symbol(name: &str, out: &mut String) {
    out.push('@');
    if is_bare_id(name) {
        out.push_str(name);
    } else {
        out.push('"');
        escape(name, out);
        out.push('"');
    }
}

fn write_attr_name(name: &str, out: &mut String) {
    if is_bare_id(name) {
        out.push_str(name);
    } else {
        out.push('"');
        escape(name, out);
        out.push('"');
    }
}

fn is_bare_id(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_alphabetic() || b[0] == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
}

fn write_dims(shape: &[i64], out: &mut String) {
    for d in shape {
        if *d == DYNAMIC {
            out.push('?');
        } else if (0..=u32::MAX as i64).contains(d) {
            names::push_u32(out, *d as u32);
        } else {
            let _ = write!(out, "{d}");
        }
        out.push('x');
    }
}

/// Writes a type in MLIR's syntax.
/// A memref's memory space: an `i64` integer prints bare (`memref<4xf32, 3>`),
/// as MLIR prints it; any other attribute in full.
pub fn write_memory_space_text(ctx: &Context, m: Attr, out: &mut String) {
    write_memory_space(ctx, m, out)
}

fn write_memory_space(ctx: &Context, m: Attr, out: &mut String) {
    match ctx.attr_kind(m) {
        AttrKind::Integer { value, ty }
            if matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 64, signedness: Signedness::Signless }) =>
        {
            let _ = write!(out, "{value}");
        }
        _ => out.push_str(&attr_to_string(ctx, m)),
    }
}

pub fn write_type(ctx: &Context, t: Type, out: &mut String) {
    match ctx.type_kind(t) {
        TypeKind::Index => out.push_str("index"),
        TypeKind::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            names::push_u32(out, *width);
        }
        TypeKind::Float(k) => out.push_str(k.keyword()),
        TypeKind::None => out.push_str("none"),
        TypeKind::Tensor { shape, elem, encoding } => {
            out.push_str("tensor<");
            write_dims(shape, out);
            write_type(ctx, *elem, out);
            if let Some(e) = encoding {
                out.push_str(", ");
                out.push_str(&attr_to_string(ctx, *e));
            }
            out.push('>');
        }
        TypeKind::UnrankedTensor { elem } => {
            out.push_str("tensor<*x");
            write_type(ctx, *elem, out);
            out.push('>');
        }
        TypeKind::MemRef { shape, elem, layout, memory_space } => {
            out.push_str("memref<");
            write_dims(shape, out);
            write_type(ctx, *elem, out);
            if let Some(a) = layout {
                out.push_str(", ");
                out.push_str(&attr_to_string(ctx, *a));
            }
            if let Some(m) = memory_space {
                out.push_str(", ");
                write_memory_space(ctx, *m, out);
            }
            out.push('>');
        }
        TypeKind::UnrankedMemRef { elem, memory_space } => {
            out.push_str("memref<*x");
            write_type(ctx, *elem, out);
            if let Some(m) = memory_space {
                out.push_str(", ");
                write_memory_space(ctx, *m, out);
            }
            out.push('>');
        }
        TypeKind::Vector { shape, scalable, elem } => {
            out.push_str("vector<");
            for (d, s) in shape.iter().zip(scalable) {
                if *s {
                    let _ = write!(out, "[{d}]x");
                } else {
                    let _ = write!(out, "{d}x");
                }
            }
            write_type(ctx, *elem, out);
            out.push('>');
        }
        TypeKind::Complex { elem } => {
            out.push_str("complex<");
            write_type(ctx, *elem, out);
            out.push('>');
        }
        TypeKind::Tuple(elems) => {
            out.push_str("tuple<");
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, *e, out);
            }
            out.push('>');
        }
        TypeKind::Function { inputs, results } => {
            out.push('(');
            for (i, e) in inputs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, *e, out);
            }
            out.push_str(") -> ");
            let wrap = results.len() != 1 || matches!(ctx.type_kind(results[0]), TypeKind::Function { .. });
            if wrap {
                out.push('(');
            }
            for (i, e) in results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_type(ctx, *e, out);
            }
            if wrap {
                out.push(')');
            }
        }
        TypeKind::Opaque { dialect, text } => {
            out.push('!');
            out.push_str(ctx.str(*dialect));
            if !text.is_empty() && !text.starts_with('<') {
                out.push('.');
            }
            out.push_str(text);
        }
    }
}

/// Escapes a string for printing inside quotes, like MLIR's printEscapedString.
pub fn escape(s: &str, out: &mut String) {
    for &c in s.as_bytes() {
        match c {
            b'"' => out.push_str("\\22"),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\0A"),
            b'\t' => out.push_str("\\09"),
            0x20..=0x7e => out.push(c as char),
            _ => {
                use std::fmt::Write;
                let _ = write!(out, "\\{c:02X}");
            }
        }
    }
}

/// `[a, b, ...]`, nested by `shape` (rank 1 or more), each element printed
/// by `f`.
fn nested_list<T>(out: &mut String, shape: &[i64], elems: &[T], f: &mut dyn FnMut(&T, &mut String)) {
    out.push('[');
    if shape.len() <= 1 {
        for (i, e) in elems.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            f(e, out);
        }
    } else {
        let n = shape[0].max(0) as usize;
        let chunk = elems.len().checked_div(n).unwrap_or(0);
        for i in 0..n {
            if i > 0 {
                out.push_str(", ");
            }
            nested_list(out, &shape[1..], &elems[i * chunk..(i + 1) * chunk], f);
        }
    }
    out.push(']');
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::{parse_module, BufferStart};

    /// A function body of `n` ops whose affine maps are chosen so that the
    /// second half uses maps the first half used, and maps of its own.
    fn big_affine_function(n: usize) -> String {
        let mut s = String::from("func.func @f(%i: index, %j: index) -> index {\n");
        for k in 0..n {
            let c = if k < n / 2 { k % 7 } else { k % 11 };
            s.push_str(&format!("  %v{k} = affine.apply affine_map<(d0, d1) -> (d0 * {} + d1)>(%i, %j)\n", c + 2));
            if k % 1000 == 999 {
                s.push_str(&format!("  %w{k} = affine.min affine_map<(d0) -> (d0, {k})>(%v{k})\n"));
            }
        }
        s.push_str("  return %i : index\n}\n");
        s
    }

    /// `text` parsed into a fresh context, and its module.
    fn parsed(text: &str) -> (Context, OpId) {
        let mut ctx = Context::new();
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parses").module;
        (ctx, m)
    }

    /// What [`print_top_to`] writes, as a string.
    fn streamed(ctx: &Context, m: OpId, opts: PrintOptions, parallel: bool) -> String {
        let mut out = Vec::new();
        print_top_to(ctx, m, opts, &mut out, parallel).expect("writes to memory");
        String::from_utf8(out).expect("UTF-8")
    }

    #[test]
    fn streamed_text_is_the_buffered_text() {
        // Enough ops for several flushes and several groups of halves,
        // with a nested region among them.
        let n = 3 * STREAM_GROUP_OPS + 5;
        let mut text =
            String::from("func.func @f(%a: f32, %lb: index, %ub: index) -> f32 {\n  %v0 = arith.addf %a, %a : f32\n");
        for k in 1..n {
            text.push_str(&format!("  %v{k} = arith.addf %v{}, %a {{tag = \"op{k}\"}} : f32\n", k - 1));
            if k % 10_000 == 0 {
                text.push_str("  scf.for %i = %lb to %ub step %lb {\n    %z = arith.addf %a, %a : f32\n  }\n");
            }
        }
        text.push_str(&format!("  return %v{} : f32\n}}\n", n - 1));
        let (ctx, m) = parsed(&text);
        for generic in [false, true] {
            let opts = PrintOptions { generic, ..Default::default() };
            let buffered = print_op_top(&ctx, m, opts);
            assert!(buffered.len() > 4 * STREAM_FLUSH_BYTES, "the text should need several flushes");
            for parallel in [false, true] {
                assert!(streamed(&ctx, m, opts, parallel) == buffered, "generic {generic}, parallel {parallel}");
            }
        }
    }

    #[test]
    fn aliases_are_defined_before_streamed_text() {
        let text = big_affine_function(2 * SPLIT_BLOCK_OPS + 3);
        let (ctx, m) = parsed(&text);
        for opts in [PrintOptions::default(), PrintOptions { local_scope: true, ..Default::default() }] {
            let buffered = print_op_top(&ctx, m, opts);
            assert_eq!(buffered.starts_with("#map = "), !opts.local_scope);
            for parallel in [false, true] {
                assert!(streamed(&ctx, m, opts, parallel) == buffered, "{opts:?}, parallel {parallel}");
            }
        }
    }

    #[test]
    fn split_blocks_print_like_one_pass() {
        let text = big_affine_function(2 * SPLIT_BLOCK_OPS + 3);
        let (ctx, m) = parsed(&text);
        for generic in [false, true] {
            let opts = PrintOptions { generic, ..Default::default() };
            let (head, body) = print_top(&ctx, m, opts, false);
            let in_order = (head, body.into_string());
            let (head, body) = print_top(&ctx, m, opts, true);
            assert!(body.pieces.len() > 3, "the block should print in two halves");
            let split = (head, body.into_string());
            assert!(in_order.0.contains("#map10 = "), "the input should need many aliases");
            assert_eq!(split, in_order, "generic={generic}");
        }
    }
}
