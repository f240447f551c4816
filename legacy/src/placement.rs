//! Where the free of one owned buffer goes (seed 001, "Placement of Deallocs"): after the last
//! use of any of its aliases, in the nearest common post-dominator of the blocks that define
//! or use them, provided the buffer's own block dominates it. Where no such block exists
//! (several `return`s, unstructured diamonds), the free goes at every end of the buffer's live
//! range instead: after the last use in each block where its aliases die, or on the edge
//! from a block where they are live out to a successor where they are not (at the start of
//! the successor if it has no other predecessor, else in a new block split into the edge).
//!
//! All positions are taken in the region that defines the buffer: a use nested in an op counts
//! as a use by that op (so a buffer used in a loop body is freed after the loop).

use analysis::dominance::{DominanceInfo, PostDominanceInfo};
use ir::{Block, Context, Diagnostic, Op, Region, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// Where a free is inserted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// Right after this op.
    After(Op),
    /// Right before this op.
    Before(Op),
    /// On the edge from this branch to its successor with this index (to a block with several
    /// predecessors): in a new block on that edge.
    OnEdge(Op, usize),
}

/// One owned buffer and its aliases.
pub struct Group {
    /// The root as the origin analysis names it (a picker, for a picker's clone).
    pub key: Value,
    /// The value freed (an allocation, a call result, a critical merge or a picker's clone).
    pub root: Value,
    /// The op defining `root`, `None` for a block argument.
    pub def_op: Option<Op>,
    /// `root` and every value that may be a view of it.
    pub aliases: Vec<Value>,
}

/// The CFG of one region as placement needs it.
#[derive(Default)]
pub struct RegionGraph {
    /// Each block's predecessors (one entry per edge).
    preds: FxHashMap<Block, Vec<Block>>,
    /// Each block's position in its region.
    order: FxHashMap<Block, usize>,
}

/// The analyses placement reads, computed after clones were inserted.
pub struct Placer<'a> {
    /// Dominance.
    pub dom: &'a DominanceInfo,
    /// Post-dominance.
    pub pdom: &'a PostDominanceInfo,
    /// Uses to count as a later op (a picker counts as the clone made of its result).
    pub use_as: &'a FxHashMap<Op, Op>,
    /// Regions whose CFG has cycles: there a post-dominator may run more often than the
    /// buffer's definition, so frees go at the ends of live ranges.
    pub cyclic: &'a crate::cycles::Cycles,
    /// Region graphs computed so far.
    pub graphs: std::cell::RefCell<FxHashMap<Region, std::rc::Rc<RegionGraph>>>,
}

