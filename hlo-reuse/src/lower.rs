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
//! - `free %o` → `scf.if %o { memref.dealloc <carrier's base buffer> }` (a constant `%o`,
//!   or one set on every path, `always_set.rs`: the free alone, or nothing; a carrier that
//!   is always an allocation's memref, through single-edge block arguments and selects,
//!   `lower/single_edges.rs`, is freed itself, without extracting its base buffer);
//! - a retain (any left) → a call of the generated private function `@hlo_retain_helper`
//!   (one per module) over the addresses in stack arrays (`memref.alloca`, no heap
//!   bookkeeping), which records each retained memref's new indicator and whether each
//!   alloc is to be freed; each free is an `scf.if` with a `memref.dealloc`, so the
//!   runtime's checked free sees it.
//!
//! What this leaves canonicalize is done here where it is cheap, the output after
//! canonicalize unchanged: selects of indicators that became constants fold, the edge
//! blocks `hlo-deallocate` split branches with are skipped or merged (`lower/edges.rs`; the
//! blocks reached by one `cf.br` of a block no tidying skips are merged before lowering), and
//! the indicators a loop carries unchanged as a constant are dropped
//! (`lower/constant_indicators.rs`), and so are the constants it made that nothing uses then.
//!
//! ```text
//! %o = deallocation.own %a : memref<2xf32>
//! deallocation.free %o
//! // becomes (a constant indicator needs no `scf.if`)
//! memref.dealloc %a : memref<2xf32>
//! ```

use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, OrIOp, SelectOp, XOrIOp};
use ir::dialects::deallocation::{
    FreeOp, GetBufferOp, NullOp, OwnOp, RetainOp, is_ownership_type, ownership_type,
};
use ir::dialects::func::{CallOp, FuncOp, ReturnOp};
use ir::dialects::memref::{
    AllocaOp, AllocaScopeOp, AllocaScopeReturnOp, CastOp, DeallocOp, DimOp,
    ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp, LoadOp, StoreOp,
};
use ir::dialects::scf::{ForOp, IfOp, WhileOp, YieldOp};
use ir::interfaces::is_allocation;
use ir::{
    Block, Builder, Context, Diagnostic, InsertPoint, Op, OpView, Traits, TransformResult, Type,
    TypeData, Value, track_changes,
};
use rustc_hash::{FxHashMap, FxHashSet};

mod constant_indicators;
mod edges;
mod single_edges;

use crate::always_set::AlwaysSet;
use crate::carriers::Carriers;
use crate::constants::{Constant, SharedConstants};
use crate::op_names::OpKinds;
use constant_indicators::IndicatorCarrier;
use single_edges::SingleEdges;

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
    /// `!deallocation.ownership` (types are interned: equal types are one id).
    ownership: Type,
    carriers: Carriers,
    always_set: AlwaysSet,
    helpers: FxHashSet<String>,
    constants: SharedConstants,
    addresses: Addresses,
    /// The predecessor edges of the blocks of regions of several blocks, which tell what a
    /// freed block argument holds.
    single_edges: SingleEdges,
}

impl<'c> Lowering<'c> {
    fn new(ctx: &'c mut Context, root: Op) -> Self {
        let ownership = ownership_type(ctx);
        Lowering {
            ctx,
            root,
            ownership,
            carriers: Carriers::default(),
            always_set: AlwaysSet::default(),
            helpers: FxHashSet::default(),
            constants: SharedConstants::default(),
            addresses: Addresses::default(),
            single_edges: SingleEdges::default(),
        }
    }

    fn is_ownership(&self, v: Value) -> bool {
        self.ctx.value_type(v) == self.ownership
    }

    fn run(&mut self) -> R<()> {
        let all = self.ctx.walk_preorder(self.root);
        let found = self.find(&all);
        self.single_edges = SingleEdges::of(self.ctx, &found.multi_block_regions);
        edges::merge_chains(self.ctx, &found.multi_block_regions, &self.single_edges);
        let mut plans = Vec::with_capacity(found.deallocation_ops.len());
        for &op in &found.deallocation_ops {
            plans.push(self.plan(op)?);
        }
        for (op, plan) in found.deallocation_ops.into_iter().zip(plans) {
            self.rewrite(op, plan)?;
        }
        for op in found.selects {
            fold_select(self.ctx, op);
        }
        self.retype(&all);
        constant_indicators::drop_constant_indicators(self.ctx, &found.indicator_carriers);
        edges::tidy_edges(self.ctx, &found.multi_block_regions);
        std::mem::take(&mut self.constants).erase_unused(self.ctx);
        Ok(())
    }

