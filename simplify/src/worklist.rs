//! A generational worklist of ops for the greedy drivers.
//!
//! Ops pushed while a generation is processed form the next generation, each at most once, in
//! the order they were first pushed. A driver's iteration is one generation, so its iteration
//! cap bounds the work even when patterns keep enabling each other.

use ir::Op;
use rustc_hash::FxHashSet;

/// Ops waiting for the next generation.
#[derive(Default)]
pub(crate) struct Worklist {
    pending: Vec<Op>,
    queued: FxHashSet<Op>,
}

impl Worklist {
    /// Queues `op` for the next generation unless it is already queued.
    pub(crate) fn push(&mut self, op: Op) {
        if self.queued.insert(op) {
            self.pending.push(op);
        }
    }

    /// Queues every op of `ops`.
    pub(crate) fn extend(&mut self, ops: impl IntoIterator<Item = Op>) {
        for op in ops {
            self.push(op);
        }
    }

    /// The ops queued so far, in queue order.
    pub(crate) fn pending(&self) -> &[Op] {
        &self.pending
    }

    /// Takes the queued ops as the next generation, leaving the worklist empty.
    pub(crate) fn take_generation(&mut self) -> Vec<Op> {
        self.queued.clear();
        std::mem::take(&mut self.pending)
    }
}
