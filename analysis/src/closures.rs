//! Bounded closures over a buffer view-flow graph, memoised across queries.
//!
//! The reverse closure of a value is the value and everything it may be derived from, the
//! forward closure the value and everything that may be derived from it. A query answers the
//! closure (sorted by id) when it holds at most `limit` values, and `None` otherwise: as a set,
//! the same answer as [`BufferViewFlowAnalysis::resolve_reverse_bounded`] (or
//! [`BufferViewFlowAnalysis::resolve_bounded`]). Closures are computed once per strongly
//! connected component of the graph (Tarjan's algorithm, iterative) as the union of the
//! component and its neighbours' closures: a value derived from an over-limit one is answered
//! in O(1), and queries sharing a chain of loops walk it once. The walks reuse their buffers.

use std::rc::Rc;

use crate::alias::BufferViewFlowAnalysis;
use crate::dense::ValueMap;
use ir::{Context, Op, Value};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// How many members a component may have for its closure to be built by inserting them into
/// its single neighbour's closure (each insertion moves the values after it).
const FEW_MEMBERS: usize = 8;

/// The most values a closure of [`BoundedClosures::small_walks_first`] is walked for before
/// the search by components takes over: a walk tests membership by scanning up to
/// [`SMALL_CLOSURE`] values.
const SMALL_WALK: usize = SMALL_CLOSURE;

/// How many walks of [`BoundedClosures::small_walks_first`] may find more than [`SMALL_WALK`]
/// values, beyond a quarter of all, before the walks stop.
const SMALL_WALKS_OVER: usize = 32;

/// How many distinct neighbour closures a component's closure is merged from, at most; past
/// that, they are concatenated and sorted once.
const FEW_NEIGHBOURS: usize = 4;

/// The size up to which a walk's membership test scans the values found so far.
const SMALL_CLOSURE: usize = 32;

/// How many plain walks of [`BoundedClosures::walking`] may go over the limit before the
/// search by components takes over: it costs up to the limit squared per chain of the graph,
/// which many over-limit queries repay and a few do not.
pub const WALKS_BEFORE_COMPONENTS: usize = 64;

/// A memoised closure: sorted values, or `None` when larger than the limit.
pub type Closure = Option<Rc<[Value]>>;

/// Which way a closure follows the view flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// From a value to what it may be derived from ([`BufferViewFlowAnalysis::sources`]).
    Reverse,
    /// From a value to what may be derived from it ([`BufferViewFlowAnalysis::derived`]).
    Forward,
}

impl Direction {
    /// The values one step from `v` this way.
    fn step(self, flow: &BufferViewFlowAnalysis, v: Value) -> &[Value] {
        match self {
            Direction::Reverse => flow.sources(v),
            Direction::Forward => flow.derived(v),
        }
    }
}

/// Closures of the view-flow graph in one direction, computed on demand and kept. The graph
/// must not change while they are kept.
pub struct BoundedClosures<'a> {
    flow: &'a BufferViewFlowAnalysis,
    direction: Direction,
    limit: usize,
    /// How many more walks may go over the limit before the search by components takes over.
    walks_left: usize,
    /// When not 0, each closure is first walked up to this many values, and found by the
    /// search by components only beyond ([`BoundedClosures::small_walks_first`]).
    small_walk: usize,
    /// How many of those walks found their closure, and how many found more values.
    small_walks: (usize, usize),
    done: Known,
    /// The bookkeeping of the last search, emptied, kept for its allocations.
    spare: Search,
    /// The buffers of the plain walks.
    walk: Walk,
}

/// The closures known so far, by value.
#[derive(Default)]
struct Known {
    closures: ValueMap<Closure>,
}

impl Known {
    fn get(&self, v: Value) -> Option<&Closure> {
        self.closures.get(v)
    }

    fn contains(&self, v: Value) -> bool {
        self.closures.contains_key(v)
    }

