//! Loop simplification: the frees of a loop's results become frees of the loop's operands
//! when the loop only permutes the buffers it was given.
//!
//! ```text
//! %w:2 = scf.while (%x = %a, %y = %b) ... {   // every trip hands on %x and %y, swapped or not
//! memref.dealloc %w#0                          memref.dealloc %a
//! memref.dealloc %w#1                          memref.dealloc %b
//! ```
//!
//! The values flowing along the op's region edges are grouped (an operand with the region
//! argument receiving it, a terminator operand with the value receiving it). A group qualifies
//! when it holds only operands of the op, arguments of its own regions and results of the op
//! that are freed at most once, by a `memref.dealloc` of the same block after their other
//! uses, and when it has as many distinct operands as freed results: the results are then the operands in some order,
//! all freed, so freeing the operands frees the same buffers at the same points. The frees
//! then name buffers of the enclosing block, where dealloc/alloc reuse can pair them.

use analysis::alias::is_buffer;
use ir::dialects::memref::DeallocOp;
use ir::{Block, Context, Op, OpView, RegionPoint, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

/// Simplifies the frees of the results of the region ops of `block`; returns whether
/// anything changed.
pub(crate) fn simplify_loop_frees(ctx: &mut Context, block: Block) -> bool {
    let ops: Vec<Op> = ctx
        .block_ops(block)
        .filter(|&op| !ctx.regions(op).is_empty() && ctx.op_def(op).region_branch.is_some())
        .collect();
    let mut changed = false;
    for op in ops {
        changed |= simplify_op(ctx, block, op);
    }
    changed
}

/// A union-find over values.
#[derive(Default)]
struct Groups {
    parent: FxHashMap<Value, Value>,
}

impl Groups {
    fn find(&mut self, v: Value) -> Value {
        let mut root = v;
        while let Some(&p) = self.parent.get(&root) {
            if p == root {
                break;
            }
            root = p;
        }
        let mut cur = v;
        while cur != root {
            let next = self.parent.get(&cur).copied().unwrap_or(root);
            self.parent.insert(cur, root);
            cur = next;
        }
        root
    }

    fn union(&mut self, a: Value, b: Value) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }
}

/// What one member of a group is.
enum Member {
    Operand(usize),
    Freed(Op),
    Other,
    Disqualifying,
}

fn simplify_op(ctx: &mut Context, block: Block, op: Op) -> bool {
    let frees = result_frees(ctx, block, op);
    if !frees.iter().any(|f| matches!(f, Ok(Some(_)))) {
        return false;
    }
    let mut groups = Groups::default();
    let mut members: Vec<Value> = Vec::new();
    let points = std::iter::once(RegionPoint::Parent)
        .chain((0..ctx.regions(op).len()).map(RegionPoint::Region));
    for point in points {
        for successor in analysis::cfg::region_successors(ctx, op, point) {
            for (&from, &to) in successor.operands.iter().zip(&successor.inputs) {
                groups.union(from, to);
                members.extend([from, to]);
            }
        }
    }
    members.sort_unstable();
    members.dedup();
    let mut by_group: FxHashMap<Value, Vec<Value>> = FxHashMap::default();
    let mut roots = Vec::new();
    for &member in &members {
        let root = groups.find(member);
        let list = by_group.entry(root).or_default();
        if list.is_empty() {
            roots.push(root);
        }
        list.push(member);
    }
    let mut changed = false;
    let mut operand_index: FxHashMap<Value, usize> = FxHashMap::default();
    for (i, v) in ctx.operands(op).enumerate() {
        operand_index.entry(v).or_insert(i);
    }
    let shape = LoopShape {
        block,
        op,
        frees: &frees,
        operand_index: &operand_index,
    };
    for root in roots {
        let group = &by_group[&root];
        if let Some(rewrites) = group_rewrites(ctx, &shape, group) {
            for (dealloc, operand) in rewrites {
                ctx.set_operand(dealloc, 0, operand);
            }
            changed = true;
        }
    }
    changed
}

/// For each result of `op`, its one `memref.dealloc` in `block` (`Err` if it is freed
/// elsewhere or more than once, `Ok(None)` if it is not freed).
fn result_frees(ctx: &Context, block: Block, op: Op) -> Vec<Result<Option<Op>, ()>> {
    ctx.results(op)
        .iter()
        .map(|&r| {
            let mut found = None;
            for (user, _) in ctx.uses(r) {
                if DeallocOp::is(ctx, user) {
                    if found.is_some() || ctx.op_parent(user) != Some(block) {
                        return Err(());
                    }
                    found = Some(user);
                }
            }
            Ok(found)
        })
        .collect()
}

