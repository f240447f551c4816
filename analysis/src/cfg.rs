//! Control-flow helpers over the IR: block successors and predecessors with their forwarded
//! operands, per-region CFGs mapped onto the [`graph`](crate::graph) toolkit, back edges,
//! reachability, and region-branch successor queries through the registry's
//! [`RegionBranch`](ir::RegionBranch) interface.
//!
//! Conventions:
//! * The successors of a block are the successors of its last op (its terminator). A block
//!   without ops, or whose last op has no successors, is a region exit.
//! * Unreachable blocks are legal: every helper accepts them and never panics on them.
//! * Nothing here mutates the IR; each query is a plain function or a plain struct.

use fixedbitset::FixedBitSet;
pub use ir::interfaces::predecessors;
use ir::{Block, Context, Op, Region, RegionPoint, Traits, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::graph::{DfsOrder, Graph, NodeId};

/// One control-flow edge leaving a block through its terminator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuccessorEdge {
    /// The terminator that branches.
    pub terminator: Op,
    /// The successor index within the terminator.
    pub index: usize,
    /// The destination block.
    pub block: Block,
    /// The values forwarded to the destination's arguments (empty if the terminator does not
    /// implement the branch interface).
    pub operands: Vec<Value>,
}

/// The terminator of `block` if it has successors or is the last op, `None` for an empty block.
pub fn terminator(ctx: &Context, block: Block) -> Option<Op> {
    ctx.last_op(block)
}

/// The successor blocks of `block`, in terminator order (duplicates kept).
pub fn successor_blocks(ctx: &Context, block: Block) -> &[Block] {
    match ctx.last_op(block) {
        Some(term) => ctx.successors(term),
        None => &[],
    }
}

/// The successor edges of `block` with their forwarded operands.
pub fn successors(ctx: &Context, block: Block) -> Vec<SuccessorEdge> {
    let Some(term) = ctx.last_op(block) else {
        return Vec::new();
    };
    ctx.successors(term)
        .iter()
        .enumerate()
        .map(|(index, &succ)| SuccessorEdge {
            terminator: term,
            index,
            block: succ,
            operands: forwarded_operands(ctx, term, index),
        })
        .collect()
}

/// The operands `term` forwards to successor `index`, robust against malformed ranges.
pub fn forwarded_operands(ctx: &Context, term: Op, index: usize) -> Vec<Value> {
    forwarded_operand_range(ctx, term, index)
        .map(|k| ctx.operand(term, k))
        .collect()
}

/// The positions among `term`'s operands of those [`forwarded_operands`] lists (empty when the
/// op's range is malformed).
pub fn forwarded_operand_range(ctx: &Context, term: Op, index: usize) -> std::ops::Range<usize> {
    let n = ctx.num_operands(term);
    match ctx.successor_operand_range(term, index) {
        Some(range) if range.start <= range.end && range.end <= n => range,
        _ => 0..0,
    }
}

/// The predecessor edges of `block` with the operands each forwards to it.
pub fn predecessor_edges(ctx: &Context, block: Block) -> Vec<SuccessorEdge> {
    predecessors(ctx, block)
        .into_iter()
        .map(|(term, index)| SuccessorEdge {
            terminator: term,
            index,
            block,
            operands: forwarded_operands(ctx, term, index),
        })
        .collect()
}

/// The CFG of one region: its blocks numbered `0..n` in list order (the entry block is `0`)
/// and a [`Graph`] of the terminator edges.
#[derive(Clone, Debug)]
pub struct RegionCfg {
    region: Region,
    blocks: Vec<Block>,
    index: FxHashMap<Block, u32>,
    graph: Graph,
}

