//! The `math` dialect: elementwise mathematical functions on scalars, vectors and tensors.
//!
//! Every op is pure and has one result of its operands' type (`isnan`, `isinf`, `isfinite`
//! and `isnormal` give `i1` of the same shape). Float ops carry `fastmath` flags, stored as
//! `#arith.fastmath<...>` and printed ` fastmath<...>` unless `none`, as `mlir-opt-22` does.
//! Syntax: `math.exp %x fastmath<fast> : f32`, `math.powf %a, %b : f32`,
//! `math.fma %a, %b, %c : vector<4xf32>`, `math.fpowi %a, %n : f32, i32`; the classification
//! ops print flags other than `none` in their attribute dictionary.

use crate::asm::lexer::TokKind;
use crate::asm::parser::{OpParser, PResult};
use crate::asm::printer::OpPrinter;
use crate::attrs::AttrData;
use crate::context::{Context, OpState};
use crate::diag::Diagnostic;
use crate::dialects::syntax::{add_attr, op_error, type_str};
use crate::entity::{Attr, Op, Type};
use crate::registry::Count::Exactly;
use crate::registry::OpCounts;
use crate::registry::{OpDef, Registry, Traits};
use crate::types::TypeData;

/// What an op's operands must be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Operands {
    /// Floats, with fastmath flags.
    Float,
    /// Signless integers, no flags.
    Int,
    /// A float base and a signless-integer exponent (`fpowi`), with fastmath flags.
    FloatInt,
}

/// One `math` op: its name, arity and operand class.
#[derive(Clone, Copy, Debug)]
pub struct MathOp {
    /// The name without the `math.` prefix.
    pub name: &'static str,
    /// Number of operands.
    pub arity: usize,
    /// The operand class.
    pub operands: Operands,
    /// Whether the result is `i1`-like (classification ops).
    pub predicate: bool,
}

const fn float(name: &'static str, arity: usize) -> MathOp {
    MathOp {
        name,
        arity,
        operands: Operands::Float,
        predicate: false,
    }
}

const fn int(name: &'static str, arity: usize) -> MathOp {
    MathOp {
        name,
        arity,
        operands: Operands::Int,
        predicate: false,
    }
}

const fn class(name: &'static str) -> MathOp {
    MathOp {
        name,
        arity: 1,
        operands: Operands::Float,
        predicate: true,
    }
}

/// Every op of the dialect.
pub const MATH_OPS: &[MathOp] = &[
    float("absf", 1),
    float("acos", 1),
    float("acosh", 1),
    float("asin", 1),
    float("asinh", 1),
    float("atan", 1),
    float("atanh", 1),
    float("cbrt", 1),
    float("ceil", 1),
    float("cos", 1),
    float("cosh", 1),
    float("erf", 1),
    float("erfc", 1),
    float("exp", 1),
    float("exp2", 1),
    float("expm1", 1),
    float("floor", 1),
    float("log", 1),
    float("log10", 1),
    float("log1p", 1),
    float("log2", 1),
    float("round", 1),
    float("roundeven", 1),
    float("rsqrt", 1),
    float("sin", 1),
    float("sinh", 1),
    float("sqrt", 1),
    float("tan", 1),
    float("tanh", 1),
    float("trunc", 1),
    float("atan2", 2),
    float("copysign", 2),
    float("powf", 2),
    float("fma", 3),
    int("absi", 1),
    int("ctlz", 1),
    int("cttz", 1),
    int("ctpop", 1),
    int("ipowi", 2),
    class("isnan"),
    class("isinf"),
    class("isfinite"),
    class("isnormal"),
    MathOp {
        name: "fpowi",
        arity: 2,
        operands: Operands::FloatInt,
        predicate: false,
    },
];

/// The definition of `math.<short>`.
pub fn math_op(short: &str) -> Option<&'static MathOp> {
    MATH_OPS.iter().find(|m| m.name == short)
}

fn of(ctx: &Context, op: Op) -> Option<&'static MathOp> {
    math_op(ctx.op_name_str(op).strip_prefix("math.")?)
}

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    for m in MATH_OPS {
        let mut def = OpDef::new(&format!("math.{}", m.name));
        def.traits = Traits::PURE;
        if m.operands != Operands::Int {
            def.inherent_attrs = &["fastmath"];
        }
        def.parse = Some(parse);
        def.print = Some(print);
        def.verify = Some(verify);
        reg.register(def);
    }
}

// ----- fastmath flags ----------------------------------------------------------------------

/// The fastmath flags in `#arith.fastmath` order, with `fast` standing for all of them.
const FASTMATH_FLAGS: &[&str] = &["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"];

/// The flag bits of one fastmath keyword.
fn fastmath_bits(word: &str) -> Option<u32> {
    match word {
        "none" => Some(0),
        "fast" => Some((1 << FASTMATH_FLAGS.len()) - 1),
        _ => FASTMATH_FLAGS
            .iter()
            .position(|f| *f == word)
            .map(|i| 1 << i),
    }
}

