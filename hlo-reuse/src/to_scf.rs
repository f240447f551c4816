//! `hlo-deallocation-to-scf` (`mlir-hlo.md` §2.6): a retain with one retained memref or one
//! alloc becomes a chain of `scf.if`s comparing buffer addresses, then guarded frees; code
//! linear in the retain's size. Larger retains are left to the final lowering.
//!
//! ```text
//! %r = deallocation.retain(%m) of(%o) : (memref<2xf32>, !deallocation.ownership)
//!     -> !deallocation.ownership
//! // becomes
//! %c0 = arith.constant 0 : index
//! %0 = deallocation.null
//! %1 = deallocation.get_buffer %o : !deallocation.ownership
//! %2 = deallocation.get_buffer %m : memref<2xf32>
//! %3 = deallocation.own %m : memref<2xf32>
//! %4 = arith.cmpi eq, %2, %1 : index
//! %5:3 = scf.if %4 -> (!deallocation.ownership, index, !deallocation.ownership) {
//!   scf.yield %0, %c0, %3 : !deallocation.ownership, index, !deallocation.ownership
//! } else {
//!   scf.yield %o, %1, %0 : !deallocation.ownership, index, !deallocation.ownership
//! }
//! %6 = arith.cmpi ne, %5#1, %c0 : index
//! scf.if %6 {
//!   deallocation.free %5#0
//! }
//! // %r is replaced by %5#2
//! ```
//!
//! One difference from MLIR-HLO: a claimed alloc's indicator is yielded as `own %m` of the
//! retained memref (the same allocation, as the addresses are equal) rather than as the
//! alloc's indicator, so every indicator keeps one memref whose allocation it owns, which
//! the final lowering frees through (see `ARCHITECTURE.md`).
//!
//! With `decide-statically` (what the pipeline runs; `to_scf/decided.rs`), the comparisons
//! the indicators' carriers (`carriers.rs`) decide are not emitted, the others pick their
//! values with `arith.select` instead of `scf.if`, unclaimed allocs are freed untested, and
//! retains with several retained memrefs and allocs are lowered too when that is small.

use ir::dialects::arith::{CmpIOp, CmpIPredicate, ConstantOp};
use ir::dialects::deallocation::{FreeOp, GetBufferOp, NullOp, OwnOp, RetainOp, ownership_type};
use ir::dialects::scf::{IfOp, YieldOp};
use ir::{Builder, Context, Op, OpView, TransformResult, Value, track_changes};

mod decided;

use crate::op_names::OpKinds;

/// The options of [`hlo_deallocation_to_scf`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HloToScfOptions {
    /// Decide the comparisons the indicators' carriers decide, and emit the rest as selects.
    pub decide_statically: bool,
}

/// `hlo-deallocation-to-scf`: lowers every retain nested in `root` that has one retained
/// memref or one alloc (a retain of no alloc becomes null indicators).
pub fn hlo_deallocation_to_scf(
    ctx: &mut Context,
    root: Op,
    options: &HloToScfOptions,
) -> TransformResult {
    track_changes(ctx, |ctx| {
        let retain = OpKinds::new(ctx, &[RetainOp::NAME]);
        let retains: Vec<Op> = ctx
            .walk_preorder(root)
            .into_iter()
            .filter(|&op| retain.contains(ctx, op))
            .collect();
        if options.decide_statically {
            decided::lower_deciding_statically(ctx, retains);
            return Ok(());
        }
        for op in retains {
            let retain = RetainOp::wrap(op);
            let retained: Vec<Value> = retain.retained(ctx).collect();
            let allocs: Vec<Value> = retain.ownerships(ctx).collect();
            if allocs.is_empty() || retained.len() == 1 || allocs.len() == 1 {
                let results = lower_retain(&mut Builder::before(ctx, op), &retained, &allocs);
                ctx.replace_op_uses(op, &results);
                ctx.erase_op(op);
            }
        }
        Ok(())
    })
}

/// Emits the scf form of `retain(retained) of(allocs)` at the builder; returns the
/// indicator of each retained memref.
pub fn lower_retain(b: &mut Builder, retained: &[Value], allocs: &[Value]) -> Vec<Value> {
    let null = NullOp::build(b).result(b);
    if allocs.is_empty() {
        return vec![null; retained.len()];
    }
    let zero = ConstantOp::build_index(b, 0).result(b);
    let mut current: Vec<Value> = allocs.to_vec();
    let mut buffers: Vec<Value> = allocs
        .iter()
        .map(|&a| GetBufferOp::build(b, a).result(b))
        .collect();
    let mut results = Vec::with_capacity(retained.len());
    for &r in retained {
        let address = GetBufferOp::build(b, r).result(b);
        let owned = OwnOp::build(b, r).result(b);
        let mut result = null;
        for j in 0..allocs.len() {
            let same = CmpIOp::build(b, CmpIPredicate::Eq, address, buffers[j]).result(b);
            let outs = claim_if(
                b,
                same,
                [null, zero, owned],
                [current[j], buffers[j], result],
            );
            current[j] = outs[0];
            buffers[j] = outs[1];
            result = outs[2];
        }
        results.push(result);
    }
    for j in 0..allocs.len() {
        let nonzero = CmpIOp::build(b, CmpIPredicate::Ne, buffers[j], zero).result(b);
        let guard = IfOp::build(b, nonzero, &[], false);
        let then = guard.then_block(b).expect("then block");
        let loc = b.loc();
        let mut inner = Builder::at_end(b.ctx(), then, loc);
        FreeOp::build(&mut inner, current[j]);
        YieldOp::build(&mut inner, &[]);
    }
    results
}

/// `scf.if cond -> (ownership, index, ownership) { yield then } else { yield otherwise }`.
fn claim_if(b: &mut Builder, cond: Value, then: [Value; 3], otherwise: [Value; 3]) -> Vec<Value> {
    let ownership = ownership_type(b.ctx());
    let index = b.ctx().index_type();
    let op = IfOp::build(b, cond, &[ownership, index, ownership], true);
    let loc = b.loc();
    for (block, values) in [(op.then_block(b), then), (op.else_block(b), otherwise)] {
        let block = block.expect("if block");
        YieldOp::build(&mut Builder::at_end(b.ctx(), block, loc), &values);
    }
    op.results(b).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::parser::{ParseOptions, parse_module};

    #[test]
    fn small_retains_are_lowered_and_large_ones_kept() {
        let text = "func.func @f(%a: memref<2xf32>, %b: memref<2xf32>, %o: !deallocation.ownership, %p: !deallocation.ownership) {\n  %r = deallocation.retain(%a) of(%o, %p) : (memref<2xf32>, !deallocation.ownership, !deallocation.ownership) -> !deallocation.ownership\n  %s:2 = deallocation.retain(%a, %b) of(%o, %p) : (memref<2xf32>, memref<2xf32>, !deallocation.ownership, !deallocation.ownership) -> (!deallocation.ownership, !deallocation.ownership)\n  return\n}\n";
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", text, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        hlo_deallocation_to_scf(&mut ctx, module, &HloToScfOptions::default()).expect("lowers");
        let retains = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&op| RetainOp::is(&ctx, op))
            .count();
        assert_eq!(retains, 1, "only the 2x2 retain is left");
    }
}
