//! `view-op-graph{max-label-len=N print-attrs=B print-result-types=B}`:
//! writes a Graphviz DOT picture of the data flow of the op it runs on to
//! stderr (as mlir-opt's `-view-op-graph` does) and leaves the IR as it is.
//!
//! Ops are nodes (labelled with their name, result types and attributes),
//! SSA values are edges from their definition to each use, block arguments
//! are small nodes of their own, and every region is a cluster labelled with
//! the op that owns it, so tiled loop nests read as nested boxes. The graph
//! is a petgraph `Graph` (nodes and edges) plus the cluster tree; render it
//! with `dot -Tsvg`.

use std::fmt::Write;

use petgraph::graph::{Graph, NodeIndex};
use petgraph::visit::EdgeRef;
use rustc_hash::FxHashMap;
use tessel_ir::context::ValueDef;
use tessel_ir::printer::{attr_to_string, type_to_string};
use tessel_ir::{Context, Diagnostic, OpId, Value};

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
    /// Attribute values longer than this are cut with `...`.
    pub max_label_len: usize,
    pub print_attrs: bool,
    pub print_result_types: bool,
}

impl Default for GraphOptions {
    fn default() -> Self {
        GraphOptions { max_label_len: 20, print_attrs: true, print_result_types: true }
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
                v.parse().map_err(|_| format!("option 'max-label-len' expects a number, got '{v}'"))?;
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
        "ViewOpGraph"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let dot = op_graph_dot(ctx, op, &self.options);
        tessel_ir::diag::write_stderr(&dot);
        Ok(())
    }
}

/// A node: an op or a block argument.
#[derive(Clone, Debug)]
enum GraphNode {
    Op(OpId),
    Arg(Value),
}

/// A region's box: its label and, in program order, its nodes and the
/// boxes of nested ops with regions.
#[derive(Default, Debug)]
struct Cluster {
    label: String,
    items: Vec<Item>,
}

#[derive(Debug)]
enum Item {
    Node(NodeIndex),
    Box(Cluster),
}

/// The data-flow graph of `root` (nodes and edges) and its region boxes.
struct OpGraph {
    graph: Graph<GraphNode, ()>,
    root: Cluster,
    /// The node standing for each op (ops with regions: an anchor inside
    /// their box) and for each block argument.
    op_node: FxHashMap<OpId, NodeIndex>,
    arg_node: FxHashMap<Value, NodeIndex>,
    /// The ops in program order (edges are emitted in this order).
    in_order: Vec<OpId>,
}

impl OpGraph {
    fn build(ctx: &Context, root: OpId) -> OpGraph {
        let mut g = OpGraph {
            graph: Graph::new(),
            root: Cluster::default(),
            op_node: FxHashMap::default(),
            arg_node: FxHashMap::default(),
            in_order: Vec::new(),
        };
        let mut top = Cluster::default();
        g.add_op(ctx, root, &mut top);
        g.root = top;
        // Data flow: definition -> use, for every operand whose definition
        // is inside the graph.
        for user in std::mem::take(&mut g.in_order) {
            let to = g.op_node[&user];
            for &v in ctx.operands(user) {
                let from = match ctx.value_def(v) {
                    ValueDef::Result { op, .. } => g.op_node.get(&op).copied(),
                    ValueDef::BlockArg { .. } => g.arg_node.get(&v).copied(),
                    ValueDef::Detached => None,
                };
                if let Some(from) = from {
                    g.graph.add_edge(from, to, ());
                }
            }
        }
        g
    }

    /// Adds `op` to `into`: a node, or (with regions) a box holding an
    /// anchor node and its regions' contents.
    fn add_op(&mut self, ctx: &Context, op: OpId, into: &mut Cluster) {
        let node = self.graph.add_node(GraphNode::Op(op));
        self.op_node.insert(op, node);
        self.in_order.push(op);
        if ctx.regions(op).is_empty() {
            into.items.push(Item::Node(node));
            return;
        }
        let mut own = Cluster { label: ctx.op_name(op).to_string(), items: vec![Item::Node(node)] };
        for &r in ctx.regions(op) {
            let mut region = Cluster::default();
            for &b in ctx.blocks(r) {
                for &a in ctx.block_args(b) {
                    let n = self.graph.add_node(GraphNode::Arg(a));
                    self.arg_node.insert(a, n);
                    region.items.push(Item::Node(n));
                }
                for o in ctx.block_ops(b) {
                    self.add_op(ctx, o, &mut region);
                }
            }
            own.items.push(Item::Box(region));
        }
        into.items.push(Item::Box(own));
    }
}