    /// Whether `v`'s closure is known to hold more than `bound` values (at most the limit:
    /// a closure over the limit is not kept).
    fn is_over(&self, v: Value, bound: usize) -> bool {
        match self.get(v) {
            Some(None) => true,
            Some(Some(closure)) => closure.len() > bound,
            None => false,
        }
    }

    fn insert(&mut self, v: Value, closure: Closure) {
        self.closures.insert(v, closure);
    }
}

/// Tarjan bookkeeping of one search: visit index and low link of the values on the stack.
#[derive(Default)]
struct Search {
    order: FxHashMap<Value, (u32, u32)>,
    /// The keys of `order`, in the order entered.
    entered: Vec<Value>,
    stack: Vec<Value>,
    frames: Vec<(Value, usize)>,
}

impl Search {
    /// Forgets everything, keeping the allocations. Emptying a hash map rewrites its whole
    /// table, as large as the largest search made: after a small search, its entries are
    /// removed one by one instead (many small searches after a large one were quadratic).
    fn clear(&mut self) {
        if self.entered.len() * 8 < self.order.capacity() {
            for v in self.entered.drain(..) {
                self.order.remove(&v);
            }
        } else {
            self.order.clear();
            self.entered.clear();
        }
        self.stack.clear();
        self.frames.clear();
    }

    fn enter(&mut self, v: Value) {
        let index = self.order.len() as u32;
        self.order.insert(v, (index, index));
        self.entered.push(v);
        self.stack.push(v);
        self.frames.push((v, 0));
    }

    fn lower(&mut self, v: Value, to: u32) {
        if let Some(entry) = self.order.get_mut(&v) {
            entry.1 = entry.1.min(to);
        }
    }
}

impl<'a> BoundedClosures<'a> {
    /// Reverse closures over `flow`, bounded by `limit` values, each found by the search by
    /// components (for a client asking for the closure of most values).
    pub fn new(flow: &'a BufferViewFlowAnalysis, limit: usize) -> Self {
        BoundedClosures {
            flow,
            direction: Direction::Reverse,
            limit,
            walks_left: 0,
            small_walk: 0,
            small_walks: (0, 0),
            done: Known::default(),
            spare: Search::default(),
            walk: Walk::default(),
        }
    }

    /// Reverse closures over `flow`, bounded by `limit` values, each found by a plain walk
    /// while it holds at most [`SMALL_WALK`] values, and by the search by components beyond
    /// (for a client asking for the closure of most values, most of them small: the search's
    /// bookkeeping costs more than a short walk, but a long chain of loops is walked once).
    /// Once more than [`SMALL_WALKS_OVER`] walks, and over a quarter of them, have found more
    /// values, every closure is found by the search by components: most are large then.
    pub fn small_walks_first(flow: &'a BufferViewFlowAnalysis, limit: usize) -> Self {
        BoundedClosures {
            small_walk: SMALL_WALK,
            ..Self::new(flow, limit)
        }
    }

    /// These closures kept by value number from the start when `root`, the op the client runs
    /// on, is the module ([`ValueMap::for_scope`]): a search keeps the closure of every value
    /// it reaches, and the values of a module after the ownership pass are numbered in two
    /// runs far apart (parsed, then added), so a hashed memo would stay hashed.
    pub fn in_scope(mut self, ctx: &Context, root: Op) -> Self {
        self.done = Known {
            closures: ValueMap::for_scope(ctx, root),
        };
        self
    }

    /// Closures over `flow` following `direction`, bounded by `limit` values, found by plain
    /// bounded walks until [`WALKS_BEFORE_COMPONENTS`] of them have gone over the limit (for
    /// a client asking for a few closures, or many small ones).
    pub fn walking(flow: &'a BufferViewFlowAnalysis, direction: Direction, limit: usize) -> Self {
        BoundedClosures {
            flow,
            direction,
            limit,
            walks_left: WALKS_BEFORE_COMPONENTS,
            small_walk: 0,
            small_walks: (0, 0),
            done: Known::default(),
            spare: Search::default(),
            walk: Walk::default(),
        }
    }

