//! The `tensor` ops that make a tensor of a new shape: `tensor.pad` and `tensor.generate`
//! (with their body's `tensor.yield`), `tensor.concat`, `tensor.collapse_shape` and
//! `tensor.expand_shape`.
//!
//! As every tensor op, they are values only: `pad`, `concat` and the reshapes are pure, and
//! `generate` has exactly the effects of its body.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::memref::{parse_reassociation, print_reassociation, reassociation_of};
use crate::dialects::syntax::{
    add_attr, dense_array, op_error, parse_dynamic_index_list, print_dynamic_index_list,
    segment_values, set_segments,
};
use crate::entity::{Op, Type};
use crate::registry::{
    Count::{AtLeast, Exactly},
    OpCounts, Registry,
};
use crate::types::{DYNAMIC, TypeData};

use super::element::{
    kind_error, parse_ranked_tensor, print_operand_attrs_type, quoted, ranked_result,
    ranked_tensor, tensor_type_text, verify_dynamic_sizes,
};

/// The properties of `tensor.pad`, elided from its custom form's attr-dict.
const PAD_ATTRS: [&str; 4] = ["nofold", "operandSegmentSizes", "static_high", "static_low"];

/// Registers the shape-making tensor ops.
pub(super) fn register(reg: &mut Registry) {
    declare_ops! { reg;
        "tensor.pad" {
            traits: [PURE, SINGLE_BLOCK],
            counts: OpCounts::new(Exactly(1), AtLeast(1)).segmented(3).regions(Exactly(1)),
            attrs: ["nofold", "operandSegmentSizes", "static_high", "static_low"],
            syntax: parse_pad, print_pad,
            verify: verify_pad,
            hint: "padded",
        }
        "tensor.generate" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
            counts: OpCounts::new(Exactly(1), AtLeast(0)).regions(Exactly(1)),
            syntax: parse_generate, print_generate,
            verify: verify_generate,
            hint: "generated",
        }
        "tensor.yield" {
            traits: [PURE, TERMINATOR],
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            syntax: parse_yield, print_operand_attrs_type,
            verify: verify_yield,
        }
        "tensor.concat" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            attrs: ["dim"],
            syntax: parse_concat, print_concat,
            verify: verify_concat,
            hint: "concat",
        }
        "tensor.collapse_shape" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            attrs: ["reassociation"],
            syntax: parse_collapse_shape, print_collapse_shape,
            verify: verify_collapse_shape,
            hint: "collapsed",
        }
        "tensor.expand_shape" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            attrs: ["reassociation", "static_output_shape"],
            syntax: parse_expand_shape, print_expand_shape,
            verify: verify_expand_shape,
            hint: "expanded",
        }
    }
}

/// The type of result 0 and of operand `i`.
fn result_and_operand(ctx: &Context, op: Op, i: usize) -> (Type, Type) {
    (
        ctx.value_type(ctx.result(op, 0)),
        ctx.value_type(ctx.operand(op, i)),
    )
}

/// The body's yielded value type, if the body ends in a `tensor.yield` of one value.
fn yielded_type(ctx: &Context, op: Op) -> Option<Type> {
    let block = ctx.entry_block(*ctx.regions(op).first()?)?;
    let last = ctx.last_op(block)?;
    (ctx.op_name_str(last) == "tensor.yield" && ctx.num_operands(last) == 1)
        .then(|| ctx.value_type(ctx.operand(last, 0)))
}

/// Checks that the body takes one `index` per dimension of `rank`; the messages differ
/// between `pad` and `generate`, as in MLIR.
fn verify_index_arguments(
    ctx: &Context,
    op: Op,
    rank: usize,
    diags: &mut Vec<Diagnostic>,
    is_pad: bool,
) -> bool {
    let Some(block) = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r)) else {
        return true;
    };
    let args = ctx.block_args(block);
    let loc = ctx.op_loc(op);
    if args.len() != rank {
        let msg = if is_pad {
            format!("expected the block to have {rank} arguments")
        } else {
            "must have one body argument per input dimension".to_string()
        };
        diags.push(Diagnostic::error(loc, msg));
        return false;
    }
    let not_index = args
        .iter()
        .position(|&a| !matches!(ctx.type_data(ctx.value_type(a)), TypeData::Index));
    match not_index {
        None => true,
        Some(k) if is_pad => {
            let msg = format!("expected block argument {} to be an index", k + 1);
            op_error(ctx, op, diags, msg);
            false
        }
        Some(_) => {
            diags.push(Diagnostic::error(loc, "all body arguments must be index"));
            false
        }
    }
}

