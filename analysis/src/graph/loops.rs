//! Back edges, natural loops and reducibility.
//!
//! Definitions (all relative to a [`DominatorTree`] rooted at the entry):
//! * a *back edge* is an edge `latch -> header` between reachable nodes where
//!   `header` dominates `latch` (self loops included);
//! * the *natural loop* of a header is the header plus every reachable node
//!   that can reach one of its latches without passing through the header. All
//!   its members are dominated by the header;
//! * a graph is *reducible* iff every retreating edge of a DFS from the entry
//!   is a back edge, i.e. every cycle has a header dominating it. Cycles of an
//!   irreducible graph (several entries) have no back edge and no natural
//!   loop; edges from or to unreachable nodes are never back edges.
//!
//! Results are deterministic: back edges are listed by source index then
//! successor order, and loops by header reverse postorder.

use fixedbitset::FixedBitSet;

use super::{DfsOrder, DominatorTree, Graph, NodeId};

/// Whether `from -> to` is a back edge: both reachable and `to` dominates
/// `from`. Does not check that the edge exists.
#[must_use]
pub fn is_back_edge(dominators: &DominatorTree, from: NodeId, to: NodeId) -> bool {
    dominators.is_reachable(from) && dominators.dominates(to, from)
}

/// All back edges `(latch, header)` of `graph`, by source index then
/// successor order (parallel edges listed once per edge).
#[must_use]
pub fn back_edges(graph: &Graph, dominators: &DominatorTree) -> Vec<(NodeId, NodeId)> {
    graph
        .edges()
        .filter(|&(from, to)| is_back_edge(dominators, from, to))
        .collect()
}

/// Whether every cycle reachable from the entry has a dominating header.
#[must_use]
pub fn is_reducible(graph: &Graph, dominators: &DominatorTree) -> bool {
    let order = DfsOrder::from_entry(graph);
    graph
        .edges()
        .all(|(from, to)| !order.is_retreating_edge(from, to) || is_back_edge(dominators, from, to))
}

/// A natural loop: a header, its latches and its member set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaturalLoop {
    header: NodeId,
    latches: Vec<NodeId>,
    members: FixedBitSet,
}

impl NaturalLoop {
    /// The natural loop of `header` closed by the back edges from `latches`.
    ///
    /// Latches without an edge to `header`, unreachable ones and those not
    /// dominated by `header` are ignored (they do not close a back edge).
    ///
    /// # Panics
    ///
    /// Panics if a node is out of range.
    #[must_use]
    pub fn new(
        graph: &Graph,
        dominators: &DominatorTree,
        header: NodeId,
        latches: &[NodeId],
    ) -> Self {
        let mut latches: Vec<NodeId> = latches
            .iter()
            .copied()
            .filter(|&latch| {
                graph.successors(latch).contains(&header) && is_back_edge(dominators, latch, header)
            })
            .collect();
        latches.sort_unstable();
        latches.dedup();
        let members = loop_members(graph, dominators, header, &latches);
        Self {
            header,
            latches,
            members,
        }
    }

    /// The loop header.
    #[must_use]
    pub fn header(&self) -> NodeId {
        self.header
    }

    /// Sources of the back edges to the header, sorted by index.
    #[must_use]
    pub fn latches(&self) -> &[NodeId] {
        &self.latches
    }

    /// Whether `node` belongs to the loop.
    #[must_use]
    pub fn contains(&self, node: NodeId) -> bool {
        self.members.contains(node.index())
    }

    /// Member set, indexed by node.
    #[must_use]
    pub fn member_set(&self) -> &FixedBitSet {
        &self.members
    }

    /// Members in increasing index order.
    pub fn members(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.members.ones().map(NodeId::from_index)
    }

    /// Number of members (the header included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.members.count_ones(..)
    }

    /// Whether the loop has no members (never true: it contains its header).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.members.is_clear()
    }
}

/// Header plus every reachable node reaching a latch without going through
/// the header (backward search stopping at the header).
fn loop_members(
    graph: &Graph,
    dominators: &DominatorTree,
    header: NodeId,
    latches: &[NodeId],
) -> FixedBitSet {
    let mut members = FixedBitSet::with_capacity(graph.num_nodes());
    members.insert(header.index());
    let mut stack: Vec<NodeId> = Vec::new();
    for &latch in latches {
        if !members.put(latch.index()) {
            stack.push(latch);
        }
    }
    while let Some(node) = stack.pop() {
        for &pred in graph.predecessors(node) {
            if dominators.is_reachable(pred) && !members.put(pred.index()) {
                stack.push(pred);
            }
        }
    }
    members
}

/// All natural loops of `graph`, one per header (merging all back edges to
/// it), ordered by the header's reverse postorder number, so an outer loop
/// comes before the loops nested in it.
#[must_use]
pub fn natural_loops(graph: &Graph, dominators: &DominatorTree) -> Vec<NaturalLoop> {
    let mut edges = back_edges(graph, dominators);
    edges.sort_unstable_by_key(|&(latch, header)| (dominators.rpo_number(header), latch));
    edges
        .chunk_by(|a, b| a.1 == b.1)
        .map(|group| {
            let header = group[0].1;
            let latches: Vec<NodeId> = group.iter().map(|&(latch, _)| latch).collect();
            NaturalLoop::new(graph, dominators, header, &latches)
        })
        .collect()
}
