//! The `ins(...) outs(...)` syntax of structured ops and the checks every structured op
//! shares (MLIR's `LinalgStructuredInterface` and destination-style verifiers).

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::asm::printer::affine_map_text;
use crate::attrs::{AffineExpr, AffineMap};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{op_error, type_str, types_of};
use crate::entity::{Op, Type, Value};
use crate::types::{DYNAMIC, TypeData};

use super::maps;

/// The element type of a shaped type, or the type itself (a scalar operand such as
/// `linalg.fill`'s value).
pub fn element_type(ctx: &Context, ty: Type) -> Type {
    match ctx.type_data(ty) {
        TypeData::MemRef { elem, .. } | TypeData::Tensor { elem, .. } => *elem,
        _ => ty,
    }
}

fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Tensor { .. })
}

fn is_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::MemRef { .. })
}

/// Parses `keyword(%a, %b : t1, t2)` if `keyword` is next, resolving the operands into
/// `state`; returns how many there were.
fn parse_operand_group(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    keyword: &str,
) -> PResult<usize> {
    if !p.eat_keyword(keyword) {
        return Ok(0);
    }
    p.expect(TokKind::LParen, "(")?;
    let pos = p.cur_pos();
    let operands = p.parse_operand_list()?;
    let mut types = Vec::new();
    if !operands.is_empty() {
        p.expect(TokKind::Colon, ":")?;
        types = p.parse_comma_list(|p| p.parse_type())?;
    }
    p.expect(TokKind::RParen, ")")?;
    p.resolve_operands_typed_into(&operands, &types, pos, &mut state.operands)?;
    Ok(operands.len())
}

