//! The alias over-approximation of `hlo-deallocate`: a union-find over SSA values, where
//! `union(a, b)` keeps `a`'s leader (as LLVM's `EquivalenceClasses::unionSets` does, which
//! fixes which value leads a retain group). Each class also keeps the program positions at
//! which its members are referenced, merged smaller into larger on union, so that "is this
//! class referenced between here and there" costs a logarithm, not a walk.
//!
//! A class's positions are a sorted list (inline while short) that takes a new position when
//! few positions follow it, and a `BTreeSet` for the others: unions mostly meet classes in
//! program order, so a merged class's positions land at or near the end of the larger list
//! (a set node per position, as a set alone kept them, cost an allocation and a tree descent
//! each), while a position far from the end never shifts a long list.
//!
//! The parent links are a table indexed by value number (values are numbered densely by the
//! context), grown on demand; [`UnionFind::clear`] resets only the entries set since the last
//! clear, so that one table serves many short-lived relations without costing its size each
//! time.

use std::collections::BTreeSet;
use std::ops::RangeInclusive;

use ir::Value;
use smallvec::SmallVec;

/// How many positions a class keeps inline before its list moves to the heap.
const INLINE_POSITIONS: usize = 6;

/// How many positions of the sorted list may follow a new one that joins it (one further
/// from the end goes to the set instead, so that an insertion shifts at most this many).
const NEAR_END: usize = 32;

/// The reference positions of one class: distinct, each in one of the two parts.
#[derive(Default)]
struct Positions {
    /// Sorted.
    sorted: SmallVec<[u32; INLINE_POSITIONS]>,
    /// The positions that would have joined `sorted` far from its end.
    scattered: BTreeSet<u32>,
}

impl Positions {
    fn len(&self) -> usize {
        self.sorted.len() + self.scattered.len()
    }

    fn insert(&mut self, at: u32) {
        let k = self.sorted.partition_point(|&p| p < at);
        if self.sorted.get(k) == Some(&at) || self.scattered.contains(&at) {
            return;
        }
        if self.sorted.len() - k <= NEAR_END {
            self.sorted.insert(k, at);
        } else {
            self.scattered.insert(at);
        }
    }

    /// Moves every position of `other` into `self`.
    fn absorb(&mut self, other: Positions) {
        other.sorted.into_iter().for_each(|at| self.insert(at));
        if !other.scattered.is_empty() {
            other.scattered.into_iter().for_each(|at| self.insert(at));
        }
    }

    fn any_within(&self, within: RangeInclusive<u32>) -> bool {
        let k = self.sorted.partition_point(|&at| at < *within.start());
        self.sorted.get(k).is_some_and(|&at| at <= *within.end())
            || (!self.scattered.is_empty() && self.scattered.range(within).next().is_some())
    }
}

/// No parent: the value leads its class.
const ROOT: u32 = u32::MAX;

/// Disjoint sets of values; a value never seen is its own class.
#[derive(Default)]
pub struct UnionFind {
    /// The parent of each value by number (`ROOT` for a leader).
    parent: Vec<u32>,
    /// The values whose parent was set since the last [`UnionFind::clear`].
    linked: Vec<u32>,
    /// The slot in `positions` of each leader's reference positions, by value number
    /// (`NO_SLOT`: none noted).
    slot: Vec<u32>,
    /// The reference positions of classes (a merged-away class leaves an empty set).
    positions: Vec<Positions>,
    /// The values given a slot since the last [`UnionFind::clear`].
    slotted: Vec<u32>,
}

/// No reference positions.
const NO_SLOT: u32 = u32::MAX;

impl UnionFind {
    fn parent_of(&self, v: u32) -> u32 {
        self.parent.get(v as usize).copied().unwrap_or(ROOT)
    }

    fn slot_of(&self, leader: Value) -> Option<usize> {
        let slot = *self.slot.get(leader.as_u32() as usize)?;
        (slot != NO_SLOT).then_some(slot as usize)
    }

    fn set_slot(&mut self, leader: Value, slot: u32) {
        let at = leader.as_u32() as usize;
        if at >= self.slot.len() {
            self.slot.resize(at + 1, NO_SLOT);
        }
        self.slot[at] = slot;
        if slot != NO_SLOT {
            self.slotted.push(leader.as_u32());
        }
    }

    /// The leader of `v`'s class (with path halving).
    pub fn find(&mut self, v: Value) -> Value {
        let mut cur = v.as_u32();
        loop {
            let p = self.parent_of(cur);
            if p == ROOT {
                break;
            }
            let grand = self.parent_of(p);
            if grand == ROOT {
                cur = p;
                break;
            }
            self.parent[cur as usize] = grand;
            cur = grand;
        }
        Value::from_u32(cur)
    }

    /// Merges the classes of `a` and `b`; the merged class keeps `a`'s leader.
    pub fn union(&mut self, a: Value, b: Value) {
        let la = self.find(a);
        let lb = self.find(b);
        if la == lb {
            return;
        }
        let slot = lb.as_u32() as usize;
        if slot >= self.parent.len() {
            self.parent.resize(slot + 1, ROOT);
        }
        self.parent[slot] = la.as_u32();
        self.linked.push(lb.as_u32());
        let Some(from) = self.slot_of(lb) else {
            return;
        };
        self.set_slot(lb, NO_SLOT);
        match self.slot_of(la) {
            None => self.set_slot(la, from as u32),
            Some(into) => {
                let mut moved = std::mem::take(&mut self.positions[from]);
                let kept = &mut self.positions[into];
                if kept.len() < moved.len() {
                    std::mem::swap(kept, &mut moved);
                }
                kept.absorb(moved);
            }
        }
    }