// ----- tensor.pad -----------------------------------------------------------------------------

fn parse_pad(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    if p.eat_keyword("nofold") {
        let unit = p.ctx.unit_attr();
        add_attr(p, state, "nofold", unit);
    }
    p.expect_keyword("low")?;
    let (low, static_low) = parse_dynamic_index_list(p)?;
    p.expect_keyword("high")?;
    let (high, static_high) = parse_dynamic_index_list(p)?;
    state.regions.push(p.parse_region(None)?);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src_ty = parse_ranked_tensor(p)?;
    p.expect_keyword("to")?;
    let dst_ty = parse_ranked_tensor(p)?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    let index = p.ctx.index_type();
    p.resolve_operands_into(&low, index, &mut state.operands)?;
    p.resolve_operands_into(&high, index, &mut state.operands)?;
    for (name, statics) in [("static_low", &static_low), ("static_high", &static_high)] {
        let attr = p.ctx.dense_i64_array(statics);
        add_attr(p, state, name, attr);
    }
    set_segments(p, state, &[1, low.len() as i32, high.len() as i32]);
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_pad(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    p.print_operand(p.ctx.operand(op, 0));
    if p.ctx.get_attr(op, "nofold").is_some() {
        p.write(" nofold");
    }
    for (k, (keyword, name)) in [(" low", "static_low"), (" high", "static_high")]
        .into_iter()
        .enumerate()
    {
        p.write(keyword);
        let statics = dense_array(p.ctx, op, name).unwrap_or_default();
        print_dynamic_index_list(p, &statics, &segment_values(p.ctx, op, k + 1));
    }
    p.write(" ");
    p.print_region(p.ctx.regions(op)[0], true, true);
    p.print_optional_attr_dict(op, &PAD_ATTRS);
    p.write(" : ");
    p.print_type(p.ctx.value_type(p.ctx.operand(op, 0)));
    p.write(" to ");
    p.print_value_types(p.ctx.results(op));
}

/// MLIR's `PadOp::inferResultType`: each dimension grows by its padding, and is dynamic
/// where the size or a padding is.
fn inferred_pad_shape(source: &[i64], low: &[i64], high: &[i64]) -> Option<Vec<i64>> {
    if low.len() != source.len() || high.len() != source.len() {
        return None;
    }
    let grown = |((&s, &l), &h): ((&i64, &i64), &i64)| {
        if [s, l, h].contains(&DYNAMIC) {
            DYNAMIC
        } else {
            s + l + h
        }
    };
    Some(source.iter().zip(low).zip(high).map(grown).collect())
}

fn verify_pad(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (result, source) = result_and_operand(ctx, op, 0);
    let (Some((src_shape, elem)), Some((dst_shape, _))) =
        (ranked_tensor(ctx, source), ranked_tensor(ctx, result))
    else {
        kind_error(
            ctx,
            op,
            diags,
            ("operand", 0, source),
            "ranked tensor of any type values",
        );
        return;
    };
    let low = dense_array(ctx, op, "static_low").unwrap_or_default();
    let high = dense_array(ctx, op, "static_high").unwrap_or_default();
    let loc = ctx.op_loc(op);
    let Some(expected) = inferred_pad_shape(src_shape, &low, &high) else {
        let msg = format!(
            "failed to infer expectedType from sourceType {}, specified resultType is {}",
            quoted(ctx, source),
            quoted(ctx, result)
        );
        diags.push(Diagnostic::error(loc, msg));
        return;
    };
    let fits = expected.len() == dst_shape.len()
        && expected
            .iter()
            .zip(dst_shape)
            .all(|(&e, &r)| e == DYNAMIC || e == r);
    if !fits {
        let inferred = tensor_type_text(ctx, &expected, elem);
        let msg = format!(
            "specified type {} does not match the inferred type '{inferred}'",
            quoted(ctx, result)
        );
        diags.push(Diagnostic::error(loc, msg));
        return;
    }
    if !verify_index_arguments(ctx, op, src_shape.len(), diags, true) {
        return;
    }
    if yielded_type(ctx, op).is_some_and(|ty| ty != elem) {
        op_error(
            ctx,
            op,
            diags,
            "expected yield type to match shape element type",
        );
    }
}

// ----- tensor.generate / tensor.yield ---------------------------------------------------------

fn parse_generate(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let sizes = p.parse_operand_list()?;
    state.regions.push(p.parse_region(None)?);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_tensor(p)?;
    let index = p.ctx.index_type();
    p.resolve_operands_into(&sizes, index, &mut state.operands)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_generate(p: &mut OpPrinter<'_>, op: Op) {
    let sizes = p.ctx.operand_array(op);
    // As MLIR prints it: two spaces before the body when there are no extents.
    p.write(" ");
    p.print_operands(&sizes);
    p.write(" ");
    p.print_region(p.ctx.regions(op)[0], true, true);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(p.ctx.results(op));
}

fn verify_generate(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some((shape, elem)) = ranked_result(ctx, op, diags) else {
        return;
    };
    if !verify_dynamic_sizes(ctx, op, 0, diags)
        || !verify_index_arguments(ctx, op, shape.len(), diags, false)
    {
        return;
    }
    if yielded_type(ctx, op).is_some_and(|ty| ty != elem) {
        let msg = "body must be terminated with a `yield` operation of the tensor element type";
        op_error(ctx, op, diags, msg);
    }
}

fn parse_yield(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&value, ty)?);
    Ok(())
}

