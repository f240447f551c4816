//! Item 4 of issue 14: a clone must never change what the program computes. The seed's design
//! assumes buffers are immutable once created; a valid program may write through one name of
//! a buffer while a clone made for deallocation is in use through another. A clone is safe if
//! its source dies right where it is made (its free follows the clone with nothing but
//! inserted ops in between), or if neither side is written after it: no write at all to the
//! buffer the clone feeds, and no write to the source that may run after the clone (unless
//! nothing reads the clone's buffer). Otherwise
//! the function is rejected with a located error naming the write.

use analysis::dominance::DominanceInfo;
use analysis::loops::is_loop;
use ir::{Context, Diagnostic, EffectKind, EffectOn, Effects, Op, Traits, Value};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::origins::{Origin, Origins};

/// The ops that may write each owned buffer (by root), and those that may write buffers the
/// function does not own.
#[derive(Default)]
pub struct Writes {
    by_root: FxHashMap<Value, Vec<Op>>,
    not_owned: Vec<Op>,
}

impl Writes {
    /// Collects the writes of every op nested in `func`: `Write` effects on an operand, every
    /// buffer operand of an op with unknown effects or of a call.
    pub fn collect(ctx: &Context, func: Op, origins: &Origins) -> Writes {
        let mut writes = Writes::default();
        for op in ctx.walk_preorder(func) {
            if op == func || ctx.has_trait(op, Traits::RECURSIVE_MEMORY_EFFECTS) {
                continue;
            }
            for v in written_values(ctx, op) {
                match origins.origin(v) {
                    Origin::Root(r) => writes.by_root.entry(r).or_default().push(op),
                    _ => writes.not_owned.push(op),
                }
            }
        }
        writes
    }

    fn of(&self, origin: Origin) -> &[Op] {
        match origin {
            Origin::Root(r) => self.by_root.get(&r).map_or(&[], Vec::as_slice),
            _ => &self.not_owned,
        }
    }
}

fn written_values(ctx: &Context, op: Op) -> Vec<Value> {
    let buffers = || {
        ctx.operands(op)
            .filter(|&v| analysis::alias::is_buffer(ctx, v))
            .collect::<Vec<_>>()
    };
    if ctx.op_def(op).call.is_some() {
        return buffers();
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
    /// The value cloned.
    pub source: Value,
    /// The roots the clone's buffer belongs to (the critical values it feeds).
    pub targets: Vec<Value>,
}

/// What the check needs.
pub struct Checker<'a> {
    /// Dominance.
    pub dom: &'a DominanceInfo,
    /// Origins of the values before cloning.
    pub origins: &'a Origins,
    /// The writes.
    pub writes: &'a Writes,
    /// Every op the pass inserted (clones and frees).
    pub inserted: &'a FxHashSet<Op>,
    /// The frees placed for each root.
    pub frees: &'a FxHashMap<Value, Vec<Op>>,
    /// Regions whose CFG has cycles.
    pub cyclic: &'a FxHashSet<ir::Region>,
    /// The roots some alias of which is used other than by an inserted free.
    pub used_roots: &'a FxHashSet<Value>,
}

/// The roots some alias of which is used (by anything but the frees the pass placed).
pub fn used_roots(
    ctx: &Context,
    origins: &Origins,
    frees: &FxHashMap<Value, Vec<Op>>,
) -> FxHashSet<Value> {
    let placed: FxHashSet<Op> = frees.values().flatten().copied().collect();
    origins
        .values
        .iter()
        .filter_map(|&v| match origins.origin(v) {
            Origin::Root(r) if ctx.uses(v).any(|(user, _)| !placed.contains(&user)) => Some(r),
            _ => None,
        })
        .collect()
}

impl Checker<'_> {
    /// Rejects `clone` if a write makes it observable.
    pub fn check(&self, ctx: &Context, clone: &MadeClone) -> Result<(), Diagnostic> {
        let origin = self.origins.origin(clone.source);
        if self.source_dies_at(ctx, clone.op, origin) {
            return Ok(());
        }
        let target_write = clone
            .targets
            .iter()
            .find_map(|&t| self.writes.of(Origin::Root(t)).first().copied());
        let source_root = match origin {
            Origin::Root(r) => Some(r),
            _ => None,
        };
        let target_read = clone.targets.iter().any(|t| self.used_roots.contains(t));
        let source_write = || {
            if !target_read {
                return None;
            }
            self.writes
                .of(origin)
                .iter()
                .copied()
                .find(|&w| !self.runs_before(ctx, w, clone.op, source_root))
        };
        match target_write.or_else(source_write) {
            Some(w) => Err(Diagnostic::error(
                ctx.op_loc(w),
                "buffer-deallocation: this op writes to a buffer while a copy made for \
                 deallocation is in use through another name; copying would change what the \
                 program computes",
            )
            .on_op(w)),
            None => Ok(()),
        }
    }

    /// Whether the source's buffer is freed right after `clone` (nothing but inserted ops in
    /// between), so the clone only moves it.
    fn source_dies_at(&self, ctx: &Context, clone: Op, origin: Origin) -> bool {
        let Origin::Root(root) = origin else {
            return false;
        };
        let Some(frees) = self.frees.get(&root) else {
            return false;
        };
        let mut cur = ctx.next_op(clone);
        while let Some(op) = cur {
            if frees.contains(&op) {
                return true;
            }
            if !self.inserted.contains(&op) {
                return false;
            }
            cur = ctx.next_op(op);
        }
        false
    }

    /// Whether `write` can only run before `clone`: it properly dominates it, and no loop
    /// holds both unless the loop also holds the source's buffer (a new buffer every trip).
    fn runs_before(&self, ctx: &Context, write: Op, clone: Op, source_root: Option<Value>) -> bool {
        if !self.dom.properly_dominates_op(ctx, write, clone) {
            return false;
        }
        let source_holder = source_root.and_then(|r| {
            let block = ctx.value_parent_block(r)?;
            ctx.block_parent_op(block)
        });
        let mut block = ctx.op_parent(clone);
        while let Some(b) = block {
            if ctx
                .block_parent(b)
                .is_some_and(|r| self.cyclic.contains(&r))
            {
                return false;
            }
            block = ctx.block_parent_op(b).and_then(|op| ctx.op_parent(op));
        }
        let mut cur = ctx.parent_op(clone);
        while let Some(l) = cur {
            if is_loop(ctx, l)
                && ctx.is_ancestor(l, write)
                && !source_holder.is_some_and(|h| ctx.is_ancestor(l, h))
            {
                return false;
            }
            cur = ctx.parent_op(l);
        }
        true
    }
}
