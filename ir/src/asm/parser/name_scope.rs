//! The parser's table of SSA names in sight.
//!
//! Keys are 16 bytes (see [`NameKey`]) and their hash keeps names that differ only in their
//! last digit (`%a1`, `%a2`... `%0`, `%1`..., the common case) in neighbouring buckets:
//! definitions then fill the table in order instead of touching a random cache line each, and
//! uses of recent names find them in lines still in the cache.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::ValueEntry;

#[derive(Default)]
pub(super) struct NameScope<'s> {
    /// Names in sight: the index of each one's result slots in `slots`.
    values: HashMap<NameKey, u32, BuildHasherDefault<NameHasher>>,
    /// The slots of the names (`#0`, `#1`...), each slot empty or holding a value.
    slots: Vec<SmallVec<[Option<ValueEntry>; 1]>>,
    /// Indices in `slots` of names gone out of sight, for reuse.
    free_slots: Vec<u32>,
    /// Names too long for a packed [`NameKey`], numbered in order of appearance.
    long_names: FxHashMap<&'s str, u64>,
    /// Names defined in each open region, removed when the region closes.
    pub(super) region_defs: Vec<Vec<NameKey>>,
}

/// An SSA name (without `%`) as a key of [`NameScope::values`]: 16 bytes, so that the table
/// stays dense and comparing keys never reads the source text (in a large function the name
/// table is far bigger than the cache, and every extra byte or pointer costs misses). A name
/// shorter than 16 bytes, nearly every one, is its bytes with its length in the last byte; a
/// longer one is its number in [`NameScope::long_names`] with `u64::MAX` as second word.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct NameKey(u64, u64);

impl NameKey {
    /// The packed key of a short name, `None` for a long one.
    fn packed(name: &str) -> Option<Self> {
        let bytes = name.as_bytes();
        if bytes.len() >= 16 {
            return None;
        }
        let mut packed = [0u8; 16];
        packed[..bytes.len()].copy_from_slice(bytes);
        packed[15] = bytes.len() as u8;
        let (low, high) = packed.split_at(8);
        let word = |half: &[u8]| u64::from_le_bytes(half.try_into().unwrap_or_default());
        Some(NameKey(word(low), word(high)))
    }
}

impl<'s> NameScope<'s> {
    /// The key of `name`, numbering it if it is long and new.
    pub(super) fn key(&mut self, name: &'s str) -> NameKey {
        if let Some(key) = NameKey::packed(name) {
            return key;
        }
        let next = self.long_names.len() as u64;
        NameKey(*self.long_names.entry(name).or_insert(next), u64::MAX)
    }

    /// The key of `name` if it may be in sight.
    pub(super) fn find_key(&self, name: &str) -> Option<NameKey> {
        NameKey::packed(name).or_else(|| Some(NameKey(*self.long_names.get(name)?, u64::MAX)))
    }

    /// The slots of `name`, if it is in sight.
    pub(super) fn slots(&self, name: &str) -> Option<&SmallVec<[Option<ValueEntry>; 1]>> {
        let index = *self.values.get(&self.find_key(name)?)?;
        self.slots.get(index as usize)
    }

    /// The slots of the name of `key` (see [`NameScope::key`]), brought into sight (empty) if
    /// it is not.
    pub(super) fn slots_mut(&mut self, key: NameKey) -> &mut SmallVec<[Option<ValueEntry>; 1]> {
        let fresh = self.free_slots.last().copied();
        let fresh = fresh.unwrap_or(self.slots.len() as u32);
        let index = *self.values.entry(key).or_insert(fresh) as usize;
        if index == self.slots.len() {
            self.slots.push(SmallVec::new());
        } else if Some(index as u32) == self.free_slots.last().copied() {
            self.free_slots.pop();
        }
        &mut self.slots[index]
    }

    /// Takes the name of `key` out of sight.
    pub(super) fn remove(&mut self, key: NameKey) {
        if let Some(index) = self.values.remove(&key) {
            self.slots[index as usize].clear();
            self.free_slots.push(index);
        }
    }

