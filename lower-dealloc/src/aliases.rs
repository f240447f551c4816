//! The aliases of a freed buffer, found by bounded walks of the view flow (for `last_use.rs`).
//!
//! The aliases of a buffer are everything derived from anything it may be derived from: its
//! roots (its reverse closure) and their forward closure, together with what is derived from
//! the results of calls an alias is passed to that the callee's summary does not describe.
//! They are a least fixpoint: the same set whatever the order the walks take, and so is
//! whether it holds more than the limit (then the free stays where it is).
//!
//! Each free walks its own roots and aliases, marking the values found ([`MarkedSet`]): most
//! alias sets are a few dozen values, and a walk costs what it finds. A
//! chain of loops gives every free after its first few hundred values more aliases than the
//! limit; walking them each time would cost the limit per free. So the search keeps what it
//! learns across frees:
//!
//! - *too many aliases*: a value's aliases hold more than the limit. The roots of a value
//!   derived from it include its roots, so its aliases include its aliases: it is marked as
//!   well. A freed buffer has the aliases of the top of its path of single sources (a base
//!   buffer comes from its view, which comes from one loop argument), so a free with too many
//!   aliases marks that top and everything derived from it: the later frees of the chain.
//! - *too many derived values*: a lower bound of how many values derive from each value
//!   ([`DerivedBounds`]), computed once a walk from roots goes over the limit.
//!
//! A root with either fact, or an alias with the second, puts the buffer's aliases over the
//! limit: the walk stops there. Marking follows each edge at most once over all frees, and
//! the bounds visit each value once, so the search stays linear.

use crate::derived_bounds::DerivedBounds;
use analysis::alias::BufferViewFlowAnalysis;
use analysis::dense::ValueFacts;
use ir::{Context, Op, Value};

/// How long a path of single sources from the freed buffer is followed to find the value
/// marked when the buffer has too many aliases (a free follows it each time: it stays short).
const PATH_LIMIT: usize = 16;

/// A set of values in the order found, with a mark per value ([`ValueFacts`]: by value number
/// on the module, hashed under a `func.func` nest), so that emptying the set costs its size.
#[derive(Default)]
pub(crate) struct MarkedSet {
    members: Vec<Value>,
    marked: ValueFacts<bool>,
}

impl MarkedSet {
    /// An empty set for a pass run on `root`.
    pub(crate) fn for_scope(ctx: &Context, root: Op) -> Self {
        MarkedSet {
            members: Vec::new(),
            marked: ValueFacts::for_scope(ctx, root),
        }
    }

    /// Adds `value`; whether it was not in the set yet.
    pub(crate) fn insert(&mut self, value: Value) -> bool {
        let added = !self.marked.replace(value, true);
        if added {
            self.members.push(value);
        }
        added
    }

    /// Whether `value` is in the set.
    pub(crate) fn contains(&self, value: Value) -> bool {
        self.marked.get(value)
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
            self.marked.replace(value, false);
        }
    }
}

/// The search for the aliases of freed buffers over one view flow, keeping its buffers and
/// the facts it learns from one free to the next. The view flow must not change meanwhile
/// (moving frees changes none).
pub(crate) struct AliasSearch<'a> {
    flow: &'a BufferViewFlowAnalysis,
    limit: usize,
    /// The roots of the buffer searched last.
    roots: MarkedSet,
    /// The values still to visit in a walk.
    stack: Vec<Value>,
    /// Values with more aliases than the limit; everything derived from one is one too.
    too_many_aliases: ValueFacts<bool>,
    /// Values with more derived values than the limit, computed after a walk from roots
    /// finds more aliases than the limit.
    derived_bounds: DerivedBounds<'a>,
    /// Whether an op of the program may be a call (else no alias is passed to one).
    calls: bool,
}

