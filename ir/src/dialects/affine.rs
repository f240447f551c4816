//! The `affine` dialect: loops and conditionals over affine maps and integer sets, as tiling
//! and One-Shot Bufferize leave them.
//!
//! Ops: `affine.for` (bounds through maps, `min`/`max` bounds, constant step, `iter_args`),
//! `affine.if` (integer sets, optional else, results), `affine.parallel` (constant-map bounds,
//! steps, `reduce`), `affine.load`, `affine.store`, `affine.apply`, `affine.min`,
//! `affine.max` and the implicit terminator `affine.yield`.
//!
//! Interfaces: `for`/`if`/`parallel` are region-branch ops shaped like `scf.for`/`scf.if`/
//! `scf.parallel`, so the deallocation passes treat them the same; `load` reads and `store`
//! writes its memref; `apply`/`min`/`max` are pure. Syntax follows `mlir-opt-22` byte for
//! byte: subscripts are printed as affine expressions over the operand names
//! (`%A[%i + 1, symbol(%n)]`).

use crate::registry::Count::{Any, AtLeast, Exactly};
use crate::registry::OpCounts;
use std::ops::Range;

use smallvec::{SmallVec, smallvec};

use crate::asm::lexer::TokKind;
use crate::asm::parser::{ArgDef, OpParser, PResult, UnresolvedOperand, affine_add, affine_mul};
use crate::asm::printer::{OpPrinter, affine_expr_text_with};
use crate::attrs::{AffineExpr, AffineMap, AttrData, IntegerSet};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{add_attr, op_error, set_segments, type_str, types_of};
use crate::entity::{Attr, Loc, Op, Region, Type, Value};
use crate::registry::{
    EffectKind, EffectOn, Effects, MemoryEffect, OpDef, ParseFn, PrintFn, RegionBranch, RegionEdge,
    RegionPoint, Registry, Resource, Traits, VerifyFn,
};
use crate::types::TypeData;

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    register_loops(reg);
    register_map_ops(reg);
    register_memory_ops(reg);
    let mut yield_op = OpDef::new("affine.yield");
    yield_op.traits = Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE;
    yield_op.parse = Some(crate::dialects::syntax::parse_return_like);
    yield_op.print = Some(crate::dialects::syntax::print_return_like);
    yield_op.verify = Some(verify_yield);
    reg.register(yield_op);
}

/// The custom syntax and verifier of an op.
type Syntax = (ParseFn, PrintFn, VerifyFn);

/// A region op of this dialect, whose regions end in an (implicit) `affine.yield`.
fn region_op(
    name: &str,
    traits: Traits,
    inherent_attrs: &'static [&'static str],
    (parse, print, verify): Syntax,
    branch: RegionBranch,
) -> OpDef {
    let mut def = OpDef::new(name);
    def.traits = traits;
    def.inherent_attrs = inherent_attrs;
    def.parse = Some(parse);
    def.print = Some(print);
    def.verify = Some(verify);
    def.implicit_terminator = Some("affine.yield");
    def.region_branch = Some(branch);
    def
}

fn register_loops(reg: &mut Registry) {
    let loop_traits = Traits::RECURSIVE_MEMORY_EFFECTS
        | Traits::SINGLE_BLOCK
        | Traits::AUTOMATIC_ALLOCATION_SCOPE;
    reg.register(region_op(
        "affine.for",
        loop_traits,
        &[
            "lowerBoundMap",
            "operandSegmentSizes",
            "step",
            "upperBoundMap",
        ],
        (parse_for, print_for, verify_for),
        RegionBranch {
            entry: |ctx, op| loop_edges(ctx, op, for_operand_groups(ctx, op)[2].clone()),
            from_region: |ctx, op, _, term| loop_edges(ctx, op, 0..ctx.num_operands(term)),
        },
    ));
    reg.register(region_op(
        "affine.if",
        Traits::RECURSIVE_MEMORY_EFFECTS | Traits::SINGLE_BLOCK | Traits::NO_REGION_ARGUMENTS,
        &["condition"],
        (parse_if, print_if, verify_if),
        RegionBranch {
            entry: if_entry,
            from_region: to_parent,
        },
    ));
    reg.register(region_op(
        "affine.parallel",
        loop_traits,
        &[
            "lowerBoundsGroups",
            "lowerBoundsMap",
            "reductions",
            "steps",
            "upperBoundsGroups",
            "upperBoundsMap",
        ],
        (parse_parallel, print_parallel, verify_parallel),
        RegionBranch {
            entry: body_or_parent,
            from_region: to_parent,
        },
    ));
}

fn register_map_ops(reg: &mut Registry) {
    for name in ["affine.apply", "affine.min", "affine.max"] {
        let mut def = OpDef::new(name);
        def.traits = Traits::PURE;
        def.inherent_attrs = &["map"];
        def.parse = Some(parse_map_op);
        def.print = Some(print_map_op);
        def.verify = Some(verify_map_op);
        reg.register(def);
    }
}

fn register_memory_ops(reg: &mut Registry) {
    let mut load = OpDef::new("affine.load");
    load.inherent_attrs = &["map"];
    load.parse = Some(parse_load);
    load.print = Some(print_load);
    load.verify = Some(verify_load);
    load.effects = Some(|_, _| effect_on(EffectKind::Read, 0));
    reg.register(load);

    let mut store = OpDef::new("affine.store");
    store.inherent_attrs = &["map"];
    store.parse = Some(parse_store);
    store.print = Some(print_store);
    store.verify = Some(verify_store);
    store.effects = Some(|_, _| effect_on(EffectKind::Write, 1));
    reg.register(store);
}

/// One effect of `kind` on operand `operand` (in the default resource).
fn effect_on(kind: EffectKind, operand: usize) -> Effects {
    Effects::Known(smallvec![MemoryEffect {
        kind,
        on: EffectOn::Operand(operand),
        resource: Resource::Default,
    }])
}

// ----- attribute accessors -----------------------------------------------------------------

