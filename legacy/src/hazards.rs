//! Item 4 of issue 14: a clone must never change what the program computes. The seed's design
//! assumes buffers are immutable once created; a valid program may write through one name of
//! a buffer while a clone made for deallocation is in use through another. A clone is safe if
//! its source dies right where it is made (its free follows the clone with nothing but
//! inserted ops in between), or if no write makes the copy observable: no write to the
//! clone's buffer while the source's buffer is still in use (one of its frees may run after
//! the write; a buffer the function does not own is always in use), and no write to the
//! source that may run after the clone while the clone's buffer is in use and read. Otherwise
//! the function is rejected with a located error naming the write.

use analysis::loops::is_loop;
use ir::dialects::bufferization::CloneOp;
use ir::{Context, Diagnostic, EffectKind, EffectOn, Effects, Op, OpView, Traits, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::origins::{Origins, Unowned};

/// The ops that may write each owned buffer (by root), and those that may write buffers the
/// function does not own.
#[derive(Default)]
pub struct Writes {
    by_root: FxHashMap<Value, Vec<Op>>,
    not_owned: Vec<(Op, Unowned)>,
}

impl Writes {
    /// Collects the writes of every op nested in `func`: `Write` effects on an operand, every
    /// buffer operand of an op with unknown effects or of a call.
    pub fn collect(ctx: &Context, func: Op, origins: &Origins, callees: &CalleeWrites) -> Writes {
        Writes::collect_except(ctx, func, origins, callees, &FxHashSet::default())
    }

    /// [`Writes::collect`], leaving out the ops in `skip` (the pass's own).
    pub fn collect_except(
        ctx: &Context,
        func: Op,
        origins: &Origins,
        callees: &CalleeWrites,
        skip: &FxHashSet<Op>,
    ) -> Writes {
        let mut writes = Writes::default();
        for op in ctx.walk_preorder(func) {
            if op == func
                || skip.contains(&op)
                || ctx.has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS)
            {
                continue;
            }
            for v in written_values(ctx, op, callees) {
                let origin = origins.origin(v);
                for &r in &origin.roots {
                    writes.by_root.entry(r).or_default().push(op);
                }
                if origin.overflow || origin.is_empty() {
                    writes.not_owned.push((op, Unowned::anything()));
                } else if origin.not_owned {
                    writes.not_owned.push((op, origin.unowned.clone()));
                }
            }
        }
        writes
    }

    /// The writes to the buffer of `root`, or (`None`) to buffers not owned that may be
    /// `unowned`.
    fn of(&self, root: Option<Value>, unowned: &Unowned) -> Vec<Op> {
        match root {
            Some(r) => self.by_root.get(&r).cloned().unwrap_or_default(),
            None => self
                .not_owned
                .iter()
                .filter(|(_, u)| u.may_alias(unowned))
                .map(|&(op, _)| op)
                .collect(),
        }
    }
}

/// The functions of a module that may write through their arguments (or whose body is
/// unknown), by name: a call passes its buffers to be written only to those.
#[derive(Default)]
pub struct CalleeWrites {
    defined: FxHashMap<String, Op>,
    harmless: FxHashSet<String>,
}

impl CalleeWrites {
    /// Starts from "no defined function writes its arguments" and drops every function
    /// with a write that may reach an argument, until nothing changes.
    pub fn compute(ctx: &Context, funcs: &[(Op, Origins)]) -> CalleeWrites {
        let mut summary = CalleeWrites::default();
        for &(func, _) in funcs {
            if let Some(name) = ir::dialects::func::FuncOp(func).sym_name(ctx) {
                summary.defined.insert(name.to_string(), func);
                summary.harmless.insert(name.to_string());
            }
        }
        loop {
            let mut changed = false;
            for (func, origins) in funcs {
                let Some(name) = ir::dialects::func::FuncOp(*func).sym_name(ctx) else {
                    continue;
                };
                if !summary.harmless.contains(name) {
                    continue;
                }
                let writes = Writes::collect(ctx, *func, origins, &summary);
                let argument = Unowned {
                    argument: true,
                    ..Unowned::default()
                };
                if writes.not_owned.iter().any(|(_, u)| u.may_alias(&argument)) {
                    summary.harmless.remove(name);
                    changed = true;
                }
            }
            if !changed {
                return summary;
            }
        }
    }

