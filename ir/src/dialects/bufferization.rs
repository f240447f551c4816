//! The `bufferization` dialect: `bufferization.dealloc`, `bufferization.clone`,
//! `bufferization.alloc_tensor`, `bufferization.to_buffer`, `bufferization.to_tensor`,
//! `bufferization.dealloc_tensor` and `bufferization.materialize_in_destination`.
//!
//! Memory effects follow `BufferizationOps.td` (LLVM 22): `clone` reads its operand and
//! allocates and writes its result, `to_tensor` reads its buffer, `to_buffer` is pure,
//! `materialize_in_destination` writes a buffer destination. `dealloc` declares no effects in
//! MLIR (so MLIR treats it as unknown); here it frees each memref of its first operand group,
//! which is what it does and what the deallocation passes need to know. None of these ops
//! has a result-name hint in `mlir-opt-22`.

pub(crate) mod canonicalize;
pub mod copy;
mod ops;
pub use canonicalize::canonicalize_dealloc_operands;
pub use ops::{
    AllocTensorOp, CloneOp, DeallocList, DeallocOp, DeallocOperands, MANUAL_DEALLOCATION_ATTR,
};

use smallvec::smallvec;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, op_error, parse_cast_like, parse_colon_types_resolve, segment_range, segment_sizes,
    segment_values, segments, set_segments,
};
use crate::entity::{Op, Type};
use crate::registry::{
    Count::{Any, Exactly},
    EffectKind, EffectOn, Effects, MemoryEffect, OpCounts, OpDef, Registry, Resource, Traits,
};
use crate::types::{DYNAMIC, TypeData};

/// The region, result, successor and operand counts of the dialect's ops (MLIR's ODS count traits).
const COUNTS: &[(&str, OpCounts)] = &[
    (
        "bufferization.alloc_tensor",
        OpCounts::new(Exactly(1), Any).segmented(3),
    ),
    ("bufferization.clone", OpCounts::new(Exactly(1), Exactly(1))),
    (
        "bufferization.dealloc",
        OpCounts::new(Any, Any).segmented(3),
    ),
    (
        "bufferization.dealloc_tensor",
        OpCounts::new(Exactly(0), Exactly(1)),
    ),
    (
        "bufferization.materialize_in_destination",
        OpCounts::new(Any, Exactly(2)),
    ),
    (
        "bufferization.to_buffer",
        OpCounts::new(Exactly(1), Exactly(1)),
    ),
    (
        "bufferization.to_tensor",
        OpCounts::new(Exactly(1), Exactly(1)),
    ),
];

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    let mut dealloc = OpDef::new("bufferization.dealloc");
    dealloc.inherent_attrs = &["operandSegmentSizes"];
    dealloc.parse = Some(parse_dealloc);
    dealloc.print = Some(print_dealloc);
    dealloc.verify = Some(verify_dealloc);
    dealloc.effects = Some(dealloc_effects);
    reg.register(dealloc);

    let mut clone = OpDef::new("bufferization.clone");
    clone.parse = Some(parse_cast_like);
    clone.print = Some(print_clone);
    clone.effects = Some(|_, _| {
        Effects::Known(smallvec![
            effect(EffectKind::Read, EffectOn::Operand(0)),
            effect(EffectKind::Write, EffectOn::Result(0)),
            effect(EffectKind::Allocate, EffectOn::Result(0)),
        ])
    });
    reg.register(clone);

    let mut alloc_tensor = OpDef::new("bufferization.alloc_tensor");
    alloc_tensor.inherent_attrs = &["memory_space", "operandSegmentSizes"];
    alloc_tensor.parse = Some(parse_alloc_tensor);
    alloc_tensor.print = Some(print_alloc_tensor);
    alloc_tensor.verify = Some(verify_alloc_tensor);
    reg.register(alloc_tensor);

    let mut to_buffer = OpDef::new("bufferization.to_buffer");
    to_buffer.traits = Traits::PURE;
    to_buffer.inherent_attrs = &["read_only"];
    to_buffer.parse = Some(parse_to_buffer);
    to_buffer.print = Some(print_to_buffer);
    to_buffer.verify = Some(verify_tensor_buffer_pair);
    reg.register(to_buffer);

    let mut to_tensor = OpDef::new("bufferization.to_tensor");
    to_tensor.inherent_attrs = &["restrict", "writable"];
    to_tensor.parse = Some(parse_to_tensor);
    to_tensor.print = Some(print_to_tensor);
    to_tensor.verify = Some(verify_tensor_buffer_pair);
    to_tensor.effects =
        Some(|_, _| Effects::Known(smallvec![effect(EffectKind::Read, EffectOn::Operand(0))]));
    reg.register(to_tensor);

    let mut dealloc_tensor = OpDef::new("bufferization.dealloc_tensor");
    dealloc_tensor.parse = Some(parse_dealloc_tensor);
    dealloc_tensor.print = Some(print_dealloc_tensor);
    reg.register(dealloc_tensor);

    let mut materialize = OpDef::new("bufferization.materialize_in_destination");
    materialize.inherent_attrs = &["restrict", "writable"];
    materialize.parse = Some(parse_materialize);
    materialize.print = Some(print_materialize);
    materialize.verify = Some(|ctx, op, diags| {
        if ctx.num_operands(op) != 2 {
            op_error(ctx, op, diags, "expected 2 operands");
        }
    });
    materialize.effects = Some(materialize_effects);
    reg.register(materialize);
    reg.declare_counts(COUNTS);
}

