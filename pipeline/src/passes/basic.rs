//! Utility passes: `strip-debuginfo`, `verify`.

use ir::{Changed, LocData};

use crate::pass::{Declaration, Kind};

/// `strip-debuginfo`.
pub static STRIP_DEBUGINFO: Declaration<()> = Declaration {
    name: "strip-debuginfo",
    summary: "Set every op's location to loc(unknown)",
    description: "Replaces the location of the op it runs on and of every op nested in it with \
                  the unknown location, so later diagnostics no longer point into the input.",
    options: &[],
    kind: Kind::pass(|ctx, root, _, _| {
        let unknown = ctx.loc(LocData::Unknown);
        let mut changed = Changed::No;
        for op in ctx.walk_preorder(root) {
            changed |= Changed::from_bool(ctx.op_loc(op) != unknown);
            ctx.set_op_loc(op, unknown);
        }
        Ok(changed)
    }),
};

/// `verify`.
pub static VERIFY: Declaration<()> = Declaration {
    name: "verify",
    summary: "Check the IR's invariants at this point of the pipeline",
    description: "Runs the verifier on the op and everything nested in it and fails with every \
                  error found. The verifier also runs after each pass unless \
                  --verify-each=false is given.",
    options: &[],
    kind: Kind::pass(|ctx, root, _, _| ir::verify::verify(ctx, root).map(|()| Changed::No)),
};

/// This family's passes and pipelines, in declaration order.
pub(super) static FAMILY: &[&dyn crate::pass::Registered] = &[&STRIP_DEBUGINFO, &VERIFY];
