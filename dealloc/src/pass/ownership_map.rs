//! The ownership of each memref per block, and whether a block lists it to free
//! ([`OwnershipMap`]).
//!
//! The pass asks for the ownership of a memref in a block a few times per op it handles, and
//! hashing each `(value, block)` was a tenth of its instructions. Most memrefs are recorded in
//! one block only, the one defining them (a live-in or a forwarded value is recorded again in
//! the blocks using it), so the entry of each memref's first block is kept in a table by value
//! number, over the numbers from the function's first value to the last value of the context
//! when the pass starts (the function's values are numbered in that range as the parser made
//! them). The table is made only when that range is at most [`SPAN_PER_OP`] numbers per op of
//! the function (plus [`SPAN_SLACK`]), so it never spans the module for one small function of
//! many. The entries of other blocks, and those of values outside the range (made by the pass,
//! or before the function), are hashed by value and block.

use ir::{Block, Value};
use rustc_hash::FxHashMap;

use crate::ownership::Ownership;

/// How many value numbers the table may span per op of the function (plus [`SPAN_SLACK`]).
pub(super) const SPAN_PER_OP: usize = 8;

/// Value numbers the table may span beyond [`SPAN_PER_OP`] per op.
pub(super) const SPAN_SLACK: usize = 1024;

/// What a block knows of a memref.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) ownership: Ownership,
    /// Whether the block lists the memref to free.
    pub(super) listed: bool,
}

/// The entry of the first block that recorded a memref, in the table.
#[derive(Clone, Copy, Debug)]
struct Home {
    /// The number of that block; [`NO_BLOCK`] while no block recorded the memref.
    block: u32,
    entry: Entry,
}

/// Marks a table slot no block recorded.
const NO_BLOCK: u32 = u32::MAX;

const EMPTY: Home = Home {
    block: NO_BLOCK,
    entry: Entry {
        ownership: Ownership::Uninitialized,
        listed: false,
    },
};

/// The ownership of memrefs per block and the blocks listing them: what a map by
/// `(value, block)` would hold, with no entry meaning `Uninitialized` and not listed.
#[derive(Debug, Default)]
pub(super) struct OwnershipMap {
    /// The value number of `homes[0]`.
    first: u32,
    /// The entry of the first block that recorded each value numbered `first..`.
    homes: Vec<Home>,
    /// The entries of other blocks, and of values outside the table.
    elsewhere: FxHashMap<(Value, Block), Entry>,
}

impl OwnershipMap {
    /// A map with a table over the value numbers `numbers`, if they are at most
    /// [`SPAN_PER_OP`] per op of `ops` (plus [`SPAN_SLACK`]); without a table otherwise, its
    /// hashed entries sized for one per op.
    pub(super) fn over(numbers: std::ops::Range<u32>, ops: usize) -> Self {
        let span = numbers.len();
        if span == 0 || span > ops.saturating_mul(SPAN_PER_OP) + SPAN_SLACK {
            let mut elsewhere = FxHashMap::default();
            elsewhere.reserve(ops);
            return OwnershipMap {
                elsewhere,
                ..Self::default()
            };
        }
        OwnershipMap {
            first: numbers.start,
            homes: vec![EMPTY; span],
            elsewhere: FxHashMap::default(),
        }
    }

    /// Whether the map has a table.
    #[cfg(test)]
    fn has_table(&self) -> bool {
        !self.homes.is_empty()
    }

    /// The entry of `v` in `block`, if one was recorded.
    #[inline]
    pub(super) fn get(&self, v: Value, block: Block) -> Option<&Entry> {
        let slot = v.as_u32().wrapping_sub(self.first) as usize;
        match self.homes.get(slot) {
            Some(home) if home.block == block.as_u32() => Some(&home.entry),
            Some(home) if home.block == NO_BLOCK => None,
            _ => self.elsewhere.get(&(v, block)),
        }
    }

