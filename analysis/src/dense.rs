//! Maps and sets keyed by value, stored by value number instead of hashed when that pays.
//!
//! Value numbers are dense over a context, so a table indexed by them answers a lookup with
//! one or two indexed loads. On large programs the analyses' hash maps cost a cache miss per
//! lookup, and closure walks make millions of them. But value numbers are global to the
//! context: a table for one small function late in a module would span every value before it,
//! and one per function would be quadratic. So each map and set starts hashed and turns into a
//! table once its values fill enough of the numbers up to the largest ([`DENSITY`]). A
//! [`ValueMap`] keeps a 4-byte slot per value number and its entries in a compact list; a
//! [`ValueSet`] is one bit per value number. [`ValueFacts`], a small `Copy` fact per value
//! with a default, is a plain table on the module and hashed under a nest (never turning):
//! one load per question, for the searches that ask of every value they meet.

use cranelift_entity::SecondaryMap;
use fixedbitset::FixedBitSet;
use ir::{Context, Op, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// A map or set turns into a table once it holds at least one value in `DENSITY` of the
/// numbers up to its largest one (and [`MIN_DENSE`] values).
pub const DENSITY: usize = 16;

/// The fewest values a map or set holds before it may turn into a table.
const MIN_DENSE: usize = 64;

/// Whether `count` values, the largest numbered `max`, fill enough numbers for a table.
fn dense_enough(count: usize, max: u32) -> bool {
    count >= MIN_DENSE && (max as usize) < count.saturating_mul(DENSITY)
}

/// Whether a pass run on `root` sees the whole context (`root` is the outermost op): only
/// then may a table span every value number from the start.
fn spans_context(ctx: &Context, root: Op) -> bool {
    ctx.parent_op(root).is_none()
}

/// Where a [`ValueMap`] finds the index of each value's entry.
#[derive(Clone, Debug)]
enum Slots {
    /// Hashed: the index of each value's entry.
    Hashed(FxHashMap<Value, u32>),
    /// By value number: one more than the index of its entry; 0: no entry.
    Table(SecondaryMap<Value, u32>),
}

/// A map from values to `T`, its entries in a compact list.
#[derive(Clone, Debug)]
pub struct ValueMap<T> {
    slots: Slots,
    entries: Vec<T>,
    /// The largest value number with an entry.
    max: u32,
}

impl<T> Default for ValueMap<T> {
    fn default() -> Self {
        ValueMap {
            slots: Slots::Hashed(FxHashMap::default()),
            entries: Vec::new(),
            max: 0,
        }
    }
}

impl<T> ValueMap<T> {
    /// An empty map for a pass run on `root`: a table by value number over every value of
    /// the context from the start when `root` is the outermost op (the pass sees the whole
    /// module once, and most lookups there are of values the table holds), else hashed until
    /// dense as usual (a table per function spanning every value would be quadratic).
    pub fn for_scope(ctx: &Context, root: Op) -> Self {
        if !spans_context(ctx, root) {
            return Self::default();
        }
        let mut table = SecondaryMap::new();
        table.resize(ctx.value_capacity());
        ValueMap {
            slots: Slots::Table(table),
            entries: Vec::new(),
            max: 0,
        }
    }

    /// Makes room for `additional` more entries: a map whose size its client can tell
    /// beforehand then never moves its entries while it fills (a move copies every entry).
    pub fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
    }

    /// The index of the entry of `v`, if it has one. Inlined: the closure walks and the
    /// origin memos ask it a hundred thousand times on a large function, mostly of a table.
    #[inline]
    fn index(&self, v: Value) -> Option<usize> {
        match &self.slots {
            Slots::Hashed(map) => map.get(&v).map(|&i| i as usize),
            Slots::Table(table) => match table.get(v).copied().unwrap_or(0) {
                0 => None,
                slot => Some(slot as usize - 1),
            },
        }
    }

    /// The entry of `v`, if it has one.
    #[inline]
    pub fn get(&self, v: Value) -> Option<&T> {
        self.index(v).map(|i| &self.entries[i])
    }

    /// Whether `v` has an entry.
    #[inline]
    pub fn contains_key(&self, v: Value) -> bool {
        self.index(v).is_some()
    }

    /// The entry of `v`, made by `make` if it has none yet. Inlined, as [`Self::insert`]:
    /// the view flow links and the simplification's memos call both tens of thousands of
    /// times.
    #[inline]
    pub fn get_or_insert_with(&mut self, v: Value, make: impl FnOnce() -> T) -> &mut T {
        let index = match self.index(v) {
            Some(i) => i,
            None => self.push(v, make()),
        };
        &mut self.entries[index]
    }

    /// Sets the entry of `v` to `value`.
    #[inline]
    pub fn insert(&mut self, v: Value, value: T) {
        match self.index(v) {
            Some(i) => self.entries[i] = value,
            None => {
                self.push(v, value);
            }
        }
    }

    /// Adds an entry for `v`, which has none; its index.
    fn push(&mut self, v: Value, value: T) -> usize {
        let index = self.entries.len();
        self.entries.push(value);
        self.max = self.max.max(v.as_u32());
        match &mut self.slots {
            Slots::Hashed(map) => {
                map.insert(v, index as u32);
                if dense_enough(map.len(), self.max) {
                    self.slots = Slots::Table(to_table(map, self.max));
                }
            }
            Slots::Table(table) => table[v] = index as u32 + 1,
        }
        index
    }
}

