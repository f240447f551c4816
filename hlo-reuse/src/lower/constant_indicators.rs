//! Indicators an `scf.while`, `scf.for` or `scf.if` carries that never change, dropped once
//! lowered, as canonicalize would drop them: a loop's indicator whose init is a constant and
//! which every trip yields back as that same constant (an indicator null on entry that no
//! trip sets, or one set on entry that every trip sets again), an `scf.if` result both
//! branches yield as a constant (one constant, or `true` and `false`: the condition or its
//! negation). Its uses read the constant (or condition); so does the loop result
//! it fills (for `scf.while`: the after-region argument and the loop result the condition
//! forwards it to), and the op is rebuilt without them. The ops are taken in postorder, so
//! that an indicator a nested or earlier op made constant lets the op drop the one it fills.
//!
//! Canonicalize reaches the same IR through the loops' loop-invariant and unused-result
//! patterns and `scf.if`'s trivial-yield and dead-result patterns, rebuilding the op once per
//! pattern; on a program of many nested loops that was a third of its work.
//!
//! ```text
//! %r:2 = scf.while (%m = %a, %o = %false) : (memref<2xf32>, i1) -> (memref<2xf32>, i1) {
//!   scf.condition(%c) %m, %o : memref<2xf32>, i1
//! } do {
//! ^bb0(%m2: memref<2xf32>, %o2: i1):
//!   scf.yield %new, %false : memref<2xf32>, i1
//! }
//! // becomes: %o, %o2 and %r#1 read %false, and the loop carries %m alone.
//! ```

use ir::dialects::arith::ConstantOp;
use ir::dialects::scf::{ForOp, IfOp, WhileOp};
use ir::{Block, Builder, Context, Op, OpState, OpView, Value};

/// An `scf.while`, `scf.for` or `scf.if` and the positions of those among the values it
/// carries that were indicators (the before-region arguments of `scf.while`, the iteration
/// arguments of `scf.for`, the results of `scf.if`).
pub(super) struct IndicatorCarrier {
    pub(super) op: Op,
    pub(super) positions: Vec<usize>,
}

/// Drops the constant indicators of each of `carriers` (found before the lowering, in
/// preorder; none is erased by it) in postorder: an op after those nested in it and after the
/// ones before it, whose results it may carry.
pub(super) fn drop_constant_indicators(ctx: &mut Context, carriers: &[IndicatorCarrier]) {
    let mut open: Vec<&IndicatorCarrier> = Vec::new();
    for found in carriers {
        while let Some(&enclosing) = open.last()
            && !ctx.is_ancestor(enclosing.op, found.op)
        {
            open.pop();
            drop_in(ctx, enclosing);
        }
        open.push(found);
    }
    while let Some(found) = open.pop() {
        drop_in(ctx, found);
    }
}

/// Drops the constant indicators of one op.
fn drop_in(ctx: &mut Context, found: &IndicatorCarrier) {
    if ForOp::is(ctx, found.op) {
        drop_in_for(ctx, found);
    } else if IfOp::is(ctx, found.op) {
        drop_in_if(ctx, found);
    } else {
        drop_in_while(ctx, found);
    }
}

/// The loop's blocks and terminators.
struct Parts {
    before: Block,
    after: Block,
    condition: Op,
    yield_op: Op,
}

fn parts(ctx: &Context, op: Op) -> Option<Parts> {
    let view = WhileOp::of(ctx, op)?;
    let (before, after) = (view.before_block(ctx)?, view.after_block(ctx)?);
    Some(Parts {
        before,
        after,
        condition: ctx.last_op(before)?,
        yield_op: ctx.last_op(after)?,
    })
}

/// `scf.for` operand `FOR_INITS + k` is the init of iteration argument `k`, body argument
/// `1 + k` (after the induction variable).
const FOR_INITS: usize = 3;

fn drop_in_for(ctx: &mut Context, found: &IndicatorCarrier) {
    let op = found.op;
    let Some(body) = ForOp::of(ctx, op).and_then(|view| view.body(ctx)) else {
        return;
    };
    let Some(yield_op) = ctx.last_op(body) else {
        return;
    };
    let constant: Vec<usize> = found
        .positions
        .iter()
        .copied()
        .filter(|&k| {
            let init = ctx.operand(op, FOR_INITS + k);
            is_constant_carried(ctx, init, ctx.operand(yield_op, k))
        })
        .collect();
    if constant.is_empty() {
        return;
    }
    for &k in &constant {
        let init = ctx.operand(op, FOR_INITS + k);
        let (arg, result) = (ctx.block_args(body)[1 + k], ctx.results(op)[k]);
        ctx.replace_all_uses_with(arg, init);
        ctx.replace_all_uses_with(result, init);
    }
    let body_args: Vec<usize> = constant.iter().map(|&k| 1 + k).collect();
    ctx.erase_block_args(body, &body_args);
    drop_operands(ctx, yield_op, 0, &constant);
    drop_operands(ctx, op, FOR_INITS, &constant);
    rebuild_without_results(ctx, op, &constant);
}

