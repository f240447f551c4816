//! Property tests on random CFGs (up to 60 nodes), cross-checking the graph
//! toolkit against petgraph's `simple_fast` dominators and naive reference
//! implementations.

mod common;

use analysis::graph::loops::{back_edges, is_reducible, natural_loops};
use analysis::graph::{
    DataflowProblem, Direction, DominatorTree, Graph, Liveness, Meet, NodeId, PostDominatorTree,
    ReverseGraph, StronglyConnectedComponents,
};
use common::{n, naive_dominates, naive_liveness, reachable_avoiding, to_bools};
use fixedbitset::FixedBitSet;
use petgraph::algo::dominators::simple_fast;
use petgraph::graph::NodeIndex;
use proptest::prelude::*;

/// A random CFG: entry 0, an optional spanning-tree edge into each node (so
/// most nodes are reachable), plus random extra edges (loops, joins,
/// irreducible cycles, parallel edges, self loops).
fn arb_graph() -> impl Strategy<Value = Graph> {
    (1usize..=60).prop_flat_map(|num_nodes| {
        let tree = proptest::collection::vec((any::<u32>(), prop::bool::weighted(0.9)), num_nodes);
        let extra = proptest::collection::vec(
            (0..num_nodes as u32, 0..num_nodes as u32),
            0..=2 * num_nodes,
        );
        (Just(num_nodes), tree, extra).prop_map(|(num_nodes, tree, extra)| {
            let tree_edges = tree
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, (_, keep))| *keep)
                .map(|(i, (parent, _))| (parent % i as u32, i as u32));
            let edges: Vec<(NodeId, NodeId)> =
                tree_edges.chain(extra).map(|(a, b)| (n(a), n(b))).collect();
            Graph::from_edges(num_nodes, n(0), edges)
        })
    })
}

/// A random CFG with random `uses`/`defs` sets over up to 80 values.
fn arb_liveness_input() -> impl Strategy<Value = (Graph, usize, Vec<FixedBitSet>, Vec<FixedBitSet>)>
{
    (arb_graph(), 0usize..80).prop_flat_map(|(graph, num_values)| {
        let count = graph.num_nodes();
        let set = move || {
            proptest::collection::vec(0..num_values.max(1), 0..6).prop_map(move |values| {
                let mut set = FixedBitSet::with_capacity(num_values);
                values
                    .into_iter()
                    .filter(|&v| v < num_values)
                    .for_each(|v| set.insert(v));
                set
            })
        };
        let uses = proptest::collection::vec(set(), count);
        let defs = proptest::collection::vec(set(), count);
        (Just(graph), Just(num_values), uses, defs)
    })
}

fn to_petgraph(graph: &Graph) -> petgraph::Graph<(), ()> {
    let mut pg = petgraph::Graph::new();
    for _ in graph.nodes() {
        pg.add_node(());
    }
    for (from, to) in graph.edges() {
        pg.add_edge(NodeIndex::new(from.index()), NodeIndex::new(to.index()), ());
    }
    pg
}

/// Immediate dominators from petgraph, as raw indices.
fn petgraph_idoms(graph: &Graph) -> Vec<Option<usize>> {
    let pg = to_petgraph(graph);
    let doms = simple_fast(&pg, NodeIndex::new(graph.entry().index()));
    graph
        .nodes()
        .map(|node| {
            doms.immediate_dominator(NodeIndex::new(node.index()))
                .map(NodeIndex::index)
        })
        .collect()
}

fn our_idoms(tree: &DominatorTree) -> Vec<Option<usize>> {
    (0..tree.num_nodes() as u32)
        .map(|i| tree.immediate_dominator(n(i)).map(NodeId::index))
        .collect()
}

