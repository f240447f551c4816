//! Which buffer an ownership indicator owns: its *carrier*, a memref known statically. The
//! carrier of `own %m` is `%m`, of a retain's k-th result the k-th retained memref, of the
//! k-th indicator among an op's results or a block's arguments the k-th memref of that list
//! (the order `hlo-deallocate` appends them in), of a value merged from several (a region
//! result without memrefs, a `select`) the one carrier they share; `null` has none.
//!
//! The final lowering frees an indicator through its carrier; `hlo-deallocation-to-scf`
//! decides the comparisons of a retained memref with an indicator it carries without code.

use ir::dialects::arith::SelectOp;
use ir::dialects::deallocation::{NullOp, OwnOp, RetainOp, is_ownership_type};
use ir::{Context, Diagnostic, OpView, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::flow::{Pairings, Predecessors, incoming};

/// The carriers of ownership values, remembered. Valid while the values they were computed
/// from (their definitions and the control flow reaching them) do not change.
#[derive(Default)]
pub struct Carriers {
    known: FxHashMap<Value, Option<Value>>,
    pending: FxHashSet<Value>,
    pairings: Pairings,
    preds: Predecessors,
}

impl Carriers {
    /// The memref whose allocation `v` owns when it is set (`None`: `v` is always null); an
    /// error when its origins disagree or it has none the lowering can follow.
    pub fn of(&mut self, ctx: &Context, v: Value) -> Result<Option<Value>, Diagnostic> {
        if let Some(&c) = self.known.get(&v) {
            return Ok(c);
        }
        if let Some(c) = self.direct(ctx, v) {
            self.known.insert(v, c);
            return Ok(c);
        }
        if !self.pending.insert(v) {
            return Ok(None);
        }
        let c = self.merged(ctx, v);
        self.pending.remove(&v);
        let c = c?;
        self.known.insert(v, c);
        Ok(c)
    }

    /// The carrier of `v` when its definition gives it without asking other values': an
    /// `own`, a `null`, a retain's result, or a value paired with a memref of its list.
    fn direct(&mut self, ctx: &Context, v: Value) -> Option<Option<Value>> {
        if let ValueDef::Result { op, index } = ctx.value_def(v) {
            if let Some(own) = OwnOp::of(ctx, op) {
                return Some(Some(own.memref(ctx)));
            }
            if NullOp::is(ctx, op) {
                return Some(None);
            }
            if let Some(retain) = RetainOp::of(ctx, op) {
                return Some(retain.retained(ctx).nth(index as usize));
            }
        }
        // A select's one result pairs with no memref.
        let paired = self
            .pairings
            .of(ctx, v, |x| is_ownership_type(ctx, ctx.value_type(x)))?;
        Some(Some(paired))
    }

    /// The carrier `v` merges from several values: a select's sides, or its incoming values.
    fn merged(&mut self, ctx: &Context, v: Value) -> Result<Option<Value>, Diagnostic> {
        if let ValueDef::Result { op, .. } = ctx.value_def(v)
            && let Some(select) = SelectOp::of(ctx, op)
        {
            let sources = [select.true_value(ctx), select.false_value(ctx)];
            return self.join(ctx, v, &sources);
        }
        match incoming(ctx, v, &mut self.preds) {
            Some(sources) => self.join(ctx, v, &sources),
            None => Err(no_carrier(ctx, v)),
        }
    }

    /// The carrier all `sources` share (ignoring null ones).
    fn join(
        &mut self,
        ctx: &Context,
        v: Value,
        sources: &[Value],
    ) -> Result<Option<Value>, Diagnostic> {
        let mut found: Option<Value> = None;
        for &s in sources {
            match (self.of(ctx, s)?, found) {
                (Some(c), Some(f)) if c != f => return Err(no_carrier(ctx, v)),
                (Some(c), _) => found = Some(c),
                (None, _) => {}
            }
        }
        Ok(found)
    }
}

/// The error for an indicator without a carrier, located at its definition.
fn no_carrier(ctx: &Context, v: Value) -> Diagnostic {
    let loc = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => ctx.op_loc(op),
        ValueDef::BlockArg { block, .. } => ctx
            .block_parent_op(block)
            .map_or(ctx.unknown_loc(), |p| ctx.op_loc(p)),
        ValueDef::Placeholder => ctx.unknown_loc(),
    };
    Diagnostic::error(
        loc,
        "cannot tell which buffer this ownership indicator owns; the lowering needs the \
         indicators in the order hlo-deallocate produces",
    )
}