/// The table of the hashed slots `map`, whose largest value number is `max`: sized once, not
/// regrown value by value in hash order.
fn to_table(map: &FxHashMap<Value, u32>, max: u32) -> SecondaryMap<Value, u32> {
    let mut table = SecondaryMap::new();
    table.resize(max as usize + 1);
    for (&v, &i) in map {
        table[v] = i + 1;
    }
    table
}

/// A set of values: hashed, then one bit per value number.
#[derive(Clone, Debug, Default)]
pub struct ValueSet {
    members: Members,
}

/// How a [`ValueSet`] holds its values.
#[derive(Clone, Debug)]
enum Members {
    /// Hashed, while few values are in it.
    Hashed(FxHashSet<Value>),
    /// A bit per value number.
    Bits(FixedBitSet),
}

impl Default for Members {
    fn default() -> Self {
        Members::Hashed(FxHashSet::default())
    }
}

impl ValueSet {
    /// An empty set for a pass run on `root`: a bit per value of the context from the start
    /// when `root` is the outermost op (as [`ValueMap::for_scope`]; a bit per value costs
    /// little), else hashed until dense.
    pub fn for_scope(ctx: &Context, root: Op) -> Self {
        if !spans_context(ctx, root) {
            return Self::default();
        }
        ValueSet {
            members: Members::Bits(FixedBitSet::with_capacity(ctx.value_capacity())),
        }
    }

    /// Adds `v`; whether it was not in the set yet. A hashed set checks whether to turn into
    /// bits each time its size reaches a power of two.
    pub fn insert(&mut self, v: Value) -> bool {
        match &mut self.members {
            Members::Hashed(set) => {
                let added = set.insert(v);
                if added && set.len().is_power_of_two() {
                    let max = set.iter().map(|x| x.as_u32()).max().unwrap_or(0);
                    if dense_enough(set.len(), max) {
                        self.members = Members::Bits(to_bits(set, max));
                    }
                }
                added
            }
            Members::Bits(bits) => {
                let index = v.as_u32() as usize;
                if index >= bits.len() {
                    bits.grow((index + 1).max(2 * bits.len()));
                }
                !bits.put(index)
            }
        }
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: Value) -> bool {
        match &self.members {
            Members::Hashed(set) => set.contains(&v),
            Members::Bits(bits) => bits.contains(v.as_u32() as usize),
        }
    }
}

/// The bits of the hashed `set`, whose largest value number is `max`.
fn to_bits(set: &FxHashSet<Value>, max: u32) -> FixedBitSet {
    let mut bits = FixedBitSet::with_capacity(max as usize + 1);
    for v in set {
        bits.insert(v.as_u32() as usize);
    }
    bits
}

/// A `T` per value, `T::default()` for a value never set: a table by value number when the
/// pass runs on the module ([`ValueFacts::for_scope`]), hashed under a `func.func` nest, where
/// a table per function would span every value before it. Unlike [`ValueMap`], it never turns
/// from one into the other and answers a table question with one load: the last-use
/// placement's alias search asks it of every alias of every free, and a [`ValueMap`] there
/// (slot, then entry) cost the placement a few percent more.
pub enum ValueFacts<T> {
    /// By value number, grown on demand.
    Table(Vec<T>),
    /// Hashed.
    Hashed(FxHashMap<Value, T>),
}

