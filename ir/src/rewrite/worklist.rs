//! A generational worklist of ops for the greedy drivers.
//!
//! A generation is one iteration of a driver: it visits each of its ops at most once, in queue
//! order. An op pushed while a generation runs joins it if it has not been visited in it yet
//! (so a chain of folds flowing forward completes in one iteration, as in a sweep over the
//! ops), and otherwise waits for the next generation. Visiting each op at most once per
//! generation bounds an iteration's work, so the drivers' iteration caps stop patterns that
//! keep enabling each other.

use crate::entity::Op;

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
    /// Per op id: the generations it was last queued in, visited in, and queued for as next.
    stamps: Vec<Stamps>,
}

/// The generations an op was last queued in, visited in, and queued for as next (0: never);
/// kept together so that a push reads one entry.
#[derive(Clone, Copy, Default)]
struct Stamps {
    queued: u32,
    visited: u32,
    next: u32,
}

/// `table[op]`, growing the table (ops created later have larger ids).
#[inline]
fn slot(table: &mut Vec<Stamps>, op: Op) -> &mut Stamps {
    let index = op.as_u32() as usize;
    if table.len() <= index {
        grow(table, index);
    }
    &mut table[index]
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
    pub fn with_room_for(ops: &[Op]) -> Self {
        let len = ops
            .iter()
            .map(|op| op.as_u32() as usize + 1)
            .max()
            .unwrap_or(0);
        Worklist {
            stamps: vec![Stamps::default(); len],
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
        let generation = self.generation;
        for &op in &self.queue {
            slot(&mut self.stamps, op).queued = generation;
        }
        for op in ops {
            self.push(op);
        }
    }

    /// The next op of the current generation, marked visited.
    #[inline]
    pub fn pop(&mut self) -> Option<Op> {
        let op = *self.queue.get(self.cursor)?;
        self.cursor += 1;
        slot(&mut self.stamps, op).visited = self.generation;
        Some(op)
    }

    /// Queues `op`: in the current generation unless it was visited in it already, then in
    /// the next one. Each op is queued at most once per generation.
    #[inline]
    pub fn push(&mut self, op: Op) {
        let generation = self.generation;
        let stamps = slot(&mut self.stamps, op);
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
        let stamps = self
            .stamps
            .get(op.as_u32() as usize)
            .copied()
            .unwrap_or_default();
        stamps.queued == self.generation && stamps.visited != self.generation
    }

    /// Whether no op waits for a visit (in this generation or the next).
    pub fn is_empty(&self) -> bool {
        self.cursor >= self.queue.len() && self.next.is_empty()
    }
}
