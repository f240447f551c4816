//! Lowering of one `bufferization.dealloc` (the four cases).

use crate::Guards;
use crate::logic::{self, Bit};
use ir::dialects::arith::{CmpIOp, CmpIPredicate, ConstantOp};
use ir::dialects::bufferization::DeallocOp;
use ir::dialects::bufferization::copy::rank1_type;
use ir::dialects::func::CallOp;
use ir::dialects::memref::{
    self, AllocaOp, AllocaScopeOp, AllocaScopeReturnOp, CastOp, ExtractAlignedPointerAsIndexOp,
    ExtractStridedMetadataOp, LoadOp, StoreOp,
};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{
    Attr, Block, Builder, Context, Diagnostic, InsertPoint, Op, OpView, Traits, Type, Value,
    ValueDef,
};
use rustc_hash::FxHashMap;
use smallvec::{SmallVec, smallvec};

/// A few values: the operand groups of a dealloc, the pointers and bits its lowering computes
/// and its replacements, mostly one or two each (kept inline, not allocated per dealloc).
type Values = SmallVec<[Value; 4]>;

/// The operand groups of a dealloc, read once.
struct Groups {
    memrefs: Values,
    conditions: Values,
    retained: Values,
}

impl Groups {
    /// The groups of `dealloc`, from one read of its segment sizes.
    fn of(ctx: &Context, dealloc: DeallocOp) -> Self {
        let [memrefs, conditions, retained] = dealloc.group_ranges(ctx);
        let op = dealloc.op();
        Groups {
            memrefs: ctx.operands_in(op, memrefs).collect(),
            conditions: ctx.operands_in(op, conditions).collect(),
            retained: ctx.operands_in(op, retained).collect(),
        }
    }
}

/// What the lowering has built that the deallocs lowered later in the same block reuse: the
/// aligned pointer of each buffer, the comparisons of two pointers, and the `i1` and `index`
/// constants.
///
/// A dealloc's memrefs are mostly the base buffers that `memref.extract_strided_metadata`
/// gives for the values it frees, and its retained values are those values themselves: both
/// share one aligned pointer, taken once from the value itself. Taking it once per block (and
/// not once per operand of each dealloc) keeps the lowered code linear in the operands, and the
/// final canonicalization, which rewrites the pointer of a base buffer into the pointer of its
/// source, has no duplicates of pointers already taken to make. A constant is built once per
/// block too: the copies a dealloc would build of one already in its block are what the `cse`
/// after the lowering merges into that first one anyway.
///
/// A pointer comparison (`eq` or `ne`, both symmetric) is built once per block and pair of
/// pointers, in either order: a dealloc retaining the memrefs it frees asks whether `p` is `q`
/// for one retained value and whether `q` is `p` for the other, and `cse` merges no such
/// swapped pair.
///
/// A constant the function already holds at the start of its entry block (where the
/// canonicalization before the lowering put every constant) is used instead of building one:
/// it dominates the whole body, and is the one `cse` would merge the copy into.
#[derive(Default)]
pub(crate) struct Reuse {
    /// Whether a free known unconditional keeps its guard.
    pub(crate) guards: Guards,
    pointers: FxHashMap<(Block, Value), Value>,
    /// By block, whether the predicate is `eq` (else `ne`), and the pair of pointers, lower first.
    compares: FxHashMap<(Block, bool, Value, Value), Value>,
    constants: FxHashMap<(Block, Type, i128), Value>,
    /// The `arith.constant`s at the start of the entry block of each isolated-from-above op.
    leading: FxHashMap<Op, FxHashMap<(Type, Attr), Value>>,
}

impl Reuse {
    /// The aligned pointer of `v` at the builder's insertion point: the one taken earlier in
    /// the same block, or a new `memref.extract_aligned_pointer_as_index` there. The deallocs
    /// of a block are lowered in their order, so a pointer taken for an earlier one dominates
    /// the later ones.
    fn pointer(&mut self, b: &mut Builder, v: Value) -> Value {
        let source = ExtractStridedMetadataOp::source_of_base_buffer(b.ctx(), v).unwrap_or(v);
        let Some(block) = insertion_block(b) else {
            return ExtractAlignedPointerAsIndexOp::build(b, source).result(b);
        };
        if let Some(&pointer) = self.pointers.get(&(block, source)) {
            return pointer;
        }
        let pointer = ExtractAlignedPointerAsIndexOp::build(b, source).result(b);
        self.pointers.insert((block, source), pointer);
        pointer
    }

