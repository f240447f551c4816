//! The `cf` dialect: unstructured control flow (`cf.br`, `cf.cond_br`, `cf.switch`) and
//! `cf.assert`.
//!
//! The branch ops are terminators implementing the successor-operands interface: for each
//! successor, the range of operands forwarded to that block's arguments. `cf.cond_br` and
//! `cf.switch` keep their operand groups in `operandSegmentSizes` (and `case_operand_segments`
//! for the switch cases) exactly as MLIR does.

pub(crate) mod canonicalize;
mod ops;
pub use canonicalize::only_branch;
pub use ops::{AssertOp, BrOp, CondBrOp};

use std::ops::Range;

use smallvec::{SmallVec, smallvec};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult, format_int};
use crate::asm::printer::{OpPrinter, attr_to_string};
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{
    add_attr, dense_array, invalid_properties, op_error, segment_sizes, set_segments, type_str,
};
use crate::entity::{Block, Op, Value};
use crate::registry::{
    Count::{Any, AtLeast, Exactly},
    EffectKind, EffectOn, Effects, MemoryEffect, OpCounts, OpDef, Registry, Resource, Traits,
};
use crate::types::{Signedness, TypeData};

/// The region, result, successor and operand counts of the dialect's ops (MLIR's ODS count traits).
const COUNTS: &[(&str, OpCounts)] = &[
    ("cf.assert", OpCounts::new(Exactly(0), Exactly(1))),
    (
        "cf.br",
        OpCounts::new(Exactly(0), Any).successors(Exactly(1)),
    ),
    (
        "cf.cond_br",
        OpCounts::new(Exactly(0), AtLeast(1))
            .successors(Exactly(2))
            .segmented(3),
    ),
    (
        "cf.switch",
        OpCounts::new(Exactly(0), AtLeast(1))
            .successors(AtLeast(1))
            .segmented(3),
    ),
];

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    let mut br = OpDef::new("cf.br");
    br.traits = Traits::TERMINATOR | Traits::PURE;
    br.successor_operands = Some(br_successor_operands);
    br.parse = Some(parse_br);
    br.print = Some(print_br);
    br.verify = Some(verify_br);
    reg.register(br);

    let mut cond_br = OpDef::new("cf.cond_br");
    cond_br.traits = Traits::TERMINATOR | Traits::PURE;
    cond_br.inherent_attrs = &["branch_weights", "operandSegmentSizes"];
    cond_br.successor_operands = Some(cond_br_successor_operands);
    cond_br.parse = Some(parse_cond_br);
    cond_br.print = Some(print_cond_br);
    cond_br.verify = Some(verify_cond_br);
    reg.register(cond_br);

    let mut switch = OpDef::new("cf.switch");
    switch.traits = Traits::TERMINATOR | Traits::PURE;
    switch.inherent_attrs = &[
        "case_operand_segments",
        "case_values",
        "operandSegmentSizes",
    ];
    switch.successor_operands = Some(switch_successor_operands);
    switch.parse = Some(parse_switch);
    switch.print = Some(print_switch);
    switch.verify = Some(verify_switch);
    reg.register(switch);

    let mut assert = OpDef::new("cf.assert");
    assert.inherent_attrs = &["msg"];
    assert.effects = Some(|_, _| {
        Effects::Known(smallvec![MemoryEffect {
            kind: EffectKind::Write,
            on: EffectOn::Nothing,
            resource: Resource::Default,
        }])
    });
    assert.parse = Some(parse_assert);
    assert.print = Some(print_assert);
    assert.verify = Some(verify_assert);
    reg.register(assert);
    reg.declare_counts(COUNTS);
}

// ----- successor operands ---------------------------------------------------------------------

/// The empty range at the end of the operand list (for out-of-range successor indices).
fn no_operands(ctx: &Context, op: Op) -> Range<usize> {
    let n = ctx.num_operands(op);
    n..n
}