    /// Whether the call `op` may write the buffers it passes.
    fn may_write(&self, ctx: &Context, op: Op) -> bool {
        let Some(call) = ctx.op_def(op).call else {
            return true;
        };
        match (call.callee)(ctx, op) {
            Some(sym) => !self.harmless.contains(ctx.sym_str(sym)),
            None => true,
        }
    }
}

fn written_values(ctx: &Context, op: Op, callees: &CalleeWrites) -> Vec<Value> {
    let buffers = || {
        ctx.operands(op)
            .filter(|&v| analysis::alias::is_buffer(ctx, v))
            .collect::<Vec<_>>()
    };
    if ctx.op_def(op).call.is_some() {
        return if callees.may_write(ctx, op) {
            buffers()
        } else {
            Vec::new()
        };
    }
    match ctx.memory_effects(op) {
        Effects::Unknown => buffers(),
        Effects::Known(list) => list
            .iter()
            .filter(|e| e.kind == EffectKind::Write)
            .filter_map(|e| match e.on {
                EffectOn::Operand(i) if i < ctx.num_operands(op) => Some(ctx.operand(op, i)),
                _ => None,
            })
            .collect(),
    }
}

/// One clone made for deallocation.
pub struct MadeClone {
    /// The `bufferization.clone` op.
    pub op: Op,
    /// The values whose buffers the clone copies (the value cloned; a picker's buffer
    /// operands).
    pub sources: Vec<Value>,
    /// The roots the clone's buffer belongs to (the critical values it feeds).
    pub targets: Vec<Value>,
}

/// What the check needs.
pub struct Checker<'a> {
    /// Origins of the values before cloning.
    pub origins: &'a Origins,
    /// The writes.
    pub writes: &'a Writes,
    /// Every op the pass inserted (clones and frees).
    pub inserted: &'a FxHashSet<Op>,
    /// The frees placed for each root.
    pub frees: &'a FxHashMap<Value, Vec<Op>>,
    /// Regions whose CFG has cycles.
    pub cyclic: &'a crate::cycles::Cycles,
    /// For each root, the loops whose region arguments may hold its buffer: a buffer made
    /// in a trip that a runtime-flagged merge hands to the next trip outlives the trip.
    pub carried_by: &'a FxHashMap<Value, Vec<Op>>,
    /// For each root, the ops using one of its aliases (the frees the pass placed aside).
    pub root_uses: &'a FxHashMap<Value, Vec<Op>>,
    /// For each root, the roots fed by clones of its aliases: they hold copies of its
    /// contents, so they observe what it held when they were made.
    pub copied_into: &'a FxHashMap<Value, Vec<Value>>,
    /// For each root, the clones of the pass copying one of its aliases.
    pub clones_of: &'a FxHashMap<Value, Vec<Op>>,
}

/// For each root, the roots that clones of its aliases feed, and the clones themselves.
pub type CloneIndex = (FxHashMap<Value, Vec<Value>>, FxHashMap<Value, Vec<Op>>);

/// Indexes the clones by the roots they copy: [`Checker::copied_into`] and
/// [`Checker::clones_of`].
pub fn index_clones<'a>(
    origins: &Origins,
    clones: impl IntoIterator<Item = &'a MadeClone>,
) -> CloneIndex {
    let mut copied_into: FxHashMap<Value, Vec<Value>> = FxHashMap::default();
    let mut clones_of: FxHashMap<Value, Vec<Op>> = FxHashMap::default();
    for clone in clones {
        for &source in &clone.sources {
            for r in origins.origin(source).roots {
                copied_into
                    .entry(r)
                    .or_default()
                    .extend(clone.targets.iter().copied());
                clones_of.entry(r).or_default().push(clone.op);
            }
        }
    }
    (copied_into, clones_of)
}

/// For each root, the loops (region ops with a back edge) whose region arguments may hold
/// its buffer, other than the argument's own root.
pub fn carried_by(ctx: &Context, origins: &Origins) -> FxHashMap<Value, Vec<Op>> {
    let mut out: FxHashMap<Value, Vec<Op>> = FxHashMap::default();
    for &v in &origins.values {
        let ir::ValueDef::BlockArg { block, .. } = ctx.value_def(v) else {
            continue;
        };
        let Some(holder) = ctx.block_parent(block).and_then(|r| ctx.region_parent(r)) else {
            continue;
        };
        if !is_loop(ctx, holder) {
            continue;
        }
        for r in origins.origin(v).roots {
            if r != v {
                let loops = out.entry(r).or_default();
                if !loops.contains(&holder) {
                    loops.push(holder);
                }
            }
        }
    }
    out
}

