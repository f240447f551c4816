//! The `vector` dialect subset vectorized buffer code uses: transfers, loads and stores,
//! broadcasts, static and dynamic `extract`/`insert`, `fma`, `reduction`, `contract` (in
//! [`contract`]) and `print`.
//!
//! Effects: `transfer_read` and `load` read their memref, `transfer_write` and `store` write
//! it (transfers on tensors have none), `print` writes the output stream; the value ops are
//! pure. Transfers keep MLIR's properties: `permutation_map` (elided in custom syntax when it
//! is the minor identity), `in_bounds` (elided when all false) and `operandSegmentSizes`.
//! Syntax follows `mlir-opt-22`, including the space in `vector.insert %x, %v [0, 2]`.
//! (`vector.splat` is gone from `mlir-opt-22`; `vector.broadcast` replaces it.)

use crate::registry::Count::{Any, AtLeast, Exactly};
use crate::registry::OpCounts;
use smallvec::smallvec;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::attrs::{AffineExpr, AffineMap, AttrData};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::math::{parse_fastmath, print_fastmath};
use crate::dialects::syntax::{
    add_attr, dense_array_values, op_error, parse_cast_like, parse_dynamic_index_list,
    print_dynamic_index_list, segment_range, set_segments,
};
use crate::entity::{Attr, Op, Type, Value};
use crate::registry::{
    EffectKind, EffectOn, Effects, MemoryEffect, OpDef, Registry, Resource, Traits,
};
use crate::types::TypeData;

/// The combining kinds of `vector.reduction` (`#vector.kind<...>`).
pub const REDUCTION_KINDS: &[&str] = &[
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor",
    "minimumf", "maximumf",
];

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    register_memory_ops(reg);
    let value_ops: [(&str, OpSyntax); 5] = [
        ("vector.broadcast", (parse_cast_like, print_broadcast)),
        ("vector.extract", (parse_extract, print_extract)),
        ("vector.insert", (parse_insert, print_insert)),
        ("vector.fma", (parse_fma, print_fma)),
        ("vector.reduction", (parse_reduction, print_reduction)),
    ];
    for (name, (parse, print)) in value_ops {
        let mut def = OpDef::new(name);
        def.traits = Traits::PURE;
        def.parse = Some(parse);
        def.print = Some(print);
        def.verify = Some(verify_value_op);
        def.inherent_attrs = match name {
            "vector.extract" | "vector.insert" => &["static_position"],
            "vector.reduction" => &["fastmath", "kind"],
            _ => &[],
        };
        reg.register(def);
    }
    let mut print = OpDef::new("vector.print");
    print.inherent_attrs = &["punctuation", "stringLiteral"];
    print.parse = Some(parse_print);
    print.print = Some(print_print);
    print.effects = Some(|_, _| {
        Effects::Known(smallvec![MemoryEffect {
            kind: EffectKind::Write,
            on: EffectOn::Nothing,
            resource: Resource::Default,
        }])
    });
    reg.register(print);
    contract::register(reg);
}

type OpSyntax = (crate::registry::ParseFn, crate::registry::PrintFn);

pub mod contract;

fn register_memory_ops(reg: &mut Registry) {
    type EffectFn = fn(&Context, Op) -> Effects;
    let reads: EffectFn = |ctx, op| memref_effect(ctx, op, EffectKind::Read, 0);
    let writes: EffectFn = |ctx, op| memref_effect(ctx, op, EffectKind::Write, 1);
    let ops: [(&str, OpSyntax, EffectFn); 4] = [
        (
            "vector.transfer_read",
            (parse_transfer_read, print_transfer_read),
            reads,
        ),
        (
            "vector.transfer_write",
            (parse_transfer_write, print_transfer_write),
            writes,
        ),
        ("vector.load", (parse_load, print_load), reads),
        ("vector.store", (parse_store, print_store), writes),
    ];
    for (name, (parse, print), effects) in ops {
        let mut def = OpDef::new(name);
        def.parse = Some(parse);
        def.print = Some(print);
        def.verify = Some(verify_memory_op);
        if name.starts_with("vector.transfer") {
            def.inherent_attrs = &["in_bounds", "operandSegmentSizes", "permutation_map"];
        }
        def.effects = Some(effects);
        reg.register(def);
    }
}

