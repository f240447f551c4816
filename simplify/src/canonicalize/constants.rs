//! Constant deduplication: identical constants merged into one per isolated-from-above
//! region, hoisted to the start of its entry block (MLIR's `OperationFolder`).

use ir::rewrite::Rewriter;
use ir::{Context, Op, Traits};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// Identity of a constant: its scope, attributes, op name and type (constants have one or two
/// attributes: kept inline, so building a key allocates nothing).
type ConstantKey = (Op, SmallVec<[(ir::Sym, ir::Attr); 2]>, ir::OpName, ir::Type);

/// Merges identical constants into one per isolated-from-above region, placed at the start
/// of its entry block as [`stays_in_place`] says: in every such region nested in `root` when
/// `scopes` is `None`, else in those of `scopes` only (each constant's identity includes its
/// region, so the others are left as they are). Returns the number of constants erased or
/// moved; `placed` receives every constant left (where a rerun would leave it).
pub(super) fn dedup_constants(
    rw: &mut Rewriter,
    root: Op,
    scopes: Option<&[Op]>,
    placed: &mut FxHashSet<Op>,
) -> usize {
    let mut constants = Vec::new();
    match scopes {
        None => constants_in_preorder(rw, root, &mut constants),
        Some(scopes) => {
            for &scope in scopes {
                constants_in_preorder(rw, scope, &mut constants);
            }
        }
    }
    let mut seen: FxHashMap<ConstantKey, ir::Value> = FxHashMap::default();
    let mut changes = 0;
    for op in constants {
        if !rw.is_alive(op) {
            continue;
        }
        let Some((scope, entry)) = hoisting_target(rw, op) else {
            placed.insert(op);
            continue;
        };
        let result = rw.result(op, 0);
        let key = (
            scope,
            SmallVec::from_slice(rw.attrs(op)),
            rw.op_name(op),
            rw.value_type(result),
        );
        if let Some(&existing) = seen.get(&key) {
            rw.replace_all_uses_with(result, existing);
            rw.erase_op(op);
            changes += 1;
            continue;
        }
        seen.insert(key, result);
        if !stays_in_place(rw, op, entry, placed) {
            rw.move_op_to_start(op, entry);
            changes += 1;
        }
        placed.insert(op);
    }
    changes
}

/// Whether the unique constant `op` stays where it is rather than move to the very start of
/// `entry`, as MLIR's `OperationFolder` decides: it stays in the entry block when it was placed
/// before, is the block's first op, or follows a placed constant. So the constants leading a
/// function keep their order, and every other one (nested, after other ops, or new) goes to the
/// front: new constants end up in the reverse of the order they are met.
fn stays_in_place(ctx: &Context, op: Op, entry: ir::Block, placed: &FxHashSet<Op>) -> bool {
    if ctx.op_parent(op) != Some(entry) {
        return false;
    }
    placed.contains(&op) || ctx.prev_op(op).is_none_or(|prev| placed.contains(&prev))
}

/// Appends the constant-like ops nested in `root` (not `root` itself) to `out`, in preorder.
///
/// Walks without collecting every op (this runs after each iteration of the driver): the
/// stack holds the ops where the walk of a block resumes (the first op of a block not walked
/// yet, or the op after one whose nested blocks are walked first), and a block's ops without
/// regions are walked in place, so an op's nested blocks are walked before its next sibling.
fn constants_in_preorder(ctx: &Context, root: Op, out: &mut Vec<Op>) {
    let mut pending = Vec::new();
    push_first_ops_of_blocks(ctx, root, &mut pending);
    while let Some(resume) = pending.pop() {
        let mut cursor = Some(resume);
        while let Some(op) = cursor {
            if ctx.has_trait(op, Traits::CONSTANT_LIKE) {
                out.push(op);
            }
            cursor = ctx.next_op(op);
            if !ctx.regions(op).is_empty() {
                if let Some(next) = cursor {
                    pending.push(next);
                }
                push_first_ops_of_blocks(ctx, op, &mut pending);
                break;
            }
        }
    }
}

/// Pushes the first op of each block nested directly in `op`, last block first (so that the
/// first block's ops are popped first).
fn push_first_ops_of_blocks(ctx: &Context, op: Op, pending: &mut Vec<Op>) {
    for &region in ctx.regions(op).iter().rev() {
        let mut block = ctx.last_block(region);
        while let Some(b) = block {
            // A plain push: `extend` from an `Option` reserves through the generic path.
            if let Some(first) = ctx.first_op(b) {
                pending.push(first);
            }
            block = ctx.prev_block(b);
        }
    }
}

/// The isolated-from-above region a constant `op` belongs to, by its owner: the scope its
/// deduplication covers; `None` for constants that stay where they are.
pub(super) fn scope_of(ctx: &Context, op: Op) -> Option<Op> {
    hoisting_target(ctx, op).map(|(scope, _)| scope)
}

/// The isolated-from-above op whose entry block a plain constant `op` is hoisted to, and
/// that block; `None` for constants that stay where they are.
fn hoisting_target(ctx: &Context, op: Op) -> Option<(Op, ir::Block)> {
    if ctx.num_operands(op) != 0 || ctx.results(op).len() != 1 || !ctx.regions(op).is_empty() {
        return None;
    }
    let scope = ctx.isolated_scope(ctx.op_parent_region(op)?)?;
    let entry = ctx
        .regions(scope)
        .first()
        .and_then(|&r| ctx.entry_block(r))?;
    Some((scope, entry))
}
