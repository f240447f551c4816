//! Typed op views: a checked handle on an op of one kind with named accessors.
//!
//! A view is a `Copy` newtype around [`Op`] (`DeallocOp(op)`), obtained with
//! [`OpView::of`], which checks the op's name. Its accessors name the operand groups,
//! attributes and regions of that op (`DeallocOp::memrefs`), and its `build` function creates
//! the op through a [`crate::Builder`]. Views are how passes inspect and create the ops they
//! are about (their own `bufferization.dealloc`, the `arith` ops a lowering emits); ops they
//! only need to understand generally are reached through the registry's traits and
//! interfaces, so user-registered ops keep working.
//!
//! Accessors assume verified IR (the verifier checks counts and operand groups first) but
//! never panic on malformed groups: ranges are clamped to the operands that exist.

use crate::context::Context;
use crate::entity::Op;

/// A typed handle on an op of one registered kind.
pub trait OpView: Copy {
    /// The op's full name, `dialect.op`.
    const NAME: &'static str;

    /// Wraps `op` without checking its name.
    fn wrap(op: Op) -> Self;

    /// The underlying op.
    fn op(self) -> Op;

    /// `op` as this view, if it has this kind.
    fn of(ctx: &Context, op: Op) -> Option<Self> {
        (ctx.op_name_str(op) == Self::NAME).then(|| Self::wrap(op))
    }

    /// Whether `op` has this kind.
    fn is(ctx: &Context, op: Op) -> bool {
        ctx.op_name_str(op) == Self::NAME
    }
}

/// Declares a view type: `op_view!(DeallocOp, "bufferization.dealloc", "doc")`.
#[macro_export]
macro_rules! op_view {
    ($(#[$meta:meta])* $view:ident, $name:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub struct $view(pub $crate::Op);

        impl $crate::dialects::view::OpView for $view {
            const NAME: &'static str = $name;
            fn wrap(op: $crate::Op) -> Self {
                $view(op)
            }
            fn op(self) -> $crate::Op {
                self.0
            }
        }
    };
}

/// Support for the views' unit tests: build ops in a function and print the module.
#[cfg(test)]
pub(crate) mod testing {
    use crate::Builder;
    use crate::asm::{ParseOptions, PrintOptions, parse_module, print_module};
    use crate::context::Context;
    use crate::entity::Value;

    /// Parses `func.func @f(<arguments>) { return }`, runs `build` with a builder before the
    /// `return` and the function's arguments, verifies the module and prints it.
    pub(crate) fn build_in_func(
        arguments: &str,
        build: impl FnOnce(&mut Builder, &[Value]),
    ) -> String {
        let mut ctx = Context::new();
        let src = format!("func.func @f({arguments}) {{\n  return\n}}\n");
        let module = parse_module(&mut ctx, "t.mlir", &src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let ret = ctx
            .walk_preorder(module)
            .into_iter()
            .find(|&op| ctx.op_name_str(op) == "func.return")
            .expect("the function returns");
        let entry = ctx.op_parent(ret).expect("the return is in a block");
        let args = ctx.block_args(entry).to_vec();
        build(&mut Builder::before(&mut ctx, ret), &args);
        if let Err(diags) = crate::verify::verify(&ctx, module) {
            let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
            panic!("{}", messages.join("\n"));
        }
        print_module(&ctx, module, &PrintOptions::default())
    }
}
