//! IR-independent directed-graph toolkit over dense `u32` node indices.
//!
//! The toolkit is meant for per-region control-flow graphs: the caller numbers
//! the blocks of a region `0..n`, builds a [`Graph`] from the successor edges,
//! and runs the algorithms of the submodules on it:
//!
//! * [`traversal`]: iterative depth-first orders (preorder, postorder, reverse
//!   postorder) and reachability;
//! * [`scc`]: strongly connected components (iterative Tarjan);
//! * [`reverse`]: the reverse graph used for post-dominance, with a virtual
//!   exit node;
//! * [`dominators`]: dominator and post-dominator trees with O(1) dominance
//!   queries;
//! * [`loops`]: back edges, natural loops and reducibility;
//! * [`dataflow`]: a generic gen/kill bitset dataflow solver;
//! * [`liveness`]: backward liveness of dense value indices.
//!
//! # Invariants of [`Graph`]
//!
//! * Nodes are exactly `0..num_nodes()`, `num_nodes() >= 1`, and the entry node
//!   is one of them.
//! * Successor lists are stored in CSR form (offsets + targets). The successors
//!   of a node keep the order in which its edges were given; parallel edges and
//!   self loops are kept (an MLIR `cf.cond_br` may branch twice to the same
//!   block).
//! * Predecessor lists are computed once at construction, also in CSR form.
//!   They are sorted by source node index (a source with `k` parallel edges to
//!   the same target appears `k` times).
//! * Nothing in this module recurses: every traversal uses an explicit stack,
//!   so graphs with millions of nodes (long chains, deep nesting) are fine.
//! * Every result is deterministic: it depends only on the node numbering and
//!   the edge order, never on hashing.

#![deny(missing_docs)]

use std::fmt;

use fixedbitset::FixedBitSet;

pub mod dataflow;
pub mod dominators;
pub mod liveness;
pub mod loops;
pub mod reverse;
pub mod scc;
pub mod traversal;

pub use dataflow::{DataflowProblem, DataflowSolution, Direction, Meet};
pub use dominators::{DominatorTree, PostDominatorTree};
pub use liveness::Liveness;
pub use loops::NaturalLoop;
pub use reverse::ReverseGraph;
pub use scc::StronglyConnectedComponents;
pub use traversal::DfsOrder;

/// Dense index of a node of a [`Graph`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// Creates a node id from its raw `u32` index.
    #[must_use]
    pub const fn new(index: u32) -> Self {
        Self(index)
    }

    /// Creates a node id from a `usize` index.
    ///
    /// # Panics
    ///
    /// Panics if `index` does not fit in a `u32`.
    #[must_use]
    pub fn from_index(index: usize) -> Self {
        Self(u32::try_from(index).expect("node index does not fit in u32"))
    }

    /// The index of this node, usable to index per-node vectors.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The raw `u32` index of this node.
    #[must_use]
    pub const fn as_u32(self) -> u32 {
        self.0
    }
}

impl From<u32> for NodeId {
    fn from(index: u32) -> Self {
        Self(index)
    }
}

impl From<NodeId> for u32 {
    fn from(node: NodeId) -> Self {
        node.0
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}", self.0)
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}", self.0)
    }
}

/// Immutable directed graph with dense nodes, an entry node, and successor and
/// predecessor lists in CSR layout. See the [module docs](self) for the
/// invariants.
#[derive(Clone, PartialEq, Eq)]
pub struct Graph {
    entry: NodeId,
    successor_offsets: Vec<u32>,
    successor_targets: Vec<NodeId>,
    predecessor_offsets: Vec<u32>,
    predecessor_sources: Vec<NodeId>,
}

impl Graph {
    /// Builds a graph with nodes `0..num_nodes` from a list of `(from, to)`
    /// edges. The successors of each node keep the relative order of its
    /// edges in `edges`.
    ///
    /// # Panics
    ///
    /// Panics if `num_nodes` is zero or does not fit in a `u32`, if `entry` or
    /// an edge endpoint is out of range, or if there are more than `u32::MAX`
    /// edges.
    #[must_use]
    pub fn from_edges<I>(num_nodes: usize, entry: NodeId, edges: I) -> Self
    where
        I: IntoIterator<Item = (NodeId, NodeId)>,
    {
        let edges: Vec<(NodeId, NodeId)> = edges.into_iter().collect();
        assert_valid_shape(num_nodes, entry, edges.len());
        for &(from, to) in &edges {
            assert_in_range(num_nodes, from);
            assert_in_range(num_nodes, to);
        }
        let (successor_offsets, successor_targets) = successor_csr(num_nodes, &edges);
        Self::from_successor_csr(entry, successor_offsets, successor_targets)
    }