/// The affine map held by attribute `name` of `op`.
pub fn map_attr<'c>(ctx: &'c Context, op: Op, name: &str) -> Option<&'c AffineMap> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::AffineMap(m) => Some(m),
        _ => None,
    }
}

/// The integer set held by attribute `name` of `op`.
pub fn set_attr<'c>(ctx: &'c Context, op: Op, name: &str) -> Option<&'c IntegerSet> {
    match ctx.attr_data(ctx.get_attr(op, name)?) {
        AttrData::AffineSet(s) => Some(s),
        _ => None,
    }
}

/// The step of an `affine.for` (1 when missing).
pub fn for_step(ctx: &Context, op: Op) -> i64 {
    match ctx.get_attr(op, "step").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Integer { value, .. }) => *value as i64,
        _ => 1,
    }
}

/// The operand ranges of an `affine.for`: lower-bound operands, upper-bound operands, inits.
///
/// The bound groups are sized by their maps and the inits are all the remaining operands, so
/// an op whose loop-carried values were extended by appending operands (as the deallocation
/// pass does for every loop) stays well formed; `operandSegmentSizes` is rewritten when the op
/// is printed in custom form and parsed back.
pub fn for_operand_groups(ctx: &Context, op: Op) -> [std::ops::Range<usize>; 3] {
    let inputs =
        |name| map_attr(ctx, op, name).map_or(0, |m| (m.num_dims + m.num_symbols) as usize);
    let total = ctx.num_operands(op);
    let lb_end = inputs("lowerBoundMap").min(total);
    let ub_end = (lb_end + inputs("upperBoundMap")).min(total);
    [0..lb_end, lb_end..ub_end, ub_end..total]
}

// ----- region-branch interface -------------------------------------------------------------

fn entry_arg_count(ctx: &Context, op: Op) -> usize {
    ctx.regions(op)
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .map_or(0, |b| ctx.block_args(b).len())
}

fn iter_arg_inputs(ctx: &Context, op: Op) -> std::ops::Range<usize> {
    let n = entry_arg_count(ctx, op);
    1.min(n)..n
}

/// `affine.for`: `forwarded` (the inits on entry, the yielded values from the body) go to the
/// body's iter args for the next iteration, or to the results when the loop ends.
fn loop_edges(ctx: &Context, op: Op, forwarded: Range<usize>) -> SmallVec<[RegionEdge; 2]> {
    let next_iteration = RegionEdge {
        to: RegionPoint::Region(0),
        operands: forwarded.clone(),
        inputs: iter_arg_inputs(ctx, op),
    };
    let exit = RegionEdge {
        to: RegionPoint::Parent,
        operands: forwarded,
        inputs: 0..ctx.results(op).len(),
    };
    smallvec![next_iteration, exit]
}

fn bare_edge(to: RegionPoint) -> RegionEdge {
    RegionEdge {
        to,
        operands: 0..0,
        inputs: 0..0,
    }
}

/// `affine.if`: the then region, and the else region or (when empty) the op itself.
fn if_entry(ctx: &Context, op: Op) -> SmallVec<[RegionEdge; 2]> {
    let else_empty = ctx
        .regions(op)
        .get(1)
        .is_none_or(|&r| ctx.entry_block(r).is_none());
    let otherwise = if else_empty {
        RegionEdge {
            to: RegionPoint::Parent,
            operands: 0..0,
            inputs: 0..ctx.results(op).len(),
        }
    } else {
        bare_edge(RegionPoint::Region(1))
    };
    smallvec![bare_edge(RegionPoint::Region(0)), otherwise]
}

/// `affine.parallel`: the body or (no iteration) the op itself.
fn body_or_parent(_ctx: &Context, _op: Op) -> SmallVec<[RegionEdge; 2]> {
    smallvec![
        bare_edge(RegionPoint::Region(0)),
        bare_edge(RegionPoint::Parent)
    ]
}

/// From a region to the op: the yielded values become the results.
fn to_parent(ctx: &Context, op: Op, _region: usize, term: Op) -> SmallVec<[RegionEdge; 2]> {
    smallvec![RegionEdge {
        to: RegionPoint::Parent,
        operands: 0..ctx.num_operands(term),
        inputs: 0..ctx.results(op).len(),
    }]
}

// ----- shared syntax -----------------------------------------------------------------------

/// Parses an affine map attribute (`#map` or `affine_map<...>`).
fn parse_map(p: &mut OpParser<'_, '_>) -> PResult<(Attr, AffineMap)> {
    let pos = p.cur_pos();
    let attr = p.parse_attribute()?;
    match p.ctx.attr_data(attr) {
        AttrData::AffineMap(m) => Ok((attr, m.clone())),
        _ => p.error_at(pos, "expected affine map"),
    }
}

/// Parses `(%d0, ...)[%s0, ...]`, the square part optional; returns the operands and the
/// number of dimension operands.
fn parse_dims_and_symbols(p: &mut OpParser<'_, '_>) -> PResult<(Vec<UnresolvedOperand>, usize)> {
    let mut operands = if p.tok_kind() == TokKind::LParen {
        p.parse_paren_operand_list()?
    } else {
        Vec::new()
    };
    let num_dims = operands.len();
    if p.eat(TokKind::LSquare) {
        operands.extend(p.parse_operand_list()?);
        p.expect(TokKind::RSquare, "]")?;
    }
    Ok((operands, num_dims))
}

/// Prints `(%d0, ...)[%s0, ...]` (the symbol part only when there are symbols).
fn print_dims_and_symbols(p: &mut OpPrinter<'_>, operands: &[Value], num_dims: usize) {
    let num_dims = num_dims.min(operands.len());
    p.write("(");
    p.print_operands(&operands[..num_dims]);
    p.write(")");
    if operands.len() > num_dims {
        p.write("[");
        p.print_operands(&operands[num_dims..]);
        p.write("]");
    }
}

