//! The `ownership-based-buffer-deallocation` pass.
//!
//! Per `func.func`, blocks are visited in dominance order (nested regions before the block that
//! holds them). Each block gets a list of memrefs it may have to free (live-ins of the same
//! region, memref block arguments, allocations, results of calls and region-branch ops) and an
//! ownership indicator (an `i1` value) per memref. Before every terminator a
//! `bufferization.dealloc` frees the base buffers of that list under their indicators, retaining
//! the values that flow on (forwarded operands and live-outs); its results are the ownership
//! indicators forwarded as extra `i1` successor operands, region results or block arguments.
//!
//! Beyond MLIR 22:
//! - Explicit CFG loops are supported. Values flowing around a loop do so through block
//!   arguments, whose ownership is an extra `i1` block argument fed by every predecessor
//!   (including the back edge); a value live into a loop header is defined in a block that
//!   dominates the loop, so the ownership it inherits is computed before the loop and every
//!   block of the loop retains it.
//! - An existing free (`memref.dealloc`, the source of `memref.realloc`) releases ownership: the
//!   freed buffer and the entries of the block's dealloc list that are certainly the same buffer
//!   become un-owned, entries that may be it stay owned only if their aligned pointers differ at
//!   runtime. The op stays. A plain free (`memref.dealloc`) inside a nested region of a buffer
//!   an enclosing region owns is erased: the enclosing region frees that buffer under its own
//!   indicator, so the free only moves later (to where the owner frees it). Other frees of such
//!   buffers (`memref.realloc`) are still rejected, and so is any free of a function argument
//!   (callers free what they pass, so it would be a second free), as upstream does.
//! - A memref that a terminator hands on (retains) and that is certainly none of the other
//!   buffers its dealloc retains (distinct allocations, or an allocation and a function argument)
//!   is not freed by that dealloc: its indicator is or-ed into its ownership result (and, when it
//!   is none of the freed buffers either, it is not retained and its indicator is its
//!   ownership), as `buffer-deallocation-simplification` would find; no base buffer is taken
//!   for it.
//!
//! Function boundary ABI: arguments are not owned (except those every call of a private
//! function hands over, [`handover`]); returned memrefs are owned by the caller, so a returned
//! memref whose ownership is not provably true is cloned (conditionally).
//!
//! Ops are classified through the registry only: memory effects (allocate/free), the
//! region-branch, call and branch interfaces, traits, and a small table of ops with their own
//! behaviour ([`crate::extensions`]).

use ir::dialects::arith::{AndIOp, CmpIOp, CmpIPredicate, ConstantOp, OrIOp, SelectOp, XOrIOp};
use ir::dialects::bufferization::copy::build_clone;
use ir::dialects::bufferization::{CloneOp, DeallocOp, MANUAL_DEALLOCATION_ATTR};
use ir::dialects::cf::AssertOp;
use ir::dialects::func::FuncOp;
use ir::dialects::memref::{
    ExtractAlignedPointerAsIndexOp, ExtractStridedMetadataOp, Mixed, ReinterpretCastOp,
};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{
    AttrData, Block, Builder, Context, Diagnostic, EffectKind, EffectOn, Effects, InsertPoint, Loc,
    Op, OpName, OpView, Region, Resource, Sym, Traits, Type, TypeData, Value, ValueDef,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::borrow::Cow;
use std::cell::OnceCell;

use crate::extensions::Extensions;
use crate::ownership::Ownership;
use analysis::alias::{is_function_argument, view_base};
use analysis::cfg::{ReachabilitySplit, dominance_order};
use analysis::effects::is_allocation;
use analysis::liveness::Liveness;

mod argument_reads;
mod base_buffers;
mod bool_constants;
mod dealloc_lists;
mod edge_liveness;
mod handover;
mod nested_live_ins;
mod op_kit;
mod ownership_map;
mod read_only_clones;
mod transfer;
mod value_order;

use base_buffers::BaseBuffers;
use bool_constants::BoolConstants;
use dealloc_lists::DeallocLists;
use edge_liveness::EdgeLiveness;
use nested_live_ins::{NestedLiveIns, blocks_of_single_block_regions};
use op_kit::OpKit;
use ownership_map::OwnershipMap;
use value_order::ValueOrder;

/// Options of the pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeallocOptions {
    /// Private functions with a body return one extra `i1` ownership per memref result instead
    /// of guaranteeing ownership of their results (`private-function-dynamic-ownership`).
    pub private_function_dynamic_ownership: bool,
}

/// The ops this pass looks for (`func.func`), creates, or (`bufferization.dealloc`) refuses to
/// find in its input: all must be registered.
const OPS_USED: [&str; 15] = [
    FuncOp::NAME,
    DeallocOp::NAME,
    CloneOp::NAME,
    ExtractStridedMetadataOp::NAME,
    ReinterpretCastOp::NAME,
    ConstantOp::NAME,
    AndIOp::NAME,
    XOrIOp::NAME,
    OrIOp::NAME,
    SelectOp::NAME,
    IfOp::NAME,
    YieldOp::NAME,
    AssertOp::NAME,
    CmpIOp::NAME,
    ExtractAlignedPointerAsIndexOp::NAME,
];

/// Erases the blocks that no path from their region's entry reaches, in every region of
/// `func`. They never run, and a value they use has no ownership there to hand on (a
/// canonicalize that stops before erasing them leaves such blocks; MLIR's pass emits branches
/// that fail verification on them). Regions inside an erased block go with it. `ops` are the
/// ops of `func` in pre-order.
///
/// Whether `op` (defined by `def`) has no regions and is no terminator: such an op fails no
/// precondition of [`DeallocState::verify_operation_preconditions`] but the one of unknown
/// effects, whatever it allocates or frees.
fn is_plain(ctx: &Context, def: &ir::OpDef, op: Op) -> bool {
    ctx.regions(op).is_empty()
        && !def.traits.contains(Traits::NO_TERMINATOR)
        && !def.traits.contains(Traits::TERMINATOR)
}

/// Returns the blocks of each region of several blocks in the order the pass visits them, as
/// [`dominance_order`] gives them once the unreachable blocks are gone (the reachable ones in
/// reverse post-order of the search from the entry, which finds them both): valid while the
/// region's control flow is as it is now ([`FunctionWalks`] keeps them with the walk).
fn erase_unreachable_blocks(ctx: &mut Context, ops: &[Op]) -> BlockOrders {
    // A plain loop: most ops hold no region, and a flattening iterator costs more per op.
    let mut regions: Vec<ir::Region> = Vec::new();
    for &op in ops {
        for &region in ctx.regions(op) {
            if ctx.blocks(region).nth(1).is_some() {
                regions.push(region);
            }
        }
    }
    let mut orders = BlockOrders::default();
    for region in regions {
        if ctx.region_parent(region).is_none_or(|op| !ctx.is_alive(op)) {
            continue;
        }
        let Some(split) = ReachabilitySplit::of(ctx, region) else {
            continue;
        };
        for block in split.unreachable {
            ctx.erase_block(block);
        }
        orders.insert(region, split.reachable);
    }
    orders
}

/// The blocks of regions of several blocks in dominance order, by region
/// ([`erase_unreachable_blocks`]).
type BlockOrders = FxHashMap<Region, Vec<Block>>;

/// Runs the pass on every `func.func` with a body nested in `root`. Stops at the first
/// function that fails, as MLIR does.
pub fn deallocate_buffers(
    ctx: &mut Context,
    root: Op,
    options: &DeallocOptions,
) -> Result<(), Vec<Diagnostic>> {
    let ext = Extensions::builtin(ctx);
    deallocate_buffers_with(ctx, root, options, &ext)
}

/// [`deallocate_buffers`] with the op behaviours of `ext` (start from
/// [`Extensions::builtin`] and [`Extensions::register`] your own).
pub fn deallocate_buffers_with(
    ctx: &mut Context,
    root: Op,
    options: &DeallocOptions,
    ext: &Extensions,
) -> Result<(), Vec<Diagnostic>> {
    let loc = ctx.op_loc(root);
    if OPS_USED
        .iter()
        .any(|name| ctx.registry.lookup(name).is_none())
    {
        return Err(vec![Diagnostic::error(
            loc,
            "the dialects the deallocation pass emits are not registered",
        )]);
    }
    let mut symbols: FxHashMap<String, FuncOp> = FxHashMap::default();
    let mut funcs = Vec::new();
    let module_walk = ctx.walk_preorder(root);
    // Functions are found by op id, not by comparing every op's name with `func.func`.
    let func_op = ctx.registry.lookup(FuncOp::NAME);
    for (position, &op) in module_walk.iter().enumerate() {
        if Some(ctx.op_name(op)) != func_op {
            continue;
        }
        let Some(func) = FuncOp::of(ctx, op) else {
            continue;
        };
        if let Some(name) = func.sym_name(ctx) {
            symbols.entry(name.to_string()).or_insert(func);
        }
        if func.has_body(ctx) {
            funcs.push((op, position));
        }
    }
    let mut memory = read_only_clones::ModuleMemory::new(root);
    // Where the walk of the last function cut from the module's walk ends. The walks are cut
    // until a function is nested in one cut before, or the IR around one changed: from then
    // on, each function is walked anew (the ones before may have changed its ops).
    let mut cut_until = Some(0);
    let mut walks = FunctionWalks::default();
    for &(func, position) in &funcs {
        let cut = cut_until
            .filter(|&until| position >= until)
            .and_then(|_| walk_cut_from(ctx, &module_walk, position));
        cut_until = cut.map(|cut| position + cut.len());
        // One walk serves both: erasing blocks only takes ops away.
        let ops = match cut {
            Some(cut) => Cow::Borrowed(cut),
            None => Cow::Owned(ctx.walk_preorder(func)),
        };
        let epoch = ctx.epoch();
        let orders = erase_unreachable_blocks(ctx, &ops);
        let clones = read_only_clones::live_clones(ctx, &ops);
        read_only_clones::forward_read_only_clones(ctx, func, clones, &[], &mut memory);
        walks.keep_if_unchanged(ctx, func, cut, orders, epoch);
    }
    // A function nested in another makes the outer one's walk stale when it is changed.
    walks.disjoint = cut_until.is_some();
    let funcs: Vec<Op> = funcs.into_iter().map(|(func, _)| func).collect();
    let owned_args = handover::owned_arguments(ctx, root, &funcs, options);
    let mut kit = OpKit::new(ctx);
    let mut op_lists = Vec::new();
    // A function owning an argument holds the only name of that buffer: its clones of it are
    // read-only clones of an allocation. (The callers' clones went first: a clone made a name
    // of a handed-over buffer there would be used after the callee frees it.)
    for (&func, positions) in &owned_args {
        let clones = read_only_clones::live_clones(ctx, &walks.walk(ctx, func));
        let epoch = ctx.epoch();
        read_only_clones::forward_read_only_clones(ctx, func, clones, positions, &mut memory);
        if ctx.epoch() != epoch {
            walks.forget(func);
        }
    }
    for func in funcs {
        tracing::debug!(function = ?FuncOp(func).sym_name(ctx), "placing deallocations");
        let context = Shared {
            ext,
            symbols: &symbols,
            options,
            owned_args: &owned_args,
        };
        let walk = walks.walk(ctx, func);
        let orders = walks.block_orders(func);
        let mut f = DeallocState::new(ctx, context, func, walk, orders, &mut kit, &mut op_lists);
        f.run().map_err(|d| vec![d])?;
    }
    Ok(())
}

/// The pre-order walks of functions cut from the module's walk that are still their walks:
/// nothing changed the IR while the pass prepared the function (erasing unreachable blocks,
/// forwarding read-only clones), and no function is nested in another (the functions are
/// disjoint, so what the pass does to one leaves the ops of the others as they are). The pass
/// then walks each function once, not again for its deallocations. The blocks of the
/// function's regions in dominance order, found while preparing it, are kept alike (the pass
/// changes no region's control flow before it visits the region's blocks).
#[derive(Default)]
struct FunctionWalks<'w> {
    kept: FxHashMap<Op, (&'w [Op], BlockOrders)>,
    /// Whether every function's walk was cut from the module's walk: no function is nested
    /// in another. Off, no kept walk is used.
    disjoint: bool,
}

impl<'w> FunctionWalks<'w> {
    /// Keeps `cut`, the walk of `func` made when the IR's epoch was `epoch`, and the block
    /// orders of its regions made since, if nothing changed the IR since.
    fn keep_if_unchanged(
        &mut self,
        ctx: &Context,
        func: Op,
        cut: Option<&'w [Op]>,
        orders: BlockOrders,
        epoch: u64,
    ) {
        if let Some(cut) = cut.filter(|_| ctx.epoch() == epoch) {
            self.kept.insert(func, (cut, orders));
        }
    }

    /// `func`'s walk is no longer its walk.
    fn forget(&mut self, func: Op) {
        self.kept.remove(&func);
    }

