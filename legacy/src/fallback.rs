//! Item 4 of issue 14, the fallback: a critical merge whose clone would change what the program
//! computes (a buffer written through one name while the copy is read through another) is not
//! copied. It receives the buffers themselves, as the program wrote it, and a runtime ownership
//! flag says whether the merge owns what it holds: the flag lives in a stack cell
//! (`memref.alloca() : memref<i1>` at the function's entry), set on every edge into the merge,
//! and the merge's frees become `scf.if` of the flag.
//!
//! On an edge into such a merge, what flows in decides the flag:
//! * a buffer the function does not own: `false`;
//! * a buffer whose last use on this path is the edge (its free follows the clone the pass
//!   made there): it is handed over, its free goes and the flag is `true` (or the flag of the
//!   merge it came from, for a flagged merge);
//! * buffers that dominate the merge and stay in use after the edge: `false`, and the merge
//!   becomes one of their aliases, so their frees move after its last use.
//!
//! Anything else (a value that may be one of several buffers, some dying there) stays refused:
//! the pass rejects the function, or with `ownership-fallback` leaves it to the ownership-based
//! strategy.
//!
//! This module decides what each edge gets (the flagging); [`placement`] makes the changes:
//! the cells, the stores of the flags, the guarded frees and the frees placed again.

use analysis::dominance::DominanceInfo;
use ir::{Context, Op, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::hazards::MadeClone;
use crate::origins::{Origin, Origins, dominates};

mod placement;

use placement::{erase_free, guard_frees, make_cells, replace_kept_alive, rewrite_edge};

/// What the fallback changed, for the check that follows it.
#[derive(Default)]
pub struct Applied {
    /// The flagged merges, in order.
    pub merges: Vec<Value>,
    /// For each flagged merge, the owned buffers it now aliases (they stay alive through it).
    pub dominating: FxHashMap<Value, Vec<Value>>,
    /// The indices (in the pass's clone list) of the clones taken out.
    pub removed: FxHashSet<usize>,
    /// For each flagged merge, what may flow into it.
    pub incoming: FxHashMap<Value, Origin>,
    /// For each flagged merge, its flag cell.
    cells: FxHashMap<Value, Value>,
    /// The buffers handed over as owned outright (flag `true`): flagging one of them later
    /// would make those flags wrong.
    handed_owned: FxHashSet<Value>,
    /// Every buffer handed over: keeping one alive later would free it twice.
    handed: FxHashSet<Value>,
    /// For each buffer handed over, by the op forwarding it and the buffer: the merges it was
    /// handed to. Another clone of it for the same op gives no ownership, and its merges keep
    /// these alive.
    handed_at: FxHashMap<(Op, Value), Vec<Value>>,
    /// The pickers whose clones were taken out: plain aliases of the buffers they may be.
    plain: Vec<Value>,
}

/// The pass's state the fallback reads and updates.
pub struct Inputs<'a> {
    /// Origins of the values before cloning.
    pub origins: &'a Origins,
    /// The clones made at critical merges and pickers.
    pub clones: &'a [MadeClone],
    /// Every op the pass inserted (the fallback adds its own).
    pub inserted: &'a mut FxHashSet<Op>,
    /// The frees placed for each root (updated).
    pub frees: &'a mut FxHashMap<Value, Vec<Op>>,
    /// A critical picker's op → the clone made of its result.
    pub picker_clone: &'a FxHashMap<Op, Op>,
}

/// Where a flag on one edge comes from.
#[derive(Clone, Copy)]
enum Flag {
    Const(bool),
    /// The flag of this flagged merge (handed over with its buffer).
    Cell(Value),
}

/// The merges to flag: the targets of the `hazardous` clones, closed over clones feeding
/// several merges at once, and not flagged yet. `None` if a hazardous clone is a picker's.
fn flagged_merges(inputs: &Inputs, applied: &Applied, hazardous: &[usize]) -> Option<Vec<Value>> {
    let pickers: FxHashSet<Op> = inputs.picker_clone.values().copied().collect();
    let mut merges: Vec<Value> = Vec::new();
    let add = |t: Value, merges: &mut Vec<Value>| {
        if !merges.contains(&t) && !applied.merges.contains(&t) {
            merges.push(t);
        }
    };
    for &i in hazardous {
        let clone = &inputs.clones[i];
        if pickers.contains(&clone.op) {
            return None;
        }
        for &t in &clone.targets {
            add(t, &mut merges);
        }
    }
    loop {
        let before = merges.len();
        for (i, clone) in inputs.clones.iter().enumerate() {
            if !applied.removed.contains(&i)
                && !pickers.contains(&clone.op)
                && clone.targets.iter().any(|t| merges.contains(t))
            {
                for &t in &clone.targets {
                    add(t, &mut merges);
                }
            }
        }
        if merges.len() == before {
            return Some(merges);
        }
    }
}

