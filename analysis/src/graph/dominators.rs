//! Dominator and post-dominator trees.
//!
//! # Algorithm
//!
//! Immediate dominators come from the Semi-NCA algorithm shared with the
//! verifier ([`ir::dominators`]): near-linear, also when one node has
//! thousands of predecessors deep in a chain (the iterative Cooper-Harvey-
//! Kennedy algorithm used before was quadratic there). Everything is
//! iterative (no recursion).
//!
//! The tree is then numbered by an iterative preorder walk; node `a` dominates
//! reachable node `b` iff `pre(a) <= pre(b) <= last_descendant(a)`, which makes
//! [`DominatorTree::dominates`] O(1).
//!
//! Each node also keeps one *jump pointer* to an ancestor (Myers' skew-binary
//! scheme: the jumps from any node have lengths 1, 3, 7, ... so that any
//! ancestor is reached in O(log depth) steps). With the O(1) dominance test,
//! [`DominatorTree::nearest_common_dominator`] climbs from one node to the
//! deepest ancestor that dominates the other in O(log depth), so a query on a
//! chain-shaped tree (a CFG ladder) no longer walks the whole chain.
//!
//! # Unreachable nodes
//!
//! Nodes not reachable from the root have no immediate dominator, no depth,
//! no tree children, and appear neither in the reverse postorder nor in the
//! tree preorder. Dominance queries on them never panic and follow LLVM's
//! `DominatorTreeBase::dominates`, which MLIR's `DominanceInfo` uses for two
//! blocks of the same region:
//!
//! * every node dominates itself (reachable or not);
//! * an unreachable node is dominated by *every* node (reachable or not);
//! * an unreachable node dominates no *reachable* node;
//! * [`DominatorTree::properly_dominates`] is `a != b && dominates(a, b)`, so a
//!   reachable node properly dominates every unreachable node;
//! * [`DominatorTree::nearest_common_dominator`] returns `None` if either node
//!   is unreachable (LLVM/MLIR return null).
//!
//! # Post-dominance
//!
//! [`PostDominatorTree`] is a [`DominatorTree`] of the [`ReverseGraph`], rooted
//! at its virtual exit; see [`reverse`](super::reverse) for how exits and
//! non-terminating loops are joined to the virtual exit. Since every node
//! reaches the virtual exit there, every node is in the post-dominator tree.
//!
//! # Determinism
//!
//! The children of a tree node are listed in reverse postorder of the
//! underlying graph's DFS (which follows successor order).

use super::{DfsOrder, Graph, NodeId, ReverseGraph};

/// Marker for "none" in the dense vectors.
const NONE: u32 = u32::MAX;

/// Dominator tree of a [`Graph`] rooted at its entry (or any root); see the
/// [module docs](self) for semantics of unreachable nodes.
#[derive(Clone, Debug)]
pub struct DominatorTree {
    root: NodeId,
    idom: Vec<u32>,
    reverse_postorder: Vec<NodeId>,
    rpo_number: Vec<u32>,
    child_offsets: Vec<u32>,
    children: Vec<NodeId>,
    tree_preorder: Vec<NodeId>,
    tree_pre_number: Vec<u32>,
    last_descendant: Vec<u32>,
    depth: Vec<u32>,
    /// An ancestor of each reachable node (itself for the root); see the
    /// [module docs](self).
    jump: Vec<u32>,
}

impl DominatorTree {
    /// Computes the dominator tree of `graph` rooted at its entry node.
    #[must_use]
    pub fn new(graph: &Graph) -> Self {
        Self::with_root(graph, graph.entry())
    }

    /// Computes the dominator tree of `graph` rooted at `root`.
    ///
    /// # Panics
    ///
    /// Panics if `root` is out of range.
    #[must_use]
    pub fn with_root(graph: &Graph, root: NodeId) -> Self {
        let order = DfsOrder::from_root(graph, root);
        let idom = immediate_dominators(graph, root);
        let reverse_postorder: Vec<NodeId> = order.reverse_postorder().collect();
        let mut rpo_number = vec![NONE; graph.num_nodes()];
        for (number, node) in reverse_postorder.iter().enumerate() {
            rpo_number[node.index()] = number as u32;
        }
        let (child_offsets, children) = tree_children(&idom, &reverse_postorder);
        let mut tree = Self {
            root,
            idom,
            reverse_postorder,
            rpo_number,
            child_offsets,
            children,
            tree_preorder: Vec::new(),
            tree_pre_number: vec![NONE; graph.num_nodes()],
            last_descendant: vec![NONE; graph.num_nodes()],
            depth: vec![NONE; graph.num_nodes()],
            jump: vec![NONE; graph.num_nodes()],
        };
        tree.number_tree();
        tree
    }

