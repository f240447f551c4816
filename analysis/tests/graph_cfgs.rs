//! Hand-made CFGs exercising the graph toolkit: diamond, loops, nested loops,
//! irreducible graph, unreachable nodes, self loops, single node and
//! non-terminating regions.

mod common;

use analysis::graph::loops::{back_edges, is_back_edge, is_reducible, natural_loops};
use analysis::graph::{
    DataflowProblem, DfsOrder, Direction, DominatorTree, Graph, Liveness, Meet, NaturalLoop,
    NodeId, PostDominatorTree, ReverseGraph, StronglyConnectedComponents,
};
use common::{bits, graph, graph_from_edges, n, raw};
use fixedbitset::FixedBitSet;

fn idoms(tree: &DominatorTree) -> Vec<Option<u32>> {
    (0..tree.num_nodes() as u32)
        .map(|i| tree.immediate_dominator(n(i)).map(NodeId::as_u32))
        .collect()
}

fn ipdoms(tree: &PostDominatorTree, num_nodes: u32) -> Vec<Option<u32>> {
    (0..num_nodes)
        .map(|i| tree.immediate_post_dominator(n(i)).map(NodeId::as_u32))
        .collect()
}

/// 0 -> {1, 2} -> 3
fn diamond() -> Graph {
    graph(0, &[&[1, 2], &[3], &[3], &[]])
}

#[test]
fn graph_csr_keeps_edge_order_duplicates_and_sorted_predecessors() {
    let g = graph_from_edges(4, 0, &[(2, 1), (0, 2), (0, 1), (0, 2), (1, 1), (3, 1)]);
    assert_eq!(g.num_nodes(), 4);
    assert_eq!(g.num_edges(), 6);
    assert_eq!(raw(g.successors(n(0)).iter().copied()), [2, 1, 2]);
    assert_eq!(raw(g.predecessors(n(1)).iter().copied()), [0, 1, 2, 3]);
    assert_eq!(raw(g.predecessors(n(2)).iter().copied()), [0, 0]);
    assert_eq!(raw(g.exits()), Vec::<u32>::new());
    let edges: Vec<(u32, u32)> = g.edges().map(|(a, b)| (a.as_u32(), b.as_u32())).collect();
    assert_eq!(edges, [(0, 2), (0, 1), (0, 2), (1, 1), (2, 1), (3, 1)]);
    let reversed = g.reversed(n(1));
    assert_eq!(reversed.entry(), n(1));
    assert_eq!(raw(reversed.successors(n(1)).iter().copied()), [0, 1, 2, 3]);
    assert_eq!(raw(reversed.predecessors(n(0)).iter().copied()), [2, 1, 2]);
    assert_eq!(g, graph(0, &[&[2, 1, 2], &[1], &[1], &[1]]));
}

#[test]
#[should_panic(expected = "out of range")]
fn graph_rejects_out_of_range_edges() {
    let _ = graph_from_edges(2, 0, &[(0, 2)]);
}

