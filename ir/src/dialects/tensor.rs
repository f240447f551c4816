//! The `tensor` dialect: the ops that survive in tensor programs at function boundaries and in
//! the sources One-Shot Bufferize reads. This file holds `tensor.empty` and the slice ops
//! (`extract_slice`, `insert_slice`, `parallel_insert_slice`); `element.rs` the element-wise
//! ones (`cast`, `dim`, `rank`, `extract`, `insert`, `from_elements`, `splat`) and `shaped.rs`
//! those that make a new shape (`pad`, `generate`, `yield`, `concat`, the reshapes).
//!
//! Tensors are values, so none of these ops touches memory: all are pure except
//! `generate`, whose effects are its body's, and `parallel_insert_slice` only describes how
//! `scf.forall.in_parallel` combines a slice into a shared output.

mod element;
mod shaped;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, dense_array, op_error, parse_dynamic_index_list, print_dynamic_index_list,
    segment_values, set_segments, type_str, types_of,
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
    (
        "tensor.insert_slice",
        OpCounts::new(Exactly(1), AtLeast(2)).segmented(5),
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
    insert.print = Some(print_slice_insertion);
    insert.verify = Some(verify_parallel_insert_slice);
    reg.register(insert);

    let mut insert_slice = OpDef::new("tensor.insert_slice");
    insert_slice.traits = Traits::PURE;
    insert_slice.effects = Some(no_effects);
    insert_slice.inherent_attrs = &SLICE_ATTRS;
    insert_slice.parse = Some(parse_insert_slice);
    insert_slice.print = Some(print_slice_insertion);
    insert_slice.verify = Some(verify_insert_slice);
    insert_slice.name_hint = Some(|_, _, hints| hints.push("inserted_slice".into()));
    reg.register(insert_slice);
    reg.declare_counts(COUNTS);
    element::register(reg);
    shaped::register(reg);
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

// ----- tensor.empty ---------------------------------------------------------------------------

fn parse_empty(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let sizes = p.parse_paren_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = element::parse_ranked_tensor(p)?;
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
    let src_ty = element::parse_ranked_tensor(p)?;
    p.expect_keyword("to")?;
    let dst_ty = element::parse_ranked_tensor(p)?;
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
    if verify_slice_lists(ctx, op, 1, diags) {
        let (source, result) = (ctx.operand(op, 0), ctx.result(op, 0));
        verify_slice_type(
            ctx,
            op,
            ctx.value_type(source),
            ctx.value_type(result),
            diags,
        );
    }
}

/// The checks MLIR makes of a slice of `full` (the source of `extract_slice`, the destination
/// of the insert ops) typed `sliced`: one offset, size and stride per dimension of `full`,
/// and `sliced` the sizes' tensor type, or that type without some of its unit dimensions.
fn verify_slice_type(ctx: &Context, op: Op, full: Type, sliced: Type, diags: &mut Vec<Diagnostic>) {
    let (Some((full_shape, elem)), Some((sliced_shape, sliced_elem))) = (
        element::ranked_tensor(ctx, full),
        element::ranked_tensor(ctx, sliced),
    ) else {
        return;
    };
    let loc = ctx.op_loc(op);
    let mut error = |msg: String| diags.push(Diagnostic::error(loc, msg));
    let lists = ["static_offsets", "static_sizes", "static_strides"];
    for (name, what) in lists.iter().zip(["offset", "size", "stride"]) {
        let count = dense_array(ctx, op, name).map_or(0, |list| list.len());
        if count != full_shape.len() {
            return error(format!(
                "expected {} {what} values, got {count}",
                full_shape.len()
            ));
        }
    }
    let sizes = dense_array(ctx, op, "static_sizes").unwrap_or_default();
    if sliced_shape.len() > sizes.len() {
        error("expected rank to be smaller or equal to the other rank. ".to_string());
    } else if !drops_only_unit_dims(&sizes, sliced_shape) {
        let msg = "or a rank-reduced version. (size mismatch) ";
        error(format!(
            "expected type to be '{}' {msg}",
            element::tensor_type_text(ctx, &sizes, elem)
        ));
    } else if sliced_elem != elem {
        error(format!(
            "expected element type to be '{}'",
            type_str(ctx, elem)
        ));
    }
}

/// Whether `reduced` is `sizes` with some static unit dimensions left out (MLIR's
/// `computeRankReductionMask`, matching greedily from the front).
fn drops_only_unit_dims(sizes: &[i64], reduced: &[i64]) -> bool {
    let mut next = reduced.iter().peekable();
    for &size in sizes {
        if next.peek() == Some(&&size) {
            next.next();
        } else if size != 1 {
            return false;
        }
    }
    next.peek().is_none()
}

// ----- tensor.parallel_insert_slice -----------------------------------------------------------

/// Parses `%source into %dest[offsets] [sizes] [strides] attr-dict : T into T`, the form of
/// both insert ops; returns the destination type.
fn parse_slice_insertion(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<Type> {
    let source = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let lists = parse_slice_lists(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = element::parse_ranked_tensor(p)?;
    p.expect_keyword("into")?;
    let dst_ty = element::parse_ranked_tensor(p)?;
    let source = p.resolve_operand(&source, src_ty)?;
    let dest = p.resolve_operand(&dest, dst_ty)?;
    state.operands.extend([source, dest]);
    let [o, s, t] = add_slice_operands(p, state, lists)?;
    set_segments(p, state, &[1, 1, o, s, t]);
    Ok(dst_ty)
}

fn parse_parallel_insert_slice(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_slice_insertion(p, state).map(|_| ())
}

fn parse_insert_slice(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let dest = parse_slice_insertion(p, state)?;
    state.result_types.push(dest);
    Ok(())
}

/// Prints the form [`parse_slice_insertion`] reads.
fn print_slice_insertion(p: &mut OpPrinter<'_>, op: Op) {
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

/// The checks both insert ops share: one source, one destination, consistent lists.
fn verify_slice_insertion(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    if segment_values(ctx, op, 0).len() != 1 || segment_values(ctx, op, 1).len() != 1 {
        op_error(ctx, op, diags, "requires one source and one destination");
        return false;
    }
    verify_slice_lists(ctx, op, 2, diags)
}

fn verify_insert_slice(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !verify_slice_insertion(ctx, op, diags) {
        return;
    }
    let dest = ctx.value_type(ctx.operand(op, 1));
    if ctx.results(op).len() != 1 || ctx.value_type(ctx.result(op, 0)) != dest {
        let msg = "failed to verify that expected result type to match dest type";
        op_error(ctx, op, diags, msg);
        return;
    }
    let source = ctx.value_type(ctx.operand(op, 0));
    verify_slice_type(ctx, op, dest, source, diags);
}

fn verify_parallel_insert_slice(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !verify_slice_insertion(ctx, op, diags) {
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

#[cfg(test)]
mod tests {
    use crate::Context;
    use crate::asm::parser::{ParseOptions, parse_module};
    use crate::registry::{Effects, Traits};

    #[test]
    fn tensor_ops_touch_no_buffer() {
        let file = include_str!("../../../tests/ir/roundtrip/tensor.mlir");
        let mut names = Vec::new();
        for chunk in file.split("// -----") {
            let mut ctx = Context::new();
            let module = parse_module(&mut ctx, "t.mlir", chunk, &ParseOptions::default())
                .unwrap_or_else(|d| panic!("parse failed: {}", d.message));
            for op in ctx.walk_preorder(module) {
                let name = ctx.op_name_str(op);
                if !name.starts_with("tensor.") {
                    continue;
                }
                names.push(name.to_string());
                let none = Effects::Known(Default::default());
                assert_eq!(ctx.memory_effects(op), none, "{name} has no memory effect");
                let traits = ctx.op_def(op).traits;
                assert!(!traits.contains(Traits::VIEW_LIKE), "{name} is no view");
                assert!(
                    !traits.contains(Traits::ALLOCATION_LIKE),
                    "{name} allocates nothing"
                );
            }
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 17, "every tensor op is exercised: {names:?}");
    }
}
