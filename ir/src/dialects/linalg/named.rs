//! The named structured ops: their definitions (maps and body), syntax and verifier.
//!
//! A named op's body is implicit: the parser builds it (as MLIR's region builders do), so the
//! op holds the same region `linalg.generic` would, the generic form prints it, and the
//! interpreter runs every structured op the same way. Forms:
//!
//! - `linalg.fill`, `copy`, `add`, `sub`, `mul`, `div`, `max`, `min`, `negf`, the float
//!   functions `exp`, `log`, `abs`, `ceil`, `floor`, `round`, `sqrt`, `rsqrt`, `tanh`, `erf`,
//!   `powf` (bodies of `math` ops), `matmul`,
//!   `batch_matmul`, `matvec`, `vecmat`, `dot`, `conv_2d_nhwc_hwcf` and `conv_2d_nchw_fchw` (`strides`, `dilations`):
//!   `[{attrs}] ins(...) outs(...) [{attrs}] [-> types]`
//!   (`matmul` and `batch_matmul` keep their maps as the `indexing_maps` property and print
//!   them only when they differ from the default).
//! - `linalg.elementwise kind=#linalg.elementwise_kind<...> [indexing_maps = [...]] ...` with
//!   the kinds made of `arith` and float `math` ops.
//! - `linalg.transpose ... permutation = [...]` and `linalg.broadcast ... dimensions = [...]`.
//! - `linalg.map` and `linalg.reduce ... dimensions = [...]`, with an explicit body
//!   `(%in: f32, %init: f32) { ... }` or the short form `{ arith.addf }` naming a single payload
//!   op (applied to the inputs for `map`, to the inits then the inputs for `reduce`).
//!
//! Bodies are built for signless integer, index and float elements of one type; other element
//! types are rejected with an error.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{ArgDef, OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::builder::{Builder, InsertPoint};
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{add_attr, dense_array, op_error, set_segments};
use crate::entity::{Attr, Block, Op, Region, Type, Value};
use crate::registry::{OpDef, Registry};
use crate::types::TypeData;

use super::maps::{self, Pattern};
use super::operands::{
    element_type, parse_ins_outs, parse_optional_results, print_ins_outs, print_results,
    verify_structured,
};

/// What a named op's body computes from its element arguments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Payload {
    /// Yields the first argument (`fill`, `copy`, `transpose`, `broadcast`).
    Input,
    /// Yields a binary arith op of the two inputs.
    Binary(Binary),
    /// Yields a unary float op (`arith.negf`, `math.exp`, ...) of the input.
    UnaryF(&'static str),
    /// Yields a binary float op (`math.powf`) of the two inputs.
    BinaryF(&'static str),
    /// Yields `out + lhs * rhs` (the contractions).
    MulAdd,
    /// The body is written out (`map`, `reduce`).
    Explicit,
}

/// The element-wise binary ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Binary {
    /// `addf` / `addi`.
    Add,
    /// `subf` / `subi`.
    Sub,
    /// `mulf` / `muli`.
    Mul,
    /// `divf` / `divsi`.
    Div,
    /// `maximumf` / `maxsi`.
    Max,
    /// `minimumf` / `minsi`.
    Min,
}

/// The custom syntax of a named op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Syntax {
    /// `ins(...) outs(...) [-> types]`.
    InsOuts,
    /// `... permutation = [...]`.
    Permutation,
    /// `... dimensions = [...]`.
    Dimensions,
    /// `linalg.reduce`.
    Reduce,
    /// `linalg.map`.
    Map,
    /// `linalg.elementwise kind=#linalg.elementwise_kind<...> [indexing_maps = [...]] ...`.
    Elementwise,
}

/// The definition of one named op.
#[derive(Clone, Copy, Debug)]
pub struct NamedSpec {
    /// The op name.
    pub name: &'static str,
    /// How its loops index its operands.
    pub pattern: Pattern,
    /// Its body.
    pub payload: Payload,
    syntax: Syntax,
}

const fn named(name: &'static str, pattern: Pattern, payload: Payload) -> NamedSpec {
    NamedSpec {
        name,
        pattern,
        payload,
        syntax: Syntax::InsOuts,
    }
}

const fn special(
    name: &'static str,
    pattern: Pattern,
    payload: Payload,
    syntax: Syntax,
) -> NamedSpec {
    NamedSpec {
        name,
        pattern,
        payload,
        syntax,
    }
}

