//! The first check of every registered op: its region, result, successor and operand counts,
//! as declared once in its [`OpCounts`], with the messages of MLIR's ODS count traits.

use crate::context::Context;
use crate::dialects::syntax::dense_array_values;
use crate::entity::Op;
use crate::registry::{Count, OpCounts};

/// The message of the first count of `op` that `counts` does not admit, in MLIR's order:
/// regions, results, successors, operands, then the operand segments.
pub(super) fn count_error(ctx: &Context, op: Op, counts: &OpCounts) -> Option<String> {
    let regions = ctx.regions(op).len();
    let results = ctx.results(op).len();
    let successors = ctx.successors(op).len();
    let operands = ctx.num_operands(op);
    if !counts.regions.admits(regions) {
        return Some(region_message(counts.regions));
    }
    if !counts.results.admits(results) {
        return Some(result_message(counts.results));
    }
    if !counts.successors.admits(successors) {
        return Some(successor_message(counts.successors, successors));
    }
    if !counts.operands.admits(operands) {
        return Some(operand_message(counts.operands, operands));
    }
    if counts.segments.is_some() {
        return segment_error(ctx, op, operands);
    }
    None
}

/// The parse-time error MLIR reports for `operandSegmentSizes` with the wrong number of
/// groups (as a property conversion failure): the reason of `invalid properties`.
pub(super) fn segment_property_error(ctx: &Context, op: Op, counts: &OpCounts) -> Option<String> {
    let groups = counts.segments?;
    let sizes = dense_array_values(ctx, op, "operandSegmentSizes")?;
    (sizes.len() != groups).then(|| {
        format!(
            "size mismatch in attribute conversion: {} vs {groups}",
            sizes.len()
        )
    })
}

/// MLIR's `OneRegion`, `ZeroRegions`, `NRegions` and `AtLeastNRegions` messages.
fn region_message(count: Count) -> String {
    match count {
        Count::Exactly(0) => "requires zero regions".to_string(),
        Count::Exactly(1) => "requires one region".to_string(),
        Count::Exactly(n) => format!("expected {n} regions"),
        Count::AtLeast(_) | Count::Any => format!("expected {} or more regions", count.least()),
    }
}

/// MLIR's `ZeroResults`, `OneResult`, `NResults` and `AtLeastNResults` messages.
fn result_message(count: Count) -> String {
    match count {
        Count::Exactly(0) => "requires zero results".to_string(),
        Count::Exactly(1) => "requires one result".to_string(),
        Count::Exactly(n) => format!("expected {n} results"),
        Count::AtLeast(_) | Count::Any => format!("expected {} or more results", count.least()),
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
fn segment_error(ctx: &Context, op: Op, operands: usize) -> Option<String> {
    let sizes = dense_array_values(ctx, op, "operandSegmentSizes").unwrap_or_default();
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
