//! The memref ops that carry hints or update an element in place: `memref.assume_alignment`,
//! `memref.prefetch`, and `memref.generic_atomic_rmw` with its terminator `memref.atomic_yield`.
//!
//! - `assume_alignment %m, 16 : T` is a pure view of its operand (same type), with the
//!   `alignment` property (a power of two, `i32`);
//! - `prefetch %m[%i], read|write, locality<0..3>, data|instr : T`, a cache hint, declares a
//!   write of its buffer, as in MLIR (so no pass drops it as dead), with the `isWrite`, `localityHint` and `isDataCache` properties;
//! - `generic_atomic_rmw %m[%i] : T { ^bb0(%current: E): ... memref.atomic_yield %new : E }`
//!   reads and writes its buffer: its body, free of side effects, computes the element stored
//!   from the current one; the op's result is the element it stored.

use smallvec::SmallVec;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::syntax::{add_attr, int_attr, op_error};
use crate::entity::Op;
use crate::interfaces::value_effects;
use crate::registry::{
    Count::{AtLeast, Exactly},
    OpCounts, Registry,
};

use super::{
    operand_type, parse_ranked_memref, parse_square_operands, print_memref_and_indices, quoted,
    ranked, resolve_indices_into,
};

/// Registers the hint and generic atomic ops.
pub(super) fn register(reg: &mut Registry) {
    declare_ops! { reg;
        "memref.assume_alignment" {
            traits: [VIEW_LIKE, PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
            attrs: ["alignment"],
            property_kinds: [("alignment", Integer)],
            syntax: parse_assume_alignment, print_assume_alignment,
            verify: verify_assume_alignment,
            view_source: 0,
            hint: "assume_align",
        }
        "memref.prefetch" {
            counts: OpCounts::new(Exactly(0), AtLeast(1)),
            attrs: ["isDataCache", "isWrite", "localityHint"],
            property_kinds: [("localityHint", Integer)],
            // As in MLIR, a prefetch declares a write of its buffer (so it is never dead).
            memory: [Write(Operand(0))],
            syntax: parse_prefetch, print_prefetch,
            verify: verify_prefetch,
        }
        "memref.generic_atomic_rmw" {
            traits: [SINGLE_BLOCK],
            counts: OpCounts::new(Exactly(1), AtLeast(1)).regions(Exactly(1)),
            memory: [Read(Operand(0)), Write(Operand(0))],
            syntax: parse_generic_atomic_rmw, print_generic_atomic_rmw,
            verify: verify_generic_atomic_rmw,
        }
        "memref.atomic_yield" {
            traits: [TERMINATOR, PURE],
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            syntax: parse_atomic_yield, print_atomic_yield,
            verify: verify_atomic_yield,
        }
    }
}

/// Checks that operand #0 is a ranked memref, reporting MLIR's message otherwise.
fn expect_ranked_operand(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let ok = ranked(ctx, operand_type(ctx, op, 0)).is_some();
    if !ok {
        op_error(
            ctx,
            op,
            diags,
            "operand #0 must be memref of any type values",
        );
    }
    ok
}

// ----- memref.assume_alignment ----------------------------------------------------------------

fn parse_assume_alignment(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let memref = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let pos = p.cur_pos();
    let alignment = p.parse_integer()?;
    let i32_ty = p.ctx.int_type(32);
    let attr = p.make_int_attr(alignment, i32_ty, pos)?;
    add_attr(p, state, "alignment", attr);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.result_types.push(ty);
    Ok(())
}

fn print_assume_alignment(p: &mut OpPrinter<'_>, op: Op) {
    let memref = p.ctx.operand(op, 0);
    p.write(" ");
    p.print_operand(memref);
    p.write(", ");
    let alignment = int_attr(p.ctx, op, "alignment").unwrap_or(0);
    p.write(&alignment.to_string());
    p.print_optional_attr_dict(op, &["alignment"]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(memref));
}

fn verify_assume_alignment(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(alignment) = int_attr(ctx, op, "alignment") else {
        op_error(ctx, op, diags, "requires attribute 'alignment'");
        return;
    };
    if !expect_ranked_operand(ctx, op, diags) {
        return;
    }
    if operand_type(ctx, op, 0) != ctx.value_type(ctx.results(op)[0]) {
        op_error(
            ctx,
            op,
            diags,
            "requires the same type for all operands and results",
        );
        return;
    }
    if alignment <= 0 || alignment & (alignment - 1) != 0 {
        op_error(ctx, op, diags, "alignment must be power of 2");
    }
}

// ----- memref.prefetch ------------------------------------------------------------------------

fn parse_prefetch(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let memref = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.expect(TokKind::Comma, ",")?;
    let is_write = match p.parse_optional_keyword() {
        Some("read") => false,
        Some("write") => true,
        _ => return prefetch_error(state, "rw specifier has to be 'read' or 'write'"),
    };
    p.expect(TokKind::Comma, ",")?;
    p.expect_keyword("locality")?;
    p.expect(TokKind::Less, "<")?;
    let pos = p.cur_pos();
    let locality = p.parse_integer()?;
    let i32_ty = p.ctx.int_type(32);
    let locality = p.make_int_attr(locality, i32_ty, pos)?;
    p.expect(TokKind::Greater, ">")?;
    p.expect(TokKind::Comma, ",")?;
    let is_data = match p.parse_optional_keyword() {
        Some("data") => true,
        Some("instr") => false,
        _ => return prefetch_error(state, "cache type has to be 'data' or 'instr'"),
    };
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    let write_attr = p.ctx.attr(AttrData::Bool(is_write));
    let data_attr = p.ctx.attr(AttrData::Bool(is_data));
    add_attr(p, state, "isWrite", write_attr);
    add_attr(p, state, "localityHint", locality);
    add_attr(p, state, "isDataCache", data_attr);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)
}

