//! Where buffers flow between values of one function: the *slots* (an operand of a branch, a
//! region-branch op or a region terminator) and the *merge values* they feed (block arguments,
//! region arguments and region-branch results), found through the branch and region-branch
//! interfaces only, plus the pure ops that pick one of several buffers (`arith.select`).

use analysis::alias::is_buffer;
use analysis::cfg::region_exit_terminators;
use ir::{Block, Context, Op, RegionPoint, Traits, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// One forwarded operand: operand `index` of `op`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The op forwarding the value (a branch, a region-branch op or a region terminator).
    pub op: Op,
    /// The operand index.
    pub index: usize,
}

/// The buffer flow of one function.
#[derive(Default)]
pub struct Flow {
    /// For each merge value, the slots that feed it, in discovery order.
    pub incoming: FxHashMap<Value, Vec<Slot>>,
    /// For each slot, the merge values it feeds.
    pub targets: FxHashMap<Slot, Vec<Value>>,
    /// The merge values in discovery order (deterministic).
    pub merges: Vec<Value>,
    /// Pure ops with several buffer operands and a buffer result (they pick one of them).
    pub pickers: Vec<Op>,
    /// Every (merge value, slot) edge recorded, so a block with many predecessors does not
    /// make recording an edge cost as much as the edges before it.
    edges: FxHashSet<(Value, Slot)>,
}

impl Flow {
    /// Collects the flow of every op nested in `func`.
    pub fn compute(ctx: &Context, func: Op) -> Flow {
        let mut flow = Flow::default();
        for op in ctx.walk_preorder(func) {
            if op == func {
                continue;
            }
            flow.add_branch_edges(ctx, op);
            flow.add_region_edges(ctx, op);
            if is_picker(ctx, op) {
                flow.pickers.push(op);
            }
        }
        flow
    }

    fn add_edge(&mut self, ctx: &Context, slot: Slot, target: Value) {
        if !is_buffer(ctx, target) || !is_buffer(ctx, ctx.operand(slot.op, slot.index)) {
            return;
        }
        if !self.edges.insert((target, slot)) {
            return;
        }
        let incoming = self.incoming.entry(target).or_default();
        if incoming.is_empty() {
            self.merges.push(target);
        }
        incoming.push(slot);
        self.targets.entry(slot).or_default().push(target);
    }

    fn add_branch_edges(&mut self, ctx: &Context, op: Op) {
        let successors: Vec<Block> = ctx.successors(op).to_vec();
        let n = ctx.num_operands(op);
        for (i, succ) in successors.into_iter().enumerate() {
            let Some(range) = ctx.successor_operand_range(op, i) else {
                continue;
            };
            if range.start > range.end || range.end > n {
                continue;
            }
            let args: Vec<Value> = ctx.block_args(succ).to_vec();
            for (k, index) in range.enumerate() {
                if let Some(&arg) = args.get(k) {
                    self.add_edge(ctx, Slot { op, index }, arg);
                }
            }
        }
    }

    fn add_region_edges(&mut self, ctx: &Context, op: Op) {
        let Some(rb) = ctx.op_def(op).region_branch else {
            return;
        };
        for edge in (rb.entry)(ctx, op) {
            self.add_ranges(ctx, op, op, edge.to, edge.operands, edge.inputs);
        }
        for region in 0..ctx.regions(op).len() {
            for term in region_exit_terminators(ctx, op, region) {
                for edge in (rb.from_region)(ctx, op, region, term) {
                    self.add_ranges(ctx, op, term, edge.to, edge.operands, edge.inputs);
                }
            }
        }
    }

    fn add_ranges(
        &mut self,
        ctx: &Context,
        parent: Op,
        from: Op,
        to: RegionPoint,
        operands: std::ops::Range<usize>,
        inputs: std::ops::Range<usize>,
    ) {
        let receivers: Vec<Value> = match to {
            RegionPoint::Parent => ctx.results(parent).to_vec(),
            RegionPoint::Region(i) => {
                match ctx.regions(parent).get(i).and_then(|&r| ctx.entry_block(r)) {
                    Some(entry) => ctx.block_args(entry).to_vec(),
                    None => Vec::new(),
                }
            }
        };
        let n = ctx.num_operands(from);
        for (index, input) in operands.zip(inputs) {
            if index < n
                && let Some(&target) = receivers.get(input)
            {
                self.add_edge(ctx, Slot { op: from, index }, target);
            }
        }
    }

    /// The values forwarded into `merge`, one per incoming slot.
    pub fn incoming_values<'a>(
        &'a self,
        ctx: &'a Context,
        merge: Value,
    ) -> impl Iterator<Item = Value> + 'a {
        self.incoming
            .get(&merge)
            .into_iter()
            .flatten()
            .map(move |s| ctx.operand(s.op, s.index))
    }
}

/// Whether `op` is pure, not a view, and picks its buffer result among several buffer operands.
pub fn is_picker(ctx: &Context, op: Op) -> bool {
    let def = ctx.op_def(op);
    def.traits.contains(Traits::PURE)
        && def.view_source.is_none()
        && ctx.results(op).len() == 1
        && is_buffer(ctx, ctx.result(op, 0))
        && ctx.operands(op).filter(|&v| is_buffer(ctx, v)).count() >= 2
}
