//! Op-building helpers of `buffer-deallocation-simplification` (to be replaced by the typed
//! `arith` views).

use ir::rewrite::Rewriter;
use ir::{Op, Value};

/// An `i1` constant before `anchor`.
pub fn bool_const_before(rw: &mut Rewriter, anchor: Op, value: bool) -> Value {
    let mut b = rw.builder_before(anchor);
    let i1 = b.ctx().i1_type();
    let attr = b.ctx().int_attr(i128::from(value), i1);
    let op = b.build_op("arith.constant", &[], &[i1], &[("value", attr)], Vec::new());
    b.result_of(op, 0)
}

/// `arith.ori` of `a` and `b` before `anchor`.
pub fn ori_before(rw: &mut Rewriter, anchor: Op, a: Value, b: Value) -> Value {
    let mut builder = rw.builder_before(anchor);
    let ty = builder.value_type(a);
    let op = builder.build_op("arith.ori", &[a, b], &[ty], &[], Vec::new());
    builder.result_of(op, 0)
}
