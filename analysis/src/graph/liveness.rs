//! Backward liveness of dense value indices.
//!
//! Values are numbered `0..num_values`. For each node the caller provides:
//! * `uses(n)`: values used in `n` before any definition in `n`
//!   (upward-exposed uses);
//! * `defs(n)`: values defined in `n` (for MLIR: block arguments and op
//!   results of the block).
//!
//! The solution is the least fixpoint of
//! `live_out(n) = ∪ live_in(s) for s in successors(n)` and
//! `live_in(n) = uses(n) ∪ (live_out(n) − defs(n))`,
//! computed by the generic [`dataflow`](super::dataflow) solver (backward,
//! union meet, empty boundary, postorder worklist). Nothing is live out of an
//! exit. Every node gets sets, including nodes unreachable from the entry and
//! nodes in infinite loops. How successor operands and block arguments map to
//! uses and defs is the caller's business.
//!
//! Sets are [`FixedBitSet`]s, exactly `num_values` long in the result; input
//! sets may be shorter (missing bits are absent), e.g. `FixedBitSet::new()`
//! for a node without uses.

use fixedbitset::FixedBitSet;

use super::{DataflowProblem, DataflowSolution, Direction, Graph, Meet, NodeId};

/// Live-in and live-out sets of every node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Liveness {
    num_values: usize,
    solution: DataflowSolution,
}

impl Liveness {
    /// Computes liveness on `graph` for values `0..num_values`, given one
    /// `uses` and one `defs` set per node.
    ///
    /// # Panics
    ///
    /// Panics if `uses` or `defs` does not have one set per node, or if a set
    /// is longer than `num_values`.
    #[must_use]
    pub fn compute(
        graph: &Graph,
        num_values: usize,
        uses: &[FixedBitSet],
        defs: &[FixedBitSet],
    ) -> Self {
        let nothing_live_at_exit = FixedBitSet::new();
        let problem = DataflowProblem {
            direction: Direction::Backward,
            meet: Meet::Union,
            num_bits: num_values,
            generated: uses,
            killed: defs,
            boundary: &nothing_live_at_exit,
        };
        Self {
            num_values,
            solution: problem.solve(graph),
        }
    }

    /// Number of values.
    #[must_use]
    pub fn num_values(&self) -> usize {
        self.num_values
    }

    /// Values live at the start of `node`.
    #[must_use]
    pub fn live_in(&self, node: NodeId) -> &FixedBitSet {
        self.solution.in_set(node)
    }

    /// Values live at the end of `node`.
    #[must_use]
    pub fn live_out(&self, node: NodeId) -> &FixedBitSet {
        self.solution.out_set(node)
    }

    /// Whether `value` is live at the start of `node`.
    #[must_use]
    pub fn is_live_in(&self, node: NodeId, value: usize) -> bool {
        self.live_in(node).contains(value)
    }

    /// Whether `value` is live at the end of `node`.
    #[must_use]
    pub fn is_live_out(&self, node: NodeId, value: usize) -> bool {
        self.live_out(node).contains(value)
    }

    /// Number of node evaluations the solver needed.
    #[must_use]
    pub fn node_visits(&self) -> usize {
        self.solution.node_visits()
    }

    /// The per-node `(live_in, live_out)` sets, indexed by node.
    #[must_use]
    pub fn into_sets(self) -> (Vec<FixedBitSet>, Vec<FixedBitSet>) {
        self.solution.into_sets()
    }
}