    /// `arith.cmpi predicate, p, q` (`eq` or `ne`) at the builder's insertion point: the one
    /// built earlier in the same block for `p` and `q` in either order (which dominates it, as
    /// for [`Reuse::pointer`]), or a new one there.
    pub(crate) fn pointer_compare(
        &mut self,
        b: &mut Builder,
        predicate: CmpIPredicate,
        p: Value,
        q: Value,
    ) -> Value {
        debug_assert!(
            matches!(predicate, CmpIPredicate::Eq | CmpIPredicate::Ne),
            "only a symmetric predicate may reuse the swapped pair"
        );
        let Some(block) = insertion_block(b) else {
            return CmpIOp::build(b, predicate, p, q).result(b);
        };
        let key = (block, predicate == CmpIPredicate::Eq, p.min(q), p.max(q));
        if let Some(&compare) = self.compares.get(&key) {
            return compare;
        }
        let compare = CmpIOp::build(b, predicate, p, q).result(b);
        self.compares.insert(key, compare);
        compare
    }

    /// `arith.constant value : ty` at the builder's insertion point: the one built earlier in
    /// the same block (which dominates it, as for [`Reuse::pointer`]), or a new one there.
    fn constant(&mut self, b: &mut Builder, value: i128, ty: Type) -> Value {
        let Some(block) = insertion_block(b) else {
            return ConstantOp::build_int(b, value, ty).result(b);
        };
        if let Some(&constant) = self.constants.get(&(block, ty, value)) {
            return constant;
        }
        if let Some(constant) = self.leading_constant(b.ctx(), block, ty, value) {
            return constant;
        }
        let constant = ConstantOp::build_int(b, value, ty).result(b);
        self.constants.insert((block, ty, value), constant);
        constant
    }

    /// The constant `value : ty` at the start of the entry block of the isolated-from-above op
    /// holding `block`, if there is one.
    fn leading_constant(
        &mut self,
        ctx: &mut Context,
        block: Block,
        ty: Type,
        value: i128,
    ) -> Option<Value> {
        let scope = ctx.isolated_scope(ctx.block_parent(block)?)?;
        let attr = ctx.int_attr(value, ty);
        let constants = self
            .leading
            .entry(scope)
            .or_insert_with(|| leading_constants(ctx, scope));
        constants.get(&(ty, attr)).copied()
    }

    /// `arith.constant true` or `false`, as [`Reuse::constant`].
    pub(crate) fn bool_constant(&mut self, b: &mut Builder, value: bool) -> Value {
        let i1 = b.ctx().i1_type();
        self.constant(b, i128::from(value), i1)
    }

    /// `arith.constant value : index`, as [`Reuse::constant`].
    fn index_constant(&mut self, b: &mut Builder, value: usize) -> Value {
        let index = b.ctx().index_type();
        self.constant(b, value as i128, index)
    }
}

/// The constants that `scope`'s entry block starts with, by type and `value` attribute (what
/// makes two constants equal to `cse`): the first of each.
fn leading_constants(ctx: &Context, scope: Op) -> FxHashMap<(Type, Attr), Value> {
    let mut constants = FxHashMap::default();
    let Some(entry) = ctx.regions(scope).first().and_then(|&r| ctx.entry_block(r)) else {
        return constants;
    };
    for op in ctx.block_ops(entry) {
        if !ctx.has_trait(op, Traits::CONSTANT_LIKE) || ctx.results(op).len() != 1 {
            break;
        }
        if let Some(constant) = ConstantOp::of(ctx, op)
            && let Some(attr) = constant.value_attr(ctx)
        {
            let result = constant.result(ctx);
            constants
                .entry((ctx.value_type(result), attr))
                .or_insert(result);
        }
    }
    constants
}

/// The block the builder inserts into.
fn insertion_block(b: &mut Builder) -> Option<Block> {
    match b.insertion_point() {
        InsertPoint::Before(op) | InsertPoint::After(op) => b.ctx().op_parent(op),
        InsertPoint::Start(block) | InsertPoint::End(block) => Some(block),
    }
}

