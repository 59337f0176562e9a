//! `view-op-graph{max-label-len=N print-attrs=B print-result-types=B}`:
//! writes a Graphviz DOT picture of the data flow of the op it runs on to
//! stderr (as mlir-opt's `-view-op-graph` does) and leaves the IR as it is.
//!
//! The picture is mlir-opt 22's: every op without regions is a record node
//! whose top row holds its operands (`%name` ports), then its name and
//! attributes, then its results (`%name type` ports), filled with one
//! colour per op name; block arguments are records of one result port; an
//! op with regions is a cluster labelled with its name and attributes,
//! holding a cluster per block. Data-flow edges run from a result port to
//! an operand port, so the picture can be matched to the text by SSA name.
//!
//! With `max-label-len=N` the output is mlir-opt 22's byte for byte
//! (attributes and types cut at N characters with `...`). Without it,
//! tessel prints every label whole, wrapped at 60 characters, and adds a
//! legend (the colour of each op name, what nodes, ports and edges are).

use std::fmt::Write;

use rustc_hash::FxHashMap;
use tessel_ir::attrs::{AttrKind, DenseData};
use tessel_ir::printer::{attr_to_string, type_to_string, ValueNames};
use tessel_ir::{Attr, Context, Diagnostic, OpId, Type, Value};

use crate::manager::{Pass, PassInfo, PassOptions};

pub(crate) const INFO: PassInfo = PassInfo {
    name: "view-op-graph",
    description:
        "Write a Graphviz DOT graph of the data flow to stderr: {max-label-len=N print-attrs=B print-result-types=B}",
    build: |opts| Ok(Box::new(ViewOpGraph::from_options(opts)?)),
};

/// Label options.
#[derive(Clone, Debug)]
pub struct GraphOptions {
    /// Attribute values and types longer than this are cut with `...`, as
    /// mlir-opt does; `None` (tessel's default) prints them whole, wrapped.
    pub max_label_len: Option<usize>,
    pub print_attrs: bool,
    pub print_result_types: bool,
}

impl Default for GraphOptions {
    fn default() -> Self {
        GraphOptions { max_label_len: None, print_attrs: true, print_result_types: true }
    }
}

struct ViewOpGraph {
    options: GraphOptions,
}

fn bool_option(opts: &PassOptions, name: &str, default: bool) -> Result<bool, String> {
    match opts.get(name).map(String::as_str) {
        None => Ok(default),
        Some("true") | Some("1") => Ok(true),
        Some("false") | Some("0") => Ok(false),
        Some(v) => Err(format!("option '{name}' expects true or false, got '{v}'")),
    }
}

impl ViewOpGraph {
    fn from_options(opts: &PassOptions) -> Result<Self, String> {
        crate::reject_unknown_options(opts, &["max-label-len", "print-attrs", "print-result-types"])?;
        let mut options = GraphOptions::default();
        if let Some(v) = opts.get("max-label-len") {
            options.max_label_len =
                Some(v.parse().map_err(|_| format!("option 'max-label-len' expects a number, got '{v}'"))?);
        }
        options.print_attrs = bool_option(opts, "print-attrs", true)?;
        options.print_result_types = bool_option(opts, "print-result-types", true)?;
        Ok(ViewOpGraph { options })
    }
}

impl Pass for ViewOpGraph {
    fn name(&self) -> &'static str {
        "view-op-graph"
    }

    fn class_name(&self) -> &'static str {
        "PrintOpPass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let dot = op_graph_dot(ctx, op, &self.options);
        tessel_ir::diag::write_stderr(&dot);
        Ok(())
    }
}

/// Elements attributes with more elements, and arrays with more entries,
/// are elided (`[[...]] : type`, `[...]`), as MLIR's printer limit does.
const LARGE_ATTR_LIMIT: usize = 16;
/// Where tessel's unlimited labels wrap.
const WRAP: usize = 60;

/// A node or cluster of the picture: its number, and the cluster's
/// number when it is one (edges to a cluster end at its anchor node).
#[derive(Clone, Copy)]
struct Node {
    id: usize,
    cluster: Option<usize>,
}

struct Writer<'a> {
    ctx: &'a Context,
    opts: &'a GraphOptions,
    names: ValueNames,
    out: String,
    depth: usize,
    counter: usize,
    colors: FxHashMap<String, String>,
    /// The names of ops drawn as records, in the order their colours were
    /// given (the legend's rows).
    color_order: Vec<String>,
    value_node: FxHashMap<Value, Node>,
    /// (value, consumer, operand port) in the order the uses were met.
    uses: Vec<(Value, Node, String)>,
}

