//! The MLIR-HLO `deallocation` dialect (not part of `mlir-opt-22`): ownership indicators.
//!
//! Type `!deallocation.ownership` (an opaque type here, see [`ownership_type`]) and the ops of
//! `deallocation_ops.td` (final, v2 form), with its assembly formats:
//!
//! - `%i = deallocation.get_buffer %x : memref<...>` (or `: !deallocation.ownership`) — pure;
//! - `%o = deallocation.own %m : memref<...>` — pure;
//! - `%n = deallocation.null` — pure;
//! - `deallocation.free %o` — frees the allocation; no declared effects (unknown);
//! - `%r:N = deallocation.retain(%m, ...) of(%o, ...) : (memref..., !deallocation.ownership...)
//!   -> (!deallocation.ownership...)` — null-safe dealloc; no declared effects (unknown).
//!
//! The dialect does not use properties, so `retain`'s `operandSegmentSizes` is an ordinary
//! attribute (printed in the attribute dictionary of the generic form).

mod ops;
pub use ops::{FreeOp, GetBufferOp, NullOp, OwnOp, RetainOp};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::syntax::{
    op_error, segment_values, segments, set_segments, type_str, types_of,
};
use crate::entity::{Op, Type};
use crate::registry::{
    Count::{Any, Exactly},
    OpCounts, Registry,
};
use crate::types::TypeData;

/// The text of the ownership indicator type after `!`.
pub const OWNERSHIP_TYPE_TEXT: &str = "deallocation.ownership";

/// The `!deallocation.ownership` type.
pub fn ownership_type(ctx: &mut Context) -> Type {
    ctx.ty(TypeData::Opaque {
        text: OWNERSHIP_TYPE_TEXT.to_string(),
    })
}

/// Whether `ty` is `!deallocation.ownership`.
pub fn is_ownership_type(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Opaque { text } if text == OWNERSHIP_TYPE_TEXT)
}

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    declare_ops! { reg;
        "deallocation.get_buffer" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_get_buffer, print_attrs_then_typed_operand,
            verify: verify_get_buffer,
        }
        "deallocation.own" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            syntax: parse_own, print_attrs_then_typed_operand,
            verify: verify_own,
        }
        "deallocation.null" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(0)),
            syntax: parse_null, |p, op| p.print_optional_attr_dict(op, &[]),
            verify: check_ownership_result,
        }
        "deallocation.free" {
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            syntax: parse_free, print_free,
            verify: verify_free,
        }
        "deallocation.retain" {
            counts: OpCounts::new(Any, Any),
            syntax: parse_retain, print_retain,
            verify: verify_retain,
        }
    }
}

// ----- syntax ----------------------------------------------------------------------------------

/// `{attrs} %x : type` (the format of `get_buffer` and `own`), returning the operand.
fn parse_attrs_then_typed_operand(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let value = p.parse_operand()?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&value, ty)?);
    Ok(())
}

fn print_attrs_then_typed_operand(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.write(" : ");
    p.print_value_types(&operands);
}

fn parse_get_buffer(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_attrs_then_typed_operand(p, state)?;
    state.result_types.push(p.ctx.index_type());
    Ok(())
}

fn parse_own(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_attrs_then_typed_operand(p, state)?;
    state.result_types.push(ownership_type(p.ctx));
    Ok(())
}

fn parse_null(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.result_types.push(ownership_type(p.ctx));
    Ok(())
}

fn parse_free(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let value = p.parse_operand()?;
    let ty = ownership_type(p.ctx);
    state.operands.push(p.resolve_operand(&value, ty)?);
    Ok(())
}

fn print_free(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
    p.write(" ");
    p.print_operands(&p.ctx.operand_array(op));
}

