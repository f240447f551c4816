//! Sets of entity indices that empty in O(1), for verifier state kept across calls.
//!
//! [`crate::verify::ChangeVerifier`] verifies the few ops each pass touched, once per pass and
//! once per function for a pass anchored on functions: a dense table per call, sized by the
//! module, would make a pipeline over many functions quadratic. A [`Marks`] keeps one stamp per
//! index and empties by starting a new generation, so each call costs what it marks. A member
//! may carry a flag, kept in its stamp (the verifier notes there that an op was noted only for
//! a change around it, so that a later note of the op itself is told apart in place).

/// A set of indices (entity ids), emptied by [`Marks::clear`] in O(1), each member with a flag.
pub(crate) struct Marks {
    /// The stamp of the current generation (from 1: a zero stamp is never a member).
    generation: u32,
    /// Per index: twice the generation it was last inserted in, plus its flag.
    stamps: Vec<u32>,
}

impl Default for Marks {
    fn default() -> Self {
        Marks {
            generation: 1,
            stamps: Vec::new(),
        }
    }
}

impl Marks {
    /// Empties the set.
    pub(crate) fn clear(&mut self) {
        self.generation = match self
            .generation
            .checked_add(1)
            .filter(|&g| g <= u32::MAX / 2)
        {
            Some(next) => next,
            None => {
                self.stamps.fill(0);
                1
            }
        };
    }

    /// Adds `index` (unflagged); whether it was not in the set yet.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        self.insert_flagged(index, false).is_none()
    }

    /// Adds `index` with `flag` if it is not in the set yet (`None`); else its flag, which
    /// stays as it was.
    #[inline]
    pub(crate) fn insert_flagged(&mut self, index: usize, flag: bool) -> Option<bool> {
        if self.stamps.len() <= index {
            self.stamps.resize(index + 1, 0);
        }
        let stamp = &mut self.stamps[index];
        if *stamp >> 1 == self.generation {
            return Some(*stamp & 1 == 1);
        }
        *stamp = self.generation << 1 | u32::from(flag);
        None
    }

    /// Clears the flag of `index`, a member.
    #[inline]
    pub(crate) fn unflag(&mut self, index: usize) {
        self.stamps[index] &= !1;
    }

    /// Whether `index` is in the set.
    #[inline]
    pub(crate) fn contains(&self, index: usize) -> bool {
        self.flag(index).is_some()
    }

    /// The flag of `index` if it is in the set.
    #[inline]
    pub(crate) fn flag(&self, index: usize) -> Option<bool> {
        let stamp = *self.stamps.get(index)?;
        (stamp >> 1 == self.generation).then_some(stamp & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::Marks;

    #[test]
    fn clearing_forgets_every_member() {
        let mut marks = Marks::default();
        assert!(marks.insert(3));
        assert!(!marks.insert(3));
        assert!(marks.contains(3) && !marks.contains(2) && !marks.contains(100));
        marks.clear();
        assert!(!marks.contains(3));
        assert!(marks.insert(3));
    }

    /// A member keeps the flag it was first inserted with until unflagged; clearing forgets
    /// it with the member.
    #[test]
    fn a_member_keeps_its_first_flag_until_unflagged() {
        let mut marks = Marks::default();
        assert_eq!(marks.insert_flagged(4, true), None);
        assert_eq!(marks.insert_flagged(4, false), Some(true));
        assert!(!marks.insert(4));
        assert_eq!(marks.flag(4), Some(true));
        marks.unflag(4);
        assert_eq!(marks.insert_flagged(4, true), Some(false));
        assert_eq!(marks.flag(5), None);
        marks.clear();
        assert_eq!(marks.flag(4), None);
        assert_eq!(marks.insert_flagged(4, false), None);
        assert_eq!(marks.flag(4), Some(false));
    }

    #[test]
    fn a_wrapped_generation_starts_over_empty() {
        let mut marks = Marks::default();
        marks.insert(1);
        marks.generation = u32::MAX / 2;
        marks.insert(2);
        marks.clear();
        assert!(!marks.contains(1) && !marks.contains(2));
        assert!(marks.insert(2));
    }
}
