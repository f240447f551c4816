//! Set-up shared by the unit tests of this crate.

/// A fresh context holding `src` parsed as a module, and the module's pre-order walk; a parse
/// error fails the test with its message.
pub(crate) fn parsed_walk(src: &str) -> (ir::Context, Vec<ir::Op>) {
    let mut ctx = ir::Context::new();
    let module = ir::asm::parse_module(
        &mut ctx,
        "input.mlir",
        src,
        &ir::asm::ParseOptions::default(),
    )
    .unwrap_or_else(|d| panic!("test input does not parse: {}", d.message));
    let walk = ctx.walk_preorder(module);
    (ctx, walk)
}