/// For each root, the ops touching the contents of one of its aliases (reading or writing
/// them, or with unknown effects: calls), other than the frees the pass placed. Ops that only
/// pass a buffer on (views, pickers, branches, region ops and their terminators) do not touch
/// it: the values they define are aliases whose own users count.
pub fn root_uses(
    ctx: &Context,
    origins: &Origins,
    frees: &FxHashMap<Value, Vec<Op>>,
) -> FxHashMap<Value, Vec<Op>> {
    let placed: FxHashSet<Op> = frees.values().flatten().copied().collect();
    let mut out: FxHashMap<Value, Vec<Op>> = FxHashMap::default();
    for &v in &origins.values {
        let users: Vec<Op> = ctx
            .uses(v)
            .map(|(user, _)| user)
            .filter(|u| !placed.contains(u) && touches_contents(ctx, *u, v))
            .collect();
        if users.is_empty() {
            continue;
        }
        for r in origins.origin(v).roots {
            out.entry(r).or_default().extend(users.iter().copied());
        }
    }
    out
}

/// Whether `op` may read or write the contents of its operand `v`: a call, an op with
/// unknown effects, or a read or write effect on `v` (or on no particular value).
fn touches_contents(ctx: &Context, op: Op, v: Value) -> bool {
    if ctx.op_def(op).call.is_some() {
        return true;
    }
    if ctx.has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS) {
        return false;
    }
    match ctx.memory_effects(op) {
        Effects::Unknown => true,
        Effects::Known(list) => list.iter().any(|e| {
            matches!(e.kind, EffectKind::Read | EffectKind::Write)
                && match e.on {
                    EffectOn::Operand(i) => ctx.operands(op).nth(i) == Some(v),
                    EffectOn::Result(_) => false,
                    _ => true,
                }
        }),
    }
}

/// The values whose definition starts a new instance of a buffer: the root of an owned
/// buffer, or the stack allocations a buffer not owned may be (none for arguments and
/// unknown buffers, which outlive the function).
fn instance_defs(origins: &Origins, source: Value, source_root: Option<Value>) -> Vec<Value> {
    if let Some(r) = source_root {
        return vec![r];
    }
    let origin = origins.origin(source);
    if origin.overflow || origin.unowned.argument || origin.unowned.unknown {
        return Vec::new();
    }
    origin.unowned.stack.to_vec()
}

