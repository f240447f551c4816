//! Simplification passes: `canonicalize`, `cse`, `buffer-deallocation-simplification`; and the `buffer-deallocation-pipeline`.

use ir::{Context, Op};
use simplify::CanonicalizeConfig;

use crate::pass::{Pass, PassFailed, PassInfo, PassKind, PassOutput};

/// The passes of this family.
pub fn all() -> Vec<PassInfo> {
    vec![
        PassInfo {
            name: "canonicalize",
            summary: "Canonicalize operations",
            options: &[
                (
                    "max-iterations",
                    "Max. iterations between applying patterns / simplifying regions",
                ),
                (
                    "region-simplify",
                    "Perform control flow optimizations to the region tree",
                ),
                (
                    "test-convergence",
                    "Test only: Fail pass on non-convergence to detect cyclic pattern",
                ),
            ],
            kind: PassKind::Pass(|mut o| {
                let max_iterations = o.take_int("max-iterations", 10)?.max(1) as usize;
                let region_simplify = match o.take("region-simplify").as_deref() {
                    None | Some("normal") | Some("aggressive") | Some("true") | Some("") => true,
                    Some("disabled") | Some("false") => false,
                    Some(v) => {
                        return Err(format!("invalid value '{v}' for option 'region-simplify'"));
                    }
                };
                let test_convergence = o.take_bool("test-convergence", false)?;
                o.finish("canonicalize")?;
                Ok(Box::new(Canonicalize {
                    config: CanonicalizeConfig {
                        max_iterations,
                        region_simplify,
                    },
                    test_convergence,
                }))
            }),
        },
        PassInfo {
            name: "cse",
            summary: "Eliminate common sub-expressions",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("cse")?;
                Ok(Box::new(Cse))
            }),
        },
        PassInfo {
            name: "buffer-deallocation-simplification",
            summary: "Optimizes `bufferization.dealloc` operation for more efficient codegen",
            options: &[],
            kind: PassKind::Pass(|o| {
                o.finish("buffer-deallocation-simplification")?;
                Ok(Box::new(DeallocSimplification))
            }),
        },
        PassInfo {
            name: "buffer-deallocation-pipeline",
            summary: "The default pipeline for automatically inserting deallocation operations after one-shot bufferization. Deallocation operations (except `memref.realloc`) may not be present already.",
            options: &[(
                "private-function-dynamic-ownership",
                "Allows to add additional results to private functions to return ownership of returned memrefs to callers. This can avoid spurious buffer clones in the callee.",
            )],
            kind: PassKind::Pipeline(|o| {
                let dynamic = o.take_bool("private-function-dynamic-ownership", false)?;
                Ok(format!(
                    "expand-realloc{{emit-deallocs=false}},canonicalize,ownership-based-buffer-deallocation{{private-function-dynamic-ownership={dynamic}}},canonicalize,buffer-deallocation-simplification,bufferization-lower-deallocations,cse,canonicalize"
                ))
            }),
        },
    ]
}

/// `canonicalize`.
struct Canonicalize {
    config: CanonicalizeConfig,
    test_convergence: bool,
}

impl Pass for Canonicalize {
    fn name(&self) -> &'static str {
        "canonicalize"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        let report = simplify::canonicalize(ctx, op, &self.config);
        if self.test_convergence && report.reason != simplify::StopReason::Converged {
            return Err(PassFailed::single(ir::Diagnostic::error(
                ctx.op_loc(op),
                "Canonicalizer failed to converge",
            )));
        }
        Ok(())
    }
}

/// `cse`.
struct Cse;

impl Pass for Cse {
    fn name(&self) -> &'static str {
        "cse"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        simplify::cse(ctx, op);
        Ok(())
    }
}

/// `buffer-deallocation-simplification`.
struct DeallocSimplification;

impl Pass for DeallocSimplification {
    fn name(&self) -> &'static str {
        "buffer-deallocation-simplification"
    }
    fn run(&self, ctx: &mut Context, op: Op, _: &mut PassOutput) -> Result<(), PassFailed> {
        simplify::simplify_deallocations(ctx, op);
        Ok(())
    }
}