impl RegionCfg {
    /// Builds the CFG of `region`; `None` if the region has no blocks.
    pub fn new(ctx: &Context, region: Region) -> Option<Self> {
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        if blocks.is_empty() {
            return None;
        }
        let index: FxHashMap<Block, u32> = blocks
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as u32))
            .collect();
        let graph = region_graph(ctx, &blocks, |b| index.get(&b).copied());
        Some(RegionCfg {
            region,
            blocks,
            index,
            graph,
        })
    }

    /// The region.
    pub fn region(&self) -> Region {
        self.region
    }

    /// The blocks, in region order.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The graph over block indices.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The index of `block`, if it belongs to this region.
    pub fn index_of(&self, block: Block) -> Option<usize> {
        self.index.get(&block).map(|&i| i as usize)
    }

    /// The block with index `node`.
    pub fn block(&self, node: NodeId) -> Block {
        self.blocks[node.index()]
    }

    /// The predecessor blocks of `block` (with repetitions for parallel edges).
    pub fn predecessor_blocks(&self, block: Block) -> Vec<Block> {
        match self.index_of(block) {
            Some(i) => self
                .graph
                .predecessors(NodeId::from_index(i))
                .iter()
                .map(|&n| self.block(n))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The blocks reachable from the entry, as a bit set over block indices.
    pub fn reachable(&self) -> FixedBitSet {
        self.graph.reachable_from_entry()
    }
}

/// Builds the graph of `blocks` (entry first); successors outside the list are ignored.
pub(crate) fn region_graph(
    ctx: &Context,
    blocks: &[Block],
    index_of: impl Fn(Block) -> Option<u32>,
) -> Graph {
    let lists: Vec<Vec<NodeId>> = blocks
        .iter()
        .map(|&b| {
            successor_blocks(ctx, b)
                .iter()
                .filter_map(|&s| index_of(s).map(NodeId::new))
                .collect()
        })
        .collect();
    Graph::from_successor_lists(NodeId::new(0), &lists)
}

/// The back edges `(from, to)` of `region`'s CFG: edges to a block that is on the depth-first
/// search stack from the entry (retreating edges). Every cycle reachable from the entry
/// contains one, irreducible ones included; cycles among unreachable blocks are not reported
/// (like MLIR's `Backedges` analysis, which only visits reachable blocks).
pub fn back_edges(ctx: &Context, region: Region) -> Vec<(Block, Block)> {
    let Some(cfg) = RegionCfg::new(ctx, region) else {
        return Vec::new();
    };
    let order = DfsOrder::from_entry(cfg.graph());
    cfg.graph()
        .edges()
        .filter(|&(from, to)| order.is_retreating_edge(from, to))
        .map(|(from, to)| (cfg.block(from), cfg.block(to)))
        .collect()
}

/// The back edges of every region nested (at any depth) in `op`, region by region in
/// pre-order.
pub fn all_back_edges(ctx: &Context, op: Op) -> Vec<(Block, Block)> {
    let mut out = Vec::new();
    for nested in ctx.walk_preorder(op) {
        for &region in ctx.regions(nested) {
            out.extend(back_edges(ctx, region));
        }
    }
    out
}

/// The blocks of `region` reachable from its entry block.
pub fn reachable_blocks(ctx: &Context, region: Region) -> FxHashSet<Block> {
    let Some(cfg) = RegionCfg::new(ctx, region) else {
        return FxHashSet::default();
    };
    cfg.reachable().ones().map(|i| cfg.blocks()[i]).collect()
}

/// The blocks of `region` not reachable from its entry block, in region order.
pub fn unreachable_blocks(ctx: &Context, region: Region) -> Vec<Block> {
    let Some(cfg) = RegionCfg::new(ctx, region) else {
        return Vec::new();
    };
    let reachable = cfg.reachable();
    (0..cfg.blocks().len())
        .filter(|&i| !reachable.contains(i))
        .map(|i| cfg.blocks()[i])
        .collect()
}

/// The blocks of `region` in an order where each reachable block comes after its dominators:
/// the reachable blocks in reverse post-order of a depth-first search from the entry (which
/// follows each terminator's successors in order), then the unreachable blocks in region
/// order.
pub fn dominance_order(ctx: &Context, region: Region) -> Vec<Block> {
    let mut blocks = ctx.blocks(region);
    let Some(entry) = blocks.next() else {
        return Vec::new();
    };
    if blocks.next().is_none() {
        return vec![entry];
    }
    let Some(split) = ReachabilitySplit::of(ctx, region) else {
        return Vec::new();
    };
    let mut order = split.reachable;
    order.extend(split.unreachable);
    order
}

/// The blocks of a region parted by one depth-first search from its entry: what
/// [`dominance_order`] puts first and last, for a client that also erases the unreachable ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReachabilitySplit {
    /// The reachable blocks in reverse post-order (each after its dominators).
    pub reachable: Vec<Block>,
    /// The unreachable blocks in region order.
    pub unreachable: Vec<Block>,
}

