//! The `scf` dialect: structured control flow with region-branch interfaces.
//!
//! Ops: `scf.if`, `scf.for`, `scf.while` (+ `scf.condition`), `scf.execute_region`,
//! `scf.index_switch`, `scf.parallel` (+ `scf.reduce`, `scf.reduce.return`), `scf.forall`
//! (+ `scf.forall.in_parallel`) and the shared terminator `scf.yield`.
//!
//! Every region op implements the region-branch interface exactly like MLIR's
//! `getEntrySuccessorRegions` / `getSuccessorRegions`: the deallocation passes learn from it
//! which values flow into regions, around loops and back to the op's results. Syntax follows
//! `mlir-opt-22` byte for byte (including its double spaces and trailing spaces).

pub(crate) mod canonicalize;
mod duplicate_results;
mod execute_region_inline;
mod for_trip_count;
mod free_guards;
mod if_combine;
mod if_nested;
mod if_screen;
mod loops_canonicalize;
mod ops;
mod while_canonicalize;
mod while_condition;
mod while_duplicates;
mod while_screen;
pub use ops::{
    ConditionOp, ExecuteRegionOp, ForOp, IfOp, InParallelOp, IndexSwitchOp, ReduceReturnOp,
    WhileOp, YieldOp,
};

use ops::region_block;
use smallvec::{SmallVec, smallvec};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{ArgDef, OpParser, PResult, UnresolvedOperand};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::decl::declare_ops;
use crate::dialects::syntax::{
    add_attr, dense_array, op_error, parse_colon_types_resolve, segment_range, set_segments,
    type_str, types_of,
};
use crate::dialects::view::OpView;
use crate::entity::{Loc, Op, Region, Type, Value};
use crate::registry::{
    Count::{Any, AtLeast, Exactly},
    OpCounts, RegionEdge, RegionPoint, Registry, Traits,
};
use crate::types::{DYNAMIC, TypeData};

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    declare_ops! { reg;
        "scf.if" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, NO_REGION_ARGUMENTS],
            counts: OpCounts::new(Any, Exactly(1)).regions(Exactly(2)),
            syntax: parse_if, print_if,
            verify: verify_if,
            region_branch: if_entry, to_parent,
            implicit_terminator: "scf.yield",
        }
        "scf.for" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
            counts: OpCounts::new(Any, AtLeast(3)).regions(Exactly(1)),
            attrs: ["unsignedCmp"],
            syntax: parse_for, print_for,
            verify: verify_for,
            region_branch: for_entry, for_from_body,
            implicit_terminator: "scf.yield",
        }
        "scf.while" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
            counts: OpCounts::new(Any, Any).regions(Exactly(2)),
            syntax: parse_while, print_while,
            verify: verify_while,
            region_branch: while_entry, while_from_region,
        }
        "scf.condition" {
            traits: [TERMINATOR, PURE],
            counts: OpCounts::new(Exactly(0), AtLeast(1)),
            syntax: parse_condition, print_condition,
            verify: verify_condition,
        }
        "scf.execute_region" {
            traits: [RECURSIVE_MEMORY_EFFECTS],
            counts: OpCounts::new(Any, Exactly(0)).regions(Exactly(1)),
            attrs: ["no_inline"],
            syntax: parse_execute_region, print_execute_region,
            verify: verify_execute_region,
            region_branch: first_region_entry, to_parent,
        }
        "scf.index_switch" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
            counts: OpCounts::new(Any, Exactly(1)).regions(AtLeast(1)),
            attrs: ["cases"],
            syntax: parse_index_switch, print_index_switch,
            verify: verify_index_switch,
            region_branch: all_regions_entry, to_parent,
        }
        "scf.parallel" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
            counts: OpCounts::new(Any, Any).regions(Exactly(1)).segmented(4),
            attrs: ["operandSegmentSizes"],
            syntax: parse_parallel, print_parallel,
            verify: verify_parallel,
            region_branch: body_and_parent, |ctx, op, _, _| body_and_parent(ctx, op),
            implicit_terminator: "scf.reduce",
        }
        "scf.reduce" {
            traits: [TERMINATOR, RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK],
            counts: OpCounts::new(Exactly(0), Any).regions(Any),
            syntax: parse_reduce, print_reduce,
            verify: verify_reduce,
        }
        "scf.reduce.return" {
            traits: [TERMINATOR, PURE],
            counts: OpCounts::new(Exactly(0), Exactly(1)),
            syntax: parse_reduce_return, print_reduce_return,
            verify: verify_reduce_return,
        }
        "scf.forall" {
            traits: [RECURSIVE_MEMORY_EFFECTS, SINGLE_BLOCK, AUTOMATIC_ALLOCATION_SCOPE],
            counts: OpCounts::new(Any, Any).regions(Exactly(1)).segmented(4),
            attrs: ["mapping", "operandSegmentSizes", "staticLowerBound", "staticStep", "staticUpperBound"],
            syntax: parse_forall, print_forall,
            verify: verify_forall,
            region_branch: body_and_parent, to_parent,
            implicit_terminator: "scf.forall.in_parallel",
        }
        "scf.forall.in_parallel" {
            traits: [TERMINATOR, PURE, NO_TERMINATOR, SINGLE_BLOCK],
            counts: OpCounts::new(Exactly(0), Exactly(0)).regions(Exactly(1)),
            syntax: parse_in_parallel, print_in_parallel,
            verify: verify_in_parallel,
        }
        "scf.yield" {
            traits: [TERMINATOR, RETURN_LIKE, PURE],
            counts: OpCounts::new(Exactly(0), Any),
            syntax: crate::dialects::syntax::parse_return_like, crate::dialects::syntax::print_return_like,
            verify: verify_yield,
        }
    }
}

// ----- region-branch interface -------------------------------------------------------------

/// `start..len`, empty when `start` is past `len`.
fn tail(start: usize, len: usize) -> std::ops::Range<usize> {
    start.min(len)..len
}

/// The number of arguments of the entry block of region `index` (0 if absent).
fn entry_arg_count(ctx: &Context, op: Op, index: usize) -> usize {
    ctx.regions(op)
        .get(index)
        .and_then(|&r| ctx.entry_block(r))
        .map_or(0, |b| ctx.block_args(b).len())
}

/// Whether region `index` of `op` has no blocks.
fn region_is_empty(ctx: &Context, op: Op, index: usize) -> bool {
    ctx.regions(op)
        .get(index)
        .is_none_or(|&r| ctx.entry_block(r).is_none())
}

/// An edge forwarding nothing.
fn bare_edge(to: RegionPoint) -> RegionEdge {
    RegionEdge {
        to,
        operands: 0..0,
        inputs: 0..0,
    }
}

/// From a region to the op: all terminator operands become the op's results.
fn to_parent(ctx: &Context, op: Op, _region: usize, term: Op) -> SmallVec<[RegionEdge; 2]> {
    smallvec![RegionEdge {
        to: RegionPoint::Parent,
        operands: 0..ctx.num_operands(term),
        inputs: 0..ctx.results(op).len(),
    }]
}

/// `scf.if`: the then region, and the else region or (when it is empty) the op itself.
fn if_entry(ctx: &Context, op: Op) -> SmallVec<[RegionEdge; 2]> {
    let otherwise = if region_is_empty(ctx, op, 1) {
        RegionPoint::Parent
    } else {
        RegionPoint::Region(1)
    };
    smallvec![bare_edge(RegionPoint::Region(0)), bare_edge(otherwise)]
}

