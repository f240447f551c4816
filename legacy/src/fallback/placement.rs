//! The fallback's changes to the function: the flag cells, the flags stored on each edge, the
//! frees of flagged merges put under `scf.if` of their flags, and the frees of the buffers
//! flagged merges keep alive placed again after the merges' last uses.

use analysis::dominance::{DominanceInfo, PostDominanceInfo};
use ir::dialects::arith::ConstantOp;
use ir::dialects::memref::{AllocaOp, DeallocOp, LoadOp, StoreOp};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{Builder, Context, InsertPoint, Op, OpView, TypeData, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use super::{Applied, EdgePlan, Flag, Inputs};
use crate::cycles::Cycles;
use crate::hazards::MadeClone;
use crate::placement::{Group, Placer};

/// One flag cell per merge, at the start of the function, all `false`.
pub(super) fn make_cells(
    ctx: &mut Context,
    func: Op,
    merges: &[Value],
    inserted: &mut FxHashSet<Op>,
    cells: &mut FxHashMap<Value, Value>,
) {
    let entry = ir::dialects::func::FuncOp(func)
        .body(ctx)
        .and_then(|r| ctx.entry_block(r))
        .expect("a function with a body has an entry block");
    let loc = ctx.op_loc(func);
    let i1 = ctx.i1_type();
    let cell_type = ctx.ty(TypeData::MemRef {
        shape: Vec::new(),
        elem: i1,
        layout: None,
        memory_space: None,
    });
    let mut listener = Vec::new();
    {
        let mut b = Builder::at_start(ctx, entry, loc).with_listener(&mut listener);
        let no = ConstantOp::build_bool(&mut b, false).result(&b);
        for &m in merges {
            let cell = AllocaOp::build(&mut b, cell_type, &[]).result(&b);
            StoreOp::build(&mut b, no, cell, &[]);
            cells.insert(m, cell);
        }
    }
    inserted.extend(listener);
}

/// Takes the clone out: its source flows on, the targets' cells get their flags (read before
/// the clone, written right before the op forwarding it, so that every flag of one edge is
/// read before any is written), and a buffer handed over loses its free.
pub(super) fn rewrite_edge(
    ctx: &mut Context,
    inputs: &mut Inputs,
    cells: &FxHashMap<Value, Value>,
    clone: &MadeClone,
    plan: EdgePlan,
) {
    let copy = ctx.result(clone.op, 0);
    let Some((forward, _)) = ctx.uses(copy).next() else {
        return;
    };
    let source = clone.sources[0];
    let loc = ctx.op_loc(clone.op);
    let mut listener = Vec::new();
    let mut values = Vec::new();
    {
        let mut b =
            Builder::new(ctx, InsertPoint::Before(clone.op), loc).with_listener(&mut listener);
        for &(t, flag) in &plan.flags {
            let value = match flag {
                None => continue,
                Some(Flag::Const(v)) => ConstantOp::build_bool(&mut b, v).result(&b),
                Some(Flag::Cell(from)) => LoadOp::build(&mut b, cells[&from], &[]).result(&b),
            };
            values.push((t, value));
        }
        b.set_insertion_point(InsertPoint::Before(forward));
        for (t, value) in values {
            StoreOp::build(&mut b, value, cells[&t], &[]);
        }
    }
    inputs.inserted.extend(listener);
    ctx.replace_all_uses_with(copy, source);
    ctx.erase_op(clone.op);
    inputs.inserted.remove(&clone.op);
    if let Some((root, free)) = plan.handed_free {
        if let Some(list) = inputs.frees.get_mut(&root) {
            list.retain(|&f| f != free);
        }
        erase_free(ctx, inputs, free);
    }
}

/// Erases a free the pass placed: a `memref.dealloc`, or the `scf.if` guarding one with the
/// load of its flag.
pub(super) fn erase_free(ctx: &mut Context, inputs: &mut Inputs, free: Op) {
    let flag = IfOp::of(ctx, free).map(|guard| ctx.operand(guard.0, 0));
    inputs.inserted.remove(&free);
    ctx.erase_op(free);
    if let Some(load) = flag.and_then(|v| ctx.defining_op(v))
        && ctx.uses(ctx.result(load, 0)).next().is_none()
    {
        inputs.inserted.remove(&load);
        ctx.erase_op(load);
    }
}

/// Frees again the owned buffers `roots` that flagged merges now alias, after the last use
/// of the merges' aliases too. `None` if placement finds no place (the pass then refuses).
pub(super) fn replace_kept_alive(
    ctx: &mut Context,
    func: Op,
    inputs: &mut Inputs,
    applied: &Applied,
    roots: &[Value],
) -> Option<()> {
    if roots.is_empty() {
        return Some(());
    }
    for r in roots {
        for free in inputs.frees.remove(r).unwrap_or_default() {
            erase_free(ctx, inputs, free);
        }
    }
    let dom = DominanceInfo::compute(ctx, func);
    let pdom = PostDominanceInfo::compute(ctx, func);
    let cyclic = Cycles::compute(ctx, func);
    let no_pickers = FxHashMap::default();
    let placer = Placer {
        dom: &dom,
        pdom: &pdom,
        use_as: &no_pickers,
        cyclic: &cyclic,
        graphs: Default::default(),
    };
    let mut positions = Vec::new();
    for &r in roots {
        let through = merges_through(applied, r);
        let aliases: Vec<Value> = inputs
            .origins
            .values
            .iter()
            .copied()
            .filter(|&v| {
                let origin = inputs.origins.origin(v);
                origin.roots.contains(&r) || origin.roots.iter().any(|x| through.contains(x))
            })
            .collect();
        let group = Group {
            key: r,
            root: r,
            def_op: ctx.defining_op(r),
            aliases,
        };
        for position in placer.place(ctx, &group).ok()? {
            positions.push((r, r, position));
        }
    }
    crate::pass::insert_frees(ctx, positions, inputs.inserted, inputs.frees);
    Some(())
}

/// Makes every free of the flagged merge `m` conditional on its flag: `scf.if` of the cell's
/// value around it. The `scf.if` stands for the free from now on.
pub(super) fn guard_frees(ctx: &mut Context, inputs: &mut Inputs, cell: Value, m: Value) {
    let frees = inputs.frees.remove(&m).unwrap_or_default();
    let mut guards = Vec::new();
    for free in frees {
        let loc = ctx.op_loc(free);
        let mut listener = Vec::new();
        let guard = {
            let mut b =
                Builder::new(ctx, InsertPoint::Before(free), loc).with_listener(&mut listener);
            let owned = LoadOp::build(&mut b, cell, &[]).result(&b);
            IfOp::build(&mut b, owned, &[], false)
        };
        if let Some(then_block) = guard.then_block(ctx) {
            ctx.move_op_to_end(free, then_block);
            let mut b = Builder::at_end(ctx, then_block, loc).with_listener(&mut listener);
            YieldOp::build(&mut b, &[]);
        }
        inputs.inserted.extend(listener);
        inputs.inserted.insert(guard.0);
        guards.push(guard.0);
        debug_assert!(DeallocOp::is(ctx, free));
    }
    inputs.frees.insert(m, guards);
}

/// The flagged merges that may hold `root` while it stays owned elsewhere: those keeping it
/// alive directly, and those keeping alive one of these, transitively.
fn merges_through(applied: &Applied, root: Value) -> Vec<Value> {
    let mut through: Vec<Value> = Vec::new();
    loop {
        let before = through.len();
        for &m in applied.merges.iter().chain(&applied.plain) {
            let keeps = applied
                .dominating
                .get(&m)
                .is_some_and(|d| d.iter().any(|&k| k == root || through.contains(&k)));
            if keeps && !through.contains(&m) {
                through.push(m);
            }
        }
        if through.len() == before {
            return through;
        }
    }
}
