//! Lower bounds on how many values may be derived from each value of a view flow, to tell
//! cheaply that a forward closure holds more than a limit (for `aliases.rs`).
//!
//! The values derived from `v` include those of its strongly connected component and, for any
//! value `w` derived from it in another component, all those derived from `w`, none of which
//! is in `v`'s component (the components form no cycle). So the size of `v`'s component plus
//! the largest bound of a next component is a lower bound of its forward closure: the longest
//! path of the components, weighted by their sizes. On a chain of loops it is the closure's
//! size. Bounds are capped one past the limit, which is all they need to tell.
//!
//! They are computed on demand by Tarjan's search (iterative), from the values asked about:
//! each value is searched once over all the questions, so all of them cost the graph once.

use analysis::alias::BufferViewFlowAnalysis;
use analysis::dense::ValueFacts;
use ir::{Context, Op, Value};

/// The state of a value not searched yet.
const UNSEEN: u32 = 0;

/// The state of a value whose component is finished: its bound is known.
const FINISHED: u32 = u32::MAX;

/// Bounds of the forward closures of a view flow, found on demand.
pub(crate) struct DerivedBounds<'a> {
    flow: &'a BufferViewFlowAnalysis,
    /// The bounds are capped here, one past the limit.
    cap: u32,
    /// Per value searched: its state ([`FINISHED`], or one more than the visit index of a
    /// value on the search's stack; [`UNSEEN`] when absent), then the low link of a value on
    /// the stack or the bound of a finished one ([`ValueFacts`]: by value number on the
    /// module, hashed under a `func.func` nest).
    searched: ValueFacts<(u32, u32)>,
    /// How many values the searches have visited.
    visited: u32,
    /// The values of the components not finished, in visit order.
    stack: Vec<Value>,
    /// The search's path: each value with how many of its derived values were looked at.
    frames: Vec<(Value, usize)>,
}

impl<'a> DerivedBounds<'a> {
    /// Bounds over `flow`, telling whether a forward closure holds more than `limit` values,
    /// for a pass run on `root`.
    pub(crate) fn new(
        ctx: &Context,
        root: Op,
        flow: &'a BufferViewFlowAnalysis,
        limit: usize,
    ) -> Self {
        DerivedBounds {
            flow,
            cap: u32::try_from(limit + 1).unwrap_or(u32::MAX - 1),
            searched: ValueFacts::for_scope(ctx, root),
            visited: 0,
            stack: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// Whether more than the limit of values are known to be derived from `value` (its bound
    /// is computed and reaches the cap); `false` when not computed yet.
    pub(crate) fn known_over(&self, value: Value) -> bool {
        let (state, bound) = self.searched.get(value);
        state == FINISHED && bound >= self.cap
    }

    /// Computes the bound of `value` (and of everything derived from it) if not known yet;
    /// whether more than the limit of values are derived from it.
    pub(crate) fn compute_over(&mut self, value: Value) -> bool {
        if self.state_of(value) == UNSEEN {
            self.search_from(value);
        }
        self.known_over(value)
    }

    fn state_of(&self, value: Value) -> u32 {
        self.searched.get(value).0
    }

    /// The low link of `value` (on the stack), or its bound (finished).
    fn low_or_bound(&self, value: Value) -> u32 {
        self.searched.get(value).1
    }

    /// Puts the unseen `value` on the stack and the path.
    fn enter(&mut self, value: Value) {
        self.visited += 1;
        self.searched.replace(value, (self.visited, self.visited));
        self.stack.push(value);
        self.frames.push((value, 0));
    }

    /// Lowers the low link of `value` (on the stack) to `to`.
    fn lower(&mut self, value: Value, to: u32) {
        let (state, low) = self.searched.get(value);
        self.searched.replace(value, (state, low.min(to)));
    }

    /// Tarjan's search from the unseen `root`: finishes the component of every value it
    /// reaches. A derived value seen but not finished is on the stack, in the current
    /// component or one below it on the path.
    fn search_from(&mut self, root: Value) {
        self.enter(root);
        while let Some(&(value, next)) = self.frames.last() {
            if let Some(&derived) = self.flow.derived(value).get(next) {
                if let Some(frame) = self.frames.last_mut() {
                    frame.1 += 1;
                }
                match self.state_of(derived) {
                    UNSEEN => self.enter(derived),
                    FINISHED => {}
                    index => self.lower(value, index),
                }
                continue;
            }
            self.frames.pop();
            let low = self.low_or_bound(value);
            if let Some(&(parent, _)) = self.frames.last() {
                self.lower(parent, low);
            }
            if low == self.state_of(value) {
                self.finish_component(value);
            }
        }
    }

    /// Pops the component whose first visited value is `first` off the stack, giving all its
    /// members their bound: its size plus the largest bound of a next component (all
    /// finished: a derived value on the stack would be in it), capped.
    fn finish_component(&mut self, first: Value) {
        let at = self
            .stack
            .iter()
            .rposition(|&v| v == first)
            .expect("the component's first value is on the stack");
        let members = &self.stack[at..];
        let mut next_largest = 0;
        for &member in members {
            for &derived in self.flow.derived(member) {
                if let (FINISHED, bound) = self.searched.get(derived) {
                    next_largest = next_largest.max(bound);
                }
            }
        }
        let size = u32::try_from(members.len()).unwrap_or(u32::MAX);
        let bound = size.saturating_add(next_largest).min(self.cap);
        for at_member in at..self.stack.len() {
            let member = self.stack[at_member];
            self.searched.replace(member, (FINISHED, bound));
        }
        self.stack.truncate(at);
    }
}