/// `kind` on operand `at` when it is a memref; nothing on tensors.
fn memref_effect(ctx: &Context, op: Op, kind: EffectKind, at: usize) -> Effects {
    let on_memref = ctx
        .operands(op)
        .nth(at)
        .is_some_and(|v| ctx.type_data(ctx.value_type(v)).is_memref());
    if !on_memref {
        return Effects::Known(smallvec![]);
    }
    Effects::Known(smallvec![MemoryEffect {
        kind,
        on: EffectOn::Operand(at),
        resource: Resource::Default,
    }])
}

// ----- type helpers ------------------------------------------------------------------------

/// Shape and element type of a vector type.
pub fn vector_shape(ctx: &Context, ty: Type) -> Option<(&[i64], Type)> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

/// Rank of a shaped type (memref, tensor, vector).
fn rank(ctx: &Context, ty: Type) -> usize {
    match ctx.type_data(ty) {
        TypeData::MemRef { shape, .. }
        | TypeData::Tensor { shape, .. }
        | TypeData::Vector { shape, .. } => shape.len(),
        _ => 0,
    }
}

/// A vector type of the given shape.
fn vector_of(ctx: &mut Context, shape: Vec<i64>, elem: Type) -> Type {
    let scalable = vec![false; shape.len()];
    ctx.ty(TypeData::Vector {
        shape,
        scalable,
        elem,
    })
}

/// The minor identity map `(d0, ..., dn-1) -> (dn-k, ..., dn-1)`.
pub fn minor_identity(source_rank: usize, vector_rank: usize) -> AffineMap {
    let first = source_rank.saturating_sub(vector_rank);
    AffineMap {
        num_dims: source_rank as u32,
        num_symbols: 0,
        results: (first..source_rank)
            .map(|d| AffineExpr::Dim(d as u32))
            .collect(),
    }
}

/// The permutation map of a transfer op.
pub fn permutation_map(ctx: &Context, op: Op) -> Option<&AffineMap> {
    match ctx.attr_data(ctx.get_attr(op, "permutation_map")?) {
        AttrData::AffineMap(m) => Some(m),
        _ => None,
    }
}

/// The `in_bounds` flags of a transfer op (all false when absent).
pub fn in_bounds(ctx: &Context, op: Op) -> Vec<bool> {
    match ctx.get_attr(op, "in_bounds").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .map(|&a| matches!(ctx.attr_data(a), AttrData::Bool(true)))
            .collect(),
        _ => Vec::new(),
    }
}

// ----- transfers, loads and stores ---------------------------------------------------------

fn parse_indices(p: &mut OpParser<'_, '_>) -> PResult<Vec<UnresolvedOperand>> {
    p.expect(TokKind::LSquare, "[")?;
    let list = p.parse_operand_list()?;
    p.expect(TokKind::RSquare, "]")?;
    Ok(list)
}

fn resolve_index_list(p: &mut OpParser<'_, '_>, list: &[UnresolvedOperand]) -> PResult<Vec<Value>> {
    let index = p.ctx.index_type();
    let mut out = Vec::new();
    p.resolve_operands_into(list, index, &mut out)?;
    Ok(out)
}

/// Parses `: <shaped type>, <vector type>`.
fn parse_two_types(p: &mut OpParser<'_, '_>) -> PResult<(Type, Type)> {
    p.expect(TokKind::Colon, ":")?;
    let first = p.parse_type()?;
    p.expect(TokKind::Comma, ",")?;
    let second = p.parse_type()?;
    Ok((first, second))
}

/// Adds the defaults of the transfer properties and returns the mask type.
fn complete_transfer(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    source: Type,
    vector: Type,
) -> PResult<Type> {
    let Some((shape, _)) = vector_shape(p.ctx, vector) else {
        return p.error("requires vector type");
    };
    let shape = shape.to_vec();
    let has = |p: &OpParser<'_, '_>, state: &OpState, name: &str| {
        state.attrs.iter().any(|(n, _)| p.ctx.sym_str(*n) == name)
    };
    if !has(p, state, "permutation_map") {
        let map = minor_identity(rank(p.ctx, source), shape.len());
        let attr = p.ctx.attr(AttrData::AffineMap(map));
        add_attr(p, state, "permutation_map", attr);
    }
    if !has(p, state, "in_bounds") {
        let f = p.ctx.attr(AttrData::Bool(false));
        let attr = p.ctx.attr(AttrData::Array(vec![f; shape.len()]));
        add_attr(p, state, "in_bounds", attr);
    }
    let i1 = p.ctx.i1_type();
    Ok(vector_of(p.ctx, shape, i1))
}

