//! Copy elision: a buffer copied whole into a fresh one and freed right after the copy takes
//! the place of its copy (seed 004's form).
//!
//! ```text
//! %dst = memref.alloc() : memref<100xi32>
//! (... uses of %src, none of %dst)            (... uses of %src)
//! memref.copy %src, %dst : ...
//! memref.dealloc %src : memref<100xi32>
//! (... uses of %dst)                          (... the same, using %src)
//! ```
//!
//! `%dst` is an allocation of the copy's block, with no alignment request %src might not meet,
//! used only by ops of that block after the copy; `%src` has the same static type and is freed
//! by the op right after the copy, and its size is known exactly (an allocation, or a loop
//! argument receiving only allocations). `%src` then lives where `%dst` lived after the copy,
//! and `%dst`'s unused life before it disappears: the peak cannot rise.

use ir::dialects::memref::{AllocOp, CopyOp, DeallocOp};
use ir::{Block, Context, Op, OpView, Value};
use rustc_hash::FxHashMap;

use super::buffers::{freed_key, is_static_memref};

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
    dst_alloc: Op,
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
    let dst_alloc = ctx
        .defining_op(dst)
        .and_then(|a| AllocOp::of(ctx, a))
        .filter(|a| ctx.op_parent(a.op()) == Some(within.block))?;
    if !alignment_met(ctx, dst_alloc, src) || freed_key(ctx, src).is_none_or(|k| k.ty != ty) {
        return None;
    }
    within
        .used_only_after(ctx, dst, copy.op(), [copy.op(), copy.op()])
        .then_some(Elision {
            copy: copy.op(),
            dealloc,
            dst_alloc: dst_alloc.op(),
            src,
            dst,
        })
}

/// Whether `src` meets the alignment `dst_alloc` asks for: it asks none, or `src` comes from
/// an allocation asking the same.
fn alignment_met(ctx: &Context, dst_alloc: AllocOp, src: Value) -> bool {
    let Some(wanted) = dst_alloc.alignment(ctx) else {
        return true;
    };
    ctx.defining_op(src)
        .and_then(|op| AllocOp::of(ctx, op))
        .is_some_and(|a| a.alignment(ctx) == Some(wanted))
}

fn apply(ctx: &mut Context, elision: Elision) {
    tracing::debug!(copy = ?elision.copy, "copy elided");
    ctx.erase_op(elision.copy);
    ctx.erase_op(elision.dealloc);
    ctx.replace_all_uses_with(elision.dst, elision.src);
    ctx.erase_op(elision.dst_alloc);
}
