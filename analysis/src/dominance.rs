//! Dominance and post-dominance over nested regions, with MLIR's semantics
//! (`mlir/lib/IR/Dominance.cpp`).
//!
//! [`DominanceInfo::compute`] builds one dominator tree (from the [`graph`](crate::graph)
//! toolkit) per multi-block region nested in the analysed op; single-block regions need none.
//! Queries then follow MLIR's `properlyDominatesImpl`:
//!
//! * Two positions in different regions are first moved up to a common region (the deeper one
//!   is replaced by its ancestor op); if there is none, neither dominates the other. If both
//!   become the same position, one was nested in the other: that counts as dominance
//!   (`enclosing_ok`), except for [`DominanceInfo::properly_dominates_value`] where a value
//!   defined by an op does not dominate the op's own nested ops.
//! * In the same block, dominance is program order (post-dominance reverse order); in a graph
//!   region (`GRAPH_REGION` trait on the parent op) every op dominates every op of its block.
//! * Different blocks of one region use the tree. Unreachable blocks are dominated by every
//!   block and dominate no reachable block (LLVM's convention).
//!
//! Post-dominance uses the [`PostDominatorTree`] of each region (a virtual exit joins the
//! region exits and non-terminating loops). Everything is near-linear to build; queries are
//! O(nesting depth) (O(1) inside one region, apart from one `is_before_in_block`).
//! Nothing here mutates the IR. Regions outside the analysed op are still answered, by
//! building their tree on demand (slower).

use ir::{Block, Context, Op, Region, Traits, Value, ValueDef};
use rustc_hash::FxHashMap;

use crate::cfg::RegionCfg;
use crate::graph::{DominatorTree, NodeId, PostDominatorTree};

/// A tree usable for (post-)dominance queries inside one region.
trait RegionTree: Sized {
    /// Whether this is post-dominance (reverses program order inside a block).
    const POST: bool;
    fn build(cfg: &RegionCfg) -> Self;
    fn properly(&self, a: NodeId, b: NodeId) -> bool;
    fn nearest(&self, a: NodeId, b: NodeId) -> Option<NodeId>;
}

impl RegionTree for DominatorTree {
    const POST: bool = false;
    fn build(cfg: &RegionCfg) -> Self {
        DominatorTree::new(cfg.graph())
    }
    fn properly(&self, a: NodeId, b: NodeId) -> bool {
        self.properly_dominates(a, b)
    }
    fn nearest(&self, a: NodeId, b: NodeId) -> Option<NodeId> {
        self.nearest_common_dominator(a, b)
    }
}

impl RegionTree for PostDominatorTree {
    const POST: bool = true;
    fn build(cfg: &RegionCfg) -> Self {
        PostDominatorTree::new(cfg.graph())
    }
    fn properly(&self, a: NodeId, b: NodeId) -> bool {
        self.properly_post_dominates(a, b)
    }
    fn nearest(&self, a: NodeId, b: NodeId) -> Option<NodeId> {
        self.nearest_common_post_dominator(a, b)
    }
}

/// Per-region data: the CFG numbering and the tree (multi-block regions only).
#[derive(Clone, Debug)]
struct RegionData<T> {
    cfg: RegionCfg,
    tree: Option<T>,
}

/// A position in a block: before `Some(op)`, or the block's end (`None`).
type Pos = Option<Op>;

/// Shared implementation of dominance and post-dominance.
#[derive(Clone, Debug)]
struct Base<T> {
    regions: FxHashMap<Region, RegionData<T>>,
}

impl<T: RegionTree> Base<T> {
    fn compute(ctx: &Context, op: Op) -> Self {
        let mut regions = FxHashMap::default();
        for nested in ctx.walk_preorder(op) {
            for &region in ctx.regions(nested) {
                if let Some(cfg) = RegionCfg::new(ctx, region) {
                    let tree = (cfg.blocks().len() > 1).then(|| T::build(&cfg));
                    regions.insert(region, RegionData { cfg, tree });
                }
            }
        }
        Base { regions }
    }