    /// The pre-order walk of `func`: the kept one, or a new one.
    fn walk(&self, ctx: &Context, func: Op) -> std::borrow::Cow<'w, [Op]> {
        match self.kept.get(&func) {
            Some(&(walk, _)) if self.disjoint => Cow::Borrowed(walk),
            _ => Cow::Owned(ctx.walk_preorder(func)),
        }
    }

    /// The kept block orders of `func`'s regions, taken (none unless its walk is kept).
    fn block_orders(&mut self, func: Op) -> BlockOrders {
        match self.kept.get_mut(&func) {
            Some((_, orders)) if self.disjoint => std::mem::take(orders),
            _ => BlockOrders::default(),
        }
    }
}

/// The pre-order walk of the op at `position` in `walk` (the pre-order walk of an op holding
/// it): the ops from it up to the op the walk visits once it is done with the ops nested in it
/// ([`walked_after`]). The caller cuts the walks of functions none of which is nested in
/// another, each before it touches that function: the IR of a function then is what it was
/// when `walk` was made, as the IR that decides where the cut ends (the ops around it). `None`
/// when that op is not where the walk has it (the IR around changed): walk the op anew.
fn walk_cut_from<'w>(ctx: &Context, walk: &'w [Op], position: usize) -> Option<&'w [Op]> {
    let after = &walk[position + 1..];
    let end = match walked_after(ctx, walk[position], walk[0]) {
        Some(next) => position + 1 + after.iter().position(|&op| op == next)?,
        None => walk.len(),
    };
    Some(&walk[position..end])
}

/// The op a pre-order walk of `root` visits right after the ops nested in `op`: the next op
/// of its block, else the first op of a later block of its region (the walk takes blocks and
/// regions in order), else of a later region of its parent op, else the same for its parent
/// op; `None` when no op follows in `root`.
fn walked_after(ctx: &Context, op: Op, root: Op) -> Option<Op> {
    let mut current = op;
    while current != root {
        if let Some(next) = ctx.next_op(current) {
            return Some(next);
        }
        let block = ctx.op_parent(current)?;
        let region = ctx.block_parent(block)?;
        let parent = ctx.region_parent(region)?;
        let regions = ctx.regions(parent);
        let later_regions = &regions[regions.iter().position(|&r| r == region)? + 1..];
        let later_blocks = ctx.blocks(region).skip_while(|&b| b != block).skip(1);
        let first_later = later_blocks
            .chain(later_regions.iter().flat_map(|&r| ctx.blocks(r)))
            .find_map(|b| ctx.first_op(b));
        if first_later.is_some() {
            return first_later;
        }
        current = parent;
    }
    None
}

/// Whether a function is private and has a body (may change its signature).
fn is_private_definition(ctx: &Context, func: FuncOp) -> bool {
    func.is_private(ctx) && func.has_body(ctx)
}

fn is_memref(ctx: &Context, v: Value) -> bool {
    ctx.type_data(ctx.value_type(v)).is_memref()
}

/// Whether no memref is live into or out of any block of the function whose pre-order walk is
/// `walk` (so that its liveness, empty, need not be computed): its body is one block holding
/// all its ops (none of which has regions), and each memref they use is defined there (a
/// function is isolated from above, but this is checked, not assumed). Every memref is then
/// used in the block defining it and in no other.
fn memref_liveness_is_empty(ctx: &Context, walk: &[Op]) -> bool {
    let Some((&func, ops)) = walk.split_first() else {
        return true;
    };
    let &[body] = ctx.regions(func) else {
        return false;
    };
    let mut blocks = ctx.blocks(body);
    let (Some(entry), None) = (blocks.next(), blocks.next()) else {
        return false;
    };
    let defined_in_entry =
        |v: Value| !is_memref(ctx, v) || ctx.value_parent_block(v) == Some(entry);
    ops.iter()
        .all(|&op| ctx.regions(op).is_empty() && ctx.operands(op).all(defined_in_entry))
}

/// What every function's [`DeallocState`] reads: op behaviours, functions by name, options
/// and the arguments private functions own.
struct Shared<'a> {
    ext: &'a Extensions,
    symbols: &'a FxHashMap<String, FuncOp>,
    options: &'a DeallocOptions,
    owned_args: &'a handover::OwnedArguments,
}

/// The deallocation state of one function: ownership indicators per memref and block, and
/// the memrefs each block may have to free. Op behaviours ([`crate::extensions`]) act on it
/// through its public methods.
pub struct DeallocState<'a> {
    ctx: &'a mut Context,
    ext: &'a Extensions,
    symbols: &'a FxHashMap<String, FuncOp>,
    options: &'a DeallocOptions,
    /// The arguments private functions own ([`handover`]).
    owned_args: &'a handover::OwnedArguments,
    func: Op,
    /// The liveness of the function's memrefs (only theirs is computed: [`Self::run`]), when
    /// a region has several blocks; empty otherwise, as nothing is live out of a block then.
    live: Liveness,
    /// The live-in memrefs of the blocks visited, when every region has one block (found
    /// block by block instead of by [`Self::live`]).
    nested_live_ins: Option<NestedLiveIns>,
    /// The liveness of the function's memrefs when they cross one edge at most (found from
    /// their uses instead of by [`Self::live`]).
    edge_live: Option<EdgeLiveness>,
    /// The pre-order walk of the function before the pass touched it.
    walk: Cow<'a, [Op]>,
    /// The blocks of regions in dominance order found before the pass touched the function
    /// (taken when the region is visited; a region without one is ordered then).
    block_orders: BlockOrders,
    /// Sort keys of the original memrefs (MLIR's `ValueComparator`: block arguments first),
    /// made the first time two values are sorted ([`Self::sort_values`]).
    order: OnceCell<ValueOrder>,
    /// The ownership of each memref per block, and whether the block lists it in
    /// [`Self::to_dealloc`].
    owned: OwnershipMap,
    /// The memrefs each block may have to free (the block visited's, and those listed ahead
    /// in blocks not visited yet).
    to_dealloc: DeallocLists,
    /// The `i1` constants made at the start of blocks ([`Self::bool_const`]).
    consts: BoolConstants,
    /// Op lists of blocks not being handled, kept for the next ones (one per nesting level
    /// in use at most), and for the next functions of the run: grown once, not per function.
    op_lists: &'a mut Vec<Vec<Op>>,
    /// Frees of buffers an enclosing region owns, erased once the function is done.
    redundant_frees: Vec<Op>,
    /// Whether every op of the function the generic handling sees met the preconditions
    /// before the function was touched ([`Self::any_precondition_fails`]): those ops are not
    /// checked again one by one, and a free takes a buffer an op allocates itself, not the base
    /// buffer of its metadata ([`Self::base_buffer`]). Off, the pass fails on the function,
    /// and the IR it leaves (an error's note shows it) is MLIR's.
    preconditions_hold: bool,
    i1: Type,
    /// The interned name `value` of constants' attribute ([`Self::constant_bool`]).
    value_attr_name: Sym,
    /// The op id of `bufferization.dealloc`, which no op may be before the pass.
    dealloc_op: OpName,
    /// Builds the pass's frequent ops (made once for all the functions of a run).
    kit: &'a mut OpKit,
}

type R<T> = Result<T, Diagnostic>;

/// How many buffers a memref is compared with, at most, to prove it apart from all of them
/// ([`DeallocState::apart_from_all`]).
const MAX_PROVED_APART: usize = 64;

/// Whether a buffer root is an allocation or an argument of the function: what can make it
/// certainly another buffer than a second root ([`DeallocState::provably_distinct`]).
#[derive(Clone, Copy)]
struct RootKind {
    allocated: bool,
    function_argument: bool,
}

impl RootKind {
    /// Whether two different roots of kinds `self` and `other` are
    /// [`DeallocState::provably_distinct`].
    fn distinct_from(self, other: RootKind) -> bool {
        (self.allocated && (other.allocated || other.function_argument))
            || (self.function_argument && other.allocated)
    }
}

/// A memref a block may have to free, and its ownership indicator there.
#[derive(Clone, Copy)]
struct ToFree {
    value: Value,
    condition: Value,
}

/// The memrefs a block may have to free, with their indicators ([`DeallocState::dealloc_inputs`]).
type FreeList = SmallVec<[ToFree; 8]>;

/// The values a dealloc retains ([`DeallocState::retain_list`]).
type RetainList = SmallVec<[Value; 8]>;

/// The updated ownership indicators of the values a dealloc retains, in order
/// ([`DeallocState::create_dealloc`]): inline, as a terminator retains a few values, so that no
/// terminator allocates a list for them.
type UpdatedList = SmallVec<[Value; 8]>;

/// The values a branch forwards to a successor, and their ownerships
/// ([`DeallocState::forwarded_to`]).
type ValueList = SmallVec<[Value; 8]>;

/// The memrefs a dealloc does not free but passes on ([`DeallocState::passed_on`]), with their
/// positions among the retained values: a few at most.
type PassedOn = SmallVec<[(ToFree, usize); 4]>;

impl<'a> DeallocState<'a> {
    fn new(
        ctx: &'a mut Context,
        shared: Shared<'a>,
        func: Op,
        walk: Cow<'a, [Op]>,
        block_orders: BlockOrders,
        kit: &'a mut OpKit,
        op_lists: &'a mut Vec<Vec<Op>>,
    ) -> Self {
        let i1 = ctx.i1_type();
        // Looked up once for the run, by the kit.
        let (value_attr_name, dealloc_op) = (kit.value_name(), kit.dealloc_name());
        DeallocState {
            ctx,
            ext: shared.ext,
            symbols: shared.symbols,
            options: shared.options,
            owned_args: shared.owned_args,
            func,
            live: Liveness::default(),
            nested_live_ins: None,
            edge_live: None,
            walk,
            block_orders,
            order: OnceCell::new(),
            owned: OwnershipMap::default(),
            to_dealloc: DeallocLists::default(),
            consts: BoolConstants::default(),
            op_lists,
            redundant_frees: Vec::new(),
            preconditions_hold: false,
            i1,
            value_attr_name,
            dealloc_op,
            kit,
        }
    }

    fn run(&mut self) -> R<()> {
        // One walk serves the liveness, the preconditions and the numbering: none changes
        // the IR. Only buffers' liveness is ever asked for.
        let ctx = &*self.ctx;
        let mut blocks = 0;
        if !memref_liveness_is_empty(ctx, &self.walk) {
            match blocks_of_single_block_regions(ctx, &self.walk) {
                // Nothing flows between blocks: each block's live-ins are found as it is visited.
                Some(count) => {
                    self.nested_live_ins = Some(NestedLiveIns::default());
                    blocks = count;
                }
                None => match EdgeLiveness::of(ctx, self.func, &self.walk) {
                    // The body is the only region (its blocks are the function's).
                    Some(edge_live) => {
                        self.edge_live = Some(edge_live);
                        blocks = ctx.blocks(ctx.regions(self.func)[0]).count();
                    }
                    None => {
                        self.live =
                            Liveness::compute_for_ops(ctx, &self.walk, |v| is_memref(ctx, v));
                        blocks = self.live.blocks().len();
                    }
                },
            }
        }
        self.preconditions_hold = !self.any_precondition_fails(&self.walk);
        self.reserve_tables(blocks);
        let body = self.ctx.regions(self.func)[0];
        self.process_region(body)?;
        for op in std::mem::take(&mut self.redundant_frees) {
            self.ctx.erase_op(op);
        }
        if self.has_dynamic_ownership(self.func) {
            self.update_function_signature()?;
        }
        Ok(())
    }

    // ----- preconditions ------------------------------------------------------------------------

    /// Whether an op of the function (`ops`, its pre-order walk) that the generic handling will
    /// see (one without a behaviour of its own) fails [`Self::verify_operation_preconditions`].
    fn any_precondition_fails(&self, ops: &[Op]) -> bool {
        ops.iter().any(|&op| {
            op != self.func
                && !self.has_behaviour(op)
                && !self.meets_preconditions_plainly(op)
                && self.verify_operation_preconditions(op).is_err()
        })
    }