impl<'a> AliasSearch<'a> {
    /// A search over `flow` answering `None` for aliases beyond `limit` values, for a pass run
    /// on `root`.
    pub(crate) fn new(
        ctx: &Context,
        root: Op,
        flow: &'a BufferViewFlowAnalysis,
        limit: usize,
    ) -> Self {
        AliasSearch {
            flow,
            limit,
            roots: MarkedSet::for_scope(ctx, root),
            stack: Vec::new(),
            too_many_aliases: ValueFacts::for_scope(ctx, root),
            derived_bounds: DerivedBounds::new(ctx, root, flow, limit),
            calls: true,
        }
    }

    /// The search for a program where no op is a call: no alias is passed to one, so the
    /// uses of the aliases are not looked through for calls.
    pub(crate) fn without_calls(mut self) -> Self {
        self.calls = false;
        self
    }

    /// Fills the empty `aliases` with every value that may be `buffer` or a view of it: the
    /// values derived from anything `buffer` may be derived from, plus what is derived from
    /// the results of calls an alias is passed to that the callee's summary does not describe
    /// (they might be it); `None` beyond the limit.
    ///
    /// The buffer's aliases are those of the top of its path of single sources: when they are
    /// too many, the top is marked, with everything derived from it.
    pub(crate) fn aliases_of(
        &mut self,
        ctx: &Context,
        buffer: Value,
        aliases: &mut MarkedSet,
    ) -> Option<()> {
        let top = self.single_source_path(buffer);
        if self.find_roots(top) && self.add_aliases(ctx, aliases) {
            return Some(());
        }
        self.mark_too_many_aliases(top);
        None
    }

    /// Adds to the empty `roots` the path from `buffer` following single sources, at most
    /// [`PATH_LIMIT`] values, stopping before a value already on it; its last value (the
    /// top). The buffer's roots are that path and the top's roots, and the path is derived
    /// from the top: the buffer and the top have the same aliases.
    fn single_source_path(&mut self, buffer: Value) -> Value {
        self.roots.clear();
        let mut top = buffer;
        loop {
            self.roots.insert(top);
            match self.flow.sources(top) {
                &[source] if self.roots.len() < PATH_LIMIT && !self.roots.contains(source) => {
                    top = source;
                }
                _ => return top,
            }
        }
    }

    /// Adds to `roots` (the path from the buffer to `top`) the roots of `top`: whether they
    /// stay within the limit, and none is known to have more aliases or derived values than
    /// the limit (the buffer's aliases hold them).
    fn find_roots(&mut self, top: Value) -> bool {
        if self.roots.iter().any(|value| self.is_known_over(value)) {
            return false;
        }
        self.stack.clear();
        self.stack.extend_from_slice(self.flow.sources(top));
        while let Some(value) = self.stack.pop() {
            if self.is_known_over(value) {
                return false;
            }
            if !self.roots.insert(value) {
                continue;
            }
            if self.roots.len() > self.limit {
                return false;
            }
            self.stack.extend_from_slice(self.flow.sources(value));
        }
        true
    }

    /// Adds to `aliases` what is derived from the roots, with the undescribed call results:
    /// whether they stay within the limit. Each value is added once; the walk stops at a value
    /// known to have more derived values than the limit (all would be aliases). Past the
    /// limit, the bounds of the roots are computed ([`DerivedBounds`]): on a chain of loops
    /// they tell at once that the roots of the later frees derive too many values.
    fn add_aliases(&mut self, ctx: &Context, aliases: &mut MarkedSet) -> bool {
        self.stack.clear();
        self.stack.extend(self.roots.iter());
        while let Some(value) = self.stack.pop() {
            if !aliases.insert(value) {
                continue;
            }
            if self.derived_bounds.known_over(value) {
                return false;
            }
            if aliases.len() > self.limit {
                self.bound_roots();
                return false;
            }
            self.stack.extend_from_slice(self.flow.derived(value));
            if self.calls {
                self.push_undescribed_results(ctx, value, aliases);
            }
        }
        true
    }