fn drop_in_while(ctx: &mut Context, found: &IndicatorCarrier) {
    let op = found.op;
    let Some(parts) = parts(ctx, op) else {
        return;
    };
    let constant: Vec<usize> = found
        .positions
        .iter()
        .copied()
        .filter(|&p| is_constant_carried(ctx, ctx.operand(op, p), ctx.operand(parts.yield_op, p)))
        .collect();
    if constant.is_empty() {
        return;
    }
    let inits = ctx.operand_vec(op);
    let dropped: Vec<Value> = constant.iter().map(|&p| inits[p]).collect();
    for &p in &constant {
        let arg = ctx.block_args(parts.before)[p];
        ctx.replace_all_uses_with(arg, inits[p]);
    }
    ctx.erase_block_args(parts.before, &constant);
    drop_operands(ctx, parts.yield_op, 0, &constant);
    drop_operands(ctx, op, 0, &constant);
    // Condition operand 1 + j fills after-region argument j and loop result j.
    let forwarded: Vec<usize> = (0..ctx.results(op).len())
        .filter(|&j| dropped.contains(&ctx.operand(parts.condition, 1 + j)))
        .collect();
    if forwarded.is_empty() {
        return;
    }
    for &j in &forwarded {
        let value = ctx.operand(parts.condition, 1 + j);
        let arg = ctx.block_args(parts.after)[j];
        ctx.replace_all_uses_with(arg, value);
        let result = ctx.results(op)[j];
        ctx.replace_all_uses_with(result, value);
    }
    ctx.erase_block_args(parts.after, &forwarded);
    drop_operands(ctx, parts.condition, 1, &forwarded);
    rebuild_without_results(ctx, op, &forwarded);
}

fn drop_in_if(ctx: &mut Context, found: &IndicatorCarrier) {
    let op = found.op;
    let yields: Option<Vec<Op>> = ctx
        .regions(op)
        .iter()
        .map(|&r| ctx.entry_block(r).and_then(|b| ctx.last_op(b)))
        .collect();
    let Some(&[then_yield, else_yield]) = yields.as_deref() else {
        return;
    };
    let constant: Vec<(usize, Arms)> = found
        .positions
        .iter()
        .filter_map(|&k| {
            let arms = Arms::of(
                ctx,
                op,
                ctx.operand(then_yield, k),
                ctx.operand(else_yield, k),
            )?;
            Some((k, arms))
        })
        .collect();
    if constant.is_empty() {
        return;
    }
    let condition = ctx.operand(op, 0);
    for &(k, arms) in &constant {
        let mut b = Builder::before(ctx, op);
        let value = match arms {
            Arms::Same(v) => v,
            Arms::Condition => condition,
            Arms::NotCondition(one) => super::negation(&mut b, condition, one),
        };
        let result = ctx.results(op)[k];
        ctx.replace_all_uses_with(result, value);
    }
    let positions: Vec<usize> = constant.iter().map(|&(k, _)| k).collect();
    drop_operands(ctx, then_yield, 0, &positions);
    drop_operands(ctx, else_yield, 0, &positions);
    rebuild_without_results(ctx, op, &positions);
}

/// What the two branches of an `scf.if` yield for one result, when both yield a constant
/// defined outside it: the result is then a value known before the `scf.if` (canonicalize's
/// trivial-yield pattern makes it `select cond, then, else`, which folds).
#[derive(Clone, Copy)]
enum Arms {
    /// The same constant.
    Same(Value),
    /// `true`, then `false`: the condition.
    Condition,
    /// `false`, then `true` (this `true`): the negated condition.
    NotCondition(Value),
}

impl Arms {
    fn of(ctx: &Context, op: Op, then_value: Value, else_value: Value) -> Option<Arms> {
        let constant_outside = |v: Value| {
            ctx.defining_op(v)
                .is_some_and(|d| ConstantOp::is(ctx, d) && !ctx.is_ancestor(op, d))
        };
        if !constant_outside(then_value) || !constant_outside(else_value) {
            return None;
        }
        if then_value == else_value {
            return Some(Arms::Same(then_value));
        }
        match (
            ConstantOp::as_bool(ctx, then_value),
            ConstantOp::as_bool(ctx, else_value),
        ) {
            (Some(true), Some(false)) => Some(Arms::Condition),
            (Some(false), Some(true)) => Some(Arms::NotCondition(else_value)),
            _ => None,
        }
    }
}

/// Whether a carried value that starts as `init` and that every trip yields back as
/// `yielded` is that constant throughout.
fn is_constant_carried(ctx: &Context, init: Value, yielded: Value) -> bool {
    yielded == init
        && ctx
            .defining_op(init)
            .is_some_and(|d| ConstantOp::is(ctx, d))
}

/// Drops operands `offset + k` of `op` for each `k` of `positions` (ascending), one at a
/// time: few are dropped from lists of several.
fn drop_operands(ctx: &mut Context, op: Op, offset: usize, positions: &[usize]) {
    for &k in positions.iter().rev() {
        let at = offset + k;
        ctx.splice_operands(op, at..at + 1, &[]);
    }
}

/// Replaces `op` by a copy without results `dropped` (unused now), moving its regions over.
fn rebuild_without_results(ctx: &mut Context, op: Op, dropped: &[usize]) {
    let results = ctx.results(op).to_vec();
    let kept: Vec<Value> = (0..results.len())
        .filter(|k| !dropped.contains(k))
        .map(|k| results[k])
        .collect();
    let old_regions = ctx.regions(op).to_vec();
    let mut state = OpState::new(ctx.op_name(op), ctx.op_loc(op));
    state.operands = ctx.operand_vec(op);
    state.result_types = kept.iter().map(|&v| ctx.value_type(v)).collect();
    state.attrs = ctx.attrs(op).to_vec();
    let mut b = Builder::before(ctx, op);
    state.regions = old_regions.iter().map(|_| b.region()).collect();
    let new_regions = state.regions.clone();
    let new = b.create(state);
    for (old, to) in old_regions.into_iter().zip(new_regions) {
        ctx.take_region_body(old, to);
    }
    for (position, &v) in kept.iter().enumerate() {
        let replacement = ctx.results(new)[position];
        ctx.replace_all_uses_with(v, replacement);
    }
    ctx.erase_op(op);
}
