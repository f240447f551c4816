//! Block liveness with MLIR's semantics (`mlir/lib/Analysis/Liveness.cpp`).
//!
//! For every block `B` of every region nested in the analysed op:
//! * `use(B)`: values read by ops in `B` *or nested in them* that are not defined in `B` (or
//!   nested in it). So a value used inside a nested region is live at the parent op, and live
//!   in to every block of the nested region on the way to the use.
//! * `def(B)`: `B`'s arguments and the results of ops in `B` (and nested in them).
//! * `escape(B)`: values defined in `B` used by another block of the same region.
//! * `live_out(B) = escape(B) ∪ ⋃ live_in(S)` over CFG successors `S`, and
//!   `live_in(B) = use(B) ∪ (live_out(B) − def(B))`, the least fixpoint per region.
//!
//! Like MLIR, regions are solved separately: region-branch control flow (loops of `scf.for`,
//! `scf.while`) is *not* modelled, so a value defined above a loop and used in its body is
//! live in to the body block but not live out of it.
//!
//! Implementation: use sets are built by walking each value's uses up the nesting chain,
//! stopping at a block already marked for that value, so the cost is O(uses + result size).
//! Each multi-block region is then solved per value by SSA path exploration over the region's
//! [`Graph`](crate::graph::Graph): from every block using the value, predecessors are walked
//! backwards (stamped marks, no hashing) until the defining block. This computes exactly the
//! least fixpoint of the equations above in O(result size + edges visited), without the
//! blocks × values bit matrix a dense dataflow solver needs (quadratic on big functions).
//! Results are stored as sorted value vectors in CSR form (sparse sets), looked up by binary
//! search. A block's slot is found by its number in a table over the numbers the analysed
//! blocks span ([`BlockIndex`]), hashed only when they are scattered.

use std::ops::Range;

use ir::{Block, Context, Op, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::cfg::region_graph;
use crate::graph;

const NONE: u32 = u32::MAX;

/// How many block numbers a [`BlockIndex`] table may span per analysed block (plus
/// [`TABLE_SLACK`]) before the index is hashed instead.
const TABLE_SPAN_PER_BLOCK: usize = 4;

/// Block numbers a [`BlockIndex`] table may span beyond [`TABLE_SPAN_PER_BLOCK`] per block.
const TABLE_SLACK: usize = 64;

/// The position of each analysed block in the list of blocks.
///
/// Blocks are numbered over the whole context, and the blocks of one op (a function) are
/// mostly numbered consecutively, as the parser creates them: a table over the numbers from
/// the smallest to the largest analysed block answers a lookup with one indexed load. When
/// those numbers are scattered (the table would be more than [`TABLE_SPAN_PER_BLOCK`] slots
/// per block), the positions are hashed, so the cost stays proportional to the blocks
/// analysed. Both give the same answers: the position of a listed block, `None` for others
/// (blocks created after the analysis included).
#[derive(Clone, Debug)]
enum BlockIndex {
    /// `slots[number - first]` is the position of the block with that number, or [`NONE`].
    Table { first: u32, slots: Vec<u32> },
    /// The position of each block.
    Hashed(FxHashMap<Block, u32>),
}

impl Default for BlockIndex {
    fn default() -> Self {
        BlockIndex::Table {
            first: 0,
            slots: Vec::new(),
        }
    }
}

impl BlockIndex {
    /// The index of `blocks`, each at its position in the list.
    fn new(blocks: &[Block]) -> Self {
        let numbers = || blocks.iter().map(|b| b.as_u32());
        let (Some(first), Some(last)) = (numbers().min(), numbers().max()) else {
            return BlockIndex::default();
        };
        let span = (last - first) as usize + 1;
        if span > blocks.len() * TABLE_SPAN_PER_BLOCK + TABLE_SLACK {
            let positions = blocks.iter().enumerate().map(|(i, &b)| (b, i as u32));
            return BlockIndex::Hashed(positions.collect());
        }
        let mut slots = vec![NONE; span];
        for (i, number) in numbers().enumerate() {
            slots[(number - first) as usize] = i as u32;
        }
        BlockIndex::Table { first, slots }
    }

    /// The position of `block`, if it is listed.
    fn get(&self, block: Block) -> Option<u32> {
        match self {
            BlockIndex::Table { first, slots } => {
                let slot = block.as_u32().wrapping_sub(*first) as usize;
                slots.get(slot).copied().filter(|&i| i != NONE)
            }
            BlockIndex::Hashed(positions) => positions.get(&block).copied(),
        }
    }
}

/// Live-in and live-out sets of every block nested in an op.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    blocks: Vec<Block>,
    block_index: BlockIndex,
    in_offsets: Vec<u32>,
    in_values: Vec<Value>,
    out_offsets: Vec<u32>,
    out_values: Vec<Value>,
}

