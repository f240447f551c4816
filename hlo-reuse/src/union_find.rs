//! The alias over-approximation of `hlo-deallocate`: a union-find over SSA values, where
//! `union(a, b)` keeps `a`'s leader (as LLVM's `EquivalenceClasses::unionSets` does, which
//! fixes which value leads a retain group).

use ir::Value;
use rustc_hash::FxHashMap;

/// Disjoint sets of values; a value never seen is its own class.
#[derive(Default)]
pub struct UnionFind {
    parent: FxHashMap<Value, Value>,
}

impl UnionFind {
    /// The leader of `v`'s class (with path halving).
    pub fn find(&mut self, v: Value) -> Value {
        let mut cur = v;
        while let Some(&p) = self.parent.get(&cur) {
            if p == cur {
                break;
            }
            let grand = self.parent.get(&p).copied().unwrap_or(p);
            self.parent.insert(cur, grand);
            cur = grand;
        }
        cur
    }

    /// Merges the classes of `a` and `b`; the merged class keeps `a`'s leader.
    pub fn union(&mut self, a: Value, b: Value) {
        let la = self.find(a);
        let lb = self.find(b);
        if la != lb {
            self.parent.insert(lb, la);
        }
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

    #[test]
    fn union_keeps_the_first_leader() {
        let mut ctx = Context::new();
        let i1 = ctx.i1_type();
        let [a, b, c, d] = std::array::from_fn(|_| ctx.create_placeholder(i1));
        let mut uf = UnionFind::default();
        uf.union(a, b);
        uf.union(c, d);
        assert!(uf.same(a, b) && !uf.same(a, c));
        uf.union(d, b);
        assert_eq!(uf.find(a), c);
        assert!(uf.same(a, d));
    }
}
