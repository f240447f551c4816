//! The `buffer-deallocation` pass on one function: preconditions, clones at critical merges
//! and returns, moved frees, free placement and the write check.

use analysis::alias::is_buffer;
use analysis::dominance::{DominanceInfo, PostDominanceInfo};
use ir::clone::clone_op;
use ir::dialects::bufferization::CloneOp;
use ir::dialects::cf::BrOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::DeallocOp;
use ir::{Builder, Context, Diagnostic, EffectKind, Op, OpView, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::cycles::Cycles;
use crate::fallback;
use crate::flow::{Flow, Slot};
use crate::hazards::{
    CalleeWrites, Checker, MadeClone, Writes, carried_by, index_clones, root_uses,
};
use crate::origins::Origins;
use crate::placement::{Group, Placer, Position};

type R<T> = Result<T, Diagnostic>;

/// Runs the pass on every `func.func` with a body nested in `root`; stops at the first
/// function that fails, as MLIR does. With `keep_refused`, a function whose copies would be
/// observed is put back as it was (no ownership flags are tried) instead of failing the pass;
/// those functions are returned, in program order.
pub fn run(ctx: &mut Context, root: Op, keep_refused: bool) -> Result<Vec<Op>, Vec<Diagnostic>> {
    let funcs: Vec<Op> = ctx
        .walk_preorder(root)
        .into_iter()
        .filter(|&op| FuncOp::of(ctx, op).is_some_and(|f| f.has_body(ctx)))
        .collect();
    let analysed: Vec<(Op, Origins)> = funcs
        .iter()
        .map(|&func| {
            let dom = DominanceInfo::compute(ctx, func);
            let flow = Flow::compute(ctx, func);
            Origins::compute(ctx, func, &flow, &dom).map(|o| (func, o))
        })
        .collect::<R<_>>()
        .map_err(|d| vec![d])?;
    let callees = CalleeWrites::compute(ctx, &analysed);
    let mut refused = Vec::new();
    for func in funcs {
        tracing::debug!(function = ?FuncOp(func).sym_name(ctx), "placing clones and frees");
        match run_on_function(ctx, func, &callees, keep_refused) {
            Ok(()) => {}
            Err(Failure::Refused(kept, diagnostic)) => match kept {
                Some(original) => {
                    tracing::debug!(
                        reason = %diagnostic.message,
                        "function left as it was: its copies would be observed"
                    );
                    ctx.insert_op_before(func, original);
                    ctx.erase_op(func);
                    refused.push(original);
                }
                None => return Err(vec![diagnostic]),
            },
            Err(Failure::Error(diagnostic)) => return Err(vec![diagnostic]),
        }
    }
    Ok(refused)
}

/// Why a function could not be treated.
enum Failure {
    /// A copy would be observed and the flag fallback cannot replace it; with the copy of the
    /// function as it was before the pass, if the caller asked to keep one.
    Refused(Option<Op>, Diagnostic),
    /// Anything else (unsupported input).
    Error(Diagnostic),
}

impl From<Diagnostic> for Failure {
    fn from(diagnostic: Diagnostic) -> Self {
        Failure::Error(diagnostic)
    }
}

fn run_on_function(
    ctx: &mut Context,
    func: Op,
    callees: &CalleeWrites,
    keep_refused: bool,
) -> Result<(), Failure> {
    check_preconditions(ctx, func)?;
    let dom = DominanceInfo::compute(ctx, func);
    let flow = Flow::compute(ctx, func);
    let mut origins = Origins::compute(ctx, func, &flow, &dom)?;
    let writes = Writes::collect(ctx, func, &origins, callees);
    let original = (keep_refused && may_clone(ctx, &flow, &origins)).then(|| clone_op(ctx, func));
    let mut state = State::default();
    remove_existing_frees(ctx, func, &origins)?;
    clone_critical_slots(ctx, &flow, &origins, &mut state);
    clone_critical_pickers(ctx, &flow, &origins, &mut state);
    clone_returned_buffers(ctx, func, &mut state);
    let cyclic = Cycles::compute(ctx, func);
    let mut frees = place_frees(ctx, func, &origins, &cyclic, &mut state)?;
    let mut writes = writes;
    let mut applied = fallback::Applied::default();
    loop {
        let hazards = find_hazards(
            ctx,
            func,
            &origins,
            &writes,
            &state,
            &frees,
            &applied.removed,
        );
        let Some((_, refusal)) = hazards.first() else {
            if let Some(original) = original {
                ctx.erase_op(original);
            }
            return Ok(());
        };
        let refusal = refusal.clone();
        let indices: Vec<usize> = hazards.iter().map(|&(i, _)| i).collect();
        let mut inputs = fallback::Inputs {
            origins: &origins,
            clones: &state.clones,
            inserted: &mut state.inserted,
            frees: &mut frees,
            picker_clone: &state.picker_clone,
        };
        // With a strategy to fall back on, no flags: their re-check after flagging has missed
        // a copy of a copy observed through a flagged loop argument (fuzz seed 74002759).
        if original.is_some() || !fallback::apply(ctx, func, &mut inputs, &indices, &mut applied) {
            return Err(Failure::Refused(original, refusal));
        }
        tracing::debug!(
            merges = applied.merges.len(),
            "copies would be observed: ownership flags instead"
        );
        origins.add_origins(&applied.incoming);
        writes = Writes::collect_except(ctx, func, &origins, callees, &state.inserted);
    }
}

/// Whether the pass will clone anything at a merge or picker of the function (only such
/// clones can be refused).
fn may_clone(ctx: &Context, flow: &Flow, origins: &Origins) -> bool {
    !origins.cloned_slots(flow).is_empty()
        || flow
            .pickers
            .iter()
            .any(|&op| origins.is_critical(ctx.result(op, 0)))
}

/// Checks every clone not in `skip`; returns the refused ones with their diagnostics.
fn find_hazards(
    ctx: &Context,
    func: Op,
    origins: &Origins,
    writes: &Writes,
    state: &State,
    frees: &FxHashMap<Value, Vec<Op>>,
    skip: &FxHashSet<usize>,
) -> Vec<(usize, Diagnostic)> {
    let cyclic = Cycles::compute(ctx, func);
    let kept: Vec<&MadeClone> = state
        .clones
        .iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(i))
        .map(|(_, c)| c)
        .collect();
    let root_uses = root_uses(ctx, origins, frees);
    let (copied_into, clones_of) = index_clones(origins, kept.iter().copied());
    let carried_by = carried_by(ctx, origins);
    let checker = Checker {
        carried_by: &carried_by,
        copied_into: &copied_into,
        clones_of: &clones_of,
        origins,
        writes,
        inserted: &state.inserted,
        frees,
        cyclic: &cyclic,
        root_uses: &root_uses,
    };
    state
        .clones
        .iter()
        .enumerate()
        .filter(|(i, _)| !skip.contains(i))
        .filter_map(|(i, clone)| checker.check(ctx, clone).err().map(|d| (i, d)))
        .collect()
}

