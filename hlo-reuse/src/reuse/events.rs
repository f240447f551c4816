//! Which ops may allocate or free memory, nested ops included: the events at which the heap
//! and stack peak can change. Every peak argument of the buffer-reuse transformations is made
//! over these summaries.
//!
//! An op with unknown memory effects (a call, an unregistered op, an op of the `deallocation`
//! dialect that declares none) may do both. An op's summary includes everything nested in its
//! regions, whatever its traits say, and one that is an automatic allocation scope also frees
//! what its body allocates.

use ir::{Context, EffectKind, Effects, Op, Traits};
use rustc_hash::FxHashMap;

/// What an op (with everything nested in it) may do to the set of live buffers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Events {
    /// It may allocate a buffer (heap or stack).
    pub alloc: bool,
    /// It may free a buffer.
    pub free: bool,
}

impl Events {
    fn union(self, other: Events) -> Events {
        Events {
            alloc: self.alloc || other.alloc,
            free: self.free || other.free,
        }
    }
}

/// The summaries of ops with regions, filled bottom-up: the driver records an op once its
/// regions are final, so later queries see the transformed body.
#[derive(Default)]
pub(crate) struct EventSummaries {
    nested: FxHashMap<Op, Events>,
}

impl EventSummaries {
    /// The events of `op`: its own effects, plus those recorded for it if it has regions (or,
    /// when nothing is recorded yet, those of its body computed now).
    pub(crate) fn of(&self, ctx: &Context, op: Op) -> Events {
        let own = own_events(ctx, op);
        if ctx.regions(op).is_empty() {
            return own;
        }
        match self.nested.get(&op) {
            Some(&nested) => own.union(nested),
            None => own.union(self.body_events(ctx, op)),
        }
    }

    /// Records the events of the body of `op`, whose nested region ops are recorded already.
    pub(crate) fn record(&mut self, ctx: &Context, op: Op) {
        let body = self.body_events(ctx, op);
        self.nested.insert(op, body);
    }

    /// The events of everything in the regions of `op`; nested region ops not recorded yet
    /// are computed on the way (bounded by an explicit stack, not recursion).
    fn body_events(&self, ctx: &Context, op: Op) -> Events {
        let mut events = Events::default();
        let mut stack = vec![op];
        while let Some(cur) = stack.pop() {
            for &region in ctx.regions(cur) {
                for block in ctx.blocks(region) {
                    for inner in ctx.block_ops(block) {
                        events = events.union(own_events(ctx, inner));
                        match self.nested.get(&inner) {
                            Some(&known) => events = events.union(known),
                            None if !ctx.regions(inner).is_empty() => {
                                if ctx.has_trait(inner, Traits::AUTOMATIC_ALLOCATION_SCOPE) {
                                    events.free = true;
                                }
                                stack.push(inner);
                            }
                            None => {}
                        }
                        if events.alloc && events.free {
                            return events;
                        }
                    }
                }
            }
        }
        if events.alloc && ctx.has_trait(op, Traits::AUTOMATIC_ALLOCATION_SCOPE) {
            events.free = true;
        }
        events
    }
}

/// The events of `op`'s own declared effects.
fn own_events(ctx: &Context, op: Op) -> Events {
    match ctx.memory_effects(op) {
        Effects::Unknown => Events {
            alloc: true,
            free: true,
        },
        Effects::Known(list) => Events {
            alloc: list.iter().any(|e| e.kind == EffectKind::Allocate),
            free: list.iter().any(|e| e.kind == EffectKind::Free),
        },
    }
}
