//! The order in which the pass lists the memrefs it sorts (live-ins and live-outs of blocks):
//! MLIR's `ValueComparator`, block arguments before op results, each in walk order.
//!
//! Every memref of a function gets its sort key once, from the walk of the function made
//! before the pass touched it (the first time the pass sorts two memrefs). The keys are kept in a table by value number over the numbers those memrefs span (the values
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
}

impl Default for ValueOrder {
    fn default() -> Self {
        ValueOrder {
            keys: Keys::Hashed(FxHashMap::default()),
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
        ValueOrder { keys }
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

    /// Keys made from a walk after the pass appended `i1` results and block arguments to its
    /// ops are the keys made before, and memrefs made since have none (the pass numbers the
    /// memrefs only once it first sorts two).
    #[test]
    fn keys_made_late_from_the_walk_are_the_keys_made_before_the_pass() {
        use ir::asm::{ParseOptions, parse_module};
        let src = r#"
func.func @f(%c: i1, %a: memref<2xf32>) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    %b = memref.alloc() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  } else {
    scf.yield %a : memref<2xf32>
  }
  cf.br ^bb1(%r : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  return %x : memref<2xf32>
}
"#;
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "input.mlir", src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("test input does not parse: {}", d.message));
        let walk = ctx.walk_preorder(module)[1..].to_vec();
        let memrefs = |ctx: &Context| -> Vec<Value> {
            let results = walk.iter().flat_map(|&op| ctx.results(op).iter().copied());
            let args = walk
                .iter()
                .flat_map(|&op| ctx.regions(op).iter().copied())
                .flat_map(|region| ctx.blocks(region).collect::<Vec<_>>())
                .flat_map(|block| ctx.block_args(block).to_vec());
            let all: Vec<Value> = results.chain(args).collect();
            all.into_iter()
                .filter(|&v| ctx.type_data(ctx.value_type(v)).is_memref())
                .collect()
        };
        let is_memref = |ctx: &Context, v: Value| ctx.type_data(ctx.value_type(v)).is_memref();
        let before = ValueOrder::number(&ctx, &walk, |v| is_memref(&ctx, v));
        let keys_before: Vec<SortKey> = memrefs(&ctx).iter().map(|&v| before.key(v)).collect();
        assert!(keys_before.iter().all(|key| key.0 < 2) && keys_before.len() == 4);
        let i1 = ctx.i1_type();
        let branching_if = walk[1];
        ctx.append_result(branching_if, i1);
        let join = ctx.blocks(ctx.regions(walk[0])[0]).nth(1).expect("^bb1");
        ctx.add_block_arg(join, i1);
        let made_since = ctx.create_placeholder(ctx.value_type(ctx.results(branching_if)[0]));
        let after = ValueOrder::number(&ctx, &walk, |v| is_memref(&ctx, v));
        let keys_after: Vec<SortKey> = memrefs(&ctx).iter().map(|&v| after.key(v)).collect();
        assert_eq!(keys_after, keys_before);
        assert_eq!(after.key(made_since), (2, 0, made_since.as_u32()));
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
