//! The order in which the pass lists the memrefs it sorts (live-ins and live-outs of blocks):
//! MLIR's `ValueComparator`, block arguments before op results, each in walk order.
//!
//! Every memref of a function gets its sort key once, before the function is touched. The
//! keys are kept in a table by value number over the numbers those memrefs span (the values
//! of one function are mostly numbered consecutively, as the parser creates them), so that a
//! sort compares keys read with one indexed load; when the numbers are scattered (the table
//! would hold more than [`SPAN_PER_VALUE`] slots per memref), they are hashed instead. Both
//! give every value the same key.

use ir::{Context, Op, Value};
use rustc_hash::FxHashMap;

/// The sort key of a value: `(0, argument position, block number)` for a block argument,
/// `(1, op number, result position)` for an op result (blocks and ops numbered in one count
/// along the walk), `(2, 0, value number)` for a value created after the numbering.
pub(super) type SortKey = (u8, u32, u32);

/// Marks a table slot without a key (no key starts with it).
const ABSENT: SortKey = (u8::MAX, 0, 0);

/// How many value numbers a key table may span per memref numbered (plus [`SLACK`]) before
/// the keys are hashed instead.
const SPAN_PER_VALUE: usize = 4;

/// Value numbers a key table may span beyond [`SPAN_PER_VALUE`] per memref.
const SLACK: usize = 64;

/// Where the keys of the numbered memrefs are kept.
#[derive(Debug)]
enum Keys {
    /// `keys[number - first]` is the key of the value with that number, or [`ABSENT`].
    Table { first: u32, keys: Vec<SortKey> },
    /// The key of each numbered value.
    Hashed(FxHashMap<Value, SortKey>),
}

/// The sort keys of the memrefs of one function.
#[derive(Debug)]
pub(super) struct ValueOrder {
    keys: Keys,
    /// How many memrefs were numbered.
    numbered: usize,
}

impl Default for ValueOrder {
    fn default() -> Self {
        ValueOrder {
            keys: Keys::Hashed(FxHashMap::default()),
            numbered: 0,
        }
    }
}

impl ValueOrder {
    /// Numbers the memrefs of the function whose pre-order walk is `ops`: each op, then each
    /// block of its regions, takes the next number of one count. `is_memref` tells which values
    /// are memrefs.
    pub(super) fn number(ctx: &Context, ops: &[Op], is_memref: impl Fn(Value) -> bool) -> Self {
        let mut counter = 0u32;
        let mut keys = Vec::new();
        for &op in ops {
            counter += 1;
            for (i, &v) in ctx.results(op).iter().enumerate() {
                if is_memref(v) {
                    keys.push((v, (1, counter, i as u32)));
                }
            }
            for &region in ctx.regions(op) {
                for block in ctx.blocks(region) {
                    counter += 1;
                    for (i, &v) in ctx.block_args(block).iter().enumerate() {
                        if is_memref(v) {
                            keys.push((v, (0, i as u32, counter)));
                        }
                    }
                }
            }
        }
        Self::from_keys(keys)
    }

    /// The order giving each value of `keys` its key (a later key of the same value wins).
    fn from_keys(keys: Vec<(Value, SortKey)>) -> Self {
        let numbered = keys.len();
        let numbers = || keys.iter().map(|(v, _)| v.as_u32());
        let (Some(first), Some(last)) = (numbers().min(), numbers().max()) else {
            return Self::default();
        };
        let span = (last - first) as usize + 1;
        let keys = if span > numbered * SPAN_PER_VALUE + SLACK {
            Keys::Hashed(keys.into_iter().collect())
        } else {
            let mut table = vec![ABSENT; span];
            for (v, key) in keys {
                table[(v.as_u32() - first) as usize] = key;
            }
            Keys::Table { first, keys: table }
        };
        ValueOrder { keys, numbered }
    }

    /// How many memrefs were numbered.
    pub(super) fn numbered(&self) -> usize {
        self.numbered
    }

    /// The sort key of `v` (see [`SortKey`]).
    pub(super) fn key(&self, v: Value) -> SortKey {
        let numbered = match &self.keys {
            Keys::Table { first, keys } => keys
                .get(v.as_u32().wrapping_sub(*first) as usize)
                .copied()
                .filter(|&key| key != ABSENT),
            Keys::Hashed(keys) => keys.get(&v).copied(),
        };
        numbered.unwrap_or((2, 0, v.as_u32()))
    }

    /// Sorts `values` by key, keeping the order of values with equal keys.
    pub(super) fn sort(&self, values: &mut [Value]) {
        values.sort_by_key(|&v| self.key(v));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(number: u32) -> Value {
        Value::from_u32(number)
    }

    /// The keys given come back, any other value gets `(2, 0, number)`, whether the keys are
    /// in a table (numbers close together) or hashed (scattered).
    fn check_keys(numbers: &[u32], expect_table: bool) {
        let keys: Vec<(Value, SortKey)> = numbers
            .iter()
            .enumerate()
            .map(|(i, &n)| (value(n), (i as u8 % 2, i as u32, n)))
            .collect();
        let order = ValueOrder::from_keys(keys.clone());
        assert_eq!(matches!(order.keys, Keys::Table { .. }), expect_table);
        assert_eq!(order.numbered(), numbers.len());
        for (v, key) in keys {
            assert_eq!(order.key(v), key);
        }
        let largest = numbers.iter().copied().max().unwrap_or(0);
        for other in (0..largest + 3).filter(|n| !numbers.contains(n)) {
            assert_eq!(order.key(value(other)), (2, 0, other));
        }
    }

    #[test]
    fn keys_of_numbered_values_only() {
        check_keys(&[10, 8, 9, 12], true);
        check_keys(&[5, 4000, 3, 900], false);
        check_keys(&[], false);
    }

    #[test]
    fn sort_puts_arguments_first_then_results_then_new_values() {
        let order = ValueOrder::from_keys(vec![
            (value(3), (1, 2, 0)),
            (value(4), (0, 0, 7)),
            (value(5), (1, 1, 0)),
        ]);
        let mut values = [value(9), value(3), value(5), value(4), value(7)];
        order.sort(&mut values);
        let numbers: Vec<u32> = values.iter().map(|v| v.as_u32()).collect();
        assert_eq!(numbers, [4, 5, 3, 7, 9]);
    }
}
