//! The `linalg` dialect: structured ops over tensors and memrefs, as One-Shot Bufferize
//! leaves them.
//!
//! Every structured op has `ins` (read) and `outs` (read and written) operands, indexing maps
//! from its loop space to each operand, and a single-block body computing the output elements
//! from the element values (`^bb0(%in..., %out...)`, ending in `linalg.yield`). `linalg.generic`
//! spells all of this out; the named ops (`linalg.matmul`, `linalg.fill`, `linalg.add`, ...)
//! derive their maps from their definition and build their body while parsing, so the custom
//! form elides it and the generic form prints it, both as `mlir-opt-22` does.
//!
//! - [`generic`] holds `linalg.generic`.
//! - [`named`] holds the named ops with `ins(...) outs(...)` syntax, `linalg.transpose`,
//!   `linalg.broadcast`, `linalg.map` and `linalg.reduce`.
//! - [`maps`] derives the indexing maps of any structured op and its loop ranges, the public API the
//!   interpreter executes them with.
//! - [`operands`] holds the `ins(...) outs(...)` syntax and the checks shared by all ops.
//!
//! Memory effects: on memrefs, an op reads its `ins` and reads and writes its `outs`; on tensors
//! it is pure. Deallocation passes need nothing more.

use crate::registry::Count::{Any, AtLeast, Exactly};
use crate::registry::OpCounts;
use smallvec::SmallVec;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{add_attr, int_attr, op_error, parse_return_like, print_return_like};
use crate::entity::Op;
use crate::registry::{
    EffectKind, EffectOn, Effects, MemoryEffect, NameHint, OpDef, Registry, Resource, Traits,
};
use crate::types::TypeData;

pub mod generic;
pub mod maps;
pub mod named;
pub mod operands;

/// Registers the `linalg` ops.
pub fn register(reg: &mut Registry) {
    generic::register(reg);
    named::register(reg);

    let mut yield_op = OpDef::new("linalg.yield");
    yield_op.traits = Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE;
    yield_op.effects = Some(no_effects);
    yield_op.parse = Some(parse_return_like);
    yield_op.print = Some(print_return_like);
    yield_op.verify = Some(verify_yield);
    reg.register(yield_op);

    let mut index = OpDef::new("linalg.index");
    index.traits = Traits::PURE;
    index.effects = Some(no_effects);
    index.inherent_attrs = &["dim"];
    index.parse = Some(parse_index);
    index.print = Some(print_index);
    index.verify = Some(verify_index);
    reg.register(index);
}

fn no_effects(_: &Context, _: Op) -> Effects {
    Effects::Known(SmallVec::new())
}

/// The definition every structured op starts from: its traits, effects and body argument
/// names.
fn structured_def(name: &str) -> OpDef {
    let mut def = OpDef::new(name);
    def.traits = Traits::SINGLE_BLOCK;
    def.effects = Some(structured_effects);
    def.block_arg_hint = Some(in_out_arg_names);
    def.canonicalization.patterns = &[super::memref::fold_cast_of_every_operand];
    def
}

/// Reads of the memref `ins`, reads and writes of the memref `outs`; nothing on tensors.
fn structured_effects(ctx: &Context, op: Op) -> Effects {
    let mut effects = SmallVec::new();
    let inputs = maps::num_inputs(ctx, op);
    for (i, v) in ctx.operands(op).enumerate() {
        if !matches!(ctx.type_data(ctx.value_type(v)), TypeData::MemRef { .. }) {
            continue;
        }
        let on = EffectOn::Operand(i);
        let mut add = |kind| {
            effects.push(MemoryEffect {
                kind,
                on,
                resource: Resource::Default,
            })
        };
        add(EffectKind::Read);
        if i >= inputs {
            add(EffectKind::Write);
        }
    }
    Effects::Known(effects)
}

/// `%in`, `%in_0`, ... for the inputs' elements, then `%out` (or `%init` for `linalg.map` and
/// `linalg.reduce`) for the outputs'.
fn in_out_arg_names(ctx: &Context, op: Op, _region: usize, hints: &mut Vec<NameHint>) {
    let inputs = maps::num_inputs(ctx, op);
    let name = ctx.op_name_str(op);
    let out = if matches!(name, "linalg.map" | "linalg.reduce") {
        "init"
    } else {
        "out"
    };
    for i in 0..ctx.num_operands(op) {
        hints.push(if i < inputs { "in".into() } else { out.into() });
    }
}