fn parse_transfer_read(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let indices = parse_indices(p)?;
    p.expect(TokKind::Comma, ",")?;
    let padding = p.parse_operand()?;
    let mask = if p.eat(TokKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let (source_type, vector_type) = parse_two_types(p)?;
    let mask_type = complete_transfer(p, state, source_type, vector_type)?;
    let elem = element_type(p.ctx, source_type);
    state
        .operands
        .push(p.resolve_operand(&source, source_type)?);
    state.operands.extend(resolve_index_list(p, &indices)?);
    state.operands.push(p.resolve_operand(&padding, elem)?);
    if let Some(m) = &mask {
        state.operands.push(p.resolve_operand(m, mask_type)?);
    }
    let sizes = [1, indices.len() as i32, 1, i32::from(mask.is_some())];
    set_segments(p, state, &sizes);
    state.result_types.push(vector_type);
    Ok(())
}

fn element_type(ctx: &Context, ty: Type) -> Type {
    match ctx.type_data(ty) {
        TypeData::MemRef { elem, .. }
        | TypeData::Tensor { elem, .. }
        | TypeData::Vector { elem, .. } => *elem,
        _ => ty,
    }
}

/// The transfer attributes MLIR elides: segments, all-false `in_bounds`, minor-identity map.
fn transfer_elided(ctx: &Context, op: Op, source: Value, vector: Type) -> Vec<&'static str> {
    let mut elided = vec!["operandSegmentSizes"];
    if in_bounds(ctx, op).iter().all(|&b| !b) {
        elided.push("in_bounds");
    }
    let identity = minor_identity(rank(ctx, ctx.value_type(source)), rank(ctx, vector));
    if permutation_map(ctx, op) == Some(&identity) {
        elided.push("permutation_map");
    }
    elided
}

fn print_transfer_read(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let (Some(&source), Some(&result)) = (operands.first(), ctx.results(op).first()) else {
        return;
    };
    let indices = segment_range(ctx, op, 1);
    p.write(" ");
    p.print_operand(source);
    p.write("[");
    p.print_operands(&operands[indices.clone()]);
    p.write("], ");
    p.print_operands(&operands[indices.end..]);
    let elided = transfer_elided(ctx, op, source, ctx.value_type(result));
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ctx.value_type(source));
    p.write(", ");
    p.print_type(ctx.value_type(result));
}

fn parse_transfer_write(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let vector = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let dest = p.parse_operand()?;
    let indices = parse_indices(p)?;
    let mask = if p.eat(TokKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let (vector_type, dest_type) = parse_two_types(p)?;
    let mask_type = complete_transfer(p, state, dest_type, vector_type)?;
    state
        .operands
        .push(p.resolve_operand(&vector, vector_type)?);
    state.operands.push(p.resolve_operand(&dest, dest_type)?);
    state.operands.extend(resolve_index_list(p, &indices)?);
    if let Some(m) = &mask {
        state.operands.push(p.resolve_operand(m, mask_type)?);
    }
    let sizes = [1, 1, indices.len() as i32, i32::from(mask.is_some())];
    set_segments(p, state, &sizes);
    if matches!(p.ctx.type_data(dest_type), TypeData::Tensor { .. }) {
        state.result_types.push(dest_type);
    }
    Ok(())
}

fn print_transfer_write(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let [vector, dest, ..] = operands[..] else {
        return;
    };
    let indices = segment_range(ctx, op, 2);
    p.write(" ");
    p.print_operand(vector);
    p.write(", ");
    p.print_operand(dest);
    p.write("[");
    p.print_operands(&operands[indices.clone()]);
    p.write("]");
    if indices.end < operands.len() {
        p.write(", ");
        p.print_operands(&operands[indices.end..]);
    }
    let elided = transfer_elided(ctx, op, dest, ctx.value_type(vector));
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    p.print_type(ctx.value_type(vector));
    p.write(", ");
    p.print_type(ctx.value_type(dest));
}

fn parse_load(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let base = p.parse_operand()?;
    let indices = parse_indices(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let (base_type, vector_type) = parse_two_types(p)?;
    state.operands.push(p.resolve_operand(&base, base_type)?);
    state.operands.extend(resolve_index_list(p, &indices)?);
    state.result_types.push(vector_type);
    Ok(())
}

fn print_base_and_indices(p: &mut OpPrinter<'_>, op: Op, at: usize, vector: Type) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let Some(&base) = operands.get(at) else {
        return;
    };
    p.print_operand(base);
    p.write("[");
    p.print_operands(&operands[at + 1..]);
    p.write("]");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(base));
    p.write(", ");
    p.print_type(vector);
}