fn verify_yield(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let in_body = ctx
        .parent_op(op)
        .is_some_and(|parent| matches!(ctx.op_name_str(parent), "tensor.generate" | "tensor.pad"));
    if !in_body {
        let msg = "expects parent op to be one of 'tensor.generate, tensor.pad'";
        op_error(ctx, op, diags, msg);
    }
}

// ----- tensor.concat --------------------------------------------------------------------------

fn parse_concat(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.expect_keyword("dim")?;
    p.expect(TokKind::LParen, "(")?;
    let pos = p.cur_pos();
    let dim = p.parse_integer()?;
    let i64_ty = p.ctx.int_type(64);
    let attr = p.make_int_attr(dim, i64_ty, pos)?;
    add_attr(p, state, "dim", attr);
    p.expect(TokKind::RParen, ")")?;
    let inputs = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let pos = p.cur_pos();
    let ty = p.parse_type()?;
    let TypeData::Function {
        inputs: types,
        results,
    } = p.ctx.type_data(ty).clone()
    else {
        return p.error_at(
            pos,
            "invalid kind of type specified: expected builtin.function",
        );
    };
    p.resolve_operands_typed_into(&inputs, &types, pos, &mut state.operands)?;
    state.result_types.extend(results);
    Ok(())
}

fn print_concat(p: &mut OpPrinter<'_>, op: Op) {
    let dim = crate::dialects::syntax::int_attr(p.ctx, op, "dim").unwrap_or(0);
    p.write(&format!(" dim({dim}) "));
    let inputs = p.ctx.operand_array(op);
    p.print_operands(&inputs);
    p.print_optional_attr_dict(op, &["dim"]);
    p.write(" : (");
    p.print_value_types(&inputs);
    p.write(") -> ");
    p.print_value_types(p.ctx.results(op));
}