#[test]
fn reachability_and_dfs_orders() {
    let g = graph(0, &[&[1, 2], &[3], &[3], &[], &[3]]);
    let reachable = g.reachable_from_entry();
    assert_eq!(reachable.ones().collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert_eq!(g.reaching([n(1)]).ones().collect::<Vec<_>>(), [0, 1]);
    let order = DfsOrder::from_entry(&g);
    assert_eq!(raw(order.preorder().iter().copied()), [0, 1, 3, 2]);
    assert_eq!(raw(order.postorder().iter().copied()), [3, 1, 2, 0]);
    assert_eq!(raw(order.reverse_postorder()), [0, 2, 1, 3]);
    assert_eq!(order.rpo_number(n(3)), Some(3));
    assert_eq!(order.rpo_number(n(4)), None);
    assert!(!order.is_visited(n(4)));
    let all = DfsOrder::covering_all(&g);
    assert_eq!(all.len(), 5);
    assert_eq!(raw(all.postorder().iter().copied()), [3, 1, 2, 0, 4]);
}

#[test]
fn diamond_dominators() {
    let g = diamond();
    let dom = DominatorTree::new(&g);
    assert_eq!(idoms(&dom), [None, Some(0), Some(0), Some(0)]);
    assert!(dom.dominates(n(0), n(3)));
    assert!(!dom.dominates(n(1), n(3)));
    assert!(dom.dominates(n(3), n(3)));
    assert!(!dom.properly_dominates(n(3), n(3)));
    assert!(dom.properly_dominates(n(0), n(1)));
    assert_eq!(dom.nearest_common_dominator(n(1), n(2)), Some(n(0)));
    assert_eq!(dom.nearest_common_dominator(n(1), n(1)), Some(n(1)));
    assert_eq!(raw(dom.children(n(0)).iter().copied()), [2, 1, 3]);
    assert_eq!(raw(dom.tree_preorder().iter().copied()), [0, 2, 1, 3]);
    assert_eq!(raw(dom.dominators(n(3))), [3, 0]);
    assert_eq!(dom.depth(n(0)), Some(0));
    assert_eq!(dom.depth(n(3)), Some(1));
    assert!(back_edges(&g, &dom).is_empty());
    assert!(is_reducible(&g, &dom));
}

#[test]
fn diamond_post_dominators() {
    let g = diamond();
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(pdom.virtual_exit(), n(4));
    assert_eq!(ipdoms(&pdom, 4), [Some(3), Some(3), Some(3), None]);
    assert!(pdom.post_dominates(n(3), n(0)));
    assert!(!pdom.post_dominates(n(1), n(0)));
    assert!(pdom.post_dominates(pdom.virtual_exit(), n(2)));
    assert_eq!(raw(pdom.roots().iter().copied()), [3]);
    assert_eq!(pdom.nearest_common_post_dominator(n(1), n(2)), Some(n(3)));
    assert!(pdom.reverse_graph().pseudo_exits().is_empty());
}

#[test]
fn simple_loop() {
    // 0 -> 1; 1 -> {2, 3}; 2 -> 1; 3 exit.
    let g = graph(0, &[&[1], &[2, 3], &[1], &[]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(idoms(&dom), [None, Some(0), Some(1), Some(1)]);
    assert_eq!(back_edges(&g, &dom), [(n(2), n(1))]);
    assert!(is_back_edge(&dom, n(2), n(1)));
    assert!(!is_back_edge(&dom, n(1), n(2)));
    let loops = natural_loops(&g, &dom);
    assert_eq!(loops.len(), 1);
    assert_eq!(loops[0].header(), n(1));
    assert_eq!(raw(loops[0].latches().iter().copied()), [2]);
    assert_eq!(raw(loops[0].members()), [1, 2]);
    assert!(is_reducible(&g, &dom));
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(ipdoms(&pdom, 4), [Some(1), Some(3), Some(1), None]);
}

#[test]
fn nested_loops() {
    // 0 -> 1; 1 -> {2, 5}; 2 -> 3; 3 -> {2, 4}; 4 -> 1; 5 exit.
    let g = graph(0, &[&[1], &[2, 5], &[3], &[2, 4], &[1], &[]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(
        idoms(&dom),
        [None, Some(0), Some(1), Some(2), Some(3), Some(1)]
    );
    assert_eq!(back_edges(&g, &dom), [(n(3), n(2)), (n(4), n(1))]);
    let loops = natural_loops(&g, &dom);
    let summary: Vec<(u32, Vec<u32>)> = loops
        .iter()
        .map(|l| (l.header().as_u32(), raw(l.members())))
        .collect();
    assert_eq!(summary, [(1, vec![1, 2, 3, 4]), (2, vec![2, 3])]);
    assert!(loops[0].contains(n(3)));
    assert!(!loops[1].contains(n(4)));
    assert_eq!(loops[0].len(), 4);
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(
        ipdoms(&pdom, 6),
        [Some(1), Some(5), Some(3), Some(4), Some(1), None]
    );
}

#[test]
fn irreducible_graph_has_no_back_edges() {
    // 0 -> {1, 2}; 1 -> {2, 3}; 2 -> 1; 3 exit. Cycle {1, 2} has two entries.
    let g = graph(0, &[&[1, 2], &[2, 3], &[1], &[]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(idoms(&dom), [None, Some(0), Some(0), Some(1)]);
    assert!(back_edges(&g, &dom).is_empty());
    assert!(natural_loops(&g, &dom).is_empty());
    assert!(!is_reducible(&g, &dom));
    let sccs = StronglyConnectedComponents::new(&g);
    assert_eq!(sccs.component_of(n(1)), sccs.component_of(n(2)));
    assert!(sccs.is_cyclic(&g, sccs.component_of(n(1))));
    assert!(!sccs.is_cyclic(&g, sccs.component_of(n(0))));
}

#[test]
fn unreachable_nodes_follow_llvm_semantics() {
    // 0 -> 1; 1 exit; 2 -> 1 (unreachable); 3 -> 3 (unreachable self loop).
    let g = graph(0, &[&[1], &[], &[1], &[3]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(idoms(&dom), [None, Some(0), None, None]);
    assert!(dom.is_reachable(n(1)));
    assert!(!dom.is_reachable(n(2)));
    assert_eq!(raw(dom.unreachable_nodes()), [2, 3]);
    assert_eq!(dom.num_reachable(), 2);
    // Unreachable nodes are dominated by everything...
    assert!(dom.dominates(n(0), n(2)));
    assert!(dom.dominates(n(1), n(2)));
    assert!(dom.dominates(n(3), n(2)));
    assert!(dom.dominates(n(2), n(2)));
    assert!(dom.properly_dominates(n(1), n(2)));
    assert!(!dom.properly_dominates(n(2), n(2)));
    // ...and dominate no reachable node.
    assert!(!dom.dominates(n(2), n(1)));
    assert!(!dom.dominates(n(2), n(0)));
    assert_eq!(dom.nearest_common_dominator(n(0), n(2)), None);
    assert_eq!(dom.nearest_common_dominator(n(2), n(3)), None);
    assert_eq!(dom.depth(n(2)), None);
    assert_eq!(dom.rpo_number(n(2)), None);
    assert!(dom.children(n(2)).is_empty());
    assert_eq!(dom.dominators(n(2)).count(), 0);
    assert!(
        back_edges(&g, &dom).is_empty(),
        "unreachable self loop ignored"
    );

    // Post-dominance covers every node; the unreachable infinite loop 3 is a
    // pseudo exit.
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(raw(pdom.reverse_graph().exits().iter().copied()), [1]);
    assert_eq!(
        raw(pdom.reverse_graph().pseudo_exits().iter().copied()),
        [3]
    );
    assert_eq!(ipdoms(&pdom, 4), [Some(1), None, Some(1), None]);
    assert!(pdom.post_dominates(n(1), n(2)));
    assert_eq!(raw(pdom.roots().iter().copied()), [3, 1]);
    assert_eq!(pdom.tree().unreachable_nodes().count(), 0);
}

#[test]
fn self_loops() {
    // Entry with a self loop and nothing else: no exit at all.
    let g = graph(0, &[&[0]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(idoms(&dom), [None]);
    assert_eq!(back_edges(&g, &dom), [(n(0), n(0))]);
    assert_eq!(raw(natural_loops(&g, &dom)[0].members()), [0]);
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(
        raw(pdom.reverse_graph().pseudo_exits().iter().copied()),
        [0]
    );
    assert_eq!(ipdoms(&pdom, 1), [None]);

    // 0 -> 1; 1 -> {1, 2}; 2 exit.
    let g = graph(0, &[&[1], &[1, 2], &[]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(back_edges(&g, &dom), [(n(1), n(1))]);
    assert!(is_reducible(&g, &dom));
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(ipdoms(&pdom, 3), [Some(1), Some(2), None]);
}

#[test]
fn single_node() {
    let g = graph(0, &[&[]]);
    let dom = DominatorTree::new(&g);
    assert_eq!(dom.root(), n(0));
    assert_eq!(idoms(&dom), [None]);
    assert!(dom.dominates(n(0), n(0)));
    assert_eq!(dom.nearest_common_dominator(n(0), n(0)), Some(n(0)));
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(ipdoms(&pdom, 1), [None]);
    assert_eq!(raw(pdom.roots().iter().copied()), [0]);
    let uses = [bits(2, &[0])];
    let defs = [bits(2, &[1])];
    let live = Liveness::compute(&g, 2, &uses, &defs);
    assert_eq!(live.live_in(n(0)), &bits(2, &[0]));
    assert_eq!(live.live_out(n(0)), &bits(2, &[]));
}

#[test]
fn infinite_loop_is_post_dominated_by_its_latch() {
    // 0 -> 1 -> 2 -> 3 -> 1, no exit.
    let g = graph(0, &[&[1], &[2], &[3], &[1]]);
    let reverse = ReverseGraph::new(&g);
    assert!(reverse.exits().is_empty());
    assert_eq!(raw(reverse.pseudo_exits().iter().copied()), [3]);
    assert_eq!(reverse.num_original_nodes(), 4);
    assert!(reverse.is_virtual_exit(n(4)));
    let pdom = PostDominatorTree::from_reverse_graph(reverse);
    assert_eq!(ipdoms(&pdom, 4), [Some(1), Some(2), Some(3), None]);
}

#[test]
fn exit_and_infinite_loop_only_share_the_virtual_exit() {
    // 0 -> {1, 4}; 1 -> 2; 2 -> 1 (infinite loop); 3 -> 4 (unreachable); 4 exit.
    let g = graph(0, &[&[1, 4], &[2], &[1], &[4], &[]]);
    let pdom = PostDominatorTree::new(&g);
    assert_eq!(
        raw(pdom.reverse_graph().pseudo_exits().iter().copied()),
        [2]
    );
    assert_eq!(ipdoms(&pdom, 5), [None, Some(2), None, Some(4), None]);
    assert_eq!(pdom.nearest_common_post_dominator(n(1), n(4)), None);
    assert_eq!(pdom.nearest_common_post_dominator(n(3), n(4)), Some(n(4)));
    assert!(pdom.properly_post_dominates(n(2), n(1)));
    let mut roots = raw(pdom.roots().iter().copied());
    roots.sort_unstable();
    assert_eq!(roots, [0, 2, 4]);
}

#[test]
fn loop_liveness_sees_uses_around_the_back_edge() {
    // 0 -> 1; 1 -> {2, 3}; 2 -> 1; 3 exit.
    // v0: defined in 0, used in 2. v1: used in 1 (upward exposed), defined in 2.
    // v2: defined and used in 3 only. v3: used in 3, defined in 0.
    let g = graph(0, &[&[1], &[2, 3], &[1], &[]]);
    let uses = [
        bits(4, &[]),
        bits(4, &[1]),
        bits(4, &[0]),
        FixedBitSet::new(),
    ];
    let defs = [bits(4, &[0, 3]), bits(4, &[]), bits(4, &[1]), bits(2, &[])];
    let mut uses = uses.to_vec();
    uses[3] = bits(4, &[3]);
    let live = Liveness::compute(&g, 4, &uses, &defs);
    let sets = |f: &dyn Fn(NodeId) -> FixedBitSet| -> Vec<Vec<usize>> {
        (0..4).map(|i| f(n(i)).ones().collect()).collect()
    };
    assert_eq!(
        sets(&|node| live.live_in(node).clone()),
        [vec![1], vec![0, 1, 3], vec![0, 3], vec![3]]
    );
    assert_eq!(
        sets(&|node| live.live_out(node).clone()),
        [vec![0, 1, 3], vec![0, 3], vec![0, 1, 3], vec![]]
    );
    assert!(live.is_live_out(n(2), 1));
    assert!(!live.is_live_in(n(2), 1));
    assert_eq!(live.num_values(), 4);
    assert!(live.node_visits() >= 4);
    let (live_in, live_out) = live.into_sets();
    assert_eq!(live_in.len(), 4);
    assert!(live_out.iter().all(|set| set.len() == 4));
}

#[test]
fn forward_must_and_may_problems_on_a_diamond() {
    // Facts: a = 0, b = 1. Node 1 generates {a}, node 2 generates {a, b}.
    let g = diamond();
    let generated = [bits(2, &[]), bits(2, &[0]), bits(2, &[0, 1]), bits(2, &[])];
    let killed = vec![FixedBitSet::new(); 4];
    let boundary = FixedBitSet::new();
    let solve = |meet| {
        DataflowProblem {
            direction: Direction::Forward,
            meet,
            num_bits: 2,
            generated: &generated,
            killed: &killed,
            boundary: &boundary,
        }
        .solve(&g)
    };
    let must = solve(Meet::Intersection);
    assert_eq!(must.in_set(n(3)), &bits(2, &[0]));
    assert_eq!(must.in_set(n(0)), &bits(2, &[]));
    let may = solve(Meet::Union);
    assert_eq!(may.in_set(n(3)), &bits(2, &[0, 1]));
    assert_eq!(may.out_set(n(1)), &bits(2, &[0]));
}

#[test]
fn backward_intersection_leaves_non_terminating_nodes_full() {
    // 0 -> {1, 2}; 1 -> 1 (never exits); 2 exit. Fact 0 holds on all paths to
    // an exit if generated in 2.
    let g = graph(0, &[&[1, 2], &[1], &[]]);
    let generated = [bits(1, &[]), bits(1, &[]), bits(1, &[0])];
    let killed = vec![FixedBitSet::new(); 3];
    let boundary = FixedBitSet::new();
    let solution = DataflowProblem {
        direction: Direction::Backward,
        meet: Meet::Intersection,
        num_bits: 1,
        generated: &generated,
        killed: &killed,
        boundary: &boundary,
    }
    .solve(&g);
    assert_eq!(solution.out_set(n(1)), &bits(1, &[0]));
    assert_eq!(solution.in_set(n(0)), &bits(1, &[0]));
    assert_eq!(solution.out_set(n(2)), &bits(1, &[]));
}

#[test]
fn natural_loop_ignores_non_back_edge_latches() {
    let g = graph(0, &[&[1], &[2, 3], &[1], &[]]);
    let dom = DominatorTree::new(&g);
    let lp = NaturalLoop::new(&g, &dom, n(1), &[n(2), n(3), n(2)]);
    assert_eq!(raw(lp.latches().iter().copied()), [2]);
    assert_eq!(raw(lp.members()), [1, 2]);
    assert!(!lp.is_empty());
    assert_eq!(lp.member_set().count_ones(..), 2);
}

#[test]
fn scc_numbering_is_reverse_topological() {
    // 0 -> 1 -> {2, 0}; 2 -> 3 -> 2; 4 isolated.
    let g = graph(0, &[&[1], &[2, 0], &[3], &[2], &[]]);
    let sccs = StronglyConnectedComponents::new(&g);
    assert_eq!(sccs.len(), 3);
    let c01 = sccs.component_of(n(0));
    let c23 = sccs.component_of(n(2));
    assert_eq!(raw(sccs.members(c01).iter().copied()), [0, 1]);
    assert_eq!(raw(sccs.members(c23).iter().copied()), [2, 3]);
    assert!(c23 < c01);
    assert!(!sccs.has_outgoing_edge(&g, c23));
    assert!(sccs.has_outgoing_edge(&g, c01));
}