/// Parses the optional `ins(...)` then `outs(...)` groups; returns the two counts.
pub fn parse_ins_outs(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<(usize, usize)> {
    let inputs = parse_operand_group(p, state, "ins")?;
    let outputs = parse_operand_group(p, state, "outs")?;
    Ok((inputs, outputs))
}

/// Parses `-> t1, t2` if an arrow is next, adding the result types.
pub fn parse_optional_results(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if p.eat(TokKind::Arrow) {
        let types = p.parse_comma_list(|p| p.parse_type())?;
        state.result_types.extend(types);
    }
    Ok(())
}

fn print_operand_group(p: &mut OpPrinter<'_>, keyword: &str, values: &[Value]) {
    if values.is_empty() {
        return;
    }
    p.write(" ");
    p.write(keyword);
    p.write("(");
    p.print_operands(values);
    p.write(" : ");
    p.print_types(&types_of(p.ctx, values));
    p.write(")");
}

/// Prints ` ins(...) outs(...)`, each group only when it has operands.
pub fn print_ins_outs(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    let inputs = maps::num_inputs(p.ctx, op).min(operands.len());
    print_operand_group(p, "ins", &operands[..inputs]);
    print_operand_group(p, "outs", &operands[inputs..]);
}

/// Prints ` -> t1, t2` when the op has results.
pub fn print_results(p: &mut OpPrinter<'_>, op: Op) {
    if p.ctx.results(op).is_empty() {
        return;
    }
    p.write(" -> ");
    p.print_value_types(p.ctx.results(op));
}

/// The checks every structured op passes: buffer or tensor semantics, one result per tensor
/// output, maps that fit the operands and agree on the loop sizes, and body arguments of the
/// operands' element types. Returns whether the op passed.
pub fn verify_structured(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    verify_semantics(ctx, op, diags)
        && verify_maps(ctx, op, diags)
        && verify_shapes(ctx, op, diags)
        && verify_body_args(ctx, op, diags)
}

fn verify_semantics(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let types: Vec<Type> = ctx.operands(op).map(|v| ctx.value_type(v)).collect();
    let any_tensor = types.iter().any(|&t| is_tensor(ctx, t));
    let any_memref = types.iter().any(|&t| is_memref(ctx, t));
    if any_tensor && any_memref {
        op_error(
            ctx,
            op,
            diags,
            "expected to have pure tensor or buffer semantics",
        );
        return false;
    }
    let inputs = maps::num_inputs(ctx, op);
    let tensor_outs = types
        .iter()
        .skip(inputs)
        .filter(|&&t| is_tensor(ctx, t))
        .count();
    let results = ctx.results(op).len();
    if tensor_outs != results {
        let msg = format!(
            "expected the number of tensor results ({results}) to be equal to the number of output tensors ({tensor_outs})"
        );
        op_error(ctx, op, diags, msg);
        return false;
    }
    true
}

fn verify_maps(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(maps) = maps::indexing_maps(ctx, op) else {
        op_error(ctx, op, diags, "expected valid indexing maps");
        return false;
    };
    let operands = ctx.num_operands(op);
    if maps.len() != operands {
        let msg = format!(
            "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({operands})",
            maps.len()
        );
        op_error(ctx, op, diags, msg);
        return false;
    }
    let loops = super::generic::num_loops(ctx, op)
        .unwrap_or_else(|| maps.first().map_or(0, |map| map.num_dims as usize));
    for (i, map) in maps.iter().enumerate() {
        if map.num_symbols != 0 {
            op_error(
                ctx,
                op,
                diags,
                format!("unexpected symbols in indexing_map #{i}"),
            );
            return false;
        }
        if map.num_dims as usize != loops {
            let msg = format!(
                "expected indexing_map #{i} to have {loops} dim(s) to match the number of loops"
            );
            op_error(ctx, op, diags, msg);
            return false;
        }
        let rank = maps::rank(ctx, ctx.value_type(ctx.operand(op, i)));
        if map.results.len() != rank {
            let msg = format!(
                "expected operand #{i} rank ({rank}) to match the result rank of indexing_map ({})",
                map.results.len()
            );
            op_error(ctx, op, diags, msg);
            return false;
        }
    }
    true
}

/// MLIR's check of operand shapes against the loop ranges: each loop runs over the size of the
/// first operand dimension its bare variable indexes (the maps must give every loop one); when
/// every range is static, each map result evaluated at the first and last iteration must stay
/// within its dimension, and a bare loop variable's dimension must equal its range.
fn verify_shapes(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(maps) = maps::indexing_maps(ctx, op) else {
        return true;
    };
    let shapes: Vec<&[i64]> = ctx
        .operands(op)
        .map(|v| maps::shape(ctx, ctx.value_type(v)).unwrap_or_default())
        .collect();
    let Some(ranges) = maps::loop_ranges(&maps, &shapes) else {
        let concatenated = AffineMap {
            num_dims: maps.first().map_or(0, |m| m.num_dims),
            num_symbols: 0,
            results: maps
                .iter()
                .flat_map(|m| m.results.iter().cloned())
                .collect(),
        };
        let text = affine_map_text(&concatenated);
        op_error(
            ctx,
            op,
            diags,
            format!("invalid indexing maps are non-invertible: ({text})"),
        );
        return false;
    };
    if ranges.contains(&DYNAMIC) {
        return true;
    }
    let first = vec![0; ranges.len()];
    let last: Vec<i64> = ranges.iter().map(|r| r - 1).collect();
    for (i, (map, shape)) in maps.iter().zip(&shapes).enumerate() {
        for (j, (expr, &size)) in map.results.iter().zip(shape.iter()).enumerate() {
            if size == DYNAMIC || size == 0 {
                continue;
            }
            let (Some(a), Some(b)) = (maps::eval(expr, &first), maps::eval(expr, &last)) else {
                continue;
            };
            if let Some(msg) = index_range_error((i, j), (a, b), expr, size, map) {
                op_error(ctx, op, diags, msg);
                return false;
            }
        }
    }
    true
}

/// The error, if any, of dimension `j` of operand `i` (sized `size`) whose map result `expr`
/// takes the values `ends` at the first and last iteration.
fn index_range_error(
    (i, j): (usize, usize),
    (a, b): (i64, i64),
    expr: &AffineExpr,
    size: i64,
    map: &AffineMap,
) -> Option<String> {
    if a.min(b) < 0 {
        let text = affine_map_text(map);
        return Some(format!(
            "unexpected result less than 0 at expression #{j} in {text}"
        ));
    }
    let inferred = a.max(b) + 1;
    let prefix = format!("inferred input/output operand #{i} has shape's dimension #{j} to be");
    match expr {
        AffineExpr::Dim(_) if inferred != size => {
            Some(format!("{prefix} {inferred}, but found {size}"))
        }
        AffineExpr::Dim(_) => None,
        _ if inferred > size => Some(format!(
            "{prefix} greater than or equal to {inferred}, but found {size}"
        )),
        _ => None,
    }
}

fn verify_body_args(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(block) = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r)) else {
        op_error(ctx, op, diags, "expected a region with one block");
        return false;
    };
    let args = ctx.block_args(block);
    if args.len() != ctx.num_operands(op) {
        op_error(
            ctx,
            op,
            diags,
            "expected as many non-induction variable region arguments as the number of input/output operands",
        );
        return false;
    }
    for (i, (&arg, operand)) in args.iter().zip(ctx.operands(op)).enumerate() {
        let expected = element_type(ctx, ctx.value_type(operand));
        let actual = ctx.value_type(arg);
        if actual != expected {
            let msg = format!(
                "expected type of bb argument #{i} ('{}') to match element or self type of the corresponding operand ('{}')",
                type_str(ctx, actual),
                type_str(ctx, expected)
            );
            op_error(ctx, op, diags, msg);
            return false;
        }
    }
    true
}