/// Resolves operands as `index` values.
fn resolve_indices(
    p: &mut OpParser<'_, '_>,
    operands: &[UnresolvedOperand],
) -> PResult<Vec<Value>> {
    let index = p.ctx.index_type();
    let mut out = Vec::with_capacity(operands.len());
    p.resolve_operands_into(operands, index, &mut out)?;
    Ok(out)
}

/// Appends an `affine.yield` to `region` unless its last block already ends in a terminator
/// (creating the block when the region is empty).
fn ensure_yield(p: &mut OpParser<'_, '_>, region: Region, loc: Loc) {
    crate::dialects::scf::ensure_terminator(p, region, "affine.yield", false, loc);
}

/// Reports `'op' op msg` and returns false.
fn fail(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>, msg: impl AsRef<str>) -> bool {
    op_error(ctx, op, diags, msg);
    false
}

/// Checks that `operands` operands feed a map of `map`'s dimension and symbol counts.
fn check_map_operands(
    ctx: &Context,
    op: Op,
    map: Option<&AffineMap>,
    operands: usize,
    diags: &mut Vec<Diagnostic>,
    msg: &str,
) -> bool {
    match map {
        Some(m) if (m.num_dims + m.num_symbols) as usize == operands => true,
        Some(_) => fail(ctx, op, diags, msg),
        None => fail(ctx, op, diags, "requires an affine map attribute"),
    }
}

/// Checks that every operand in `range` is an `index`.
fn check_index_operands(
    ctx: &Context,
    op: Op,
    range: std::ops::Range<usize>,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    for i in range {
        let ty = ctx.value_type(ctx.operand(op, i));
        if !matches!(ctx.type_data(ty), TypeData::Index) {
            let msg = format!(
                "operand #{i} must be variadic of index, but got '{}'",
                type_str(ctx, ty)
            );
            return fail(ctx, op, diags, msg);
        }
    }
    true
}

// ----- subscripts: affine expressions over SSA values --------------------------------------

/// The SSA values an affine subscript list refers to, as dimensions or `symbol(...)`s, each
/// with its source text (a value used twice is one dimension).
#[derive(Default)]
struct SsaIds {
    dims: Vec<(String, UnresolvedOperand)>,
    symbols: Vec<(String, UnresolvedOperand)>,
}

impl SsaIds {
    /// The position of `text` in `list`, appending it first if new.
    fn intern(
        list: &mut Vec<(String, UnresolvedOperand)>,
        text: String,
        id: UnresolvedOperand,
    ) -> u32 {
        let i = list
            .iter()
            .position(|(t, _)| *t == text)
            .unwrap_or_else(|| {
                list.push((text, id));
                list.len() - 1
            });
        i as u32
    }
}

/// Parses an SSA use and returns it with its text (`%x#1`).
fn parse_ssa_use(p: &mut OpParser<'_, '_>) -> PResult<(String, UnresolvedOperand)> {
    let text = p.tok_text().to_string();
    let id = p.parse_operand()?;
    Ok((format!("{text}#{}", id.number), id))
}

/// Parses `[expr, ...]` over SSA ids into a map and its operands (dimensions, then symbols).
fn parse_subscripts(p: &mut OpParser<'_, '_>) -> PResult<(AffineMap, Vec<UnresolvedOperand>)> {
    parse_ssa_exprs(p, TokKind::LSquare, TokKind::RSquare)
}

/// Parses a delimited list of affine expressions over SSA ids.
fn parse_ssa_exprs(
    p: &mut OpParser<'_, '_>,
    open: TokKind,
    close: TokKind,
) -> PResult<(AffineMap, Vec<UnresolvedOperand>)> {
    let mut ids = SsaIds::default();
    let results = p.parse_delimited_until(open, close, |p| parse_ssa_expr(p, &mut ids))?;
    // Symbols are numbered after the dimensions in the operand list.
    let map = AffineMap {
        num_dims: ids.dims.len() as u32,
        num_symbols: ids.symbols.len() as u32,
        results,
    };
    let operands = ids
        .dims
        .into_iter()
        .chain(ids.symbols)
        .map(|(_, o)| o)
        .collect();
    Ok((map, operands))
}

fn parse_ssa_expr(p: &mut OpParser<'_, '_>, ids: &mut SsaIds) -> PResult<AffineExpr> {
    let mut lhs = parse_ssa_term(p, ids)?;
    loop {
        if p.eat(TokKind::Plus) {
            let rhs = parse_ssa_term(p, ids)?;
            lhs = affine_add(lhs, rhs);
        } else if p.eat(TokKind::Minus) {
            let rhs = parse_ssa_term(p, ids)?;
            lhs = affine_add(lhs, affine_mul(rhs, AffineExpr::Const(-1)));
        } else {
            return Ok(lhs);
        }
    }
}

fn parse_ssa_term(p: &mut OpParser<'_, '_>, ids: &mut SsaIds) -> PResult<AffineExpr> {
    let mut lhs = parse_ssa_atom(p, ids)?;
    loop {
        let pos = p.cur_pos();
        if p.eat(TokKind::Star) {
            let rhs = parse_ssa_atom(p, ids)?;
            if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                return p.error_at(pos, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic");
            }
            lhs = affine_mul(lhs, rhs);
            continue;
        }
        let Some(kw) = ["floordiv", "ceildiv", "mod"]
            .into_iter()
            .find(|&kw| p.at_keyword(kw))
        else {
            return Ok(lhs);
        };
        p.eat_keyword(kw);
        let rhs = parse_ssa_atom(p, ids)?;
        if !rhs.is_symbolic_or_constant() {
            let msg = format!(
                "non-affine expression: right operand of {kw} has to be either a constant or symbolic"
            );
            return p.error_at(pos, msg);
        }
        let (l, r) = (Box::new(lhs), Box::new(rhs));
        lhs = match kw {
            "floordiv" => AffineExpr::FloorDiv(l, r),
            "ceildiv" => AffineExpr::CeilDiv(l, r),
            _ => AffineExpr::Mod(l, r),
        };
    }
}