/// A memory effect on the default resource.
fn effect(kind: EffectKind, on: EffectOn) -> MemoryEffect {
    MemoryEffect {
        kind,
        on,
        resource: Resource::Default,
    }
}

/// Parses `(%a, %b : t1, t2)`.
fn parse_paren_typed_operands(p: &mut OpParser<'_, '_>) -> PResult<Vec<crate::entity::Value>> {
    p.expect(TokKind::LParen, "(")?;
    let operands = p.parse_operand_list()?;
    let values = parse_colon_types_resolve(p, &operands)?;
    p.expect(TokKind::RParen, ")")?;
    Ok(values)
}

/// Prints `(%a, %b : t1, t2)`.
fn print_paren_typed_operands(p: &mut OpPrinter<'_>, values: &[crate::entity::Value]) {
    p.write("(");
    p.print_operands(values);
    p.write(" : ");
    p.print_value_types(values);
    p.write(")");
}

// ----- bufferization.dealloc -------------------------------------------------------------------

fn parse_dealloc(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let mut memrefs = Vec::new();
    let mut conditions = Vec::new();
    if p.tok_kind() == TokKind::LParen {
        memrefs = parse_paren_typed_operands(p)?;
        p.expect_keyword("if")?;
        let conds = p.parse_paren_operand_list()?;
        let i1 = p.ctx.i1_type();
        conditions = p.resolve_operands_same(&conds, i1)?;
    }
    let retained = if p.eat_keyword("retain") {
        parse_paren_typed_operands(p)?
    } else {
        Vec::new()
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let sizes = [memrefs.len(), conditions.len(), retained.len()].map(|n| n as i32);
    set_segments(p, state, &sizes);
    let i1 = p.ctx.i1_type();
    state.result_types = vec![i1; retained.len()];
    state.operands = [memrefs, conditions, retained].concat();
    Ok(())
}

fn print_dealloc(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let memrefs = segment_values(ctx, op, 0);
    let conditions = segment_values(ctx, op, 1);
    let retained = segment_values(ctx, op, 2);
    if !memrefs.is_empty() {
        p.write(" ");
        print_paren_typed_operands(p, &memrefs);
        p.write(" if (");
        p.print_operands(&conditions);
        p.write(")");
    }
    if !retained.is_empty() {
        p.write(" retain ");
        print_paren_typed_operands(p, &retained);
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
}

/// Reads nothing but the op's signature (name, operand and result types, attributes): the
/// verifier remembers its passes by signature (`verify/signature.rs` lists this op).
fn verify_dealloc(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    // The declared counts checked the sizes: three groups adding up to the operands, or none
    // (read in place: every dealloc a pass touches is verified).
    let sizes = segment_sizes(ctx, op).unwrap_or(&[0; 3]);
    let size = |i: usize| sizes[i].max(0) as usize;
    if size(0) != size(1) {
        op_error(
            ctx,
            op,
            diags,
            "must have the same number of conditions as memrefs to deallocate",
        );
        return;
    }
    if size(2) != ctx.results(op).len() {
        op_error(
            ctx,
            op,
            diags,
            "must have the same number of updated conditions (results) as retained operands",
        );
    }
}

fn dealloc_effects(ctx: &Context, op: Op) -> Effects {
    Effects::Known(
        segment_range(ctx, op, 0)
            .map(|i| effect(EffectKind::Free, EffectOn::Operand(i)))
            .collect(),
    )
}

// ----- bufferization.clone ---------------------------------------------------------------------

/// Prints ` %x {attrs} : t1 to t2` for single-operand, single-result conversion ops.
fn print_conversion(p: &mut OpPrinter<'_>, op: Op, keywords: &[&str]) {
    let ctx = p.ctx;
    let (Some(input), Some(&output)) = (ctx.operands(op).next(), ctx.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(input);
    for &kw in keywords {
        if ctx.get_attr(op, kw).is_some() {
            p.write(" ");
            p.write(kw);
        }
    }
    p.print_optional_attr_dict(op, keywords);
    p.write(" : ");
    p.print_type(ctx.value_type(input));
    p.write(" to ");
    p.print_type(ctx.value_type(output));
}

fn print_clone(p: &mut OpPrinter<'_>, op: Op) {
    print_conversion(p, op, &[]);
}

// ----- bufferization.alloc_tensor --------------------------------------------------------------

fn parse_alloc_tensor(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let sizes = p.parse_paren_operand_list()?;
    let copy = if p.eat_keyword("copy") {
        p.expect(TokKind::LParen, "(")?;
        let c = p.parse_operand()?;
        p.expect(TokKind::RParen, ")")?;
        Some(c)
    } else {
        None
    };
    let size_hint = if p.eat_keyword("size_hint") {
        p.expect(TokKind::Equal, "=")?;
        Some(p.parse_operand()?)
    } else {
        None
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    let index = p.ctx.index_type();
    state.operands = p.resolve_operands_same(&sizes, index)?;
    if let Some(c) = &copy {
        state.operands.push(p.resolve_operand(c, ty)?);
    }
    if let Some(h) = &size_hint {
        state.operands.push(p.resolve_operand(h, index)?);
    }
    let segs = [
        sizes.len(),
        usize::from(copy.is_some()),
        usize::from(size_hint.is_some()),
    ];
    set_segments(p, state, &segs.map(|n| n as i32));
    state.result_types.push(ty);
    Ok(())
}

fn print_alloc_tensor(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write("(");
    p.print_operands(&segment_values(ctx, op, 0));
    p.write(")");
    if let Some(&copy) = segment_values(ctx, op, 1).first() {
        p.write(" copy(");
        p.print_operand(copy);
        p.write(")");
    }
    if let Some(&hint) = segment_values(ctx, op, 2).first() {
        p.write(" size_hint=");
        p.print_operand(hint);
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    if let Some(&r) = ctx.results(op).first() {
        p.print_type(ctx.value_type(r));
    }
}

fn verify_alloc_tensor(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let sizes = segments(ctx, op).unwrap_or_else(|| smallvec::smallvec![0; 3]);
    let result_type = ctx.value_type(ctx.result(op, 0));
    let TypeData::Tensor { shape, .. } = ctx.type_data(result_type) else {
        op_error(
            ctx,
            op,
            diags,
            "result #0 must be tensor of any type values",
        );
        return;
    };
    let copy = segment_values(ctx, op, 1).first().copied();
    let loc = ctx.op_loc(op);
    if copy.is_some() && sizes[0] != 0 {
        diags.push(Diagnostic::error(
            loc,
            "dynamic sizes not needed when copying a tensor",
        ));
        return;
    }
    let dynamic_dims = shape.iter().filter(|&&d| d == DYNAMIC).count();
    if copy.is_none() && dynamic_dims != sizes[0] {
        let msg = format!(
            "incorrect number of dynamic sizes, has {}, expected {dynamic_dims}",
            sizes[0]
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    if copy.is_some_and(|c| ctx.value_type(c) != result_type) {
        diags.push(Diagnostic::error(
            loc,
            "expected that `copy` and return type match",
        ));
    }
}

// ----- bufferization.to_buffer / to_tensor -----------------------------------------------------

fn parse_unit_keywords(p: &mut OpParser<'_, '_>, state: &mut OpState, keywords: &[&str]) {
    for &kw in keywords {
        if p.eat_keyword(kw) {
            let unit = p.ctx.unit_attr();
            add_attr(p, state, kw, unit);
        }
    }
}

/// Parses `%x kw* {attrs} : t1 to t2`.
fn parse_conversion(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    keywords: &[&str],
) -> PResult<()> {
    let input = p.parse_operand()?;
    parse_unit_keywords(p, state, keywords);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let input_type = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let output_type = p.parse_type()?;
    state.operands.push(p.resolve_operand(&input, input_type)?);
    state.result_types.push(output_type);
    Ok(())
}

fn parse_to_buffer(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_conversion(p, state, &["read_only"])
}

fn print_to_buffer(p: &mut OpPrinter<'_>, op: Op) {
    print_conversion(p, op, &["read_only"]);
}

fn parse_to_tensor(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_conversion(p, state, &["restrict", "writable"])
}

fn print_to_tensor(p: &mut OpPrinter<'_>, op: Op) {
    print_conversion(p, op, &["restrict", "writable"]);
}

/// Shape and element type of a ranked or unranked tensor or memref.
fn shape_and_elem(ctx: &Context, ty: Type) -> Option<(Option<&[i64]>, Type)> {
    match ctx.type_data(ty) {
        TypeData::Tensor { shape, elem, .. } | TypeData::MemRef { shape, elem, .. } => {
            Some((Some(shape.as_slice()), *elem))
        }
        TypeData::UnrankedTensor { elem } | TypeData::UnrankedMemRef { elem, .. } => {
            Some((None, *elem))
        }
        _ => None,
    }
}

/// `to_buffer` / `to_tensor`: the tensor and the buffer agree in shape and element type.
fn verify_tensor_buffer_pair(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (Some(input), Some(&output)) = (ctx.operands(op).next(), ctx.results(op).first()) else {
        op_error(ctx, op, diags, "expected 1 operand and 1 result");
        return;
    };
    let a = shape_and_elem(ctx, ctx.value_type(input));
    let b = shape_and_elem(ctx, ctx.value_type(output));
    if a.is_none() || b.is_none() || a != b {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that specified tensor and buffer types match",
        );
    }
}

// ----- bufferization.dealloc_tensor / materialize_in_destination ------------------------------

fn parse_dealloc_tensor(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let tensor = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&tensor, ty)?);
    Ok(())
}

fn print_dealloc_tensor(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(&operands);
}

fn parse_materialize(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.expect_keyword("in")?;
    parse_unit_keywords(p, state, &["restrict", "writable"]);
    let dest = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let pos = p.cur_pos();
    let fty = p.parse_type()?;
    let TypeData::Function { inputs, results } = p.ctx.type_data(fty).clone() else {
        return p.error_at(pos, "invalid kind of type specified");
    };
    state.operands = p.resolve_operands(&[source, dest], &inputs, pos)?;
    state.result_types = results;
    Ok(())
}

fn print_materialize(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let [source, dest] = operands[..] else {
        return;
    };
    p.write(" ");
    p.print_operand(source);
    p.write(" in");
    for kw in ["restrict", "writable"] {
        if ctx.get_attr(op, kw).is_some() {
            p.write(" ");
            p.write(kw);
        }
    }
    p.write(" ");
    p.print_operand(dest);
    p.print_optional_attr_dict(op, &["restrict", "writable"]);
    p.write(" : ");
    let inputs: Vec<Type> = operands.iter().map(|&v| ctx.value_type(v)).collect();
    let results: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    p.print_function_type(&inputs, &results);
}

fn materialize_effects(ctx: &Context, op: Op) -> Effects {
    let dest_is_buffer = ctx.num_operands(op) == 2
        && ctx
            .type_data(ctx.value_type(ctx.operand(op, 1)))
            .is_memref();
    if dest_is_buffer {
        Effects::Known(smallvec![effect(EffectKind::Write, EffectOn::Operand(1))])
    } else {
        Effects::Known(smallvec![])
    }
}