/// Lowers one `bufferization.dealloc`; `helper` names the `@dealloc_helper` of its symbol
/// table, needed only when it has more than one memref.
pub fn lower_dealloc_op(
    ctx: &mut Context,
    op: Op,
    helper: Option<&str>,
) -> Result<(), Vec<Diagnostic>> {
    lower_dealloc(ctx, op, helper, &mut Reuse::default()).map(|_| ())
}

/// [`lower_dealloc_op`], returning the `scf.if` guarding the free in the case of one memref
/// and nothing retained (the free that may move up to its buffer's last use); the pointers and
/// constants it builds come from and go to `reuse`.
pub(crate) fn lower_dealloc(
    ctx: &mut Context,
    op: Op,
    helper: Option<&str>,
    reuse: &mut Reuse,
) -> Result<Option<Op>, Vec<Diagnostic>> {
    let d = Groups::of(ctx, DeallocOp(op));
    if d.memrefs.len() != d.conditions.len() || ctx.results(op).len() != d.retained.len() {
        return Err(vec![Diagnostic::error(
            ctx.op_loc(op),
            "malformed 'bufferization.dealloc'",
        )]);
    }
    tracing::debug!(
        at = %ir::diag::loc_text(ctx, ctx.op_loc(op)),
        memrefs = d.memrefs.len(),
        retained = d.retained.len(),
        "lowered: no memref, constants; one memref and nothing retained, a guarded free; \
         otherwise the helper's runtime alias checks"
    );
    let mut b = Builder::before(ctx, op);
    let mut guarded_free = None;
    let replacements = match (d.memrefs.len(), d.retained.len()) {
        (0, _) => lower_empty(&mut b, d.retained.len(), reuse),
        (1, 0) => {
            guarded_free = Some(dealloc_if(&mut b, d.conditions[0], d.memrefs[0]));
            Values::new()
        }
        (1, _) => lower_one_memref(&mut b, &d, reuse),
        (n, m) if !needs_helper(n, m) => lower_inline(&mut b, &d, reuse),
        _ => match helper {
            Some(name) => lower_generic(&mut b, &d, name, reuse),
            None => {
                let loc = ctx.op_loc(op);
                return Err(vec![
                    Diagnostic::error(
                        loc,
                        "library function required for generic lowering, but cannot be automatically inserted when operating on functions",
                    )
                    .on_op(op),
                    Diagnostic::error(
                        loc,
                        "failed to legalize operation 'bufferization.dealloc' that was explicitly marked illegal",
                    )
                    .on_op(op),
                ]);
            }
        },
    };
    ctx.replace_op_uses(op, &replacements);
    ctx.erase_op(op);
    erase_unused_metadata(ctx, &d.memrefs);
    Ok(guarded_free)
}

/// Erases the `memref.extract_strided_metadata` ops that gave base buffers to `memrefs` and
/// have no use left: the lowering takes pointers from their sources, so a base buffer that is
/// not freed is used by nothing, and the final canonicalization would erase its op anyway.
fn erase_unused_metadata(ctx: &mut Context, memrefs: &[Value]) {
    for &m in memrefs {
        let ValueDef::Result { op, .. } = ctx.value_def(m) else {
            continue;
        };
        if ctx.is_alive(op)
            && ExtractStridedMetadataOp::is(ctx, op)
            && !ctx.results(op).iter().any(|&r| ctx.has_uses(r))
        {
            ctx.erase_op(op);
        }
    }
}

/// No memref: every retained value's ownership is `false`.
///
/// ```text
/// %r = bufferization.dealloc retain (%x : memref<2xf32>)
/// return %r : i1
/// // becomes
/// %false = arith.constant false
/// return %false : i1
/// ```
fn lower_empty(b: &mut Builder, retained: usize, reuse: &mut Reuse) -> Values {
    if retained == 0 {
        return Values::new();
    }
    let f = reuse.bool_constant(b, false);
    smallvec![f; retained]
}

/// `scf.if %cond { memref.dealloc %m }`: the case of one memref and nothing retained.
///
/// ```text
/// bufferization.dealloc (%m : memref<2xf32>) if (%c)
/// // becomes
/// scf.if %arg1 {
///   memref.dealloc %arg0 : memref<2xf32>
/// }
/// ```
pub(crate) fn dealloc_if(b: &mut Builder, cond: Value, m: Value) -> Op {
    let guard = IfOp::build(b, cond, &[], false);
    if let Some(then_block) = guard.then_block(b) {
        b.with_insertion_point(InsertPoint::End(then_block), |b| {
            memref::DeallocOp::build(b, m);
            YieldOp::build(b, &[]);
        });
    }
    guard.op()
}