    /// Whether `op` meets [`Self::verify_operation_preconditions`] for a reason seen at a glance:
    /// it is no `bufferization.dealloc`, has no regions, is no terminator, and its effects are
    /// known (or recursive, or it is a call). Most ops are such, and the walk over the function
    /// does not enter the full check for them.
    #[inline]
    fn meets_preconditions_plainly(&self, op: Op) -> bool {
        let ctx = &*self.ctx;
        let def = ctx.op_def(op);
        if ctx.op_name(op) == self.dealloc_op || !is_plain(ctx, def, op) {
            return false;
        }
        def.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS)
            || def.call.is_some()
            || ctx.memory_effects(op) != Effects::Unknown
    }

    /// Whether `op` is handled through a behaviour of its own ([`crate::extensions`]).
    fn has_behaviour(&self, op: Op) -> bool {
        self.ext
            .get(self.ctx.op_name(op))
            .and_then(|b| b.process)
            .is_some()
    }

    fn verify_operation_preconditions(&self, op: Op) -> R<()> {
        let ctx = &*self.ctx;
        let def = ctx.op_def(op);
        let err = |msg: &str| Err(Diagnostic::error(ctx.op_loc(op), msg).on_op(op));
        if ctx.op_name(op) == self.dealloc_op {
            return err("No deallocation operations must be present when running this pass!");
        }
        let recursive = def.traits.contains(Traits::RECURSIVE_MEMORY_EFFECTS);
        // An op without regions that is no terminator fails none of the checks after the one of
        // unknown effects, whatever it allocates or frees: its effects matter only if unknown.
        let plain = is_plain(ctx, def, op);
        if plain && (recursive || def.call.is_some()) {
            return Ok(());
        }
        let effects = ctx.memory_effects(op);
        if effects == Effects::Unknown && !recursive && def.call.is_none() {
            return err("ops with unknown memory side effects are not supported");
        }
        if plain {
            return Ok(());
        }
        // MLIR's check (its helper's name says the opposite of what it computes): ops without
        // buffer semantics are skipped if they allocate or free, or have recursive effects.
        let has_interface = def.effects.is_some() || def.traits.contains(Traits::PURE);
        let skip = if has_interface {
            matches!(&effects, Effects::Known(list) if has_alloc_or_free(list))
        } else {
            recursive
        };
        if skip && !self.has_buffer_semantics(op) {
            return Ok(());
        }
        let regions = ctx.regions(op).len();
        if ((regions == 1 && !ctx.results(op).is_empty()) || regions > 1)
            && def.region_branch.is_none()
        {
            return err(
                "All operations with attached regions need to implement the RegionBranchOpInterface.",
            );
        }
        if def.traits.contains(Traits::NO_TERMINATOR) {
            return err("NoTerminator trait is not supported");
        }
        if def.traits.contains(Traits::TERMINATOR) {
            let branch = def.successor_operands.is_some();
            if branch == self.is_region_terminator(op) {
                return err(
                    "Terminators must implement either BranchOpInterface or RegionBranchTerminatorOpInterface (but not both)!",
                );
            }
            if ctx.successors(op).len() > 1 {
                return err("Terminators with more than one successor are not supported!");
            }
        }
        Ok(())
    }

    fn has_buffer_semantics(&self, op: Op) -> bool {
        let ctx = &*self.ctx;
        ctx.operands(op).any(|v| is_memref(ctx, v))
            || ctx.results(op).iter().any(|&v| is_memref(ctx, v))
            || ctx.regions(op).iter().any(|&r| {
                ctx.entry_block(r)
                    .is_some_and(|b| ctx.block_args(b).iter().any(|&a| is_memref(ctx, a)))
            })
    }

    /// Whether `op` returns control to its parent op (MLIR's
    /// `RegionBranchTerminatorOpInterface`): return-like, or a terminator without successors
    /// inside a region-branch op.
    fn is_region_terminator(&self, op: Op) -> bool {
        let ctx = &*self.ctx;
        let def = ctx.op_def(op);
        if !def.traits.contains(Traits::TERMINATOR) || def.successor_operands.is_some() {
            return false;
        }
        def.traits.contains(Traits::RETURN_LIKE)
            || ctx
                .parent_op(op)
                .is_some_and(|p| ctx.op_def(p).region_branch.is_some())
    }

    // ----- traversal ----------------------------------------------------------------------------

    /// Makes the table of ownerships over the function's value numbers
    /// ([`Self::function_value_numbers`]), and sizes the table of constants for the blocks of
    /// the function (one entry per block making constants), so it does not grow: `blocks`, when
    /// its liveness was looked for.
    fn reserve_tables(&mut self, blocks: usize) {
        self.owned = OwnershipMap::over(self.function_value_numbers(), self.walk.len());
        self.consts.reserve(blocks);
    }

    /// The value numbers from the function's first to its last (its first argument or its
    /// first op's first result, its last op's last result: the parser numbers the values of a
    /// function in the order it reads them): where the function's values are, but for those
    /// passes made in it before (which are hashed).
    fn function_value_numbers(&self) -> std::ops::Range<u32> {
        let ctx = &*self.ctx;
        let arguments = ctx
            .regions(self.func)
            .first()
            .and_then(|&body| ctx.entry_block(body))
            .map_or(&[][..], |entry| ctx.block_args(entry));
        let ops = &self.walk[1..];
        let first_result = ops.iter().find_map(|&op| ctx.results(op).first());
        let last_result = ops.iter().rev().find_map(|&op| ctx.results(op).last());
        let ends = [
            arguments.first(),
            arguments.last(),
            first_result,
            last_result,
        ];
        let numbers = || ends.iter().flatten().map(|v| v.as_u32());
        match (numbers().min(), numbers().max()) {
            (Some(first), Some(last)) => first..last + 1,
            _ => 0..0,
        }
    }

    /// Sorts `values` in MLIR's order ([`ValueOrder`]; the pass sorts memrefs only: live-ins
    /// and live-outs of blocks). Most lists hold one memref at most, so the keys are made
    /// only once a longer one comes, from the walk made before the function was touched:
    /// the ops of that walk still have the regions, blocks and memref results and arguments
    /// they had then (the pass only appends `i1` results and arguments), so the keys are the
    /// ones they would have been then, and memrefs the pass made are not in the walk.
    fn sort_values(&self, values: &mut [Value]) {
        if values.len() < 2 {
            return;
        }
        let ctx = &*self.ctx;
        self.order
            .get_or_init(|| ValueOrder::number(ctx, &self.walk, |v| is_memref(ctx, v)))
            .sort(values);
    }

    fn process_region(&mut self, region: Region) -> R<()> {
        let mut blocks = self.ctx.blocks(region);
        match (blocks.next(), blocks.next()) {
            (Some(only), None) => self.process_block_and_nested(only),
            (None, _) => Ok(()),
            _ => self
                .block_orders
                .remove(&region)
                .unwrap_or_else(|| dominance_order(self.ctx, region))
                .into_iter()
                .try_for_each(|block| self.process_block_and_nested(block)),
        }
    }

    /// Handles the regions nested in `block`'s ops, then `block`. Its op list is taken from
    /// [`Self::op_lists`] and given back, so that blocks do not allocate lists of their own.
    fn process_block_and_nested(&mut self, block: Block) -> R<()> {
        let mut ops = self.op_lists.pop().unwrap_or_default();
        ops.clear();
        ops.extend(self.ctx.block_ops(block));
        let result = self.process_nested_then_block(block, &ops);
        self.op_lists.push(ops);
        result
    }

    fn process_nested_then_block(&mut self, block: Block, ops: &[Op]) -> R<()> {
        let nested_live_ins = self.nested_live_ins.as_ref().map_or(0, NestedLiveIns::mark);
        for &op in ops {
            for index in 0..self.ctx.regions(op).len() {
                let nested = self.ctx.regions(op)[index];
                self.process_region(nested)?;
            }
        }
        self.process_block(block, ops, nested_live_ins)
    }

    /// Gives the block's live-in memrefs and memref arguments an ownership, then handles its
    /// ops. A memref argument of a non-entry block gets an extra `i1` argument, its ownership,
    /// which every predecessor passes:
    ///
    /// ```text
    /// ^bb1(%x: memref<2xf32>):
    ///   return
    /// // becomes
    /// ^bb1(%1: memref<2xf32>, %2: i1):  // pred: ^bb0
    ///   %base_buffer_0, %offset_1, %sizes_2, %strides_3 = memref.extract_strided_metadata %1 : memref<2xf32> -> memref<f32>, index, index, index
    ///   bufferization.dealloc (%base_buffer_0 : memref<f32>) if (%2)
    ///   return
    /// ```
    ///
    /// `nested_live_ins` is where the live-ins of the blocks nested in its ops start, when they
    /// are found block by block ([`NestedLiveIns`]).
    fn process_block(&mut self, block: Block, ops: &[Op], nested_live_ins: usize) -> R<()> {
        self.to_dealloc.visit(block);
        let region = self.ctx.block_parent(block);
        let mut live_in: SmallVec<[Value; 8]> = match (&mut self.nested_live_ins, &self.edge_live) {
            (Some(found), _) => found.block_live_ins(self.ctx, block, ops, nested_live_ins),
            (None, Some(edge_live)) => SmallVec::from_slice(edge_live.live_in(block)),
            (None, None) => self.live.live_in(block).collect(),
        };
        self.sort_values(&mut live_in);
        for v in live_in {
            let def_block = self.ctx.value_parent_block(v);
            let def_region = def_block.and_then(|b| self.ctx.block_parent(b));
            if def_region == region {
                let inherited = def_block.map_or(Ownership::Uninitialized, |b| self.get(v, b));
                let own = match inherited {
                    Ownership::Uninitialized => Ownership::Unique(self.bool_const(block, false)),
                    o => o,
                };
                self.update(v, own, block);
                self.add_to_dealloc(v, block);
            } else {
                let f = self.bool_const(block, false);
                self.update(v, Ownership::Unique(f), block);
            }
        }
        let is_function_entry = self.ctx.block_parent_op(block) == Some(self.func)
            && region.and_then(|r| self.ctx.entry_block(r)) == Some(block);
        // The `i1` arguments added below come after the ones looked at.
        for position in 0..self.ctx.block_args(block).len() {
            let arg = self.ctx.block_args(block)[position];
            if !is_memref(self.ctx, arg) {
                continue;
            }
            let indicator = if is_function_entry {
                let owned = self.owns_argument(position);
                self.bool_const(block, owned)
            } else {
                self.ctx.add_block_arg(block, self.i1)
            };
            self.update(arg, Ownership::Unique(indicator), block);
            self.add_to_dealloc(arg, block);
        }
        for &op in ops {
            if self.handle_op(op)? {
                self.populate_remaining_ownerships(op, block);
            }
        }
        Ok(())
    }

    /// Handles `op` through its own behaviour ([`crate::extensions`]) if it has one, through
    /// [`Self::process_generic`] otherwise (unless it [`Self::touches_no_buffer`]). Whether its
    /// memref results may still lack an ownership ([`Self::populate_remaining_ownerships`]):
    /// not when it has none.
    fn handle_op(&mut self, op: Op) -> R<bool> {
        if let Some(process) = self.ext.get(self.ctx.op_name(op)).and_then(|b| b.process) {
            process(self, op)?;
            return Ok(true);
        }
        if !self.preconditions_hold {
            self.verify_operation_preconditions(op)?;
        } else if self.touches_no_buffer(op) {
            return Ok(false);
        }
        self.process_generic_checked(op)?;
        Ok(true)
    }

    /// Whether the generic handling of `op` changes nothing: a plain op (no region, no
    /// successor, not a terminator, not a call) without memref operands or results, whose
    /// memory effects therefore allocate and free no buffer the pass tracks (its preconditions
    /// were checked before the function was touched).
    fn touches_no_buffer(&self, op: Op) -> bool {
        let ctx = &*self.ctx;
        let def = ctx.op_def(op);
        ctx.regions(op).is_empty()
            && ctx.successors(op).is_empty()
            && !def.traits.contains(Traits::TERMINATOR)
            && def.call.is_none()
            && def.successor_operands.is_none()
            && !ctx.operands(op).any(|v| is_memref(ctx, v))
            && !ctx.results(op).iter().any(|&v| is_memref(ctx, v))
    }

    /// The generic handling of `op`: preconditions, memory effects, then the region-branch,
    /// call, branch and region-terminator interfaces.
    pub fn process_generic(&mut self, op: Op) -> R<()> {
        // Checked before the function was touched, unless a behaviour hands its op over.
        if !self.preconditions_hold || self.has_behaviour(op) {
            self.verify_operation_preconditions(op)?;
        }
        self.process_generic_checked(op)
    }

    /// [`Self::process_generic`] of an op whose preconditions hold (checked already, or before
    /// the function was touched).
    fn process_generic_checked(&mut self, op: Op) -> R<()> {
        let def = self.ctx.op_def(op);
        let (has_rb, has_call, has_branch) = (
            def.region_branch.is_some() && !self.ctx.regions(op).is_empty(),
            def.call.is_some(),
            def.successor_operands.is_some(),
        );
        if let Effects::Known(effects) = self.ctx.memory_effects(op) {
            self.handle_memory_effects(op, &effects)?;
        }
        if has_rb {
            self.handle_region_branch(op);
        }
        if has_call {
            self.handle_call(op);
        }
        if has_branch {
            self.handle_branch(op)?;
        }
        if self.is_region_terminator(op) {
            self.handle_return_like(op)?;
        }
        Ok(())
    }

    // ----- public API for op behaviours -------------------------------------------------------

    /// The IR being rewritten.
    pub fn ctx(&self) -> &Context {
        self.ctx
    }

    /// The IR being rewritten, mutably (keep ownership state consistent with what you change).
    pub fn ctx_mut(&mut self) -> &mut Context {
        self.ctx
    }

    /// The ownership of `v` recorded in `block`.
    pub fn ownership(&self, v: Value, block: Block) -> Ownership {
        self.get(v, block)
    }

    /// Replaces the ownership of `v` in `block`.
    pub fn set_ownership(&mut self, v: Value, block: Block, own: Ownership) {
        self.set(v, own, block);
    }

    /// Joins `own` into the ownership of `v` in `block` (differing indicators give `Unknown`).
    pub fn join_ownership(&mut self, v: Value, block: Block, own: Ownership) {
        self.update(v, own, block);
    }

    /// Puts `v` on the list of memrefs `block` frees (under its ownership) before control
    /// leaves it.
    pub fn track(&mut self, v: Value, block: Block) {
        self.add_to_dealloc(v, block);
    }

    /// `v` becomes a buffer `block` owns outright (as a fresh allocation): ownership `true`,
    /// freed before control leaves `block` unless it flows on.
    pub fn own_new_buffer(&mut self, v: Value, block: Block) {
        let t = self.bool_const(block, true);
        self.update(v, Ownership::Unique(t), block);
        self.add_to_dealloc(v, block);
    }

    /// An `i1` constant at the start of `block` (one per block and value).
    pub fn constant(&mut self, block: Block, value: bool) -> Value {
        self.bool_const(block, value)
    }

    /// `arith.select %cond, %a, %b : i1` before `before`.
    pub fn select(&mut self, before: Op, cond: Value, a: Value, b: Value) -> Value {
        if a == b {
            return a;
        }
        let mut builder = Builder::before(self.ctx, before);
        SelectOp::build(&mut builder, cond, a, b).result(&builder)
    }

    /// Frees, before `before`, what its block owns, retaining `retained` (plus the memrefs
    /// live out of the block); returns the updated ownership indicators of `retained`'s
    /// memrefs, in order. For terminator-like ops without successors, in the block the pass
    /// is visiting: a block the pass has left has freed what it owned, and its list of memrefs
    /// to free is gone (`pass/dealloc_lists.rs`).
    pub fn insert_dealloc(&mut self, before: Op, retained: &[Value]) -> R<Vec<Value>> {
        let Some(block) = self.ctx.op_parent(before) else {
            return Ok(Vec::new());
        };
        let retained = self.retain_list(block, None, retained);
        let to_free = self.dealloc_inputs(block)?;
        let updated = self.create_dealloc(before, &to_free, &retained, &BaseBuffers::default());
        self.reset_retained(&retained, &updated, block);
        Ok(updated.to_vec())
    }

    /// The buffer `freed` is freed by `op`: `op`'s block no longer owns it (nor what certainly
    /// aliases it). Fails for buffers owned by an enclosing region.
    pub fn release(&mut self, op: Op, freed: Value) -> R<()> {
        let Some(block) = self.ctx.op_parent(op) else {
            return Ok(());
        };
        self.release_ownership(op, freed, block)
    }

    // ----- ownership state ----------------------------------------------------------------------

    fn get(&self, v: Value, block: Block) -> Ownership {
        self.owned.ownership(v, block)
    }

    fn update(&mut self, v: Value, own: Ownership, block: Block) {
        let entry = self.owned.entry(v, block);
        entry.ownership = entry.ownership.combine(own, self.ctx);
    }

    fn set(&mut self, v: Value, own: Ownership, block: Block) {
        self.owned.entry(v, block).ownership = own;
    }

    fn add_to_dealloc(&mut self, v: Value, block: Block) {
        let entry = self.owned.entry(v, block);
        if !entry.listed {
            entry.listed = true;
            self.to_dealloc.push(block, v);
        }
    }

    /// The ownership of `v` as seen from `block`, falling back to its defining block.
    pub fn ownership_from(&self, v: Value, block: Block) -> Ownership {
        match self.get(v, block) {
            Ownership::Uninitialized => self
                .ctx
                .value_parent_block(v)
                .map_or(Ownership::Uninitialized, |b| self.get(v, b)),
            o => o,
        }
    }

    /// Gives each memref result of `op` (in `block`) that its handling left without an
    /// ownership the join of its memref operands' ownerships, or `false`.
    fn populate_remaining_ownerships(&mut self, op: Op, block: Block) {
        for j in 0..self.ctx.results(op).len() {
            let res = self.ctx.results(op)[j];
            if !is_memref(self.ctx, res) || self.get(res, block) != Ownership::Uninitialized {
                continue;
            }
            for i in 0..self.ctx.num_operands(op) {
                let operand = self.ctx.operand(op, i);
                if is_memref(self.ctx, operand) {
                    let own = self.ownership_from(operand, block);
                    self.update(res, own, block);
                }
            }
            if self.get(res, block) == Ownership::Uninitialized {
                let f = self.bool_const(block, false);
                self.set(res, Ownership::Unique(f), block);
            }
        }
    }

    // ----- handlers -----------------------------------------------------------------------------

    /// Allocations and frees. A new heap buffer is owned (`true`) and freed before control
    /// leaves the block; a stack buffer is never owned:
    ///
    /// ```text
    /// %a = memref.alloc() : memref<2xf32>
    /// return
    /// // becomes
    /// %true = arith.constant true
    /// %alloc = memref.alloc() : memref<2xf32>
    /// %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    /// bufferization.dealloc (%base_buffer : memref<f32>) if (%true)
    /// return
    /// ```
    ///
    /// Under `bufferization.manual_deallocation` the allocation is not owned, and a free
    /// asserts that the block does not own what it frees:
    ///
    /// ```text
    /// %a = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
    /// memref.dealloc %a {bufferization.manual_deallocation} : memref<2xf32>
    /// // becomes
    /// %alloc = memref.alloc() {bufferization.manual_deallocation} : memref<2xf32>
    /// %0 = arith.xori %false, %true : i1
    /// cf.assert %0, "expected that the block does not have ownership"
    /// memref.dealloc %alloc {bufferization.manual_deallocation} : memref<2xf32>
    /// ```
    ///
    /// Other frees release ownership ([`Self::release_ownership`]).
    fn handle_memory_effects(&mut self, op: Op, effects: &[ir::MemoryEffect]) -> R<()> {
        let Some(block) = self.ctx.op_parent(op) else {
            return Ok(());
        };
        if !has_alloc_or_free(effects) {
            return Ok(());
        }
        let manual = self.ctx.get_attr(op, MANUAL_DEALLOCATION_ATTR).is_some();
        for i in 0..self.ctx.num_operands(op) {
            let operand = self.ctx.operand(op, i);
            let frees = effects
                .iter()
                .any(|e| e.kind == EffectKind::Free && e.on == EffectOn::Operand(i));
            if !frees || !is_memref(self.ctx, operand) {
                continue;
            }
            if !manual {
                self.release_ownership(op, operand, block)?;
                continue;
            }
            if let Ownership::Unique(c) = self.get(operand, block) {
                let t = self.bool_const(block, true);
                let mut b = Builder::before(self.ctx, op);
                let inverted = XOrIOp::build(&mut b, c, t).result(&b);
                let message = "expected that the block does not have ownership";
                AssertOp::build(&mut b, inverted, message);
            }
        }
        for j in 0..self.ctx.results(op).len() {
            let res = self.ctx.results(op)[j];
            let alloc = effects
                .iter()
                .find(|e| e.kind == EffectKind::Allocate && e.on == EffectOn::Result(j));
            let Some(alloc) = alloc else { continue };
            if !is_memref(self.ctx, res) {
                continue;
            }
            if alloc.resource == Resource::AutomaticAllocationScope || manual {
                let f = self.bool_const(block, false);
                self.set(res, Ownership::Unique(f), block);
                continue;
            }
            let t = self.bool_const(block, true);
            self.update(res, Ownership::Unique(t), block);
            self.add_to_dealloc(res, block);
        }
        Ok(())
    }

    /// An existing free of `freed` (`memref.dealloc`, the source of `memref.realloc`) before
    /// `op`: the block no longer owns that buffer. Entries of the block's dealloc list that
    /// certainly are the same buffer lose their ownership; entries that may be it keep their
    /// ownership only if their aligned pointer differs at runtime; provably distinct entries
    /// keep theirs. Plain frees of buffers that came from an enclosing region (captured, or
    /// passed in as a region argument) are erased after the function is processed, since their
    /// owner frees them; other frees of such buffers are rejected.
    ///
    /// ```text
    /// %a = memref.alloc() : memref<2xf32>
    /// %r = call @g() : () -> memref<2xf32>      // may be %a: compare pointers
    /// memref.dealloc %r : memref<2xf32>
    /// return
    /// // becomes
    /// %alloc = memref.alloc() : memref<2xf32>
    /// %0 = call @g() : () -> memref<2xf32>
    /// %intptr = memref.extract_aligned_pointer_as_index %0 : memref<2xf32> -> index
    /// %intptr_0 = memref.extract_aligned_pointer_as_index %alloc : memref<2xf32> -> index
    /// %1 = arith.cmpi ne, %intptr_0, %intptr : index
    /// memref.dealloc %0 : memref<2xf32>
    /// %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    /// bufferization.dealloc (%base_buffer : memref<f32>) if (%1)
    /// return
    /// ```
    ///
    /// A plain free nested in a region, of a buffer the enclosing region owns, is erased:
    ///
    /// ```text
    /// scf.if %c {
    ///   memref.dealloc %a : memref<2xf32>
    /// }
    /// // becomes (%a is freed under the enclosing block's indicator)
    /// scf.if %arg0 {
    ///   %false = arith.constant false
    /// }
    /// ```
    fn release_ownership(&mut self, op: Op, freed: Value, block: Block) -> R<()> {
        let root = view_base(self.ctx, freed);
        // A function never owns its arguments (callers free what they pass), so a free of one
        // would be a second free in the caller: rejected, as upstream does.
        if is_function_argument(self.ctx, root) || !self.released_in_scope(op, root) {
            if self.is_plain_free(op) && !is_function_argument(self.ctx, root) {
                // The enclosing region owns the buffer and frees it under its own ownership
                // indicator: this early free would be a second one.
                self.redundant_frees.push(op);
                return Ok(());
            }
            return Err(Diagnostic::error(
                self.ctx.op_loc(op),
                "memory free side-effect on MemRef value not supported!",
            )
            .on_op(op));
        }
        let f = self.bool_const(block, false);
        let list = SmallVec::<[Value; 8]>::from_slice(self.to_dealloc.of(block));
        let mut freed_pointer = None;
        for entry in list {
            let Ownership::Unique(own) = self.get(entry, block) else {
                continue;
            };
            if self.constant_bool(own) == Some(false) {
                continue;
            }
            let entry_root = view_base(self.ctx, entry);
            if entry_root == root {
                self.set(entry, Ownership::Unique(f), block);
                continue;
            }
            if self.provably_distinct(entry_root, root) {
                continue;
            }
            let p_freed = match freed_pointer {
                Some(p) => p,
                None => {
                    let p = self.aligned_pointer(freed, op);
                    freed_pointer = Some(p);
                    p
                }
            };
            let p_entry = self.aligned_pointer(entry, op);
            let mut b = Builder::before(self.ctx, op);
            let distinct = CmpIOp::build(&mut b, CmpIPredicate::Ne, p_entry, p_freed).result(&b);
            let still_owned = self.and(op, own, distinct);
            self.set(entry, Ownership::Unique(still_owned), block);
        }
        self.set(freed, Ownership::Unique(f), block);
        Ok(())
    }

    /// Whether `op` only frees (no results, no effect but `Free`): erasing it changes nothing
    /// but when its buffer is freed.
    fn is_plain_free(&self, op: Op) -> bool {
        self.ctx.results(op).is_empty()
            && matches!(self.ctx.memory_effects(op), Effects::Known(list)
                if list.iter().all(|e| e.kind == EffectKind::Free))
    }

    /// Whether a free before `op` of the buffer `root` can be tracked: `root` is defined in the
    /// free's own region and is not an argument its parent passed in (function arguments are
    /// fine: the function never owns them).
    fn released_in_scope(&self, op: Op, root: Value) -> bool {
        let region = self.ctx.op_parent_region(op);
        let Some(def_block) = self.ctx.value_parent_block(root) else {
            return false;
        };
        if self.ctx.block_parent(def_block) != region {
            return false;
        }
        let is_region_entry_arg = matches!(self.ctx.value_def(root), ValueDef::BlockArg { .. })
            && region.and_then(|r| self.ctx.entry_block(r)) == Some(def_block);
        !is_region_entry_arg || self.ctx.block_parent_op(def_block) == Some(self.func)
    }

    /// Whether two buffer roots certainly are different buffers: two allocations, or an
    /// allocation and an argument of the function (which the function never allocated).
    fn provably_distinct(&self, a: Value, b: Value) -> bool {
        self.distinct_from(self.root_kind(a), b)
    }

    /// What of the buffer root `root` can make it [`Self::provably_distinct`] from another,
    /// found once for all the roots it is compared with.
    fn root_kind(&self, root: Value) -> RootKind {
        let allocated = is_allocation(self.ctx, root);
        RootKind {
            allocated,
            // An allocation is an op's result, never an argument.
            function_argument: !allocated && is_function_argument(self.ctx, root),
        }
    }

    /// [`Self::provably_distinct`] of a root of kind `a` and the root `b`.
    fn distinct_from(&self, a: RootKind, b: Value) -> bool {
        if !a.allocated && !a.function_argument {
            return false;
        }
        let b_allocated = is_allocation(self.ctx, b);
        (a.allocated && (b_allocated || is_function_argument(self.ctx, b)))
            || (a.function_argument && b_allocated)
    }

    /// `memref.extract_aligned_pointer_as_index %v`, before `before`.
    fn aligned_pointer(&mut self, v: Value, before: Op) -> Value {
        let mut b = Builder::before(self.ctx, before);
        ExtractAlignedPointerAsIndexOp::build(&mut b, v).result(&b)
    }

    /// Region-branch ops (`scf.if`, `scf.for`, ...): each memref passed into a region gets an
    /// extra `false` operand (the region does not own it; a loop may take over the block's
    /// ownership instead, see [`transfer`]), and each memref result an extra
    /// `i1` result, its ownership, which the region terminators provide:
    ///
    /// ```text
    /// %r = scf.if %c -> memref<2xf32> {
    ///   %a = memref.alloc() : memref<2xf32>
    ///   scf.yield %a : memref<2xf32>
    /// } else { ... }
    /// // becomes
    /// %0:2 = scf.if %arg0 -> (memref<2xf32>, i1) {
    ///   %true_4 = arith.constant true
    ///   %alloc = memref.alloc() : memref<2xf32>
    ///   %base_buffer_5, %offset_6, %sizes_7, %strides_8 = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    ///   %3 = bufferization.dealloc (%base_buffer_5 : memref<f32>) if (%true_4) retain (%alloc : memref<2xf32>)
    ///   scf.yield %alloc, %3 : memref<2xf32>, i1
    /// } else { ... }
    /// ```
    fn handle_region_branch(&mut self, op: Op) {
        let Some(block) = self.ctx.op_parent(op) else {
            return;
        };
        let Some(rb) = self.ctx.op_def(op).region_branch else {
            return;
        };
        let entry = (rb.entry)(self.ctx, op);
        let forwarded = entry.first().map(|e| e.operands.clone()).unwrap_or(0..0);
        let memref_operands: SmallVec<[(usize, Value); 8]> = forwarded
            .filter(|&i| i < self.ctx.num_operands(op))
            .map(|i| (i, self.ctx.operand(op, i)))
            .filter(|&(_, v)| is_memref(self.ctx, v))
            .collect();
        let mut checks = transfer::HandoverChecks::default();
        let ownerships: SmallVec<[Value; 8]> = memref_operands
            .into_iter()
            .map(
                |(i, v)| match self.transfer_into_loop(op, block, v, i, &mut checks) {
                    Some(indicator) => indicator,
                    None => self.bool_const(block, false),
                },
            )
            .collect();
        for own in ownerships {
            self.ctx.push_operand(op, own);
        }
        // The `i1` results appended below come after the ones looked at.
        for index in 0..self.ctx.results(op).len() {
            let res = self.ctx.results(op)[index];
            if is_memref(self.ctx, res) {
                let indicator = self.ctx.append_result(op, self.i1);
                self.update(res, Ownership::Unique(indicator), block);
                self.add_to_dealloc(res, block);
            }
        }
    }

    /// Calls: a memref result is owned by the caller (`true`); with
    /// `private-function-dynamic-ownership`, a call of a private function gets an extra `i1`
    /// result per memref result instead.
    ///
    /// ```text
    /// %r = call @g() : () -> memref<2xf32>
    /// return
    /// // becomes
    /// %true = arith.constant true
    /// %0 = call @g() : () -> memref<2xf32>
    /// %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
    /// bufferization.dealloc (%base_buffer : memref<f32>) if (%true)
    /// return
    /// ```
    fn handle_call(&mut self, op: Op) {
        let Some(block) = self.ctx.op_parent(op) else {
            return;
        };
        self.hand_over_arguments(op, block);
        let dynamic =
            self.options.private_function_dynamic_ownership && self.calls_private_function(op);
        // The `i1` results appended below come after the ones looked at.
        for index in 0..self.ctx.results(op).len() {
            let res = self.ctx.results(op)[index];
            if !is_memref(self.ctx, res) {
                continue;
            }
            let indicator = match dynamic {
                true => self.ctx.append_result(op, self.i1),
                false => self.bool_const(block, true),
            };
            self.update(res, Ownership::Unique(indicator), block);
            self.add_to_dealloc(res, block);
        }
    }

    /// Whether the call `op` calls a private function with a body, or an unknown one (asked
    /// with `private-function-dynamic-ownership` only, whose calls of those return ownerships).
    fn calls_private_function(&self, op: Op) -> bool {
        let Some(call) = self.ctx.op_def(op).call else {
            return false;
        };
        match (call.callee)(self.ctx, op) {
            None => true,
            Some(sym) => self
                .symbols
                .get(self.ctx.sym_str(sym))
                .is_none_or(|&f| is_private_definition(self.ctx, f)),
        }
    }

    /// Branches with one successor: free what the block owns, retaining the forwarded memrefs,
    /// and pass their updated ownership as extra successor operands:
    ///
    /// ```text
    /// %a = memref.alloc() : memref<2xf32>
    /// cf.br ^bb1(%a : memref<2xf32>)
    /// // becomes
    /// %alloc = memref.alloc() : memref<2xf32>
    /// %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    /// %0 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%alloc : memref<2xf32>)
    /// cf.br ^bb1(%alloc, %0 : memref<2xf32>, i1)
    /// ```
    fn handle_branch(&mut self, op: Op) -> R<()> {
        let loc = self.ctx.op_loc(op);
        let successors = self.ctx.successors(op);
        if successors.len() > 1 {
            return Err(Diagnostic::error(
                loc,
                "BranchOpInterface operations with multiple successors are not supported yet",
            )
            .on_op(op));
        }
        let &[succ] = successors else {
            return Err(Diagnostic::error(
                loc,
                "only BranchOpInterface operations with exactly one successor are supported yet",
            )
            .on_op(op));
        };
        let Some(block) = self.ctx.op_parent(op) else {
            return Ok(());
        };
        let to_free = self.dealloc_inputs(block)?;
        let forwarded = self.forwarded_to(op, 0);
        let retained = self.retain_list(block, Some(succ), &forwarded);
        let updated = self.create_dealloc(op, &to_free, &retained, &BaseBuffers::default());
        self.reset_retained(&retained, &updated, block);
        let ownerships = self.forwarded_ownerships(&forwarded, &updated);
        self.append_successor_operands(op, 0, &forwarded, ownerships)
    }

    /// `cf.cond_br`-like terminators: one dealloc per successor, each freeing the block's list
    /// under the conjunction with its branch condition. A memref neither successor takes
    /// ([`Self::freed_on_both_edges`]) is freed once before the branch, under its own
    /// indicator, instead of once per edge. A memref a successor takes without a dealloc
    /// ([`Self::passed_on`]) passes its own indicator along that edge, where the branch
    /// condition holds anyway (MLIR passes the conjunction, which canonicalize cannot fold).
    ///
    /// ```text
    /// %a = memref.alloc() : memref<2xf32>
    /// cf.cond_br %c, ^bb1(%a : memref<2xf32>), ^bb2
    /// // becomes
    /// %alloc = memref.alloc() : memref<2xf32>
    /// %0 = arith.xori %true, %arg0 : i1
    /// bufferization.dealloc (%alloc : memref<2xf32>) if (%0)
    /// cf.cond_br %arg0, ^bb1(%alloc, %true : memref<2xf32>, i1), ^bb2
    /// ```
    pub(crate) fn split_dealloc_per_successor(&mut self, op: Op) -> R<()> {
        let Some(block) = self.ctx.op_parent(op) else {
            return Ok(());
        };
        let &[first, second] = self.ctx.successors(op) else {
            return Ok(());
        };
        if self.ctx.num_operands(op) == 0 {
            return Ok(());
        }
        tracing::debug!(
            at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(op)),
            "split dealloc: the successors take different buffers, so each edge frees what it \
             does not forward, under the branch condition"
        );
        let cond = self.ctx.operand(op, 0);
        // What each successor receives stays as it is until its ownerships are appended.
        let forwarded = [0, 1].map(|k| self.forwarded_to(op, k));
        let successors = [first, second];
        let retains: [RetainList; 2] =
            [0, 1].map(|k| self.retain_list(block, Some(successors[k]), &forwarded[k]));
        let (freed_before, to_free) =
            self.freed_on_both_edges(self.dealloc_inputs(block)?, &retains);
        if !freed_before.is_empty() {
            self.create_dealloc(op, &freed_before, &[], &BaseBuffers::default());
        }
        // The base buffers both deallocs free come first, as each dealloc would build them.
        let passed_on = [0, 1].map(|k| self.passed_on(&to_free, &retains[k]));
        let mut bases = BaseBuffers::default();
        for entry in &to_free {
            let left_out = |p: &PassedOn| p.iter().any(|(e, _)| e.value == entry.value);
            if !passed_on.iter().all(left_out) {
                let base = self.base_buffer(entry.value, op);
                bases.insert(entry.value, base);
            }
        }
        let mut updated_per_edge: [UpdatedList; 2] = Default::default();
        let mut negated = None;
        for (k, (retained, passed_on_k)) in retains.iter().zip(passed_on).enumerate() {
            let mut adapted = FreeList::with_capacity(to_free.len());
            for entry in &to_free {
                if passed_on_k.iter().any(|(e, _)| e.value == entry.value) {
                    // Not freed here but handed to successor `k`, on whose edge the branch
                    // condition holds: its ownership there is its own indicator.
                    adapted.push(*entry);
                    continue;
                }
                let branch_cond = if k == 0 {
                    cond
                } else {
                    match negated {
                        Some(n) => n,
                        None => {
                            let t = self.bool_const(block, true);
                            let mut b = Builder::before(self.ctx, op);
                            let n = XOrIOp::build(&mut b, t, cond).result(&b);
                            negated = Some(n);
                            n
                        }
                    }
                };
                let condition = self.and(op, entry.condition, branch_cond);
                adapted.push(ToFree {
                    condition,
                    ..*entry
                });
            }
            // The entries passed on are unchanged in `adapted`, so they are still its own.
            let updated = self.create_dealloc_passing(op, &adapted, retained, &bases, passed_on_k);
            self.reset_retained(retained, &updated, block);
            updated_per_edge[k] = updated;
        }
        let mappings = [0, 1].map(|k| UpdatedOwnerships::new(&retains[k], &updated_per_edge[k]));
        for v in distinct_in_order(&retains[1]) {
            if let (Some(a), Some(b)) = (mappings[0].get(v), mappings[1].get(v)) {
                let merged = if a == b {
                    a
                } else {
                    self.select(op, cond, a, b)
                };
                self.set(v, Ownership::Unique(merged), block);
            }
        }
        for (k, (mapping, forwarded)) in mappings.iter().zip(&forwarded).enumerate() {
            let ownerships: ValueList = forwarded
                .iter()
                .filter(|&&v| is_memref(self.ctx, v))
                .filter_map(|&v| mapping.get(v))
                .collect();
            self.append_successor_operands(op, k, forwarded, &ownerships)?;
        }
        Ok(())
    }

    /// Splits `to_free` into the memrefs both deallocs of a conditional branch would free under
    /// their own indicator and the rest: one neither successor retains, which is certainly none
    /// of the retained buffers nor of the other memrefs to free. Each of the two deallocs frees
    /// it exactly when its indicator and its branch condition hold, so one dealloc under the
    /// indicator alone frees it on the same paths. None when [`Self::preconditions_hold`] is
    /// off and the IR must be MLIR's.
    fn freed_on_both_edges(
        &self,
        to_free: FreeList,
        retains: &[RetainList; 2],
    ) -> (FreeList, FreeList) {
        if !self.preconditions_hold {
            return (FreeList::new(), to_free);
        }
        let others: SmallVec<[Value; 16]> = retains
            .iter()
            .flatten()
            .copied()
            .chain(to_free.iter().map(|entry| entry.value))
            .collect();
        let retained = &others[..retains[0].len() + retains[1].len()];
        to_free.into_iter().partition(|entry| {
            !retained.contains(&entry.value)
                && self.apart_from_all(entry.value, others.iter().copied())
        })
    }

    /// Region terminators (`func.return`, `scf.yield`, ...): free what the block owns,
    /// retaining the returned memrefs. A function returns memrefs it owns (a clone when the
    /// ownership is not known to be true); other terminators pass each returned memref's
    /// ownership as an extra operand (see [`Self::handle_region_branch`]).
    ///
    /// ```text
    /// func.func @f(%m: memref<2xf32>) -> memref<2xf32> {
    ///   return %m : memref<2xf32>
    /// // becomes
    /// func.func @f(%arg0: memref<2xf32>) -> memref<2xf32> {
    ///   %true = arith.constant true
    ///   %false = arith.constant false
    ///   %0 = bufferization.clone %arg0 : memref<2xf32> to memref<2xf32>
    ///   %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %0 : memref<2xf32> -> memref<f32>, index, index, index
    ///   %1 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%0 : memref<2xf32>)
    ///   return %0 : memref<2xf32>
    /// ```
    fn handle_return_like(&mut self, op: Op) -> R<()> {
        let Some(block) = self.ctx.op_parent(op) else {
            return Ok(());
        };
        let parent = self.ctx.block_parent_op(block);
        let parent_is_function =
            parent.is_some_and(|p| self.ctx.has_trait(p, Traits::FUNCTION_LIKE));
        let without_dynamic_ownership =
            parent_is_function && !parent.is_some_and(|p| self.has_dynamic_ownership(p));
        if without_dynamic_ownership {
            for i in 0..self.ctx.num_operands(op) {
                let v = self.ctx.operand(op, i);
                if is_memref(self.ctx, v) {
                    let owned = self.materialize_guaranteed_ownership(v, block, op);
                    if owned != v {
                        self.ctx.set_operand(op, i, owned);
                    }
                }
            }
        }
        let range = self.forwarded_range(op, parent, parent_is_function);
        let operands: SmallVec<[Value; 8]> =
            range.clone().map(|i| self.ctx.operand(op, i)).collect();
        let retained = self.retain_list(block, None, &operands);
        let to_free = self.dealloc_inputs(block)?;
        let updated = self.create_dealloc(op, &to_free, &retained, &BaseBuffers::default());
        self.reset_retained(&retained, &updated, block);
        if !without_dynamic_ownership {
            let ownerships = self.forwarded_ownerships(&operands, &updated);
            if range.end == self.ctx.num_operands(op) {
                // Appended one by one (the same operands and uses): a splice at the end moves
                // nothing but costs more.
                for &ownership in ownerships {
                    self.ctx.push_operand(op, ownership);
                }
            } else {
                self.ctx
                    .splice_operands(op, range.end..range.end, ownerships);
            }
        }
        Ok(())
    }

    /// The operands a region terminator forwards to its parent (all, for functions and ops
    /// without the region-branch interface).
    fn forwarded_range(
        &self,
        op: Op,
        parent: Option<Op>,
        parent_is_function: bool,
    ) -> std::ops::Range<usize> {
        let all = 0..self.ctx.num_operands(op);
        let Some(parent) = parent.filter(|_| !parent_is_function) else {
            return all;
        };
        let Some(rb) = self.ctx.op_def(parent).region_branch else {
            return all;
        };
        let Some(index) = self
            .ctx
            .op_parent_region(op)
            .and_then(|r| self.ctx.region_index(r))
        else {
            return all;
        };
        let edges = (rb.from_region)(self.ctx, parent, index, op);
        let range = edges
            .iter()
            .find(|e| e.to == ir::RegionPoint::Parent)
            .or(edges.first())
            .map_or(all.clone(), |e| e.operands.clone());
        if range.end <= all.end { range } else { all }
    }

    // ----- dealloc construction -----------------------------------------------------------------

    /// The memrefs `block` may have to free, with their ownership indicators (entries with a
    /// constant-false indicator are left out: they never free anything).
    fn dealloc_inputs(&self, block: Block) -> R<FreeList> {
        let list = self.to_dealloc.of(block);
        let mut to_free = FreeList::with_capacity(list.len());
        for &v in list {
            let Ownership::Unique(c) = self.get(v, block) else {
                return Err(Diagnostic::error(
                    self.value_loc(v),
                    "MemRef value does not have valid ownership",
                ));
            };
            if self.constant_bool(c) == Some(false) {
                continue;
            }
            to_free.push(ToFree {
                value: v,
                condition: c,
            });
        }
        Ok(to_free)
    }

    /// `memrefs to retain = memref operands ++ sorted(live-out(from) ∩ live-in(to))`.
    fn retain_list(&self, from: Block, to: Option<Block>, operands: &[Value]) -> RetainList {
        let mut retained: RetainList = operands
            .iter()
            .copied()
            .filter(|&v| is_memref(self.ctx, v))
            .collect();
        let operand_count = retained.len();
        match &self.edge_live {
            Some(edge_live) => retained.extend(
                edge_live
                    .live_out(from)
                    .iter()
                    .copied()
                    .filter(|&v| to.is_none_or(|t| edge_live.is_live_in(t, v))),
            ),
            None => retained.extend(
                self.live
                    .live_out(from)
                    .filter(|&v| to.is_none_or(|t| self.live.is_live_in(t, v))),
            ),
        }
        self.sort_values(&mut retained[operand_count..]);
        retained
    }

    /// Frees `to_free` before `before` retaining `retained` (taking the base buffers in `bases`
    /// where they were built already), returning the updated ownership of each retained value.
    /// A memref passed on ([`Self::passed_on`]: itself retained, and certainly none of the other
    /// retained buffers) is not freed: its indicator is or-ed into its retained result, as
    /// `buffer-deallocation-simplification` would do (`RemoveDeallocMemrefsContainedInRetained`),
    /// without the base buffer it would drop. When it is certainly none of the buffers the
    /// dealloc frees either, the dealloc does not retain it and its ownership is its indicator
    /// (as `RemoveRetainedMemrefsGuaranteedToNotAlias` would do next).
    ///
    /// ```text
    /// %a = memref.alloc() : memref<2xf32>
    /// cf.br ^bb1(%a : memref<2xf32>)
    /// // becomes (no dealloc: the successor takes %a's ownership)
    /// %alloc = memref.alloc() : memref<2xf32>
    /// cf.br ^bb1(%alloc, %true : memref<2xf32>, i1)
    /// ```
    fn create_dealloc(
        &mut self,
        before: Op,
        to_free: &[ToFree],
        retained: &[Value],
        bases: &BaseBuffers,
    ) -> UpdatedList {
        let passed_on = self.passed_on(to_free, retained);
        self.create_dealloc_passing(before, to_free, retained, bases, passed_on)
    }

    /// [`Self::create_dealloc`] with the memrefs passed on already known (`passed_on` must be
    /// [`Self::passed_on`] of `to_free` and `retained`): a conditional branch finds them per
    /// edge before it adapts the conditions, and does not ask again.
    fn create_dealloc_passing(
        &mut self,
        before: Op,
        to_free: &[ToFree],
        retained: &[Value],
        bases: &BaseBuffers,
        passed_on: PassedOn,
    ) -> UpdatedList {
        let Some(block) = self.ctx.op_parent(before) else {
            return UpdatedList::new();
        };
        if passed_on.is_empty() {
            // Everything is freed: `to_free` as it is.
            let (memrefs, conditions) = self.freed_bases(to_free, bases, before);
            return self.build_dealloc(before, &memrefs, &conditions, retained);
        }
        let is_passed_on = |v: Value| passed_on.iter().any(|(entry, _)| entry.value == v);
        let freed: FreeList = to_free
            .iter()
            .copied()
            .filter(|entry| !is_passed_on(entry.value))
            .collect();
        let (memrefs, conditions) = self.freed_bases(&freed, bases, before);
        let freed_values: SmallVec<[Value; 8]> = freed.iter().map(|entry| entry.value).collect();
        let unretained: SmallVec<[Value; 8]> = passed_on
            .iter()
            .map(|(entry, _)| entry.value)
            .filter(|&v| self.apart_from_all(v, freed_values.iter().copied()))
            .collect();
        let kept: SmallVec<[Value; 8]> = retained
            .iter()
            .copied()
            .filter(|r| !unretained.contains(r))
            .collect();
        let mut results = self
            .build_dealloc(before, &memrefs, &conditions, &kept)
            .into_iter();
        let mut updated = UpdatedList::with_capacity(retained.len());
        for &r in retained {
            let result = match unretained.contains(&r) {
                true => None,
                false => results.next(),
            };
            updated.push(result.unwrap_or_else(|| self.bool_const(block, false)));
        }
        for (entry, k) in passed_on {
            updated[k] = self.or(before, updated[k], entry.condition);
        }
        updated
    }

    /// The base buffers a dealloc frees for `freed` (those in `bases` where they were built
    /// already, else built before `before`, in list order) and their conditions.
    fn freed_bases(
        &mut self,
        freed: &[ToFree],
        bases: &BaseBuffers,
        before: Op,
    ) -> (SmallVec<[Value; 8]>, SmallVec<[Value; 8]>) {
        let mut memrefs = SmallVec::with_capacity(freed.len());
        let mut conditions = SmallVec::with_capacity(freed.len());
        // `freed` comes in the order of the block's list, as `bases` does.
        let mut cursor = 0;
        for entry in freed {
            let base = match bases.find_from(entry.value, &mut cursor) {
                Some(base) => base,
                None => self.base_buffer(entry.value, before),
            };
            memrefs.push(base);
            conditions.push(entry.condition);
        }
        (memrefs, conditions)
    }

    /// Whether the buffer `value` is certainly none of `others` but itself: their roots differ
    /// from its root and are [`Self::provably_distinct`] from it. Asked of a few values only:
    /// beyond [`MAX_PROVED_APART`], answered `false`.
    fn apart_from_all(&self, value: Value, others: impl ExactSizeIterator<Item = Value>) -> bool {
        if others.len() > MAX_PROVED_APART {
            return false;
        }
        let root = view_base(self.ctx, value);
        // The root's kind is found at the first other, not again for each.
        let mut kind = None;
        others.filter(|&other| other != value).all(|other| {
            let other_root = view_base(self.ctx, other);
            other_root != root
                && self.distinct_from(
                    *kind.get_or_insert_with(|| self.root_kind(root)),
                    other_root,
                )
        })
    }

    /// The memrefs of `to_free` that a dealloc retaining `retained` does not free, with their
    /// positions among `retained`: each is retained, and certainly none of the other retained
    /// buffers, whose ownership results therefore never count it. (Were it one of them, only
    /// its own result would become true, where the dealloc makes both true: MLIR's lowering
    /// frees a buffer listed twice only under the first condition.) None when a value is
    /// retained twice, when more than [`MAX_PROVED_APART`] are, or when
    /// [`Self::preconditions_hold`] is off and the IR must be MLIR's.
    fn passed_on(&self, to_free: &[ToFree], retained: &[Value]) -> PassedOn {
        if !self.preconditions_hold || retained.is_empty() || retained.len() > MAX_PROVED_APART {
            return PassedOn::new();
        }
        let mut passed_on: PassedOn = to_free
            .iter()
            .filter_map(|&entry| Some((entry, retained.iter().position(|&r| r == entry.value)?)))
            .collect();
        let retained_twice = || (1..retained.len()).any(|i| retained[..i].contains(&retained[i]));
        if passed_on.is_empty() || retained_twice() {
            return PassedOn::new();
        }
        if retained.len() == 1 {
            // Nothing else is retained: the one candidate is apart from all the others.
            return passed_on;
        }
        // Only a candidate whose root is an allocation or a function argument can be apart from
        // another buffer: when none is, the other retained buffers are not looked at.
        let may_be_apart = |&(_, position): &(ToFree, usize)| {
            let kind = self.root_kind(view_base(self.ctx, retained[position]));
            kind.allocated || kind.function_argument
        };
        if !passed_on.iter().any(may_be_apart) {
            return PassedOn::new();
        }
        // The retained buffers' roots and kinds, found once for all the candidates (each is
        // compared with all the others).
        let roots: SmallVec<[(Value, RootKind); 8]> = retained
            .iter()
            .map(|&r| {
                let root = view_base(self.ctx, r);
                (root, self.root_kind(root))
            })
            .collect();
        passed_on.retain(|&mut (entry, position)| {
            let (root, kind) = roots[position];
            retained
                .iter()
                .zip(&roots)
                .filter(|&(&other, _)| other != entry.value)
                .all(|(_, &(other_root, other_kind))| {
                    other_root != root && kind.distinct_from(other_kind)
                })
        });
        passed_on
    }

    /// Creates `bufferization.dealloc` before `before`, returning the updated ownership of each
    /// retained value (constant false when there is nothing to free).
    fn build_dealloc(
        &mut self,
        before: Op,
        memrefs: &[Value],
        conditions: &[Value],
        retained: &[Value],
    ) -> UpdatedList {
        if memrefs.is_empty() {
            if retained.is_empty() {
                return UpdatedList::new();
            }
            let Some(block) = self.ctx.op_parent(before) else {
                return UpdatedList::new();
            };
            let f = self.bool_const(block, false);
            return smallvec::smallvec![f; retained.len()];
        }
        tracing::debug!(
            at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(before)),
            freed = memrefs.len(),
            retained = retained.len(),
            "dealloc before the terminator: frees the buffers this block may own, except those \
             that flow on (retained, their ownership passed along)"
        );
        let dealloc = (self.kit).dealloc_before(self.ctx, before, memrefs, conditions, retained);
        UpdatedList::from_slice(DeallocOp(dealloc).updated_conditions(self.ctx))
    }

    fn reset_retained(&mut self, retained: &[Value], updated: &[Value], block: Block) {
        for (&r, &u) in retained.iter().zip(updated) {
            self.set(r, Ownership::Unique(u), block);
        }
    }

    /// The updated ownership of each memref among `forwarded` (the first ones of `updated`).
    fn forwarded_ownerships<'u>(&self, forwarded: &[Value], updated: &'u [Value]) -> &'u [Value] {
        let n = forwarded
            .iter()
            .filter(|&&v| is_memref(self.ctx, v))
            .count();
        &updated[..n.min(updated.len())]
    }

    /// The values the branch `op` forwards to its successor `k` (a few, kept inline).
    fn forwarded_to(&self, op: Op, k: usize) -> ValueList {
        let range = self.ctx.successor_operand_range(op, k).unwrap_or(0..0);
        let mut forwarded = ValueList::with_capacity(range.len());
        for i in range {
            forwarded.push(self.ctx.operand(op, i));
        }
        forwarded
    }

    fn append_successor_operands(
        &mut self,
        op: Op,
        succ: usize,
        forwarded: &[Value],
        ownerships: &[Value],
    ) -> R<()> {
        if ownerships.is_empty() {
            return Ok(());
        }
        let mut values = ValueList::with_capacity(forwarded.len() + ownerships.len());
        values.extend_from_slice(forwarded);
        values.extend_from_slice(ownerships);
        if ir::dialects::cf::set_successor_operands(self.ctx, op, succ, &values) {
            return Ok(());
        }
        match self.ctx.successor_operand_range(op, succ) {
            Some(range)
                if range.end == self.ctx.num_operands(op)
                    && self.ctx.get_attr(op, "operandSegmentSizes").is_none() =>
            {
                self.ctx.splice_operands(op, range, &values);
                Ok(())
            }
            _ => Err(Diagnostic::error(
                self.ctx.op_loc(op),
                "cannot append ownership operands to this branch",
            )
            .on_op(op)),
        }
    }

    /// The base buffer of `v` (`memref.extract_strided_metadata`, through a rank-0
    /// `memref.reinterpret_cast` for unranked memrefs).
    ///
    /// ```text
    /// %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    /// // and for an unranked %0 : memref<*xf32>
    /// %reinterpret_cast = memref.reinterpret_cast %0 to offset: [0], sizes: [], strides: [] : memref<*xf32> to memref<f32>
    /// %base_buffer, %offset = memref.extract_strided_metadata %reinterpret_cast : memref<f32> -> memref<f32>, index
    /// ```
    ///
    /// A ranked memref an op allocates is its own base buffer: no metadata op is built for it,
    /// as the dealloc canonicalization that skips the metadata of an allocation would drop it
    /// right after (MLIR's `SkipExtractMetadataOfAlloc`), unless
    /// [`DeallocState::preconditions_hold`] is off.
    fn base_buffer(&mut self, v: Value, before: Op) -> Value {
        let ty = self.ctx.value_type(v);
        let unranked = match self.ctx.type_data(ty) {
            TypeData::MemRef { .. }
                if self.preconditions_hold && ir::interfaces::is_allocation(self.ctx, v) =>
            {
                return v;
            }
            TypeData::MemRef { .. } => false,
            TypeData::UnrankedMemRef { .. } => true,
            _ => return v,
        };
        let source = if unranked {
            let mut b = Builder::before(self.ctx, before);
            let rank_0 = b.ctx().base_buffer_type(ty);
            let (offset, sizes, strides) = (Mixed::Static(0), &[][..], &[][..]);
            ReinterpretCastOp::build(&mut b, v, rank_0, (offset, sizes, strides)).result(&b)
        } else {
            v
        };
        self.kit.base_buffer_before(self.ctx, before, source)
    }

    // ----- ownership materialisation ------------------------------------------------------------

    /// `v` (or a clone of it) with a unique ownership indicator in `block`.
    pub fn materialize_unique_ownership(
        &mut self,
        v: Value,
        block: Block,
        before: Op,
    ) -> (Value, Value) {
        if let Ownership::Unique(c) = self.get(v, block) {
            return (v, c);
        }
        if let Some(def) = self.ctx.defining_op(v)
            && self.ctx.op_parent(def) == Some(block)
            && let Some(materialize) = self
                .ext
                .get(self.ctx.op_name(def))
                .and_then(|b| b.materialize)
            && let Some(unique) = materialize(self, v, before)
        {
            return unique;
        }
        tracing::debug!(
            at = %ir::diag::loc_text(self.ctx, self.value_loc(v)),
            "clone: this block has no single ownership indicator for the buffer (it may be owned \
             elsewhere, e.g. it joins buffers of different owners), so a copy it owns is made"
        );
        let clone = self.clone_value(v, before);
        let t = self.bool_const(block, true);
        self.update(clone, Ownership::Unique(t), block);
        self.add_to_dealloc(clone, block);
        (clone, t)
    }

    /// A value equal to `v` that `block` certainly owns (for function results).
    fn materialize_guaranteed_ownership(&mut self, v: Value, block: Block, before: Op) -> Value {
        let (value, cond) = self.materialize_unique_ownership(v, block, before);
        tracing::debug!(
            at = %ir::diag::loc_text(self.ctx, self.value_loc(value)),
            owned = ?self.constant_bool(cond),
            "returned buffer: the caller must own it; cloned unless owned here (None: decided at \
             runtime)"
        );
        let result = match self.constant_bool(cond) {
            Some(true) => return value,
            Some(false) => self.clone_value(value, before),
            None => self.build_clone_if_not_owned(value, cond, before),
        };
        let t = self.bool_const(block, true);
        self.update(result, Ownership::Unique(t), block);
        self.add_to_dealloc(result, block);
        result
    }

    /// `scf.if %cond -> T { scf.yield %v } else { %c = clone %v; scf.yield %c }`.
    ///
    /// ```text
    /// %1 = scf.if %0#1 -> (memref<2xf32>) {
    ///   scf.yield %0#0 : memref<2xf32>
    /// } else {
    ///   %3 = bufferization.clone %0#0 : memref<2xf32> to memref<2xf32>
    ///   scf.yield %3 : memref<2xf32>
    /// }
    /// ```
    fn build_clone_if_not_owned(&mut self, v: Value, cond: Value, before: Op) -> Value {
        let mut b = Builder::before(self.ctx, before);
        let ty = b.value_type(v);
        let choice = IfOp::build(&mut b, cond, &[ty], true);
        if let Some(then_block) = choice.then_block(&b) {
            b.with_insertion_point(InsertPoint::End(then_block), |b| YieldOp::build(b, &[v]));
        }
        if let Some(else_block) = choice.else_block(&b) {
            b.with_insertion_point(InsertPoint::End(else_block), |b| {
                let clone = build_clone(b, v);
                YieldOp::build(b, &[clone]);
            });
        }
        choice.results(&b)[0]
    }

    /// A copy of `v` before `before` (`bufferization.clone`, or the allocation and copy it
    /// stands for where MLIR 22 could not lower the clone).
    fn clone_value(&mut self, v: Value, before: Op) -> Value {
        let mut b = Builder::before(self.ctx, before);
        build_clone(&mut b, v)
    }

    // ----- function signature -------------------------------------------------------------------

    fn has_dynamic_ownership(&self, func: Op) -> bool {
        self.options.private_function_dynamic_ownership
            && FuncOp::of(self.ctx, func).is_some_and(|f| is_private_definition(self.ctx, f))
    }

    /// With `private-function-dynamic-ownership`: a private function returns the ownership of
    /// each memref it returns as an extra `i1` result.
    ///
    /// ```text
    /// func.func private @g(%c: i1) -> memref<2xf32> {
    ///   %a = memref.alloc() : memref<2xf32>
    ///   return %a : memref<2xf32>
    /// // becomes
    /// func.func private @g(%arg0: i1) -> (memref<2xf32>, i1) {
    ///   %true = arith.constant true
    ///   %alloc = memref.alloc() : memref<2xf32>
    ///   %base_buffer, %offset, %sizes, %strides = memref.extract_strided_metadata %alloc : memref<2xf32> -> memref<f32>, index, index, index
    ///   %0 = bufferization.dealloc (%base_buffer : memref<f32>) if (%true) retain (%alloc : memref<2xf32>)
    ///   return %alloc, %0 : memref<2xf32>, i1
    /// ```
    fn update_function_signature(&mut self) -> R<()> {
        let body = self.ctx.regions(self.func)[0];
        let mut return_types: Option<Vec<Type>> = None;
        let blocks: Vec<Block> = self.ctx.blocks(body).collect();
        for block in &blocks {
            let Some(term) = self.ctx.last_op(*block) else {
                continue;
            };
            if !self.is_region_terminator(term) {
                continue;
            }
            let types: Vec<Type> = self
                .ctx
                .operands(term)
                .map(|v| self.ctx.value_type(v))
                .collect();
            match &return_types {
                Some(t) if *t != types => {
                    return Err(Diagnostic::error(
                        self.ctx.op_loc(self.func),
                        "there are multiple return operations with different operand types",
                    )
                    .on_op(self.func));
                }
                Some(_) => {}
                None => return_types = Some(types),
            }
        }
        let Some(results) = return_types else {
            return Ok(());
        };
        let inputs: Vec<Type> = blocks
            .first()
            .map(|&b| {
                self.ctx
                    .block_args(b)
                    .iter()
                    .map(|&v| self.ctx.value_type(v))
                    .collect()
            })
            .unwrap_or_default();
        FuncOp::wrap(self.func).set_function_type(self.ctx, inputs, results);
        Ok(())
    }

    // ----- op construction ----------------------------------------------------------------------

    /// A cached `arith.constant true/false` at the start of `block`.
    fn bool_const(&mut self, block: Block, value: bool) -> Value {
        if let Some(v) = self.consts.get(block, value) {
            return v;
        }
        let loc = self
            .ctx
            .block_parent_op(block)
            .map_or(self.ctx.unknown_loc(), |op| self.ctx.op_loc(op));
        let v = self.kit.bool_at_start(self.ctx, block, loc, value);
        self.consts.insert(block, value, v);
        v
    }

    /// `arith.andi %a, %b` before `before` (`%b` alone when `%a` is constant true).
    pub fn and(&mut self, before: Op, a: Value, b: Value) -> Value {
        match self.constant_bool(a) {
            Some(true) => b,
            _ => {
                let mut builder = Builder::before(self.ctx, before);
                AndIOp::build(&mut builder, a, b).result(&builder)
            }
        }
    }

    /// `arith.ori %a, %b` before `before` (`%b` alone when `%a` is constant false).
    fn or(&mut self, before: Op, a: Value, b: Value) -> Value {
        match self.constant_bool(a) {
            Some(false) => b,
            _ => {
                let mut builder = Builder::before(self.ctx, before);
                OrIOp::build(&mut builder, a, b).result(&builder)
            }
        }
    }

    /// [`ConstantOp::as_bool`] of `v`, finding the constant's `value` attribute by its interned
    /// name: the pass asks this of every indicator it frees under or combines, and comparing
    /// attribute names as strings was most of the cost.
    pub(crate) fn constant_bool(&self, v: Value) -> Option<bool> {
        if let Some(known) = self.consts.recent_value(v) {
            return Some(known);
        }
        let ctx = &*self.ctx;
        let value_name = self.value_attr_name;
        let op = ctx.defining_op(v)?;
        if !ctx.has_trait(op, Traits::CONSTANT_LIKE)
            || !matches!(
                ctx.type_data(ctx.value_type(v)),
                TypeData::Integer { width: 1, .. }
            )
        {
            return None;
        }
        let (_, attr) = ctx.attrs(op).iter().find(|(name, _)| *name == value_name)?;
        match ctx.attr_data(*attr) {
            AttrData::Integer { value, .. } => Some(*value != 0),
            AttrData::Bool(b) => Some(*b),
            _ => None,
        }
    }

    fn value_loc(&self, v: Value) -> Loc {
        match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.ctx.op_loc(op),
            ValueDef::BlockArg { block, .. } => self
                .ctx
                .block_parent_op(block)
                .map_or(self.ctx.unknown_loc(), |op| self.ctx.op_loc(op)),
            ValueDef::Placeholder => self.ctx.unknown_loc(),
        }
    }
}

