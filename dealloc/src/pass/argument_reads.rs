//! Which functions only read the buffers they are given, for the read-only clone rules: a call
//! to such a function inside a copy's live span cannot write the copy's source through another
//! argument naming the same buffer.
//!
//! A function only reads its arguments when no op of its body writes, frees or captures (see
//! `analysis::capture`) a value that may be an argument's buffer or a view of it (by the view
//! flow of the function), none turns one into a tensor or passes it to an op of unknown
//! effects, and every call given one goes to a function of the module with a body that only
//! reads its arguments too. Calls are followed to a depth of [`DEPTH_LIMIT`]; a function met
//! again while its own answer is being worked out is assumed to only read (a cycle of calls
//! writes only if one of its bodies writes itself, which is found there), and such answers are
//! not remembered.

use analysis::alias::{BufferViewFlowAnalysis, is_buffer};
use analysis::capture::may_capture;
use analysis::returns::{callee, has_body};
use ir::interfaces::own_value_effects;
use ir::{Context, EffectKind, Op, Value};

use super::read_only_clones::makes_tensor;
use rustc_hash::{FxHashMap, FxHashSet};

/// How deep calls are followed before a callee counts as writing.
const DEPTH_LIMIT: usize = 8;

/// The answers worked out so far, per function.
#[derive(Default)]
pub(super) struct ArgumentReads {
    known: FxHashMap<Op, bool>,
}

impl ArgumentReads {
    /// Whether the call-like `call` goes to a function of the module with a body that only
    /// reads the buffers it is given.
    pub(super) fn call_only_reads(&mut self, ctx: &Context, call: Op) -> bool {
        callee(ctx, call)
            .is_some_and(|f| has_body(ctx, f) && self.only_reads(ctx, f, &mut FxHashSet::default()))
    }

    fn only_reads(&mut self, ctx: &Context, function: Op, open: &mut FxHashSet<Op>) -> bool {
        if let Some(&known) = self.known.get(&function) {
            return known;
        }
        if open.contains(&function) {
            return true;
        }
        if open.len() >= DEPTH_LIMIT {
            return false;
        }
        open.insert(function);
        let answer = self.body_only_reads(ctx, function, open);
        open.remove(&function);
        // An answer that leaned on an open function's assumption holds only for now.
        if !answer || open.is_empty() {
            self.known.insert(function, answer);
        }
        answer
    }

    fn body_only_reads(&mut self, ctx: &Context, function: Op, open: &mut FxHashSet<Op>) -> bool {
        let Some(entry) = ctx
            .regions(function)
            .first()
            .and_then(|&body| ctx.entry_block(body))
        else {
            return false;
        };
        let flow = BufferViewFlowAnalysis::compute(ctx, function);
        let mut aliases: FxHashSet<Value> = FxHashSet::default();
        for &arg in ctx.block_args(entry) {
            if is_buffer(ctx, arg) {
                aliases.extend(flow.resolve(arg));
            }
        }
        ctx.walk_preorder(function).into_iter().all(|op| {
            let given: Vec<Value> = ctx.operands(op).filter(|v| aliases.contains(v)).collect();
            if given.is_empty() {
                return true;
            }
            if ctx.op_def(op).call.is_some() {
                return callee(ctx, op)
                    .is_some_and(|f| has_body(ctx, f) && self.only_reads(ctx, f, open));
            }
            only_reads_given(ctx, op, &given, &aliases)
        })
    }
}

/// Whether the op `op`, given the argument aliases `given` (among `aliases`), only reads them:
/// its effects are known, none writes or frees an alias, and it neither captures one nor makes
/// a tensor.
fn only_reads_given(ctx: &Context, op: Op, given: &[Value], aliases: &FxHashSet<Value>) -> bool {
    let Some(effects) = own_value_effects(ctx, op) else {
        return false;
    };
    let touches = effects.iter().any(|e| {
        matches!(e.kind, EffectKind::Write | EffectKind::Free)
            && e.value.is_none_or(|v| aliases.contains(&v))
    });
    !touches && !makes_tensor(ctx, op) && given.iter().all(|&v| !may_capture(ctx, op, v))
}