impl ReachabilitySplit {
    /// The split of `region`'s blocks (`None` for a region without blocks).
    pub fn of(ctx: &Context, region: Region) -> Option<Self> {
        let cfg = RegionCfg::new(ctx, region)?;
        let order = DfsOrder::from_entry(cfg.graph());
        let reachable = order
            .reverse_postorder()
            .map(|node| cfg.block(node))
            .collect();
        let unreachable = (0..cfg.blocks().len())
            .filter(|&i| !order.is_visited(NodeId::from_index(i)))
            .map(|i| cfg.blocks()[i])
            .collect();
        Some(ReachabilitySplit {
            reachable,
            unreachable,
        })
    }
}

/// One successor of a region-branch point: where control goes, which values are forwarded
/// and which values receive them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionSuccessor {
    /// The op that forwards the values: the region-branch op itself when entering, or the
    /// region terminator when leaving a region.
    pub from_op: Op,
    /// The destination.
    pub to: RegionPoint,
    /// The forwarded values.
    pub operands: Vec<Value>,
    /// The receiving values: entry block arguments of the destination region, or the op's
    /// results for [`RegionPoint::Parent`].
    pub inputs: Vec<Value>,
}

/// Whether `op` implements the region-branch interface.
pub fn is_region_branch(ctx: &Context, op: Op) -> bool {
    ctx.op_def(op).region_branch.is_some()
}

/// The successors of the region-branch op `op` from the point `from`: `Parent` = control
/// entering the op; `Region(i)` = control leaving region `i` through any of its return-like
/// terminators (one entry per terminator and edge). Empty if `op` does not implement the
/// interface. Malformed ranges are clipped rather than trusted.
pub fn region_successors(ctx: &Context, op: Op, from: RegionPoint) -> Vec<RegionSuccessor> {
    let Some(rb) = ctx.op_def(op).region_branch else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match from {
        RegionPoint::Parent => {
            for edge in (rb.entry)(ctx, op) {
                out.push(RegionSuccessor {
                    from_op: op,
                    to: edge.to,
                    operands: clip_operands(ctx, op, edge.operands),
                    inputs: destination_inputs(ctx, op, edge.to, edge.inputs),
                });
            }
        }
        RegionPoint::Region(index) => {
            for term in exit_terminators(ctx, op, index) {
                for edge in (rb.from_region)(ctx, op, index, term) {
                    out.push(RegionSuccessor {
                        from_op: term,
                        to: edge.to,
                        operands: clip_operands(ctx, term, edge.operands),
                        inputs: destination_inputs(ctx, op, edge.to, edge.inputs),
                    });
                }
            }
        }
    }
    out
}

/// One edge of a region-branch op as [`for_each_region_edge`] shows it, without building
/// value lists: the op forwarding the values (the region-branch op when entering, a region's
/// terminator when leaving it), the destination, the range of the forwarded operands of
/// `source` and the values receiving them (both clipped to what exists).
#[derive(Clone, Debug)]
pub struct RegionEdgeView<'c> {
    /// The op whose operands are forwarded.
    pub source: Op,
    /// The destination.
    pub to: RegionPoint,
    /// The forwarded operands of `source`.
    pub operands: std::ops::Range<usize>,
    /// The receiving values: entry block arguments of the destination region, or the op's
    /// results for [`RegionPoint::Parent`].
    pub inputs: &'c [Value],
}

impl RegionEdgeView<'_> {
    /// The value the edge forwards to `inputs[k]`, if it forwards one.
    #[inline]
    pub fn forwarded(&self, ctx: &Context, k: usize) -> Option<Value> {
        (k < self.operands.len() && k < self.inputs.len())
            .then(|| ctx.operand(self.source, self.operands.start + k))
    }

    /// The value the edge forwards to the receiving value `input`, if it sets it.
    #[inline]
    pub fn forwarded_to(&self, ctx: &Context, input: Value) -> Option<Value> {
        let k = self.inputs.iter().position(|&i| i == input)?;
        self.forwarded(ctx, k)
    }
}