/// Working state of the computation.
struct Builder {
    blocks: Vec<Block>,
    block_index: BlockIndex,
    block_region: Vec<u32>,
    /// The positions of each region's blocks in `blocks` (consecutive: a region's blocks are
    /// listed together).
    regions: Vec<Range<u32>>,
    uses: Vec<Vec<Value>>,
    escapes: Vec<Vec<Value>>,
}

impl Liveness {
    /// Computes liveness for every block of every region nested (at any depth) in `op`.
    pub fn compute(ctx: &Context, op: Op) -> Self {
        Self::compute_for(ctx, op, |_| true)
    }

    /// [`Self::compute`] for the values `tracked` accepts only: the others are in no live set.
    /// Each value's liveness is solved on its own, so a tracked value's is the same as with
    /// [`Self::compute`] (a pass asking only about buffers skips the walks of every index and
    /// float).
    pub fn compute_for(ctx: &Context, op: Op, tracked: impl Fn(Value) -> bool) -> Self {
        Self::compute_for_ops(ctx, &ctx.walk_preorder(op), tracked)
    }

    /// [`Self::compute_for`] of `ops[0]`, given `ops`, the pre-order walk of `ops[0]`
    /// ([`Context::walk_preorder`]): a caller that walks the op anyway saves the walk. The
    /// blocks are listed in the order the walk reaches their regions, as it does itself.
    pub fn compute_for_ops(ctx: &Context, ops: &[Op], tracked: impl Fn(Value) -> bool) -> Self {
        let Some(&op) = ops.first() else {
            return Self::default();
        };
        let mut b = Builder::new(ctx, ops);
        b.collect_uses(ctx, op, tracked);
        b.solve(ctx)
    }

    fn index(&self, block: Block) -> Option<usize> {
        self.block_index.get(block).map(|i| i as usize)
    }

    fn in_slice(&self, block: Block) -> &[Value] {
        match self.index(block) {
            Some(i) => {
                &self.in_values[self.in_offsets[i] as usize..self.in_offsets[i + 1] as usize]
            }
            None => &[],
        }
    }

    fn out_slice(&self, block: Block) -> &[Value] {
        match self.index(block) {
            Some(i) => {
                &self.out_values[self.out_offsets[i] as usize..self.out_offsets[i + 1] as usize]
            }
            None => &[],
        }
    }

