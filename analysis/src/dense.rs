//! Maps and sets keyed by value, stored by value number instead of hashed.
//!
//! Value numbers are dense over a context, so a table indexed by them answers a lookup with
//! one or two indexed loads. On large programs the analyses' hash maps cost a cache miss per
//! lookup, and closure walks make millions of them. A [`ValueMap`] keeps a 4-byte slot per
//! value number and its entries in a compact list, so that a map holding few of a program's
//! values stays small; a [`ValueSet`] is one bit per value number.

use cranelift_entity::SecondaryMap;
use fixedbitset::FixedBitSet;
use ir::Value;

/// A map from values to `T`: per value number, one more than the index of its entry in a
/// compact list (0: no entry).
#[derive(Clone, Debug)]
pub struct ValueMap<T> {
    slot: SecondaryMap<Value, u32>,
    entries: Vec<T>,
}

impl<T> Default for ValueMap<T> {
    fn default() -> Self {
        ValueMap {
            slot: SecondaryMap::new(),
            entries: Vec::new(),
        }
    }
}

impl<T> ValueMap<T> {
    /// The entry of `v`, if it has one.
    pub fn get(&self, v: Value) -> Option<&T> {
        match self.slot.get(v).copied().unwrap_or(0) {
            0 => None,
            slot => Some(&self.entries[slot as usize - 1]),
        }
    }

    /// Whether `v` has an entry.
    pub fn contains_key(&self, v: Value) -> bool {
        self.slot.get(v).is_some_and(|&slot| slot != 0)
    }

    /// The entry of `v`, made by `make` if it has none yet.
    pub fn get_or_insert_with(&mut self, v: Value, make: impl FnOnce() -> T) -> &mut T {
        let index = match self.slot[v] {
            0 => {
                self.entries.push(make());
                self.slot[v] = self.entries.len() as u32;
                self.entries.len() - 1
            }
            slot => slot as usize - 1,
        };
        &mut self.entries[index]
    }

    /// Sets the entry of `v` to `value`.
    pub fn insert(&mut self, v: Value, value: T) {
        match self.slot[v] {
            0 => {
                self.entries.push(value);
                self.slot[v] = self.entries.len() as u32;
            }
            slot => self.entries[slot as usize - 1] = value,
        }
    }
}

/// A set of values: one bit per value number, grown on insertion.
#[derive(Clone, Debug, Default)]
pub struct ValueSet {
    bits: FixedBitSet,
}

impl ValueSet {
    /// Adds `v`; whether it was not in the set yet.
    pub fn insert(&mut self, v: Value) -> bool {
        let index = v.as_u32() as usize;
        if index >= self.bits.len() {
            self.bits.grow((index + 1).max(2 * self.bits.len()));
        }
        !self.bits.put(index)
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: Value) -> bool {
        self.bits.contains(v.as_u32() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cranelift_entity::EntityRef;

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
        assert_eq!(*map.get_or_insert_with(a, || 0), 8, "an entry is not made twice");
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
}
