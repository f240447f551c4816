//! Where a value comes from and where it goes along control flow, through the registry's
//! region-branch and successor-operand interfaces: the incoming values of a block argument
//! or of a region-branch op's result, and the values receiving a forwarded operand. The
//! deallocation simplification and the final lowering follow ownership indicators with it.

use ir::{Block, Context, Op, Region, RegionPoint, Traits, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// The values that may flow into `v`: for an entry-block argument of a region-branch op's
/// region, the op's forwarded operands and the region terminators' forwarded operands at
/// that position; for a region-branch op's result, what flows to the parent; for a
/// non-entry block's argument, the branch operands of its predecessors. `None` when `v`
/// is neither (its origin is an op or a function argument).
/// `preds` remembers the predecessors of the blocks seen so far.
pub fn incoming(ctx: &Context, v: Value, preds: &mut Predecessors) -> Option<SmallVec<[Value; 4]>> {
    match ctx.value_def(v) {
        ValueDef::Result { op, index } => {
            let rb = ctx.op_def(op).region_branch?;
            if ctx.regions(op).is_empty() {
                return None;
            }
            let mut out = SmallVec::new();
            let flow = preds.region_flow(ctx, op, &rb);
            let index = index as usize;
            collect(ctx, op, &flow.entry, RegionPoint::Parent, index, &mut out);
            for (term, edges) in &flow.exits {
                collect(ctx, *term, edges, RegionPoint::Parent, index, &mut out);
            }
            Some(out)
        }
        ValueDef::Placeholder => None,
        ValueDef::BlockArg { block, index } => {
            let index = index as usize;
            let region = ctx.block_parent(block)?;
            let op = ctx.region_parent(region)?;
            if ctx.entry_block(region) != Some(block) {
                return Some(branch_incoming(ctx, preds.of(ctx, block), index));
            }
            if ctx.has_trait(op, Traits::FUNCTION_LIKE) {
                return None;
            }
            let rb = ctx.op_def(op).region_branch?;
            let r = ctx.region_index(region)?;
            let mut out = SmallVec::new();
            let flow = preds.region_flow(ctx, op, &rb);
            collect(
                ctx,
                op,
                &flow.entry,
                RegionPoint::Region(r),
                index,
                &mut out,
            );
            for (term, edges) in &flow.exits {
                collect(ctx, *term, edges, RegionPoint::Region(r), index, &mut out);
            }
            Some(out)
        }
    }
}

/// The values forwarded to argument `index` of a non-entry block by its predecessors
/// `preds` (branch op, successor index).
fn branch_incoming(ctx: &Context, preds: &[(Op, usize)], index: usize) -> SmallVec<[Value; 4]> {
    let mut out = SmallVec::new();
    for &(term, succ) in preds {
        if let Some(range) = ctx.successor_operand_range(term, succ)
            && index < range.len()
        {
            out.push(ctx.operand(term, range.start + index));
        }
    }
    out
}

/// The edges of a region-branch op: on entry, and from each terminator leaving one of its
/// regions.
#[derive(Default)]
pub(crate) struct RegionFlow {
    op: Option<Op>,
    entry: Edges,
    exits: Vec<(Op, Edges)>,
}

impl RegionFlow {
    /// Fills `self` with the edges of `op`.
    fn compute(&mut self, ctx: &Context, op: Op, rb: &ir::RegionBranch) {
        self.op = Some(op);
        self.entry = (rb.entry)(ctx, op);
        self.exits.clear();
        for_each_exit(ctx, op, rb, |term, edges| self.exits.push((term, edges)));
    }
}

/// Calls `f` with every terminator leaving a region of `op` and its edges.
fn for_each_exit(ctx: &Context, op: Op, rb: &ir::RegionBranch, mut f: impl FnMut(Op, Edges)) {
    for (r, &region) in ctx.regions(op).iter().enumerate() {
        for block in ctx.blocks(region) {
            let Some(term) = ctx.last_op(block) else {
                continue;
            };
            if !ctx.has_trait(term, Traits::TERMINATOR) || !ctx.successors(term).is_empty() {
                continue;
            }
            f(term, (rb.from_region)(ctx, op, r, term));
        }
    }
}

/// Pushes the operand of `from` that edges to `to` forward into input `index`.
fn collect(
    ctx: &Context,
    from: Op,
    edges: &[ir::RegionEdge],
    to: RegionPoint,
    index: usize,
    out: &mut SmallVec<[Value; 4]>,
) {
    for e in edges.iter().filter(|e| e.to == to) {
        if e.inputs.contains(&index) {
            let i = e.operands.start + (index - e.inputs.start);
            if i < e.operands.end && i < ctx.num_operands(from) {
                out.push(ctx.operand(from, i));
            }
        }
    }
}

/// The values an operand is forwarded to (region arguments, results, successor block
/// arguments), for the operands of users asked about in runs (the uses of the values of one
/// list: a terminator forwarding several), the region edges of the last user remembered.
#[derive(Default)]
pub struct Forwarding {
    last: Option<(Op, Option<(Op, Edges)>)>,
}

impl Forwarding {
    /// The values that operand `index` of `user` is forwarded to; `None` if it is not
    /// forwarded.
    pub fn targets(
        &mut self,
        ctx: &Context,
        user: Op,
        index: usize,
    ) -> Option<SmallVec<[Value; 4]>> {
        let mut out = SmallVec::new();
        successor_receivers(ctx, user, index, &mut out);
        if out.is_empty() {
            if self.last.as_ref().is_none_or(|(op, _)| *op != user) {
                self.last = Some((user, region_edges(ctx, user)));
            }
            if let Some((_, Some((owner, edges)))) = &self.last {
                receivers(ctx, *owner, edges, index, &mut out);
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

/// Calls `f(operand, target)` for each operand of `user` that `select` keeps and each value
/// it is forwarded to, in the order of [`Forwarding::targets`] operand by operand; the region edges
/// are asked for once for all operands.
pub fn for_each_forwarded(
    ctx: &Context,
    user: Op,
    select: impl Fn(Value) -> bool,
    mut f: impl FnMut(Value, Value),
) {
    let mut edges: Option<Option<(Op, Edges)>> = None;
    let mut out: SmallVec<[Value; 4]> = SmallVec::new();
    for (index, v) in ctx.operands(user).enumerate() {
        if !select(v) {
            continue;
        }
        out.clear();
        successor_receivers(ctx, user, index, &mut out);
        if out.is_empty()
            && let Some((owner, edges)) = edges.get_or_insert_with(|| region_edges(ctx, user))
        {
            receivers(ctx, *owner, edges, index, &mut out);
        }
        for &target in &out {
            f(v, target);
        }
    }
}

/// The edges of a region-branch op.
type Edges = SmallVec<[ir::RegionEdge; 2]>;

/// Pushes the successor block arguments receiving operand `index` of branch `user`.
fn successor_receivers(ctx: &Context, user: Op, index: usize, out: &mut SmallVec<[Value; 4]>) {
    for (succ, &block) in ctx.successors(user).iter().enumerate() {
        if let Some(range) = ctx.successor_operand_range(user, succ)
            && range.contains(&index)
        {
            let args = ctx.block_args(block);
            out.extend(args.get(index - range.start).copied());
        }
    }
}

/// The region-branch edges along which `user`'s operands may be forwarded, with the op
/// owning the receivers: `user`'s entry edges if it has regions, else its parent's edges
/// from `user` if it is a region terminator.
fn region_edges(ctx: &Context, user: Op) -> Option<(Op, Edges)> {
    if let Some(rb) = ctx.op_def(user).region_branch
        && !ctx.regions(user).is_empty()
    {
        return Some((user, (rb.entry)(ctx, user)));
    }
    let parent = ctx.parent_op(user)?;
    let rb = ctx.op_def(parent).region_branch?;
    if !ctx.has_trait(user, Traits::TERMINATOR) {
        return None;
    }
    let r = ctx
        .op_parent_region(user)
        .and_then(|r| ctx.region_index(r))?;
    Some((parent, (rb.from_region)(ctx, parent, r, user)))
}

/// Pushes the values of `op` (results or region arguments) receiving operand `index` along
/// `edges`.
fn receivers(
    ctx: &Context,
    op: Op,
    edges: &[ir::RegionEdge],
    index: usize,
    out: &mut SmallVec<[Value; 4]>,
) {
    for e in edges.iter().filter(|e| e.operands.contains(&index)) {
        let k = e.inputs.start + (index - e.operands.start);
        if k >= e.inputs.end {
            continue;
        }
        let target = match e.to {
            RegionPoint::Parent => ctx.results(op).get(k).copied(),
            RegionPoint::Region(r) => ctx
                .regions(op)
                .get(r)
                .and_then(|&reg| ctx.entry_block(reg))
                .and_then(|b| ctx.block_args(b).get(k).copied()),
        };
        out.extend(target);
    }
}

/// The memref that pairs with ownership value `v` by position: the k-th ownership value of
/// `v`'s list (an op's results or a block's arguments) pairs with the k-th memref of that
/// list, as `hlo-deallocate` appends indicators in memref order.
pub fn paired_memref(
    ctx: &Context,
    v: Value,
    is_ownership: impl Fn(Value) -> bool,
) -> Option<Value> {
    let list: &[Value] = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.results(op),
        ValueDef::BlockArg { block, .. } => ctx.block_args(block),
        ValueDef::Placeholder => return None,
    };
    let k = list
        .iter()
        .take_while(|&&x| x != v)
        .filter(|&&x| is_ownership(x))
        .count();
    list.iter()
        .copied()
        .filter(|&x| ctx.type_data(ctx.value_type(x)).is_memref())
        .nth(k)
}

/// [`paired_memref`] remembered: the first query on a list (an op's results, a block's
/// arguments) pairs the whole list in one pass, so that pairing every indicator of a list
/// costs the list's length once, not once per indicator.
#[derive(Default)]
pub struct Pairings {
    memo: FxHashMap<Value, Option<Value>>,
}

impl Pairings {
    /// The memref paired with ownership value `v` (see [`paired_memref`]).
    pub fn of(
        &mut self,
        ctx: &Context,
        v: Value,
        is_ownership: impl Fn(Value) -> bool,
    ) -> Option<Value> {
        if let Some(&m) = self.memo.get(&v) {
            return m;
        }
        let list: &[Value] = match ctx.value_def(v) {
            ValueDef::Result { op, .. } => ctx.results(op),
            ValueDef::BlockArg { block, .. } => ctx.block_args(block),
            ValueDef::Placeholder => return None,
        };
        let mut memrefs = list
            .iter()
            .copied()
            .filter(|&x| ctx.type_data(ctx.value_type(x)).is_memref());
        for &x in list.iter().filter(|&&x| is_ownership(x)) {
            self.memo.insert(x, memrefs.next());
        }
        *self
            .memo
            .entry(v)
            .or_insert_with(|| paired_memref(ctx, v, is_ownership))
    }
}

/// The predecessors of blocks, found region by region: the first query on a block scans its
/// region's terminators once for every block of the region (a per-block scan would make a
/// region's block arguments quadratic in its blocks). Valid while the CFG does not change.
/// Most blocks have one or two predecessors, kept inline: a region of thousands of blocks
/// then costs no allocation per block to scan, nor to drop.
#[derive(Default)]
pub struct Predecessors {
    scanned: FxHashSet<Region>,
    of_block: FxHashMap<Block, SmallVec<[(Op, usize); 2]>>,
    /// The edges of the region-branch op asked for last (its values are asked for in a row).
    last_flow: RegionFlow,
}

impl Predecessors {
    /// The edges of region-branch op `op` (`rb`: its interface).
    fn region_flow(&mut self, ctx: &Context, op: Op, rb: &ir::RegionBranch) -> &RegionFlow {
        if self.last_flow.op != Some(op) {
            self.last_flow.compute(ctx, op, rb);
        }
        &self.last_flow
    }

    /// The (branch op, successor index) pairs leading to `block`.
    pub fn of(&mut self, ctx: &Context, block: Block) -> &[(Op, usize)] {
        if let Some(region) = ctx.block_parent(block)
            && self.scanned.insert(region)
        {
            for b in ctx.blocks(region) {
                let Some(term) = ctx.last_op(b) else {
                    continue;
                };
                for (i, &succ) in ctx.successors(term).iter().enumerate() {
                    self.of_block.entry(succ).or_default().push((term, i));
                }
            }
        }
        self.of_block.get(&block).map_or(&[], |p| &p[..])
    }
}
