//! Deallocation passes: `ownership-based-buffer-deallocation`, `expand-realloc`.

use dealloc::{DeallocOptions, ExpandReallocOptions};
use ir::{Context, Op};

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "ownership-based-buffer-deallocation",
            summary: "Adds all required dealloc operations for all allocations in the input program",
            options: &[(
                "private-function-dynamic-ownership",
                "Allows to add additional arguments to private functions to dynamically pass ownership of memrefs to callees. This can enable earlier deallocations.",
            )],
            kind: PassKind::Pass(|mut o| {
                let private_function_dynamic_ownership =
                    o.take_bool("private-function-dynamic-ownership", false)?;
                o.finish("ownership-based-buffer-deallocation")?;
                Ok(Box::new(OwnershipBasedDeallocation(DeallocOptions {
                    private_function_dynamic_ownership,
                })))
            }),
        },
        PassInfo {
            name: "expand-realloc",
            summary: "Expand memref.realloc operations into its components",
            options: &[(
                "emit-deallocs",
                "Emit deallocation operations for the original MemRef",
            )],
            kind: PassKind::Pass(|mut o| {
                let emit_deallocs = o.take_bool("emit-deallocs", true)?;
                o.finish("expand-realloc")?;
                Ok(Box::new(ExpandRealloc(ExpandReallocOptions {
                    emit_deallocs,
                })))
            }),
        },
    ]
}

/// `ownership-based-buffer-deallocation` on the module.
struct OwnershipBasedDeallocation(DeallocOptions);

impl Pass for OwnershipBasedDeallocation {
    fn name(&self) -> &'static str {
        "ownership-based-buffer-deallocation"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        dealloc::deallocate_buffers(ctx, op, &self.0)
            .map_err(|diagnostics| PassFailed { diagnostics })
    }
    fn options_text(&self) -> String {
        if self.0.private_function_dynamic_ownership {
            "{private-function-dynamic-ownership=true}".to_string()
        } else {
            String::new()
        }
    }
}

/// `expand-realloc` on the module.
struct ExpandRealloc(ExpandReallocOptions);

impl Pass for ExpandRealloc {
    fn name(&self) -> &'static str {
        "expand-realloc"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        dealloc::expand_realloc(ctx, op, &self.0).map_err(|diagnostics| PassFailed { diagnostics })
    }
    fn options_text(&self) -> String {
        if self.0.emit_deallocs {
            String::new()
        } else {
            "{emit-deallocs=false}".to_string()
        }
    }
}