impl<T> Default for ValueFacts<T> {
    /// Hashed: right for any scope.
    fn default() -> Self {
        ValueFacts::Hashed(FxHashMap::default())
    }
}

impl<T: Copy + Default> ValueFacts<T> {
    /// Empty facts for a pass run on `root`: a table when `root` is the outermost op.
    pub fn for_scope(ctx: &Context, root: Op) -> Self {
        if spans_context(ctx, root) {
            ValueFacts::Table(Vec::new())
        } else {
            ValueFacts::default()
        }
    }

    /// The fact of `value`.
    #[inline]
    pub fn get(&self, value: Value) -> T {
        match self {
            ValueFacts::Table(table) => table
                .get(value.as_u32() as usize)
                .copied()
                .unwrap_or_default(),
            ValueFacts::Hashed(map) => map.get(&value).copied().unwrap_or_default(),
        }
    }

    /// Sets the fact of `value`; the fact it had.
    #[inline]
    pub fn replace(&mut self, value: Value, fact: T) -> T {
        match self {
            ValueFacts::Table(table) => {
                let index = value.as_u32() as usize;
                if index >= table.len() {
                    grow_facts(table, index);
                }
                std::mem::replace(&mut table[index], fact)
            }
            ValueFacts::Hashed(map) => map.insert(value, fact).unwrap_or_default(),
        }
    }
}

/// Grows `table` to hold `index`, at least doubling it (kept out of line: rare).
#[cold]
fn grow_facts<T: Copy + Default>(table: &mut Vec<T>, index: usize) {
    let len = (index + 1).max(2 * table.len());
    table.resize(len, T::default());
}

