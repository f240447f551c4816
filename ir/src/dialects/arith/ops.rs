//! Typed views and builders of the `arith` ops that passes create and inspect.
//!
//! ```text
//! %true = arith.constant true                 // ConstantOp::build_bool(b, true)
//! %c0 = arith.constant 0 : index              // ConstantOp::build_index(b, 0)
//! %0 = arith.cmpi ne, %a, %b : index          // CmpIOp::build(b, CmpIPredicate::Ne, a, b)
//! %1 = arith.select %0, %x, %y : i1           // SelectOp::build(b, cond, x, y)
//! %2 = arith.andi %1, %true : i1              // AndIOp::build(b, lhs, rhs)
//! ```
//!
//! The constant matchers ([`ConstantOp::as_int`], [`ConstantOp::as_bool`],
//! [`ConstantOp::as_index`]) read the integer `value` of any constant-like op, as MLIR's
//! `m_Constant` does, so a user-registered constant op folds the same way.

use crate::Builder;
use crate::attrs::AttrData;
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Attr, Op, Type, Value};
use crate::op_view;
use crate::registry::Traits;
use crate::types::TypeData;
use crate::util::{sext, zext};

op_view!(
    /// `arith.constant`: a value given by its `value` attribute.
    ConstantOp,
    "arith.constant"
);

impl ConstantOp {
    /// The `value` attribute.
    pub fn value_attr(self, ctx: &Context) -> Option<Attr> {
        ctx.get_attr(self.0, "value")
    }

    /// The constant.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The integer held by `v` when a constant-like op defines it with an integer or boolean
    /// `value` (sign-extended to its width).
    pub fn as_int(ctx: &Context, v: Value) -> Option<i128> {
        let op = ctx.defining_op(v)?;
        if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
            return None;
        }
        Self::int_value_of(ctx, op)
    }

    /// The integer `value` attribute of the constant-like `op`. Most values asked about are no
    /// constants, and [`Self::as_int`] turns those away first; a constant holds one or two
    /// attributes, so each name is compared in place (no hashing of `value`).
    #[inline]
    fn int_value_of(ctx: &Context, op: Op) -> Option<i128> {
        let &(_, attr) = ctx
            .attrs(op)
            .iter()
            .find(|&&(name, _)| ctx.sym_str(name) == "value")?;
        match ctx.attr_data(attr) {
            AttrData::Integer { value, .. } => Some(*value),
            AttrData::Bool(b) => Some(i128::from(*b)),
            _ => None,
        }
    }

    /// The boolean held by `v` when it is a constant of type `i1`.
    pub fn as_bool(ctx: &Context, v: Value) -> Option<bool> {
        // Whether a constant defines `v` is cheaper to learn than its type, and rarer.
        let op = ctx.defining_op(v)?;
        if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
            return None;
        }
        match ctx.type_data(ctx.value_type(v)) {
            TypeData::Integer { width: 1, .. } => Self::int_value_of(ctx, op).map(|x| x != 0),
            _ => None,
        }
    }

    /// The number held by `v` when it is a constant of type `index`.
    pub fn as_index(ctx: &Context, v: Value) -> Option<i64> {
        let op = ctx.defining_op(v)?;
        if !ctx.has_trait(op, Traits::CONSTANT_LIKE) {
            return None;
        }
        match ctx.type_data(ctx.value_type(v)) {
            TypeData::Index => Self::int_value_of(ctx, op).and_then(|x| i64::try_from(x).ok()),
            _ => None,
        }
    }

    /// Builds `arith.constant value : ty` for an integer or index type `ty`.
    pub fn build_int(b: &mut Builder, value: i128, ty: Type) -> Self {
        let attr = b.ctx().int_attr(value, ty);
        ConstantOp(b.build_static_op(Self::NAME, &[], &[ty], &[("value", attr)], Vec::new()))
    }

    /// Builds `arith.constant true` or `arith.constant false`.
    pub fn build_bool(b: &mut Builder, value: bool) -> Self {
        let i1 = b.ctx().i1_type();
        Self::build_int(b, i128::from(value), i1)
    }

    /// Builds `arith.constant value : index`.
    pub fn build_index(b: &mut Builder, value: i64) -> Self {
        let index = b.ctx().index_type();
        Self::build_int(b, i128::from(value), index)
    }
}

/// The comparison of `arith.cmpi`, numbered as its `predicate` attribute is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpIPredicate {
    /// Equal.
    Eq = 0,
    /// Not equal.
    Ne = 1,
    /// Signed less than.
    Slt = 2,
    /// Signed less than or equal.
    Sle = 3,
    /// Signed greater than.
    Sgt = 4,
    /// Signed greater than or equal.
    Sge = 5,
    /// Unsigned less than.
    Ult = 6,
    /// Unsigned less than or equal.
    Ule = 7,
    /// Unsigned greater than.
    Ugt = 8,
    /// Unsigned greater than or equal.
    Uge = 9,
}

