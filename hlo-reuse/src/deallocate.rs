//! `hlo-deallocate`: MLIR-HLO's deallocation with ownership indicators (seed 004,
//! `mlir-hlo.md` §2.1), extended to multi-block regions and to every region-branch op.
//!
//! Every block ends owning a set of `!deallocation.ownership` values. Before its terminator,
//! the memrefs it hands on (yielded, returned or passed to a successor) and the indicators it
//! owns are grouped by alias class; each group becomes one `deallocation.retain` that keeps
//! what is handed on and frees the rest (unless it owns exactly the indicators of the memrefs
//! it hands on: then each travels with its own, which frees nothing, and no retain is
//! emitted), and every indicator in no such group gets its own `retain() of(%o)`. Handed-on memrefs travel with their indicator: region-branch ops get one
//! ownership operand, block argument, terminator operand and result per memref, functions one
//! ownership result per memref result, branches one successor operand per memref.
//!
//! ```text
//! %a = memref.alloc() : memref<2xf32>
//! %r = scf.for %i = %lb to %ub step %s iter_args(%x = %a) -> (memref<2xf32>) {
//!   %n = memref.alloc() : memref<2xf32>
//!   scf.yield %n : memref<2xf32>
//! }
//! // becomes (when %a has no later use, its ownership moves into the loop)
//! %a = memref.alloc() : memref<2xf32>
//! %0 = deallocation.own %a : memref<2xf32>
//! %r:2 = scf.for ... iter_args(%x = %a, %o = %0) -> (memref<2xf32>, !deallocation.ownership) {
//!   %n = memref.alloc() : memref<2xf32>
//!   %1 = deallocation.own %n : memref<2xf32>
//!   deallocation.retain() of(%o) : (!deallocation.ownership) -> ()
//!   scf.yield %n, %1 : memref<2xf32>, !deallocation.ownership
//! }
//! ```

use ir::dialects::cf::{BrOp, CondBrOp};
use ir::dialects::deallocation::{NullOp, OwnOp, RetainOp, ownership_type};
use ir::dialects::func::{CallIndirectOp, ConstantOp, FuncOp};
use ir::dialects::memref::DeallocOp;
use ir::interfaces::{is_allocation, view_base};
use ir::{
    Block, Builder, Context, Diagnostic, EffectKind, EffectOn, Effects, InsertPoint, Loc, Op,
    OpView, Region, RegionPoint, Resource, Traits, TransformResult, Type, TypeData, Value,
    track_changes,
};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::union_find::UnionFind;

/// The options of [`hlo_deallocate`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HloDeallocateOptions {
    /// Refuse a `memref.realloc` of a buffer without ownership indicator (a function
    /// argument...), as MLIR-HLO does, instead of expanding it into an allocation and a copy.
    pub refuse_unowned_realloc: bool,
}

/// `hlo-deallocate`: inserts `deallocation.own` after every allocation and
/// `deallocation.retain` before every block terminator of every function nested in `root`.
pub fn hlo_deallocate(
    ctx: &mut Context,
    root: Op,
    options: &HloDeallocateOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        let mut deallocator = Deallocator::new(ctx, root);
        deallocator.refuse_unowned_realloc = options.refuse_unowned_realloc;
        deallocator.run(root)
    })
}

type R<T> = Result<T, Diagnostic>;

/// A few values, inline (most ops have at most four memref operands or results).
type Values = SmallVec<[Value; 4]>;

/// What transforming an op or a block gives its parent block.
#[derive(Default)]
struct Outcome {
    /// Indicators of the parent's (or an ancestor's) that the op consumed.
    released: Vec<Value>,
    /// Indicators the parent now owns (for a block: one per handed-on memref).
    acquired: Vec<Value>,
}

/// The indicators a block owns, in the order it came to own them (a removed one leaves a
/// hole, so that removing costs no shift).
#[derive(Default)]
struct Owned {
    list: Vec<Option<Value>>,
    slot: FxHashMap<Value, usize>,
}

impl Owned {
    fn insert(&mut self, v: Value) {
        if let std::collections::hash_map::Entry::Vacant(e) = self.slot.entry(v) {
            e.insert(self.list.len());
            self.list.push(Some(v));
        }
    }

    fn remove(&mut self, v: Value) -> bool {
        let Some(k) = self.slot.remove(&v) else {
            return false;
        };
        self.list[k] = None;
        true
    }

    fn contains(&self, v: Value) -> bool {
        self.slot.contains_key(&v)
    }

    fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.list.iter().flatten().copied()
    }
}

struct Deallocator<'c> {
    ctx: &'c mut Context,
    aliases: UnionFind,
    /// An empty relation lent to [`Self::union_aliasing_region_args`] (kept so that its table
    /// is allocated once).
    scratch: UnionFind,
    /// The ownership indicator of each memref that has one.
    indicator: FxHashMap<Value, Value>,
    ownership: Type,
    /// The functions with a body, by name (their signatures gain ownership results).
    defined: FxHashSet<String>,
    /// The functions with a body.
    functions_by_name: FxHashMap<String, Op>,
    /// For each non-entry block of a multi-block region: the memrefs defined elsewhere that
    /// are live at its start; each gets a memref and an ownership argument, so that the
    /// ownership of a buffer used after a branch travels with the branch.
    carried: FxHashMap<Block, Vec<Value>>,
    /// The memref argument standing for a carried memref, and the memref.
    carried_arg: FxHashMap<Value, Value>,
    /// The preorder positions of each op of the function being transformed, as it was before
    /// the transformation: the op's own and the last one nested in it.
    spans: Spans,
    /// [`HloDeallocateOptions::refuse_unowned_realloc`].
    refuse_unowned_realloc: bool,
    /// A preorder walk's buffers, lent to the walks over loop nests (so that each does not
    /// allocate its own).
    nest: Walk,
    /// The tables of [`Self::emit_retains`], kept so that each call does not allocate them.
    retain_scratch: RetainScratch,
}

