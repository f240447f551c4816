//! A quick screen of an `scf.if` before its ten canonicalization patterns run (`canonicalize`,
//! `if_nested`, `if_combine`, `free_guards`, `duplicate_results`): most visits change nothing
//! (after the deallocation lowering most `scf.if` are guards without results, `scf.if %owned {
//! memref.dealloc %base }`), and trying the ten in turn, each finding the condition, the
//! regions or the condition's users again, costs several times one look at them.
//!
//! The screen gathers, in one pass, the facts the patterns need ([`IfFacts`]); each pattern is
//! registered with the fact it cannot apply without ([`Need`]), and only the patterns whose
//! need holds are tried, in their order. A pattern skipped this way would have changed
//! nothing, so the first pattern that changes the op is the same as without the screen.
//!
//! ```text
//! %n = arith.xori %owned, %true : i1   // beside the guard, not an scf.if: no pattern
//! scf.if %owned {                      // no result, no else, a plain condition: none of
//!   memref.dealloc %base : memref<f32> // the patterns is tried
//! }
//! ```

use super::IfOp;
use crate::context::Context;
use crate::dialects::arith::XOrIOp;
use crate::dialects::view::OpView;
use crate::entity::Op;
use crate::registry::Traits;

/// The fact an `scf.if` pattern cannot apply without.
#[derive(Clone, Copy, Debug)]
pub(super) enum Need {
    /// The condition is `xori %c, true` (`if_negated_condition_swap`).
    NegatedCondition,
    /// The then block starts with an `scf.if` (`if_combine_nested`).
    LeadingIf,
    /// The condition has a user outside the block of the `scf.if`, such as one inside it
    /// (`if_condition_propagation`).
    ConditionUsedOutsideTheBlock,
    /// The condition is a constant (`if_constant_condition`).
    ConstantCondition,
    /// The `scf.if` has results (`if_trivial_to_select`).
    Results,
    /// The `scf.if` has two results or more (`duplicate_results`).
    TwoResults,
    /// A result is unused (`if_remove_dead_results`).
    DeadResult,
    /// No results, and the else block holds one op at most (`if_remove_empty_else`).
    ElseOfOneOp,
    /// Another `scf.if` on the same condition in the same block (`if_combine_same_condition`,
    /// `if_merge_free_guards`).
    IfOnConditionBeside,
}

/// What the screen learned of an `scf.if`, each fact `true` unless it certainly fails.
#[derive(Clone, Copy, Debug)]
pub(super) struct IfFacts {
    negated_condition: bool,
    leading_if: bool,
    condition_used_outside_the_block: bool,
    constant_condition: bool,
    results: usize,
    dead_result: bool,
    else_of_one_op: bool,
    if_on_condition_beside: bool,
}

impl IfFacts {
    /// Every fact holds: the patterns decide.
    const UNKNOWN: IfFacts = IfFacts {
        negated_condition: true,
        leading_if: true,
        condition_used_outside_the_block: true,
        constant_condition: true,
        results: usize::MAX,
        dead_result: true,
        else_of_one_op: true,
        if_on_condition_beside: true,
    };

    /// Gathers the facts of `op`, an `scf.if`.
    pub(super) fn of(ctx: &Context, op: Op) -> IfFacts {
        if ctx.num_operands(op) != 1 || ctx.regions(op).len() != 2 {
            return IfFacts::UNKNOWN;
        }
        let view = IfOp(op);
        let condition = view.condition(ctx);
        let definer = ctx.defining_op(condition);
        let constant_condition = definer.is_some_and(|d| ctx.has_trait(d, Traits::CONSTANT_LIKE));
        let results = ctx.results(op);
        // A constant may have very many users, and its `scf.if` goes anyway: not scanned.
        let (outside_the_block, if_beside) = if constant_condition {
            (true, true)
        } else {
            condition_users(ctx, op)
        };
        IfFacts {
            negated_condition: definer.is_some_and(|d| XOrIOp::is(ctx, d)),
            leading_if: view
                .then_block(ctx)
                .and_then(|block| ctx.first_op(block))
                .is_some_and(|first| IfOp::is(ctx, first)),
            condition_used_outside_the_block: outside_the_block,
            constant_condition,
            results: results.len(),
            dead_result: results.iter().any(|&r| !ctx.has_uses(r)),
            else_of_one_op: results.is_empty()
                && view
                    .else_block(ctx)
                    .is_some_and(|block| ctx.first_op(block) == ctx.last_op(block)),
            if_on_condition_beside: if_beside,
        }
    }

    /// Whether `need` holds.
    pub(super) fn allow(&self, need: Need) -> bool {
        match need {
            Need::NegatedCondition => self.negated_condition,
            Need::LeadingIf => self.leading_if,
            Need::ConditionUsedOutsideTheBlock => self.condition_used_outside_the_block,
            Need::ConstantCondition => self.constant_condition,
            Need::Results => self.results >= 1,
            Need::TwoResults => self.results >= 2,
            Need::DeadResult => self.dead_result,
            Need::ElseOfOneOp => self.else_of_one_op,
            Need::IfOnConditionBeside => self.if_on_condition_beside,
        }
    }
}

/// Whether the condition of `op` has a user other than `op` outside `op`'s block (perhaps
/// inside `op`), and whether it has one that is an `scf.if` in `op`'s block.
fn condition_users(ctx: &Context, op: Op) -> (bool, bool) {
    let block = ctx.op_parent(op);
    let (mut outside_the_block, mut if_beside) = (false, false);
    for (user, _) in ctx.uses(ctx.operand(op, 0)) {
        if user == op {
            continue;
        }
        if ctx.op_parent(user) != block {
            outside_the_block = true;
        } else if IfOp::is(ctx, user) {
            if_beside = true;
        }
        if outside_the_block && if_beside {
            break;
        }
    }
    (outside_the_block, if_beside)
}

#[cfg(test)]
mod tests {
    //! The screen against the patterns, on every `scf.if` of the repository's `.mlir` tests:
    //! a pattern whose need the screen finds missing must not change the op.

    use super::*;
    use crate::dialects::scf::canonicalize::IF_PATTERNS;
    use crate::dialects::test_corpus::for_each_chunk_with;
    use crate::rewrite::Rewriter;

    #[test]
    fn the_screen_never_hides_a_pattern_that_applies() {
        let (mut skipped, mut tried) = (0, 0);
        for_each_chunk_with("scf.if", |file, ctx, module| {
            for op in ctx.walk_preorder(module) {
                if !ctx.is_alive(op) || !IfOp::is(ctx, op) {
                    continue;
                }
                let facts = IfFacts::of(ctx, op);
                for &(pattern, need) in IF_PATTERNS {
                    if facts.allow(need) {
                        tried += 1;
                        continue;
                    }
                    skipped += 1;
                    let mut rw = Rewriter::new(ctx);
                    assert!(
                        !pattern(&mut rw, op),
                        "{}: the screen hides a pattern needing {need:?} that changes an scf.if",
                        file.display()
                    );
                }
            }
        });
        assert!(
            skipped >= 1000 && tried >= 200,
            "too few scf.if to judge the screen: {skipped} patterns skipped, {tried} tried"
        );
    }
}