/// Unguards the frees of `guards` (`scf.if` ops holding one free, placed) whose condition is
/// the constant `true`: the free takes its guard's place, where the final canonicalization's
/// inlining of an `scf.if` on a constant would put it, without that pass matching its patterns
/// on each guard. A guard erased (pushed into the regions of another op) is passed over, as is
/// an op that is no guard.
///
/// A free in one of `clone_scopes` (the isolated-from-above ops holding a
/// `bufferization.clone`) stays guarded, here as in the inline lowering, which keeps the guards
/// of the deallocs there: canonicalize drops a clone whose source or result is
/// freed after it in its block, and a free there from the start could be seen by that pattern
/// where the free inlined later is not (its driver does not visit the clone again).
pub(crate) fn unguard_unconditional_frees(
    ctx: &mut Context,
    guards: impl IntoIterator<Item = Op>,
    clone_scopes: &[Op],
) {
    for guard in guards {
        if let Some(free) = unconditional_free(ctx, guard)
            && (clone_scopes.is_empty() || !in_scopes(ctx, guard, clone_scopes))
        {
            ctx.move_op_before(free, guard);
            ctx.erase_op(guard);
        }
    }
}

/// The isolated-from-above op (a function, mostly) holding `op`.
pub(crate) fn isolated_scope_of(ctx: &Context, op: Op) -> Option<Op> {
    ctx.isolated_scope(ctx.block_parent(ctx.op_parent(op)?)?)
}

/// Whether the isolated-from-above op holding `op` is one of `scopes`.
pub(crate) fn in_scopes(ctx: &Context, op: Op, scopes: &[Op]) -> bool {
    isolated_scope_of(ctx, op).is_some_and(|scope| scopes.contains(&scope))
}

/// The free of `guard` when it is alive and `scf.if %true { memref.dealloc %m }` (no result,
/// no else block).
fn unconditional_free(ctx: &Context, guard: Op) -> Option<Op> {
    if !ctx.is_alive(guard) || !ctx.results(guard).is_empty() {
        return None;
    }
    let guard_if = IfOp::of(ctx, guard)?;
    if guard_if.else_block(ctx).is_some()
        || ConstantOp::as_bool(ctx, guard_if.condition(ctx)) != Some(true)
    {
        return None;
    }
    let then_block = guard_if.then_block(ctx)?;
    let free = ctx.first_op(then_block)?;
    let terminator = ctx.next_op(free)?;
    let is_guard = memref::DeallocOp::is(ctx, free)
        && YieldOp::is(ctx, terminator)
        && ctx.next_op(terminator).is_none();
    is_guard.then_some(free)
}

/// One memref, N retained: linear code, no helper. The memref is freed if its condition holds
/// and its pointer differs from every retained one; retained value `k` is owned if it is the
/// memref (same pointer) and the condition holds.
///
/// ```text
/// func.func @one_retained(%m: memref<2xf32>, %c: i1, %x: memref<2xf32>) -> i1 {
///   %r = bufferization.dealloc (%m : memref<2xf32>) if (%c) retain (%x : memref<2xf32>)
///   return %r : i1
/// // becomes
/// func.func @one_retained(%arg0: memref<2xf32>, %arg1: i1, %arg2: memref<2xf32>) -> i1 {
///   %intptr = memref.extract_aligned_pointer_as_index %arg0 : memref<2xf32> -> index
///   %intptr_0 = memref.extract_aligned_pointer_as_index %arg2 : memref<2xf32> -> index
///   %0 = arith.cmpi ne, %intptr, %intptr_0 : index
///   %1 = arith.andi %0, %arg1 : i1
///   scf.if %1 {
///     memref.dealloc %arg0 : memref<2xf32>
///   }
///   %2 = arith.cmpi eq, %intptr, %intptr_0 : index
///   %3 = arith.andi %2, %arg1 : i1
///   return %3 : i1
/// ```
fn lower_one_memref(b: &mut Builder, d: &Groups, reuse: &mut Reuse) -> Values {
    let (m, cond) = (d.memrefs[0], Bit::of(b, d.conditions[0]));
    let m_ptr = reuse.pointer(b, m);
    let mut retained_pointers = Values::with_capacity(d.retained.len());
    let mut not_aliasing: SmallVec<[Bit; 4]> = SmallVec::with_capacity(d.retained.len());
    for &r in &d.retained {
        let r_ptr = reuse.pointer(b, r);
        retained_pointers.push(r_ptr);
        not_aliasing.push(logic::differ(b, reuse, m_ptr, r_ptr));
    }
    // A retained value that is the memref itself keeps it: no `arith.andi` chain to build
    // (it would fold to `false` and be left dead).
    let should = if not_aliasing.contains(&Bit::Known(false)) {
        Bit::Known(false)
    } else {
        let all = not_aliasing[1..]
            .iter()
            .fold(not_aliasing[0], |all, &v| logic::and(b, all, v));
        logic::and(b, all, cond)
    };
    free_unless_known_false(b, should, m, reuse);
    // The negation of each comparison above: the compare the final canonicalization would
    // turn `arith.xori` of it with `true` into.
    retained_pointers
        .into_iter()
        .map(|r_ptr| {
            let aliases = logic::equal(b, reuse, m_ptr, r_ptr);
            logic::and(b, aliases, cond).value(b, reuse)
        })
        .collect()
}