fn print_load(p: &mut OpPrinter<'_>, op: Op) {
    let Some(&result) = p.ctx.results(op).first() else {
        return;
    };
    p.write(" ");
    print_base_and_indices(p, op, 0, p.ctx.value_type(result));
}

fn parse_store(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let base = p.parse_operand()?;
    let indices = parse_indices(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let (base_type, vector_type) = parse_two_types(p)?;
    state.operands.push(p.resolve_operand(&value, vector_type)?);
    state.operands.push(p.resolve_operand(&base, base_type)?);
    state.operands.extend(resolve_index_list(p, &indices)?);
    Ok(())
}

fn print_store(p: &mut OpPrinter<'_>, op: Op) {
    let Some(value) = p.ctx.operands(op).next() else {
        return;
    };
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    print_base_and_indices(p, op, 1, p.ctx.value_type(value));
}

fn verify_memory_op(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let name = ctx.op_name_str(op);
    let (base_at, vector) = match name {
        "vector.transfer_read" | "vector.load" => {
            (0, ctx.results(op).first().map(|&r| ctx.value_type(r)))
        }
        _ => (1, ctx.operands(op).next().map(|v| ctx.value_type(v))),
    };
    let Some(vector) = vector.filter(|&t| vector_shape(ctx, t).is_some()) else {
        return op_error(ctx, op, diags, "requires a vector type");
    };
    let Some(base) = ctx.operands(op).nth(base_at).map(|v| ctx.value_type(v)) else {
        return op_error(ctx, op, diags, "requires a base operand");
    };
    let base_rank = rank(ctx, base);
    let indices = if name.starts_with("vector.transfer") {
        segment_range(ctx, op, if base_at == 0 { 1 } else { 2 }).len()
    } else {
        ctx.num_operands(op) - base_at - 1
    };
    if indices != base_rank {
        let msg = if name.starts_with("vector.transfer") {
            format!("requires {base_rank} indices")
        } else {
            "requires as many indices as the base's rank".to_string()
        };
        return op_error(ctx, op, diags, msg);
    }
    if name.starts_with("vector.transfer") {
        verify_transfer_attrs(ctx, op, base_rank, vector, diags);
    } else if element_type(ctx, base) != element_type(ctx, vector) {
        op_error(
            ctx,
            op,
            diags,
            "base and valueToStore element type should match",
        );
    }
}

fn verify_transfer_attrs(
    ctx: &Context,
    op: Op,
    base_rank: usize,
    vector: Type,
    diags: &mut Vec<Diagnostic>,
) {
    let vector_rank = rank(ctx, vector);
    let Some(map) = permutation_map(ctx, op) else {
        return op_error(ctx, op, diags, "requires a permutation_map attribute");
    };
    if map.num_dims as usize != base_rank {
        return op_error(
            ctx,
            op,
            diags,
            "requires a permutation_map with input dims of the same rank as the source type",
        );
    }
    if map.results.len() != vector_rank {
        return op_error(
            ctx,
            op,
            diags,
            "requires a permutation_map with result dims of the same rank as the vector type",
        );
    }
    if in_bounds(ctx, op).len() != vector_rank {
        op_error(
            ctx,
            op,
            diags,
            "expects the in_bounds attr of same rank as permutation_map results",
        );
    }
}

// ----- value ops ---------------------------------------------------------------------------

fn print_broadcast(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let (Some(source), Some(&result)) = (ctx.operands(op).next(), ctx.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(source);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(source));
    p.write(" to ");
    p.print_type(ctx.value_type(result));
}

/// Parses a position list `[1, %i]` and stores `static_position`; returns the dynamic ones.
fn parse_position(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
) -> PResult<Vec<UnresolvedOperand>> {
    let (dynamic, statics) = parse_dynamic_index_list(p)?;
    let i64_type = p.ctx.int_type(64);
    let attr = p.ctx.attr(AttrData::DenseArray {
        elem: i64_type,
        values: statics,
    });
    add_attr(p, state, "static_position", attr);
    Ok(dynamic)
}

fn print_position(p: &mut OpPrinter<'_>, op: Op, dynamic_from: usize) {
    let ctx = p.ctx;
    let statics = dense_array_values(ctx, op, "static_position").unwrap_or_default();
    let operands = ctx.operand_array(op);
    print_dynamic_index_list(p, statics, operands.get(dynamic_from..).unwrap_or_default());
}

fn parse_extract(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    let dynamic = parse_position(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let result = p.parse_type()?;
    p.expect_keyword("from")?;
    let from = p.parse_type()?;
    state.operands.push(p.resolve_operand(&source, from)?);
    state.operands.extend(resolve_index_list(p, &dynamic)?);
    state.result_types.push(result);
    Ok(())
}

fn print_extract(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let (Some(source), Some(&result)) = (ctx.operands(op).next(), ctx.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(source);
    print_position(p, op, 1);
    p.print_optional_attr_dict(op, &["static_position"]);
    p.write(" : ");
    p.print_type(ctx.value_type(result));
    p.write(" from ");
    p.print_type(ctx.value_type(source));
}

fn parse_insert(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let dest = p.parse_operand()?;
    let dynamic = parse_position(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let value_type = p.parse_type()?;
    p.expect_keyword("into")?;
    let dest_type = p.parse_type()?;
    state.operands.push(p.resolve_operand(&value, value_type)?);
    state.operands.push(p.resolve_operand(&dest, dest_type)?);
    state.operands.extend(resolve_index_list(p, &dynamic)?);
    state.result_types.push(dest_type);
    Ok(())
}

fn print_insert(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let [value, dest, ..] = operands[..] else {
        return;
    };
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    p.print_operand(dest);
    p.write(" ");
    print_position(p, op, 2);
    p.print_optional_attr_dict(op, &["static_position"]);
    p.write(" : ");
    p.print_type(ctx.value_type(value));
    p.write(" into ");
    p.print_type(ctx.value_type(dest));
}

fn parse_fma(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let mut operands = vec![p.parse_operand()?];
    for _ in 0..2 {
        p.expect(TokKind::Comma, ",")?;
        operands.push(p.parse_operand()?);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = p.parse_type()?;
    for o in &operands {
        state.operands.push(p.resolve_operand(o, ty)?);
    }
    state.result_types.push(ty);
    Ok(())
}

fn print_fma(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

/// The kind of a `vector.reduction`, as an index into [`REDUCTION_KINDS`].
pub fn reduction_kind(ctx: &Context, op: Op) -> Option<usize> {
    let AttrData::Opaque(text) = ctx.attr_data(ctx.get_attr(op, "kind")?) else {
        return None;
    };
    let word = text.strip_prefix("vector.kind<")?.strip_suffix('>')?;
    REDUCTION_KINDS.iter().position(|k| *k == word)
}

fn parse_reduction(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.expect(TokKind::Less, "<")?;
    let pos = p.cur_pos();
    let word = p.parse_optional_keyword().unwrap_or("");
    if !REDUCTION_KINDS.contains(&word) {
        // `mlir-opt-22` lists the kinds in its enum's order.
        let msg = "expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, \
                   minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf";
        return p.custom_error_at(pos, msg);
    }
    let kind = p.ctx.attr(AttrData::Opaque(format!("vector.kind<{word}>")));
    add_attr(p, state, "kind", kind);
    p.expect(TokKind::Greater, ">")?;
    p.expect(TokKind::Comma, ",")?;
    let vector = p.parse_operand()?;
    let acc = if p.eat(TokKind::Comma) {
        Some(p.parse_operand()?)
    } else {
        None
    };
    let flags = parse_fastmath(p)?;
    add_attr(p, state, "fastmath", flags);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let vector_type = p.parse_type()?;
    p.expect_keyword("into")?;
    let result = p.parse_type()?;
    state
        .operands
        .push(p.resolve_operand(&vector, vector_type)?);
    if let Some(acc) = &acc {
        state.operands.push(p.resolve_operand(acc, result)?);
    }
    state.result_types.push(result);
    Ok(())
}

fn print_reduction(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let kind = reduction_kind(ctx, op).map_or("?", |k| REDUCTION_KINDS[k]);
    p.write(&format!(" <{kind}>, "));
    let operands = ctx.operand_array(op);
    p.print_operands(&operands);
    print_fastmath(p, op);
    p.print_optional_attr_dict(op, &["fastmath", "kind"]);
    p.write(" : ");
    if let (Some(&v), Some(&r)) = (operands.first(), ctx.results(op).first()) {
        p.print_type(ctx.value_type(v));
        p.write(" into ");
        p.print_type(ctx.value_type(r));
    }
}

fn verify_value_op(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(&result) = ctx.results(op).first() else {
        return;
    };
    let result_type = ctx.value_type(result);
    let source = ctx.value_type(ctx.operand(op, 0));
    let result_elem = element_type(ctx, result_type);
    if ctx.op_name_str(op) == "vector.fma" {
        return;
    }
    let same_element = "failed to verify that source operand and result have same element type";
    let error = match ctx.op_name_str(op) {
        "vector.broadcast" if element_type(ctx, source) != result_elem => Some(same_element),
        "vector.broadcast"
            if vector_shape(ctx, result_type).is_none()
                || rank(ctx, source) > rank(ctx, result_type) =>
        {
            Some("expected source rank to not exceed result rank")
        }
        "vector.reduction" if element_type(ctx, source) != result_type => Some(same_element),
        "vector.reduction" if reduction_kind(ctx, op).is_none() => {
            Some("requires a valid 'kind' attribute")
        }
        "vector.extract"
            if dense_array_values(ctx, op, "static_position").map_or(0, <[i64]>::len)
                > rank(ctx, source) =>
        {
            Some("expected position attribute of rank no greater than vector rank")
        }
        "vector.insert" if ctx.value_type(ctx.operand(op, 1)) != result_type => {
            Some("failed to verify that all of {dest, result} have same type")
        }
        _ => None,
    };
    if let Some(msg) = error {
        op_error(ctx, op, diags, msg);
    }
}

// ----- vector.print ------------------------------------------------------------------------

fn parse_print(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = p.parse_type()?;
    state.operands.push(p.resolve_operand(&source, ty)?);
    if state
        .attrs
        .iter()
        .all(|(n, _)| p.ctx.sym_str(*n) != "punctuation")
    {
        let newline: Attr = p
            .ctx
            .attr(AttrData::Opaque("vector.punctuation<newline>".into()));
        add_attr(p, state, "punctuation", newline);
    }
    Ok(())
}

fn print_print(p: &mut OpPrinter<'_>, op: Op) {
    let Some(source) = p.ctx.operands(op).next() else {
        return;
    };
    p.write(" ");
    p.print_operand(source);
    p.print_optional_attr_dict(op, &["punctuation"]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(source));
}

/// How many regions, results, successors and operands each op has (as `mlir-opt-22` checks
/// them), declared for the verifier's count check.
pub(crate) const COUNTS: &[(&str, OpCounts)] = &[
    ("vector.broadcast", OpCounts::new(Exactly(1), Exactly(1))),
    ("vector.contract", OpCounts::new(Exactly(1), Exactly(3))),
    ("vector.extract", OpCounts::new(Exactly(1), AtLeast(1))),
    ("vector.fma", OpCounts::new(Exactly(1), Exactly(3))),
    ("vector.insert", OpCounts::new(Exactly(1), AtLeast(2))),
    ("vector.load", OpCounts::new(Exactly(1), AtLeast(1))),
    ("vector.print", OpCounts::new(Exactly(0), Any)),
    ("vector.reduction", OpCounts::new(Exactly(1), AtLeast(1))),
    ("vector.store", OpCounts::new(Exactly(0), AtLeast(2))),
    (
        "vector.transfer_read",
        OpCounts::new(Exactly(1), AtLeast(2)).segmented(4),
    ),
    (
        "vector.transfer_write",
        OpCounts::new(Any, AtLeast(2)).segmented(4),
    ),
];
