//! The upstream `test` dialect ops that MLIR's buffer-deallocation tests use (`TestOps.td`).
//!
//! `mlir-opt-22` registers this dialect and lets it accept unknown ops, so `"test.foo"(...)`
//! parses without `--allow-unregistered-dialect` (as an op with unknown effects). Registered
//! here: `test.copy`, `test.buffer_based`, `test.region_buffer_based`, `test.region_yield`,
//! `test.read_buffer`, `test.forward_buffer`, `test.region_if`, `test.region_if_yield`,
//! `test.side_effect_op`, `test.one_region_with_recursive_memory_effects`,
//! `test.alloc_with_multiple_results` (an `index` and an allocated memref) and `test.return`,
//! with the memory effects and traits `TestOps.td` declares.

use smallvec::{SmallVec, smallvec};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::scf::verify_region_branch_types;
use crate::dialects::syntax::{op_error, parse_colon_types_resolve, types_of};
use crate::entity::Op;
use crate::registry::{
    Count::{Any, Exactly},
    EffectKind, EffectOn, Effects, MemoryEffect, OpCounts, RegionEdge, RegionPoint, Registry,
    Resource,
};

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    reg.allow_unknown_ops("test");
    declare_ops! { reg;
        "test.copy" {
            counts: OpCounts::new(Exactly(0), Exactly(2)),
            memory: [Read(Operand(0)), Write(Operand(1))],
            syntax: parse_copy, print_copy,
            verify: verify_memref_operands,
        }
        "test.buffer_based" {
            counts: OpCounts::new(Exactly(0), Exactly(2)),
            memory: [Read(Operand(0)), Write(Operand(1))],
            syntax: parse_buffer_based, print_buffer_based,
            verify: verify_memref_operands,
        }
        "test.region_buffer_based" {
            traits: [SINGLE_BLOCK],
            counts: OpCounts::new(Exactly(0), Exactly(2)).regions(Exactly(1)),
            memory: [Read(Operand(0)), Write(Operand(1))],
            syntax: parse_region_buffer_based, print_region_buffer_based,
            verify: verify_memref_operands,
        }
        "test.region_yield" {
            traits: [TERMINATOR, RETURN_LIKE, PURE],
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            syntax: parse_typed_operands_then_attrs, print_typed_operands_then_attrs,
        }
        // It reads its buffer and, as upstream's does, also writes the default resource
        // ("the contents are dumped"): it is never dead.
        "test.read_buffer" {
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            memory: [Read(Operand(0)), Write(Nothing)],
        }
        "test.forward_buffer" {
            traits: [PURE],
            counts: OpCounts::new(Exactly(1), Exactly(1)),
        }
        "test.region_if" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
            counts: OpCounts::new(Any, Any).regions(Exactly(3)),
            syntax: parse_region_if, print_region_if,
            verify: |ctx, op, diags| {
                verify_region_branch_types(ctx, op, diags);
            },
            region_branch: region_if_entry, region_if_from_region,
        }
        "test.region_if_yield" {
            traits: [TERMINATOR, RETURN_LIKE, PURE],
            counts: OpCounts::new(Exactly(0), Any),
            syntax: parse_typed_operands_then_attrs, print_typed_operands_then_attrs,
        }
        "test.side_effect_op" {
            counts: OpCounts::new(Exactly(1), Any),
            effects: side_effect_op_effects,
        }
        "test.one_region_with_recursive_memory_effects" {
            traits: [RECURSIVE_MEMORY_EFFECTS],
            counts: OpCounts::new(Exactly(1), Any).regions(Exactly(1)),
        }
        "test.alloc_with_multiple_results" {
            counts: OpCounts::new(Exactly(2), Exactly(0)),
            memory: [Allocate(Result(1))],
            syntax: parse_attrs_then_result_types, print_attrs_then_result_types,
            verify: verify_index_and_memref_results,
            hints: |_, _, names| names.extend(["index".into(), "memref".into()]),
        }
        "test.return" {
            traits: [TERMINATOR, RETURN_LIKE, PURE],
            counts: OpCounts::new(Exactly(0), Any),
        }
    }
}

/// A memory effect on the default resource.
fn effect(kind: EffectKind, on: EffectOn) -> MemoryEffect {
    MemoryEffect {
        kind,
        on,
        resource: Resource::Default,
    }
}