/// Where [`Deallocator::emit_retains`] puts the retains: before a terminator, or at the end
/// of an edge block whose branch is built after them.
#[derive(Clone, Copy)]
struct Spot {
    ip: InsertPoint,
    loc: Loc,
}

/// The working tables of [`Deallocator::emit_retains`] (empty between calls).
#[derive(Default)]
struct RetainScratch {
    /// The alias class leader of each group and its group.
    group_of: FxHashMap<Value, usize>,
    /// The first slot of each handed-on memref.
    first_slot: FxHashMap<Value, usize>,
}

impl<'c> Deallocator<'c> {
    fn new(ctx: &'c mut Context, root: Op) -> Self {
        let ownership = ownership_type(ctx);
        let functions_by_name: FxHashMap<String, Op> = functions(ctx, root)
            .into_iter()
            .filter(|&f| FuncOp::wrap(f).has_body(ctx))
            .filter_map(|f| Some((FuncOp::wrap(f).sym_name(ctx)?.to_string(), f)))
            .collect();
        let defined = functions_by_name.keys().cloned().collect();
        Deallocator {
            ctx,
            aliases: UnionFind::default(),
            scratch: UnionFind::default(),
            indicator: FxHashMap::default(),
            ownership,
            defined,
            functions_by_name,
            carried: FxHashMap::default(),
            carried_arg: FxHashMap::default(),
            spans: Spans::default(),
            refuse_unowned_realloc: false,
            nest: Walk::default(),
            retain_scratch: RetainScratch::default(),
        }
    }

    fn run(&mut self, root: Op) -> Result<(), Vec<Diagnostic>> {
        let addressed = self.addressed_functions(root).map_err(|d| vec![d])?;
        for func in functions(self.ctx, root) {
            if FuncOp::wrap(func).has_body(self.ctx) {
                self.transform_func(func).map_err(|d| vec![d])?;
            }
        }
        self.retype_addresses(&addressed);
        Ok(())
    }

    /// The `func.constant`s referring to a defined function with memref results, which gains
    /// ownership results: their type changes with the function's, and so do the results of
    /// the `func.call_indirect`s calling them (see [`Self::transform_call`]). Such an address
    /// may only be called; one that flows anywhere else (a block argument, a call, a store)
    /// would reach indirect callers that keep the old signature: refused.
    fn addressed_functions(&self, root: Op) -> R<Vec<(Op, Op)>> {
        let mut out = Vec::new();
        for op in self.ctx.walk_preorder(root) {
            let Some(func) = self.retyped_callee_of_constant(op) else {
                continue;
            };
            let address = self.ctx.result(op, 0);
            let only_called = self
                .ctx
                .uses(address)
                .all(|(user, index)| index == 0 && CallIndirectOp::is(self.ctx, user));
            if !only_called {
                let name = FuncOp::wrap(func).sym_name(self.ctx).unwrap_or_default();
                return Err(self.error(
                    op,
                    &format!(
                        "refers to @{name}, whose memref results gain ownership results; its \
                         address may only be called by func.call_indirect, not passed on"
                    ),
                ));
            }
            out.push((op, func));
        }
        Ok(out)
    }

    /// The defined function with memref results that `op`, a `func.constant`, refers to.
    fn retyped_callee_of_constant(&self, op: Op) -> Option<Op> {
        let name = ConstantOp::of(self.ctx, op)?.function(self.ctx)?;
        let func = self.functions_by_name.get(name).copied()?;
        let (_, results) = FuncOp::wrap(func).function_type(self.ctx)?;
        results
            .iter()
            .any(|&t| self.ctx.type_data(t).is_memref())
            .then_some(func)
    }

    /// Gives each `func.constant` in `addressed` its function's new type.
    fn retype_addresses(&mut self, addressed: &[(Op, Op)]) {
        for &(constant, func) in addressed {
            let Some((inputs, results)) = FuncOp::wrap(func).function_type(self.ctx) else {
                continue;
            };
            let ty = self.ctx.ty(TypeData::Function { inputs, results });
            let address = self.ctx.result(constant, 0);
            self.ctx.set_value_type(address, ty);
        }
    }

    fn is_memref(&self, v: Value) -> bool {
        self.ctx.type_data(self.ctx.value_type(v)).is_memref()
    }

    fn memrefs(&self, values: &[Value]) -> Values {
        values
            .iter()
            .copied()
            .filter(|&v| self.is_memref(v))
            .collect()
    }

    fn error(&self, op: Op, message: &str) -> Diagnostic {
        let name = self.ctx.op_name_str(op);
        Diagnostic::error(self.ctx.op_loc(op), format!("'{name}' op {message}")).on_op(op)
    }

    // ----- functions and blocks ---------------------------------------------------------------