/// [`dealloc_if`] `should`, unless it is known `false` (then nothing is freed); when it is
/// known `true` and the guards go ([`Guards::Unguarded`]), `m` is freed unguarded (the final
/// canonicalization would inline the guard on the constant).
fn free_unless_known_false(b: &mut Builder, should: Bit, m: Value, reuse: &mut Reuse) {
    match should {
        Bit::Known(false) => {}
        Bit::Known(true) if reuse.guards == Guards::Unguarded => {
            // The constant the guard would have had, built (or not) as it would have been:
            // a later op of the block may take it from `reuse`.
            reuse.bool_constant(b, true);
            memref::DeallocOp::build(b, m);
        }
        known_true_kept_or_runtime => {
            let cond = known_true_kept_or_runtime.value(b, reuse);
            dealloc_if(b, cond, m);
        }
    }
}

/// Above this many pointer comparisons (`n * (n + m)` for `n` memrefs and `m` retained
/// values), a dealloc calls the helper instead of comparing inline.
const MAX_INLINE_COMPARISONS: usize = 64;

/// Whether a dealloc of `memrefs` memrefs and `retained` retained values is lowered through
/// the helper function (one memref never is).
pub(crate) fn needs_helper(memrefs: usize, retained: usize) -> bool {
    memrefs > 1 && memrefs * (memrefs + retained) > MAX_INLINE_COMPARISONS
}

/// Several memrefs, few enough to compare inline: straight-line code, no buffer, no call.
/// Memref `i` is freed iff its condition holds, its pointer differs from every retained one,
/// and no earlier memref whose condition holds has its pointer; retained value `k` is owned
/// iff some memref with a true condition has its pointer. Every condition is computed before
/// the first free.
///
/// ```text
/// bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>) if (%ca, %cb)
/// // becomes
/// %intptr = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
/// %intptr_0 = memref.extract_aligned_pointer_as_index %b : memref<2xf32> -> index
/// %0 = arith.cmpi ne, %intptr, %intptr_0 : index
/// %1 = arith.xori %ca, %true : i1
/// %2 = arith.ori %0, %1 : i1
/// %3 = arith.andi %cb, %2 : i1
/// scf.if %ca {
///   memref.dealloc %a : memref<2xf32>
/// }
/// scf.if %3 {
///   memref.dealloc %b : memref<2xf32>
/// }
/// ```
fn lower_inline(b: &mut Builder, d: &Groups, reuse: &mut Reuse) -> Values {
    let pointers: Values = d.memrefs.iter().map(|&m| reuse.pointer(b, m)).collect();
    let retained_pointers: Values = d.retained.iter().map(|&r| reuse.pointer(b, r)).collect();
    let t = reuse.bool_constant(b, true);
    let conditions: SmallVec<[Bit; 4]> = d.conditions.iter().map(|&c| Bit::of(b, c)).collect();
    let should_free: SmallVec<[Bit; 4]> = (0..pointers.len())
        .map(|i| should_free_inline(b, reuse, i, &pointers, &retained_pointers, &conditions, t))
        .collect();
    let ownership = retained_pointers
        .iter()
        .map(|&r_ptr| {
            let mut owned = Bit::Known(false);
            for (&ptr, &cond) in pointers.iter().zip(&conditions) {
                if owned == Bit::Known(true) {
                    break;
                }
                let same = logic::equal(b, reuse, r_ptr, ptr);
                let next = logic::and(b, same, cond);
                owned = logic::or(b, owned, next);
            }
            owned.value(b, reuse)
        })
        .collect();
    for (&should, &m) in should_free.iter().zip(&d.memrefs) {
        free_unless_known_false(b, should, m, reuse);
    }
    ownership
}

