//! `hlo-deallocation-to-scf{decide-statically}`: the retains' comparisons that the
//! indicators' carriers decide are not emitted (see the parent module's documentation).
//!
//! A retain is first *decided* as far as the carriers go: null allocs are dropped, and each
//! retained memref that an alloc surely owns (a `deallocation.own` of it, or an indicator set
//! on every path that carries it: set, and a buffer has one owner at a time) takes that
//! indicator and is compared with nothing. The rest is
//! lowered in MLIR-HLO's order: a retained memref carried by an open alloc takes its
//! indicator (it claims the alloc exactly when that is set), other pairs compare addresses
//! and pick with `arith.select`; the allocs left are freed untested, as freeing a null
//! indicator frees nothing. A retain needing more comparisons than it has operands is left
//! (without its decided part) to the final lowering's helper function.

use ir::dialects::arith::{CmpIOp, CmpIPredicate, ConstantOp, SelectOp};
use ir::dialects::deallocation::{FreeOp, GetBufferOp, NullOp, OwnOp, RetainOp};
use ir::{Builder, Context, Op, OpView, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::always_set::AlwaysSet;
use crate::carriers::Carriers;
use crate::constants::{Constant, SharedConstants};

/// What is known statically of an alloc of a retain.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    /// Always null.
    Null,
    /// Set, and owning the allocation of this memref: `deallocation.own` of it, or an
    /// indicator set on every path that it carries.
    Owned(Value),
    /// When set, it owns the allocation of this memref.
    Carried(Value),
    /// Nothing.
    Unknown,
}

impl Known {
    fn carrier(self) -> Option<Value> {
        match self {
            Known::Owned(c) | Known::Carried(c) => Some(c),
            Known::Null | Known::Unknown => None,
        }
    }
}

/// Lowers `retains`; the carriers are found before anything changes.
pub(super) fn lower_deciding_statically(ctx: &mut Context, retains: Vec<Op>) {
    let mut carriers = Carriers::default();
    let mut always_set = AlwaysSet::default();
    let mut retained: FxHashSet<Value> = FxHashSet::default();
    let plans: Vec<(Op, Vec<Known>)> = retains
        .into_iter()
        .map(|op| {
            let retain = RetainOp::wrap(op);
            // An alloc known set spares the comparisons of its retained carrier with the
            // other allocs: only then is it worth asking.
            let several = retain.ownerships(ctx).len() > 1;
            retained.clear();
            if several {
                retained.extend(retain.retained(ctx));
            }
            let known = retain
                .ownerships(ctx)
                .map(|o| known(ctx, &mut carriers, &mut always_set, &retained, o))
                .collect();
            (op, known)
        })
        .collect();
    let mut constants = SharedConstants::default();
    for (op, known) in plans {
        let retain = RetainOp::wrap(op);
        let retained: Vec<Value> = retain.retained(ctx).collect();
        let allocs: Vec<Value> = retain.ownerships(ctx).collect();
        let decided = Decided::new(&retained, &known);
        let results = if decided.inline(&retained, &known) {
            let b = Builder::before(ctx, op);
            let zero = Zero::Unasked(op, &mut constants);
            Claims::new(b, &allocs, &known, &decided, zero).lower(&retained)
        } else if decided.decides_something(allocs.len()) {
            decided.shrink(&mut Builder::before(ctx, op), &retained, &allocs)
        } else {
            continue;
        };
        ctx.replace_op_uses(op, &results);
        ctx.erase_op(op);
    }
}

/// What is known of alloc `o` of a retain: an `own`, or an indicator set on every path
/// (`always_set.rs`: a block argument every predecessor passes an `own` to) whose carrier is
/// among `retained` (those that ask), owns its carrier's allocation.
fn known(
    ctx: &Context,
    carriers: &mut Carriers,
    always_set: &mut AlwaysSet,
    retained: &FxHashSet<Value>,
    o: Value,
) -> Known {
    if let ValueDef::Result { op, .. } = ctx.value_def(o)
        && let Some(own) = OwnOp::of(ctx, op)
    {
        return Known::Owned(own.memref(ctx));
    }
    match carriers.of(ctx, o) {
        Ok(None) => Known::Null,
        Ok(Some(c)) if retained.contains(&c) && always_set.query(ctx, o) => Known::Owned(c),
        Ok(Some(c)) => Known::Carried(c),
        Err(_) => Known::Unknown,
    }
}

