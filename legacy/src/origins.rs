//! Which buffer each value of a function holds, as far as freeing is concerned, and which
//! merge values are *critical* (MLIR's critical aliases): a merge is critical when it may
//! receive different buffers (or a buffer this function owns and one it does not), or a
//! buffer allocated at a place that does not dominate it. A critical merge becomes a buffer
//! of its own: every slot feeding it forwards a fresh clone, so it owns what it holds.
//!
//! The lattice per value is a set of *roots* (the owned buffers it may be a view of: an
//! allocation, a call result, or a critical merge) plus a flag for buffers the function must
//! not free (arguments, globals, stack buffers, results of unknown ops). Unlike MLIR, a merge
//! of several buffers that are all available where it is defined (an `arith.select`, a join
//! of buffers allocated before the branch) is not critical: it is an alias of each, and each
//! is freed after its last use, so it needs no copy. A merge is critical when one of its
//! buffers is allocated where it does not dominate the merge (a branch, a loop trip), or when
//! it may hold more than [`MAX_ROOTS`] buffers. It is solved by rounds over the values in
//! program order until nothing changes; a value only grows, except that a merge, once
//! critical, is its own root for good, so the rounds terminate.

use analysis::alias::is_buffer;
use analysis::dominance::DominanceInfo;
use ir::{
    Context, Diagnostic, EffectKind, EffectOn, Effects, Op, Resource, Traits, Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::flow::{Flow, Slot, is_picker};

/// Most owned buffers one value is tracked as a view of; a merge of more is made critical.
const MAX_ROOTS: usize = 8;

/// What a value may hold: a view of one of several owned buffers (by root), and/or of a
/// buffer the function does not own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// It may hold a buffer the function does not own.
    pub not_owned: bool,
    /// Which buffers not owned it may hold.
    pub unowned: Unowned,
    /// The roots of the owned buffers it may be a view of, sorted.
    pub roots: SmallVec<[Value; 2]>,
    /// It may hold more buffers than are tracked.
    pub overflow: bool,
}

impl Origin {
    /// Nothing known yet.
    pub fn empty() -> Origin {
        Origin::default()
    }

    /// A buffer the function does not own, of this kind.
    pub fn not_owned(unowned: Unowned) -> Origin {
        Origin {
            not_owned: true,
            unowned,
            ..Origin::default()
        }
    }

    /// A view of the buffer owned by `root`.
    pub fn root(root: Value) -> Origin {
        Origin {
            roots: smallvec::smallvec![root],
            ..Origin::default()
        }
    }

    /// Whether nothing is known yet (unreachable code).
    pub fn is_empty(&self) -> bool {
        !self.not_owned && self.roots.is_empty() && !self.overflow
    }

    pub(crate) fn join_with(&mut self, other: &Origin) {
        self.not_owned |= other.not_owned;
        self.unowned.join_with(&other.unowned);
        self.overflow |= other.overflow;
        for &r in &other.roots {
            if let Err(i) = self.roots.binary_search(&r) {
                self.roots.insert(i, r);
            }
        }
        if self.roots.len() > MAX_ROOTS {
            self.overflow = true;
        }
    }
}

/// Which buffers the function does not own a value may hold: arguments (which may alias each
/// other), some stack buffers, or anything else (globals, results of unknown ops).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unowned {
    /// A function argument.
    pub argument: bool,
    /// These stack allocations (sorted).
    pub stack: SmallVec<[Value; 1]>,
    /// Anything.
    pub unknown: bool,
}

impl Unowned {
    /// Anything.
    pub fn anything() -> Unowned {
        Unowned {
            unknown: true,
            ..Unowned::default()
        }
    }

    fn join_with(&mut self, other: &Unowned) {
        self.argument |= other.argument;
        self.unknown |= other.unknown;
        for &v in &other.stack {
            if let Err(i) = self.stack.binary_search(&v) {
                self.stack.insert(i, v);
            }
        }
        if self.stack.len() > MAX_ROOTS {
            self.unknown = true;
        }
    }

    /// Whether a buffer of `self` and one of `other` may be the same.
    pub fn may_alias(&self, other: &Unowned) -> bool {
        self.unknown
            || other.unknown
            || (self.argument && other.argument)
            || self.stack.iter().any(|v| other.stack.contains(v))
    }
}