/// Whether memref `i` of an inline lowering is freed: its condition holds, its pointer differs
/// from every retained one, and no earlier memref whose condition holds has its pointer (`t`
/// is the constant `true`).
fn should_free_inline(
    b: &mut Builder,
    reuse: &mut Reuse,
    i: usize,
    pointers: &[Value],
    retained_pointers: &[Value],
    conditions: &[Bit],
    t: Value,
) -> Bit {
    let ptr = pointers[i];
    // Retained itself, it is not freed: no comparison chain to build (it would fold to
    // `false` and be left dead).
    if retained_pointers.contains(&ptr) {
        return Bit::Known(false);
    }
    let mut should = conditions[i];
    for &r_ptr in retained_pointers {
        if should == Bit::Known(false) {
            return should;
        }
        let distinct = logic::differ(b, reuse, ptr, r_ptr);
        should = logic::and(b, should, distinct);
    }
    for (&earlier, &earlier_cond) in pointers[..i].iter().zip(conditions) {
        if should == Bit::Known(false) {
            return should;
        }
        let distinct = logic::differ(b, reuse, earlier, ptr);
        let earlier_not_freeing = logic::not(b, earlier_cond, t);
        let not_taken = logic::or(b, distinct, earlier_not_freeing);
        should = logic::and(b, should, not_taken);
    }
    should
}

/// The helper's input buffers: pointers to free, their conditions, pointers to retain.
struct HelperInputs {
    to_dealloc: Value,
    conditions: Value,
    to_retain: Value,
}

/// The generic case, for many memrefs: in a `memref.alloca_scope`, store pointers and
/// conditions in stack buffers, call the helper and load its answers; after the scope, free
/// what it says. Nothing is allocated on the heap, and the stack buffers are released when the
/// scope exits (even in a loop). The scope holds no `scf` op, so lowering it to LLVM works
/// whether the `scf` ops around it are lowered before or after it.
///
/// ```text
/// %r = bufferization.dealloc (%a, %b, ... : ...) if (%ca, %cb, ...) retain (%x : memref<2xf32>)
/// // becomes
/// %0:10 = memref.alloca_scope -> (i1, i1, ..., i1) {
///   %alloca = memref.alloca() : memref<9xindex>
///   %alloca_0 = memref.alloca() : memref<9xi1>
///   %alloca_1 = memref.alloca() : memref<1xindex>
///   %intptr = memref.extract_aligned_pointer_as_index %a : memref<2xf32> -> index
///   memref.store %intptr, %alloca[%c0] : memref<9xindex>
///   ...                                    // the other pointers, the conditions, %x's pointer
///   %alloca_2 = memref.alloca() : memref<9xi1>
///   %alloca_3 = memref.alloca() : memref<1xi1>
///   call @dealloc_helper(%cast, %cast_4, %cast_5, %cast_6, %cast_7) : (...) -> ()
///   %1 = memref.load %alloca_2[%c0] : memref<9xi1>
///   ...                                    // whether to free each memref, then %x's ownership
///   memref.alloca_scope.return %1, ..., %9 : i1, ..., i1
/// }
/// scf.if %0#0 {
///   memref.dealloc %a : memref<2xf32>
/// }
/// ...                                      // the same for the other memrefs; %r is %0#9
/// ```
fn lower_generic(b: &mut Builder, d: &Groups, helper: &str, reuse: &mut Reuse) -> Values {
    let i1 = b.ctx().i1_type();
    let result_types = vec![i1; d.memrefs.len() + d.retained.len()];
    let scope = AllocaScopeOp::build(b, &result_types);
    let Some(body) = scope.body(b) else {
        return Values::new();
    };
    b.with_insertion_point(InsertPoint::End(body), |b| {
        let answers = call_helper(b, d, helper, reuse);
        AllocaScopeReturnOp::build(b, &answers);
    });
    let answers = b.results(OpView::op(scope)).to_vec();
    let (should_free, ownership) = answers.split_at(d.memrefs.len());
    for (&should, &m) in should_free.iter().zip(&d.memrefs) {
        dealloc_if(b, should, m);
    }
    Values::from_slice(ownership)
}