impl Placer<'_> {
    /// The positions of the frees of `group` (empty if it is defined in dead code).
    pub fn place(&self, ctx: &Context, group: &Group) -> Result<Vec<Position>, Diagnostic> {
        let Some(def_block) = ctx.value_parent_block(group.root) else {
            return Ok(Vec::new());
        };
        let Some(region) = ctx.block_parent(def_block) else {
            return Ok(Vec::new());
        };
        if !self.reachable_chain(ctx, def_block) {
            return Ok(Vec::new());
        }
        let (uses, blocks) = self.uses_in_region(ctx, group, region, def_block);
        if blocks.len() == 1 {
            let last = last_in_block(ctx, &uses, def_block);
            return self
                .after_last(ctx, group, def_block, last)
                .map(|p| vec![p]);
        }
        if !self.cyclic.is_cyclic(region)
            && let Some(p) = self.pdom.nearest_common_post_dominator(ctx, &blocks)
            && ctx.block_parent(p) == Some(region)
            && self.dom.dominates_block(ctx, def_block, p)
        {
            let last = last_in_block(ctx, &uses, p);
            return self.after_last(ctx, group, p, last).map(|pos| vec![pos]);
        }
        self.at_live_range_ends(ctx, group, region, def_block, &uses)
    }

    /// The predecessors and order of the blocks of `region`, computed once per region.
    fn region_graph(&self, ctx: &Context, region: Region) -> std::rc::Rc<RegionGraph> {
        if let Some(g) = self.graphs.borrow().get(&region) {
            return g.clone();
        }
        let mut graph = RegionGraph::default();
        for (i, b) in ctx.blocks(region).enumerate() {
            graph.order.insert(b, i);
            for &s in analysis::cfg::successor_blocks(ctx, b) {
                graph.preds.entry(s).or_default().push(b);
            }
        }
        let graph = std::rc::Rc::new(graph);
        self.graphs.borrow_mut().insert(region, graph.clone());
        graph
    }

    /// Whether `block` and every block holding it are reachable.
    fn reachable_chain(&self, ctx: &Context, block: Block) -> bool {
        let mut cur = Some(block);
        while let Some(b) = cur {
            if !self.dom.is_reachable(ctx, b) {
                return false;
            }
            cur = ctx.block_parent_op(b).and_then(|op| ctx.op_parent(op));
        }
        true
    }

    /// The uses of the group's aliases as ops of `region` (the op itself or the ancestor
    /// holding it), and the blocks that define or use an alias there, `def_block` first.
    fn uses_in_region(
        &self,
        ctx: &Context,
        group: &Group,
        region: Region,
        def_block: Block,
    ) -> (Vec<Op>, Vec<Block>) {
        let mut uses = Vec::new();
        let mut blocks = vec![def_block];
        let mut seen: FxHashSet<Block> = FxHashSet::default();
        seen.insert(def_block);
        let mut note_block = |b: Block, blocks: &mut Vec<Block>| {
            if seen.insert(b) {
                blocks.push(b);
            }
        };
        for &alias in &group.aliases {
            if let Some(b) = ctx.value_parent_block(alias)
                && ctx.block_parent(b) == Some(region)
                && self.dom.is_reachable(ctx, b)
            {
                note_block(b, &mut blocks);
            }
            for (user, _) in ctx.uses(alias) {
                let user = self.use_as.get(&user).copied().unwrap_or(user);
                let Some(op) = ancestor_in_region(ctx, user, region) else {
                    continue;
                };
                let Some(b) = ctx.op_parent(op) else { continue };
                if !self.dom.is_reachable(ctx, b) {
                    continue;
                }
                note_block(b, &mut blocks);
                uses.push(op);
            }
        }
        (uses, blocks)
    }

    /// The position after `last` (a use in `block`), or at the buffer's start in `block`.
    fn after_last(
        &self,
        ctx: &Context,
        group: &Group,
        block: Block,
        last: Option<Op>,
    ) -> Result<Position, Diagnostic> {
        if let Some(op) = last {
            if ctx.next_op(op).is_none() {
                return Err(Diagnostic::error(
                    ctx.op_loc(op),
                    "buffer-deallocation: a buffer is still used by this terminator, so it \
                     cannot be freed here",
                )
                .on_op(op));
            }
            return Ok(Position::After(op));
        }
        match group.def_op {
            Some(def) if ctx.op_parent(def) == Some(block) => Ok(Position::After(def)),
            _ => match ctx.first_op(block) {
                Some(first) => Ok(Position::Before(first)),
                None => Err(Diagnostic::error(
                    ctx.unknown_loc(),
                    "buffer-deallocation: a block without a terminator",
                )),
            },
        }
    }

    /// Frees at every end of the buffer's live range in `region`, by a liveness of the whole
    /// group of aliases: live into a block that uses one of them, or that receives one as a
    /// block argument (whatever the edge brings, a merge of several buffers keeps each alive
    /// until the merge dies), or that leads to such a block; not into the defining block.
    fn at_live_range_ends(
        &self,
        ctx: &Context,
        group: &Group,
        region: Region,
        def_block: Block,
        uses: &[Op],
    ) -> Result<Vec<Position>, Diagnostic> {
        let graph = self.region_graph(ctx, region);
        // Seeds: blocks using an alias or receiving one as an argument (the defining blocks
        // of the block-argument aliases), then backwards to the defining block.
        let mut live_in: FxHashSet<Block> = FxHashSet::default();
        let mut work: Vec<Block> = uses.iter().filter_map(|&u| ctx.op_parent(u)).collect();
        work.extend(
            group
                .aliases
                .iter()
                .filter_map(|&a| match ctx.value_def(a) {
                    ir::ValueDef::BlockArg { block, .. } if a != group.root => Some(block),
                    _ => None,
                }),
        );
        while let Some(b) = work.pop() {
            if b == def_block || ctx.block_parent(b) != Some(region) || !live_in.insert(b) {
                continue;
            }
            work.extend(graph.preds.get(&b).into_iter().flatten().copied());
        }
        let is_live_in = |b: Block| live_in.contains(&b);
        let mut blocks: Vec<Block> = live_in.iter().copied().collect();
        blocks.push(def_block);
        blocks.sort_by_key(|b| graph.order.get(b).copied().unwrap_or(usize::MAX));
        let mut out = Vec::new();
        for &b in &blocks {
            if !self.dom.is_reachable(ctx, b) || !self.dom.dominates_block(ctx, def_block, b) {
                continue;
            }
            if !(b == def_block || is_live_in(b)) {
                continue;
            }
            let succs = analysis::cfg::successor_blocks(ctx, b);
            if !succs.iter().any(|&s| is_live_in(s)) {
                let last = last_in_block(ctx, uses, b);
                out.push(self.after_last(ctx, group, b, last)?);
                continue;
            }
            let mut done: FxHashSet<Block> = FxHashSet::default();
            for &s in succs {
                if !done.insert(s) || is_live_in(s) {
                    continue;
                }
                if graph.preds.get(&s).map_or(0, Vec::len) != 1 {
                    let Some(term) = ctx.last_op(b) else { continue };
                    for (i, _) in ctx
                        .successors(term)
                        .iter()
                        .enumerate()
                        .filter(|&(_, &t)| t == s)
                    {
                        out.push(Position::OnEdge(term, i));
                    }
                    continue;
                }
                if let Some(first) = ctx.first_op(s) {
                    out.push(Position::Before(first));
                }
            }
        }
        Ok(out)
    }
}

/// The last of `uses` in `block`, in program order.
fn last_in_block(ctx: &Context, uses: &[Op], block: Block) -> Option<Op> {
    uses.iter()
        .copied()
        .filter(|&u| ctx.op_parent(u) == Some(block))
        .reduce(|a, b| if ctx.is_before_in_block(a, b) { b } else { a })
}

/// `op` or the ancestor of `op` that lies directly in a block of `region`.
fn ancestor_in_region(ctx: &Context, mut op: Op, region: Region) -> Option<Op> {
    loop {
        let block = ctx.op_parent(op)?;
        if ctx.block_parent(block) == Some(region) {
            return Some(op);
        }
        op = ctx.block_parent_op(block)?;
    }
}
