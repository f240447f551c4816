//! A generational worklist of ops for the greedy drivers.
//!
//! A generation is one iteration of a driver: it visits each of its ops at most once, in queue
//! order. An op pushed while a generation runs joins it if it has not been visited in it yet
//! (so a chain of folds flowing forward completes in one iteration, as in a sweep over the
//! ops), and otherwise waits for the next generation. Visiting each op at most once per
//! generation bounds an iteration's work, so the drivers' iteration caps stop patterns that
//! keep enabling each other.
//!
//! A table of stamps by op id is kept for the thread's next worklist when one is dropped
//! ([`SpareTable`]): a pipeline runs a driver per pass over the same ops, and a stamp older
//! than the new worklist's first generation reads as never, so the table is reused without
//! clearing instead of allocated and filled again for every op id.

use std::cell::RefCell;

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
    /// Number of the current generation (from 1, or from after the generations of the
    /// worklist whose table it took).
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

/// The stamp table by id the thread's last dropped worklist left, and a generation no stamp
/// in it exceeds: the next worklist numbers its generations after it, so that every stamp left
/// in the table reads as older than any of its own (the worklist only asks whether a stamp is
/// its current generation).
#[derive(Default)]
struct SpareTable {
    table: Vec<Stamps>,
    last_generation: u32,
}

/// Past this generation a spare table is dropped and numbering starts again from 0, far from
/// where the counter would wrap.
const GENERATION_RESTART: u32 = u32::MAX / 2;

thread_local! {
    static SPARE: RefCell<SpareTable> = RefCell::new(SpareTable::default());
}

impl SpareTable {
    /// Takes the spare table (empty if none) and the generation to number after.
    fn take() -> (Vec<Stamps>, u32) {
        SPARE.with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.last_generation > GENERATION_RESTART {
                *spare = SpareTable::default();
            }
            (std::mem::take(&mut spare.table), spare.last_generation)
        })
    }

    /// Keeps `table`, whose stamps are at most `generation`, for the next worklist (unless a
    /// larger one is kept already; nested drivers drop their worklists in any order).
    fn keep(table: Vec<Stamps>, generation: u32) {
        SPARE.with(|spare| {
            let mut spare = spare.borrow_mut();
            spare.last_generation = spare.last_generation.max(generation);
            if table.len() >= spare.table.len() {
                spare.table = table;
            }
        });
    }
}

impl StampTable {
    /// The table for a driver starting with `ops`, and the generation its worklist numbers
    /// after: by id up to the largest (the thread's spare table, grown if needed), unless
    /// they are few among many ids.
    fn for_ops(ops: &[Op]) -> (Self, u32) {
        let len = ops
            .iter()
            .map(|op| op.as_u32() as usize + 1)
            .max()
            .unwrap_or(0);
        let (mut table, after) = SpareTable::take();
        if len <= MIN_HASHED || len <= ops.len().saturating_mul(DENSITY) {
            if table.len() < len {
                table.resize(len, Stamps::default());
            }
            (StampTable::ById(table), after)
        } else {
            SpareTable::keep(table, after);
            let map = FxHashMap::with_capacity_and_hasher(ops.len(), Default::default());
            (StampTable::Hashed(map), after)
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
    /// The table is the thread's spare one when there is ([`SpareTable`]).
    pub fn with_room_for(ops: &[Op]) -> Self {
        let (stamps, generation) = StampTable::for_ops(ops);
        Worklist {
            queue: Vec::new(),
            cursor: 0,
            next: Vec::new(),
            generation,
            stamps,
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
        debug_assert!(self.cursor == 0 && self.queue.is_empty() && self.next.is_empty());
        self.generation += 1;
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

    /// Forgets that `op` was queued or visited in the current generation: the next push
    /// queues it in this generation again, at the end, as it would a new op (an op changed in
    /// place stands for the twin a rebuild would have made).
    pub fn forget(&mut self, op: Op) {
        let stamps = self.stamps.get_mut(op);
        stamps.queued = 0;
        stamps.visited = 0;
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

impl Drop for Worklist {
    /// Keeps a table by id for the thread's next worklist.
    fn drop(&mut self) {
        if let StampTable::ById(table) = &mut self.stamps {
            SpareTable::keep(std::mem::take(table), self.generation);
        }
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

    /// A worklist taking the table a dropped one left numbers its generations after that
    /// one's and behaves as with a fresh table: the stamps left in it read as never.
    #[test]
    fn a_spare_table_is_reused_and_its_stamps_read_as_never() {
        let ops: Vec<Op> = (0..8).map(Op::from_u32).collect();
        let (revisit, late) = (ops[0], Op::from_u32(9));
        let fresh = visits(Worklist::with_room_for(&ops), &ops, revisit, late);
        let reused = Worklist::with_room_for(&ops);
        assert!(
            reused.generation >= 2,
            "numbered after the dropped worklist"
        );
        assert!(matches!(&reused.stamps, StampTable::ById(table) if table.len() >= 10));
        assert!(ops.iter().all(|&op| !reused.is_pending(op)));
        assert_eq!(visits(reused, &ops, revisit, late), fresh);
    }

    /// A few ops among many ids get hashed stamps, and the worklist behaves as with a table.
    #[test]
    fn few_ops_with_large_ids_are_hashed_and_behave_alike() {
        let ops: Vec<Op> = [100_000, 100_001, 100_002].map(Op::from_u32).to_vec();
        let hashed = Worklist::with_room_for(&ops);
        assert!(matches!(hashed.stamps, StampTable::Hashed(_)));
        let mut by_id = Worklist::default();
        by_id.stamps = StampTable::ById(Vec::new());
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
