//! `hlo-deallocate-and-lower`: the four steps of the MLIR-HLO strategy the
//! `hlo-deallocation-pipeline` runs, as one pass: `hlo-deallocate`,
//! `hlo-deallocation-simplification` and `hlo-deallocation-to-scf{decide-statically}` on each
//! function, then `hlo-lower-deallocation`.
//!
//! Each step does exactly what its own pass does, in the same order; what one pass saves over
//! four is the verification of the IR between them (the pass manager verifies the ops a pass
//! touched before the next one runs): the `deallocation` ops each step emits are replaced by
//! the next, and verifying them cost about as much as running the steps. The steps are each
//! verified on their own by their passes' tests, and the pass's output is verified as every
//! pass's is.

use ir::{Context, Op, TransformResult};

use crate::{
    HloDeallocateOptions, HloLowerOptions, HloSimplificationOptions, HloToScfOptions,
    hlo_deallocate, hlo_deallocation_simplification, hlo_deallocation_to_scf,
    hlo_lower_deallocation,
};

/// The options of [`hlo_deallocate_and_lower`] (it has none: the steps run with the options
/// the `hlo-deallocation-pipeline` gives them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HloDeallocateAndLowerOptions;

/// `hlo-deallocate-and-lower` on `root` (a module, or one function): the steps the
/// per-function passes take run on `root` if it is a function, else on each function in it,
/// those of nested modules included (run as separate passes, anchored on the functions
/// directly in the module, they left nested modules to the generic retain helper).
pub fn hlo_deallocate_and_lower(
    ctx: &mut Context,
    root: Op,
    _options: &HloDeallocateAndLowerOptions,
) -> TransformResult {
    let mut changed = hlo_deallocate(ctx, root, &HloDeallocateOptions::default())?;
    let functions = crate::deallocate::functions(ctx, root);
    for &func in &functions {
        changed |= hlo_deallocation_simplification(ctx, func, &HloSimplificationOptions)?;
    }
    let to_scf = HloToScfOptions {
        decide_statically: true,
    };
    for &func in &functions {
        changed |= hlo_deallocation_to_scf(ctx, func, &to_scf)?;
    }
    let lowered = hlo_lower_deallocation(ctx, root, &HloLowerOptions)?;
    Ok(changed | lowered)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::parser::{ParseOptions, parse_module};
    use ir::asm::{PrintOptions, print_module};

    /// Parses `text` into a fresh context.
    fn parse(text: &str) -> (Context, Op) {
        let mut ctx = Context::new();
        let module = parse_module(&mut ctx, "t.mlir", text, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        (ctx, module)
    }

    const PROGRAM: &str = "func.func @f(%c: i1) -> memref<2xf32> {\n  %a = memref.alloc() : memref<2xf32>\n  %b = memref.alloc() : memref<2xf32>\n  %r = scf.if %c -> (memref<2xf32>) {\n    scf.yield %a : memref<2xf32>\n  } else {\n    scf.yield %b : memref<2xf32>\n  }\n  return %r : memref<2xf32>\n}\nfunc.func @g() {\n  %a = memref.alloc() : memref<2xf32>\n  return\n}\n";

    #[test]
    fn one_pass_gives_what_the_four_give() {
        let (mut fused, module) = parse(PROGRAM);
        let changed = hlo_deallocate_and_lower(&mut fused, module, &Default::default());
        assert!(changed.expect("lowers").is_yes());
        let (mut steps, module2) = parse(PROGRAM);
        hlo_deallocate(&mut steps, module2, &HloDeallocateOptions::default()).expect("step 1");
        for func in crate::deallocate::functions(&steps, module2) {
            hlo_deallocation_simplification(&mut steps, func, &HloSimplificationOptions)
                .expect("step 2");
        }
        let to_scf = HloToScfOptions {
            decide_statically: true,
        };
        for func in crate::deallocate::functions(&steps, module2) {
            hlo_deallocation_to_scf(&mut steps, func, &to_scf).expect("step 3");
        }
        hlo_lower_deallocation(&mut steps, module2, &HloLowerOptions).expect("step 4");
        let print = |ctx: &Context, m: Op| print_module(ctx, m, &PrintOptions::default());
        assert_eq!(print(&fused, module), print(&steps, module2));
        assert!(!print(&fused, module).contains("deallocation."));
    }
}
