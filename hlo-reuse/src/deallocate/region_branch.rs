//! `hlo-deallocate` on ops with the region-branch interface (`scf.for`, `scf.while`,
//! `scf.if`, `scf.execute_region`, `scf.index_switch`, `scf.parallel`, `scf.forall` and any
//! user op that implements it): ownership block arguments for memref region arguments,
//! ownership operands for memref operands (moved into the op on their last use), ownership
//! results for memref results, and implicit capture through `memref.realloc` in ops whose
//! regions run at most once.

use ir::dialects::deallocation::{NullOp, is_ownership_type};
use ir::{Block, Builder, Op, RegionEdge, RegionPoint, Traits, Value};
use rustc_hash::FxHashSet;

use super::{Deallocator, Outcome, Owned, R, append_operands, is_parent, preorder_into};

/// One region's exit: its terminator back to the parent and the indicators it hands on.
struct Exit {
    term: Op,
    acquired: Vec<Value>,
}

impl Deallocator<'_> {
    pub(super) fn transform_region_branch(&mut self, op: Op, owned: &Owned) -> R<Outcome> {
        let rb = self.ctx.op_def(op).region_branch.expect("region branch");
        let entry = (rb.entry)(self.ctx, op);
        self.union_entry_edges(op, &entry, false);
        self.union_aliasing_region_args(op);
        let (exits, released) = self.transform_regions(op)?;
        let mut exits = exits;
        let released = self.check_captures(op, &entry, &mut exits, released)?;
        for exit in &exits {
            append_operands(self.ctx, exit.term, &exit.acquired);
        }
        let mut outcome = Outcome {
            released,
            acquired: Vec::new(),
        };
        self.transfer_operands(op, &entry, owned, &mut outcome.released)?;
        let results = self.memrefs(self.ctx.results(op));
        for r in results {
            let o = self.ctx.append_result(op, self.ownership);
            self.indicator.insert(r, o);
            self.aliases.union(r, o);
            outcome.acquired.push(o);
        }
        let entry = (rb.entry)(self.ctx, op);
        self.union_entry_edges(op, &entry, true);
        for exit in &exits {
            self.union_exit_edges(op, exit.term);
        }
        Ok(outcome)
    }

    /// Transforms every region (each owns its entry arguments); returns the exits of each
    /// region (`None` for an empty region) and what the regions released, per region.
    #[allow(clippy::type_complexity)]
    fn transform_regions(
        &mut self,
        op: Op,
    ) -> R<(Vec<Exit>, Vec<Option<(Vec<Value>, Option<Op>)>>)> {
        let regions = self.ctx.regions(op).to_vec();
        let mut exits = Vec::new();
        let mut per_region = Vec::with_capacity(regions.len());
        for region in regions {
            if self.ctx.entry_block(region).is_none() {
                per_region.push(None);
                continue;
            }
            let outcomes = self.transform_region(region, true)?;
            let single = outcomes.len() == 1;
            let mut released = Vec::new();
            let mut exit_term = None;
            for (k, (block, outcome)) in outcomes.into_iter().enumerate() {
                if k > 0 && !outcome.released.is_empty() {
                    return Err(self.error(op, "invalid realloc of memref"));
                }
                if k == 0 {
                    released = outcome.released;
                }
                if let Some(term) = self.exit_terminator(block) {
                    if single {
                        exit_term = Some(term);
                    }
                    exits.push(Exit {
                        term,
                        acquired: outcome.acquired,
                    });
                }
            }
            per_region.push(Some((released, exit_term)));
        }
        Ok((exits, per_region))
    }

    /// The terminator of `block` if it leaves the region (no successors).
    fn exit_terminator(&self, block: Block) -> Option<Op> {
        let term = self.ctx.last_op(block)?;
        (self.ctx.has_trait(term, Traits::TERMINATOR) && self.ctx.successors(term).is_empty())
            .then_some(term)
    }

    /// Whether control can come back into a region of `op` after leaving one (a loop).
    fn may_repeat(&self, op: Op, exits: &[Exit]) -> bool {
        if self.ctx.has_trait(op, Traits::LOOP_LIKE)
            || self.ctx.has_trait(op, Traits::HAS_PARALLEL_REGION)
        {
            return true;
        }
        let rb = self.ctx.op_def(op).region_branch.expect("region branch");
        exits.iter().any(|exit| {
            let index = self
                .ctx
                .op_parent_region(exit.term)
                .and_then(|r| self.ctx.region_index(r))
                .unwrap_or(0);
            (rb.from_region)(self.ctx, op, index, exit.term)
                .iter()
                .any(|e| !is_parent(e.to))
        })
    }

    /// Implicit capture (§2.1): a region may release an indicator of an enclosing block only
    /// if the op runs each region at most once, and every other way through the op hands
    /// the captured buffer on, so its indicator flows out through the op's results.
    fn check_captures(
        &mut self,
        op: Op,
        entry: &[RegionEdge],
        exits: &mut [Exit],
        per_region: Vec<Option<(Vec<Value>, Option<Op>)>>,
    ) -> R<Vec<Value>> {
        let mut all: Vec<Value> = Vec::new();
        for (released, _) in per_region.iter().flatten() {
            for &v in released {
                if !all.contains(&v) {
                    all.push(v);
                }
            }
        }
        if all.is_empty() {
            return Ok(all);
        }
        if self.may_repeat(op, exits) {
            return Err(self.error(
                op,
                "can't implicitly capture across loop boundaries; use an explicit iter arg instead",
            ));
        }
        for &v in &all {
            for edge in entry {
                let RegionPoint::Region(r) = edge.to else {
                    return Err(self.error(op, "cannot implicitly capture from an if without else"));
                };
                match per_region.get(r) {
                    Some(Some((released, _))) if released.contains(&v) => {}
                    Some(Some((_, Some(term)))) => self.capture_in(op, *term, v, exits)?,
                    _ => {
                        return Err(
                            self.error(op, "cannot implicitly capture from an if without else")
                        );
                    }
                }
            }
        }
        Ok(all)
    }

    /// In a region that does not release `v`, the handed-on memref owned by `v` takes `v` as
    /// its indicator.
    fn capture_in(&mut self, op: Op, term: Op, v: Value, exits: &mut [Exit]) -> R<()> {
        let block = self.ctx.op_parent(term).expect("terminator in a block");
        let range = self.handed_on_range(block, term)?;
        let operands: Vec<Value> = range.map(|i| self.ctx.operand(term, i)).collect();
        let yielded = self.memrefs(&operands);
        let slot = yielded
            .iter()
            .position(|&y| self.find_indicator(y) == Some(v));
        let (Some(slot), Some(exit)) = (slot, exits.iter_mut().find(|e| e.term == term)) else {
            return Err(self.error(op, "released value not yielded on other branch"));
        };
        exit.acquired[slot] = v;
        Ok(())
    }

    /// Appends one ownership operand per forwarded memref operand: the operand's indicator
    /// if the block owns it, has not released it, and this is the buffer's last use (the
    /// ownership moves into the op), otherwise null.
    fn transfer_operands(
        &mut self,
        op: Op,
        entry: &[RegionEdge],
        owned: &Owned,
        released: &mut Vec<Value>,
    ) -> R<()> {
        let Some(range) = forwarded_range(entry) else {
            return Ok(());
        };
        let operands: Vec<Value> = range.clone().map(|i| self.ctx.operand(op, i)).collect();
        let memrefs = self.memrefs(&operands);
        if memrefs.is_empty() {
            return Ok(());
        }
        if range.end != self.ctx.num_operands(op) {
            return Err(self.error(op, "cannot append ownership operands to this op"));
        }
        let segments = ir::dialects::syntax::segments(self.ctx, op);
        if self.ctx.get_attr(op, "operandSegmentSizes").is_some() && segments.is_none() {
            return Err(self.error(op, "cannot append ownership operands to this op"));
        }
        // Walked on first need only: most operands are not owned here.
        let mut inside: Option<FxHashSet<Value>> = None;
        let mut null = None;
        let mut moved: FxHashSet<Value> = FxHashSet::default();
        let mut extra = Vec::with_capacity(memrefs.len());
        for x in memrefs {
            let indicator = self
                .find_indicator(x)
                .filter(|&o| owned.contains(o) && !released.contains(&o) && !moved.contains(&o));
            let last_use = indicator.is_some() && {
                let inside = inside.get_or_insert_with(|| self.classes_used_inside(op));
                self.is_last_use(op, x, inside)
            };
            match indicator {
                Some(o) if last_use => {
                    moved.insert(o);
                    released.push(o);
                    extra.push(o);
                }
                _ => {
                    let n = match null {
                        Some(n) => n,
                        None => {
                            let mut b = Builder::before(self.ctx, op);
                            let n = NullOp::build(&mut b).result(self.ctx);
                            null = Some(n);
                            n
                        }
                    };
                    extra.push(n);
                }
            }
        }
        append_operands(self.ctx, op, &extra);
        if let Some(sizes) = segments {
            grow_last_segment(self.ctx, op, &sizes, extra.len());
        }
        Ok(())
    }

    /// Whether nothing after `op` in its block, and nothing inside `op` but its own region
    /// arguments, refers to `x`'s alias class (`inside`: the classes referenced inside `op`
    /// from outside it).
    fn is_last_use(&mut self, op: Op, x: Value, inside: &FxHashSet<Value>) -> bool {
        if inside.contains(&self.aliases.find(x)) {
            return false;
        }
        let Some(block) = self.ctx.op_parent(op) else {
            return true;
        };
        let last = self.ctx.last_op(block).unwrap_or(op);
        match (self.spans.get(op), self.spans.get(last)) {
            (Some((_, op_end)), Some((_, block_end))) => {
                if self.aliases.referenced_within(x, op_end + 1..=block_end) {
                    return false;
                }
            }
            _ => {
                let mut cur = self.ctx.next_op(op);
                while let Some(later) = cur {
                    if self.references(later, x) {
                        return false;
                    }
                    cur = self.ctx.next_op(later);
                }
            }
        }
        !self.live_after_branch(last, x)
    }

    /// The alias classes (by leader) that ops nested in `op` refer to through values
    /// defined outside `op`.
    fn classes_used_inside(&mut self, op: Op) -> FxHashSet<Value> {
        let mut out = FxHashSet::default();
        let mut nest = std::mem::take(&mut self.nest);
        preorder_into(self.ctx, op, &mut nest);
        for &nested in &nest.order[1..] {
            for v in self.ctx.operands(nested) {
                if !self.defined_inside(op, v) {
                    out.insert(self.aliases.find(v));
                }
            }
        }
        self.nest = nest;
        out
    }

    /// Whether branch `term` hands `x`'s alias class on to a successor that uses it through
    /// dominance (a carried memref).
    fn live_after_branch(&mut self, term: Op, x: Value) -> bool {
        let successors = self.ctx.successors(term).to_vec();
        for succ in successors {
            let carried = self.carried.get(&succ).cloned().unwrap_or_default();
            if carried.into_iter().any(|v| self.aliases.same(v, x)) {
                return true;
            }
        }
        false
    }

    /// Whether `op` or an op nested in it has an operand in `x`'s alias class.
    fn references(&mut self, op: Op, x: Value) -> bool {
        let ctx = &*self.ctx;
        let aliases = &mut self.aliases;
        let mut refers = |o: Op| ctx.operands(o).any(|v| aliases.same(v, x));
        refers(op) || (!ctx.regions(op).is_empty() && ctx.any_nested(op, refers))
    }

    /// Unions the region arguments of `op` that may hold one buffer in some trip: those a
    /// flow-insensitive alias pass over `op` (back edges included) puts in one class. Around
    /// a loop, a buffer yielded into two arguments, or into one argument and derived into
    /// another, would otherwise be freed through one while the other still hands it on.
    fn union_aliasing_region_args(&mut self, op: Op) {
        if !self.has_two_memref_args_in_a_region(op) {
            return;
        }
        std::mem::swap(&mut self.aliases, &mut self.scratch);
        self.union_everything_in(op);
        for (v, to) in self.forwarding_pairs(op) {
            self.aliases.union(v, to);
        }
        std::mem::swap(&mut self.aliases, &mut self.scratch);
        let mut flow = std::mem::take(&mut self.scratch);
        let regions = self.ctx.regions(op).to_vec();
        for region in regions {
            let Some(entry) = self.ctx.entry_block(region) else {
                continue;
            };
            let args = self.memrefs(self.ctx.block_args(entry));
            let mut first: rustc_hash::FxHashMap<Value, Value> = Default::default();
            for arg in args {
                let leader = flow.find(arg);
                match first.get(&leader) {
                    Some(&f) => self.aliases.union(f, arg),
                    None => {
                        first.insert(leader, arg);
                    }
                }
            }
        }
        flow.clear();
        self.scratch = flow;
    }

    /// Whether the entry block of some region of `op` has two memref arguments or more (with
    /// fewer, no two arguments of one region can be unioned, and the walk over `op` is spared:
    /// it would cost the nesting depth times the size of every nest of `scf.for`/`scf.if`).
    fn has_two_memref_args_in_a_region(&self, op: Op) -> bool {
        self.ctx.regions(op).iter().any(|&region| {
            self.ctx.entry_block(region).is_some_and(|entry| {
                let args = self.ctx.block_args(entry);
                args.iter().filter(|&&a| self.is_memref(a)).nth(1).is_some()
            })
        })
    }

    /// Whether `v` is defined in a region of `op`.
    fn defined_inside(&self, op: Op, v: Value) -> bool {
        let Some(block) = self.ctx.value_parent_block(v) else {
            return false;
        };
        self.ctx
            .block_parent_op(block)
            .is_some_and(|p| p == op || self.ctx.is_ancestor(op, p))
    }

    /// Unions the memrefs (and, once they exist, the indicators) forwarded on entry with the
    /// values receiving them: region arguments, and with `with_results` the op's results.
    fn union_entry_edges(&mut self, op: Op, entry: &[RegionEdge], with_results: bool) {
        for edge in entry {
            if with_results || !is_parent(edge.to) {
                self.union_along(op, op, edge);
            }
        }
    }

    /// Unions what region terminator `term` forwards with the values receiving it.
    fn union_exit_edges(&mut self, op: Op, term: Op) {
        let rb = self.ctx.op_def(op).region_branch.expect("region branch");
        let index = self
            .ctx
            .op_parent_region(term)
            .and_then(|r| self.ctx.region_index(r))
            .unwrap_or(0);
        for edge in (rb.from_region)(self.ctx, op, index, term) {
            self.union_along(op, term, &edge);
        }
    }

    /// Unions each memref or indicator operand of `from` that `edge` (of region-branch op
    /// `op`) forwards with the value receiving it.
    fn union_along(&mut self, op: Op, from: Op, edge: &RegionEdge) {
        let ctx = &*self.ctx;
        let inputs: &[Value] = match edge.to {
            RegionPoint::Region(r) => ctx
                .regions(op)
                .get(r)
                .and_then(|&r| ctx.entry_block(r))
                .map_or(&[], |b| ctx.block_args(b)),
            RegionPoint::Parent => ctx.results(op),
        };
        let available = ctx.num_operands(from);
        for (i, k) in edge.operands.clone().zip(edge.inputs.clone()) {
            if i >= available {
                break;
            }
            let v = ctx.operand(from, i);
            let ty = ctx.value_type(v);
            if let Some(&input) = inputs.get(k)
                && (ctx.type_data(ty).is_memref() || is_ownership_type(ctx, ty))
            {
                self.aliases.union(v, input);
            }
        }
    }
}

/// The operands forwarded on entry (the widest range over the entry edges), if any.
fn forwarded_range(entry: &[RegionEdge]) -> Option<std::ops::Range<usize>> {
    let nonempty = entry.iter().filter(|e| !e.operands.is_empty());
    let start = nonempty.clone().map(|e| e.operands.start).min()?;
    let end = nonempty.map(|e| e.operands.end).max()?;
    Some(start..end)
}

/// Widens the last operand segment of `op` (for example `affine.for`'s loop-carried values) by
/// `added` operands appended at the end.
fn grow_last_segment(ctx: &mut ir::Context, op: Op, sizes: &[usize], added: usize) {
    let mut grown: Vec<i32> = sizes
        .iter()
        .map(|&n| i32::try_from(n).unwrap_or(i32::MAX))
        .collect();
    if let Some(last) = grown.last_mut() {
        *last = last.saturating_add(i32::try_from(added).unwrap_or(i32::MAX));
    }
    let attr = ctx.dense_i32_array(&grown);
    ctx.set_attr(op, "operandSegmentSizes", attr);
}
