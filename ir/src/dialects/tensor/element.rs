//! The `tensor` ops that read, build or re-type whole tensors element by element:
//! `tensor.cast`, `dim`, `rank`, `extract`, `insert`, `from_elements` and `splat`.
//!
//! Tensors are values, so every op here is pure: none has a memory effect, and `insert`
//! returns a new tensor rather than changing its destination.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::memref::{parse_dim, parse_square_operands, print_dim, resolve_indices_into};
use crate::dialects::syntax::{op_error, parse_cast_like, type_str};
use crate::entity::{Op, Type};
use crate::registry::{
    Count::{AtLeast, Exactly},
    OpCounts, Registry,
};
use crate::types::{DYNAMIC, TypeData};

/// Registers the element-wise tensor ops.
pub(super) fn register(reg: &mut Registry) {
    declare_ops! { reg;
        "tensor.cast" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_cast_like, print_cast,
            verify: verify_cast,
            hint: "cast",
        }
        "tensor.dim" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(2)),
            syntax: parse_dim, print_dim,
            verify: verify_dim,
            hint: "dim",
        }
        "tensor.rank" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_rank, print_operand_attrs_type,
            verify: verify_rank,
            hint: "rank",
        }
        "tensor.extract" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            syntax: parse_extract, print_extract,
            verify: verify_extract,
            hint: "extracted",
        }
        "tensor.insert" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(2)),
            syntax: parse_insert, print_insert,
            verify: verify_insert,
            hint: "inserted",
        }
        "tensor.from_elements" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(0)),
            syntax: parse_from_elements, print_from_elements,
            verify: verify_from_elements,
            hint: "from_elements",
        }
        "tensor.splat" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), AtLeast(1)),
            syntax: parse_splat, print_splat,
            verify: verify_splat,
            hint: "splat",
        }
    }
}

// ----- shared helpers -------------------------------------------------------------------------

/// The shape and element type of a ranked tensor type.
pub(super) fn ranked_tensor(ctx: &Context, ty: Type) -> Option<(&[i64], Type)> {
    match ctx.type_data(ty) {
        TypeData::Tensor { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

/// The element type of a ranked or unranked tensor type.
pub(super) fn tensor_elem(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_data(ty) {
        TypeData::Tensor { elem, .. } | TypeData::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

/// `'<type>'`.
pub(super) fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", type_str(ctx, ty))
}

/// Reports ODS's `<what> #i must be <kind>, but got '<type>'`.
pub(super) fn kind_error(
    ctx: &Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
    (what, i, ty): (&str, usize, Type),
    kind: &str,
) {
    let msg = format!("{what} #{i} must be {kind}, but got {}", quoted(ctx, ty));
    op_error(ctx, op, diags, msg);
}

/// Parses a type and requires a ranked tensor (`tensor<...>`), as ODS's `type($x)` does.
pub(super) fn parse_ranked_tensor(p: &mut OpParser<'_, '_>) -> PResult<Type> {
    let pos = p.cur_pos();
    let ty = p.parse_type()?;
    if ranked_tensor(p.ctx, ty).is_some() {
        return Ok(ty);
    }
    let msg = format!(
        "invalid kind of type specified: expected builtin.tensor, but found '{}'",
        p.type_str(ty)
    );
    p.error_at(pos, msg)
}

/// Prints `%tensor[%i, %j]` from the operands starting at `tensor`.
fn print_tensor_and_indices(p: &mut OpPrinter<'_>, op: Op, tensor: usize) {
    let operands = p.ctx.operand_array(op);
    p.print_operand(operands[tensor]);
    p.write("[");
    p.print_operands(&operands[tensor + 1..]);
    p.write("]");
}

/// Whether every operand from `first` on is an `index`; reports the first that is not.
fn expect_index_operands(ctx: &Context, op: Op, first: usize, diags: &mut Vec<Diagnostic>) -> bool {
    for i in first..ctx.num_operands(op) {
        let ty = ctx.value_type(ctx.operand(op, i));
        if !matches!(ctx.type_data(ty), TypeData::Index) {
            kind_error(ctx, op, diags, ("operand", i, ty), "variadic of index");
            return false;
        }
    }
    true
}

/// The number of dynamic dimensions of a ranked tensor type (0 for other types).
pub(super) fn dynamic_dims(ctx: &Context, ty: Type) -> usize {
    ranked_tensor(ctx, ty).map_or(0, |(shape, _)| {
        shape.iter().filter(|&&d| d == DYNAMIC).count()
    })
}

/// `incorrect number of dynamic sizes, has N, expected M` unless the op's operands from
/// `first` on size the dynamic dimensions of its result.
pub(super) fn verify_dynamic_sizes(
    ctx: &Context,
    op: Op,
    first: usize,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let expected = dynamic_dims(ctx, ctx.value_type(ctx.result(op, 0)));
    let has = ctx.num_operands(op).saturating_sub(first);
    if has != expected {
        let msg = format!("incorrect number of dynamic sizes, has {has}, expected {expected}");
        op_error(ctx, op, diags, msg);
    }
    has == expected
}

/// The printed form of `tensor<shape x elem>`.
pub(super) fn tensor_type_text(ctx: &Context, shape: &[i64], elem: Type) -> String {
    let dims: String = shape
        .iter()
        .map(|&d| {
            if d == DYNAMIC {
                "?x".to_string()
            } else {
                format!("{d}x")
            }
        })
        .collect();
    format!("tensor<{dims}{}>", type_str(ctx, elem))
}

/// The shape and element type of result 0, a ranked tensor; reports ODS's error if it is not.
pub(super) fn ranked_result<'c>(
    ctx: &'c Context,
    op: Op,
    diags: &mut Vec<Diagnostic>,
) -> Option<(&'c [i64], Type)> {
    let result = ctx.value_type(ctx.result(op, 0));
    let ranked = ranked_tensor(ctx, result);
    if ranked.is_none() {
        let kind = "ranked tensor of any type values";
        kind_error(ctx, op, diags, ("result", 0, result), kind);
    }
    ranked
}

/// Prints ` %operand attr-dict : type`, the form of `rank` and `yield`.
pub(super) fn print_operand_attrs_type(p: &mut OpPrinter<'_>, op: Op) {
    let source = p.ctx.operand(op, 0);
    p.write(" ");
    p.print_operand(source);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(source));
}

// ----- tensor.cast ----------------------------------------------------------------------------

fn print_cast(p: &mut OpPrinter<'_>, op: Op) {
    print_operand_attrs_type(p, op);
    p.write(" to ");
    p.print_value_types(p.ctx.results(op));
}

/// MLIR's `tensor::CastOp::areCastCompatible`: equal element types and shapes that agree
/// wherever both are known.
fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    if tensor_elem(ctx, a) != tensor_elem(ctx, b) {
        return false;
    }
    match (ranked_tensor(ctx, a), ranked_tensor(ctx, b)) {
        (Some((x, _)), Some((y, _))) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(&p, &q)| p == DYNAMIC || q == DYNAMIC || p == q)
        }
        _ => true,
    }
}

