//! Iterative depth-first traversals.
//!
//! [`DfsOrder`] records the preorder and postorder of a depth-first search
//! that visits successors in edge order, exactly as the textbook recursive DFS
//! would, but with an explicit stack (no recursion, so million-node chains do
//! not overflow the call stack).
//!
//! Invariants:
//! * each visited node appears exactly once in the preorder and once in the
//!   postorder; unvisited nodes appear in neither and have no numbers;
//! * the reverse postorder (RPO) of a search from the entry lists every node
//!   before its successors, except along retreating edges (`from -> to` with
//!   `rpo(to) <= rpo(from)`), which are exactly the edges closing a cycle of
//!   the search;
//! * in a search from several roots ([`DfsOrder::covering_all`]), the roots
//!   are tried in the given order and already visited ones are skipped.

use fixedbitset::FixedBitSet;

use super::{Graph, NodeId};

/// Marker for "no number" in the dense numbering vectors.
const UNNUMBERED: u32 = u32::MAX;

/// Preorder and postorder of a depth-first search, with per-node numbers.
#[derive(Clone, Debug)]
pub struct DfsOrder {
    preorder: Vec<NodeId>,
    postorder: Vec<NodeId>,
    preorder_number: Vec<u32>,
    postorder_number: Vec<u32>,
}

impl DfsOrder {
    /// Depth-first search from the graph's entry node.
    #[must_use]
    pub fn from_entry(graph: &Graph) -> Self {
        Self::from_root(graph, graph.entry())
    }

    /// Depth-first search from `root`, following successor edges.
    ///
    /// # Panics
    ///
    /// Panics if `root` is out of range.
    #[must_use]
    pub fn from_root(graph: &Graph, root: NodeId) -> Self {
        Self::search(graph.num_nodes(), [root], |node| graph.successors(node))
    }

    /// Depth-first search that visits every node: first from the entry node,
    /// then from each still unvisited node in increasing index order.
    #[must_use]
    pub fn covering_all(graph: &Graph) -> Self {
        let roots = std::iter::once(graph.entry()).chain(graph.nodes());
        Self::search(graph.num_nodes(), roots, |node| graph.successors(node))
    }

    /// Generic search over `num_nodes` nodes from `roots`, where `next(node)`
    /// lists the nodes to explore from `node`.
    fn search<'g>(
        num_nodes: usize,
        roots: impl IntoIterator<Item = NodeId>,
        next: impl Fn(NodeId) -> &'g [NodeId],
    ) -> Self {
        let mut order = Self {
            preorder: Vec::new(),
            postorder: Vec::new(),
            preorder_number: vec![UNNUMBERED; num_nodes],
            postorder_number: vec![UNNUMBERED; num_nodes],
        };
        let mut stack: Vec<(NodeId, usize)> = Vec::new();
        for root in roots {
            if order.is_visited(root) {
                continue;
            }
            order.enter(root);
            stack.push((root, 0));
            while let Some((node, next_edge)) = stack.last_mut() {
                let node = *node;
                let targets = next(node);
                if let Some(&target) = targets.get(*next_edge) {
                    *next_edge += 1;
                    if !order.is_visited(target) {
                        order.enter(target);
                        stack.push((target, 0));
                    }
                } else {
                    order.leave(node);
                    stack.pop();
                }
            }
        }
        order
    }

    /// Records the preorder visit of `node`.
    fn enter(&mut self, node: NodeId) {
        self.preorder_number[node.index()] = self.preorder.len() as u32;
        self.preorder.push(node);
    }

    /// Records the postorder visit of `node`.
    fn leave(&mut self, node: NodeId) {
        self.postorder_number[node.index()] = self.postorder.len() as u32;
        self.postorder.push(node);
    }

    /// Number of visited nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.preorder.len()
    }

    /// Whether no node was visited (never true for a search from a root).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.preorder.is_empty()
    }

    /// Whether the search visited `node`.
    #[must_use]
    pub fn is_visited(&self, node: NodeId) -> bool {
        self.preorder_number[node.index()] != UNNUMBERED
    }

    /// Visited nodes in the order they were first reached.
    #[must_use]
    pub fn preorder(&self) -> &[NodeId] {
        &self.preorder
    }

    /// Visited nodes in the order their exploration finished.
    #[must_use]
    pub fn postorder(&self) -> &[NodeId] {
        &self.postorder
    }

    /// Visited nodes in reverse postorder.
    pub fn reverse_postorder(
        &self,
    ) -> impl DoubleEndedIterator<Item = NodeId> + ExactSizeIterator + '_ {
        self.postorder.iter().rev().copied()
    }

    /// Position of `node` in the preorder, `None` if unvisited.
    #[must_use]
    pub fn preorder_number(&self, node: NodeId) -> Option<u32> {
        number(self.preorder_number[node.index()])
    }

    /// Position of `node` in the postorder, `None` if unvisited.
    #[must_use]
    pub fn postorder_number(&self, node: NodeId) -> Option<u32> {
        number(self.postorder_number[node.index()])
    }

    /// Position of `node` in the reverse postorder, `None` if unvisited.
    #[must_use]
    pub fn rpo_number(&self, node: NodeId) -> Option<u32> {
        self.postorder_number(node)
            .map(|po| self.postorder.len() as u32 - 1 - po)
    }

    /// Whether `from -> to` is a retreating edge of this search: both ends
    /// visited and `to` was on the search stack when the edge was explored
    /// (`rpo(to) <= rpo(from)`; self loops are retreating).
    #[must_use]
    pub fn is_retreating_edge(&self, from: NodeId, to: NodeId) -> bool {
        match (self.rpo_number(from), self.rpo_number(to)) {
            (Some(from_rpo), Some(to_rpo)) => to_rpo <= from_rpo,
            _ => false,
        }
    }
}

/// Converts the dense "maybe number" encoding to an `Option`.
fn number(raw: u32) -> Option<u32> {
    (raw != UNNUMBERED).then_some(raw)
}

/// Set of nodes reachable from any of `roots` by following `next`.
pub(crate) fn reachable_set<'g>(
    num_nodes: usize,
    roots: impl IntoIterator<Item = NodeId>,
    next: impl Fn(NodeId) -> &'g [NodeId],
) -> FixedBitSet {
    let mut seen = FixedBitSet::with_capacity(num_nodes);
    let mut stack: Vec<NodeId> = Vec::new();
    for root in roots {
        assert!(root.index() < num_nodes, "node {root:?} out of range");
        if !seen.put(root.index()) {
            stack.push(root);
        }
    }
    while let Some(node) = stack.pop() {
        for &target in next(node) {
            if !seen.put(target.index()) {
                stack.push(target);
            }
        }
    }
    seen
}
