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
use crate::dialects::syntax::{
    iterator_kind, iterator_types_from_strings, op_error, print_trait_dict, set_segments,
};
use crate::entity::Op;
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

fn parse_generic(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_attr_dict_into(&mut state.attrs)?;
    // `mlir-opt-22` reports a bad iterator type where the dictionary ends.
    let pos = p.cur_pos();
    let iterators = p.ctx.sym("iterator_types");
    if let Some(entry) = state.attrs.iter_mut().find(|(n, _)| *n == iterators) {
        entry.1 = iterator_types_from_strings(p, entry.1, pos, "linalg")?;
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

fn print_generic(p: &mut OpPrinter<'_>, op: Op) {
    print_trait_dict(p, op, &STRUCTURE_ATTRS, "linalg");
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

fn verify_generic(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(iterators) = ctx.get_attr(op, "iterator_types") else {
        op_error(ctx, op, diags, "requires attribute 'iterator_types'");
        return;
    };
    let valid = match ctx.attr_data(iterators) {
        AttrData::Array(items) => items
            .iter()
            .all(|&i| iterator_kind(ctx.attr_data(i), "linalg").is_some()),
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