/// What the pass inserted so far.
#[derive(Default)]
struct State {
    /// Clones made at critical merges and pickers (checked for writes).
    clones: Vec<MadeClone>,
    /// Every inserted op.
    inserted: FxHashSet<Op>,
    /// A critical picker's op → the clone made of its result.
    picker_clone: FxHashMap<Op, Op>,
}

/// MLIR's precondition on region ops, in its wording, plus the frees this strategy cannot
/// move. Unlike MLIR, `cf` loops are supported: the merges at loop headers are critical like
/// any other, and their buffers are freed at the ends of their live ranges.
fn check_preconditions(ctx: &Context, func: Op) -> R<()> {
    for op in ctx.walk_preorder(func) {
        if op == func {
            continue;
        }
        let def = ctx.op_def(op);
        let regions = ctx.regions(op).len();
        if (regions > 1 || (regions == 1 && !ctx.results(op).is_empty()))
            && def.region_branch.is_none()
        {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                "All operations with attached regions need to implement the RegionBranchOpInterface.",
            )
            .on_op(op));
        }
        let frees = ctx
            .operands(op)
            .any(|v| analysis::effects::has_own_effect_on(ctx, op, EffectKind::Free, v));
        if frees && !DeallocOp::is(ctx, op) {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                "buffer-deallocation: only memref.dealloc may free a buffer here; expand \
                 memref.realloc first (expand-realloc{emit-deallocs=false})",
            )
            .on_op(op));
        }
    }
    Ok(())
}

