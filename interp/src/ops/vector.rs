//! `vector`: vector values, their transfers to and from memrefs, and `arith` on vectors.
//!
//! Semantics (VectorOps.td):
//! - `transfer_read` reads the element at `indices + offset` for every vector position, where
//!   result `r` of the permutation map moves memref dimension `d` (`d_r`) by the position's
//!   coordinate `r`, or broadcasts (`0`); a position whose memref index lies outside the
//!   dimension (for dimensions not declared `in_bounds`) or whose mask bit is clear reads the
//!   padding instead. `transfer_write` writes the positions a read would read, skipping the
//!   out-of-bounds and masked ones. An access declared in bounds that is not is an
//!   out-of-bounds access of the checked heap.
//! - `load`/`store` access the contiguous block starting at the indices (the vector's shape
//!   over the memref's trailing dimensions); every element is a checked access.
//! - `broadcast` replicates a scalar or a vector along leading (and unit) dimensions;
//!   `extract`/`insert` take or replace the sub-vector or element at a position; `fma` is
//!   `a * b + c` per element, rounded once; `reduction` folds the elements (and the
//!   accumulator, first) with its kind; `contract` walks its iteration domain row-major and
//!   combines each product of the `lhs` and `rhs` elements its maps select into the
//!   accumulator element (two roundings for floats); `print` prints as the runner's `printF32`,
//!   `printI64`... calls of its lowering do: `( 1, 2 )` per dimension, then a newline.
//! - `arith` ops on vectors apply the scalar op per element; `arith.constant` of a vector type
//!   holds its dense elements (a splat fills the shape).

use ir::{AffineExpr, AttrData, Context, Op, TypeData};
use smallvec::SmallVec;

use crate::exec::{Machine, RunError, RunErrorKind, fail};
use crate::ops::float::{self, from_f64, to_f64};
use crate::ops::math::elementwise;
use crate::program::{FTy, FloatBin, IntBin, Kind, OpInfo, float_ty, int_width, scalar_type};
use crate::runner_utils;
use crate::scalar::ScalarType;
use crate::value::{Val, as_index, mask, sext, vector_value};

type Dims = SmallVec<[i64; 4]>;

/// How each vector dimension of a transfer maps to the memref.
#[derive(Clone, Debug)]
pub struct Transfer {
    /// The vector's shape.
    pub shape: Vec<i64>,
    /// For each vector dimension, the memref dimension it walks (`None`: broadcast).
    pub dims: Vec<Option<usize>>,
    /// Per vector dimension, whether it is declared in bounds.
    pub in_bounds: Vec<bool>,
    /// Number of index operands.
    pub rank: usize,
    /// Whether the op has a mask operand.
    pub masked: bool,
}

/// A decoded `vector.contract`: its maps (lhs, rhs, acc), loop sizes and combining kind.
#[derive(Clone, Debug)]
pub struct Contraction {
    maps: Vec<ir::AffineMap>,
    sizes: Vec<i64>,
    kind: usize,
    elem: ScalarType,
}

/// A decoded `vector` op (or `arith` op on vectors).
#[derive(Clone, Debug)]
pub enum VectorKind {
    TransferRead(Transfer),
    TransferWrite(Transfer),
    Load(Vec<i64>),
    Store(Vec<i64>),
    Broadcast(Vec<i64>),
    Extract(Vec<i64>),
    Insert(Vec<i64>),
    Fma(FTy),
    Reduction { kind: usize, elem: ScalarType },
    Contract(Contraction),
    Print(ScalarType),
    FloatBin(FloatBin, FTy),
    IntBin(IntBin, u32),
}

fn vector_shape(ctx: &Context, ty: ir::Type) -> Option<(Vec<i64>, ir::Type)> {
    match ctx.type_data(ty) {
        TypeData::Vector { shape, elem, .. } => Some((shape.clone(), *elem)),
        _ => None,
    }
}

fn result_shape(ctx: &Context, op: Op) -> Option<Vec<i64>> {
    let ty = ctx.value_type(*ctx.results(op).first()?);
    Some(vector_shape(ctx, ty).map_or_else(Vec::new, |(s, _)| s))
}

fn operand_type(ctx: &Context, op: Op, i: usize) -> Option<ir::Type> {
    ctx.operands(op).nth(i).map(|v| ctx.value_type(v))
}