/// The DOT text of `root`'s data flow.
pub fn op_graph_dot(ctx: &Context, root: OpId, opts: &GraphOptions) -> String {
    let mut w = Writer {
        ctx,
        opts,
        names: ValueNames::new(ctx, root),
        out: String::new(),
        depth: 1,
        counter: 0,
        colors: FxHashMap::default(),
        color_order: Vec::new(),
        value_node: FxHashMap::default(),
        uses: Vec::new(),
    };
    w.color_ops(root);
    w.out.push_str("digraph G {\n  compound = true;\n");
    w.process_op(root);
    if opts.max_label_len.is_none() {
        w.legend();
    }
    for (v, to, port) in std::mem::take(&mut w.uses) {
        let Some(&from) = w.value_node.get(&v) else { continue };
        let src_port = w.port_name(v);
        w.edge(from, to, &src_port, &port);
    }
    w.out.push_str("}\n");
    w.out
}

impl Writer<'_> {
    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// One colour per op name, hues spread evenly in the order the names
    /// are first met walking the ops children first (MLIR's walk).
    fn color_ops(&mut self, root: OpId) {
        let mut order = Vec::new();
        let mut records = Vec::new();
        post_order(self.ctx, root, &mut |op| {
            let name = self.ctx.op_name(op).to_string();
            if self.ctx.regions(op).is_empty() && !records.contains(&name) {
                records.push(name.clone());
            }
            if !order.contains(&name) {
                order.push(name);
            }
        });
        let n = order.len().max(1) as f64;
        for (i, name) in order.iter().enumerate() {
            self.colors.insert(name.clone(), format!("{:.6} 0.3 0.95", i as f64 / n));
        }
        // The legend lists the colours drawn: those of ops without regions
        // (ops with regions are clusters, not filled).
        self.color_order = order.into_iter().filter(|n| records.contains(n)).collect();
    }

    fn cut(&self, text: String) -> String {
        match self.opts.max_label_len {
            Some(n) if text.chars().count() > n => text.chars().take(n).collect::<String>() + "...",
            _ => text,
        }
    }

    /// An attribute value as mlir-opt shows it: splats whole, big elements
    /// and arrays elided, the rest cut (or, unlimited, wrapped).
    fn attr_text(&self, a: Attr) -> String {
        match self.ctx.attr_kind(a) {
            AttrKind::Dense { data: DenseData::Splat(_) | DenseData::ComplexSplat(..), .. } => {
                escape(&attr_to_string(self.ctx, a))
            }
            AttrKind::Dense { ty, data } if dense_len(self.ctx, *ty, data) > LARGE_ATTR_LIMIT => {
                let rank = self.ctx.type_kind(*ty).shape().map_or(0, |s| s.len());
                format!("{}...{} : {}", "[".repeat(rank), "]".repeat(rank), self.type_text(*ty))
            }
            AttrKind::Array(items) if items.len() > LARGE_ATTR_LIMIT => "[...]".to_string(),
            _ => self.wrap(escape(&self.cut(attr_to_string(self.ctx, a)))),
        }
    }

    fn type_text(&self, t: Type) -> String {
        escape(&self.cut(type_to_string(self.ctx, t)))
    }

    /// Unlimited labels: long lines continue on the next line of the
    /// (left-justified) label.
    fn wrap(&self, text: String) -> String {
        if self.opts.max_label_len.is_some() || text.chars().count() <= WRAP {
            return text;
        }
        let chars: Vec<char> = text.chars().collect();
        chars.chunks(WRAP).map(|c| c.iter().collect::<String>()).collect::<Vec<_>>().join("\\l  ")
    }

    /// The op's attributes by name (properties and those at their default
    /// value included, as MLIR's `getAttrs` lists them).
    fn attrs(&self, op: OpId) -> Vec<(String, String)> {
        let ctx = self.ctx;
        let hidden = ctx.def_of(op).map(|d| d.non_attribute_properties).unwrap_or(&[]);
        let mut list: Vec<(String, String)> = ctx
            .op(op)
            .attrs
            .iter()
            .filter(|(k, _)| !hidden.contains(&ctx.str(**k)))
            .map(|(k, v)| (ctx.str(*k).to_string(), self.attr_text(*v)))
            .collect();
        for (name, text) in ctx.def_of(op).map(|d| d.default_properties).unwrap_or(&[]) {
            if !hidden.contains(name) && !list.iter().any(|(k, _)| k == name) {
                list.push((name.to_string(), self.wrap(escape(&self.cut(text.to_string())))));
            }
        }
        list.sort_by(|a, b| a.0.cmp(&b.0));
        list
    }

    /// `%0` -> `_0`: the port of a value.
    fn port_name(&self, v: Value) -> String {
        self.names.name(self.ctx, v).replace(['%', '#'], "_")
    }

    fn node(&mut self, label: &str, shape: &str, fill: Option<&str>) -> Node {
        self.counter += 1;
        let id = self.counter;
        let text = match fill {
            Some(f) => format!("v{id} [fillcolor = \"{f}\", label = \"{label}\", shape = {shape}, style = filled];"),
            None => format!("v{id} [label = \"{label}\", shape = {shape}];"),
        };
        self.line(&text);
        Node { id, cluster: None }
    }

    fn cluster(&mut self, label: &str, body: impl FnOnce(&mut Self)) -> Node {
        self.counter += 1;
        let cluster = self.counter;
        self.line(&format!("subgraph cluster_{cluster} {{"));
        self.depth += 1;
        let anchor = self.node(" ", "plain", None);
        self.line(&format!("label = \"{label}\";"));
        body(self);
        self.depth -= 1;
        self.line("}");
        Node { id: anchor.id, cluster: Some(cluster) }
    }

    fn process_op(&mut self, op: OpId) -> Node {
        let ctx = self.ctx;
        let node = if ctx.regions(op).is_empty() {
            let label = self.record_label(op);
            let fill = self.colors.get(ctx.op_name(op)).cloned();
            self.node(&label, "Mrecord", fill.as_deref())
        } else {
            let label = self.cluster_label(op);
            self.cluster(&label, |w| {
                for &r in ctx.regions(op) {
                    for &b in ctx.blocks(r) {
                        w.process_block(b);
                    }
                }
            })
        };
        let operands = ctx.operands(op).to_vec();
        for (i, &v) in operands.iter().enumerate() {
            let port = self.operand_port(&operands, i);
            self.uses.push((v, node, port));
        }
        for &r in ctx.results(op) {
            self.value_node.insert(r, node);
        }
        node
    }

    fn process_block(&mut self, b: tessel_ir::BlockId) {
        let ctx = self.ctx;
        self.cluster("", |w| {
            for &a in ctx.block_args(b) {
                let label = w.result_port(a);
                let n = w.node(&label, "Mrecord", None);
                w.value_node.insert(a, n);
            }
            for op in ctx.block_ops(b) {
                w.process_op(op);
            }
        });
    }

    /// The port of operand `i`: the value's. When the op uses the value
    /// more than once, tessel's labels add the operand number so each use
    /// has its own port (mlir-opt 22, followed under `max-label-len`, gives
    /// them one port: Graphviz then draws both edges into the first).
    fn operand_port(&self, operands: &[Value], i: usize) -> String {
        let name = self.port_name(operands[i]);
        if self.opts.max_label_len.is_none() && operands.iter().filter(|v| **v == operands[i]).count() > 1 {
            format!("{name}_{i}")
        } else {
            name
        }
    }

    fn result_port(&self, v: Value) -> String {
        let mut s = format!("<res{}> {}", self.port_name(v), self.names.name(self.ctx, v));
        if self.opts.print_result_types {
            let _ = write!(s, " {}", self.type_text(self.ctx.value_type(v)));
        }
        s
    }

    fn record_label(&self, op: OpId) -> String {
        let ctx = self.ctx;
        let mut s = String::from("{");
        let operands = ctx.operands(op);
        if !operands.is_empty() {
            let ports: Vec<String> = (0..operands.len())
                .map(|i| format!("<arg{}> {}", self.operand_port(operands, i), self.names.name(ctx, operands[i])))
                .collect();
            let _ = write!(s, "{{{}}}|", ports.join("|"));
        }
        let _ = write!(s, "{}\\l", ctx.op_name(op));
        let attrs = self.attrs(op);
        if self.opts.print_attrs && !attrs.is_empty() {
            s.push_str("\\l");
            for (k, v) in attrs {
                let _ = write!(s, "{k}: {v}\\l");
            }
        }
        let results = ctx.results(op);
        if !results.is_empty() {
            let ports: Vec<String> = results.iter().map(|r| self.result_port(*r)).collect();
            let _ = write!(s, "|{{{}}}", ports.join("|"));
        }
        s.push('}');
        s
    }

    fn cluster_label(&self, op: OpId) -> String {
        let ctx = self.ctx;
        let mut s = ctx.op_name(op).to_string();
        if self.opts.print_result_types {
            let types: Vec<String> = ctx.results(op).iter().map(|r| type_to_string(ctx, ctx.value_type(*r))).collect();
            // mlir-opt 22 leaves the cluster's result types unescaped.
            let _ = write!(s, " : ({})", self.cut(types.join(", ")));
        }
        if self.opts.print_attrs {
            s.push_str("\\l");
            for (k, v) in self.attrs(op) {
                let _ = write!(s, "{k}: {v}\\l");
            }
        }
        s
    }

    fn edge(&mut self, from: Node, to: Node, src_port: &str, dst_port: &str) {
        let mut s = format!("v{}", from.id);
        if from.cluster.is_none() {
            let _ = write!(s, ":res{src_port}:s");
        }
        let _ = write!(s, " -> v{}", to.id);
        if to.cluster.is_none() {
            let _ = write!(s, ":arg{dst_port}:n");
        }
        let mut attrs = Vec::new();
        if let Some(c) = to.cluster {
            attrs.push(format!("lhead = cluster_{c}"));
        }
        if let Some(c) = from.cluster {
            attrs.push(format!("ltail = cluster_{c}"));
        }
        attrs.push("style = solid".to_string());
        let _ = write!(s, "[{}];", attrs.join(", "));
        self.line(&s);
    }

    /// tessel's legend (unlimited labels only): the colour of each op name
    /// and how to read nodes, ports and edges.
    fn legend(&mut self) {
        let mut rows = String::new();
        for name in &self.color_order {
            let _ = write!(
                rows,
                "<tr><td bgcolor=\"{}\"> </td><td align=\"left\">{}</td></tr>",
                self.colors[name],
                html(name)
            );
        }
        let text = format!(
            "legend [shape = plain, label = <<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">\
<tr><td colspan=\"2\"><b>legend</b></td></tr>{rows}\
<tr><td colspan=\"2\" align=\"left\">record: operands (top), op and attributes, results (bottom)</td></tr>\
<tr><td colspan=\"2\" align=\"left\">ports: SSA names as printed; edge: a result to its use</td></tr>\
<tr><td colspan=\"2\" align=\"left\">box: an op with regions, one inner box per block</td></tr></table>>];"
        );
        self.line(&text);
    }
}

