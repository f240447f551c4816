//! The six `bufferization.dealloc` canonicalizations, `SimplifyClones`, and a clone that is
//! only written and freed erased as a dead allocation.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{CloneOp, DeallocList, DeallocOp, DeallocOperands};
use crate::context::Context;
use crate::dialects::arith::{ConstantOp, OrIOp};
use crate::dialects::memref::ExtractStridedMetadataOp;
use crate::dialects::view::OpView;
use crate::entity::{Op, Value};
use crate::interfaces::{
    has_own_effect_on, is_allocation, may_have_effect, value_effects, view_base,
};
use crate::registry::{EffectKind, EffectOn, Effects, Registry};
use crate::rewrite::Rewriter;

/// Registers the patterns of `bufferization.dealloc` and `bufferization.clone`.
pub(crate) fn register(reg: &mut Registry) {
    if let Some(def) = reg.def_mut(DeallocOp::NAME) {
        def.canonicalization.patterns = &[canonicalize_dealloc];
    }
    if let Some(def) = reg.def_mut(CloneOp::NAME) {
        def.canonicalization.patterns = &[
            crate::dialects::memref::canonicalize::dead_alloc,
            fold_cast_of_cloned_buffer,
            simplify_clone,
        ];
    }
}

/// A `bufferization.dealloc` canonicalization, given the op's operand lists.
type DeallocPattern = fn(&mut Rewriter, Op, &DeallocOperands) -> bool;

/// Replaces `old` by a dealloc of `lists`: old result `k` becomes new result `map[k]`
/// (constant false if the new dealloc is empty, so not built).
fn replace(rw: &mut Rewriter, lists: &DeallocOperands, old: Op, map: &[usize]) {
    let mut b = rw.builder_before(old);
    let new = (!lists.memrefs.is_empty()).then(|| lists.build(&mut b));
    let mut values = Vec::new();
    let mut false_value = None;
    for &i in map {
        let v = match new {
            Some(new) => b.result_of(new.0, i),
            None => {
                *false_value.get_or_insert_with(|| ConstantOp::build_bool(&mut b, false).result(&b))
            }
        };
        values.push(v);
    }
    rw.replace_op_uses(old, &values);
    rw.erase_op(old);
}

/// The canonicalizations, in the order they are tried.
const DEALLOC_PATTERNS: [DeallocPattern; 6] = [
    erase_empty,
    remove_duplicate_memrefs,
    remove_duplicate_retained,
    erase_always_false,
    skip_extract_metadata_of_alloc,
    remove_alloc_dealloc_pair,
];

/// The dealloc canonicalizations as one pattern: applies the first that changes the dealloc
/// `op`. The operands are first looked at in place ([`any_may_apply`]): most deallocs admit
/// none, and then no list is built.
fn canonicalize_dealloc(rw: &mut Rewriter, op: Op) -> bool {
    let Some(dealloc) = DeallocOp::of(rw, op) else {
        return false;
    };
    let [memrefs, conditions, retained] = dealloc.group_ranges(rw);
    let in_place = |range| rw.operands_in(op, range);
    if !any_may_apply(
        rw,
        op,
        in_place(memrefs),
        in_place(conditions),
        in_place(retained),
    ) {
        return false;
    }
    let Some(lists) = dealloc.operand_lists(rw) else {
        return false;
    };
    canonicalize_dealloc_operands(rw, op, &lists)
}

/// The dealloc canonicalizations of the dealloc `op` given its operand lists (`lists` must be
/// [`DeallocOp::operand_lists`] of `op`), for a pass that reads them anyway: applies the first
/// that changes `op`; whether one did.
pub fn canonicalize_dealloc_operands(rw: &mut Rewriter, op: Op, lists: &DeallocOperands) -> bool {
    any_may_apply(
        rw,
        op,
        lists.memrefs.iter().copied(),
        lists.conditions.iter().copied(),
        lists.retained.iter().copied(),
    ) && DEALLOC_PATTERNS
        .iter()
        .any(|pattern| pattern(rw, op, lists))
}