fn transfer(ctx: &Context, op: Op, vector: ir::Type, source: ir::Type) -> Option<Transfer> {
    if !matches!(ctx.type_data(source), TypeData::MemRef { .. }) {
        return None;
    }
    let (shape, _) = vector_shape(ctx, vector)?;
    let map = ir::dialects::vector::permutation_map(ctx, op)?;
    let dims = map
        .results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => Some(Some(*d as usize)),
            AffineExpr::Const(0) => Some(None),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let in_bounds = ir::dialects::vector::in_bounds(ctx, op);
    let segments = ir::dialects::syntax::segments(ctx, op)?;
    let masked = segments.last().is_some_and(|&m| m > 0);
    Some(Transfer {
        rank: map.num_dims as usize,
        shape,
        dims,
        in_bounds,
        masked,
    })
}

/// Decodes `vector.<short>`.
pub fn decode(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    let kind = match short {
        "transfer_read" => {
            let vector = ctx.value_type(*ctx.results(op).first()?);
            VectorKind::TransferRead(transfer(ctx, op, vector, operand_type(ctx, op, 0)?)?)
        }
        "transfer_write" => {
            if !ctx.results(op).is_empty() {
                return Some(Kind::Unsupported(
                    "'vector.transfer_write' on a tensor".into(),
                ));
            }
            let t = transfer(
                ctx,
                op,
                operand_type(ctx, op, 0)?,
                operand_type(ctx, op, 1)?,
            )?;
            VectorKind::TransferWrite(t)
        }
        "load" => VectorKind::Load(result_shape(ctx, op)?),
        "store" => VectorKind::Store(vector_shape(ctx, operand_type(ctx, op, 0)?)?.0),
        "broadcast" => VectorKind::Broadcast(result_shape(ctx, op)?),
        "extract" => VectorKind::Extract(ir::dialects::syntax::dense_array(
            ctx,
            op,
            "static_position",
        )?),
        "insert" => VectorKind::Insert(ir::dialects::syntax::dense_array(
            ctx,
            op,
            "static_position",
        )?),
        "fma" => VectorKind::Fma(float_ty(
            ctx,
            vector_shape(ctx, operand_type(ctx, op, 0)?)?.1,
        )?),
        "reduction" => VectorKind::Reduction {
            kind: ir::dialects::vector::reduction_kind(ctx, op)?,
            elem: scalar_type(ctx, ctx.value_type(*ctx.results(op).first()?))?,
        },
        "contract" => VectorKind::Contract(contraction(ctx, op)?),
        "print" => {
            let ty = operand_type(ctx, op, 0)?;
            let elem = vector_shape(ctx, ty).map_or(ty, |(_, e)| e);
            VectorKind::Print(scalar_type(ctx, elem)?)
        }
        _ => return Some(Kind::Unsupported(format!("'vector.{short}'"))),
    };
    Some(Kind::Vector(Box::new(kind)))
}

fn contraction(ctx: &Context, op: Op) -> Option<Contraction> {
    use ir::dialects::vector::contract;
    let maps = contract::contract_maps(ctx, op).filter(|m| m.len() == 3)?;
    let shapes: Vec<Vec<i64>> = (0..3)
        .map(|i| {
            operand_type(ctx, op, i).map(|t| vector_shape(ctx, t).map_or_else(Vec::new, |s| s.0))
        })
        .collect::<Option<_>>()?;
    let views: Vec<&[i64]> = shapes.iter().map(Vec::as_slice).collect();
    let sizes = contract::loop_sizes(&maps, &views)
        .into_iter()
        .collect::<Option<_>>()?;
    let acc = operand_type(ctx, op, 2)?;
    let elem = vector_shape(ctx, acc).map_or(acc, |(_, e)| e);
    Some(Contraction {
        maps,
        sizes,
        kind: ir::dialects::vector::reduction_kind(ctx, op)?,
        elem: scalar_type(ctx, elem)?,
    })
}

/// Whether `op` has a vector result (an `arith` op on vectors).
pub fn has_vector_result(ctx: &Context, op: Op) -> bool {
    ctx.results(op)
        .first()
        .is_some_and(|&r| vector_shape(ctx, ctx.value_type(r)).is_some())
}

