//! `index` and `ub`: decoded onto the `arith` kinds they mean.
//!
//! `index` ops compute on 64-bit `index` values exactly like their `arith` counterparts
//! (`index.floordivs` is `arith.floordivsi`, `index.cmp slt` is `arith.cmpi slt`,
//! `index.casts`/`index.castu` are `arith.index_cast`/`arith.index_castui`);
//! `index.sizeof` is 64, the width in bits of `index` on the 64-bit targets the JIT runs.
//! `ub.poison` is zero (any value is a valid refinement of poison).

use ir::{AttrData, Context, Op};

use crate::program::{IntBin, Kind, constant_value, int_width, scalar_type};
use crate::value::{index_val, vector_value};

/// The `arith` binary operation of an `index` binary op.
fn binary(short: &str) -> Option<IntBin> {
    Some(match short {
        "add" => IntBin::Add,
        "sub" => IntBin::Sub,
        "mul" => IntBin::Mul,
        "divs" => IntBin::DivSI,
        "divu" => IntBin::DivUI,
        "ceildivs" => IntBin::CeilDivSI,
        "ceildivu" => IntBin::CeilDivUI,
        "floordivs" => IntBin::FloorDivSI,
        "rems" => IntBin::RemSI,
        "remu" => IntBin::RemUI,
        "maxs" => IntBin::MaxSI,
        "maxu" => IntBin::MaxUI,
        "mins" => IntBin::MinSI,
        "minu" => IntBin::MinUI,
        "shl" => IntBin::Shl,
        "shrs" => IntBin::ShrSI,
        "shru" => IntBin::ShrUI,
        "and" => IntBin::And,
        "or" => IntBin::Or,
        "xor" => IntBin::Xor,
        _ => return None,
    })
}

/// Decodes `index.<short>`.
pub fn decode(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    if let Some(b) = binary(short) {
        return Some(Kind::IntBin(b, 64));
    }
    let result = ctx.value_type(*ctx.results(op).first()?);
    Some(match short {
        "cmp" => Kind::CmpI(ir::dialects::index::cmp_predicate(ctx, op)? as u8, 64),
        "casts" | "castu" => Kind::IndexCast {
            from: int_width(ctx, ctx.value_type(ctx.operands(op).next()?))?,
            to: int_width(ctx, result)?,
            signed: short == "casts",
        },
        "constant" | "bool.constant" => {
            let attr = ctx.get_attr(op, "value")?;
            Kind::Const(constant_value(ctx, ctx.attr_data(attr), result)?)
        }
        "sizeof" => Kind::Const(index_val(64)),
        _ => Kind::Unsupported(format!("'index.{short}'")),
    })
}

/// Decodes `ub.poison` as a zero of its type.
pub fn decode_poison(ctx: &Context, op: Op) -> Option<Kind> {
    let ty = ctx.value_type(*ctx.results(op).first()?);
    let zero_of = |t| {
        let elem = scalar_type(ctx, t)?;
        let zero = match elem {
            crate::scalar::ScalarType::Int { .. } | crate::scalar::ScalarType::Index => {
                AttrData::Integer { value: 0, ty: t }
            }
            _ => AttrData::Float { bits: 0, ty: t },
        };
        constant_value(ctx, &zero, t)
    };
    let value = match ctx.type_data(ty) {
        ir::TypeData::Vector { shape, elem, .. } => {
            let n = shape.iter().product::<i64>().max(0) as usize;
            vector_value(shape, vec![zero_of(*elem)?; n])
        }
        _ => zero_of(ty)?,
    };
    Some(Kind::Const(value))
}
