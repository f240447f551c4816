//! Immediate dominators of a directed graph by the Semi-NCA algorithm, shared by the
//! verifier's block dominance (`verify::dominance`) and the `analysis` crate's dominator and
//! post-dominator trees.
//!
//! # Algorithm
//!
//! Semi-NCA (Georgiadis, 2005; the algorithm LLVM's `GenericDomTreeConstruction` uses):
//!
//! 1. a depth-first search from the root numbers the reachable nodes in preorder and records
//!    each node's DFS-tree parent;
//! 2. semidominators are computed in decreasing preorder as in Lengauer–Tarjan, with `eval`
//!    over a forest linked in that order and compressed paths (iterative, no recursion);
//! 3. each node's immediate dominator is the nearest common ancestor of its DFS parent and its
//!    semidominator in the dominator tree built so far, found by climbing from the parent in
//!    increasing preorder.
//!
//! Step 2 is O(m log n) with simple path compression; step 3 climbs only the dominator-tree
//! path between a node's parent and its semidominator. The iterative Cooper–Harvey–Kennedy
//! algorithm this replaces walked the whole idom chain of every predecessor, which is
//! quadratic when one block has thousands of predecessors deep in a chain (a "ladder" of
//! early exits to one block).
//!
//! Unreachable nodes get no number and no immediate dominator.

/// Marker for "none" in the dense vectors.
pub const NONE: u32 = u32::MAX;

/// The result of [`immediate_dominators`].
#[derive(Clone, Debug, Default)]
pub struct Dominators {
    /// Immediate dominator of each node, by node index; [`NONE`] for the root and for nodes
    /// unreachable from it.
    pub idom: Vec<u32>,
    /// Reachable nodes in DFS preorder from the root (successors in the order given).
    pub preorder: Vec<u32>,
}

/// Computes the immediate dominators of the `num_nodes` nodes of a graph rooted at `root`.
/// `successors(n)` and `predecessors(n)` list node `n`'s edges (node indices below
/// `num_nodes`); the DFS follows successors in the order given.
///
/// # Panics
///
/// Panics if `root` or an edge's node is out of range.
pub fn immediate_dominators<S, P>(
    num_nodes: usize,
    root: usize,
    successors: impl Fn(usize) -> S,
    predecessors: impl Fn(usize) -> P,
) -> Dominators
where
    S: IntoIterator<Item = usize>,
    P: IntoIterator<Item = usize>,
{
    let dfs = DfsTree::search(num_nodes, root, successors);
    let semi = semidominators(&dfs, predecessors);
    let idom_by_number = nearest_common_ancestors(&dfs, &semi);
    let mut idom = vec![NONE; num_nodes];
    for (number, &node) in dfs.preorder.iter().enumerate().skip(1) {
        idom[node as usize] = dfs.preorder[idom_by_number[number] as usize];
    }
    Dominators {
        idom,
        preorder: dfs.preorder,
    }
}

/// A depth-first search tree: preorder numbers and parents.
struct DfsTree {
    /// Node of each preorder number.
    preorder: Vec<u32>,
    /// Preorder number of each node; [`NONE`] if unreachable.
    number: Vec<u32>,
    /// DFS-tree parent of each preorder number, as a preorder number (the root's is 0).
    parent: Vec<u32>,
}

impl DfsTree {
    fn search<S: IntoIterator<Item = usize>>(
        num_nodes: usize,
        root: usize,
        successors: impl Fn(usize) -> S,
    ) -> DfsTree {
        let mut tree = DfsTree {
            preorder: Vec::new(),
            number: vec![NONE; num_nodes],
            parent: Vec::new(),
        };
        tree.visit(root, 0);
        let mut stack = vec![(root, successors(root).into_iter())];
        while let Some((node, edges)) = stack.last_mut() {
            let from = tree.number[*node];
            match edges.next() {
                Some(next) if tree.number[next] == NONE => {
                    tree.visit(next, from);
                    stack.push((next, successors(next).into_iter()));
                }
                Some(_) => {}
                None => {
                    stack.pop();
                }
            }
        }
        tree
    }

    fn visit(&mut self, node: usize, parent: u32) {
        self.number[node] = self.preorder.len() as u32;
        self.preorder.push(node as u32);
        self.parent.push(parent);
    }
}

/// Semidominators by preorder number (Lengauer–Tarjan's first phase).
fn semidominators<P: IntoIterator<Item = usize>>(
    dfs: &DfsTree,
    predecessors: impl Fn(usize) -> P,
) -> Vec<u32> {
    let count = dfs.preorder.len();
    let mut semi: Vec<u32> = (0..count as u32).collect();
    let mut forest = LinkEvalForest::new(count);
    for w in (1..count).rev() {
        for pred in predecessors(dfs.preorder[w] as usize) {
            let v = dfs.number[pred];
            if v == NONE {
                continue;
            }
            let candidate = semi[forest.eval(v, &semi) as usize];
            if candidate < semi[w] {
                semi[w] = candidate;
            }
        }
        forest.link(w as u32, dfs.parent[w]);
    }
    semi
}