impl CmpIPredicate {
    /// Every predicate, in attribute order.
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];

    /// The predicate numbered `value` in the attribute.
    pub fn from_number(value: i128) -> Option<Self> {
        usize::try_from(value)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// The predicate that holds exactly when `self` does not.
    pub fn negated(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Slt => Sge,
            Sge => Slt,
            Sle => Sgt,
            Sgt => Sle,
            Ult => Uge,
            Uge => Ult,
            Ule => Ugt,
            Ugt => Ule,
        }
    }

    /// Whether the comparison holds for two values that are equal.
    pub fn holds_for_equal(self) -> bool {
        use CmpIPredicate::*;
        matches!(self, Eq | Sle | Sge | Ule | Uge)
    }

    /// Whether the comparison holds for the integers `lhs` and `rhs` of width `width` (their
    /// bits are read as signed or unsigned as the predicate says).
    pub fn evaluate(self, lhs: i128, rhs: i128, width: u32) -> bool {
        use CmpIPredicate::*;
        let (ul, ur) = (zext(lhs, width), zext(rhs, width));
        let (sl, sr) = (sext(lhs, width), sext(rhs, width));
        match self {
            Eq => ul == ur,
            Ne => ul != ur,
            Slt => sl < sr,
            Sle => sl <= sr,
            Sgt => sl > sr,
            Sge => sl >= sr,
            Ult => ul < ur,
            Ule => ul <= ur,
            Ugt => ul > ur,
            Uge => ul >= ur,
        }
    }
}

op_view!(
    /// `arith.cmpi`: compares two integers (or indices), giving an `i1`.
    CmpIOp,
    "arith.cmpi"
);

impl CmpIOp {
    /// The comparison, if the `predicate` attribute names one.
    pub fn predicate(self, ctx: &Context) -> Option<CmpIPredicate> {
        match ctx.attr_data(ctx.get_attr(self.0, "predicate")?) {
            AttrData::Integer { value, .. } => CmpIPredicate::from_number(*value),
            _ => None,
        }
    }

    /// Builds `arith.cmpi predicate, lhs, rhs`.
    pub fn build(b: &mut Builder, predicate: CmpIPredicate, lhs: Value, rhs: Value) -> Self {
        let i64_type = b.ctx().int_type(64);
        let attr = b.ctx().int_attr(predicate as i128, i64_type);
        let i1 = b.ctx().i1_type();
        let op = b.build_static_op(
            Self::NAME,
            &[lhs, rhs],
            &[i1],
            &[("predicate", attr)],
            Vec::new(),
        );
        CmpIOp(op)
    }
}

op_view!(
    /// `arith.select`: one of two values, chosen by an `i1` condition.
    SelectOp,
    "arith.select"
);

impl SelectOp {
    /// The `i1` choosing between the two values.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The value chosen when the condition holds.
    pub fn true_value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The value chosen when it does not.
    pub fn false_value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 2)
    }

    /// The chosen value.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// Builds `arith.select condition, true_value, false_value`, of the values' type.
    pub fn build(b: &mut Builder, condition: Value, true_value: Value, false_value: Value) -> Self {
        let ty = b.value_type(true_value);
        let operands = [condition, true_value, false_value];
        SelectOp(b.build_static_op(Self::NAME, &operands, &[ty], &[], Vec::new()))
    }
}

/// Declares the `lhs`, `rhs` and `result` accessors of a binary op.
macro_rules! lhs_rhs_result {
    ($view:ident) => {
        impl $view {
            /// The left operand.
            pub fn lhs(self, ctx: &Context) -> Value {
                ctx.operand(self.0, 0)
            }

            /// The right operand.
            pub fn rhs(self, ctx: &Context) -> Value {
                ctx.operand(self.0, 1)
            }

            /// The result.
            pub fn result(self, ctx: &Context) -> Value {
                ctx.result(self.0, 0)
            }
        }
    };
}

lhs_rhs_result!(CmpIOp);