    /// Computes the bounds of the roots of the last buffer searched, up to the first one known
    /// to derive more values than the limit.
    fn bound_roots(&mut self) {
        for &root in &self.roots.members {
            if self.derived_bounds.compute_over(root) {
                return;
            }
        }
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

    /// Whether `value` is known to have more aliases or more derived values than the limit:
    /// then so has anything derived from it.
    fn is_known_over(&self, value: Value) -> bool {
        self.too_many_aliases.get(value) || self.derived_bounds.known_over(value)
    }

    /// Records that `value` has more aliases than the limit, and so does everything derived
    /// from it (its roots include the value's). The values already marked are not followed:
    /// their derived values are marked.
    fn mark_too_many_aliases(&mut self, value: Value) {
        self.stack.clear();
        self.stack.push(value);
        while let Some(v) = self.stack.pop() {
            if !self.too_many_aliases.replace(v, true) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{buffers, parsed};
    use ir::Op;
    use std::collections::BTreeSet;

    /// The limit of the searches checked: small enough for chains above and below it.
    const LIMIT: usize = 6;

    /// Chains of `arith.select`s of several lengths around [`LIMIT`] (the shortest joined with
    /// the longest: their join has too many aliases, the shortest's values few), a ladder
    /// (each value selecting between the two before it: values are reached along many paths), a
    /// loop yielding its own argument (a cycle), and a chain past the limit fed by that loop.
    fn program() -> String {
        let mut s = String::from(
            "func.func @f(%c: i1, %n: index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n",
        );
        for (chain, length) in [3, LIMIT, LIMIT + 1, 3 * LIMIT].into_iter().enumerate() {
            s.push_str(&format!(
                "  %ch{chain}_0 = memref.alloc() : memref<2xf32>\n"
            ));
            for k in 1..length {
                let p = k - 1;
                s.push_str(&format!(
                    "  %ch{chain}_{k} = arith.select %c, %ch{chain}_{p}, %ch{chain}_{p} : memref<2xf32>\n"
                ));
            }
        }
        let last = 3 * LIMIT - 1;
        s.push_str(&format!(
            "  %join = arith.select %c, %ch3_{last}, %ch0_2 : memref<2xf32>\n"
        ));
        s.push_str(
            "  %l0 = memref.alloc() : memref<2xf32>\n  %l1 = memref.alloc() : memref<2xf32>\n",
        );
        for k in 2..LIMIT + 3 {
            let (a, b) = (k - 1, k - 2);
            s.push_str(&format!(
                "  %l{k} = arith.select %c, %l{a}, %l{b} : memref<2xf32>\n"
            ));
        }
        s.push_str("  %x = memref.alloc() : memref<2xf32>\n");
        s.push_str(
            "  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (memref<2xf32>) {\n",
        );
        s.push_str("    scf.yield %a : memref<2xf32>\n  }\n");
        s.push_str("  %t0 = arith.select %c, %r, %r : memref<2xf32>\n");
        for k in 1..2 * LIMIT {
            let p = k - 1;
            s.push_str(&format!(
                "  %t{k} = arith.select %c, %t{p}, %t{p} : memref<2xf32>\n"
            ));
        }
        s.push_str("  return\n}\n");
        s
    }

    /// The aliases of `buffer` by unbounded closures (the program has no call), or `None`
    /// past [`LIMIT`].
    fn expected_aliases(flow: &BufferViewFlowAnalysis, buffer: Value) -> Option<BTreeSet<Value>> {
        let aliases: BTreeSet<Value> = flow
            .resolve_reverse(buffer)
            .flat_map(|root| flow.resolve(root))
            .collect();
        (aliases.len() <= LIMIT).then_some(aliases)
    }

    /// The ops a pass may run on in `module`: the module (the search's tables by value
    /// number) and its function (hashed).
    fn scopes(ctx: &Context, module: Op) -> [Op; 2] {
        let function = ctx.walk_preorder(module)[1];
        assert!(ctx.parent_op(function) == Some(module));
        [module, function]
    }

    /// Asks one search for a pass run on `scope` for the aliases of each of `order`, checking
    /// each answer.
    fn check_in_order(ctx: &Context, scope: Op, flow: &BufferViewFlowAnalysis, order: &[Value]) {
        check_search_in_order(
            ctx,
            scope,
            flow,
            order,
            AliasSearch::new(ctx, scope, flow, LIMIT),
        );
        let without_calls = AliasSearch::new(ctx, scope, flow, LIMIT).without_calls();
        check_search_in_order(ctx, scope, flow, order, without_calls);
    }

    /// Asks `search`, for a pass run on `scope`, for the aliases of each of `order`, checking
    /// each answer.
    fn check_search_in_order(
        ctx: &Context,
        scope: Op,
        flow: &BufferViewFlowAnalysis,
        order: &[Value],
        mut search: AliasSearch,
    ) {
        let mut aliases = MarkedSet::for_scope(ctx, scope);
        for &buffer in order {
            aliases.clear();
            let found = search
                .aliases_of(ctx, buffer, &mut aliases)
                .map(|()| aliases.iter().collect::<BTreeSet<Value>>());
            assert_eq!(
                found,
                expected_aliases(flow, buffer),
                "aliases of {buffer:?}"
            );
        }
    }

    #[test]
    fn the_aliases_are_the_closures_whatever_the_order_of_the_frees() {
        let (ctx, module) = parsed(&program());
        let flow = BufferViewFlowAnalysis::compute(&ctx, module);
        let mut order = buffers(&ctx, module);
        let answers: Vec<bool> = order
            .iter()
            .map(|&b| expected_aliases(&flow, b).is_some())
            .collect();
        assert!(answers.contains(&true) && answers.contains(&false));
        for scope in scopes(&ctx, module) {
            check_in_order(&ctx, scope, &flow, &order);
            order.reverse();
            check_in_order(&ctx, scope, &flow, &order);
        }
    }

    #[test]
    fn an_emptied_set_holds_nothing_and_takes_its_values_again() {
        let (ctx, module) = parsed(&program());
        let values = buffers(&ctx, module);
        let (first, second) = values.split_at(values.len() / 2);
        for scope in scopes(&ctx, module) {
            let mut set = MarkedSet::for_scope(&ctx, scope);
            for round in 0..3 {
                for &v in first {
                    assert!(set.insert(v) && !set.insert(v), "round {round}");
                }
                assert!(first.iter().all(|&v| set.contains(v)));
                assert!(!second.iter().any(|&v| set.contains(v)));
                assert_eq!(set.iter().collect::<Vec<Value>>(), first);
                set.clear();
                assert_eq!(set.len(), 0);
                assert!(!values.iter().any(|&v| set.contains(v)));
            }
        }
    }

    #[test]
    fn a_bound_tells_a_forward_closure_over_the_limit_and_none_within() {
        let (ctx, module) = parsed(&program());
        let flow = BufferViewFlowAnalysis::compute(&ctx, module);
        let values = buffers(&ctx, module);
        let sizes: Vec<usize> = values.iter().map(|&v| flow.resolve(v).count()).collect();
        for (limit, scope) in [LIMIT - 1, LIMIT, LIMIT + 1]
            .into_iter()
            .flat_map(|limit| scopes(&ctx, module).map(|scope| (limit, scope)))
        {
            let mut bounds = DerivedBounds::new(&ctx, scope, &flow, limit);
            for (&value, &size) in values.iter().zip(&sizes) {
                let over = bounds.compute_over(value);
                assert!(
                    !over || size > limit,
                    "{value:?}: {size} values, limit {limit}"
                );
            }
            // Chains and ladders: their longest path is their closure.
            let told = values
                .iter()
                .zip(&sizes)
                .filter(|&(&v, &size)| size > limit && bounds.known_over(v));
            let over = sizes.iter().filter(|&&size| size > limit).count();
            assert_eq!(told.count(), over, "limit {limit}");
        }
    }
}
