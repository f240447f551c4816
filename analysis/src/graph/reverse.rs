//! Reverse graph with a virtual exit, the input of post-dominance.
//!
//! Post-dominance is dominance on the reverse graph, which needs a single
//! root. [`ReverseGraph::new`] adds one *virtual exit* node, numbered
//! `forward.num_nodes()` (just after the original nodes), and makes it the
//! entry of the reversed graph.
//!
//! # Which nodes are joined to the virtual exit
//!
//! * Every *exit* of the forward graph (a node without successors, e.g. a block
//!   ending in `func.return`) gets a virtual edge `exit -> virtual exit`.
//! * Nodes that cannot reach any exit (infinite loops, e.g. `^bb1: cf.br ^bb1`)
//!   would otherwise be unreachable in the reverse graph and get no
//!   post-dominator at all. Following the idea of LLVM/MLIR post-dominator
//!   trees (which add "non-trivial roots" for reverse-unreachable regions), we
//!   add a virtual edge to the exit from exactly one *pseudo exit* per
//!   non-terminating region: for every strongly connected component that
//!   cannot reach an exit and has no edge leaving it (a "sink" component;
//!   such a component is always a cycle), the member that comes *last in the
//!   reverse postorder* of a forward DFS covering all nodes
//!   ([`DfsOrder::covering_all`](super::DfsOrder::covering_all)). For a
//!   simple `header -> ... -> latch -> header` loop this is the latch, so the
//!   loop body is post-dominated by the latch, similar to LLVM's choice of the
//!   "furthest away" node. The exact representative may differ from LLVM's
//!   in complex cases; it is deterministic and depends only on the node
//!   numbering and edge order.
//!
//! After this, every node reaches the virtual exit, so *every* node (even one
//! unreachable from the forward entry) is in the post-dominator tree, and a
//! node that can only run forever is post-dominated by the pseudo exit of the
//! loop it ends up in (if there is only one such loop) or only by the virtual
//! exit.
//!
//! # Layout
//!
//! In [`ReverseGraph::graph`], the successors of an original node are its
//! forward predecessors (sorted by index); the successors of the virtual exit
//! are the exits and pseudo exits, sorted by index.

use super::{DfsOrder, Graph, NodeId, StronglyConnectedComponents};

/// The reversed graph plus a virtual exit node; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct ReverseGraph {
    graph: Graph,
    exits: Vec<NodeId>,
    pseudo_exits: Vec<NodeId>,
}

impl ReverseGraph {
    /// Builds the reverse graph of `forward` with a virtual exit.
    ///
    /// # Panics
    ///
    /// Panics if `forward` has `u32::MAX` nodes (no room for the virtual exit).
    #[must_use]
    pub fn new(forward: &Graph) -> Self {
        let num_nodes = forward.num_nodes();
        let virtual_exit = NodeId::from_index(num_nodes);
        let exits: Vec<NodeId> = forward.exits().collect();
        let pseudo_exits = pseudo_exits(forward, &exits);
        let mut roots: Vec<NodeId> = exits.iter().chain(&pseudo_exits).copied().collect();
        roots.sort_unstable();
        let reversed_edges = forward.nodes().flat_map(|node| {
            forward
                .predecessors(node)
                .iter()
                .map(move |&pred| (node, pred))
        });
        let virtual_edges = roots.iter().map(|&root| (virtual_exit, root));
        let graph = Graph::from_edges(
            num_nodes + 1,
            virtual_exit,
            reversed_edges.chain(virtual_edges),
        );
        Self {
            graph,
            exits,
            pseudo_exits,
        }
    }

    /// The reversed graph; its entry is the virtual exit.
    #[must_use]
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Consumes `self`, returning the reversed graph.
    #[must_use]
    pub fn into_graph(self) -> Graph {
        self.graph
    }

    /// The virtual exit node (index `num_original_nodes()`).
    #[must_use]
    pub fn virtual_exit(&self) -> NodeId {
        self.graph.entry()
    }

    /// Number of nodes of the forward graph (the virtual exit excluded).
    #[must_use]
    pub fn num_original_nodes(&self) -> usize {
        self.graph.num_nodes() - 1
    }

    /// Whether `node` is the virtual exit.
    #[must_use]
    pub fn is_virtual_exit(&self, node: NodeId) -> bool {
        node == self.virtual_exit()
    }

    /// Forward nodes without successors, in index order.
    #[must_use]
    pub fn exits(&self) -> &[NodeId] {
        &self.exits
    }

    /// One node per non-terminating sink component, joined to the virtual
    /// exit by a virtual edge; in index order.
    #[must_use]
    pub fn pseudo_exits(&self) -> &[NodeId] {
        &self.pseudo_exits
    }
}

/// Picks the pseudo exits of `forward`: for each sink strongly connected
/// component that cannot reach any of `exits`, its member last in reverse
/// postorder. Sorted by index.
fn pseudo_exits(forward: &Graph, exits: &[NodeId]) -> Vec<NodeId> {
    let reaches_exit = forward.reaching(exits.iter().copied());
    if reaches_exit.count_ones(..) == forward.num_nodes() {
        return Vec::new();
    }
    let components = StronglyConnectedComponents::new(forward);
    let order = DfsOrder::covering_all(forward);
    let last_in_rpo = |members: &[NodeId]| {
        members
            .iter()
            .copied()
            .max_by_key(|&node| order.rpo_number(node))
            .expect("components are non-empty")
    };
    let mut chosen: Vec<NodeId> = (0..components.len())
        .filter(|&component| {
            let members = components.members(component);
            !reaches_exit.contains(members[0].index())
                && !components.has_outgoing_edge(forward, component)
        })
        .map(|component| last_in_rpo(components.members(component)))
        .collect();
    chosen.sort_unstable();
    chosen
}
