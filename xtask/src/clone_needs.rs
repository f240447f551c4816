//! Which clones of a program are needed for its meaning, for `fuzz --against-mlir-opt`: a
//! pipeline whose output holds fewer clones in a function than the input needs there dropped
//! at least one, and its output is unsound in general even when this run prints the same.
//!
//! A clone is needed when an op after it may write the clone's source and a later op reads
//! the copy: without the clone, that read sees the write. "After" is program order in the
//! clone's block, then after each enclosing op in its own block, up to the function (a copy
//! leaves a region through its terminator, which the view flow follows). Both
//! "may" come from the view-flow analysis (a write through an `arith.select` of the source and
//! another buffer may write the source; a load through a select of the copy and the source may
//! read the copy). Buffers count whole: a write of one element and a later read of another
//! make the clone needed, as they do for both pipelines' clone removal (neither compares
//! indices), so a pipeline dropping such a clone is right for that program only by chance.
//! A write and a read on different trips of a loop are not looked for.
//!
//! ```text
//! %copy = bufferization.clone %src : memref<4xi64> to memref<4xi64>
//! memref.store %x, %src[%c0] : memref<4xi64>     // may write the source
//! %v = memref.load %copy[%c0] : memref<4xi64>    // then reads the copy: the clone is needed
//! ```

use std::collections::BTreeMap;

use analysis::alias::BufferViewFlowAnalysis;
use ir::dialects::bufferization::CloneOp;
use ir::dialects::func::FuncOp;
use ir::interfaces::{is_allocation, own_value_effects};
use ir::{Context, EffectKind, Op, OpView, Traits, Value};
use std::collections::HashSet;

/// For each function with a body, by name: how many of its clones are needed (see the module
/// docs). Functions with none are left out.
pub(crate) fn needed_clones(ctx: &Context, module: Op) -> BTreeMap<String, u64> {
    let mut needed = BTreeMap::new();
    for func in functions_with_body(ctx, module) {
        let flow = BufferViewFlowAnalysis::compute(ctx, func);
        let count = ctx
            .walk_preorder(func)
            .into_iter()
            .filter(|&op| CloneOp::is(ctx, op) && is_needed(ctx, &flow, op))
            .count() as u64;
        if count > 0 {
            needed.insert(function_name(ctx, func), count);
        }
    }
    needed
}

/// For each function with a body, by name: how many clones it holds.
pub(crate) fn clones_by_function(ctx: &Context, module: Op) -> BTreeMap<String, u64> {
    functions_with_body(ctx, module)
        .map(|func| {
            let count = ctx
                .walk_preorder(func)
                .into_iter()
                .filter(|&op| CloneOp::is(ctx, op))
                .count() as u64;
            (function_name(ctx, func), count)
        })
        .collect()
}

/// Whether `output` holds, in some function, fewer clones than `needed` says the input needs.
pub(crate) fn drops_needed_clones(
    needed: &BTreeMap<String, u64>,
    output: &BTreeMap<String, u64>,
) -> bool {
    needed
        .iter()
        .any(|(name, &n)| output.get(name).copied().unwrap_or(0) < n)
}

fn functions_with_body(ctx: &Context, module: Op) -> impl Iterator<Item = Op> + '_ {
    ctx.walk_preorder(module)
        .into_iter()
        .filter(move |&op| FuncOp::of(ctx, op).is_some_and(|f| f.entry_block(ctx).is_some()))
}

fn function_name(ctx: &Context, func: Op) -> String {
    FuncOp(func).sym_name(ctx).unwrap_or_default().to_string()
}

/// Whether an op after `clone` (in its block, then after each enclosing op) may write the
/// clone's source and a later op reads the copy.
fn is_needed(ctx: &Context, flow: &BufferViewFlowAnalysis, clone: Op) -> bool {
    let (Some(source), Some(&copy)) = (ctx.operands(clone).next(), ctx.results(clone).first())
    else {
        return false;
    };
    let source_origins: HashSet<Value> = flow.resolve_reverse(source).collect();
    // Buffers allocated after the clone are new instances, never the one it copied, even
    // where the view flow links them to the source (a loop hands this trip's new buffer to
    // the next trip's clone).
    let mut fresh: HashSet<Value> = HashSet::new();
    let may_be_copy = |v: Value| flow.resolve_reverse(v).any(|o| o == copy);
    let mut written = false;
    let mut at = clone;
    loop {
        let mut next = ctx.next_op(at);
        while let Some(op) = next {
            if written && reads_any(ctx, op, &may_be_copy) {
                return true;
            }
            let may_be_source = |v: Value| {
                flow.resolve_reverse(v)
                    .any(|o| source_origins.contains(&o) && !fresh.contains(&o))
            };
            written |= writes_any(ctx, op, &may_be_source);
            note_allocations(ctx, op, &mut fresh);
            next = ctx.next_op(op);
        }
        match ctx.parent_op(at) {
            Some(parent) if !FuncOp::is(ctx, parent) => at = parent,
            _ => return false,
        }
    }
}