    /// Function arguments are never owned; every memref result gets an ownership result.
    fn transform_func(&mut self, func: Op) -> R<()> {
        let Some(body) = FuncOp::wrap(func).body(self.ctx) else {
            return Ok(());
        };
        self.number_ops(func);
        let outcomes = self.transform_region(body, false)?;
        if outcomes.iter().any(|(_, o)| !o.released.is_empty()) {
            return Err(self.error(func, "invalid realloc of memref"));
        }
        let mut results: Option<Vec<Type>> = None;
        for (block, outcome) in outcomes {
            let Some(term) = self.ctx.last_op(block) else {
                continue;
            };
            if !self.ctx.has_trait(term, Traits::RETURN_LIKE) {
                continue;
            }
            append_operands(self.ctx, term, &outcome.acquired);
            results = Some(
                self.ctx
                    .operands(term)
                    .map(|v| self.ctx.value_type(v))
                    .collect(),
            );
        }
        let view = FuncOp::wrap(func);
        if let (Some(results), Some((inputs, _))) = (results, view.function_type(self.ctx)) {
            view.set_function_type(self.ctx, inputs, results);
        }
        Ok(())
    }

    /// Numbers the ops nested in `func` in preorder (filling [`Self::spans`]) and notes where
    /// each memref is referenced, so that whether a buffer is used after an op is one range
    /// query on its alias class. Only a region-branch op asks that (whether it takes over an
    /// operand's ownership): in a function without one, no reference is noted, and the
    /// unions of alias classes merge no positions.
    fn number_ops(&mut self, func: Op) {
        let order = self.ctx.walk_preorder(func);
        let asks_last_uses = order.iter().any(|&op| self.is_region_branch(op));
        for (k, &op) in order.iter().enumerate() {
            let at = u32::try_from(k).unwrap_or(u32::MAX);
            self.spans.set(op, (at, at));
            if !asks_last_uses {
                continue;
            }
            let operands: SmallVec<[Value; 6]> = self.ctx.operand_array(op);
            for v in operands {
                if self.is_memref(v) {
                    self.aliases.note_reference(v, at);
                }
            }
        }
        for &op in order.iter().rev() {
            let last_nested = self.ctx.regions(op).iter().rev().find_map(|&r| {
                let blocks: Vec<Block> = self.ctx.blocks(r).collect();
                blocks.into_iter().rev().find_map(|b| self.ctx.last_op(b))
            });
            if let Some((_, end)) = last_nested.and_then(|n| self.spans.get(n))
                && let Some((at, _)) = self.spans.get(op)
            {
                self.spans.set(op, (at, end));
            }
        }
    }

    /// Transforms every block of `region`; the entry block owns its memref arguments when
    /// `owns_entry_inputs`, every other block always does (its predecessors hand them on).
    fn transform_region(
        &mut self,
        region: Region,
        owns_entry_inputs: bool,
    ) -> R<Vec<(Block, Outcome)>> {
        let blocks: Vec<Block> = self.ctx.blocks(region).collect();
        if blocks.len() > 1 {
            self.add_carried_args(region, &blocks);
        }
        let mut out = Vec::with_capacity(blocks.len());
        for (k, &block) in blocks.iter().enumerate() {
            let owns = k > 0 || owns_entry_inputs;
            out.push((block, self.transform_block(block, owns)?));
        }
        Ok(out)
    }

    /// Gives every non-entry block of `region` one memref argument per memref live at its
    /// start and defined elsewhere (its predecessors pass the memref itself).
    fn add_carried_args(&mut self, region: Region, blocks: &[Block]) {
        let Some(parent) = self.ctx.region_parent(region) else {
            return;
        };
        if !self.uses_memref_across_blocks(region, blocks) {
            // No block has a memref live at its start that it does not receive as an argument.
            self.union_everything_in(parent);
            return;
        }
        let liveness = analysis::liveness::Liveness::compute(self.ctx, parent);
        for &block in &blocks[1..] {
            let live: Vec<Value> = liveness
                .live_in(block)
                .filter(|&v| self.is_memref(v))
                .collect();
            for &v in &live {
                let ty = self.ctx.value_type(v);
                let arg = self.ctx.add_block_arg(block, ty);
                self.aliases.union(v, arg);
                self.carried_arg.insert(arg, v);
            }
            self.carried.insert(block, live);
        }
        // This walk also unions every branch edge of the region's blocks.
        self.union_everything_in(parent);
    }

    /// Whether an op of one of `blocks` (the blocks of `region`), or nested in one, uses a
    /// memref defined outside that block: without such a use no memref is live at the start
    /// of a block that does not define it (liveness flows back from uses only), and the
    /// liveness analysis is spared.
    fn uses_memref_across_blocks(&self, region: Region, blocks: &[Block]) -> bool {
        let defined_outside = |block: Block, op: Op| {
            self.ctx
                .operands(op)
                .any(|v| self.is_memref(v) && self.block_of_in_region(v, region) != Some(block))
        };
        blocks.iter().any(|&block| {
            self.ctx.block_ops(block).any(|op| {
                defined_outside(block, op)
                    || (!self.ctx.regions(op).is_empty()
                        && self.ctx.any_nested(op, |n| defined_outside(block, n)))
            })
        })
    }

    /// The block of `region` that defines `v` or holds the op whose regions define it.
    fn block_of_in_region(&self, v: Value, region: Region) -> Option<Block> {
        let mut block = self.ctx.value_parent_block(v)?;
        loop {
            if self.ctx.block_parent(block) == Some(region) {
                return Some(block);
            }
            let op = self.ctx.block_parent_op(block)?;
            block = self.ctx.op_parent(op)?;
        }
    }