/// The operand range of segment `i`, clamped to the operand list; empty if the op has no
/// (or too short an) `operandSegmentSizes`.
#[inline]
fn segment(ctx: &Context, op: Op, i: usize) -> Range<usize> {
    // Read in place (a branch's successor operands are asked for often: verification,
    // dominance, liveness), negative sizes counting as 0.
    let Some(sizes) = ctx.operand_segment_sizes(op) else {
        return no_operands(ctx, op);
    };
    let Some(&own) = sizes.get(i) else {
        return no_operands(ctx, op);
    };
    let size = |v: i64| v.max(0) as usize;
    let n = ctx.num_operands(op);
    let start = sizes[..i].iter().map(|&v| size(v)).sum::<usize>().min(n);
    let end = (start + size(own)).min(n);
    start..end
}

fn br_successor_operands(ctx: &Context, op: Op, i: usize) -> Range<usize> {
    if i == 0 {
        0..ctx.num_operands(op)
    } else {
        no_operands(ctx, op)
    }
}

fn cond_br_successor_operands(ctx: &Context, op: Op, i: usize) -> Range<usize> {
    match i {
        0 | 1 => segment(ctx, op, i + 1),
        _ => no_operands(ctx, op),
    }
}

fn switch_successor_operands(ctx: &Context, op: Op, i: usize) -> Range<usize> {
    if i == 0 {
        return segment(ctx, op, 1);
    }
    let cases = segment(ctx, op, 2);
    let sizes = case_operand_segments(ctx, op);
    let Some(&len) = sizes.get(i - 1) else {
        return cases.end..cases.end;
    };
    let start = (cases.start + sizes[..i - 1].iter().sum::<usize>()).min(cases.end);
    let end = (start + len).min(cases.end);
    start..end
}

/// The per-case operand counts of a `cf.switch`.
fn case_operand_segments(ctx: &Context, op: Op) -> Vec<usize> {
    dense_array(ctx, op, "case_operand_segments")
        .unwrap_or_default()
        .into_iter()
        .map(|v| usize::try_from(v).unwrap_or(0))
        .collect()
}

/// Replaces the operands branch `op` forwards to successor `succ` by `values`, keeping
/// `operandSegmentSizes` and `case_operand_segments` consistent. Returns false (and changes
/// nothing) if `op` is not a `cf` branch or `succ` is out of range.
///
/// This is the mutable half of the successor-operands interface, for passes that add or
/// remove block arguments (for example, ownership indicators).
pub fn set_successor_operands(ctx: &mut Context, op: Op, succ: usize, values: &[Value]) -> bool {
    if succ >= ctx.successors(op).len() {
        return false;
    }
    let Some(range) = ctx.successor_operand_range(op, succ) else {
        return false;
    };
    let delta = values.len() as i64 - range.len() as i64;
    match ctx.op_name_str(op) {
        "cf.br" => {}
        "cf.cond_br" => adjust_segment_sizes(ctx, op, succ + 1, delta),
        "cf.switch" if succ == 0 => adjust_segment_sizes(ctx, op, 1, delta),
        "cf.switch" => {
            adjust_segment_sizes(ctx, op, 2, delta);
            adjust_array(ctx, op, "case_operand_segments", succ - 1, delta);
        }
        _ => return false,
    }
    ctx.splice_operands(op, range, values);
    true
}

/// `size + delta`, not below 0, as an `i32` entry of a dense array (saturating).
fn adjusted_size(size: i64, delta: i64) -> i64 {
    (size + delta).max(0)
}

/// An entry of a dense `i64` array written back as an `i32` array, saturating.
fn as_i32_entry(value: i64) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// Adds `delta` to entry `i` of `op`'s `operandSegmentSizes` (if present): [`adjust_array`]
/// for the one array every branch has, read and set by its interned name and interned
/// through the context's cache of segment sizes, with no list on the heap (a pass that adds
/// an ownership indicator to every edge of a branchy program adjusts it for each).
fn adjust_segment_sizes(ctx: &mut Context, op: Op, i: usize, delta: i64) {
    let Some(values) = ctx.operand_segment_sizes(op) else {
        return;
    };
    if i >= values.len() {
        return;
    }
    // Pushed one by one: `SmallVec`'s `collect` is not inlined and costs more than the pushes.
    let mut sizes: SmallVec<[i32; 4]> = SmallVec::with_capacity(values.len());
    for (k, &v) in values.iter().enumerate() {
        sizes.push(as_i32_entry(if k == i {
            adjusted_size(v, delta)
        } else {
            v
        }));
    }
    ctx.set_operand_segment_sizes(op, &sizes);
}