    /// Numbers the tree in preorder and records subtree extents, depths and
    /// jump pointers.
    fn number_tree(&mut self) {
        let mut stack = vec![self.root];
        while let Some(node) = stack.pop() {
            self.tree_pre_number[node.index()] = self.tree_preorder.len() as u32;
            self.tree_preorder.push(node);
            let (depth, jump) = match self.immediate_dominator(node) {
                Some(parent) => (self.depth[parent.index()] + 1, self.jump_below(parent)),
                None => (0, node.index() as u32),
            };
            self.depth[node.index()] = depth;
            self.jump[node.index()] = jump;
            stack.extend(self.children(node).iter().rev());
        }
        let mut subtree_size = vec![1u32; self.num_nodes()];
        for &node in self.tree_preorder.iter().rev() {
            if let Some(parent) = self.immediate_dominator(node) {
                subtree_size[parent.index()] += subtree_size[node.index()];
            }
        }
        for &node in &self.tree_preorder {
            let i = node.index();
            self.last_descendant[i] = self.tree_pre_number[i] + subtree_size[i] - 1;
        }
    }

    /// The jump pointer of a child of `parent` (whose own pointer is set):
    /// twice as far as the parent's when the parent's two next jumps have the
    /// same length, else the parent itself.
    fn jump_below(&self, parent: NodeId) -> u32 {
        let depth_of = |node: u32| self.depth[node as usize];
        let first = self.jump[parent.index()];
        let second = self.jump[first as usize];
        if depth_of(parent.index() as u32) - depth_of(first) == depth_of(first) - depth_of(second) {
            second
        } else {
            parent.index() as u32
        }
    }

    /// The root of the tree (the graph entry for [`DominatorTree::new`]).
    #[must_use]
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// Number of nodes of the underlying graph (reachable or not).
    #[must_use]
    pub fn num_nodes(&self) -> usize {
        self.idom.len()
    }

    /// Number of nodes reachable from the root.
    #[must_use]
    pub fn num_reachable(&self) -> usize {
        self.reverse_postorder.len()
    }

    /// Whether `node` is reachable from the root.
    #[must_use]
    pub fn is_reachable(&self, node: NodeId) -> bool {
        self.rpo_number[node.index()] != NONE
    }

    /// Nodes not reachable from the root, in index order.
    pub fn unreachable_nodes(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.num_nodes() as u32)
            .map(NodeId::new)
            .filter(|&node| !self.is_reachable(node))
    }

    /// The immediate dominator of `node`; `None` for the root and for
    /// unreachable nodes.
    #[must_use]
    pub fn immediate_dominator(&self, node: NodeId) -> Option<NodeId> {
        let idom = self.idom[node.index()];
        (idom != NONE).then_some(NodeId::new(idom))
    }

    /// Whether `a` dominates `b` (every node dominates itself). O(1).
    /// Unreachable nodes: see the [module docs](self).
    #[must_use]
    pub fn dominates(&self, a: NodeId, b: NodeId) -> bool {
        if a == b || !self.is_reachable(b) {
            return true;
        }
        if !self.is_reachable(a) {
            return false;
        }
        let pre_b = self.tree_pre_number[b.index()];
        self.tree_pre_number[a.index()] <= pre_b && pre_b <= self.last_descendant[a.index()]
    }

    /// Whether `a` dominates `b` and `a != b`. O(1).
    #[must_use]
    pub fn properly_dominates(&self, a: NodeId, b: NodeId) -> bool {
        a != b && self.dominates(a, b)
    }

    /// The deepest node dominating both `a` and `b`; `None` if either is
    /// unreachable. O(log depth): from `a`, take a jump whenever it lands on
    /// a node that still does not dominate `b`, else step to the parent.
    #[must_use]
    pub fn nearest_common_dominator(&self, a: NodeId, b: NodeId) -> Option<NodeId> {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return None;
        }
        let mut a = a;
        while !self.dominates(a, b) {
            let jump = NodeId::new(self.jump[a.index()]);
            a = if self.dominates(jump, b) {
                self.immediate_dominator(a)?
            } else {
                jump
            };
        }
        Some(a)
    }

    /// Depth of `node` in the tree (root: 0); `None` if unreachable.
    #[must_use]
    pub fn depth(&self, node: NodeId) -> Option<u32> {
        let depth = self.depth[node.index()];
        (depth != NONE).then_some(depth)
    }

    /// Nodes immediately dominated by `node`, in reverse postorder of the
    /// graph; empty for unreachable nodes.
    #[must_use]
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        let i = node.index();
        let range = self.child_offsets[i] as usize..self.child_offsets[i + 1] as usize;
        &self.children[range]
    }

    /// `node` and all its dominators, from `node` up to the root; empty if
    /// `node` is unreachable.
    pub fn dominators(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let start = self.is_reachable(node).then_some(node);
        std::iter::successors(start, |&current| self.immediate_dominator(current))
    }

    /// Reachable nodes in reverse postorder of the graph (DFS from the root
    /// following successor order).
    #[must_use]
    pub fn reverse_postorder(&self) -> &[NodeId] {
        &self.reverse_postorder
    }

    /// Position of `node` in [`DominatorTree::reverse_postorder`]; `None` if
    /// unreachable.
    #[must_use]
    pub fn rpo_number(&self, node: NodeId) -> Option<u32> {
        let number = self.rpo_number[node.index()];
        (number != NONE).then_some(number)
    }

    /// Reachable nodes in preorder of the dominator tree (children visited in
    /// [`DominatorTree::children`] order). Every node comes after its
    /// dominators.
    #[must_use]
    pub fn tree_preorder(&self) -> &[NodeId] {
        &self.tree_preorder
    }
}

