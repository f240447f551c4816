//! The indexing maps of every structured op, and the loop ranges they imply.
//!
//! `linalg.generic` (and a `linalg.matmul` with explicit maps) stores its maps; the other named
//! ops derive theirs from their definition and the ranks of their operands, as their ODS/YAML
//! definitions do. The loop ranges come from the operand shapes: loop `d` runs over the first
//! operand dimension whose map result is exactly `d` (what `convert-linalg-to-loops` derives).

use crate::asm::parser::{affine_add, affine_mul};
use crate::attrs::{AffineExpr, AffineMap, AttrData};
use crate::context::Context;
use crate::dialects::syntax::{affine_maps_of, dense_array, segments};
use crate::entity::{Attr, Op, Type};
use crate::types::TypeData;

use super::named;

/// The way a named op maps its loops to its operands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pattern {
    /// Identity maps over the output's rank (`copy`, `add`, `map`, ...).
    Elementwise,
    /// A scalar input broadcast into the output (`fill`).
    Fill,
    /// `C(m, n) += A(m, k) * B(k, n)`.
    Matmul,
    /// `C(b, m, n) += A(b, m, k) * B(b, k, n)`.
    BatchMatmul,
    /// `y(m) += A(m, k) * x(k)`.
    Matvec,
    /// `y(n) += x(k) * A(k, n)`.
    Vecmat,
    /// `s += x(k) * y(k)`.
    Dot,
    /// `out(i...) = in(permuted i...)`.
    Transpose,
    /// The input indexed by the output dimensions not in `dimensions`.
    Broadcast,
    /// The outputs indexed by the input dimensions not in `dimensions`.
    Reduce,
    /// `O(n, oh, ow, f) += I(n, oh * sh + kh * dh, ow * sw + kw * dw, c) * F(kh, kw, c, f)`.
    Conv2DNhwcHwcf,
    /// `O(n, f, oh, ow) += I(n, c, oh * sh + kh * dh, ow * sw + kw * dw) * F(f, c, kh, kw)`.
    Conv2DNchwFchw,
}

impl Pattern {
    /// Whether the op is a 2-D convolution (with `strides` and `dilations`).
    pub fn is_conv(self) -> bool {
        matches!(self, Pattern::Conv2DNhwcHwcf | Pattern::Conv2DNchwFchw)
    }
}

/// Whether `op` is a structured op (`linalg.generic` or a named op).
pub fn is_structured(ctx: &Context, op: Op) -> bool {
    let name = ctx.op_name_str(op);
    name == "linalg.generic" || named::spec(name).is_some()
}

/// The number of input operands of a structured op (the rest are outputs).
pub fn num_inputs(ctx: &Context, op: Op) -> usize {
    let total = ctx.num_operands(op);
    if let Some(sizes) = segments(ctx, op) {
        return sizes.first().copied().unwrap_or(0).min(total);
    }
    match ctx.op_name_str(op) {
        "linalg.reduce" => total / 2,
        _ => total.saturating_sub(1),
    }
}

/// The rank of a shaped type (0 for a scalar).
pub fn rank(ctx: &Context, ty: Type) -> usize {
    shape(ctx, ty).map_or(0, <[i64]>::len)
}