    /// The values one step from `v` in this direction.
    fn next(&self, v: Value) -> &'a [Value] {
        self.direction.step(self.flow, v)
    }

    /// The closure of `root` (sorted), or `None` if it holds more than `limit` values.
    ///
    /// While walks are left, the closure is found by a plain bounded walk, kept for `root`
    /// alone (a walk reaching a value known to be over the limit stops there). Then the search
    /// by components takes over: it keeps the closure of everything it reaches, so that the
    /// queries of the values reached from an over-limit one stop there, and many large
    /// queries walk the graph once. A few queries thus never walk the whole graph.
    pub fn get(&mut self, root: Value) -> Closure {
        if let Some(known) = self.done.get(root) {
            return known.clone();
        }
        if self.next(root).is_empty() {
            // A value nothing flows from (an allocation, an argument, a base buffer taken for
            // a free) is its own closure: no search.
            let closure: Closure = Some(Rc::from([root]));
            self.done.insert(root, closure.clone());
            return closure;
        }
        if self.next_to_over_limit(root) {
            // Its closure holds that neighbour's: over the limit too, with no search (a value
            // after a long chain of loops, asked once the chain is known).
            self.done.insert(root, None);
            return None;
        }
        if self.small_walk > 0 {
            return self.by_small_walk_or_components(root);
        }
        if self.walks_left == 0 {
            return self.by_components(root);
        }
        let closure: Closure = self.walk_within_limit(root, self.limit).then(|| {
            self.walk.found.sort_unstable();
            Rc::from(&self.walk.found[..])
        });
        if closure.is_none() {
            self.walks_left -= 1;
        }
        self.done.insert(root, closure.clone());
        closure
    }

    /// Whether a value one step from `v` is known to have a closure over the limit.
    fn next_to_over_limit(&self, v: Value) -> bool {
        self.next(v)
            .iter()
            .any(|&w| matches!(self.done.get(w), Some(None)))
    }

    /// Whether the closure of `root` holds at most `limit` values (at most the limit), found
    /// then in discovery order in the walk's buffer; `false` once it holds more, or reaches a
    /// value whose closure is known to (it contains that closure: a walk of a short limit
    /// into a long chain already searched stops at its first step).
    fn walk_within_limit(&mut self, root: Value, limit: usize) -> bool {
        let (flow, direction, done) = (self.flow, self.direction, &self.done);
        self.walk.run(
            root,
            limit,
            |v| direction.step(flow, v),
            |v| done.is_over(v, limit),
        )
    }

    /// [`Self::get`] by a walk of at most [`Self::small_walk`] values (the closure, kept for
    /// `root`), or once the walk finds more, by the search by components.
    fn by_small_walk_or_components(&mut self, root: Value) -> Closure {
        if !self.walk_within_limit(root, self.small_walk.min(self.limit)) {
            let (found, over) = &mut self.small_walks;
            *over += 1;
            if *over > SMALL_WALKS_OVER + *found / 4 {
                self.small_walk = 0;
            }
            return self.by_components(root);
        }
        self.small_walks.0 += 1;
        self.walk.found.sort_unstable();
        let closure: Closure = Some(Rc::from(&self.walk.found[..]));
        self.done.insert(root, closure.clone());
        closure
    }

    /// [`Self::get`] by Tarjan's search from `root`, keeping the closure of every value it
    /// reaches.
    fn by_components(&mut self, root: Value) -> Closure {
        let mut search = std::mem::take(&mut self.spare);
        search.enter(root);
        while let Some(&(v, next)) = search.frames.last() {
            let neighbours = self.next(v);
            if let Some(&w) = neighbours.get(next) {
                if let Some(frame) = search.frames.last_mut() {
                    frame.1 += 1;
                }
                if self.done.contains(w) {
                    continue;
                }
                match search.order.get(&w) {
                    // Not finished and already seen: on the stack, in v's component.
                    Some(&(index, _)) => search.lower(v, index),
                    None => search.enter(w),
                }
                continue;
            }
            search.frames.pop();
            let (index, low) = search.order[&v];
            if let Some(&(parent, _)) = search.frames.last() {
                search.lower(parent, low);
            }
            if index == low {
                let at = search
                    .stack
                    .iter()
                    .rposition(|&x| x == v)
                    .expect("component root on the stack");
                self.finish_component(&search.stack[at..]);
                search.stack.truncate(at);
            }
        }
        search.clear();
        self.spare = search;
        self.done
            .get(root)
            .cloned()
            .expect("the search finishes its root's component")
    }

    /// Records the closure of a finished component: its members and the closures of the
    /// components next to them (all finished before it).
    fn finish_component(&mut self, members: &[Value]) {
        let closure = self.union_of(members);
        for &m in members {
            self.done.insert(m, closure.clone());
        }
    }

    /// The union of the component `members` and the closures of their finished neighbours, or
    /// `None` past the limit. The few members of a component in a chain of loops often reach
    /// one neighbour component only: they are inserted into a copy of its closure (sorted),
    /// with no sort. Otherwise the closures are concatenated and sorted once.
    fn union_of(&self, members: &[Value]) -> Closure {
        if members.len() > self.limit {
            return None;
        }
        if members.len() > FEW_MEMBERS {
            return self.concatenated_union(members);
        }
        let Some(single) = self.single_neighbour_closure(members)? else {
            return self.concatenated_union(members);
        };
        let mut union = Vec::with_capacity(single.len() + members.len());
        union.extend_from_slice(single);
        for &m in members {
            if let Err(at) = union.binary_search(&m) {
                union.insert(at, m);
            }
        }
        (union.len() <= self.limit).then(|| Rc::from(union))
    }

    /// [`Self::union_of`] when the neighbours have several closures: merged one by one into
    /// the sorted members when they are at most [`FEW_NEIGHBOURS`] distinct ones (a component
    /// of an `scf.if` result reaches the closure of each region's yield), else concatenated.
    fn concatenated_union(&self, members: &[Value]) -> Closure {
        let Some(neighbours) = self.few_neighbour_closures(members)? else {
            return self.sorted_concatenation(members);
        };
        let mut union = members.to_vec();
        union.sort_unstable();
        let mut merged = Vec::new();
        for closure in neighbours {
            if !merge_sorted(&union, closure, self.limit, &mut merged) {
                return None;
            }
            std::mem::swap(&mut union, &mut merged);
        }
        Some(Rc::from(union))
    }

    /// The distinct closures of the finished neighbours of the component `members`, when there
    /// are at most [`FEW_NEIGHBOURS`]; `Some(None)` when there are more, `None` when one is
    /// over the limit.
    fn few_neighbour_closures(
        &self,
        members: &[Value],
    ) -> Option<Option<SmallVec<[&[Value]; FEW_NEIGHBOURS]>>> {
        let mut distinct: SmallVec<[&[Value]; FEW_NEIGHBOURS]> = SmallVec::new();
        for &m in members {
            for w in self.next(m) {
                let Some(known) = self.done.get(*w) else {
                    continue;
                };
                let known = known.as_deref()?;
                if distinct.iter().any(|&seen| std::ptr::eq(seen, known)) {
                    continue;
                }
                if distinct.len() == FEW_NEIGHBOURS {
                    return Some(None);
                }
                distinct.push(known);
            }
        }
        Some(Some(distinct))
    }

    /// [`Self::union_of`] by concatenating the members and their neighbours' closures and
    /// sorting the lot.
    fn sorted_concatenation(&self, members: &[Value]) -> Closure {
        let mut union = members.to_vec();
        for &m in members {
            for w in self.next(m) {
                if let Some(known) = self.done.get(*w) {
                    union.extend_from_slice(known.as_deref()?);
                    if union.len() > 2 * self.limit {
                        union = self.deduplicated(union)?;
                    }
                }
            }
        }
        self.deduplicated(union).map(Rc::from)
    }

    /// The one closure all finished neighbours of the component `members` share (empty when
    /// there is no such neighbour); `Some(None)` when they have several, `None` when one is
    /// over the limit. Neighbours not finished yet are members of the component.
    fn single_neighbour_closure(&self, members: &[Value]) -> Option<Option<&[Value]>> {
        let mut single: Option<&[Value]> = None;
        for &m in members {
            for w in self.next(m) {
                let Some(known) = self.done.get(*w) else {
                    continue;
                };
                let known = known.as_deref()?;
                match single {
                    None => single = Some(known),
                    Some(first) if std::ptr::eq(first, known) => {}
                    Some(_) => return Some(None),
                }
            }
        }
        Some(Some(single.unwrap_or(&[])))
    }

    /// `values` sorted without duplicates, or `None` if more than the limit remain.
    fn deduplicated(&self, mut values: Vec<Value>) -> Option<Vec<Value>> {
        values.sort_unstable();
        values.dedup();
        (values.len() <= self.limit).then_some(values)
    }
}

