//! `scf.if` patterns: constant condition, trivial yields to `arith.select`, dead results,
//! empty else.

use ir::{Block, Context, Op, OpState, Traits, Value};

use crate::ir_util::{const_bool, create_before};

/// The single block of region `i` of `op`, if it has exactly one.
fn single_block(ctx: &Context, op: Op, i: usize) -> Option<Block> {
    let region = *ctx.regions(op).get(i)?;
    let first = ctx.entry_block(region)?;
    (ctx.next_block(first).is_none()).then_some(first)
}

/// The terminator of `block` if it is a terminator.
fn terminator(ctx: &Context, block: Block) -> Option<Op> {
    ctx.last_op(block)
        .filter(|&t| ctx.has_trait(t, Traits::TERMINATOR))
}

/// `scf.if true/false`: inline the taken branch.
pub(super) fn if_constant_condition(ctx: &mut Context, op: Op) -> bool {
    if ctx.num_operands(op) != 1 || ctx.regions(op).len() != 2 {
        return false;
    }
    let Some(cond) = const_bool(ctx, ctx.operand(op, 0)) else {
        return false;
    };
    let index = if cond { 0 } else { 1 };
    let region = ctx.regions(op)[index];
    if ctx.entry_block(region).is_none() {
        if !ctx.results(op).is_empty() {
            return false;
        }
        ctx.erase_op(op);
        return true;
    }
    let Some(block) = single_block(ctx, op, index) else {
        return false;
    };
    let Some(term) = terminator(ctx, block) else {
        return false;
    };
    if ctx.num_operands(term) != ctx.results(op).len() {
        return false;
    }
    let yielded = ctx.operand_vec(term);
    let ops: Vec<Op> = ctx.block_ops(block).filter(|&o| o != term).collect();
    for o in ops {
        ctx.move_op_before(o, op);
    }
    ctx.replace_op_uses(op, &yielded);
    ctx.erase_op(op);
    true
}

/// Results whose yielded values are both defined outside the `scf.if` become
/// `arith.select` (or the value itself when both arms yield it).
pub(super) fn if_trivial_to_select(ctx: &mut Context, op: Op) -> bool {
    if ctx.results(op).is_empty() || ctx.num_operands(op) != 1 {
        return false;
    }
    let (Some(then_block), Some(else_block)) = (single_block(ctx, op, 0), single_block(ctx, op, 1))
    else {
        return false;
    };
    let (Some(t_yield), Some(e_yield)) = (terminator(ctx, then_block), terminator(ctx, else_block))
    else {
        return false;
    };
    let n = ctx.results(op).len();
    if ctx.num_operands(t_yield) != n || ctx.num_operands(e_yield) != n {
        return false;
    }
    let cond = ctx.operand(op, 0);
    let mut changed = false;
    for i in 0..n {
        let result = ctx.result(op, i);
        if !ctx.has_uses(result) {
            continue;
        }
        let (t, f) = (ctx.operand(t_yield, i), ctx.operand(e_yield, i));
        if !defined_outside(ctx, t, op) || !defined_outside(ctx, f, op) {
            continue;
        }
        let replacement = if t == f {
            t
        } else {
            let ty = ctx.value_type(result);
            let select = create_before(ctx, op, "arith.select", &[cond, t, f], &[ty], &[]);
            ctx.result(select, 0)
        };
        ctx.replace_all_uses_with(result, replacement);
        changed = true;
    }
    changed
}

fn defined_outside(ctx: &Context, v: Value, op: Op) -> bool {
    let def_op = match ctx.value_def(v) {
        ir::ValueDef::Result { op: d, .. } => Some(d),
        ir::ValueDef::BlockArg { block, .. } => ctx.block_parent_op(block),
        ir::ValueDef::Placeholder => return false,
    };
    match ctx.value_def(v) {
        ir::ValueDef::Result { op: d, .. } => !ctx.is_ancestor(op, d),
        _ => def_op.is_none_or(|p| p != op && !ctx.is_ancestor(op, p)),
    }
}

/// Drops unused results (and the matching yield operands).
pub(super) fn if_remove_dead_results(ctx: &mut Context, op: Op) -> bool {
    let results = ctx.results(op).to_vec();
    let live: Vec<usize> = (0..results.len())
        .filter(|&i| ctx.has_uses(results[i]))
        .collect();
    if live.len() == results.len() || ctx.regions(op).len() != 2 {
        return false;
    }
    let blocks: Vec<Block> = ctx
        .regions(op)
        .to_vec()
        .into_iter()
        .filter_map(|r| ctx.entry_block(r))
        .collect();
    let mut yields = Vec::new();
    for &b in &blocks {
        match terminator(ctx, b) {
            Some(t) if ctx.num_operands(t) == results.len() => yields.push(t),
            _ => return false,
        }
    }
    for t in yields {
        let kept: Vec<Value> = live.iter().map(|&i| ctx.operand(t, i)).collect();
        ctx.set_operands(t, &kept);
    }
    let mut state = OpState::new(ctx.op_name(op), ctx.op_loc(op));
    state.operands = ctx.operand_vec(op);
    state.result_types = live.iter().map(|&i| ctx.value_type(results[i])).collect();
    state.attrs = ctx.attrs(op).to_vec();
    let new_regions = vec![ctx.create_region(), ctx.create_region()];
    state.regions = new_regions.clone();
    let new = ctx.create_op(state);
    for (old_r, new_r) in ctx.regions(op).to_vec().into_iter().zip(new_regions) {
        ctx.take_region_body(old_r, new_r);
    }
    ctx.insert_op_before(op, new);
    for (k, &i) in live.iter().enumerate() {
        let v = ctx.result(new, k);
        ctx.replace_all_uses_with(results[i], v);
    }
    ctx.erase_op(op);
    true
}

/// An else branch holding only an operand-less yield is removed.
pub(super) fn if_remove_empty_else(ctx: &mut Context, op: Op) -> bool {
    if !ctx.results(op).is_empty() || ctx.regions(op).len() != 2 {
        return false;
    }
    let Some(block) = single_block(ctx, op, 1) else {
        return false;
    };
    let only_yield = ctx
        .first_op(block)
        .is_some_and(|first| Some(first) == terminator(ctx, block) && ctx.num_operands(first) == 0);
    if !only_yield {
        return false;
    }
    ctx.erase_block(block);
    true
}