/// Adds the buffers `op` and the ops nested in it allocate to `fresh`.
fn note_allocations(ctx: &Context, op: Op, fresh: &mut HashSet<Value>) {
    for o in ctx.walk_preorder(op) {
        let allocated = ctx
            .results(o)
            .iter()
            .copied()
            .filter(|&r| is_allocation(ctx, r));
        fresh.extend(allocated);
    }
}

/// Whether `op` or an op nested in it may read a value `pred` holds for: an op with a read
/// effect on it, a call or an op of unknown effects given it, or a terminator passing it on
/// (to the caller, or to the code after a region).
fn reads_any(ctx: &Context, op: Op, pred: &impl Fn(Value) -> bool) -> bool {
    let reads = |o: Op| {
        let passes = ctx.op_def(o).call.is_some() || ctx.has_trait(o, Traits::TERMINATOR);
        match own_value_effects(ctx, o) {
            Some(effects) if !passes => effects
                .iter()
                .any(|e| e.kind == EffectKind::Read && e.value.is_some_and(pred)),
            _ => ctx.operands(o).any(pred),
        }
    };
    reads(op) || ctx.any_nested(op, reads)
}

/// Whether `op` or an op nested in it may write a value `pred` holds for (an op of unknown
/// effects may write anything it is given).
fn writes_any(ctx: &Context, op: Op, pred: &impl Fn(Value) -> bool) -> bool {
    let writes = |o: Op| match own_value_effects(ctx, o) {
        None => ctx.operands(o).any(pred),
        Some(effects) => effects
            .iter()
            .any(|e| e.kind == EffectKind::Write && e.value.is_some_and(pred)),
    };
    writes(op) || ctx.any_nested(op, writes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz_pipeline;

    fn needed(text: &str) -> BTreeMap<String, u64> {
        let (ctx, module) = fuzz_pipeline::parse_verified(text).unwrap();
        needed_clones(&ctx, module)
    }

    #[test]
    fn a_clone_read_after_a_write_of_its_source_is_needed() {
        let text = "func.func @f(%m: memref<2xi64>, %x: i64, %k: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %b = bufferization.clone %m : memref<2xi64> to memref<2xi64>
  memref.store %x, %m[%c0] : memref<2xi64>
  %s = arith.select %k, %m, %b : memref<2xi64>
  %v = memref.load %s[%c0] : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return %v : i64
}";
        assert_eq!(needed(text), BTreeMap::from([("f".to_string(), 1)]));
    }

    #[test]
    fn a_copy_leaving_its_region_is_followed_after_the_region() {
        let text = "func.func @f(%m: memref<2xi64>, %x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %r = scf.execute_region -> memref<2xi64> {
    %b = bufferization.clone %m : memref<2xi64> to memref<2xi64>
    scf.yield %b : memref<2xi64>
  }
  memref.store %x, %m[%c0] : memref<2xi64>
  %v = memref.load %r[%c0] : memref<2xi64>
  return %v : i64
}";
        assert_eq!(needed(text), BTreeMap::from([("f".to_string(), 1)]));
    }

    #[test]
    fn a_write_into_a_buffer_allocated_after_the_clone_does_not_need_it() {
        let text = "func.func @f(%init: memref<1xi64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i7 = arith.constant 7 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init, %acc = %i7) -> (memref<1xi64>, i64) {
    %b = bufferization.clone %prev : memref<1xi64> to memref<1xi64>
    %new = memref.alloc() : memref<1xi64>
    memref.store %i7, %new[%c0] : memref<1xi64>
    %v = memref.load %b[%c0] : memref<1xi64>
    memref.dealloc %b : memref<1xi64>
    scf.yield %new, %v : memref<1xi64>, i64
  }
  return %r#1 : i64
}";
        assert!(needed(text).is_empty());
    }

    #[test]
    fn a_clone_read_only_before_the_write_is_not_needed() {
        let text = "func.func @f(%m: memref<2xi64>, %o: memref<2xi64>, %x: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %b = bufferization.clone %m : memref<2xi64> to memref<2xi64>
  %v = memref.load %b[%c0] : memref<2xi64>
  memref.store %x, %o[%c0] : memref<2xi64>
  memref.store %x, %m[%c0] : memref<2xi64>
  memref.dealloc %b : memref<2xi64>
  return %v : i64
}";
        assert!(needed(text).is_empty());
    }

    #[test]
    fn fewer_clones_than_needed_is_a_drop() {
        let needed = BTreeMap::from([("f".to_string(), 2)]);
        let kept = BTreeMap::from([("f".to_string(), 2), ("g".to_string(), 0)]);
        let dropped = BTreeMap::from([("f".to_string(), 1)]);
        assert!(!drops_needed_clones(&needed, &kept));
        assert!(drops_needed_clones(&needed, &dropped));
        assert!(drops_needed_clones(&needed, &BTreeMap::new()));
    }
}