/// Immediate dominators by preorder number: for each node in increasing preorder, climb the
/// dominator tree from its DFS parent until reaching a node numbered at most its
/// semidominator.
fn nearest_common_ancestors(dfs: &DfsTree, semi: &[u32]) -> Vec<u32> {
    let mut idom = dfs.parent.clone();
    for w in 1..idom.len() {
        let mut candidate = idom[w];
        while candidate > semi[w] {
            candidate = idom[candidate as usize];
        }
        idom[w] = candidate;
    }
    idom
}

/// The forest of Lengauer–Tarjan's `link`/`eval`, with path compression.
struct LinkEvalForest {
    /// Forest parent of each linked node; [`NONE`] for roots of the forest.
    ancestor: Vec<u32>,
    /// The node of minimal semidominator on the compressed path to each node.
    label: Vec<u32>,
    /// Scratch stack of `compress`.
    path: Vec<u32>,
}

impl LinkEvalForest {
    fn new(count: usize) -> Self {
        LinkEvalForest {
            ancestor: vec![NONE; count],
            label: (0..count as u32).collect(),
            path: Vec::new(),
        }
    }

    fn link(&mut self, node: u32, parent: u32) {
        self.ancestor[node as usize] = parent;
    }

    /// The node of minimal semidominator on the forest path from `v` up to (excluding) its
    /// forest root; `v` itself when it is a root.
    fn eval(&mut self, v: u32, semi: &[u32]) -> u32 {
        if self.ancestor[v as usize] == NONE {
            return v;
        }
        self.compress(v, semi);
        self.label[v as usize]
    }

    /// Points every node on `v`'s path straight below the forest root, carrying the minimal
    /// label down.
    fn compress(&mut self, v: u32, semi: &[u32]) {
        let mut node = v;
        while self.ancestor[self.ancestor[node as usize] as usize] != NONE {
            self.path.push(node);
            node = self.ancestor[node as usize];
        }
        while let Some(node) = self.path.pop() {
            let n = node as usize;
            let up = self.ancestor[n] as usize;
            if semi[self.label[up] as usize] < semi[self.label[n] as usize] {
                self.label[n] = self.label[up];
            }
            self.ancestor[n] = self.ancestor[up];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Immediate dominators of a graph given by edges, by brute force: `d` dominates `n` iff
    /// `n` is unreachable from the root once `d` is removed.
    fn brute_force(num_nodes: usize, edges: &[(usize, usize)]) -> Vec<u32> {
        let reach = |removed: Option<usize>| {
            let mut seen = vec![false; num_nodes];
            let mut stack = vec![0];
            if removed == Some(0) {
                return seen;
            }
            seen[0] = true;
            while let Some(n) = stack.pop() {
                for &(a, b) in edges {
                    if a == n && !seen[b] && Some(b) != removed {
                        seen[b] = true;
                        stack.push(b);
                    }
                }
            }
            seen
        };
        let reachable = reach(None);
        let dominators: Vec<Vec<usize>> = (0..num_nodes)
            .map(|n| {
                (0..num_nodes)
                    .filter(|&d| reachable[n] && (d == n || !reach(Some(d))[n]))
                    .collect()
            })
            .collect();
        (0..num_nodes)
            .map(|n| {
                let strict: Vec<usize> =
                    dominators[n].iter().copied().filter(|&d| d != n).collect();
                // The immediate dominator is the strict dominator dominated by all others.
                strict
                    .iter()
                    .copied()
                    .find(|&d| strict.iter().all(|&o| dominators[d].contains(&o)))
                    .map_or(NONE, |d| d as u32)
            })
            .collect()
    }

    fn compute(num_nodes: usize, edges: &[(usize, usize)]) -> Vec<u32> {
        let succ = |n: usize| edges.iter().filter(move |e| e.0 == n).map(|e| e.1);
        let pred = |n: usize| edges.iter().filter(move |e| e.1 == n).map(|e| e.0);
        immediate_dominators(num_nodes, 0, succ, pred).idom
    }

    #[test]
    fn ladder_of_early_exits() {
        // 0 -> 1 -> 2 -> ... -> 9, each rung also branching to the exit 10.
        let mut edges: Vec<(usize, usize)> = (0..9).map(|i| (i, i + 1)).collect();
        edges.extend((0..10).map(|i| (i, 10)));
        let idom = compute(11, &edges);
        assert_eq!(idom[10], 0);
        assert_eq!(idom[5], 4);
        assert_eq!(idom, brute_force(11, &edges));
    }

    #[test]
    fn irreducible_loop_and_unreachable_node() {
        let edges = [(0, 1), (0, 2), (1, 2), (2, 1), (1, 3), (2, 3), (4, 3)];
        let idom = compute(5, &edges);
        assert_eq!(idom, vec![NONE, 0, 0, 0, NONE]);
        assert_eq!(idom, brute_force(5, &edges));
    }

    #[test]
    fn random_graphs_agree_with_brute_force() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        for _ in 0..300 {
            let num_nodes = 2 + next(9);
            let edges: Vec<(usize, usize)> = (0..next(3 * num_nodes))
                .map(|_| (next(num_nodes), next(num_nodes)))
                .collect();
            assert_eq!(
                compute(num_nodes, &edges),
                brute_force(num_nodes, &edges),
                "{edges:?}"
            );
        }
    }
}
