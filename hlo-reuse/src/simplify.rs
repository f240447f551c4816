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

/// Where an ownership value's nullability comes from.
enum Source {
    /// A fixed state (`own`, `null`, or an origin the analysis cannot see into).
    Fixed(u8),
    /// `ALWAYS_NULL` joined with these values (a retain result).
    Retain(Vec<Value>),
    /// The join of these values (region and block arguments, region results).
    Join(Vec<Value>),
}

/// The nullability of every ownership value nested in a root, solved once with a worklist
/// (each value changes at most twice, so the solution is linear in the number of edges),
/// with the memref a never-null one owns.
struct Nullability<'a> {
    ctx: &'a Context,
    state: FxHashMap<Value, u8>,
}

impl<'a> Nullability<'a> {
    fn new(ctx: &'a Context, root: Op) -> Self {
        let is_ownership = |v: Value| is_ownership_type(ctx, ctx.value_type(v));
        let mut values = Vec::new();
        for op in ctx.walk_preorder(root) {
            values.extend(ctx.results(op).iter().copied().filter(|&v| is_ownership(v)));
            for &region in ctx.regions(op) {
                for block in ctx.blocks(region) {
                    values.extend(
                        ctx.block_args(block)
                            .iter()
                            .copied()
                            .filter(|&v| is_ownership(v)),
                    );
                }
            }
        }
        let mut sources: FxHashMap<Value, Source> = FxHashMap::default();
        let mut users: FxHashMap<Value, Vec<Value>> = FxHashMap::default();
        for &v in &values {
            let source = source_of(ctx, v);
            if let Source::Retain(list) | Source::Join(list) = &source {
                for &s in list {
                    users.entry(s).or_default().push(v);
                }
            }
            sources.insert(v, source);
        }
        let mut state: FxHashMap<Value, u8> = FxHashMap::default();
        let mut work: Vec<Value> = values.clone();
        while let Some(v) = work.pop() {
            let get = |x: Value, state: &FxHashMap<Value, u8>| -> u8 {
                match sources.get(&x) {
                    Some(_) => state.get(&x).copied().unwrap_or(UNDEFINED),
                    None => SOMETIMES_NULL,
                }
            };
            let new = match &sources[&v] {
                Source::Fixed(n) => *n,
                Source::Retain(list) => list.iter().fold(ALWAYS_NULL, |a, &x| a | get(x, &state)),
                Source::Join(list) => list.iter().fold(UNDEFINED, |a, &x| a | get(x, &state)),
            };
            let old = state.get(&v).copied().unwrap_or(UNDEFINED);
            if new | old != old {
                state.insert(v, new | old);
                if let Some(us) = users.get(&v) {
                    work.extend(us.iter().copied());
                }
            }
        }
        Nullability { ctx, state }
    }

    /// The nullability of `v` and, when never null, the memref it owns.
    fn of(&self, v: Value) -> (u8, Option<Value>) {
        let ctx = self.ctx;
        let n = self.state.get(&v).copied().unwrap_or(SOMETIMES_NULL);
        if n != NEVER_NULL {
            return (n, None);
        }
        if let ValueDef::Result { op, .. } = ctx.value_def(v)
            && let Some(own) = OwnOp::of(ctx, op)
        {
            return (NEVER_NULL, Some(own.memref(ctx)));
        }
        match paired_memref(ctx, v, |x| is_ownership_type(ctx, ctx.value_type(x))) {
            Some(m) => (NEVER_NULL, Some(m)),
            None => (SOMETIMES_NULL, None),
        }
    }
}

/// The lattice equation of ownership value `v`.
fn source_of(ctx: &Context, v: Value) -> Source {
    if let ValueDef::Result { op, .. } = ctx.value_def(v) {
        if OwnOp::is(ctx, op) {
            return Source::Fixed(NEVER_NULL);
        }
        if NullOp::is(ctx, op) {
            return Source::Fixed(ALWAYS_NULL);
        }
        if let Some(retain) = RetainOp::of(ctx, op) {
            return Source::Retain(retain.ownerships(ctx).collect());
        }
    }
    match incoming(ctx, v) {
        Some(list) => Source::Join(list.into_vec()),
        None => Source::Fixed(SOMETIMES_NULL),
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
        let analysis = Nullability::new(ctx, root);
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
