//! `hlo-lower-deallocation`: the last step of the MLIR-HLO strategy, which leaves only
//! upstream dialects (`func`, `scf`, `arith`, `memref`) so that `mlir-opt` and
//! `mlir-runner` run the program. It replaces MLIR-HLO's lowering to LLVM
//! (`hlo-convert-deallocation-ops-to-llvm`) and its runtime `retainBuffers`.
//!
//! An ownership indicator becomes an `i1` ("this block owns the allocation"), and the
//! allocation it owns is the one of a memref known statically: its *carrier*. The carrier of
//! `own %m` is `%m`, of a retain's k-th result the k-th retained memref, of the k-th
//! indicator among an op's results or a block's arguments the k-th memref of that list (the
//! order `hlo-deallocate` appends them in), of a value merged from several (a region result
//! without memrefs, a `select`) the one carrier they share. Then:
//!
//! - `own` → `true`, `null` → `false`;
//! - `get_buffer %m` → `memref.extract_aligned_pointer_as_index %m`; of an indicator: its
//!   carrier's address when set, else 0;
//! - `free %o` → `scf.if %o { memref.dealloc <carrier's base buffer> }`;
//! - a retain (any left) → a call of a generated private function
//!   `@hlo_retain_<retained>_<allocs>` over addresses (straight-line `arith`, no memory),
//!   which returns each retained memref's new indicator and whether each alloc is to be
//!   freed; each free is an `scf.if` with a `memref.dealloc`, so the runtime's checked free
//!   sees it.
//!
//! ```text
//! %o = deallocation.own %a : memref<2xf32>
//! deallocation.free %o
//! // becomes
//! %true = arith.constant true
//! scf.if %true {
//!   memref.dealloc %a : memref<2xf32>
//! }
//! ```

use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, OrIOp, SelectOp, XOrIOp};
use ir::dialects::deallocation::{FreeOp, GetBufferOp, NullOp, OwnOp, RetainOp, is_ownership_type};
use ir::dialects::func::{CallOp, FuncOp, ReturnOp};
use ir::dialects::memref::{DeallocOp, ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::interfaces::is_allocation;
use ir::{
    Builder, Context, Diagnostic, InsertPoint, Op, OpView, Traits, TransformResult, Type, TypeData,
    Value, ValueDef, track_changes,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::flow::{incoming, paired_memref};

/// The options of [`hlo_lower_deallocation`] (it has none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HloLowerOptions;

/// `hlo-lower-deallocation` on `root` (a module: retains need a helper function in it).
pub fn hlo_lower_deallocation(
    ctx: &mut Context,
    root: Op,
    _options: &HloLowerOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        Lowering::new(ctx, root).run().map_err(|d| vec![d])
    })
}

type R<T> = Result<T, Diagnostic>;

struct Lowering<'c> {
    ctx: &'c mut Context,
    root: Op,
    carriers: FxHashMap<Value, Option<Value>>,
    pending: FxHashSet<Value>,
    helpers: FxHashSet<String>,
}

impl<'c> Lowering<'c> {
    fn new(ctx: &'c mut Context, root: Op) -> Self {
        Lowering {
            ctx,
            root,
            carriers: FxHashMap::default(),
            pending: FxHashSet::default(),
            helpers: FxHashSet::default(),
        }
    }

    fn is_ownership(&self, v: Value) -> bool {
        is_ownership_type(self.ctx, self.ctx.value_type(v))
    }

    fn run(&mut self) -> R<()> {
        let ops: Vec<Op> = self
            .ctx
            .walk_preorder(self.root)
            .into_iter()
            .filter(|&op| is_deallocation_op(self.ctx, op))
            .collect();
        let mut plans = Vec::with_capacity(ops.len());
        for &op in &ops {
            plans.push(self.plan(op)?);
        }
        for (op, plan) in ops.into_iter().zip(plans) {
            self.rewrite(op, plan)?;
        }
        self.retype();
        Ok(())
    }

    // ----- carriers -----------------------------------------------------------------------------

    /// The memref whose allocation `v` owns when it is set (`None`: `v` is always null).
    fn carrier(&mut self, v: Value) -> R<Option<Value>> {
        if let Some(&c) = self.carriers.get(&v) {
            return Ok(c);
        }
        if !self.pending.insert(v) {
            return Ok(None);
        }
        let c = self.compute_carrier(v);
        self.pending.remove(&v);
        let c = c?;
        self.carriers.insert(v, c);
        Ok(c)
    }

