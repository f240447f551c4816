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
    /// Per op id: the last generation it was queued in, visited in, and queued for as next.
    queued_in: Vec<u32>,
    visited_in: Vec<u32>,
    next_in: Vec<u32>,
}

/// `table[op]`, growing the table (ops created later have larger ids).
fn slot(table: &mut Vec<u32>, op: Op) -> &mut u32 {
    let index = op.as_u32() as usize;
    if table.len() <= index {
        table.resize(index + 1, 0);
    }
    &mut table[index]
}

impl Worklist {
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
            *slot(&mut self.queued_in, op) = generation;
        }
        for op in ops {
            self.push(op);
        }
    }

    /// The next op of the current generation, marked visited.
    pub fn pop(&mut self) -> Option<Op> {
        let op = *self.queue.get(self.cursor)?;
        self.cursor += 1;
        *slot(&mut self.visited_in, op) = self.generation;
        Some(op)
    }

    /// Queues `op`: in the current generation unless it was visited in it already, then in
    /// the next one. Each op is queued at most once per generation.
    pub fn push(&mut self, op: Op) {
        let generation = self.generation;
        if *slot(&mut self.visited_in, op) == generation {
            let next = slot(&mut self.next_in, op);
            if *next != generation {
                *next = generation;
                self.next.push(op);
            }
            return;
        }
        let queued = slot(&mut self.queued_in, op);
        if *queued != generation {
            *queued = generation;
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
    pub fn is_pending(&self, op: Op) -> bool {
        let index = op.as_u32() as usize;
        let stamp = |table: &Vec<u32>| table.get(index).copied().unwrap_or(0);
        stamp(&self.queued_in) == self.generation && stamp(&self.visited_in) != self.generation
    }

    /// Whether no op waits for a visit (in this generation or the next).
    pub fn is_empty(&self) -> bool {
        self.cursor >= self.queue.len() && self.next.is_empty()
    }
}
