//! Typed views and builders of the `cf` ops that passes create and inspect.
//!
//! ```text
//! cf.br ^bb1(%a : index)                      // BrOp::build(b, bb1, &[a])
//! cf.cond_br %c, ^bb1(%a : index), ^bb2       // CondBrOp::build(b, c, (bb1, &[a]), (bb2, &[]))
//! cf.assert %c, "message"                     // AssertOp::build(b, c, "message")
//! ```

use crate::Builder;
use crate::context::Context;
use crate::dialects::syntax::{segment_range, str_attr};
use crate::dialects::view::OpView;
use crate::entity::{Block, Value};
use crate::op_view;

op_view!(
    /// `cf.br`: jumps to a block, passing values to its arguments.
    BrOp,
    "cf.br"
);

impl BrOp {
    /// The block jumped to.
    pub fn dest(self, ctx: &Context) -> Option<Block> {
        ctx.successors(self.0).first().copied()
    }

    /// The values passed to the destination's arguments.
    pub fn dest_operands(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        ctx.operands(self.0)
    }

    /// Builds `cf.br dest(operands)`.
    pub fn build(b: &mut Builder, dest: Block, operands: &[Value]) -> Self {
        let mut state = b.state(Self::NAME);
        state.operands = operands.to_vec();
        state.successors = vec![dest];
        BrOp(b.create(state))
    }
}

op_view!(
    /// `cf.cond_br`: jumps to its true or its false destination depending on an `i1`.
    CondBrOp,
    "cf.cond_br"
);

/// The operand groups of `cf.cond_br`, in order.
#[derive(Clone, Copy)]
enum CondBrGroup {
    Condition = 0,
    TrueOperands = 1,
    FalseOperands = 2,
}

impl CondBrOp {
    fn group(self, ctx: &Context, group: CondBrGroup) -> impl ExactSizeIterator<Item = Value> + '_ {
        segment_range(ctx, self.0, group as usize).map(move |i| ctx.operand(self.0, i))
    }

    /// The `i1` choosing the destination.
    pub fn condition(self, ctx: &Context) -> Option<Value> {
        self.group(ctx, CondBrGroup::Condition).next()
    }

    /// The destination when the condition holds.
    pub fn true_dest(self, ctx: &Context) -> Option<Block> {
        ctx.successors(self.0).first().copied()
    }

    /// The destination when it does not.
    pub fn false_dest(self, ctx: &Context) -> Option<Block> {
        ctx.successors(self.0).get(1).copied()
    }

    /// The values passed to the true destination.
    pub fn true_operands(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, CondBrGroup::TrueOperands)
    }

    /// The values passed to the false destination.
    pub fn false_operands(self, ctx: &Context) -> impl ExactSizeIterator<Item = Value> + '_ {
        self.group(ctx, CondBrGroup::FalseOperands)
    }

    /// Builds `cf.cond_br condition, true_dest(true_operands), false_dest(false_operands)`.
    pub fn build(
        b: &mut Builder,
        condition: Value,
        (true_dest, true_operands): (Block, &[Value]),
        (false_dest, false_operands): (Block, &[Value]),
    ) -> Self {
        let sizes = [1, true_operands.len() as i32, false_operands.len() as i32];
        let segments = b.ctx().dense_i32_array(&sizes);
        let segments_name = b.ctx().sym("operandSegmentSizes");
        let mut state = b.state(Self::NAME);
        state.operands = [&[condition][..], true_operands, false_operands].concat();
        state.successors = vec![true_dest, false_dest];
        state.attrs = vec![(segments_name, segments)];
        CondBrOp(b.create(state))
    }
}

op_view!(
    /// `cf.assert`: aborts with a message when its `i1` operand is false.
    AssertOp,
    "cf.assert"
);

impl AssertOp {
    /// The `i1` that must hold.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The message reported when it does not.
    pub fn message(self, ctx: &Context) -> Option<&str> {
        str_attr(ctx, self.0, "msg")
    }

    /// Builds `cf.assert condition, "message"`.
    pub fn build(b: &mut Builder, condition: Value, message: &str) -> Self {
        let msg = b.ctx().str_attr(message);
        AssertOp(b.build_static_op(Self::NAME, &[condition], &[], &[("msg", msg)], Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::InsertPoint;
    use crate::dialects::func::ReturnOp;
    use crate::dialects::view::testing::build_in_func;

    #[test]
    fn branches_and_asserts_build() {
        let text = build_in_func("%c: i1, %a: index", |b, args| {
            let assert = AssertOp::build(b, args[0], "must hold");
            assert_eq!(assert.message(b), Some("must hold"));
            let region = b.op_parent_region(assert.0).expect("in the body");
            let index = b.value_type(args[1]);
            let target = b.block_in(region, &[index]);
            let exit = b.block_in(region, &[]);
            let branch = CondBrOp::build(b, args[0], (target, &[args[1]]), (exit, &[]));
            assert_eq!(branch.condition(b), Some(args[0]));
            assert_eq!(branch.true_operands(b).collect::<Vec<_>>(), vec![args[1]]);
            assert_eq!(branch.false_operands(b).len(), 0);
            assert_eq!(
                (branch.true_dest(b), branch.false_dest(b)),
                (Some(target), Some(exit))
            );
            b.with_insertion_point(InsertPoint::End(target), |b| {
                let jump = BrOp::build(b, exit, &[]);
                assert_eq!(jump.dest(b), Some(exit));
            });
            b.with_insertion_point(InsertPoint::End(exit), |b| ReturnOp::build(b, &[]));
            if let InsertPoint::Before(old_return) = b.insertion_point() {
                b.ctx().erase_op(old_return);
            }
        });
        let expected = "\
module {
  func.func @f(%arg0: i1, %arg1: index) {
    cf.assert %arg0, \"must hold\"
    cf.cond_br %arg0, ^bb1(%arg1 : index), ^bb2
  ^bb1(%0: index):  // pred: ^bb0
    cf.br ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    return
  }
}
";
        assert_eq!(text, expected);
    }
}