/// `scf.for`: the body (init args → iter args) or, for zero trips, the results.
fn for_entry(ctx: &Context, op: Op) -> SmallVec<[RegionEdge; 2]> {
    let inits = tail(3, ctx.num_operands(op));
    smallvec![
        RegionEdge {
            to: RegionPoint::Region(0),
            operands: inits.clone(),
            inputs: tail(1, entry_arg_count(ctx, op, 0)),
        },
        RegionEdge {
            to: RegionPoint::Parent,
            operands: inits,
            inputs: 0..ctx.results(op).len(),
        },
    ]
}

/// `scf.for` body: back to the body (yield → iter args) or out to the results.
fn for_from_body(ctx: &Context, op: Op, _region: usize, term: Op) -> SmallVec<[RegionEdge; 2]> {
    let yielded = 0..ctx.num_operands(term);
    smallvec![
        RegionEdge {
            to: RegionPoint::Region(0),
            operands: yielded.clone(),
            inputs: tail(1, entry_arg_count(ctx, op, 0)),
        },
        RegionEdge {
            to: RegionPoint::Parent,
            operands: yielded,
            inputs: 0..ctx.results(op).len(),
        },
    ]
}

/// `scf.while`: all inits go to the `before` region's arguments.
fn while_entry(ctx: &Context, op: Op) -> SmallVec<[RegionEdge; 2]> {
    smallvec![RegionEdge {
        to: RegionPoint::Region(0),
        operands: 0..ctx.num_operands(op),
        inputs: 0..entry_arg_count(ctx, op, 0),
    }]
}

/// `scf.while`: `scf.condition` exits or enters `after`; `after`'s yield re-enters `before`.
fn while_from_region(ctx: &Context, op: Op, region: usize, term: Op) -> SmallVec<[RegionEdge; 2]> {
    if region == 0 {
        let forwarded = tail(1, ctx.num_operands(term));
        smallvec![
            RegionEdge {
                to: RegionPoint::Parent,
                operands: forwarded.clone(),
                inputs: 0..ctx.results(op).len(),
            },
            RegionEdge {
                to: RegionPoint::Region(1),
                operands: forwarded,
                inputs: 0..entry_arg_count(ctx, op, 1),
            },
        ]
    } else {
        smallvec![RegionEdge {
            to: RegionPoint::Region(0),
            operands: 0..ctx.num_operands(term),
            inputs: 0..entry_arg_count(ctx, op, 0),
        }]
    }
}

/// Entry into region 0 without forwarded values.
fn first_region_entry(_ctx: &Context, _op: Op) -> SmallVec<[RegionEdge; 2]> {
    smallvec![bare_edge(RegionPoint::Region(0))]
}

/// Entry into every region (`scf.index_switch`: default region, then the cases).
fn all_regions_entry(ctx: &Context, op: Op) -> SmallVec<[RegionEdge; 2]> {
    (0..ctx.regions(op).len())
        .map(|i| bare_edge(RegionPoint::Region(i)))
        .collect()
}

/// The body or the op itself, nothing forwarded (`scf.parallel`, entry of `scf.forall`).
fn body_and_parent(_ctx: &Context, _op: Op) -> SmallVec<[RegionEdge; 2]> {
    smallvec![
        bare_edge(RegionPoint::Region(0)),
        bare_edge(RegionPoint::Parent)
    ]
}

/// Checks, like MLIR's `RegionBranchOpInterface` verifier, that along every edge of `op` the
/// forwarded values match the receiving values in number and type. Returns false after
/// reporting the first mismatch.
pub fn verify_region_branch_types(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let Some(rb) = ctx.op_def(op).region_branch else {
        return true;
    };
    for edge in (rb.entry)(ctx, op) {
        if !check_edge(ctx, op, None, &edge, diags) {
            return false;
        }
    }
    for (index, &region) in ctx.regions(op).iter().enumerate() {
        for block in ctx.blocks(region) {
            let Some(term) = ctx.last_op(block) else {
                continue;
            };
            let is_region_exit = ctx.is_registered(term)
                && ctx.has_trait(term, Traits::TERMINATOR)
                && ctx.successors(term).is_empty();
            if !is_region_exit {
                continue;
            }
            for edge in (rb.from_region)(ctx, op, index, term) {
                if !check_edge(ctx, op, Some(term), &edge, diags) {
                    return false;
                }
            }
        }
    }
    true
}

/// The values receiving what `edge` forwards at its destination.
fn edge_inputs<'c>(ctx: &'c Context, op: Op, edge: &RegionEdge) -> &'c [Value] {
    let values: &[Value] = match edge.to {
        RegionPoint::Parent => ctx.results(op),
        RegionPoint::Region(i) => ctx
            .regions(op)
            .get(i)
            .and_then(|&r| ctx.entry_block(r))
            .map_or(&[], |b| ctx.block_args(b)),
    };
    values.get(edge.inputs.clone()).unwrap_or_default()
}

/// Checks that the values `edge` forwards (operands of `from`, or of `op` itself when `from`
/// is `None`) match the values receiving them in number and type.
fn check_edge(
    ctx: &Context,
    op: Op,
    from: Option<Op>,
    edge: &RegionEdge,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    // Compared value by value, without collecting types: this runs for every region op the
    // verifier sees.
    let sources = ctx.operands_in(from.unwrap_or(op), edge.operands.clone());
    let inputs = edge_inputs(ctx, op, edge);
    let detail = if sources.len() != inputs.len() {
        Some(format!(
            "region branch point has {} operands, but region successor needs {} inputs",
            sources.len(),
            inputs.len()
        ))
    } else {
        sources
            .zip(inputs)
            .map(|(s, &t)| (ctx.value_type(s), ctx.value_type(t)))
            .enumerate()
            .find(|(_, (s, t))| s != t)
            .map(|(i, (s, t))| {
                format!(
                    "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                    type_str(ctx, s),
                    type_str(ctx, t)
                )
            })
    };
    let Some(detail) = detail else {
        return true;
    };
    let from_text = match from {
        Some(term) => format!("Operation {}", ctx.op_name_str(term)),
        None => "parent".to_string(),
    };
    let to_text = match edge.to {
        RegionPoint::Parent => "parent".to_string(),
        RegionPoint::Region(i) => format!("Region #{i}"),
    };
    let prefix = format!(
        "'{}' op along control flow edge from {from_text} to {to_text}: ",
        ctx.op_name_str(op)
    );
    let note_loc = ctx.op_loc(from.unwrap_or(op));
    diags.push(
        Diagnostic::error(ctx.op_loc(op), prefix + &detail)
            .with_note(note_loc, "region branch point"),
    );
    false
}

// ----- shared syntax helpers -------------------------------------------------------------------

/// Appends a terminator named `name` (built by `build`) to the last block of `region` unless it
/// already ends in a terminator; creates the block when the region is empty (MLIR's
/// `ensureTerminator`).
pub(crate) fn ensure_terminator(
    p: &mut OpParser<'_, '_>,
    region: Region,
    name: &str,
    with_region: bool,
    loc: Loc,
) {
    let block = match p.ctx.last_block(region) {
        Some(b) => b,
        None => {
            let b = p.ctx.create_block();
            p.ctx.append_block(region, b);
            b
        }
    };
    if let Some(last) = p.ctx.last_op(block)
        && p.ctx.is_registered(last)
        && p.ctx.has_trait(last, Traits::TERMINATOR)
    {
        return;
    }
    let Some(op_name) = p.ctx.registry.lookup(name) else {
        return;
    };
    let mut state = OpState::new(op_name, loc);
    if with_region {
        let inner = p.ctx.create_region();
        let inner_block = p.ctx.create_block();
        p.ctx.append_block(inner, inner_block);
        state.regions.push(inner);
    }
    let term = p.ctx.create_op(state);
    p.ctx.append_op(block, term);
}