/// Adds `delta` to entry `i` of the dense i32 array attribute `name` (if present).
fn adjust_array(ctx: &mut Context, op: Op, name: &str, i: usize, delta: i64) {
    let Some(mut values) = dense_array(ctx, op, name) else {
        return;
    };
    let Some(slot) = values.get_mut(i) else {
        return;
    };
    *slot = adjusted_size(*slot, delta);
    let sizes: Vec<i32> = values.iter().map(|&v| as_i32_entry(v)).collect();
    let attr = ctx.dense_i32_array(&sizes);
    ctx.set_attr(op, name, attr);
}

// ----- shared verification --------------------------------------------------------------------

/// Checks that the op has no regions and no results.
fn check_no_regions_or_results(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    if !ctx.regions(op).is_empty() {
        op_error(ctx, op, diags, "requires zero regions");
        return false;
    }
    if !ctx.results(op).is_empty() {
        op_error(ctx, op, diags, "requires zero results");
        return false;
    }
    true
}

/// Checks the number of successors (`at_least` for variadic successor lists).
fn check_successor_count(
    ctx: &Context,
    op: Op,
    expected: usize,
    at_least: bool,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let found = ctx.successors(op).len();
    let ok = if at_least {
        found >= expected
    } else {
        found == expected
    };
    if !ok {
        let (qualifier, plural) = match (at_least, expected) {
            (true, _) => ("at least ", "s"),
            (false, 1) => ("", ""),
            (false, _) => ("", "s"),
        };
        op_error(
            ctx,
            op,
            diags,
            format!("requires {qualifier}{expected} successor{plural} but found {found}"),
        );
    }
    ok
}

/// Checks `operandSegmentSizes` against the operand list (`groups` segments expected).
fn check_segments(ctx: &Context, op: Op, groups: usize, diags: &mut Vec<Diagnostic>) -> bool {
    let sizes = segment_sizes(ctx, op).unwrap_or_default();
    if !sizes.is_empty() && sizes.len() != groups {
        let reason = format!(
            "size mismatch in attribute conversion: {} vs {groups}",
            sizes.len()
        );
        invalid_properties(ctx, op, diags, &reason);
        return false;
    }
    if sizes.iter().any(|&s| s < 0) {
        op_error(
            ctx,
            op,
            diags,
            "'operandSegmentSizes' attribute cannot have negative elements",
        );
        return false;
    }
    let total: i64 = sizes.iter().sum();
    let count = ctx.num_operands(op);
    if usize::try_from(total) != Ok(count) {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "operand count ({count}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
            ),
        );
        return false;
    }
    true
}

/// Checks that every operand of segment 0 (the condition or flag) satisfies a constraint.
fn check_first_segment(
    ctx: &Context,
    op: Op,
    kind: &str,
    accepts: fn(&TypeData) -> bool,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    segment(ctx, op, 0).all(|i| check_operand_kind(ctx, op, i, kind, accepts, diags))
}

/// Checks that the operand at `index` has a type of the given kind.
fn check_operand_kind(
    ctx: &Context,
    op: Op,
    index: usize,
    kind: &str,
    accepts: fn(&TypeData) -> bool,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let ty = ctx.value_type(ctx.operand(op, index));
    if accepts(ctx.type_data(ty)) {
        return true;
    }
    op_error(
        ctx,
        op,
        diags,
        format!(
            "operand #{index} must be {kind}, but got '{}'",
            type_str(ctx, ty)
        ),
    );
    false
}

