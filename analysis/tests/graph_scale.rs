//! Large graphs: checks that nothing recurses (no stack overflow on deep
//! graphs) and that dominators and liveness stay near-linear on long chains
//! of diamonds, long chains, deep if-nesting and a large infinite loop.

mod common;

use analysis::graph::loops::{back_edges, is_reducible, natural_loops};
use analysis::graph::{
    DominatorTree, Graph, Liveness, NodeId, PostDominatorTree, StronglyConnectedComponents,
};
use common::n;
use fixedbitset::FixedBitSet;

const NUM_VALUES: usize = 64;

/// Chain of `count` diamonds: diamond `i` is `top(i) -> {3i+1, 3i+2} ->
/// top(i+1)` with `top(i) = 3i`; the last top is the single exit.
fn diamond_chain(count: u32) -> Graph {
    let edges = (0..count).flat_map(|i| {
        let top = 3 * i;
        [
            (top, top + 1),
            (top, top + 2),
            (top + 1, top + 3),
            (top + 2, top + 3),
        ]
    });
    let num_nodes = 3 * count as usize + 1;
    Graph::from_edges(num_nodes, n(0), edges.map(|(a, b)| (n(a), n(b))))
}

/// Chain `0 -> 1 -> ... -> len-1`, optionally closed into a cycle.
fn chain(len: u32, closed: bool) -> Graph {
    let edges = (0..len - 1).map(|i| (n(i), n(i + 1)));
    let closing = closed.then(|| (n(len - 1), n(0)));
    Graph::from_edges(len as usize, n(0), edges.chain(closing))
}

fn empty_sets(count: usize) -> Vec<FixedBitSet> {
    vec![FixedBitSet::new(); count]
}

#[test]
fn chain_of_100k_diamonds() {
    let count = 100_000u32;
    let graph = diamond_chain(count);
    let dom = DominatorTree::new(&graph);
    assert_eq!(dom.num_reachable(), graph.num_nodes());
    for i in [0, 1, count / 2, count - 1] {
        let top = 3 * i;
        assert_eq!(dom.immediate_dominator(n(top + 3)), Some(n(top)));
        assert_eq!(dom.immediate_dominator(n(top + 2)), Some(n(top)));
        assert_eq!(
            dom.nearest_common_dominator(n(top + 1), n(top + 2)),
            Some(n(top))
        );
    }
    assert!(dom.dominates(n(0), n(3 * count)));
    assert_eq!(dom.depth(n(3 * count)), Some(count));
    assert!(back_edges(&graph, &dom).is_empty());
    assert!(is_reducible(&graph, &dom));

    let pdom = PostDominatorTree::new(&graph);
    assert_eq!(pdom.immediate_post_dominator(n(0)), Some(n(3)));
    assert_eq!(pdom.immediate_post_dominator(n(4)), Some(n(6)));
    assert!(pdom.post_dominates(n(3 * count), n(0)));

    // Value `i % 64` is defined at top(i) and used in the right arm of
    // diamond i + 10: it is live across 10 diamonds.
    let mut uses = empty_sets(graph.num_nodes());
    let mut defs = empty_sets(graph.num_nodes());
    for i in 0..count {
        let value = (i % NUM_VALUES as u32) as usize;
        defs[3 * i as usize] = common::bits(NUM_VALUES, &[value]);
        if i >= 10 {
            let prior = ((i - 10) % NUM_VALUES as u32) as usize;
            uses[3 * i as usize + 2] = common::bits(NUM_VALUES, &[prior]);
        }
    }
    let live = Liveness::compute(&graph, NUM_VALUES, &uses, &defs);
    let top_20 = n(60);
    let live_out: Vec<usize> = live.live_out(top_20).ones().collect();
    // Defined at tops 10..=20 (values 10..=20), used in diamonds 20..=30.
    assert_eq!(live_out, (10..=20).collect::<Vec<_>>());
    assert!(live.live_in(n(0)).is_clear());
    assert!(live.node_visits() <= 2 * graph.num_nodes());
}