/// Erases the program's own frees of buffers the pass frees itself ("existing deallocs are
/// moved"): the new free goes after the last use of every alias, never earlier than the old.
/// A free of what may be a function argument is rejected: callers keep ownership of the
/// buffers they pass and free them, so it would be a second free.
fn remove_existing_frees(ctx: &mut Context, func: Op, origins: &Origins) -> R<()> {
    let frees: Vec<Op> = ctx
        .walk_preorder(func)
        .into_iter()
        .filter(|&op| DeallocOp::is(ctx, op))
        .collect();
    for op in frees {
        let origin = origins.origin(ctx.operand(op, 0));
        if origin.not_owned && origin.unowned.argument {
            return Err(Diagnostic::error(
                ctx.op_loc(op),
                "buffer-deallocation: this frees a function argument, which the caller owns \
                 and frees (a function never owns the buffers it is passed)",
            )
            .on_op(op));
        }
        if !origin.roots.is_empty() {
            ctx.erase_op(op);
        }
    }
    Ok(())
}

fn insert_clone(ctx: &mut Context, before: Op, source: Value, state: &mut State) -> Value {
    let loc = ctx.op_loc(before);
    let mut b = Builder::new(ctx, ir::InsertPoint::Before(before), loc);
    let clone = CloneOp::build(&mut b, source);
    state.inserted.insert(clone.0);
    clone.result(ctx)
}

/// A branch, one of its successors and the cloned slots among the operands it forwards there,
/// each with its position among them.
type EdgeSlots = (Op, usize, Vec<(Slot, usize)>);

/// Every slot feeding a critical merge forwards a fresh clone of its value. A slot of a
/// branch with several successors is cloned on its own edge (in a new block on that edge), so
/// the clone exists only when that edge is taken: a clone made before the branch would leak
/// whenever another successor is taken.
fn clone_critical_slots(ctx: &mut Context, flow: &Flow, origins: &Origins, state: &mut State) {
    let slots = origins.cloned_slots(flow);
    // Per edge: the branch, the successor and the positions of the cloned slots among the
    // operands forwarded to it (stable while other edges of the branch are moved out).
    let mut on_edges: Vec<EdgeSlots> = Vec::new();
    let mut edge_index: FxHashMap<(Op, usize), usize> = FxHashMap::default();
    for slot in slots {
        match edge_of(ctx, slot) {
            Some((succ, k)) => match edge_index.get(&(slot.op, succ)) {
                Some(&i) => on_edges[i].2.push((slot, k)),
                None => {
                    edge_index.insert((slot.op, succ), on_edges.len());
                    on_edges.push((slot.op, succ, vec![(slot, k)]));
                }
            },
            None => clone_slot_in_place(ctx, flow, slot, state),
        }
    }
    for (branch, succ, group) in on_edges {
        clone_slots_on_edge(ctx, flow, branch, succ, &group, state);
    }
}

/// The successor whose operands hold `slot` and its position among them, if `slot.op` is a
/// branch with several successors.
fn edge_of(ctx: &Context, slot: Slot) -> Option<(usize, usize)> {
    let succs = ctx.successors(slot.op).len();
    if succs < 2 {
        return None;
    }
    (0..succs).find_map(|i| {
        ctx.successor_operand_range(slot.op, i)
            .filter(|r| r.contains(&slot.index))
            .map(|r| (i, slot.index - r.start))
    })
}