fn is_i1(data: &TypeData) -> bool {
    matches!(
        data,
        TypeData::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

fn is_integer(data: &TypeData) -> bool {
    matches!(data, TypeData::Integer { .. })
}

/// The branch-interface check: every successor receives as many operands as it has
/// arguments, of the same types.
fn check_successor_operands(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(range_of) = ctx.op_def(op).successor_operands else {
        return true;
    };
    // Compared type by type, without collecting: every branch the verifier sees runs this.
    for (i, &succ) in ctx.successors(op).iter().enumerate() {
        let operands = range_of(ctx, op, i);
        let args = ctx.block_args(succ);
        if operands.len() != args.len() {
            let msg = format!(
                "branch has {} operands for successor #{i}, but target block has {}",
                operands.len(),
                args.len()
            );
            diags.push(Diagnostic::error(ctx.op_loc(op), msg));
            return false;
        }
        let mismatch = operands
            .zip(args)
            .position(|(k, &arg)| ctx.value_type(ctx.operand(op, k)) != ctx.value_type(arg));
        if let Some(j) = mismatch {
            let msg = format!("type mismatch for bb argument #{j} of successor #{i}");
            diags.push(Diagnostic::error(ctx.op_loc(op), msg));
            return false;
        }
    }
    true
}

// ----- cf.br ----------------------------------------------------------------------------------

fn parse_br(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let dest = p.parse_successor_and_operands(&mut state.operands)?;
    state.successors.push(dest);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

/// Prints ` ^bbN(%a : t)` for successor `i` and its forwarded operands.
fn print_successor(p: &mut OpPrinter<'_>, op: Op, i: usize, dest: Block) {
    let operands = p.ctx.successor_operands(op, i);
    p.print_successor_and_operands(dest, &operands);
}

fn print_br(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(&dest) = p.ctx.successors(op).first() {
        p.write(" ");
        print_successor(p, op, 0, dest);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_br(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let _ = check_no_regions_or_results(ctx, op, diags)
        && check_successor_count(ctx, op, 1, false, diags)
        && check_successor_operands(ctx, op, diags);
}

// ----- cf.cond_br -----------------------------------------------------------------------------

fn parse_cond_br(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let condition = p.parse_operand()?;
    let i1 = p.ctx.i1_type();
    state.operands.push(p.resolve_operand(&condition, i1)?);
    if p.eat_keyword("weights") {
        p.expect(TokKind::LParen, "(")?;
        let weights = p.parse_delimited(TokKind::LSquare, TokKind::RSquare, |p| {
            let pos = p.cur_pos();
            let v = p.parse_integer()?;
            i32::try_from(v).or_else(|_| p.error_at(pos, "integer value too large"))
        })?;
        p.expect(TokKind::RParen, ")")?;
        let attr = p.ctx.dense_i32_array(&weights);
        add_attr(p, state, "branch_weights", attr);
    }
    let mut sizes = [1i32, 0, 0];
    for size in &mut sizes[1..] {
        p.expect(TokKind::Comma, ",")?;
        let before = state.operands.len();
        let dest = p.parse_successor_and_operands(&mut state.operands)?;
        state.successors.push(dest);
        *size = i32::try_from(state.operands.len() - before).unwrap_or(i32::MAX);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    set_segments(p, state, &sizes);
    Ok(())
}

fn print_cond_br(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(condition) = p.ctx.operands(op).next() {
        p.write(" ");
        p.print_operand(condition);
    }
    if let Some(weights) = dense_array(p.ctx, op, "branch_weights") {
        let list: Vec<String> = weights.iter().map(i64::to_string).collect();
        p.write(&format!(" weights([{}])", list.join(", ")));
    }
    let succs = p.ctx.successors(op).to_vec();
    for (i, &dest) in succs.iter().enumerate() {
        p.write(", ");
        print_successor(p, op, i, dest);
    }
    p.print_optional_attr_dict(op, &["branch_weights", "operandSegmentSizes"]);
}

fn verify_cond_br(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let _ = check_no_regions_or_results(ctx, op, diags)
        && check_successor_count(ctx, op, 2, false, diags)
        && check_segments(ctx, op, 3, diags)
        && check_first_segment(ctx, op, "1-bit signless integer", is_i1, diags)
        && check_branch_weights(ctx, op, diags)
        && check_successor_operands(ctx, op, diags);
}

/// Checks the optional `branch_weights`: one per successor, not all zero.
fn check_branch_weights(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(attr) = ctx.get_attr(op, "branch_weights") else {
        return true;
    };
    let Some(weights) = dense_array(ctx, op, "branch_weights") else {
        let msg = format!(
            "Invalid attribute `branch_weights` in property conversion: {}",
            attr_to_string(ctx, attr)
        );
        invalid_properties(ctx, op, diags, &msg);
        return false;
    };
    let succs = ctx.successors(op).len();
    let msg = if weights.len() != succs {
        format!(
            "expects number of branch weights to match number of successors: {} vs {succs}",
            weights.len()
        )
    } else if weights.iter().all(|&w| w == 0) {
        "branch weights cannot all be zero".to_string()
    } else {
        return true;
    };
    diags.push(Diagnostic::error(ctx.op_loc(op), msg));
    false
}

// ----- cf.switch ------------------------------------------------------------------------------

fn parse_switch(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let flag = p.parse_operand()?;
    p.expect(TokKind::Colon, ":")?;
    let type_pos = p.cur_pos();
    let flag_type = p.parse_type()?;
    let TypeData::Integer { width, signedness } = *p.ctx.type_data(flag_type) else {
        let found = p.type_str(flag_type);
        return p.error_at(
            type_pos,
            format!(
                "custom op 'cf.switch' invalid kind of type specified: expected builtin.integer, but found '{found}'"
            ),
        );
    };
    state.operands.push(p.resolve_operand(&flag, flag_type)?);
    p.expect(TokKind::Comma, ",")?;
    p.expect(TokKind::LSquare, "[")?;
    p.expect_keyword("default")?;
    p.expect(TokKind::Colon, ":")?;
    let default = p.parse_successor_and_operands(&mut state.operands)?;
    state.successors.push(default);
    let default_count = state.operands.len() - 1;
    let mut values: Vec<i128> = Vec::new();
    let mut case_sizes: Vec<i32> = Vec::new();
    while p.eat(TokKind::Comma) {
        let v = p.parse_integer()?;
        values.push(crate::util::sext(v, width));
        p.expect(TokKind::Colon, ":")?;
        let before = state.operands.len();
        let dest = p.parse_successor_and_operands(&mut state.operands)?;
        state.successors.push(dest);
        case_sizes.push(i32::try_from(state.operands.len() - before).unwrap_or(i32::MAX));
    }
    p.expect(TokKind::RSquare, "]")?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    if !values.is_empty() {
        let ty = p.ctx.ty(TypeData::Vector {
            shape: vec![values.len() as i64],
            scalable: vec![false],
            elem: flag_type,
        });
        let literal = dense_int_literal(&values, width, signedness);
        let attr = p.ctx.attr(AttrData::DenseElements { literal, ty });
        add_attr(p, state, "case_values", attr);
    }
    let cases = p.ctx.dense_i32_array(&case_sizes);
    add_attr(p, state, "case_operand_segments", cases);
    let case_total: i32 = case_sizes.iter().sum();
    let default_count = i32::try_from(default_count).unwrap_or(i32::MAX);
    set_segments(p, state, &[1, default_count, case_total]);
    Ok(())
}

/// The body of a 1-d dense integer literal as MLIR prints it (a splat when all values agree).
fn dense_int_literal(values: &[i128], width: u32, signedness: Signedness) -> String {
    let texts: Vec<String> = values
        .iter()
        .map(|&v| format_int(v, width, signedness))
        .collect();
    match texts.first() {
        Some(first) if texts.iter().all(|t| t == first) => first.clone(),
        _ => format!("[{}]", texts.join(", ")),
    }
}

/// The case values of a `cf.switch` (`None` if it has no `case_values`).
fn case_values(ctx: &Context, op: Op) -> Option<Vec<i128>> {
    let AttrData::DenseElements { literal, ty } = ctx.attr_data(ctx.get_attr(op, "case_values")?)
    else {
        return None;
    };
    let count = match ctx.type_data(*ty) {
        TypeData::Vector { shape, .. } | TypeData::Tensor { shape, .. } => {
            shape.iter().product::<i64>().max(0) as usize
        }
        _ => 0,
    };
    let parse = |s: &str| -> i128 {
        match s.trim() {
            "true" => 1,
            "false" => 0,
            t => crate::asm::parser::parse_int_literal(t.trim_start_matches('-'))
                .map_or(0, |v| if t.starts_with('-') { -v } else { v }),
        }
    };
    let body = literal.trim();
    let values = if let Some(list) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        list.split(',')
            .filter(|s| !s.trim().is_empty())
            .map(parse)
            .collect()
    } else if body.is_empty() {
        Vec::new()
    } else {
        vec![parse(body); count]
    };
    Some(values)
}

fn print_switch(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let Some(flag) = ctx.operands(op).next() else {
        return;
    };
    let flag_type = ctx.value_type(flag);
    let width = match ctx.type_data(flag_type) {
        TypeData::Integer { width, .. } => *width,
        _ => 64,
    };
    p.write(" ");
    p.print_operand(flag);
    p.write(" : ");
    p.print_type(flag_type);
    p.write(", [");
    p.newline();
    p.write("  default: ");
    let succs = ctx.successors(op).to_vec();
    if let Some(&default) = succs.first() {
        print_successor(p, op, 0, default);
    }
    if let Some(values) = case_values(ctx, op) {
        for (k, v) in values.iter().enumerate() {
            p.write(",");
            p.newline();
            let shown = crate::util::zext(*v, width.min(64));
            p.write(&format!("  {shown}: "));
            if let Some(&dest) = succs.get(k + 1) {
                print_successor(p, op, k + 1, dest);
            }
        }
        p.newline();
    }
    p.write("]");
    p.print_optional_attr_dict(
        op,
        &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
    );
}

fn verify_switch(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let _ = check_no_regions_or_results(ctx, op, diags)
        && check_successor_count(ctx, op, 1, true, diags)
        && check_segments(ctx, op, 3, diags)
        && check_first_segment(ctx, op, "integer", is_integer, diags)
        && check_switch_attrs(ctx, op, diags)
        && check_switch_cases(ctx, op, diags)
        && check_successor_operands(ctx, op, diags);
}

/// `case_operand_segments` is required; `case_values`, when present, is a dense attribute.
fn check_switch_attrs(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    if dense_array(ctx, op, "case_operand_segments").is_none() {
        op_error(ctx, op, diags, "requires attribute 'case_operand_segments'");
        return false;
    }
    let case_total: usize = case_operand_segments(ctx, op).iter().sum();
    let case_count = segment(ctx, op, 2).len();
    if case_total != case_count {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "caseOperands count ({case_count}) does not match with the total size ({case_total}) specified in attribute 'case_operand_segments'"
            ),
        );
        return false;
    }
    if ctx.get_attr(op, "case_values").is_some() && case_values(ctx, op).is_none() {
        op_error(
            ctx,
            op,
            diags,
            "attribute 'case_values' failed to satisfy constraint: integer elements attribute",
        );
        return false;
    }
    true
}

/// MLIR's `SwitchOp::verify`: case value type and count agree with the flag and successors.
fn check_switch_cases(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let destinations = ctx.successors(op).len().saturating_sub(1);
    let Some(attr) = ctx.get_attr(op, "case_values") else {
        if destinations == 0 {
            return true;
        }
        op_error(
            ctx,
            op,
            diags,
            format!(
                "number of case values (0) should match number of case destinations ({destinations})"
            ),
        );
        return false;
    };
    let flag_type = ctx.value_type(ctx.operand(op, 0));
    if let AttrData::DenseElements { ty, .. } = ctx.attr_data(attr) {
        let elem = match ctx.type_data(*ty) {
            TypeData::Vector { elem, .. } | TypeData::Tensor { elem, .. } => *elem,
            _ => *ty,
        };
        if elem != flag_type {
            op_error(
                ctx,
                op,
                diags,
                format!(
                    "'flag' type ('{}') should match case value type ('{}')",
                    type_str(ctx, flag_type),
                    type_str(ctx, elem)
                ),
            );
            return false;
        }
    }
    let count = case_values(ctx, op).map_or(0, |v| v.len());
    if count != destinations {
        op_error(
            ctx,
            op,
            diags,
            format!(
                "number of case values ({count}) should match number of case destinations ({destinations})"
            ),
        );
        return false;
    }
    true
}

// ----- cf.assert ------------------------------------------------------------------------------

fn parse_assert(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let condition = p.parse_operand()?;
    let i1 = p.ctx.i1_type();
    state.operands.push(p.resolve_operand(&condition, i1)?);
    p.expect(TokKind::Comma, ",")?;
    let msg = p.parse_string_attr()?;
    add_attr(p, state, "msg", msg);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    Ok(())
}

fn print_assert(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    if let Some(msg) = p.ctx.get_attr(op, "msg") {
        p.write(", ");
        p.print_attr(msg);
    }
    p.print_optional_attr_dict(op, &["msg"]);
}

fn verify_assert(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !check_no_regions_or_results(ctx, op, diags) {
        return;
    }
    if !ctx.successors(op).is_empty() {
        let found = ctx.successors(op).len();
        op_error(
            ctx,
            op,
            diags,
            format!("requires 0 successors but found {found}"),
        );
        return;
    }
    if ctx.num_operands(op) != 1 {
        op_error(ctx, op, diags, "requires a single operand");
        return;
    }
    match ctx.get_attr(op, "msg") {
        None => {
            op_error(ctx, op, diags, "requires attribute 'msg'");
            return;
        }
        Some(msg) if !matches!(ctx.attr_data(msg), AttrData::String(_)) => {
            let reason = format!(
                "Invalid attribute `msg` in property conversion: {}",
                attr_to_string(ctx, msg)
            );
            invalid_properties(ctx, op, diags, &reason);
            return;
        }
        Some(_) => {}
    }
    check_operand_kind(ctx, op, 0, "1-bit signless integer", is_i1, diags);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::{ParseOptions, PrintOptions, parse_module, print_module};

    const SRC: &str = r#"func.func @f(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  cf.switch %x : i32, [
    default: ^bb2,
    4: ^bb1(%b : i32),
    5: ^bb2
  ]
^bb2:
  return
}
"#;

    /// The terminators of the function body, in block order.
    fn terminators(ctx: &Context, module: Op) -> Vec<Op> {
        let walk = ctx.walk_preorder(module);
        walk.into_iter()
            .filter(|&op| !ctx.successors(op).is_empty())
            .collect()
    }

    #[test]
    fn successor_operand_ranges() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", SRC, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let terms = terminators(&ctx, module);
        assert_eq!(ctx.successor_operand_range(terms[0], 0), Some(1..2));
        assert_eq!(ctx.successor_operand_range(terms[0], 1), Some(2..2));
        assert_eq!(ctx.successor_operand_range(terms[1], 0), Some(1..1));
        assert_eq!(ctx.successor_operand_range(terms[1], 1), Some(1..2));
        assert_eq!(ctx.successor_operand_range(terms[1], 2), Some(2..2));
        assert_eq!(ctx.successor_operand_range(terms[1], 7), Some(2..2));
    }

    #[test]
    fn set_successor_operands_keeps_segments() {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", SRC, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let terms = terminators(&ctx, module);
        let (cond_br, switch) = (terms[0], terms[1]);
        let c = ctx.operand(cond_br, 0);
        let b = ctx.operand(switch, 1);
        let bb2 = ctx.successors(cond_br)[1];
        ctx.add_block_arg(bb2, ctx.value_type(c));
        assert!(set_successor_operands(&mut ctx, cond_br, 1, &[c]));
        assert!(set_successor_operands(&mut ctx, switch, 0, &[c]));
        assert!(set_successor_operands(&mut ctx, switch, 2, &[c]));
        assert!(set_successor_operands(&mut ctx, switch, 1, &[b]));
        assert!(crate::verify::verify(&ctx, module).is_ok());
        let text = print_module(&ctx, module, &PrintOptions::default());
        assert!(text.contains("cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg0 : i1)"));
        assert!(text.contains("default: ^bb2(%arg0 : i1),"));
        assert!(text.contains("4: ^bb1(%arg2 : i32),"));
        assert!(text.contains("5: ^bb2(%arg0 : i1)"));
    }
}
