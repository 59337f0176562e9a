//! `--mlir-timing`: mlir-opt's execution time report, as a tree of the
//! pass pipeline (`--mlir-timing-display=tree`, the default, as in
//! mlir-opt 22) or a list of timers merged by name and sorted by time
//! (`--mlir-timing-display=list`).
//!
//! Passes are named by class (`Canonicalizer`), nested pipelines by their
//! anchor (`'func.func' Pipeline`), as mlir-opt names them. `Rest` is the
//! wall time no timer covered; `Total` the wall time of the whole run.
//! Beyond mlir-opt's timers, tessel reports its verifier (`Verifier`) and
//! `--run`'s `Execution` (and `MLIR lowering and JIT`).

use std::time::{Duration, Instant};

use tessel_passes::manager::PipelineElement;

/// How the report is laid out.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum TimingDisplay {
    /// Nested as the pipeline is (mlir-opt 22's default).
    #[default]
    Tree,
    /// One line per timer name, the slowest first.
    List,
}

/// A timer in the tree.
#[derive(Clone, Debug)]
enum Node {
    /// A named step (`Parser`) or a pass (its class name), with the slot
    /// of the pass in the pipeline.
    Leaf { name: String, slot: Option<usize>, time: Duration },
    /// A nested pipeline: its time is its children's.
    Pipeline { name: String, children: Vec<Node> },
}

impl Node {
    fn time(&self) -> Duration {
        match self {
            Node::Leaf { time, .. } => *time,
            Node::Pipeline { children, .. } => children.iter().map(Node::time).sum(),
        }
    }

    fn slot_mut(&mut self, slot: usize) -> Option<&mut Duration> {
        match self {
            Node::Leaf { slot: Some(s), time, .. } if *s == slot => Some(time),
            Node::Leaf { .. } => None,
            Node::Pipeline { children, .. } => children.iter_mut().find_map(|c| c.slot_mut(slot)),
        }
    }
}

/// The pipeline's timers, passes numbered in pre-order from `*slot`.
fn pipeline_nodes(elements: &[PipelineElement], slot: &mut usize) -> Vec<Node> {
    elements
        .iter()
        .map(|e| match e {
            PipelineElement::Pass(p, _) => {
                *slot += 1;
                Node::Leaf { name: p.class_name().to_string(), slot: Some(*slot - 1), time: Duration::ZERO }
            }
            PipelineElement::Nested { anchor, elements } => {
                Node::Pipeline { name: format!("'{anchor}' Pipeline"), children: pipeline_nodes(elements, slot) }
            }
        })
        .collect()
}

/// The timers of one tessel-opt run.
pub struct Timing {
    started: Instant,
    display: TimingDisplay,
    /// Top-level timers in first-seen order.
    top: Vec<Node>,
    /// The pipeline's timers, placed among `top` when its first pass ends.
    pipeline: Vec<Node>,
    placed: bool,
}

impl Timing {
    /// Timers from now on, for a run of `pipeline` (its top level: a
    /// leading `builtin.module(...)` is the root, which has no line).
    pub fn new(display: TimingDisplay, pipeline: &[PipelineElement]) -> Timing {
        let root = match pipeline {
            [PipelineElement::Nested { anchor, elements }] if anchor == "builtin.module" => elements.as_slice(),
            other => other,
        };
        let mut slot = 0;
        Timing {
            started: Instant::now(),
            display,
            top: Vec::new(),
            pipeline: pipeline_nodes(root, &mut slot),
            placed: false,
        }
    }

    /// Adds time to a named top-level timer.
    pub fn add(&mut self, name: &str, d: Duration) {
        for n in &mut self.top {
            if let Node::Leaf { name: n, slot: None, time } = n {
                if n == name {
                    *time += d;
                    return;
                }
            }
        }
        self.top.push(Node::Leaf { name: name.to_string(), slot: None, time: d });
    }

    /// Adds time to the pass at `slot` of the pipeline.
    pub fn add_pass(&mut self, slot: usize, d: Duration) {
        if !self.placed {
            self.placed = true;
            let nodes = std::mem::take(&mut self.pipeline);
            self.top.extend(nodes);
        }
        if let Some(t) = self.top.iter_mut().find_map(|n| n.slot_mut(slot)) {
            *t += d;
        }
    }

