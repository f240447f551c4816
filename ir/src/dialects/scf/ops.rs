//! Typed views and builders of the `scf` ops that passes create and inspect.
//!
//! A `build` function creates the op with its regions and their blocks (block arguments
//! included) but leaves the blocks empty: the caller fills them, typically with
//! [`Builder::with_insertion_point`] at [`crate::InsertPoint::End`] of each block, ending each
//! with its terminator ([`YieldOp::build`], [`ConditionOp::build`]).
//!
//! ```text
//! %r = scf.if %cond -> (memref<2xf32>) {      // IfOp::build(b, cond, &[ty], true)
//!   scf.yield %a : memref<2xf32>              // YieldOp::build(b, &[a]) in then_block
//! } else {
//!   scf.yield %b : memref<2xf32>              // ... in else_block
//! }
//! ```

use crate::Builder;
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Block, Region, Type, Value};
use crate::op_view;

/// The entry block of region `index` of `op`, if it has one.
#[inline]
pub(super) fn region_block(ctx: &Context, op: crate::Op, index: usize) -> Option<Block> {
    let region = *ctx.regions(op).get(index)?;
    ctx.entry_block(region)
}

/// A new region holding one empty block with arguments of `arg_types`.
fn region_with_block(b: &mut Builder, arg_types: &[Type]) -> Region {
    let region = b.region();
    b.block_in(region, arg_types);
    region
}

op_view!(
    /// `scf.if`: runs its then region when the condition holds, its else region (possibly
    /// empty) otherwise; results are what the region that ran yields.
    IfOp,
    "scf.if"
);

impl IfOp {
    /// The `i1` choosing the region.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The block of the then region.
    pub fn then_block(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 0)
    }

    /// The block of the else region (`None` when the region is empty).
    pub fn else_block(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 1)
    }

    /// The values the region that ran yields.
    pub fn results(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `scf.if condition -> (result_types)` with an empty then block, and an empty
    /// else block when `with_else` (otherwise an empty else region).
    pub fn build(
        b: &mut Builder,
        condition: Value,
        result_types: &[Type],
        with_else: bool,
    ) -> Self {
        let then_region = region_with_block(b, &[]);
        let else_region = if with_else {
            region_with_block(b, &[])
        } else {
            b.region()
        };
        let regions = vec![then_region, else_region];
        IfOp(b.build_static_op(Self::NAME, &[condition], result_types, &[], regions))
    }
}

op_view!(
    /// `scf.for`: runs its body for an induction variable from a lower bound (inclusive) to
    /// an upper bound (exclusive) by a step, threading iteration arguments through it.
    ForOp,
    "scf.for"
);

impl ForOp {
    /// The first value of the induction variable.
    pub fn lower_bound(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The bound the induction variable stays below.
    pub fn upper_bound(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The increment of the induction variable.
    pub fn step(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 2)
    }

    /// The lower bound, upper bound and step, when all three are constants.
    pub fn constant_bounds(self, ctx: &Context) -> Option<(i128, i128, i128)> {
        let constant = |v| crate::dialects::arith::ConstantOp::as_int(ctx, v);
        // The upper bound first: the one most often a runtime value.
        let ub = constant(self.upper_bound(ctx))?;
        Some((
            constant(self.lower_bound(ctx))?,
            ub,
            constant(self.step(ctx))?,
        ))
    }

    /// The initial values of the iteration arguments.
    pub fn init_args(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        let n = ctx.num_operands(self.0);
        (3.min(n)..n).map(move |i| ctx.operand(self.0, i))
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 0)
    }

    /// The induction variable (the body's first argument).
    pub fn induction_var(self, ctx: &Context) -> Option<Value> {
        ctx.block_args(self.body(ctx)?).first().copied()
    }

    /// The iteration arguments (the body's other arguments).
    pub fn region_iter_args(self, ctx: &Context) -> &[Value] {
        match self.body(ctx) {
            Some(body) => ctx.block_args(body).get(1..).unwrap_or(&[]),
            None => &[],
        }
    }

    /// The final values of the iteration arguments.
    pub fn results(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `scf.for %i = lower to upper step step iter_args(inits)` with an empty body
    /// whose arguments are the `index` induction variable and one per init value.
    pub fn build(
        b: &mut Builder,
        lower: Value,
        upper: Value,
        step: Value,
        inits: &[Value],
    ) -> Self {
        let index = b.ctx().index_type();
        let types: Vec<Type> = inits.iter().map(|&v| b.value_type(v)).collect();
        let body_args = [&[index][..], &types].concat();
        let body = region_with_block(b, &body_args);
        let operands = [&[lower, upper, step][..], inits].concat();
        ForOp(b.build_static_op(Self::NAME, &operands, &types, &[], vec![body]))
    }
}

op_view!(
    /// `scf.while`: runs its before region, which decides (`scf.condition`) whether to run the
    /// after region and loop or to exit with the values it forwards.
    WhileOp,
    "scf.while"
);

impl WhileOp {
    /// The initial values, passed to the before region.
    pub fn inits(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        ctx.operands(self.0)
    }