/// Every named op we know.
const NAMED: &[NamedSpec] = &[
    named("linalg.fill", Pattern::Fill, Payload::Input),
    named("linalg.copy", Pattern::Elementwise, Payload::Input),
    named(
        "linalg.add",
        Pattern::Elementwise,
        Payload::Binary(Binary::Add),
    ),
    named(
        "linalg.sub",
        Pattern::Elementwise,
        Payload::Binary(Binary::Sub),
    ),
    named(
        "linalg.mul",
        Pattern::Elementwise,
        Payload::Binary(Binary::Mul),
    ),
    named(
        "linalg.div",
        Pattern::Elementwise,
        Payload::Binary(Binary::Div),
    ),
    named(
        "linalg.max",
        Pattern::Elementwise,
        Payload::Binary(Binary::Max),
    ),
    named(
        "linalg.min",
        Pattern::Elementwise,
        Payload::Binary(Binary::Min),
    ),
    named(
        "linalg.negf",
        Pattern::Elementwise,
        Payload::UnaryF("arith.negf"),
    ),
    named(
        "linalg.exp",
        Pattern::Elementwise,
        Payload::UnaryF("math.exp"),
    ),
    named(
        "linalg.log",
        Pattern::Elementwise,
        Payload::UnaryF("math.log"),
    ),
    named(
        "linalg.abs",
        Pattern::Elementwise,
        Payload::UnaryF("math.absf"),
    ),
    named(
        "linalg.ceil",
        Pattern::Elementwise,
        Payload::UnaryF("math.ceil"),
    ),
    named(
        "linalg.floor",
        Pattern::Elementwise,
        Payload::UnaryF("math.floor"),
    ),
    named(
        "linalg.round",
        Pattern::Elementwise,
        Payload::UnaryF("math.round"),
    ),
    named(
        "linalg.sqrt",
        Pattern::Elementwise,
        Payload::UnaryF("math.sqrt"),
    ),
    named(
        "linalg.rsqrt",
        Pattern::Elementwise,
        Payload::UnaryF("math.rsqrt"),
    ),
    named(
        "linalg.tanh",
        Pattern::Elementwise,
        Payload::UnaryF("math.tanh"),
    ),
    named(
        "linalg.erf",
        Pattern::Elementwise,
        Payload::UnaryF("math.erf"),
    ),
    named(
        "linalg.powf",
        Pattern::Elementwise,
        Payload::BinaryF("math.powf"),
    ),
    named("linalg.matmul", Pattern::Matmul, Payload::MulAdd),
    named("linalg.batch_matmul", Pattern::BatchMatmul, Payload::MulAdd),
    named("linalg.matvec", Pattern::Matvec, Payload::MulAdd),
    named("linalg.vecmat", Pattern::Vecmat, Payload::MulAdd),
    named("linalg.dot", Pattern::Dot, Payload::MulAdd),
    named(
        "linalg.conv_2d_nhwc_hwcf",
        Pattern::Conv2DNhwcHwcf,
        Payload::MulAdd,
    ),
    named(
        "linalg.conv_2d_nchw_fchw",
        Pattern::Conv2DNchwFchw,
        Payload::MulAdd,
    ),
    special(
        "linalg.transpose",
        Pattern::Transpose,
        Payload::Input,
        Syntax::Permutation,
    ),
    special(
        "linalg.broadcast",
        Pattern::Broadcast,
        Payload::Input,
        Syntax::Dimensions,
    ),
    special(
        "linalg.reduce",
        Pattern::Reduce,
        Payload::Explicit,
        Syntax::Reduce,
    ),
    special(
        "linalg.map",
        Pattern::Elementwise,
        Payload::Explicit,
        Syntax::Map,
    ),
    special(
        "linalg.elementwise",
        Pattern::Elementwise,
        Payload::Explicit,
        Syntax::Elementwise,
    ),
];

/// The definition of the named op `name`, if it is one.
pub fn spec(name: &str) -> Option<&'static NamedSpec> {
    NAMED.iter().find(|s| s.name == name)
}

/// Whether the op keeps its indexing maps as a property.
fn has_maps_property(spec: &NamedSpec) -> bool {
    matches!(spec.pattern, Pattern::Matmul | Pattern::BatchMatmul)
}