fn parse_ssa_atom(p: &mut OpParser<'_, '_>, ids: &mut SsaIds) -> PResult<AffineExpr> {
    match p.tok_kind() {
        TokKind::PercentId => {
            let (text, id) = parse_ssa_use(p)?;
            Ok(AffineExpr::Dim(SsaIds::intern(&mut ids.dims, text, id)))
        }
        TokKind::LParen => {
            p.eat(TokKind::LParen);
            let e = parse_ssa_expr(p, ids)?;
            p.expect(TokKind::RParen, ")")?;
            Ok(e)
        }
        TokKind::Minus => {
            p.eat(TokKind::Minus);
            let e = parse_ssa_atom(p, ids)?;
            Ok(affine_mul(e, AffineExpr::Const(-1)))
        }
        TokKind::Integer => {
            let pos = p.cur_pos();
            let v = p.parse_integer()?;
            match i64::try_from(v) {
                Ok(v) => Ok(AffineExpr::Const(v)),
                Err(_) => p.error_at(pos, "constant too large for affine expression"),
            }
        }
        TokKind::BareId if p.at_keyword("symbol") => {
            p.eat_keyword("symbol");
            p.expect(TokKind::LParen, "(")?;
            let (text, id) = parse_ssa_use(p)?;
            p.expect(TokKind::RParen, ")")?;
            Ok(AffineExpr::Symbol(SsaIds::intern(
                &mut ids.symbols,
                text,
                id,
            )))
        }
        _ => p.error("expected affine expression"),
    }
}

/// Prints `[expr, ...]` of `map` with dimensions and symbols named by `operands`.
fn print_subscripts(p: &mut OpPrinter<'_>, map: &AffineMap, operands: &[Value]) {
    print_ssa_exprs(p, map, operands, ("[", "]"));
}

/// Prints the results of `map` between `delims`, over the names of `operands`.
fn print_ssa_exprs(
    p: &mut OpPrinter<'_>,
    map: &AffineMap,
    operands: &[Value],
    delims: (&str, &str),
) {
    let names: Vec<String> = operands
        .iter()
        .map(|&v| format!("%{}", p.value_name(v).unwrap_or_default()))
        .collect();
    let num_dims = map.num_dims;
    let leaf = |is_symbol: bool, i: u32, s: &mut String| {
        let k = if is_symbol { num_dims + i } else { i } as usize;
        let name = names.get(k).map_or("<<missing>>", String::as_str);
        if is_symbol {
            s.push_str("symbol(");
            s.push_str(name);
            s.push(')');
        } else {
            s.push_str(name);
        }
    };
    p.write(delims.0);
    for (i, e) in map.results.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.write(&affine_expr_text_with(e, &leaf));
    }
    p.write(delims.1);
}

// ----- affine.load / affine.store ----------------------------------------------------------

fn parse_memref_type(p: &mut OpParser<'_, '_>) -> PResult<(Type, Type)> {
    p.expect(TokKind::Colon, ":")?;
    let pos = p.cur_pos();
    let ty = p.parse_type()?;
    match p.ctx.type_data(ty) {
        TypeData::MemRef { elem, .. } => Ok((ty, *elem)),
        _ => p.error_at(pos, "expected memref type"),
    }
}

fn parse_load(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let memref = p.parse_operand()?;
    let (map, indices) = parse_subscripts(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let (ty, elem) = parse_memref_type(p)?;
    let map_attr = p.ctx.attr(AttrData::AffineMap(map));
    add_attr(p, state, "map", map_attr);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.operands.extend(resolve_indices(p, &indices)?);
    state.result_types.push(elem);
    Ok(())
}

fn print_load(p: &mut OpPrinter<'_>, op: Op) {
    p.write(" ");
    print_access(p, op, 0);
}

/// Prints ` %memref[subscripts] {attrs} : type` for the memref at operand `at`.
fn print_access(p: &mut OpPrinter<'_>, op: Op, at: usize) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    let Some(&memref) = operands.get(at) else {
        return;
    };
    p.print_operand(memref);
    if let Some(map) = map_attr(ctx, op, "map") {
        print_subscripts(p, map, &operands[at + 1..]);
    }
    p.print_optional_attr_dict(op, &["map"]);
    p.write(" : ");
    p.print_type(ctx.value_type(memref));
}

fn verify_access(ctx: &Context, op: Op, at: usize, diags: &mut Vec<Diagnostic>) -> Option<Type> {
    let memref = ctx.operands(op).nth(at)?;
    let TypeData::MemRef { shape, elem, .. } = ctx.type_data(ctx.value_type(memref)) else {
        fail(ctx, op, diags, "expects a memref operand");
        return None;
    };
    let map = map_attr(ctx, op, "map");
    if map.is_some_and(|m| m.results.len() != shape.len()) {
        fail(
            ctx,
            op,
            diags,
            "affine map num results must equal memref rank",
        );
        return None;
    }
    let indices = ctx.num_operands(op) - at - 1;
    let msg = "expects as many subscripts as affine map inputs";
    if !check_map_operands(ctx, op, map, indices, diags, msg)
        || !check_index_operands(ctx, op, at + 1..ctx.num_operands(op), diags)
    {
        return None;
    }
    Some(*elem)
}

fn verify_load(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(elem) = verify_access(ctx, op, 0, diags) else {
        return;
    };
    if ctx.results(op).first().map(|&r| ctx.value_type(r)) != Some(elem) {
        fail(
            ctx,
            op,
            diags,
            "result type must match element type of memref",
        );
    }
}

fn parse_store(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let value = p.parse_operand()?;
    p.expect(TokKind::Comma, ",")?;
    let memref = p.parse_operand()?;
    let (map, indices) = parse_subscripts(p)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let (ty, elem) = parse_memref_type(p)?;
    let map_attr = p.ctx.attr(AttrData::AffineMap(map));
    add_attr(p, state, "map", map_attr);
    state.operands.push(p.resolve_operand(&value, elem)?);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.operands.extend(resolve_indices(p, &indices)?);
    Ok(())
}

