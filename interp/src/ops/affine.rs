//! `affine`: loops, conditionals, map applications and accesses through affine maps.
//!
//! Semantics (AffineOps.td): an `affine.for` runs from the maximum of its lower-bound map's
//! results to the minimum of its upper-bound map's results (exclusive) by its constant step,
//! carrying `iter_args` like `scf.for`; `affine.if` takes its then region when every
//! constraint of its integer set holds (`expr >= 0` or `expr == 0`); `affine.apply` evaluates
//! its one-result map, `affine.min`/`affine.max` the smallest/largest result;
//! `affine.load`/`affine.store` access the element at the map's results, checked like
//! `memref.load`/`memref.store`; `affine.parallel` without reductions runs sequentially in
//! row-major order like `scf.parallel`. Expressions are evaluated in 64-bit arithmetic with
//! MLIR's rounding: `floordiv` rounds down, `ceildiv` up, `mod` is never negative for a
//! positive divisor. A zero divisor is undefined behaviour.

use ir::{AffineExpr, AffineMap, Context, Op};
use smallvec::SmallVec;

use crate::exec::{Ctl, Machine, RunError, RunErrorKind, fail};
use crate::program::{Kind, OpInfo};
use crate::value::{Val, as_index, index_val};

/// A decoded `affine` op.
#[derive(Clone, Debug)]
pub enum AffineKind {
    /// `affine.for`: bounds over the first `lb_operands` and the next `ub_operands` operands.
    For {
        lb: AffineMap,
        lb_operands: usize,
        ub: AffineMap,
        ub_operands: usize,
        step: i64,
    },
    /// `affine.if` with its constraints.
    If(ir::attrs::IntegerSet),
    /// `affine.apply`.
    Apply(AffineMap),
    /// `affine.min`.
    Min(AffineMap),
    /// `affine.max`.
    Max(AffineMap),
    /// `affine.load` with its subscript map.
    Load(AffineMap),
    /// `affine.store` with its subscript map.
    Store(AffineMap),
    /// `affine.parallel` without reductions.
    Parallel {
        lbs: AffineMap,
        lb_operands: usize,
        ubs: AffineMap,
        steps: Vec<i64>,
    },
}

fn map(ctx: &Context, op: Op, name: &str) -> Option<AffineMap> {
    ir::dialects::affine::map_attr(ctx, op, name).cloned()
}

/// Decodes `affine.<short>`.
pub fn decode(ctx: &Context, op: Op, short: &str) -> Option<Kind> {
    let kind = match short {
        "for" => {
            let [lbs, ubs, _] = ir::dialects::affine::for_operand_groups(ctx, op);
            AffineKind::For {
                lb: map(ctx, op, "lowerBoundMap")?,
                lb_operands: lbs.len(),
                ub: map(ctx, op, "upperBoundMap")?,
                ub_operands: ubs.len(),
                step: ir::dialects::affine::for_step(ctx, op),
            }
        }
        "if" => AffineKind::If(ir::dialects::affine::set_attr(ctx, op, "condition")?.clone()),
        "apply" => AffineKind::Apply(map(ctx, op, "map")?),
        "min" => AffineKind::Min(map(ctx, op, "map")?),
        "max" => AffineKind::Max(map(ctx, op, "map")?),
        "load" => AffineKind::Load(map(ctx, op, "map")?),
        "store" => AffineKind::Store(map(ctx, op, "map")?),
        "yield" => return Some(Kind::Yield),
        "parallel" => {
            if !ir::dialects::affine::int_array(ctx, op, "reductions").is_empty() {
                return Some(Kind::Unsupported(
                    "'affine.parallel' with reductions".into(),
                ));
            }
            let lbs = map(ctx, op, "lowerBoundsMap")?;
            AffineKind::Parallel {
                lb_operands: (lbs.num_dims + lbs.num_symbols) as usize,
                lbs,
                ubs: map(ctx, op, "upperBoundsMap")?,
                steps: ir::dialects::affine::int_array(ctx, op, "steps"),
            }
        }
        _ => return Some(Kind::Unsupported(format!("'affine.{short}'"))),
    };
    Some(Kind::Affine(Box::new(kind)))
}

/// Evaluates `e` with dimension `i` = `dims[i]` and symbol `j` = `syms[j]`; `None` on a zero
/// divisor.
pub fn eval(e: &AffineExpr, dims: &[i64], syms: &[i64]) -> Option<i64> {
    use AffineExpr::*;
    Some(match e {
        Dim(i) => dims.get(*i as usize).copied().unwrap_or(0),
        Symbol(i) => syms.get(*i as usize).copied().unwrap_or(0),
        Const(c) => *c,
        Add(a, b) => eval(a, dims, syms)?.wrapping_add(eval(b, dims, syms)?),
        Mul(a, b) => eval(a, dims, syms)?.wrapping_mul(eval(b, dims, syms)?),
        FloorDiv(a, b) => floor_div(eval(a, dims, syms)?, eval(b, dims, syms)?)?,
        CeilDiv(a, b) => ceil_div(eval(a, dims, syms)?, eval(b, dims, syms)?)?,
        Mod(a, b) => {
            let (x, y) = (eval(a, dims, syms)?, eval(b, dims, syms)?);
            let r = x.checked_rem(y)?;
            if r < 0 { r.wrapping_add(y.abs()) } else { r }
        }
    })
}

