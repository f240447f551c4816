//! Helpers shared by custom op parsers, printers and verifiers.

use smallvec::SmallVec;

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::entity::{Attr, Op, Type, Value};
use crate::types::TypeData;

/// Reports `'op.name' op <msg>` at `op`.
pub fn op_error(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, msg: impl AsRef<str>) {
    let loc = ctx.op_loc(op);
    diags.push(Diagnostic::error(
        loc,
        format!("'{}' op {}", ctx.op_name_str(op), msg.as_ref()),
    ));
}

/// The printed form of a type.
pub fn type_str(ctx: &Context, ty: Type) -> String {
    crate::asm::printer::type_to_string(ctx, ty)
}

/// Adds an attribute by name to a state under construction.
pub fn add_attr(p: &mut OpParser<'_, '_>, state: &mut OpState, name: &str, attr: Attr) {
    let sym = p.ctx.sym(name);
    state.attrs.retain(|(n, _)| *n != sym);
    state.attrs.push((sym, attr));
}

/// Sets `operandSegmentSizes` on a state under construction.
pub fn set_segments(p: &mut OpParser<'_, '_>, state: &mut OpState, sizes: &[i32]) {
    let a = p.ctx.segment_sizes_attr(sizes);
    add_attr(p, state, "operandSegmentSizes", a);
}

/// The `operandSegmentSizes` of an op, if present.
pub fn segments(ctx: &Context, op: Op) -> Option<SmallVec<[usize; 4]>> {
    let a = ctx.operand_segment_sizes_attr(op)?;
    match ctx.attr_data(a) {
        AttrData::DenseArray { values, .. } => {
            Some(values.iter().map(|&v| v.max(0) as usize).collect())
        }
        _ => None,
    }
}

/// The operand range of segment `i` (all operands if the op has no segments).
pub fn segment_range(ctx: &Context, op: Op, i: usize) -> std::ops::Range<usize> {
    match segment_sizes(ctx, op) {
        Some(sizes) => {
            let size = |v: &i64| (*v).max(0) as usize;
            let start: usize = sizes.iter().take(i).map(size).sum();
            let len = sizes.get(i).map_or(0, size);
            let end = (start + len).min(ctx.num_operands(op));
            start.min(end)..end
        }
        None => 0..ctx.num_operands(op),
    }
}

/// The operand values of segment `i`.
pub fn segment_values(ctx: &Context, op: Op, i: usize) -> Vec<Value> {
    segment_range(ctx, op, i)
        .map(|k| ctx.operand(op, k))
        .collect()
}

/// [`segment_values`] without a heap allocation for up to four values (for printers).
pub fn segment_array(ctx: &Context, op: Op, i: usize) -> SmallVec<[Value; 4]> {
    segment_range(ctx, op, i)
        .map(|k| ctx.operand(op, k))
        .collect()
}

/// Parses `: type, type` after operands and resolves them.
pub fn parse_colon_types_resolve(
    p: &mut OpParser<'_, '_>,
    operands: &[crate::asm::parser::UnresolvedOperand],
) -> PResult<Vec<Value>> {
    let mut values = Vec::with_capacity(operands.len());
    parse_colon_types_resolve_into(p, operands, &mut values)?;
    Ok(values)
}

/// [`parse_colon_types_resolve`], appending the values to `out` (an op state's operands: no
/// list of its own is allocated).
pub fn parse_colon_types_resolve_into(
    p: &mut OpParser<'_, '_>,
    operands: &[crate::asm::parser::UnresolvedOperand],
    out: &mut Vec<Value>,
) -> PResult<()> {
    if operands.is_empty() {
        return Ok(());
    }
    let pos = p.cur_pos();
    p.expect(TokKind::Colon, ":")?;
    let types = p.parse_type_list()?;
    p.resolve_operands_typed_into(operands, &types, pos, out)
}

/// The string value of a string attribute.
pub fn str_attr<'a>(ctx: &'a Context, op: Op, name: &str) -> Option<&'a str> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::String(s) => Some(s.as_str()),
        _ => None,
    }
}