fn verify_memref_operands(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let all_memrefs = ctx
        .operands(op)
        .all(|v| ctx.type_data(ctx.value_type(v)).is_memref());
    if !all_memrefs {
        op_error(
            ctx,
            op,
            diags,
            "operands must be ranked or unranked memrefs",
        );
    }
}

/// The effects listed in the `effects` attribute: `[{effect = "read"|"write"|"allocate"|
/// "free", on_result?}]` (on the op's only result, or on no particular value).
fn side_effect_op_effects(ctx: &Context, op: Op) -> Effects {
    let Some(AttrData::Array(list)) = ctx.get_attr(op, "effects").map(|a| ctx.attr_data(a)) else {
        return Effects::Known(smallvec![]);
    };
    let mut effects = SmallVec::new();
    for &entry in list {
        let AttrData::Dict(fields) = ctx.attr_data(entry) else {
            continue;
        };
        let field = |name: &str| {
            fields
                .iter()
                .find(|(k, _)| ctx.sym_str(*k) == name)
                .map(|&(_, v)| ctx.attr_data(v))
        };
        let kind = match field("effect") {
            Some(AttrData::String(s)) if s == "read" => EffectKind::Read,
            Some(AttrData::String(s)) if s == "write" => EffectKind::Write,
            Some(AttrData::String(s)) if s == "allocate" => EffectKind::Allocate,
            Some(AttrData::String(s)) if s == "free" => EffectKind::Free,
            _ => continue,
        };
        let on = if field("on_result").is_some() && !ctx.results(op).is_empty() {
            EffectOn::Result(0)
        } else {
            EffectOn::Nothing
        };
        effects.push(effect(kind, on));
    }
    Effects::Known(effects)
}

// ----- syntax ----------------------------------------------------------------------------------

/// `test.copy(%a, %b) : (t1, t2) {attrs}`.
fn parse_copy(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.expect(TokKind::LParen, "(")?;
    let source = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let target = p.parse_operand()?;
    p.expect(TokKind::RParen, ")")?;
    p.expect(TokKind::Colon, ":")?;
    p.expect(TokKind::LParen, "(")?;
    let source_type = p.parse_type()?;
    p.expect(TokKind::Comma, ",")?;
    let target_type = p.parse_type()?;
    p.expect(TokKind::RParen, ")")?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.operands = vec![
        p.resolve_operand(&source, source_type)?,
        p.resolve_operand(&target, target_type)?,
    ];
    Ok(())
}

fn print_copy(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    let [source, target] = operands[..] else {
        return;
    };
    p.write("(");
    p.print_operands(&[source, target]);
    p.write(") : (");
    p.print_value_types(&[source, target]);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
}

/// Parses `in(%a: t) out(%b: t)`.
fn parse_in_out(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    for kw in ["in", "out"] {
        p.expect_keyword(kw)?;
        p.expect(TokKind::LParen, "(")?;
        let value = p.parse_operand()?;
        let ty = p.parse_colon_type()?;
        p.expect(TokKind::RParen, ")")?;
        state.operands.push(p.resolve_operand(&value, ty)?);
    }
    Ok(())
}

/// Prints ` in(%a : t) out(%b : t)`.
fn print_in_out(p: &mut OpPrinter<'_>, op: Op) -> bool {
    let operands = p.ctx.operand_array(op);
    let [input, output] = operands[..] else {
        return false;
    };
    for (kw, v) in [(" in(", input), (" out(", output)] {
        p.write(kw);
        p.print_operand(v);
        p.write(" : ");
        p.print_type(p.ctx.value_type(v));
        p.write(")");
    }
    true
}

fn parse_buffer_based(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_in_out(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)
}

fn print_buffer_based(p: &mut OpPrinter<'_>, op: Op) {
    if print_in_out(p, op) {
        p.print_optional_attr_dict(op, &[]);
    }
}

fn parse_region_buffer_based(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_in_out(p, state)?;
    let region = p.parse_region(None)?;
    if p.ctx.entry_block(region).is_none() {
        let block = p.ctx.create_block();
        p.ctx.append_block(region, block);
    }
    state.regions.push(region);
    p.parse_optional_attr_dict(&mut state.attrs)
}

