//! `hlo-deallocation-simplification` (`mlir-hlo.md` §2.2): a nullability analysis of
//! ownership indicators turns retains into nothing or into `memref.dealloc`, and unused
//! `deallocation.own` ops into `deallocation.null`.
//!
//! ```text
//! %o = deallocation.own %a : memref<2xf32>
//! deallocation.retain() of(%o) : (!deallocation.ownership) -> ()
//! // becomes
//! memref.dealloc %a : memref<2xf32>
//! ```

use ir::dialects::deallocation::{NullOp, OwnOp, RetainOp, is_ownership_type};
use ir::dialects::memref::DeallocOp;
use ir::{Builder, Context, Op, OpView, TransformResult, Value, ValueDef, track_changes};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::flow::{forwarded_to, incoming, paired_memref};

/// The options of [`hlo_deallocation_simplification`] (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HloSimplificationOptions;

/// `hlo-deallocation-simplification` on every op nested in `root`.
pub fn hlo_deallocation_simplification(
    ctx: &mut Context,
    root: Op,
    _options: &HloSimplificationOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        simplify_retains(ctx, root);
        simplify_owns(ctx, root);
        Ok(())
    })
}

/// The nullability lattice: bit 0 "may be null", bit 1 "may be non-null".
const UNDEFINED: u8 = 0;
const ALWAYS_NULL: u8 = 1;
const NEVER_NULL: u8 = 2;
const SOMETIMES_NULL: u8 = 3;

/// The nullability of ownership values, with the memref a never-null one owns.
struct Nullability<'a> {
    ctx: &'a Context,
    memo: FxHashMap<Value, (u8, Option<Value>)>,
    /// Values being computed, with their depth in the recursion.
    pending: FxHashMap<Value, usize>,
}

impl<'a> Nullability<'a> {
    fn new(ctx: &'a Context) -> Self {
        Nullability {
            ctx,
            memo: FxHashMap::default(),
            pending: FxHashMap::default(),
        }
    }

    fn of(&mut self, v: Value) -> (u8, Option<Value>) {
        self.get(v).0
    }

    /// The nullability of `v` and the shallowest pending value its computation assumed
    /// (`usize::MAX` for none); a result is memoised only when it assumed nothing about an
    /// enclosing computation.
    fn get(&mut self, v: Value) -> ((u8, Option<Value>), usize) {
        if let Some(&r) = self.memo.get(&v) {
            return (r, usize::MAX);
        }
        if let Some(&depth) = self.pending.get(&v) {
            return ((UNDEFINED, None), depth);
        }
        let depth = self.pending.len();
        self.pending.insert(v, depth);
        let (r, assumed) = self.compute(v);
        self.pending.remove(&v);
        if assumed >= depth {
            self.memo.insert(v, r);
        }
        (r, assumed)
    }

    fn compute(&mut self, v: Value) -> ((u8, Option<Value>), usize) {
        let ctx = self.ctx;
        if let ValueDef::Result { op, .. } = ctx.value_def(v) {
            if let Some(own) = OwnOp::of(ctx, op) {
                return ((NEVER_NULL, Some(own.memref(ctx))), usize::MAX);
            }
            if NullOp::is(ctx, op) {
                return ((ALWAYS_NULL, None), usize::MAX);
            }
            if let Some(retain) = RetainOp::of(ctx, op) {
                let mut state = ALWAYS_NULL;
                let mut assumed = usize::MAX;
                for o in retain.ownerships(ctx).collect::<Vec<_>>() {
                    let ((n, _), a) = self.get(o);
                    state |= n;
                    assumed = assumed.min(a);
                }
                return ((state, None), assumed);
            }
        }
        let Some(sources) = incoming(ctx, v) else {
            return ((SOMETIMES_NULL, None), usize::MAX);
        };
        let mut state = UNDEFINED;
        let mut assumed = usize::MAX;
        for s in sources {
            let ((n, _), a) = self.get(s);
            state |= n;
            assumed = assumed.min(a);
        }
        let memref = (state == NEVER_NULL)
            .then(|| paired_memref(ctx, v, |x| is_ownership_type(ctx, ctx.value_type(x))))
            .flatten();
        let state = if state == NEVER_NULL && memref.is_none() {
            SOMETIMES_NULL
        } else {
            state
        };
        ((state, memref), assumed)
    }
}

/// Every op nested in `root` that `select` picks, in program order.
fn ops_where(ctx: &Context, root: Op, select: impl Fn(Op) -> bool) -> Vec<Op> {
    ctx.walk_preorder(root)
        .into_iter()
        .filter(|&op| select(op))
        .collect()
}

/// Retains of provably null allocs disappear (their results become one null); a retain of
/// one provably owned alloc that keeps nothing becomes `memref.dealloc` of its memref.
fn simplify_retains(ctx: &mut Context, root: Op) {
    let retains = ops_where(ctx, root, |op| RetainOp::is(ctx, op));
    let mut plans: Vec<(Op, Option<Value>)> = Vec::new();
    {
        let mut analysis = Nullability::new(ctx);
        for &op in &retains {
            let retain = RetainOp::wrap(op);
            let allocs: Vec<Value> = retain.ownerships(ctx).collect();
            if allocs.iter().all(|&o| analysis.of(o).0 == ALWAYS_NULL) {
                plans.push((op, None));
                continue;
            }
            if retain.retained(ctx).len() == 0
                && let [o] = allocs[..]
                && let (NEVER_NULL, Some(m)) = analysis.of(o)
            {
                plans.push((op, Some(m)));
            }
        }
    }
    for (op, dealloc) in plans {
        let mut b = Builder::before(ctx, op);
        match dealloc {
            Some(m) => {
                DeallocOp::build(&mut b, m);
            }
            None if !b.results(op).is_empty() => {
                let null = NullOp::build(&mut b).result(&b);
                let results = vec![null; b.results(op).len()];
                ctx.replace_op_uses(op, &results);
            }
            None => {}
        }
        ctx.erase_op(op);
    }
}

/// An `own` without uses is erased; one whose indicator only flows around without reaching
/// a retain, free or anything else becomes `deallocation.null`.
fn simplify_owns(ctx: &mut Context, root: Op) {
    for op in ops_where(ctx, root, |op| OwnOp::is(ctx, op)) {
        let result = ctx.result(op, 0);
        if !ctx.has_uses(result) {
            ctx.erase_op(op);
            continue;
        }
        let mut pending = FxHashSet::default();
        if value_is_unused(ctx, result, &mut pending) {
            let mut b = Builder::before(ctx, op);
            let null = NullOp::build(&mut b).result(ctx);
            ctx.replace_all_uses_with(result, null);
            ctx.erase_op(op);
        }
    }
}

/// Whether every use of `v` only forwards it to values that are themselves unused (cycles
/// count as unused).
fn value_is_unused(ctx: &Context, v: Value, pending: &mut FxHashSet<Value>) -> bool {
    if !pending.insert(v) {
        return true;
    }
    let uses: Vec<(Op, usize)> = ctx.uses(v).collect();
    uses.into_iter().all(|(user, index)| {
        forwarded_to(ctx, user, index).is_some_and(|targets| {
            targets
                .into_iter()
                .all(|t| value_is_unused(ctx, t, pending))
        })
    })
}