/// The shape of a memref or ranked tensor type.
pub fn shape(ctx: &Context, ty: Type) -> Option<&[i64]> {
    match ctx.type_data(ty) {
        TypeData::MemRef { shape, .. } | TypeData::Tensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// The indexing maps of a structured op, one per operand, or `None` when they cannot be
/// derived (a malformed op, which the verifier reports).
pub fn indexing_maps(ctx: &Context, op: Op) -> Option<Vec<AffineMap>> {
    if let Some(attr) = ctx.get_attr(op, "indexing_maps") {
        return affine_maps_of(ctx, attr);
    }
    let spec = named::spec(ctx.op_name_str(op))?;
    derived_maps(ctx, op, spec.pattern)
}

/// `(d0, ..., d{dims-1}) -> (d{r} for r in results)`.
fn dims_map(dims: usize, results: &[usize]) -> AffineMap {
    AffineMap {
        num_dims: dims as u32,
        num_symbols: 0,
        results: results.iter().map(|&d| AffineExpr::Dim(d as u32)).collect(),
    }
}

fn identity(dims: usize) -> AffineMap {
    dims_map(dims, &(0..dims).collect::<Vec<_>>())
}

/// The maps of the named op `op` with the given pattern.
pub fn derived_maps(ctx: &Context, op: Op, pattern: Pattern) -> Option<Vec<AffineMap>> {
    let ranks: Vec<usize> = ctx
        .operands(op)
        .map(|v| rank(ctx, ctx.value_type(v)))
        .collect();
    let array = match pattern {
        Pattern::Transpose => dense_array(ctx, op, "permutation")?,
        Pattern::Broadcast | Pattern::Reduce => dense_array(ctx, op, "dimensions")?,
        Pattern::Conv2DNhwcHwcf | Pattern::Conv2DNchwFchw => conv_params(
            ctx,
            ctx.get_attr(op, "strides"),
            ctx.get_attr(op, "dilations"),
        )?,
        _ => Vec::new(),
    };
    pattern_maps(pattern, &ranks, &array)
}

/// The `[stride_h, stride_w, dilation_h, dilation_w]` of a convolution (1 where absent).
pub fn conv_params(
    ctx: &Context,
    strides: Option<Attr>,
    dilations: Option<Attr>,
) -> Option<Vec<i64>> {
    let pair = |attr: Option<Attr>| match attr {
        None => Some(vec![1, 1]),
        Some(a) => dense_ints(ctx, a).filter(|v| v.len() == 2),
    };
    let mut params = pair(strides)?;
    params.extend(pair(dilations)?);
    Some(params)
}

/// The integers of a dense elements attribute of two elements (`dense<1>`, `dense<[2, 1]>`).
fn dense_ints(ctx: &Context, attr: Attr) -> Option<Vec<i64>> {
    let AttrData::DenseElements { literal, .. } = ctx.attr_data(attr) else {
        return None;
    };
    let inner = literal.trim().trim_start_matches('[').trim_end_matches(']');
    let values: Vec<i64> = inner
        .split(',')
        .map(|v| v.trim().parse().ok())
        .collect::<Option<_>>()?;
    match values.as_slice() {
        [splat] => Some(vec![*splat; 2]),
        _ => Some(values),
    }
}

/// The input map of a 2-D convolution with `[sh, sw, dh, dw]`: the loops are
/// `(d0, d1, d2, d3, d4, d5, d6)` = `(n, oh, ow, f, kh, kw, c)` in NHWC and
/// `(n, f, oh, ow, c, kh, kw)` in NCHW.
fn conv_input_map(pattern: Pattern, params: &[i64]) -> AffineMap {
    let window = |out: u32, filter: u32, stride: i64, dilation: i64| {
        affine_add(
            affine_mul(AffineExpr::Dim(out), AffineExpr::Const(stride)),
            affine_mul(AffineExpr::Dim(filter), AffineExpr::Const(dilation)),
        )
    };
    let results = if pattern == Pattern::Conv2DNchwFchw {
        vec![
            AffineExpr::Dim(0),
            AffineExpr::Dim(4),
            window(2, 5, params[0], params[2]),
            window(3, 6, params[1], params[3]),
        ]
    } else {
        vec![
            AffineExpr::Dim(0),
            window(1, 4, params[0], params[2]),
            window(2, 5, params[1], params[3]),
            AffineExpr::Dim(6),
        ]
    };
    AffineMap {
        num_dims: 7,
        num_symbols: 0,
        results,
    }
}

/// The maps of a named op with `pattern` over operands of the given ranks; `array` is its
/// `permutation` (transpose), `dimensions` (broadcast, reduce) or [`conv_params`].
pub fn pattern_maps(pattern: Pattern, ranks: &[usize], array: &[i64]) -> Option<Vec<AffineMap>> {
    let count = ranks.len();
    let fixed = |maps: &[(usize, &[usize])]| {
        let maps: Vec<AffineMap> = maps.iter().map(|&(n, r)| dims_map(n, r)).collect();
        (maps.len() == count).then_some(maps)
    };
    let kept =
        |n: usize| -> Vec<usize> { (0..n).filter(|&d| !array.contains(&(d as i64))).collect() };
    match pattern {
        Pattern::Elementwise => {
            let n = *ranks.last()?;
            Some(vec![identity(n); count])
        }
        Pattern::Fill => {
            let n = *ranks.last()?;
            (count == 2).then(|| vec![dims_map(n, &[]), identity(n)])
        }
        Pattern::Matmul => fixed(&[(3, &[0, 2]), (3, &[2, 1]), (3, &[0, 1])]),
        Pattern::BatchMatmul => fixed(&[(4, &[0, 1, 3]), (4, &[0, 3, 2]), (4, &[0, 1, 2])]),
        Pattern::Matvec => fixed(&[(2, &[0, 1]), (2, &[1]), (2, &[0])]),
        Pattern::Vecmat => fixed(&[(2, &[1]), (2, &[1, 0]), (2, &[0])]),
        Pattern::Dot => fixed(&[(1, &[0]), (1, &[0]), (1, &[])]),
        Pattern::Transpose => {
            let mut inverse = vec![0; array.len()];
            for (i, &p) in array.iter().enumerate() {
                *inverse.get_mut(usize::try_from(p).ok()?)? = i;
            }
            (count == 2).then(|| vec![dims_map(array.len(), &inverse), identity(array.len())])
        }
        Pattern::Broadcast => {
            let n = *ranks.last()?;
            (count == 2).then(|| vec![dims_map(n, &kept(n)), identity(n)])
        }
        Pattern::Conv2DNhwcHwcf | Pattern::Conv2DNchwFchw => {
            let params = if array.len() == 4 {
                array
            } else {
                &[1, 1, 1, 1]
            };
            let filter = if pattern == Pattern::Conv2DNchwFchw {
                dims_map(7, &[1, 4, 5, 6])
            } else {
                dims_map(7, &[4, 5, 6, 3])
            };
            let output = dims_map(7, &[0, 1, 2, 3]);
            (count == 3).then(|| vec![conv_input_map(pattern, params), filter, output])
        }
        Pattern::Reduce => {
            let n = *ranks.first()?;
            let mut maps = vec![identity(n); count / 2];
            maps.resize(count, dims_map(n, &kept(n)));
            Some(maps)
        }
    }
}

/// The loop ranges of a structured op from its operand shapes: loop `d` takes the size of the
/// first operand dimension whose map result is exactly `d`. `None` if a loop is unconstrained
/// or a map does not fit its shape.
pub fn loop_ranges(maps: &[AffineMap], shapes: &[&[i64]]) -> Option<Vec<i64>> {
    let loops = maps.first()?.num_dims as usize;
    let mut ranges: Vec<Option<i64>> = vec![None; loops];
    for (map, shape) in maps.iter().zip(shapes) {
        if map.results.len() != shape.len() {
            return None;
        }
        for (expr, &size) in map.results.iter().zip(shape.iter()) {
            if let AffineExpr::Dim(d) = expr
                && let Some(slot) = ranges.get_mut(*d as usize)
                && slot.is_none()
            {
                *slot = Some(size);
            }
        }
    }
    ranges.into_iter().collect()
}

/// Evaluates `expr` at the point `dims` (symbols are not used by linalg maps and count as 0);
/// `None` on a division by zero or an overflow.
pub fn eval(expr: &AffineExpr, dims: &[i64]) -> Option<i64> {
    let both = |a: &AffineExpr, b: &AffineExpr| Some((eval(a, dims)?, eval(b, dims)?));
    match expr {
        AffineExpr::Dim(d) => dims.get(*d as usize).copied(),
        AffineExpr::Symbol(_) => Some(0),
        AffineExpr::Const(c) => Some(*c),
        AffineExpr::Add(a, b) => both(a, b).and_then(|(x, y)| x.checked_add(y)),
        AffineExpr::Mul(a, b) => both(a, b).and_then(|(x, y)| x.checked_mul(y)),
        AffineExpr::Mod(a, b) => both(a, b).and_then(|(x, y)| x.checked_rem_euclid(y)),
        AffineExpr::FloorDiv(a, b) => both(a, b).and_then(|(x, y)| floor_div(x, y)),
        AffineExpr::CeilDiv(a, b) => both(a, b).and_then(|(x, y)| {
            let q = floor_div(x, y)?;
            Some(if q.checked_mul(y)? == x { q } else { q + 1 })
        }),
    }
}

fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if (x % y != 0) && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(i: u32) -> Box<AffineExpr> {
        Box::new(AffineExpr::Dim(i))
    }

    fn c(v: i64) -> Box<AffineExpr> {
        Box::new(AffineExpr::Const(v))
    }

    #[test]
    fn division_and_modulo_round_towards_negative_infinity() {
        let at = |e: AffineExpr, x: i64| eval(&e, &[x]);
        assert_eq!(at(AffineExpr::FloorDiv(d(0), c(2)), -3), Some(-2));
        assert_eq!(at(AffineExpr::CeilDiv(d(0), c(2)), -3), Some(-1));
        assert_eq!(at(AffineExpr::CeilDiv(d(0), c(2)), 3), Some(2));
        assert_eq!(at(AffineExpr::Mod(d(0), c(3)), -1), Some(2));
        assert_eq!(at(AffineExpr::FloorDiv(d(0), c(0)), 1), None);
    }

    #[test]
    fn transpose_reads_the_input_through_the_inverse_permutation() {
        let maps = pattern_maps(Pattern::Transpose, &[3, 3], &[2, 0, 1]).unwrap();
        // out[d0, d1, d2] = in[d1, d2, d0]: input dim j is indexed by d(inverse[j]).
        assert_eq!(maps[0], dims_map(3, &[1, 2, 0]));
        assert_eq!(maps[1], identity(3));
    }

    #[test]
    fn loop_ranges_skip_compound_results_and_need_every_loop() {
        let conv = pattern_maps(Pattern::Conv2DNhwcHwcf, &[4, 4, 4], &[2, 2, 1, 1]).unwrap();
        let shapes: [&[i64]; 3] = [&[1, 5, 5, 1], &[3, 3, 1, 2], &[1, 2, 2, 2]];
        assert_eq!(loop_ranges(&conv, &shapes), Some(vec![1, 2, 2, 2, 3, 3, 1]));
        let unconstrained = [dims_map(2, &[0])];
        assert_eq!(loop_ranges(&unconstrained, &[&[4]]), None);
        assert_eq!(loop_ranges(&[identity(1)], &[&[4, 4]]), None);
    }
}
