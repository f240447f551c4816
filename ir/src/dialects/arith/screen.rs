//! A quick screen of the binary integer ops (`arith.addi`, `subi`, `muli`, `andi`, `ori`,
//! `xori`, `cmpi`) before their folders and patterns run: most visits of such an op change
//! nothing (after the deallocation lowering, most of the program is `cmpi`, `andi` and `ori`
//! of block arguments and pointers), and trying each folder in turn, each reading the operands
//! and asking whether they are constants again, costs several times one look at what defines
//! the two operands. The screen errs only towards `true` (the folders then decide), so they
//! apply exactly as without it.
//!
//! Each folder needs a constant operand (of a particular value, or on a particular side), the
//! same value twice, or an operand defined by a particular op (`(a - b) + b` needs a `subi`,
//! `x & !x` an `xori` or two `cmpi`):
//!
//! ```text
//! %ne = arith.cmpi ne, %p, %q : index    // two distinct pointers: no folder applies
//! %g = arith.andi %ne, %owned : i1       // a `cmpi` and a block argument: none applies
//! %f = arith.ori %owned, %true : i1      // a constant: the folders decide
//! %n = arith.addi %i, %c1 : index        // 1 added to a block argument: none applies
//! ```

use super::canonicalize::same_value;
use super::{AddIOp, CmpIOp, ConstantOp, MulIOp, SubIOp, XOrIOp};
use crate::context::Context;
use crate::dialects::view::OpView;
use crate::entity::{Op, Value};
use crate::registry::Traits;

/// The binary integer ops the screen knows, numbered (`as u8`) in the order of
/// [`BinaryKind::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum BinaryKind {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Cmp,
}

impl BinaryKind {
    /// Every kind, at the position of its number.
    pub(super) const ALL: [BinaryKind; 7] = [
        BinaryKind::Add,
        BinaryKind::Sub,
        BinaryKind::Mul,
        BinaryKind::And,
        BinaryKind::Or,
        BinaryKind::Xor,
        BinaryKind::Cmp,
    ];

    /// Whether `constants_to_the_right` is among the op's folders.
    fn is_commutative(self) -> bool {
        !matches!(self, BinaryKind::Sub | BinaryKind::Cmp)
    }
}

/// What defines an operand, as far as the folders care.
#[derive(Clone, Copy)]
enum Definer {
    /// A block argument.
    Argument,
    /// A constant-like op (what `ConstantOp::as_int` reads).
    Constant,
    /// Another op.
    Op(Op),
}

impl Definer {
    fn of(ctx: &Context, v: Value) -> Definer {
        match ctx.defining_op(v) {
            None => Definer::Argument,
            Some(op) if ctx.has_trait(op, Traits::CONSTANT_LIKE) => Definer::Constant,
            Some(op) => Definer::Op(op),
        }
    }

    fn is_constant(self) -> bool {
        matches!(self, Definer::Constant)
    }

    /// Whether an op of view `V` defines the operand.
    fn is<V: OpView>(self, ctx: &Context) -> bool {
        matches!(self, Definer::Op(op) if V::is(ctx, op))
    }

    /// Whether an `addi` or a `subi` defines the operand.
    fn is_add_or_sub(self, ctx: &Context) -> bool {
        self.is::<AddIOp>(ctx) || self.is::<SubIOp>(ctx)
    }
}