#[cfg(test)]
mod tests {
    /// A module holding one function, and that function.
    fn module_and_function(ctx: &mut ir::Context) -> (ir::Op, ir::Op) {
        let src = "func.func @f(%a: index) -> index {\n  return %a : index\n}\n";
        let module = ir::asm::parse_module(ctx, "t.mlir", src, &ir::asm::ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        (module, ctx.walk_preorder(module)[1])
    }

    /// Run on a function inside a module, the map starts hashed; on the module, as a table
    /// over every value; both answer alike.
    #[test]
    fn a_map_for_one_function_of_a_module_starts_hashed() {
        let mut ctx = ir::Context::new();
        let (module, func) = module_and_function(&mut ctx);
        let far = ir::Value::from_u32(100_000);
        let mut for_func = super::ValueMap::for_scope(&ctx, func);
        assert!(matches!(for_func.slots, super::Slots::Hashed(_)));
        for_func.insert(far, 'f');
        assert_eq!(for_func.get(far), Some(&'f'));
        assert_eq!(for_func.get(ir::Value::from_u32(3)), None);
        let mut for_module = super::ValueMap::for_scope(&ctx, module);
        assert!(matches!(for_module.slots, super::Slots::Table(_)));
        for_module.insert(far, 'f');
        assert_eq!(for_module.get(far), Some(&'f'));
        assert_eq!(for_module.get(ir::Value::from_u32(3)), None);
    }

    use super::*;
    use cranelift_entity::EntityRef;

    /// Run on the module, the set starts as bits and grows past the values it was sized for;
    /// on a function, hashed; both answer alike.
    #[test]
    fn a_set_for_the_module_starts_as_bits() {
        let mut ctx = ir::Context::new();
        let (module, func) = module_and_function(&mut ctx);
        let sets = [
            ValueSet::for_scope(&ctx, module),
            ValueSet::for_scope(&ctx, func),
        ];
        assert!(matches!(sets[0].members, Members::Bits(_)));
        assert!(matches!(sets[1].members, Members::Hashed(_)));
        for mut set in sets {
            let (near, far) = (Value::new(0), Value::new(100_000));
            assert!(!set.contains(near) && !set.contains(far));
            assert!(set.insert(far) && set.insert(near) && !set.insert(far));
            assert!(set.contains(near) && set.contains(far) && !set.contains(Value::new(1)));
        }
    }

    #[test]
    fn a_map_keeps_the_last_entry_of_each_value_and_none_of_others() {
        let mut map: ValueMap<u32> = ValueMap::default();
        let (a, b, far) = (Value::new(3), Value::new(0), Value::new(10_000));
        assert!(map.get(a).is_none() && !map.contains_key(far));
        *map.get_or_insert_with(a, || 7) += 1;
        map.insert(far, 1);
        map.insert(far, 2);
        assert_eq!(map.get(a), Some(&8));
        assert_eq!(map.get(far), Some(&2));
        assert!(!map.contains_key(b) && map.get(Value::new(4)).is_none());
        assert_eq!(
            *map.get_or_insert_with(a, || 0),
            8,
            "an entry is not made twice"
        );
    }

    #[test]
    fn a_reserved_map_keeps_its_entries_in_place_while_it_fills() {
        let mut map: ValueMap<u64> = ValueMap::default();
        map.reserve(500);
        map.insert(Value::new(7), 70);
        let first = map.entries.as_ptr();
        for k in 0..499 {
            map.insert(Value::new(1000 + k), k as u64);
        }
        assert_eq!(map.entries.as_ptr(), first, "no entry moved");
        assert_eq!(map.get(Value::new(7)), Some(&70));
        assert_eq!(map.get(Value::new(1498)), Some(&498));
    }

    #[test]
    fn a_set_answers_membership_beyond_its_size() {
        let mut set = ValueSet::default();
        assert!(!set.contains(Value::new(5)));
        assert!(set.insert(Value::new(5)));
        assert!(!set.insert(Value::new(5)));
        assert!(set.insert(Value::new(70_000)));
        assert!(set.contains(Value::new(5)) && set.contains(Value::new(70_000)));
        assert!(!set.contains(Value::new(6)) && !set.contains(Value::new(1 << 20)));
    }

    #[test]
    fn a_map_and_a_set_answer_alike_before_and_after_turning_into_tables() {
        let mut map: ValueMap<usize> = ValueMap::default();
        let mut set = ValueSet::default();
        let numbers: Vec<usize> = (0..300).map(|k| 1000 + 3 * k).chain([5, 90_000]).collect();
        for (k, &n) in numbers.iter().enumerate() {
            map.insert(Value::new(n), k);
            assert!(set.insert(Value::new(n)));
            for (j, &m) in numbers[..=k].iter().enumerate() {
                assert_eq!(
                    map.get(Value::new(m)),
                    Some(&j),
                    "value {m} after {k} insertions"
                );
                assert!(set.contains(Value::new(m)));
            }
            assert!(!map.contains_key(Value::new(1001)) && !set.contains(Value::new(1001)));
        }
        assert!(
            matches!(map.slots, Slots::Table(_)),
            "300 values among 2,000 numbers"
        );
        assert!(matches!(set.members, Members::Bits(_)));
        assert!(!set.insert(Value::new(90_000)));
        *map.get_or_insert_with(Value::new(5), || 0) += 1;
        assert_eq!(map.get(Value::new(5)), Some(&301));
    }

    #[test]
    fn a_few_values_with_large_numbers_stay_hashed() {
        let mut map: ValueMap<u32> = ValueMap::default();
        let mut set = ValueSet::default();
        for k in 0..200 {
            map.insert(Value::new(1_000_000 + 1000 * k), 0);
            set.insert(Value::new(1_000_000 + 1000 * k));
        }
        assert!(matches!(map.slots, Slots::Hashed(_)));
        assert!(matches!(set.members, Members::Hashed(_)));
    }

    #[test]
    fn facts_for_a_function_are_hashed_for_the_module_tabled_and_answer_alike() {
        let mut ctx = ir::Context::new();
        let (module, function) = module_and_function(&mut ctx);
        let (near, far) = (Value::from_u32(3), Value::from_u32(100_000));
        for root in [module, function] {
            let mut facts: ValueFacts<u32> = ValueFacts::for_scope(&ctx, root);
            assert_eq!(matches!(facts, ValueFacts::Table(_)), root == module);
            assert_eq!((facts.get(near), facts.get(far)), (0, 0));
            assert_eq!(facts.replace(far, 7), 0);
            assert_eq!(facts.replace(far, 8), 7);
            assert_eq!((facts.get(near), facts.get(far)), (0, 8));
        }
    }
}
