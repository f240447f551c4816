//! A table by value number, for facts the dealloc simplification computes once per value and
//! then reads on every alias question about it.
//!
//! A lookup is an indexed load (no hashing): the simplification asks hundreds of thousands of
//! questions about the operands of the deallocations, each reading the facts of two values.
//! A table made for the values of a context ([`ByValue::for_values`]) takes its slots at its
//! first entry, all at once, 4 bytes per value number (linear in the program; a table left
//! empty, as on a program without loops, costs nothing), the facts themselves in a compact
//! list; a value created later grows the slots (geometrically).

use ir::Value;

/// A map from values to `T`, one slot per value number.
pub(crate) struct ByValue<T> {
    /// By value number: one more than the index of its entry; 0: no entry.
    slots: Vec<u32>,
    entries: Vec<T>,
    /// How many slots the first entry makes.
    values: usize,
}

impl<T> Default for ByValue<T> {
    fn default() -> Self {
        Self::for_values(0)
    }
}

/// How many values of a context a table expects to hold entries for, at most, one in this
/// many: the room its list of entries starts with (it grows from there as a `Vec` does).
const EXPECTED_SHARE: usize = 4;

impl<T> ByValue<T> {
    /// An empty table whose first entry makes slots for the value numbers below `values` (a
    /// table for the values of a context takes `Context::value_capacity`), so that it does not
    /// grow slot by slot, and room for entries for one value in [`EXPECTED_SHARE`].
    pub(crate) fn for_values(values: usize) -> Self {
        ByValue {
            slots: Vec::new(),
            entries: Vec::new(),
            values,
        }
    }

    /// The entry of `v`, if it has one.
    pub(crate) fn get(&self, v: Value) -> Option<&T> {
        match self.slots.get(v.as_u32() as usize).copied().unwrap_or(0) {
            0 => None,
            slot => Some(&self.entries[slot as usize - 1]),
        }
    }

    /// Sets the entry of `v` to `value`.
    pub(crate) fn insert(&mut self, v: Value, value: T) {
        let number = v.as_u32() as usize;
        if number >= self.slots.len() {
            self.grow_for(number);
        }
        match self.slots[number] {
            0 => {
                self.entries.push(value);
                self.slots[number] = self.entries.len() as u32;
            }
            slot => self.entries[slot as usize - 1] = value,
        }
    }

    /// Makes a slot for the value number `number`: at the first entry, the slots of the
    /// table's values at once (zeroed by the allocator) and the room for its entries;
    /// afterwards at least twice as many slots.
    fn grow_for(&mut self, number: usize) {
        if self.slots.is_empty() {
            self.slots = vec![0; (number + 1).max(self.values)];
            self.entries.reserve(self.values / EXPECTED_SHARE);
        } else {
            let len = (number + 1).max(2 * self.slots.len());
            self.slots.resize(len, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_each_entry_by_its_value() {
        let mut table = ByValue::for_values(8);
        let (a, b, far) = (
            Value::from_u32(3),
            Value::from_u32(0),
            Value::from_u32(1000),
        );
        assert_eq!(table.get(a), None);
        table.insert(a, 'a');
        table.insert(far, 'f');
        table.insert(b, 'b');
        assert_eq!(table.get(a), Some(&'a'));
        assert_eq!(table.get(b), Some(&'b'));
        assert_eq!(table.get(far), Some(&'f'));
        assert_eq!(table.get(Value::from_u32(4)), None);
        assert_eq!(table.get(Value::from_u32(999)), None);
        assert_eq!(table.get(Value::from_u32(5000)), None);
        table.insert(a, 'A');
        assert_eq!(table.get(a), Some(&'A'));
        assert_eq!(table.entries.len(), 3);
    }

    #[test]
    fn an_empty_table_grows_for_any_value() {
        let mut table = ByValue::default();
        table.insert(Value::from_u32(7), 7);
        table.insert(Value::from_u32(2), 2);
        assert_eq!(table.get(Value::from_u32(7)), Some(&7));
        assert_eq!(table.get(Value::from_u32(2)), Some(&2));
        assert_eq!(table.get(Value::from_u32(3)), None);
    }
}
