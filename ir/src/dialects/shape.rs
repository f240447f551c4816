//! The `shape` dialect ops that survive bufferization: `shape.assuming`, which runs its
//! region under a `!shape.witness` (the assumption that shape constraints hold), its terminator
//! `shape.assuming_yield`, and `shape.const_witness`.
//!
//! - `%r = shape.assuming %w -> (T...) { ... shape.assuming_yield %v : T... } [{attrs}]`: the
//!   region runs once, its yielded values are the results (region-branch interface: parent →
//!   region → parent); it has recursive memory effects; the terminator may be left implicit
//!   when there are no results.
//! - `shape.assuming_yield %v : T` is pure and return-like.
//! - `%w = shape.const_witness true|false` is pure; its `passing` property is a bool.
//!
//! `!shape.witness` is kept as an opaque dialect type (as every dialect type we do not model).

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::scf::ensure_terminator;
use crate::dialects::syntax::{add_attr, op_error, parse_return_like, print_return_like, type_str};
use crate::entity::Op;
use crate::registry::{
    Count::{Any, Exactly},
    OpCounts, RegionBranch, Registry,
};

/// The witness type of the shape dialect.
const WITNESS: &str = "shape.witness";

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    declare_ops! { reg;
        "shape.assuming" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, NO_REGION_ARGUMENTS],
            counts: OpCounts::new(Any, Exactly(1)).regions(Exactly(1)),
            region_branch_of: RegionBranch::RUN_ONCE,
            syntax: parse_assuming, print_assuming,
            verify: verify_assuming,
            implicit_terminator: "shape.assuming_yield",
        }
        "shape.assuming_yield" {
            traits: [TERMINATOR, RETURN_LIKE, PURE],
            counts: OpCounts::new(Exactly(0), Any),
            syntax: parse_return_like, print_return_like,
            verify: verify_assuming_yield,
        }
        "shape.const_witness" {
            traits: [PURE, CONSTANT_LIKE],
            counts: OpCounts::new(Exactly(1), Exactly(0)),
            attrs: ["passing"],
            syntax: parse_const_witness, print_const_witness,
            verify: verify_const_witness,
        }
    }
}

/// Whether `ty` is `!shape.witness`.
fn is_witness(ctx: &Context, ty: crate::entity::Type) -> bool {
    type_str(ctx, ty) == format!("!{WITNESS}")
}

// ----- shape.assuming ---------------------------------------------------------------------------

fn parse_assuming(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let witness = p.parse_operand()?;
    let witness_ty = p.ctx.ty(crate::types::TypeData::Opaque {
        text: WITNESS.into(),
    });
    state
        .operands
        .push(p.resolve_operand(&witness, witness_ty)?);
    if p.eat(TokKind::Arrow) {
        state.result_types = p.parse_function_result_types()?;
    }
    let region = p.parse_region(None)?;
    ensure_terminator(p, region, "shape.assuming_yield", false, state.loc);
    state.regions.push(region);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_assuming(p: &mut OpPrinter<'_>, op: Op) {
    let results = p.ctx.results(op).to_vec();
    p.write(" ");
    p.print_operand(p.ctx.operand(op, 0));
    if !results.is_empty() {
        p.write(" -> (");
        p.print_value_types(&results);
        p.write(")");
    }
    p.write(" ");
    p.print_region(p.ctx.regions(op)[0], false, !results.is_empty());
    p.print_optional_attr_dict(op, &[]);
}

fn verify_assuming(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let ty = ctx.value_type(ctx.operand(op, 0));
    if !is_witness(ctx, ty) {
        op_error(
            ctx,
            op,
            diags,
            format!("operand #0 must be , but got '{}'", type_str(ctx, ty)),
        );
    }
}

/// An error on the `shape.assuming` owning `term`, with MLIR's note on the terminator.
fn edge_error(ctx: &Context, parent: Op, term: Op, diags: &mut Vec<Diagnostic>, msg: String) {
    let error = Diagnostic::error(
        ctx.op_loc(parent),
        format!("'{}' op {msg}", ctx.op_name_str(parent)),
    )
    .on_op(parent)
    .with_note(ctx.op_loc(term), "region branch point");
    diags.push(error);
}

fn verify_assuming_yield(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(parent) = ctx
        .parent_op(op)
        .filter(|&parent| ctx.op_name_str(parent) == "shape.assuming")
    else {
        op_error(ctx, op, diags, "expects parent op 'shape.assuming'");
        return;
    };
    let results = ctx.results(parent);
    let operands = ctx.operand_array(op);
    if operands.len() != results.len() {
        edge_error(
            ctx,
            parent,
            op,
            diags,
            format!(
                "along control flow edge from Operation shape.assuming_yield to parent: region branch point has {} operands, but region successor needs {} inputs",
                operands.len(),
                results.len()
            ),
        );
        return;
    }
    for (i, (&v, &r)) in operands.iter().zip(results).enumerate() {
        let (a, b) = (ctx.value_type(v), ctx.value_type(r));
        if a != b {
            edge_error(
                ctx,
                parent,
                op,
                diags,
                format!(
                    "along control flow edge from Operation shape.assuming_yield to parent: successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                    type_str(ctx, a),
                    type_str(ctx, b)
                ),
            );
            return;
        }
    }
}

// ----- shape.const_witness ----------------------------------------------------------------------

fn parse_const_witness(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let passing = match p.parse_optional_keyword() {
        Some("true") => true,
        Some("false") => false,
        _ => return p.error("expected attribute value"),
    };
    let attr = p.ctx.attr(AttrData::Bool(passing));
    add_attr(p, state, "passing", attr);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let witness_ty = p.ctx.ty(crate::types::TypeData::Opaque {
        text: WITNESS.into(),
    });
    state.result_types.push(witness_ty);
    Ok(())
}

fn print_const_witness(p: &mut OpPrinter<'_>, op: Op) {
    let passing = p
        .ctx
        .get_attr(op, "passing")
        .is_some_and(|a| matches!(p.ctx.attr_data(a), AttrData::Bool(true)));
    p.write(if passing { " true" } else { " false" });
    p.print_optional_attr_dict(op, &["passing"]);
}

fn verify_const_witness(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let is_bool = ctx
        .get_attr(op, "passing")
        .is_some_and(|a| matches!(ctx.attr_data(a), AttrData::Bool(_)));
    if !is_bool {
        op_error(ctx, op, diags, "requires attribute 'passing'");
        return;
    }
    let ty = ctx.value_type(ctx.results(op)[0]);
    if !is_witness(ctx, ty) {
        op_error(
            ctx,
            op,
            diags,
            format!("result #0 must be , but got '{}'", type_str(ctx, ty)),
        );
    }
}
