//! The first check of every registered op: its region, result, successor and operand counts,
//! as declared once in its [`OpCounts`], with the messages of MLIR's ODS count traits.

use crate::context::Context;
use crate::dialects::syntax::segment_sizes;
use crate::entity::Op;
use crate::registry::{Count, OpCounts};

/// What is wrong with an op's counts.
pub(super) enum CountError {
    /// `operandSegmentSizes` has the wrong number of groups: a parse-time error in MLIR (the
    /// reason of `invalid properties`).
    Property(String),
    /// A count the op's traits reject: the message of `'name' op ...`.
    Op(String),
}

/// The first count of `op` that `counts` does not admit, in MLIR's order: the number of operand
/// groups (checked while parsing), regions, results, successors, operands, then the groups'
/// sizes. Every op the verifier sees asks: the common answer, an op without operand groups
/// whose counts are all admitted, is found inline.
#[inline]
pub(super) fn count_error(ctx: &Context, op: Op, counts: &OpCounts) -> Option<CountError> {
    let admitted = counts.segments.is_none()
        && counts.regions.admits(ctx.regions(op).len())
        && counts.results.admits(ctx.results(op).len())
        && counts.successors.admits(ctx.successors(op).len())
        && counts.operands.admits(ctx.num_operands(op));
    if admitted {
        return None;
    }
    first_count_error(ctx, op, counts)
}

/// [`count_error`] for an op with operand groups or a count its declaration does not admit.
#[cold]
fn first_count_error(ctx: &Context, op: Op, counts: &OpCounts) -> Option<CountError> {
    let sizes = match counts.segments {
        Some(_) => segment_sizes(ctx, op),
        None => None,
    };
    if let (Some(groups), Some(sizes)) = (counts.segments, sizes)
        && sizes.len() != groups
    {
        let reason = format!(
            "size mismatch in attribute conversion: {} vs {groups}",
            sizes.len()
        );
        return Some(CountError::Property(reason));
    }
    let successors = ctx.successors(op).len();
    let operands = ctx.num_operands(op);
    let message = if !counts.regions.admits(ctx.regions(op).len()) {
        region_or_result_message(counts.regions, "region")
    } else if !counts.results.admits(ctx.results(op).len()) {
        region_or_result_message(counts.results, "result")
    } else if !counts.successors.admits(successors) {
        successor_message(counts.successors, successors)
    } else if !counts.operands.admits(operands) {
        operand_message(counts.operands, operands)
    } else if counts.segments.is_some() {
        segment_error(sizes.unwrap_or_default(), operands)?
    } else {
        return None;
    };
    Some(CountError::Op(message))
}

/// MLIR's messages for regions (`ZeroRegions`, `OneRegion`, `NRegions`, `AtLeastNRegions`)
/// and results (`ZeroResults`, `OneResult`, `NResults`, `AtLeastNResults`): `noun` is
/// `region` or `result`.
fn region_or_result_message(count: Count, noun: &str) -> String {
    match count {
        Count::Exactly(0) => format!("requires zero {noun}s"),
        Count::Exactly(1) => format!("requires one {noun}"),
        Count::Exactly(n) => format!("expected {n} {noun}s"),
        Count::AtLeast(_) | Count::Any => format!("expected {} or more {noun}s", count.least()),
    }
}

/// MLIR's `ZeroSuccessors`, `OneSuccessor`, `NSuccessors` and `AtLeastNSuccessors` messages.
fn successor_message(count: Count, found: usize) -> String {
    match count {
        Count::Exactly(1) => format!("requires 1 successor but found {found}"),
        Count::Exactly(n) => format!("requires {n} successors but found {found}"),
        Count::AtLeast(_) | Count::Any => format!(
            "requires at least {n} successors but found {found}",
            n = count.least()
        ),
    }
}

/// MLIR's `ZeroOperands`, `OneOperand`, `NOperands` and `AtLeastNOperands` messages.
fn operand_message(count: Count, found: usize) -> String {
    match count {
        Count::Exactly(0) => "requires zero operands".to_string(),
        Count::Exactly(1) => "requires a single operand".to_string(),
        Count::Exactly(n) => format!("expected {n} operands, but found {found}"),
        Count::AtLeast(_) | Count::Any => format!(
            "expected {n} or more operands, but found {found}",
            n = count.least()
        ),
    }
}

/// MLIR's `AttrSizedOperandSegments` check: the segment sizes add up to the operand count (a
/// missing `operandSegmentSizes` counts as no operand).
fn segment_error(sizes: &[i64], operands: usize) -> Option<String> {
    if sizes.iter().any(|&size| size < 0) {
        return Some("'operandSegmentSizes' attribute cannot have negative elements".to_string());
    }
    let total: i128 = sizes.iter().map(|&size| i128::from(size)).sum();
    (usize::try_from(total).ok() != Some(operands)).then(|| {
        format!(
            "operand count ({operands}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
        )
    })
}
