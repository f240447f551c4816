//! `vector.contract`: a generalized contraction of two vectors into an accumulator.
//!
//! `%r = vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel",
//! "reduction"], kind = #vector.kind<add>} %lhs, %rhs, %acc [{attrs}] : L, R into A`.
//! The leading dictionary holds the three properties (`kind` defaults to `add` and is always
//! printed); iterator types are written as strings and stored as `#vector.iterator_type<...>`,
//! as `mlir-opt-22` stores them. For every point of the iteration domain the product of the
//! `lhs` and `rhs` elements the maps select is combined into the accumulator element the third
//! map selects. The op is pure; masks are not supported (the parser rejects the extra operands,
//! with `mlir-opt-22`'s message when their count is wrong).

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::{AffineExpr, AffineMap, AttrData};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, affine_maps_of, iterator_kind, iterator_types_from_strings, op_error,
    print_trait_dict, type_str,
};
use crate::entity::{Op, Type};
use crate::registry::{OpDef, Registry, Traits};
use crate::types::TypeData;

use super::{REDUCTION_KINDS, reduction_kind};

/// The properties, in the order the leading dictionary prints them.
const PROPERTIES: [&str; 3] = ["indexing_maps", "iterator_types", "kind"];

/// Registers `vector.contract`.
pub(super) fn register(reg: &mut Registry) {
    let mut def = OpDef::new("vector.contract");
    def.traits = Traits::PURE;
    def.parse = Some(parse_contract);
    def.print = Some(print_contract);
    def.verify = Some(verify_contract);
    def.inherent_attrs = &PROPERTIES;
    reg.register(def);
}

/// The indexing maps of a contraction (lhs, rhs, acc), if well formed.
pub fn contract_maps(ctx: &Context, op: Op) -> Option<Vec<AffineMap>> {
    affine_maps_of(ctx, ctx.get_attr(op, "indexing_maps")?)
}

/// Whether iterator `index` of a contraction is a reduction.
pub fn is_reduction_iterator(ctx: &Context, op: Op, index: usize) -> bool {
    iterator_kinds(ctx, op)
        .and_then(|kinds| kinds.get(index).copied())
        .is_some_and(|k| k == "reduction")
}

/// The iterator kinds (`parallel` / `reduction`) of a contraction.
fn iterator_kinds(ctx: &Context, op: Op) -> Option<Vec<&'static str>> {
    let AttrData::Array(items) = ctx.attr_data(ctx.get_attr(op, "iterator_types")?) else {
        return None;
    };
    items
        .iter()
        .map(|&a| iterator_kind(ctx.attr_data(a), "vector"))
        .collect()
}

// ----- syntax ----------------------------------------------------------------------------------

fn parse_contract(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    p.parse_attr_dict_into(&mut state.attrs)?;
    let iterators = p.ctx.sym("iterator_types");
    let entry = state.attrs.iter_mut().find(|(n, _)| *n == iterators);
    match entry {
        Some(entry) if matches!(p.ctx.attr_data(entry.1), AttrData::Array(_)) => {
            entry.1 = iterator_types_from_strings(p, entry.1, pos, "vector")?;
        }
        _ => return p.custom_error_at(pos, "expected \"iterator_types\" array attribute"),
    }
    if state.attrs.iter().all(|(n, _)| p.ctx.sym_str(*n) != "kind") {
        let add = p.ctx.attr(AttrData::Opaque("vector.kind<add>".into()));
        add_attr(p, state, "kind", add);
    }
    let lhs = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let rhs = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let acc = p.parse_operand()?;
    let mut masks = 0;
    while p.eat(TokKind::Comma) {
        p.parse_operand()?;
        masks += 1;
    }
    if masks > 0 {
        let msg = if masks == 2 {
            "custom op 'vector.contract' with mask operands is not supported"
        } else {
            "custom op 'vector.contract' expected zero or exactly 2 vector mask operands"
        };
        return Err(Diagnostic::error(state.loc, msg));
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let lhs_type = p.parse_type()?;
    p.expect(TokKind::Comma, ",")?;
    let rhs_type = p.parse_type()?;
    p.expect_keyword("into")?;
    let result = p.parse_type()?;
    state.operands.push(p.resolve_operand(&lhs, lhs_type)?);
    state.operands.push(p.resolve_operand(&rhs, rhs_type)?);
    state.operands.push(p.resolve_operand(&acc, result)?);
    state.result_types.push(result);
    Ok(())
}

fn print_contract(p: &mut OpPrinter<'_>, op: Op) {
    print_trait_dict(p, op, &PROPERTIES, "vector");
    p.write(" ");
    let operands = p.ctx.operand_array(op);
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &PROPERTIES);
    p.write(" : ");
    let types: Vec<Type> = operands.iter().map(|&v| p.ctx.value_type(v)).collect();
    if let [lhs, rhs, acc] = types[..] {
        p.print_type(lhs);
        p.write(", ");
        p.print_type(rhs);
        p.write(" into ");
        p.print_type(acc);
    }
}

// ----- verifier --------------------------------------------------------------------------------

/// Shape and element type of a vector, or the scalar itself with an empty shape.
fn shape_and_element(ctx: &Context, ty: Type) -> (Vec<i64>, Type) {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } => (shape.clone(), *elem),
        _ => (Vec::new(), ty),
    }
}

fn verify_contract(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if let Err(msg) = check_contract(ctx, op) {
        op_error(ctx, op, diags, msg);
    }
}