/// Whether some dealloc canonicalization may change the dealloc `op` of these operand groups:
/// the test each pattern starts with (and returns `false` without a change when it fails),
/// all in one pass over the memrefs. `false` means every pattern leaves `op` as it is.
fn any_may_apply(
    ctx: &Context,
    op: Op,
    memrefs: impl ExactSizeIterator<Item = Value> + Clone,
    mut conditions: impl Iterator<Item = Value>,
    retained: impl ExactSizeIterator<Item = Value> + Clone,
) -> bool {
    memrefs.len() == 0
        || any_duplicate(memrefs.clone())
        || any_duplicate(retained)
        || conditions.any(|c| is_constant_false(ctx, c))
        || memrefs.clone().any(|m| {
            allocation_behind_metadata(ctx, m).is_some()
                || removable_allocation(ctx, op, m).is_some()
        })
}

/// Whether a value occurs twice among `values`: [`has_duplicates`], but a short group (nearly
/// all) is compared pair by pair where it is, without collecting it.
fn any_duplicate(values: impl ExactSizeIterator<Item = Value> + Clone) -> bool {
    if values.len() > 16 {
        return has_duplicates(&values.collect::<Vec<Value>>());
    }
    let mut rest = values;
    while let Some(v) = rest.next() {
        if rest.clone().any(|w| w == v) {
            return true;
        }
    }
    false
}

/// Whether `c` is the constant `false` ([`ConstantOp::as_bool`]); a value no op defines (a
/// block argument, most conditions) is answered without looking up its type.
fn is_constant_false(ctx: &Context, c: Value) -> bool {
    ctx.defining_op(c).is_some() && ConstantOp::as_bool(ctx, c) == Some(false)
}

/// The allocation whose base buffer `m` is (the source of the
/// `memref.extract_strided_metadata` giving `m`), if `m` is one.
fn allocation_behind_metadata(ctx: &Context, m: Value) -> Option<Value> {
    ExtractStridedMetadataOp::source_of_base_buffer(ctx, m).filter(|&src| is_allocation(ctx, src))
}

/// The result map keeping each of `n` results where it is.
fn identity(n: usize) -> Vec<usize> {
    (0..n).collect()
}

/// No memrefs: results are `false`.
fn erase_empty(rw: &mut Rewriter, op: Op, parts: &DeallocOperands) -> bool {
    if !parts.memrefs.is_empty() {
        return false;
    }
    let n = parts.retained.len();
    replace(rw, parts, op, &identity(n));
    true
}

/// Whether a value occurs twice in `values` (pairwise for short lists, hashed for long ones).
fn has_duplicates(values: &[Value]) -> bool {
    if values.len() <= 16 {
        return (1..values.len()).any(|i| values[..i].contains(&values[i]));
    }
    let mut seen = FxHashSet::default();
    !values.iter().all(|&v| seen.insert(v))
}

/// Duplicate memrefs are merged, their conditions OR-ed.
fn remove_duplicate_memrefs(rw: &mut Rewriter, op: Op, parts: &DeallocOperands) -> bool {
    if !has_duplicates(&parts.memrefs) {
        return false;
    }
    let mut new = DeallocOperands {
        retained: parts.retained.clone(),
        ..DeallocOperands::default()
    };
    let mut changed = false;
    let mut position: FxHashMap<Value, usize> = FxHashMap::default();
    for (&m, &c) in parts.memrefs.iter().zip(&parts.conditions) {
        match position.get(&m) {
            Some(&i) => {
                let mut b = rw.builder_before(op);
                new.conditions[i] = OrIOp::build(&mut b, new.conditions[i], c).result(&b);
                changed = true;
            }
            None => {
                position.insert(m, new.memrefs.len());
                new.memrefs.push(m);
                new.conditions.push(c);
            }
        }
    }
    if changed {
        replace(rw, &new, op, &identity(parts.retained.len()));
    }
    changed
}

/// Duplicate retained values are kept once; their results are shared.
fn remove_duplicate_retained(rw: &mut Rewriter, op: Op, parts: &DeallocOperands) -> bool {
    if !has_duplicates(&parts.retained) {
        return false;
    }
    let mut unique = DeallocList::new();
    let mut position: FxHashMap<Value, usize> = FxHashMap::default();
    let map: Vec<usize> = parts
        .retained
        .iter()
        .map(|&r| {
            *position.entry(r).or_insert_with(|| {
                unique.push(r);
                unique.len() - 1
            })
        })
        .collect();
    if unique.len() == parts.retained.len() {
        return false;
    }
    let new = DeallocOperands {
        retained: unique,
        ..parts.clone()
    };
    replace(rw, &new, op, &map);
    true
}

