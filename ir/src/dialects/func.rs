//! The `func` dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect`,
//! `func.constant`.
//!
//! Function-boundary facts the deallocation passes rely on come from here: `func.func` is
//! function-like, isolated from above and an automatic allocation scope; `func.return` is
//! return-like; `func.call` implements the call interface.

mod ops;
pub use ops::{CallIndirectOp, CallOp, ConstantOp, FuncOp, ReturnOp};

use smallvec::SmallVec;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{ArgDef, OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, function_signature, lookup_symbol, op_error, str_attr, symbol_ref, type_attr,
    type_str, types_of,
};
use crate::entity::{Attr, Op, Type};
use crate::registry::{
    CallInterface,
    Count::{Any, AtLeast, Exactly},
    Effects, OpCounts, OpDef, PropertyKind, Registry, Traits,
};
use crate::types::TypeData;

/// The region, result, successor and operand counts of the dialect's ops (MLIR's ODS count traits).
const COUNTS: &[(&str, OpCounts)] = &[
    ("func.call", OpCounts::new(Any, Any)),
    ("func.call_indirect", OpCounts::new(Any, AtLeast(1))),
    ("func.constant", OpCounts::new(Exactly(1), Exactly(0))),
    (
        "func.func",
        OpCounts::new(Exactly(0), Exactly(0)).regions(Exactly(1)),
    ),
    ("func.return", OpCounts::new(Exactly(0), Any)),
];

/// Registers the func ops.
pub fn register(reg: &mut Registry) {
    let mut func = OpDef::new("func.func");
    func.property_kinds = &[
        ("arg_attrs", PropertyKind::Array),
        ("function_type", PropertyKind::Type),
        ("no_inline", PropertyKind::Unit),
        ("res_attrs", PropertyKind::Array),
        ("sym_name", PropertyKind::String),
        ("sym_visibility", PropertyKind::String),
    ];
    func.traits = Traits::ISOLATED_FROM_ABOVE
        | Traits::SYMBOL
        | Traits::FUNCTION_LIKE
        | Traits::AUTOMATIC_ALLOCATION_SCOPE
        | Traits::RECURSIVE_MEMORY_EFFECTS;
    func.inherent_attrs = &[
        "arg_attrs",
        "function_type",
        "no_inline",
        "res_attrs",
        "sym_name",
        "sym_visibility",
    ];
    func.parse = Some(parse_func);
    func.print = Some(print_func);
    func.verify = Some(verify_func);
    func.default_dialect = Some("func");
    reg.register(func);

    let mut ret = OpDef::new("func.return");
    ret.traits = Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE;
    ret.parse = Some(crate::dialects::syntax::parse_return_like);
    ret.print = Some(crate::dialects::syntax::print_return_like);
    ret.verify = Some(verify_return);
    reg.register(ret);

    let mut call = OpDef::new("func.call");
    call.inherent_attrs = &["arg_attrs", "callee", "no_inline", "res_attrs"];
    call.parse = Some(parse_call);
    call.print = Some(print_call);
    call.verify = Some(verify_call);
    call.effects = Some(|_, _| Effects::Unknown);
    call.call = Some(CallInterface {
        callee: |ctx, op| match ctx.attr_data(ctx.get_attr(op, "callee")?) {
            AttrData::SymbolRef { root, .. } => Some(*root),
            _ => None,
        },
        args: |ctx, op| 0..ctx.num_operands(op),
    });
    reg.register(call);

    let mut call_indirect = OpDef::new("func.call_indirect");
    call_indirect.inherent_attrs = &["arg_attrs", "res_attrs"];
    call_indirect.parse = Some(parse_call_indirect);
    call_indirect.print = Some(print_call_indirect);
    call_indirect.effects = Some(|_, _| Effects::Unknown);
    call_indirect.call = Some(CallInterface {
        callee: |_, _| None,
        args: |ctx, op| 1..ctx.num_operands(op),
    });
    reg.register(call_indirect);

    let mut constant = OpDef::new("func.constant");
    constant.traits = Traits::PURE | Traits::CONSTANT_LIKE;
    constant.inherent_attrs = &["value"];
    constant.parse = Some(parse_constant);
    constant.print = Some(print_constant);
    constant.verify = Some(verify_constant);
    constant.name_hint = Some(|_, _, names| names.push("f".into()));
    reg.register(constant);
    reg.declare_counts(COUNTS);
}