fn clone_slot_in_place(ctx: &mut Context, flow: &Flow, slot: Slot, state: &mut State) {
    let source = ctx.operand(slot.op, slot.index);
    let clone = insert_clone(ctx, slot.op, source, state);
    ctx.set_operand(slot.op, slot.index, clone);
    record_clone(ctx, flow, slot, source, clone, state);
}

fn record_clone(
    ctx: &Context,
    flow: &Flow,
    slot: Slot,
    source: Value,
    clone: Value,
    state: &mut State,
) {
    let targets = flow.targets.get(&slot).cloned().unwrap_or_default();
    let op = ctx.defining_op(clone).expect("a clone is an op result");
    state.clones.push(MadeClone {
        op,
        sources: vec![source],
        targets,
    });
}

/// Moves the operands `branch` forwards to successor `succ` into a new block on that edge,
/// which clones the values of `slots` and jumps on.
fn clone_slots_on_edge(
    ctx: &mut Context,
    flow: &Flow,
    branch: Op,
    succ: usize,
    slots: &[(Slot, usize)],
    state: &mut State,
) {
    let Some(range) = ctx.successor_operand_range(branch, succ) else {
        return;
    };
    let mut values: Vec<Value> = range.map(|i| ctx.operand(branch, i)).collect();
    ir::dialects::cf::set_successor_operands(ctx, branch, succ, &[]);
    let jump = edge_block(ctx, branch, succ, &[], Some(&values));
    for &(slot, k) in slots {
        let Some(&source) = values.get(k) else {
            continue;
        };
        let clone = insert_clone(ctx, jump, source, state);
        values[k] = clone;
        record_clone(ctx, flow, slot, source, clone, state);
    }
    ir::dialects::cf::set_successor_operands(ctx, jump, 0, &values);
}

/// A critical picker (`arith.select` of different buffers) gets a clone of its result right
/// after it; the clone takes over every use.
fn clone_critical_pickers(ctx: &mut Context, flow: &Flow, origins: &Origins, state: &mut State) {
    for &op in &flow.pickers {
        let picked = ctx.result(op, 0);
        if !origins.is_critical(picked) {
            continue;
        }
        let Some(next) = ctx.next_op(op) else {
            continue;
        };
        let clone = insert_clone(ctx, next, picked, state);
        let clone_op = ctx.defining_op(clone).expect("a clone is an op result");
        ctx.replace_all_uses_except(picked, clone, clone_op);
        state.picker_clone.insert(op, clone_op);
        state.clones.push(MadeClone {
            op: clone_op,
            sources: ctx.operands(op).filter(|&v| is_buffer(ctx, v)).collect(),
            targets: vec![picked],
        });
    }
}

/// The function ABI: the caller owns every returned buffer, so each is returned as a clone;
/// where the source dies right there, `copy-removal` and canonicalization take the clone out.
fn clone_returned_buffers(ctx: &mut Context, func: Op, state: &mut State) {
    for ret in crate::returns::function_returns(ctx, func) {
        for index in 0..ctx.num_operands(ret) {
            let value = ctx.operand(ret, index);
            if is_buffer(ctx, value) {
                let clone = insert_clone(ctx, ret, value, state);
                ctx.set_operand(ret, index, clone);
            }
        }
    }
}

/// Groups the buffer values by root and frees each root; returns the frees per root.
fn place_frees(
    ctx: &mut Context,
    func: Op,
    origins: &Origins,
    cyclic: &Cycles,
    state: &mut State,
) -> R<FxHashMap<Value, Vec<Op>>> {
    let groups = groups(ctx, origins, state);
    let dom = DominanceInfo::compute(ctx, func);
    let pdom = PostDominanceInfo::compute(ctx, func);
    let placer = Placer {
        dom: &dom,
        pdom: &pdom,
        use_as: &state.picker_clone,
        cyclic,
        graphs: Default::default(),
    };
    let mut positions = Vec::new();
    for group in &groups {
        for position in placer.place(ctx, group)? {
            positions.push((group.root, group.key, position));
        }
    }
    let mut frees: FxHashMap<Value, Vec<Op>> = FxHashMap::default();
    insert_frees(ctx, positions, &mut state.inserted, &mut frees);
    Ok(frees)
}