/// Decodes an `arith` op with a vector result: constants and elementwise binary ops.
pub fn decode_arith(
    ctx: &Context,
    op: Op,
    short: &str,
    float_bin: Option<FloatBin>,
    int_bin: Option<IntBin>,
) -> Option<Kind> {
    let (shape, elem) = vector_shape(ctx, ctx.value_type(*ctx.results(op).first()?))?;
    if short == "constant" {
        return vector_constant(ctx, op, &shape, elem).map(Kind::Const);
    }
    let kind = match (float_bin, int_bin) {
        (Some(b), _) => VectorKind::FloatBin(b, float_ty(ctx, elem)?),
        (_, Some(b)) => VectorKind::IntBin(b, int_width(ctx, elem)?),
        _ => return Some(Kind::Unsupported(format!("'arith.{short}' on vectors"))),
    };
    Some(Kind::Vector(Box::new(kind)))
}

fn vector_constant(ctx: &Context, op: Op, shape: &[i64], elem: ir::Type) -> Option<Val> {
    let AttrData::DenseElements { literal, .. } = ctx.attr_data(ctx.get_attr(op, "value")?) else {
        return None;
    };
    let scalars = crate::decode::parse_dense_literal(literal, scalar_type(ctx, elem)?)?;
    let n = shape.iter().product::<i64>().max(0) as usize;
    let elems: Vec<Val> = match scalars.as_slice() {
        [one] => vec![Val::from_scalar(*one); n],
        many if many.len() == n => many.iter().copied().map(Val::from_scalar).collect(),
        _ => return None,
    };
    Some(vector_value(shape, elems))
}

/// The row-major coordinates of element `linear` of `shape`.
fn coordinates(shape: &[i64], mut linear: i64) -> Dims {
    let mut coords = Dims::from_elem(0, shape.len());
    for d in (0..shape.len()).rev() {
        let size = shape[d].max(1);
        coords[d] = linear % size;
        linear /= size;
    }
    coords
}

fn elements(v: &Val) -> Vec<Val> {
    match v {
        Val::Vector(v) => v.elems.clone(),
        other => vec![other.clone()],
    }
}

fn num_elements(shape: &[i64]) -> usize {
    shape.iter().product::<i64>().max(0) as usize
}