/// Whether some folder or pattern of the binary op `op` of kind `kind` may change it; `false`
/// only when none applies (see each folder's own conditions in `canonicalize` and
/// `integer_identities`).
pub(super) fn may_change(ctx: &Context, op: Op, kind: BinaryKind) -> bool {
    if ctx.num_operands(op) != 2 {
        return true;
    }
    let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
    if a == b {
        return true;
    }
    let (x, y) = (Definer::of(ctx, a), Definer::of(ctx, b));
    // The right operand's constant, asked only when it is one.
    let rhs_is = |values: &[i128]| ConstantOp::as_int(ctx, b).is_some_and(|c| values.contains(&c));
    match kind {
        // Two constants, or the same computation twice (`same_value`).
        BinaryKind::Cmp => (x.is_constant() && y.is_constant()) || same_value(ctx, a, b),
        // Two constants fold; a constant on the left of a commutative op moves right.
        _ if x.is_constant() && (y.is_constant() || kind.is_commutative()) => true,
        // `x + 0`; `(x + c0) + c1` and its siblings, `(a - c) + c`, `x * -1 + c`.
        BinaryKind::Add if y.is_constant() => {
            rhs_is(&[0]) || x.is_add_or_sub(ctx) || x.is::<MulIOp>(ctx)
        }
        // `(a - b) + b`, `b + (a - b)` (`fold_add_of_sub`), `x + y * -1`, `x * -1 + y`.
        BinaryKind::Add => [x, y]
            .iter()
            .any(|d| d.is::<SubIOp>(ctx) || d.is::<MulIOp>(ctx)),
        // `x - 0`; `c1 - (x + c0)` and its siblings.
        BinaryKind::Sub if y.is_constant() => rhs_is(&[0]) || x.is_add_or_sub(ctx),
        BinaryKind::Sub if x.is_constant() => y.is_add_or_sub(ctx),
        // `(a + b) - b` (`fold_sub_of_add`), `(a - b) - a`.
        BinaryKind::Sub => x.is_add_or_sub(ctx),
        // `x * 0`, `x * 1`, `(x * c0) * c1`.
        BinaryKind::Mul => y.is_constant() && (rhs_is(&[0, 1]) || x.is::<MulIOp>(ctx)),
        // Every constant decides something of `andi` and `ori` but an unusual one; left to
        // the folders.
        BinaryKind::And | BinaryKind::Or if y.is_constant() => true,
        // `x & !x`, `x | !x`: one operand an `xori` (`x ^ true`), or both compares
        // (`negates`).
        BinaryKind::And | BinaryKind::Or => {
            x.is::<XOrIOp>(ctx)
                || y.is::<XOrIOp>(ctx)
                || (x.is::<CmpIOp>(ctx) && y.is::<CmpIOp>(ctx))
        }
        // `x ^ 0`; `(x ^ true) ^ true`, `(cmpi p a b) ^ true`.
        BinaryKind::Xor => {
            y.is_constant() && (rhs_is(&[0]) || x.is::<XOrIOp>(ctx) || x.is::<CmpIOp>(ctx))
        }
    }
}

#[cfg(test)]
mod tests {
    //! The screen against the folders, on every binary integer op of the repository's `.mlir`
    //! tests: where it answers that none applies, none may.

    use super::*;
    use crate::dialects::arith::canonicalize::binary_canonicalizations;
    use crate::dialects::arith::{AndIOp, OrIOp};
    use crate::dialects::test_corpus::for_each_chunk_with;
    use crate::rewrite::Rewriter;

    /// The kind of `op`, if the screen knows it.
    fn kind_of(ctx: &Context, op: Op) -> Option<BinaryKind> {
        let kinds = [
            (AddIOp::NAME, BinaryKind::Add),
            (SubIOp::NAME, BinaryKind::Sub),
            (MulIOp::NAME, BinaryKind::Mul),
            (AndIOp::NAME, BinaryKind::And),
            (OrIOp::NAME, BinaryKind::Or),
            (XOrIOp::NAME, BinaryKind::Xor),
            (CmpIOp::NAME, BinaryKind::Cmp),
        ];
        let name = ctx.op_name_str(op);
        kinds.iter().find(|(n, _)| *n == name).map(|&(_, k)| k)
    }

    #[test]
    fn every_kind_sits_at_its_number() {
        for (number, kind) in BinaryKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, number, "{kind:?}");
        }
    }

    #[test]
    fn the_screen_never_hides_a_folder_that_applies() {
        let (mut screened_out, mut screened_in) = (0, 0);
        for_each_chunk_with("arith.", |file, ctx, module| {
            for op in ctx.walk_preorder(module) {
                let Some(kind) = kind_of(ctx, op).filter(|_| ctx.is_alive(op)) else {
                    continue;
                };
                if may_change(ctx, op, kind) {
                    screened_in += 1;
                    continue;
                }
                screened_out += 1;
                let mut rw = Rewriter::new(ctx);
                let applies = binary_canonicalizations(kind)
                    .iter()
                    .any(|pattern| pattern(&mut rw, op));
                assert!(
                    !applies,
                    "{}: the screen hides a folder that changes an {kind:?} op",
                    file.display()
                );
            }
        });
        assert!(
            screened_out >= 200 && screened_in >= 200,
            "too few ops to judge the screen: {screened_out} screened out, {screened_in} in"
        );
    }
}