    /// Builds a graph from one successor list per node: node `i` has the
    /// successors `successors[i]`, in that order.
    ///
    /// # Panics
    ///
    /// Same conditions as [`Graph::from_edges`].
    #[must_use]
    pub fn from_successor_lists<L>(entry: NodeId, successors: &[L]) -> Self
    where
        L: AsRef<[NodeId]>,
    {
        let num_nodes = successors.len();
        let num_edges = successors.iter().map(|list| list.as_ref().len()).sum();
        assert_valid_shape(num_nodes, entry, num_edges);
        let mut offsets = Vec::with_capacity(num_nodes + 1);
        let mut targets = Vec::with_capacity(num_edges);
        offsets.push(0);
        for list in successors {
            for &to in list.as_ref() {
                assert_in_range(num_nodes, to);
                targets.push(to);
            }
            offsets.push(to_u32(targets.len()));
        }
        Self::from_successor_csr(entry, offsets, targets)
    }

    /// Finishes construction from a validated successor CSR by computing the
    /// predecessor CSR (a stable counting sort by target, scanning sources in
    /// index order, hence predecessors sorted by source index).
    fn from_successor_csr(
        entry: NodeId,
        successor_offsets: Vec<u32>,
        successor_targets: Vec<NodeId>,
    ) -> Self {
        let num_nodes = successor_offsets.len() - 1;
        let mut predecessor_offsets = vec![0u32; num_nodes + 1];
        for target in &successor_targets {
            predecessor_offsets[target.index() + 1] += 1;
        }
        for i in 0..num_nodes {
            predecessor_offsets[i + 1] += predecessor_offsets[i];
        }
        let mut cursor: Vec<u32> = predecessor_offsets[..num_nodes].to_vec();
        let mut predecessor_sources = vec![NodeId::new(0); successor_targets.len()];
        for from in 0..num_nodes {
            let range = successor_offsets[from] as usize..successor_offsets[from + 1] as usize;
            for target in &successor_targets[range] {
                let slot = &mut cursor[target.index()];
                predecessor_sources[*slot as usize] = NodeId::from_index(from);
                *slot += 1;
            }
        }
        Self {
            entry,
            successor_offsets,
            successor_targets,
            predecessor_offsets,
            predecessor_sources,
        }
    }

    /// Number of nodes; nodes are `0..num_nodes()`.
    #[must_use]
    pub fn num_nodes(&self) -> usize {
        self.successor_offsets.len() - 1
    }

    /// Number of edges, counting parallel edges separately.
    #[must_use]
    pub fn num_edges(&self) -> usize {
        self.successor_targets.len()
    }

    /// The entry node.
    #[must_use]
    pub fn entry(&self) -> NodeId {
        self.entry
    }

    /// Whether `node` is a node of this graph.
    #[must_use]
    pub fn contains(&self, node: NodeId) -> bool {
        node.index() < self.num_nodes()
    }

    /// All nodes in increasing index order.
    pub fn nodes(&self) -> impl DoubleEndedIterator<Item = NodeId> + ExactSizeIterator + use<> {
        (0..self.num_nodes() as u32).map(NodeId::new)
    }

    /// Successors of `node`, in edge order.
    ///
    /// # Panics
    ///
    /// Panics if `node` is out of range.
    #[must_use]
    pub fn successors(&self, node: NodeId) -> &[NodeId] {
        let i = node.index();
        let range = self.successor_offsets[i] as usize..self.successor_offsets[i + 1] as usize;
        &self.successor_targets[range]
    }

    /// Predecessors of `node`, sorted by source index (with repetitions for
    /// parallel edges).
    ///
    /// # Panics
    ///
    /// Panics if `node` is out of range.
    #[must_use]
    pub fn predecessors(&self, node: NodeId) -> &[NodeId] {
        let i = node.index();
        let range = self.predecessor_offsets[i] as usize..self.predecessor_offsets[i + 1] as usize;
        &self.predecessor_sources[range]
    }