// ----- linalg.yield ---------------------------------------------------------------------------

fn verify_yield(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(parent) = ctx.parent_op(op) else {
        op_error(ctx, op, diags, "expected parent op with LinalgOp interface");
        return;
    };
    if !maps::is_structured(ctx, parent) {
        op_error(ctx, op, diags, "expected parent op with LinalgOp interface");
        return;
    }
    let outputs = ctx.num_operands(parent) - maps::num_inputs(ctx, parent);
    let yielded = ctx.num_operands(op);
    if yielded != outputs {
        let msg = format!(
            "expected number of yield values ({yielded}) to match the number of inits / outs operands of the enclosing LinalgOp ({outputs})"
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    let inputs = maps::num_inputs(ctx, parent);
    for (k, v) in ctx.operands(op).enumerate() {
        let out = ctx.operand(parent, inputs + k);
        let expected = operands::element_type(ctx, ctx.value_type(out));
        if ctx.value_type(v) != expected {
            let msg = format!(
                "type of yield operand {} ('{}') doesn't match the element type of the enclosing linalg.generic op ('{}')",
                k + 1,
                crate::dialects::syntax::type_str(ctx, ctx.value_type(v)),
                crate::dialects::syntax::type_str(ctx, expected)
            );
            op_error(ctx, op, diags, msg);
            return;
        }
    }
}

// ----- linalg.index ---------------------------------------------------------------------------

fn parse_index(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_integer()?;
    let i64_type = p.ctx.int_type(64);
    let dim = p.ctx.int_attr(value, i64_type);
    add_attr(p, state, "dim", dim);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let ty = p.parse_type()?;
    state.result_types.push(ty);
    Ok(())
}

fn print_index(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    p.write_int(int_attr(p.ctx, op, "dim").unwrap_or(0) as i64);
    p.print_optional_attr_dict(op, &["dim"]);
    p.write(" : ");
    p.print_value_types(p.ctx.results(op));
}

fn verify_index(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(dim) = int_attr(ctx, op, "dim") else {
        op_error(ctx, op, diags, "requires attribute 'dim'");
        return;
    };
    let Some(parent) = ctx.parent_op(op).filter(|&p| maps::is_structured(ctx, p)) else {
        op_error(ctx, op, diags, "expected parent op with LinalgOp interface");
        return;
    };
    let loops = maps::indexing_maps(ctx, parent)
        .and_then(|m| m.first().map(|m| m.num_dims))
        .unwrap_or(0);
    if dim < 0 || dim >= i128::from(loops) {
        let msg = format!(
            "expected dim ({dim}) to be lower than the number of loops ({loops}) of the enclosing LinalgOp"
        );
        op_error(ctx, op, diags, msg);
    }
}

/// How many regions, results, successors and operands each op has (as `mlir-opt-22` checks
/// them), declared for the verifier's count check.
pub(crate) const COUNTS: &[(&str, OpCounts)] = &[
    (
        "linalg.add",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.batch_matmul",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.broadcast",
        OpCounts::new(Any, Exactly(2)).regions(Exactly(1)),
    ),
    (
        "linalg.conv_2d_nchw_fchw",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.conv_2d_nhwc_hwcf",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.copy",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.div",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.dot",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.elementwise",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.fill",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.generic",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    ("linalg.index", OpCounts::new(Exactly(1), Exactly(0))),
    (
        "linalg.map",
        OpCounts::new(Any, AtLeast(1)).regions(Exactly(1)),
    ),
    (
        "linalg.matmul",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.matvec",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.max",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.min",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.mul",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.negf",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    // The float functions, whose bodies are `math` ops.
    (
        "linalg.abs",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.ceil",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.erf",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.exp",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.floor",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.log",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.powf",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.round",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.rsqrt",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.sqrt",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.tanh",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    ("linalg.reduce", OpCounts::new(Any, Any).regions(Exactly(1))),
    (
        "linalg.sub",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    (
        "linalg.transpose",
        OpCounts::new(Any, Exactly(2)).regions(Exactly(1)),
    ),
    (
        "linalg.vecmat",
        OpCounts::new(Any, Any).regions(Exactly(1)).segmented(2),
    ),
    ("linalg.yield", OpCounts::new(Exactly(0), Any)),
];