fn verify_cast(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (from, to) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.result(op, 0)),
    );
    const ANY_TENSOR: &str = "tensor of any type values";
    if tensor_elem(ctx, from).is_none() {
        kind_error(ctx, op, diags, ("operand", 0, from), ANY_TENSOR);
    } else if tensor_elem(ctx, to).is_none() {
        kind_error(ctx, op, diags, ("result", 0, to), ANY_TENSOR);
    } else if !cast_compatible(ctx, from, to) {
        let msg = format!(
            "operand type {} and result type {} are cast incompatible",
            quoted(ctx, from),
            quoted(ctx, to)
        );
        op_error(ctx, op, diags, msg);
    }
}

// ----- tensor.dim / tensor.rank ---------------------------------------------------------------

fn verify_dim(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let source = ctx.value_type(ctx.operand(op, 0));
    let ok = match ctx.type_data(source) {
        TypeData::Tensor { shape, .. } => !shape.is_empty(),
        TypeData::UnrankedTensor { .. } => true,
        _ => false,
    };
    if !ok {
        let kind = "non-0-ranked or unranked tensor";
        kind_error(ctx, op, diags, ("operand", 0, source), kind);
        return;
    }
    let index = ctx.value_type(ctx.operand(op, 1));
    if !matches!(ctx.type_data(index), TypeData::Index) {
        kind_error(ctx, op, diags, ("operand", 1, index), "index");
    }
}

fn parse_rank(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&source, ty)?);
    state.result_types.push(p.ctx.index_type());
    Ok(())
}

fn verify_rank(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let source = ctx.value_type(ctx.operand(op, 0));
    if tensor_elem(ctx, source).is_none() {
        kind_error(
            ctx,
            op,
            diags,
            ("operand", 0, source),
            "tensor of any type values",
        );
    }
}

// ----- tensor.extract / tensor.insert ---------------------------------------------------------

fn parse_extract(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_tensor(p)?;
    state.operands.push(p.resolve_operand(&source, ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)?;
    let elem = ranked_tensor(p.ctx, ty).map_or(ty, |(_, elem)| elem);
    state.result_types.push(elem);
    Ok(())
}

fn print_extract(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_tensor_and_indices(p, op, 0);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(p.ctx.operand(op, 0)));
}

