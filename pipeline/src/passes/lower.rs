//! Lowering passes: `bufferization-lower-deallocations`, `convert-bufferization-to-memref`.

use ir::{Context, Op};

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "bufferization-lower-deallocations",
            summary: "Lowers bufferization.dealloc operations to memref.dealloc operations",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("bufferization-lower-deallocations")?;
                Ok(Box::new(LowerDeallocations))
            }),
        },
        PassInfo {
            name: "convert-bufferization-to-memref",
            summary: "Convert operations from the Bufferization dialect to the MemRef dialect",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("convert-bufferization-to-memref")?;
                Ok(Box::new(ConvertBufferizationToMemRef))
            }),
        },
    ]
}

/// `bufferization-lower-deallocations`.
struct LowerDeallocations;

impl Pass for LowerDeallocations {
    fn name(&self) -> &'static str {
        "bufferization-lower-deallocations"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        lower_dealloc::lower_deallocations(ctx, op)
            .map_err(|diagnostics| PassFailed { diagnostics })
    }
}

/// `convert-bufferization-to-memref`.
struct ConvertBufferizationToMemRef;

impl Pass for ConvertBufferizationToMemRef {
    fn name(&self) -> &'static str {
        "convert-bufferization-to-memref"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        lower_dealloc::convert_bufferization_to_memref(ctx, op)
            .map_err(|diagnostics| PassFailed { diagnostics })
    }
}
