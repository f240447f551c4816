//! `hlo-deallocation-simplification` (`mlir-hlo.md` §2.2): a nullability analysis of
//! ownership indicators turns retains into nothing or into `memref.dealloc`, and unused
//! `deallocation.own` ops into `deallocation.null`. Beyond MLIR-HLO, a retain reading a loop's
//! indicator that is never null reads `own` of its memref instead (the same buffer, surely
//! owned), which the later steps lower without comparison or test.
//!
//! ```text
//! %o = deallocation.own %a : memref<2xf32>
//! deallocation.retain() of(%o) : (!deallocation.ownership) -> ()
//! // becomes
//! memref.dealloc %a : memref<2xf32>
//! ```

use ir::dialects::deallocation::{NullOp, OwnOp, RetainOp, is_ownership_type};
use ir::dialects::memref::DeallocOp;
use ir::{Builder, Context, Op, OpView, Traits, TransformResult, Value, ValueDef, track_changes};

use smallvec::SmallVec;

use std::cell::RefCell;

use crate::flow::{Forwarding, Pairings, Predecessors, incoming};
use crate::op_names::OpKinds;

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
        let contents = Contents::of(ctx, root);
        let number = simplify_retains_and_indicators(ctx, &contents);
        simplify_owns(ctx, &contents, &number);
        Ok(())
    })
}

/// The nullability lattice: bit 0 "may be null", bit 1 "may be non-null".
const UNDEFINED: u8 = 0;
const ALWAYS_NULL: u8 = 1;
const NEVER_NULL: u8 = 2;
const SOMETIMES_NULL: u8 = 3;

/// The nullability of every ownership value nested in a root, solved once with a worklist
/// that joins a changed value into its users (each value changes at most twice, so the
/// solution is linear in the number of edges), with the memref a never-null one owns. The
/// values are numbered in program order and the tables are vectors over that numbering.
struct Nullability<'a> {
    ctx: &'a Context,
    number: Numbering,
    state: Vec<u8>,
    pairings: RefCell<Pairings>,
}

/// Ownership values numbered in program order. Not a table over every value of the module
/// (the pass runs once per function) nor a hash map (at a few hundred thousand values its
/// lookups miss the cache): the values' ids fall in a few dense runs (the ones one pass
/// created, in creation order), so the numbers are kept in a table per run, found by a binary
/// search over the runs.
struct Numbering {
    /// Each run: its first id, the id after its last, and where its table starts.
    runs: Vec<(u32, u32, u32)>,
    /// The number of each id of each run (`NOT_NUMBERED` for the ids between).
    table: Vec<u32>,
}

/// An id inside a run that is not one of the numbered values.
const NOT_NUMBERED: u32 = u32::MAX;

/// Ids closer than this to the previous one share its run (so the tables hold at most this
/// many entries per value).
const RUN_GAP: u32 = 64;

impl Numbering {
    fn new(values: &[Value]) -> Self {
        let mut ids: Vec<(u32, u32)> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| (v.as_u32(), i as u32))
            .collect();
        sort_by_id(&mut ids);
        let mut runs: Vec<(u32, u32, u32)> = Vec::new();
        let mut table: Vec<u32> = Vec::new();
        for (id, number) in ids {
            match runs.last_mut() {
                Some((start, end, offset)) if id < end.saturating_add(RUN_GAP) => {
                    let at = (*offset + (id - *start)) as usize;
                    table.resize(at + 1, NOT_NUMBERED);
                    table[at] = number;
                    *end = id + 1;
                }
                _ => {
                    runs.push((id, id + 1, table.len() as u32));
                    table.push(number);
                }
            }
        }
        Numbering { runs, table }
    }

    fn get(&self, v: Value) -> Option<usize> {
        let id = v.as_u32();
        let k = self.runs.partition_point(|&(start, _, _)| start <= id);
        let &(start, end, offset) = self.runs.get(k.checked_sub(1)?)?;
        if id >= end {
            return None;
        }
        let n = self.table[(offset + (id - start)) as usize];
        (n != NOT_NUMBERED).then_some(n as usize)
    }
}

