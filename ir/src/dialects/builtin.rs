//! The `builtin` dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

mod ops;
pub use ops::ModuleOp;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::context::OpState;
use crate::dialects::syntax::{add_attr, str_attr};
use crate::entity::Op;
use crate::registry::{
    Count::{Any, Exactly},
    OpCounts, OpDef, Registry, Traits,
};

/// The region, result, successor and operand counts of the dialect's ops (MLIR's ODS count traits).
const COUNTS: &[(&str, OpCounts)] = &[
    (
        "builtin.module",
        OpCounts::new(Exactly(0), Exactly(0)).regions(Exactly(1)),
    ),
    (
        "builtin.unrealized_conversion_cast",
        OpCounts::new(Any, Any),
    ),
];

/// Registers the builtin ops.
pub fn register(reg: &mut Registry) {
    let mut module = OpDef::new("builtin.module");
    module.traits = Traits::ISOLATED_FROM_ABOVE
        | Traits::NO_TERMINATOR
        | Traits::SINGLE_BLOCK
        | Traits::SYMBOL_TABLE
        | Traits::GRAPH_REGION
        | Traits::RECURSIVE_MEMORY_EFFECTS;
    module.inherent_attrs = &["sym_name", "sym_visibility"];
    module.parse = Some(parse_module);
    module.print = Some(print_module);
    module.default_dialect = Some("builtin");
    module.verify = Some(verify_module);
    reg.register(module);

    let mut cast = OpDef::new("builtin.unrealized_conversion_cast");
    cast.traits = Traits::PURE;
    cast.parse = Some(parse_cast);
    cast.print = Some(print_cast);
    reg.register(cast);
    reg.declare_counts(COUNTS);
}

fn parse_module(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if p.tok_kind() == TokKind::AtId {
        let name = p.parse_symbol_name_attr()?;
        add_attr(p, state, "sym_name", name);
    }
    p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
    let region = p.parse_region(None)?;
    if p.ctx.entry_block(region).is_none() {
        let b = p.ctx.create_block();
        p.ctx.append_block(region, b);
    }
    state.regions.push(region);
    Ok(())
}

fn print_module(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(name) = str_attr(p.ctx, op, "sym_name") {
        p.write(" ");
        p.print_symbol_name(name);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    let region = p.ctx.regions(op)[0];
    p.print_region(region, false, true);
}

fn parse_cast(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let operands = p.parse_operand_list()?;
    let types = if operands.is_empty() {
        Vec::new()
    } else {
        p.expect(TokKind::Colon, ":")?;
        p.parse_type_list()?
    };
    let pos = p.cur_pos();
    state.operands = p.resolve_operands(&operands, &types, pos)?;
    p.expect_keyword("to")?;
    state.result_types = p.parse_type_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_cast(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(&operands);
        p.write(" : ");
        p.print_value_types(&operands);
    }
    p.write(" to ");
    let results = p.ctx.results(op).to_vec();
    p.print_value_types(&results);
    p.print_optional_attr_dict(op, &[]);
}

fn verify_module(ctx: &crate::context::Context, op: Op, diags: &mut Vec<crate::diag::Diagnostic>) {
    let has_args = ctx
        .regions(op)
        .iter()
        .filter_map(|&r| ctx.entry_block(r))
        .any(|b| !ctx.block_args(b).is_empty());
    if ctx.num_operands(op) != 0 {
        crate::dialects::syntax::op_error(ctx, op, diags, "requires zero operands");
    } else if has_args {
        crate::dialects::syntax::op_error(ctx, op, diags, "region should have no arguments");
    }
}
