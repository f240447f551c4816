//! Block dominance for the verifier.
//!
//! Immediate dominators per region by Semi-NCA ([`crate::dominators`]), with pre/post
//! numbering of the dominator tree so that `dominates` is O(1). The `analysis` crate has the full-featured
//! version (post-dominance, nested-region queries); the verifier only needs this much and `ir`
//! cannot depend on `analysis`.
//!
//! Blocks unreachable from their region's entry are treated as dominated by every block, as in
//! MLIR, so uses in dead code never fail verification.

use cranelift_entity::SecondaryMap;
use rustc_hash::FxHashMap;

use crate::context::{Context, ValueDef};
use crate::entity::{Block, Op, Region, Value};
use crate::registry::Traits;

/// Dominator-tree numbering of the blocks of the regions computed so far.
pub struct BlockDominance {
    /// (pre, post) numbers in the dominator tree; [`UNREACHABLE`] for unreachable blocks and
    /// blocks of regions not computed yet. Dense maps: the verifier asks about every op's block.
    numbers: SecondaryMap<Block, (u32, u32)>,
    /// Regions already numbered.
    done: SecondaryMap<Region, bool>,
}

/// The numbers of a block without any.
const UNREACHABLE: (u32, u32) = (u32::MAX, u32::MAX);

impl Default for BlockDominance {
    fn default() -> Self {
        BlockDominance {
            numbers: SecondaryMap::with_default(UNREACHABLE),
            done: SecondaryMap::new(),
        }
    }
}

impl BlockDominance {
    /// Computes dominance for every region nested in `root`.
    pub fn compute(ctx: &Context, root: Op) -> Self {
        let mut dom = BlockDominance::default();
        for op in ctx.walk_preorder(root) {
            for &region in ctx.regions(op) {
                dom.compute_region(ctx, region);
            }
        }
        dom
    }

    /// Numbers the blocks of `region` (once).
    pub fn compute_region(&mut self, ctx: &Context, region: Region) {
        if std::mem::replace(&mut self.done[region], true) {
            return;
        }
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        match blocks.len() {
            0 => {}
            1 => {
                self.numbers[blocks[0]] = (0, 1);
            }
            _ => self.compute_blocks(ctx, &blocks),
        }
    }

    /// Whether `block` is reachable from its region's entry (its region must be computed).
    pub fn is_reachable(&self, block: Block) -> bool {
        self.numbers_of(block).is_some()
    }

    fn compute_blocks(&mut self, ctx: &Context, blocks: &[Block]) {
        let index: FxHashMap<Block, usize> =
            blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|&b| {
                ctx.last_op(b)
                    .map(|t| {
                        ctx.successors(t)
                            .iter()
                            .filter_map(|s| index.get(s).copied())
                            .collect()
                    })
                    .unwrap_or_default()
            })
            .collect();
        let n = blocks.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s].push(b);
            }
        }
        let dominators = crate::dominators::immediate_dominators(
            n,
            0,
            |b| succs[b].iter().copied(),
            |b| preds[b].iter().copied(),
        );
        let idom = &dominators.idom;
        let order = &dominators.preorder;
        // Number the dominator tree.
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &b in order.iter().skip(1) {
            children[idom[b as usize] as usize].push(b as usize);
        }
        let mut counter = 0u32;
        let mut pre = vec![0u32; n];
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        pre[0] = counter;
        counter += 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if *next < children[node].len() {
                let c = children[node][*next];
                *next += 1;
                pre[c] = counter;
                counter += 1;
                stack.push((c, 0));
            } else {
                self.numbers[blocks[node]] = (pre[node], counter);
                counter += 1;
                stack.pop();
            }
        }
    }

    /// The dominator-tree numbers of a reachable block of a computed region.
    fn numbers_of(&self, block: Block) -> Option<(u32, u32)> {
        let numbers = *self.numbers.get(block)?;
        (numbers != UNREACHABLE).then_some(numbers)
    }

    /// Whether block `a` dominates block `b` (both in the same region).
    pub fn block_dominates(&self, a: Block, b: Block) -> bool {
        if a == b {
            return true;
        }
        match (self.numbers_of(a), self.numbers_of(b)) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some((pa, qa)), Some((pb, qb))) => pa <= pb && qb <= qa,
        }
    }

    /// Whether the definition of `v` dominates its use by `user` (which must be nested in the
    /// value's region; see the verifier's visibility check).
    pub fn value_dominates(&self, ctx: &Context, v: Value, user: Op) -> bool {
        let Some(def_block) = ctx.value_parent_block(v) else {
            return false;
        };
        let Some(ancestor) = ctx.ancestor_in_block_region(def_block, user) else {
            return true;
        };
        let region_op = ctx.block_parent_op(def_block);
        if region_op.is_some_and(|o| ctx.has_trait(o, Traits::GRAPH_REGION)) {
            return true;
        }
        let use_block = ctx.op_parent(ancestor).expect("ancestor is in a block");
        match ctx.value_def(v) {
            ValueDef::BlockArg { .. } => self.block_dominates(def_block, use_block),
            ValueDef::Result { op, .. } => {
                if use_block == def_block {
                    op != ancestor && ctx.is_before_in_block(op, ancestor)
                } else {
                    self.block_dominates(def_block, use_block)
                }
            }
            ValueDef::Placeholder => false,
        }
    }
}

impl Context {
    /// The ancestor of `op` (or `op`) whose block is in the same region as `block`.
    pub fn ancestor_in_block_region(&self, block: Block, op: Op) -> Option<Op> {
        let region = self.block_parent(block)?;
        let mut cur = op;
        loop {
            if self.op_parent_region(cur)? == region {
                return Some(cur);
            }
            cur = self.parent_op(cur)?;
        }
    }
}