/// Below this many values, a comparison sort beats the passes of [`sort_by_id`].
const RADIX_SORT_FROM: usize = 256;

/// Sorts (id, number) pairs by id (the ids are distinct). The ids come in many short
/// ascending stretches (one per region-branch op, whose results `hlo-deallocate` creates
/// after the values inside it), which no comparison sort merges in linear time: a
/// least-significant-digit radix sort over the bytes the largest id uses does.
fn sort_by_id(ids: &mut Vec<(u32, u32)>) {
    if ids.len() < RADIX_SORT_FROM {
        ids.sort_unstable();
        return;
    }
    let max = ids.iter().map(|&(id, _)| id).max().unwrap_or(0);
    let mut scratch = vec![(0, 0); ids.len()];
    let mut shift = 0;
    while shift < u32::BITS && (max >> shift) > 0 {
        let digit = |id: u32| ((id >> shift) & 0xff) as usize;
        let mut start = [0usize; 257];
        for &(id, _) in ids.iter() {
            start[digit(id) + 1] += 1;
        }
        for d in 0..256 {
            start[d + 1] += start[d];
        }
        for &pair in ids.iter() {
            let d = digit(pair.0);
            scratch[start[d]] = pair;
            start[d] += 1;
        }
        std::mem::swap(ids, &mut scratch);
        shift += 8;
    }
}

impl<'a> Nullability<'a> {
    fn new(ctx: &'a Context, values: &[Value]) -> Self {
        let number = Numbering::new(values);
        let mut preds = Predecessors::default();
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut state: Vec<u8> = Vec::with_capacity(values.len());
        let mut sources = SmallVec::new();
        for (i, &v) in values.iter().enumerate() {
            sources.clear();
            let mut initial = source_of(ctx, v, &mut preds, &mut sources);
            for &s in &sources {
                match number.get(s) {
                    Some(k) => edges.push((k as u32, i as u32)),
                    None => initial |= SOMETIMES_NULL,
                }
            }
            state.push(initial);
        }
        let users = Adjacency::new(values.len(), edges);
        let mut work: Vec<u32> = (0..values.len() as u32).collect();
        while let Some(v) = work.pop() {
            let from = state[v as usize];
            for &u in users.of(v) {
                let old = state[u as usize];
                if old | from != old {
                    state[u as usize] = old | from;
                    work.push(u);
                }
            }
        }
        Nullability {
            ctx,
            number,
            state,
            pairings: RefCell::default(),
        }
    }

    /// The nullability of `v` and, when never null, the memref it owns.
    fn of(&self, v: Value) -> (u8, Option<Value>) {
        let ctx = self.ctx;
        let n = self.number.get(v).map_or(SOMETIMES_NULL, |i| self.state[i]);
        if n != NEVER_NULL {
            return (n, None);
        }
        if let ValueDef::Result { op, .. } = ctx.value_def(v)
            && let Some(own) = OwnOp::of(ctx, op)
        {
            return (NEVER_NULL, Some(own.memref(ctx)));
        }
        let paired = self
            .pairings
            .borrow_mut()
            .of(ctx, v, |x| is_ownership_type(ctx, ctx.value_type(x)));
        match paired {
            Some(m) => (NEVER_NULL, Some(m)),
            None => (SOMETIMES_NULL, None),
        }
    }
}

/// What the pass works on, found in one walk: every ownership value nested in a root (op
/// results and block arguments) and every retain and own, in program order.
struct Contents {
    values: Vec<Value>,
    retains: Vec<Op>,
    owns: Vec<Op>,
}