/// Writes into `out` the sorted union of `a` and `b` (each sorted, without duplicates);
/// `false`, leaving `out` partial, once it would hold more than `limit` values.
fn merge_sorted(a: &[Value], b: &[Value], limit: usize, out: &mut Vec<Value>) -> bool {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let next = match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                i += 1;
                a[i - 1]
            }
            std::cmp::Ordering::Greater => {
                j += 1;
                b[j - 1]
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
                a[i - 1]
            }
        };
        out.push(next);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out.len() <= limit
}

/// The values reachable from `root` by `next` (`root` included) in discovery order, or `None`
/// once there are more than `limit` of them or one is `over` (known to reach more).
pub(crate) fn bounded_walk<'g>(
    root: Value,
    limit: usize,
    next: impl Fn(Value) -> &'g [Value],
    over: impl Fn(Value) -> bool,
) -> Option<Vec<Value>> {
    let mut walk = Walk::default();
    walk.run(root, limit, next, over).then_some(walk.found)
}

/// The buffers of a bounded walk, kept from one walk to the next for their allocations.
#[derive(Default)]
struct Walk {
    /// The values found, in discovery order.
    found: Vec<Value>,
    stack: Vec<Value>,
    /// The values found, once there are more than [`SMALL_CLOSURE`].
    large: FxHashSet<Value>,
}

