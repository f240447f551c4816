//! The `index` dialect: arithmetic, comparison and casts on `index` values.
//!
//! Every op is pure. Syntax as `mlir-opt-22` prints it: `index.add %a, %b` (no type),
//! `index.cmp slt(%a, %b)`, `index.casts %x : i32 to index`, `index.constant 42` (result
//! named `%idx42`), `index.bool.constant true`, `index.sizeof`. Comparison predicates are
//! stored as `#index<cmp_predicate slt>`.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{add_attr, int_attr, op_error, parse_cast_like, type_str};
use crate::entity::Op;
use crate::registry::Count::Exactly;
use crate::registry::OpCounts;
use crate::registry::{NameHint, OpDef, Registry, Traits};
use crate::types::TypeData;

/// The binary ops (two `index` operands, one `index` result).
pub const BINARY_OPS: &[&str] = &[
    "add",
    "sub",
    "mul",
    "divs",
    "divu",
    "ceildivs",
    "ceildivu",
    "floordivs",
    "rems",
    "remu",
    "maxs",
    "maxu",
    "mins",
    "minu",
    "shl",
    "shrs",
    "shru",
    "and",
    "or",
    "xor",
];

/// The comparison predicates, in `IndexCmpPredicate` order.
pub const CMP_PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    for name in BINARY_OPS {
        let mut def = pure_op(&format!("index.{name}"));
        def.parse = Some(parse_binary);
        def.print = Some(print_binary);
        def.verify = Some(verify_all_index);
        reg.register(def);
    }
    let mut cmp = pure_op("index.cmp");
    cmp.inherent_attrs = &["pred"];
    cmp.parse = Some(parse_cmp);
    cmp.print = Some(print_cmp);
    cmp.verify = Some(verify_cmp);
    reg.register(cmp);

    for name in ["index.casts", "index.castu"] {
        let mut cast = pure_op(name);
        cast.parse = Some(parse_cast_like);
        cast.print = Some(print_cast);
        cast.verify = Some(verify_cast);
        reg.register(cast);
    }

    let mut constant = pure_op("index.constant");
    constant.traits = Traits::PURE | Traits::CONSTANT_LIKE;
    constant.inherent_attrs = &["value"];
    constant.parse = Some(parse_constant);
    constant.print = Some(print_constant);
    constant.name_hint = Some(constant_name);
    reg.register(constant);

    let mut bool_constant = pure_op("index.bool.constant");
    bool_constant.traits = Traits::PURE | Traits::CONSTANT_LIKE;
    bool_constant.inherent_attrs = &["value"];
    bool_constant.parse = Some(parse_constant);
    bool_constant.print = Some(print_constant);
    bool_constant.name_hint = Some(bool_constant_name);
    reg.register(bool_constant);

    let mut sizeof = pure_op("index.sizeof");
    sizeof.parse = Some(|p, state| {
        p.parse_optional_attr_dict(&mut state.attrs)?;
        let index = p.ctx.index_type();
        state.result_types.push(index);
        Ok(())
    });
    sizeof.print = Some(|p, op| p.print_optional_attr_dict(op, &[]));
    reg.register(sizeof);
}

fn pure_op(name: &str) -> OpDef {
    let mut def = OpDef::new(name);
    def.traits = Traits::PURE;
    def
}

fn is_index(ctx: &Context, v: crate::entity::Value) -> bool {
    matches!(ctx.type_data(ctx.value_type(v)), TypeData::Index)
}

fn verify_all_index(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    for (i, v) in ctx.operands(op).enumerate() {
        if !is_index(ctx, v) {
            let msg = format!(
                "operand #{i} must be index, but got '{}'",
                type_str(ctx, ctx.value_type(v))
            );
            return op_error(ctx, op, diags, msg);
        }
    }
}

fn parse_two_index_operands(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let lhs = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let rhs = p.parse_operand()?;
    let index = p.ctx.index_type();
    state.operands.push(p.resolve_operand(&lhs, index)?);
    state.operands.push(p.resolve_operand(&rhs, index)?);
    Ok(())
}