    /// What the lowering works on among `all`, in one pass over them.
    fn find(&self, all: &[Op]) -> Found {
        let ctx = &*self.ctx;
        let deallocation_ops = OpKinds::new(ctx, DEALLOCATION_OPS);
        let loops = OpKinds::new(ctx, &[WhileOp::NAME, ForOp::NAME]);
        let mut found = Found::default();
        for &op in all {
            if deallocation_ops.contains(ctx, op) {
                found.deallocation_ops.push(op);
            } else if let [result] = ctx.results(op)
                && self.is_ownership(*result)
                && SelectOp::is(ctx, op)
            {
                found.selects.push(op);
            }
            let regions = ctx.regions(op);
            if regions.is_empty() {
                continue;
            }
            if let Some(indicators) = self.indicator_carrier(op, &loops) {
                found.indicator_carriers.push(indicators);
            }
            for &region in regions {
                let multi_block = ctx
                    .entry_block(region)
                    .is_some_and(|entry| ctx.next_block(entry).is_some());
                if multi_block {
                    found.multi_block_regions.push(region);
                }
            }
        }
        found
    }

    /// `op` if it is an `scf.while` or `scf.for` (one of `loops`) carrying indicators, or an
    /// `scf.if` with indicator results, with their positions.
    fn indicator_carrier(&self, op: Op, loops: &OpKinds) -> Option<IndicatorCarrier> {
        let carried = if IfOp::is(self.ctx, op) {
            self.ctx.results(op)
        } else if !loops.contains(self.ctx, op) {
            return None;
        } else if let Some(view) = WhileOp::of(self.ctx, op) {
            self.ctx.block_args(view.before_block(self.ctx)?)
        } else {
            // After the induction variable.
            let body = ForOp::of(self.ctx, op)?.body(self.ctx)?;
            self.ctx.block_args(body).get(1..)?
        };
        let positions: Vec<usize> = (carried.iter().enumerate())
            .filter(|&(_, &v)| self.is_ownership(v))
            .map(|(p, _)| p)
            .collect();
        (!positions.is_empty()).then_some(IndicatorCarrier { op, positions })
    }

    /// What the lowering knows of indicator `v`: the memref whose allocation it owns when it
    /// is set (`None`: `v` is always null), and whether it is always set.
    fn indicator(&mut self, v: Value) -> R<Indicator> {
        let carrier = self.carriers.of(self.ctx, v)?;
        let always_set = carrier.is_some() && self.always_set.query(self.ctx, v);
        Ok(Indicator {
            carrier,
            always_set,
            carrier_is_allocation: false,
        })
    }

    // ----- rewriting ----------------------------------------------------------------------------

    /// What each op needs, computed before anything changes.
    fn plan(&mut self, op: Op) -> R<Plan> {
        let ctx = &*self.ctx;
        if let Some(free) = FreeOp::of(ctx, op) {
            let o = free.ownership(ctx);
            return Ok(Plan::Indicators(vec![self.indicator(o)?]));
        }
        if let Some(get) = GetBufferOp::of(ctx, op) {
            let source = get.source(ctx);
            if self.is_ownership(source) {
                return Ok(Plan::Indicators(vec![self.indicator(source)?]));
            }
            return Ok(Plan::Nothing);
        }
        if let Some(retain) = RetainOp::of(ctx, op) {
            let allocs: Vec<Value> = retain.ownerships(ctx).collect();
            let mut indicators = Vec::with_capacity(allocs.len());
            for o in allocs {
                indicators.push(self.indicator(o)?);
            }
            return Ok(Plan::Indicators(indicators));
        }
        Ok(Plan::Nothing)
    }