impl Walk {
    /// Finds the values reachable from `root` by `next` (`root` included), in discovery order
    /// in `found`; `false` once there are more than `limit` of them or one is `over` (known to
    /// reach more). Most closures are a few values: membership is a scan of the values found
    /// so far until there are [`SMALL_CLOSURE`] of them, a hash set only beyond.
    fn run<'g>(
        &mut self,
        root: Value,
        limit: usize,
        next: impl Fn(Value) -> &'g [Value],
        over: impl Fn(Value) -> bool,
    ) -> bool {
        self.found.clear();
        self.stack.clear();
        // Emptying a hash set rewrites its whole table: only after a walk that filled it.
        if !self.large.is_empty() {
            self.large.clear();
        }
        let mut is_large = false;
        self.stack.push(root);
        while let Some(v) = self.stack.pop() {
            let known = if is_large {
                self.large.contains(&v)
            } else {
                self.found.contains(&v)
            };
            if known {
                continue;
            }
            if self.found.len() == limit || over(v) {
                return false;
            }
            self.found.push(v);
            if is_large {
                self.large.insert(v);
            } else if self.found.len() == SMALL_CLOSURE && self.found.len() < limit {
                self.large.extend(self.found.iter().copied());
                is_large = true;
            }
            self.stack.extend_from_slice(next(v));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::merge_sorted;
    use cranelift_entity::EntityRef;
    use ir::Value;

    fn values(numbers: &[usize]) -> Vec<Value> {
        numbers.iter().map(|&n| Value::new(n)).collect()
    }

    #[test]
    fn a_merge_is_the_sorted_union_once_each() {
        let mut out = values(&[99]);
        assert!(merge_sorted(
            &values(&[1, 4, 6, 9]),
            &values(&[2, 4, 9, 12, 15]),
            8,
            &mut out
        ));
        assert_eq!(out, values(&[1, 2, 4, 6, 9, 12, 15]));
        assert!(merge_sorted(&[], &values(&[3]), 1, &mut out));
        assert_eq!(out, values(&[3]));
    }

    /// A function of a chain of `n` buffers, two allocations and then `arith.select`s each of
    /// the two before it, and the selects' results in order.
    fn select_chain(n: usize) -> (ir::Context, ir::Op, Vec<Value>) {
        let mut src = String::from(
            "func.func @f(%c: i1) {\n  %v0 = memref.alloc() : memref<2xf32>\n  %v1 = memref.alloc() : memref<2xf32>\n",
        );
        for k in 2..n {
            src.push_str(&format!(
                "  %v{k} = arith.select %c, %v{}, %v{} : memref<2xf32>\n",
                k - 1,
                k - 2
            ));
        }
        src.push_str("  return\n}\n");
        let (ctx, module) = crate::test_support::parsed(&src);
        let values: Vec<Value> = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&op| ctx.op_name_str(op) == "arith.select")
            .map(|op| ctx.results(op)[0])
            .collect();
        (ctx, module, values)
    }

    /// A chain of `arith.select`s: every closure but the first two values' is large, so the
    /// small walks give way to the search by components, which answers alike.
    #[test]
    fn small_walks_stop_once_most_find_more() {
        let (ctx, module, values) = select_chain(200);
        let flow = crate::alias::BufferViewFlowAnalysis::compute(&ctx, module);
        // Queried from the first: past the first thirty, each walk finds more than a small
        // closure (it reaches the previous value, whose closure is known to), until they stop.
        let mut closures = super::BoundedClosures::small_walks_first(&flow, 256);
        for &v in &values {
            let closure = closures.get(v).expect("within the limit");
            assert_eq!(closure.len(), flow.resolve_reverse(v).count());
        }
        assert_eq!(closures.small_walk, 0, "the walks stopped");
        assert!(closures.small_walks.1 > super::SMALL_WALKS_OVER);
    }

    /// A value one step from a value whose closure is known to be over the limit is over it
    /// too, answered with no walk or search; every answer is still the bounded closure's.
    #[test]
    fn next_to_an_over_limit_closure_is_over_at_once() {
        let (ctx, module, values) = select_chain(40);
        let flow = crate::alias::BufferViewFlowAnalysis::compute(&ctx, module);
        let limit = 8;
        let mut closures = super::BoundedClosures::small_walks_first(&flow, limit);
        assert!(closures.get(values[20]).is_none());
        let walks = closures.small_walks;
        assert!(closures.get(values[21]).is_none());
        assert_eq!(closures.small_walks, walks, "no walk for the next value");
        for &v in &values {
            let size = flow.resolve_reverse(v).count();
            let expected = (size <= limit).then_some(size);
            assert_eq!(closures.get(v).map(|closure| closure.len()), expected);
        }
    }

    #[test]
    fn a_merge_past_the_limit_fails() {
        let mut out = Vec::new();
        let (a, b) = (values(&[1, 2, 3]), values(&[3, 4]));
        assert!(merge_sorted(&a, &b, 4, &mut out));
        assert!(!merge_sorted(&a, &b, 3, &mut out));
    }
}
