//! Control-flow helpers over the blocks of one region (private minimum; to be replaced by
//! `analysis::cfg` once it is published): reverse post-order.

use fixedbitset::FixedBitSet;
use ir::{Block, Context, Region};
use rustc_hash::FxHashMap;

/// The successor blocks of `block` (those of its terminator).
pub fn successors(ctx: &Context, block: Block) -> Vec<Block> {
    ctx.last_op(block)
        .map(|t| ctx.successors(t).to_vec())
        .unwrap_or_default()
}

/// The blocks of a region in reverse post-order from the entry, then the unreachable ones.
pub struct RegionOrder {
    /// Reachable blocks, each after its dominators.
    pub rpo: Vec<Block>,
    /// Blocks of the region not reachable from its entry, in region order.
    pub unreachable: Vec<Block>,
}

/// Computes [`RegionOrder`] for `region` with an iterative depth-first search.
pub fn region_order(ctx: &Context, region: Region) -> RegionOrder {
    let blocks: Vec<Block> = ctx.blocks(region).collect();
    let index: FxHashMap<Block, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    let n = blocks.len();
    let mut visited = FixedBitSet::with_capacity(n);
    let mut post = Vec::with_capacity(n);
    if n > 0 {
        let succ: Vec<Vec<usize>> = blocks
            .iter()
            .map(|&b| {
                successors(ctx, b)
                    .into_iter()
                    .filter_map(|s| index.get(&s).copied())
                    .collect()
            })
            .collect();
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        visited.insert(0);
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&s) = succ[node].get(*next) {
                *next += 1;
                if !visited.contains(s) {
                    visited.insert(s);
                    stack.push((s, 0));
                }
            } else {
                post.push(node);
                stack.pop();
            }
        }
    }
    let rpo = post.iter().rev().map(|&i| blocks[i]).collect();
    let unreachable = (0..n)
        .filter(|&i| !visited.contains(i))
        .map(|i| blocks[i])
        .collect();
    RegionOrder { rpo, unreachable }
}