#[test]
fn chain_of_one_million_nodes() {
    let len = 1_000_000u32;
    let graph = chain(len, false);
    let dom = DominatorTree::new(&graph);
    assert_eq!(dom.immediate_dominator(n(len - 1)), Some(n(len - 2)));
    assert_eq!(dom.depth(n(len - 1)), Some(len - 1));
    assert!(dom.dominates(n(1), n(len - 1)));
    assert!(!dom.dominates(n(len - 1), n(1)));
    assert_eq!(
        dom.nearest_common_dominator(n(len / 2), n(len - 1)),
        Some(n(len / 2))
    );

    let pdom = PostDominatorTree::new(&graph);
    assert_eq!(pdom.immediate_post_dominator(n(0)), Some(n(1)));
    assert!(pdom.post_dominates(n(len - 1), n(0)));

    // Value 0 is defined at the entry and used at the end.
    let mut uses = empty_sets(graph.num_nodes());
    let mut defs = empty_sets(graph.num_nodes());
    defs[0] = common::bits(1, &[0]);
    uses[len as usize - 1] = common::bits(1, &[0]);
    let live = Liveness::compute(&graph, 1, &uses, &defs);
    assert!(!live.is_live_in(n(0), 0));
    assert!(live.is_live_out(n(0), 0));
    assert!(live.is_live_in(n(len / 2), 0));
    assert!(!live.is_live_out(n(len - 1), 0));
    assert_eq!(live.node_visits(), graph.num_nodes());

    let sccs = StronglyConnectedComponents::new(&graph);
    assert_eq!(sccs.len(), len as usize);
}

/// A comb: the chain `0 -> 1 -> ... -> len-1` with a leaf `len + i` hanging
/// off every chain node `i`, so the nearest common dominator of two leaves
/// is the lower of their chain nodes, far up a deep tree.
fn comb(len: u32) -> Graph {
    let spine = (0..len - 1).map(|i| (n(i), n(i + 1)));
    let teeth = (0..len).map(|i| (n(i), n(len + i)));
    Graph::from_edges(2 * len as usize, n(0), spine.chain(teeth))
}

#[test]
fn nearest_common_dominators_far_up_a_deep_comb() {
    // A walk up the chain per query would take about 10^10 steps here.
    let len = 200_000u32;
    let graph = comb(len);
    let dom = DominatorTree::new(&graph);
    let pdom = PostDominatorTree::new(&graph);
    let mut seed = 12345u64;
    for _ in 0..len {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let i = (seed >> 33) as u32 % len;
        let j = (seed >> 13) as u32 % len;
        let (a, b) = (n(len + i), n(len + j));
        let expected = if i == j { a } else { n(i.min(j)) };
        assert_eq!(dom.nearest_common_dominator(a, b), Some(expected));
        assert_eq!(dom.nearest_common_dominator(n(i), b), Some(n(i.min(j))));
    }
    // Every chain node may leave through its leaf: only the virtual exit
    // post-dominates two of them.
    assert_eq!(pdom.nearest_common_post_dominator(n(0), n(len - 1)), None);
    assert_eq!(
        pdom.nearest_common_post_dominator(n(len - 2), n(len - 1)),
        None
    );
}