/// The decided part of a retain: the alloc each retained memref surely owns, and the allocs
/// still open after that.
struct Decided {
    sure: Vec<Option<usize>>,
    open: Vec<usize>,
    by_carrier: FxHashMap<Value, Vec<usize>>,
}

impl Decided {
    fn new(retained: &[Value], known: &[Known]) -> Self {
        let mut by_carrier: FxHashMap<Value, Vec<usize>> = FxHashMap::default();
        for (j, k) in known.iter().enumerate() {
            if let Some(c) = k.carrier() {
                by_carrier.entry(c).or_default().push(j);
            }
        }
        let mut closed: Vec<bool> = known.iter().map(|&k| k == Known::Null).collect();
        let sure = retained
            .iter()
            .map(|r| {
                let mine = by_carrier.get(r).map_or(&[][..], |js| &js[..]);
                let j = mine
                    .iter()
                    .copied()
                    .find(|&j| !closed[j] && matches!(known[j], Known::Owned(_)))?;
                closed[j] = true;
                Some(j)
            })
            .collect();
        let open = (0..known.len()).filter(|&j| !closed[j]).collect();
        Decided {
            sure,
            open,
            by_carrier,
        }
    }

    /// Whether anything is left out of the retain: a null alloc or a sure claim.
    fn decides_something(&self, allocs: usize) -> bool {
        self.open.len() < allocs
    }

    /// Whether the retain is lowered inline: one retained memref or one alloc left (as in
    /// MLIR-HLO), or no more comparisons than it has operands (the helper call's size).
    fn inline(&self, retained: &[Value], known: &[Known]) -> bool {
        let rest: Vec<Value> = self.rest(retained).collect();
        if rest.len() <= 1 || self.open.len() <= 1 {
            return true;
        }
        let limit = retained.len() + known.len();
        let mut open: Vec<bool> = vec![false; known.len()];
        for &j in &self.open {
            open[j] = true;
        }
        let mut left = self.open.len();
        let mut comparisons = 0;
        for r in rest {
            let mine = self.by_carrier.get(&r).map_or(&[][..], |js| &js[..]);
            let claimed = mine.iter().filter(|&&j| open[j]).count();
            comparisons += left - claimed;
            if comparisons > limit {
                return false;
            }
            for &j in mine {
                open[j] = false;
            }
            left -= claimed;
        }
        true
    }

    /// The retained memrefs no alloc surely owns.
    fn rest<'a>(&'a self, retained: &'a [Value]) -> impl Iterator<Item = Value> + 'a {
        retained
            .iter()
            .zip(&self.sure)
            .filter(|(_, s)| s.is_none())
            .map(|(&r, _)| r)
    }

    /// The retain without its decided part, for the helper function; returns the results
    /// of the original one.
    fn shrink(&self, b: &mut Builder, retained: &[Value], allocs: &[Value]) -> Vec<Value> {
        let rest: Vec<Value> = self.rest(retained).collect();
        let open: Vec<Value> = self.open.iter().map(|&j| allocs[j]).collect();
        let smaller = RetainOp::build(b, &rest, &open);
        let mut lowered = b.results(smaller.op()).to_vec().into_iter();
        self.sure
            .iter()
            .map(|s| match s {
                Some(j) => allocs[*j],
                None => lowered.next().expect("one result per retained memref"),
            })
            .collect()
    }
}

/// The state of one retain's inline lowering: each alloc's current indicator (`None`:
/// claimed, or null) and its buffer address once asked for.
struct Claims<'c, 'd> {
    b: Builder<'c>,
    allocs: &'d [Value],
    known: &'d [Known],
    decided: &'d Decided,
    current: Vec<Option<Value>>,
    buffers: Vec<Option<Value>>,
    open: Vec<usize>,
    null: Option<Value>,
    /// The index 0 [`Self::is_set`] compares with.
    zero: Zero<'d>,
}

/// The index 0 a retain's lowering compares with: the function's if it starts with one, else
/// one built for the retain, on first need.
enum Zero<'d> {
    /// Not asked for yet: the retain, and the function's shared constants.
    Unasked(Op, &'d mut SharedConstants),
    Known(Value),
}