/// How a value gets its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A fresh buffer owned by the function (heap allocation, call result).
    Owned,
    /// Fed by slots (block, region argument or region-branch result).
    Merge,
    /// The result of an op picking one of its buffer operands.
    Picker,
    /// The same buffer as this value.
    ViewOf(Value),
    /// Nothing the function owns.
    NotOwned(NotOwnedKind),
}

/// What a value the function does not own is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NotOwnedKind {
    Argument,
    Stack,
    Other,
}

/// The origins of every buffer value of a function and its critical merges.
///
/// The per-value facts live in vectors in program order, reached through `position`: the rounds
/// walk them in that order, so they stay in cache (a map from value to origin made each round
/// a random walk over memory, nine times slower on a 4x larger function).
pub struct Origins {
    /// The position of each buffer value in `values`.
    position: FxHashMap<Value, u32>,
    /// The origin of each buffer value, by position.
    of: Vec<Origin>,
    /// How each buffer value gets its origin, by position.
    kinds: Vec<Kind>,
    /// The positions of the values each value's origin joins (the incoming values of a merge,
    /// the buffer operands of a picker, the source of a view), [`OUTSIDE`] for a value
    /// defined outside the function.
    inputs: Vec<SmallVec<[u32; 2]>>,
    /// Critical merges and pickers, in the order they were found.
    pub critical: Vec<Value>,
    critical_set: FxHashSet<Value>,
    /// Buffer values in program order.
    pub values: Vec<Value>,
}

/// Most rounds of the fixpoint before giving up with a diagnostic (never reached in practice:
/// each round either settles or makes some value climb).
const MAX_ROUNDS: usize = 10_000;

impl Origins {
    /// Solves the lattice for `func`, then closes the critical set over shared slots.
    pub fn compute(
        ctx: &Context,
        func: Op,
        flow: &Flow,
        dom: &DominanceInfo,
    ) -> Result<Origins, Diagnostic> {
        let values = buffer_values(ctx, func);
        let kinds = values.iter().map(|&v| classify(ctx, v, flow)).collect();
        let position: FxHashMap<Value, u32> = (0u32..).zip(&values).map(|(i, &v)| (v, i)).collect();
        let inputs = values
            .iter()
            .zip(&kinds)
            .map(|(&v, &kind)| origin_inputs(ctx, flow, &position, v, kind))
            .collect();
        let mut origins = Origins {
            position,
            inputs,
            of: vec![Origin::empty(); values.len()],
            critical: Vec::new(),
            critical_set: FxHashSet::default(),
            kinds,
            values,
        };
        // Values only grow within a solve, so one that saw a merge before it turned critical
        // keeps the merge's old buffers: solve again from scratch until a solve finds no new
        // critical merge, so every origin is exact for the final critical set.
        loop {
            let before = origins.critical.len();
            origins.of.fill(Origin::empty());
            origins.solve(ctx, dom, func)?;
            let grew = origins.close_over_slots(flow);
            if !grew && origins.critical.len() == before {
                return Ok(origins);
            }
        }
    }

    /// Joins into every value that may hold one of the keys of `extra` the origin listed for
    /// it (a flagged merge holds the buffers that flow into it).
    pub fn add_origins(&mut self, extra: &FxHashMap<Value, Origin>) {
        for origin in &mut self.of {
            let added: Vec<&Origin> = origin.roots.iter().filter_map(|r| extra.get(r)).collect();
            if added.is_empty() {
                continue;
            }
            let mut joined = origin.clone();
            for o in added {
                joined.join_with(o);
            }
            *origin = joined;
        }
    }

    /// Whether `v` is a critical merge or picker.
    pub fn is_critical(&self, v: Value) -> bool {
        self.critical_set.contains(&v)
    }

    /// The origin of `v` (not owned for values outside the function).
    pub fn origin(&self, v: Value) -> Origin {
        self.origin_ref(v)
            .cloned()
            .unwrap_or_else(|| Origin::not_owned(Unowned::anything()))
    }

    fn origin_ref(&self, v: Value) -> Option<&Origin> {
        self.position.get(&v).map(|&i| &self.of[i as usize])
    }