/// MLIR's `ConcatOp::inferResultType`: the sizes add up along `dim` and agree elsewhere.
fn concat_shape(
    ctx: &Context,
    op: Op,
    inputs: &[&[i64]],
    dim: usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<i64>> {
    let mut shape = inputs[0].to_vec();
    for (d, size) in shape.iter_mut().enumerate() {
        let sizes = inputs.iter().map(|s| s[d]);
        if d == dim {
            *size = sizes.clone().sum();
            if sizes.clone().any(|s| s == DYNAMIC) {
                *size = DYNAMIC;
            }
            continue;
        }
        for s in sizes.filter(|&s| s != DYNAMIC) {
            if *size != DYNAMIC && *size != s {
                let msg = format!(
                    "static concatenation size mismatch along non-concatenated dimension {d}"
                );
                op_error(ctx, op, diags, msg);
                return None;
            }
            *size = s;
        }
    }
    Some(shape)
}

fn verify_concat(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some((dst_shape, elem)) = ranked_result(ctx, op, diags) else {
        return;
    };
    let result = ctx.value_type(ctx.result(op, 0));
    let mut inputs = Vec::new();
    for (i, &v) in ctx.operand_array(op).iter().enumerate() {
        let ty = ctx.value_type(v);
        let Some((shape, e)) = ranked_tensor(ctx, ty) else {
            kind_error(
                ctx,
                op,
                diags,
                ("operand", i, ty),
                "variadic of ranked tensor of any type values",
            );
            return;
        };
        if e != elem {
            op_error(ctx, op, diags, "inputs and result element type must match");
            return;
        }
        if shape.len() != dst_shape.len() {
            op_error(
                ctx,
                op,
                diags,
                "rank of concatenated inputs must match result rank",
            );
            return;
        }
        inputs.push(shape);
    }
    let dim = crate::dialects::syntax::int_attr(ctx, op, "dim").unwrap_or(-1);
    let Some(dim) = usize::try_from(dim).ok().filter(|&d| d < dst_shape.len()) else {
        op_error(
            ctx,
            op,
            diags,
            "concatenation dim must be less than the tensor rank",
        );
        return;
    };
    let Some(inferred) = concat_shape(ctx, op, &inputs, dim, diags) else {
        return;
    };
    let fits = inferred
        .iter()
        .zip(dst_shape)
        .all(|(&i, &r)| i == DYNAMIC || r == DYNAMIC || i == r);
    if !fits {
        let msg = format!(
            "result type {}does not match inferred shape '{}' static sizes",
            quoted(ctx, result),
            tensor_type_text(ctx, &inferred, elem)
        );
        op_error(ctx, op, diags, msg);
    }
}

// ----- tensor.collapse_shape / tensor.expand_shape --------------------------------------------

fn parse_collapse_shape(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    parse_reassociation(p, state)?;
    let (src_ty, dst_ty) = parse_attrs_and_types(p, state)?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    state.result_types.push(dst_ty);
    Ok(())
}

/// Parses the attr-dict and `: <source type> into <result type>`.
fn parse_attrs_and_types(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<(Type, Type)> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let src = parse_ranked_tensor(p)?;
    p.expect_keyword("into")?;
    let dst = parse_ranked_tensor(p)?;
    Ok((src, dst))
}

fn print_collapse_shape(p: &mut OpPrinter<'_>, op: Op) {
    print_source_and_reassociation(p, op);
    p.print_optional_attr_dict(op, &["reassociation"]);
    print_types_into(p, op);
}

fn print_source_and_reassociation(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    p.print_operand(p.ctx.operand(op, 0));
    p.write(" ");
    print_reassociation(p, op);
}

fn print_types_into(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" : ");
    p.print_type(p.ctx.value_type(p.ctx.operand(op, 0)));
    p.write(" into ");
    p.print_value_types(p.ctx.results(op));
}

fn parse_expand_shape(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    parse_reassociation(p, state)?;
    p.expect_keyword("output_shape")?;
    let (sizes, statics) = parse_dynamic_index_list(p)?;
    let (src_ty, dst_ty) = parse_attrs_and_types(p, state)?;
    state.operands.push(p.resolve_operand(&source, src_ty)?);
    let index = p.ctx.index_type();
    p.resolve_operands_into(&sizes, index, &mut state.operands)?;
    let attr = p.ctx.dense_i64_array(&statics);
    add_attr(p, state, "static_output_shape", attr);
    state.result_types.push(dst_ty);
    Ok(())
}