impl Machine<'_> {
    /// Runs a `vector` op (or an `arith` op on vectors).
    pub(crate) fn exec_vector(&mut self, info: &OpInfo, kind: &VectorKind) -> Result<(), RunError> {
        let a = &info.args;
        let result = match kind {
            VectorKind::TransferRead(t) => Some(self.transfer_read(info, t)?),
            VectorKind::TransferWrite(t) => {
                self.transfer_write(info, t)?;
                None
            }
            VectorKind::Load(shape) => Some(self.block_load(info, shape)?),
            VectorKind::Store(shape) => {
                self.block_store(info, shape)?;
                None
            }
            VectorKind::Broadcast(shape) => Some(broadcast(&self.get(a[0]), shape)),
            VectorKind::Extract(position) => Some(self.extract(info, position)),
            VectorKind::Insert(position) => Some(self.insert(info, position)),
            VectorKind::Fma(ty) => {
                let args = self.gather_vals(a);
                let fma = |lane: &[Val]| {
                    let [x, y, z] = [0, 1, 2].map(|i| lane.get(i).map_or(0.0, to_f64));
                    Ok(match ty {
                        FTy::F64 => Val::F64(x.mul_add(y, z)),
                        _ => from_f64(f64::from((x as f32).mul_add(y as f32, z as f32)), *ty),
                    })
                };
                Some(elementwise(&args, fma).unwrap_or_default())
            }
            VectorKind::Reduction { kind, elem } => Some(self.reduction(info, *kind, *elem)),
            VectorKind::Contract(c) => Some(self.contract(info, c)),
            VectorKind::Print(elem) => {
                let text = print_value(&self.get(a[0]), *elem);
                self.out.push_str(&text);
                None
            }
            VectorKind::FloatBin(b, ty) => {
                let args = self.gather_vals(a);
                let f = |lane: &[Val]| {
                    let r = float::binary(*b, to_f64(&lane[0]), to_f64(&lane[1]));
                    Ok(from_f64(r, *ty))
                };
                Some(elementwise(&args, f).unwrap_or_default())
            }
            VectorKind::IntBin(b, w) => {
                let args = self.gather_vals(a);
                let f = |lane: &[Val]| {
                    crate::ops::arith::int_binary(*b, lane[0].int(), lane[1].int(), *w)
                        .map(Val::Int)
                        .map_err(str::to_owned)
                };
                let r = elementwise(&args, f)
                    .map_err(|m| fail(RunErrorKind::UndefinedBehavior, m, &info.loc))?;
                Some(r)
            }
        };
        if let (Some(v), Some(&slot)) = (result, info.res.first()) {
            self.set(slot, v);
        }
        Ok(())
    }

    /// The memref indices of vector position `coords`, or `None` when the position reads the
    /// padding (out of bounds in a dimension not declared in bounds, or masked off).
    fn transfer_indices(
        &self,
        t: &Transfer,
        base: &[i64],
        coords: &[i64],
        sizes: &[i64],
        mask_bit: bool,
    ) -> Option<Dims> {
        if !mask_bit {
            return None;
        }
        let mut indices: Dims = base.iter().copied().collect();
        for (r, dim) in t.dims.iter().enumerate() {
            let Some(d) = *dim else { continue };
            let i = indices.get(d)?.wrapping_add(coords[r]);
            indices[d] = i;
            let in_bounds = t.in_bounds.get(r).copied().unwrap_or(false);
            if !in_bounds && (i < 0 || i >= sizes.get(d).copied().unwrap_or(0)) {
                return None;
            }
        }
        Some(indices)
    }

    fn transfer_read(&mut self, info: &OpInfo, t: &Transfer) -> Result<Val, RunError> {
        let a = &info.args;
        let base: Dims = a[1..=t.rank]
            .iter()
            .map(|&s| as_index(&self.get(s)))
            .collect();
        let padding = self.get(a[t.rank + 1]);
        let mask = t.masked.then(|| elements(&self.get(a[t.rank + 2])));
        let sizes = self
            .get(a[0])
            .memref()
            .map(|d| d.sizes.to_vec())
            .unwrap_or_default();
        let n = num_elements(&t.shape);
        let mut elems = Vec::with_capacity(n);
        for linear in 0..n {
            let coords = coordinates(&t.shape, linear as i64);
            let bit = mask
                .as_ref()
                .is_none_or(|m| m.get(linear).is_some_and(Val::bool));
            elems.push(
                match self.transfer_indices(t, &base, &coords, &sizes, bit) {
                    Some(indices) => self.load_at(a[0], &indices, info)?,
                    None => padding.clone(),
                },
            );
        }
        Ok(vector_value(&t.shape, elems))
    }

    fn transfer_write(&mut self, info: &OpInfo, t: &Transfer) -> Result<(), RunError> {
        let a = &info.args;
        let values = elements(&self.get(a[0]));
        let base: Dims = a[2..2 + t.rank]
            .iter()
            .map(|&s| as_index(&self.get(s)))
            .collect();
        let mask = t.masked.then(|| elements(&self.get(a[2 + t.rank])));
        let sizes = self
            .get(a[1])
            .memref()
            .map(|d| d.sizes.to_vec())
            .unwrap_or_default();
        for (linear, v) in values.iter().enumerate() {
            let coords = coordinates(&t.shape, linear as i64);
            let bit = mask
                .as_ref()
                .is_none_or(|m| m.get(linear).is_some_and(Val::bool));
            if let Some(indices) = self.transfer_indices(t, &base, &coords, &sizes, bit) {
                self.store_at(a[1], &indices, v, info)?;
            }
        }
        Ok(())
    }

    /// The memref indices of element `linear` of a `shape` block at the indices in `slots`.
    fn block_indices(&self, slots: &[u32], shape: &[i64], linear: usize) -> Dims {
        let mut indices: Dims = slots.iter().map(|&s| as_index(&self.get(s))).collect();
        let coords = coordinates(shape, linear as i64);
        let first = indices.len().saturating_sub(shape.len());
        for (k, c) in coords.iter().enumerate() {
            if let Some(i) = indices.get_mut(first + k) {
                *i = i.wrapping_add(*c);
            }
        }
        indices
    }

    fn block_load(&mut self, info: &OpInfo, shape: &[i64]) -> Result<Val, RunError> {
        let a = &info.args;
        let mut elems = Vec::with_capacity(num_elements(shape));
        for linear in 0..num_elements(shape) {
            let indices = self.block_indices(&a[1..], shape, linear);
            elems.push(self.load_at(a[0], &indices, info)?);
        }
        Ok(vector_value(shape, elems))
    }

    fn block_store(&mut self, info: &OpInfo, shape: &[i64]) -> Result<(), RunError> {
        let a = &info.args;
        let values = elements(&self.get(a[0]));
        for (linear, v) in values.iter().enumerate() {
            let indices = self.block_indices(&a[2..], shape, linear);
            self.store_at(a[1], &indices, v, info)?;
        }
        Ok(())
    }

    /// The position of `extract`/`insert`: static entries, dynamic ones from `slots`.
    fn position(&self, statics: &[i64], slots: &[u32]) -> Dims {
        let mut next = slots.iter();
        statics
            .iter()
            .map(|&s| match s {
                ir::DYNAMIC => next.next().map_or(0, |&slot| as_index(&self.get(slot))),
                s => s,
            })
            .collect()
    }

    fn extract(&self, info: &OpInfo, statics: &[i64]) -> Val {
        let a = &info.args;
        let Val::Vector(v) = self.get(a[0]) else {
            return Val::Undef;
        };
        let position = self.position(statics, &a[1..]);
        let (start, inner) = sub_block(&v.shape, &position);
        if inner.is_empty() {
            return v.elems.get(start).cloned().unwrap_or_default();
        }
        let n = num_elements(&inner);
        let elems = v
            .elems
            .get(start..start + n)
            .map(<[Val]>::to_vec)
            .unwrap_or_default();
        vector_value(&inner, elems)
    }

    fn insert(&self, info: &OpInfo, statics: &[i64]) -> Val {
        let a = &info.args;
        let Val::Vector(dest) = self.get(a[1]) else {
            return Val::Undef;
        };
        let position = self.position(statics, &a[2..]);
        let (start, _) = sub_block(&dest.shape, &position);
        let mut elems = dest.elems.clone();
        for (k, v) in elements(&self.get(a[0])).into_iter().enumerate() {
            if let Some(slot) = elems.get_mut(start + k) {
                *slot = v;
            }
        }
        vector_value(&dest.shape, elems)
    }

    fn reduction(&self, info: &OpInfo, kind: usize, elem: ScalarType) -> Val {
        let a = &info.args;
        let mut values = elements(&self.get(a[0]));
        if let Some(&acc) = a.get(1) {
            values.insert(0, self.get(acc));
        }
        let name = ir::dialects::vector::REDUCTION_KINDS
            .get(kind)
            .copied()
            .unwrap_or("");
        let mut iter = values.into_iter();
        let first = iter.next().unwrap_or_default();
        iter.fold(first, |acc, v| combine(name, elem, &acc, &v))
    }
}