    /// Whether `v` is a root: an owned fresh buffer or a critical value.
    pub fn is_root(&self, v: Value) -> bool {
        let kind = self.position.get(&v).map(|&i| self.kinds[i as usize]);
        kind == Some(Kind::Owned) || self.is_critical(v)
    }

    fn mark_critical(&mut self, v: Value) {
        if self.critical_set.insert(v) {
            self.critical.push(v);
        }
    }

    fn solve(&mut self, ctx: &Context, dom: &DominanceInfo, func: Op) -> Result<(), Diagnostic> {
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            for i in 0..self.values.len() {
                let v = self.values[i];
                let mut new = self.evaluate(ctx, dom, i);
                // Grow only (a ring of merges could pass a buffer around for ever otherwise);
                // a critical value is its own root for good.
                if !self.is_critical(v) {
                    new.join_with(&self.of[i]);
                }
                if self.of[i] != new {
                    self.of[i] = new;
                    changed = true;
                }
            }
            if !changed {
                return Ok(());
            }
        }
        Err(Diagnostic::error(
            ctx.op_loc(func),
            "buffer-deallocation: the alias analysis did not settle",
        ))
    }

    /// The origin of the value at position `i` from its inputs' current origins.
    fn evaluate(&mut self, ctx: &Context, dom: &DominanceInfo, i: usize) -> Origin {
        let v = self.values[i];
        if self.is_critical(v) {
            return Origin::root(v);
        }
        match self.kinds[i] {
            Kind::Owned => Origin::root(v),
            Kind::NotOwned(kind) => Origin::not_owned(match kind {
                NotOwnedKind::Argument => Unowned {
                    argument: true,
                    ..Unowned::default()
                },
                NotOwnedKind::Stack => Unowned {
                    stack: smallvec::smallvec![v],
                    ..Unowned::default()
                },
                NotOwnedKind::Other => Unowned::anything(),
            }),
            Kind::ViewOf(_) => self.joined_inputs(i),
            Kind::Merge => {
                let joined = self.joined_inputs(i);
                let critical =
                    joined.overflow || joined.roots.iter().any(|&r| !dominates(ctx, dom, r, v));
                if critical {
                    self.mark_critical(v);
                    return Origin::root(v);
                }
                joined
            }
            Kind::Picker => {
                let joined = self.joined_inputs(i);
                if joined.overflow {
                    self.mark_critical(v);
                    return Origin::root(v);
                }
                joined
            }
        }
    }

    /// The join of the current origins of the inputs of the value at position `i`.
    fn joined_inputs(&self, i: usize) -> Origin {
        let mut joined = Origin::empty();
        for &p in &self.inputs[i] {
            match self.of.get(p as usize) {
                Some(o) => joined.join_with(o),
                None => joined.join_with(&Origin::not_owned(Unowned::anything())),
            }
        }
        joined
    }

    /// Every slot feeding a critical merge forwards a clone, so every merge it feeds must be
    /// critical too. Returns whether a merge became critical (the lattice must be solved again).
    fn close_over_slots(&mut self, flow: &Flow) -> bool {
        let mut grew = false;
        let mut work: Vec<Value> = self.critical.clone();
        while let Some(x) = work.pop() {
            for slot in flow.incoming.get(&x).into_iter().flatten() {
                for &t in flow.targets.get(slot).into_iter().flatten() {
                    if !self.is_critical(t) {
                        self.mark_critical(t);
                        work.push(t);
                        grew = true;
                    }
                }
            }
        }
        grew
    }

    /// The slots that must forward a clone: every slot feeding a critical merge, in order.
    pub fn cloned_slots(&self, flow: &Flow) -> Vec<Slot> {
        let mut seen = FxHashSet::default();
        let mut out = Vec::new();
        for &x in &self.critical {
            for &slot in flow.incoming.get(&x).into_iter().flatten() {
                if seen.insert(slot) {
                    out.push(slot);
                }
            }
        }
        out
    }
}

/// The position of a value defined outside the function among a value's inputs.
const OUTSIDE: u32 = u32::MAX;