    fn compute_carrier(&mut self, v: Value) -> R<Option<Value>> {
        let ctx = &*self.ctx;
        if let ValueDef::Result { op, index } = ctx.value_def(v) {
            if let Some(own) = OwnOp::of(ctx, op) {
                return Ok(Some(own.memref(ctx)));
            }
            if NullOp::is(ctx, op) {
                return Ok(None);
            }
            if let Some(retain) = RetainOp::of(ctx, op) {
                return Ok(retain.retained(ctx).nth(index as usize));
            }
            if let Some(select) = SelectOp::of(ctx, op) {
                let sources = [select.true_value(ctx), select.false_value(ctx)];
                return self.join(v, &sources);
            }
        }
        if let Some(m) = paired_memref(ctx, v, |x| is_ownership_type(ctx, ctx.value_type(x))) {
            return Ok(Some(m));
        }
        match incoming(ctx, v) {
            Some(sources) => self.join(v, &sources),
            None => Err(self.no_carrier(v)),
        }
    }

    /// The carrier all `sources` share (ignoring null ones).
    fn join(&mut self, v: Value, sources: &[Value]) -> R<Option<Value>> {
        let mut found: Option<Value> = None;
        for &s in sources {
            match (self.carrier(s)?, found) {
                (Some(c), Some(f)) if c != f => return Err(self.no_carrier(v)),
                (Some(c), _) => found = Some(c),
                (None, _) => {}
            }
        }
        Ok(found)
    }