    fn rewrite(&mut self, op: Op, plan: Plan) -> R<()> {
        let indicators = match plan {
            Plan::Indicators(known) => known,
            Plan::Nothing => Vec::new(),
        };
        if OwnOp::is(self.ctx, op) || NullOp::is(self.ctx, op) {
            let set = OwnOp::is(self.ctx, op);
            let constant = self.constants.get(self.ctx, op, Constant::Bool(set));
            self.ctx.replace_op_uses(op, &[constant]);
            self.ctx.erase_op(op);
            return Ok(());
        }
        let zero = GetBufferOp::is(self.ctx, op)
            .then(|| self.constants.get(self.ctx, op, Constant::Index(0)));
        let block = self.ctx.op_parent(op);
        let addresses = &mut self.addresses;
        let mut b = Builder::before(self.ctx, op);
        let replacements: Vec<Value> = if let Some(get) = GetBufferOp::of(&b, op) {
            let source = get.source(&b);
            let address = match indicators.first() {
                None => addresses.get(&mut b, block, source),
                Some(&known) => address_if(
                    &mut b,
                    source,
                    known,
                    |b, m| addresses.get(b, block, m),
                    |b| zero.unwrap_or_else(|| ConstantOp::build_index(b, 0).result(b)),
                ),
            };
            vec![address]
        } else if let Some(free) = FreeOp::of(&b, op) {
            let o = free.ownership(&b);
            if let Some(&known) = indicators.first() {
                let freeing = self.single_edges.freeing(&b, known);
                dealloc_if(&mut b, o, freeing);
            }
            Vec::new()
        } else if let Some(retain) = RetainOp::of(&b, op) {
            let retained: Vec<Value> = retain.retained(&b).collect();
            let allocs: Vec<Value> = retain.ownerships(&b).collect();
            self.lower_retain(op, &retained, &allocs, &indicators)?
        } else {
            let loc = b.op_loc(op);
            return Err(Diagnostic::error(loc, "unexpected deallocation op").on_op(op));
        };
        self.ctx.replace_op_uses(op, &replacements);
        self.ctx.erase_op(op);
        Ok(())
    }

    /// A retain: inside a `memref.alloca_scope`, the addresses go to stack arrays and the
    /// helper claims allocs for retained memrefs; then one guarded free per alloc.
    fn lower_retain(
        &mut self,
        op: Op,
        retained: &[Value],
        allocs: &[Value],
        indicators: &[Indicator],
    ) -> R<Vec<Value>> {
        if allocs.is_empty() {
            let mut b = Builder::before(self.ctx, op);
            let f = ConstantOp::build_bool(&mut b, false).result(&b);
            return Ok(vec![f; retained.len()]);
        }
        let name = self.helper(op)?;
        let n = retained.len();
        let indices = self.helper_indices(op, n, allocs.len());
        let i1 = self.ctx.i1_type();
        let mut b = Builder::before(self.ctx, op);
        let scope = AllocaScopeOp::build(&mut b, &vec![i1; n + allocs.len()]);
        let body = scope.body(&b).expect("scope body");
        let loc = b.loc();
        let outs = {
            let mut inner = Builder::at_end(b.ctx(), body, loc);
            let outs = call_helper(&mut inner, &name, retained, allocs, indicators, &indices);
            AllocaScopeReturnOp::build(&mut inner, &outs);
            scope.op()
        };
        let outs = b.results(outs).to_vec();
        for (&free, &known) in outs[n..].iter().zip(indicators) {
            // The helper's flag says whether to free, whatever the indicator was.
            let guarded = Indicator {
                always_set: false,
                ..self.single_edges.freeing(&b, known)
            };
            dealloc_if(&mut b, free, guarded);
        }
        Ok(outs[..n].to_vec())
    }

    /// The index constants a helper call for `n` retained memrefs and `m` allocs uses, shared
    /// with the function's other users (see [`SharedConstants`]): element `k` is the index
    /// constant `k`, for every position of either array.
    fn helper_indices(&mut self, op: Op, n: usize, m: usize) -> Vec<Value> {
        let index = |k: usize| {
            let k = i64::try_from(k).unwrap_or(i64::MAX);
            self.constants.get(self.ctx, op, Constant::Index(k))
        };
        (0..n.max(m)).map(index).collect()
    }