    /// Unions, flow-insensitively, every alias relation inside `op` up front: in a CFG, a
    /// block transformed early may hand on a buffer that a later block derives a value from
    /// and passes back around a loop.
    pub(super) fn union_everything_in(&mut self, op: Op) {
        let mut nest = std::mem::take(&mut self.nest);
        preorder_into(self.ctx, op, &mut nest);
        for &nested in &nest.order[1..] {
            let results = self.memrefs(self.ctx.results(nested));
            let allocates = results.iter().any(|&r| is_allocation(self.ctx, r));
            if !results.is_empty() && !allocates {
                if self.ctx.op_def(nested).call.is_some() {
                    let operands: Values = self.ctx.operands(nested).collect();
                    for a in self.memrefs(&operands) {
                        for &r in &results {
                            self.aliases.union(a, r);
                        }
                    }
                } else {
                    self.union_results_with_operands(nested);
                }
            }
            if let Some(block) = self.ctx.op_parent(nested)
                && self.ctx.last_op(block) == Some(nested)
            {
                self.union_branch_edges(block);
            }
            let forwarded = self.forwarding_pairs(nested);
            for (v, to) in forwarded {
                self.aliases.union(v, to);
            }
        }
        self.nest = nest;
    }

    /// The (forwarded memref, receiving value) pairs along the region-branch edges leaving
    /// `op` (its entry edges if it has regions, its parent's edges if it is a region
    /// terminator).
    pub(super) fn forwarding_pairs(&self, op: Op) -> SmallVec<[(Value, Value); 4]> {
        let mut out = SmallVec::new();
        let may_forward = !self.ctx.successors(op).is_empty()
            || !self.ctx.regions(op).is_empty()
            || self.ctx.has_trait(op, Traits::TERMINATOR);
        if may_forward {
            let select = |v| self.is_memref(v);
            crate::flow::for_each_forwarded(self.ctx, op, select, |v, t| out.push((v, t)));
        }
        out
    }

    /// Unions the memrefs `block`'s terminator passes to its successors with the arguments
    /// receiving them, before any block is transformed: around a CFG loop, a later block
    /// may hand a buffer back to an earlier one.
    fn union_branch_edges(&mut self, block: Block) {
        let Some(term) = self.ctx.last_op(block) else {
            return;
        };
        let successors = self.ctx.successors(term).to_vec();
        for (k, succ) in successors.into_iter().enumerate() {
            let operands = self.ctx.successor_operands(term, k);
            let args = self.ctx.block_args(succ).to_vec();
            for (&v, &arg) in operands.iter().zip(&args) {
                if self.is_memref(v) {
                    self.aliases.union(v, arg);
                }
            }
        }
    }

    /// The ownership arguments of a block that owns its inputs: one per memref argument. A
    /// carried memref's indicator is, inside the block, its argument's; the returned list
    /// restores the indicators the block overrides.
    fn add_ownership_args(
        &mut self,
        block: Block,
        owned: &mut Owned,
    ) -> Vec<(Value, Option<Value>)> {
        let args = self.ctx.block_args(block).to_vec();
        let mut overridden = Vec::new();
        for arg in self.memrefs(&args) {
            let o = self.ctx.add_block_arg(block, self.ownership);
            self.indicator.insert(arg, o);
            self.aliases.union(arg, o);
            owned.insert(o);
            if let Some(&v) = self.carried_arg.get(&arg) {
                overridden.push((v, self.indicator.insert(v, o)));
            }
        }
        overridden
    }

    fn transform_block(&mut self, block: Block, owns_inputs: bool) -> R<Outcome> {
        let mut owned = Owned::default();
        let overridden = if owns_inputs {
            self.add_ownership_args(block, &mut owned)
        } else {
            Vec::new()
        };
        let mut released: Vec<Value> = Vec::new();
        let ops: Vec<Op> = self.ctx.block_ops(block).collect();
        let terminator = ops
            .last()
            .copied()
            .filter(|&t| self.ctx.has_trait(t, Traits::TERMINATOR) || !self.ctx.is_registered(t));
        for &op in &ops {
            if Some(op) == terminator {
                break;
            }
            let outcome = self.transform_op(op, &owned)?;
            for v in outcome.released {
                if owned.remove(v) {
                    continue;
                }
                if released.contains(&v) {
                    let parent = self.ctx.block_parent_op(block).unwrap_or(op);
                    return Err(self.error(parent, "same value released twice"));
                }
                released.push(v);
            }
            for v in outcome.acquired {
                owned.insert(v);
            }
        }
        let acquired = match terminator {
            Some(term) => self.finish_block(block, term, &owned)?,
            None => {
                self.free_all_at(ir::InsertPoint::End(block), &owned);
                Vec::new()
            }
        };
        for (v, previous) in overridden.into_iter().rev() {
            match previous {
                Some(o) => self.indicator.insert(v, o),
                None => self.indicator.remove(&v),
            };
        }
        Ok(Outcome { released, acquired })
    }

    /// Frees every owned indicator at the end of a block without terminator.
    fn free_all_at(&mut self, ip: ir::InsertPoint, owned: &Owned) {
        let loc = self.ctx.unknown_loc();
        for o in owned.iter() {
            let mut b = Builder::new(self.ctx, ip, loc);
            RetainOp::build(&mut b, &[], &[o]);
        }
    }

