//! Block dominance in a CFG region, on petgraph's dominator algorithm
//! (Cooper, Harvey and Kennedy's "simple, fast" iteration).
//!
//! The dominator tree is numbered once by a depth-first walk, so "does
//! block `a` dominate block `b`" is two comparisons. Blocks the entry does
//! not reach are dominated by every block, as in MLIR.

use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};

/// The dominator tree of a graph whose node 0 is the entry, numbered for
/// constant-time queries.
#[derive(Clone, Debug)]
pub struct DomTree {
    reachable: Vec<bool>,
    /// Depth-first entry and exit numbers in the dominator tree.
    enter: Vec<u32>,
    exit: Vec<u32>,
}

impl DomTree {
    /// The dominator tree of the graph with successor lists `succs` (node
    /// `i`'s successors; node 0 is the entry).
    pub fn new(succs: &[Vec<usize>]) -> DomTree {
        let n = succs.len();
        let mut g: DiGraph<(), ()> = DiGraph::with_capacity(n, succs.iter().map(Vec::len).sum());
        for _ in 0..n {
            g.add_node(());
        }
        for (i, ss) in succs.iter().enumerate() {
            for &j in ss {
                if j < n {
                    g.add_edge(NodeIndex::new(i), NodeIndex::new(j), ());
                }
            }
        }
        let mut reachable = vec![false; n];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        if n > 0 {
            let doms = simple_fast(&g, NodeIndex::new(0));
            reachable[0] = true;
            for (b, slot) in reachable.iter_mut().enumerate().skip(1) {
                if let Some(idom) = doms.immediate_dominator(NodeIndex::new(b)) {
                    *slot = true;
                    children[idom.index()].push(b);
                }
            }
        }
        // Number the tree depth-first (iteratively: regions can be long chains).
        let (mut enter, mut exit) = (vec![0u32; n], vec![0u32; n]);
        let mut clock = 0u32;
        let mut stack: Vec<(usize, usize)> = if n > 0 { vec![(0, 0)] } else { vec![] };
        if n > 0 {
            enter[0] = 0;
            clock = 1;
        }
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&child) = children[node].get(*next) {
                *next += 1;
                enter[child] = clock;
                clock += 1;
                stack.push((child, 0));
            } else {
                exit[node] = clock;
                clock += 1;
                stack.pop();
            }
        }
        DomTree { reachable, enter, exit }
    }

    /// Whether block `a` dominates block `b` (every block dominates itself).
    pub fn dominates(&self, a: usize, b: usize) -> bool {
        if !self.reachable.get(b).copied().unwrap_or(false) {
            return true;
        }
        self.reachable[a] && self.enter[a] <= self.enter[b] && self.exit[b] <= self.exit[a]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dominator sets by the textbook iteration (the verifier's algorithm
    /// before petgraph): dom(entry) = {entry}, dom(b) = {b} ∪ ⋂ dom(preds).
    fn reference(succs: &[Vec<usize>]) -> Vec<Vec<bool>> {
        let n = succs.len();
        let mut preds = vec![Vec::new(); n];
        for (i, ss) in succs.iter().enumerate() {
            for &j in ss {
                preds[j].push(i);
            }
        }
        let mut reachable = vec![false; n];
        let mut stack = vec![0];
        while let Some(i) = stack.pop() {
            if !reachable[i] {
                reachable[i] = true;
                stack.extend(&succs[i]);
            }
        }
        let mut dom = vec![vec![true; n]; n];
        dom[0] = (0..n).map(|i| i == 0).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..n {
                if !reachable[b] {
                    continue;
                }
                let mut new = vec![true; n];
                for &p in preds[b].iter().filter(|p| reachable[**p]) {
                    for k in 0..n {
                        new[k] &= dom[p][k];
                    }
                }
                new[b] = true;
                if new != dom[b] {
                    dom[b] = new;
                    changed = true;
                }
            }
        }
        dom
    }

    #[test]
    fn agrees_with_dominator_sets_on_random_cfgs() {
        let mut rng = tessel_testkit::Rng(0x5eed);
        let mut rng = move || rng.next_u64();
        for case in 0..2000 {
            let n = 1 + (rng() % 12) as usize;
            let succs: Vec<Vec<usize>> =
                (0..n).map(|_| (0..rng() % 3).map(|_| (rng() % n as u64) as usize).collect()).collect();
            let tree = DomTree::new(&succs);
            let sets = reference(&succs);
            for (b, dominators_of_b) in sets.iter().enumerate() {
                for (a, expected) in dominators_of_b.iter().enumerate() {
                    assert_eq!(tree.dominates(a, b), *expected, "case {case}: does {a} dominate {b}? {succs:?}");
                }
            }
        }
    }

    #[test]
    fn a_long_chain_does_not_recurse() {
        let n = 200_000;
        let succs: Vec<Vec<usize>> = (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![] }).collect();
        let tree = DomTree::new(&succs);
        assert!(tree.dominates(0, n - 1));
        assert!(!tree.dominates(n - 1, 0));
    }
}