    /// The analysed blocks, in pre-order of their regions.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// Values live at the start of `block`, sorted by id (empty for blocks not analysed).
    pub fn live_in(&self, block: Block) -> impl Iterator<Item = Value> + '_ {
        self.in_slice(block).iter().copied()
    }

    /// Values live at the end of `block`, sorted by id.
    pub fn live_out(&self, block: Block) -> impl Iterator<Item = Value> + '_ {
        self.out_slice(block).iter().copied()
    }

    /// Whether `value` is live at the start of `block`.
    pub fn is_live_in(&self, block: Block, value: Value) -> bool {
        self.in_slice(block).binary_search(&value).is_ok()
    }

    /// Whether `value` is live at the end of `block`.
    pub fn is_live_out(&self, block: Block, value: Value) -> bool {
        self.out_slice(block).binary_search(&value).is_ok()
    }

    /// The first op of `block` in `value`'s live range there: the block's first op if `value`
    /// is live in or a block argument, else its defining op (MLIR `getStartOperation`).
    pub fn start_operation(&self, ctx: &Context, value: Value, block: Block) -> Option<Op> {
        match ctx.defining_op(value) {
            Some(def) if !self.is_live_in(block, value) => Some(def),
            _ => ctx.first_op(block),
        }
    }

    /// The last op of `start`'s block in `value`'s live range (MLIR `getEndOperation`): the
    /// terminator if `value` is live out, else the last op (or ancestor of a nested user) of
    /// the block using `value` after `start`, or `start` itself.
    pub fn end_operation(&self, ctx: &Context, value: Value, start: Op) -> Op {
        let Some(block) = ctx.op_parent(start) else {
            return start;
        };
        if self.is_live_out(block, value) {
            return ctx.last_op(block).unwrap_or(start);
        }
        let mut end = start;
        for (user, _) in ctx.uses(value) {
            if let Some(u) = ctx.ancestor_in_block(block, user)
                && end != u
                && ctx.is_before_in_block(end, u)
            {
                end = u;
            }
        }
        end
    }

    /// Whether `value` is dead after `op` (MLIR `Liveness::isDeadAfter`): not live out of
    /// `op`'s block, and no op of that block after `op` (or nested in one) uses it.
    pub fn is_dead_after(&self, ctx: &Context, value: Value, op: Op) -> bool {
        let Some(block) = ctx.op_parent(op) else {
            return true;
        };
        if self.is_live_out(block, value) {
            return false;
        }
        let end = self.end_operation(ctx, value, op);
        end == op || ctx.is_before_in_block(end, op)
    }

    /// The values live at `op` (MLIR `currentlyLiveValues`): those whose live range in `op`'s
    /// block contains `op`. Sorted by id.
    pub fn currently_live_values(&self, ctx: &Context, op: Op) -> Vec<Value> {
        let Some(block) = ctx.op_parent(op) else {
            return Vec::new();
        };
        let mut candidates: Vec<Value> = ctx.block_args(block).to_vec();
        candidates.extend(self.live_in(block));
        for o in ctx.block_ops(block) {
            candidates.extend_from_slice(ctx.results(o));
            if o == op {
                break;
            }
        }
        candidates.sort_unstable();
        candidates.dedup();
        candidates.retain(|&v| self.range_contains(ctx, v, block, op));
        candidates
    }

    fn range_contains(&self, ctx: &Context, v: Value, block: Block, op: Op) -> bool {
        let start = match ctx.value_def(v) {
            ValueDef::Result { op: def, .. } if !self.is_live_in(block, v) => {
                match ctx.ancestor_in_block(block, def) {
                    Some(s) => s,
                    None => return false,
                }
            }
            _ => match ctx.first_op(block) {
                Some(s) => s,
                None => return false,
            },
        };
        let end = if self.is_live_out(block, v) {
            ctx.last_op(block).unwrap_or(start)
        } else {
            self.end_operation(ctx, v, start)
        };
        let before_start = op != start && ctx.is_before_in_block(op, start);
        let after_end = end != op && ctx.is_before_in_block(end, op);
        !(before_start || after_end)
    }

    /// Every op in `value`'s live range, block by block (MLIR `resolveLiveness`); ops of one
    /// block are consecutive and in order.
    pub fn live_range_ops(&self, ctx: &Context, value: Value) -> Vec<Op> {
        let Some(def_block) = ctx.value_parent_block(value) else {
            return Vec::new();
        };
        let mut result = Vec::new();
        let mut visited: FxHashSet<Block> = FxHashSet::default();
        let mut work = vec![def_block];
        visited.insert(def_block);
        for (user, _) in ctx.uses(value) {
            if let Some(b) = ctx.op_parent(user)
                && visited.insert(b)
            {
                work.push(b);
            }
        }
        while let Some(block) = work.pop() {
            if let Some(start) = self.start_operation(ctx, value, block) {
                let end = self.end_operation(ctx, value, start);
                let mut cur = Some(start);
                while let Some(o) = cur {
                    result.push(o);
                    if o == end {
                        break;
                    }
                    cur = ctx.next_op(o);
                }
            }
            for &succ in crate::cfg::successor_blocks(ctx, block) {
                if self.is_live_in(succ, value) && visited.insert(succ) {
                    work.push(succ);
                }
            }
        }
        result
    }
}

