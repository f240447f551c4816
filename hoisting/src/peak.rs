//! Which hoisting moves cannot raise the heap peak.
//!
//! Hoisting never changes how often a buffer is allocated inside the code it leaves, but it
//! makes the buffer live over more of the program: over every trip of a loop it leaves, over
//! the other branch of an `scf.if`, over the blocks between a dominator and its old block. If
//! another heap allocation happens there, both buffers are now live at once and the peak can
//! grow (upstream MLIR doubles the peak of a loop that grows a buffer with `realloc`, and of a
//! recursive function, this way). A move is *peak-safe* when the code the buffer's life is
//! extended over holds no other op that may allocate on the heap: an op with a heap
//! allocation effect, unknown effects, a call (the callee may allocate), or a terminator
//! passing a memref on (the deallocation that runs after hoisting may copy it there, as every
//! strategy does with a returned buffer it does not own). Stack buffers count too: the peak
//! measures heap and stack bytes.
//!
//! Promotion to the stack extends a buffer's life as well, to the end of its allocation
//! scope: it is peak-safe when nothing after the allocation, up to the scope's end, may
//! allocate (and every region on the way has a single block, so "after" is plain order).
//!
//! The counts of such ops nested in every op and region are computed once, so each check is
//! O(1).

use ir::{Context, EffectKind, Effects, Op, Region, Traits};
use rustc_hash::FxHashMap;

/// How many ops that may allocate each op (itself included) and each region holds, and how
/// many the ops after each op in its block hold.
pub(crate) struct AllocationCounts {
    in_op: FxHashMap<Op, u32>,
    in_region: FxHashMap<Region, u32>,
    after_op: FxHashMap<Op, u32>,
}

impl AllocationCounts {
    /// Counts over everything nested in `root`.
    pub(crate) fn compute(ctx: &Context, root: Op) -> Self {
        let mut counts = AllocationCounts {
            in_op: FxHashMap::default(),
            in_region: FxHashMap::default(),
            after_op: FxHashMap::default(),
        };
        for op in ctx.walk_postorder(root) {
            let mut total = u32::from(may_allocate(ctx, op));
            for &region in ctx.regions(op) {
                let mut in_region = 0;
                for block in ctx.blocks(region) {
                    in_region += counts.count_block_suffixes(ctx, block);
                }
                counts.in_region.insert(region, in_region);
                total += in_region;
            }
            counts.in_op.insert(op, total);
        }
        counts
    }

    /// Records, for each op of `block`, the allocations in the ops after it; returns the
    /// block's total. The ops' own counts are known (post-order).
    fn count_block_suffixes(&mut self, ctx: &Context, block: ir::Block) -> u32 {
        let ops: Vec<Op> = ctx.block_ops(block).collect();
        let mut after = 0;
        for &op in ops.iter().rev() {
            self.after_op.insert(op, after);
            after += self.in_op.get(&op).copied().unwrap_or(0);
        }
        after
    }

    /// Whether some op after `op` in its block may allocate.
    pub(crate) fn any_after(&self, op: Op) -> bool {
        self.after_op.get(&op).copied().unwrap_or(0) > 0
    }

    /// Whether `op` holds a heap allocation other than `alloc` (which is nested in it).
    pub(crate) fn op_has_other(&self, op: Op) -> bool {
        self.in_op.get(&op).copied().unwrap_or(0) > 1
    }

    /// Whether `region` holds a heap allocation other than `alloc` (which is nested in it).
    pub(crate) fn region_has_other(&self, region: Region) -> bool {
        self.in_region.get(&region).copied().unwrap_or(0) > 1
    }
}

/// Whether `op` itself may allocate, on the heap or the stack (both count in the peak), now
/// or once deallocation has placed its copies.
fn may_allocate(ctx: &Context, op: Op) -> bool {
    if ctx.op_def(op).call.is_some() || passes_memref_on(ctx, op) {
        return true;
    }
    match ctx.memory_effects(op) {
        Effects::Unknown => true,
        Effects::Known(effects) => effects.iter().any(|e| e.kind == EffectKind::Allocate),
    }
}

/// Whether `op` is a terminator with a memref operand: deallocation may copy it there.
fn passes_memref_on(ctx: &Context, op: Op) -> bool {
    ctx.has_trait(op, Traits::TERMINATOR)
        && ctx
            .operands(op)
            .any(|v| ctx.type_data(ctx.value_type(v)).is_memref())
}
