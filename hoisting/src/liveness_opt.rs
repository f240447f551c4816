//! `optimize-allocation-liveness`: a buffer's existing free moves up to right after the last
//! op of its block that uses the buffer or one of its aliases.
//!
//! Only unconditional frees in the allocation's own block move, and only upwards: a free
//! under an `scf.if`, in another block, or of a buffer with several frees stays; so does one
//! whose buffer has an alias used outside the block (it escapes, through a branch or a view
//! kept elsewhere), and one already before a later use (the program is wrong already; moving
//! the free later would hide it).
//!
//! ```text
//! %a = memref.alloc() : memref<4xf32>       %a = memref.alloc() : memref<4xf32>
//! memref.store %x, %a[%i] : memref<4xf32>   memref.store %x, %a[%i] : memref<4xf32>
//! %b = memref.alloc() : memref<4xf32>       memref.dealloc %a : memref<4xf32>
//! ...                                       %b = memref.alloc() : memref<4xf32>
//! memref.dealloc %a : memref<4xf32>         ...
//! ```

use analysis::alias::BufferViewFlowAnalysis;
use ir::dialects::memref::ExtractAlignedPointerAsIndexOp;
use ir::{Changed, Context, Op, OpView, Traits, TransformResult};

use crate::allocs::heap_allocations;

/// Options of `optimize-allocation-liveness` (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LivenessOptions;

/// Moves each free of a buffer allocated in `root` up to right after the buffer's last use in
/// its block.
pub fn optimize_allocation_liveness(
    ctx: &mut Context,
    root: Op,
    _options: &LivenessOptions,
) -> TransformResult {
    let aliases = BufferViewFlowAnalysis::compute(ctx, root);
    let mut changed = false;
    for allocation in heap_allocations(ctx, root) {
        let Some(dealloc) = allocation.dealloc else {
            continue;
        };
        let Some(last_use) =
            last_use_in_block(ctx, &aliases, allocation.op, allocation.value, dealloc)
        else {
            continue;
        };
        if ctx.next_op(last_use) != Some(dealloc) && ctx.is_before_in_block(last_use, dealloc) {
            tracing::debug!(
                from = %ir::diag::loc_text(ctx, ctx.op_loc(dealloc)),
                after = %ir::diag::loc_text(ctx, ctx.op_loc(last_use)),
                "free moved up to right after the last use of the buffer or an alias"
            );
            ctx.unlink_op(dealloc);
            ctx.insert_op_after(last_use, dealloc);
            changed = true;
        }
    }
    Ok(Changed::from_bool(changed))
}

/// The last op of the allocation's block using `value` or an alias (other than `dealloc`);
/// `None` if the free is elsewhere, an alias is used outside the block, or nothing uses it.
fn last_use_in_block(
    ctx: &Context,
    aliases: &BufferViewFlowAnalysis,
    alloc: Op,
    value: ir::Value,
    dealloc: Op,
) -> Option<Op> {
    let block = ctx.op_parent(alloc)?;
    if ctx.op_parent(dealloc) != Some(block) {
        return None;
    }
    let mut last: Option<Op> = None;
    let mut pointers: Vec<ir::Value> = Vec::new();
    for alias in aliases.resolve(value) {
        for (user, _) in ctx.uses(alias) {
            if user == dealloc {
                continue;
            }
            last = Some(later_use(ctx, block, last, user)?);
            if ExtractAlignedPointerAsIndexOp::is(ctx, user) {
                pointers.extend(ctx.results(user));
            }
        }
    }
    // A buffer's address means "this buffer" only while it lives: once freed, a new
    // allocation may get the same address, so every op computing from the address (the
    // runtime alias checks of a dealloc lowering) counts as a use.
    for user in analysis::alias::address_users(ctx, pointers, usize::MAX)? {
        last = Some(later_use(ctx, block, last, user)?);
    }
    last
}

/// The later of `last` and the ancestor of `user` in `block`; `None` if `user` is outside
/// the block or its ancestor is the terminator (the buffer escapes).
fn later_use(ctx: &Context, block: ir::Block, last: Option<Op>, user: Op) -> Option<Op> {
    let top = ctx.ancestor_in_block(block, user)?;
    if ctx.has_trait(top, Traits::TERMINATOR) {
        return None;
    }
    Some(match last {
        Some(l) if !ctx.is_before_in_block(l, top) => l,
        _ => top,
    })
}