/// Immediate dominators indexed by node (`NONE` for the root and unreachable nodes), by
/// Semi-NCA ([`ir::dominators`]).
fn immediate_dominators(graph: &Graph, root: NodeId) -> Vec<u32> {
    ir::dominators::immediate_dominators(
        graph.num_nodes(),
        root.index(),
        |n| {
            graph
                .successors(NodeId::from_index(n))
                .iter()
                .map(|s| s.index())
        },
        |n| {
            graph
                .predecessors(NodeId::from_index(n))
                .iter()
                .map(|p| p.index())
        },
    )
    .idom
}

/// CSR children lists of the tree given by `idom`, each list in reverse
/// postorder.
fn tree_children(idom: &[u32], reverse_postorder: &[NodeId]) -> (Vec<u32>, Vec<NodeId>) {
    let mut offsets = vec![0u32; idom.len() + 1];
    for &parent in idom.iter().filter(|&&parent| parent != NONE) {
        offsets[parent as usize + 1] += 1;
    }
    for i in 0..idom.len() {
        offsets[i + 1] += offsets[i];
    }
    let mut cursor: Vec<u32> = offsets[..idom.len()].to_vec();
    let mut children = vec![NodeId::new(0); offsets[idom.len()] as usize];
    for &node in reverse_postorder {
        let parent = idom[node.index()];
        if parent != NONE {
            let slot = &mut cursor[parent as usize];
            children[*slot as usize] = node;
            *slot += 1;
        }
    }
    (offsets, children)
}

/// Post-dominator tree: the dominator tree of the [`ReverseGraph`] rooted at
/// its virtual exit. See the [module docs](self) and
/// [`reverse`](super::reverse).
///
/// Node arguments may be original nodes or the virtual exit
/// ([`PostDominatorTree::virtual_exit`]), which post-dominates everything.
#[derive(Clone, Debug)]
pub struct PostDominatorTree {
    reverse: ReverseGraph,
    tree: DominatorTree,
}

impl PostDominatorTree {
    /// Computes the post-dominator tree of `graph`.
    #[must_use]
    pub fn new(graph: &Graph) -> Self {
        Self::from_reverse_graph(ReverseGraph::new(graph))
    }

    /// Computes the post-dominator tree from an already built reverse graph.
    #[must_use]
    pub fn from_reverse_graph(reverse: ReverseGraph) -> Self {
        let tree = DominatorTree::new(reverse.graph());
        Self { reverse, tree }
    }

    /// The reverse graph the tree was computed on.
    #[must_use]
    pub fn reverse_graph(&self) -> &ReverseGraph {
        &self.reverse
    }

    /// The underlying dominator tree over the reverse graph (root: the
    /// virtual exit).
    #[must_use]
    pub fn tree(&self) -> &DominatorTree {
        &self.tree
    }

    /// The virtual exit node, root of the tree.
    #[must_use]
    pub fn virtual_exit(&self) -> NodeId {
        self.reverse.virtual_exit()
    }

    /// The immediate post-dominator of `node`; `None` for the virtual exit
    /// and for nodes whose immediate post-dominator is the virtual exit.
    #[must_use]
    pub fn immediate_post_dominator(&self, node: NodeId) -> Option<NodeId> {
        self.tree
            .immediate_dominator(node)
            .filter(|&ipdom| ipdom != self.virtual_exit())
    }

    /// Whether `a` post-dominates `b` (every node post-dominates itself). O(1).
    #[must_use]
    pub fn post_dominates(&self, a: NodeId, b: NodeId) -> bool {
        self.tree.dominates(a, b)
    }

    /// Whether `a` post-dominates `b` and `a != b`. O(1).
    #[must_use]
    pub fn properly_post_dominates(&self, a: NodeId, b: NodeId) -> bool {
        self.tree.properly_dominates(a, b)
    }

    /// The deepest original node post-dominating both `a` and `b`; `None` if
    /// only the virtual exit does.
    #[must_use]
    pub fn nearest_common_post_dominator(&self, a: NodeId, b: NodeId) -> Option<NodeId> {
        self.tree
            .nearest_common_dominator(a, b)
            .filter(|&common| common != self.virtual_exit())
    }

    /// Nodes immediately post-dominated by `node`, in deterministic order.
    #[must_use]
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        self.tree.children(node)
    }

    /// Nodes whose immediate post-dominator is the virtual exit.
    #[must_use]
    pub fn roots(&self) -> &[NodeId] {
        self.tree.children(self.virtual_exit())
    }
}