/// Whether `to` is reachable from `from` (reflexive).
fn reaches(graph: &Graph, from: NodeId, to: NodeId) -> bool {
    reachable_avoiding(graph, from, None)[to.index()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn idoms_match_petgraph(graph in arb_graph()) {
        let tree = DominatorTree::new(&graph);
        prop_assert_eq!(our_idoms(&tree), petgraph_idoms(&graph));
    }

    #[test]
    fn dominance_queries_match_naive_definition(graph in arb_graph()) {
        let tree = DominatorTree::new(&graph);
        let entry = graph.entry();
        let reachable = reachable_avoiding(&graph, entry, None);
        for a in graph.nodes() {
            prop_assert_eq!(tree.is_reachable(a), reachable[a.index()]);
            for b in graph.nodes() {
                let expected = naive_dominates(&graph, entry, a, b);
                prop_assert_eq!(tree.dominates(a, b), expected, "dominates({:?}, {:?})", a, b);
                prop_assert_eq!(tree.properly_dominates(a, b), expected && a != b);
            }
        }
    }

    #[test]
    fn nearest_common_dominator_is_deepest_common_dominator(graph in arb_graph()) {
        let tree = DominatorTree::new(&graph);
        for a in graph.nodes() {
            for b in graph.nodes() {
                let got = tree.nearest_common_dominator(a, b);
                if !tree.is_reachable(a) || !tree.is_reachable(b) {
                    prop_assert_eq!(got, None);
                    continue;
                }
                let common: Vec<NodeId> = graph
                    .nodes()
                    .filter(|&c| tree.dominates(c, a) && tree.dominates(c, b))
                    .collect();
                let deepest = common
                    .iter()
                    .copied()
                    .find(|&c| common.iter().all(|&other| tree.dominates(other, c)));
                prop_assert_eq!(got, deepest);
            }
        }
    }

    #[test]
    fn tree_structure_is_consistent(graph in arb_graph()) {
        let tree = DominatorTree::new(&graph);
        let mut seen = vec![false; graph.num_nodes()];
        for &node in tree.tree_preorder() {
            if let Some(parent) = tree.immediate_dominator(node) {
                prop_assert!(seen[parent.index()], "parent before child in preorder");
                prop_assert!(tree.children(parent).contains(&node));
                prop_assert_eq!(tree.depth(node), tree.depth(parent).map(|d| d + 1));
            }
            seen[node.index()] = true;
        }
        prop_assert_eq!(tree.tree_preorder().len(), tree.num_reachable());
        prop_assert_eq!(tree.reverse_postorder().len(), tree.num_reachable());
        for (index, &node) in tree.reverse_postorder().iter().enumerate() {
            prop_assert_eq!(tree.rpo_number(node), Some(index as u32));
        }
        for node in graph.nodes() {
            for pair in tree.children(node).windows(2) {
                prop_assert!(tree.rpo_number(pair[0]) < tree.rpo_number(pair[1]));
            }
        }
    }

    #[test]
    fn post_dominators_match_petgraph_on_reverse_graph(graph in arb_graph()) {
        let pdom = PostDominatorTree::new(&graph);
        let reverse = pdom.reverse_graph().graph();
        prop_assert_eq!(our_idoms(pdom.tree()), petgraph_idoms(reverse));
        let exit = pdom.virtual_exit();
        for a in reverse.nodes() {
            for b in reverse.nodes() {
                prop_assert_eq!(
                    pdom.post_dominates(a, b),
                    naive_dominates(reverse, exit, a, b)
                );
            }
        }
        for node in graph.nodes() {
            let ipdom = pdom.tree().immediate_dominator(node);
            prop_assert!(ipdom.is_some(), "every node is in the post-dominator tree");
            prop_assert_eq!(
                pdom.immediate_post_dominator(node),
                ipdom.filter(|&p| p != exit)
            );
        }
    }

    #[test]
    fn pseudo_exits_cover_each_non_terminating_sink_once(graph in arb_graph()) {
        let reverse = ReverseGraph::new(&graph);
        let exits: Vec<NodeId> = graph.exits().collect();
        prop_assert_eq!(reverse.exits(), exits.as_slice());
        let reaches_exit = |node| exits.iter().any(|&exit| reaches(&graph, node, exit));
        // Every pseudo exit lies in a sink cycle that cannot reach an exit.
        for &pseudo in reverse.pseudo_exits() {
            prop_assert!(!reaches_exit(pseudo));
            for other in graph.nodes() {
                if reaches(&graph, pseudo, other) {
                    prop_assert!(reaches(&graph, other, pseudo), "sink component");
                }
            }
        }
        // No two pseudo exits share a component.
        for (i, &a) in reverse.pseudo_exits().iter().enumerate() {
            for &b in &reverse.pseudo_exits()[i + 1..] {
                prop_assert!(!reaches(&graph, a, b));
            }
        }
        // Every node reaches an exit or a pseudo exit, hence the virtual exit.
        for node in graph.nodes() {
            prop_assert!(
                reaches_exit(node)
                    || reverse.pseudo_exits().iter().any(|&p| reaches(&graph, node, p))
            );
        }
        let all = reverse.graph().reachable_from_entry();
        prop_assert_eq!(all.count_ones(..), graph.num_nodes() + 1);
    }

    #[test]
    fn scc_matches_mutual_reachability(graph in arb_graph()) {
        let sccs = StronglyConnectedComponents::new(&graph);
        for a in graph.nodes() {
            for b in graph.nodes() {
                let same = reaches(&graph, a, b) && reaches(&graph, b, a);
                prop_assert_eq!(sccs.component_of(a) == sccs.component_of(b), same);
            }
        }
        for (from, to) in graph.edges() {
            prop_assert!(sccs.component_of(to) <= sccs.component_of(from));
        }
    }

    #[test]
    fn back_edges_and_loops_match_definitions(graph in arb_graph()) {
        let tree = DominatorTree::new(&graph);
        let entry = graph.entry();
        let reachable = reachable_avoiding(&graph, entry, None);
        let expected: Vec<(NodeId, NodeId)> = graph
            .edges()
            .filter(|&(from, to)| {
                reachable[from.index()] && naive_dominates(&graph, entry, to, from)
            })
            .collect();
        prop_assert_eq!(back_edges(&graph, &tree), expected.clone());
        for lp in natural_loops(&graph, &tree) {
            let header = lp.header();
            for node in graph.nodes() {
                let expected_member = node == header
                    || (reachable[node.index()]
                        && lp.latches().iter().any(|&latch| {
                            reachable_avoiding(&graph, node, Some(header))[latch.index()]
                        }));
                prop_assert_eq!(lp.contains(node), expected_member);
                if lp.contains(node) {
                    prop_assert!(tree.dominates(header, node));
                }
            }
        }
        // Reducible iff removing back edges leaves the reachable part acyclic.
        let forward_edges: Vec<(NodeId, NodeId)> = graph
            .edges()
            .filter(|edge| reachable[edge.0.index()] && !expected.contains(edge))
            .collect();
        let acyclic = Graph::from_edges(graph.num_nodes(), entry, forward_edges);
        let sccs = StronglyConnectedComponents::new(&acyclic);
        let has_cycle = (0..sccs.len()).any(|c| sccs.is_cyclic(&acyclic, c));
        prop_assert_eq!(is_reducible(&graph, &tree), !has_cycle);
    }

    #[test]
    fn liveness_matches_naive_fixpoint(
        (graph, num_values, uses, defs) in arb_liveness_input()
    ) {
        let live = Liveness::compute(&graph, num_values, &uses, &defs);
        let (naive_in, naive_out) = naive_liveness(&graph, num_values, &uses, &defs);
        for node in graph.nodes() {
            prop_assert_eq!(to_bools(live.live_in(node), num_values), naive_in[node.index()].clone());
            prop_assert_eq!(to_bools(live.live_out(node), num_values), naive_out[node.index()].clone());
            prop_assert_eq!(live.live_in(node).len(), num_values);
        }
    }

    #[test]
    fn forward_must_analysis_matches_naive_fixpoint(
        (graph, num_bits, generated, killed) in arb_liveness_input()
    ) {
        let boundary = FixedBitSet::with_capacity(num_bits);
        let solution = DataflowProblem {
            direction: Direction::Forward,
            meet: Meet::Intersection,
            num_bits,
            generated: &generated,
            killed: &killed,
            boundary: &boundary,
        }
        .solve(&graph);
        // Naive greatest fixpoint, round robin in index order.
        let count = graph.num_nodes();
        let mut ins = vec![vec![true; num_bits]; count];
        let mut outs = vec![vec![true; num_bits]; count];
        let mut changed = true;
        while changed {
            changed = false;
            for node in graph.nodes() {
                let i = node.index();
                for bit in 0..num_bits {
                    let from_preds = graph.predecessors(node).iter().all(|p| outs[p.index()][bit]);
                    let inn = from_preds && node != graph.entry();
                    let out = generated[i].contains(bit) || (inn && !killed[i].contains(bit));
                    if inn != ins[i][bit] || out != outs[i][bit] {
                        ins[i][bit] = inn;
                        outs[i][bit] = out;
                        changed = true;
                    }
                }
            }
        }
        for node in graph.nodes() {
            prop_assert_eq!(to_bools(solution.in_set(node), num_bits), ins[node.index()].clone());
            prop_assert_eq!(to_bools(solution.out_set(node), num_bits), outs[node.index()].clone());
        }
    }
}