fn print_expand_shape(p: &mut OpPrinter<'_>, op: Op) {
    print_source_and_reassociation(p, op);
    p.write(" output_shape ");
    let statics = dense_array(p.ctx, op, "static_output_shape").unwrap_or_default();
    let operands = p.ctx.operand_array(op);
    print_dynamic_index_list(p, &statics, &operands[1..]);
    p.print_optional_attr_dict(op, &["reassociation", "static_output_shape"]);
    print_types_into(p, op);
}

/// MLIR's `verifyTensorReshapeOp`: `groups` map the dimensions of `expanded` contiguously onto
/// those of `collapsed`, and each collapsed size is the product of its group's sizes.
fn verify_reshape(
    ctx: &Context,
    op: Op,
    (expanded, collapsed): (&[i64], &[i64]),
    diags: &mut Vec<Diagnostic>,
) {
    let Some(groups) = ctx
        .get_attr(op, "reassociation")
        .and_then(|a| reassociation_of(ctx, a))
    else {
        op_error(ctx, op, diags, "requires attribute 'reassociation'");
        return;
    };
    if expanded.len() < collapsed.len() {
        let msg = format!(
            "expected the expanded type to have a higher (or same) rank than the collapsed type ({} < {})",
            expanded.len(),
            collapsed.len()
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    if groups.len() != collapsed.len() {
        let msg = format!(
            "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
            collapsed.len(),
            groups.len()
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    if collapsed.is_empty() {
        // As in MLIR, a collapse to rank 0 is not checked further.
        return;
    }
    let mut next = 0i64;
    for (k, group) in groups.iter().enumerate() {
        let contiguous =
            !group.is_empty() && group.iter().enumerate().all(|(j, &d)| d == next + j as i64);
        next += group.len() as i64;
        if !contiguous || next > expanded.len() as i64 {
            let msg = format!("expected reassociation map #{k} to be valid and contiguous.");
            op_error(ctx, op, diags, msg);
            return;
        }
    }
    if next != expanded.len() as i64 {
        let msg = format!(
            "expected expanded rank ({}) to equal the number of reassociated dims ({next}).",
            expanded.len()
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    for (k, group) in groups.iter().enumerate() {
        let sizes = group.iter().map(|&d| expanded[d as usize]);
        let msg = if sizes.clone().any(|s| s == DYNAMIC) {
            (collapsed[k] != DYNAMIC).then(|| {
                format!("expected dimension {k} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic")
            })
        } else {
            let product: i64 = sizes.product();
            (collapsed[k] != product).then(|| {
                format!("expected dimension {k} of collapsed type to be static value of {product}")
            })
        };
        if let Some(msg) = msg {
            op_error(ctx, op, diags, msg);
            return;
        }
    }
}

/// The shapes of the source and result of a reshape, both ranked tensors.
fn reshape_shapes<'c>(
    ctx: &'c Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
) -> Option<(&'c [i64], &'c [i64])> {
    let (result, source) = result_and_operand(ctx, op, 0);
    let Some((src, _)) = ranked_tensor(ctx, source) else {
        kind_error(
            ctx,
            op,
            diags,
            ("operand", 0, source),
            "ranked tensor of any type values",
        );
        return None;
    };
    let Some((dst, _)) = ranked_tensor(ctx, result) else {
        kind_error(
            ctx,
            op,
            diags,
            ("result", 0, result),
            "ranked tensor of any type values",
        );
        return None;
    };
    Some((src, dst))
}

fn verify_collapse_shape(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if let Some((src, dst)) = reshape_shapes(ctx, op, diags) {
        verify_reshape(ctx, op, (src, dst), diags);
    }
}

fn verify_expand_shape(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some((src, dst)) = reshape_shapes(ctx, op, diags) else {
        return;
    };
    let statics = dense_array(ctx, op, "static_output_shape").unwrap_or_default();
    if statics.len() != dst.len() {
        let msg = format!(
            "expected number of static shape dims to be equal to the output rank ({}) but found {} inputs instead",
            dst.len(),
            statics.len()
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    let operands = ctx.num_operands(op) - 1;
    if dynamic != operands {
        let msg = format!(
            "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {operands} values"
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    verify_reshape(ctx, op, (dst, src), diags);
}