fn print_store(p: &mut OpPrinter<'_>, op: Op) {
    let Some(value) = p.ctx.operands(op).next() else {
        return;
    };
    p.write(" ");
    p.print_operand(value);
    p.write(", ");
    print_access(p, op, 1);
}

fn verify_store(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(elem) = verify_access(ctx, op, 1, diags) else {
        return;
    };
    if ctx.value_type(ctx.operand(op, 0)) != elem {
        fail(
            ctx,
            op,
            diags,
            "value to store must have the same type as memref element type",
        );
    }
}

// ----- affine.apply / affine.min / affine.max ----------------------------------------------

fn parse_map_op(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let (attr, map) = parse_map(p)?;
    let (operands, num_dims) = parse_dims_and_symbols(p)?;
    let is_apply = p.ctx.registry.def(state.name).name == "affine.apply";
    if is_apply && (map.num_dims as usize != num_dims) {
        return p.custom_error("dimension or symbol index mismatch");
    }
    add_attr(p, state, "map", attr);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    state.operands = resolve_indices(p, &operands)?;
    let index = p.ctx.index_type();
    state.result_types.push(index);
    Ok(())
}

/// Prints ` #map(%d, ...)[%s, ...]` (or `#set...`): attribute `name` applied to the operands.
fn print_applied_attr(p: &mut OpPrinter<'_>, op: Op, name: &str) {
    let ctx = p.ctx;
    let Some(attr) = ctx.get_attr(op, name) else {
        return;
    };
    let num_dims = match ctx.attr_data(attr) {
        AttrData::AffineMap(m) => m.num_dims,
        AttrData::AffineSet(s) => s.num_dims,
        _ => 0,
    };
    p.write(" ");
    p.print_attr(attr);
    print_dims_and_symbols(p, &ctx.operand_array(op), num_dims as usize);
}

fn print_map_op(p: &mut OpPrinter<'_>, op: Op) {
    print_applied_attr(p, op, "map");
    p.print_optional_attr_dict(op, &["map"]);
}

fn verify_map_op(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let map = map_attr(ctx, op, "map");
    let is_apply = ctx.op_name_str(op) == "affine.apply";
    let msg = "operand count and affine map dimension and symbol count must match";
    if !check_map_operands(ctx, op, map, ctx.num_operands(op), diags, msg)
        || !check_index_operands(ctx, op, 0..ctx.num_operands(op), diags)
    {
        return;
    }
    let results = map.map_or(0, |m| m.results.len());
    if is_apply && results != 1 {
        fail(ctx, op, diags, "mapping must produce one value");
    } else if !is_apply && results == 0 {
        fail(ctx, op, diags, "expects map to have at least one result");
    }
}

// ----- affine.for --------------------------------------------------------------------------

/// One parsed loop bound: its map and operands.
struct Bound {
    map: AffineMap,
    attr: Option<Attr>,
    operands: Vec<UnresolvedOperand>,
}

/// Parses a bound: an integer, an SSA symbol, or `[min|max] map(dims)[symbols]`.
fn parse_bound(p: &mut OpParser<'_, '_>, keyword: &str) -> PResult<Bound> {
    if p.tok_kind() == TokKind::PercentId {
        let operand = p.parse_operand()?;
        let map = AffineMap {
            num_dims: 0,
            num_symbols: 1,
            results: vec![AffineExpr::Symbol(0)],
        };
        return Ok(Bound {
            map,
            attr: None,
            operands: vec![operand],
        });
    }
    if matches!(p.tok_kind(), TokKind::Integer | TokKind::Minus) {
        let neg = p.eat(TokKind::Minus);
        let v = p.parse_integer()?;
        let v = i64::try_from(if neg { -v } else { v }).unwrap_or(i64::MAX);
        let map = AffineMap {
            num_dims: 0,
            num_symbols: 0,
            results: vec![AffineExpr::Const(v)],
        };
        return Ok(Bound {
            map,
            attr: None,
            operands: Vec::new(),
        });
    }
    let has_keyword = p.eat_keyword(keyword);
    let pos = p.cur_pos();
    let (attr, map) = parse_map(p)?;
    let (operands, num_dims) = parse_dims_and_symbols(p)?;
    if map.num_dims as usize != num_dims {
        return p.error_at(pos, "dim operand count and affine map dim count must match");
    }
    if (map.num_dims + map.num_symbols) as usize != operands.len() {
        return p.error_at(
            pos,
            "symbol operand count and affine map symbol count must match",
        );
    }
    if map.results.len() > 1 && !has_keyword {
        return p.error_at(
            pos,
            format!("{keyword} prefix required for bound with multiple results"),
        );
    }
    Ok(Bound {
        map,
        attr: Some(attr),
        operands,
    })
}

fn bound_attr(p: &mut OpParser<'_, '_>, bound: &Bound) -> Attr {
    match bound.attr {
        Some(a) => a,
        None => p.ctx.attr(AttrData::AffineMap(bound.map.clone())),
    }
}