// ----- func.func ------------------------------------------------------------------------------

fn parse_func(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if let Some(vis) = ["private", "public", "nested"]
        .into_iter()
        .find(|v| p.at_keyword(v))
    {
        p.eat_keyword(vis);
        let a = p.ctx.str_attr(vis);
        add_attr(p, state, "sym_visibility", a);
    }
    let name = p.parse_symbol_name_attr()?;
    add_attr(p, state, "sym_name", name);
    // Arguments: either `%name: type {attrs}` definitions or bare types (declarations).
    p.expect(TokKind::LParen, "(")?;
    let mut args: SmallVec<[ArgDef; 4]> = SmallVec::new();
    let mut inputs: SmallVec<[Type; 4]> = SmallVec::new();
    let mut arg_attrs: SmallVec<[Attr; 4]> = SmallVec::new();
    let mut named = None;
    if !p.eat(TokKind::RParen) {
        loop {
            let is_named = p.tok_kind() == TokKind::PercentId;
            if *named.get_or_insert(is_named) != is_named {
                return p.custom_error("expected SSA identifier");
            }
            if is_named {
                let a = p.parse_arg_def()?;
                inputs.push(a.ty);
                args.push(a);
            } else {
                inputs.push(p.parse_type()?);
            }
            arg_attrs.push(parse_optional_dict_attr(p)?);
            p.skip_loc()?;
            if !p.eat(TokKind::Comma) {
                break;
            }
        }
        p.expect(TokKind::RParen, ")")?;
    }
    let mut results: SmallVec<[Type; 2]> = SmallVec::new();
    let mut res_attrs: SmallVec<[Attr; 2]> = SmallVec::new();
    if p.eat(TokKind::Arrow) {
        if p.tok_kind() == TokKind::LParen {
            p.expect(TokKind::LParen, "(")?;
            if !p.eat(TokKind::RParen) {
                loop {
                    results.push(p.parse_type()?);
                    res_attrs.push(parse_optional_dict_attr(p)?);
                    if !p.eat(TokKind::Comma) {
                        break;
                    }
                }
                p.expect(TokKind::RParen, ")")?;
            }
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(p.ctx.attr(AttrData::Dict(Vec::new())));
        }
    }
    let fty = p.ctx.ty(TypeData::Function {
        inputs: inputs.to_vec(),
        results: results.to_vec(),
    });
    let fattr = p.ctx.type_attr(fty);
    add_attr(p, state, "function_type", fattr);
    set_optional_dict_array(p, state, "arg_attrs", &arg_attrs);
    set_optional_dict_array(p, state, "res_attrs", &res_attrs);
    p.parse_optional_attr_dict_with_keyword(&mut state.attrs)?;
    if p.tok_kind() == TokKind::LBrace {
        if named == Some(false) {
            return p.custom_error("expected named arguments for a function with a body");
        }
        let body_pos = p.cur_pos();
        let region = p.parse_region(Some(&args))?;
        if p.ctx.entry_block(region).is_none() {
            return p.custom_error_at(body_pos, "expected non-empty function body");
        }
        state.regions.push(region);
    } else {
        let region = p.ctx.create_region();
        state.regions.push(region);
    }
    Ok(())
}

fn parse_optional_dict_attr(p: &mut OpParser<'_, '_>) -> PResult<Attr> {
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    attrs.sort_by(|a, b| p.ctx.sym_str(a.0).cmp(p.ctx.sym_str(b.0)));
    Ok(p.ctx.attr(AttrData::Dict(attrs)))
}

fn set_optional_dict_array(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    name: &str,
    list: &[Attr],
) {
    let all_empty = list
        .iter()
        .all(|&a| matches!(p.ctx.attr_data(a), AttrData::Dict(d) if d.is_empty()));
    if !all_empty {
        let a = p.ctx.attr(AttrData::Array(list.to_vec()));
        add_attr(p, state, name, a);
    }
}