fn print_region_buffer_based(p: &mut OpPrinter<'_>, op: Op) {
    if !print_in_out(p, op) {
        return;
    }
    if let Some(&region) = p.ctx.regions(op).first() {
        p.write(" ");
        p.print_region(region, true, true);
    }
    p.print_optional_attr_dict(op, &[]);
}

/// `{attrs} : t1, t2`, the result types (`test.alloc_with_multiple_results`).
fn parse_attrs_then_result_types(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    state.result_types = p.parse_type_list()?;
    Ok(())
}

fn print_attrs_then_result_types(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
    p.write(" :");
    for (i, &result) in p.ctx.results(op).iter().enumerate() {
        p.write(if i == 0 { " " } else { ", " });
        p.print_type(p.ctx.value_type(result));
    }
}

/// `test.alloc_with_multiple_results` gives an `index` and a memref.
fn verify_index_and_memref_results(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let types: SmallVec<[_; 2]> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    let well_typed = types.len() == 2
        && matches!(ctx.type_data(types[0]), crate::types::TypeData::Index)
        && ctx.type_data(types[1]).is_memref();
    if !well_typed {
        op_error(ctx, op, diags, "results must be an index and a memref");
    }
}

/// `%a, %b : t1, t2 {attrs}` (`test.region_yield`, `test.region_if_yield`).
fn parse_typed_operands_then_attrs(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let operands = p.parse_operand_list()?;
    if operands.is_empty() {
        p.expect(TokKind::Colon, ":")?;
    } else {
        state.operands = parse_colon_types_resolve(p, &operands)?;
    }
    p.parse_optional_attr_dict(&mut state.attrs)
}

fn print_typed_operands_then_attrs(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.write(" : ");
    p.print_value_types(&operands);
    p.print_optional_attr_dict(op, &[]);
}

// ----- test.region_if --------------------------------------------------------------------------

/// `test.region_if %a: t -> r then {...} else {...} join {...}`.
fn parse_region_if(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let operands = p.parse_operand_list()?;
    p.expect(TokKind::Colon, ":")?;
    let types = if p.tok_kind() == TokKind::Arrow {
        Vec::new()
    } else {
        p.parse_type_list()?
    };
    p.expect(TokKind::Arrow, "->")?;
    state.result_types = p.parse_function_result_types()?;
    for kw in ["then", "else", "join"] {
        p.expect_keyword(kw)?;
        let region = p.parse_region(None)?;
        state.regions.push(region);
    }
    let pos = p.cur_pos();
    state.operands = p.resolve_operands(&operands, &types, pos)?;
    Ok(())
}

fn print_region_if(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.write(": ");
    p.print_value_types(&operands);
    p.write(" -> ");
    p.print_result_type_list(&types_of(ctx, ctx.results(op)));
    let regions = ctx.regions(op).to_vec();
    for (kw, &region) in [" then ", " else ", " join "].iter().zip(&regions) {
        p.write(kw);
        p.print_region(region, true, true);
    }
}

/// The number of entry-block arguments of region `index`.
fn region_arg_count(ctx: &Context, op: Op, index: usize) -> usize {
    ctx.regions(op)
        .get(index)
        .and_then(|&r| ctx.entry_block(r))
        .map_or(0, |b| ctx.block_args(b).len())
}

/// Entry: all operands go to the then and else regions.
fn region_if_entry(ctx: &Context, op: Op) -> SmallVec<[RegionEdge; 2]> {
    (0..2)
        .map(|i| RegionEdge {
            to: RegionPoint::Region(i),
            operands: 0..ctx.num_operands(op),
            inputs: 0..region_arg_count(ctx, op, i),
        })
        .collect()
}

/// Then/else branch to the join region; the join region returns to the op.
fn region_if_from_region(
    ctx: &Context,
    op: Op,
    region: usize,
    term: Op,
) -> SmallVec<[RegionEdge; 2]> {
    let operands = 0..ctx.num_operands(term);
    if region == 2 {
        smallvec![RegionEdge {
            to: RegionPoint::Parent,
            operands,
            inputs: 0..ctx.results(op).len(),
        }]
    } else {
        smallvec![RegionEdge {
            to: RegionPoint::Region(2),
            operands,
            inputs: 0..region_arg_count(ctx, op, 2),
        }]
    }
}