    /// Reconciles the block's ownership at its terminator: branches pass ownership to their
    /// successors, region terminators and returns hand it to the parent (returned as the
    /// indicators of the handed-on memrefs).
    fn finish_block(&mut self, block: Block, term: Op, owned: &Owned) -> R<Vec<Value>> {
        let successors = self.ctx.successors(term).to_vec();
        if !successors.is_empty() {
            self.finish_branch(block, term, &successors, owned)?;
            return Ok(Vec::new());
        }
        let range = self.handed_on_range(block, term)?;
        let operands: Vec<Value> = range.clone().map(|i| self.ctx.operand(term, i)).collect();
        let yielded = self.memrefs(&operands);
        if range.end != self.ctx.num_operands(term) && !yielded.is_empty() {
            return Err(self.error(term, "cannot append ownership operands to this terminator"));
        }
        let at = self.before(term);
        Ok(self.emit_retains(at, &yielded, owned))
    }

    /// The operands of region terminator `term` handed to the parent or a sibling region
    /// (all operands of a function's return; none of an op without the region-branch
    /// interface, whose regions may not hand memrefs on).
    fn handed_on_range(&self, block: Block, term: Op) -> R<std::ops::Range<usize>> {
        let all = 0..self.ctx.num_operands(term);
        let Some(parent) = self.ctx.block_parent_op(block) else {
            return Ok(all);
        };
        if self.ctx.has_trait(parent, Traits::FUNCTION_LIKE) {
            return Ok(all);
        }
        let Some(rb) = self.ctx.op_def(parent).region_branch else {
            let operands: Vec<Value> = self.ctx.operands(term).collect();
            if !self.memrefs(&operands).is_empty() {
                return Err(
                    self.error(parent, "block unexpectededly released or returned an alloc")
                );
            }
            return Ok(0..0);
        };
        let index = self
            .ctx
            .block_parent(block)
            .and_then(|r| self.ctx.region_index(r))
            .unwrap_or(0);
        let edges = (rb.from_region)(self.ctx, parent, index, term);
        let start = edges.iter().map(|e| e.operands.start).min().unwrap_or(0);
        let end = edges.iter().map(|e| e.operands.end).max().unwrap_or(0);
        Ok(start..end.max(start))
    }

    /// A branch: every successor gets the memrefs it is passed with their indicators. With
    /// several successors, each edge gets a block of its own holding the retains, so that a
    /// buffer handed to one successor only is freed on the other edge; a branch that hands
    /// no buffer on frees what the block owns before it, once, and splits no edge.
    fn finish_branch(
        &mut self,
        block: Block,
        term: Op,
        successors: &[Block],
        owned: &Owned,
    ) -> R<()> {
        if successors.len() == 1 {
            return self.hand_to_successor(term, 0, owned);
        }
        if self.hands_on_no_memref(term, successors) {
            // Every edge would free all the block owns: free it once before the branch.
            let at = self.before(term);
            self.emit_retains(at, &[], owned);
            return Ok(());
        }
        let loc = self.ctx.op_loc(term);
        let forwarded: Vec<Vec<Value>> = (0..successors.len())
            .map(|k| self.ctx.successor_operands(term, k))
            .collect();
        self.clear_successor_operands(term, successors.len())?;
        let mut after = block;
        for ((k, &succ), forwarded) in successors.iter().enumerate().zip(forwarded) {
            let edge = self.ctx.create_block();
            self.ctx.insert_block_after(after, edge);
            after = edge;
            self.ctx.set_successor(term, k, edge);
            // The retains go first, so that the branch is built with all its operands.
            let at = Spot {
                ip: InsertPoint::End(edge),
                loc,
            };
            let values = self.handed_on(at, succ, forwarded, owned);
            BrOp::build(&mut Builder::at_end(self.ctx, edge, loc), succ, &values);
        }
        Ok(())
    }

    /// Removes the operands branch `term` passes to its `count` successors (they move to the
    /// edge blocks): a `cf.cond_br` in one step, its operand segments rewritten once.
    fn clear_successor_operands(&mut self, term: Op, count: usize) -> R<()> {
        if CondBrOp::is(self.ctx, term) && self.ctx.num_operands(term) > 0 {
            let end = self.ctx.num_operands(term);
            self.ctx.splice_operands(term, 1..end, &[]);
            let segments = self.ctx.dense_i32_array(&[1, 0, 0]);
            self.ctx.set_attr(term, "operandSegmentSizes", segments);
            return Ok(());
        }
        for k in 0..count {
            if !ir::dialects::cf::set_successor_operands(self.ctx, term, k, &[]) {
                return Err(self.error(term, "cannot split the edges of this branch"));
            }
        }
        Ok(())
    }

    /// Whether branch `term` neither uses a memref nor hands one on to any of `successors`
    /// (no memref operand, no memref carried into a successor).
    fn hands_on_no_memref(&self, term: Op, successors: &[Block]) -> bool {
        let no_operand = self.ctx.operands(term).all(|v| !self.is_memref(v));
        no_operand
            && successors
                .iter()
                .all(|succ| self.carried.get(succ).is_none_or(|c| c.is_empty()))
    }

    /// Emits the retains at `at` for a branch passing `forwarded` to `succ`; returns what the
    /// branch passes then: `forwarded`, the memrefs carried into `succ` and the indicators of
    /// the memrefs among them.
    fn handed_on(
        &mut self,
        at: Spot,
        succ: Block,
        mut forwarded: Vec<Value>,
        owned: &Owned,
    ) -> Vec<Value> {
        if let Some(carried) = self.carried.get(&succ) {
            forwarded.extend(carried.iter().copied());
        }
        let yielded = self.memrefs(&forwarded);
        let indicators = self.emit_retains(at, &yielded, owned);
        forwarded.extend(indicators);
        forwarded
    }