/// Inserts a free of each value at its position, noting it under its root in `frees`.
pub(crate) fn insert_frees(
    ctx: &mut Context,
    positions: Vec<(Value, Value, Position)>,
    inserted: &mut FxHashSet<Op>,
    frees: &mut FxHashMap<Value, Vec<Op>>,
) {
    let mut split_edges: FxHashMap<(Op, usize), Op> = FxHashMap::default();
    for (value, root, position) in positions {
        let (ip, at) = match position {
            Position::After(op) => (ir::InsertPoint::After(op), op),
            Position::Before(op) => (ir::InsertPoint::Before(op), op),
            Position::OnEdge(branch, index) => {
                let jump = *split_edges
                    .entry((branch, index))
                    .or_insert_with(|| split_edge(ctx, branch, index));
                (ir::InsertPoint::Before(jump), branch)
            }
        };
        let loc = ctx.op_loc(at);
        let mut b = Builder::new(ctx, ip, loc);
        let free = DeallocOp::build(&mut b, value);
        inserted.insert(free.0);
        frees.entry(root).or_default().push(free.0);
    }
}

/// Puts a new block on the edge from `branch` to its successor `index`: it takes the same
/// arguments and jumps on with them. Returns its jump.
fn split_edge(ctx: &mut Context, branch: Op, index: usize) -> Op {
    let dest = ctx.successors(branch)[index];
    let types: Vec<ir::Type> = ctx
        .block_args(dest)
        .iter()
        .map(|&a| ctx.value_type(a))
        .collect();
    edge_block(ctx, branch, index, &types, None)
}

/// Puts a new block with arguments of `types` on the edge from `branch` to its successor
/// `index`; it jumps on with `operands`, or with its own arguments if `None`. Returns its jump.
fn edge_block(
    ctx: &mut Context,
    branch: Op,
    index: usize,
    types: &[ir::Type],
    operands: Option<&[Value]>,
) -> Op {
    let dest = ctx.successors(branch)[index];
    let region = ctx
        .op_parent(branch)
        .and_then(|b| ctx.block_parent(b))
        .expect("a branch lies in a region");
    let loc = ctx.op_loc(branch);
    let mut b = Builder::new(ctx, ir::InsertPoint::Before(branch), loc);
    let block = b.block_in(region, types);
    b.set_insertion_point(ir::InsertPoint::End(block));
    let args = match operands {
        Some(values) => values.to_vec(),
        None => b.ctx().block_args(block).to_vec(),
    };
    let jump = BrOp::build(&mut b, dest, &args);
    ctx.set_successor(branch, index, block);
    jump.0
}

/// One group per root, aliases in program order.
fn groups(ctx: &Context, origins: &Origins, state: &State) -> Vec<Group> {
    let mut index: FxHashMap<Value, usize> = FxHashMap::default();
    let mut groups: Vec<Group> = Vec::new();
    for &v in &origins.values {
        if !origins.is_root(v) {
            continue;
        }
        let (root, def_op) = match ctx
            .defining_op(v)
            .and_then(|op| state.picker_clone.get(&op))
        {
            Some(&clone_op) => (ctx.result(clone_op, 0), Some(clone_op)),
            None => (v, ctx.defining_op(v)),
        };
        index.insert(v, groups.len());
        groups.push(Group {
            key: v,
            root,
            def_op,
            aliases: vec![root],
        });
    }
    for &v in &origins.values {
        for r in origins.origin(v).roots {
            if r != v
                && let Some(&i) = index.get(&r)
            {
                groups[i].aliases.push(v);
            }
        }
    }
    groups
}