#[test]
fn one_million_node_infinite_loop() {
    let len = 1_000_000u32;
    let graph = chain(len, true);
    let sccs = StronglyConnectedComponents::new(&graph);
    assert_eq!(sccs.len(), 1);
    let pdom = PostDominatorTree::new(&graph);
    assert_eq!(
        pdom.reverse_graph().pseudo_exits(),
        &[NodeId::from_index(len as usize - 1)]
    );
    assert_eq!(pdom.immediate_post_dominator(n(0)), Some(n(1)));
    assert_eq!(pdom.immediate_post_dominator(n(len - 1)), None);
    let dom = DominatorTree::new(&graph);
    assert_eq!(back_edges(&graph, &dom), [(n(len - 1), n(0))]);
    assert_eq!(natural_loops(&graph, &dom)[0].len(), len as usize);

    // A value used at the entry and defined at the end of the loop is only
    // live across the back edge.
    let mut uses = empty_sets(graph.num_nodes());
    let mut defs = empty_sets(graph.num_nodes());
    uses[0] = common::bits(1, &[0]);
    defs[len as usize - 1] = common::bits(1, &[0]);
    let live = Liveness::compute(&graph, 1, &uses, &defs);
    assert!(live.is_live_out(n(len - 1), 0));
    assert!(!live.is_live_in(n(len - 1), 0));
    assert!(!live.is_live_in(n(len / 2), 0));
    assert!(live.is_live_in(n(0), 0));
}

#[test]
fn deeply_nested_ifs() {
    // cond(i) = i -> {i+1, else(i)}, else(i) = depth + i -> join(i);
    // join(i) = 2*depth + i -> join(i-1); the innermost cond goes to
    // join(depth-1); join(0) is the exit.
    let depth = 100_000u32;
    let cond = |i: u32| i;
    let else_arm = |i: u32| depth + i;
    let join = |i: u32| 2 * depth + i;
    let mut edges = Vec::new();
    for i in 0..depth {
        let then_target = if i + 1 < depth { cond(i + 1) } else { join(i) };
        edges.push((cond(i), then_target));
        edges.push((cond(i), else_arm(i)));
        edges.push((else_arm(i), join(i)));
        if i > 0 {
            edges.push((join(i), join(i - 1)));
        }
    }
    let graph = Graph::from_edges(
        3 * depth as usize,
        n(0),
        edges.into_iter().map(|(a, b)| (n(a), n(b))),
    );
    let dom = DominatorTree::new(&graph);
    for i in [0, depth / 2, depth - 1] {
        assert_eq!(dom.immediate_dominator(n(join(i))), Some(n(cond(i))));
    }
    let pdom = PostDominatorTree::new(&graph);
    assert_eq!(pdom.immediate_post_dominator(n(cond(0))), Some(n(join(0))));
    let uses = empty_sets(graph.num_nodes());
    let live = Liveness::compute(&graph, NUM_VALUES, &uses, &uses);
    assert!(live.live_in(n(0)).is_clear());
}

#[test]
fn deeply_nested_loops() {
    // header(i) -> header(i+1) (innermost -> latch(depth-1));
    // latch(i) -> {header(i), latch(i-1)}; latch(0) -> exit.
    let depth = 2_000u32;
    let header = |i: u32| i;
    let latch = |i: u32| depth + i;
    let exit = 2 * depth;
    let mut edges = Vec::new();
    for i in 0..depth {
        let next = if i + 1 < depth {
            header(i + 1)
        } else {
            latch(i)
        };
        edges.push((header(i), next));
        edges.push((latch(i), header(i)));
        edges.push((latch(i), if i > 0 { latch(i - 1) } else { exit }));
    }
    let graph = Graph::from_edges(
        2 * depth as usize + 1,
        n(0),
        edges.into_iter().map(|(a, b)| (n(a), n(b))),
    );
    let dom = DominatorTree::new(&graph);
    assert_eq!(dom.immediate_dominator(n(header(5))), Some(n(header(4))));
    assert_eq!(back_edges(&graph, &dom).len(), depth as usize);
    assert!(is_reducible(&graph, &dom));
    let loops = natural_loops(&graph, &dom);
    assert_eq!(loops.len(), depth as usize);
    assert_eq!(loops[0].len(), 2 * depth as usize);
    let pdom = PostDominatorTree::new(&graph);
    assert_eq!(
        pdom.immediate_post_dominator(n(header(0))),
        Some(n(header(1)))
    );
}
