//! A generational worklist of ops for the greedy drivers.
//!
//! A generation is one iteration of a driver: it visits each of its ops at most once, in queue
//! order. An op pushed while a generation runs joins it if it has not been visited in it yet
//! (so a chain of folds flowing forward completes in one iteration, as in a sweep over the
//! ops), and otherwise waits for the next generation. Visiting each op at most once per
//! generation bounds an iteration's work, so the drivers' iteration caps stop patterns that
//! keep enabling each other.

use crate::entity::Op;
use rustc_hash::FxHashMap;

/// The ops of the current generation and those waiting for the next one.
///
/// ```text
/// let mut worklist = Worklist::default();
/// worklist.start_generation(ops);          // generation 1: these ops, in order
/// while let Some(op) = worklist.pop() { /* visit; push what the visit affected */ }
/// worklist.start_generation([]);           // generation 2: what waited, then the rest
/// ```
#[derive(Default)]
pub struct Worklist {
    /// The current generation's ops; `queue[cursor..]` are still to visit.
    queue: Vec<Op>,
    cursor: usize,
    /// Ops waiting for the next generation.
    next: Vec<Op>,
    /// Number of the current generation (from 1).
    generation: u32,
    /// Per op: the generations it was last queued in, visited in, and queued for as next.
    stamps: StampTable,
}

/// The generations an op was last queued in, visited in, and queued for as next (0: never);
/// kept together so that a push reads one entry.
#[derive(Clone, Copy, Default)]
struct Stamps {
    queued: u32,
    visited: u32,
    next: u32,
}

/// The stamps of each op: by op id, or hashed when the driver runs on a small part of a large
/// context. Op ids are global: a table for the ops of one function late in a module would span
/// the ids of every op before it, and a driver run per function (`func.func(canonicalize)`)
/// would be quadratic.
enum StampTable {
    ById(Vec<Stamps>),
    Hashed(FxHashMap<Op, Stamps>),
}

impl Default for StampTable {
    fn default() -> Self {
        StampTable::ById(Vec::new())
    }
}

/// A driver's ops take a table by id when they are at least one in this many of the ids up to
/// the largest (as `analysis::dense` decides for values).
const DENSITY: usize = 16;

/// Up to this largest op id, a table by id is always taken (small programs, tests).
const MIN_HASHED: usize = 4096;

impl StampTable {
    /// The table for a driver starting with `ops`: by id up to the largest, unless they are
    /// few among many ids.
    fn for_ops(ops: &[Op]) -> Self {
        let len = ops
            .iter()
            .map(|op| op.as_u32() as usize + 1)
            .max()
            .unwrap_or(0);
        if len <= MIN_HASHED || len <= ops.len().saturating_mul(DENSITY) {
            StampTable::ById(vec![Stamps::default(); len])
        } else {
            StampTable::Hashed(FxHashMap::with_capacity_and_hasher(
                ops.len(),
                Default::default(),
            ))
        }
    }

    /// The stamps of `op`, made if it has none (ops created later have larger ids).
    #[inline]
    fn get_mut(&mut self, op: Op) -> &mut Stamps {
        match self {
            StampTable::ById(table) => {
                let index = op.as_u32() as usize;
                if table.len() <= index {
                    grow(table, index);
                }
                &mut table[index]
            }
            StampTable::Hashed(map) => map.entry(op).or_default(),
        }
    }

    /// Stamps each of `ops` queued in `generation`, matching the table's kind once for all
    /// of them.
    fn stamp_queued(&mut self, ops: &[Op], generation: u32) {
        match self {
            StampTable::ById(table) => {
                for &op in ops {
                    let index = op.as_u32() as usize;
                    if table.len() <= index {
                        grow(table, index);
                    }
                    table[index].queued = generation;
                }
            }
            StampTable::Hashed(map) => {
                for &op in ops {
                    map.entry(op).or_default().queued = generation;
                }
            }
        }
    }

    /// The stamps of `op` (all 0 if it has none).
    #[inline]
    fn get(&self, op: Op) -> Stamps {
        match self {
            StampTable::ById(table) => table.get(op.as_u32() as usize).copied(),
            StampTable::Hashed(map) => map.get(&op).copied(),
        }
        .unwrap_or_default()
    }
}

/// Grows `table` to hold `index`, at least doubling it (kept out of line: ids past the end
/// are rare, but a first generation in post-order meets ever larger ids one after another).
#[cold]
fn grow(table: &mut Vec<Stamps>, index: usize) {
    table.resize((index + 1).max(2 * table.len()), Stamps::default());
}

impl Worklist {
    /// An empty worklist whose table already holds `ops`, the ops a driver starts with: its
    /// first generation queues them all, and growing the table id by id as a post-order walk
    /// meets ever larger ones would copy it over and over.
    /// When `ops` are few among many op ids (a driver run on one function of a large module),
    /// the stamps are hashed instead ([`StampTable`]).
    pub fn with_room_for(ops: &[Op]) -> Self {
        Worklist {
            stamps: StampTable::for_ops(ops),
            ..Worklist::default()
        }
    }

