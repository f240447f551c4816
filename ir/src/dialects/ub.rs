//! The `ub` dialect: `ub.poison`, a pure constant-like op whose value is poison (any use is
//! undefined). Syntax: `ub.poison : f32`; its `value` property is `#ub.poison`.

use crate::asm::lexer::TokKind;
use crate::attrs::AttrData;
use crate::dialects::syntax::add_attr;
use crate::registry::Count::Exactly;
use crate::registry::OpCounts;
use crate::registry::{OpDef, Registry, Traits};

/// Registers the ops of this dialect.
pub fn register(reg: &mut Registry) {
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
pub(crate) const COUNTS: &[(&str, OpCounts)] =
    &[("ub.poison", OpCounts::new(Exactly(1), Exactly(0)))];
