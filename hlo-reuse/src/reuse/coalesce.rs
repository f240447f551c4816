//! Dealloc/alloc reuse: a buffer freed in a block serves a later allocation of the same key
//! in that block instead, and both the free and the allocation go.
//!
//! ```text
//! memref.dealloc %a : memref<100xi32>
//! (...)                                       (...)
//! %b = memref.alloc() : memref<100xi32>       // uses of %b use %a
//! ```
//!
//! `%a` now lives over `(...)` as well. That raises no peak as long as every allocation in
//! `(...)` happens while everything live there is still live at `%b`'s allocation: the live
//! buffers only grow between the first allocation and `%b`, so each of those moments holds no
//! more than the original moment of `%b`'s allocation did. So a freed buffer stays available
//! until an op frees something after an op allocated something; the most recently freed
//! buffer of the key is taken. Unlike MLIR-HLO, a later allocation of another key does not
//! stop the search, and reuse across scopes follows from hoisting: an allocation hoisted out
//! of a nested op lands in this block, where the next sweep pairs it.

use ir::dialects::memref::{AllocOp, DeallocOp};
use ir::{Block, Context, Op, OpView, Value};
use rustc_hash::FxHashMap;

use super::buffers::{BufferKey, alloc_key, freed_key};
use super::events::EventSummaries;

/// A freed buffer waiting for an allocation of its key.
#[derive(Clone, Copy)]
struct Freed {
    value: Value,
    dealloc: Op,
    position: usize,
}

/// The freed buffers of one sweep, by key, and the watermark below which they went stale.
#[derive(Default)]
struct Pool {
    by_key: FxHashMap<BufferKey, Vec<Freed>>,
    last_alloc: Option<usize>,
    valid_from: usize,
}

impl Pool {
    /// An op at `position` may allocate.
    fn allocates(&mut self, position: usize) {
        self.last_alloc = Some(position);
    }

    /// An op at `position` may free: buffers freed before the last allocation go stale.
    fn frees(&mut self) {
        if let Some(last) = self.last_alloc {
            self.valid_from = self.valid_from.max(last + 1);
        }
    }

    /// The most recently freed buffer of `key` still usable.
    fn take(&mut self, key: &BufferKey) -> Option<Freed> {
        let list = self.by_key.get_mut(key)?;
        match list.last() {
            Some(f) if f.position >= self.valid_from => list.pop(),
            _ => {
                list.clear();
                None
            }
        }
    }
}

/// Coalesces the dealloc/alloc pairs of `block`; returns whether anything changed.
pub(crate) fn coalesce_block(ctx: &mut Context, events: &EventSummaries, block: Block) -> bool {
    let ops: Vec<Op> = ctx.block_ops(block).collect();
    let mut pool = Pool::default();
    let mut changed = false;
    for (position, &op) in ops.iter().enumerate() {
        if let Some(dealloc) = DeallocOp::of(ctx, op) {
            pool.frees();
            let value = dealloc.memref(ctx);
            if let Some(key) = freed_key(ctx, value) {
                let freed = Freed {
                    value,
                    dealloc: op,
                    position,
                };
                pool.by_key.entry(key).or_default().push(freed);
            }
            continue;
        }
        if let Some(alloc) = AllocOp::of(ctx, op)
            && let Some(key) = alloc_key(ctx, alloc)
            && let Some(freed) = pool.take(&key)
        {
            tracing::debug!(alloc = ?op, reused = ?freed.value, "buffer reused");
            let fresh = alloc.result(ctx);
            ctx.replace_all_uses_with(fresh, freed.value);
            ctx.erase_op(op);
            ctx.erase_op(freed.dealloc);
            changed = true;
            continue;
        }
        let happens = events.of(ctx, op);
        if happens.alloc {
            pool.allocates(position);
        }
        if happens.free {
            pool.frees();
        }
    }
    changed
}
