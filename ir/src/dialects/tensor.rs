//! The minimal `tensor` dialect: `tensor.empty`, `tensor.extract_slice` and
//! `tensor.parallel_insert_slice` (the ops `scf.forall` on tensors needs).
//!
//! Tensors are values, so none of these ops touches memory: `empty` and `extract_slice` are
//! pure, and `parallel_insert_slice` only describes how `scf.forall.in_parallel` combines a
//! slice into a shared output.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, dense_array, op_error, parse_dynamic_index_list, print_dynamic_index_list,
    segment_values, set_segments, types_of,
};
use crate::entity::{Op, Type};
use crate::registry::{
    Count::{Any, AtLeast, Exactly},
    Effects, OpCounts, OpDef, Registry, Traits,
};
use crate::types::{DYNAMIC, TypeData};

/// The properties of the slice ops, elided from the custom form's attr-dict.
const SLICE_ATTRS: [&str; 4] = [
    "operandSegmentSizes",
    "static_offsets",
    "static_sizes",
    "static_strides",
];

/// The region, result, successor and operand counts of the dialect's ops (MLIR's ODS count traits).
const COUNTS: &[(&str, OpCounts)] = &[
    ("tensor.empty", OpCounts::new(Exactly(1), Any)),
    (
        "tensor.extract_slice",
        OpCounts::new(Exactly(1), AtLeast(1)).segmented(4),
    ),
    (
        "tensor.parallel_insert_slice",
        OpCounts::new(Exactly(0), AtLeast(2)).segmented(5),
    ),
];

/// Registers the `tensor` ops.
pub fn register(reg: &mut Registry) {
    let mut empty = OpDef::new("tensor.empty");
    empty.traits = Traits::PURE;
    empty.effects = Some(no_effects);
    empty.parse = Some(parse_empty);
    empty.print = Some(print_empty);
    empty.verify = Some(verify_empty);
    reg.register(empty);

    let mut extract = OpDef::new("tensor.extract_slice");
    extract.traits = Traits::PURE;
    extract.effects = Some(no_effects);
    extract.inherent_attrs = &SLICE_ATTRS;
    extract.parse = Some(parse_extract_slice);
    extract.print = Some(print_extract_slice);
    extract.verify = Some(verify_extract_slice);
    extract.name_hint = Some(|_, _, hints| hints.push("extracted_slice".into()));
    reg.register(extract);

    let mut insert = OpDef::new("tensor.parallel_insert_slice");
    insert.effects = Some(no_effects);
    insert.inherent_attrs = &SLICE_ATTRS;
    insert.parse = Some(parse_parallel_insert_slice);
    insert.print = Some(print_parallel_insert_slice);
    insert.verify = Some(verify_parallel_insert_slice);
    reg.register(insert);
    reg.declare_counts(COUNTS);
}

fn no_effects(_: &Context, _: Op) -> Effects {
    Effects::Known(smallvec::SmallVec::new())
}

// ----- shared syntax ----------------------------------------------------------------------------

/// Parses `[offsets] [sizes] [strides]`.
fn parse_slice_lists(p: &mut OpParser<'_, '_>) -> PResult<[(Vec<UnresolvedOperand>, Vec<i64>); 3]> {
    Ok([
        parse_dynamic_index_list(p)?,
        parse_dynamic_index_list(p)?,
        parse_dynamic_index_list(p)?,
    ])
}

/// Resolves the index operands of the three lists, stores the static lists and returns the
/// operand counts of each list.
fn add_slice_operands(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    lists: [(Vec<UnresolvedOperand>, Vec<i64>); 3],
) -> PResult<[i32; 3]> {
    let index = p.ctx.index_type();
    let mut counts = [0; 3];
    let names = ["static_offsets", "static_sizes", "static_strides"];
    for (k, (operands, statics)) in lists.into_iter().enumerate() {
        let values = p.resolve_operands_same(&operands, index)?;
        counts[k] = values.len() as i32;
        state.operands.extend(values);
        let attr = p.ctx.dense_i64_array(&statics);
        add_attr(p, state, names[k], attr);
    }
    Ok(counts)
}

/// Prints `[offsets] [sizes] [strides]` from the static lists and the operand segments
/// starting at segment `first`.
fn print_slice_lists(p: &mut OpPrinter<'_>, op: Op, first: usize) {
    let names = ["static_offsets", "static_sizes", "static_strides"];
    for (k, name) in names.iter().enumerate() {
        if k > 0 {
            p.write(" ");
        }
        let statics = dense_array(p.ctx, op, name).unwrap_or_default();
        let dynamic = segment_values(p.ctx, op, first + k);
        print_dynamic_index_list(p, &statics, &dynamic);
    }
}