/// The flat symbol name of a symbol-reference attribute.
pub fn symbol_ref<'a>(ctx: &'a Context, op: Op, name: &str) -> Option<&'a str> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.sym_str(*root)),
        _ => None,
    }
}

/// The integer value of an integer attribute.
pub fn int_attr(ctx: &Context, op: Op, name: &str) -> Option<i128> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// The values of a dense array attribute.
pub fn dense_array(ctx: &Context, op: Op, name: &str) -> Option<Vec<i64>> {
    dense_array_values(ctx, op, name).map(<[i64]>::to_vec)
}

/// The values of `op`'s `operandSegmentSizes` dense array, if it has one.
pub fn segment_sizes(ctx: &Context, op: Op) -> Option<&[i64]> {
    match ctx.attr_data(ctx.operand_segment_sizes_attr(op)?) {
        AttrData::DenseArray { values, .. } => Some(values),
        _ => None,
    }
}

/// The values of the dense array attribute `name`, borrowed from the context.
pub fn dense_array_values<'c>(ctx: &'c Context, op: Op, name: &str) -> Option<&'c [i64]> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::DenseArray { values, .. } => Some(values),
        _ => None,
    }
}

/// The types of a list of values.
pub fn types_of(ctx: &Context, vs: &[Value]) -> SmallVec<[Type; 8]> {
    vs.iter().map(|&v| ctx.value_type(v)).collect()
}

/// The type held by the type attribute `name`.
pub fn type_attr(ctx: &Context, op: Op, name: &str) -> Option<Type> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }
}

/// The type of the function-type attribute `name`.
pub fn function_type(ctx: &Context, op: Op, name: &str) -> Option<(Vec<Type>, Vec<Type>)> {
    function_signature(ctx, op, name).map(|(inputs, results)| (inputs.to_vec(), results.to_vec()))
}

/// The input and result types of the function-type attribute `name`, borrowed from the
/// context (the verifier asks for them on every function, return and call it checks).
pub fn function_signature<'c>(
    ctx: &'c Context,
    op: Op,
    name: &str,
) -> Option<(&'c [Type], &'c [Type])> {
    match ctx.type_data(type_attr(ctx, op, name)?) {
        TypeData::Function { inputs, results } => Some((inputs, results)),
        _ => None,
    }
}

/// Finds the nearest enclosing symbol table of `op` and looks up `name` in it.
pub fn lookup_symbol(ctx: &Context, from: Op, name: &str) -> Option<Op> {
    ctx.lookup_symbol(from, name)
}

/// Reports MLIR's parse-time error for a malformed property in generic syntax:
/// `invalid properties {<inherent attrs>} for op <name>: <reason>`.
pub fn invalid_properties(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, reason: &str) {
    let inherent = ctx.op_def(op).inherent_attrs;
    let props: Vec<String> = ctx
        .attrs(op)
        .iter()
        .filter(|(n, _)| inherent.contains(&ctx.sym_str(*n)))
        .map(|&(n, a)| match ctx.attr_data(a) {
            // A unit entry of a dictionary prints as its bare name.
            AttrData::Unit => ctx.sym_str(n).to_string(),
            _ => {
                let value = crate::asm::printer::attr_to_string(ctx, a);
                format!("{} = {value}", ctx.sym_str(n))
            }
        })
        .collect();
    diags.push(Diagnostic::error(
        ctx.op_loc(op),
        format!(
            "invalid properties {{{}}} for op {}: {reason}",
            props.join(", "),
            ctx.op_name_str(op)
        ),
    ));
}

/// MLIR's message for a property of the wrong kind in generic syntax.
pub fn invalid_property(ctx: &Context, op: Op, name: &str, diags: &mut Vec<Diagnostic>) {
    let value = ctx
        .get_attr(op, name)
        .map(|a| crate::asm::printer::attr_to_string(ctx, a))
        .unwrap_or_default();
    let reason = format!("Invalid attribute `{name}` in property conversion: {value}");
    invalid_properties(ctx, op, diags, &reason);
}