pub(super) fn register(reg: &mut Registry) {
    for spec in NAMED {
        let mut def: OpDef = super::structured_def(spec.name);
        def.verify = Some(verify_named);
        match spec.syntax {
            Syntax::InsOuts => {
                def.inherent_attrs = if has_maps_property(spec) {
                    &["indexing_maps", "operandSegmentSizes"]
                } else if spec.pattern.is_conv() {
                    &["dilations", "operandSegmentSizes", "strides"]
                } else {
                    &["operandSegmentSizes"]
                };
                def.parse = Some(parse_ins_outs_op);
                def.print = Some(print_ins_outs_op);
            }
            Syntax::Permutation => {
                def.inherent_attrs = &["permutation"];
                def.parse = Some(parse_transpose);
                def.print = Some(print_transpose);
                def.name_hint = Some(|_, _, hints| hints.push("transposed".into()));
            }
            Syntax::Dimensions => {
                def.inherent_attrs = &["dimensions"];
                def.parse = Some(parse_broadcast);
                def.print = Some(print_broadcast);
                def.name_hint = Some(|_, _, hints| hints.push("broadcasted".into()));
            }
            Syntax::Reduce => {
                def.inherent_attrs = &["dimensions"];
                def.parse = Some(parse_reduce);
                def.print = Some(print_reduce);
                def.name_hint = Some(|_, _, hints| hints.push("reduced".into()));
            }
            Syntax::Elementwise => {
                def.inherent_attrs = &ELEMENTWISE_PROPERTIES;
                def.parse = Some(parse_elementwise);
                def.print = Some(print_elementwise);
            }
            Syntax::Map => {
                def.parse = Some(parse_map);
                def.print = Some(print_map);
                def.name_hint = Some(|_, _, hints| hints.push("mapped".into()));
            }
        }
        reg.register(def);
    }
}

/// The definition of the op being parsed.
fn spec_of(p: &OpParser<'_, '_>, state: &OpState) -> &'static NamedSpec {
    let name = p.ctx.registry.def(state.name).name.as_str();
    spec(name).unwrap_or(&NAMED[0])
}

// ----- bodies ---------------------------------------------------------------------------------

/// A new region with one block whose arguments are the element types of `operands`.
fn body_region(ctx: &mut Context, operands: &[Value]) -> (Region, Block) {
    let region = ctx.create_region();
    let block = ctx.create_block();
    for &v in operands {
        let ty = element_type(ctx, ctx.value_type(v));
        ctx.add_block_arg(block, ty);
    }
    ctx.append_block(region, block);
    (region, block)
}

/// The flag properties an arith op built without them gets (`fastmath<none>`,
/// `overflow<none>`), as its builders set them.
fn default_flags(ctx: &mut Context, name: &str) -> Vec<(&'static str, Attr)> {
    let inherent = ctx
        .registry
        .lookup(name)
        .map(|n| ctx.registry.def(n).inherent_attrs)
        .unwrap_or_default();
    let mut flags = Vec::new();
    if inherent.contains(&"fastmath") && !matches!(name, "arith.extf" | "arith.truncf") {
        let none = ctx.attr(AttrData::Opaque("arith.fastmath<none>".into()));
        flags.push(("fastmath", none));
    }
    if inherent.contains(&"overflowFlags") {
        let none = ctx.attr(AttrData::Opaque("arith.overflow<none>".into()));
        flags.push(("overflowFlags", none));
    }
    flags
}

/// The arith op computing `kind` on elements of type `ty`, if there is one.
fn binary_op_name(ctx: &Context, kind: Binary, ty: Type) -> Option<&'static str> {
    let float = match ctx.type_data(ty) {
        TypeData::Float(_) => true,
        TypeData::Integer { .. } | TypeData::Index => false,
        _ => return None,
    };
    Some(match (kind, float) {
        (Binary::Add, true) => "arith.addf",
        (Binary::Add, false) => "arith.addi",
        (Binary::Sub, true) => "arith.subf",
        (Binary::Sub, false) => "arith.subi",
        (Binary::Mul, true) => "arith.mulf",
        (Binary::Mul, false) => "arith.muli",
        (Binary::Div, true) => "arith.divf",
        (Binary::Div, false) => "arith.divsi",
        (Binary::Max, true) => "arith.maximumf",
        (Binary::Max, false) => "arith.maxsi",
        (Binary::Min, true) => "arith.minimumf",
        (Binary::Min, false) => "arith.minsi",
    })
}