    /// The name of the retain helper, built on first use in the symbol table enclosing `op`.
    fn helper(&mut self, op: Op) -> R<String> {
        let name = HELPER.to_string();
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
        build_helper(self.ctx, table, &name);
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

    /// Every ownership-typed value and function type of `ops` (every op there was before
    /// the rewriting: the ops it creates have none) becomes `i1`.
    fn retype(&mut self, ops: &[Op]) {
        let i1 = self.ctx.i1_type();
        let mut values = Vec::new();
        // Few distinct types, each seen many times.
        let mut lowered: FxHashMap<Type, Option<Type>> = FxHashMap::default();
        for &op in ops {
            if !self.ctx.is_alive(op) {
                continue;
            }
            values.clear();
            values.extend_from_slice(self.ctx.results(op));
            for &region in self.ctx.regions(op) {
                for block in self.ctx.blocks(region) {
                    values.extend_from_slice(self.ctx.block_args(block));
                }
            }
            for &v in &values {
                let ty = self.ctx.value_type(v);
                let to = match lowered.get(&ty) {
                    Some(&to) => to,
                    None => *lowered.entry(ty).or_insert(lowered_type(self.ctx, ty, i1)),
                };
                if let Some(to) = to {
                    self.ctx.set_value_type(v, to);
                }
            }
            let Some(func) = FuncOp::of(self.ctx, op) else {
                continue;
            };
            let Some((inputs, results)) = func.function_type(self.ctx) else {
                continue;
            };
            let ty = self.ctx.ty(TypeData::Function { inputs, results });
            if let Some(lowered) = lowered_type(self.ctx, ty, i1)
                && let TypeData::Function { inputs, results } = self.ctx.type_data(lowered).clone()
            {
                func.set_function_type(self.ctx, inputs, results);
            }
        }
    }
}

/// The ops this pass lowers.
const DEALLOCATION_OPS: &[&str] = &[
    OwnOp::NAME,
    NullOp::NAME,
    GetBufferOp::NAME,
    FreeOp::NAME,
    RetainOp::NAME,
];

/// `ty` with every ownership type in it (itself, or the inputs and results of a function
/// type, such as a `func.constant`'s) replaced by `i1`; `None` if it has none.
fn lowered_type(ctx: &mut Context, ty: Type, i1: Type) -> Option<Type> {
    if is_ownership_type(ctx, ty) {
        return Some(i1);
    }
    let TypeData::Function { inputs, results } = ctx.type_data(ty) else {
        return None;
    };
    let (inputs, results) = (inputs.clone(), results.clone());
    let map = |ctx: &Context, t: Vec<Type>| -> Vec<Type> {
        t.into_iter()
            .map(|t| if is_ownership_type(ctx, t) { i1 } else { t })
            .collect()
    };
    let (inputs2, results2) = (map(ctx, inputs.clone()), map(ctx, results.clone()));
    if inputs2 == inputs && results2 == results {
        return None;
    }
    Some(ctx.ty(TypeData::Function {
        inputs: inputs2,
        results: results2,
    }))
}

/// The ops and regions the lowering works on, in program order.
#[derive(Default)]
struct Found {
    /// The `deallocation` ops, all lowered.
    deallocation_ops: Vec<Op>,
    /// The `arith.select`s of indicators, folded where the lowering makes them constant.
    selects: Vec<Op>,
    /// The regions of several blocks, whose edge blocks are tidied (`lower/edges.rs`).
    multi_block_regions: Vec<ir::Region>,
    /// The `scf.while`, `scf.for` and `scf.if` ops carrying indicators, whose constant ones
    /// are dropped (`lower/constant_indicators.rs`).
    indicator_carriers: Vec<IndicatorCarrier>,
}

/// What an op's lowering needs: what is known of its indicator operands.
enum Plan {
    Nothing,
    Indicators(Vec<Indicator>),
}

/// What is known of an indicator before the lowering changes anything.
#[derive(Clone, Copy)]
struct Indicator {
    /// The memref whose allocation it owns when set (`None`: always null).
    carrier: Option<Value>,
    /// Whether it is set on every path (`always_set.rs`).
    always_set: bool,
    /// Whether the carrier is always an allocation's memref, freed as it is (not through
    /// its base buffer): found so for frees only (`lower/single_edges.rs`).
    carrier_is_allocation: bool,
}

impl Indicator {
    /// Whether lowered indicator `o` is a constant or always set: `Some(set)`.
    fn known(self, b: &Builder, o: Value) -> Option<bool> {
        if self.always_set {
            return Some(true);
        }
        ConstantOp::as_bool(b, o)
    }
}

/// `select %o, <address of carrier>, 0` (0 when there is no carrier). An indicator that is a
/// constant (most are: an `own` or `null` lowers to one) picks its side here, so the lowered
/// program is not several times the input's size before canonicalize shrinks it again.
/// `address` gives a memref's address (a new `memref.extract_aligned_pointer_as_index`, or
/// one already made earlier in the block).
fn address_if(
    b: &mut Builder,
    o: Value,
    indicator: Indicator,
    address: impl FnOnce(&mut Builder, Value) -> Value,
    zero: impl FnOnce(&mut Builder) -> Value,
) -> Value {
    let known = indicator.known(b, o);
    let Some(c) = indicator.carrier.filter(|_| known != Some(false)) else {
        return zero(b);
    };
    let address = address(b, c);
    if known == Some(true) {
        return address;
    }
    let zero = zero(b);
    SelectOp::build(b, o, address, zero).result(b)
}

/// Folds a select of lowered indicators (`i1`) that the lowering made constant, as
/// canonicalize's `arith.select` folder would, so that canonicalize finds it done: equal
/// sides or a constant condition pick a side, `c ? true : false` is `c`, `c ? false : true` is
/// `!c` (see [`negation`]), `c ? true : x` is `c | x`, `c ? x : false` is `c & x`, and
/// `c ? c : x`, `c ? x : c` likewise.
fn fold_select(ctx: &mut Context, op: Op) {
    let Some(select) = SelectOp::of(ctx, op) else {
        return;
    };
    let (c, t, f) = (
        select.condition(ctx),
        select.true_value(ctx),
        select.false_value(ctx),
    );
    let (ct, cf) = (ConstantOp::as_bool(ctx, t), ConstantOp::as_bool(ctx, f));
    let mut b = Builder::before(ctx, op);
    let folded = if t == f {
        t
    } else if let Some(set) = ConstantOp::as_bool(&b, c) {
        if set { t } else { f }
    } else {
        match (ct, cf) {
            (Some(true), Some(false)) => c,
            (Some(false), Some(true)) => negation(&mut b, c, f),
            (Some(true), _) => OrIOp::build(&mut b, c, f).result(&b),
            (_, Some(false)) => AndIOp::build(&mut b, c, t).result(&b),
            _ if t == c => OrIOp::build(&mut b, c, f).result(&b),
            _ if f == c => AndIOp::build(&mut b, c, t).result(&b),
            _ => return,
        }
    };
    ctx.replace_op_uses(op, &[folded]);
    ctx.erase_op(op);
}

/// `!c` as canonicalize leaves it (`arith.select` to `xori c, true`, then its `xori`
/// folder and patterns): `x` for `c = x ^ true`, the negated compare for `c = cmpi p x y`,
/// else `xori c, one` (`one`: the constant `true`).
fn negation(b: &mut Builder, c: Value, one: Value) -> Value {
    let def = b.defining_op(c);
    if let Some(xor) = def.and_then(|op| XOrIOp::of(b, op))
        && b.num_operands(xor.0) == 2
        && ConstantOp::as_bool(b, xor.rhs(b)) == Some(true)
    {
        return xor.lhs(b);
    }
    if let Some(cmp) = def.and_then(|op| CmpIOp::of(b, op))
        && b.num_operands(cmp.0) == 2
        && let Some(predicate) = cmp.predicate(b)
    {
        let (x, y) = (cmp.lhs(b), cmp.rhs(b));
        return CmpIOp::build(b, predicate.negated(), x, y).result(b);
    }
    XOrIOp::build(b, c, one).result(b)
}

/// A new `memref.extract_aligned_pointer_as_index` of `m`.
fn extract_address(b: &mut Builder, m: Value) -> Value {
    ExtractAlignedPointerAsIndexOp::build(b, m).result(b)
}

/// The address of each memref, one `memref.extract_aligned_pointer_as_index` per block (as
/// CSE would leave them; canonicalize does not merge them): the `get_buffer`s of one retain
/// lowered inline ask for the same carriers' addresses again and again. The ops are lowered
/// in program order, so an address made before an earlier op of a block dominates every
/// later op of that block.
#[derive(Default)]
struct Addresses {
    made: FxHashMap<(Block, Value), Value>,
}

impl Addresses {
    /// The address of `m` for a use in `block`, made at `b`'s insertion point if the block has
    /// none yet.
    fn get(&mut self, b: &mut Builder, block: Option<Block>, m: Value) -> Value {
        let Some(block) = block else {
            return extract_address(b, m);
        };
        *self
            .made
            .entry((block, m))
            .or_insert_with(|| extract_address(b, m))
    }
}

/// `scf.if %cond { memref.dealloc <base of carrier> }`; with a constant or always set
/// `cond`, the free itself or nothing (nothing too without a carrier: always null).
fn dealloc_if(b: &mut Builder, cond: Value, indicator: Indicator) {
    let Some(carrier) = indicator.carrier else {
        return;
    };
    match indicator.known(b, cond) {
        Some(false) => return,
        Some(true) => {
            let base = base_buffer(b, carrier, indicator.carrier_is_allocation);
            DeallocOp::build(b, base);
            return;
        }
        None => {}
    }
    let guard = IfOp::build(b, cond, &[], false);
    let then = guard.then_block(b).expect("then block");
    let loc = b.loc();
    let mut inner = Builder::at_end(b.ctx(), then, loc);
    let base = base_buffer(&mut inner, carrier, indicator.carrier_is_allocation);
    DeallocOp::build(&mut inner, base);
    YieldOp::build(&mut inner, &[]);
}

/// The buffer to free for `m`: `m` itself if it is always an allocation's memref
/// (`is_allocation`, known by the caller, or an allocation defines it), else the base buffer
/// `memref.extract_strided_metadata` gives.
fn base_buffer(b: &mut Builder, m: Value, is_allocation_always: bool) -> Value {
    let ranked = matches!(b.type_data(b.value_type(m)), TypeData::MemRef { .. });
    if is_allocation_always || is_allocation(b, m) || !ranked {
        return m;
    }
    ExtractStridedMetadataOp::build(b, m).base_buffer(b)
}

/// The name of the generated retain helper.
const HELPER: &str = "hlo_retain_helper";

/// A rank-1 dynamic memref of `elem`.
fn vector_type(ctx: &mut Context, elem: Type) -> Type {
    ctx.ty(TypeData::MemRef {
        shape: vec![ir::DYNAMIC],
        elem,
        layout: None,
        memory_space: None,
    })
}

/// A stack array of `len` elements of type `elem`: the `memref.alloca` of a static shape
/// (stored to and loaded from directly) and its `memref.cast` to the dynamic shape the
/// helper takes. This is what canonicalize makes of an alloca sized by a constant, but
/// built directly it spares canonicalize rewriting every store and load of the array.
fn stack_array(b: &mut Builder, elem: Type, len: usize) -> (Value, Value) {
    let static_ty = b.ctx().ty(TypeData::MemRef {
        shape: vec![i64::try_from(len).unwrap_or(i64::MAX)],
        elem,
        layout: None,
        memory_space: None,
    });
    let array = AllocaOp::build(b, static_ty, &[]).result(b);
    let dynamic_ty = vector_type(b.ctx(), elem);
    let cast = CastOp::build(b, array, dynamic_ty).result(b);
    (array, cast)
}

/// Stores the retained addresses and the owned alloc addresses (0 when not owned) in stack
/// arrays, calls the helper, and returns the new indicators and the free flags; `at[k]` is
/// the index constant `k`.
fn call_helper(
    b: &mut Builder,
    name: &str,
    retained: &[Value],
    allocs: &[Value],
    indicators: &[Indicator],
    at: &[Value],
) -> Vec<Value> {
    let index = b.ctx().index_type();
    let i1 = b.ctx().i1_type();
    let (rs, rs_arg) = stack_array(b, index, retained.len());
    let (al, al_arg) = stack_array(b, index, allocs.len());
    let (fl, fl_arg) = stack_array(b, i1, retained.len());
    for (i, &r) in retained.iter().enumerate() {
        let address = extract_address(b, r);
        StoreOp::build(b, address, rs, &[at[i]]);
    }
    let zero = at[0];
    for (j, (&o, &known)) in allocs.iter().zip(indicators).enumerate() {
        let address = address_if(b, o, known, extract_address, |_| zero);
        StoreOp::build(b, address, al, &[at[j]]);
    }
    CallOp::build(b, name, &[rs_arg, al_arg, fl_arg], &[]);
    let mut outs = Vec::with_capacity(retained.len() + allocs.len());
    for &i in &at[..retained.len()] {
        outs.push(LoadOp::build(b, fl, &[i]).result(b));
    }
    for &j in &at[..allocs.len()] {
        let left = LoadOp::build(b, al, &[j]).result(b);
        outs.push(CmpIOp::build(b, CmpIPredicate::Ne, left, zero).result(b));
    }
    outs
}

/// Builds `func.func private @name(%retained: memref<?xindex>, %allocs: memref<?xindex>,
/// %kept: memref<?xi1>)`: each retained address claims the first non-zero alloc address
/// equal to it (which becomes 0) and records whether it found one; allocs left non-zero are
/// the ones to free.
fn build_helper(ctx: &mut Context, table: Op, name: &str) {
    let Some(&region) = ctx.regions(table).first() else {
        return;
    };
    let Some(block) = ctx.entry_block(region) else {
        return;
    };
    let index = ctx.index_type();
    let i1 = ctx.i1_type();
    let inputs = [
        vector_type(ctx, index),
        vector_type(ctx, index),
        vector_type(ctx, i1),
    ];
    let loc = ctx.op_loc(table);
    let ip = match ctx.last_op(block) {
        Some(t) if ctx.has_trait(t, Traits::TERMINATOR) => InsertPoint::Before(t),
        _ => InsertPoint::End(block),
    };
    let mut b = Builder::new(ctx, ip, loc);
    let helper = FuncOp::build(&mut b, name, (&inputs, &[]), Some("private"));
    let Some(entry) = helper.entry_block(&b) else {
        return;
    };
    let args = helper.arguments(&b).to_vec();
    b.set_insertion_point(InsertPoint::End(entry));
    helper_body(&mut b, args[0], args[1], args[2]);
    ReturnOp::build(&mut b, &[]);
}

/// The loops of the retain helper.
fn helper_body(b: &mut Builder, retained: Value, allocs: Value, kept: Value) {
    let zero = ConstantOp::build_index(b, 0).result(b);
    let one = ConstantOp::build_index(b, 1).result(b);
    let f = ConstantOp::build_bool(b, false).result(b);
    let t = ConstantOp::build_bool(b, true).result(b);
    let n = DimOp::build(b, retained, zero).result(b);
    let m = DimOp::build(b, allocs, zero).result(b);
    let outer = ForOp::build(b, zero, n, one, &[]);
    let outer_body = outer.body(b).expect("loop body");
    let loc = b.loc();
    let mut ob = Builder::at_end(b.ctx(), outer_body, loc);
    let i = ob.block_args(outer_body)[0];
    let r = LoadOp::build(&mut ob, retained, &[i]).result(&ob);
    let inner = ForOp::build(&mut ob, zero, m, one, &[f]);
    let inner_body = inner.body(&ob).expect("loop body");
    {
        let mut ib = Builder::at_end(ob.ctx(), inner_body, loc);
        let j = ib.block_args(inner_body)[0];
        let found = ib.block_args(inner_body)[1];
        let a = LoadOp::build(&mut ib, allocs, &[j]).result(&ib);
        let same = CmpIOp::build(&mut ib, CmpIPredicate::Eq, a, r).result(&ib);
        let nonzero = CmpIOp::build(&mut ib, CmpIPredicate::Ne, a, zero).result(&ib);
        let not_found = XOrIOp::build(&mut ib, found, t).result(&ib);
        let live = AndIOp::build(&mut ib, same, nonzero).result(&ib);
        let claim = AndIOp::build(&mut ib, live, not_found).result(&ib);
        let guard = IfOp::build(&mut ib, claim, &[], false);
        let then = guard.then_block(&ib).expect("then block");
        {
            let mut tb = Builder::at_end(ib.ctx(), then, loc);
            StoreOp::build(&mut tb, zero, allocs, &[j]);
            YieldOp::build(&mut tb, &[]);
        }
        let now = OrIOp::build(&mut ib, found, claim).result(&ib);
        YieldOp::build(&mut ib, &[now]);
    }
    let found = inner.results(&ob)[0];
    StoreOp::build(&mut ob, found, kept, &[i]);
    YieldOp::build(&mut ob, &[]);
}