/// The canonical text of a flag set: `none`, `fast`, or the flags joined by `,`.
pub fn fastmath_text(bits: u32) -> String {
    let all = (1u32 << FASTMATH_FLAGS.len()) - 1;
    if bits == 0 {
        return "none".into();
    }
    if bits & all == all {
        return "fast".into();
    }
    let words: Vec<&str> = FASTMATH_FLAGS
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, w)| *w)
        .collect();
    words.join(",")
}

/// The flag set of a `#arith.fastmath<...>` attribute.
pub fn fastmath_of(ctx: &Context, attr: Attr) -> Option<u32> {
    let AttrData::Opaque(text) = ctx.attr_data(attr) else {
        return None;
    };
    let body = text.strip_prefix("arith.fastmath<")?.strip_suffix('>')?;
    body.split(',')
        .try_fold(0, |acc, w| fastmath_bits(w.trim()).map(|b| acc | b))
}

/// Parses an optional ` fastmath<...>` clause; returns the attribute to store (`none` when
/// absent, as MLIR's default).
pub fn parse_fastmath(p: &mut OpParser<'_, '_>) -> PResult<Attr> {
    let mut bits = 0;
    if p.eat_keyword("fastmath") {
        p.expect(TokKind::Less, "<")?;
        loop {
            let pos = p.cur_pos();
            let word = p.parse_optional_keyword().unwrap_or("");
            match fastmath_bits(word) {
                Some(b) => bits |= b,
                None => {
                    let msg = "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast";
                    return p.custom_error_at(pos, msg);
                }
            }
            if !p.eat(TokKind::Comma) {
                break;
            }
        }
        p.expect(TokKind::Greater, ">")?;
    }
    let text = format!("arith.fastmath<{}>", fastmath_text(bits));
    Ok(p.ctx.attr(AttrData::Opaque(text)))
}

/// Prints ` fastmath<...>` when the op's flags are not `none`.
pub fn print_fastmath(p: &mut OpPrinter<'_>, op: Op) {
    let bits = p
        .ctx
        .get_attr(op, "fastmath")
        .and_then(|a| fastmath_of(p.ctx, a))
        .unwrap_or(0);
    if bits != 0 {
        p.write(&format!(" fastmath<{}>", fastmath_text(bits)));
    }
}

// ----- syntax ------------------------------------------------------------------------------

/// The `i1` type of the shape of `ty` (scalar, vector or tensor).
pub fn i1_like(ctx: &mut Context, ty: Type) -> Type {
    let i1 = ctx.i1_type();
    with_element(ctx, ty, i1)
}

/// The type of the shape of `ty` with element type `elem` (`elem` itself for scalars).
pub fn with_element(ctx: &mut Context, ty: Type, elem: Type) -> Type {
    let data = match ctx.type_data(ty).clone() {
        TypeData::Vector {
            shape, scalable, ..
        } => TypeData::Vector {
            shape,
            scalable,
            elem,
        },
        TypeData::Tensor {
            shape, encoding, ..
        } => TypeData::Tensor {
            shape,
            elem,
            encoding,
        },
        TypeData::UnrankedTensor { .. } => TypeData::UnrankedTensor { elem },
        _ => return elem,
    };
    ctx.ty(data)
}

fn parse(p: &mut OpParser<'_, '_>, state: &mut OpState) -> PResult<()> {
    let name = p.ctx.registry.def(state.name).name.clone();
    let Some(m) = math_op(name.trim_start_matches("math.")) else {
        return p.error("unknown math op");
    };
    let mut operands = Vec::with_capacity(m.arity);
    for i in 0..m.arity {
        if i > 0 {
            p.expect(TokKind::Comma, ",")?;
        }
        operands.push(p.parse_operand()?);
    }
    // Classification ops keep their flags in the attribute dictionary.
    if m.operands != Operands::Int && !m.predicate {
        let flags = parse_fastmath(p)?;
        add_attr(p, state, "fastmath", flags);
    }
    p.parse_optional_attr_dict(&mut state.attrs)?;
    if m.predicate
        && state
            .attrs
            .iter()
            .all(|(n, _)| p.ctx.sym_str(*n) != "fastmath")
    {
        let none = p.ctx.attr(AttrData::Opaque("arith.fastmath<none>".into()));
        add_attr(p, state, "fastmath", none);
    }
    p.expect(TokKind::Colon, ":")?;
    let ty = p.parse_type()?;
    let exponent_type = if m.operands == Operands::FloatInt {
        p.expect(TokKind::Comma, ",")?;
        Some(p.parse_type()?)
    } else {
        None
    };
    for (i, o) in operands.iter().enumerate() {
        let operand_type = if i == 1 {
            exponent_type.unwrap_or(ty)
        } else {
            ty
        };
        state.operands.push(p.resolve_operand(o, operand_type)?);
    }
    let result = if m.predicate { i1_like(p.ctx, ty) } else { ty };
    state.result_types.push(result);
    Ok(())
}