    /// The block of the before region (the condition).
    pub fn before_block(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 0)
    }

    /// The block of the after region (the body).
    pub fn after_block(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 1)
    }

    /// The values forwarded by the `scf.condition` that ended the loop.
    pub fn results(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `scf.while (inits) : (...) -> (result_types)` with an empty before block taking
    /// the inits' types and an empty after block taking `result_types`.
    pub fn build(b: &mut Builder, inits: &[Value], result_types: &[Type]) -> Self {
        let init_types: Vec<Type> = inits.iter().map(|&v| b.value_type(v)).collect();
        let before = region_with_block(b, &init_types);
        let after = region_with_block(b, result_types);
        WhileOp(b.build_static_op(Self::NAME, inits, result_types, &[], vec![before, after]))
    }
}

op_view!(
    /// `scf.index_switch`: runs the region of the case equal to its `index` operand (region
    /// `k + 1` for case `k` of its `cases` attribute), or the default region (region 0).
    IndexSwitchOp,
    "scf.index_switch"
);

op_view!(
    /// `scf.yield`: ends a region of an `scf` op, passing values to its parent.
    YieldOp,
    "scf.yield"
);

impl YieldOp {
    /// The values passed on.
    pub fn values(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + Clone + '_ {
        ctx.operands(self.0)
    }

    /// Builds `scf.yield values`.
    pub fn build(b: &mut Builder, values: &[Value]) -> Self {
        YieldOp(b.build_static_op(Self::NAME, values, &[], &[], Vec::new()))
    }
}

op_view!(
    /// `scf.condition`: ends the before region of `scf.while`, looping into the after region
    /// with its arguments when the condition holds and exiting with them otherwise.
    ConditionOp,
    "scf.condition"
);

impl ConditionOp {
    /// The `i1` deciding whether to loop.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The values forwarded to the after region or to the loop's results.
    pub fn args(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        let n = ctx.num_operands(self.0);
        (1.min(n)..n).map(move |i| ctx.operand(self.0, i))
    }

    /// Builds `scf.condition(condition) args`.
    pub fn build(b: &mut Builder, condition: Value, args: &[Value]) -> Self {
        let operands = [&[condition][..], args].concat();
        ConditionOp(b.build_static_op(Self::NAME, &operands, &[], &[], Vec::new()))
    }
}

op_view!(
    /// `scf.execute_region`: runs its region once (it may hold several blocks) and returns what
    /// it yields.
    ExecuteRegionOp,
    "scf.execute_region"
);

impl ExecuteRegionOp {
    /// The region.
    pub fn region(self, ctx: &Context) -> Option<Region> {
        ctx.regions(self.0).first().copied()
    }

    /// The entry block of the region.
    pub fn entry_block(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 0)
    }

    /// The values the region yields.
    pub fn results(self, ctx: &Context) -> &[Value] {
        ctx.results(self.0)
    }

    /// Builds `scf.execute_region -> (result_types)` with one empty entry block.
    pub fn build(b: &mut Builder, result_types: &[Type]) -> Self {
        let region = region_with_block(b, &[]);
        ExecuteRegionOp(b.build_static_op(Self::NAME, &[], result_types, &[], vec![region]))
    }
}

op_view!(
    /// `scf.forall.in_parallel`: ends the body of `scf.forall`; its region holds the parallel
    /// inserts of the iteration's results.
    InParallelOp,
    "scf.forall.in_parallel"
);

impl InParallelOp {
    /// The block of parallel inserts.
    pub fn body(self, ctx: &Context) -> Option<Block> {
        region_block(ctx, self.0, 0)
    }
}

op_view!(
    /// `scf.reduce.return`: ends a reduction region of `scf.reduce` with the combined value.
    ReduceReturnOp,
    "scf.reduce.return"
);

impl ReduceReturnOp {
    /// The combined value.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::InsertPoint;
    use crate::dialects::arith::{AddIOp, ConstantOp};
    use crate::dialects::view::testing::build_in_func;

