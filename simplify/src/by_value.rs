//! A table by value number, for facts the dealloc simplification computes once per value and
//! then reads on every alias question about it.
//!
//! A lookup is an indexed load (no hashing): the simplification asks hundreds of thousands of
//! questions about the operands of the deallocations, each reading the facts of two values.
//! A table made for the values of a context ([`ByValue::for_values`]) takes its slots at its
//! first entry, all at once, 4 bytes per value number (linear in the program; a table left
//! empty, as on a program without loops, costs nothing), the facts themselves in a compact
//! list; a value created later grows the slots (geometrically).
//!
//! Value numbers are global to the context, so a table made for a pass run on one function of
//! many (a `func.func(...)` nest) would still span every value of the module, and one per
//! function would make the nest quadratic. [`ByValue::for_scope`] therefore makes the table
//! only when the pass runs on the outermost op, and otherwise keeps the facts in an
//! [`analysis::dense::ValueMap`], hashed until its values are dense enough for a table.

use analysis::dense::ValueMap;
use ir::{Context, Op, Value};

/// A map from values to `T`: one slot per value number, or, for a pass on part of a module,
/// the density-switching map of [`analysis::dense`].
pub(crate) struct ByValue<T> {
    /// By value number: one more than the index of its entry; 0: no entry.
    slots: Vec<u32>,
    entries: Vec<T>,
    /// How many slots the first entry makes.
    values: usize,
    /// The facts when the pass runs on part of a module (then `slots` and `entries` stay
    /// empty).
    scoped: Option<ValueMap<T>>,
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
            scoped: None,
        }
    }

    /// An empty table for a pass run on `root`: by value number over the context's values
    /// when `root` is the outermost op (the pass sees the whole module once), else a
    /// [`ValueMap`] (see the module doc).
    pub(crate) fn for_scope(ctx: &Context, root: Op) -> Self {
        if ctx.parent_op(root).is_none() {
            return Self::for_values(ctx.value_capacity());
        }
        ByValue {
            scoped: Some(ValueMap::default()),
            ..Self::for_values(0)
        }
    }

    /// The entry of `v`, if it has one.
    pub(crate) fn get(&self, v: Value) -> Option<&T> {
        if let Some(map) = &self.scoped {
            return map.get(v);
        }
        match self.slots.get(v.as_u32() as usize).copied().unwrap_or(0) {
            0 => None,
            slot => Some(&self.entries[slot as usize - 1]),
        }
    }

    /// Sets the entry of `v` to `value`.
    pub(crate) fn insert(&mut self, v: Value, value: T) {
        if let Some(map) = &mut self.scoped {
            map.insert(v, value);
            return;
        }
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

    /// Run on a function inside a module, the table is the hashed map: it makes no slot for
    /// the value numbers of the whole context, and answers as the table would.
    #[test]
    fn a_table_for_one_function_of_a_module_is_hashed() {
        let mut ctx = Context::new();
        let src = "func.func @f(%a: index) -> index {\n  return %a : index\n}\n";
        let module =
            ir::asm::parse_module(&mut ctx, "t.mlir", src, &ir::asm::ParseOptions::default())
                .unwrap_or_else(|d| panic!("{}", d.message));
        let func = ctx.walk_preorder(module)[1];
        let far = Value::from_u32(100_000);
        let mut for_func = ByValue::for_scope(&ctx, func);
        for_func.insert(far, 'f');
        assert!(for_func.slots.is_empty() && for_func.entries.is_empty());
        assert_eq!(for_func.get(far), Some(&'f'));
        assert_eq!(for_func.get(Value::from_u32(3)), None);
        let mut for_module = ByValue::for_scope(&ctx, module);
        for_module.insert(far, 'f');
        assert!(for_module.scoped.is_none() && for_module.slots.len() > 100_000);
        assert_eq!(for_module.get(far), Some(&'f'));
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