/// Calls `visit` for every edge [`region_successors`] lists from `from`, in its order,
/// without building the edges' value lists.
pub fn for_each_region_edge<'c>(
    ctx: &'c Context,
    op: Op,
    from: RegionPoint,
    mut visit: impl FnMut(RegionEdgeView<'c>),
) {
    let Some(rb) = ctx.op_def(op).region_branch else {
        return;
    };
    let mut visit_edge = |source: Op, edge: ir::RegionEdge| {
        let n = ctx.num_operands(source);
        visit(RegionEdgeView {
            source,
            to: edge.to,
            operands: edge.operands.start.min(n)..edge.operands.end.min(n),
            inputs: destination_input_slice(ctx, op, edge.to, edge.inputs),
        });
    };
    match from {
        RegionPoint::Parent => {
            for edge in (rb.entry)(ctx, op) {
                visit_edge(op, edge);
            }
        }
        RegionPoint::Region(index) => {
            for term in exit_terminators(ctx, op, index) {
                for edge in (rb.from_region)(ctx, op, index, term) {
                    visit_edge(term, edge);
                }
            }
        }
    }
}

/// Calls `visit(operand, input)` for every forwarded value and the value receiving it, on
/// every edge [`region_successors`] lists from `from`, in its order, without building the
/// edges' value lists (the view-flow analysis visits every region-branch op).
pub fn for_each_region_flow(
    ctx: &Context,
    op: Op,
    from: RegionPoint,
    mut visit: impl FnMut(Value, Value),
) {
    for_each_region_edge(ctx, op, from, |edge| {
        for (k, &input) in edge.operands.clone().zip(edge.inputs) {
            visit(ctx.operand(edge.source, k), input);
        }
    });
}

/// The terminators of region `index` of `op` that leave the region: last ops without
/// successors (return-like terminators such as `scf.yield`).
pub fn region_exit_terminators(ctx: &Context, op: Op, index: usize) -> Vec<Op> {
    exit_terminators(ctx, op, index).collect()
}

/// [`region_exit_terminators`], as an iterator.
fn exit_terminators(ctx: &Context, op: Op, index: usize) -> impl Iterator<Item = Op> + '_ {
    ctx.regions(op)
        .get(index)
        .into_iter()
        .flat_map(move |&region| ctx.blocks(region))
        .filter_map(move |b| ctx.last_op(b))
        .filter(move |&t| ctx.successors(t).is_empty() && is_exit_terminator(ctx, t))
}

/// Whether `term` can hand control back to its parent (return-like, or any terminator
/// without successors).
fn is_exit_terminator(ctx: &Context, term: Op) -> bool {
    ctx.has_trait(term, Traits::RETURN_LIKE) || ctx.has_trait(term, Traits::TERMINATOR)
}

fn clip_operands(ctx: &Context, op: Op, range: std::ops::Range<usize>) -> Vec<Value> {
    let n = ctx.num_operands(op);
    (range.start.min(n)..range.end.min(n))
        .map(|k| ctx.operand(op, k))
        .collect()
}

fn destination_inputs(
    ctx: &Context,
    op: Op,
    to: RegionPoint,
    range: std::ops::Range<usize>,
) -> Vec<Value> {
    destination_input_slice(ctx, op, to, range).to_vec()
}

/// The receiving values of an edge of `op` to `to`: `range` of the destination's entry block
/// arguments (or of `op`'s results), clipped to those that exist.
fn destination_input_slice(
    ctx: &Context,
    op: Op,
    to: RegionPoint,
    range: std::ops::Range<usize>,
) -> &[Value] {
    let values: &[Value] = match to {
        RegionPoint::Parent => ctx.results(op),
        RegionPoint::Region(i) => match ctx.regions(op).get(i).and_then(|&r| ctx.entry_block(r)) {
            Some(entry) => ctx.block_args(entry),
            None => &[],
        },
    };
    let n = values.len();
    &values[range.start.min(n)..range.end.min(n).max(range.start.min(n))]
}