    /// Runs `f` with the builder at the end of `block`.
    fn at_end<R>(b: &mut Builder, block: Option<Block>, f: impl FnOnce(&mut Builder) -> R) -> R {
        let block = block.expect("the op was built with this block");
        b.with_insertion_point(InsertPoint::End(block), f)
    }

    #[test]
    fn if_builds_with_and_without_else() {
        let text = build_in_func("%c: i1, %a: index, %b: index", |b, args| {
            let choice = IfOp::build(b, args[0], &[b.value_type(args[1])], true);
            assert_eq!(choice.condition(b), args[0]);
            at_end(b, choice.then_block(b), |b| YieldOp::build(b, &[args[1]]));
            at_end(b, choice.else_block(b), |b| YieldOp::build(b, &[args[2]]));
            let side = IfOp::build(b, args[0], &[], false);
            assert_eq!(side.else_block(b), None);
            at_end(b, side.then_block(b), |b| YieldOp::build(b, &[]));
        });
        let expected = "\
module {
  func.func @f(%arg0: i1, %arg1: index, %arg2: index) {
    %0 = scf.if %arg0 -> (index) {
      scf.yield %arg1 : index
    } else {
      scf.yield %arg2 : index
    }
    scf.if %arg0 {
    }
    return
  }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn for_builds_with_iteration_arguments() {
        let text = build_in_func("%n: index, %init: index", |b, args| {
            let c0 = ConstantOp::build_index(b, 0).result(b);
            let c1 = ConstantOp::build_index(b, 1).result(b);
            let l = ForOp::build(b, c0, args[0], c1, &[args[1]]);
            assert_eq!(
                (l.lower_bound(b), l.upper_bound(b), l.step(b)),
                (c0, args[0], c1)
            );
            assert_eq!(l.init_args(b).collect::<Vec<_>>(), vec![args[1]]);
            let i = l.induction_var(b).expect("a body");
            let acc = l.region_iter_args(b)[0];
            at_end(b, l.body(b), |b| {
                let next = AddIOp::build(b, acc, i).result(b);
                YieldOp::build(b, &[next]);
            });
        });
        let expected = "\
module {
  func.func @f(%arg0: index, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %arg1) -> (index) {
      %1 = arith.addi %arg3, %arg2 : index
      scf.yield %1 : index
    }
    return
  }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn while_and_execute_region_build() {
        let text = build_in_func("%c: i1, %a: index", |b, args| {
            let index = b.value_type(args[1]);
            let l = WhileOp::build(b, &[args[1]], &[index]);
            assert_eq!(l.inits(b).collect::<Vec<_>>(), vec![args[1]]);
            let before = l.before_block(b).expect("a before block");
            let x = b.block_args(before)[0];
            at_end(b, Some(before), |b| {
                let cond = ConditionOp::build(b, args[0], &[x]);
                assert_eq!(cond.condition(b), args[0]);
                assert_eq!(cond.args(b).collect::<Vec<_>>(), vec![x]);
            });
            let after = l.after_block(b).expect("an after block");
            let y = b.block_args(after)[0];
            at_end(b, Some(after), |b| YieldOp::build(b, &[y]));
            let once = ExecuteRegionOp::build(b, &[index]);
            at_end(b, once.entry_block(b), |b| YieldOp::build(b, &[args[1]]));
            assert_eq!(once.results(b).len(), 1);
        });
        let expected = "\
module {
  func.func @f(%arg0: i1, %arg1: index) {
    %0 = scf.while (%arg2 = %arg1) : (index) -> index {
      scf.condition(%arg0) %arg2 : index
    } do {
    ^bb0(%arg2: index):
      scf.yield %arg2 : index
    }
    %1 = scf.execute_region -> index {
      scf.yield %arg1 : index
    }
    return
  }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn parallel_terminators_are_recognised() {
        use crate::asm::{ParseOptions, parse_module};
        let src = "func.func @f(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) in (%n) {
  }
  %r = scf.parallel (%j) = (%c0) to (%n) step (%c1) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}
";
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let ops = ctx.walk_preorder(module);
        let in_parallel: Vec<_> = ops
            .iter()
            .filter_map(|&op| InParallelOp::of(&ctx, op))
            .collect();
        assert_eq!(in_parallel.len(), 1);
        assert!(in_parallel[0].body(&ctx).is_some());
        let returns: Vec<_> = ops
            .iter()
            .filter_map(|&op| ReduceReturnOp::of(&ctx, op))
            .collect();
        assert_eq!(returns.len(), 1);
        let combined = returns[0].result(&ctx);
        assert!(matches!(
            ctx.value_def(combined),
            crate::ValueDef::BlockArg { .. }
        ));
    }
}