    /// Emits the retains before branch `term` and appends the indicators of the memrefs it
    /// passes to successor `k`.
    fn hand_to_successor(&mut self, term: Op, k: usize, owned: &Owned) -> R<()> {
        let forwarded = self.ctx.successor_operands(term, k);
        let passed = forwarded.len();
        let succ = self.ctx.successors(term)[k];
        let at = self.before(term);
        let values = self.handed_on(at, succ, forwarded, owned);
        if values.len() == passed {
            return Ok(());
        }
        if BrOp::is(self.ctx, term)
            && let Some(range) = self.ctx.successor_operand_range(term, k)
            && range.end == self.ctx.num_operands(term)
        {
            // A `cf.br` has no operand segments: its operands are the successor's, and the
            // carried memrefs and the indicators go after them.
            append_operands(self.ctx, term, &values[range.len()..]);
            return Ok(());
        }
        if ir::dialects::cf::set_successor_operands(self.ctx, term, k, &values) {
            return Ok(());
        }
        match self.ctx.successor_operand_range(term, k) {
            Some(range)
                if range.end == self.ctx.num_operands(term)
                    && self.ctx.get_attr(term, "operandSegmentSizes").is_none() =>
            {
                self.ctx.splice_operands(term, range, &values);
                Ok(())
            }
            _ => Err(self.error(term, "cannot append ownership operands to this branch")),
        }
    }

    /// Right before `op`, at its location.
    fn before(&self, op: Op) -> Spot {
        Spot {
            ip: InsertPoint::Before(op),
            loc: self.ctx.op_loc(op),
        }
    }

    /// The retains at `at` (before a terminator, or where its branch will be built): one per
    /// alias class of the handed-on memrefs, with the owned indicators of that class, then one
    /// `retain() of(%o)` per remaining owned indicator. Returns the indicator of each handed-on
    /// memref (null for a repeated one).
    fn emit_retains(&mut self, at: Spot, yielded: &[Value], owned: &Owned) -> Vec<Value> {
        let mut scratch = std::mem::take(&mut self.retain_scratch);
        let result = self.emit_retains_with(at, yielded, owned, &mut scratch);
        scratch.group_of.clear();
        scratch.first_slot.clear();
        self.retain_scratch = scratch;
        result
    }

    /// [`Self::emit_retains`] with its tables.
    fn emit_retains_with(
        &mut self,
        at: Spot,
        yielded: &[Value],
        owned: &Owned,
        scratch: &mut RetainScratch,
    ) -> Vec<Value> {
        let RetainScratch {
            group_of,
            first_slot,
        } = scratch;
        let mut groups: Vec<(Value, Values, Values)> = Vec::new();
        for (slot, &y) in yielded.iter().enumerate() {
            if first_slot.contains_key(&y) {
                continue;
            }
            first_slot.insert(y, slot);
            let leader = self.aliases.find(y);
            let g = *group_of.entry(leader).or_insert_with(|| {
                groups.push((leader, Values::new(), Values::new()));
                groups.len() - 1
            });
            groups[g].1.push(y);
        }
        let mut lonely = Vec::new();
        for o in owned.iter() {
            let leader = self.aliases.find(o);
            match group_of.get(&leader) {
                Some(&g) => groups[g].2.push(o),
                None => lonely.push(o),
            }
        }
        let mut null = None;
        let mut result = vec![None; yielded.len()];
        for (_, kept, allocs) in &groups {
            if let Some(own) = self.own_indicators(kept, allocs) {
                for (y, o) in kept.iter().zip(own) {
                    result[first_slot[y]] = Some(o);
                }
                continue;
            }
            let mut b = Builder::new(self.ctx, at.ip, at.loc);
            let retain = RetainOp::build(&mut b, kept, allocs);
            let outs = retain.results(self.ctx).to_vec();
            for (&y, &r) in kept.iter().zip(&outs) {
                self.aliases.union(y, r);
                result[first_slot[&y]] = Some(r);
            }
        }
        for o in lonely {
            let mut b = Builder::new(self.ctx, at.ip, at.loc);
            RetainOp::build(&mut b, &[], &[o]);
        }
        result
            .into_iter()
            .map(|r| r.unwrap_or_else(|| self.null_at(at, &mut null)))
            .collect()
    }

    /// The indicators of `kept` when they are exactly `allocs` (each kept memref's own, all
    /// distinct): then the retain would free nothing, and handing each memref on with its own
    /// indicator is one of the answers it may give (a set indicator owns its memref's buffer,
    /// so each buffer keeps one owner), so no retain is needed.
    fn own_indicators(&self, kept: &[Value], allocs: &[Value]) -> Option<Values> {
        if kept.len() != allocs.len() {
            return None;
        }
        let own: Values = kept
            .iter()
            .map(|y| self.indicator.get(y).copied())
            .collect::<Option<_>>()?;
        let mut sorted_own = own.clone();
        sorted_own.sort_unstable();
        let mut sorted_allocs = Values::from_slice(allocs);
        sorted_allocs.sort_unstable();
        (sorted_own == sorted_allocs && sorted_own.windows(2).all(|w| w[0] != w[1])).then_some(own)
    }

    /// A `deallocation.null` at `at`, created once.
    fn null_at(&mut self, at: Spot, cache: &mut Option<Value>) -> Value {
        if let Some(v) = *cache {
            return v;
        }
        let mut b = Builder::new(self.ctx, at.ip, at.loc);
        let v = NullOp::build(&mut b).result(self.ctx);
        *cache = Some(v);
        v
    }

    // ----- ops ----------------------------------------------------------------------------------