fn parse_retain(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let retained = p.parse_paren_operand_list()?;
    p.expect_keyword("of")?;
    let allocs = p.parse_paren_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let pos = p.cur_pos();
    let fty = p.parse_type()?;
    let TypeData::Function { inputs, results } = p.ctx.type_data(fty).clone() else {
        return p.error_at(pos, "invalid kind of type specified");
    };
    let operands: Vec<_> = retained.iter().chain(&allocs).cloned().collect();
    state.operands = p.resolve_operands(&operands, &inputs, pos)?;
    state.result_types = results;
    set_segments(p, state, &[retained.len() as i32, allocs.len() as i32]);
    Ok(())
}

fn print_retain(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write("(");
    p.print_operands(&segment_values(ctx, op, 0));
    p.write(") of(");
    p.print_operands(&segment_values(ctx, op, 1));
    p.write(")");
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
    p.write(" : ");
    let inputs = types_of(ctx, &ctx.operand_array(op));
    let results = types_of(ctx, ctx.results(op));
    p.print_function_type(&inputs, &results);
}

// ----- verifiers -------------------------------------------------------------------------------

/// Reports the ODS-style type constraint failure for value `#index` of `kind`.
fn type_error(
    ctx: &Context,
    op: Op,
    kind: &str,
    index: usize,
    what: &str,
    ty: Type,
    diags: &mut Vec<Diagnostic>,
) {
    let msg = format!(
        "{kind} #{index} must be {what}, but got '{}'",
        type_str(ctx, ty)
    );
    op_error(ctx, op, diags, msg);
}

/// Checks that result 0 is an ownership indicator.
fn check_ownership_result(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.result(op, 0));
    if !is_ownership_type(ctx, ty) {
        type_error(ctx, op, "result", 0, "an ownership indicator", ty, diags);
    }
}

fn verify_get_buffer(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.operand(op, 0));
    if !ctx.type_data(ty).is_memref() && !is_ownership_type(ctx, ty) {
        type_error(
            ctx,
            op,
            "operand",
            0,
            "memref of any type values or an ownership indicator",
            ty,
            diags,
        );
        return;
    }
    let result = ctx.value_type(ctx.result(op, 0));
    if !matches!(ctx.type_data(result), TypeData::Index) {
        type_error(ctx, op, "result", 0, "index", result, diags);
    }
}

fn verify_own(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.operand(op, 0));
    if !ctx.type_data(ty).is_memref() {
        type_error(
            ctx,
            op,
            "operand",
            0,
            "ranked or unranked memref of any type values",
            ty,
            diags,
        );
        return;
    }
    check_ownership_result(ctx, op, diags);
}

fn verify_free(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.operand(op, 0));
    if !is_ownership_type(ctx, ty) {
        type_error(ctx, op, "operand", 0, "an ownership indicator", ty, diags);
    }
}

fn verify_retain(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(sizes) = segments(ctx, op).filter(|s| s.len() == 2) else {
        op_error(ctx, op, diags, "requires attribute 'operandSegmentSizes'");
        return;
    };
    if sizes[0] + sizes[1] != ctx.num_operands(op) {
        let msg = format!(
            "operand count ({}) does not match with the total size ({}) specified in attribute 'operandSegmentSizes'",
            ctx.num_operands(op),
            sizes[0] + sizes[1]
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    let operands = types_of(ctx, &ctx.operand_array(op));
    for (i, &ty) in operands.iter().enumerate() {
        if i < sizes[0] && !ctx.type_data(ty).is_memref() {
            type_error(
                ctx,
                op,
                "operand",
                i,
                "variadic of ranked or unranked memref of any type values",
                ty,
                diags,
            );
            return;
        }
        if i >= sizes[0] && !is_ownership_type(ctx, ty) {
            type_error(
                ctx,
                op,
                "operand",
                i,
                "variadic of an ownership indicator",
                ty,
                diags,
            );
            return;
        }
    }
    for (i, &ty) in types_of(ctx, ctx.results(op)).iter().enumerate() {
        if !is_ownership_type(ctx, ty) {
            type_error(
                ctx,
                op,
                "result",
                i,
                "variadic of an ownership indicator",
                ty,
                diags,
            );
            return;
        }
    }
}