/// The body of [`lower_generic`]'s scope: returns whether to free each memref, then the
/// retained values' ownership.
fn call_helper(b: &mut Builder, d: &Groups, helper: &str, reuse: &mut Reuse) -> Vec<Value> {
    let inputs = fill_helper_inputs(b, d, reuse);
    let (index, i1) = (b.ctx().index_type(), b.ctx().i1_type());
    let dynamic_index = rank1_type(b.ctx(), None, index, None);
    let dynamic_i1 = rank1_type(b.ctx(), None, i1, None);
    let to_dealloc = CastOp::build(b, inputs.to_dealloc, dynamic_index).result(b);
    let conditions = CastOp::build(b, inputs.conditions, dynamic_i1).result(b);
    let to_retain = CastOp::build(b, inputs.to_retain, dynamic_index).result(b);
    let (n, m) = (d.memrefs.len() as i64, d.retained.len() as i64);
    let i1_n = rank1_type(b.ctx(), Some(n), i1, None);
    let i1_m = rank1_type(b.ctx(), Some(m), i1, None);
    let dealloc_out = AllocaOp::build(b, i1_n, &[]).result(b);
    let retain_out = AllocaOp::build(b, i1_m, &[]).result(b);
    let args = [
        to_dealloc,
        to_retain,
        conditions,
        CastOp::build(b, dealloc_out, dynamic_i1).result(b),
        CastOp::build(b, retain_out, dynamic_i1).result(b),
    ];
    CallOp::build(b, helper, &args, &[]);
    let mut load_each = |b: &mut Builder, buffer: Value, count: usize| {
        (0..count)
            .map(|i| {
                let c = reuse.index_constant(b, i);
                LoadOp::build(b, buffer, &[c]).result(b)
            })
            .collect::<Vec<Value>>()
    };
    let mut answers = load_each(b, dealloc_out, d.memrefs.len());
    answers.extend(load_each(b, retain_out, d.retained.len()));
    answers
}