/// `x / y` rounded towards negative infinity.
fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

/// `x / y` rounded towards positive infinity.
fn ceil_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if x % y != 0 && ((x < 0) == (y < 0)) {
        q + 1
    } else {
        q
    })
}

/// Every result of `map` applied to `operands` (dimensions first, then symbols).
pub fn apply(map: &AffineMap, operands: &[i64]) -> Option<SmallVec<[i64; 4]>> {
    let n = (map.num_dims as usize).min(operands.len());
    let (dims, syms) = operands.split_at(n);
    map.results.iter().map(|e| eval(e, dims, syms)).collect()
}

impl Machine<'_> {
    fn indices(&self, slots: &[u32]) -> SmallVec<[i64; 4]> {
        slots.iter().map(|&s| as_index(&self.get(s))).collect()
    }

    fn apply_map(
        &self,
        map: &AffineMap,
        slots: &[u32],
        info: &OpInfo,
    ) -> Result<SmallVec<[i64; 4]>, RunError> {
        apply(map, &self.indices(slots)).ok_or_else(|| {
            fail(
                RunErrorKind::UndefinedBehavior,
                "affine expression divides by zero",
                &info.loc,
            )
        })
    }

    /// Runs an `affine` op.
    pub(crate) fn exec_affine(
        &mut self,
        op: Op,
        info: &OpInfo,
        kind: &AffineKind,
    ) -> Result<(), RunError> {
        let a = &info.args;
        match kind {
            AffineKind::Apply(m) | AffineKind::Min(m) | AffineKind::Max(m) => {
                let results = self.apply_map(m, a, info)?;
                let v = match kind {
                    AffineKind::Min(_) => results.iter().copied().min(),
                    AffineKind::Max(_) => results.iter().copied().max(),
                    _ => results.first().copied(),
                };
                self.set(info.res[0], index_val(v.unwrap_or(0)));
            }
            AffineKind::Load(m) => {
                let indices = self.apply_map(m, &a[1..], info)?;
                let v = self.load_at(a[0], &indices, info)?;
                self.set(info.res[0], v);
            }
            AffineKind::Store(m) => {
                let indices = self.apply_map(m, &a[2..], info)?;
                let v = self.get(a[0]);
                self.store_at(a[1], &indices, &v, info)?;
            }
            AffineKind::If(set) => {
                let values = self.indices(a);
                let n = (set.num_dims as usize).min(values.len());
                let (dims, syms) = values.split_at(n);
                let holds = set
                    .constraints
                    .iter()
                    .all(|(e, eq)| match eval(e, dims, syms) {
                        Some(v) => {
                            if *eq {
                                v == 0
                            } else {
                                v >= 0
                            }
                        }
                        None => false,
                    });
                self.enter_simple(op, if holds { 0 } else { 1 })?;
            }
            AffineKind::For {
                lb,
                lb_operands,
                ub,
                ub_operands,
                step,
            } => {
                let lb_end = *lb_operands;
                let ub_end = lb_end + ub_operands;
                let lower = self
                    .apply_map(lb, &a[..lb_end], info)?
                    .into_iter()
                    .max()
                    .unwrap_or(0);
                let upper = self
                    .apply_map(ub, &a[lb_end..ub_end], info)?
                    .into_iter()
                    .min()
                    .unwrap_or(0);
                let inits = self.gather(&a[ub_end..]);
                self.start_for(op, lower, upper, *step, inits)?;
            }
            AffineKind::Parallel {
                lbs,
                lb_operands,
                ubs,
                steps,
            } => {
                let lower = self.apply_map(lbs, &a[..*lb_operands], info)?;
                let upper = self.apply_map(ubs, &a[*lb_operands..], info)?;
                let steps = steps.iter().copied().collect();
                self.start_forall(op, info, [lower, upper, steps], a.len())?;
            }
        }
        Ok(())
    }

    /// Starts a signed 64-bit counted loop over region 0 of `op` (or gives `inits` as its
    /// results when it runs no iteration).
    fn start_for(
        &mut self,
        op: Op,
        lower: i64,
        upper: i64,
        step: i64,
        inits: SmallVec<[Val; 4]>,
    ) -> Result<(), RunError> {
        if lower >= upper {
            self.set_results(op, &inits);
            return Ok(());
        }
        let to_bits = |v: i64| u128::from(v as u64);
        self.ctl.push(Ctl::For {
            op,
            iv: to_bits(lower),
            ub: to_bits(upper),
            step: to_bits(step),
            width: 64,
            unsigned: false,
        });
        let mut args: SmallVec<[Val; 4]> = SmallVec::with_capacity(inits.len() + 1);
        args.push(index_val(lower));
        args.extend(inits);
        self.enter_region(op, 0, &args)?;
        Ok(())
    }

    /// Enters region `index` of a region op whose terminator gives its results (`scf.if`
    /// semantics: an empty region leaves the op at once).
    fn enter_simple(&mut self, op: Op, index: usize) -> Result<(), RunError> {
        self.ctl.push(Ctl::Simple(op));
        if !self.enter_region(op, index, &[])? {
            self.ctl.pop();
        }
        Ok(())
    }
}
