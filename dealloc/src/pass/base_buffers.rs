//! The base buffers built for the deallocs of one terminator, by freed memref
//! ([`BaseBuffers`]).
//!
//! Both deallocs of a conditional branch free the base buffers of the block's memrefs that
//! neither successor takes over, so the branch builds them once, before either dealloc. A hashed
//! map made per branch cost more than the few lookups it answers: the bases are listed in the
//! order of the block's list of memrefs to free, and each dealloc asks for them in that order
//! (the memrefs it frees are a part of that list, in its order), so a lookup resumes where the
//! last one ended and a dealloc's lookups cross the list once. A value asked out of that order
//! is still found, by a search of the whole list.

use ir::Value;
use smallvec::SmallVec;

/// The base buffer built for each of a few memrefs, in the order they were added.
#[derive(Debug, Default)]
pub(super) struct BaseBuffers(SmallVec<[(Value, Value); 4]>);

impl BaseBuffers {
    /// Records `base` as the base buffer of `value`.
    pub(super) fn insert(&mut self, value: Value, base: Value) {
        self.0.push((value, base));
    }

    /// The base buffer of `value`, if recorded: searched from `cursor` (where the value asked
    /// before was found, plus one), then from the start; `cursor` moves past it.
    pub(super) fn find_from(&self, value: Value, cursor: &mut usize) -> Option<Value> {
        let start = (*cursor).min(self.0.len());
        let is_value = |&(v, _): &(Value, Value)| v == value;
        let found = match self.0[start..].iter().position(is_value) {
            Some(offset) => start + offset,
            None => self.0[..start].iter().position(is_value)?,
        };
        *cursor = found + 1;
        Some(self.0[found].1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// Whatever the order of the lookups (in list order, skipping, backwards, repeated, of
    /// values never recorded), each answers as a map from value to base buffer would.
    #[test]
    fn lookups_answer_as_a_map() {
        let recorded: Vec<u32> = vec![3, 7, 1, 9, 4, 12];
        let mut bases = BaseBuffers::default();
        let mut map = FxHashMap::default();
        for &v in &recorded {
            let (value, base) = (Value::from_u32(v), Value::from_u32(100 + v));
            bases.insert(value, base);
            map.insert(value, base);
        }
        let orders: [&[u32]; 5] = [
            &[3, 7, 1, 9, 4, 12],
            &[7, 9, 12],
            &[12, 4, 9, 1, 7, 3],
            &[1, 1, 5, 1, 3, 0, 12, 12],
            &[],
        ];
        for order in orders {
            let mut cursor = 0;
            for &v in order {
                let value = Value::from_u32(v);
                let found = bases.find_from(value, &mut cursor);
                assert_eq!(found, map.get(&value).copied(), "{v} in {order:?}");
                if found.is_some() {
                    let position = recorded.iter().position(|&r| r == v).unwrap();
                    assert_eq!(cursor, position + 1, "{v} in {order:?}");
                }
            }
        }
        assert_eq!(
            BaseBuffers::default().find_from(Value::from_u32(3), &mut 5),
            None
        );
    }
}
