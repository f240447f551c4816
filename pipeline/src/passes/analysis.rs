//! Analysis printers: `--test-print-dominance`, `--test-print-liveness`,
//! `--test-print-buffer-origin`. Each runs on every `func.func`, never changes the IR, and
//! appends its dump (from `analysis::print`) to the pass's stdout.

use ir::{Context, Op};

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "test-print-dominance",
            summary: "Print the dominance information for multiple regions.",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("test-print-dominance")?;
                Ok(Box::new(PrintPass {
                    name: "test-print-dominance",
                    print: analysis::print::print_dominance,
                }))
            }),
        },
        PassInfo {
            name: "test-print-liveness",
            summary: "Print the contents of a constructed liveness information.",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("test-print-liveness")?;
                Ok(Box::new(PrintPass {
                    name: "test-print-liveness",
                    print: analysis::print::print_liveness,
                }))
            }),
        },
        PassInfo {
            name: "test-print-buffer-origin",
            summary: "Print terminal buffers and same-allocation answers of the buffer origin analysis.",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("test-print-buffer-origin")?;
                Ok(Box::new(PrintPass {
                    name: "test-print-buffer-origin",
                    print: analysis::print::print_buffer_origin,
                }))
            }),
        },
    ]
}

/// A pass that prints one analysis of each function.
struct PrintPass {
    name: &'static str,
    print: fn(&Context, Op) -> String,
}

impl Pass for PrintPass {
    fn name(&self) -> &'static str {
        self.name
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, ctx: &mut Context, op: Op, out: &mut PassOutput) -> Result<(), PassFailed> {
        out.stdout.push_str(&(self.print)(ctx, op));
        Ok(())
    }
}
