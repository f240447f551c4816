//! What a transformation returns: whether it changed the IR, or the errors that stopped it.
//!
//! Every pass's library entry function has the one shape
//! `fn(ctx: &mut Context, root: Op, options: &TheOptions) -> TransformResult`, so the pass
//! manager, tests and tools call all of them alike.

use std::ops::{BitOr, BitOrAssign};

use crate::{Context, Diagnostic};

/// Whether a transformation changed the IR.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Changed {
    /// The IR is exactly as it was.
    #[default]
    No,
    /// Something was created, erased, moved or rewired.
    Yes,
}

impl Changed {
    /// `Yes` when `changed` holds.
    pub fn from_bool(changed: bool) -> Self {
        if changed { Changed::Yes } else { Changed::No }
    }

    /// `Yes` when the context's structure changed since it was at `epoch`
    /// ([`Context::epoch`]). Attribute-only and location-only edits are not structural: a
    /// transformation making only those reports them itself.
    pub fn since_epoch(ctx: &Context, epoch: u64) -> Self {
        Changed::from_bool(ctx.epoch() != epoch)
    }

    /// Whether the IR changed.
    pub fn is_yes(self) -> bool {
        self == Changed::Yes
    }
}

impl BitOr for Changed {
    type Output = Changed;

    fn bitor(self, other: Changed) -> Changed {
        Changed::from_bool(self.is_yes() || other.is_yes())
    }
}

impl BitOrAssign for Changed {
    fn bitor_assign(&mut self, other: Changed) {
        *self = *self | other;
    }
}

/// The result of a transformation: whether it changed the IR, or every error it reported
/// (already located at ops).
pub type TransformResult = Result<Changed, Vec<Diagnostic>>;

/// Runs `transform` and reports whether it changed the structure of the IR
/// ([`Changed::since_epoch`]): the adapter for transformations that do not count their changes.
pub fn track_changes(
    ctx: &mut Context,
    transform: impl FnOnce(&mut Context) -> Result<(), Vec<Diagnostic>>,
) -> TransformResult {
    let epoch = ctx.epoch();
    transform(ctx)?;
    Ok(Changed::since_epoch(ctx, epoch))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LocData;

    #[test]
    fn structural_edits_count_as_changes() {
        let mut ctx = Context::new();
        let before = ctx.epoch();
        assert_eq!(Changed::since_epoch(&ctx, before), Changed::No);
        let unknown = ctx.loc(LocData::Unknown);
        ir_module(&mut ctx, unknown);
        assert_eq!(Changed::since_epoch(&ctx, before), Changed::Yes);
    }

    #[test]
    fn tracked_transforms_report_their_changes() {
        let mut ctx = Context::new();
        assert_eq!(track_changes(&mut ctx, |_| Ok(())), Ok(Changed::No));
        let unknown = ctx.loc(LocData::Unknown);
        let changed = track_changes(&mut ctx, |ctx| {
            ir_module(ctx, unknown);
            Ok(())
        });
        assert_eq!(changed, Ok(Changed::Yes));
        let failed = track_changes(&mut ctx, |_| Err(vec![Diagnostic::error(unknown, "no")]));
        assert_eq!(failed.map_err(|e| e.len()), Err(1));
    }

    #[test]
    fn or_keeps_any_change() {
        assert_eq!(Changed::No | Changed::No, Changed::No);
        assert_eq!(Changed::No | Changed::Yes, Changed::Yes);
        let mut c = Changed::Yes;
        c |= Changed::No;
        assert!(c.is_yes());
    }

    fn ir_module(ctx: &mut Context, loc: crate::Loc) -> crate::Op {
        let name = ctx
            .registry
            .lookup("builtin.module")
            .expect("builtin.module is registered");
        let mut state = crate::OpState::new(name, loc);
        ctx.create_op_reusing(&mut state)
    }
}
