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
//! each value is searched once over all the questions, so all of them cost the graph once. A
//! search ends as soon as a value on its path derives one known to be over the limit: every
//! value it has not finished is then over too, and the values it has not reached yet are left
//! for a later question (gen.py's while-loops at 8k ops: 2,476 values searched, not 5,655).

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
    /// How many values the context holds: the size of a table by value number, made at the
    /// first search.
    values: usize,
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
            values: ctx.value_capacity(),
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
        self.make_table();
        self.enter(root);
        while let Some(&(value, next)) = self.frames.last() {
            if let Some(&derived) = self.flow.derived(value).get(next) {
                if let Some(frame) = self.frames.last_mut() {
                    frame.1 += 1;
                }
                match self.state_of(derived) {
                    UNSEEN => self.enter(derived),
                    FINISHED if self.known_over(derived) => return self.finish_over(),
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
                if self.known_over(value) && !self.stack.is_empty() {
                    return self.finish_over();
                }
            }
        }
    }

    /// Makes the table by value number, if the facts are one, at its full size at once: zeroed
    /// in one allocation, where growing it on demand would write its entries several times
    /// over (a search on a chain of loops meets values all over the module). Only a pass that
    /// searches pays for it.
    fn make_table(&mut self) {
        if let ValueFacts::Table(table) = &mut self.searched
            && table.is_empty()
        {
            *table = vec![(UNSEEN, 0); self.values];
        }
    }

    /// Ends the search once the value on top of the path derives a value known to derive
    /// more than the limit: every value on the stack reaches it (a value stays on the stack
    /// only while it reaches one on the path, and each value on the path reaches the next),
    /// so all derive more than the limit too, whatever the values not searched yet. They
    /// are finished at the cap; the values not searched stay unseen, for a later search. A
    /// later search meets them finished: a component it finds may then be part of a larger
    /// one, but only when it reaches one of them, and its bound is then the cap, as it should.
    fn finish_over(&mut self) {
        for at in 0..self.stack.len() {
            let value = self.stack[at];
            self.searched.replace(value, (FINISHED, self.cap));
        }
        self.stack.clear();
        self.frames.clear();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{buffers, parsed};

    /// The limit of the bounds checked.
    const LIMIT: usize = 3;

    /// An allocation deriving a chain of `2 * LIMIT` selects, then one select more (derived
    /// from it after the chain, so searched after it).
    fn program() -> String {
        let mut s =
            String::from("func.func @f(%c: i1) {\n  %l0 = memref.alloc() : memref<2xf32>\n");
        for k in 1..=2 * LIMIT {
            let p = k - 1;
            s.push_str(&format!(
                "  %l{k} = arith.select %c, %l{p}, %l{p} : memref<2xf32>\n"
            ));
        }
        s.push_str("  %side = arith.select %c, %l0, %l0 : memref<2xf32>\n  return\n}\n");
        s
    }

    #[test]
    fn a_search_ends_once_its_path_is_over_the_limit_leaving_the_rest_unseen() {
        let (ctx, module) = parsed(&program());
        let flow = BufferViewFlowAnalysis::compute(&ctx, module);
        let values = buffers(&ctx, module);
        let (&start, &side) = (values.first().unwrap(), values.last().unwrap());
        let function = ctx.walk_preorder(module)[1];
        for scope in [module, function] {
            let mut bounds = DerivedBounds::new(&ctx, scope, &flow, LIMIT);
            assert!(bounds.compute_over(start));
            if let ValueFacts::Table(table) = &bounds.searched {
                assert_eq!(table.len(), ctx.value_capacity(), "made at its full size");
            }
            assert_eq!(
                bounds.state_of(side),
                UNSEEN,
                "the side value is left unseen"
            );
            assert!(
                bounds.known_over(values[1]),
                "on the path, finished at the cap"
            );
            for &value in &values {
                let size = flow.resolve(value).count();
                assert_eq!(
                    bounds.compute_over(value),
                    size > LIMIT,
                    "{value:?}: {size}"
                );
            }
        }
    }
}