impl<'c, 'd> Claims<'c, 'd> {
    fn new(
        b: Builder<'c>,
        allocs: &'d [Value],
        known: &'d [Known],
        decided: &'d Decided,
        zero: Zero<'d>,
    ) -> Self {
        let mut current = vec![None; allocs.len()];
        for &j in &decided.open {
            current[j] = Some(allocs[j]);
        }
        Claims {
            b,
            allocs,
            known,
            decided,
            current,
            buffers: vec![None; allocs.len()],
            open: decided.open.clone(),
            null: None,
            zero,
        }
    }

    /// Emits the claims of every retained memref in order, then the frees of the allocs no
    /// one claimed; returns the indicator of each retained memref.
    fn lower(mut self, retained: &[Value]) -> Vec<Value> {
        let decided = self.decided;
        let results: Vec<Value> = retained
            .iter()
            .zip(&decided.sure)
            .map(|(&r, sure)| match sure {
                Some(j) => self.allocs[*j],
                None => self.claim(r),
            })
            .collect();
        for j in std::mem::take(&mut self.open) {
            if let Some(cur) = self.current[j] {
                FreeOp::build(&mut self.b, cur);
            }
        }
        results
    }

    /// The indicator of retained memref `r`: it claims, in order, every open alloc whose
    /// buffer is its own.
    fn claim(&mut self, r: Value) -> Value {
        let mut result: Option<Value> = None;
        let mut address: Option<Value> = None;
        let mut owned: Option<Value> = None;
        let open = std::mem::take(&mut self.open);
        let mut still_open = Vec::with_capacity(open.len());
        for j in open {
            let Some(cur) = self.current[j] else {
                continue;
            };
            if self.known[j].carrier() == Some(r) {
                // Claimed exactly when set: the indicator itself is the claim.
                result = Some(match result {
                    None => cur,
                    Some(previous) => {
                        let set = self.is_set(j);
                        SelectOp::build(&mut self.b, set, cur, previous).result(&self.b)
                    }
                });
                self.current[j] = None;
                continue;
            }
            still_open.push(j);
            let b = &mut self.b;
            let address = *address.get_or_insert_with(|| GetBufferOp::build(b, r).result(b));
            let buffer = self.buffer(j);
            let b = &mut self.b;
            let same = CmpIOp::build(b, CmpIPredicate::Eq, address, buffer).result(b);
            let owned = *owned.get_or_insert_with(|| OwnOp::build(b, r).result(b));
            let null = self.null();
            let b = &mut self.b;
            let otherwise = result.unwrap_or(null);
            result = Some(SelectOp::build(b, same, owned, otherwise).result(b));
            self.current[j] = Some(SelectOp::build(b, same, null, cur).result(b));
            self.buffers[j] = None;
        }
        self.open = still_open;
        result.unwrap_or_else(|| self.null())
    }

    /// The buffer address of alloc `j`'s current indicator (0 when null).
    fn buffer(&mut self, j: usize) -> Value {
        if let Some(buffer) = self.buffers[j] {
            return buffer;
        }
        let cur = self.current[j].expect("an open alloc");
        let b = &mut self.b;
        let buffer = GetBufferOp::build(b, cur).result(b);
        self.buffers[j] = Some(buffer);
        buffer
    }

    /// Whether alloc `j`'s current indicator is set.
    fn is_set(&mut self, j: usize) -> Value {
        let buffer = self.buffer(j);
        let b = &mut self.b;
        let zero = match &mut self.zero {
            Zero::Known(zero) => *zero,
            Zero::Unasked(retain, constants) => {
                let zero = constants
                    .existing(b, *retain, Constant::Index(0))
                    .unwrap_or_else(|| ConstantOp::build_index(b, 0).result(b));
                self.zero = Zero::Known(zero);
                zero
            }
        };
        CmpIOp::build(b, CmpIPredicate::Ne, buffer, zero).result(b)
    }

    /// One `deallocation.null` for the whole retain.
    fn null(&mut self) -> Value {
        let b = &mut self.b;
        *self.null.get_or_insert_with(|| NullOp::build(b).result(b))
    }
}
