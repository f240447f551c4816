//! `memref` folds `mlir-opt-22 --canonicalize` applies that need no new op: a `memref.copy`
//! of a buffer onto itself or from or to a buffer of size 0 does nothing and is erased,
//! `memref.rank` of a ranked buffer is its type's rank, a constant, and a
//! `memref.reinterpret_cast` that restates its source's own type is its source (MLIR's
//! `FoldSelfCopy`, `FoldEmptyCopy`, `RankOp::fold` and `ReinterpretCastOp::fold`).

use super::static_shapes::folded_constant;
use crate::entity::Op;
use crate::rewrite::Rewriter;
use crate::types::TypeData;

/// `memref.copy %m, %m`: copying a buffer onto itself changes nothing, so the copy goes.
pub(super) fn erase_self_copy(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 2 || rw.operand(op, 0) != rw.operand(op, 1) {
        return false;
    }
    rw.erase_op(op);
    true
}

/// `memref.rank` of a buffer whose type has a rank becomes that rank, an `index` constant.
pub(super) fn fold_rank_of_ranked(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let TypeData::MemRef { shape, .. } = rw.type_data(rw.value_type(rw.operand(op, 0))) else {
        return false;
    };
    let rank = shape.len() as i128;
    let ty = rw.value_type(rw.result(op, 0));
    let constant = folded_constant(rw, op, rank, ty);
    rw.replace_op_uses(op, &[constant]);
    rw.erase_op(op);
    true
}

/// `memref.copy` between buffers one of which has a static size 0: nothing to copy, the copy
/// goes (MLIR's `FoldEmptyCopy`).
pub(super) fn erase_empty_copy(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 2 {
        return false;
    }
    let empty = (0..2).any(|i| {
        matches!(rw.type_data(rw.value_type(rw.operand(op, i))),
            TypeData::MemRef { shape, .. } if shape.contains(&0))
    });
    if empty {
        rw.erase_op(op);
    }
    empty
}

/// `memref.reinterpret_cast` with a static offset, sizes and strides to its source's own type:
/// the verifier holds those to the type's layout, which the source has too, so the result is
/// the source itself.
pub(super) fn fold_identity_reinterpret_cast(rw: &mut Rewriter, op: Op) -> bool {
    if rw.num_operands(op) != 1 || rw.results(op).len() != 1 {
        return false;
    }
    let (source, result) = (rw.operand(op, 0), rw.result(op, 0));
    let ty = rw.value_type(result);
    if rw.value_type(source) != ty || !matches!(rw.type_data(ty), TypeData::MemRef { .. }) {
        return false;
    }
    rw.replace_op_uses(op, &[source]);
    rw.erase_op(op);
    true
}
