//! Typed views of the `builtin` ops that passes inspect.
//!
//! ```text
//! module @m {          // ModuleOp::body(ctx) is the block holding the functions
//!   func.func @f() { ... }
//! }
//! ```

use crate::context::Context;
use crate::dialects::syntax::str_attr;
use crate::entity::Block;
use crate::op_view;

op_view!(
    /// `builtin.module`: the top-level container, a symbol table of one block.
    ModuleOp,
    "builtin.module"
);

impl ModuleOp {
    /// The module's optional name.
    pub fn sym_name(self, ctx: &Context) -> Option<&str> {
        str_attr(ctx, self.0, "sym_name")
    }

    /// The block holding the module's ops.
    pub fn body(self, ctx: &Context) -> Option<Block> {
        ctx.entry_block(*ctx.regions(self.0).first()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asm::{ParseOptions, parse_module};
    use crate::dialects::view::OpView;

    #[test]
    fn module_body_and_name() {
        let mut ctx = Context::new();
        let src = "module @m {\n  func.func private @g()\n}\n";
        let root = parse_module(&mut ctx, "t.mlir", src, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        let module = ModuleOp::of(&ctx, root).expect("a module");
        assert_eq!(module.sym_name(&ctx), Some("m"));
        let body = module.body(&ctx).expect("a body");
        let first = ctx.first_op(body).expect("one op");
        assert_eq!(ctx.op_name_str(first), "func.func");
        assert!(!ModuleOp::is(&ctx, first));
    }
}