    fn no_carrier(&self, v: Value) -> Diagnostic {
        let loc = match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.ctx.op_loc(op),
            ValueDef::BlockArg { block, .. } => self
                .ctx
                .block_parent_op(block)
                .map_or(self.ctx.unknown_loc(), |p| self.ctx.op_loc(p)),
            ValueDef::Placeholder => self.ctx.unknown_loc(),
        };
        Diagnostic::error(
            loc,
            "cannot tell which buffer this ownership indicator owns; the lowering needs the \
             indicators in the order hlo-deallocate produces",
        )
    }

    // ----- rewriting ----------------------------------------------------------------------------

    /// What each op needs, computed before anything changes.
    fn plan(&mut self, op: Op) -> R<Plan> {
        let ctx = &*self.ctx;
        if let Some(free) = FreeOp::of(ctx, op) {
            let o = free.ownership(ctx);
            return Ok(Plan::Carriers(vec![self.carrier(o)?]));
        }
        if let Some(get) = GetBufferOp::of(ctx, op) {
            let source = get.source(ctx);
            if self.is_ownership(source) {
                return Ok(Plan::Carriers(vec![self.carrier(source)?]));
            }
            return Ok(Plan::Nothing);
        }
        if let Some(retain) = RetainOp::of(ctx, op) {
            let allocs: Vec<Value> = retain.ownerships(ctx).collect();
            let mut carriers = Vec::with_capacity(allocs.len());
            for o in allocs {
                carriers.push(self.carrier(o)?);
            }
            return Ok(Plan::Carriers(carriers));
        }
        Ok(Plan::Nothing)
    }

    fn rewrite(&mut self, op: Op, plan: Plan) -> R<()> {
        let carriers = match plan {
            Plan::Carriers(c) => c,
            Plan::Nothing => Vec::new(),
        };
        let mut b = Builder::before(self.ctx, op);
        let replacements: Vec<Value> = if OwnOp::is(&b, op) || NullOp::is(&b, op) {
            let set = OwnOp::is(&b, op);
            vec![ConstantOp::build_bool(&mut b, set).result(&b)]
        } else if let Some(get) = GetBufferOp::of(&b, op) {
            let source = get.source(&b);
            let address = match carriers.first() {
                None => ExtractAlignedPointerAsIndexOp::build(&mut b, source).result(&b),
                Some(&c) => address_if(&mut b, source, c),
            };
            vec![address]
        } else if let Some(free) = FreeOp::of(&b, op) {
            let o = free.ownership(&b);
            if let Some(Some(c)) = carriers.first() {
                dealloc_if(&mut b, o, *c);
            }
            Vec::new()
        } else if let Some(retain) = RetainOp::of(&b, op) {
            let retained: Vec<Value> = retain.retained(&b).collect();
            let allocs: Vec<Value> = retain.ownerships(&b).collect();
            self.lower_retain(op, &retained, &allocs, &carriers)?
        } else {
            let loc = b.op_loc(op);
            return Err(Diagnostic::error(loc, "unexpected deallocation op").on_op(op));
        };
        self.ctx.replace_op_uses(op, &replacements);
        self.ctx.erase_op(op);
        Ok(())
    }

    /// A retain: the helper call, then one guarded free per alloc.
    fn lower_retain(
        &mut self,
        op: Op,
        retained: &[Value],
        allocs: &[Value],
        carriers: &[Option<Value>],
    ) -> R<Vec<Value>> {
        if allocs.is_empty() {
            let mut b = Builder::before(self.ctx, op);
            let f = ConstantOp::build_bool(&mut b, false).result(&b);
            return Ok(vec![f; retained.len()]);
        }
        let name = self.helper(op, retained.len(), allocs.len())?;
        let mut b = Builder::before(self.ctx, op);
        let mut args: Vec<Value> = retained
            .iter()
            .map(|&r| ExtractAlignedPointerAsIndexOp::build(&mut b, r).result(&b))
            .collect();
        for (&o, &c) in allocs.iter().zip(carriers) {
            args.push(address_if(&mut b, o, c));
        }
        let i1 = b.ctx().i1_type();
        let types = vec![i1; retained.len() + allocs.len()];
        let call = CallOp::build(&mut b, &name, &args, &types);
        let outs = call.results(&b).to_vec();
        for (&free, &c) in outs[retained.len()..].iter().zip(carriers) {
            if let Some(c) = c {
                dealloc_if(&mut b, free, c);
            }
        }
        Ok(outs[..retained.len()].to_vec())
    }

    /// The name of the helper for `n` retained memrefs and `m` allocs, built on first use in
    /// the symbol table enclosing `op`.
    fn helper(&mut self, op: Op, n: usize, m: usize) -> R<String> {
        let name = format!("hlo_retain_{n}_{m}");
        if self.helpers.contains(&name) {
            return Ok(name);
        }
        let table = self.symbol_table(op).ok_or_else(|| {
            Diagnostic::error(
                self.ctx.op_loc(op),
                "lowering this retain needs a helper function, but it is not inside a module",
            )
            .on_op(op)
        })?;
        if self.ctx.lookup_symbol_in(table, &name).is_some() {
            return Err(Diagnostic::error(
                self.ctx.op_loc(op),
                format!("symbol @{name} is already defined; the retain helper needs it"),
            )
            .on_op(op));
        }
        build_helper(self.ctx, table, &name, n, m);
        self.helpers.insert(name.clone());
        Ok(name)
    }

    fn symbol_table(&self, op: Op) -> Option<Op> {
        let mut cur = self.ctx.parent_op(op);
        while let Some(p) = cur {
            if self.ctx.has_trait(p, Traits::SYMBOL_TABLE) {
                return Some(p);
            }
            cur = self.ctx.parent_op(p);
        }
        None
    }

    /// Every ownership-typed value and function type becomes `i1`.
    fn retype(&mut self) {
        let i1 = self.ctx.i1_type();
        for op in self.ctx.walk_preorder(self.root) {
            let results = self.ctx.results(op).to_vec();
            for r in results {
                if self.is_ownership(r) {
                    self.ctx.set_value_type(r, i1);
                }
            }
            let regions = self.ctx.regions(op).to_vec();
            for region in regions {
                let blocks: Vec<_> = self.ctx.blocks(region).collect();
                for block in blocks {
                    let args = self.ctx.block_args(block).to_vec();
                    for a in args {
                        if self.is_ownership(a) {
                            self.ctx.set_value_type(a, i1);
                        }
                    }
                }
            }
            if let Some(func) = FuncOp::of(self.ctx, op)
                && let Some((inputs, results)) = func.function_type(self.ctx)
            {
                let map = |ctx: &Context, t: Vec<Type>| -> Vec<Type> {
                    t.into_iter()
                        .map(|t| if is_ownership_type(ctx, t) { i1 } else { t })
                        .collect()
                };
                let (inputs2, results2) = (
                    map(self.ctx, inputs.clone()),
                    map(self.ctx, results.clone()),
                );
                if inputs2 != inputs || results2 != results {
                    func.set_function_type(self.ctx, inputs2, results2);
                }
            }
        }
    }
}