/// Checks the static lists against the dynamic operands of the slice ops.
fn verify_slice_lists(ctx: &Context, op: Op, first: usize, diags: &mut Vec<Diagnostic>) -> bool {
    let names = ["static_offsets", "static_sizes", "static_strides"];
    for (k, name) in names.iter().enumerate() {
        let Some(statics) = dense_array(ctx, op, name) else {
            op_error(ctx, op, diags, format!("requires attribute '{name}'"));
            return false;
        };
        let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
        let operands = segment_values(ctx, op, first + k).len();
        if dynamic != operands {
            let what = ["offset", "size", "stride"][k];
            let msg = format!(
                "expected {dynamic} dynamic {what} values, but got {operands} (static {what}s: {})",
                statics.len()
            );
            op_error(ctx, op, diags, msg);
            return false;
        }
    }
    true
}

fn parse_tensor_type(p: &mut OpParser<'_, '_>) -> PResult<Type> {
    let pos = p.cur_pos();
    let ty = p.parse_type()?;
    match p.ctx.type_data(ty) {
        TypeData::Tensor { .. } => Ok(ty),
        _ => {
            let msg = format!(
                "invalid kind of type specified: expected builtin.tensor, but found '{}'",
                p.type_str(ty)
            );
            p.error_at(pos, msg)
        }
    }
}

// ----- tensor.empty ---------------------------------------------------------------------------

fn parse_empty(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let sizes = p.parse_paren_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_tensor_type(p)?;
    let index = p.ctx.index_type();
    state.operands = p.resolve_operands_same(&sizes, index)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_empty(p: &mut OpPrinter<'_>, op: Op) {
    p.write("(");
    p.print_operands(&p.ctx.operand_array(op));
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(p.ctx.results(op));
}

fn verify_empty(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(&result) = ctx.results(op).first() else {
        op_error(ctx, op, diags, "requires one result");
        return;
    };
    let dynamic = match ctx.type_data(ctx.value_type(result)) {
        TypeData::Tensor { shape, .. } => shape.iter().filter(|&&d| d == DYNAMIC).count(),
        _ => 0,
    };
    if dynamic != ctx.num_operands(op) {
        op_error(
            ctx,
            op,
            diags,
            "incorrect number of dynamic sizes, has ".to_string()
                + &format!("{}, expected {dynamic}", ctx.num_operands(op)),
        );
    }
}

// ----- tensor.extract_slice -------------------------------------------------------------------

fn parse_extract_slice(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let lists = parse_slice_lists(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = parse_tensor_type(p)?;
    p.expect_keyword("to")?;
    let dst_ty = parse_tensor_type(p)?;
    let source = p.resolve_operand(&source, src_ty)?;
    state.operands.push(source);
    let [o, s, t] = add_slice_operands(p, state, lists)?;
    set_segments(p, state, &[1, o, s, t]);
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_extract_slice(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    if let Some(&source) = segment_values(p.ctx, op, 0).first() {
        p.print_operand(source);
    }
    print_slice_lists(p, op, 1);
    p.print_optional_attr_dict(op, &SLICE_ATTRS);
    p.write(" : ");
    p.print_value_types(&segment_values(p.ctx, op, 0));
    p.write(" to ");
    p.print_value_types(p.ctx.results(op));
}

fn verify_extract_slice(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if ctx.results(op).len() != 1 || segment_values(ctx, op, 0).len() != 1 {
        op_error(ctx, op, diags, "requires one source and one result");
        return;
    }
    verify_slice_lists(ctx, op, 1, diags);
}

// ----- tensor.parallel_insert_slice -----------------------------------------------------------

fn parse_parallel_insert_slice(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let lists = parse_slice_lists(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = parse_tensor_type(p)?;
    p.expect_keyword("into")?;
    let dst_ty = parse_tensor_type(p)?;
    let source = p.resolve_operand(&source, src_ty)?;
    let dest = p.resolve_operand(&dest, dst_ty)?;
    state.operands.extend([source, dest]);
    let [o, s, t] = add_slice_operands(p, state, lists)?;
    set_segments(p, state, &[1, 1, o, s, t]);
    Ok(())
}

fn print_parallel_insert_slice(p: &mut OpPrinter<'_>, op: Op) {
    let (source, dest) = (segment_values(p.ctx, op, 0), segment_values(p.ctx, op, 1));
    p.write(" ");
    p.print_operands(&source);
    p.write(" into ");
    p.print_operands(&dest);
    print_slice_lists(p, op, 2);
    p.print_optional_attr_dict(op, &SLICE_ATTRS);
    p.write(" : ");
    p.print_types(&types_of(p.ctx, &source));
    p.write(" into ");
    p.print_types(&types_of(p.ctx, &dest));
}

fn verify_parallel_insert_slice(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if segment_values(ctx, op, 0).len() != 1 || segment_values(ctx, op, 1).len() != 1 {
        op_error(ctx, op, diags, "requires one source and one destination");
        return;
    }
    if !verify_slice_lists(ctx, op, 2, diags) {
        return;
    }
    let in_parallel = ctx
        .parent_op(op)
        .is_some_and(|parent| ctx.op_name_str(parent) == "scf.forall.in_parallel");
    if !in_parallel {
        op_error(
            ctx,
            op,
            diags,
            "expected ParallelCombiningOpInterface parent, got:",
        );
    }
}