/// Parses `(%inner = %outer, ...)`: the region arguments and the initial operands.
fn parse_assignment_list(
    p: &mut OpParser<'_, '_>,
) -> PResult<(Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    let pairs = p.parse_delimited_until(TokKind::LParen, TokKind::RParen, |p| {
        let inner = p.parse_operand()?;
        p.expect(TokKind::Equal, "=")?;
        let outer = p.parse_operand()?;
        Ok((inner, outer))
    })?;
    Ok(pairs.into_iter().unzip())
}

/// Prints `prefix(%inner = %outer, ...)` (nothing when the list is empty).
fn print_initialization_list(
    p: &mut OpPrinter<'_>,
    prefix: &str,
    inner: &[Value],
    outer: &[Value],
) {
    if inner.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &b)) in inner.iter().zip(outer).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(a);
        p.write(" = ");
        p.print_operand(b);
    }
    p.write(")");
}

/// Parses `-> type` or `-> (type, ...)` if an arrow is next.
fn parse_optional_arrow_types(p: &mut OpParser<'_, '_>) -> PResult<Vec<Type>> {
    if p.eat(TokKind::Arrow) {
        p.parse_function_result_types()
    } else {
        Ok(Vec::new())
    }
}

/// Prints ` -> type` or ` -> (type, ...)` when there are results.
fn print_optional_arrow_types(p: &mut OpPrinter<'_>, op: Op) {
    let types = types_of(p.ctx, p.ctx.results(op));
    if !types.is_empty() {
        p.write(" -> ");
        p.print_result_type_list(&types);
    }
}

/// Block arguments for a region: `names` typed by `types`.
fn arg_defs(names: &[UnresolvedOperand], types: &[Type]) -> Vec<ArgDef> {
    names
        .iter()
        .zip(types)
        .map(|(operand, &ty)| ArgDef {
            operand: operand.clone(),
            ty,
        })
        .collect()
}

/// The region at `index`, if present.
fn region_at(ctx: &Context, op: Op, index: usize) -> Option<Region> {
    ctx.regions(op).get(index).copied()
}

/// The entry-block arguments of region `index`.
fn entry_args(ctx: &Context, op: Op, index: usize) -> Vec<Value> {
    entry_arg_slice(ctx, op, index).to_vec()
}

/// The arguments of the entry block of region `index`, borrowed (verifiers run on every op).
fn entry_arg_slice(ctx: &Context, op: Op, index: usize) -> &[Value] {
    region_at(ctx, op, index)
        .and_then(|r| ctx.entry_block(r))
        .map_or(&[], |b| ctx.block_args(b))
}

/// The terminator of the entry block of region `index`.
fn entry_terminator(ctx: &Context, op: Op, index: usize) -> Option<Op> {
    region_at(ctx, op, index)
        .and_then(|r| ctx.entry_block(r))
        .and_then(|b| ctx.last_op(b))
}

/// Whether a terminator is the implicit one (no operands, results or attributes), which the
/// declarative printer elides.
fn is_bare_terminator(ctx: &Context, op: Option<Op>) -> bool {
    op.is_some_and(|t| {
        ctx.num_operands(t) == 0 && ctx.results(t).is_empty() && ctx.attrs(t).is_empty()
    })
}

/// Parses an optional attribute dictionary into the state.
fn parse_attrs(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(&mut state.attrs)
}

/// The index type.
fn index_type(p: &mut OpParser<'_, '_>) -> Type {
    p.ctx.index_type()
}

/// Reports `'op' op msg` and returns false.
fn fail(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, msg: impl AsRef<str>) -> bool {
    op_error(ctx, op, diags, msg);
    false
}

/// Checks that the parent of `op` is one of `parents` (MLIR's `HasParent`/`ParentOneOf`).
fn verify_parent(ctx: &Context, op: Op, parents: &[&str], diags: &mut Vec<Diagnostic>) -> bool {
    let parent = ctx.parent_op(op).map(|p| ctx.op_name_str(p));
    if parent.is_some_and(|name| parents.contains(&name)) {
        return true;
    }
    let msg = if parents.len() == 1 {
        format!("expects parent op '{}'", parents[0])
    } else {
        format!("expects parent op to be one of '{}'", parents.join(", "))
    };
    fail(ctx, op, diags, msg)
}

// ----- scf.if ----------------------------------------------------------------------------------

fn parse_if(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx.i1_type();
    state.operands.push(p.resolve_operand(&cond, i1)?);
    state.result_types = parse_optional_arrow_types(p)?;
    let then_region = p.parse_region(None)?;
    ensure_terminator(p, then_region, "scf.yield", false, state.loc);
    let else_region = if p.eat_keyword("else") {
        let r = p.parse_region(None)?;
        ensure_terminator(p, r, "scf.yield", false, state.loc);
        r
    } else {
        p.ctx.create_region()
    };
    state.regions = vec![then_region, else_region];
    parse_attrs(p, state)
}

