//! `math`: elementwise functions on scalars and vectors.
//!
//! Float functions compute in the op's own format (`f16` and `bf16` through `f32`) with the C
//! library's functions, as the JIT does after `--convert-math-to-llvm` /
//! `--convert-math-to-libm`, and follow those lowerings where they rewrite an op:
//! `rsqrt(x)` is `1 / sqrt(x)`.
//! `erf`/`erfc` use the `libm` crate. Integer functions work on the bits of their width:
//! `absi` wraps (`absi(INT_MIN) = INT_MIN`), `ctlz`/`cttz` of zero give the width, `ipowi`
//! with a negative exponent gives `1`, `-1` or `0` as MLIR's expansion does, and zero to a
//! negative power is undefined behaviour. Fastmath flags do not change results.

use ir::{Context, Op};

use crate::exec::{Machine, RunError, RunErrorKind, fail};
use crate::ops::float::{from_f64, to_f64};
use crate::program::{FTy, Kind, OpInfo, float_ty, int_width};
use crate::value::{Val, mask, sext, vector_value};

/// A decoded `math` op.
#[derive(Clone, Debug)]
pub struct MathKind {
    /// The op's name without `math.`.
    pub name: &'static str,
    /// The element format of the first operand.
    pub elem: Elem,
    /// The element width of the second operand (the exponent of `fpowi`).
    pub exponent_width: u32,
}

/// The element type a `math` op computes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// A float format.
    Float(FTy),
    /// An integer of this width.
    Int(u32),
}

/// The element type of a scalar or vector type.
pub fn element_type(ctx: &Context, ty: ir::Type) -> ir::Type {
    match ctx.type_data(ty) {
        ir::TypeData::Vector { elem, .. } => *elem,
        _ => ty,
    }
}

/// Decodes `math.<short>`.
pub fn decode(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    let def = ir::dialects::math::math_op(short)?;
    let operand_elem = |i: usize| {
        ctx.operands(op)
            .nth(i)
            .map(|v| element_type(ctx, ctx.value_type(v)))
    };
    let first = operand_elem(0)?;
    let elem = match float_ty(ctx, first) {
        Some(f) => Elem::Float(f),
        None => Elem::Int(int_width(ctx, first)?),
    };
    let exponent_width = match operand_elem(1) {
        Some(t) => int_width(ctx, t).unwrap_or(0),
        None => 0,
    };
    Some(Kind::Math(Box::new(MathKind {
        name: def.name,
        elem,
        exponent_width,
    })))
}

/// Applies `f` to the elements at the same position of `args` (scalars, or vectors of one
/// shape), building a value of the same shape.
pub fn elementwise(
    args: &[Val],
    mut f: impl FnMut(&[Val]) -> Result<Val, String>,
) -> Result<Val, String> {
    let shape = args.iter().find_map(|a| match a {
        Val::Vector(v) => Some(v),
        _ => None,
    });
    let Some(shape_of) = shape else {
        return f(args);
    };
    let n = shape_of.elems.len();
    let mut elems = Vec::with_capacity(n);
    let mut lane: Vec<Val> = Vec::with_capacity(args.len());
    for i in 0..n {
        lane.clear();
        lane.extend(args.iter().map(|a| match a {
            Val::Vector(v) => v.elems.get(i).cloned().unwrap_or_default(),
            other => other.clone(),
        }));
        elems.push(f(&lane)?);
    }
    Ok(vector_value(&shape_of.shape, elems))
}

macro_rules! float_function {
    ($t:ty, $name:expr, $x:expr, $y:expr, $z:expr) => {{
        let (x, y, z): ($t, $t, $t) = ($x, $y, $z);
        match $name {
            "absf" => x.abs(),
            "acos" => x.acos(),
            "acosh" => x.acosh(),
            "asin" => x.asin(),
            "asinh" => x.asinh(),
            "atan" => x.atan(),
            "atanh" => x.atanh(),
            "cbrt" => x.cbrt(),
            "ceil" => x.ceil(),
            "cos" => x.cos(),
            "cosh" => x.cosh(),
            "exp" => x.exp(),
            "exp2" => x.exp2(),
            "expm1" => x.exp_m1(),
            "floor" => x.floor(),
            "log" => x.ln(),
            "log10" => x.log10(),
            "log1p" => x.ln_1p(),
            "log2" => x.log2(),
            "round" => x.round(),
            "roundeven" => x.round_ties_even(),
            "rsqrt" => 1.0 / x.sqrt(),
            "sin" => x.sin(),
            "sinh" => x.sinh(),
            "sqrt" => x.sqrt(),
            "tan" => x.tan(),
            "tanh" => x.tanh(),
            "trunc" => x.trunc(),
            "atan2" => x.atan2(y),
            "copysign" => x.copysign(y),
            "powf" => x.powf(y),
            "fma" => x.mul_add(y, z),
            _ => <$t>::NAN,
        }
    }};
}