/// Allocates the helper's input buffers on the stack and stores the pointers and conditions in them.
fn fill_helper_inputs(b: &mut Builder, d: &Groups, reuse: &mut Reuse) -> HelperInputs {
    let (index, i1) = (b.ctx().index_type(), b.ctx().i1_type());
    let (n, m) = (d.memrefs.len() as i64, d.retained.len() as i64);
    let index_n = rank1_type(b.ctx(), Some(n), index, None);
    let i1_n = rank1_type(b.ctx(), Some(n), i1, None);
    let index_m = rank1_type(b.ctx(), Some(m), index, None);
    let to_dealloc = AllocaOp::build(b, index_n, &[]).result(b);
    let conditions = AllocaOp::build(b, i1_n, &[]).result(b);
    let to_retain = AllocaOp::build(b, index_m, &[]).result(b);
    for (i, &v) in d.memrefs.iter().enumerate() {
        let pointer = reuse.pointer(b, v);
        let c = reuse.index_constant(b, i);
        StoreOp::build(b, pointer, to_dealloc, &[c]);
    }
    for (i, &v) in d.conditions.iter().enumerate() {
        let c = reuse.index_constant(b, i);
        StoreOp::build(b, v, conditions, &[c]);
    }
    for (i, &v) in d.retained.iter().enumerate() {
        let pointer = reuse.pointer(b, v);
        let c = reuse.index_constant(b, i);
        StoreOp::build(b, pointer, to_retain, &[c]);
    }
    HelperInputs {
        to_dealloc,
        conditions,
        to_retain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::parsed;

    /// The text of `module`.
    fn print(ctx: &Context, module: Op) -> String {
        ir::asm::print_module(ctx, module, &ir::asm::PrintOptions::default())
    }

    /// Guards on `true`, on `false`, on an argument, with an else block and with two ops:
    /// only the first is unguarded, its free where the guard was, between the same ops.
    #[test]
    fn only_a_free_guarded_by_the_constant_true_is_unguarded() {
        let guards = r#"
func.func @f(%c: i1, %m: memref<2xf32>, %n: memref<2xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %x = memref.load %n[%c0] : memref<2xf32>
  scf.if %true {
    memref.dealloc %m : memref<2xf32>
  }
  %y = memref.load %n[%c0] : memref<2xf32>
  scf.if %false {
    memref.dealloc %m : memref<2xf32>
  }
  scf.if %c {
    memref.dealloc %m : memref<2xf32>
  }
  scf.if %true {
    memref.dealloc %m : memref<2xf32>
  } else {
    memref.dealloc %n : memref<2xf32>
  }
  scf.if %true {
    memref.dealloc %m : memref<2xf32>
    memref.dealloc %n : memref<2xf32>
  }
  return
}
"#;
        let (mut ctx, module) = parsed(guards);
        let ifs: Vec<Op> = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&op| IfOp::is(&ctx, op))
            .collect();
        assert_eq!(ifs.len(), 5);
        unguard_unconditional_frees(&mut ctx, ifs.iter().copied(), &[]);
        let expected = guards.replacen(
            "  scf.if %true {\n    memref.dealloc %m : memref<2xf32>\n  }\n",
            "  memref.dealloc %m : memref<2xf32>\n",
            1,
        );
        let (expected_ctx, expected_module) = parsed(&expected);
        assert_eq!(print(&ctx, module), print(&expected_ctx, expected_module));
        assert!(ifs[1..].iter().all(|&op| ctx.is_alive(op)));
        // An erased guard is passed over.
        unguard_unconditional_frees(&mut ctx, ifs.iter().copied(), &[]);
        assert_eq!(print(&ctx, module), print(&expected_ctx, expected_module));
    }

    /// In a function holding a clone, the guard on `true` stays; in another it goes.
    #[test]
    fn a_free_in_a_function_with_a_clone_stays_guarded() {
        let text = r#"
func.func @with_clone(%m: memref<2xf32>) -> memref<2xf32> {
  %true = arith.constant true
  %copy = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  scf.if %true {
    memref.dealloc %m : memref<2xf32>
  }
  return %copy : memref<2xf32>
}
func.func @without(%m: memref<2xf32>) {
  %true = arith.constant true
  scf.if %true {
    memref.dealloc %m : memref<2xf32>
  }
  return
}
"#;
        let (mut ctx, module) = parsed(text);
        let ops = ctx.walk_preorder(module);
        let ifs: Vec<Op> = ops
            .iter()
            .copied()
            .filter(|&op| IfOp::is(&ctx, op))
            .collect();
        let clone = ops
            .iter()
            .copied()
            .find(|&op| ir::dialects::bufferization::CloneOp::is(&ctx, op))
            .expect("a clone");
        let scopes: Vec<Op> = isolated_scope_of(&ctx, clone).into_iter().collect();
        assert_eq!(scopes.len(), 1);
        unguard_unconditional_frees(&mut ctx, ifs.iter().copied(), &scopes);
        assert!(ctx.is_alive(ifs[0]));
        assert!(!ctx.is_alive(ifs[1]));
    }

    /// The inline lowering keeps the guards of the frees it knows unconditional in a function
    /// holding a clone too, as the unguarding after placement does: `@with_clone` keeps
    /// `scf.if %true`, `@without` frees its first buffer unguarded.
    #[test]
    fn the_inline_lowering_keeps_guards_in_a_function_with_a_clone() {
        let text = r#"
func.func @with_clone(%m: memref<2xf32>, %n: memref<2xf32>) -> memref<2xf32> {
  %true = arith.constant true
  %copy = bufferization.clone %m : memref<2xf32> to memref<2xf32>
  bufferization.dealloc (%m, %n : memref<2xf32>, memref<2xf32>) if (%true, %true)
  return %copy : memref<2xf32>
}
func.func @without(%m: memref<2xf32>, %n: memref<2xf32>) {
  %true = arith.constant true
  bufferization.dealloc (%m, %n : memref<2xf32>, memref<2xf32>) if (%true, %true)
  return
}
"#;
        let (mut ctx, module) = parsed(text);
        let options = crate::LowerDeallocationsOptions {
            unguard_constant_frees: true,
        };
        crate::lower_deallocations(&mut ctx, module, &options).expect("lowered");
        let printed = print(&ctx, module);
        let (with_clone, without) = printed
            .split_once("func.func @without")
            .expect("both functions");
        assert!(with_clone.contains("scf.if %true"), "{printed}");
        assert!(!without.contains("scf.if %true"), "{printed}");
        assert!(without.contains("memref.dealloc"), "{printed}");
    }
}