    /// The entry of `v` in `block`, to change (made empty when none was recorded).
    #[inline]
    pub(super) fn entry(&mut self, v: Value, block: Block) -> &mut Entry {
        let slot = v.as_u32().wrapping_sub(self.first) as usize;
        let (homes, elsewhere) = (&mut self.homes, &mut self.elsewhere);
        if let Some(home) = homes.get_mut(slot) {
            if home.block == NO_BLOCK {
                home.block = block.as_u32();
            }
            if home.block == block.as_u32() {
                return &mut home.entry;
            }
        }
        elsewhere.entry((v, block)).or_default()
    }

    /// The ownership of `v` in `block` (`Uninitialized` when none was recorded).
    #[inline]
    pub(super) fn ownership(&self, v: Value, block: Block) -> Ownership {
        self.get(v, block)
            .map_or(Ownership::Uninitialized, |e| e.ownership)
    }

    /// Whether `block` lists `v` to free.
    #[inline]
    pub(super) fn is_listed(&self, v: Value, block: Block) -> bool {
        self.get(v, block).is_some_and(|e| e.listed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map answers as one map by `(value, block)` would, for memrefs recorded in one block
    /// or several (listed in some), inside the table's numbers and outside, and for values
    /// never recorded; and a map without a table answers alike.
    #[test]
    fn answers_as_a_map_by_value_and_block() {
        let blocks = [Block::from_u32(7), Block::from_u32(2), Block::from_u32(40)];
        let with_table = OwnershipMap::over(50..150, 100);
        assert!(with_table.has_table());
        let without_table = OwnershipMap::over(50..5000, 0);
        assert!(!without_table.has_table());
        for mut map in [with_table, without_table] {
            let mut expected: FxHashMap<(Value, Block), Entry> = FxHashMap::default();
            for number in 0..200u32 {
                let v = Value::from_u32(number);
                for (k, &block) in blocks.iter().enumerate().take(1 + number as usize % 3) {
                    let entry = Entry {
                        ownership: match k {
                            1 => Ownership::Unknown,
                            _ => Ownership::Unique(Value::from_u32(1000 + number)),
                        },
                        listed: (number as usize + k).is_multiple_of(2),
                    };
                    *map.entry(v, block) = entry;
                    expected.insert((v, block), entry);
                }
            }
            for number in 0..260u32 {
                let v = Value::from_u32(number);
                for block in blocks {
                    let entry = expected.get(&(v, block));
                    assert_eq!(map.get(v, block), entry, "{number} in {block:?}");
                    let ownership = entry.map_or(Ownership::Uninitialized, |e| e.ownership);
                    assert_eq!(map.ownership(v, block), ownership);
                    assert_eq!(map.is_listed(v, block), entry.is_some_and(|e| e.listed));
                }
            }
        }
    }

    /// A value first recorded in one block keeps that block's entry in the table; another
    /// block's entry for it is its own.
    #[test]
    fn the_first_block_keeps_the_table_entry() {
        let mut map = OwnershipMap::over(0..10, 10);
        let (v, first, other) = (Value::from_u32(5), Block::from_u32(1), Block::from_u32(2));
        map.entry(v, first).listed = true;
        map.entry(v, other).ownership = Ownership::Unknown;
        map.entry(v, first).ownership = Ownership::Unique(Value::from_u32(9));
        assert_eq!(
            map.ownership(v, first),
            Ownership::Unique(Value::from_u32(9))
        );
        assert_eq!(map.ownership(v, other), Ownership::Unknown);
        assert!(map.is_listed(v, first) && !map.is_listed(v, other));
        assert_eq!(map.homes[5].block, first.as_u32());
    }

    /// The table spans at most [`SPAN_PER_OP`] numbers per op plus [`SPAN_SLACK`].
    #[test]
    fn no_table_beyond_the_span_allowed() {
        let ops = 100;
        let most = (ops * SPAN_PER_OP + SPAN_SLACK) as u32;
        assert!(OwnershipMap::over(7..7 + most, ops).has_table());
        assert!(!OwnershipMap::over(7..8 + most, ops).has_table());
        assert!(!OwnershipMap::over(7..7, ops).has_table());
    }
}