impl Checker<'_> {
    /// Rejects `clone` if a write makes it observable.
    pub fn check(&self, ctx: &Context, clone: &MadeClone) -> Result<(), Diagnostic> {
        for &source in &clone.sources {
            self.check_source(ctx, clone, source)?;
        }
        Ok(())
    }

    fn check_source(
        &self,
        ctx: &Context,
        clone: &MadeClone,
        source: Value,
    ) -> Result<(), Diagnostic> {
        let origin = self.origins.origin(source);
        let mut sides: Vec<Option<Value>> = origin.roots.iter().map(|&r| Some(r)).collect();
        if origin.not_owned || origin.overflow || origin.is_empty() {
            sides.push(None);
        }
        for source_root in sides {
            self.check_side(ctx, clone, source, source_root)?;
        }
        Ok(())
    }

    /// The check for one buffer the source may hold: owned by `source_root`, or not owned.
    fn check_side(
        &self,
        ctx: &Context,
        clone: &MadeClone,
        source: Value,
        source_root: Option<Value>,
    ) -> Result<(), Diagnostic> {
        if source_root.is_some_and(|r| {
            self.source_dies_at(ctx, clone.op, r) && !self.copied_before(ctx, clone.op, r)
        }) {
            return Ok(());
        }
        // A clone feeding the root it copies (a loop carrying its own buffer) splits one
        // root into two buffers; when the source lives on, uses of the root after a write
        // may be the other buffer, so no use is set aside as "the copy's own".
        let self_copy = source_root.is_some_and(|r| clone.targets.contains(&r));
        let set_aside: &[Value] = if self_copy {
            &[]
        } else {
            source_root.as_slice()
        };
        let target_side: &[Value] = if self_copy { &[] } else { &clone.targets };
        let target_write = || {
            self.copies_of(&clone.targets, set_aside)
                .into_iter()
                .find_map(|t| {
                    self.writes
                        .of(Some(t), &Unowned::anything())
                        .into_iter()
                        .find(|&w| {
                            source_root.is_none_or(|r| self.alive_after(ctx, r, w, target_side))
                        })
                })
        };
        // The copy is read through its own roots or through further copies of them.
        let target_read = self
            .copies_of(&clone.targets, set_aside)
            .iter()
            .any(|t| self.root_uses.contains_key(t));
        let source_defs = instance_defs(self.origins, source, source_root);
        let source_write = || {
            if !target_read {
                return None;
            }
            let origin = self.origins.origin(source);
            let unowned = if origin.overflow || origin.is_empty() {
                Unowned::anything()
            } else {
                origin.unowned.clone()
            };
            let mut writes = self.writes.of(source_root, &unowned);
            if let Some(r) = source_root {
                for copy in self.copies_of(&[r], &clone.targets) {
                    if copy != r {
                        writes.extend(self.writes.of(Some(copy), &unowned));
                    }
                }
            }
            writes.into_iter().find(|&w| {
                self.may_run_after(ctx, w, clone.op, &source_defs)
                    && clone
                        .targets
                        .iter()
                        .any(|&t| self.alive_after(ctx, t, w, source_root.as_slice()))
            })
        };
        match target_write().or_else(source_write) {
            Some(w) => Err(Diagnostic::error(
                ctx.op_loc(w),
                "buffer-deallocation: this op writes to a buffer while a copy made for \
                 deallocation is in use through another name; copying would change what the \
                 program computes",
            )
            .on_op(w)
            .with_note(
                ctx.op_loc(clone.op),
                "the copy is made here, for a value that may hold different buffers",
            )),
            None => Ok(()),
        }
    }

    /// `roots` and every root holding a copy of one of them (through clones of the pass, not
    /// through the roots in `except`), in the original program all the same buffer.
    fn copies_of(&self, roots: &[Value], except: &[Value]) -> Vec<Value> {
        let mut seen: FxHashSet<Value> = except.iter().copied().collect();
        let mut out = Vec::new();
        let mut work = roots.to_vec();
        while let Some(r) = work.pop() {
            if seen.insert(r) {
                out.push(r);
                work.extend(self.copied_into.get(&r).into_iter().flatten().copied());
            }
        }
        out
    }

    /// Whether the buffer of `root`, or a copy of it made by a clone of the pass (other than
    /// the copies in `except`: the other side of the clone checked), may still be used after
    /// `write` (by another op).
    fn alive_after(&self, ctx: &Context, root: Value, write: Op, except: &[Value]) -> bool {
        self.copies_of(&[root], except).into_iter().any(|r| {
            self.root_uses.get(&r).is_some_and(|uses| {
                uses.iter()
                    .any(|&u| u != write && self.may_run_after(ctx, u, write, &[r]))
            })
        })
    }

    /// Whether the source's buffer is freed right after `clone` (nothing but inserted ops in
    /// between), so the clone only moves it.
    fn source_dies_at(&self, ctx: &Context, clone: Op, root: Value) -> bool {
        let Some(frees) = self.frees.get(&root) else {
            return false;
        };
        let mut cur = ctx.next_op(clone);
        while let Some(op) = cur {
            if frees.contains(&op) {
                return true;
            }
            if !self.inserted.contains(&op) || self.copies_root(ctx, op, root) {
                return false;
            }
            cur = ctx.next_op(op);
        }
        false
    }

    /// Whether another clone of the pass may copy the buffer of `root` before `clone` does.
    /// Then `clone` does not merely move the buffer: its result and the earlier copy are
    /// two buffers where the program had one (a loop yielding one buffer at two positions),
    /// and a write through one name no longer reaches the other.
    fn copied_before(&self, ctx: &Context, clone: Op, root: Value) -> bool {
        self.clones_of.get(&root).is_some_and(|others| {
            others
                .iter()
                .any(|&other| other != clone && self.may_run_after(ctx, clone, other, &[root]))
        })
    }

    /// Whether `op` is a clone of the pass copying the buffer of `root`: after two copies of
    /// one buffer, the program's single buffer has two names that no longer share writes.
    fn copies_root(&self, ctx: &Context, op: Op, root: Value) -> bool {
        CloneOp::is(ctx, op)
            && ctx
                .operands(op)
                .any(|v| self.origins.origin(v).roots.contains(&root))
    }

    /// Whether `later` may run after `earlier` on the same instance of a buffer (started by
    /// the definition of one of `defs`): later in the same block, in a block reachable from
    /// the earlier one's, in a region reachable from the earlier one's without entering again
    /// the region whose arguments start the instance, or on a later trip of a loop (a region
    /// loop or a `cf` cycle) that holds both but not the instance's definition (which a trip
    /// then makes afresh).
    fn may_run_after(&self, ctx: &Context, later: Op, earlier: Op, defs: &[Value]) -> bool {
        let holder = |d: Value| {
            ctx.value_parent_block(d)
                .and_then(|b| ctx.block_parent_op(b))
        };
        let fresh_each_trip = |l: Op| {
            !defs.is_empty()
                && defs.iter().all(|&d| {
                    holder(d).is_some_and(|h| ctx.is_ancestor(l, h))
                        && !self.carried_by.get(&d).is_some_and(|ls| ls.contains(&l))
                })
        };
        let mut common = ctx.parent_op(earlier);
        while let Some(p) = common {
            if ctx.is_ancestor(p, later) {
                break;
            }
            common = ctx.parent_op(p);
        }
        let Some(common) = common else { return true };
        let mut l = Some(common);
        while let Some(op) = l {
            if is_loop(ctx, op) && !fresh_each_trip(op) {
                return true;
            }
            l = ctx.parent_op(op);
        }
        let (Some(e), Some(w)) = (child_of(ctx, common, earlier), child_of(ctx, common, later))
        else {
            return true;
        };
        let (Some(eb), Some(wb)) = (ctx.op_parent(e), ctx.op_parent(w)) else {
            return true;
        };
        let (Some(er), Some(wr)) = (ctx.block_parent(eb), ctx.block_parent(wb)) else {
            return true;
        };
        if er != wr {
            let restart = entry_region_of(ctx, common, defs);
            return region_reaches(
                ctx,
                common,
                ctx.region_index(er),
                ctx.region_index(wr),
                restart,
            );
        }
        if self.cyclic.share_cycle(ctx, later, earlier) {
            return true;
        }
        if eb == wb {
            return e == w || ctx.is_before_in_block(e, w);
        }
        block_reaches(ctx, eb, wb)
    }
}