    /// Starts a new generation: the ops waiting for it, the current generation's unvisited
    /// ops (queued after its last visit), then `ops`.
    pub fn start_generation(&mut self, ops: impl IntoIterator<Item = Op>) {
        self.generation += 1;
        let unvisited = self.queue.split_off(self.cursor.min(self.queue.len()));
        self.queue = std::mem::take(&mut self.next);
        self.queue.extend(unvisited);
        self.cursor = 0;
        self.stamps.stamp_queued(&self.queue, self.generation);
        for op in ops {
            self.push(op);
        }
    }

    /// Starts the first generation with `distinct_ops`, each op at most once (the list of a
    /// walk), as [`Self::start_generation`] would: queued in order and stamped in one pass,
    /// without a push's checks for each op (a driver's first generation is every op of the
    /// program).
    pub fn start_first_generation(&mut self, distinct_ops: &[Op]) {
        debug_assert!(self.generation == 0 && self.queue.is_empty() && self.next.is_empty());
        self.generation = 1;
        self.queue.extend_from_slice(distinct_ops);
        self.stamps.stamp_queued(distinct_ops, self.generation);
    }

    /// The next op of the current generation, marked visited.
    #[inline]
    pub fn pop(&mut self) -> Option<Op> {
        let op = *self.queue.get(self.cursor)?;
        self.cursor += 1;
        self.stamps.get_mut(op).visited = self.generation;
        Some(op)
    }

    /// Queues `op`: in the current generation unless it was visited in it already, then in
    /// the next one. Each op is queued at most once per generation.
    #[inline]
    pub fn push(&mut self, op: Op) {
        let generation = self.generation;
        let stamps = self.stamps.get_mut(op);
        if stamps.visited == generation {
            if stamps.next != generation {
                stamps.next = generation;
                self.next.push(op);
            }
            return;
        }
        if stamps.queued != generation {
            stamps.queued = generation;
            self.queue.push(op);
        }
    }

    /// Queues every op of `ops`.
    pub fn extend(&mut self, ops: impl IntoIterator<Item = Op>) {
        for op in ops {
            self.push(op);
        }
    }

    /// Whether `op` is queued in the current generation and not visited yet.
    #[inline]
    pub fn is_pending(&self, op: Op) -> bool {
        let stamps = self.stamps.get(op);
        stamps.queued == self.generation && stamps.visited != self.generation
    }

    /// Whether no op waits for a visit (in this generation or the next).
    pub fn is_empty(&self) -> bool {
        self.cursor >= self.queue.len() && self.next.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the same sequence on a worklist and returns what it visited, per generation.
    fn visits(mut worklist: Worklist, ops: &[Op], revisit: Op, late: Op) -> Vec<Vec<Op>> {
        let mut generations = Vec::new();
        worklist.start_generation(ops.iter().copied());
        let mut visited = Vec::new();
        while let Some(op) = worklist.pop() {
            if op == ops[0] {
                // Visited already: waits for the next generation; `late` joins this one.
                worklist.push(revisit);
                worklist.push(late);
                assert!(worklist.is_pending(late));
            }
            visited.push(op);
        }
        generations.push(visited);
        worklist.start_generation([]);
        let mut visited = Vec::new();
        while let Some(op) = worklist.pop() {
            visited.push(op);
        }
        generations.push(visited);
        generations
    }

    /// A first generation started from a list of distinct ops at once behaves as one started
    /// by pushing them: same visits, same pending ops, same next generation.
    #[test]
    fn a_first_generation_started_at_once_behaves_as_pushes() {
        let ops: Vec<Op> = [3, 1, 7, 5].map(Op::from_u32).to_vec();
        let (revisit, late) = (ops[0], Op::from_u32(9));
        let pushed = visits(Worklist::with_room_for(&ops), &ops, revisit, late);
        let mut at_once = Worklist::with_room_for(&ops);
        at_once.start_first_generation(&ops);
        assert!(ops.iter().all(|&op| at_once.is_pending(op)));
        let mut generations = Vec::new();
        let mut visited = Vec::new();
        while let Some(op) = at_once.pop() {
            if op == ops[0] {
                at_once.push(revisit);
                at_once.push(late);
            }
            visited.push(op);
        }
        generations.push(visited);
        at_once.start_generation([]);
        generations.push(std::iter::from_fn(|| at_once.pop()).collect());
        assert_eq!(generations, pushed);
        assert_eq!(
            pushed,
            vec![vec![ops[0], ops[1], ops[2], ops[3], late], vec![ops[0]]]
        );
    }

    /// A few ops among many ids get hashed stamps, and the worklist behaves as with a table.
    #[test]
    fn few_ops_with_large_ids_are_hashed_and_behave_alike() {
        let ops: Vec<Op> = [100_000, 100_001, 100_002].map(Op::from_u32).to_vec();
        let hashed = Worklist::with_room_for(&ops);
        assert!(matches!(hashed.stamps, StampTable::Hashed(_)));
        let by_id = Worklist {
            stamps: StampTable::ById(Vec::new()),
            ..Worklist::default()
        };
        let (revisit, late) = (ops[0], Op::from_u32(200_000));
        let expected = vec![vec![ops[0], ops[1], ops[2], late], vec![ops[0]]];
        assert_eq!(visits(hashed, &ops, revisit, late), expected);
        assert_eq!(visits(by_id, &ops, revisit, late), expected);
        let dense: Vec<Op> = (0..8).map(Op::from_u32).collect();
        assert!(matches!(
            Worklist::with_room_for(&dense).stamps,
            StampTable::ById(_)
        ));
    }
}