impl Contents {
    fn of(ctx: &Context, root: Op) -> Self {
        let is_ownership = |v: &Value| is_ownership_type(ctx, ctx.value_type(*v));
        let mut contents = Contents {
            values: Vec::new(),
            retains: Vec::new(),
            owns: Vec::new(),
        };
        let retain = OpKinds::new(ctx, &[RetainOp::NAME]);
        let own = OpKinds::new(ctx, &[OwnOp::NAME]);
        for op in ctx.walk_preorder(root) {
            if retain.contains(ctx, op) {
                contents.retains.push(op);
            } else if own.contains(ctx, op) {
                contents.owns.push(op);
            }
            let values = &mut contents.values;
            values.extend(ctx.results(op).iter().copied().filter(is_ownership));
            for &region in ctx.regions(op) {
                for block in ctx.blocks(region) {
                    values.extend(ctx.block_args(block).iter().copied().filter(is_ownership));
                }
            }
        }
        contents
    }
}

/// Adjacency lists over numbered nodes, stored flat: the targets of node `k` are
/// `targets[start[k]..start[k + 1]]`.
struct Adjacency {
    start: Vec<u32>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// The lists of `nodes` nodes holding `edges` (from, to), each list in edge order.
    fn new(nodes: usize, edges: Vec<(u32, u32)>) -> Self {
        let mut start = vec![0u32; nodes + 1];
        for &(from, _) in &edges {
            start[from as usize + 1] += 1;
        }
        for k in 0..nodes {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut targets = vec![0u32; edges.len()];
        for (from, to) in edges {
            let slot = &mut next[from as usize];
            targets[*slot as usize] = to;
            *slot += 1;
        }
        Adjacency { start, targets }
    }

    fn of(&self, k: u32) -> &[u32] {
        let k = k as usize;
        &self.targets[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// The lattice equation of ownership value `v`: its fixed part, joined with the values pushed
/// on `sources` (a retain's first result is null joined with its indicators, its later
/// results join the first; region and block arguments and region results join their
/// incoming values; an origin the analysis cannot see into is either).
fn source_of(
    ctx: &Context,
    v: Value,
    preds: &mut Predecessors,
    sources: &mut SmallVec<[Value; 4]>,
) -> u8 {
    if let ValueDef::Result { op, index } = ctx.value_def(v) {
        if OwnOp::is(ctx, op) {
            return NEVER_NULL;
        }
        if NullOp::is(ctx, op) {
            return ALWAYS_NULL;
        }
        if let Some(retain) = RetainOp::of(ctx, op) {
            if index > 0 {
                sources.push(ctx.result(op, 0));
                return UNDEFINED;
            }
            sources.extend(retain.ownerships(ctx));
            return ALWAYS_NULL;
        }
    }
    match incoming(ctx, v, preds) {
        Some(list) => {
            *sources = list;
            UNDEFINED
        }
        None => SOMETIMES_NULL,
    }
}

/// What the nullability analysis lets the pass change, planned before anything changes.
#[derive(Default)]
struct Plans {
    /// Retains to erase: replaced by null indicators (`None`) or by `memref.dealloc` of a
    /// memref.
    retains: Vec<(Op, Option<Value>)>,
    /// The memrefs that never-null loop indicators own, with the uses reading those
    /// indicators that are to read an `own` instead.
    owned: Vec<(Value, Reads)>,
}

/// Uses of a value: (user, operand index).
type Reads = SmallVec<[(Op, usize); 2]>;

/// Simplifies the retains (see [`plan_retains`]) and makes those that read a never-null loop
/// indicator read the `deallocation.own` of its memref instead (see [`plan_owned`]). Returns the numbering of `contents.values` (the own simplification
/// numbers them alike).
fn simplify_retains_and_indicators(ctx: &mut Context, contents: &Contents) -> Numbering {
    let mut plans = Plans::default();
    let number = {
        let analysis = Nullability::new(ctx, &contents.values);
        plan_retains(ctx, &analysis, contents, &mut plans);
        plan_owned(ctx, &analysis, contents, &mut plans);
        analysis.number
    };
    rewrite_retains(ctx, plans.retains);
    own_never_null(ctx, plans.owned);
    number
}

/// Retains of provably null allocs disappear (their results become one null); a retain of
/// one provably owned alloc that keeps nothing becomes `memref.dealloc` of its memref.
fn plan_retains(ctx: &Context, analysis: &Nullability, contents: &Contents, plans: &mut Plans) {
    for &op in &contents.retains {
        let retain = RetainOp::wrap(op);
        let allocs: Vec<Value> = retain.ownerships(ctx).collect();
        if allocs.iter().all(|&o| analysis.of(o).0 == ALWAYS_NULL) {
            plans.retains.push((op, None));
            continue;
        }
        if retain.retained(ctx).len() == 0
            && let [o] = allocs[..]
            && let (NEVER_NULL, Some(m)) = analysis.of(o)
        {
            plans.retains.push((op, Some(m)));
        }
    }
}

/// Beyond MLIR-HLO: an indicator that is a loop's region argument or result and never null
/// owns the allocation of its memref on every path, exactly as `own` of that memref would.
/// The retains reading it read such an `own` instead: `hlo-deallocation-to-scf` then knows
/// the memref surely owned (it compares it with no other indicator, and frees or takes the
/// address of this one without a test), where canonicalize would only later find the loop's
/// flag always set.
fn plan_owned(ctx: &Context, analysis: &Nullability, contents: &Contents, plans: &mut Plans) {
    for &v in &contents.values {
        if !ctx.has_uses(v) || !is_loop_input_or_result(ctx, v) {
            continue;
        }
        let reads: Reads = ctx
            .uses(v)
            .filter(|&(user, _)| is_kept_retain(ctx, user))
            .collect();
        if reads.is_empty() {
            continue;
        }
        if let (NEVER_NULL, Some(m)) = analysis.of(v) {
            plans.owned.push((m, reads));
        }
    }
}

/// Whether `op` is a retain that [`plan_retains`] keeps whatever its indicators: one that
/// keeps a memref or may free several indicators (a retain of one never-null indicator
/// keeping nothing becomes `memref.dealloc`).
fn is_kept_retain(ctx: &Context, op: Op) -> bool {
    RetainOp::of(ctx, op).is_some_and(|r| r.retained(ctx).len() > 0 || r.ownerships(ctx).len() > 1)
}

/// Whether `v` is a loop's result or an argument of a loop region's entry block. Others are
/// left alone: a non-entry block's arguments the lowering follows to their predecessors'
/// operands itself (`always_set.rs`), and what an op running its regions once merges
/// canonicalize finds constant for less than an `own` costs here.
fn is_loop_input_or_result(ctx: &Context, v: Value) -> bool {
    let op = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => Some(op),
        ValueDef::BlockArg { block, .. } if ctx.prev_block(block).is_none() => {
            ctx.block_parent_op(block)
        }
        _ => None,
    };
    op.is_some_and(|op| ctx.has_trait(op, Traits::LOOP_LIKE))
}

/// Applies the retain plans of [`plan_retains`].
fn rewrite_retains(ctx: &mut Context, plans: Vec<(Op, Option<Value>)>) {
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

/// Makes the reads of [`plan_owned`] read `own` of their memref, built right after the
/// memref's definition.
fn own_never_null(ctx: &mut Context, owned: Vec<(Value, Reads)>) {
    for (m, reads) in owned {
        let mut b = match ctx.value_def(m) {
            ValueDef::Result { op, .. } => Builder::after(ctx, op),
            ValueDef::BlockArg { block, .. } => {
                let loc = ctx
                    .block_parent_op(block)
                    .map_or(ctx.unknown_loc(), |p| ctx.op_loc(p));
                Builder::at_start(ctx, block, loc)
            }
            ValueDef::Placeholder => continue,
        };
        let own = OwnOp::build(&mut b, m).result(&b);
        for (user, index) in reads {
            ctx.set_operand(user, index, own);
        }
    }
}

/// Whether `v` still exists: the erased retains' results are gone (the nulls standing for
/// them only ever flow out, so the own simplification needs no number for them).
fn is_alive(ctx: &Context, v: Value) -> bool {
    match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.is_alive(op),
        _ => true,
    }
}

/// An `own` without uses is erased; one whose indicator only flows around without reaching
/// a retain, free or anything else becomes `deallocation.null`.
fn simplify_owns(ctx: &mut Context, contents: &Contents, number: &Numbering) {
    let used = used_values(ctx, &contents.values, number);
    for &op in &contents.owns {
        let result = ctx.result(op, 0);
        if !ctx.has_uses(result) {
            ctx.erase_op(op);
            continue;
        }
        if !number.get(result).is_some_and(|k| used[k]) {
            let mut b = Builder::before(ctx, op);
            let null = NullOp::build(&mut b).result(ctx);
            ctx.replace_all_uses_with(result, null);
            ctx.erase_op(op);
        }
    }
}

/// Which of `values` (numbered by `number`) something uses: a use other than forwarding the
/// value along control flow, or forwarding it to a used value. Solved backwards from
/// the real uses over the forwarding edges, so each edge is followed once (cycles of mere
/// forwarding stay unused). Values that no longer exist are not used.
fn used_values(ctx: &Context, values: &[Value], number: &Numbering) -> Vec<bool> {
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut work: Vec<u32> = Vec::new();
    let mut forwarding = Forwarding::default();
    for (i, &v) in values.iter().enumerate() {
        if !is_alive(ctx, v) {
            continue;
        }
        for (user, index) in ctx.uses(v) {
            match forwarding.targets(ctx, user, index) {
                Some(targets) => {
                    for t in targets {
                        if let Some(k) = number.get(t) {
                            edges.push((k as u32, i as u32));
                        }
                    }
                }
                None => work.push(i as u32),
            }
        }
    }
    let forwarded_from = Adjacency::new(values.len(), edges);
    let mut used = vec![false; values.len()];
    while let Some(i) = work.pop() {
        if !used[i as usize] {
            used[i as usize] = true;
            work.extend_from_slice(forwarded_from.of(i));
        }
    }
    used
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_finds_values_across_runs_and_gaps() {
        // Ids as the context hands them out: two dense stretches far apart and one value
        // alone, listed out of id order.
        let all: Vec<Value> = (0..400).map(Value::from_u32).collect();
        let picked: Vec<Value> = [300, 5, 6, 8, 399, 7, 150, 301].map(|k| all[k]).to_vec();
        let number = Numbering::new(&picked);
        for (i, &v) in picked.iter().enumerate() {
            assert_eq!(number.get(v), Some(i));
        }
        for k in [0, 4, 9, 100, 149, 151, 299, 302, 398] {
            assert_eq!(number.get(all[k]), None, "value {k} is not numbered");
        }
    }

    #[test]
    fn radix_sort_orders_ids_of_every_width() {
        // Short ascending stretches, as numbered in program order, over ids of one to four
        // bytes, many enough for the radix passes.
        let mut seen = std::collections::HashSet::new();
        let mut ids: Vec<(u32, u32)> = (0..2000u32)
            .map(|k| {
                let stretch = k / 7;
                let id = (stretch.wrapping_mul(2_654_435_761) >> (stretch % 4 * 8)) ^ (k % 7);
                (id, k)
            })
            .filter(|&(id, _)| seen.insert(id))
            .collect();
        let mut expected = ids.clone();
        expected.sort_unstable();
        sort_by_id(&mut ids);
        assert!(ids.len() >= RADIX_SORT_FROM);
        assert_eq!(ids, expected);
    }
}