/// Replaces the clones feeding the merges of the `hazardous` clones by ownership flags, adding
/// to what earlier rounds did (`applied`). Returns `false` if some clone cannot be replaced
/// (the pass then refuses the function).
pub fn apply(
    ctx: &mut Context,
    func: Op,
    inputs: &mut Inputs,
    hazardous: &[usize],
    applied: &mut Applied,
) -> bool {
    let (pickers, merges): (Vec<usize>, Vec<usize>) = hazardous.iter().partition(|&&i| {
        inputs
            .picker_clone
            .values()
            .any(|&c| c == inputs.clones[i].op)
    });
    if !pickers.is_empty() {
        return unclone_pickers(ctx, func, inputs, &pickers, applied).is_some();
    }
    apply_round(ctx, func, inputs, &merges, applied).is_some()
}

/// Takes out the clones of the hazardous pickers (`arith.select` of several buffers): the
/// picked value is used as it is, owns nothing, and the buffers it may be stay alive until
/// the last use of its aliases (their frees move after it; those of flagged merges stay
/// guarded by their flags). `None` if one of them cannot be kept alive that way.
fn unclone_pickers(
    ctx: &mut Context,
    func: Op,
    inputs: &mut Inputs,
    pickers: &[usize],
    applied: &mut Applied,
) -> Option<()> {
    let mut origins = Vec::new();
    for &i in pickers {
        let clone = &inputs.clones[i];
        let mut origin = Origin::empty();
        for &source in &clone.sources {
            origin.join_with(&inputs.origins.origin(source));
        }
        if origin.overflow {
            return None;
        }
        origins.push((i, clone.targets[0], origin));
    }
    let mut kept: Vec<Value> = Vec::new();
    for (_, _, origin) in &origins {
        for &r in &origin.roots {
            if !kept.contains(&r) {
                kept.push(r);
            }
        }
    }
    close_over_dominating(applied, &mut kept, |_| std::iter::empty());
    if kept
        .iter()
        .any(|&r| is_picker_root(ctx, inputs, r) || applied.handed.contains(&r))
    {
        return None;
    }
    for (i, picked, origin) in origins {
        let clone = inputs.clones[i].op;
        for free in inputs.frees.remove(&picked).unwrap_or_default() {
            erase_free(ctx, inputs, free);
        }
        let copy = ctx.result(clone, 0);
        ctx.replace_all_uses_with(copy, picked);
        ctx.erase_op(clone);
        inputs.inserted.remove(&clone);
        applied.removed.insert(i);
        let list = applied.dominating.entry(picked).or_default();
        for &r in &origin.roots {
            if !list.contains(&r) {
                list.push(r);
            }
        }
        applied
            .incoming
            .entry(picked)
            .or_insert_with(Origin::empty)
            .join_with(&origin);
        applied.plain.push(picked);
    }
    replace_kept_alive(ctx, func, inputs, applied, &kept)?;
    for &r in &kept {
        if let Some(&cell) = applied.cells.get(&r) {
            guard_frees(ctx, inputs, cell, r);
        }
    }
    Some(())
}