impl Machine<'_> {
    /// `vector.contract`: over the iteration domain in row-major order, the product of the
    /// selected `lhs` and `rhs` elements is combined into the selected accumulator element.
    fn contract(&self, info: &OpInfo, c: &Contraction) -> Val {
        let a = &info.args;
        let [lhs, rhs, acc] = [0, 1, 2].map(|i| self.get(a[i]));
        let shape_of = |v: &Val| match v {
            Val::Vector(v) => v.shape.to_vec(),
            _ => Vec::new(),
        };
        let acc_shape = shape_of(&acc);
        let (lhs_shape, rhs_shape) = (shape_of(&lhs), shape_of(&rhs));
        let (lhs, rhs, mut out) = (elements(&lhs), elements(&rhs), elements(&acc));
        let name = ir::dialects::vector::REDUCTION_KINDS
            .get(c.kind)
            .copied()
            .unwrap_or("");
        for linear in 0..num_elements(&c.sizes) {
            let point = coordinates(&c.sizes, linear as i64);
            let at = |map: &ir::AffineMap, shape: &[i64]| linear_index(map, shape, &point);
            let l = lhs
                .get(at(&c.maps[0], &lhs_shape))
                .cloned()
                .unwrap_or_default();
            let r = rhs
                .get(at(&c.maps[1], &rhs_shape))
                .cloned()
                .unwrap_or_default();
            let product = combine("mul", c.elem, &l, &r);
            if let Some(slot) = out.get_mut(at(&c.maps[2], &acc_shape)) {
                *slot = combine(name, c.elem, slot, &product);
            }
        }
        if acc_shape.is_empty() {
            return out.into_iter().next().unwrap_or_default();
        }
        vector_value(&acc_shape, out)
    }
}

/// The row-major index, in an operand of `shape`, of the element `map` selects at `point`.
fn linear_index(map: &ir::AffineMap, shape: &[i64], point: &[i64]) -> usize {
    let mut index = 0i64;
    for (expr, &size) in map.results.iter().zip(shape) {
        let coordinate = match expr {
            AffineExpr::Dim(d) => point.get(*d as usize).copied().unwrap_or(0),
            _ => 0,
        };
        index = index * size + coordinate;
    }
    index.max(0) as usize
}