/// Parses the syntax of one-operand conversions (`tensor.cast`, `index.casts`,
/// `vector.broadcast`, `bufferization.clone`): `%x {attrs} : t1 to t2`.
pub fn parse_cast_like(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let source = p.parse_operand()?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    p.expect(TokKind::Colon, ":")?;
    let from = p.parse_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    state.operands.push(p.resolve_operand(&source, from)?);
    state.result_types.push(to);
    Ok(())
}

/// Parses the syntax shared by return-like terminators (`func.return`, `scf.yield`,
/// `memref.alloca_scope.return`): `{attrs} %a, %b : t1, t2`, everything optional.
pub fn parse_return_like(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let operands = p.parse_operand_list()?;
    parse_colon_types_resolve_into(p, &operands, &mut state.operands)
}

/// Prints the syntax read by [`parse_return_like`].
pub fn print_return_like(p: &mut crate::asm::printer::OpPrinter<'_>, op: Op) {
    p.print_optional_attr_dict(op, &[]);
    let operands = p.ctx.operand_array(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(&operands);
        p.write(" : ");
        p.print_value_types(&operands);
    }
}

/// Parses MLIR's dynamic index list `[%a, 4, %b]` (offsets, sizes and strides of views and
/// slices): the dynamic operands, and the static values with [`crate::DYNAMIC`] where an operand
/// stands.
pub fn parse_dynamic_index_list(
    p: &mut OpParser<'_, '_>,
) -> PResult<(Vec<crate::asm::parser::UnresolvedOperand>, Vec<i64>)> {
    p.expect_msg(TokKind::LSquare, "expected '[' in dynamic index list")?;
    let mut operands = Vec::new();
    let mut statics = Vec::new();
    if p.eat(TokKind::RSquare) {
        return Ok((operands, statics));
    }
    loop {
        if let Some(o) = p.parse_optional_operand()? {
            operands.push(o);
            statics.push(crate::DYNAMIC);
        } else {
            let pos = p.cur_pos();
            match p.parse_optional_integer()? {
                Some(v) => match i64::try_from(v) {
                    Ok(v) => statics.push(v),
                    Err(_) => return p.error_at(pos, "integer value too large"),
                },
                None => return p.custom_error("expected integer value"),
            }
        }
        if !p.eat(TokKind::Comma) {
            break;
        }
    }
    p.expect_msg(TokKind::RSquare, "expected ']' in dynamic index list")?;
    Ok((operands, statics))
}

/// Prints the list read by [`parse_dynamic_index_list`]: static values, and the next operand
/// where a value is dynamic.
pub fn print_dynamic_index_list(
    p: &mut crate::asm::printer::OpPrinter<'_>,
    statics: &[i64],
    dynamic: &[Value],
) {
    p.write("[");
    let mut next = dynamic.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == crate::DYNAMIC {
            match next.next() {
                Some(&v) => p.print_operand(v),
                None => p.write("<<missing operand>>"),
            }
        } else {
            p.write_int(s);
        }
    }
    p.write("]");
}

/// The iterator kinds of structured ops and contractions.
pub const ITERATOR_KINDS: [&str; 2] = ["parallel", "reduction"];