impl Builder {
    /// Lists the blocks of every region nested in `ops[0]` (`ops` is its pre-order walk),
    /// region by region in walk order.
    fn new(ctx: &Context, ops: &[Op]) -> Self {
        let mut blocks = Vec::new();
        let mut block_region = Vec::new();
        let mut regions = Vec::new();
        for &op in ops {
            for &region in ctx.regions(op) {
                let slot = regions.len() as u32;
                let start = blocks.len() as u32;
                for block in ctx.blocks(region) {
                    blocks.push(block);
                    block_region.push(slot);
                }
                regions.push(start..blocks.len() as u32);
            }
        }
        Builder {
            block_index: BlockIndex::new(&blocks),
            uses: vec![Vec::new(); blocks.len()],
            escapes: vec![Vec::new(); blocks.len()],
            blocks,
            block_region,
            regions,
        }
    }

    fn index(&self, block: Block) -> Option<u32> {
        self.block_index.get(block)
    }

    /// Fills `uses` and `escapes` by walking each `tracked` value's uses up the nesting chain.
    fn collect_uses(&mut self, ctx: &Context, root: Op, tracked: impl Fn(Value) -> bool) {
        let mut mark = vec![NONE; self.blocks.len()];
        let mut external: Vec<Value> = Vec::new();
        let mut seen_external: FxHashSet<Value> = FxHashSet::default();
        let mut stamp = 0u32;
        for bi in 0..self.blocks.len() {
            let block = self.blocks[bi];
            for &arg in ctx.block_args(block) {
                if tracked(arg) {
                    self.walk_value(ctx, arg, &mut mark, stamp);
                    stamp += 1;
                }
            }
            for op in ctx.block_ops(block) {
                for &r in ctx.results(op) {
                    if tracked(r) {
                        self.walk_value(ctx, r, &mut mark, stamp);
                        stamp += 1;
                    }
                }
                if op == root {
                    continue;
                }
                for v in ctx.operands(op).filter(|&v| tracked(v)) {
                    let inside = ctx
                        .value_parent_block(v)
                        .is_some_and(|d| self.index(d).is_some());
                    if !inside && seen_external.insert(v) {
                        external.push(v);
                    }
                }
            }
        }
        for v in external {
            self.walk_value(ctx, v, &mut mark, stamp);
            stamp += 1;
        }
    }

    fn walk_value(&mut self, ctx: &Context, v: Value, mark: &mut [u32], stamp: u32) {
        let Some(def_block) = ctx.value_parent_block(v) else {
            return;
        };
        let def_index = self.index(def_block);
        let def_region = def_index.map(|i| self.block_region[i as usize]);
        let mut escapes = false;
        for (user, _) in ctx.uses(v) {
            let mut cur = ctx.op_parent(user);
            while let Some(block) = cur {
                if block == def_block {
                    break;
                }
                let Some(bi) = self.index(block) else { break };
                let bi = bi as usize;
                if mark[bi] == stamp {
                    break;
                }
                mark[bi] = stamp;
                self.uses[bi].push(v);
                if Some(self.block_region[bi]) == def_region {
                    // A use in another block of the defining region: the value flows between
                    // blocks there, and no enclosing block of that region's parent sees it.
                    escapes = true;
                    break;
                }
                cur = ctx.block_parent_op(block).and_then(|p| ctx.op_parent(p));
            }
        }
        if escapes && let Some(d) = def_index {
            self.escapes[d as usize].push(v);
        }
    }

    fn solve(mut self, ctx: &Context) -> Liveness {
        let n = self.blocks.len();
        let mut live_in: Vec<Vec<Value>> = vec![Vec::new(); n];
        let mut live_out: Vec<Vec<Value>> = vec![Vec::new(); n];
        let regions = std::mem::take(&mut self.regions);
        for members in regions {
            if members.is_empty() {
                continue;
            }
            if members.len() == 1 {
                let bi = members.start as usize;
                live_in[bi] = std::mem::take(&mut self.uses[bi]);
                live_out[bi] = std::mem::take(&mut self.escapes[bi]);
            } else {
                self.solve_region(ctx, members, &mut live_in, &mut live_out);
            }
        }
        let (in_offsets, in_values) = to_csr(live_in);
        let (out_offsets, out_values) = to_csr(live_out);
        Liveness {
            blocks: self.blocks,
            block_index: self.block_index,
            in_offsets,
            in_values,
            out_offsets,
            out_values,
        }
    }