/// How long a list the pass searches for a value: beyond, it makes a hashed map or set of it.
const SEARCHED_LIST: usize = 16;

/// The updated ownership of each value one dealloc retains, by value: of a value retained
/// twice, the later one's (as a map filled in list order keeps). A short list is searched, a
/// map made of a long one ([`SEARCHED_LIST`]): a conditional branch asks this of the few
/// values its successors receive.
struct UpdatedOwnerships<'l> {
    retained: &'l [Value],
    updated: &'l [Value],
    by_value: Option<FxHashMap<Value, Value>>,
}

impl<'l> UpdatedOwnerships<'l> {
    /// The ownerships `updated` of the values `retained`, pairwise.
    fn new(retained: &'l [Value], updated: &'l [Value]) -> Self {
        let by_value = (retained.len() > SEARCHED_LIST).then(|| {
            retained
                .iter()
                .copied()
                .zip(updated.iter().copied())
                .collect()
        });
        UpdatedOwnerships {
            retained,
            updated,
            by_value,
        }
    }

    /// The updated ownership of `v`, if retained.
    fn get(&self, v: Value) -> Option<Value> {
        if let Some(by_value) = &self.by_value {
            return by_value.get(&v).copied();
        }
        let paired = self.retained.len().min(self.updated.len());
        let position = self.retained[..paired].iter().rposition(|&r| r == v)?;
        Some(self.updated[position])
    }
}

