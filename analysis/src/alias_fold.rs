//! Summaries of whole alias sets in linear time: a value folded over everything derived from
//! each buffer, computed once per strongly connected component of the view-flow graph.
//!
//! Asking `BufferViewFlowAnalysis::resolve` for every allocation costs the size of each alias
//! set, which is quadratic on a chain of loops that thread a buffer through one another (each
//! allocation's set holds every later loop result). When the question is a join of per-value
//! facts (the nearest common dominator of all uses, whether some alias escapes), it can be
//! answered for every value at once: collapse the cycles of the view-flow graph (loops pass
//! buffers back to themselves), then join each component's own facts with those of the
//! components derived from it, in reverse topological order. Each value and edge is visited
//! once, plus one `join` per edge.

use ir::Value;
use rustc_hash::FxHashMap;

use crate::alias::BufferViewFlowAnalysis;

/// For every value reachable from `roots` in the view-flow graph: the join of `local` over
/// the value and everything derived from it.
pub fn fold_over_aliases<T: Clone>(
    aliases: &BufferViewFlowAnalysis,
    roots: impl IntoIterator<Item = Value>,
    mut local: impl FnMut(Value) -> T,
    join: impl Fn(T, T) -> T,
) -> FxHashMap<Value, T> {
    let components = Components::of(aliases, roots);
    let mut summary: Vec<Option<T>> = vec![None; components.members.len()];
    // Tarjan's algorithm emits components in reverse topological order: every component
    // derived from one comes before it.
    for (c, members) in components.members.iter().enumerate() {
        let mut acc: Option<T> = None;
        for &v in members {
            let fact = local(v);
            acc = Some(match acc {
                Some(a) => join(a, fact),
                None => fact,
            });
            for &d in aliases.derived(v) {
                let dc = components.component[&d];
                if dc != c
                    && let Some(s) = summary[dc].clone()
                {
                    acc = acc.map(|a| join(a, s));
                }
            }
        }
        summary[c] = acc;
    }
    components
        .component
        .iter()
        .filter_map(|(&v, &c)| summary[c].clone().map(|s| (v, s)))
        .collect()
}

/// The strongly connected components of the view-flow graph reachable from some roots.
struct Components {
    /// The component of each reached value.
    component: FxHashMap<Value, usize>,
    /// The values of each component, components in reverse topological order.
    members: Vec<Vec<Value>>,
}

/// Tarjan bookkeeping of one value.
#[derive(Clone, Copy)]
struct Visit {
    index: u32,
    low: u32,
    on_stack: bool,
}

impl Components {
    /// Iterative Tarjan over the values reachable from `roots`.
    fn of(aliases: &BufferViewFlowAnalysis, roots: impl IntoIterator<Item = Value>) -> Self {
        let mut visits: FxHashMap<Value, Visit> = FxHashMap::default();
        let mut stack: Vec<Value> = Vec::new();
        let mut out = Components {
            component: FxHashMap::default(),
            members: Vec::new(),
        };
        for root in roots {
            if visits.contains_key(&root) {
                continue;
            }
            // (value, index of the next derived value to look at)
            let mut work: Vec<(Value, usize)> = vec![(root, 0)];
            Self::open(&mut visits, &mut stack, root);
            while let Some(&mut (v, ref mut next)) = work.last_mut() {
                let derived = aliases.derived(v);
                if let Some(&d) = derived.get(*next) {
                    *next += 1;
                    match visits.get(&d).copied() {
                        None => {
                            Self::open(&mut visits, &mut stack, d);
                            work.push((d, 0));
                        }
                        Some(seen) if seen.on_stack => {
                            let low = visits[&v].low.min(seen.index);
                            visits.get_mut(&v).expect("visited").low = low;
                        }
                        Some(_) => {}
                    }
                    continue;
                }
                work.pop();
                let visit = visits[&v];
                if let Some(&(parent, _)) = work.last() {
                    let low = visits[&parent].low.min(visit.low);
                    visits.get_mut(&parent).expect("visited").low = low;
                }
                if visit.low == visit.index {
                    out.close_component(&mut visits, &mut stack, v);
                }
            }
        }
        out
    }

    fn open(visits: &mut FxHashMap<Value, Visit>, stack: &mut Vec<Value>, v: Value) {
        let index = visits.len() as u32;
        visits.insert(
            v,
            Visit {
                index,
                low: index,
                on_stack: true,
            },
        );
        stack.push(v);
    }

    /// Pops the component whose root is `root` off the Tarjan stack.
    fn close_component(
        &mut self,
        visits: &mut FxHashMap<Value, Visit>,
        stack: &mut Vec<Value>,
        root: Value,
    ) {
        let c = self.members.len();
        let mut members = Vec::new();
        while let Some(w) = stack.pop() {
            visits.get_mut(&w).expect("visited").on_stack = false;
            self.component.insert(w, c);
            members.push(w);
            if w == root {
                break;
            }
        }
        self.members.push(members);
    }
}