    /// Takes every name out of sight.
    pub(super) fn clear(&mut self) {
        self.values.clear();
        self.slots.clear();
        self.free_slots.clear();
    }
}

impl Hash for NameKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.locality_hash());
    }
}

/// The top seven bits of a hash: hashbrown's tag, compared before keys.
const TAG_BITS: u64 = 0x7f << 57;

/// Spreads the bits of `x` over the word (a multiply and a rotation, as `FxHash` does).
fn mix(x: u64) -> u64 {
    x.wrapping_mul(0xf135_7aea_2e62_a9c5).rotate_left(26)
}

impl NameKey {
    /// A hash that sends names differing only in their last byte, `%a10`... `%a19` say, to
    /// consecutive buckets (the byte's low four bits), and each such run to buckets chosen by
    /// hashing the rest (longer runs of full buckets would make other keys probe far); the tag
    /// bits hash the whole name, so neighbours rarely share a tag.
    fn locality_hash(self) -> u64 {
        let NameKey(low, high) = self;
        if high == u64::MAX {
            return mix(low ^ mix(high));
        }
        let len = high >> 56;
        let (low, high, last) = match len {
            0 => (low, high, 0),
            1..=8 => {
                let shift = (len - 1) * 8;
                (low & !(0xff << shift), high, (low >> shift) & 0xff)
            }
            _ => {
                let shift = (len - 9) * 8;
                (low, high & !(0xff << shift), (high >> shift) & 0xff)
            }
        };
        let run = mix(mix(low) ^ high);
        let tag = mix(run ^ last) & TAG_BITS;
        (((run << 4) | (last & 15)) & !TAG_BITS) | tag
    }
}

/// Passes on the hash a [`NameKey`] computed (other input is folded in `FxHash`'s way).
#[derive(Default)]
pub(super) struct NameHasher(u64);

impl Hasher for NameHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(name: &str) -> u64 {
        NameKey::packed(name).map_or(0, NameKey::locality_hash)
    }

    #[test]
    fn names_differing_in_a_numeric_suffix_get_consecutive_buckets() {
        let mask = !TAG_BITS;
        assert_eq!(hash("a12") & mask, (hash("a11") & mask) + 1);
        assert_eq!(hash("9") & mask, (hash("7") & mask) + 2);
        assert_eq!(hash("long_name13") & mask, (hash("long_name10") & mask) + 3);
        assert_ne!(hash("a20") & mask, (hash("a19") & mask) + 1);
        assert_ne!(hash("a12") & mask, hash("b12") & mask);
        // The number of digits is part of the name: `%a01` is not `%a1`.
        assert_ne!(hash("a01") & mask, hash("a1") & mask);
    }

    #[test]
    fn neighbours_rarely_share_a_tag() {
        let tags: std::collections::BTreeSet<u64> =
            (0..64).map(|i| hash(&format!("x{i}")) >> 57).collect();
        assert!(tags.len() > 32, "{} tags", tags.len());
    }

    #[test]
    fn the_table_finds_what_it_holds() {
        let mut scope = NameScope::default();
        let names: Vec<String> = (0..300)
            .map(|i| format!("v{i}"))
            .chain((0..40).map(|i| format!("a_rather_long_name_{i}")))
            .collect();
        for (i, name) in names.iter().enumerate() {
            let key = scope.key(name);
            scope.slots_mut(key).push(Some(ValueEntry {
                value: crate::entity::Value::from_u32(i as u32),
                pos: i,
            }));
        }
        for (i, name) in names.iter().enumerate() {
            let slot = scope.slots(name).and_then(|s| s.first().copied().flatten());
            assert_eq!(slot.map(|e| e.pos), Some(i), "{name}");
        }
        let key = scope.key(&names[3]);
        scope.remove(key);
        assert!(scope.slots(&names[3]).is_none());
        assert!(scope.slots("v0").is_some() && scope.slots("w0").is_none());
    }
}
