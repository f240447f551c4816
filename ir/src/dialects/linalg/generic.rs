//! `linalg.generic`: a structured op with explicit indexing maps, iterator types and body.
//!
//! ```text
//! linalg.generic {indexing_maps = [...], iterator_types = ["parallel", "reduction"]
//!                 [, doc = "...", library_call = "..."]}
//!     ins(%a : memref<?xf32>) outs(%b : memref<f32>) [attrs = {...}] {
//!   ^bb0(%in: f32, %out: f32): ... linalg.yield %v : f32
//! } [-> tensor types]
//! ```
//!
//! The iterator types are stored as `#linalg.iterator_type<...>` attributes (the generic form
//! prints them so) and written as strings in the custom form.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{op_error, set_segments};
use crate::entity::{Attr, Op};
use crate::registry::Registry;

use super::operands::{
    parse_ins_outs, parse_optional_results, print_ins_outs, print_results, verify_structured,
};

/// The properties of `linalg.generic`, in the order the custom form's leading dictionary
/// prints them (sorted by name).
const STRUCTURE_ATTRS: [&str; 4] = ["doc", "indexing_maps", "iterator_types", "library_call"];

/// Every property, elided from the trailing `attrs = {...}`.
const PROPERTIES: [&str; 5] = [
    "doc",
    "indexing_maps",
    "iterator_types",
    "library_call",
    "operandSegmentSizes",
];

/// The two iterator kinds.
const ITERATOR_KINDS: [&str; 2] = ["parallel", "reduction"];

pub(super) fn register(reg: &mut Registry) {
    let mut def = super::structured_def("linalg.generic");
    def.inherent_attrs = &PROPERTIES;
    def.parse = Some(parse_generic);
    def.print = Some(print_generic);
    def.verify = Some(verify_generic);
    def.implicit_terminator = Some("linalg.yield");
    reg.register(def);
}

/// The number of loops of a `linalg.generic` (its iterator count); `None` for other ops.
pub fn num_loops(ctx: &Context, op: Op) -> Option<usize> {
    if ctx.op_name_str(op) != "linalg.generic" {
        return None;
    }
    match ctx.attr_data(ctx.get_attr(op, "iterator_types")?) {
        AttrData::Array(items) => Some(items.len()),
        _ => None,
    }
}

/// The kind (`parallel` / `reduction`) an iterator-type attribute names.
fn iterator_kind(data: &AttrData) -> Option<&'static str> {
    let AttrData::Opaque(text) = data else {
        return None;
    };
    let kind = text
        .strip_prefix("linalg.iterator_type<")?
        .strip_suffix('>')?;
    ITERATOR_KINDS.into_iter().find(|&k| k == kind)
}

fn parse_generic(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_attr_dict_into(&mut state.attrs)?;
    // `mlir-opt-22` reports a bad iterator type where the dictionary ends.
    let pos = p.cur_pos();
    let iterators = p.ctx.sym("iterator_types");
    if let Some(entry) = state.attrs.iter_mut().find(|(n, _)| *n == iterators) {
        entry.1 = iterator_types_from_strings(p, entry.1, pos)?;
    }
    let (inputs, outputs) = parse_ins_outs(p, state)?;
    if p.eat_keyword("attrs") {
        p.expect(TokKind::Equal, "=")?;
        p.parse_attr_dict_into(&mut state.attrs)?;
    }
    let region = p.parse_region(None)?;
    state.regions.push(region);
    parse_optional_results(p, state)?;
    set_segments(p, state, &[inputs as i32, outputs as i32]);
    Ok(())
}

/// Turns `["parallel", ...]` into `[#linalg.iterator_type<parallel>, ...]`.
fn iterator_types_from_strings(p: &mut OpParser<'_, '_>, attr: Attr, pos: usize) -> PResult<Attr> {
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
        let text = format!("linalg.iterator_type<{kind}>");
        converted.push(p.ctx.attr(AttrData::Opaque(text)));
    }
    Ok(p.ctx.attr(AttrData::Array(converted)))
}

fn print_generic(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" {");
    let mut first = true;
    for name in STRUCTURE_ATTRS {
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
            print_iterator_strings(p, attr);
        } else {
            p.print_attr(attr);
        }
    }
    p.write("}");
    print_ins_outs(p, op);
    let has_other = p
        .ctx
        .attrs(op)
        .iter()
        .any(|&(n, _)| !PROPERTIES.contains(&p.ctx.sym_str(n)));
    if has_other {
        p.write(" attrs = ");
        p.print_optional_attr_dict(op, &PROPERTIES);
    }
    if let Some(&region) = p.ctx.regions(op).first() {
        p.write(" ");
        p.print_region(region, true, true);
    }
    print_results(p, op);
}

fn print_iterator_strings(p: &mut OpPrinter<'_>, attr: Attr) {
    let AttrData::Array(items) = p.ctx.attr_data(attr) else {
        p.print_attr(attr);
        return;
    };
    p.write("[");
    for (i, &item) in items.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match iterator_kind(p.ctx.attr_data(item)) {
            Some(kind) => {
                p.write("\"");
                p.write(kind);
                p.write("\"");
            }
            None => p.print_attr(item),
        }
    }
    p.write("]");
}

fn verify_generic(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(iterators) = ctx.get_attr(op, "iterator_types") else {
        op_error(ctx, op, diags, "requires attribute 'iterator_types'");
        return;
    };
    let valid = match ctx.attr_data(iterators) {
        AttrData::Array(items) => items
            .iter()
            .all(|&i| iterator_kind(ctx.attr_data(i)).is_some()),
        _ => false,
    };
    if !valid {
        let msg = "attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.";
        op_error(ctx, op, diags, msg);
        return;
    }
    if ctx.get_attr(op, "indexing_maps").is_none() {
        op_error(ctx, op, diags, "requires attribute 'indexing_maps'");
        return;
    }
    verify_structured(ctx, op, diags);
}
