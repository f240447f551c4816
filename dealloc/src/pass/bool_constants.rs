//! The `arith.constant true/false` the pass made at the start of each block
//! ([`BoolConstants`]).
//!
//! The pass asks for a block's `true` or `false` several times per op it handles, nearly always
//! in the block it visits, and hashing each `(block, value)` pair cost more than the lookups'
//! answers are worth: the pair of a block is one hashed entry (so a block making both constants
//! is inserted once, and the map sized for the function's blocks never grows), and the pair of
//! the block asked last is kept apart, answered without a hash; it goes into the map only when
//! another block is asked for and it changed since it came out, so a function whose constants
//! are all made in one block (most functions of one block) hashes none.

use ir::{Block, Value};
use rustc_hash::FxHashMap;

/// A block's constants: `false` at index 0, `true` at index 1.
type Pair = [Option<Value>; 2];

/// The `i1` constants made per block: what a map from `(block, value)` to constant would hold
/// (see the module doc).
#[derive(Debug, Default)]
pub(super) struct BoolConstants {
    /// The block asked last, and its pair (in `by_block` too, unless `recent_changed`).
    recent: Option<(Block, Pair)>,
    /// Whether the pair of the block asked last changed since it came out of `by_block`.
    recent_changed: bool,
    by_block: FxHashMap<Block, Pair>,
}

impl BoolConstants {
    /// Room for the constants of `blocks` blocks.
    pub(super) fn reserve(&mut self, blocks: usize) {
        self.by_block.reserve(blocks);
    }

    /// The constant `value` made in `block`, if any.
    #[inline]
    pub(super) fn get(&mut self, block: Block, value: bool) -> Option<Value> {
        self.recent_pair(block)[usize::from(value)]
    }

    /// The pair of `block`, which becomes the block asked last (the pair of the one before
    /// goes into the map if it changed).
    #[inline]
    fn recent_pair(&mut self, block: Block) -> &mut Pair {
        if !matches!(self.recent, Some((recent, _)) if recent == block) {
            if let Some((left, pair)) = self.recent.take()
                && std::mem::take(&mut self.recent_changed)
            {
                self.by_block.insert(left, pair);
            }
            let pair = self.by_block.get(&block).copied().unwrap_or_default();
            self.recent = Some((block, pair));
        }
        let (_, pair) = self.recent.as_mut().expect("the block asked last");
        pair
    }

    /// Which constant `v` is, when it is one of the block asked last: the pass asks what its
    /// indicators are, and they are most often the constants of the block it visits, answered
    /// here without looking at their op.
    #[inline]
    pub(super) fn recent_value(&self, v: Value) -> Option<bool> {
        let (_, pair) = self.recent?;
        match (pair[0] == Some(v), pair[1] == Some(v)) {
            (true, _) => Some(false),
            (_, true) => Some(true),
            _ => None,
        }
    }

    /// Records `constant` as the constant `value` of `block`.
    pub(super) fn insert(&mut self, block: Block, value: bool, constant: Value) {
        self.recent_pair(block)[usize::from(value)] = Some(constant);
        self.recent_changed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever the order of lookups and insertions, over several blocks, the constants answer
    /// as a map keyed by `(block, value)`.
    #[test]
    fn constants_answer_as_a_map_by_block_and_value() {
        let blocks = [0, 1, 2].map(Block::from_u32);
        let mut constants = BoolConstants::default();
        let mut expected: FxHashMap<(Block, bool), Value> = FxHashMap::default();
        let steps = [
            (0, true, Some(10)),
            (0, false, None),
            (1, false, Some(11)),
            (0, false, Some(12)),
            (1, true, None),
            (2, true, Some(13)),
            (1, true, Some(14)),
            (0, true, None),
            (2, false, None),
        ];
        for (b, value, made) in steps {
            let block = blocks[b];
            for &other in &blocks {
                for v in [false, true] {
                    assert_eq!(
                        constants.get(other, v),
                        expected.get(&(other, v)).copied(),
                        "block {other:?}, {v}"
                    );
                }
            }
            assert_eq!(
                constants.get(block, value),
                expected.get(&(block, value)).copied()
            );
            if let Some(n) = made {
                let constant = Value::from_u32(n);
                constants.insert(block, value, constant);
                expected.insert((block, value), constant);
                assert_eq!(constants.get(block, value), Some(constant));
            }
            // The block asked last is `block`: its constants are known by value, no other is.
            for n in 0..20 {
                let v = Value::from_u32(n);
                let of_block = [false, true]
                    .into_iter()
                    .find(|&c| expected.get(&(block, c)) == Some(&v));
                assert_eq!(constants.recent_value(v), of_block, "{v:?}");
            }
        }
    }
}