    /// The report, as mlir-opt writes it to stderr.
    pub fn report(&self) -> String {
        let total = self.started.elapsed().as_secs_f64();
        let covered: f64 = self.top.iter().map(|n| n.time().as_secs_f64()).sum();
        let rule = "===-------------------------------------------------------------------------===";
        let mut s = format!("{rule}\n                         ... Execution time report ...\n{rule}\n");
        s.push_str(&format!("  Total Execution Time: {total:.4} seconds\n\n  ----Wall Time----  ----Name----\n"));
        let line = |s: &mut String, t: f64, depth: usize, name: &str| {
            let pct = if total > 0.0 { 100.0 * t / total } else { 0.0 };
            s.push_str(&format!("    {t:.4} ({pct:5.1}%)  {}{name}\n", "  ".repeat(depth)));
        };
        match self.display {
            TimingDisplay::Tree => {
                fn tree(s: &mut String, nodes: &[Node], depth: usize, line: &dyn Fn(&mut String, f64, usize, &str)) {
                    for n in nodes {
                        match n {
                            Node::Leaf { name, .. } => line(s, n.time().as_secs_f64(), depth, name),
                            Node::Pipeline { name, children } => {
                                line(s, n.time().as_secs_f64(), depth, name);
                                tree(s, children, depth + 1, line);
                            }
                        }
                    }
                }
                tree(&mut s, &self.top, 0, &line);
            }
            TimingDisplay::List => {
                let mut merged: Vec<(String, Duration)> = Vec::new();
                fn flatten(nodes: &[Node], merged: &mut Vec<(String, Duration)>) {
                    for n in nodes {
                        let name = match n {
                            Node::Leaf { name, .. } | Node::Pipeline { name, .. } => name,
                        };
                        match merged.iter_mut().find(|(m, _)| m == name) {
                            Some((_, t)) => *t += n.time(),
                            None => merged.push((name.clone(), n.time())),
                        }
                        if let Node::Pipeline { children, .. } = n {
                            flatten(children, merged);
                        }
                    }
                }
                flatten(&self.top, &mut merged);
                merged.sort_by_key(|(_, t)| std::cmp::Reverse(*t));
                for (name, t) in &merged {
                    line(&mut s, t.as_secs_f64(), 0, name);
                }
            }
        }
        line(&mut s, (total - covered).max(0.0), 0, "Rest");
        s.push_str(&format!("    {total:.4} (100.0%)  Total\n"));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessel_passes::{parse_pipeline, PassRegistry};

    fn timing(display: TimingDisplay) -> Timing {
        let pipeline =
            parse_pipeline("builtin.module(func.func(cse,canonicalize),canonicalize)", &PassRegistry::default())
                .unwrap();
        let mut t = Timing::new(display, &pipeline);
        t.add("Parser", Duration::from_millis(5));
        t.add_pass(0, Duration::from_millis(2));
        t.add_pass(1, Duration::from_millis(3));
        t.add_pass(0, Duration::from_millis(2));
        t.add_pass(2, Duration::from_millis(7));
        t.add("Output", Duration::from_millis(1));
        t
    }

    fn names(report: &str) -> Vec<String> {
        report.lines().skip(6).filter_map(|l| l.split_once("%)  ")).map(|(_, n)| n.to_string()).collect()
    }

    #[test]
    fn the_tree_nests_like_the_pipeline_and_names_passes_by_class() {
        let r = timing(TimingDisplay::Tree).report();
        assert_eq!(
            names(&r),
            ["Parser", "'func.func' Pipeline", "  CSE", "  Canonicalizer", "Canonicalizer", "Output", "Rest", "Total"]
        );
        assert!(r.contains("    0.0070 ("), "the pipeline sums its passes: {r}");
        assert!(r.contains("    0.0040 ("), "two runs of one pass add up: {r}");
    }

    #[test]
    fn the_list_merges_names_and_puts_the_slowest_first() {
        let r = timing(TimingDisplay::List).report();
        assert_eq!(names(&r), ["Canonicalizer", "'func.func' Pipeline", "Parser", "CSE", "Output", "Rest", "Total"]);
        assert!(r.contains("    0.0100 ("), "Canonicalizer's two instances merge: {r}");
    }
}