/// Calls `f` on every op under and including `op`, children first.
fn post_order(ctx: &Context, op: OpId, f: &mut impl FnMut(OpId)) {
    for &r in ctx.regions(op) {
        for &b in ctx.blocks(r) {
            for o in ctx.block_ops(b) {
                post_order(ctx, o, f);
            }
        }
    }
    f(op);
}

fn dense_len(ctx: &Context, ty: Type, data: &DenseData) -> usize {
    match data {
        DenseData::Elements(e) => e.len(),
        _ => ctx.type_kind(ty).shape().map_or(1, |s| s.iter().map(|d| (*d).max(0) as usize).product()),
    }
}

/// Graphviz record labels: braces, bars, angle brackets, quotes and
/// newlines take a backslash (MLIR's `escapeLabelString`).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '{' | '|' | '<' | '}' | '>' | '\n' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text inside an HTML-like label.
fn html(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessel_ir::parser::{parse_module, BufferStart};

    #[test]
    fn records_ports_and_edges_follow_the_ir() {
        let mut ctx = Context::new();
        let text = "func.func @f(%a: index, %b: index) -> index {\n  %0 = arith.addi %a, %b : index\n  %1 = arith.muli %0, %0 : index\n  return %1 : index\n}\n";
        let module = parse_module(&mut ctx, text, "t", BufferStart::default()).unwrap().module;
        let dot = op_graph_dot(&ctx, module, &GraphOptions::default());
        // module, its block, func, its block.
        assert_eq!(dot.matches("subgraph cluster_").count(), 4, "{dot}");
        assert!(dot.contains(r#"label = "<res_arg1> %arg1 index", shape = Mrecord"#), "{dot}");
        assert!(dot.contains(r#"sym_name: \"f\"\l"#), "{dot}");
        // Both uses of %0 by muli get their own port (tessel's labels).
        assert!(dot.contains("{{<arg_0_0> %0|<arg_0_1> %0}|arith.muli"), "{dot}");
        let edges: Vec<&str> = dot.lines().filter(|l| l.starts_with("  v") && l.contains(" -> v")).collect();
        assert_eq!(
            edges,
            [
                "  v9:res_arg0:s -> v11:arg_arg0:n[style = solid];",
                "  v10:res_arg1:s -> v11:arg_arg1:n[style = solid];",
                "  v11:res_0:s -> v12:arg_0_0:n[style = solid];",
                "  v11:res_0:s -> v12:arg_0_1:n[style = solid];",
                "  v12:res_1:s -> v13:arg_1:n[style = solid];",
            ],
            "{dot}"
        );
        assert!(dot.contains("legend [shape = plain"), "{dot}");
        // mlir-opt's form: cut labels, one port per value, no legend.
        let short = op_graph_dot(&ctx, module, &GraphOptions { max_label_len: Some(3), ..GraphOptions::default() });
        assert!(short.contains(r"function_type: (in...\l"), "{short}");
        assert!(short.contains("{{<arg_0> %0|<arg_0> %0}|arith.muli"), "{short}");
        assert!(!short.contains("legend"), "{short}");
    }
}