    /// Runs `f` on the node indices of `a` and `b` (same region) and that region's tree.
    fn with_tree<R>(
        &self,
        ctx: &Context,
        a: Block,
        b: Block,
        f: impl FnOnce(&T, &RegionCfg, NodeId, NodeId) -> R,
    ) -> Option<R> {
        let region = ctx.block_parent(a)?;
        let owned;
        let (cfg, tree) = match self.regions.get(&region) {
            Some(data) => (&data.cfg, data.tree.as_ref()),
            None => {
                let cfg = RegionCfg::new(ctx, region)?;
                let tree = T::build(&cfg);
                owned = (cfg, tree);
                (&owned.0, Some(&owned.1))
            }
        };
        let na = NodeId::from_index(cfg.index_of(a)?);
        let nb = NodeId::from_index(cfg.index_of(b)?);
        let tree = tree?;
        Some(f(tree, cfg, na, nb))
    }

    /// MLIR's `properlyDominatesImpl`.
    fn properly_impl(
        &self,
        ctx: &Context,
        a: (Block, Pos),
        b: (Block, Pos),
        enclosing_ok: bool,
    ) -> bool {
        let (mut a, mut b) = (a, b);
        if a == b {
            return !has_ssa_dominance(ctx, a.0);
        }
        if ctx.block_parent(a.0) != ctx.block_parent(b.0) {
            match ancestors_in_same_region(ctx, a, b) {
                Some((na, nb)) => {
                    a = na;
                    b = nb;
                }
                None => return false,
            }
            if a == b {
                return enclosing_ok;
            }
        }
        if a.0 == b.0 {
            if !has_ssa_dominance(ctx, a.0) {
                return true;
            }
            return if T::POST {
                is_before(ctx, b.1, a.1)
            } else {
                is_before(ctx, a.1, b.1)
            };
        }
        self.with_tree(ctx, a.0, b.0, |tree, _, na, nb| tree.properly(na, nb))
            .unwrap_or(false)
    }

    fn nearest(&self, ctx: &Context, a: Block, b: Block) -> Option<Block> {
        if a == b {
            return Some(a);
        }
        let (a, b) = blocks_in_same_region(ctx, a, b)?;
        if a == b {
            return Some(a);
        }
        self.with_tree(ctx, a, b, |tree, cfg, na, nb| {
            tree.nearest(na, nb).map(|n| cfg.block(n))
        })
        .flatten()
    }

    /// MLIR's block-level `properlyDominates` (a block properly dominates itself only in a
    /// graph region): `b` is moved up to `a`'s region (only `b`:
    /// a block never dominates the blocks enclosing it); a block properly dominates the
    /// blocks nested in its ops.
    fn properly_block(&self, ctx: &Context, a: Block, b: Block) -> bool {
        if a == b {
            return !has_ssa_dominance(ctx, a);
        }
        let region_a = ctx.block_parent(a);
        let mut b = b;
        if region_a != ctx.block_parent(b) {
            match ancestor_block_in_region(ctx, region_a, b) {
                Some(anc) => b = anc,
                None => return false,
            }
            if a == b {
                return true;
            }
        }
        self.with_tree(ctx, a, b, |tree, _, na, nb| tree.properly(na, nb))
            .unwrap_or(false)
    }
}

/// The ancestor of `block` (or itself) that lies in `region`.
fn ancestor_block_in_region(ctx: &Context, region: Option<Region>, block: Block) -> Option<Block> {
    let region = region?;
    let mut cur = block;
    loop {
        if ctx.block_parent(cur) == Some(region) {
            return Some(cur);
        }
        let op = ctx.block_parent_op(cur)?;
        cur = ctx.op_parent(op)?;
    }
}

/// Whether the block's region requires SSA dominance (it is not a graph region).
fn has_ssa_dominance(ctx: &Context, block: Block) -> bool {
    match ctx.block_parent_op(block) {
        Some(op) => !ctx.has_trait(op, Traits::GRAPH_REGION),
        None => true,
    }
}

/// Whether position `a` is strictly before position `b` of the same block.
fn is_before(ctx: &Context, a: Pos, b: Pos) -> bool {
    match (a, b) {
        (_, None) => a.is_some(),
        (None, Some(_)) => false,
        (Some(x), Some(y)) => x != y && ctx.is_before_in_block(x, y),
    }
}

/// Number of ops enclosing `block` (0 for a block of a detached top-level op).
fn block_depth(ctx: &Context, block: Block) -> usize {
    let mut depth = 0;
    let mut cur = ctx.block_parent_op(block);
    while let Some(op) = cur {
        depth += 1;
        cur = ctx.parent_op(op);
    }
    depth
}