    /// All edges `(from, to)`, grouped by source in index order, each group in
    /// successor order.
    pub fn edges(&self) -> impl Iterator<Item = (NodeId, NodeId)> + '_ {
        self.nodes()
            .flat_map(move |from| self.successors(from).iter().map(move |&to| (from, to)))
    }

    /// Whether `node` has no successors (a region exit, e.g. a block ending
    /// in a return-like terminator).
    #[must_use]
    pub fn is_exit(&self, node: NodeId) -> bool {
        self.successors(node).is_empty()
    }

    /// All nodes without successors, in increasing index order.
    pub fn exits(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes().filter(move |&node| self.is_exit(node))
    }

    /// The graph with every edge reversed and `new_entry` as entry. The
    /// successors of a node in the result are its predecessors here.
    ///
    /// This is the plain reversal; for post-dominance use
    /// [`ReverseGraph::new`], which adds a virtual exit.
    ///
    /// # Panics
    ///
    /// Panics if `new_entry` is out of range.
    #[must_use]
    pub fn reversed(&self, new_entry: NodeId) -> Self {
        assert_in_range(self.num_nodes(), new_entry);
        Self {
            entry: new_entry,
            successor_offsets: self.predecessor_offsets.clone(),
            successor_targets: self.predecessor_sources.clone(),
            predecessor_offsets: self.successor_offsets.clone(),
            predecessor_sources: self.successor_targets.clone(),
        }
    }

    /// The set of nodes reachable from `start` (including `start`).
    ///
    /// # Panics
    ///
    /// Panics if `start` is out of range.
    #[must_use]
    pub fn reachable_from(&self, start: NodeId) -> FixedBitSet {
        traversal::reachable_set(self.num_nodes(), [start], |node| self.successors(node))
    }

    /// The set of nodes reachable from the entry node.
    #[must_use]
    pub fn reachable_from_entry(&self) -> FixedBitSet {
        self.reachable_from(self.entry)
    }

    /// The set of nodes from which one of `targets` is reachable (including
    /// the targets themselves).
    ///
    /// # Panics
    ///
    /// Panics if a target is out of range.
    #[must_use]
    pub fn reaching<I>(&self, targets: I) -> FixedBitSet
    where
        I: IntoIterator<Item = NodeId>,
    {
        traversal::reachable_set(self.num_nodes(), targets, |node| self.predecessors(node))
    }
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut map = f.debug_map();
        for node in self.nodes() {
            map.entry(&node, &self.successors(node));
        }
        map.finish()?;
        write!(f, " entry {:?}", self.entry)
    }
}

/// Checks the global shape constraints shared by all constructors.
fn assert_valid_shape(num_nodes: usize, entry: NodeId, num_edges: usize) {
    assert!(num_nodes > 0, "a graph needs at least one node");
    assert!(
        u32::try_from(num_nodes).is_ok(),
        "too many nodes for u32 indices"
    );
    assert!(
        u32::try_from(num_edges).is_ok(),
        "too many edges for u32 offsets"
    );
    assert_in_range(num_nodes, entry);
}

/// Panics with a clear message if `node` is not in `0..num_nodes`.
fn assert_in_range(num_nodes: usize, node: NodeId) {
    assert!(
        node.index() < num_nodes,
        "node {node:?} out of range for a graph with {num_nodes} nodes"
    );
}

/// Converts a length known to fit (checked by [`assert_valid_shape`]).
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).expect("value checked to fit in u32")
}

/// Stable counting sort of `(from, to)` edges by source: returns the CSR
/// offsets and targets, the targets of one source in input order.
fn successor_csr(num_nodes: usize, edges: &[(NodeId, NodeId)]) -> (Vec<u32>, Vec<NodeId>) {
    let mut offsets = vec![0u32; num_nodes + 1];
    for (from, _) in edges {
        offsets[from.index() + 1] += 1;
    }
    for i in 0..num_nodes {
        offsets[i + 1] += offsets[i];
    }
    let mut cursor: Vec<u32> = offsets[..num_nodes].to_vec();
    let mut targets = vec![NodeId::new(0); edges.len()];
    for &(from, to) in edges {
        let slot = &mut cursor[from.index()];
        targets[*slot as usize] = to;
        *slot += 1;
    }
    (offsets, targets)
}