    /// Forgets every union and reference, at the cost of what was recorded since the last
    /// clear (the table keeps its size).
    pub fn clear(&mut self) {
        for v in self.linked.drain(..) {
            self.parent[v as usize] = ROOT;
        }
        for v in self.slotted.drain(..) {
            self.slot[v as usize] = NO_SLOT;
        }
        self.positions.clear();
    }

    /// Notes that `v` is referenced at program position `at`.
    pub fn note_reference(&mut self, v: Value, at: u32) {
        let leader = self.find(v);
        let slot = match self.slot_of(leader) {
            Some(slot) => slot,
            None => {
                let slot = self.positions.len();
                self.positions.push(Positions::default());
                self.set_slot(leader, slot as u32);
                slot
            }
        };
        self.positions[slot].insert(at);
    }

    /// Whether a member of `v`'s class is referenced at a position in `within`.
    pub fn referenced_within(&mut self, v: Value, within: RangeInclusive<u32>) -> bool {
        if within.is_empty() {
            return false;
        }
        let leader = self.find(v);
        self.slot_of(leader)
            .is_some_and(|slot| self.positions[slot].any_within(within))
    }

    /// Whether `a` and `b` are in one class.
    pub fn same(&mut self, a: Value, b: Value) -> bool {
        self.find(a) == self.find(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::Context;

    /// `N` distinct values (placeholders of a throwaway context).
    fn values<const N: usize>() -> [Value; N] {
        let mut ctx = Context::new();
        let i1 = ctx.i1_type();
        std::array::from_fn(|_| ctx.create_placeholder(i1))
    }

    #[test]
    fn union_keeps_the_first_leader() {
        let [a, b, c, d] = values();
        let mut uf = UnionFind::default();
        uf.union(a, b);
        uf.union(c, d);
        assert!(uf.same(a, b) && !uf.same(a, c));
        uf.union(d, b);
        assert_eq!(uf.find(a), c);
        assert!(uf.same(a, d));
    }

    #[test]
    fn references_follow_unions() {
        let [a, b, c] = values();
        let mut uf = UnionFind::default();
        uf.note_reference(a, 3);
        uf.note_reference(b, 10);
        uf.note_reference(c, 20);
        assert!(!uf.referenced_within(a, 4..=15));
        uf.union(c, b);
        assert!(!uf.referenced_within(a, 4..=15));
        assert!(uf.referenced_within(c, 4..=15));
        uf.union(a, c);
        assert!(uf.referenced_within(a, 4..=15));
        assert!(uf.referenced_within(b, 0..=3));
        assert!(!uf.referenced_within(b, 21..=30));
    }

    #[test]
    fn positions_outgrowing_the_inline_list_stay_exact() {
        let [a, b, c] = values();
        let mut uf = UnionFind::default();
        for at in (0..40).step_by(4) {
            uf.note_reference(a, at);
        }
        uf.note_reference(b, 2);
        uf.note_reference(b, 41);
        assert!(uf.referenced_within(a, 36..=36) && !uf.referenced_within(a, 37..=39));
        assert!(!uf.referenced_within(a, 41..=41));
        uf.union(b, a);
        assert!(uf.referenced_within(b, 41..=41) && uf.referenced_within(a, 2..=2));
        assert!(!uf.referenced_within(a, 5..=7) && uf.referenced_within(a, 5..=8));
        uf.note_reference(c, 3);
        uf.union(c, b);
        assert!(uf.referenced_within(a, 3..=3) && !uf.referenced_within(a, 42..=99));
    }

    #[test]
    fn positions_far_from_the_end_stay_exact() {
        let [a, b] = values();
        let mut uf = UnionFind::default();
        for at in (100..300).step_by(2) {
            uf.note_reference(a, at);
        }
        for at in [1, 51, 101, 1, 299] {
            uf.note_reference(b, at);
        }
        uf.union(a, b);
        assert!(uf.referenced_within(a, 1..=1) && uf.referenced_within(a, 51..=51));
        assert!(uf.referenced_within(a, 101..=101) && uf.referenced_within(a, 299..=299));
        assert!(!uf.referenced_within(a, 2..=50) && !uf.referenced_within(a, 52..=99));
        assert!(!uf.referenced_within(a, 300..=400) && uf.referenced_within(b, 150..=150));
        uf.note_reference(b, 51);
        uf.note_reference(b, 250);
        assert!(!uf.referenced_within(a, 52..=99));
    }

    #[test]
    fn clear_forgets_unions_and_references() {
        let [a, b, c] = values();
        let mut uf = UnionFind::default();
        uf.note_reference(b, 5);
        uf.union(a, b);
        uf.union(c, a);
        assert!(uf.same(b, c) && uf.referenced_within(c, 5..=5));
        uf.clear();
        assert!(!uf.same(a, b) && !uf.same(a, c));
        assert!(!uf.referenced_within(a, 0..=9) && !uf.referenced_within(b, 0..=9));
        assert!(!uf.referenced_within(c, 0..=9));
        uf.note_reference(c, 7);
        uf.union(b, c);
        assert!(uf.referenced_within(b, 7..=7) && !uf.referenced_within(a, 7..=7));
    }
}