/// The position of `block`'s parent op in its own block, one level up.
fn parent_position(ctx: &Context, block: Block) -> Option<(Block, Pos)> {
    let op = ctx.block_parent_op(block)?;
    Some((ctx.op_parent(op)?, Some(op)))
}

/// Moves `a` and `b` up to positions in a common region (MLIR's
/// `findAncestorIteratorsInSameRegion`); `None` if they share no region.
fn ancestors_in_same_region(
    ctx: &Context,
    mut a: (Block, Pos),
    mut b: (Block, Pos),
) -> Option<((Block, Pos), (Block, Pos))> {
    let mut da = block_depth(ctx, a.0);
    let mut db = block_depth(ctx, b.0);
    while da > db {
        a = parent_position(ctx, a.0)?;
        da -= 1;
    }
    while db > da {
        b = parent_position(ctx, b.0)?;
        db -= 1;
    }
    while ctx.block_parent(a.0) != ctx.block_parent(b.0) {
        a = parent_position(ctx, a.0)?;
        b = parent_position(ctx, b.0)?;
    }
    ctx.block_parent(a.0)?;
    Some((a, b))
}

/// Moves two blocks up to ancestor blocks in a common region.
fn blocks_in_same_region(ctx: &Context, a: Block, b: Block) -> Option<(Block, Block)> {
    let (a, b) = ancestors_in_same_region(ctx, (a, None), (b, None))?;
    Some((a.0, b.0))
}

/// Position of an op (its block and itself).
fn op_pos(ctx: &Context, op: Op) -> Option<(Block, Pos)> {
    Some((ctx.op_parent(op)?, Some(op)))
}

/// Dominance information for all regions nested in an op.
#[derive(Clone, Debug)]
pub struct DominanceInfo {
    base: Base<DominatorTree>,
}

impl DominanceInfo {
    /// Computes dominator trees for every region nested (at any depth) in `op`.
    pub fn compute(ctx: &Context, op: Op) -> Self {
        DominanceInfo {
            base: Base::compute(ctx, op),
        }
    }

    /// Whether `a` dominates `b` (`a == b`, or properly).
    pub fn dominates_op(&self, ctx: &Context, a: Op, b: Op) -> bool {
        a == b || self.properly_dominates_op(ctx, a, b)
    }

    /// Whether `a` properly dominates `b`; an op properly dominates the ops nested in it.
    pub fn properly_dominates_op(&self, ctx: &Context, a: Op, b: Op) -> bool {
        self.properly_dominates_op_with(ctx, a, b, true)
    }

    /// Like [`properly_dominates_op`](Self::properly_dominates_op), choosing whether an op
    /// enclosing `b` counts as dominating it.
    pub fn properly_dominates_op_with(
        &self,
        ctx: &Context,
        a: Op,
        b: Op,
        enclosing_ok: bool,
    ) -> bool {
        match (op_pos(ctx, a), op_pos(ctx, b)) {
            (Some(pa), Some(pb)) => self.base.properly_impl(ctx, pa, pb, enclosing_ok),
            _ => false,
        }
    }

    /// Whether block `a` dominates block `b` (equal, or properly). A block dominates the
    /// blocks nested in its ops.
    pub fn dominates_block(&self, ctx: &Context, a: Block, b: Block) -> bool {
        a == b || self.properly_dominates_block(ctx, a, b)
    }

    /// Whether block `a` properly dominates block `b`.
    pub fn properly_dominates_block(&self, ctx: &Context, a: Block, b: Block) -> bool {
        self.base.properly_block(ctx, a, b)
    }

    /// Whether `value` properly dominates `op` (MLIR `properlyDominates(Value, Operation*)`):
    /// a block argument dominates every op of (and nested in) its block; an op result
    /// dominates the ops after its defining op, but not the ops nested in that op.
    pub fn properly_dominates_value(&self, ctx: &Context, value: Value, op: Op) -> bool {
        match ctx.value_def(value) {
            ValueDef::BlockArg { block, .. } => match ctx.op_parent(op) {
                Some(b) => self.dominates_block(ctx, block, b),
                None => false,
            },
            ValueDef::Result { op: def, .. } => {
                self.properly_dominates_op_with(ctx, def, op, false)
            }
            ValueDef::Placeholder => false,
        }
    }

