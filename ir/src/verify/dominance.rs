//! Block dominance for the verifier.
//!
//! Immediate dominators per region by Semi-NCA ([`crate::dominators`]), with pre/post
//! numbering of the dominator tree so that `dominates` is O(1). The `analysis` crate has the full-featured
//! version (post-dominance, nested-region queries); the verifier only needs this much and `ir`
//! cannot depend on `analysis`.
//!
//! Blocks unreachable from their region's entry are treated as dominated by every block, as in
//! MLIR, so uses in dead code never fail verification.
//!
//! The numbers outlive changes to the IR only through [`BlockDominance::forget`], which the
//! verifier of touched ops calls between passes: every region is then numbered again when
//! first asked about, and its blocks' old numbers are never read. Numbering a region of several
//! blocks again costs little when its control flow is what it was: the dominator tree is a
//! function of the region's blocks in order and their edges, which each numbering keeps
//! ([`Numbered`]) and the next compares (a pass touching a function of many blocks, such as
//! `ladder`'s, mostly leaves its branches as they were).

use cranelift_entity::{EntityRef, SecondaryMap};
use rustc_hash::FxHashMap;

use crate::context::{Context, ValueDef};
use crate::entity::{Block, Op, Region, Value};
use crate::registry::Traits;
use crate::verify::marks::Marks;

/// Dominator-tree numbering of the blocks of the regions computed so far.
pub struct BlockDominance {
    /// (pre, post) numbers in the dominator tree; [`UNREACHABLE`] for unreachable blocks and
    /// blocks of regions not computed yet. Dense maps: the verifier asks about every op's block.
    numbers: SecondaryMap<Block, (u32, u32)>,
    /// Regions already numbered (since the last [`BlockDominance::forget`]).
    done: Marks,
    /// Scratch: the position of each block in the region being numbered.
    index: SecondaryMap<Block, u32>,
    /// The last numbering of each region of several blocks, kept across [`BlockDominance::forget`].
    numbered: FxHashMap<Region, Numbered>,
}

/// A region's numbering and the control flow it was computed from: its blocks in order and
/// the edges between them. The same blocks and edges give the same numbers.
struct Numbered {
    blocks: Vec<Block>,
    succs: Adjacency,
    /// Per block of `blocks`: its (pre, post) numbers, [`UNREACHABLE`] if unreachable.
    numbers: Vec<(u32, u32)>,
}

/// The edges of a graph of `n` nodes in two flat arrays: the targets of node `i` are
/// `targets[start[i]..start[i + 1]]`, in the order given.
#[derive(PartialEq, Eq)]
struct Adjacency {
    start: Vec<u32>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// The graph whose node `i` has the targets `fill(i, out)` appends to `out`.
    fn from_lists(n: usize, mut fill: impl FnMut(usize, &mut Vec<u32>)) -> Self {
        let mut start = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        let mut out = Vec::new();
        for i in 0..n {
            start.push(targets.len() as u32);
            out.clear();
            fill(i, &mut out);
            targets.extend_from_slice(&out);
        }
        start.push(targets.len() as u32);
        Adjacency { start, targets }
    }