/// Memrefs with a constant-false condition are dropped.
fn erase_always_false(rw: &mut Rewriter, op: Op, parts: &DeallocOperands) -> bool {
    if !parts.conditions.iter().any(|&c| is_constant_false(rw, c)) {
        return false;
    }
    let keep: Vec<usize> = (0..parts.memrefs.len())
        .filter(|&i| !is_constant_false(rw, parts.conditions[i]))
        .collect();
    let new = DeallocOperands {
        memrefs: keep.iter().map(|&i| parts.memrefs[i]).collect(),
        conditions: keep.iter().map(|&i| parts.conditions[i]).collect(),
        retained: parts.retained.clone(),
    };
    replace(rw, &new, op, &identity(parts.retained.len()));
    true
}

/// `extract_strided_metadata(%alloc)` operands are replaced by `%alloc`.
fn skip_extract_metadata_of_alloc(rw: &mut Rewriter, op: Op, parts: &DeallocOperands) -> bool {
    let mut changed = false;
    for i in 0..parts.memrefs.len() {
        if let Some(src) = allocation_behind_metadata(rw, parts.memrefs[i]) {
            rw.set_operand(op, i, src);
            changed = true;
        }
    }
    changed
}

/// Whether `op`'s only effect is allocating its single result `v`.
fn only_allocates(ctx: &Context, op: Op, v: Value) -> bool {
    if ctx.results(op) != [v] || !ctx.regions(op).is_empty() {
        return false;
    }
    match ctx.memory_effects(op) {
        Effects::Known(list) => {
            !list.is_empty()
                && list
                    .iter()
                    .all(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(0))
        }
        Effects::Unknown => false,
    }
}

/// The pure allocation of `m` when the dealloc `op` is its only user. The users are looked at
/// first: most freed buffers have others, and that answers without the allocation's effects.
fn removable_allocation(ctx: &Context, op: Op, m: Value) -> Option<Op> {
    if !ctx.uses(m).all(|(user, _)| user == op) {
        return None;
    }
    ctx.defining_op(m)
        .filter(|&def| only_allocates(ctx, def, m))
}

/// A memref allocated by a pure allocation and used only by this dealloc is dropped along
/// with its allocation.
fn remove_alloc_dealloc_pair(rw: &mut Rewriter, op: Op, parts: &DeallocOperands) -> bool {
    // Checked before building anything: most deallocs free buffers used elsewhere too.
    if !parts
        .memrefs
        .iter()
        .any(|&m| removable_allocation(rw, op, m).is_some())
    {
        return false;
    }
    let mut dead_allocs = Vec::new();
    let mut dead_set: FxHashSet<Op> = FxHashSet::default();
    let mut new = DeallocOperands {
        retained: parts.retained.clone(),
        ..DeallocOperands::default()
    };
    for (&m, &c) in parts.memrefs.iter().zip(&parts.conditions) {
        match removable_allocation(rw, op, m) {
            Some(def) if dead_set.insert(def) => dead_allocs.push(def),
            _ => {
                new.memrefs.push(m);
                new.conditions.push(c);
            }
        }
    }
    if dead_allocs.is_empty() {
        return false;
    }
    replace(rw, &new, op, &identity(parts.retained.len()));
    for def in dead_allocs {
        if !rw.results(def).iter().any(|&r| rw.has_uses(r)) {
            rw.erase_op(def);
        }
    }
    true
}

/// Users of `v` (directly) that free it. A user with more operands than `v` (a
/// `bufferization.dealloc` with conditions and retained values) frees it only conditionally
/// and does not count as *the* dealloc, but it still counts as a free (so the clone stays).
fn freeing_users(ctx: &Context, v: Value) -> Vec<Op> {
    let mut out: Vec<Op> = ctx
        .uses(v)
        .map(|(user, _)| user)
        .filter(|&user| has_own_effect_on(ctx, user, EffectKind::Free, v))
        .collect();
    out.dedup();
    out
}