/// Declares the view of a binary `arith` op whose result has its operands' type.
macro_rules! binary_op {
    ($(#[$meta:meta])* $view:ident, $name:literal) => {
        op_view!($(#[$meta])* $view, $name);
        lhs_rhs_result!($view);

        impl $view {
            /// Builds the op on `lhs` and `rhs`, with `lhs`'s type.
            pub fn build(b: &mut Builder, lhs: Value, rhs: Value) -> Self {
                let ty = b.value_type(lhs);
                $view(b.build_static_op(Self::NAME, &[lhs, rhs], &[ty], &[], Vec::new()))
            }
        }
    };
}

binary_op!(
    /// `arith.andi`: bitwise and (logical and on `i1`).
    AndIOp,
    "arith.andi"
);
binary_op!(
    /// `arith.ori`: bitwise or (logical or on `i1`).
    OrIOp,
    "arith.ori"
);
binary_op!(
    /// `arith.xori`: bitwise exclusive or (negation on `i1` against `true`).
    XOrIOp,
    "arith.xori"
);
binary_op!(
    /// `arith.addi`: wrapping addition.
    AddIOp,
    "arith.addi"
);
binary_op!(
    /// `arith.subi`: wrapping subtraction.
    SubIOp,
    "arith.subi"
);
binary_op!(
    /// `arith.muli`: wrapping multiplication.
    MulIOp,
    "arith.muli"
);
op_view!(
    /// `arith.index_cast`: converts between `index` and an integer type, sign-extending or
    /// truncating.
    IndexCastOp,
    "arith.index_cast"
);

binary_op!(
    /// `arith.maxsi`: signed maximum.
    MaxSIOp,
    "arith.maxsi"
);
binary_op!(
    /// `arith.minsi`: signed minimum.
    MinSIOp,
    "arith.minsi"
);
binary_op!(
    /// `arith.maxui`: unsigned maximum.
    MaxUIOp,
    "arith.maxui"
);
binary_op!(
    /// `arith.minui`: unsigned minimum.
    MinUIOp,
    "arith.minui"
);
op_view!(
    /// `arith.extui`: zero-extends an integer to a wider type.
    ExtUIOp,
    "arith.extui"
);
op_view!(
    /// `arith.extsi`: sign-extends an integer to a wider type.
    ExtSIOp,
    "arith.extsi"
);
op_view!(
    /// `arith.trunci`: truncates an integer to a narrower type.
    TruncIOp,
    "arith.trunci"
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialects::view::testing::build_in_func;

    #[test]
    fn constants_build_and_match() {
        let text = build_in_func("", |b, _| {
            let t = ConstantOp::build_bool(b, true).result(b);
            let c7 = ConstantOp::build_index(b, 7).result(b);
            let i32_type = b.ctx().int_type(32);
            let n = ConstantOp::build_int(b, -3, i32_type).result(b);
            assert_eq!(ConstantOp::as_bool(b, t), Some(true));
            assert_eq!(ConstantOp::as_index(b, c7), Some(7));
            assert_eq!(ConstantOp::as_index(b, t), None);
            assert_eq!(ConstantOp::as_int(b, n), Some(-3));
            assert_eq!(ConstantOp::as_bool(b, n), None);
        });
        let expected = "\
module {
  func.func @f() {
    %true = arith.constant true
    %c7 = arith.constant 7 : index
    %c-3_i32 = arith.constant -3 : i32
    return
  }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn comparisons_selects_and_logic_build() {
        let text = build_in_func("%a: index, %b: index, %c: i1, %d: i1", |b, args| {
            let cmp = CmpIOp::build(b, CmpIPredicate::Ult, args[0], args[1]);
            assert_eq!(cmp.predicate(b), Some(CmpIPredicate::Ult));
            assert_eq!((cmp.lhs(b), cmp.rhs(b)), (args[0], args[1]));
            let lt = cmp.result(b);
            let select = SelectOp::build(b, lt, args[2], args[3]);
            assert_eq!(select.condition(b), lt);
            let chosen = select.result(b);
            let both = AndIOp::build(b, chosen, args[2]).result(b);
            let either = OrIOp::build(b, both, args[3]).result(b);
            XOrIOp::build(b, either, args[2]);
            let sum = AddIOp::build(b, args[0], args[1]).result(b);
            let difference = SubIOp::build(b, sum, args[1]).result(b);
            let product = MulIOp::build(b, difference, args[0]).result(b);
            let max = MaxSIOp::build(b, product, args[1]);
            assert_eq!(max.lhs(b), product);
        });
        let expected = "\
module {
  func.func @f(%arg0: index, %arg1: index, %arg2: i1, %arg3: i1) {
    %0 = arith.cmpi ult, %arg0, %arg1 : index
    %1 = arith.select %0, %arg2, %arg3 : i1
    %2 = arith.andi %1, %arg2 : i1
    %3 = arith.ori %2, %arg3 : i1
    %4 = arith.xori %3, %arg2 : i1
    %5 = arith.addi %arg0, %arg1 : index
    %6 = arith.subi %5, %arg1 : index
    %7 = arith.muli %6, %arg0 : index
    %8 = arith.maxsi %7, %arg1 : index
    return
  }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn predicates_round_trip_their_numbers() {
        for (i, p) in CmpIPredicate::ALL.iter().enumerate() {
            assert_eq!(CmpIPredicate::from_number(i as i128), Some(*p));
            assert_eq!(p.negated().negated(), *p);
            assert_ne!(p.negated(), *p);
            assert_eq!(p.holds_for_equal(), p.evaluate(5, 5, 8));
            assert_ne!(p.evaluate(-1, 1, 8), p.negated().evaluate(-1, 1, 8));
        }
        // -1 is below 1 signed and above it unsigned.
        assert!(CmpIPredicate::Slt.evaluate(-1, 1, 8));
        assert!(CmpIPredicate::Ugt.evaluate(-1, 1, 8));
        assert_eq!(CmpIPredicate::from_number(10), None);
        assert_eq!(CmpIPredicate::from_number(-1), None);
    }
}