fn print(p: &mut OpPrinter<'_>, op: Op) {
    let ctx = p.ctx;
    let operands = ctx.operand_array(op);
    p.write(" ");
    p.print_operands(&operands);
    let Some(m) = of(ctx, op) else {
        return;
    };
    let flags = ctx
        .get_attr(op, "fastmath")
        .and_then(|a| fastmath_of(ctx, a));
    if m.predicate && flags != Some(0) {
        p.print_optional_attr_dict(op, &[]);
    } else {
        if m.operands != Operands::Int {
            print_fastmath(p, op);
        }
        p.print_optional_attr_dict(op, &["fastmath"]);
    }
    p.write(" : ");
    if let Some(&first) = operands.first() {
        p.print_type(ctx.value_type(first));
    }
    if m.operands == Operands::FloatInt
        && let Some(&exponent) = operands.get(1)
    {
        p.write(", ");
        p.print_type(ctx.value_type(exponent));
    }
}

// ----- verification ------------------------------------------------------------------------

/// The element type of a scalar, vector or tensor type.
fn element(ctx: &Context, ty: Type) -> Type {
    match ctx.type_data(ty) {
        TypeData::Vector { elem, .. }
        | TypeData::Tensor { elem, .. }
        | TypeData::UnrankedTensor { elem } => *elem,
        _ => ty,
    }
}

fn is_float_like(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(element(ctx, ty)), TypeData::Float(_))
}

fn is_int_like(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_data(element(ctx, ty)),
        TypeData::Integer {
            signedness: crate::types::Signedness::Signless,
            ..
        }
    )
}

fn verify(ctx: &Context, op: Op, diags: &mut Vec<Diagnostic>) {
    let Some(m) = of(ctx, op) else {
        return;
    };
    if ctx.num_operands(op) != m.arity {
        let msg = format!(
            "expected {} operands, but found {}",
            m.arity,
            ctx.num_operands(op)
        );
        op_error(ctx, op, diags, msg);
        return;
    }
    for (i, v) in ctx.operands(op).enumerate() {
        let ty = ctx.value_type(v);
        let int_operand =
            m.operands == Operands::Int || (m.operands == Operands::FloatInt && i == 1);
        let (ok, what) = if int_operand {
            (is_int_like(ctx, ty), "signless-integer-like")
        } else {
            (is_float_like(ctx, ty), "floating-point-like")
        };
        if !ok {
            let msg = format!(
                "operand #{i} must be {what}, but got '{}'",
                type_str(ctx, ty)
            );
            op_error(ctx, op, diags, msg);
            return;
        }
    }
    let first = ctx.value_type(ctx.operand(op, 0));
    let same = ctx
        .operands(op)
        .enumerate()
        .filter(|&(i, _)| !(m.operands == Operands::FloatInt && i == 1))
        .all(|(_, v)| ctx.value_type(v) == first);
    let result_ok = ctx.results(op).first().is_some_and(|&r| {
        let rt = ctx.value_type(r);
        if m.predicate {
            matches!(
                ctx.type_data(element(ctx, rt)),
                TypeData::Integer { width: 1, .. }
            )
        } else {
            rt == first
        }
    });
    if !same || !result_ok {
        op_error(
            ctx,
            op,
            diags,
            "requires the same type for all operands and results",
        );
    }
}

/// How many regions, results, successors and operands each op has (as `mlir-opt-22` checks
/// them), declared for the verifier's count check.
pub(crate) const COUNTS: &[(&str, OpCounts)] = &[
    ("math.absf", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.absi", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.acos", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.acosh", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.asin", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.asinh", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.atan", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.atan2", OpCounts::new(Exactly(1), Exactly(2))),
    ("math.atanh", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.cbrt", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.ceil", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.copysign", OpCounts::new(Exactly(1), Exactly(2))),
    ("math.cos", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.cosh", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.ctlz", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.ctpop", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.cttz", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.erf", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.erfc", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.exp", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.exp2", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.expm1", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.floor", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.fma", OpCounts::new(Exactly(1), Exactly(3))),
    ("math.fpowi", OpCounts::new(Exactly(1), Exactly(2))),
    ("math.ipowi", OpCounts::new(Exactly(1), Exactly(2))),
    ("math.isfinite", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.isinf", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.isnan", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.isnormal", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.log", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.log10", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.log1p", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.log2", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.powf", OpCounts::new(Exactly(1), Exactly(2))),
    ("math.round", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.roundeven", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.rsqrt", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.sin", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.sinh", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.sqrt", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.tan", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.tanh", OpCounts::new(Exactly(1), Exactly(1))),
    ("math.trunc", OpCounts::new(Exactly(1), Exactly(1))),
];
