//! The aliases of a freed buffer, found by bounded walks of the view flow (for `last_use.rs`).
//!
//! The aliases of a buffer are everything derived from anything it may be derived from: its
//! roots (its reverse closure) and their forward closure, together with what is derived from
//! the results of calls an alias is passed to that the callee's summary does not describe.
//! They are a least fixpoint: the same set whatever the order the walks take, and so is
//! whether it holds more than the limit (then the free stays where it is).
//!
//! Each free walks its own roots and aliases, marking the values found in tables indexed by
//! value number: most alias sets are a few dozen values, and a walk costs what it finds. A
//! chain of loops gives every free after its first few hundred values more roots than the
//! limit; walking them each time would cost the limit per free. So the search keeps a fact
//! across frees: a value has *many roots* when its reverse closure holds more than the limit.
//! Everything derived from such a value has all its roots too, so it is marked as well, and
//! a reverse walk reaching a marked value stops: the buffer's aliases hold its roots. A
//! reverse walk that goes over the limit marks the top of the path of single sources it
//! starts with (a freed base buffer comes from its view, which comes from one loop argument,
//! which the whole chain flows into), when it goes far enough to tell: the buffer's roots are
//! that path and the top's roots. Marking follows each edge at most once over all frees, so
//! the search stays linear.

use analysis::alias::BufferViewFlowAnalysis;
use ir::{Context, Value};

/// How long a path of single sources from the freed buffer is followed before the reverse
/// walk branches out: its top is the value marked when the walk goes over the limit, and the
/// walk goes this much farther to tell.
const PATH_LIMIT: usize = 16;

/// A set of values in the order found, with a mark per value number (ids are dense), so that
/// membership costs no hashing and emptying the set costs its size.
#[derive(Default)]
pub(crate) struct MarkedSet {
    members: Vec<Value>,
    marked: Vec<bool>,
}

impl MarkedSet {
    /// Adds `value`; whether it was not in the set yet.
    pub(crate) fn insert(&mut self, value: Value) -> bool {
        let index = value.as_u32() as usize;
        if index >= self.marked.len() {
            let len = (index + 1).max(2 * self.marked.len());
            self.marked.resize(len, false);
        }
        if self.marked[index] {
            return false;
        }
        self.marked[index] = true;
        self.members.push(value);
        true
    }

    /// Whether `value` is in the set.
    pub(crate) fn contains(&self, value: Value) -> bool {
        self.marked
            .get(value.as_u32() as usize)
            .copied()
            .unwrap_or(false)
    }

    /// How many values are in the set.
    pub(crate) fn len(&self) -> usize {
        self.members.len()
    }

    /// The values in the order found.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.members.iter().copied()
    }

    /// Empties the set, keeping its allocations.
    pub(crate) fn clear(&mut self) {
        for value in self.members.drain(..) {
            self.marked[value.as_u32() as usize] = false;
        }
    }
}

/// A flag per value number, never cleared: a fact about the value kept across frees.
#[derive(Default)]
struct Facts {
    flags: Vec<bool>,
}

impl Facts {
    /// Whether `value` is flagged.
    fn holds(&self, value: Value) -> bool {
        self.flags
            .get(value.as_u32() as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Flags `value`; whether it was not flagged yet.
    fn set(&mut self, value: Value) -> bool {
        let index = value.as_u32() as usize;
        if index >= self.flags.len() {
            let len = (index + 1).max(2 * self.flags.len());
            self.flags.resize(len, false);
        }
        !std::mem::replace(&mut self.flags[index], true)
    }
}

/// The search for the aliases of freed buffers over one view flow, keeping its buffers and
/// the facts it learns ([`Facts`]) from one free to the next. The view flow must not change
/// meanwhile (moving frees changes none).
pub(crate) struct AliasSearch<'a> {
    flow: &'a BufferViewFlowAnalysis,
    limit: usize,
    /// The roots of the buffer searched last.
    roots: MarkedSet,
    /// The values still to visit in a walk.
    stack: Vec<Value>,
    /// Values with more roots than the limit; everything derived from one is one too.
    many_roots: Facts,
}

impl<'a> AliasSearch<'a> {
    /// A search over `flow` answering `None` for aliases beyond `limit` values.
    pub(crate) fn new(flow: &'a BufferViewFlowAnalysis, limit: usize) -> Self {
        AliasSearch {
            flow,
            limit,
            roots: MarkedSet::default(),
            stack: Vec::new(),
            many_roots: Facts::default(),
        }
    }