fn print_if(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand_values(ctx.operands(op));
    let results = ctx.results(op);
    if !results.is_empty() {
        p.write(" -> (");
        p.print_value_types(results);
        p.write(")");
    }
    let print_terminators = !results.is_empty();
    if let Some(then_region) = region_at(ctx, op, 0) {
        p.write(" ");
        p.print_region(then_region, false, print_terminators);
    }
    if let Some(else_region) = region_at(ctx, op, 1)
        && ctx.entry_block(else_region).is_some()
    {
        p.write(" else ");
        p.print_region(else_region, false, print_terminators);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_if(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if ctx.num_operands(op) != 1 || ctx.regions(op).len() != 2 {
        op_error(ctx, op, diags, "expected 1 operand and 2 regions");
        return;
    }
    let cond_type = ctx.value_type(ctx.operand(op, 0));
    if !matches!(ctx.type_data(cond_type), TypeData::Integer { width: 1, .. }) {
        let msg = format!(
            "operand #0 must be 1-bit signless integer, but got '{}'",
            type_str(ctx, cond_type)
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    if region_is_empty(ctx, op, 0) {
        let msg = "region #0 ('thenRegion') failed to verify constraint: region with 1 blocks";
        op_error(ctx, op, diags, msg);
        return;
    }
    if !ctx.results(op).is_empty() && region_is_empty(ctx, op, 1) {
        op_error(ctx, op, diags, "must have an else block if defining values");
        return;
    }
    if !if_types_match(ctx, op) {
        verify_region_branch_types(ctx, op, diags);
    }
}

/// Whether every value an `scf.if` of single-block regions forwards matches what receives it:
/// each region's `scf.yield` gives the results. The common case, checked without building the
/// region edges; `false` sends the op through [`verify_region_branch_types`], which checks
/// every edge (any other shape included) and reports the first mismatch.
fn if_types_match(ctx: &Context, op: Op) -> bool {
    let results = ctx.results(op);
    ctx.regions(op).iter().all(|&region| {
        let Some(block) = ctx.entry_block(region) else {
            return true;
        };
        ctx.next_block(block).is_none()
            && ctx
                .last_op(block)
                .is_some_and(|term| YieldOp::is(ctx, term) && values_match(ctx, term, 0, results))
    })
}

/// Whether the operands of `source` from `first` on have the types of `inputs`, as many.
fn values_match(ctx: &Context, source: Op, first: usize, inputs: &[Value]) -> bool {
    let operands = ctx.operands(source);
    operands.len() == first + inputs.len()
        && operands
            .skip(first)
            .zip(inputs)
            .all(|(v, &input)| ctx.value_type(v) == ctx.value_type(input))
}

// ----- scf.for ---------------------------------------------------------------------------------

fn parse_for(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if p.eat_keyword("unsigned") {
        let unit = p.ctx.unit_attr();
        add_attr(p, state, "unsignedCmp", unit);
    }
    let iv = p.parse_operand()?;
    p.expect(TokKind::Equal, "=")?;
    let lb = p.parse_operand()?;
    p.expect_keyword("to")?;
    let ub = p.parse_operand()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand()?;
    let (mut iter_args, mut inits) = (Vec::new(), Vec::new());
    let mut result_types = Vec::new();
    if p.eat_keyword("iter_args") {
        (iter_args, inits) = parse_assignment_list(p)?;
        p.expect(TokKind::Arrow, "->")?;
        result_types = p.parse_function_result_types()?;
    }
    if iter_args.len() != result_types.len() {
        return p.error("mismatch in number of loop-carried values and defined values");
    }
    let iv_type = if p.eat(TokKind::Colon) {
        p.parse_type()?
    } else {
        index_type(p)
    };
    let mut args = arg_defs(&[iv], &[iv_type]);
    args.extend(arg_defs(&iter_args, &result_types));
    let body = p.parse_region(Some(&args))?;
    ensure_terminator(p, body, "scf.yield", false, state.loc);
    for bound in [&lb, &ub, &step] {
        state.operands.push(p.resolve_operand(bound, iv_type)?);
    }
    for (init, &ty) in inits.iter().zip(&result_types) {
        state.operands.push(p.resolve_operand(init, ty)?);
    }
    state.result_types = result_types;
    state.regions.push(body);
    parse_attrs(p, state)
}

fn print_for(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let args = entry_arg_slice(ctx, op, 0);
    let (Some(&iv), Some(bounds)) = (args.first(), operands.get(..3)) else {
        return;
    };
    if ctx.get_attr(op, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    p.write(" ");
    p.print_operand(iv);
    p.write(" = ");
    p.print_operand(bounds[0]);
    p.write(" to ");
    p.print_operand(bounds[1]);
    p.write(" step ");
    p.print_operand(bounds[2]);
    let inits = &operands[3..];
    print_initialization_list(p, " iter_args", &args[1..], inits);
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_value_types(inits);
        p.write(")");
    }
    p.write(" ");
    let iv_type = ctx.value_type(iv);
    if !matches!(ctx.type_data(iv_type), TypeData::Index) {
        p.write(" : ");
        p.print_type(iv_type);
        p.write(" ");
    }
    if let Some(body) = region_at(ctx, op, 0) {
        p.print_region(body, false, !inits.is_empty());
    }
    p.print_optional_attr_dict(op, &["unsignedCmp"]);
}

fn verify_for(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let num_inits = ctx.num_operands(op).saturating_sub(3);
    if ctx.num_operands(op) < 3 || ctx.regions(op).len() != 1 {
        op_error(ctx, op, diags, "expected at least 3 operands and 1 region");
        return;
    }
    if num_inits != ctx.results(op).len() {
        op_error(
            ctx,
            op,
            diags,
            "mismatch in number of loop-carried values and defined values",
        );
        return;
    }
    let Some(&iv) = entry_arg_slice(ctx, op, 0).first() else {
        op_error(
            ctx,
            op,
            diags,
            "expected body to have a single block with the induction variable",
        );
        return;
    };
    // The bounds' types read in place (the op may carry many more operands).
    let bound_type = ctx.value_type(ctx.operand(op, 0));
    if (1..3).any(|i| ctx.value_type(ctx.operand(op, i)) != bound_type) {
        op_error(
            ctx,
            op,
            diags,
            "failed to verify that all of {lowerBound, upperBound, step} have same type",
        );
        return;
    }
    if ctx.value_type(iv) != bound_type {
        op_error(
            ctx,
            op,
            diags,
            "expected induction variable to be same type as bounds and step",
        );
        return;
    }
    if loop_types_match(ctx, op) {
        return;
    }
    if !verify_loop_like(ctx, op, diags) {
        return;
    }
    if !yields_each_iter_arg(ctx, op) {
        verify_region_branch_types(ctx, op, diags);
    }
}

/// Whether the body of the `scf.for` `op` (one block, its traits checked) ends in an
/// `scf.yield` of one value per iteration argument. Then [`verify_loop_like`], once passed, has
/// compared every edge [`verify_region_branch_types`] would (inits and yielded values against
/// the iteration arguments and the results), and the loops the verifier sees after every pass
/// need not be compared twice.
fn yields_each_iter_arg(ctx: &Context, op: Op) -> bool {
    let iter_args = entry_arg_slice(ctx, op, 0).len().saturating_sub(1);
    entry_terminator(ctx, op, 0)
        .is_some_and(|t| ctx.op_name_str(t) == "scf.yield" && ctx.num_operands(t) == iter_args)
}

/// MLIR's `LoopLikeOpInterface` checks for `scf.for` (inits, iter args, yielded values and
/// results agree in number and type).
fn verify_loop_like(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) -> bool {
    let inits = types_of(ctx, &ctx.operand_array(op)[3..]);
    let iter_args = types_of(
        ctx,
        entry_arg_slice(ctx, op, 0).get(1..).unwrap_or_default(),
    );
    let yielded = entry_terminator(ctx, op, 0)
        .filter(|&t| ctx.op_name_str(t) == "scf.yield")
        .map(|t| types_of(ctx, &ctx.operand_array(t)))
        .unwrap_or_default();
    let results = types_of(ctx, ctx.results(op));
    if inits.len() != iter_args.len() {
        let msg = format!(
            "different number of inits and region iter_args: {} != {}",
            inits.len(),
            iter_args.len()
        );
        return fail(ctx, op, diags, msg);
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        let msg = format!(
            "different number of region iter_args and yielded values: {} != {}",
            iter_args.len(),
            yielded.len()
        );
        return fail(ctx, op, diags, msg);
    }
    if results.len() != iter_args.len() {
        let msg = format!(
            "different number of loop results and region iter_args: {} != {}",
            results.len(),
            iter_args.len()
        );
        return fail(ctx, op, diags, msg);
    }
    for (i, (init, arg)) in inits.iter().zip(&iter_args).enumerate() {
        if init != arg {
            let msg = format!(
                "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                type_str(ctx, *init),
                type_str(ctx, *arg)
            );
            return fail(ctx, op, diags, msg);
        }
        if let Some(y) = yielded.get(i)
            && arg != y
        {
            let msg = format!(
                "{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'",
                type_str(ctx, *arg),
                type_str(ctx, *y)
            );
            return fail(ctx, op, diags, msg);
        }
    }
    for (i, (arg, res)) in iter_args.iter().zip(&results).enumerate() {
        if arg != res {
            let msg = format!(
                "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                type_str(ctx, *arg),
                type_str(ctx, *res)
            );
            return fail(ctx, op, diags, msg);
        }
    }
    true
}

/// Whether the `scf.for` `op` passes [`verify_loop_like`] and needs no
/// [`verify_region_branch_types`], checked without collecting any type list: its body ends in
/// an `scf.yield` of one value per iteration argument ([`yields_each_iter_arg`]), and inits,
/// yielded values and results have the iteration arguments' types. `false` leaves the full
/// checks (and their reports) to those two.
fn loop_types_match(ctx: &Context, op: Op) -> bool {
    let iter_args = entry_arg_slice(ctx, op, 0).get(1..).unwrap_or_default();
    let results = ctx.results(op);
    entry_terminator(ctx, op, 0)
        .is_some_and(|t| YieldOp::is(ctx, t) && values_match(ctx, t, 0, iter_args))
        && values_match(ctx, op, 3, iter_args)
        && results.len() == iter_args.len()
        && results
            .iter()
            .zip(iter_args)
            .all(|(&r, &a)| ctx.value_type(r) == ctx.value_type(a))
}

// ----- scf.while / scf.condition ---------------------------------------------------------------

fn parse_while(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let (args, inits) = if p.tok_kind() == TokKind::LParen {
        parse_assignment_list(p)?
    } else {
        (Vec::new(), Vec::new())
    };
    p.expect(TokKind::Colon, ":")?;
    let type_pos = p.cur_pos();
    let fty = p.parse_type()?;
    let TypeData::Function { inputs, results } = p.ctx.type_data(fty).clone() else {
        return p.error_at(type_pos, "invalid kind of type specified");
    };
    if inputs.len() != inits.len() {
        let msg = format!(
            "expected as many input types as operands (expected {} got {})",
            inits.len(),
            inputs.len()
        );
        return p.error_at(type_pos, msg);
    }
    let pos = p.cur_pos();
    state.operands = p.resolve_operands(&inits, &inputs, pos)?;
    state.result_types = results;
    let before = p.parse_region(Some(&arg_defs(&args, &inputs)))?;
    p.expect_keyword("do")?;
    let after = p.parse_region(None)?;
    state.regions = vec![before, after];
    p.parse_optional_attr_dict_with_keyword(&mut state.attrs)
}

fn print_while(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let inits = ctx.operand_array(op);
    let before_args = entry_arg_slice(ctx, op, 0);
    print_initialization_list(p, " ", before_args, &inits);
    p.write(" : ");
    let results = types_of(ctx, ctx.results(op));
    p.print_function_type(&types_of(ctx, &inits), &results);
    if let Some(before) = region_at(ctx, op, 0) {
        p.write(" ");
        p.print_region(before, false, true);
    }
    if let Some(after) = region_at(ctx, op, 1) {
        p.write(" do ");
        p.print_region(after, true, true);
    }
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

fn verify_while(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if ctx.regions(op).len() != 2 {
        op_error(ctx, op, diags, "expected 2 regions");
        return;
    }
    // The common case: matching types imply the entry terminators' names checked below.
    if while_types_match(ctx, op) {
        return;
    }
    let checks = [
        (
            0,
            "scf.condition",
            "expects the 'before' region to terminate with 'scf.condition'",
        ),
        (
            1,
            "scf.yield",
            "expects the 'after' region to terminate with 'scf.yield'",
        ),
    ];
    for (index, name, msg) in checks {
        let term = entry_terminator(ctx, op, index);
        if term.is_some_and(|t| ctx.op_name_str(t) == name) {
            continue;
        }
        let mut d = Diagnostic::error(ctx.op_loc(op), format!("'scf.while' op {msg}"));
        if let Some(t) = term {
            d = d.with_note(ctx.op_loc(t), "terminator here");
        }
        diags.push(d);
        return;
    }
    verify_region_branch_types(ctx, op, diags);
}

/// Whether every value an `scf.while` of single-block regions forwards matches what receives
/// it: the inits and the `after` region's `scf.yield` give the `before` arguments, the
/// `scf.condition` gives the `after` arguments and the results. The common case, checked
/// without building the region edges; `false` sends the op through
/// [`verify_region_branch_types`], which checks every edge and reports the first mismatch.
fn while_types_match(ctx: &Context, op: Op) -> bool {
    let (Some(before), Some(after)) = (region_block(ctx, op, 0), region_block(ctx, op, 1)) else {
        return false;
    };
    let (Some(condition), Some(yield_op)) = (ctx.last_op(before), ctx.last_op(after)) else {
        return false;
    };
    let (before_args, after_args) = (ctx.block_args(before), ctx.block_args(after));
    ctx.next_block(before).is_none()
        && ctx.next_block(after).is_none()
        && ConditionOp::is(ctx, condition)
        && YieldOp::is(ctx, yield_op)
        && values_match(ctx, op, 0, before_args)
        && values_match(ctx, condition, 1, after_args)
        && values_match(ctx, condition, 1, ctx.results(op))
        && values_match(ctx, yield_op, 0, before_args)
}

fn parse_condition(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.expect(TokKind::LParen, "(")?;
    let cond = p.parse_operand()?;
    p.expect(TokKind::RParen, ")")?;
    parse_attrs(p, state)?;
    let args = p.parse_operand_list()?;
    let i1 = p.ctx.i1_type();
    state.operands.push(p.resolve_operand(&cond, i1)?);
    state.operands.extend(parse_colon_types_resolve(p, &args)?);
    Ok(())
}

fn print_condition(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    let Some((cond, args)) = operands.split_first() else {
        return;
    };
    p.write("(");
    p.print_operand(*cond);
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    if !args.is_empty() {
        p.write(" ");
        p.print_operands(args);
        p.write(" : ");
        p.print_value_types(args);
    }
}

fn verify_condition(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !verify_parent(ctx, op, &["scf.while"], diags) {
        return;
    }
    let is_i1 = ctx.num_operands(op) >= 1
        && matches!(
            ctx.type_data(ctx.value_type(ctx.operand(op, 0))),
            TypeData::Integer { width: 1, .. }
        );
    if !is_i1 {
        op_error(ctx, op, diags, "operand #0 must be 1-bit signless integer");
    }
}

// ----- scf.execute_region ----------------------------------------------------------------------

fn parse_execute_region(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    state.result_types = parse_optional_arrow_types(p)?;
    if p.eat_keyword("no_inline") {
        let unit = p.ctx.unit_attr();
        add_attr(p, state, "no_inline", unit);
    }
    let body = p.parse_region(None)?;
    state.regions.push(body);
    parse_attrs(p, state)
}

fn print_execute_region(p: &mut OpPrinter<'_>, op: Op) {
    print_optional_arrow_types(p, op);
    p.write(" ");
    if p.ctx.get_attr(op, "no_inline").is_some() {
        p.write("no_inline ");
    }
    if let Some(body) = region_at(p.ctx, op, 0) {
        p.print_region(body, false, true);
    }
    p.print_optional_attr_dict(op, &["no_inline"]);
}

fn verify_execute_region(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if ctx.regions(op).len() != 1 {
        op_error(ctx, op, diags, "expected 1 region");
        return;
    }
    if region_is_empty(ctx, op, 0) {
        op_error(ctx, op, diags, "region needs to have at least one block");
        return;
    }
    if entry_arg_count(ctx, op, 0) > 0 {
        op_error(ctx, op, diags, "region cannot have any arguments");
        return;
    }
    verify_region_branch_types(ctx, op, diags);
}

// ----- scf.index_switch ------------------------------------------------------------------------

fn parse_index_switch(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let arg = p.parse_operand()?;
    let index = index_type(p);
    state.operands.push(p.resolve_operand(&arg, index)?);
    parse_attrs(p, state)?;
    if p.eat(TokKind::Arrow) {
        state.result_types = p.parse_type_list()?;
    }
    let mut cases = Vec::new();
    let mut case_regions = Vec::new();
    while p.eat_keyword("case") {
        let pos = p.cur_pos();
        let value = p.parse_integer()?;
        let Ok(value) = i64::try_from(value) else {
            return p.error_at(pos, "integer value too large");
        };
        cases.push(value);
        case_regions.push(p.parse_region(None)?);
    }
    p.expect_keyword("default")?;
    let default_region = p.parse_region(None)?;
    ensure_terminator(p, default_region, "scf.yield", false, state.loc);
    let cases_attr = p.ctx.dense_i64_array(&cases);
    add_attr(p, state, "cases", cases_attr);
    state.regions.push(default_region);
    state.regions.extend(case_regions);
    Ok(())
}

fn print_index_switch(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operands(&ctx.operand_array(op));
    p.print_optional_attr_dict(op, &["cases"]);
    let results = types_of(ctx, ctx.results(op));
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(&results);
    }
    p.write(" ");
    let cases = dense_array(ctx, op, "cases").unwrap_or_default();
    let regions = ctx.regions(op).to_vec();
    for (value, &region) in cases.iter().zip(regions.iter().skip(1)) {
        p.newline();
        p.write(&format!("case {value} "));
        p.print_region(region, false, true);
    }
    p.newline();
    p.write("default ");
    if let Some(&default_region) = regions.first() {
        let terminator = ctx.entry_block(default_region).and_then(|b| ctx.last_op(b));
        p.print_region(default_region, true, !is_bare_terminator(ctx, terminator));
    }
}

fn verify_index_switch(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let cases = dense_array(ctx, op, "cases").unwrap_or_default();
    let num_regions = ctx.regions(op).len();
    if ctx.num_operands(op) != 1 || num_regions == 0 {
        op_error(ctx, op, diags, "expected 1 operand and a default region");
        return;
    }
    if cases.len() != num_regions - 1 {
        let msg = format!(
            "has {} case regions but {} case values",
            num_regions - 1,
            cases.len()
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(dup) = cases.iter().find(|v| !seen.insert(**v)) {
        op_error(ctx, op, diags, format!("has duplicate case value: {dup}"));
        return;
    }
    for index in 0..num_regions {
        let name = if index == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", index - 1)
        };
        if !verify_switch_region(ctx, op, index, &name, diags) {
            return;
        }
    }
}

fn verify_switch_region(
    ctx: &Context,
    op: Op,
    index: usize,
    name: &str,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let Some(term) = entry_terminator(ctx, op, index) else {
        return fail(
            ctx,
            op,
            diags,
            format!("region #{index} failed to verify constraint: region with 1 blocks"),
        );
    };
    if ctx.op_name_str(term) != "scf.yield" {
        let msg = format!(
            "expected region to end with scf.yield, but got {}",
            ctx.op_name_str(term)
        );
        return fail(ctx, op, diags, msg);
    }
    let results = types_of(ctx, ctx.results(op));
    let yielded = types_of(ctx, &ctx.operand_array(term));
    let loc = ctx.op_loc(op);
    if yielded.len() != results.len() {
        let msg = format!(
            "'scf.index_switch' op expected each region to return {} values, but {name} returns {}",
            results.len(),
            yielded.len()
        );
        diags.push(
            Diagnostic::error(loc, msg).with_note(ctx.op_loc(term), "see yield operation here"),
        );
        return false;
    }
    for (i, (r, y)) in results.iter().zip(&yielded).enumerate() {
        if r != y {
            let msg = format!(
                "'scf.index_switch' op expected result #{i} of each region to be '{}'",
                type_str(ctx, *r)
            );
            let note = format!("{name} returns '{}' here", type_str(ctx, *y));
            diags.push(Diagnostic::error(loc, msg).with_note(ctx.op_loc(term), note));
            return false;
        }
    }
    true
}

// ----- scf.parallel / scf.reduce / scf.reduce.return -------------------------------------------

fn parse_paren_operands_exact(
    p: &mut OpParser<'_, '_>,
    count: usize,
) -> PResult<Vec<UnresolvedOperand>> {
    let pos = p.cur_pos();
    let list = p.parse_paren_operands_in(" in operand list")?;
    if list.len() != count {
        let msg = format!("expected {count} operands");
        return p.error_at(pos, msg);
    }
    Ok(list)
}

fn parse_parallel(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let ivs = p.parse_paren_operands_in(" in argument list")?;
    let index = index_type(p);
    p.expect(TokKind::Equal, "=")?;
    let lower = parse_paren_operands_exact(p, ivs.len())?;
    state
        .operands
        .extend(p.resolve_operands_same(&lower, index)?);
    p.expect_keyword("to")?;
    let upper = parse_paren_operands_exact(p, ivs.len())?;
    state
        .operands
        .extend(p.resolve_operands_same(&upper, index)?);
    p.expect_keyword("step")?;
    let steps = parse_paren_operands_exact(p, ivs.len())?;
    state
        .operands
        .extend(p.resolve_operands_same(&steps, index)?);
    let inits = if p.eat_keyword("init") {
        p.parse_paren_operands_in(" in operand list")?
    } else {
        Vec::new()
    };
    state.result_types = parse_optional_arrow_types(p)?;
    let body = p.parse_region(Some(&arg_defs(&ivs, &vec![index; ivs.len()])))?;
    let n = ivs.len() as i32;
    set_segments(p, state, &[n, n, n, inits.len() as i32]);
    parse_attrs(p, state)?;
    let pos = p.cur_pos();
    let types = state.result_types.clone();
    state
        .operands
        .extend(p.resolve_operands(&inits, &types, pos)?);
    ensure_terminator(p, body, "scf.reduce", false, state.loc);
    state.regions.push(body);
    Ok(())
}

fn print_parallel(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let ivs = entry_args(ctx, op, 0);
    let group = |i| -> Vec<Value> {
        segment_range(ctx, op, i)
            .map(|k| ctx.operand(op, k))
            .collect()
    };
    let (lower, upper, steps, inits) = (group(0), group(1), group(2), group(3));
    p.write(" (");
    p.print_operands(&ivs);
    p.write(") = (");
    p.print_operands(&lower);
    p.write(") to (");
    p.print_operands(&upper);
    p.write(") step (");
    p.print_operands(&steps);
    p.write(")");
    if !inits.is_empty() {
        p.write(" init (");
        p.print_operands(&inits);
        p.write(")");
    }
    print_optional_arrow_types(p, op);
    p.write(" ");
    if let Some(body) = region_at(ctx, op, 0) {
        p.print_region(body, false, true);
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
}

fn verify_parallel(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let sizes = crate::dialects::syntax::segments(ctx, op).unwrap_or_default();
    if sizes.len() != 4 || sizes.iter().sum::<usize>() != ctx.num_operands(op) {
        op_error(
            ctx,
            op,
            diags,
            "operand count does not match 'operandSegmentSizes'",
        );
        return;
    }
    if sizes[0] != sizes[1] || sizes[0] != sizes[2] {
        op_error(
            ctx,
            op,
            diags,
            "expects the same number of lower bounds, upper bounds and steps",
        );
        return;
    }
    if sizes[0] == 0 {
        op_error(
            ctx,
            op,
            diags,
            "needs at least one tuple element for lowerBound, upperBound and step",
        );
        return;
    }
    let num_ivs = entry_arg_count(ctx, op, 0);
    if num_ivs != sizes[0] {
        let msg = format!(
            "expects the same number of induction variables: {num_ivs} as bound and step values: {}",
            sizes[0]
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    let Some(term) = entry_terminator(ctx, op, 0).filter(|&t| ctx.op_name_str(t) == "scf.reduce")
    else {
        op_error(
            ctx,
            op,
            diags,
            "expects body to terminate with 'scf.reduce'",
        );
        return;
    };
    let reductions = ctx.regions(term).len();
    if reductions != ctx.results(op).len() {
        let msg = format!(
            "expects number of results: {} to be the same as number of reductions: {reductions}",
            ctx.results(op).len()
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    if sizes[3] != ctx.results(op).len() {
        let msg = format!(
            "expects number of results: {} to be the same as number of initial values: {}",
            ctx.results(op).len(),
            sizes[3]
        );
        op_error(ctx, op, diags, msg);
    }
}

fn parse_reduce(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    if p.eat(TokKind::LParen) {
        let operands = p.parse_operand_list()?;
        state.operands = parse_colon_types_resolve(p, &operands)?;
        p.expect(TokKind::RParen, ")")?;
    }
    if let Some(first) = p.parse_optional_region(None)? {
        state.regions.push(first);
        while p.eat(TokKind::Comma) {
            let region = p.parse_region(None)?;
            state.regions.push(region);
        }
    }
    parse_attrs(p, state)
}

fn print_reduce(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    if !operands.is_empty() {
        p.write("(");
        p.print_operands(&operands);
        p.write(" : ");
        p.print_value_types(&operands);
        p.write(")");
    }
    p.write(" ");
    let regions = p.ctx.regions(op).to_vec();
    for (i, &region) in regions.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(region, true, true);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_reduce(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !verify_parent(ctx, op, &["scf.parallel"], diags) {
        return;
    }
    if ctx.regions(op).len() != ctx.num_operands(op) {
        let msg = format!(
            "expects number of reduction regions: {} to be the same as number of reduction operands: {}",
            ctx.regions(op).len(),
            ctx.num_operands(op)
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    for (i, operand) in ctx.operands(op).enumerate() {
        let ty = ctx.value_type(operand);
        let args = types_of(ctx, &entry_args(ctx, op, i));
        if args.len() != 2 || args.iter().any(|&a| a != ty) {
            let msg = format!(
                "expected two block arguments with type {} in the {i}-th reduction region",
                type_str(ctx, ty)
            );
            op_error(ctx, op, diags, msg);
            return;
        }
    }
}

fn parse_reduce_return(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    parse_attrs(p, state)?;
    let ty = p.parse_colon_type()?;
    state.operands.push(p.resolve_operand(&value, ty)?);
    Ok(())
}

fn print_reduce_return(p: &mut OpPrinter<'_>, op: Op) {
    let operands = p.ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(&operands);
}

fn verify_reduce_return(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    if !verify_parent(ctx, op, &["scf.reduce"], diags) {
        return;
    }
    if ctx.num_operands(op) != 1 {
        op_error(ctx, op, diags, "expected 1 operand");
        return;
    }
    let Some(reduce) = ctx.parent_op(op) else {
        return;
    };
    let Some(index) = ctx.op_parent_region(op).and_then(|r| ctx.region_index(r)) else {
        return;
    };
    if index >= ctx.num_operands(reduce) {
        return;
    }
    let expected = ctx.value_type(ctx.operand(reduce, index));
    let got = ctx.value_type(ctx.operand(op, 0));
    if expected != got {
        let msg = format!(
            "must have type {} (the type of the reduction inputs)",
            type_str(ctx, expected)
        );
        op_error(ctx, op, diags, msg);
    }
}

// ----- scf.forall / scf.forall.in_parallel -----------------------------------------------------

/// Parses `(item, ...)` where each item is an integer or an SSA value: the static values
/// ([`DYNAMIC`] for SSA entries) and the SSA operands.
fn parse_dynamic_index_list(
    p: &mut OpParser<'_, '_>,
) -> PResult<(Vec<i64>, Vec<UnresolvedOperand>)> {
    let mut statics = Vec::new();
    let mut dynamics = Vec::new();
    let items = p.parse_delimited(TokKind::LParen, TokKind::RParen, |p| {
        if let Some(operand) = p.parse_optional_operand()? {
            return Ok(Err(operand));
        }
        let pos = p.cur_pos();
        let v = p.parse_integer()?;
        match i64::try_from(v) {
            Ok(v) => Ok(Ok(v)),
            Err(_) => p.error_at(pos, "integer value too large"),
        }
    })?;
    for item in items {
        match item {
            Ok(v) => statics.push(v),
            Err(operand) => {
                statics.push(DYNAMIC);
                dynamics.push(operand);
            }
        }
    }
    Ok((statics, dynamics))
}

/// Prints `(item, ...)`: static values, with [`DYNAMIC`] entries taken from `dynamics`.
fn print_dynamic_index_list(p: &mut OpPrinter<'_>, statics: &[i64], dynamics: &[Value]) {
    let mut next = dynamics.iter();
    p.write("(");
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if s == DYNAMIC {
            if let Some(&v) = next.next() {
                p.print_operand(v);
            }
        } else {
            p.write(&s.to_string());
        }
    }
    p.write(")");
}

fn parse_forall(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let ivs = p.parse_paren_operand_list()?;
    let index = index_type(p);
    let (lbs, ubs, steps, dyn_lbs, dyn_ubs, dyn_steps);
    if p.eat_keyword("in") {
        let (s, d) = parse_dynamic_index_list(p)?;
        (ubs, dyn_ubs) = (s, d);
        (lbs, dyn_lbs) = (vec![0; ivs.len()], Vec::new());
        (steps, dyn_steps) = (vec![1; ivs.len()], Vec::new());
    } else {
        p.expect(TokKind::Equal, "=")?;
        (lbs, dyn_lbs) = parse_dynamic_index_list(p)?;
        p.expect_keyword("to")?;
        (ubs, dyn_ubs) = parse_dynamic_index_list(p)?;
        p.expect_keyword("step")?;
        (steps, dyn_steps) = parse_dynamic_index_list(p)?;
    }
    for list in [&dyn_lbs, &dyn_ubs, &dyn_steps] {
        state.operands.extend(p.resolve_operands_same(list, index)?);
    }
    let (mut out_args, mut outs) = (Vec::new(), Vec::new());
    if p.eat_keyword("shared_outs") {
        (out_args, outs) = parse_assignment_list(p)?;
        state.result_types = parse_optional_arrow_types(p)?;
        let pos = p.cur_pos();
        let types = state.result_types.clone();
        state
            .operands
            .extend(p.resolve_operands(&outs, &types, pos)?);
    }
    let mut args = arg_defs(&ivs, &vec![index; ivs.len()]);
    args.extend(arg_defs(&out_args, &state.result_types));
    let body = p.parse_region(Some(&args))?;
    ensure_terminator(p, body, "scf.forall.in_parallel", true, state.loc);
    state.regions.push(body);
    parse_attrs(p, state)?;
    for (name, values) in [
        ("staticLowerBound", &lbs),
        ("staticUpperBound", &ubs),
        ("staticStep", &steps),
    ] {
        let a = p.ctx.dense_i64_array(values);
        add_attr(p, state, name, a);
    }
    let sizes = [dyn_lbs.len(), dyn_ubs.len(), dyn_steps.len(), outs.len()].map(|n| n as i32);
    set_segments(p, state, &sizes);
    Ok(())
}

/// The constant integer a `forall` bound has: its static value, or the value of the constant
/// op defining its dynamic operand.
fn forall_bound_values(ctx: &Context, op: Op, attr: &str, segment: usize) -> Vec<Option<i64>> {
    let statics = dense_array(ctx, op, attr).unwrap_or_default();
    let mut dynamics = segment_range(ctx, op, segment).map(|k| ctx.operand(op, k));
    statics
        .iter()
        .map(|&s| {
            if s != DYNAMIC {
                return Some(s);
            }
            let def = ctx.defining_op(dynamics.next()?)?;
            if !ctx.has_trait(def, Traits::CONSTANT_LIKE) {
                return None;
            }
            match ctx.attr_data(ctx.get_attr(def, "value")?) {
                AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
                _ => None,
            }
        })
        .collect()
}

/// Whether all lower bounds are 0 and all steps are 1 (printed as `in (...)`).
fn forall_is_normalized(ctx: &Context, op: Op) -> bool {
    forall_bound_values(ctx, op, "staticLowerBound", 0)
        .iter()
        .all(|v| *v == Some(0))
        && forall_bound_values(ctx, op, "staticStep", 2)
            .iter()
            .all(|v| *v == Some(1))
}

fn print_forall(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let args = entry_args(ctx, op, 0);
    let num_ivs = dense_array(ctx, op, "staticUpperBound")
        .unwrap_or_default()
        .len();
    let ivs = &args[..num_ivs.min(args.len())];
    let out_args = &args[ivs.len()..];
    let group = |i| -> Vec<Value> {
        segment_range(ctx, op, i)
            .map(|k| ctx.operand(op, k))
            .collect()
    };
    let statics = |name| dense_array(ctx, op, name).unwrap_or_default();
    p.write(" (");
    p.print_operands(ivs);
    if forall_is_normalized(ctx, op) {
        p.write(") in ");
        print_dynamic_index_list(p, &statics("staticUpperBound"), &group(1));
    } else {
        p.write(") = ");
        print_dynamic_index_list(p, &statics("staticLowerBound"), &group(0));
        p.write(" to ");
        print_dynamic_index_list(p, &statics("staticUpperBound"), &group(1));
        p.write(" step ");
        print_dynamic_index_list(p, &statics("staticStep"), &group(2));
    }
    print_initialization_list(p, " shared_outs", out_args, &group(3));
    p.write(" ");
    let results = types_of(ctx, ctx.results(op));
    if !out_args.is_empty() {
        p.write("-> (");
        p.print_types(&results);
        p.write(") ");
    }
    if let Some(body) = region_at(ctx, op, 0) {
        p.print_region(body, false, !results.is_empty());
    }
    p.print_optional_attr_dict(
        op,
        &[
            "operandSegmentSizes",
            "staticLowerBound",
            "staticUpperBound",
            "staticStep",
        ],
    );
}

fn verify_forall(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let sizes = crate::dialects::syntax::segments(ctx, op).unwrap_or_default();
    if sizes.len() != 4 || sizes.iter().sum::<usize>() != ctx.num_operands(op) {
        op_error(
            ctx,
            op,
            diags,
            "operand count does not match 'operandSegmentSizes'",
        );
        return;
    }
    let lists = ["staticLowerBound", "staticUpperBound", "staticStep"]
        .map(|name| dense_array(ctx, op, name));
    let [Some(lbs), Some(ubs), Some(steps)] = lists else {
        op_error(
            ctx,
            op,
            diags,
            "requires attributes 'staticLowerBound', 'staticUpperBound' and 'staticStep'",
        );
        return;
    };
    let dynamic_count = |v: &[i64]| v.iter().filter(|&&s| s == DYNAMIC).count();
    if lbs.len() != ubs.len() || steps.len() != ubs.len() {
        op_error(
            ctx,
            op,
            diags,
            "requires the same number of lower bounds, upper bounds and steps",
        );
        return;
    }
    if dynamic_count(&lbs) != sizes[0]
        || dynamic_count(&ubs) != sizes[1]
        || dynamic_count(&steps) != sizes[2]
    {
        op_error(
            ctx,
            op,
            diags,
            "expected the number of dynamic bounds to match the static bound attributes",
        );
        return;
    }
    if sizes[3] != ctx.results(op).len() {
        op_error(
            ctx,
            op,
            diags,
            "must be a destination-passing-style op with one result per output",
        );
        return;
    }
    if entry_arg_count(ctx, op, 0) != ubs.len() + sizes[3] {
        let msg = format!("region expects {} arguments", ubs.len() + sizes[3]);
        op_error(ctx, op, diags, msg);
        return;
    }
    let terminator = entry_terminator(ctx, op, 0);
    if terminator.is_none_or(|t| ctx.op_name_str(t) != "scf.forall.in_parallel") {
        op_error(
            ctx,
            op,
            diags,
            "expects body to terminate with 'scf.forall.in_parallel'",
        );
    }
}

fn parse_in_parallel(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let region = p.parse_region(Some(&[]))?;
    if p.ctx.entry_block(region).is_none() {
        let block = p.ctx.create_block();
        p.ctx.append_block(region, block);
    }
    state.regions.push(region);
    parse_attrs(p, state)
}

fn print_in_parallel(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    if let Some(region) = region_at(p.ctx, op, 0) {
        p.print_region(region, false, false);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_in_parallel(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let parent = ctx.parent_op(op);
    if parent.is_none_or(|p| ctx.op_name_str(p) != "scf.forall") {
        op_error(ctx, op, diags, "expected forall op parent");
    }
}

// ----- scf.yield -------------------------------------------------------------------------------

fn verify_yield(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    verify_parent(
        ctx,
        op,
        &[
            "scf.execute_region",
            "scf.for",
            "scf.if",
            "scf.index_switch",
            "scf.while",
        ],
        diags,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::parser::{ParseOptions, parse_module};

    /// Parses `src` and returns the context and the ops named `name`, in order.
    fn ops_named(src: &str, name: &str) -> (Context, Vec<Op>) {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("parse failed: {}", d.message));
        let ops = ctx
            .walk_preorder(module)
            .into_iter()
            .filter(|&o| ctx.op_name_str(o) == name)
            .collect();
        (ctx, ops)
    }

    fn edges_from(ctx: &Context, op: Op, region: usize) -> SmallVec<[RegionEdge; 2]> {
        let rb = ctx.op_def(op).region_branch.expect("region branch");
        let term = entry_terminator(ctx, op, region).expect("terminator");
        (rb.from_region)(ctx, op, region, term)
    }

    #[test]
    fn for_edges_forward_iter_args() {
        let src = "func.func @f(%n: index, %a: f32) -> f32 {
            %r = scf.for %i = %n to %n step %n iter_args(%x = %a) -> (f32) {
              scf.yield %x : f32
            }
            return %r : f32
          }";
        let (ctx, ops) = ops_named(src, "scf.for");
        let op = ops[0];
        let entry = (ctx.op_def(op).region_branch.unwrap().entry)(&ctx, op);
        assert_eq!(entry[0].to, RegionPoint::Region(0));
        assert_eq!(
            (entry[0].operands.clone(), entry[0].inputs.clone()),
            (3..4, 1..2)
        );
        assert_eq!(entry[1].to, RegionPoint::Parent);
        let back = edges_from(&ctx, op, 0);
        assert_eq!(
            (back[0].to, back[0].operands.clone()),
            (RegionPoint::Region(0), 0..1)
        );
        assert_eq!(
            (back[1].to, back[1].inputs.clone()),
            (RegionPoint::Parent, 0..1)
        );
    }

    #[test]
    fn while_condition_skips_the_flag() {
        let src = "func.func @f(%a: i32, %c: i1) -> i32 {
            %r = scf.while (%x = %a) : (i32) -> i32 {
              scf.condition(%c) %x : i32
            } do {
            ^bb0(%y: i32):
              scf.yield %y : i32
            }
            return %r : i32
          }";
        let (ctx, ops) = ops_named(src, "scf.while");
        let op = ops[0];
        let from_before = edges_from(&ctx, op, 0);
        assert_eq!(from_before[0].to, RegionPoint::Parent);
        assert_eq!(from_before[0].operands, 1..2);
        assert_eq!(from_before[1].to, RegionPoint::Region(1));
        let from_after = edges_from(&ctx, op, 1);
        assert_eq!(
            (from_after[0].to, from_after[0].inputs.clone()),
            (RegionPoint::Region(0), 0..1)
        );
    }

    #[test]
    fn if_without_else_falls_through_to_parent() {
        let src = "func.func @f(%c: i1) {
            scf.if %c {
            }
            return
          }";
        let (ctx, ops) = ops_named(src, "scf.if");
        let entry = (ctx.op_def(ops[0]).region_branch.unwrap().entry)(&ctx, ops[0]);
        assert_eq!(entry[0].to, RegionPoint::Region(0));
        assert_eq!(entry[1].to, RegionPoint::Parent);
        assert!(
            entry_terminator(&ctx, ops[0], 0).is_some(),
            "implicit scf.yield"
        );
    }
}