fn apply_round(
    ctx: &mut Context,
    func: Op,
    inputs: &mut Inputs,
    hazardous: &[usize],
    applied: &mut Applied,
) -> Option<()> {
    let merges = flagged_merges(inputs, applied, hazardous)?;
    if merges.is_empty() || merges.iter().any(|m| applied.handed_owned.contains(m)) {
        return None;
    }
    let dom = DominanceInfo::compute(ctx, func);
    let flagged: Vec<Value> = applied.merges.iter().chain(&merges).copied().collect();
    let plans = plan_edges(ctx, &dom, inputs, applied, &merges, &flagged)?;
    let mut handed_frees: FxHashSet<Op> = FxHashSet::default();
    if plans
        .iter()
        .filter_map(|(_, p)| p.handed_free)
        .any(|(_, free)| !handed_frees.insert(free))
    {
        return None;
    }
    let handed: Vec<Value> = plans
        .iter()
        .filter_map(|(_, p)| p.handed_free.map(|(r, _)| r))
        .collect();
    let kept_before = || applied.dominating.values().flatten();
    if handed.iter().any(|r| kept_before().any(|k| k == r)) {
        return None;
    }
    let kept_alive = kept_alive_closure(applied, &plans);
    if kept_alive.iter().any(|&r| {
        is_picker_root(ctx, inputs, r) || handed.contains(&r) || applied.handed.contains(&r)
    }) {
        return None;
    }
    make_cells(ctx, func, &merges, inputs.inserted, &mut applied.cells);
    applied.merges.extend(merges.iter().copied());
    for (i, plan) in plans {
        let clone = &inputs.clones[i];
        let source = inputs.origins.origin(clone.sources[0]);
        for &t in &clone.targets {
            let incoming = applied.incoming.entry(t).or_insert_with(Origin::empty);
            incoming.join_with(&source);
        }
        for (t, roots) in &plan.kept_alive {
            let list = applied.dominating.entry(*t).or_default();
            for &r in roots {
                if !list.contains(&r) {
                    list.push(r);
                }
            }
        }
        if let Some((r, _)) = plan.handed_free {
            if let Some(forward) = forwarding_op(ctx, clone.op) {
                applied
                    .handed_at
                    .insert((forward, r), clone.targets.clone());
            }
            applied.handed.insert(r);
            if !flagged.contains(&r) {
                applied.handed_owned.insert(r);
            }
        }
        rewrite_edge(ctx, inputs, &applied.cells, clone, plan);
        applied.removed.insert(i);
    }
    replace_kept_alive(ctx, func, inputs, applied, &kept_alive)?;
    let mut unguarded = merges;
    for &r in &kept_alive {
        if applied.merges.contains(&r) && !unguarded.contains(&r) {
            unguarded.push(r);
        }
    }
    for m in unguarded {
        guard_frees(ctx, inputs, applied.cells[&m], m);
    }
    Some(())
}

/// The plans of the clones into `merges`, solved until the buffers each flagged merge keeps
/// alive settle (a merge handed over passes on what it keeps alive).
fn plan_edges(
    ctx: &Context,
    dom: &DominanceInfo,
    inputs: &Inputs,
    applied: &Applied,
    merges: &[Value],
    flagged: &[Value],
) -> Option<Vec<(usize, EdgePlan)>> {
    let mut dominating = applied.dominating.clone();
    for _ in 0..MAX_PLAN_ROUNDS {
        let mut plans = Vec::new();
        for (i, clone) in inputs.clones.iter().enumerate() {
            if applied.removed.contains(&i) || !clone.targets.iter().any(|t| merges.contains(t)) {
                continue;
            }
            let known = Known {
                flagged,
                dominating: &dominating,
                handed_at: &applied.handed_at,
            };
            let plan = plan_edge(ctx, dom, inputs, &known, clone)?;
            plans.push((i, plan));
        }
        share_handed_buffers(ctx, dom, inputs, &mut plans)?;
        let mut next = applied.dominating.clone();
        for (t, roots) in plans.iter().flat_map(|(_, p)| &p.kept_alive) {
            let list = next.entry(*t).or_default();
            for &r in roots {
                if !list.contains(&r) {
                    list.push(r);
                }
            }
        }
        if next == dominating {
            return Some(plans);
        }
        dominating = next;
    }
    None
}

/// The owned buffers the new flagged merges keep alive, with those the flagged merges among
/// them keep alive in turn: a merge that may hold a flagged merge's buffer may hold whatever
/// that merge may hold, so each of them must outlive the new merges' aliases too.
fn kept_alive_closure(applied: &Applied, plans: &[(usize, EdgePlan)]) -> Vec<Value> {
    let mut kept: Vec<Value> = Vec::new();
    for &r in plans
        .iter()
        .flat_map(|(_, plan)| &plan.kept_alive)
        .flat_map(|(_, roots)| roots)
    {
        if !kept.contains(&r) {
            kept.push(r);
        }
    }
    close_over_dominating(applied, &mut kept, |r| {
        plans
            .iter()
            .flat_map(|(_, plan)| &plan.kept_alive)
            .filter(move |(t, _)| *t == r)
            .flat_map(|(_, roots)| roots.iter().copied())
    });
    kept
}