fn parse_for(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let iv = p.parse_operand()?;
    p.expect(TokKind::Equal, "=")?;
    let lb = parse_bound(p, "max")?;
    p.expect_keyword("to")?;
    let ub = parse_bound(p, "min")?;
    let index = p.ctx.index_type();
    let mut step = 1;
    if p.eat_keyword("step") {
        let pos = p.cur_pos();
        let neg = p.eat(TokKind::Minus);
        let v = p.parse_integer()?;
        if neg || v > i128::from(i64::MAX) {
            let msg = "expected step to be representable as a positive signed integer";
            return p.custom_error_at(pos, msg);
        }
        step = v;
    }
    let (mut iter_args, mut inits, mut result_types) = (Vec::new(), Vec::new(), Vec::new());
    if p.eat_keyword("iter_args") {
        let pairs = p.parse_delimited_until(TokKind::LParen, TokKind::RParen, |p| {
            let inner = p.parse_operand()?;
            p.expect(TokKind::Equal, "=")?;
            Ok((inner, p.parse_operand()?))
        })?;
        (iter_args, inits) = pairs.into_iter().unzip();
        p.expect(TokKind::Arrow, "->")?;
        result_types = p.parse_function_result_types()?;
        if result_types.len() != iter_args.len() {
            return p.error("mismatch between the number of loop-carried values and results");
        }
    }
    let mut args = vec![ArgDef {
        operand: iv,
        ty: index,
    }];
    args.extend(iter_args.iter().zip(&result_types).map(|(o, &ty)| ArgDef {
        operand: o.clone(),
        ty,
    }));
    let body = p.parse_region(Some(&args))?;
    ensure_yield(p, body, state.loc);
    let (lb_attr, ub_attr) = (bound_attr(p, &lb), bound_attr(p, &ub));
    add_attr(p, state, "lowerBoundMap", lb_attr);
    add_attr(p, state, "upperBoundMap", ub_attr);
    let step_attr = p.ctx.int_attr(step, index);
    add_attr(p, state, "step", step_attr);
    state.operands = resolve_indices(p, &lb.operands)?;
    state.operands.extend(resolve_indices(p, &ub.operands)?);
    for (init, &ty) in inits.iter().zip(&result_types) {
        state.operands.push(p.resolve_operand(init, ty)?);
    }
    let sizes = [lb.operands.len(), ub.operands.len(), inits.len()].map(|n| n as i32);
    set_segments(p, state, &sizes);
    state.result_types = result_types;
    state.regions.push(body);
    p.parse_optional_attr_dict(&mut state.attrs)
}

