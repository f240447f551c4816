//! Sets of entity indices that empty in O(1), for verifier state kept across calls.
//!
//! [`crate::verify::ChangeVerifier`] verifies the few ops each pass touched, once per pass and
//! once per function for a pass anchored on functions: a dense table per call, sized by the
//! module, would make a pipeline over many functions quadratic. A [`Marks`] keeps one stamp per
//! index and empties by starting a new generation, so each call costs what it marks.

/// A set of indices (entity ids), emptied by [`Marks::clear`] in O(1).
pub(crate) struct Marks {
    /// The stamp of the current generation (from 1: a zero stamp is never a member).
    generation: u32,
    /// Per index: the generation it was last inserted in.
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
        self.generation = match self.generation.checked_add(1) {
            Some(next) => next,
            None => {
                self.stamps.fill(0);
                1
            }
        };
    }

    /// Adds `index`; whether it was not in the set yet.
    #[inline]
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        if self.stamps.len() <= index {
            self.stamps.resize(index + 1, 0);
        }
        let was_member = self.stamps[index] == self.generation;
        self.stamps[index] = self.generation;
        !was_member
    }

    /// Whether `index` is in the set.
    #[inline]
    pub(crate) fn contains(&self, index: usize) -> bool {
        self.stamps.get(index) == Some(&self.generation)
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

    #[test]
    fn a_wrapped_generation_starts_over_empty() {
        let mut marks = Marks::default();
        marks.insert(1);
        marks.generation = u32::MAX;
        marks.insert(2);
        marks.clear();
        assert!(!marks.contains(1) && !marks.contains(2));
        assert!(marks.insert(2));
    }
}