/// A float function in `f64`.
fn float_f64(name: &str, x: f64, y: f64, z: f64) -> f64 {
    match name {
        "erf" => libm::erf(x),
        "erfc" => libm::erfc(x),
        _ => float_function!(f64, name, x, y, z),
    }
}

/// A float function in `f32`.
fn float_f32(name: &str, x: f32, y: f32, z: f32) -> f32 {
    match name {
        "erf" => libm::erff(x),
        "erfc" => libm::erfcf(x),
        _ => float_function!(f32, name, x, y, z),
    }
}

/// `isnan`, `isinf`, `isfinite`, `isnormal`.
fn classify(name: &str, x: f64, ty: FTy) -> bool {
    let min_normal = match ty {
        FTy::F64 => f64::MIN_POSITIVE,
        FTy::F32 => f64::from(f32::MIN_POSITIVE),
        FTy::F16 => 6.103_515_625e-5,
        FTy::BF16 => f64::from(f32::MIN_POSITIVE),
    };
    match name {
        "isnan" => x.is_nan(),
        "isinf" => x.is_infinite(),
        "isfinite" => x.is_finite(),
        _ => x.is_finite() && x.abs() >= min_normal,
    }
}

/// One element of a float op (`exponent_width`: the width of `fpowi`'s exponent).
fn float_element(name: &str, ty: FTy, exponent_width: u32, args: &[Val]) -> Val {
    let arg = |i: usize| args.get(i).map_or(0.0, to_f64);
    if matches!(name, "isnan" | "isinf" | "isfinite" | "isnormal") {
        return Val::Int(u128::from(classify(name, arg(0), ty)));
    }
    if name == "fpowi" {
        let n = sext(args.get(1).map_or(0, Val::int), exponent_width);
        return from_f64(powi(arg(0), n), ty);
    }
    match ty {
        FTy::F64 => Val::F64(float_f64(name, arg(0), arg(1), arg(2))),
        _ => {
            let r = float_f32(name, arg(0) as f32, arg(1) as f32, arg(2) as f32);
            from_f64(f64::from(r), ty)
        }
    }
}

/// `x` to the integer power `n`, by repeated squaring as `llvm.powi` does.
fn powi(x: f64, n: i128) -> f64 {
    let mut result = 1.0;
    let mut base = x;
    let mut e = n.unsigned_abs();
    while e > 0 {
        if e & 1 == 1 {
            result *= base;
        }
        base *= base;
        e >>= 1;
    }
    if n < 0 { 1.0 / result } else { result }
}

/// One element of an integer op, on `width`-bit values.
fn int_element(name: &str, width: u32, args: &[Val]) -> Result<Val, String> {
    let x = args.first().map_or(0, Val::int) & mask(width);
    let r = match name {
        "absi" => (sext(x, width).unsigned_abs()) & mask(width),
        "ctpop" => u128::from(x.count_ones()),
        "ctlz" => u128::from(x.leading_zeros() - (128 - width)),
        "cttz" => u128::from(if x == 0 { width } else { x.trailing_zeros() }),
        "ipowi" => ipowi(
            sext(x, width),
            sext(args.get(1).map_or(0, Val::int), width),
            width,
        )?,
        _ => return Err(format!("unsupported integer op 'math.{name}'")),
    };
    Ok(Val::Int(r & mask(width)))
}

/// `math.ipowi` with MLIR's expansion: negative exponents give `1`, `-1` or `0`.
fn ipowi(base: i128, exp: i128, width: u32) -> Result<u128, String> {
    if exp < 0 {
        return match base {
            0 => Err("math.ipowi of zero to a negative power".into()),
            1 => Ok(1),
            -1 => Ok(if exp % 2 == 0 { 1 } else { u128::MAX }),
            _ => Ok(0),
        };
    }
    let mut result: u128 = 1;
    let mut b = base as u128;
    let mut e = exp as u128;
    while e > 0 {
        if e & 1 == 1 {
            result = result.wrapping_mul(b) & mask(width);
        }
        b = b.wrapping_mul(b) & mask(width);
        e >>= 1;
    }
    Ok(result)
}

impl Machine<'_> {
    /// Runs a `math` op.
    pub(crate) fn exec_math(&mut self, info: &OpInfo, kind: &MathKind) -> Result<(), RunError> {
        let args = self.gather_vals(&info.args);
        let result = elementwise(&args, |lane| match kind.elem {
            Elem::Float(ty) => Ok(float_element(kind.name, ty, kind.exponent_width, lane)),
            Elem::Int(width) => int_element(kind.name, width, lane),
        })
        .map_err(|m| fail(RunErrorKind::UndefinedBehavior, m, &info.loc))?;
        self.set(info.res[0], result);
        Ok(())
    }

    /// The values in `slots`.
    pub(crate) fn gather_vals(&self, slots: &[u32]) -> Vec<Val> {
        slots.iter().map(|&s| self.get(s)).collect()
    }
}
