//! Utility passes: `strip-debuginfo`, `verify`.

use ir::{Context, LocData, Op};

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The utility passes.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "strip-debuginfo",
            summary: "Strip debug info (locations) from all operations",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("strip-debuginfo")?;
                Ok(Box::new(StripDebugInfo))
            }),
        },
        PassInfo {
            name: "verify",
            summary: "Run the verifier (it also runs after every pass by default)",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("verify")?;
                Ok(Box::new(VerifyPass))
            }),
        },
    ]
}

/// Replaces every op location with `loc(unknown)`.
struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn name(&self) -> &'static str {
        "strip-debuginfo"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        let unknown = ctx.loc(LocData::Unknown);
        for o in ctx.walk_preorder(op) {
            ctx.set_op_loc(o, unknown);
        }
        Ok(())
    }
}

/// Runs the verifier as a pass.
struct VerifyPass;

impl Pass for VerifyPass {
    fn name(&self) -> &'static str {
        "verify"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        ir::verify::verify(ctx, op).map_err(|diagnostics| PassFailed { diagnostics })
    }
}
