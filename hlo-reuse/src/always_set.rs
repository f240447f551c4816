//! Which ownership indicators are set on every path: those whose every origin, followed back
//! through the arguments of blocks that branches reach (not entry blocks) and through
//! `arith.select`s, is a `deallocation.own`. The final lowering frees such an indicator's
//! buffer without an `scf.if` and takes its address without a `select`, where it would
//! otherwise emit a guard on a value that canonicalize only later finds constant (a block
//! argument every predecessor passes an `own` to). Region arguments and results are not
//! followed: the scf loops' are rarely always set, and asking their region-branch edges for
//! each would cost more than it saves.
//!
//! An indicator is always set exactly when no origin it can be reached from is anything but
//! an `own`; a cycle of arguments adds no origin. Each query is a depth-first search that
//! stops at the first other origin, within a budget of values (beyond it the answer is "not
//! known to be set", which only keeps a guard). What a search finds is remembered: every
//! value it visited when it found only `own`s, every value on the path to the origin that
//! refuted it otherwise, and every value it visited as not known when it ran out of budget
//! (so that no value is searched through again and again).

use ir::dialects::arith::SelectOp;
use ir::dialects::deallocation::OwnOp;
use ir::{Block, Context, OpView, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::flow::{Predecessors, incoming};

/// How many values one query may visit before giving up.
const BUDGET: usize = 4096;

/// The origins of one value, and how many of them the search has followed.
struct Frame {
    value: Value,
    sources: SmallVec<[Value; 4]>,
    next: usize,
}

/// What the search knows of a value before following it.
enum Origin {
    /// A `deallocation.own`: set.
    Own,
    /// Values it merges (its predecessors' branch operands, or a select's two sides).
    Merge(SmallVec<[Value; 4]>),
    /// Anything else (`null`, a retain's result, a region argument or result, an op the
    /// search cannot see through).
    Other,
}

/// The answers of [`AlwaysSet::query`], remembered. Valid while the values they were
/// computed from and the control flow reaching them do not change.
#[derive(Default)]
pub struct AlwaysSet {
    known: FxHashMap<Value, bool>,
    preds: Predecessors,
    /// The values one search has seen, kept so that each query does not allocate it.
    seen: FxHashSet<Value>,
    /// One search's path, kept likewise.
    stack: Vec<Frame>,
}

impl AlwaysSet {
    /// Whether ownership value `v` is set whenever it is reached.
    pub fn query(&mut self, ctx: &Context, v: Value) -> bool {
        let sources = match self.origin(ctx, v) {
            Origin::Own => return true,
            Origin::Other => return false,
            Origin::Merge(sources) => sources,
        };
        let mut seen = std::mem::take(&mut self.seen);
        let mut stack = std::mem::take(&mut self.stack);
        seen.insert(v);
        stack.push(Frame {
            value: v,
            sources,
            next: 0,
        });
        let refuted = self.search(ctx, &mut stack, &mut seen);
        let set = !refuted && stack.is_empty();
        // Only block arguments are looked up again (see `origin`).
        let is_arg = |v: Value| matches!(ctx.value_def(v), ValueDef::BlockArg { .. });
        if refuted {
            // Every value on the path reaches the refuting origin.
            for frame in stack.iter().filter(|f| is_arg(f.value)) {
                self.known.insert(frame.value, false);
            }
        } else {
            // Every value seen reaches only `own`s (and values seen before), or, out of
            // budget, is not known to.
            for &s in seen.iter().filter(|&&s| is_arg(s)) {
                self.known.insert(s, set);
            }
        }
        seen.clear();
        stack.clear();
        self.seen = seen;
        self.stack = stack;
        set
    }

    /// Follows the origins on `stack` depth first; true when one refutes the query (the
    /// stack then holds the path to it), false when the search completes (empty stack) or
    /// runs out of budget (non-empty stack).
    fn search(
        &mut self,
        ctx: &Context,
        stack: &mut Vec<Frame>,
        seen: &mut FxHashSet<Value>,
    ) -> bool {
        while let Some(top) = stack.last_mut() {
            let Some(&s) = top.sources.get(top.next) else {
                stack.pop();
                continue;
            };
            top.next += 1;
            if !seen.insert(s) {
                continue;
            }
            if seen.len() > BUDGET {
                return false;
            }
            match self.origin(ctx, s) {
                Origin::Own => {}
                Origin::Other => return true,
                Origin::Merge(sources) => stack.push(Frame {
                    value: s,
                    sources,
                    next: 0,
                }),
            }
        }
        false
    }

    fn origin(&mut self, ctx: &Context, v: Value) -> Origin {
        match ctx.value_def(v) {
            ValueDef::Result { op, .. } => {
                if OwnOp::is(ctx, op) {
                    return Origin::Own;
                }
                if let Some(select) = SelectOp::of(ctx, op) {
                    return Origin::Merge(SmallVec::from_slice(&[
                        select.true_value(ctx),
                        select.false_value(ctx),
                    ]));
                }
                Origin::Other
            }
            ValueDef::BlockArg { block, .. } if !is_entry(ctx, block) => {
                if let Some(&set) = self.known.get(&v) {
                    return if set { Origin::Own } else { Origin::Other };
                }
                match incoming(ctx, v, &mut self.preds) {
                    Some(sources) if !sources.is_empty() => Origin::Merge(sources),
                    _ => Origin::Other,
                }
            }
            _ => Origin::Other,
        }
    }
}

/// Whether `block` is the entry block of its region.
fn is_entry(ctx: &Context, block: Block) -> bool {
    ctx.block_parent(block)
        .is_some_and(|region| ctx.entry_block(region) == Some(block))
}