/// The linear start and the shape of the sub-block of `shape` at `position`.
fn sub_block(shape: &[i64], position: &[i64]) -> (usize, Vec<i64>) {
    let inner = shape.get(position.len()..).unwrap_or_default().to_vec();
    let inner_size = num_elements(&inner) as i64;
    let mut outer = 0i64;
    for (&size, &p) in shape.iter().zip(position) {
        outer = outer.wrapping_mul(size).wrapping_add(p);
    }
    (outer.wrapping_mul(inner_size).max(0) as usize, inner)
}

/// `value` broadcast to `shape` (trailing dimensions aligned; unit dimensions stretched).
fn broadcast(value: &Val, shape: &[i64]) -> Val {
    let Val::Vector(v) = value else {
        return vector_value(shape, vec![value.clone(); num_elements(shape)]);
    };
    let lead = shape.len() - v.shape.len().min(shape.len());
    let elems = (0..num_elements(shape))
        .map(|linear| {
            let coords = coordinates(shape, linear as i64);
            let mut src = 0i64;
            for (k, &size) in v.shape.iter().enumerate() {
                let c = if size == 1 { 0 } else { coords[lead + k] };
                src = src * size + c;
            }
            v.elems.get(src as usize).cloned().unwrap_or_default()
        })
        .collect();
    vector_value(shape, elems)
}

/// One step of a reduction of kind `name`.
fn combine(name: &str, elem: ScalarType, a: &Val, b: &Val) -> Val {
    if let Some(ty) = float_format(elem) {
        let op = match name {
            "add" => FloatBin::Add,
            "mul" => FloatBin::Mul,
            "minimumf" => FloatBin::Minimum,
            "maximumf" => FloatBin::Maximum,
            "minnumf" => FloatBin::MinNum,
            _ => FloatBin::MaxNum,
        };
        return from_f64(float::binary(op, to_f64(a), to_f64(b)), ty);
    }
    let width = match elem {
        ScalarType::Int { bits } => bits,
        _ => 64,
    };
    let op = match name {
        "add" => IntBin::Add,
        "mul" => IntBin::Mul,
        "minui" => IntBin::MinUI,
        "minsi" => IntBin::MinSI,
        "maxui" => IntBin::MaxUI,
        "maxsi" => IntBin::MaxSI,
        "and" => IntBin::And,
        "or" => IntBin::Or,
        _ => IntBin::Xor,
    };
    Val::Int(crate::ops::arith::int_binary(op, a.int(), b.int(), width).unwrap_or(0))
}

fn float_format(elem: ScalarType) -> Option<FTy> {
    Some(match elem {
        ScalarType::F16 => FTy::F16,
        ScalarType::BF16 => FTy::BF16,
        ScalarType::F32 => FTy::F32,
        ScalarType::F64 => FTy::F64,
        _ => return None,
    })
}

/// One element as the lowering of `vector.print` prints it (`printF32`, `printI64`...).
fn print_element(v: &Val, elem: ScalarType) -> String {
    match elem {
        ScalarType::F32 | ScalarType::F16 | ScalarType::BF16 => {
            runner_utils::print_f32(to_f64(v) as f32)
        }
        ScalarType::F64 => runner_utils::print_f64(to_f64(v)),
        ScalarType::Index => runner_utils::print_u64(v.int() as u64),
        ScalarType::Int { bits: 1 } => runner_utils::print_i64((v.int() & mask(1)) as i64),
        ScalarType::Int { bits } => runner_utils::print_i64(sext(v.int(), bits) as i64),
    }
}

/// `vector.print` of a scalar or vector: nested `( a, b )` groups, then a newline.
pub fn print_value(v: &Val, elem: ScalarType) -> String {
    let mut out = match v {
        Val::Vector(vec) => {
            let mut s = String::new();
            print_block(&vec.shape, &vec.elems, elem, &mut s);
            s
        }
        other => print_element(other, elem),
    };
    out.push_str(&runner_utils::print_newline());
    out
}

fn print_block(shape: &[i64], elems: &[Val], elem: ScalarType, out: &mut String) {
    let Some((&first, rest)) = shape.split_first() else {
        if let Some(v) = elems.first() {
            out.push_str(&print_element(v, elem));
        }
        return;
    };
    let inner = num_elements(rest).max(1);
    out.push_str(&runner_utils::print_open());
    for i in 0..first.max(0) as usize {
        if i > 0 {
            out.push_str(&runner_utils::print_comma());
        }
        let chunk = elems.get(i * inner..(i + 1) * inner).unwrap_or_default();
        print_block(rest, chunk, elem, out);
    }
    out.push_str(&runner_utils::print_close());
}