/// Checks the index operands from `first` on against the rank of the tensor operand `tensor`.
fn verify_indexed(
    ctx: &Context,
    op: Op,
    (tensor, first): (usize, usize),
    diags: &mut Vec<Diagnostic>,
    msg: &str,
) -> Option<Type> {
    let ty = ctx.value_type(ctx.operand(op, tensor));
    let Some((shape, elem)) = ranked_tensor(ctx, ty) else {
        kind_error(
            ctx,
            op,
            diags,
            ("operand", tensor, ty),
            "ranked tensor of any type values",
        );
        return None;
    };
    if !expect_index_operands(ctx, op, first, diags) {
        return None;
    }
    if ctx.num_operands(op) - first != shape.len() {
        op_error(ctx, op, diags, msg);
        return None;
    }
    Some(elem)
}

fn verify_extract(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let msg = "incorrect number of indices for extract_element";
    let Some(elem) = verify_indexed(ctx, op, (0, 1), diags, msg) else {
        return;
    };
    if ctx.value_type(ctx.result(op, 0)) != elem {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that result type matches element type of tensor",
        );
    }
}

fn parse_insert(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let scalar = p.parse_operand()?;
    p.expect_keyword("into")?;
    let dest = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_tensor(p)?;
    let elem = ranked_tensor(p.ctx, ty).map_or(ty, |(_, elem)| elem);
    state.operands.push(p.resolve_operand(&scalar, elem)?);
    state.operands.push(p.resolve_operand(&dest, ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_insert(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    p.print_operand(p.ctx.operand(op, 0));
    p.write(" into ");
    print_tensor_and_indices(p, op, 1);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(p.ctx.operand(op, 1)));
}

fn verify_insert(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(elem) = verify_indexed(ctx, op, (1, 2), diags, "incorrect number of indices") else {
        return;
    };
    if ctx.value_type(ctx.operand(op, 0)) != elem {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that scalar type matches element type of dest",
        );
    } else if ctx.value_type(ctx.result(op, 0)) != ctx.value_type(ctx.operand(op, 1)) {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that result type matches type of dest",
        );
    }
}

// ----- tensor.from_elements / tensor.splat ----------------------------------------------------

fn parse_from_elements(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    let elements = p.parse_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_tensor(p)?;
    let (shape, elem) = ranked_tensor(p.ctx, ty).map_or((Vec::new(), ty), |(s, e)| (s.to_vec(), e));
    let count: i64 = if shape.contains(&DYNAMIC) {
        0
    } else {
        shape.iter().product()
    };
    if usize::try_from(count).ok() != Some(elements.len()) {
        let msg = format!(
            "number of operands and types do not match: got {} operands and {count} types",
            elements.len()
        );
        return p.custom_error_at(pos, msg);
    }
    p.resolve_operands_into(&elements, elem, &mut state.operands)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_from_elements(p: &mut OpPrinter<'_>, op: Op) {
    // As MLIR prints it: two spaces before the colon when there are no elements.
    p.write(" ");
    p.print_operands(&p.ctx.operand_array(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(p.ctx.results(op));
}

fn verify_from_elements(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.result(op, 0));
    let static_shape = ranked_tensor(ctx, ty).filter(|(shape, _)| !shape.contains(&DYNAMIC));
    let Some((shape, elem)) = static_shape else {
        kind_error(
            ctx,
            op,
            diags,
            ("result", 0, ty),
            "statically shaped tensor of any type values",
        );
        return;
    };
    let count: i64 = shape.iter().product();
    let operands = ctx.operand_array(op);
    let fits = usize::try_from(count).ok() == Some(operands.len())
        && operands.iter().all(|&v| ctx.value_type(v) == elem);
    if !fits {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that operand types match result element type",
        );
    }
}

fn parse_splat(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let input = p.parse_operand()?;
    let sizes = if p.tok_kind() == TokKind::LSquare {
        parse_square_operands(p)?
    } else {
        Vec::new()
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_tensor(p)?;
    let elem = ranked_tensor(p.ctx, ty).map_or(ty, |(_, elem)| elem);
    state.operands.push(p.resolve_operand(&input, elem)?);
    resolve_indices_into(p, &sizes, &mut state.operands)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_splat(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operand(operands[0]);
    if operands.len() > 1 {
        p.write("[");
        p.print_operands(&operands[1..]);
        p.write("]");
    }
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(p.ctx.results(op));
}

fn verify_splat(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some((_, elem)) = ranked_tensor(ctx, ty) else {
        kind_error(
            ctx,
            op,
            diags,
            ("result", 0, ty),
            "ranked tensor of any type values",
        );
        return;
    };
    if ctx.value_type(ctx.operand(op, 0)) != elem {
        let msg = "failed to verify that operand type matches element type of result";
        op_error(ctx, op, diags, msg);
        return;
    }
    if expect_index_operands(ctx, op, 1, diags) {
        verify_dynamic_sizes(ctx, op, 1, diags);
    }
}