    fn transform_op(&mut self, op: Op, owned: &Owned) -> R<Outcome> {
        if self.ctx.regions(op).is_empty()
            && let Some(outcome) = self.transform_allocations(op)?
        {
            return Ok(outcome);
        }
        let def = self.ctx.op_def(op);
        if def.call.is_some() {
            return Ok(self.transform_call(op));
        }
        if self.is_region_branch(op) {
            return self.transform_region_branch(op, owned);
        }
        if !self.ctx.regions(op).is_empty() {
            self.transform_opaque_regions(op)?;
        }
        self.union_results_with_operands(op);
        Ok(Outcome::default())
    }

    /// Whether `op` has regions and the region-branch interface (its regions are transformed
    /// by [`Self::transform_region_branch`]).
    fn is_region_branch(&self, op: Op) -> bool {
        self.ctx.op_def(op).region_branch.is_some() && !self.ctx.regions(op).is_empty()
    }

    /// Ops that allocate or free heap memory: `own` after each allocation, and the release of
    /// each freed buffer's indicator (`memref.dealloc`, `memref.realloc`). Stack allocations
    /// are ignored. `None` for any other op. A realloc of a buffer without indicator becomes
    /// an allocation and a copy (`deallocate/unowned_realloc.rs`).
    fn transform_allocations(&mut self, op: Op) -> R<Option<Outcome>> {
        if let Some(realloc) = self.is_unowned_realloc(op) {
            let alloc = self.expand_unowned_realloc(realloc)?;
            return self.transform_allocations(alloc);
        }
        let Effects::Known(effects) = self.ctx.memory_effects(op) else {
            return Ok(None);
        };
        let relevant = |k| matches!(k, EffectKind::Allocate | EffectKind::Free);
        if !effects.iter().any(|e| relevant(e.kind)) {
            return Ok(None);
        }
        let mut outcome = Outcome::default();
        let mut anchor = op;
        for e in effects.iter().filter(|e| e.resource == Resource::Default) {
            match (e.kind, e.on) {
                (EffectKind::Free, EffectOn::Operand(i)) if i < self.ctx.num_operands(op) => {
                    let freed = self.ctx.operand(op, i);
                    let Some(o) = self.find_indicator(freed) else {
                        return Err(
                            self.error(op, "unable to find ownership indicator for operand")
                        );
                    };
                    outcome.released.push(o);
                }
                (EffectKind::Allocate, EffectOn::Result(i)) => {
                    let Some(&r) = self.ctx.results(op).get(i) else {
                        continue;
                    };
                    let mut b = Builder::after(self.ctx, anchor);
                    let own = OwnOp::build(&mut b, r);
                    anchor = own.op();
                    let o = own.result(self.ctx);
                    self.indicator.insert(r, o);
                    self.aliases.union(r, o);
                    outcome.acquired.push(o);
                }
                _ => {}
            }
        }
        self.replace_dealloc(op, &outcome.released);
        Ok(Some(outcome))
    }

    /// An explicit `memref.dealloc` whose indicator came in as a block argument becomes
    /// `retain() of(%o)`: the buffer is freed only where its indicator says this path owns it.
    /// A buffer handed on twice along one edge travels with one owned indicator and one null,
    /// and the freeing op may see the null one while the other is freed later (an
    /// unconditional free there would free it twice).
    fn replace_dealloc(&mut self, op: Op, released: &[Value]) {
        if !DeallocOp::is(self.ctx, op) {
            return;
        }
        let [o] = released else {
            return;
        };
        if self.ctx.defining_op(*o).is_some() {
            return;
        }
        let mut b = Builder::before(self.ctx, op);
        RetainOp::build(&mut b, &[], released);
        self.ctx.erase_op(op);
    }

    /// The indicator of `v`'s buffer: its own, or (through view-like ops) its source's.
    fn find_indicator(&self, v: Value) -> Option<Value> {
        let mut cur = v;
        loop {
            if let Some(&o) = self.indicator.get(&cur) {
                return Some(o);
            }
            let base = view_base_step(self.ctx, cur)?;
            cur = base;
        }
    }

    /// Calls: a defined callee returns one ownership result per memref result (ownership is
    /// never passed to it); the results may alias any memref argument. A `func.call_indirect`
    /// of the address of a defined function counts as a call of it. A callee without body
    /// (or unknown) keeps its signature, and the caller owns nothing it returns.
    fn transform_call(&mut self, op: Op) -> Outcome {
        let call = self.ctx.op_def(op).call.expect("call interface");
        let defined = (call.callee)(self.ctx, op)
            .is_some_and(|sym| self.defined.contains(self.ctx.sym_str(sym)))
            || self.calls_retyped_address(op);
        let operands: Vec<Value> = self.ctx.operands(op).collect();
        let args = self.memrefs(&operands);
        let results = self.memrefs(self.ctx.results(op));
        let mut outcome = Outcome::default();
        for &r in &results {
            for &a in &args {
                self.aliases.union(a, r);
            }
            if defined {
                let o = self.ctx.append_result(op, self.ownership);
                self.indicator.insert(r, o);
                self.aliases.union(r, o);
                outcome.acquired.push(o);
            }
        }
        outcome
    }

    /// Whether `op` is a `func.call_indirect` of a `func.constant` whose function gains
    /// ownership results (its results gain them too).
    fn calls_retyped_address(&self, op: Op) -> bool {
        CallIndirectOp::of(self.ctx, op)
            .and_then(|call| call.callee(self.ctx))
            .and_then(|callee| self.ctx.defining_op(callee))
            .and_then(|constant| self.retyped_callee_of_constant(constant))
            .is_some()
    }