/// Adds to `kept` what the flagged merges among it keep alive (those of earlier rounds, and
/// `in_round`), transitively.
fn close_over_dominating<I: Iterator<Item = Value>>(
    applied: &Applied,
    kept: &mut Vec<Value>,
    in_round: impl Fn(Value) -> I,
) {
    let mut next = 0;
    while let Some(&r) = kept.get(next) {
        next += 1;
        let earlier = applied.dominating.get(&r).into_iter().flatten().copied();
        for d in earlier.chain(in_round(r)) {
            if !kept.contains(&d) {
                kept.push(d);
            }
        }
    }
}

/// Most rounds of [`plan_edges`] (each round passes kept-alive buffers one merge further).
const MAX_PLAN_ROUNDS: usize = 16;

/// What one clone into flagged merges becomes.
struct EdgePlan {
    /// The flag each target gets (`None`: the target keeps its own flag).
    flags: Vec<(Value, Option<Flag>)>,
    /// The free handed over with the buffer, erased.
    handed_free: Option<(Value, Op)>,
    /// Owned buffers each target now aliases.
    kept_alive: Vec<(Value, Vec<Value>)>,
}

/// What planning one edge knows of the other merges.
struct Known<'a> {
    /// Every flagged merge, this round's included.
    flagged: &'a [Value],
    /// What each flagged merge keeps alive.
    dominating: &'a FxHashMap<Value, Vec<Value>>,
    /// [`Applied::handed_at`].
    handed_at: &'a FxHashMap<(Op, Value), Vec<Value>>,
}

/// The op a clone's copy is forwarded by (its one use).
fn forwarding_op(ctx: &Context, clone: Op) -> Option<Op> {
    ctx.uses(ctx.result(clone, 0)).next().map(|(op, _)| op)
}