    /// Fills the empty `aliases` with every value that may be `buffer` or a view of it: the
    /// values derived from anything `buffer` may be derived from, plus what is derived from
    /// the results of calls an alias is passed to that the callee's summary does not describe
    /// (they might be it); `None` beyond the limit.
    ///
    /// The walk from the roots adds each value once and stops at the limit.
    pub(crate) fn aliases_of(
        &mut self,
        ctx: &Context,
        buffer: Value,
        aliases: &mut MarkedSet,
    ) -> Option<()> {
        self.find_roots(buffer)?;
        self.stack.clear();
        self.stack.extend(self.roots.iter());
        while let Some(value) = self.stack.pop() {
            if !aliases.insert(value) {
                continue;
            }
            if aliases.len() > self.limit {
                return None;
            }
            self.stack.extend_from_slice(self.flow.derived(value));
            self.push_undescribed_results(ctx, value, aliases);
        }
        Some(())
    }

    /// Pushes the results of the calls `alias` is passed to that the callee's summary does not
    /// describe and that are not aliases yet: what is derived from them may be the buffer.
    fn push_undescribed_results(&mut self, ctx: &Context, alias: Value, aliases: &MarkedSet) {
        for (user, _) in ctx.uses(alias) {
            if ctx.op_def(user).call.is_none() {
                continue;
            }
            for &result in ctx.results(user) {
                if !aliases.contains(result) && may_be_undescribed(ctx, self.flow, result) {
                    self.stack.push(result);
                }
            }
        }
    }

    /// Fills `roots` with `buffer` and everything it may be derived from; `None` beyond the
    /// limit, or at a value known to have more roots than the limit (they would be the
    /// buffer's).
    ///
    /// The walk first follows the path of single sources from `buffer` (at most
    /// [`PATH_LIMIT`] values, not around a cycle): the buffer's roots are that path and the
    /// roots of its top. Past the limit, the walk goes on for the length of the path less
    /// one: if it gets there, the top alone has more roots than the limit and is marked (with
    /// all it derives, among which the buffer); otherwise only the buffer is.
    fn find_roots(&mut self, buffer: Value) -> Option<()> {
        self.roots.clear();
        let top = self.single_source_path(buffer)?;
        let margin = self.roots.len() - 1;
        self.stack.clear();
        self.stack.extend_from_slice(self.flow.sources(top));
        while let Some(value) = self.stack.pop() {
            if self.many_roots.holds(value) {
                return None;
            }
            if !self.roots.insert(value) {
                continue;
            }
            if self.roots.len() > self.limit + margin {
                self.mark_many_roots(top);
                return None;
            }
            self.stack.extend_from_slice(self.flow.sources(value));
        }
        if self.roots.len() > self.limit {
            self.mark_many_roots(buffer);
            return None;
        }
        Some(())
    }

    /// Adds to the empty `roots` the path from `buffer` following single sources, at most
    /// [`PATH_LIMIT`] values, stopping before a value already on it; its last value (the
    /// top). `None` at a value known to have more roots than the limit.
    fn single_source_path(&mut self, buffer: Value) -> Option<Value> {
        let mut top = buffer;
        loop {
            if self.many_roots.holds(top) {
                return None;
            }
            self.roots.insert(top);
            match self.flow.sources(top) {
                &[source] if self.roots.len() < PATH_LIMIT && !self.roots.contains(source) => {
                    top = source;
                }
                _ => return Some(top),
            }
        }
    }

    /// Records that `value` has more roots than the limit, and so does everything derived from
    /// it. The values already marked are not followed: their derived values are marked.
    fn mark_many_roots(&mut self, value: Value) {
        self.stack.clear();
        self.stack.push(value);
        while let Some(v) = self.stack.pop() {
            if self.many_roots.set(v) {
                self.stack.extend_from_slice(self.flow.derived(v));
            }
        }
    }
}

/// Whether the call result `result` may be a buffer its summary does not name: anything but
/// an argument of the call or a fresh allocation.
fn may_be_undescribed(ctx: &Context, flow: &BufferViewFlowAnalysis, result: Value) -> bool {
    analysis::alias::is_buffer(ctx, result)
        && flow.may_be_terminal(result)
        && !flow.is_fresh(result)
}