/// Prints a bound as MLIR does: a constant, a lone symbol operand, or `[prefix] map(...)[...]`.
fn print_bound(p: &mut OpPrinter<'_>, op: Op, attr_name: &str, segment: usize, prefix: &str) {
    let ctx = p.ctx;
    let (Some(attr), Some(map)) = (ctx.get_attr(op, attr_name), map_attr(ctx, op, attr_name))
    else {
        return;
    };
    let operands: SmallVec<[Value; 4]> = for_operand_groups(ctx, op)[segment]
        .clone()
        .map(|i| ctx.operand(op, i))
        .collect();
    if let [expr] = map.results.as_slice() {
        match (map.num_dims, map.num_symbols, expr) {
            (0, 0, AffineExpr::Const(c)) => return p.write_int(*c),
            (0, 1, AffineExpr::Symbol(_)) if operands.len() == 1 => {
                return p.print_operand(operands[0]);
            }
            _ => {}
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    p.print_attr(attr);
    print_dims_and_symbols(p, &operands, map.num_dims as usize);
}

fn print_for(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let args: Vec<Value> = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    let Some(&iv) = args.first() else {
        return;
    };
    p.write(" ");
    p.print_operand(iv);
    p.write(" = ");
    print_bound(p, op, "lowerBoundMap", 0, "max");
    p.write(" to ");
    print_bound(p, op, "upperBoundMap", 1, "min");
    let step = for_step(ctx, op);
    if step != 1 {
        p.write(" step ");
        p.write_int(step);
    }
    let [_, _, init_range] = for_operand_groups(ctx, op);
    let inits: Vec<Value> = init_range.map(|i| ctx.operand(op, i)).collect();
    if !inits.is_empty() {
        p.write(" iter_args(");
        for (i, (&a, &b)) in args[1..].iter().zip(&inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_operand(a);
            p.write(" = ");
            p.print_operand(b);
        }
        p.write(") -> (");
        p.print_types(&types_of(ctx, ctx.results(op)));
        p.write(")");
    }
    p.write(" ");
    if let Some(&body) = ctx.regions(op).first() {
        p.print_region(body, false, !inits.is_empty());
    }
    let elided = [
        "lowerBoundMap",
        "operandSegmentSizes",
        "step",
        "upperBoundMap",
    ];
    p.print_optional_attr_dict(op, &elided);
}

fn verify_for(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let [lbs, ubs, inits] = for_operand_groups(ctx, op);
    let lb_map = map_attr(ctx, op, "lowerBoundMap");
    let ub_map = map_attr(ctx, op, "upperBoundMap");
    if !check_map_operands(
        ctx,
        op,
        lb_map,
        lbs.len(),
        diags,
        "lower bound operand count does not equal affine map dimension and symbol count",
    ) || !check_map_operands(
        ctx,
        op,
        ub_map,
        ubs.len(),
        diags,
        "upper bound operand count does not equal affine map dimension and symbol count",
    ) || !check_index_operands(ctx, op, 0..ubs.end, diags)
    {
        return;
    }
    let args: Vec<Type> = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .map(|b| types_of(ctx, ctx.block_args(b)).to_vec())
        .unwrap_or_default();
    if args
        .first()
        .is_none_or(|&t| !matches!(ctx.type_data(t), TypeData::Index))
    {
        fail(
            ctx,
            op,
            diags,
            "expected body first argument to be an index argument for the induction variable",
        );
        return;
    }
    let init_types: Vec<Type> = inits.map(|i| ctx.value_type(ctx.operand(op, i))).collect();
    let results = types_of(ctx, ctx.results(op));
    if init_types.len() != results.len() || args.len() != init_types.len() + 1 {
        fail(
            ctx,
            op,
            diags,
            "mismatch between the number of loop-carried values and results",
        );
        return;
    }
    if init_types.as_slice() != &args[1..] || init_types.as_slice() != results.as_slice() {
        fail(
            ctx,
            op,
            diags,
            "types mismatch between iter operands and defined values",
        );
    }
}

// ----- affine.if ---------------------------------------------------------------------------

fn parse_if(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let pos = p.cur_pos();
    let set_attr_value = p.parse_attribute()?;
    let set = match p.ctx.attr_data(set_attr_value) {
        AttrData::AffineSet(s) => s.clone(),
        _ => return p.error_at(pos, "expected integer set"),
    };
    let (operands, num_dims) = parse_dims_and_symbols(p)?;
    if set.num_dims as usize != num_dims {
        return p.error_at(
            pos,
            "dim operand count and integer set dim count must match",
        );
    }
    if (set.num_dims + set.num_symbols) as usize != operands.len() {
        return p.error_at(
            pos,
            "symbol operand count and integer set symbol count must match",
        );
    }
    add_attr(p, state, "condition", set_attr_value);
    state.operands = resolve_indices(p, &operands)?;
    if p.eat(TokKind::Arrow) {
        state.result_types = p.parse_function_result_types()?;
    }
    let then_region = p.parse_region(None)?;
    ensure_yield(p, then_region, state.loc);
    let else_region = if p.eat_keyword("else") {
        let r = p.parse_region(None)?;
        ensure_yield(p, r, state.loc);
        r
    } else {
        p.ctx.create_region()
    };
    state.regions = vec![then_region, else_region];
    p.parse_optional_attr_dict(&mut state.attrs)
}

fn print_if(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    print_applied_attr(p, op, "condition");
    let results = types_of(ctx, ctx.results(op));
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_type_list(&results);
    }
    let with_terminators = !results.is_empty();
    if let Some(&then_region) = ctx.regions(op).first() {
        p.write(" ");
        p.print_region(then_region, false, with_terminators);
    }
    if let Some(&else_region) = ctx.regions(op).get(1)
        && ctx.entry_block(else_region).is_some()
    {
        p.write(" else ");
        p.print_region(else_region, false, with_terminators);
    }
    p.print_optional_attr_dict(op, &["condition"]);
}

fn verify_if(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(set) = set_attr(ctx, op, "condition") else {
        fail(
            ctx,
            op,
            diags,
            "requires an integer set attribute named 'condition'",
        );
        return;
    };
    if (set.num_dims + set.num_symbols) as usize != ctx.num_operands(op) {
        fail(
            ctx,
            op,
            diags,
            "operand count and condition integer set dimension and symbol count must match",
        );
        return;
    }
    if !check_index_operands(ctx, op, 0..ctx.num_operands(op), diags) {
        return;
    }
    // The yields are checked by their own verifier; without an else region, the op's results
    // must come from nowhere, which MLIR's region-branch verifier reports.
    let else_empty = ctx
        .regions(op)
        .get(1)
        .is_none_or(|&r| ctx.entry_block(r).is_none());
    if else_empty && !ctx.results(op).is_empty() {
        crate::dialects::scf::verify_region_branch_types(ctx, op, diags);
    }
}

// ----- affine.parallel ---------------------------------------------------------------------

/// The reduction kinds of `affine.parallel`, in `arith::AtomicRMWKind` order.
pub const REDUCTION_KINDS: &[&str] = &[
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf",
    "muli", "ori", "andi", "maxnumf", "minnumf",
];

/// Parses `(c, ...)` of positive integer steps.
fn parse_steps(p: &mut OpParser<'_, '_>) -> PResult<Vec<i64>> {
    p.parse_delimited_until(TokKind::LParen, TokKind::RParen, |p| {
        let pos = p.cur_pos();
        let v = p.parse_integer()?;
        match i64::try_from(v) {
            Ok(v) if v > 0 => Ok(v),
            _ => p.error_at(pos, "steps must be positive integers"),
        }
    })
}

fn dense_i32_groups(p: &mut OpParser<'_, '_>, n: usize) -> Attr {
    let i32_type = p.ctx.int_type(32);
    let tensor = p.ctx.ty(TypeData::Tensor {
        shape: vec![n as i64],
        elem: i32_type,
        encoding: None,
    });
    p.ctx.attr(AttrData::DenseElements {
        literal: "1".into(),
        ty: tensor,
    })
}

fn parse_parallel(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let ivs = p.parse_paren_operand_list()?;
    p.expect(TokKind::Equal, "=")?;
    let (lb_map, lb_operands) = parse_ssa_exprs(p, TokKind::LParen, TokKind::RParen)?;
    p.expect_keyword("to")?;
    let (ub_map, ub_operands) = parse_ssa_exprs(p, TokKind::LParen, TokKind::RParen)?;
    let n = ivs.len();
    if lb_map.results.len() != n || ub_map.results.len() != n {
        return p.error("expected as many bounds as induction variables");
    }
    let mut steps = vec![1i64; n];
    if p.eat_keyword("step") {
        steps = parse_steps(p)?;
        if steps.len() != n {
            return p.error("expected as many steps as induction variables");
        }
    }
    let mut reductions = Vec::new();
    if p.eat_keyword("reduce") {
        let names = p.parse_delimited_until(TokKind::LParen, TokKind::RParen, |p| {
            let pos = p.cur_pos();
            let attr = p.parse_string_attr()?;
            match p.ctx.attr_data(attr) {
                AttrData::String(s) => match REDUCTION_KINDS.iter().position(|k| k == s) {
                    Some(i) => Ok(i),
                    None => p.error_at(pos, format!("invalid reduction value: \"{s}\"")),
                },
                _ => p.error_at(pos, "expected a reduction kind"),
            }
        })?;
        reductions = names;
        p.expect(TokKind::Arrow, "->")?;
        state.result_types = p.parse_function_result_types()?;
    }
    let index = p.ctx.index_type();
    let args: Vec<ArgDef> = ivs
        .iter()
        .map(|o| ArgDef {
            operand: o.clone(),
            ty: index,
        })
        .collect();
    let body = p.parse_region(Some(&args))?;
    ensure_yield(p, body, state.loc);
    let attrs: [(&str, AttrData); 2] = [
        ("lowerBoundsMap", AttrData::AffineMap(lb_map)),
        ("upperBoundsMap", AttrData::AffineMap(ub_map)),
    ];
    for (name, data) in attrs {
        let a = p.ctx.attr(data);
        add_attr(p, state, name, a);
    }
    let groups = dense_i32_groups(p, n);
    add_attr(p, state, "lowerBoundsGroups", groups);
    add_attr(p, state, "upperBoundsGroups", groups);
    let i64_type = p.ctx.int_type(64);
    let step_items = steps
        .iter()
        .map(|&s| p.ctx.int_attr(i128::from(s), i64_type))
        .collect();
    let steps_attr = p.ctx.attr(AttrData::Array(step_items));
    add_attr(p, state, "steps", steps_attr);
    let kinds = reductions
        .iter()
        .map(|&k| p.ctx.int_attr(k as i128, i64_type))
        .collect();
    let kinds_attr = p.ctx.attr(AttrData::Array(kinds));
    add_attr(p, state, "reductions", kinds_attr);
    state.operands = resolve_indices(p, &lb_operands)?;
    state.operands.extend(resolve_indices(p, &ub_operands)?);
    state.regions.push(body);
    p.parse_optional_attr_dict(&mut state.attrs)
}

/// The integers of an array attribute.
pub fn int_array(ctx: &Context, op: Op, name: &str) -> Vec<i64> {
    match ctx.get_attr(op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items
            .iter()
            .filter_map(|&a| match ctx.attr_data(a) {
                AttrData::Integer { value, .. } => Some(*value as i64),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn print_parallel(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let args: Vec<Value> = ctx
        .regions(op)
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" (");
    p.print_operands(&args);
    p.write(") =");
    let operands = ctx.operand_array(op);
    let (Some(lbs), Some(ubs)) = (
        map_attr(ctx, op, "lowerBoundsMap"),
        map_attr(ctx, op, "upperBoundsMap"),
    ) else {
        return;
    };
    let num_lb_operands = ((lbs.num_dims + lbs.num_symbols) as usize).min(operands.len());
    p.write(" ");
    print_ssa_exprs(p, lbs, &operands[..num_lb_operands], ("(", ")"));
    p.write(" to ");
    print_ssa_exprs(p, ubs, &operands[num_lb_operands..], ("(", ")"));
    let steps = int_array(ctx, op, "steps");
    if steps.iter().any(|&s| s != 1) {
        p.write(" step (");
        p.write(
            &steps
                .iter()
                .map(i64::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        );
        p.write(")");
    }
    let kinds = int_array(ctx, op, "reductions");
    if !kinds.is_empty() {
        p.write(" reduce (");
        let names: Vec<String> = kinds
            .iter()
            .map(|&k| format!("\"{}\"", REDUCTION_KINDS.get(k as usize).unwrap_or(&"?")))
            .collect();
        p.write(&names.join(", "));
        p.write(") -> (");
        p.print_types(&types_of(ctx, ctx.results(op)));
        p.write(")");
    }
    p.write(" ");
    if let Some(&body) = ctx.regions(op).first() {
        p.print_region(body, false, !ctx.results(op).is_empty());
    }
    let elided = [
        "lowerBoundsGroups",
        "lowerBoundsMap",
        "reductions",
        "steps",
        "upperBoundsGroups",
        "upperBoundsMap",
    ];
    p.print_optional_attr_dict(op, &elided);
}

fn verify_parallel(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let (Some(lbs), Some(ubs)) = (
        map_attr(ctx, op, "lowerBoundsMap"),
        map_attr(ctx, op, "upperBoundsMap"),
    ) else {
        fail(ctx, op, diags, "requires lowerBoundsMap and upperBoundsMap");
        return;
    };
    let inputs = |m: &AffineMap| (m.num_dims + m.num_symbols) as usize;
    if inputs(lbs) + inputs(ubs) != ctx.num_operands(op) {
        fail(
            ctx,
            op,
            diags,
            "expects as many operands as the bound maps have inputs",
        );
        return;
    }
    let dims = entry_arg_count(ctx, op);
    let steps = int_array(ctx, op, "steps").len();
    if lbs.results.len() != dims || ubs.results.len() != dims || steps != dims {
        fail(
            ctx,
            op,
            diags,
            "region argument count and num results of upper bounds, lower bounds, and steps must all match",
        );
        return;
    }
    if int_array(ctx, op, "reductions").len() != ctx.results(op).len() {
        fail(
            ctx,
            op,
            diags,
            "a reduction must be specified for each output",
        );
    }
}

// ----- affine.yield ------------------------------------------------------------------------

fn verify_yield(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(parent) = ctx.parent_op(op) else {
        return;
    };
    let parent_name = ctx.op_name_str(parent);
    if !matches!(parent_name, "affine.for" | "affine.if" | "affine.parallel") {
        fail(
            ctx,
            op,
            diags,
            "expects parent op to be one of 'affine.for, affine.if, affine.parallel'",
        );
        return;
    }
    let results = types_of(ctx, ctx.results(parent));
    let operands = types_of(ctx, &ctx.operand_array(op));
    if results.len() != operands.len() {
        let msg = "parent of yield must have same number of results as the yield operands";
        fail(ctx, op, diags, msg);
        return;
    }
    if parent_name != "affine.parallel" && results != operands {
        fail(
            ctx,
            op,
            diags,
            "types mismatch between yield op and its parent",
        );
    }
}

/// How many regions, results, successors and operands each op has (as `mlir-opt-22` checks
/// them), declared for the verifier's count check. `affine.for`'s operands are its bound
/// operands then its inits; MLIR also sizes them with `operandSegmentSizes`, which we do not
/// require (the deallocation passes append inits).
pub(crate) const COUNTS: &[(&str, OpCounts)] = &[
    ("affine.apply", OpCounts::new(Exactly(1), Any)),
    ("affine.for", OpCounts::new(Any, Any).regions(Exactly(1))),
    ("affine.if", OpCounts::new(Any, Any).regions(Exactly(2))),
    ("affine.load", OpCounts::new(Exactly(1), AtLeast(1))),
    ("affine.max", OpCounts::new(Exactly(1), Any)),
    ("affine.min", OpCounts::new(Exactly(1), Any)),
    (
        "affine.parallel",
        OpCounts::new(Any, Any).regions(Exactly(1)),
    ),
    ("affine.store", OpCounts::new(Exactly(0), AtLeast(2))),
    ("affine.yield", OpCounts::new(Exactly(0), Any)),
];