    /// Sparse per-value solution of one multi-block region (its blocks at positions
    /// `members`): from every block using a value, walk predecessors backwards until the
    /// defining block (SSA path exploration). Costs O(size of the result + predecessor edges
    /// visited), with no per-region bit matrix. A block's local index is its position minus
    /// `members.start`.
    fn solve_region(
        &mut self,
        ctx: &Context,
        members: Range<u32>,
        live_in: &mut [Vec<Value>],
        live_out: &mut [Vec<Value>],
    ) {
        let local_of = |bi: u32| members.contains(&bi).then(|| bi - members.start);
        let blocks = &self.blocks[members.start as usize..members.end as usize];
        let graph = region_graph(ctx, blocks, |b| self.index(b).and_then(local_of));
        let position = |k: usize| members.start as usize + k;
        // Users of each value, as local block indices.
        let mut users: FxHashMap<Value, Vec<u32>> = FxHashMap::default();
        let mut order: Vec<Value> = Vec::new();
        for (k, bi) in members.clone().enumerate() {
            for &v in &self.uses[bi as usize] {
                let entry = users.entry(v).or_default();
                if entry.is_empty() {
                    order.push(v);
                }
                entry.push(k as u32);
            }
        }
        let n = members.len();
        let mut in_mark = vec![NONE; n];
        let mut out_mark = vec![NONE; n];
        let mut work: Vec<u32> = Vec::new();
        for (stamp, &v) in order.iter().enumerate() {
            let stamp = stamp as u32;
            let def_local = ctx
                .value_parent_block(v)
                .and_then(|d| self.index(d))
                .and_then(local_of);
            for &k in &users[&v] {
                if in_mark[k as usize] != stamp {
                    in_mark[k as usize] = stamp;
                    live_in[position(k as usize)].push(v);
                    work.push(k);
                }
            }
            while let Some(k) = work.pop() {
                for &pred in graph.predecessors(graph::NodeId::new(k)) {
                    let p = pred.index();
                    if out_mark[p] != stamp {
                        out_mark[p] = stamp;
                        live_out[position(p)].push(v);
                    }
                    if Some(p as u32) != def_local && in_mark[p] != stamp {
                        in_mark[p] = stamp;
                        live_in[position(p)].push(v);
                        work.push(p as u32);
                    }
                }
            }
        }
        for bi in members {
            let escapes = std::mem::take(&mut self.escapes[bi as usize]);
            live_out[bi as usize].extend(escapes);
        }
    }
}

/// Packs per-block value lists into sorted, deduplicated CSR form.
fn to_csr(lists: Vec<Vec<Value>>) -> (Vec<u32>, Vec<Value>) {
    let mut offsets = Vec::with_capacity(lists.len() + 1);
    let mut values = Vec::new();
    offsets.push(0);
    for mut list in lists {
        list.sort_unstable();
        list.dedup();
        values.extend(list);
        offsets.push(values.len() as u32);
    }
    (offsets, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks with the given numbers.
    fn blocks(numbers: &[u32]) -> Vec<Block> {
        numbers.iter().map(|&n| Block::from_u32(n)).collect()
    }

    /// The index answers with each listed block's position, and `None` for every other block,
    /// whether it is a table (numbers close together) or hashed (scattered).
    fn check_positions(numbers: &[u32], expect_table: bool) {
        let listed = blocks(numbers);
        let index = BlockIndex::new(&listed);
        assert_eq!(matches!(index, BlockIndex::Table { .. }), expect_table);
        for (position, &block) in listed.iter().enumerate() {
            assert_eq!(index.get(block), Some(position as u32));
        }
        let largest = numbers.iter().copied().max().unwrap_or(0);
        for other in (0..largest + 3).filter(|n| !numbers.contains(n)) {
            assert_eq!(index.get(Block::from_u32(other)), None, "block {other}");
        }
    }

    #[test]
    fn block_index_finds_listed_blocks_only() {
        check_positions(&[7, 5, 6, 9], true);
        check_positions(&[3, 1000, 2, 500], false);
        check_positions(&[], true);
    }
}