    /// Regions of an op without the region-branch interface (for example `linalg.generic`):
    /// each block frees what it allocates and may hand nothing on.
    fn transform_opaque_regions(&mut self, op: Op) -> R<()> {
        let regions = self.ctx.regions(op).to_vec();
        for region in regions {
            for (_, outcome) in self.transform_region(region, false)? {
                if !outcome.released.is_empty() || !outcome.acquired.is_empty() {
                    return Err(
                        self.error(op, "block unexpectededly released or returned an alloc")
                    );
                }
            }
        }
        Ok(())
    }

    /// The conservative default: every memref result may alias every memref operand of the
    /// same element type (strict aliasing); a view aliases its source whatever its type.
    fn union_results_with_operands(&mut self, op: Op) {
        let ctx = &*self.ctx;
        let results = ctx.results(op);
        let Some(&first) = results.iter().find(|&&r| is_memref_value(ctx, r)) else {
            return;
        };
        let aliases = &mut self.aliases;
        if let Some(source) = ctx.op_def(op).view_source
            && ctx.num_operands(op) > 0
        {
            aliases.union(source(ctx, op), first);
        }
        for &r in results {
            let result_type = ctx.value_type(r);
            let Some(elem) = memref_element(ctx, result_type) else {
                continue;
            };
            for a in ctx.operands(op) {
                let operand_type = ctx.value_type(a);
                if operand_type == result_type || memref_element(ctx, operand_type) == Some(elem) {
                    aliases.union(a, r);
                }
            }
        }
    }
}

/// Preorder positions of ops (see [`Deallocator::spans`]), in a table indexed by op number,
/// grown on demand and never cleared: each function overwrites the entries of its own ops,
/// and only those are asked for while it is transformed (ops created since have none).
#[derive(Default)]
struct Spans {
    table: Vec<(u32, u32)>,
}

/// No span noted.
const NO_SPAN: (u32, u32) = (u32::MAX, u32::MAX);

impl Spans {
    fn set(&mut self, op: Op, span: (u32, u32)) {
        let at = op.as_u32() as usize;
        if at >= self.table.len() {
            self.table.resize(at + 1, NO_SPAN);
        }
        self.table[at] = span;
    }

    fn get(&self, op: Op) -> Option<(u32, u32)> {
        let span = *self.table.get(op.as_u32() as usize)?;
        (span != NO_SPAN).then_some(span)
    }
}

/// Appends `values` to the operands of `op`, one use each, as `splice_operands` at the end
/// would, without rebuilding its operand list (an op with operand segments needs its last
/// one grown after).
pub(super) fn append_operands(ctx: &mut Context, op: Op, values: &[Value]) {
    for &v in values {
        ctx.push_operand(op, v);
    }
}

/// Replaces `walk.order` by `op` and the ops nested in it, in preorder (as
/// [`Context::walk_preorder`], into buffers the caller keeps).
pub(super) fn preorder_into(ctx: &Context, op: Op, walk: &mut Walk) {
    let Walk { order, stack } = walk;
    order.clear();
    stack.clear();
    stack.push(op);
    while let Some(at) = stack.pop() {
        order.push(at);
        for &r in ctx.regions(at).iter().rev() {
            let mut block = ctx.last_block(r);
            while let Some(b) = block {
                let mut child = ctx.last_op(b);
                while let Some(c) = child {
                    stack.push(c);
                    child = ctx.prev_op(c);
                }
                block = ctx.prev_block(b);
            }
        }
    }
}

/// The buffers of [`preorder_into`]: the walk's order and its stack.
#[derive(Default)]
pub(super) struct Walk {
    order: Vec<Op>,
    stack: Vec<Op>,
}

/// The `func.func` ops nested in `root` (or `root` itself, or in nested symbol tables such as
/// modules), in program order.
pub(crate) fn functions(ctx: &Context, root: Op) -> Vec<Op> {
    if FuncOp::is(ctx, root) {
        return vec![root];
    }
    let mut out = Vec::new();
    for &region in ctx.regions(root) {
        for block in ctx.blocks(region) {
            for op in ctx.block_ops(block) {
                if FuncOp::is(ctx, op) {
                    out.push(op);
                } else if ctx.has_trait(op, Traits::SYMBOL_TABLE) {
                    out.extend(functions(ctx, op));
                }
            }
        }
    }
    out
}

/// One step of [`view_base`]: the source of `v` if it is a view.
fn view_base_step(ctx: &Context, v: Value) -> Option<Value> {
    let op = ctx.defining_op(v)?;
    ctx.op_def(op).view_source?;
    let base = view_base(ctx, v);
    (base != v).then(|| {
        let source = ctx.op_def(op).view_source.expect("view source");
        source(ctx, op)
    })
}

/// The element type of memref type `ty` (`None` for any other type).
fn memref_element(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_data(ty) {
        TypeData::MemRef { elem, .. } | TypeData::UnrankedMemRef { elem, .. } => Some(*elem),
        _ => None,
    }
}

/// Whether `v` is a memref (ranked or not).
fn is_memref_value(ctx: &Context, v: Value) -> bool {
    ctx.type_data(ctx.value_type(v)).is_memref()
}

/// Whether `p` is the parent point.
pub(crate) fn is_parent(p: RegionPoint) -> bool {
    p == RegionPoint::Parent
}

mod region_branch;
mod unowned_realloc;