fn dict_list(ctx: &Context, op: Op, name: &str) -> Vec<Option<Attr>> {
    match ctx.get_attr(op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(list)) => list
            .iter()
            .map(|&a| match ctx.attr_data(a) {
                AttrData::Dict(d) if !d.is_empty() => Some(a),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn print_func(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(vis) = str_attr(ctx, op, "sym_visibility") {
        p.write(vis);
        p.write(" ");
    }
    p.print_symbol_name(str_attr(ctx, op, "sym_name").unwrap_or(""));
    let (inputs, results) = function_signature(ctx, op, "function_type").unwrap_or_default();
    let arg_attrs = dict_list(ctx, op, "arg_attrs");
    let res_attrs = dict_list(ctx, op, "res_attrs");
    let region = ctx.regions(op).first().copied();
    let entry = region.and_then(|r| ctx.entry_block(r));
    p.write("(");
    for (i, &ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match entry.and_then(|b| ctx.block_args(b).get(i).copied()) {
            Some(arg) => p.print_arg_def(arg),
            None => p.print_type(ty),
        }
        if let Some(Some(a)) = arg_attrs.get(i) {
            p.write(" ");
            p.print_attr(*a);
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let any_attrs = res_attrs.iter().any(Option::is_some);
        let needs_parens = any_attrs
            || results.len() > 1
            || matches!(ctx.type_data(results[0]), TypeData::Function { .. });
        if needs_parens {
            p.write("(");
        }
        for (i, &ty) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(ty);
            if let Some(Some(a)) = res_attrs.get(i) {
                p.write(" ");
                p.print_attr(*a);
            }
        }
        if needs_parens {
            p.write(")");
        }
    }
    p.print_optional_attr_dict_with_keyword(
        op,
        &[
            "sym_name",
            "function_type",
            "sym_visibility",
            "arg_attrs",
            "res_attrs",
        ],
    );
    if let Some(region) = region
        && ctx.entry_block(region).is_some()
    {
        p.write(" ");
        p.print_region(region, false, true);
    }
}

fn verify_func(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some((inputs, _)) = function_signature(ctx, op, "function_type") else {
        op_error(ctx, op, diags, "requires attribute 'function_type'");
        return;
    };
    if str_attr(ctx, op, "sym_name").is_none() {
        op_error(ctx, op, diags, "requires attribute 'sym_name'");
    }
    let Some(&region) = ctx.regions(op).first() else {
        return;
    };
    let Some(entry) = ctx.entry_block(region) else {
        return;
    };
    let args = types_of(ctx, ctx.block_args(entry));
    if args.len() != inputs.len() {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        );
        return;
    }
    for (i, (a, t)) in args.iter().zip(inputs).enumerate() {
        if a != t {
            op_error(
                ctx,
                op,
                diags,
                format!(
                    "type of entry block argument #{i}({}) must match the type of the corresponding argument in function signature({})",
                    type_str(ctx, *a),
                    type_str(ctx, *t)
                ),
            );
        }
    }
}

// ----- func.return ----------------------------------------------------------------------------

fn verify_return(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(func) = ctx.parent_op(op) else {
        return;
    };
    if ctx.op_name_str(func) != "func.func" {
        op_error(ctx, op, diags, "expects parent op 'func.func'");
        return;
    }
    let Some((_, results)) = function_signature(ctx, func, "function_type") else {
        return;
    };
    let operands = types_of(ctx, &ctx.operand_array(op));
    let name = str_attr(ctx, func, "sym_name").unwrap_or("");
    if operands.len() != results.len() {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "has {} operands, but enclosing function (@{name}) returns {}",
                operands.len(),
                results.len()
            ),
        );
        return;
    }
    for (i, (a, r)) in operands.iter().zip(results).enumerate() {
        if a != r {
            // MLIR uses a plain `emitError` here (no `'func.return' op` prefix).
            let msg = format!(
                "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                type_str(ctx, *a),
                type_str(ctx, *r)
            );
            diags.push(Diagnostic::error(ctx.op_loc(op), msg));
            return;
        }
    }
}

// ----- func.call ------------------------------------------------------------------------------

fn parse_call(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let callee = p.parse_flat_symbol_ref_attr()?;
    add_attr(p, state, "callee", callee);
    p.expect(TokKind::LParen, "(")?;
    let operands_pos = p.cur_pos();
    let operands = p.parse_operand_list()?;
    p.expect(TokKind::RParen, ")")?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let pos = p.cur_pos();
    let fty = p.parse_type()?;
    let TypeData::Function { inputs, results } = p.ctx.type_data(fty) else {
        return p.error_at(pos, "expected function type");
    };
    let inputs: SmallVec<[Type; 4]> = inputs.iter().copied().collect();
    state.result_types.extend_from_slice(results);
    p.resolve_operands_typed_into(&operands, &inputs, operands_pos, &mut state.operands)
}