/// Builds `name(operands) : ty` with its default flags and `extra` attributes at the end of
/// the builder's block; returns its result.
fn build_payload(
    b: &mut Builder<'_>,
    name: &str,
    operands: &[Value],
    ty: Type,
    extra: &[(Attr, Attr)],
) -> Value {
    let mut attrs = default_flags(b.ctx(), name);
    let mut state = b.state(name);
    state.operands = operands.to_vec();
    state.result_types.push(ty);
    for (attr_name, value) in attrs.drain(..) {
        let sym = b.ctx().sym(attr_name);
        state.attrs.push((sym, value));
    }
    for &(name_attr, value) in extra {
        let AttrData::String(attr_name) = b.attr_data(name_attr).clone() else {
            continue;
        };
        let sym = b.ctx().sym(&attr_name);
        state.attrs.retain(|(n, _)| *n != sym);
        state.attrs.push((sym, value));
    }
    state
        .attrs
        .sort_by(|x, y| b.sym_str(x.0).cmp(b.sym_str(y.0)));
    let op = b.create(state);
    b.result_of(op, 0)
}

/// Builds the implicit body of a named op over the operands already in `state`.
fn build_implicit_body(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    payload: Payload,
    pos: usize,
) -> PResult<()> {
    let (region, block) = body_region(p.ctx, &state.operands);
    let args = p.ctx.block_args(block).to_vec();
    let types: Vec<Type> = args.iter().map(|&a| p.ctx.value_type(a)).collect();
    let needed = match payload {
        Payload::Input | Payload::UnaryF(_) => 2,
        Payload::Binary(_) | Payload::BinaryF(_) | Payload::MulAdd => 3,
        Payload::Explicit => return Ok(()),
    };
    let op_name = p.ctx.registry.def(state.name).name.clone();
    if args.len() != needed {
        let msg = format!(
            "[parseNamedStructuredOpRegion] ods-gen generated region expects {needed} args, got {}",
            args.len()
        );
        return p.custom_error(msg);
    }
    if types.iter().any(|&t| t != types[needed - 1]) && payload != Payload::Input {
        let msg = format!("'{op_name}' with mixed element types is not supported");
        return p.error_at(pos, msg);
    }
    let out_ty = types[needed - 1];
    let loc = state.loc;
    let mut b = Builder::new(p.ctx, InsertPoint::End(block), loc);
    let binary = |b: &mut Builder<'_>, kind, lhs, rhs| {
        binary_op_name(b, kind, out_ty).map(|name| build_payload(b, name, &[lhs, rhs], out_ty, &[]))
    };
    let yielded = match payload {
        Payload::Input | Payload::Explicit => Some(args[0]),
        Payload::Binary(kind) => binary(&mut b, kind, args[0], args[1]),
        Payload::UnaryF(name) => matches!(b.type_data(out_ty), TypeData::Float(_))
            .then(|| build_payload(&mut b, name, &[args[0]], out_ty, &[])),
        Payload::BinaryF(name) => matches!(b.type_data(out_ty), TypeData::Float(_))
            .then(|| build_payload(&mut b, name, &[args[0], args[1]], out_ty, &[])),
        Payload::MulAdd => binary(&mut b, Binary::Mul, args[0], args[1])
            .and_then(|product| binary(&mut b, Binary::Add, args[2], product)),
    };
    let Some(yielded) = yielded else {
        let msg = format!(
            "'{op_name}' is not supported on elements of type '{}'",
            p.type_str(out_ty)
        );
        return p.error_at(pos, msg);
    };
    let mut b = Builder::new(p.ctx, InsertPoint::End(block), loc);
    b.build_op("linalg.yield", &[yielded], &[], &[], Vec::new());
    state.regions.push(region);
    Ok(())
}

// ----- ins(...) outs(...) ops -----------------------------------------------------------------

