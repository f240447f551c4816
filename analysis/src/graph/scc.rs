//! Strongly connected components (iterative Tarjan).
//!
//! Invariants of [`StronglyConnectedComponents`]:
//! * every node of the graph (reachable from the entry or not) belongs to
//!   exactly one component;
//! * components are numbered in *reverse topological order*: if an edge goes
//!   from component `a` to a different component `b`, then `b < a`. In
//!   particular component `0` is a sink;
//! * the members of a component are sorted by node index;
//! * the search starts from nodes in increasing index order, so the numbering
//!   is deterministic.

use fixedbitset::FixedBitSet;

use super::{Graph, NodeId};

/// Marker for "not visited yet" in the Tarjan index vector.
const UNVISITED: u32 = u32::MAX;

/// Partition of the nodes of a [`Graph`] into strongly connected components.
#[derive(Clone, Debug)]
pub struct StronglyConnectedComponents {
    component_of: Vec<u32>,
    offsets: Vec<u32>,
    members: Vec<NodeId>,
}

/// Mutable state of one Tarjan run.
struct Tarjan {
    index: Vec<u32>,
    lowlink: Vec<u32>,
    on_stack: FixedBitSet,
    stack: Vec<NodeId>,
    next_index: u32,
    result: StronglyConnectedComponents,
}

impl Tarjan {
    fn new(num_nodes: usize) -> Self {
        Self {
            index: vec![UNVISITED; num_nodes],
            lowlink: vec![0; num_nodes],
            on_stack: FixedBitSet::with_capacity(num_nodes),
            stack: Vec::new(),
            next_index: 0,
            result: StronglyConnectedComponents {
                component_of: vec![0; num_nodes],
                offsets: vec![0],
                members: Vec::with_capacity(num_nodes),
            },
        }
    }

    fn is_visited(&self, node: NodeId) -> bool {
        self.index[node.index()] != UNVISITED
    }

    fn discover(&mut self, node: NodeId) {
        self.index[node.index()] = self.next_index;
        self.lowlink[node.index()] = self.next_index;
        self.next_index += 1;
        self.stack.push(node);
        self.on_stack.insert(node.index());
    }

    fn lower_lowlink(&mut self, node: NodeId, candidate: u32) {
        let low = &mut self.lowlink[node.index()];
        *low = (*low).min(candidate);
    }

    /// Pops the component rooted at `root` off the Tarjan stack.
    fn emit_component(&mut self, root: NodeId) {
        let component = (self.result.offsets.len() - 1) as u32;
        let start = self.result.members.len();
        loop {
            let member = self.stack.pop().expect("component root is on the stack");
            self.on_stack.set(member.index(), false);
            self.result.component_of[member.index()] = component;
            self.result.members.push(member);
            if member == root {
                break;
            }
        }
        self.result.members[start..].sort_unstable();
        self.result.offsets.push(self.result.members.len() as u32);
    }

    /// Runs the search from `root` (which must be unvisited).
    fn search_from(&mut self, graph: &Graph, root: NodeId) {
        let mut call_stack: Vec<(NodeId, usize)> = vec![(root, 0)];
        self.discover(root);
        while let Some((node, next_edge)) = call_stack.last_mut() {
            let node = *node;
            if let Some(&target) = graph.successors(node).get(*next_edge) {
                *next_edge += 1;
                if !self.is_visited(target) {
                    self.discover(target);
                    call_stack.push((target, 0));
                } else if self.on_stack.contains(target.index()) {
                    self.lower_lowlink(node, self.index[target.index()]);
                }
                continue;
            }
            call_stack.pop();
            if let Some(&(parent, _)) = call_stack.last() {
                self.lower_lowlink(parent, self.lowlink[node.index()]);
            }
            if self.lowlink[node.index()] == self.index[node.index()] {
                self.emit_component(node);
            }
        }
    }
}

impl StronglyConnectedComponents {
    /// Computes the strongly connected components of `graph`.
    #[must_use]
    pub fn new(graph: &Graph) -> Self {
        let mut tarjan = Tarjan::new(graph.num_nodes());
        for node in graph.nodes() {
            if !tarjan.is_visited(node) {
                tarjan.search_from(graph, node);
            }
        }
        tarjan.result
    }

    /// Number of components.
    #[must_use]
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Whether there are no components (never true: graphs are non-empty).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The component containing `node`.
    #[must_use]
    pub fn component_of(&self, node: NodeId) -> usize {
        self.component_of[node.index()] as usize
    }

    /// Members of `component`, sorted by node index.
    ///
    /// # Panics
    ///
    /// Panics if `component >= self.len()`.
    #[must_use]
    pub fn members(&self, component: usize) -> &[NodeId] {
        let range = self.offsets[component] as usize..self.offsets[component + 1] as usize;
        &self.members[range]
    }

    /// Whether `component` contains a cycle: it has several nodes, or its
    /// single node has a self loop.
    #[must_use]
    pub fn is_cyclic(&self, graph: &Graph, component: usize) -> bool {
        match self.members(component) {
            [single] => graph.successors(*single).contains(single),
            _ => true,
        }
    }

    /// Whether some edge leaves `component` towards another component.
    #[must_use]
    pub fn has_outgoing_edge(&self, graph: &Graph, component: usize) -> bool {
        self.members(component).iter().any(|&node| {
            graph
                .successors(node)
                .iter()
                .any(|&target| self.component_of(target) != component)
        })
    }
}
