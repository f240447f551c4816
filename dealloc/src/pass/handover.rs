//! Ownership handed into private callees: a private function owns the arguments every call of
//! it hands over (`analysis::handover`: a heap buffer the calling block allocates and nothing
//! uses after the call), frees each after its last use there, and the caller stops owning the
//! buffer at the call. The buffer then takes no room while the callee allocates after its last
//! use. This is what `private-function-dynamic-ownership` reaches with an extra `i1` argument,
//! decided here statically so that no signature changes (and not done with that option).
//!
//! ```text
//! func.func private @f(%m: memref<4xf32>) {    // %m is owned here: freed after its last use
//!   ... uses of %m ...
//!   %t = memref.alloc() : memref<64xf32>       // %m no longer takes room
//! }
//! %a = memref.alloc() : memref<4xf32>
//! call @f(%a) : (memref<4xf32>) -> ()         // the caller does not free %a afterwards
//! ```
//!
//! An owned argument is a different buffer from every other argument and allocation of the
//! callee, which the deallocation simplification knows from the same analysis, so its free
//! needs no comparison of pointers.

use analysis::handover::{
    HandedOver, cast_sources, direct_call, handed_over_arguments, may_receive_handed_over,
};
use ir::{Block, Context, Op, OpView};

use super::{DeallocOptions, DeallocState};
use crate::ownership::Ownership;

/// Per private function (its op), the positions of the arguments it owns.
pub(crate) type OwnedArguments = HandedOver;

/// The arguments each private function of `root` owns (none with dynamic ownership). `funcs`
/// are the functions with a body among those of `root` (more do no harm): when none of them
/// may own an argument ([`may_own_an_argument`]), no function does, and the module is not
/// walked again for the calls.
pub(crate) fn owned_arguments(
    ctx: &Context,
    root: Op,
    funcs: &[Op],
    options: &DeallocOptions,
) -> OwnedArguments {
    if options.private_function_dynamic_ownership
        || !funcs.iter().any(|&func| may_own_an_argument(ctx, func))
    {
        return OwnedArguments::default();
    }
    handed_over_arguments(ctx, root)
}

/// Whether `func` (alive) may own arguments its calls hand over, as the analysis decides
/// ([`may_receive_handed_over`]).
fn may_own_an_argument(ctx: &Context, func: Op) -> bool {
    ctx.is_alive(func) && may_receive_handed_over(ctx, func)
}

impl DeallocState<'_> {
    /// Whether the function being processed owns its argument at `position`.
    pub(super) fn owns_argument(&self, position: usize) -> bool {
        self.owned_args
            .get(&self.func)
            .is_some_and(|positions| positions.contains(&position))
    }

    /// At a call of a function owning some of its arguments: the calling block stops owning
    /// the buffers passed there (and the casts leading to them).
    pub(super) fn hand_over_arguments(&mut self, call: Op, block: Block) {
        // No callee owns an argument (the callee's name is not even read).
        if self.owned_args.is_empty() {
            return;
        }
        let Some((name, args)) = direct_call(self.ctx, call) else {
            return;
        };
        let Some(callee) = self.symbols.get(&name) else {
            return;
        };
        let Some(positions) = self.owned_args.get(&callee.op()) else {
            return;
        };
        let f = self.bool_const(block, false);
        for &position in positions {
            let value = self.ctx.operand(call, args.start + position);
            tracing::debug!(
                at = %ir::diag::loc_text(self.ctx, self.ctx.op_loc(call)),
                position,
                "ownership of a call argument moves into the private callee"
            );
            let chain = cast_sources(self.ctx, value, block);
            for v in std::iter::once(value).chain(chain) {
                self.set(v, Ownership::Unique(f), block);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::asm::{ParseOptions, parse_module};
    use ir::dialects::func::FuncOp;

    /// The screen before the module's calls are looked at loses no owned argument: where a
    /// private function takes a buffer, the arguments are the analysis's; where none does,
    /// there are none (and the analysis is not asked: without the private function among the
    /// functions screened, none is owned).
    #[test]
    fn the_screen_keeps_every_owned_argument() {
        let caller = "func.func @main() {\n  %a = memref.alloc() : memref<4xf32>\n  \
                      call @f(%a) : (memref<4xf32>) -> ()\n  return\n}\n";
        let cases = [
            (
                "func.func private @f(%m: memref<4xf32>) {\n  return\n}\n",
                true,
            ),
            ("func.func @f(%m: memref<4xf32>) {\n  return\n}\n", false),
        ];
        for (callee, owned) in cases {
            let mut ctx = Context::new();
            let src = format!("{callee}{caller}");
            let root = parse_module(&mut ctx, "input.mlir", &src, &ParseOptions::default())
                .unwrap_or_else(|d| panic!("test input does not parse: {}", d.message));
            let funcs: Vec<Op> = ctx
                .walk_preorder(root)
                .into_iter()
                .filter(|&op| FuncOp::of(&ctx, op).is_some_and(|f| f.has_body(&ctx)))
                .collect();
            let expected = handed_over_arguments(&ctx, root);
            assert_eq!(!expected.is_empty(), owned, "{callee}");
            let options = DeallocOptions::default();
            assert_eq!(owned_arguments(&ctx, root, &funcs, &options), expected);
            assert!(owned_arguments(&ctx, root, &funcs[1..], &options).is_empty());
        }
    }
}