    /// Whether `value` dominates `op` (MLIR `dominates(Value, Operation*)`): `op` defines it,
    /// or it properly dominates `op`. A use of `value` by `op` is legal iff this holds.
    pub fn value_dominates(&self, ctx: &Context, value: Value, op: Op) -> bool {
        ctx.defining_op(value) == Some(op) || self.properly_dominates_value(ctx, value, op)
    }

    /// The nearest block dominating both `a` and `b` (after moving them to a common region);
    /// `None` if they share no region or one of them is unreachable.
    pub fn nearest_common_dominator(&self, ctx: &Context, a: Block, b: Block) -> Option<Block> {
        self.base.nearest(ctx, a, b)
    }

    /// The nearest common dominator of all `blocks`; `None` if empty or if there is none.
    pub fn nearest_common_dominator_of(&self, ctx: &Context, blocks: &[Block]) -> Option<Block> {
        let (&first, rest) = blocks.split_first()?;
        rest.iter()
            .try_fold(first, |acc, &b| self.nearest_common_dominator(ctx, acc, b))
    }

    /// Whether `block` is reachable from the entry of its region (blocks of regions outside
    /// the analysed op count as reachable).
    pub fn is_reachable(&self, ctx: &Context, block: Block) -> bool {
        let Some(region) = ctx.block_parent(block) else {
            return true;
        };
        let Some(data) = self.base.regions.get(&region) else {
            return true;
        };
        match (&data.tree, data.cfg.index_of(block)) {
            (Some(tree), Some(i)) => tree.is_reachable(NodeId::from_index(i)),
            _ => true,
        }
    }

    /// The immediate dominator of `block` in its region, if any.
    pub fn immediate_dominator(&self, ctx: &Context, block: Block) -> Option<Block> {
        let data = self.base.regions.get(&ctx.block_parent(block)?)?;
        let tree = data.tree.as_ref()?;
        let node = NodeId::from_index(data.cfg.index_of(block)?);
        tree.immediate_dominator(node).map(|n| data.cfg.block(n))
    }
}

/// Post-dominance information for all regions nested in an op.
#[derive(Clone, Debug)]
pub struct PostDominanceInfo {
    base: Base<PostDominatorTree>,
}

impl PostDominanceInfo {
    /// Computes post-dominator trees for every region nested (at any depth) in `op`.
    pub fn compute(ctx: &Context, op: Op) -> Self {
        PostDominanceInfo {
            base: Base::compute(ctx, op),
        }
    }

    /// Whether `a` post-dominates `b` (`a == b`, or properly).
    pub fn post_dominates_op(&self, ctx: &Context, a: Op, b: Op) -> bool {
        a == b || self.properly_post_dominates_op(ctx, a, b)
    }

    /// Whether `a` properly post-dominates `b`; an op post-dominates the ops nested in it.
    pub fn properly_post_dominates_op(&self, ctx: &Context, a: Op, b: Op) -> bool {
        match (op_pos(ctx, a), op_pos(ctx, b)) {
            (Some(pa), Some(pb)) => self.base.properly_impl(ctx, pa, pb, true),
            _ => false,
        }
    }

    /// Whether block `a` post-dominates block `b` (equal, or properly).
    pub fn post_dominates_block(&self, ctx: &Context, a: Block, b: Block) -> bool {
        a == b || self.properly_post_dominates_block(ctx, a, b)
    }

    /// Whether block `a` properly post-dominates block `b`.
    pub fn properly_post_dominates_block(&self, ctx: &Context, a: Block, b: Block) -> bool {
        self.base.properly_block(ctx, a, b)
    }

    /// The nearest block post-dominating both `a` and `b`; `None` if only the virtual exit
    /// does, or they share no region.
    pub fn nearest_common_post_dominator_pair(
        &self,
        ctx: &Context,
        a: Block,
        b: Block,
    ) -> Option<Block> {
        self.base.nearest(ctx, a, b)
    }

    /// The nearest common post-dominator of all `blocks`; `None` if empty or if there is none.
    pub fn nearest_common_post_dominator(&self, ctx: &Context, blocks: &[Block]) -> Option<Block> {
        let (&first, rest) = blocks.split_first()?;
        rest.iter().try_fold(first, |acc, &b| {
            self.nearest_common_post_dominator_pair(ctx, acc, b)
        })
    }
}