/// Whether every use of the results in `group` other than their frees comes before the
/// first of `freed` (all ops of `block`): after it, a result could be a buffer freed already.
fn results_dead_at_first_free(
    ctx: &Context,
    block: Block,
    op: Op,
    group: &[Value],
    freed: &[Op],
) -> bool {
    let Some(&first) = freed.iter().min_by(|&&a, &&b| {
        if ctx.is_before_in_block(a, b) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    }) else {
        return true;
    };
    group
        .iter()
        .filter(|&&v| matches!(ctx.value_def(v), ValueDef::Result { op: def, .. } if def == op))
        .all(|&v| {
            uses_through_aliases(ctx, block, v, freed)
                .is_some_and(|tops| tops.iter().all(|&top| ctx.is_before_in_block(top, first)))
        })
}

/// The ops of `block` that use `v` or a buffer that may alias it, other than the frees in
/// `freed`; `None` if one is outside `block`. A buffer result of a user (a view, a select, a
/// region op it enters) and of that user's ancestor in `block` counts as an alias: a view of
/// a result read after another result's free reads that free's buffer when the loop permuted
/// them.
fn uses_through_aliases(ctx: &Context, block: Block, v: Value, freed: &[Op]) -> Option<Vec<Op>> {
    let mut tops = Vec::new();
    let mut seen: FxHashSet<Value> = FxHashSet::default();
    let mut work = vec![v];
    while let Some(w) = work.pop() {
        if !seen.insert(w) {
            continue;
        }
        for (user, _) in ctx.uses(w) {
            if freed.contains(&user) {
                continue;
            }
            let top = ctx.ancestor_in_block(block, user)?;
            tops.push(top);
            for holder in [user, top] {
                work.extend(
                    ctx.results(holder)
                        .iter()
                        .copied()
                        .filter(|&r| is_buffer(ctx, r)),
                );
            }
        }
    }
    Some(tops)
}

/// The frees to rewrite in `group` (each with the operand it frees instead), if it qualifies.
fn group_rewrites(
    ctx: &Context,
    shape: &LoopShape<'_>,
    group: &[Value],
) -> Option<Vec<(Op, Value)>> {
    let (block, op) = (shape.block, shape.op);
    let mut operands: Vec<(usize, Value)> = Vec::new();
    let mut freed: Vec<Op> = Vec::new();
    for &value in group {
        match classify(ctx, shape, value) {
            Member::Operand(i) => operands.push((i, value)),
            Member::Freed(dealloc) => freed.push(dealloc),
            Member::Other => {}
            Member::Disqualifying => return None,
        }
    }
    operands.sort_unstable();
    operands.dedup_by_key(|(_, v)| *v);
    if freed.is_empty()
        || operands.len() != freed.len()
        || !results_dead_at_first_free(ctx, block, op, group, &freed)
    {
        return None;
    }
    let already = freed
        .iter()
        .zip(&operands)
        .all(|(&d, &(_, v))| ctx.operand(d, 0) == v);
    (!already).then(|| {
        freed
            .into_iter()
            .zip(operands.into_iter().map(|(_, v)| v))
            .collect()
    })
}

/// The region op being simplified, in its block, with its results' frees and the first
/// position of each of its operands.
struct LoopShape<'a> {
    block: Block,
    op: Op,
    frees: &'a [Result<Option<Op>, ()>],
    operand_index: &'a FxHashMap<Value, usize>,
}

fn classify(ctx: &Context, shape: &LoopShape<'_>, value: Value) -> Member {
    let op = shape.op;
    match ctx.value_def(value) {
        ValueDef::Result { op: def, index } if def == op => match shape.frees.get(index as usize) {
            Some(Ok(Some(dealloc))) => Member::Freed(*dealloc),
            Some(Ok(None)) => Member::Other,
            _ => Member::Disqualifying,
        },
        _ => {
            if let Some(&i) = shape.operand_index.get(&value) {
                return Member::Operand(i);
            }
            let owner = ctx
                .value_parent_block(value)
                .and_then(|b| ctx.block_parent_op(b));
            let is_region_arg =
                matches!(ctx.value_def(value), ValueDef::BlockArg { .. }) && owner == Some(op);
            if is_region_arg {
                Member::Other
            } else {
                Member::Disqualifying
            }
        }
    }
}