/// The DOT text of `root`'s data flow.
pub fn op_graph_dot(ctx: &Context, root: OpId, opts: &GraphOptions) -> String {
    let g = OpGraph::build(ctx, root);
    let mut out = String::from("digraph G {\n  compound = true;\n");
    let mut next_cluster = 0usize;
    write_cluster(ctx, &g, &g.root, opts, 1, &mut next_cluster, &mut out);
    for e in g.graph.edge_references() {
        let _ = writeln!(out, "  v{} -> v{};", e.source().index(), e.target().index());
    }
    out.push_str("}\n");
    out
}

fn write_cluster(
    ctx: &Context,
    g: &OpGraph,
    c: &Cluster,
    opts: &GraphOptions,
    depth: usize,
    next: &mut usize,
    out: &mut String,
) {
    let pad = "  ".repeat(depth);
    for (k, item) in c.items.iter().enumerate() {
        match item {
            Item::Node(n) => {
                // The first node of an op's own box is the op itself.
                let anchor = k == 0 && !c.label.is_empty();
                let (label, shape) = node_label(ctx, &g.graph[*n], opts, anchor);
                let _ = writeln!(out, "{pad}v{} [label = \"{}\", shape = {shape}];", n.index(), dot_escape(&label));
            }
            Item::Box(child) => {
                let id = *next;
                *next += 1;
                let _ = writeln!(out, "{pad}subgraph cluster_{id} {{");
                if child.label.is_empty() {
                    let _ = writeln!(out, "{pad}  style = dashed;");
                } else {
                    let _ = writeln!(out, "{pad}  label = \"{}\";", dot_escape(&child.label));
                }
                write_cluster(ctx, g, child, opts, depth + 1, next, out);
                let _ = writeln!(out, "{pad}}}");
            }
        }
    }
}

/// The label and shape of a node (`anchor`: the op heading its own box).
fn node_label(ctx: &Context, n: &GraphNode, opts: &GraphOptions, anchor: bool) -> (String, &'static str) {
    match n {
        GraphNode::Arg(v) => {
            let index = match ctx.value_def(*v) {
                ValueDef::BlockArg { index, .. } => index,
                _ => 0,
            };
            (format!("arg #{index} : {}", type_to_string(ctx, ctx.value_type(*v))), "plain")
        }
        GraphNode::Op(op) => {
            let mut label = ctx.op_name(*op).to_string();
            if opts.print_result_types && !ctx.results(*op).is_empty() {
                let types: Vec<String> =
                    ctx.results(*op).iter().map(|r| type_to_string(ctx, ctx.value_type(*r))).collect();
                let _ = write!(label, " : ({})", types.join(", "));
            }
            if opts.print_attrs {
                for (k, v) in ctx.op(*op).attrs.iter() {
                    let mut text = attr_to_string(ctx, *v);
                    if text.chars().count() > opts.max_label_len {
                        text = text.chars().take(opts.max_label_len).collect::<String>() + "...";
                    }
                    let _ = write!(label, "\n{}: {text}", ctx.str(*k));
                }
            }
            (label, if anchor { "box" } else { "ellipse" })
        }
    }
}

/// A string inside DOT's double quotes.
fn dot_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessel_ir::parser::{parse_module, BufferStart};

    #[test]
    fn nodes_edges_and_boxes_follow_the_ir() {
        let mut ctx = Context::new();
        let text = "func.func @f(%a: index, %b: index) -> index {\n  %0 = arith.addi %a, %b : index\n  %1 = arith.muli %0, %0 : index\n  return %1 : index\n}\n";
        let module = parse_module(&mut ctx, text, "t", BufferStart::default()).unwrap().module;
        let dot = op_graph_dot(&ctx, module, &GraphOptions::default());
        // module and func boxes, their regions' boxes.
        assert_eq!(dot.matches("subgraph cluster_").count(), 4, "{dot}");
        assert!(dot.contains("label = \"func.func\""), "{dot}");
        assert!(dot.contains("arg #1 : index"), "{dot}");
        assert!(dot.contains("arith.addi : (index)"), "{dot}");
        // a -> addi, b -> addi, addi -> muli (twice: two operands), muli -> return.
        let edges: Vec<&str> = dot.lines().filter(|l| l.starts_with("  v") && l.contains(" -> v")).collect();
        assert_eq!(edges, ["  v2 -> v4;", "  v3 -> v4;", "  v4 -> v5;", "  v4 -> v5;", "  v5 -> v6;"], "{dot}");
        assert!(dot.contains(r#"sym_name: \"f\""#), "{dot}");
        let short = op_graph_dot(&ctx, module, &GraphOptions { max_label_len: 3, ..GraphOptions::default() });
        assert!(short.contains("function_type: (in..."), "{short}");
    }
}
