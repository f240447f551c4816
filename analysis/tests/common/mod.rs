//! Helpers shared by the graph integration tests: compact graph
//! construction and naive reference implementations (quadratic, obviously
//! correct) used as oracles.

#![allow(dead_code)]

use analysis::graph::{Graph, NodeId};
use fixedbitset::FixedBitSet;

/// Shorthand for a node id.
pub fn n(index: u32) -> NodeId {
    NodeId::new(index)
}

/// Builds a graph from per-node successor lists of raw indices.
pub fn graph(entry: u32, successors: &[&[u32]]) -> Graph {
    let lists: Vec<Vec<NodeId>> = successors
        .iter()
        .map(|list| list.iter().copied().map(NodeId::new).collect())
        .collect();
    Graph::from_successor_lists(n(entry), &lists)
}

/// Builds a graph from raw `(from, to)` edges.
pub fn graph_from_edges(num_nodes: usize, entry: u32, edges: &[(u32, u32)]) -> Graph {
    Graph::from_edges(
        num_nodes,
        n(entry),
        edges.iter().map(|&(a, b)| (n(a), n(b))),
    )
}

/// Nodes as raw indices, for readable assertions.
pub fn raw(nodes: impl IntoIterator<Item = NodeId>) -> Vec<u32> {
    nodes.into_iter().map(NodeId::as_u32).collect()
}

/// Bitset with the given bits, `len` long.
pub fn bits(len: usize, ones: &[usize]) -> FixedBitSet {
    let mut set = FixedBitSet::with_capacity(len);
    for &bit in ones {
        set.insert(bit);
    }
    set
}

/// Nodes reachable from `start` without entering `avoid` (if `start == avoid`,
/// nothing is reachable).
pub fn reachable_avoiding(graph: &Graph, start: NodeId, avoid: Option<NodeId>) -> Vec<bool> {
    let mut seen = vec![false; graph.num_nodes()];
    if Some(start) == avoid {
        return seen;
    }
    let mut stack = vec![start];
    seen[start.index()] = true;
    while let Some(node) = stack.pop() {
        for &next in graph.successors(node) {
            if Some(next) != avoid && !seen[next.index()] {
                seen[next.index()] = true;
                stack.push(next);
            }
        }
    }
    seen
}

/// Naive dominance with LLVM semantics for unreachable nodes.
pub fn naive_dominates(graph: &Graph, root: NodeId, a: NodeId, b: NodeId) -> bool {
    let reachable = reachable_avoiding(graph, root, None);
    if a == b || !reachable[b.index()] {
        return true;
    }
    if !reachable[a.index()] {
        return false;
    }
    !reachable_avoiding(graph, root, Some(a))[b.index()]
}

/// Naive liveness: round-robin iteration over nodes in index order until
/// nothing changes, with plain boolean vectors.
pub fn naive_liveness(
    graph: &Graph,
    num_values: usize,
    uses: &[FixedBitSet],
    defs: &[FixedBitSet],
) -> (Vec<Vec<bool>>, Vec<Vec<bool>>) {
    let count = graph.num_nodes();
    let mut live_in = vec![vec![false; num_values]; count];
    let mut live_out = vec![vec![false; num_values]; count];
    let mut changed = true;
    while changed {
        changed = false;
        for node in graph.nodes() {
            let i = node.index();
            for value in 0..num_values {
                let out = graph
                    .successors(node)
                    .iter()
                    .any(|s| live_in[s.index()][value]);
                let inn = uses[i].contains(value) || (out && !defs[i].contains(value));
                if out != live_out[i][value] || inn != live_in[i][value] {
                    live_out[i][value] = out;
                    live_in[i][value] = inn;
                    changed = true;
                }
            }
        }
    }
    (live_in, live_out)
}

/// Converts a bitset into a boolean vector of length `len`.
pub fn to_bools(set: &FixedBitSet, len: usize) -> Vec<bool> {
    (0..len).map(|bit| set.contains(bit)).collect()
}