/// The positions of the values whose origins the origin of `v` (of kind `kind`) joins.
fn origin_inputs(
    ctx: &Context,
    flow: &Flow,
    position: &FxHashMap<Value, u32>,
    v: Value,
    kind: Kind,
) -> SmallVec<[u32; 2]> {
    let at = |x: Value| position.get(&x).copied().unwrap_or(OUTSIDE);
    match kind {
        Kind::ViewOf(src) => smallvec::smallvec![at(src)],
        Kind::Merge => flow.incoming_values(ctx, v).map(at).collect(),
        Kind::Picker => ctx.defining_op(v).map_or_else(SmallVec::new, |op| {
            ctx.operands(op)
                .filter(|&x| is_buffer(ctx, x))
                .map(at)
                .collect()
        }),
        Kind::Owned | Kind::NotOwned(_) => SmallVec::new(),
    }
}

/// Whether the buffer `root` is available where `v` is defined, and is the same instance
/// there: a block argument fed by a buffer defined in its own block receives it from an
/// earlier trip of a loop (MLIR: "block arguments in the alloc's own block" are critical).
pub(crate) fn dominates(ctx: &Context, dom: &DominanceInfo, root: Value, v: Value) -> bool {
    let at = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { block, .. } if ctx.value_parent_block(root) == Some(block) => None,
        ValueDef::BlockArg { block, .. } => ctx.first_op(block),
        ValueDef::Placeholder => None,
    };
    at.is_some_and(|op| dom.properly_dominates_value(ctx, root, op))
}

/// The buffer values defined in `func` (arguments, block arguments, results), in program order.
fn buffer_values(ctx: &Context, func: Op) -> Vec<Value> {
    let mut out = Vec::new();
    for op in ctx.walk_preorder(func) {
        if op != func {
            out.extend(ctx.results(op).iter().copied());
        }
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                out.extend(ctx.block_args(block).iter().copied());
            }
        }
    }
    out.retain(|&v| is_buffer(ctx, v));
    out
}

fn classify(ctx: &Context, v: Value, flow: &Flow) -> Kind {
    if flow.incoming.contains_key(&v) {
        return Kind::Merge;
    }
    let Some(op) = ctx.defining_op(v) else {
        return Kind::NotOwned(if analysis::alias::is_function_argument(ctx, v) {
            NotOwnedKind::Argument
        } else {
            NotOwnedKind::Other
        });
    };
    let def = ctx.op_def(op);
    if def.call.is_some() || allocates_on_heap(ctx, op, v) {
        return Kind::Owned;
    }
    if let Some(source) = def.view_source
        && ctx.results(op).first() == Some(&v)
    {
        return Kind::ViewOf(source(ctx, op));
    }
    if is_picker(ctx, op) {
        return Kind::Picker;
    }
    if def.traits.contains(Traits::PURE) {
        let mut buffers = ctx.operands(op).filter(|&x| is_buffer(ctx, x));
        if let (Some(only), None) = (buffers.next(), buffers.next()) {
            return Kind::ViewOf(only);
        }
    }
    Kind::NotOwned(if allocates_on_stack(ctx, op, v) {
        NotOwnedKind::Stack
    } else {
        NotOwnedKind::Other
    })
}

/// Whether `op` allocates `v` on the heap (an `Allocate` effect on it in the default
/// resource; stack buffers are freed by their scope).
pub fn allocates_on_heap(ctx: &Context, op: Op, v: Value) -> bool {
    allocates_in(ctx, op, v, Resource::Default)
}

/// Whether `op` allocates `v` in its automatic allocation scope (a stack buffer).
fn allocates_on_stack(ctx: &Context, op: Op, v: Value) -> bool {
    allocates_in(ctx, op, v, Resource::AutomaticAllocationScope)
}

/// Whether `op` has an `Allocate` effect on its result `v` in `resource`.
fn allocates_in(ctx: &Context, op: Op, v: Value, resource: Resource) -> bool {
    let Effects::Known(effects) = ctx.memory_effects(op) else {
        return false;
    };
    effects.iter().any(|e| {
        e.kind == EffectKind::Allocate
            && e.resource == resource
            && matches!(e.on, EffectOn::Result(i) if ctx.results(op).get(i) == Some(&v))
    })
}