fn check_contract(ctx: &Context, op: Op) -> Result<(), String> {
    for name in ["indexing_maps", "iterator_types"] {
        if ctx.get_attr(op, name).is_none() {
            return Err(format!("requires attribute '{name}'"));
        }
    }
    let kinds = iterator_kinds(ctx, op).ok_or("expected valid iterator types")?;
    let maps = indexing_maps_or_error(ctx, op)?;
    let operands: Vec<(Vec<i64>, Type)> = ctx
        .operands(op)
        .map(|v| shape_and_element(ctx, ctx.value_type(v)))
        .collect();
    if maps.len() != 3 || operands.len() != 3 {
        return Err("expected an indexing map for each vector operand".into());
    }
    for (i, (map, (shape, _))) in maps.iter().zip(&operands).enumerate() {
        if map.num_dims as usize != kinds.len() {
            let n = kinds.len();
            return Err(format!(
                "expected indexing map {i} to have {n} number of inputs"
            ));
        }
        if map.results.len() != shape.len() {
            let n = shape.len();
            return Err(format!(
                "expected indexing map {i} to have {n} number of outputs"
            ));
        }
        if !is_projected_permutation(map) {
            return Err(format!(
                "expected indexing map {i} to be a projected permutation of its inputs"
            ));
        }
    }
    check_dimensions(ctx, &kinds, &maps, &operands)?;
    check_kind(ctx, op, operands[2].1)
}

/// The maps, or the message `mlir-opt-22` gives for a malformed `indexing_maps`.
fn indexing_maps_or_error(ctx: &Context, op: Op) -> Result<Vec<AffineMap>, String> {
    let items = match ctx.get_attr(op, "indexing_maps").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items,
        _ => return Err("requires attribute 'indexing_maps'".into()),
    };
    let mut maps = Vec::with_capacity(items.len());
    for (i, &item) in items.iter().enumerate() {
        match ctx.attr_data(item) {
            AttrData::AffineMap(m) if m.num_symbols == 0 => maps.push(m.clone()),
            _ => return Err(format!("expected indexing map {i} to have no symbols")),
        }
    }
    Ok(maps)
}

fn is_projected_permutation(map: &AffineMap) -> bool {
    let mut seen = vec![false; map.num_dims as usize];
    map.results.iter().all(|e| match e {
        AffineExpr::Dim(d) => seen
            .get_mut(*d as usize)
            .is_some_and(|s| !std::mem::replace(s, true)),
        _ => false,
    })
}

/// The size of each loop, from the first operand that indexes it.
pub fn loop_sizes(maps: &[AffineMap], shapes: &[&[i64]]) -> Vec<Option<i64>> {
    let loops = maps.first().map_or(0, |m| m.num_dims as usize);
    let mut sizes = vec![None; loops];
    for (map, shape) in maps.iter().zip(shapes) {
        for (expr, &size) in map.results.iter().zip(shape.iter()) {
            if let AffineExpr::Dim(d) = expr
                && let Some(slot) = sizes.get_mut(*d as usize)
                && slot.is_none()
            {
                *slot = Some(size);
            }
        }
    }
    sizes
}

fn check_dimensions(
    ctx: &Context,
    kinds: &[&str],
    maps: &[AffineMap],
    operands: &[(Vec<i64>, Type)],
) -> Result<(), String> {
    let uses = |map: &AffineMap, d: usize| map.results.contains(&AffineExpr::Dim(d as u32));
    let contracting = (0..kinds.len())
        .filter(|&d| kinds[d] == "reduction" && uses(&maps[0], d) && uses(&maps[1], d))
        .count();
    if contracting == 0 {
        return Err("expected at least one contracting dimension pair".into());
    }
    let size_in = |operand: usize, d: usize| {
        maps[operand]
            .results
            .iter()
            .position(|e| *e == AffineExpr::Dim(d as u32))
            .map(|at| operands[operand].0[at])
    };
    for (d, &kind) in kinds.iter().enumerate() {
        if let (Some(l), Some(r)) = (size_in(0, d), size_in(1, d))
            && l != r
        {
            let what = if kind == "reduction" {
                "contracting"
            } else {
                "batch"
            };
            return Err(format!("invalid {what} dimension map"));
        }
    }
    let shapes: Vec<&[i64]> = operands[..2].iter().map(|(s, _)| s.as_slice()).collect();
    let sizes = loop_sizes(&maps[..2], &shapes);
    let expected: Option<Vec<i64>> = maps[2]
        .results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => sizes.get(*d as usize).copied().flatten(),
            _ => None,
        })
        .collect();
    match expected {
        Some(shape) if shape == operands[2].0 => Ok(()),
        Some(shape) => Err(format!(
            "invalid accumulator/result vector shape, expected: '{}'",
            shape_text(ctx, &shape, operands[2].1)
        )),
        None => Err("expected all dimensions to be either a LHS or a RHS dimension".into()),
    }
}

/// The accumulator type of `shape` and element `elem`, as the shape error names it.
fn shape_text(ctx: &Context, shape: &[i64], elem: Type) -> String {
    let elem = type_str(ctx, elem);
    if shape.is_empty() {
        return elem;
    }
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("vector<{}x{elem}>", dims.join("x"))
}

/// Integer kinds need integer elements, float kinds float elements.
fn check_kind(ctx: &Context, op: Op, elem: Type) -> Result<(), String> {
    let kind = reduction_kind(ctx, op)
        .and_then(|k| REDUCTION_KINDS.get(k))
        .ok_or("expected 'kind' attribute of type CombiningKind (e.g. 'vector.kind<add>')")?;
    let is_float = matches!(ctx.type_data(elem), TypeData::Float(_));
    let float_kind = kind.ends_with('f');
    let int_kind = kind.ends_with('i') || matches!(*kind, "and" | "or" | "xor");
    if (is_float && int_kind) || (!is_float && float_kind) {
        return Err("unsupported contraction type".into());
    }
    Ok(())
}
