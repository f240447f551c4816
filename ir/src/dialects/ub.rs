//! The `ub` dialect: `ub.poison`, a pure constant-like op whose value is poison (any use is
//! undefined), syntax `ub.poison : f32`, its `value` property `#ub.poison`; and
//! `ub.unreachable`, a terminator that control never reaches (reaching it is undefined
//! behaviour). As upstream's, `ub.unreachable` declares no memory effects, so passes that need
//! them (the ownership-based deallocation) reject it unless canonicalize removed it first.

use crate::asm::lexer::TokKind;
use crate::attrs::AttrData;
use crate::dialects::syntax::add_attr;
use crate::dialects::view::OpView;
use crate::registry::Count::Exactly;
use crate::registry::OpCounts;
use crate::registry::{Effects, OpDef, Registry, Traits};

crate::op_view!(
    /// `ub.unreachable`: a terminator that control never reaches.
    UnreachableOp,
    "ub.unreachable"
);

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
    let mut unreachable = OpDef::new(UnreachableOp::NAME);
    unreachable.traits = Traits::TERMINATOR;
    // Upstream declares no memory effects for it: unknown, unlike other terminators.
    unreachable.effects = Some(|_, _| Effects::Unknown);
    unreachable.parse = Some(|p, state| p.parse_optional_attr_dict(&mut state.attrs));
    unreachable.print = Some(|p, op| p.print_optional_attr_dict(op, &[]));
    reg.register(unreachable);

    let mut poison = OpDef::new("ub.poison");
    poison.traits = Traits::PURE | Traits::CONSTANT_LIKE;
    poison.inherent_attrs = &["value"];
    poison.parse = Some(|p, state| {
        p.parse_optional_attr_dict(&mut state.attrs)?;
        if state
            .attrs
            .iter()
            .all(|(n, _)| p.ctx.sym_str(*n) != "value")
        {
            let value = p.ctx.attr(AttrData::Opaque("ub.poison".into()));
            add_attr(p, state, "value", value);
        }
        p.expect(TokKind::Colon, ":")?;
        state.result_types.push(p.parse_type()?);
        Ok(())
    });
    poison.print = Some(|p, op| {
        p.print_optional_attr_dict(op, &["value"]);
        p.write(" : ");
        if let Some(&r) = p.ctx.results(op).first() {
            p.print_type(p.ctx.value_type(r));
        }
    });
    reg.register(poison);
}

/// How many regions, results, successors and operands each op has (as `mlir-opt-22` checks
/// them), declared for the verifier's count check.
pub(crate) const COUNTS: &[(&str, OpCounts)] = &[
    ("ub.poison", OpCounts::new(Exactly(1), Exactly(0))),
    ("ub.unreachable", OpCounts::new(Exactly(0), Exactly(0))),
];