/// The affine maps of an array attribute (`indexing_maps`); `None` unless every item is one.
pub fn affine_maps_of(ctx: &Context, attr: Attr) -> Option<Vec<crate::attrs::AffineMap>> {
    let AttrData::Array(items) = ctx.attr_data(attr) else {
        return None;
    };
    items
        .iter()
        .map(|&a| match ctx.attr_data(a) {
            AttrData::AffineMap(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

/// The kind an iterator-type attribute `#<dialect>.iterator_type<kind>` names.
pub fn iterator_kind(data: &AttrData, dialect: &str) -> Option<&'static str> {
    let AttrData::Opaque(text) = data else {
        return None;
    };
    let kind = text
        .strip_prefix(dialect)?
        .strip_prefix(".iterator_type<")?
        .strip_suffix('>')?;
    ITERATOR_KINDS.into_iter().find(|&k| k == kind)
}

/// Turns `["parallel", ...]` into `[#<dialect>.iterator_type<parallel>, ...]`; an unknown kind
/// is reported at `pos` as the op's custom-syntax error.
pub fn iterator_types_from_strings(
    p: &mut OpParser<'_, '_>,
    attr: Attr,
    pos: usize,
    dialect: &str,
) -> PResult<Attr> {
    let AttrData::Array(items) = p.ctx.attr_data(attr).clone() else {
        return Ok(attr);
    };
    let mut converted = Vec::with_capacity(items.len());
    for item in items {
        let AttrData::String(kind) = p.ctx.attr_data(item) else {
            converted.push(item);
            continue;
        };
        if !ITERATOR_KINDS.contains(&kind.as_str()) {
            let msg = format!("unexpected iterator_type ({kind})");
            return p.custom_error_at(pos, msg);
        }
        let text = format!("{dialect}.iterator_type<{kind}>");
        converted.push(p.ctx.attr(AttrData::Opaque(text)));
    }
    Ok(p.ctx.attr(AttrData::Array(converted)))
}

/// Prints an array of `#<dialect>.iterator_type<kind>` as `["kind", ...]`.
pub fn print_iterator_strings(
    p: &mut crate::asm::printer::OpPrinter<'_>,
    attr: Attr,
    dialect: &str,
) {
    let AttrData::Array(items) = p.ctx.attr_data(attr) else {
        p.print_attr(attr);
        return;
    };
    p.write("[");
    for (i, &item) in items.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match iterator_kind(p.ctx.attr_data(item), dialect) {
            Some(kind) => p.write(&format!("\"{kind}\"")),
            None => p.print_attr(item),
        }
    }
    p.write("]");
}

/// Prints ` {name = value, ...}` of the op's attributes `names` that are present, in that
/// order, with the iterator types as strings (`linalg.generic`'s and `vector.contract`'s
/// leading dictionary).
pub fn print_trait_dict(
    p: &mut crate::asm::printer::OpPrinter<'_>,
    op: Op,
    names: &[&str],
    dialect: &str,
) {
    p.write(" {");
    let mut first = true;
    for &name in names {
        let Some(attr) = p.ctx.get_attr(op, name) else {
            continue;
        };
        if !first {
            p.write(", ");
        }
        first = false;
        p.write(name);
        p.write(" = ");
        if name == "iterator_types" {
            print_iterator_strings(p, attr, dialect);
        } else {
            p.print_attr(attr);
        }
    }
    p.write("}");
}

#[cfg(test)]
mod tests {
    use crate::context::Context;

    /// `Context::segment_sizes_attr` answers what `dense_i32_array` interns, whether the sizes
    /// are new, cached, or were pushed out of their slot by others: lists that differ only in
    /// length, order or a trailing zero, sizes at and past the packing's limits, more than four
    /// sizes, and enough lists to share slots.
    #[test]
    fn segment_sizes_attr_is_the_dense_array() {
        let mut lists: Vec<Vec<i32>> = vec![
            vec![],
            vec![0],
            vec![1],
            vec![1, 0],
            vec![0, 1],
            vec![1, 1, 0],
            vec![1, 1, 1, 1],
            vec![1, 1, 1, 1, 1],
            vec![4095, 0, 2],
            vec![4096, 0, 2],
            vec![-1, 1, 1],
            vec![i32::MAX, 1],
        ];
        for n in 0..6 {
            for r in 0..6 {
                lists.push(vec![n, n, r]);
                lists.push(vec![r, n]);
            }
        }
        let mut ctx = Context::new();
        for round in 0..2 {
            for sizes in &lists {
                let expected = ctx.dense_i32_array(sizes);
                assert_eq!(
                    ctx.segment_sizes_attr(sizes),
                    expected,
                    "{sizes:?}, round {round}"
                );
                assert_eq!(ctx.segment_sizes_attr(sizes), expected, "{sizes:?} again");
            }
        }
    }
}
