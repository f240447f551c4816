//! The memrefs each block may have to free, in the order they came ([`DeallocLists`]).
//!
//! The pass lists the memrefs of the block it visits (its live-ins and arguments, its ops'
//! results) and frees them at that block's terminator, block after block: a list per block,
//! hashed by block, cost more than the rest of the bookkeeping of most memrefs (a hash per
//! memref and an allocation per block). So the list of the block visited is kept apart, its
//! storage reused from one block to the next. A memref listed in another block (a behaviour may
//! track one in any block) goes to a hashed list of that block, which becomes its list when the
//! pass visits it. The list of a block the pass has left is dropped: it has freed under it.

use ir::{Block, Value};
use rustc_hash::FxHashMap;

/// The memrefs blocks may have to free: what a map from block to list would hold, for the
/// block visited and those not visited yet (see the module doc).
#[derive(Debug, Default)]
pub(super) struct DeallocLists {
    /// The block the pass visits.
    visited: Option<Block>,
    /// Its list.
    list: Vec<Value>,
    /// The lists of other blocks.
    elsewhere: FxHashMap<Block, Vec<Value>>,
}

impl DeallocLists {
    /// The pass visits `block` from now on: its list is what was listed in it so far, and the
    /// list of the block visited before is dropped.
    pub(super) fn visit(&mut self, block: Block) {
        self.visited = Some(block);
        self.list.clear();
        if let Some(listed) = self.elsewhere.remove(&block) {
            self.list.extend(listed);
        }
    }

    /// Appends `v` to the list of `block`.
    #[inline]
    pub(super) fn push(&mut self, block: Block, v: Value) {
        if self.visited == Some(block) {
            self.list.push(v);
        } else {
            self.elsewhere.entry(block).or_default().push(v);
        }
    }

    /// The list of `block`.
    #[inline]
    pub(super) fn of(&self, block: Block) -> &[Value] {
        if self.visited == Some(block) {
            &self.list
        } else {
            self.elsewhere.get(&block).map_or(&[], Vec::as_slice)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists answer as a map from block to list for the block visited and the blocks not
    /// visited yet (whose lists it takes over when visited), and forget a block left.
    #[test]
    fn lists_answer_as_a_map_until_their_block_is_left() {
        let blocks = [1, 2, 3].map(Block::from_u32);
        let mut lists = DeallocLists::default();
        let mut expected: FxHashMap<Block, Vec<Value>> = FxHashMap::default();
        let mut number = 0;
        for (k, &visited) in blocks.iter().enumerate() {
            lists.visit(visited);
            // Listed in the block visited, and in the next one (not visited yet).
            for block in [visited, visited, blocks[(k + 1) % 3]] {
                number += 1;
                lists.push(block, Value::from_u32(number));
                expected
                    .entry(block)
                    .or_default()
                    .push(Value::from_u32(number));
            }
            for block in &blocks[k..] {
                let listed = expected.get(block).map_or(&[][..], Vec::as_slice);
                assert_eq!(lists.of(*block), listed, "{block:?} visiting {visited:?}");
            }
        }
        // Left behind: the first block's list went when the second was visited, and what is
        // listed in it now is all its list has.
        assert_eq!(lists.of(blocks[0]), &[Value::from_u32(9)]);
        lists.visit(blocks[1]);
        assert!(lists.of(blocks[1]).is_empty());
    }
}