/// Whether `op` (with nested ops), after the clone `clone_op`, may write the buffer of
/// `source` or of `clone`. A write is harmless only when its target is a fresh allocation
/// that cannot be either: another allocation than those two, and, unless the source is an
/// allocation itself, one made after the clone (a block argument or call result may be any
/// buffer allocated before).
fn may_write_either(ctx: &Context, clone_op: Op, op: Op, source: Value, clone: Value) -> bool {
    let Some(list) = value_effects(ctx, op) else {
        return true;
    };
    let made_after_clone = |base: Value| {
        ctx.defining_op(base)
            .and_then(|def| ctx.ancestor_in_block(ctx.op_parent(clone_op)?, def))
            .is_some_and(|def| def != clone_op && ctx.is_before_in_block(clone_op, def))
    };
    list.iter()
        .filter(|e| e.kind == EffectKind::Write)
        .any(|e| match e.value {
            Some(target) => {
                let base = view_base(ctx, target);
                let distinct = is_allocation(ctx, base)
                    && base != source
                    && base != clone
                    && (is_allocation(ctx, source) || made_after_clone(base));
                !distinct
            }
            None => true,
        })
}

/// `SimplifyClones`: an unused clone is erased; a clone whose source or result is freed in
/// the clone's block with no other free in between is replaced by its source, and that free
/// erased. Beyond MLIR 22, which ignores writes: nothing in between may write the clone or
/// the source either, since after the rewrite a write to one would reach the other, which the
/// program could observe.
fn simplify_clone(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let (source, result) = (rw.operand(op, 0), rw.result(op, 0));
    if !rw.has_uses(result) {
        rw.erase_op(op);
        return true;
    }
    let (source_type, result_type) = (rw.value_type(source), rw.value_type(result));
    if source_type != result_type
        && !crate::dialects::memref::cast_compatible_types(rw, source_type, result_type)
    {
        return false;
    }
    let canonical_source = view_base(rw, source);
    let clone_frees = freeing_users(rw, result);
    let source_frees = freeing_users(rw, canonical_source);
    if clone_frees.len() > 1 || source_frees.len() > 1 {
        return false;
    }
    let conditional = |free: &Op| rw.num_operands(*free) != 1;
    if clone_frees.iter().chain(&source_frees).any(conditional) {
        return false;
    }
    let block = rw.op_parent(op);
    let (clone_free, source_free) = (clone_frees.first().copied(), source_frees.first().copied());
    if let (Some(a), Some(b)) = (clone_free, source_free)
        && rw.op_parent(a) == rw.op_parent(b)
    {
        return false;
    }
    let redundant = match (clone_free, source_free) {
        (Some(a), _) if rw.op_parent(a) == block => a,
        (_, Some(b)) if rw.op_parent(b) == block => b,
        _ => return false,
    };
    let mut pos = rw.next_op(op);
    loop {
        match pos {
            None => return false,
            Some(p) if p == redundant => break,
            Some(p) => {
                if may_have_effect(rw, p, EffectKind::Free)
                    || may_write_either(rw, op, p, canonical_source, result)
                {
                    return false;
                }
                pos = rw.next_op(p);
            }
        }
    }
    // Upstream casts the source to the clone's type where they differ.
    let replacement = if source_type == result_type {
        source
    } else {
        let mut b = rw.builder_before(op);
        crate::dialects::memref::CastOp::build(&mut b, source, result_type).result(&b)
    };
    rw.replace_all_uses_with(result, replacement);
    rw.erase_op(op);
    rw.erase_op(redundant);
    true
}

/// `bufferization.clone` of a `memref.cast` that only forgot static information copies the
/// cast's source (the result keeps its type; MLIR's `foldMemRefCast` in the clone's folder).
fn fold_cast_of_cloned_buffer(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 {
        return false;
    }
    let Some(cast) = rw
        .defining_op(rw.operand(op, 0))
        .filter(|&d| crate::dialects::memref::CastOp::is(rw, d))
    else {
        return false;
    };
    if !crate::dialects::memref::cast_folds_into_consumer(rw, cast) {
        return false;
    }
    let source = rw.operand(cast, 0);
    rw.set_operand(op, 0, source);
    true
}