fn parse_binary(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_two_index_operands(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let index = p.ctx.index_type();
    state.result_types.push(index);
    Ok(())
}

fn print_binary(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    p.print_operands(&p.ctx.operand_array(op));
    p.print_optional_attr_dict(op, &[]);
}

/// The predicate of an `index.cmp`, as an index into [`CMP_PREDICATES`].
pub fn cmp_predicate(ctx: &Context, op: Op) -> Option<usize> {
    let AttrData::Opaque(text) = ctx.attr_data(ctx.get_attr(op, "pred")?) else {
        return None;
    };
    let word = text
        .strip_prefix("index<cmp_predicate ")?
        .strip_suffix('>')?;
    CMP_PREDICATES.iter().position(|p| *p == word)
}

fn parse_cmp(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    let word = p.parse_optional_keyword().unwrap_or("");
    if !CMP_PREDICATES.contains(&word) {
        let msg = format!(
            "expected ::mlir::index::IndexCmpPredicate to be one of: {}",
            CMP_PREDICATES.join(", ")
        );
        return p.error_at(pos, msg);
    }
    let pred = p
        .ctx
        .attr(AttrData::Opaque(format!("index<cmp_predicate {word}>")));
    add_attr(p, state, "pred", pred);
    p.expect(TokKind::LParen, "(")?;
    parse_two_index_operands(p, state)?;
    p.expect(TokKind::RParen, ")")?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let i1 = p.ctx.i1_type();
    state.result_types.push(i1);
    Ok(())
}

fn print_cmp(p: &mut OpPrinter<'_>, op: Op) {
    let word = cmp_predicate(p.ctx, op).map_or("?", |i| CMP_PREDICATES[i]);
    p.write(" ");
    p.write(word);
    p.write("(");
    p.print_operands(&p.ctx.operand_array(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["pred"]);
}

fn verify_cmp(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if cmp_predicate(ctx, op).is_none() {
        return op_error(ctx, op, diags, "requires a valid 'pred' attribute");
    }
    verify_all_index(ctx, op, diags);
}

fn print_cast(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let (Some(input), Some(&result)) = (ctx.operands(op).next(), ctx.results(op).first()) else {
        return;
    };
    p.write(" ");
    p.print_operand(input);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(input));
    p.write(" to ");
    p.print_type(ctx.value_type(result));
}

fn verify_cast(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (Some(input), Some(&result)) = (ctx.operands(op).next(), ctx.results(op).first()) else {
        return;
    };
    let is_int = |ty| matches!(ctx.type_data(ty), TypeData::Integer { .. });
    let (from, to) = (ctx.value_type(input), ctx.value_type(result));
    let from_index = matches!(ctx.type_data(from), TypeData::Index);
    let to_index = matches!(ctx.type_data(to), TypeData::Index);
    let ok = (from_index && is_int(to)) || (to_index && is_int(from));
    if !ok {
        let msg = format!(
            "operand type '{}' and result type '{}' are cast incompatible",
            type_str(ctx, from),
            type_str(ctx, to)
        );
        op_error(ctx, op, diags, msg);
    }
}

fn parse_constant(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let is_bool = p.ctx.registry.def(state.name).name == "index.bool.constant";
    let value = if is_bool {
        let pos = p.cur_pos();
        let attr = p.parse_attribute()?;
        if !matches!(p.ctx.attr_data(attr), AttrData::Bool(_)) {
            return p.error_at(pos, "expected a boolean value");
        }
        state.result_types.push(p.ctx.i1_type());
        attr
    } else {
        let pos = p.cur_pos();
        let neg = p.eat(TokKind::Minus);
        let v = p.parse_integer()?;
        let index = p.ctx.index_type();
        state.result_types.push(index);
        p.make_int_attr(if neg { -v } else { v }, index, pos)?
    };
    add_attr(p, state, "value", value);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &["value"]);
    if let Some(a) = p.ctx.get_attr(op, "value") {
        p.write(" ");
        p.print_attr_without_type(a);
    }
}

fn constant_name(ctx: &Context, op: Op, out: &mut Vec<NameHint>) {
    if let Some(v) = int_attr(ctx, op, "value") {
        out.push(format!("idx{v}").into());
    }
}

fn bool_constant_name(ctx: &Context, op: Op, out: &mut Vec<NameHint>) {
    if let Some(a) = ctx.get_attr(op, "value")
        && let AttrData::Bool(b) = ctx.attr_data(a)
    {
        out.push(if *b { "true" } else { "false" }.into());
    }
}

/// How many regions, results, successors and operands each op has (as `mlir-opt-22` checks
/// them), declared for the verifier's count check.
pub(crate) const COUNTS: &[(&str, OpCounts)] = &[
    ("index.add", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.and", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.bool.constant", OpCounts::new(Exactly(1), Exactly(0))),
    ("index.casts", OpCounts::new(Exactly(1), Exactly(1))),
    ("index.castu", OpCounts::new(Exactly(1), Exactly(1))),
    ("index.ceildivs", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.ceildivu", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.cmp", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.constant", OpCounts::new(Exactly(1), Exactly(0))),
    ("index.divs", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.divu", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.floordivs", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.maxs", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.maxu", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.mins", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.minu", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.mul", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.or", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.rems", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.remu", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.shl", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.shrs", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.shru", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.sizeof", OpCounts::new(Exactly(1), Exactly(0))),
    ("index.sub", OpCounts::new(Exactly(1), Exactly(2))),
    ("index.xor", OpCounts::new(Exactly(1), Exactly(2))),
];