fn parse_ins_outs_op(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let spec = spec_of(p, state);
    if has_maps_property(spec) && p.eat_keyword("indexing_maps") {
        p.expect(TokKind::Equal, "=")?;
        let maps = p.parse_attribute()?;
        add_attr(p, state, "indexing_maps", maps);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let pos = p.cur_pos();
    let (inputs, outputs) = parse_ins_outs(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    parse_optional_results(p, state)?;
    set_segments(p, state, &[inputs as i32, outputs as i32]);
    if memoizes_maps(spec) {
        let ranks: Vec<usize> = state
            .operands
            .iter()
            .map(|&v| maps::rank(p.ctx, p.ctx.value_type(v)))
            .collect();
        let attr_named = |name: &str| {
            state
                .attrs
                .iter()
                .find(|(n, _)| p.ctx.sym_str(*n) == name)
                .map(|&(_, a)| a)
        };
        let params = match spec.pattern {
            pattern if pattern.is_conv() => {
                maps::conv_params(p.ctx, attr_named("strides"), attr_named("dilations"))
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        let derived = maps::pattern_maps(spec.pattern, &ranks, &params).unwrap_or_default();
        let attr = maps_attr(p.ctx, derived);
        add_attr(p, state, MEMOIZED_MAPS, attr);
    }
    if has_maps_property(spec)
        && !state
            .attrs
            .iter()
            .any(|(n, _)| p.ctx.sym_str(*n) == "indexing_maps")
    {
        let maps = default_maps_attr(p.ctx, spec.pattern);
        add_attr(p, state, "indexing_maps", maps);
    }
    build_implicit_body(p, state, spec.payload, pos)
}

/// The `indexing_maps` property a contraction gets by default.
fn default_maps_attr(ctx: &mut Context, pattern: Pattern) -> Attr {
    let ranks: &[usize] = match pattern {
        Pattern::BatchMatmul => &[3, 3, 3],
        _ => &[2, 2, 2],
    };
    let maps = maps::pattern_maps(pattern, ranks, &[]).unwrap_or_default();
    maps_attr(ctx, maps)
}

/// An array attribute of affine maps.
fn maps_attr(ctx: &mut Context, maps: Vec<crate::attrs::AffineMap>) -> Attr {
    let items = maps
        .into_iter()
        .map(|m| ctx.attr(AttrData::AffineMap(m)))
        .collect();
    ctx.attr(AttrData::Array(items))
}

/// The discardable attribute in which MLIR's verifier caches the maps of the ops generated
/// from its YAML definitions (the generic form shows it).
const MEMOIZED_MAPS: &str = "linalg.memoized_indexing_maps";

/// Whether MLIR caches the op's maps in [`MEMOIZED_MAPS`].
fn memoizes_maps(spec: &NamedSpec) -> bool {
    matches!(
        spec.pattern,
        Pattern::Matvec
            | Pattern::Vecmat
            | Pattern::Dot
            | Pattern::Conv2DNhwcHwcf
            | Pattern::Conv2DNchwFchw
    )
}

fn print_ins_outs_op(p: &mut OpPrinter<'_>, op: Op) {
    let mut elided = vec!["operandSegmentSizes", MEMOIZED_MAPS];
    if let Some(spec) = spec(p.ctx.op_name_str(op))
        && has_maps_property(spec)
        && let Some(maps) = p.ctx.get_attr(op, "indexing_maps")
    {
        elided.push("indexing_maps");
        let ranks = [2, 2, 2, 2].map(|r| r + usize::from(spec.pattern == Pattern::BatchMatmul));
        let default = maps::pattern_maps(spec.pattern, &ranks[..3], &[]);
        let current = maps::indexing_maps(p.ctx, op);
        if current != default {
            p.write(" indexing_maps = ");
            p.print_attr(maps);
        }
    }
    p.print_optional_attr_dict(op, &elided);
    print_ins_outs(p, op);
    print_results(p, op);
}

// ----- elementwise ----------------------------------------------------------------------------

/// The properties of `linalg.elementwise`.
const ELEMENTWISE_PROPERTIES: [&str; 3] = ["indexing_maps", "kind", "operandSegmentSizes"];

/// The body a `#linalg.elementwise_kind<...>` stands for, for the kinds made of `arith` and
/// float `math` ops.
fn elementwise_payload(data: &AttrData) -> Option<Payload> {
    let AttrData::Opaque(text) = data else {
        return None;
    };
    let kind = text
        .strip_prefix("linalg.elementwise_kind<")?
        .strip_suffix('>')?;
    Some(match kind {
        "add" => Payload::Binary(Binary::Add),
        "sub" => Payload::Binary(Binary::Sub),
        "mul" => Payload::Binary(Binary::Mul),
        "div" => Payload::Binary(Binary::Div),
        "max_signed" => Payload::Binary(Binary::Max),
        "min_signed" => Payload::Binary(Binary::Min),
        "negf" => Payload::UnaryF("arith.negf"),
        "exp" => Payload::UnaryF("math.exp"),
        "log" => Payload::UnaryF("math.log"),
        "abs" => Payload::UnaryF("math.absf"),
        "ceil" => Payload::UnaryF("math.ceil"),
        "floor" => Payload::UnaryF("math.floor"),
        "round" => Payload::UnaryF("math.round"),
        "sqrt" => Payload::UnaryF("math.sqrt"),
        "rsqrt" => Payload::UnaryF("math.rsqrt"),
        "tanh" => Payload::UnaryF("math.tanh"),
        "erf" => Payload::UnaryF("math.erf"),
        "powf" => Payload::BinaryF("math.powf"),
        _ => return None,
    })
}

/// The identity maps an element-wise op over `operands` gets by default.
fn identity_maps(ctx: &Context, operands: &[Value]) -> Option<Vec<crate::attrs::AffineMap>> {
    let ranks: Vec<usize> = operands
        .iter()
        .map(|&v| maps::rank(ctx, ctx.value_type(v)))
        .collect();
    maps::pattern_maps(Pattern::Elementwise, &ranks, &[])
}

fn parse_elementwise(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    p.expect_keyword("kind")?;
    p.expect(TokKind::Equal, "=")?;
    let kind_pos = p.cur_pos();
    let kind = p.parse_attribute()?;
    let Some(payload) = elementwise_payload(p.ctx.attr_data(kind)) else {
        return p.error_at(
            kind_pos,
            "only the elementwise kinds add, sub, mul, div, max_signed, min_signed and negf are supported",
        );
    };
    add_attr(p, state, "kind", kind);
    if p.eat_keyword("indexing_maps") {
        p.expect(TokKind::Equal, "=")?;
        let maps = p.parse_attribute()?;
        add_attr(p, state, "indexing_maps", maps);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let pos = p.cur_pos();
    let (inputs, outputs) = parse_ins_outs(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    parse_optional_results(p, state)?;
    set_segments(p, state, &[inputs as i32, outputs as i32]);
    let has_maps = state
        .attrs
        .iter()
        .any(|(n, _)| p.ctx.sym_str(*n) == "indexing_maps");
    if !has_maps {
        let maps = identity_maps(p.ctx, &state.operands).unwrap_or_default();
        let attr = maps_attr(p.ctx, maps);
        add_attr(p, state, "indexing_maps", attr);
    }
    build_implicit_body(p, state, payload, pos)
}

fn print_elementwise(p: &mut OpPrinter<'_>, op: Op) {
    if let Some(kind) = p.ctx.get_attr(op, "kind") {
        p.write(" kind=");
        p.print_attr(kind);
    }
    if let Some(maps) = p.ctx.get_attr(op, "indexing_maps") {
        let default = identity_maps(p.ctx, &p.ctx.operand_vec(op));
        if maps::indexing_maps(p.ctx, op) != default {
            p.write(" indexing_maps = ");
            p.print_attr(maps);
        }
    }
    p.print_optional_attr_dict(op, &ELEMENTWISE_PROPERTIES);
    print_ins_outs(p, op);
    print_results(p, op);
}

// ----- transpose and broadcast ----------------------------------------------------------------

/// Parses `[1, 0]` into a dense i64 array attribute.
fn parse_i64_array(p: &mut OpParser<'_, '_>) -> PResult<Attr> {
    let values = p.parse_delimited(TokKind::LSquare, TokKind::RSquare, |p| {
        let pos = p.cur_pos();
        let v = p.parse_integer()?;
        i64::try_from(v).or_else(|_| p.error_at(pos, "integer value too large"))
    })?;
    Ok(p.ctx.dense_i64_array(&values))
}

fn print_i64_array(p: &mut OpPrinter<'_>, op: Op, name: &str) {
    p.write(" ");
    p.write(name);
    p.write(" = [");
    for (i, v) in dense_array(p.ctx, op, name)
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        if i > 0 {
            p.write(", ");
        }
        p.write_int(v);
    }
    p.write("] ");
}

/// The result types of an op whose results are its tensor outputs.
fn tensor_out_types(ctx: &Context, outs: &[Value]) -> Vec<Type> {
    outs.iter()
        .map(|&v| ctx.value_type(v))
        .filter(|&t| matches!(ctx.type_data(t), TypeData::Tensor { .. }))
        .collect()
}

/// `ins(...) outs(...) keyword = [...] [{attrs}]`, with the results the tensor outputs.
fn parse_with_array(p: &mut OpParser<'_, '_>, state: &mut OpState, keyword: &str) -> PResult<()> {
    let pos = p.cur_pos();
    let (inputs, _) = parse_ins_outs(p, state)?;
    p.expect_keyword(keyword)?;
    p.expect(TokKind::Equal, "=")?;
    let array = parse_i64_array(p)?;
    add_attr(p, state, keyword, array);
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let outs = state.operands[inputs..].to_vec();
    state.result_types = tensor_out_types(p.ctx, &outs);
    let payload = spec_of(p, state).payload;
    if payload == Payload::Explicit {
        return Ok(());
    }
    build_implicit_body(p, state, payload, pos)
}

fn parse_transpose(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_with_array(p, state, "permutation")
}

fn print_transpose(p: &mut OpPrinter<'_>, op: Op) {
    print_ins_outs(p, op);
    print_i64_array(p, op, "permutation");
    p.print_optional_attr_dict(op, &["permutation"]);
}

fn parse_broadcast(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    parse_with_array(p, state, "dimensions")
}

fn print_broadcast(p: &mut OpPrinter<'_>, op: Op) {
    print_ins_outs(p, op);
    print_i64_array(p, op, "dimensions");
    p.print_optional_attr_dict(op, &["dimensions"]);
}

// ----- map and reduce -------------------------------------------------------------------------

/// A short-form payload `{ dialect.op {attrs} }`: the op name and its attributes.
struct ShortForm {
    name: String,
    attrs: Vec<(Attr, Attr)>,
}

fn parse_optional_short_form(p: &mut OpParser<'_, '_>) -> PResult<Option<ShortForm>> {
    if !p.eat(TokKind::LBrace) {
        return Ok(None);
    }
    let Some(name) = p.parse_optional_keyword() else {
        return p.error("expected operation name");
    };
    let name = name.to_string();
    let mut parsed = Vec::new();
    p.parse_optional_attr_dict(&mut parsed)?;
    p.expect(TokKind::RBrace, "}")?;
    let attrs = parsed
        .into_iter()
        .map(|(n, v)| {
            let text = p.ctx.sym_str(n).to_string();
            (p.ctx.str_attr(&text), v)
        })
        .collect();
    Ok(Some(ShortForm { name, attrs }))
}

/// Parses `(%a: t, ...) { ... }`, the explicit body of `map` and `reduce`.
fn parse_explicit_body(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let args: Vec<ArgDef> =
        p.parse_delimited(TokKind::LParen, TokKind::RParen, |p| p.parse_arg_def())?;
    let region = p.parse_region(Some(&args))?;
    state.regions.push(region);
    Ok(())
}

/// Builds the body of a short form: the payload applied to `operand_order` (indices of block
/// arguments), yielding its result.
fn build_short_form_body(
    p: &mut OpParser<'_, '_>,
    state: &mut OpState,
    short: &ShortForm,
    operand_order: &[usize],
) {
    let (region, block) = body_region(p.ctx, &state.operands);
    let args = p.ctx.block_args(block).to_vec();
    let ty = match args.last() {
        Some(&last) => p.ctx.value_type(last),
        None => p.ctx.index_type(),
    };
    let operands: Vec<Value> = operand_order
        .iter()
        .filter_map(|&i| args.get(i).copied())
        .collect();
    let mut b = Builder::new(p.ctx, InsertPoint::End(block), state.loc);
    let result = build_payload(&mut b, &short.name, &operands, ty, &short.attrs);
    b.build_op("linalg.yield", &[result], &[], &[], Vec::new());
    state.regions.push(region);
}

fn parse_map(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let short = parse_optional_short_form(p)?;
    let (inputs, _) = parse_ins_outs(p, state)?;
    p.parse_optional_attr_dict(&mut state.attrs)?;
    let outs = state.operands[inputs..].to_vec();
    state.result_types = tensor_out_types(p.ctx, &outs);
    match short {
        Some(short) => {
            let order: Vec<usize> = (0..inputs).collect();
            build_short_form_body(p, state, &short, &order);
            Ok(())
        }
        None => parse_explicit_body(p, state),
    }
}

fn parse_reduce(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let short = parse_optional_short_form(p)?;
    parse_with_array(p, state, "dimensions")?;
    match short {
        Some(short) => {
            let n = state.operands.len();
            let inputs = n / 2;
            let order: Vec<usize> = (inputs..n).chain(0..inputs).collect();
            build_short_form_body(p, state, &short, &order);
            Ok(())
        }
        None => parse_explicit_body(p, state),
    }
}

/// The payload op of a body that the short form can print: exactly one op and the yield of
/// its single result, the op applied to the block arguments in `order`.
fn short_form_payload(ctx: &Context, op: Op, order: &[usize]) -> Option<Op> {
    let block = ctx.entry_block(*ctx.regions(op).first()?)?;
    let payload = ctx.first_op(block)?;
    let terminator = ctx.next_op(payload)?;
    if ctx.next_op(terminator).is_some() || ctx.results(payload).len() != 1 {
        return None;
    }
    if !ctx.regions(payload).is_empty() || ctx.op_name_str(terminator) != "linalg.yield" {
        return None;
    }
    if ctx.operand_vec(terminator) != ctx.results(payload) {
        return None;
    }
    let args = ctx.block_args(block);
    let expected: Vec<Value> = order.iter().filter_map(|&i| args.get(i).copied()).collect();
    (!expected.is_empty() && ctx.operand_vec(payload) == expected).then_some(payload)
}

fn print_short_form(p: &mut OpPrinter<'_>, payload: Op) {
    p.write(" { ");
    p.write(p.ctx.op_name_str(payload));
    let none = p
        .ctx
        .get_attr(payload, "fastmath")
        .is_some_and(|a| *p.ctx.attr_data(a) == AttrData::Opaque("arith.fastmath<none>".into()));
    let elided: &[&str] = if none { &["fastmath"] } else { &[] };
    p.print_optional_attr_dict(payload, elided);
    p.write(" }");
}

fn print_explicit_body(p: &mut OpPrinter<'_>, op: Op) {
    let Some(&region) = p.ctx.regions(op).first() else {
        return;
    };
    let args = p
        .ctx
        .entry_block(region)
        .map(|b| p.ctx.block_args(b).to_vec())
        .unwrap_or_default();
    p.indented(|p| {
        p.newline();
        p.write("(");
        for (i, &arg) in args.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_arg_def(arg);
        }
        p.write(") ");
        p.print_region(region, false, true);
    });
}

fn print_map(p: &mut OpPrinter<'_>, op: Op) {
    let inputs = maps::num_inputs(p.ctx, op);
    let order: Vec<usize> = (0..inputs).collect();
    let short = short_form_payload(p.ctx, op, &order);
    if let Some(payload) = short {
        print_short_form(p, payload);
    }
    print_ins_outs(p, op);
    p.print_optional_attr_dict(op, &[]);
    if short.is_none() {
        print_explicit_body(p, op);
    }
}

fn print_reduce(p: &mut OpPrinter<'_>, op: Op) {
    let n = p.ctx.num_operands(op);
    let inputs = maps::num_inputs(p.ctx, op);
    let order: Vec<usize> = (inputs..n).chain(0..inputs).collect();
    let short = short_form_payload(p.ctx, op, &order);
    if let Some(payload) = short {
        print_short_form(p, payload);
    }
    print_ins_outs(p, op);
    print_i64_array(p, op, "dimensions");
    p.print_optional_attr_dict(op, &["dimensions"]);
    if short.is_none() {
        print_explicit_body(p, op);
    }
}

// ----- verification ---------------------------------------------------------------------------

fn verify_named(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(spec) = spec(ctx.op_name_str(op)) else {
        return;
    };
    match spec.pattern {
        Pattern::Transpose => {
            let perm = dense_array(ctx, op, "permutation").unwrap_or_default();
            let mut seen = vec![false; perm.len()];
            let valid = perm.iter().all(|&d| {
                usize::try_from(d)
                    .ok()
                    .and_then(|d| seen.get_mut(d))
                    .is_some_and(|s| !std::mem::replace(s, true))
            });
            if !valid {
                op_error(ctx, op, diags, "permutation is not valid");
                return;
            }
        }
        Pattern::Broadcast | Pattern::Reduce => {
            let dims = dense_array(ctx, op, "dimensions").unwrap_or_default();
            let shaped = if spec.pattern == Pattern::Reduce {
                0
            } else {
                ctx.num_operands(op).saturating_sub(1)
            };
            let rank = if shaped < ctx.num_operands(op) {
                maps::rank(ctx, ctx.value_type(ctx.operand(op, shaped)))
            } else {
                0
            };
            if let Some(&bad) = dims.iter().find(|&&d| d < 0 || d as usize >= rank) {
                let msg = format!("dimension {bad} is out of range [0, {rank})");
                op_error(ctx, op, diags, msg);
                return;
            }
        }
        _ => {}
    }
    if spec.syntax == Syntax::Elementwise && ctx.get_attr(op, "kind").is_none() {
        op_error(ctx, op, diags, "requires attribute 'kind'");
        return;
    }
    if spec.pattern == Pattern::Reduce && !ctx.num_operands(op).is_multiple_of(2) {
        op_error(ctx, op, diags, "expects as many inits as inputs");
        return;
    }
    verify_structured(ctx, op, diags);
}