/// A syntax error reported, as MLIR does, at the op's name.
fn prefetch_error<T>(state: &OpState, msg: &str) -> PResult<T> {
    Err(Diagnostic::error(
        state.loc,
        format!("custom op 'memref.prefetch' {msg}"),
    ))
}

/// A boolean property (`false` when absent or not a boolean).
fn flag(ctx: &Context, op: Op, name: &str) -> bool {
    ctx.get_attr(op, name)
        .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::Bool(true)))
}

fn print_prefetch(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    print_memref_and_indices(p, operands.iter().copied());
    p.write(if flag(p.ctx, op, "isWrite") {
        ", write"
    } else {
        ", read"
    });
    let locality = int_attr(p.ctx, op, "localityHint").unwrap_or(0);
    p.write(&format!(", locality<{locality}>"));
    p.write(if flag(p.ctx, op, "isDataCache") {
        ", data"
    } else {
        ", instr"
    });
    p.print_optional_attr_dict(op, &["isDataCache", "isWrite", "localityHint"]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(operands[0]));
}

fn verify_prefetch(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !expect_ranked_operand(ctx, op, diags) {
        return;
    }
    let Some(m) = ranked(ctx, operand_type(ctx, op, 0)) else {
        return;
    };
    let locality = int_attr(ctx, op, "localityHint");
    if !locality.is_some_and(|l| (0..=3).contains(&l)) {
        op_error(
            ctx,
            op,
            diags,
            "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
        );
        return;
    }
    for name in ["isWrite", "isDataCache"] {
        let is_bool = ctx
            .get_attr(op, name)
            .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::Bool(_)));
        if !is_bool {
            op_error(ctx, op, diags, format!("requires attribute '{name}'"));
            return;
        }
    }
    if ctx.num_operands(op) - 1 != m.shape.len() {
        op_error(ctx, op, diags, "too few indices");
    }
}

// ----- memref.generic_atomic_rmw --------------------------------------------------------------

fn parse_generic_atomic_rmw(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let memref = p.parse_operand()?;
    let indices = parse_square_operands(p)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = parse_ranked_memref(p, state)?;
    let elem = ranked(p.ctx, ty).map_or(ty, |m| m.elem);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    resolve_indices_into(p, &indices, &mut state.operands)?;
    let region = p.parse_region(None)?;
    state.regions.push(region);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.result_types.push(elem);
    Ok(())
}

fn print_generic_atomic_rmw(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    print_memref_and_indices(p, operands.iter().copied());
    p.write(" : ");
    p.print_type(p.ctx.value_type(operands[0]));
    p.write(" ");
    p.print_region(p.ctx.regions(op)[0], true, true);
    p.print_optional_attr_dict(op, &[]);
}

fn verify_generic_atomic_rmw(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !expect_ranked_operand(ctx, op, diags) {
        return;
    }
    let Some(block) = ctx.entry_block(ctx.regions(op)[0]) else {
        op_error(ctx, op, diags, "expects a non-empty block");
        return;
    };
    if ctx.block_ops(block).next().is_none() {
        op_error(ctx, op, diags, "expects a non-empty block");
        return;
    }
    let args = ctx.block_args(block);
    if args.len() != 1 {
        op_error(
            ctx,
            op,
            diags,
            "expected single number of entry block arguments",
        );
        return;
    }
    let result_ty = ctx.value_type(ctx.results(op)[0]);
    if ctx.value_type(args[0]) != result_ty {
        op_error(
            ctx,
            op,
            diags,
            "expected block argument of the same type result type",
        );
        return;
    }
    let impure: SmallVec<[Op; 1]> = ctx
        .block_ops(block)
        .filter(|&inner| value_effects(ctx, inner).is_none_or(|list| !list.is_empty()))
        .take(1)
        .collect();
    if let Some(&inner) = impure.first() {
        diags.push(Diagnostic::error(
            ctx.op_loc(inner),
            format!(
                "body of '{}' should contain only operations with no side effects",
                ctx.op_name_str(op)
            ),
        ));
    }
}

// ----- memref.atomic_yield --------------------------------------------------------------------

fn parse_atomic_yield(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = p.parse_type()?;
    state.operands.push(p.resolve_operand(&value, ty)?);
    Ok(())
}

fn print_atomic_yield(p: &mut OpPrinter<'_>, op: Op) {
    let value = p.ctx.operand(op, 0);
    p.write(" ");
    p.print_operand(value);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(value));
}

fn verify_atomic_yield(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let parent = ctx.parent_op(op);
    let parent_ty = parent
        .filter(|&parent| ctx.op_name_str(parent) == "memref.generic_atomic_rmw")
        .and_then(|parent| ctx.results(parent).first().copied())
        .map(|r| ctx.value_type(r));
    let Some(parent_ty) = parent_ty else {
        op_error(
            ctx,
            op,
            diags,
            "expects parent op 'memref.generic_atomic_rmw'",
        );
        return;
    };
    let ty = operand_type(ctx, op, 0);
    if ty != parent_ty {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "types mismatch between yield op: {} and its parent: {}",
                quoted(ctx, ty),
                quoted(ctx, parent_ty)
            ),
        );
    }
}