/// The buffers a merge `t` fed with a value of `roots` by `forward` keeps alive: each root,
/// or, for a root already handed to merges on that op, those of them defined with `t` or
/// before it.
fn held_buffers(
    ctx: &Context,
    dom: &DominanceInfo,
    known: &Known,
    forward: Option<Op>,
    roots: &[Value],
    t: Value,
) -> Vec<Value> {
    let mut out = Vec::new();
    for &r in roots {
        let partners: Vec<Value> = forward
            .and_then(|f| known.handed_at.get(&(f, r)))
            .into_iter()
            .flatten()
            .copied()
            .filter(|&p| defined_with(ctx, p, t) || dominates(ctx, dom, p, t))
            .collect();
        if partners.is_empty() {
            out.push(r);
        }
        for p in partners {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

fn plan_edge(
    ctx: &Context,
    dom: &DominanceInfo,
    inputs: &Inputs,
    known: &Known,
    clone: &MadeClone,
) -> Option<EdgePlan> {
    let (flagged, dominating) = (known.flagged, known.dominating);
    let [source] = clone.sources[..] else {
        return None;
    };
    let origin = inputs.origins.origin(source);
    if origin.overflow {
        return None;
    }
    let mut plan = EdgePlan {
        flags: Vec::new(),
        handed_free: None,
        kept_alive: Vec::new(),
    };
    if origin.roots.is_empty() {
        plan.flags = clone
            .targets
            .iter()
            .map(|&t| (t, Some(Flag::Const(false))))
            .collect();
        return Some(plan);
    }
    let dying: Vec<(Value, Op)> = origin
        .roots
        .iter()
        .filter_map(|&r| free_after(ctx, inputs, clone.op, r).map(|f| (r, f)))
        .collect();
    let handed = match dying[..] {
        [] => None,
        [(r, free)] if flagged.contains(&r) && is_view_of(ctx, source, r) => Some((r, free)),
        [(r, free)] if origin.roots.len() == 1 && !origin.not_owned => Some((r, free)),
        _ => return None,
    };
    plan.handed_free = handed;
    for &t in &clone.targets {
        let flag = match handed {
            Some((r, _)) if r == t => None,
            Some((r, _)) if flagged.contains(&r) => Some(Flag::Cell(r)),
            Some(_) => Some(Flag::Const(true)),
            None => Some(Flag::Const(false)),
        };
        plan.flags.push((t, flag));
        // The buffers the value may be besides the one handed over: those a flagged merge
        // keeps alive, or none for a fresh buffer.
        let others: Vec<Value> = match handed {
            Some((r, _)) => dominating.get(&r).cloned().unwrap_or_default(),
            None => held_buffers(
                ctx,
                dom,
                known,
                forwarding_op(ctx, clone.op),
                &origin.roots,
                t,
            ),
        };
        if !others
            .iter()
            .all(|&r| dominates(ctx, dom, r, t) || defined_with(ctx, r, t))
        {
            return None;
        }
        if !others.is_empty() {
            plan.kept_alive.push((t, others));
        }
    }
    Some(plan)
}

/// Whether `v` is `root` or a view of it (through view ops only): then it is the buffer
/// `root` holds, whatever that is.
fn is_view_of(ctx: &Context, mut v: Value, root: Value) -> bool {
    loop {
        if v == root {
            return true;
        }
        let Some(op) = ctx.defining_op(v) else {
            return false;
        };
        match ctx.op_def(op).view_source {
            Some(source) if ctx.results(op).first() == Some(&v) => v = source(ctx, op),
            _ => return false,
        }
    }
}

/// The free of `root` right after `clone` (nothing but inserted ops in between). Other clones
/// of the same buffer may lie in between: they copy it before the free, and where several of
/// them feed flagged merges, [`share_handed_buffers`] hands the buffer to one only.
fn free_after(ctx: &Context, inputs: &Inputs, clone: Op, root: Value) -> Option<Op> {
    let frees = inputs.frees.get(&root)?;
    let mut cur = ctx.next_op(clone);
    while let Some(op) = cur {
        if frees.contains(&op) {
            return Some(op);
        }
        if !inputs.inserted.contains(&op) {
            return None;
        }
        cur = ctx.next_op(op);
    }
    None
}

/// Several clones of one buffer dying on one edge (the same free after each, as where a loop
/// yields one new buffer as two iteration arguments): the first takes the buffer over, the
/// others' merges get `false` and keep the first one's merges alive, which are defined with
/// them (arguments of the same block, results of the same op) or before them. `None` if some
/// merge has no such partner.
fn share_handed_buffers(
    ctx: &Context,
    dom: &DominanceInfo,
    inputs: &Inputs,
    plans: &mut [(usize, EdgePlan)],
) -> Option<()> {
    let mut leaders: FxHashMap<Op, usize> = FxHashMap::default();
    for k in 0..plans.len() {
        let Some((_, free)) = plans[k].1.handed_free else {
            continue;
        };
        let Some(&lead) = leaders.get(&free) else {
            leaders.insert(free, k);
            continue;
        };
        let partners = &inputs.clones[plans[lead].0].targets;
        let follower = &mut plans[k].1;
        follower.handed_free = None;
        follower.kept_alive.clear();
        for (t, flag) in &mut follower.flags {
            *flag = Some(Flag::Const(false));
            let held: Vec<Value> = partners
                .iter()
                .copied()
                .filter(|&p| defined_with(ctx, p, *t) || dominates(ctx, dom, p, *t))
                .collect();
            if held.is_empty() {
                return None;
            }
            follower.kept_alive.push((*t, held));
        }
    }
    Some(())
}

/// Whether `a` and `b` are distinct arguments of one block or distinct results of one op:
/// wherever one is available, so is the other.
fn defined_with(ctx: &Context, a: Value, b: Value) -> bool {
    if a == b {
        return false;
    }
    match (ctx.value_def(a), ctx.value_def(b)) {
        (ValueDef::Result { op: x, .. }, ValueDef::Result { op: y, .. }) => x == y,
        (ValueDef::BlockArg { block: x, .. }, ValueDef::BlockArg { block: y, .. }) => x == y,
        _ => false,
    }
}

/// Whether `root` is a critical picker's result (freed through its clone).
fn is_picker_root(ctx: &Context, inputs: &Inputs, root: Value) -> bool {
    ctx.defining_op(root)
        .is_some_and(|op| inputs.picker_clone.contains_key(&op))
}