/// The values of `list` without repeats, in the order they first come (a long list is
/// screened through a set, [`SEARCHED_LIST`]).
fn distinct_in_order(list: &[Value]) -> SmallVec<[Value; 8]> {
    if list.len() <= SEARCHED_LIST {
        let first_time = |&(i, v): &(usize, &Value)| !list[..i].contains(v);
        return list
            .iter()
            .enumerate()
            .filter(first_time)
            .map(|(_, &v)| v)
            .collect();
    }
    let mut seen = FxHashSet::default();
    list.iter().copied().filter(|&v| seen.insert(v)).collect()
}

/// Whether `effects` allocate or free anything.
fn has_alloc_or_free(effects: &[ir::MemoryEffect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e.kind, EffectKind::Allocate | EffectKind::Free))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::{ParseOptions, parse_module};

    /// Updated ownerships are found by value as a map filled in list order finds them (the
    /// later of a value retained twice), and values listed once each in the order they first
    /// come, for short lists (searched) and long ones (hashed).
    #[test]
    fn updated_ownerships_and_distinct_values_answer_as_maps_and_sets() {
        for len in [0, 1, 5, SEARCHED_LIST, SEARCHED_LIST + 1, 3 * SEARCHED_LIST] {
            // Every third value repeats an earlier one.
            let retained: Vec<Value> = (0..len as u32)
                .map(|i| Value::from_u32(if i % 3 == 2 { i / 2 } else { i }))
                .collect();
            let updated: Vec<Value> = (0..len as u32).map(|i| Value::from_u32(1000 + i)).collect();
            let map: FxHashMap<Value, Value> = retained
                .iter()
                .copied()
                .zip(updated.iter().copied())
                .collect();
            let found = UpdatedOwnerships::new(&retained, &updated);
            for number in 0..len as u32 + 2 {
                let v = Value::from_u32(number);
                assert_eq!(found.get(v), map.get(&v).copied(), "{v:?} of {len}");
            }
            let mut seen = FxHashSet::default();
            let expected: Vec<Value> = retained
                .iter()
                .copied()
                .filter(|&v| seen.insert(v))
                .collect();
            assert_eq!(distinct_in_order(&retained)[..], expected[..], "{len}");
        }
    }

    /// The block orders found while erasing unreachable blocks are those [`dominance_order`]
    /// gives once they are gone, in the function's body and in a nested region alike.
    #[test]
    fn block_orders_are_dominance_orders_after_the_erasure() {
        let src = r#"
func.func @f(%c: i1) {
  cf.cond_br %c, ^bb2, ^bb1
^bb1:
  %0 = scf.execute_region -> index {
    cf.br ^bb2
  ^bb1:
    %1 = arith.constant 1 : index
    scf.yield %1 : index
  ^bb2:
    %2 = arith.constant 2 : index
    scf.yield %2 : index
  }
  cf.br ^bb3
^bb2:
  cf.cond_br %c, ^bb3, ^bb1
^bb3:
  return
^bb4:
  cf.br ^bb3
}
"#;
        let mut ctx = Context::new();
        let module = parse(&mut ctx, src);
        let walk = ctx.walk_preorder(module);
        let orders = erase_unreachable_blocks(&mut ctx, &walk);
        assert_eq!(orders.len(), 2);
        for (&region, order) in &orders {
            assert_eq!(order, &dominance_order(&ctx, region));
            assert_eq!(order.len(), ctx.blocks(region).count());
        }
        let body = ctx.regions(walk[1])[0];
        assert_eq!(
            ctx.blocks(body).count(),
            4,
            "the unreachable block is erased"
        );
        assert_ne!(orders[&body], ctx.blocks(body).collect::<Vec<_>>());
    }

    /// A function's memref liveness is found empty without computing it only where it is:
    /// one block, no nested region, no memref from outside; a nested region using a memref of
    /// the body, and several blocks passing one, have live memrefs.
    #[test]
    fn liveness_is_found_empty_only_where_it_is() {
        let src = r#"
func.func @one_block(%m: memref<2xf32>) -> memref<2xf32> {
  %a = memref.alloc() : memref<2xf32>
  memref.copy %m, %a : memref<2xf32> to memref<2xf32>
  return %a : memref<2xf32>
}
func.func @nested(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  scf.if %c {
    %b = memref.alloc() : memref<2xf32>
    memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  }
  return
}
func.func @blocks(%c: i1) {
  %a = memref.alloc() : memref<2xf32>
  cf.br ^bb1
^bb1:
  %b = memref.alloc() : memref<2xf32>
  memref.copy %a, %b : memref<2xf32> to memref<2xf32>
  return
}
"#;
        let mut ctx = Context::new();
        let module = parse(&mut ctx, src);
        let funcs: Vec<Op> = ctx.walk_preorder(module)[1..]
            .iter()
            .copied()
            .filter(|&op| FuncOp::of(&ctx, op).is_some())
            .collect();
        for (func, expected_empty) in funcs.into_iter().zip([true, false, false]) {
            let walk = ctx.walk_preorder(func);
            let live = Liveness::compute_for_ops(&ctx, &walk, |v| is_memref(&ctx, v));
            let empty = live
                .blocks()
                .iter()
                .all(|&b| live.live_in(b).next().is_none() && live.live_out(b).next().is_none());
            assert_eq!(empty, expected_empty, "{func:?}");
            assert_eq!(
                memref_liveness_is_empty(&ctx, &walk),
                expected_empty,
                "{func:?}"
            );
        }
    }

    /// An op that meets the preconditions at a glance meets them in full; the glance leaves the
    /// others (regions, terminators, unknown effects, a dealloc) to the full check, which the
    /// dealloc and the op of unknown effects fail.
    #[test]
    fn plain_preconditions_are_preconditions() {
        let src = r#"
func.func @f(%m: memref<2xf32>, %c: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<2xf32>
  %v = memref.load %m[%c0] : memref<2xf32>
  memref.store %v, %a[%c0] : memref<2xf32>
  %r = scf.if %c -> (memref<2xf32>) {
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %m : memref<2xf32>
  }
  "test.unknown"() : () -> ()
  %x = call @g(%a) : (memref<2xf32>) -> memref<2xf32>
  bufferization.dealloc (%a : memref<2xf32>) if (%c)
  return %r : memref<2xf32>
}
func.func private @g(memref<2xf32>) -> memref<2xf32>
"#;
        with_state(src, |state, walk| {
            let (mut plain, mut failing) = (0, 0);
            for &op in &walk[1..] {
                let verified = state.verify_operation_preconditions(op);
                if state.meets_preconditions_plainly(op) {
                    assert!(verified.is_ok(), "{}", state.ctx.op_name_str(op));
                    plain += 1;
                } else if verified.is_err() {
                    failing += 1;
                }
            }
            assert_eq!((plain, failing), (5, 2));
        });
    }

    /// The memrefs passed on are those retained and apart from every other retained buffer, as
    /// [`DeallocState::apart_from_all`] finds one by one, whatever the retained list (one
    /// value, allocations, arguments of the function or of a block, a view of an allocation,
    /// a value twice), and root kinds compare as [`DeallocState::provably_distinct`].
    #[test]
    fn memrefs_passed_on_are_the_retained_ones_apart_from_the_others() {
        let src = r#"
func.func @f(%m: memref<2xf32>, %c: i1) {
  %a = memref.alloc() : memref<2xf32>
  %b = memref.alloc() : memref<2xf32>
  %v = memref.subview %a[0] [1] [1] : memref<2xf32> to memref<1xf32, strided<[1]>>
  %r = scf.if %c -> (memref<2xf32>) {
    scf.yield %a : memref<2xf32>
  } else {
    scf.yield %m : memref<2xf32>
  }
  cf.br ^bb1(%b : memref<2xf32>)
^bb1(%x: memref<2xf32>):
  return
}
"#;
        with_state(src, |state, walk| {
            let ctx = state.ctx();
            let mut values: Vec<Value> = ctx.block_args(ctx.op_parent(walk[1]).unwrap()).to_vec();
            values.extend(walk.iter().flat_map(|&op| ctx.results(op).iter().copied()));
            values.retain(|&v| is_memref(ctx, v));
            let x = ctx.block_args(ctx.op_parent(walk[walk.len() - 1]).unwrap())[0];
            values.push(x);
            for &a in &values {
                for &b in &values {
                    let by_kinds = state.root_kind(a).distinct_from(state.root_kind(b));
                    assert_eq!(by_kinds, state.provably_distinct(a, b), "{a:?} {b:?}");
                }
            }
            let condition = Value::from_u32(u32::MAX - 1);
            let to_free: FreeList = values
                .iter()
                .map(|&value| ToFree { value, condition })
                .collect();
            let lists = (0..values.len())
                .flat_map(|i| (i..values.len()).map(move |j| (i, j)))
                .map(|(i, j)| vec![values[i], values[j]])
                .chain(values.iter().map(|&v| vec![v]))
                .chain([values.clone()]);
            for retained in lists {
                let expected: Vec<Value> = to_free
                    .iter()
                    .filter(|entry| retained.contains(&entry.value))
                    .filter(|entry| state.apart_from_all(entry.value, retained.iter().copied()))
                    .map(|entry| entry.value)
                    .collect();
                let twice = (1..retained.len()).any(|i| retained[..i].contains(&retained[i]));
                let found: Vec<Value> = state
                    .passed_on(&to_free, &retained)
                    .iter()
                    .map(|(entry, position)| {
                        assert_eq!(retained[*position], entry.value);
                        entry.value
                    })
                    .collect();
                match twice {
                    true => assert!(found.is_empty(), "{retained:?}"),
                    false => assert_eq!(found, expected, "{retained:?}"),
                }
            }
        });
    }

    /// Runs `check` on the state of the pass for the first function of `src` (unregistered ops
    /// allowed), before it is touched, and that function's walk.
    fn with_state(src: &str, check: impl FnOnce(&DeallocState, &[Op])) {
        let mut ctx = Context::new();
        let options = ParseOptions {
            allow_unregistered: true,
        };
        let module = parse_module(&mut ctx, "input.mlir", src, &options)
            .unwrap_or_else(|d| panic!("test input does not parse: {}", d.message));
        let func = ctx.walk_preorder(module)[1];
        let walk = ctx.walk_preorder(func);
        let ext = Extensions::builtin(&ctx);
        let mut kit = OpKit::new(&mut ctx);
        let mut op_lists = Vec::new();
        let (symbols, options, owned_args) = Default::default();
        let shared = Shared {
            ext: &ext,
            symbols: &symbols,
            options: &options,
            owned_args: &owned_args,
        };
        let mut state = DeallocState::new(
            &mut ctx,
            shared,
            func,
            Cow::Owned(walk.clone()),
            BlockOrders::default(),
            &mut kit,
            &mut op_lists,
        );
        state.preconditions_hold = true;
        check(&state, &walk);
    }

    /// The module `src` holds, parsed into `ctx`.
    fn parse(ctx: &mut Context, src: &str) -> Op {
        parse_module(ctx, "input.mlir", src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("test input does not parse: {}", d.message))
    }

    /// A function's walk cut from the module's walk serves its deallocations only while
    /// nothing changed the IR since the cut and no function is nested in another; otherwise
    /// the function is walked anew.
    #[test]
    fn kept_walks_are_the_functions_walks() {
        let function = |name: &str| {
            format!("func.func @{name}() {{\n  %0 = arith.constant 0 : index\n  return\n}}\n")
        };
        let src = function("f") + &function("g");
        let mut ctx = Context::new();
        let module = parse(&mut ctx, &src);
        let module_walk = ctx.walk_preorder(module);
        let [f, g] = [1, 4].map(|position| module_walk[position]);
        let cut = |position| walk_cut_from(&ctx, &module_walk, position);
        let (f_cut, g_cut) = (cut(1), cut(4));
        let mut walks = FunctionWalks::default();
        walks.keep_if_unchanged(&ctx, f, f_cut, BlockOrders::default(), ctx.epoch());
        let epoch = ctx.epoch();
        let g_constant = module_walk[5];
        ctx.erase_op(g_constant);
        walks.keep_if_unchanged(&ctx, g, g_cut, BlockOrders::default(), epoch);
        walks.disjoint = true;
        assert!(matches!(walks.walk(&ctx, f), Cow::Borrowed(_)));
        for func in [f, g] {
            assert_eq!(walks.walk(&ctx, func)[..], ctx.walk_preorder(func)[..]);
        }
        assert!(!walks.walk(&ctx, g).contains(&g_constant));
        walks.disjoint = false;
        assert!(matches!(walks.walk(&ctx, f), Cow::Owned(_)));
        walks.forget(f);
        walks.disjoint = true;
        assert!(matches!(walks.walk(&ctx, f), Cow::Owned(_)));
    }

    /// Every op's walk cut from the module's walk is the op's own walk: nested regions with
    /// several blocks, an op last in its block with later blocks and regions after it, and
    /// nested modules.
    #[test]
    fn walks_cut_from_the_module_walk_are_the_ops_own_walks() {
        let src = r#"
module {
  func.func @f(%c: i1) {
    scf.if %c {
      %0 = arith.constant 0 : index
    } else {
      %1 = arith.constant 1 : index
    }
    cf.br ^bb1
  ^bb1:
    %2 = arith.constant 2 : index
    cf.br ^bb2
  ^bb2:
    return
  }
  module {
    func.func @g() {
      return
    }
  }
  func.func @h(%c: i1) {
    scf.if %c {
      scf.if %c {
        %3 = arith.constant 3 : index
      }
    }
    return
  }
}
"#;
        let mut ctx = Context::new();
        let module = parse(&mut ctx, src);
        let walk = ctx.walk_preorder(module);
        assert!(walk.len() > 20);
        for position in 0..walk.len() {
            let cut = walk_cut_from(&ctx, &walk, position);
            assert_eq!(
                cut,
                Some(&ctx.walk_preorder(walk[position])[..]),
                "op {position}"
            );
        }
    }
}