fn print_call(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    if let Some(c) = p.ctx.get_attr(op, "callee") {
        p.print_attr(c);
    }
    p.write("(");
    let operands = p.ctx.operand_array(op);
    p.print_operands(&operands);
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    p.write(" : ");
    let inputs = types_of(p.ctx, &operands);
    let results = types_of(p.ctx, p.ctx.results(op));
    p.print_function_type(&inputs, &results);
}

fn verify_call(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(callee) = symbol_ref(ctx, op, "callee") else {
        op_error(ctx, op, diags, "requires attribute 'callee'");
        return;
    };
    let Some(func) = lookup_symbol(ctx, op, callee) else {
        op_error(
            ctx,
            op,
            diags,
            format!("'{callee}' does not reference a valid function"),
        );
        return;
    };
    let Some((inputs, results)) = function_signature(ctx, func, "function_type") else {
        op_error(
            ctx,
            op,
            diags,
            format!("'{callee}' does not reference a valid function"),
        );
        return;
    };
    let operands = types_of(ctx, &ctx.operand_array(op));
    if operands.len() != inputs.len() {
        op_error(ctx, op, diags, "incorrect number of operands for callee");
        return;
    }
    for (i, (a, e)) in operands.iter().zip(inputs).enumerate() {
        if a != e {
            op_error(
                ctx,
                op,
                diags,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_str(ctx, *e),
                    type_str(ctx, *a)
                ),
            );
            return;
        }
    }
    let got = types_of(ctx, ctx.results(op));
    if got.len() != results.len() {
        op_error(ctx, op, diags, "incorrect number of results for callee");
        return;
    }
    for (i, (a, e)) in got.iter().zip(results).enumerate() {
        if a != e {
            let loc = ctx.op_loc(op);
            let d = Diagnostic::error(
                loc,
                format!(
                    "'{}' op result type mismatch at index {i}",
                    ctx.op_name_str(op)
                ),
            )
            .with_note(loc, format!("      op result types: {}", type_str(ctx, *a)))
            .with_note(loc, format!("function result types: {}", type_str(ctx, *e)));
            diags.push(d);
            return;
        }
    }
}

// ----- func.call_indirect -------------------------------------------------------------------

fn parse_call_indirect(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let callee = p.parse_operand()?;
    let operands = p.parse_paren_operand_list()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let pos = p.cur_pos();
    let fty = p.parse_type()?;
    let TypeData::Function { inputs, results } = p.ctx.type_data(fty).clone() else {
        return p.error_at(pos, "expected function type");
    };
    let mut values = vec![p.resolve_operand(&callee, fty)?];
    values.extend(p.resolve_operands(&operands, &inputs, pos)?);
    state.operands = values;
    state.result_types = results;
    Ok(())
}

fn print_call_indirect(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operand(operands[0]);
    p.write("(");
    p.print_operands(&operands[1..]);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(p.ctx.value_type(operands[0]));
}

// ----- func.constant --------------------------------------------------------------------------

fn parse_constant(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let value = p.parse_attribute()?;
    add_attr(p, state, "value", value);
    let ty = p.parse_colon_type()?;
    state.result_types.push(ty);
    Ok(())
}

/// MLIR's `func.constant` symbol check: the value names a function of the result's type.
fn verify_constant(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(name) = symbol_ref(ctx, op, "value") else {
        op_error(ctx, op, diags, "requires attribute 'value'");
        return;
    };
    let func = lookup_symbol(ctx, op, name).filter(|&f| ctx.op_name_str(f) == "func.func");
    let Some(func) = func else {
        op_error(
            ctx,
            op,
            diags,
            format!("reference to undefined function '{name}'"),
        );
        return;
    };
    let fn_type = type_attr(ctx, func, "function_type");
    let result_type = ctx.results(op).first().map(|&r| ctx.value_type(r));
    if fn_type != result_type {
        op_error(ctx, op, diags, "reference to function with mismatched type");
    }
}

fn print_constant(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &["value"]);
    p.write(" ");
    if let Some(v) = p.ctx.get_attr(op, "value") {
        p.print_attr(v);
    }
    p.write(" : ");
    let r = p.ctx.result(op, 0);
    p.print_type(p.ctx.value_type(r));
}