/// Whether `op` is one of the ops this pass lowers.
fn is_deallocation_op(ctx: &Context, op: Op) -> bool {
    OwnOp::is(ctx, op)
        || NullOp::is(ctx, op)
        || GetBufferOp::is(ctx, op)
        || FreeOp::is(ctx, op)
        || RetainOp::is(ctx, op)
}

/// What an op's lowering needs: the carriers of its indicator operands.
enum Plan {
    Nothing,
    Carriers(Vec<Option<Value>>),
}

/// `select %o, <address of carrier>, 0` (0 when there is no carrier).
fn address_if(b: &mut Builder, o: Value, carrier: Option<Value>) -> Value {
    let zero = ConstantOp::build_index(b, 0).result(b);
    let Some(c) = carrier else {
        return zero;
    };
    let address = ExtractAlignedPointerAsIndexOp::build(b, c).result(b);
    SelectOp::build(b, o, address, zero).result(b)
}

/// `scf.if %cond { memref.dealloc <base of carrier> }`.
fn dealloc_if(b: &mut Builder, cond: Value, carrier: Value) {
    let guard = IfOp::build(b, cond, &[], false);
    let then = guard.then_block(b).expect("then block");
    let loc = b.loc();
    let mut inner = Builder::at_end(b.ctx(), then, loc);
    let base = base_buffer(&mut inner, carrier);
    DeallocOp::build(&mut inner, base);
    YieldOp::build(&mut inner, &[]);
}

/// The buffer to free for `m`: `m` itself if an allocation defines it, else the base buffer
/// `memref.extract_strided_metadata` gives.
fn base_buffer(b: &mut Builder, m: Value) -> Value {
    let ranked = matches!(b.type_data(b.value_type(m)), TypeData::MemRef { .. });
    if is_allocation(b, m) || !ranked {
        return m;
    }
    ExtractStridedMetadataOp::build(b, m).base_buffer(b)
}

/// Builds `func.func private @name(retained addresses, alloc addresses) -> (retained
/// indicators, frees)`: each retained address claims the first unclaimed non-zero alloc
/// address equal to it; an alloc is freed when non-zero and unclaimed.
fn build_helper(ctx: &mut Context, table: Op, name: &str, n: usize, m: usize) {
    let Some(&region) = ctx.regions(table).first() else {
        return;
    };
    let Some(block) = ctx.entry_block(region) else {
        return;
    };
    let index = ctx.index_type();
    let i1 = ctx.i1_type();
    let inputs = vec![index; n + m];
    let results = vec![i1; n + m];
    let loc = ctx.op_loc(table);
    let ip = match ctx.last_op(block) {
        Some(t) if ctx.has_trait(t, Traits::TERMINATOR) => InsertPoint::Before(t),
        _ => InsertPoint::End(block),
    };
    let mut b = Builder::new(ctx, ip, loc);
    let helper = FuncOp::build(&mut b, name, (&inputs, &results), Some("private"));
    let Some(entry) = helper.entry_block(&b) else {
        return;
    };
    let args = helper.arguments(&b).to_vec();
    b.set_insertion_point(InsertPoint::End(entry));
    let outs = helper_body(&mut b, &args[..n], &args[n..]);
    ReturnOp::build(&mut b, &outs);
}

/// The straight-line body of the retain helper.
fn helper_body(b: &mut Builder, retained: &[Value], allocs: &[Value]) -> Vec<Value> {
    let zero = ConstantOp::build_index(b, 0).result(b);
    let f = ConstantOp::build_bool(b, false).result(b);
    let t = ConstantOp::build_bool(b, true).result(b);
    let mut live: Vec<Value> = allocs
        .iter()
        .map(|&a| CmpIOp::build(b, CmpIPredicate::Ne, a, zero).result(b))
        .collect();
    let mut outs = Vec::with_capacity(retained.len() + allocs.len());
    for &r in retained {
        let mut found = f;
        for (j, &a) in allocs.iter().enumerate() {
            let same = CmpIOp::build(b, CmpIPredicate::Eq, r, a).result(b);
            let claimable = AndIOp::build(b, same, live[j]).result(b);
            let not_found = XOrIOp::build(b, found, t).result(b);
            let claim = AndIOp::build(b, claimable, not_found).result(b);
            found = OrIOp::build(b, found, claim).result(b);
            let kept = XOrIOp::build(b, claim, t).result(b);
            live[j] = AndIOp::build(b, live[j], kept).result(b);
        }
        outs.push(found);
    }
    outs.extend(live);
    outs
}
