//! Bounded reverse closures over a buffer view-flow graph, memoised across queries.
//!
//! The closure of a value is the value and everything it may be derived from. A query answers
//! the closure (sorted by id) when it holds at most `limit` values, and `None` otherwise, the
//! same answer as [`BufferViewFlowAnalysis::resolve_reverse_bounded`]. Closures are computed
//! once per strongly connected component of the reverse graph (Tarjan's algorithm, iterative)
//! as the union of the component and its sources' closures: a value derived from an
//! over-limit one is answered in O(1), and queries sharing a chain of loops walk it once.

use std::rc::Rc;

use analysis::alias::BufferViewFlowAnalysis;
use ir::Value;
use rustc_hash::FxHashMap;

/// A memoised closure: sorted values, or `None` when larger than the limit.
pub(crate) type Closure = Option<Rc<[Value]>>;

/// Closures of the reverse view-flow graph, computed on demand and kept.
pub(crate) struct BoundedClosures<'a> {
    flow: &'a BufferViewFlowAnalysis,
    limit: usize,
    done: FxHashMap<Value, Closure>,
}

/// Tarjan bookkeeping of one search: visit index and low link of the values on the stack.
#[derive(Default)]
struct Search {
    order: FxHashMap<Value, (u32, u32)>,
    stack: Vec<Value>,
    frames: Vec<(Value, usize)>,
}

impl Search {
    fn enter(&mut self, v: Value) {
        let index = self.order.len() as u32;
        self.order.insert(v, (index, index));
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
    /// Closures over `flow`, bounded by `limit` values.
    pub(crate) fn new(flow: &'a BufferViewFlowAnalysis, limit: usize) -> Self {
        BoundedClosures {
            flow,
            limit,
            done: FxHashMap::default(),
        }
    }

    /// The closure of `root` (sorted), or `None` if it holds more than `limit` values.
    pub(crate) fn get(&mut self, root: Value) -> Closure {
        if let Some(known) = self.done.get(&root) {
            return known.clone();
        }
        let mut search = Search::default();
        search.enter(root);
        while let Some(&(v, next)) = search.frames.last() {
            let sources = self.flow.sources(v);
            if let Some(&w) = sources.get(next) {
                if let Some(frame) = search.frames.last_mut() {
                    frame.1 += 1;
                }
                if self.done.contains_key(&w) {
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
                let members = search.stack.split_off(at);
                self.finish_component(&members);
            }
        }
        self.done[&root].clone()
    }

    /// Records the closure of a finished component: its members and the closures of the
    /// components they come from (all finished before it).
    fn finish_component(&mut self, members: &[Value]) {
        let closure = self.union_of(members);
        for &m in members {
            self.done.insert(m, closure.clone());
        }
    }

    fn union_of(&self, members: &[Value]) -> Closure {
        if members.len() > self.limit {
            return None;
        }
        let mut values = members.to_vec();
        for &m in members {
            for w in self.flow.sources(m) {
                // Sources not finished yet are members of this component.
                let Some(known) = self.done.get(w) else {
                    continue;
                };
                values.extend_from_slice(known.as_deref()?);
                if values.len() > 2 * self.limit {
                    values = self.deduplicated(values)?;
                }
            }
        }
        self.deduplicated(values).map(Rc::from)
    }

    /// `values` sorted without duplicates, or `None` if more than the limit remain.
    fn deduplicated(&self, mut values: Vec<Value>) -> Option<Vec<Value>> {
        values.sort_unstable();
        values.dedup();
        (values.len() <= self.limit).then_some(values)
    }
}