/// The region of `op` whose entry block defines every one of `defs` (its arguments): entering
/// it again starts a new instance.
fn entry_region_of(ctx: &Context, op: Op, defs: &[Value]) -> Option<usize> {
    let mut found = None;
    for &d in defs {
        let ir::ValueDef::BlockArg { block, .. } = ctx.value_def(d) else {
            return None;
        };
        let region = ctx.block_parent(block)?;
        if ctx.region_parent(region) != Some(op) || ctx.entry_block(region) != Some(block) {
            return None;
        }
        let index = ctx.region_index(region)?;
        if found.is_some_and(|f| f != index) {
            return None;
        }
        found = Some(index);
    }
    found
}

/// The ancestor of `op` (or `op`) whose parent op is `parent`.
fn child_of(ctx: &Context, parent: Op, mut op: Op) -> Option<Op> {
    loop {
        let up = ctx.parent_op(op)?;
        if up == parent {
            return Some(op);
        }
        op = up;
    }
}

/// Whether block `to` is reachable from block `from` of the same region.
fn block_reaches(ctx: &Context, from: ir::Block, to: ir::Block) -> bool {
    let mut seen: FxHashSet<ir::Block> = FxHashSet::default();
    let mut stack = vec![from];
    while let Some(b) = stack.pop() {
        for &s in analysis::cfg::successor_blocks(ctx, b) {
            if s == to {
                return true;
            }
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    false
}

/// Whether control can go from region `from` of `op` to its region `to` (through the
/// region-branch interface; unknown ops: assume it can) without entering region `avoid`.
fn region_reaches(
    ctx: &Context,
    op: Op,
    from: Option<usize>,
    to: Option<usize>,
    avoid: Option<usize>,
) -> bool {
    let (Some(from), Some(to)) = (from, to) else {
        return true;
    };
    if avoid == Some(to) {
        return false;
    }
    if ctx.op_def(op).region_branch.is_none() {
        return true;
    }
    let mut seen = vec![false; ctx.regions(op).len()];
    let mut stack = vec![from];
    while let Some(r) = stack.pop() {
        for s in analysis::cfg::region_successors(ctx, op, ir::RegionPoint::Region(r)) {
            if let ir::RegionPoint::Region(next) = s.to {
                if avoid == Some(next) {
                    continue;
                }
                if next == to {
                    return true;
                }
                if next < seen.len() && !std::mem::replace(&mut seen[next], true) {
                    stack.push(next);
                }
            }
        }
    }
    false
}
