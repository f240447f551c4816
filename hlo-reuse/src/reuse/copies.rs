//! Copy elision: a buffer copied whole into a fresh one and freed right after the copy takes
//! the place of its copy's target from the start.
//!
//! ```text
//! %dst = memref.alloc() : memref<100xi32>     %dst = memref.alloc() : memref<100xi32>
//! %src = memref.alloc() : memref<100xi32>     (... uses of %src now use %dst)
//! (... uses of %src, none of %dst)
//! memref.copy %src, %dst : ...
//! memref.dealloc %src : memref<100xi32>
//! ```
//!
//! Both buffers are allocations of one block, with the same static type; `%src` is used only
//! after `%dst` is allocated (so `%dst` dominates every use it takes over) and `%dst` only
//! after the copy (so nothing it held is lost). `%dst`'s life does not change and `%src`'s
//! disappears: the peak cannot rise.

use ir::dialects::memref::{AllocOp, CopyOp, DeallocOp};
use ir::{Block, Context, Op, OpView, Value};
use rustc_hash::FxHashMap;

use super::buffers::is_static_memref;

/// Elides the copies of `block` that match; returns whether anything changed.
pub(crate) fn elide_copies(ctx: &mut Context, block: Block) -> bool {
    let ops: Vec<Op> = ctx.block_ops(block).collect();
    let positions: FxHashMap<Op, usize> = ops.iter().enumerate().map(|(i, &op)| (op, i)).collect();
    let mut changed = false;
    for op in ops {
        if !ctx.is_alive(op) {
            continue;
        }
        let Some(copy) = CopyOp::of(ctx, op) else {
            continue;
        };
        let within = BlockOrder {
            block,
            positions: &positions,
        };
        if let Some(elision) = match_elision(ctx, &within, copy) {
            apply(ctx, elision);
            changed = true;
        }
    }
    changed
}

/// A block with the positions its ops had when the sweep started (elisions only erase ops,
/// so the order of the others stays right).
struct BlockOrder<'a> {
    block: Block,
    positions: &'a FxHashMap<Op, usize>,
}

impl BlockOrder<'_> {
    /// The position of the op of this block holding `user`.
    fn position_of(&self, ctx: &Context, user: Op) -> Option<usize> {
        let top = ctx.ancestor_in_block(self.block, user)?;
        self.positions.get(&top).copied()
    }

    /// Whether every use of `value`, apart from those by `except`, lies in an op of the block
    /// after `after`.
    fn used_only_after(&self, ctx: &Context, value: Value, after: Op, except: [Op; 2]) -> bool {
        let Some(&start) = self.positions.get(&after) else {
            return false;
        };
        ctx.uses(value).all(|(user, _)| {
            except.contains(&user) || self.position_of(ctx, user).is_some_and(|p| p > start)
        })
    }
}

/// A copy that can go, with the ops around it.
struct Elision {
    copy: Op,
    dealloc: Op,
    src_alloc: Op,
    src: Value,
    dst: Value,
}

fn match_elision(ctx: &Context, within: &BlockOrder<'_>, copy: CopyOp) -> Option<Elision> {
    let (src, dst) = (copy.source(ctx), copy.target(ctx));
    let ty = ctx.value_type(src);
    if src == dst || ty != ctx.value_type(dst) || !is_static_memref(ctx, ty) {
        return None;
    }
    let dealloc = ctx
        .next_op(copy.op())
        .filter(|&d| DeallocOp::of(ctx, d).is_some_and(|d| d.memref(ctx) == src))?;
    let src_alloc = ctx.defining_op(src).filter(|&a| AllocOp::is(ctx, a))?;
    let dst_alloc = ctx.defining_op(dst).filter(|&a| AllocOp::is(ctx, a))?;
    let in_block = |op: Op| ctx.op_parent(op) == Some(within.block);
    if !in_block(src_alloc) || !in_block(dst_alloc) {
        return None;
    }
    let src_used_late = within.used_only_after(ctx, src, dst_alloc, [copy.op(), dealloc]);
    let dst_unused_before = within.used_only_after(ctx, dst, copy.op(), [copy.op(), copy.op()]);
    let elision = Elision {
        copy: copy.op(),
        dealloc,
        src_alloc,
        src,
        dst,
    };
    (src_used_late && dst_unused_before).then_some(elision)
}

fn apply(ctx: &mut Context, elision: Elision) {
    tracing::debug!(copy = ?elision.copy, "copy elided");
    ctx.erase_op(elision.copy);
    ctx.erase_op(elision.dealloc);
    ctx.replace_all_uses_with(elision.src, elision.dst);
    ctx.erase_op(elision.src_alloc);
}