    /// The graph of the edges `(from, to)`, each node's targets in the order of `edges`.
    fn from_edges(n: usize, edges: &[(u32, u32)]) -> Self {
        let mut start = vec![0u32; n + 1];
        for &(from, _) in edges {
            start[from as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(from, to) in edges {
            let slot = &mut next[from as usize];
            targets[*slot as usize] = to;
            *slot += 1;
        }
        Adjacency { start, targets }
    }

    /// The graph with every edge reversed; each node's sources in increasing order, as a
    /// scan of the nodes in order finds them.
    fn reversed(&self) -> Self {
        let n = self.start.len() - 1;
        let edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|from| self.of(from).iter().map(move |&to| (to, from as u32)))
            .collect();
        Adjacency::from_edges(n, &edges)
    }

    /// The targets of node `i`.
    fn of(&self, i: usize) -> &[u32] {
        &self.targets[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// The numbers of a block without any.
const UNREACHABLE: (u32, u32) = (u32::MAX, u32::MAX);

impl Default for BlockDominance {
    fn default() -> Self {
        BlockDominance {
            numbers: SecondaryMap::with_default(UNREACHABLE),
            done: Marks::default(),
            index: SecondaryMap::with_default(u32::MAX),
            numbered: FxHashMap::default(),
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

    /// Forgets every region's numbers (the IR changed): each is numbered again when asked.
    pub fn forget(&mut self) {
        self.done.clear();
    }

    /// Numbers the blocks of `region` (once). A region of one block, the common case (every
    /// `scf` region), allocates nothing.
    pub fn compute_region(&mut self, ctx: &Context, region: Region) {
        if !self.done.insert(region.index()) {
            return;
        }
        let mut blocks = ctx.blocks(region);
        let Some(entry) = blocks.next() else {
            return;
        };
        if blocks.next().is_none() {
            self.numbers[entry] = (0, 1);
            return;
        }
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        let succs = self.successor_graph(ctx, &blocks);
        if let Some(last) = self.numbered.get(&region)
            && last.blocks == blocks
            && last.succs == succs
        {
            for (&b, &numbers) in blocks.iter().zip(&last.numbers) {
                self.numbers[b] = numbers;
            }
            return;
        }
        self.compute_blocks(&blocks, &succs);
        let numbers = blocks.iter().map(|&b| self.numbers[b]).collect();
        let numbered = Numbered {
            blocks,
            succs,
            numbers,
        };
        self.numbered.insert(region, numbered);
    }

    /// Whether `block` is reachable from its region's entry (its region must be computed).
    pub fn is_reachable(&self, block: Block) -> bool {
        self.numbers_of(block).is_some()
    }

    /// The edges between `blocks` (a region's, entry first), by their positions there. The
    /// graph's edges are kept in flat adjacency arrays ([`Adjacency`]), not a vector per block.
    fn successor_graph(&mut self, ctx: &Context, blocks: &[Block]) -> Adjacency {
        for (i, &b) in blocks.iter().enumerate() {
            self.index[b] = i as u32;
        }
        let index = &self.index;
        let in_region = |s: Block| {
            let i = index[s] as usize;
            (blocks.get(i) == Some(&s)).then_some(i as u32)
        };
        Adjacency::from_lists(blocks.len(), |b, out| {
            if let Some(t) = ctx.last_op(blocks[b]) {
                out.extend(ctx.successors(t).iter().filter_map(|&s| in_region(s)));
            }
        })
    }

    /// Numbers the blocks of a region of several blocks (`blocks`, entry first), whose edges
    /// are `succs`.
    fn compute_blocks(&mut self, blocks: &[Block], succs: &Adjacency) {
        let n = blocks.len();
        for &b in blocks {
            // Unreachable unless the dominator tree below numbers it (numbers from before a
            // `forget` may be stale).
            self.numbers[b] = UNREACHABLE;
        }
        let preds = succs.reversed();
        let dominators = crate::dominators::immediate_dominators(
            n,
            0,
            |b| succs.of(b).iter().map(|&s| s as usize),
            |b| preds.of(b).iter().map(|&p| p as usize),
        );
        let idom = &dominators.idom;
        let order = &dominators.preorder;
        // Number the dominator tree; each node's children in preorder, as the DFS found them.
        let tree_edges: Vec<(u32, u32)> = order
            .iter()
            .skip(1)
            .map(|&b| (idom[b as usize], b))
            .collect();
        let children = Adjacency::from_edges(n, &tree_edges);
        let mut counter = 0u32;
        let mut pre = vec![0u32; n];
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        pre[0] = counter;
        counter += 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&c) = children.of(node).get(*next) {
                let c = c as usize;
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
        self.dominates_ancestor(ctx, v, def_block, ancestor)
    }

    /// [`BlockDominance::value_dominates`] once the user's ancestor in the region of the
    /// value's block (`def_block`) is known.
    pub fn dominates_ancestor(
        &self,
        ctx: &Context,
        v: Value,
        def_block: Block,
        ancestor: Op,
    ) -> bool {
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

#[cfg(test)]
mod tests {
    use super::BlockDominance;
    use crate::asm::{ParseOptions, parse_module};
    use crate::context::Context;
    use crate::entity::Block;

    const DIAMOND: &str = r#"
func.func @f(%c: i1) {
  cf.cond_br %c, ^a, ^b
^a:
  cf.br ^join
^b:
  cf.br ^join
^join:
  return
}
"#;

    /// After [`BlockDominance::forget`], a region whose edges are as they were gets its old
    /// numbers back, and one whose edges changed is numbered anew: `^a` comes to dominate
    /// `^join` once `^b` branches to `^a` instead.
    #[test]
    fn a_region_is_numbered_anew_only_when_its_edges_changed() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", DIAMOND, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let function = ctx.walk_preorder(module)[1];
        let region = ctx.regions(function)[0];
        let blocks: Vec<Block> = ctx.blocks(region).collect();
        let (entry, a, b, join) = (blocks[0], blocks[1], blocks[2], blocks[3]);
        let mut dom = BlockDominance::default();
        for _ in 0..2 {
            dom.forget();
            dom.compute_region(&ctx, region);
            assert!(dom.block_dominates(entry, join) && !dom.block_dominates(a, join));
        }
        let branch = ctx.last_op(b).expect("a terminator");
        ctx.set_successor(branch, 0, a);
        dom.forget();
        dom.compute_region(&ctx, region);
        assert!(dom.block_dominates(a, join) && !dom.block_dominates(b, join));
    }
}
